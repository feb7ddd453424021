package org.fsflow.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.host.RunFailure;
import org.fsflow.result.RunProvenance;
import org.fsflow.result.RunSettings;
import org.fsflow.safety.AtomicFile;
import org.fsflow.safety.CachedFiles;

/**
 * The check {@code resume} makes of {@code run.json} before trusting it: present, not empty,
 * parsable, and holding every setting the plan is rebuilt from. A damaged file is refused with one
 * error naming it and what to do; a run never goes on with defaults.
 */
final class RunFile {

    private RunFile() {}

    /** Throws a {@link RunFailure} unless {@code out/run.json} is complete. */
    static void check(Path out) {
        Path file = out.resolve(Campaign.RUN);
        if (!Files.isRegularFile(file)) {
            throw new RunFailure(out + " is not the output directory of a run (no " + Campaign.RUN + "): nothing to "
                    + "resume (a run writes " + Campaign.RUN + " before anything else, so one killed before it "
                    + "set nothing up); start the run with 'fsflow run FILE --out " + out + "'");
        }
        String problem = RunSettings.problem(file);
        if (problem != null) {
            throw new RunFailure("cannot resume " + out + ": " + file + " is damaged (" + problem + "), so the run's "
                    + "settings are unknown and it is not resumed with defaults. Start it again: remove " + out
                    + " (or choose another --out) and run 'fsflow run FILE --out " + out + "'");
        }
    }

    /**
     * Restores {@code scenario.original.yaml} when a kill came between {@code run.json} (written
     * first) and it: from the scenario file {@code run.json} names ({@code provenance.scenario_file},
     * as the command named it: relative paths are taken from where resume runs), when its bytes
     * still have the recorded SHA-256; else a {@link RunFailure} saying why the run cannot go on. Returns true when
     * it restored the copy.
     */
    static boolean restoreOriginal(Path out) {
        Path original = out.resolve(Campaign.ORIGINAL);
        if (Files.isRegularFile(original)) {
            return false;
        }
        String why;
        try {
            RunProvenance p = RunSettings.read(out).provenance();
            Path source = Path.of(p == null || p.scenarioFile() == null ? "" : p.scenarioFile());
            String sha = p == null || p.scenarioSha256() == null ? "" : p.scenarioSha256();
            if (!sha.isEmpty()
                    && Files.isRegularFile(source)
                    && CachedFiles.sha256(source).equals(sha)) {
                AtomicFile.write(original, Files.readAllBytes(source));
                return true;
            }
            why = source.toAbsolutePath() + " (run.json's provenance.scenario_file, relative to where the run was "
                    + "started) is gone or has changed since the run started (its SHA-256 is not " + sha + ")";
        } catch (IOException | RuntimeException e) {
            why = e.getMessage();
        }
        throw new RunFailure("cannot resume " + out + ": the run was killed before it copied its scenario to "
                + original + ", and " + why + ". Start it again with 'fsflow run FILE --out " + out + "'");
    }
}
