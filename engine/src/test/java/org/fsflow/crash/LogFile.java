package org.fsflow.crash;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes logs the way drivers/md/dm-log-writes.c lays them out, for the tests: the super block in
 * the first device sector, then per entry one device sector (sector, nr_sectors, flags, data_len,
 * a mark's name after them), followed by a write's data; a discard and a flush carry none.
 */
final class LogFile {

    private final int sectorSize;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private long entries;

    LogFile(int sectorSize) {
        this.sectorSize = sectorSize;
    }

    LogFile write(long sector, byte[] data, long flags) {
        int sectors = data.length / sectorSize;
        header(sector, sectors, flags, 0, null);
        body.writeBytes(data);
        return this;
    }

    LogFile flush() {
        header(0, 0, WriteLog.FLUSH, 0, null);
        return this;
    }

    LogFile discard(long sector, long sectors) {
        header(sector, sectors, WriteLog.DISCARD, 0, null);
        return this;
    }

    LogFile mark(String name) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        header(0, 0, WriteLog.MARK, n.length, n);
        return this;
    }

    private void header(long sector, long sectors, long flags, long dataLen, byte[] inline) {
        ByteBuffer b = ByteBuffer.allocate(sectorSize).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(sector).putLong(sectors).putLong(flags).putLong(dataLen);
        if (inline != null) {
            b.put(inline);
        }
        body.writeBytes(b.array());
        entries++;
    }

    /** The whole log, its super declaring {@code declared} entries (the kernel's may lag). */
    byte[] bytes(long declared) {
        ByteBuffer s = ByteBuffer.allocate(sectorSize).order(ByteOrder.LITTLE_ENDIAN);
        s.putLong(WriteLog.MAGIC).putLong(WriteLog.VERSION).putLong(declared).putInt(sectorSize);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(s.array());
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    byte[] bytes() {
        return bytes(entries);
    }

    static byte[] filled(int length, int value) {
        byte[] b = new byte[length];
        java.util.Arrays.fill(b, (byte) value);
        return b;
    }
}
