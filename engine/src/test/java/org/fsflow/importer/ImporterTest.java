package org.fsflow.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.TestPaths;
import org.fsflow.TestResults;
import org.fsflow.cli.Cli;
import org.fsflow.result.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Import of seed 003's bonnie++ 1.03 CSV: every filesystem's 8 runs, with mean and spread of every
 * column. Expected values computed independently with Python 3.11's statistics.mean and
 * statistics.stdev on the same CSV.
 */
class ImporterTest {

    @TempDir
    Path dir;

    // filesystem -> column -> {mean, stdev} (Python)
    static final Map<String, Map<String, double[]>> EXPECTED = Map.of(
            "xfs",
                    Map.of(
                            "put_block_kib_s",
                            new double[] {170029.125, 3108.1977064116845},
                            "rewrite_kib_s",
                            new double[] {77186.25, 2979.7821468787183},
                            "get_block_kib_s",
                            new double[] {192057.25, 3258.836503591866},
                            "seeks_per_s",
                            new double[] {623.1125, 15.839592121371954},
                            "ran_del_per_s",
                            new double[] {4703.5, 66.88369436139553},
                            "put_block_cpu_pct",
                            new double[] {36.875, 1.1259916264596033}),
            "ext3",
                    Map.of(
                            "put_block_kib_s",
                            new double[] {177826.75, 5893.836338558637},
                            "seq_create_per_s",
                            new double[] {3332.125, 12.14716310208155},
                            "ran_del_per_s",
                            new double[] {11025.375, 57.0261531479824}),
            "reiserfs",
                    Map.of(
                            "get_block_kib_s",
                            new double[] {161737.375, 6872.173952926812},
                            "seq_create_per_s",
                            new double[] {28483.25, 113.13045566954992}),
            "jfs",
                    Map.of(
                            "rewrite_kib_s",
                            new double[] {91937.625, 2373.335382807435},
                            "seq_create_per_s",
                            new double[] {11405.0, 400.90397852852493}));

    @Test
    void seed003GivesEachFilesystemsMeanAndSpreadOverItsEightRuns() throws Exception {
        Path csv = TestPaths.resources("parse/seed-003-bonnie-1.03.csv");
        Path out = dir.resolve("seed-003");
        Cli r = Cli.run("import", "bonnie", csv.toString(), "--out", out.toString(), "--label", "name=seed-003");
        assertEquals(0, r.exitCode(), r.err());
        List<JsonNode> rows = TestResults.read(out);
        assertEquals(32, rows.size());
        for (var fs : EXPECTED.entrySet()) {
            List<JsonNode> mine = rows.stream()
                    .filter(x -> x.get("filesystem").asText().equals(fs.getKey()))
                    .toList();
            assertEquals(8, mine.size(), fs.getKey());
            for (var col : fs.getValue().entrySet()) {
                double[] v = mine.stream()
                        .mapToDouble(x -> x.get("metrics").get(col.getKey()).asDouble())
                        .toArray();
                Summary s = Summary.of(v);
                assertEquals(col.getValue()[0], s.mean(), 1e-9, fs.getKey() + " " + col.getKey());
                assertEquals(col.getValue()[1], s.sd(), 1e-9, fs.getKey() + " " + col.getKey());
            }
        }
        String md = Files.readString(out.resolve("report.md"));
        // ± is the 95 % interval's half-width, as everywhere in a report: sd 3108 over 8 runs, t 2.365
        assertTrue(md.contains("| xfs | 8 | 170029 ± 2599 | 37 ± 0.9 | 77186 ± 2491 |"), md);
        assertTrue(md.contains("| ext3 | 8 |") && md.contains("+++++ | +++"), "too fast shown as bonnie shows it");
        assertTrue(Files.readString(out.resolve("report.html")).contains("Imported from"));
    }

    @Test
    void gnuTimeLogsOfSeed000() throws Exception {
        Path log = dir.resolve("bench.ext3.txt");
        Files.copy(TestPaths.resources("parse/seed-000-bench.ext3.txt"), log);
        Path out = dir.resolve("seed-000");
        Cli r = Cli.run("import", "gnu-time", log.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        List<JsonNode> rows = TestResults.read(out);
        assertEquals(5, rows.size());
        assertEquals("ext3", rows.get(0).get("filesystem").asText(), "from bench.<fs>.txt as seed 000 named its logs");
        assertEquals("mkfs.ext3 /dev/sdb3", rows.get(0).get("step").asText());
        assertEquals(63.35, rows.get(0).get("real_s").asDouble());
        assertEquals("failed", rows.get(3).get("status").asText(), "a non-zero exit status is a failure");
    }

    @Test
    void bonnieLinesWhoseFiguresCannotBeReadAreRefusedByTheirLineNumbers() throws Exception {
        List<String> lines = Files.readAllLines(TestPaths.resources("parse/seed-003-bonnie-1.03.csv"));
        List<String> damaged = new java.util.ArrayList<>(lines.subList(0, 4));
        damaged.set(1, damaged.get(1).replace(",168295,", ",NaN,")); // a rate that is not a number
        String[] f = damaged.get(3).split(",", -1);
        f[5] = "-" + f[5]; // a negative %CPU
        damaged.set(3, String.join(",", f));
        damaged.add("xfs,2G,,,171804,38,79207,16,,,192136"); // 11 fields: not bonnie++'s, a comment-like line
        damaged.add(lines.get(0) + ",1,2"); // 29 fields: no known layout
        Path csv = Files.write(dir.resolve("damaged.csv"), damaged);
        Path out = dir.resolve("o");
        Cli r = Cli.run("import", "bonnie", csv.toString(), "--out", out.toString());
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(
                r.err()
                        .contains("3 lines of bonnie++ CSV could not be read: lines 2 (put_block_kib_s 'NaN'), "
                                + "4 (put_block_cpu_pct '-37'), 6 (29 fields); correct or remove them"),
                r.err());
        assertFalse(Files.exists(out), "nothing imported");
        assertTrue(r.noStackTrace());
        // the same damaged output from a step is read as far as it goes: its good lines' figures
        assertEquals(
                4, org.fsflow.parse.BonnieCsv.parse(String.join("\n", damaged)).size());
    }

    @Test
    void aFileThatIsNotBonnieCsvIsAClearError() throws Exception {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "hello,world\n");
        Cli r = Cli.run(
                "import", "bonnie", bad.toString(), "--out", dir.resolve("o").toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().contains("no bonnie++ CSV line"), r.err());
        assertTrue(r.noStackTrace());
    }
}
