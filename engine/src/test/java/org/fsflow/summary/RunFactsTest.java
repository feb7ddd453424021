package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.junit.jupiter.api.Test;

/** What ran is read from the commands and rows as run, never from the scenario's prose. */
class RunFactsTest {

    @Test
    void theOptionsThatReachedEachToolAreReadFromTheCommands() {
        Map<String, List<String>> tools = ToolOptions.of(List.of(
                "bonnie++ -d /mnt/t -s 256 -r 128 -n 1 -f -m xfs -u root -q",
                "mkfs.xfs -f -q /dev/loop0",
                "mount -t ext4 -o data=journal,sync /dev/loop0 /mnt/t",
                "dd if=/dev/zero of=/mnt/t/f bs=1M count=1024 conv=fdatasync && sync",
                "cp -r --reflink=never /src/d /mnt/t/d",
                "du -sh /mnt/t"));
        assertEquals(List.of("-s 256 -r 128 -n 1 -f"), tools.get("bonnie++"));
        assertEquals(List.of("-f -q"), tools.get("mkfs.xfs"));
        assertEquals(List.of("-t ext4 -o data=journal,sync"), tools.get("mount"));
        assertEquals(List.of("bs=1M count=1024 conv=fdatasync"), tools.get("dd"));
        assertEquals(List.of("-r --reflink=never"), tools.get("cp"));
        assertEquals(null, tools.get("du"));
    }

    @Test
    void eachPlacesSizesAreShownWithTheScaleTheyRanAtWhenTheRunHadSeveral() throws Exception {
        List<Measurement> rows = new ArrayList<>();
        for (String fs : List.of("xfs", "jfs")) {
            boolean host = fs.equals("xfs");
            String bonnie = "bonnie++ -d /mnt/t -s " + (host ? "2048 -r 1024" : "102 -r 51") + " -f -m " + fs;
            for (String command : List.of("mkfs." + fs + " -q /dev/vda", bonnie)) {
                rows.add(FaithfulRulesTest.row(fs, 1, command.split(" ")[0], command, 1, 1, 0.1, 0.0, false).toBuilder()
                        .scale(host ? 1.0 : 0.05)
                        .build());
            }
        }
        RunEnvironment env = Json.MAPPER.readValue("{\"settings\": {\"scale\": 1}}", RunEnvironment.class);
        Map<String, List<String>> tools = RunFacts.of(ResultSet.of(rows), env).tools();
        assertEquals(
                List.of("-s 2048 -r 1024 -f (--scale 1)", "-s 102 -r 51 -f (--scale 0.05)"), tools.get("bonnie++"));
        assertEquals(List.of("-q"), tools.get("mkfs.xfs"), "one scale per tool line: none to say");
        assertEquals(
                List.of("-s 256 -r 128 -f"),
                ToolOptions.of(List.of("bonnie++ -s 256 -r 128 -f"), Map.of("bonnie++ -s 256 -r 128 -f", Set.of("1")))
                        .get("bonnie++"),
                "one scale in the run: nothing added");
    }

    @Test
    void budgetsRepetitionsAndPlacesComeFromTheRows() throws Exception {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            rows.add(FaithfulRulesTest.row("xfs", r, "copy", "cp -r a b", 1, 1, 0.1, 0.0, r == 1).toBuilder()
                    .memoryBudgetBytes(128L << 20)
                    .kernel("6.18.4")
                    .virt("host")
                    .build());
            rows.add(FaithfulRulesTest.row("reiserfs", r, "copy", "cp -r a b", 1, 1, 0.1, 0.0, false).toBuilder()
                    .memoryBudgetBytes(128L << 20)
                    .kernel("6.1.0-57-amd64")
                    .virt("tcg")
                    .build());
        }
        RunEnvironment env = Json.MAPPER.readValue(
                "{\"settings\": {\"scale\": 0.01}, \"campaign\": {\"datasets\": {\"test1\": {\"files\": 3, "
                        + "\"bytes\": 1000, \"leaf_dirs\": 1}}}}",
                RunEnvironment.class);
        RunFacts f = RunFacts.of(ResultSet.of(rows), env);
        assertEquals(0.01, f.scale());
        assertEquals(List.of(128L << 20), f.budgets());
        assertEquals(2, f.fewest(), "the warm-up repetition is not counted");
        assertEquals(3, f.most());
        assertEquals(List.of("host kernel 6.18.4", "guest kernel 6.1.0-57-amd64, TCG (emulated CPU)"), f.places());
        assertEquals(1L, f.data().get("test1").leafDirs());
    }
}
