package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;

/** The token reader binds every stored row as the JSON mapper does. */
class MeasurementReaderTest {

    private static Measurement read(String line) throws IOException {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return MeasurementReader.read(b, 0, b.length);
    }

    @Test
    void everyPublishedAndTestJournalRowReadsAsTheMapperReadsIt() throws IOException {
        List<Path> journals;
        try (Stream<Path> files =
                Stream.concat(Files.walk(TestPaths.root().resolve("reports")), Files.walk(TestPaths.resources("")))) {
            journals = files.filter(f -> f.getFileName().toString().equals(Journal.FILE))
                    .toList();
        }
        int rows = 0;
        for (Path journal : journals) {
            for (String line : Files.readAllLines(journal)) {
                if (!line.isBlank()) {
                    assertEquals(Json.MAPPER.readValue(line, Measurement.class), read(line), journal + ": " + line);
                    rows++;
                }
            }
        }
        assertTrue(rows > 500, rows + " rows");
    }

    @Test
    void theCacheDeviceAndTimeSeriesFiguresAreRead() throws IOException {
        String line = "{\"node\":\"a/r1/s\",\"step\":\"s\",\"repeat\":1,\"status\":\"ok\",\"traffic\":{"
                + "\"vfs_read_bytes\":1,\"vfs_write_bytes\":2,\"storage_read_bytes\":3,\"storage_write_bytes\":4,"
                + "\"cancelled_write_bytes\":0,\"dirty_end_bytes\":5,\"writeback_end_bytes\":null},"
                + "\"shared_extents\":{\"files\":2,\"bytes\":8192,\"shared_bytes\":4096},\"samples\":{"
                + "\"t_s\":[1.0,2.0],\"read_bytes_per_s\":[0.0,1.5],\"write_bytes_per_s\":[2.0,0.0],"
                + "\"user_pct\":[1.0,2.0],\"system_pct\":[3.0,4.0],\"iowait_pct\":[0.0,0.0],"
                + "\"kernel_threads_pct\":[0.5,0.0],\"dirty_bytes\":[10,null]}}";
        Measurement m = read(line);
        assertEquals(Json.MAPPER.readValue(line, Measurement.class), m);
        assertEquals(4L, m.traffic().storageWriteBytes());
        assertEquals(0.5, m.sharedExtents().fraction());
        assertEquals(2, m.samples().size());
        // and written back as they were read
        assertEquals(m, read(Json.MAPPER.writeValueAsString(m)));
        // read as strictly as the row's own counts: no fraction of a byte, no negative count
        assertThrows(IOException.class, () -> read(line.replace("\"vfs_read_bytes\":1", "\"vfs_read_bytes\":1.5")));
        assertThrows(IOException.class, () -> read(line.replace("\"files\":2", "\"files\":-2")));
        assertThrows(IOException.class, () -> read(line.replace("[10,null]", "[\"x\",null]")));
    }

    @Test
    void theScaleARowRanAtIsRead() throws IOException {
        String line = "{\"node\":\"a/r1/s\",\"step\":\"s\",\"repeat\":1,\"status\":\"ok\",\"scale\":0.05}";
        assertEquals(0.05, read(line).scale());
        assertEquals(Json.MAPPER.readValue(line, Measurement.class), read(line));
        assertEquals(
                null,
                read("{\"node\":\"a/r1/s\",\"step\":\"s\",\"status\":\"ok\",\"scale\":null}")
                        .scale());
    }

    @Test
    void absentFieldsAreNullUnknownOnesSkippedAndMetricsUntyped() throws IOException {
        String line =
                "{\"node\":\"a/r1/s\",\"step\":\"s\",\"future\":{\"x\":[1,{\"y\":2}]},\"repeat\":2,\"status\":\"failed\","
                        + "\"real_s\":1,\"metrics\":{\"i\":3,\"l\":12345678901,\"d\":1.5,\"s\":\"+++++\",\"b\":true,"
                        + "\"n\":null,\"o\":{\"k\":[1]}},\"exit_code\":null}";
        assertEquals(Json.MAPPER.readValue(line, Measurement.class), read(line));
        assertEquals(null, read(line).devices());
        assertThrows(IOException.class, () -> read("{\"node\":\"a\"} {}"));
        assertThrows(IOException.class, () -> read("{\"node\":{\"a\":1}}"));
        assertThrows(IllegalArgumentException.class, () -> read("{\"status\":\"maybe\"}"));
        // a row the contract does not allow is refused, never read as nulls and zeros
        assertThrows(IOException.class, () -> read("{}"), "no step, no status");
        assertThrows(IOException.class, () -> read("{\"step\":\"s\",\"status\":\"ok\",\"real_s\":\"1\"}"));
        assertThrows(IOException.class, () -> read("{\"step\":\"s\",\"status\":\"ok\",\"repeat\":1.5}"));
        assertThrows(IOException.class, () -> read("{\"step\":\"s\",\"status\":\"ok\",\"user_s\":-2}"));
    }
}
