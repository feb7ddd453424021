package org.fsflow.compare;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Chromium;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison report opened in headless Chromium, like the run report: the browser's DOM holds
 * its title, its summary and comparisons tables and the ratio chart; the picture shows text on the
 * first screen and the chart's marks; no console error.
 */
class ComparisonBrowserIT {

    @TempDir
    Path dir;

    @Test
    void theComparisonRendersInChromiumWithItsTablesAndRatioChart() throws Exception {
        Chromium chromium = new Chromium(dir);
        new ComparisonWriter(null).write(ComparisonReportTest.fixture(), dir);
        Path html = dir.resolve("report.html");
        String dom = chromium.dom(html);
        for (String part : List.of("<h1>", "<h2>Summary</h2>", "<h2>Comparisons</h2>", "<svg")) {
            assertTrue(dom.contains(part), part + " in " + dom);
        }
        Path shots = Files.createDirectories(TestPaths.root().resolve("engine/target/screenshots"));
        BufferedImage page = chromium.screenshot(html, shots.resolve("comparison.png"), 1400, 3000);
        assertTrue(Chromium.inkIn(page, 0, 0, 1400, 900) > 1400 * 900 / 100, "text on the first screen");
        int marks = Chromium.pixelsOf(page, 0x1f77b4, 8, 0, 0, 1400, 3000)
                + Chromium.pixelsOf(page, 0x2e7d32, 8, 0, 0, 1400, 3000)
                + Chromium.pixelsOf(page, 0xc62828, 8, 0, 0, 1400, 3000);
        assertTrue(marks > 20, "the ratio chart's marks are drawn: " + marks + " pixels");
    }
}
