package org.fsflow.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.TestPaths;
import org.fsflow.result.Baseline;
import org.junit.jupiter.api.Test;

/** The figures of the baseline's fio output, and what they say against the rotational flag. */
class DeviceBaselineTest {

    // fio 3.33's output of the job file, 1 s per job, on this machine's /var/tmp (ext4 on a virtio disk)
    private static String output() throws IOException {
        return Files.readString(TestPaths.resources("measure").resolve("fio-baseline.json"));
    }

    @Test
    void eachFigureComesFromItsJob() throws IOException {
        Baseline.Figures f = DeviceBaseline.parse("fio: a warning before the JSON\n" + output());
        Map<String, Double> m = f.conditioning();
        assertEquals(Baseline.FIGURES, List.copyOf(m.keySet()));
        assertEquals(1053646483.0, m.get("seq_read_bytes_per_s"));
        assertEquals(1119648440.0, m.get("seq_write_bytes_per_s"));
        assertEquals(34131.868132, m.get("rand_read_iops"), 1e-6);
        assertEquals(8433.566434, m.get("rand_read_iops_qd1"), 1e-6);
        assertEquals(31560.43956, m.get("rand_write_iops"), 1e-6);
        assertEquals(6292.707293, m.get("rand_write_iops_qd1"), 1e-6);
        assertEquals(726714.840693e-9, m.get("fsync_latency_s"), 1e-12);
        assertTrue(f.fsyncLatencyMedianS() > 0, f.toString());
    }

    @Test
    void aJobMissingFromTheOutputIsAnError() throws IOException {
        String noFsync = output().replace("\"jobname\" : \"fsync\"", "\"jobname\" : \"other\"");
        IOException e = assertThrows(IOException.class, () -> DeviceBaseline.parse(noFsync));
        assertTrue(e.getMessage().contains("fsync"), e.getMessage());
        assertThrows(IOException.class, () -> DeviceBaseline.parse("fio: no such file"));
    }

    @Test
    void theJobFileRunsEveryJobInTurnOnOneFileWithDirectIo() {
        String job = DeviceBaseline.jobFile(Path.of("/var/tmp/w/.fsflow-baseline"), 4);
        assertTrue(job.startsWith("[global]\ndirectory=/var/tmp/w/.fsflow-baseline\nfilename=baseline.bin\n"), job);
        assertTrue(job.contains("direct=1\n") && job.contains("runtime=4\n") && job.contains("stonewall\n"), job);
        for (String name : new String[] {"seq-write", "seq-read", "rand-read-qd1", "rand-read-qd32", "fsync"}) {
            assertTrue(job.contains("[" + name + "]"), name);
        }
        assertTrue(job.indexOf("[seq-write]") < job.indexOf("[seq-read]"), "the file is written before it is read");
    }

    @Test
    void aRotationalFlagBeyondAHeadsSeeksIsContradicted() {
        String word = DeviceBaseline.contradiction(true, 8433.6);
        assertTrue(word.contains("8434/s") && word.contains("virtual or cached"), word);
        assertNull(DeviceBaseline.contradiction(true, 150.0));
        assertNull(DeviceBaseline.contradiction(false, 90000.0));
        assertTrue(DeviceBaseline.contradiction(false, 120.0).contains("as slow as a disk head"));
        assertNull(DeviceBaseline.contradiction(null, 8433.6));
    }
}
