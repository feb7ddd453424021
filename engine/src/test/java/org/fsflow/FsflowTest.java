package org.fsflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FsflowTest {

    @Test
    void theDefaultOutputNeverHoldsEarlierResults(@TempDir Path reports) throws Exception {
        assertEquals(reports.resolve("cds-2009"), Fsflow.defaultOut(reports, "cds-2009"));
        Files.createDirectories(reports.resolve("cds-2009"));
        Files.writeString(reports.resolve("cds-2009/results.jsonl"), "");
        assertEquals(reports.resolve("cds-2009"), Fsflow.defaultOut(reports, "cds-2009"), "an empty journal is free");
        Files.writeString(reports.resolve("cds-2009/results.jsonl"), "{}\n");
        assertEquals(
                reports.resolve("cds-2009-2"), Fsflow.defaultOut(reports, "cds-2009"), "published results are kept");
        Files.createDirectories(reports.resolve("cds-2009-2"));
        Files.writeString(reports.resolve("cds-2009-2/results.jsonl"), "{}\n");
        assertEquals(reports.resolve("cds-2009-3"), Fsflow.defaultOut(reports, "cds-2009"));
    }

    @Test
    void thePipelineStopsAtThePlanWithTheProvenanceCarriedByTheScenario() throws Exception {
        java.util.List<String> seen = new java.util.ArrayList<>();
        Fsflow.Listener listener = new Fsflow.Listener() {
            @Override
            public void loaded(org.fsflow.scenario.ScenarioLoader.Loaded loaded) {
                seen.add("loaded " + loaded.scenario().name());
            }

            @Override
            public void planned(org.fsflow.plan.Plan plan) {
                seen.add("planned " + plan.measuredCount());
            }
        };
        Path file = TestPaths.root().resolve("scenarios/cds-2009.yaml");
        var overrides = new org.fsflow.scenario.Overrides(java.util.List.of("repeat=1"), 0.5);
        Fsflow.Outcome o =
                Fsflow.pipeline(file, overrides, Path.of("/out"), Path.of("/work"), Fsflow.Stage.PLAN, null, listener);
        assertEquals(java.util.List.of("loaded cds-2009", "planned 105"), seen);
        assertEquals(null, o.run());
        assertEquals(java.util.List.of(), o.reports());
        var p = o.plan().scenario().provenance();
        assertEquals(file.toString(), p.file());
        assertEquals(o.scenario().source().sha256(), p.sha256());
        assertEquals(java.util.List.of("repeat=1"), p.sets());
        assertEquals(0.5, p.scale());
        assertEquals(true, p.effectiveText().contains("repeat: 1"), p.effectiveText());
    }

    @Test
    void aRelativeWorkDirectoryIsPlannedAbsoluteForTheStepsThatRunElsewhere() throws Exception {
        Path file = TestPaths.root().resolve("scenarios/quickstart.yaml");
        var loaded = Fsflow.load(file, org.fsflow.scenario.Overrides.NONE);
        org.fsflow.plan.Plan plan = Fsflow.plan(loaded.scenario(), Path.of("out"), Path.of("work/../work"));
        Path expected = Path.of("work").toAbsolutePath();
        assertEquals(expected, plan.layout().work());
        String mount = plan.nodes().stream()
                .filter(n -> n.step() != null && "mount".equals(n.step().name()))
                .findFirst()
                .orElseThrow()
                .command();
        assertEquals(true, mount.contains(" " + expected.resolve("mnt")), mount);
    }
}
