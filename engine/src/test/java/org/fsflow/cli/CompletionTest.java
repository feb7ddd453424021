package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionTest {

    @TempDir
    Path tmp;

    @Test
    void bashCompletesEveryCommandAndItsOptions() {
        Cli r = Cli.run("completion", "bash");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("#!/usr/bin/env bash"), r.out().substring(0, 40));
        for (String command : Subcommands.TABLE.keySet()) {
            assertTrue(r.out().contains(command), command);
        }
        assertTrue(r.out().contains("--scale")
                && r.out().contains("--set")
                && r.out().contains("--tests"));
        assertTrue(r.out().contains("complete -F _complete_fsflow"), "registers itself for fsflow");
    }

    @Test
    void zshIsAnFpathFunctionThatLoadsTheBashScript() {
        Cli r = Cli.run("completion", "zsh");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("#compdef fsflow\n"));
        assertTrue(r.out().contains("bashcompinit") && r.out().contains("_bash_complete -F _complete_fsflow"));
    }

    @Test
    void anUnknownShellIsAUsageError() {
        Cli r = Cli.run("completion", "fish");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("bash, zsh"), r.err());
    }

    @Test
    void installingTwiceChangesNothingTheSecondTime() throws Exception {
        Path bash = tmp.resolve("bash/fsflow");
        Path zsh = tmp.resolve("zsh/_fsflow");
        assertEquals(
                List.of("bash completion: installed " + bash, "zsh completion: installed " + zsh),
                Completion.install(bash, zsh));
        assertEquals(Completion.bash(), Files.readString(bash));
        assertEquals(
                List.of("bash completion: " + bash + " is up to date", "zsh completion: " + zsh + " is up to date"),
                Completion.install(bash, zsh));
    }

    @Test
    void versionAndOneCommandBuildOnlyWhatTheyNeed() {
        assertEquals(
                0,
                Subcommands.commandLine(new String[] {"--version"})
                        .getSubcommands()
                        .size());
        assertEquals(
                List.of("doctor"),
                List.copyOf(Subcommands.commandLine(new String[] {"--debug", "doctor", "x.yaml"})
                        .getSubcommands()
                        .keySet()));
        assertEquals(
                Subcommands.TABLE.keySet(),
                Subcommands.commandLine(new String[] {"--help"})
                        .getSubcommands()
                        .keySet());
        assertEquals(
                Subcommands.TABLE.keySet(),
                Subcommands.commandLine(new String[] {"vaildate"})
                        .getSubcommands()
                        .keySet());
    }
}
