package org.fsflow.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fsflow refuses to format what it must not touch, before anything runs. */
class SafetyIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    static String sh(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", argv) + ": " + out);
        return out.strip();
    }

    @Test
    void aMountedLoopDeviceIsRefusedAndItsDataUntouched() throws Exception {
        Path image = dir.resolve("mine.img");
        sh("truncate", "-s", "64M", image.toString());
        String dev = sh("losetup", "--find", "--show", image.toString());
        sh("mkfs.ext4", "-q", "-F", dev);
        Path mnt = dir.resolve("mnt");
        Files.createDirectories(mnt);
        sh("mount", dev, mnt.toString());
        Files.writeString(mnt.resolve("precious.txt"), "do not format me");

        Path f = dir.resolve("s.yaml");
        Files.writeString(
                f,
                "fsflow: 1\nname: unsafe\ndevices:\n  target: { block: " + dev + ", destroy: true }\n"
                        + "filesystems: { ext4: {} }\nmatrix: { filesystem: [ext4] }\nsteps: [mkfs, mount, umount]\n");
        Cli r = Cli.campaign(f, dir.resolve("out"), dir.resolve("work"));
        assertEquals(1, r.exitCode(), r.out());
        assertTrue(r.err().contains("refusing device 'target': " + dev + " is mounted on " + mnt), r.err());
        assertTrue(r.noStackTrace(), r.err());
        assertEquals("do not format me", Files.readString(mnt.resolve("precious.txt")));
        assertTrue(
                !Files.exists(dir.resolve("out/results.jsonl")) || Files.size(dir.resolve("out/results.jsonl")) == 0,
                "nothing ran");
    }

    @Test
    void aBlockDeviceWithoutDestroyIsRefusedAtValidation() throws Exception {
        Path f = dir.resolve("s.yaml");
        Files.writeString(
                f,
                "fsflow: 1\nname: unconfirmed\ndevices:\n  target: { block: /dev/loop7 }\n"
                        + "filesystems: { ext4: {} }\nmatrix: { filesystem: [ext4] }\nsteps: [mkfs]\n");
        Cli r = Cli.run("run", f.toString(), "--out", dir.resolve("out").toString());
        assertEquals(1, r.exitCode());
        assertTrue(
                r.err()
                        .contains(f + ":4:11: error: block device 'target' (/dev/loop7) would be formatted: "
                                + "add 'destroy: true'"),
                r.err());
    }

    @Test
    void theRootFilesystemsDeviceAndNonBlockFilesAreRefused() throws Exception {
        // the rule is checked directly: no campaign is ever pointed at the root disk, even in a test
        String root = null;
        for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
            String[] f = line.split(" ");
            if (f[1].equals("/") && f[0].startsWith("/dev/")) {
                root = f[0];
            }
        }
        if (root != null) {
            String why = DeviceSafety.refusal(Path.of(root));
            assertNotNull(why);
            assertTrue(why.contains("is mounted on /") || why.contains("root filesystem"), why);
        }
        Path plain = dir.resolve("plain-file");
        Files.writeString(plain, "x");
        assertTrue(DeviceSafety.refusal(plain).contains("is not a block device"));
        assertTrue(DeviceSafety.refusal(Path.of("/dev/fsflow-no-such-device")).contains("does not exist"));
    }
}
