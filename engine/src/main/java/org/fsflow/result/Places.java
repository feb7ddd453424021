package org.fsflow.result;

/** The name of a place in the table of where a run's time went, from a row's host, kernel and virt. */
public final class Places {

    private Places() {}

    /** {@code host vm (6.18.44)}, {@code guest tcg (6.1.0-57-amd64) on vm}; {@code host} for a row that names none. */
    public static String label(String host, String kernel, String virt) {
        String h = host == null || host.isBlank() ? null : host;
        String k = kernel == null || kernel.isBlank() ? "" : " (" + kernel + ")";
        if (virt == null || virt.isBlank() || virt.equals("host")) {
            return h == null ? "host" + k : "host " + h + k;
        }
        return "guest " + virt + k + (h == null ? "" : " on " + h);
    }

    /** The place of measurement {@code m}. */
    public static String of(Measurement m) {
        return label(m.host(), m.kernel(), m.virt());
    }
}
