package org.fsflow.place;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What {@code ldd PROGRAM} says a program loads: the files of its shared libraries and of the loader. */
public final class Ldd {

    // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)" and "/lib64/ld-linux-x86-64.so.2 (0x...)"
    private static final Pattern LIB = Pattern.compile("(?:=>\\s*)?(/\\S+)\\s+\\(0x");

    private Ldd() {}

    /**
     * The library files of {@code ldd}'s output, in its order: none for the kernel's vdso, a library
     * not found, or a program that is not dynamic.
     */
    public static List<Path> libraries(String lddOutput) {
        List<Path> out = new ArrayList<>();
        for (String line : lddOutput.split("\n")) {
            Matcher m = LIB.matcher(line);
            if (m.find()) {
                out.add(Path.of(m.group(1)));
            }
        }
        return out;
    }
}
