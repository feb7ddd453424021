package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.Fieller;
import org.fsflow.result.RunEnvironment;
import org.fsflow.scenario.Finding;
import org.fsflow.scenario.Scales;

/**
 * Why a finding cannot be tested on a run, checked in this order: a side missing (or several
 * cells matching it), two places, two scales (inconclusive: different scales), the scale of its
 * cells below the finding's {@code min_scale}, failed
 * or skipped repetitions, no value of the metric (bonnie++'s {@code +++++} said as such), too few
 * repetitions. A time too short to measure (under ten times the launch floor, which the summary
 * flags as start-up weighing on it) is {@link FloorBounds}'s to judge.
 */
final class VerdictReasons {

    /** A time under this many launch floors is flagged, as {@link LaunchFloorRule} flags it. */
    static final int FLOORS = 10;

    private VerdictReasons() {}

    /**
     * Why a finding between cells of a place other than the host cannot be trusted: the place's
     * control cells rank the finding's step unlike the host; null when they do not, or it is the host.
     */
    static String untrusted(Finding f, Verdict.Side num, List<ControlAgreement> controls) {
        // a ranking of filesystems: findings across steps, metrics or datasets compare no filesystems
        if (!f.across().equals("filesystem")
                || num.place() == null
                || num.place().equals(Places.HOST)) {
            return null;
        }
        java.util.Map<String, String> at =
                new java.util.HashMap<>(org.fsflow.scenario.FindingChecker.coordinates(f, f.numerator()));
        at.remove("filesystem");
        for (ControlAgreement c : controls) {
            ControlAgreement.Row r = c.place().equals(num.place()) ? c.untrustedAt(f.step(), at) : null;
            if (r != null) {
                return num.place() + " ranks its control cells unlike the host for " + f.step()
                        + (r.where().isEmpty() ? "" : " (" + r.where() + ")") + ": host " + r.hostCells() + " "
                        + ratio(r.host()) + ", here " + r.cells() + " " + ratio(r.guest())
                        + ": its rankings of this step are not trusted";
            }
        }
        return null;
    }

    /** The reason {@code f} cannot be tested, or null when it can. */
    static String untestable(Finding f, Verdict.Side num, Verdict.Side den, RunEnvironment env) {
        for (Verdict.Side s : new Verdict.Side[] {num, den}) {
            if (s.cell() == null) {
                return "the run has no cell " + cellOf(f, s.name()) + ": missing";
            }
            if (s.cell().isEmpty()) {
                return "several cells of the run match " + s.name() + ": pin the other axes with cell:";
            }
        }
        if (num.place() != null && den.place() != null && !num.place().equals(den.place())) {
            return num.name() + " ran on " + num.place() + ", " + den.name() + " on " + den.place()
                    + ": cells of different places are never compared";
        }
        String scales = scales(f, num, den, env);
        if (scales != null) {
            return scales;
        }
        for (Verdict.Side s : new Verdict.Side[] {num, den}) {
            String why = repetitions(f, s);
            if (why != null) {
                return why;
            }
        }
        for (Verdict.Side s : new Verdict.Side[] {num, den}) {
            if (s.stats().n() < Verdicts.MIN_REPETITIONS) {
                return "too few repetitions: " + s.name() + "'s " + s.step() + " has n = "
                        + s.stats().n()
                        + (s.tooFast() ? " (bonnie++ printed +++++ in the others)" : "") + " (an interval needs "
                        + Verdicts.MIN_REPETITIONS + ")";
            }
        }
        for (Verdict.Side s : new Verdict.Side[] {num, den}) {
            if (s.artifact() != null) {
                return s.name() + "'s " + s.step() + " " + s.artifact();
            }
        }
        return null;
    }

    // cells of two scales are never compared; the cells' scale must reach the finding's min_scale
    private static String scales(Finding f, Verdict.Side num, Verdict.Side den, RunEnvironment env) {
        if (num.scale() != null && den.scale() != null && !num.scale().equals(den.scale())) {
            return "different scales: " + num.name() + " ran at --scale " + Scales.plain(num.scale()) + ", "
                    + den.name() + " at " + Scales.plain(den.scale())
                    + ": cells of different scales are never compared";
        }
        boolean perPlace = env.settings() != null && !env.settings().scales().uniform();
        double scale = num.scale() != null
                ? num.scale()
                : env.settings() == null ? 1 : env.settings().scale();
        if (scale < f.minScale()) {
            return (perPlace ? "its cells' --scale " : "the run's --scale ") + Numbers.sig(scale)
                    + " is below the finding's min_scale " + Numbers.sig(f.minScale());
        }
        return null;
    }

    private static String repetitions(Finding f, Verdict.Side s) {
        String what = s.name() + "'s " + s.step();
        if (s.failed() > 0) {
            return what + " failed in " + s.failed() + " of " + s.runs() + " repetitions";
        }
        if (s.skipped() > 0) {
            return what + " was skipped in " + s.skipped() + " of " + s.runs() + " repetitions";
        }
        if (s.stats() == null) {
            return s.tooFast()
                    ? "bonnie++ printed +++++ for " + what + " (the test took under 0.5 s: no value of "
                            + f.metricOf(s.name())
                            + ")"
                    : what + " has no value of " + f.metricOf(s.name()) + (s.runs() == 0 ? " (it never ran)" : "");
        }
        return null;
    }

    /** "×1.23 [1.10, 1.40]", or "×1.23 (no interval)": {@link Ratios#text}. */
    static String ratio(Fieller.Interval i) {
        return Ratios.text(i);
    }

    private static String cellOf(Finding f, String side) {
        return f.coordinates(side) + " with step " + f.stepOf(side);
    }
}
