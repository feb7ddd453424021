package org.fsflow.summary;

import java.util.List;

/** Fewer than 3 successful repetitions: no spread, or an unreliable one. */
public final class FewRepetitionsRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        long few = evidence.realTimes().stream().filter(t -> t.stats().n() < 3).count();
        return few == 0
                ? List.of()
                : List.of(few + " series have fewer than 3 successful repetitions: their spread "
                        + "and confidence intervals are missing or unreliable.");
    }
}
