package org.fsflow.vm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The loadable modules of one kernel, and the order in which to insert a set of them: each after
 * the modules its {@code depends=} names (read with {@code modinfo}), and after the "pre:" soft
 * dependencies it can find (ext4 wants crc32c). Modules built into the kernel
 * ({@code modules.builtin}) need nothing.
 */
public final class KernelModules {

    /** What a guest always needs: its virtio disks and the fw_cfg file the job arrives in. */
    public static final List<String> BASE = List.of("virtio_pci", "virtio_blk", "qemu_fw_cfg");

    private final BootKernel kernel;
    private final Map<String, Path> files = new HashMap<>();
    private final Set<String> builtin = new HashSet<>();

    /** The modules of {@code kernel}. */
    public KernelModules(BootKernel kernel) {
        this.kernel = kernel;
        try (Stream<Path> s = Files.walk(kernel.modules())) {
            s.filter(p -> p.getFileName().toString().matches(".*\\.ko(\\.xz|\\.zst|\\.gz)?"))
                    .forEach(p -> files.put(name(p), p));
            Path list = kernel.modules().resolve("modules.builtin");
            if (Files.exists(list)) {
                Files.readAllLines(list).forEach(l -> builtin.add(name(Path.of(l.strip()))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A module's name as the kernel knows it: file name without extension, dashes as underscores. */
    static String name(Path file) {
        return file.getFileName()
                .toString()
                .replaceFirst("\\.ko(\\.xz|\\.zst|\\.gz)?$", "")
                .replace('-', '_');
    }

    /** True when the kernel has {@code module}, built in or loadable. */
    public boolean has(String module) {
        String n = module.replace('-', '_');
        return builtin.contains(n) || files.containsKey(n);
    }

    /**
     * The module files to insert, dependencies first, for {@code wanted}; built-in ones are left
     * out. A module the kernel does not have is a {@link VmException} that names it.
     */
    public List<Path> inOrder(List<String> wanted) {
        LinkedHashSet<String> order = new LinkedHashSet<>();
        for (String w : wanted) {
            String n = w.replace('-', '_');
            if (!has(n)) {
                throw new VmException("kernel " + kernel.name() + " (" + kernel.release() + ") has no module '" + w
                        + "' (neither built in nor under " + kernel.modules() + "): choose a kernel built with it");
            }
            visit(n, order, new HashSet<>());
        }
        List<Path> result = new ArrayList<>();
        order.forEach(n -> result.add(files.get(n)));
        return result;
    }

    private void visit(String n, LinkedHashSet<String> order, Set<String> path) {
        if (order.contains(n) || builtin.contains(n) || !files.containsKey(n) || !path.add(n)) {
            return;
        }
        Path file = files.get(n);
        for (String dep : field(file, "depends").split(",")) {
            if (!dep.isBlank()) {
                visit(dep.strip().replace('-', '_'), order, path);
            }
        }
        for (String soft : softPre(field(file, "softdep"))) {
            visit(soft, order, path);
        }
        order.add(n);
    }

    // "pre: crypto-crc32c" names an alias; the generic implementation is the module that provides it
    private List<String> softPre(String softdep) {
        List<String> out = new ArrayList<>();
        int pre = softdep.indexOf("pre:");
        if (pre < 0) {
            return out;
        }
        String rest = softdep.substring(pre + 4).replaceFirst("post:.*", "");
        for (String alias : rest.strip().split("\\s+")) {
            String base = alias.replaceFirst("^crypto-", "").replace('-', '_');
            for (String candidate : List.of(base + "_generic", base)) {
                if (files.containsKey(candidate)) {
                    out.add(candidate);
                    break;
                }
            }
        }
        return out;
    }

    private static String field(Path file, String field) {
        HostCommand r = HostCommand.run(60, "modinfo", "-F", field, file.toString());
        if (r.exitCode() == 127) {
            throw new VmException("modinfo not found: apt-get install kmod");
        }
        return r.ok() ? r.out().strip().replace('\n', ' ') : "";
    }
}
