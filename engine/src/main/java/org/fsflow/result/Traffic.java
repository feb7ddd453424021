package org.fsflow.result;

/**
 * A step's bytes told apart by where they went, for a reader who must know what the page cache
 * absorbed and what reached the devices. The VFS and storage figures are those of the step's
 * process tree ({@code /proc/PID/io} of the reaped processes, see {@code measure/ChildIo}); the
 * devices' own bytes are the measurement's {@code read_bytes}/{@code write_bytes}
 * (/proc/diskstats); the dirty figures are host-wide ({@code /proc/meminfo}) at the step's end.
 *
 * @param vfsReadBytes        bytes the processes read through read calls ({@code rchar}: cache hits too)
 * @param vfsWriteBytes       bytes they wrote through write calls ({@code wchar})
 * @param storageReadBytes    bytes their reads fetched from storage ({@code read_bytes})
 * @param storageWriteBytes   bytes they dirtied for storage ({@code write_bytes}, counted when written)
 * @param cancelledWriteBytes dirty bytes truncated before writeback ({@code cancelled_write_bytes})
 * @param dirtyEndBytes       host-wide {@code Dirty} when the step ended
 * @param writebackEndBytes   host-wide {@code Writeback} when the step ended
 */
public record Traffic(
        Long vfsReadBytes,
        Long vfsWriteBytes,
        Long storageReadBytes,
        Long storageWriteBytes,
        Long cancelledWriteBytes,
        Long dirtyEndBytes,
        Long writebackEndBytes) {

    /** The names of these figures as results.jsonl, results.csv and the rules know them, in order. */
    public static final java.util.List<String> NAMES = java.util.List.of(
            "vfs_read_bytes",
            "vfs_write_bytes",
            "storage_read_bytes",
            "storage_write_bytes",
            "cancelled_write_bytes",
            "dirty_end_bytes",
            "writeback_end_bytes");

    /** The figure named {@code name} (one of {@link #NAMES}), or null. */
    public Long get(String name) {
        return switch (name) {
            case "vfs_read_bytes" -> vfsReadBytes;
            case "vfs_write_bytes" -> vfsWriteBytes;
            case "storage_read_bytes" -> storageReadBytes;
            case "storage_write_bytes" -> storageWriteBytes;
            case "cancelled_write_bytes" -> cancelledWriteBytes;
            case "dirty_end_bytes" -> dirtyEndBytes;
            case "writeback_end_bytes" -> writebackEndBytes;
            default -> null;
        };
    }
}
