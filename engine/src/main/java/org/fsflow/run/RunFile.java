package org.fsflow.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.result.Json;

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
                    + "resume; start the run with 'fsflow run FILE --out " + out + "'");
        }
        String problem = problem(file);
        if (problem != null) {
            throw new RunFailure("cannot resume " + out + ": " + file + " is damaged (" + problem + "), so the run's "
                    + "settings are unknown and it is not resumed with defaults. Start it again: remove " + out
                    + " (or choose another --out) and run 'fsflow run FILE --out " + out + "'");
        }
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
        return null;
    }
}
