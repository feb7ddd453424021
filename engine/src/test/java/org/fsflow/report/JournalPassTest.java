package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.TestPaths;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Status;
import org.fsflow.summary.Summarizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one pass a report makes: the same model and the same results.csv as from every row kept. */
class JournalPassTest {

    @Test
    void theModelOfOnePassIsTheModelOfEveryRowKept(@TempDir Path dir) throws IOException {
        Path golden = TestPaths.resources("report/golden");
        RunEnvironment env = RunEnvironment.read(golden);
        Files.copy(golden.resolve(Journal.FILE), dir.resolve(Journal.FILE));
        try (JournalPass pass = JournalPass.over(dir)) {
            assertEquals(
                    ReportModelBuilder.build(Summarizer.summarize(ResultSet.load(golden), env)),
                    ReportModelBuilder.build(Summarizer.summarize(pass.results(), env)));
            assertThrows(IllegalStateException.class, () -> pass.results().measurements());
        }
    }

    @Test
    void theSpooledCsvHasTheBytesOfTheCsvOfEveryRow(@TempDir Path dir) throws IOException {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 5; r++) {
            rows.add(Measurement.builder("c/r" + r + "/s", "s")
                    .repeat(r)
                    .status(r == 2 ? Status.FAILED : Status.OK)
                    .realS(r / 3.0)
                    .command("cp -a \"/a b\",c '/d'")
                    .reason(r == 2 ? "line one\nline \"two\", and more" : null)
                    .metrics(r < 3 ? Map.of() : Map.of("z_kib_s", r * 1e9, "a " + r, "x,y", "empty", ""))
                    .build());
        }
        try (Journal j = Journal.open(dir.resolve(Journal.FILE))) {
            rows.forEach(j::append);
        }
        try (JournalPass pass = JournalPass.over(dir)) {
            assertEquals(5, pass.results().size());
            pass.writeCsv(dir.resolve("results.csv"));
        }
        assertEquals(
                CsvWriter.csv(Journal.read(dir.resolve(Journal.FILE))), Files.readString(dir.resolve("results.csv")));
        try (var left = Files.list(dir)) {
            assertEquals(
                    List.of("results.csv", "results.jsonl"),
                    left.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
