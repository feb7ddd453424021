package org.fsflow.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.TreeMap;
import org.fsflow.result.FalseDiscovery;
import org.fsflow.result.Fieller;
import org.fsflow.result.Json;
import org.fsflow.result.MetricTable;
import org.fsflow.result.Power;
import org.fsflow.result.Sensitivity;
import org.fsflow.scenario.Finding;
import org.fsflow.summary.Equivalence;
import org.fsflow.summary.FindingClass;
import org.fsflow.summary.PowerText;
import org.fsflow.summary.Verdict;
import org.fsflow.summary.VerdictTable;

/**
 * {@code verdicts.json}: one object per finding (id, citation, the source's values, fsflow's with
 * n, both ratios, the interval and band, p and q, the verdict and its reason), for other tools.
 * Numbers that do not exist (no interval, not tested) are null. Same table, same bytes.
 */
final class VerdictJson {

    /** The format's version, the file's first field. */
    static final int VERSION = 1;

    private VerdictJson() {}

    static String of(VerdictTable t) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("fsflow_verdicts", VERSION);
        root.put("headline", t.headline());
        root.putObject("findings_from").put("file", t.from()).put("sha256", t.sha256());
        number(root, "tolerance", t.section().tolerance());
        number(root, "equivalence_margin", Equivalence.MARGIN);
        root.put("false_discovery_rate", FalseDiscovery.RATE);
        ObjectNode counts = root.putObject("counts");
        for (Verdict.Outcome o : Verdict.Outcome.values()) {
            counts.put(o.label().replace(' ', '_'), t.count(o));
        }
        ObjectNode byClass = root.putObject("counts_by_class");
        for (FindingClass kind : FindingClass.values()) {
            ObjectNode c = byClass.putObject(kind.label()).put("findings", t.count(kind));
            for (Verdict.Outcome o : Verdict.Outcome.values()) {
                c.put(o.label().replace(' ', '_'), t.count(kind, o));
            }
        }
        ArrayNode findings = root.putArray("findings");
        t.verdicts().forEach(v -> findings.add(finding(v)));
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always serializes", e);
        }
    }

    /** The part of a {@code verdicts.json} its readers take: the headline (null when absent). */
    record Head(Integer fsflowVerdicts, String headline) {}

    /** The headline {@code file} (a {@code verdicts.json}) states, null when it has none. */
    static String headline(java.nio.file.Path file) {
        return org.fsflow.result.JsonFile.read(file, Head.class).headline();
    }

    private static ObjectNode finding(Verdict v) {
        Finding f = v.finding();
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("id", f.id());
        o.put("cite", f.cite());
        o.put("metric", f.metric());
        o.put("across", f.across());
        o.put("class", v.triage().kind().label());
        o.put("class_reason", v.triage().why());
        o.put("unit", MetricTable.of(f.metricOf(f.numerator())).unit());
        o.put("step", f.step());
        o.put("filesystem", f.filesystem());
        o.put("dataset", f.dataset());
        ObjectNode cell = o.putObject("cell");
        new TreeMap<>(f.cell()).forEach(cell::put);
        o.set("source", source(f));
        ObjectNode fsflow = o.putObject("fsflow");
        fsflow.set("numerator", side(v.numerator()));
        fsflow.set("denominator", side(v.denominator()));
        number(fsflow, "ratio", v.interval() == null ? Double.NaN : v.interval().ratio());
        fsflow.set(
                "interval",
                pair(
                        v.interval() == null
                                ? null
                                : new double[] {v.interval().low(), v.interval().high()}));
        number(o, "tolerance", f.tolerance());
        Fieller.Interval rr = v.ratioOfRatios();
        number(o, "ratio_of_ratios", rr == null ? Double.NaN : rr.ratio());
        o.set("ratio_of_ratios_interval", pair(rr == null ? null : new double[] {rr.low(), rr.high()}));
        o.put("source_tie", v.tie().tie());
        o.put("source_tie_reason", v.tie().why());
        o.put("test", v.test());
        number(o, "p", v.p());
        number(o, "q", v.q());
        o.set("power", power(v.power()));
        o.put("verdict", v.outcome().label());
        if (v.outcome() == Verdict.Outcome.INCONCLUSIVE && v.power() != null) {
            o.put("undecided", PowerText.kind(v.power()));
        } else {
            o.putNull("undecided");
        }
        o.put("reason", v.reason());
        if (f.explanation() == null) {
            o.putNull("explanation");
        } else {
            o.putObject("explanation")
                    .put("text", f.explanation().text())
                    .put("cite", f.explanation().cite());
        }
        return o;
    }

    // what the run could detect at 80 % power; a count past the search limit is null
    private static ObjectNode power(Sensitivity s) {
        if (s == null) {
            return null;
        }
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("power", Power.TARGET);
        number(o, "level", s.level());
        number(o, "detectable_ratio", s.detectable());
        count(o, "repetitions_for_1_1", s.for10());
        count(o, "repetitions_for_1_2", s.for20());
        count(o, "repetitions_to_decide", s.toDecide());
        return o;
    }

    private static void count(ObjectNode o, String key, int n) {
        if (n == Power.BEYOND) {
            o.putNull(key);
        } else {
            o.put(key, n);
        }
    }

    private static ObjectNode source(Finding f) {
        ObjectNode s = Json.MAPPER.createObjectNode();
        s.put("kind", f.kind());
        ObjectNode num = s.putObject("numerator").put("name", f.numerator());
        ObjectNode den = s.putObject("denominator").put("name", f.denominator());
        if (f.figures() != null) {
            num.put("value", f.figures().numerator());
            at(num, f.figures().numeratorAt());
            den.put("value", f.figures().denominator());
            at(den, f.figures().denominatorAt());
        }
        number(s, "ratio", f.ratio());
        s.put("direction", f.higher() ? "higher" : "lower");
        return s;
    }

    private static void at(ObjectNode o, Finding.At at) {
        if (at.line() > 0) {
            o.put("line", at.line());
        } else {
            o.putNull("line");
        }
        if (at.last() > at.line()) {
            o.put("last_line", at.last());
            o.put("column", at.column());
        }
    }

    private static ObjectNode side(Verdict.Side s) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("name", s.name());
        o.put("cell", s.cell());
        o.put("step", s.step());
        o.put("place", s.place());
        o.put("scale", s.scale());
        o.put("runs", s.runs());
        o.put("failed", s.failed());
        o.put("skipped", s.skipped());
        o.put("n", s.stats() == null ? 0 : s.stats().n());
        number(o, "mean", s.stats() == null ? Double.NaN : s.stats().mean());
        number(o, "ci_low", s.stats() == null ? Double.NaN : s.stats().ciLow());
        number(o, "ci_high", s.stats() == null ? Double.NaN : s.stats().ciHigh());
        return o;
    }

    private static ArrayNode pair(double[] v) {
        if (v == null || Double.isNaN(v[0]) || Double.isNaN(v[1])) {
            return null;
        }
        ArrayNode a = Json.MAPPER.createArrayNode();
        a.add(v[0]);
        a.add(v[1]);
        return a;
    }

    private static void number(ObjectNode o, String key, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            o.putNull(key);
        } else {
            o.put(key, v);
        }
    }
}
