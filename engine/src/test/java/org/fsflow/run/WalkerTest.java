package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner's walk on the fake executor, no process started, no device, no root: execution
 * order, {@code on_error}, adaptive repetition and its cap, interrupt and resume. Each test runs
 * in milliseconds; RunnerIT and ResumeIT run the same behaviour with real processes.
 */
class WalkerTest {

    @TempDir
    Path dir;

    final StringWriter printed = new StringWriter();

    Plan plan(String yaml) throws Exception {
        Scenario s = ScenarioLoader.load(
                        SourceText.of(
                                dir.resolve("s.yaml").toString(),
                                "fsflow: 1\nname: w\ndevices: { target: { dir: " + dir + " } }\n" + yaml),
                        Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(dir.resolve("out"), dir.resolve("work")), 0);
    }

    Runner.Summary run(Plan plan, FakeExecutor fake, boolean resume) {
        return runner(plan, fake, resume).run();
    }

    Runner runner(Plan plan, FakeExecutor fake, boolean resume) {
        return new Runner(plan, fake, new RunOptions(new PrintWriter(printed), false, resume));
    }

    List<Measurement> journal() {
        return Journal.read(dir.resolve("out").resolve(Journal.FILE));
    }

    List<String> nodes() {
        return journal().stream().map(Measurement::node).toList();
    }

    @Test
    void stepsRunInPlanOrderWithBeforeAndAfterAroundTheirStep() throws Exception {
        Plan plan = plan("""
                matrix: { colour: [red, blue] }
                repeat: 2
                order: interleaved
                steps:
                  - name: one
                    before: echo before-${cell.colour}-${repeat}
                    run: echo one-${cell.colour}-${repeat}
                  - name: two
                    run: echo two-${cell.colour}-${repeat}
                    after: echo after-${cell.colour}-${repeat}
                """);
        FakeExecutor fake = new FakeExecutor();
        assertEquals(0, run(plan, fake, false).exitCode());
        List<String> expected = new ArrayList<>();
        for (PlanNode n : plan.nodes()) {
            if (n.measured()) {
                if (n.before() != null) {
                    expected.add(n.before());
                }
                expected.add(n.command());
                if (n.after() != null) {
                    expected.add(n.after());
                }
            }
        }
        assertEquals(
                expected,
                fake.measured().stream().map(c -> c.replace("sh -c ", "")).toList());
        assertEquals(
                List.of(
                        "echo before-red-1",
                        "echo one-red-1",
                        "echo two-red-1",
                        "echo after-red-1",
                        "echo before-blue-1"),
                expected.subList(0, 5));
        assertEquals(
                plan.nodes().stream()
                        .filter(PlanNode::measured)
                        .map(PlanNode::id)
                        .toList(),
                nodes());
        assertTrue(journal().stream().allMatch(m -> m.status() == Status.OK && "host".equals(m.virt())));
    }

    static final String FAILING = """
            matrix: { n: [a, b] }
            %s
            steps:
              - name: maybe-fail
                run: check-${cell.n}
              - name: next
                run: next-${cell.n}
            """;

    @Test
    void skipCellRecordsTheRestOfTheCellAsSkippedAndGoesOn() throws Exception {
        FakeExecutor fake = new FakeExecutor().exit("check-a", 3);
        Runner.Summary s = run(plan(FAILING.formatted("")), fake, false);
        assertEquals(1, s.exitCode());
        assertEquals(List.of("sh -c check-a", "sh -c check-b", "sh -c next-b"), fake.measured());
        List<Measurement> rows = journal();
        assertEquals(
                List.of(Status.FAILED, Status.SKIPPED, Status.OK, Status.OK),
                rows.stream().map(Measurement::status).toList());
        assertEquals(3, rows.get(0).exitCode());
        assertEquals("skipped because a/r1/maybe-fail failed", rows.get(1).reason());
        assertEquals(new Runner.Summary(2, 1, 1, false, false), s);
    }

    @Test
    void continueRunsTheRestOfTheCell() throws Exception {
        FakeExecutor fake = new FakeExecutor().exit("check-a", 3);
        Runner.Summary s = run(plan(FAILING.formatted("on_error: continue")), fake, false);
        assertEquals(1, s.exitCode());
        assertEquals(List.of("sh -c check-a", "sh -c next-a", "sh -c check-b", "sh -c next-b"), fake.measured());
        assertEquals(new Runner.Summary(3, 1, 0, false, false), s);
    }

    @Test
    void abortStopsTheCampaignAfterTheFailure() throws Exception {
        FakeExecutor fake = new FakeExecutor().exit("check-a", 3);
        Runner.Summary s = run(plan(FAILING.formatted("on_error: abort")), fake, false);
        assertEquals(1, s.exitCode());
        assertTrue(s.aborted());
        assertEquals(List.of("sh -c check-a"), fake.measured());
        assertEquals(List.of("a/r1/maybe-fail"), nodes());
        assertTrue(
                printed.toString().contains("aborting the campaign: step a/r1/maybe-fail failed"), printed.toString());
    }

    @Test
    void aStepsOwnOnErrorOverridesTheScenarios() throws Exception {
        Plan plan = plan("""
                on_error: abort
                steps:
                  - { name: tolerated, run: tolerated, on_error: continue }
                  - { name: after, run: after }
                """);
        FakeExecutor fake = new FakeExecutor().exit("tolerated", 1);
        assertEquals(1, run(plan, fake, false).exitCode());
        assertEquals(List.of("sh -c tolerated", "sh -c after"), fake.measured());
    }

    @Test
    void adaptiveRepeatAddsRoundsOnlyForNoisyCellsUpToMax() throws Exception {
        // axis values and a step named like repetitions: cells are matched by coordinates, not ids
        Plan plan = plan("""
                matrix: { kind: [steady, r1] }
                repeat: { min: 2, max: 4, target_cv: 10% }
                steps:
                  - name: r2
                    run: wait-${cell.kind}
                """);
        FakeExecutor fake = new FakeExecutor().seconds("wait-steady", 0.3).seconds("wait-r1", 0.1, 0.2, 0.3, 0.4, 0.5);
        assertEquals(0, run(plan, fake, false).exitCode());
        assertEquals(List.of("steady/r1/r2", "r1/r1/r2", "steady/r2/r2", "r1/r2/r2", "r1/r3/r2", "r1/r4/r2"), nodes());
        assertTrue(printed.toString().contains("adaptive repeat: 1 cells short of their target"), printed.toString());
    }

    @Test
    void aPrecisionTargetAddsRoundsUntilTheIntervalIsNarrowEnough() throws Exception {
        Plan plan = plan("""
                repeat: { min: 2, max: 10, precision: 5% }
                steps:
                  - name: wait
                    run: wait
                """);
        // the 95 % interval's half-width over the mean: 115 % at n = 2, then 22.6, 11.8, 8.0, 6.0 and
        // 4.85 % at n = 7 (t quantiles 12.71, 4.30, 3.18, 2.78, 2.57, 2.45)
        FakeExecutor fake = new FakeExecutor().seconds("wait", 1.0, 1.2, 1.1);
        assertEquals(0, run(plan, fake, false).exitCode());
        assertEquals(7, nodes().size(), nodes().toString());
        assertTrue(
                printed.toString().contains("adaptive repeat: ended, every cell meets its target"), printed.toString());
    }

    @Test
    void aPrecisionTargetStopsAtMax() throws Exception {
        Plan plan = plan("""
                repeat: { min: 2, max: 4, precision: 5% }
                steps:
                  - name: wait
                    run: wait
                """);
        FakeExecutor fake = new FakeExecutor().seconds("wait", 1.0, 1.2, 1.1);
        assertEquals(0, run(plan, fake, false).exitCode());
        assertEquals(List.of("r1/wait", "r2/wait", "r3/wait", "r4/wait"), nodes());
        assertTrue(printed.toString().contains("still short of their target have max repetitions"), printed.toString());
    }

    @Test
    void aBudgetStopsTheRoundsWhenAnotherRepetitionNoLongerFits() throws Exception {
        Plan plan = plan("""
                matrix: { kind: [slow, quick] }
                repeat: { min: 2, max: 10, precision: 5%, budget: 9s }
                steps:
                  - name: wait
                    run: wait-${cell.kind}
                """);
        // spans: slow 2.0-2.4 s a repetition, quick 0.10-0.12 s; 4.4 + 0.22 s spent by the planned two
        // of each; the budget leaves 4.38 s: the quick cell gains most per second and fits each time,
        // the slow one fits once more (2.2 s), then no longer
        FakeExecutor fake =
                new FakeExecutor().seconds("wait-slow", 2.0, 2.4, 2.2).seconds("wait-quick", 0.10, 0.12, 0.11);
        assertEquals(0, run(plan, fake, false).exitCode());
        long slow = nodes().stream().filter(n -> n.startsWith("slow/")).count();
        assertEquals(3, slow, nodes().toString());
        assertTrue(printed.toString().contains("the budget leaves no room for another repetition"), printed.toString());
        double spent = org.fsflow.result.RepetitionSpans.spent(journal());
        assertTrue(spent <= 9.0, "spent " + spent);
    }

    @Test
    void adaptiveRepeatStopsOnceACellIsSteady() throws Exception {
        Plan plan = plan("""
                repeat: { min: 2, max: 10, target_cv: 10% }
                steps:
                  - name: wait
                    run: wait
                """);
        // CV of (1.0, 1.2) is 12.9 %: one more; of (1.0, 1.2, 1.1) 9.1 %: steady, well before max
        FakeExecutor fake = new FakeExecutor().seconds("wait", 1.0, 1.2, 1.1);
        assertEquals(0, run(plan, fake, false).exitCode());
        assertEquals(List.of("r1/wait", "r2/wait", "r3/wait"), nodes(), printed.toString());
    }

    @Test
    void warmUpRepetitionsRunFirstAndCountNeitherInTheCvNorTowardsMax() throws Exception {
        Plan plan = plan("""
                warmup: 1
                repeat: { min: 2, max: 3, target_cv: 10% }
                steps:
                  - name: wait
                    run: wait
                """);
        // the cold first run (5 s) would make any series noisy; without it 1.0, 1.5 is, then 1.5 caps at max
        FakeExecutor fake = new FakeExecutor().seconds("wait", 5.0, 1.0, 1.5, 1.5, 1.5);
        assertEquals(0, run(plan, fake, false).exitCode());
        assertEquals(List.of("r1/wait", "r2/wait", "r3/wait", "r4/wait"), nodes(), printed.toString());
        assertEquals(
                List.of(true, false, false, false),
                journal().stream().map(Measurement::warmup).toList());
    }

    static final String RETAKE = """
            repeat: 3
            %s
            steps:
              - name: wait
                run: wait
            """;

    @Test
    void aDisturbedMeasurementIsRetakenAndItsCellRunsOneMoreRepetition() throws Exception {
        Plan plan = plan(RETAKE.formatted("quiet: { retake: 2 }"));
        // other processes use 0.9 CPU during the second repetition only
        FakeExecutor fake = new FakeExecutor().seconds("wait", 1.0).others("wait", 0.0, 0.9, 0.0);
        assertEquals(0, run(plan, fake, false).exitCode());
        assertEquals(List.of("r1/wait", "r2/wait", "r3/wait", "r4/wait"), nodes(), printed.toString());
        List<Measurement> rows = journal();
        assertEquals(
                List.of(false, true, false, false),
                rows.stream().map(Measurement::takenAgain).toList());
        assertEquals(3, rows.stream().filter(Measurement::counted).count());
        assertTrue(rows.stream().allMatch(m -> m.disturbed() == null));
        assertTrue(printed.toString().contains("r2/wait was disturbed"), printed.toString());
        assertTrue(printed.toString().contains("retakes: 1 cell with a disturbed measurement"), printed.toString());

        FakeExecutor again = new FakeExecutor();
        assertEquals(0, run(plan, again, true).exitCode());
        assertEquals(List.of(), again.calls(), "a resumed run finds the retake done");
    }

    @Test
    void onceACellsRetakesAreSpentDisturbedMeasurementsAreMarkedAndCounted() throws Exception {
        Plan plan = plan(RETAKE.formatted("quiet: { retake: 1 }"));
        FakeExecutor fake = new FakeExecutor().seconds("wait", 1.0).others("wait", 0.0, 0.9);
        assertEquals(0, run(plan, fake, false).exitCode());
        List<Measurement> rows = journal();
        assertEquals(List.of("r1/wait", "r2/wait", "r3/wait", "r4/wait"), nodes(), printed.toString());
        assertEquals(
                List.of(false, true, false, false),
                rows.stream().map(Measurement::takenAgain).toList());
        assertEquals(
                java.util.Arrays.asList(null, null, true, true),
                rows.stream().map(Measurement::disturbed).toList());
        assertEquals(3, rows.stream().filter(Measurement::counted).count());
    }

    @Test
    void withoutRetakesADisturbedMeasurementIsNeitherMarkedNorTakenAgain() throws Exception {
        Plan plan = plan(RETAKE.formatted(""));
        FakeExecutor fake = new FakeExecutor().seconds("wait", 1.0).others("wait", 0.9);
        assertEquals(0, run(plan, fake, false).exitCode());
        assertEquals(List.of("r1/wait", "r2/wait", "r3/wait"), nodes());
        assertTrue(journal().stream().allMatch(m -> m.retaken() == null && m.disturbed() == null));
    }

    @Test
    void anInterruptStopsAfterTheRunningStepUnrecordedAndResumeRunsEachNodeOnce() throws Exception {
        Plan plan = plan("""
                matrix: { n: [a, b] }
                steps:
                  - name: s1
                    run: s1-${cell.n}
                  - name: s2
                    run: s2-${cell.n}
                  - name: s3
                    run: s3-${cell.n}
                """);
        FakeExecutor first = new FakeExecutor();
        Runner runner = runner(plan, first, false);
        first.interruptDuring("s2-b", runner::interrupt);
        Runner.Summary s = runner.run();
        assertEquals(3, s.exitCode());
        assertTrue(s.interrupted());
        assertEquals(
                List.of("a/r1/s1", "a/r1/s2", "a/r1/s3", "b/r1/s1"), nodes(), "the interrupted step is not recorded");
        assertFalse(first.measured().contains("sh -c s3-b"), "nothing runs after the interrupt");
        assertTrue(printed.toString().contains("interrupted during b/r1/s2: not recorded"), printed.toString());

        FakeExecutor second = new FakeExecutor();
        Runner.Summary resumed = run(plan, second, true);
        assertEquals(0, resumed.exitCode());
        assertEquals(List.of("sh -c s2-b", "sh -c s3-b"), second.measured(), "only what was not recorded runs");
        assertEquals(
                List.of("sh -c s1-b"),
                second.calls().stream()
                        .filter(FakeExecutor.Call::replay)
                        .map(FakeExecutor.Call::command)
                        .toList(),
                "the kept step of the cut unit is replayed, unmeasured");
        assertEquals(List.of("a/r1/s1", "a/r1/s2", "a/r1/s3", "b/r1/s1", "b/r1/s2", "b/r1/s3"), nodes());
        assertTrue(printed.toString().contains("resuming: 4 of 6 measured nodes already done"), printed.toString());
    }

    @Test
    void resumingAFinishedRunRunsNothing() throws Exception {
        Plan plan = plan("steps: [ { name: s, run: s } ]\nrepeat: 2\n");
        run(plan, new FakeExecutor(), false);
        FakeExecutor again = new FakeExecutor();
        assertEquals(0, run(plan, again, true).exitCode());
        assertEquals(List.of(), again.calls());
        assertEquals(List.of("r1/s", "r2/s"), nodes());
    }

    @Test
    void resumingCountsTheAddedRepetitionsApartFromThePlannedNodes() throws Exception {
        Plan plan = plan("""
                repeat: { min: 2, max: 10, precision: 5% }
                steps:
                  - name: wait
                    run: wait
                """);
        run(plan, new FakeExecutor().seconds("wait", 1.0, 1.2, 1.1), false);
        assertEquals(7, nodes().size(), nodes().toString());
        printed.getBuffer().setLength(0);
        run(plan, new FakeExecutor().seconds("wait", 1.0, 1.2, 1.1), true);
        assertTrue(
                printed.toString()
                        .contains("resuming: 2 of 2 measured nodes already done, and 5 measurements of "
                                + "repetitions added by adaptive or retake rounds"),
                printed.toString());
        assertTrue(
                printed.toString().lines().anyMatch(l -> l.matches("-\\s+7\\s+0\\s+0\\s+.*")),
                "the closing table counts the added repetitions too:\n" + printed);
    }

    @Test
    void aSecondInterruptSaysTheTeardownGoesOnAndHowToReleaseWhatIsLeft() throws Exception {
        Plan plan = plan("steps:\n  - name: one\n    run: echo one\n");
        Runner runner = runner(plan, new FakeExecutor(), false);
        runner.interrupt();
        assertFalse(printed.toString().contains("interrupted again"), printed.toString());
        runner.interrupt();
        assertTrue(
                printed.toString()
                        .contains("interrupted again: the teardown goes on until everything set up is "
                                + "released; if this process is killed, 'fsflow resume " + dir.resolve("out")
                                + "' releases what is "
                                + "left"),
                printed.toString());
        assertEquals(3, runner.run().exitCode(), "an interrupted run stops before its first node");
        assertTrue(nodes().isEmpty());
    }
}
