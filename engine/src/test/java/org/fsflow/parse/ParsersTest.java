package org.fsflow.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;

/** Parsers on the seeds' own samples and on output of the real tools captured on Debian 12. */
class ParsersTest {

    static String resource(String name) throws IOException {
        return Files.readString(TestPaths.resources("parse").resolve(name));
    }

    @Test
    void bonnie103FromSeed003() throws Exception {
        List<BonnieCsv.Line> lines = BonnieCsv.parse(resource("seed-003-bonnie-1.03.csv"));
        assertEquals(32, lines.size());
        BonnieCsv.Line first = lines.get(0);
        assertEquals("1.03", first.format());
        assertEquals("xfs", first.name());
        assertEquals("2G", first.fileSize());
        // the author: "171804 c'est la vitesse d'écriture, 79207 de réécriture, 192136 de lecture"
        assertEquals(171804.0, first.values().get("put_block_kib_s"));
        assertEquals(79207.0, first.values().get("rewrite_kib_s"));
        assertEquals(192136.0, first.values().get("get_block_kib_s"));
        assertEquals(632.5, first.values().get("seeks_per_s"));
        assertEquals(5624.0, first.values().get("seq_create_per_s"));
        assertTrue(
                first.values().containsKey("seq_stat_per_s") && first.values().get("seq_stat_per_s") == null,
                "+++++ is unknown, not zero");
        assertEquals(List.of("seq_stat", "ran_stat"), first.tooFast());
        assertTrue(!first.values().containsKey("putc_kib_s"), "per-char tests were not run (-f): absent");
        assertEquals("jfs", lines.get(31).name());
        assertEquals(List.of("seq_stat", "seq_del", "ran_stat"), lines.get(8).tooFast(), "ext3 deletes too fast");
    }

    @Test
    void bonnie200WithLatenciesFromSeed004() throws Exception {
        BonnieCsv.Line l = BonnieCsv.parse(resource("seed-004-bonnie-2.00.csv")).get(0);
        assertEquals("1.98", l.format());
        assertEquals("2.00", l.version());
        assertEquals("pve", l.name());
        assertEquals("48G", l.fileSize());
        assertEquals(318369.0, l.values().get("put_block_kib_s"));
        assertEquals(231080.0, l.values().get("rewrite_kib_s"));
        assertEquals(627973.0, l.values().get("get_block_kib_s"));
        assertEquals(170.4, l.values().get("seeks_per_s"));
        assertEquals(5.0, l.values().get("seeks_cpu_pct"));
        assertEquals(29.0, l.values().get("seq_create_per_s"));
        assertEquals(3024000.0, l.values().get("put_block_latency_us"));
        assertEquals(8.0, l.values().get("seq_stat_latency_us"));
        assertEquals(449000.0, l.values().get("ran_del_latency_us"));
        assertTrue(!l.values().containsKey("putc_latency_us"), "per-char not run");
        assertEquals(2.0, l.values().get("num_files"));
    }

    @Test
    void bonnieOfTheRealTool() throws Exception {
        Map<String, Object> m = Parsers.of("bonnie").parse(resource("bonnie-2.00a-real.csv"), "");
        assertEquals(640.0, m.get("putc_kib_s"));
        assertEquals(15280.0, m.get("putc_latency_us"));
        assertEquals(1, m.get("too_fast.put_block"));
        assertNull(m.get("put_block_kib_s"));
        List<BonnieCsv.Line> x2 = BonnieCsv.parse(resource("bonnie-2.00a-x2.csv"));
        assertEquals(2, x2.size(), "the -x header line is skipped");
        assertThrows(OutputParser.Unparseable.class, () -> Parsers.of("bonnie").parse("Using uid:0, gid:0.\n", ""));
    }

    @Test
    void gnuTimeLogsAsSeed000WroteThem() throws Exception {
        List<GnuTimeLog.Entry> e = GnuTimeLog.parse(resource("seed-000-bench.ext3.txt"));
        assertEquals(5, e.size());
        assertEquals("mkfs.ext3 /dev/sdb3", e.get(0).command());
        assertEquals(63.35, e.get(0).realS());
        assertEquals(11.01, e.get(0).sysS());
        assertEquals(17.0, e.get(0).cpuPct());
        GnuTimeLog.Entry du = e.get(3);
        assertEquals("du -sh /media/test/lost+found /media/test/new /media/test/test1", du.command());
        assertEquals(0.06, du.realS(), "bc's .06");
        assertEquals(7.28, du.cpuPct(), "bc's 7.28 cpu");
        assertEquals(1, du.exitStatus(), "the non-zero status line before it");
        assertEquals(0, e.get(4).exitStatus());
    }

    @Test
    void gnuTimeOfTheRealTool() throws Exception {
        List<GnuTimeLog.Entry> e = GnuTimeLog.parse(resource("gnu-time-real.log"));
        assertEquals(2, e.size());
        assertEquals(3, e.get(0).exitStatus());
        assertTrue(e.get(0).command().startsWith("sh -c dd if=/dev/zero"));
        assertEquals("sync", e.get(1).command());
        GnuTimeLog.Entry v = GnuTimeLog.parse(resource("gnu-time-v-real.log")).get(0);
        assertEquals("python3 -c b=bytearray(50<<20)", v.command());
        assertEquals(0.68, v.realS(), 1e-9);
        assertEquals(64616L, v.maxRssKb());
        Map<String, Object> m = Parsers.of("gnu-time").parse("", resource("gnu-time-v-real.log"));
        assertEquals(64616L, m.get("gnu_max_rss_kb"));
    }

    @Test
    void aVerboseBlockWithANegativeOrNanFigureIsNamedNotReadAsAnother() throws Exception {
        String real = resource("gnu-time-v-real.log");
        // the sign was dropped (-0:01.00 read as 1 s) and NaN went into the results as a string
        for (String[] bad : List.of(
                new String[] {"Elapsed (wall clock) time (h:mm:ss or m:ss): 0:00.68", "-0:01.00", "line 5"},
                new String[] {"User time (seconds): 0.37", "NaN", "line 2"},
                new String[] {"Maximum resident set size (kbytes): 64616", "1.5", "line 10"})) {
            String text = real.replace(bad[0], bad[0].substring(0, bad[0].lastIndexOf(": ") + 2) + bad[1]);
            OutputParser.Unparseable e =
                    assertThrows(OutputParser.Unparseable.class, () -> GnuTimeLog.parse(text, true));
            assertTrue(
                    e.getMessage().startsWith("1 line of GNU time output could not be read: " + bad[2]),
                    e.getMessage());
        }
    }

    @Test
    void fioJsonOfTheRealTool() throws Exception {
        Map<String, Object> m =
                Parsers.of("fio").parse("note: a line before the JSON\n" + resource("fio-real.json"), "");
        assertTrue((Double) m.get("w.write.bw_bytes") > 0, m.toString());
        assertTrue((Double) m.get("w.write.iops") > 0);
        assertTrue(m.containsKey("w.write.clat_p99_ns"), m.toString());
        assertTrue((Double) m.get("write.bw_bytes") >= (Double) m.get("w.write.bw_bytes"), "totals over jobs");
        assertThrows(OutputParser.Unparseable.class, () -> Parsers.of("fio").parse("fio: no json here", ""));
    }

    @Test
    void fioFsyncLatencyIsTheSyncSectionNotTheWrites() throws Exception {
        // fio-3.33, --rw=randwrite --bs=4k --size=2m --fsync=1 --ioengine=psync on ext4
        Map<String, Object> m = Parsers.of("fio").parse(resource("fio-fsync-real.json"), "");
        assertEquals(511.0, m.get("fsync4k.sync.total_ios"));
        assertEquals(3017257.837573, m.get("fsync4k.sync.lat_mean_ns"));
        assertEquals(3096576.0, m.get("fsync4k.sync.lat_p50_ns"));
        assertEquals(7962624.0, m.get("fsync4k.sync.lat_p99_ns"));
        assertTrue(
                (Double) m.get("fsync4k.write.clat_p99_ns") < (Double) m.get("fsync4k.sync.lat_p99_ns"), m.toString());
        Map<String, Object> noSync = Parsers.of("fio").parse(resource("fio-real.json"), "");
        assertTrue(noSync.keySet().stream().noneMatch(k -> k.contains(".sync.")), noSync.toString());
        // the job's latency histogram by decade: fio's 10 us bucket, then its 20, 50 and 100 us ones
        assertEquals(7.421875, m.get("fsync4k.lat_le_10us_ios_pct"));
        assertEquals(92.578125, m.get("fsync4k.lat_le_100us_ios_pct"));
        for (String decade : List.of("le_1ms", "le_10ms", "le_100ms", "le_1s", "gt_1s")) {
            assertEquals(0.0, m.get("fsync4k.lat_" + decade + "_ios_pct"), decade);
        }
    }

    @Test
    void ddSummaryFromSeed004() throws Exception {
        String out = "2000000+0 records in\n2000000+0 records out\n"
                + "8192000000 bytes (8.2 GB, 7.6 GiB) copied, 9.71033 s, 844 MB/s\n";
        Map<String, Object> m = Parsers.of("dd").parse("", out);
        assertEquals(8192000000L, m.get("dd_bytes"));
        assertEquals(9.71033, m.get("dd_seconds"));
        assertEquals(Math.round(8192000000L / 9.71033), m.get("dd_bytes_per_s"));
        assertThrows(OutputParser.Unparseable.class, () -> Parsers.of("dd").parse("", "dd: error writing"));
    }
}
