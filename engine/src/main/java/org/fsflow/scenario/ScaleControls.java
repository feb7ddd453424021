package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;

/**
 * The host's control cells at a guest's scale. A guest earns trust through its control cells
 * (filesystems of a type that runs both on the host and in the guest, {@code ext3} beside {@code
 * ext3-vm}); with {@code --scale 1 --scale guest=0.05} the host's cells run at 1 and the guest's at
 * 0.05, and rankings at two data sizes cannot be compared. So the planner also runs each host
 * control filesystem at the guest's scale, as a filesystem of its own named {@code ext3@0.05}
 * (a name no scenario can write: {@code @} is not allowed in names), on the host, with the
 * datasets, devices and memory budget of that scale. The host's own cells stay as they are.
 *
 * <p>Added only where they can be judged: a scenario whose cells choose their kernel by their
 * filesystem's {@code kernel:} (not by a {@code kernel} matrix axis), for each guest kernel at a
 * scale other than the host's that has at least two control types (a type with exactly one
 * filesystem on the host and exactly one under that kernel).
 */
public final class ScaleControls {

    /** What separates a control filesystem's base name from its scale: {@code ext3@0.05}. */
    public static final String MARK = "@";

    private ScaleControls() {}

    /** The name of {@code filesystem}'s control at {@code scale}: {@code ext3@0.05}. */
    public static String name(String filesystem, double scale) {
        return filesystem + MARK + Scales.plain(scale);
    }

    /** The filesystem a control was made from ({@code ext3} for {@code ext3@0.05}); the name itself otherwise. */
    public static String base(String name) {
        int at = name == null ? -1 : name.indexOf(MARK);
        return at < 0 ? name : name.substring(0, at);
    }

    /** True when {@code name} is a host control at a guest's scale. */
    public static boolean isControl(String name) {
        return name != null && name.contains(MARK);
    }

    /**
     * The controls {@code s} (as written) needs at {@code scales}: control filesystem name to its
     * scale, in the order of the host's filesystems on the matrix; empty when none.
     */
    static Map<String, Double> needed(Scenario s, Scales scales) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (scales.uniform() || !s.matrix().has(Matrix.FILESYSTEM) || s.matrix().has(KernelReader.AXIS)) {
            return out;
        }
        List<String> onAxis = s.matrix().axes().get(Matrix.FILESYSTEM).stream()
                .map(Matrix.Value::value)
                .toList();
        Map<String, List<String>> host = byType(s, onAxis, null);
        for (KernelSpec k : s.kernels().values()) {
            double f = scales.of(k);
            if (f == scales.host()) {
                continue;
            }
            Map<String, List<String>> guest = byType(s, onAxis, k.name());
            List<String> types = guest.keySet().stream()
                    .filter(t -> guest.get(t).size() == 1
                            && host.getOrDefault(t, List.of()).size() == 1)
                    .toList();
            if (types.size() >= 2) {
                types.forEach(t -> out.putIfAbsent(name(host.get(t).get(0), f), f));
            }
        }
        return out;
    }

    // the filesystems on the axis under `kernel` (null: the host's), by type
    private static Map<String, List<String>> byType(Scenario s, List<String> onAxis, String kernel) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String name : onAxis) {
            Filesystem fs = s.filesystems().get(name);
            String own = fs == null || KernelSpec.HOST.equals(fs.kernel()) ? null : fs.kernel();
            if (fs != null && java.util.Objects.equals(own, kernel)) {
                out.computeIfAbsent(fs.type(), t -> new ArrayList<>()).add(name);
            }
        }
        return out;
    }

    /** {@code s} with the filesystems of {@code controls} declared and appended to its filesystem axis. */
    static Scenario add(Scenario s, Map<String, Double> controls) {
        if (controls.isEmpty()) {
            return s;
        }
        Map<String, Filesystem> filesystems = new LinkedHashMap<>(s.filesystems());
        Map<String, List<Matrix.Value>> axes = new LinkedHashMap<>(s.matrix().axes());
        List<Matrix.Value> values = new ArrayList<>(axes.get(Matrix.FILESYSTEM));
        for (String name : controls.keySet()) {
            Filesystem of = s.filesystems().get(base(name));
            filesystems.put(
                    name,
                    new Filesystem(
                            name, of.type(), of.mkfsOptions(), of.mountOptions(), of.lifecycle(), null, of.where()));
            Location at = values.stream()
                    .filter(v -> v.value().equals(of.name()))
                    .findFirst()
                    .map(Matrix.Value::where)
                    .orElse(of.where());
            values.add(new Matrix.Value(name, at));
        }
        axes.put(Matrix.FILESYSTEM, List.copyOf(values));
        return s.with(java.util.Collections.unmodifiableMap(filesystems), new Matrix(axes));
    }
}
