package org.fsflow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.fsflow.lang.Location;
import org.fsflow.scenario.Dataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetGeneratorTest {

    @TempDir
    Path temp;

    /** A dataset's root inside the temporary directory: its manifest is written beside the root. */
    Path dir;

    @org.junit.jupiter.api.BeforeEach
    void root() throws IOException {
        dir = java.nio.file.Files.createDirectories(temp.resolve("root"));
    }

    static Dataset dataset(long dirs, long files, Dataset.SizeSpec size, int depth, Dataset.Content content) {
        return dataset(dirs, files, size, depth, content, org.fsflow.scenario.Defaults.FILE_NAME);
    }

    static Dataset dataset(
            long dirs, long files, Dataset.SizeSpec size, int depth, Dataset.Content content, String fileName) {
        return new Dataset(
                "d",
                dirs,
                files,
                size,
                depth,
                content,
                org.fsflow.scenario.Defaults.DIR_NAME,
                fileName,
                null,
                null,
                Location.of("t.yaml", 1, 1));
    }

    static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    void sameSpecAndSeedGiveTheSameBytesWhateverTheThreads() throws IOException {
        Dataset d = dataset(4, 5, new Dataset.SizeSpec.LogUniform(100, 50_000), 1, Dataset.Content.RANDOM);
        Manifest one = new DatasetGenerator(1).generate(d, 42, dir.resolve("a"));
        Manifest four = new DatasetGenerator(4).generate(d, 42, dir.resolve("b"));
        assertEquals(one, four);
        List<Path> a = files(dir.resolve("a"));
        List<Path> b = files(dir.resolve("b"));
        assertEquals(20, a.size());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(dir.resolve("a").relativize(a.get(i)), dir.resolve("b").relativize(b.get(i)));
            assertEquals(-1, Files.mismatch(a.get(i), b.get(i)), a.get(i).toString());
        }
        Manifest other = new DatasetGenerator(2).generate(d, 43, dir.resolve("c"));
        assertTrue(!other.digest().equals(one.digest()), "another seed gives other bytes");
    }

    // the claims go round the leaf directories: every chunk once, and the next claim in another
    // directory than the one before, so two threads rarely create files in one directory at a time
    @Test
    void claimsGoRoundTheLeafDirectoriesAndCoverEveryChunkOnce() throws IOException {
        Dataset d = dataset(3, 600, new Dataset.SizeSpec.Fixed(8), 1, Dataset.Content.RANDOM);
        ChunkWriter w = new ChunkWriter(d, 1, dir);
        int chunks = Math.toIntExact(d.leafDirs() * ChunkWriter.chunksPerLeaf(d));
        assertEquals(9, chunks);
        List<Integer> claimed = java.util.stream.IntStream.range(0, chunks)
                .map(w::chunkOf)
                .boxed()
                .toList();
        assertEquals(List.of(0, 3, 6, 1, 4, 7, 2, 5, 8), claimed);
        Manifest one = new DatasetGenerator(1).generate(d, 7, dir.resolve("a"));
        assertEquals(one, new DatasetGenerator(3).generate(d, 7, dir.resolve("b")));
        assertEquals(1800, files(dir.resolve("b")).size());
    }

    @Test
    void theBytesAreFixedAcrossMachinesAndVersions() throws IOException {
        // golden digest: changing how bytes are made must change Manifest.GENERATOR and this value
        Dataset d = dataset(2, 3, new Dataset.SizeSpec.Fixed(5000), 1, Dataset.Content.RANDOM);
        Manifest m = new DatasetGenerator(2).generate(d, 1, dir.resolve("g"));
        assertEquals("7c03bbb31ab345d9527b2ce7fca0a109ebc95540a83a5eb48ac023c8a6934460", m.digest());
        // first 16 bytes of file 0, seed 1, computed independently with a Python SplitMix64
        // (state = mix(seed ^ mix(index + gamma)); each word little-endian):
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(dir.resolve("g/dir1/fichier1")), 16);
        assertEquals(
                "a10fc70e301ac685780befe1a6c25249", java.util.HexFormat.of().formatHex(head));
        assertEquals(30_000, m.bytes());
        assertTrue(Files.isRegularFile(dir.resolve("g/dir2/fichier3")), "names as in seed 000: dir<i>/fichier<j>");
    }

    @Test
    void logUniformSizesAreUniformInLogScaleWithinBounds() throws IOException {
        long min = 100;
        long max = 100_000;
        Dataset d = dataset(
                20,
                100,
                new Dataset.SizeSpec.LogUniform(min, max),
                1,
                new Dataset.Content(Dataset.Content.Kind.ZERO, 1));
        new DatasetGenerator(2).generate(d, 7, dir);
        double sumLog = 0;
        int n = 0;
        int lowerHalf = 0;
        double midLog = (Math.log(min) + Math.log(max)) / 2;
        for (Path f : files(dir)) {
            long size = Files.size(f);
            assertTrue(size >= min && size <= max, f + " " + size);
            sumLog += Math.log(size);
            lowerHalf += Math.log(size) < midLog ? 1 : 0;
            n++;
        }
        assertEquals(2000, n);
        // mean of ln(size) of a log-uniform law is the midpoint; its sd over 2000 draws is about 0.045
        assertEquals(midLog, sumLog / n, 0.2);
        assertEquals(0.5, (double) lowerHalf / n, 0.05);
    }

    @Test
    void weightedSizesFollowTheirWeights() throws IOException {
        var choices =
                List.of(new Dataset.SizeSpec.Weighted.Choice(1000, 9), new Dataset.SizeSpec.Weighted.Choice(3000, 1));
        Dataset d = dataset(
                10, 100, new Dataset.SizeSpec.Weighted(choices), 1, new Dataset.Content(Dataset.Content.Kind.ZERO, 1));
        new DatasetGenerator(2).generate(d, 3, dir);
        long small = 0;
        for (Path f : files(dir)) {
            long s = Files.size(f);
            assertTrue(s == 1000 || s == 3000);
            small += s == 1000 ? 1 : 0;
        }
        assertEquals(0.9, small / 1000.0, 0.03);
    }

    @Test
    void contentKindsCompressAsSpecified() throws IOException {
        Dataset.Content half = new Dataset.Content(Dataset.Content.Kind.COMPRESSIBLE, 0.5);
        double random = ratio(dataset(1, 1, new Dataset.SizeSpec.Fixed(1 << 20), 0, Dataset.Content.RANDOM), "r");
        double halfRatio = ratio(dataset(1, 1, new Dataset.SizeSpec.Fixed(1 << 20), 0, half), "h");
        double zero = ratio(
                dataset(
                        1,
                        1,
                        new Dataset.SizeSpec.Fixed(1 << 20),
                        0,
                        new Dataset.Content(Dataset.Content.Kind.ZERO, 1)),
                "z");
        assertTrue(random > 0.99, "random is incompressible: " + random);
        assertEquals(0.5, halfRatio, 0.05);
        assertTrue(zero < 0.01, "zeros compress to nothing: " + zero);
    }

    private double ratio(Dataset d, String name) throws IOException {
        new DatasetGenerator(1).generate(d, 5, dir.resolve(name));
        byte[] data = Files.readAllBytes(dir.resolve(name).resolve("fichier1"));
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        deflater.setInput(data);
        deflater.finish();
        byte[] out = new byte[data.length * 2];
        int n = deflater.deflate(out);
        deflater.end();
        return (double) n / data.length;
    }

    @Test
    void aCancelledGenerationLeavesNoManifestSoItIsNotReused() {
        Dataset d = dataset(4, 600, new Dataset.SizeSpec.Fixed(100), 1, Dataset.Content.RANDOM);
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        DatasetGenerator g = new DatasetGenerator(1);
        org.junit.jupiter.api.Assertions.assertThrows(
                DatasetGenerator.Cancelled.class, () -> g.generate(d, 1, dir, () -> asked.incrementAndGet() > 2));
        assertTrue(!Files.exists(Manifest.of(dir)), "no manifest for an incomplete tree");
        assertNull(g.reusable(d, 1, dir));
    }

    @Test
    void aValidDatasetIsReusedAndADamagedOneIsNot() throws IOException {
        Dataset d = dataset(3, 4, new Dataset.SizeSpec.Fixed(4096), 2, Dataset.Content.RANDOM);
        DatasetGenerator g = new DatasetGenerator(2);
        Manifest made = g.generate(d, 9, dir);
        assertEquals(36, made.files());
        assertNotNull(g.reusable(d, 9, dir), "an intact dataset is reused");
        assertNull(g.reusable(d, 10, dir), "another seed is another dataset");

        Path victim = dir.resolve("dir2/dir3/fichier4");
        try (RandomAccessFile f = new RandomAccessFile(victim.toFile(), "rw")) {
            f.setLength(100);
        }
        assertNull(g.reusable(d, 9, dir), "a truncated file is detected");
        g.generate(d, 9, dir);
        assertNotNull(g.reusable(d, 9, dir), "and regenerated");

        byte[] bytes = Files.readAllBytes(victim);
        bytes[17] ^= 1;
        Files.write(victim, bytes);
        assertNull(g.reusable(d, 9, dir), "a modified byte (same size) is detected");
        Files.delete(dir.resolve("dir1/dir1/fichier1"));
        assertNull(g.reusable(d, 9, dir), "a missing file is detected");
    }

    @Test
    void aTreeReplacedWithItsOwnConsistentManifestIsNotReused() throws IOException {
        // another tree (seed 10) whose manifest is edited to claim seed 9: files, bytes and
        // digest agree with each other, only the bytes generated again for seed 9 tell
        Dataset d = dataset(2, 3, new Dataset.SizeSpec.Fixed(5000), 1, Dataset.Content.RANDOM);
        DatasetGenerator g = new DatasetGenerator(2);
        Path root = dir.resolve("small");
        g.generate(d, 10, root);
        String forged = Files.readString(Manifest.of(root)).replace("seed=10", "seed=9");
        Files.writeString(Manifest.of(root), forged);
        assertNull(g.reusable(d, 9, root), "a tree that is not seed 9's is never used as seed 9's");
        g.generate(d, 9, root);
        assertNotNull(g.reusable(d, 9, root));

        Path manifest = Manifest.of(root);
        Files.writeString(
                manifest, Files.readString(manifest).replaceFirst("\"digest\" : \"[0-9a-f]", "\"digest\" : \"x"));
        assertNull(g.reusable(d, 9, root), "a manifest whose digest is not the tree's is detected");
    }

    @Test
    void anExtraFileOrALinkInTheTreeIsDetectedAndRegeneratedNeverFollowed() throws IOException {
        Dataset d = dataset(2, 3, new Dataset.SizeSpec.Fixed(5000), 1, Dataset.Content.RANDOM);
        DatasetGenerator g = new DatasetGenerator(1);
        Path root = dir.resolve("small");
        g.generate(d, 9, root);
        Files.writeString(root.resolve("dir1/extra"), "slipped in");
        assertNull(g.reusable(d, 9, root), "an extra file is detected");
        g.generate(d, 9, root);

        // the same bytes behind a link to a file elsewhere: refused, and regeneration removes the
        // link without writing through it
        Path victim = root.resolve("dir2/fichier3");
        Path elsewhere = Files.copy(victim, dir.resolve("theirs"));
        Files.delete(victim);
        Files.createSymbolicLink(victim, elsewhere);
        assertNull(g.reusable(d, 9, root), "a link in the tree is detected");
        Files.writeString(elsewhere, "theirs");
        g.generate(d, 9, root);
        assertNotNull(g.reusable(d, 9, root));
        assertEquals("theirs", Files.readString(elsewhere));
        assertTrue(Files.isRegularFile(victim, java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aManifestThatIsALinkIsNotRead() throws IOException {
        Dataset d = dataset(2, 3, new Dataset.SizeSpec.Fixed(5000), 1, Dataset.Content.RANDOM);
        DatasetGenerator g = new DatasetGenerator(1);
        Path root = dir.resolve("small");
        g.generate(d, 9, root);
        Path copy = Files.copy(Manifest.of(root), dir.resolve("manifest-copy.json"));
        Files.delete(Manifest.of(root));
        Files.createSymbolicLink(Manifest.of(root), copy);
        assertNull(g.reusable(d, 9, root));
    }

    @Test
    void theManifestIsWrittenAsJacksonWritesItAndReadsBack() throws IOException {
        Manifest m =
                new Manifest(Manifest.GENERATOR, "names=\"d{i}\",f\\{j}\t\u0001 é seed=3", 131072, 2147483648L, "ab01");
        assertEquals(
                org.fsflow.result.Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(m), m.toJson());
        assertEquals(m, org.fsflow.result.Json.MAPPER.readValue(m.toJson(), Manifest.class));
    }

    @Test
    void aFileThatCannotBeWrittenFailsTheGenerationOnEveryThreadAndLeavesNoManifest() {
        // a name pattern with a directory that does not exist: every chunk fails to open its file
        Dataset d = dataset(3, 600, new Dataset.SizeSpec.Fixed(100), 1, Dataset.Content.RANDOM, "missing/f{j}");
        org.junit.jupiter.api.Assertions.assertThrows(
                java.io.UncheckedIOException.class, () -> new DatasetGenerator(2).generate(d, 1, dir));
        assertTrue(!Files.exists(Manifest.of(dir)), "no manifest for a failed generation");
    }
}
