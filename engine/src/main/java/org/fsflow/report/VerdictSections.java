package org.fsflow.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.chart.Forest;
import org.fsflow.result.MetricTable;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Sensitivity;
import org.fsflow.result.Summary;
import org.fsflow.scenario.Finding;
import org.fsflow.summary.Equivalence;
import org.fsflow.summary.FindingClass;
import org.fsflow.summary.Numbers;
import org.fsflow.summary.PowerText;
import org.fsflow.summary.Ratios;
import org.fsflow.summary.Verdict;
import org.fsflow.summary.VerdictTable;

/** Formats a run's {@link VerdictTable} into the report's {@link VerdictSection}. */
public final class VerdictSections {

    /** The file written beside the report. */
    public static final String JSON = "verdicts.json";

    private VerdictSections() {}

    /** The section of {@code table} without its first screen; {@link VerdictSection#NONE} when null or empty. */
    public static VerdictSection of(VerdictTable table) {
        return of(table, null);
    }

    /**
     * The section of {@code table} with its first screen (the answer's sentences and badges from
     * {@code env}, null for none, and the forest plot); {@link VerdictSection#NONE} when null or empty.
     */
    public static VerdictSection of(VerdictTable table, RunEnvironment env) {
        if (table == null || table.verdicts().isEmpty()) {
            return VerdictSection.NONE;
        }
        List<VerdictSection.Row> rows = new ArrayList<>();
        table.verdicts().forEach(v -> rows.add(row(v)));
        FirstScreen first = env == null ? new FirstScreen(List.of(), List.of()) : FirstScreen.of(table, env);
        String forest = forest(table);
        return new VerdictSection(
                true,
                table.headline(),
                table.from() + (table.sha256().isEmpty() ? "" : " (sha256 " + table.sha256() + ")"),
                method(table),
                rows,
                VerdictJson.of(table),
                JSON,
                first.sentences(),
                first.badges(),
                forest,
                forest.isEmpty() ? "" : Forest.FILE);
    }

    // the testable findings' forest plot, or every finding's when none is testable
    private static String forest(VerdictTable table) {
        List<Verdict> testable = table.verdicts().stream()
                .filter(v -> v.triage().kind() == FindingClass.TESTABLE)
                .toList();
        return testable.isEmpty()
                ? Forest.svg(
                        "Every finding (none is testable): fsflow's ratio [95 % CI] against the source's",
                        table.verdicts())
                : Forest.svg(title(testable), testable);
    }

    // how many of the testable findings the plot draws: those with a measured ratio
    private static String title(List<Verdict> testable) {
        long drawn = testable.stream().filter(v -> v.interval() != null).count();
        String which = drawn == testable.size()
                ? "The " + testable.size() + " testable findings"
                : "The " + drawn + " of " + testable.size() + " testable findings with a measured ratio";
        return which + ": fsflow's ratio [95 % CI] against the source's";
    }

    static String method(VerdictTable t) {
        return "Each finding of the source compares two cells of one place (host with host, a VM with the same VM). "
                + "fsflow's ratio is the numerator's mean over the denominator's, over the repetitions that "
                + "succeeded (warm-ups left out), with its 95 % Fieller interval (a lower bound at or below 0 is "
                + "written \"unbounded below\"); its p-value is Welch's, and the false-discovery rate is "
                + "controlled at 5 % over every tested finding (Benjamini-Hochberg q). ± after a mean is the "
                + "half-width of its 95 % confidence interval. First, what the source claims: a tie when it "
                + "states equal sides, when its own repetitions do not tell the sides apart (Welch p > 0.05), "
                + "when its figures differ by no more than it resolved, or, for single readings, by less than the "
                + "equivalence margin ×" + Numbers.sig(Equivalence.MARGIN) + "; a direction otherwise. A tie is "
                + "tested for equivalence (two one-sided tests, margin [" + Numbers.sig(1 / Equivalence.MARGIN)
                + ", " + Numbers.sig(Equivalence.MARGIN) + "]): reproduced when equivalent at 5 %, contradicted "
                + "when fsflow's difference is significant and its interval lies outside the margin. A direction "
                + "is reproduced when significant, the source's, and the ratio of ratios (fsflow's over the "
                + "source's, with fsflow's interval) reaches [1/t, t] for the finding's tolerance t (×"
                + Numbers.sig(t.section().tolerance()) + " unless a finding sets its own; an emulated finding's "
                + "size is not judged); direction only when that interval lies outside; contradicted when "
                + "significant the other way; inconclusive when the interval includes 1 or the finding could not "
                + "be tested (the reason says why). The test and its tolerance are printed under each verdict. "
                + "Each tested finding states the smallest ratio its run could have detected with 80 % power "
                + "(Welch's test on log values, noncentral t, each side's n and coefficient of variation, at the "
                + "level the false-discovery control used: 5 % times the significant findings, at least one, over "
                + "the tested ones) and the repetitions per side a ×1.1 and a ×1.2 difference would need; an "
                + "inconclusive one says whether more repetitions would decide it (its observed ratio within "
                + Sensitivity.MAX_REPETITIONS + " repetitions per side) or it is below this machine's noise floor. "
                + "Each finding is classed first: testable (a modern machine can be expected to reproduce it), "
                + "era-bound (a kernel or tool change since the source, cited), below-resolution (the source's "
                + "figures differ by no more than its instrument resolved, or the metric follows the hardware's "
                + "speed: CPU % of an I/O-bound step, a tool's user time), emulated (only a TCG or user-mode Linux "
                + "guest measured it)"
                + (t.count(FindingClass.NOT_RUN) > 0
                        ? ", not run (the run has no cell of one side: its matrix, as run, left it out)"
                        : "")
                + ". Every class gets a verdict; the headline counts the testable findings first and the others "
                + "apart.";
    }

    private static VerdictSection.Row row(Verdict v) {
        Finding f = v.finding();
        String unit = MetricTable.of(f.metricOf(f.numerator())).unit();
        return new VerdictSection.Row(
                f.id(),
                f.cite(),
                what(v),
                source(f, unit),
                Double.isNaN(f.ratio()) ? (f.higher() ? "higher" : "lower") : "×" + Numbers.sig(f.ratio()),
                side(v.numerator(), unit) + "; " + side(v.denominator(), unit),
                ratio(v),
                Numbers.sig(v.q()),
                v.outcome().label(),
                v.outcome().label().replace(' ', '-'),
                v.reason(),
                f.explanation() == null
                        ? ""
                        : f.explanation().text() + " (" + f.explanation().cite() + ")",
                v.triage().kind().label(),
                v.triage().why(),
                v.test(),
                PowerText.figures(v.power()));
    }

    private static String what(Verdict v) {
        Finding f = v.finding();
        StringBuilder s = new StringBuilder(f.numerator() + " / " + f.denominator());
        if (f.step() != null) {
            s.append(", step ").append(f.step());
        }
        if (f.filesystem() != null) {
            s.append(", ").append(f.filesystem());
        }
        if (f.dataset() != null) {
            s.append(", dataset ").append(f.dataset());
        } else if (v.numerator().cell() != null && v.numerator().cell().contains("+")) {
            s.append(", every dataset pooled");
        }
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(f.cell()).entrySet()) {
            s.append(", ").append(e.getKey()).append(' ').append(e.getValue());
        }
        if (f.metric() != null) {
            s.append(", ").append(f.metric());
        }
        String place = v.numerator().place();
        if (place != null && place.equals(v.denominator().place())) {
            s.append(" (").append(place).append(')');
        }
        return s.toString();
    }

    private static String source(Finding f, String unit) {
        if (f.figures() == null) {
            return Double.isNaN(f.ratio())
                    ? f.numerator() + " " + (f.higher() ? "higher" : "lower") + " than " + f.denominator()
                    : f.numerator() + " / " + f.denominator() + " = " + Numbers.sig(f.ratio());
        }
        Finding.Figures x = f.figures();
        return figure(f.numerator(), x.numerator(), x.numeratorAt(), unit) + "; "
                + figure(f.denominator(), x.denominator(), x.denominatorAt(), unit);
    }

    private static String figure(String name, double value, Finding.At at, String unit) {
        return name + " " + Numbers.sig(value) + (unit.isEmpty() ? "" : " " + unit)
                + (at.line() > 0 ? " (" + at.text() + ")" : "");
    }

    private static String side(Verdict.Side s, String unit) {
        Summary st = s.stats();
        if (st == null) {
            return s.name() + " –";
        }
        String mean = Numbers.sig(st.mean());
        String half = st.n() >= 2 ? " ± " + Numbers.same(st.ciHalfWidth(), mean) : "";
        return s.name() + " " + mean + half + (unit.isEmpty() ? "" : " " + unit) + " (n=" + st.n() + ")";
    }

    private static String ratio(Verdict v) {
        return Ratios.text(v.interval());
    }
}
