/*
 * bench_common.h - timing harness shared by the XDR benchmark drivers.
 *
 * Every implementation under test exposes a loop function `uint64_t f(uint64_t n)`
 * that encodes or decodes one message n times and returns a checksum of what it
 * produced; the harness times whole calls of f with CLOCK_MONOTONIC.  The codecs
 * themselves always live in other translation units than the loops (ilpc's stubs in
 * lib<spec>.a, rpcgen's in <spec>_xdr.c + libtirpc, the hand-written ones in
 * hand_*.c), so no implementation is inlined into its loop.
 */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Forces the compiler to assume all memory is read and written here: the output
 * of each iteration must really be produced, and nothing is hoisted across it. */
#define BENCH_BARRIER() __asm__ volatile("" ::: "memory")

#if defined(__GNUC__)
#define BENCH_NOINLINE __attribute__((noinline))
#define BENCH_ALIGNED(n) __attribute__((aligned(n)))
#else
#define BENCH_NOINLINE
#define BENCH_ALIGNED(n)
#endif

typedef struct bench_case {
    const char *msg;   /* message name, e.g. "Int20" */
    const char *op;    /* "encode" or "decode" */
    const char *impl;  /* "ilpc", "rpcgen" or "hand" */
    uint64_t (*loop)(uint64_t n);
} bench_case;

typedef struct bench_opts {
    int reps;          /* timed repetitions per case (the median is reported) */
    double target_ms;  /* wall time aimed at per repetition */
    int pin;           /* pin the process to one CPU */
    const char *only;  /* "msg/op/impl": run just this loop, untimed (for callgrind) */
    uint64_t iters;    /* iterations for --only */
} bench_opts;

/* Parses --reps N, --target-ms X, --quick, --no-pin, --only MSG/OP/IMPL and
 * --iters N; exits on anything else. */
bench_opts bench_parse_args(int argc, char **argv);

/* Calibrates, then times opts->reps repetitions of every case, interleaving the
 * cases within each repetition, and prints one JSON object per case on stdout.
 * With opts->only, runs that case's loop opts->iters times once, untimed: the
 * loop functions are named <impl>_<msg>_<enc|dec>_loop, so
 * `valgrind --tool=callgrind --toggle-collect=<loop>` counts its instructions. */
void bench_run(bench_case *cases, int ncases, const bench_opts *opts);

/* Verification failure: prints "VERIFY FAILED: ..." on stderr and exits 2. */
void bench_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((noreturn, format(printf, 1, 2)))
#endif
    ;

/* A line "verify: ... OK" on stderr (the runner looks for these). */
void bench_ok(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Prints a hex diff of two encodings and fails when they differ. */
void bench_same_bytes(const char *what, const uint8_t *a, size_t alen,
                      const uint8_t *b, size_t blen);

static inline void bench_put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);  p[3] = (uint8_t)v;
}

#endif /* BENCH_COMMON_H */
