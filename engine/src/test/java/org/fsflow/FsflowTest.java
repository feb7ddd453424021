package org.fsflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FsflowTest {

    @Test
    void theDefaultOutputNeverHoldsEarlierResults(@TempDir Path reports) throws Exception {
        assertEquals(reports.resolve("cds-2009"), Fsflow.defaultOut(reports, "cds-2009"));
        Files.createDirectories(reports.resolve("cds-2009"));
        Files.writeString(reports.resolve("cds-2009/results.jsonl"), "");
        assertEquals(reports.resolve("cds-2009"), Fsflow.defaultOut(reports, "cds-2009"), "an empty journal is free");
        Files.writeString(reports.resolve("cds-2009/results.jsonl"), "{}\n");
        assertEquals(reports.resolve("cds-2009-2"), Fsflow.defaultOut(reports, "cds-2009"), "published results are kept");
        Files.createDirectories(reports.resolve("cds-2009-2"));
        Files.writeString(reports.resolve("cds-2009-2/results.jsonl"), "{}\n");
        assertEquals(reports.resolve("cds-2009-3"), Fsflow.defaultOut(reports, "cds-2009"));
    }
}
