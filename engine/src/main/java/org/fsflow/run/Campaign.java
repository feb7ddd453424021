package org.fsflow.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fsflow.measure.CpuCgroup;
import org.fsflow.measure.CpuCgroups;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanPrinter;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Json;
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

    private Campaign() {
    }

    /**
     * Starts a new run of {@code plan} in its output directory; the scenario's provenance (file,
     * digest, --set, --scale) is recorded with it.
     */
    public static Runner.Summary run(Plan plan, RunOptions options) {
        Provenance provenance = plan.scenario().provenance();
        Path out = plan.layout().out();
        WorkPlaces.check(plan);
        if (Files.exists(out.resolve(Journal.FILE)) && size(out.resolve(Journal.FILE)) > 0) {
            throw new RunFailure(out + " holds the results of an earlier run: continue it with 'fsflow resume " + out
                    + "', or choose another --out");
        }
        try (HostLock lock = HostLock.acquire("campaign " + plan.scenario().name() + " -> " + out)) {
            options.progress().print(PlanPrinter.summary(plan));
            options.progress().flush();
            ProcessExecutor executor = executor(plan);
            RunSettings settings = RunSettings.of(plan, provenance.sets(), provenance.scale(), executor.cpuMethod());
            write(out.resolve(ORIGINAL), new String(plan.scenario().source().bytes(), StandardCharsets.UTF_8));
            write(out.resolve(EFFECTIVE), header(provenance) + provenance.effectiveText());
            settings.write(out);
            Map<String, Object> environment = Environment.collect(plan, settings);
            environment.put("launch_floor", Environment.launchFloor(executor, plan.layout().work()));
            writeJson(out.resolve(ENVIRONMENT), environment);
            return run(plan, executor, options);
        }
    }

    /** Continues the run recorded in {@code out}: completed nodes are kept, the rest runs. */
    public static Runner.Summary resume(Path out, RunOptions options) throws ScenarioException, Overrides.Invalid {
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
        return new ProcessExecutor(plan.layout().work(), CpuCgroup.create("fsflow-" + ProcessHandle.current().pid()));
    }

    private static Runner.Summary run(Plan plan, ProcessExecutor executor, RunOptions options) {
        try {
            return new Runner(plan, executor, options).run();
        } finally {
            executor.close();
        }
    }

    private static String header(Provenance provenance) {
        StringBuilder b = new StringBuilder("# The scenario as run by fsflow.\n# file: ")
                .append(provenance.file()).append(" (sha256 ").append(provenance.sha256()).append(")\n");
        provenance.sets().forEach(s -> b.append("# --set ").append(s).append('\n'));
        if (provenance.scale() < 1) {
            b.append("# --scale ").append(provenance.scale())
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

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static void writeJson(Path file, Object value) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
