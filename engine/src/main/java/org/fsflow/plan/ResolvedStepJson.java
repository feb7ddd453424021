package org.fsflow.plan;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Locale;

/**
 * A {@link ResolvedStep} as {@code plan --format json} prints it, under {@code "resolved"} in
 * every step node, so a tool reads exactly what {@code run} executes. A field that does not apply
 * is left out (no {@code before}, no budget, no verify); each command is its argument vector (how
 * it reads is the node's {@code command}, {@code before} and {@code after}); the step's scale is
 * the node's {@code scale}. Plans of 10^5 nodes print this for every one of them: nothing is
 * written twice.
 */
final class ResolvedStepJson {

    private ResolvedStepJson() {}

    /** Writes {@code s} as the field {@code resolved} of the current object. */
    static void write(JsonGenerator g, ResolvedStep s) throws IOException {
        g.writeObjectFieldStart("resolved");
        argv(g, "argv", s.command());
        if (s.skipped()) {
            g.writeStringField("skip_reason", s.skipReason());
        }
        argv(g, "before", s.before());
        argv(g, "release", s.release());
        argv(g, "after", s.after());
        g.writeBooleanField("drop_caches", s.dropCaches());
        if (s.flush()) {
            g.writeStringField("flush", s.flushTarget());
        }
        if (s.verify() != null) {
            g.writeObjectFieldStart("verify");
            g.writeStringField("dataset", s.verify().dataset());
            g.writeStringField("source", s.verify().source());
            g.writeStringField("copy", s.verify().copy());
            g.writeEndObject();
        }
        if (s.memoryBytes() >= 0) {
            g.writeNumberField("memory_budget_bytes", s.memoryBytes());
        }
        if (s.timeout() != null) {
            g.writeNumberField("timeout_s", s.timeout().toSeconds());
        }
        g.writeStringField(
                "on_error", s.onError().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        if (s.expectedBytes() != null) {
            g.writeNumberField("expected_bytes", s.expectedBytes());
        }
        if (s.parser() != null) {
            g.writeStringField("parser", s.parser());
        }
        figures(g, s.figures());
        target(g, s.target());
        if (s.lifecycle() != null) {
            g.writeObjectFieldStart("lifecycle");
            argv(g, "destroy", s.lifecycle().destroy());
            argv(g, "service_check", s.lifecycle().serviceCheck());
            g.writeEndObject();
        }
        g.writeObjectFieldStart("place");
        g.writeStringField("kernel", s.place().kernel());
        g.writeStringField("virt", s.place().virt());
        g.writeEndObject();
        g.writeEndObject();
    }

    // parse: as a mapping, as the run reads it: whose output, the regex, each figure's group or pointer
    private static void figures(JsonGenerator g, org.fsflow.scenario.CustomParse p) throws IOException {
        if (p == null) {
            return;
        }
        g.writeObjectFieldStart("figures");
        g.writeStringField("from", p.from().keyword());
        if (p.regex() != null) {
            g.writeStringField("regex", p.regex().pattern());
        }
        g.writeObjectFieldStart("metrics");
        for (org.fsflow.scenario.CustomParse.Figure f : p.metrics()) {
            g.writeObjectFieldStart(f.name());
            if (f.group() != null) {
                g.writeNumberField("group", f.group());
            } else {
                g.writeStringField("json", f.pointer());
            }
            g.writeStringField("unit", f.unit());
            if (f.better() != null) {
                g.writeStringField("better", f.better());
            }
            g.writeEndObject();
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void target(JsonGenerator g, ResolvedStep.Target t) throws IOException {
        g.writeStringField("device", t.device());
        if (t.mountPoint() != null) {
            g.writeStringField("mount_point", t.mountPoint());
        }
        if (t.filesystem() != null) {
            g.writeStringField("filesystem", t.filesystem());
        }
    }

    // a command's argument vector, left out when there is no command or it does not run
    private static void argv(JsonGenerator g, String field, ResolvedStep.Line l) throws IOException {
        if (l == null || l.argv() == null) {
            return;
        }
        g.writeArrayFieldStart(field);
        for (String a : l.argv()) {
            g.writeString(a);
        }
        g.writeEndArray();
    }
}
