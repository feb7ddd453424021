package org.fsflow.report;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Baseline;
import org.fsflow.result.RunEnvironment;
import org.fsflow.summary.Numbers;

/** The report's words for the disk measured under the loop images ({@link Baseline}), from environment.json. */
final class BaselineText {

    private BaselineText() {}

    /** The measured disks, one sentence each; empty for a run that predates the baseline. */
    static String of(RunEnvironment env) {
        Baseline b = env.baseline();
        if (b == null) {
            return "";
        }
        List<String> out = new ArrayList<>();
        for (Baseline.Disk d : b.disks()) {
            out.add(disk(d, b));
        }
        return String.join("; ", out);
    }

    private static String disk(Baseline.Disk d, Baseline b) {
        String what = (d.device() != null ? "device '" + d.device() + "' " : "")
                + nz(d.identity().backingSource()) + " (" + String.join(", ", what(d, b)) + ")"
                + precondition(d.precondition());
        if (d.skipped() != null) {
            return what + ": not measured, " + d.skipped();
        }
        Baseline.Figures f = d.measurement();
        return what + (d.device() != null ? ", before it was formatted" : "") + ": sequential read "
                + rate(f.seqReadBytesPerS()) + ", write " + rate(f.seqWriteBytesPerS())
                + "; 4 KiB random read " + iops(f.randReadIops()) + " at depth 32 (" + iops(f.randReadIopsQd1())
                + " at depth 1), write " + iops(f.randWriteIops()) + " (" + iops(f.randWriteIopsQd1()) + "); fsync "
                + ms(f.fsyncLatencyS()) + " (median " + ms(f.fsyncLatencyMedianS()) + "); " + nz(f.fioVersion())
                + ", direct I/O"
                + (Boolean.TRUE.equals(d.reused()) ? ", measured " + f.measuredAt() + " and reused" : "")
                + (d.rotationalContradicted() != null ? "; " + d.rotationalContradicted() : "");
    }

    // what brought a block device to steady state, in a clause; "" for none
    private static String precondition(Baseline.Preconditioned p) {
        if (p == null || p.roundIops() == null) {
            return "";
        }
        int n = p.roundIops().size();
        String last = n == 0 ? "–" : iops(p.roundIops().get(n - 1));
        return ", preconditioned: filled " + p.fills() + " times at " + rate(p.fillBytesPerS()) + ", then " + n
                + (n == 1 ? " round" : " rounds") + " of " + p.roundSeconds()
                + " s of 4 KiB random writes at depth 32, "
                + (Boolean.TRUE.equals(p.steady())
                        ? "steady from round " + p.steadyFromRound() + " (SNIA's rule), last " + last
                        : "not steady by SNIA's rule after them, last " + last);
    }

    private static List<String> what(Baseline.Disk d, Baseline b) {
        List<String> parts = new ArrayList<>();
        Baseline.Identity disk = d.identity();
        if (disk.bus() != null) {
            parts.add(disk.bus() + (disk.model() != null ? " " + disk.model() : ""));
        }
        if (disk.rotational() != null) {
            parts.add(disk.rotational() ? "flagged rotational" : "flagged not rotational");
        }
        String vm = b.virtualization().get("vm");
        String container = b.virtualization().get("container");
        if (vm != null) {
            parts.add("machine: " + (vm.equals("none") ? "no VM" : "VM " + vm)
                    + (container != null && !container.equals("none") ? ", container " + container : ""));
        }
        return parts;
    }

    /** The word for a device on {@code backing} whose rotational flag the baseline contradicts, or "". */
    static String contradicted(RunEnvironment env, String backing) {
        if (env.baseline() == null || backing == null) {
            return "";
        }
        return env.baseline().disks().stream()
                .filter(d -> backing.equals(d.identity().backingSource()) && d.rotationalContradicted() != null)
                .map(d -> " (contradicted by the baseline: "
                        + iops(d.measurement().randReadIopsQd1()) + " random reads at depth 1)")
                .findFirst()
                .orElse("");
    }

    private static String rate(Double bytesPerS) {
        return bytesPerS == null ? "–" : Numbers.bytes(bytesPerS) + "/s";
    }

    private static String iops(Double perS) {
        return perS == null ? "–" : Math.round(perS) + "/s";
    }

    private static String ms(Double s) {
        return s == null ? "–" : Numbers.sig(s * 1000) + " ms";
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
