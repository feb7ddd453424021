package org.fsflow.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.fsflow.dataset.DatasetGenerator;
import org.fsflow.dataset.Manifest;
import org.fsflow.lang.ByteSize;
import org.fsflow.place.Commands;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Planner;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Scenario;

/**
 * Makes a dataset available before the cells that use it: an existing tree is checked, a
 * generated one is reused when its manifest and content match, else generated (seeded), saying
 * which of the three happened.
 */
final class Datasets {

    // the longest a dataset's tar may take (a 100-million-file tree is the limit of a dataset)
    private static final Duration ARCHIVE_TIMEOUT = Duration.ofHours(6);

    private final Layout layout;
    private final Consumer<String> info;

    Datasets(Layout layout, Consumer<String> info) {
        this.layout = layout;
        this.info = info;
    }

    /** Prepares {@code d} of {@code scenario} (at one place's scale); generation stops between chunks once {@code stop} is true. */
    void prepare(Scenario scenario, Dataset d, BooleanSupplier stop) {
        if (d.existing() != null) {
            if (!Files.isDirectory(d.existing())) {
                throw new RunFailure("dataset '" + d.name() + "': " + d.existing() + " does not exist");
            }
            info.accept("dataset " + d.name() + ": using " + d.existing());
            return;
        }
        Path root = layout.dataset(scenario, d);
        long seed = Planner.datasetSeed(scenario, d);
        DatasetGenerator generator = DatasetGenerator.onAllCores();
        long start = System.nanoTime();
        Manifest m = generator.reusable(d, seed, root);
        if (m != null) {
            info.accept("dataset " + d.name() + ": reused " + m.files() + " files, " + ByteSize.format(m.bytes())
                    + " (manifest and content checked)");
            archive(d, root, false);
            return;
        }
        try {
            m = generator.generate(d, seed, root, stop);
        } catch (DatasetGenerator.Cancelled e) {
            info.accept("dataset " + d.name() + ": generation stopped by the interrupt (incomplete, will be "
                    + "generated again)");
            return;
        }
        info.accept(String.format(
                Locale.ROOT,
                "dataset %s: generated %d files, %s in %.1f s -> %s",
                d.name(),
                m.files(),
                ByteSize.format(m.bytes()),
                (System.nanoTime() - start) / 1e9,
                root));
        archive(d, root, true);
    }

    /**
     * {@code archive: true}: the tar of the tree beside it, made when the tree was just generated or
     * the archive is missing, else reused. Made the same way everywhere (names sorted, owner root,
     * times zero, POSIX format), so the same dataset gives the same archive; written under a
     * temporary name and renamed, so a stopped run never leaves half an archive.
     */
    private void archive(Dataset d, Path root, boolean fresh) {
        if (!d.archive()) {
            return;
        }
        Path tar = Layout.archive(root);
        if (!fresh && Files.isRegularFile(tar)) {
            info.accept("dataset " + d.name() + ": reused its archive " + tar);
            return;
        }
        Path part = tar.resolveSibling(tar.getFileName() + ".part");
        long start = System.nanoTime();
        Commands.Result r = Commands.run(
                List.of(
                        "tar",
                        "--sort=name",
                        "--format=posix",
                        "--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime",
                        "--mtime=@0",
                        "--owner=0",
                        "--group=0",
                        "--numeric-owner",
                        "-cf",
                        part.toString(),
                        "-C",
                        root.toString(),
                        "."),
                ARCHIVE_TIMEOUT);
        try {
            if (!r.ok()) {
                Files.deleteIfExists(part);
                throw new RunFailure("dataset '" + d.name() + "': tar could not archive " + root + ": " + r.message());
            }
            Files.move(part, tar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            info.accept(String.format(
                    Locale.ROOT,
                    "dataset %s: archived as %s (%s) in %.1f s",
                    d.name(),
                    tar,
                    ByteSize.format(Files.size(tar)),
                    (System.nanoTime() - start) / 1e9));
        } catch (IOException e) {
            throw new RunFailure("dataset '" + d.name() + "': cannot keep its archive " + tar + ": " + e.getMessage());
        }
    }
}
