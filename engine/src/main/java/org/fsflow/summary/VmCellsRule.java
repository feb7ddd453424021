package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fsflow.result.Measurement;
import org.fsflow.result.Series;

/**
 * Cells that ran in a VM: which ones, under which kernel and accelerator, and that they are
 * ranked only among themselves (compare a filesystem with the control cells of the same VM).
 */
public final class VmCellsRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        Map<String, Set<String>> byPlace = new TreeMap<>();
        boolean host = false;
        for (Series s : evidence.results().series()) {
            for (Measurement m : s.facts().places()) {
                String place = Places.of(m);
                if (place.equals(Places.HOST)) {
                    host = true;
                } else {
                    byPlace.computeIfAbsent(place, k -> new TreeSet<>())
                            .add(Columns.label(s.key().cell()));
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : byPlace.entrySet()) {
            out.add(WarningRule.firstSix(new ArrayList<>(e.getValue())) + " ran in a " + e.getKey()
                    + (e.getKey().endsWith("(tcg)") ? ", an emulated CPU several times slower than the host" : "")
                    + ": they are ranked only among themselves"
                    + (host
                            ? ", never against the host's columns; "
                                    + "compare a filesystem with the control cells of the same VM."
                            : "."));
        }
        return out;
    }
}
