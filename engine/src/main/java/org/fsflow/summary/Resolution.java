package org.fsflow.summary;

import java.math.BigDecimal;
import org.fsflow.scenario.Finding;

/**
 * What a source's instrument resolved, per metric: GNU time prints times in hundredths of a
 * second ({@code %e %U %S}) and CPU as an integer percentage ({@code %P}), bonnie++ its CPU as an
 * integer percentage. A figure printed with fewer digits resolves only its last digit.
 */
final class Resolution {

    /** GNU time's tick: times of {@code _s} metrics are printed to 10 ms. */
    static final double TIME_S = 0.01;

    /** An integer percentage (GNU time's %P, bonnie++'s %CPU). */
    static final double PERCENT = 1;

    private Resolution() {}

    /** True for a metric that is a share of CPU time over elapsed time. */
    static boolean cpuPercent(String metric) {
        return metric != null && (metric.equals("cpu_pct") || metric.endsWith("_cpu_pct"));
    }

    /** True for a time measured by GNU time's getrusage. */
    static boolean time(String metric) {
        return "real_s".equals(metric) || "user_s".equals(metric) || "sys_s".equals(metric);
    }

    /** The instrument's resolution of {@code metric}, 0 when not known. */
    static double of(String metric) {
        if (time(metric)) {
            return TIME_S;
        }
        return cpuPercent(metric) ? PERCENT : 0;
    }

    /**
     * The resolution of a finding's two figures: the instrument's, or the last printed digit when
     * coarser. A figure that is a mean over several lines resolves finer than one reading, so only
     * figures of one line count; 0 when the finding has no such figures or no known resolution.
     */
    static double ofFigures(Finding f) {
        Finding.Figures x = f.figures();
        if (x == null || x.numeratorAt().last() > x.numeratorAt().line()) {
            return 0;
        }
        double instrument = of(f.metric());
        if (instrument == 0) {
            return 0;
        }
        return Math.max(instrument, Math.max(digit(x.numerator()), digit(x.denominator())));
    }

    // 14.7 resolves 0.1, 2.79 resolves 0.01
    private static double digit(double v) {
        int scale = new BigDecimal(Double.toString(v)).stripTrailingZeros().scale();
        return Math.pow(10, -Math.max(scale, 0)); // an integer resolves 1 (120.0 prints as 120)
    }
}
