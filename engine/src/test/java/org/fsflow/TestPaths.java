package org.fsflow;

import java.nio.file.Path;

/** Paths of the repository, for tests (set by Maven as fsflow.root). */
public final class TestPaths {

    private TestPaths() {}

    /** The repository root. */
    public static Path root() {
        return Path.of(System.getProperty("fsflow.root", "..")).toAbsolutePath().normalize();
    }

    /** A test resource directory. */
    public static Path resources(String name) {
        return root().resolve("engine/src/test/resources").resolve(name);
    }
}
