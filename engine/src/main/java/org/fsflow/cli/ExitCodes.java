package org.fsflow.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The exit codes of every fsflow command, in one table (a contract: see the README): the commands
 * return these constants, {@code --help} lists {@link #DESCRIPTIONS}, and a test checks the README
 * against it.
 */
public final class ExitCodes {

    /** Everything asked for succeeded: valid scenarios, all measured steps ok. */
    public static final int OK = 0;
    /** A scenario is invalid, or a step failed. */
    public static final int FAILED = 1;
    /** The command line is wrong. */
    public static final int USAGE = 2;
    /** The run was interrupted; {@code fsflow resume DIR} continues it. */
    public static final int INTERRUPTED = 3;

    /** Each code with what it means, in the words {@code --help} prints. */
    public static final Map<Integer, String> DESCRIPTIONS = descriptions();

    private ExitCodes() {
    }

    private static Map<Integer, String> descriptions() {
        Map<Integer, String> m = new LinkedHashMap<>();
        m.put(OK, "all scenarios valid / all measured steps succeeded");
        m.put(FAILED, "a scenario is invalid, or a step failed");
        m.put(USAGE, "usage error (wrong options or arguments)");
        m.put(INTERRUPTED, "interrupted; continue with 'fsflow resume DIR'");
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The table as picocli's {@code exitCodeList} wants it: code to description. */
    static Map<String, String> help() {
        Map<String, String> m = new LinkedHashMap<>();
        DESCRIPTIONS.forEach((code, text) -> m.put(String.valueOf(code), text));
        return m;
    }
}
