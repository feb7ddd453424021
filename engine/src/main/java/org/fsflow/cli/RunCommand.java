package org.fsflow.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Fsflow;
import org.fsflow.host.RunFailure;
import org.fsflow.plan.PlanPrinter;
import org.fsflow.run.Campaign;
import org.fsflow.run.LaunchRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fsflow run FILE}: runs a campaign for real and records every measurement. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run a campaign: set up devices, generate datasets, run and measure every step, tear down.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every measured step succeeded (skipped cells do not fail a run)",
            "1:invalid scenario, a refused device, or a step failed",
            "2:usage error",
            "3:interrupted (Ctrl-C, SIGTERM): continue with 'fsflow resume DIR'"
        })
final class RunCommand extends Subcommand {

    @Parameters(paramLabel = "FILE", description = "Scenario file.")
    Path file;

    @Option(names = "--dry-run", description = "Print the plan and run nothing.")
    boolean dryRun;

    @Option(
            names = "--hosts",
            paramLabel = "FILE",
            description = "Run on the hosts of this inventory over ssh, merge their results (axis 'host').")
    Path hosts;

    @Option(
            names = "--mode",
            paramLabel = "MODE",
            defaultValue = "same",
            description = "With --hosts: same (every host runs the whole campaign) or split (the cells of one "
                    + "matrix axis are dealt out over the hosts).")
    HostsRuns.Mode mode;

    @Option(
            names = "--via",
            paramLabel = "ENGINE",
            defaultValue = "ssh",
            description = "How hosts are reached: ssh (the hosts of --hosts) or slurm (one exclusive srun job per "
                    + "node of --nodes).")
    String via;

    @Option(names = "--partition", paramLabel = "NAME", description = "With --via slurm: the partition (srun -p).")
    String partition;

    @Option(
            names = "--nodes",
            paramLabel = "NODE",
            split = ",",
            description = "With --via slurm: the nodes, one job each (srun --exclusive -N1 -w NODE).")
    java.util.List<String> nodes = new java.util.ArrayList<>();

    @Option(
            names = "--label",
            paramLabel = "K=V",
            description = "Record K=V in run.json's labels (repeatable): a kernel build, a commit of the system under "
                    + "test; 'fsflow history --by label:K' orders runs by it.")
    java.util.Map<String, String> labels = new java.util.LinkedHashMap<>();

    @Mixin
    ScenarioOptions options;

    @Mixin
    LayoutOptions layout;

    /** The directory relative paths are taken from: where fsflow runs, or the one a launch record names. */
    Path cwd = Path.of("").toAbsolutePath();

    @Override
    public Integer call() {
        Path recorded = record();
        try {
            return start();
        } catch (UserError e) {
            // an error before run.json (an invalid scenario, a refused directory): nothing to resume
            if (recorded != null
                    && e.exitCode() != ExitCodes.INTERRUPTED
                    && !Files.exists(recorded.resolve(Campaign.RUN))) {
                LaunchRecord.remove(recorded);
            }
            throw e;
        }
    }

    // launch.json in --out, first thing (the launcher wrote it already, unless java was started directly)
    private Path record() {
        if (dryRun || hosts != null || !nodes.isEmpty() || layout.out == null) {
            return null;
        }
        org.fsflow.safety.Output.RUN.check(cwd.resolve(layout.out), Campaign.OTHER_OUT);
        var parsed = spec.root().commandLine().getParseResult();
        try {
            new LaunchRecord(cwd, parsed.originalArgs()).writeIn(layout.out);
        } catch (RunFailure e) {
            throw new UserError(e.getMessage(), ExitCodes.FAILED);
        }
        return cwd.resolve(layout.out);
    }

    /**
     * After a usage error on {@code args} (given in {@code cwd}, null: here): a {@code run} whose
     * launch record the launcher wrote for exactly these words never started; the record goes.
     */
    static void forget(String[] args, Path cwd) {
        List<String> words = List.of(args);
        int out = words.indexOf("--out");
        String dir = out >= 0 && out + 1 < words.size() ? words.get(out + 1) : null;
        for (String w : words) {
            dir = w.startsWith("--out=") ? w.substring("--out=".length()) : dir;
        }
        Path here = cwd != null ? cwd : Path.of("").toAbsolutePath();
        LaunchRecord these = new LaunchRecord(here, words);
        if (dir == null || !these.isRun()) {
            return;
        }
        Path recorded = here.resolve(dir);
        try {
            if (LaunchRecord.read(recorded).filter(these::equals).isPresent()
                    && !Files.exists(recorded.resolve(Campaign.RUN))) {
                LaunchRecord.remove(recorded);
            }
        } catch (RunFailure | java.nio.file.InvalidPathException e) {
            // not a record of these words: it stays
        }
    }

    private int start() {
        var err = err();
        Runs.labels(labels);
        if ((hosts != null || !nodes.isEmpty()) && !dryRun) {
            if (!labels.isEmpty()) {
                throw new UserError(
                        "--label is recorded by a run on this machine, not with --hosts or --nodes: leave it out",
                        ExitCodes.USAGE);
            }
            if (!via.equals("ssh") && !via.equals("slurm")) {
                throw new UserError("--via is ssh or slurm, not '" + via + "'", ExitCodes.USAGE);
            }
            if (layout.work != null) {
                throw new UserError(
                        "--work does not apply with --hosts: each host works in its own private "
                                + "directory (the inventory's 'dir')",
                        ExitCodes.USAGE);
            }
            var where = new HostsRuns.Where(hosts, via.equals("slurm"), partition, nodes);
            return HostsRuns.run(file, where, mode, options, layout.out, out(), err);
        }
        var out = out();
        Fsflow.Outcome o = Scenarios.pipeline(
                file,
                options.overrides(),
                layout,
                dryRun ? Fsflow.Stage.PLAN : Fsflow.Stage.REPORT,
                Runs.options(spec, labels),
                err,
                plan -> {
                    Scenarios.checkPlaces(plan);
                    if (dryRun) {
                        PlanPrinter.print(plan, PlanPrinter.Format.TEXT, out);
                    } else {
                        ScenarioReview.printIfForeign(file, plan, out);
                    }
                });
        return dryRun ? ExitCodes.OK : Runs.finish(o.run(), o.plan().layout().out(), spec);
    }
}
