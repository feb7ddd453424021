package org.fsflow.hosts;

import java.nio.file.Path;
import java.util.List;

/**
 * What every host is given: the engine jar, the scenario file, and the options of the local
 * {@code fsflow run} that the remote one repeats ({@code --scale}, {@code --set}).
 *
 * @param jar       the engine jar that runs here (copied as is)
 * @param scenario  the scenario file
 * @param options   the remote run's options besides --out and --work
 */
public record Launch(Path jar, Path scenario, List<String> options) {

    /** Copies the list. */
    public Launch {
        options = List.copyOf(options);
    }
}
