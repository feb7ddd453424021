package org.fsflow.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/** Reads the {@code crash:} section ({@link Crash}); references are checked by {@link #check}. */
record CrashReader(Fields f, Scalars v) {

    static final List<String> KEYS =
            List.of("kernel", "filesystems", "workloads", "points", "target", "log", "recovery");

    Crash read(Node node) {
        Map<String, NodeTuple> e = f.entries(node, "crash", KEYS);
        if (e == null) {
            return null;
        }
        f.require(e, node, "crash", "kernel", "filesystems", "workloads");
        Node n;
        String kernel =
                (n = Fields.value(e, "kernel")) == null ? null : v.name(n, "crash kernel", Scalars.ID, Scalars.ID_RULE);
        Map<String, Location> filesystems = (n = Fields.value(e, "filesystems")) == null ? Map.of() : names(n);
        Map<String, String> workloads = (n = Fields.value(e, "workloads")) == null ? Map.of() : workloads(n);
        Long points = (n = Fields.value(e, "points")) == null
                ? Long.valueOf(Crash.POINTS)
                : v.integer(n, "crash points", 0, 100_000);
        Long target = (n = Fields.value(e, "target")) == null
                ? Long.valueOf(Crash.TARGET_BYTES)
                : v.size(n, "crash target", 64L << 20, 64L << 30);
        Long log = (n = Fields.value(e, "log")) == null
                ? Long.valueOf(Crash.LOG_BYTES)
                : v.size(n, "crash log", 64L << 20, 256L << 30);
        Map<String, Crash.Tools> recovery = (n = Fields.value(e, "recovery")) == null ? Map.of() : recovery(n);
        return new Crash(
                kernel,
                filesystems,
                workloads,
                points == null ? Crash.POINTS : points.intValue(),
                target == null ? Crash.TARGET_BYTES : target,
                log == null ? Crash.LOG_BYTES : log,
                recovery,
                f.at(node));
    }

    private Map<String, Location> names(Node node) {
        Map<String, Location> out = new LinkedHashMap<>();
        List<Node> items = node instanceof SequenceNode seq ? seq.getValue() : List.of(node);
        if (items.isEmpty()) {
            f.error(node, "crash filesystems must list at least one filesystem of filesystems:");
        }
        for (Node item : items) {
            String name = v.name(item, "crash filesystem", Scalars.ID, Scalars.ID_RULE);
            if (name != null && out.containsKey(name)) {
                f.error(item, "crash filesystems list '" + name + "' twice");
            } else if (name != null) {
                out.put(name, f.at(item));
            }
        }
        return out;
    }

    private Map<String, String> workloads(Node node) {
        Map<String, String> out = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = f.entries(node, "crash workloads", null);
        if (entries == null) {
            return out;
        }
        if (entries.isEmpty()) {
            f.error(
                    node,
                    "crash workloads must name at least one workload: spool: |  (shell text using durable, gone, mark)");
        }
        for (NodeTuple t : entries.values()) {
            String name = f.key(t.getKeyNode(), "crash workload name", Scalars.ID, Scalars.ID_RULE);
            String text = v.nonEmpty(t.getValueNode(), "crash workload '" + name + "'");
            if (name != null && text != null) {
                out.put(name, text);
            }
        }
        return out;
    }

    private Map<String, Crash.Tools> recovery(Node node) {
        Map<String, Crash.Tools> out = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = f.entries(node, "crash recovery", null);
        if (entries == null) {
            return out;
        }
        for (NodeTuple t : entries.values()) {
            String name = f.key(t.getKeyNode(), "crash recovery key", Scalars.ID, Scalars.ID_RULE);
            String what = "crash recovery of '" + name + "'";
            Map<String, NodeTuple> e = f.entries(t.getValueNode(), what, List.of("check", "repair"));
            if (name == null || e == null) {
                continue;
            }
            Node n;
            String check = (n = Fields.value(e, "check")) == null ? null : command(n, what + " check");
            String repair = (n = Fields.value(e, "repair")) == null ? null : command(n, what + " repair");
            out.put(name, new Crash.Tools(check, repair, f.at(t.getKeyNode())));
        }
        return out;
    }

    private String command(Node node, String what) {
        String s = v.nonEmpty(node, what);
        if (s != null && !s.contains("$DEV")) {
            f.error(node, what + " must name the device as $DEV (for example 'xfs_repair -n $DEV')");
            return null;
        }
        return s;
    }
}
