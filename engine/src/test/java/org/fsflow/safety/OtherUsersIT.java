package org.fsflow.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run as root refuses, before it creates anything, the directories that another user
 * ({@code nobody}) controls: the attack of issue 16 and its variants, each in a sticky
 * world-writable directory of the test's own (never the real /var/tmp/fsflow).
 */
class OtherUsersIT {

    static final String SCENARIO = """
            fsflow: 1
            name: quickstart
            devices: { target: { loop: { size: 300MiB } } }
            filesystems: { ext4: {} }
            datasets: { small: { dirs: 2, files: 4, size: 4KiB } }
            matrix: { dataset: [small], filesystem: [ext4] }
            steps:
              - mkfs
              - mount
              - name: copy-in
                run: cp -r ${dataset.path} ${target.mnt}
              - umount
            """;

    @TempDir
    Path dir;

    Path sticky;
    Path scenario;

    @BeforeEach
    void stickyParent() throws Exception {
        // nobody must be able to reach the sticky directory, as it reaches /var/tmp
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        sticky = Files.createDirectory(dir.resolve("tmp"));
        sh("chmod", "1777", sticky.toString());
        scenario = dir.resolve("quickstart.yaml");
        Files.writeString(scenario, SCENARIO);
    }

    @AfterEach
    void cleanUp() throws Exception {
        List<String> left = Leftovers.release(dir);
        assertTrue(left.isEmpty(), "the run left " + left);
    }

    @Test
    void aSymlinkedWorkDirectoryInADirectoryOfAnotherUserIsRefused() throws Exception {
        // the attack as found: nobody makes fsflow/ and in it quickstart -> a directory of theirs
        asNobody("mkdir", sticky.resolve("victim").toString());
        asNobody("mkdir", sticky.resolve("fsflow").toString());
        asNobody(
                "ln",
                "-s",
                sticky.resolve("victim").toString(),
                sticky.resolve("fsflow/quickstart").toString());
        Path work = sticky.resolve("fsflow/quickstart");
        Cli r = refused(work);
        assertTrue(
                r.err()
                        .contains("refusing the work directory " + work + ": " + sticky.resolve("fsflow")
                                + " belongs to another user (owner nobody (uid 65534), group nogroup, mode 0755)"),
                r.err());
        assertTrue(r.err().contains("--work"), r.err());
        assertEmpty(sticky.resolve("victim"));
    }

    @Test
    void aWorkDirectoryThatIsAnotherUsersSymlinkIsRefused() throws Exception {
        asNobody("mkdir", sticky.resolve("victim").toString());
        asNobody(
                "ln",
                "-s",
                sticky.resolve("victim").toString(),
                sticky.resolve("quickstart").toString());
        Path work = sticky.resolve("quickstart");
        Cli r = refused(work);
        assertTrue(
                r.err()
                        .contains("refusing the work directory " + work + ": the symbolic link " + work
                                + " belongs to another user (owner nobody (uid 65534)"),
                r.err());
        assertEmpty(sticky.resolve("victim"));
    }

    @Test
    void aWorkDirectoryOwnedByAnotherUserIsRefused() throws Exception {
        Path work = sticky.resolve("work");
        asNobody("mkdir", work.toString());
        Cli r = refused(work);
        assertTrue(
                r.err()
                        .contains("refusing the work directory " + work + ": " + work
                                + " belongs to another user (owner nobody (uid 65534), group nogroup, mode 0755)"),
                r.err());
        assertEmpty(work);
    }

    @Test
    void aParentOwnedByAnotherUserIsRefused() throws Exception {
        Path home = sticky.resolve("home");
        asNobody("mkdir", home.toString());
        Path work = home.resolve("fsflow/quickstart");
        Cli r = refused(work);
        assertTrue(
                r.err().contains("refusing the work directory " + work + ": " + home + " belongs to another user"),
                r.err());
        assertEmpty(home);
    }

    @Test
    void aGroupWritableWorkDirectoryIsRefused() throws Exception {
        Path work = Files.createDirectory(dir.resolve("shared"));
        sh("chown", "root:nogroup", work.toString());
        sh("chmod", "0770", work.toString());
        Cli r = refused(work);
        assertTrue(
                r.err()
                        .contains("refusing the work directory " + work + ": " + work
                                + " is writable by other users (owner root (uid 0), group nogroup, mode 0770)"),
                r.err());
        assertEmpty(work);
    }

    @Test
    void aWorldWritableWorkDirectoryIsRefusedEvenWhenSticky() throws Exception {
        Path work = Files.createDirectory(dir.resolve("open"));
        sh("chmod", "1777", work.toString());
        Cli r = refused(work);
        assertTrue(
                r.err().contains(work + " is writable by other users (owner root (uid 0), group root, mode 1777)"),
                r.err());
        assertEmpty(work);
    }

    @Test
    void anOutputDirectoryOwnedByAnotherUserIsRefused() throws Exception {
        Path out = sticky.resolve("reports");
        asNobody("mkdir", out.toString());
        Path work = dir.resolve("work");
        Cli r = Cli.campaign(scenario, out, work);
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(
                r.err().contains("refusing the output directory " + out + ": " + out + " belongs to another user"),
                r.err());
        assertTrue(r.noStackTrace(), r.err());
        assertEmpty(out);
        assertFalse(Files.exists(work), "nothing is created before the refusal");
    }

    @Test
    void underAStickyParentFsflowMakesItsOwnDirectoriesRootOnly() throws Exception {
        Path work = sticky.resolve("fsflow/quickstart");
        Path out = sticky.resolve("reports/quickstart");
        Cli r = Cli.campaign(scenario, out, work);
        assertEquals(0, r.exitCode(), r.out() + r.err());
        for (Path p : List.of(sticky.resolve("fsflow"), work, sticky.resolve("reports"), out)) {
            assertEquals(
                    "rwx------",
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS)),
                    p.toString());
            assertEquals("root", Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).getName(), p.toString());
        }
        assertFalse(Leftovers.loopsUnder(dir));
        assertFalse(Leftovers.mountsUnder(dir));
    }

    @Test
    void aLinkPlantedAtTheImagesPathIsRemovedNotFollowed() throws Exception {
        Path work = Files.createDirectory(dir.resolve("work"));
        Path precious = Files.writeString(dir.resolve("precious"), "not an image");
        Files.createSymbolicLink(work.resolve("target.img"), precious);
        Cli r = Cli.campaign(scenario, dir.resolve("out"), work);
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals("not an image", Files.readString(precious));
        assertFalse(Files.exists(work.resolve("target.img"), LinkOption.NOFOLLOW_LINKS), "removed at teardown");
        assertFalse(Leftovers.loopsUnder(dir));
    }

    private Cli refused(Path work) throws Exception {
        Path out = dir.resolve("out");
        Cli r = Cli.campaign(scenario, out, work);
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.noStackTrace(), r.err());
        assertFalse(Files.exists(out), "the run stops before it creates anything");
        assertFalse(Leftovers.loopsUnder(dir), "no loop device");
        assertFalse(Leftovers.mountsUnder(dir), "no mount");
        return r;
    }

    private static void assertEmpty(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            assertEquals(List.of(), s.toList(), "nothing is created in " + d);
        }
    }

    private static void asNobody(String... argv) throws Exception {
        String[] cmd = Stream.concat(
                        Stream.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"), Stream.of(argv))
                .toArray(String[]::new);
        sh(cmd);
    }

    static String sh(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", argv) + ": " + out);
        return out.strip();
    }
}
