package org.fsflow.summary;

import java.util.List;

/** Failed or timed-out steps, left out of every mean. */
public final class FailuresRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        long failed = evidence.results().uncounted().stream()
                .filter(r -> r.status().failure())
                .count();
        return failed == 0
                ? List.of()
                : List.of(
                        failed + " steps failed or timed out; they are listed below and left " + "out of every mean.");
    }
}
