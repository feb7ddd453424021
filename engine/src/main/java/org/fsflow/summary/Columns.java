package org.fsflow.summary;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Collectors;
import org.fsflow.plan.Cell;
import org.fsflow.scenario.Matrix;

/** The columns of a dataset's tables: a cell's axes other than the dataset, and their order. */
final class Columns {

    private Columns() {}

    /** The column label of {@code cell}: its values other than the dataset ({@code xfs}, {@code xfs/4}), or "all". */
    static String label(Cell cell) {
        String label = cell.coordinates().entrySet().stream()
                .filter(e -> !e.getKey().equals(Matrix.DATASET))
                .map(e -> e.getValue())
                .collect(Collectors.joining("/"));
        return label.isEmpty() ? "all" : label;
    }

    /** The dataset of {@code cell}, "" without one. */
    static String dataset(Cell cell) {
        return cell.dataset() == null ? "" : cell.dataset();
    }

    /** {@code columns} with those of one place adjacent: the host's first, then each other place as it first comes. */
    static List<String> byPlace(List<String> columns, java.util.function.Function<String, String> place) {
        java.util.LinkedHashMap<String, List<String>> groups = new java.util.LinkedHashMap<>();
        groups.put(Places.HOST, new ArrayList<>());
        for (String c : columns) {
            groups.computeIfAbsent(place.apply(c), k -> new ArrayList<>()).add(c);
        }
        List<String> out = new ArrayList<>();
        // the host's groups first (one per scale its rows record: "host at 1"), then the others
        groups.forEach((p, cs) -> out.addAll(isHost(p) ? cs : List.of()));
        groups.forEach((p, cs) -> out.addAll(isHost(p) ? List.of() : cs));
        return out;
    }

    private static boolean isHost(String place) {
        return place.equals(Places.HOST) || place.startsWith(Places.HOST + " at ");
    }

    /** {@code declared} first, then the others of {@code present} as they come; only those present. */
    static List<String> order(Collection<String> declared, Collection<String> present) {
        LinkedHashSet<String> out = new LinkedHashSet<>(declared);
        out.addAll(present);
        out.retainAll(new LinkedHashSet<>(present));
        return new ArrayList<>(out);
    }
}
