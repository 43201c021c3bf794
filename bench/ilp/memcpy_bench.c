/*
 * memcpy_bench.c - the C library's memcpy of one message into an advancing ring, the
 * reference for "the fused send at N% of memcpy bandwidth" (bench/ilp/run.py).
 *
 *   memcpy_bench SIZE REPEAT
 *
 * Copies SIZE bytes from one source buffer (written once, so it stays in the cache the
 * way the application's value does for ilpc-harness seal) to successive positions of a
 * ring laid out exactly like the one `ilpc-harness seal --repeat` sends into: max(64 KiB,
 * 4 x SIZE rounded up to 8) bytes, the position advancing by SIZE modulo the ring size,
 * a copy that reaches the end wrapping to the start (two memcpy calls).  Like the harness
 * it runs REPEAT/10 + 1 untimed copies first, then prints "ns_per_msg=F" (per copy) on
 * stderr.  Exit status 0, or 64 for a usage error.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    char *end1, *end2;
    unsigned long long size, repeat, i, warm;
    size_t cap, pos = 0;
    uint8_t *src, *ring;
    double t0 = 0;

    if (argc != 3)
        goto usage;
    size = strtoull(argv[1], &end1, 0);
    repeat = strtoull(argv[2], &end2, 0);
    if (*end1 != '\0' || *end2 != '\0' || size == 0 || size > (1u << 30) || repeat == 0)
        goto usage;
    cap = size * 4 > 65536 ? (size_t)((size * 4 + 7) & ~7ull) : 65536;
    src = malloc(size);
    ring = malloc(cap);
    if (src == NULL || ring == NULL) {
        fprintf(stderr, "memcpy_bench: out of memory\n");
        return 70;
    }
    for (i = 0; i < size; i++)
        src[i] = (uint8_t)(i * 131u + 7u);
    memset(ring, 0, cap);
    warm = repeat / 10 + 1;
    for (i = 0; i < warm + repeat; i++) {
        size_t first = cap - pos < size ? cap - pos : (size_t)size;
        if (i == warm)
            t0 = now_ns();
        memcpy(ring + pos, src, first);
        if (first < size)
            memcpy(ring, src + first, (size_t)size - first);
        /* the copies are observable: the compiler may neither drop nor merge them */
        __asm__ __volatile__("" : : "r"(ring) : "memory");
        pos = (pos + (size_t)size) % cap;
    }
    fprintf(stderr, "ns_per_msg=%.1f\n", (now_ns() - t0) / (double)repeat);
    /* use the ring so that nothing above is dead */
    return ring[(size_t)(size / 2) % cap] == src[size / 2] ? 0 : 70;
usage:
    fprintf(stderr, "usage: memcpy_bench SIZE REPEAT\n");
    return 64;
}
