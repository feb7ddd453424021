package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * {@code fio:} of a step: fio's job options as YAML, run as one fio job named after the step, its
 * JSON on standard output, parsed by the fio parser (per job and direction: IOPS, bandwidth, latency
 * percentiles, and the {@code sync} section's fsync latency). Each option is {@code --KEY=VALUE}
 * ({@code true} alone, {@code false} left out), in the order written; values may hold
 * {@code ${...}} variables. Without {@code directory} or {@code filename}, the job runs in
 * {@code ${target.mnt}}. The command is a word list, no shell: what {@code plan} shows is what runs.
 */
final class FioStep {

    /** What fsflow sets itself: the job's name and the output fsflow parses. */
    static final List<String> RESERVED = List.of("name", "output", "output-format", "output_format");

    private static final Pattern OPTION = Pattern.compile("[a-z][a-z0-9_]*");

    private final Fields f;

    FioStep(Fields f) {
        this.f = f;
    }

    /** The fio command of {@code node} (a mapping of options) for the step named {@code name}, or null. */
    Command command(Node node, String name) {
        Map<String, NodeTuple> options = f.entries(node, "fio", null);
        if (options == null) {
            return null;
        }
        List<Template> argv = new ArrayList<>(List.of(
                Template.literal("fio"),
                Template.literal("--name=" + (name == null ? "job" : name)),
                Template.literal("--output-format=json")));
        boolean placed = false;
        boolean ok = true;
        for (Map.Entry<String, NodeTuple> o : options.entrySet()) {
            String key = o.getKey();
            Node value = o.getValue().getValueNode();
            if (!OPTION.matcher(key).matches() || RESERVED.contains(key)) {
                f.error(
                        o.getValue().getKeyNode(),
                        RESERVED.contains(key)
                                ? "fio " + key + " is fsflow's to set (the job is named after the step, its JSON"
                                        + " output parsed): leave it out"
                                : "fio option '" + key + "' is not an option name (lower case letters, digits"
                                        + " and _, as fio's job files write them)");
                ok = false;
                continue;
            }
            placed |= key.equals("directory") || key.equals("filename");
            if (value instanceof ScalarNode s && s.getTag() == Tag.BOOL) {
                // fio's boolean options take a value (a bare --create_on_open swallows the next word),
                // and false must be said: randrepeat and others default to 1
                boolean on = Boolean.parseBoolean(s.getValue().toLowerCase(java.util.Locale.ROOT));
                argv.add(Template.literal("--" + key + "=" + (on ? 1 : 0)));
                continue;
            }
            Template t = f.template(value, "fio " + key);
            if (t == null) {
                ok = false;
                continue;
            }
            argv.add(Template.parse("--" + key + "=" + t.text(), offset -> f.at(value), f.problems()));
        }
        if (!placed) {
            argv.add(Template.parse("--directory=${target.mnt}", offset -> f.at(node), f.problems()));
        }
        return ok ? new Command(false, argv, f.at(node)) : null;
    }
}
