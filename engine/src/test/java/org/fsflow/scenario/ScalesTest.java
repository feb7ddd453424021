package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScalesTest {

    private static final KernelSpec HOST = new KernelSpec.Host(null);
    private static final KernelSpec DEBIAN = new KernelSpec.Debian("debian-6.1", "linux-image", null);
    private static final KernelSpec MINE = new KernelSpec.Image("mine", Path.of("/b"), Path.of("/m"), null);

    @Test
    void aDefaultAndPlacesThatDiffer() throws Exception {
        Scales s = Scales.parse(List.of("1", "guest=0.05", "mine=0.1"));
        assertEquals(1.0, s.of(HOST));
        assertEquals(1.0, s.host());
        assertEquals(0.05, s.of(DEBIAN));
        assertEquals(0.1, s.of(MINE));
        assertFalse(s.uniform());
        assertEquals("--scale 1 --scale guest=0.05 --scale mine=0.1", s.options());
    }

    @Test
    void nothingGivenIsFullSizeEverywhere() throws Exception {
        Scales s = Scales.parse(List.of());
        assertEquals(Scales.FULL, s);
        assertTrue(s.uniform());
        assertEquals(0.01, Scales.parse(List.of("0.01")).of(DEBIAN));
        assertEquals(0.2, Scales.parse(List.of("host=0.2")).host());
        assertEquals(1.0, Scales.parse(List.of("host=0.2")).of(DEBIAN));
    }

    @Test
    void mistakesAreOneUsageErrorEach() {
        assertEquals(
                "--scale 2: the scale must be above 0 and at most 1 (it shrinks datasets), got 2",
                assertThrows(Overrides.Invalid.class, () -> Scales.parse(List.of("2")))
                        .getMessage());
        assertEquals(
                "--scale guest=x: 'x' is not a number (write F or PLACE=F, such as --scale 0.05 or --scale guest=0.05)",
                assertThrows(Overrides.Invalid.class, () -> Scales.parse(List.of("guest=x")))
                        .getMessage());
        assertEquals(
                "--scale 0.5: the default scale is already 1 (give one plain --scale F, and PLACE=F for each place "
                        + "that differs)",
                assertThrows(Overrides.Invalid.class, () -> Scales.parse(List.of("1", "0.5")))
                        .getMessage());
        assertEquals(
                "--scale guest=0.2: place 'guest' is given twice",
                assertThrows(Overrides.Invalid.class, () -> Scales.parse(List.of("guest=0.1", "guest=0.2")))
                        .getMessage());
        assertEquals(
                "--scale =0.2: no place before '=' (write host=F, guest=F or KERNEL=F)",
                assertThrows(Overrides.Invalid.class, () -> Scales.parse(List.of("=0.2")))
                        .getMessage());
        assertEquals(
                "--scale guest=NaN: the scale must be above 0 and at most 1 (it shrinks datasets), got NaN",
                assertThrows(Overrides.Invalid.class, () -> Scales.parse(List.of("guest=NaN")))
                        .getMessage());
    }

    @Test
    void unknownPlacesAreTheKernelsTheScenarioLacks() {
        Scales s = new Scales(1, Map.of("host", 1.0, "guest", 0.1, "debian-6.1", 0.1, "vm", 0.2));
        assertEquals(List.of("vm"), s.unknown(java.util.Set.of("debian-6.1")));
    }
}
