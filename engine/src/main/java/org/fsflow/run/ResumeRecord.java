package org.fsflow.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.fsflow.result.EnvironmentFile;
import org.fsflow.result.Journal;
import org.fsflow.result.JournalReader;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.RunSettings;

/**
 * Adds a resume to {@code environment.json} ({@link RunEnvironment.Resume}): when it started, how
 * many measurements the journal held, the last one's node, the kernel it resumed under and the
 * commit of the fsflow that resumed it. The
 * report shows every resume; doctor leaves the pause out of the time around the steps.
 */
final class ResumeRecord {

    private static final Path OSRELEASE = Path.of("/proc/sys/kernel/osrelease");

    private ResumeRecord() {}

    /**
     * Records a resume of the run in {@code out} starting {@code at}, given {@code sets} ({@code resume
     * --set}, which also replace the settings the report reads with {@code settings}); the file is
     * rewritten whole.
     */
    static void add(Path out, Instant at, List<String> sets, RunSettings settings) {
        int[] rows = {0};
        String[] last = {null};
        JournalReader.scan(out.resolve(Journal.FILE), (m, offset) -> {
            rows[0]++;
            last[0] = m.node();
        });
        String kernel;
        try {
            kernel = Files.isReadable(OSRELEASE) ? Files.readString(OSRELEASE).strip() : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + OSRELEASE, e);
        }
        EnvironmentFile.addResume(
                out,
                new RunEnvironment.Resume(
                        at.truncatedTo(ChronoUnit.SECONDS).toString(),
                        rows[0],
                        last[0],
                        kernel,
                        org.fsflow.scenario.Versions.BUILD.commit(),
                        sets),
                settings);
    }
}
