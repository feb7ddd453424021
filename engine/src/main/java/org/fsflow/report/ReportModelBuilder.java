package org.fsflow.report;

import java.util.List;
import org.fsflow.report.ReportModel.Capacity;
import org.fsflow.report.ReportModel.Failed;
import org.fsflow.report.ReportModel.Raw;
import org.fsflow.report.ReportModel.Skipped;
import org.fsflow.result.Measurement;
import org.fsflow.result.RunCampaign;
import org.fsflow.result.RunEnvironment;
import org.fsflow.scenario.SourceSection.SourceConditions;
import org.fsflow.summary.CapacityRow;
import org.fsflow.summary.Numbers;
import org.fsflow.summary.RepeatEnds;
import org.fsflow.summary.RunFacts;
import org.fsflow.summary.RunSummary;

/** Formats a {@link RunSummary} into the templates' {@link ReportModel}: text only, no statistics. */
public final class ReportModelBuilder {

    /** How the tables are computed, printed above the warnings. */
    static final String METHOD = "Each cell shows the mean over the repetitions that succeeded, ± the half-width of "
            + "its 95 % confidence interval (Student t, n − 1 degrees of freedom; none for n = 1). The best (lowest) "
            + "mean of a row is marked; ×k is the ratio to it; ≈ marks a filesystem whose difference from the best "
            + "is not significant by Welch's t-test at 5 % (unequal variances; needs n ≥ 2 on both sides). Outliers: "
            + "modified z-score above 3.5 (median and MAD). Failed and skipped steps never enter a mean.";

    /** The CSV file written beside the report. */
    static final String CSV = "results.csv";

    private ReportModelBuilder() {}

    /** The report model of {@code s}, beside its source's conditions (those of its verdicts' section, if any). */
    public static ReportModel build(RunSummary s) {
        return build(
                s,
                s.verdicts() == null || s.verdicts().section() == null
                        ? null
                        : s.verdicts().section().conditions());
    }

    /** The report model of {@code s}, beside the source's {@code conditions} (null: none). */
    public static ReportModel build(RunSummary s, SourceConditions conditions) {
        RunEnvironment env = s.environment();
        RunCampaign campaign = env.campaign();
        String title = campaign.title() != null
                ? campaign.title()
                : "fsflow report: " + (env.scenario() != null ? env.scenario() : "results");
        List<NotableRows.Notable> notable = NotableRows.of(s.results());
        VerdictSection verdicts = VerdictSections.of(s.verdicts(), env);
        return new ReportModel(
                title,
                Conditions.nz(campaign.source()),
                verdicts,
                ControlSections.of(s.controls()),
                Conditions.nz(campaign.description()),
                verdicts.present() ? "" : org.fsflow.summary.Headlines.of(s),
                Conditions.nz(env.scenario()),
                s.results().size(),
                RanTable.of(RunFacts.of(s.results(), env), env, conditions),
                conditions != null && !conditions.equals(SourceConditions.NONE),
                Conditions.of(env, s.results()),
                Conditions.devices(env),
                Conditions.pairs(env.tools()),
                env.settings() == null
                        ? List.of()
                        : Conditions.pairs(env.settings().shown()),
                s.datasets().stream().map(DatasetSections::of).toList(),
                s.bonnie().stream().map(BonnieSections::of).toList(),
                s.capacity().stream().map(ReportModelBuilder::capacity).toList(),
                s.skipped().stream()
                        .map(k -> new Skipped(k.label(), Conditions.nz(k.reason()), k.steps()))
                        .toList(),
                s.failed().stream()
                        .limit(NotableRows.LIMIT)
                        .map(r -> new Failed(r.node(), r.status().value(), Conditions.nz(r.reason())))
                        .toList(),
                s.failed().size(),
                notable.stream()
                        .limit(NotableRows.LIMIT)
                        .map(n -> raw(n, s.results().row(n.id())))
                        .toList(),
                notable.size(),
                CSV,
                s.warnings(),
                METHOD,
                Conditions.provenance(
                        env.settings() == null ? null : env.settings().provenance()),
                CrashSections.of(s.results().crash()),
                AgingSections.of(s.aging()),
                FigureSections.of(s.figures()),
                repetitions(s),
                TimeSections.of(s.time()));
    }

    private static List<ReportModel.Repetition> repetitions(RunSummary s) {
        if (s.environment().settings() == null) {
            return List.of();
        }
        return RepeatEnds.of(s.results().series(), s.environment().settings().shown()).stream()
                .map(r -> new ReportModel.Repetition(
                        r.cell(),
                        r.step(),
                        r.n(),
                        Double.isNaN(r.precision()) ? "–" : "± " + Numbers.percent(r.precision()),
                        Numbers.percent(r.cv()),
                        r.ended().words()))
                .toList();
    }

    private static Capacity capacity(CapacityRow c) {
        return new Capacity(
                c.column(),
                Numbers.bytes(c.deviceBytes()),
                Numbers.bytes(c.filesystemBytes()),
                Numbers.bytes(c.availableBytes()),
                Numbers.fixed(c.usablePct(), 2) + " %",
                Numbers.fixed(c.inodes(), 0),
                c.runs());
    }

    private static Raw raw(NotableRows.Notable n, Measurement r) {
        return new Raw(
                n.why(),
                r.node(),
                r.status().value(),
                r.realS() == null ? "" : Numbers.fixed(r.realS(), 3),
                r.userS() == null ? "" : Numbers.fixed(r.userS(), 3),
                r.sysS() == null ? "" : Numbers.fixed(r.sysS(), 3),
                r.cpuPct() == null ? "" : r.cpuPct() + " %",
                r.maxRssKb() == null ? "" : Numbers.bytes(r.maxRssKb() * 1024.0),
                Conditions.nz(r.command()),
                Conditions.nz(r.reason()));
    }
}
