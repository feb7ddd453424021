package org.fsflow.result;

import java.util.List;
import java.util.Map;

/**
 * Builds a {@link Measurement} field by field, so that a new field touches only the places that know its value. Each
 * setter sets the field of its name and returns this builder. Unset fields are null (false for warmup), collections empty.
 */
public final class MeasurementBuilder extends MeasurementExtras {
    private String node, step, dataset, filesystem, command, reason, signal;
    private int repeat;
    private Map<String, String> cell = Map.of();
    private Status status;
    private Integer exitCode, guestRepetition;
    private Double realS, userS, sysS;
    private Long cpuPct, maxRssKb, minorFaults, majorFaults, readBytes, writeBytes, ioBusyMs;
    private String startedAt, endedAt, cpuMethod, memoryMethod, host, kernel, virt;
    private Map<String, Object> metrics = Map.of();
    private List<String> devices = List.of(), mkfsOptions = List.of(), mountOptions = List.of(), log = List.of();
    private Long memoryBudgetBytes, oomKills;
    private Double flushS, hostOtherCpuS, serviceCpuS, scale;
    private boolean warmup;

    MeasurementBuilder() {}

    @Override
    MeasurementBuilder self() {
        return this;
    }

    public MeasurementBuilder node(String value) {
        this.node = value;
        return this;
    }

    public MeasurementBuilder step(String value) {
        this.step = value;
        return this;
    }

    public MeasurementBuilder dataset(String value) {
        this.dataset = value;
        return this;
    }

    public MeasurementBuilder filesystem(String value) {
        this.filesystem = value;
        return this;
    }

    public MeasurementBuilder repeat(int value) {
        this.repeat = value;
        return this;
    }

    public MeasurementBuilder cell(Map<String, String> value) {
        this.cell = value;
        return this;
    }

    public MeasurementBuilder command(String value) {
        this.command = value;
        return this;
    }

    public MeasurementBuilder status(Status value) {
        this.status = value;
        return this;
    }

    public MeasurementBuilder exitCode(Integer value) {
        this.exitCode = value;
        return this;
    }

    public MeasurementBuilder reason(String value) {
        this.reason = value;
        return this;
    }

    public MeasurementBuilder realS(Double value) {
        this.realS = value;
        return this;
    }

    public MeasurementBuilder userS(Double value) {
        this.userS = value;
        return this;
    }

    public MeasurementBuilder sysS(Double value) {
        this.sysS = value;
        return this;
    }

    public MeasurementBuilder cpuPct(Long value) {
        this.cpuPct = value;
        return this;
    }

    public MeasurementBuilder maxRssKb(Long value) {
        this.maxRssKb = value;
        return this;
    }

    public MeasurementBuilder minorFaults(Long value) {
        this.minorFaults = value;
        return this;
    }

    public MeasurementBuilder majorFaults(Long value) {
        this.majorFaults = value;
        return this;
    }

    public MeasurementBuilder readBytes(Long value) {
        this.readBytes = value;
        return this;
    }

    public MeasurementBuilder writeBytes(Long value) {
        this.writeBytes = value;
        return this;
    }

    public MeasurementBuilder ioBusyMs(Long value) {
        this.ioBusyMs = value;
        return this;
    }

    public MeasurementBuilder startedAt(String value) {
        this.startedAt = value;
        return this;
    }

    public MeasurementBuilder endedAt(String value) {
        this.endedAt = value;
        return this;
    }

    public MeasurementBuilder metrics(Map<String, Object> value) {
        this.metrics = value;
        return this;
    }

    public MeasurementBuilder devices(List<String> value) {
        this.devices = value;
        return this;
    }

    public MeasurementBuilder mkfsOptions(List<String> value) {
        this.mkfsOptions = value;
        return this;
    }

    public MeasurementBuilder mountOptions(List<String> value) {
        this.mountOptions = value;
        return this;
    }

    public MeasurementBuilder cpuMethod(String value) {
        this.cpuMethod = value;
        return this;
    }

    public MeasurementBuilder memoryMethod(String value) {
        this.memoryMethod = value;
        return this;
    }

    public MeasurementBuilder log(List<String> value) {
        this.log = value;
        return this;
    }

    public MeasurementBuilder host(String value) {
        this.host = value;
        return this;
    }

    public MeasurementBuilder kernel(String value) {
        this.kernel = value;
        return this;
    }

    public MeasurementBuilder virt(String value) {
        this.virt = value;
        return this;
    }

    public MeasurementBuilder memoryBudgetBytes(Long value) {
        this.memoryBudgetBytes = value;
        return this;
    }

    public MeasurementBuilder flushS(Double value) {
        this.flushS = value;
        return this;
    }

    public MeasurementBuilder hostOtherCpuS(Double value) {
        this.hostOtherCpuS = value;
        return this;
    }

    public MeasurementBuilder serviceCpuS(Double value) {
        this.serviceCpuS = value;
        return this;
    }

    public MeasurementBuilder warmup(boolean value) {
        this.warmup = value;
        return this;
    }

    public MeasurementBuilder signal(String value) {
        this.signal = value;
        return this;
    }

    public MeasurementBuilder oomKills(Long value) {
        this.oomKills = value;
        return this;
    }

    public MeasurementBuilder scale(Double value) {
        this.scale = value;
        return this;
    }

    public MeasurementBuilder guestRepetition(Integer value) {
        this.guestRepetition = value;
        return this;
    }

    /** The measurement. */
    public Measurement build() {
        return new Measurement(
                node,
                step,
                dataset,
                filesystem,
                repeat,
                cell,
                command,
                status,
                exitCode,
                reason,
                realS,
                userS,
                sysS,
                cpuPct,
                maxRssKb,
                minorFaults,
                majorFaults,
                readBytes,
                writeBytes,
                ioBusyMs,
                startedAt,
                endedAt,
                metrics,
                devices,
                mkfsOptions,
                mountOptions,
                cpuMethod,
                memoryMethod,
                log,
                host,
                kernel,
                virt,
                memoryBudgetBytes,
                flushS,
                hostOtherCpuS,
                warmup,
                signal,
                oomKills,
                serviceCpuS,
                scale,
                kernelCpuS,
                kernelCpuFsS,
                kernelCpuClasses,
                crash,
                guestRepetition,
                traffic,
                sharedExtents,
                samples,
                retaken,
                disturbed);
    }
}
