/*
 * ilpc_table.h - the type table: one row per named type of the specs ilpc compiled, for
 * programs that pick a type at run time, by its ASN.1 name or by its index (the conformance
 * harness ilpc_harness.c and the fuzz target ilpc_fuzz.c, both runtime code).
 *
 * ilpc generates the table, ilpc_type_table in type_table.c, from the macros below: the
 * named types in the order ilpc lists them (the fuzz target's byte 0 is an index into it),
 * then an end row whose name is NULL (the only row of a spec without types).
 *
 * A row holds what does not depend on the encoding -- the ASN.1 name, sizeof the C type,
 * T_free -- and one column per encoding (ILPC_ENCODINGS), indexed by ilpc_encoding: that
 * encoding's codec with untyped signatures (v is a T) and the descriptor of the type's ILP
 * message paths in it (ilpc_msg.h; NULL when it is not a message type: ilpc --pdu).  A
 * column whose decode is NULL is an encoding the type has no codec in.  An encoding is
 * added as an entry of ILPC_ENCODINGS and a column macro like ILPC_TABLE_XDR; programs
 * that take the encoding as a parameter (ilpc_type_codec) need no change.
 *
 *   ILPC_TABLE_FNS(T)             the adapters of T's functions (static; once per type)
 *   ILPC_TABLE_ROW(name, T, ...)  a row: ... are its columns, e.g.
 *   ILPC_TABLE_XDR(T, msg)        the XDR column: T_decode, T_encode, T_size, msg
 *   ILPC_TABLE_FNS_BER(T)         the adapters of T's BER-family functions (ilpc --encoding ber)
 *   ILPC_TABLE_BER(T, msg), ILPC_TABLE_CER(T, msg), ILPC_TABLE_DER(T, msg)   their columns:
 *                                 BER and DER encode with T_encode_der, CER with T_encode_cer
 */
#ifndef ILPC_TABLE_H
#define ILPC_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ilpc_msg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The encodings, in column order.  X(ID, name): ILPC_ENCODING_<ID>, the name on
 * command lines. */
#define ILPC_ENCODINGS(X) X(XDR, "xdr") X(BER, "ber") X(CER, "cer") X(DER, "der")

#define ILPC_ENCODING_ENUM_(ID, name) ILPC_ENCODING_##ID,
#define ILPC_ENCODING_NAME_(ID, name) name,
typedef enum { ILPC_ENCODINGS(ILPC_ENCODING_ENUM_) ILPC_ENCODING_COUNT } ilpc_encoding;

struct ilpc_arena; /* ilpc_ber.h */

/* A type's codec in one encoding.  decode: into a zeroed or garbage value, which it
 * leaves zeroed on failure; encode: into buf[0..cap), the length written in *len;
 * size: the length encode writes; decode_arena (the BER family; NULL: none): decode
 * with the value's memory from an arena (T_decode_ber_arena), not released by T_free. */
typedef struct ilpc_codec {
    int (*decode)(void *v, const uint8_t *buf, size_t len);
    int (*encode)(const void *v, uint8_t *buf, size_t cap, size_t *len);
    size_t (*size)(const void *v);
    const ilpc_msg_type *msg; /* the ILP paths of messages in this encoding; NULL: none */
    int (*decode_arena)(void *v, const uint8_t *buf, size_t len, struct ilpc_arena *arena);
} ilpc_codec;

typedef struct ilpc_type {
    const char *name;                      /* "Module.Type"; NULL: the end of the table */
    size_t value_size;                     /* sizeof(T) */
    void (*release)(void *v);              /* T_free: frees what a decode allocated, zeroes v */
    ilpc_codec codec[ILPC_ENCODING_COUNT]; /* per ilpc_encoding */
} ilpc_type;

/* The table (generated: type_table.c) and its number of types, the end row not counted. */
extern const ilpc_type ilpc_type_table[];
extern const size_t ilpc_type_count;

/* The row of a type by its ASN.1 name ("Module.Type"), or NULL. */
static inline const ilpc_type *ilpc_type_find(const char *name)
{
    for (const ilpc_type *t = ilpc_type_table; t->name != NULL; t++)
        if (strcmp(t->name, name) == 0)
            return t;
    return NULL;
}

/* The codec of a type in an encoding, or NULL if it has none there. */
static inline const ilpc_codec *ilpc_type_codec(const ilpc_type *t, ilpc_encoding e)
{
    return (unsigned)e < ILPC_ENCODING_COUNT && t->codec[e].decode != NULL ? &t->codec[e] : NULL;
}

/* An encoding's name on command lines ("xdr"), or NULL. */
static inline const char *ilpc_encoding_name(ilpc_encoding e)
{
    static const char *const names[] = {ILPC_ENCODINGS(ILPC_ENCODING_NAME_)};
    return (unsigned)e < ILPC_ENCODING_COUNT ? names[e] : NULL;
}

/* The encoding of a name: 0, or -1 if there is none of that name. */
static inline int ilpc_encoding_parse_name(const char *name, ilpc_encoding *out)
{
    for (int e = 0; e < (int)ILPC_ENCODING_COUNT; e++)
        if (strcmp(ilpc_encoding_name((ilpc_encoding)e), name) == 0) {
            *out = (ilpc_encoding)e;
            return 0;
        }
    return -1;
}

/* ---- for the generated table ---------------------------------------------------- */

/* T's functions with the table's untyped signatures: T_free and T's XDR codec (every C
 * output has them). */
#define ILPC_TABLE_FNS(T)                                                                             \
    static void T##_release_row(void *v) { T##_free((T *)v); }                                        \
    static int T##_xdr_decode_row(void *v, const uint8_t *b, size_t n) { return T##_decode((T *)v, b, n); } \
    static int T##_xdr_encode_row(const void *v, uint8_t *b, size_t cap, size_t *n)                   \
    {                                                                                                 \
        return T##_encode((const T *)v, b, cap, n);                                                   \
    }                                                                                                 \
    static size_t T##_xdr_size_row(const void *v) { return T##_size((const T *)v); }

/* A row: the type's name and C type, then its columns (ILPC_TABLE_XDR, ...); an encoding
 * without a column is zero, i.e. no codec. */
#define ILPC_TABLE_ROW(name, T, ...) {name, sizeof(T), T##_release_row, {__VA_ARGS__}}
/* The XDR column; msg: &T_msg for a message type, else NULL. */
#define ILPC_TABLE_XDR(T, msg) [ILPC_ENCODING_XDR] = {T##_xdr_decode_row, T##_xdr_encode_row, T##_xdr_size_row, msg, NULL}

/* T's BER-family functions with the table's signatures (M_ber.h). */
#define ILPC_TABLE_FNS_BER(T)                                                                         \
    static int T##_ber_decode_row(void *v, const uint8_t *b, size_t n) { return T##_decode_ber((T *)v, b, n); } \
    static int T##_cer_decode_row(void *v, const uint8_t *b, size_t n) { return T##_decode_cer((T *)v, b, n); } \
    static int T##_der_decode_row(void *v, const uint8_t *b, size_t n) { return T##_decode_der((T *)v, b, n); } \
    static int T##_der_encode_row(const void *v, uint8_t *b, size_t cap, size_t *n)                   \
    {                                                                                                 \
        return T##_encode_der((const T *)v, b, cap, n);                                               \
    }                                                                                                 \
    static size_t T##_der_size_row(const void *v) { return T##_size_der((const T *)v); }      \
    static int T##_cer_encode_row(const void *v, uint8_t *b, size_t cap, size_t *n)                   \
    {                                                                                                 \
        return T##_encode_cer((const T *)v, b, cap, n);                                               \
    }                                                                                                 \
    static size_t T##_cer_size_row(const void *v) { return T##_size_cer((const T *)v); }      \
    static int T##_ber_arena_row(void *v, const uint8_t *b, size_t n, ilpc_arena *a)                  \
    {                                                                                                 \
        return T##_decode_ber_arena((T *)v, b, n, ILPC_BER, a);                                       \
    }                                                                                                 \
    static int T##_cer_arena_row(void *v, const uint8_t *b, size_t n, ilpc_arena *a)                  \
    {                                                                                                 \
        return T##_decode_ber_arena((T *)v, b, n, ILPC_CER, a);                                       \
    }                                                                                                 \
    static int T##_der_arena_row(void *v, const uint8_t *b, size_t n, ilpc_arena *a)                  \
    {                                                                                                 \
        return T##_decode_ber_arena((T *)v, b, n, ILPC_DER, a);                                       \
    }
/* The BER-family columns; msg: &T_msg_ber (_cer, _der) for a message type
 * (M_ber_ilp.h), else NULL. */
#define ILPC_TABLE_BER(T, msg) \
    [ILPC_ENCODING_BER] = {T##_ber_decode_row, T##_der_encode_row, T##_der_size_row, msg, T##_ber_arena_row}
#define ILPC_TABLE_CER(T, msg) \
    [ILPC_ENCODING_CER] = {T##_cer_decode_row, T##_cer_encode_row, T##_cer_size_row, msg, T##_cer_arena_row}
#define ILPC_TABLE_DER(T, msg) \
    [ILPC_ENCODING_DER] = {T##_der_decode_row, T##_der_encode_row, T##_der_size_row, msg, T##_der_arena_row}

#ifdef __cplusplus
}
#endif

#endif /* ILPC_TABLE_H */
