package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fsflow dataset --into} makes a dataset; {@code --check} says whether a copy is it, and what differs. */
class DatasetCommandTest {

    @TempDir
    Path dir;

    private Path scenario() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        return Files.writeString(dir.resolve("s.yaml"), """
                fsflow: 1
                name: t
                devices: { target: { dir: /tmp } }
                datasets:
                  big: { depth: 0, files: 2, size: 3MiB }
                  tree: { dirs: 3, files: 5, size: 10KiB }
                matrix: { dataset: [big, tree] }
                repeat: 3
                steps: [ { name: x, run: "true" } ]
                """);
    }

    @Test
    void aCopyIsCheckedAndADifferenceNamedWithExit1() throws Exception {
        Path s = scenario();
        Path made = dir.resolve("made");
        assertEquals(
                0,
                Cli.run("dataset", s.toString(), "tree", "--into", made.toString())
                        .exitCode());
        Cli same = Cli.run("dataset", s.toString(), "tree", "--check", made.toString());
        assertEquals(0, same.exitCode(), same.err());
        assertTrue(same.out().contains("is exactly dataset 'tree' (15 files)"), same.out());

        Path big = dir.resolve("big");
        assertEquals(
                0,
                Cli.run("dataset", s.toString(), "big", "--into", big.toString())
                        .exitCode());
        try (FileChannel ch = FileChannel.open(big.resolve("fichier2"), StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3}), 2_500_000);
        }
        Cli differs = Cli.run("dataset", s.toString(), "big", "--check", big.toString());
        assertEquals(1, differs.exitCode());
        assertTrue(differs.out().contains("1 different; first: fichier2 differs at byte 2500000"), differs.out());
        assertTrue(differs.noStackTrace(), differs.out() + differs.err());
    }

    @Test
    void neitherOrBothOfIntoAndCheckIsAUsageError() throws Exception {
        Path s = scenario();
        Cli neither = Cli.run("dataset", s.toString(), "tree");
        assertEquals(2, neither.exitCode());
        assertTrue(
                neither.err().contains("give either --into DIR (generate) or --check COPY (compare)"), neither.err());
        Cli both = Cli.run("dataset", s.toString(), "tree", "--into", "/x", "--check", "/y");
        assertEquals(2, both.exitCode());
    }
}
