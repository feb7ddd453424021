package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.fsflow.Leftovers;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** verify: on a loop device: a good copy passes, a copy with one flipped byte fails its step with the reason. */
class VerifyIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void aCorruptedCopyFailsItsStepAndTheCampaignGoesOn() throws Exception {
        Path f = Files.writeString(dir.resolve("s.yaml"), """
                fsflow: 1
                name: verified
                devices: { target: { loop: { size: 64MiB } } }
                filesystems: { ext4: {} }
                datasets: { small: { dirs: 2, files: 8, size: 8KiB, seed: 3 } }
                matrix: { dataset: [small], filesystem: [ext4] }
                steps:
                  - mkfs
                  - mount
                  - name: copy-in
                    run: cp -r ${dataset.path} ${target.mnt}
                    verify: true
                  - name: copy-bad
                    before: mkdir ${target.mnt}/bad
                    run: >-
                      cp -r ${dataset.path} ${target.mnt}/bad/ &&
                      f=$(find ${target.mnt}/bad -type f | sort | head -n 1) &&
                      printf 'Z' | dd of="$f" bs=1 seek=100 conv=notrunc 2>/dev/null
                    verify: ${target.mnt}/bad/${dataset.name}
                    on_error: continue
                  - name: walk
                    run: du -s ${target.mnt}
                  - umount
                """);
        Path out = dir.resolve("out");
        Cli run = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(1, run.exitCode(), run.out() + run.err());
        List<JsonNode> rows = RunnerIT.results(out);
        Map<String, JsonNode> byStep =
                rows.stream().collect(Collectors.toMap(r -> r.get("step").asText(), r -> r));
        assertEquals("ok", byStep.get("copy-in").get("status").asText(), rows.toString());
        JsonNode bad = byStep.get("copy-bad");
        assertEquals("failed", bad.get("status").asText(), rows.toString());
        String reason = bad.get("reason").asText();
        assertTrue(
                reason.startsWith("verify: the copy ")
                        && reason.contains("differs from dataset 'small'")
                        && reason.contains("1 different")
                        && reason.contains("differs at byte 100"),
                reason);
        assertEquals("ok", byStep.get("walk").get("status").asText(), "on_error: continue goes on");
        assertEquals("ok", byStep.get("umount").get("status").asText());
        assertFalse(Leftovers.loopsUnder(dir));
        assertFalse(Leftovers.mountsUnder(dir));
    }

    @Test
    void copiesOfNamedDatasetsAreVerifiedWithoutADatasetAxisAndAOneFileCopyUnderAnotherName() throws Exception {
        Path f = Files.writeString(dir.resolve("named.yaml"), """
                fsflow: 1
                name: verified-named
                devices: { target: { loop: { size: 64MiB } } }
                filesystems: { ext4: {} }
                datasets:
                  iso: { depth: 0, files: 1, size: 1MiB, seed: 5 }
                  tree: { dirs: 2, files: 4, size: 8KiB, seed: 6 }
                matrix: { filesystem: [ext4] }
                steps:
                  - mkfs
                  - mount
                  - name: copy-iso
                    run: cp ${datasets.iso.path}/fichier1 ${target.mnt}/image.iso
                    verify: { dataset: iso, path: "${target.mnt}/image.iso" }
                  - name: copy-tree
                    run: cp -r ${datasets.tree.path} ${target.mnt}/tree
                    verify: { dataset: tree, path: "${target.mnt}/tree" }
                  - name: bad-iso
                    run: >-
                      cp ${target.mnt}/image.iso ${target.mnt}/bad.iso &&
                      printf 'Z' | dd of=${target.mnt}/bad.iso bs=1 seek=4096 conv=notrunc 2>/dev/null
                    verify: { dataset: iso, path: "${target.mnt}/bad.iso" }
                    on_error: continue
                  - umount
                """);
        Path out = dir.resolve("out");
        Cli run = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(1, run.exitCode(), run.out() + run.err());
        Map<String, JsonNode> byStep = RunnerIT.results(out).stream()
                .collect(Collectors.toMap(r -> r.get("step").asText(), r -> r));
        assertEquals("ok", byStep.get("copy-iso").get("status").asText(), byStep.toString());
        assertEquals("ok", byStep.get("copy-tree").get("status").asText(), byStep.toString());
        JsonNode bad = byStep.get("bad-iso");
        assertEquals("failed", bad.get("status").asText(), byStep.toString());
        String reason = bad.get("reason").asText();
        assertTrue(
                reason.startsWith("verify: the copy ")
                        && reason.contains("bad.iso differs from the file of dataset 'iso'")
                        && reason.endsWith("it differs at byte 4096"),
                reason);
        assertEquals("ok", byStep.get("umount").get("status").asText());
        assertFalse(Leftovers.loopsUnder(dir));
        assertFalse(Leftovers.mountsUnder(dir));
    }
}
