package org.fsflow.parse;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GNU dd's summary line, on stderr (the last one when several dd ran):
 * {@code 8192000000 bytes (8.2 GB, 7.6 GiB) copied, 9.71033 s, 844 MB/s}. Gives the bytes, dd's
 * own seconds, and the rate recomputed in bytes per second (dd rounds and scales its own). Metrics
 * are numbers only, so dd's own rounded rate is not kept.
 */
final class DdParser implements OutputParser {

    private static final Pattern SUMMARY = Pattern.compile(
            "(\\d+) bytes(?: \\([^)]*\\))? copied, ([0-9.]+(?:e[-+]?\\d+)?) s, ([0-9.]+) ?([kMGTP]?B)/s");

    @Override
    public Map<String, Object> parse(String stdout, String stderr) throws Unparseable {
        Matcher m = SUMMARY.matcher(stderr + "\n" + stdout);
        java.util.regex.MatchResult last = null;
        while (m.find()) {
            last = m.toMatchResult();
        }
        if (last == null) {
            throw new Unparseable("no dd summary line ('N bytes ... copied, S s, R MB/s') in the output");
        }
        long bytes = Long.parseLong(last.group(1));
        double seconds = Double.parseDouble(last.group(2));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("dd_bytes", bytes);
        out.put("dd_seconds", seconds);
        out.put("dd_bytes_per_s", seconds > 0 ? Math.round(bytes / seconds) : null);
        return out;
    }
}
