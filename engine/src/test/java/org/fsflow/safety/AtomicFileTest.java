package org.fsflow.safety;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path dir;

    @Test
    void replacesTheWholeFileAndLeavesNoTemporaryFile() throws IOException {
        Path f = dir.resolve("run.json");
        Files.writeString(f, "old content that is longer than the new one");
        AtomicFile.writeString(f, "{}\n");
        assertEquals("{}\n", Files.readString(f));
        try (var s = Files.list(dir)) {
            assertEquals(List.of(f), s.toList());
        }
    }

    @Test
    void aFailedWriteKeepsTheOldBytes() throws IOException {
        Path f = dir.resolve("state.json");
        Files.writeString(f, "[1]");
        // the target is a non-empty directory: the rename fails, the old content and the directory stay
        Path blocked = dir.resolve("blocked");
        Files.createDirectories(blocked.resolve("x"));
        assertThrows(IOException.class, () -> AtomicFile.writeString(blocked, "new"));
        assertTrue(Files.isDirectory(blocked.resolve("x")));
        assertEquals("[1]", Files.readString(f));
        try (var s = Files.list(dir)) {
            assertEquals(2, s.count(), "no temporary file is left behind");
        }
    }

    @Test
    void writesBytesExactly() throws IOException {
        byte[] bytes = new byte[300_000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        Path f = dir.resolve("report.html");
        AtomicFile.write(f, bytes);
        assertArrayEquals(bytes, Files.readAllBytes(f));
    }
}
