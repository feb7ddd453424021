package org.fsflow.hosts;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The hosts a campaign runs on, as {@code hosts.yaml} lists them:
 *
 * <pre>
 * ssh_config: lab-ssh.conf        # optional: an ssh config file (-F); default: the user's own
 * hosts:
 *   - name: r1                    # the host's name in results and reports (the 'host' axis)
 *     ssh: root@r1.lab            # an ssh destination, as ~/.ssh/config knows it
 *     set: { disk: /dev/sdb }     # optional: --set values for this host only (device paths ...)
 *     labels: { rack: a }         # optional: free labels, kept with the host's results
 *     dir: /var/tmp               # optional: where the private remote directory is made
 * </pre>
 *
 * @param file      the inventory file, as given
 * @param sshConfig an ssh config file passed to every ssh and scp with {@code -F}, or null
 * @param hosts     the hosts, in file order, names unique
 */
public record Inventory(Path file, Path sshConfig, List<Host> hosts) {

    /** Copies the list. */
    public Inventory {
        hosts = List.copyOf(hosts);
    }

    /**
     * One host of the inventory.
     *
     * @param name        identifier (letters, digits, '.', '_', '-'): a directory name and an axis value
     * @param destination the ssh destination
     * @param sets        {@code --set} values for this host only, in file order
     * @param labels      free labels
     * @param dir         the remote directory under which fsflow makes its private directory
     */
    public record Host(
            String name, String destination, Map<String, String> sets, Map<String, String> labels, String dir) {

        /** The remote base directory when the inventory gives none. */
        public static final String DEFAULT_DIR = "/var/tmp";

        /** Copies the maps. */
        public Host {
            sets = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sets));
            labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
        }

        /** The host's {@code --set} values as command-line words: {@code KEY=VALUE}. */
        public List<String> setArguments() {
            return sets.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .toList();
        }
    }
}
