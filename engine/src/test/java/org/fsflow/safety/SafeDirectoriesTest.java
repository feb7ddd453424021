package org.fsflow.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rule of {@link SafeDirectories} on directories of the test's own (another user's: see OtherUsersIT). */
class SafeDirectoriesTest {

    @TempDir
    Path dir;

    @Test
    void aStickyWorldWritableDirectoryIsAcceptedAboveButNeverAsTheDirectory() throws Exception {
        Path sticky = Files.createDirectory(dir.resolve("tmp"));
        Files.setPosixFilePermissions(sticky, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setAttribute(sticky, "unix:mode", 01777);
        assertNull(SafeDirectories.problem(sticky.resolve("fsflow/x")));
        String problem = SafeDirectories.problem(sticky);
        assertTrue(problem.contains(sticky + " is writable by other users") && problem.contains("mode 1777"), problem);
    }

    @Test
    void aWorldWritableDirectoryWithoutTheStickyBitIsRefusedAnywhereOnThePath() throws Exception {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        String problem = SafeDirectories.problem(open.resolve("a/b"));
        assertTrue(problem.contains(open + " is writable by other users") && problem.contains("mode 0777"), problem);
    }

    @Test
    void createMakesEveryMissingLevelRootOnly() throws Exception {
        Path work = dir.resolve("a/b/c");
        SafeDirectories.create(work, "the work directory", "");
        for (Path p = work; !p.equals(dir); p = p.getParent()) {
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)), p.toString());
        }
    }

    @Test
    void aLinkOfRootsIsFollowedAndItsTargetChecked() throws Exception {
        Path real = Files.createDirectory(dir.resolve("real"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), Path.of("real"));
        assertNull(SafeDirectories.problem(link.resolve("work")));
        SafeDirectories.create(link.resolve("work"), "the work directory", "");
        assertTrue(Files.isDirectory(real.resolve("work"), LinkOption.NOFOLLOW_LINKS));
        Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rwxrwxrwx"));
        String problem = SafeDirectories.problem(link.resolve("work"));
        assertTrue(problem.contains(real + " is writable by other users"), problem);
    }

    @Test
    void aFileInThePathAndALinkAsAMountPointAreRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertTrue(SafeDirectories.problem(file.resolve("work")).contains(file + " is not a directory"));
        Path link = Files.createSymbolicLink(dir.resolve("mnt"), dir);
        SafeDirectories.Refused e = assertThrows(
                SafeDirectories.Refused.class,
                () -> SafeDirectories.requireRealDirectory(link, "the mount point of device 'target'"));
        assertTrue(e.getMessage().contains("it is a symbolic link"), e.getMessage());
    }

    @Test
    void aNewFileIsNeverCreatedThroughALink() throws Exception {
        Path target = dir.resolve("elsewhere");
        Path link = Files.createSymbolicLink(dir.resolve("image.img"), target);
        assertThrows(java.nio.file.FileAlreadyExistsException.class, () -> SafeFiles.createSparse(link, 1 << 20));
        assertTrue(Files.notExists(target));
        Files.delete(link);
        SafeFiles.createSparse(link, 1 << 20);
        assertEquals(1 << 20, Files.size(link));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(link)));
    }
}
