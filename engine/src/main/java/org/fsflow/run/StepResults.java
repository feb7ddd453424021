package org.fsflow.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.parse.FigureParser;
import org.fsflow.parse.OutputParser;
import org.fsflow.parse.Parsers;
import org.fsflow.place.StepOutcome;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.StepCommand;
import org.fsflow.result.Measurement;
import org.fsflow.result.MeasurementBuilder;
import org.fsflow.scenario.CustomParse;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;

/**
 * The one way from what a place observed for a step node ({@link StepOutcome}, from the host or a
 * guest alike) to its {@link Measurement}: the cell's coordinates and options, the outcome's
 * figures and where it ran, then the figures of the tool's output ({@code parse:}).
 */
final class StepResults {

    private final Scenario scenario;
    private final Layout layout;

    /** The builder of {@code plan}'s measurements. */
    StepResults(Plan plan) {
        this.scenario = plan.scenario();
        this.layout = plan.layout();
    }

    /** The measurement of node {@code n} that ended as {@code o}. */
    Measurement measurement(PlanNode n, StepOutcome o) {
        MeasurementBuilder b = base(n).command(o.command())
                .status(o.status())
                .exitCode(o.exitCode())
                .reason(o.reason())
                .startedAt(o.startedAt() == null ? null : o.startedAt().toString())
                .endedAt(o.endedAt() == null ? null : o.endedAt().toString())
                .log(o.log());
        figures(b, o.figures());
        if (o.method() != null) {
            b.devices(o.method().devices())
                    .cpuMethod(o.method().cpuMethod())
                    .memoryMethod(o.method().memoryMethod());
        }
        StepOutcome.Around a = o.around();
        if (a != null) {
            b.memoryBudgetBytes(a.memoryBudgetBytes())
                    .flushS(a.flushS())
                    .hostOtherCpuS(a.hostOtherCpuS())
                    .serviceCpuS(a.serviceCpuS())
                    .signal(a.signal())
                    .oomKills(a.oomKills());
            if (a.kernel() != null) {
                b.kernelCpu(a.kernel().cpuS(), a.kernel().fsS(), a.kernel().classes());
            }
            if (a.observed() != null) {
                b.observed(
                        a.observed().traffic(),
                        a.observed().shared(),
                        a.observed().samples());
            }
        }
        Measurement m = o.where().stamp(b).build();
        String parser = n.step().parser();
        Measurement tool = parser == null || !m.ok() ? m : parsed(m, parser, n);
        CustomParse figures = n.step().figures();
        return figures == null || !tool.ok() ? tool : withFigures(tool, figures, n);
    }

    /** The measurement with the scenario's own figures added, or failed when its output does not hold them. */
    private Measurement withFigures(Measurement m, CustomParse figures, PlanNode n) {
        String prefix = figures.from() == CustomParse.From.AFTER ? "after." : "";
        Path out = layout.log(n.id(), prefix + "out");
        if (!Files.exists(out)) {
            return m.failedBecause("parse from: " + figures.from().keyword() + ": no output of that command was"
                    + " kept where the step ran (a guest keeps only the measured command's)");
        }
        try {
            Map<String, Object> all = new LinkedHashMap<>(m.metrics() == null ? Map.of() : m.metrics());
            all.putAll(new FigureParser(figures).parse(read(out), read(layout.log(n.id(), prefix + "err"))));
            return m.withMetrics(all);
        } catch (OutputParser.Unparseable e) {
            return m.failedBecause("unparseable " + (prefix.isEmpty() ? "" : "after: ") + "output for parse metrics"
                    + " (raw log kept in logs/" + n.id() + "." + prefix + "out): " + e.getMessage());
        }
    }

    private static void figures(MeasurementBuilder b, StepOutcome.Figures f) {
        if (f != null) {
            b.realS(f.realS())
                    .userS(f.userS())
                    .sysS(f.sysS())
                    .cpuPct(f.cpuPct())
                    .maxRssKb(f.maxRssKb())
                    .minorFaults(f.minorFaults())
                    .majorFaults(f.majorFaults())
                    .readBytes(f.readBytes())
                    .writeBytes(f.writeBytes())
                    .ioBusyMs(f.ioBusyMs());
        }
    }

    // what every measurement of node n says: the cell's coordinates and options
    private MeasurementBuilder base(PlanNode n) {
        return Measurement.builder(n.id(), n.step().name())
                .dataset(n.cell().dataset())
                .filesystem(n.cell().filesystem())
                .repeat(n.repeat())
                .cell(n.cell().coordinates())
                .mkfsOptions(options(n, true))
                .mountOptions(options(n, false))
                .warmup(n.repeat() <= scenario.warmup())
                .scale(n.scale());
    }

    private List<String> options(PlanNode n, boolean mkfs) {
        Device target = scenario.devices().get(Scenario.TARGET);
        Filesystem fs = target == null ? null : StepCommand.filesystem(scenario, target, n.cell());
        return fs == null ? List.of() : mkfs ? fs.mkfsOptions() : fs.mountOptions();
    }

    /** The measurement with the figures of its tool's output, or failed when the output is not what the parser expects. */
    private Measurement parsed(Measurement m, String parserName, PlanNode n) {
        OutputParser parser = Parsers.of(parserName);
        String reason;
        if (parser == null) {
            reason = "this fsflow has no '" + parserName + "' parser";
        } else {
            try {
                return m.withMetrics(parser.parse(read(layout.log(n.id(), "out")), read(layout.log(n.id(), "err"))));
            } catch (OutputParser.Unparseable e) {
                reason = "unparseable " + parserName + " output (raw log kept in "
                        + layout.logs(n.id()).get(0) + "): " + e.getMessage();
            }
        }
        return m.failedBecause(reason);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }
}
