package org.fsflow.report;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Measurement;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Series;
import org.fsflow.result.Summary;

/**
 * The measurements a report shows one by one: the steps that failed or timed out, and the
 * repetitions whose real time is an outlier of their series (modified z-score above
 * {@link Summary#OUTLIER_Z}), the evidence behind the failure and outlier warnings. Every other row
 * stays in results.csv and results.jsonl, linked from the report: a page of 10^5 rows is more than
 * a browser, or a reader, handles.
 */
final class NotableRows {

    /** At most this many of them are shown; the report says how many there are. */
    static final int LIMIT = 500;

    private NotableRows() {}

    /** The notable rows of {@code results}, in journal order, with why each is shown. */
    static List<Notable> of(ResultSet results) {
        Map<Measurement, String> why = new IdentityHashMap<>();
        for (Series s : results.series()) {
            for (Measurement m : s.rows()) {
                if (m.status().failure()) {
                    why.put(m, m.status().value());
                }
            }
            List<Measurement> timed = new ArrayList<>();
            for (Measurement m : s.ok()) {
                Double v = Metric.REAL_S.of(m);
                if (v != null && !v.isNaN()) {
                    timed.add(m);
                }
            }
            if (timed.size() < 3) {
                continue;
            }
            double[] values = timed.stream().mapToDouble(Metric.REAL_S::of).toArray();
            for (int i : Summary.of(values).outliers()) {
                why.put(timed.get(i), "outlier");
            }
        }
        List<Notable> out = new ArrayList<>();
        for (Measurement m : results.measurements()) {
            String reason = why.get(m);
            if (reason != null) {
                out.add(new Notable(m, reason));
            }
        }
        return out;
    }

    /** A measurement and why the report shows it ("outlier", or its failure status). */
    record Notable(Measurement row, String why) {}
}
