package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run interrupted before run.json exists: one clear message, and nothing left behind. */
class StartGuardTest {

    @TempDir
    Path dir;

    @Test
    void anInterruptBeforeTheCommitStopsTheStartAndAbandonRemovesWhatItCreated() throws Exception {
        Path out = dir.resolve("a/b/out");
        Path work = out.resolve("work");
        try (StartGuard g =
                StartGuard.install(List.of(out, work), "(...); start it again with: fsflow run s.yaml --out " + out)) {
            g.check();
            Files.createDirectories(work);
            Path written = out.resolve("scenario.yaml");
            Files.writeString(written, "x");
            g.wrote(written);
            g.interrupt();
            NotStarted e = assertThrows(NotStarted.class, g::check);
            assertTrue(e.getMessage().contains("nothing was started"), e.getMessage());
            assertTrue(e.getMessage().endsWith("start it again with: fsflow run s.yaml --out " + out), e.getMessage());
            g.abandon();
        }
        assertFalse(
                Files.exists(dir.resolve("a")),
                "the directories the run created are gone, up to the first " + "that existed");
        assertTrue(Files.isDirectory(dir));
    }

    @Test
    void whatExistedBeforeOrIsNotTheRunsStays() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path theirs = Files.writeString(out.resolve("notes.txt"), "mine");
        Path work = dir.resolve("work");
        try (StartGuard g = StartGuard.install(List.of(out, work), "again")) {
            Files.createDirectories(work);
            Files.writeString(work.resolve("other"), "not written through the guard");
            Path written = Files.writeString(out.resolve("run.json"), "{}");
            g.wrote(written);
            g.abandon();
            assertFalse(Files.exists(written));
        }
        assertEquals("mine", Files.readString(theirs));
        assertTrue(Files.exists(work.resolve("other")), "a directory holding something not ours is kept");
    }

    @Test
    void afterTheCommitAnInterruptGoesToTheRunnerAndNothingIsRemoved() throws Exception {
        Path out = dir.resolve("out");
        AtomicInteger forwarded = new AtomicInteger();
        try (StartGuard g = StartGuard.install(List.of(out), "again")) {
            Files.createDirectories(out);
            Path runJson = Files.writeString(out.resolve("run.json"), "{}");
            g.wrote(runJson);
            g.interrupt();
            g.commit(forwarded::incrementAndGet);
            assertEquals(1, forwarded.get(), "an interrupt that came before the commit reaches the runner at once");
            g.check();
            g.interrupt();
            assertEquals(2, forwarded.get());
            g.abandon();
            assertTrue(Files.exists(runJson), "a committed run is resumable: its files stay");
        }
    }

    @Test
    void aRealSigintIsCaughtAndTheFormerHandlerComesBack() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(
                sigintIgnored(),
                "this JVM was started with SIGINT ignored (a background job of a script): no handler can take it");
        sun.misc.Signal usr = new sun.misc.Signal("INT");
        AtomicInteger outer = new AtomicInteger();
        sun.misc.SignalHandler before = sun.misc.Signal.handle(usr, s -> outer.incrementAndGet());
        try {
            try (StartGuard g = StartGuard.install(List.of(dir.resolve("out")), "again")) {
                sun.misc.Signal.raise(usr);
                long deadline = System.nanoTime() + 10_000_000_000L;
                boolean caught = false;
                while (!caught && System.nanoTime() < deadline) {
                    try {
                        g.check();
                        Thread.sleep(10);
                    } catch (NotStarted e) {
                        caught = true;
                    }
                }
                assertTrue(caught, "SIGINT reached the guard");
            }
            assertEquals(0, outer.get(), "the guard, not the former handler, took the signal");
        } finally {
            sun.misc.Signal.handle(usr, before);
        }
    }

    // SIGINT in this process's ignored set: the JVM installs no handler for a signal ignored at its start
    private static boolean sigintIgnored() throws java.io.IOException {
        for (String line : Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(
                                        line.substring("SigIgn:".length()).strip(), 16)
                                & (1L << 1))
                        != 0;
            }
        }
        return false;
    }
}
