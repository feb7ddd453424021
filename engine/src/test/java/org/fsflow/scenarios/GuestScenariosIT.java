package org.fsflow.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.Leftovers;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shipped scenarios whose cells all run in guests ({@link ScenariosIT#ALL_IN_GUESTS}: crash
 * cells, a kernel axis), each run for real by its smoke command with {@link ScenariosIT}'s checks.
 * A class of its own so that it runs beside ScenariosIT in the integration tests' first phase.
 */
class GuestScenariosIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    static List<Path> scenarios() throws IOException {
        return ScenariosIT.all().stream()
                .filter(p -> ScenariosIT.ALL_IN_GUESTS.contains(p.getFileName().toString()))
                .toList();
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void runsAtItsSmallestScale(Path scenario) throws Exception {
        ScenariosIT.smoke(scenario, dir);
    }

    @Test
    void betweenThemTheTwoClassesRunEveryShippedScenarioOnce() throws IOException {
        List<Path> both = new java.util.ArrayList<>(ScenariosIT.scenarios());
        both.addAll(scenarios());
        ScenariosIT.RUN_BY_THE_TUTORIAL.forEach(
                name -> both.add(TestPaths.root().resolve("scenarios").resolve(name)));
        assertEquals(ScenariosIT.all(), both.stream().sorted().toList());
        assertEquals(ScenariosIT.ALL_IN_GUESTS.size(), scenarios().size(), "each named scenario exists");
    }
}
