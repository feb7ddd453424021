package org.fsflow.hosts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;
import org.fsflow.lang.ScenarioException;
import org.fsflow.lang.SourceText;
import org.fsflow.lang.YamlLoader;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads {@code hosts.yaml} into an {@link Inventory} with the scenario's YAML loader: strict keys,
 * every problem located ({@code hosts.yaml:4:5: error: ...}), all of them at once.
 */
public final class InventoryReader {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,62}");
    private static final Set<String> TOP = Set.of("ssh_config", "hosts");
    private static final Set<String> HOST = Set.of("name", "ssh", "set", "labels", "dir");

    private final String file;
    private final Problems problems = new Problems();

    private InventoryReader(String file) {
        this.file = file;
    }

    /** Reads and checks {@code path}; throws with every problem found. */
    public static Inventory read(Path path) throws ScenarioException {
        InventoryReader reader = new InventoryReader(path.toString());
        SourceText source = YamlLoader.read(path, path.toString(), reader.problems);
        Node root = source == null ? null : YamlLoader.parse(source, reader.problems);
        Inventory inventory = root == null ? null : reader.inventory(path, root);
        if (reader.problems.hasErrors() || inventory == null) {
            throw new ScenarioException(source, reader.problems.all());
        }
        return inventory;
    }

    private Inventory inventory(Path path, Node root) {
        Map<String, Node> top = mapping(root, TOP, "the inventory");
        if (top == null) {
            return null;
        }
        Path sshConfig = null;
        if (top.containsKey("ssh_config")) {
            String value = scalar(top.get("ssh_config"), "ssh_config");
            Path parent = path.toAbsolutePath().getParent();
            sshConfig = value == null ? null : parent.resolve(value).normalize();
        }
        Node list = top.get("hosts");
        if (list == null) {
            problems.error(at(root), "the inventory needs 'hosts', a list of { name, ssh }");
            return null;
        }
        if (!(list instanceof SequenceNode seq) || seq.getValue().isEmpty()) {
            problems.error(at(list), "'hosts' must be a non-empty list of { name, ssh }");
            return null;
        }
        List<Inventory.Host> hosts = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Node item : seq.getValue()) {
            Inventory.Host host = host(item);
            if (host != null && !names.add(host.name())) {
                problems.error(at(item), "host '" + host.name() + "' is listed twice: names must be unique");
            } else if (host != null) {
                hosts.add(host);
            }
        }
        return new Inventory(path, sshConfig, hosts);
    }

    private Inventory.Host host(Node item) {
        Map<String, Node> fields = mapping(item, HOST, "a host");
        if (fields == null) {
            return null;
        }
        String name = required(item, fields, "name");
        String ssh = required(item, fields, "ssh");
        if (name != null && !NAME.matcher(name).matches()) {
            problems.error(
                    at(fields.get("name")),
                    "host name '" + name
                            + "' must be letters, digits, '.', '_' or '-' (it names a directory and a report column)");
            name = null;
        }
        if (ssh != null && (ssh.startsWith("-") || ssh.isBlank())) {
            problems.error(at(fields.get("ssh")), "'ssh' must be a destination such as user@host, not an option");
            ssh = null;
        }
        String dir = fields.containsKey("dir") ? scalar(fields.get("dir"), "dir") : Inventory.Host.DEFAULT_DIR;
        if (dir != null && !dir.startsWith("/")) {
            problems.error(at(fields.get("dir")), "'dir' must be an absolute path on the host");
            dir = null;
        }
        Map<String, String> sets = strings(fields.get("set"), "set");
        Map<String, String> labels = strings(fields.get("labels"), "labels");
        if (name == null || ssh == null || dir == null || sets == null || labels == null) {
            return null;
        }
        return new Inventory.Host(name, ssh, sets, labels, dir);
    }

    private String required(Node item, Map<String, Node> fields, String key) {
        if (!fields.containsKey(key)) {
            problems.error(at(item), "a host needs '" + key + "'");
            return null;
        }
        return scalar(fields.get(key), key);
    }

    private Map<String, String> strings(Node node, String key) {
        if (node == null) {
            return Map.of();
        }
        if (!(node instanceof MappingNode m)) {
            problems.error(at(node), "'" + key + "' must be a mapping of names to values");
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            String k = scalar(t.getKeyNode(), key);
            String v = scalar(t.getValueNode(), key + "." + k);
            if (k == null || v == null) {
                return null;
            }
            out.put(k, v);
        }
        return out;
    }

    private Map<String, Node> mapping(Node node, Set<String> allowed, String what) {
        if (!(node instanceof MappingNode m)) {
            problems.error(at(node), what + " must be a mapping");
            return null;
        }
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            String key = t.getKeyNode() instanceof ScalarNode s ? s.getValue() : null;
            if (key == null || !allowed.contains(key)) {
                problems.error(
                        at(t.getKeyNode()),
                        "unknown key '" + key + "' in " + what + " (expected one of: "
                                + String.join(", ", allowed.stream().sorted().toList()) + ")");
            } else {
                out.put(key, t.getValueNode());
            }
        }
        return out;
    }

    private String scalar(Node node, String key) {
        if (node instanceof ScalarNode s && !s.getValue().isEmpty()) {
            return s.getValue();
        }
        problems.error(at(node), "'" + key + "' must be a non-empty string");
        return null;
    }

    private Location at(Node node) {
        return YamlLoader.location(file, node);
    }
}
