package org.fsflow.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;
import org.fsflow.result.TimeSeries;
import org.fsflow.summary.Numbers;

/**
 * The time series of one step as three panels over a shared time axis: the throughput of the
 * step's devices (read, written), the host's CPU by kind (user, system, iowait, of it the kernel
 * threads), and the memory dirty or under writeback. What a reader looks at to see writeback after
 * a step, throttling and a device reaching steady state. Deterministic: the points are the
 * recorded ones, in order, at fixed precision.
 */
public final class OverTimeChart {

    private static final int WIDTH = 760;
    private static final int LEFT = 64;
    private static final int RIGHT = 150;
    private static final int PANEL = 96;
    private static final int GAP = 34;
    private static final int TOP = 40;
    private static final int HEIGHT = TOP + 3 * PANEL + 2 * GAP + 36;

    private OverTimeChart() {}

    /** The SVG of {@code s}, titled {@code title}. */
    public static String svg(String title, TimeSeries s) {
        StringBuilder svg = new StringBuilder(Svg.open(WIDTH, HEIGHT, title, 8, 16));
        double end = s.tS().isEmpty() ? 1 : s.tS().get(s.size() - 1);
        DoubleUnaryOperator x = t -> LEFT + (WIDTH - LEFT - RIGHT) * t / Math.max(end, 1e-9);
        List<Double> mib = new ArrayList<>();
        s.dirtyBytes().forEach(d -> mib.add(d == null ? Double.NaN : d / 1048576.0));
        panel(
                svg,
                0,
                "devices, MiB/s",
                List.of("read", "written"),
                List.of(perMib(s.readBytesPerS()), perMib(s.writeBytesPerS())),
                s.tS(),
                x);
        List<String> cpu = new ArrayList<>(List.of("user", "system", "iowait"));
        List<List<Double>> cpuLines = new ArrayList<>(List.of(s.userPct(), s.systemPct(), s.iowaitPct()));
        if (s.kernelThreadsPct() != null) { // not sampled in guests
            cpu.add("kernel threads");
            cpuLines.add(s.kernelThreadsPct());
        }
        panel(svg, 1, "CPU of the machine, % of all", cpu, cpuLines, s.tS(), x);
        panel(svg, 2, "dirty + writeback, MiB", List.of("dirty + writeback"), List.of(mib), s.tS(), x);
        double bottom = TOP + 3 * PANEL + 2 * GAP;
        for (int i = 0; i <= 4; i++) {
            double t = end * i / 4;
            svg.append(Svg.text(x.applyAsDouble(t), bottom + 14, Svg.xml(Numbers.sig(t) + " s"), "middle", ""));
        }
        svg.append(Svg.text(
                LEFT,
                bottom + 30,
                Svg.xml("seconds from the step's start; each point the mean" + " over the interval before it"),
                "start",
                "fill=\"#555\""));
        return svg.append("</svg>\n").toString();
    }

    private static List<Double> perMib(List<Double> bytes) {
        return bytes.stream().map(b -> b == null ? Double.NaN : b / 1048576.0).toList();
    }

    private static void panel(
            StringBuilder svg,
            int at,
            String label,
            List<String> names,
            List<List<Double>> lines,
            List<Double> t,
            DoubleUnaryOperator x) {
        double top = TOP + at * (PANEL + GAP);
        double max = 0;
        for (List<Double> l : lines) {
            for (Double v : l) {
                if (v != null && !v.isNaN()) {
                    max = Math.max(max, v);
                }
            }
        }
        max = max <= 0 ? 1 : Svg.nice(max);
        double scale = max;
        svg.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#bbb\"/>%n",
                LEFT,
                top,
                WIDTH - LEFT - RIGHT,
                PANEL));
        svg.append(Svg.text(LEFT - 4, top + 4, Svg.xml(Numbers.sig(max)), "end", "fill=\"#555\""));
        svg.append(Svg.text(LEFT - 4, top + PANEL, Svg.xml("0"), "end", "fill=\"#555\""));
        svg.append(Svg.text(LEFT, top - 6, Svg.xml(label), "start", "font-weight=\"bold\""));
        for (int i = 0; i < lines.size(); i++) {
            StringBuilder points = new StringBuilder();
            List<Double> l = lines.get(i);
            for (int k = 0; k < l.size() && k < t.size(); k++) {
                Double v = l.get(k);
                if (v == null || v.isNaN()) {
                    continue;
                }
                double y = top + PANEL - PANEL * Math.min(v, scale) / scale;
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x.applyAsDouble(t.get(k)), y));
            }
            String colour = BarChart.PALETTE.get(i % BarChart.PALETTE.size());
            svg.append(String.format(
                    Locale.ROOT,
                    "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"/>%n",
                    colour,
                    points.toString().strip()));
            double ly = top + 12 + 14 * i;
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%d\" y=\"%.1f\" width=\"10\" height=\"3\" fill=\"%s\"/>%n",
                    WIDTH - RIGHT + 10,
                    ly - 4,
                    colour));
            svg.append(Svg.text(WIDTH - RIGHT + 24, ly, Svg.xml(names.get(i)), "start", ""));
        }
    }
}
