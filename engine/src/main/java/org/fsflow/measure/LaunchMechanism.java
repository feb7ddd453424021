package org.fsflow.measure;

/**
 * How the JVM starts processes. On JDK 17 the default (posix_spawn through jspawnhelper) costs
 * about twice a bare fork/exec; {@code VFORK} starts a process as fast as a shell does, so short
 * steps measure the step rather than the launcher. VFORK is deprecated in later JDKs and may go:
 * it is chosen only on a JDK that has it, and never over the user's own
 * {@code -Djdk.lang.Process.launchMechanism}.
 */
public final class LaunchMechanism {

    /** The system property the JDK reads once, when it first starts a process. */
    static final String PROPERTY = "jdk.lang.Process.launchMechanism";
    /** The last JDK feature release known to keep VFORK. */
    static final int LAST_WITH_VFORK = 25;

    private LaunchMechanism() {}

    /** Chooses VFORK where it exists and nobody chose otherwise; call before any process starts. */
    public static void prefer() {
        String os = System.getProperty("os.name", "");
        if (System.getProperty(PROPERTY) == null
                && os.equals("Linux")
                && Runtime.version().feature() <= LAST_WITH_VFORK) {
            System.setProperty(PROPERTY, "VFORK");
        }
    }

    /** The mechanism in use, as recorded in environment.json. */
    public static String current() {
        String chosen = System.getProperty(PROPERTY);
        return chosen != null ? chosen : "POSIX_SPAWN (the JDK's default)";
    }
}
