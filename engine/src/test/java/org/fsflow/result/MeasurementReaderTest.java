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
