package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Fsflow;
import org.fsflow.doctor.Doctor;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.fsflow.vm.Accel;
import org.fsflow.vm.Accelerators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate --format json} and {@code doctor --format json}: the shapes docs/commands.md documents. */
class FormatJsonTest {

    @TempDir
    Path tmp;

    private Path starter(String name) {
        Path file = tmp.resolve(name + ".yaml");
        assertEquals(0, Cli.run("new", name, "--out", file.toString()).exitCode());
        return file;
    }

    @Test
    void validateJsonNamesEveryFileWithItsProblems() throws Exception {
        Path good = starter("good");
        Path bad = tmp.resolve("bad.yaml");
        Files.writeString(bad, Files.readString(good).replace("repeat: 5", "repeat: 5\nstesp: []"));
        Cli r = Cli.run("validate", good.toString(), bad.toString(), "--format", "json");
        assertEquals(ExitCodes.FAILED, r.exitCode());
        assertEquals("", r.err(), "nothing on the standard error: the problems are in the document");
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(List.of("valid", "files"), names(json));
        assertEquals(false, json.get("valid").asBoolean());
        JsonNode first = json.get("files").get(0);
        assertEquals(List.of("file", "valid", "cells", "measured_steps", "diagnostics"), names(first));
        assertEquals(good.toString(), first.get("file").asText());
        assertEquals(2, first.get("cells").asInt());
        assertEquals(60, first.get("measured_steps").asInt());
        assertEquals(0, first.get("diagnostics").size());
        JsonNode second = json.get("files").get(1);
        assertEquals(List.of("file", "valid", "diagnostics"), names(second));
        JsonNode d = second.get("diagnostics").get(0);
        assertEquals(List.of("severity", "origin", "line", "column", "message"), names(d));
        assertEquals("error", d.get("severity").asText());
        assertEquals(bad.toString(), d.get("origin").asText());
        int line = Files.readAllLines(bad).indexOf("stesp: []") + 1;
        assertEquals(line, d.get("line").asInt());
        assertEquals(1, d.get("column").asInt());
        assertTrue(d.get("message").asText().contains("(did you mean 'steps'?)"), d.toString());
    }

    @Test
    void validateJsonCarriesWarningsAndTextStaysAsItWas() throws Exception {
        Path file = starter("w");
        Cli json = Cli.run("validate", file.toString(), "--set", "repeat=1", "--format", "json");
        assertEquals(0, json.exitCode(), json.err());
        JsonNode d = new ObjectMapper().readTree(json.out()).get("files").get(0).get("diagnostics");
        assertTrue(d.size() >= 1 && d.get(0).get("severity").asText().equals("warning"), d.toString());
        Cli text = Cli.run("validate", file.toString(), "--set", "repeat=1");
        assertEquals(file + ": valid (2 cells, 12 measured steps)\n", text.out());
        assertTrue(text.err().contains(": warning: "), text.err());
        Cli usage = Cli.run("validate", file.toString(), "--format", "yaml");
        assertEquals(ExitCodes.USAGE, usage.exitCode());
        assertEquals("fsflow: error: --format must be text or json, not 'yaml'\n", usage.err());
    }

    @Test
    void doctorJsonIsTheDiagnosis() throws Exception {
        Path file = starter("doc");
        ScenarioLoader.Loaded loaded = ScenarioLoader.load(file, Overrides.NONE);
        var plan = Fsflow.plan(loaded.scenario(), tmp.resolve("out"), tmp.resolve("work"));
        var d = Doctor.examine(plan, new LacksXfs(), tmp.resolve("reports"));
        JsonNode json = new ObjectMapper().readTree(DiagnosisJson.render(d, ""));
        assertEquals(
                List.of(
                        "scenario",
                        "all_clear",
                        "steps_per_cell",
                        "repetitions",
                        "problems",
                        "cells",
                        "places",
                        "resources",
                        "duration",
                        "crash"),
                names(json));
        assertEquals("doc", json.get("scenario").asText());
        assertEquals(false, json.get("all_clear").asBoolean());
        assertEquals(6, json.get("steps_per_cell").asInt());
        assertEquals(5, json.get("repetitions").asInt());
        JsonNode ext4 = json.get("cells").get(0);
        JsonNode xfs = json.get("cells").get(1);
        assertEquals(List.of("cell", "runs", "place", "skip_reason", "fix"), names(ext4));
        assertEquals("small/ext4", ext4.get("cell").asText());
        assertTrue(ext4.get("runs").asBoolean() && ext4.get("skip_reason").isNull(), ext4.toString());
        assertEquals("small/xfs", xfs.get("cell").asText());
        assertTrue(
                !xfs.get("runs").asBoolean() && xfs.get("skip_reason").asText().contains("mkfs.xfs"), xfs.toString());
        JsonNode disk = json.get("resources").get(0);
        assertEquals(List.of("what", "where", "needed_bytes", "available_bytes", "fits", "detail"), names(disk));
        assertEquals(1L << 40, disk.get("available_bytes").asLong());
        assertTrue(disk.get("fits").asBoolean());
        assertEquals("none", json.get("duration").get("kind").asText());
        assertTrue(json.get("duration").get("steps_seconds").isNull());
        assertEquals(d.allClear(), json.get("all_clear").asBoolean());
        Cli usage = Cli.run("doctor", file.toString(), "--format", "yaml");
        assertEquals(ExitCodes.USAGE, usage.exitCode());
    }

    private static List<String> names(JsonNode node) {
        List<String> out = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** A host with everything but mkfs.xfs, and room to spare. */
    private static final class LacksXfs implements Doctor.Host {
        @Override
        public String missing(Filesystem fs) {
            return fs.name().equals("xfs") ? "mkfs.xfs not found: apt-get install xfsprogs" : null;
        }

        @Override
        public long freeBytes(Path path) {
            return 1L << 40;
        }

        @Override
        public long memAvailableBytes() {
            return 1L << 40;
        }

        @Override
        public String deviceRefusal(Scenario scenario) {
            return null;
        }

        @Override
        public Accelerators.Verdict accelerator(Path cache) {
            return new Accelerators.Verdict(Accel.TCG, "this host has no /dev/kvm");
        }
    }
}
