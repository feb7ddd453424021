package org.fsflow.lang;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as written in scenarios: {@code 30s}, {@code 10m}, {@code 2h}, {@code 1h30m}, {@code 500ms}, {@code 90}. */
public final class Durations {

    private static final Pattern PART = Pattern.compile("([0-9]+)(ms|s|m|h|d)");

    /** The longest duration a scenario may give: a campaign's limits are hours or days, not ages. */
    public static final Duration MAX = Duration.ofDays(366);

    private Durations() {}

    /** Parses {@code text}; a bare number is seconds. Throws with a user-readable message. */
    public static Duration parse(String text) {
        String t = text.trim();
        if (t.matches("[0-9]+")) {
            return bounded(text, count(text, t), Duration.ofSeconds(1));
        }
        Matcher m = PART.matcher(t);
        Duration total = Duration.ZERO;
        int at = 0;
        while (m.find() && m.start() == at) {
            long n = count(text, m.group(1));
            total = total.plus(
                    switch (m.group(2)) {
                        case "ms" -> Duration.ofMillis(n);
                        case "s" -> Duration.ofSeconds(n);
                        case "m" -> Duration.ofMinutes(n);
                        case "h" -> Duration.ofHours(n);
                        default -> Duration.ofDays(n);
                    });
            at = m.end();
        }
        if (at != t.length() || t.isEmpty()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration: write 90s, 10m, 2h or 1h30m");
        }
        return bounded(text, 1, total);
    }

    // a number of units small enough that no sum of them overflows (nine digits: 31 years of seconds)
    private static long count(String text, String digits) {
        if (digits.replaceFirst("^0+(?=.)", "").length() > 9) {
            throw tooLong(text);
        }
        return Long.parseLong(digits);
    }

    private static Duration bounded(String text, long n, Duration unit) {
        Duration d = unit.multipliedBy(n);
        if (d.compareTo(MAX) > 0) {
            throw tooLong(text);
        }
        return d;
    }

    private static IllegalArgumentException tooLong(String text) {
        return new IllegalArgumentException("'" + text + "' is longer than " + MAX.toDays()
                + " days, the most a duration may be: write a limit in seconds, minutes, hours or days (90s, 10m, 2h,"
                + " 3d)");
    }

    /** {@code d} written as a scenario would: {@code 2h}, {@code 1h30m}, {@code 90s}, {@code 500ms}. */
    public static String format(Duration d) {
        StringBuilder b = new StringBuilder();
        long h = d.toHours();
        long m = d.toMinutesPart();
        long s = d.toSecondsPart();
        long ms = d.toMillisPart();
        if (h > 0) {
            b.append(h).append('h');
        }
        if (m > 0) {
            b.append(m).append('m');
        }
        if (s > 0) {
            b.append(s).append('s');
        }
        if (ms > 0 || b.length() == 0) {
            b.append(ms).append("ms");
        }
        return b.toString();
    }
}
