package org.fsflow.aging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fsflow.dataset.Ager;
import org.fsflow.dataset.Settle;
import org.fsflow.dataset.SplitMix64;
import org.fsflow.device.Capabilities;
import org.fsflow.machine.ToolVersion;
import org.fsflow.place.Commands;
import org.fsflow.plan.Cell;
import org.fsflow.result.AgingRecord;

/**
 * The commands around an aging: mkfs with the UUID (and ext4's directory hash seed) fixed by the
 * seed, the mount with the journal's commit timer out of the way, the pinning of the ager's thread
 * to one CPU, and the record of it all.
 */
final class AgingCommands {

    // longer than any aging here: the commits come from the ager's fsyncs, never from a timer
    private static final String COMMIT = "commit=300";

    private AgingCommands() {}

    /** {@code argv} (a mkfs command, the device last) with the filesystem's UUID fixed by {@code seed}. */
    static List<String> mkfs(List<String> argv, String type, long seed) {
        List<String> out = new ArrayList<>(argv);
        String dev = out.remove(out.size() - 1);
        String id = SplitMix64.uuid(seed, 1).toString();
        switch (type) {
            case "xfs" -> out.addAll(List.of("-m", "uuid=" + id));
            case "btrfs" -> out.addAll(List.of("-U", id));
            default -> out.addAll(List.of("-U", id, "-E", "hash_seed=" + SplitMix64.uuid(seed, 2)));
        }
        out.add(dev);
        return out;
    }

    /**
     * {@code argv} (a mount command) with the journal's commit interval at 300 s where the filesystem has one;
     * on btrfs also {@code nodiscard}: the asynchronous discard it turns on by itself for a device that can
     * discard (a loop device can) takes free extents away from the allocator while it trims them, at times
     * no two runs share.
     */
    static List<String> mount(List<String> argv, String type) {
        List<String> out = new ArrayList<>(argv);
        switch (type) {
            case "xfs" -> {}
            case "btrfs" -> out.addAll(1, List.of("-o", COMMIT + ",nodiscard"));
            default -> out.addAll(1, List.of("-o", COMMIT));
        }
        return out;
    }

    /**
     * What runs after every operation of an aging. On xfs, {@code xfs_spaceman}'s {@code prealloc -s} frees the
     * speculative preallocation beyond files' ends and waits for the inactivation of deleted inodes, work that
     * XFS's background workers would otherwise do at times no run reproduces; then a syncfs ({@link SyncFs}),
     * whose log force commits those frees: until its checkpoint is written a freed extent is busy and the
     * allocator passes it over, so without it the place of later files depended on when XFS's log worker
     * happened to run (a run on a busy host aged into another state). On btrfs, a syncfs: the commit that
     * returns freed extents to the allocator. Nothing elsewhere: ext4's fsync commits.
     */
    static Settle settle(String type, Path mnt) throws IOException {
        if (type.equals("btrfs")) {
            return SyncFs.open(mnt);
        }
        if (!type.equals("xfs")) {
            return () -> {};
        }
        SyncFs prealloc = SyncFs.prealloc(mnt);
        SyncFs sync = SyncFs.open(mnt);
        return new Settle() {
            @Override
            public void settle() throws IOException {
                prealloc.settle();
                sync.settle();
            }

            @Override
            public void close() {
                sync.close();
                prealloc.close();
            }
        };
    }

    /** Pins the calling thread to {@code cpu}; returns its former affinity mask (for {@link #unpin}). */
    static String pin(int cpu) throws IOException {
        if (cpu >= Runtime.getRuntime().availableProcessors()) {
            throw new IllegalStateException("aging cpu " + cpu + ": this machine has "
                    + Runtime.getRuntime().availableProcessors() + " CPUs (numbered from 0)");
        }
        String tid = tid();
        Commands.Result now = Commands.run("taskset", "-p", tid);
        if (!now.ok()) {
            throw new IllegalStateException("taskset -p " + tid + ": " + now.message());
        }
        String mask = now.out().strip().replaceAll(".*: ", "");
        Commands.Result r = Commands.run("taskset", "-pc", String.valueOf(cpu), tid);
        if (!r.ok()) {
            throw new IllegalStateException("taskset -pc " + cpu + " " + tid + ": " + r.message());
        }
        return mask;
    }

    /** Gives the calling thread back its affinity {@code mask}. */
    static void unpin(String mask) {
        try {
            Commands.run("taskset", "-p", mask, tid());
        } catch (IOException e) {
            // the thread keeps its pin: harmless, the measured steps run in their own processes
        }
    }

    private static String tid() throws IOException {
        return Files.readSymbolicLink(Path.of("/proc/thread-self"))
                .getFileName()
                .toString();
    }

    /** The record of an aging. */
    static AgingRecord record(
            Cell cell,
            long seed,
            String spec,
            Instant started,
            double seconds,
            Ager.Result done,
            AgedState.Measured state,
            String imageSha,
            Path image,
            String type) {
        Map<String, Long> ops = new LinkedHashMap<>();
        done.operations().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> ops.put(e.getKey().key(), e.getValue()));
        return new AgingRecord(
                cell.id(),
                new TreeMap<>(cell.coordinates()),
                seed,
                spec,
                Capabilities.kernelRelease(),
                tools(type),
                started.toString(),
                seconds,
                ops,
                done.fillOperations(),
                done.writtenBytes(),
                done.capacityBytes(),
                state.fullnessPct(),
                state.files(),
                done.liveBytes(),
                done.noSpace(),
                state.extentsPerFile(),
                state.fragmentedPct(),
                state.maxExtents(),
                state.free() == null ? null : state.free().extents(),
                state.free() == null ? null : state.free().freeBytes(),
                state.free() == null ? null : state.free().smallPct(),
                state.freeTool(),
                state.fingerprint(),
                imageSha,
                image.toString());
    }

    private static Map<String, String> tools(String type) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(List.of("mkfs." + type, "filefrag"));
        names.add(type.equals("xfs") ? "xfs_db" : type.equals("btrfs") ? "btrfs" : "e2freefrag");
        for (String name : names) {
            Path p = which(name);
            out.put(name, p == null ? "not found" : ToolVersion.of(name, p));
        }
        return out;
    }

    private static Path which(String name) {
        for (String dir : (System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/sbin").split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
