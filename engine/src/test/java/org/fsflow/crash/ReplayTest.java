package org.fsflow.crash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the kernel's write-log format and replaying it to crash points. */
class ReplayTest {

    @TempDir
    Path dir;

    private Path log(byte[] bytes) throws IOException {
        return Files.write(dir.resolve("log"), bytes);
    }

    private Path image(int bytes) throws IOException {
        return Files.write(dir.resolve("image"), new byte[bytes]);
    }

    @Test
    void aReplayToAMarkHoldsTheWritesBeforeItAndNoneAfter() throws IOException {
        LogFile f = new LogFile(512)
                .write(2, LogFile.filled(1024, 'a'), 0)
                .flush()
                .mark("after-a")
                .write(0, LogFile.filled(512, 'b'), WriteLog.FUA)
                .discard(2, 1)
                .mark("after-b");
        WriteLog log = WriteLog.read(log(f.bytes()));
        assertEquals(new WriteLog.Super(6, 512), log.superBlock());
        assertNull(log.shortBy());
        assertEquals(List.of(2, 5), CrashPoints.marks(log));
        Path image = image(4096);
        try (Replay r = new Replay(log, image)) {
            r.to(log.mark("after-a"));
            byte[] at = Files.readAllBytes(image);
            assertArrayEquals(new byte[1024], Arrays.copyOfRange(at, 0, 1024));
            assertArrayEquals(LogFile.filled(1024, 'a'), Arrays.copyOfRange(at, 1024, 2048));
            r.to(log.mark("after-b"));
            at = Files.readAllBytes(image);
            assertArrayEquals(LogFile.filled(512, 'b'), Arrays.copyOfRange(at, 0, 512));
            assertArrayEquals(new byte[512], Arrays.copyOfRange(at, 1024, 1536), "the discard zeroed sector 2");
            assertArrayEquals(LogFile.filled(512, 'a'), Arrays.copyOfRange(at, 1536, 2048));
            assertEquals(1024 + 512 + 512, r.bytes());
            assertThrows(IllegalArgumentException.class, () -> r.to(1), "forward only");
        }
    }

    @Test
    void sectorsAreDeviceSectorsOfTheLoggedSize() throws IOException {
        LogFile f = new LogFile(4096).write(3, LogFile.filled(8192, 'z'), 0).mark("m");
        WriteLog log = WriteLog.read(log(f.bytes()));
        assertEquals(4096, log.superBlock().sectorSize());
        Path image = image(6 * 4096);
        try (Replay r = new Replay(log, image)) {
            r.to(1);
        }
        byte[] at = Files.readAllBytes(image);
        assertEquals(0, at[3 * 4096 - 1]);
        assertEquals('z', at[3 * 4096]);
        assertEquals('z', at[5 * 4096 - 1]);
        assertEquals("m", log.entries().get(1).mark());
    }

    @Test
    void theSuperIsTrustedAndATruncatedLogIsReadAsFarAsItGoes() throws IOException {
        LogFile f = new LogFile(512)
                .write(0, LogFile.filled(512, 'a'), 0)
                .mark("one")
                .write(1, LogFile.filled(512, 'b'), 0);
        assertEquals(2, WriteLog.read(log(f.bytes(2))).entries().size(), "a lagging super: its count");
        byte[] all = f.bytes(3);
        WriteLog cut = WriteLog.read(log(Arrays.copyOf(all, all.length - 100)));
        assertEquals(2, cut.entries().size());
        assertTrue(cut.shortBy().contains("entry 2"), cut.shortBy());
    }

    @Test
    void aFileThatIsNotALogIsRefusedWithItsName() throws IOException {
        Path p = log(new byte[600]);
        IOException e = assertThrows(IOException.class, () -> WriteLog.read(p));
        assertTrue(e.getMessage().contains(p + " is not a dm-log-writes log"), e.getMessage());
    }

    @Test
    void sampledPointsAreBarriersAndTheSameForTheSameSeed() throws IOException {
        LogFile f = new LogFile(512);
        for (int i = 0; i < 40; i++) {
            f.write(i, LogFile.filled(512, i), i % 4 == 3 ? WriteLog.FUA : 0);
            if (i % 5 == 4) {
                f.flush();
            }
        }
        WriteLog log = WriteLog.read(log(f.bytes()));
        List<Integer> a = CrashPoints.sampled(log, 6, 7);
        assertEquals(a, CrashPoints.sampled(log, 6, 7));
        assertTrue(!a.equals(CrashPoints.sampled(log, 6, 8)), "another seed, other points");
        assertEquals(6, a.size());
        assertTrue(a.stream().allMatch(i -> log.entries().get(i).isBarrier()), a.toString());
        assertEquals(a.stream().sorted().toList(), a);
        long barriers = log.entries().stream().filter(WriteLog.Entry::isBarrier).count();
        assertEquals(barriers, CrashPoints.sampled(log, 1000, 7).size(), "fewer barriers than asked: all of them");
    }
}
