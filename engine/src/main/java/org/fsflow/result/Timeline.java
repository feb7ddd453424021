package org.fsflow.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The unmeasured phases of a run as its {@code timeline.jsonl} recorded them ({@link TimelineRow},
 * appended and forced to disk by the {@link Journal} writer as each phase ends). A run directory
 * without the file predates it: its phases were not recorded.
 */
public final class Timeline {

    /** The file name inside a run directory. */
    public static final String FILE = "timeline.jsonl";

    private Timeline() {}

    /**
     * The rows of {@code dir}'s timeline, or empty when it has none; a line that is not a row
     * (a torn last line, a damaged one) is left out, and so counted in {@link Rows#unreadable}.
     */
    public static Optional<Rows> read(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        List<TimelineRow> rows = new ArrayList<>();
        int unreadable = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                TimelineRow row = row(line);
                if (row == null) {
                    unreadable++;
                } else {
                    rows.add(row);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return Optional.of(new Rows(List.copyOf(rows), unreadable));
    }

    private static TimelineRow row(String line) {
        try {
            TimelineRow r = Json.MAPPER.readValue(line, TimelineRow.class);
            return r == null || Phase.of(r.phase()) == null || r.seconds() < 0 ? null : r;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** A timeline's readable rows, in file order, and how many lines were not. */
    public record Rows(List<TimelineRow> rows, int unreadable) {}
}
