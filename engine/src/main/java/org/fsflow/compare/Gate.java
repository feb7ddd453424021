package org.fsflow.compare;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.compare.Comparison.Row;
import org.fsflow.summary.Numbers;

/**
 * The CI check of {@code compare --fail-on worse:5%}: the comparisons marked worse (significant
 * after false-discovery control, in the metric's bad direction) whose point estimate is worse by
 * more than the threshold: a ratio above 1.05 where lower is better, below 0.95 where higher is.
 *
 * @param threshold the relative worsening allowed, 0.05 for 5 %
 */
public record Gate(double threshold) {

    private static final Pattern SPEC = Pattern.compile("worse:(\\d+(?:\\.\\d+)?)%");

    /** The gate of {@code spec} ({@code worse:N%}); an {@link IllegalArgumentException} says what is expected. */
    public static Gate parse(String spec) {
        Matcher m = SPEC.matcher(spec.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("--fail-on '" + spec + "': expected worse:N% (e.g. worse:5%)");
        }
        return new Gate(Double.parseDouble(m.group(1)) / 100);
    }

    /** The comparisons that fail the gate, in the report's order. */
    public List<Row> failures(Comparison c) {
        return c.rows().stream()
                .filter(r -> r.mark() == Mark.WORSE && r.worsening() > threshold)
                .toList();
    }

    /** One line for a failing comparison. */
    public static String line(Row r) {
        return "worse: " + r.where() + " " + r.metric() + " (" + r.run() + "): "
                + Numbers.sig(r.base().mean()) + " -> "
                + Numbers.sig(r.other().mean()) + (r.unit().isEmpty() ? "" : " " + r.unit()) + ", ratio "
                + ComparisonView.ratio(r.ratio()) + ", q " + ComparisonView.probability(r.q());
    }
}
