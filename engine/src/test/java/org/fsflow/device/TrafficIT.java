package org.fsflow.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.fsflow.Leftovers;
import org.fsflow.TestResults;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page cache told from the devices, clones told by their extents and a step's time series, all
 * measured for real on ext4 and xfs loop devices. A tree is copied in, then copied within the
 * filesystem by a plain {@code cp -r} that names no dataset: on xfs coreutils clones it by reflink,
 * and the copy's extents say so (FIEMAP's shared flag), so the report names it a clone; on ext4 it
 * is a byte copy, and nothing says otherwise. A twelve-second write step keeps a time series that
 * the report draws, and results.csv carries every step's cache and device figures.
 */
class TrafficIT {

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void clonesAreToldByTheirExtentsAndLongStepsKeepATimeSeries() throws Exception {
        assumeTrue(Capabilities.which("mkfs.xfs") != null, "xfsprogs is not installed (.ci/run installs it)");
        assumeTrue(Capabilities.which("filefrag") != null, "e2fsprogs' filefrag is not installed");
        Path out = dir.resolve("out");
        Path f = Files.writeString(dir.resolve("traffic.yaml"), """
                fsflow: 1
                name: traffic
                devices:
                  target: { loop: { size: 1GiB } }
                filesystems:
                  ext4: {}
                  xfs: {}
                datasets:
                  tree: { dirs: 4, files: 64, size: 256KiB, seed: 1 }
                matrix: { dataset: [tree], filesystem: [ext4, xfs] }
                repeat: 1
                baseline: false
                steps:
                  - mkfs
                  - mount
                  - name: copy-in
                    run: cp -r ${dataset.path} ${target.mnt}/a
                  - name: copy-within
                    run: cp -r ${target.mnt}/a ${target.mnt}/b
                  - name: write-slowly
                    run: sh -c 'for i in 1 2 3 4 5 6; do dd if=/dev/zero of=${target.mnt}/z$i bs=1M count=32 status=none; sleep 2; done'
                  - umount
                """);
        Cli r = Cli.campaign(f, out, dir.resolve("work"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<JsonNode> rows = TestResults.read(out);

        JsonNode xfsWithin = row(rows, "xfs", "copy-within");
        assertTrue(xfsWithin.has("shared_extents"), xfsWithin.toString());
        assertTrue(xfsWithin.get("shared_extents").get("shared_bytes").asLong() > 0, xfsWithin.toString());
        assertEquals(
                xfsWithin.get("shared_extents").get("bytes").asLong(),
                xfsWithin.get("shared_extents").get("shared_bytes").asLong(),
                "every byte of the reflinked copy is shared: " + xfsWithin);
        JsonNode xfsIn = row(rows, "xfs", "copy-in");
        assertEquals(0, xfsIn.get("shared_extents").get("shared_bytes").asLong(), "a byte copy shares nothing");
        assertFalse(row(rows, "ext4", "copy-within").has("shared_extents"), "ext4 cannot share extents");

        // the cache and device figures: a byte copy's 16 MiB through write calls, dirtied for storage
        JsonNode ext4Within = row(rows, "ext4", "copy-within").get("traffic");
        assertTrue(ext4Within.get("vfs_write_bytes").asLong() >= 16L << 20, ext4Within.toString());
        assertTrue(ext4Within.get("storage_write_bytes").asLong() >= 16L << 20, ext4Within.toString());
        assertTrue(ext4Within.get("vfs_read_bytes").asLong() >= 16L << 20, ext4Within.toString());
        assertTrue(ext4Within.has("dirty_end_bytes"), ext4Within.toString());
        assertTrue(
                xfsWithin.get("traffic").get("vfs_write_bytes").asLong() < 1L << 20,
                "a clone writes no data through write calls: " + xfsWithin);

        String report = Files.readString(out.resolve("report.md"));
        int warning = report.indexOf("copy was a clone");
        assertTrue(warning >= 0, report);
        String line = report.substring(warning, report.indexOf('\n', warning));
        assertTrue(line.contains("tree/xfs/copy-within") && line.contains("shared extents"), line);
        assertFalse(line.contains("ext4"), line);
        assertTrue(report.contains("Page cache and storage per step"), report);

        // the long step's time series, drawn
        JsonNode slow = row(rows, "xfs", "write-slowly");
        assertTrue(slow.get("real_s").asDouble() > 10, slow.toString());
        JsonNode samples = slow.get("samples");
        assertTrue(samples.get("t_s").size() >= 10, slow.toString());
        // 192 MiB written in six bursts: to the devices, or held dirty in the page cache (a host with
        // RAM to spare writes it back later), and the series shows which
        double written = 0;
        for (JsonNode v : samples.get("write_bytes_per_s")) {
            written += v.asDouble();
        }
        JsonNode dirty = samples.get("dirty_bytes");
        long held = dirty.get(dirty.size() - 1).asLong() - dirty.get(0).asLong();
        assertTrue(written > 0 || held > 100L << 20, "the writes are seen over time: " + samples);
        Path chart = out.resolve("overtime-tree-write-slowly-xfs.svg");
        assertTrue(Files.exists(chart), "the series is drawn: " + report);
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(chart.toFile());
        assertTrue(report.contains("(overtime-tree-write-slowly-xfs.svg)"), report);
        assertTrue(Files.readString(out.resolve("report.html")).contains("<polyline"), "drawn in the HTML too");

        // results.csv: the figures per step
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        for (String column : List.of(
                "vfs_read_bytes",
                "vfs_write_bytes",
                "storage_read_bytes",
                "storage_write_bytes",
                "dirty_end_bytes",
                "shared_extent_fraction")) {
            assertTrue(header.contains(column), column + " in " + header);
        }
        String within = csv.stream()
                .filter(l -> l.startsWith("tree/xfs/r1/copy-within,"))
                .findFirst()
                .orElseThrow();
        assertEquals("1.0", within.split(",", -1)[header.indexOf("shared_extent_fraction")], within);
        assertFalse(Leftovers.loopsUnder(dir), "no loop device left");
    }

    private static JsonNode row(List<JsonNode> rows, String fs, String step) {
        return rows.stream()
                .filter(x -> x.get("step").asText().equals(step)
                        && fs.equals(x.path("cell").path("filesystem").asText()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + fs + "/" + step + " row: " + rows));
    }
}
