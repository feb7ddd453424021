package org.fsflow.crash;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A write log in the format of the kernel's dm-log-writes target ({@code
 * Documentation/admin-guide/device-mapper/log-writes.rst}): a super block at byte 0 (magic,
 * version, the number of entries, the device's logical sector size), then, one device sector
 * after it, the entries in the order the writes reached the device. Each entry is one device
 * sector (the target sector, the number of sectors, flags, a data length), a mark's name inside
 * that sector after the entry, a write's data in the sectors that follow; a discard and a flush
 * carry no data. Sectors of entries are device sectors ({@link Super#sectorSize()} bytes).
 *
 * <p>The kernel rewrites the super block at each FUA write and each mark only, so a log of an
 * interrupted workload may hold more entries than its super says; like the kernel's own replay
 * tool, the reader trusts the super, and stops early, saying so, where the file ends first.
 */
public final class WriteLog {

    /** The super block's magic number. */
    public static final long MAGIC = 0x6a736677736872L;

    /** The one version of the format. */
    public static final long VERSION = 1;

    static final long FLUSH = 1;
    static final long FUA = 1 << 1;
    static final long DISCARD = 1 << 2;
    static final long MARK = 1 << 3;
    static final long METADATA = 1 << 4;

    private static final int ENTRY_BYTES = 32;

    /**
     * The super block.
     *
     * @param entries    the number of entries it declares
     * @param sectorSize the logged device's logical sector size in bytes
     */
    public record Super(long entries, int sectorSize) {}

    /**
     * One entry.
     *
     * @param index    0-based position in the log
     * @param sector   the first device sector written or discarded
     * @param sectors  how many device sectors
     * @param flags    flush, FUA, discard, mark, metadata bits
     * @param data     the byte offset of its data in the log file (writes only)
     * @param mark     the mark's name, or null
     */
    public record Entry(int index, long sector, long sectors, long flags, long data, String mark) {

        /** True for a mark. */
        public boolean isMark() {
            return (flags & MARK) != 0;
        }

        /** True for a discard. */
        public boolean isDiscard() {
            return (flags & DISCARD) != 0;
        }

        /** True for an entry that makes earlier writes durable: a flush or a FUA write. */
        public boolean isBarrier() {
            return (flags & (FLUSH | FUA)) != 0;
        }

        /** True for a write with data. */
        public boolean isWrite() {
            return !isMark() && !isDiscard() && sectors > 0;
        }
    }

    private final Path file;
    private final Super superBlock;
    private final List<Entry> entries;
    private final String shortBy;

    private WriteLog(Path file, Super superBlock, List<Entry> entries, String shortBy) {
        this.file = file;
        this.superBlock = superBlock;
        this.entries = entries;
        this.shortBy = shortBy;
    }

    /** Reads the super block and every entry's header (not the data) of the log in {@code file}. */
    public static WriteLog read(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer sb = read(ch, 0, 28);
            if (sb == null || sb.getLong(0) != MAGIC) {
                throw new IOException(file + " is not a dm-log-writes log (no magic number at byte 0)");
            }
            if (sb.getLong(8) != VERSION) {
                throw new IOException(file + ": log version " + sb.getLong(8) + ", only version 1 is known");
            }
            long declared = sb.getLong(16);
            int sectorSize = sb.getInt(24);
            if (sectorSize < 512 || Integer.bitCount(sectorSize) != 1) {
                throw new IOException(file + ": sector size " + sectorSize + " is not a power of two >= 512");
            }
            List<Entry> entries = new ArrayList<>();
            long pos = sectorSize;
            String shortBy = null;
            for (int i = 0; i < declared; i++) {
                ByteBuffer e = read(ch, pos, sectorSize);
                if (e == null) {
                    shortBy = "the file ends after " + i + " of the " + declared + " entries its super declares";
                    break;
                }
                Entry entry = entry(i, e, pos + sectorSize);
                long next = pos + sectorSize + (entry.isDiscard() ? 0 : entry.sectors() * sectorSize);
                if (entry.isWrite() && next > ch.size()) {
                    shortBy = "the data of entry " + i + " goes past the end of the file";
                    break;
                }
                entries.add(entry);
                pos = next;
            }
            return new WriteLog(file, new Super(declared, sectorSize), List.copyOf(entries), shortBy);
        }
    }

    private static Entry entry(int index, ByteBuffer e, long data) {
        long flags = e.getLong(16);
        String mark = null;
        if ((flags & MARK) != 0) {
            int len = (int) Math.min(e.getLong(24), e.capacity() - ENTRY_BYTES);
            byte[] name = new byte[len];
            e.get(ENTRY_BYTES, name);
            mark = new String(name, StandardCharsets.UTF_8);
        }
        return new Entry(index, e.getLong(0), e.getLong(8), flags, data, mark);
    }

    // length bytes at pos, little-endian, or null where the file ends first
    private static ByteBuffer read(FileChannel ch, long pos, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, pos + b.position()) < 0) {
                return null;
            }
        }
        return b.flip();
    }

    /** The log's file. */
    public Path file() {
        return file;
    }

    /** Its super block. */
    public Super superBlock() {
        return superBlock;
    }

    /** Its entries, in log order. */
    public List<Entry> entries() {
        return entries;
    }

    /** Why fewer entries were read than the super declares, or null when all were. */
    public String shortBy() {
        return shortBy;
    }

    /** The index of the mark named {@code name}, or -1. */
    public int mark(String name) {
        return entries.stream()
                .filter(e -> name.equals(e.mark()))
                .mapToInt(Entry::index)
                .findFirst()
                .orElse(-1);
    }
}
