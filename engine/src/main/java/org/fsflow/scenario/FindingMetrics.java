package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * The metric names a finding may compare: the figures every measured step has, and those each
 * output parser adds (the names of {@code org.fsflow.parse}; {@code org.fsflow.result.MetricTable}
 * gives their units). A fio job's names depend on its job file, so any name with one of fio's
 * suffixes is taken.
 */
final class FindingMetrics {

    /** Figures of every measured step. */
    static final List<String> EVERY_STEP = List.of("real_s", "user_s", "sys_s", "cpu_pct", "read_bytes", "write_bytes");

    private static final List<String> BONNIE_COLUMNS = List.of(
            "putc",
            "put_block",
            "rewrite",
            "getc",
            "get_block",
            "seeks",
            "seq_create",
            "seq_stat",
            "seq_del",
            "ran_create",
            "ran_stat",
            "ran_del");
    private static final List<String> FIO_SUFFIXES = List.of("bw_bytes", "iops", "io_bytes", "_ns");

    private FindingMetrics() {}

    /** The names {@code step} records: its parser's and the ones of every step. */
    static List<String> of(Step step) {
        List<String> out = new ArrayList<>(EVERY_STEP);
        if (step.action() == Step.Action.CAPACITY) {
            out.addAll(List.of(
                    "device_bytes",
                    "filesystem_bytes",
                    "free_bytes",
                    "available_bytes",
                    "usable_pct",
                    "inodes",
                    "inodes_free"));
        }
        ParserName parser = step.parse() == null ? null : ParserName.of(step.parse());
        if (parser == ParserName.BONNIE) {
            for (String c : BONNIE_COLUMNS) {
                out.add(c + (c.equals("seeks") || BONNIE_COLUMNS.indexOf(c) > 5 ? "_per_s" : "_kib_s"));
                out.add(c + "_cpu_pct");
                out.add(c + "_latency_us");
            }
        } else if (parser == ParserName.DD) {
            out.addAll(List.of("dd_bytes_per_s", "dd_seconds", "dd_bytes"));
        }
        if (step.figures() != null) {
            step.figures().metrics().forEach(figure -> out.add(figure.name()));
        }
        return out;
    }

    /** True when {@code metric} is one {@code step} records. */
    static boolean recorded(Step step, String metric) {
        if (ParserName.FIO.keyword().equals(step.parse())
                && FIO_SUFFIXES.stream().anyMatch(metric::endsWith)) {
            return true;
        }
        return of(step).contains(metric);
    }
}
