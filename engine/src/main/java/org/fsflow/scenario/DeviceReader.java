package org.fsflow.scenario;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/** Reads {@code devices:}: each a dir, loop, block or tmpfs device with its options. */
record DeviceReader(Fields f, Scalars v) {

    /** The largest loop image or tmpfs fsflow will create. */
    static final long MAX_DEVICE_BYTES = 64L << 40;

    static final List<String> DEVICE_KINDS = List.of("dir", "loop", "block", "tmpfs");

    Map<String, Device> devices(Node node) {
        Map<String, Device> out = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = f.entries(node, "devices", null);
        if (entries == null) {
            return out;
        }
        if (entries.isEmpty()) {
            f.error(node, "devices must name at least one device, such as target: { dir: /tmp/bench }");
        }
        for (NodeTuple t : entries.values()) {
            String name = f.key(t.getKeyNode(), "device name", Scalars.VAR_ID, Scalars.VAR_ID_RULE);
            Device d = device(name, t.getValueNode());
            if (name != null && d != null) {
                out.put(name, d);
            }
        }
        return out;
    }

    private Device device(String name, Node node) {
        String what = "device '" + name + "'";
        List<String> allowed =
                List.of("dir", "loop", "block", "tmpfs", "destroy", "precondition", "filesystem", "mount");
        Map<String, NodeTuple> e = f.entries(node, what, allowed);
        if (e == null) {
            return null;
        }
        List<String> kinds = DEVICE_KINDS.stream().filter(e::containsKey).toList();
        if (kinds.size() != 1) {
            f.error(
                    node,
                    what
                            + (kinds.isEmpty()
                                    ? " needs a kind: "
                                    : " has several kinds (" + String.join(", ", kinds) + "): give exactly one of ")
                            + "dir, loop, block or tmpfs");
            return null;
        }
        String kind = kinds.get(0);
        Node body = Fields.value(e, kind);
        Location where = f.at(node);
        Node n;
        Path mount = (n = Fields.value(e, "mount")) == null ? null : mountPoint(n, what);
        String filesystem = (n = Fields.value(e, "filesystem")) == null ? null : v.nonEmpty(n, what + " filesystem");
        Node destroy = Fields.value(e, "destroy");
        if (destroy != null && !kind.equals("block")) {
            f.error(
                    destroy,
                    "destroy applies only to block devices: fsflow creates and removes " + kind + " devices itself"
                            + (kind.equals("loop")
                                    ? " (to let it format an existing image:, write destroy: true inside loop:)"
                                    : ""));
        }
        Node precondition = Fields.value(e, "precondition");
        if (precondition != null && !kind.equals("block")) {
            f.error(
                    precondition,
                    "precondition applies only to block devices (an SSD brought to steady state): " + "a " + kind
                            + " device is not a drive");
        }
        Common c = new Common(name, what, node, body, mount, filesystem, destroy, precondition, where);
        return switch (kind) {
            case "dir" -> dir(c);
            case "loop" -> loop(c);
            case "block" -> block(c);
            default -> tmpfs(c);
        };
    }

    /** What every kind of device shares: its name, its mapping, the kind's value and the common keys. */
    private record Common(
            String name,
            String what,
            Node node,
            Node body,
            Path mount,
            String filesystem,
            Node destroy,
            Node precondition,
            Location where) {}

    private Device dir(Common c) {
        if (c.mount() != null || c.filesystem() != null) {
            f.error(c.node(), c.what() + " is a dir device: it has no mount point or filesystem of its own");
        }
        Path p = v.absolutePath(c.body(), c.what() + " dir");
        return p == null ? null : new Device.Dir(c.name(), p, c.where());
    }

    private Device loop(Common c) {
        Map<String, NodeTuple> l =
                f.entries(c.body(), c.what() + " loop", List.of("size", "image", "destroy", "direct_io"));
        if (l == null) {
            return null;
        }
        f.require(l, c.body(), c.what() + " loop", "size");
        Node n;
        Long size = (n = Fields.value(l, "size")) == null
                ? null
                : v.size(n, c.what() + " size", 1L << 20, MAX_DEVICE_BYTES);
        Path image = (n = Fields.value(l, "image")) == null ? null : image(n, c.what());
        Node destroyNode = Fields.value(l, "destroy");
        Boolean destroy = destroyNode == null ? Boolean.FALSE : v.bool(destroyNode, c.what() + " destroy");
        if (destroyNode != null && Fields.value(l, "image") == null) {
            f.error(
                    destroyNode,
                    c.what() + " loop destroy: confirms that an existing image: may be formatted, and there is no "
                            + "image: (fsflow makes and removes its own images without being asked)");
        }
        Boolean directIo =
                (n = Fields.value(l, "direct_io")) == null ? Boolean.TRUE : v.bool(n, c.what() + " direct_io");
        return size == null
                ? null
                : new Device.Loop(
                        c.name(),
                        size,
                        image,
                        Boolean.TRUE.equals(destroy),
                        !Boolean.FALSE.equals(directIo),
                        c.mount(),
                        c.filesystem(),
                        c.where());
    }

    // a loop image: never in a system directory, whatever destroy: says
    private Path image(Node n, String what) {
        Path image = v.absolutePath(n, what + " image");
        String why = image == null ? null : SystemPaths.imageRefusal(image);
        if (why != null) {
            f.error(n, what + " image: " + why);
            return null;
        }
        return image;
    }

    // a mount point: never a system directory or one that holds others' files
    private Path mountPoint(Node n, String what) {
        Path mount = v.absolutePath(n, what + " mount");
        String why = mount == null ? null : SystemPaths.mountRefusal(mount);
        if (why != null) {
            f.error(n, what + " mount: " + why);
            return null;
        }
        return mount;
    }

    private Device block(Common c) {
        Path p = v.absolutePath(c.body(), c.what() + " block");
        if (p != null && !p.startsWith("/dev/")) {
            f.error(c.body(), c.what() + " block must be a device node under /dev, such as /dev/sdb3");
            p = null;
        }
        Node destroy = c.destroy();
        Boolean confirmed = destroy == null ? Boolean.FALSE : v.bool(destroy, c.what() + " destroy");
        if (destroy == null) {
            f.error(
                    c.node(),
                    "block device '" + c.name() + "' (" + f.text(c.body(), "block")
                            + ") would be formatted: add 'destroy: true' to confirm that its data may be destroyed");
        } else if (Boolean.FALSE.equals(confirmed)) {
            f.error(
                    destroy,
                    "block device '" + c.name() + "' has destroy: false: fsflow formats the devices it "
                            + "benchmarks, so it refuses; use a loop device or set destroy: true");
        }
        return p == null
                ? null
                : new Device.Block(
                        c.name(),
                        p,
                        Boolean.TRUE.equals(confirmed),
                        c.precondition() == null ? null : precondition(c.precondition(), c.what()),
                        c.mount(),
                        c.filesystem(),
                        c.where());
    }

    // precondition: true (SNIA's rounds), false, or { rounds: N, round: DURATION }
    private Precondition precondition(Node n, String what) {
        if (n instanceof org.yaml.snakeyaml.nodes.ScalarNode) {
            return Boolean.TRUE.equals(v.bool(n, what + " precondition")) ? Precondition.snia() : null;
        }
        Map<String, NodeTuple> e = f.entries(n, what + " precondition", List.of("rounds", "round"));
        if (e == null) {
            return null;
        }
        Node r;
        Long rounds = (r = Fields.value(e, "rounds")) == null
                ? Long.valueOf(Precondition.ROUNDS)
                : v.integer(r, what + " precondition rounds", Precondition.WINDOW, 1000);
        java.time.Duration round = (r = Fields.value(e, "round")) == null
                ? Precondition.ROUND
                : v.duration(r, what + " precondition round");
        return rounds == null || round == null ? null : new Precondition(rounds.intValue(), round);
    }

    private Device tmpfs(Common c) {
        Long size = null;
        Node body = c.body();
        Node n;
        if (body instanceof MappingNode) {
            Map<String, NodeTuple> t = f.entries(body, c.what() + " tmpfs", List.of("size"));
            size = t == null || (n = Fields.value(t, "size")) == null
                    ? null
                    : v.size(n, c.what() + " size", 1L << 20, MAX_DEVICE_BYTES);
        } else if (!(body instanceof ScalarNode s && s.getTag() == Tag.NULL)) {
            f.error(body, c.what() + " tmpfs must be a mapping such as { size: 2G } or {}");
        }
        return new Device.Tmpfs(c.name(), size == null ? 0 : size, c.mount(), c.where());
    }
}
