package org.fsflow.host;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a full disk is recognised: ENOSPC in a step's stderr, or in the error that stopped the run. */
class DiskFullTest {

    @TempDir
    Path dir;

    @Test
    void enospcInTheStderrMakesTheReasonStartWithDeviceFull() throws Exception {
        Path err = Files.writeString(
                dir.resolve("err"),
                "x\n".repeat(100_000) + "dd: error writing '/mnt/a': No space left on device\n1+0 records in\n");
        String reason = DiskFull.stepReason(err, dir);
        assertTrue(reason.startsWith("device full: the filesystem on " + dir + " has no space left"), reason);
        assertTrue(reason.contains("in the step's stderr"), reason);
    }

    @Test
    void anotherFailureWithSpaceLeftIsNotDeviceFull() throws Exception {
        Path err = Files.writeString(dir.resolve("err"), "cp: cannot stat 'x': No such file or directory\n");
        assertNull(DiskFull.stepReason(err, dir));
        assertNull(DiskFull.stepReason(dir.resolve("no-log"), dir));
    }

    @Test
    void theOutputDiskIsFullWhenTheCauseSaysEnospc() {
        UncheckedIOException full =
                new UncheckedIOException("cannot append to results.jsonl", new IOException("No space left on device"));
        assertTrue(DiskFull.outputFull(full, dir));
        String m = DiskFull.outputFailure(dir, full).getMessage();
        assertTrue(
                m.contains("is full (cannot append to results.jsonl: No space left on device)")
                        && m.contains("fsflow resume " + dir),
                m);
        assertFalse(DiskFull.outputFull(new UncheckedIOException("x", new IOException("Permission denied")), dir));
    }
}
