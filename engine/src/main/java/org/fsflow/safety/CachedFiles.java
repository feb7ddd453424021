package org.fsflow.safety;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Files kept across runs whose content is known in advance by its SHA-256 (a downloaded kernel
 * package, whose checksum the package manager gives; a built initramfs): used only when the file
 * is a regular file that root controls and its digest is the expected one, else fetched again into
 * a new file beside it, checked, and renamed into place; never used unverified.
 *
 * <pre>
 * Path deb = CachedFiles.obtain(cache.resolve(name), sha256FromApt, tmp -> download(tmp));
 * </pre>
 *
 * The cache directory itself must be safe ({@link SafeDirectories#create}).
 */
public final class CachedFiles {

    /** Writes a fresh copy of the file into {@code into}, which does not exist yet. */
    @FunctionalInterface
    public interface Fetcher {
        /** Fetches into {@code into}. */
        void fetch(Path into) throws IOException;
    }

    private CachedFiles() {}

    /** True when {@code file} may be used: a regular file root controls, with this SHA-256 (hex). */
    public static boolean verified(Path file, String sha256) throws IOException {
        return SafeFiles.problem(file) == null && sha256(file).equalsIgnoreCase(sha256);
    }

    /**
     * Returns {@code file} once it holds the content of {@code sha256}: the cached copy when it is
     * verified, else a fresh one from {@code fetcher}. A fresh copy that does not match is removed
     * and refused with an {@link IOException} naming both digests.
     */
    public static Path obtain(Path file, String sha256, Fetcher fetcher) throws IOException {
        if (Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS) && verified(file, sha256)) {
            return file;
        }
        Path fresh = file.resolveSibling(
                file.getFileName() + ".fetching-" + ProcessHandle.current().pid());
        Files.deleteIfExists(fresh);
        try {
            fetcher.fetch(fresh);
            if (SafeFiles.problem(fresh) != null) {
                throw new IOException("refusing the fetched " + file.getFileName() + ": " + SafeFiles.problem(fresh));
            }
            String got = sha256(fresh);
            if (!got.equalsIgnoreCase(sha256)) {
                throw new IOException("refusing " + file.getFileName() + ": its SHA-256 is " + got + ", expected "
                        + sha256.toLowerCase(Locale.ROOT));
            }
            // rename replaces a link or file at the destination itself, never what a link points to
            Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } finally {
            Files.deleteIfExists(fresh);
        }
    }

    /** The hex SHA-256 of a regular file, read without following a link. */
    public static String sha256(Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        ByteBuffer buf = ByteBuffer.allocate(1 << 16);
        try (FileChannel ch = SafeFiles.openRead(file)) {
            while (ch.read(buf) > 0) {
                buf.flip();
                sha.update(buf);
                buf.clear();
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
