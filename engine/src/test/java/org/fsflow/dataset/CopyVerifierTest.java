package org.fsflow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.fsflow.scenario.Dataset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** verify: a copy equal to the dataset passes; a flipped byte, a lost or an extra file is named. */
class CopyVerifierTest {

    @TempDir
    Path dir;

    Dataset d =
            DatasetGeneratorTest.dataset(3, 4, new Dataset.SizeSpec.LogUniform(100, 20_000), 1, Dataset.Content.RANDOM);
    Path copy;
    List<Path> files;

    @BeforeEach
    void copy() throws Exception {
        copy = dir.resolve("copy");
        new DatasetGenerator(1).generate(d, 42, copy);
        files = DatasetGeneratorTest.files(copy);
    }

    @Test
    void anEqualCopyPasses() {
        assertNull(CopyVerifier.difference(d, 42, copy, 2));
    }

    @Test
    void aFlippedByteIsNamedWithItsFileAndOffset() throws Exception {
        Path victim = files.get(5);
        byte[] bytes = Files.readAllBytes(victim);
        bytes[7] ^= 1;
        Files.write(victim, bytes);
        String p = CopyVerifier.difference(d, 42, copy, 2);
        assertTrue(
                p.contains(
                        "0 of 12 files missing, 1 different; first: " + copy.relativize(victim) + " differs at byte 7"),
                p);
    }

    @Test
    void aLostFileAnExtraFileAndAWrongSizeAreNamed() throws Exception {
        Files.delete(files.get(0));
        Files.write(files.get(1), new byte[] {1}, StandardOpenOption.APPEND);
        Files.writeString(copy.resolve("stray"), "x");
        String p = CopyVerifier.difference(d, 42, copy, 2);
        assertTrue(
                p.contains("1 of 12 files missing, 1 different; first: " + copy.relativize(files.get(0)) + " missing"),
                p);
        assertTrue(p.contains("1 extra file(s), first: stray"), p);
    }

    @Test
    void aMissingCopyIsSaidSo() {
        assertTrue(CopyVerifier.difference(d, 42, dir.resolve("none"), 2).contains("is missing"));
    }

    @Test
    void aWrongSeedIsADifferentDataset() {
        assertTrue(CopyVerifier.difference(d, 43, copy, 2).contains("differs from dataset 'd'"));
    }

    @Test
    void aOneFileDatasetsCopyUnderAnotherNameIsComparedWithItsFile() throws Exception {
        Dataset one =
                DatasetGeneratorTest.dataset(1, 1, new Dataset.SizeSpec.Fixed(300_000), 0, Dataset.Content.RANDOM);
        Path generated = dir.resolve("one");
        new DatasetGenerator(1).generate(one, 7, generated);
        List<Path> only = DatasetGeneratorTest.files(generated);
        assertEquals(1, only.size(), only.toString());
        Path iso = Files.copy(only.get(0), dir.resolve("image.iso"));
        assertNull(CopyVerifier.difference(one, 7, iso, 2));

        try (var ch = java.nio.channels.FileChannel.open(iso, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {(byte) ~Files.readAllBytes(iso)[123_456]}), 123_456);
        }
        String p = CopyVerifier.difference(one, 7, iso, 2);
        assertEquals(
                "the copy " + iso + " differs from the file of dataset 'd' (" + generated.relativize(only.get(0))
                        + "): it differs at byte 123456",
                p);
        Files.write(iso, new byte[10]);
        assertTrue(CopyVerifier.difference(one, 7, iso, 2).endsWith("it has 10 bytes instead of 300000"));
        assertTrue(CopyVerifier.difference(one, 7, dir.resolve("none.iso"), 2)
                .contains("is missing (no such file or directory)"));
    }

    @Test
    void aSingleFileIsNotTheCopyOfATree() throws Exception {
        String p = CopyVerifier.difference(d, 42, files.get(0), 2);
        assertTrue(p.contains("is one file, but dataset 'd' has " + d.fileCount() + " files"), p);
    }
}
