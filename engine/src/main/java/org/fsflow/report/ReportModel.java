package org.fsflow.report;

import java.util.List;

/**
 * The data model of the report templates: what {@code report.html.ftl} and {@code report.md.ftl}
 * (and a user's {@code --templates}) lay out. Every value is already formatted text (or a count),
 * so templates never compute. The names below are what templates write: {@code ${title}},
 * {@code <#list datasets as d>${d.name}}, {@code d.tables[0].rows[0].cells[0].text} and so on;
 * templates/README.md lists them.
 *
 * @param title        the campaign's title
 * @param source       its provenance, "" if none
 * @param verdicts     the verdicts of the source's findings, the report's first section ({@link VerdictSection#NONE} without findings)
 * @param controls     whether each guest ranks its control cells like the host ({@link ControlSection#NONE} without)
 * @param description  free text, "" if none
 * @param answer       for a run without source findings, what it found, in one line: its headline
 *                     ({@link org.fsflow.summary.Headlines}, the fastest column per step); "" otherwise
 * @param scenario     the scenario name
 * @param measurements the number of stored measurements
 * @param ran          what ran, from the run's records, beside the source's conditions
 * @param sourced      true when the source states conditions (so {@code ran} has a source column)
 * @param conditions   host, CPU, memory, kernel ... as label and value
 * @param devices      the devices of the scenario
 * @param tools        tool name and version
 * @param settings     every effective setting, name and value
 * @param datasets     one section per dataset
 * @param bonnie       the bonnie++ tables
 * @param capacity     capacity after mkfs, one row per filesystem
 * @param skipped      skipped steps by cell and reason
 * @param failed       failed and timed-out steps, the first {@link NotableRows#LIMIT}; every one is in the CSV
 * @param failedCount  how many steps failed or timed out
 * @param raw          the measurements shown one by one: failures and outliers (at most
 *                     {@link NotableRows#LIMIT}); every row is in the CSV
 * @param notable      how many measurements failed or are outliers (raw holds the first ones)
 * @param csv          the name of the CSV file beside the report
 * @param warnings     the method warnings, one sentence each
 * @param method       how the tables are computed, one paragraph
 * @param provenance   what made the run: fsflow and its commit, the command, the scenario file and
 *                     digest; empty for runs that predate it
 * @param crash        the crash cells' section ({@link CrashSection#NONE} without crash cells)
 * @param aging        the agings of the aged cells and the aging penalty ({@link AgingSection#NONE} without)
 * @param figures      the tools' parsed figures (fio, dd ...) per step, other than bonnie++'s and capacity's
 * @param repetitions  per series of an adaptive repeat, what ended its repetitions (empty for a
 *                     fixed count)
 * @param time         where the run's wall time went, per place and in all ({@link TimeSection#NONE}
 *                     without rows)
 */
public record ReportModel(
        String title,
        String source,
        VerdictSection verdicts,
        ControlSection controls,
        String description,
        String answer,
        String scenario,
        int measurements,
        List<Fact> ran,
        boolean sourced,
        List<Labelled> conditions,
        List<Device> devices,
        List<Labelled> tools,
        List<Labelled> settings,
        List<Dataset> datasets,
        List<Bonnie> bonnie,
        List<Capacity> capacity,
        List<Skipped> skipped,
        List<Failed> failed,
        int failedCount,
        List<Raw> raw,
        int notable,
        String csv,
        List<String> warnings,
        String method,
        List<Labelled> provenance,
        CrashSection crash,
        AgingSection aging,
        FigureSection figures,
        List<Repetition> repetitions,
        TimeSection time) {

    /**
     * A series of an adaptive repeat: its cell and step, its values, its mean's 95 % interval over
     * the mean ({@code precision}, "± 4.9 %"), its CV, and what ended it.
     */
    public record Repetition(String cell, String step, int n, String precision, String cv, String ended) {}

    /** A condition as the run had it ({@code run}) and as the source states it ({@code source}, "" if not). */
    public record Fact(String label, String run, String source) {}

    /** A label and its value ({@code label}, {@code value}). */
    public record Labelled(String label, String value) {}

    /** A device: {@code name kind size where backing model rotational}. */
    public record Device(
            String name,
            String kind,
            String size,
            String where,
            String backing,
            String model,
            String rotational,
            String directIo) {}

    /**
     * A dataset's section: its tables share {@code columns}, grouped by place in {@code groups}
     * (empty when every column was measured in one place); {@code charts} has one chart per place,
     * each bar relative to the fastest of its own place. {@code chart} and {@code chartFile} are the
     * first chart's (kept for templates written before charts per place), "" without one.
     * {@code cache} tells the page cache from storage per step (null for a run that did not measure
     * it); {@code overTime} has a chart per step and column that kept a time series.
     */
    public record Dataset(
            String name,
            String anchor,
            String info,
            List<String> columns,
            List<ColumnGroup> groups,
            List<Table> tables,
            PlainTable io,
            PlainTable cache,
            List<Chart> overTime,
            List<Chart> charts,
            String chart,
            String chartFile) {}

    /** Adjacent columns measured in one place ({@code host kernel 6.18.4}, {@code guest kernel 6.1.0, TCG ...}). */
    public record ColumnGroup(String label, int span) {}

    /** A chart: its title, the SVG markup (already escaped) and its file name beside the Markdown report. */
    public record Chart(String title, String svg, String file) {}

    /** A ranked steps x columns table of one figure ({@code key}: its results.jsonl field). */
    public record Table(String title, String key, boolean ranked, List<Row> rows) {}

    /** One step of a {@link Table}. */
    public record Row(String step, List<Cell> cells) {}

    /**
     * One cell: {@code text} "mean ± half-width" (or "–"), {@code rel} "×1.23" or "", {@code mark}
     * "best", "≈" or "", {@code n} "n=3" or "", {@code outliers} their count.
     */
    public record Cell(String text, String rel, String mark, String n, int outliers) {}

    /** A steps x columns table of texts. */
    public record PlainTable(String title, List<PlainRow> rows) {}

    /** One step of a {@link PlainTable}. */
    public record PlainRow(String step, List<String> cells) {}

    /**
     * A bonnie++ table, its column {@code headers} and one line per filesystem; charts (one per place)
     * and the first chart's {@code chart} and {@code chartFile} as in {@link Dataset}.
     */
    public record Bonnie(
            String title,
            List<BonnieHeader> headers,
            List<BonnieLine> lines,
            List<Chart> charts,
            String chart,
            String chartFile) {}

    /** A bonnie++ test column: {@code first} opens its {@code group}, which spans {@code span} cells. */
    public record BonnieHeader(String group, String test, String unit, boolean first, int span) {}

    /**
     * A filesystem's bonnie++ line: rate and % CPU cells per test, and latencies (empty list if none);
     * {@code place} is where it ran, "" when the table has lines of one place only, and
     * {@code placeStart} marks the first line of a place.
     */
    public record BonnieLine(
            String filesystem, int n, List<String> cells, List<String> latencies, String place, boolean placeStart) {}

    /** Capacity after mkfs of one filesystem, over {@code n} measurements. */
    public record Capacity(
            String filesystem, String device, String size, String available, String usable, String inodes, int n) {}

    /** Skipped steps of one cell for one reason. */
    public record Skipped(String cell, String reason, int steps) {}

    /** A failed or timed-out measurement. */
    public record Failed(String node, String status, String reason) {}

    /** A measurement shown one by one, formatted; {@code why}: "outlier" or its failure status. */
    public record Raw(
            String why,
            String node,
            String status,
            String real,
            String user,
            String sys,
            String cpu,
            String rss,
            String command,
            String reason) {}
}
