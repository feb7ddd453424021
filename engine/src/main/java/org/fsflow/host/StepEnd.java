package org.fsflow.host;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.fsflow.measure.MemoryCgroup;

/**
 * The rules for a step that did not end by itself. A process that died of SIGINT, SIGKILL or
 * SIGTERM (exit status 128 + the signal) that fsflow did not send (not its time limit, not an
 * interrupt of the run) was killed from outside fsflow; when its memory cgroup counted an OOM kill
 * meanwhile, the kernel killed it for going over its memory budget. A death from outside is held
 * for {@link #GRACE} before it is recorded: when the same interruption ends fsflow in that time
 * (a process group or cgroup killed, a service stopped), the step was its casualty, is not
 * recorded, and {@code resume} runs it again; when fsflow lives on, it is a real failure naming
 * the signal.
 */
public final class StepEnd {

    /** How long a step killed from outside is held before it is recorded as failed. */
    public static final Duration GRACE = Duration.ofSeconds(2);

    private static final Map<Integer, String> SIGNALS = Map.of(2, "SIGINT", 9, "SIGKILL", 15, "SIGTERM");

    private StepEnd() {}

    /**
     * The signal that killed a process ending with {@code exitCode} when fsflow did not send it
     * ({@code sentByFsflow}: its time limit or an interrupt), or null: only SIGINT, SIGKILL and
     * SIGTERM count, the signals that end runs.
     */
    static String outsideSignal(int exitCode, boolean sentByFsflow) {
        if (sentByFsflow || exitCode <= 128) {
            return null;
        }
        return SIGNALS.get(exitCode - 128);
    }

    /** The first words of the failure reason of {@code e}. */
    static String head(Execution e) {
        if (e.timedOut()) {
            return "killed after its time limit";
        }
        if (e.interrupted()) {
            return "interrupted";
        }
        if (e.oomKills() != null && e.oomKills() > 0 && e.memoryBudgetBytes() != null) {
            return MemoryCgroup.outOfMemory(e.memoryBudgetBytes());
        }
        if (e.signal() != null) {
            return "killed by " + e.signal() + " from outside fsflow";
        }
        return "exit status " + e.exitCode();
    }

    /** True when {@code e} died of a signal from outside fsflow (not of its memory budget). */
    public static boolean killedFromOutside(String signal, Long oomKills) {
        return signal != null && (oomKills == null || oomKills <= 0);
    }

    /**
     * Waits until {@code stop} holds or {@code grace} has passed, and tells whether it holds: a
     * step killed from outside is recorded only when the run outlived the kill.
     */
    public static boolean stoppedWithin(BooleanSupplier stop, Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        while (!stop.getAsBoolean() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
        return stop.getAsBoolean();
    }

    /** Why a process could not start ({@code e} from ProcessBuilder.start), in one phrase. */
    static String startFailure(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.toString() : t.getMessage();
        return m.contains("error=2") ? "program not found" : m;
    }
}
