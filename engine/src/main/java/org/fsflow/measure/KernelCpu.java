package org.fsflow.measure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CPU the kernel threads used between two snapshots ({@link KernelThreads}), per class and
 * device ({@link KernelThreadClass}). A thread in both snapshots counts its change; a thread that
 * appeared meanwhile (a PID absent before, or present with another start time: the PID was reused)
 * counts all it used, since it started after the first snapshot; a thread that vanished meanwhile
 * counts nothing (its last counters died with it: a lower bound, for kworkers the kernel retired
 * during the step). A thread is classed by its name at the end: a workqueue worker's name says the
 * workqueue it ran last, so a worker that compressed for btrfs and then ran one generic work item
 * counts as a generic worker.
 *
 * @param ticks clock ticks per (class, device) key, in first-seen order; only keys above 0
 */
public record KernelCpu(Map<KernelThreadClass, Long> ticks) {

    /** The CPU used from {@code before} to {@code after}. */
    public static KernelCpu between(KernelThreads before, KernelThreads after) {
        Map<KernelThreadClass, Long> out = new LinkedHashMap<>();
        for (KernelThreads.Thread t : after.threads().values()) {
            KernelThreads.Thread b = before.threads().get(t.pid());
            long base = b != null && b.startTicks() == t.startTicks() ? b.cpuTicks() : 0;
            long used = t.cpuTicks() - base;
            if (used > 0) {
                out.merge(KernelThreadClass.of(t.comm()), used, Long::sum);
            }
        }
        return new KernelCpu(out);
    }

    /** Every kernel thread's CPU, seconds. */
    public double seconds() {
        return seconds(ticks.values().stream().mapToLong(Long::longValue).sum());
    }

    /**
     * The seconds per class, in the order of {@link KernelThreadClass#NAMES}, only the classes
     * that used CPU.
     */
    public Map<String, Double> byClass() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String name : KernelThreadClass.NAMES) {
            long sum = ticks.entrySet().stream()
                    .filter(e -> e.getKey().name().equals(name))
                    .mapToLong(Map.Entry::getValue)
                    .sum();
            if (sum > 0) {
                out.put(name, seconds(sum));
            }
        }
        return out;
    }

    /**
     * The seconds of the threads that worked for a step on a filesystem of class {@code fsClass}
     * (ext4, xfs, btrfs, zfs; null when none is known) on {@code devices} (loop3, sdb): the threads
     * of that class whose name names no device or one of those devices or their partitions, and
     * the loop workers of those devices. Generic workqueue workers and writeback are not the
     * step's: they serve every device of the host (an intruder's writes as well).
     */
    public double attributed(String fsClass, List<String> devices) {
        long sum = 0;
        for (Map.Entry<KernelThreadClass, Long> e : ticks.entrySet()) {
            KernelThreadClass c = e.getKey();
            boolean ofDevice = c.device() != null && devices.stream().anyMatch(d -> partOf(c.device(), d));
            boolean mine = c.name().equals(KernelThreadClass.LOOP)
                    ? ofDevice
                    : c.filesystemWork() && c.name().equals(fsClass) && (c.device() == null || ofDevice);
            sum += mine ? e.getValue() : 0;
        }
        return seconds(sum);
    }

    // vda1 of vda, nvme0n1p2 of nvme0n1, loop3p1 of loop3 (a disk whose name ends in a digit
    // numbers its partitions after a 'p': loop31 is not loop3's)
    static boolean partOf(String device, String disk) {
        if (device.equals(disk)) {
            return true;
        }
        String rest = device.startsWith(disk) ? device.substring(disk.length()) : "";
        boolean digit = !disk.isEmpty() && Character.isDigit(disk.charAt(disk.length() - 1));
        return rest.matches(digit ? "p\\d+" : "\\d+");
    }

    /**
     * The class of the filesystem type {@code type} (ext2 and ext3 run on ext4's driver and
     * jbd2), or null for one without kernel threads of its own.
     */
    public static String classOf(String type) {
        if (type == null) {
            return null;
        }
        return switch (type) {
            case "ext2", "ext3", "ext4" -> "ext4";
            case "xfs", "btrfs", "zfs", "jfs", "reiserfs" -> type;
            default -> null;
        };
    }

    private static double seconds(long ticks) {
        return Math.round(ticks * 1000.0 / ChildTotals.TICKS_PER_SECOND) / 1000.0;
    }
}
