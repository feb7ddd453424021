package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.lang.SourceText;
import org.junit.jupiter.api.Test;

/** fio: a step's job options as YAML, one fio job named after the step, no shell, parsed as fio. */
class FioStepTest {

    @Test
    // a boolean is written with its value: fio's bare --create_on_open would take the next word as its
    // value, and a false must be said for an option whose default is true (randrepeat)
    void theOptionsBecomeFiosWordsInTheirOrder() throws Exception {
        String text = Files.readString(TestPaths.resources("valid").resolve("fio-step.yaml"));
        Scenario s = ScenarioLoader.load(SourceText.of("fio-step.yaml", text), Overrides.NONE)
                .scenario();
        Step fio = s.steps().stream()
                .filter(x -> x.name().equals("randwrite-fsync"))
                .findFirst()
                .orElseThrow();
        assertFalse(fio.run().shell(), "a word list: no shell between the reviewer and fio");
        assertEquals(
                List.of(
                        "fio",
                        "--name=randwrite-fsync",
                        "--output-format=json",
                        "--rw=randwrite",
                        "--bs=4k",
                        "--size=${params.size}",
                        "--fsync=1",
                        "--ioengine=psync",
                        "--runtime=5",
                        "--time_based=1",
                        "--randrepeat=0",
                        "--directory=${target.mnt}"),
                fio.run().parts().stream().map(Template::text).toList());
        assertEquals("fio", fio.parse());
    }
}
