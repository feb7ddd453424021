package org.fsflow.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.TestResults;
import org.fsflow.cli.Cli;
import org.fsflow.measure.ServiceCgroup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CPU of a filesystem's service, measured for real: a campaign starts the zfs-fuse daemon in
 * the run's services cgroup, and each step on zfs records what the daemon used during it
 * ({@code service_cpu_s}): a dd that writes 64 MiB through FUSE makes the daemon work, so it is
 * above zero, apart from the step's own user and system time. The same step on ext3 (no service)
 * records none. At the end the daemon is stopped and no cgroup of the run is left.
 */
// alone: zfs-fuse has one daemon and one socket per machine
@org.junit.jupiter.api.Tag("alone")
class ServiceCpuIT {

    @TempDir
    Path dir;

    Path pidFile;

    @AfterEach
    void cleanUp() throws Exception {
        long pid = readPid(pidFile);
        if (pid > 0) {
            ProcessHandle.of(pid)
                    .filter(p -> p.info().command().orElse("").endsWith("zfs-fuse"))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
        Leftovers.release(dir);
    }

    @Test
    void aZfsFuseStepRecordsTheDaemonsCpuAndAnExt3StepNone() throws Exception {
        assumeTrue(Capabilities.which("zfs-fuse") != null, "zfs-fuse is not installed (.ci/run installs it)");
        assumeFalse(FilesystemsIT.Leftoversish.zfsFuseRunning(), "a zfs-fuse daemon runs already");
        Path group = ServiceCgroup.location(
                ServiceCgroup.name(ProcessHandle.current().pid()));
        assumeTrue(group != null, "no writable cgroup v2 hierarchy here");
        Path work = dir.resolve("work");
        Path out = dir.resolve("out");
        pidFile = work.resolve("zfs-fuse.pid");
        Path f = Files.writeString(dir.resolve("svc.yaml"), """
                fsflow: 1
                name: zfs-service-cpu
                devices:
                  target: { loop: { size: 384MiB } }
                filesystems:
                  ext3: {}
                  zfs:
                    lifecycle:
                      requires: [zfs-fuse, zpool, zfs]
                      kernel: fuse
                      service:
                        start: rm -f ${run.work}/zfs-fuse.pid && zfs-fuse --pidfile ${run.work}/zfs-fuse.pid --no-kstat-mount
                        check: zpool list
                        stop: kill $(cat ${run.work}/zfs-fuse.pid) && rm -f ${run.work}/zfs-fuse.pid
                      create: zpool create -f -o cachefile=none -m ${target.mnt} fsflowsvc ${target.dev}
                      mount: zfs mount -a
                      umount: zfs umount fsflowsvc
                      destroy: zpool destroy fsflowsvc
                matrix: { filesystem: [zfs, ext3] }
                repeat: 1
                steps:
                  - mkfs
                  - mount
                  - name: write
                    run: dd if=/dev/zero of=${target.mnt}/f bs=1M count=64 conv=fsync
                  - umount
                """);
        Cli r = Cli.campaign(f, out, work);
        String text = r.out() + r.err();
        assertEquals(0, r.exitCode(), text);
        List<JsonNode> rows = TestResults.read(out);
        JsonNode zfs = row(rows, "zfs");
        JsonNode ext3 = row(rows, "ext3");
        assertEquals("ok", zfs.get("status").asText(), zfs.toString());
        assertTrue(zfs.get("service_cpu_s").isNumber(), zfs.toString());
        assertTrue(zfs.get("service_cpu_s").asDouble() > 0, "the daemon worked for the write: " + zfs);
        assertTrue(ext3.get("service_cpu_s").isNull(), "ext3 has no service: " + ext3);
        // the daemon's CPU is not the step's: dd's own system time stays apart from it
        assertTrue(zfs.get("sys_s").isNumber(), zfs.toString());
        assertFalse(Files.exists(group), "the services' cgroup " + group + " is removed: " + text);
        assertFalse(FilesystemsIT.Leftoversish.zfsFuseRunning(), "the daemon is stopped");
        assertFalse(Leftovers.loopsUnder(dir), "no loop device left");
        assertFalse(Files.exists(out.resolve("state.json")), "nothing left to release: " + text);
    }

    private static JsonNode row(List<JsonNode> rows, String fs) {
        return rows.stream()
                .filter(x -> x.get("step").asText().equals("write")
                        && x.get("filesystem").asText().equals(fs))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no write row on " + fs + ": " + rows));
    }

    private static long readPid(Path pidFile) {
        try {
            return pidFile == null
                    ? -1
                    : Long.parseLong(Files.readString(pidFile).strip());
        } catch (java.io.IOException | NumberFormatException e) {
            return -1;
        }
    }
}
