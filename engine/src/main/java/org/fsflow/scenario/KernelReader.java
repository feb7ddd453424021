package org.fsflow.scenario;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Hints;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * Reads the {@code kernels:} section (see {@link KernelSpec}) and checks every place that names a
 * kernel: a filesystem's {@code kernel:} and the values of a {@code kernel} matrix axis.
 */
record KernelReader(Fields f, Scalars v) {

    /** The matrix axis that chooses the kernel of each cell. */
    static final String AXIS = "kernel";

    private static final String PACKAGE = "linux-image-[A-Za-z0-9.+~-]+";

    Map<String, KernelSpec> read(Node node) {
        return f.named(node, "kernels", "kernel", this::spec);
    }

    private KernelSpec spec(String name, Node node, Location at) {
        if (KernelSpec.HOST.equals(name)) {
            f.problems().error(at, "'host' is the kernel fsflow runs on: it needs no declaration");
            return null;
        }
        String what = "kernel '" + name + "'";
        Map<String, NodeTuple> e = f.entries(node, what, List.of("debian", "image", "modules"));
        if (e == null) {
            return null;
        }
        Node debian = Fields.value(e, "debian");
        Node image = Fields.value(e, "image");
        if ((debian == null) == (image == null)) {
            f.error(
                    node,
                    what + " needs either 'debian: linux-image-...' (a Debian kernel package) or 'image:' "
                            + "with 'modules:' (a kernel of your own)");
            return null;
        }
        if (debian != null) {
            if (Fields.value(e, "modules") != null) {
                f.error(
                        Fields.value(e, "modules"),
                        what + ": 'modules:' goes with 'image:'; a Debian package brings " + "its own modules");
            }
            String pkg = v.name(
                    debian,
                    what + " debian package",
                    PACKAGE,
                    "is not a kernel package name: expected linux-image-RELEASE, e.g. linux-image-6.1.0-57-amd64 "
                            + "(apt-cache search linux-image-6.1 lists them)");
            return pkg == null ? null : new KernelSpec.Debian(name, pkg, at);
        }
        Node modules = Fields.value(e, "modules");
        if (modules == null) {
            f.error(node, what + " needs 'modules:', the directory make modules_install wrote (lib/modules/RELEASE)");
            return null;
        }
        Path img = existing(image, what + " image", false);
        Path mod = existing(modules, what + " modules", true);
        return img == null || mod == null ? null : new KernelSpec.Image(name, img, mod, at);
    }

    private Path existing(Node node, String what, boolean directory) {
        String s = v.nonEmpty(node, what);
        if (s == null) {
            return null;
        }
        Path p = Path.of(s);
        boolean ok = directory ? java.nio.file.Files.isDirectory(p) : java.nio.file.Files.isRegularFile(p);
        if (!ok) {
            f.error(node, what + " '" + s + "' is not " + (directory ? "a directory" : "a file") + " on this machine");
            return null;
        }
        return p;
    }

    /** Reports a kernel name that is neither {@code host} nor declared, at {@code where}. */
    static void checkReference(String name, Location where, Map<String, KernelSpec> kernels, Problems problems) {
        if (name == null || KernelSpec.HOST.equals(name) || kernels.containsKey(name)) {
            return;
        }
        Collection<String> known = new java.util.ArrayList<>(List.of(KernelSpec.HOST));
        known.addAll(kernels.keySet());
        String best = Hints.closest(name, known);
        problems.error(
                where,
                "kernel '" + name + "' is not declared under kernels:"
                        + (best != null
                                ? " (did you mean '" + best + "'?)"
                                : "; known kernels: " + String.join(", ", known)));
    }
}
