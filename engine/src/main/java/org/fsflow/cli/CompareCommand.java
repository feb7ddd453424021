package org.fsflow.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fsflow.compare.Comparer;
import org.fsflow.compare.Comparison;
import org.fsflow.compare.ComparisonWriter;
import org.fsflow.compare.Gate;
import org.fsflow.compare.Run;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow compare BASE OTHER... --out DIR}: runs side by side, regressions with a direction. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = "Compare runs with a baseline: per cell, step and metric the means with their 95 %% intervals, "
                + "the ratio with its Fieller interval, Welch's test under Benjamini-Hochberg false-discovery "
                + "control, better/worse by the metric's direction, and the conditions that differ. Writes "
                + "DIR/report.html, DIR/report.md, DIR/chart-ratios.svg and DIR/comparison.csv.")
final class CompareCommand extends Subcommand {

    @Parameters(index = "0", paramLabel = "BASE", description = "The baseline: a run's (or an import's) directory.")
    Path base;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "OTHER", description = "The runs compared with it.")
    List<Path> others;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(
            names = "--axis",
            paramLabel = "NAME",
            description = "What the comparison is about (kernel, host, mount_options, a param ...); any other "
                    + "condition that differs is listed as a confounder.")
    String axis;

    @Option(
            names = "--fail-on",
            paramLabel = "worse:N%",
            description = "Exit 1 when a significant change in the bad direction beyond N %% exists, one line each.")
    String failOn;

    @Option(
            names = "--templates",
            paramLabel = "DIR",
            description =
                    "Use the templates of DIR first (compare.html.ftl, compare.md.ftl), the built-in ones for the rest.")
    Path templates;

    @Override
    public Integer call() {
        Gate gate = gate();
        Comparison c = Comparer.compare(runs(), axis);
        var w = out();
        for (Path p : new ComparisonWriter(templates).write(c, out)) {
            w.println("wrote " + p);
        }
        c.differences().stream()
                .filter(d -> !d.axis())
                .forEach(d -> w.println("confounder: " + d.fact() + ": " + String.join(" | ", d.values())));
        if (gate == null) {
            return ExitCodes.OK;
        }
        List<Comparison.Row> failures = gate.failures(c);
        failures.forEach(r -> w.println(Gate.line(r)));
        w.println(
                failures.isEmpty()
                        ? "gate passed: nothing significantly worse than " + failOn.substring(6)
                        : failures.size() + " significant change(s) worse than " + failOn.substring(6));
        return failures.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private Gate gate() {
        try {
            return failOn == null ? null : Gate.parse(failOn);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), ExitCodes.USAGE);
        }
    }

    private List<Run> runs() {
        List<Path> dirs = new ArrayList<>();
        dirs.add(base);
        dirs.addAll(others);
        List<Run> runs = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (Path d : dirs) {
            Run r = run(d);
            runs.add(labels.add(r.label()) ? r : r.labelled(d.toString()));
            labels.add(d.toString());
        }
        return runs;
    }
}
