package org.fsflow.summary;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.fsflow.Fsflow;
import org.fsflow.TestPaths;

/** The verdicts of a published seed report (reports/NAME), judged by this checkout, loaded once per JVM. */
final class PublishedVerdicts {

    private static final Map<String, VerdictTable> LOADED = new HashMap<>();

    private PublishedVerdicts() {}

    static synchronized VerdictTable of(String name) {
        return LOADED.computeIfAbsent(name, n -> {
            Path dir = TestPaths.root().resolve("reports").resolve(n);
            return Fsflow.summarize(Fsflow.results(dir), dir).verdicts();
        });
    }

    static Verdict finding(String report, String id) {
        return of(report).verdicts().stream()
                .filter(v -> v.finding().id().equals(id))
                .findFirst()
                .orElseThrow(() -> new AssertionError(report + " has no finding " + id));
    }
}
