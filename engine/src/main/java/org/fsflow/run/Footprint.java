package org.fsflow.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.scenario.ByteSize;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * The disk space a campaign really takes in its work directory, for {@code fsflow doctor}: loop
 * images are sparse, so an image takes what is written to it, not its nominal size. The source
 * device's image holds the generated datasets; the other images hold, at any moment, what one cell
 * repetition wrote since its mkfs (the next mkfs releases it): the copies its verified steps make
 * (each the size of the dataset it checks), or what the same steps wrote in an earlier run carried
 * to this run's data, whichever is larger, never more than the images' nominal size. Without either,
 * the nominal size is the estimate. Guest cells add the read-only image of the datasets they read
 * ({@code mke2fs -d}, a quarter larger than the data).
 *
 * @param bytes  the most the campaign should take at once
 * @param detail what that is made of, for the person reading it
 */
record Footprint(long bytes, String detail) {

    /** The footprint of {@code plan}, using what {@code earlier} wrote when there is one. */
    static Footprint of(Plan plan, Optional<Extrapolation> earlier) {
        Scenario s = plan.scenario();
        long datasets = s.datasets().values().stream()
                .filter(d -> d.existing() == null)
                .mapToLong(Dataset::expectedBytes)
                .sum();
        long nominal = 0;
        long source = 0;
        for (Map.Entry<String, Device> e : s.devices().entrySet()) {
            if (e.getValue() instanceof Device.Loop loop) {
                if (e.getKey().equals(Scenario.SOURCE)) {
                    source = Math.min(loop.sizeBytes(), datasets);
                } else {
                    nominal += loop.sizeBytes();
                }
            }
        }
        List<String> parts = new ArrayList<>();
        long total = 0;
        if (s.devices().get(Scenario.SOURCE) instanceof Device.Loop) {
            parts.add("source image " + ByteSize.format(source) + " (the datasets)");
            total += source;
        } else if (!s.devices().containsKey(Scenario.SOURCE)) {
            parts.add("datasets " + ByteSize.format(datasets));
            total += datasets;
        }
        if (nominal > 0) {
            long perCell = largestCell(plan, earlier);
            long images = perCell > 0 ? Math.min(nominal, perCell) : nominal;
            parts.add(
                    perCell > 0
                            ? "loop images " + ByteSize.format(images) + " (the most one cell repetition writes; "
                                    + ByteSize.format(nominal) + " nominal, sparse)"
                            : "loop images " + ByteSize.format(images)
                                    + " (nominal size: nothing tells what the steps write)");
            total += images;
        }
        boolean guests =
                plan.cells().stream().anyMatch(c -> !s.kernelOf(c.coordinates()).isHost());
        if (guests && datasets > 0) {
            long image = datasets + datasets / 4;
            parts.add("guests' source image " + ByteSize.format(image));
            total += image;
        }
        return new Footprint(total, String.join(", ", parts));
    }

    /** The most any cell repetition should write to the images, 0 when nothing tells. */
    private static long largestCell(Plan plan, Optional<Extrapolation> earlier) {
        Map<String, Long> copies = new HashMap<>();
        Map<String, Double> written = new HashMap<>();
        for (PlanNode n : plan.nodes()) {
            if (!n.measured()) {
                continue;
            }
            String key = n.cell().id() + "\u0000" + n.repeat();
            copies.merge(key, copied(plan.scenario(), n), Long::sum);
            earlier.flatMap(e -> boxed(e.writtenBytes(n))).ifPresent(w -> written.merge(key, w, Double::sum));
        }
        long most = 0;
        for (String key : copies.keySet()) {
            most = Math.max(
                    most,
                    Math.max(copies.get(key), written.getOrDefault(key, 0.0).longValue()));
        }
        return most;
    }

    /** The bytes of the copy a verified step makes: the dataset it checks, 0 for an unverified step. */
    private static long copied(Scenario s, PlanNode n) {
        Step step = n.step();
        if (step.verify() == null) {
            return 0;
        }
        String name = step.verifyDataset() != null
                ? step.verifyDataset().name()
                : n.cell().dataset();
        Dataset d = name == null ? null : s.datasets().get(name);
        return d == null ? 0 : d.expectedBytes();
    }

    private static Optional<Double> boxed(java.util.OptionalDouble v) {
        return v.isPresent() ? Optional.of(v.getAsDouble()) : Optional.empty();
    }
}
