package org.fsflow.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step's program and its libraries are found as the step's exec finds them, and read. */
class ProgramCacheTest {

    @Test
    void lddsLinesGiveTheLibraryFilesAndTheLoader() {
        String out = """
                \tlinux-vdso.so.1 (0x00007fbc5ea75000)
                \tlibblkid.so.1 => /lib/x86_64-linux-gnu/libblkid.so.1 (0x00007fbc5e9a4000)
                \tlibinih.so.1 => not found
                \tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007fbc5e7a9000)
                \t/lib64/ld-linux-x86-64.so.2 (0x00007fbc5ea77000)
                """;
        assertEquals(
                List.of(
                        Path.of("/lib/x86_64-linux-gnu/libblkid.so.1"),
                        Path.of("/lib/x86_64-linux-gnu/libc.so.6"),
                        Path.of("/lib64/ld-linux-x86-64.so.2")),
                org.fsflow.place.Ldd.libraries(out));
        assertEquals(List.of(), org.fsflow.place.Ldd.libraries("\tnot a dynamic executable\n"));
    }

    @Test
    void aShellLineStartsTheShellAndItsFirstPlainWord() {
        assertEquals(List.of("sh", "cp"), ProgramCache.programs(List.of("sh", "-c", " cp -r /a /b")));
        assertEquals(List.of("sh"), ProgramCache.programs(List.of("sh", "-c", "X=1 cp /a /b")));
        assertEquals(List.of("sh"), ProgramCache.programs(List.of("sh", "-c", "(cd /a && tar cf - .)")));
        assertEquals(List.of("mkfs.xfs"), ProgramCache.programs(List.of("mkfs.xfs", "-f", "/dev/loop0")));
    }

    @Test
    void aProgramIsLookedUpOnThePathLikeExecDoes(@TempDir Path dir) throws Exception {
        Path tool = Files.writeString(dir.resolve("tool"), "#!/bin/sh\n");
        assertEquals(Optional.empty(), ProgramCache.resolve("tool", "/nonexistent:" + dir), "not executable");
        assertTrue(tool.toFile().setExecutable(true));
        assertEquals(Optional.of(tool), ProgramCache.resolve("tool", "/nonexistent:" + dir));
        assertEquals(Optional.of(tool), ProgramCache.resolve(tool.toString(), ""));
        assertEquals(Optional.empty(), ProgramCache.resolve("no-such-program-here", dir.toString()));
    }

    @Test
    void warmingReadsTheProgramAndTheLibrariesLddNames() {
        long[] now = {0};
        ProgramCache cache = new ProgramCache("/usr/bin:/bin", () -> now[0]);
        List<Path> read = cache.warm(List.of("sh", "-c", "true"));
        assertTrue(read.get(0).endsWith("sh"), read.toString());
        assertTrue(read.stream().anyMatch(p -> p.getFileName().toString().startsWith("libc.so")), read.toString());
        assertTrue(read.stream().anyMatch(p -> p.endsWith("true")), "the shell line's program too: " + read);
        assertEquals(read.size(), read.stream().distinct().count(), "each file once: " + read);
        assertEquals(List.of(), cache.warm(List.of("sh", "-c", "true")), "just read: not again");
        now[0] += 1;
        cache.cachesDropped();
        now[0] += 1;
        assertEquals(read, cache.warm(List.of("sh", "-c", "true")), "after a cache drop: found once, read again");
        now[0] += ProgramCache.FRESH.toNanos();
        assertEquals(read, cache.warm(List.of("sh", "-c", "true")), "and after a while");
        assertEquals(List.of(), cache.warm(List.of("no-such-program-here")));
        assertEquals(List.of(), cache.warm(List.of()));
    }
}
