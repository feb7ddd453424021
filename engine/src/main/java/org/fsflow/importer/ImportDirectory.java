package org.fsflow.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.parse.OutputParser;
import org.fsflow.result.Journal;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
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
            Map<String, Object> env = new LinkedHashMap<>();
            List<String> names =
                    files.stream().map(f -> f.getFileName().toString()).toList();
            env.put("scenario", labels.getOrDefault("name", "import"));
            env.put("imported_from", kind + ": " + String.join(", ", names));
            Map<String, Object> campaign = new LinkedHashMap<>();
            campaign.put("title", labels.getOrDefault("title", "Imported " + kind + " results"));
            campaign.put("source", labels.getOrDefault("source", String.join(", ", names)));
            campaign.put(
                    "description",
                    labels.getOrDefault(
                            "description",
                            "Results published by others, imported by "
                                    + "fsflow without change; the conditions are those of the source, not of this machine."));
            campaign.put("steps", steps.get());
            campaign.put("filesystems", filesystems.get());
            env.put("campaign", campaign);
            env.put("labels", labels);
            AtomicFile.write(
                    out.resolve("environment.json"),
                    Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(env));
            return count[0];
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out, e);
        }
    }
}
