package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;

/** {@code fsflow run --label K=V}: a bad key or an empty value is a usage error before anything runs. */
class RunLabelTest {

    private static final String SCENARIO =
            TestPaths.root().resolve("scenarios/quickstart.yaml").toString();

    @Test
    void aKeyWithASpaceIsAUsageError() {
        Cli c = Cli.run("run", SCENARIO, "--dry-run", "--label", "kernel build=6.12");
        assertEquals(ExitCodes.USAGE, c.exitCode());
        assertTrue(c.err().contains("--label 'kernel build=6.12': the key is letters, digits"), c.err());
        assertTrue(c.noStackTrace(), c.err());
    }

    @Test
    void anEmptyValueIsAUsageError() {
        Cli c = Cli.run("run", SCENARIO, "--dry-run", "--label", "build=");
        assertEquals(ExitCodes.USAGE, c.exitCode());
        assertTrue(c.err().contains("--label 'build=': give a value"), c.err());
    }

    @Test
    void labelsAreNotTakenWithHosts() {
        Cli c = Cli.run("run", SCENARIO, "--hosts", "hosts.yaml", "--label", "build=1");
        assertEquals(ExitCodes.USAGE, c.exitCode());
        assertTrue(c.err().contains("--label is recorded by a run on this machine"), c.err());
    }

    @Test
    void aDryRunTakesGoodLabels() {
        Cli c = Cli.run("run", SCENARIO, "--dry-run", "--label", "build=v1.2", "--label", "commit=abc123");
        assertEquals(ExitCodes.OK, c.exitCode(), c.err());
    }
}
