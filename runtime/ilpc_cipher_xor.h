/*
 * ilpc_cipher_xor.h - xor, unit XOR an 8-byte key.
 * No security at all: the cheapest keyed stage.
 *
 * The cipher's code (docs/ciphers.md, 5.2), included by ilpc_cipher.h: include
 * that instead.  Its unit functions, its context for the bulk loops (_local) and,
 * compiled into ilpc_cipher.c only (ILPC_CIPHER_IMPL), its key set-up and bulk
 * loops; its rows in ILPC_CIPHERS and in compiler/ciphers.py say the rest.
 */
#ifndef ILPC_CIPHER_XOR_H
#define ILPC_CIPHER_XOR_H

ILPC_ALWAYS_INLINE uint64_t ilpc_xor_enc(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    (void)off;
    return unit ^ c->u.xr.key;
}
ILPC_ALWAYS_INLINE uint64_t ilpc_xor_dec(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    (void)off;
    return unit ^ c->u.xr.key;
}

/* The key is read only: the loops run on a local copy of it (see ilpc_cipher.h). */
ILPC_ALWAYS_INLINE ilpc_cipher *ilpc_xor_local(ilpc_cipher *c, ilpc_cipher *local)
{
    local->id = c->id;
    local->u.xr = c->u.xr;
    return local;
}
/* A unit is unit ^ key (the SIMD copy of the fused and tiled loops). */
ILPC_ALWAYS_INLINE uint64_t ilpc_xor_copy_key(const ilpc_cipher *c)
{
    return c->u.xr.key;
}

#ifdef ILPC_CIPHER_IMPL
#include "ilpc_csum.h" /* the SIMD switch and the AVX2 dispatch */
#if ILPC_SIMD_SSE2
#include <immintrin.h> /* the AVX2 loop below */
#endif

static int ilpc_xor_init(ilpc_cipher *c, const uint8_t *key, size_t keylen)
{
    if (keylen != 8)
        return -1;
    memcpy(&c->u.xr.key, key, 8);
    return 0;
}

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

ILPC_ALWAYS_INLINE void xor_bulk(uint64_t k, uint8_t *dst, const uint8_t *src, size_t n)
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
ILPC_ALWAYS_INLINE void ilpc_xor_encrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                         size_t n, uint64_t off)
{
    (void)off;
    xor_bulk(c->u.xr.key, dst, src, n);
}
ILPC_ALWAYS_INLINE void ilpc_xor_decrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                         size_t n, uint64_t off)
{
    ilpc_xor_encrypt(c, dst, src, n, off);
}
#endif /* ILPC_CIPHER_IMPL */

#endif /* ILPC_CIPHER_XOR_H */
