package org.fsflow.summary;

/** Number formatting of reports: fixed rules under {@code Locale.ROOT}, so renders are byte-identical anywhere. */
public final class Numbers {

    private Numbers() {}

    /** About three significant digits: 0.0345, 1.23, 12.3, 1234. */
    public static String sig(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "–";
        }
        double a = Math.abs(v);
        int decimals = a == 0 || a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a >= 0.1 ? 3 : a >= 0.01 ? 4 : 5;
        return fixed(v, decimals);
    }

    /** A p-value: three significant digits, or "2.1e-12" below 0.001; "–" for NaN. */
    public static String p(double p) {
        if (Double.isNaN(p)) {
            return "–";
        }
        return p < 0.001 ? String.format(java.util.Locale.ROOT, "%.1e", p) : sig(p);
    }
    /** {@code v} with as many decimals as {@code like} shows (for "mean ± half-width"). */
    public static String same(double v, String like) {
        if (Double.isNaN(v)) {
            return "–";
        }
        int dot = like.indexOf('.');
        return fixed(v, dot < 0 ? 0 : like.length() - dot - 1);
    }

    /**
     * {@code v} with {@code decimals} decimals, '.' as separator, rounded as String.format rounds
     * (half up, on the shortest decimal form of the double: 1.005 gives 1.01). Through BigDecimal
     * because String.format is slow enough to matter for 10^5 raw rows.
     */
    public static String fixed(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "–";
        }
        return new java.math.BigDecimal(Double.toString(v))
                .setScale(decimals, java.math.RoundingMode.HALF_UP)
                .toPlainString();
    }

    /** {@code fraction} as a percentage with one decimal: 12.3 %. */
    public static String percent(double fraction) {
        return Double.isNaN(fraction) ? "–" : fixed(fraction * 100, 1) + " %";
    }

    /** Bytes in binary units with one decimal: 12.3 MiB. */
    public static String bytes(double b) {
        if (Double.isNaN(b)) {
            return "–";
        }
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = b;
        int u = 0;
        while (Math.abs(v) >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? fixed(v, 0) + " B" : fixed(v, 1) + " " + units[u];
    }
}
