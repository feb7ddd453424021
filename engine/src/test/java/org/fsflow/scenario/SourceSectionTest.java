package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;

/** The {@code source:} section: a plain title, or conditions and findings read with every value. */
class SourceSectionTest {

    private static Scenario load(String file) throws Exception {
        return ScenarioLoader.load(TestPaths.resources("valid").resolve(file), Overrides.NONE)
                .scenario();
    }

    @Test
    void aPlainStringIsTheTitle() throws Exception {
        Scenario s = ScenarioLoader.load(TestPaths.root().resolve("scenarios/quickstart.yaml"), Overrides.NONE)
                .scenario();
        Scenario every = load("every-key.yaml");
        assertEquals("fsflow tests", every.origin());
        assertEquals("fsflow tests", every.sourceSection().title());
        assertTrue(every.sourceSection().findings().isEmpty());
        assertEquals(SourceSection.DEFAULT_TOLERANCE, every.sourceSection().tolerance());
        assertTrue(s.sourceSection() == null || s.sourceSection().findings().isEmpty());
    }

    @Test
    void aSectionHoldsConditionsAndFindings() throws Exception {
        Scenario s = load("with-findings.yaml");
        SourceSection src = s.sourceSection();
        assertEquals("A made-up source (fsflow tests), 2009", s.origin());
        assertEquals("sources/findings-source.txt", src.document());
        assertEquals(1L << 30, src.conditions().ramBytes());
        assertEquals(8, src.conditions().runs());
        assertEquals("1.03, -s 2G -n 16", src.conditions().tools().get("bonnie++"));
        assertEquals(4, src.findings().size());

        Finding figures = src.findings().get(0);
        assertEquals("copy-in-ext4-xfs", figures.id());
        assertEquals("figures", figures.kind());
        assertEquals("ext4", figures.numerator());
        assertEquals("xfs", figures.denominator());
        assertEquals(1.25, figures.ratio(), 1e-12);
        assertTrue(figures.higher());
        assertEquals(3, figures.tolerance());
        assertEquals(0.1, figures.minScale());
        assertEquals(2, figures.figures().numeratorLine());
        assertEquals(Map.of("threads", "1"), figures.cell());
        assertEquals("A kernel change of 2012.", figures.explanation().text());
        assertEquals(
                Map.of("threads", "1", "dataset", "d", "filesystem", "xfs"),
                FindingChecker.coordinates(figures, "xfs"));

        Finding claim = src.findings().get(1);
        assertEquals("claim", claim.kind());
        assertTrue(Double.isNaN(claim.ratio()));
        assertTrue(claim.higher());
        assertEquals(2, claim.tolerance());
        assertNull(claim.explanation());

        Finding ratio = src.findings().get(2);
        assertEquals("ratio", ratio.kind());
        assertEquals(1.5, ratio.ratio());

        Finding steps = src.findings().get(3);
        assertTrue(steps.comparesSteps());
        assertNull(steps.step());
        assertEquals(List.of("dd-write", "dd-read"), List.of(steps.numerator(), steps.denominator()));
        assertFalse(steps.higher() == (844e6 < 308e6));
        assertEquals(
                Map.of("threads", "1", "dataset", "d", "filesystem", "ext4"),
                FindingChecker.coordinates(steps, "dd-write"));
    }

    @Test
    void aMissingDocumentIsAWarning() throws Exception {
        Path file = TestPaths.resources("valid").resolve("with-findings.yaml");
        String text = java.nio.file.Files.readString(file).replace("sources/findings-source.txt", "sources/nope.txt");
        Path copy = java.nio.file.Files.createTempDirectory("fsflow-src").resolve("s.yaml");
        java.nio.file.Files.writeString(copy, text);
        ScenarioLoader.Loaded loaded = ScenarioLoader.load(copy, Overrides.NONE);
        assertTrue(
                loaded.warnings().stream().anyMatch(d -> d.message().contains("sources/nope.txt")),
                loaded.warnings().toString());
        java.nio.file.Files.delete(copy);
        java.nio.file.Files.delete(copy.getParent());
    }
}
