/* mac_cost.c - what one TCP-AO segment MAC costs (runtime/ilpc_tcp_ao.c), in ns.
 *
 *   cc -O2 -std=c11 -DILPC_HAVE_LIBCRYPTO=1 -I runtime bench/tcp_ao/mac_cost.c runtime/ilpc_tcp_ao.c \
 *      -o /tmp/mac_cost $(pkg-config --libs libcrypto) && nice -n 10 /tmp/mac_cost
 *
 * Part 1, for each algorithm and payload size: ilpc_ao_mac_compute over a
 * 52-byte header (MSS, NOP, NOP, timestamps, TCP-AO) and the payload in two
 * spans, one keyed object reused, in ns per segment.  The largest payload is
 * the largest an IPv4 segment with that header can carry (65535 - 52 bytes):
 * the MAC's pseudo-header holds the TCP length in 16 bits, so 65536 bytes of
 * payload is not a TCP-AO segment.
 *
 * Part 2, why ilpc_tcp_ao.c restarts its context with EVP_MAC_init(ctx, NULL,
 * 0, NULL): the MAC of 68 bytes (what a segment without payload costs) through
 * one context re-initialised per message, through a fresh duplicate of a keyed
 * context per message (EVP_MAC_CTX_dup, then free), and keyed from scratch per
 * message, for comparison.
 *
 * Each figure is the best of 5 rounds of about 0.1 s of this thread's CPU time.
 * Not a test.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "ilpc_tcp_ao.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* CPU time: other processes on the machine do not count */
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* ns per call of fn(arg): rounds of iters calls, iters grown until a round takes 0.1 s; best of 5. */
static double best_ns(void (*fn)(void *), void *arg)
{
    double best = 1e30, t;
    long iters = 16, i;
    int round;
    for (;;) {
        t = now_ns();
        for (i = 0; i < iters; i++)
            fn(arg);
        t = now_ns() - t;
        if (t > 1e8)
            break;
        iters *= 2;
    }
    for (round = 0; round < 5; round++) {
        t = now_ns();
        for (i = 0; i < iters; i++)
            fn(arg);
        t = (now_ns() - t) / (double)iters;
        if (t < best)
            best = t;
    }
    return best;
}

typedef struct {
    ilpc_ao_mac *m;
    ilpc_ao_segment *s;
    uint8_t mac[ILPC_AO_MAC_LEN];
} seg_job;

static void run_segment(void *arg)
{
    seg_job *j = arg;
    if (ilpc_ao_mac_compute(j->m, j->s, j->mac) != ILPC_OK)
        abort();
}

typedef struct {
    EVP_MAC *mac;
    EVP_MAC_CTX *keyed;
    const OSSL_PARAM *params;
    const uint8_t *key;
    size_t keylen;
    uint8_t msg[68], out[32];
} evp_job;

static void finish(EVP_MAC_CTX *ctx, evp_job *j)
{
    size_t outl;
    if (EVP_MAC_update(ctx, j->msg, sizeof j->msg) != 1 || EVP_MAC_final(ctx, j->out, &outl, sizeof j->out) != 1)
        abort();
}

static void run_reinit(void *arg)
{
    evp_job *j = arg;
    if (EVP_MAC_init(j->keyed, NULL, 0, NULL) != 1)
        abort();
    finish(j->keyed, j);
}

static void run_dup(void *arg)
{
    evp_job *j = arg;
    EVP_MAC_CTX *c = EVP_MAC_CTX_dup(j->keyed);
    if (c == NULL)
        abort();
    finish(c, j);
    EVP_MAC_CTX_free(c);
}

static void run_rekey(void *arg)
{
    evp_job *j = arg;
    if (EVP_MAC_init(j->keyed, j->key, j->keylen, j->params) != 1)
        abort();
    finish(j->keyed, j);
}

int main(void)
{
    static const size_t sizes[] = {0, 64, 1460, 65535 - 52};
    static const char *names[] = {"HMAC-SHA-1-96", "AES-128-CMAC-96"};
    static uint8_t payload[65536];
    uint8_t hdr[60], key[ILPC_AO_MAX_TRAFFIC_KEY_LEN];
    ilpc_ao_mkt mkt;
    ilpc_ao_mac m;
    ilpc_ao_segment s;
    seg_job sj;
    size_t i;
    int alg;

    memset(payload, 0xa5, sizeof payload);
    memset(key, 0x3c, sizeof key);
    memset(hdr, 0x11, sizeof hdr);
    hdr[12] = 13 << 4;
    hdr[20] = 2, hdr[21] = 4, hdr[24] = 1, hdr[25] = 1, hdr[26] = 8, hdr[27] = 10;
    (void)ilpc_ao_write_option(hdr + 36, 1, 2);

    printf("ilpc_ao_mac_compute, 52-byte header, payload in two spans, ns per segment\n");
    printf("%-16s %10s %10s %10s %10s\n", "algorithm", "0", "64", "1460", "65483");
    for (alg = 0; alg <= 1; alg++) {
        memset(&mkt, 0, sizeof mkt);
        mkt.alg = (ilpc_ao_alg)alg;
        mkt.key_len = 10;
        memset(&m, 0, sizeof m);
        if (ilpc_ao_mac_init(&m, &mkt, key) != ILPC_OK)
            return 1;
        printf("%-16s", names[alg]);
        for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            memset(&s, 0, sizeof s);
            s.hdr = hdr, s.hdr_len = 52, s.ao_off = 36;
            s.payload[0] = payload, s.payload_len[0] = sizes[i] / 3;
            s.payload[1] = payload + sizes[i] / 3, s.payload_len[1] = sizes[i] - sizes[i] / 3;
            sj.m = &m, sj.s = &s;
            printf(" %10.0f", best_ns(run_segment, &sj));
        }
        printf("\n");
        ilpc_ao_mac_free(&m);
    }

    printf("\none 68-byte MAC through EVP_MAC, ns: re-init (used) / dup + free / keyed afresh\n");
    for (alg = 0; alg <= 1; alg++) {
        OSSL_PARAM params[2];
        evp_job j;
        memset(&j, 0, sizeof j);
        params[0] = alg == 0 ? OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA1", 0)
                             : OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, (char *)"AES-128-CBC", 0);
        params[1] = OSSL_PARAM_construct_end();
        j.mac = EVP_MAC_fetch(NULL, alg == 0 ? "HMAC" : "CMAC", NULL);
        j.keyed = j.mac ? EVP_MAC_CTX_new(j.mac) : NULL;
        j.key = key, j.keylen = alg == 0 ? 20 : 16, j.params = params;
        if (j.keyed == NULL || EVP_MAC_init(j.keyed, key, j.keylen, params) != 1)
            return 1;
        printf("%-16s %10.0f %10.0f", names[alg], best_ns(run_reinit, &j), best_ns(run_dup, &j));
        printf(" %10.0f\n", best_ns(run_rekey, &j));
        EVP_MAC_CTX_free(j.keyed);
        EVP_MAC_free(j.mac);
    }
    return 0;
}
