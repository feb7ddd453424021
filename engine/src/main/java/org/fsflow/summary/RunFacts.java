package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RowFacts;
import org.fsflow.result.RunCampaign;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;

/**
 * What a run did, read from its own records (environment.json and every result row), never from
 * the scenario's prose: the data as generated after {@code --scale}, the memory budgets the steps
 * ran under, the repetitions, the places and the options that reached each tool.
 *
 * @param scale       the default {@code --scale} factor (1: not shrunk)
 * @param scales      the {@code --scale} of each place
 * @param data        per dataset, as generated (at the host's scale)
 * @param dataAt      per other scale a place ran at ({@code "0.05"}), each dataset as generated there
 * @param budgets     the distinct memory budgets of the measured steps, in bytes, ascending
 * @param unbudgeted  how many measured steps ran without a budget
 * @param fewest      the fewest counted repetitions of a cell's step
 * @param most        the most
 * @param warmup      warm-up repetitions per cell, recorded and left out
 * @param places      where cells ran ({@code host kernel 6.18.4}, {@code guest kernel 6.1.0, TCG (emulated CPU)})
 * @param tools       tool name to the distinct options it ran with, each ending with the
 *                    {@code --scale}s it ran at when the run had several and it ran at some only
 */
public record RunFacts(
        double scale,
        org.fsflow.scenario.Scales scales,
        Map<String, RunCampaign.DatasetInfo> data,
        Map<String, Map<String, RunCampaign.DatasetInfo>> dataAt,
        List<Long> budgets,
        int unbudgeted,
        int fewest,
        int most,
        int warmup,
        List<String> places,
        Map<String, List<String>> tools) {

    /** The facts of {@code results}, run under {@code env}. */
    public static RunFacts of(ResultSet results, RunEnvironment env) {
        Set<Long> budgets = new TreeSet<>();
        int unbudgeted = 0;
        Set<String> places = new LinkedHashSet<>();
        Map<String, Long> commands = new java.util.HashMap<>(); // command -> its first row
        Map<String, Set<String>> scalesOf = new java.util.HashMap<>(); // command -> the scales it ran at
        Map<String, Integer> counted = new LinkedHashMap<>();
        for (Series s : results.series()) {
            RowFacts f = s.facts();
            f.commandsFirstSeen().forEach((c, id) -> commands.merge(c, id, Math::min));
            if (!s.isEmpty() && s.first().scale() != null) {
                String scale = org.fsflow.scenario.Scales.plain(s.first().scale());
                f.commandsFirstSeen()
                        .keySet()
                        .forEach(c -> scalesOf.computeIfAbsent(c, k -> new TreeSet<>())
                                .add(scale));
            }
            budgets.addAll(f.budgets());
            unbudgeted += f.unbudgeted();
            f.countedPlaces().forEach(m -> places.add(Places.label(m)));
            if (s.counted() > 0) {
                counted.merge(s.key().toString(), s.counted(), Integer::sum);
            }
        }
        // crash points ran in guests too (crash:), apart from the series
        results.crash().points().forEach(m -> places.add(Places.label(m)));
        List<String> ordered = new ArrayList<>(places);
        ordered.sort((a, b) -> Boolean.compare(!a.startsWith("host"), !b.startsWith("host")));
        int min = counted.values().stream().mapToInt(Integer::intValue).min().orElse(0);
        int max = counted.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        RunEnvironment.Settings s = env.settings();
        return new RunFacts(
                s == null ? 1.0 : s.scale(),
                s == null ? org.fsflow.scenario.Scales.FULL : s.scales(),
                env.campaign().datasets(),
                env.campaign().datasetsAt(),
                List.copyOf(budgets),
                unbudgeted,
                min,
                max,
                env.conditions() == null ? 0 : env.conditions().warmup(),
                ordered,
                ToolOptions.of(
                        commands.entrySet().stream()
                                .sorted(Map.Entry.comparingByValue())
                                .map(Map.Entry::getKey)
                                .collect(java.util.stream.Collectors.toCollection(ArrayList::new)),
                        scalesOf));
    }
}
