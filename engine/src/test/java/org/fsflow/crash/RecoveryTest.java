package org.fsflow.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Classifying a crash point against what the workload had made durable. */
class RecoveryTest {

    private static final String A1 = "a".repeat(64);
    private static final String A2 = "b".repeat(64);
    private static final String B1 = "c".repeat(64);
    private static final String X = "d".repeat(64);

    private static Tree tree(String text) {
        return Tree.parse(text);
    }

    // a.txt made durable twice (A1 then A2); b.txt written, never fsync'd
    private static final Recovery.Expected EXPECTED = new Recovery.Expected(
            tree(A2 + " 100 a.txt\n"), Map.of("a.txt", Set.of(A1)), tree(A2 + " 100 a.txt\n" + B1 + " 50 b.txt\n"));

    @Test
    void intactDurableFilesAndAPassedCheckAreCleanAndAnUnsyncedFileIsExpectedLoss() {
        Recovery r = Recovery.classify(EXPECTED, true, true, tree(A2 + " 100 a.txt\n"));
        assertEquals(CrashClass.CLEAN, r.crashClass());
        assertEquals(0, r.violatedFiles());
        assertEquals(1, r.lostFiles(), "b.txt was never made durable");
        assertEquals(50, r.lostBytes());
    }

    @Test
    void eachDamageHasItsClassTheWorstWins() {
        assertEquals(
                CrashClass.FSCK_NEEDED,
                Recovery.classify(EXPECTED, false, true, tree(A2 + " 100 a.txt\n" + B1 + " 50 b.txt\n"))
                        .crashClass());
        Recovery older = Recovery.classify(EXPECTED, true, true, tree(A1 + " 90 a.txt\n"));
        assertEquals(CrashClass.OLDER_VERSION, older.crashClass());
        assertEquals(100, older.violatedBytes());
        Recovery missing = Recovery.classify(EXPECTED, false, true, Tree.EMPTY);
        assertEquals(CrashClass.DURABLE_MISSING, missing.crashClass());
        assertEquals(java.util.List.of("a.txt: durable-missing"), missing.violations());
        Recovery corrupt = Recovery.classify(EXPECTED, true, true, tree(X + " 100 a.txt\n"));
        assertEquals(CrashClass.DATA_CORRUPTED, corrupt.crashClass());
        assertTrue(corrupt.crashClass().violation());
        assertEquals(
                CrashClass.METADATA_CORRUPTED,
                Recovery.classify(EXPECTED, false, false, Tree.EMPTY).crashClass());
    }

    @Test
    void aFlippedByteInADurableFileIsFoundAsDataCorrupted(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("d"));
        Files.write(dir.resolve("d/f.bin"), new byte[] {1, 2, 3, 4});
        Tree durable = Tree.of(dir);
        assertEquals(Tree.parse(durable.format()), durable, "the text form reads back");
        Files.write(dir.resolve("d/f.bin"), new byte[] {1, 2, 7, 4});
        Recovery r = Recovery.classify(new Recovery.Expected(durable, Map.of(), durable), true, true, Tree.of(dir));
        assertEquals(CrashClass.DATA_CORRUPTED, r.crashClass());
        assertEquals(java.util.List.of("d/f.bin: data-corrupted"), r.violations());
    }

    @Test
    void aMalformedManifestLineIsNamed() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Tree.parse(A1 + " 1 ok\nnonsense\n"));
        assertTrue(e.getMessage().startsWith("manifest line 2 "), e.getMessage());
        assertEquals(Set.of("a/b"), Tree.parse(A1 + " 1 ./a/b\n").files().keySet());
    }
}
