package org.fsflow.cli;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.crash.KeptLog;
import org.fsflow.crash.Replay;
import org.fsflow.crash.WriteLog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fsflow crash-replay LOG --to ENTRY --size BYTES --image OUT}: a crash point of a crash cell
 * made again, from the write log a run kept ({@code crash-logs/*.log.gz}): the log replayed onto a
 * fresh sparse image up to and including entry ENTRY, as the run did before recovering it.
 */
@Command(
        name = "crash-replay",
        mixinStandardHelpOptions = true,
        description = "Replay a kept crash-cell write log (dm-log-writes format, .gz or plain) onto a new image, "
                + "up to a crash point, to examine it (fsck, or a mount under the guest's kernel).")
final class CrashReplayCommand extends Subcommand {

    @Parameters(index = "0", paramLabel = "LOG", description = "The write log (crash-logs/FS-WORKLOAD.log.gz).")
    Path log;

    @Option(names = "--to", required = true, paramLabel = "ENTRY", description = "The last log entry to apply.")
    int to;

    @Option(names = "--size", required = true, paramLabel = "BYTES", description = "The logged device's size.")
    long size;

    @Option(names = "--image", required = true, paramLabel = "OUT", description = "The image to create.")
    Path image;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(log)) {
            throw new UserError("no write log at " + log, ExitCodes.USAGE);
        }
        if (Files.exists(image)) {
            throw new UserError(
                    image + " exists: crash-replay writes a new image, choose another --image", ExitCodes.USAGE);
        }
        Path dir = image.toAbsolutePath().getParent();
        Path plain = KeptLog.plain(log, dir);
        try {
            WriteLog w = WriteLog.read(plain);
            if (to < 0 || to >= w.entries().size()) {
                throw new UserError(
                        "--to " + to + " is not an entry of " + log + " (0 to "
                                + (w.entries().size() - 1) + ")",
                        ExitCodes.USAGE);
            }
            try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
                f.setLength(size);
            }
            try (Replay replay = new Replay(w, image)) {
                replay.to(to);
                out().println("replayed entries 0 to " + to + " of "
                        + w.entries().size() + " (" + replay.bytes() + " bytes written or discarded) onto "
                        + image);
            }
        } finally {
            if (!plain.equals(log)) {
                Files.deleteIfExists(plain);
            }
        }
        return ExitCodes.OK;
    }
}
