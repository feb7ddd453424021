package org.fsflow.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison's headline, read from its {@code comparison.csv}: the largest significant change of
 * real time whose two means both last at least ten launch floors (a change of a step that start-up
 * weighs on is not the comparison's answer), with the floor said when it left some out.
 */
final class ComparisonHeadline {

    private ComparisonHeadline() {}

    static String of(Path csv) throws IOException {
        return of(csv, 0);
    }

    /** The same, leaving out rows whose base or run mean is under ten times {@code floorS}. */
    static String of(Path csv, double floorS) throws IOException {
        if (!Files.isRegularFile(csv)) {
            return "";
        }
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty()) {
            return "";
        }
        List<String> header = fields(lines.get(0));
        int metric = header.indexOf("metric");
        int ratio = header.indexOf("ratio");
        int mark = header.indexOf("mark");
        int run = header.indexOf("run");
        int base = header.indexOf("base_mean");
        int mean = header.indexOf("mean");
        int under = 0;
        double largest = 0;
        String out = "";
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = fields(line);
            if (f.size() != header.size()
                    || !f.get(metric).equals("real_s")
                    || f.get(ratio).isEmpty()
                    || !(f.get(mark).equals("better") || f.get(mark).equals("worse"))) {
                continue;
            }
            double limit = 10 * floorS;
            if (Double.parseDouble(f.get(base)) < limit || Double.parseDouble(f.get(mean)) < limit) {
                under++;
                continue;
            }
            double r = Double.parseDouble(f.get(ratio));
            if (r > 0 && Math.abs(Math.log(r)) > largest) {
                largest = Math.abs(Math.log(r));
                out = "Largest significant change: " + where(header, f) + " real time x"
                        + String.format(Locale.ROOT, "%.2f", r) + " in " + f.get(run) + " (" + f.get(mark)
                        + ") against the baseline";
            }
        }
        if (out.isEmpty()) {
            return out;
        }
        return out
                + (under == 0
                        ? "."
                        : " (" + under + " significant changes of steps under ten launch floors, "
                                + String.format(Locale.ROOT, "%.1f", floorS * 1000) + " ms each, left out).");
    }

    private static String where(List<String> header, List<String> f) {
        List<String> parts = new ArrayList<>();
        for (String key : List.of("dataset", "filesystem", "step")) {
            String v = f.get(header.indexOf(key));
            if (!v.isEmpty()) {
                parts.add(v);
            }
        }
        return String.join("/", parts);
    }

    // one CSV line (RFC 4180 quoting)
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cur.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
