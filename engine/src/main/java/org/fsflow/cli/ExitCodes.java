package org.fsflow.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fsflow.run.ExitCode;

/**
 * The exit codes of every fsflow command as the command line uses them, read from the one table,
 * {@link ExitCode} (a contract: see the README): the commands return these constants,
 * {@code --help} lists {@link #DESCRIPTIONS}, and a test checks the README against it.
 */
public final class ExitCodes {

    /** Everything asked for succeeded: valid scenarios, all measured steps ok. */
    public static final int OK = ExitCode.OK.code();
    /** A scenario is invalid, or a step failed. */
    public static final int FAILED = ExitCode.FAILED.code();
    /** The command line is wrong. */
    public static final int USAGE = ExitCode.USAGE.code();
    /** The run was interrupted; {@code fsflow resume DIR} continues it. */
    public static final int INTERRUPTED = ExitCode.INTERRUPTED.code();
    /** {@code resume} found no record of a run: nothing to continue, start it with {@code fsflow run}. */
    public static final int NOTHING_TO_RESUME = ExitCode.NOTHING_TO_RESUME.code();

    /** Each code with what it means, in the words {@code --help} prints. */
    public static final Map<Integer, String> DESCRIPTIONS = descriptions();

    private ExitCodes() {}

    private static Map<Integer, String> descriptions() {
        Map<Integer, String> m = new LinkedHashMap<>();
        for (ExitCode c : ExitCode.values()) {
            m.put(c.code(), c.meaning());
        }
        return Collections.unmodifiableMap(m);
    }

    /** The table as picocli's {@code exitCodeList} wants it: code to description. */
    static Map<String, String> help() {
        Map<String, String> m = new LinkedHashMap<>();
        DESCRIPTIONS.forEach((code, text) -> m.put(String.valueOf(code), text));
        return m;
    }
}
