package org.fsflow.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.TestResults;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio JSON and hyperfine JSON imported as runs (files made here with fio 3.33 and hyperfine 1.15:
 * {@code fio --name=seqw --rw=write --size=4M --bs=64k --output-format=json}, twice, and
 * {@code hyperfine -N --runs 3 --export-json 'sleep 0.01' true}), then compared like any run.
 */
class ForeignImportTest {

    @TempDir
    Path dir;

    @Test
    void fioFilesAreRepetitionsOfTheirJobs() throws Exception {
        Path res = TestPaths.resources("import");
        Path out = dir.resolve("fio");
        Cli r = Cli.run(
                "import",
                "fio",
                res.resolve("fio-1.json").toString(),
                res.resolve("fio-2.json").toString(),
                "--out",
                out.toString(),
                "--label",
                "filesystem=ext4");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<JsonNode> rows = TestResults.read(out);
        assertEquals(2, rows.size());
        assertEquals("seqw", rows.get(0).get("step").asText());
        assertEquals(2, rows.get(1).get("repeat").asInt());
        assertEquals("ext4", rows.get(0).get("filesystem").asText());
        assertEquals(
                2097152000.0, rows.get(0).get("metrics").get("write.bw_bytes").asDouble());
        assertEquals(21333.333333, rows.get(1).get("metrics").get("write.iops").asDouble(), 1e-6);
        assertEquals(0.002, rows.get(1).get("real_s").asDouble(), 1e-12);
        assertTrue(Files.exists(out.resolve("report.html")));
    }

    @Test
    void hyperfineTimesAreRepetitionsOfTheirCommands() throws Exception {
        Path out = dir.resolve("hf");
        Cli r = Cli.run(
                "import",
                "hyperfine",
                TestPaths.resources("import/hyperfine.json").toString(),
                "--out",
                out.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<JsonNode> rows = TestResults.read(out);
        assertEquals(6, rows.size());
        assertEquals("sleep 0.01", rows.get(0).get("step").asText());
        assertEquals(0.011640542, rows.get(1).get("real_s").asDouble(), 1e-12);
        assertEquals(3, rows.get(5).get("repeat").asInt());
        assertEquals("true", rows.get(5).get("step").asText());

        Cli compared = Cli.run(
                "compare",
                out.toString(),
                out.toString(),
                "--out",
                dir.resolve("cmp").toString());
        assertEquals(0, compared.exitCode(), compared.out() + compared.err());
        assertTrue(Files.readString(dir.resolve("cmp/report.md")).contains("hyperfine/sleep 0.01"));
    }

    @Test
    void aFileThatIsNotWhatItSaysIsOneLine() throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"nothing\": 1}");
        Cli r = Cli.run(
                "import", "hyperfine", bad.toString(), "--out", dir.resolve("x").toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("no results"), r.err());
        assertTrue(r.noStackTrace(), r.err());
    }
}
