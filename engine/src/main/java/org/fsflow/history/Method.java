package org.fsflow.history;

import org.fsflow.summary.Numbers;

/** The method paragraph of a history report, with its settings. */
final class Method {

    private Method() {}

    static String text(HistoryResult h) {
        return "Each series is one metric of one step of one cell at one place (the host, or a VM), over the runs "
                + "of one scenario at one scale, seed and repetitions' settings, ordered by " + h.by()
                + (h.by().equals("kernel") || h.by().startsWith("label:") ? " (version order)" : "")
                + "; every repetition is kept. Change points are found by E-divisive means (Matteson and James "
                + "2014: the energy statistic over the runs' means, split where it is largest, never between two "
                + "runs of the same " + h.by() + ") with Student's "
                + "t-test (variances pooled) between the two segments as the significance test, as in Hunter and "
                + "Apache Otava: "
                + "the segments' units are the runs' means when both hold at least " + ChangePoints.RUNS_AS_UNITS
                + " runs, else every repetition of their runs (which assumes repetitions vary as much as runs). "
                + "Splits are made while p <= " + plain(Math.min(1, h.pValue() * 10)) + ", then change "
                + "points are removed, weakest first, until each has p <= " + plain(h.pValue())
                + " between its neighbours"
                + (h.minEffect() > 0 ? " and changes the mean by at least " + Numbers.percent(h.minEffect()) : "")
                + "; the remaining ones are kept where their Benjamini-Hochberg q-value over every series' "
                + "tests is at most " + plain(h.fdr()) + ". The ratio is the mean after over the mean "
                + "before, with its 95 % interval by Fieller's theorem; better or worse follows the metric's "
                + "direction.";
    }

    static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
