package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fsflow.measure.Usage;
import org.fsflow.plan.Plan;
import org.fsflow.safety.AtomicFile;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.Versions;

/**
 * Every effective setting of a run, written to {@code run.json} when it starts (and into
 * {@code environment.json} as {@code settings}); {@code resume} reads it back to rebuild the same
 * plan.
 *
 * @param sets         the {@code --set key=value} options, in order
 * @param scale        the default {@code --scale} factor (1 when not shrunk): the scale of every
 *                     place without its own
 * @param placeScales  {@code --scale PLACE=F}: place ({@code host}, {@code guest} or a kernel's
 *                     name) to its scale, in the order given; empty when every place runs at
 *                     {@code scale} (and in run.json files written before places had their own)
 * @param seed         the plan's seed (shuffled order, datasets without their own seed)
 * @param order        rounds, sequential, interleaved or shuffled
 * @param repeatMin    repetitions of every cell
 * @param repeatMax    the cap of an adaptive repeat
 * @param repeatTargetCv    an adaptive repeat's {@code target_cv}, null when none
 * @param repeatPrecision   an adaptive repeat's {@code precision}, null when none
 * @param repeatBudgetS     an adaptive repeat's {@code budget} in seconds, null when none
 * @param warmup       warm-up repetitions of every cell, run before the measured ones
 * @param out          the output directory
 * @param work         the work directory (images, mount points, datasets)
 * @param cpuMethod    how user and system time are measured
 * @param memoryMethod how max RSS is measured
 * @param provenance   what made the run (fsflow build, command line, scenario digest); null in
 *                     runs that predate it
 * @param labels       {@code fsflow run --label K=V}, in the order given (empty when none); what
 *                     {@code fsflow history --by label:K} orders runs by
 * @param startedAt    when the run started, ISO-8601 UTC (null in run.json files written before it
 *                     was recorded)
 */
@JsonPropertyOrder({
    "sets",
    "scale",
    "place_scales",
    "seed",
    "order",
    "repeat_min",
    "repeat_max",
    "repeat_target_cv",
    "repeat_precision",
    "repeat_budget_s",
    "warmup",
    "out",
    "work",
    "cpu_method",
    "memory_method",
    "provenance",
    "labels",
    "started_at"
})
public record RunSettings(
        List<String> sets,
        double scale,
        Map<String, Double> placeScales,
        long seed,
        String order,
        int repeatMin,
        int repeatMax,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double repeatTargetCv,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double repeatPrecision,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double repeatBudgetS,
        int warmup,
        String out,
        String work,
        String cpuMethod,
        String memoryMethod,
        RunProvenance provenance,
        Map<String, String> labels,
        String startedAt) {

    /** The file name inside an output directory. */
    public static final String FILE = "run.json";

    /** The settings without which the same plan cannot be rebuilt. */
    static final List<String> REQUIRED = List.of("seed", "scale", "work", "out");

    /** Settings as given; a run.json without {@code sets} had none. */
    public RunSettings {
        sets = sets == null ? List.of() : List.copyOf(sets);
        labels = labels == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        placeScales = placeScales == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(placeScales));
    }

    /** The scale of each place, as {@code --scale} gave it. */
    public Scales scales() {
        return new Scales(scale, placeScales);
    }

    /** The settings of a run of {@code plan} with the given command-line options. */
    public static RunSettings of(
            Plan plan,
            List<String> sets,
            Scales scales,
            String cpuMethod,
            List<String> command,
            Map<String, String> labels) {
        return new RunSettings(
                List.copyOf(sets),
                scales.fallback(),
                scales.places(),
                plan.seed(),
                plan.scenario().order().name().toLowerCase(Locale.ROOT),
                plan.scenario().repeat().min(),
                plan.scenario().repeat().max(),
                plan.scenario().repeat().targetCv() > 0
                        ? plan.scenario().repeat().targetCv()
                        : null,
                plan.scenario().repeat().precision() > 0
                        ? plan.scenario().repeat().precision()
                        : null,
                plan.scenario().repeat().budget() == null
                        ? null
                        : plan.scenario().repeat().budget().toMillis() / 1000.0,
                plan.scenario().warmup(),
                plan.layout().out().toString(),
                plan.layout().work().toString(),
                cpuMethod,
                Usage.MEMORY_METHOD,
                new RunProvenance(
                        Versions.FSFLOW,
                        Versions.BUILD.commit(),
                        Versions.BUILD.dirty(),
                        command,
                        plan.scenario().source().path(),
                        plan.scenario().source().sha256()),
                labels,
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /**
     * These settings with the {@code --set} options of {@code plan}'s scenario and the repeat they
     * make: a resume given more of them ({@code fsflow resume --set repeat.budget=2h}); the rest (the
     * seed, the start, the provenance of the run) is kept.
     */
    public RunSettings resumedWith(Plan plan) {
        RunSettings now = of(plan, plan.scenario().provenance().sets(), scales(), cpuMethod, List.of(), labels);
        return new RunSettings(
                now.sets,
                scale,
                placeScales,
                seed,
                order,
                now.repeatMin,
                now.repeatMax,
                now.repeatTargetCv,
                now.repeatPrecision,
                now.repeatBudgetS,
                warmup,
                out,
                work,
                cpuMethod,
                memoryMethod,
                provenance,
                labels,
                startedAt);
    }

    /** Writes {@code run.json} into {@code out}, atomically. */
    public void write(Path out) {
        Path file = out.resolve(FILE);
        try {
            Files.createDirectories(out.toAbsolutePath());
            AtomicFile.write(file, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(this));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * The settings recorded in {@code out}; a {@link JournalException} naming the file, and where
     * in it, when there are none or they cannot be read.
     */
    public static RunSettings read(Path out) {
        Path file = out.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new JournalException(out + " is not the output directory of a run (no " + FILE + ")");
        }
        return JsonFile.read(file, RunSettings.class);
    }

    /** The settings recorded in {@code dir}, or null when it has no {@code run.json} (an import). */
    public static RunSettings readIfAny(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE)) ? read(dir) : null;
    }

    /**
     * What is wrong with {@code file} (a {@code run.json}) for a resume to trust it, or null: empty,
     * not JSON, not an object, a setting the plan is rebuilt from missing or out of range.
     */
    public static String problem(Path file) {
        JsonNode run;
        try {
            if (Files.size(file) == 0) {
                return "empty";
            }
            run = Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            return "not JSON: " + e.getMessage().lines().findFirst().orElse("");
        }
        if (run == null || !run.isObject()) {
            return "not a JSON object";
        }
        for (String field : REQUIRED) {
            JsonNode v = run.get(field);
            if (v == null || v.isNull() || v.asText().isBlank()) {
                return "'" + field + "' is missing or empty";
            }
        }
        if (!run.get("seed").canConvertToLong()
                || !run.get("scale").isNumber()
                || run.get("scale").asDouble() <= 0) {
            return "'seed' or 'scale' is not a valid number";
        }
        JsonNode places = run.get("place_scales");
        if (places != null && !places.isNull()) {
            // optional (run.json files written before places had their own scales lack it)
            boolean valid = places.isObject();
            for (var it = places.elements(); valid && it.hasNext(); ) {
                JsonNode f = it.next();
                valid = f.isNumber() && f.asDouble() > 0 && f.asDouble() <= 1;
            }
            if (!valid) {
                return "'place_scales' is not an object of scales above 0 and at most 1";
            }
        }
        return null;
    }
}
