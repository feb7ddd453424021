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
import org.fsflow.result.Baseline;
import org.fsflow.result.LaunchFloor;
import org.fsflow.result.RunCampaign;
import org.fsflow.result.RunEnvironment;
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

    /**
     * The run's conditions; when a disk was measured (not skipped, not from the day's cache), the
     * time its baselines took goes to {@code measured}, for the run's timeline.
     */
    static RunEnvironment collect(
            Plan plan,
            RunSettings settings,
            java.util.function.Consumer<String> say,
            java.util.function.BiConsumer<java.time.Instant, java.time.Instant> measured) {
        java.time.Instant start = java.time.Instant.now();
        Baseline baseline = baseline(plan, say);
        if (baseline.disks().stream().anyMatch(d -> d.skipped() == null && !Boolean.TRUE.equals(d.reused()))) {
            measured.accept(start, java.time.Instant.now());
        }
        return new RunEnvironment(
                Versions.FSFLOW,
                System.getProperty("java.version"),
                Where.hostname(),
                Capabilities.kernelRelease(),
                osRelease(),
                cpuModel(),
                Runtime.getRuntime().availableProcessors(),
                memoryBytes(),
                plan.scenario().name(),
                plan.scenario().source().path(),
                plan.scenario().source().sha256(),
                RunEnvironment.Settings.of(settings),
                campaign(plan),
                toolVersions(plan),
                null,
                null,
                org.fsflow.measure.HostState.loadAverage(),
                org.fsflow.measure.HostState.governors(),
                Conditions.of(plan),
                List.of(),
                baseline,
                Map.of());
    }

    // the disk under the work directory (where the loop images are made), measured unless the scenario says
    // baseline: false; and what the machine is (a VM, a container) by systemd-detect-virt
    private static Baseline baseline(Plan plan, java.util.function.Consumer<String> say) {
        Path work = plan.layout().work();
        Baseline.Disk disk = Baseline.Disk.of(null, work.toString(), BackingDisk.of(work));
        List<Baseline.Disk> disks = new java.util.ArrayList<>();
        if (!plan.scenario().baseline()) {
            disks.add(disk.skipping("the scenario says baseline: false"));
        } else {
            disks.add(DeviceBaseline.of(work, disk, org.fsflow.scenario.Defaults.WORK_ROOT.resolve("baseline"), say));
        }
        // each block: device, before it is formatted (brought to steady state first where asked)
        for (org.fsflow.scenario.Device d : plan.scenario().devices().values()) {
            if (d instanceof org.fsflow.scenario.Device.Block block) {
                disks.add(BlockBaseline.of(block, work, plan.scenario().baseline(), say));
            }
        }
        return new Baseline(BackingDisk.virtualization(), disks);
    }

    /**
     * The floor of every measurement: the median real and CPU time of {@code true} through the
     * executor (process launch, the cgroup prelude, exit detection). Recorded, never subtracted:
     * a step of a few milliseconds should be read against it.
     */
    static LaunchFloor launchFloor(StepExecutor executor, Path work) {
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
        // the same true started bare from this JVM: what the floor is judged against (target: at most 2x)
        double bare = org.fsflow.measure.BareLaunch.medianSeconds(n);
        return new LaunchFloor(
                "true",
                n,
                Math.round(real[n / 2] * 1e6) / 1e6,
                Math.round(cpu[n / 2] * 1e6) / 1e6,
                Math.round(bare * 1e6) / 1e6,
                Math.round(real[n / 2] / bare * 100) / 100.0,
                org.fsflow.measure.LaunchMechanism.current());
    }

    // the datasets s uses, as generated at its scale
    private static Map<String, RunCampaign.DatasetInfo> datasets(org.fsflow.scenario.Scenario s) {
        Map<String, RunCampaign.DatasetInfo> datasets = new LinkedHashMap<>();
        for (String name : s.usedDatasets()) {
            var d = s.datasets().get(name);
            datasets.put(
                    d.name(),
                    new RunCampaign.DatasetInfo(
                            d.fileCount(),
                            d.expectedBytes(),
                            d.existing() == null ? null : d.existing().toString(),
                            d.existing() == null ? (Long) d.leafDirs() : null));
        }
        return datasets;
    }

    /** What reports need of the scenario: its texts and the order of its datasets, filesystems and steps. */
    static RunCampaign campaign(Plan plan) {
        var s = plan.scenario();
        Map<String, Map<String, RunCampaign.DatasetInfo>> at = new LinkedHashMap<>();
        for (var n : plan.nodes()) {
            if (n.kind() == org.fsflow.plan.PlanNode.Kind.DATASET && n.scale() != s.scale()) {
                at.computeIfAbsent(org.fsflow.scenario.Scales.plain(n.scale()), k -> datasets(s.atScale(n.scale())));
            }
        }
        // a scenario's own figures as reports need them: their unit and direction
        Map<String, RunCampaign.MetricInfo> metrics = new LinkedHashMap<>();
        for (var st : s.steps()) {
            if (st.figures() != null) {
                st.figures()
                        .metrics()
                        .forEach(f -> metrics.put(f.name(), new RunCampaign.MetricInfo(f.unit(), f.better())));
            }
        }
        return new RunCampaign(
                s.title(),
                s.origin(),
                s.description(),
                s.steps().stream().map(st -> st.name()).toList(),
                s.steps().stream()
                        .filter(st -> st.action() == org.fsflow.scenario.Step.Action.DROP_CACHES || st.dropCaches())
                        .map(st -> st.name())
                        .toList(),
                s.matrix().has("filesystem")
                        ? s.matrix().axes().get("filesystem").stream()
                                .map(v -> v.value())
                                .toList()
                        : List.of(),
                datasets(s),
                devices(plan),
                at,
                metrics,
                filesystemTypes(s));
    }

    // each filesystem's type by its name, as the planner knows them: what pairs a guest's cells with the host's
    private static Map<String, String> filesystemTypes(org.fsflow.scenario.Scenario s) {
        Map<String, String> out = new LinkedHashMap<>();
        s.filesystems().forEach((name, fs) -> out.put(name, fs.type() == null ? name : fs.type()));
        return out;
    }

    // each device and the disk under it
    private static Map<String, RunCampaign.DeviceInfo> devices(Plan plan) {
        Map<String, RunCampaign.DeviceInfo> devices = new LinkedHashMap<>();
        for (var d : plan.scenario().devices().values()) {
            String kind = org.fsflow.scenario.Variables.kindOf(d);
            RunCampaign.DeviceInfo info;
            if (d instanceof org.fsflow.scenario.Device.Loop l) {
                Path image = plan.layout().image(l);
                info = RunCampaign.DeviceInfo.of(
                        kind, l.sizeBytes(), image.toString(), null, BackingDisk.of(image.getParent()));
            } else if (d instanceof org.fsflow.scenario.Device.Block b) {
                info = RunCampaign.DeviceInfo.of(
                        kind,
                        null,
                        null,
                        b.path().toString(),
                        BackingDisk.block(org.fsflow.device.Mounts.realName(b.path())));
            } else if (d instanceof org.fsflow.scenario.Device.Tmpfs t) {
                info = RunCampaign.DeviceInfo.of(kind, t.sizeBytes(), null, null, Baseline.Identity.UNKNOWN);
            } else if (d instanceof org.fsflow.scenario.Device.Dir dir) {
                info = RunCampaign.DeviceInfo.of(kind, null, null, dir.path().toString(), BackingDisk.of(dir.path()));
            } else {
                info = RunCampaign.DeviceInfo.of(kind, null, null, null, Baseline.Identity.UNKNOWN);
            }
            devices.put(d.name(), info);
        }
        return devices;
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
