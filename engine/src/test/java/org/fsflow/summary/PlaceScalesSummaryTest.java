package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.junit.jupiter.api.Test;

/**
 * A run at {@code --scale 1 --scale guest=0.05}: each column group says its scale and data size,
 * copies are measured against their own place's dataset, and the run's facts and warnings name both.
 */
class PlaceScalesSummaryTest {

    private static final String ENV = "{\"settings\": {\"scale\": 1, \"place_scales\": {\"guest\": 0.05}},"
            + " \"campaign\": {\"steps\": [\"copy\"], \"filesystems\": [\"xfs\", \"xfs-vm\", \"reiserfs\"],"
            + " \"datasets\": {\"test1\": {\"files\": 20000, \"bytes\": 2000000000, \"leaf_dirs\": 100}},"
            + " \"datasets_at\": {\"0.05\": {\"test1\": {\"files\": 1000, \"bytes\": 100000000, \"leaf_dirs\": 100}}}}}";

    private static List<Measurement> rows(double guestWrote) {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            rows.add(copy("xfs", r, 2_000_000_000L, "host", "6.18.4", 1.0));
            rows.add(copy("xfs-vm", r, (long) guestWrote, "tcg", "6.1.0-57-amd64", 0.05));
            rows.add(copy("reiserfs", r, (long) guestWrote, "tcg", "6.1.0-57-amd64", 0.05));
        }
        return rows;
    }

    private static Measurement copy(String fs, int r, long written, String virt, String kernel, double scale) {
        return FaithfulRulesTest.row(
                        fs, r, "copy", "cp -r /src/test1 /mnt/t", written, written, 1 + r * 0.01, 0.0, false)
                .toBuilder()
                .virt(virt)
                .kernel(kernel)
                .scale(scale)
                .build();
    }

    private static RunEnvironment env() throws Exception {
        return Json.MAPPER.readValue(ENV, RunEnvironment.class);
    }

    @Test
    void eachColumnGroupSaysItsScaleAndItsDataSize() throws Exception {
        DatasetSummary d = Summarizer.summarize(ResultSet.of(rows(100_000_000)), env())
                .datasets()
                .get(0);
        assertEquals(
                List.of(
                        "host kernel 6.18.4, --scale 1: 20,000 files, 1.9 GiB",
                        "guest kernel 6.1.0-57-amd64, TCG (emulated CPU), --scale 0.05: 1,000 files, 95.4 MiB",
                        "guest kernel 6.1.0-57-amd64, TCG (emulated CPU), --scale 0.05: 1,000 files, 95.4 MiB"),
                d.places());
    }

    @Test
    void theHostsControlsAtTheGuestsScaleAreAGroupOfTheirOwnAfterTheHostsFullSizeColumns() throws Exception {
        List<Measurement> rows = rows(100_000_000);
        for (int r = 1; r <= 3; r++) {
            rows.add(copy("xfs@0.05", r, 100_000_000L, "host", "6.18.4", 0.05));
        }
        DatasetSummary d =
                Summarizer.summarize(ResultSet.of(rows), env()).datasets().get(0);
        assertEquals(List.of("xfs", "xfs@0.05", "xfs-vm", "reiserfs"), d.columns());
        assertEquals(
                "host kernel 6.18.4, --scale 0.05 (the guests' scale, for their control cells): 1,000 files, 95.4 MiB",
                d.places().get(1));
        assertEquals(
                "host kernel 6.18.4, --scale 1: 20,000 files, 1.9 GiB",
                d.places().get(0));
    }

    @Test
    void theHostsColumnsComeFirstWhateverTheMatrixOrder() throws Exception {
        RunEnvironment env = Json.MAPPER.readValue(
                ENV.replace("[\"xfs\", \"xfs-vm\", \"reiserfs\"]", "[\"reiserfs\", \"xfs-vm\", \"xfs\"]"),
                RunEnvironment.class);
        DatasetSummary d = Summarizer.summarize(ResultSet.of(rows(100_000_000)), env)
                .datasets()
                .get(0);
        assertEquals(List.of("xfs", "reiserfs", "xfs-vm"), d.columns());
    }

    @Test
    void aGuestCopyIsMeasuredAgainstTheGuestsDatasetNotTheHosts() throws Exception {
        // the guests wrote their whole 100 MB: no short write, though it is 5 % of the host's dataset
        List<String> warnings =
                Summarizer.summarize(ResultSet.of(rows(100_000_000)), env()).warnings();
        assertFalse(warnings.stream().anyMatch(w -> w.contains("wrote")), warnings.toString());
        assertTrue(
                warnings.contains("Datasets and fsflow-created devices were shrunk per place (--scale 1 --scale "
                        + "guest=0.05): the cells of a place below 1 do not have the published sizes, and cells of "
                        + "different scales are never compared."),
                warnings.toString());
    }

    @Test
    void theFactsNameEachPlacesScaleAndData() throws Exception {
        RunFacts f = RunFacts.of(ResultSet.of(rows(100_000_000)), env());
        assertEquals("--scale 1 --scale guest=0.05", f.scales().options());
        assertEquals(1000, f.dataAt().get("0.05").get("test1").files());
    }
}
