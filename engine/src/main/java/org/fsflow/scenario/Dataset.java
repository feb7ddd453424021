package org.fsflow.scenario;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.lang.Location;

/**
 * A dataset under {@code datasets:}: a directory tree that fsflow generates itself, seeded, so the
 * same spec gives the same bytes on any machine.
 *
 * <pre>
 * datasets:
 *   test1: { dirs: 1, files: 3, size: 4GiB }                   # seed 000, fixed size
 *   tree:  { dirs: 900, files: 8, size: { min: 10KB, max: 5MB } }   # log-uniform sizes
 *   mixed: { dirs: 10, files: 100, size: [ { size: 4KiB, weight: 9 }, { size: 1MiB, weight: 1 } ] }
 *   mine:  { existing: /srv/corpus }                            # a tree the user already has
 * </pre>
 *
 * @param name     the key, used in paths and node ids
 * @param dirs     {@code dirs:} directories at each level
 * @param files    {@code files:} files per leaf directory
 * @param size     {@code size:} file size: fixed, {min, max} or weighted list
 * @param depth    {@code depth:} levels of directories: 1 (the default) puts {@code dirs} directories
 *                 under the dataset root, 0 puts the files in the root itself (seed 000's test1)
 * @param content  {@code content:} random | zero | {compressibility: 50%}
 * @param dirName  {@code names.dir:} pattern of directory names, {i} is the 1-based index
 * @param fileName {@code names.file:} pattern of file names, {j} is the 1-based index
 * @param seed     {@code seed:} of the generator, or null for the scenario's seed
 * @param existing {@code existing:} path of a tree used as is, or null to generate one
 * @param archive  {@code archive: true}: a tar of the generated tree is made once beside it and
 *                 reused ({@code ${dataset.archive}}), for steps that unpack it
 * @param where    where it is declared
 */
public record Dataset(
        String name,
        long dirs,
        long files,
        SizeSpec size,
        int depth,
        Content content,
        String dirName,
        String fileName,
        Long seed,
        Path existing,
        boolean archive,
        Location where) {

    /** A dataset without an archive. */
    public Dataset(
            String name,
            long dirs,
            long files,
            SizeSpec size,
            int depth,
            Content content,
            String dirName,
            String fileName,
            Long seed,
            Path existing,
            Location where) {
        this(name, dirs, files, size, depth, content, dirName, fileName, seed, existing, false, where);
    }

    /** Number of leaf directories: dirs^depth. */
    public long leafDirs() {
        long n = 1;
        for (int i = 0; i < depth; i++) {
            n = Math.multiplyExact(n, dirs);
        }
        return n;
    }

    /** Total number of files. */
    public long fileCount() {
        return existing != null ? 0 : Math.multiplyExact(leafDirs(), files);
    }

    /** Expected total bytes (exact for fixed sizes, the distribution's mean otherwise). */
    public long expectedBytes() {
        return existing != null ? 0 : (long) Math.min(Long.MAX_VALUE, fileCount() * size.meanBytes());
    }

    /**
     * The dataset shrunk by {@code factor}, keeping the tree's shape: directories are cut first (each
     * level alike), so every leaf directory keeps its {@code files}; then, once one directory is left
     * (or the files sit in the root), the files; then file sizes, so that a smoke run still
     * measures directories as full and files as large as the published ones where it can.
     */
    public Dataset scaled(double factor) {
        if (existing != null || factor >= 1.0) {
            return this;
        }
        double remaining = factor;
        long newDirs = dirs;
        if (depth > 0) {
            double perLevel = Math.pow(remaining, 1.0 / depth);
            newDirs = Math.max(1, Math.min(dirs, Math.round(dirs * perLevel)));
            remaining = remaining * Math.pow((double) dirs / newDirs, depth);
        }
        // files per directory shrink only once the directories are down to one; rounding leftovers stay
        long newFiles = files;
        if (remaining < 1.0 && (depth == 0 || newDirs == 1)) {
            newFiles = Math.max(1, Math.round(files * remaining));
            remaining = remaining * files / newFiles;
        }
        boolean countsExhausted = newFiles == 1 && (depth == 0 || newDirs == 1);
        SizeSpec newSize = countsExhausted && remaining < 1.0 ? size.scaled(remaining) : size;
        return new Dataset(
                name, newDirs, newFiles, newSize, depth, content, dirName, fileName, seed, null, archive, where);
    }

    /** What the files contain. */
    public record Content(Kind kind, double compressibility) {
        /** The content kinds. */
        public enum Kind {
            /** incompressible pseudo-random bytes */
            RANDOM,
            /** zeros (sparse-friendly, compresses to nothing) */
            ZERO,
            /** pseudo-random with a set fraction of zero runs */
            COMPRESSIBLE
        }

        /** Incompressible content, the default. */
        public static final Content RANDOM = new Content(Kind.RANDOM, 0);
    }

    /** How file sizes are chosen. */
    public sealed interface SizeSpec {
        /** The mean file size in bytes. */
        double meanBytes();

        /** Every size multiplied by {@code factor} (at least 1 byte). */
        SizeSpec scaled(double factor);

        /** Every file has {@code bytes} bytes. */
        record Fixed(long bytes) implements SizeSpec {
            @Override
            public double meanBytes() {
                return bytes;
            }

            @Override
            public SizeSpec scaled(double factor) {
                return new Fixed(Math.max(1, Math.round(bytes * factor)));
            }
        }

        /** Sizes uniform in log scale between {@code min} and {@code max} bytes. */
        record LogUniform(long min, long max) implements SizeSpec {
            @Override
            public double meanBytes() {
                if (min == max) {
                    return min;
                }
                return (max - min) / Math.log((double) max / min);
            }

            @Override
            public SizeSpec scaled(double factor) {
                return new LogUniform(Math.max(1, Math.round(min * factor)), Math.max(1, Math.round(max * factor)));
            }
        }

        /**
         * Sizes lognormal around {@code median} ({@code sigma}: the spread of the natural log), except a
         * share {@code tail} drawn from a Pareto tail of index {@code alpha} that starts at the body's 97.7th
         * percentile ({@code median·e^(2σ)}), as Impressions models file sizes; every size at most {@code max}.
         */
        record LogNormal(long median, double sigma, double tail, double alpha, long max) implements SizeSpec {
            /** Where the Pareto tail starts: {@code median·e^(2σ)}, at most {@code max}. */
            public double tailFrom() {
                return Math.min(max, median * Math.exp(2 * sigma));
            }

            @Override
            public double meanBytes() {
                double body = Math.min(max, median * Math.exp(sigma * sigma / 2));
                double pareto = alpha > 1 ? tailFrom() * alpha / (alpha - 1) : max;
                return (1 - tail) * body + tail * Math.min(max, pareto);
            }

            @Override
            public SizeSpec scaled(double factor) {
                return new LogNormal(
                        Math.max(1, Math.round(median * factor)),
                        sigma,
                        tail,
                        alpha,
                        Math.max(1, Math.round(max * factor)));
            }
        }

        /** Sizes drawn from a list, each with a weight. */
        record Weighted(List<Choice> choices) implements SizeSpec {
            /** One size and its weight. */
            public record Choice(long bytes, double weight) {}

            @Override
            public double meanBytes() {
                double total = choices.stream().mapToDouble(Choice::weight).sum();
                return choices.stream().mapToDouble(c -> c.bytes() * c.weight()).sum() / total;
            }

            @Override
            public SizeSpec scaled(double factor) {
                return new Weighted(choices.stream()
                        .map(c -> new Choice(Math.max(1, Math.round(c.bytes() * factor)), c.weight()))
                        .toList());
            }
        }
    }
}
