package org.fsflow.result;

import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.safety.AtomicFile;

/**
 * One aged cell's aging: what was done, how long it took, the state it left, and how to recognise
 * that state again. One JSON line per aged cell in {@code aging.jsonl} of the output directory,
 * apart from the measured steps of {@code results.jsonl}: the aging is paid once per cell, before
 * its first repetition, and never enters a step's summary.
 *
 * @param cell             the cell id ({@code aged/ext4})
 * @param coordinates      the cell's coordinates
 * @param seed             the aging's seed
 * @param spec             the aging, the filesystem's mkfs and mount commands and the device size, as one line:
 *                         an aged image is reused only for the same spec
 * @param kernel           {@code uname -r} of the kernel that aged it
 * @param tools            the version of each tool that made or measured it (mkfs, filefrag ...)
 * @param startedAt        ISO-8601 UTC
 * @param agingS           the aging's own duration in seconds (the operations and their fsyncs)
 * @param operations       the operations done, by kind
 * @param fillOperations   the creates of the fill
 * @param writtenBytes     the bytes the ager wrote
 * @param capacityBytes    the filesystem's size (statfs) before aging
 * @param fullnessPct      the filesystem's used share (statfs) after aging, in percent
 * @param files            the regular files left
 * @param liveBytes        their bytes
 * @param noSpace          operations refused with "no space left"
 * @param extentsPerFile   the mean number of extents of a non-empty file (FIEMAP, filefrag)
 * @param fragmentedPct    the share of non-empty files with more than one extent, in percent
 * @param maxExtents       the most extents of one file
 * @param freeExtents      the number of free extents (e2freefrag, xfs_db freesp), null where no tool says
 * @param freeBytes        the free bytes in them, null likewise
 * @param freeSmallPct     the share of free space in extents under 1 MiB, null likewise
 * @param freeSpaceTool    the tool that measured free space, or why it was not measured
 * @param fingerprint      SHA-256 of the aged state (see docs/aging.md: the tree, each file's content hash and
 *                         physical extents, the free-space histogram), equal for equal agings
 * @param imageSha256      SHA-256 of the raw image: differs between two equal agings (timestamps, UUIDs ...)
 * @param image            the aged image every repetition starts from
 */
public record AgingRecord(
        String cell,
        Map<String, String> coordinates,
        long seed,
        String spec,
        String kernel,
        Map<String, String> tools,
        String startedAt,
        double agingS,
        Map<String, Long> operations,
        long fillOperations,
        long writtenBytes,
        long capacityBytes,
        double fullnessPct,
        long files,
        long liveBytes,
        long noSpace,
        double extentsPerFile,
        double fragmentedPct,
        long maxExtents,
        Long freeExtents,
        Long freeBytes,
        Double freeSmallPct,
        String freeSpaceTool,
        String fingerprint,
        String imageSha256,
        String image) {

    /** The file name inside an output directory. */
    public static final String FILE = "aging.jsonl";

    private static final ObjectReader READER = Json.MAPPER.readerFor(AgingRecord.class);

    /** Every record of {@code dir}'s {@code aging.jsonl}, in file order (none when it is absent). */
    public static List<AgingRecord> read(Path dir) {
        Path file = dir.resolve(FILE);
        List<AgingRecord> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    out.add(READER.readValue(line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return out;
    }

    /** Replaces, atomically, {@code dir}'s {@code aging.jsonl} with its records plus {@code r} (replacing its cell's). */
    public static void save(Path dir, AgingRecord r) {
        List<AgingRecord> all = new ArrayList<>(read(dir));
        all.removeIf(x -> x.cell().equals(r.cell()));
        all.add(r);
        StringBuilder text = new StringBuilder();
        try {
            for (AgingRecord x : all) {
                text.append(Json.MAPPER.writeValueAsString(x)).append('\n');
            }
            AtomicFile.writeString(dir.resolve(FILE), text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(FILE), e);
        }
    }
}
