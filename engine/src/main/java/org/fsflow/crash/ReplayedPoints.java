package org.fsflow.crash;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A crash cell's write log read once its recording has ended, its crash points chosen, and the
 * first ones replayed into the recording guest's idle disks ({@link GuestLog.Then}); the replay
 * goes on from there for the later batches. Closing it removes the replayed image and the disks.
 */
final class ReplayedPoints implements GuestLog.Prepare, AutoCloseable {
    private final CrashCell.Request r;
    private final Path logImage;
    private final List<Path> idle;
    private final Path base;
    WriteLog log;
    List<Integer> chosen = List.of();
    Replay replay;

    ReplayedPoints(CrashCell.Request r, Path logImage, List<Path> idle) {
        this.r = r;
        this.logImage = logImage;
        this.idle = idle;
        this.base = CrashCell.replayFile(r);
    }

    @Override
    public int images() throws IOException {
        log = WriteLog.read(logImage);
        chosen = CrashCell.choose(log, r);
        try (RandomAccessFile f = new RandomAccessFile(base.toFile(), "rw")) {
            f.setLength(r.targetBytes());
        }
        replay = new Replay(log, base);
        int n = Math.min(chosen.size(), idle.size());
        for (int i = 0; i < n; i++) {
            replay.to(chosen.get(i));
            CrashCell.copySparse(base, idle.get(i));
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        try {
            if (replay != null) {
                replay.close();
            }
        } finally {
            Files.deleteIfExists(base);
            for (Path p : idle) {
                Files.deleteIfExists(p);
            }
        }
    }
}
