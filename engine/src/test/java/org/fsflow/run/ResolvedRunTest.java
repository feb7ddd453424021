package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.host.StepConditions;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.plan.ResolvedStep;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host runs each measured step exactly as the planner resolved it: argv, limit, budget, flush. */
class ResolvedRunTest {

    @TempDir
    Path dir;

    @Test
    void theHostExecutesTheResolvedStepsAndNothingElse() throws Exception {
        Scenario s = ScenarioLoader.load(
                        SourceText.of(dir.resolve("s.yaml").toString(), """
                                fsflow: 1
                                name: r
                                devices: { target: { dir: DIR } }
                                matrix: { memory: [256MiB, 1GiB] }
                                timeout: 5m
                                steps:
                                  - name: write
                                    run: [sh, -c, "echo ${cell.memory} > ${target.mnt}/f"]
                                    flush: true
                                    timeout: 30s
                                  - name: small
                                    run: cat ${target.mnt}/f
                                    memory: 128MiB
                                """.replace("DIR", dir.toString())),
                        Overrides.NONE)
                .scenario();
        Plan plan = Planner.plan(s, new Layout(dir.resolve("out"), dir.resolve("work")), 0);
        FakeExecutor fake = new FakeExecutor();
        Runner.Summary summary =
                new Runner(plan, fake, new RunOptions(new PrintWriter(new StringWriter()), false, false)).run();
        assertEquals(0, summary.exitCode());
        List<ResolvedStep> steps = plan.nodes().stream()
                .filter(PlanNode::measured)
                .map(PlanNode::step)
                .toList();
        List<FakeExecutor.Measured> expected = steps.stream()
                .map(st -> new FakeExecutor.Measured(st.command().argv(), st.timeout(), StepConditions.of(st)))
                .toList();
        assertEquals(expected, fake.withConditions());
        ResolvedStep write = steps.get(0);
        assertEquals(new StepConditions(256L << 20, dir), StepConditions.of(write));
        assertEquals(java.time.Duration.ofSeconds(30), write.timeout());
        assertEquals(
                new StepConditions(128L << 20, null),
                StepConditions.of(steps.get(1)),
                "a step's own budget wins over the cell's");
        assertEquals(1L << 30, steps.get(2).memoryBytes());
        assertEquals(4, fake.withConditions().size());
    }
}
