package org.fsflow.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.ByteSize;
import org.fsflow.lang.Location;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/** Reads {@code datasets:}: generated trees (counts, sizes, content, names, seed) or existing ones. */
record DatasetReader(Fields f, Scalars v) {

    /** The largest single file a dataset may hold. */
    static final long MAX_FILE_BYTES = 4L << 40;
    /** The most directories per level, files per directory and files in all of one dataset. */
    static final long MAX_DIRS = 1_000_000;

    static final long MAX_FILES_PER_DIR = 10_000_000;
    static final long MAX_FILES = 100_000_000;

    private static final List<String> KEYS =
            List.of("dirs", "files", "size", "depth", "content", "names", "seed", "archive", "existing");

    Map<String, Dataset> datasets(Node node) {
        return f.named(node, "datasets", "dataset", this::dataset);
    }

    private Dataset dataset(String name, Node node, Location keyAt) {
        String what = "dataset '" + name + "'";
        Map<String, NodeTuple> e = f.entries(node, what, KEYS);
        if (e == null) {
            return null;
        }
        Node n;
        if ((n = Fields.value(e, "existing")) != null) {
            return existing(name, what, e, n, keyAt);
        }
        f.require(e, node, what, "files", "size");
        Long dirs = (n = Fields.value(e, "dirs")) == null
                ? Long.valueOf(Defaults.DATASET_DIRS)
                : v.integer(n, what + " dirs", 1, MAX_DIRS);
        Long files =
                (n = Fields.value(e, "files")) == null ? null : v.integer(n, what + " files", 1, MAX_FILES_PER_DIR);
        Long depth = (n = Fields.value(e, "depth")) == null
                ? Long.valueOf(Defaults.DATASET_DEPTH)
                : v.integer(n, what + " depth", 0, 8);
        Dataset.SizeSpec size = (n = Fields.value(e, "size")) == null ? null : sizeSpec(n, what + " size");
        Dataset.Content content =
                (n = Fields.value(e, "content")) == null ? Defaults.DATASET_CONTENT : content(n, what + " content");
        Long seed = (n = Fields.value(e, "seed")) == null ? null : v.integer(n, what + " seed", 0, Long.MAX_VALUE);
        Boolean archive = (n = Fields.value(e, "archive")) == null ? Boolean.FALSE : v.bool(n, what + " archive");
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
        if (dirs == null
                || files == null
                || depth == null
                || size == null
                || content == null
                || dirName == null
                || fileName == null
                || archive == null) {
            return null;
        }
        Dataset d = new Dataset(
                name, dirs, files, size, depth.intValue(), content, dirName, fileName, seed, null, archive, keyAt);
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

    // a tree that is already there: nothing but its path applies
    private Dataset existing(String name, String what, Map<String, NodeTuple> e, Node n, Location keyAt) {
        for (String k : e.keySet()) {
            if (!k.equals("existing")) {
                f.error(e.get(k).getKeyNode(), what + " uses an existing tree: '" + k + "' does not apply");
            }
        }
        Path p = v.absolutePath(n, what + " existing");
        return p == null
                ? null
                : new Dataset(
                        name,
                        0,
                        0,
                        new Dataset.SizeSpec.Fixed(0),
                        1,
                        Defaults.DATASET_CONTENT,
                        Defaults.DIR_NAME,
                        Defaults.FILE_NAME,
                        null,
                        p,
                        keyAt);
    }

    private String namePattern(Node node, String what, String index) {
        String s = v.nonEmpty(node, what);
        if (s == null) {
            return null;
        }
        if (!s.contains(index) || s.contains("/") || s.equals(".") || s.equals("..")) {
            f.error(node, what + " '" + s + "' must contain " + index + " and no '/'");
            return null;
        }
        return s;
    }

    Dataset.SizeSpec sizeSpec(Node node, String what) {
        if (node instanceof MappingNode m && m.getValue().stream().anyMatch(t -> AgingReader.isKey(t, "median"))) {
            return new AgingReader(f, v).logNormal(node, what);
        }
        if (node instanceof MappingNode) {
            Map<String, NodeTuple> e = f.entries(node, what, List.of("min", "max"));
            if (e == null) {
                return null;
            }
            f.require(e, node, what, "min", "max");
            Node n;
            Long min = (n = Fields.value(e, "min")) == null ? null : v.size(n, what + " min", 1, MAX_FILE_BYTES);
            Long max = (n = Fields.value(e, "max")) == null ? null : v.size(n, what + " max", 1, MAX_FILE_BYTES);
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
                Long bytes = (n = Fields.value(e, "size")) == null ? null : v.size(n, what, 0, MAX_FILE_BYTES);
                Double weight = (n = Fields.value(e, "weight")) == null ? null : weight(n, what + " weight");
                if (bytes != null && weight != null) {
                    choices.add(new Dataset.SizeSpec.Weighted.Choice(bytes, weight));
                }
            }
            if (seq.getValue().isEmpty()) {
                f.error(node, what + " list must not be empty");
            }
            return choices.size() == seq.getValue().size() && !choices.isEmpty()
                    ? new Dataset.SizeSpec.Weighted(List.copyOf(choices))
                    : null;
        }
        Long bytes = v.size(node, what, 0, MAX_FILE_BYTES);
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
            Double c = n == null ? null : v.fraction(n, what + " compressibility");
            return c == null ? null : new Dataset.Content(Dataset.Content.Kind.COMPRESSIBLE, c);
        }
        String s = v.choice(node, what, List.of("random", "zero"));
        if (s == null) {
            return null;
        }
        return s.equals("zero") ? new Dataset.Content(Dataset.Content.Kind.ZERO, 1) : Dataset.Content.RANDOM;
    }
}
