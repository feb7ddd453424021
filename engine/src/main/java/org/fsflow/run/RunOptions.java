package org.fsflow.run;

import java.io.PrintWriter;

/**
 * How a run reports and what it may reuse.
 *
 * @param progress where live events go
 * @param live     rewrite one progress line in place (a terminal) instead of one line per node
 * @param resume   continue the journal in the output directory instead of starting a new one
 */
public record RunOptions(PrintWriter progress, boolean live, boolean resume) {}
