package org.fsflow.cli;

import org.fsflow.scenario.Versions;

/**
 * The lines of {@code fsflow --version}: fsflow's version with the commit its jar was built from, and
 * the Java runtime's. Free of picocli, so that {@link Main} prints them from the launcher's small
 * version jar ({@code engine/target/fsflow-version.jar}) without opening the engine's jar at all.
 */
final class VersionText {

    private VersionText() {}

    /** The two lines, as picocli's {@code --version} prints them too. */
    static String[] lines() {
        return new String[] {
            "fsflow " + Versions.FSFLOW + built(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
        };
    }

    private static String built() {
        Versions.Build b = Versions.BUILD;
        if (b.commit() == null) {
            return "";
        }
        return " (commit " + b.commit() + (Boolean.TRUE.equals(b.dirty()) ? ", built with uncommitted changes" : "")
                + ")";
    }
}
