package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML report opened in headless Chromium (Debian's chromium, installed by .ci/run): no console error. */
class ReportBrowserIT {

    @TempDir
    Path dir;

    @Test
    void theReportRendersInChromiumWithoutConsoleErrors() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/chromium")), "chromium is not installed (.ci/run installs it)");
        Path golden = TestPaths.resources("report/golden");
        Files.copy(golden.resolve("results.jsonl"), dir.resolve("results.jsonl"));
        Files.copy(golden.resolve("environment.json"), dir.resolve("environment.json"));
        org.fsflow.StoredReport.render(dir);
        screenshot(dir, dir.resolve("report.png"), 1600);
    }

    /**
     * Two published reports rendered anew, one with guest cells: each place has its own chart, the
     * tables of a run with guest cells have a column group per place, and every table sits in a
     * box that scrolls sideways. The screenshots are kept in engine/target/screenshots/ to be
     * looked at.
     */
    @Test
    void publishedReportsHaveAChartPerPlaceAndScrollingTables() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/chromium")), "chromium is not installed (.ci/run installs it)");
        Path shots = Files.createDirectories(TestPaths.root().resolve("engine/target/screenshots"));
        for (String name : List.of("cds-2009", "zfs-fuse-vs-ext3")) {
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
            screenshot(run, shots.resolve(name + ".png"), 4000);
        }
    }

    private void screenshot(Path run, Path png, int height) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                "/usr/bin/chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + dir.resolve("profile"),
                "--enable-logging=stderr",
                "--v=0",
                "--window-size=1200," + height,
                "--screenshot=" + png,
                run.resolve("report.html").toUri().toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        assertEquals(0, p.exitValue(), log);
        assertTrue(Files.size(png) > 10_000, "a screenshot of the rendered page: " + log);
        List<String> consoleErrors = log.lines()
                .filter(l -> l.contains("CONSOLE") || l.contains("Uncaught") || l.contains("net::ERR"))
                .toList();
        assertEquals(List.of(), consoleErrors, log);
    }
}
