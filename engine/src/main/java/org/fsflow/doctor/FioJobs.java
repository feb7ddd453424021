package org.fsflow.doctor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.plan.ResolvedStep;

/**
 * What a step's fio command line says before it runs, for {@code fsflow doctor}: the bytes its
 * jobs lay out ({@code --size} times {@code --numjobs}, per job) and, for time-based jobs
 * ({@code --time_based} with {@code --runtime}), how long they run ({@code --runtime} plus
 * {@code --ramp_time}; jobs of one command run side by side, so the longest counts). Options
 * before the first {@code --name} apply to every job, as in fio. Sizes take fio's default units
 * ({@code kb_base=1024}: {@code 4k}, {@code 64m}, {@code 1g} and {@code 64MB} are powers of 1024);
 * a size in percent, and job files, tell nothing.
 *
 * @param bytes      the bytes the jobs lay out, 0 when no size is known
 * @param seconds    how long the time-based jobs run, 0 when none is
 * @param timeBased  true when a job is time-based with a known runtime
 * @param transfers  what the jobs that are not time-based read or write, where their size is known
 */
record FioJobs(long bytes, double seconds, boolean timeBased, List<Transfer> transfers) {

    static final FioJobs NONE = new FioJobs(0, 0, false, List.of());

    /**
     * What one job that runs to its size moves: {@code bytes} read or written, at random or in order,
     * in blocks of {@code blockBytes} ({@code --bs}, fio's 4 KiB by default), with an fsync after each
     * write when {@code --fsync} is set, {@code depth} at a time ({@code --iodepth}, 1 by default).
     */
    record Transfer(long bytes, boolean read, boolean random, long blockBytes, boolean fsync, int depth) {}

    private static final Pattern SIZE = Pattern.compile("(\\d+)([kmgtp]?)(i?b)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s|m|h|d)?", Pattern.CASE_INSENSITIVE);

    /** One job's options as far as they are known (null: not given). */
    private record Job(Long size, Long numjobs, Double runtime, Double ramp, Boolean timeBased, Io io) {

        Job with(String option, String value) {
            return switch (option) {
                case "size" -> new Job(bytes(value), numjobs, runtime, ramp, timeBased, io);
                case "numjobs" ->
                    new Job(size, value.matches("\\d+") ? Long.parseLong(value) : null, runtime, ramp, timeBased, io);
                case "runtime" -> new Job(size, numjobs, seconds(value), ramp, timeBased, io);
                case "ramp_time" -> new Job(size, numjobs, runtime, seconds(value), timeBased, io);
                case "time_based" -> new Job(size, numjobs, runtime, ramp, !value.equals("0"), io);
                case "rw", "readwrite", "bs", "fsync", "iodepth" ->
                    new Job(size, numjobs, runtime, ramp, timeBased, io.with(option, value));
                default -> this;
            };
        }

        Transfer transfer() {
            long each = size * (numjobs == null ? 1 : numjobs);
            return new Transfer(
                    each, !io.rw().contains("write"), io.rw().startsWith("rand"), io.block(), io.fsync(), io.depth());
        }
    }

    // how a job moves its bytes: fio's rw (read by default), block size (4 KiB), fsync (none), iodepth (1)
    private record Io(String rw, long block, boolean fsync, int depth) {
        static final Io DEFAULT = new Io("read", 4096, false, 1);

        Io with(String option, String value) {
            return switch (option) {
                case "bs" -> {
                    Long b = bytes(value);
                    yield new Io(rw, b == null ? block : b, fsync, depth);
                }
                case "fsync" -> new Io(rw, block, !value.equals("0"), depth);
                case "iodepth" -> new Io(rw, block, fsync, value.matches("\\d{1,4}") ? Integer.parseInt(value) : depth);
                default -> new Io(value.toLowerCase(Locale.ROOT), block, fsync, depth);
            };
        }
    }

    /** What {@code step}'s command says of its fio jobs; {@link #NONE} when it runs no fio. */
    static FioJobs of(ResolvedStep step) {
        return of(step.command());
    }

    /** What the fio commands of {@code line} (a step's command, its {@code before:}) say of their jobs. */
    static FioJobs of(ResolvedStep.Line line) {
        List<String> argv = line == null ? null : line.argv();
        if (argv == null) {
            return NONE;
        }
        List<String> words = line.shell() ? words(argv.get(argv.size() - 1)) : argv;
        long bytes = 0;
        double seconds = 0;
        boolean timed = false;
        List<Transfer> transfers = new ArrayList<>();
        for (List<Job> jobs : invocations(words)) {
            for (Job j : jobs) {
                if (j.size() != null) {
                    bytes += j.size() * (j.numjobs() == null ? 1 : j.numjobs());
                }
                if (Boolean.TRUE.equals(j.timeBased()) && j.runtime() != null) {
                    timed = true;
                    seconds = Math.max(seconds, j.runtime() + (j.ramp() == null ? 0 : j.ramp()));
                } else if (j.size() != null && !Boolean.TRUE.equals(j.timeBased())) {
                    transfers.add(j.transfer());
                }
            }
        }
        return new FioJobs(bytes, seconds, timed, List.copyOf(transfers));
    }

    // every fio command among the words, each as its jobs (the globals alone when it names none)
    private static List<List<Job>> invocations(List<String> words) {
        List<List<Job>> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (!words.get(i).equals("fio") && !words.get(i).endsWith("/fio")) {
                continue;
            }
            Job global = new Job(null, null, null, null, null, Io.DEFAULT);
            List<Job> jobs = new ArrayList<>();
            for (i++; i < words.size() && !List.of(";", "&&", "||", "|", "&").contains(words.get(i)); i++) {
                String w = words.get(i);
                if (!w.startsWith("--")) {
                    continue;
                }
                int eq = w.indexOf('=');
                String option = eq < 0 ? w.substring(2) : w.substring(2, eq);
                // a substituted value is shell-quoted: --size='64m'
                String value =
                        eq < 0 ? "1" : w.substring(eq + 1).replace("'", "").replace("\"", "");
                if (option.equals("name")) {
                    jobs.add(global);
                } else if (jobs.isEmpty()) {
                    global = global.with(option, value);
                } else {
                    jobs.set(jobs.size() - 1, jobs.get(jobs.size() - 1).with(option, value));
                }
            }
            out.add(jobs.isEmpty() ? List.of(global) : jobs);
        }
        return out;
    }

    // a shell command's words: split at blanks, quotes taken off (enough for fio's options)
    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)").matcher(text);
        while (m.find()) {
            out.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return out;
    }

    private static Long bytes(String value) {
        Matcher m = SIZE.matcher(value);
        if (!m.matches()) {
            return null;
        }
        // a bare number is bytes ("".indexOf would read it as KiB)
        int power = m.group(2).isEmpty() ? 0 : "kmgtp".indexOf(m.group(2).toLowerCase(Locale.ROOT)) + 1;
        return Long.parseLong(m.group(1)) << (10 * power);
    }

    private static Double seconds(String value) {
        Matcher m = TIME.matcher(value);
        if (!m.matches()) {
            return null;
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
        return switch (unit) {
            case "us" -> v / 1e6;
            case "ms" -> v / 1e3;
            case "m" -> v * 60;
            case "h" -> v * 3600;
            case "d" -> v * 86400;
            default -> v;
        };
    }
}
