package org.fsflow.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GNU time output, in the two forms the seeds and users produce:
 * <ul>
 *   <li>seed 000's {@code -f "%C :\t%e real, %U user, %S sys, %P cpu"} lines, appended with
 *       {@code -a}, each possibly preceded by {@code Command exited with non-zero status N} or
 *       {@code Command terminated by signal N}; {@code 0.12} and bc's {@code .12}, {@code 17%}
 *       and {@code 17.00} are all read;</li>
 *   <li>{@code -v} blocks ({@code Command being timed: "..."} ... {@code Exit status: N}).</li>
 * </ul>
 */
public final class GnuTimeLog {

    /**
     * One timed command.
     *
     * @param command    %C
     * @param realS      %e
     * @param userS      %U
     * @param sysS       %S
     * @param cpuPct     %P (null for "?%")
     * @param maxRssKb   %M, -v only (else null)
     * @param exitStatus the status of a preceding "non-zero status" line, 0 otherwise; -1 for a signal
     */
    public record Entry(
            String command, double realS, double userS, double sysS, Double cpuPct, Long maxRssKb, int exitStatus) {}

    private static final String NUM = "(\\d*\\.?\\d+)";
    private static final Pattern LINE = Pattern.compile(
            "^(.*?)\\s*:\\s+" + NUM + " real, " + NUM + " user, " + NUM + " sys, (\\d*\\.?\\d+|\\?)%? cpu\\s*$");
    private static final Pattern STATUS = Pattern.compile("^Command exited with non-zero status (\\d+)");
    // what a time line looks like whatever its figures: "CMD : X real, Y user, Z sys"
    private static final Pattern TIMED = Pattern.compile(":\\s+\\S+ real, \\S+ user, \\S+ sys");
    private static final Pattern SIGNAL = Pattern.compile("^Command terminated by signal (\\d+)");

    private GnuTimeLog() {}

    /** Every entry of {@code text}; throws when there is none. A step's output may hold other lines. */
    public static List<Entry> parse(String text) throws OutputParser.Unparseable {
        return parse(text, false);
    }

    /**
     * Every entry of {@code text}; throws when there is none, or, when {@code strict} (a log
     * imported), when a time line's figures cannot be read, naming those lines.
     */
    public static List<Entry> parse(String text, boolean strict) throws OutputParser.Unparseable {
        List<Entry> out = new ArrayList<>();
        int status = 0;
        VerboseBlock block = null;
        List<Integer> unread = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].strip();
            Matcher m;
            if ((m = STATUS.matcher(line)).find()) {
                status = Integer.parseInt(m.group(1));
            } else if (SIGNAL.matcher(line).find()) {
                status = -1;
            } else if ((m = LINE.matcher(line)).matches()) {
                out.add(new Entry(
                        m.group(1).strip(),
                        Double.parseDouble(m.group(2)),
                        Double.parseDouble(m.group(3)),
                        Double.parseDouble(m.group(4)),
                        m.group(5).equals("?") ? null : Double.parseDouble(m.group(5)),
                        null,
                        status));
                status = 0;
            } else if (TIMED.matcher(line).find()) {
                unread.add(n + 1); // a time line whose figures are negative, NaN or not numbers
            } else if (line.startsWith("Command being timed:")) {
                block = new VerboseBlock(line.substring(20).strip().replaceAll("^\"|\"$", ""));
            } else if (block != null) {
                if (!block.read(line)) {
                    unread.add(n + 1); // a -v figure that is negative, NaN or not a number
                }
                if (line.startsWith("Exit status:")) {
                    out.add(block.entry());
                    block = null;
                }
            }
        }
        if (strict && !unread.isEmpty()) {
            throw new OutputParser.Unparseable(unread.size() + (unread.size() == 1 ? " line" : " lines")
                    + " of GNU time output could not be read: line" + (unread.size() == 1 ? " " : "s ")
                    + String.join(", ", unread.stream().map(String::valueOf).toList())
                    + " (a time that is negative, NaN or not a number); correct or remove "
                    + (unread.size() == 1 ? "it" : "them") + " and import again");
        }
        if (out.isEmpty()) {
            throw new OutputParser.Unparseable("no GNU time output: expected lines like 'CMD :\t1.00 real, 0.10 user, "
                    + "0.20 sys, 30% cpu' or a -v block ('Command being timed: ...')");
        }
        return out;
    }

    /** A -v block being read. */
    private static final class VerboseBlock {
        final String command;
        double real;
        double user;
        double sys;
        Double cpu;
        Long rss;
        int status;

        VerboseBlock(String command) {
            this.command = command;
        }

        // false when the line is one of the block's figures and its value is not a plain amount
        boolean read(String line) {
            int colon = line.lastIndexOf(": ");
            if (colon < 0) {
                return true;
            }
            String key = line.substring(0, colon);
            String value = line.substring(colon + 2).strip();
            boolean cpuUnknown = key.startsWith("Percent of CPU") && value.startsWith("?");
            boolean figure = key.startsWith("User time")
                    || key.startsWith("System time")
                    || key.startsWith("Percent of CPU")
                    || key.startsWith("Elapsed (wall clock) time")
                    || key.startsWith("Maximum resident set size")
                    || key.startsWith("Exit status");
            if (!figure || cpuUnknown) {
                return true;
            }
            if (!value.replace("%", "").matches("\\d{1,15}(\\.\\d+)?(:\\d{1,2}(\\.\\d+)?){0,2}")) {
                return false;
            }
            if (key.startsWith("User time")) {
                user = Double.parseDouble(value);
            } else if (key.startsWith("System time")) {
                sys = Double.parseDouble(value);
            } else if (key.startsWith("Percent of CPU")) {
                cpu = Double.parseDouble(value.replace("%", ""));
            } else if (key.startsWith("Elapsed (wall clock) time")) {
                real = clock(value);
            } else if (key.startsWith("Maximum resident set size")) {
                if (!value.matches("\\d{1,15}")) {
                    return false;
                }
                rss = Long.parseLong(value);
            } else {
                if (!value.matches("\\d{1,3}")) {
                    return false;
                }
                status = Integer.parseInt(value);
            }
            return true;
        }

        // h:mm:ss or m:ss.cc
        static double clock(String v) {
            double total = 0;
            for (String part : v.split(":")) {
                total = total * 60 + Double.parseDouble(part);
            }
            return total;
        }

        Entry entry() {
            return new Entry(command, real, user, sys, cpu, rss, status);
        }
    }
}
