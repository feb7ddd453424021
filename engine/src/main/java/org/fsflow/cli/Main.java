package org.fsflow.cli;

/** Entry point: exits with what the command returned. */
public final class Main {

    private Main() {}

    /** Runs fsflow with {@code args} and exits with its exit code. */
    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // the same lines as picocli's --version, without building any command model by
            // reflection first: most of a start's cost (bench/startup.sh)
            for (String line : new FsflowCommand.Version().getVersion()) {
                System.out.println(line);
            }
            System.exit(ExitCodes.OK);
        }
        org.fsflow.measure.LaunchMechanism.prefer();
        System.exit(FsflowCommand.execute(
                args, new java.io.PrintWriter(System.out, true), new java.io.PrintWriter(System.err, true)));
    }
}
