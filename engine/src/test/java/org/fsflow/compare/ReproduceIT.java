package org.fsflow.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsflow reproduce} for real, on a loop device this test creates: a small ext4 run, reproduced
 * as recorded (its workload series agree: the set-up steps of about 13 ms may move with the machine,
 * see docs/compare.md), then with its mount option changed to {@code sync} (the copy's real time is
 * named as moved, exit 1). The published directory is left as it was.
 */
// alone: it claims a workload series agrees between two runs, which a neighbour's changing load can break
@org.junit.jupiter.api.Tag("alone")
class ReproduceIT {

    static final String SCENARIO = CompareIT.SCENARIO.replace("repeat: 7", "repeat: 5");

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void aReproductionAgreesOnTheWorkloadAndAChangedMountOptionNamesWhatMoved() throws Exception {
        Path scenario = dir.resolve("reproduce-it.yaml");
        Files.writeString(scenario, SCENARIO);
        Path published = dir.resolve("published");
        String work = dir.resolve("work").toString();
        Cli run = Cli.run("run", scenario.toString(), "--out", published.toString(), "--work", work);
        assertEquals(0, run.exitCode(), run.out() + run.err());
        String before = Files.readString(published.resolve("results.jsonl"));

        Cli same = Cli.run(
                "reproduce", published.toString(), "--out", dir.resolve("again").toString(), "--work", work);
        assertTrue(same.exitCode() == 0 || same.exitCode() == 1, same.out() + same.err());
        assertTrue(same.out().contains("reproducing " + published + " with --scale 1 --seed "), same.out());
        assertTrue(same.out().contains("series: "), same.out());
        List<String> moved =
                same.out().lines().filter(l -> l.startsWith("moved: ")).toList();
        for (String m : moved) {
            assertTrue(
                    m.matches("moved: small/ext4/(mkfs|mount|umount) .*"),
                    "a workload series moved in a reproduction as recorded:\n" + same.out());
        }
        assertEquals(same.exitCode() == 0, moved.isEmpty(), same.out());

        // the same command again continues the reproduction (here: nothing left to run) and compares
        Path again = dir.resolve("again");
        String rows = Files.readString(again.resolve("results.jsonl"));
        Cli more = Cli.run("reproduce", published.toString(), "--out", again.toString(), "--work", work);
        assertTrue(more.out().contains("continuing the reproduction in " + again), more.out() + more.err());
        assertTrue(more.out().contains("series: "), more.out());
        assertEquals(rows, Files.readString(again.resolve("results.jsonl")), "nothing measured again");
        Cli elsewhere = Cli.run(
                "reproduce",
                published.toString(),
                "--out",
                again.toString(),
                "--work",
                dir.resolve("w2").toString());
        assertEquals(2, elsewhere.exitCode(), elsewhere.out() + elsewhere.err());
        assertTrue(elsewhere.err().contains("continues in the work directory it recorded, " + work), elsewhere.err());

        Cli sync = Cli.run(
                "reproduce",
                published.toString(),
                "--out",
                dir.resolve("sync").toString(),
                "--work",
                work,
                "--set",
                "opts=sync");
        assertEquals(1, sync.exitCode(), sync.out() + sync.err());
        Cli other = Cli.run(
                "reproduce", published.toString(), "--out", dir.resolve("sync").toString());
        assertEquals(2, other.exitCode(), other.out() + other.err());
        assertTrue(other.err().contains("holds a run with other settings"), other.err());
        assertTrue(sync.out().contains("moved: small/ext4/copy-in real_s: "), sync.out());
        assertTrue(sync.out().contains("the reproduction differs from " + published), sync.out());
        assertEquals(before, Files.readString(published.resolve("results.jsonl")), "the published run is only read");
    }
}
