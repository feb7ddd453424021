package org.fsflow.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Version lines from the real answers of the seeds' tools to --version and -V (captured on Debian
 * 12 into tool-versions/TOOL-FLAG.txt with their exit code in .rc): the version, never option help
 * ("--format 3.5|3.6", "Defaults to 0.0.") nor an error message.
 */
class ToolVersionTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "mkfs.reiserfs--version; ",
                "mkfs.reiserfs-V; mkfs.reiserfs 3.6.27",
                "zfs-fuse--version; ",
                "zfs-fuse-V; ",
                "zpool--version; ",
                "zpool-V; ",
                "zfs--version; ",
                "zfs-V; ",
                "mkfs.jfs--version; /usr/sbin/mkfs.jfs version 1.1.15, 04-Mar-2011",
                "mkfs.jfs-V; /usr/sbin/mkfs.jfs version 1.1.15, 04-Mar-2011",
                "bonnie++--version; Version: 2.00a",
                "mkfs.xfs-V; mkfs.xfs version 6.1.0",
                "mkfs.xfs--version; ",
                "mkfs.ext3-V; mke2fs 1.47.0 (5-Feb-2023)",
                "dd--version; dd (coreutils) 9.1",
                "cp--version; cp (GNU coreutils) 9.1"
            })
    void theVersionLineOfARealAnswer(String answer, String expected) throws IOException {
        assertEquals(expected, ToolVersion.fromOutput(exit(answer), text(answer + ".txt")), answer);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "zfs-fuse: /sbin/zfs-fuse; /sbin/zfs-fuse; zfs-fuse",
                "reiserfsprogs: /sbin/mkfs.reiserfs; /sbin/mkfs.reiserfs; reiserfsprogs",
                "libc-bin:amd64: /sbin/ldconfig; /sbin/ldconfig; libc-bin",
                "diversion by dash from: /bin/sh; /bin/sh; ",
                "e2fsprogs: /sbin/mke2fs; /sbin/mkfs.ext3; "
            })
    void theOwnerOfAFileInDpkgsAnswer(String out, String file, String expected) {
        assertEquals(expected, ToolVersion.packageOf(out, file));
    }

    @org.junit.jupiter.api.Test
    void usageTextWithNumbersIsNoVersion() {
        assertNull(
                ToolVersion.fromOutput(1, "Usage: x\n  --format 3.5|3.6   old 3.5 format\n\t\t\tDefaults to 0.0.\n"));
    }

    private static int exit(String answer) throws IOException {
        return Integer.parseInt(text(answer + ".rc").strip());
    }

    private static String text(String name) throws IOException {
        try (InputStream in = ToolVersionTest.class.getResourceAsStream("/tool-versions/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
