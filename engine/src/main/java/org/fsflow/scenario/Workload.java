package org.fsflow.scenario;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The library of everyday workloads: a step written {@code workload: NAME} (with its parameters
 * under {@code with:}) stands for the step this table writes out, read by the same reader as a
 * hand-written one, so {@code plan} shows the very commands that run and every rule of a step holds.
 *
 * <pre>
 * datasets:
 *   tree: { dirs: 64, files: 1100, size: { min: 1KiB, max: 64KiB }, archive: true }
 * steps:
 *   - mkfs
 *   - mount
 *   - workload: untar                     # named after the workload unless name: says otherwise
 *   - workload: cold-scan
 *   - workload: randwrite-fsync
 *     with: { size: 32MiB }
 *   - workload: delete-tree
 *   - umount
 * </pre>
 *
 * Each parameter has a default; a value may be {@code ${params.NAME}} ({@code --set} reaches it),
 * read and checked as the scenario is read. Sizes are written to the tools in bytes: fio's own
 * suffixes are not fsflow's (its default reads 8MiB as 8,000,000 bytes).
 */
public enum Workload {
    /** unpack the dataset's archive into the target, synced to the device, checked against the dataset */
    UNTAR(
            "untar",
            "unpack the cell's dataset from its tar archive (`archive: true`) into the target; flushed to the device"
                    + " and checked against the dataset",
            """
            run: mkdir ${target.mnt}/${dataset.name} && tar -xf ${dataset.archive} -C ${target.mnt}/${dataset.name}
            flush: true
            verify: true
            """),
    /** a cold metadata walk: every entry's inode read, no file's bytes */
    COLD_SCAN(
            "cold-scan",
            "a cold walk of the unpacked tree that stats every entry and reads no file (what `git status` does);"
                    + " the target remounted and caches dropped first; its figure is the number of entries",
            """
            run: find ${target.mnt}/${dataset.name} -printf '%s\\n' | wc -l
            remount: true
            drop_caches: true
            parse: { regex: '(\\d+)\\s*$', metrics: { entries: { group: 1 } } }
            """),
    /** a cold read of every file of the tree */
    COLD_READ(
            "cold-read",
            "read every file of the unpacked tree once, the target remounted and caches dropped first",
            """
            run: find ${target.mnt}/${dataset.name} -type f -exec cat {} + > /dev/null
            remount: true
            drop_caches: true
            """),
    /** fs_mark-like: many small files created, each written and fsynced as it is closed */
    SMALL_FILES(
            "small-files",
            "create `files` files of `size` in a new directory, each written in one call and fsynced on close"
                    + " (like fs_mark); fio's figures (files/s as IOPS, latency)",
            """
            before: mkdir ${target.mnt}/${step.name}
            fio: { directory: "${target.mnt}/${step.name}", rw: write, bs: "${with.size}", filesize: "${with.size}",
                   nrfiles: "${with.files}", openfiles: 1, file_service_type: sequential, create_on_open: true,
                   fsync_on_close: true, fallocate: none, ioengine: psync }
            """,
            Param.count("files", "1000"),
            Param.size("size", "4096")),
    /** small random writes that must reach the device */
    RANDWRITE_FSYNC(
            "randwrite-fsync",
            "4 KiB random writes into one file of `size`, fsync after each (fio); IOPS, latency and fsync latency",
            """
            fio: { rw: randwrite, bs: 4k, size: "${with.size}", fsync: 1, ioengine: psync }
            """,
            Param.size("size", "16777216")),
    /** random reads at queue depth 32, past the page cache */
    RANDREAD_QD32(
            "randread-qd32",
            "4 KiB random reads of one file of `size` at queue depth 32 with direct I/O (fio, libaio)",
            """
            fio: { rw: randread, bs: 4k, size: "${with.size}", iodepth: 32, ioengine: libaio, direct: true }
            """,
            Param.size("size", "268435456")),
    /** a large file written sequentially and synced */
    SEQ_WRITE(
            "seq-write",
            "one file of `size` written in 1 MiB calls, fsynced at the end (fio)",
            """
            fio: { rw: write, bs: 1m, size: "${with.size}", end_fsync: true, ioengine: psync }
            """,
            Param.size("size", "268435456")),
    /** a large file read sequentially, cold */
    SEQ_READ(
            "seq-read",
            "one file of `size` laid out first (unmeasured), caches dropped, then read in 1 MiB calls (fio)",
            """
            before: [fio, "--name=${step.name}", "--directory=${target.mnt}", "--size=${with.size}", --rw=read,
                     --create_only=1]
            drop_caches: true
            fio: { rw: read, bs: 1m, size: "${with.size}", ioengine: psync }
            """,
            Param.size("size", "268435456")),
    /** the unpacked tree deleted and the deletion synced */
    DELETE_TREE("delete-tree", "delete the unpacked tree, flushed to the device", """
            run: rm -rf ${target.mnt}/${dataset.name}
            flush: true
            """),
    /** the unpacked tree put under git: every file hashed and written into .git as an object, one commit */
    GIT_COMMIT(
            "git-commit",
            "put the unpacked tree under git: `git init`, `git add -A` and one commit (every file hashed and"
                    + " written into `.git` as an object); flushed to the device",
            """
            run: >-
              cd ${target.mnt}/${dataset.name} && git init -q && git add -A
              && git -c user.name=fsflow -c user.email=fsflow@localhost commit -q -m ${dataset.name}
            flush: true
            """),
    /** a cold git status of the committed tree */
    GIT_STATUS(
            "git-status",
            "a cold `git status` of the tree `git-commit` committed: the target remounted and caches dropped first;"
                    + " git reads its index and stats every file; its figure is the number of changed entries (0)",
            """
            run: git -C ${target.mnt}/${dataset.name} status --porcelain | wc -l
            remount: true
            drop_caches: true
            parse: { regex: '(\\d+)\\s*$', metrics: { changed: { group: 1 } } }
            """),
    /** a local clone of the committed tree, its objects copied */
    GIT_CLONE(
            "git-clone",
            "clone the repository `git-commit` made into a new directory named after the step, its objects copied"
                    + " (`--no-hardlinks`) and its tree checked out; flushed to the device",
            """
            run: git clone -q --no-hardlinks ${target.mnt}/${dataset.name} ${target.mnt}/${step.name}
            flush: true
            """),
    /** dbench's file-server load (its client.txt) */
    DBENCH(
            "dbench",
            "dbench's file-server load with `clients` clients for `seconds`; its throughput in MB/s",
            """
            run: [dbench, -D, "${target.mnt}", -t, "${with.seconds}", "${with.clients}"]
            parse: { regex: 'Throughput ([0-9.]+) MB/sec', metrics: { throughput: { group: 1, unit: MB/s, better: higher } } }
            """,
            Param.count("clients", "4"),
            Param.count("seconds", "30")),
    /** sysbench's file I/O test */
    SYSBENCH_FILEIO(
            "sysbench-fileio",
            "sysbench fileio: `files` files of `size` in all prepared (unmeasured), then `mode` for `seconds`;"
                    + " its reads, writes and fsyncs per second; the files removed afterwards",
            """
            before: cd ${target.mnt} && sysbench fileio --file-num=${with.files} --file-total-size=${with.size} prepare
            run: >-
              cd ${target.mnt} && sysbench fileio --file-num=${with.files} --file-total-size=${with.size}
              --file-test-mode=${with.mode} --time=${with.seconds} run
            after: cd ${target.mnt} && sysbench fileio --file-num=${with.files} cleanup
            parse:
              regex: 'reads/s:\\s+([0-9.]+)\\s+writes/s:\\s+([0-9.]+)\\s+fsyncs/s:\\s+([0-9.]+)'
              metrics:
                reads_per_s: { group: 1, unit: /s, better: higher }
                writes_per_s: { group: 2, unit: /s, better: higher }
                fsyncs_per_s: { group: 3, unit: /s, better: higher }
            """,
            Param.count("files", "16"),
            Param.size("size", "268435456"),
            Param.choice("mode", "rndrw", List.of("seqwr", "seqrewr", "seqrd", "rndrd", "rndwr", "rndrw")),
            Param.count("seconds", "30"));

    /** The step keys a workload's step may still set beside {@code workload:} and {@code with:}. */
    static final List<String> OWN_KEYS =
            List.of("name", "timeout", "on_error", "memory", "drop_caches", "remount", "flush", "before", "after");

    private final String keyword;
    private final String what;
    private final String step;
    private final Map<String, Param> params = new LinkedHashMap<>();

    Workload(String keyword, String what, String step, Param... params) {
        this.keyword = keyword;
        this.what = what;
        this.step = step;
        for (Param p : params) {
            this.params.put(p.name(), p);
        }
    }

    /** The name written after {@code workload:}. */
    public String keyword() {
        return keyword;
    }

    /** What it measures, for docs/workloads.md. */
    public String what() {
        return what;
    }

    /** Its step before {@code ${with.NAME}} is replaced: YAML, as a user would write it. */
    public String step() {
        return step;
    }

    /** Its parameters, in order. */
    public Map<String, Param> params() {
        return params;
    }

    /** The workload called {@code keyword}, or null. */
    public static Workload of(String keyword) {
        return Arrays.stream(values())
                .filter(w -> w.keyword.equals(keyword))
                .findFirst()
                .orElse(null);
    }

    /** Every keyword, in table order. */
    public static List<String> keywords() {
        return Arrays.stream(values()).map(Workload::keyword).toList();
    }

    /** Its step with every parameter replaced by {@code values} (the defaults where absent). */
    String expand(Map<String, String> values) {
        String out = step;
        for (Param p : params.values()) {
            out = out.replace("${with." + p.name() + "}", values.getOrDefault(p.name(), p.fallback()));
        }
        return out;
    }

    /**
     * One parameter of a workload.
     *
     * @param name     its key under {@code with:}
     * @param kind     what it holds
     * @param fallback its default, as written into the step
     * @param choices  the values a choice may take, else empty
     */
    public record Param(String name, Kind kind, String fallback, List<String> choices) {
        /** What a parameter holds. */
        public enum Kind {
            /** a whole number from 1 */
            COUNT,
            /** a size (4KiB, 64MiB), written to the tool in bytes */
            SIZE,
            /** one of a list */
            CHOICE
        }

        static Param count(String name, String fallback) {
            return new Param(name, Kind.COUNT, fallback, List.of());
        }

        static Param size(String name, String bytes) {
            return new Param(name, Kind.SIZE, bytes, List.of());
        }

        static Param choice(String name, String fallback, List<String> choices) {
            return new Param(name, Kind.CHOICE, fallback, choices);
        }
    }
}
