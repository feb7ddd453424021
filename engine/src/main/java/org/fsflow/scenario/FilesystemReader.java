package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Hints;
import org.fsflow.lang.Location;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/** Reads {@code filesystems:}: a built-in type with its options, or a custom lifecycle. */
record FilesystemReader(Fields f, Scalars v) {

    Map<String, Filesystem> filesystems(Node node) {
        return f.named(node, "filesystems", "filesystem", this::filesystem);
    }

    private Filesystem filesystem(String name, Node node, Location keyAt) {
        String what = "filesystem '" + name + "'";
        if (node instanceof ScalarNode s && s.getTag() == Tag.NULL) {
            node = new MappingNode(
                    Tag.MAP,
                    true,
                    List.of(),
                    node.getStartMark(),
                    node.getEndMark(),
                    org.yaml.snakeyaml.DumperOptions.FlowStyle.FLOW);
        }
        Map<String, NodeTuple> e =
                f.entries(node, what, List.of("type", "mkfs_options", "mount_options", "lifecycle", "kernel"));
        if (e == null) {
            return null;
        }
        Node n;
        Filesystem.Lifecycle lifecycle = (n = Fields.value(e, "lifecycle")) == null ? null : lifecycle(n, what);
        String type = (n = Fields.value(e, "type")) == null ? name : v.nonEmpty(n, what + " type");
        if (lifecycle == null && type != null && !FilesystemType.NAMES.contains(type)) {
            Node at = Fields.value(e, "type");
            f.problems()
                    .error(
                            at == null ? keyAt : f.at(at),
                            "no built-in driver for filesystem type '" + type + "'"
                                    + Hints.didYouMean(type, FilesystemType.NAMES)
                                            .replace(": expected one of", ": built-in types are")
                                    + (at == null ? "; add 'type:' or a 'lifecycle:' with its own commands" : ""));
        }
        List<String> mkfs =
                (n = Fields.value(e, "mkfs_options")) == null ? List.of() : v.strings(n, what + " mkfs_options");
        List<String> mount = List.of();
        if ((n = Fields.value(e, "mount_options")) != null) {
            mount = new ArrayList<>();
            for (String s : v.strings(n, what + " mount_options")) {
                for (String o : s.split(",")) {
                    if (!o.isBlank()) {
                        mount.add(o.trim());
                    }
                }
            }
        }
        String kernel = (n = Fields.value(e, "kernel")) == null
                ? null
                : v.name(n, what + " kernel", Scalars.ID, Scalars.ID_RULE);
        return new Filesystem(name, type, mkfs, mount, lifecycle, kernel, keyAt);
    }

    private Filesystem.Lifecycle lifecycle(Node node, String what) {
        String w = what + " lifecycle";
        Map<String, NodeTuple> e =
                f.entries(node, w, List.of("requires", "kernel", "service", "create", "mount", "umount", "destroy"));
        if (e == null) {
            return null;
        }
        f.require(e, node, w, "create");
        Node n;
        List<String> requires = (n = Fields.value(e, "requires")) == null ? List.of() : v.strings(n, w + " requires");
        String kernel = (n = Fields.value(e, "kernel")) == null ? null : v.nonEmpty(n, w + " kernel");
        Filesystem.Service service = null;
        if ((n = Fields.value(e, "service")) != null) {
            Map<String, NodeTuple> s = f.entries(n, w + " service", List.of("start", "stop", "check"));
            if (s != null) {
                f.require(s, n, w + " service", "start", "check");
                service = new Filesystem.Service(
                        command(s, "start", w + " service start"),
                        command(s, "stop", w + " service stop"),
                        command(s, "check", w + " service check"));
            }
        }
        return new Filesystem.Lifecycle(
                requires,
                kernel,
                service,
                command(e, "create", w + " create"),
                command(e, "mount", w + " mount"),
                command(e, "umount", w + " umount"),
                command(e, "destroy", w + " destroy"));
    }

    private Command command(Map<String, NodeTuple> e, String key, String what) {
        Node n = Fields.value(e, key);
        return n == null ? null : f.command(n, what);
    }
}
