package org.fsflow.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.parse.OutputParser;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.RunCampaign;
import org.fsflow.result.RunEnvironment;
import org.fsflow.safety.AtomicFile;

/**
 * The directory an import writes: its rows into results.jsonl in batches as they come (an import of
 * a million values holds a batch, not the million), then its environment.json, which says where they
 * come from.
 */
final class ImportDirectory {

    private ImportDirectory() {}

    private static final int IMPORT_BATCH = 4096;

    /** The rows of an import, handed one by one to a sink. */
    interface Rows {
        void each(java.util.function.Consumer<Measurement> sink) throws OutputParser.Unparseable;
    }

    static void write(
            Path out,
            List<Measurement> rows,
            Map<String, String> labels,
            List<Path> files,
            String kind,
            List<String> steps,
            List<String> filesystems)
            throws OutputParser.Unparseable {
        write(out, rows::forEach, labels, files, kind, () -> steps, () -> filesystems);
    }

    private static final String DESCRIPTION = "Results published by others, imported by fsflow without change; "
            + "the conditions are those of the source, not of this machine.";

    // the rows into out's journal, in batches as they come, then environment.json; the number of rows
    static int write(
            Path out,
            Rows rows,
            Map<String, String> labels,
            List<Path> files,
            String kind,
            java.util.function.Supplier<List<String>> steps,
            java.util.function.Supplier<List<String>> filesystems)
            throws OutputParser.Unparseable {
        try {
            Files.createDirectories(out);
            Path journal = out.resolve(Journal.FILE);
            if (Files.exists(journal) && Files.size(journal) > 0) {
                throw new IllegalArgumentException(out + " already holds results: choose another --out");
            }
            int[] count = {0};
            try (Journal j = Journal.open(journal)) {
                // forced per batch, not per row: the directory is renamed into place at the end
                List<Measurement> batch = new ArrayList<>(IMPORT_BATCH);
                rows.each(m -> {
                    batch.add(m);
                    count[0]++;
                    if (batch.size() == IMPORT_BATCH) {
                        j.appendAll(batch);
                        batch.clear();
                    }
                });
                j.appendAll(batch);
            }
            List<String> names =
                    files.stream().map(f -> f.getFileName().toString()).toList();
            RunCampaign campaign = new RunCampaign(
                    labels.getOrDefault("title", "Imported " + kind + " results"),
                    labels.getOrDefault("source", String.join(", ", names)),
                    labels.getOrDefault("description", DESCRIPTION),
                    steps.get(),
                    null,
                    filesystems.get(),
                    null,
                    null,
                    null,
                    null,
                    null);
            RunEnvironment env = RunEnvironment.imported(
                    labels.getOrDefault("name", "import"), kind + ": " + String.join(", ", names), campaign, labels);
            AtomicFile.write(out.resolve(RunEnvironment.FILE), env.bytes());
            return count[0];
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out, e);
        }
    }
}
