package org.fsflow.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bonnie++ CSV lines, both generations (see shared/reference/formats.md section 1):
 * <ul>
 *   <li>1.03: 27 fields, field 0 the machine name;</li>
 *   <li>1.96/1.97: 48 fields, field 0 the format version, field 6 the chunk size;</li>
 *   <li>1.98 (bonnie++ 1.98, 2.00, 2.00a): 50 fields with seeks, seek processes and 12 latencies.</li>
 * </ul>
 * Rates keep bonnie's units: block I/O in KiB/s ({@code *_kib_s}), per-char I/O in KiB/s, seeks
 * and file tests per second ({@code *_per_s}), CPU in percent ({@code *_cpu_pct}), latencies in
 * microseconds ({@code *_latency_us}). {@code +++++} and {@code +++} mean the test took less than
 * 0.5 s: the value is unknown (null) and the column is listed in {@code tooFast}. Empty fields
 * (tests not run) are absent. Header lines are skipped.
 */
public final class BonnieCsv {

    /** One parsed line. */
    public record Line(
            String format,
            String version,
            String name,
            String fileSize,
            Map<String, Double> values,
            List<String> tooFast,
            String unreadable) {

        /** A line whose every figure was read. */
        public Line(
                String format,
                String version,
                String name,
                String fileSize,
                Map<String, Double> values,
                List<String> tooFast) {
            this(format, version, name, fileSize, values, tooFast, null);
        }
    }

    /** The measured columns, in bon_csv2html order: rate then %CP. */
    public static final List<String> IO = List.of("putc", "put_block", "rewrite", "getc", "get_block", "seeks");
    /** The file-test columns. */
    public static final List<String> FILES =
            List.of("seq_create", "seq_stat", "seq_del", "ran_create", "ran_stat", "ran_del");

    private static final Pattern LATENCY = Pattern.compile("(\\d+)(us|ms|s)");

    private BonnieCsv() {}

    /** Every data line of {@code text}; other lines are ignored. Throws when no line is bonnie++ CSV. */
    public static List<Line> parse(String text) throws OutputParser.Unparseable {
        return parse(text, false);
    }

    /**
     * Every data line of {@code text}, for an import: a line of bonnie++'s field count whose rate or
     * %CPU is negative, NaN or not a number, and a line of 20 fields or more of no known count, are
     * refused with their line numbers, where a step's output ({@link #parse(String)}) passes them by.
     */
    public static List<Line> parseImport(String text) throws OutputParser.Unparseable {
        return parse(text, true);
    }

    /**
     * Like {@link #parseImport}, each line handed to {@code sink} as it is read, so that an import of
     * many lines holds one at a time; the refusal of unreadable lines comes after the last.
     */
    public static void eachImport(String text, java.util.function.Consumer<Line> sink) throws OutputParser.Unparseable {
        parse(text, true, sink);
    }

    private static List<Line> parse(String text, boolean strict) throws OutputParser.Unparseable {
        List<Line> out = new ArrayList<>();
        parse(text, strict, out::add);
        return out;
    }

    private static void parse(String text, boolean strict, java.util.function.Consumer<Line> out)
            throws OutputParser.Unparseable {
        int count = 0;
        List<String> unread = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].strip();
            if (line.isEmpty() || !line.contains(",")) {
                continue;
            }
            String[] f = line.split(",", -1);
            if (f[0].equals("name") || f[0].equals("format_version") || f[0].equals("version")) {
                continue;
            }
            Line parsed = f.length == 50 && f[0].equals("1.98")
                    ? modern(f, 0)
                    : f.length == 48 && (f[0].equals("1.96") || f[0].equals("1.97"))
                            ? modern(f, 2)
                            : f.length == 27 ? old(f) : null;
            String bad = parsed == null
                    ? (f.length >= 20 ? f.length + " fields" : null)
                    : parsed.unreadable() == null ? null : parsed.unreadable();
            if (bad != null) {
                unread.add((n + 1) + " (" + bad + ")");
            }
            if (parsed != null) {
                out.accept(parsed); // a step's output keeps the figures it could read
                count++;
            }
        }
        if (strict && !unread.isEmpty()) {
            throw new OutputParser.Unparseable(unread.size() + (unread.size() == 1 ? " line" : " lines")
                    + " of bonnie++ CSV could not be read: line" + (unread.size() == 1 ? " " : "s ")
                    + String.join(", ", unread.subList(0, Math.min(10, unread.size())))
                    + (unread.size() > 10 ? ", ..." : "") + "; correct or remove "
                    + (unread.size() == 1 ? "it" : "them") + " and import again");
        }
        if (count == 0) {
            throw new OutputParser.Unparseable("no bonnie++ CSV line (27 fields for 1.03, 48 for 1.96/1.97, 50 for "
                    + "1.98/2.00); was bonnie++ run with -q, or its CSV line cut?");
        }
    }

    private static Line old(String[] f) {
        Values v = new Values();
        int i = 2;
        for (String col : IO) {
            v.rate(col, col.equals("seeks") ? "_per_s" : "_kib_s", f[i], f[i + 1]);
            i += 2;
        }
        v.number("num_files", f[14]);
        i = 15;
        for (String col : FILES) {
            v.rate(col, "_per_s", f[i], f[i + 1]);
            i += 2;
        }
        return new Line("1.03", "1.03", f[0], f[1], v.values, v.tooFast, v.unreadable);
    }

    // 1.98 layout; shift 2 for 1.96/1.97, which lack the seeks and seek-process fields 7 and 8
    private static Line modern(String[] f, int shift) {
        Values v = new Values();
        int i = 9 - shift;
        for (String col : IO) {
            v.rate(col, col.equals("seeks") ? "_per_s" : "_kib_s", f[i], f[i + 1]);
            i += 2;
        }
        v.number("concurrency", f[3]);
        v.number("num_files", f[21 - shift]);
        i = 26 - shift;
        for (String col : FILES) {
            v.rate(col, "_per_s", f[i], f[i + 1]);
            i += 2;
        }
        i = 38 - shift;
        for (String col : IO) {
            v.latency(col, f[i++]);
        }
        for (String col : FILES) {
            v.latency(col, f[i++]);
        }
        return new Line(shift == 0 ? "1.98" : f[0], f[1], f[2], f[5], v.values, v.tooFast, v.unreadable);
    }

    /** Collects values, null for "too fast", absent for "not run". */
    private static final class Values {
        final Map<String, Double> values = new LinkedHashMap<>();
        final List<String> tooFast = new ArrayList<>();
        String unreadable;

        void rate(String col, String unit, String rate, String cpu) {
            if (rate.startsWith("+")) {
                values.put(col + unit, null);
                values.put(col + "_cpu_pct", null);
                tooFast.add(col);
                return;
            }
            figure(col + unit, rate);
            figure(col + "_cpu_pct", cpu);
        }

        // a measured figure: blank (not run) or a finite number at least 0, else the line is unreadable
        void figure(String key, String text) {
            String t = text.strip();
            if (t.isEmpty()) {
                return;
            }
            double d;
            try {
                d = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                d = Double.NaN;
            }
            if (Double.isFinite(d) && d >= 0) {
                values.put(key, d);
            } else if (unreadable == null) {
                unreadable = key + " '" + (t.length() > 20 ? t.substring(0, 20) + "..." : t) + "'";
            }
        }

        void number(String key, String text) {
            if (text.isBlank()) {
                return;
            }
            try {
                values.put(key, Double.parseDouble(text.strip()));
            } catch (NumberFormatException e) {
                // a -n field like 16:1024:0 or a size with a suffix: not one number
            }
        }

        void latency(String col, String text) {
            Matcher m = LATENCY.matcher(text.strip());
            if (!m.matches()) {
                return;
            }
            long n = Long.parseLong(m.group(1));
            long us = switch (m.group(2)) {
                case "us" -> n;
                case "ms" -> n * 1000;
                default -> n * 1_000_000;
            };
            values.put(col + "_latency_us", (double) us);
        }
    }
}
