package org.fsflow.history;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Version order for kernel releases and labels, not string order: {@code 6.1.0-57-amd64 < 6.9 <
 * 6.18.44}. A version is split into runs of digits (compared as numbers, leading zeros ignored)
 * and runs of letters (compared as text, case-insensitive), every other character a separator;
 * numbers sort before words at the same place ({@code 6.1.5 < 6.1.x}) but after a pre-release
 * word ({@code 6.9-rc3 < 6.9.1}), and where one version
 * ends, the shorter is older unless the longer goes on with a pre-release word ({@code rc},
 * {@code alpha}, {@code beta}, {@code pre}, or after a {@code ~}): {@code 6.9-rc3 < 6.9 < 6.9.1}.
 */
public final class VersionOrder {

    /** The order. */
    public static final Comparator<String> ORDER = VersionOrder::compare;

    private static final Pattern PART = Pattern.compile("~|\\d+|[A-Za-z]+");
    private static final List<String> PRE = List.of("~", "rc", "alpha", "beta", "pre");

    private VersionOrder() {}

    /** Negative, zero or positive as {@code a} is older than, the same as or newer than {@code b}. */
    public static int compare(String a, String b) {
        List<String> x = parts(a);
        List<String> y = parts(b);
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            int c = part(x.get(i), y.get(i));
            if (c != 0) {
                return c;
            }
        }
        if (x.size() == y.size()) {
            return a.compareTo(b);
        }
        return x.size() > y.size() ? (pre(x.get(y.size())) ? -1 : 1) : (pre(y.get(x.size())) ? 1 : -1);
    }

    private static int part(String a, String b) {
        if (pre(a) != pre(b)) {
            return pre(a) ? -1 : 1;
        }
        boolean na = Character.isDigit(a.charAt(0));
        boolean nb = Character.isDigit(b.charAt(0));
        if (na && nb) {
            return new BigInteger(a).compareTo(new BigInteger(b));
        }
        if (na != nb) {
            return na ? -1 : 1;
        }
        return a.toLowerCase(Locale.ROOT).compareTo(b.toLowerCase(Locale.ROOT));
    }

    private static boolean pre(String part) {
        return PRE.contains(part.toLowerCase(Locale.ROOT));
    }

    private static List<String> parts(String v) {
        List<String> out = new ArrayList<>();
        Matcher m = PART.matcher(v);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }
}
