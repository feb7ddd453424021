package org.fsflow.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.fsflow.dataset.DatasetGenerator;
import org.fsflow.dataset.Manifest;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Planner;
import org.fsflow.scenario.ByteSize;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Scenario;

/**
 * Makes a dataset available before the cells that use it: an existing tree is checked, a
 * generated one is reused when its manifest and content match, else generated (seeded), saying
 * which of the three happened.
 */
final class Datasets {

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
    }
}
