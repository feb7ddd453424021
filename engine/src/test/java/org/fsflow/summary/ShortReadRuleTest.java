package org.fsflow.summary;

import static org.fsflow.summary.DiagnosisRulesTest.MNT;
import static org.fsflow.summary.FaithfulRulesTest.DATA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.RunEnvironment;
import org.junit.jupiter.api.Test;

/** A read step that read far fewer bytes than its data is flagged with its figures and the cause its evidence names. */
class ShortReadRuleTest {

    // three repetitions of one read step, each reading `read` bytes from the devices
    static List<Measurement> reads(String fs, String step, String command, long read, Double service, Long dd) {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            Measurement m = FaithfulRulesTest.row(fs, r, step, command, read, 0, 2.0, 0.0, false);
            rows.add(m.toBuilder()
                    .serviceCpuS(service)
                    .metrics(dd == null ? Map.<String, Object>of() : Map.<String, Object>of("dd_bytes", dd))
                    .build());
        }
        return rows;
    }

    static Evidence evidence(List<Measurement> rows, String... dropping) throws Exception {
        String steps = dropping.length == 0 ? "" : "\"" + String.join("\", \"", dropping) + "\"";
        RunEnvironment env = Json.MAPPER.readValue(
                "{\"campaign\": {\"drop_caches_steps\": [" + steps + "], \"datasets\": {\"test1\": {\"files\": 3, "
                        + "\"bytes\": " + DATA + "}}}}",
                RunEnvironment.class);
        return new Evidence(ResultSet.of(rows), env, List.of());
    }

    @Test
    void whatReadsAndWhatDoesNot() {
        assertTrue(ReadData.ddReads("dd if=/m/test.tmp of=/dev/null bs=4k"));
        assertTrue(ReadData.ddReads("dd if=/m/test.tmp bs=4k"));
        assertFalse(ReadData.ddReads("dd if=/dev/zero of=/dev/null bs=4k count=10"));
        assertFalse(ReadData.ddReads("dd if=/m/a of=/m/b"));
        assertTrue(ReadData.reads("find /m/test1 -type f -exec cat {} + > /dev/null"));
        assertTrue(ReadData.reads("tar cf /dev/null /m/test1"));
        assertFalse(ReadData.reads("cat /m/test1/a > /m/copy"));
        assertFalse(ReadData.reads("du -s /m/test1"));
        assertFalse(ReadData.reads("cp -r /m/test1 /m/copy"));
        // an untar reads its archive (from wherever it lies) and writes the tree: not a read of the tree
        assertFalse(ReadData.reads("mkdir /m/test1 && tar -xf /w/test1.tar -C /m/test1"));
        assertFalse(ReadData.reads("tar xzf /w/test1.tgz -C /m"));
        assertFalse(ReadData.reads("tar --extract --file /w/test1.tar -C /m"));
        assertFalse(ReadData.reads("tar -C /m -x -f /w/test1.tar"));
        assertTrue(ReadData.reads("tar -cf /dev/null /m/test1"));
        assertTrue(ReadData.reads("tar -c -f /dev/null --exclude=x /m/test1"));
        assertTrue(ReadData.tarToNull("tar cf /dev/null /m/test1"));
        assertTrue(ReadData.tarToNull("tar -c --file=/dev/null /m/test1"));
        assertTrue(ReadData.tarToNull("tar cf - /m/test1 > /dev/null"));
        assertFalse(ReadData.tarToNull("tar cf - /m/test1 | cat > /dev/null"));
        assertTrue(ReadData.tarReads("tar cf - /m/test1 | cat > /dev/null"));
        // a tar to /dev/null is no copy: no write rule may call it one
        assertFalse(CopiedData.copies("tar cf /dev/null /m/test1") || CopiedData.writes("tar cf /dev/null /m/test1"));
        assertTrue(CopiedData.copies("tar cf /m/a.tar /m/test1"));
    }

    @Test
    void tarToDevNullIsNamedAsTheCauseEvenWithCachesDropped() throws Exception {
        // the published ext4-mount-options read-back: 64 MiB "read" with 0-8 KiB from the device
        List<String> w = new ShortReadRule()
                .check(evidence(
                        reads("ext4", "read-back", "tar cf /dev/null " + MNT + "/test1", 8192, null, null),
                        "read-back"));
        assertEquals(1, w.size(), w.toString());
        assertTrue(
                w.get(0).contains("GNU tar does not read the files' contents")
                        && w.get(0).contains("test1/ext4/read-back (read 8.0 KiB of 256.0 MiB)")
                        && w.get(0).contains("-exec cat {} + > /dev/null"),
                w.get(0));
        // piped on, the same figures are a cache beyond drop_caches
        List<String> piped = new ShortReadRule()
                .check(evidence(
                        reads("ext4", "read-back", "tar cf - " + MNT + "/test1 | cat > /dev/null", 8192, null, null),
                        "read-back"));
        assertTrue(piped.size() == 1 && piped.get(0).contains("drop_caches does not reach"), piped.toString());
    }

    @Test
    void ddReadFromACacheNamesThePageCacheAndTheDaemonWhereThereIsOne() throws Exception {
        // raidz-bonnie at full size: 8.2 GB read by dd, 0.8 GB of it from the pool's devices
        long dd = 8_192_000_000L;
        String command = "dd if=" + MNT + "/test.tmp of=/dev/null bs=4k";
        List<String> w = new ShortReadRule().check(evidence(reads("zfs", "dd-read", command, 810_352_640L, 3.4, dd)));
        assertEquals(1, w.size(), w.toString());
        assertTrue(
                w.get(0).contains("without dropping caches")
                        && w.get(0)
                                .contains(
                                        "test1/zfs/dd-read (read 772.8 MiB of 7.6 GiB), on a filesystem with its own daemon")
                        && w.get(0).contains("drop_caches: true"),
                w.get(0));
        // read from the devices: nothing to say; a dd without its count recorded: nothing to compare
        assertEquals(List.of(), new ShortReadRule().check(evidence(reads("zfs", "dd-read", command, dd, 3.4, dd))));
        assertEquals(List.of(), new ShortReadRule().check(evidence(reads("zfs", "dd-read", command, 0, 3.4, null))));
        // a walk names the dataset but reads no contents
        assertEquals(
                List.of(),
                new ShortReadRule().check(evidence(reads("ext4", "walk", "du -s " + MNT + "/test1", 0, null, null))));
    }
}
