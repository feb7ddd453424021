package org.fsflow.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code parse: gnu-time}: the last GNU time entry of a step's output (usually stderr), as
 * {@code gnu_real_s}, {@code gnu_user_s}, {@code gnu_sys_s}, {@code gnu_cpu_pct} and, with -v,
 * {@code gnu_max_rss_kb}: a cross-check of fsflow's own figures.
 */
final class GnuTimeParser implements OutputParser {

    @Override
    public Map<String, Object> parse(String stdout, String stderr) throws Unparseable {
        List<GnuTimeLog.Entry> entries = GnuTimeLog.parse(stderr + "\n" + stdout);
        GnuTimeLog.Entry e = entries.get(entries.size() - 1);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("gnu_real_s", e.realS());
        m.put("gnu_user_s", e.userS());
        m.put("gnu_sys_s", e.sysS());
        m.put("gnu_cpu_pct", e.cpuPct());
        if (e.maxRssKb() != null) {
            m.put("gnu_max_rss_kb", e.maxRssKb());
        }
        return m;
    }
}
