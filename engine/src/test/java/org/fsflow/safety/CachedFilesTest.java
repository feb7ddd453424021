package org.fsflow.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cached file (a kernel package) is used only when its SHA-256 is the expected one. */
class CachedFilesTest {

    static final String CONTENT = "linux-image 6.1\n";

    @TempDir
    Path dir;

    final AtomicInteger fetches = new AtomicInteger();

    String expected() throws IOException {
        Path p = Files.writeString(dir.resolve("reference"), CONTENT);
        String sha = CachedFiles.sha256(p);
        Files.delete(p);
        return sha;
    }

    Path fetch(Path into) throws IOException {
        fetches.incrementAndGet();
        return Files.writeString(into, CONTENT);
    }

    @Test
    void aVerifiedCopyIsUsedWithoutFetching() throws Exception {
        String sha = expected();
        Path deb = Files.writeString(dir.resolve("linux.deb"), CONTENT);
        assertEquals(deb, CachedFiles.obtain(deb, sha, this::fetch));
        assertEquals(0, fetches.get());
    }

    @Test
    void aReplacedCachedPackageIsDetectedAndFetchedAgain() throws Exception {
        String sha = expected();
        Path deb = Files.writeString(dir.resolve("linux.deb"), "something else\n");
        CachedFiles.obtain(deb, sha, this::fetch);
        assertEquals(1, fetches.get());
        assertEquals(CONTENT, Files.readString(deb));
    }

    @Test
    void aLinkInPlaceOfThePackageIsReplacedNotFollowed() throws Exception {
        String sha = expected();
        Path theirs = Files.writeString(dir.resolve("theirs"), CONTENT);
        Path deb = Files.createSymbolicLink(dir.resolve("linux.deb"), theirs);
        CachedFiles.obtain(deb, sha, this::fetch);
        assertEquals(1, fetches.get(), "a link is never a verified copy, even of the right bytes");
        assertTrue(Files.isRegularFile(deb, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertEquals(CONTENT, Files.readString(theirs));
    }

    @Test
    void aFetchThatDoesNotMatchIsRefusedAndNothingIsLeft() throws Exception {
        String sha = expected();
        Path deb = dir.resolve("linux.deb");
        IOException e = assertThrows(
                IOException.class,
                () -> CachedFiles.obtain(deb, sha, into -> Files.writeString(into, "tampered mirror\n")));
        assertTrue(
                e.getMessage().contains("its SHA-256 is ") && e.getMessage().contains("expected " + sha),
                e.getMessage());
        try (var s = Files.list(dir)) {
            assertEquals(0, s.count());
        }
    }
}
