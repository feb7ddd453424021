package org.fsflow.doctor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsflow.lang.ByteSize;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.ResolvedStep;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Scenario;

/**
 * The disk space a campaign really takes in its work directory, for {@code fsflow doctor}: loop
 * images are sparse, so an image takes what is written to it, not its nominal size. The source
 * device's image holds the generated datasets; the other images hold, at any moment, what one cell
 * repetition wrote since its mkfs (the next mkfs releases it): the copies its verified steps make
 * (each the size of the dataset it checks) and the files its fio jobs lay out where their command
 * line gives their size ({@link FioJobs}) and what their {@code before:} commands write where their words
 * give it ({@link KnownWrites}: dd, fallocate, head -c, fio), or what the same steps wrote in an earlier run carried
 * to this run's data, whichever is larger, never more than the images' nominal size. Without either,
 * the nominal size is the estimate. Guest cells add the read-only image of the datasets they read
 * ({@code mke2fs -d}, a quarter larger than the data), one per scale they run at. Datasets count at
 * every scale the plan makes them at ({@code --scale 1 --scale guest=0.05}: both sizes).
 *
 * @param bytes  the most the campaign should take at once
 * @param detail what that is made of, for the person reading it
 */
record Footprint(long bytes, String detail) {

    /** The footprint of {@code plan}, using what {@code earlier} wrote when there is one. */
    static Footprint of(Plan plan, Optional<Extrapolation> earlier) {
        Scenario s = plan.scenario();
        Map<Double, Long> byScale = generated(plan);
        long datasets = byScale.values().stream().mapToLong(Long::longValue).sum();
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
        long image = 0;
        for (double scale : plan.cells().stream()
                .filter(c -> !s.kernelOf(c.coordinates()).isHost())
                .map(c -> s.forCell(c.coordinates()).scale())
                .distinct()
                .toList()) {
            long bytes = byScale.getOrDefault(scale, 0L);
            image += bytes + bytes / 4;
        }
        if (image > 0) {
            parts.add("guests' source image " + ByteSize.format(image));
            total += image;
        }
        return new Footprint(total, String.join(", ", parts));
    }

    /** The bytes of the datasets the plan generates, by the scale they are made at. */
    private static Map<Double, Long> generated(Plan plan) {
        Map<Double, Long> out = new java.util.LinkedHashMap<>();
        for (PlanNode n : plan.nodes()) {
            if (n.kind() == PlanNode.Kind.DATASET) {
                Dataset d = plan.scenario().atScale(n.scale()).datasets().get(n.subject());
                if (d.existing() == null) {
                    out.merge(n.scale(), d.expectedBytes(), Long::sum);
                }
            }
        }
        return out;
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
            long fio = Math.max(
                    FioJobs.of(n.step()).bytes(), FioJobs.of(n.step().before()).bytes());
            copies.merge(key, copied(n) + fio + KnownWrites.of(n.step().before()), Long::sum);
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
    private static long copied(PlanNode n) {
        ResolvedStep step = n.step();
        return step.verify() == null || step.expectedBytes() == null ? 0 : step.expectedBytes();
    }

    private static Optional<Double> boxed(java.util.OptionalDouble v) {
        return v.isPresent() ? Optional.of(v.getAsDouble()) : Optional.empty();
    }
}
