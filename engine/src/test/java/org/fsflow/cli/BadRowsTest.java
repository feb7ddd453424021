package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every row of a results.jsonl is accounted for, and no row gives an internal error: a line that
 * is not a measurement is named in the report (report.md and report.html) or refused with its
 * file and line by the commands that need every row; only a torn last line is cut without a word.
 */
class BadRowsTest {

    @TempDir
    Path dir;

    static final Path BASE = TestPaths.resources("compare/base");

    /** A copy of the stored run whose journal lines are {@code edit}ed; {@code end} ends the file. */
    private Path run(String name, UnaryOperator<List<String>> edit, String end) throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        Files.copy(BASE.resolve("environment.json"), d.resolve("environment.json"));
        List<String> lines = edit.apply(new ArrayList<>(Files.readAllLines(BASE.resolve("results.jsonl"))));
        Files.writeString(d.resolve("results.jsonl"), String.join("\n", lines) + end);
        return d;
    }

    private Path run(String name, int line, UnaryOperator<String> edit) throws IOException {
        return run(
                name,
                l -> {
                    l.set(line - 1, edit.apply(l.get(line - 1)));
                    return l;
                },
                "\n");
    }

    private static void named(Path d, String expected) throws IOException {
        Cli r = Cli.run("report", d.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.noStackTrace(), r.err());
        String md = Files.readString(d.resolve("report.md"));
        String html = Files.readString(d.resolve("report.html"));
        assertTrue(md.contains(expected), md);
        String count = expected.substring(0, Math.max(expected.indexOf(" ("), 0));
        assertTrue(html.contains(count.isEmpty() ? "could not be read" : count), "report.html names it too");
        assertFalse((md + html).contains("JsonReadFeature") || (md + html).contains("ALLOW_"), md);
    }

    @Test
    void aLineCutInTheMiddleIsNamedInTheReport() throws IOException {
        Path d = run("torn", 12, l -> l.substring(0, l.length() / 2));
        named(d, "1 row of results.jsonl could not be read: line 12 (line 12: the line ends in the middle of a row");
    }

    @Test
    void aJournalCutAfterItsRunEndedIsNamedThoughItsLastLineIsTorn() throws IOException {
        // the run ended with every row (end.json); half the file is left, its last line torn
        Path whole = run("whole", l -> l, "\n");
        org.fsflow.result.RunEnd.write(whole);
        long rows = Files.readAllLines(whole.resolve("results.jsonl")).size();
        String text = Files.readString(whole.resolve("results.jsonl"));
        Files.writeString(whole.resolve("results.jsonl"), text.substring(0, text.length() / 2));
        long left = text.substring(0, text.length() / 2).lines().count() - 1; // the last one torn
        Cli r = Cli.run("report", whole.toString());
        assertEquals(0, r.exitCode(), r.err());
        String md = Files.readString(whole.resolve("report.md"));
        assertTrue(
                md.contains("results.jsonl holds " + left + " of the " + rows
                        + " rows it held when the run ended (end.json, "),
                md);
        assertTrue(Files.readString(whole.resolve("report.html")).contains("rows it held when the run ended"));
        // the same journal whole: no word
        Files.writeString(whole.resolve("results.jsonl"), text);
        Cli.run("report", whole.toString());
        assertFalse(Files.readString(whole.resolve("report.md")).contains("when the run ended"));
    }

    @Test
    void twoBadLinesAreCountedAndNamed() throws IOException {
        Path d = run(
                "two",
                l -> {
                    l.set(11, l.get(11).replace("\"real_s\":", "\"real_s\":NaN,\"was\":"));
                    l.set(12, l.get(12).replaceFirst("\"real_s\":[0-9.e-]+", "\"real_s\":\"abc\""));
                    return l;
                },
                "\n");
        named(d, "2 rows of results.jsonl could not be read: lines 12, 13 (line 12: 'real\\_s' is NaN or infinite");
        assertTrue(Files.readString(d.resolve("report.md")).contains("line 13: 'real\\_s' is not a number (abc)"));
    }

    @Test
    void aCompleteLastLineWithNanIsNamedButATornOneIsCutSilently() throws IOException {
        Path nan = run("nan", 36, l -> l.replace("\"real_s\":", "\"real_s\":NaN,\"was\":"));
        named(nan, "1 row of results.jsonl could not be read: line 36");
        Path torn = run("torn-last", l -> l, "\n{\"node\":\"small/ext4/r9/mk");
        Cli r = Cli.run("report", torn.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertFalse(Files.readString(torn.resolve("report.md")).contains("could not be read"));
        assertEquals(0, Cli.run("export", "bmf", torn.toString()).exitCode(), "a crash's torn line is repaired");
    }

    @Test
    void numbersOutOfTheirRangeAreNamedWithTheirField() throws IOException {
        named(
                run("negative", 5, l -> l.replaceFirst("\"real_s\":[0-9.e-]+", "\"real_s\":-1")),
                "1 row of results.jsonl could not be read: line 5 (line 5: 'real\\_s' is negative (-1)");
        named(
                run("ages", 5, l -> l.replaceFirst("\"real_s\":[0-9.e-]+", "\"real_s\":1e29")),
                "1 row of results.jsonl could not be read: line 5 (line 5: 'real\\_s' is longer than a year of seconds");
        named(
                run("fraction", 5, l -> l.replace("\"repeat\":1", "\"repeat\":1.5")),
                "1 row of results.jsonl could not be read: line 5 (line 5: 'repeat' is not a whole number");
        named(
                run("huge", 5, l -> l.replace("\"repeat\":1", "\"repeat\":99999999999999999999")),
                "1 row of results.jsonl could not be read: line 5 (line 5: 'repeat' is out of range");
    }

    @Test
    void rowsWithoutStepOrStatusGiveNoInternalError() throws IOException {
        Path nostep = run("nostep", 4, l -> l.replaceFirst("\"step\":\"[^\"]*\",", ""));
        Path nostatus = run("nostatus", 4, l -> l.replaceFirst("\"status\":\"[^\"]*\",", ""));
        Path empty = run("empty", 4, l -> "{}");
        for (Path d : List.of(nostep, nostatus, empty)) {
            String field = d == nostatus ? "status" : "step";
            named(d, "1 row of results.jsonl could not be read: line 4 (line 4: it has no '" + field + "')");
            for (String[] args : List.of(
                    new String[] {"verdicts", d.toString()},
                    new String[] {"export", "bmf", d.toString()},
                    new String[] {
                        "compare",
                        BASE.toString(),
                        d.toString(),
                        "--out",
                        dir.resolve("c").toString()
                    },
                    new String[] {
                        "merge",
                        BASE.toString(),
                        d.toString(),
                        "--out",
                        dir.resolve("m").toString()
                    })) {
                Cli r = Cli.run(args);
                assertEquals(ExitCodes.FAILED, r.exitCode(), String.join(" ", args) + ": " + r.out() + r.err());
                assertTrue(r.noStackTrace(), r.err());
                assertTrue(
                        r.err().contains("results.jsonl:4: error: not a measurement: it has no '" + field + "'")
                                || args[0].equals("verdicts") && r.err().contains("no findings"),
                        String.join(" ", args) + ": " + r.err());
            }
        }
    }

    @Test
    void hugeTimesAreRefusedByCompareWithTheirLine() throws IOException {
        // 1e308 s once failed inside the statistics library; beyond a year of seconds it is no measurement
        Path big = run("big", 5, l -> l.replaceFirst("\"real_s\":[0-9.e-]+", "\"real_s\":1e308"));
        for (Path[] pair : List.of(new Path[] {BASE, big}, new Path[] {big, BASE})) {
            Cli r = Cli.run(
                    "compare",
                    pair[0].toString(),
                    pair[1].toString(),
                    "--out",
                    dir.resolve("c" + pair[0].getFileName()).toString());
            assertEquals(1, r.exitCode(), r.err());
            assertTrue(r.noStackTrace(), r.err());
            assertTrue(
                    r.err().contains("results.jsonl:5: error: not a measurement: 'real_s' is longer than a year"),
                    r.err());
        }
    }

    @Test
    void aRecursiveMacroIsOneLine() throws IOException {
        Path templates = Files.createDirectories(dir.resolve("templates"));
        Files.writeString(templates.resolve("report.md.ftl"), "<#macro m><@m/></#macro><@m/>\n");
        Path d = run("copy", l -> l, "\n");
        Cli r = Cli.run("report", d.toString(), "--templates", templates.toString());
        assertEquals(ExitCodes.FAILED, r.exitCode());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("report.md.ftl") && r.err().contains("calls itself without end"), r.err());
    }

    @Test
    void aGnuTimeLineThatCannotBeReadIsNamed() throws IOException {
        Path log = dir.resolve("bench.ext3.txt");
        Files.writeString(
                log,
                "ls : 1.00 real, 0.10 user, 0.20 sys, 30% cpu\n"
                        + "cp : -1.00 real, 0.10 user, 0.20 sys, 30% cpu\n"
                        + "rm : NaN real, 0.10 user, 0.20 sys, 30% cpu\n"
                        + "du : 2.00 real, 0.10 user, 0.20 sys, 30% cpu\n");
        Path out = dir.resolve("imported");
        Cli r = Cli.run("import", "gnu-time", log.toString(), "--out", out.toString());
        assertEquals(ExitCodes.FAILED, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("2 lines of GNU time output could not be read: lines 2, 3"), r.err());
        assertFalse(Files.exists(out), "nothing imported");
    }

    @Test
    void aLoneSurrogateIsWritten() throws IOException {
        Path d = run("surrogate", 3, l -> l.replace("\"command\":\"", "\"command\":\"\\ud800"));
        Cli r = Cli.run("report", d.toString());
        assertEquals(0, r.exitCode(), r.err());
        // shown as its code point, as every control or lone surrogate from a run directory is
        // (safety/Visible); readString fails on a file that is not valid UTF-8
        assertTrue(Files.readString(d.resolve("results.csv")).contains("\\ud800"), "written visibly");
    }
}
