package org.fsflow;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.report.JournalPass;

/**
 * A stored run directory's report rendered by the pipeline's stages 4 to 7 ({@link Fsflow#report}
 * without its check of the scenario file against this machine's copy, so golden files do not
 * depend on which files happen to exist here).
 */
public final class StoredReport {

    private StoredReport() {}

    /** Renders {@code dir}'s report files from what it stores and returns them. */
    public static List<Path> render(Path dir) {
        try (JournalPass pass = JournalPass.over(dir)) {
            return Fsflow.render(Fsflow.model(Fsflow.summarize(pass.results(), dir)), pass, dir, null);
        }
    }
}
