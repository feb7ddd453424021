package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fsflow.Fsflow;
import org.fsflow.StoredReport;
import org.fsflow.TestPaths;
import org.fsflow.result.Phase;
import org.fsflow.result.ResultSet;
import org.fsflow.summary.TimeSpent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table of where the time went, on a fixture of the piszcz-2006 run (ext3 on the host, reiserfs
 * in a TCG guest, one repetition each) with a timeline.jsonl as the engine writes it, and on the
 * same run without it. The expected figures are computed here from the fixture's files, apart from
 * the engine's code.
 */
class TimeTableTest {

    static final String HOST = "host vm (6.18.44-fc-v669)";
    static final String GUEST = "guest tcg (6.1.0-57-amd64) on vm";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    Path fixture(boolean timeline) throws IOException {
        Path fixture = TestPaths.resources("report/timetable");
        for (String f : List.of("results.jsonl", "environment.json", "run.json")) {
            Files.copy(fixture.resolve(f), dir.resolve(f));
        }
        if (timeline) {
            Files.copy(fixture.resolve("timeline.jsonl"), dir.resolve("timeline.jsonl"));
        }
        return dir;
    }

    static TimeSpent time(Path run) {
        return Fsflow.summarize(ResultSet.load(run), run).time();
    }

    // the sum of real_s per place, read from the fixture's rows as JSON
    static Map<String, Double> measured(Path run) throws IOException {
        Map<String, Double> out = new TreeMap<>();
        for (String line : Files.readAllLines(run.resolve("results.jsonl"))) {
            JsonNode r = JSON.readTree(line);
            String place = r.get("virt").asText().equals("host")
                    ? "host " + r.get("host").asText() + " (" + r.get("kernel").asText() + ")"
                    : "guest " + r.get("virt").asText() + " (" + r.get("kernel").asText() + ") on "
                            + r.get("host").asText();
            out.merge(place, r.get("real_s").asDouble(), Double::sum);
        }
        return out;
    }

    // run.json's start to the latest end of a row or a timeline line
    static double wall(Path run) throws IOException {
        Instant start = Instant.parse(JSON.readTree(run.resolve("run.json").toFile())
                .get("started_at")
                .asText());
        Instant end = start;
        for (String file : List.of("results.jsonl", "timeline.jsonl")) {
            if (Files.exists(run.resolve(file))) {
                for (String line : Files.readAllLines(run.resolve(file))) {
                    Instant e =
                            Instant.parse(JSON.readTree(line).get("ended_at").asText());
                    end = e.isAfter(end) ? e : end;
                }
            }
        }
        return Duration.between(start, end).toNanos() / 1e9;
    }

    @Test
    void aRunWithATimelineHasEachPhaseAtItsPlaceAndTheSharesAddUpToTheWallTime() throws IOException {
        Path run = fixture(true);
        TimeSpent t = time(run);
        assertTrue(t.recorded());
        assertEquals(
                List.of(HOST, GUEST),
                t.places().stream().map(TimeSpent.PlaceTime::label).toList());
        Map<String, Double> measured = measured(run);
        Map<String, Map<String, Double>> phases = new TreeMap<>();
        for (String line : Files.readAllLines(run.resolve("timeline.jsonl"))) {
            JsonNode r = JSON.readTree(line);
            double s = Duration.between(
                                    Instant.parse(r.get("started_at").asText()),
                                    Instant.parse(r.get("ended_at").asText()))
                            .toNanos()
                    / 1e9;
            phases.computeIfAbsent(r.get("place").asText(), k -> new TreeMap<>())
                    .merge(r.get("phase").asText(), s, Double::sum);
        }
        double accounted = 0;
        for (TimeSpent.PlaceTime p : t.places()) {
            assertEquals(measured.get(p.label()), p.measuredSeconds(), 1e-9, p.label());
            for (Phase phase : Phase.values()) {
                double expected = phases.get(p.label()).getOrDefault(phase.key(), 0.0);
                assertEquals(expected, p.phaseSeconds().get(phase), 1e-9, p.label() + " " + phase);
            }
            accounted += p.seconds();
        }
        assertEquals(wall(run), t.wallSeconds(), 1e-9);
        assertEquals(
                0.991562376 + 0.785889596,
                t.places().get(0).phaseSeconds().get(Phase.DATASETS),
                1e-9,
                "the host's two datasets");
        assertEquals(wall(run) - accounted, t.otherSeconds(), 1e-9);
        assertFalse(t.overlapped());

        TimeSection s = TimeSections.of(t);
        List<TimeSection.Row> total = s.tables().get(2).rows();
        assertEquals("all places", s.tables().get(2).place());
        assertEquals(
                List.of(
                        "measured steps",
                        "datasets generated",
                        "images built",
                        "guests booted",
                        "copies verified",
                        "caches dropped",
                        "blocks released",
                        "waits for a quiet host",
                        "retakes",
                        "before: and after: commands",
                        "other",
                        "wall time"),
                total.stream().map(TimeSection.Row::phase).toList());
        double shares = total.subList(0, total.size() - 1).stream()
                .mapToDouble(r -> Double.parseDouble(r.share().replace(" %", "")))
                .sum();
        assertEquals(100.0, shares, 0.05 * (total.size() - 1), "the shares of the phases and other add up to 100 %");
        assertEquals("100.0 %", total.get(total.size() - 1).share());
        assertEquals(
                TimeSections.seconds(
                        measured.values().stream().mapToDouble(d -> d).sum()),
                total.get(0).seconds());
    }

    @Test
    void aRunMadeBeforeTheTimelineShowsItsMeasuredTimeAndItsPhasesAsNotRecorded() throws IOException {
        Path run = fixture(false);
        TimeSpent t = time(run);
        assertFalse(t.recorded());
        Map<String, Double> measured = measured(run);
        for (TimeSpent.PlaceTime p : t.places()) {
            assertEquals(measured.get(p.label()), p.measuredSeconds(), 1e-9, p.label());
            assertTrue(p.phaseSeconds().isEmpty(), "no phase figure is made up");
        }
        assertEquals(wall(run), t.wallSeconds(), 1e-9);
        TimeSection s = TimeSections.of(t);
        for (TimeSection.Table table : s.tables()) {
            assertTrue(
                    table.total()
                            || table.rows().stream().anyMatch(r -> r.seconds().equals(TimeSections.NOT_RECORDED)),
                    table.place());
            assertTrue(table.rows().stream().noneMatch(r -> r.phase().equals(Phase.DATASETS.label())), table.place());
        }
        List<TimeSection.Row> total = s.tables().get(s.tables().size() - 1).rows();
        double sum = measured.values().stream().mapToDouble(d -> d).sum();
        assertEquals(TimeSections.REST, total.get(1).phase());
        assertEquals(TimeSections.seconds(wall(run) - sum), total.get(1).seconds());
        double shares = Double.parseDouble(total.get(0).share().replace(" %", ""))
                + Double.parseDouble(total.get(1).share().replace(" %", ""));
        assertEquals(100.0, shares, 0.1);
        String md = Files.readString(StoredReport.render(run).stream()
                .filter(f -> f.getFileName().toString().equals("report.md"))
                .findFirst()
                .orElseThrow());
        assertTrue(md.contains("## Where the time went"), md);
        assertTrue(md.contains("| unmeasured phases | " + TimeSections.NOT_RECORDED + " |  |"), md);
    }

    @Test
    void aResumesPauseIsLeftOutOfTheWallTime() throws IOException {
        Path run = fixture(true);
        // the run stopped after its 23rd row; its last row came two hours later, after a resume 90 minutes in
        List<String> rows = new java.util.ArrayList<>(Files.readAllLines(run.resolve("results.jsonl")));
        com.fasterxml.jackson.databind.node.ObjectNode last =
                (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(rows.get(rows.size() - 1));
        for (String field : List.of("started_at", "ended_at")) {
            last.put(
                    field,
                    Instant.parse(last.get(field).asText())
                            .plus(Duration.ofHours(2))
                            .toString());
        }
        rows.set(rows.size() - 1, JSON.writeValueAsString(last));
        Files.write(run.resolve("results.jsonl"), rows);
        Instant before = Instant.EPOCH;
        for (String file : List.of("results.jsonl", "timeline.jsonl")) {
            List<String> lines = Files.readAllLines(run.resolve(file));
            for (String line : file.equals("results.jsonl") ? lines.subList(0, lines.size() - 1) : lines) {
                Instant e = Instant.parse(JSON.readTree(line).get("ended_at").asText());
                before = e.isAfter(before) ? e : before;
            }
        }
        Instant resumed = before.plus(Duration.ofMinutes(90));
        com.fasterxml.jackson.databind.node.ObjectNode env = (com.fasterxml.jackson.databind.node.ObjectNode)
                JSON.readTree(run.resolve("environment.json").toFile());
        env.putArray("resumes").addObject().put("at", resumed.toString()).put("after_rows", rows.size() - 1);
        Files.writeString(run.resolve("environment.json"), JSON.writeValueAsString(env));

        TimeSpent t = time(run);
        assertEquals(List.of(90 * 60.0), t.pauses(), "from the last record before the resume to it");
        assertEquals(wall(run) - 90 * 60, t.wallSeconds(), 1e-6);
        assertTrue(
                TimeSections.of(t)
                        .wall()
                        .contains(", less the pause from the last record before a resume to it (1:30:00)"),
                TimeSections.of(t).wall());
    }

    @Test
    void aResumeAfterTheLastRowThatOnlyRecordedPhasesLeavesItsPauseOut() throws IOException {
        Path run = fixture(true);
        // a resume with nothing left to measure, 10 minutes after the last record: it generated a
        // dataset (40 s) and ran no step
        double before = wall(run);
        Instant end = Instant.parse(JSON.readTree(run.resolve("run.json").toFile())
                        .get("started_at")
                        .asText())
                .plusNanos((long) (before * 1e9));
        Instant resumed = end.plus(Duration.ofMinutes(10));
        com.fasterxml.jackson.databind.node.ObjectNode phase = JSON.createObjectNode()
                .put("phase", "datasets")
                .put("place", HOST)
                .put("node", "dataset/small")
                .put("started_at", resumed.toString())
                .put("ended_at", resumed.plusSeconds(40).toString());
        Files.writeString(
                run.resolve("timeline.jsonl"),
                JSON.writeValueAsString(phase) + "\n",
                java.nio.file.StandardOpenOption.APPEND);
        com.fasterxml.jackson.databind.node.ObjectNode env = (com.fasterxml.jackson.databind.node.ObjectNode)
                JSON.readTree(run.resolve("environment.json").toFile());
        env.putArray("resumes").addObject().put("at", resumed.toString()).put("after_rows", 24);
        Files.writeString(run.resolve("environment.json"), JSON.writeValueAsString(env));

        TimeSpent t = time(run);
        assertEquals(1, t.pauses().size(), t.pauses().toString());
        assertEquals(600, t.pauses().get(0), 1e-3, "from the last record before the resume to it");
        assertEquals(before + 40, t.wallSeconds(), 1e-3, "the phase after the resume counts, the pause not");
    }

    @Test
    void thePublishedPiszczRunSpentTheShareTheIssueMeasuredInItsSteps() throws IOException {
        Path run = TestPaths.root().resolve("reports/piszcz-2006");
        TimeSpent t = time(run);
        double steps = t.total("").measuredSeconds();
        assertEquals(measured(run).values().stream().mapToDouble(d -> d).sum(), steps, 1e-6);
        assertEquals(0.44, steps / t.wallSeconds(), 0.005, "44 % for piszcz-2006 (issue 47)");
    }

    @Test
    void placesAreEscapedAndATornLineIsCountedNotRead() throws IOException {
        Path run = fixture(true);
        Files.writeString(
                run.resolve("timeline.jsonl"),
                "{\"phase\":\"boots\",\"place\":\"guest <b>x</b>\",\"node\":null,"
                        + "\"started_at\":\"2026-12-01T23:25:25Z\",\"ended_at\":\"2026-12-01T23:25:26Z\"}\n"
                        + "{\"phase\":\"boots\",\"pla",
                java.nio.file.StandardOpenOption.APPEND);
        List<Path> files = StoredReport.render(run);
        String html = Files.readString(files.get(0));
        assertTrue(html.contains("<h3>At guest &lt;b&gt;x&lt;/b&gt;</h3>"), "escaped");
        assertFalse(html.contains("<b>x</b>"));
        assertTrue(html.contains("1 line of timeline.jsonl could not be read and is left out."));
    }
}
