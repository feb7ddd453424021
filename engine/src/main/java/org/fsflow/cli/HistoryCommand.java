package org.fsflow.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fsflow.history.By;
import org.fsflow.history.ChangePoints;
import org.fsflow.history.CommitOrder;
import org.fsflow.history.History;
import org.fsflow.history.HistoryGate;
import org.fsflow.history.HistoryResult;
import org.fsflow.history.HistoryRun;
import org.fsflow.history.HistoryWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow history RUN_DIR... --out DIR}: runs as series, change points, a gate for CI. */
@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        description = "Read runs as series over time, commits, kernels or a label: per scenario, cell, place, step "
                + "and metric, every repetition of every run; find change points (E-divisive means, Student's t "
                + "between the segments, Benjamini-Hochberg across series). Writes DIR/report.html, DIR/report.md "
                + "with its charts and DIR/history.json.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:history written (and the gate passed)",
            "1:--fail-on: the newest run sits after a change point worse than N %%",
            "2:usage error: a bad option, or a directory that is not a run's"
        })
final class HistoryCommand extends Subcommand {

    @Parameters(arity = "1..*", paramLabel = "RUN_DIR", description = "Output directories of runs (or imports).")
    List<Path> dirs;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(
            names = "--by",
            paramLabel = "ORDER",
            defaultValue = "date",
            description = "date (the runs' start, default), commit (run.json provenance.commit), kernel (the "
                    + "release each series ran under, version order) or label:K (fsflow run --label K=V).")
    String by;

    @Option(
            names = "--min-effect",
            paramLabel = "P%",
            defaultValue = "0%",
            description = "Report only change points that move the mean by at least P %% (default 0%%).")
    String minEffect;

    @Option(
            names = "--p-value",
            paramLabel = "Q",
            defaultValue = "0.001",
            description = "The p-value a change point must reach in its series (default 0.001, as Otava).")
    double pValue;

    @Option(
            names = "--fail-on",
            paramLabel = "worse:N%",
            description = "Exit 1 when the newest run sits after a change point that made a metric worse by more "
                    + "than N %%, one line each.")
    String failOn;

    @Option(
            names = "--templates",
            paramLabel = "DIR",
            description = "Use the templates of DIR first (history.html.ftl, history.md.ftl).")
    Path templates;

    @Override
    public Integer call() {
        By order = usage(() -> By.parse(by));
        HistoryGate gate = failOn == null ? null : usage(() -> HistoryGate.parse(failOn));
        ChangePoints.Options options = new ChangePoints.Options(pValue(), minEffect());
        List<HistoryRun> runs = runs();
        CommitOrder commits = order.kind() == By.Kind.COMMIT
                ? CommitOrder.of(
                        runs.stream()
                                .map(HistoryRun::commit)
                                .filter(c -> c != null)
                                .toList(),
                        Path.of("").toAbsolutePath())
                : null;
        HistoryResult h = History.of(runs, order, options, commits);
        var w = out();
        for (Path p : new HistoryWriter(templates)
                .write(h, order.order(commits == null ? java.util.Map.of() : commits.ranks()), out)) {
            w.println("wrote " + p);
        }
        h.apart().forEach(a -> w.println("kept apart: " + a.run() + ": " + a.reason()));
        long changes = h.series().stream().mapToLong(s -> s.changes().size()).sum();
        w.println(h.series().size() + " series of " + h.runs().size() + " runs, " + changes + " change point"
                + (changes == 1 ? "" : "s"));
        if (gate == null) {
            return ExitCodes.OK;
        }
        List<String> failures = gate.failures(h);
        failures.forEach(w::println);
        w.println(
                failures.isEmpty()
                        ? "gate passed: the newest runs sit after no change point worse than " + failOn.substring(6)
                        : failures.size() + " change point(s) worse than " + failOn.substring(6));
        return failures.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private double pValue() {
        if (!(pValue > 0 && pValue < 1)) {
            throw new UserError(
                    "--p-value must be above 0 and below 1 (e.g. --p-value 0.001), got " + pValue, ExitCodes.USAGE);
        }
        return pValue;
    }

    private double minEffect() {
        String s = minEffect.strip();
        if (s.matches("\\d+(\\.\\d+)?%")) {
            return Double.parseDouble(s.substring(0, s.length() - 1)) / 100;
        }
        throw new UserError(
                "--min-effect '" + minEffect + "': expected a percentage such as 2% (a change of the mean of at "
                        + "least 2 %)",
                ExitCodes.USAGE);
    }

    private List<HistoryRun> runs() {
        List<HistoryRun> runs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<String> problems = new ArrayList<>();
        for (Path d : dirs) {
            Path file = d.toAbsolutePath().normalize().getFileName();
            String name = file == null ? d.toString() : file.toString();
            try {
                runs.add(HistoryRun.load(d, names.add(name) ? name : d.toString()));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new UserError(String.join("\nfsflow: error: ", problems), ExitCodes.USAGE);
        }
        return runs;
    }

    private static <T> T usage(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), ExitCodes.USAGE);
        }
    }
}
