package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsflow.plan.Cell;
import org.fsflow.result.AgingRecord;
import org.fsflow.result.Measurement;
import org.fsflow.result.Moments;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunCampaign;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;
import org.fsflow.result.Status;
import org.fsflow.result.Timeline;
import org.fsflow.scenario.SourceFile;

/**
 * The summarize stage: a run's stored results and environment in, its {@link RunSummary} out.
 * Every statistic and every method warning a report shows is computed here, once.
 */
public final class Summarizer {

    private Summarizer() {}

    /** The summary of {@code results}, run under {@code environment}, without verdicts. */
    public static RunSummary summarize(ResultSet results, RunEnvironment environment) {
        return summarize(results, environment, null);
    }

    /** The same, with the verdicts of {@code source}'s findings (null: none). */
    public static RunSummary summarize(ResultSet results, RunEnvironment environment, SourceFile.Loaded source) {
        return summarize(results, environment, source, Map.of());
    }

    /**
     * The same, with the guests' control cells paired by {@code types} (filesystem name to type,
     * {@link org.fsflow.result.ScenarioCopy#filesystemTypes}): findings between a guest's cells at a step its controls rank unlike
     * the host's are inconclusive.
     */
    public static RunSummary summarize(
            ResultSet results, RunEnvironment environment, SourceFile.Loaded source, Map<String, String> types) {
        return summarize(results, environment, source, types, List.of());
    }

    /** The same, with the aging penalty of the aged cells whose agings {@code agings} records ({@code aging.jsonl}). */
    public static RunSummary summarize(
            ResultSet results,
            RunEnvironment environment,
            SourceFile.Loaded source,
            Map<String, String> types,
            List<AgingRecord> agings) {
        return summarize(results, environment, source, types, agings, Optional.empty());
    }

    /**
     * The same, with the unmeasured phases its {@code timeline} recorded (empty: a run made before
     * timeline.jsonl, whose phases the table of where the time went shows as not recorded).
     */
    public static RunSummary summarize(
            ResultSet results,
            RunEnvironment environment,
            SourceFile.Loaded source,
            Map<String, String> types,
            List<AgingRecord> agings,
            Optional<Timeline.Rows> timeline) {
        List<DatasetSummary> datasets = datasets(results, environment);
        List<String> warnings = WarningRules.check(new Evidence(results, environment, datasets));
        List<ControlAgreement> controls = ControlAgreements.of(results, types, steps(results, environment));
        return new RunSummary(
                environment,
                results,
                datasets,
                BonnieSummarizer.tables(results, environment),
                capacity(results),
                skipped(results),
                failed(results),
                warnings,
                source == null || source.section() == null
                        ? null
                        : Verdicts.judge(
                                source.section(), source.from(), source.sha256(), results, environment, controls),
                controls,
                AgingPenalties.of(results, agings, steps(results, environment)),
                FigureSummarizer.tables(results, environment),
                results.size() == 0 && timeline.isEmpty()
                        ? TimeSpent.NONE
                        : TimeAccounts.of(results.stepTimes(), environment, timeline));
    }

    private static List<String> steps(ResultSet results, RunEnvironment environment) {
        return Columns.order(
                environment.campaign().steps(),
                results.series().stream().map(s -> s.key().step()).toList());
    }

    private static List<DatasetSummary> datasets(ResultSet results, RunEnvironment environment) {
        RunCampaign campaign = environment.campaign();
        Map<String, List<Series>> byDataset = new LinkedHashMap<>();
        List<String> steps = new ArrayList<>();
        for (Series s : results.series()) {
            byDataset
                    .computeIfAbsent(Columns.dataset(s.key().cell()), k -> new ArrayList<>())
                    .add(s);
            steps.add(s.key().step());
        }
        List<String> stepOrder = Columns.order(campaign.steps(), steps);
        List<DatasetSummary> out = new ArrayList<>();
        for (String dataset : Columns.order(campaign.datasets().keySet(), byDataset.keySet())) {
            out.add(DatasetSummarizer.summarize(
                    dataset,
                    campaign.datasets().get(dataset),
                    stepOrder,
                    campaign.filesystems(),
                    results,
                    byDataset.get(dataset),
                    m -> sizeAt(environment, m, dataset)));
        }
        return out;
    }

    // "--scale 0.05: 500 files, 8 MiB": the scale of row m's cell and dataset's size there
    private static String sizeAt(RunEnvironment env, Measurement m, String dataset) {
        double scale = env.settings() == null
                ? (m.scale() == null ? 1 : m.scale())
                : env.settings().scaleOf(m);
        RunCampaign.DatasetInfo d = env.datasetsOf(m).get(dataset);
        // host rows at a scale other than the host's: the guests' controls at the guests' scale
        boolean controls = env.settings() != null
                && Places.of(m).equals(Places.HOST)
                && scale != env.settings().scales().host();
        return "--scale " + org.fsflow.scenario.Scales.plain(scale)
                + (controls ? " (the guests' scale, for their control cells)" : "")
                + (d == null
                        ? ""
                        : ": " + String.format(java.util.Locale.ROOT, "%,d", d.files()) + " files, "
                                + Numbers.bytes((double) d.bytes()));
    }

    private static List<CapacityRow> capacity(ResultSet results) {
        Map<String, List<Series>> byColumn = new LinkedHashMap<>();
        for (Series s : results.series()) {
            if (s.withKey("device_bytes") > 0) {
                byColumn.computeIfAbsent(Columns.label(s.key().cell()), k -> new ArrayList<>())
                        .add(s);
            }
        }
        List<CapacityRow> out = new ArrayList<>();
        byColumn.forEach((column, list) -> out.add(new CapacityRow(
                column,
                list.stream().mapToInt(s -> s.withKey("device_bytes")).sum(),
                mean(list, "device_bytes"),
                mean(list, "filesystem_bytes"),
                mean(list, "available_bytes"),
                mean(list, "usable_pct"),
                mean(list, "inodes"))));
        return out;
    }

    private static double mean(List<Series> list, String key) {
        Moments all = new Moments();
        list.forEach(s -> all.addAll(s.moments(key)));
        return all.mean();
    }

    private record SkipKey(Cell cell, String reason) {}

    private static List<SkippedCell> skipped(ResultSet results) {
        Map<SkipKey, Integer> counts = new LinkedHashMap<>();
        for (Measurement r : results.uncounted()) {
            if (r.status() == Status.SKIPPED) {
                counts.merge(new SkipKey(ResultSet.cellOf(r), r.reason()), 1, Integer::sum);
            }
        }
        List<SkippedCell> out = new ArrayList<>();
        counts.forEach((key, n) -> out.add(new SkippedCell(key.cell(), key.reason(), n)));
        return out;
    }

    private static List<Measurement> failed(ResultSet results) {
        return results.uncounted().stream().filter(r -> r.status().failure()).toList();
    }
}
