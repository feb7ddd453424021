package org.fsflow.cli;

/** Entry point: exits with what the command returned. */
public final class Main {

    private Main() {
    }

    /** Runs fsflow with {@code args} and exits with its exit code. */
    public static void main(String[] args) {
        System.exit(FsflowCommand.execute(args, new java.io.PrintWriter(System.out, true),
                new java.io.PrintWriter(System.err, true)));
    }
}
