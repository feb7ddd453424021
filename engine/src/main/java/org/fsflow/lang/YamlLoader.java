package org.fsflow.lang;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.fsflow.safety.InputFiles;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads a scenario file into a YAML node tree, safely. Nothing is constructed from tags: the
 * node API is used and every node keeps its line and column. Refused, each with a located
 * message: files over {@link #MAX_BYTES}, binary files and encoding errors, tabs in indentation,
 * explicit tags ({@code !!python/object}, {@code !custom}), more than {@link #MAX_ALIASES}
 * aliases to collections (YAML bombs), nesting deeper than {@link #MAX_DEPTH}.
 */
public final class YamlLoader {

    /** A scenario is a page of text; 1 MiB is far beyond any real one. */
    public static final int MAX_BYTES = 1 << 20;
    /** Aliases to collections allowed in one file; a "billion laughs" needs many more. */
    public static final int MAX_ALIASES = 50;
    /** Nesting depth allowed; the language itself needs about 6. */
    public static final int MAX_DEPTH = 32;

    private static final Set<Tag> PLAIN_TAGS =
            Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL, Tag.MAP, Tag.SEQ, Tag.TIMESTAMP);

    private YamlLoader() {}

    /**
     * Reads and decodes {@code file}; {@code shownAs} is the path printed in diagnostics.
     * Returns null after recording the problem when the file is missing, too big or not text.
     */
    public static SourceText read(Path file, String shownAs, Problems problems) {
        Location top = Location.of(shownAs, 1, 1);
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                problems.error(Location.commandLine(shownAs), "is a directory, not a scenario file");
                return null;
            }
            if (Files.exists(file) && InputFiles.problem(file) != null) {
                // a FIFO would block the read for ever, /dev/zero never end it
                problems.error(
                        Location.commandLine(shownAs),
                        "is not a regular file (a FIFO, a device or a socket): a scenario is a file");
                return null;
            }
            if (Files.size(file) > MAX_BYTES) {
                problems.error(top, "file is larger than " + MAX_BYTES / 1024 + " KiB: is this really a scenario?");
                return null;
            }
            bytes = InputFiles.read(file, MAX_BYTES);
        } catch (NoSuchFileException e) {
            problems.error(Location.commandLine(shownAs), "no such file");
            return null;
        } catch (IOException e) {
            problems.error(Location.commandLine(shownAs), "cannot read: " + e.getMessage());
            return null;
        }
        return decode(bytes, shownAs, problems);
    }

    /** Decodes UTF-8 bytes (a leading BOM is dropped), locating the first invalid byte. */
    public static SourceText decode(byte[] bytes, String shownAs, Problems problems) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                problems.error(at(bytes, i, shownAs), "binary file (NUL byte): a scenario is UTF-8 YAML text");
                return null;
            }
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            String text = utf8.decode(in).toString();
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            return new SourceText(shownAs, text, bytes);
        } catch (CharacterCodingException e) {
            problems.error(at(bytes, firstInvalidByte(bytes), shownAs), "not valid UTF-8 text: save the file as UTF-8");
            return null;
        }
    }

    /**
     * Parses {@code source} into its root node, or returns null after recording why it could not.
     * An empty file (or one holding only comments) is an error, as is a file of several documents.
     */
    public static Node parse(SourceText source, Problems problems) {
        if (!reportTabs(source, problems)) {
            return null;
        }
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        options.setMaxAliasesForCollections(MAX_ALIASES);
        options.setNestingDepthLimit(MAX_DEPTH);
        options.setCodePointLimit(MAX_BYTES);
        options.setAllowRecursiveKeys(false);
        Yaml yaml = new Yaml(new SafeConstructor(options));
        Node root;
        try {
            root = yaml.compose(new StringReader(source.text()));
        } catch (MarkedYAMLException e) {
            problems.error(location(source.path(), e.getProblemMark()), syntaxMessage(e));
            return null;
        } catch (YAMLException e) {
            problems.error(Location.of(source.path(), 1, 1), limitMessage(e));
            return null;
        }
        if (root == null) {
            problems.error(
                    Location.of(source.path(), 1, 1),
                    "file is empty: a scenario needs at least 'fsflow: 1', 'name', 'devices' and 'steps'");
            return null;
        }
        checkTags(root, source.path(), problems, Collections.newSetFromMap(new IdentityHashMap<>()), 0);
        return root;
    }

    /** The location of a node's start. */
    public static Location location(String file, Node node) {
        return location(file, node.getStartMark());
    }

    public static Location location(String file, Mark mark) {
        return mark == null ? Location.of(file, 1, 1) : Location.of(file, mark.getLine() + 1, mark.getColumn() + 1);
    }

    private static boolean reportTabs(SourceText source, Problems problems) {
        boolean clean = true;
        String[] lines = source.text().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            for (int col = 0; col < line.length(); col++) {
                char c = line.charAt(col);
                if (c == '\t') {
                    problems.error(
                            Location.of(source.path(), i + 1, col + 1),
                            "tab in indentation: YAML indents with spaces only; replace the tab with spaces");
                    clean = false;
                    break;
                }
                if (c != ' ') {
                    break;
                }
            }
        }
        return clean;
    }

    private static void checkTags(Node node, String file, Problems problems, Set<Node> seen, int depth) {
        if (!seen.add(node)) {
            return;
        }
        if (!PLAIN_TAGS.contains(node.getTag())) {
            problems.error(
                    location(file, node),
                    "YAML tag '" + node.getTag().getValue()
                            + "' is not allowed: scenarios hold plain values, lists and mappings only");
        }
        if (node instanceof MappingNode map) {
            for (NodeTuple t : map.getValue()) {
                checkTags(t.getKeyNode(), file, problems, seen, depth + 1);
                checkTags(t.getValueNode(), file, problems, seen, depth + 1);
            }
        } else if (node instanceof SequenceNode seq) {
            for (Node item : seq.getValue()) {
                checkTags(item, file, problems, seen, depth + 1);
            }
        } else if (!(node instanceof ScalarNode)) {
            problems.error(location(file, node), "unsupported YAML node");
        }
    }

    private static String syntaxMessage(MarkedYAMLException e) {
        String problem =
                e.getProblem() == null ? "malformed YAML" : e.getProblem().trim();
        String context = e.getContext() == null ? "" : e.getContext().trim();
        if (problem.startsWith("Global tag is not allowed")) {
            return "YAML tag '"
                    + problem.substring(problem.indexOf(':') + 1).trim().replace("tag:yaml.org,2002:", "!!")
                    + "' is not allowed: scenarios hold plain values, lists and mappings only";
        }
        if (problem.startsWith("found duplicate anchor")) {
            return "YAML syntax: " + problem;
        }
        if (problem.startsWith("found undefined alias")) {
            return "YAML: " + problem + ": define the anchor (&name) before using it (*name)";
        }
        String hint = "";
        if (problem.contains("mapping values are not allowed")) {
            hint = ": a value holding ': ' must be quoted";
        } else if (problem.contains("could not find expected ':'")) {
            hint = ": each key needs a colon and a space after it";
        } else if (problem.contains("expected <block end>")) {
            hint = ": check the indentation of this line against the one above";
        }
        return "YAML syntax: " + (context.isEmpty() ? "" : context + ", ") + problem + hint;
    }

    private static String limitMessage(YAMLException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("aliases")) {
            return "more than " + MAX_ALIASES + " aliases to lists or mappings: refused as a possible YAML bomb";
        }
        if (m.contains("Nesting Depth")) {
            return "nesting deeper than " + MAX_DEPTH + " levels: refused";
        }
        if (m.contains("exceeds the limit")) {
            return "file is larger than " + MAX_BYTES / 1024 + " KiB: refused";
        }
        return "YAML: " + m.lines().findFirst().orElse("malformed");
    }

    private static int firstInvalidByte(byte[] bytes) {
        CharsetDecoder utf8 = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length + 1);
        utf8.decode(in, out, true);
        return in.position();
    }

    private static Location at(byte[] bytes, int offset, String file) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        String prefix = new String(bytes, lineStart, Math.max(0, offset - lineStart), StandardCharsets.UTF_8);
        return Location.of(file, line, prefix.codePointCount(0, prefix.length()) + 1);
    }
}
