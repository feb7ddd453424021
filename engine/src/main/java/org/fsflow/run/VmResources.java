package org.fsflow.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.vm.VmException;

/** What a VM unit creates on the host (sparse images, a QEMU process) and how each is released. */
final class VmResources {

    private VmResources() {
    }

    // kills the QEMU of this run after a crash: only if that pid still is a QEMU with our guest's name
    static Resource killer(long pid, String name) {
        String script = "if tr '\\0' ' ' < /proc/" + pid + "/cmdline 2>/dev/null | grep -q -- '-name " + name
                + " '; then kill -9 " + pid + "; fi; true";
        return Resource.command(List.of("sh", "-c", script), Resource.UNIT, "the VM " + name + " (pid " + pid + ")");
    }

    static void sparse(Path img, long bytes) {
        try {
            Files.createDirectories(img.getParent());
            Files.deleteIfExists(img);
            try (RandomAccessFile f = new RandomAccessFile(img.toFile(), "rw")) {
                f.setLength(bytes);
            }
        } catch (IOException e) {
            throw new VmException("cannot create " + img + ": " + e.getMessage());
        }
    }

    static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // the teardown registry removes it
        }
    }
}
