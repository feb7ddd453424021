/*
 * The floor of bench/datasets.sh: what a JVM itself allows here. The least a Java program can do
 * to write the C writer's tree (bench/cwriter.c: dir<i>/fichier<j>, 1-based, file k's bytes the
 * SplitMix64 stream derived from (seed, k)), on every core: no command line model, no scenario, no
 * checksum, no manifest, no check of where it writes. Each thread takes the next directory. Run
 * with the JVM options the launcher gives `fsflow dataset`, without fsflow's class-data archive.
 * If this program misses a target, no JVM program reaches it on this machine.
 *
 *   javac -d DIR bench/JavaWriter.java
 *   java -cp DIR JavaWriter ROOT DIRS FILES SIZE SEED
 */
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;

public final class JavaWriter {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: JavaWriter ROOT DIRS FILES SIZE SEED");
            System.exit(2);
        }
        Path root = Files.createDirectories(Path.of(args[0]));
        int dirs = Integer.parseInt(args[1]);
        long files = Long.parseLong(args[2]);
        int size = Integer.parseInt(args[3]);
        long seed = Long.parseUnsignedLong(args[4]);
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            e.printStackTrace();
            Runtime.getRuntime().halt(1);
        });
        AtomicInteger next = new AtomicInteger();
        Runnable writer = () -> {
            ByteBuffer block = ByteBuffer.allocateDirect((size + 7) / 8 * 8).order(ByteOrder.LITTLE_ENDIAN);
            LongBuffer longs = block.asLongBuffer();
            long[] words = new long[(size + 7) / 8];
            try {
                for (int i = next.getAndIncrement(); i < dirs; i = next.getAndIncrement()) {
                    Path dir = Files.createDirectory(root.resolve("dir" + (i + 1)));
                    for (long j = 0; j < files; j++) {
                        long s = mix(seed ^ mix(i * files + j + GOLDEN_GAMMA));
                        for (int w = 0; w < words.length; w++) {
                            s += GOLDEN_GAMMA;
                            long z = (s ^ (s >>> 30)) * 0xBF58476D1CE4E5B9L;
                            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
                            words[w] = z ^ (z >>> 31);
                        }
                        longs.clear();
                        longs.put(words);
                        block.clear().limit(size);
                        try (FileChannel ch = FileChannel.open(
                                dir.resolve("fichier" + (j + 1)),
                                StandardOpenOption.CREATE_NEW,
                                StandardOpenOption.WRITE)) {
                            while (block.hasRemaining()) {
                                ch.write(block);
                            }
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        Thread[] helpers = new Thread[Runtime.getRuntime().availableProcessors() - 1];
        for (int t = 0; t < helpers.length; t++) {
            helpers[t] = new Thread(writer);
            helpers[t].start();
        }
        writer.run();
        for (Thread t : helpers) {
            t.join();
        }
    }
}
