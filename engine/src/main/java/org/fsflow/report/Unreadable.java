package org.fsflow.report;

import java.util.List;
import java.util.stream.Collectors;
import org.fsflow.result.JournalReader;

/**
 * The warning a report carries when lines of its results.jsonl could not be read (a line cut in
 * the middle, NaN, a field that is not a number, a row without its step): how many, which lines
 * and why, so that no row is dropped without a word. A torn last line, a crash during a write,
 * is not one of them.
 */
public final class Unreadable {

    /** The lines named one by one; the rest are counted. */
    static final int NAMED = 20;
    /** The reasons quoted, the first lines'. */
    static final int REASONS = 3;

    private Unreadable() {}

    /** The warning about {@code lines}, none when it is empty. */
    public static List<String> warning(List<JournalReader.Unreadable> lines) {
        if (lines.isEmpty()) {
            return List.of();
        }
        int n = lines.size();
        String named =
                lines.stream().limit(NAMED).map(u -> Long.toString(u.line())).collect(Collectors.joining(", "));
        String reasons = lines.stream()
                .limit(REASONS)
                .map(u -> "line " + u.line() + ": " + u.reason())
                .collect(Collectors.joining("; "));
        return List.of(n + (n == 1 ? " row" : " rows") + " of results.jsonl could not be read: line"
                + (n == 1 ? " " : "s ") + named + (n > NAMED ? " and " + (n - NAMED) + " more" : "") + " (" + reasons
                + "). The report leaves them out; repair or remove those lines and render it again.");
    }
}
