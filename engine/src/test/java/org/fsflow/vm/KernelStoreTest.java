package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.lang.Location;
import org.fsflow.scenario.KernelSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kernel specs that cannot boot are one message with the fix, never a hang or a stack trace. */
class KernelStoreTest {

    @TempDir
    Path dir;

    private static final Location AT = Location.of("t.yaml", 3, 3);

    @Test
    void aKernelCacheAnotherUserControlsIsRefusedBeforeAnythingIsFetched() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                "root".equals(System.getProperty("user.name")), "chown needs root");
        Path theirs = Files.createDirectories(dir.resolve("theirs"));
        Files.setAttribute(theirs, "unix:uid", 65534);
        Path cache = theirs.resolve("kernels");
        VmException e = assertThrows(
                VmException.class,
                () -> new KernelStore(cache).resolve(new KernelSpec.Debian("d", "linux-image-0.0.0-99-nosuch", AT)));
        assertTrue(e.getMessage().contains("the kernel cache"), e.getMessage());
        assertTrue(e.getMessage().contains(theirs.toString()), e.getMessage());
        assertTrue(Files.notExists(cache), "nothing is created where another user chose");
    }

    @Test
    void aPackageAptDoesNotKnowSaysHowToFindOne() {
        VmException e = assertThrows(
                VmException.class,
                () -> new KernelStore(dir).resolve(new KernelSpec.Debian("old", "linux-image-0.0.0-99-nosuch", AT)));
        assertTrue(e.getMessage().contains("no Debian package 'linux-image-0.0.0-99-nosuch'"), e.getMessage());
        assertTrue(e.getMessage().contains("apt-cache search linux-image-6.1"), e.getMessage());
    }

    @Test
    void aLocalImageComesWithItsModulesDirectory() throws IOException {
        Path image = Files.writeString(dir.resolve("bzImage"), "not really a kernel");
        Path modules = Files.createDirectories(dir.resolve("mod/lib/modules/6.12.0-test"));
        Files.writeString(modules.resolve("modules.order"), "");
        BootKernel k = new KernelStore(dir).resolve(new KernelSpec.Image("mine", image, dir.resolve("mod"), AT));
        assertEquals("6.12.0-test", k.release());
        assertEquals(modules, k.modules());
        assertEquals(64, k.sha256().length());

        VmException e = assertThrows(
                VmException.class, () -> new KernelStore(dir).resolve(new KernelSpec.Image("mine", image, dir, AT)));
        assertTrue(e.getMessage().contains("is not a modules directory"), e.getMessage());
    }

    @Test
    void aKernelWithoutTheFilesystemsModuleNamesIt() throws IOException {
        Path modules = Files.createDirectories(dir.resolve("lib/modules/6.1.0-test"));
        Files.writeString(modules.resolve("modules.order"), "");
        Files.writeString(modules.resolve("modules.builtin"), "kernel/fs/ext4/ext4.ko\n");
        Files.createDirectories(modules.resolve("kernel/fs/jfs"));
        Files.writeString(modules.resolve("kernel/fs/jfs/jfs.ko"), "");
        BootKernel k = new BootKernel("k", dir.resolve("bzImage"), modules, "6.1.0-test", "6.1.0-test", "0", "test");
        KernelModules m = new KernelModules(k);
        assertEquals(List.of(), m.inOrder(List.of("ext4")), "built in: nothing to insert");
        assertEquals(List.of(modules.resolve("kernel/fs/jfs/jfs.ko")), m.inOrder(List.of("jfs")));
        VmException e = assertThrows(VmException.class, () -> m.inOrder(List.of("jfs", "reiserfs")));
        assertTrue(e.getMessage().startsWith("kernel k (6.1.0-test) has no module 'reiserfs'"), e.getMessage());
    }
}
