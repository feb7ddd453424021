package org.fsflow.doctor;

import java.util.Map;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;
import org.fsflow.scenario.Template;

/**
 * How much data a step moves when its command sizes it with a parameter that scales ({@code
 * bonnie++ -s ${params.size}}, declared {@code size: { value: 2048, scale: true }}): the first such
 * parameter its {@code run:} names, now (at the cell's place's scale) over then (in an earlier
 * run's scenario, at that run's scale for the cell). Doctor carries such a step's time and bytes
 * by that ratio, as it carries a copy's by its dataset's bytes.
 */
final class ParamSizes {

    private ParamSizes() {}

    /**
     * The ratio of a step's sizing parameter, now over then.
     *
     * @param name  the parameter
     * @param ratio its value now over its value then
     */
    record Ratio(String name, double ratio) {}

    /**
     * The ratio for step {@code step} of the cell {@code cell} now and {@code thenCell} in {@code
     * before}; null when its command names no parameter that scales, or the earlier value is not a
     * whole number.
     */
    static Ratio of(
            Scenario now, Scenario before, Map<String, String> cell, Map<String, String> thenCell, String step) {
        Step s = now.steps().stream()
                .filter(st -> st.name().equals(step))
                .findFirst()
                .orElse(null);
        if (before == null || s == null || s.run() == null) {
            return null;
        }
        Map<String, Scenario.Param> later = now.forCell(cell).params();
        Map<String, Scenario.Param> earlier = before.forCell(thenCell).params();
        for (Template t : s.run().parts()) {
            for (Template.Variable v : t.variables()) {
                String name = v.name().startsWith("params.") ? v.name().substring("params.".length()) : null;
                Scenario.Param p = name == null ? null : later.get(name);
                if (p == null || !p.scale()) {
                    continue;
                }
                Scenario.Param q = earlier.get(name);
                if (q == null
                        || !Scenario.Param.WHOLE.matcher(q.value().strip()).matches()) {
                    return null;
                }
                return new Ratio(
                        name,
                        Double.parseDouble(p.value())
                                / Double.parseDouble(q.value().strip()));
            }
        }
        return null;
    }
}
