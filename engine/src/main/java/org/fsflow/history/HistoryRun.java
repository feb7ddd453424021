package org.fsflow.history;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.fsflow.compare.Run;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;

/**
 * One run as a history reads it: its results (a {@link Run}) and the facts that order it and
 * tell which runs can share a series, from {@code run.json} and {@code environment.json}.
 *
 * @param run       the results and environment
 * @param name      how the report names it (the directory's name, its path when two share a name)
 * @param startedAt when it started: run.json's {@code started_at}, else its earliest measurement's
 * @param commit    run.json's {@code provenance.commit}, null when not recorded
 * @param dirty     run.json's {@code provenance.dirty}, null when not recorded
 * @param labels    run.json's {@code labels} ({@code fsflow run --label K=V})
 * @param scenario  the scenario's name
 * @param settings  what must be equal for two runs to share a series: scale, seed and the
 *                  repetitions' settings ({@code import} for an import, which records none)
 */
public record HistoryRun(
        Run run,
        String name,
        String startedAt,
        String commit,
        Boolean dirty,
        Map<String, String> labels,
        String scenario,
        String settings) {

    /** The runs' group: one scenario at one set of settings. */
    public String group() {
        return scenario + " (" + settings + ")";
    }

    /** The machine's kernel release ({@code environment.json}), null when not recorded. */
    public String hostKernel() {
        return text(run.environment().get("kernel"));
    }

    /** The load average over a minute when the run started ({@code environment.json}), null when not recorded. */
    public Double load() {
        JsonNode l = run.environment().path("load_average").get("load_1m");
        return l != null && l.isNumber() ? l.asDouble() : null;
    }

    /**
     * Reads {@code dir}; a directory that is not the output of a run or an import is an
     * {@link IllegalArgumentException} saying so.
     */
    public static HistoryRun load(Path dir, String name) {
        Run run = Run.load(dir);
        JsonNode settings = read(dir.resolve("run.json"));
        JsonNode provenance = settings.path("provenance");
        Map<String, String> labels = new LinkedHashMap<>();
        settings.path("labels")
                .fields()
                .forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        String scenario = text(run.environment().get("scenario"));
        return new HistoryRun(
                run,
                name,
                started(settings, run),
                text(provenance.get("commit")),
                provenance.path("dirty").isBoolean() ? provenance.get("dirty").asBoolean() : null,
                labels,
                scenario == null ? "(no scenario name)" : scenario,
                settings(settings));
    }

    private static String settings(JsonNode s) {
        if (!s.has("scale")) {
            return "import";
        }
        String repeat = s.path("repeat_min").asInt() == s.path("repeat_max").asInt()
                ? s.path("repeat_min").asInt() + " repetitions"
                : s.path("repeat_min").asInt() + "-" + s.path("repeat_max").asInt() + " repetitions";
        return String.format(
                Locale.ROOT,
                "scale %s, seed %d, %s, %d warm-up",
                scales(s),
                s.path("seed").asLong(),
                repeat,
                s.path("warmup").asInt());
    }

    // "1", or "1, guest 0.05" for a run whose places had their own scales (a group of its own)
    private static String scales(JsonNode s) {
        StringBuilder b = new StringBuilder(stripZero(s.path("scale").asDouble()));
        org.fsflow.result.RunEnvironment.Settings.scales(s)
                .places()
                .forEach((place, f) -> b.append(", ").append(place).append(' ').append(stripZero(f)));
        return b.toString();
    }

    private static String started(JsonNode settings, Run run) {
        String recorded = text(settings.get("started_at"));
        if (recorded != null) {
            return recorded;
        }
        return run.rows().stream()
                .map(Measurement::startedAt)
                .filter(s -> s != null && !s.isEmpty())
                .min(String::compareTo)
                .orElse(null);
    }

    private static String stripZero(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static JsonNode read(Path file) {
        try {
            return Files.isRegularFile(file) ? Json.MAPPER.readTree(file.toFile()) : Json.MAPPER.createObjectNode();
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    file + " is not readable JSON (" + e.getMessage() + "): is this the output directory of a run?");
        }
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() || n.asText().isEmpty() ? null : n.asText();
    }
}
