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
        new ReportWriter(null).write(dir);
        Path png = dir.resolve("report.png");
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
                "--window-size=1200,1600",
                "--screenshot=" + png,
                dir.resolve("report.html").toUri().toString()));
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
