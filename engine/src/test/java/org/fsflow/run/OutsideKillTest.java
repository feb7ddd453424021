package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.host.StepEnd;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step killed by a signal fsflow did not send, on the fake executor: recorded as a failure
 * naming the signal when the run outlives the kill, not recorded (and run again by resume) when
 * fsflow is interrupted within {@link StepEnd#GRACE} of it.
 */
class OutsideKillTest {

    @TempDir
    Path dir;

    final StringWriter printed = new StringWriter();

    Plan plan() throws Exception {
        String yaml = """
                fsflow: 1
                name: k
                devices: { target: { dir: %s } }
                matrix: { n: [a, b] }
                steps:
                  - name: s1
                    run: s1-${cell.n}
                  - name: s2
                    run: s2-${cell.n}
                """.formatted(dir);
        return Planner.plan(
                ScenarioLoader.load(SourceText.of(dir.resolve("s.yaml").toString(), yaml), Overrides.NONE)
                        .scenario(),
                new Layout(dir.resolve("out"), dir.resolve("work")),
                0);
    }

    Runner runner(Plan plan, FakeExecutor fake, boolean resume) {
        return new Runner(plan, fake, new RunOptions(new PrintWriter(printed), false, resume));
    }

    List<Measurement> journal() {
        return Journal.read(dir.resolve("out").resolve(Journal.FILE));
    }

    @Test
    void aStepKilledFromOutsideWhileTheRunGoesOnIsAFailureNamingTheSignal() throws Exception {
        FakeExecutor fake = new FakeExecutor().exit("s1-a", 137);
        long start = System.nanoTime();
        Runner.Summary s = runner(plan(), fake, false).run();
        assertTrue(System.nanoTime() - start >= StepEnd.GRACE.toNanos(), "held for the grace before it is recorded");
        assertEquals(new Runner.Summary(2, 1, 1, false, false), s, "on_error skip_cell: the cell's rest is skipped");
        Measurement killed = journal().get(0);
        assertEquals("a/r1/s1", killed.node());
        assertEquals(Status.FAILED, killed.status());
        assertEquals("SIGKILL", killed.signal());
        assertTrue(killed.reason().startsWith("killed by SIGKILL from outside fsflow"), killed.reason());
        assertEquals(4, journal().size(), "the run went on");
    }

    @Test
    void aStepKilledTogetherWithFsflowIsNotRecordedAndResumeRunsItOnce() throws Exception {
        Plan plan = plan();
        FakeExecutor first = new FakeExecutor().exit("s2-a", 143);
        Runner runner = runner(plan, first, false);
        // fsflow's own SIGTERM comes a moment after its step died of the same one
        first.interruptDuring(
                "s2-a",
                () -> new Thread(() -> {
                            sleep(100);
                            runner.interrupt();
                        })
                        .start());
        Runner.Summary s = runner.run();
        assertTrue(s.interrupted());
        assertEquals(
                List.of("a/r1/s1"), journal().stream().map(Measurement::node).toList());
        assertTrue(printed.toString().contains("interrupted during a/r1/s2: not recorded"), printed.toString());

        Runner.Summary resumed = runner(plan, new FakeExecutor(), true).run();
        assertEquals(0, resumed.exitCode());
        List<Measurement> rows = journal();
        assertEquals(
                List.of("a/r1/s1", "a/r1/s2", "b/r1/s1", "b/r1/s2"),
                rows.stream().map(Measurement::node).toList());
        assertTrue(rows.stream().allMatch(Measurement::ok));
    }

    @Test
    void aStepThatFailsOfItselfIsRecordedAtOnceWithoutSignal() throws Exception {
        FakeExecutor fake = new FakeExecutor().exit("s1-a", 3);
        long start = System.nanoTime();
        runner(plan(), fake, false).run();
        assertTrue(System.nanoTime() - start < StepEnd.GRACE.toNanos(), "no grace for an ordinary failure");
        assertNull(journal().get(0).signal());
        assertTrue(
                journal().get(0).reason().startsWith("exit status 3"),
                journal().get(0).reason());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
