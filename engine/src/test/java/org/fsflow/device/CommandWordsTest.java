package org.fsflow.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.fsflow.lang.Location;
import org.fsflow.scenario.Command;
import org.fsflow.scenario.Template;
import org.junit.jupiter.api.Test;

/** The programs a command starts, by its words: what doctor checks are installed. */
class CommandWordsTest {

    private static List<String> of(String shell) {
        return CommandWords.programs(Command.shell(Template.literal(shell), new Location("t.yaml", 1, 1)));
    }

    @Test
    void eachSimpleCommandsFirstWordIsAProgram() {
        assertEquals(
                List.of("mkdir", "tar", "wc"),
                of("mkdir ${target.mnt}/t && tar -xf ${dataset.archive} -C ${target.mnt}/t | wc -l"));
        assertEquals(List.of("filebench"), of("cd ${target.mnt}; LANG=C nice filebench -f x.f > /dev/null"));
        assertEquals(List.of("sync", "git"), of("for f in a b; do sync; done && (git -C x status)"));
    }

    @Test
    void builtinsPathsAndSubstitutionsAreNotJudged() {
        assertEquals(List.of(), of("echo 3 > /proc/sys/vm/drop_caches; true"));
        assertEquals(List.of(), of("./bench-tool -n 3 && /opt/x/run && ${params.tool} -v"));
        assertEquals(List.of("find", "cat"), of("find ${target.mnt} -type f -exec cat {} + ; cat x"));
    }
}
