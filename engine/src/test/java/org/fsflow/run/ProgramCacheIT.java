package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * A timed mkfs does not load its program from disk: with the page cache dropped just before it
 * (drop_caches on the step itself), mkfs.xfs, its libraries and the loader are read back,
 * unmeasured, before the step starts, so the measured process takes no major page fault.
 */
class ProgramCacheIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
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
        Path out = dir.resolve("out");
        Cli r = Cli.run(
                "run",
                f.toString(),
                "--out",
                out.toString(),
                "--work",
                dir.resolve("work").toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<Measurement> mkfs = Journal.read(out.resolve(Journal.FILE)).stream()
                .filter(m -> m.step().equals("mkfs"))
                .toList();
        assertEquals(3, mkfs.size());
        for (Measurement m : mkfs) {
            assertEquals(0L, m.majorFaults(), m.node() + " took major faults: its program came from disk");
        }
    }
}
