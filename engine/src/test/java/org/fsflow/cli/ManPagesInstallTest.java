package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.fsflow.device.Capabilities;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code setup}'s man pages: the AsciiDoc pages in the jar rendered by the real asciidoctor into a
 * man1 directory, read back by the real {@code man -l}, and left alone when unchanged.
 */
class ManPagesInstallTest {

    @TempDir
    Path dir;

    @Test
    void everyPageIsRenderedAndManReadsItsOptions() throws Exception {
        assumeTrue(Capabilities.which("asciidoctor") != null, "asciidoctor is installed by fsflow setup");
        Path man1 = dir.resolve("man1");
        String said = ManPages.install(man1);
        assertTrue(
                said.contains(ManPages.names().size() + " in " + man1 + ", "
                        + ManPages.names().size() + " written"),
                said);
        try (Stream<Path> pages = Files.list(man1)) {
            assertEquals(
                    ManPages.names().size(),
                    pages.filter(p -> p.toString().endsWith(".1")).count());
        }
        assertTrue(man(man1.resolve("fsflow-run.1")).contains("--dry-run"), "fsflow-run(1) lists --dry-run");
        String top = man(man1.resolve("fsflow.1"));
        assertTrue(top.contains("FSFLOW(1)") && top.contains("validate"), top);
        for (var code : ExitCodes.DESCRIPTIONS.entrySet()) {
            String first = code.getValue().split(" ")[0];
            assertTrue(top.contains(first), "exit code " + code.getKey() + " in fsflow(1)");
        }
        assertTrue(ManPages.install(man1).contains("up to date"), "a second install changes nothing");
    }

    @Test
    void thereIsAPageForEveryCommand() {
        List<String> names = ManPages.names();
        assertEquals(Subcommands.TABLE.size() + 1, names.size());
        for (String name : names) {
            assertTrue(
                    ManPages.class.getResource("/org/fsflow/cli/man/" + name + ".adoc") != null, name + " in the jar");
        }
    }

    private static String man(Path page) throws IOException, InterruptedException {
        assumeTrue(Capabilities.which("man") != null, "man-db is installed by fsflow setup");
        Process p = new ProcessBuilder("man", "-l", page.toString())
                .redirectErrorStream(true)
                .start();
        p.getOutputStream().close();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), text);
        return text.replaceAll(".\b", "");
    }
}
