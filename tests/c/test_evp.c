/*
 * test_evp.c - the life cycle of runtime/ilpc_evp.{h,c}: contexts reused over many
 * records, streamed and one-shot records agreeing, in-place updates, tampering
 * rejected with the output zeroed, misuse refused, free twice.  Run under
 * AddressSanitizer and valgrind by tests/test_evp.py; the values themselves are
 * checked there against Python's `cryptography` and the RFC vectors.
 *
 * Build: cc -std=c11 -I runtime tests/c/test_evp.c runtime/ilpc_evp.c [-DILPC_HAVE_LIBCRYPTO=1 -lcrypto]
 * Without libcrypto it checks that every function fails cleanly instead.
 * Prints "N passed, M failed"; exit status 1 if anything failed.
 */
#include "ilpc_evp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTEST_SEED 0x243f6a8885a308d3u
#include "ctest.h"

static void fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)rnd();
}

static int all_zero(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

#define MAXN 1500

/* n bytes of a record through update in random pieces (0 and 1 bytes included). */
static int stream(ilpc_evp_aead *a, uint8_t *out, const uint8_t *in, size_t n)
{
    size_t off = 0;
    while (off < n) {
        size_t k = (size_t)(rnd() % 4 == 0 ? rnd() % 2 : rnd() % 200);
        if (k > n - off)
            k = n - off;
        if (ilpc_evp_aead_update(a, out + off, in + off, k) != 0)
            return -1;
        off += k;
    }
    return ilpc_evp_aead_update(a, out + n, in + n, 0);
}

static void test_alg(ilpc_aead_alg alg)
{
    static uint8_t pt[MAXN], ct[MAXN], ct2[MAXN], back[MAXN], ad[64];
    uint8_t key[32], nonce[12], tag[16], tag2[16];
    ilpc_evp_aead enc = {0}, dec = {0};
    int i;

    fill(key, sizeof key);
    CHECK(ilpc_evp_aead_init(&enc, alg, key, 1) == 0, "alg %d", (int)alg);
    CHECK(ilpc_evp_aead_init(&dec, alg, key, 0) == 0, "alg %d", (int)alg);
    CHECK(enc.ctx != NULL && enc.encrypt == 1 && dec.encrypt == 0 && enc.alg == (int)alg, "fields");

    /* Misuse: no record started, wrong direction. */
    CHECK(ilpc_evp_aead_update(&enc, ct, pt, 1) == -1, "update before start");
    CHECK(ilpc_evp_aead_seal_final(&enc, tag) == -1, "final before start");
    CHECK(ilpc_evp_aead_seal(&dec, nonce, NULL, 0, pt, 8, ct, tag) == -1, "seal with a decrypting context");
    CHECK(ilpc_evp_aead_open(&enc, nonce, NULL, 0, ct, 8, back, tag) == -1, "open with an encrypting context");

    for (i = 0; i < 200; i++) {
        size_t n = i < 4 ? (size_t)i : (size_t)(rnd() % MAXN), adlen = (size_t)(rnd() % 3 == 0 ? 0 : rnd() % sizeof ad);
        fill(pt, n);
        fill(ad, adlen);
        fill(nonce, sizeof nonce);

        CHECK(ilpc_evp_aead_seal(&enc, nonce, ad, adlen, pt, n, ct, tag) == 0, "seal %d", i);
        /* the same record streamed, and in place */
        memcpy(ct2, pt, n);
        CHECK(ilpc_evp_aead_start(&enc, nonce, ad, adlen) == 0 && stream(&enc, ct2, ct2, n) == 0
              && ilpc_evp_aead_seal_final(&enc, tag2) == 0, "streamed seal %d", i);
        CHECK(memcmp(ct, ct2, n) == 0 && memcmp(tag, tag2, 16) == 0, "streamed = one shot, n %zu", n);

        memset(back, 0xa5, n);
        CHECK(ilpc_evp_aead_open(&dec, nonce, ad, adlen, ct, n, back, tag) == 0, "open %d", i);
        CHECK(memcmp(back, pt, n) == 0, "round trip, n %zu", n);
        memcpy(back, ct, n);
        CHECK(ilpc_evp_aead_start(&dec, nonce, ad, adlen) == 0 && stream(&dec, back, back, n) == 0
              && ilpc_evp_aead_open_final(&dec, tag) == 0, "streamed open %d", i);
        CHECK(memcmp(back, pt, n) == 0, "streamed round trip, n %zu", n);

        /* one bit flipped somewhere: rejected, output zeroed */
        {
            size_t where = (size_t)(rnd() % (n + adlen + 16 + 12));
            uint8_t bit = (uint8_t)(1u << (rnd() % 8));
            uint8_t *p = where < n ? ct + where : where < n + adlen ? ad + (where - n)
                       : where < n + adlen + 16 ? tag + (where - n - adlen) : nonce + (where - n - adlen - 16);
            *p ^= bit;
            memset(back, 0xa5, n);
            CHECK(ilpc_evp_aead_open(&dec, nonce, ad, adlen, ct, n, back, tag) == -1, "tampered %d at %zu", i, where);
            CHECK(all_zero(back, n), "zeroed after a bad tag");
            *p ^= bit;
        }
        /* a record abandoned half way does not spoil the next */
        if (n > 2) {
            CHECK(ilpc_evp_aead_start(&enc, nonce, ad, adlen) == 0 && ilpc_evp_aead_update(&enc, ct2, pt, n / 2) == 0,
                  "abandoned");
            CHECK(ilpc_evp_aead_seal(&enc, nonce, ad, adlen, pt, n, ct2, tag2) == 0 && memcmp(ct, ct2, n) == 0
                  && memcmp(tag, tag2, 16) == 0, "after an abandoned record");
        }
    }
    CHECK(ilpc_evp_aead_update(&dec, back, ct, 4) == -1, "update after final");
    CHECK(ilpc_evp_aead_open_final(&dec, tag) == -1, "final after final");

    ilpc_evp_aead_free(&enc);
    ilpc_evp_aead_free(&dec);
    CHECK(enc.ctx == NULL && all_zero((const uint8_t *)&enc, sizeof enc), "zeroed by free");
    ilpc_evp_aead_free(&enc); /* twice */
    CHECK(ilpc_evp_aead_start(&enc, nonce, NULL, 0) == -1, "start after free");
    CHECK(ilpc_evp_aead_init(&enc, alg, key, 1) == 0, "init after free");
    ilpc_evp_aead_free(&enc);
}

static void test_kdf(void)
{
    /* RFC 5869 A.1 */
    static const uint8_t okm1[42] = {
        0x3c, 0xb2, 0x5f, 0x25, 0xfa, 0xac, 0xd5, 0x7a, 0x90, 0x43, 0x4f, 0x64, 0xd0, 0x36,
        0x2f, 0x2a, 0x2d, 0x2d, 0x0a, 0x90, 0xcf, 0x1a, 0x5a, 0x4c, 0x5d, 0xb0, 0x2d, 0x56,
        0xec, 0xc4, 0xc5, 0xbf, 0x34, 0x00, 0x72, 0x08, 0xd5, 0xb8, 0x87, 0x18, 0x58, 0x65};
    uint8_t ikm[22], salt[13], info[10], okm[42], c2s[32], s2c[32];
    int i;
    memset(ikm, 0x0b, sizeof ikm);
    for (i = 0; i < 13; i++)
        salt[i] = (uint8_t)i;
    for (i = 0; i < 10; i++)
        info[i] = (uint8_t)(0xf0 + i);
    CHECK(ilpc_hkdf_sha256(salt, sizeof salt, ikm, sizeof ikm, info, sizeof info, okm, sizeof okm) == 0, "hkdf");
    CHECK(memcmp(okm, okm1, sizeof okm) == 0, "RFC 5869 A.1");
    CHECK(ilpc_hkdf_sha256(NULL, 0, ikm, sizeof ikm, NULL, 0, okm, 0) == -1, "outlen 0");
    CHECK(ilpc_conn_keys(ikm, sizeof ikm, 1, 2, "chacha20-poly1305", 32, c2s, s2c) == 0, "conn keys");
    CHECK(memcmp(c2s, s2c, 32) != 0, "two directions, two keys");
    CHECK(ilpc_conn_keys(ikm, sizeof ikm, 1, 2, NULL, 32, c2s, s2c) == -1 && all_zero(c2s, 32), "no name");
}

/* Without libcrypto: everything fails, nothing is left half set. */
static void test_absent(void)
{
    uint8_t key[32] = {0}, nonce[12] = {0}, tag[16] = {0}, buf[16], okm[32], k2[32];
    ilpc_evp_aead a;
    memset(&a, 0x5a, sizeof a);
    CHECK(ilpc_evp_aead_init(&a, ILPC_AEAD_CHACHA20_POLY1305, key, 1) == -1, "init");
    CHECK(a.ctx == NULL && all_zero((const uint8_t *)&a, sizeof a), "zeroed by a failed init");
    CHECK(ilpc_evp_aead_start(&a, nonce, NULL, 0) == -1, "start");
    CHECK(ilpc_evp_aead_update(&a, buf, buf, 0) == -1, "update");
    CHECK(ilpc_evp_aead_seal_final(&a, tag) == -1 && ilpc_evp_aead_open_final(&a, tag) == -1, "finals");
    memset(buf, 1, sizeof buf);
    CHECK(ilpc_evp_aead_open(&a, nonce, NULL, 0, buf, sizeof buf, buf, tag) == -1 && all_zero(buf, sizeof buf), "open");
    CHECK(ilpc_evp_aead_seal(&a, nonce, NULL, 0, buf, sizeof buf, buf, tag) == -1, "seal");
    memset(okm, 1, sizeof okm);
    CHECK(ilpc_hkdf_sha256(NULL, 0, key, 32, NULL, 0, okm, sizeof okm) == -1 && all_zero(okm, sizeof okm), "hkdf");
    CHECK(ilpc_conn_keys(key, 32, 1, 2, "aes-128-gcm", 16, okm, k2) == -1, "conn keys");
    ilpc_evp_aead_free(&a);
    ilpc_evp_aead_free(NULL);
}

int main(void)
{
    ilpc_evp_aead z = {0};
    uint8_t key[32] = {0};

    CHECK(ilpc_aead_key_len(ILPC_AEAD_CHACHA20_POLY1305) == 32 && ilpc_aead_key_len(ILPC_AEAD_AES_128_GCM) == 16,
          "key lengths");
    ilpc_evp_aead_free(&z); /* a zeroed struct */
    CHECK(ilpc_evp_aead_init(&z, (ilpc_aead_alg)7, key, 1) == -1 && z.ctx == NULL, "unknown alg");
    CHECK(ilpc_evp_aead_init(&z, ILPC_AEAD_AES_128_GCM, NULL, 1) == -1 && z.ctx == NULL, "no key");
    if (ilpc_evp_available()) {
        test_alg(ILPC_AEAD_CHACHA20_POLY1305);
        test_alg(ILPC_AEAD_AES_128_GCM);
        test_kdf();
    } else {
        test_absent();
    }
    printf("%s: %u passed, %u failed\n", ilpc_evp_available() ? "libcrypto" : "no libcrypto", passed, failed);
    return failed ? 1 : 0;
}
