package org.fsflow.report;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Series;
import org.fsflow.result.Summary;

/**
 * The measurements a report shows one by one: the steps that failed or timed out, those taken again
 * ({@code quiet: retake}), and the repetitions whose real time is an outlier of their series (modified z-score above
 * {@link Summary#OUTLIER_Z}), the evidence behind the failure and outlier warnings. Every other row
 * stays in results.csv and results.jsonl, linked from the report: a page of 10^5 rows is more than
 * a browser, or a reader, handles.
 */
final class NotableRows {

    /** At most this many of them are shown; the report says how many there are. */
    static final int LIMIT = 500;

    private NotableRows() {}

    /** The notable rows of {@code results}, in journal order, with why each is shown; none of them read yet. */
    static List<Notable> of(ResultSet results) {
        TreeMap<Long, String> why = new TreeMap<>(); // ids grow in journal order
        for (int i = 0; i < results.uncounted().size(); i++) {
            Measurement m = results.uncounted().get(i);
            if (m.status().failure()) {
                why.put(results.uncountedIds().get(i), m.status().value());
            } else if (m.takenAgain()) {
                why.put(results.uncountedIds().get(i), "retaken");
            }
        }
        for (Series s : results.series()) {
            double[] values = s.realTimes();
            if (values.length < 3) {
                continue;
            }
            long[] ids = s.realIds();
            for (int i : Summary.of(values).outliers()) {
                why.put(ids[i], "outlier");
            }
        }
        List<Notable> out = new ArrayList<>();
        why.forEach((id, reason) -> out.add(new Notable(id, reason)));
        return out;
    }

    /** A measurement, by its id in the result set ({@link ResultSet#row}), and why the report shows it ("outlier", or its failure status). */
    record Notable(long id, String why) {}
}
