package org.fsflow.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.result.EnvironmentFile;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.ScenarioCopy;

/**
 * One stored run (or import) as a comparison reads it: its measurements, its
 * {@code environment.json} (typed, and as the leaves a comparison diffs) and the effective
 * {@code params} of its scenario.
 *
 * @param label       how reports name it: the directory's name
 * @param dir         the output directory
 * @param results     its {@code results.jsonl}, keyed by cell and step
 * @param environment {@code environment.json}, empty when absent
 * @param leaves      every leaf of {@code environment.json} by its dotted path (null for a JSON null)
 * @param params      the scenario's params after {@code --set}, empty for imports
 */
public record Run(
        String label,
        Path dir,
        ResultSet results,
        RunEnvironment environment,
        Map<String, String> leaves,
        Map<String, String> params) {

    /** Every measurement, in journal order. */
    public List<Measurement> rows() {
        return results.measurements();
    }

    /** Reads {@code dir}; a directory without results is a {@link IllegalArgumentException} naming it. */
    public static Run load(Path dir) {
        Path journal = dir.resolve(Journal.FILE);
        if (!Files.isRegularFile(journal)) {
            throw new IllegalArgumentException(
                    Files.exists(journal)
                            ? org.fsflow.safety.InputFiles.problem(journal) + ": a run's results are a file"
                            : dir + " has no " + Journal.FILE + ": give the output directory of a run or an import");
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        RunEnvironment environment = RunEnvironment.read(dir);
        return new Run(
                name == null ? dir.toString() : name.toString(),
                dir,
                ResultSet.load(dir),
                environment,
                EnvironmentFile.leaves(dir),
                ScenarioCopy.params(dir));
    }

    /** This run under another label (two directories of the same name). */
    public Run labelled(String other) {
        return new Run(other, dir, results, environment, leaves, params);
    }
}
