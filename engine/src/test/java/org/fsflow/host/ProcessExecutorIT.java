package org.fsflow.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Accounting of real processes, with margins wide enough for a shared, noisy machine. */
// alone: its accounting margins (CPU, RSS) assume no other test loads the machine
@org.junit.jupiter.api.Tag("alone")
class ProcessExecutorIT {

    @TempDir
    Path dir;

    Execution run(String... argv) {
        return new ProcessExecutor(dir, null)
                .execute(List.of(argv), dir.resolve("o"), dir.resolve("e"), Duration.ofMinutes(1), List.of());
    }

    @Test
    void sleepTakesRealTimeButNoCpu() {
        Execution e = run("sleep", "0.3");
        assertTrue(e.succeeded());
        assertTrue(e.usage().realSeconds() >= 0.29 && e.usage().realSeconds() < 2, e.toString());
        assertTrue(e.usage().userSeconds() + e.usage().systemSeconds() < 0.1, e.toString());
    }

    @Test
    void aCpuLoopIsChargedToTheStep() {
        Execution e = run("sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done");
        double cpu = e.usage().userSeconds() + e.usage().systemSeconds();
        assertTrue(cpu > 0.05, e.toString());
        assertTrue(cpu <= e.usage().realSeconds() * 1.1 + 0.02, "one thread cannot use more CPU than time: " + e);
        // %P is CPU over real time; its size depends on how busy the host is, so only its agreement is checked
        assertEquals(
                Math.round(cpu * 1000) * 100 / (long) (e.usage().realSeconds() * 1000),
                e.usage().cpuPercent());
        assertTrue(e.usage().cpuPercent() > 0, e.toString());
    }

    @Test
    void memoryOfTheLargestProcessIsSampled() {
        Execution e = run("python3", "-c", "b = bytearray(200 * 1024 * 1024); import time; time.sleep(0.3)");
        assertTrue(e.succeeded(), e.stderrTail());
        assertTrue(e.usage().maxRssKb() > 190 * 1024 && e.usage().maxRssKb() < 260 * 1024, e.toString());
    }

    @Test
    void exitCodesStderrAndMissingPrograms() {
        Execution e = run("sh", "-c", "echo boom >&2; exit 7");
        assertEquals(7, e.exitCode());
        assertEquals("boom", e.stderrTail());
        Execution missing = run("no-such-program-fsflow");
        assertTrue(missing.startError().contains("program not found"), missing.toString());
    }
}
