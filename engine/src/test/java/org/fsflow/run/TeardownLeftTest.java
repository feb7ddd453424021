package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.place.Resource;
import org.fsflow.place.Teardown;
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
    void anInterruptedRunKeepsOnlyTheDatasetsImageAndAFinishedOneRemovesIt() throws Exception {
        Path state = dir.resolve(Teardown.FILE);
        Path datasets = java.nio.file.Files.writeString(dir.resolve("source.img"), "datasets");
        Path target = java.nio.file.Files.writeString(dir.resolve("target.img"), "target");
        Path mnt = java.nio.file.Files.createDirectory(dir.resolve("mnt"));
        Teardown t = new Teardown(state, line -> {});
        t.register(Resource.dir(mnt.toString()));
        t.register(Resource.datasetsImage(datasets.toString()));
        t.register(Resource.image(target.toString()));
        assertEquals(List.of(datasets.toString()), t.releaseAllButDatasets());
        assertEquals(false, java.nio.file.Files.exists(target), "the target image goes");
        assertEquals(false, java.nio.file.Files.exists(mnt), "and the empty directory");
        assertEquals(true, java.nio.file.Files.exists(datasets), "the datasets' image stays");
        assertEquals(List.of(datasets.toString()), Teardown.keptIn(state), "listed for resume");
        assertEquals(
                List.of("image " + datasets + " (the datasets): losetup --noheadings --output NAME --associated "
                        + datasets + " | xargs -r -n 1 losetup -d; rm -f " + datasets),
                Teardown.leftIn(state));
        // a resume's leftovers release keeps it too; the end of the resumed run removes it
        Teardown.releaseLeftovers(state, line -> {});
        assertEquals(true, java.nio.file.Files.exists(datasets));
        Teardown resumed = new Teardown(state, line -> {});
        resumed.register(Resource.datasetsImage(datasets.toString()));
        resumed.releaseAll();
        assertEquals(false, java.nio.file.Files.exists(datasets));
        assertEquals(false, java.nio.file.Files.exists(state));
        assertEquals(List.of(), Teardown.keptIn(state));
    }

    @Test
    void withNothingToKeepTheStateFileGoesAsAfterAnyEnd() {
        Path state = dir.resolve(Teardown.FILE);
        Teardown t = new Teardown(state, line -> {});
        t.register(Resource.dir(dir.resolve("gone").toString()));
        assertEquals(List.of(), t.releaseAllButDatasets());
        assertEquals(false, java.nio.file.Files.exists(state));
    }

    @Test
    void nothingListedWhenTheStateFileIsGone() {
        assertEquals(List.of(), Teardown.leftIn(dir.resolve("none.json")));
    }
}
