package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.fsflow.compare.ComparisonView;
import org.fsflow.result.Fieller;
import org.junit.jupiter.api.Test;

/** A ratio interval is never printed negative: in the formatters, and in every published report. */
class RatiosTest {

    // "[-1.12, 6.44]" or "×-0.5": a ratio or a bound printed below 0
    private static final Pattern NEGATIVE = Pattern.compile("(\\\\?\\[-\\d|×-\\d)");

    @Test
    void aLowerBoundAtOrBelowZeroIsUnboundedInWords() {
        assertEquals("×1.98 [unbounded below, 6.69]", Ratios.text(new Fieller.Interval(1.98, -2.64, 6.69)));
        assertEquals("×1.23 [1.10, 1.40]", Ratios.text(new Fieller.Interval(1.23, 1.1, 1.4)));
        assertEquals("×1.23 (no interval)", Ratios.text(new Fieller.Interval(1.23, Double.NaN, Double.NaN)));
        assertEquals("0.534 [unbounded below, 1.301]", ComparisonView.ratio(new Fieller.Interval(0.534, -0.04, 1.301)));
    }

    @Test
    void noPublishedReportPrintsANegativeRatioInterval() throws IOException {
        List<Path> reports;
        try (Stream<Path> all = Files.walk(TestPaths.root().resolve("reports"), 4)) {
            reports = all.filter(p -> p.getFileName().toString().matches("(report|index)\\.(md|html)"))
                    .sorted()
                    .toList();
        }
        for (Path p : reports) {
            String text = Files.readString(p);
            assertFalse(NEGATIVE.matcher(text).find(), p + ": " + first(text));
        }
    }

    private static String first(String text) {
        java.util.regex.Matcher m = NEGATIVE.matcher(text);
        return m.find() ? text.substring(Math.max(0, m.start() - 80), Math.min(text.length(), m.end() + 40)) : "";
    }
}
