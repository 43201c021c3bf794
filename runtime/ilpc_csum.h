/*
 * ilpc_csum.h - the Internet checksum (RFC 1071) as building blocks for the
 * fused ILP loops and for the layered baseline.
 *
 * Units.  An 8-byte unit is a uint64_t holding 8 bytes in memory order, i.e.
 * exactly what memcpy(&u, p, 8) yields on this host, little- or big-endian.
 *
 * Accumulator.  The checksum is carried in a uint64_t "accumulator" `acc`.
 * Its raw value is not specified; what is guaranteed is:
 *   (1) acc is congruent, modulo 0xffff, to the sum of the summed data taken as
 *       16-bit words in HOST byte order (RFC 1071: the one's-complement sum is
 *       byte-order independent, so the conversion to network order is done
 *       once, in ilpc_csum_fold);
 *   (2) acc == 0 only if every summed word was zero (so the folded result
 *       distinguishes "all zero" = 0x0000 from "non-zero multiple of 0xffff"
 *       = 0xffff exactly like a naive end-around-carry loop does).
 * Start with acc = 0.  ilpc_csum_add_unit adds the two 32-bit halves of a unit
 * without carry handling, so one accumulator absorbs at least 2^31 units
 * (16 GiB) before it could overflow; ilpc_csum_add_bytes and
 * ilpc_csum_combine reduce their result so they never overflow.
 *
 * Result.  ilpc_csum_fold(acc) returns the 16-bit one's-complement sum of the
 * data read as BIG-ENDIAN 16-bit words, as a plain number.  The value a
 * protocol header carries is its complement: store ~ilpc_csum_fold(acc) most
 * significant byte first, i.e.
 *     uint16_t s = (uint16_t)~ilpc_csum_fold(acc);
 *     hdr[16] = (uint8_t)(s >> 8); hdr[17] = (uint8_t)s;
 * A received segment (header checksum field included) verifies when
 * ilpc_csum_fold(...) == 0xffff.
 *
 * Offsets.  The summed stream is cut into 16-bit words starting at stream
 * offset 0.  ilpc_csum_add_unit/ilpc_csum_add_bytes assume the data they are
 * given starts at an EVEN stream offset (memory alignment of the pointer does
 * not matter).  A piece that starts at an odd stream offset is summed on its
 * own and merged with ilpc_csum_combine_at, which swaps its bytes.
 *
 * C11, header-only hot path: everything used inside loops is static inline.
 */
#ifndef ILPC_CSUM_H
#define ILPC_CSUM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ilpc_inline.h"

#if !defined(__BYTE_ORDER__) || !defined(__ORDER_LITTLE_ENDIAN__) || \
    !defined(__ORDER_BIG_ENDIAN__)
#error "ilpc runtime needs __BYTE_ORDER__ (gcc or clang)"
#endif
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__ && __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__
#error "ilpc runtime supports little- and big-endian hosts only"
#endif

/*
 * SIMD.  Every bulk loop of the runtime that reads or writes a whole message
 * (this checksum, the `xor` cipher's, the fused ILP loops of `none` and `xor`)
 * takes the same vectors, so that the fused and the layered paths are compared
 * like for like: SSE2 on every x86-64; 32-byte AVX2 when the compiler targets
 * it (-march=native...), else chosen at run time when the CPU has it (once per
 * process, as glibc chooses its memcpy).  -DILPC_NO_SIMD=1 (or the older
 * -DILPC_ILP_NO_SIMD=1) makes every one of them scalar.
 */
#if (defined(ILPC_NO_SIMD) && ILPC_NO_SIMD) || (defined(ILPC_ILP_NO_SIMD) && ILPC_ILP_NO_SIMD)
#define ILPC_SIMD_SSE2 0
#elif defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#define ILPC_SIMD_SSE2 1
#include <emmintrin.h>
#if defined(__AVX2__) || defined(ILPC_CSUM_AVX2_BODY)
/* immintrin.h (every AVX and AVX-512 header: some 46,000 lines, about 0.4 s of
 * each compilation) only where AVX2 code is compiled: here when the compiler
 * targets it, in ilpc_csum.c for the dispatch, and in ilpc_ilp.h and
 * ilpc_cipher_xor.h for their own loops. */
#include <immintrin.h>
#endif
#else
#define ILPC_SIMD_SSE2 0
#endif

#if ILPC_SIMD_SSE2 && (defined(__x86_64__) || defined(__i386__)) && !defined(__AVX2__)
#define ILPC_AVX2_DISPATCH 1
extern int ilpc_cpu_avx2; /* -1 not asked yet, 0 no, 1 yes */
int ilpc_cpu_avx2_probe(void);
/* 1 when the CPU has AVX2 (asked once, then cached). */
ILPC_ALWAYS_INLINE int ilpc_use_avx2(void)
{
    int a = ilpc_cpu_avx2;
    return __builtin_expect(a >= 0, 1) ? a : ilpc_cpu_avx2_probe();
}
/* ilpc__csum_sum_avx2 compiled for AVX2 (ilpc_csum.c), for the dispatch. */
uint64_t ilpc_csum_sum_avx2(const void *p, size_t n64);
#else
#define ILPC_AVX2_DISPATCH 0
#endif

/* Accumulate one 8-byte unit (memory order).  Adds the two 32-bit halves. */
ILPC_ALWAYS_INLINE uint64_t ilpc_csum_add_unit(uint64_t acc, uint64_t unit)
{
    return acc + ((unit & 0xffffffffu) + (unit >> 32)); /* one add on the acc chain */
}

/* Reduce an accumulator to 32 bits, keeping properties (1) and (2). */
static inline uint64_t ilpc_csum_reduce32(uint64_t acc)
{
    acc = (acc & 0xffffffffu) + (acc >> 32); /* <= 0x1fffffffe */
    acc = (acc & 0xffffffffu) + (acc >> 32); /* <= 0xffffffff  */
    return acc;
}

/* Fold to 16 bits in HOST order: the one's-complement sum of the data read as
 * host-order 16-bit words; 0 only for acc == 0. */
static inline uint16_t ilpc_csum_fold_host(uint64_t acc)
{
    acc = ilpc_csum_reduce32(acc);
    acc = (acc & 0xffffu) + (acc >> 16); /* <= 0x1fffe */
    acc = (acc & 0xffffu) + (acc >> 16); /* <= 0xffff  */
    return (uint16_t)acc;
}

static inline uint16_t ilpc_bswap16(uint16_t x)
{
    return (uint16_t)((x << 8) | (x >> 8));
}

/* Folded 16-bit one's-complement sum, NOT complemented, as the number whose
 * big-endian encoding is the sum over big-endian 16-bit words (see top). */
static inline uint16_t ilpc_csum_fold(uint64_t acc)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return ilpc_bswap16(ilpc_csum_fold_host(acc));
#else
    return ilpc_csum_fold_host(acc);
#endif
}

/* An accumulator equivalent to a value returned by ilpc_csum_fold (e.g. a
 * per-segment sum kept as a 16-bit number), so that it can be merged with
 * other accumulators (ilpc_csum_combine / _combine_at) or added to:
 * ilpc_csum_fold(ilpc_csum_unfold(s)) == s for every s. */
static inline uint64_t ilpc_csum_unfold(uint16_t folded)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return ilpc_bswap16(folded);
#else
    return folded;
#endif
}

#if ILPC_SIMD_SSE2 && (defined(__AVX2__) || defined(ILPC_CSUM_AVX2_BODY))
/* n64 blocks of 64 bytes at p: an accumulator congruent to their sum, reduced
 * to 32 bits.  Four accumulators of 64-bit lanes, each adding the two 32-bit
 * halves of its 8-byte units as ilpc_csum_add_unit does: each lane gains
 * < 2^33 per block, so 2^27 blocks (8 GiB) between reductions cannot overflow. */
static inline __attribute__((target("avx2"))) uint64_t ilpc__csum_sum_avx2(const void *p, size_t n64)
{
    const unsigned char *b = (const unsigned char *)p;
    const __m256i lo = _mm256_set1_epi64x(0xffffffffLL);
    uint64_t acc = 0, t[4];
    while (n64) {
        size_t iters = n64 < ((size_t)1 << 27) ? n64 : ((size_t)1 << 27);
        __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
        n64 -= iters;
        for (; iters; iters--, b += 64) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)b);
            __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + 32));
            a0 = _mm256_add_epi64(a0, _mm256_and_si256(x, lo));
            a1 = _mm256_add_epi64(a1, _mm256_srli_epi64(x, 32));
            a2 = _mm256_add_epi64(a2, _mm256_and_si256(y, lo));
            a3 = _mm256_add_epi64(a3, _mm256_srli_epi64(y, 32));
        }
        a0 = _mm256_add_epi64(_mm256_add_epi64(a0, a1), _mm256_add_epi64(a2, a3));
        _mm256_storeu_si256((__m256i *)(void *)t, a0);
        acc = ilpc_csum_reduce32(acc + ilpc_csum_reduce32(t[0]) + ilpc_csum_reduce32(t[1]) +
                                 ilpc_csum_reduce32(t[2]) + ilpc_csum_reduce32(t[3]));
    }
    return acc;
}
#endif

#if ILPC_SIMD_SSE2
/* The same with 16-byte SSE2 vectors, 32 bytes per block (n32 blocks). */
ILPC_ALWAYS_INLINE uint64_t ilpc__csum_sum_sse2(const void *p, size_t n32)
{
    const unsigned char *b = (const unsigned char *)p;
    const __m128i lo = _mm_set1_epi64x(0xffffffffLL);
    uint64_t acc = 0, t[2];
    while (n32) {
        size_t iters = n32 < ((size_t)1 << 27) ? n32 : ((size_t)1 << 27);
        __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;
        n32 -= iters;
        for (; iters; iters--, b += 32) {
            __m128i x = _mm_loadu_si128((const __m128i *)(const void *)b);
            __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(b + 16));
            a0 = _mm_add_epi64(a0, _mm_and_si128(x, lo));
            a1 = _mm_add_epi64(a1, _mm_srli_epi64(x, 32));
            a2 = _mm_add_epi64(a2, _mm_and_si128(y, lo));
            a3 = _mm_add_epi64(a3, _mm_srli_epi64(y, 32));
        }
        a0 = _mm_add_epi64(_mm_add_epi64(a0, a1), _mm_add_epi64(a2, a3));
        _mm_storeu_si128((__m128i *)(void *)t, a0);
        acc = ilpc_csum_reduce32(acc + ilpc_csum_reduce32(t[0]) + ilpc_csum_reduce32(t[1]));
    }
    return acc;
}
#endif

/*
 * Accumulate n bytes at p (any n, any pointer alignment); p must be at an even
 * offset of the summed stream.  If n is odd the last byte is taken with a zero
 * byte after it (RFC 1071).  Bulk loop: 32 bytes per iteration into four
 * independent accumulators (no loop-carried dependency between them, and a
 * shape gcc/clang can vectorise), then 8-byte units, then the tail.
 */
static inline uint64_t ilpc_csum_add_bytes(uint64_t acc, const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t a0 = acc, a1 = 0, a2 = 0, a3 = 0;
    uint64_t u0, u1, u2, u3;

#if ILPC_SIMD_SSE2
    /* The bulk in vectors (see SIMD above), the rest below; each vector sum is
     * reduced to 32 bits and added to a reduced acc, which cannot overflow. */
#if defined(__AVX2__)
    if (n >= 64) {
        a0 = ilpc_csum_reduce32(a0) + ilpc__csum_sum_avx2(b, n / 64);
        b += n & ~(size_t)63;
        n &= 63;
    }
#else
#if ILPC_AVX2_DISPATCH
    if (n >= 128 && ilpc_use_avx2()) {
        a0 = ilpc_csum_reduce32(a0) + ilpc_csum_sum_avx2(b, n / 64);
        b += n & ~(size_t)63;
        n &= 63;
    }
#endif
    if (n >= 32) {
        a0 = ilpc_csum_reduce32(a0) + ilpc__csum_sum_sse2(b, n / 32);
        b += n & ~(size_t)31;
        n &= 31;
    }
#endif
#endif
    /* Each iteration adds < 2^35; the accumulators are reduced every 2^27
     * iterations (4 GiB) so they cannot overflow whatever n is. */
    while (n >= 32) {
        size_t iters = n / 32;
        if (iters > ((size_t)1 << 27))
            iters = (size_t)1 << 27;
        n -= iters * 32;
        for (; iters; iters--, b += 32) {
            memcpy(&u0, b, 8);
            memcpy(&u1, b + 8, 8);
            memcpy(&u2, b + 16, 8);
            memcpy(&u3, b + 24, 8);
            a0 += (u0 & 0xffffffffu) + (u0 >> 32);
            a1 += (u1 & 0xffffffffu) + (u1 >> 32);
            a2 += (u2 & 0xffffffffu) + (u2 >> 32);
            a3 += (u3 & 0xffffffffu) + (u3 >> 32);
        }
        a0 = ilpc_csum_reduce32(a0) + ilpc_csum_reduce32(a1) +
             ilpc_csum_reduce32(a2) + ilpc_csum_reduce32(a3);
        a1 = a2 = a3 = 0;
    }
    for (; n >= 8; n -= 8, b += 8) {
        memcpy(&u0, b, 8);
        a0 = ilpc_csum_add_unit(a0, u0);
    }
    if (n) {
        unsigned char t[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        memcpy(t, b, n);
        memcpy(&u0, t, 8);
        a0 = ilpc_csum_add_unit(a0, u0);
    }
    return ilpc_csum_reduce32(a0 + ilpc_csum_reduce32(a1 + a2 + a3));
}

/*
 * Merge the accumulators of two adjacent pieces when the second starts at an
 * EVEN stream offset (or, in general, an even distance after the start of
 * the first).  Order does not matter.
 */
static inline uint64_t ilpc_csum_combine(uint64_t acc_a, uint64_t acc_b)
{
    return ilpc_csum_reduce32(acc_a) + ilpc_csum_reduce32(acc_b);
}

/*
 * Merge piece b, summed on its own as if it started at offset 0, into acc_a,
 * when b really starts `off_b` bytes after the origin of acc_a's stream.  For
 * odd off_b every word of b straddles the stream's words, and its sum is
 * byte-swapped (RFC 1071, section 2(B)) before adding.
 */
static inline uint64_t ilpc_csum_combine_at(uint64_t acc_a, uint64_t acc_b, uint64_t off_b)
{
    if (off_b & 1u)
        acc_b = ilpc_bswap16(ilpc_csum_fold_host(acc_b));
    return ilpc_csum_combine(acc_a, acc_b);
}

/* Convenience: folded (not complemented) sum of n bytes, see ilpc_csum_fold. */
uint16_t ilpc_csum(const void *p, size_t n);

#endif /* ILPC_CSUM_H */
