package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
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
 */
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
        Campaign campaign,
        Map<String, String> tools,
        LaunchFloor launchFloor,
        String importedFrom,
        Map<String, Double> loadAverage,
        Map<String, Integer> cpuGovernors,
        RunConditions conditions,
        List<Resume> resumes,
        Baseline baseline) {

    /** The file name inside a run directory. */
    public static final String FILE = "environment.json";

    /** Normalizes absent sections to empty ones. */
    public RunEnvironment {
        campaign =
                campaign == null ? new Campaign(null, null, null, null, null, null, null, null, null, null) : campaign;
        tools = tools == null ? Map.of() : tools;
        loadAverage = loadAverage == null ? Map.of() : loadAverage;
        cpuGovernors = cpuGovernors == null ? Map.of() : cpuGovernors;
        resumes = resumes == null ? List.of() : resumes;
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
    public record Resume(String at, int afterRows, String lastNode, String kernel, String commit, List<String> sets) {
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

    /**
     * The scenario as reports show it. Lists and maps are never null.
     *
     * @param title           the scenario's title
     * @param source          its provenance
     * @param description     free text
     * @param steps           step names, in scenario order
     * @param dropCachesSteps steps that drop the page cache first
     * @param filesystems     the filesystem axis, in matrix order
     * @param datasets        the datasets the matrix uses, in declaration order, at the host's scale
     * @param devices         the devices, in declaration order
     * @param datasetsAt      the same datasets at each other scale a place ran at ({@code --scale
     *                        guest=0.05}), by the scale as written ({@code "0.05"}); empty when every
     *                        place ran at one scale
     * @param metrics         the scenario's own figures ({@code parse:} as a mapping) by name: their
     *                        unit and which way is better; empty when it has none
     */
    public record Campaign(
            String title,
            String source,
            String description,
            List<String> steps,
            List<String> dropCachesSteps,
            List<String> filesystems,
            Map<String, DatasetInfo> datasets,
            Map<String, DeviceInfo> devices,
            Map<String, Map<String, DatasetInfo>> datasetsAt,
            Map<String, MetricInfo> metrics) {

        /** Normalizes absent lists and maps to empty ones. */
        public Campaign {
            metrics = metrics == null ? Map.of() : metrics;
            steps = steps == null ? List.of() : steps;
            dropCachesSteps = dropCachesSteps == null ? List.of() : dropCachesSteps;
            filesystems = filesystems == null ? List.of() : filesystems;
            datasets = datasets == null ? Map.of() : datasets;
            devices = devices == null ? Map.of() : devices;
            datasetsAt = datasetsAt == null ? Map.of() : datasetsAt;
        }
    }

    /**
     * A scenario's own figure as its {@code parse:} declares it.
     *
     * @param unit   its unit as reports show it, "" when not given
     * @param better {@code lower}, {@code higher}, or null: shown, never ranked
     */
    public record MetricInfo(String unit, String better) {}

    /** The datasets as the cell of row {@code m} had them: at its {@code scale} when it has its own, else the host's. */
    public Map<String, DatasetInfo> datasetsOf(Measurement m) {
        Map<String, DatasetInfo> at =
                m == null || m.scale() == null ? null : campaign.datasetsAt().get(Scales.plain(m.scale()));
        return at != null ? at : campaign.datasets();
    }

    /**
     * A dataset as generated (or found).
     *
     * @param files    number of files
     * @param bytes    their total size
     * @param existing the directory of an existing tree, or null for a generated dataset
     * @param leafDirs the directories that hold the files (dirs^depth), null for an existing tree
     *                 and in environments written before it was recorded
     */
    public record DatasetInfo(long files, long bytes, String existing, Long leafDirs) {}

    /**
     * A device of the scenario and the disk under it.
     *
     * @param kind          loop, block, tmpfs or dir
     * @param sizeBytes     the size fsflow gave it (loop, tmpfs)
     * @param image         a loop device's image file
     * @param path          a block device or directory
     * @param backingSource what holds the image or directory ({@code /dev/vda})
     * @param blockDevice   the kernel name of the disk
     * @param rotational    whether that disk rotates
     * @param deviceBytes   the disk's size
     * @param model         the disk's model
     * @param directIo      for a loop device: whether the kernel does direct I/O to its image
     * @param directIoNote  why it does not (opted out, refused by the backing filesystem)
     */
    public record DeviceInfo(
            String kind,
            Long sizeBytes,
            String image,
            String path,
            String backingSource,
            String blockDevice,
            Boolean rotational,
            Long deviceBytes,
            String model,
            Boolean directIo,
            String directIoNote) {}

    /**
     * The median real and CPU time of {@code true} run through fsflow.
     *
     * @param command the command timed
     * @param runs    how many times
     * @param realSMedian median real time, seconds
     * @param cpuSMedian  median CPU (user + system) time, seconds
     * @param bareSMedian median real time of a bare fork/exec of the same command from the same JVM
     * @param ratioToBare the floor over that
     * @param launchMechanism how the JVM started processes
     */
    public record LaunchFloor(
            String command,
            int runs,
            @JsonProperty("real_s_median") double realSMedian,
            @JsonProperty("cpu_s_median") double cpuSMedian,
            @JsonProperty("bare_fork_exec_s_median") Double bareSMedian,
            Double ratioToBare,
            String launchMechanism) {}

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
     */
    public record Settings(
            Map<String, String> shown,
            double scale,
            Scales scales,
            String cpuMethod,
            String memoryMethod,
            RunProvenance provenance) {

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
                    provenance);
        }
    }
}
