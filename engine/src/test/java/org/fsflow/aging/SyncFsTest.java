package org.fsflow.aging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.dataset.Settle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyncFsTest {

    @TempDir
    Path dir;

    @Test
    void syncsManyTimesThroughOneProcessAndEndsIt() throws IOException {
        SyncFs sync = SyncFs.open(dir);
        for (int i = 0; i < 50; i++) {
            Files.writeString(dir.resolve("f" + i), "x".repeat(i));
            sync.settle();
        }
        sync.close();
        assertEquals(50, Files.list(dir).count());
    }

    @Test
    void aDirectoryThatCannotBeOpenedIsAnErrorThatSaysWhatXfsIoSaid() throws IOException {
        try (SyncFs sync = SyncFs.open(dir.resolve("absent"))) {
            IOException e = assertThrows(IOException.class, sync::settle);
            assertTrue(e.getMessage().startsWith("syncfs of " + dir.resolve("absent") + " (xfs_io): "), e.getMessage());
            // xfs_io has surely ended now: the write into its pipe fails, the error still says what it said
            IOException again = assertThrows(IOException.class, sync::settle);
            assertTrue(
                    again.getMessage().startsWith("syncfs of " + dir.resolve("absent") + " (xfs_io): "),
                    again.getMessage());
        }
    }

    @Test
    void preallocOfAFilesystemThatIsNotXfsSaysWhatXfsSpacemanSaid() throws IOException {
        // the one xfs_spaceman of an xfs aging: on another filesystem its prealloc is refused, and
        // the error names the command and the tool with what the tool said
        try (SyncFs prealloc = SyncFs.prealloc(dir)) {
            IOException e = assertThrows(IOException.class, prealloc::settle);
            assertTrue(e.getMessage().startsWith("prealloc -s of " + dir + " (xfs_spaceman): "), e.getMessage());
            assertTrue(
                    e.getMessage().length() > ("prealloc -s of " + dir + " (xfs_spaceman): ").length(), e.getMessage());
        }
    }

    @Test
    void btrfsAgesWithSyncfsAndWithoutDiscardOthersAsBefore() throws IOException {
        try (Settle s = AgingCommands.settle("btrfs", dir)) {
            assertTrue(s instanceof SyncFs);
        }
        assertEquals(
                List.of("mount", "-o", "commit=300,nodiscard", "-t", "btrfs", "/dev/loop9", "/m"),
                AgingCommands.mount(List.of("mount", "-t", "btrfs", "/dev/loop9", "/m"), "btrfs"));
        assertEquals(
                List.of("mount", "-o", "commit=300", "-t", "ext4", "/dev/loop9", "/m"),
                AgingCommands.mount(List.of("mount", "-t", "ext4", "/dev/loop9", "/m"), "ext4"));
        assertEquals(
                List.of("mount", "-t", "xfs", "/dev/loop9", "/m"),
                AgingCommands.mount(List.of("mount", "-t", "xfs", "/dev/loop9", "/m"), "xfs"));
    }
}
