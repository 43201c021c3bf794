/*
 * ilpc_cipher.c - key set-up, bulk loops and out-of-line helpers of the
 * encryption layer (see ilpc_cipher.h and docs/ciphers.md).
 */
#include "ilpc_cipher.h"
#include "ilpc_csum.h" /* the SIMD switch and the AVX2 dispatch */
#include "ilpc_evp.h"

#include <stdlib.h>

/* (45^x mod 257) mod 256: exp[128] = 256 mod 256 = 0. */
const uint8_t ilpc_safer_exp[256] = {
    0x01, 0x2d, 0xe2, 0x93, 0xbe, 0x45, 0x15, 0xae, 0x78, 0x03, 0x87, 0xa4, 0xb8, 0x38, 0xcf, 0x3f,
    0x08, 0x67, 0x09, 0x94, 0xeb, 0x26, 0xa8, 0x6b, 0xbd, 0x18, 0x34, 0x1b, 0xbb, 0xbf, 0x72, 0xf7,
    0x40, 0x35, 0x48, 0x9c, 0x51, 0x2f, 0x3b, 0x55, 0xe3, 0xc0, 0x9f, 0xd8, 0xd3, 0xf3, 0x8d, 0xb1,
    0xff, 0xa7, 0x3e, 0xdc, 0x86, 0x77, 0xd7, 0xa6, 0x11, 0xfb, 0xf4, 0xba, 0x92, 0x91, 0x64, 0x83,
    0xf1, 0x33, 0xef, 0xda, 0x2c, 0xb5, 0xb2, 0x2b, 0x88, 0xd1, 0x99, 0xcb, 0x8c, 0x84, 0x1d, 0x14,
    0x81, 0x97, 0x71, 0xca, 0x5f, 0xa3, 0x8b, 0x57, 0x3c, 0x82, 0xc4, 0x52, 0x5c, 0x1c, 0xe8, 0xa0,
    0x04, 0xb4, 0x85, 0x4a, 0xf6, 0x13, 0x54, 0xb6, 0xdf, 0x0c, 0x1a, 0x8e, 0xde, 0xe0, 0x39, 0xfc,
    0x20, 0x9b, 0x24, 0x4e, 0xa9, 0x98, 0x9e, 0xab, 0xf2, 0x60, 0xd0, 0x6c, 0xea, 0xfa, 0xc7, 0xd9,
    0x00, 0xd4, 0x1f, 0x6e, 0x43, 0xbc, 0xec, 0x53, 0x89, 0xfe, 0x7a, 0x5d, 0x49, 0xc9, 0x32, 0xc2,
    0xf9, 0x9a, 0xf8, 0x6d, 0x16, 0xdb, 0x59, 0x96, 0x44, 0xe9, 0xcd, 0xe6, 0x46, 0x42, 0x8f, 0x0a,
    0xc1, 0xcc, 0xb9, 0x65, 0xb0, 0xd2, 0xc6, 0xac, 0x1e, 0x41, 0x62, 0x29, 0x2e, 0x0e, 0x74, 0x50,
    0x02, 0x5a, 0xc3, 0x25, 0x7b, 0x8a, 0x2a, 0x5b, 0xf0, 0x06, 0x0d, 0x47, 0x6f, 0x70, 0x9d, 0x7e,
    0x10, 0xce, 0x12, 0x27, 0xd5, 0x4c, 0x4f, 0xd6, 0x79, 0x30, 0x68, 0x36, 0x75, 0x7d, 0xe4, 0xed,
    0x80, 0x6a, 0x90, 0x37, 0xa2, 0x5e, 0x76, 0xaa, 0xc5, 0x7f, 0x3d, 0xaf, 0xa5, 0xe5, 0x19, 0x61,
    0xfd, 0x4d, 0x7c, 0xb7, 0x0b, 0xee, 0xad, 0x4b, 0x22, 0xf5, 0xe7, 0x73, 0x23, 0x21, 0xc8, 0x05,
    0xe1, 0x66, 0xdd, 0xb3, 0x58, 0x69, 0x63, 0x56, 0x0f, 0xa1, 0x31, 0x95, 0x17, 0x07, 0x3a, 0x28
};

/* Inverse of ilpc_safer_exp: log[exp[x]] = x, log[0] = 128. */
const uint8_t ilpc_safer_log[256] = {
    0x80, 0x00, 0xb0, 0x09, 0x60, 0xef, 0xb9, 0xfd, 0x10, 0x12, 0x9f, 0xe4, 0x69, 0xba, 0xad, 0xf8,
    0xc0, 0x38, 0xc2, 0x65, 0x4f, 0x06, 0x94, 0xfc, 0x19, 0xde, 0x6a, 0x1b, 0x5d, 0x4e, 0xa8, 0x82,
    0x70, 0xed, 0xe8, 0xec, 0x72, 0xb3, 0x15, 0xc3, 0xff, 0xab, 0xb6, 0x47, 0x44, 0x01, 0xac, 0x25,
    0xc9, 0xfa, 0x8e, 0x41, 0x1a, 0x21, 0xcb, 0xd3, 0x0d, 0x6e, 0xfe, 0x26, 0x58, 0xda, 0x32, 0x0f,
    0x20, 0xa9, 0x9d, 0x84, 0x98, 0x05, 0x9c, 0xbb, 0x22, 0x8c, 0x63, 0xe7, 0xc5, 0xe1, 0x73, 0xc6,
    0xaf, 0x24, 0x5b, 0x87, 0x66, 0x27, 0xf7, 0x57, 0xf4, 0x96, 0xb1, 0xb7, 0x5c, 0x8b, 0xd5, 0x54,
    0x79, 0xdf, 0xaa, 0xf6, 0x3e, 0xa3, 0xf1, 0x11, 0xca, 0xf5, 0xd1, 0x17, 0x7b, 0x93, 0x83, 0xbc,
    0xbd, 0x52, 0x1e, 0xeb, 0xae, 0xcc, 0xd6, 0x35, 0x08, 0xc8, 0x8a, 0xb4, 0xe2, 0xcd, 0xbf, 0xd9,
    0xd0, 0x50, 0x59, 0x3f, 0x4d, 0x62, 0x34, 0x0a, 0x48, 0x88, 0xb5, 0x56, 0x4c, 0x2e, 0x6b, 0x9e,
    0xd2, 0x3d, 0x3c, 0x03, 0x13, 0xfb, 0x97, 0x51, 0x75, 0x4a, 0x91, 0x71, 0x23, 0xbe, 0x76, 0x2a,
    0x5f, 0xf9, 0xd4, 0x55, 0x0b, 0xdc, 0x37, 0x31, 0x16, 0x74, 0xd7, 0x77, 0xa7, 0xe6, 0x07, 0xdb,
    0xa4, 0x2f, 0x46, 0xf3, 0x61, 0x45, 0x67, 0xe3, 0x0c, 0xa2, 0x3b, 0x1c, 0x85, 0x18, 0x04, 0x1d,
    0x29, 0xa0, 0x8f, 0xb2, 0x5a, 0xd8, 0xa6, 0x7e, 0xee, 0x8d, 0x53, 0x4b, 0xa1, 0x9a, 0xc1, 0x0e,
    0x7a, 0x49, 0xa5, 0x2c, 0x81, 0xc4, 0xc7, 0x36, 0x2b, 0x7f, 0x43, 0x95, 0x33, 0xf2, 0x6c, 0x68,
    0x6d, 0xf0, 0x02, 0x28, 0xce, 0xdd, 0x9b, 0xea, 0x5e, 0x99, 0x7c, 0x14, 0x86, 0xcf, 0xe5, 0x42,
    0xb8, 0x40, 0x78, 0x2d, 0x3a, 0xe9, 0x64, 0x1f, 0x92, 0x90, 0x7d, 0x39, 0x6f, 0xe0, 0x89, 0x30
};

#define NAME_(a, b, ID, sfx, name, keylen) name,
#define KEYLEN_(a, b, ID, sfx, name, keylen) keylen,
static const char *const cipher_names[ILPC_CIPHER_COUNT] = {ILPC_CIPHERS(NAME_, , )};
static const size_t default_keylen[ILPC_CIPHER_COUNT] = {ILPC_CIPHERS(KEYLEN_, , )};

int ilpc_cipher_parse_name(const char *name, ilpc_cipher_id *out)
{
    int i;
    if (!name)
        return -1;
    for (i = 0; i < ILPC_CIPHER_COUNT; i++) {
        if (strcmp(name, cipher_names[i]) == 0) {
            if (out)
                *out = (ilpc_cipher_id)i;
            return 0;
        }
    }
    return -1;
}

const char *ilpc_cipher_name(ilpc_cipher_id id)
{
    if ((unsigned)id >= ILPC_CIPHER_COUNT)
        return NULL;
    return cipher_names[id];
}

size_t ilpc_cipher_default_keylen(ilpc_cipher_id id)
{
    if ((unsigned)id >= ILPC_CIPHER_COUNT)
        return 0;
    return default_keylen[id];
}

size_t ilpc_cipher_struct_size(void)
{
    return sizeof(ilpc_cipher);
}

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Mask of the bytes at memory positions 0,3,4,7 of a unit. */
static uint64_t xor_positions_mask(void)
{
    static const uint8_t m[8] = {0xff, 0, 0, 0xff, 0xff, 0, 0, 0xff};
    uint64_t v;
    memcpy(&v, m, 8);
    return v;
}

/* SAFER K-64 key schedule: K1 = key; for i = 2..13 every key byte is rotated
 * left by 3 bits (cumulatively) and K_i[j] = rot[j] + B_i[j] mod 256 with the
 * bias B_i[j] = exp(exp(9i + j)), j = 1..8. */
static void safer_k64_schedule(ilpc_cipher *c, const uint8_t key[8])
{
    uint8_t reg[8];
    int i, j;
    memcpy(reg, key, 8);
    memcpy(c->u.k64.k[0], key, 8);
    for (i = 2; i <= 2 * ILPC_SAFER_K64_ROUNDS + 1; i++) {
        for (j = 0; j < 8; j++) {
            reg[j] = (uint8_t)((reg[j] << 3) | (reg[j] >> 5));
            c->u.k64.k[i - 1][j] =
                (uint8_t)(reg[j] + ilpc_safer_exp[ilpc_safer_exp[(9 * i + j + 1) & 0xff]]);
        }
    }
}

int ilpc_cipher_init(ilpc_cipher *c, ilpc_cipher_id id, const uint8_t *key, size_t keylen)
{
    static const uint8_t zero[ILPC_CIPHER_MAX_KEYLEN];
    uint64_t k64;

    if (!c || (unsigned)id >= ILPC_CIPHER_COUNT)
        return -1;
    if (keylen == 0) {
        key = zero;
        keylen = default_keylen[id];
    } else if (!key) {
        return -1;
    }
    memset(c, 0, sizeof *c);
    c->id = id;
    switch (id) {
    case ILPC_CIPHER_NONE:
        return 0;
    case ILPC_CIPHER_XOR:
        if (keylen != 8)
            return -1;
        memcpy(&c->u.xr.key, key, 8);
        return 0;
    case ILPC_CIPHER_SAFER_SIMPLE:
        if (keylen != 8)
            return -1;
        memcpy(c->u.ss.k, key, 8);
        memcpy(&k64, key, 8);
        c->u.ss.kx = k64 & xor_positions_mask();
        c->u.ss.ka = k64 & ~xor_positions_mask();
        return 0;
    case ILPC_CIPHER_SAFER_K64:
        if (keylen != 8)
            return -1;
        safer_k64_schedule(c, key);
        return 0;
    case ILPC_CIPHER_CHACHA20: {
        int i;
        const uint8_t *nonce = NULL;
        if (keylen == 44) {
            nonce = key + 32;
        } else if (keylen == 48) {
            c->u.cc.ctr0 = load32_le(key + 32);
            nonce = key + 36;
        } else if (keylen != 32) {
            return -1;
        }
        for (i = 0; i < 8; i++)
            c->u.cc.key[i] = load32_le(key + 4 * i);
        for (i = 0; i < 3; i++)
            c->u.cc.nonce[i] = nonce ? load32_le(nonce + 4 * i) : 0;
        c->u.cc.blk = UINT64_MAX;
        c->u.cc.alt_blk = UINT64_MAX;
        return 0;
    }
    case ILPC_CIPHER_CHACHA20_POLY1305:
    case ILPC_CIPHER_AES_128_GCM:
        if (keylen != default_keylen[id] || (id == ILPC_CIPHER_AES_128_GCM && !ilpc_evp_available()))
            return -1;
        memcpy(c->u.ae.key, key, keylen);
        ilpc_chacha20_key_words(c->u.ae.key, c->u.ae.kw);
        c->u.ae.win = UINT64_MAX;
        return 0;
    }
    return -1;
}

void ilpc_cipher_free(ilpc_cipher *c)
{
    volatile uint8_t *p = (volatile uint8_t *)c;
    size_t i;
    if (c == NULL)
        return;
    if (ilpc_cipher_is_aead(c->id) && c->u.ae.evp != NULL) {
        ilpc_evp_aead_free(c->u.ae.evp);
        free(c->u.ae.evp);
    }
    /* the key material, through a volatile pointer so that the stores stay */
    for (i = 0; i < sizeof *c; i++)
        p[i] = 0;
    c->id = ILPC_CIPHER_NONE;
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

int ilpc_hex_decode(const char *hex, uint8_t *out, size_t cap, size_t *len)
{
    size_t n, i;
    if (!hex)
        hex = "";
    n = strlen(hex);
    if (n % 2 || n / 2 > cap)
        return -1;
    for (i = 0; i < n / 2; i++) {
        int hi = hexval((unsigned char)hex[2 * i]), lo = hexval((unsigned char)hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    if (len)
        *len = n / 2;
    return 0;
}

int ilpc_cipher_init_hex(ilpc_cipher *c, ilpc_cipher_id id, const char *hex)
{
    uint8_t key[ILPC_CIPHER_MAX_KEYLEN];
    size_t len = 0;
    int rc;
    if (id == ILPC_CIPHER_NONE) { /* the key is ignored, but must be hex */
        const char *h = hex ? hex : "";
        size_t n = strlen(h);
        if (n % 2 || strspn(h, "0123456789abcdefABCDEF") != n)
            return -1;
        return ilpc_cipher_init(c, id, NULL, 0);
    }
    if (ilpc_hex_decode(hex, key, sizeof key, &len) != 0)
        return -1;
    rc = ilpc_cipher_init(c, id, key, len);
    memset(key, 0, sizeof key);
    return rc;
}

/* ---- chacha20: the RFC 8439 block function is ilpc_chacha20_blocks ------- */

/*
 * Two-slot keystream cache.  `blk/ks` is the block in use, `alt_blk/alt_ks`
 * a second block.  The ILP send order visits a message [S, E) as
 *     part B: S+8, S+16, ..., E-16   part C: E-8   part A: S
 * i.e. forward from block (S+8)/64 to (E-8)/64, then back to S/64; the next
 * message starts at E.  The aim is that the block of S is still at hand when
 * part A comes, so that every keystream block is computed once, as in the
 * in-order bulk loop.  Only refills are seen here (accesses to the block in
 * use are not), and the offset of the access that caused them:
 *
 *  - backward (part A of a message): use the second slot if it holds the
 *    block, else move the block in use (the message's last block, where the
 *    next message starts) there and compute.  The message is finished:
 *    `phase` = 0.
 *  - forward to the block in the second slot: swap (a new message starting
 *    in the block where the previous one ended); phase = 0.
 *  - forward at an offset that is not a multiple of 64: only the first access
 *    of a message lands mid-block like that, and the message starts in this
 *    block; phase = 0 (it will be saved on the next step).
 *  - forward at a multiple of 64: either the next block of the message in
 *    progress, or the first access (S+8) of a message starting in the last 8
 *    bytes of the previous block.  phase == 1 says the start block of the
 *    message in progress is already in the second slot: keep it.  Otherwise
 *    the block being left (which is the start block in both readings) is
 *    moved to the second slot and phase = 1.
 *
 * The policy only decides what is kept; each slot always holds the block its
 * number says, so any access order gives the right keystream.  The one
 * pattern it mispredicts (one extra block) is a single-unit message at a
 * multiple of 64 followed by a message that starts in the same block.
 */
static void cc_compute(ilpc_cipher *c, uint64_t blk)
{
    /* RFC 8439's counter is 32 bits: it wraps after 2^32 blocks (256 GiB). */
    ilpc_chacha20_blocks(c->u.cc.key, c->u.cc.nonce, c->u.cc.ctr0 + (uint32_t)blk, c->u.cc.ks, 1);
    c->u.cc.blk = blk;
    c->u.cc.generated++;
}

static void cc_save(ilpc_cipher *c)
{
    memcpy(c->u.cc.alt_ks, c->u.cc.ks, 64);
    c->u.cc.alt_blk = c->u.cc.blk;
}

static void cc_swap(ilpc_cipher *c)
{
    uint8_t t[64];
    uint64_t b = c->u.cc.blk;
    memcpy(t, c->u.cc.ks, 64);
    memcpy(c->u.cc.ks, c->u.cc.alt_ks, 64);
    memcpy(c->u.cc.alt_ks, t, 64);
    c->u.cc.blk = c->u.cc.alt_blk;
    c->u.cc.alt_blk = b;
}

void ilpc_chacha20_refill(ilpc_cipher *c, uint64_t off)
{
    uint64_t b = off >> 6;
    int have = c->u.cc.blk != UINT64_MAX;
    if (b == c->u.cc.alt_blk) {
        cc_swap(c);
        c->u.cc.phase = 0;
        return;
    }
    if (have && b < c->u.cc.blk) { /* backward */
        cc_save(c);
        c->u.cc.phase = 0;
    } else if (off & 63u) { /* a message starts in block b */
        c->u.cc.phase = 0;
    } else if (have && b == c->u.cc.blk + 1) {
        if (!c->u.cc.phase) {
            cc_save(c);
            c->u.cc.phase = 1;
        }
    } else { /* a forward jump to a multiple of 64 */
        c->u.cc.phase = b > 0 && c->u.cc.alt_blk == b - 1;
    }
    cc_compute(c, b);
}

/* ---- bulk loops --------------------------------------------------------- */

#if ILPC_SIMD_SSE2
/* xor in vectors, the same widths as the fused loop (ilpc_ilp.h) takes: n64
 * blocks of 64 bytes with AVX2.  Loads before stores: correct for dst == src. */
static inline __attribute__((target("avx2"))) void xor_avx2_body(uint64_t k, uint8_t *dst, const uint8_t *src,
                                                                 size_t n64)
{
    const __m256i kv = _mm256_set1_epi64x((long long)k);
    for (; n64; n64--, src += 64, dst += 64) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)src);
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(src + 32));
        _mm256_storeu_si256((__m256i *)(void *)dst, _mm256_xor_si256(x, kv));
        _mm256_storeu_si256((__m256i *)(void *)(dst + 32), _mm256_xor_si256(y, kv));
    }
}
#if ILPC_AVX2_DISPATCH
/* The run-time dispatched copy (ilpc_use_avx2). */
static __attribute__((target("avx2"), noinline)) void xor_avx2(uint64_t k, uint8_t *dst, const uint8_t *src,
                                                               size_t n64)
{
    xor_avx2_body(k, dst, src, n64);
}
#endif
#endif

static void xor_bulk(uint64_t k, uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i = 0;
    uint64_t a, b, d, e;
#if ILPC_SIMD_SSE2
#if defined(__AVX2__)
    if (n >= 64) {
        xor_avx2_body(k, dst, src, n / 64);
        i = n & ~(size_t)63;
    }
#else
    const __m128i kv = _mm_set1_epi64x((long long)k);
#if ILPC_AVX2_DISPATCH
    if (n >= 128 && ilpc_use_avx2()) {
        xor_avx2(k, dst, src, n / 64);
        i = n & ~(size_t)63;
    }
#endif
    for (; i + 32 <= n; i += 32) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(src + i + 16));
        _mm_storeu_si128((__m128i *)(void *)(dst + i), _mm_xor_si128(x, kv));
        _mm_storeu_si128((__m128i *)(void *)(dst + i + 16), _mm_xor_si128(y, kv));
    }
#endif
#endif
    /* four loads before four stores: correct for dst == src too */
    for (; i + 32 <= n; i += 32) {
        memcpy(&a, src + i, 8);
        memcpy(&b, src + i + 8, 8);
        memcpy(&d, src + i + 16, 8);
        memcpy(&e, src + i + 24, 8);
        a ^= k; b ^= k; d ^= k; e ^= k;
        memcpy(dst + i, &a, 8);
        memcpy(dst + i + 8, &b, 8);
        memcpy(dst + i + 16, &d, 8);
        memcpy(dst + i + 24, &e, 8);
    }
    for (; i < n; i += 8) {
        memcpy(&a, src + i, 8);
        a ^= k;
        memcpy(dst + i, &a, 8);
    }
}

static void chacha20_bulk(ilpc_cipher *c, uint8_t *dst, const uint8_t *src, size_t n, uint64_t off)
{
    uint64_t ks[8], u;
    while (n) {
        size_t o = (size_t)(off & 63u), m = 64 - o, i;
        if (m > n)
            m = n;
        if ((off >> 6) != c->u.cc.blk)
            ilpc_chacha20_refill(c, off);
        memcpy(ks, c->u.cc.ks, 64); /* a local copy: dst may alias *c */
        if (m == 64) {
            uint64_t w[8];
            memcpy(w, src, 64);
            for (i = 0; i < 8; i++)
                w[i] ^= ks[i];
            memcpy(dst, w, 64);
        } else {
            for (i = 0; i < m; i += 8) {
                memcpy(&u, src + i, 8);
                u ^= ks[(o + i) >> 3];
                memcpy(dst + i, &u, 8);
            }
        }
        src += m;
        dst += m;
        off += m;
        n -= m;
    }
}

/* Block ciphers: one inline unit function per 8 bytes.  The key material is
 * copied to a local first: dst is a uint8_t pointer that may alias *c, and
 * without the copy the compiler must reload the key after every store. */
#define UNIT_LOOP(FN)                                      \
    do {                                                   \
        ilpc_cipher l_ = *c;                               \
        size_t i_;                                         \
        uint64_t u_;                                       \
        for (i_ = 0; i_ < n; i_ += 8) {                    \
            memcpy(&u_, src + i_, 8);                      \
            u_ = FN(&l_, u_, off + i_);                    \
            memcpy(dst + i_, &u_, 8);                      \
        }                                                  \
    } while (0)

/* The same on the context itself (its state changes as it goes). */
#define UNIT_LOOP_IN_PLACE(FN)                             \
    do {                                                   \
        size_t i_;                                         \
        uint64_t u_;                                       \
        for (i_ = 0; i_ < n; i_ += 8) {                    \
            memcpy(&u_, src + i_, 8);                      \
            u_ = FN(c, u_, off + i_);                      \
            memcpy(dst + i_, &u_, 8);                      \
        }                                                  \
    } while (0)

void ilpc_cipher_encrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src, size_t n, uint64_t off)
{
    switch (c->id) {
    case ILPC_CIPHER_NONE:
        if (dst != src)
            memmove(dst, src, n);
        return;
    case ILPC_CIPHER_XOR:
        xor_bulk(c->u.xr.key, dst, src, n);
        return;
    case ILPC_CIPHER_SAFER_SIMPLE:
        UNIT_LOOP(ilpc_safer_simple_enc);
        return;
    case ILPC_CIPHER_SAFER_K64:
        UNIT_LOOP(ilpc_safer_k64_enc);
        return;
    case ILPC_CIPHER_CHACHA20:
        chacha20_bulk(c, dst, src, n, off);
        return;
    case ILPC_CIPHER_CHACHA20_POLY1305: /* the unit stage, in order (a record in progress) */
        UNIT_LOOP_IN_PLACE(ilpc_chacha20_poly1305_enc);
        return;
    case ILPC_CIPHER_AES_128_GCM: /* never called: libcrypto's paths only; fail closed */
        memset(dst, 0, n);
        return;
    }
}

void ilpc_cipher_decrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src, size_t n, uint64_t off)
{
    switch (c->id) {
    case ILPC_CIPHER_SAFER_SIMPLE:
        UNIT_LOOP(ilpc_safer_simple_dec);
        return;
    case ILPC_CIPHER_SAFER_K64:
        UNIT_LOOP(ilpc_safer_k64_dec);
        return;
    case ILPC_CIPHER_CHACHA20_POLY1305:
        UNIT_LOOP_IN_PLACE(ilpc_chacha20_poly1305_dec);
        return;
    default: /* none, xor and chacha20 are involutions */
        ilpc_cipher_encrypt(c, dst, src, n, off);
        return;
    }
}

/* ---- out-of-line unit functions ----------------------------------------- */

#define OUT_OF_LINE(NAME)                                                    \
    static uint64_t NAME##_fn(ilpc_cipher *c, uint64_t unit, uint64_t off)   \
    {                                                                        \
        return NAME(c, unit, off);                                           \
    }
OUT_OF_LINE(ilpc_none_enc)
OUT_OF_LINE(ilpc_none_dec)
OUT_OF_LINE(ilpc_xor_enc)
OUT_OF_LINE(ilpc_xor_dec)
OUT_OF_LINE(ilpc_safer_simple_enc)
OUT_OF_LINE(ilpc_safer_simple_dec)
OUT_OF_LINE(ilpc_safer_k64_enc)
OUT_OF_LINE(ilpc_safer_k64_dec)
OUT_OF_LINE(ilpc_chacha20_enc)
OUT_OF_LINE(ilpc_chacha20_dec)
OUT_OF_LINE(ilpc_chacha20_poly1305_enc)
OUT_OF_LINE(ilpc_chacha20_poly1305_dec)

ilpc_unit_fn ilpc_cipher_enc_fn(ilpc_cipher_id id)
{
#define ENC_FN_(a, b, ID, sfx, name, keylen) ilpc_##sfx##_enc_fn,
    static const ilpc_unit_fn t[ILPC_UNIT_CIPHER_COUNT] = {ILPC_UNIT_CIPHERS(ENC_FN_, , )};
    return (unsigned)id < ILPC_UNIT_CIPHER_COUNT ? t[id] : NULL;
}

ilpc_unit_fn ilpc_cipher_dec_fn(ilpc_cipher_id id)
{
#define DEC_FN_(a, b, ID, sfx, name, keylen) ilpc_##sfx##_dec_fn,
    static const ilpc_unit_fn t[ILPC_UNIT_CIPHER_COUNT] = {ILPC_UNIT_CIPHERS(DEC_FN_, , )};
    return (unsigned)id < ILPC_UNIT_CIPHER_COUNT ? t[id] : NULL;
}
