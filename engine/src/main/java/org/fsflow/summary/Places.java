package org.fsflow.summary;

import org.fsflow.result.Measurement;

/**
 * Where a result was measured, as reports group it: the host itself, or one VM (a kernel and an
 * accelerator). Figures are ranked only against figures of the same place: an emulated CPU is
 * several times slower, so a VM column against a host column would rank the places, not the
 * filesystems.
 */
public final class Places {

    /** The place of results measured on the machine's own kernel. */
    public static final String HOST = "host";

    private Places() {}

    /**
     * The place as a table's column group names it: {@code host kernel 6.18.4}, or {@code guest kernel
     * 6.1.0-57-amd64, TCG (emulated CPU)} / {@code ..., KVM} / {@code guest kernel 6.1.176, user-mode Linux (UML)}.
     */
    static String label(Measurement m) {
        if (of(m).equals(HOST)) {
            return m.kernel() == null ? "host" : "host kernel " + m.kernel();
        }
        String virt = m.virt().equals("tcg")
                ? "TCG (emulated CPU)"
                : m.virt().equals("uml") ? "user-mode Linux (UML)" : m.virt().toUpperCase(java.util.Locale.ROOT);
        return "guest kernel " + m.kernel() + ", " + virt;
    }

    /** {@code host}, or {@code VM <kernel release> (<kvm|tcg>)}. */
    public static String of(Measurement m) {
        return m.virt() == null || m.virt().equals(HOST) ? HOST : "VM " + m.kernel() + " (" + m.virt() + ")";
    }

    /**
     * The group a column is ranked within: its place, and its {@code --scale} when its rows record
     * one ({@code host at 1}); rows of one place at two scales (merged runs) are never ranked together.
     */
    static String group(Measurement m) {
        return m.scale() == null ? of(m) : of(m) + " at " + org.fsflow.scenario.Scales.plain(m.scale());
    }

    /**
     * True when the rows (nulls skipped) ran at one {@code --scale}: each row's {@code scale}, rows
     * without one (older runs, imports) at their run's single scale, taken as the same as each other.
     */
    public static boolean oneScale(java.util.Collection<Measurement> rows) {
        return rows.stream()
                        .filter(java.util.Objects::nonNull)
                        .map(Measurement::scale)
                        .filter(java.util.Objects::nonNull)
                        .distinct()
                        .count()
                <= 1;
    }

    /** {@code host}, or {@code VM (<kvm|tcg>)}: the place without the kernel, where the kernel is what varies. */
    public static String withoutKernel(Measurement m) {
        return m.virt() == null || m.virt().equals(HOST) ? HOST : "VM (" + m.virt() + ")";
    }
}
