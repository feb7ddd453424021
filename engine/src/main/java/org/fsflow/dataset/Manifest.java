package org.fsflow.dataset;

/**
 * What a generated dataset holds, written as {@code NAME.fsflow-manifest.json} beside its root
 * (never inside: a step that copies the tree must copy the dataset only) so a later run can reuse it: the spec it was made from, its file count, bytes and a digest of every file's
 * name, size and content (CRC32C, combined with SHA-256).
 *
 * @param generator the generator version (the bytes depend on it)
 * @param spec      the dataset spec and seed, as text
 * @param files     number of files
 * @param bytes     total bytes
 * @param digest    hex SHA-256 over (relative path, size, CRC32C) of every file in order
 */
public record Manifest(String generator, String spec, long files, long bytes, String digest) {

    /** The suffix of a manifest's file name, beside the dataset root. */
    public static final String SUFFIX = ".fsflow-manifest.json";

    /** Where the manifest of the dataset rooted at {@code root} lives. */
    public static java.nio.file.Path of(java.nio.file.Path root) {
        return root.resolveSibling(root.getFileName() + SUFFIX);
    }
    /** The current generator; changing how bytes are made must change this. */
    public static final String GENERATOR = "fsflow-splitmix64-v1";

    /**
     * The manifest as its file holds it: the JSON that Jackson's default pretty printer writes
     * (read back with {@code Json.MAPPER}), written by hand because making the mapper costs a
     * start of {@code fsflow dataset} about 50 ms of CPU (bench/datasets.sh).
     */
    public String toJson() {
        StringBuilder json = new StringBuilder(256).append("{\n");
        field(json, "generator").append(quoted(generator)).append(",\n");
        field(json, "spec").append(quoted(spec)).append(",\n");
        field(json, "files").append(files).append(",\n");
        field(json, "bytes").append(bytes).append(",\n");
        return field(json, "digest").append(quoted(digest)).append("\n}").toString();
    }

    private static StringBuilder field(StringBuilder json, String name) {
        return json.append("  \"").append(name).append("\" : ");
    }

    // JSON string escapes as Jackson writes them: short ones where JSON has them, else \\u00XX
    private static String quoted(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder q = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\b' -> q.append("\\b");
                case '\t' -> q.append("\\t");
                case '\f' -> q.append("\\f");
                case '\n' -> q.append("\\n");
                case '\r' -> q.append("\\r");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
