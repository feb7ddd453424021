package org.fsflow.history;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.fsflow.compare.Run;
import org.fsflow.result.JournalException;
import org.fsflow.result.Measurement;
import org.fsflow.result.RunProvenance;
import org.fsflow.result.RunSettings;

/**
 * One run as a history reads it: its results (a {@link Run}) and the facts that order it and
 * tell which runs can share a series, from {@code run.json} and {@code environment.json}.
 *
 * @param run       the results and environment
 * @param name      how the report names it (the directory's name, its path when two share a name)
 * @param startedAt when it started: run.json's {@code started_at}, else its earliest measurement's
 * @param commit    run.json's {@code provenance.commit}, null when not recorded
 * @param dirty     run.json's {@code provenance.dirty}, null when not recorded
 * @param labels    run.json's {@code labels} ({@code fsflow run --label K=V})
 * @param scenario  the scenario's name
 * @param settings  what must be equal for two runs to share a series: scale, seed and the
 *                  repetitions' settings ({@code import} for an import, which records none)
 */
public record HistoryRun(
        Run run,
        String name,
        String startedAt,
        String commit,
        Boolean dirty,
        Map<String, String> labels,
        String scenario,
        String settings) {

    /** The runs' group: one scenario at one set of settings. */
    public String group() {
        return scenario + " (" + settings + ")";
    }

    /** The machine's kernel release ({@code environment.json}), null when not recorded. */
    public String hostKernel() {
        String kernel = run.environment().kernel();
        return kernel == null || kernel.isEmpty() ? null : kernel;
    }

    /** The load average over a minute when the run started ({@code environment.json}), null when not recorded. */
    public Double load() {
        return run.environment().loadAverage().get("load_1m");
    }

    /**
     * Reads {@code dir}; a directory that is not the output of a run or an import is an
     * {@link IllegalArgumentException} saying so.
     */
    public static HistoryRun load(Path dir, String name) {
        Run run = Run.load(dir);
        RunSettings settings;
        try {
            settings = RunSettings.readIfAny(dir);
        } catch (JournalException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        RunProvenance provenance = settings == null ? null : settings.provenance();
        String scenario = run.environment().scenario();
        return new HistoryRun(
                run,
                name,
                started(settings, run),
                provenance == null ? null : provenance.commit(),
                provenance == null ? null : provenance.dirty(),
                settings == null ? Map.of() : settings.labels(),
                scenario == null || scenario.isEmpty() ? "(no scenario name)" : scenario,
                settings(settings));
    }

    private static String settings(RunSettings s) {
        if (s == null) {
            return "import";
        }
        String repeat = s.repeatMin() == s.repeatMax()
                ? s.repeatMin() + " repetitions"
                : s.repeatMin() + "-" + s.repeatMax() + " repetitions";
        return String.format(Locale.ROOT, "scale %s, seed %d, %s, %d warm-up", scales(s), s.seed(), repeat, s.warmup());
    }

    // "1", or "1, guest 0.05" for a run whose places had their own scales (a group of its own)
    private static String scales(RunSettings s) {
        StringBuilder b = new StringBuilder(stripZero(s.scale()));
        s.placeScales()
                .forEach((place, f) -> b.append(", ").append(place).append(' ').append(stripZero(f)));
        return b.toString();
    }

    private static String started(RunSettings settings, Run run) {
        String recorded = settings == null ? null : settings.startedAt();
        if (recorded != null && !recorded.isEmpty()) {
            return recorded;
        }
        return run.rows().stream()
                .map(Measurement::startedAt)
                .filter(s -> s != null && !s.isEmpty())
                .min(String::compareTo)
                .orElse(null);
    }

    private static String stripZero(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
