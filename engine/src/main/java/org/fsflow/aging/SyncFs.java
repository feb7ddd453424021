package org.fsflow.aging;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.dataset.Settle;

/**
 * syncfs(2) of a mounted filesystem after every operation of an aging, through one {@code xfs_io}
 * process that reads its commands from a pipe: {@code syncfs}, then {@code file}, whose line
 * {@code [000] PATH ...} says the sync returned. On btrfs an fsync writes the log tree and leaves
 * the transaction open; the transaction then commits when a timer, the cleaner or a space
 * reservation decides, and only a commit returns freed extents to the allocator, so the place of
 * later files depends on when those came. A commit after every operation puts them at the same
 * operations in every run. One process for the whole aging: starting one per operation would cost
 * more than the commit.
 */
final class SyncFs implements Settle {

    private final Path mnt;
    private final Process process;
    private final Writer commands;
    private final BufferedReader answers;

    private SyncFs(Path mnt, Process process) {
        this.mnt = mnt;
        this.process = process;
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Starts {@code xfs_io -r MNT}, which holds the mount point open until {@link #close}; under {@code stdbuf
     * -oL}, since xfs_io's output into a pipe would otherwise wait in its buffer until it ends.
     */
    static SyncFs open(Path mnt) throws IOException {
        Process p = new ProcessBuilder("stdbuf", "-oL", "xfs_io", "-r", mnt.toString())
                .redirectErrorStream(true)
                .start();
        return new SyncFs(mnt, p);
    }

    @Override
    public void settle() throws IOException {
        try {
            commands.write("syncfs\nfile\n");
            commands.flush();
        } catch (IOException ended) {
            // xfs_io has ended already (its pipe is broken): what it said before says why
        }
        List<String> said = new ArrayList<>();
        for (String line = answers.readLine(); line != null; line = answers.readLine()) {
            if (line.startsWith("[000] ")) {
                if (said.isEmpty()) {
                    return;
                }
                break;
            }
            said.add(line.strip());
        }
        throw new IOException("syncfs of " + mnt + " (xfs_io): "
                + (said.isEmpty() ? "xfs_io ended, exit " + exit() : String.join("; ", said)));
    }

    private String exit() {
        try {
            return process.waitFor(5, TimeUnit.SECONDS) ? String.valueOf(process.exitValue()) : "none yet";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** Ends xfs_io (end of its input), so that the mount point can be unmounted. */
    @Override
    public void close() {
        try {
            commands.close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
