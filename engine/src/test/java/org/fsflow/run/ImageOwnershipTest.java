package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.Fsflow;
import org.fsflow.device.ImageMark;
import org.fsflow.host.RunFailure;
import org.fsflow.plan.Plan;
import org.fsflow.safety.SafeFiles;
import org.fsflow.scenario.Overrides;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only what fsflow made, or the scenario confirmed, is formatted (issue 39, part 2): an existing
 * loop image is refused before anything runs unless it carries fsflow's mark or {@code destroy:
 * true} confirms it. Nothing here attaches, formats or mounts: {@link WorkPlaces#check} runs first.
 */
class ImageOwnershipTest {

    @TempDir
    Path dir;

    private Plan plan(Path image, boolean destroy) throws Exception {
        Path file = dir.resolve("image.yaml");
        Files.writeString(
                file,
                String.join(
                        "\n",
                        "fsflow: 1",
                        "name: image",
                        "devices:",
                        "  target: { loop: { size: 64MiB, image: " + image + (destroy ? ", destroy: true" : "")
                                + " } }",
                        "filesystems:",
                        "  ext4: {}",
                        "datasets:",
                        "  d: { dirs: 1, files: 2, size: 4KiB }",
                        "matrix:",
                        "  dataset: [d]",
                        "  filesystem: [ext4]",
                        "repeat: 3",
                        "steps:",
                        "  - mkfs",
                        "  - mount",
                        "  - name: copy",
                        "    run: cp -r ${dataset.path} ${target.mnt}",
                        "  - umount",
                        ""));
        var loaded = Fsflow.load(file, Overrides.NONE);
        return Fsflow.plan(loaded.scenario(), dir.resolve("out"), dir.resolve("work"));
    }

    private Path someonesFile() throws IOException {
        Path images = Files.createDirectories(dir.resolve("images"));
        Path image = images.resolve("data.img");
        Files.write(image, new byte[] {1, 2, 3, 4});
        return image;
    }

    @Test
    void anExistingImageWithoutMarkOrDestroyIsRefusedAtItsLine() throws Exception {
        Path image = someonesFile();
        RunFailure e = assertThrows(RunFailure.class, () -> WorkPlaces.check(plan(image, false)));
        assertTrue(e.getMessage().contains("image.yaml:4:"), e.getMessage());
        assertTrue(e.getMessage().contains(image + " exists and fsflow did not make it"), e.getMessage());
        assertTrue(e.getMessage().contains("destroy: true inside loop:"), e.getMessage());
        assertEquals(4, Files.size(image), "nothing touched");
    }

    @Test
    void anImageWithFsflowsMarkIsAccepted() throws Exception {
        Path image = dir.resolve("images/made.img");
        Files.createDirectories(image.getParent());
        SafeFiles.createSparse(image, 1 << 20);
        ImageMark.write(image, "fsflow, a test");
        assertTrue(ImageMark.madeByFsflow(image));
        assertDoesNotThrow(() -> WorkPlaces.check(plan(image, false)));
    }

    @Test
    void destroyTrueConfirmsAnExistingImage() throws Exception {
        Path image = someonesFile();
        assertDoesNotThrow(() -> WorkPlaces.check(plan(image, true)));
    }

    @Test
    void aMarkOfAnotherFileIsNoMark() throws Exception {
        Path image = dir.resolve("replaced.img");
        SafeFiles.createSparse(image, 1 << 20);
        ImageMark.write(image, "fsflow, a test");
        Files.delete(image);
        Files.write(image, new byte[] {9}); // another file under the same name (the inode may be reused)
        assertFalse(ImageMark.madeByFsflow(image));
        assertTrue(ImageMark.refusal(image, false).contains("fsflow did not make it"));
        Path other = dir.resolve("other.img");
        Files.write(other, new byte[] {9});
        Files.copy(ImageMark.of(image), ImageMark.of(other));
        assertFalse(ImageMark.madeByFsflow(other), "the mark names the image it was made for");
    }

    @Test
    void destroyNeverConfirmsASystemFileBehindALink() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("innocent.img"), Path.of("/etc/passwd"));
        String why = ImageMark.refusal(link, true);
        assertTrue(why != null && why.contains("under /etc, a system directory"), why);
        assertNull(ImageMark.refusal(dir.resolve("missing.img"), false), "an image fsflow will create");
    }
}
