package org.fsflow.safety;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What an output directory holds, told by the files that only that kind of output writes: the one
 * table every command that writes a directory consults before it writes ({@link StagingWriter}).
 * The names are those of the writers ({@code Journal.FILE}, {@code ComparisonWriter.CSV},
 * {@code HistoryWriter.JSON}); a test keeps them equal.
 */
public enum OutputKind {
    /** A run's, an import's or a merge's directory: its results and what they were measured under. */
    RUN("a run's results", List.of("results.jsonl", "environment.json", "run.json")),
    /** What {@code fsflow compare} wrote. */
    COMPARISON("a comparison", List.of("comparison.csv", "comparison.bmf.json", "comparison.gab.json")),
    /** What {@code fsflow history} wrote. */
    HISTORY("a history", List.of("history.json"));

    /** The files of a report, whichever kind it reports on. */
    public static final List<String> REPORT = List.of("report.html", "report.md", "results.csv", "verdicts.json");

    private final String description;
    private final List<String> files;

    OutputKind(String description, List<String> files) {
        this.description = description;
        this.files = files;
    }

    /** What it is, in words: "a comparison". */
    public String description() {
        return description;
    }

    /** The files that mark a directory as this kind's; the first is the one written last. */
    public List<String> files() {
        return files;
    }

    /** The first file of this kind's that {@code dir} holds (a link counts too), if any. */
    public Optional<Path> in(Path dir) {
        return first(dir, files);
    }

    /** The first of {@code names} that {@code dir} holds, as a file, directory or link. */
    static Optional<Path> first(Path dir, List<String> names) {
        return names.stream()
                .map(dir::resolve)
                .filter(p -> Files.exists(p, LinkOption.NOFOLLOW_LINKS))
                .findFirst();
    }
}
