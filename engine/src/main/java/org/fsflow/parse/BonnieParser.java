package org.fsflow.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code parse: bonnie}: the last bonnie++ CSV line of a step's output (run it with {@code -q}
 * so stdout is CSV only). Figures as in {@link BonnieCsv}; a too-fast test is null, with
 * {@code too_fast.COLUMN = 1} beside it.
 */
final class BonnieParser implements OutputParser {

    @Override
    public Map<String, Object> parse(String stdout, String stderr) throws Unparseable {
        List<BonnieCsv.Line> lines = BonnieCsv.parse(stdout + "\n" + stderr);
        return metrics(lines.get(lines.size() - 1));
    }

    /** The metrics of one line. */
    static Map<String, Object> metrics(BonnieCsv.Line line) {
        Map<String, Object> m = new LinkedHashMap<>(line.values());
        for (String col : line.tooFast()) {
            m.put("too_fast." + col, 1);
        }
        return m;
    }
}
