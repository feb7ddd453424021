package org.fsflow.summary;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.scenario.SourceSection;

/** When a source was measured: the kernel its conditions name, else the first year in its title. */
final class SourceEra {

    private static final Pattern VERSION = Pattern.compile("\\b(\\d+)\\.(\\d+)(?:\\.(\\d+))?");
    private static final Pattern YEAR = Pattern.compile("\\b(19[89]\\d|20\\d\\d)\\b");

    private SourceEra() {}

    /** The source's kernel as {major, minor, patch}, null when its conditions do not name one. */
    static int[] kernel(SourceSection s) {
        String k = s.conditions() == null ? null : s.conditions().kernel();
        Matcher m = k == null ? null : VERSION.matcher(k);
        if (m == null || !m.find()) {
            return null;
        }
        return new int[] {
            Integer.parseInt(m.group(1)),
            Integer.parseInt(m.group(2)),
            m.group(3) == null ? 0 : Integer.parseInt(m.group(3))
        };
    }

    /** The first year its title names, 0 when none. */
    static int year(SourceSection s) {
        Matcher m = s.title() == null ? null : YEAR.matcher(s.title());
        return m != null && m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** True when version {@code a} is older than {@code b}. */
    static boolean before(int[] a, int[] b) {
        for (int i = 0; i < 3; i++) {
            if (a[i] != b[i]) {
                return a[i] < b[i];
            }
        }
        return false;
    }
}
