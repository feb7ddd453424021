package org.fsflow.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.fsflow.TestPaths;
import org.fsflow.report.VerdictSections;
import org.fsflow.summary.Equivalence;
import org.fsflow.summary.FindingClass;
import org.fsflow.summary.Verdict;
import org.fsflow.summary.VerdictTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The first screen of a report against a source, on a real run (zfs-fuse-vs-ext3's published
 * results with its findings): the forest plot is well-formed SVG with one row per testable finding,
 * each drawn in its verdict's colour, with the band its verdict accepts; the sentences name what
 * was compared and what held.
 */
public class ForestTest {

    @TempDir
    Path dir;

    public static VerdictTable table(Path dir) throws Exception {
        Path input = TestPaths.resources("report/verdicts");
        for (String f : List.of("results.jsonl", "environment.json", "source.yaml")) {
            Files.copy(input.resolve(f), dir.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return org.fsflow.summary.Summarizer.summarize(
                        org.fsflow.result.ResultSet.load(dir),
                        org.fsflow.result.RunEnvironment.read(dir),
                        org.fsflow.summary.RunSource.of(dir))
                .verdicts();
    }

    @Test
    void eachTestableFindingIsARowInItsVerdictsColour() throws Exception {
        VerdictTable table = table(dir);
        List<Verdict> testable = table.verdicts().stream()
                .filter(v -> v.triage().kind() == FindingClass.TESTABLE && v.interval() != null)
                .toList();
        assertTrue(testable.size() >= 3, "the fixture has testable findings");
        String svg = VerdictSections.of(table, null).forest();
        assertEquals(svg, VerdictSections.of(table(dir), null).forest(), "the same verdicts, the same plot");
        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        NodeList rows = doc.getElementsByTagName("g");
        assertEquals(testable.size(), rows.getLength());
        for (int i = 0; i < rows.getLength(); i++) {
            Element row = (Element) rows.item(i);
            Verdict v = testable.get(i);
            String tip = row.getElementsByTagName("title").item(0).getTextContent();
            assertTrue(tip.startsWith(v.finding().id() + ": fsflow ×"), tip);
            assertTrue(tip.endsWith(v.outcome().label()), tip);
            Element line = (Element) row.getElementsByTagName("line").item(0);
            assertEquals(Forest.Colours.of(v.outcome()), line.getAttribute("stroke"), tip);
        }
    }

    @Test
    void theBandIsTheToleranceAroundTheSourceOrTheMarginForATie() throws Exception {
        for (Verdict v : table(dir).verdicts()) {
            double[] band = Forest.band(v);
            if (v.tie() != null && v.tie().tie()) {
                assertEquals(1 / Equivalence.MARGIN, band[0], 1e-12);
                assertEquals(Equivalence.MARGIN, band[1], 1e-12);
            } else if (Double.isNaN(v.finding().ratio()) || v.triage().kind() == FindingClass.EMULATED) {
                assertTrue(Double.isNaN(band[0]), v.finding().id());
            } else {
                assertEquals(v.finding().ratio() / v.finding().tolerance(), band[0], 1e-12);
                assertEquals(v.finding().ratio() * v.finding().tolerance(), band[1], 1e-12);
            }
        }
    }
}
