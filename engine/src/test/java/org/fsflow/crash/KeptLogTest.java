package org.fsflow.crash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kept log is the log cut after its last entry and gzip-compressed; {@code fsflow crash-replay}
 * makes a crash point again from it, byte for byte what the run's replay made.
 */
class KeptLogTest {

    @TempDir
    Path dir;

    @Test
    void aKeptLogReplaysToTheSameImageAsTheOriginal() throws IOException {
        byte[] body = new LogFile(512)
                .write(2, LogFile.filled(1024, 'a'), 0)
                .flush()
                .mark("one")
                .write(0, LogFile.filled(512, 'b'), WriteLog.FUA)
                .mark("two")
                .bytes();
        // the log device is larger than what was logged: zeroes after the last entry
        Path device = Files.write(dir.resolve("log.img"), Arrays.copyOf(body, body.length + 8192));
        WriteLog log = WriteLog.read(device);
        Path kept = KeptLog.keep(log, dir.resolve("crash-logs/x.log.gz"));
        Path plain = KeptLog.plain(kept, dir);
        assertArrayEquals(body, Files.readAllBytes(plain), "cut after the last entry");
        Path original = Files.write(dir.resolve("original.img"), new byte[4096]);
        try (Replay r = new Replay(log, original)) {
            r.to(log.mark("one"));
        }
        Path image = dir.resolve("again.img");
        Cli c = Cli.run(
                "crash-replay",
                kept.toString(),
                "--to",
                String.valueOf(log.mark("one")),
                "--size",
                "4096",
                "--image",
                image.toString());
        assertEquals(0, c.exitCode(), c.out() + c.err());
        assertTrue(c.out().contains("replayed entries 0 to 2 of 5"), c.out());
        assertArrayEquals(Files.readAllBytes(original), Files.readAllBytes(image));
        Cli again = Cli.run(
                "crash-replay",
                kept.toString(),
                "--to",
                "9",
                "--size",
                "4096",
                "--image",
                dir.resolve("b.img").toString());
        assertEquals(2, again.exitCode());
        assertTrue(again.err().contains("--to 9 is not an entry of"), again.err());
    }
}
