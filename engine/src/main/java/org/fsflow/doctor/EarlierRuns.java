package org.fsflow.doctor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.fsflow.result.Journal;
import org.fsflow.result.RunSettings;
import org.fsflow.scenario.Scales;

/** The earlier runs of a scenario that doctor learns from: output directories under reports/. */
final class EarlierRuns {

    private EarlierRuns() {}

    /**
     * The latest output directory of {@code name} under {@code reports} ({@code NAME} or
     * {@code NAME-N}) that holds results, preferring one run at the same scales (per place).
     */
    static Optional<Path> latest(Path reports, String name, Scales scale) {
        if (!Files.isDirectory(reports)) {
            return Optional.empty();
        }
        List<Path> runs;
        try (Stream<Path> dirs = Files.list(reports)) {
            runs = dirs.filter(d -> d.getFileName().toString().matches("\\Q" + name + "\\E(-\\d+)?"))
                    .filter(d -> hasResults(d.resolve(Journal.FILE)))
                    .sorted(Comparator.comparing(EarlierRuns::modified).reversed())
                    .toList();
        } catch (IOException e) {
            return Optional.empty();
        }
        return runs.stream()
                .filter(d -> scalesOf(d).equals(scale))
                .findFirst()
                .or(() -> runs.stream().findFirst());
    }

    private static boolean hasResults(Path journal) {
        try {
            return Files.size(journal) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static long modified(Path dir) {
        try {
            return Files.getLastModifiedTime(dir.resolve(Journal.FILE)).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    static Scales scalesOf(Path run) {
        try {
            RunSettings settings = RunSettings.readIfAny(run);
            return settings == null ? Scales.FULL : settings.scales();
        } catch (RuntimeException e) {
            return Scales.FULL; // a damaged run.json: any earlier run will do
        }
    }
}
