package org.fsflow.summary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.scenario.Finding;
import org.fsflow.scenario.SourceSection;

/**
 * The source's own repetitions of a figure that is a mean over lines ({@code lines: [a, b],
 * column: c}): field c of each of those lines of the source document, read from the document
 * beside the findings' file, else from {@code scenarios/DOCUMENT} in a directory above it (a run
 * directory's copy of a scenario names the project's document). A field that is not a number
 * (bonnie++'s {@code +++++}) is left out.
 *
 * @param lines the document's lines, null when it was not found
 */
record SourceRuns(List<String> lines) {

    /** No document. */
    static final SourceRuns NONE = new SourceRuns(null);

    /** The document of {@code section}, its findings read from {@code from}; {@link #NONE} when not found. */
    static SourceRuns of(SourceSection section, String from) {
        if (section.document() == null || from == null || from.isEmpty()) {
            return NONE;
        }
        Path dir = Path.of(from).toAbsolutePath().getParent();
        List<Path> candidates = new ArrayList<>();
        if (dir != null) {
            candidates.add(dir.resolve(section.document()));
        }
        for (Path d = dir; d != null; d = d.getParent()) {
            candidates.add(d.resolve("scenarios").resolve(section.document()));
        }
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) {
                try {
                    return new SourceRuns(Files.readAllLines(p));
                } catch (IOException e) {
                    return NONE;
                }
            }
        }
        return NONE;
    }

    /** The values behind figure {@code at}, empty when it is no mean over lines or the document is not here. */
    double[] values(Finding.At at) {
        if (lines == null || at.column() == 0 || at.last() <= at.line() || at.last() > lines.size()) {
            return new double[0];
        }
        List<Double> out = new ArrayList<>();
        for (int i = at.line(); i <= at.last(); i++) {
            String[] fields = lines.get(i - 1).split(",", -1);
            if (at.column() <= fields.length) {
                try {
                    out.add(Double.parseDouble(fields[at.column() - 1].strip()));
                } catch (NumberFormatException e) {
                    // +++++ or an empty field: no value
                }
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
