package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal read one line at a time: offsets to read a row again, a torn last line, a bad line. */
class JournalReaderTest {

    private static String line(int repeat, String reason) {
        return "{\"node\":\"c/r" + repeat + "/s\",\"step\":\"s\",\"repeat\":" + repeat + ",\"status\":\"ok\","
                + "\"real_s\":" + repeat + ".5,\"reason\":\"" + reason + "\"}\n";
    }

    @Test
    void everyRowCanBeReadAgainAtItsOffsetEvenPastTheBuffer(@TempDir Path dir) throws IOException {
        Path file = dir.resolve(Journal.FILE);
        StringBuilder b = new StringBuilder();
        for (int r = 1; r <= 300; r++) {
            b.append(line(r, "x".repeat(r == 150 ? 3_000_000 : r * 10)));
        }
        Files.writeString(file, b);
        List<Long> offsets = new ArrayList<>();
        List<Integer> repeats = new ArrayList<>();
        assertEquals(300, JournalReader.scan(file, (m, offset) -> {
            offsets.add(offset);
            repeats.add(m.repeat());
        }));
        for (int r : new int[] {1, 149, 150, 151, 300}) {
            Measurement again = JournalReader.readAt(file, offsets.get(r - 1));
            assertEquals(r, again.repeat());
            assertEquals(r + 0.5, again.realS());
        }
        assertEquals(300, repeats.get(299));
    }

    @Test
    void aTornLastLineEndsTheJournalAndABadLineBeforeItIsAnError(@TempDir Path dir) throws IOException {
        Path file = dir.resolve(Journal.FILE);
        Files.writeString(file, line(1, "a") + "\n" + line(2, "b") + "{\"node\":\"c/r3/s\",\"ste");
        assertEquals(2, Journal.read(file).size());
        Files.writeString(file, line(1, "a") + "{\"node\":\"c/r2\n  \n");
        assertEquals(1, Journal.read(file).size(), "a torn line followed by blanks only is the end");
        Files.writeString(file, line(1, "a") + "{\"node\":\"c/r2\n" + line(3, "c"));
        JournalException e = assertThrows(JournalException.class, () -> Journal.read(file));
        assertTrue(e.getMessage().startsWith(file + ":2: error: not a measurement"), e.getMessage());
        assertEquals(0, Journal.read(dir.resolve("none.jsonl")).size());
    }
}
