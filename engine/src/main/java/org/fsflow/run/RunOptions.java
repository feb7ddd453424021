package org.fsflow.run;

import java.io.PrintWriter;
import java.util.List;

/**
 * How a run reports and what it may reuse.
 *
 * @param progress where live events go
 * @param live     rewrite one progress line in place (a terminal) instead of one line per node
 * @param resume   continue the journal in the output directory instead of starting a new one
 * @param command  the command line that started the run, word for word (run.json's provenance);
 *                 empty when not started from a command line
 */
public record RunOptions(PrintWriter progress, boolean live, boolean resume, List<String> command) {

    /** Copies {@code command}. */
    public RunOptions {
        command = command == null ? List.of() : List.copyOf(command);
    }

    /** Options of a run not started from a command line. */
    public RunOptions(PrintWriter progress, boolean live, boolean resume) {
        this(progress, live, resume, List.of());
    }
}
