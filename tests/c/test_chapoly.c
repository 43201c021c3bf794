/*
 * test_chapoly.c - tests of runtime/ilpc_chapoly.{h,c}.
 *
 * Build: cc -std=c11 -I runtime tests/c/test_chapoly.c runtime/ilpc_chapoly.c
 * Prints "N passed, M failed"; exit status 1 if anything failed.
 *
 * The RFC 8439 vectors; every dispatch level the CPU has against the scalar code
 * (which the vectors pin down); the field arithmetic against a separate bignum
 * written here with 32-bit limbs; Poly1305 runs split and recombined in the field;
 * AEAD round trips and forgeries.  tests/test_chapoly.py compares the same code
 * with the `cryptography` package.
 */
#include "ilpc_chapoly.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctest.h"
static void rnd_bytes(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)(rnd() >> 56);
}

static size_t unhex(const char *h, uint8_t *out)
{
    size_t n = 0;
    while (h[0] && h[1]) {
        unsigned v;
        if (sscanf(h, "%2x", &v) != 1) {
            fprintf(stderr, "bad hex in test: %s\n", h);
            exit(2);
        }
        out[n++] = (uint8_t)v;
        h += 2;
    }
    return n;
}

static int eqhex(const uint8_t *p, const char *h)
{
    uint8_t want[512];
    size_t n = unhex(h, want);
    return memcmp(p, want, n) == 0;
}

static const char *LVNAME[] = {"scalar", "sse2", "avx2", "avx512", "avx512ifma"};
static int mode; /* the forced level of the tests in progress, with ILPC_CHAPOLY_EAGER or not */

/* ------------------------------------------------------------- RFC vectors */

static const char SUNSCREEN[] = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip "
                                "for the future, sunscreen would be it.";

static void keystream(const uint8_t key[32], const uint8_t nonce[12], uint32_t ctr, uint8_t *out, size_t n)
{
    uint32_t kw[8], nw[3];
    ilpc_chacha20_key_words(key, kw);
    ilpc_chacha20_nonce_words(nonce, nw);
    ilpc_chacha20_blocks(kw, nw, ctr, out, n);
}

static void test_rfc_vectors(int lv)
{
    static const struct {
        const char *key, *nonce;
        uint32_t ctr;
        const char *block;
    } bv[] = {
        /* 2.3.2 */
        {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "000000090000004a00000000", 1,
         "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
         "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"},
        /* A.1 #1, #2, #4, #5 */
        {"0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000", 0,
         "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
         "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"},
        {"0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000", 1,
         "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
         "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f"},
        {"00ff000000000000000000000000000000000000000000000000000000000000", "000000000000000000000000", 2,
         "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca"
         "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096"},
        {"0000000000000000000000000000000000000000000000000000000000000000", "000000000000000000000002", 0,
         "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
         "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d"},
    };
    static const struct {
        const char *key, *msg, *tag; /* msg: hex, or NULL for the text below */
    } mv[] = {
        /* A.3 #1, #5 .. #11 */
        {"0000000000000000000000000000000000000000000000000000000000000000",
         "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
         "000000000000000000000000000000",
         "00000000000000000000000000000000"},
        {"0200000000000000000000000000000000000000000000000000000000000000", "ffffffffffffffffffffffffffffffff",
         "03000000000000000000000000000000"},
        {"02000000000000000000000000000000ffffffffffffffffffffffffffffffff", "02000000000000000000000000000000",
         "03000000000000000000000000000000"},
        {"0100000000000000000000000000000000000000000000000000000000000000",
         "fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff11000000000000000000000000000000",
         "05000000000000000000000000000000"},
        {"0100000000000000000000000000000000000000000000000000000000000000",
         "fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe01010101010101010101010101010101",
         "00000000000000000000000000000000"},
        {"0200000000000000000000000000000000000000000000000000000000000000", "fdffffffffffffffffffffffffffffff",
         "faffffffffffffffffffffffffffffff"},
        {"0100000000000000040000000000000000000000000000000000000000000000",
         "e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000"
         "01000000000000000000000000000000",
         "14000000000000005500000000000000"},
        {"0100000000000000040000000000000000000000000000000000000000000000",
         "e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000",
         "13000000000000000000000000000000"},
        /* 2.5.2, A.3 #4 (text) */
        {"85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", NULL,
         "a8061dc1305136c6c22b8baf0c0127a9"},
        {"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0", NULL,
         "4541669a7eaaee61e708dc7cbcc5eb62"},
    };
    static const char *texts[] = {
        "Cryptographic Forum Research Group",
        "'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were the borogoves,\n"
        "And the mome raths outgrabe.",
    };
    uint8_t key[32], nonce[12], blk[64], msg[256], tag[16], ct[128], pt[128], ad[12];
    uint32_t kw[8], nw[3];
    size_t i, n, t = 0;

    for (i = 0; i < sizeof bv / sizeof bv[0]; i++) {
        unhex(bv[i].key, key);
        unhex(bv[i].nonce, nonce);
        keystream(key, nonce, bv[i].ctr, blk, 1);
        CHECK(eqhex(blk, bv[i].block), "%s: block vector %zu", LVNAME[lv], i);
    }
    /* 2.4.2: 114 bytes from counter 1, in place */
    unhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", key);
    unhex("000000000000004a00000000", nonce);
    ilpc_chacha20_key_words(key, kw);
    ilpc_chacha20_nonce_words(nonce, nw);
    memcpy(ct, SUNSCREEN, 114);
    ilpc_chacha20_xor(kw, nw, 1, ct, ct, 114);
    CHECK(eqhex(ct, "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
                    "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
                    "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
                    "5af90bbf74a35be6b40b8eedf2785e42874d"),
          "%s: 2.4.2", LVNAME[lv]);
    /* 2.6.2 */
    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)(0x80 + i);
    unhex("000000000001020304050607", nonce);
    keystream(key, nonce, 0, blk, 1);
    CHECK(eqhex(blk, "8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646"), "%s: 2.6.2", LVNAME[lv]);
    /* 2.5.2 and A.3 */
    for (i = 0; i < sizeof mv / sizeof mv[0]; i++) {
        unhex(mv[i].key, key);
        if (mv[i].msg) {
            n = unhex(mv[i].msg, msg);
        } else {
            n = strlen(texts[t]);
            memcpy(msg, texts[t++], n);
        }
        ilpc_poly1305_mac(key, msg, n, tag);
        CHECK(eqhex(tag, mv[i].tag), "%s: mac vector %zu", LVNAME[lv], i);
    }
    /* 2.8.2 */
    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)(0x80 + i);
    unhex("070000004041424344454647", nonce);
    unhex("50515253c0c1c2c3c4c5c6c7", ad);
    ilpc_chapoly_seal(key, nonce, ad, 12, (const uint8_t *)SUNSCREEN, 114, ct, tag);
    CHECK(eqhex(ct, "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
                    "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
                    "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
                    "3ff4def08e4b7a9de576d26586cec64b6116"),
          "%s: 2.8.2 ciphertext", LVNAME[lv]);
    CHECK(eqhex(tag, "1ae10b594f09e26a7e902ecbd0600691"), "%s: 2.8.2 tag", LVNAME[lv]);
    CHECK(ilpc_chapoly_open(key, nonce, ad, 12, ct, 114, pt, tag) == 0 && memcmp(pt, SUNSCREEN, 114) == 0,
          "%s: 2.8.2 open", LVNAME[lv]);
}

/* ----------------------------------------------- every level against scalar */

#define MAXB 700

static uint8_t bufa[64 * MAXB + 64], bufb[64 * MAXB + 64], bufc[64 * MAXB + 64];

static void test_chacha_levels(int lv)
{
    uint8_t key[32], nonce[12];
    uint32_t kw[8], nw[3], ctr;
    size_t n, i, len, off;
    for (i = 0; i < 60; i++) {
        n = i <= 40 ? i : 41 + rnd() % (MAXB - 41);
        rnd_bytes(key, 32);
        rnd_bytes(nonce, 12);
        ilpc_chacha20_key_words(key, kw);
        ilpc_chacha20_nonce_words(nonce, nw);
        ctr = (uint32_t)rnd();
        if (i % 3 == 0)
            ctr = (uint32_t)(0xffffffffu - n + 1); /* the last block at counter 2^32 - 1 */
        else if ((uint64_t)ctr + n > 0x100000000ull)
            ctr = 0;
        off = rnd() % 8; /* unaligned output */
        memset(bufa, 0x5a, sizeof bufa);
        memset(bufb, 0x5a, sizeof bufb);
        ilpc_chapoly_force_level(ILPC_CHAPOLY_SCALAR);
        ilpc_chacha20_blocks(kw, nw, ctr, bufa + off, n);
        ilpc_chapoly_force_level(mode);
        ilpc_chacha20_blocks(kw, nw, ctr, bufb + off, n);
        CHECK(memcmp(bufa, bufb, sizeof bufa) == 0, "%s: chacha20_blocks n=%zu ctr=%u", LVNAME[lv], n, ctr);
        /* xor, any length, out of place and in place */
        len = i < 40 ? 64 * (i / 4) + i % 7 * 9 : rnd() % (64 * MAXB);
        rnd_bytes(bufc, len);
        ctr = (uint32_t)(rnd() >> 40);
        ilpc_chapoly_force_level(ILPC_CHAPOLY_SCALAR);
        ilpc_chacha20_xor(kw, nw, ctr, bufc, bufa, len);
        ilpc_chapoly_force_level(mode);
        ilpc_chacha20_xor(kw, nw, ctr, bufc, bufb, len);
        CHECK(memcmp(bufa, bufb, len) == 0, "%s: chacha20_xor len=%zu", LVNAME[lv], len);
        ilpc_chacha20_xor(kw, nw, ctr, bufc, bufc, len);
        CHECK(memcmp(bufa, bufc, len) == 0, "%s: chacha20_xor in place len=%zu", LVNAME[lv], len);
        /* xor with the keystream is xor with what _blocks gives */
        ilpc_chacha20_blocks(kw, nw, ctr, bufb, (len + 63) / 64);
        memset(bufc, 0, len);
        ilpc_chacha20_xor(kw, nw, ctr, bufc, bufc, len);
        CHECK(memcmp(bufb, bufc, len) == 0, "%s: chacha20_xor of zeros len=%zu", LVNAME[lv], len);
    }
}

static int same_element(ilpc_p1305 a, ilpc_p1305 b)
{
    a = ilpc_p1305_reduce(a);
    b = ilpc_p1305_reduce(b);
    return a.l[0] == b.l[0] && a.l[1] == b.l[1] && a.l[2] == b.l[2];
}

static void test_poly_levels(int lv)
{
    uint8_t key[32], tag1[16], tag2[16];
    ilpc_poly1305 a, b;
    size_t i, n, k;
    for (i = 0; i < 80; i++) {
        n = i <= 40 ? i : 41 + rnd() % (4 * MAXB - 41);
        rnd_bytes(key, 32);
        if (i % 5 == 4) { /* the largest clamped r and message bytes */
            memset(key, 0xff, 32);
            memset(bufc, 0xff, 16 * n);
        } else {
            rnd_bytes(bufc, 16 * n);
        }
        ilpc_poly1305_init(&a, key);
        ilpc_poly1305_init(&b, key);
        ilpc_chapoly_force_level(ILPC_CHAPOLY_SCALAR);
        ilpc_poly1305_blocks(&a, bufc, n);
        ilpc_chapoly_force_level(mode);
        /* two calls, cut anywhere */
        k = n ? rnd() % (n + 1) : 0;
        ilpc_poly1305_blocks(&b, bufc, k);
        ilpc_poly1305_blocks(&b, bufc + 16 * k, n - k);
        CHECK(b.h.l[2] <= 4, "%s: h partially reduced", LVNAME[lv]);
        CHECK(same_element(a.h, b.h), "%s: poly1305_blocks n=%zu k=%zu", LVNAME[lv], n, k);
        ilpc_poly1305_tag(&a, a.h, tag1);
        ilpc_poly1305_tag(&b, b.h, tag2);
        CHECK(memcmp(tag1, tag2, 16) == 0, "%s: poly1305 tag n=%zu", LVNAME[lv], n);
        ilpc_poly1305_mac(key, bufc, 16 * n, tag2);
        CHECK(memcmp(tag1, tag2, 16) == 0, "%s: poly1305_mac n=%zu", LVNAME[lv], n);
    }
    /* runs that cross the lengths where the code changes, on one state (the powers
     * of r are computed in steps as the runs need them) */
    {
        static const size_t runs[] = {3, 13, 25, 4, 33, 65, 7, 12, 24, 32, 64, 100, 1, 16, 8};
        size_t total = 0;
        rnd_bytes(key, 32);
        ilpc_poly1305_init(&b, key);
        for (i = 0; i < sizeof runs / sizeof runs[0]; i++) {
            rnd_bytes(bufc + 16 * total, 16 * runs[i]);
            ilpc_poly1305_blocks(&b, bufc + 16 * total, runs[i]);
            total += runs[i];
        }
        ilpc_poly1305_init(&a, key);
        ilpc_chapoly_force_level(ILPC_CHAPOLY_SCALAR);
        ilpc_poly1305_blocks(&a, bufc, total);
        ilpc_chapoly_force_level(mode);
        CHECK(same_element(a.h, b.h), "%s: runs across the thresholds", LVNAME[lv]);
    }
}

/* ----------------------------------------- field against a separate bignum */

/* Numbers as 12 little-endian 32-bit limbs (384 bits). */
typedef struct { uint32_t w[12]; } big;

static big big_from(ilpc_p1305 a)
{
    big r;
    memset(&r, 0, sizeof r);
    r.w[0] = (uint32_t)a.l[0], r.w[1] = (uint32_t)(a.l[0] >> 32);
    r.w[2] = (uint32_t)a.l[1], r.w[3] = (uint32_t)(a.l[1] >> 32);
    r.w[4] = (uint32_t)a.l[2], r.w[5] = (uint32_t)(a.l[2] >> 32);
    return r;
}

static int big_cmp(const big *a, const big *b)
{
    int i;
    for (i = 11; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static big big_p(void)
{
    big p;
    memset(&p, 0, sizeof p);
    p.w[0] = 0xfffffffbu, p.w[1] = p.w[2] = p.w[3] = 0xffffffffu, p.w[4] = 3;
    return p;
}

/* x mod p: fold the bits from 130 up (times 5) until x < 2^131, then subtract p. */
static big big_mod(big x)
{
    big p = big_p();
    int i;
    for (;;) {
        big hi, lo;
        uint64_t c = 0;
        int top = 0;
        for (i = 5; i < 12; i++)
            top |= x.w[i] != 0;
        if (!top && x.w[4] < 8)
            break;
        memset(&hi, 0, sizeof hi);
        for (i = 0; i < 8; i++) /* hi = x >> 130 */
            hi.w[i] = (x.w[i + 4] >> 2) | (i + 5 < 12 ? x.w[i + 5] << 30 : 0);
        lo = x;
        for (i = 5; i < 12; i++)
            lo.w[i] = 0;
        lo.w[4] &= 3;
        for (i = 0; i < 12; i++) { /* x = lo + 5·hi */
            c += (uint64_t)lo.w[i] + 5 * (uint64_t)hi.w[i];
            x.w[i] = (uint32_t)c;
            c >>= 32;
        }
    }
    while (big_cmp(&x, &p) >= 0) {
        int64_t br = 0;
        for (i = 0; i < 12; i++) {
            br += (int64_t)x.w[i] - (int64_t)p.w[i];
            x.w[i] = (uint32_t)br;
            br = br < 0 ? -1 : 0;
        }
    }
    return x;
}

static big big_mulmod(big a, big b)
{
    uint64_t t[24] = {0};
    big r;
    int i, j;
    a = big_mod(a);
    b = big_mod(b);
    for (i = 0; i < 6; i++)
        for (j = 0; j < 6; j++) {
            uint64_t prod = (uint64_t)a.w[i] * b.w[j];
            int k = i + j;
            uint64_t c = prod;
            while (c) { /* add with carries, 32 bits a limb */
                c += t[k];
                t[k] = c & 0xffffffffu;
                c >>= 32;
                k++;
            }
        }
    for (i = 0; i < 12; i++)
        r.w[i] = (uint32_t)t[i];
    return big_mod(r);
}

static big big_addmod(big a, big b)
{
    uint64_t c = 0;
    int i;
    a = big_mod(a);
    b = big_mod(b);
    for (i = 0; i < 12; i++) {
        c += (uint64_t)a.w[i] + b.w[i];
        a.w[i] = (uint32_t)c;
        c >>= 32;
    }
    return big_mod(a);
}

static int agrees(ilpc_p1305 x, big want)
{
    big got = big_mod(big_from(x));
    want = big_mod(want);
    return x.l[2] <= 4 && big_cmp(&got, &want) == 0;
}

static ilpc_p1305 mk(uint64_t l0, uint64_t l1, uint64_t l2)
{
    ilpc_p1305 r;
    r.l[0] = l0, r.l[1] = l1, r.l[2] = l2;
    return r;
}

static ilpc_p1305 rnd_elem(void)
{
    static const ilpc_p1305 edge[] = {
        {{0, 0, 0}}, {{1, 0, 0}}, {{0xfffffffffffffffaull, ~0ull, 3}}, /* p - 1 */
        {{0xfffffffffffffffbull, ~0ull, 3}}, {{0xfffffffffffffffcull, ~0ull, 3}}, /* p, p + 1 */
        {{~0ull, ~0ull, 3}}, {{~0ull, ~0ull, 4}}, {{~0ull, ~0ull, 0}}, {{0, 0, 4}},
        {{~0ull, ~0ull, (1ull << 61) - 1}},
    };
    switch (rnd() % 4) {
    case 0:
        return edge[rnd() % (sizeof edge / sizeof edge[0])];
    case 1:
        return mk(rnd(), rnd(), rnd() % 5);
    case 2:
        return mk(rnd(), rnd(), rnd() >> 3);
    default:
        return mk(rnd(), rnd(), 0);
    }
}

static void test_field(void)
{
    int i;
    big one;
    memset(&one, 0, sizeof one);
    one.w[0] = 1;
    for (i = 0; i < 3000; i++) {
        ilpc_p1305 a = rnd_elem(), b = rnd_elem(), s = ilpc_p1305_add(a, b), m = ilpc_p1305_mul(a, b);
        ilpc_p1305 r = ilpc_p1305_reduce(a);
        big ba = big_from(a), bb = big_from(b), want = big_mod(ba), got = big_from(r);
        uint64_t e = i % 3 == 0 ? rnd() : rnd() % 40, k;
        big bp = one;
        CHECK(agrees(s, big_addmod(ba, bb)), "add %d", i);
        CHECK(agrees(m, big_mulmod(ba, bb)), "mul %d", i);
        CHECK(big_cmp(&got, &want) == 0 && r.l[2] <= 3, "reduce %d", i);
        if (i % 10 == 0) { /* pow against square-and-multiply on the bignum */
            big base = ba;
            for (k = e; k; k >>= 1) {
                if (k & 1)
                    bp = big_mulmod(bp, base);
                base = big_mulmod(base, base);
            }
            CHECK(agrees(ilpc_p1305_pow(a, e), bp), "pow %d e=%llu", i, (unsigned long long)e);
        }
    }
    {
        uint8_t b[16];
        ilpc_p1305 x;
        size_t n, j;
        rnd_bytes(b, 16);
        for (n = 0; n <= 16; n++) {
            /* LE(b[0..n)) + 2^(8n), limb by limb */
            uint64_t w[3] = {0, 0, 0};
            for (j = 0; j < n; j++)
                w[j / 8] |= (uint64_t)b[j] << (8 * (j % 8));
            w[n / 8] |= (uint64_t)1 << (8 * (n % 8));
            x = ilpc_p1305_block_partial(b, n);
            CHECK(x.l[0] == w[0] && x.l[1] == w[1] && x.l[2] == w[2], "block_partial %zu", n);
            if (n == 16) {
                x = ilpc_p1305_block(b);
                CHECK(x.l[0] == w[0] && x.l[1] == w[1] && x.l[2] == 1, "block");
            }
        }
        x = ilpc_p1305_zero();
        CHECK(x.l[0] == 0 && x.l[1] == 0 && x.l[2] == 0, "zero");
    }
}

/* The lead's recombination: runs computed separately and out of order. */
static void test_split_combine(int lv)
{
    uint8_t key[32], t1[16], t2[16];
    ilpc_poly1305 whole, a, b, c;
    int i;
    ilpc_chapoly_force_level(mode);
    for (i = 0; i < 60; i++) {
        size_t n = rnd() % 300, k = n ? rnd() % (n + 1) : 0, j = k + (n > k ? rnd() % (n - k + 1) : 0);
        ilpc_p1305 h, w0;
        rnd_bytes(key, 32);
        rnd_bytes(bufc, 16 * n);
        ilpc_poly1305_init(&whole, key);
        ilpc_poly1305_blocks(&whole, bufc, n);
        ilpc_poly1305_tag(&whole, whole.h, t1);
        /* B = [k, n) first, then A = [0, k): H = H(A)·r^(n-k) + H(B) */
        ilpc_poly1305_init(&b, key);
        ilpc_poly1305_blocks(&b, bufc + 16 * k, n - k);
        ilpc_poly1305_init(&a, key);
        ilpc_poly1305_blocks(&a, bufc, k);
        h = ilpc_p1305_add(ilpc_p1305_mul(a.h, ilpc_p1305_pow(a.r, n - k)), b.h);
        ilpc_poly1305_tag(&a, h, t2);
        CHECK(memcmp(t1, t2, 16) == 0 && same_element(h, whole.h), "%s: two runs n=%zu k=%zu", LVNAME[lv], n, k);
        /* three runs [0,k) [k,j) [j,n), the first block of the middle one added by hand */
        if (j > k) {
            ilpc_poly1305_init(&c, key);
            ilpc_poly1305_blocks(&c, bufc + 16 * (k + 1), j - k - 1);
            ilpc_poly1305_init(&b, key);
            ilpc_poly1305_blocks(&b, bufc + 16 * j, n - j);
            w0 = ilpc_p1305_block(bufc + 16 * k);
            h = ilpc_p1305_add(ilpc_p1305_mul(ilpc_p1305_add(a.h, w0), ilpc_p1305_pow(a.r, j - k)), c.h);
            h = ilpc_p1305_add(ilpc_p1305_mul(h, ilpc_p1305_pow(a.r, n - j)), b.h);
            ilpc_poly1305_tag(&a, h, t2);
            CHECK(memcmp(t1, t2, 16) == 0, "%s: three runs n=%zu k=%zu j=%zu", LVNAME[lv], n, k, j);
        }
    }
}

/* --------------------------------------------------------------------- AEAD */

static void test_aead(int lv)
{
    uint8_t key[32], nonce[12], ad[64], tag[16], tag2[16];
    size_t i, n, adlen;
    ilpc_chapoly_force_level(mode);
    for (i = 0; i < 40; i++) {
        n = i < 20 ? i * 7 : rnd() % (64 * MAXB);
        adlen = rnd() % 64;
        rnd_bytes(key, 32);
        rnd_bytes(nonce, 12);
        rnd_bytes(ad, adlen);
        rnd_bytes(bufa, n);
        ilpc_chapoly_seal(key, nonce, ad, adlen, bufa, n, bufb, tag);
        memcpy(bufc, bufa, n);
        ilpc_chapoly_seal(key, nonce, ad, adlen, bufc, n, bufc, tag2); /* in place */
        CHECK(memcmp(bufb, bufc, n) == 0 && memcmp(tag, tag2, 16) == 0, "%s: seal in place n=%zu", LVNAME[lv], n);
        CHECK(ilpc_chapoly_open(key, nonce, ad, adlen, bufb, n, bufc, tag) == 0 && memcmp(bufc, bufa, n) == 0,
              "%s: open n=%zu", LVNAME[lv], n);
        CHECK(ilpc_chapoly_open(key, nonce, ad, adlen, bufb, n, bufb, tag) == 0 && memcmp(bufb, bufa, n) == 0,
              "%s: open in place n=%zu", LVNAME[lv], n);
        /* a flipped bit anywhere: rejected, output zeroed */
        ilpc_chapoly_seal(key, nonce, ad, adlen, bufa, n, bufb, tag);
        memcpy(tag2, tag, 16);
        if (n && rnd() % 2) {
            bufb[rnd() % n] ^= (uint8_t)(1u << (rnd() % 8));
        } else if (adlen && rnd() % 2) {
            ad[rnd() % adlen] ^= 0x10;
        } else {
            tag2[rnd() % 16] ^= (uint8_t)(1u << (rnd() % 8));
        }
        memset(bufc, 0x33, n);
        {
            int rc = ilpc_chapoly_open(key, nonce, ad, adlen, bufb, n, bufc, tag2);
            size_t z = 0;
            while (z < n && bufc[z] == 0)
                z++;
            CHECK(rc == -1 && z == n, "%s: forgery rejected n=%zu", LVNAME[lv], n);
        }
    }
}

/* Empty inputs may come as NULL pointers (UBSan checks the library calls). */
static void test_empty(void)
{
    uint8_t key[32] = {1}, nonce[12] = {2}, tag[16], tag2[16];
    uint32_t kw[8] = {0}, nw[3] = {0};
    ilpc_poly1305 st;
    ilpc_chapoly_seal(key, nonce, NULL, 0, NULL, 0, NULL, tag);
    CHECK(ilpc_chapoly_open(key, nonce, NULL, 0, NULL, 0, NULL, tag) == 0, "open of nothing");
    tag[0] ^= 1;
    CHECK(ilpc_chapoly_open(key, nonce, NULL, 0, NULL, 0, NULL, tag) == -1, "forged tag of nothing");
    ilpc_chacha20_blocks(kw, nw, 0, NULL, 0);
    ilpc_chacha20_xor(kw, nw, 0, NULL, NULL, 0);
    ilpc_poly1305_init(&st, key);
    ilpc_poly1305_blocks(&st, NULL, 0);
    ilpc_poly1305_tag(&st, st.h, tag);
    ilpc_poly1305_mac(key, NULL, 0, tag2);
    CHECK(memcmp(tag, tag2, 16) == 0 && memcmp(tag, key + 16, 16) == 0, "MAC of nothing is s");
    CHECK(ilpc_p1305_block_partial(NULL, 0).l[0] == 1, "empty partial block");
}

static void test_levels(void)
{
    int best = ilpc_chapoly_force_level(-1);
    CHECK(best >= 0 && best <= 4, "best level %d", best);
    CHECK(ilpc_chapoly_level() == best, "level");
    CHECK(ilpc_chapoly_force_level(0) == 0 && ilpc_chapoly_level() == 0, "force scalar");
    CHECK(ilpc_chapoly_force_level(7) == best, "force above best");
    CHECK(ilpc_chapoly_force_level(-1) == best, "back to best");
#if defined(ILPC_NO_SIMD) && ILPC_NO_SIMD
    CHECK(best == 0, "ILPC_NO_SIMD leaves only scalar");
#endif
    printf("dispatch: widest level %s\n", LVNAME[best]);
}

int main(void)
{
    int lv, best, eager;
    test_levels();
    test_field();
    best = ilpc_chapoly_force_level(-1);
    for (lv = 0; lv <= best; lv++)
        for (eager = 0; eager <= (lv >= ILPC_CHAPOLY_AVX2 ? ILPC_CHAPOLY_EAGER : 0); eager += ILPC_CHAPOLY_EAGER) {
            mode = lv | eager;
            ilpc_chapoly_force_level(mode);
            test_rfc_vectors(lv);
            test_chacha_levels(lv);
            test_poly_levels(lv);
            test_split_combine(lv);
            test_aead(lv);
            test_empty();
        }
    ilpc_chapoly_force_level(-1);
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
