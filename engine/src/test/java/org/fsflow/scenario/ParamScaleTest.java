package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fsflow.lang.SourceText;
import org.junit.jupiter.api.Test;

/** {@code params:} declared {@code { value: N, scale: true }}: multiplied by each place's {@code --scale}. */
public class ParamScaleTest {

    public static final String BONNIE = """
            fsflow: 1
            name: b
            params:
              size: { value: 2048, scale: true }
              ram: { value: 1024, scale: true }
              label: fast
            memory: ${params.ram}MiB
            devices:
              target: { loop: { size: 16G } }
            kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
            filesystems: { ext3: {}, jfs: { kernel: debian-6.1 } }
            matrix: { filesystem: [ext3, jfs] }
            steps:
              - mkfs
              - mount
              - name: bonnie
                run: bonnie++ -d ${target.mnt} -s ${params.size} -r ${params.ram} -m ${params.label} -u root -q
                parse: bonnie
              - umount
            """;

    private static Scenario load(List<String> sets, String... scales) throws Exception {
        return ScenarioLoader.load(SourceText.of("b.yaml", BONNIE), new Overrides(sets, Scales.parse(List.of(scales))))
                .scenario();
    }

    private static String value(Scenario s, String fs, String param) {
        return s.forCell(Map.of("filesystem", fs)).params().get(param).value();
    }

    @Test
    void aGuestAtItsOwnScaleRunsItsShareOfTheFileAndOfTheRamUnderItsShareOfTheBudget() throws Exception {
        Scenario s = load(List.of(), "1", "guest=0.25");
        assertEquals("2048", value(s, "ext3", "size"));
        assertEquals("1024", value(s, "ext3", "ram"));
        assertEquals("512", value(s, "jfs", "size"));
        assertEquals("256", value(s, "jfs", "ram"));
        assertEquals("fast", value(s, "jfs", "label"), "a parameter without scale: true stays");
        assertTrue(s.params().get("size").scale());
        assertFalse(s.params().get("label").scale());
        // without datasets, the budget follows the parameters that size the data
        assertEquals(1L << 30, s.memory().effectiveBytes());
        assertEquals(256L << 20, s.forCell(Map.of("filesystem", "jfs")).memory().effectiveBytes());
    }

    @Test
    void roundingDownKeepsTheFileAtLeastTwiceTheRamAndNeverGoesBelowOne() throws Exception {
        // 1032 x 0.1 = 103.2 and 516 x 0.1 = 51.6: to the nearest, -s 103 -r 52 and bonnie++ refuses a
        // file under twice the RAM; rounded down, -s 103 -r 51
        Scenario s = load(List.of("size=1032", "ram=516"), "0.1");
        assertEquals("103", s.params().get("size").value());
        assertEquals("51", s.params().get("ram").value());
        assertEquals("1", new Scenario.Param("n", "16", null, true).scaled(0.01).value());
        assertEquals(
                "29", new Scenario.Param("n", "100", null, true).scaled(0.29).value(), "decimal, not binary");
    }

    @Test
    void aSetChangesTheValueAndKeepsTheScale() throws Exception {
        Scenario s = load(List.of("size=256", "params.ram=128"), "1", "guest=0.5");
        assertEquals("256", value(s, "ext3", "size"));
        assertEquals("128", value(s, "jfs", "size"));
        assertEquals("64", value(s, "jfs", "ram"));
        // the effective scenario (the run's scenario.yaml, read again by resume and doctor) keeps it
        String effective = s.provenance().effectiveText();
        assertTrue(effective.contains("value: 256") && effective.contains("scale: true"), effective);
    }
}
