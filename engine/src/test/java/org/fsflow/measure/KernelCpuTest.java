package org.fsflow.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The kernel threads' CPU over a step: /proc read from two trees captured on this machine, and
 * the arithmetic of threads that stay, appear, vanish or whose PID was reused.
 */
class KernelCpuTest {

    private static final Path FIXTURES = Path.of("src/test/resources/measure/kthreads");

    @Test
    void readsOnlyTheKernelThreadsOfARealProcTree() {
        KernelThreads before = KernelThreads.read(FIXTURES.resolve("before"));
        assertEquals(63, before.threads().size(), "kthreadd and its 62 children; PID 1 is a user process");
        assertFalse(before.threads().containsKey(1L));
        KernelThreads.Thread kthreadd = before.threads().get(2L);
        assertEquals("kthreadd", kthreadd.comm());
        assertEquals(2, kthreadd.cpuTicks(), "utime 1 + stime 1");
        // a workqueue worker's name is the workqueue it ran last: at the end it had run ext4's
        assertEquals("kworker/u8:0-events_unbound", before.threads().get(23322L).comm());
        assertEquals(53, before.threads().get(23322L).cpuTicks());
    }

    @Test
    void theCapturedWriteUsedTheExt4WorkersAndOthers() {
        KernelCpu used = KernelCpu.between(
                KernelThreads.read(FIXTURES.resolve("before")), KernelThreads.read(FIXTURES.resolve("after")));
        // ext4-rsv-conversion worker 53 -> 55, kworker/1:2-events 23 -> 24, rcu_preempt 98 -> 102,
        // ksoftirqd/1 65 -> 66, kdamond.0 1116 -> 1122; PID 1 (1527 -> 1532) is not a kernel thread
        assertEquals(0.14, used.seconds(), 1e-9);
        assertEquals(Map.of("writeback", 0.01, "ext4", 0.02, "other", 0.11), used.byClass());
        assertEquals(
                List.of("writeback", "ext4", "other"),
                List.copyOf(used.byClass().keySet()));
        assertEquals(0.02, used.attributed("ext4", List.of("vda")), 1e-9);
        assertEquals(0.0, used.attributed("btrfs", List.of("loop3")), 1e-9);
    }

    @Test
    void aProcTreeThatCannotBeReadHasNoThreads() {
        assertTrue(KernelThreads.read(FIXTURES.resolve("absent")).threads().isEmpty());
    }

    @Test
    void parsesNamesWithSpacesAndParenthesesAndSkipsUserProcesses() {
        KernelThreads.Thread t = KernelThreads.parse(stat(77, "odd) (name", 2, 0x00208040L, 5, 7, 300));
        assertEquals("odd) (name", t.comm());
        assertEquals(12, t.cpuTicks());
        assertEquals(300, t.startTicks());
        // a user process: parent 1, no PF_KTHREAD
        assertNull(KernelThreads.parse(stat(78, "cp", 1, 0x00400100L, 5, 7, 300)));
        // PF_KTHREAD alone is enough (a kernel thread whose parent is not kthreadd)
        assertEquals(
                12,
                KernelThreads.parse(stat(79, "kswapd0", 0, 0x00200000L, 5, 7, 1))
                        .cpuTicks());
        assertNull(KernelThreads.parse("garbage"));
    }

    @Test
    void threadsThatAppearVanishOrReusePidsAreCountedOnce() {
        KernelThreads before = threads(
                thread(10, 100, 50, "btrfs-transaction"), // stays: +30
                thread(11, 100, 40, "kworker/u8:1-events_unbound"), // vanishes: nothing
                thread(12, 100, 90, "kworker/u8:2-loop3"), // PID reused by a new thread: all of it
                thread(13, 100, 20, "kswapd0")); // stays idle
        KernelThreads after = threads(
                thread(10, 100, 80, "btrfs-transaction"),
                thread(12, 500, 7, "kworker/u8:2-btrfs-delalloc"),
                thread(13, 100, 20, "kswapd0"),
                thread(14, 600, 25, "kworker/u8:5-btrfs-endio-write")); // appeared: all of it
        KernelCpu used = KernelCpu.between(before, after);
        assertEquals(0.62, used.seconds(), 1e-9);
        assertEquals(Map.of("btrfs", 0.62), used.byClass());
        assertEquals(0.62, used.attributed("btrfs", List.of("loop3")), 1e-9);
        assertEquals(0.0, used.attributed("xfs", List.of("loop3")), 1e-9);
    }

    @Test
    void onlyTheStepsFilesystemAndDevicesAreAttributedToIt() {
        KernelCpu used = new KernelCpu(ticks(
                "jbd2/loop3-8",
                10,
                "jbd2/vda1-8",
                20,
                "xfsaild/loop3",
                40,
                "kworker/u8:1-loop3",
                80,
                "kworker/u8:2-loop31",
                160,
                "kworker/u8:3-writeback",
                320,
                "kworker/u8:4-ext4-rsv-conversion",
                640));
        // ext4 on loop3: its journal, its loop worker, ext4's device-less workqueue; not vda1's
        // journal, not loop31, not the generic writeback worker, not xfs
        assertEquals(7.3, used.attributed("ext4", List.of("loop3")), 1e-9);
        // ext4 on the root disk (a dir: device on vda): the journal of vda1
        assertEquals(6.6, used.attributed("ext4", List.of("vda")), 1e-9);
        assertEquals(1.2, used.attributed("xfs", List.of("loop3")), 1e-9);
        assertEquals(0.8, used.attributed(null, List.of("loop3")), 1e-9, "a filesystem of no class: its loop only");
        assertEquals(12.7, used.seconds(), 1e-9);
    }

    @Test
    void partitionsBelongToTheirDisk() {
        assertTrue(KernelCpu.partOf("vda1", "vda"));
        assertTrue(KernelCpu.partOf("nvme0n1p2", "nvme0n1"));
        assertTrue(KernelCpu.partOf("loop3p1", "loop3"));
        assertFalse(KernelCpu.partOf("loop31", "loop3"));
        assertFalse(KernelCpu.partOf("vdb", "vda"));
    }

    @Test
    void filesystemTypesMapToTheirThreadsClass() {
        assertEquals("ext4", KernelCpu.classOf("ext3"));
        assertEquals("btrfs", KernelCpu.classOf("btrfs"));
        assertNull(KernelCpu.classOf("tmpfs"));
        assertNull(KernelCpu.classOf(null));
    }

    private static Map<KernelThreadClass, Long> ticks(Object... nameAndTicks) {
        Map<KernelThreadClass, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < nameAndTicks.length; i += 2) {
            out.merge(
                    KernelThreadClass.of((String) nameAndTicks[i]),
                    ((Integer) nameAndTicks[i + 1]).longValue(),
                    Long::sum);
        }
        return out;
    }

    private static KernelThreads threads(KernelThreads.Thread... ts) {
        Map<Long, KernelThreads.Thread> m = new LinkedHashMap<>();
        for (KernelThreads.Thread t : ts) {
            m.put(t.pid(), t);
        }
        return new KernelThreads(m);
    }

    private static KernelThreads.Thread thread(long pid, long start, long cpu, String comm) {
        return new KernelThreads.Thread(pid, start, cpu, comm);
    }

    // a /proc/PID/stat line as Linux 6.x writes it, with these fields set
    private static String stat(long pid, String comm, long ppid, long flags, long utime, long stime, long start) {
        return pid + " (" + comm + ") S " + ppid + " 0 0 0 -1 " + flags + " 0 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 1 0 " + start + " 0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 1 0 0 17 0 0 0 0"
                + " 0 0 0 0 0 0 0 0 0";
    }
}
