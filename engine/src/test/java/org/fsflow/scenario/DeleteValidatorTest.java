package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a step's removing command names, as {@link DeleteValidator} reads it. */
class DeleteValidatorTest {

    private static List<String> targets(String command) {
        return DeleteValidator.targets(Arrays.asList(command.split(" ")));
    }

    @Test
    void removersAndTheirTargets() {
        assertEquals(List.of("${target.mnt}/a", "/b"), targets("rm -rf ${target.mnt}/a /b"));
        assertEquals(List.of("/x"), targets("sudo nice -n 5 /bin/rm -f /x"));
        assertEquals(List.of("/x"), targets("LC_ALL=C rmdir /x"));
        assertEquals(List.of("/srv", "/tmp"), targets("find /srv /tmp -name *.o -delete"));
        assertEquals(List.of("/srv"), targets("find /srv -type f -exec rm {} +"));
        assertEquals(List.of("."), targets("find -delete"));
        assertEquals(List.of(), targets("find /srv -type f -size +8k"));
        assertEquals(List.of(), targets("cp -r /a /b"));
        assertEquals(List.of(), targets("du -s rm"));
    }
}
