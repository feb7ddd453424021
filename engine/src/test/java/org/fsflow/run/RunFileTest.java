package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
            })
    void aDamagedRunJsonIsRefusedNamingTheFileAndWhatToDo(String text, String problem) throws Exception {
        Path file = Files.writeString(out.resolve("run.json"), text);
        RunFailure e = assertThrows(RunFailure.class, () -> RunFile.check(out));
        String m = e.getMessage();
        assertTrue(m.contains(file + " is damaged (") && m.contains(problem), m);
        assertTrue(m.contains("not resumed with defaults") && m.contains("fsflow run FILE --out " + out), m);
    }
}
