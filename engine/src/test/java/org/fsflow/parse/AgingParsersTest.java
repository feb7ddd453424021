package org.fsflow.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * filefrag, e2freefrag and xfs_db freesp on output of the real tools, captured on Debian 12 (kernel 6.18): small
 * filesystems with a few files, and the images fsflow's ager left (e2freefrag and {@code xfs_db -r -f -c 'sb 0' -c
 * 'p blocksize' -c 'freesp -s'} on the image files).
 */
class AgingParsersTest {

    @Test
    void filefragOfBtrfsGivesEveryExtentOfAnAppendedFile() throws Exception {
        List<Filefrag.FileMap> files = Filefrag.parse(ParsersTest.resource("aging-filefrag-btrfs.txt"));
        assertEquals(3, files.size());
        Filefrag.FileMap f1 = files.get(0);
        assertEquals("/tmp/i27/s/m/d1/f1", f1.path());
        assertEquals(300000, f1.bytes());
        assertEquals(4096, f1.blockBytes());
        assertEquals(List.of(new Filefrag.Extent(0, 3328, 74, "last,eof")), f1.extents());
        Filefrag.FileMap f2 = files.get(1);
        assertEquals(5, f2.extents().size());
        assertEquals(new Filefrag.Extent(0, 15616, 2, ""), f2.extents().get(0));
        // the 'expected' column (where a contiguous extent would have started) is not a flag
        assertEquals(new Filefrag.Extent(2, 15643, 2, ""), f2.extents().get(1));
        assertEquals(new Filefrag.Extent(8, 15724, 2, "last,eof"), f2.extents().get(4));
        assertEquals(List.of(), files.get(2).extents());
        assertEquals(0, files.get(2).bytes());
    }

    @Test
    void filefragOfExt4AndXfs() throws Exception {
        List<Filefrag.FileMap> ext4 = Filefrag.parse(ParsersTest.resource("aging-filefrag-ext4.txt"));
        assertEquals(
                List.of(1, 1, 0), ext4.stream().map(f -> f.extents().size()).toList());
        assertEquals(32833, ext4.get(0).extents().get(0).physical());
        List<Filefrag.FileMap> xfs = Filefrag.parse(ParsersTest.resource("aging-filefrag-xfs.txt"));
        assertEquals(List.of(1, 3, 0), xfs.stream().map(f -> f.extents().size()).toList());
        assertEquals(new Filefrag.Extent(6, 173, 2, ""), xfs.get(1).extents().get(1));
    }

    @Test
    void e2freefragCountsFreeExtentsAndTheSmallOnes() throws Exception {
        FreeSpace f = FreeSpace.e2freefrag(ParsersTest.resource("aging-e2freefrag.txt"));
        assertEquals(7, f.extents());
        assertEquals(124559L * 4096, f.freeBytes());
        // 64K...128K- (50 blocks) and 512K...1024K- (248 blocks) are under 1 MiB; 64M...128M- is not
        assertEquals((50L + 248) * 4096, f.smallBytes());
        assertEquals(100.0 * 298 / 124559, f.smallPct(), 1e-9);
    }

    @Test
    void e2freefragOfAnAgedExt4() throws Exception {
        FreeSpace f = FreeSpace.e2freefrag(ParsersTest.resource("aging-e2freefrag-aged.txt"));
        assertEquals(3067, f.extents());
        assertEquals(95808L * 4096, f.freeBytes());
        // every class from 4K...8K- to 512K...1024K-
        assertEquals((272L + 1087 + 3427 + 11337 + 11231 + 4131 + 7508 + 7321) * 4096, f.smallBytes());
    }

    @Test
    void xfsFreespOfAnAgedXfs() throws Exception {
        FreeSpace f = FreeSpace.xfsFreesp(ParsersTest.resource("aging-xfs-freesp.txt"));
        assertEquals(523, f.extents());
        assertEquals(57039L * 4096, f.freeBytes());
        // classes starting below 256 blocks of 4 KiB (1 MiB): from 1 to 128
        assertEquals((58L + 213 + 668 + 1327 + 1845 + 1288 + 845 + 198) * 4096, f.smallBytes());
    }

    @Test
    void somethingElseIsNotFreeSpace() {
        assertThrows(OutputParser.Unparseable.class, () -> FreeSpace.e2freefrag("e2freefrag: No such device"));
        assertThrows(OutputParser.Unparseable.class, () -> FreeSpace.xfsFreesp("xfs_db: /dev/loop9 is invalid"));
    }
}
