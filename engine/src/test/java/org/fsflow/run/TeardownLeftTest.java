package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a second Ctrl-C prints: each resource still listed, newest first, with its command by hand. */
class TeardownLeftTest {

    @TempDir
    Path dir;

    @Test
    void everyKindHasTheCommandThatReleasesItNewestFirst() {
        Path state = dir.resolve(Teardown.FILE);
        Teardown t = new Teardown(state, line -> {});
        t.register(Resource.dir("/var/tmp/w"));
        t.register(Resource.image("/var/tmp/w/target.img"));
        t.register(Resource.loop(null, "/var/tmp/w/target.img"));
        t.register(Resource.service(
                List.of("sh", "-c", "kill $(cat /var/tmp/w/d.pid)"), List.of("true"), "the zfs service"));
        t.register(Resource.command(List.of("sh", "-c", "zpool destroy p"), Resource.UNIT, "destroy zfs"));
        t.register(Resource.mount("/var/tmp/w/mnt it", Resource.UNIT));
        String detach =
                "losetup --noheadings --output NAME --associated /var/tmp/w/target.img | xargs -r -n 1 losetup -d";
        assertEquals(
                List.of(
                        "mount on /var/tmp/w/mnt it: umount -l '/var/tmp/w/mnt it'",
                        "destroy zfs: zpool destroy p",
                        "the zfs service: kill $(cat /var/tmp/w/d.pid)",
                        "loop devices of /var/tmp/w/target.img: " + detach,
                        "image /var/tmp/w/target.img: " + detach + "; rm -f /var/tmp/w/target.img",
                        "directory /var/tmp/w: rmdir --ignore-fail-on-non-empty /var/tmp/w"),
                Teardown.leftIn(state));
    }

    @Test
    void nothingListedWhenTheStateFileIsGone() {
        assertEquals(List.of(), Teardown.leftIn(dir.resolve("none.json")));
    }
}
