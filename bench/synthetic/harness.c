/* Harness for the synthetic ILP study (bench/synthetic/): links against one generated
 * synth.c (see gen.py) and either checks or times its two implementations.
 *
 *   harness check              stdin: nblocks, nblocks*SYNTH_IN_BLOCK input words and
 *                              SYNTH_STATE_WORDS state words (hex); prints the output and
 *                              final state of synth_ilp and of synth_seq (hex, one line each)
 *   harness bench [opts]       times both, prints one JSON object (ns per input byte)
 *       --warm-bytes N         input buffer for the warm-cache runs (default 2048)
 *       --cold-bytes N         input buffer for the cold-cache runs (default 256 KiB)
 *       --warm-reps N --cold-reps N   samples per version (default 51 / 21)
 *       --target-us N          minimum duration of one warm sample (default 200)
 *       --modes warm,cold      which cases to run (default both)
 *   harness once ilp|seq NBLOCKS PASSES   runs one version PASSES times over warm buffers
 *                              (for valgrind: count the synth_* functions only)
 *
 * Warm: every buffer is touched first and the same buffers are processed repeatedly; one
 * sample is P back-to-back passes (P calibrated so a sample lasts >= target-us).
 * Cold (as in Ahlgren et al. 1996): before a sample every buffer is flushed from all cache levels
 * with clflush; in the sequential case the buffer a stage wrote is flushed again before
 * the next stage reads it, and only the stages are timed (the flushes are not).
 * Integrated and sequential samples are interleaved (ABAB.. / BABA.. alternating), so both
 * see the same machine load; the ratio is computed per pair by run.py.  A pair during
 * which the process was preempted (getrusage: involuntary context switches) is taken
 * again, up to MAX_RETRIES times; the JSON says how many pairs were retaken.
 *
 * Before timing, bench verifies that both versions give the same output and state and
 * exits 2 with "VERIFY FAILED" if not.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "synth.h"

#if defined(__x86_64__) || defined(__i386__)
#include <emmintrin.h>
#define HAVE_CLFLUSH 1
#else
#define HAVE_CLFLUSH 0
#endif

#define MAXF SYNTH_NFUNCS
#define MAX_RETRIES 50

/* Involuntary context switches so far: a sample during which the process was preempted
 * (other jobs on the machine) is thrown away and taken again. */
static long preemptions(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_nivcsw;
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Buffers are page aligned and then staggered by a few cache lines each, so that no two
 * of them share their low 12 address bits (no 4K aliasing between a stage's loads and
 * the previous stage's stores, fewer set conflicts) -- Ahlgren et al. placed their buffers so
 * that they did not conflict in the cache either. */
static unsigned stagger_next;

static void *xalloc(size_t bytes)
{
    size_t pad = 4096;
    size_t total = ((bytes + pad + 4095) / 4096) * 4096;
    unsigned char *p = aligned_alloc(4096, total);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    memset(p, 0, total);
    p += (size_t)(stagger_next++ % 13) * 5 * 64 % 4096;
    return p;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t rnd(void)   /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

struct bufs {
    size_t nblocks;
    synth_word *in, *out_ilp, *out_seq;
    synth_word *tmp[MAXF > 1 ? MAXF - 1 : 1];
    size_t bytes[MAXF + 1];   /* in, tmp..., out */
    synth_word st_ilp[SYNTH_STATE_WORDS], st_seq[SYNTH_STATE_WORDS];
};

static void bufs_init(struct bufs *b, size_t nblocks)
{
    memset(b, 0, sizeof *b);
    b->nblocks = nblocks;
    for (int k = 0; k <= SYNTH_NFUNCS; k++)
        b->bytes[k] = nblocks * synth_block_words[k] * sizeof(synth_word);
    b->in = xalloc(b->bytes[0]);
    for (int k = 0; k + 1 < SYNTH_NFUNCS; k++)
        b->tmp[k] = xalloc(b->bytes[k + 1]);
    b->out_ilp = xalloc(b->bytes[SYNTH_NFUNCS]);
    b->out_seq = xalloc(b->bytes[SYNTH_NFUNCS]);
    for (size_t i = 0; i < nblocks * SYNTH_IN_BLOCK; i++)
        b->in[i] = (synth_word)rnd();
    for (int j = 0; j < SYNTH_STATE_WORDS; j++)
        b->st_ilp[j] = b->st_seq[j] = (synth_word)rnd();
}

static void flush(const void *p, size_t bytes)
{
#if HAVE_CLFLUSH
    const char *c = p;
    for (size_t i = 0; i < bytes; i += 64)
        _mm_clflush(c + i);
    _mm_mfence();
#else
    /* No clflush: evict by streaming through a buffer larger than any LLC. */
    static unsigned char *big;
    static const size_t n = (size_t)256 << 20;
    volatile unsigned char sink = 0;
    (void)p;
    (void)bytes;
    if (!big)
        big = xalloc(n);
    for (size_t i = 0; i < n; i += 64)
        big[i]++;
    sink = big[0];
    (void)sink;
#endif
}

static synth_word checksum(const struct bufs *b)
{
    synth_word h = 0;
    for (size_t i = 0; i < b->nblocks * SYNTH_OUT_BLOCK; i++)
        h = (synth_word)((((synth_word)((h ^ b->out_ilp[i]) * SYNTH_C(0x9E3779B1))) ^ b->out_seq[i])
                         * SYNTH_C(0x9E3779B1));
    for (int j = 0; j < SYNTH_STATE_WORDS; j++)
        h = (synth_word)((((synth_word)((h ^ b->st_ilp[j]) * SYNTH_C(0x9E3779B1))) ^ b->st_seq[j])
                         * SYNTH_C(0x9E3779B1));
    return h;
}

static int verify(void)
{
    struct bufs b;
    bufs_init(&b, 1000);
    synth_ilp(b.in, b.out_ilp, b.nblocks, b.st_ilp);
    synth_seq(b.in, b.out_seq, b.nblocks, b.st_seq, b.tmp);
    if (memcmp(b.out_ilp, b.out_seq, b.bytes[SYNTH_NFUNCS]) != 0
        || memcmp(b.st_ilp, b.st_seq, sizeof b.st_ilp) != 0) {
        fprintf(stderr, "VERIFY FAILED: synth_ilp and synth_seq differ\n");
        return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------- check */
static int cmd_check(void)
{
    size_t nblocks;
    if (scanf("%zu", &nblocks) != 1)
        return 1;
    struct bufs b;
    bufs_init(&b, nblocks);
    for (size_t i = 0; i < nblocks * SYNTH_IN_BLOCK; i++) {
        uint64_t w;
        if (scanf("%" SCNx64, &w) != 1)
            return 1;
        b.in[i] = (synth_word)w;
    }
    for (int j = 0; j < SYNTH_STATE_WORDS; j++) {
        uint64_t w;
        if (scanf("%" SCNx64, &w) != 1)
            return 1;
        b.st_ilp[j] = b.st_seq[j] = (synth_word)w;
    }
    synth_ilp(b.in, b.out_ilp, nblocks, b.st_ilp);
    synth_seq(b.in, b.out_seq, nblocks, b.st_seq, b.tmp);
    const synth_word *outs[2] = {b.out_ilp, b.out_seq};
    const synth_word *sts[2] = {b.st_ilp, b.st_seq};
    const char *names[2] = {"ilp", "seq"};
    for (int v = 0; v < 2; v++) {
        printf("%s_out:", names[v]);
        for (size_t i = 0; i < nblocks * SYNTH_OUT_BLOCK; i++)
            printf(" %" PRIx64, (uint64_t)outs[v][i]);
        printf("\n%s_state:", names[v]);
        for (int j = 0; j < SYNTH_STATE_WORDS; j++)
            printf(" %" PRIx64, (uint64_t)sts[v][j]);
        printf("\n");
    }
    return 0;
}

/* ---------------------------------------------------------------- once */
static int cmd_once(const char *which, size_t nblocks, long passes)
{
    struct bufs b;
    bufs_init(&b, nblocks);
    int ilp = strcmp(which, "ilp") == 0;
    for (long p = 0; p < passes; p++) {
        if (ilp)
            synth_ilp(b.in, b.out_ilp, nblocks, b.st_ilp);
        else
            synth_seq(b.in, b.out_seq, nblocks, b.st_seq, b.tmp);
    }
    printf("%" PRIx64 "\n", (uint64_t)checksum(&b));
    return 0;
}

/* ---------------------------------------------------------------- bench */
static double warm_ilp(struct bufs *b, long passes)
{
    double t0 = now_ns();
    for (long p = 0; p < passes; p++)
        synth_ilp(b->in, b->out_ilp, b->nblocks, b->st_ilp);
    return now_ns() - t0;
}

static double warm_seq(struct bufs *b, long passes)
{
    double t0 = now_ns();
    for (long p = 0; p < passes; p++)
        synth_seq(b->in, b->out_seq, b->nblocks, b->st_seq, b->tmp);
    return now_ns() - t0;
}

static void flush_all(struct bufs *b)
{
    flush(b->in, b->bytes[0]);
    for (int k = 0; k + 1 < SYNTH_NFUNCS; k++)
        flush(b->tmp[k], b->bytes[k + 1]);
    flush(b->out_ilp, b->bytes[SYNTH_NFUNCS]);
    flush(b->out_seq, b->bytes[SYNTH_NFUNCS]);
}

static double cold_ilp(struct bufs *b)
{
    flush_all(b);
    double t0 = now_ns();
    synth_ilp(b->in, b->out_ilp, b->nblocks, b->st_ilp);
    return now_ns() - t0;
}

static double cold_seq(struct bufs *b)
{
    flush_all(b);
    double total = 0;
    for (int k = 0; k < SYNTH_NFUNCS; k++) {
        const synth_word *src = k == 0 ? b->in : b->tmp[k - 1];
        synth_word *dst = k == SYNTH_NFUNCS - 1 ? b->out_seq : b->tmp[k];
        double t0 = now_ns();
        synth_seq_stages[k](src, dst, b->nblocks, b->st_seq + synth_state_offset[k]);
        total += now_ns() - t0;
        flush(dst, b->bytes[k + 1]);
    }
    return total;
}

static void print_series(const char *name, const double *v, int n, int last)
{
    printf("\"%s\": [", name);
    for (int i = 0; i < n; i++)
        printf("%s%.6g", i ? ", " : "", v[i]);
    printf("]%s", last ? "" : ", ");
}

static int cmd_bench(int argc, char **argv)
{
    size_t warm_bytes = 2048, cold_bytes = (size_t)256 << 10;
    int warm_reps = 51, cold_reps = 21;
    double target_us = 200;
    int do_warm = 1, do_cold = 1;
    long retried_warm = 0, retried_cold = 0;
    for (int i = 0; i < argc; i += 2) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) {
            fprintf(stderr, "missing value for %s\n", a);
            return 1;
        }
        if (!strcmp(a, "--warm-bytes")) warm_bytes = strtoul(v, NULL, 0);
        else if (!strcmp(a, "--cold-bytes")) cold_bytes = strtoul(v, NULL, 0);
        else if (!strcmp(a, "--warm-reps")) warm_reps = atoi(v);
        else if (!strcmp(a, "--cold-reps")) cold_reps = atoi(v);
        else if (!strcmp(a, "--target-us")) target_us = atof(v);
        else if (!strcmp(a, "--modes")) {
            do_warm = strstr(v, "warm") != NULL;
            do_cold = strstr(v, "cold") != NULL;
        } else {
            fprintf(stderr, "unknown option %s\n", a);
            return 1;
        }
    }
    if (!verify())
        return 2;
    size_t blk_bytes = SYNTH_IN_BLOCK * sizeof(synth_word);
    int nrep = warm_reps > cold_reps ? warm_reps : cold_reps;
    double *ti = calloc((size_t)nrep, sizeof *ti), *ts = calloc((size_t)nrep, sizeof *ts);
    synth_word sum = 0;
    printf("{");
    if (do_warm) {
        struct bufs b;
        size_t nb = warm_bytes / blk_bytes;
        bufs_init(&b, nb ? nb : 1);
        /* warm up, then calibrate the passes per sample on the slower of the two */
        warm_ilp(&b, 3);
        warm_seq(&b, 3);
        double one = warm_seq(&b, 1), one_i = warm_ilp(&b, 1);
        if (one_i > one)
            one = one_i;
        long passes = (long)(target_us * 1e3 / (one > 1 ? one : 1)) + 1;
        for (int r = 0; r < warm_reps; r++) {
            for (int tries = 0;; tries++) {
                long pre = preemptions();
                if (r % 2 == 0) {
                    ti[r] = warm_ilp(&b, passes);
                    ts[r] = warm_seq(&b, passes);
                } else {
                    ts[r] = warm_seq(&b, passes);
                    ti[r] = warm_ilp(&b, passes);
                }
                if (preemptions() == pre || tries >= MAX_RETRIES)
                    break;
                retried_warm++;
            }
        }
        double denom = (double)passes * (double)b.nblocks * (double)blk_bytes;
        for (int r = 0; r < warm_reps; r++) {
            ti[r] /= denom;
            ts[r] /= denom;
        }
        sum ^= checksum(&b);
        printf("\"warm\": {\"nblocks\": %zu, \"passes\": %ld, \"retried\": %ld, ", b.nblocks, passes,
               retried_warm);
        print_series("ilp", ti, warm_reps, 0);
        print_series("seq", ts, warm_reps, 1);
        printf("}%s", do_cold ? ", " : "");
    }
    if (do_cold) {
        struct bufs b;
        size_t nb = cold_bytes / blk_bytes;
        bufs_init(&b, nb ? nb : 1);
        cold_ilp(&b);
        cold_seq(&b);
        for (int r = 0; r < cold_reps; r++) {
            for (int tries = 0;; tries++) {
                long pre = preemptions();
                if (r % 2 == 0) {
                    ti[r] = cold_ilp(&b);
                    ts[r] = cold_seq(&b);
                } else {
                    ts[r] = cold_seq(&b);
                    ti[r] = cold_ilp(&b);
                }
                if (preemptions() == pre || tries >= MAX_RETRIES)
                    break;
                retried_cold++;
            }
        }
        double denom = (double)b.nblocks * (double)blk_bytes;
        for (int r = 0; r < cold_reps; r++) {
            ti[r] /= denom;
            ts[r] /= denom;
        }
        sum ^= checksum(&b);
        printf("\"cold\": {\"nblocks\": %zu, \"clflush\": %d, \"retried\": %ld, ", b.nblocks, HAVE_CLFLUSH,
               retried_cold);
        print_series("ilp", ti, cold_reps, 0);
        print_series("seq", ts, cold_reps, 1);
        printf("}");
    }
    printf("%s\"checksum\": \"%" PRIx64 "\"}\n", (do_warm || do_cold) ? ", " : "", (uint64_t)sum);
    free(ti);
    free(ts);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "check"))
        return cmd_check();
    if (argc >= 2 && !strcmp(argv[1], "bench"))
        return cmd_bench(argc - 2, argv + 2);
    if (argc == 5 && !strcmp(argv[1], "once"))
        return cmd_once(argv[2], strtoul(argv[3], NULL, 0), atol(argv[4]));
    fprintf(stderr, "usage: %s check | bench [options] | once ilp|seq NBLOCKS PASSES\n", argv[0]);
    return 1;
}
