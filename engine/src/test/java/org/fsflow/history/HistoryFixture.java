package org.fsflow.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.fsflow.result.Json;

/**
 * Run directories as {@code fsflow run} leaves them (results.jsonl, run.json, environment.json),
 * made up for tests: one cell (small/ext4), steps copy and walk, the copy's time per repetition
 * given, the walk's flat.
 */
public final class HistoryFixture {

    private HistoryFixture() {}

    /**
     * Writes a run into {@code dir}.
     *
     * @param started the run's start, ISO-8601 UTC
     * @param kernel  the kernel release of its rows
     * @param scale   its --scale
     * @param labels  its labels
     * @param copy    the copy step's real_s per repetition
     */
    public static Path run(
            Path dir, String started, String kernel, double scale, Map<String, String> labels, double... copy)
            throws IOException {
        Files.createDirectories(dir);
        StringBuilder rows = new StringBuilder();
        for (int r = 0; r < copy.length; r++) {
            rows.append(row("copy", r + 1, copy[r], started, kernel)).append('\n');
            rows.append(row("walk", r + 1, 0.100 + 0.001 * ((r * 3) % 4), started, kernel))
                    .append('\n');
        }
        Files.writeString(dir.resolve("results.jsonl"), rows.toString());
        ObjectNode run = Json.MAPPER.createObjectNode();
        run.putArray("sets");
        run.put("scale", scale).put("seed", 0).put("order", "sequential");
        run.put("repeat_min", copy.length).put("repeat_max", copy.length).put("warmup", 0);
        run.put("out", dir.toString()).put("work", "/var/tmp/fsflow/fixture");
        ObjectNode l = run.putObject("labels");
        labels.forEach(l::put);
        run.put("started_at", started);
        run.putObject("provenance").put("commit", labels.getOrDefault("commit", null));
        Files.writeString(dir.resolve("run.json"), Json.MAPPER.writeValueAsString(run));
        ObjectNode env = Json.MAPPER.createObjectNode();
        env.put("scenario", "fixture").put("kernel", "6.18.44-fc-v669");
        Files.writeString(dir.resolve("environment.json"), Json.MAPPER.writeValueAsString(env));
        return dir;
    }

    private static String row(String step, int repeat, double real, String started, String kernel) throws IOException {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("node", "small/ext4/r" + repeat + "/" + step).put("step", step);
        o.put("dataset", "small").put("filesystem", "ext4").put("repeat", repeat);
        o.putObject("cell").put("dataset", "small").put("filesystem", "ext4");
        o.put("status", "ok").put("exit_code", 0).put("real_s", real);
        o.put("user_s", 0.01).put("sys_s", 0.02);
        o.put("started_at", started).put("host", "vm").put("kernel", kernel).put("virt", "host");
        return Json.MAPPER.writeValueAsString(o);
    }
}
