package org.fsflow.plan;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Repeat;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.Scenario;

/**
 * Prints a plan for people ({@code text}), for tools ({@code json}) and as a graph ({@code dot}).
 * Printing streams node by node, so a plan of 100,000 nodes needs no extra memory.
 */
public final class PlanPrinter {

    /** The output formats of {@code fsflow plan}. */
    public enum Format {
        TEXT,
        JSON,
        DOT
    }

    private PlanPrinter() {}

    /** Prints {@code plan} in {@code format}. */
    public static void print(Plan plan, Format format, Writer out) {
        try {
            switch (format) {
                case TEXT -> text(plan, out);
                case JSON -> json(plan, out);
                case DOT -> dot(plan, out);
                default -> throw new IllegalArgumentException(format.name());
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // what adds a round: the targets, and the budget that bounds them
    private static String adaptive(Repeat r) {
        java.util.List<String> targets = new java.util.ArrayList<>();
        if (r.targetCv() > 0) {
            targets.add("CV > " + String.format(Locale.ROOT, "%.1f%%", r.targetCv() * 100));
        }
        if (r.precision() > 0) {
            targets.add("95 % interval wider than +/-" + String.format(Locale.ROOT, "%.1f%%", r.precision() * 100));
        }
        return "adds rounds while " + String.join(" or ", targets)
                + (r.budget() == null ? "" : ", within a budget of " + org.fsflow.lang.Durations.format(r.budget()));
    }

    /** The header lines of a text plan (also printed above a run's progress). */
    public static String summary(Plan plan) {
        Scenario s = plan.scenario();
        Repeat r = s.repeat();
        String axes = s.matrix().axes().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue().size())
                .collect(Collectors.joining(" x "));
        String repeat = r.adaptive() ? r.min() + " to " + r.max() + " (" + adaptive(r) + ")" : String.valueOf(r.min());
        StringBuilder b = new StringBuilder();
        b.append("scenario  ")
                .append(s.name())
                .append(s.title() == null ? "" : ": " + s.title())
                .append('\n');
        b.append("file      ")
                .append(s.source().path())
                .append(" (sha256 ")
                .append(s.source().sha256(), 0, 16)
                .append(")\n");
        b.append("cells     ")
                .append(plan.cells().size())
                .append(axes.isEmpty() ? "" : " (" + axes + ")")
                .append(", repeat ")
                .append(repeat)
                .append(", order ")
                .append(s.order().name().toLowerCase(Locale.ROOT))
                .append(s.order() == Scenario.Order.SHUFFLED ? " (seed " + plan.seed() + ")" : "")
                .append('\n');
        b.append("nodes     ")
                .append(plan.nodes().size())
                .append(": ")
                .append(plan.measuredCount())
                .append(" measured steps, ")
                .append(plan.count(PlanNode.Kind.DATASET))
                .append(" datasets, ")
                .append(plan.count(PlanNode.Kind.SETUP))
                .append(" set-ups, ")
                .append(plan.count(PlanNode.Kind.TEARDOWN))
                .append(" teardowns\n");
        b.append(scaleAndMemory(s));
        if (s.warmup() > 0) {
            b.append("warmup    ").append(s.warmup()).append(" repetitions per cell, left out of the statistics\n");
        }
        s.kernels().values().forEach(k -> b.append(kernelLine(plan, k)));
        b.append(CrashPlan.describe(s, plan.seed()));
        b.append("output    ").append(plan.layout().out()).append('\n');
        b.append("work      ").append(plan.layout().work()).append('\n');
        return b.toString();
    }

    // the scale per place (when places differ) and the memory budget of each place's steps
    private static String scaleAndMemory(Scenario s) {
        StringBuilder b = new StringBuilder();
        if (!s.scaling().scales().uniform()) {
            b.append("scale     ")
                    .append(s.scaling().scales().options())
                    .append(": host cells at ")
                    .append(Scales.plain(s.scale()))
                    .append(", each kernel's below\n");
        }
        if (!s.scaling().controls().isEmpty()) {
            b.append("controls  ")
                    .append(String.join(", ", s.scaling().controls().keySet()))
                    .append(
                            ": the host's control cells again at the guests' scale (that scale's datasets, parameters and memory budget), so that the guests' rankings are "
                                    + "checked against the host's at one scale\n");
        }
        if (s.memory().present()) {
            b.append("memory    ").append(budget(s));
            for (KernelSpec k : s.kernels().values()) {
                if (s.at(k) != s) {
                    b.append("; cells under ").append(k.name()).append(": ").append(budget(s.at(k)));
                }
            }
            b.append('\n');
        }
        return b.toString();
    }

    // the memory budget of every measured step of s
    private static String budget(Scenario s) {
        return org.fsflow.lang.ByteSize.format(s.memory().effectiveBytes()) + " of RAM for every measured step"
                + (s.memory().factor() < 1
                        ? " (scaled with the " + (s.datasets().isEmpty() ? "parameters that scale" : "datasets")
                                + " from "
                                + org.fsflow.lang.ByteSize.format(s.memory().bytes()) + ")"
                        : "");
    }

    // which cells run in a VM under a kernel that is not the host's
    private static String kernelLine(Plan plan, KernelSpec k) {
        long cells = plan.cells().stream()
                .filter(c -> plan.scenario().kernelOf(c.coordinates()).name().equals(k.name()))
                .count();
        String spec = k instanceof KernelSpec.Debian d
                ? "debian " + d.packageName()
                : k instanceof KernelSpec.Image i ? "image " + i.image() : k.name();
        Scenario s = plan.scenario();
        return "kernel    " + k.name() + " (" + spec + "): " + cells + " of "
                + plan.cells().size() + " cells run in a VM under it"
                + (s.at(k) != s ? ", at --scale " + Scales.plain(s.at(k).scale()) : "")
                + (s.vm().reuse()
                        ? "; consecutive cell repetitions share one guest (vm: reuse)"
                        : "; a guest booted for every cell repetition (vm: reuse: false)")
                + "\n";
    }

    private static void text(Plan plan, Writer out) throws IOException {
        out.write(summary(plan));
        out.write('\n');
        int width = 0;
        for (PlanNode n : plan.nodes()) {
            width = Math.max(width, n.id().length());
        }
        width = Math.min(width, 48);
        for (PlanNode n : plan.nodes()) {
            out.write(pad(n.id(), width));
            out.write("  ");
            if (n.before() != null) {
                out.write("(before) " + n.before() + "\n" + pad("", width) + "  ");
            }
            out.write(n.command());
            out.write('\n');
            if (n.after() != null) {
                out.write(pad("", width) + "  (after) " + n.after() + "\n");
            }
        }
        lifecycle(plan, out);
    }

    // run outside the steps, as root like them: a reviewer must see them too
    private static void lifecycle(Plan plan, Writer out) throws IOException {
        Map<String, String> commands = PlanCommands.lifecycle(plan);
        if (commands.isEmpty()) {
            return;
        }
        out.write("\nlifecycle commands, run when needed, not measured:\n");
        int width = commands.keySet().stream().mapToInt(String::length).max().orElse(0);
        for (Map.Entry<String, String> c : commands.entrySet()) {
            out.write("  " + pad(c.getKey(), width) + "  " + c.getValue() + "\n");
        }
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    private static void json(Plan plan, Writer out) throws IOException {
        Scenario s = plan.scenario();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            org.fsflow.safety.VisibleJson.on(g);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("scenario", s.name());
            g.writeStringField("file", s.source().path());
            g.writeStringField("sha256", s.source().sha256());
            g.writeStringField("order", s.order().name().toLowerCase(Locale.ROOT));
            g.writeNumberField("seed", plan.seed());
            g.writeNumberField("repeat_min", s.repeat().min());
            g.writeNumberField("repeat_max", s.repeat().max());
            g.writeNumberField("cells", plan.cells().size());
            g.writeNumberField("measured", plan.measuredCount());
            g.writeStringField("out", plan.layout().out().toString());
            g.writeStringField("work", plan.layout().work().toString());
            g.writeArrayFieldStart("nodes");
            for (PlanNode n : plan.nodes()) {
                node(g, n);
            }
            g.writeEndArray();
            g.writeObjectFieldStart("lifecycle");
            for (Map.Entry<String, String> c : PlanCommands.lifecycle(plan).entrySet()) {
                g.writeStringField(c.getKey(), c.getValue());
            }
            g.writeEndObject();
            CrashPlan.json(g, plan);
            g.writeEndObject();
        }
        out.write('\n');
    }

    // one node; a step node ends with its resolved step, what run executes
    private static void node(JsonGenerator g, PlanNode n) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", n.id());
        g.writeStringField("kind", n.kind().label());
        if (n.cell() != null) {
            g.writeObjectFieldStart("cell");
            for (Map.Entry<String, String> c : n.cell().coordinates().entrySet()) {
                g.writeStringField(c.getKey(), c.getValue());
            }
            g.writeEndObject();
            g.writeNumberField("repeat", n.repeat());
            g.writeStringField("step", n.step().name());
        } else {
            g.writeStringField("subject", n.subject());
        }
        g.writeStringField("command", n.command());
        if (n.before() != null) {
            g.writeStringField("before", n.before());
        }
        if (n.after() != null) {
            g.writeStringField("after", n.after());
        }
        g.writeNumberField("scale", n.scale());
        g.writeArrayFieldStart("depends_on");
        for (String d : n.dependsOn()) {
            g.writeString(d);
        }
        g.writeEndArray();
        if (n.step() != null) {
            ResolvedStepJson.write(g, n.step());
        }
        g.writeEndObject();
    }

    private static void dot(Plan plan, Writer out) throws IOException {
        out.write("digraph \"" + esc(plan.scenario().name()) + "\" {\n");
        out.write("  rankdir=TB;\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n");
        for (PlanNode n : plan.nodes()) {
            String shape = switch (n.kind()) {
                case SETUP, TEARDOWN -> "hexagon";
                case DATASET -> "cylinder";
                case STEP -> "box";
            };
            out.write("  \"" + esc(n.id()) + "\" [shape=" + shape + ", tooltip=\"" + esc(n.command()) + "\"];\n");
        }
        for (PlanNode n : plan.nodes()) {
            for (String d : n.dependsOn()) {
                out.write("  \"" + esc(d) + "\" -> \"" + esc(n.id()) + "\";\n");
            }
        }
        out.write("}\n");
    }

    private static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
