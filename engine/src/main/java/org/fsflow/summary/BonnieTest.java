package org.fsflow.summary;

/** The bonnie++ tests, as {@code bon_csv2html} groups and orders its columns. */
public enum BonnieTest {
    /** Sequential output, per character. */
    PUTC("Sequential Output", "Per Char", "K/sec", "putc"),
    /** Sequential output, per block. */
    PUT_BLOCK("Sequential Output", "Block", "K/sec", "put_block"),
    /** Rewrite. */
    REWRITE("Sequential Output", "Rewrite", "K/sec", "rewrite"),
    /** Sequential input, per character. */
    GETC("Sequential Input", "Per Char", "K/sec", "getc"),
    /** Sequential input, per block. */
    GET_BLOCK("Sequential Input", "Block", "K/sec", "get_block"),
    /** Random seeks. */
    SEEKS("Random", "Seeks", "/sec", "seeks"),
    /** Sequential file creation. */
    SEQ_CREATE("Sequential Create", "Create", "/sec", "seq_create"),
    /** Sequential stat. */
    SEQ_STAT("Sequential Create", "Read", "/sec", "seq_stat"),
    /** Sequential deletion. */
    SEQ_DEL("Sequential Create", "Delete", "/sec", "seq_del"),
    /** Random file creation. */
    RAN_CREATE("Random Create", "Create", "/sec", "ran_create"),
    /** Random stat. */
    RAN_STAT("Random Create", "Read", "/sec", "ran_stat"),
    /** Random deletion. */
    RAN_DEL("Random Create", "Delete", "/sec", "ran_del");

    private final String group;
    private final String test;
    private final String unit;
    private final String stem;

    BonnieTest(String group, String test, String unit, String stem) {
        this.group = group;
        this.test = test;
        this.unit = unit;
        this.stem = stem;
    }

    /** The column group ("Sequential Output"). */
    public String group() {
        return group;
    }

    /** The test inside its group ("Block"). */
    public String test() {
        return test;
    }

    /** The unit of its rate ("K/sec"). */
    public String unit() {
        return unit;
    }

    /** The stem of its metrics keys: {@code STEM_cpu_pct}, {@code STEM_latency_us}, {@code too_fast.STEM}. */
    public String stem() {
        return stem;
    }

    /** The metrics key of its rate ({@code put_block_kib_s}, {@code seeks_per_s}). */
    public String rateKey() {
        return stem + (unit.equals("K/sec") ? "_kib_s" : "_per_s");
    }
}
