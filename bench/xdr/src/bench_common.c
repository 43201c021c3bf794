/* bench_common.c - see bench_common.h. */
#define _GNU_SOURCE
#include "bench_common.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

volatile uint64_t bench_sink;

void bench_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("VERIFY FAILED: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

void bench_ok(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("verify: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" OK\n", stderr);
    va_end(ap);
}

static void hexdump(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "  %s (%zu bytes):", label, n);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%s%02x", i % 32 == 0 ? "\n    " : (i % 4 == 0 ? " " : ""), p[i]);
    fputc('\n', stderr);
}

void bench_same_bytes(const char *what, const uint8_t *a, size_t alen,
                      const uint8_t *b, size_t blen)
{
    if (alen == blen && memcmp(a, b, alen) == 0)
        return;
    size_t i = 0;
    while (i < alen && i < blen && a[i] == b[i])
        i++;
    fprintf(stderr, "encodings differ (%s): lengths %zu vs %zu, first difference at byte %zu\n",
            what, alen, blen, i);
    hexdump("first", a, alen);
    hexdump("second", b, blen);
    bench_fail("%s: encodings are not byte-identical", what);
}

bench_opts bench_parse_args(int argc, char **argv)
{
    bench_opts o = { 61, 2.0, 1, NULL, 10000 };
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            o.reps = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--target-ms") == 0 && i + 1 < argc) {
            o.target_ms = atof(argv[++i]);
        } else if (strcmp(argv[i], "--quick") == 0) {
            o.reps = 3;
            o.target_ms = 0.5;
        } else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            o.only = argv[++i];
        } else if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc) {
            o.iters = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--no-pin") == 0) {
            o.pin = 0;
        } else {
            fprintf(stderr, "usage: %s [--reps N] [--target-ms X] [--quick] [--no-pin]"
                            " [--only MSG/OP/IMPL --iters N]\n", argv[0]);
            exit(64);
        }
    }
    if (o.reps < 1)
        o.reps = 1;
    if (o.target_ms <= 0)
        o.target_ms = 1.0;
    return o;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static double time_loop(uint64_t (*loop)(uint64_t), uint64_t n)
{
    uint64_t t0 = now_ns();
    bench_sink += loop(n);
    uint64_t t1 = now_ns();
    return (double)(t1 - t0);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void pin_to_one_cpu(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return;
    int last = -1;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set))
            last = c;
    if (last < 0)
        return;
    CPU_ZERO(&set);
    CPU_SET(last, &set);
    if (sched_setaffinity(0, sizeof set, &set) == 0)
        fprintf(stderr, "pinned to CPU %d\n", last);
}

void bench_run(bench_case *cases, int ncases, const bench_opts *opts)
{
    if (opts->only != NULL) {
        for (int c = 0; c < ncases; c++) {
            char name[128];
            snprintf(name, sizeof name, "%s/%s/%s", cases[c].msg, cases[c].op, cases[c].impl);
            if (strcmp(name, opts->only) == 0) {
                bench_sink += cases[c].loop(opts->iters);
                printf("{\"msg\": \"%s\", \"op\": \"%s\", \"impl\": \"%s\", \"count_iters\": %llu}\n",
                       cases[c].msg, cases[c].op, cases[c].impl, (unsigned long long)opts->iters);
                return;
            }
        }
        bench_fail("--only %s: no such case", opts->only);
    }
    if (opts->pin)
        pin_to_one_cpu();

    uint64_t *iters = calloc((size_t)ncases, sizeof *iters);
    double *samples = calloc((size_t)ncases * (size_t)opts->reps, sizeof *samples);
    if (iters == NULL || samples == NULL)
        bench_fail("out of memory");

    /* Calibrate: double n until one call takes at least a tenth of the target
     * (this also warms caches, branch predictors and the allocator). */
    double target_ns = opts->target_ms * 1e6;
    for (int c = 0; c < ncases; c++) {
        uint64_t n = 64;
        double t = time_loop(cases[c].loop, n);
        while (t < target_ns / 10 && n < (UINT64_C(1) << 40)) {
            n *= 2;
            t = time_loop(cases[c].loop, n);
        }
        double per = t / (double)n;
        uint64_t want = (uint64_t)(target_ns / (per > 0 ? per : 1));
        iters[c] = want < 16 ? 16 : want;
        time_loop(cases[c].loop, iters[c]); /* warm-up at full length */
    }

    /* Timed repetitions; each repetition runs every case once, starting from a
     * different case each time so that no case always follows the same one. */
    for (int r = 0; r < opts->reps; r++) {
        for (int k = 0; k < ncases; k++) {
            int c = (k + r) % ncases;
            double t = time_loop(cases[c].loop, iters[c]);
            samples[(size_t)c * (size_t)opts->reps + (size_t)r] = t / (double)iters[c];
        }
    }

    for (int c = 0; c < ncases; c++) {
        double *s = samples + (size_t)c * (size_t)opts->reps;
        printf("{\"msg\": \"%s\", \"op\": \"%s\", \"impl\": \"%s\", \"iters\": %llu, \"reps\": %d, \"samples_ns\": [",
               cases[c].msg, cases[c].op, cases[c].impl, (unsigned long long)iters[c], opts->reps);
        for (int r = 0; r < opts->reps; r++)
            printf("%s%.3f", r ? ", " : "", s[r]);
        double med = median(s, opts->reps); /* sorts s */
        printf("], \"median_ns\": %.3f, \"min_ns\": %.3f, \"max_ns\": %.3f}\n",
               med, s[0], s[opts->reps - 1]);
    }
    fflush(stdout);
    free(iters);
    free(samples);
}
