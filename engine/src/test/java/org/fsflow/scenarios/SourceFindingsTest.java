package org.fsflow.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The seed scenarios carry their sources' findings as the sources state them. Each scenario's
 * {@code source.document} is the project's verbatim copy of its seed (scenarios/sources/, checked
 * by its SHA-256); every figure's number is on the line it cites, in fsflow's unit of its metric
 * (or is the mean of the CSV field it cites); every name is the scenario's; both cells of a
 * finding are in one place; and each scenario holds exactly the findings encoded, so removing one
 * fails here. The engine's loader reads the same findings, with no warning.
 */
class SourceFindingsTest {

    /** A seed scenario, the SHA-256 of its source document and how many findings it encodes. */
    record Seed(String scenario, String sha256, int findings) {
        @Override
        public String toString() {
            return scenario;
        }
    }

    static final List<Seed> SEEDS = List.of(
            new Seed("cds-2009", "76aa56e6dde97d8f4a3f19f8e50f23eac2f1aac5b2297a42853b7ee1135d6bf1", 160),
            new Seed("zfs-fuse-vs-ext3", "0a5f5259769f5975b2afbbe26112caeed175b505d9aa35ab213bbf3382cc352b", 21),
            new Seed("piszcz-2006", "408d8f1d2297ca04754d12f5c54d2e5fab8a805783007a516d8a9c67a3be30d0", 115),
            new Seed("bonnie-raid0-2007", "ae14703a7f46066324e46f4e26a531c47417a654619344f3bc779a01125eb959", 87),
            new Seed("raidz-bonnie", "226ce31bc3208a065b09f289bd54e18326d93dfd59e837fb1340f99ae9cc081b", 17));

    static Stream<Seed> seeds() {
        return SEEDS.stream();
    }

    static Path scenarioFile(String name) {
        return TestPaths.root().resolve("scenarios").resolve(name + ".yaml");
    }

    static Map<String, Object> scenario(String name) throws IOException {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(scenarioFile(name)));
    }

    @SuppressWarnings("unchecked")
    static Path document(String name) throws IOException {
        Map<String, Object> source = (Map<String, Object>) scenario(name).get("source");
        return scenarioFile(name).resolveSibling((String) source.get("document"));
    }

    static List<String> lines(Path document) throws IOException {
        return Files.readAllLines(document, StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void theDocumentIsTheSeedVerbatim(Seed seed) throws IOException, NoSuchAlgorithmException {
        byte[] bytes = Files.readAllBytes(document(seed.scenario()));
        String sha =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        assertEquals(seed.sha256(), sha);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void everyFindingIsWhatItsSourceSays(Seed seed) throws IOException {
        Map<String, Object> scenario = scenario(seed.scenario());
        assertEquals(List.of(), SourceChecker.check(scenario, lines(document(seed.scenario()))));
        assertEquals(seed.findings(), SourceChecker.findings(scenario).size(), "findings encoded from the source");
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void theEngineLoadsEveryFindingWithoutAWarning(Seed seed) throws Exception {
        ScenarioLoader.Loaded loaded = ScenarioLoader.load(scenarioFile(seed.scenario()), Overrides.NONE);
        assertEquals(List.of(), loaded.warnings());
        assertEquals(
                seed.findings(), loaded.scenario().sourceSection().findings().size());
    }

    /**
     * Checks that {@code scenario} passes, then that each change to the {@code side} figure of its
     * first finding is caught (each undone before the next).
     */
    @SuppressWarnings("unchecked")
    static void eachChangeIsCaught(String name, String side, List<Map<String, Object>> changes) throws IOException {
        Map<String, Object> scenario = scenario(name);
        List<String> doc = lines(document(name));
        Map<String, Object> first = SourceChecker.findings(scenario).get(0);
        Map<String, Object> figure = ((Map<String, Map<String, Object>>) first.get("figures")).get(side);
        assertEquals(List.of(), SourceChecker.check(scenario, doc));
        for (Map<String, Object> change : changes) {
            Map<String, Object> before = Map.copyOf(figure);
            figure.putAll(change);
            assertFalse(SourceChecker.check(scenario, doc).isEmpty(), name + ": " + change);
            figure.putAll(before);
        }
    }

    @Test
    void aFigureOnAnotherLineOrWithAnotherValueIsCaught() throws IOException {
        // mkfs-real-xfs-ext3: xfs 2.79 s on line 308
        eachChangeIsCaught("cds-2009", "xfs", List.of(Map.of("line", 306), Map.of("value", 2.79 * 1.01)));
    }

    @Test
    void aMeanThatIsNotTheLinesMeanIsCaught() throws IOException {
        // block-write-xfs-ext3: xfs's mean of field 5 over lines 31-38 is 170029.125 KiB/s
        eachChangeIsCaught(
                "bonnie-raid0-2007",
                "xfs",
                List.of(Map.of("lines", List.of(31, 37)), Map.of("column", 7), Map.of("value", 170030.125)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aHostCellAgainstAGuestCellIsCaught() throws IOException {
        Map<String, Object> scenario = scenario("piszcz-2006");
        List<String> doc = lines(document("piszcz-2006"));
        for (Map<String, Object> f : SourceChecker.findings(scenario)) {
            if ("capacity-usable-reiserfs-ext3-vm".equals(f.get("id"))) {
                Map<String, Object> figures = (Map<String, Object>) f.get("figures");
                figures.put("ext3", figures.remove("ext3-vm"));
            }
        }
        List<String> problems = SourceChecker.check(scenario, doc);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("two places"), problems.get(0));
    }

    @Test
    void numbersAreReadInTheMetricsUnits() {
        assertTrue(SourceText.holds(
                "8192000000 bytes (8.2 GB, 7.6 GiB) copied, 9.71033 s, 844 MB/s", 844e6, "dd_bytes_per_s"));
        assertTrue(SourceText.holds(",,3024ms,542ms,,423ms,8us", 3_024_000, "put_block_latency_us"));
        assertTrue(SourceText.holds(",,3024ms,542ms,,423ms,8us", 8, "seq_stat_latency_us"));
        assertTrue(SourceText.holds("real 0m12.822s", 12.822, "real_s"));
        assertTrue(SourceText.holds("倍(0.02秒)，（ReiserFS1.5秒，Ext32.5秒）", 2.5, "real_s"));
        assertFalse(SourceText.holds("倍(0.02秒)，（ReiserFS1.5秒，Ext32.5秒）", 32.5, "real_s"));
        assertFalse(SourceText.holds("==> .14 real, 0 user", 0.15, "real_s"));
        assertTrue(SourceText.holds("==> .14 real, 0 user", 0.14, "real_s"));
    }
}
