package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.fsflow.TestPaths;
import org.fsflow.lang.ByteSize;
import org.junit.jupiter.api.Test;

/**
 * docs/workloads.md is the library's table ({@link Workload}) written out: each workload, what it
 * measures, its parameters with their defaults and the step it stands for. This test fails when the
 * checked-in page and the table differ; {@code -Dfsflow.docs.write=true} writes the page instead.
 */
class WorkloadsDocTest {

    static String page() {
        StringBuilder md = new StringBuilder("""
                # Workloads

                A step written `workload: NAME` stands for the step shown under its name below, with its
                parameters (under `with:`) written in. `fsflow plan FILE` prints the commands it runs. Beside
                `workload:` and `with:`, a step may still set %s. Sizes are fsflow's (`KiB` is 1024 bytes)
                and are passed to the tools in bytes. A value may be `${params.NAME}`, which `--set` can
                change. Generated from `engine/src/main/java/org/fsflow/scenario/Workload.java`.

                ```yaml
                datasets:
                  tree: { dirs: 64, files: 1100, size: { min: 1KiB, max: 64KiB }, archive: true }
                steps:
                  - mkfs
                  - mount
                  - workload: untar
                  - workload: cold-scan
                  - workload: randwrite-fsync
                    with: { size: 32MiB }
                  - workload: delete-tree
                  - umount
                ```

                | workload | what it measures | parameters (default) |
                |---|---|---|
                """.formatted(
                        Workload.OWN_KEYS.stream().map(k -> "`" + k + ":`").collect(Collectors.joining(", "))));
        for (Workload w : Workload.values()) {
            String params = w.params().values().stream()
                    .map(p -> "`" + p.name() + "` ("
                            + (p.kind() == Workload.Param.Kind.SIZE
                                    ? ByteSize.format(Long.parseLong(p.fallback()))
                                    : p.fallback())
                            + (p.choices().isEmpty() ? "" : "; one of " + String.join(", ", p.choices())) + ")")
                    .collect(Collectors.joining(", "));
            md.append("| `")
                    .append(w.keyword())
                    .append("` | ")
                    .append(w.what())
                    .append(" | ")
                    .append(params.isEmpty() ? "none" : params)
                    .append(" |\n");
        }
        for (Workload w : Workload.values()) {
            md.append("\n## ")
                    .append(w.keyword())
                    .append("\n\n```yaml\n")
                    .append(w.step())
                    .append("```\n");
        }
        return md.toString();
    }

    @Test
    void theCheckedInPageIsTheLibrarysTable() throws Exception {
        Path doc = TestPaths.root().resolve("docs/workloads.md");
        if (Boolean.getBoolean("fsflow.docs.write")) {
            Files.writeString(doc, page());
        }
        assertEquals(page(), Files.readString(doc), "docs/workloads.md: run with -Dfsflow.docs.write=true");
    }
}
