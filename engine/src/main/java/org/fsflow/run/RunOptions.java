package org.fsflow.run;

import java.io.PrintWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a run reports and what it may reuse.
 *
 * @param progress where live events go
 * @param live     rewrite one progress line in place (a terminal) instead of one line per node
 * @param resume   continue the journal in the output directory instead of starting a new one
 * @param command  the command line that started the run, word for word (run.json's provenance);
 *                 empty when not started from a command line
 * @param labels   {@code --label K=V} of a new run, recorded in {@code run.json} (a resume keeps the
 *                 recorded ones)
 */
public record RunOptions(
        PrintWriter progress, boolean live, boolean resume, List<String> command, Map<String, String> labels) {

    /** Copies {@code command} and {@code labels} (in the order given). */
    public RunOptions {
        command = command == null ? List.of() : List.copyOf(command);
        labels = labels == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }

    /** Options of a run started from {@code command}, without labels. */
    public RunOptions(PrintWriter progress, boolean live, boolean resume, List<String> command) {
        this(progress, live, resume, command, Map.of());
    }

    /** Options of a run not started from a command line. */
    public RunOptions(PrintWriter progress, boolean live, boolean resume) {
        this(progress, live, resume, List.of(), Map.of());
    }
}
