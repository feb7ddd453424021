package org.fsflow.hosts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.fsflow.result.EnvironmentFile;

/**
 * Where the hosts' conditions differ: every fact of their {@code environment.json} (kernel, CPU,
 * memory, tool versions, disks ...) whose value is not the same on all of them. A difference is a
 * confounder of any comparison between hosts: the report of a campaign over hosts lists them.
 * Paths of the run itself (its output and work directories, images) always differ and are left out.
 */
final class HostDifferences {

    // a run's own paths, and the launch floor (measured, so never equal twice), are not conditions
    private static final List<String> OWN_PATHS =
            List.of("settings.", "scenario_file", ".image", ".path", "launch_floor.");

    private HostDifferences() {}

    /**
     * One row per differing fact: the fact's dotted path, then each host's value ("-" when absent).
     */
    static Map<String, List<String>> of(Path out, List<String> hosts) {
        List<Map<String, String>> facts = new ArrayList<>();
        for (String h : hosts) {
            facts.add(flat(HostMerger.dirOf(out, h)));
        }
        Map<String, List<String>> rows = new LinkedHashMap<>();
        facts.forEach(f -> f.keySet().forEach(k -> rows.putIfAbsent(k, null)));
        Map<String, List<String>> differ = new LinkedHashMap<>();
        for (String key : rows.keySet()) {
            List<String> values =
                    facts.stream().map(f -> f.getOrDefault(key, "-")).toList();
            boolean own = OWN_PATHS.stream().anyMatch(p -> key.startsWith(p) || key.endsWith(p));
            if (!own && values.stream().distinct().count() > 1) {
                differ.put(key, values);
            }
        }
        return differ;
    }

    // the facts a host recorded; a JSON null is none
    private static Map<String, String> flat(Path dir) {
        Map<String, String> out = new LinkedHashMap<>(EnvironmentFile.leaves(dir));
        out.values().removeIf(Objects::isNull);
        return out;
    }
}
