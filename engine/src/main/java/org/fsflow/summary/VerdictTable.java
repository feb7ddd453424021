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

    /** "k of n findings reproduced, m contradicted, j inconclusive" (and d in direction only, when any). */
    public String headline() {
        int n = verdicts.size();
        int direction = count(Verdict.Outcome.DIRECTION_ONLY);
        return count(Verdict.Outcome.REPRODUCED) + " of " + n + " finding" + (n == 1 ? "" : "s") + " reproduced"
                + (direction > 0 ? ", " + direction + " in direction only" : "") + ", "
                + count(Verdict.Outcome.CONTRADICTED) + " contradicted, " + count(Verdict.Outcome.INCONCLUSIVE)
                + " inconclusive";
    }
}
