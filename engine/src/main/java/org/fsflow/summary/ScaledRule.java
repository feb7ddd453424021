package org.fsflow.summary;

import java.util.List;
import org.fsflow.result.RunEnvironment;

/** A run shrunk by {@code --scale}: not the published sizes. */
public final class ScaledRule implements WarningRule {

    @Override
    public List<String> check(Evidence evidence) {
        RunEnvironment.Settings s = evidence.environment().settings();
        double scale = s == null ? 1.0 : s.scale();
        if (s != null && !s.scales().uniform()) {
            boolean shrunk = scale < 1 || s.scales().places().values().stream().anyMatch(f -> f < 1);
            return shrunk
                    ? List.of("Datasets and fsflow-created devices were shrunk per place ("
                            + s.scales().options()
                            + "): the cells of a place below 1 do not have the published sizes, and cells of "
                            + "different scales are never compared.")
                    : List.of();
        }
        return scale < 1
                ? List.of("Datasets and fsflow-created devices were shrunk by --scale " + scale
                        + ": these are not the published sizes.")
                : List.of();
    }
}
