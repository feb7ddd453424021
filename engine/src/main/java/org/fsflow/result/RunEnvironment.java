package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.scenario.Scales;

/**
 * {@code environment.json} of a run directory, typed: the conditions a run was made under (or,
 * for imported results, where they come from). Every field is null when the file does not have
 * it, except {@code campaign} and {@code tools}, which are then empty.
 *
 * @param fsflowVersion  the fsflow version that ran
 * @param javaVersion    the Java version it ran on
 * @param host           host name
 * @param kernel         kernel release
 * @param distribution   operating system, as /etc/os-release names it
 * @param cpuModel       CPU model name
 * @param cpuCores       number of CPUs available
 * @param memoryBytes    RAM
 * @param scenario       scenario name
 * @param scenarioFile   scenario file as given on the command line
 * @param scenarioSha256 digest of the scenario file
 * @param settings       every effective setting of the run
 * @param campaign       what reports need of the scenario
 * @param tools          version of every tool the scenario calls, in the order they were probed
 * @param launchFloor    the floor of every measurement
 * @param importedFrom   for imported results: from what
 * @param loadAverage    the host's load average when the run started ({@code load_1m} ...)
 * @param cpuGovernors   CPU frequency governor to the number of CPUs using it (empty where not exposed)
 * @param conditions     memory budget, warm-up and flushes; null for runs that predate them
 * @param resumes        each time the run was interrupted and resumed, in order; empty when never
 * @param baseline       the disk under the loop images measured before the first cell; null before it was
 * @param labels         for imported results: the labels given to the import ({@code --label})
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
    "fsflow_version",
    "java_version",
    "host",
    "kernel",
    "distribution",
    "cpu_model",
    "cpu_cores",
    "memory_bytes",
    "load_average",
    "cpu_governors",
    "scenario",
    "scenario_file",
    "scenario_sha256",
    "settings",
    "campaign",
    "conditions",
    "tools",
    "baseline",
    "launch_floor",
    "imported_from",
    "labels",
    "resumes"
})
public record RunEnvironment(
        String fsflowVersion,
        String javaVersion,
        String host,
        String kernel,
        String distribution,
        String cpuModel,
        Integer cpuCores,
        Long memoryBytes,
        String scenario,
        String scenarioFile,
        String scenarioSha256,
        Settings settings,
        RunCampaign campaign,
        Map<String, String> tools,
        LaunchFloor launchFloor,
        String importedFrom,
        Map<String, Double> loadAverage,
        Map<String, Integer> cpuGovernors,
        RunConditions conditions,
        List<Resume> resumes,
        Baseline baseline,
        Map<String, String> labels) {

    /** The file name inside a run directory. */
    public static final String FILE = "environment.json";

    /** Normalizes absent sections to empty ones. */
    public RunEnvironment {
        campaign = campaign == null ? RunCampaign.EMPTY : campaign;
        tools = tools == null ? Map.of() : tools;
        loadAverage = loadAverage == null ? Map.of() : loadAverage;
        cpuGovernors = cpuGovernors == null ? Map.of() : cpuGovernors;
        resumes = resumes == null ? List.of() : resumes;
        labels = labels == null ? Map.of() : labels;
    }

    /** The environment of results imported {@code from} other tools' files: what reports need, and no more. */
    public static RunEnvironment imported(
            String scenario, String from, RunCampaign campaign, Map<String, String> labels) {
        return new RunEnvironment(
                null, null, null, null, null, null, null, null, scenario, null, null, null, campaign, null, null, from,
                null, null, null, null, null, labels);
    }

    /** The same environment with the floor of its measurements, taken once the rest was collected. */
    public RunEnvironment withLaunchFloor(LaunchFloor floor) {
        return new RunEnvironment(
                fsflowVersion,
                javaVersion,
                host,
                kernel,
                distribution,
                cpuModel,
                cpuCores,
                memoryBytes,
                scenario,
                scenarioFile,
                scenarioSha256,
                settings,
                campaign,
                tools,
                floor,
                importedFrom,
                loadAverage,
                cpuGovernors,
                conditions,
                resumes,
                baseline,
                labels);
    }

    /** The file's bytes, as a run writes them (indented, in the fields' order). */
    public byte[] bytes() {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + FILE, e);
        }
    }

    /**
     * One resume of an interrupted run, added to {@code environment.json} by {@code fsflow resume}
     * before it runs anything: the time between the interruption and it is in no step and around no
     * step, and the host it resumed on may differ from the one the run started on.
     *
     * @param at        when the resume started (ISO-8601)
     * @param afterRows the measurements the journal held then
     * @param lastNode  the node of the last of them, or null when it held none
     * @param kernel    the host's kernel release at the resume
     * @param commit    the git commit of the fsflow that resumed (its jar's), or null when unknown
     * @param sets      the {@code resume --set} options it was given (more rounds), empty when none
     */
    public record Resume(
            String at,
            int afterRows,
            String lastNode,
            String kernel,
            String commit,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> sets) {
        /** A resume as recorded; no {@code sets} is none. */
        public Resume {
            sets = sets == null ? List.of() : List.copyOf(sets);
        }
    }

    /** The environment stored in run directory {@code dir}; an empty one when it has none. */
    public static RunEnvironment read(Path dir) {
        Path file = dir.resolve(FILE);
        if (Files.exists(file)) {
            return JsonFile.read(file, RunEnvironment.class);
        }
        try {
            return Json.MAPPER.readValue("{}", RunEnvironment.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The datasets as the cell of row {@code m} had them: at its {@code scale} when it has its own, else the host's. */
    public Map<String, RunCampaign.DatasetInfo> datasetsOf(Measurement m) {
        Map<String, RunCampaign.DatasetInfo> at =
                m == null || m.scale() == null ? null : campaign.datasetsAt().get(Scales.plain(m.scale()));
        return at != null ? at : campaign.datasets();
    }

    /**
     * Every effective setting of a run ({@code run.json}'s content), shown as text in file order,
     * and those the summary reads.
     *
     * @param shown        setting name to its value as text (JSON for lists and objects), without
     *                     the provenance
     * @param scale        the default --scale factor, 1 when not shrunk
     * @param scales       the --scale of each place ({@code scale} and {@code place_scales})
     * @param cpuMethod    how user and system time were measured
     * @param memoryMethod how max RSS was measured
     * @param provenance   what made the run; null in runs that predate it
     * @param json         the settings as the file holds them, every field included
     */
    public record Settings(
            Map<String, String> shown,
            double scale,
            Scales scales,
            String cpuMethod,
            String memoryMethod,
            RunProvenance provenance,
            JsonNode json) {

        /** The settings of {@code run}, the run's {@code run.json}. */
        public static Settings of(RunSettings run) {
            return of((JsonNode) Json.MAPPER.valueToTree(run));
        }

        /** The settings as the file has them: what is written back. */
        @Override
        @JsonValue
        public JsonNode json() {
            return json;
        }

        // scale, a number (the default), and place_scales, an object (absent in older runs); FULL when unreadable
        private static Scales scales(JsonNode run) {
            try {
                Map<String, Double> places = new LinkedHashMap<>();
                run.path("place_scales")
                        .fields()
                        .forEachRemaining(
                                e -> places.put(e.getKey(), e.getValue().asDouble()));
                return new Scales(run.path("scale").asDouble(1.0), places);
            } catch (IllegalArgumentException e) {
                return Scales.FULL;
            }
        }

        /** The run's default scale as recorded, null when the settings have none. */
        public Double recordedScale() {
            return shown.containsKey("scale") ? scale : null;
        }

        /** The scale {@code m} ran at: its own {@code scale}, else (older rows) the run's default. */
        public double scaleOf(Measurement m) {
            return m.scale() != null ? m.scale() : scale;
        }

        /** The settings of the JSON object {@code node}. */
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public static Settings of(JsonNode node) {
            Map<String, String> shown = new LinkedHashMap<>();
            node.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("provenance")) {
                    shown.put(
                            e.getKey(),
                            e.getValue().isValueNode()
                                    ? e.getValue().asText()
                                    : e.getValue().toString());
                }
            });
            RunProvenance provenance = null;
            if (node.path("provenance").isObject()) {
                try {
                    provenance = Json.MAPPER.treeToValue(node.get("provenance"), RunProvenance.class);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read the provenance of a run: " + e.getMessage(), e);
                }
            }
            return new Settings(
                    shown,
                    node.path("scale").asDouble(1.0),
                    scales(node),
                    node.path("cpu_method").asText(""),
                    node.path("memory_method").asText(""),
                    provenance,
                    node);
        }
    }
}
