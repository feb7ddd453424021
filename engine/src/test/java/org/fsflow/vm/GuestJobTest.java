package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.TestPaths;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The resolved steps of a guest cell as the data its agent reads: a golden job, and argv round trips. */
class GuestJobTest {

    private static final String GOLDEN = "vm/guest-job.txt";

    @TempDir
    Path dir;

    // two repetitions of a guest cell, planned as run plans them, with the guest's disk for the target
    private List<GuestStep> planned() throws Exception {
        String yaml = """
                fsflow: 1
                name: guest
                devices: { target: { loop: { size: 1GiB } } }
                kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
                filesystems: { reiserfs: { kernel: debian-6.1 } }
                datasets: { ds: { dirs: 2, files: 3, size: 4KiB } }
                matrix: { dataset: [ds], filesystem: [reiserfs] }
                repeat: 2
                memory: 512MiB
                steps:
                  - mkfs
                  - mount
                  - name: copy
                    run: cp -r ${dataset.path} ${target.mnt}
                    flush: true
                    verify: true
                    timeout: 10m
                  - name: walk
                    run: find ${target.mnt} -type f -name "*" | wc -l
                    drop_caches: true
                    on_error: continue
                  - umount
                """;
        Layout layout = new Layout(dir.resolve("out"), dir.resolve("work"));
        Plan plan = Planner.plan(
                ScenarioLoader.load(SourceText.of("s.yaml", yaml), Overrides.NONE)
                        .scenario(),
                layout,
                0);
        List<GuestStep> steps = new ArrayList<>();
        Integer repeat = null;
        for (PlanNode n : plan.nodes()) {
            if (n.step() != null && !n.step().skipped()) {
                steps.add(GuestSteps.of(
                        n,
                        n.step().bind(Map.of("target", "/dev/vda")),
                        !Integer.valueOf(n.repeat()).equals(repeat)));
                repeat = n.repeat();
            }
        }
        return steps;
    }

    @Test
    void theResolvedStepsOfAGuestCellAreTheJobsDataLineByLine() throws Exception {
        List<GuestMount> source = List.of(new GuestMount("/dev/vdb", dir + "/work/datasets", "ext4", true));
        String job = GuestJob.of(source, List.of(dir + "/work/mnt/target"), planned())
                .replace(dir.toString(), "$DIR");
        Path golden = TestPaths.resources(GOLDEN);
        if (Boolean.getBoolean("fsflow.updateGolden")) {
            Files.writeString(golden, job);
        }
        assertEquals(Files.readString(golden), job);
    }

    @Test
    void everyArgumentVectorComesBackWordForWordInTheGuestsShellAndTheHosts() throws Exception {
        List<String> argv =
                List.of("printf", "%s\\n", "a b", "it's", "x\ny\n", "", "$HOME", "`id`", "\"q\"", "*", "\t");
        String line = GuestJob.words(argv);
        assertTrue(line.indexOf('\n') < 0, line);
        List<List<String>> shells = new ArrayList<>(List.of(List.of("sh")));
        if (Files.isExecutable(Initramfs.BUSYBOX)) {
            shells.add(List.of(Initramfs.BUSYBOX.toString(), "sh"));
        }
        for (List<String> shell : shells) {
            List<String> command = new ArrayList<>(shell);
            // the agent's decoding: NL defined, then eval "set -- LINE"
            command.addAll(List.of(
                    "-c", "NL='\n'; eval \"set -- $1\"; for a in \"$@\"; do printf '%s\\0' \"$a\"; done", "sh", line));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
            assertEquals(argv, List.of(out.split("\0", -1)).subList(0, argv.size()), shell + ": " + out);
            assertEquals(argv.size(), out.chars().filter(c -> c == 0).count(), shell + ": " + out);
        }
    }

    @Test
    void theAgentReadsEveryKeyAJobHas() {
        GuestStep every = new GuestStep(
                "c/r1/all",
                List.of("true"),
                List.of("true"),
                List.of("true"),
                true,
                5,
                Scenario.OnError.ABORT,
                true,
                1L << 26,
                "/m",
                "/d",
                "/m/d",
                List.of("true"));
        String job =
                GuestJob.of(List.of(new GuestMount("/dev/vdb", "/d", "ext4", true)), List.of("/m"), List.of(every));
        List<String> keys =
                job.lines().skip(1).map(l -> l.split(" ", 2)[0]).distinct().toList();
        assertTrue(
                keys.containsAll(List.of("argv", "before", "after", "release", "verify_copy", "run")), keys.toString());
        for (String key : keys) {
            assertTrue(GuestAgent.script().contains("\n    " + key + ") "), "the agent has no case for '" + key + "'");
        }
    }

    @Test
    void aValueThatWouldBreakItsLineIsRefused() {
        GuestStep step = new GuestStep(
                "c/r1/x",
                List.of("true"),
                null,
                null,
                false,
                1,
                Scenario.OnError.CONTINUE,
                true,
                -1,
                "/a\nb",
                null,
                null,
                null);
        VmException e = assertThrows(VmException.class, () -> GuestJob.of(List.of(), List.of(), List.of(step)));
        assertTrue(e.getMessage().startsWith("cannot hand 'flush' to the guest: "), e.getMessage());
    }
}
