package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.fsflow.safety.AtomicFile;

/**
 * {@code end.json}: what a run's journal held when the run ended, written by {@code run} and
 * {@code resume} once the last step is recorded (an interrupted run writes none). A journal that
 * holds fewer rows afterwards was cut or thinned after the run, which a crash cannot do: the report
 * says so, where a torn last line alone would pass for a crash's.
 *
 * @param measurements the rows of results.jsonl, readable or not, when the run ended
 * @param endedAt      when, ISO-8601
 */
public record RunEnd(
        long measurements, @JsonProperty("ended_at") String endedAt) {

    /** The file's name in a run directory. */
    public static final String FILE = "end.json";

    /** Records, in {@code dir}, the rows its results.jsonl holds now. */
    public static void write(Path dir) {
        List<JournalReader.Unreadable> unreadable = new java.util.ArrayList<>();
        long rows = JournalReader.scan(dir.resolve(Journal.FILE), (m, offset) -> {}, unreadable) + unreadable.size();
        try {
            AtomicFile.writeString(
                    dir.resolve(FILE),
                    Json.MAPPER
                                    .writerWithDefaultPrettyPrinter()
                                    .writeValueAsString(
                                            new RunEnd(rows, Instant.now().toString()))
                            + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(FILE), e);
        }
    }

    /** The end record of {@code dir}, empty when the run wrote none (interrupted, older, an import). */
    public static Optional<RunEnd> read(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE))
                ? Optional.of(JsonFile.read(dir.resolve(FILE), RunEnd.class))
                : Optional.empty();
    }

    /**
     * The warning when {@code read} rows (readable or not) are fewer than this record's; empty
     * otherwise.
     */
    public List<String> warning(long read) {
        if (read >= measurements) {
            return List.of();
        }
        return List.of("results.jsonl holds " + read + " of the " + measurements + " rows it held when the run ended ("
                + FILE + ", " + endedAt + "): it was cut or lines were removed after the run, and this report shows"
                + " only those " + read + ". Restore results.jsonl from the run's own copy and render it again.");
    }
}
