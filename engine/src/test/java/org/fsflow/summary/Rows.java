package org.fsflow.summary;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;

/** Measurements for tests, built as results.jsonl lines so they follow the file's contract. */
final class Rows {

    private Rows() {}

    /**
     * A measurement of {@code step}, repetition {@code repeat}, in the cell {@code cell}, with
     * node id {@code node} (deliberately anything: nothing may read it back).
     */
    static Measurement row(
            String node,
            Map<String, String> cell,
            int repeat,
            String step,
            Status status,
            Double realS,
            String reason) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("node", node);
        n.put("step", step);
        n.put("dataset", cell.get("dataset"));
        n.put("filesystem", cell.get("filesystem"));
        n.put("repeat", repeat);
        ObjectNode c = n.putObject("cell");
        cell.forEach(c::put);
        n.put("command", "true");
        n.put("status", status.value());
        n.put("reason", reason);
        if (realS != null) {
            n.put("real_s", realS);
            n.put("user_s", realS / 10);
            n.put("sys_s", realS / 10);
            n.put("cpu_pct", 20);
            n.put("read_bytes", 4096);
            n.put("write_bytes", 8192);
        }
        n.putObject("metrics");
        try {
            return Json.MAPPER.treeToValue(n, Measurement.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
