package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A timed mkfs measures mkfs, not what came before it. The loop image's blocks are released,
 * unmeasured, before each mkfs: seen with a mkfs that does not discard by itself (mke2fs -E
 * nodiscard), the image holds a few MiB of metadata just after the second repetition's mkfs,
 * although the first repetition wrote 512 MiB into it. And its program is read into the page
 * cache first ({@link ProgramCache}): after a cache drop on the step itself, the measured mkfs.xfs
 * takes no major page fault.
 */
// alone: it drops the caches machine-wide and counts major faults: no other test may fill the page cache meanwhile
@org.junit.jupiter.api.Tag("alone")
class MkfsReleaseIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void eachMkfsStartsOnAnImageAsEmptyAsAFreshOne() throws Exception {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, """
                fsflow: 1
                name: release
                devices: { target: { loop: { size: 2G } } }
                filesystems: { ext4: { mkfs_options: [-E, nodiscard] } }
                matrix: { filesystem: [ext4] }
                repeat: 2
                steps:
                  - mkfs
                  - name: allocated
                    run: stat -c %b ${run.work}/target.img
                  - mount
                  - name: fill
                    run: dd if=/dev/urandom of=${target.mnt}/f bs=1M count=512 oflag=direct status=none
                    flush: true
                  - umount
                """);
        Path out = run(f);
        List<Measurement> rows = Journal.read(out.resolve(Journal.FILE));
        Measurement fill = rows.stream()
                .filter(m -> m.node().endsWith("r1/fill"))
                .findFirst()
                .orElseThrow();
        assertTrue(fill.writeBytes() >= 512L << 20, "the first repetition wrote its 512 MiB to the image");
        long afterSecondMkfs = Long.parseLong(Files.readString(out.resolve("logs/ext4/r2/allocated.out"))
                        .strip())
                * 512;
        assertTrue(
                afterSecondMkfs < 128L << 20,
                "the image held " + afterSecondMkfs + " bytes after the second mkfs: the first cell's blocks stayed");
        assertTrue(
                Files.exists(out.resolve("logs/ext4/r2/mkfs.release.err")), "the release ran, logged beside the step");
        Measurement m1 = rows.stream()
                .filter(m -> m.node().endsWith("r1/mkfs"))
                .findFirst()
                .orElseThrow();
        Measurement m2 = rows.stream()
                .filter(m -> m.node().endsWith("r2/mkfs"))
                .findFirst()
                .orElseThrow();
        System.out.printf(
                "mkfs on a fresh image %.3f s, after a cell that wrote 512 MiB %.3f s%n", m1.realS(), m2.realS());
    }

    @Test
    void aMkfsAfterACacheDropLoadsNoPageOfItsProgramFromDisk() throws Exception {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, """
                fsflow: 1
                name: warm
                devices: { target: { loop: { size: 1G } } }
                filesystems: { xfs: {} }
                matrix: { filesystem: [xfs] }
                repeat: 3
                steps:
                  - mkfs: { drop_caches: true }
                """);
        List<Measurement> mkfs = Journal.read(run(f).resolve(Journal.FILE)).stream()
                .filter(m -> m.step().equals("mkfs"))
                .toList();
        assertEquals(3, mkfs.size());
        for (Measurement m : mkfs) {
            assertEquals(0L, m.majorFaults(), m.node() + " took major faults: its program came from disk");
        }
    }

    // runs scenario f with its output and work under the test's directory; returns the output directory
    private Path run(Path f) {
        Path out = dir.resolve("out");
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return out;
    }
}
