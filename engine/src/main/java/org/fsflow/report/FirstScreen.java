package org.fsflow.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.result.RunConditions;
import org.fsflow.result.RunEnvironment;
import org.fsflow.scenario.Scales;
import org.fsflow.summary.FindingClass;
import org.fsflow.summary.Numbers;
import org.fsflow.summary.Verdict;
import org.fsflow.summary.VerdictTable;

/**
 * What a report against a source says before its tables: a few sentences generated from the run
 * (what was compared, on what machine, what held among the testable findings) and the conditions
 * a reader must know first as badges (TCG guests, scales, a memory budget). Each comes from the
 * run's records; none is written by hand.
 *
 * @param sentences the answer, one sentence each
 * @param badges    short condition labels, in a fixed order
 */
record FirstScreen(List<String> sentences, List<String> badges) {

    private static final int NAMED = 4;

    static FirstScreen of(VerdictTable table, RunEnvironment env) {
        return new FirstScreen(sentences(table, env), badges(table, env));
    }

    private static List<String> sentences(VerdictTable t, RunEnvironment env) {
        Set<String> sides = new LinkedHashSet<>();
        Set<String> steps = new LinkedHashSet<>();
        int notRun = t.count(FindingClass.NOT_RUN);
        for (Verdict v : t.verdicts()) {
            if (v.triage().kind() == FindingClass.NOT_RUN) {
                continue; // a side it names may be no cell of this run
            }
            sides.add(v.finding().numerator());
            sides.add(v.finding().denominator());
            if (v.finding().step() != null) {
                steps.add(v.finding().step());
            }
        }
        List<String> out = new ArrayList<>();
        out.add("This run measured " + String.join(", ", sides) + (steps.isEmpty() ? "" : " on " + list(steps, "steps"))
                + (notRun == 0
                        ? " and tested the source's " + t.verdicts().size() + " findings against it."
                        : " and tested " + (t.verdicts().size() - notRun) + " of the source's "
                                + t.verdicts().size() + " findings against it (the other "
                                + (notRun == 1 ? "compares" : notRun + " compare") + " cells it did not run)."));
        out.add(machine(env, t));
        out.add(held(t));
        return out;
    }

    private static String machine(RunEnvironment env, VerdictTable t) {
        StringBuilder s = new StringBuilder("It ran on ");
        s.append(env.cpuCores() != null ? env.cpuCores() + " cores" : "a host");
        if (env.memoryBytes() != null) {
            s.append(" with ").append(Numbers.bytes(env.memoryBytes())).append(" of RAM");
        }
        if (env.kernel() != null) {
            s.append(", under Linux ").append(env.kernel());
        }
        Map<String, Integer> guests = guests(t);
        if (!guests.isEmpty()) {
            List<String> each = new ArrayList<>();
            guests.forEach((place, n) -> each.add(n + (n == 1 ? " finding" : " findings") + " in a " + place));
            s.append("; measured in guests: ").append(String.join(", ", each));
        }
        return s.append('.').toString();
    }

    private static String held(VerdictTable t) {
        List<Verdict> testable = t.verdicts().stream()
                .filter(v -> v.triage().kind() == FindingClass.TESTABLE)
                .toList();
        if (testable.isEmpty()) {
            return "None of the findings is one a modern machine can be expected to reproduce: each is "
                    + "counted in its own class below.";
        }
        List<String> parts = new ArrayList<>();
        for (Verdict.Outcome o : Verdict.Outcome.values()) {
            List<String> ids = testable.stream()
                    .filter(v -> v.outcome() == o)
                    .map(v -> v.finding().id())
                    .toList();
            if (ids.isEmpty()) {
                continue;
            }
            String text = ids.size() + " " + o.label();
            if (o == Verdict.Outcome.INCONCLUSIVE) {
                long more = testable.stream()
                        .filter(v -> v.outcome() == o
                                && v.power() != null
                                && v.power().decidable())
                        .count();
                text += more == 0
                        ? " (none that more repetitions, at most " + org.fsflow.result.Sensitivity.MAX_REPETITIONS
                                + " per side, would decide)"
                        : " (more repetitions, at most " + org.fsflow.result.Sensitivity.MAX_REPETITIONS
                                + " per side, would decide " + more + " of them)";
            } else {
                text += " (" + String.join(", ", ids.subList(0, Math.min(NAMED, ids.size())))
                        + (ids.size() > NAMED ? ", …" : "") + ")";
            }
            parts.add(text);
        }
        return "Of its " + testable.size() + " testable findings: " + String.join("; ", parts) + ".";
    }

    private static List<String> badges(VerdictTable t, RunEnvironment env) {
        List<String> out = new ArrayList<>();
        guests(t).keySet().forEach(out::add);
        RunEnvironment.Settings s = env.settings();
        if (s != null && s.scales() != null && !s.scales().equals(Scales.FULL)) {
            out.add(s.scales().options());
        }
        RunConditions c = env.conditions();
        if (c != null && c.memoryBudget() != null && c.memoryBudget().bytes() != null) {
            out.add("memory budget " + Numbers.bytes((double) c.memoryBudget().bytes()));
        }
        if (s != null
                && s.provenance() != null
                && Boolean.TRUE.equals(s.provenance().dirty())) {
            out.add("uncommitted changes");
        }
        return out;
    }

    // each guest place a finding's side ran in, with its count of findings, in first-seen order
    private static Map<String, Integer> guests(VerdictTable t) {
        Map<String, Integer> out = new java.util.LinkedHashMap<>();
        for (Verdict v : t.verdicts()) {
            String place = v.numerator().place();
            if (place != null && !place.equals("host")) {
                out.merge(place, 1, Integer::sum);
            }
        }
        return out;
    }

    private static String list(Set<String> names, String noun) {
        List<String> all = new ArrayList<>(names);
        if (all.size() > 6) {
            return all.size() + " " + noun + " (" + String.join(", ", all.subList(0, 6)) + ", …)";
        }
        return noun.substring(0, noun.length() - 1) + (all.size() == 1 ? " " : "s ") + String.join(", ", all);
    }
}
