package org.fsflow.summary;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.lang.ScenarioException;
import org.fsflow.scenario.SourceFile;

/**
 * Where a run directory's findings come from: {@code source.yaml} when {@code --source} stored
 * one, else the {@code source:} section of the {@code scenario.yaml} it ran.
 */
public final class RunSource {

    /** The scenario as run, in a run directory. */
    static final String SCENARIO = "scenario.yaml";

    private RunSource() {}

    /**
     * The source section of run directory {@code dir}, or null when it has none. A stored
     * {@code source.yaml} that no longer reads is an error; a {@code scenario.yaml} written by an
     * older fsflow whose {@code source:} this one cannot read has no findings.
     */
    public static SourceFile.Loaded of(Path dir) throws ScenarioException {
        Path stored = dir.resolve(SourceFile.STORED);
        if (Files.isRegularFile(stored)) {
            return SourceFile.read(stored, stored.toString());
        }
        Path scenario = dir.resolve(SCENARIO);
        if (!Files.isRegularFile(scenario)) {
            return null;
        }
        try {
            SourceFile.Loaded loaded = SourceFile.read(scenario, scenario.toString());
            return loaded.section() == null || loaded.section().findings().isEmpty() ? null : loaded;
        } catch (ScenarioException e) {
            return null;
        }
    }
}
