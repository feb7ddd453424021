package org.fsflow.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.AutoComplete;

/**
 * Shell completion generated from the picocli command definitions, so it never lags behind a new
 * command or option. The bash script also serves zsh: picocli's script turns on zsh's bash
 * completion emulation (bashcompinit) when it is sourced by zsh.
 */
final class Completion {

    /** Where {@code fsflow setup} installs the bash script (read by the bash-completion package). */
    static final Path BASH_FILE = Path.of("/etc/bash_completion.d/fsflow");
    /** Where it installs the zsh function (a directory on Debian zsh's default fpath). */
    static final Path ZSH_FILE = Path.of("/usr/local/share/zsh/site-functions/_fsflow");

    private Completion() {}

    /** The bash completion script of every fsflow command and option. */
    static String bash() {
        return AutoComplete.bash("fsflow", Subcommands.all());
    }

    /**
     * The zsh completion: a {@code #compdef} function file for fpath that loads the bash script
     * through bashcompinit on first use, then completes the word being typed.
     */
    static String zsh() {
        return "#compdef fsflow\n"
                + "# fsflow completion for zsh, generated from the command definitions: put this file on\n"
                + "# your fpath as _fsflow, or run: source <(fsflow completion zsh)\n"
                + "autoload -U +X bashcompinit && bashcompinit\n"
                + bash()
                + "\n# loaded as an fpath function: complete the word being typed now\n"
                + "if [[ -n ${funcstack[1]:-} && ${funcstack[1]} == _fsflow ]]; then\n"
                + "  _bash_complete -F _complete_fsflow \"$@\"\n"
                + "fi\n";
    }

    /**
     * Writes the bash and zsh completion files where shells look for them; returns a line per file
     * saying what was done, an unchanged file left alone (idempotent).
     */
    static List<String> install(Path bashFile, Path zshFile) throws IOException {
        List<String> done = new ArrayList<>();
        done.add(write(bashFile, bash(), "bash"));
        done.add(write(zshFile, zsh(), "zsh"));
        return done;
    }

    private static String write(Path file, String text, String shell) throws IOException {
        if (Files.exists(file) && Files.readString(file).equals(text)) {
            return shell + " completion: " + file + " is up to date";
        }
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text);
        Files.move(
                tmp,
                file,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return shell + " completion: installed " + file;
    }
}
