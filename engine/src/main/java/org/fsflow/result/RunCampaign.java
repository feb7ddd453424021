package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * {@code environment.json}'s {@code campaign}: the scenario as reports show it, written by the run from
 * its plan. Lists and maps are never null.
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
 * @param filesystemTypes each filesystem of the scenario by name, to its type ({@code ext3-vm: { type:
 *                        ext3 }} is of type ext3), in declaration order; empty in runs that predate it
 */
@JsonPropertyOrder({
    "title",
    "source",
    "description",
    "steps",
    "drop_caches_steps",
    "filesystems",
    "datasets",
    "datasets_at",
    "metrics",
    "devices",
    "filesystem_types"
})
public record RunCampaign(
        String title,
        String source,
        String description,
        List<String> steps,
        List<String> dropCachesSteps,
        List<String> filesystems,
        Map<String, DatasetInfo> datasets,
        Map<String, DeviceInfo> devices,
        Map<String, Map<String, DatasetInfo>> datasetsAt,
        Map<String, MetricInfo> metrics,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> filesystemTypes) {

    /** A campaign of which nothing is known. */
    public static final RunCampaign EMPTY =
            new RunCampaign(null, null, null, null, null, null, null, null, null, null, null);

    /** Normalizes absent lists and maps to empty ones. */
    public RunCampaign {
        metrics = metrics == null ? Map.of() : metrics;
        steps = steps == null ? List.of() : steps;
        dropCachesSteps = dropCachesSteps == null ? List.of() : dropCachesSteps;
        filesystems = filesystems == null ? List.of() : filesystems;
        datasets = datasets == null ? Map.of() : datasets;
        devices = devices == null ? Map.of() : devices;
        datasetsAt = datasetsAt == null ? Map.of() : datasetsAt;
        filesystemTypes = filesystemTypes == null ? Map.of() : filesystemTypes;
    }

    /**
     * A scenario's own figure as its {@code parse:} declares it.
     *
     * @param unit   its unit as reports show it, "" when not given
     * @param better {@code lower}, {@code higher}, or null: shown, never ranked
     */
    public record MetricInfo(String unit, String better) {}

    /**
     * A dataset as generated (or found).
     *
     * @param files    number of files
     * @param bytes    their total size
     * @param existing the directory of an existing tree, or null for a generated dataset
     * @param leafDirs the directories that hold the files (dirs^depth), null for an existing tree
     *                 and in environments written before it was recorded
     */
    @JsonPropertyOrder({"files", "leaf_dirs", "bytes", "existing"})
    public record DatasetInfo(long files, long bytes, String existing, Long leafDirs) {}

    /**
     * A device of the scenario and the disk under it; in the file its fields are flat, in this order.
     *
     * @param kind          loop, block, tmpfs or dir
     * @param sizeBytes     the size fsflow gave it (loop, tmpfs)
     * @param image         a loop device's image file
     * @param path          a block device or directory
     * @param disk          the disk that holds the image or directory, or the block device's
     * @param node          for a loop device: the node it was attached as
     * @param directIo      for a loop device: whether the kernel does direct I/O to its image
     * @param directIoNote  why it does not (opted out, refused by the backing filesystem)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DeviceInfo(
            String kind,
            Long sizeBytes,
            String image,
            String path,
            @JsonUnwrapped Baseline.Identity disk,
            String node,
            Boolean directIo,
            String directIoNote) {

        /** Normalizes an absent disk to one of which nothing is known. */
        public DeviceInfo {
            disk = disk == null ? Baseline.Identity.UNKNOWN : disk;
        }

        /** A device of {@code kind} on the disk {@code disk}, before a loop device is attached to it. */
        public static DeviceInfo of(String kind, Long sizeBytes, String image, String path, Baseline.Identity disk) {
            return new DeviceInfo(kind, sizeBytes, image, path, disk, null, null, null);
        }
    }
}
