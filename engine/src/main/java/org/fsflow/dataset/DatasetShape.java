package org.fsflow.dataset;

import org.fsflow.scenario.Dataset;

/**
 * Where each file of a dataset lives and how large it is: the tree that the generator writes and
 * the verifier expects.
 */
final class DatasetShape {

    private DatasetShape() {}

    /** The relative path of leaf directory {@code leaf} ("" at depth 0). */
    static String leafPath(Dataset d, long leaf) {
        StringBuilder path = new StringBuilder();
        long rest = leaf;
        long[] digits = new long[d.depth()];
        for (int level = d.depth() - 1; level >= 0; level--) {
            digits[level] = rest % d.dirs();
            rest /= d.dirs();
        }
        for (long digit : digits) {
            path.append(d.dirName().replace("{i}", String.valueOf(digit + 1))).append('/');
        }
        return path.toString();
    }

    static String fileName(Dataset d, long j) {
        return d.fileName().replace("{j}", String.valueOf(j + 1));
    }

    /** The size of file {@code index}, drawn from the dataset's distribution. */
    static long sizeOf(Dataset d, SplitMix64 rng) {
        return sizeOf(d.size(), rng);
    }

    /** A size drawn from {@code spec}. */
    static long sizeOf(Dataset.SizeSpec spec, SplitMix64 rng) {
        if (spec instanceof Dataset.SizeSpec.Fixed f) {
            return f.bytes();
        }
        if (spec instanceof Dataset.SizeSpec.LogNormal l) {
            return logNormal(l, rng);
        }
        if (spec instanceof Dataset.SizeSpec.LogUniform u) {
            double lo = Math.log(u.min());
            double hi = Math.log(u.max());
            return Math.min(u.max(), Math.max(u.min(), Math.round(Math.exp(lo + (hi - lo) * rng.nextDouble()))));
        }
        Dataset.SizeSpec.Weighted w = (Dataset.SizeSpec.Weighted) spec;
        double total = w.choices().stream()
                .mapToDouble(Dataset.SizeSpec.Weighted.Choice::weight)
                .sum();
        double x = rng.nextDouble() * total;
        for (Dataset.SizeSpec.Weighted.Choice c : w.choices()) {
            x -= c.weight();
            if (x < 0) {
                return c.bytes();
            }
        }
        return w.choices().get(w.choices().size() - 1).bytes();
    }

    // the body by Box-Muller from two uniforms, the tail by inversion of the Pareto distribution
    private static long logNormal(Dataset.SizeSpec.LogNormal l, SplitMix64 rng) {
        double pick = rng.nextDouble();
        double u1 = 1 - rng.nextDouble();
        double u2 = rng.nextDouble();
        double x = pick < l.tail()
                ? l.tailFrom() * Math.pow(u1, -1 / l.alpha())
                : l.median() * Math.exp(l.sigma() * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2));
        return Math.min(l.max(), Math.max(1, Math.round(x)));
    }

    /** The number of directories below the root (every level of {@code dirs}, {@code depth} deep). */
    static long directories(Dataset d) {
        long total = 0;
        long level = 1;
        for (int l = 0; l < d.depth(); l++) {
            level *= d.dirs();
            total += level;
        }
        return total;
    }
}
