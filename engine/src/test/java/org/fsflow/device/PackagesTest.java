package org.fsflow.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.Planner;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

class PackagesTest {

    private static Plan plan(String text) throws Exception {
        var s = ScenarioLoader.load(SourceText.of("p.yaml", text), Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
    }

    private static Plan shipped(String name) throws Exception {
        var s = ScenarioLoader.load(Path.of("../scenarios", name), Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
    }

    @Test
    void cds2009NeedsTheMkfsToolsOfItsCellsAndSourceAndAVmForReiserfsOnAKernelWithout() throws Exception {
        List<Packages.Need> needs = Packages.forPlan(shipped("cds-2009.yaml"), k -> !k.equals("reiserfs"));
        List<String> names = Packages.names(needs);
        assertTrue(
                names.containsAll(List.of(
                        "mount",
                        "kmod",
                        "time",
                        "e2fsprogs",
                        "xfsprogs",
                        "reiserfsprogs",
                        "qemu-system-x86",
                        "qemu-utils",
                        "busybox-static",
                        "cpio")),
                names.toString());
        assertFalse(names.contains("bonnie++"), names.toString());
        assertEquals(names.size(), names.stream().distinct().count(), "each package once");
        Packages.Need qemu = needs.stream()
                .filter(n -> n.name().equals("qemu-system-x86"))
                .findFirst()
                .orElseThrow();
        assertTrue(qemu.why().contains("reiserfs under another kernel"), qemu.why());
        Packages.Need xfs = needs.stream()
                .filter(n -> n.name().equals("xfsprogs"))
                .findFirst()
                .orElseThrow();
        assertEquals("filesystem xfs (mkfs.xfs)", xfs.why());
    }

    @Test
    void aKernelWithEveryFilesystemNeedsNoVm() throws Exception {
        List<String> names = Packages.names(Packages.forPlan(shipped("cds-2009.yaml"), k -> true));
        assertFalse(names.contains("qemu-system-x86"), names.toString());
        assertTrue(names.contains("reiserfsprogs"), "mkfs.reiserfs still formats the image");
    }

    @Test
    void aLifecycleRequiringZfsFuseAndBonnieStepsNeedTheirPackages() throws Exception {
        List<Packages.Need> needs = Packages.forPlan(shipped("raidz-bonnie.yaml"), k -> true);
        List<String> names = Packages.names(needs);
        assertTrue(names.containsAll(List.of("zfs-fuse", "bonnie++")), names.toString());
        assertTrue(
                needs.stream()
                        .anyMatch(n -> n.why().equals("filesystem zfs (requires zfs-fuse)")
                                || n.why().startsWith("filesystem ")),
                needs.toString());
        assertTrue(Packages.unknownTools(shipped("raidz-bonnie.yaml")).isEmpty());
    }

    @Test
    void theWorkloadsOfTheLibraryNeedTheToolsTheirStepsCall() throws Exception {
        var s = ScenarioLoader.load(Path.of("src/test/resources/valid/workloads.yaml"), Overrides.NONE)
                .scenario();
        Plan p = Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
        List<String> names = Packages.names(Packages.forPlan(p, k -> true));
        assertTrue(names.containsAll(List.of("fio", "dbench", "sysbench", "tar")), names.toString());
        assertTrue(Packages.unknownTools(p).isEmpty(), Packages.unknownTools(p).toString());
    }

    @Test
    void onlyTheFilesystemsOfTheMatrixAfterSetCountAndUnknownToolsAreNamed() throws Exception {
        Plan p = plan("""
                fsflow: 1
                name: p
                devices:
                  target: { loop: { size: 1G } }
                filesystems:
                  btrfs: {}
                  odd:
                    lifecycle:
                      requires: [oddfs-tool]
                      create: oddfs-tool mk ${target.dev}
                matrix: { filesystem: [btrfs, odd] }
                steps:
                  - mkfs
                  - name: io
                    run: /usr/bin/fio --name=x --directory=${target.mnt} && sync
                    parse: fio
                """);
        List<String> names = Packages.names(Packages.forPlan(p, k -> true));
        assertTrue(names.containsAll(List.of("btrfs-progs", "fio")), names.toString());
        assertFalse(names.contains("e2fsprogs"), "no source device, no ext4: " + names);
        assertEquals(List.of("oddfs-tool"), Packages.unknownTools(p));
    }

    @Test
    void theTestsNeedEveryBuiltInMkfsToolTheVmAndABrowser() {
        List<String> names = Packages.names(Packages.forTests());
        assertTrue(
                names.containsAll(List.of(
                        "openjdk-17-jdk-headless",
                        "maven",
                        "chromium",
                        "e2fsprogs",
                        "xfsprogs",
                        "btrfs-progs",
                        "f2fs-tools",
                        "dosfstools",
                        "jfsutils",
                        "reiserfsprogs",
                        "bonnie++",
                        "fio",
                        "zfs-fuse",
                        "time",
                        "qemu-system-x86",
                        "user-mode-linux",
                        "busybox-static",
                        "cpio")),
                names.toString());
    }

    @Test
    void theLauncherBootstrapsExactlyTheLauncherPackages() throws Exception {
        // the launcher installs these before any jar exists, so it keeps its own copy of the list
        Matcher m =
                Pattern.compile("(?m)^launcher_packages=\"([^\"]*)\"$").matcher(Files.readString(Path.of("../fsflow")));
        assertTrue(m.find(), "launcher_packages=... in ./fsflow");
        assertEquals(Packages.names(Packages.LAUNCHER), List.of(m.group(1).split(" ")));
    }
}
