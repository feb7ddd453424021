package org.fsflow.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code fsflow completion bash|zsh}: prints the shell completion script. */
@Command(
        name = "completion",
        mixinStandardHelpOptions = true,
        description = {
            "Print the shell completion script for bash or zsh ('fsflow setup' installs both).",
            "Use it now with: source <(fsflow completion bash)"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:printed", "2:usage error"})
final class CompletionCommand extends Subcommand {

    /** The shells fsflow completes in. */
    enum Shell {
        bash,
        zsh
    }

    @Parameters(paramLabel = "SHELL", description = "bash or zsh.")
    Shell shell;

    @Override
    public Integer call() {
        var out = out();
        out.print(shell == Shell.bash ? Completion.bash() : Completion.zsh());
        out.flush();
        return ExitCodes.OK;
    }
}
