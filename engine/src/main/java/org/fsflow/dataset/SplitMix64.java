package org.fsflow.dataset;

/**
 * SplitMix64 (Steele, Lea, Flood 2014): a fully specified 64-bit generator, so the same seed gives
 * the same bytes on any machine and Java version (unlike an unspecified library generator).
 * Used to derive one independent stream per file from (dataset seed, file index).
 */
final class SplitMix64 {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    /** A generator for item {@code index} of the stream seeded {@code seed}. */
    static SplitMix64 forItem(long seed, long index) {
        return new SplitMix64(mix(seed ^ mix(index + GOLDEN_GAMMA)));
    }

    long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** Uniform in [0, 1). */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
