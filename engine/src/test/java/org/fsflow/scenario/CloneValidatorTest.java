package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fsflow.lang.Diagnostic;
import org.fsflow.lang.SourceText;
import org.junit.jupiter.api.Test;

/** validate and plan warn about a cp that may clone: within one xfs, btrfs or bcachefs, without --reflink=never. */
class CloneValidatorTest {

    static String scenario(String filesystems, String copy) {
        return """
                fsflow: 1
                name: t
                devices: { target: { loop: { size: 2G } } }
                filesystems: { %s }
                datasets: { d: { dirs: 1, files: 10, size: 1MiB } }
                matrix: { dataset: [d], filesystem: [%s] }
                repeat: 3
                steps:
                  - mkfs
                  - mount
                  - name: copy-in
                    run: cp -r ${datasets.d.path} ${target.mnt}/d
                  - name: copy-within
                    run: %s
                  - umount
                """.formatted(
                        filesystems, filesystems.replaceAll(": \\{[^}]*}", "").replace(" ", ""), copy);
    }

    static List<Diagnostic> clones(String text) throws Exception {
        return ScenarioLoader.load(SourceText.of("t.yaml", text), Overrides.NONE).warnings().stream()
                .filter(d -> d.message().contains("cp"))
                .toList();
    }

    @Test
    void aPlainCpWithinXfsIsWarnedWhereItIsWritten() throws Exception {
        List<Diagnostic> w = clones(scenario("ext4: {}, xfs: {}", "cp -r ${target.mnt}/d ${target.mnt}/copy"));
        assertEquals(1, w.size(), w.toString());
        assertEquals(14, w.get(0).location().line());
        assertTrue(
                w.get(0)
                        .message()
                        .contains("step 'copy-within' runs cp within device 'target' without "
                                + "--reflink=never, and xfs clones there"),
                w.get(0).message());
        // a filesystem named otherwise but of type btrfs; cp --reflink asked for explicitly
        assertEquals(
                1,
                clones(scenario("b: { type: btrfs }", "cp -a ${target.mnt}/d ${target.mnt}/copy"))
                        .size());
        assertEquals(
                1,
                clones(scenario("ext4: {}", "cp --reflink=always ${target.mnt}/d ${target.mnt}/c"))
                        .size());
    }

    @Test
    void noWarningWithReflinkNeverOnExt4OrAcrossFilesystems() throws Exception {
        assertEquals(
                List.of(), clones(scenario("xfs: {}", "cp -r --reflink=never ${target.mnt}/d ${target.mnt}/copy")));
        assertEquals(List.of(), clones(scenario("ext4: {}, ext3: {}", "cp -r ${target.mnt}/d ${target.mnt}/copy")));
        assertEquals(List.of(), clones(scenario("xfs: {}", "du -s ${target.mnt}/d ${target.mnt}/copy")));
    }
}
