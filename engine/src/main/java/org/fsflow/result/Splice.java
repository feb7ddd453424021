package org.fsflow.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Several journals as one, a new axis telling them apart: the one results splice of {@code fsflow
 * merge} (runs of several days, kernels or hosts) and of {@code run --hosts} (the hosts' fetched
 * results). A spliced line is its original line with exactly two insertions, the axis value as the
 * first segment of {@code node} (node ids stay unique in one journal) and the axis as the first
 * coordinate of {@code cell}; no number is re-serialized, and every line is parsed back to check
 * that nothing else changed. A merge also gives a row without its own {@code scale} (written before
 * rows recorded it) its run's {@code --scale}, so that rows of runs at different scales stay apart.
 */
public final class Splice {

    private static final String NODE = "{\"node\":\"";
    private static final String CELL = "\"cell\":{";

    private Splice() {}

    /**
     * The lines of {@code journals.get(i)} with {@code axis: values.get(i)}, in that order, blank
     * lines dropped; the text of the spliced journal.
     */
    public static String journals(List<Path> journals, List<String> values, String axis) {
        return journals(journals, values, axis, java.util.Collections.nCopies(journals.size(), null));
    }

    /** The same, a row without a {@code scale} taking {@code scales.get(i)} (none when that is null). */
    public static String journals(List<Path> journals, List<String> values, String axis, List<Double> scales) {
        StringBuilder merged = new StringBuilder();
        for (int i = 0; i < journals.size(); i++) {
            try {
                for (String line : Files.readAllLines(journals.get(i), StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        merged.append(withScale(withAxis(line, axis, values.get(i)), scales.get(i)))
                                .append('\n');
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + journals.get(i), e);
            }
        }
        return merged.toString();
    }

    /**
     * {@code line} with {@code value/} in front of its node id and {@code axis: value} first in its
     * cell; everything else byte for byte. fsflow writes {@code node} first and {@code cell} as an
     * object, so both places are found textually, and the result is checked by parsing both.
     *
     * @throws IllegalArgumentException when the cell has that axis already, or the line is not a
     *                                  results line fsflow wrote
     */
    public static String withAxis(String line, String axis, String value) {
        JsonNode original = parse(line);
        if (original.path("cell").has(axis)) {
            throw new IllegalArgumentException("the cells already have an axis '" + axis + "': choose another --axis");
        }
        int cell = line.indexOf(CELL);
        if (!line.startsWith(NODE) || cell < 0) {
            throw new IllegalArgumentException("a results line without node first or without a cell: " + line);
        }
        int open = cell + CELL.length();
        boolean empty = line.charAt(open) == '}';
        String node = quoted(value + "/");
        String merged = NODE + node.substring(1, node.length() - 1) + line.substring(NODE.length(), open) + quoted(axis)
                + ":" + quoted(value) + (empty ? "" : ",") + line.substring(open);
        ObjectNode expected = original.deepCopy();
        expected.put("node", value + "/" + original.path("node").asText());
        ObjectNode cellCopy = Json.MAPPER.createObjectNode().put(axis, value);
        cellCopy.setAll((ObjectNode) original.path("cell"));
        expected.set("cell", cellCopy);
        if (!parse(merged).equals(expected)) {
            throw new IllegalStateException("splicing changed more than the node and the cell of: " + line);
        }
        return merged;
    }

    /**
     * {@code line} with {@code "scale": scale} when it has no scale of its own (the field absent or
     * null, as the journal's last field); unchanged when it has one or {@code scale} is null.
     */
    public static String withScale(String line, Double scale) {
        JsonNode original = parse(line);
        if (scale == null
                || !original.path("scale").isMissingNode()
                        && !original.path("scale").isNull()) {
            return line;
        }
        String value = String.valueOf(scale);
        String merged = line.endsWith(",\"scale\":null}")
                ? line.substring(0, line.length() - "null}".length()) + value + "}"
                : line.substring(0, line.lastIndexOf('}')) + ",\"scale\":" + value + "}";
        ObjectNode expected = original.deepCopy();
        expected.put("scale", scale);
        if (!parse(merged).equals(expected)) {
            throw new IllegalStateException("giving a row its scale changed more than its scale: " + line);
        }
        return merged;
    }

    private static JsonNode parse(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a results line (" + e.getMessage() + "): " + line, e);
        }
    }

    private static String quoted(String text) {
        try {
            return Json.MAPPER.writeValueAsString(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
