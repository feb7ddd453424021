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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.fsflow.TestResults;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dead helper: the zfs-fuse daemon a campaign started is killed (SIGKILL, by the PID in its own
 * pidfile) while a step writes into the pool. The step fails naming the dead service, the teardown
 * ends and says what it could not release and how, and nothing of the test is left running.
 */
// alone: zfs-fuse has one daemon and one socket per machine
@org.junit.jupiter.api.Tag("alone")
class DeadDaemonIT {

    @TempDir
    Path dir;

    // the daemon the campaign started: its pidfile under the run's work directory
    Path pidFile;

    @AfterEach
    void cleanUp() throws Exception {
        long pid = pidFile == null ? -1 : readPid(pidFile);
        if (pid > 0) {
            // only while the pid still names a zfs-fuse process (the one this test's campaign started)
            ProcessHandle.of(pid)
                    .filter(p -> p.info().command().orElse("").endsWith("zfs-fuse"))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
        // Leftovers unmounts lazily: a FUSE mount of a dead daemon needs umount -l
        Leftovers.release(dir);
    }

    @Test
    void aZfsFuseDaemonKilledDuringAStepFailsTheStepAndTheTeardownEnds() throws Exception {
        assumeTrue(Capabilities.which("zfs-fuse") != null, "zfs-fuse is not installed (.ci/run installs it)");
        // the test kills the daemon of its own campaign only; one found running is someone else's
        assumeFalse(FilesystemsIT.Leftoversish.zfsFuseRunning(), "a zfs-fuse daemon runs already");
        Path work = dir.resolve("work");
        Path out = dir.resolve("out");
        pidFile = work.resolve("zfs-fuse.pid");
        Path f = Files.writeString(dir.resolve("dead.yaml"), """
                fsflow: 1
                name: zfs-dead-daemon
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
                      # no cache file: a pool of a killed daemon is not imported again by the next one
                      create: zpool create -f -o cachefile=none -m ${target.mnt} fsflowdead ${target.dev}
                      mount: zfs mount -a
                      umount: zfs umount fsflowdead
                      destroy: zpool destroy fsflowdead
                matrix: { filesystem: [zfs] }
                steps:
                  - mkfs
                  - mount
                  - name: write
                    run: >-
                      touch ${run.work}/writing;
                      while dd if=/dev/zero of=${target.mnt}/f bs=1M count=4 conv=fsync 2>/dev/null; do :; done;
                      echo the write failed >&2; exit 1
                    timeout: 5m
                  - umount
                """);
        CompletableFuture<Cli> run = CompletableFuture.supplyAsync(() -> Cli.campaign(f, out, work));
        Path writing = work.resolve("writing");
        while (!Files.exists(writing) && !run.isDone()) {
            Thread.sleep(50);
        }
        assertFalse(run.isDone(), "the step started before the campaign ended: " + run.getNow(null));
        Thread.sleep(1000);
        long pid = readPid(pidFile);
        assertTrue(pid > 0, "the daemon's pidfile " + pidFile);
        assertTrue(
                ProcessHandle.of(pid)
                        .flatMap(p -> p.info().command())
                        .orElse("")
                        .endsWith("zfs-fuse"),
                "the pidfile names a zfs-fuse process");
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();

        // a guard against a hang, not a timing: every release command has its own limit
        Cli r = run.get(15, TimeUnit.MINUTES);
        String text = r.out() + r.err();
        assertEquals(1, r.exitCode(), text);
        List<JsonNode> rows = TestResults.read(out);
        JsonNode write = rows.stream()
                .filter(row -> row.get("step").asText().equals("write"))
                .findFirst()
                .orElseThrow();
        assertEquals("failed", write.get("status").asText(), write.toString());
        assertTrue(
                write.get("reason")
                        .asText()
                        .startsWith("the zfs service stopped during the step (its check " + "'zpool list' fails)"),
                write.toString());
        // the teardown said what it could not do and how to do it by hand, and did not stop the daemon twice
        assertTrue(text.contains("the zfs service no longer runs (its check 'zpool list' fails)"), text);
        assertTrue(
                text.contains("cannot release destroy zfs (zpool destroy fsflowdead): ")
                        && text.contains("Release it by hand: zpool destroy fsflowdead"),
                text);
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(FilesystemsIT.Leftoversish.zfsFuseRunning(), "no zfs-fuse daemon left");
        assertFalse(Leftovers.loopsUnder(dir), "no loop device left");
        assertFalse(Leftovers.mountsUnder(dir), "no mount left");
        assertFalse(Files.exists(out.resolve("state.json")), "nothing left to release: " + text);
    }

    private static long readPid(Path pidFile) {
        try {
            return Long.parseLong(Files.readString(pidFile).strip());
        } catch (java.io.IOException | NumberFormatException e) {
            return -1;
        }
    }
}
