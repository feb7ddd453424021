package org.fsflow.hosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.result.Journal;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Splice;
import org.fsflow.safety.AtomicFile;

/**
 * The hosts' results as one results set in {@code OUT}: every line of {@code OUT/hosts/NAME/results.jsonl}
 * with {@code host: NAME} as the first coordinate of its cell and {@code NAME/} in front of its node id
 * (node ids stay unique), everything else byte for byte, by the same {@link Splice} as {@code fsflow
 * merge}, each file replaced atomically; the ordinary report then shows the hosts
 * side by side ({@code r1/ext4}, {@code r2/ext4}). {@code OUT/environment.json} is the first host's;
 * every host's own stays in its directory, and {@link HostDifferences} lists where they differ.
 */
final class HostMerger {

    /** The axis the merge adds to every cell. */
    static final String AXIS = "host";

    private HostMerger() {}

    /** Merges the fetched results of {@code hosts} (those that have some) into {@code out}; returns their names. */
    static List<String> merge(Path out, List<String> hosts) {
        List<String> with = hosts.stream()
                .filter(h -> Files.exists(dirOf(out, h).resolve(Journal.FILE)))
                .toList();
        List<Path> journals =
                with.stream().map(h -> dirOf(out, h).resolve(Journal.FILE)).toList();
        try {
            AtomicFile.writeString(out.resolve(Journal.FILE), Splice.journals(journals, with, AXIS));
            if (!with.isEmpty() && Files.exists(dirOf(out, with.get(0)).resolve(RunEnvironment.FILE))) {
                AtomicFile.write(
                        out.resolve(RunEnvironment.FILE),
                        Files.readAllBytes(dirOf(out, with.get(0)).resolve(RunEnvironment.FILE)));
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

    /** {@code line} with the host first in its cell and in its node id (see {@link Splice}). */
    static String withHost(String line, String host) {
        return Splice.withAxis(line, AXIS, host);
    }

    static void write(Path file, String text) throws IOException {
        AtomicFile.writeString(file, text);
    }
}
