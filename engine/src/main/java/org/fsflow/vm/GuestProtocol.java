package org.fsflow.vm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.fsflow.place.StepOutcome;
import org.fsflow.plan.Shell;
import org.fsflow.result.Status;

/**
 * Reads the guest's serial console line by line. Tagged lines ({@code @@FSFLOW kind n ...}) carry
 * the results, one step at a time; each complete step goes to the listener as soon as its
 * {@code done} line arrives, so a guest that dies loses at most the running step. Any other line
 * (kernel messages) is kept, the last few, to explain a guest that died.
 */
public final class GuestProtocol {

    static final String TAG = "@@FSFLOW ";
    private static final long TIMEOUT_EXIT_KILLED = 137;
    private static final long TIMEOUT_EXIT = 124;
    private static final StepOutcome.Method GNU_TIME =
            new StepOutcome.Method(List.of(), GuestResult.CPU_METHOD, GuestResult.MEMORY_METHOD);

    private final List<GuestStep> steps;
    private final Consumer<GuestResult> listener;
    private final Deque<String> console = new ArrayDeque<>();
    private final Map<String, long[]> disksBefore = new HashMap<>();
    private Step current;
    private Double readySeconds;
    private Integer endStatus;
    private String setupFailure;
    private int lastDone = -1;

    /** A reader of the job of {@code steps}, handing each result to {@code listener}. */
    public GuestProtocol(List<GuestStep> steps, Consumer<GuestResult> listener) {
        this.steps = steps;
        this.listener = listener;
    }

    private static final class Step {
        final int index;
        final Instant started = Instant.now();
        String[] time;
        Integer exit;
        String before;
        String release;
        long read;
        long written;
        long busy;
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final StepChecks checks = new StepChecks();
        final GuestClock clock = new GuestClock();
        final GuestObserved seen = new GuestObserved();
        final Set<String> devices = new TreeSet<>();

        Step(int index) {
            this.index = index;
        }
    }

    /** Consumes one console line (without its line end). */
    public void line(String raw) {
        String line = raw.replace("\r", "");
        int at = line.indexOf(TAG);
        if (at < 0) {
            keep(line);
            return;
        }
        String[] f = line.substring(at + TAG.length()).split(" ", 3);
        String kind = f[0];
        switch (kind) {
            case "ready" -> readySeconds = Double.valueOf(f[1]);
            case "end" -> endStatus = Integer.valueOf(f[1].strip());
            case "setup-failed" ->
                setupFailure = line.substring(at + TAG.length() + kind.length()).strip();
            case "module-failed" -> keep("insmod failed: " + (f.length > 2 ? f[1] + " " + f[2] : f[1]));
            case "skip" -> emit(skipped(Integer.parseInt(f[1]), f.length > 2 ? f[2] : "skipped"));
            case "start" -> current = new Step(Integer.parseInt(f[1]));
            case "phase" -> {
                if (!phases.line(f[1], f.length > 2 ? f[2] : "")) {
                    keep("unreadable guest phase: " + line);
                }
            }
            default -> stepLine(kind, Integer.parseInt(f[1]), f.length > 2 ? f[2] : "");
        }
    }

    private final GuestPhaseLines phases = new GuestPhaseLines();

    /** Tells {@code l} of each unmeasured phase the guest reports. */
    public void onPhase(GuestPhaseLines.Listener l) {
        phases.listen(l);
    }

    private void stepLine(String kind, int n, String rest) {
        if (current == null || current.index != n) {
            keep("out-of-order guest line: " + kind + " " + n);
            return;
        }
        switch (kind) {
            case "disk" -> disk(rest);
            case "time" -> current.time = rest.strip().split("\\s+");
            case "exit" -> current.exit = Integer.valueOf(rest.strip());
            case "before" -> current.before = rest.strip();
            case "release" -> current.release = rest.strip();
            case "out" -> append(current.out, rest);
            case "err" -> append(current.err, rest);
            case "done" -> {
                emit(current.seen.apply(current.checks.apply(
                        current.clock.apply(result(current)), steps.get(n), List.copyOf(current.devices))));
                current = null;
            }
            default -> {
                if (!current.checks.line(kind, rest)
                        && !current.clock.line(kind, rest)
                        && !current.seen.line(kind, rest)) {
                    keep("unknown guest line: " + kind);
                }
            }
        }
    }

    // "before|after NAME sectorsRead sectorsWritten ioTicks"
    private void disk(String rest) {
        String[] f = rest.strip().split("\\s+");
        long[] v = {Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4])};
        if (f[0].equals("before")) {
            disksBefore.put(f[1], v);
            return;
        }
        current.devices.add(f[1]);
        long[] b = disksBefore.getOrDefault(f[1], new long[3]);
        current.read += (v[0] - b[0]) * 512;
        current.written += (v[1] - b[1]) * 512;
        current.busy += v[2] - b[2];
    }

    private static void append(ByteArrayOutputStream to, String base64) {
        byte[] b = Base64.getMimeDecoder().decode(base64.strip());
        to.write(b, 0, b.length);
    }

    // the unmeasured before: command failed: the step did not run
    private static GuestResult beforeFailed(Step s, byte[] err) {
        StepOutcome o = outcome(
                Status.FAILED, Integer.valueOf(s.before), "before: exit status " + s.before + tail(err), null, s);
        return new GuestResult(s.index, o, new byte[0], err);
    }

    // the release of the disk's blocks before a mkfs failed: the mkfs did not run (the host's words)
    private static GuestResult releaseFailed(Step s, GuestStep step, byte[] err) {
        String reason = "release the device's blocks before mkfs (" + Shell.join(step.release()) + "): exit status "
                + s.release + tail(err);
        StepOutcome o = outcome(Status.FAILED, Integer.valueOf(s.release), reason, null, s);
        return new GuestResult(s.index, o, new byte[0], err);
    }

    private GuestResult result(Step s) {
        GuestStep step = steps.get(s.index);
        byte[] err = s.err.toByteArray();
        if (s.before != null) {
            return beforeFailed(s, err);
        }
        if (s.release != null) {
            return releaseFailed(s, step, err);
        }
        double real = s.time != null && s.time.length >= 6 ? Double.parseDouble(s.time[0]) : Double.NaN;
        int exit = s.exit == null ? -1 : s.exit;
        boolean timedOut = (exit == TIMEOUT_EXIT_KILLED || exit == TIMEOUT_EXIT)
                && step.timeoutSeconds() > 0
                && real >= step.timeoutSeconds() * 0.99;
        Status status = timedOut ? Status.TIMEOUT : exit == 0 ? Status.OK : Status.FAILED;
        String reason = timedOut ? "killed after its time limit" : exit == 0 ? null : "exit status " + exit + tail(err);
        StepOutcome o;
        if (s.time == null || s.time.length < 6) {
            StepOutcome.Figures io =
                    new StepOutcome.Figures(null, null, null, null, null, null, null, s.read, s.written, s.busy);
            o = outcome(
                    exit == 0 ? Status.FAILED : status,
                    exit,
                    "no GNU time figures from the guest" + (reason == null ? "" : ": " + reason),
                    io,
                    s);
        } else {
            StepOutcome.Figures f = new StepOutcome.Figures(
                    real,
                    Double.parseDouble(s.time[1]),
                    Double.parseDouble(s.time[2]),
                    null,
                    Long.parseLong(s.time[3]),
                    Long.parseLong(s.time[4]),
                    Long.parseLong(s.time[5]),
                    s.read,
                    s.written,
                    s.busy);
            o = outcome(status, exit, reason, f, s);
        }
        return new GuestResult(s.index, o, s.out.toByteArray(), err);
    }

    // what the guest observed of step s, ending now: GNU time's methods until the clock and checks amend it
    private static StepOutcome outcome(Status status, Integer exit, String reason, StepOutcome.Figures f, Step s) {
        return new StepOutcome(
                null, status, exit, reason, f, s.started, Instant.now(), GNU_TIME, null, List.of(), null);
    }

    private static String tail(byte[] err) {
        List<String> lines = new String(err, StandardCharsets.UTF_8)
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
        if (lines.isEmpty()) {
            return "";
        }
        String last = lines.get(lines.size() - 1);
        return ": " + (last.length() > 300 ? last.substring(0, 300) + "..." : last);
    }

    private GuestResult skipped(int n, String reason) {
        Instant now = Instant.now();
        StepOutcome o =
                new StepOutcome(null, Status.SKIPPED, null, reason, null, now, now, GNU_TIME, null, List.of(), null);
        return new GuestResult(n, o, new byte[0], new byte[0]);
    }

    private void emit(GuestResult r) {
        lastDone = r.index();
        listener.accept(r);
    }

    private void keep(String line) {
        if (console.size() == 40) {
            console.removeFirst();
        }
        console.addLast(line);
    }

    /** Guest uptime in seconds when /init was ready (modules inserted), or null. */
    public Double readySeconds() {
        return readySeconds;
    }

    /** The job's exit status once its end marker arrived, else null: the guest died or was killed. */
    public Integer endStatus() {
        return endStatus;
    }

    /** Why the job could not set up (a mount of the source), or null. */
    public String setupFailure() {
        return setupFailure;
    }

    /** The index of the last step reported, or -1. */
    public int lastDone() {
        return lastDone;
    }

    /** True when every step of the job was reported (run or skipped). */
    public boolean complete() {
        return lastDone == steps.size() - 1;
    }

    /** The step the guest was running when the console ended, or -1. */
    public int running() {
        return current == null ? -1 : current.index;
    }

    /** The last untagged console lines (kernel messages, a panic). */
    public List<String> consoleTail() {
        return List.copyOf(console);
    }
}
