package org.fsflow.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.TimeSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The I/O accounting of the reaped children, the dirty memory and the time series, from /proc text. */
class StepObservationTest {

    @TempDir
    Path dir;

    private static String io(long rchar, long wchar, long read, long write) {
        return "rchar: " + rchar + "\nwchar: " + wchar + "\nsyscr: 1\nsyscw: 1\nread_bytes: " + read + "\nwrite_bytes: "
                + write + "\ncancelled_write_bytes: 0\n";
    }

    private Path proc(String group, String... threads) throws Exception {
        Path p = Files.createDirectories(dir.resolve("p" + System.nanoTime()));
        Files.writeString(p.resolve("io"), group);
        for (int i = 0; i < threads.length; i++) {
            Path t = Files.createDirectories(p.resolve("task/" + (100 + i)));
            Files.writeString(t.resolve("io"), threads[i]);
        }
        return p;
    }

    @Test
    void theChildrenAreTheGroupLessItsLiveThreads() throws Exception {
        assertArrayEquals(new long[] {5, 6, 7, 8, 0}, ChildIo.parse(io(5, 6, 7, 8)));
        // before: two threads; after: the child reaped (+100 MiB written), the JVM's threads read 3 KiB meanwhile
        ChildIo.Snapshot before =
                ChildIo.snapshot(proc(io(5000, 1000, 0, 0), io(4000, 500, 0, 0), io(1000, 500, 0, 0)));
        long child = 100L << 20;
        ChildIo.Snapshot after = ChildIo.snapshot(
                proc(io(8000 + child, 1000 + child, 4096, child), io(6000, 500, 0, 0), io(2000, 500, 0, 0)));
        ChildIo used = after.since(before);
        assertEquals(new ChildIo(child, child, 4096, child, 0), used);
        // a thread of the JVM that ended meanwhile is taken as idle: its earlier counts are not the child's
        ChildIo.Snapshot ended = ChildIo.snapshot(proc(io(5000 + child, 1000, 0, 0), io(4000, 500, 0, 0)));
        assertEquals(child, ended.since(before).rchar());
        assertNull(ChildIo.snapshot(dir.resolve("none")).since(before), "no /proc: not measured");
    }

    @Test
    void dirtyMemoryIsDirtyPlusWriteback() {
        DirtyMemory d = DirtyMemory.parse("MemTotal: 100 kB\nDirty:      2048 kB\nWriteback:   16 kB\n");
        assertEquals(2048L * 1024, d.dirtyBytes());
        assertEquals(16L * 1024, d.writebackBytes());
        assertEquals(2064L * 1024, d.bytes());
    }

    // a point: nanoTime, user, system, iowait, all ticks, kernel ticks, sectors read, written, dirty, writeback
    private static long[] point(double s, long user, long all, long written, long dirty) {
        return new long[] {(long) (s * 1e9), user, 0, 0, all, 0, 0, written, dirty, 0};
    }

    @Test
    void aSeriesHasTheMeanOfEachInterval() {
        assertArrayEquals(new long[] {15, 9, 5, 129}, StepMonitor.parseCpu("cpu  10 5 7 100 5 1 1 0 0 0"));
        List<long[]> points = new ArrayList<>();
        for (int i = 0; i <= 6; i++) {
            points.add(point(i, 50L * i, 200L * i, 2048L * i * i, 1L << (20 + i)));
        }
        TimeSeries t = StepMonitor.series(points);
        assertEquals(6, t.size());
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0), t.tS());
        assertEquals(25.0, t.userPct().get(0));
        // sectors written grow as i²: (i² - (i-1)²) × 2048 × 512 bytes in the i-th second
        assertEquals(3 * 2048 * 512.0, t.writeBytesPerS().get(1));
        assertEquals(1L << 26, t.dirtyBytes().get(5));
        assertNull(StepMonitor.series(List.of(point(0, 0, 0, 0, 0), point(4, 0, 400, 0, 0))), "under 5 s: none");
    }

    @Test
    void aFullBufferKeepsEverySecondPointAndItsEnds() {
        List<long[]> points = new ArrayList<>();
        for (int i = 0; i < StepMonitor.CAPACITY; i++) {
            points.add(point(i, 0, 100L * i, 10L * i, 0));
        }
        assertTrue(StepMonitor.compact(points));
        assertEquals(StepMonitor.CAPACITY / 2 + 1, points.size());
        assertEquals(0, points.get(0)[0]);
        assertEquals((long) ((StepMonitor.CAPACITY - 1) * 1e9), points.get(points.size() - 1)[0]);
        // the means stay exact: 10 sectors a second throughout
        TimeSeries t = StepMonitor.series(points);
        assertTrue(
                t.writeBytesPerS().stream().allMatch(v -> v == 10 * 512.0),
                t.writeBytesPerS().toString());
        assertTrue(!StepMonitor.compact(points), "not full: kept");
    }
}
