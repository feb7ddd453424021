package org.fsflow.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.fsflow.scenario.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The copy check in pieces: a file split into pieces, each entered in the middle of its stream,
 * compares as the whole file does, for every kind of content; a byte changed in any piece is found.
 */
class CopyCompareTest {

    // pieces of two blocks: a file of 5 blocks and 17 bytes is three pieces, the last a short one
    static final long SPAN = 2L * DatasetGenerator.BLOCK;
    static final long SIZE = 5L * DatasetGenerator.BLOCK + 17;

    @TempDir
    Path dir;

    static List<Dataset.Content> contents() {
        return List.of(
                Dataset.Content.RANDOM,
                new Dataset.Content(Dataset.Content.Kind.COMPRESSIBLE, 0.3),
                new Dataset.Content(Dataset.Content.Kind.ZERO, 0));
    }

    @ParameterizedTest
    @MethodSource("contents")
    void aFileSplitIntoPiecesComparesAsAWhole(Dataset.Content content) throws Exception {
        Dataset d = DatasetGeneratorTest.dataset(2, 2, new Dataset.SizeSpec.Fixed(SIZE), 1, content);
        Path copy = dir.resolve("copy");
        new DatasetGenerator(2).generate(d, 42, copy);
        assertTrue(CopyCompare.matches(d, 42, copy, 2, SPAN));
        assertTrue(CopyCompare.matches(d, 42, copy, 1, SPAN));
        assertTrue(CopyCompare.matches(d, 42, copy, 2));
        assertFalse(CopyCompare.matches(d, 43, copy, 2, SPAN) && content.kind() != Dataset.Content.Kind.ZERO);
    }

    @Test
    void aByteChangedInAnyPieceIsFound() throws Exception {
        Dataset d = DatasetGeneratorTest.dataset(
                1, 3, new Dataset.SizeSpec.Fixed(SIZE), 0, new Dataset.Content(Dataset.Content.Kind.COMPRESSIBLE, 0.5));
        Path copy = dir.resolve("copy");
        new DatasetGenerator(1).generate(d, 7, copy);
        Path victim = DatasetGeneratorTest.files(copy).get(1);
        for (long at : new long[] {0, SPAN - 1, SPAN + 4096 * 9 + 3, 2 * SPAN + DatasetGenerator.BLOCK, SIZE - 1}) {
            flip(victim, at);
            assertFalse(CopyCompare.matches(d, 7, copy, 2, SPAN), "a byte changed at " + at);
            flip(victim, at);
            assertTrue(CopyCompare.matches(d, 7, copy, 2, SPAN), "restored at " + at);
        }
        Files.write(victim, new byte[] {0}, StandardOpenOption.APPEND);
        assertFalse(CopyCompare.matches(d, 7, copy, 2, SPAN), "a byte added");
    }

    @Test
    void skippingTheWordsOfWholeBlocksReachesTheStreamOfALaterBlock() {
        for (Dataset.Content content : contents()) {
            SplitMix64 walked = SplitMix64.forItem(5, 9);
            SplitMix64 start = SplitMix64.forItem(5, 9);
            long[] w = new long[DatasetGenerator.BLOCK / 8];
            for (int block = 0; block < 3; block++) {
                DatasetGenerator.fill(w, DatasetGenerator.BLOCK, walked, content);
            }
            long[] after = new long[DatasetGenerator.BLOCK / 8];
            DatasetGenerator.fill(w, DatasetGenerator.BLOCK, walked, content);
            DatasetGenerator.fill(
                    after, DatasetGenerator.BLOCK, start.skipped(3 * CopyCompare.wordsPerBlock(content)), content);
            assertArrayEquals(w, after, content.toString());
        }
    }

    private static void flip(Path file, long at) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, at);
            b.put(0, (byte) (b.get(0) ^ 0x40));
            b.rewind();
            ch.write(b, at);
        }
    }
}
