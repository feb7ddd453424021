package org.fsflow.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.host.DiskFull;
import org.fsflow.host.HostLock;
import org.fsflow.host.ProcessExecutor;
import org.fsflow.host.RunFailure;
import org.fsflow.measure.CpuCgroup;
import org.fsflow.measure.CpuCgroups;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanPrinter;
import org.fsflow.plan.Shell;
import org.fsflow.result.Journal;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.RunSettings;
import org.fsflow.safety.AtomicFile;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Provenance;
import org.fsflow.scenario.Scales;

/**
 * A campaign's output directory and what {@code run} and {@code resume} share: the host lock, the
 * files written at start ({@code run.json} with every effective setting, first, then
 * {@code scenario.original.yaml} byte for byte, {@code scenario.yaml} after overrides,
 * {@code environment.json}), and the runner.
 */
public final class Campaign {

    /** The exact file run, byte for byte. */
    public static final String ORIGINAL = "scenario.original.yaml";
    /** The effective scenario, after --set. */
    public static final String EFFECTIVE = "scenario.yaml";
    /** How to leave a directory that holds another output's files. */
    public static final String OTHER_OUT = "Choose another --out: a new directory, or an empty one.";
    /** Every setting of the run, read back by resume. */
    public static final String RUN = RunSettings.FILE;
    /** The conditions of the run. */
    public static final String ENVIRONMENT = "environment.json";

    private Campaign() {}

    /**
     * Starts a new run of {@code plan} in its output directory; the scenario's provenance (file,
     * digest, --set, --scale) is recorded with it. {@code run.json}, every setting of the run, is
     * the first file written (one atomic replace): from then on the directory is resumable, whatever
     * the instant of a kill. Then the scenario copies and environment.json; no device is set up
     * before they exist. An interrupt (SIGINT, SIGTERM) before the runner starts throws
     * {@link NotStarted} and removes everything written, run.json included. With
     * {@code options.resume()}, continues the run that directory recorded instead ({@code plan}
     * rebuilt from {@link #recorded}): completed nodes are kept, the rest runs.
     */
    public static Runner.Summary run(Plan plan, RunOptions options) {
        if (options.resume()) {
            return resume(plan, options);
        }
        Path out = plan.layout().out();
        try (StartGuard guard = StartGuard.install(List.of(out, plan.layout().work()), notStarted(plan, options))) {
            WorkPlaces.check(plan);
            org.fsflow.safety.Output.RUN.check(out, OTHER_OUT);
            if (Files.exists(out.resolve(Journal.FILE)) && size(out.resolve(Journal.FILE)) > 0) {
                throw new RunFailure(out + " holds the results of an earlier run: continue it with 'fsflow resume "
                        + out + "', or choose another --out");
            }
            try (HostLock lock = HostLock.acquire("campaign " + plan.scenario().name() + " -> " + out)) {
                guard.check();
                ProcessExecutor executor = executor(plan);
                try {
                    Provenance provenance = plan.scenario().provenance();
                    RunSettings settings = RunSettings.of(
                            plan,
                            provenance.sets(),
                            provenance.scales(),
                            executor.cpuMethod(),
                            options.command(),
                            options.labels());
                    guard.wrote(out.resolve(RUN));
                    settings.write(out);
                    options.progress().print(PlanPrinter.summary(plan));
                    options.progress().flush();
                    Runner runner = new Runner(plan, executor, options);
                    record(plan, settings, executor, guard, options.progress(), runner::baselineMeasured);
                    guard.commit(runner::interrupt);
                    return runner.run();
                } catch (UncheckedIOException e) {
                    throw DiskFull.outputFull(e, out) ? DiskFull.outputFailure(out, e) : e;
                } finally {
                    executor.close();
                }
            } finally {
                guard.abandon();
            }
        }
    }

    // the files of the run's start after run.json, checking for an interrupt between them (guard: null on resume)
    private static void record(
            Plan plan,
            RunSettings settings,
            ProcessExecutor executor,
            StartGuard guard,
            java.io.PrintWriter progress,
            java.util.function.BiConsumer<java.time.Instant, java.time.Instant> measured) {
        Provenance provenance = plan.scenario().provenance();
        Path out = plan.layout().out();
        check(guard);
        write(guard, out.resolve(ORIGINAL), new String(plan.scenario().source().bytes(), StandardCharsets.UTF_8));
        write(guard, out.resolve(EFFECTIVE), header(provenance) + provenance.effectiveText());
        RunEnvironment environment = Environment.collect(
                plan,
                settings,
                line -> {
                    progress.println(line);
                    progress.flush();
                },
                measured);
        check(guard);
        environment = environment.withLaunchFloor(
                Environment.launchFloor(executor, plan.layout().work()));
        write(guard, out.resolve(ENVIRONMENT), new String(environment.bytes(), StandardCharsets.UTF_8));
        check(guard);
    }

    private static void check(StartGuard guard) {
        if (guard != null) {
            guard.check();
        }
    }

    // what an interrupt before the start keeps (the launch record, if any) and the command to go on
    private static String notStarted(Plan plan, RunOptions options) {
        Path out = plan.layout().out();
        String again = again(plan, options.labels());
        if (!Files.isRegularFile(out.resolve(LaunchRecord.FILE))) {
            return "(what it had written, " + RUN + " included, is removed, so there is nothing to resume); start it "
                    + "again with: " + again;
        }
        return "but the command that started it, in " + out.resolve(LaunchRecord.FILE) + " (what else it had written, "
                + RUN + " included, is removed); continue with 'fsflow resume " + out + "', which starts it afresh "
                + "with that command, or start it again with: " + again;
    }

    // the command that starts the same run again
    static String again(Plan plan, Map<String, String> labels) {
        Provenance provenance = plan.scenario().provenance();
        StringBuilder b = new StringBuilder("fsflow run ")
                .append(Shell.quote(provenance.file()))
                .append(" --out ")
                .append(Shell.quote(plan.layout().out().toString()))
                .append(" --work ")
                .append(Shell.quote(plan.layout().work().toString()));
        provenance.sets().forEach(s -> b.append(" --set ").append(Shell.quote(s)));
        labels.forEach((k, v) -> b.append(" --label ").append(Shell.quote(k + "=" + v)));
        if (!provenance.scales().equals(Scales.FULL)) {
            b.append(' ').append(provenance.scales().options());
        }
        return b.toString();
    }

    /**
     * What a run directory recorded to rebuild its plan exactly: its copy of the scenario file, the
     * {@code --set} and {@code --scale} it ran with, its work directory and its seed.
     *
     * @param scenario  the run's copy of its scenario file ({@link #ORIGINAL})
     * @param overrides its {@code --set} and {@code --scale}
     * @param work      its work directory
     * @param seed      its plan's seed
     */
    public record Recorded(Path scenario, Overrides overrides, Path work, long seed) {}

    /**
     * What {@code out} recorded, once its {@code run.json} is checked; the scenario copy is restored
     * first when a kill came between {@code run.json} and it. Resume builds its plan from this.
     */
    public static Recorded recorded(Path out) {
        RunFile.check(out);
        RunSettings settings = RunSettings.read(out);
        RunFile.restoreOriginal(out);
        return new Recorded(
                out.resolve(ORIGINAL),
                new Overrides(settings.sets(), settings.scales()),
                Path.of(settings.work()),
                settings.seed());
    }

    // continues the run recorded in plan's output directory: completed nodes are kept, the rest runs
    private static Runner.Summary resume(Plan plan, RunOptions options) {
        Path out = plan.layout().out();
        WorkPlaces.check(plan);
        try (HostLock lock = HostLock.acquire("resume of " + plan.scenario().name() + " -> " + out)) {
            // the scenario copies (written after run.json) or environment.json missing: killed before it started
            boolean started =
                    Files.isRegularFile(out.resolve(EFFECTIVE)) && Files.isRegularFile(out.resolve(ENVIRONMENT));
            RunSettings recorded = RunSettings.read(out);
            List<String> more = more(recorded, plan);
            if (!more.isEmpty()) {
                // run.json first: it is what a later resume reads
                RunSettings settings = recorded.resumedWith(plan);
                settings.write(out);
                write(
                        null,
                        out.resolve(EFFECTIVE),
                        header(plan.scenario().provenance())
                                + plan.scenario().provenance().effectiveText());
                options.progress()
                        .println("resumed with " + String.join(", ", more) + ": recorded in " + out.resolve(RUN));
            }
            if (started) {
                ResumeRecord.add(out, java.time.Instant.now(), more, recorded.resumedWith(plan));
            }
            ProcessExecutor executor = executor(plan);
            if (!started) {
                options.progress()
                        .println("the run was killed before it started: starting it afresh from the settings "
                                + "recorded in " + out.resolve(RUN));
                options.progress().flush();
                try {
                    // its baseline's time is not in its timeline: the runner is made after it, below
                    record(plan, RunSettings.read(out), executor, null, options.progress(), (from, to) -> {});
                } catch (RuntimeException e) {
                    executor.close();
                    throw e;
                }
            }
            return run(plan, executor, options);
        }
    }

    // the --set options plan has beyond those recorded: a resume's own (resume --set)
    private static List<String> more(RunSettings recorded, Plan plan) {
        List<String> all = plan.scenario().provenance().sets();
        return all.size() > recorded.sets().size()
                        && all.subList(0, recorded.sets().size()).equals(recorded.sets())
                ? List.copyOf(all.subList(recorded.sets().size(), all.size()))
                : List.of();
    }

    private static ProcessExecutor executor(Plan plan) {
        WorkPlaces.create(plan);
        CpuCgroups.removeStale();
        return new ProcessExecutor(
                plan.layout().work(),
                CpuCgroup.create("fsflow-" + ProcessHandle.current().pid()));
    }

    private static Runner.Summary run(Plan plan, ProcessExecutor executor, RunOptions options) {
        try {
            return new Runner(plan, executor, options).run();
        } catch (UncheckedIOException e) {
            Path out = plan.layout().out();
            throw DiskFull.outputFull(e, out) ? DiskFull.outputFailure(out, e) : e;
        } finally {
            executor.close();
        }
    }

    private static String header(Provenance provenance) {
        StringBuilder b = new StringBuilder("# The scenario as run by fsflow.\n# file: ")
                .append(provenance.file())
                .append(" (sha256 ")
                .append(provenance.sha256())
                .append(")\n");
        provenance.sets().forEach(s -> b.append("# --set ").append(s).append('\n'));
        Scales scales = provenance.scales();
        if (!scales.equals(Scales.FULL)) {
            b.append("# ")
                    .append(scales.options())
                    .append(" (datasets and fsflow-created devices shrunk by this factor"
                            + (scales.places().isEmpty() ? "" : ", per place") + ")\n");
        }
        return b.toString();
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private static void write(StartGuard guard, Path file, String text) {
        if (guard != null) {
            guard.wrote(file);
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            AtomicFile.writeString(file, text);
        } catch (IOException e) {
            throw new RunFailure("cannot write " + file + ": " + e.getMessage());
        }
    }
}
