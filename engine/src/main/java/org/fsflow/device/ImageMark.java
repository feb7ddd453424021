package org.fsflow.device;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.fsflow.safety.SafeFiles;
import org.fsflow.scenario.SystemPaths;

/**
 * The ownership mark of a loop image fsflow made: a file {@code IMAGE.made-by-fsflow} beside it,
 * written when fsflow creates the image and removed with it, that names the image, its inode and
 * its size (a loop device changes its content, never its size).
 * An existing image is formatted only when its mark is there and names it (fsflow made it, in a run
 * that was interrupted before its teardown), or when the scenario confirms with {@code destroy:
 * true} inside {@code loop:}; a file of someone else's, given as {@code image:} by mistake, is
 * refused before anything runs.
 */
public final class ImageMark {

    /** What the mark's name adds to the image's. */
    public static final String SUFFIX = ".made-by-fsflow";

    private ImageMark() {}

    /** The mark of {@code image}. */
    public static Path of(Path image) {
        return image.resolveSibling(image.getFileName() + SUFFIX);
    }

    /** Records that fsflow made {@code image} (just created): {@code madeBy} says what made it. */
    public static void write(Path image, String madeBy) throws IOException {
        Path mark = of(image);
        Files.deleteIfExists(mark); // one left by a teardown killed between the image and its mark
        String text = "made-by=" + madeBy.replace('\n', ' ') + "\nimage=" + image + "\ninode=" + inode(image)
                + "\nsize=" + Files.size(image) + "\n";
        try (FileChannel ch = SafeFiles.createNew(mark)) {
            ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
            ch.force(true);
        }
    }

    /** True when {@code image} carries fsflow's mark: a regular file beside it naming it, its inode and size. */
    public static boolean madeByFsflow(Path image) {
        Path mark = of(image);
        try {
            if (SafeFiles.problem(mark) != null || !Files.isRegularFile(image, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            Map<String, String> fields = Files.readAllLines(mark, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.contains("="))
                    .collect(Collectors.toMap(
                            l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1), (a, b) -> b));
            return image.toString().equals(fields.get("image"))
                    && String.valueOf(inode(image)).equals(fields.get("inode"))
                    && String.valueOf(Files.size(image)).equals(fields.get("size"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Why the existing file {@code image} may not be formatted, or null when it may (there is none,
     * fsflow made it, or {@code destroy} confirms it and it is a regular file outside the system
     * directories, links resolved).
     */
    public static String refusal(Path image, boolean destroy) {
        if (!Files.exists(image, LinkOption.NOFOLLOW_LINKS) || madeByFsflow(image)) {
            return null;
        }
        if (!destroy) {
            return image + " exists and fsflow did not make it (no " + of(image).getFileName()
                    + " beside it): formatting it would destroy what it holds. Remove it, choose another image:, "
                    + "or confirm with destroy: true inside loop:";
        }
        try {
            Path real = image.toRealPath();
            if (!Files.isRegularFile(real)) {
                return image + " is not a regular file: a loop image is one";
            }
            return SystemPaths.imageRefusal(real);
        } catch (IOException e) {
            return "cannot resolve " + image + ": " + e.getMessage();
        }
    }

    private static Object inode(Path image) throws IOException {
        return Files.getAttribute(image, "unix:ino", LinkOption.NOFOLLOW_LINKS);
    }
}
