package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fsflow.TestPaths;
import org.fsflow.lang.SourceText;
import org.junit.jupiter.api.Test;

/** workload: a library step written out as the step a user would write, read by the same reader. */
class WorkloadTest {

    private static Map<String, Step> steps() throws Exception {
        return steps(Overrides.NONE);
    }

    private static Map<String, Step> steps(Overrides overrides) throws Exception {
        String text = Files.readString(TestPaths.resources("valid").resolve("workloads.yaml"));
        Scenario s = ScenarioLoader.load(SourceText.of("workloads.yaml", text), overrides)
                .scenario();
        return s.steps().stream().collect(Collectors.toMap(Step::name, Function.identity()));
    }

    private static String words(Command c) {
        return String.join(" ", c.parts().stream().map(Template::text).toList());
    }

    @Test
    void everyWorkloadOfTheLibraryReadsAsAValidStep() throws Exception {
        Map<String, Step> steps = steps();
        for (Workload w : Workload.values()) {
            boolean used = steps.containsKey(w.keyword()) || w == Workload.SYSBENCH_FILEIO;
            assertTrue(used, w.keyword() + " is not in valid/workloads.yaml");
        }
        assertTrue(steps.containsKey("fileio"), "name: wins over the workload's name");
    }

    @Test
    void theSchemaNamesEveryWorkloadOfTheLibrary() throws Exception {
        JsonNode schema = new ObjectMapper()
                .readTree(
                        TestPaths.root().resolve("schema/scenario.schema.json").toFile());
        List<String> named = new ArrayList<>();
        for (JsonNode alternative : schema.at("/$defs/step/oneOf")) {
            alternative.at("/properties/workload/enum").forEach(n -> named.add(n.asText()));
        }
        assertEquals(Workload.keywords(), named);
    }

    @Test
    void untarUnpacksTheArchiveFlushesAndVerifies() throws Exception {
        Step untar = steps().get("untar");
        assertTrue(words(untar.run()).contains("tar -xf ${dataset.archive}"), words(untar.run()));
        assertTrue(untar.flush());
        assertNotNull(untar.verify());
        assertEquals(15, untar.where().line(), "a workload's step is placed at its workload: line");
    }

    @Test
    void theParametersAreWrittenInBytesAndTheStepsOwnKeysStay() throws Exception {
        Map<String, Step> steps = steps();
        String small = words(steps.get("small-files").run());
        assertTrue(small.contains("--nrfiles=200") && small.contains("--filesize=4096"), small);
        assertTrue(small.contains("--fsync_on_close=1"), small);
        // a parameter is read with the scenario (after --set) and written in bytes too: fio would read
        // the 8MiB of params as 8,000,000 bytes (its default kb_base), fsflow's MiB is 1024 x 1024
        Step fsync = steps.get("randwrite-fsync");
        assertTrue(words(fsync.run()).contains("--size=8388608"), words(fsync.run()));
        assertTrue(
                words(steps(new Overrides(List.of("params.fio_size=4MiB"), 1.0))
                                .get("randwrite-fsync")
                                .run())
                        .contains("--size=4194304"),
                "--set reaches it");
        assertEquals(java.time.Duration.ofMinutes(5), fsync.timeout());
        assertEquals("fio", fsync.parse());
        assertTrue(words(steps.get("randread-qd32").run()).contains("--size=8388608"));
        Step seqRead = steps.get("seq-read");
        assertTrue(seqRead.dropCaches());
        assertTrue(words(seqRead.before()).contains("--create_only=1"), words(seqRead.before()));
        Step scan = steps.get("cold-scan");
        assertTrue(scan.dropCaches());
        assertEquals("entries", scan.figures().metrics().get(0).name());
        Step fileio = steps.get("fileio");
        assertTrue(words(fileio.run()).contains("--file-test-mode=rndwr --time=3 run"), words(fileio.run()));
        assertTrue(words(fileio.after()).contains("cleanup"));
        assertEquals(3, fileio.figures().metrics().size());
        assertFalse(steps.get("dbench").run().shell());
        assertNull(steps.get("delete-tree").verify());
    }
}
