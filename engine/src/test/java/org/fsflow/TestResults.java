package org.fsflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a run's results.jsonl as JSON trees, as any other tool would. */
public final class TestResults {

    private TestResults() {}

    /** Every row of {@code out}/results.jsonl. */
    public static List<JsonNode> read(Path out) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        ObjectMapper m = new ObjectMapper();
        for (String line : Files.readAllLines(out.resolve("results.jsonl"))) {
            rows.add(m.readTree(line));
        }
        return rows;
    }
}
