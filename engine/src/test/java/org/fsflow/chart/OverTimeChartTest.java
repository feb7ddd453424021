package org.fsflow.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.fsflow.result.TimeSeries;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** A step's time series drawn: well-formed SVG, a line per figure, the same bytes every time, its title escaped. */
class OverTimeChartTest {

    private static final TimeSeries SERIES = new TimeSeries(
            List.of(1.0, 2.0, 3.0),
            List.of(0.0, 1048576.0, 0.0),
            List.of(4194304.0, 0.0, 2097152.0),
            List.of(10.0, 20.0, 5.0),
            List.of(30.0, 10.0, 5.0),
            List.of(0.0, 40.0, 0.0),
            List.of(1.0, 2.0, 0.5),
            java.util.Arrays.asList(1L << 20, null, 3L << 20));

    @Test
    void drawsEveryFigureAsALine() throws Exception {
        String svg = OverTimeChart.svg("Over time: copy <b> & \u001b[2J", SERIES);
        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        // read, written; user, system, iowait, kernel threads; dirty
        assertEquals(7, doc.getElementsByTagName("polyline").getLength());
        assertTrue(svg.contains("Over time: copy &lt;b&gt; &amp;"), svg);
        assertTrue(!svg.contains("\u001b"), "no terminal escape in the SVG");
        assertEquals(svg, OverTimeChart.svg("Over time: copy <b> & \u001b[2J", SERIES), "deterministic");
    }
}
