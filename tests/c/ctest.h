/*
 * ctest.h - what the C test programs of tests/c share: CHECK, which counts
 * passes and failures and names each failure, and a seeded generator (the
 * program defines CTEST_SEED first to choose its sequence).  The programs
 * end with printf("%u passed, %u failed\n", passed, failed), which
 * tests/test_runtime_crypto.py reads.
 */
#ifndef ILPC_CTEST_H
#define ILPC_CTEST_H

#include <stdint.h>
#include <stdio.h>

#ifndef CTEST_SEED
#define CTEST_SEED 0x9e3779b97f4a7c15u
#endif

static unsigned passed, failed;

#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        if (cond) {                                                             \
            passed++;                                                           \
        } else {                                                                \
            failed++;                                                           \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);     \
            fprintf(stderr, __VA_ARGS__);                                       \
            fputc('\n', stderr);                                                \
        }                                                                       \
    } while (0)

static uint64_t rng_state = CTEST_SEED;
static uint64_t rnd(void) /* xorshift64* */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1du;
}

#endif /* ILPC_CTEST_H */
