package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real guest (Debian 6.1 kernel, TCG) for consecutive cell repetitions ({@code vm: reuse}):
 * the built jar runs three repetitions of a guest cell. In the guest, each repetition finds its
 * disk released (the marker the previous one wrote on the raw device is gone before its own mkfs,
 * which is told not to discard) and the datasets' image mounted again; the second repetition then
 * crashes its guest (sysrq), fails that step and skips its last, and the third runs in a fresh
 * guest. Every node is journaled once, with its rank in its guest. Needs root, the machine lock
 * and the cached kernel package.
 */
class GuestReuseIT {

    @TempDir
    Path dir;

    Process fsflow;

    @AfterEach
    void cleanUp() throws Exception {
        if (fsflow != null && fsflow.isAlive()) {
            fsflow.destroyForcibly().waitFor();
        }
        Leftovers.release(dir);
    }

    private String scenario() throws IOException {
        return Files.writeString(dir.resolve("s.yaml"), """
                        fsflow: 1
                        name: reuse
                        devices: { target: { loop: { size: 64MiB } } }
                        kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
                        filesystems:
                          ext4-vm: { type: ext4, kernel: debian-6.1, mkfs_options: [-E, nodiscard] }
                        datasets:
                          d: { dirs: 1, files: 10, size: 4KiB }
                        matrix: { dataset: [d], filesystem: [ext4-vm] }
                        repeat: 3
                        on_error: skip-cell
                        steps:
                          - mkfs
                          - name: find
                            run: grep -ac FSFLOW-MARKER ${target.dev} || true
                          - name: mark
                            run: yes FSFLOW-MARKER | head -c 1048576 | dd of=${target.dev} bs=1M seek=40 conv=fsync 2>/dev/null
                          - name: data
                            run: find ${dataset.path} -type f | wc -l
                          - name: crash
                            run: if [ ${repeat} = 2 ]; then echo c > /proc/sysrq-trigger; sleep 30; fi
                          - name: after
                            run: "true"
                        """).toString();
    }

    @Test
    void repetitionsShareAGuestFindTheirDiskReleasedAndACrashSendsTheRestToAFreshGuest() throws Exception {
        Path out = dir.resolve("out");
        fsflow = VmCrashIT.start(
                dir.resolve("run.log"),
                "run",
                scenario(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString());
        assertTrue(fsflow.waitFor(15, TimeUnit.MINUTES));
        String log = Files.readString(dir.resolve("run.log"));
        assertEquals(1, fsflow.exitValue(), "a step failed: " + log);
        assertTrue(log.contains("3 cell repetitions, booted in"), "r1..r3 handed to one guest: " + log);
        assertTrue(log.contains("1 cell repetition the ended guest had not begun"), log);
        assertTrue(log.contains("1 cell repetitions, booted in"), "r3 in a fresh guest: " + log);
        List<JsonNode> rows = RunnerIT.results(out);
        assertEquals(18, RunnerIT.nodes(rows).size(), "every node once: " + rows);
        for (int r = 1; r <= 3; r++) {
            assertEquals("0", out(out, r, "find"), "r" + r + " finds no marker: its disk was released before mkfs");
            assertEquals("10", out(out, r, "data"), "r" + r + " sees the datasets' image");
        }
        JsonNode crash = row(rows, 2, "crash");
        assertEquals("failed", crash.path("status").asText(), crash.toString());
        assertTrue(
                crash.path("reason").asText().contains("it had run 1 cell repetition before this one"),
                crash.toString());
        assertEquals("skipped", row(rows, 2, "after").path("status").asText());
        assertEquals(2, row(rows, 2, "find").path("guest_repetition").asInt());
        assertEquals(1, row(rows, 3, "find").path("guest_repetition").asInt(), "a fresh guest");
        assertEquals("ok", row(rows, 3, "after").path("status").asText());
        assertEquals(List.of(), Leftovers.qemuNaming(dir), "no QEMU left");
        assertFalse(Leftovers.loopsUnder(dir), "no loop device left");
    }

    private static JsonNode row(List<JsonNode> rows, int repeat, String step) {
        return rows.stream()
                .filter(r -> r.path("repeat").asInt() == repeat
                        && r.path("step").asText().equals(step))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row r" + repeat + "/" + step + " in " + rows));
    }

    private static String out(Path out, int repeat, String step) throws IOException {
        return Files.readString(out.resolve("logs/d/ext4-vm/r" + repeat + "/" + step + ".out"))
                .strip();
    }
}
