package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Planner;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.ScenarioCopy;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The filesystems' types the run records in environment.json (what pairs a guest's cells with the
 * host's) are the ones a report of an older run takes from its scenario copy, for every shipped
 * scenario.
 */
class FilesystemTypesTest {

    static List<Path> scenarios() throws Exception {
        try (var list = Files.list(TestPaths.root().resolve("scenarios"))) {
            return list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void theRecordedTypesAreTheScenarioCopys(Path scenario, @TempDir Path dir) throws Exception {
        var loaded = ScenarioLoader.load(scenario, Overrides.NONE).scenario();
        var plan = Planner.plan(loaded, new Layout(dir.resolve("out"), dir.resolve("work")), 1);
        var recorded = Environment.campaign(plan).filesystemTypes();
        assertFalse(recorded.isEmpty(), scenario.toString());
        Files.writeString(dir.resolve(ScenarioCopy.FILE), loaded.provenance().effectiveText());
        assertEquals(ScenarioCopy.filesystemTypes(dir, RunEnvironment.read(dir)), recorded, scenario.toString());
    }
}
