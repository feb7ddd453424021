package org.fsflow.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.compare.Confounders.Difference;
import org.fsflow.result.Journal;
import org.fsflow.result.Json;

/**
 * {@code fsflow merge}: several runs (hosts, days, kernels) into one results set, the field that
 * tells them apart becoming a new axis of every cell, so that the ordinary report shows them side
 * by side (its columns are a cell's coordinates other than the dataset: {@code 6.12/ext4}).
 *
 * <p>The contract is kept, and each row otherwise byte for byte: a merged line is its original
 * line with exactly two insertions, the axis value as the first segment of {@code node} (node ids
 * stay unique in one journal) and the axis as the first coordinate of {@code cell} (the contract
 * says a cell holds every coordinate; the merge adds one). No number is re-serialized. The
 * originals are also copied, untouched, to {@code runs/VALUE/}, and {@code environment.json} is
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
            StringBuilder merged = new StringBuilder();
            for (int i = 0; i < runs.size(); i++) {
                Run r = runs.get(i);
                Path journal = r.dir().resolve(Journal.FILE);
                for (String line : Files.readAllLines(journal, StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        merged.append(withAxis(line, chosen, values.get(i))).append('\n');
                    }
                }
                Path copy = out.resolve("runs").resolve(safe(values.get(i)));
                Files.createDirectories(copy);
                Files.copy(journal, copy.resolve(Journal.FILE));
                if (Files.exists(r.dir().resolve("environment.json"))) {
                    Files.copy(r.dir().resolve("environment.json"), copy.resolve("environment.json"));
                }
            }
            Files.writeString(out.resolve(Journal.FILE), merged, StandardCharsets.UTF_8);
            Json.MAPPER
                    .writerWithDefaultPrettyPrinter()
                    .writeValue(out.resolve("environment.json").toFile(), environment(runs, chosen, values));
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

    /**
     * {@code line} with {@code value/} in front of its node id and {@code axis: value} first in its
     * cell; everything else byte for byte. fsflow writes {@code node} first and {@code cell} as an
     * object, so both places are found textually, and the result is checked by parsing both.
     */
    static String withAxis(String line, String axis, String value) throws IOException {
        JsonNode original = Json.MAPPER.readTree(line);
        if (original.path("cell").has(axis)) {
            throw new IllegalArgumentException("the cells already have an axis '" + axis + "': choose another --axis");
        }
        String prefix = "{\"node\":\"";
        int cell = line.indexOf("\"cell\":{");
        if (!line.startsWith(prefix) || cell < 0) {
            throw new IllegalArgumentException("a results line without node first or without a cell: " + line);
        }
        String quotedAxis = Json.MAPPER.writeValueAsString(axis);
        String quotedValue = Json.MAPPER.writeValueAsString(value);
        String node = Json.MAPPER.writeValueAsString(value + "/");
        int open = cell + "\"cell\":{".length();
        boolean empty = line.charAt(open) == '}';
        String merged = prefix + node.substring(1, node.length() - 1) + line.substring(prefix.length(), open)
                + quotedAxis + ":" + quotedValue + (empty ? "" : ",") + line.substring(open);
        ObjectNode check = (ObjectNode) Json.MAPPER.readTree(merged);
        ObjectNode expected = original.deepCopy();
        expected.put("node", value + "/" + original.path("node").asText());
        ObjectNode cellCopy = Json.MAPPER.createObjectNode().put(axis, value);
        cellCopy.setAll((ObjectNode) original.path("cell"));
        expected.set("cell", cellCopy);
        if (!check.equals(expected)) {
            throw new IllegalStateException("merging changed more than the node and the cell of: " + line);
        }
        return merged;
    }

    private static ObjectNode environment(List<Run> runs, String axis, List<String> values) {
        ObjectNode env = runs.get(0).environment().isObject()
                ? ((ObjectNode) runs.get(0).environment()).deepCopy()
                : Json.MAPPER.createObjectNode();
        ObjectNode campaign = env.has("campaign") ? (ObjectNode) env.get("campaign") : env.putObject("campaign");
        for (String list : List.of("steps", "filesystems")) {
            Set<String> union = new LinkedHashSet<>();
            runs.forEach(r -> r.environment().path("campaign").path(list).forEach(v -> union.add(v.asText())));
            ArrayNode a = campaign.putArray(list);
            union.forEach(a::add);
        }
        ObjectNode merge = env.putObject("merge");
        merge.put("axis", axis);
        ArrayNode list = merge.putArray("runs");
        for (int i = 0; i < runs.size(); i++) {
            ObjectNode r = list.addObject();
            r.put(axis, values.get(i));
            r.put("dir", runs.get(i).dir().toString());
            r.put("copy", "runs/" + safe(values.get(i)));
        }
        List<Difference> others =
                Confounders.diff(runs, axis).stream().filter(d -> !d.axis()).toList();
        ArrayNode confounders = merge.putArray("confounders");
        others.forEach(d -> confounders.add(d.fact()));
        return env;
    }

    private static String safe(String value) {
        return value.replaceAll("[^A-Za-z0-9._+-]+", "_");
    }
}
