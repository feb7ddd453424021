package org.fsflow.history;

import java.util.ArrayList;
import java.util.List;

/**
 * The tests of a history that enter the false-discovery control, in series order: every change
 * point a series kept, or, for a series without one, the test of its best split (a series that
 * found nothing was still tested).
 */
final class Tests {

    private Tests() {}

    static double[] pValues(List<ChangePoints.Detection> detections) {
        List<Double> p = new ArrayList<>();
        for (ChangePoints.Detection d : detections) {
            if (!d.changes().isEmpty()) {
                d.changes().forEach(c -> p.add(c.p()));
            } else if (d.tested() != null) {
                p.add(d.tested().p());
            }
        }
        return p.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static int count(ChangePoints.Detection d) {
        return !d.changes().isEmpty() ? d.changes().size() : d.tested() != null ? 1 : 0;
    }
}
