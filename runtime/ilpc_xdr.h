/*
 * ilpc_xdr.h - the XDR (RFC 4506) primitives that ilpc-generated stubs use.
 *
 * Generated encoders write through an ilpc_xdr_writer and decoders read through an
 * ilpc_xdr_reader.  Each statically sized run of items is bounds-checked once and
 * then written or read at fixed offsets with the inline helpers below.
 *
 * All functions return ILPC_OK (0) or one of the negative ILPC_E_* codes.
 */
#ifndef ILPC_XDR_H
#define ILPC_XDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ILPC_OK, the ILPC_E_* codes and ilpc_strerror (ilpc_xdr_strerror is the
 * same function): one family for the whole runtime. */
#include "ilpc_error.h"
#include "ilpc_inline.h" /* generated marshalling bodies go in line into the entry points */
#include "ilpc_text.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Runtime limits for decoding.  Lengths and counts of types whose SIZE has no
 * upper bound are checked against max_length before anything is allocated, and
 * recursive types may nest at most max_depth levels.  Defaults: 64 MiB, 64.
 */
typedef struct ilpc_xdr_limits {
    uint32_t max_length;
    unsigned max_depth;
} ilpc_xdr_limits;

ilpc_xdr_limits ilpc_xdr_get_limits(void);
void ilpc_xdr_set_limits(ilpc_xdr_limits limits);

/* The limits in force (read by ilpc_xdr_reader_init; change them with
 * ilpc_xdr_set_limits). */
extern ilpc_xdr_limits ilpc_xdr_current_limits;

typedef struct ilpc_xdr_writer {
    uint8_t *p;    /* next byte to write */
    uint8_t *end;  /* one past the last writable byte */
} ilpc_xdr_writer;

typedef struct ilpc_xdr_reader {
    const uint8_t *p;    /* next byte to read */
    const uint8_t *end;  /* one past the last readable byte */
    uint32_t max_length;
    unsigned depth, max_depth;
} ilpc_xdr_reader;


static inline void ilpc_xdr_writer_init(ilpc_xdr_writer *w, uint8_t *buf, size_t cap)
{
    w->p = buf;
    w->end = buf != NULL ? buf + cap : buf;
}

static inline void ilpc_xdr_reader_init(ilpc_xdr_reader *r, const uint8_t *buf, size_t len)
{
    r->p = buf;
    r->end = buf != NULL ? buf + len : buf;
    r->max_length = ilpc_xdr_current_limits.max_length;
    r->depth = 0;
    r->max_depth = ilpc_xdr_current_limits.max_depth;
}

static inline size_t ilpc_xdr_room(const ilpc_xdr_writer *w) { return (size_t)(w->end - w->p); }
static inline size_t ilpc_xdr_left(const ilpc_xdr_reader *r) { return (size_t)(r->end - r->p); }
static inline size_t ilpc_pad4(size_t n) { return (n + 3u) & ~(size_t)3u; }

/* Big-endian stores and loads at any alignment: one move plus a byte swap. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static inline void ilpc_put32(uint8_t *p, uint32_t v)
{
    v = __builtin_bswap32(v);
    memcpy(p, &v, 4);
}

static inline uint32_t ilpc_get32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return __builtin_bswap32(v);
}

static inline void ilpc_put64(uint8_t *p, uint64_t v)
{
    v = __builtin_bswap64(v);
    memcpy(p, &v, 8);
}

static inline uint64_t ilpc_get64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return __builtin_bswap64(v);
}
#else
static inline void ilpc_put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);  p[3] = (uint8_t)v;
}

static inline uint32_t ilpc_get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline void ilpc_put64(uint8_t *p, uint64_t v)
{
    ilpc_put32(p, (uint32_t)(v >> 32));
    ilpc_put32(p + 4, (uint32_t)v);
}

static inline uint64_t ilpc_get64(const uint8_t *p)
{
    return (uint64_t)ilpc_get32(p) << 32 | ilpc_get32(p + 4);
}
#endif

/* Two's complement conversions without implementation-defined behaviour. */
static inline int32_t ilpc_u32_to_i32(uint32_t u)
{
    return u <= INT32_MAX ? (int32_t)u : (int32_t)(u - 2147483648u) - INT32_MAX - 1;
}

static inline int64_t ilpc_u64_to_i64(uint64_t u)
{
    return u <= INT64_MAX ? (int64_t)u : (int64_t)(u - 9223372036854775808u) - INT64_MAX - 1;
}

static inline void ilpc_put_double(uint8_t *p, double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    ilpc_put64(p, u);
}

static inline double ilpc_get_double(const uint8_t *p)
{
    uint64_t u = ilpc_get64(p);
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* Zero the padding of n bytes of opaque data at p, before the data is copied in:
 * one 4-byte store over the last, partial word (the copy overwrites its data
 * bytes).  Nothing to do when n is a multiple of 4. */
static inline void ilpc_clear_pad(uint8_t *p, size_t n)
{
    if (n & 3u)
        ilpc_put32(p + (n & ~(size_t)3u), 0);
}

/* True when the padding after n bytes of opaque data at p is all zero: one
 * masked load of the last, partial word. */
static inline bool ilpc_pad_is_zero(const uint8_t *p, size_t n)
{
    size_t r = n & 3u;
    if (r == 0)
        return true;
    return (ilpc_get32(p + (n - r)) & (0xFFFFFFFFu >> (8u * r))) == 0;
}

/* ilpc_is_ascii and ilpc_in_alphabet, the string checks: ilpc_text.h. */

/* True when the n bytes at data are well-formed UTF-8 (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF).  Used for UTF8String. */
bool ilpc_utf8_valid(const void *data, size_t n);

/* True when the n arcs form an OBJECT IDENTIFIER as ITU-T X.680 allows: at least two
 * arcs, the first 0, 1 or 2, the second at most 39 when the first is 0 or 1. */
bool ilpc_oid_valid(const uint64_t *arcs, uint32_t n);

/* True when the n arcs equal the wn arcs at want (a single-value constraint). */
bool ilpc_oid_equal(const uint64_t *arcs, uint32_t n, const uint64_t *want, uint32_t wn);

/* Allocation used by decoders: never returns NULL for n == 0 requests of data. */
void *ilpc_xdr_alloc(size_t n);
void *ilpc_xdr_calloc(size_t count, size_t size);
void ilpc_xdr_release(void *p);

/* ILPC_XDR_WHOLE(T, get, clear) defines the whole-message functions of a named
 * type T from its T_put_inline and the decoder `get` (T_get_inline, or T_get,
 * which bounds the nesting of a recursive type):
 *   T_encode         v into buf[0..cap), *len = the bytes written;
 *   T_decode_prefix  one value from the front of buf, *used = the bytes read;
 *   T_decode         exactly one value: trailing bytes are ILPC_E_TRAILING.
 * clear: 1 when the decoder may leave members unassigned, so v is zeroed first;
 * 0 when it assigns every member.  After a failure v is freed, which leaves it
 * zeroed (T_free zeroes the value). */
#define ILPC_XDR_WHOLE(T, get, clear)                                                                 \
    int T##_encode(const T *v, uint8_t *buf, size_t cap, size_t *len)                                \
    {                                                                                                \
        ilpc_xdr_writer w;                                                                           \
        ilpc_xdr_writer_init(&w, buf, cap);                                                          \
        int rc = T##_put_inline(&w, v);                                                              \
        if (rc == ILPC_OK && len != NULL)                                                            \
            *len = (size_t)(w.p - buf);                                                              \
        return rc;                                                                                   \
    }                                                                                                \
    int T##_decode_prefix(T *v, const uint8_t *buf, size_t len, size_t *used)                        \
    {                                                                                                \
        ilpc_xdr_reader r;                                                                           \
        ilpc_xdr_reader_init(&r, buf, len);                                                          \
        if (clear)                                                                                   \
            memset(v, 0, sizeof *v);                                                                 \
        int rc = get(&r, v);                                                                         \
        if (rc != ILPC_OK) {                                                                         \
            T##_free(v);                                                                             \
            return rc;                                                                               \
        }                                                                                            \
        if (used != NULL)                                                                            \
            *used = len - ilpc_xdr_left(&r);                                                         \
        return ILPC_OK;                                                                              \
    }                                                                                                \
    int T##_decode(T *v, const uint8_t *buf, size_t len)                                             \
    {                                                                                                \
        size_t used = 0;                                                                             \
        int rc = T##_decode_prefix(v, buf, len, &used);                                              \
        if (rc == ILPC_OK && used != len) {                                                          \
            T##_free(v);                                                                             \
            return ILPC_E_TRAILING;                                                                  \
        }                                                                                            \
        return rc;                                                                                   \
    }

#ifdef __cplusplus
}
#endif

#endif /* ILPC_XDR_H */
