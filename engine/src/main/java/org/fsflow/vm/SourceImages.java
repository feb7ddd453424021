package org.fsflow.vm;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.fsflow.place.Resource;
import org.fsflow.place.Teardown;

/**
 * The read-only images of the datasets that guests mount: one per run and datasets' directory
 * (one per {@code --scale}), made on first use, since the datasets do not change between cells;
 * {@code source.img} for the host's scale, {@code source@0.05.img} for another.
 */
final class SourceImages {

    private final Teardown teardown;
    private final Consumer<String> info;
    private final Map<Path, Path> made = new HashMap<>();

    SourceImages(Teardown teardown, Consumer<String> info) {
        this.teardown = teardown;
        this.info = info;
    }

    /** The image of the datasets' directory {@code datasets}, in {@code work}. */
    Path of(Path datasets, Path work) {
        Path img = made.get(datasets);
        if (img != null) {
            return img;
        }
        String dir = datasets.getFileName().toString();
        img = work.resolve("source" + (dir.contains("@") ? dir.substring(dir.indexOf('@')) : "") + ".img");
        teardown.register(Resource.image(img.toString()));
        long start = System.nanoTime();
        org.fsflow.vm.SourceImage.build(datasets, img);
        info.accept(String.format(
                Locale.ROOT,
                "VM source image: %s copied into %s in %.1f s",
                datasets,
                img,
                (System.nanoTime() - start) / 1e9));
        made.put(datasets, img);
        return img;
    }
}
