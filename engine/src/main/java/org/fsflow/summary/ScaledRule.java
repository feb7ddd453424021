package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.RunEnvironment;

/** A run shrunk by {@code --scale}: not the published sizes. */
public final class ScaledRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        RunEnvironment.Settings s = evidence.environment().settings();
        double scale = s == null ? 1.0 : s.scale();
        return scale < 1
                ? List.of("Datasets and fsflow-created devices were shrunk by --scale " + scale
                        + ": these are not the published sizes.")
                : List.of();
    }
}
