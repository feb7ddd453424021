package org.fsflow.host;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Full disks. A step that filled its filesystem fails with a reason starting "device full"; an
 * output directory whose disk filled up stops the run with one error saying that the journal is
 * intact and how to go on.
 */
public final class DiskFull {

    /** What ENOSPC says in a tool's messages. */
    static final String ENOSPC = "No space left on device";
    // how much of a step's stderr is searched for it
    private static final int TAIL = 64 * 1024;

    private DiskFull() {}

    /** "device full: ..." when a failed step left {@code mnt} full or said ENOSPC in {@code errLog}, else null. */
    static String stepReason(Path errLog, Path mnt) {
        boolean said = tail(errLog).contains(ENOSPC);
        long free = usable(mnt);
        if (!said && free != 0) {
            return null;
        }
        return "device full: the filesystem on " + mnt + " has no space left ("
                + (said ? "'" + ENOSPC + "' in the step's stderr" : "0 bytes free after the step") + ")";
    }

    /** True when {@code e}, raised writing into {@code out}, comes from a full disk. */
    public static boolean outputFull(UncheckedIOException e, Path out) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains(ENOSPC)) {
                return true;
            }
        }
        return usable(out) == 0;
    }

    /** The error that stops a run whose output directory's disk is full. */
    public static RunFailure outputFailure(Path out, UncheckedIOException e) {
        return new RunFailure("the disk of the output directory " + out + " is full (" + e.getMessage()
                + (e.getCause() == null ? "" : ": " + e.getCause().getMessage()) + "): the "
                + "run stopped and tore down; results.jsonl keeps every node recorded before (each line is fsync'd). "
                + "Free space there, then continue with 'fsflow resume " + out + "'");
    }

    private static long usable(Path p) {
        try {
            return Files.getFileStore(p).getUsableSpace();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String tail(Path file) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long start = Math.max(0, f.length() - TAIL);
            byte[] b = new byte[(int) (f.length() - start)];
            f.seek(start);
            f.readFully(b);
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
