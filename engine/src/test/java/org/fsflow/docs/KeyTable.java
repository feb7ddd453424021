package org.fsflow.docs;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scenario language's key table, rendered from the JSON Schema: every key (nested keys as
 * {@code parent.key}, a map's entries as {@code <name>}, a list's items as {@code []}), its type,
 * its default and the schema's description, in the schema's order. docs/scenarios.md holds it.
 */
final class KeyTable {

    /** Defs whose keys are listed under the key that refers to them, not named as a type. */
    private static final Set<String> SECTIONS =
            Set.of("source", "finding", "device", "filesystem", "dataset", "step", "actionOptions", "lognormalSize");

    private static final int MAX_DEPTH = 8;
    private static final int GROUP = 4;

    private final JsonNode defs;
    private final Map<String, String[]> rows = new LinkedHashMap<>();

    private KeyTable(JsonNode schema) {
        this.defs = schema.path("$defs");
    }

    /** The Markdown table of every key of {@code schema}. */
    static String render(JsonNode schema) {
        KeyTable t = new KeyTable(schema);
        t.keys(schema, "", 0);
        StringBuilder out = new StringBuilder(t.types(schema));
        out.append("\n| key | type | default | description |\n|---|---|---|---|\n");
        for (Map.Entry<String, String[]> r : t.rows.entrySet()) {
            String[] v = r.getValue();
            out.append("| `")
                    .append(cell(r.getKey()))
                    .append("` | ")
                    .append(v[0])
                    .append(" | ");
            out.append(v[1]).append(" | ").append(v[2]).append(" |\n");
        }
        return out.toString();
    }

    private void keys(JsonNode node, String prefix, int depth) {
        if (depth > MAX_DEPTH) {
            return;
        }
        JsonNode n = section(node);
        List<Map.Entry<String, JsonNode>> props = new ArrayList<>();
        n.path("properties").fields().forEachRemaining(props::add);
        int i = 0;
        while (i < props.size()) {
            // four or more siblings written alike (the actions' short forms) are one row: {a,b,c}
            JsonNode value = props.get(i).getValue();
            int j = i + 1;
            while (j < props.size() && props.get(j).getValue().equals(value)) {
                j++;
            }
            if (j - i < GROUP) {
                j = i + 1;
            }
            List<String> names =
                    props.subList(i, j).stream().map(Map.Entry::getKey).toList();
            String key = prefix + (names.size() == 1 ? names.get(0) : "{" + String.join(",", names) + "}");
            rows.putIfAbsent(key, new String[] {type(value), defaultOf(value), description(value)});
            below(value, key, depth + 1);
            i = j;
        }
        for (String alt : List.of("oneOf", "anyOf", "allOf")) {
            n.path(alt).forEach(a -> keys(a, prefix, depth + 1));
        }
    }

    // the keys under a key: its own properties, a map's entries, a list's items, each alternative's
    private void below(JsonNode value, String key, int depth) {
        JsonNode v = section(value);
        keys(v, key + ".", depth);
        JsonNode entries = v.path("additionalProperties");
        if (entries.isObject()) {
            keys(entries, key + ".<name>.", depth + 1);
        }
        if (v.has("items")) {
            keys(v.path("items"), key + "[].", depth + 1);
        }
        for (String alt : List.of("oneOf", "anyOf")) {
            for (JsonNode a : v.path(alt)) {
                JsonNode s = section(a);
                if (s.path("additionalProperties").isObject()) {
                    keys(s.path("additionalProperties"), key + ".<name>.", depth + 1);
                }
                if (s.has("items")) {
                    keys(s.path("items"), key + "[].", depth + 1);
                }
            }
        }
    }

    // a $ref to a section def stands for that def's keys
    private JsonNode section(JsonNode node) {
        String ref = refName(node);
        return ref != null && SECTIONS.contains(ref) ? defs.path(ref) : node;
    }

    private static String refName(JsonNode node) {
        String ref = node.path("$ref").asText("");
        return ref.startsWith("#/$defs/") ? ref.substring("#/$defs/".length()) : null;
    }

    private String type(JsonNode node) {
        Set<String> types = new LinkedHashSet<>();
        addTypes(node, types, 0);
        return cell(String.join(" or ", types));
    }

    private void addTypes(JsonNode node, Set<String> out, int depth) {
        String ref = refName(node);
        if (ref != null) {
            JsonNode def = defs.path(ref);
            if (def.has("enum")) {
                addTypes(def, out, depth);
            } else if (ref.equals("step") || !SECTIONS.contains(ref)) {
                out.add(ref);
            } else {
                out.add("mapping");
            }
            return;
        }
        if (node.has("enum")) {
            List<String> values = new ArrayList<>();
            node.path("enum").forEach(e -> values.add("`" + e.asText() + "`"));
            out.add(String.join(" \\| ", values));
        } else if (node.has("const")) {
            out.add("`" + node.path("const").asText() + "`");
        } else if (node.has("type")) {
            JsonNode t = node.path("type");
            List<String> names = new ArrayList<>();
            (t.isArray() ? t : List.of(t)).forEach(x -> names.add(word(x.asText())));
            out.add(String.join(" or ", names));
        } else if (depth < MAX_DEPTH && (node.has("oneOf") || node.has("anyOf") || node.has("allOf"))) {
            JsonNode alts = node.has("oneOf")
                    ? node.path("oneOf")
                    : node.has("anyOf") ? node.path("anyOf") : node.path("allOf");
            alts.forEach(a -> addTypes(a, out, depth + 1));
        }
    }

    private static String word(String jsonType) {
        return switch (jsonType) {
            case "object" -> "mapping";
            case "array" -> "list";
            default -> jsonType;
        };
    }

    private static String defaultOf(JsonNode node) {
        JsonNode d = node.get("default");
        if (d == null) {
            return "";
        }
        return "`"
                + cell(
                        d.isTextual()
                                ? d.asText()
                                : d.toString().replace(",", ", ").replace(":", ": ")) + "`";
    }

    private static String description(JsonNode node) {
        return cell(node.path("description").asText(""));
    }

    /** The types the key table names (the schema's other defs), each with what it accepts. */
    private String types(JsonNode schema) {
        StringBuilder out = new StringBuilder("| type | what it accepts |\n|---|---|\n");
        schema.path("$defs").fields().forEachRemaining(e -> {
            JsonNode d = e.getValue();
            if (SECTIONS.contains(e.getKey()) || d.has("enum") && !d.has("description")) {
                return;
            }
            String text = d.has("description")
                    ? d.path("description").asText()
                    : d.has("pattern")
                            ? d.path("type").asText() + " matching `"
                                    + d.path("pattern").asText() + "`"
                            : type(d);
            out.append("| ").append(e.getKey()).append(" | ").append(cell(text)).append(" |\n");
        });
        return out.toString();
    }

    private static String cell(String text) {
        return text.replace("\n", " ").replace("|", "\\|").replace("\\\\|", "\\|");
    }
}
