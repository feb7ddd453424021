package org.fsflow.scenario;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code --scale} of a run, per place: a default and the places that differ from it
 * ({@code --scale 1 --scale guest=0.05}). A place is {@code host} (the machine's own kernel),
 * {@code guest} (every cell in a VM) or the name of one kernel under {@code kernels:}; a kernel's
 * own entry wins over {@code guest}, which wins over the default.
 *
 * @param fallback the scale of every place without its own, in (0, 1]
 * @param places   place to scale, in the order given; never holds a place at the default's value twice
 */
public record Scales(double fallback, Map<String, Double> places) {

    /** Every place at its sources' size. */
    public static final Scales FULL = new Scales(Defaults.SCALE, Map.of());

    /** The place of every cell run in a VM, whatever its kernel. */
    public static final String GUEST = "guest";

    /** Checks every factor and keeps the places' order. */
    public Scales {
        check(fallback, "--scale");
        places.forEach((place, f) -> check(f, "--scale " + place + "="));
        places = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(places));
    }

    /** One scale for every place. */
    public static Scales of(double scale) {
        return new Scales(scale, Map.of());
    }

    /**
     * Reads {@code --scale} options, each {@code F} (the default) or {@code PLACE=F}; a repeated
     * default or place, or a factor outside (0, 1], is a usage error.
     */
    public static Scales parse(List<String> options) throws Overrides.Invalid {
        Double fallback = null;
        Map<String, Double> places = new LinkedHashMap<>();
        for (String option : options) {
            int eq = option.indexOf('=');
            String place = eq < 0 ? null : option.substring(0, eq).strip();
            double f = factor(eq < 0 ? option : option.substring(eq + 1), option);
            if (place == null) {
                if (fallback != null) {
                    throw new Overrides.Invalid("--scale " + option + ": the default scale is already "
                            + plain(fallback) + " (give one plain --scale F, and PLACE=F for each place that differs)");
                }
                fallback = f;
            } else if (place.isEmpty() || places.put(place, f) != null) {
                throw new Overrides.Invalid("--scale " + option + ": "
                        + (place.isEmpty()
                                ? "no place before '=' (write host=F, guest=F or KERNEL=F)"
                                : "place '" + place + "' is given twice"));
            }
        }
        return new Scales(fallback == null ? Defaults.SCALE : fallback, places);
    }

    /** The scale of the cells run under {@code kernel}. */
    public double of(KernelSpec kernel) {
        Double own = places.get(kernel.name());
        if (own == null && !kernel.isHost()) {
            own = places.get(GUEST);
        }
        return own != null ? own : fallback;
    }

    /** The scale of the host's own cells (and of everything set up on the host). */
    public double host() {
        Double own = places.get(KernelSpec.HOST);
        return own != null ? own : fallback;
    }

    /** True when every place runs at the same scale. */
    public boolean uniform() {
        return places.values().stream().allMatch(f -> f == fallback);
    }

    /** The places these scales name that {@code kernels} (the scenario's, host implicit) do not have. */
    public List<String> unknown(Set<String> kernels) {
        List<String> out = new ArrayList<>();
        for (String place : places.keySet()) {
            if (!place.equals(KernelSpec.HOST) && !place.equals(GUEST) && !kernels.contains(place)) {
                out.add(place);
            }
        }
        return out;
    }

    /** The options that give these scales again: {@code --scale 1 --scale guest=0.05} as words. */
    public List<String> arguments() {
        List<String> out = new ArrayList<>(List.of("--scale", plain(fallback)));
        places.forEach((place, f) -> out.addAll(List.of("--scale", place + "=" + plain(f))));
        return out;
    }

    /** The options as one line: {@code --scale 0.01}, {@code --scale 1 --scale guest=0.05}. */
    public String options() {
        return String.join(" ", arguments());
    }

    /** A factor as the user would write it: {@code 0.05}, {@code 1}. */
    public static String plain(double f) {
        return new BigDecimal(Double.toString(f)).stripTrailingZeros().toPlainString();
    }

    private static double factor(String text, String option) throws Overrides.Invalid {
        double f;
        try {
            f = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new Overrides.Invalid("--scale " + option + ": '" + text.strip()
                    + "' is not a number (write F or PLACE=F, such as --scale 0.05 or --scale guest=0.05)");
        }
        if (!(f > 0 && f <= 1)) {
            throw new Overrides.Invalid("--scale " + option + ": the scale must be above 0 and at most 1 (it shrinks "
                    + "datasets), got " + text.strip());
        }
        return f;
    }

    private static void check(double f, String what) {
        if (!(f > 0 && f <= 1)) {
            throw new IllegalArgumentException(what + " must be above 0 and at most 1, got " + f);
        }
    }
}
