package org.fsflow.compare;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.fsflow.result.Baseline;
import org.fsflow.result.Measurement;

/**
 * The conditions of a run as flat {@code key = value} facts, to be diffed between runs: every
 * leaf of {@code environment.json} (kernel, distribution, CPU, memory, devices with their disk,
 * tool versions, scale, repetitions, fsflow version, scenario digest, and whatever later versions
 * record, such as a memory budget or a scheduler) except those that name where files went or
 * describe rather than condition; the scenario's {@code params.*} after {@code --set}; and, from
 * the measurements, each filesystem's mkfs and mount options and where its cells ran
 * ({@code cells.host}, {@code cells.kernel}, {@code cells.virt}: a VM's kernel is not the host's).
 */
final class Facts {

    // paths of this run's own files (and the loop node its image happened to get: another run on the
    // machine may hold /dev/loop1 at the time), texts, and what was measured rather than set (the launch floor, the
    // load when the run started: the run report judges those), the command that started it (its --out
    // and --set, which name the axis) and when: they differ without changing conditions. fsflow's
    // commit and the scenario's digest stay: another engine or scenario may explain a difference
    private static final Pattern IGNORED = Pattern.compile("settings\\.(out|work|sets|started_at|labels)(\\..*)?"
            + "|settings\\.provenance\\.(command|scenario_file)(\\..*)?|scenario_file"
            + "|campaign\\.(title|source|description)|campaign\\.devices\\.[^.]+\\.(image|node)|launch_floor\\..*|load_average\\..*"
            + "|imported_from|labels\\..*|merge\\..*|baseline\\.disks");

    private Facts() {}

    /** The facts of {@code run}, sorted by key. */
    static Map<String, String> of(Run run) {
        Map<String, String> facts = new TreeMap<>();
        run.leaves().forEach((k, v) -> facts.put(k, v == null ? "" : v));
        facts.keySet().removeIf(k -> IGNORED.matcher(k).matches());
        if (run.environment().baseline() != null) {
            baselines(run.environment().baseline().disks(), facts);
        }
        run.params().forEach((k, v) -> facts.put("params." + k, v));
        Map<String, TreeSet<String>> fromRows = new TreeMap<>();
        for (Measurement m : run.rows()) {
            add(fromRows, "cells.host", m.host());
            add(fromRows, "cells.kernel", m.kernel());
            add(fromRows, "cells.virt", m.virt());
            if (m.filesystem() != null) {
                add(fromRows, "filesystem." + m.filesystem() + ".mkfs_options", m.mkfsOptions());
                add(fromRows, "filesystem." + m.filesystem() + ".mount_options", m.mountOptions());
            }
        }
        fromRows.forEach((k, v) -> facts.put(k, String.join(" | ", v)));
        return facts;
    }

    // a measured disk's figures vary from run to run by a few per cent: what conditions a run is their band
    // (between two powers of 2), so a disk twice as fast, or a hypervisor's cache gone, is a confounder
    private static void baselines(List<Baseline.Disk> disks, Map<String, String> facts) {
        for (Baseline.Disk d : disks) {
            String source = d.identity().backingSource();
            String key = "baseline." + (source == null ? "disk" : source)
                    + (d.device() != null ? "(" + d.device() + ")" : "");
            if (d.skipped() != null) {
                facts.put(key, "not measured");
                continue;
            }
            d.figures().forEach((figure, v) -> {
                if (v != null && v > 0) {
                    facts.put(key + "." + figure, band(v, figure));
                }
            });
        }
    }

    static String band(double v, String figure) {
        double lo = Math.pow(2, Math.floor(Math.log(v) / Math.log(2)));
        if (figure.endsWith("bytes_per_s")) {
            return org.fsflow.summary.Numbers.bytes(lo) + "/s to " + org.fsflow.summary.Numbers.bytes(2 * lo) + "/s";
        }
        if (figure.endsWith("_s")) {
            return org.fsflow.summary.Numbers.sig(lo * 1000) + " to " + org.fsflow.summary.Numbers.sig(2 * lo * 1000)
                    + " ms";
        }
        return Math.round(lo) + " to " + Math.round(2 * lo) + "/s";
    }

    private static void add(Map<String, TreeSet<String>> into, String key, String where) {
        if (where != null) {
            into.computeIfAbsent(key, k -> new TreeSet<>()).add(where);
        }
    }

    private static void add(Map<String, TreeSet<String>> into, String key, java.util.List<String> options) {
        into.computeIfAbsent(key, k -> new TreeSet<>())
                .add(options == null || options.isEmpty() ? "(defaults)" : String.join(" ", options));
    }
}
