package org.fsflow.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import org.fsflow.safety.CachedFiles;

/**
 * Whether the scenario file a run recorded has changed since: {@code fsflow report DIR} re-renders
 * a run made with one scenario, and the file at the recorded path may by now say something else
 * (other sizes, other steps). A report then says so, since its titles and texts come from the
 * run's copy, not from the file a reader opens.
 */
public final class ScenarioDrift {

    private ScenarioDrift() {}

    /**
     * The warning for {@code env}'s run when its scenario file, read relative to {@code base} (the
     * directory the command runs in, as the run's command line named it), now has another digest;
     * empty when it is unchanged, when the run did not record it, or when the file is not there.
     */
    public static Optional<String> check(RunEnvironment env, Path base) {
        RunProvenance p = env.settings() == null ? null : env.settings().provenance();
        String file = p != null && p.scenarioFile() != null ? p.scenarioFile() : env.scenarioFile();
        String recorded = p != null && p.scenarioSha256() != null ? p.scenarioSha256() : env.scenarioSha256();
        if (file == null || recorded == null) {
            return Optional.empty();
        }
        Path path;
        try {
            path = base.resolve(file);
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(path)) {
            return Optional.empty();
        }
        String now;
        try {
            now = CachedFiles.sha256(path);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (now.equalsIgnoreCase(recorded)) {
            return Optional.empty();
        }
        return Optional.of("The scenario file " + file + " has changed since this run (sha256 now "
                + now.substring(0, 16) + "..., at the run " + recorded.substring(0, Math.min(16, recorded.length()))
                + "...): this report describes the run as it was (its copy: scenario.original.yaml); run the "
                + "scenario again for results of the file as it is now.");
    }
}
