package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.Summary;

/** Series with outliers (modified z-score above {@link Summary#OUTLIER_Z}), kept in the means. */
public final class OutliersRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        List<String> notes = evidence.realTimes().stream()
                .filter(t -> !t.stats().outliers().isEmpty())
                .map(t -> t.where() + " (" + t.stats().outliers().size() + ")")
                .toList();
        return notes.isEmpty()
                ? List.of()
                : List.of("Outliers (modified z-score above 3.5) in " + WarningRule.firstSix(notes)
                        + ": they are kept in the means; see the raw measurements.");
    }
}
