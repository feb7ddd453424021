package org.fsflow.vm;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The uncompressed kernel that QEMU boots through its PVH entry, made once from a bzImage. A
 * bzImage decompresses itself in the guest before it starts: under TCG that took 3 of the 5 s
 * from QEMU's start to the guest's first line (Debian's 6.1, xz). Its payload is decompressed
 * here instead, on the host, by the tool of its format ({@code xz}, {@code zstd}, {@code gzip}),
 * checked against the size the kernel's build appended, and kept only if it is an ELF image with
 * a PVH entry note ({@code XEN_ELFNOTE_PHYS32_ENTRY}). The code that runs is the same kernel's;
 * where any of this fails the bzImage is booted as before.
 */
final class DirectBoot {

    /** The ELF note of the 32-bit PVH entry point (Xen's public elfnote.h). */
    static final int PHYS32_ENTRY = 18;

    private DirectBoot() {}

    /**
     * The direct-boot image of {@code bzImage} at {@code target}, made if it is not there yet (the
     * caller holds the cache's lock); null when the image cannot be booted so.
     */
    static Path make(Path bzImage, Path target) {
        if (Files.isRegularFile(target)) {
            return target;
        }
        Path tmp = target.resolveSibling(target.getFileName() + ".partial");
        try {
            byte[] image = Files.readAllBytes(bzImage);
            Payload p = payload(image);
            if (p == null || !decompress(p, image, tmp) || !hasPvhEntry(tmp)) {
                return null;
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            return null;
        } finally {
            try {
                Files.deleteIfExists(tmp); // left only by a failure: a success moved it
            } catch (IOException e) {
                // a leftover .partial is overwritten by the next attempt
            }
        }
    }

    /**
     * Where a bzImage's compressed kernel lies, and how to decompress it.
     *
     * @param from   its first byte in the file
     * @param length its length, without the size a build appends
     * @param tool   the command that decompresses it from stdin to stdout
     * @param size   the uncompressed size the build appended, or -1 (gzip keeps it in its trailer)
     */
    record Payload(int from, int length, List<String> tool, long size) {}

    /** The payload of {@code image} by its boot protocol header (version 2.08 or later), or null. */
    static Payload payload(byte[] image) {
        ByteBuffer b = ByteBuffer.wrap(image).order(ByteOrder.LITTLE_ENDIAN);
        if (image.length < 0x250 || b.getInt(0x202) != 0x53726448 || (b.getShort(0x206) & 0xffff) < 0x0208) {
            return null; // no "HdrS", or no payload fields
        }
        int setupSects = image[0x1f1] & 0xff;
        long from = (setupSects == 0 ? 4 : setupSects) * 512L + 512 + (b.getInt(0x248) & 0xffffffffL);
        long length = b.getInt(0x24c) & 0xffffffffL;
        if (length < 8 || from + length > image.length) {
            return null;
        }
        int at = (int) from;
        int end = (int) (from + length);
        long appended = b.getInt(end - 4) & 0xffffffffL;
        if (startsWith(image, at, 0xfd, '7', 'z', 'X', 'Z', 0x00)) {
            return new Payload(at, end - at - 4, List.of("xz", "-dc", "--single-stream"), appended);
        }
        if (startsWith(image, at, 0x28, 0xb5, 0x2f, 0xfd)) {
            return new Payload(at, end - at - 4, List.of("zstd", "-dcq"), appended);
        }
        if (startsWith(image, at, 0x1f, 0x8b, 0x08)) {
            return new Payload(at, end - at, List.of("gzip", "-dc"), -1);
        }
        return null;
    }

    private static boolean startsWith(byte[] a, int at, int... magic) {
        for (int i = 0; i < magic.length; i++) {
            if ((a[at + i] & 0xff) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean decompress(Payload p, byte[] image, Path out) throws IOException {
        Process proc;
        try {
            proc = new ProcessBuilder(p.tool())
                    .redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException absent) {
            return false; // the tool is not installed: boot the bzImage
        }
        try (OutputStream in = proc.getOutputStream()) {
            in.write(image, p.from(), p.length());
        } catch (IOException ended) {
            // the tool stopped reading: its exit status says whether it failed
        }
        try {
            if (!proc.waitFor(300, TimeUnit.SECONDS)) {
                proc.destroyForcibly();
                return false;
            }
        } catch (InterruptedException e) {
            proc.destroyForcibly();
            Thread.currentThread().interrupt();
            return false;
        }
        return proc.exitValue() == 0 && (p.size() < 0 || Files.size(out) == p.size());
    }

    /** Whether the ELF64 file at {@code elf} has a PT_NOTE with Xen's PVH entry note. */
    static boolean hasPvhEntry(Path elf) throws IOException {
        try (FileChannel ch = FileChannel.open(elf)) {
            ByteBuffer h = read(ch, 0, 64);
            if (h == null || h.getInt(0) != 0x464c457f || h.get(4) != 2 || h.get(5) != 1) {
                return false; // not a little-endian ELF64
            }
            long phoff = h.getLong(0x20);
            int phentsize = h.getShort(0x36) & 0xffff;
            int phnum = h.getShort(0x38) & 0xffff;
            for (int i = 0; i < phnum; i++) {
                ByteBuffer ph = read(ch, phoff + (long) i * phentsize, 56);
                if (ph != null
                        && ph.getInt(0) == 4
                        && notes(read(ch, ph.getLong(8), (int) Math.min(ph.getLong(32), 1 << 16)))) {
                    return true;
                }
            }
            return false;
        }
    }

    // whether a PT_NOTE segment's notes hold "Xen" PHYS32_ENTRY
    private static boolean notes(ByteBuffer n) {
        if (n == null) {
            return false;
        }
        int at = 0;
        while (at + 12 <= n.limit()) {
            int namesz = n.getInt(at);
            int descsz = n.getInt(at + 4);
            int type = n.getInt(at + 8);
            if (namesz < 0 || descsz < 0) {
                return false;
            }
            boolean xen = namesz == 4 && at + 16 <= n.limit() && n.getInt(at + 12) == 0x006e6558; // "Xen\0"
            if (xen && type == PHYS32_ENTRY) {
                return true;
            }
            at += 12 + align4(namesz) + align4(descsz);
        }
        return false;
    }

    private static int align4(int n) {
        return (n + 3) & ~3;
    }

    private static ByteBuffer read(FileChannel ch, long at, int length) throws IOException {
        if (at < 0 || length <= 0 || at + length > ch.size()) {
            return null;
        }
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                return null;
            }
        }
        return b.flip();
    }
}
