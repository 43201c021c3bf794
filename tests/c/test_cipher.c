/*
 * test_cipher.c - tests of runtime/ilpc_cipher.{h,c}.
 *
 * Build: cc -std=c11 -I runtime tests/c/test_cipher.c runtime/ilpc_cipher.c
 * Prints "N passed, M failed"; exit status 1 if anything failed.
 */
#include "ilpc_cipher.h"

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

static size_t unhex(const char *h, uint8_t *out, size_t cap)
{
    size_t n = 0;
    if (ilpc_hex_decode(h, out, cap, &n) != 0) {
        fprintf(stderr, "bad hex in test: %s\n", h);
        exit(2);
    }
    return n;
}

static void hexstr(const uint8_t *p, size_t n, char *out)
{
    size_t i;
    for (i = 0; i < n; i++)
        sprintf(out + 2 * i, "%02x", p[i]);
    out[2 * n] = 0;
}

static uint64_t load64(const uint8_t *p)
{
    uint64_t u;
    memcpy(&u, p, 8);
    return u;
}
static void store64(uint8_t *p, uint64_t u)
{
    memcpy(p, &u, 8);
}

/* the inline unit function of cipher id (0 for the authenticated ciphers: records,
 * tests/test_aead.py) */
#define UNIT_CASE_(a, b, ID, sfx, name, keylen, aead, ...)                                          \
    case ILPC_CIPHER_##ID:                                                                          \
        return aead ? 0 : enc ? ilpc_##sfx##_enc(c, u, off) : ilpc_##sfx##_dec(c, u, off);
static uint64_t unit_inline(ilpc_cipher *c, int enc, uint64_t u, uint64_t off)
{
    switch (c->id) {
    ILPC_UNIT_CIPHERS(UNIT_CASE_, , )
    default:
        break;
    }
    return 0;
}

/* Process n bytes unit by unit, in the order given by perm (indices of the
 * units), with the inline functions (fp == NULL) or through fp. */
static void unit_path(ilpc_cipher *c, int enc, ilpc_unit_fn fp, uint8_t *dst, const uint8_t *src,
                      size_t n, uint64_t off, const size_t *perm)
{
    size_t k, units = n / 8;
    for (k = 0; k < units; k++) {
        size_t i = perm ? perm[k] : k;
        uint64_t u = load64(src + 8 * i);
        u = fp ? fp(c, u, off + 8 * i) : unit_inline(c, enc, u, off + 8 * i);
        store64(dst + 8 * i, u);
    }
}

/* The ILP send order (docs/ilp.md, Wire format): units 1..last-1, then last, then 0. */
static void ilp_order(size_t *perm, size_t units)
{
    size_t k, j = 0;
    for (k = 1; k + 1 < units; k++)
        perm[j++] = k;
    if (units > 1)
        perm[j++] = units - 1;
    if (units > 0)
        perm[j++] = 0;
}

static void shuffled(size_t *perm, size_t units)
{
    size_t k;
    for (k = 0; k < units; k++)
        perm[k] = k;
    for (k = units; k > 1; k--) {
        size_t j = (size_t)(rnd() % k), t = perm[k - 1];
        perm[k - 1] = perm[j];
        perm[j] = t;
    }
}

/* ------------------------------------------------------------------------ */

/* The ciphers whose units stand alone (any order, any offset): the unit ciphers
 * but the authenticated ones, whose units belong to a record (tests/test_aead.py). */
#define STANDALONE(id) ((id) < ILPC_UNIT_CIPHER_COUNT && !ilpc_cipher_is_aead(id))

static void test_names(void)
{
    /* the rows' names and key lengths (tests/test_ciphers.py checks them against
     * compiler/ciphers.py) */
#define NAME_(a, b, ID, sfx, name, ...) name,
#define KEYLEN_(a, b, ID, sfx, name, keylen, ...) keylen,
    static const char *names[] = {ILPC_CIPHERS(NAME_, , )};
    static const size_t klen[] = {ILPC_CIPHERS(KEYLEN_, , )};
    ilpc_cipher_id id;
    int i;
    CHECK(sizeof names / sizeof names[0] == ILPC_CIPHER_COUNT, "the list");
    for (i = 0; i < ILPC_CIPHER_COUNT; i++) {
        CHECK(ilpc_cipher_parse_name(names[i], &id) == 0 && (int)id == i, "%s", names[i]);
        CHECK(ilpc_cipher_name((ilpc_cipher_id)i) && strcmp(ilpc_cipher_name((ilpc_cipher_id)i), names[i]) == 0,
              "%d", i);
        CHECK(ilpc_cipher_default_keylen((ilpc_cipher_id)i) == klen[i], "%d", i);
        CHECK((ilpc_cipher_enc_fn((ilpc_cipher_id)i) != NULL && ilpc_cipher_dec_fn((ilpc_cipher_id)i) != NULL) ==
                  (i < ILPC_UNIT_CIPHER_COUNT),
              "%d", i);
    }
    CHECK(ilpc_cipher_parse_name("SAFER-K64", &id) == -1, "names are case-sensitive");
    CHECK(ilpc_cipher_parse_name("", &id) == -1, "empty");
    CHECK(ilpc_cipher_parse_name(NULL, &id) == -1, "NULL");
    CHECK(ilpc_cipher_name((ilpc_cipher_id)99) == NULL, "unknown id");
    CHECK(ilpc_cipher_enc_fn((ilpc_cipher_id)99) == NULL, "unknown id");
    CHECK(ilpc_cipher_struct_size() == sizeof(ilpc_cipher), "struct size");
}

static void test_init(void)
{
    ilpc_cipher c;
    uint8_t key[64] = {0};
    size_t len;
    int id;
    CHECK(ilpc_cipher_init(&c, (ilpc_cipher_id)ILPC_CIPHER_COUNT, key, 8) == -1, "unknown id");
    CHECK(ilpc_cipher_init(&c, ILPC_CIPHER_XOR, NULL, 8) == -1, "NULL key with a length");
    for (len = 0; len <= 64; len++) {
        CHECK((ilpc_cipher_init(&c, ILPC_CIPHER_NONE, key, len) == 0), "none %zu", len);
        CHECK((ilpc_cipher_init(&c, ILPC_CIPHER_XOR, key, len) == 0) == (len == 0 || len == 8), "xor %zu", len);
        CHECK((ilpc_cipher_init(&c, ILPC_CIPHER_SAFER_SIMPLE, key, len) == 0) == (len == 0 || len == 8),
              "ss %zu", len);
        CHECK((ilpc_cipher_init(&c, ILPC_CIPHER_SAFER_K64, key, len) == 0) == (len == 0 || len == 8),
              "k64 %zu", len);
        CHECK((ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20, key, len) == 0) ==
                  (len == 0 || len == 32 || len == 44 || len == 48),
              "chacha %zu", len);
    }
    for (len = 0; len <= 64; len++)
        CHECK((ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20_POLY1305, key, len) == 0) == (len == 0 || len == 32),
              "chacha20-poly1305 %zu", len);
    ilpc_cipher_free(&c);
    /* an empty key is the all-zero key of the default length */
    for (id = 0; id < ILPC_UNIT_CIPHER_COUNT; id++) {
        if (!STANDALONE(id))
            continue;
        ilpc_cipher a, b;
        uint8_t pt[128], x[128], y[128];
        rnd_bytes(pt, sizeof pt);
        CHECK(ilpc_cipher_init(&a, (ilpc_cipher_id)id, NULL, 0) == 0, "%d", id);
        CHECK(ilpc_cipher_init(&b, (ilpc_cipher_id)id, key, ilpc_cipher_default_keylen((ilpc_cipher_id)id)) == 0,
              "%d", id);
        ilpc_cipher_encrypt(&a, x, pt, sizeof pt, 0);
        ilpc_cipher_encrypt(&b, y, pt, sizeof pt, 0);
        CHECK(memcmp(x, y, sizeof x) == 0, "empty key of cipher %d", id);
        CHECK(ilpc_cipher_init_hex(&a, (ilpc_cipher_id)id, "") == 0, "%d", id);
        CHECK(ilpc_cipher_init_hex(&b, (ilpc_cipher_id)id, NULL) == 0, "%d", id);
        ilpc_cipher_encrypt(&a, x, pt, sizeof pt, 0);
        ilpc_cipher_encrypt(&b, y, pt, sizeof pt, 0);
        CHECK(memcmp(x, y, sizeof x) == 0, "empty hex key of cipher %d", id);
    }
    CHECK(ilpc_cipher_init_hex(&c, ILPC_CIPHER_SAFER_K64, "08070605040302O1") == -1, "non-hex");
    CHECK(ilpc_cipher_init_hex(&c, ILPC_CIPHER_SAFER_K64, "080706050403020") == -1, "odd length");
    CHECK(ilpc_cipher_init_hex(&c, ILPC_CIPHER_SAFER_K64, "0807060504030201") == 0, "lower");
    CHECK(ilpc_cipher_init_hex(&c, ILPC_CIPHER_XOR, "A0b1C2d3E4f5a6B7") == 0, "mixed case");
    CHECK(c.u.xr.key == load64((const uint8_t *)"\xa0\xb1\xc2\xd3\xe4\xf5\xa6\xb7"), "hex key bytes");
    CHECK(ilpc_cipher_init_hex(&c, ILPC_CIPHER_NONE, "abcd") == 0, "none ignores a hex key");
    CHECK(ilpc_cipher_init_hex(&c, ILPC_CIPHER_NONE, "xyz0") == -1, "none still wants hex");
    CHECK(ilpc_cipher_init_hex(&c, ILPC_CIPHER_CHACHA20,
                               "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                               "0000000000000000000000000000000000") == -1,
          "chacha 49-byte key");
}

static void test_tables(void)
{
    unsigned x, v = 1;
    int ok_exp = 1, ok_log = 1;
    for (x = 0; x < 256; x++) {
        if (ilpc_safer_exp[x] != (v & 0xffu))
            ok_exp = 0;
        if (ilpc_safer_log[ilpc_safer_exp[x]] != x)
            ok_log = 0;
        v = v * 45u % 257u;
    }
    CHECK(ok_exp, "exp table = 45^x mod 257");
    CHECK(ok_log, "log table inverts exp");
    CHECK(ilpc_safer_exp[128] == 0 && ilpc_safer_log[0] == 128, "the 256 <-> 0 convention");
}

/* One 8-byte block through bulk, inline unit and function-pointer paths. */
static void check_block(ilpc_cipher_id id, const char *keyhex, const char *pthex, const char *cthex)
{
    ilpc_cipher c;
    uint8_t key[48], pt[8], ct[8], out[8], back[8];
    char got[17];
    size_t kl = unhex(keyhex, key, sizeof key);
    unhex(pthex, pt, 8);
    unhex(cthex, ct, 8);
    CHECK(ilpc_cipher_init(&c, id, key, kl) == 0, "init %s", keyhex);
    ilpc_cipher_encrypt(&c, out, pt, 8, 0);
    hexstr(out, 8, got);
    CHECK(memcmp(out, ct, 8) == 0, "%s key %s pt %s: got %s want %s", ilpc_cipher_name(id), keyhex, pthex, got,
          cthex);
    store64(out, unit_inline(&c, 1, load64(pt), 0));
    CHECK(memcmp(out, ct, 8) == 0, "unit path, key %s", keyhex);
    store64(out, ilpc_cipher_enc_fn(id)(&c, load64(pt), 0));
    CHECK(memcmp(out, ct, 8) == 0, "fn path, key %s", keyhex);
    ilpc_cipher_decrypt(&c, back, ct, 8, 0);
    CHECK(memcmp(back, pt, 8) == 0, "decrypt, key %s", keyhex);
    store64(back, ilpc_cipher_dec_fn(id)(&c, load64(ct), 0));
    CHECK(memcmp(back, pt, 8) == 0, "fn decrypt, key %s", keyhex);
}

static void test_safer_k64_vectors(void)
{
    /* Massey's published SAFER K-64 (6 rounds) examples: key, plaintext, ciphertext */
    check_block(ILPC_CIPHER_SAFER_K64, "0807060504030201", "0102030405060708", "c8f29cdd87783ed9");
    check_block(ILPC_CIPHER_SAFER_K64, "0000000000000000", "0102030405060708", "7d28038633b92eb4");
    check_block(ILPC_CIPHER_SAFER_K64, "0102030405060708", "0000000000000000", "5ab27f7214a33ae1");
    check_block(ILPC_CIPHER_SAFER_K64, "0000000000000000", "0000000000000000", "032808c90ee7ab7f");
    check_block(ILPC_CIPHER_SAFER_K64, "0102030405060708", "0505050505050505", "a966728bbb5f5cf3");
    /* ECB: same block at any offset, block by block */
    {
        ilpc_cipher c;
        uint8_t buf[24], key[8];
        unhex("0807060504030201", key, 8);
        unhex("010203040506070801020304050607080102030405060708", buf, 24);
        ilpc_cipher_init(&c, ILPC_CIPHER_SAFER_K64, key, 8);
        ilpc_cipher_encrypt(&c, buf, buf, 24, 800);
        CHECK(memcmp(buf, buf + 8, 8) == 0 && memcmp(buf, buf + 16, 8) == 0, "ECB");
        unhex("c8f29cdd87783ed9", key, 8);
        CHECK(memcmp(buf, key, 8) == 0, "ECB vector in place");
    }
}

/* byte-level reference of safer-simple, written from docs/ciphers.md */
static void safer_simple_ref(const uint8_t k[8], const uint8_t in[8], uint8_t out[8])
{
    uint8_t x[8];
    int j;
    for (j = 0; j < 8; j++) {
        int xor_pos = (j == 0 || j == 3 || j == 4 || j == 7);
        x[j] = xor_pos ? ilpc_safer_exp[(uint8_t)(in[j] ^ k[j])] : ilpc_safer_log[(uint8_t)(in[j] + k[j])];
    }
    for (j = 0; j < 8; j += 2) {
        out[j] = (uint8_t)(2 * x[j] + x[j + 1]);
        out[j + 1] = (uint8_t)(x[j] + x[j + 1]);
    }
}

static void test_safer_simple(void)
{
    int t;
    ilpc_cipher c;
    for (t = 0; t < 2000; t++) {
        uint8_t k[8], in[8], want[8], got[8];
        rnd_bytes(k, 8);
        rnd_bytes(in, 8);
        if (t < 256) /* every byte value in every position at least once */
            memset(in, t, 8);
        ilpc_cipher_init(&c, ILPC_CIPHER_SAFER_SIMPLE, k, 8);
        safer_simple_ref(k, in, want);
        store64(got, ilpc_safer_simple_enc(&c, load64(in), 0));
        CHECK(memcmp(got, want, 8) == 0, "safer-simple vs reference, trial %d", t);
        store64(got, ilpc_safer_simple_dec(&c, load64(want), 0));
        CHECK(memcmp(got, in, 8) == 0, "safer-simple decrypt, trial %d", t);
    }
    /* a fixed vector (also checked by the Python reference in tests/) */
    check_block(ILPC_CIPHER_SAFER_SIMPLE, "0807060504030201", "0102030405060708", "1815513f6c3f2715");
}

static void test_xor(void)
{
    check_block(ILPC_CIPHER_XOR, "0807060504030201", "0102030405060708", "0905050101050509");
    check_block(ILPC_CIPHER_XOR, "ffffffffffffffff", "0000000000000000", "ffffffffffffffff");
}

/* RFC 8439 key 00 01 .. 1f */
static void rfc_key(uint8_t *k)
{
    int i;
    for (i = 0; i < 32; i++)
        k[i] = (uint8_t)i;
}

static void test_chacha_vectors(void)
{
    static const char *block_232 =
        "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
        "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e";
    static const char sunscreen[] =
        "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
        "sunscreen would be it.";
    static const char *ct_242 =
        "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
        "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
        "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
        "5af90bbf74a35be6b40b8eedf2785e42874d";
    uint8_t key[48], want[128], zero[64] = {0}, out[128], pt[120] = {0};
    size_t perm[16];
    ilpc_cipher c;
    int path;

    /* 2.3.2: counter 1, nonce 00000009 0000004a 00000000: key || LE32(1) || nonce */
    rfc_key(key);
    unhex("01000000" "000000090000004a00000000", key + 32, 16);
    unhex(block_232, want, 64);
    CHECK(ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20, key, 48) == 0, "init 48");
    ilpc_cipher_encrypt(&c, out, zero, 64, 0);
    CHECK(memcmp(out, want, 64) == 0, "RFC 8439 2.3.2 block, bulk");
    for (path = 0; path < 3; path++) {
        ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20, key, 48);
        ilp_order(perm, 8);
        unit_path(&c, 1, path == 2 ? ilpc_cipher_enc_fn(ILPC_CIPHER_CHACHA20) : NULL, out, zero, 64, 0,
                  path == 0 ? NULL : perm);
        CHECK(memcmp(out, want, 64) == 0, "RFC 8439 2.3.2 block, unit path %d", path);
    }

    /* 2.4.2: counter 1, nonce 00000000 0000004a 00000000, the sunscreen text */
    memcpy(pt, sunscreen, 114);
    unhex(ct_242, want, 114);
    unhex("01000000" "000000000000004a00000000", key + 32, 16);
    ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20, key, 48);
    ilpc_cipher_encrypt(&c, out, pt, 120, 0);
    CHECK(memcmp(out, want, 114) == 0, "RFC 8439 2.4.2, bulk");
    ilpc_cipher_decrypt(&c, out, out, 120, 0);
    CHECK(memcmp(out, pt, 120) == 0, "RFC 8439 2.4.2, bulk decrypt in place");
    for (path = 0; path < 3; path++) {
        ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20, key, 48);
        ilp_order(perm, 15);
        unit_path(&c, 1, path == 2 ? ilpc_cipher_enc_fn(ILPC_CIPHER_CHACHA20) : NULL, out, pt, 120, 0,
                  path == 0 ? NULL : perm);
        CHECK(memcmp(out, want, 114) == 0, "RFC 8439 2.4.2, unit path %d", path);
    }
    /* the same with the 44-byte form (counter 0): the text sits at offset 64 */
    memmove(key + 32, key + 36, 12);
    ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20, key, 44);
    ilpc_cipher_encrypt(&c, out, pt, 120, 64);
    CHECK(memcmp(out, want, 114) == 0, "RFC 8439 2.4.2 via key||nonce at offset 64");
    ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20, key, 44);
    ilp_order(perm, 15);
    unit_path(&c, 1, NULL, out, pt, 120, 64, perm);
    CHECK(memcmp(out, want, 114) == 0, "RFC 8439 2.4.2 via key||nonce at offset 64, ILP order");

    /* the 32-bit block counter wraps: counter 0xffffffff, offset 64 = counter 0 */
    {
        uint8_t a[64], b[64];
        rfc_key(key);
        memset(key + 32, 0, 16);
        ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20, key, 48);
        ilpc_cipher_encrypt(&c, a, zero, 64, 0);
        memset(key + 32, 0xff, 4);
        ilpc_cipher_init(&c, ILPC_CIPHER_CHACHA20, key, 48);
        ilpc_cipher_encrypt(&c, b, zero, 64, 64);
        CHECK(memcmp(a, b, 64) == 0, "counter wraps modulo 2^32");
    }
}

/* random round trips, unit == bulk in any order, fn == inline, in place */
static void test_random(void)
{
    enum { MAXN = 2048 };
    static uint8_t pt[MAXN], bulk[MAXN], x[MAXN], y[MAXN];
    static size_t perm[MAXN / 8];
    static const size_t chacha_lens[] = {32, 44, 48};
    int id, t;
    for (id = 0; id < ILPC_UNIT_CIPHER_COUNT; id++) {
        if (!STANDALONE(id))
            continue;
        int mismatch[8] = {0};
        int trials = 300;
        for (t = 0; t < trials; t++) {
            ilpc_cipher c;
            uint8_t key[48];
            size_t kl = ilpc_cipher_default_keylen((ilpc_cipher_id)id);
            size_t n = 8 * (size_t)(rnd() % (MAXN / 8 + 1)), units = n / 8;
            uint64_t off;
            switch (rnd() % 4) {
            case 0: off = 0; break;
            case 1: off = 8 * (rnd() % 64); break;
            case 2: off = 8 * (rnd() % ((uint64_t)1 << 40)); break;
            default: off = (((uint64_t)1 << 38) - 8 * (rnd() % 64)); break; /* counter wrap region */
            }
            if (id == ILPC_CIPHER_CHACHA20)
                kl = chacha_lens[t % 3];
            rnd_bytes(key, sizeof key);
            rnd_bytes(pt, n);
            if (ilpc_cipher_init(&c, (ilpc_cipher_id)id, key, kl) != 0) {
                mismatch[0]++;
                continue;
            }
            ilpc_cipher_encrypt(&c, bulk, pt, n, off);
            if (id != ILPC_CIPHER_NONE && n >= 64 && memcmp(bulk, pt, n) == 0)
                mismatch[1]++; /* a real cipher changes 64 random bytes */
            ilpc_cipher_decrypt(&c, x, bulk, n, off);
            if (memcmp(x, pt, n) != 0)
                mismatch[2]++;
            /* unit path, sequential / ILP order / random order, inline */
            unit_path(&c, 1, NULL, x, pt, n, off, NULL);
            if (memcmp(x, bulk, n) != 0)
                mismatch[3]++;
            ilp_order(perm, units);
            unit_path(&c, 1, NULL, x, pt, n, off, perm);
            shuffled(perm, units);
            unit_path(&c, 1, ilpc_cipher_enc_fn((ilpc_cipher_id)id), y, pt, n, off, perm);
            if (memcmp(x, bulk, n) != 0 || memcmp(y, bulk, n) != 0)
                mismatch[4]++;
            /* decryption, unit paths */
            shuffled(perm, units);
            unit_path(&c, 0, NULL, x, bulk, n, off, perm);
            unit_path(&c, 0, ilpc_cipher_dec_fn((ilpc_cipher_id)id), y, bulk, n, off, NULL);
            if (memcmp(x, pt, n) != 0 || memcmp(y, pt, n) != 0)
                mismatch[5]++;
            /* in place, and split into two bulk calls at a unit boundary */
            memcpy(x, pt, n);
            {
                size_t cut = 8 * (size_t)(units ? rnd() % (units + 1) : 0);
                ilpc_cipher_encrypt(&c, x + cut, x + cut, n - cut, off + cut);
                ilpc_cipher_encrypt(&c, x, x, cut, off);
            }
            if (memcmp(x, bulk, n) != 0)
                mismatch[6]++;
            ilpc_cipher_decrypt(&c, x, x, n, off);
            if (memcmp(x, pt, n) != 0)
                mismatch[7]++;
        }
        CHECK(mismatch[0] == 0, "%s: init failed %d times", ilpc_cipher_name((ilpc_cipher_id)id), mismatch[0]);
        CHECK(mismatch[1] == 0, "%s: ciphertext == plaintext %d times", ilpc_cipher_name((ilpc_cipher_id)id),
              mismatch[1]);
        CHECK(mismatch[2] == 0, "%s: decrypt(encrypt(x)) != x %d times", ilpc_cipher_name((ilpc_cipher_id)id),
              mismatch[2]);
        CHECK(mismatch[3] == 0, "%s: unit != bulk %d times", ilpc_cipher_name((ilpc_cipher_id)id), mismatch[3]);
        CHECK(mismatch[4] == 0, "%s: unit (reordered / fn) != bulk %d times",
              ilpc_cipher_name((ilpc_cipher_id)id), mismatch[4]);
        CHECK(mismatch[5] == 0, "%s: unit decrypt %d times", ilpc_cipher_name((ilpc_cipher_id)id), mismatch[5]);
        CHECK(mismatch[6] == 0, "%s: in place / split != bulk %d times", ilpc_cipher_name((ilpc_cipher_id)id),
              mismatch[6]);
        CHECK(mismatch[7] == 0, "%s: in-place decrypt %d times", ilpc_cipher_name((ilpc_cipher_id)id),
              mismatch[7]);
    }
}

/* A stream of messages sent in the ILP order computes every keystream block
 * once, like the bulk path, and the results agree.  The one pattern the cache
 * mispredicts (see ilpc_chacha20_refill) is a single-unit message at a
 * multiple of 64; with such messages one extra block each is allowed. */
static void chacha_stream(int singles)
{
    enum { MAXN = 8 * 400 };
    static uint8_t pt[MAXN], x[MAXN], y[MAXN], z[MAXN];
    static size_t perm[MAXN / 8];
    ilpc_cipher ilp, bulk, seq;
    uint8_t key[44];
    uint64_t start = 8 * (rnd() % 100), off = start, distinct, slack = 0;
    int m, bad = 0;
    rnd_bytes(key, sizeof key);
    ilpc_cipher_init(&ilp, ILPC_CIPHER_CHACHA20, key, 44);
    ilpc_cipher_init(&bulk, ILPC_CIPHER_CHACHA20, key, 44);
    ilpc_cipher_init(&seq, ILPC_CIPHER_CHACHA20, key, 44);
    for (m = 0; m < 2000; m++) {
        size_t units = (size_t)(m % 3 == 0 ? 1 + rnd() % 4 : 1 + rnd() % (MAXN / 8)), n;
        if (units == 1 && !singles)
            units = 2;
        if (units == 1 && off % 64 == 0)
            slack++;
        n = 8 * units;
        rnd_bytes(pt, n);
        ilp_order(perm, units);
        unit_path(&ilp, 1, NULL, x, pt, n, off, perm);
        ilpc_cipher_encrypt(&bulk, y, pt, n, off);
        unit_path(&seq, 0, NULL, z, y, n, off, NULL); /* receive side: in order */
        if (memcmp(x, y, n) != 0 || memcmp(z, pt, n) != 0)
            bad++;
        off += n;
    }
    distinct = (off - 1) / 64 - start / 64 + 1;
    CHECK(bad == 0, "%d messages differ", bad);
    CHECK(bulk.u.cc.generated == distinct, "bulk computed %llu blocks for %llu",
          (unsigned long long)bulk.u.cc.generated, (unsigned long long)distinct);
    CHECK(seq.u.cc.generated == distinct, "in-order units computed %llu blocks for %llu",
          (unsigned long long)seq.u.cc.generated, (unsigned long long)distinct);
    CHECK(ilp.u.cc.generated >= distinct && ilp.u.cc.generated <= distinct + slack,
          "ILP order computed %llu blocks for %llu (+%llu allowed)", (unsigned long long)ilp.u.cc.generated,
          (unsigned long long)distinct, (unsigned long long)slack);
    CHECK(singles || slack == 0, "no slack without single-unit messages");
}

static void test_chacha_cache(void)
{
    chacha_stream(0);
    chacha_stream(1);
}

/* a different key or offset gives a different ciphertext */
static void test_keying(void)
{
    ilpc_cipher a, b;
    uint8_t ka[32], kb[32], pt[64] = {0}, x[64], y[64];
    int id;
    rnd_bytes(ka, 32);
    memcpy(kb, ka, 32);
    kb[5] ^= 1;
    for (id = 0; id < ILPC_UNIT_CIPHER_COUNT; id++) {
        size_t kl = ilpc_cipher_default_keylen((ilpc_cipher_id)id);
        if (!STANDALONE(id) || kl == 0) /* keyless (none) */
            continue;
        ilpc_cipher_init(&a, (ilpc_cipher_id)id, ka, kl);
        ilpc_cipher_init(&b, (ilpc_cipher_id)id, kb, kl);
        ilpc_cipher_encrypt(&a, x, pt, 64, 0);
        ilpc_cipher_encrypt(&b, y, pt, 64, 0);
        CHECK(memcmp(x, y, 64) != 0, "%s: key bit 41 matters", ilpc_cipher_name((ilpc_cipher_id)id));
    }
    ilpc_cipher_init(&a, ILPC_CIPHER_CHACHA20, ka, 32);
    ilpc_cipher_encrypt(&a, x, pt, 64, 0);
    ilpc_cipher_encrypt(&a, y, pt, 64, 64);
    CHECK(memcmp(x, y, 64) != 0, "chacha20: offset matters");
    ilpc_cipher_encrypt(&a, y, pt, 64, 8);
    CHECK(memcmp(x + 8, y, 56) == 0, "chacha20: keystream is a function of the offset");
}

int main(void)
{
    test_names();
    test_init();
    test_tables();
    test_safer_k64_vectors();
    test_safer_simple();
    test_xor();
    test_chacha_vectors();
    test_random();
    test_chacha_cache();
    test_keying();
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
