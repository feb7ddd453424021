package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.fsflow.scenario.Overrides;
import org.junit.jupiter.api.Test;

/**
 * {@code --set}'s keys come from one table ({@link Overrides#KEYS}): the help of every command that
 * reads a scenario, the error for a key it does not take, and docs/commands.md name the same keys,
 * and each plain key the table names is one {@code --set} applies.
 */
class SetKeysTest {

    // a value each top-level key takes on cds-2009.yaml
    private static final Map<String, String> VALUES = Map.of(
            "repeat", "2",
            "order", "sequential",
            "seed", "7",
            "on_error", "continue",
            "timeout", "2h",
            "memory", "1GiB",
            "warmup", "1");

    static List<String> plainKeys() {
        List<String> out = new ArrayList<>();
        for (String k : Overrides.KEYS.split(", ")) {
            if (k.matches("[a-z_]+")) {
                out.add(k);
            }
        }
        return out;
    }

    @Test
    void theHelpAndTheErrorPrintTheOneTable() {
        for (String command : List.of("run", "validate", "plan", "doctor", "dataset")) {
            // picocli wraps lines at any space or dot: compare without white space
            String help = Cli.run(command, "--help").out().replaceAll("\\s+", "");
            assertTrue(help.contains(Overrides.KEYS.replaceAll("\\s+", "")), command + " --help: " + help);
        }
        Cli unknown = Cli.run(
                "validate", TestPaths.root().resolve("scenarios/cds-2009.yaml").toString(), "--set", "colour=blue");
        assertEquals(ExitCodes.USAGE, unknown.exitCode());
        assertTrue(unknown.err().contains("use " + Overrides.KEYS), unknown.err());
    }

    @Test
    void everyPlainKeyOfTheTableIsOneSetApplies() {
        assertEquals(VALUES.keySet(), new java.util.HashSet<>(plainKeys()), "a value for each key of the table");
        String scenario = TestPaths.root().resolve("scenarios/cds-2009.yaml").toString();
        for (String key : plainKeys()) {
            Cli r = Cli.run("validate", scenario, "--set", key + "=" + VALUES.get(key));
            assertEquals(0, r.exitCode(), key + ": " + r.err());
        }
        assertEquals(0, Cli.run("validate", scenario, "--set", "vm.reuse=false").exitCode());
    }

    @Test
    void aKeyInsideAMappingChangesThatKeyAlone() {
        String cds = TestPaths.root().resolve("scenarios/cds-2009.yaml").toString();
        Cli plan = Cli.run("plan", cds, "--set", "repeat.budget=55m", "--set", "repeat.max=9");
        assertEquals(0, plan.exitCode(), plan.err());
        assertTrue(
                plan.out()
                        .contains(
                                "repeat 3 to 9 (adds rounds while 95 % interval wider than +/-5.0%, within a budget of 55m)"),
                plan.out());
        // repeat: 3 becomes { min: 3 }, which the new key extends; quiet: is made where there is none
        String quick = TestPaths.root().resolve("scenarios/quickstart.yaml").toString();
        Cli extended = Cli.run(
                "plan",
                quick,
                "--set",
                "repeat=3",
                "--set",
                "repeat.max=6",
                "--set",
                "repeat.precision=10%",
                "--set",
                "quiet.wait=5s",
                "--set",
                "quiet.retake=1");
        assertEquals(0, extended.exitCode(), extended.err());
        assertTrue(extended.out().contains("repeat 3 to 6"), extended.out());
        Cli bad = Cli.run("validate", quick, "--set", "quiet.retake=-1");
        assertEquals(1, bad.exitCode(), bad.err());
        assertTrue(bad.err().contains("--set quiet.retake=-1"), bad.err());
        Cli unknown = Cli.run("validate", quick, "--set", "repeat.colour=blue");
        assertEquals(ExitCodes.USAGE, unknown.exitCode(), unknown.err());
    }

    @Test
    void theCommandsPageNamesEveryKey() throws IOException {
        String page = Files.readString(TestPaths.root().resolve("docs/commands.md"));
        String set = page.substring(page.indexOf("- `--set KEY=VALUE`"));
        set = set.substring(0, set.indexOf("\n- `--scale"));
        for (String key : plainKeys()) {
            assertTrue(set.contains("`" + key + "`"), "docs/commands.md's --set lacks " + key);
        }
        for (String key : Stream.concat(
                        Stream.of("params.NAME", "matrix.AXIS"),
                        Arrays.stream(Overrides.KEYS.split(", ")).filter(k -> k.contains(".") && !k.contains(" ")))
                .toList()) {
            assertTrue(set.contains(key), "docs/commands.md's --set lacks " + key);
        }
    }
}
