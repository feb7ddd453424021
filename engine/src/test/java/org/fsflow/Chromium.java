package org.fsflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/**
 * Debian's headless Chromium (installed by .ci/run) for the browser tests: a page's screenshot
 * with no console error, its DOM as the browser parsed it, and counts of what its pixels show.
 */
public final class Chromium {

    private static final Path BINARY = Path.of("/usr/bin/chromium");

    private final Path profile;

    /** A browser whose throwaway profile lives under {@code dir}. */
    public Chromium(Path dir) {
        assumeTrue(Files.isExecutable(BINARY), "chromium is not installed (.ci/run installs it)");
        this.profile = dir.resolve("chromium-profile");
    }

    /** A screenshot of {@code page} in a window of {@code width} x {@code height}, checked for console errors. */
    public BufferedImage screenshot(Path page, Path png, int width, int height)
            throws IOException, InterruptedException {
        String log = run(
                "--window-size=" + width + "," + height,
                "--screenshot=" + png,
                page.toUri().toString());
        List<String> consoleErrors = log.lines()
                .filter(l -> l.contains("CONSOLE") || l.contains("Uncaught") || l.contains("net::ERR"))
                .toList();
        assertEquals(List.of(), consoleErrors, log);
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(image != null && image.getWidth() == width, "a screenshot of the page: " + log);
        return image;
    }

    /** The page's DOM once Chromium has loaded it, serialised ({@code --dump-dom}). */
    public String dom(Path page) throws IOException, InterruptedException {
        return run("--dump-dom", page.toUri().toString());
    }

    /**
     * The pixels of {@code image} within the rectangle (x, y, w, h) whose colour is within
     * {@code tolerance} per channel of {@code rgb} (0xRRGGBB).
     */
    public static int pixelsOf(BufferedImage image, int rgb, int tolerance, int x, int y, int w, int h) {
        int n = 0;
        for (int j = y; j < Math.min(image.getHeight(), y + h); j++) {
            for (int i = x; i < Math.min(image.getWidth(), x + w); i++) {
                int p = image.getRGB(i, j);
                if (near(p >> 16, rgb >> 16, tolerance)
                        && near(p >> 8, rgb >> 8, tolerance)
                        && near(p, rgb, tolerance)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The pixels within the rectangle that are not near white: text, rules, bars. */
    public static int inkIn(BufferedImage image, int x, int y, int w, int h) {
        int all = Math.max(0, Math.min(image.getWidth(), x + w) - x)
                * Math.max(0, Math.min(image.getHeight(), y + h) - y);
        return all - pixelsOf(image, 0xffffff, 24, x, y, w, h);
    }

    private static boolean near(int a, int b, int tolerance) {
        return Math.abs((a & 0xff) - (b & 0xff)) <= tolerance;
    }

    private String run(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                BINARY.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--user-data-dir=" + profile,
                "--enable-logging=stderr",
                "--v=0"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        // stdout (the DOM) and stderr (the log) read apart, the log on a thread of its own
        java.util.concurrent.CompletableFuture<String> err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getErrorStream().readAllBytes());
            } catch (IOException e) {
                return e.toString();
            }
        });
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        String log = err.join();
        assertEquals(0, p.exitValue(), log);
        return args[0].equals("--dump-dom") ? out : out + log;
    }
}
