package org.fsflow.plan;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Locale;

/**
 * A {@link ResolvedStep} as {@code plan --format json} prints it, under {@code "resolved"} in
 * every step node: every field, null where it does not apply, so a tool reads exactly what
 * {@code run} executes.
 */
final class ResolvedStepJson {

    private ResolvedStepJson() {}

    /** Writes {@code s} as the field {@code resolved} of the current object. */
    static void write(JsonGenerator g, ResolvedStep s) throws IOException {
        g.writeObjectFieldStart("resolved");
        line(g, "command", s.command());
        g.writeStringField("skip_reason", s.skipReason());
        line(g, "before", s.before());
        line(g, "release", s.release());
        line(g, "after", s.after());
        g.writeBooleanField("drop_caches", s.dropCaches());
        g.writeStringField("flush", s.flushTarget());
        verify(g, s.verify());
        nullableLong(g, "memory_budget_bytes", s.memoryBytes() < 0 ? null : s.memoryBytes());
        nullableLong(g, "timeout_s", s.timeout() == null ? null : s.timeout().toSeconds());
        g.writeStringField(
                "on_error", s.onError().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        nullableLong(g, "expected_bytes", s.expectedBytes());
        g.writeStringField("parser", s.parser());
        g.writeStringField("device", s.target().device());
        g.writeStringField("mount_point", s.target().mountPoint());
        g.writeStringField("filesystem", s.target().filesystem());
        if (s.lifecycle() == null) {
            g.writeNullField("lifecycle");
        } else {
            g.writeObjectFieldStart("lifecycle");
            line(g, "destroy", s.lifecycle().destroy());
            line(g, "service_check", s.lifecycle().serviceCheck());
            g.writeEndObject();
        }
        g.writeObjectFieldStart("place");
        g.writeStringField("kernel", s.place().kernel());
        g.writeStringField("virt", s.place().virt());
        g.writeEndObject();
        g.writeNumberField("scale", s.scale());
        g.writeEndObject();
    }

    private static void line(JsonGenerator g, String field, ResolvedStep.Line l) throws IOException {
        if (l == null) {
            g.writeNullField(field);
            return;
        }
        g.writeObjectFieldStart(field);
        if (l.argv() == null) {
            g.writeNullField("argv");
        } else {
            g.writeArrayFieldStart("argv");
            for (String a : l.argv()) {
                g.writeString(a);
            }
            g.writeEndArray();
        }
        g.writeStringField("text", l.text());
        g.writeEndObject();
    }

    private static void verify(JsonGenerator g, ResolvedStep.Verify v) throws IOException {
        if (v == null) {
            g.writeNullField("verify");
            return;
        }
        g.writeObjectFieldStart("verify");
        g.writeStringField("dataset", v.dataset());
        g.writeStringField("source", v.source());
        g.writeStringField("copy", v.copy());
        g.writeEndObject();
    }

    private static void nullableLong(JsonGenerator g, String field, Long value) throws IOException {
        if (value == null) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, value);
        }
    }
}
