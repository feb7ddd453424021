package org.fsflow.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fsflow.compare.Comparison.Row;
import org.fsflow.result.Json;
import org.fsflow.result.MetricTable;
import org.fsflow.result.MetricTable.Direction;
import org.fsflow.result.Summary;

/**
 * A run or a comparison for the tools that track benchmarks over time.
 *
 * <ul>
 * <li>Bencher Metric Format ({@code bmf}): {@code {"BENCHMARK": {"MEASURE": {"value": v,
 * "lower_value": l, "upper_value": u}}}}. For a run: benchmark {@code dataset/filesystem/step},
 * measure the metric, the mean with its 95 % interval (Student t); for a figure none of whose
 * values is negative (times, bytes, IOPS ...), the interval is cut at 0, since the mean it
 * bounds cannot be below it (a wide interval of few repetitions otherwise reaches below 0). For
 * a comparison: measure
 * {@code METRIC-ratio} (and the run's label when several are compared), the ratio with its
 * Fieller interval.</li>
 * <li>github-action-benchmark ({@code gab}): the {@code customSmallerIsBetter} (default) or
 * {@code customBiggerIsBetter} array, {@code [{"name", "unit", "value", "range", "extra"}]}, one
 * entry per metric of that direction (the tool reads one direction per file).</li>
 * </ul>
 */
public final class Exporter {

    private Exporter() {}

    /** The Bencher Metric Format of a run's series. */
    public static String bmf(Run run) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        MetricSeries.of(run.results(), null)
                .forEach((key, metrics) -> metrics.forEach((metric, values) -> {
                    Summary s = summary(values);
                    ObjectNode m = measure(root, name(key), metric);
                    put(m, "value", s.mean());
                    boolean signed = values.stream().anyMatch(v -> v < 0);
                    put(m, "lower_value", signed ? s.ciLow() : Math.max(0, s.ciLow()));
                    put(m, "upper_value", s.ciHigh());
                }));
        return text(root);
    }

    /** The Bencher Metric Format of a comparison's ratios. */
    public static String bmf(Comparison c) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        for (Row r : c.rows()) {
            ObjectNode m =
                    measure(root, r.where(), r.metric() + "-ratio" + (c.others().size() > 1 ? "-" + r.run() : ""));
            put(m, "value", r.ratio().ratio());
            put(m, "lower_value", r.ratio().low());
            put(m, "upper_value", r.ratio().high());
        }
        return text(root);
    }

    /** github-action-benchmark's JSON of a run: the metrics that are better smaller (or bigger). */
    public static String gab(Run run, boolean bigger) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        Direction wanted = bigger ? Direction.HIGHER_IS_BETTER : Direction.LOWER_IS_BETTER;
        MetricSeries.of(run.results(), null)
                .forEach((key, metrics) -> metrics.forEach((metric, values) -> {
                    MetricTable.Metric spec = MetricTable.of(metric);
                    if (spec.direction() == wanted) {
                        Summary s = summary(values);
                        ObjectNode e = out.addObject()
                                .put("name", name(key) + " " + metric)
                                .put("unit", spec.unit());
                        put(e, "value", s.mean());
                        if (s.n() >= 2) {
                            e.put("range", "± " + s.ciHalfWidth());
                        }
                        e.put("extra", "n=" + s.n() + ", 95 % CI (Student t)");
                    }
                }));
        return text(out);
    }

    /** github-action-benchmark's JSON of a comparison: the ratios, every one smaller-is-better once oriented. */
    public static String gab(Comparison c) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (Row r : c.rows()) {
            if (r.direction() == Direction.NONE
                    || !Double.isFinite(r.ratio().ratio())
                    || r.ratio().ratio() <= 0) {
                continue;
            }
            // a cost ratio: above 1 is worse whatever the metric's direction, so one tool setting fits all
            boolean invert = r.direction() == Direction.HIGHER_IS_BETTER;
            double v = invert ? 1 / r.ratio().ratio() : r.ratio().ratio();
            ObjectNode e = out.addObject()
                    .put(
                            "name",
                            r.where() + " " + r.metric() + " (" + r.run() + " / " + c.baseline()
                                    + (invert ? ", inverted" : "") + ")")
                    .put("unit", "ratio");
            put(e, "value", v);
            if (r.ratio().bounded()) {
                double lo = invert ? 1 / r.ratio().high() : r.ratio().low();
                double hi = invert ? 1 / r.ratio().low() : r.ratio().high();
                e.put("range", "[" + lo + ", " + hi + "]");
            }
            e.put("extra", r.mark().text() + ", q=" + ComparisonView.probability(r.q()));
        }
        return text(out);
    }

    private static Summary summary(List<Double> values) {
        return Summary.of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static String name(MetricSeries.Key key) {
        return new Row(
                        key.dataset(),
                        key.filesystem(),
                        key.step(),
                        key.extra(),
                        "",
                        "",
                        Direction.NONE,
                        "",
                        null,
                        null,
                        null,
                        Double.NaN,
                        Double.NaN,
                        null,
                        null)
                .where();
    }

    private static ObjectNode measure(ObjectNode root, String benchmark, String measure) {
        ObjectNode b = root.has(benchmark) ? (ObjectNode) root.get(benchmark) : root.putObject(benchmark);
        return b.putObject(measure);
    }

    private static void put(ObjectNode node, String field, double v) {
        if (Double.isFinite(v)) {
            node.put(field, v);
        }
    }

    private static String text(Object node) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
