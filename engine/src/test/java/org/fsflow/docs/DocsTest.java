package org.fsflow.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation a person reads: every relative link of the README, docs/, bench/README.md and
 * the published reports' notes resolves (file, and heading when it names one); the README stays
 * short and states no measured figure pinned to a commit, nor a test class.
 */
class DocsTest {

    static final int README_MAX_LINES = 400;

    private static final Pattern HEX_WORD = Pattern.compile("\\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\\b");
    private static final Pattern TIMING =
            Pattern.compile("\\b\\d+(?:\\.\\d+)?\\s?(?:ms|s|min|h)\\b|\\b\\d+:\\d{2}(?::\\d{2})?\\b");
    private static final Pattern TEST_CLASS = Pattern.compile("\\b[A-Z][A-Za-z0-9]*(?:Test|IT)\\b");
    private static final int NEAR = 160;

    /** The Markdown files a reader is sent through, each checked for its links. */
    static List<Path> documents(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        out.add(root.resolve("README.md"));
        out.addAll(markdownIn(root.resolve("docs")));
        out.add(root.resolve("bench/README.md"));
        try (Stream<Path> reports = Files.list(root.resolve("reports"))) {
            reports.map(d -> d.resolve("README.md"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .forEach(out::add);
        }
        return out;
    }

    private static List<Path> markdownIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        Path root = TestPaths.root();
        List<Path> docs = documents(root);
        assertTrue(docs.size() >= 10 && docs.stream().allMatch(Files::isRegularFile), docs.toString());
        assertEquals(List.of(), MarkdownLinks.problems(root, docs));
    }

    @Test
    void theReadmeIsShortAndStatesNoLabFigureOrTestClass() throws IOException {
        List<String> lines = Files.readAllLines(TestPaths.root().resolve("README.md"));
        assertTrue(lines.size() <= README_MAX_LINES, "README.md has " + lines.size() + " lines");
        String readme = String.join("\n", lines);
        assertEquals(List.of(), pinnedTimings(readme), "timings next to a commit in the README");
        assertEquals(List.of(), testClasses(readme), "test classes named in the README");
    }

    @Test
    void theTutorialsListingIsTheShippedScenario() throws IOException {
        // TutorialIT runs the page's commands; this keeps its listing and scenarios/everyday.yaml one text
        List<TutorialIT.Part> listings = TutorialIT.parts(Files.readAllLines(TutorialIT.PAGE)).stream()
                .filter(p -> p.listing() != null)
                .toList();
        assertEquals(1, listings.size(), "one listing marked " + TutorialIT.LISTING);
        assertEquals(
                Files.readString(TestPaths.root().resolve("scenarios/everyday.yaml")),
                listings.get(0).listing(),
                "docs/tutorial.md's listing differs from scenarios/everyday.yaml: change both");
    }

    @Test
    void everyShippedScenarioNamesTheSchemaForEditors() throws IOException {
        Path scenarios = TestPaths.root().resolve("scenarios");
        String line = "# yaml-language-server: $schema=";
        List<String> without = new ArrayList<>();
        try (java.util.stream.Stream<Path> all = Files.list(scenarios)) {
            for (Path f :
                    all.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                String first = Files.readAllLines(f).get(0);
                if (!first.startsWith(line)) {
                    without.add(f.getFileName() + ": " + first);
                    continue;
                }
                Path schema =
                        f.getParent().resolve(first.substring(line.length())).normalize();
                assertTrue(Files.isRegularFile(schema), f + "'s editor line names " + schema + ", which is no file");
                assertEquals(
                        TestPaths.root().resolve("schema/scenario.schema.json").normalize(), schema);
            }
        }
        assertEquals(List.of(), without, "scenarios without the editor line as their first line");
    }

    /** Each commit-like hex word with a timing figure within {@value #NEAR} characters, in context. */
    static List<String> pinnedTimings(String text) {
        List<String> out = new ArrayList<>();
        Matcher hex = HEX_WORD.matcher(text);
        while (hex.find()) {
            String around = text.substring(Math.max(0, hex.start() - NEAR), Math.min(text.length(), hex.end() + NEAR));
            Matcher timing = TIMING.matcher(around);
            if (timing.find()) {
                out.add(hex.group() + " near " + timing.group());
            }
        }
        return out;
    }

    static List<String> testClasses(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = TEST_CLASS.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    @Test
    void aBrokenLinkOrAnchorIsFoundAndCodeIsNotALink(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("docs"));
        Files.writeString(dir.resolve("docs/a.md"), "# Page A\n\n## The source section, and findings\n");
        Files.writeString(
                dir.resolve("README.md"),
                String.join(
                        "\n",
                        "# Title",
                        "[ok](docs/a.md), [ok too](docs/a.md#the-source-section-and-findings), [self](#title),",
                        "[web](https://example.org/x.md) [dir](docs/)",
                        "[gone](docs/b.md) and [no heading](docs/a.md#page-b)",
                        "`[in code](nowhere.md)`",
                        "```",
                        "[in a block](nowhere.md)",
                        "```",
                        "[absolute](/docs/a.md)"));
        List<String> problems =
                MarkdownLinks.problems(dir, List.of(dir.resolve("README.md"), dir.resolve("docs/a.md")));
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("README.md:4: link 'docs/b.md': no such file"), problems.toString());
        assertTrue(problems.get(1).startsWith("README.md:4: link 'docs/a.md#page-b': no heading"), problems.toString());
        assertTrue(problems.get(2).startsWith("README.md:9: link '/docs/a.md' is absolute"), problems.toString());
    }

    @Test
    void anchorsAreGithubs() {
        assertEquals(
                "verdicts-does-the-run-reproduce-its-source",
                MarkdownLinks.slug("Verdicts: does the run reproduce its source?"));
        assertEquals("encoding-a-sources-findings", MarkdownLinks.slug("Encoding a source's findings"));
        assertEquals("campaigns-over-many-hosts-ssh", MarkdownLinks.slug("Campaigns over many hosts (ssh)"));
        assertEquals(
                java.util.Set.of("x", "x-1", "y"),
                MarkdownLinks.anchors(List.of("# x", "## x", "```", "# z", "```", "### y")));
    }

    @Test
    void aTimingNextToACommitIsFoundAndAFigureAloneIsNot() {
        assertEquals(List.of("f76f056 near 1 h"), pinnedTimings("the published run at f76f056: 1 h 47 min"));
        assertEquals(List.of("a19f522 near 2:43:28"), pinnedTimings("2:43:28 of running at a19f522"));
        assertEquals(List.of(), pinnedTimings("a run takes 3.1 min; the scenario's sha256 is written in run.json"));
        assertEquals(List.of(), pinnedTimings("commit f76f056 is in the history, and nothing timed is said here"));
        assertEquals(
                List.of("SourceFindingsTest", "AgingIT"), testClasses("`SourceFindingsTest` and AgingIT, not ITs"));
    }
}
