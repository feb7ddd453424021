package org.fsflow.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Fsflow;
import org.fsflow.lang.Diagnostic;
import org.fsflow.lang.ScenarioException;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Plan;
import org.fsflow.result.Json;
import org.fsflow.scenario.Overrides;

/**
 * What {@code fsflow validate} found in one file: its problems (errors and warnings, every one),
 * and its plan when it is valid.
 *
 * @param file        the file as given
 * @param source      its text, to show the lines problems point at (null when it could not be read)
 * @param diagnostics its errors and warnings, in the loader's order
 * @param plan        its plan when valid, else null
 */
record Validation(Path file, SourceText source, List<Diagnostic> diagnostics, Plan plan) {

    /** Loads and plans {@code file}; a bad {@code --set} or {@code --scale} is a usage error. */
    static Validation of(Path file, Overrides overrides) {
        try {
            var loaded = Fsflow.load(file, overrides);
            Plan plan = Fsflow.plan(loaded.scenario(), null, null);
            return new Validation(file, loaded.scenario().source(), loaded.warnings(), plan);
        } catch (ScenarioException e) {
            return new Validation(file, e.source(), e.diagnostics(), null);
        } catch (Overrides.Invalid e) {
            throw new UserError(e.getMessage(), ExitCodes.USAGE);
        }
    }

    /** True when the file is a valid scenario (warnings allowed). */
    boolean valid() {
        return plan != null;
    }

    /**
     * {@code validate --format json}: {@code {"valid": all valid, "files": [{"file", "valid",
     * "cells", "measured_steps" (valid files only), "diagnostics": [{"severity", "origin", "line",
     * "column", "message"}]}]}}; line and column are 1-based, 0 for a problem of the command line
     * (origin {@code --set ...}). The shape docs/commands.md documents.
     */
    static String json(List<Validation> all) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("valid", all.stream().allMatch(Validation::valid));
        ArrayNode files = root.putArray("files");
        for (Validation v : all) {
            ObjectNode f = files.addObject();
            f.put("file", v.file().toString());
            f.put("valid", v.valid());
            if (v.valid()) {
                f.put("cells", v.plan().cells().size());
                f.put("measured_steps", v.plan().measuredCount());
            }
            ArrayNode ds = f.putArray("diagnostics");
            for (Diagnostic d : v.diagnostics()) {
                ObjectNode o = ds.addObject();
                o.put("severity", d.severity().name().toLowerCase(java.util.Locale.ROOT));
                o.put("origin", d.location().origin());
                o.put("line", d.location().line());
                o.put("column", d.location().column());
                o.put("message", d.message());
            }
        }
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
