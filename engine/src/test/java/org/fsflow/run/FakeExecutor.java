package org.fsflow.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.host.Execution;
import org.fsflow.host.StepConditions;
import org.fsflow.host.StepExecutor;
import org.fsflow.measure.Usage;

/**
 * A {@link StepExecutor} that starts no process: it records what it was asked to run and answers
 * from rules keyed by a piece of the command line (exit status, real seconds per call, an
 * interrupt arriving during the call). The walker's behaviour is then testable in milliseconds.
 */
final class FakeExecutor implements StepExecutor {

    /**
     * One call.
     *
     * @param command the argument vector joined by spaces
     * @param stdout  where its output would go (replays of a resume write to {@code *.replay.out})
     */
    record Call(String command, Path stdout) {
        /** True for an unmeasured replay of a step kept from before (resume). */
        boolean replay() {
            return stdout.getFileName().toString().contains(".replay.");
        }
    }

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    /**
     * One measured call as the place asked for it.
     *
     * @param argv       the argument vector
     * @param timeout    its time limit, or null
     * @param conditions its memory budget and flush
     */
    record Measured(List<String> argv, Duration timeout, StepConditions conditions) {}

    private final List<Call> calls = new ArrayList<>();
    private final List<Measured> withConditions = new ArrayList<>();
    private final Map<String, Integer> exits = new LinkedHashMap<>();
    private final Map<String, double[]> seconds = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private final Map<String, double[]> others = new LinkedHashMap<>();
    private final Map<String, Integer> otherCounts = new LinkedHashMap<>();
    private final Map<String, Runnable> interrupts = new LinkedHashMap<>();
    private volatile boolean interrupted;

    /** Commands containing {@code piece} exit with {@code status}. */
    FakeExecutor exit(String piece, int status) {
        exits.put(piece, status);
        return this;
    }

    /** Commands containing {@code piece} take these real times, one per call, the last one repeated. */
    FakeExecutor seconds(String piece, double... values) {
        seconds.put(piece, values);
        return this;
    }

    /**
     * While commands containing {@code piece} run, the rest of the host uses these CPUs on average
     * ({@code host_other_cpu_s} over the real time), one per call, the last one repeated.
     */
    FakeExecutor others(String piece, double... cpus) {
        others.put(piece, cpus);
        return this;
    }

    /** While a command containing {@code piece} runs, {@code interrupt} happens (as Ctrl-C would call it). */
    FakeExecutor interruptDuring(String piece, Runnable interrupt) {
        interrupts.put(piece, interrupt);
        return this;
    }

    /** Every call so far, in order. */
    List<Call> calls() {
        return calls;
    }

    /** The commands run measured (replays left out), in order. */
    List<String> measured() {
        return calls.stream().filter(c -> !c.replay()).map(Call::command).toList();
    }

    /** The calls made with conditions (the measured commands), in order. */
    List<Measured> withConditions() {
        return withConditions;
    }

    @Override
    public Execution execute(
            List<String> argv,
            Path stdout,
            Path stderr,
            Duration timeout,
            List<String> ioDevices,
            StepConditions conditions) {
        withConditions.add(new Measured(argv, timeout, conditions));
        return execute(argv, stdout, stderr, timeout, ioDevices);
    }

    @Override
    public Execution execute(List<String> argv, Path stdout, Path stderr, Duration timeout, List<String> ioDevices) {
        String command = String.join(" ", argv);
        calls.add(new Call(command, stdout));
        interrupted = false;
        interrupts.forEach((piece, action) -> {
            if (command.contains(piece)) {
                action.run();
            }
        });
        int exit = interrupted ? 130 : match(exits, command, 0);
        double real = realSeconds(command);
        Usage usage = new Usage(real, real / 2, 0, 1024, 10, 0, 0, 0, 0);
        Instant end = T0.plusNanos((long) (real * 1e9));
        String tail = exit == 0 ? "" : "fake failure " + exit;
        double[] busy = nth(others, otherCounts, command);
        if (busy != null) {
            double cpus = busy[0];
            return new Execution(
                    exit, false, interrupted, null, usage, T0, end, tail, null, cpus * real, null, null, null);
        }
        return new Execution(exit, false, interrupted, null, usage, T0, end, tail);
    }

    private double realSeconds(String command) {
        double[] v = nth(seconds, counts, command);
        return v == null ? 0.01 : v[0];
    }

    // the value for this call of the first rule whose piece command contains, or null
    private static double[] nth(Map<String, double[]> rules, Map<String, Integer> calls, String command) {
        for (Map.Entry<String, double[]> e : rules.entrySet()) {
            if (command.contains(e.getKey())) {
                int n = calls.merge(e.getKey(), 1, Integer::sum);
                double[] v = e.getValue();
                return new double[] {v[Math.min(n, v.length) - 1]};
            }
        }
        return null;
    }

    private static int match(Map<String, Integer> rules, String command, int otherwise) {
        return rules.entrySet().stream()
                .filter(e -> command.contains(e.getKey()))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(otherwise);
    }

    @Override
    public void interrupt() {
        interrupted = true;
    }

    @Override
    public String cpuMethod() {
        return "fake";
    }
}
