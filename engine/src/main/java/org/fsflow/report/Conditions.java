package org.fsflow.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.fsflow.report.ReportModel.Device;
import org.fsflow.report.ReportModel.Labelled;
import org.fsflow.result.Baseline;
import org.fsflow.result.LaunchFloor;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RowFacts;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.RunProvenance;
import org.fsflow.result.Series;
import org.fsflow.summary.Numbers;

/** The conditions of a run as the report shows them: host, devices, tools, settings. */
final class Conditions {

    private Conditions() {}

    static List<Labelled> of(RunEnvironment env, ResultSet results) {
        List<Labelled> c = new ArrayList<>();
        add(c, "Host", nz(env.host()));
        add(c, "CPU", nz(env.cpuModel()) + (env.cpuCores() != null ? ", " + env.cpuCores() + " cores" : ""));
        add(c, "Memory", env.memoryBytes() != null ? Numbers.bytes(env.memoryBytes()) : "");
        add(c, "Kernel", nz(env.kernel()));
        add(c, "Distribution", nz(env.distribution()));
        add(
                c,
                "fsflow",
                nz(env.fsflowVersion()) + (env.javaVersion() != null ? " (Java " + env.javaVersion() + ")" : ""));
        add(
                c,
                "Scenario",
                nz(env.scenarioFile())
                        + (env.scenarioSha256() != null ? " (sha256 " + env.scenarioSha256() + ")" : ""));
        LaunchFloor floor = env.launchFloor();
        if (floor != null) {
            add(
                    c,
                    "Launch floor",
                    Numbers.sig(floor.realSMedian() * 1000) + " ms real, "
                            + Numbers.sig(floor.cpuSMedian() * 1000) + " ms CPU (median of " + floor.runs()
                            + " runs of "
                            + "'true' through fsflow: the floor of every measurement)" + bare(floor));
        }
        add(c, "Host at start", host(env));
        FaithfulConditions.add(c, env.conditions());
        RunEnvironment.Settings s = env.settings();
        add(c, "CPU time", methods(results, RowFacts::cpuMethods, s == null ? null : s.cpuMethod()));
        add(c, "Memory (max RSS)", methods(results, RowFacts::memoryMethods, s == null ? null : s.memoryMethod()));
        add(c, "Guests", guests(results));
        RunProvenance started = s == null ? null : s.provenance();
        // a run only given more rounds (resume --set) was never interrupted
        add(
                c,
                env.resumes().stream().allMatch(r -> !r.sets().isEmpty()) ? "Resumed" : "Interrupted",
                resumes(env, started == null ? null : started.commit()));
        if (env.importedFrom() != null) {
            add(c, "Imported from", env.importedFrom());
        }
        return c;
    }

    /** The report header's provenance lines: fsflow and its commit, the command, the scenario digest. */
    static List<Labelled> provenance(RunProvenance p) {
        List<Labelled> c = new ArrayList<>();
        if (p == null) {
            return c;
        }
        String commit = p.commit() == null
                ? "commit unknown"
                : "commit " + p.commit() + (p.dirty() == null ? "" : p.dirty() ? " with uncommitted changes" : "");
        add(c, "fsflow", nz(p.fsflowVersion()) + ", " + commit);
        add(c, "command", p.commandLine());
        add(c, "scenario", nz(p.scenarioFile()) + (p.scenarioSha256() != null ? ", sha256 " + p.scenarioSha256() : ""));
        return c;
    }

    /**
     * Every method the rows were measured by, each with what it is and how many rows used it (a
     * run with guest cells has the host's and the guest's); the run's own when no row says.
     */
    static String methods(ResultSet results, Function<RowFacts, Map<String, Integer>> method, String fallback) {
        Map<String, Integer> used = new LinkedHashMap<>();
        for (Series s : results.series()) {
            method.apply(s.facts()).forEach((name, n) -> used.merge(name, n, Integer::sum));
        }
        if (used.isEmpty()) {
            return fallback == null ? "" : fallback + explain(fallback);
        }
        List<String> parts = new ArrayList<>();
        used.forEach((name, n) -> parts.add(name + explain(name) + ": " + n + (n == 1 ? " row" : " rows")));
        return String.join("; ", parts);
    }

    /** How many guest rows ran in a guest reused for consecutive cell repetitions, and what was reset; "" without. */
    static String guests(ResultSet results) {
        int fresh = 0;
        int reused = 0;
        for (Series s : results.series()) {
            fresh += s.facts().freshGuestRows();
            reused += s.facts().reusedGuestRows();
        }
        if (reused == 0) {
            return fresh == 0 ? "" : "each cell repetition in a guest booted for it (" + fresh + " rows)";
        }
        return reused + " of " + (fresh + reused) + " guest rows ran in a guest reused for consecutive cell "
                + "repetitions (vm: reuse; guest_repetition above 1): between repetitions the guest unmounted "
                + "the previous one's filesystems and the datasets' image, dropped its page cache, dentries "
                + "and inodes, mounted the image again, and each mkfs first released its disk's blocks; its "
                + "kernel's uptime, slab caches and loaded modules carried over";
    }

    private static String explain(String method) {
        return switch (method) {
            case "cgroup2-cpu.stat" ->
                " (the step's cgroup v2 cpu.stat, microseconds; real time from the host's" + " monotonic clock)";
            case "proc-self-cutime" -> " (the JVM's child CPU totals, clock ticks)";
            case "guest-cgroup2-cpu.stat" ->
                " (in the guest: its cgroup v2 cpu.stat, microseconds; real time from"
                        + " the guest's nanosecond clock around the command, to the microsecond)";
            case "guest-gnu-time" -> " (in the guest: GNU time, 10 ms; real time %e, 10 ms)";
            case "sampled-vmhwm" -> " (VmHWM of the process tree, sampled)";
            default -> "";
        };
    }

    // each resume of an interrupted run: when, after how many measurements, under which kernel
    static String resumes(RunEnvironment env, String startCommit) {
        List<String> each = new ArrayList<>();
        for (RunEnvironment.Resume r : env.resumes()) {
            each.add("resumed at " + nz(r.at()) + " after " + r.afterRows() + " measurements"
                    + (r.lastNode() != null ? " (the last: " + r.lastNode() + ")" : "")
                    + (r.kernel() != null && !r.kernel().equals(env.kernel()) ? ", under kernel " + r.kernel() : "")
                    + (r.commit() != null && !r.commit().equals(startCommit)
                            ? ", by fsflow at commit " + r.commit()
                            : "")
                    + (r.sets().isEmpty()
                            ? ""
                            : ", with --set " + String.join(" --set ", r.sets()) + " (more rounds of the same plan)"));
        }
        boolean interrupted = env.resumes().stream().anyMatch(r -> r.sets().isEmpty());
        return each.isEmpty()
                ? ""
                : each.size()
                        + (each.size() == 1 ? " time: " : " times: ")
                        + String.join("; ", each)
                        + (interrupted ? " (the node that was running when it stopped ran again)" : "");
    }

    private static String bare(LaunchFloor floor) {
        if (floor.bareSMedian() == null) {
            return "";
        }
        return "; a bare fork/exec of 'true' from the same JVM took " + Numbers.sig(floor.bareSMedian() * 1000)
                + " ms (x" + Numbers.sig(floor.ratioToBare()) + ", launch mechanism "
                + nz(floor.launchMechanism()) + ")";
    }

    private static String host(RunEnvironment env) {
        StringBuilder b = new StringBuilder();
        if (env.loadAverage().containsKey("load_1m")) {
            b.append("load average ")
                    .append(env.loadAverage().get("load_1m"))
                    .append(" (1 min), ")
                    .append(env.loadAverage().get("load_5m"))
                    .append(" (5 min)");
        }
        if (env.conditions() != null) {
            b.append(b.length() > 0 ? "; " : "")
                    .append("CPU frequency governor: ")
                    .append(
                            env.cpuGovernors().isEmpty()
                                    ? "not exposed"
                                    : env.cpuGovernors().toString().replaceAll("[{}]", ""));
        }
        return b.toString();
    }

    static List<Labelled> pairs(Map<String, String> values) {
        List<Labelled> out = new ArrayList<>();
        values.forEach((k, v) -> add(out, k, v));
        return out;
    }

    static List<Device> devices(RunEnvironment env) {
        List<Device> out = new ArrayList<>();
        env.campaign().devices().forEach((name, d) -> {
            Baseline.Identity disk = d.disk();
            String size = d.sizeBytes() != null && d.sizeBytes() > 0
                    ? Numbers.bytes(d.sizeBytes())
                    : disk.deviceBytes() != null ? Numbers.bytes(disk.deviceBytes()) : "";
            String where = d.image() != null ? "image " + d.image() : nz(d.path());
            String backing = disk.backingSource() != null ? disk.backingSource() : nz(disk.blockDevice());
            String rotational = (disk.rotational() == null ? "" : disk.rotational() ? "yes" : "no (SSD or virtual)")
                    + BaselineText.contradicted(env, disk.backingSource());
            String direct = d.directIo() == null
                    ? ""
                    : d.directIo() ? "yes" : "no" + (d.directIoNote() != null ? " (" + d.directIoNote() + ")" : "");
            out.add(new Device(name, nz(d.kind()), size, where, backing, nz(disk.model()), rotational, direct));
        });
        return out;
    }

    private static void add(List<Labelled> list, String label, String value) {
        if (value != null && !value.isBlank()) {
            list.add(new Labelled(label, value));
        }
    }

    static String nz(String s) {
        return s == null ? "" : s;
    }
}
