package org.fsflow.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.fsflow.lang.Location;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.vm.BootKernel;
import org.fsflow.vm.KernelStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole crash cell on ext4 in a Debian 6.1 guest: a mail-spool workload (write a message to a
 * temporary name, fsync, rename it into place, fsync the directory; every fifth message deletes an
 * old one) logged, cut at every mark and at drawn barriers, each point recovered in a guest of
 * the same kernel with its times, and nothing left behind. Needs root, the machine lock and QEMU.
 */
class CrashCellIT {

    static final Path KERNELS = Path.of("/var/tmp/fsflow/kernels");

    /** The spool workload: {@code n} messages. */
    static String spool(int n) {
        return """
                i=0
                while [ $i -lt %d ]; do
                  head -c $((1000 + i * 97)) /dev/urandom > tmp.$i
                  durable ./tmp.$i
                  mv tmp.$i msg.$i
                  durable ./msg.$i
                  gone ./tmp.$i
                  if [ $((i %% 5)) = 4 ]; then rm msg.$((i - 4)); gone ./msg.$((i - 4)); fi
                  mark m$i
                  i=$((i + 1))
                done
                """.formatted(n);
    }

    @TempDir
    Path dir;

    private final List<Long> pids = new ArrayList<>();

    @AfterEach
    void nothingLeft() throws Exception {
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(p -> {
                p.destroyForcibly();
                throw new AssertionError("QEMU " + pid + " still ran");
            });
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(
                    List.of(), left.filter(p -> p.toString().endsWith(".img")).toList(), "images left");
        }
    }

    @Test
    void everyMarkAndEachDrawnBarrierIsRecoveredTimedAndClassified() throws Exception {
        BootKernel kernel = new KernelStore(KERNELS)
                .resolve(
                        new KernelSpec.Debian("debian-6.1", "linux-image-6.1.0-57-amd64", Location.of("t.yaml", 1, 1)));
        CrashCell.Result r = CrashCell.run(
                new CrashCell.Request(
                        "fsflow-crashcell-it",
                        kernel,
                        List.of("ext4"),
                        "ext4",
                        "mkfs.ext4 -q -F $DEV",
                        "",
                        "fsck.ext4 -fn $DEV",
                        "fsck.ext4 -fy $DEV",
                        spool(8),
                        64L << 20,
                        128L << 20,
                        10,
                        42,
                        6,
                        dir,
                        KERNELS),
                pids::add);
        assertEquals(2, pids.size(), "the recording's guest recovered the first 6 points, one more guest the rest");
        long marks = r.points().stream().filter(p -> p.at().startsWith("m")).count();
        assertEquals(8, marks, r.points().toString());
        assertTrue(
                r.points().size() >= 8 + 5,
                "marks and drawn barriers: " + r.points().size());
        Map<CrashClass, Integer> classes = new TreeMap<>();
        for (CrashCell.Point p : r.points()) {
            classes.merge(p.recovery().crashClass(), 1, Integer::sum);
            assertTrue(p.outcome().mounted(), p.toString());
            assertTrue(p.outcome().mountS() > 0 && p.outcome().checkS() > 0, p.toString());
        }
        System.out.println("crash points " + r.points().size() + " of " + r.entries() + " entries: " + classes);
        CrashCell.Point last =
                r.points().stream().filter(p -> p.at().equals("m7")).findFirst().orElseThrow();
        assertEquals(CrashClass.CLEAN, last.recovery().crashClass(), last.toString());
        assertEquals(7, last.outcome().tree().files().size(), "msg.0 to msg.7 less msg.0, deleted: " + last);
    }
}
