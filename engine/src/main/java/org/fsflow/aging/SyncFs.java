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
 * {@code [000] PATH ...} says the sync returned. The same loop drives one {@code xfs_spaceman} for
 * XFS's {@code prealloc -s} ({@link #prealloc}), answered by {@code print}'s line of the same form.
 * On btrfs an fsync writes the log tree and leaves the transaction open; the transaction then commits when a timer, the cleaner or a space
 * reservation decides, and only a commit returns freed extents to the allocator, so the place of
 * later files depends on when those came. A commit after every operation puts them at the same
 * operations in every run. One process for the whole aging: starting one per operation would cost
 * more than the commit.
 */
final class SyncFs implements Settle {

    private final Path mnt;
    private final String tool;
    private final String script;
    private final Process process;
    private final Writer input;
    private final BufferedReader answers;

    private SyncFs(Path mnt, String tool, String script, Process process) {
        this.mnt = mnt;
        this.tool = tool;
        this.script = script;
        this.process = process;
        this.input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Starts {@code xfs_io -r MNT}, which holds the mount point open until {@link #close}; under {@code stdbuf
     * -oL}, since xfs_io's output into a pipe would otherwise wait in its buffer until it ends.
     */
    static SyncFs open(Path mnt) throws IOException {
        return start(mnt, "xfs_io", "syncfs\nfile\n", "-r");
    }

    /**
     * Starts {@code xfs_spaceman MNT}, whose every {@link #settle} is a {@code prealloc -s}: one process
     * for the whole aging, like xfs_io's (one started per operation made a smoke run's XFS aging of
     * 1,123 files take 29.1 s; one for all, 3.5 s to the same fingerprint).
     */
    static SyncFs prealloc(Path mnt) throws IOException {
        return start(mnt, "xfs_spaceman", "prealloc -s\nprint\n");
    }

    private static SyncFs start(Path mnt, String tool, String script, String... options) throws IOException {
        List<String> argv = new ArrayList<>(List.of("stdbuf", "-oL", tool));
        argv.addAll(List.of(options));
        argv.add(mnt.toString());
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        return new SyncFs(mnt, tool, script, p);
    }

    @Override
    public void settle() throws IOException {
        try {
            input.write(script);
            input.flush();
        } catch (IOException ended) {
            // the tool has ended already (its pipe is broken): what it said before says why
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
        String what = script.substring(0, script.indexOf('\n'));
        throw new IOException(what + " of " + mnt + " (" + tool + "): "
                + (said.isEmpty() ? tool + " ended, exit " + exit() : String.join("; ", said)));
    }

    private String exit() {
        try {
            return process.waitFor(5, TimeUnit.SECONDS) ? String.valueOf(process.exitValue()) : "none yet";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** Ends the tool (end of its input), so that the mount point can be unmounted. */
    @Override
    public void close() {
        try {
            input.close();
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
