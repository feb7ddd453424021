package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A chart file per place, named short: the guest's kernel and accelerator, the host's other scale. */
class PlaceChartsTest {

    @Test
    void eachPlacesChartFileIsNamedByWhatSetsItApart() {
        assertEquals(
                "guest-6.1.0-57-amd64-tcg",
                PlaceCharts.fileSuffix(
                        "guest kernel 6.1.0-57-amd64, TCG (emulated CPU), --scale 0.5: 128 files, 8.0 MiB"));
        assertEquals(
                "host-at-0.5",
                PlaceCharts.fileSuffix(
                        "host kernel 6.18.44, --scale 0.5 (the guests' scale, for their control cells): 128 files, 8.0 MiB"));
    }
}
