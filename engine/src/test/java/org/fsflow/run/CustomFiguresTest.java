package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.fsflow.TestPaths;
import org.fsflow.lang.SourceText;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Where;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parse:} as a mapping: a step's measurement gets the figures its scenario names, from the
 * real output of its {@code after:} command (df) by a regex group, or of its command (fio) by a
 * JSON pointer beside fio's own figures; output without them fails the step with the reason; the
 * report shows them in their declared unit, ranked by their declared direction.
 */
class CustomFiguresTest {

    static final String SCENARIO = """
            fsflow: 1
            name: custom
            devices:
              target: { dir: %s }
            repeat: 1
            steps:
              - name: extract
                run: tar -xf /tmp/a.tar -C ${target.mnt}
                after: df --output=used -B1 ${target.mnt}
                parse:
                  from: after
                  regex: '(?m)^\\s*(\\d+)\\s*$'
                  metrics:
                    used_bytes: { group: 1, unit: B, better: lower }
              - name: fio
                run: fio --name=randwrite4k --directory=${target.mnt} --output-format=json
                parse:
                  tool: fio
                  metrics:
                    first_write_iops: { json: /jobs/0/write/iops, unit: IO/s, better: higher }
            """;

    @TempDir
    Path dir;

    Plan plan() throws Exception {
        Path target = Files.createDirectories(dir.resolve("target"));
        var s = ScenarioLoader.load(SourceText.of("custom.yaml", SCENARIO.formatted(target)), Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(dir.resolve("out"), dir.resolve("work")), 1);
    }

    static PlanNode node(Plan plan, String step) {
        return plan.nodes().stream()
                .filter(n -> n.step() != null && n.step().name().equals(step))
                .findFirst()
                .orElseThrow();
    }

    static StepOutcome ok(String command) {
        Instant t = Instant.parse("2026-12-03T12:00:00Z");
        return new StepOutcome(
                command,
                Status.OK,
                0,
                null,
                new StepOutcome.Figures(0.5, 0.1, 0.2, 60L, 1000L, 1L, 0L, 0L, 4096L, 1L),
                t,
                t.plusMillis(500),
                null,
                null,
                List.of(),
                new Where("h", "6.1.0", "host"));
    }

    static void log(Plan plan, PlanNode n, String suffix, String text) throws Exception {
        Path p = plan.layout().log(n.id(), suffix);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    @Test
    void figuresComeFromTheAfterCommandsOutputAndFromTheCommandsJson() throws Exception {
        Plan plan = plan();
        PlanNode extract = node(plan, "extract");
        log(plan, extract, "out", "");
        log(plan, extract, "err", "");
        String df = Files.readString(TestPaths.resources("parse").resolve("df-used-real.txt"));
        log(plan, extract, "after.out", df);
        log(plan, extract, "after.err", "");
        Measurement m = new StepResults(plan).measurement(extract, ok("tar"));
        assertEquals(Status.OK, m.status(), m.reason());
        assertEquals(
                Double.parseDouble(df.lines().toList().get(1).trim()),
                m.metrics().get("used_bytes"));

        PlanNode fio = node(plan, "fio");
        String json = Files.readString(TestPaths.resources("report/fio").resolve("randwrite4k-fsync-1.json"));
        log(plan, fio, "out", json);
        log(plan, fio, "err", "");
        Measurement f = new StepResults(plan).measurement(fio, ok("fio"));
        assertEquals(Status.OK, f.status(), f.reason());
        double iops = Json.MAPPER.readTree(json).at("/jobs/0/write/iops").asDouble();
        assertEquals(iops, f.metrics().get("first_write_iops"));
        assertEquals(iops, f.metrics().get("randwrite4k.write.iops"), "fio's own figures as well");

        Path run = dir.resolve("out");
        Map<String, Object> env = Map.of("scenario", "custom", "campaign", Environment.campaign(plan));
        Files.writeString(run.resolve("environment.json"), Json.MAPPER.writeValueAsString(env));
        try (Journal j = Journal.open(run.resolve(Journal.FILE))) {
            j.append(m);
            j.append(f);
        }
        org.fsflow.StoredReport.render(run);
        String md = Files.readString(run.resolve("report.md")).replace("\\", "");
        assertTrue(md.contains("### step extract\n"), md);
        assertTrue(md.contains("| used_bytes | GiB | mean ± 95 % CI |"), md);
        assertTrue(md.contains("| first_write_iops | IO/s | mean ± 95 % CI |"), md);
    }

    @Test
    void outputWithoutTheFiguresFailsTheStepWithTheReason() throws Exception {
        Plan plan = plan();
        PlanNode extract = node(plan, "extract");
        log(plan, extract, "out", "");
        log(plan, extract, "err", "");
        Measurement missing = new StepResults(plan).measurement(extract, ok("tar"));
        assertEquals(Status.FAILED, missing.status());
        assertTrue(
                missing.reason().contains("parse from: after: no output of that command was kept"), missing.reason());
        log(plan, extract, "after.out", "df: /mnt: No such file or directory\n");
        log(plan, extract, "after.err", "");
        Measurement unmatched = new StepResults(plan).measurement(extract, ok("tar"));
        assertEquals(Status.FAILED, unmatched.status());
        assertTrue(
                unmatched
                        .reason()
                        .startsWith("unparseable after: output for parse metrics (raw log kept in logs/" + extract.id()
                                + ".after.out): parse regex"),
                unmatched.reason());
        assertTrue(unmatched.reason().endsWith("matches neither stdout nor stderr"), unmatched.reason());
    }
}
