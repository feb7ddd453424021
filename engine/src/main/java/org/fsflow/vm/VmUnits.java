package org.fsflow.vm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fsflow.place.PhaseLog;
import org.fsflow.place.Resource;
import org.fsflow.place.Teardown;
import org.fsflow.place.Where;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Layout;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.ResolvedStep;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.FilesystemType;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Scenario;

/**
 * Runs cell repetitions whose kernel is not the host's, each in a throwaway VM (design.md
 * section 12): the scenario's loop devices become sparse virtio disks, the generated datasets a
 * read-only source image mounted where the host has them, and the unit's steps, expanded with the
 * guest's device nodes, the job. Each result arrives as the guest reports it; the QEMU process and
 * the images are in the teardown registry while they exist.
 */
public final class VmUnits implements VmPlace.Guests {

    private final Scenario scenario;
    private final Layout layout;
    private final Teardown teardown;
    private final Consumer<String> info;
    private final KernelStore store;
    private final Map<String, Object> kernels = new HashMap<>();
    private final Consumer<String> notice; // each line once per run
    private volatile VmSession session;
    private final SourceImages sourceImages;
    private PhaseLog phases = PhaseLog.NONE;

    VmUnits(Scenario scenario, Layout layout, Teardown teardown, Consumer<String> info) {
        this.scenario = scenario;
        this.layout = layout;
        this.teardown = teardown;
        this.info = info;
        java.util.Set<String> said = new java.util.HashSet<>();
        this.notice = line -> {
            if (said.add(line)) info.accept(line);
        };
        this.sourceImages = new SourceImages(teardown, info);
        this.store = new KernelStore(kernelCache(layout));
    }

    /**
     * Where kernels are unpacked: {@code /var/tmp/fsflow/kernels} (the root of the default work
     * directories), shared by every campaign so a kernel is fetched once; {@code FSFLOW_KERNELS}
     * moves it.
     */
    public static Path kernelCache(Layout layout) {
        String env = System.getenv("FSFLOW_KERNELS");
        return env != null && !env.isBlank() ? Path.of(env) : Layout.defaultWork("kernels");
    }

    /** The kernel of {@code spec}, fetched once per run; a problem is returned as text. */
    Object kernel(KernelSpec spec) {
        return kernels.computeIfAbsent(spec.name(), n -> {
            try {
                BootKernel k = store.resolve(spec);
                info.accept("kernel " + n + ": " + k.origin() + " (release " + k.release() + ", sha256 "
                        + k.sha256().substring(0, 12) + "...)");
                VmResources.recordKernel(layout.out().resolve("kernels.json"), k, info);
                return k;
            } catch (VmException e) {
                return "kernel " + n + ": " + e.getMessage();
            }
        });
    }

    @Override
    public void record(PhaseLog log) {
        this.phases = log;
    }

    @Override
    public String cannotRun(Cell cell, KernelSpec spec) {
        Object k = kernel(spec);
        if (k instanceof String why) {
            return why;
        }
        if (Accelerators.forced() == Accel.UML && UmlProbe.runsOrSays(store.root(), notice)) {
            try {
                String why = Uml.cannotStandIn((BootKernel) k, umlKernel(), modules(cell, false));
                if (why != null) {
                    return why;
                }
            } catch (VmException e) {
                return "FSFLOW_VM_ACCEL=uml: " + e.getMessage();
            }
        }
        return GuestLimits.cannotRun(scenario, cell);
    }

    @Override
    public VmPlace.Ended run(List<List<PlanNode>> units, KernelSpec spec, Consumer<VmPlace.Result> sink) {
        Scenario at = scenario.at(spec); // datasets, disks and budget at this kernel's --scale
        String name = "fsflow-" + scenario.name() + "-vm";
        Path work = layout.work().resolve(VmPlace.WORK_DIR);
        Map<String, String> nodes = new LinkedHashMap<>();
        List<Qemu.Disk> disks = new ArrayList<>();
        List<Path> images = new ArrayList<>();
        List<Resource> resources = new ArrayList<>();
        try {
            Accel accel = VmSession.accel(store.root(), (BootKernel) kernel(spec), notice);
            BootKernel kernel = accel == Accel.UML ? umlKernel() : (BootKernel) kernel(spec);
            Where where = new Where(Where.hostname(), kernel.release(), accel.label());
            GuestPhases timed = new GuestPhases(phases, where, units);
            attachLoops(at, work, accel, nodes, disks, images, resources);
            Path datasets = datasetRoot(at);
            List<GuestMount> mounts = sourceDisk(datasets, work, accel, disks);
            timed.imagesBuilt();
            Job job = job(units, nodes, datasets != null);
            List<String> dirs = scenario.devices().values().stream()
                    .map(d -> layout.mountPoint(d).toString())
                    .toList();
            VmSession.Request request = new VmSession.Request(
                    name,
                    kernel,
                    job.modules(),
                    disks,
                    mounts,
                    dirs,
                    job.steps(),
                    Runtime.getRuntime().availableProcessors(),
                    GuestSteps.memoryMib(job.steps()),
                    work,
                    accel);
            VmSession vm = session(timed, job);
            Resource[] qemu = {null};
            VmSession.Outcome o = vm.run(
                    request,
                    g -> {
                        timed.reported(g);
                        sink.accept(result(g, job, where));
                    },
                    pid -> qemu[0] =
                            register(accel == Accel.UML ? Uml.killer(pid, name, work) : VmResources.killer(pid, name)));
            if (qemu[0] != null) {
                teardown.forget(qemu[0]);
            }
            info.accept(GuestSteps.describe(kernel, o, units.size()));
            return new VmPlace.Ended(o.problem(), o.running() >= 0 ? job.nodes().get(o.running()) : null);
        } catch (VmException e) {
            return new VmPlace.Ended(e.getMessage(), null);
        } finally {
            session = null;
            for (Path img : images) {
                VmResources.deleteQuietly(img);
            }
            resources.forEach(teardown::forget);
        }
    }

    // the guest's session, its unmeasured phases timed at each step's node
    private VmSession session(GuestPhases timed, Job job) {
        VmSession vm = new VmSession(store.root());
        vm.onPhase((step, kind, seconds) -> timed.phase(
                step >= 0 && step < job.nodes().size() ? job.nodes().get(step).id() : null, kind, seconds));
        session = vm;
        return vm;
    }

    // the read-only disk of the datasets, mounted where the host has them; none without datasets
    private List<GuestMount> sourceDisk(Path datasets, Path work, Accel accel, List<Qemu.Disk> disks) {
        List<GuestMount> mounts = new ArrayList<>();
        if (datasets != null) {
            String dev = accel.disk(disks.size());
            disks.add(new Qemu.Disk(sourceImages.of(datasets, work), true));
            mounts.add(new GuestMount(dev, datasets.toString(), "ext4", true));
        }
        return mounts;
    }

    private VmPlace.Result result(GuestResult g, Job job, Where where) {
        PlanNode n = job.nodes().get(g.index());
        return new VmPlace.Result(
                n, GuestObserved.attributed(g, fsClass(n)), job.commands().get(g.index()), where);
    }

    // the step's filesystem's class of kernel threads (measure/KernelCpu#classOf), or null
    private String fsClass(PlanNode n) {
        String name = n.step().target() == null ? null : n.step().target().filesystem();
        Filesystem fs = name == null ? null : scenario.filesystems().get(name);
        return fs == null
                ? null
                : org.fsflow.measure.KernelCpu.classOf(
                        fs.lifecycle() == null ? fs.type() : fs.lifecycle().kernel());
    }

    /** The steps a guest runs, the plan node and command of each, and the modules they need. */
    private record Job(List<GuestStep> steps, List<PlanNode> nodes, List<String> commands, List<String> modules) {}

    // each step as the planner resolved it, with the guest's disks (/dev/vdX) bound for its device nodes
    private Job job(List<List<PlanNode>> units, Map<String, String> deviceNodes, boolean source) {
        Job job = new Job(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (List<PlanNode> unit : units) {
            Cell cell = unit.get(0).cell();
            modules(cell, source).stream()
                    .filter(m -> !job.modules().contains(m))
                    .forEach(job.modules()::add);
            boolean first = true;
            for (PlanNode n : unit) {
                ResolvedStep step = n.step().bind(deviceNodes);
                if (!step.skipped()) {
                    job.steps().add(GuestSteps.of(n, step, first));
                    job.nodes().add(n);
                    job.commands().add(step.command().text());
                    first = false;
                }
            }
        }
        return job;
    }

    // every loop device but the source becomes a fresh sparse image: /dev/vda, /dev/vdb ... (/dev/ubda ... under UML)
    private void attachLoops(
            Scenario at,
            Path work,
            Accel accel,
            Map<String, String> nodes,
            List<Qemu.Disk> disks,
            List<Path> images,
            List<Resource> resources) {
        for (Device d : at.devices().values()) {
            if (d instanceof Device.Loop loop && !d.name().equals(Scenario.SOURCE)) {
                Path img = work.resolve(d.name() + ".img");
                resources.add(register(Resource.image(img.toString())));
                VmResources.sparse(img, loop.sizeBytes());
                images.add(img);
                nodes.put(d.name(), accel.disk(disks.size()));
                disks.add(new Qemu.Disk(img, false));
            }
        }
    }

    // ext2 and ext3 are served by the ext4 driver in the kernels fsflow boots
    private List<String> modules(Cell cell, boolean source) {
        List<String> out = new ArrayList<>();
        for (Filesystem fs : GuestLimits.filesystems(scenario, cell)) {
            String k = FilesystemType.of(fs.type()).kernelModule();
            out.add(k.equals("ext2") || k.equals("ext3") ? "ext4" : k);
        }
        if (source) {
            out.add("ext4");
        }
        out.removeIf(m -> m.equals("tmpfs"));
        return out;
    }

    /** The host directory holding the generated datasets, or null when the scenario has none. */
    private Path datasetRoot(Scenario at) {
        for (Dataset d : at.datasets().values()) {
            Path p = layout.dataset(at, d);
            if (Files.isDirectory(p)) {
                return p.getParent();
            }
        }
        return null;
    }

    // the user-mode kernel that stands in for the scenario's under Accel.UML, resolved once per run
    private BootKernel umlKernel() {
        Object k = kernels.computeIfAbsent("(uml)", n -> {
            BootKernel u = Uml.kernel();
            info.accept("user-mode Linux: " + u.origin() + " (release " + u.release() + ") stands in for the "
                    + "scenario's guest kernels (FSFLOW_VM_ACCEL=uml)");
            VmResources.recordKernel(layout.out().resolve("kernels.json"), u, info);
            return u;
        });
        return (BootKernel) k;
    }

    private Resource register(Resource r) {
        teardown.register(r);
        return r;
    }

    @Override
    public void kill() {
        VmSession s = session;
        if (s != null) {
            s.kill();
        }
    }
}
