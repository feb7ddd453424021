package org.fsflow.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.dataset.DatasetGenerator;
import org.fsflow.dataset.Manifest;
import org.fsflow.device.Capabilities;
import org.fsflow.device.Layout;
import org.fsflow.parse.OutputParser;
import org.fsflow.parse.Parsers;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.plan.StepCommand;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.MeasurementBuilder;
import org.fsflow.result.Status;
import org.fsflow.scenario.ByteSize;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Walks a plan in order and executes it for real: devices set up, datasets generated, then each
 * cell repetition ("unit") step by step, one measured process at a time, each result appended to
 * the journal as soon as it exists; finally everything released. Ctrl-C or SIGTERM ends the
 * running step, tears down and returns an interrupted summary (exit 3); {@code resume} continues.
 */
public final class Runner {

    /** What a run did. */
    public record Summary(int ok, int failed, int skipped, boolean interrupted, boolean aborted) {
        /** The exit code: 3 interrupted, 1 when a step failed, else 0. */
        public int exitCode() {
            return interrupted ? 3 : failed > 0 || aborted ? 1 : 0;
        }
    }

    // where every cell of this runner runs: this host, under its own kernel
    private static final String HOST = Environment.hostname();
    private static final String KERNEL = Capabilities.kernelRelease();

    private final Plan plan;
    private final Scenario scenario;
    private final Layout layout;
    private final StepExecutor executor;
    private final RunOptions options;
    private final Progress progress;
    private final Capabilities capabilities = new Capabilities();
    private final Map<String, Measurement> done = new HashMap<>();
    private final Map<String, String> services = new HashMap<>();
    private volatile boolean interrupted;
    private int ok;
    private int failed;
    private int skipped;
    private boolean aborted;
    private Teardown teardown;
    private Journal journal;
    private DeviceSetup devices;

    /** A runner of {@code plan} whose processes go through {@code executor}. */
    public Runner(Plan plan, StepExecutor executor, RunOptions options) {
        this.plan = plan;
        this.scenario = plan.scenario();
        this.layout = plan.layout();
        this.executor = executor;
        this.options = options;
        this.progress = new Progress(options.progress(), options.live(), plan.measuredCount());
    }

    /** Runs the plan; the output directory must already hold scenario.yaml and environment.json. */
    public Summary run() {
        Path out = layout.out();
        DeviceSetup.checkSafety(scenario);
        if (options.resume()) {
            int left = Teardown.releaseLeftovers(out.resolve(Teardown.FILE), progress::info);
            if (left > 0) {
                progress.info("released " + left + " resources left set up by the interrupted run");
            }
            for (Measurement m : Journal.read(out.resolve(Journal.FILE))) {
                done.put(m.node(), m);
            }
            progress.info("resuming: " + done.size() + " of " + plan.measuredCount() + " measured nodes already done");
        }
        teardown = new Teardown(out.resolve(Teardown.FILE), line -> progress.info("teardown: " + line));
        devices = new DeviceSetup(scenario, layout, teardown);
        Map<String, SignalHandler> previous = onSignals(this::interrupt);
        try (Journal j = Journal.open(out.resolve(Journal.FILE))) {
            journal = j;
            walk();
        } finally {
            teardown.releaseAll();
            previous.forEach((name, handler) -> Signal.handle(new Signal(name), handler));
            progress.end();
        }
        return new Summary(ok, failed, skipped, interrupted, aborted);
    }

    /** Ends the running step and stops the run after it (Ctrl-C, SIGTERM). */
    public void interrupt() {
        interrupted = true;
        executor.interrupt();
    }

    private static Map<String, SignalHandler> onSignals(Runnable action) {
        Map<String, SignalHandler> previous = new LinkedHashMap<>();
        for (String name : List.of("INT", "TERM")) {
            previous.put(name, Signal.handle(new Signal(name), sig -> action.run()));
        }
        return previous;
    }

    private void walk() {
        List<PlanNode> nodes = plan.nodes();
        int unitsTotal = plan.cells().size() * (scenario.warmup() + scenario.repeat().min());
        int unitNumber = 0;
        int i = 0;
        while (i < nodes.size() && !interrupted && !aborted) {
            PlanNode n = nodes.get(i);
            switch (n.kind()) {
                case SETUP -> {
                    progress.info("set up " + n.subject() + ": " + n.command());
                    devices.setup(scenario.devices().get(n.subject()));
                    if (devices.loops().containsKey(n.subject())) {
                        Conditions.recordLoop(layout.out(), n.subject(), devices.loops().get(n.subject()));
                    }
                    i++;
                }
                case DATASET -> {
                    dataset(scenario.datasets().get(n.subject()));
                    i++;
                }
                case STEP -> {
                    int end = i;
                    while (end < nodes.size() && nodes.get(end).kind() == PlanNode.Kind.STEP
                            && nodes.get(end).cell() == n.cell() && nodes.get(end).repeat() == n.repeat()) {
                        end++;
                    }
                    runUnit(nodes.subList(i, end), ++unitNumber, unitsTotal);
                    i = end;
                }
                default -> {
                    if (scenario.repeat().adaptive() && !interrupted && !aborted) {
                        adaptiveRounds(unitsTotal);
                    }
                    i = nodes.size();
                }
            }
        }
    }

    /**
     * Adds repetitions while a cell's measured steps vary more than {@code target_cv}: one round
     * at a time, one repetition more for every such cell, never beyond {@code max}. Node ids go on
     * (r4, r5 ...), so a resumed run finds them done.
     */
    private void adaptiveRounds(int planned) {
        int units = planned;
        while (!interrupted && !aborted) {
            List<Cell> again = new ArrayList<>();
            for (Cell cell : plan.cells()) {
                int reps = repetitions(cell);
                if (reps - scenario.warmup() < scenario.repeat().max()
                        && worstCv(cell) > scenario.repeat().targetCv()) {
                    again.add(cell);
                }
            }
            if (again.isEmpty()) {
                return;
            }
            progress.info("adaptive repeat: " + again.size() + " cells above the target CV of "
                    + Math.round(scenario.repeat().targetCv() * 1000) / 10.0 + " %: one more repetition each");
            for (Cell cell : again) {
                Bindings b = new Bindings(scenario, layout, cell, 0, null, null);
                String datasetNode = cell.dataset() == null ? null : "dataset/" + cell.dataset();
                runUnit(Planner.unitNodes(scenario, b, cell, repetitions(cell) + 1, null, datasetNode), ++units,
                        units);
                if (interrupted || aborted) {
                    return;
                }
            }
        }
    }

    private int repetitions(Cell cell) {
        int max = 0;
        for (String id : done.keySet()) {
            Measurement m = done.get(id);
            if (m.cell() != null && cellId(m).equals(cell.id())) {
                max = Math.max(max, m.repeat());
            }
        }
        return max;
    }

    private static String cellId(Measurement m) {
        return m.node().substring(0, Math.max(0, m.node().lastIndexOf("/r", m.node().lastIndexOf('/') - 1)));
    }

    /** The largest coefficient of variation of real time among the cell's steps with two ok values or more. */
    private double worstCv(Cell cell) {
        Map<String, List<Double>> byStep = new LinkedHashMap<>();
        for (Measurement m : done.values()) {
            if (m.ok() && !m.warmup() && m.realS() != null && cellId(m).equals(cell.id())) {
                byStep.computeIfAbsent(m.step(), k -> new ArrayList<>()).add(m.realS());
            }
        }
        double worst = 0;
        for (List<Double> v : byStep.values()) {
            if (v.size() >= 2) {
                double cv = org.fsflow.result.Summary.of(v.stream().mapToDouble(Double::doubleValue).toArray()).cv();
                worst = Double.isNaN(cv) ? worst : Math.max(worst, cv);
            }
        }
        return worst;
    }

    private void dataset(Dataset d) {
        if (d.existing() != null) {
            if (!Files.isDirectory(d.existing())) {
                throw new RunFailure("dataset '" + d.name() + "': " + d.existing() + " does not exist");
            }
            progress.info("dataset " + d.name() + ": using " + d.existing());
            return;
        }
        Path root = layout.dataset(scenario, d);
        long seed = Planner.datasetSeed(scenario, d);
        DatasetGenerator generator = DatasetGenerator.onAllCores();
        long start = System.nanoTime();
        Manifest m = generator.reusable(d, seed, root);
        if (m != null) {
            progress.info("dataset " + d.name() + ": reused " + m.files() + " files, " + ByteSize.format(m.bytes())
                    + " (manifest and content checked)");
            return;
        }
        try {
            m = generator.generate(d, seed, root, () -> interrupted);
        } catch (DatasetGenerator.Cancelled e) {
            progress.info("dataset " + d.name() + ": generation stopped by the interrupt (incomplete, will be "
                    + "generated again)");
            return;
        }
        progress.info(String.format(java.util.Locale.ROOT, "dataset %s: generated %d files, %s in %.1f s -> %s",
                d.name(), m.files(), ByteSize.format(m.bytes()), (System.nanoTime() - start) / 1e9, root));
    }

    private void runUnit(List<PlanNode> unit, int unitNumber, int unitsTotal) {
        Cell cell = unit.get(0).cell();
        int repeat = unit.get(0).repeat();
        long alreadyDone = unit.stream().filter(n -> done.containsKey(n.id())).count();
        if (alreadyDone == unit.size()) {
            unit.forEach(n -> progress.finished(n.id(), "kept", null, "done before the interruption"));
            return;
        }
        Bindings bindings = new Bindings(scenario, layout, cell, repeat, null, null).withDevices(devices.nodes());
        String cannotRun = cannotRun(cell);
        if (cannotRun == null) {
            cannotRun = ensureService(cell, bindings);
        }
        String cellFailed = null;
        try {
            for (PlanNode n : unit) {
                if (interrupted || aborted) {
                    return;
                }
                progress.starting(n.id(), unitNumber, unitsTotal);
                if (done.containsKey(n.id())) {
                    // resumed mid-unit: bring the device back to the state this node left it in
                    String problem = replay(n, bindings.forStep(n.step().name()));
                    progress.finished(n.id(), "kept", null, "replayed unmeasured to restore the cell's state");
                    if (problem != null) {
                        cellFailed = "could not restore the cell's state on resume: " + problem;
                    }
                    continue;
                }
                Measurement m = cannotRun != null ? skip(n, bindings, cannotRun)
                        : cellFailed != null ? skip(n, bindings, cellFailed)
                        : measure(n, bindings.forStep(n.step().name()));
                if (interrupted && m.status() != Status.SKIPPED) {
                    progress.info("interrupted during " + n.id() + ": not recorded; 'fsflow resume " + layout.out()
                            + "' runs it again");
                    return;
                }
                journal.append(m);
                done.put(m.node(), m);
                count(m);
                progress.finished(n.id(), m.status().value(), m.realS(), m.ok() ? null : m.reason());
                if (m.status().failure()) {
                    Scenario.OnError policy = n.step().onError() != null ? n.step().onError() : scenario.onError();
                    if (policy == Scenario.OnError.ABORT) {
                        aborted = true;
                        progress.info("aborting the campaign: step " + n.id() + " failed and on_error is abort");
                        return;
                    }
                    if (policy == Scenario.OnError.SKIP_CELL) {
                        cellFailed = "skipped because " + n.id() + " failed";
                    }
                }
            }
        } finally {
            cleanUnit();
        }
    }

    private void count(Measurement m) {
        switch (m.status()) {
            case OK -> ok++;
            case SKIPPED -> skipped++;
            default -> failed++;
        }
    }

    /** Why this cell cannot run here (its filesystem's tools or kernel support are missing), or null. */
    private String cannotRun(Cell cell) {
        Device target = scenario.devices().get(Scenario.TARGET);
        if (target == null || cell.filesystem() == null || !target.formattable()) {
            return null;
        }
        Filesystem fs = StepCommand.filesystem(scenario, target, cell);
        return fs == null ? null : capabilities.missing(fs);
    }

    /**
     * Starts the service the cell's filesystem lifecycle needs, unless it already runs; a service
     * fsflow starts is stopped at teardown, one it found running is left alone. Returns why the
     * cell cannot run when the service does not come up, else null.
     */
    private String ensureService(Cell cell, Bindings b) {
        Device target = scenario.devices().get(Scenario.TARGET);
        Filesystem fs = target == null || cell.filesystem() == null ? null
                : StepCommand.filesystem(scenario, target, cell);
        if (fs == null || fs.lifecycle() == null || fs.lifecycle().service() == null) {
            return null;
        }
        if (services.containsKey(fs.name())) {
            return services.get(fs.name());
        }
        Filesystem.Service svc = fs.lifecycle().service();
        List<String> check = b.argv(svc.check());
        String problem = null;
        if (!Commands.run(check, Duration.ofSeconds(30)).ok()) {
            progress.info("starting the " + fs.name() + " service: " + b.display(svc.start()));
            if (svc.stop() != null) {
                teardown.register(Resource.service(b.argv(svc.stop()), check, "the " + fs.name() + " service"));
            }
            Commands.Result started = Commands.run(b.argv(svc.start()), Duration.ofMinutes(1));
            problem = started.ok() ? waitFor(check) : "its service did not start: " + started.message();
        }
        services.put(fs.name(), problem);
        return problem;
    }

    private static String waitFor(List<String> check) {
        for (int i = 0; i < 60; i++) {
            if (Commands.run(check, Duration.ofSeconds(30)).ok()) {
                return null;
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted while its service started";
            }
        }
        return "its service did not pass its check within 30 s: " + String.join(" ", check);
    }

    // unmount what the unit mounted and destroy what its lifecycle created, so the next unit starts clean
    private void cleanUnit() {
        for (Step s : scenario.steps()) {
            if (s.action() == Step.Action.MOUNT) {
                Device d = scenario.devices().get(s.device());
                Teardown.unmount(layout.mountPoint(d), line -> progress.info("teardown: " + line));
            }
        }
        teardown.release(Resource.UNIT);
    }

    private Measurement measure(PlanNode n, Bindings b) {
        Step step = n.step();
        StepCommand cmd = StepCommand.of(step, b);
        if (cmd.skipped()) {
            return skip(n, b, cmd.skipReason());
        }
        Resource undo = registerUndo(step, b);
        Duration timeout = step.timeout() != null ? step.timeout() : scenario.timeout();
        if (step.before() != null) {
            Execution before = executor.execute(b.argv(step.before()), log(n, "before.out"), log(n, "before.err"),
                    timeout, List.of());
            if (!before.succeeded()) {
                return result(n, b, cmd.display(), Status.FAILED, before,
                        "before: " + describeFailure(before));
            }
        }
        if (step.dropCaches()) {
            Commands.Result dropped = Commands.run(List.of("sh", "-c", "sync && echo 3 > /proc/sys/vm/drop_caches"),
                    Duration.ofMinutes(10));
            if (!dropped.ok()) {
                return result(n, b, cmd.display(), Status.FAILED, emptyExecution(),
                        "drop_caches: " + dropped.message() + " (dropping caches needs root)");
            }
        }
        Execution e = executor.execute(cmd.argv(), log(n, "out"), log(n, "err"), timeout, devices.kernelNames(),
                conditions(n, b));
        if (step.after() != null && !interrupted) {
            executor.execute(b.argv(step.after()), log(n, "after.out"), log(n, "after.err"), timeout, List.of());
        }
        if (step.action() == Step.Action.UMOUNT && e.succeeded() && undo == null) {
            teardown.forget(Resource.mount(b.value(step.device() + ".mnt"), Resource.UNIT));
        }
        Status status = e.timedOut() ? Status.TIMEOUT : e.succeeded() ? Status.OK : Status.FAILED;
        Measurement m = result(n, b, cmd.display(), status, e, e.succeeded() ? null : describeFailure(e));
        String parser = step.action() == Step.Action.CAPACITY ? "capacity" : step.parse();
        return parser == null || !m.ok() ? m : parsed(m, parser, n);
    }

    /** The memory budget and the flush of node {@code n}. */
    private StepConditions conditions(PlanNode n, Bindings b) {
        Step step = n.step();
        long budget = org.fsflow.scenario.MemoryBudget.of(scenario, n.cell().coordinates(), step).effectiveBytes();
        String device = step.device() != null ? step.device() : Scenario.TARGET;
        Path flush = step.flush() ? Path.of(b.value(device + ".mnt")) : null;
        return new StepConditions(budget, flush);
    }

    /** The measurement with the figures of its tool's output, or failed when the output is not what the parser expects. */
    private Measurement parsed(Measurement m, String parserName, PlanNode n) {
        OutputParser parser = Parsers.of(parserName);
        String reason;
        if (parser == null) {
            reason = "this fsflow has no '" + parserName + "' parser";
        } else {
            try {
                return m.withMetrics(parser.parse(read(log(n, "out")), read(log(n, "err"))));
            } catch (OutputParser.Unparseable e) {
                reason = "unparseable " + parserName + " output (raw log kept in " + relative(log(n, "out"))
                        + "): " + e.getMessage();
            }
        }
        return m.failedBecause(reason);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return "";
        }
    }

    /** Registers, before a step runs, what must be undone if the cell stops after it. */
    private Resource registerUndo(Step step, Bindings b) {
        if (step.action() == Step.Action.MOUNT) {
            Resource r = Resource.mount(b.value(step.device() + ".mnt"), Resource.UNIT);
            teardown.register(r);
            return r;
        }
        if (step.action() == Step.Action.MKFS) {
            Filesystem fs = StepCommand.filesystem(scenario, scenario.devices().get(step.device()), b.cell());
            if (fs != null && fs.lifecycle() != null && fs.lifecycle().destroy() != null) {
                Resource r = Resource.command(b.argv(fs.lifecycle().destroy()), Resource.UNIT,
                        "destroy " + fs.name() + " (" + b.display(fs.lifecycle().destroy()) + ")");
                teardown.register(r);
                return r;
            }
        }
        return null;
    }

    private static Execution emptyExecution() {
        java.time.Instant now = java.time.Instant.now();
        return new Execution(-1, false, false, null, new org.fsflow.measure.Usage(0, 0, 0, 0, 0, 0, 0, 0, 0), now, now,
                "");
    }

    private String replay(PlanNode n, Bindings b) {
        StepCommand cmd = StepCommand.of(n.step(), b);
        if (cmd.skipped() || !done.get(n.id()).ok()) {
            return null;
        }
        registerUndo(n.step(), b);
        if (n.step().before() != null) {
            executor.execute(b.argv(n.step().before()), log(n, "replay.before.out"), log(n, "replay.before.err"),
                    null, List.of());
        }
        Execution e = executor.execute(cmd.argv(), log(n, "replay.out"), log(n, "replay.err"), null, List.of());
        return e.succeeded() ? null : n.id() + ": " + describeFailure(e);
    }

    private Measurement skip(PlanNode n, Bindings b, String reason) {
        StepCommand cmd = StepCommand.of(n.step(), b);
        return base(n).command(cmd.display()).status(Status.SKIPPED).reason(reason).build();
    }

    private Measurement result(PlanNode n, Bindings b, String command, Status status, Execution e, String reason) {
        var u = e.usage();
        return base(n).command(command).status(status).exitCode(e.exitCode() < 0 ? null : e.exitCode())
                .reason(reason).realS(round(u.realSeconds(), 6)).userS(round(u.userSeconds(), 6))
                .sysS(round(u.systemSeconds(), 6)).cpuPct(u.cpuPercent()).maxRssKb(u.maxRssKb())
                .minorFaults(u.minorFaults()).majorFaults(u.majorFaults()).readBytes(u.readBytes())
                .writeBytes(u.writeBytes()).ioBusyMs(u.ioBusyMillis()).startedAt(e.startedAt().toString())
                .endedAt(e.endedAt().toString()).devices(devices.kernelNames()).cpuMethod(executor.cpuMethod())
                .memoryMethod(org.fsflow.measure.Usage.MEMORY_METHOD)
                .log(List.of(relative(log(n, "out")), relative(log(n, "err")))).memoryBudgetBytes(e.memoryBudgetBytes())
                .flushS(e.flushSeconds() == null ? null : round(e.flushSeconds(), 6))
                .hostOtherCpuS(e.hostOtherCpuSeconds()).build();
    }

    // what every measurement of node n says: the cell's coordinates, options, and where it ran
    private MeasurementBuilder base(PlanNode n) {
        return Measurement.builder(n.id(), n.step().name()).dataset(n.cell().dataset())
                .filesystem(n.cell().filesystem()).repeat(n.repeat()).cell(n.cell().coordinates())
                .mkfsOptions(options(n, true)).mountOptions(options(n, false))
                .host(HOST).kernel(KERNEL).virt("host").warmup(n.repeat() <= scenario.warmup());
    }

    private List<String> options(PlanNode n, boolean mkfs) {
        Device target = scenario.devices().get(Scenario.TARGET);
        Filesystem fs = target == null ? null : StepCommand.filesystem(scenario, target, n.cell());
        return fs == null ? List.of() : mkfs ? fs.mkfsOptions() : fs.mountOptions();
    }

    private static String describeFailure(Execution e) {
        if (e.startError() != null) {
            return e.startError();
        }
        String head = e.timedOut() ? "killed after its time limit" : e.interrupted() ? "interrupted"
                : "exit status " + e.exitCode();
        // tools put the cause first and a usage or version line last (bonnie++): show both ends
        List<String> lines = (e.stderrTail() == null ? "" : e.stderrTail()).lines().map(String::strip)
                .filter(l -> !l.isEmpty()).toList();
        if (lines.isEmpty()) {
            return head;
        }
        String text = lines.size() == 1 ? lines.get(0) : lines.get(0) + " … " + lines.get(lines.size() - 1);
        return head + ": " + (text.length() > 300 ? text.substring(0, 300) + "..." : text);
    }

    private Path log(PlanNode n, String suffix) {
        return layout.out().resolve("logs").resolve(n.id() + "." + suffix);
    }

    private String relative(Path p) {
        return layout.out().relativize(p).toString();
    }

    private static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }

    /** Settings a run records for resume and reports. */
    static Map<String, Object> settings(Plan plan, List<String> sets, double scale, String cpuMethod) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sets", new ArrayList<>(sets));
        m.put("scale", scale);
        m.put("seed", plan.seed());
        m.put("order", plan.scenario().order().name().toLowerCase(java.util.Locale.ROOT));
        m.put("repeat_min", plan.scenario().repeat().min());
        m.put("repeat_max", plan.scenario().repeat().max());
        m.put("warmup", plan.scenario().warmup());
        m.put("out", plan.layout().out().toString());
        m.put("work", plan.layout().work().toString());
        m.put("cpu_method", cpuMethod);
        m.put("memory_method", org.fsflow.measure.Usage.MEMORY_METHOD);
        return m;
    }
}
