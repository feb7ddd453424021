package org.fsflow.lang;

import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as written in scenarios: {@code 4GiB}, {@code 700MB}, {@code 40G}, {@code 16 KiB},
 * {@code 1.9GB}, {@code 4096}. KiB/MiB/GiB/TiB and K/M/G/T are binary (1024), KB/MB/GB/TB are
 * decimal (1000), a bare number is bytes.
 */
public final class ByteSize {

    /** What a size must look like, for messages. */
    public static final String HINT = "write a number and a unit such as 512MiB, 4GiB or 700MB "
            + "(KiB/MiB/GiB/TiB and K/M/G/T are powers of 1024, KB/MB/GB/TB of 1000)";

    private static final Pattern SIZE = Pattern.compile("\\s*(-?[0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z]*)\\s*");
    private static final long KI = 1024L;
    private static final Map<String, Long> UNITS = Map.ofEntries(
            Map.entry("", 1L),
            Map.entry("B", 1L),
            Map.entry("K", KI),
            Map.entry("k", KI),
            Map.entry("KiB", KI),
            Map.entry("KB", 1000L),
            Map.entry("kB", 1000L),
            Map.entry("M", KI * KI),
            Map.entry("MiB", KI * KI),
            Map.entry("MB", 1000L * 1000),
            Map.entry("G", KI * KI * KI),
            Map.entry("GiB", KI * KI * KI),
            Map.entry("GB", 1000L * 1000 * 1000),
            Map.entry("T", KI * KI * KI * KI),
            Map.entry("TiB", KI * KI * KI * KI),
            Map.entry("TB", 1000L * 1000 * 1000 * 1000));

    private ByteSize() {}

    /** Parses {@code text} into bytes; throws with a user-readable message when it is not a size. */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size: " + HINT);
        }
        Long unit = UNITS.get(m.group(2));
        if (unit == null) {
            throw new IllegalArgumentException("unknown size unit '" + m.group(2) + "' in '" + text + "': " + HINT);
        }
        BigDecimal value = new BigDecimal(m.group(1));
        if (value.signum() < 0) {
            throw new IllegalArgumentException("size '" + text + "' is negative: sizes are 0 or more");
        }
        BigDecimal bytes = value.multiply(BigDecimal.valueOf(unit));
        if (bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("size '" + text + "' is too large");
        }
        return bytes.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
    }

    /** A short binary rendering for messages and reports: 4 GiB, 16 KiB, 700 B. */
    public static String format(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        if (u == 0) {
            return bytes + " B";
        }
        String s = v == Math.rint(v) ? String.valueOf((long) v) : String.format(java.util.Locale.ROOT, "%.1f", v);
        return s + " " + units[u];
    }
}
