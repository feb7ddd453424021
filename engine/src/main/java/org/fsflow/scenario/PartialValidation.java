package org.fsflow.scenario;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.lang.Diagnostic;
import org.fsflow.lang.Problems;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The second validation layer on a scenario whose first layer found errors, so that a user sees every
 * problem in one pass: an undeclared filesystem and an unknown variable are reported beside a bad size,
 * not after it is fixed.
 *
 * <p>What the first layer dropped (a filesystem, device, dataset, param, kernel or matrix value whose own
 * entry had an error) is missing from the half-read scenario, and every reference to it would be reported
 * as undeclared: such diagnostics are left out, the entry's own error says what to fix. When a whole
 * section could not be read (not a mapping, or an aging:, crash: or source: section with an error), or the second layer cannot run on what was read, only the
 * first layer's errors are reported.
 */
final class PartialValidation {

    private static final List<String> SECTIONS = List.of("params", "devices", "filesystems", "datasets", "kernels");

    private PartialValidation() {}

    /** Adds to {@code problems} the second layer's errors about {@code read}, all but those about what was dropped. */
    static void addTo(Problems problems, Scenario read, Node root) {
        Set<String> dropped = dropped(read, root);
        if (dropped == null) {
            return;
        }
        Problems second = new Problems();
        try {
            new ScenarioValidator(read, second).validate();
        } catch (RuntimeException e) {
            // a field the first layer could not read is null here: its own error stands alone
            return;
        }
        for (Diagnostic d : second.errors()) {
            if (dropped.stream().noneMatch(name -> mentions(d.message(), name))) {
                problems.error(d.location(), d.message());
            }
        }
    }

    // the names written in the file that the half-read scenario lacks; null when a section was unreadable
    private static Set<String> dropped(Scenario read, Node root) {
        if (!(root instanceof MappingNode top)) {
            return null;
        }
        Set<String> out = new HashSet<>();
        for (NodeTuple t : top.getValue()) {
            String key = t.getKeyNode() instanceof ScalarNode k ? k.getValue() : null;
            Node value = t.getValueNode();
            if (SECTIONS.contains(key)) {
                if (!(value instanceof MappingNode section)) {
                    return null;
                }
                Set<String> kept = keys(read, key);
                names(section).stream().filter(n -> !kept.contains(n)).forEach(out::add);
            } else if (unread(read, key)) {
                return null;
            } else if ("matrix".equals(key)) {
                if (!(value instanceof MappingNode matrix)) {
                    return null;
                }
                matrix(read.matrix(), matrix, out);
            }
        }
        return out;
    }

    // a section of one entry (aging:, crash:, source:) whose own error dropped it: what refers to it is noise
    private static boolean unread(Scenario s, String key) {
        return switch (key == null ? "" : key) {
            case "aging" -> s.aging() == null;
            case "crash" -> s.crash() == null;
            case "source" -> s.sourceSection() == null;
            default -> false;
        };
    }

    private static Set<String> keys(Scenario s, String section) {
        Map<String, ?> m = switch (section) {
            case "params" -> s.params();
            case "devices" -> s.devices();
            case "filesystems" -> s.filesystems();
            case "datasets" -> s.datasets();
            default -> s.kernels() == null ? Map.of() : s.kernels();
        };
        return m.keySet();
    }

    private static void matrix(Matrix read, MappingNode written, Set<String> out) {
        for (NodeTuple t : written.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode k)) {
                continue;
            }
            List<Matrix.Value> kept = read.axes().get(k.getValue());
            if (kept == null) {
                out.add(k.getValue());
            }
            List<Node> items =
                    t.getValueNode() instanceof SequenceNode seq ? seq.getValue() : List.of(t.getValueNode());
            for (Node item : items) {
                if (item instanceof ScalarNode v
                        && (kept == null
                                || kept.stream().noneMatch(x -> x.value().equals(v.getValue())))) {
                    out.add(v.getValue());
                }
            }
        }
    }

    private static List<String> names(MappingNode section) {
        return section.getValue().stream()
                .map(NodeTuple::getKeyNode)
                .filter(ScalarNode.class::isInstance)
                .map(n -> ((ScalarNode) n).getValue())
                .toList();
    }

    // a diagnostic about NAME quotes it ('NAME') or uses it in a variable (${NAME}, ${NAME.mnt}, ${params.NAME})
    static boolean mentions(String message, String name) {
        return message.contains("'" + name + "'")
                || message.contains("${" + name + "}")
                || message.contains("${" + name + ".")
                || message.contains("." + name + "}");
    }
}
