package org.fsflow.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs that cannot share a series with the others: another scenario, or another scale, seed or
 * repetitions' settings. The group with the most runs is the history's main one; every run of
 * another group is listed with its group, and its series stay apart (the group is part of every
 * series' key).
 */
final class Groups {

    private Groups() {}

    /** The group of most runs (the first of them in a tie), "" for none. */
    static String main(List<HistoryRun> runs) {
        Map<String, List<HistoryRun>> groups = groups(runs);
        String main = "";
        for (var e : groups.entrySet()) {
            if (main.isEmpty() || e.getValue().size() > groups.get(main).size()) {
                main = e.getKey();
            }
        }
        return main;
    }

    /** Every run outside {@code main}, with its group. */
    static List<HistoryResult.Apart> apart(List<HistoryRun> runs, String main) {
        List<HistoryResult.Apart> out = new ArrayList<>();
        for (var e : groups(runs).entrySet()) {
            if (!e.getKey().equals(main)) {
                for (HistoryRun r : e.getValue()) {
                    out.add(new HistoryResult.Apart(
                            r.name(),
                            "another scenario or other settings than the main group " + main + ": " + e.getKey()
                                    + " (" + e.getValue().size() + " run"
                                    + (e.getValue().size() == 1 ? "" : "s")
                                    + "), kept in series of its own"));
                }
            }
        }
        return out;
    }

    private static Map<String, List<HistoryRun>> groups(List<HistoryRun> runs) {
        Map<String, List<HistoryRun>> groups = new LinkedHashMap<>();
        runs.forEach(
                r -> groups.computeIfAbsent(r.group(), k -> new ArrayList<>()).add(r));
        return groups;
    }
}
