package org.fsflow.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.fsflow.result.Journal;
import org.fsflow.result.JournalReader;
import org.fsflow.result.Json;
import org.fsflow.result.RunEnvironment;
import org.fsflow.safety.AtomicFile;

/**
 * Adds a resume to {@code environment.json} ({@link RunEnvironment.Resume}): when it started, how
 * many measurements the journal held, the last one's node, the kernel it resumed under and the
 * commit of the fsflow that resumed it. The
 * report shows every resume; doctor leaves the pause out of the time around the steps.
 */
final class ResumeRecord {

    private static final Path OSRELEASE = Path.of("/proc/sys/kernel/osrelease");

    private ResumeRecord() {}

    /**
     * Records a resume of the run in {@code out} starting {@code at}, given {@code sets} ({@code resume
     * --set}, which also replace the settings the report reads with {@code settings}); the file is
     * rewritten whole.
     */
    static void add(Path out, Instant at, List<String> sets, RunSettings settings) {
        Path file = out.resolve(RunEnvironment.FILE);
        try {
            JsonNode env = Json.MAPPER.readTree(file.toFile());
            if (!(env instanceof ObjectNode o)) {
                return; // resume checked it exists; a damaged one is the report's to say
            }
            int[] rows = {0};
            String[] last = {null};
            JournalReader.scan(out.resolve(Journal.FILE), (m, offset) -> {
                rows[0]++;
                last[0] = m.node();
            });
            JsonNode list = o.get("resumes");
            ArrayNode resumes = list instanceof ArrayNode a ? a : o.putArray("resumes");
            ObjectNode r = resumes.addObject();
            r.put("at", at.truncatedTo(ChronoUnit.SECONDS).toString());
            r.put("after_rows", rows[0]);
            r.put("last_node", last[0]);
            r.put(
                    "kernel",
                    Files.isReadable(OSRELEASE) ? Files.readString(OSRELEASE).strip() : null);
            r.put("commit", org.fsflow.scenario.Versions.BUILD.commit());
            if (!sets.isEmpty()) {
                sets.forEach(r.putArray("sets")::add);
                o.set("settings", Json.MAPPER.valueToTree(settings));
            }
            AtomicFile.writeString(
                    file, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the resume in " + file, e);
        }
    }
}
