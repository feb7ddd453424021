package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsflow verdicts DIR} prints the table and gates on a verdict; {@code --source FILE} of it
 * and of {@code fsflow report} checks another file's findings against the run and stores them.
 */
class VerdictsCommandTest {

    @TempDir
    Path dir;

    private Path run() throws IOException {
        Path input = TestPaths.resources("report/verdicts");
        Path out = dir.resolve("run");
        Files.createDirectories(out);
        for (String f : List.of("results.jsonl", "environment.json")) {
            Files.copy(input.resolve(f), out.resolve(f));
        }
        return out;
    }

    // the findings of the golden source.yaml, as a scenario would hold them
    private Path scenario() throws IOException {
        List<String> lines = Files.readAllLines(TestPaths.resources("report/verdicts/source.yaml"));
        Path file = dir.resolve("scenario-with-findings.yaml");
        Files.write(file, lines.subList(2, lines.size()));
        return file;
    }

    @Test
    void printsTheTableAndGatesOnContradictions() throws IOException {
        Path run = run();
        Cli plain = Cli.run("verdicts", run.toString(), "--source", scenario().toString());
        assertEquals(ExitCodes.OK, plain.exitCode(), plain.err());
        assertTrue(
                plain.out().contains("3 of 5 testable findings reproduced, 1 contradicted, 1 inconclusive"),
                plain.out());
        assertTrue(plain.out().contains("CONTRADICTED  block-read-zfs-higher"), plain.out());
        assertTrue(Files.readString(run.resolve("source.yaml")).startsWith("# The source section"));
        Cli gate = Cli.run("verdicts", run.toString(), "--fail-on", "contradicted");
        assertEquals(ExitCodes.FAILED, gate.exitCode());
        assertTrue(gate.out().contains("1 finding(s) contradicted: block-read-zfs-higher"), gate.out());
        Cli wrong = Cli.run("verdicts", run.toString(), "--fail-on", "contradicting");
        assertEquals(ExitCodes.USAGE, wrong.exitCode());
        assertTrue(wrong.noStackTrace(), wrong.err());
    }

    @Test
    void aRunWithoutFindingsIsSaidSo() throws IOException {
        Cli c = Cli.run("verdicts", run().toString());
        assertEquals(ExitCodes.FAILED, c.exitCode());
        assertTrue(c.err().contains("has no findings to judge"), c.err());
    }

    @Test
    void reportSourceChecksTheFindingsAgainstTheRun() throws IOException {
        Path run = run();
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, Files.readString(scenario()).replaceFirst("step: bonnie", "step: bonie"));
        Cli refused = Cli.run("report", run.toString(), "--source", bad.toString());
        assertEquals(ExitCodes.FAILED, refused.exitCode());
        assertTrue(
                refused.err()
                        .contains(bad + ":8:13: error: finding 'putc-zfs-lower': step 'bonie' is not in "
                                + "the run's steps (did you mean 'bonnie'?)"),
                refused.err());
        assertTrue(refused.noStackTrace(), refused.err());
        assertFalse(Files.exists(run.resolve("source.yaml")));

        Cli ok = Cli.run("report", run.toString(), "--source", scenario().toString());
        assertEquals(ExitCodes.OK, ok.exitCode(), ok.err());
        assertTrue(Files.readString(run.resolve("verdicts.json")).contains("\"verdict\" : \"contradicted\""));
        // later reports read the stored findings
        Files.delete(run.resolve("verdicts.json"));
        assertEquals(ExitCodes.OK, Cli.run("report", run.toString()).exitCode());
        String md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("Findings from `" + scenario() + " (sha256 "), md);
    }
}
