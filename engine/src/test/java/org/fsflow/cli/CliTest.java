package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;

/** The CLI contract: commands, help, version, exit codes, overrides. */
class CliTest {

    private static String scenario(String name) {
        return TestPaths.root().resolve("scenarios").resolve(name).toString();
    }

    @Test
    void helpListsCommandsAndExitCodes() throws java.io.IOException {
        Cli r = Cli.run("--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("validate") && r.out().contains("plan"), r.out());
        assertTrue(r.out().contains("Exit codes:") && r.out().contains("3   interrupted"), r.out());
        String readme = java.nio.file.Files.readString(TestPaths.root().resolve("README.md"));
        for (var code : ExitCodes.DESCRIPTIONS.entrySet()) {
            assertTrue(r.out().contains(code.getKey() + "   " + code.getValue()), r.out());
        }
        assertEquals(ExitCodes.DESCRIPTIONS.keySet(), readmeExitCodes(readme), "the README's exit codes");
    }

    // the codes the README's sentence lists, "Exit codes (all commands): 0 success; 1 ...; 4 ...",
    // read up to the paragraph's end: each item of the list starts with its code
    static java.util.Set<Integer> readmeExitCodes(String readme) {
        String head = "Exit codes (all commands):";
        int at = readme.indexOf(head);
        assertTrue(at >= 0, "the README has no '" + head + "'");
        int end = readme.indexOf("\n\n", at);
        String list = readme.substring(at + head.length(), end < 0 ? readme.length() : end);
        java.util.Set<Integer> codes = new java.util.LinkedHashSet<>();
        for (String item : list.split(";")) {
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("^\\s*(\\d+) ").matcher(item);
            assertTrue(m.find(), "an item of the README's exit codes without its code: '" + item.strip() + "'");
            codes.add(Integer.parseInt(m.group(1)));
        }
        return codes;
    }

    @Test
    void theReadmesExitCodesAreReadItemByItem() {
        assertEquals(
                java.util.Set.of(0, 1, 2),
                readmeExitCodes("x\n\nExit codes (all commands): 0 ok; 1 failed (see `a 3 b`); 2 usage.\n\n4 later"));
        assertEquals(java.util.Set.of(0, 2), readmeExitCodes("Exit codes (all commands): 0 ok;\n2 usage\n"));
    }

    @Test
    void versionNamesFsflow() {
        Cli r = Cli.run("--version");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().startsWith("fsflow "), r.out());
    }

    @Test
    void unknownCommandOrOptionIsAUsageError() {
        assertEquals(ExitCodes.USAGE, Cli.run("frobnicate").exitCode());
        Cli r = Cli.run("plan", scenario("quickstart.yaml"), "--format", "yaml");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("--format must be text, json or dot"), r.err());
        assertEquals(ExitCodes.USAGE, Cli.run("validate").exitCode());
        assertEquals(
                ExitCodes.USAGE,
                Cli.run("validate", scenario("quickstart.yaml"), "--scale", "2").exitCode());
    }

    @Test
    void shippedScenariosAreValid() {
        Cli r = Cli.run("validate", scenario("quickstart.yaml"), scenario("cds-2009.yaml"));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("cds-2009.yaml: valid (15 cells, 315 measured steps)"), r.out());
    }

    @Test
    void setOverridesBeforeValidationAndErrorsNameTheOption() {
        Cli ok = Cli.run("validate", scenario("cds-2009.yaml"), "--set", "repeat=1", "--set", "filesystem=xfs");
        assertEquals(0, ok.exitCode(), ok.err());
        assertTrue(ok.out().contains("valid (3 cells, 21 measured steps)"), ok.out());

        Cli bad = Cli.run("validate", scenario("cds-2009.yaml"), "--set", "repeat=0");
        assertEquals(ExitCodes.FAILED, bad.exitCode());
        assertTrue(bad.err().contains("--set repeat=0: error: repeat is 0: it must be at least 1"), bad.err());

        Cli vm = Cli.run("validate", scenario("cds-2009.yaml"), "--set", "vm.reuse=maybe");
        assertTrue(vm.err().contains("--set vm.reuse=maybe: error: vm: reuse must be true or false"), vm.err());
        assertEquals(
                0,
                Cli.run("validate", scenario("cds-2009.yaml"), "--set", "vm.reuse=false")
                        .exitCode());

        Cli ref = Cli.run("validate", scenario("cds-2009.yaml"), "--set", "matrix.filesystem=ext3,xfz");
        assertTrue(
                ref.err().contains("--set matrix.filesystem=ext3,xfz: error: filesystem 'xfz' is not declared"),
                ref.err());

        Cli unknown = Cli.run("validate", scenario("cds-2009.yaml"), "--set", "colour=blue");
        assertEquals(ExitCodes.USAGE, unknown.exitCode());
        assertTrue(unknown.err().contains("not a parameter or matrix axis"), unknown.err());
    }

    @Test
    void scaleShrinksDatasetsSoTheyFit() {
        Cli r = Cli.run("plan", scenario("cds-2009.yaml"), "--scale", "0.001", "--set", "repeat=1");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("generate 1 file of 12.3 MiB in the root"), r.out());
        // 131,072 files x 0.001 is 131: the directories go first, then files, each still 16 KiB
        assertTrue(r.out().contains("generate 131 files of 16 KiB in 1 dir,"), r.out());
        assertTrue(r.out().contains("(sparse, 1 GiB)"), r.out());
    }

    @Test
    void scalePerPlaceMakesEachDatasetAtEachScaleItIsNeededAt() {
        Cli r = Cli.run(
                "plan", scenario("cds-2009.yaml"), "--scale", "0.01", "--scale", "guest=0.001", "--set", "repeat=1");
        assertEquals(0, r.exitCode(), r.err());
        // host cells at 0.01 (one of test3's 128 directories, whole), guest cells at 0.001 (131 files)
        assertTrue(r.out().contains("generate 1024 files of 16 KiB in 1 dir,"), r.out());
        assertTrue(r.out().contains("fsflow-datasets/test3"), r.out());
        assertTrue(r.out().contains("generate 131 files of 16 KiB in 1 dir,"), r.out());
        assertTrue(r.out().contains("fsflow-datasets@0.001/test3"), r.out());
    }

    @Test
    void aScaleForAPlaceTheScenarioLacksIsOneUsageError() {
        Cli r = Cli.run("plan", scenario("quickstart.yaml"), "--scale", "guest=0.1");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertEquals(
                "fsflow: error: --scale guest=0.1: scenario 'quickstart' has no place 'guest'; the places are host (it "
                        + "names no kernels:, so every cell runs on the host)\n",
                r.err());
    }

    @Test
    void planJsonListsEveryMeasuredNode() throws Exception {
        Cli r = Cli.run("plan", scenario("cds-2009.yaml"), "--format", "json");
        assertEquals(0, r.exitCode(), r.err());
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
        long steps = 0;
        for (var n : json.get("nodes")) {
            if (n.get("kind").asText().equals("step")) {
                steps++;
                assertTrue(n.has("cell") && n.has("command") && n.has("depends_on"), n.toString());
            }
        }
        assertEquals(3 * 5 * 7 * 3, steps);
    }

    @Test
    void planJsonGivesEveryMeasuredNodeItsResolvedStep() throws Exception {
        Cli r = Cli.run("plan", scenario("cds-2009.yaml"), "--format", "json", "--scale", "1", "--scale", "guest=0.05");
        assertEquals(0, r.exitCode(), r.err());
        var nodes = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(r.out())
                .get("nodes");
        java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> byId = new java.util.HashMap<>();
        java.util.Map<String, Double> scales = new java.util.HashMap<>();
        for (var n : nodes) {
            assertEquals(n.get("kind").asText().equals("step"), n.has("resolved"), n.toString());
            byId.put(n.get("id").asText(), n.get("resolved"));
            scales.put(n.get("id").asText(), n.get("scale").asDouble());
        }
        var host = byId.get("test2/xfs/r2/copy-in");
        assertEquals(2L << 30, host.get("memory_budget_bytes").asLong());
        assertTrue(host.get("flush").asText().endsWith("/mnt/target"), host.toString());
        assertTrue(host.get("verify").get("copy").asText().endsWith("/mnt/target/test2"), host.toString());
        assertEquals("host", host.get("place").get("kernel").asText());
        assertEquals("host", host.get("place").get("virt").asText());
        assertEquals(1.0, scales.get("test2/xfs/r2/copy-in"));
        assertEquals("skip-cell", host.get("on_error").asText());
        assertTrue(!host.has("timeout_s") && host.get("drop_caches").asBoolean(), host.toString());
        assertTrue(host.get("argv").get(2).asText().startsWith("cp -r --reflink=never "), host.toString());
        var guest = byId.get("test2/reiserfs/r2/copy-in");
        assertEquals("debian-6.1", guest.get("place").get("kernel").asText());
        assertEquals("vm", guest.get("place").get("virt").asText());
        assertEquals(0.05, scales.get("test2/reiserfs/r2/copy-in"));
        assertTrue(guest.get("memory_budget_bytes").asLong()
                < host.get("memory_budget_bytes").asLong());
        assertTrue(guest.get("verify").get("source").asText().endsWith("fsflow-datasets@0.05/test2"), guest.toString());
        var mkfs = byId.get("test2/xfs/r2/mkfs");
        assertEquals("${target.dev}", mkfs.get("argv").get(3).asText());
        assertEquals(
                "[\"blkdiscard\",\"-f\",\"${target.dev}\"]", mkfs.get("release").toString());
        assertEquals(
                mkfs.get("release"),
                byId.get("test2/xfs-vm/r2/mkfs").get("release"),
                "a reused guest releases as the host");
        assertTrue(!byId.get("test2/xfs/r2/walk").has("verify") && !mkfs.has("flush"), mkfs.toString());
    }

    @Test
    void planDotIsAGraph() {
        Cli r = Cli.run("plan", scenario("quickstart.yaml"), "--format", "dot");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("digraph \"quickstart\" {"), r.out());
        assertTrue(r.out().contains("\"small/ext4/r1/mkfs\" -> \"small/ext4/r1/mount\";"), r.out());
    }
}
