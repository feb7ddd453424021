package org.fsflow.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.fsflow.compare.Confounders.Difference;
import org.fsflow.result.EnvironmentFile;
import org.fsflow.result.Journal;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Splice;
import org.fsflow.safety.AtomicFile;

/**
 * {@code fsflow merge}: several runs (hosts, days, kernels) into one results set, the field that
 * tells them apart becoming a new axis of every cell, so that the ordinary report shows them side
 * by side (its columns are a cell's coordinates other than the dataset: {@code 6.12/ext4}).
 *
 * <p>The contract is kept, and each row otherwise byte for byte ({@link Splice}, shared with
 * {@code run --hosts}): a merged line is its original line with the axis value as the first
 * segment of {@code node} and the axis as the first coordinate of {@code cell} (the contract says a
 * cell holds every coordinate; the merge adds one), and a row without its own {@code scale} gets
 * its run's, so that the report never ranks cells of runs at different scales together. Every file is replaced atomically, the journal
 * last. The originals are also copied, untouched, to {@code runs/VALUE/}, and {@code environment.json} is
 * the first run's with the union of the campaigns' steps and filesystems and a {@code merge}
 * object naming each run.
 */
public final class Merger {

    /** The axes tried, in order, when none is given: the first whose values tell every run apart. */
    static final List<String> AUTOMATIC = List.of("kernel", "host", "run");

    private Merger() {}

    /** Merges {@code runs} into {@code out} along {@code axis} (null: automatic); returns the axis used. */
    public static String merge(List<Run> runs, Path out, String axis) {
        String chosen = axis != null
                ? axis
                : AUTOMATIC.stream()
                        .filter(a -> distinct(values(runs, a)))
                        .findFirst()
                        .orElse("run");
        List<String> values = values(runs, chosen);
        if (!distinct(values)) {
            throw new IllegalArgumentException("the runs do not differ by '" + chosen + "' ("
                    + String.join(", ", values) + "): choose another --axis, or 'run' to tell them apart by directory");
        }
        try {
            Files.createDirectories(out);
            if (Files.exists(out.resolve(Journal.FILE))) {
                throw new IllegalArgumentException(out + " already holds results: choose another --out");
            }
            List<Path> journals =
                    runs.stream().map(r -> r.dir().resolve(Journal.FILE)).toList();
            // rows written before they recorded their scale take their run's (a run of that time had one),
            // when the runs' scales differ: otherwise nothing tells them apart and rows stay as they were
            List<Double> scales = runs.stream()
                    .map(r -> r.environment().settings() == null
                            ? null
                            : r.environment().settings().recordedScale())
                    .toList();
            if (new HashSet<>(scales).size() <= 1) {
                scales = java.util.Collections.nCopies(runs.size(), null);
            }
            String merged = Splice.journals(journals, values, chosen, scales);
            for (int i = 0; i < runs.size(); i++) {
                Path copy = out.resolve("runs").resolve(safe(values.get(i)));
                Files.createDirectories(copy);
                for (String file : List.of(Journal.FILE, RunEnvironment.FILE)) {
                    Path from = runs.get(i).dir().resolve(file);
                    if (Files.exists(from)) {
                        AtomicFile.write(copy.resolve(file), Files.readAllBytes(from));
                    }
                }
            }
            AtomicFile.write(out.resolve(RunEnvironment.FILE), environment(runs, chosen, values));
            // the journal last: its presence marks a finished merge (a rerun refuses to overwrite it)
            AtomicFile.writeString(out.resolve(Journal.FILE), merged);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out, e);
        }
        return chosen;
    }

    /** Each run's value of {@code axis}: {@code run} is the label, otherwise the condition of that name. */
    static List<String> values(List<Run> runs, String axis) {
        if (axis.equals("run")) {
            return runs.stream().map(Run::label).toList();
        }
        List<String> out = new ArrayList<>();
        for (Run r : runs) {
            Map<String, String> facts = Facts.of(r);
            String v = facts.get(axis);
            if (v == null) {
                v = facts.entrySet().stream()
                        .filter(e -> Confounders.onAxis(e.getKey(), axis))
                        .map(Map.Entry::getValue)
                        .findFirst()
                        .orElse(Confounders.ABSENT);
            }
            out.add(v);
        }
        return out;
    }

    private static boolean distinct(List<String> values) {
        return new HashSet<>(values).size() == values.size() && !values.contains(Confounders.ABSENT);
    }

    private static byte[] environment(List<Run> runs, String axis, List<String> values) {
        List<String> others = Confounders.diff(runs, axis).stream()
                .filter(d -> !d.axis())
                .map(Difference::fact)
                .toList();
        return EnvironmentFile.merged(
                runs.stream().map(Run::dir).toList(),
                axis,
                values,
                values.stream().map(v -> "runs/" + safe(v)).toList(),
                others);
    }

    private static String safe(String value) {
        return value.replaceAll("[^A-Za-z0-9._+-]+", "_");
    }
}
