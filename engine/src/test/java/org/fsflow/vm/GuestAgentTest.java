package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fsflow.result.Status;
import org.fsflow.scenario.Scenario;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The guest agent run on this host, by the guest's shell (busybox sh) and by the host's (dash),
 * against a temporary directory with real commands: its tagged lines go through the real parser
 * ({@link GuestProtocol}) to the outcomes the walker gets. No cgroup here (the job names none):
 * CPU and real time from GNU time, and a budget fails as in a guest without the memory controller.
 */
class GuestAgentTest {

    private static final Scenario.OnError CONTINUE = Scenario.OnError.CONTINUE;
    private static final Scenario.OnError SKIP_CELL = Scenario.OnError.SKIP_CELL;

    @TempDir
    Path dir;

    // the unmeasured phases the agent timed, "STEP KIND", in order
    final List<String> phases = new ArrayList<>();

    /** The shells the agent must run under: the guest's busybox sh (where it is installed) and sh. */
    static Stream<List<String>> shells() {
        List<List<String>> shells = new ArrayList<>(List.of(List.of("sh")));
        if (Files.isExecutable(Initramfs.BUSYBOX)) {
            shells.add(List.of(Initramfs.BUSYBOX.toString(), "sh"));
        }
        return shells.stream();
    }

    private static GuestStep step(String id, List<String> argv, long limit, Scenario.OnError onError, boolean first) {
        return new GuestStep(id, argv, null, null, false, limit, onError, first);
    }

    // runs the agent on the job of steps and hands its output, line by line, to the real parser
    private List<GuestResult> run(List<String> shell, List<GuestStep> steps) throws Exception {
        Path job = Files.writeString(dir.resolve("job"), GuestJob.of(null, List.of(), List.of(), steps));
        Path agent = Files.writeString(dir.resolve("agent.sh"), GuestAgent.script());
        List<String> command = new ArrayList<>(shell);
        command.addAll(List.of(agent.toString(), job.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<GuestResult> results = new ArrayList<>();
        GuestProtocol protocol = new GuestProtocol(steps, results::add);
        protocol.onPhase((step, kind, seconds) -> {
            assertTrue(seconds >= 0 && seconds < 60, kind + " " + seconds);
            phases.add(step + " " + kind);
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        out.lines().forEach(protocol::line);
        assertEquals(0, p.waitFor(), out);
        assertTrue(protocol.complete(), out);
        assertNull(protocol.setupFailure(), out);
        return results;
    }

    @ParameterizedTest
    @MethodSource("shells")
    void theAgentTimesEachStepSkipsTheRestOfAFailedRepetitionAndKillsAStepAtItsLimit(List<String> shell)
            throws Exception {
        List<GuestStep> steps = List.of(
                step("c/r1/true", List.of("true"), 60, SKIP_CELL, true),
                step("c/r1/sleep", List.of("sleep", "0.3"), 60, SKIP_CELL, false),
                step("c/r1/fail", List.of("sh", "-c", "echo boom >&2; exit 3"), 60, SKIP_CELL, false),
                step("c/r1/never", List.of("true"), 60, SKIP_CELL, false),
                step("c/r2/words", List.of("printf", "%s|", "a b", "it's", "x\ny", "", "$HOME"), 60, CONTINUE, true),
                step("c/r2/long", List.of("sleep", "30"), 1, CONTINUE, false),
                step("c/r2/last", List.of("sh", "-c", "echo out; echo err >&2"), 0, CONTINUE, false));
        List<GuestResult> r = run(shell, steps);
        assertEquals(7, r.size(), r.toString());
        assertEquals(Status.OK, r.get(0).outcome().status(), r.get(0).outcome().reason());
        double sleep = r.get(1).outcome().figures().realS();
        assertTrue(sleep >= 0.29 && sleep < 5, "sleep 0.3 took " + sleep + " s");
        assertEquals(Status.FAILED, r.get(2).outcome().status());
        assertEquals(3, r.get(2).outcome().exitCode());
        assertEquals("exit status 3: boom", r.get(2).outcome().reason());
        assertEquals(Status.SKIPPED, r.get(3).outcome().status());
        assertEquals("skipped because c/r1/fail failed", r.get(3).outcome().reason());
        // a new repetition starts afresh; its argument vector reached the command word for word
        assertEquals(Status.OK, r.get(4).outcome().status(), r.get(4).outcome().reason());
        assertEquals("a b|it's|x\ny||$HOME|", new String(r.get(4).stdout(), StandardCharsets.UTF_8));
        assertEquals(
                Status.TIMEOUT, r.get(5).outcome().status(), r.get(5).outcome().reason());
        assertEquals("killed after its time limit", r.get(5).outcome().reason());
        assertTrue(r.get(5).outcome().figures().realS() < 10, "killed at 1 s, not after sleep 30");
        assertEquals(Status.OK, r.get(6).outcome().status(), "on_error continue: the next step runs");
        assertEquals("out\n", new String(r.get(6).stdout(), StandardCharsets.UTF_8));
        assertEquals("err\n", new String(r.get(6).stderr(), StandardCharsets.UTF_8));
        assertEquals(GuestResult.CPU_METHOD, r.get(6).outcome().method().cpuMethod(), "no cgroup here: GNU time");
        assertNotNull(r.get(6).outcome().figures().maxRssKb(), "max RSS from GNU time");
    }

    @ParameterizedTest
    @MethodSource("shells")
    void theAgentFlushesInsideTheMeasuredTimeVerifiesTheCopyReleasesAndRefusesToRunUnbudgeted(List<String> shell)
            throws Exception {
        Path dataset = Files.createDirectories(dir.resolve("datasets/ds/d1"));
        Files.writeString(dataset.resolve("f1"), "one");
        Files.writeString(dataset.resolve("f2"), "two");
        Path target = Files.createDirectories(dir.resolve("mnt/target"));
        Path ds = dataset.getParent();
        String good = target.resolve("good").toString();
        String bad = target.resolve("bad").toString();
        List<GuestStep> steps = List.of(
                checked("c/r1/copy", "cp -r " + ds + " " + good, -1, target.toString(), ds.toString(), good),
                checked(
                        "c/r1/corrupt",
                        "cp -r " + ds + " " + bad + " && echo three > " + bad + "/d1/f2",
                        -1,
                        null,
                        ds.toString(),
                        bad),
                checked("c/r1/budget", "true", 128L << 20, null, null, null));
        List<GuestStep> all = new ArrayList<>(steps);
        List<String> nope = List.of("sh", "-c", "echo nope >&2; exit 2");
        all.add(new GuestStep("c/r1/before", List.of("true"), nope, null, false, 60, CONTINUE, false));
        all.add(released("c/r1/mkfs", List.of("true"), List.of("sh", "-c", "echo gone >&2; exit 1")));
        all.add(released("c/r1/mkfs2", List.of("echo", "made"), List.of("true")));
        List<GuestResult> r = run(shell, all);
        assertEquals(
                "release the device's blocks before mkfs (sh -c 'echo gone >&2; exit 1'): exit status 1: gone",
                r.get(4).outcome().reason());
        assertNull(r.get(4).outcome().figures(), "the mkfs did not run");
        assertEquals("made\n", new String(r.get(5).stdout(), StandardCharsets.UTF_8), "released, then run");
        GuestResult copy = r.get(0);
        assertEquals(Status.OK, copy.outcome().status(), copy.outcome().reason());
        Double flush = copy.outcome().around().flushS();
        assertNotNull(flush, "the flush was timed");
        assertTrue(copy.outcome().figures().realS() >= flush, "the flush is inside the real time");
        assertEquals(Status.FAILED, r.get(1).outcome().status());
        assertEquals(
                "verify: the copy " + bad + " differs from dataset 'ds': 0 of 2 files missing, 1 different; "
                        + "first: d1/f2 has 6 bytes instead of 3",
                r.get(1).outcome().reason());
        assertEquals(Status.FAILED, r.get(2).outcome().status());
        assertEquals(
                "memory budget: no cgroup v2 memory controller in the guest: no cgroup2 hierarchy",
                r.get(2).outcome().reason());
        assertNull(r.get(2).outcome().figures(), "never run unbudgeted");
        assertEquals(Status.FAILED, r.get(3).outcome().status());
        assertEquals("before: exit status 2: nope", r.get(3).outcome().reason());
        assertEquals(
                List.of("0 verify", "1 verify", "3 around", "4 release", "5 release"),
                phases,
                "the copies' verifications, the before: command and the releases, each timed as its phase");
    }

    @ParameterizedTest
    @MethodSource("shells")
    void aOneFileDatasetIsComparedWithItsCopyUnderAnyName(List<String> shell) throws Exception {
        Path dataset = Files.createDirectories(dir.resolve("datasets/iso"));
        byte[] bytes = new byte[10_000];
        bytes[4096] = 7;
        Files.write(dataset.resolve("fichier1"), bytes);
        String copy = dir.resolve("image.iso").toString();
        String src = dataset.resolve("fichier1").toString();
        List<GuestStep> steps = List.of(
                checked("c/r1/same", "cp " + src + " " + copy, -1, null, dataset.toString(), copy),
                checked(
                        "c/r1/flip",
                        "printf x | dd of=" + copy + " bs=1 seek=4096 conv=notrunc 2>/dev/null",
                        -1,
                        null,
                        dataset.toString(),
                        copy));
        List<GuestResult> r = run(shell, steps);
        assertEquals(Status.OK, r.get(0).outcome().status(), r.get(0).outcome().reason());
        assertEquals(
                "verify: the copy " + copy + " differs from dataset 'iso': 0 of 1 files missing, 1 different; "
                        + "first: image.iso differs at byte 4096",
                r.get(1).outcome().reason());
    }

    private static GuestStep checked(String id, String script, long budget, String flush, String dataset, String copy) {
        return new GuestStep(
                id,
                List.of("sh", "-c", script),
                null,
                null,
                false,
                60,
                CONTINUE,
                false,
                budget,
                flush,
                dataset,
                copy,
                null);
    }

    private static GuestStep released(String id, List<String> argv, List<String> release) {
        return new GuestStep(id, argv, null, null, false, 60, CONTINUE, false, -1, null, null, null, release);
    }
}
