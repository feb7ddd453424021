package org.fsflow.scenario;

/**
 * The two versions fsflow records: the scenario language's ({@code fsflow: 1}) and its own. They
 * sit in the lowest package so that every stage (the runner's environment.json, the CLI's
 * {@code --version}) reads them without looking up the layers.
 */
public final class Versions {

    /** The only scenario language version this fsflow reads ({@code fsflow: 1}). */
    public static final int LANGUAGE = 1;

    /** The fsflow version, from the jar manifest ("dev" when run from classes). */
    public static final String FSFLOW = fsflow();

    private Versions() {}

    private static String fsflow() {
        String v = Versions.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
