package org.fsflow.summary;

import java.util.List;
import java.util.Map;
import org.fsflow.plan.Cell;
import org.fsflow.result.ResultSet;
import org.fsflow.scenario.Finding;

/**
 * A CPU finding on a filesystem that does its work in a service of its own (zfs-fuse's daemon): a
 * tool's %CPU (bonnie++'s, GNU time's) counts only the tool's process, so it leaves out what the
 * daemon spent for it. Such a finding is judged on the step's CPU with its services over its real
 * time ({@code cpu_with_services_pct}) on both sides, and its reason says so with the service's
 * seconds. The service is measured for the whole step, not per bonnie++ test, so every CPU finding
 * of one step is judged on the same figure; one whose test the tool did not time (bonnie++'s
 * +++++) stays untested, as it would without the service.
 *
 * @param serviceS the mean CPU seconds the services used per repetition of the step, on the side
 *                 that has them; NaN when neither side has any (the finding is judged as it is)
 * @param side     the name of that side, null likewise
 */
record ServiceCpu(double serviceS, String side) {

    static final ServiceCpu NONE = new ServiceCpu(Double.NaN, null);

    /** What the services of {@code f}'s sides used in its step, NONE for a finding not about CPU. */
    static ServiceCpu of(Finding f, ResultSet results) {
        if (!cpuShare(f.metricOf(f.numerator())) || !cpuShare(f.metricOf(f.denominator()))) {
            return NONE;
        }
        ServiceCpu best = NONE;
        for (String name : List.of(f.numerator(), f.denominator())) {
            double s = serviceSeconds(f, name, results);
            if (s > 0 && (best.side == null || s > best.serviceS)) {
                best = new ServiceCpu(s, name);
            }
        }
        return best;
    }

    /** The metric {@code name}'s side is judged on. */
    String metric(Finding f, String name) {
        return side == null ? f.metricOf(name) : "cpu_with_services_pct";
    }

    /** What the verdict's reason adds: the metric judged and why, "" when the finding is judged as it is. */
    String note() {
        if (side == null) {
            return "";
        }
        return "; judged on the step's CPU with the filesystem's services (user + system + service CPU over "
                + "real time, cpu_with_services_pct), since the tool's own %CPU leaves out " + side
                + "'s services' " + Numbers.sig(serviceS) + " s of CPU a repetition";
    }

    /** A CPU share: bonnie++'s per-test %CPU or GNU time's %P. */
    static boolean cpuShare(String metric) {
        return metric.equals("cpu_pct") || metric.endsWith("_cpu_pct");
    }

    // the mean service CPU of the side's counted repetitions of the finding's step, 0 when none
    private static double serviceSeconds(Finding f, String name, ResultSet results) {
        Map<String, String> want = f.coordinates(name);
        String step = f.stepOf(name);
        double sum = 0;
        int n = 0;
        for (Cell c : results.cells()) {
            if (c.coordinates().entrySet().containsAll(want.entrySet())) {
                org.fsflow.result.Moments m = results.series(c, step).moments("service_cpu_s");
                if (m != null && m.n() > 0) {
                    sum += m.mean() * m.n();
                    n += m.n();
                }
            }
        }
        return n == 0 ? 0 : sum / n;
    }
}
