package org.fsflow.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.measure.CpuCgroup;
import org.fsflow.measure.CpuCgroups;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanPrinter;
import org.fsflow.plan.Planner;
import org.fsflow.plan.Shell;
import org.fsflow.result.Journal;
import org.fsflow.result.Json;
import org.fsflow.safety.AtomicFile;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Provenance;
import org.fsflow.scenario.ScenarioException;
import org.fsflow.scenario.ScenarioLoader;

/**
 * A campaign's output directory and what {@code run} and {@code resume} share: the host lock, the
 * files written at start ({@code scenario.yaml} after overrides, {@code scenario.original.yaml}
 * byte for byte, {@code run.json} with every effective setting, {@code environment.json}), and the
 * runner.
 */
public final class Campaign {

    /** The exact file run, byte for byte. */
    public static final String ORIGINAL = "scenario.original.yaml";
    /** The effective scenario, after --set. */
    public static final String EFFECTIVE = "scenario.yaml";
    /** Every setting of the run, read back by resume. */
    public static final String RUN = RunSettings.FILE;
    /** The conditions of the run. */
    public static final String ENVIRONMENT = "environment.json";

    private Campaign() {}

    /**
     * Starts a new run of {@code plan} in its output directory; the scenario's provenance (file,
     * digest, --set, --scale) is recorded with it. The scenario copies and environment.json are
     * written first and run.json last: it is the record that makes the directory resumable, and no
     * device is set up before it exists. An interrupt before it throws {@link NotStarted} and leaves
     * nothing behind.
     */
    public static Runner.Summary run(Plan plan, RunOptions options) {
        Path out = plan.layout().out();
        try (StartGuard guard = StartGuard.install(List.of(out, plan.layout().work()), again(plan))) {
            WorkPlaces.check(plan);
            if (Files.exists(out.resolve(Journal.FILE)) && size(out.resolve(Journal.FILE)) > 0) {
                throw new RunFailure(out + " holds the results of an earlier run: continue it with 'fsflow resume "
                        + out + "', or choose another --out");
            }
            try (HostLock lock = HostLock.acquire("campaign " + plan.scenario().name() + " -> " + out)) {
                options.progress().print(PlanPrinter.summary(plan));
                options.progress().flush();
                ProcessExecutor executor = start(plan, guard, options.command());
                Runner runner = new Runner(plan, executor, options);
                guard.commit(runner::interrupt);
                try {
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

    // everything before the runner, checking for an interrupt between stages; run.json last
    private static ProcessExecutor start(Plan plan, StartGuard guard, List<String> command) {
        Provenance provenance = plan.scenario().provenance();
        Path out = plan.layout().out();
        guard.check();
        ProcessExecutor executor = executor(plan);
        try {
            RunSettings settings =
                    RunSettings.of(plan, provenance.sets(), provenance.scale(), executor.cpuMethod(), command);
            write(
                    guard,
                    out.resolve(ORIGINAL),
                    new String(plan.scenario().source().bytes(), StandardCharsets.UTF_8));
            write(guard, out.resolve(EFFECTIVE), header(provenance) + provenance.effectiveText());
            Map<String, Object> environment = Environment.collect(plan, settings);
            guard.check();
            environment.put(
                    "launch_floor",
                    Environment.launchFloor(executor, plan.layout().work()));
            write(guard, out.resolve(ENVIRONMENT), json(environment));
            guard.check();
            guard.wrote(out.resolve(RUN));
            settings.write(out);
            return executor;
        } catch (RuntimeException e) {
            executor.close();
            throw e;
        }
    }

    // the command that starts the same run again
    static String again(Plan plan) {
        Provenance provenance = plan.scenario().provenance();
        StringBuilder b = new StringBuilder("fsflow run ")
                .append(Shell.quote(provenance.file()))
                .append(" --out ")
                .append(Shell.quote(plan.layout().out().toString()))
                .append(" --work ")
                .append(Shell.quote(plan.layout().work().toString()));
        provenance.sets().forEach(s -> b.append(" --set ").append(Shell.quote(s)));
        if (provenance.scale() != 1) {
            b.append(" --scale ").append(provenance.scale());
        }
        return b.toString();
    }

    /** Continues the run recorded in {@code out}: completed nodes are kept, the rest runs. */
    public static Runner.Summary resume(Path out, RunOptions options) throws ScenarioException, Overrides.Invalid {
        RunFile.check(out);
        RunSettings settings = RunSettings.read(out);
        Overrides overrides = new Overrides(settings.sets(), settings.scale());
        ScenarioLoader.Loaded loaded = ScenarioLoader.load(out.resolve(ORIGINAL), overrides);
        Layout layout = new Layout(out, Path.of(settings.work()));
        Plan plan = Planner.plan(loaded.scenario(), layout, settings.seed());
        WorkPlaces.check(plan);
        try (HostLock lock = HostLock.acquire("resume of " + plan.scenario().name() + " -> " + out)) {
            return run(plan, executor(plan), new RunOptions(options.progress(), options.live(), true));
        }
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
        if (provenance.scale() < 1) {
            b.append("# --scale ")
                    .append(provenance.scale())
                    .append(" (datasets and fsflow-created devices shrunk by this factor)\n");
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

    private static String json(Object value) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialize " + value, e);
        }
    }

    private static void write(StartGuard guard, Path file, String text) {
        guard.wrote(file);
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            AtomicFile.writeString(file, text);
        } catch (IOException e) {
            throw new RunFailure("cannot write " + file + ": " + e.getMessage());
        }
    }
}
