/**
 * The command line: one picocli {@code Subcommand} class per verb ({@code run}, {@code resume},
 * {@code report}, {@code compare}, {@code doctor} ...), their shared options, the exit codes of
 * design.md section 4 ({@link org.fsflow.cli.ExitCodes}), user errors printed without a stack trace,
 * and the generated man pages and shell completion. Each command runs a prefix of the pipeline
 * that {@link org.fsflow.Fsflow} composes; no stage lives here: it is the top layer.
 */
package org.fsflow.cli;
