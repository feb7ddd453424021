package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The uncompressed kernel made from a bzImage, on small images of the same layout: an ELF64 file
 * with a PT_NOTE segment, compressed by the real xz and gzip, behind a boot protocol header.
 */
class DirectBootTest {

    @TempDir
    Path dir;

    @Test
    void anXzKernelWithAPvhEntryIsDecompressedOnceAsItWas() throws Exception {
        byte[] elf = elf(DirectBoot.PHYS32_ENTRY);
        Path bz = bzImage(compress(elf, "xz", "--check=crc32", "-c"), true, elf.length);
        Path target = dir.resolve("vmlinux");
        assertEquals(target, DirectBoot.make(bz, target));
        assertArrayEquals(elf, Files.readAllBytes(target));
        // made once: a second call keeps the file
        Files.writeString(bz, "no longer a kernel");
        assertEquals(target, DirectBoot.make(bz, target));
        assertArrayEquals(elf, Files.readAllBytes(target));
    }

    @Test
    void aGzipKernelCarriesItsSizeInItsOwnTrailer() throws Exception {
        byte[] elf = elf(DirectBoot.PHYS32_ENTRY);
        Path bz = bzImage(compress(elf, "gzip", "-c"), false, 0);
        assertEquals(dir.resolve("k"), DirectBoot.make(bz, dir.resolve("k")));
        assertArrayEquals(elf, Files.readAllBytes(dir.resolve("k")));
    }

    @Test
    void withoutAPvhEntryOrWithAnotherSizeTheBzImageIsBootedAndNothingIsLeft() throws Exception {
        byte[] other = elf(17); // another Xen note, no PVH entry
        assertNull(DirectBoot.make(bzImage(compress(other, "xz", "-c"), true, other.length), dir.resolve("a")));
        byte[] elf = elf(DirectBoot.PHYS32_ENTRY);
        assertNull(DirectBoot.make(bzImage(compress(elf, "xz", "-c"), true, elf.length + 1), dir.resolve("b")));
        assertNull(DirectBoot.make(Files.write(dir.resolve("plain"), new byte[4096]), dir.resolve("c")));
        try (var s = Files.list(dir)) {
            assertEquals(
                    List.of("bzImage", "plain"),
                    s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void thePayloadIsFoundByTheBootProtocolHeader() throws Exception {
        Path bz = bzImage(compress(elf(DirectBoot.PHYS32_ENTRY), "xz", "-c"), true, 123);
        DirectBoot.Payload p = DirectBoot.payload(Files.readAllBytes(bz));
        assertEquals(3 * 512 + 16, p.from()); // setup_sects 2, the boot sector, then payload_offset
        assertEquals(123, p.size());
        assertEquals("xz", p.tool().get(0));
        byte[] noHeader = Files.readAllBytes(bz);
        noHeader[0x202] = 'X';
        assertNull(DirectBoot.payload(noHeader));
        assertFalse(DirectBoot.hasPvhEntry(bz));
    }

    // an ELF64 header, one PT_NOTE program header and its segment: a "Xen" note of the given type
    private static byte[] elf(int noteType) {
        ByteBuffer b = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, 0x464c457f).put(4, (byte) 2).put(5, (byte) 1).put(6, (byte) 1);
        b.putShort(0x10, (short) 2).putShort(0x12, (short) 62);
        b.putLong(0x20, 64).putShort(0x36, (short) 56).putShort(0x38, (short) 1);
        b.putInt(64, 4).putLong(64 + 8, 128).putLong(64 + 32, 20);
        b.putInt(128, 4)
                .putInt(132, 4)
                .putInt(136, noteType)
                .putInt(140, 0x006e6558)
                .putInt(144, 0x1000000);
        for (int i = 160; i < 256; i++) {
            b.put(i, (byte) i); // some text
        }
        return b.array();
    }

    private byte[] compress(byte[] data, String... tool) throws IOException, InterruptedException {
        Path in = Files.write(dir.resolve("in"), data);
        Path out = dir.resolve("out");
        Process p = new ProcessBuilder(tool)
                .redirectInput(in.toFile())
                .redirectOutput(out.toFile())
                .start();
        assertEquals(0, p.waitFor());
        byte[] c = Files.readAllBytes(out);
        Files.delete(in);
        Files.delete(out);
        return c;
    }

    // a bzImage's layout: setup_sects 2, "HdrS" 2.15, payload_offset 16, the payload (and the size
    // a kernel build appends after xz and zstd)
    private Path bzImage(byte[] payload, boolean appendSize, long size) throws IOException {
        int from = 3 * 512 + 16;
        int length = payload.length + (appendSize ? 4 : 0);
        ByteBuffer b = ByteBuffer.allocate(from + length + 64).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0x1f1, (byte) 2).putInt(0x202, 0x53726448).putShort(0x206, (short) 0x020f);
        b.putInt(0x248, 16).putInt(0x24c, length);
        b.put(from, payload);
        if (appendSize) {
            b.putInt(from + payload.length, (int) size);
        }
        return Files.write(dir.resolve("bzImage"), b.array());
    }
}
