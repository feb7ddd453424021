package org.fsflow.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Direct I/O of loop devices: the command, the kernel's answer, and the recorded reason. */
class LoopDeviceTest {

    @Test
    void directIoIsAskedForByDefault() {
        assertEquals(
                List.of("losetup", "--find", "--show", "--direct-io=on", "/w/t.img"),
                LoopDevice.attachCommand(Path.of("/w/t.img"), true));
        assertEquals(
                List.of("losetup", "--find", "--show", "/w/t.img"),
                LoopDevice.attachCommand(Path.of("/w/t.img"), false));
    }

    @Test
    void theKernelHasTheLastWord(@TempDir Path sys) throws Exception {
        Files.createDirectories(sys.resolve("loop3/loop"));
        Files.writeString(sys.resolve("loop3/loop/dio"), "1\n");
        assertTrue(LoopDevice.directIo(sys, "/dev/loop3"));
        assertNull(LoopDevice.directIo(sys, "/dev/loop4"));
        LoopDevice.Attached quiet = LoopDevice.described("/dev/loop4", true, null, false);
        assertFalse(quiet.directIo());
        assertTrue(quiet.note().contains("kernel reports buffered"), quiet.note());
    }

    @Test
    void aRefusalAndAnOptOutAreRecorded() {
        LoopDevice.Attached refused = LoopDevice.described("/dev/loop0", true, "Invalid argument", null);
        assertFalse(refused.directIo());
        assertEquals("the backing filesystem refused direct I/O: Invalid argument", refused.note());
        assertEquals(
                LoopDevice.OPTED_OUT,
                LoopDevice.described("/dev/loop0", false, null, false).note());
        assertNull(LoopDevice.described("/dev/loop0", true, null, true).note());
    }
}
