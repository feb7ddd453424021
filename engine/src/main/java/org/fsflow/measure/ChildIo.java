package org.fsflow.measure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The I/O accounting of the JVM's reaped children, from {@code /proc/self/io} (proc(5)): bytes
 * through read and write calls ({@code rchar}, {@code wchar}: page-cache hits and pipes too),
 * bytes the processes caused to be fetched from storage ({@code read_bytes}) and dirtied for it
 * ({@code write_bytes}, counted when written, not when written back), and dirty bytes truncated
 * before writeback ({@code cancelled_write_bytes}). The file of a thread group is its live threads'
 * counts plus its signal counts, and the kernel adds a child's counts (with those of the
 * descendants it reaped) to the signal counts when it is reaped ({@code wait_task_zombie}). So the
 * tgid file less the JVM's live threads' files ({@code /proc/self/task/TID/io}) is what its reaped
 * children and its ended threads did; across one step, with one process run at a time, it is what
 * the step's process tree did (a thread of the JVM that ended meanwhile is taken as idle during
 * the step, its earlier counts subtracted; the JVM's compilers, collectors and VM threads, which
 * make no read or write call, are not read). A daemon the step left running is not counted.
 *
 * @param rchar               bytes read through read calls
 * @param wchar               bytes written through write calls
 * @param readBytes           bytes fetched from storage
 * @param writeBytes          bytes dirtied for storage
 * @param cancelledWriteBytes dirty bytes truncated before writeback
 */
public record ChildIo(long rchar, long wchar, long readBytes, long writeBytes, long cancelledWriteBytes) {

    private static final Path SELF = Path.of("/proc/self");

    /** The counts of the JVM's thread group and of each of its live threads, at one instant. */
    public static final class Snapshot {
        private final long[] group;
        private final Map<String, long[]> threads;

        private Snapshot(long[] group, Map<String, long[]> threads) {
            this.group = group;
            this.threads = threads;
        }

        /** What the reaped children did since {@code before}, or null when /proc/self/io cannot be read. */
        public ChildIo since(Snapshot before) {
            if (group == null || before.group == null) {
                return null;
            }
            long[] d = new long[5];
            for (int i = 0; i < 5; i++) {
                long live = 0;
                for (long[] t : threads.values()) {
                    live += t[i];
                }
                long liveBefore = 0;
                long ended = 0;
                for (Map.Entry<String, long[]> t : before.threads.entrySet()) {
                    liveBefore += t.getValue()[i];
                    if (!threads.containsKey(t.getKey())) {
                        ended += t.getValue()[i];
                    }
                }
                d[i] = Math.max(0, (group[i] - live) - (before.group[i] - liveBefore) - ended);
            }
            return new ChildIo(d[0], d[1], d[2], d[3], d[4]);
        }
    }

    /** Reads the counts now. */
    public static Snapshot snapshot() {
        return snapshot(SELF);
    }

    static Snapshot snapshot(Path proc) {
        byte[] buffer = new byte[512];
        long[] group = read(proc.resolve("io").toString(), buffer);
        String[] tids = proc.resolve("task").toFile().list();
        if (tids == null) {
            return new Snapshot(null, Map.of());
        }
        Map<String, long[]> threads = new HashMap<>();
        String tasks = proc.resolve("task").toString();
        Map<String, Boolean> idle = IDLE.computeIfAbsent(tasks, k -> new java.util.concurrent.ConcurrentHashMap<>());
        idle.keySet().retainAll(java.util.Set.of(tids)); // a TID that went away may come back as another thread
        for (String t : tids) {
            if (idle.computeIfAbsent(t, id -> jvmInternal(tasks + "/" + id + "/comm", buffer))) {
                continue;
            }
            long[] c = read(tasks + "/" + t + "/io", buffer);
            if (c != null) {
                threads.put(t, c);
            }
        }
        return new Snapshot(group, threads);
    }

    // the JVM's own threads that make no read or write call (compilers, collectors, the VM thread ...):
    // their counts never change, so a step's need not read them; by /proc/self/task/TID/comm, per TID
    private static final Map<String, Map<String, Boolean>> IDLE = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.regex.Pattern INTERNAL = java.util.regex.Pattern.compile(
            "VM Thread|VM Periodic Tas|Reference Handl|Finalizer|Signal Dispatch|Service Thread|Monitor Deflati"
                    + "|Notification Th|Common-Cleaner|Sweeper thread|C[12] CompilerThre|GC Thread#\\d+|G1 .*");

    static boolean jvmInternal(String commFile, byte[] buffer) {
        try (java.io.FileInputStream in = new java.io.FileInputStream(commFile)) {
            int n = Math.max(0, in.read(buffer));
            return INTERNAL.matcher(new String(buffer, 0, n, java.nio.charset.StandardCharsets.US_ASCII).strip())
                    .matches();
        } catch (IOException e) {
            return false;
        }
    }

    // rchar wchar read_bytes write_bytes cancelled_write_bytes of one io file, or null; a plain
    // read into a reused buffer: a step reads some forty of these files twice
    static long[] read(String file, byte[] buffer) {
        try (java.io.FileInputStream in = new java.io.FileInputStream(file)) {
            int n = 0;
            for (int r; n < buffer.length && (r = in.read(buffer, n, buffer.length - n)) > 0; ) {
                n += r;
            }
            return parse(new String(buffer, 0, n, java.nio.charset.StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static long[] parse(String text) {
        Map<String, Long> m = new HashMap<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                m.put(
                        line.substring(0, colon).trim(),
                        Long.parseLong(line.substring(colon + 1).trim()));
            }
        }
        String[] keys = {"rchar", "wchar", "read_bytes", "write_bytes", "cancelled_write_bytes"};
        long[] out = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            Long v = m.get(keys[i]);
            if (v == null) {
                throw new IllegalArgumentException("no " + keys[i]);
            }
            out[i] = v;
        }
        return out;
    }
}
