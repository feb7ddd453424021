package org.fsflow.summary;

import java.util.List;

/**
 * One method warning: a condition under which a report's numbers mislead, checked against the
 * evidence. Each rule is one class, registered in {@link WarningRules#ALL}.
 */
public interface WarningRule {

    /** The warnings this rule raises on {@code evidence}, one sentence each; empty when none. */
    List<String> check(Evidence evidence);

    /** The first six of {@code items}, comma-separated, and how many more there are. */
    static String firstSix(List<String> items) {
        return firstSix(items, items.size());
    }

    /** The same, of the first {@code items} of {@code total}. */
    static String firstSix(List<String> items, int total) {
        return String.join(", ", items.subList(0, Math.min(6, items.size())))
                + (total > 6 ? " and " + (total - 6) + " more" : "");
    }
}
