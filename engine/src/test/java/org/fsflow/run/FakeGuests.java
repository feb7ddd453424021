package org.fsflow.run;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Where;
import org.fsflow.plan.Cell;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Status;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Scenario;
import org.fsflow.vm.GuestResult;
import org.fsflow.vm.VmPlace;

/**
 * A machine that boots no guest, behind the real {@link VmPlace}: each {@link #run} is one "boot"
 * that goes through its units' steps as the guest's job does (a failed step whose {@code on_error}
 * stops the cell makes the guest skip the rest of the unit; a step of a unit killed meanwhile is
 * never reported) and reports each as {@link GuestResult}s with fixed figures. Rules keyed by a
 * piece of the command say the exit status, an interrupt arriving during the step, or a guest that
 * dies during it. The walker's behaviour with guest cells is then testable without QEMU.
 */
final class FakeGuests implements VmPlace.Guests {

    static final Where GUEST = new Where(Where.hostname(), "6.1.0-fake-amd64", "tcg");
    static final String CPU_METHOD = "guest-cgroup2-cpu.stat";
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final Scenario scenario;
    private final Map<String, Integer> exits = new LinkedHashMap<>();
    private final Map<String, Runnable> interrupts = new LinkedHashMap<>();
    private final Map<String, String> deaths = new LinkedHashMap<>();
    private final Map<String, String> deathsAfter = new LinkedHashMap<>();
    private final Map<String, String> refused = new LinkedHashMap<>();
    private final Map<String, double[]> seconds = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private final List<List<String>> boots = new ArrayList<>();
    private volatile boolean killed;

    FakeGuests(Scenario scenario) {
        this.scenario = scenario;
    }

    /** Steps whose command contains {@code piece} exit with {@code status} in the guest. */
    FakeGuests exit(String piece, int status) {
        exits.put(piece, status);
        return this;
    }

    /** While a step containing {@code piece} runs in the guest, {@code interrupt} happens (Ctrl-C). */
    FakeGuests interruptDuring(String piece, Runnable interrupt) {
        interrupts.put(piece, interrupt);
        return this;
    }

    /** The guest dies during a step containing {@code piece}, for {@code problem}. */
    FakeGuests dieDuring(String piece, String problem) {
        deaths.put(piece, problem);
        return this;
    }

    /** Steps containing {@code piece} take these real times in the guest, one per run, the last one repeated. */
    FakeGuests seconds(String piece, double... values) {
        seconds.put(piece, values);
        return this;
    }

    /** The guest dies right after it reported a step containing {@code piece} (between two steps), for {@code problem}. */
    FakeGuests dieAfter(String piece, String problem) {
        deathsAfter.put(piece, problem);
        return this;
    }

    /** Cells whose id contains {@code piece} cannot run in a guest, for {@code reason}. */
    FakeGuests refuse(String piece, String reason) {
        refused.put(piece, reason);
        return this;
    }

    /** The commands each guest ran (kept steps too: a fresh guest runs them again, unmeasured), one list a boot. */
    List<List<String>> boots() {
        return boots;
    }

    @Override
    public String cannotRun(Cell cell, KernelSpec kernel) {
        return refused.entrySet().stream()
                .filter(e -> cell.id().contains(e.getKey()))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(null);
    }

    @Override
    public VmPlace.Ended run(List<List<PlanNode>> units, KernelSpec kernel, Consumer<VmPlace.Result> sink) {
        killed = false;
        List<String> ran = new ArrayList<>();
        boots.add(ran);
        int index = 0;
        for (List<PlanNode> unit : units) {
            String stop = null;
            for (PlanNode n : unit) {
                if (killed) {
                    return new VmPlace.Ended("the VM was killed", null);
                }
                if (stop != null) {
                    sink.accept(result(n, index++, StepOutcome.skipped(null, stop, null)));
                    continue;
                }
                ran.add(n.command());
                interrupts.forEach((piece, action) -> run(n, piece, action));
                String death = match(deaths, n);
                if (killed || death != null) {
                    return new VmPlace.Ended(killed ? "the VM was killed" : death, n);
                }
                Integer exit = match(exits, n);
                StepOutcome o = ran(exit == null ? 0 : exit, realSeconds(n));
                sink.accept(result(n, index++, o));
                if (!o.ok() && policy(n) != Scenario.OnError.CONTINUE) {
                    stop = "skipped because " + n.id() + " failed";
                }
                String after = match(deathsAfter, n);
                if (after != null) {
                    return new VmPlace.Ended(after, null);
                }
            }
        }
        return VmPlace.Ended.COMPLETE;
    }

    private static void run(PlanNode n, String piece, Runnable action) {
        if (n.command().contains(piece)) {
            action.run();
        }
    }

    private static <T> T match(Map<String, T> rules, PlanNode n) {
        return rules.entrySet().stream()
                .filter(e -> n.command().contains(e.getKey()))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(null);
    }

    private Scenario.OnError policy(PlanNode n) {
        return n.step().onError() != null ? n.step().onError() : scenario.onError();
    }

    private double realSeconds(PlanNode n) {
        for (Map.Entry<String, double[]> e : seconds.entrySet()) {
            if (n.command().contains(e.getKey())) {
                int i = counts.merge(e.getKey(), 1, Integer::sum);
                double[] v = e.getValue();
                return v[Math.min(i, v.length) - 1];
            }
        }
        return 0.5;
    }

    // real seconds as given (0.5 s unless a rule says), 0.1 s user and system each, as a guest's clock and cgroup would
    // say
    private static StepOutcome ran(int exit, double real) {
        StepOutcome.Figures f = new StepOutcome.Figures(real, 0.1, 0.1, 40L, 1844L, 120L, 0L, 4096L, 8192L, 3L);
        return new StepOutcome(
                null,
                exit == 0 ? Status.OK : Status.FAILED,
                exit,
                exit == 0 ? null : "exit status " + exit,
                f,
                T0,
                T0.plusMillis(500),
                new StepOutcome.Method(List.of("vda"), CPU_METHOD, GuestResult.MEMORY_METHOD),
                new StepOutcome.Around(null, null, null, null, null, null),
                List.of(),
                null);
    }

    private static VmPlace.Result result(PlanNode n, int index, StepOutcome o) {
        byte[] out = ("out of " + n.command() + "\n").getBytes(StandardCharsets.UTF_8);
        return new VmPlace.Result(n, new GuestResult(index, o, out, new byte[0]), n.command(), GUEST);
    }

    @Override
    public void kill() {
        killed = true;
    }
}
