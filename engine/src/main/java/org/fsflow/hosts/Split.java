package org.fsflow.hosts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.scenario.Matrix;

/**
 * {@code --mode split}: the cells are shared out over identical hosts by one matrix axis. Each
 * host runs the campaign with {@code --set matrix.AXIS=...} naming its share of that axis's values,
 * dealt round-robin in matrix order (host 1 gets values 1, n+1, ...; host 2 values 2, n+2 ...). The
 * axis is the first one with at least as many values as there are hosts, so no host is idle.
 * Every host's results are complete cells: statistics never mix two machines.
 */
final class Split {

    private Split() {}

    /**
     * The {@code --set} value of each host, in host order; refused (with why) when no axis has
     * enough values.
     */
    static List<String> of(Matrix matrix, int hosts) {
        for (Map.Entry<String, List<Matrix.Value>> axis : matrix.axes().entrySet()) {
            List<Matrix.Value> values = axis.getValue();
            if (values.size() >= hosts) {
                List<String> sets = new ArrayList<>();
                for (int h = 0; h < hosts; h++) {
                    List<String> share = new ArrayList<>();
                    for (int i = h; i < values.size(); i += hosts) {
                        share.add(values.get(i).value());
                    }
                    sets.add("matrix." + axis.getKey() + "=" + String.join(",", share));
                }
                return sets;
            }
        }
        throw new IllegalArgumentException("--mode split needs a matrix axis with at least " + hosts
                + " values (one per host); the matrix has " + describe(matrix) + ": use --mode same, or fewer hosts");
    }

    private static String describe(Matrix matrix) {
        List<String> axes = new ArrayList<>();
        matrix.axes().forEach((name, values) -> axes.add(name + " (" + values.size() + ")"));
        return axes.isEmpty() ? "no axis" : String.join(", ", axes);
    }
}
