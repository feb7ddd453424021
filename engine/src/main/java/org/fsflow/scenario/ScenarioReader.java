package org.fsflow.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Turns a YAML node tree into a {@link Scenario}: the first validation layer. Every key, type,
 * unit and range is checked here, and every problem recorded with its location; cross references
 * are checked afterwards by {@link ScenarioValidator}.
 */
final class ScenarioReader {

    static final List<String> TOP_KEYS = List.of("fsflow", "name", "title", "source", "description", "params",
            "devices", "filesystems", "datasets", "matrix", "repeat", "order", "seed", "on_error", "timeout", "steps",
            "memory", "warmup");
    static final List<String> DEVICE_KINDS = List.of("dir", "loop", "block", "tmpfs");
    static final List<String> STEP_KEYS = List.of("name", "run", "action", "device", "before", "after", "timeout",
            "on_error", "parse", "drop_caches", "flush", "memory");
    static final String ID = "[A-Za-z0-9][A-Za-z0-9._+-]{0,63}";
    static final String ID_RULE = "must be 1 to 64 letters, digits, '.', '_', '+' or '-', starting with a letter or digit";
    static final String VAR_ID = "[A-Za-z_][A-Za-z0-9_-]{0,63}";
    static final String VAR_ID_RULE = "must be letters, digits, '_' or '-', starting with a letter or '_' (it is used in ${...})";

    /** The largest loop image or tmpfs fsflow will create. */
    static final long MAX_DEVICE_BYTES = 64L << 40;
    /** The largest single file a dataset may hold. */
    static final long MAX_FILE_BYTES = 4L << 40;
    /** The most directories per level, files per directory and files in all of one dataset. */
    static final long MAX_DIRS = 1_000_000;
    static final long MAX_FILES_PER_DIR = 10_000_000;
    static final long MAX_FILES = 100_000_000;
    static final int MAX_REPEAT = 1000;

    private final Fields f;
    private final SourceText source;
    private BudgetReader memory;

    ScenarioReader(SourceText source, Problems problems) {
        this.source = source;
        this.f = new Fields(source.path(), problems);
    }

    Scenario read(Node root) {
        Map<String, NodeTuple> top = f.entries(root, "the scenario", TOP_KEYS);
        if (top == null) {
            return null;
        }
        f.require(top, root, "a scenario", "fsflow", "name", "devices", "steps");
        Node n;
        // params first: every other string may use ${params.NAME}
        Map<String, Scenario.Param> params = (n = Fields.value(top, "params")) == null ? Map.of() : params(n);
        f.useParams(params);
        int version = 1;
        if ((n = Fields.value(top, "fsflow")) != null) {
            Long v = f.integer(n, "fsflow (the language version)", 1, Long.MAX_VALUE);
            if (v != null && v != Versions.LANGUAGE) {
                f.error(n, "language version " + v + " is not supported by this fsflow: write 'fsflow: "
                        + Versions.LANGUAGE + "'");
            }
        }
        String name = (n = Fields.value(top, "name")) == null ? null : f.name(n, "name", ID, ID_RULE);
        String title = optionalText(top, "title");
        String provenance = optionalText(top, "source");
        String description = optionalText(top, "description");
        memory = new BudgetReader(f, params);
        Map<String, Device> devices = (n = Fields.value(top, "devices")) == null ? Map.of() : devices(n);
        Map<String, Filesystem> filesystems = (n = Fields.value(top, "filesystems")) == null ? Map.of()
                : filesystems(n);
        Map<String, Dataset> datasets = (n = Fields.value(top, "datasets")) == null ? Map.of() : datasets(n);
        Matrix matrix = (n = Fields.value(top, "matrix")) == null ? new Matrix(Map.of()) : matrix(n);
        Repeat repeat = (n = Fields.value(top, "repeat")) == null ? Repeat.times(Defaults.REPEAT, Location.of(source.path(), 1, 1))
                : repeat(n);
        Scenario.Order order = Defaults.ORDER;
        if ((n = Fields.value(top, "order")) != null) {
            String o = f.choice(n, "order", List.of("sequential", "interleaved", "shuffled"));
            if (o != null) {
                order = Scenario.Order.valueOf(o.toUpperCase(Locale.ROOT));
            }
        }
        Long seed = (n = Fields.value(top, "seed")) == null ? null : f.integer(n, "seed", 0, Long.MAX_VALUE);
        Scenario.OnError onError = (n = Fields.value(top, "on_error")) == null ? Defaults.ON_ERROR
                : onError(n);
        Duration timeout = (n = Fields.value(top, "timeout")) == null ? null : duration(n, "timeout");
        List<Step> steps = (n = Fields.value(top, "steps")) == null ? List.of() : steps(n);
        MemoryBudget budget = (n = Fields.value(top, "memory")) == null
                ? MemoryBudget.none(Location.of(source.path(), 1, 1)) : memory.scenarioBudget(n);
        Long warmup = (n = Fields.value(top, "warmup")) == null ? Long.valueOf(0)
                : f.integer(n, "warmup", 0, MAX_REPEAT);
        return new Scenario(source, version, name, title, provenance, description, params, devices, filesystems,
                datasets, matrix, repeat, order, seed, onError, timeout, steps, budget,
                warmup == null ? 0 : warmup.intValue());
    }

    private String optionalText(Map<String, NodeTuple> entries, String key) {
        Node n = Fields.value(entries, key);
        return n == null ? null : f.text(n, key);
    }

    private Map<String, Scenario.Param> params(Node node) {
        Map<String, Scenario.Param> out = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = f.entries(node, "params", null);
        if (entries == null) {
            return out;
        }
        for (NodeTuple t : entries.values()) {
            String name = f.key(t.getKeyNode(), "parameter name", VAR_ID, VAR_ID_RULE);
            String value = f.paramValue(t.getValueNode(), "parameter '" + name + "'");
            if (name != null && value != null) {
                out.put(name, new Scenario.Param(name, value, f.at(t.getValueNode())));
            }
        }
        return out;
    }

    private Map<String, Device> devices(Node node) {
        Map<String, Device> out = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = f.entries(node, "devices", null);
        if (entries == null) {
            return out;
        }
        if (entries.isEmpty()) {
            f.error(node, "devices must name at least one device, such as target: { dir: /tmp/bench }");
        }
        for (NodeTuple t : entries.values()) {
            String name = f.key(t.getKeyNode(), "device name", VAR_ID, VAR_ID_RULE);
            Device d = device(name, t.getValueNode());
            if (name != null && d != null) {
                out.put(name, d);
            }
        }
        return out;
    }

    private Device device(String name, Node node) {
        String what = "device '" + name + "'";
        List<String> allowed = List.of("dir", "loop", "block", "tmpfs", "destroy", "filesystem", "mount");
        Map<String, NodeTuple> e = f.entries(node, what, allowed);
        if (e == null) {
            return null;
        }
        List<String> kinds = DEVICE_KINDS.stream().filter(e::containsKey).toList();
        if (kinds.size() != 1) {
            f.error(node, what + (kinds.isEmpty() ? " needs a kind: " : " has several kinds (" + String.join(", ", kinds)
                    + "): give exactly one of ") + "dir, loop, block or tmpfs");
            return null;
        }
        String kind = kinds.get(0);
        Node body = Fields.value(e, kind);
        Location where = f.at(node);
        Node n;
        Path mount = (n = Fields.value(e, "mount")) == null ? null : absolutePath(n, what + " mount");
        String filesystem = (n = Fields.value(e, "filesystem")) == null ? null : f.nonEmpty(n, what + " filesystem");
        Node destroy = Fields.value(e, "destroy");
        if (destroy != null && !kind.equals("block")) {
            f.error(destroy, "destroy applies only to block devices: fsflow creates and removes " + kind
                    + " devices itself");
        }
        switch (kind) {
            case "dir" -> {
                if (mount != null || filesystem != null) {
                    f.error(node, what + " is a dir device: it has no mount point or filesystem of its own");
                }
                Path p = absolutePath(body, what + " dir");
                return p == null ? null : new Device.Dir(name, p, where);
            }
            case "loop" -> {
                Map<String, NodeTuple> l = f.entries(body, what + " loop", List.of("size", "image", "direct_io"));
                if (l == null) {
                    return null;
                }
                f.require(l, body, what + " loop", "size");
                Long size = (n = Fields.value(l, "size")) == null ? null
                        : f.size(n, what + " size", 1L << 20, MAX_DEVICE_BYTES);
                Path image = (n = Fields.value(l, "image")) == null ? null : absolutePath(n, what + " image");
                Boolean directIo = (n = Fields.value(l, "direct_io")) == null ? Boolean.TRUE
                        : f.bool(n, what + " direct_io");
                return size == null ? null : new Device.Loop(name, size, image, !Boolean.FALSE.equals(directIo), mount,
                        filesystem, where);
            }
            case "block" -> {
                Path p = absolutePath(body, what + " block");
                if (p != null && !p.startsWith("/dev/")) {
                    f.error(body, what + " block must be a device node under /dev, such as /dev/sdb3");
                    p = null;
                }
                Boolean confirmed = destroy == null ? Boolean.FALSE : f.bool(destroy, what + " destroy");
                if (destroy == null) {
                    f.error(node, "block device '" + name + "' (" + f.text(body, "block")
                            + ") would be formatted: add 'destroy: true' to confirm that its data may be destroyed");
                } else if (Boolean.FALSE.equals(confirmed)) {
                    f.error(destroy, "block device '" + name + "' has destroy: false: fsflow formats the devices it "
                            + "benchmarks, so it refuses; use a loop device or set destroy: true");
                }
                return p == null ? null : new Device.Block(name, p, Boolean.TRUE.equals(confirmed), mount,
                        filesystem, where);
            }
            default -> {
                Long size = null;
                if (body instanceof MappingNode) {
                    Map<String, NodeTuple> t = f.entries(body, what + " tmpfs", List.of("size"));
                    size = t == null || (n = Fields.value(t, "size")) == null ? null
                            : f.size(n, what + " size", 1L << 20, MAX_DEVICE_BYTES);
                } else if (!(body instanceof ScalarNode s && s.getTag() == Tag.NULL)) {
                    f.error(body, what + " tmpfs must be a mapping such as { size: 2G } or {}");
                }
                return new Device.Tmpfs(name, size == null ? 0 : size, mount, where);
            }
        }
    }

    private Path absolutePath(Node node, String what) {
        String s = f.nonEmpty(node, what);
        if (s == null) {
            return null;
        }
        if (!s.startsWith("/")) {
            f.error(node, what + " '" + s + "' must be an absolute path");
            return null;
        }
        return Path.of(s).normalize();
    }

    private Map<String, Filesystem> filesystems(Node node) {
        Map<String, Filesystem> out = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = f.entries(node, "filesystems", null);
        if (entries == null) {
            return out;
        }
        for (NodeTuple t : entries.values()) {
            String name = f.key(t.getKeyNode(), "filesystem name", ID, ID_RULE);
            Filesystem fs = name == null ? null : filesystem(name, t.getValueNode(), f.at(t.getKeyNode()));
            if (fs != null) {
                out.put(name, fs);
            }
        }
        return out;
    }

    private Filesystem filesystem(String name, Node node, Location keyAt) {
        String what = "filesystem '" + name + "'";
        if (node instanceof ScalarNode s && s.getTag() == Tag.NULL) {
            node = new MappingNode(Tag.MAP, true, List.of(), node.getStartMark(), node.getEndMark(),
                    org.yaml.snakeyaml.DumperOptions.FlowStyle.FLOW);
        }
        Map<String, NodeTuple> e = f.entries(node, what,
                List.of("type", "mkfs_options", "mount_options", "lifecycle"));
        if (e == null) {
            return null;
        }
        Node n;
        Filesystem.Lifecycle lifecycle = (n = Fields.value(e, "lifecycle")) == null ? null : lifecycle(n, what);
        String type = (n = Fields.value(e, "type")) == null ? name : f.nonEmpty(n, what + " type");
        if (lifecycle == null && type != null && !FilesystemType.NAMES.contains(type)) {
            Node at = Fields.value(e, "type");
            f.problems().error(at == null ? keyAt : f.at(at), "no built-in driver for filesystem type '" + type + "'"
                    + Fields.didYouMean(type, FilesystemType.NAMES).replace(": expected one of", ": built-in types are")
                    + (at == null ? "; add 'type:' or a 'lifecycle:' with its own commands" : ""));
        }
        List<String> mkfs = (n = Fields.value(e, "mkfs_options")) == null ? List.of()
                : f.strings(n, what + " mkfs_options");
        List<String> mount = List.of();
        if ((n = Fields.value(e, "mount_options")) != null) {
            mount = new ArrayList<>();
            for (String s : f.strings(n, what + " mount_options")) {
                for (String o : s.split(",")) {
                    if (!o.isBlank()) {
                        mount.add(o.trim());
                    }
                }
            }
        }
        return new Filesystem(name, type, mkfs, mount, lifecycle, keyAt);
    }

    private Filesystem.Lifecycle lifecycle(Node node, String what) {
        String w = what + " lifecycle";
        Map<String, NodeTuple> e = f.entries(node, w,
                List.of("requires", "kernel", "service", "create", "mount", "umount", "destroy"));
        if (e == null) {
            return null;
        }
        f.require(e, node, w, "create");
        Node n;
        List<String> requires = (n = Fields.value(e, "requires")) == null ? List.of() : f.strings(n, w + " requires");
        String kernel = (n = Fields.value(e, "kernel")) == null ? null : f.nonEmpty(n, w + " kernel");
        Filesystem.Service service = null;
        if ((n = Fields.value(e, "service")) != null) {
            Map<String, NodeTuple> s = f.entries(n, w + " service", List.of("start", "stop", "check"));
            if (s != null) {
                f.require(s, n, w + " service", "start", "check");
                service = new Filesystem.Service(command(s, "start", w + " service start"),
                        command(s, "stop", w + " service stop"), command(s, "check", w + " service check"));
            }
        }
        return new Filesystem.Lifecycle(requires, kernel, service, command(e, "create", w + " create"),
                command(e, "mount", w + " mount"), command(e, "umount", w + " umount"),
                command(e, "destroy", w + " destroy"));
    }

    private Command command(Map<String, NodeTuple> e, String key, String what) {
        Node n = Fields.value(e, key);
        return n == null ? null : f.command(n, what);
    }

    private Map<String, Dataset> datasets(Node node) {
        Map<String, Dataset> out = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = f.entries(node, "datasets", null);
        if (entries == null) {
            return out;
        }
        for (NodeTuple t : entries.values()) {
            String name = f.key(t.getKeyNode(), "dataset name", ID, ID_RULE);
            Dataset d = name == null ? null : dataset(name, t.getValueNode(), f.at(t.getKeyNode()));
            if (d != null) {
                out.put(name, d);
            }
        }
        return out;
    }

    private Dataset dataset(String name, Node node, Location keyAt) {
        String what = "dataset '" + name + "'";
        Map<String, NodeTuple> e = f.entries(node, what,
                List.of("dirs", "files", "size", "depth", "content", "names", "seed", "existing"));
        if (e == null) {
            return null;
        }
        Node n;
        if ((n = Fields.value(e, "existing")) != null) {
            for (String k : e.keySet()) {
                if (!k.equals("existing")) {
                    f.error(e.get(k).getKeyNode(), what + " uses an existing tree: '" + k + "' does not apply");
                }
            }
            Path p = absolutePath(n, what + " existing");
            return p == null ? null : new Dataset(name, 0, 0, new Dataset.SizeSpec.Fixed(0), 1, Defaults.DATASET_CONTENT,
                    Defaults.DIR_NAME, Defaults.FILE_NAME, null, p, keyAt);
        }
        f.require(e, node, what, "files", "size");
        Long dirs = (n = Fields.value(e, "dirs")) == null ? Long.valueOf(Defaults.DATASET_DIRS)
                : f.integer(n, what + " dirs", 1, MAX_DIRS);
        Long files = (n = Fields.value(e, "files")) == null ? null
                : f.integer(n, what + " files", 1, MAX_FILES_PER_DIR);
        Long depth = (n = Fields.value(e, "depth")) == null ? Long.valueOf(Defaults.DATASET_DEPTH)
                : f.integer(n, what + " depth", 0, 8);
        Dataset.SizeSpec size = (n = Fields.value(e, "size")) == null ? null : sizeSpec(n, what + " size");
        Dataset.Content content = (n = Fields.value(e, "content")) == null ? Defaults.DATASET_CONTENT
                : content(n, what + " content");
        Long seed = (n = Fields.value(e, "seed")) == null ? null : f.integer(n, what + " seed", 0, Long.MAX_VALUE);
        String dirName = Defaults.DIR_NAME;
        String fileName = Defaults.FILE_NAME;
        if ((n = Fields.value(e, "names")) != null) {
            Map<String, NodeTuple> names = f.entries(n, what + " names", List.of("dir", "file"));
            if (names != null) {
                Node d = Fields.value(names, "dir");
                Node fl = Fields.value(names, "file");
                dirName = d == null ? dirName : namePattern(d, what + " names.dir", "{i}");
                fileName = fl == null ? fileName : namePattern(fl, what + " names.file", "{j}");
            }
        }
        if (dirs == null || files == null || depth == null || size == null || content == null
                || dirName == null || fileName == null) {
            return null;
        }
        Dataset d = new Dataset(name, dirs, files, size, depth.intValue(), content, dirName, fileName, seed, null, keyAt);
        try {
            if (d.fileCount() > MAX_FILES) {
                f.error(node, what + " has " + d.fileCount() + " files: the limit is " + MAX_FILES);
                return null;
            }
        } catch (ArithmeticException overflow) {
            f.error(node, what + " has more files than can be counted: lower dirs, files or depth");
            return null;
        }
        return d;
    }

    private String namePattern(Node node, String what, String index) {
        String s = f.nonEmpty(node, what);
        if (s == null) {
            return null;
        }
        if (!s.contains(index) || s.contains("/") || s.equals(".") || s.equals("..")) {
            f.error(node, what + " '" + s + "' must contain " + index + " and no '/'");
            return null;
        }
        return s;
    }

    private Dataset.SizeSpec sizeSpec(Node node, String what) {
        if (node instanceof MappingNode) {
            Map<String, NodeTuple> e = f.entries(node, what, List.of("min", "max"));
            if (e == null) {
                return null;
            }
            f.require(e, node, what, "min", "max");
            Node n;
            Long min = (n = Fields.value(e, "min")) == null ? null : f.size(n, what + " min", 1, MAX_FILE_BYTES);
            Long max = (n = Fields.value(e, "max")) == null ? null : f.size(n, what + " max", 1, MAX_FILE_BYTES);
            if (min == null || max == null) {
                return null;
            }
            if (min > max) {
                f.error(node, what + " min (" + ByteSize.format(min) + ") is above max (" + ByteSize.format(max) + ")");
                return null;
            }
            return new Dataset.SizeSpec.LogUniform(min, max);
        }
        if (node instanceof SequenceNode seq) {
            List<Dataset.SizeSpec.Weighted.Choice> choices = new ArrayList<>();
            for (Node item : seq.getValue()) {
                Map<String, NodeTuple> e = f.entries(item, what + " choice", List.of("size", "weight"));
                if (e == null) {
                    continue;
                }
                f.require(e, item, what + " choice", "size", "weight");
                Node n;
                Long bytes = (n = Fields.value(e, "size")) == null ? null : f.size(n, what, 0, MAX_FILE_BYTES);
                Double weight = (n = Fields.value(e, "weight")) == null ? null : weight(n, what + " weight");
                if (bytes != null && weight != null) {
                    choices.add(new Dataset.SizeSpec.Weighted.Choice(bytes, weight));
                }
            }
            if (seq.getValue().isEmpty()) {
                f.error(node, what + " list must not be empty");
            }
            return choices.size() == seq.getValue().size() && !choices.isEmpty()
                    ? new Dataset.SizeSpec.Weighted(List.copyOf(choices)) : null;
        }
        Long bytes = f.size(node, what, 0, MAX_FILE_BYTES);
        return bytes == null ? null : new Dataset.SizeSpec.Fixed(bytes);
    }

    private Double weight(Node node, String what) {
        String s = f.text(node, what);
        try {
            double w = Double.parseDouble(s);
            if (w > 0 && Double.isFinite(w)) {
                return w;
            }
        } catch (NumberFormatException | NullPointerException e) {
            // reported below
        }
        if (s != null) {
            f.error(node, what + " '" + s + "' must be a number above 0");
        }
        return null;
    }

    private Dataset.Content content(Node node, String what) {
        if (node instanceof MappingNode) {
            Map<String, NodeTuple> e = f.entries(node, what, List.of("compressibility"));
            if (e == null) {
                return null;
            }
            f.require(e, node, what, "compressibility");
            Node n = Fields.value(e, "compressibility");
            Double c = n == null ? null : f.fraction(n, what + " compressibility");
            return c == null ? null : new Dataset.Content(Dataset.Content.Kind.COMPRESSIBLE, c);
        }
        String s = f.choice(node, what, List.of("random", "zero"));
        if (s == null) {
            return null;
        }
        return s.equals("zero") ? new Dataset.Content(Dataset.Content.Kind.ZERO, 1) : Dataset.Content.RANDOM;
    }

    private Matrix matrix(Node node) {
        Map<String, List<Matrix.Value>> axes = new LinkedHashMap<>();
        Map<String, NodeTuple> entries = f.entries(node, "matrix", null);
        if (entries == null) {
            return new Matrix(axes);
        }
        for (NodeTuple t : entries.values()) {
            String axis = f.key(t.getKeyNode(), "matrix axis", VAR_ID, VAR_ID_RULE);
            Node v = t.getValueNode();
            List<Node> items = v instanceof SequenceNode seq ? seq.getValue() : List.of(v);
            if (items.isEmpty()) {
                f.error(v, "matrix axis '" + axis + "' has no values: list at least one");
                continue;
            }
            List<Matrix.Value> values = new ArrayList<>();
            for (Node item : items) {
                String value = f.name(item, "matrix value", ID, ID_RULE + " (it is part of node ids)");
                if (value == null) {
                    continue;
                }
                if (values.stream().anyMatch(x -> x.value().equals(value))) {
                    f.error(item, "matrix axis '" + axis + "' lists '" + value + "' twice: use repeat for repetitions");
                    continue;
                }
                values.add(new Matrix.Value(value, f.at(item)));
            }
            if (axis != null) {
                axes.put(axis, List.copyOf(values));
            }
        }
        return new Matrix(axes);
    }

    private Repeat repeat(Node node) {
        Location where = f.at(node);
        if (node instanceof MappingNode) {
            Map<String, NodeTuple> e = f.entries(node, "repeat", List.of("min", "max", "target_cv"));
            if (e == null) {
                return null;
            }
            f.require(e, node, "repeat", "min", "max");
            Node n;
            Long min = (n = Fields.value(e, "min")) == null ? null : f.integer(n, "repeat min", 1, MAX_REPEAT);
            Long max = (n = Fields.value(e, "max")) == null ? null : f.integer(n, "repeat max", 1, MAX_REPEAT);
            Double cv = (n = Fields.value(e, "target_cv")) == null ? Double.valueOf(0) : f.fraction(n, "repeat target_cv");
            if (min == null || max == null || cv == null) {
                return null;
            }
            if (min > max) {
                f.error(node, "repeat min (" + min + ") is above max (" + max + ")");
                return null;
            }
            return new Repeat(min.intValue(), max.intValue(), cv, where);
        }
        Long n = f.integer(node, "repeat", 1, MAX_REPEAT);
        return n == null ? null : Repeat.times(n.intValue(), where);
    }

    private Scenario.OnError onError(Node node) {
        String s = f.choice(node, "on_error", List.of("continue", "skip-cell", "abort"));
        return s == null ? null : Scenario.OnError.valueOf(s.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    private Duration duration(Node node, String what) {
        String s = f.text(node, what);
        if (s == null) {
            return null;
        }
        try {
            Duration d = Durations.parse(s);
            if (d.isZero()) {
                f.error(node, what + " must be above zero");
                return null;
            }
            return d;
        } catch (IllegalArgumentException e) {
            f.error(node, what + ": " + e.getMessage());
            return null;
        }
    }

    private List<Step> steps(Node node) {
        List<Step> out = new ArrayList<>();
        if (!(node instanceof SequenceNode seq)) {
            f.error(node, "steps must be a list (one '- ' line per step), not " + Fields.describe(node));
            return out;
        }
        if (seq.getValue().isEmpty()) {
            f.error(node, "steps must list at least one step");
        }
        for (Node item : seq.getValue()) {
            Step s = step(item);
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }

    private Step step(Node node) {
        Location where = f.at(node);
        if (node instanceof ScalarNode) {
            String keyword = f.text(node, "a step");
            return keyword == null ? null : actionStep(keyword, node, Map.of(), where);
        }
        if (node instanceof MappingNode map && map.getValue().size() == 1
                && map.getValue().get(0).getKeyNode() instanceof ScalarNode k && !STEP_KEYS.contains(k.getValue())) {
            // one-key form: "- mkfs: { device: other }"
            Node body = map.getValue().get(0).getValueNode();
            Map<String, NodeTuple> e = body instanceof ScalarNode s && s.getTag() == Tag.NULL ? Map.of()
                    : f.entries(body, "step '" + k.getValue() + "'", List.of("name", "device", "before", "after",
                            "timeout", "on_error", "drop_caches", "flush", "memory"));
            return e == null ? null : actionStep(k.getValue(), k, e, where);
        }
        Map<String, NodeTuple> e = f.entries(node, "a step", STEP_KEYS);
        if (e == null) {
            return null;
        }
        Node n;
        if ((n = Fields.value(e, "action")) != null) {
            if (e.containsKey("run")) {
                f.error(n, "a step has either 'run:' or 'action:', not both");
                return null;
            }
            if (e.containsKey("parse")) {
                f.error(Fields.value(e, "parse"), "parse applies to run: steps only");
            }
            String keyword = f.text(n, "action");
            return keyword == null ? null : actionStep(keyword, n, e, where);
        }
        if (!e.containsKey("run")) {
            f.error(node, "a step needs 'run:' (a command) or an action (" + String.join(", ", Step.Action.keywords())
                    + ")");
            return null;
        }
        if (e.containsKey("device")) {
            f.error(Fields.value(e, "device"), "device applies to actions only: name the device in the command "
                    + "as ${name.mnt} or ${name.dev}");
        }
        String name = (n = Fields.value(e, "name")) == null ? null : f.name(n, "step name", ID, ID_RULE);
        if (n == null) {
            f.error(node, "a run: step needs a 'name:' (it names the step in results and reports)");
        }
        Command run = f.command(Fields.value(e, "run"), "run");
        String parse = (n = Fields.value(e, "parse")) == null ? null : f.choice(n, "parse", ParserName.STEP_NAMES);
        Step common = common(e, null);
        return name == null || run == null ? null
                : new Step(name, null, null, run, common.before(), common.after(), common.timeout(), common.onError(),
                        parse, common.dropCaches(), common.flush(), common.memory(), where);
    }

    private Step actionStep(String keyword, Node keywordNode, Map<String, NodeTuple> e, Location where) {
        Step.Action action = Step.Action.of(keyword);
        if (action == null) {
            f.error(keywordNode, "unknown action '" + keyword + "'"
                    + Fields.didYouMean(keyword, Step.Action.keywords()).replace(": expected one of", ": actions are")
                    + "; a command needs a mapping with name: and run:");
            return null;
        }
        Node n;
        String name = (n = Fields.value(e, "name")) == null ? keyword : f.name(n, "step name", ID, ID_RULE);
        String device = (n = Fields.value(e, "device")) == null ? Defaults.ACTION_DEVICE
                : f.name(n, "device", VAR_ID, VAR_ID_RULE);
        Step common = common(e, null);
        return name == null || device == null ? null
                : new Step(name, action, device, null, common.before(), common.after(), common.timeout(),
                        common.onError(), null, common.dropCaches(), common.flush(), common.memory(), where);
    }

    private Step common(Map<String, NodeTuple> e, String name) {
        Node n;
        Command before = (n = Fields.value(e, "before")) == null ? null : f.command(n, "before");
        Command after = (n = Fields.value(e, "after")) == null ? null : f.command(n, "after");
        Duration timeout = (n = Fields.value(e, "timeout")) == null ? null : duration(n, "timeout");
        Scenario.OnError onError = (n = Fields.value(e, "on_error")) == null ? null : onError(n);
        Boolean drop = (n = Fields.value(e, "drop_caches")) == null ? Boolean.FALSE : f.bool(n, "drop_caches");
        Boolean flush = (n = Fields.value(e, "flush")) == null ? Boolean.FALSE : f.bool(n, "flush");
        Long budget = (n = Fields.value(e, "memory")) == null ? null : memory.stepBudget(n);
        return new Step(name, null, null, null, before, after, timeout, onError, null, Boolean.TRUE.equals(drop),
                Boolean.TRUE.equals(flush), budget, null);
    }
}
