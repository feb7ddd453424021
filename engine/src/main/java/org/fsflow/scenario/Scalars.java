package org.fsflow.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fsflow.lang.ByteSize;
import org.fsflow.lang.Durations;
import org.fsflow.lang.Hints;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Typed scalar values of the language (numbers, booleans, sizes, fractions, choices, names, lists,
 * durations, paths), each read from a node through {@link Fields} (so {@code ${params.NAME}} is
 * substituted) and checked, recording a located problem and returning null when it is wrong.
 */
final class Scalars {

    /** Names used in paths and node ids. */
    static final String ID = "[A-Za-z0-9][A-Za-z0-9._+-]{0,63}";

    static final String ID_RULE =
            "must be 1 to 64 letters, digits, '.', '_', '+' or '-', starting with a letter or digit";
    /** Names used inside ${...}: devices, parameters, axes. */
    static final String VAR_ID = "[A-Za-z_][A-Za-z0-9_-]{0,63}";

    static final String VAR_ID_RULE =
            "must be letters, digits, '_' or '-', starting with a letter or '_' (it is used in ${...})";

    private final Fields f;

    Scalars(Fields fields) {
        this.f = fields;
    }

    /** A non-empty scalar text. */
    String nonEmpty(Node node, String what) {
        String s = f.text(node, what);
        if (s != null && s.isBlank()) {
            f.error(node, what + " must not be empty");
            return null;
        }
        return s;
    }

    /** An integer within [min, max]. */
    Long integer(Node node, String what, long min, long max) {
        Node value = f.substituted(node);
        if (f.refused(node)) {
            return null;
        }
        node = value;
        if (!(node instanceof ScalarNode s) || s.getTag() != Tag.INT) {
            f.error(node, what + " must be a whole number, not " + Hints.describe(node));
            return null;
        }
        long v;
        try {
            v = Long.parseLong(s.getValue().replace("_", "").replace("+", ""));
        } catch (NumberFormatException e) {
            f.error(node, what + " '" + s.getValue() + "' is out of range (" + min + " to " + max + ")");
            return null;
        }
        if (v < min || v > max) {
            f.error(node, what + " is " + v + ": it must be " + (v < min ? "at least " + min : "at most " + max));
            return null;
        }
        return v;
    }

    /** A boolean. */
    Boolean bool(Node node, String what) {
        Node value = f.substituted(node);
        if (f.refused(node)) {
            return null;
        }
        node = value;
        if (node instanceof ScalarNode s && s.getTag() == Tag.BOOL) {
            return Boolean.parseBoolean(s.getValue().toLowerCase(java.util.Locale.ROOT));
        }
        f.error(node, what + " must be true or false, not " + Hints.describe(node));
        return null;
    }

    /** A size such as 4GiB within [min, max] bytes. */
    Long size(Node node, String what, long min, long max) {
        String s = f.text(node, what);
        if (s == null) {
            return null;
        }
        long bytes;
        try {
            bytes = ByteSize.parse(s);
        } catch (IllegalArgumentException e) {
            f.error(node, what + ": " + e.getMessage());
            return null;
        }
        if (bytes < min) {
            f.error(node, what + " " + s + " is too small: at least " + ByteSize.format(min));
            return null;
        }
        if (bytes > max) {
            f.error(node, what + " " + s + " is absurdly large (limit " + ByteSize.format(max) + ")");
            return null;
        }
        return bytes;
    }

    /** A fraction written as 3% or 0.03, within (0, 1]. */
    Double fraction(Node node, String what) {
        String s = f.text(node, what);
        if (s == null) {
            return null;
        }
        try {
            String t = s.trim();
            double v = t.endsWith("%")
                    ? Double.parseDouble(t.substring(0, t.length() - 1).trim()) / 100
                    : Double.parseDouble(t);
            if (v > 0 && v <= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        f.error(node, what + " '" + s + "' must be a percentage above 0 and up to 100%, such as 3%");
        return null;
    }

    /** One of {@code choices}, with a hint when it is not. */
    String choice(Node node, String what, List<String> choices) {
        String s = f.text(node, what);
        if (s == null) {
            return null;
        }
        if (!choices.contains(s)) {
            f.error(
                    node,
                    what + " '" + s + "' is not one of " + String.join(", ", choices)
                            + Hints.didYouMeanOnly(s, choices));
            return null;
        }
        return s;
    }

    /** A name matching {@code pattern} (identifiers used in paths and node ids). */
    String name(Node node, String what, String pattern, String rule) {
        String s = f.text(node, what);
        if (s != null && !s.matches(pattern)) {
            f.error(node, what + " '" + s + "' " + rule);
            return null;
        }
        return s;
    }

    /** A list of scalars; a single scalar is a list of one. */
    List<String> strings(Node node, String what) {
        List<String> out = new ArrayList<>();
        if (node instanceof SequenceNode seq) {
            for (Node item : seq.getValue()) {
                String s = f.text(item, what + " item");
                if (s != null) {
                    out.add(s);
                }
            }
        } else {
            String s = f.text(node, what);
            if (s != null) {
                out.addAll(List.of(s.trim().split("\\s+")));
            }
        }
        return out;
    }

    /** An absolute path, normalized. */
    Path absolutePath(Node node, String what) {
        String s = nonEmpty(node, what);
        if (s == null) {
            return null;
        }
        if (org.fsflow.safety.Visible.hasHidden(s)) {
            f.error(
                    node,
                    what + " '" + org.fsflow.safety.Visible.line(s)
                            + "' holds a control character: give a path on one line, as it is shown");
            return null;
        }
        if (!s.startsWith("/")) {
            f.error(node, what + " '" + s + "' must be an absolute path");
            return null;
        }
        try {
            return Path.of(s).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            f.error(node, what + " '" + s + "' is not a path: " + e.getReason());
            return null;
        }
    }

    /** {@code on_error:} continue, skip-cell or abort. */
    Scenario.OnError onError(Node node) {
        String s = choice(node, "on_error", List.of("continue", "skip-cell", "abort"));
        return s == null
                ? null
                : Scenario.OnError.valueOf(s.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /** A duration above zero: 90s, 10m, 1h30m. */
    Duration duration(Node node, String what) {
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
}
