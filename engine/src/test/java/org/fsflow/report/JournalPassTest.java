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
    void theCsvHasTheBytesTheCsvMapperWritesForEveryRow(@TempDir Path dir) throws IOException {
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
            pass.writeCsv();
        }
        String csv = Files.readString(dir.resolve("results.csv"));
        assertEquals(mapped(Journal.read(dir.resolve(Journal.FILE))), csv);
        assertEquals(CsvWriter.csv(Journal.read(dir.resolve(Journal.FILE))), csv);
        try (var left = Files.list(dir)) {
            assertEquals(
                    List.of("results.csv", "results.jsonl"),
                    left.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void rowsWithoutToolFiguresAreWrittenAsTheyAreHandedOverInManyBatches(@TempDir Path dir) throws IOException {
        List<Measurement> rows = rows(3000, -1);
        assertEquals(csvOfPass(dir, rows), CsvWriter.csv(rows));
        assertEquals(mapped(rows), Files.readString(dir.resolve("results.csv")));
    }

    @Test
    void toolFiguresFirstSeenAfterManyRowsGetTheirColumnsInEveryRow(@TempDir Path dir) throws IOException {
        List<Measurement> rows = rows(3000, 2500);
        String csv = csvOfPass(dir, rows);
        assertEquals(mapped(rows), csv);
        assertEquals(3001 + 3000 / 7, csv.lines().count(), "a line per row, and one more per reason of two lines");
        assertEquals(true, csv.lines().findFirst().orElseThrow().endsWith(",metric.z_kib_s"));
    }

    @Test
    void aTornLastLineLeavesTheRowsBeforeItInTheCsv(@TempDir Path dir) throws IOException {
        List<Measurement> rows = rows(600, -1);
        write(dir, rows);
        Files.writeString(
                dir.resolve(Journal.FILE), "{\"node\": \"c/r601/s\", \"st", java.nio.file.StandardOpenOption.APPEND);
        try (JournalPass pass = JournalPass.over(dir)) {
            assertEquals(600, pass.results().size());
            pass.writeCsv();
        }
        assertEquals(CsvWriter.csv(rows), Files.readString(dir.resolve("results.csv")));
    }

    @Test
    void aDamagedLineBeforeTheLastIsSkippedAndNamedAndTheOldCsvKeptUnlessWritten(@TempDir Path dir) throws IOException {
        write(dir, rows(2000, -1));
        List<String> lines = new ArrayList<>(Files.readAllLines(dir.resolve(Journal.FILE)));
        lines.set(1500, "{\"node\": oops}");
        Files.write(dir.resolve(Journal.FILE), lines);
        Files.writeString(dir.resolve("results.csv"), "old");
        try (JournalPass pass = JournalPass.over(dir)) {
            assertEquals(1999, pass.results().size());
            assertEquals(
                    List.of(1501L),
                    pass.results().unreadable().stream()
                            .map(org.fsflow.result.JournalReader.Unreadable::line)
                            .toList());
        }
        assertEquals("old", Files.readString(dir.resolve("results.csv")));
        try (var left = Files.list(dir)) {
            assertEquals(2, left.count(), "no temporary file left");
        }
    }

    // n rows of one step; the one at index withFigures (none when negative) has tool figures
    private static List<Measurement> rows(int n, int withFigures) {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= n; r++) {
            rows.add(Measurement.builder("c/r" + r + "/s", "s")
                    .repeat(r)
                    .status(r % 7 == 0 ? Status.FAILED : Status.OK)
                    .realS(r / 3.0)
                    .command("cp -a \"/a b\",c " + r % 3)
                    .reason(r % 7 == 0 ? "line one\nline \"two\"" : null)
                    .metrics(r - 1 == withFigures ? Map.of("z_kib_s", r * 1e9) : Map.of())
                    .build());
        }
        return rows;
    }

    private static void write(Path dir, List<Measurement> rows) {
        try (Journal j = Journal.open(dir.resolve(Journal.FILE))) {
            j.appendAll(rows);
        }
    }

    private static String csvOfPass(Path dir, List<Measurement> rows) throws IOException {
        write(dir, rows);
        try (JournalPass pass = JournalPass.over(dir)) {
            assertEquals(rows.size(), pass.results().size());
            pass.writeCsv();
        }
        return Files.readString(dir.resolve("results.csv"));
    }

    // what the CSV mapper writes for these rows, each a list of values: the reference
    private static String mapped(List<Measurement> rows) throws IOException {
        java.util.TreeSet<String> keys = new java.util.TreeSet<>();
        rows.forEach(r -> keys.addAll(r.metrics().keySet()));
        com.fasterxml.jackson.dataformat.csv.CsvSchema.Builder schema =
                com.fasterxml.jackson.dataformat.csv.CsvSchema.builder();
        CsvWriter.columns(keys).forEach(schema::addColumn);
        java.io.StringWriter out = new java.io.StringWriter();
        try (var w = new com.fasterxml.jackson.dataformat.csv.CsvMapper()
                .writer(schema.build().withHeader())
                .writeValues(out)) {
            for (Measurement r : rows) {
                List<Object> row = CsvWriter.contract(r);
                keys.forEach(k -> row.add(CsvWriter.nz(r.metrics().get(k))));
                w.write(row);
            }
        }
        return out.toString();
    }

    @Test
    void aReportThatFailsLeavesTheOldCsv(@TempDir Path dir) throws IOException {
        try (Journal j = Journal.open(dir.resolve(Journal.FILE))) {
            j.append(Measurement.builder("c/r1/s", "s")
                    .repeat(1)
                    .status(Status.OK)
                    .realS(1.0)
                    .build());
        }
        Files.writeString(dir.resolve("results.csv"), "old");
        try (JournalPass pass = JournalPass.over(dir)) {
            assertEquals(1, pass.results().size());
        }
        assertEquals("old", Files.readString(dir.resolve("results.csv")));
        try (var left = Files.list(dir)) {
            assertEquals(2, left.count(), "no temporary file left");
        }
    }
}
