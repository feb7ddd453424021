package org.fsflow.plan;

import java.util.List;

/** POSIX shell quoting, so every value substituted into a {@code sh -c} command stays one word. */
public final class Shell {

    private Shell() {}

    /** {@code value} as one shell word: unchanged when safe, else in single quotes. */
    public static String quote(String value) {
        if (isSafe(value)) {
            return value;
        }
        return "'" + value.replace("'", "'\\''") + "'";
    }

    // [A-Za-z0-9_./:=@%+,-]+ without a regex: called for every substituted value of every node
    private static boolean isSafe(String value) {
        if (value.isEmpty()) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "_./:=@%+,-".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
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
