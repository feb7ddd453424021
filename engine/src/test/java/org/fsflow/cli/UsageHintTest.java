package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A mistyped command or option is named with what it was likely meant to be; exit 2. */
class UsageHintTest {

    private static void usage(String expected, String... args) {
        Cli r = Cli.run(args);
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
        assertEquals("", r.out());
        assertEquals(expected, r.err().lines().findFirst().orElse(""), r.err());
    }

    @Test
    void aMistypedCommandIsSuggested() {
        usage("fsflow: unknown command 'vaildate' (did you mean 'validate'?)", "vaildate", "x.yaml");
        usage("fsflow: unknown command 'valid' (did you mean 'validate'?)", "valid");
        usage("fsflow: unknown command 'doctr' (did you mean 'doctor'?)", "--debug", "doctr", "x.yaml");
        assertEquals(
                "try 'fsflow --help'",
                Cli.run("vaildate").err().lines().skip(1).findFirst().orElse(""));
    }

    @Test
    void aCommandLikeNoneListsThem() {
        Cli r = Cli.run("xyzzy");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertEquals(
                "fsflow: unknown command 'xyzzy'; the commands are " + String.join(", ", Subcommands.TABLE.keySet()),
                r.err().lines().findFirst().orElse(""));
    }

    @Test
    void aMistypedOptionIsSuggestedForItsCommand() {
        usage(
                "fsflow: unknown option '--sacle' of 'fsflow validate' (did you mean '--scale'?)",
                "validate",
                "x.yaml",
                "--sacle",
                "0.1");
        usage(
                "fsflow: unknown option '--fromat' of 'fsflow plan' (did you mean '--format'?)",
                "plan",
                "x.yaml",
                "--fromat",
                "json");
        usage(
                "fsflow: unknown option '--formt' of 'fsflow validate' (did you mean '--format'?)",
                "validate",
                "x.yaml",
                "--formt=json");
        usage("fsflow: unknown option '--hlep' of 'fsflow' (did you mean '--help'?)", "--hlep");
        usage(
                "fsflow: unknown option '--filesytems' of 'fsflow new' (did you mean '--filesystems'?)",
                "new",
                "--filesytems",
                "ext4");
        assertEquals(
                "try 'fsflow plan --help'",
                Cli.run("plan", "x.yaml", "--fromat", "json")
                        .err()
                        .lines()
                        .skip(1)
                        .findFirst()
                        .orElse(""));
    }

    @Test
    void otherUsageErrorsKeepPicocliWords() {
        usage("fsflow: Unmatched argument at index 2: 'b.yaml'", "doctor", "a.yaml", "b.yaml");
        usage("fsflow: Missing required parameter: 'FILE'", "validate");
    }
}
