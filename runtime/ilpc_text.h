/*
 * ilpc_text.h - the character checks of restricted character strings, shared by every
 * encoding's decoders: IA5String's (every octet below 0x80) and a permitted alphabet's
 * (PrintableString, NumericString, VisibleString, FROM constraints).
 *
 * A permitted alphabet is an ilpc_alphabet that ilpc generates per spec: a table of the
 * 256 octet values, and, when the alphabet has no octet above 0x7F, the same set split
 * by nibbles, which lets SSSE3's byte shuffle look up 16 characters in four
 * instructions (bit h of lo[l] says that octet 16h + l is allowed: the alphabet holds
 * octet c exactly when bit c >> 4 of lo[c & 15] is set, and c < 0x80).  x86-64
 * programs use it when the CPU has SSSE3 (checked at run time unless the compiler
 * targets SSSE3 already); other targets and strings under 16 octets use the table,
 * four lookups at a time.  A decoder copying a string out of its input checks it on the
 * way (ilpc_copy_in_alphabet: each 16 octets loaded once, checked and stored).  Short
 * copies go through ilpc_copy_short, not memcpy.
 */
#ifndef ILPC_TEXT_H
#define ILPC_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <tmmintrin.h>
#define ILPC_TEXT_SSSE3 1
#else
#define ILPC_TEXT_SSSE3 0
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ilpc_alphabet {
    uint8_t table[256];   /* 1 for each octet value a string may contain */
    uint8_t lo[16];       /* the nibble form (see the top of the file) */
    bool ascii;           /* no octet above 0x7F is allowed: the nibble form is exact */
} ilpc_alphabet;

/* True when all n bytes are below 0x80 (the IA5String alphabet): 8 bytes a step. */
static inline bool ilpc_is_ascii(const void *data, size_t n)
{
    const uint8_t *p = (const uint8_t *)data;
    uint64_t acc = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        acc |= w;
    }
    for (; i < n; i++)
        acc |= p[i];
    return (acc & UINT64_C(0x8080808080808080)) == 0;
}

/* memcpy of a short string (a one-octet length's contents, an OID's subidentifiers):
 * 16-octet moves, the last one overlapping the one before, and two overlapping moves
 * under 16.  For a size it knows is small but not how small, gcc inlines memcpy as
 * `rep movsq`, whose start-up costs more than copying a short string. */
static inline void ilpc_copy_short(uint8_t *d, const uint8_t *s, size_t n)
{
    if (n >= 16) {
        for (size_t i = 0; i + 16 < n; i += 16)
            memcpy(d + i, s + i, 16);
        memcpy(d + n - 16, s + n - 16, 16);
    } else if (n >= 8) {
        memcpy(d, s, 8);
        memcpy(d + n - 8, s + n - 8, 8);
    } else if (n >= 4) {
        memcpy(d, s, 4);
        memcpy(d + n - 4, s + n - 4, 4);
    } else if (n > 0) {
        d[0] = s[0];
        d[n >> 1] = s[n >> 1];
        d[n - 1] = s[n - 1];
    }
}

#if ILPC_TEXT_SSSE3
__attribute__((target("ssse3"))) static inline __m128i ilpc_text_load16(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

/* The octets of x that the alphabet whose nibble form is lo_form refuses, as a vector
 * of 0xFF. */
__attribute__((target("ssse3"))) static inline __m128i ilpc_text_refused(__m128i lo_form, __m128i x)
{
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i lo = _mm_shuffle_epi8(lo_form, _mm_and_si128(x, nibble));
    /* bit h for the high nibble h < 8, none for the octets above 0x7F */
    __m128i hi = _mm_shuffle_epi8(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0),
                                  _mm_and_si128(_mm_srli_epi16(x, 4), nibble));
    return _mm_cmpeq_epi8(_mm_and_si128(lo, hi), _mm_setzero_si128());
}

/* ilpc_in_alphabet for n >= 16 and an ASCII alphabet: 16 octets a step, the last step
 * the 16 octets that end the string (overlapping the one before). */
__attribute__((target("ssse3"))) static inline bool ilpc_in_alphabet_ssse3(const ilpc_alphabet *a, const uint8_t *p,
                                                                          size_t n)
{
    __m128i lo = ilpc_text_load16(a->lo), refused = ilpc_text_refused(lo, ilpc_text_load16(p + n - 16));
    for (size_t i = 0; i + 16 < n; i += 16)
        refused = _mm_or_si128(refused, ilpc_text_refused(lo, ilpc_text_load16(p + i)));
    return _mm_movemask_epi8(refused) == 0;
}

/* The same, and the n octets copied to dst on the way: each 16 loaded once, checked and
 * stored. */
__attribute__((target("ssse3"))) static inline bool ilpc_copy_in_alphabet_ssse3(const ilpc_alphabet *a, uint8_t *dst,
                                                                               const uint8_t *p, size_t n)
{
    __m128i lo = ilpc_text_load16(a->lo), last = ilpc_text_load16(p + n - 16), refused = ilpc_text_refused(lo, last);
    for (size_t i = 0; i + 16 < n; i += 16) {
        __m128i x = ilpc_text_load16(p + i);
        _mm_storeu_si128((__m128i *)(void *)(dst + i), x);
        refused = _mm_or_si128(refused, ilpc_text_refused(lo, x));
    }
    _mm_storeu_si128((__m128i *)(void *)(dst + n - 16), last);
    return _mm_movemask_epi8(refused) == 0;
}

/* Whether the 16-octet check serves n octets of alphabet a on this CPU. */
static inline bool ilpc_text_ssse3_serves(const ilpc_alphabet *a, size_t n)
{
#ifdef __SSSE3__
    return n >= 16 && a->ascii;
#else
    return n >= 16 && a->ascii && __builtin_cpu_supports("ssse3");
#endif
}
#endif

/* ilpc_in_alphabet by the table: four lookups at a time, no branch per byte. */
static inline bool ilpc_in_alphabet_table(const ilpc_alphabet *a, const uint8_t *p, size_t n)
{
    unsigned ok0 = 1, ok1 = 1, ok2 = 1, ok3 = 1;   /* four chains: two loads a cycle */
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        ok0 &= a->table[p[i]];
        ok1 &= a->table[p[i + 1]];
        ok2 &= a->table[p[i + 2]];
        ok3 &= a->table[p[i + 3]];
    }
    for (; i < n; i++)
        ok0 &= a->table[p[i]];
    return (ok0 & ok1 & ok2 & ok3) != 0;
}

/* True when every byte of data is in the alphabet.  Where the string was just copied,
 * check the source: loading 16 octets that smaller stores have just written stalls on
 * store forwarding. */
static inline bool ilpc_in_alphabet(const ilpc_alphabet *a, const void *data, size_t n)
{
#if ILPC_TEXT_SSSE3
    if (ilpc_text_ssse3_serves(a, n))
        return ilpc_in_alphabet_ssse3(a, (const uint8_t *)data, n);
#endif
    return ilpc_in_alphabet_table(a, (const uint8_t *)data, n);
}

/* ilpc_copy_short(dst, src, n), and whether every octet is in the alphabet: for a
 * decoder that copies a string out of its input (src and dst do not overlap). */
static inline bool ilpc_copy_in_alphabet(const ilpc_alphabet *a, uint8_t *dst, const uint8_t *src, size_t n)
{
#if ILPC_TEXT_SSSE3
    if (ilpc_text_ssse3_serves(a, n))
        return ilpc_copy_in_alphabet_ssse3(a, dst, src, n);
#endif
    ilpc_copy_short(dst, src, n);
    return ilpc_in_alphabet_table(a, src, n);
}

#ifdef __cplusplus
}
#endif

#endif
