package org.fsflow.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/tutorial.md as a newcomer follows it: every command of its {@code console} blocks run, as
 * printed, by bash in an empty directory, in the page's order, each ending with exit 0 and printing
 * every output line the page shows under it; the scenario listing marked
 * {@code <!-- scenarios/everyday.yaml -->} is saved where the page says (everyday.yaml), as the
 * reader would after editing, and must equal scenarios/everyday.yaml. {@code ./fsflow} there runs
 * the jar this build made (the launcher itself would rebuild a jar while other tests use it; its
 * own tests are LaunchRecordTest's). The run works in fsflow's default work directory,
 * /var/tmp/fsflow/everyday, as printed: the test removes it afterwards if it made it.
 */
class TutorialIT {

    static final Path PAGE = TestPaths.root().resolve("docs/tutorial.md");
    static final String LISTING = "<!-- scenarios/everyday.yaml -->";
    static final Path WORK = Path.of("/var/tmp/fsflow/everyday");

    @TempDir
    Path dir;

    /** A thing the page asks: a command with the output lines it shows, or a listing to save. */
    record Part(String command, List<String> shown, String listing) {}

    static List<Part> parts(List<String> lines) {
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals(LISTING)) {
                assertEquals("```yaml", lines.get(i + 1), "the listing's block follows its marker");
                StringBuilder yaml = new StringBuilder();
                for (i += 2; !lines.get(i).equals("```"); i++) {
                    yaml.append(lines.get(i)).append('\n');
                }
                parts.add(new Part(null, List.of(), yaml.toString()));
            } else if (lines.get(i).equals("```console")) {
                for (i++; !lines.get(i).equals("```"); i++) {
                    String line = lines.get(i);
                    if (line.startsWith("$ ")) {
                        parts.add(new Part(line.substring(2), new ArrayList<>(), null));
                    } else {
                        assertFalse(
                                parts.isEmpty() || parts.get(parts.size() - 1).command() == null, line);
                        parts.get(parts.size() - 1).shown().add(line);
                    }
                }
            }
        }
        return parts;
    }

    @Test
    void everyCommandRunsAsPrinted() throws Exception {
        List<Part> parts = parts(Files.readAllLines(PAGE));
        assertTrue(parts.stream().filter(p -> p.command() != null).count() >= 6, parts.toString());
        // the scenario's own smoke-run line (which ScenariosIT would run) is the page's first look
        String smoke = Files.readAllLines(TestPaths.root().resolve("scenarios/everyday.yaml")).stream()
                .filter(l -> l.startsWith("#") && l.contains("./fsflow run scenarios/everyday.yaml"))
                .findFirst()
                .orElseThrow()
                .replaceFirst("^#\\s*", "")
                .replace("scenarios/everyday.yaml", "everyday.yaml");
        assertTrue(
                parts.stream().anyMatch(p -> p.command() != null && p.command().startsWith(smoke + " ")), smoke);
        Path launcher = dir.resolve("fsflow");
        String jar = Path.of(System.getProperty("fsflow.jar", "target/fsflow.jar"))
                .toAbsolutePath()
                .toString();
        Files.writeString(launcher, "#!/bin/sh\nexec java -jar '" + jar + "' \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        boolean ownWork = !Files.exists(WORK);
        try {
            for (Part part : parts) {
                if (part.listing() != null) {
                    assertEquals(
                            Files.readString(TestPaths.root().resolve("scenarios/everyday.yaml")),
                            part.listing(),
                            "the tutorial's listing is scenarios/everyday.yaml");
                    Files.writeString(dir.resolve("everyday.yaml"), part.listing());
                    continue;
                }
                assertTrue(part.command().startsWith("./fsflow "), part.command());
                String said = run(part.command());
                List<String> lines = said.lines().map(String::stripTrailing).toList();
                for (String shown : part.shown()) {
                    assertTrue(
                            lines.contains(shown.stripTrailing()),
                            part.command() + " printed '" + shown + "':\n" + said);
                }
            }
            assertTrue(Files.exists(dir.resolve("runs/scaffold/report.html")), "fsflow new's scaffold ran as written");
            assertTrue(Files.exists(dir.resolve("runs/first/report.html")), "the first look's report");
        } finally {
            Leftovers.release(WORK);
            if (ownWork) {
                assertEquals(
                        0,
                        new ProcessBuilder("rm", "-rf", "--one-file-system", WORK.toString())
                                .inheritIO()
                                .start()
                                .waitFor());
            }
        }
        assertFalse(Leftovers.loopsUnder(WORK), "no loop device left");
        assertFalse(Leftovers.mountsUnder(WORK), "no mount left");
    }

    private String run(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), command);
        assertEquals(0, p.exitValue(), command + ":\n" + said);
        return said;
    }
}
