package org.fsflow.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.device.Capabilities;
import org.fsflow.host.Execution;
import org.fsflow.host.StepExecutor;
import org.fsflow.machine.BackingDisk;
import org.fsflow.machine.BlockBaseline;
import org.fsflow.machine.DeviceBaseline;
import org.fsflow.machine.ToolVersion;
import org.fsflow.place.Where;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.RunSettings;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.FilesystemType;
import org.fsflow.scenario.Versions;

/**
 * The conditions of a run, written to {@code environment.json} when it starts: host, CPU, memory,
 * kernel, distribution, fsflow and Java versions, the version of every tool the scenario calls,
 * the scenario digest, and every effective setting. Reports print them above the numbers.
 */
final class Environment {

    private Environment() {}

    static Map<String, Object> collect(Plan plan, RunSettings settings, java.util.function.Consumer<String> say) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("fsflow_version", Versions.FSFLOW);
        env.put("java_version", System.getProperty("java.version"));
        env.put("host", Where.hostname());
        env.put("kernel", Capabilities.kernelRelease());
        env.put("distribution", osRelease());
        env.put("cpu_model", cpuModel());
        env.put("cpu_cores", Runtime.getRuntime().availableProcessors());
        env.put("memory_bytes", memoryBytes());
        env.put("load_average", org.fsflow.measure.HostState.loadAverage());
        env.put("cpu_governors", org.fsflow.measure.HostState.governors());
        env.put("scenario", plan.scenario().name());
        env.put("scenario_file", plan.scenario().source().path());
        env.put("scenario_sha256", plan.scenario().source().sha256());
        env.put("settings", settings);
        env.put("campaign", campaign(plan));
        env.put("conditions", Conditions.of(plan));
        env.put("tools", toolVersions(plan));
        env.put("baseline", baseline(plan, say));
        return env;
    }

    // the disk under the work directory (where the loop images are made), measured unless the scenario says
    // baseline: false; and what the machine is (a VM, a container) by systemd-detect-virt
    private static Map<String, Object> baseline(Plan plan, java.util.function.Consumer<String> say) {
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("virtualization", BackingDisk.virtualization());
        Path work = plan.layout().work();
        Map<String, Object> disk = new LinkedHashMap<>();
        disk.put("dir", work.toString());
        disk.putAll(BackingDisk.of(work));
        List<Object> disks = new java.util.ArrayList<>();
        if (!plan.scenario().baseline()) {
            disk.put("skipped", "the scenario says baseline: false");
            disks.add(disk);
        } else {
            disks.add(DeviceBaseline.of(work, disk, org.fsflow.scenario.Defaults.WORK_ROOT.resolve("baseline"), say));
        }
        // each block: device, before it is formatted (brought to steady state first where asked)
        for (org.fsflow.scenario.Device d : plan.scenario().devices().values()) {
            if (d instanceof org.fsflow.scenario.Device.Block block) {
                disks.add(BlockBaseline.of(block, work, plan.scenario().baseline(), say));
            }
        }
        b.put("disks", disks);
        return b;
    }

    /**
     * The floor of every measurement: the median real and CPU time of {@code true} through the
     * executor (process launch, the cgroup prelude, exit detection). Recorded, never subtracted:
     * a step of a few milliseconds should be read against it.
     */
    static Map<String, Object> launchFloor(StepExecutor executor, Path work) {
        int n = 51;
        double[] real = new double[n];
        double[] cpu = new double[n];
        Path log = work.resolve(".fsflow-calibration");
        for (int i = 0; i < n; i++) {
            Execution e = executor.execute(List.of("true"), log, log, Duration.ofSeconds(10), List.of());
            real[i] = e.usage().realSeconds();
            cpu[i] = e.usage().userSeconds() + e.usage().systemSeconds();
        }
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            // a leftover calibration log is harmless
        }
        java.util.Arrays.sort(real);
        java.util.Arrays.sort(cpu);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("command", "true");
        m.put("runs", n);
        m.put("real_s_median", Math.round(real[n / 2] * 1e6) / 1e6);
        m.put("cpu_s_median", Math.round(cpu[n / 2] * 1e6) / 1e6);
        // the same true started bare from this JVM: what the floor is judged against (target: at most 2x)
        double bare = org.fsflow.measure.BareLaunch.medianSeconds(n);
        m.put("bare_fork_exec_s_median", Math.round(bare * 1e6) / 1e6);
        m.put("ratio_to_bare", Math.round(real[n / 2] / bare * 100) / 100.0);
        m.put("launch_mechanism", org.fsflow.measure.LaunchMechanism.current());
        return m;
    }

    // the datasets s uses, as generated at its scale
    private static Map<String, Object> datasets(org.fsflow.scenario.Scenario s) {
        Map<String, Object> datasets = new LinkedHashMap<>();
        for (String name : s.usedDatasets()) {
            var d = s.datasets().get(name);
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("files", d.fileCount());
            info.put("leaf_dirs", d.existing() == null ? d.leafDirs() : null);
            info.put("bytes", d.expectedBytes());
            info.put("existing", d.existing() == null ? null : d.existing().toString());
            datasets.put(d.name(), info);
        }
        return datasets;
    }

    // a scenario's own figure as reports need it: its unit and direction
    private static Map<String, Object> figure(org.fsflow.scenario.CustomParse.Figure f) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("unit", f.unit());
        info.put("better", f.better());
        return info;
    }

    /** What reports need of the scenario: its texts and the order of its datasets, filesystems and steps. */
    static Map<String, Object> campaign(Plan plan) {
        var s = plan.scenario();
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("title", s.title());
        c.put("source", s.origin());
        c.put("description", s.description());
        c.put("steps", s.steps().stream().map(st -> st.name()).toList());
        c.put(
                "drop_caches_steps",
                s.steps().stream()
                        .filter(st -> st.action() == org.fsflow.scenario.Step.Action.DROP_CACHES || st.dropCaches())
                        .map(st -> st.name())
                        .toList());
        c.put(
                "filesystems",
                s.matrix().has("filesystem")
                        ? s.matrix().axes().get("filesystem").stream()
                                .map(v -> v.value())
                                .toList()
                        : List.of());
        c.put("datasets", datasets(s));
        Map<String, Object> at = new LinkedHashMap<>();
        for (var n : plan.nodes()) {
            if (n.kind() == org.fsflow.plan.PlanNode.Kind.DATASET && n.scale() != s.scale()) {
                at.computeIfAbsent(org.fsflow.scenario.Scales.plain(n.scale()), k -> datasets(s.atScale(n.scale())));
            }
        }
        c.put("datasets_at", at);
        Map<String, Object> metrics = new LinkedHashMap<>();
        for (var st : s.steps()) {
            if (st.figures() != null) {
                st.figures().metrics().forEach(f -> metrics.put(f.name(), figure(f)));
            }
        }
        c.put("metrics", metrics);
        Map<String, Object> devices = new LinkedHashMap<>();
        for (var d : s.devices().values()) {
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("kind", org.fsflow.scenario.Variables.kindOf(d));
            if (d instanceof org.fsflow.scenario.Device.Loop l) {
                info.put("size_bytes", l.sizeBytes());
                Path image = plan.layout().image(l);
                info.put("image", image.toString());
                info.putAll(BackingDisk.of(image.getParent()));
            } else if (d instanceof org.fsflow.scenario.Device.Block b) {
                info.put("path", b.path().toString());
                info.putAll(BackingDisk.block(org.fsflow.device.Mounts.realName(b.path())));
            } else if (d instanceof org.fsflow.scenario.Device.Tmpfs t) {
                info.put("size_bytes", t.sizeBytes());
            } else if (d instanceof org.fsflow.scenario.Device.Dir dir) {
                info.put("path", dir.path().toString());
                info.putAll(BackingDisk.of(dir.path()));
            }
            devices.put(d.name(), info);
        }
        c.put("devices", devices);
        return c;
    }

    /** The host name of this machine, or "unknown". */
    private static String osRelease() {
        try {
            for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return line.substring(12).replace("\"", "");
                }
            }
        } catch (IOException e) {
            // fall through
        }
        return System.getProperty("os.name");
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException e) {
            // fall through
        }
        return "unknown";
    }

    private static long memoryBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.split("\\s+")[1]) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // fall through
        }
        return 0;
    }

    /** The programs a plan runs: first word of every command, mkfs programs, and the helpers. */
    static Set<String> programs(Plan plan) {
        Set<String> tools = new LinkedHashSet<>(List.of("losetup", "mount", "umount", "sync"));
        for (Filesystem fs : plan.scenario().filesystems().values()) {
            FilesystemType d = fs.lifecycle() == null ? FilesystemType.of(fs.type()) : null;
            if (d != null && d.mkfsProgram() != null) {
                tools.add(d.mkfsProgram());
            }
            if (fs.lifecycle() != null) {
                tools.addAll(fs.lifecycle().requires());
            }
        }
        Set<String> seen = new LinkedHashSet<>();
        for (PlanNode n : plan.nodes()) {
            if (n.measured() && n.step().action() == null && seen.add(n.step().name())) {
                String first = n.command().strip().split("[\\s;|&]+")[0];
                if (first.matches("[A-Za-z0-9_.+-]+")) {
                    tools.add(first);
                }
            }
        }
        return tools;
    }

    private static Map<String, String> toolVersions(Plan plan) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String tool : programs(plan)) {
            Path path = Capabilities.which(tool);
            out.put(tool, path == null ? "not installed" : ToolVersion.of(tool, path));
        }
        return out;
    }
}
