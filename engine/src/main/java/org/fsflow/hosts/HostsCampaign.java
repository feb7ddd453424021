package org.fsflow.hosts;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.fsflow.hosts.HostState.Status;
import org.fsflow.lang.ScenarioException;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * A campaign over the hosts of an inventory: every host runs its part in parallel (each one
 * campaign at a time: the remote fsflow takes its host's lock), Ctrl-C or SIGTERM stops every
 * remote run, each host's outcome is recorded in {@code OUT/hosts.json}, and the results that came
 * back are merged into one results set with {@code host} as an axis ({@link HostMerger}, through
 * the same {@link org.fsflow.result.Splice} as {@code fsflow merge}) and one report, rendered by
 * the pipeline's report stages the caller gives.
 *
 * <p>A remote host is a whole remote fsflow, not a place behind the runner's {@code CellPlace}:
 * each host runs its own complete pipeline (its host lock, its safety checks and devices, its
 * teardown registry, its journal forced to disk after each step, its {@code resume}), so a lost
 * ssh connection or a Slurm job that ends early loses nothing already measured and leaves nothing
 * set up that the host cannot release itself; a place driven step by step from here would need a
 * connection for every step's whole duration, and a batch scheduler does not run one step at a
 * time. What comes back is only results, spliced like any other merge.
 */
public final class HostsCampaign {

    /**
     * How a campaign over hosts ended.
     *
     * @param interrupted Ctrl-C or SIGTERM stopped it
     * @param failed      a host was unreachable, lost, or had a failed step
     */
    public record Outcome(boolean interrupted, boolean failed) {}

    private final Inventory inventory;
    private final Launch launch;
    private final Path out;
    private final PrintWriter w;
    private final Consumer<Path> report;
    private final AtomicReference<HostsFile> file;
    private final List<HostJob> running = new ArrayList<>();
    private volatile boolean interrupted;

    private HostsCampaign(
            Inventory inventory, Launch launch, Path out, PrintWriter w, Consumer<Path> report, HostsFile file) {
        this.inventory = inventory;
        this.launch = launch;
        this.out = out;
        this.w = w;
        this.report = report;
        this.file = new AtomicReference<>(file);
    }

    /**
     * Runs {@code launch} on every host of {@code inventory}, host i with {@code sets.get(i)} besides
     * its own; {@code report} renders the merged results' report in {@code out}.
     */
    public static Outcome run(
            Via via,
            Inventory inventory,
            Launch launch,
            List<List<String>> sets,
            Path out,
            PrintWriter w,
            Consumer<Path> report) {
        List<HostState> states = new ArrayList<>();
        for (int i = 0; i < inventory.hosts().size(); i++) {
            Inventory.Host h = inventory.hosts().get(i);
            List<String> all = new ArrayList<>(h.setArguments());
            all.addAll(sets.get(i));
            states.add(new HostState(h.name(), Status.PENDING, null, null, null, all, null, null));
        }
        HostsFile file = new HostsFile(
                via,
                inventory.file() == null
                        ? null
                        : inventory.file().toAbsolutePath().toString(),
                launch.scenario().toAbsolutePath().toString(),
                launch.options(),
                states);
        return new HostsCampaign(inventory, launch, out, w, report, file).go();
    }

    /** The {@code --set} of each host's share of the cells in {@code --mode split} (see {@link Split}). */
    public static List<String> split(org.fsflow.scenario.Matrix matrix, int hosts) {
        return Split.of(matrix, hosts);
    }

    /** Continues the campaign over hosts in {@code out}: the hosts not done run (or resume) their part. */
    public static Outcome resume(Path out, Path jar, PrintWriter w, Consumer<Path> report) throws ScenarioException {
        HostsFile file = HostsFile.read(out);
        Inventory inventory = file.inventory() != null
                ? InventoryReader.read(Path.of(file.inventory()))
                : slurmNodes(file.hosts().stream().map(HostState::name).toList());
        Launch launch = new Launch(jar, Path.of(file.scenario()), file.options());
        return new HostsCampaign(inventory, launch, out, w, report, file).go();
    }

    /** The inventory of Slurm nodes named on the command line: each node is a host of that name. */
    public static Inventory slurmNodes(List<String> nodes) {
        return new Inventory(
                null,
                null,
                nodes.stream()
                        .map(n -> new Inventory.Host(
                                n, n, java.util.Map.of(), java.util.Map.of(), Inventory.Host.DEFAULT_DIR))
                        .toList());
    }

    private Outcome go() {
        try {
            Files.createDirectories(out.resolve("hosts"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + out, e);
        }
        file.get().write(out);
        List<Thread> threads = new ArrayList<>();
        Map<String, SignalHandler> previous = onSignals();
        try {
            for (HostState state : file.get().hosts()) {
                if (!state.status().finished()) {
                    threads.add(start(state));
                }
            }
            for (Thread t : threads) {
                join(t);
            }
        } finally {
            previous.forEach((name, handler) -> Signal.handle(new Signal(name), handler));
        }
        return conclude();
    }

    private Thread start(HostState state) {
        Inventory.Host host = inventory.hosts().stream()
                .filter(h -> h.name().equals(state.name()))
                .findFirst()
                .orElse(null);
        if (host == null) {
            record(state.with(Status.UNREACHABLE, null, "no longer in " + inventory.file()));
            return new Thread(() -> {});
        }
        Via via = file.get().via();
        Path local = HostMerger.dirOf(out, host.name());
        HostJob run = via.kind() == Via.Kind.SLURM
                ? new SlurmRun(host, via.partition(), launch, local, line -> say(host.name(), line), this::record)
                : new HostRun(
                        host,
                        new Ssh(inventory.sshConfig()),
                        launch,
                        local,
                        line -> say(host.name(), line),
                        this::record);
        synchronized (running) {
            running.add(run);
        }
        Thread t = new Thread(
                () -> {
                    say(host.name(), "started (" + host.destination() + ")");
                    HostState end = run.run(state);
                    record(end);
                    say(
                            host.name(),
                            end.status().name().toLowerCase(java.util.Locale.ROOT)
                                    + (end.reason() != null ? ": " + end.reason() : ""));
                },
                "host-" + host.name());
        t.start();
        return t;
    }

    private Outcome conclude() {
        HostsFile end = file.get();
        List<String> names = end.hosts().stream().map(HostState::name).toList();
        List<String> merged = HostMerger.merge(out, names);
        if (!merged.isEmpty()) {
            report.accept(out);
        }
        HostsReport.write(out, end, HostDifferences.of(out, merged));
        w.println();
        for (HostState h : end.hosts()) {
            w.println(h.name() + ": " + h.status().name().toLowerCase(java.util.Locale.ROOT)
                    + (h.reason() != null ? " (" + h.reason() + ")" : ""));
        }
        w.println("results: " + out.resolve("results.jsonl") + " (" + merged.size() + " of " + names.size()
                + " hosts); report: " + out.resolve("report.html") + ", hosts: " + out.resolve(HostsReport.FILE));
        boolean unfinished = end.hosts().stream().anyMatch(h -> !h.status().finished());
        if (interrupted || unfinished) {
            w.println("continue with 'fsflow resume " + out + "'");
        }
        w.flush();
        boolean failed = unfinished || end.hosts().stream().anyMatch(h -> h.exitCode() != null && h.exitCode() != 0);
        return new Outcome(interrupted, failed);
    }

    private synchronized void record(HostState state) {
        file.updateAndGet(f -> f.with(state)).write(out);
    }

    private void say(String host, String line) {
        synchronized (w) {
            w.println("[" + host + "] " + line);
            w.flush();
        }
    }

    private Map<String, SignalHandler> onSignals() {
        Map<String, SignalHandler> previous = new LinkedHashMap<>();
        for (String name : List.of("INT", "TERM")) {
            previous.put(name, Signal.handle(new Signal(name), sig -> stopAll()));
        }
        return previous;
    }

    private void stopAll() {
        interrupted = true;
        synchronized (running) {
            running.forEach(HostJob::stop);
        }
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
