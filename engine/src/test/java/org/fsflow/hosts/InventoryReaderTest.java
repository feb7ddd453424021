package org.fsflow.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.DiagnosticPrinter;
import org.fsflow.lang.ScenarioException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hosts.yaml read strictly, every problem located like a scenario's. */
class InventoryReaderTest {

    @TempDir
    Path dir;

    Path write(String text) throws Exception {
        Path f = dir.resolve("hosts.yaml");
        Files.writeString(f, text);
        return f;
    }

    String errors(String text) throws Exception {
        Path f = write(text);
        ScenarioException e = assertThrows(ScenarioException.class, () -> InventoryReader.read(f));
        StringWriter s = new StringWriter();
        DiagnosticPrinter.print(new PrintWriter(s), e.source(), e.diagnostics());
        return s.toString().replace(f.toString(), "hosts.yaml");
    }

    @Test
    void readsHostsWithTheirSetsLabelsAndTheSshConfigBesideTheFile() throws Exception {
        Inventory inv = InventoryReader.read(write("""
                ssh_config: lab/ssh.conf
                hosts:
                  - { name: r1, ssh: root@r1.lab, set: { disk: /dev/sdb }, labels: { rack: a } }
                  - name: r2
                    ssh: r2
                    dir: /srv/tmp
                """));
        assertEquals(dir.resolve("lab/ssh.conf"), inv.sshConfig());
        assertEquals(
                List.of("r1", "r2"),
                inv.hosts().stream().map(Inventory.Host::name).toList());
        assertEquals(List.of("disk=/dev/sdb"), inv.hosts().get(0).setArguments());
        assertEquals(Map.of("rack", "a"), inv.hosts().get(0).labels());
        assertEquals("/var/tmp", inv.hosts().get(0).dir());
        assertEquals("/srv/tmp", inv.hosts().get(1).dir());
    }

    @Test
    void everyProblemIsLocated() throws Exception {
        String out = errors("""
                hosts:
                  - { name: r1, ssh: r1, sett: { a: b } }
                  - { name: "r 2", ssh: r2 }
                  - { ssh: -oProxyCommand=x }
                  - { name: r1, ssh: r1b, dir: tmp }
                """);
        assertEquals("""
                hosts.yaml:2:26: error: unknown key 'sett' in a host (expected one of: dir, labels, name, set, ssh)
                    - { name: r1, ssh: r1, sett: { a: b } }
                                           ^
                hosts.yaml:3:13: error: host name 'r 2' must be letters, digits, '.', '_' or '-' (it names a directory and a report column)
                    - { name: "r 2", ssh: r2 }
                              ^
                hosts.yaml:4:5: error: a host needs 'name'
                    - { ssh: -oProxyCommand=x }
                      ^
                hosts.yaml:4:12: error: 'ssh' must be a destination such as user@host, not an option
                    - { ssh: -oProxyCommand=x }
                             ^
                hosts.yaml:5:32: error: 'dir' must be an absolute path on the host
                    - { name: r1, ssh: r1b, dir: tmp }
                                                 ^
                """, out);
    }

    @Test
    void duplicateNamesAndAnEmptyListAreRefused() throws Exception {
        String twice = errors("hosts:\n  - { name: a, ssh: a }\n  - { name: a, ssh: b }\n");
        assertEquals(true, twice.startsWith("hosts.yaml:3:5: error: host 'a' is listed twice"), twice);
        String empty = errors("hosts: []\n");
        assertEquals(true, empty.startsWith("hosts.yaml:1:8: error: 'hosts' must be a non-empty list"), empty);
    }
}
