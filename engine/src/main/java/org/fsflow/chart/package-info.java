/**
 * Every chart of the reports, drawn as SVG text in Java (exact, deterministic, escaped, no
 * script): the primitives ({@link org.fsflow.chart.Svg}), the run report's grouped bars, its
 * samples over time and its forest plot of findings, the comparison's ratio chart and the
 * history's series with its change points. Each takes plain values; what a report shows is chosen
 * by the package that renders it.
 */
package org.fsflow.chart;
