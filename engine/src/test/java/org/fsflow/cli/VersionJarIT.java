package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The small jar the launcher runs {@code fsflow --version} from holds what the version needs and
 * nothing of the engine, and prints exactly what the engine's jar prints.
 */
class VersionJarIT {

    private static final Path JAR = Path.of(System.getProperty("fsflow.jar", "target/fsflow.jar"));
    private static final Path SMALL = JAR.resolveSibling("fsflow-engine-version.jar");

    @Test
    void theSmallJarPrintsTheEngineJarsVersionAlone() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String engine = output(List.of(java, "-jar", JAR.toString(), "--version"));
        String small = output(List.of(java, "-cp", SMALL.toString(), "org.fsflow.cli.Main", "--version"));
        assertEquals(engine, small, "the same lines from both jars");
        assertTrue(small.startsWith("fsflow "), small);
        assertEquals(output(List.of(java, "-cp", SMALL.toString(), "org.fsflow.cli.Main", "-V")), small);
        try (ZipFile z = new ZipFile(SMALL.toFile())) {
            List<String> classes = new ArrayList<>();
            z.stream().filter(e -> e.getName().endsWith(".class")).forEach(e -> classes.add(e.getName()));
            assertEquals(4, classes.size(), "Main, VersionText, Versions and its Build record: " + classes);
        }
    }

    // the standard output of a command that must succeed
    private static String output(List<String> argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", argv) + " failed: " + out);
        return out;
    }
}
