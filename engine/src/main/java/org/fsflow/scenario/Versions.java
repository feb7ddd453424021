package org.fsflow.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The versions fsflow records: the scenario language's ({@code fsflow: 1}), its own, and the git
 * commit its jar was built from. They sit in the lowest package so that every stage (the runner's
 * run.json and environment.json, the CLI's {@code --version}) reads them without looking up the
 * layers.
 */
public final class Versions {

    /** The only scenario language version this fsflow reads ({@code fsflow: 1}). */
    public static final int LANGUAGE = 1;

    /** The fsflow version, from the jar manifest ("dev" when run from classes). */
    public static final String FSFLOW = fsflow();

    /** The build's record of its git commit: see {@link Build}. */
    public static final Build BUILD = Build.parse(resource("/org/fsflow/build.properties"));

    private Versions() {}

    private static String fsflow() {
        String v = Versions.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    private static Properties resource(String name) {
        Properties p = new Properties();
        try (InputStream in = Versions.class.getResourceAsStream(name)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + " from fsflow's jar", e);
        }
        return p;
    }

    /**
     * The git commit fsflow's jar was built from, as the build wrote it into the jar
     * ({@code org/fsflow/build.properties}, from the launcher's {@code -Dfsflow.commit} and
     * {@code -Dfsflow.dirty}), so that a jar copied elsewhere still knows.
     *
     * @param commit the 40-hex commit, or null when the build did not know it (not a git checkout,
     *               Maven run without the launcher)
     * @param dirty  whether the sources the jar was built from (pom.xml, engine/, templates/)
     *               differed from that commit; null when unknown
     */
    public record Build(String commit, Boolean dirty) {

        /** The build record of {@code p}: anything but a 40-hex commit, and true/false, is unknown. */
        public static Build parse(Properties p) {
            String c = p.getProperty("commit", "").strip().toLowerCase(java.util.Locale.ROOT);
            String d = p.getProperty("dirty", "").strip();
            return new Build(
                    isCommit(c) ? c : null, d.equals("true") ? Boolean.TRUE : d.equals("false") ? Boolean.FALSE : null);
        }

        // 40 lower-case hex digits; a loop, not a regular expression: `fsflow --version` reads this,
        // and a first Pattern costs a start the regex engine and lambda classes (bench/startup.sh)
        private static boolean isCommit(String c) {
            if (c.length() != 40) {
                return false;
            }
            for (int i = 0; i < c.length(); i++) {
                char ch = c.charAt(i);
                if ((ch < '0' || ch > '9') && (ch < 'a' || ch > 'f')) {
                    return false;
                }
            }
            return true;
        }
    }
}
