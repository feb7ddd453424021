package org.fsflow.scenarios;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.result.MetricTable;

/**
 * Checks a scenario's {@code source.findings} against the project's copy of the source document,
 * for {@link SourceFindingsTest}: every figure's number is on the line it cites (or is the mean
 * of the CSV field over the lines it cites), every name is one of the scenario's, and the two
 * cells of a finding are in one place (host with host, guest with guest). Works on the plain YAML
 * tree, so it checks the file as written. Returns every problem, each naming the finding.
 */
final class SourceChecker {

    // "0.12 (line 244)" in a cite: a number the cite quotes, with its line
    private static final Pattern QUOTED = Pattern.compile("(\\d*\\.?\\d+) \\(line (\\d+)\\)");
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]*");

    private final Map<String, Object> scenario;
    private final List<String> document;
    private final List<String> problems = new ArrayList<>();

    private SourceChecker(Map<String, Object> scenario, List<String> document) {
        this.scenario = scenario;
        this.document = document;
    }

    /** Every problem of {@code scenario}'s findings against {@code document}'s lines; empty when none. */
    static List<String> check(Map<String, Object> scenario, List<String> document) {
        SourceChecker c = new SourceChecker(scenario, document);
        Set<String> ids = new HashSet<>();
        for (Map<String, Object> f : findings(scenario)) {
            String id = String.valueOf(f.get("id"));
            if (!ID.matcher(id).matches() || !ids.add(id)) {
                c.problems.add(id + ": id missing, malformed or repeated");
            }
            c.finding(id, f);
        }
        return c.problems;
    }

    /** The findings of {@code scenario}'s source section. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> findings(Map<String, Object> scenario) {
        Map<String, Object> source = (Map<String, Object>) scenario.get("source");
        return (List<Map<String, Object>>) source.get("findings");
    }

    @SuppressWarnings("unchecked")
    private void finding(String id, Map<String, Object> f) {
        // "filesystem: NAME": the two sides are steps of that filesystem's cell
        String across = f.containsKey("filesystem") ? "step" : (String) f.getOrDefault("across", "filesystem");
        if (f.containsKey("filesystem") && !names("filesystems").contains((String) f.get("filesystem"))) {
            problems.add(id + ": no filesystem '" + f.get("filesystem") + "' in the scenario");
        }
        String metric = (String) f.get("metric");
        if (!across.equals("step") && !steps().contains((String) f.get("step"))) {
            problems.add(id + ": no step '" + f.get("step") + "' in the scenario");
        }
        if (f.containsKey("dataset") && !names("datasets").contains((String) f.get("dataset"))) {
            problems.add(id + ": no dataset '" + f.get("dataset") + "' in the scenario");
        }
        if (!across.equals("metric") && !known(metric)) {
            problems.add(id + ": metric '" + metric + "' is not in fsflow's MetricTable");
        }
        int kinds = (f.containsKey("figures") ? 1 : 0)
                + (f.containsKey("claim") ? 1 : 0)
                + (f.containsKey("ratio") ? 1 : 0);
        if (kinds != 1) {
            problems.add(id + ": needs exactly one of figures, claim, ratio");
            return;
        }
        if (f.containsKey("figures")) {
            figures(id, across, metric, (Map<String, Map<String, Object>>) f.get("figures"));
        } else {
            Map<String, Object> pair = (Map<String, Object>) (f.containsKey("claim") ? f.get("claim") : f.get("ratio"));
            pair(id, across, List.of(String.valueOf(pair.get("of")), String.valueOf(pair.get("to"))));
            if (f.containsKey("claim") && !Set.of("lower", "higher").contains(String.valueOf(pair.get("is")))) {
                problems.add(id + ": a claim is lower or higher, not " + pair.get("is"));
            }
            if (pair.containsKey("line")) {
                onLine(id, "the ratio", ((Number) pair.get("value")).doubleValue(), (Integer) pair.get("line"), "");
            }
        }
        quoted(id, String.valueOf(f.get("cite")), metric);
    }

    @SuppressWarnings("unchecked")
    private void figures(String id, String across, String metric, Map<String, Map<String, Object>> figures) {
        pair(id, across, List.copyOf(figures.keySet()));
        for (Map.Entry<String, Map<String, Object>> e : figures.entrySet()) {
            Map<String, Object> fig = e.getValue();
            String what = e.getKey() + "'s figure";
            double value = ((Number) fig.get("value")).doubleValue();
            List<Integer> lines = (List<Integer>) fig.get("lines");
            if (!(value > 0)) {
                problems.add(id + ": " + what + " is not above 0");
            }
            if (fig.containsKey("line")) {
                onLine(id, what, value, (Integer) fig.get("line"), across.equals("metric") ? e.getKey() : metric);
            } else if (lines != null && lines.size() == 2 && fig.get("column") instanceof Integer column) {
                mean(id, what, value, lines.get(0), lines.get(1), column);
            } else {
                problems.add(id + ": " + what + " needs line, or lines [first, last] and column");
            }
        }
    }

    private void mean(String id, String what, double value, int first, int last, int column) {
        Double mean = SourceText.mean(document, first, last, column);
        if (mean == null || !SourceText.same(mean, value)) {
            problems.add(id + ": " + what + " " + value + " is not the mean of field " + column + " on lines " + first
                    + "-" + last + " (" + mean + ")");
        }
    }

    private void onLine(String id, String what, double value, int line, String metric) {
        if (line < 1 || line > document.size()) {
            problems.add(id + ": " + what + " cites line " + line + ", outside the document");
        } else if (!SourceText.holds(document.get(line - 1), value, metric)) {
            problems.add(id + ": " + what + " " + value + " is not on line " + line + ": " + document.get(line - 1));
        }
    }

    /** Numbers a cite quotes with their line ("0.12 (line 244)") are on that line. */
    private void quoted(String id, String cite, String metric) {
        Matcher m = QUOTED.matcher(cite);
        while (m.find()) {
            onLine(
                    id,
                    "the cite's " + m.group(1),
                    Double.parseDouble(m.group(1)),
                    Integer.parseInt(m.group(2)),
                    metric == null ? "" : metric);
        }
    }

    /** The two keys of a finding: two values of its axis; two filesystems must share a place. */
    private void pair(String id, String across, List<String> keys) {
        if (keys.size() != 2 || keys.get(0).equals(keys.get(1))) {
            problems.add(id + ": compares exactly two different cells, not " + keys);
            return;
        }
        for (String key : keys) {
            boolean known = switch (across) {
                case "filesystem" -> names("filesystems").contains(key);
                case "step" -> steps().contains(key);
                case "metric" -> known(key);
                default -> false;
            };
            if (!known) {
                problems.add(id + ": '" + key + "' is not a " + across + " of the scenario");
            }
        }
        if (across.equals("filesystem") && !place(keys.get(0)).equals(place(keys.get(1)))) {
            problems.add(id + ": " + keys + " are in two places (host and guest): compare with the control cells");
        }
    }

    private static boolean known(String metric) {
        return metric != null && !MetricTable.of(metric).unit().isEmpty();
    }

    /** Where a filesystem's cells run: the host, or a guest under the named kernel. */
    @SuppressWarnings("unchecked")
    private String place(String filesystem) {
        Map<String, Object> fs =
                (Map<String, Object>) ((Map<String, Object>) scenario.get("filesystems")).get(filesystem);
        Object kernel = fs == null ? null : fs.get("kernel");
        return kernel == null ? "host" : "guest " + kernel;
    }

    @SuppressWarnings("unchecked")
    private Set<String> names(String section) {
        Map<String, Object> m = (Map<String, Object>) scenario.get(section);
        return m == null ? Set.of() : m.keySet();
    }

    @SuppressWarnings("unchecked")
    private Set<String> steps() {
        Set<String> out = new LinkedHashSet<>();
        for (Object step : (List<Object>) scenario.get("steps")) {
            out.add(step instanceof Map<?, ?> m ? String.valueOf(m.get("name")) : String.valueOf(step));
        }
        return out;
    }
}
