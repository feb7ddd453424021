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
}
