package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.host.RunFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** resume refuses a missing or damaged run.json with one error naming it, never runs with defaults. */
class RunFileTest {

    @TempDir
    Path out;

    static final String GOOD = "{\"sets\":[],\"scale\":1.0,\"seed\":7,\"out\":\"/o\",\"work\":\"/w\"}";

    @Test
    void aCompleteRunJsonPasses() throws Exception {
        Files.writeString(out.resolve("run.json"), GOOD);
        RunFile.check(out);
    }

    @Test
    void aScenarioCopyMissingAfterAKillIsRestoredFromTheRecordedFileWhenItIsUnchanged() throws Exception {
        Path scenario = Files.writeString(out.resolve("s.yaml"), "fsflow: 1\n");
        String sha = org.fsflow.safety.CachedFiles.sha256(scenario);
        Files.writeString(
                out.resolve("run.json"),
                GOOD.replace(
                        "}",
                        ",\"provenance\":{\"scenario_file\":\"" + scenario + "\",\"scenario_sha256\":\"" + sha
                                + "\"}}"));
        assertTrue(RunFile.restoreOriginal(out));
        assertEquals("fsflow: 1\n", Files.readString(out.resolve("scenario.original.yaml")));
        assertFalse(RunFile.restoreOriginal(out), "present: left as it is");

        Files.delete(out.resolve("scenario.original.yaml"));
        Files.writeString(scenario, "fsflow: 2\n");
        RunFailure e = assertThrows(RunFailure.class, () -> RunFile.restoreOriginal(out));
        assertTrue(e.getMessage().contains("has changed since the run started"), e.getMessage());
        assertFalse(Files.exists(out.resolve("scenario.original.yaml")));
    }

    @Test
    void noRunJsonSaysThereIsNothingToResume() {
        RunFailure e = assertThrows(RunFailure.class, () -> RunFile.check(out));
        assertTrue(e.getMessage().contains("no run.json") && e.getMessage().contains("fsflow run"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''|empty",
                "'{\"scale\":1.0,\"se'|not JSON",
                "'[1,2]'|not a JSON object",
                "'{\"scale\":1.0,\"seed\":7,\"out\":\"/o\"}'|'work' is missing or empty",
                "'{\"scale\":1.0,\"seed\":7,\"out\":\"/o\",\"work\":\"\"}'|'work' is missing or empty",
                "'{\"scale\":0,\"seed\":7,\"out\":\"/o\",\"work\":\"/w\"}'|not a valid number",
                "'{\"scale\":1,\"place_scales\":{\"guest\":2},\"seed\":7,\"out\":\"/o\",\"work\":\"/w\"}'"
                        + "|'place_scales' is not an object of scales above 0 and at most 1",
                "'{\"scale\":1,\"place_scales\":[0.1],\"seed\":7,\"out\":\"/o\",\"work\":\"/w\"}'"
                        + "|'place_scales' is not an object",
            })
    void aDamagedRunJsonIsRefusedNamingTheFileAndWhatToDo(String text, String problem) throws Exception {
        Path file = Files.writeString(out.resolve("run.json"), text);
        RunFailure e = assertThrows(RunFailure.class, () -> RunFile.check(out));
        String m = e.getMessage();
        assertTrue(m.contains(file + " is damaged (") && m.contains(problem), m);
        assertTrue(m.contains("not resumed with defaults") && m.contains("fsflow run FILE --out " + out), m);
    }
}
