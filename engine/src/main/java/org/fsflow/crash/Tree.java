package org.fsflow.crash;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.fsflow.safety.CachedFiles;

/**
 * The regular files of a tree, each with its size and SHA-256: what a workload had made durable at
 * a mark (its manifest), or what a recovered filesystem holds. The text form, one file a line,
 * {@code SHA256 SIZE PATH} (the path relative to the tree's root, '/' separated), is what the
 * workload writes in the guest with {@code sha256sum} and {@code stat -c %s}.
 *
 * @param files each file's state, by relative path, sorted
 */
public record Tree(Map<String, File> files) {

    /**
     * One file's content.
     *
     * @param size   its length in bytes
     * @param sha256 the hex SHA-256 of its content
     */
    public record File(long size, String sha256) {}

    /** An empty tree. */
    public static final Tree EMPTY = new Tree(Map.of());

    /** The tree as stored, files sorted by path. */
    public Tree {
        files = java.util.Collections.unmodifiableMap(new TreeMap<>(files));
    }

    /** Parses the text form; a malformed line is an error naming its number. */
    public static Tree parse(String text) {
        Map<String, File> files = new TreeMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(" ", 3);
            if (f.length < 3 || !f[0].matches("[0-9a-f]{64}") || !f[1].matches("[0-9]+")) {
                throw new IllegalArgumentException("manifest line " + (i + 1) + " is not 'SHA256 SIZE PATH': " + line);
            }
            files.put(relative(f[2]), new File(Long.parseLong(f[1]), f[0]));
        }
        return new Tree(files);
    }

    // "./a/b" and "a/b" alike
    private static String relative(String path) {
        return path.startsWith("./") ? path.substring(2) : path;
    }

    /** The text form. */
    public String format() {
        StringBuilder out = new StringBuilder();
        files.forEach((path, f) -> out.append(f.sha256())
                .append(' ')
                .append(f.size())
                .append(' ')
                .append(path)
                .append('\n'));
        return out.toString();
    }

    /** The regular files under {@code root} (links not followed, as {@code find -type f}), read and hashed. */
    public static Tree of(Path root) throws IOException {
        Map<String, File> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p :
                    (Iterable<Path>) walk.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))::iterator) {
                String rel = root.relativize(p).toString().replace(java.io.File.separatorChar, '/');
                files.put(rel, new File(Files.size(p), CachedFiles.sha256(p)));
            }
        }
        return new Tree(files);
    }
}
