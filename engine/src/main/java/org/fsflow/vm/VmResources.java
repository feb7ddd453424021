package org.fsflow.vm;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.fsflow.place.Resource;
import org.fsflow.result.Json;

/** What a VM unit creates on the host (sparse images, a QEMU process) and how each is released. */
final class VmResources {

    private VmResources() {}

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

    // a guest step's output, as it reported it, into the step's log file
    static void write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // the teardown registry removes it
        }
    }

    // a killed run's job and pid files (it died before removing them), then their directory if empty
    static void removeDeadGuestFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().matches(".*\\.(job|pid)"))
                    .toList()
                    .forEach(VmResources::deleteQuietly);
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // not empty (another file is there): left as it is
        }
    }

    // kernels.json in the output directory: where each VM kernel came from, exactly
    static void recordKernel(Path file, BootKernel k, Consumer<String> info) {
        try {
            Map<String, Object> all = Files.exists(file)
                    ? Json.MAPPER.readValue(file.toFile(), new TypeReference<LinkedHashMap<String, Object>>() {})
                    : new LinkedHashMap<>();
            all.put(
                    k.name(),
                    Map.of(
                            "origin",
                            k.origin(),
                            "release",
                            k.release(),
                            "version",
                            k.version(),
                            "sha256",
                            k.sha256(),
                            "image",
                            k.image().toString()));
            Path tmp = file.resolveSibling("kernels.json.tmp");
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), new TreeMap<>(all));
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            info.accept("cannot write " + file + ": " + e.getMessage());
        }
    }
}
