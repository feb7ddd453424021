package org.fsflow.device;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Plan;
import org.fsflow.plan.StepCommand;
import org.fsflow.scenario.Command;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.FilesystemType;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * The Debian packages that the launcher, a planned campaign and the test suite need, each with
 * the reason it is needed: what {@code fsflow setup} installs and what {@code .ci/run} relies on.
 * mkfs packages come from the table of built-in filesystems ({@link FilesystemType}); the programs that steps and
 * lifecycles call come from {@link #TOOLS} below.
 */
public final class Packages {

    /**
     * One package and why it is needed.
     *
     * @param name the Debian package
     * @param why  what needs it, in the user's words
     */
    public record Need(String name, String why) {}

    /**
     * What the launcher needs to build and run the jar. The launcher script bootstraps these two
     * itself before any jar exists (a test keeps its list equal to this one).
     */
    public static final List<Need> LAUNCHER = List.of(
            new Need("openjdk-17-jdk-headless", "the launcher: Java 17"),
            new Need("maven", "the launcher: builds the engine jar"));

    /** What {@code setup} renders and reads the man pages with (fsflow(1), fsflow-run(1), ...). */
    public static final List<Need> MAN_PAGES = List.of(
            new Need("asciidoctor", "the man pages: rendered to roff from docs/man/"),
            new Need("man-db", "the man pages: man fsflow"));

    /** What every campaign needs: loop devices and mounts, module loading, GNU time, fio for the baseline. */
    static final List<Need> CAMPAIGN = List.of(
            new Need("mount", "losetup and mount"),
            new Need("kmod", "modprobe of filesystem modules"),
            new Need("time", "GNU time, as the campaigns' sources measured"),
            new Need("fio", "the baseline: the disk under the loop images, measured before the first cell"));

    /** What a cell under another kernel (a throwaway VM) needs, see reference/vm.md. */
    public static final List<String> OTHER_KERNEL =
            List.of("qemu-system-x86", "qemu-utils", "busybox-static", "reiserfsprogs", "jfsutils", "cpio", "kmod");

    /** Programs that steps and lifecycles may call, and the Debian package of each. */
    static final Map<String, String> TOOLS = Map.ofEntries(
            Map.entry("bonnie++", "bonnie++"),
            Map.entry("bon_csv2html", "bonnie++"),
            Map.entry("fio", "fio"),
            Map.entry("dbench", "dbench"),
            Map.entry("sysbench", "sysbench"),
            Map.entry("git", "git"),
            Map.entry("time", "time"),
            Map.entry("zfs-fuse", "zfs-fuse"),
            Map.entry("zpool", "zfs-fuse"),
            Map.entry("zfs", "zfs-fuse"),
            Map.entry("mdadm", "mdadm"),
            Map.entry("rsync", "rsync"),
            Map.entry("tar", "tar"),
            Map.entry("gzip", "gzip"),
            Map.entry("bzip2", "bzip2"),
            Map.entry("xz", "xz-utils"),
            Map.entry("pv", "pv"),
            Map.entry("hdparm", "hdparm"));

    /** The program whose output each parser reads, which a step with it runs (its package: {@link #TOOLS}). */
    private static final Map<String, String> PARSER_PROGRAMS =
            Map.of("bonnie", "bonnie++", "fio", "fio", "gnu-time", "time");

    /** What the test suite needs beyond every built-in filesystem's tools and the VM's packages. */
    static final List<Need> TESTS = List.of(
            new Need("chromium", "the tests: reports rendered in a headless browser"),
            new Need("bonnie++", "the tests: bonnie++ steps"),
            new Need("fio", "the tests: fio steps"),
            new Need("dbench", "the tests: the dbench workload"),
            new Need("sysbench", "the tests: the sysbench-fileio workload"),
            new Need("git", "the tests: the git workloads"),
            new Need("zfs-fuse", "the tests: zfs through zfs-fuse"),
            new Need("openssh-server", "the tests: hosts reached over ssh (their own sshd, started by the test)"),
            new Need("openssh-client", "the tests: hosts reached over ssh"),
            new Need("slurm-wlm", "the tests: a one-node Slurm cluster (started by the test)"),
            new Need("munge", "the tests: Slurm's authentication (started by the test)"),
            new Need("dmsetup", "the tests: crash recovery (dm-log-writes in a guest, driven by the host's dmsetup)"),
            new Need("e2fsprogs", "the tests: crash recovery (e2fsck of replayed images)"),
            new Need(
                    "user-mode-linux",
                    "the tests: guests under user-mode Linux (UmlSessionIT), bench/vm.sh's UML column"));

    private Packages() {}

    /** The test suite's needs: the launcher's, every campaign's, every built-in filesystem's, the VM's. */
    public static List<Need> forTests() {
        List<Need> needs = new ArrayList<>(LAUNCHER);
        needs.addAll(CAMPAIGN);
        needs.addAll(TESTS);
        for (FilesystemType type : FilesystemType.ALL) {
            if (type.packageName() != null) {
                needs.add(new Need(type.packageName(), "the tests: " + type.type()));
            }
        }
        OTHER_KERNEL.forEach(p -> needs.add(new Need(p, "the tests: cells under another kernel")));
        return merge(needs);
    }

    /**
     * What {@code plan}'s campaign needs: the base, the mkfs tool of every filesystem its cells and
     * devices use, the tools its steps and lifecycles call, and the VM's packages for filesystems
     * that {@code hostKernelHas} says the host kernel lacks (their cells run under another kernel).
     */
    public static List<Need> forPlan(Plan plan, Predicate<String> hostKernelHas) {
        Scenario s = plan.scenario();
        List<Need> needs = new ArrayList<>(CAMPAIGN);
        for (Filesystem fs : filesystems(plan)) {
            needs.addAll(forFilesystem(fs, hostKernelHas));
        }
        for (Step step : s.steps()) {
            String why = "step " + step.name();
            for (Command c : new Command[] {step.run(), step.before(), step.after()}) {
                needs.addAll(called(c, why));
            }
            if (step.parse() != null && PARSER_PROGRAMS.containsKey(step.parse())) {
                needs.add(
                        new Need(TOOLS.get(PARSER_PROGRAMS.get(step.parse())), why + " (parse: " + step.parse() + ")"));
            }
        }
        needs.addAll(forCrash(s));
        if (s.aging() != null) {
            needs.add(new Need("e2fsprogs", "aging: filefrag (extents per file) and e2freefrag"));
            needs.add(new Need("xfsprogs", "aging: xfs_io's syncfs after each operation, xfs_db's freesp"));
        }
        return merge(needs);
    }

    // crash cells: a guest with device-mapper's dmsetup, and each filesystem's mkfs and fsck (one package)
    private static List<Need> forCrash(Scenario s) {
        List<Need> needs = new ArrayList<>();
        if (s.crash() == null) {
            return needs;
        }
        String why = "crash cells (a guest with dm-log-writes)";
        OTHER_KERNEL.forEach(p -> needs.add(new Need(p, why)));
        needs.add(new Need("dmsetup", why + ": dmsetup"));
        for (String name : s.crash().filesystems().keySet()) {
            FilesystemType t = FilesystemType.of(s.filesystems().get(name).type());
            needs.add(new Need(t.packageName(), "crash filesystem " + name + " (" + t.mkfsProgram() + ", its check)"));
        }
        return needs;
    }

    /** What {@code plan}'s campaign needs on this host (its kernel decides which cells need a VM). */
    public static List<Need> forPlan(Plan plan) {
        return forPlan(plan, Capabilities::kernelKnows);
    }

    /** Programs that a lifecycle requires and no table knows: the user installs them. */
    public static List<String> unknownTools(Plan plan) {
        List<String> unknown = new ArrayList<>();
        for (Filesystem fs : filesystems(plan)) {
            if (fs.lifecycle() != null) {
                fs.lifecycle().requires().stream()
                        .filter(p -> !TOOLS.containsKey(basename(p)))
                        .filter(p -> !unknown.contains(p))
                        .forEach(unknown::add);
            }
        }
        return unknown;
    }

    /** What formatting {@code fs} needs, and the VM's packages when the host kernel lacks it. */
    public static List<Need> forFilesystem(Filesystem fs, Predicate<String> hostKernelHas) {
        List<Need> needs = new ArrayList<>();
        String why = "filesystem " + fs.name();
        if (fs.lifecycle() != null) {
            var l = fs.lifecycle();
            for (String program : l.requires()) {
                String pkg = TOOLS.get(basename(program));
                if (pkg != null) {
                    needs.add(new Need(pkg, why + " (requires " + program + ")"));
                }
            }
            for (Command c : new Command[] {l.create(), l.mount(), l.umount(), l.destroy()}) {
                needs.addAll(called(c, why));
            }
            return needs;
        }
        FilesystemType driver = FilesystemType.of(fs.type());
        if (driver == null || driver.packageName() == null) {
            return needs;
        }
        needs.add(new Need(driver.packageName(), why + " (" + driver.mkfsProgram() + ")"));
        if (!hostKernelHas.test(driver.kernelModule())) {
            String vmWhy = why + " under another kernel (the host kernel has no " + fs.type() + ")";
            OTHER_KERNEL.forEach(p -> needs.add(new Need(p, vmWhy)));
        }
        return needs;
    }

    /** Every filesystem the plan's cells and devices format, once each, in first-use order. */
    static List<Filesystem> filesystems(Plan plan) {
        Scenario s = plan.scenario();
        Map<String, Filesystem> used = new LinkedHashMap<>();
        for (Device d : s.devices().values()) {
            if (!d.formattable()) {
                continue;
            }
            if (d.name().equals(Scenario.TARGET) && s.matrix().has(org.fsflow.scenario.Matrix.FILESYSTEM)) {
                for (Cell cell : plan.cells()) {
                    Filesystem fs = StepCommand.filesystem(s, d, cell);
                    if (fs != null) {
                        used.putIfAbsent(fs.name(), fs);
                    }
                }
            } else {
                Filesystem fs = StepCommand.filesystem(s, d, null);
                if (fs != null) {
                    used.putIfAbsent(fs.name(), fs);
                }
            }
        }
        return List.copyOf(used.values());
    }

    /**
     * The programs that {@code s}'s steps call (known tools, by the words of their commands, and
     * the programs of their output parsers) and that {@code has} says are missing, each once per
     * step as "step NAME calls PROGRAM (package PKG), which is not installed".
     */
    public static List<String> missingPrograms(Scenario s, Predicate<String> has) {
        List<String> missing = new ArrayList<>();
        for (Step step : s.steps()) {
            List<String> programs = new ArrayList<>();
            for (Command c : new Command[] {step.run(), step.before(), step.after()}) {
                programs.addAll(tools(c));
            }
            if (step.parse() != null && PARSER_PROGRAMS.containsKey(step.parse())) {
                programs.add(PARSER_PROGRAMS.get(step.parse()));
            }
            programs.stream()
                    .distinct()
                    .filter(t -> !has.test(t))
                    .forEach(t -> missing.add("step " + step.name() + " calls " + t + " (package " + TOOLS.get(t)
                            + "), which is not installed"));
        }
        return missing;
    }

    /** The packages of the known programs a command calls (words of its text, by base name). */
    static List<Need> called(Command c, String why) {
        return tools(c).stream()
                .map(t -> new Need(TOOLS.get(t), why + " (" + t + ")"))
                .toList();
    }

    // the known programs (TOOLS) a command names, by the base names of the words of its text
    private static List<String> tools(Command c) {
        List<String> tools = new ArrayList<>();
        if (c == null) {
            return tools;
        }
        for (var part : c.parts()) {
            for (String word : part.text().split("[\\s;|&()<>`'\"=]+")) {
                if (TOOLS.containsKey(basename(word))) {
                    tools.add(basename(word));
                }
            }
        }
        return tools;
    }

    private static String basename(String word) {
        return word.substring(word.lastIndexOf('/') + 1);
    }

    /** One entry per package, first reason kept, in first-need order. */
    public static List<Need> merge(List<Need> needs) {
        Map<String, Need> byName = new LinkedHashMap<>();
        needs.stream().filter(Objects::nonNull).forEach(n -> byName.putIfAbsent(n.name(), n));
        return List.copyOf(byName.values());
    }

    /** The package names of {@code needs}, in order. */
    public static List<String> names(List<Need> needs) {
        return needs.stream().map(Need::name).toList();
    }
}
