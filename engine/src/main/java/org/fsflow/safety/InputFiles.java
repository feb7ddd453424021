package org.fsflow.safety;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Files fsflow reads whole (a scenario, a run directory's environment.json and scenario.yaml, an
 * imported tool output): only regular files, since a FIFO would block a read for ever and a
 * device such as {@code /dev/zero} never end one, and at most a stated size, read so that a file
 * growing meanwhile cannot take more: the bytes beyond the cap are never read.
 */
public final class InputFiles {

    /** The cap of a run directory's JSON and YAML files. */
    public static final long RUN_FILE_BYTES = 64L << 20;
    /** The cap of an imported tool output. */
    public static final long IMPORT_BYTES = 256L << 20;

    private InputFiles() {}

    /** A file fsflow will not read: its message names the file and why, in words. */
    public static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }

    /** Why {@code file} is not a file to read (a FIFO, a device, a directory), or null when it is one. */
    public static String problem(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            if (a.isDirectory()) {
                return file + " is a directory, not a file";
            }
            return a.isRegularFile() ? null : file + " is not a regular file (a FIFO, a device or a socket)";
        } catch (NoSuchFileException e) {
            return file + ": no such file";
        } catch (IOException e) {
            return file + ": cannot read it (" + e.getMessage() + ")";
        }
    }

    /** Refuses {@code file} unless it is a regular file ({@link #problem}). */
    public static void requireRegular(Path file) throws Refused {
        String problem = problem(file);
        if (problem != null) {
            throw new Refused(problem);
        }
    }

    /** The bytes of the regular file {@code file}, refused when it holds more than {@code maxBytes}. */
    public static byte[] read(Path file, long maxBytes) throws IOException {
        requireRegular(file);
        if (Files.size(file) > maxBytes) {
            throw tooLarge(file, maxBytes);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                throw tooLarge(file, maxBytes);
            }
            return bytes;
        }
    }

    /** The UTF-8 text of {@code file}, as {@link #read}. */
    public static String readString(Path file, long maxBytes) throws IOException {
        return new String(read(file, maxBytes), java.nio.charset.StandardCharsets.UTF_8);
    }

    private static Refused tooLarge(Path file, long maxBytes) {
        return new Refused(file + " is larger than " + (maxBytes >> 20) + " MiB, more than fsflow reads of such a "
                + "file: is it the right file?");
    }
}
