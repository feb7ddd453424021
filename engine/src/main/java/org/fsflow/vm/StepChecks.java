package org.fsflow.vm;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.measure.MemoryCgroup;
import org.fsflow.place.StepOutcome;
import org.fsflow.result.Status;

/**
 * What the guest reported of a step's budget, flush and verify ({@link GuestAgent}), and the
 * step's result amended with it as the host's runner would have it: a budget the guest could not
 * apply fails the step (never measured unbudgeted), the flush time is inside the real time and
 * kept apart, a failed flush or a copy that differs from its dataset fails the step, and a step
 * the guest's kernel OOM-killed inside its budget's cgroup fails "out of memory".
 */
final class StepChecks {

    private static final int KILLED = 137;

    private Long budget;
    private long oomKills;
    private String budgetFailure;
    private Double flushSeconds;
    private Integer flushExit;
    private String[] verify;
    private String verifyFirst;
    private String verifyExtra;

    /** Takes one tagged line of kind {@code kind}; false when it is not one of these. */
    boolean line(String kind, String rest) {
        String v = rest.strip();
        switch (kind) {
            case "budget" -> budget = v.matches("[0-9]+") ? Long.valueOf(v) : null;
            case "budget-failed" -> budgetFailure = v;
            case "oom" -> oomKills = oomKills(v.split("\\s+"));
            case "flush" -> {
                String[] f = v.split("\\s+");
                flushSeconds = f.length == 2 && f[0].matches("[0-9]+(\\.[0-9]+)?") ? Double.valueOf(f[0]) : null;
                flushExit = Integer.valueOf(f[f.length - 1]);
            }
            case "verify" -> verify = v.split("\\s+");
            case "verify-first" -> verifyFirst = v;
            case "verify-extra" -> verifyExtra = v;
            default -> {
                return false;
            }
        }
        return true;
    }

    /** {@code r}, the result of {@code step}, with what these lines say; {@code devices} the disks counted. */
    GuestResult apply(GuestResult r, GuestStep step, List<String> devices) {
        StepOutcome o = r.outcome();
        if (budgetFailure != null) {
            return with(r, Status.FAILED, null, "memory budget: " + budgetFailure, null, null, null, devices);
        }
        Double real = o.figures() == null ? null : o.figures().realS();
        Status status = o.status();
        Integer exit = o.exitCode();
        String reason = o.reason();
        if (oomKills > 0 && budget != null && status == Status.FAILED) {
            // the kernel killed it inside its cgroup: the budget, not the tool, ended it
            reason = MemoryCgroup.outOfMemory(budget);
        }
        if (flushExit != null) {
            real = real == null || flushSeconds == null ? real : Math.round((real + flushSeconds) * 1e6) / 1e6;
            if (flushExit != 0) {
                String sync = "flush: sync -f " + step.flushPath();
                status = Status.FAILED;
                exit = flushExit;
                reason = "exit status " + flushExit + ": "
                        + (flushExit == KILLED
                                ? sync + " did not end within the time limit"
                                : sync + " exited " + flushExit);
            }
        }
        if (verify != null && status == Status.OK && !verify[0].equals("ok")) {
            status = Status.FAILED;
            reason = "verify: " + difference(step);
        }
        return with(r, status, exit, reason, real, budget, flushSeconds, devices);
    }

    // "BEFORE AFTER": the OOM kills the step caused, 0 when the guest's kernel does not count them
    private static long oomKills(String[] f) {
        if (f.length != 2 || !f[0].matches("[0-9]+") || !f[1].matches("[0-9]+")) {
            return 0;
        }
        return Long.parseLong(f[1]) - Long.parseLong(f[0]);
    }

    // the host's wording (CopyVerifier): the copy, the dataset, counts, the first difference
    private String difference(GuestStep step) {
        String copy = step.verifyCopy();
        if (verify[0].equals("nodir")) {
            return "the copy " + copy + " is missing (no such directory)";
        }
        String dataset = Path.of(step.verifyDataset()).getFileName().toString();
        StringBuilder b = new StringBuilder("the copy " + copy + " differs from dataset '" + dataset + "': ");
        if (verify.length < 5) {
            return b.append("the guest's comparison did not complete").toString();
        }
        boolean files = !verify[2].equals("0") || !verify[3].equals("0");
        if (files) {
            b.append(verify[2])
                    .append(" of ")
                    .append(verify[1])
                    .append(" files missing, ")
                    .append(verify[3])
                    .append(" different; first: ")
                    .append(verifyFirst);
        }
        if (!verify[4].equals("0")) {
            b.append(files ? "; " : "")
                    .append(verify[4])
                    .append(" extra file(s), first: ")
                    .append(verifyExtra);
        }
        if (!files && verify[4].equals("0")) {
            b.append("its files or directories are not the dataset's (a link, or a directory added)");
        }
        return b.toString();
    }

    // the outcome as the guest's checks leave it; a step that never ran has no figures
    private static GuestResult with(
            GuestResult r,
            Status status,
            Integer exit,
            String reason,
            Double real,
            Long budget,
            Double flush,
            List<String> devices) {
        StepOutcome o = r.outcome();
        StepOutcome.Figures f = o.figures();
        boolean ran = real != null || status != Status.FAILED || exit != null;
        StepOutcome.Figures figures = !ran || f == null ? null : f.timed(real, f.userS(), f.sysS(), cpuPct(real, f));
        StepOutcome.Method method = new StepOutcome.Method(
                List.copyOf(devices), o.method().cpuMethod(), o.method().memoryMethod());
        StepOutcome.Around around = new StepOutcome.Around(budget, flush, null, null, null, null);
        return r.with(o.amended(status, exit, reason, figures, method, around));
    }

    // CPU over real time, in percent, truncated; null without a real time
    private static Long cpuPct(Double real, StepOutcome.Figures f) {
        return real == null || real == 0 ? null : (long) Math.floor((f.userS() + f.sysS()) * 100 / real);
    }
}
