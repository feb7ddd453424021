package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * docs/man/ holds the man pages of fsflow and of each of its commands, in AsciiDoc, as picocli's
 * ManPageGenerator writes them from the command model that {@code --help} prints: this test fails
 * when a checked-in page and the generated one differ (or a page is missing or left over).
 * {@code mvn test -Dtest=ManPagesTest -Dfsflow.docs.write=true} writes the generated pages instead.
 */
class ManPagesTest {

    /** Each page's file name to its text: fsflow.adoc, then fsflow-COMMAND.adoc for every command. */
    static Map<String, String> generated() {
        CommandLine cli = FsflowCommand.describe(Subcommands.all());
        // the version line of a page: without the commit and the Java runtime, which vary by build
        cli.getCommandSpec().versionProvider(() -> new String[] {"fsflow"});
        Map<String, String> pages = new TreeMap<>();
        pages.put("fsflow.adoc", page(cli.getCommandSpec()));
        cli.getSubcommands().forEach((name, sub) -> pages.put("fsflow-" + name + ".adoc", page(sub.getCommandSpec())));
        return pages;
    }

    private static String page(CommandSpec spec) {
        // the exit codes as --help prints them: picocli formats them there (%% is %), not in a man page
        Map<String, String> codes = new java.util.LinkedHashMap<>();
        spec.usageMessage()
                .exitCodeList()
                .forEach((code, text) -> codes.put(code, String.format(java.util.Locale.ROOT, text)));
        spec.usageMessage().exitCodeList(codes);
        StringWriter text = new StringWriter();
        try (PrintWriter w = new PrintWriter(text)) {
            ManPageGenerator.writeSingleManPage(w, spec);
        }
        return text.toString();
    }

    @Test
    void theCheckedInPagesAreTheGeneratedOnes() throws IOException {
        Path dir = TestPaths.root().resolve("docs/man");
        Map<String, String> pages = generated();
        if (Boolean.getBoolean("fsflow.docs.write")) {
            Files.createDirectories(dir);
            for (var page : pages.entrySet()) {
                Files.writeString(dir.resolve(page.getKey()), page.getValue());
            }
        }
        Map<String, String> committed = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".adoc")).toList()) {
                committed.put(f.getFileName().toString(), Files.readString(f));
            }
        }
        assertEquals(pages.keySet(), committed.keySet(), "docs/man/'s pages: regenerate with -Dfsflow.docs.write=true");
        pages.forEach((name, text) -> assertEquals(
                text, committed.get(name), "docs/man/" + name + " differs: regenerate with -Dfsflow.docs.write=true"));
    }

    @Test
    void thePagesSayWhatHelpSays() {
        Map<String, String> pages = generated();
        assertEquals(Subcommands.TABLE.size() + 1, pages.size(), pages.keySet().toString());
        String fsflow = pages.get("fsflow.adoc");
        assertTrue(fsflow.contains("= fsflow(1)"), fsflow.substring(0, 200));
        for (var code : ExitCodes.DESCRIPTIONS.entrySet()) {
            assertTrue(fsflow.contains(code.getValue()), "exit code " + code.getKey() + " in fsflow(1)");
        }
        String fresh = pages.get("fsflow-new.adoc");
        assertTrue(fresh.contains("--filesystems") && fresh.contains("never overwrites a file"), fresh);
        assertTrue(pages.get("fsflow-validate.adoc").contains("--format"));
        assertTrue(pages.get("fsflow-history.adoc").contains("worse than N %\n"), "a %% of the model is a %");
        assertTrue(Cli.run("history", "--help").out().contains("worse than N %\n"), "as --help prints it");
    }
}
