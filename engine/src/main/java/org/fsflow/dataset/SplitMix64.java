package org.fsflow.dataset;

/**
 * SplitMix64 (Steele, Lea, Flood 2014): a fully specified 64-bit generator, so the same seed gives
 * the same bytes on any machine and Java version (unlike an unspecified library generator).
 * Used to derive one independent stream per file from (dataset seed, file index).
 */
public final class SplitMix64 {

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

    /**
     * Fills {@code w[from..to)} with the next longs, as many {@link #nextLong} calls would: the
     * state stays in a local and {@link #mix} is written out, so even the first JIT tier makes a
     * tight loop of it (bench/datasets.sh: dataset generation runs C1-only).
     */
    void fill(long[] w, int from, int to) {
        long s = state;
        for (int i = from; i < to; i++) {
            s += GOLDEN_GAMMA;
            long z = (s ^ (s >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            w[i] = z ^ (z >>> 31);
        }
        state = s;
    }

    /**
     * A generator at the point this one reaches after {@code words} more {@link #nextLong} calls
     * (this one unchanged): SplitMix64's state only advances by a constant, so a thread can start
     * in the middle of a file's stream.
     */
    SplitMix64 skipped(long words) {
        return new SplitMix64(state + words * GOLDEN_GAMMA);
    }

    /** Uniform in [0, 1). */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /**
     * A version-4 UUID drawn from {@code seed} ({@code salt} tells two apart): the same for the same seed, so a
     * filesystem made with it (its UUID, ext4's directory hash seed) allocates alike.
     */
    public static java.util.UUID uuid(long seed, long salt) {
        long hi = mix(seed ^ mix(salt));
        long lo = mix(hi ^ GOLDEN_GAMMA);
        return new java.util.UUID((hi & ~0xF000L) | 0x4000L, (lo & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
