/*
 * ilpc_chapoly.c - ChaCha20, Poly1305 and their AEAD (RFC 8439); see ilpc_chapoly.h.
 *
 * Written from the RFC.  Techniques: ChaCha20 vector code keeps word i of 4, 8
 * or 16 consecutive blocks in lane j of vector i ("vertical" layout: the rounds
 * are plain lane-wise operations) and transposes once per group to store whole
 * blocks.  Poly1305 scalar code uses radix 2^64 limbs and the clamping of r
 * (r1 ≡ 0 mod 4, so r1·2^128 ≡ r1 + r1/4 mod p); the vector code uses radix 2^26
 * limbs and 32x32->64-bit lane multiplies, one accumulator per lane: with L
 * lanes (4 with AVX2, 8 with AVX-512F) the lane of the blocks j, j+L, j+2L, ...
 * steps by r^L (two groups at a time, by r^2L) and is multiplied by r^(L-j) at
 * the end, when the lanes are summed.
 *
 * Build knobs: -DILPC_NO_SIMD=1 (or -DILPC_ILP_NO_SIMD=1) leaves only the scalar
 * code, as in the rest of the runtime; -DILPC_CHAPOLY_NO_INT128=1 replaces
 * unsigned __int128 by a portable struct (what 32-bit hosts get), for testing.
 */
#include "ilpc_chapoly.h"

#include <string.h>

#if (defined(ILPC_NO_SIMD) && ILPC_NO_SIMD) || (defined(ILPC_ILP_NO_SIMD) && ILPC_ILP_NO_SIMD)
#define CP_X86 0
#elif defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CP_X86 1
#include <immintrin.h>
#else
#define CP_X86 0
#endif

#if defined(__GNUC__) || defined(__clang__)
#define CP_INLINE static inline __attribute__((always_inline))
#else
#define CP_INLINE static inline
#endif

/* ------------------------------------------------------------ 128-bit helpers */

#if defined(__SIZEOF_INT128__) && !(defined(ILPC_CHAPOLY_NO_INT128) && ILPC_CHAPOLY_NO_INT128)
__extension__ typedef unsigned __int128 u128;
CP_INLINE u128 mul64(uint64_t a, uint64_t b) { return (u128)a * b; }
CP_INLINE u128 add128(u128 a, u128 b) { return a + b; }
CP_INLINE u128 addw(u128 a, uint64_t b) { return a + b; }
CP_INLINE u128 w128(uint64_t a) { return a; }
CP_INLINE u128 shl128(uint64_t a, unsigned s) { return (u128)a << s; } /* s < 64 */
CP_INLINE uint64_t lo64(u128 a) { return (uint64_t)a; }
CP_INLINE uint64_t hi64(u128 a) { return (uint64_t)(a >> 64); }
CP_INLINE u128 shr128(u128 a, unsigned s) { return a >> s; } /* 0 < s < 64 */
#else
typedef struct { uint64_t lo, hi; } u128;
CP_INLINE u128 mul64(uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu); /* < 3·2^32 */
    u128 r;
    r.lo = (mid << 32) | (p00 & 0xffffffffu);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}
CP_INLINE u128 add128(u128 a, u128 b)
{
    u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}
CP_INLINE u128 w128(uint64_t a)
{
    u128 r;
    r.lo = a;
    r.hi = 0;
    return r;
}
CP_INLINE u128 addw(u128 a, uint64_t b) { return add128(a, w128(b)); }
CP_INLINE u128 shl128(uint64_t a, unsigned s)
{
    u128 r;
    r.lo = a << s;
    r.hi = s ? a >> (64 - s) : 0;
    return r;
}
CP_INLINE uint64_t lo64(u128 a) { return a.lo; }
CP_INLINE uint64_t hi64(u128 a) { return a.hi; }
CP_INLINE u128 shr128(u128 a, unsigned s)
{
    u128 r;
    r.lo = (a.lo >> s) | (a.hi << (64 - s));
    r.hi = a.hi >> s;
    return r;
}
#endif

/* ------------------------------------------------- little-endian loads/stores */

CP_INLINE uint32_t ld32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
CP_INLINE uint64_t ld64(const uint8_t *p)
{
    return (uint64_t)ld32(p) | (uint64_t)ld32(p + 4) << 32;
}
CP_INLINE void st32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
CP_INLINE void st64(uint8_t *p, uint64_t v)
{
    st32(p, (uint32_t)v);
    st32(p + 4, (uint32_t)(v >> 32));
}

/* memset that the compiler may not drop (key material on the stack). */
static void wipe(void *p, size_t n)
{
#if defined(__GNUC__) || defined(__clang__)
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--)
        *v++ = 0;
#endif
}

/* ---------------------------------------------------------------- dispatch */

static int cp_best = -1;  /* the CPU's widest level, -1 until asked */
static int cp_level = -1; /* the level in use, -1 until asked */
static int cp_eager = 0;  /* ILPC_CHAPOLY_EAGER in force */

static int cp_probe(void)
{
    int best = ILPC_CHAPOLY_SCALAR;
#if CP_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2") &&
        __builtin_cpu_supports("avx512ifma"))
        best = ILPC_CHAPOLY_AVX512IFMA;
    else if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2"))
        best = ILPC_CHAPOLY_AVX512; /* (its code also calls the AVX2 functions) */
    else if (__builtin_cpu_supports("avx2"))
        best = ILPC_CHAPOLY_AVX2;
    else
        best = ILPC_CHAPOLY_SSE2;
#endif
    cp_best = best;
    cp_level = best;
    return best;
}

CP_INLINE int cp_lv(void)
{
    int l = cp_level;
    return l >= 0 ? l : cp_probe();
}

int ilpc_chapoly_level(void)
{
    return cp_lv();
}

int ilpc_chapoly_force_level(int level)
{
    int best = cp_best >= 0 ? cp_best : cp_probe();
    cp_eager = level >= 0 && (level & ILPC_CHAPOLY_EAGER) != 0;
    level = level < 0 ? best : level & ~ILPC_CHAPOLY_EAGER;
    cp_level = level > best ? best : level;
    return cp_level;
}

/* ------------------------------------------------------------ ChaCha20 scalar */

#define ROTL32(v, n) (((v) << (n)) | ((v) >> (32 - (n))))
#define QR(a, b, c, d)                                                                   \
    do {                                                                                 \
        a += b; d ^= a; d = ROTL32(d, 16);                                               \
        c += d; b ^= c; b = ROTL32(b, 12);                                               \
        a += b; d ^= a; d = ROTL32(d, 8);                                                \
        c += d; b ^= c; b = ROTL32(b, 7);                                                \
    } while (0)

/* The initial state (RFC 8439 2.3) with block counter 0 in word 12. */
static void cc_setup(uint32_t s[16], const uint32_t key[8], const uint32_t nonce[3])
{
    s[0] = 0x61707865u;
    s[1] = 0x3320646eu;
    s[2] = 0x79622d32u;
    s[3] = 0x6b206574u;
    memcpy(s + 4, key, 32);
    s[12] = 0;
    s[13] = nonce[0];
    s[14] = nonce[1];
    s[15] = nonce[2];
}

/* out = in ^ ks (in == NULL: out = ks), n bytes. */
static void xor_into(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t n)
{
    size_t i;
    uint64_t a, b;
    if (n == 0) /* out and in may be NULL then */
        return;
    if (in == NULL) {
        memcpy(out, ks, n);
        return;
    }
    for (i = 0; i + 8 <= n; i += 8) {
        memcpy(&a, in + i, 8);
        memcpy(&b, ks + i, 8);
        a ^= b;
        memcpy(out + i, &a, 8);
    }
    for (; i < n; i++)
        out[i] = (uint8_t)(in[i] ^ ks[i]);
}

/* One block at counter s[12]: out = keystream (in == NULL) or in ^ keystream,
 * the first len bytes (len <= 64). */
static void cc_block_scalar(const uint32_t s[16], const uint8_t *in, uint8_t *out, size_t len)
{
    uint32_t x[16];
    uint8_t ks[64];
    size_t i;
    memcpy(x, s, sizeof x);
    for (i = 0; i < 10; i++) {
        QR(x[0], x[4], x[8], x[12]);
        QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]);
        QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]);
        QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]);
        QR(x[3], x[4], x[9], x[14]);
    }
    if (len == 64 && in == NULL) {
        for (i = 0; i < 16; i++)
            st32(out + 4 * i, x[i] + s[i]);
        return;
    }
    for (i = 0; i < 16; i++)
        st32(ks + 4 * i, x[i] + s[i]);
    xor_into(out, in, ks, len);
    wipe(ks, sizeof ks);
}

/* ------------------------------------------------------- ChaCha20 vector code */

#if CP_X86
/*
 * The three widths share one body: x0..x15 are the 16 state words of every
 * block in the group (named variables, not an array, so that they live in
 * registers); ADD, XOR, R16, R12, R8, R7, SET1 are the lane-wise operations of
 * the instruction set, defined before each function.
 */
#define VQR(a, b, c, d)                                                                  \
    do {                                                                                 \
        a = ADD(a, b); d = XOR(d, a); d = R16(d);                                        \
        c = ADD(c, d); b = XOR(b, c); b = R12(b);                                        \
        a = ADD(a, b); d = XOR(d, a); d = R8(d);                                         \
        c = ADD(c, d); b = XOR(b, c); b = R7(b);                                         \
    } while (0)
#define VDOUBLEROUND()                                                                   \
    do {                                                                                 \
        VQR(x0, x4, x8, x12);                                                            \
        VQR(x1, x5, x9, x13);                                                            \
        VQR(x2, x6, x10, x14);                                                           \
        VQR(x3, x7, x11, x15);                                                           \
        VQR(x0, x5, x10, x15);                                                           \
        VQR(x1, x6, x11, x12);                                                           \
        VQR(x2, x7, x8, x13);                                                            \
        VQR(x3, x4, x9, x14);                                                            \
    } while (0)
/* The state of the group (counters ctrv), 20 rounds, and the state added back. */
#define VBLOCKS()                                                                        \
    do {                                                                                 \
        x0 = SET1(s[0]), x1 = SET1(s[1]), x2 = SET1(s[2]), x3 = SET1(s[3]);              \
        x4 = SET1(s[4]), x5 = SET1(s[5]), x6 = SET1(s[6]), x7 = SET1(s[7]);              \
        x8 = SET1(s[8]), x9 = SET1(s[9]), x10 = SET1(s[10]), x11 = SET1(s[11]);          \
        x12 = ctrv, x13 = SET1(s[13]), x14 = SET1(s[14]), x15 = SET1(s[15]);             \
        for (k = 0; k < 10; k += 2) {                                                    \
            VDOUBLEROUND();                                                              \
            VDOUBLEROUND();                                                              \
        }                                                                                \
        x0 = ADD(x0, SET1(s[0])), x1 = ADD(x1, SET1(s[1]));                              \
        x2 = ADD(x2, SET1(s[2])), x3 = ADD(x3, SET1(s[3]));                              \
        x4 = ADD(x4, SET1(s[4])), x5 = ADD(x5, SET1(s[5]));                              \
        x6 = ADD(x6, SET1(s[6])), x7 = ADD(x7, SET1(s[7]));                              \
        x8 = ADD(x8, SET1(s[8])), x9 = ADD(x9, SET1(s[9]));                              \
        x10 = ADD(x10, SET1(s[10])), x11 = ADD(x11, SET1(s[11]));                        \
        x12 = ADD(x12, ctrv), x13 = ADD(x13, SET1(s[13]));                               \
        x14 = ADD(x14, SET1(s[14])), x15 = ADD(x15, SET1(s[15]));                        \
    } while (0)
/* 4x4 transpose of 32-bit words within each 128-bit lane: a,b,c,d hold a word
 * of blocks 0..3 of the lane; afterwards words w..w+3 of block 0, 1, 2, 3. */
#define TRANSPOSE4(U32LO, U32HI, U64LO, U64HI, a, b, c, d)                               \
    do {                                                                                 \
        t0 = U32LO(a, b);                                                                \
        t1 = U32LO(c, d);                                                                \
        t2 = U32HI(a, b);                                                                \
        t3 = U32HI(c, d);                                                                \
        a = U64LO(t0, t1);                                                               \
        b = U64HI(t0, t1);                                                               \
        c = U64LO(t2, t3);                                                               \
        d = U64HI(t2, t3);                                                               \
    } while (0)
#define TRANSPOSE_ALL(U32LO, U32HI, U64LO, U64HI)                                        \
    do {                                                                                 \
        TRANSPOSE4(U32LO, U32HI, U64LO, U64HI, x0, x1, x2, x3);                          \
        TRANSPOSE4(U32LO, U32HI, U64LO, U64HI, x4, x5, x6, x7);                          \
        TRANSPOSE4(U32LO, U32HI, U64LO, U64HI, x8, x9, x10, x11);                        \
        TRANSPOSE4(U32LO, U32HI, U64LO, U64HI, x12, x13, x14, x15);                      \
    } while (0)

/* ---- SSE2: 4 blocks per group */
#define ADD _mm_add_epi32
#define XOR _mm_xor_si128
#define SET1(w) _mm_set1_epi32((int)(w))
#define R16(v) _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0xb1), 0xb1)
#define R12(v) _mm_or_si128(_mm_slli_epi32(v, 12), _mm_srli_epi32(v, 20))
#define R8(v) _mm_or_si128(_mm_slli_epi32(v, 8), _mm_srli_epi32(v, 24))
#define R7(v) _mm_or_si128(_mm_slli_epi32(v, 7), _mm_srli_epi32(v, 25))

/* 16 bytes: v, or v ^ the input at the same place, stored at out + off. */
#define PUT128(v, off)                                                                   \
    _mm_storeu_si128((__m128i *)(void *)(out + (off)),                                   \
                     in ? _mm_xor_si128(v, _mm_loadu_si128((const __m128i *)(const void *)(in + (off)))) : v)

/* ngroups groups of 4 blocks from counter s[12]: out = [in ^] keystream. */
static void cc_sse2(const uint32_t s[16], const uint8_t *in, uint8_t *out, size_t ngroups)
{
    __m128i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    __m128i t0, t1, t2, t3, ctrv = _mm_add_epi32(SET1(s[12]), _mm_setr_epi32(0, 1, 2, 3));
    int k;
    for (; ngroups; ngroups--) {
        VBLOCKS();
        ctrv = _mm_add_epi32(ctrv, SET1(4));
        TRANSPOSE_ALL(_mm_unpacklo_epi32, _mm_unpackhi_epi32, _mm_unpacklo_epi64, _mm_unpackhi_epi64);
        /* x(4g + j) = words 4g..4g+3 of block j */
        PUT128(x0, 0), PUT128(x4, 16), PUT128(x8, 32), PUT128(x12, 48);
        PUT128(x1, 64), PUT128(x5, 80), PUT128(x9, 96), PUT128(x13, 112);
        PUT128(x2, 128), PUT128(x6, 144), PUT128(x10, 160), PUT128(x14, 176);
        PUT128(x3, 192), PUT128(x7, 208), PUT128(x11, 224), PUT128(x15, 240);
        in = in ? in + 256 : in;
        out += 256;
    }
}
#undef ADD
#undef XOR
#undef SET1
#undef R16
#undef R12
#undef R8
#undef R7
#undef PUT128

/* ---- AVX2: 8 blocks per group */
#define ADD _mm256_add_epi32
#define XOR _mm256_xor_si256
#define SET1(w) _mm256_set1_epi32((int)(w))
#define R16(v) _mm256_shuffle_epi8(v, rot16)
#define R12(v) _mm256_or_si256(_mm256_slli_epi32(v, 12), _mm256_srli_epi32(v, 20))
#define R8(v) _mm256_shuffle_epi8(v, rot8)
#define R7(v) _mm256_or_si256(_mm256_slli_epi32(v, 7), _mm256_srli_epi32(v, 25))

#define PUT256(v, off)                                                                   \
    _mm256_storeu_si256((__m256i *)(void *)(out + (off)),                                \
                        in ? _mm256_xor_si256(v, _mm256_loadu_si256((const __m256i *)(const void *)(in + (off)))) \
                           : v)
/* x(4g + j) = [words 4g..4g+3 of block j | the same of block j+4]: block j is the
 * low halves of a, b, c, d (words 0-3, 4-7, 8-11, 12-15), block j+4 the high ones. */
#define PUT2BLOCKS(a, b, c, d, j)                                                        \
    do {                                                                                 \
        PUT256(_mm256_permute2x128_si256(a, b, 0x20), 64 * (j));                         \
        PUT256(_mm256_permute2x128_si256(c, d, 0x20), 64 * (j) + 32);                    \
        PUT256(_mm256_permute2x128_si256(a, b, 0x31), 64 * (j) + 256);                   \
        PUT256(_mm256_permute2x128_si256(c, d, 0x31), 64 * (j) + 288);                   \
    } while (0)

__attribute__((target("avx2"))) static void cc_avx2(const uint32_t s[16], const uint8_t *in, uint8_t *out,
                                                    size_t ngroups)
{
    /* byte shuffles rotating each 32-bit word left by 16 and by 8 */
    const __m256i rot16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                           2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m256i rot8 = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
                                          3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    __m256i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    __m256i t0, t1, t2, t3, ctrv = _mm256_add_epi32(SET1(s[12]), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    int k;
    for (; ngroups; ngroups--) {
        VBLOCKS();
        ctrv = _mm256_add_epi32(ctrv, SET1(8));
        TRANSPOSE_ALL(_mm256_unpacklo_epi32, _mm256_unpackhi_epi32, _mm256_unpacklo_epi64,
                      _mm256_unpackhi_epi64);
        PUT2BLOCKS(x0, x4, x8, x12, 0);
        PUT2BLOCKS(x1, x5, x9, x13, 1);
        PUT2BLOCKS(x2, x6, x10, x14, 2);
        PUT2BLOCKS(x3, x7, x11, x15, 3);
        in = in ? in + 512 : in;
        out += 512;
    }
}
#undef ADD
#undef XOR
#undef SET1
#undef R16
#undef R12
#undef R8
#undef R7
#undef PUT256
#undef PUT2BLOCKS

/* ---- AVX-512F: 16 blocks per group */
#define ADD _mm512_add_epi32
#define XOR _mm512_xor_si512
#define SET1(w) _mm512_set1_epi32((int)(w))
#define R16(v) _mm512_rol_epi32(v, 16)
#define R12(v) _mm512_rol_epi32(v, 12)
#define R8(v) _mm512_rol_epi32(v, 8)
#define R7(v) _mm512_rol_epi32(v, 7)

#define PUT512(v, off)                                                                   \
    _mm512_storeu_si512((void *)(out + (off)),                                           \
                        in ? _mm512_xor_si512(v, _mm512_loadu_si512((const void *)(in + (off)))) : v)
/* x(4g + j), 128-bit lane q = words 4g..4g+3 of block j + 4q, so block j + 4q is
 * lane q of a, b, c, d: a 4x4 transpose of 128-bit lanes. */
#define PUT4BLOCKS(a, b, c, d, j)                                                        \
    do {                                                                                 \
        __m512i p0 = _mm512_shuffle_i32x4(a, b, 0x44); /* a.0 a.1 b.0 b.1 */             \
        __m512i p1 = _mm512_shuffle_i32x4(a, b, 0xee); /* a.2 a.3 b.2 b.3 */             \
        __m512i p2 = _mm512_shuffle_i32x4(c, d, 0x44); /* c.0 c.1 d.0 d.1 */             \
        __m512i p3 = _mm512_shuffle_i32x4(c, d, 0xee); /* c.2 c.3 d.2 d.3 */             \
        PUT512(_mm512_shuffle_i32x4(p0, p2, 0x88), 64 * (j));       /* a.0 b.0 c.0 d.0 */ \
        PUT512(_mm512_shuffle_i32x4(p0, p2, 0xdd), 64 * (j) + 256); /* a.1 b.1 c.1 d.1 */ \
        PUT512(_mm512_shuffle_i32x4(p1, p3, 0x88), 64 * (j) + 512); /* lane 2 */         \
        PUT512(_mm512_shuffle_i32x4(p1, p3, 0xdd), 64 * (j) + 768); /* lane 3 */         \
    } while (0)

__attribute__((target("avx512f"))) static void cc_avx512(const uint32_t s[16], const uint8_t *in,
                                                         uint8_t *out, size_t ngroups)
{
    __m512i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    __m512i t0, t1, t2, t3;
    __m512i ctrv = _mm512_add_epi32(SET1(s[12]), _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                                                    13, 14, 15));
    int k;
    for (; ngroups; ngroups--) {
        VBLOCKS();
        ctrv = _mm512_add_epi32(ctrv, SET1(16));
        TRANSPOSE_ALL(_mm512_unpacklo_epi32, _mm512_unpackhi_epi32, _mm512_unpacklo_epi64,
                      _mm512_unpackhi_epi64);
        PUT4BLOCKS(x0, x4, x8, x12, 0);
        PUT4BLOCKS(x1, x5, x9, x13, 1);
        PUT4BLOCKS(x2, x6, x10, x14, 2);
        PUT4BLOCKS(x3, x7, x11, x15, 3);
        in = in ? in + 1024 : in;
        out += 1024;
    }
}
/* The same with in (not NULL): out = in ^ keystream, and the sum of in's
 * 32-bit little-endian words added to *sum (two 64-bit accumulators per lane:
 * 2^29 words before one could overflow). */
#define PUT512S(v, off)                                                                  \
    do {                                                                                 \
        __m512i i_ = _mm512_loadu_si512((const void *)(in + (off)));                     \
        _mm512_storeu_si512((void *)(out + (off)), _mm512_xor_si512(v, i_));             \
        s0 = _mm512_add_epi64(s0, _mm512_and_si512(i_, lo32));                           \
        s1 = _mm512_add_epi64(s1, _mm512_srli_epi64(i_, 32));                            \
    } while (0)
#define PUT4BLOCKSS(a, b, c, d, j)                                                       \
    do {                                                                                 \
        __m512i p0 = _mm512_shuffle_i32x4(a, b, 0x44);                                   \
        __m512i p1 = _mm512_shuffle_i32x4(a, b, 0xee);                                   \
        __m512i p2 = _mm512_shuffle_i32x4(c, d, 0x44);                                   \
        __m512i p3 = _mm512_shuffle_i32x4(c, d, 0xee);                                   \
        PUT512S(_mm512_shuffle_i32x4(p0, p2, 0x88), 64 * (j));                           \
        PUT512S(_mm512_shuffle_i32x4(p0, p2, 0xdd), 64 * (j) + 256);                     \
        PUT512S(_mm512_shuffle_i32x4(p1, p3, 0x88), 64 * (j) + 512);                     \
        PUT512S(_mm512_shuffle_i32x4(p1, p3, 0xdd), 64 * (j) + 768);                     \
    } while (0)

__attribute__((target("avx512f"))) static void cc_avx512_sum(const uint32_t s[16], const uint8_t *in,
                                                             uint8_t *out, size_t ngroups, uint64_t *sum)
{
    const __m512i lo32 = _mm512_set1_epi64(0xffffffffLL);
    __m512i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    __m512i t0, t1, t2, t3, s0 = _mm512_setzero_si512(), s1 = s0;
    __m512i ctrv = _mm512_add_epi32(SET1(s[12]), _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                                                    13, 14, 15));
    int k;
    for (; ngroups; ngroups--) {
        VBLOCKS();
        ctrv = _mm512_add_epi32(ctrv, SET1(16));
        TRANSPOSE_ALL(_mm512_unpacklo_epi32, _mm512_unpackhi_epi32, _mm512_unpacklo_epi64,
                      _mm512_unpackhi_epi64);
        PUT4BLOCKSS(x0, x4, x8, x12, 0);
        PUT4BLOCKSS(x1, x5, x9, x13, 1);
        PUT4BLOCKSS(x2, x6, x10, x14, 2);
        PUT4BLOCKSS(x3, x7, x11, x15, 3);
        in += 1024;
        out += 1024;
    }
    *sum += (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(s0, s1));
    _mm256_zeroupper();
}
#undef PUT512S
#undef PUT4BLOCKSS

/* One scalar double round on the block state y[16] (named by index, so that
 * the compiler keeps it in registers). */
#define SDOUBLEROUND(y)                                                                  \
    do {                                                                                 \
        QR(y[0], y[4], y[8], y[12]);                                                     \
        QR(y[1], y[5], y[9], y[13]);                                                     \
        QR(y[2], y[6], y[10], y[14]);                                                    \
        QR(y[3], y[7], y[11], y[15]);                                                    \
        QR(y[0], y[5], y[10], y[15]);                                                    \
        QR(y[1], y[6], y[11], y[12]);                                                    \
        QR(y[2], y[7], y[8], y[13]);                                                     \
        QR(y[3], y[4], y[9], y[14]);                                                     \
    } while (0)

/* One group of 16 blocks from counter s[12] (out = [in ^] keystream), and the
 * keystream of the NX (1 or 2) blocks from counter xc into xks[64 * NX], those
 * by the scalar code in the same rounds: its integer instructions issue beside
 * the vector ones, which leave the integer ports mostly idle, so that a block
 * costs a fraction of a scalar block on its own (the odd blocks after whole
 * groups: cc_stream; ilpc_chacha20_blocks_x).  One function per NX, each loop
 * with only its state. */
#define CC_AVX512_X(NAME, NX)                                                            \
    __attribute__((target("avx512f"))) static void NAME(const uint32_t s[16], const uint8_t *in, \
                                                        uint8_t *out, uint32_t xc, uint8_t *xks) \
    {                                                                                    \
        __m512i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;    \
        __m512i t0, t1, t2, t3;                                                          \
        __m512i ctrv = _mm512_add_epi32(                                                 \
            SET1(s[12]), _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)); \
        uint32_t y[NX][16];                                                              \
        int j, k;                                                                        \
        for (j = 0; j < NX; j++) {                                                       \
            memcpy(y[j], s, sizeof y[j]);                                                \
            y[j][12] = xc + (uint32_t)j;                                                 \
        }                                                                                \
        x0 = SET1(s[0]), x1 = SET1(s[1]), x2 = SET1(s[2]), x3 = SET1(s[3]);              \
        x4 = SET1(s[4]), x5 = SET1(s[5]), x6 = SET1(s[6]), x7 = SET1(s[7]);              \
        x8 = SET1(s[8]), x9 = SET1(s[9]), x10 = SET1(s[10]), x11 = SET1(s[11]);          \
        x12 = ctrv, x13 = SET1(s[13]), x14 = SET1(s[14]), x15 = SET1(s[15]);             \
        for (k = 0; k < 10; k++) {                                                       \
            VDOUBLEROUND();                                                              \
            SDOUBLEROUND(y[0]);                                                          \
            if (NX > 1)                                                                  \
                SDOUBLEROUND(y[NX - 1]);                                                 \
        }                                                                                \
        x0 = ADD(x0, SET1(s[0])), x1 = ADD(x1, SET1(s[1]));                              \
        x2 = ADD(x2, SET1(s[2])), x3 = ADD(x3, SET1(s[3]));                              \
        x4 = ADD(x4, SET1(s[4])), x5 = ADD(x5, SET1(s[5]));                              \
        x6 = ADD(x6, SET1(s[6])), x7 = ADD(x7, SET1(s[7]));                              \
        x8 = ADD(x8, SET1(s[8])), x9 = ADD(x9, SET1(s[9]));                              \
        x10 = ADD(x10, SET1(s[10])), x11 = ADD(x11, SET1(s[11]));                        \
        x12 = ADD(x12, ctrv), x13 = ADD(x13, SET1(s[13]));                               \
        x14 = ADD(x14, SET1(s[14])), x15 = ADD(x15, SET1(s[15]));                        \
        TRANSPOSE_ALL(_mm512_unpacklo_epi32, _mm512_unpackhi_epi32, _mm512_unpacklo_epi64, \
                      _mm512_unpackhi_epi64);                                            \
        PUT4BLOCKS(x0, x4, x8, x12, 0);                                                  \
        PUT4BLOCKS(x1, x5, x9, x13, 1);                                                  \
        PUT4BLOCKS(x2, x6, x10, x14, 2);                                                 \
        PUT4BLOCKS(x3, x7, x11, x15, 3);                                                 \
        for (j = 0; j < NX; j++)                                                         \
            for (k = 0; k < 16; k++)                                                     \
                st32(xks + 64 * j + 4 * k, y[j][k] + (k == 12 ? xc + (uint32_t)j : s[k]));   \
        wipe(y, sizeof y);                                                               \
    }
CC_AVX512_X(cc_avx512_x1, 1)
CC_AVX512_X(cc_avx512_x2, 2)
#undef CC_AVX512_X
#undef ADD
#undef XOR
#undef SET1
#undef R16
#undef R12
#undef R8
#undef R7
#undef PUT512
#undef PUT4BLOCKS
#endif /* CP_X86 */

/* The level's group width in blocks. */
static size_t cc_width(int lv)
{
    return lv >= ILPC_CHAPOLY_AVX512 ? 16 : lv >= ILPC_CHAPOLY_AVX2 ? 8 : lv >= ILPC_CHAPOLY_SSE2 ? 4 : 1;
}

/* ng groups of cc_width(lv) blocks from counter s[12], which this advances;
 * out = [in ^] keystream. */
static void cc_groups(int lv, uint32_t s[16], const uint8_t *in, uint8_t *out, size_t ng)
{
    size_t w = cc_width(lv);
#if CP_X86
    if (lv >= ILPC_CHAPOLY_AVX512)
        cc_avx512(s, in, out, ng);
    else if (lv >= ILPC_CHAPOLY_AVX2)
        cc_avx2(s, in, out, ng);
    else if (lv >= ILPC_CHAPOLY_SSE2)
        cc_sse2(s, in, out, ng);
    else
#endif
    {
        size_t i;
        for (i = 0; i < ng; i++, out += 64, in = in ? in + 64 : in) {
            uint32_t t[16];
            memcpy(t, s, sizeof t);
            t[12] += (uint32_t)i;
            cc_block_scalar(t, in, out, 64);
        }
    }
    s[12] += (uint32_t)(w * ng); /* wraps only past the caller's last block */
}

/* len bytes (any) of keystream from counter s[12]: out = [in ^] keystream.  Whole
 * groups straight into out; what is left, if more than one block, as one more
 * group into a buffer (on these CPUs one group of the widest width costs less
 * than the narrower widths and the scalar code put together), else one block
 * by the scalar code; but with AVX-512F, up to two blocks after a group are
 * stitched into that group (cc_avx512_x).  s[12] is left past every block used. */
static void cc_stream(uint32_t s[16], const uint8_t *in, uint8_t *out, size_t len)
{
    int lv = cp_lv();
    size_t w = cc_width(lv), ng = len / (64 * w), rest = len - 64 * w * ng;
#if CP_X86
    if (lv >= ILPC_CHAPOLY_AVX512 && ng && rest && rest <= 128) {
        uint8_t ks[128];
        int nx = rest > 64 ? 2 : 1;
        if (ng > 1) {
            cc_groups(lv, s, in, out, ng - 1);
            out += 1024 * (ng - 1), in = in ? in + 1024 * (ng - 1) : in;
        }
        if (nx == 1)
            cc_avx512_x1(s, in, out, s[12] + 16u, ks);
        else
            cc_avx512_x2(s, in, out, s[12] + 16u, ks);
        xor_into(out + 1024, in ? in + 1024 : in, ks, rest);
        wipe(ks, sizeof ks);
        s[12] += 16u + (uint32_t)nx;
        return;
    }
#endif
    if (ng) {
        cc_groups(lv, s, in, out, ng);
        len = rest, out += 64 * w * ng, in = in ? in + 64 * w * ng : in;
    }
    if (len > 64) {
        uint8_t ks[1024];
        cc_groups(lv, s, NULL, ks, 1);
        xor_into(out, in, ks, len);
        wipe(ks, sizeof ks);
    } else if (len) {
        cc_block_scalar(s, in, out, len);
        s[12]++;
    }
}

void ilpc_chacha20_key_words(const uint8_t key[32], uint32_t out[8])
{
    int i;
    for (i = 0; i < 8; i++)
        out[i] = ld32(key + 4 * i);
}

void ilpc_chacha20_nonce_words(const uint8_t nonce[12], uint32_t out[3])
{
    int i;
    for (i = 0; i < 3; i++)
        out[i] = ld32(nonce + 4 * i);
}

void ilpc_chacha20_blocks(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter,
                          uint8_t *out, size_t n)
{
    uint32_t s[16];
    cc_setup(s, key, nonce);
    s[12] = counter;
    cc_stream(s, NULL, out, 64 * n);
    wipe(s, sizeof s);
}

void ilpc_chacha20_blocks_x(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
                            size_t n, uint32_t xcounter, uint8_t *xout, size_t nx)
{
    uint32_t s[16];
    cc_setup(s, key, nonce);
    s[12] = counter;
#if CP_X86
    if (nx >= 1 && nx <= 2 && n >= 16 && cp_lv() >= ILPC_CHAPOLY_AVX512) {
        if (nx == 1)
            cc_avx512_x1(s, NULL, out, xcounter, xout);
        else
            cc_avx512_x2(s, NULL, out, xcounter, xout);
        s[12] += 16;
        cc_stream(s, NULL, out + 1024, 64 * (n - 16));
        wipe(s, sizeof s);
        return;
    }
#endif
    cc_stream(s, NULL, out, 64 * n);
    s[12] = xcounter;
    cc_stream(s, NULL, xout, 64 * nx);
    wipe(s, sizeof s);
}

uint64_t ilpc_chacha20_xor_sum(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter,
                               const uint8_t *in, uint8_t *out, size_t nblocks)
{
    uint32_t s[16];
    uint64_t sum = 0;
    size_t i;
    cc_setup(s, key, nonce);
    s[12] = counter;
#if CP_X86
    if (cp_lv() >= ILPC_CHAPOLY_AVX512 && nblocks >= 16) {
        size_t ng = nblocks / 16;
        cc_avx512_sum(s, in, out, ng, &sum);
        s[12] += (uint32_t)(16 * ng);
        in += 1024 * ng, out += 1024 * ng, nblocks -= 16 * ng;
    }
#endif
    for (i = 0; i < 64 * nblocks; i += 4)
        sum += ld32(in + i);
    cc_stream(s, in, out, 64 * nblocks);
    wipe(s, sizeof s);
    return sum;
}

void ilpc_chacha20_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter,
                       const uint8_t *in, uint8_t *out, size_t len)
{
    uint32_t s[16];
    cc_setup(s, key, nonce);
    s[12] = counter;
    cc_stream(s, in, out, len);
    wipe(s, sizeof s);
}

/* ------------------------------------------------------------- GF(2^130 - 5) */

#define M26 0x3ffffffu
#define M44 0xfffffffffffull
#define M42 0x3ffffffffffull

CP_INLINE ilpc_p1305 p_make(uint64_t l0, uint64_t l1, uint64_t l2)
{
    ilpc_p1305 r;
    r.l[0] = l0;
    r.l[1] = l1;
    r.l[2] = l2;
    return r;
}

/* Any l[2] < 2^61 -> l[2] <= 4: the bits from 2^130 up, c, come back as 5c. */
CP_INLINE ilpc_p1305 p_partial(ilpc_p1305 a)
{
    uint64_t c = a.l[2] >> 2;
    u128 t = addw(w128(a.l[0]), c * 5);
    uint64_t l0 = lo64(t);
    t = addw(w128(a.l[1]), hi64(t));
    return p_make(l0, lo64(t), (a.l[2] & 3) + hi64(t));
}

ilpc_p1305 ilpc_p1305_zero(void)
{
    return p_make(0, 0, 0);
}

ilpc_p1305 ilpc_p1305_block(const uint8_t b[16])
{
    return p_make(ld64(b), ld64(b + 8), 1);
}

ilpc_p1305 ilpc_p1305_block_partial(const uint8_t *b, size_t len)
{
    uint8_t t[17] = {0};
    if (len)
        memcpy(t, b, len);
    t[len] = 1;
    return p_make(ld64(t), ld64(t + 8), t[16]);
}

ilpc_p1305 ilpc_p1305_add(ilpc_p1305 a, ilpc_p1305 b)
{
    u128 t = addw(w128(a.l[0]), b.l[0]);
    uint64_t l0 = lo64(t);
    t = addw(addw(w128(a.l[1]), b.l[1]), hi64(t));
    /* a.l[2] + b.l[2] < 2^62: partial reduction takes it */
    return p_partial(p_make(l0, lo64(t), a.l[2] + b.l[2] + hi64(t)));
}

/* The canonical representative (inline, for the callers in this file). */
CP_INLINE ilpc_p1305 p_reduce(ilpc_p1305 a)
{
    uint64_t g0, g1, g2, mask;
    u128 t;
    a = p_partial(a); /* now a < 2^130 + 2^63 < 2p: at most one p to take off */
    t = addw(w128(a.l[0]), 5);
    g0 = lo64(t);
    t = addw(w128(a.l[1]), hi64(t));
    g1 = lo64(t);
    g2 = a.l[2] + hi64(t);
    /* a + 5 >= 2^130 <=> a >= p; then a - p = a + 5 - 2^130.  Branch-free. */
    mask = (uint64_t)0 - (g2 >> 2);
    return p_make((a.l[0] & ~mask) | (g0 & mask), (a.l[1] & ~mask) | (g1 & mask),
                  (a.l[2] & ~mask) | ((g2 & 3) & mask));
}

ilpc_p1305 ilpc_p1305_reduce(ilpc_p1305 a)
{
    return p_reduce(a);
}

/* The general product works in radix 2^44 (44 + 44 + 42 bits), where 2^132 ≡ 20.
 * Limbs x0, x1 < 2^45 and x2 < 2^43 in, and out again (x0 < 2^44, x1 < 2^44 + 2^13,
 * x2 < 2^42), so products chain without conversions; a column stays < 2^95. */
CP_INLINE void to44(uint64_t x[3], ilpc_p1305 a)
{
    a = p_partial(a); /* l[2] <= 4 */
    x[0] = a.l[0] & M44;
    x[1] = ((a.l[0] >> 44) | (a.l[1] << 20)) & M44;
    x[2] = (a.l[1] >> 24) | (a.l[2] << 40); /* < 5·2^40 */
}

CP_INLINE ilpc_p1305 from44(const uint64_t x[3])
{
    u128 t = add128(w128(x[0]), shl128(x[1], 44));
    uint64_t l0 = lo64(t);
    t = add128(w128(hi64(t)), shl128(x[2], 24));
    return p_partial(p_make(l0, lo64(t), hi64(t)));
}

CP_INLINE void mul44(uint64_t h[3], const uint64_t a[3], const uint64_t b[3])
{
    u128 d0 = add128(mul64(a[0], b[0]), add128(mul64(a[1], 20 * b[2]), mul64(a[2], 20 * b[1])));
    u128 d1 = add128(add128(mul64(a[0], b[1]), mul64(a[1], b[0])), mul64(a[2], 20 * b[2]));
    u128 d2 = add128(add128(mul64(a[0], b[2]), mul64(a[1], b[1])), mul64(a[2], b[0]));
    uint64_t c;
    d1 = addw(d1, lo64(shr128(d0, 44))); /* d0 < 2^95: the shifted value fits 64 bits */
    d2 = addw(d2, lo64(shr128(d1, 44)));
    c = lo64(shr128(d2, 42)); /* the bits from 2^130 up, < 2^53 */
    h[0] = (lo64(d0) & M44) + c * 5;
    h[1] = (lo64(d1) & M44) + (h[0] >> 44);
    h[0] &= M44;
    h[2] = lo64(d2) & M42;
}

ilpc_p1305 ilpc_p1305_mul(ilpc_p1305 a, ilpc_p1305 b)
{
    uint64_t x[3], y[3];
    to44(x, a);
    to44(y, b);
    mul44(x, x, y);
    return from44(x);
}

ilpc_p1305 ilpc_p1305_pow(ilpc_p1305 a, uint64_t e)
{
    uint64_t r[3] = {1, 0, 0}, x[3];
    to44(x, a);
    while (e) {
        if (e & 1)
            mul44(r, r, x);
        e >>= 1;
        if (e)
            mul44(x, x, x);
    }
    return from44(r);
}

/* ------------------------------------------------------------- Poly1305 MAC */

void ilpc_poly1305_init(ilpc_poly1305 *st, const uint8_t key[32])
{
    memset(st, 0, sizeof *st);
    st->r = p_make(ld64(key) & 0x0ffffffc0fffffffull, ld64(key + 8) & 0x0ffffffc0ffffffcull, 0);
    st->h = p_make(0, 0, 0);
    memcpy(st->s, key + 16, 16);
    st->npow = 0;
}

/* h·r for a clamped r: r0, r1 < 2^60 and r1 ≡ 0 mod 4, so that with s1 = r1 + r1/4
 * r1·2^128 ≡ s1 and r1·2^192 ≡ s1·2^64 (mod p).  h2 <= 6.  Every column is
 * < 2^126; the result has l[2] <= 4. */
CP_INLINE ilpc_p1305 p_mulr(uint64_t h0, uint64_t h1, uint64_t h2, uint64_t r0, uint64_t r1, uint64_t s1)
{
    u128 d0 = add128(mul64(h0, r0), mul64(h1, s1));
    u128 d1 = add128(add128(mul64(h0, r1), mul64(h1, r0)), mul64(h2, s1));
    uint64_t d2 = h2 * r0, c;
    u128 t;
    d1 = addw(d1, hi64(d0));
    d2 += hi64(d1); /* < 2^63.2 */
    /* the bits from 2^130 up: (d2 >> 2)·2^130 ≡ 5·(d2 >> 2) = (d2 & ~3) + (d2 >> 2) */
    c = (d2 & ~(uint64_t)3) + (d2 >> 2);
    t = addw(w128(lo64(d0)), c);
    h0 = lo64(t);
    t = addw(w128(lo64(d1)), hi64(t));
    return p_make(h0, lo64(t), (d2 & 3) + hi64(t));
}

/* Horner in radix 2^64; h with l[2] <= 4. */
static ilpc_p1305 poly_scalar(ilpc_p1305 h, ilpc_p1305 r, const uint8_t *m, size_t n)
{
    const uint64_t r0 = r.l[0], r1 = r.l[1], s1 = r1 + (r1 >> 2);
    u128 t;
    for (; n; n--, m += 16) {
        /* h += m + 2^128, then l[2] <= 6 */
        t = addw(w128(h.l[0]), ld64(m));
        h.l[0] = lo64(t);
        t = addw(addw(w128(h.l[1]), ld64(m + 8)), hi64(t));
        h = p_mulr(h.l[0], lo64(t), h.l[2] + 1 + hi64(t), r0, r1, s1);
    }
    return h;
}

#if CP_X86
/* The element of five radix-2^26 limbs, each < 2^32. */
static ilpc_p1305 from26(const uint64_t L[5])
{
    u128 t = add128(add128(w128(L[0]), shl128(L[1], 26)), shl128(L[2], 52));
    uint64_t l0 = lo64(t);
    t = add128(add128(w128(hi64(t)), shl128(L[3], 14)), shl128(L[4], 40));
    return p_partial(p_make(l0, lo64(t), hi64(t)));
}

/*
 * Radix 2^26 vector Horner.  Limb i of lane j of an element sits in the low 32
 * bits of 64-bit lane j of vector <name>i.  The accumulator a0..a4 is kept with
 * limbs < 2^26 + 2^9 after each carry pass, < 2^27.01 with a block added; the
 * multipliers are canonical (limbs < 2^26, times 5 < 2^28.33), so one product
 * column is < 5·2^55.4, two added < 2^59: no lane ever overflows.
 *
 * With L lanes the loop eats 2L blocks per iteration as
 *     a = a·r^2L + m·r^L + n     (m, n: the next two groups of L blocks)
 * so that only one multiply and one carry pass are on the loop-carried path.
 * At the end lane j, holding the blocks at j (mod L) places from the start of
 * a group, is multiplied by r^(L-j) and the lanes are summed.
 */
/* gcc 12's TER pass, left on, moves the products of a loop iteration ahead of the
 * additions that consume them and spills them: the vector Horner loses a third
 * of its speed.  Off for these two functions only (clang needs nothing). */
#if defined(__GNUC__) && !defined(__clang__)
#define CP_NO_TER __attribute__((optimize("no-tree-ter")))
#else
#define CP_NO_TER
#endif
/* d = h·r mod p, column sums not carried; s = 5r (limbs 1..4). */
#define VMUL5(MUL, ADD, d, h, r, s)                                                      \
    do {                                                                                 \
        d##0 = ADD(ADD(ADD(MUL(h##0, r##0), MUL(h##1, s##4)), ADD(MUL(h##2, s##3),       \
                   MUL(h##3, s##2))), MUL(h##4, s##1));                                   \
        d##1 = ADD(ADD(ADD(MUL(h##0, r##1), MUL(h##1, r##0)), ADD(MUL(h##2, s##4),       \
                   MUL(h##3, s##3))), MUL(h##4, s##2));                                   \
        d##2 = ADD(ADD(ADD(MUL(h##0, r##2), MUL(h##1, r##1)), ADD(MUL(h##2, r##0),       \
                   MUL(h##3, s##4))), MUL(h##4, s##3));                                   \
        d##3 = ADD(ADD(ADD(MUL(h##0, r##3), MUL(h##1, r##2)), ADD(MUL(h##2, r##1),       \
                   MUL(h##3, r##0))), MUL(h##4, s##4));                                   \
        d##4 = ADD(ADD(ADD(MUL(h##0, r##4), MUL(h##1, r##3)), ADD(MUL(h##2, r##2),       \
                   MUL(h##3, r##1))), MUL(h##4, r##0));                                   \
    } while (0)
/* Carry pass over d0..d4 (< 2^59 each) into limbs < 2^26 + 2^9; two chains
 * interleaved: 0->1, 3->4, 1->2, 4->0 (times 5), 2->3, 0->1, 3->4. */
#define VCARRY1(c, f, t, x5)                                                             \
    c = SRL(f, 26), f = AND(f, mask), t = ADD(t, x5)
#define VCARRY(d)                                                                        \
    do {                                                                                 \
        VCARRY1(c_, d##0, d##1, c_);                                                     \
        VCARRY1(c_, d##3, d##4, c_);                                                     \
        VCARRY1(c_, d##1, d##2, c_);                                                     \
        VCARRY1(c_, d##4, d##0, ADD(c_, SLL(c_, 2)));                                    \
        VCARRY1(c_, d##2, d##3, c_);                                                     \
        VCARRY1(c_, d##0, d##1, c_);                                                     \
        VCARRY1(c_, d##3, d##4, c_);                                                     \
    } while (0)
/* Split blocks whose low and high 64-bit halves are in lo, hi into limbs m0..m4,
 * with the 2^128 bit. */
#define VSPLIT(m)                                                                        \
    do {                                                                                 \
        m##0 = AND(lo, mask);                                                            \
        m##1 = AND(SRL(lo, 26), mask);                                                   \
        m##2 = AND(OR(SRL(lo, 52), SLL(hi, 12)), mask);                                  \
        m##3 = AND(SRL(hi, 14), mask);                                                   \
        m##4 = OR(SRL(hi, 40), top);                                                     \
    } while (0)
#define VADD5(a, b, c)                                                                   \
    (a##0 = ADD(b##0, c##0), a##1 = ADD(b##1, c##1), a##2 = ADD(b##2, c##2),             \
     a##3 = ADD(b##3, c##3), a##4 = ADD(b##4, c##4))
/* The limbs of h, l[2] <= 4: the top one < 2^24 + 2^26. */
#define H26(h, i)                                                                        \
    ((i) == 0   ? (h).l[0] & M26                                                         \
     : (i) == 1 ? ((h).l[0] >> 26) & M26                                                 \
     : (i) == 2 ? (((h).l[0] >> 52) | ((h).l[1] << 12)) & M26                            \
     : (i) == 3 ? ((h).l[1] >> 14) & M26                                                 \
                : ((h).l[1] >> 40) | ((h).l[2] << 24))
/* The Horner loop proper, common to both widths: LOADG(p) sets lo, hi to the
 * group at p, GROUP its size in bytes, a0..a4 the first group (with h). */
#define VHORNER()                                                                        \
    do {                                                                                 \
        m += GROUP, ngroups--;                                                           \
        if (ngroups & 1) {                                                               \
            LOADG(m);                                                                    \
            VSPLIT(n);                                                                   \
            VMUL5(MUL, ADD, d, a, p, q);                                                 \
            VCARRY(d);                                                                   \
            VADD5(a, d, n);                                                              \
            m += GROUP, ngroups--;                                                       \
        }                                                                                \
        for (; ngroups; ngroups -= 2, m += 2 * GROUP) {                                  \
            LOADG(m);                                                                    \
            VSPLIT(b);                                                                   \
            LOADG(m + GROUP);                                                            \
            VSPLIT(n);                                                                   \
            VMUL5(MUL, ADD, d, a, P, Q);                                                 \
            VMUL5(MUL, ADD, e, b, p, q);                                                 \
            VADD5(d, d, e);                                                              \
            VCARRY(d);                                                                   \
            VADD5(a, d, n);                                                              \
        }                                                                                \
    } while (0)

#define ADD _mm256_add_epi64
#define AND _mm256_and_si256
#define OR _mm256_or_si256
#define SRL _mm256_srli_epi64
#define SLL _mm256_slli_epi64
#define MUL _mm256_mul_epu32
#define GROUP 64
#define LOADG(ptr)                                                                       \
    do {                                                                                 \
        __m256i x_ = _mm256_loadu_si256((const __m256i *)(const void *)(ptr));           \
        __m256i y_ = _mm256_loadu_si256((const __m256i *)(const void *)((ptr) + 32));    \
        lo = _mm256_unpacklo_epi64(x_, y_); /* blocks 0, 2, 1, 3: low halves */          \
        hi = _mm256_unpackhi_epi64(x_, y_);                                              \
    } while (0)

/* The lanes a0..a4 (4 lanes, blocks 0, 2, 1, 3 of a group) times r^4, r^2, r^3,
 * r^1 and summed: the Horner result they stand for. */
CP_NO_TER __attribute__((target("avx2"))) static ilpc_p1305 poly_fold_avx2(const ilpc_poly1305 *st, __m256i a0,
                                                                  __m256i a1, __m256i a2, __m256i a3,
                                                                  __m256i a4)
{
    const __m256i mask = _mm256_set1_epi64x(M26);
    __m256i p0, p1, p2, p3, p4, q1, q2, q3, q4, d0, d1, d2, d3, d4, c_;
    uint64_t L[5], out[4];
#define LPOW(i)                                                                          \
    p##i = _mm256_setr_epi64x(st->pow26[3][i], st->pow26[1][i], st->pow26[2][i], st->pow26[0][i])
    LPOW(0), LPOW(1), LPOW(2), LPOW(3), LPOW(4);
#undef LPOW
    q1 = ADD(p1, SLL(p1, 2)), q2 = ADD(p2, SLL(p2, 2)), q3 = ADD(p3, SLL(p3, 2)), q4 = ADD(p4, SLL(p4, 2));
    VMUL5(MUL, ADD, d, a, p, q);
    VCARRY(d);
#define HSUM(i)                                                                          \
    (_mm256_storeu_si256((__m256i *)(void *)out, d##i), L[i] = out[0] + out[1] + out[2] + out[3])
    HSUM(0), HSUM(1), HSUM(2), HSUM(3), HSUM(4);
#undef HSUM
    /* clean upper halves before scalar code (gcc 12 leaves them dirty before a call) */
    _mm256_zeroupper();
    return from26(L);
}

/* Horner over 4·ngroups blocks (ngroups >= 1) in 4 lanes, from st->h (l[2] <=
 * 4), which goes into the first lane, or from the deferred lanes of st (nlane =
 * 4; h is zero then).  defer: the lanes stay in st (nlane = 4) and h is zero;
 * else the lanes are folded into h.  (st, not h by value: gcc passes a struct
 * argument through the stack in pieces and reloads it whole, a store
 * forwarding stall per call.) */
CP_NO_TER __attribute__((target("avx2"))) static void poly_avx2(ilpc_poly1305 *st, const uint8_t *m, size_t ngroups,
                                                       int defer)
{
    const ilpc_p1305 h = st->h;
    const __m256i mask = _mm256_set1_epi64x(M26), top = _mm256_set1_epi64x(1 << 24);
    __m256i a0, a1, a2, a3, a4, b0, b1, b2, b3, b4, n0, n1, n2, n3, n4;
    __m256i d0, d1, d2, d3, d4, e0, e1, e2, e3, e4, lo, hi, c_;
    __m256i p0, p1, p2, p3, p4, q1, q2, q3, q4, P0, P1, P2, P3, P4, Q1, Q2, Q3, Q4;
#define POW(v, k, i) v##i = _mm256_set1_epi64x(st->pow26[(k) - 1][i])
#define POW5(v, k, i) v##i = _mm256_set1_epi64x(5 * (uint64_t)st->pow26[(k) - 1][i])
    POW(p, 4, 0), POW(p, 4, 1), POW(p, 4, 2), POW(p, 4, 3), POW(p, 4, 4);
    POW5(q, 4, 1), POW5(q, 4, 2), POW5(q, 4, 3), POW5(q, 4, 4);
    POW(P, 8, 0), POW(P, 8, 1), POW(P, 8, 2), POW(P, 8, 3), POW(P, 8, 4);
    POW5(Q, 8, 1), POW5(Q, 8, 2), POW5(Q, 8, 3), POW5(Q, 8, 4);
#undef POW
#undef POW5
#define LANE(i) (__m256i *)(void *)st->lane[i]
    if (st->nlane) {
        a0 = _mm256_loadu_si256(LANE(0)), a1 = _mm256_loadu_si256(LANE(1)), a2 = _mm256_loadu_si256(LANE(2));
        a3 = _mm256_loadu_si256(LANE(3)), a4 = _mm256_loadu_si256(LANE(4));
        LOADG(m);
        VSPLIT(n);
        VMUL5(MUL, ADD, d, a, p, q);
        VCARRY(d);
        VADD5(a, d, n);
    } else {
        LOADG(m);
        VSPLIT(a);
#define INJECT(i) a##i = ADD(a##i, _mm256_setr_epi64x((long long)H26(h, i), 0, 0, 0))
        INJECT(0), INJECT(1), INJECT(2), INJECT(3), INJECT(4);
#undef INJECT
    }
    VHORNER();
    if (defer) {
        _mm256_storeu_si256(LANE(0), a0), _mm256_storeu_si256(LANE(1), a1), _mm256_storeu_si256(LANE(2), a2);
        _mm256_storeu_si256(LANE(3), a3), _mm256_storeu_si256(LANE(4), a4);
        st->nlane = 4;
        st->h = p_make(0, 0, 0);
        _mm256_zeroupper();
        return;
    }
    st->nlane = 0;
    st->h = poly_fold_avx2(st, a0, a1, a2, a3, a4);
}

/* The deferred lanes of st (nlane = 4), folded. */
__attribute__((target("avx2"))) static ilpc_p1305 poly_unlane_avx2(ilpc_poly1305 *st)
{
    ilpc_p1305 h = poly_fold_avx2(st, _mm256_loadu_si256(LANE(0)), _mm256_loadu_si256(LANE(1)),
                                  _mm256_loadu_si256(LANE(2)), _mm256_loadu_si256(LANE(3)),
                                  _mm256_loadu_si256(LANE(4)));
#undef LANE
    st->nlane = 0;
    return h;
}

/* dst[j] = src[j]·m for j = 0..3, one lane each, carried (limbs < 2^26 + 2^9). */
__attribute__((target("avx2"))) static void poly_pow_avx2(uint32_t dst[4][5], const uint32_t src[4][5],
                                                           const uint32_t m[5])
{
    const __m256i mask = _mm256_set1_epi64x(M26);
    __m256i a0, a1, a2, a3, a4, p0, p1, p2, p3, p4, q1, q2, q3, q4, d0, d1, d2, d3, d4, c_;
    uint64_t out[4];
    int j;
#define LANES(i) a##i = _mm256_setr_epi64x(src[0][i], src[1][i], src[2][i], src[3][i])
    LANES(0), LANES(1), LANES(2), LANES(3), LANES(4);
#undef LANES
    p0 = _mm256_set1_epi64x(m[0]), p1 = _mm256_set1_epi64x(m[1]), p2 = _mm256_set1_epi64x(m[2]);
    p3 = _mm256_set1_epi64x(m[3]), p4 = _mm256_set1_epi64x(m[4]);
    q1 = ADD(p1, SLL(p1, 2)), q2 = ADD(p2, SLL(p2, 2)), q3 = ADD(p3, SLL(p3, 2)), q4 = ADD(p4, SLL(p4, 2));
    VMUL5(MUL, ADD, d, a, p, q);
    VCARRY(d);
#define STORE(i)                                                                         \
    do {                                                                                 \
        _mm256_storeu_si256((__m256i *)(void *)out, d##i);                               \
        for (j = 0; j < 4; j++)                                                          \
            dst[j][i] = (uint32_t)out[j];                                                \
    } while (0)
    STORE(0);
    STORE(1);
    STORE(2);
    STORE(3);
    STORE(4);
#undef STORE
}
#undef ADD
#undef AND
#undef OR
#undef SRL
#undef SLL
#undef MUL
#undef GROUP
#undef LOADG

#define ADD _mm512_add_epi64
#define AND _mm512_and_si512
#define OR _mm512_or_si512
#define SRL _mm512_srli_epi64
#define SLL _mm512_slli_epi64
#define MUL _mm512_mul_epu32
#define GROUP 128
#define LOADG(ptr)                                                                       \
    do {                                                                                 \
        __m512i x_ = _mm512_loadu_si512((const void *)(ptr));                            \
        __m512i y_ = _mm512_loadu_si512((const void *)((ptr) + 64));                     \
        lo = _mm512_unpacklo_epi64(x_, y_); /* blocks 0, 4, 1, 5, 2, 6, 3, 7 */          \
        hi = _mm512_unpackhi_epi64(x_, y_);                                              \
    } while (0)

/* The same with 8 lanes (blocks 0, 4, 1, 5, 2, 6, 3, 7 of a group). */
CP_NO_TER __attribute__((target("avx512f"))) static ilpc_p1305 poly_fold_avx512(const ilpc_poly1305 *st,
                                                                       __m512i a0, __m512i a1, __m512i a2,
                                                                       __m512i a3, __m512i a4)
{
    const __m512i mask = _mm512_set1_epi64(M26);
    __m512i p0, p1, p2, p3, p4, q1, q2, q3, q4, d0, d1, d2, d3, d4, c_;
    uint64_t L[5];
    /* the power of r each lane takes: r^8, r^4, r^7, r^3, r^6, r^2, r^5, r^1 */
#define LPOW(i)                                                                          \
    p##i = _mm512_setr_epi64(st->pow26[7][i], st->pow26[3][i], st->pow26[6][i], st->pow26[2][i], \
                             st->pow26[5][i], st->pow26[1][i], st->pow26[4][i], st->pow26[0][i])
    LPOW(0), LPOW(1), LPOW(2), LPOW(3), LPOW(4);
#undef LPOW
    q1 = ADD(p1, SLL(p1, 2)), q2 = ADD(p2, SLL(p2, 2)), q3 = ADD(p3, SLL(p3, 2)), q4 = ADD(p4, SLL(p4, 2));
    VMUL5(MUL, ADD, d, a, p, q);
    VCARRY(d);
    L[0] = (uint64_t)_mm512_reduce_add_epi64(d0), L[1] = (uint64_t)_mm512_reduce_add_epi64(d1);
    L[2] = (uint64_t)_mm512_reduce_add_epi64(d2), L[3] = (uint64_t)_mm512_reduce_add_epi64(d3);
    L[4] = (uint64_t)_mm512_reduce_add_epi64(d4);
    /* clean upper halves before scalar code (gcc 12 leaves them dirty before a call) */
    _mm256_zeroupper();
    return from26(L);
}

/* The same with 8 lanes: 8·ngroups blocks, nlane = 8. */
CP_NO_TER __attribute__((target("avx512f"))) static void poly_avx512(ilpc_poly1305 *st, const uint8_t *m,
                                                            size_t ngroups, int defer)
{
    const ilpc_p1305 h = st->h;
    const __m512i mask = _mm512_set1_epi64(M26), top = _mm512_set1_epi64(1 << 24);
    __m512i a0, a1, a2, a3, a4, b0, b1, b2, b3, b4, n0, n1, n2, n3, n4;
    __m512i d0, d1, d2, d3, d4, e0, e1, e2, e3, e4, lo, hi, c_;
    __m512i p0, p1, p2, p3, p4, q1, q2, q3, q4, P0, P1, P2, P3, P4, Q1, Q2, Q3, Q4;
#define POW(v, k, i) v##i = _mm512_set1_epi64(st->pow26[(k) - 1][i])
#define POW5(v, k, i) v##i = _mm512_set1_epi64(5 * (uint64_t)st->pow26[(k) - 1][i])
    POW(p, 8, 0), POW(p, 8, 1), POW(p, 8, 2), POW(p, 8, 3), POW(p, 8, 4);
    POW5(q, 8, 1), POW5(q, 8, 2), POW5(q, 8, 3), POW5(q, 8, 4);
    POW(P, 16, 0), POW(P, 16, 1), POW(P, 16, 2), POW(P, 16, 3), POW(P, 16, 4);
    POW5(Q, 16, 1), POW5(Q, 16, 2), POW5(Q, 16, 3), POW5(Q, 16, 4);
#undef POW
#undef POW5
#define LANE(i) (void *)st->lane[i]
    if (st->nlane) {
        a0 = _mm512_loadu_si512(LANE(0)), a1 = _mm512_loadu_si512(LANE(1)), a2 = _mm512_loadu_si512(LANE(2));
        a3 = _mm512_loadu_si512(LANE(3)), a4 = _mm512_loadu_si512(LANE(4));
        LOADG(m);
        VSPLIT(n);
        VMUL5(MUL, ADD, d, a, p, q);
        VCARRY(d);
        VADD5(a, d, n);
    } else {
        LOADG(m);
        VSPLIT(a);
#define INJECT(i) a##i = ADD(a##i, _mm512_setr_epi64((long long)H26(h, i), 0, 0, 0, 0, 0, 0, 0))
        INJECT(0), INJECT(1), INJECT(2), INJECT(3), INJECT(4);
#undef INJECT
    }
    VHORNER();
    if (defer) {
        _mm512_storeu_si512(LANE(0), a0), _mm512_storeu_si512(LANE(1), a1), _mm512_storeu_si512(LANE(2), a2);
        _mm512_storeu_si512(LANE(3), a3), _mm512_storeu_si512(LANE(4), a4);
        st->nlane = 8;
        st->h = p_make(0, 0, 0);
        _mm256_zeroupper();
        return;
    }
    st->nlane = 0;
    st->h = poly_fold_avx512(st, a0, a1, a2, a3, a4);
}

/* The deferred lanes of st (nlane = 8), folded. */
__attribute__((target("avx512f"))) static ilpc_p1305 poly_unlane_avx512(ilpc_poly1305 *st)
{
    ilpc_p1305 h = poly_fold_avx512(st, _mm512_loadu_si512(LANE(0)), _mm512_loadu_si512(LANE(1)),
                                    _mm512_loadu_si512(LANE(2)), _mm512_loadu_si512(LANE(3)),
                                    _mm512_loadu_si512(LANE(4)));
#undef LANE
    st->nlane = 0;
    return h;
}
#undef ADD
#undef AND
#undef OR
#undef SRL
#undef SLL
#undef MUL
#undef GROUP
#undef LOADG
#endif /* CP_X86 */

#if CP_X86
/* The powers of r the vector code multiplies by, r^1 .. r^need (need = 8 for
 * AVX2, 16 for AVX-512), as far as not there yet: r^1..r^4 by the scalar code
 * (canonical), the next ones four at a time as r^(k+4) = r^k·r^4 and
 * r^(k+8) = r^k·r^8 in AVX2 lanes (limbs < 2^26 + 2^9, which the bounds of the
 * vector Horner allow for). */
static void poly_powers(ilpc_poly1305 *st, uint32_t need)
{
    if (st->npow < 4) {
        const uint64_t r0 = st->r.l[0], r1 = st->r.l[1], s1 = r1 + (r1 >> 2);
        ilpc_p1305 p = st->r;
        int k;
        for (k = 0; k < 4; k++) {
            ilpc_p1305 c = p_reduce(p);
            st->pow26[k][0] = (uint32_t)(c.l[0] & M26);
            st->pow26[k][1] = (uint32_t)((c.l[0] >> 26) & M26);
            st->pow26[k][2] = (uint32_t)(((c.l[0] >> 52) | (c.l[1] << 12)) & M26);
            st->pow26[k][3] = (uint32_t)((c.l[1] >> 14) & M26);
            st->pow26[k][4] = (uint32_t)((c.l[1] >> 40) | (c.l[2] << 24));
            p = p_mulr(p.l[0], p.l[1], p.l[2], r0, r1, s1);
        }
        st->npow = 4;
    }
    if (need > 4 && st->npow < 8) {
        poly_pow_avx2(st->pow26 + 4, (const uint32_t(*)[5])st->pow26, st->pow26[3]);
        st->npow = 8;
    }
    if (need > 8 && st->npow < 16) {
        poly_pow_avx2(st->pow26 + 8, (const uint32_t(*)[5])st->pow26, st->pow26[7]);
        poly_pow_avx2(st->pow26 + 12, (const uint32_t(*)[5])(st->pow26 + 4), st->pow26[7]);
        st->npow = 16;
    }
}
#endif

#if CP_X86
/*
 * AVX-512 IFMA: 8 lanes of radix 2^44 (limbs of 44, 44 and 42 bits), where
 * vpmadd52luq/huq add the low and the high 52 bits of a 52x52-bit product to
 * a lane.  A product h·k (k = r^8 or r^16; s = 20·k, for the
 * columns that wrap: 2^132 ≡ 20) sums, per column c of weight 2^(44c), the
 * low halves into Lc and the high halves (weight 2^(44c + 52)) into Hc:
 *     L0 += h0k0 + h1s2 + h2s1   L1 += h0k1 + h1k0 + h2s2   L2 += h0k2 + h1k1 + h2k0
 * then the carry pass folds Hc << 8 into column c + 1, and the bits of column
 * 2 from 2^130 up (L2 >> 42, and H2 << 10) times 5 into column 0.  Bounds:
 * the accumulator's limbs are < 2^44 + 2^8 (< 2^44, < 2^44 + 2^8, < 2^43 when
 * h came in), a block's < 2^44; every multiplier < 2^48.4: a low half is
 * < 2^52 and a high half < 2^40.4, so a column of two products' terms and a
 * block stays < 2^55 and the folded carries < 2^52: nothing overflows.
 * The loop eats two groups of 8 blocks per iteration as a·r^16 + m·r^8 + n,
 * n's limbs starting the column sums.
 */
#define IFMA_LO(acc, a, b) acc = _mm512_madd52lo_epu64(acc, a, b)
#define IFMA_HI(acc, a, b) acc = _mm512_madd52hi_epu64(acc, a, b)
/* Eight blocks at p, lanes in the order of the AVX-512F code (0, 4, 1, 5, ...),
 * as limbs m0, m1, m2 with the 2^128 bit. */
#define SPLIT44(p, m0, m1, m2)                                                           \
    do {                                                                                 \
        __m512i x_ = _mm512_loadu_si512((const void *)(p));                              \
        __m512i y_ = _mm512_loadu_si512((const void *)((p) + 64));                       \
        __m512i lo_ = _mm512_unpacklo_epi64(x_, y_), hi_ = _mm512_unpackhi_epi64(x_, y_); \
        m0 = _mm512_and_si512(lo_, mask44);                                              \
        m1 = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo_, 44), _mm512_slli_epi64(hi_, 20)), \
                              mask44);                                                   \
        m2 = _mm512_or_si512(_mm512_srli_epi64(hi_, 24), bit40);                         \
    } while (0)
#define MULACC44(a0, a1, a2, k0, k1, k2, s1, s2)                                         \
    do {                                                                                 \
        IFMA_LO(L0, a0, k0), IFMA_LO(L0, a1, s2), IFMA_LO(L0, a2, s1);                   \
        IFMA_HI(H0, a0, k0), IFMA_HI(H0, a1, s2), IFMA_HI(H0, a2, s1);                   \
        IFMA_LO(L1, a0, k1), IFMA_LO(L1, a1, k0), IFMA_LO(L1, a2, s2);                   \
        IFMA_HI(H1, a0, k1), IFMA_HI(H1, a1, k0), IFMA_HI(H1, a2, s2);                   \
        IFMA_LO(L2, a0, k2), IFMA_LO(L2, a1, k1), IFMA_LO(L2, a2, k0);                   \
        IFMA_HI(H2, a0, k2), IFMA_HI(H2, a1, k1), IFMA_HI(H2, a2, k0);                   \
    } while (0)
/* The carry pass: a = L + H, limbs < 2^44, < 2^44 + 2^8, < 2^42. */
#define CARRY44()                                                                        \
    do {                                                                                 \
        L1 = _mm512_add_epi64(L1, _mm512_slli_epi64(H0, 8));                             \
        L2 = _mm512_add_epi64(L2, _mm512_slli_epi64(H1, 8));                             \
        c_ = _mm512_srli_epi64(L0, 44), a0 = _mm512_and_si512(L0, mask44);               \
        L1 = _mm512_add_epi64(L1, c_);                                                   \
        c_ = _mm512_srli_epi64(L1, 44), a1 = _mm512_and_si512(L1, mask44);               \
        L2 = _mm512_add_epi64(L2, c_);                                                   \
        c_ = _mm512_add_epi64(_mm512_srli_epi64(L2, 42), _mm512_slli_epi64(H2, 10));     \
        a2 = _mm512_and_si512(L2, mask42);                                               \
        a0 = _mm512_add_epi64(a0, _mm512_add_epi64(c_, _mm512_slli_epi64(c_, 2)));       \
        c_ = _mm512_srli_epi64(a0, 44), a0 = _mm512_and_si512(a0, mask44);               \
        a1 = _mm512_add_epi64(a1, c_);                                                   \
    } while (0)
#define TIMES20(x) _mm512_add_epi64(_mm512_slli_epi64(x, 4), _mm512_slli_epi64(x, 2))

/* x0 + x1·2^44 + x2·2^88 for limbs < 2^60, partially reduced. */
static ilpc_p1305 from44w(uint64_t x0, uint64_t x1, uint64_t x2)
{
    u128 t = add128(w128(x0), shl128(x1, 44));
    uint64_t l0 = lo64(t);
    t = add128(w128(hi64(t)), shl128(x2, 24));
    return p_partial(p_make(l0, lo64(t), hi64(t)));
}

/* r^1 .. r^8 and r^16 in radix 2^44 (pow44[0..7], pow44[8]), as mul44 leaves
 * them (limbs < 2^44, < 2^44 + 2^13, < 2^42: within the bounds above), in a
 * tree four products deep. */
static void poly_powers44(ilpc_poly1305 *st)
{
    uint64_t(*p)[3] = st->pow44;
    to44(p[0], st->r);
    mul44(p[1], p[0], p[0]); /* r^2 */
    mul44(p[2], p[1], p[0]); /* r^3 */
    mul44(p[3], p[1], p[1]); /* r^4 */
    mul44(p[4], p[3], p[0]);
    mul44(p[5], p[3], p[1]);
    mul44(p[6], p[3], p[2]);
    mul44(p[7], p[3], p[3]); /* r^8 */
    mul44(p[8], p[7], p[7]); /* r^16 */
    st->npow44 = 1;
}

/* The lanes a0..a2 times r^8, r^4, r^7, r^3, r^6, r^2, r^5, r^1 and summed. */
__attribute__((target("avx512f,avx512ifma"))) static ilpc_p1305 poly_fold_ifma(const ilpc_poly1305 *st,
                                                                             __m512i a0, __m512i a1,
                                                                             __m512i a2)
{
    const __m512i mask44 = _mm512_set1_epi64((long long)M44), mask42 = _mm512_set1_epi64((long long)M42);
    __m512i k0, k1, k2, s1, s2, L0, L1, L2, H0, H1, H2, c_;
#define LPOW(i)                                                                          \
    _mm512_setr_epi64((long long)st->pow44[7][i], (long long)st->pow44[3][i], (long long)st->pow44[6][i], \
                      (long long)st->pow44[2][i], (long long)st->pow44[5][i], (long long)st->pow44[1][i], \
                      (long long)st->pow44[4][i], (long long)st->pow44[0][i])
    k0 = LPOW(0), k1 = LPOW(1), k2 = LPOW(2);
#undef LPOW
    s1 = TIMES20(k1), s2 = TIMES20(k2);
    L0 = L1 = L2 = H0 = H1 = H2 = _mm512_setzero_si512();
    MULACC44(a0, a1, a2, k0, k1, k2, s1, s2);
    CARRY44();
    {
        uint64_t x0 = (uint64_t)_mm512_reduce_add_epi64(a0), x1 = (uint64_t)_mm512_reduce_add_epi64(a1);
        uint64_t x2 = (uint64_t)_mm512_reduce_add_epi64(a2);
        _mm256_zeroupper();
        return from44w(x0, x1, x2);
    }
}

/* Horner over 8·ngroups blocks (ngroups >= 1) in the IFMA lanes, from st->h
 * (l[2] <= 4, into the first lane) or from the deferred lanes (nlane = 44, h
 * zero); defer: the lanes stay (nlane = 44), else folded into h. */
__attribute__((target("avx512f,avx512ifma"))) static void poly_ifma(ilpc_poly1305 *st, const uint8_t *m,
                                                                   size_t ngroups, int defer)
{
    const __m512i mask44 = _mm512_set1_epi64((long long)M44), mask42 = _mm512_set1_epi64((long long)M42);
    const __m512i bit40 = _mm512_set1_epi64((long long)1 << 40);
    const __m512i k0 = _mm512_set1_epi64((long long)st->pow44[7][0]);
    const __m512i k1 = _mm512_set1_epi64((long long)st->pow44[7][1]);
    const __m512i k2 = _mm512_set1_epi64((long long)st->pow44[7][2]);
    const __m512i K0 = _mm512_set1_epi64((long long)st->pow44[8][0]);
    const __m512i K1 = _mm512_set1_epi64((long long)st->pow44[8][1]);
    const __m512i K2 = _mm512_set1_epi64((long long)st->pow44[8][2]);
    const __m512i s1 = TIMES20(k1), s2 = TIMES20(k2), S1 = TIMES20(K1), S2 = TIMES20(K2);
    __m512i a0, a1, a2, b0, b1, b2, L0, L1, L2, H0, H1, H2, c_;
    if (st->nlane) {
        a0 = _mm512_loadu_si512((const void *)st->lane[0]);
        a1 = _mm512_loadu_si512((const void *)st->lane[1]);
        a2 = _mm512_loadu_si512((const void *)st->lane[2]);
    } else {
        uint64_t h[3];
        to44(h, st->h);
        SPLIT44(m, a0, a1, a2);
        a0 = _mm512_add_epi64(a0, _mm512_setr_epi64((long long)h[0], 0, 0, 0, 0, 0, 0, 0));
        a1 = _mm512_add_epi64(a1, _mm512_setr_epi64((long long)h[1], 0, 0, 0, 0, 0, 0, 0));
        a2 = _mm512_add_epi64(a2, _mm512_setr_epi64((long long)h[2], 0, 0, 0, 0, 0, 0, 0));
        m += 128, ngroups--;
    }
    if (ngroups & 1) {
        SPLIT44(m, L0, L1, L2); /* the block starts the column sums */
        H0 = H1 = H2 = _mm512_setzero_si512();
        MULACC44(a0, a1, a2, k0, k1, k2, s1, s2);
        CARRY44();
        m += 128, ngroups--;
    }
    for (; ngroups; ngroups -= 2, m += 256) {
        SPLIT44(m, b0, b1, b2);
        SPLIT44(m + 128, L0, L1, L2);
        H0 = H1 = H2 = _mm512_setzero_si512();
        MULACC44(a0, a1, a2, K0, K1, K2, S1, S2);
        MULACC44(b0, b1, b2, k0, k1, k2, s1, s2);
        CARRY44();
    }
    if (defer) {
        _mm512_storeu_si512((void *)st->lane[0], a0);
        _mm512_storeu_si512((void *)st->lane[1], a1);
        _mm512_storeu_si512((void *)st->lane[2], a2);
        st->nlane = 44;
        st->h = p_make(0, 0, 0);
        _mm256_zeroupper();
        return;
    }
    st->nlane = 0;
    st->h = poly_fold_ifma(st, a0, a1, a2);
}

/* The deferred IFMA lanes of st (nlane = 44), folded. */
__attribute__((target("avx512f,avx512ifma"))) static ilpc_p1305 poly_unlane_ifma(ilpc_poly1305 *st)
{
    ilpc_p1305 h = poly_fold_ifma(st, _mm512_loadu_si512((const void *)st->lane[0]),
                                  _mm512_loadu_si512((const void *)st->lane[1]),
                                  _mm512_loadu_si512((const void *)st->lane[2]));
    st->nlane = 0;
    return h;
}
#undef IFMA_LO
#undef IFMA_HI
#undef SPLIT44
#undef MULACC44
#undef CARRY44
#undef TIMES20

/* Fold deferred lanes of any kind into h. */
static ilpc_p1305 poly_unlane(ilpc_poly1305 *st)
{
    return st->nlane == 44 ? poly_unlane_ifma(st) : st->nlane == 8 ? poly_unlane_avx512(st) : poly_unlane_avx2(st);
}
#endif

/* Shortest runs given to the AVX2 and to the AVX-512 code, with the powers of r
 * they need already there (READY) or still to compute (FRESH): below them the
 * lane set-up, the final multiply by the powers and the powers cost more than
 * the lanes save (measured with gcc 12 and clang 14 on an AVX-512 Xeon; the
 * IFMA code with gcc 12 on one with IFMA: from 8 blocks with its powers there,
 * from 16 without, where it overtakes the AVX2 code). */
#define POLY_AVX2_MIN_READY 12
#define POLY_AVX2_MIN_FRESH 24
#define POLY_AVX512_MIN_READY 32
#define POLY_AVX512_MIN_FRESH 128
#define POLY_IFMA_MIN_READY 8
#define POLY_IFMA_MIN_FRESH 16

/* Horner over n blocks into st; defer: the vector code may leave its lanes in
 * st (when it takes the whole run) instead of folding them. */
static void poly_run(ilpc_poly1305 *st, const uint8_t *m, size_t n, int defer)
{
#if CP_X86
    int lv = cp_lv();
    size_t g;
    if (st->nlane) {
        /* deferred lanes: go on in them while the run fills them (and the level
         * still has them), else fold them first */
        if (st->nlane == 44 && lv >= ILPC_CHAPOLY_AVX512IFMA && n >= 8) {
            g = n / 8;
            poly_ifma(st, m, g, defer && n % 8 == 0);
            m += 128 * g, n -= 8 * g;
        } else if (st->nlane == 8 && lv >= ILPC_CHAPOLY_AVX512 && n >= 8) {
            g = n / 8;
            poly_avx512(st, m, g, defer && n % 8 == 0);
            m += 128 * g, n -= 8 * g;
        } else if (st->nlane == 4 && lv >= ILPC_CHAPOLY_AVX2 && n >= 4) {
            g = n / 4;
            poly_avx2(st, m, g, defer && n % 4 == 0);
            m += 64 * g, n -= 4 * g;
        } else {
            st->h = poly_unlane(st);
        }
        if (st->nlane) /* still deferred: the run is done */
            return;
    }
    st->h = p_partial(st->h);
    if (lv >= ILPC_CHAPOLY_AVX512IFMA &&
        n >= (cp_eager ? 8 : st->npow44 ? POLY_IFMA_MIN_READY : POLY_IFMA_MIN_FRESH)) {
        if (!st->npow44)
            poly_powers44(st);
        g = n / 8;
        poly_ifma(st, m, g, defer && n % 8 == 0);
        m += 128 * g, n -= 8 * g;
    } else if (lv >= ILPC_CHAPOLY_AVX512 &&
        n >= (cp_eager ? 8 : st->npow >= 16 ? POLY_AVX512_MIN_READY : POLY_AVX512_MIN_FRESH)) {
        poly_powers(st, 16);
        g = n / 8;
        poly_avx512(st, m, g, defer && n % 8 == 0);
        m += 128 * g, n -= 8 * g;
    } else if (lv >= ILPC_CHAPOLY_AVX2 &&
               n >= (cp_eager ? 4 : st->npow >= 8 ? POLY_AVX2_MIN_READY : POLY_AVX2_MIN_FRESH)) {
        poly_powers(st, 8);
        g = n / 4;
        poly_avx2(st, m, g, defer && n % 4 == 0);
        m += 64 * g, n -= 4 * g;
    }
#else
    (void)defer;
    st->h = p_partial(st->h);
#endif
    if (n)
        st->h = poly_scalar(st->h, st->r, m, n);
}

void ilpc_poly1305_blocks(ilpc_poly1305 *st, const uint8_t *m, size_t n)
{
    poly_run(st, m, n, 0);
}

void ilpc_poly1305_blocks_defer(ilpc_poly1305 *st, const uint8_t *m, size_t n)
{
    poly_run(st, m, n, 1);
}

void ilpc_poly1305_fold(ilpc_poly1305 *st)
{
#if CP_X86
    if (st->nlane)
        st->h = poly_unlane(st);
#else
    (void)st;
#endif
}

void ilpc_poly1305_tag(const ilpc_poly1305 *st, ilpc_p1305 h, uint8_t tag[16])
{
    u128 t;
    h = p_reduce(h);
    t = addw(w128(h.l[0]), ld64(st->s));
    st64(tag, lo64(t));
    st64(tag + 8, h.l[1] + ld64(st->s + 8) + hi64(t));
}

void ilpc_poly1305_mac(const uint8_t key[32], const uint8_t *m, size_t n, uint8_t tag[16])
{
    ilpc_poly1305 st;
    ilpc_poly1305_init(&st, key);
    ilpc_poly1305_blocks(&st, m, n / 16);
    if (n % 16)
        st.h = ilpc_p1305_mul(ilpc_p1305_add(st.h, ilpc_p1305_block_partial(m + (n & ~(size_t)15), n % 16)),
                              st.r);
    ilpc_poly1305_tag(&st, st.h, tag);
    wipe(&st, sizeof st);
}

/* --------------------------------------------------------------------- AEAD */

/* MAC a piece of the AEAD input padded with zeros to 16 bytes. */
static void mac_padded(ilpc_poly1305 *st, const uint8_t *p, size_t n)
{
    ilpc_poly1305_blocks(st, p, n / 16);
    if (n % 16) {
        uint8_t b[16] = {0};
        memcpy(b, p + (n & ~(size_t)15), n % 16);
        ilpc_poly1305_blocks(st, b, 1);
    }
}

/* The first group of keystream from counter 0: block 0 (the Poly1305 key) and
 * `have` bytes for the start of the message, computed together so that block 0
 * costs no scalar block of its own.  s is left at the next counter. */
typedef struct {
    uint32_t s[16];
    size_t have;
    uint8_t ks[1024];
} aead_head;

static void aead_start(aead_head *a, const uint8_t key[32], const uint8_t nonce[12], size_t len)
{
    int lv = cp_lv();
    size_t w = cc_width(lv);
    uint32_t kw[8], nw[3];
    ilpc_chacha20_key_words(key, kw);
    ilpc_chacha20_nonce_words(nonce, nw);
    cc_setup(a->s, kw, nw);
    wipe(kw, sizeof kw);
    if (len == 0 || w == 1) {
        cc_block_scalar(a->s, NULL, a->ks, 64);
        a->s[12] = 1;
        a->have = 0;
    } else {
        cc_groups(lv, a->s, NULL, a->ks, 1);
        a->have = 64 * (w - 1);
    }
}

/* out = in ^ the keystream from block 1, len bytes. */
static void aead_xor(aead_head *a, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t first = len < a->have ? len : a->have;
    xor_into(out, in, a->ks + 64, first);
    if (len > first)
        cc_stream(a->s, in + first, out + first, len - first);
}

/* The tag over ad and ct with the Poly1305 key of a. */
static void aead_tag(const aead_head *a, const uint8_t *ad, size_t adlen, const uint8_t *ct, size_t n,
                     uint8_t tag[16])
{
    uint8_t len[16];
    ilpc_poly1305 st;
    ilpc_poly1305_init(&st, a->ks);
    mac_padded(&st, ad, adlen);
    mac_padded(&st, ct, n);
    st64(len, (uint64_t)adlen);
    st64(len + 8, (uint64_t)n);
    ilpc_poly1305_blocks(&st, len, 1);
    ilpc_poly1305_tag(&st, st.h, tag);
    wipe(&st, sizeof st);
}

void ilpc_chapoly_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                       const uint8_t *in, size_t n, uint8_t *out, uint8_t tag[16])
{
    aead_head a;
    aead_start(&a, key, nonce, n);
    aead_xor(&a, in, out, n);
    aead_tag(&a, ad, adlen, out, n, tag);
    wipe(&a, sizeof a);
}

int ilpc_chapoly_open(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                      const uint8_t *in, size_t n, uint8_t *out, const uint8_t tag[16])
{
    aead_head a;
    uint8_t want[16];
    unsigned diff = 0;
    int i, rc = 0;
    aead_start(&a, key, nonce, n);
    aead_tag(&a, ad, adlen, in, n, want);
    for (i = 0; i < 16; i++)
        diff |= (unsigned)(want[i] ^ tag[i]);
    /* diff == 0 -> 1, any other byte value -> 0, without a branch on the bytes */
    if ((((diff - 1u) >> 8) & 1u) == 0) {
        if (n)
            memset(out, 0, n);
        rc = -1;
    } else {
        aead_xor(&a, in, out, n);
    }
    wipe(want, sizeof want);
    wipe(&a, sizeof a);
    return rc;
}
