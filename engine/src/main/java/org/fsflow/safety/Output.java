package org.fsflow.safety;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a command writes into a directory, and so which directories it may write into: none that
 * holds another kind's files ({@link OutputKind}), nor a report whose kind nothing tells, nor (for a
 * command that makes new results) results already there. The checks read; nothing is changed.
 *
 * @param own      the kind it writes (null: only its own files, as the index)
 * @param fresh    true when it makes new results, so that its own kind's files there are refused too
 * @param reports  true when it writes report.html and report.md
 * @param what     what it writes, in words ("the comparison")
 */
public record Output(OutputKind own, boolean fresh, boolean reports, String what) {

    /** {@code fsflow report DIR}, and the end of a run: the report of the run in its own directory. */
    public static final Output RUN_REPORT = new Output(OutputKind.RUN, false, true, "the run's report");
    /** {@code run --out}: a run's directory; one begun without a result may be begun again. */
    public static final Output RUN = new Output(OutputKind.RUN, false, true, "the run");
    /** {@code import --out}, {@code merge --out}: new results with their report. */
    public static final Output NEW_RESULTS = new Output(OutputKind.RUN, true, true, "the results and their report");
    /** {@code compare --out}. */
    public static final Output COMPARISON = new Output(OutputKind.COMPARISON, false, true, "the comparison");
    /** {@code history --out}. */
    public static final Output HISTORY = new Output(OutputKind.HISTORY, false, true, "the history");
    /** {@code index DIR}: index.html and index.md, beside the reports. */
    public static final Output INDEX = new Output(null, false, false, "the index");

    /**
     * Why {@code dir} must not receive this output, naming the file in the way, or null when it
     * may: it does not exist yet, or it is a real directory holding nothing this would overwrite
     * that is not its own kind's.
     */
    public String problem(Path dir) {
        if (Files.isSymbolicLink(dir)) {
            return dir + " is a symbolic link, which fsflow did not make and does not follow";
        }
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return dir + " is not a directory";
        }
        for (OutputKind k : own == null ? new OutputKind[0] : OutputKind.values()) {
            Optional<Path> file = k.in(dir);
            if (file.isPresent() && (k != own || fresh)) {
                return dir + " holds " + k.description() + " (" + file.get().getFileName() + ")"
                        + (reports ? ", whose report this would overwrite" : "");
            }
        }
        Optional<Path> report = OutputKind.first(dir, OutputKind.REPORT);
        if (reports && report.isPresent() && (own == null || own.in(dir).isEmpty())) {
            return dir + " holds a report (" + report.get().getFileName() + ") of something that is not "
                    + (own == null ? "fsflow's" : own.description());
        }
        return null;
    }

    /** Refuses {@code dir} with the problem and {@code fix} ("Choose another --out: ..."), if there is one. */
    public void check(Path dir, String fix) {
        String problem = problem(dir);
        if (problem != null) {
            throw new SafeDirectories.Refused(
                    "refusing to write " + what + " into " + dir + ": " + problem + ". " + fix);
        }
    }
}
