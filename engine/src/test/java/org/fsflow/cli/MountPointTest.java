package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario's own mount point is mounted over only when empty and when it holds nothing fsflow
 * keeps (issue 39, part 2), refused by plan and run --dry-run before anything is printed or run.
 */
class MountPointTest {

    @TempDir
    Path dir;

    private Path scenario(Path mount) throws IOException {
        String text = Files.readString(TestPaths.root().resolve("scenarios/quickstart.yaml"))
                .replace(
                        "target: { loop: { size: 512MiB } }",
                        "target: { loop: { size: 512MiB }, mount: " + mount + " }");
        Path file = dir.resolve("mount.yaml");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void aMountPointThatHoldsFilesIsRefused() throws IOException {
        Path mount = Files.createDirectories(dir.resolve("mnt"));
        Files.writeString(mount.resolve("precious.txt"), "mine");
        Path file = scenario(mount);
        for (Cli c : new Cli[] {
            Cli.run("plan", file.toString()), Cli.run("run", file.toString(), "--dry-run", "--out", dir + "/o")
        }) {
            assertEquals(ExitCodes.FAILED, c.exitCode(), c.out() + c.err());
            assertTrue(c.err().contains(file + ":13:"), c.err());
            assertTrue(c.err().contains("mount: " + mount + " is not empty (it holds precious.txt)"), c.err());
            assertEquals("", c.out());
            assertTrue(c.noStackTrace(), c.err());
        }
        assertEquals("mine", Files.readString(mount.resolve("precious.txt")));
    }

    @Test
    void aMountPointAboveTheOutputOrWorkDirectoryIsRefused() throws IOException {
        Path mount = dir.resolve("mnt");
        Path file = scenario(mount);
        Cli c = Cli.run("plan", file.toString(), "--out", mount.resolve("out").toString());
        assertEquals(ExitCodes.FAILED, c.exitCode(), c.out());
        assertTrue(c.err().contains("holds the output directory (" + mount.resolve("out") + ")"), c.err());
        c = Cli.run(
                "plan",
                file.toString(),
                "--out",
                dir + "/o",
                "--work",
                mount.resolve("w").toString());
        assertTrue(c.err().contains("holds the work directory"), c.err());
    }

    @Test
    void anEmptyOrMissingMountPointIsFine() throws IOException {
        Path file = scenario(dir.resolve("mnt"));
        Cli c = Cli.run("plan", file.toString(), "--out", dir + "/o");
        assertEquals(ExitCodes.OK, c.exitCode(), c.err());
        Files.createDirectories(dir.resolve("mnt"));
        assertEquals(
                ExitCodes.OK,
                Cli.run("plan", file.toString(), "--out", dir + "/o").exitCode());
    }

    @Test
    void planRefusesAnExistingImageFsflowDidNotMake() throws IOException {
        Path image = dir.resolve("data.img");
        Files.writeString(image, "not fsflow's");
        String text = Files.readString(TestPaths.root().resolve("scenarios/quickstart.yaml"))
                .replace(
                        "target: { loop: { size: 512MiB } }",
                        "target: { loop: { size: 512MiB, image: " + image + " } }");
        Path file = dir.resolve("image.yaml");
        Files.writeString(file, text);
        Cli c = Cli.run("plan", file.toString(), "--out", dir + "/o");
        assertEquals(ExitCodes.FAILED, c.exitCode(), c.out());
        assertTrue(c.err().contains(file + ":13:"), c.err());
        assertTrue(c.err().contains(image + " exists and fsflow did not make it"), c.err());
        Files.writeString(file, text.replace(image + " }", image + ", destroy: true }"));
        assertEquals(
                ExitCodes.OK,
                Cli.run("plan", file.toString(), "--out", dir + "/o").exitCode());
        assertEquals("not fsflow's", Files.readString(image));
    }
}
