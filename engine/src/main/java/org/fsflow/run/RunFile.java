package org.fsflow.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.host.RunFailure;
import org.fsflow.result.Json;
import org.fsflow.safety.AtomicFile;
import org.fsflow.safety.CachedFiles;

/**
 * The check {@code resume} makes of {@code run.json} before trusting it: present, not empty,
 * parsable, and holding every setting the plan is rebuilt from. A damaged file is refused with one
 * error naming it and what to do; a run never goes on with defaults.
 */
final class RunFile {

    /** The settings without which the same plan cannot be rebuilt. */
    static final List<String> REQUIRED = List.of("seed", "scale", "work", "out");

    private RunFile() {}

    /** Throws a {@link RunFailure} unless {@code out/run.json} is complete. */
    static void check(Path out) {
        Path file = out.resolve(Campaign.RUN);
        if (!Files.isRegularFile(file)) {
            throw new RunFailure(out + " is not the output directory of a run (no " + Campaign.RUN + "): nothing to "
                    + "resume (a run writes " + Campaign.RUN + " before anything else, so one killed before it "
                    + "set nothing up); start the run with 'fsflow run FILE --out " + out + "'");
        }
        String problem = problem(file);
        if (problem != null) {
            throw new RunFailure("cannot resume " + out + ": " + file + " is damaged (" + problem + "), so the run's "
                    + "settings are unknown and it is not resumed with defaults. Start it again: remove " + out
                    + " (or choose another --out) and run 'fsflow run FILE --out " + out + "'");
        }
    }

    /**
     * Restores {@code scenario.original.yaml} when a kill came between {@code run.json} (written
     * first) and it: from the scenario file {@code run.json} names ({@code provenance.scenario_file},
     * as the command named it: relative paths are taken from where resume runs), when its bytes
     * still have the recorded SHA-256; else a {@link RunFailure} saying why the run cannot go on. Returns true when
     * it restored the copy.
     */
    static boolean restoreOriginal(Path out) {
        Path original = out.resolve(Campaign.ORIGINAL);
        if (Files.isRegularFile(original)) {
            return false;
        }
        String why;
        try {
            JsonNode p =
                    Json.MAPPER.readTree(out.resolve(Campaign.RUN).toFile()).path("provenance");
            Path source = Path.of(p.path("scenario_file").asText(""));
            String sha = p.path("scenario_sha256").asText("");
            if (!sha.isEmpty()
                    && Files.isRegularFile(source)
                    && CachedFiles.sha256(source).equals(sha)) {
                AtomicFile.write(original, Files.readAllBytes(source));
                return true;
            }
            why = source.toAbsolutePath() + " (run.json's provenance.scenario_file, relative to where the run was "
                    + "started) is gone or has changed since the run started (its SHA-256 is not " + sha + ")";
        } catch (IOException | RuntimeException e) {
            why = e.getMessage();
        }
        throw new RunFailure("cannot resume " + out + ": the run was killed before it copied its scenario to "
                + original + ", and " + why + ". Start it again with 'fsflow run FILE --out " + out + "'");
    }

    // what is wrong with the file, or null
    static String problem(Path file) {
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
