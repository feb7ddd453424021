package org.fsflow.plan;

import java.util.List;
import java.util.regex.Pattern;

/** POSIX shell quoting, so every value substituted into a {@code sh -c} command stays one word. */
public final class Shell {

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private Shell() {
    }

    /** {@code value} as one shell word: unchanged when safe, else in single quotes. */
    public static String quote(String value) {
        if (SAFE.matcher(value).matches()) {
            return value;
        }
        return "'" + value.replace("'", "'\\''") + "'";
    }

    /** An argument vector as a shell command line (for display and {@code %C}-like records). */
    public static String join(List<String> argv) {
        StringBuilder out = new StringBuilder();
        for (String arg : argv) {
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(quote(arg));
        }
        return out.toString();
    }
}
