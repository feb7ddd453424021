package org.fsflow.summary;

import java.util.List;
import org.fsflow.scenario.SourceSection;

/**
 * The verdicts of every finding of a run's source, in the source's order, and where the findings
 * came from.
 *
 * @param section  the source section judged
 * @param from     the file the findings were read from, as named ({@code scenario.yaml},
 *                 {@code scenarios/cds-2009.yaml})
 * @param sha256   that file's digest (of the file the section was first taken from), "" if unknown
 * @param verdicts one per finding
 */
public record VerdictTable(SourceSection section, String from, String sha256, List<Verdict> verdicts) {

    /** Copies the list. */
    public VerdictTable {
        verdicts = List.copyOf(verdicts);
    }

    /** How many findings got {@code outcome}. */
    public int count(Verdict.Outcome outcome) {
        return (int) verdicts.stream().filter(v -> v.outcome() == outcome).count();
    }

    /** How many findings of class {@code kind} got {@code outcome}. */
    public int count(FindingClass kind, Verdict.Outcome outcome) {
        return (int) verdicts.stream()
                .filter(v -> v.triage().kind() == kind && v.outcome() == outcome)
                .count();
    }

    /** How many findings are of class {@code kind}. */
    public int count(FindingClass kind) {
        return (int) verdicts.stream().filter(v -> v.triage().kind() == kind).count();
    }

    /**
     * "k of n testable findings reproduced, m contradicted, j inconclusive" (and d in direction
     * only, when any), then the other classes counted apart: "counted apart: 12 era-bound, 88
     * below-resolution, 43 emulated (9 of them reproduced)"; last, those whose cells the run did not
     * have: "; 41 not run".
     */
    public String headline() {
        int n = count(FindingClass.TESTABLE);
        int direction = count(FindingClass.TESTABLE, Verdict.Outcome.DIRECTION_ONLY);
        StringBuilder s = new StringBuilder();
        s.append(count(FindingClass.TESTABLE, Verdict.Outcome.REPRODUCED))
                .append(" of ")
                .append(n)
                .append(" testable finding")
                .append(n == 1 ? "" : "s")
                .append(" reproduced")
                .append(direction > 0 ? ", " + direction + " in direction only" : "")
                .append(", ")
                .append(count(FindingClass.TESTABLE, Verdict.Outcome.CONTRADICTED))
                .append(" contradicted, ")
                .append(count(FindingClass.TESTABLE, Verdict.Outcome.INCONCLUSIVE))
                .append(" inconclusive");
        List<String> apart = new java.util.ArrayList<>();
        int reproduced = 0;
        for (FindingClass kind : FindingClass.values()) {
            if (kind != FindingClass.TESTABLE && kind != FindingClass.NOT_RUN && count(kind) > 0) {
                apart.add(count(kind) + " " + kind.label());
                reproduced += count(kind, Verdict.Outcome.REPRODUCED);
            }
        }
        if (!apart.isEmpty()) {
            s.append("; counted apart: ")
                    .append(String.join(", ", apart))
                    .append(" (")
                    .append(reproduced)
                    .append(" of them reproduced)");
        }
        if (count(FindingClass.NOT_RUN) > 0) {
            s.append("; ").append(count(FindingClass.NOT_RUN)).append(" not run");
        }
        return s.toString();
    }
}
