/*
 * chapoly_bench.c - throughput of the ChaCha20 / Poly1305 primitives
 * (runtime/ilpc_chapoly.c) at each dispatch level, against OpenSSL on the same buffer.
 *
 *   cc -O2 -std=c11 -Iruntime bench/ilp/chapoly_bench.c runtime/ilpc_chapoly.c -lcrypto -o chapoly_bench
 *   ./chapoly_bench [SIZE [ROUNDS]]          (default 65536 bytes, 9 rounds)
 *
 * Cases: ilpc_chacha20_blocks (SIZE/64 keystream blocks), ilpc_poly1305_blocks
 * (SIZE/16 blocks, with init and tag), ilpc_chapoly_seal (SIZE bytes, no AD, out != in), each at every
 * level the CPU has; OpenSSL's EVP_chacha20_poly1305 seal of the same SIZE bytes, and
 * for reference its EVP_chacha20 and (OpenSSL 3) Poly1305 EVP_MAC.  Each case is
 * calibrated once to about 20 ms per run; then ROUNDS rounds run every case back to
 * back (interleaved, the order rotating each round), and the median, min and max of
 * the rounds are printed in GB/s (10^9 bytes per second; the block functions are
 * credited with the whole blocks of SIZE they process).
 */
#define _POSIX_C_SOURCE 200809L
#include "ilpc_chapoly.h"

#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/core_names.h>
#define HAVE_EVP_MAC 1
#else
#define HAVE_EVP_MAC 0
#endif

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static size_t size;
static uint8_t *src, *dst, key[32], nonce[12], tag[16];
static uint32_t kw[8], nw[3];
static EVP_CIPHER_CTX *ectx;
#if HAVE_EVP_MAC
static EVP_MAC *mac;
static EVP_MAC_CTX *mctx;
#endif

static void die(const char *what)
{
    fprintf(stderr, "chapoly_bench: %s failed\n", what);
    exit(70);
}

static void run_chacha(void)
{
    ilpc_chacha20_blocks(kw, nw, 1, dst, size / 64);
}

static void run_poly(void)
{
    ilpc_poly1305 st;
    ilpc_poly1305_init(&st, key);
    ilpc_poly1305_blocks(&st, src, size / 16);
    ilpc_poly1305_tag(&st, st.h, tag);
}

static void run_seal(void)
{
    ilpc_chapoly_seal(key, nonce, NULL, 0, src, size, dst, tag);
}

static void run_ossl_seal(void)
{
    int len;
    if (EVP_EncryptInit_ex(ectx, EVP_chacha20_poly1305(), NULL, key, nonce) != 1 ||
        EVP_EncryptUpdate(ectx, dst, &len, src, (int)size) != 1 ||
        EVP_EncryptFinal_ex(ectx, dst + len, &len) != 1 ||
        EVP_CIPHER_CTX_ctrl(ectx, EVP_CTRL_AEAD_GET_TAG, 16, tag) != 1)
        die("EVP chacha20-poly1305");
}

static void run_ossl_chacha(void)
{
    uint8_t iv[16];
    int len;
    iv[0] = 1, iv[1] = iv[2] = iv[3] = 0; /* counter 1, then the nonce */
    memcpy(iv + 4, nonce, 12);
    if (EVP_EncryptInit_ex(ectx, EVP_chacha20(), NULL, key, iv) != 1 ||
        EVP_EncryptUpdate(ectx, dst, &len, src, (int)size) != 1)
        die("EVP chacha20");
}

#if HAVE_EVP_MAC
static void run_ossl_poly(void)
{
    size_t outl;
    if (EVP_MAC_init(mctx, key, 32, NULL) != 1 || EVP_MAC_update(mctx, src, size) != 1 ||
        EVP_MAC_final(mctx, tag, &outl, 16) != 1)
        die("EVP_MAC poly1305");
}
#endif

typedef struct {
    char name[48];
    void (*fn)(void);
    int level;    /* forced level, -1 for OpenSSL */
    size_t bytes; /* per call: SIZE rounded down to whole blocks of the function */
    unsigned long iters;
    double *gbs;
} bench_case;

static double time_case(const bench_case *c, unsigned long iters)
{
    unsigned long i;
    double t0;
    if (c->level >= 0)
        ilpc_chapoly_force_level(c->level);
    t0 = now_s();
    for (i = 0; i < iters; i++) {
        c->fn();
        __asm__ __volatile__("" : : "r"(dst), "r"(tag) : "memory");
    }
    return now_s() - t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    static const char *lvname[] = {"scalar", "sse2", "avx2", "avx512", "avx512ifma"};
    bench_case cases[32];
    int ncases = 0, best, lv, r, rounds = 9, i;
    size_t k;

    size = argc > 1 ? (size_t)strtoull(argv[1], NULL, 0) : 65536;
    rounds = argc > 2 ? atoi(argv[2]) : 9;
    if (size < 64 || size > (1u << 30) || rounds < 1) {
        fprintf(stderr, "usage: chapoly_bench [SIZE (>= 64) [ROUNDS]]\n");
        return 64;
    }
    src = malloc(size + 64);
    dst = malloc(size + 64);
    if (src == NULL || dst == NULL)
        die("malloc");
    for (k = 0; k < size; k++)
        src[k] = (uint8_t)(k * 131u + 7u);
    for (k = 0; k < 32; k++)
        key[k] = (uint8_t)(k * 7u + 1u);
    for (k = 0; k < 12; k++)
        nonce[k] = (uint8_t)(k + 100u);
    ilpc_chacha20_key_words(key, kw);
    ilpc_chacha20_nonce_words(nonce, nw);
    if ((ectx = EVP_CIPHER_CTX_new()) == NULL)
        die("EVP_CIPHER_CTX_new");
#if HAVE_EVP_MAC
    if ((mac = EVP_MAC_fetch(NULL, "POLY1305", NULL)) == NULL || (mctx = EVP_MAC_CTX_new(mac)) == NULL)
        die("EVP_MAC_fetch POLY1305");
#endif

    /* the seals must agree before anything is timed */
    {
        uint8_t t1[16];
        run_ossl_seal();
        memcpy(t1, tag, 16);
        ilpc_chapoly_force_level(-1);
        run_seal();
        if (memcmp(t1, tag, 16) != 0)
            die("cross-check of the seal tag with OpenSSL");
    }

    best = ilpc_chapoly_force_level(-1);
    for (lv = 0; lv <= best; lv++) {
        snprintf(cases[ncases].name, sizeof cases[0].name, "ilpc_chacha20_blocks %s", lvname[lv]);
        cases[ncases].fn = run_chacha, cases[ncases].bytes = size / 64 * 64, cases[ncases++].level = lv;
    }
    snprintf(cases[ncases].name, sizeof cases[0].name, "OpenSSL EVP_chacha20");
    cases[ncases].fn = run_ossl_chacha, cases[ncases].bytes = size, cases[ncases++].level = -1;
    for (lv = 0; lv <= best; lv++) {
        snprintf(cases[ncases].name, sizeof cases[0].name, "ilpc_poly1305_blocks %s", lvname[lv]);
        cases[ncases].fn = run_poly, cases[ncases].bytes = size / 16 * 16, cases[ncases++].level = lv;
    }
#if HAVE_EVP_MAC
    snprintf(cases[ncases].name, sizeof cases[0].name, "OpenSSL EVP_MAC POLY1305");
    cases[ncases].fn = run_ossl_poly, cases[ncases].bytes = size, cases[ncases++].level = -1;
#endif
    for (lv = 0; lv <= best; lv++) {
        snprintf(cases[ncases].name, sizeof cases[0].name, "ilpc_chapoly_seal %s", lvname[lv]);
        cases[ncases].fn = run_seal, cases[ncases].bytes = size, cases[ncases++].level = lv;
    }
    snprintf(cases[ncases].name, sizeof cases[0].name, "OpenSSL EVP_chacha20_poly1305 seal");
    cases[ncases].fn = run_ossl_seal, cases[ncases].bytes = size, cases[ncases++].level = -1;

    for (i = 0; i < ncases; i++) { /* calibrate: about 20 ms per run */
        unsigned long it = 1;
        double t;
        time_case(&cases[i], 2); /* warm up */
        while ((t = time_case(&cases[i], it)) < 0.005)
            it *= 2;
        cases[i].iters = (unsigned long)(it * (0.02 / t)) + 1;
        cases[i].gbs = malloc(sizeof(double) * (size_t)rounds);
        if (cases[i].gbs == NULL)
            die("malloc");
    }
    for (r = 0; r < rounds; r++)
        for (i = 0; i < ncases; i++) {
            bench_case *c = &cases[(i + r) % ncases];
            double t = time_case(c, c->iters);
            c->gbs[r] = (double)c->bytes * (double)c->iters / t / 1e9;
        }
    printf("%zu-byte buffer, %d rounds, GB/s (10^9 B/s): median [min, max]\n", size, rounds);
    for (i = 0; i < ncases; i++) {
        qsort(cases[i].gbs, (size_t)rounds, sizeof(double), cmp_double);
        printf("  %-36s %6.2f  [%.2f, %.2f]\n", cases[i].name, cases[i].gbs[rounds / 2], cases[i].gbs[0],
               cases[i].gbs[rounds - 1]);
        free(cases[i].gbs);
    }
    ilpc_chapoly_force_level(-1);
#if HAVE_EVP_MAC
    EVP_MAC_CTX_free(mctx);
    EVP_MAC_free(mac);
#endif
    EVP_CIPHER_CTX_free(ectx);
    free(src);
    free(dst);
    return 0;
}
