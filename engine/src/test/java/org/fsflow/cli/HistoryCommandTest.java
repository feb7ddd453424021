package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fsflow.history.HistoryFixture;
import org.fsflow.result.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fsflow history}: its usage errors, its orders, what it keeps apart, and the gate. */
class HistoryCommandTest {

    @TempDir
    Path dir;

    // six runs a day apart; the copy gets 20 % slower from the fourth on
    private Path[] sixDays() throws IOException {
        Path[] runs = new Path[6];
        for (int i = 0; i < 6; i++) {
            double level = i < 3 ? 1.0 : 1.2;
            runs[i] = HistoryFixture.run(
                    dir.resolve("day" + (i + 1)),
                    "2026-11-0" + (i + 1) + "T10:00:00Z",
                    "6.1.0-57-amd64",
                    1,
                    Map.of("build", "b" + (i + 1)),
                    level * 0.99,
                    level * 1.01,
                    level * (1 + 0.004 * (i % 3)),
                    level * 0.995,
                    level * 1.005);
        }
        return runs;
    }

    private static String[] args(Path[] runs, String... rest) {
        String[] a = new String[1 + runs.length + rest.length];
        a[0] = "history";
        for (int i = 0; i < runs.length; i++) {
            a[1 + i] = runs[i].toString();
        }
        System.arraycopy(rest, 0, a, 1 + runs.length, rest.length);
        return a;
    }

    @Test
    void usageErrorsExit2WithOneClearLine() throws IOException {
        Path[] runs = sixDays();
        String out = dir.resolve("h").toString();
        Cli by = Cli.run(args(runs, "--out", out, "--by", "weekday"));
        assertEquals(ExitCodes.USAGE, by.exitCode());
        assertTrue(by.err().contains("--by 'weekday': expected date, commit, kernel or label:K"), by.err());
        Cli label = Cli.run(args(runs, "--out", out, "--by", "label:"));
        assertEquals(ExitCodes.USAGE, label.exitCode());
        Cli effect = Cli.run(args(runs, "--out", out, "--min-effect", "five"));
        assertEquals(ExitCodes.USAGE, effect.exitCode());
        assertTrue(effect.err().contains("--min-effect 'five': expected a percentage such as 2%"), effect.err());
        Cli p = Cli.run(args(runs, "--out", out, "--p-value", "1.5"));
        assertEquals(ExitCodes.USAGE, p.exitCode());
        assertTrue(p.err().contains("--p-value must be above 0 and below 1"), p.err());
        Cli gate = Cli.run(args(runs, "--out", out, "--fail-on", "slower"));
        assertEquals(ExitCodes.USAGE, gate.exitCode());
        assertTrue(gate.err().contains("expected worse:N%"), gate.err());
        Cli noOut = Cli.run(args(runs));
        assertEquals(ExitCodes.USAGE, noOut.exitCode());
        for (Cli c : new Cli[] {by, label, effect, p, gate, noOut}) {
            assertTrue(c.noStackTrace(), c.err());
        }
        assertFalse(Files.exists(dir.resolve("h")), "nothing written on a usage error");
    }

    @Test
    void theHelpListsTheExitCodesWithoutAFormattingWarning() {
        Cli c = Cli.run("history", "--help");
        assertEquals(ExitCodes.OK, c.exitCode());
        assertTrue(c.out().contains("worse than N %"), c.out());
        assertFalse((c.out() + c.err()).contains("WARN"), c.out() + c.err());
    }

    @Test
    void aDirectoryThatIsNotARunIsAUsageErrorNamingIt() throws IOException {
        Path[] runs = sixDays();
        Path empty = Files.createDirectories(dir.resolve("not-a-run"));
        Cli c = Cli.run(
                args(new Path[] {runs[0], empty}, "--out", dir.resolve("h").toString()));
        assertEquals(ExitCodes.USAGE, c.exitCode());
        assertTrue(c.err().contains(empty + " has no results.jsonl: give the output directory of a run"), c.err());
        assertTrue(c.noStackTrace(), c.err());
    }

    @Test
    void aTwentyPercentSlowerCopyIsOneWorseChangePointAndFailsTheGate() throws IOException {
        Path out = dir.resolve("h");
        Cli c = Cli.run(args(sixDays(), "--out", out.toString(), "--fail-on", "worse:5%"));
        assertEquals(ExitCodes.FAILED, c.exitCode(), c.out() + c.err());
        assertTrue(
                c.out()
                        .contains(
                                "worse: small/ext4 copy @ host real_s: 1.00 s before day4, 1.20 s at the newest run day6"),
                c.out());
        JsonNode h = Json.MAPPER.readTree(out.resolve("history.json").toFile());
        int changes = 0;
        for (JsonNode s : h.get("series")) {
            for (JsonNode ch : s.get("changes")) {
                changes++;
                assertEquals("copy", s.get("step").asText());
                assertEquals("real_s", s.get("metric").asText());
                assertEquals("day4", ch.get("after").asText());
                assertEquals("worse", ch.get("verdict").asText());
                assertEquals("runs", ch.get("units").asText());
                assertEquals(1.2, ch.get("ratio").asDouble(), 0.01);
            }
        }
        assertEquals(1, changes);
        assertEquals(
                5, h.get("series").get(0).get("points").get(0).get("samples").size(), "every repetition kept");
        Cli lenient = Cli.run(args(sixDays(), "--out", out.toString(), "--fail-on", "worse:25%"));
        assertEquals(ExitCodes.OK, lenient.exitCode(), lenient.out());
        assertTrue(lenient.out().contains("gate passed"), lenient.out());
        Cli big = Cli.run(args(sixDays(), "--out", out.toString(), "--min-effect", "30%"));
        assertTrue(big.out().contains(", 0 change points"), big.out());
    }

    @Test
    void aLabelOrdersByVersionAndRunsWithoutItOrAtAnotherScaleAreKeptApart() throws IOException {
        Path[] runs = new Path[5];
        String[] builds = {"v10", "v2", "v9", "v11", "v1"};
        double[] level = {1.3, 1.0, 1.0, 1.3, 1.0};
        for (int i = 0; i < 5; i++) {
            double l = level[i];
            runs[i] = HistoryFixture.run(
                    dir.resolve("r" + i),
                    "2026-11-0" + (i + 1) + "T10:00:00Z",
                    "6.1.0-57-amd64",
                    1,
                    Map.of("build", builds[i]),
                    l,
                    l * 1.01,
                    l * 0.99,
                    l * 1.002);
        }
        Path unlabelled = HistoryFixture.run(
                dir.resolve("plain"), "2026-11-09T10:00:00Z", "6.1.0-57-amd64", 1, Map.of(), 1, 1, 1);
        Path small = HistoryFixture.run(
                dir.resolve("small"), "2026-11-09T11:00:00Z", "6.1.0-57-amd64", 0.1, Map.of("build", "v12"), 1, 1, 1);
        Path out = dir.resolve("h");
        Path[] all = {runs[0], runs[1], runs[2], runs[3], runs[4], unlabelled, small};
        Cli c = Cli.run(args(all, "--out", out.toString(), "--by", "label:build"));
        assertEquals(ExitCodes.OK, c.exitCode(), c.out() + c.err());
        assertTrue(c.out().contains("kept apart: plain: no label 'build'"), c.out());
        assertTrue(c.out().contains("kept apart: small: another scenario or other settings"), c.out());
        JsonNode h = Json.MAPPER.readTree(out.resolve("history.json").toFile());
        JsonNode copy = h.get("series").get(0);
        StringBuilder order = new StringBuilder();
        copy.get("points").forEach(p -> order.append(p.get("at").asText()).append(' '));
        assertEquals("v1 v2 v9 v10 v11 ", order.toString());
        assertEquals("r0", copy.get("changes").get(0).get("after").asText(), "the change comes with v10 (run r0)");
    }

    @Test
    void kernelsAreInVersionOrderAndTheKernelAxisLeavesTheKey() throws IOException {
        String[] kernels = {"6.12.117+deb12-amd64", "6.1.0-47-amd64", "6.9", "6.1.0-57-amd64"};
        Path[] runs = new Path[4];
        for (int i = 0; i < 4; i++) {
            runs[i] = HistoryFixture.run(
                    dir.resolve("k" + i), "2026-11-0" + (i + 1) + "T10:00:00Z", kernels[i], 1, Map.of(), 1, 1.01, 0.99);
        }
        Path out = dir.resolve("h");
        Cli c = Cli.run(args(runs, "--out", out.toString(), "--by", "kernel"));
        assertEquals(ExitCodes.OK, c.exitCode(), c.out() + c.err());
        JsonNode copy = Json.MAPPER
                .readTree(out.resolve("history.json").toFile())
                .get("series")
                .get(0);
        StringBuilder order = new StringBuilder();
        copy.get("points").forEach(p -> order.append(p.get("at").asText()).append(' '));
        assertEquals("6.1.0-47-amd64 6.1.0-57-amd64 6.9 6.12.117+deb12-amd64 ", order.toString());
    }
}
