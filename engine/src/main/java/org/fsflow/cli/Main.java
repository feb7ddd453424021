package org.fsflow.cli;

/** Entry point: exits with what the command returned. */
public final class Main {

    private Main() {}

    /** Runs fsflow with {@code args} and exits with its exit code. */
    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // the same lines as picocli's --version, without building any command model by
            // reflection first (most of a start's cost, bench/startup.sh), and without a class of
            // the engine's jar: the launcher runs this from the small version jar alone
            for (String line : VersionText.lines()) {
                System.out.println(line);
            }
            System.exit(0); // ExitCodes.OK, whose class is not in the version jar
        }
        org.fsflow.measure.LaunchMechanism.prefer();
        int code;
        try {
            code = FsflowCommand.execute(
                    args, new java.io.PrintWriter(System.out, true), new java.io.PrintWriter(System.err, true));
        } catch (OutOfMemoryError e) {
            // a report of millions of measurements can outgrow the launcher's small heap: say so, no trace
            System.err.println(
                    "fsflow: error: out of memory (" + (Runtime.getRuntime().maxMemory() >> 20)
                            + " MiB of heap); give java more with FSFLOW_JAVA_OPTS, e.g. "
                            + "FSFLOW_JAVA_OPTS='-XX:+UseSerialGC -Xmx4g' (it replaces the launcher's options)");
            code = ExitCodes.FAILED;
        }
        System.exit(code);
    }
}
