package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.fsflow.lang.Diagnostic;
import org.fsflow.result.Json;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.fsflow.summary.RunFacts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every published report under reports/ (each directory with a run.json, comparisons' runs
 * included): the conditions a report generates agree with its run.json, and the current prose of
 * its scenario (scenarios/NAME.yaml, loaded with the run's --set and --scale) states no size or
 * count that --scale or --set can change.
 */
class PublishedReportsTest {

    static Stream<Path> runs() throws IOException {
        try (Stream<Path> all = Files.walk(TestPaths.root().resolve("reports"), 3)) {
            List<Path> dirs = all.filter(p -> p.getFileName().toString().equals("run.json"))
                    .map(Path::getParent)
                    .filter(d -> Files.exists(d.resolve("results.jsonl")))
                    .sorted()
                    .toList();
            return dirs.stream();
        }
    }

    static JsonNode runJson(Path dir) throws IOException {
        return Json.MAPPER.readTree(dir.resolve("run.json").toFile());
    }

    static Overrides overrides(JsonNode run) {
        List<String> sets = new ArrayList<>();
        run.path("sets").forEach(s -> sets.add(s.asText()));
        return new Overrides(sets, run.path("scale").asDouble(1.0));
    }

    static Path scenarioOf(Path dir) throws IOException {
        JsonNode run = runJson(dir);
        String file = run.path("provenance").path("scenario_file").asText("");
        if (file.isEmpty()) {
            file = Json.MAPPER
                    .readTree(dir.resolve("environment.json").toFile())
                    .path("scenario_file")
                    .asText();
        }
        Path recorded = TestPaths.root().resolve(file);
        // a reproduce records the copy it ran from, which may be another machine's run directory
        // (/work/out/...): the run's own copy of the scenario is the same bytes
        Path copy = dir.resolve("scenario.original.yaml");
        return Files.exists(recorded) || !Files.exists(copy) ? recorded : copy;
    }

    @ParameterizedTest
    @MethodSource("runs")
    void theGeneratedConditionsAgreeWithRunJson(Path dir) throws Exception {
        JsonNode run = runJson(dir);
        RunEnvironment env = RunEnvironment.read(dir);
        RunFacts facts = RunFacts.of(ResultSet.load(dir), env);
        String where = TestPaths.root().relativize(dir).toString();
        assertEquals(run.path("scale").asDouble(1.0), facts.scale(), where + ": scale");
        boolean crashOnly = facts.most() == 0 && !ResultSet.load(dir).crash().isEmpty();
        assertTrue(
                crashOnly
                        || facts.most() <= run.path("repeat_max").asInt()
                                && facts.most() >= run.path("repeat_min").asInt(),
                where + ": " + facts.most() + " repetitions against run.json's " + run.path("repeat_min") + "-"
                        + run.path("repeat_max"));
        var budget = env.conditions() == null ? null : env.conditions().memoryBudget();
        if (budget != null
                && budget.effectiveBytes() != null
                && budget.axis().isEmpty()
                && budget.steps().isEmpty()) {
            if (run.path("place_scales").isEmpty()) {
                assertEquals(List.of(budget.effectiveBytes()), facts.budgets(), where + ": memory budget");
            } else {
                // a scale per place: the host's scale keeps the written budget, the others scale it
                assertTrue(
                        facts.budgets().contains(budget.effectiveBytes()),
                        where + ": memory budget " + budget.effectiveBytes() + " among " + facts.budgets());
            }
        }
        // the data the report prints is what the scenario makes under run.json's --set and --scale
        Scenario s = ScenarioLoader.load(scenarioOf(dir), overrides(run)).scenario();
        facts.data().forEach((name, info) -> {
            if (info != null && info.existing() == null && s.datasets().containsKey(name)) {
                assertEquals(s.datasets().get(name).expectedBytes(), info.bytes(), where + ": bytes of " + name);
                assertEquals(s.datasets().get(name).fileCount(), info.files(), where + ": files of " + name);
            }
        });
    }

    @ParameterizedTest
    @MethodSource("runs")
    void theScenarioProseStatesNoFigureTheRunCanChange(Path dir) throws Exception {
        Path scenario = scenarioOf(dir);
        List<Diagnostic> prose = ScenarioLoader.load(scenario, overrides(runJson(dir))).warnings().stream()
                .filter(d -> d.message().contains("--scale or --set can change"))
                .toList();
        assertEquals(List.of(), prose.stream().map(Diagnostic::toString).toList(), scenario.toString());
    }
}
