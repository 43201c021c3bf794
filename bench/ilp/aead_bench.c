/*
 * aead_bench.c - OpenSSL's EVP AEAD alone over the bytes of one record, the reference
 * ("OpenSSL alone") for the authenticated ciphers in bench/ilp/run.py.
 *
 *   aead_bench seal CIPHER KEYHEX SEQ REPEAT  < xdr    > record
 *   aead_bench open CIPHER KEYHEX SEQ REPEAT  < record > xdr
 *
 * CIPHER is chacha20-poly1305 (EVP_chacha20_poly1305, 32-byte key) or aes-128-gcm
 * (EVP_aes_128_gcm, 16-byte key).  The record is the one ilpc writes (docs/ilp.md,
 * "Authenticated records"): BE32(L) | C | T, the AEAD of the L bytes of XDR with the
 * associated data BE32(L), the nonce 00 00 00 00 | BE64(SEQ) and a 16-byte tag.
 *
 * What is done per message, and nothing else: the key is set once (one EVP_CIPHER_CTX,
 * as ilpc_evp_aead_init does); each message sets the nonce, passes the 4-byte AD,
 * encrypts (seal) or decrypts (open) the L bytes, and writes (seal) or checks (open) the
 * tag.  seal reads the XDR from one buffer (written once, so it stays in the cache the
 * way the application's value does for ilpc-harness seal) and writes each record into
 * successive positions of a ring laid out like the one `ilpc-harness seal --repeat`
 * sends into: max(64 KiB, 4 x the record rounded up to 8) bytes, the position advancing
 * by the record's length modulo the ring size, a record that reaches the end wrapping to
 * the start.  open decrypts the one record into one output buffer and fails on a wrong
 * tag.  Like the harness, both run REPEAT/10 + 1 untimed messages first (after one that
 * gives the output), re-using record number SEQ every time (equal work), then print
 * "ns_per_msg=F" on stderr.  Exit status 0; 2 for a record whose tag does not verify or
 * whose length word is wrong; 64 for a usage error; 70 if libcrypto fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TAG 16

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static uint8_t *read_all(size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    uint8_t *b = malloc(cap);
    while (b != NULL) {
        size_t k = fread(b + n, 1, cap - n, stdin);
        n += k;
        if (n < cap) {
            if (ferror(stdin)) {
                free(b);
                return NULL;
            }
            *len = n;
            return b;
        }
        uint8_t *nb = realloc(b, cap * 2);
        if (nb == NULL)
            free(b);
        b = nb;
        cap *= 2;
    }
    return NULL;
}

static int hexkey(const char *s, uint8_t *key, size_t want)
{
    size_t i;
    if (strlen(s) != 2 * want)
        return -1;
    for (i = 0; i < want; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1)
            return -1;
        key[i] = (uint8_t)v;
    }
    return 0;
}

static void be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* n bytes at ring position pos (mod cap), wrapping to the start */
static void ring_put(uint8_t *ring, size_t cap, size_t pos, const uint8_t *src, size_t n)
{
    size_t first = cap - pos < n ? cap - pos : n;
    memcpy(ring + pos, src, first);
    memcpy(ring, src + first, n - first);
}

/* One record: nonce, AD, the L bytes of xdr into ring[pos..] (mod cap), the tag. */
static int seal_one(EVP_CIPHER_CTX *ctx, const uint8_t nonce[12], const uint8_t *xdr, uint32_t L, uint8_t *ring,
                    size_t cap, size_t pos)
{
    uint8_t ad[4], tag[TAG], rest[32];
    size_t c = (pos + 4) % cap, first = cap - c < L ? cap - c : L;
    int outl;
    be32(ad, L);
    if (EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, nonce) != 1 || EVP_EncryptUpdate(ctx, NULL, &outl, ad, 4) != 1)
        return -1;
    ring_put(ring, cap, pos, ad, 4);
    if (first && EVP_EncryptUpdate(ctx, ring + c, &outl, xdr, (int)first) != 1)
        return -1;
    if (first < L && EVP_EncryptUpdate(ctx, ring, &outl, xdr + first, (int)(L - first)) != 1)
        return -1;
    if (EVP_EncryptFinal_ex(ctx, rest, &outl) != 1 || outl != 0
        || EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, TAG, tag) != 1)
        return -1;
    ring_put(ring, cap, (c + L) % cap, tag, TAG);
    return 0;
}

/* One record rec of n bytes into out: 0, or -1 for a wrong tag. */
static int open_one(EVP_CIPHER_CTX *ctx, const uint8_t nonce[12], const uint8_t *rec, size_t n, uint8_t *out)
{
    uint8_t rest[32];
    uint32_t L = (uint32_t)(n - 4 - TAG);
    int outl;
    if (EVP_DecryptInit_ex(ctx, NULL, NULL, NULL, nonce) != 1 || EVP_DecryptUpdate(ctx, NULL, &outl, rec, 4) != 1
        || (L && EVP_DecryptUpdate(ctx, out, &outl, rec + 4, (int)L) != 1))
        return -1;
    if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, TAG, (void *)(rec + 4 + L)) != 1)
        return -1;
    return EVP_DecryptFinal_ex(ctx, rest, &outl) == 1 && outl == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    const EVP_CIPHER *cipher;
    EVP_CIPHER_CTX *ctx;
    uint8_t key[32], nonce[12] = {0}, *in, *ring = NULL, *out = NULL;
    unsigned long long seq, repeat, i, warm;
    size_t klen, len, cap = 0, mlen, pos = 0;
    char *e1, *e2;
    int enc, rc = 0;
    double t0 = 0;

    if (argc != 6)
        goto usage;
    if (strcmp(argv[1], "seal") == 0)
        enc = 1;
    else if (strcmp(argv[1], "open") == 0)
        enc = 0;
    else
        goto usage;
    if (strcmp(argv[2], "chacha20-poly1305") == 0) {
        cipher = EVP_chacha20_poly1305();
        klen = 32;
    } else if (strcmp(argv[2], "aes-128-gcm") == 0) {
        cipher = EVP_aes_128_gcm();
        klen = 16;
    } else {
        goto usage;
    }
    seq = strtoull(argv[4], &e1, 0);
    repeat = strtoull(argv[5], &e2, 0);
    if (hexkey(argv[3], key, klen) != 0 || *e1 != '\0' || *e2 != '\0' || repeat == 0)
        goto usage;
    for (i = 0; i < 8; i++)
        nonce[4 + i] = (uint8_t)(seq >> (56 - 8 * i));
    in = read_all(&len);
    if (in == NULL) {
        fprintf(stderr, "aead_bench: cannot read standard input\n");
        return 2;
    }
    ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL || EVP_CipherInit_ex(ctx, cipher, NULL, NULL, NULL, enc) != 1
        || EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) != 1
        || EVP_CipherInit_ex(ctx, NULL, NULL, key, NULL, enc) != 1) {
        fprintf(stderr, "aead_bench: libcrypto failed to set up %s\n", argv[2]);
        return 70;
    }
    warm = repeat / 10 + 1;
    if (enc) {
        if (len > 0x7fffffffu - 64) {
            fprintf(stderr, "aead_bench: input too long\n");
            return 2;
        }
        mlen = 4 + len + TAG;
        cap = mlen * 4 > 65536 ? ((mlen * 4 + 7) & ~(size_t)7) : 65536;
        ring = calloc(1, cap);
        out = malloc(mlen);
        if (ring == NULL || out == NULL)
            goto nomem;
        if (seal_one(ctx, nonce, in, (uint32_t)len, out, mlen, 0) != 0)
            goto lib;
        for (i = 0; i < warm + repeat; i++) {
            if (i == warm)
                t0 = now_ns();
            if (seal_one(ctx, nonce, in, (uint32_t)len, ring, cap, pos) != 0)
                goto lib;
            __asm__ __volatile__("" : : "r"(ring) : "memory");
            pos = (pos + mlen) % cap;
        }
        fprintf(stderr, "ns_per_msg=%.1f\n", (now_ns() - t0) / (double)repeat);
        /* the last record in the ring is the first one again (same nonce): check it */
        pos = (pos + cap - mlen) % cap;
        for (i = 0; i < mlen; i++)
            if (ring[(pos + i) % cap] != out[i]) {
                fprintf(stderr, "aead_bench: the records differ\n");
                return 70;
            }
    } else {
        uint8_t lw[4];
        if (len < 4 + TAG || len > 0x7fffffffu) {
            fprintf(stderr, "aead_bench: not a record (%zu bytes)\n", len);
            return 2;
        }
        mlen = len - 4 - TAG;
        be32(lw, (uint32_t)mlen);
        if (memcmp(lw, in, 4) != 0) {
            fprintf(stderr, "aead_bench: the length word is not the record's length - 20\n");
            return 2;
        }
        out = malloc(mlen ? mlen : 1);
        if (out == NULL)
            goto nomem;
        if (open_one(ctx, nonce, in, len, out) != 0) {
            fprintf(stderr, "aead_bench: authentication failed\n");
            return 2;
        }
        for (i = 0; i < warm + repeat; i++) {
            if (i == warm)
                t0 = now_ns();
            if (open_one(ctx, nonce, in, len, out) != 0) {
                fprintf(stderr, "aead_bench: authentication failed\n");
                return 2;
            }
            __asm__ __volatile__("" : : "r"(out) : "memory");
        }
        fprintf(stderr, "ns_per_msg=%.1f\n", (now_ns() - t0) / (double)repeat);
    }
    if (fwrite(out, 1, mlen, stdout) != mlen || fflush(stdout) != 0) {
        fprintf(stderr, "aead_bench: cannot write standard output\n");
        rc = 2;
    }
    EVP_CIPHER_CTX_free(ctx);
    free(in);
    free(ring);
    free(out);
    return rc;
nomem:
    fprintf(stderr, "aead_bench: out of memory\n");
    return 70;
lib:
    fprintf(stderr, "aead_bench: libcrypto failed to seal\n");
    return 70;
usage:
    fprintf(stderr, "usage: aead_bench seal|open chacha20-poly1305|aes-128-gcm KEYHEX SEQ REPEAT\n");
    return 64;
}
