package org.fsflow.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Diffs the conditions of runs ({@link Facts}) and sorts every difference into the axis (what the
 * comparison is about, {@code --axis NAME}) or a confounder (anything else that differs, which the
 * report lists at its top).
 *
 * <p>A fact belongs to axis NAME when its key is NAME, ends with {@code .NAME}
 * ({@code mount_options} covers {@code filesystem.ext4.mount_options}) or starts with
 * {@code NAME.} ({@code tools} covers every tool version); {@code host} also covers the hardware
 * that comes with a host (CPU, memory, the disks under the devices). A differing parameter
 * ({@code params.X}, set by {@code --set}) is how the axis was set, not a confounder, when each
 * run's value of it is found in that run's value of a differing axis fact: {@code --set opts=sync}
 * feeding {@code mount_options: ["${params.opts}"]}.
 */
public final class Confounders {

    private static final Pattern HOST_HARDWARE = Pattern.compile("cpu_model|cpu_cores|memory_bytes"
            + "|campaign\\.devices\\.[^.]+\\.(backing_source|block_device|rotational|device_bytes|model|scheduler)");

    /**
     * One fact that differs.
     *
     * @param fact   its key, e.g. {@code kernel} or {@code filesystem.ext4.mount_options}
     * @param values its value in each run, in the order of the runs ({@link #ABSENT} where not recorded)
     * @param axis   true when the comparison is about it
     */
    public record Difference(String fact, List<String> values, boolean axis) {}

    /** The value shown for a fact one run does not record. */
    static final String ABSENT = "(not recorded)";

    private Confounders() {}

    /** The differences between {@code runs}, axis first, each group sorted by key. */
    static List<Difference> diff(List<Run> runs, String axis) {
        List<Map<String, String>> facts = runs.stream().map(Facts::of).toList();
        TreeSet<String> keys = new TreeSet<>();
        facts.forEach(f -> keys.addAll(f.keySet()));
        List<Difference> axisFacts = new ArrayList<>();
        List<Difference> others = new ArrayList<>();
        for (String key : keys) {
            List<String> values =
                    facts.stream().map(f -> f.getOrDefault(key, ABSENT)).toList();
            if (values.stream().distinct().count() > 1) {
                boolean onAxis = axis != null && onAxis(key, axis);
                (onAxis ? axisFacts : others).add(new Difference(key, values, onAxis));
            }
        }
        List<Difference> out = new ArrayList<>(axisFacts);
        for (Difference d : others) {
            out.add(
                    d.fact().startsWith("params.") && feeds(d, axisFacts)
                            ? new Difference(d.fact(), d.values(), true)
                            : d);
        }
        out.sort((x, y) -> x.axis() == y.axis() ? x.fact().compareTo(y.fact()) : x.axis() ? -1 : 1);
        return out;
    }

    static boolean onAxis(String key, String axis) {
        return key.equals(axis)
                || key.endsWith("." + axis)
                || key.startsWith(axis + ".")
                || axis.equals("host") && HOST_HARDWARE.matcher(key).matches();
    }

    // each run's parameter value appears in its value of one differing axis fact
    private static boolean feeds(Difference param, List<Difference> axisFacts) {
        for (Difference a : axisFacts) {
            boolean all = true;
            for (int i = 0; i < param.values().size() && all; i++) {
                String p = param.values().get(i);
                all = !p.isEmpty() && !p.equals(ABSENT) && a.values().get(i).contains(p);
            }
            if (all) {
                return true;
            }
        }
        return false;
    }
}
