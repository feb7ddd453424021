package org.fsflow.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.TestResults;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real mkfs and mounts on loop devices: ext4, xfs and btrfs in one campaign, tmpfs, zfs-fuse. */
// alone: zfs-fuse has one daemon and one socket per machine
@org.junit.jupiter.api.Tag("alone")
class FilesystemsIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void aParamSetOnTheCommandLineReachesMountThroughMountOptions() throws Exception {
        Path f = dir.resolve("opts.yaml");
        Files.writeString(f, """
                fsflow: 1
                name: mount-options
                params: { opts: rw }
                devices:
                  target: { loop: { size: 256MiB } }
                filesystems:
                  ext4: { mount_options: ["${params.opts}", noatime] }
                matrix:
                  filesystem: [ext4]
                steps:
                  - mkfs
                  - mount
                  - name: options
                    run: [sh, -c, 'grep " $0 " /proc/mounts', "${target.mnt}"]
                  - umount
                """);
        Path out = dir.resolve("out");
        Cli r = Cli.run(
                "run",
                f.toString(),
                "--set",
                "opts=ro",
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<JsonNode> rows = TestResults.read(out);
        assertEquals(4, rows.size(), rows.toString());
        JsonNode mount = rows.get(1);
        assertEquals("mount", mount.get("step").asText());
        assertTrue(mount.get("command").asText().contains("-o ro,noatime "), mount.toString());
        // what the kernel says: /proc/mounts lists the options the filesystem is mounted with
        String line = Files.readString(out.resolve("logs/ext4/r1/options.out")).strip();
        String options = line.split(" ")[3];
        assertTrue(List.of(options.split(",")).contains("ro"), line);
        assertTrue(List.of(options.split(",")).contains("noatime"), line);
    }

    @Test
    void ext4XfsAndBtrfsAreFormattedFilledWalkedEmptiedAndUnmounted() throws Exception {
        Path f = dir.resolve("fs.yaml");
        Files.writeString(f, """
                fsflow: 1
                name: three-filesystems
                devices:
                  source: { loop: { size: 256MiB } }
                  target: { loop: { size: 512MiB } }
                  ram: { tmpfs: { size: 64MiB } }
                filesystems:
                  ext4: { mkfs_options: [-E, lazy_itable_init=0] }
                  xfs: {}
                  btrfs: { mount_options: [noatime] }
                datasets:
                  tree: { dirs: 4, files: 25, size: { min: 1KiB, max: 256KiB }, seed: 3 }
                matrix:
                  dataset: [tree]
                  filesystem: [ext4, xfs, btrfs]
                steps:
                  - mkfs
                  - mount
                  - capacity
                  - name: fill
                    run: cp -r ${dataset.path} ${target.mnt}/
                  - name: walk
                    run: find ${target.mnt}/${dataset.name} -type f | wc -l
                  - name: to-ram
                    run: cp -r ${dataset.path} ${ram.mnt}/${filesystem.name}
                  - name: empty
                    run: rm -rf ${target.mnt}/${dataset.name}
                  - drop-caches
                  - umount
                """);
        Path out = dir.resolve("out");
        Path work = dir.resolve("work");
        Cli r = Cli.campaign(f, out, work);
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<JsonNode> rows = TestResults.read(out);
        assertEquals(27, rows.size());
        for (JsonNode row : rows) {
            assertEquals("ok", row.get("status").asText(), row.toString());
        }
        for (JsonNode row : rows) {
            if (row.get("step").asText().equals("capacity")) {
                JsonNode m = row.get("metrics");
                assertEquals(512L << 20, m.get("device_bytes").asLong(), row.toString());
                double usable = m.get("usable_pct").asDouble();
                assertTrue(usable > 50 && usable <= 100, row.toString());
                assertTrue(
                        m.get("inodes").asLong() > 0
                                || row.get("filesystem").asText().equals("btrfs"),
                        row.toString());
            }
            if (row.get("step").asText().equals("mount")
                    && row.get("filesystem").asText().equals("btrfs")) {
                assertTrue(row.get("command").asText().contains("-o noatime"), row.toString());
                assertEquals("noatime", row.get("mount_options").get(0).asText());
            }
        }
        String walked =
                Files.readString(out.resolve("logs/tree/xfs/r1/walk.out")).strip();
        assertEquals("100", walked, "the dataset's 100 files were copied to xfs");
        assertFalse(Leftovers.loopsUnder(work), "no loop device left");
        assertFalse(Leftovers.mountsUnder(work), "no mount left");
        assertFalse(Files.exists(work.resolve("target.img")), "the image fsflow created is removed");
    }

    @Test
    void zfsThroughZfsFuseIsCreatedMountedAndDestroyedByItsLifecycle() throws Exception {
        assumeTrue(Capabilities.which("zfs-fuse") != null, "zfs-fuse is not installed (.ci/run installs it)");
        boolean runningBefore = Leftoversish.zfsFuseRunning();
        Path f = dir.resolve("zfs.yaml");
        Files.writeString(f, """
                fsflow: 1
                name: zfs-lifecycle
                devices:
                  target: { loop: { size: 256MiB } }
                filesystems:
                  zfs:
                    lifecycle:
                      requires: [zfs-fuse, zpool, zfs]
                      kernel: fuse
                      service:
                        start: rm -f ${run.work}/zfs-fuse.pid && zfs-fuse --pidfile ${run.work}/zfs-fuse.pid --no-kstat-mount
                        check: zpool list
                        stop: kill $(cat ${run.work}/zfs-fuse.pid) && rm -f ${run.work}/zfs-fuse.pid
                      create: zpool create -f -m ${target.mnt} fsflowit ${target.dev}
                      mount: zfs mount -a
                      umount: zfs umount fsflowit
                      destroy: zpool destroy fsflowit
                matrix: { filesystem: [zfs] }
                repeat: 2
                steps:
                  - mkfs
                  - mount
                  - name: write
                    run: dd if=/dev/zero of=${target.mnt}/f bs=1M count=8 conv=fsync
                    parse: dd
                  - umount
                """);
        Path out = dir.resolve("out");
        Path work = dir.resolve("work");
        Cli r = Cli.campaign(f, out, work);
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<JsonNode> rows = TestResults.read(out);
        assertEquals(8, rows.size());
        for (JsonNode row : rows) {
            assertEquals("ok", row.get("status").asText(), row.toString());
        }
        assertEquals(
                8L << 20,
                rows.get(2).get("metrics").get("dd_bytes").asLong(),
                rows.get(2).toString());
        assertTrue(
                rows.get(0).get("command").asText().startsWith("zpool create"),
                rows.get(0).toString());
        assertFalse(Leftovers.loopsUnder(work));
        assertFalse(Leftovers.mountsUnder(work));
        assertEquals(
                runningBefore,
                Leftoversish.zfsFuseRunning(),
                "the daemon is stopped if fsflow started it, left alone otherwise");
        if (runningBefore) {
            assertFalse(Leftoversish.sh("zpool", "list", "-H").contains("fsflowit"), "the pool is destroyed");
        }
    }

    /** Small helpers about zfs-fuse. */
    static final class Leftoversish {
        static boolean zfsFuseRunning() {
            return ProcessHandle.allProcesses()
                    .anyMatch(p -> p.info().command().orElse("").endsWith("/zfs-fuse"));
        }

        static String sh(String... argv) throws Exception {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            return out;
        }
    }
}
