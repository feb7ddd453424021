/*
 * The reference of bench/datasets.sh: a one-thread C writer of a dataset tree, the simplest
 * thing a person would write. For each file, in tree order: fill a buffer with random bytes,
 * open(O_CREAT|O_EXCL), write, close. Same layout and same bytes as `fsflow dataset` for a flat
 * tree of fixed-size random files (dir<i>/fichier<j>, 1-based; file k's bytes are the SplitMix64
 * stream derived from (seed, k), little-endian words), so the two trees can be compared with
 * cmp. It computes no checksum and writes no manifest: fsflow does both on top.
 *
 *   gcc -O2 -o cwriter bench/cwriter.c
 *   ./cwriter ROOT DIRS FILES SIZE SEED
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define GOLDEN_GAMMA 0x9E3779B97F4A7C15ULL

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void die(const char *what, const char *path) {
    fprintf(stderr, "cwriter: %s %s: %s\n", what, path, strerror(errno));
    exit(1);
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: cwriter ROOT DIRS FILES SIZE SEED\n");
        return 2;
    }
    const char *root = argv[1];
    long dirs = atol(argv[2]), files = atol(argv[3]);
    size_t size = (size_t)atol(argv[4]);
    uint64_t seed = strtoull(argv[5], NULL, 10);
    size_t words = (size + 7) / 8;
    uint64_t *buf = malloc(words * 8);
    char path[4096];
    if (buf == NULL) return 1;
    if (mkdir(root, 0755) != 0 && errno != EEXIST) die("mkdir", root);
    for (long i = 0; i < dirs; i++) {
        snprintf(path, sizeof path, "%s/dir%ld", root, i + 1);
        if (mkdir(path, 0755) != 0) die("mkdir", path);
        for (long j = 0; j < files; j++) {
            uint64_t k = (uint64_t)(i * files + j);
            uint64_t state = mix(seed ^ mix(k + GOLDEN_GAMMA));
            for (size_t w = 0; w < words; w++) {
                state += GOLDEN_GAMMA;
                buf[w] = mix(state); /* x86-64 and arm64 are little-endian, like fsflow's buffer */
            }
            snprintf(path, sizeof path, "%s/dir%ld/fichier%ld", root, i + 1, j + 1);
            int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
            if (fd < 0) die("open", path);
            size_t done = 0;
            while (done < size) {
                ssize_t n = write(fd, (char *)buf + done, size - done);
                if (n < 0) die("write", path);
                done += (size_t)n;
            }
            if (close(fd) != 0) die("close", path);
        }
    }
    free(buf);
    return 0;
}
