package org.fsflow.report;

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
 * The HTML report opened in headless Chromium (Debian's chromium, installed by .ci/run), checked
 * by what a reader must see: the browser's DOM holds the title, the verdicts table first and the
 * charts inline; the pictures show text on the first screen and the charts' bars in their colours;
 * no console error. The screenshots are kept in engine/target/screenshots/ to be looked at.
 */
class ReportBrowserIT {

    // the two series colours of the bar charts (chart/BarChart)
    private static final int BLUE = 0x1f77b4;
    private static final int ORANGE = 0xff7f0e;
    // the forest plot's accepted bands and its reproduced and inconclusive findings (report/Forest)
    private static final int BAND = 0xe6e6e6;
    private static final int REPRODUCED = 0x2e7d32;
    private static final int INCONCLUSIVE = 0x8a8a8a;
    // the reports whose first screen must answer: the headline, the sentences and the forest plot
    private static final java.util.Set<String> ANSWERED =
            java.util.Set.of("cds-2009", "piszcz-2006", "zfs-fuse-vs-ext3");

    // the whole of a published report's page, its charts included, however long its verdicts' table
    private static final int TALL = 20000;

    @TempDir
    Path dir;

    @Test
    void theReportRendersInChromiumWithItsTitleTablesAndBars() throws Exception {
        Chromium chromium = new Chromium(dir);
        Path golden = TestPaths.resources("report/golden");
        Files.copy(golden.resolve("results.jsonl"), dir.resolve("results.jsonl"));
        Files.copy(golden.resolve("environment.json"), dir.resolve("environment.json"));
        org.fsflow.StoredReport.render(dir);
        String dom = chromium.dom(dir.resolve("report.html"));
        assertTrue(dom.contains("<h1>") && dom.contains("<table"), dom);
        assertTrue(dom.contains("<svg"), "an inline chart");
        BufferedImage page = chromium.screenshot(dir.resolve("report.html"), dir.resolve("report.png"), 1400, 4000);
        assertTrue(Chromium.inkIn(page, 0, 0, 1400, 900) > 1400 * 900 / 100, "text on the first screen");
        assertTrue(Chromium.pixelsOf(page, BLUE, 8, 0, 0, 1400, 4000) > 200, "the chart's bars are drawn");
    }

    /**
     * Two published reports rendered anew, one with guest cells: each place has its own chart, the
     * tables of a run with guest cells have a column group per place, and every table sits in a
     * box that scrolls sideways. In the browser, cds-2009's first table is its verdicts, with a row
     * per finding; the first screens of cds-2009, piszcz-2006 and zfs-fuse-vs-ext3 (1400 x 900) show the forest plot of
     * their testable findings, in their verdicts' colours, above the table; zfs-fuse-vs-ext3's picture
     * shows both series' bars.
     */
    @Test
    void publishedReportsHaveAChartPerPlaceAndScrollingTables() throws Exception {
        Chromium chromium = new Chromium(dir);
        Path shots = Files.createDirectories(TestPaths.root().resolve("engine/target/screenshots"));
        for (String name : List.of("cds-2009", "piszcz-2006", "zfs-fuse-vs-ext3")) {
            Path run = Files.createDirectories(dir.resolve(name));
            for (String f : List.of("results.jsonl", "environment.json", "run.json", "scenario.yaml")) {
                Path from = TestPaths.root().resolve("reports").resolve(name).resolve(f);
                if (Files.exists(from)) {
                    Files.copy(from, run.resolve(f));
                }
            }
            org.fsflow.StoredReport.render(run);
            String html = Files.readString(run.resolve("report.html"));
            long tables = html.split("<table", -1).length - 1;
            long scrolling = html.split("<div class=\"scroll\"><table", -1).length - 1;
            // the conditions' own small tables aside, every table scrolls
            assertTrue(scrolling >= tables - 4, name + ": " + scrolling + " of " + tables + " tables scroll");
            boolean guests = html.contains("guest kernel");
            if (guests) {
                assertTrue(html.contains("<th class=\"place\" colspan="), name + ": column groups per place");
                try (var files = Files.list(run)) {
                    assertTrue(
                            files.anyMatch(p -> p.getFileName().toString().matches("chart-.*-guest-.*\\.svg")),
                            name + ": a chart of the guest's own");
                }
            }
            String dom = chromium.dom(run.resolve("report.html"));
            if (name.equals("cds-2009")) {
                int first = dom.indexOf("<table");
                assertTrue(dom.startsWith("<table class=\"verdicts\"", first), name + ": the verdicts come first");
                String verdicts = dom.substring(first, dom.indexOf("</table>", first));
                assertTrue(verdicts.split("<tr", -1).length - 1 > 100, name + ": a row per finding");
            }
            BufferedImage page =
                    chromium.screenshot(run.resolve("report.html"), shots.resolve(name + ".png"), 1400, TALL);
            assertTrue(Chromium.inkIn(page, 0, 0, 1400, 900) > 1400 * 900 / 100, name + ": text on the first screen");
            if (ANSWERED.contains(name)) {
                int forest = dom.indexOf("<figure class=\"forest\"><svg");
                assertTrue(forest > 0 && forest < dom.indexOf("<table"), name + ": the forest plot before the tables");
                assertTrue(dom.indexOf("<p class=\"answer\">") < forest, name + ": the sentences before the plot");
                int bands = Chromium.pixelsOf(page, BAND, 2, 0, 0, 1400, 900);
                int marks = Chromium.pixelsOf(page, REPRODUCED, 8, 0, 0, 1400, 900)
                        + Chromium.pixelsOf(page, INCONCLUSIVE, 8, 0, 0, 1400, 900);
                assertTrue(bands > 500, name + ": the forest plot's bands on the first screen: " + bands + " pixels");
                assertTrue(marks > 300, name + ": its findings on the first screen: " + marks + " pixels");
            }
            if (name.equals("zfs-fuse-vs-ext3")) {
                // below the verdicts, the method and the time section: the bar charts of both series
                assertTrue(Chromium.pixelsOf(page, BLUE, 8, 0, 0, 1400, TALL) > 200, name + ": the first series' bars");
                assertTrue(
                        Chromium.pixelsOf(page, ORANGE, 8, 0, 0, 1400, TALL) > 200, name + ": the second series' bars");
            }
        }
    }
}
