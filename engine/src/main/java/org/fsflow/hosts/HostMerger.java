package org.fsflow.hosts;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.fsflow.result.Json;
import org.fsflow.result.RunEnvironment;

/**
 * The hosts' results as one results set in {@code OUT}: every line of {@code OUT/hosts/NAME/results.jsonl}
 * with {@code host: NAME} as the first coordinate of its cell and {@code NAME/} in front of its node id
 * (node ids stay unique), everything else byte for byte; the ordinary report then shows the hosts
 * side by side ({@code r1/ext4}, {@code r2/ext4}). {@code OUT/environment.json} is the first host's;
 * every host's own stays in its directory, and {@link HostDifferences} lists where they differ.
 */
final class HostMerger {

    /** The axis the merge adds to every cell. */
    static final String AXIS = "host";

    private HostMerger() {}

    /** Merges the fetched results of {@code hosts} (those that have some) into {@code out}; returns their names. */
    static List<String> merge(Path out, List<String> hosts) {
        StringBuilder merged = new StringBuilder();
        List<String> with = hosts.stream()
                .filter(h -> Files.exists(dirOf(out, h).resolve("results.jsonl")))
                .toList();
        try {
            for (String host : with) {
                for (String line :
                        Files.readAllLines(dirOf(out, host).resolve("results.jsonl"), StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        merged.append(withHost(line, host)).append('\n');
                    }
                }
            }
            write(out.resolve("results.jsonl"), merged.toString());
            if (!with.isEmpty() && Files.exists(dirOf(out, with.get(0)).resolve(RunEnvironment.FILE))) {
                Files.copy(
                        dirOf(out, with.get(0)).resolve(RunEnvironment.FILE),
                        out.resolve(RunEnvironment.FILE),
                        StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the merged results in " + out, e);
        }
        return with;
    }

    /** Where a host's fetched output directory is. */
    static Path dirOf(Path out, String host) {
        return out.resolve("hosts").resolve(host);
    }

    /**
     * {@code line} with the host first in its cell and in its node id. fsflow writes {@code node}
     * first and {@code cell} as an object; the result is parsed back to check it.
     */
    static String withHost(String line, String host) throws IOException {
        String prefix = "{\"node\":\"";
        int cell = line.indexOf("\"cell\":{");
        if (!line.startsWith(prefix) || cell < 0) {
            throw new IOException("a results line without node first or without a cell: " + line);
        }
        String quotedHost = Json.MAPPER.writeValueAsString(host);
        int open = cell + "\"cell\":{".length();
        boolean empty = line.charAt(open) == '}';
        String node = Json.MAPPER.writeValueAsString(host + "/");
        String result = prefix + node.substring(1, node.length() - 1) + line.substring(prefix.length(), open) + "\""
                + AXIS + "\":" + quotedHost + (empty ? "" : ",") + line.substring(open);
        JsonNode check = Json.MAPPER.readTree(result);
        if (!host.equals(check.path("cell").path(AXIS).asText())) {
            throw new IOException("the merged line does not carry its host: " + result);
        }
        return result;
    }

    static void write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
