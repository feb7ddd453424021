package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The kernel threads alive at one moment and the CPU each has used, from one pass over
 * {@code /proc}: every {@code /proc/PID/stat} read once, kept when it is a kernel thread (the
 * {@code PF_KTHREAD} flag in field 9, or a child of {@code kthreadd}, PID 2). A kernel thread is a
 * thread group of its own, so its {@code stat} holds all its CPU: {@code utime} + {@code stime}
 * (fields 14 and 15, clock ticks). Its {@code starttime} (field 22) tells a PID reused meanwhile
 * from the same thread. No process is started.
 *
 * @param threads the kernel threads by PID; empty when {@code /proc} cannot be read
 */
public record KernelThreads(Map<Long, KernelThreads.Thread> threads) {

    /** PF_KTHREAD of include/linux/sched.h. */
    static final long PF_KTHREAD = 0x00200000L;

    private static final Path PROC = Path.of("/proc");

    /**
     * One kernel thread.
     *
     * @param pid        its PID
     * @param startTicks when it started, clock ticks after boot
     * @param cpuTicks   utime + stime so far, clock ticks
     * @param comm       its name as /proc shows it (a workqueue worker's with its last workqueue:
     *                   {@code kworker/u8:3-btrfs-delalloc})
     */
    public record Thread(long pid, long startTicks, long cpuTicks, String comm) {}

    /** The kernel threads now. */
    public static KernelThreads read() {
        return read(PROC);
    }

    /** The kernel threads of the /proc tree at {@code proc} (a copy of one, in tests). */
    static KernelThreads read(Path proc) {
        Map<Long, Thread> out = new LinkedHashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, KernelThreads::isPid)) {
            for (Path dir : dirs) {
                Thread t = thread(dir.resolve("stat"));
                if (t != null) {
                    out.put(t.pid(), t);
                }
            }
        } catch (IOException | RuntimeException e) {
            return new KernelThreads(Map.of());
        }
        return new KernelThreads(out);
    }

    private static boolean isPid(Path p) {
        String name = p.getFileName().toString();
        return !name.isEmpty() && name.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    // null when the process ended meanwhile or is not a kernel thread
    private static Thread thread(Path stat) {
        try {
            return parse(Files.readString(stat));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The kernel thread of one {@code /proc/PID/stat} line, or null for a user process or a line
     * that is not one (the name may hold spaces and parentheses: it ends at the last ')').
     */
    static Thread parse(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        if (open < 1 || close < open) {
            return null;
        }
        long pid = Long.parseLong(stat.substring(0, open).strip());
        String[] f = stat.substring(close + 1).strip().split("\\s+");
        if (f.length < 20) {
            return null;
        }
        // f[0] is field 3 (state): field n is f[n - 3]
        long ppid = Long.parseLong(f[1]);
        long flags = Long.parseLong(f[6]);
        if ((flags & PF_KTHREAD) == 0 && ppid != 2 && pid != 2) {
            return null;
        }
        long cpu = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        return new Thread(pid, Long.parseLong(f[19]), cpu, stat.substring(open + 1, close));
    }
}
