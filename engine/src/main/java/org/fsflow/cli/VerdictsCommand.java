package org.fsflow.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.fsflow.Fsflow;
import org.fsflow.report.VerdictSection;
import org.fsflow.report.VerdictSections;
import org.fsflow.result.ResultSet;
import org.fsflow.summary.Verdict;
import org.fsflow.summary.VerdictTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow verdicts DIR}: the verdict of every finding of a run's source, as a table; optionally a gate. */
@Command(
        name = "verdicts",
        mixinStandardHelpOptions = true,
        description = "Print the verdict of every finding of the run's source (reproduced, direction only, "
                + "contradicted, inconclusive) from DIR/results.jsonl; the findings come from DIR/source.yaml, else "
                + "the source: section of DIR/scenario.yaml.")
final class VerdictsCommand extends Subcommand {

    @Parameters(paramLabel = "DIR", description = "Output directory of a run.")
    Path dir;

    @Option(
            names = "--source",
            paramLabel = "FILE",
            description = "Take the findings from FILE's source: section (such as scenarios/cds-2009.yaml), checked "
                    + "against the run, and store them as DIR/source.yaml for later reports.")
    Path source;

    @Option(
            names = "--fail-on",
            paramLabel = "VERDICT",
            split = ",",
            description =
                    "Exit 1 when a finding has one of these verdicts: contradicted, direction-only, inconclusive.")
    List<String> failOn = List.of();

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        List<Verdict.Outcome> gate = gate();
        if (!Files.isRegularFile(dir.resolve("results.jsonl"))) {
            throw new UserError(dir + " has no results.jsonl: give the output directory of a run", ExitCodes.FAILED);
        }
        if (source != null) {
            org.fsflow.safety.SafeDirectories.check(
                    dir,
                    "the run directory",
                    "Copy it into a directory of root's, or run 'fsflow verdicts --source' as the user who owns it.");
            SourceOption.store(dir, source, out, err);
        }
        SourceOption.check(dir, err);
        VerdictTable table = Fsflow.summarize(ResultSet.scan(dir, m -> {}), dir).verdicts();
        if (table == null || table.verdicts().isEmpty()) {
            throw new UserError(
                    dir + " has no findings to judge: its scenario.yaml has no source: findings; give "
                            + "them with --source scenarios/NAME.yaml",
                    ExitCodes.FAILED);
        }
        print(out, VerdictSections.of(table));
        List<Verdict> failing = table.verdicts().stream()
                .filter(v -> gate.contains(v.outcome()))
                .toList();
        if (!gate.isEmpty()) {
            out.println(
                    failing.isEmpty()
                            ? "gate passed: no finding " + String.join(" or ", failOn)
                            : failing.size() + " finding(s) " + String.join(" or ", failOn) + ": "
                                    + String.join(
                                            ", ",
                                            failing.stream()
                                                    .map(v -> v.finding().id())
                                                    .toList()));
        }
        return failing.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private List<Verdict.Outcome> gate() {
        return failOn.stream()
                .map(name -> {
                    for (Verdict.Outcome o : Verdict.Outcome.values()) {
                        if (o != Verdict.Outcome.REPRODUCED
                                && o.label()
                                        .replace(' ', '-')
                                        .equals(name.strip().toLowerCase(Locale.ROOT))) {
                            return o;
                        }
                    }
                    throw new UserError(
                            "--fail-on " + name + ": expected contradicted, direction-only or inconclusive",
                            ExitCodes.USAGE);
                })
                .toList();
    }

    static void print(PrintWriter out, VerdictSection s) {
        out.println(s.headline());
        out.println("findings from " + s.from());
        for (VerdictSection.Row r : s.rows()) {
            out.println();
            out.println(r.verdict().toUpperCase(Locale.ROOT) + "  " + r.id() + ": " + r.what());
            out.println("  cite:   " + r.cite());
            boolean direction =
                    r.sourceRatio().equals("higher") || r.sourceRatio().equals("lower");
            out.println("  source: " + r.source() + (direction ? "" : " (" + r.sourceRatio() + ")"));
            out.println("  fsflow: " + r.fsflow() + "; ratio " + r.ratio() + ", q " + r.q());
            out.println("  class:  " + r.findingClass() + ": " + r.classWhy());
            out.println("  why:    " + r.reason());
            out.println("  test:   " + r.test());
            if (!r.explanation().isEmpty()) {
                out.println("  known:  " + r.explanation());
            }
        }
    }
}
