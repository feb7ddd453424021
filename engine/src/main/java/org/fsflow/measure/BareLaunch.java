package org.fsflow.measure;

import java.io.IOException;
import java.util.Arrays;

/**
 * The cost of a bare fork/exec of {@code true} from this JVM: {@code ProcessBuilder}, no shell, no
 * cgroup prelude, no log pumps, no accounting. The launch floor (the same {@code true} through
 * fsflow's executor) is judged against it, measured in the same run on the same host.
 */
public final class BareLaunch {

    private BareLaunch() {}

    /** The median real time in seconds of {@code runs} starts of {@code true}, after a few warm-up starts. */
    public static double medianSeconds(int runs) {
        double[] t = new double[runs];
        try {
            for (int i = -5; i < runs; i++) {
                long start = System.nanoTime();
                Process p = new ProcessBuilder("true")
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
                p.waitFor();
                if (i >= 0) {
                    t[i] = (System.nanoTime() - start) / 1e9;
                }
            }
        } catch (IOException e) {
            return Double.NaN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Double.NaN;
        }
        Arrays.sort(t);
        return t[runs / 2];
    }
}
