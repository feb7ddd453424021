package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MeansByStepTest {

    @Test
    void aCellIsTheSameWhateverTheOrderOfItsCoordinates() {
        MeansByStep means = new MeansByStep();
        Map<String, String> fsFirst = new LinkedHashMap<>();
        fsFirst.put("filesystem", "xfs");
        fsFirst.put("dataset", "tree");
        Map<String, String> datasetFirst = new LinkedHashMap<>();
        datasetFirst.put("dataset", "tree");
        datasetFirst.put("filesystem", "xfs");
        means.add(fsFirst, "copy", 2.0);
        means.add(datasetFirst, "copy", 4.0);
        assertEquals(
                3.0,
                means.mean(Map.of("filesystem", "xfs", "dataset", "tree"), "copy")
                        .getAsDouble(),
                1e-12);
    }

    @Test
    void stepsAndCellsAreKeptApart() {
        MeansByStep means = new MeansByStep();
        means.add(Map.of("filesystem", "xfs"), "copy", 2.0);
        means.add(Map.of("filesystem", "ext3"), "copy", 8.0);
        means.add(Map.of("filesystem", "xfs"), "delete", 0.5);
        assertEquals(2.0, means.mean(Map.of("filesystem", "xfs"), "copy").getAsDouble(), 1e-12);
        assertEquals(0.5, means.mean(Map.of("filesystem", "xfs"), "delete").getAsDouble(), 1e-12);
        assertTrue(means.mean(Map.of("filesystem", "ext3"), "delete").isEmpty());
    }
}
