package org.fsflow.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fsflow.doctor.Diagnosis;
import org.fsflow.result.Json;

/**
 * {@code doctor --format json}: the {@link Diagnosis} as one JSON document, in the shape
 * docs/commands.md documents: {@code scenario}, {@code all_clear}, {@code steps_per_cell},
 * {@code repetitions}, {@code problems}, {@code cells} ({@code cell}, {@code runs}, {@code place},
 * {@code skip_reason}, {@code fix}), {@code places}, {@code resources} ({@code what}, {@code where},
 * {@code needed_bytes}, {@code available_bytes}, {@code fits}, {@code detail}), {@code duration}
 * ({@code kind}: estimate, rough or none, with its figures) and {@code crash} (the lines of what
 * crash cells run). A field that does not apply is null, never left out.
 */
final class DiagnosisJson {

    private DiagnosisJson() {}

    /** The document, pretty-printed. */
    static String render(Diagnosis d, String crash) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("scenario", d.scenario());
        root.put("all_clear", d.allClear());
        root.put("steps_per_cell", d.stepsPerCell());
        root.put("repetitions", d.repeats());
        d.problems().forEach(root.putArray("problems")::add);
        ArrayNode cells = root.putArray("cells");
        for (Diagnosis.CellVerdict c : d.cells()) {
            ObjectNode o = cells.addObject();
            o.put("cell", c.cell());
            o.put("runs", c.runs());
            o.put("place", c.runs() ? c.place() : null);
            o.put("skip_reason", c.why());
            o.put("fix", c.fix());
        }
        d.places().forEach(root.putArray("places")::add);
        ArrayNode resources = root.putArray("resources");
        for (Diagnosis.Resource r : d.resources()) {
            ObjectNode o = resources.addObject();
            o.put("what", r.what());
            o.put("where", r.where());
            o.put("needed_bytes", r.neededBytes());
            o.put("available_bytes", r.availableBytes());
            o.put("fits", r.fits());
            o.put("detail", r.detail());
        }
        duration(root.putObject("duration"), d);
        crash.lines().forEach(root.putArray("crash")::add);
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    // estimate: from an earlier run; rough: the least that time-based fio jobs take; none
    private static void duration(ObjectNode o, Diagnosis d) {
        Diagnosis.Estimate e = d.estimate();
        Diagnosis.Rough rough = d.rough();
        boolean isRough = e == null && rough != null && rough.timed() > 0;
        o.put("kind", e != null ? "estimate" : isRough ? "rough" : "none");
        o.put("steps_seconds", e != null ? (Double) e.seconds() : isRough ? (Double) rough.seconds() : null);
        o.put("around_seconds", e != null ? (Double) e.aroundSeconds() : null);
        o.put("guests_seconds", e != null ? (Double) e.guests().seconds() : null);
        if (e != null && e.phases() != null) {
            ObjectNode phases = o.putObject("phases_seconds");
            e.phaseSeconds().forEach(phases::put);
        } else {
            o.putNull("phases_seconds");
        }
        o.put("all_seconds", e != null ? (Double) e.allSeconds() : null);
        o.put("from", e != null ? e.from().toString() : null);
        o.put("matched_steps", e != null ? (Long) e.matched() : null);
        o.put("total_steps", e != null ? (Long) e.total() : isRough ? (Long) rough.total() : null);
        o.put("time_based_steps", isRough ? (Long) rough.timed() : null);
        o.put("basis", e != null ? e.basis() : null);
        o.put("rounds", e != null ? e.rounds() : null);
    }
}
