package org.fsflow.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.safety.AtomicFile;

/**
 * {@code environment.json} as a file: its every leaf as a dotted fact (what comparisons diff,
 * including what later versions record), and the amendments made to it after the run wrote it (a
 * loop device's node, a resume, a merge of runs), each rewriting it whole and atomically. Read
 * typed, it is {@link RunEnvironment}; no other package walks its tree.
 */
public final class EnvironmentFile {

    private EnvironmentFile() {}

    /**
     * Every leaf of the environment of run directory {@code dir} by its dotted path ({@code
     * campaign.devices.target.direct_io}), in file order: a list as its JSON text, a JSON null as
     * null; empty when the run has none.
     */
    public static Map<String, String> leaves(Path dir) {
        return leaves(JsonFile.tree(dir.resolve(RunEnvironment.FILE)));
    }

    /** Every leaf of {@code tree}, as {@link #leaves(Path)}. */
    public static Map<String, String> leaves(JsonNode tree) {
        Map<String, String> out = new LinkedHashMap<>();
        flatten("", tree, out);
        return out;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out);
            }
        } else if (node.isArray()) {
            out.put(prefix, node.toString());
        } else if (!node.isMissingNode()) {
            out.put(prefix, node.isNull() ? null : node.asText());
        }
    }

    /** Records the loop node a device of the run in {@code out} got, and whether it does direct I/O. */
    public static void recordLoop(Path out, String device, String node, boolean directIo, String note) {
        amend(out, "cannot record loop device '" + device + "'", env -> {
            ObjectNode d = env.with("campaign").with("devices").with(device);
            d.put("node", node);
            d.put("direct_io", directIo);
            if (note != null) {
                d.put("direct_io_note", note);
            }
        });
    }

    /**
     * Appends {@code resume} to the run's resumes; with more rounds asked for ({@code resume --set}),
     * {@code settings} replace the settings the report reads.
     */
    public static void addResume(Path out, RunEnvironment.Resume resume, RunSettings settings) {
        amend(out, "cannot record the resume", env -> {
            JsonNode list = env.get("resumes");
            ObjectNode r = (list instanceof ArrayNode a ? a : env.putArray("resumes")).addObject();
            r.put("at", resume.at());
            r.put("after_rows", resume.afterRows());
            r.put("last_node", resume.lastNode());
            r.put("kernel", resume.kernel());
            r.put("commit", resume.commit());
            if (!resume.sets().isEmpty()) {
                resume.sets().forEach(r.putArray("sets")::add);
                env.set("settings", Json.MAPPER.valueToTree(settings));
            }
        });
    }

    /**
     * The environment of a merge of the runs in {@code dirs}: the first run's, with the steps and
     * filesystems of all of them, and a {@code merge} section naming the axis, each run's value of
     * it, its directory and its copy, and the conditions other than the axis that differ.
     */
    public static byte[] merged(
            List<Path> dirs, String axis, List<String> values, List<String> copies, List<String> confounders) {
        JsonNode first = JsonFile.tree(dirs.get(0).resolve(RunEnvironment.FILE));
        ObjectNode env = first.isObject() ? ((ObjectNode) first).deepCopy() : Json.MAPPER.createObjectNode();
        ObjectNode campaign = env.has("campaign") ? (ObjectNode) env.get("campaign") : env.putObject("campaign");
        List<JsonNode> all = dirs.stream()
                .map(d -> JsonFile.tree(d.resolve(RunEnvironment.FILE)))
                .toList();
        for (String list : List.of("steps", "filesystems")) {
            Set<String> union = new LinkedHashSet<>();
            all.forEach(e -> e.path("campaign").path(list).forEach(v -> union.add(v.asText())));
            ArrayNode a = campaign.putArray(list);
            union.forEach(a::add);
        }
        ObjectNode merge = env.putObject("merge");
        merge.put("axis", axis);
        ArrayNode runs = merge.putArray("runs");
        for (int i = 0; i < dirs.size(); i++) {
            ObjectNode r = runs.addObject();
            r.put(axis, values.get(i));
            r.put("dir", dirs.get(i).toString());
            r.put("copy", copies.get(i));
        }
        confounders.forEach(merge.putArray("confounders")::add);
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(env);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the environment of a merge", e);
        }
    }

    // reads the run's environment.json, changes it, writes it back whole; a damaged file is left as it is
    private static void amend(Path out, String what, java.util.function.Consumer<ObjectNode> change) {
        Path file = out.resolve(RunEnvironment.FILE);
        try {
            if (!Files.isRegularFile(file) || !(Json.MAPPER.readTree(file.toFile()) instanceof ObjectNode env)) {
                return; // the run checked it exists; a damaged one is the report's to say
            }
            change.accept(env);
            AtomicFile.write(file, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(env));
        } catch (IOException e) {
            throw new UncheckedIOException(what + " in " + file, e);
        }
    }
}
