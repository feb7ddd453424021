package org.fsflow.scenario;

import java.time.Duration;
import org.fsflow.lang.Location;

/**
 * One entry of {@code steps:}, run in every cell and measured like {@code /usr/bin/time}.
 * Either a built-in action or a command:
 *
 * <pre>
 * steps:
 *   - mkfs                                   # built-in action on the target device
 *   - mount
 *   - drop-caches
 *   - name: copy-in
 *     run: cp -r ${dataset.path} ${target.mnt}        # a string runs through sh -c
 *   - name: copy-within
 *     before: mkdir ${target.mnt}/new                 # unmeasured, before the step
 *     run: [cp, -r, "${target.mnt}/${dataset.name}", "${target.mnt}/new/"]   # a list is exec'd
 *     after: sync                                     # unmeasured, after the step
 *     timeout: 30m
 *     on_error: continue
 *     drop_caches: true                               # start cold: sync, drop caches, unmeasured
 *     flush: true                                     # syncfs the target inside the measured time
 *     memory: 256MiB                                  # this step's memory budget
 *     verify: true                                    # the copy must equal the dataset, checked unmeasured
 *   - name: copy-iso
 *     run: cp ${datasets.iso.path}/fichier1 ${target.mnt}/image.iso
 *     verify: { dataset: iso, path: "${target.mnt}/image.iso" }   # a named dataset's copy (one file: that file)
 *   - name: bench
 *     run: bonnie++ -d ${target.mnt} -u root -q
 *     parse: bonnie                                   # figures go into the result's metrics
 *   - name: extract
 *     run: tar -xf ${params.archive} -C ${target.mnt}
 *     after: df --output=used -B1 ${target.mnt}
 *     parse: { from: after, regex: '(\d+)\s*$', metrics: { used_bytes: { group: 1, unit: B } } }
 *   - mkfs: { device: other, name: mkfs-other }       # an action on another device
 *   - umount
 * </pre>
 *
 * @param name    {@code name:} unique within the scenario; the action's name by default
 * @param action  the built-in action, or null for a {@code run:} step
 * @param device  {@code device:} the device an action works on (default {@code target})
 * @param run     {@code run:} the measured command, or null for an action
 * @param before  {@code before:} unmeasured command run first, or null
 * @param after   {@code after:} unmeasured command run afterwards (even when the step failed), or null
 * @param timeout {@code timeout:} time limit, or null for the scenario default
 * @param onError {@code on_error:} or null for the scenario default
 * @param parse   {@code parse:} name of an output parser (one of {@link ParserName#STEP_NAMES}), or null;
 *                with {@code parse:} as a mapping, its {@code tool:}
 * @param figures {@code parse:} as a mapping: the scenario's own figures, read from the output of
 *                {@code run:} or {@code after:} by a regex or a JSON pointer ({@link CustomParse}), or null
 * @param dropCaches {@code drop_caches: true}: sync, then drop the page cache, dentries and inodes ({@code vm.drop_caches=3}), unmeasured, right before
 *                the step (after {@code before:}), so it starts cold
 * @param remount {@code remount: true}: the step's device is unmounted and mounted again, unmeasured, after
 *                {@code before:} and before the cache drop, so that nothing of the filesystem's in-memory state
 *                (dentries, inodes, buffers a journal still holds) survives into the step
 * @param flush   {@code flush: true}: after the command exits, its device's filesystem is synced (syncfs)
 *                inside the measured interval; the result keeps the flush time apart as {@code flush_s}
 * @param memory  {@code memory:} this step's memory budget in bytes (before {@code --scale}), or null
 *                for the cell's
 * @param verify  {@code verify:} the tree that must equal the cell's dataset after the step (names,
 *                sizes and bytes, checked unmeasured; the step fails otherwise), as a one-argument
 *                command; {@code verify: true} stands for {@value #VERIFY_DEFAULT}; null when absent
 * @param verifyDataset {@code verify: { dataset: NAME, path: COPY }}: the dataset the copy at
 *                {@code verify} must equal, instead of the cell's; null for the cell's dataset
 * @param where   where the step is written
 */
public record Step(
        String name,
        Action action,
        String device,
        Command run,
        Command before,
        Command after,
        Duration timeout,
        Scenario.OnError onError,
        String parse,
        CustomParse figures,
        boolean dropCaches,
        boolean remount,
        boolean flush,
        Long memory,
        Command verify,
        DatasetRef verifyDataset,
        Location where) {

    /** A dataset named in a step ({@code verify: { dataset: NAME }}), where it is written. */
    public record DatasetRef(String name, Location where) {}

    /** What {@code verify: true} checks: the dataset copied under the target's mount point. */
    public static final String VERIFY_DEFAULT = "${target.mnt}/${dataset.name}";

    /** The built-in actions, each measured like any step. */
    public enum Action {
        /** format the device with the cell's filesystem (or the device's own) */
        MKFS("mkfs"),
        /** mount the device on its mount point */
        MOUNT("mount"),
        /** unmount it */
        UMOUNT("umount"),
        /** flush dirty data: sync(1) */
        SYNC("sync"),
        /** sync, then vm.drop_caches=3: the next step starts with cold caches */
        DROP_CACHES("drop-caches"),
        /** device size, filesystem size, available bytes, usable %, inodes */
        CAPACITY("capacity");

        private final String keyword;

        Action(String keyword) {
            this.keyword = keyword;
        }

        /** The name written in scenarios. */
        public String keyword() {
            return keyword;
        }

        /** The action written as {@code keyword}, or null. */
        public static Action of(String keyword) {
            for (Action a : values()) {
                if (a.keyword.equals(keyword)) {
                    return a;
                }
            }
            return null;
        }

        /** Every keyword, for hints. */
        public static java.util.List<String> keywords() {
            return java.util.Arrays.stream(values()).map(Action::keyword).toList();
        }
    }
}
