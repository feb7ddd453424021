package org.fsflow.host;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Runs one process and measures it, for the {@link LocalHost}. The real one is
 * {@link ProcessExecutor}; the walker's unit tests use {@code FakeExecutor} (in the tests), which
 * starts nothing, records what it was asked to run and answers with scripted outcomes.
 */
public interface StepExecutor {

    /**
     * Runs {@code argv} with its output in {@code stdout} and {@code stderr} (capped), killing its
     * whole process tree after {@code timeout} (null: no limit). {@code ioDevices} are the block
     * device names (loop3, sdb) whose I/O is attributed to this process.
     */
    Execution execute(List<String> argv, Path stdout, Path stderr, Duration timeout, List<String> ioDevices);

    /**
     * The same under {@code conditions}: a memory budget, a timed flush. An executor that cannot
     * apply them ignores them (a fake for tests of the walker).
     */
    default Execution execute(
            List<String> argv,
            Path stdout,
            Path stderr,
            Duration timeout,
            List<String> ioDevices,
            StepConditions conditions) {
        return execute(argv, stdout, stderr, timeout, ioDevices);
    }

    /** Kills the running process tree, if any, and marks its execution interrupted. */
    void interrupt();

    /** How user and system time are measured (recorded in every result). */
    String cpuMethod();
}
