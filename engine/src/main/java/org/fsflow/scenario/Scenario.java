package org.fsflow.scenario;

import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;
import org.fsflow.lang.SourceText;

/**
 * A benchmark campaign, as written in one scenario file. This type and the ones it holds are the
 * language reference; each component names its YAML key.
 *
 * <pre>
 * fsflow: 1                  # language version (required)
 * name: cds-2009             # identifier: output goes to reports/&lt;name&gt;/ (required)
 * title: ...                 # shown at the top of the report
 * source: ...                # provenance: a title, or a section with the source's findings ({@link SourceSection})
 * description: ...           # free text for the report
 * params: {...}              # defaults that --set overrides, used as ${params.x}
 * devices: {...}             # named devices (required)
 * filesystems: {...}         # named filesystems, referenced by the matrix
 * datasets: {...}            # named datasets, generated once on the source device
 * matrix: {...}              # axes whose combinations are the cells
 * repeat: 3                  # repetitions of every cell (or {min, max, target_cv})
 * order: rounds              # rounds | sequential | interleaved | shuffled
 * seed: 42                   # seed of the shuffled order and of datasets without their own
 * on_error: skip-cell        # continue | skip-cell | abort
 * timeout: 2h                # default time limit of one step
 * memory: 512MB              # the machine under test has this much RAM (a memory cgroup)
 * warmup: 1                  # repetitions run and recorded first, kept out of the statistics
 * steps: [...]               # what each cell runs, each step measured (required)
 * kernels: {...}             # named kernels other than the host's, for cells run in a VM
 * crash: {...}               # crash cells: recovery after a power cut, measured ({@link Crash})
 * aging: {...}               # how the cells of the matrix axis age: [fresh, aged] age their filesystem
 * vm: { reuse: true }        # how cells under another kernel use their guests ({@link VmSettings})
 * baseline: true             # measure the disk under the loop images with fio before the first cell
 * quiet: { wait: 30s, retake: 2 }  # wait for a quiet host; take disturbed measurements again ({@link Quiet})
 * </pre>
 *
 * @param source       the file this scenario was read from
 * @param version      {@code fsflow:} language version; only 1 exists
 * @param name         {@code name:} identifier, [a-z0-9._-], used in paths
 * @param title        {@code title:} human title
 * @param origin       {@code source:} where the campaign comes from (paper, post, script): the section's title
 * @param sourceSection {@code source:} as a section: title, document, conditions, findings (null when absent)
 * @param description  {@code description:} free text
 * @param params       {@code params:} name to default value
 * @param devices      {@code devices:} in file order
 * @param filesystems  {@code filesystems:} in file order
 * @param datasets     {@code datasets:} in file order
 * @param matrix       {@code matrix:} axes in file order
 * @param repeat       {@code repeat:}
 * @param order        {@code order:}
 * @param seed         {@code seed:}, or null when not given (a seed is then drawn and recorded)
 * @param onError      {@code on_error:} default of every step
 * @param timeout      {@code timeout:} default time limit of every step, or null for none
 * @param steps        {@code steps:} in order
 * @param memory       {@code memory:} the memory budget of every measured step ({@link MemoryBudget#none} when absent)
 * @param warmup       {@code warmup:} repetitions of every cell run before the measured ones, recorded
 *                     with {@code warmup: true} and left out of the statistics (as hyperfine's --warmup)
 * @param provenance   not written in the file: its digest and the command line's {@code --set} and
 *                     {@code --scale}, set by {@link ScenarioLoader} (null on a scenario not loaded so)
 * @param kernels      {@code kernels:} in file order ({@code host} is implicit)
 * @param scaling      not written in the file: the scale this scenario is at ({@code --scale}), and
 *                     the scenario at the scale of each place that runs at another ({@link #at})
 * @param crash        {@code crash:} the crash cells, or null when absent
 * @param aging        {@code aging:} the aging of the cells whose {@code age} axis says {@code aged}, or null
 * @param vm           {@code vm:} how guest cells use their guests ({@link VmSettings#DEFAULT} when absent)
 * @param baseline     {@code baseline:} whether the run measures the disk under its loop images first
 * @param quiet        {@code quiet:} the wait for a quiet host and the retakes ({@link Quiet#NONE} when absent)
 */
public record Scenario(
        SourceText source,
        int version,
        String name,
        String title,
        String origin,
        SourceSection sourceSection,
        String description,
        Map<String, Param> params,
        Map<String, Device> devices,
        Map<String, Filesystem> filesystems,
        Map<String, Dataset> datasets,
        Matrix matrix,
        Repeat repeat,
        Order order,
        Long seed,
        OnError onError,
        java.time.Duration timeout,
        List<Step> steps,
        MemoryBudget memory,
        int warmup,
        Provenance provenance,
        Map<String, KernelSpec> kernels,
        Scaling scaling,
        Crash crash,
        Aging aging,
        VmSettings vm,
        boolean baseline,
        Quiet quiet) {

    /** The scale of this scenario's datasets, devices and memory budget. */
    public double scale() {
        return scaling.scale();
    }

    /** This scenario as the cells under {@code kernel} run it: at that place's scale. */
    public Scenario at(KernelSpec kernel) {
        return scaling.variants().getOrDefault(kernel.name(), this);
    }

    /** This scenario at {@code scale}, one of its places' scales (this one when no place has it). */
    public Scenario atScale(double scale) {
        return scaling.variants().values().stream()
                .filter(v -> v.scale() == scale)
                .findFirst()
                .orElse(this);
    }

    /**
     * This scenario as the cell of {@code coordinates} runs it: at its place's scale, or, for the
     * host's control of a guest ({@link ScaleControls}), at that guest's scale.
     */
    public Scenario forCell(Map<String, String> coordinates) {
        Double control = scaling.controls().get(coordinates.get(Matrix.FILESYSTEM));
        return control != null ? atScale(control) : at(kernelOf(coordinates));
    }

    /** This scenario, at {@code scaling}. */
    public Scenario with(Scaling scaling) {
        return copy(filesystems, matrix, provenance, scaling);
    }

    /** This scenario, loaded with {@code provenance}. */
    public Scenario with(Provenance provenance) {
        return copy(filesystems, matrix, provenance, scaling);
    }

    /** This scenario with other filesystems and matrix (the host's controls at a guest's scale). */
    Scenario with(Map<String, Filesystem> fs, Matrix m) {
        return copy(fs, m, provenance, scaling);
    }

    private Scenario copy(Map<String, Filesystem> fs, Matrix m, Provenance p, Scaling sc) {
        return new Scenario(
                source,
                version,
                name,
                title,
                origin,
                sourceSection,
                description,
                params,
                devices,
                fs,
                datasets,
                m,
                repeat,
                order,
                seed,
                onError,
                timeout,
                steps,
                memory,
                warmup,
                p,
                kernels,
                sc,
                crash,
                aging,
                vm,
                baseline,
                quiet);
    }

    /** What a name used in paths and node ids looks like (a scenario, a dataset, a filesystem). */
    public static final String NAME = Scalars.ID;

    /** {@link #NAME} in words, for an error message. */
    public static final String NAME_RULE = Scalars.ID_RULE;

    /** The device that the filesystem axis formats, by convention named {@code target}. */
    public static final String TARGET = "target";
    /** The device that holds the datasets, by convention named {@code source}. */
    public static final String SOURCE = "source";

    /**
     * The datasets a plan generates, in declaration order: those of the matrix's dataset axis and
     * those a command names as {@code ${datasets.NAME.*}}.
     */
    public List<String> usedDatasets() {
        java.util.Set<String> used = new java.util.HashSet<>();
        if (matrix.has(Matrix.DATASET)) {
            matrix.axes().get(Matrix.DATASET).forEach(v -> used.add(v.value()));
        }
        for (Step st : steps) {
            for (Command c : java.util.Arrays.asList(st.run(), st.before(), st.after())) {
                if (c == null) {
                    continue;
                }
                for (Template t : c.parts()) {
                    for (Template.Variable v : t.variables()) {
                        if (v.name().startsWith("datasets.")) {
                            String rest = v.name().substring(9);
                            used.add(rest.substring(0, Math.max(0, rest.indexOf('.'))));
                        }
                    }
                }
            }
        }
        return datasets.keySet().stream().filter(used::contains).toList();
    }

    /**
     * The kernel a cell runs under: the value of its {@code kernel} matrix axis, else its
     * filesystem's {@code kernel:}, else the host's.
     */
    public KernelSpec kernelOf(Map<String, String> coordinates) {
        String name = coordinates.get(KernelReader.AXIS);
        if (name == null) {
            String fsName = coordinates.get(Matrix.FILESYSTEM);
            Filesystem fs = fsName == null ? null : filesystems.get(fsName);
            name = fs == null ? null : fs.kernel();
        }
        KernelSpec k = name == null || kernels == null ? null : kernels.get(name);
        return k != null ? k : new KernelSpec.Host(null);
    }

    /** Repetition order of the cells. */
    public enum Order {
        /** every repetition of a cell, then the next cell */
        SEQUENTIAL,
        /** repetition 1 of every cell, then repetition 2 ...: cancels slow drift */
        INTERLEAVED,
        /** every (cell, repetition) pair in a random order drawn from {@code seed} */
        SHUFFLED,
        /**
         * rounds: repetition 1 of every cell, then repetition 2 ..., each round in an order of its
         * own drawn from {@code seed}, a place's cells (a guest's kernel) kept together in a round
         */
        ROUNDS
    }

    /** What happens to the rest of the campaign when a step fails. */
    public enum OnError {
        /** run the next steps of the cell anyway */
        CONTINUE,
        /** skip the rest of this cell repetition, go on with the next (the default) */
        SKIP_CELL,
        /** stop the campaign, tear down, exit 1 */
        ABORT
    }

    /**
     * A parameter with its default, used as {@code ${params.NAME}} and overridden by
     * {@code --set NAME=VALUE}; {@code size: { value: 2048, scale: true }} is multiplied by the
     * {@code --scale} of each place, so a bonnie++ file (and the RAM it is told of) shrinks with
     * the guests' scale as datasets do.
     *
     * @param name  the parameter name
     * @param value its value as text (at this scenario's scale)
     * @param where where it is defined (or the --set that changed it)
     * @param scale true when {@code --scale} multiplies it: a whole number, rounded down, at least 1
     */
    public record Param(String name, String value, Location where, boolean scale) {

        /** What a parameter that scales holds: a whole number of at least 1. */
        public static final java.util.regex.Pattern WHOLE = java.util.regex.Pattern.compile("0*[1-9][0-9]{0,17}");

        /** A parameter that {@code --scale} leaves as it is. */
        public Param(String name, String value, Location where) {
            this(name, value, where, false);
        }

        /**
         * This parameter at {@code factor} of its size: {@code value x factor} rounded down (so two
         * parameters in a ratio, such as bonnie++'s file and RAM, keep at least that ratio), at least 1.
         */
        public Param scaled(double factor) {
            if (!scale || factor >= 1.0) {
                return this;
            }
            long scaled = new java.math.BigDecimal(value)
                    .multiply(new java.math.BigDecimal(Double.toString(factor)))
                    .setScale(0, java.math.RoundingMode.FLOOR)
                    .longValueExact();
            return new Param(name, String.valueOf(Math.max(1, scaled)), where, true);
        }
    }
}
