package org.fsflow.hosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.result.Json;

/**
 * {@code OUT/hosts.json}: a campaign over hosts, enough for {@code fsflow resume OUT} to continue
 * it: the inventory and scenario files, the options every host got, and where each host stands.
 * Rewritten atomically whenever a host's state changes.
 *
 * @param via       how the hosts are reached
 * @param inventory the inventory file (absolute), or null for Slurm nodes named on the command line
 * @param scenario  the scenario file (absolute)
 * @param options   the remote runs' options besides --out, --work and each host's own --set values
 * @param hosts     each host's state, in inventory order
 */
public record HostsFile(Via via, String inventory, String scenario, List<String> options, List<HostState> hosts) {

    /** The file name in the output directory. */
    public static final String FILE = "hosts.json";

    /** True when {@code dir} is the output directory of a campaign over hosts. */
    public static boolean in(Path dir) {
        return Files.exists(dir.resolve(FILE));
    }

    /** Reads {@code dir/hosts.json}. */
    static HostsFile read(Path dir) {
        try {
            return Json.MAPPER.readValue(dir.resolve(FILE).toFile(), HostsFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(FILE), e);
        }
    }

    /** This file with {@code state} replacing the host of the same name. */
    HostsFile with(HostState state) {
        List<HostState> all = new ArrayList<>(hosts);
        all.replaceAll(h -> h.name().equals(state.name()) ? state : h);
        return new HostsFile(via, inventory, scenario, options, all);
    }

    /** Writes it to {@code dir/hosts.json}, atomically. */
    void write(Path dir) {
        try {
            HostMerger.write(
                    dir.resolve(FILE),
                    Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(this) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(FILE), e);
        }
    }
}
