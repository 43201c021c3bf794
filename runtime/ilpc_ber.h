/*
 * ilpc_ber.h - the primitives of the BER family of encodings (ITU-T X.690: BER, CER,
 * DER) that the generated T_encode_der / T_decode_ber|cer|der functions call: identifier
 * and length octets, the contents of the primitive types, strings whole or in segments,
 * skipping an element.  A leaf of the runtime (docs/architecture.md); the rules of each
 * encoding and the codes of what a decoder rejects are in docs/mapping.md ("BER, CER,
 * DER").
 *
 * Decoding.  An ilpc_ber_in is a cursor over the contents of one constructed encoding
 * (or the whole input): p, the next octet; end, where the contents end (for an
 * indefinite length, the end of the enclosing definite one: the end-of-contents octets
 * are somewhere before it).  ilpc_ber_enter opens a constructed element as a child
 * cursor, ilpc_ber_leave closes it (the child must be used up: an end-of-contents for an
 * indefinite length).  Every length is checked against the octets left before anything
 * is read or allocated; every level (constructed elements, string segments, skipped
 * elements) counts against the depth limit (ilpc_xdr_limits.max_depth), so nested
 * indefinite lengths fail with ILPC_E_DEPTH, not a stack overflow.
 *
 * Memory.  A decoder allocates through its cursor: with malloc (released by T_free), or,
 * when the cursor has an arena (T_decode_ber_arena), from the arena: a bump allocator
 * over a caller's block and, when allowed to grow, over blocks of its own, so that a
 * message's strings and arrays cost no malloc each and are released together.
 *
 * Encoding.  An ilpc_ber_out writes back to front: contents first, from the end of the
 * buffer towards its start, then their length and tag, so a constructed encoding's
 * length is known when it is written, in one pass (no subtree measured twice).  With buf
 * NULL it only counts (T_size_der).  A write that does not fit sets full and is dropped;
 * n keeps counting, so the caller learns the size it needs.
 */
#ifndef ILPC_BER_H
#define ILPC_BER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ilpc_arena.h"
#include "ilpc_error.h"
#include "ilpc_inline.h"
#include "ilpc_text.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The rule sets a decoder applies (BER takes every form X.690 8 allows; CER and DER
 * only their canonical ones, X.690 9, 10, 11). */
typedef enum { ILPC_BER = 0, ILPC_CER = 1, ILPC_DER = 2 } ilpc_ber_rules;

/* The first identifier octet's class and form bits. */
#define ILPC_BER_UNIVERSAL 0x00u
#define ILPC_BER_APPLICATION 0x40u
#define ILPC_BER_CONTEXT 0x80u
#define ILPC_BER_PRIVATE 0xC0u
#define ILPC_BER_CONSTRUCTED 0x20u

/* CER's string segments (X.690 9.2). */
#define ILPC_CER_SEGMENT 1000u

/* ---- decoding ---------------------------------------------------------------------- */

typedef struct ilpc_ber_in {
    const uint8_t *p, *end;
    bool indefinite;      /* the contents end at an end-of-contents (00 00) */
    uint8_t rules;        /* ilpc_ber_rules */
    unsigned depth;       /* levels opened above this one */
    unsigned max_depth;   /* the most levels that may be open (the runtime's limit) */
    ilpc_arena *arena;    /* where the decoded value's memory comes from (NULL: malloc) */
} ilpc_ber_in;

/* The decoder's allocations: n octets for a string (no alignment), count zeroed
 * elements of size octets for an array or a component held through a pointer.  From the
 * arena when the cursor has one, else malloc/calloc (a size of 0 allocates 1). */
static inline void *ilpc_ber_alloc(const ilpc_ber_in *in, size_t n)
{
    return in->arena != NULL ? ilpc_arena_alloc(in->arena, n, 1) : malloc(n ? n : 1);
}

static inline void *ilpc_ber_calloc(const ilpc_ber_in *in, size_t count, size_t size)
{
    if (in->arena == NULL)
        return calloc(count ? count : 1, size ? size : 1);
    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    size_t align = size & (~size + 1);   /* the largest power of two dividing size */
    if (align == 0 || align > ILPC_MAX_ALIGN)
        align = ILPC_MAX_ALIGN;
    void *p = ilpc_arena_alloc(in->arena, count * size, align);
    if (p != NULL)
        memset(p, 0, count * size);
    return p;
}

/* What ilpc_ber_alloc gave, given back when a primitive fails (a no-op in an arena,
 * which the failed decode rolls back whole). */
static inline void ilpc_ber_release(const ilpc_ber_in *in, void *p)
{
    if (in->arena == NULL)
        free(p);
}

/* A cursor over a whole input, in a rule set. */
void ilpc_ber_in_init(ilpc_ber_in *in, const uint8_t *buf, size_t len, ilpc_ber_rules rules);

/* True when the cursor's contents are used up (definite: nothing left; indefinite: the
 * end-of-contents is next). */
static inline bool ilpc_ber_at_end(const ilpc_ber_in *in)
{
    if (!in->indefinite)
        return in->p >= in->end;
    return in->end - in->p >= 2 && in->p[0] == 0 && in->p[1] == 0;
}

/* The next element's tag without consuming it: class bits (ILPC_BER_CONTEXT...) and
 * number; false at the end of the contents or on a malformed identifier. */
bool ilpc_ber_peek(const ilpc_ber_in *in, uint8_t *cls, uint32_t *number);

/* True when the next element has tag (cls, number): an optional component is there. */
bool ilpc_ber_next_is(const ilpc_ber_in *in, uint8_t cls, uint32_t number);

/* The next element's tag: ILPC_OK; ILPC_E_BER_TAG at the end of the contents; else
 * what is wrong with its identifier. */
int ilpc_ber_next_tag(const ilpc_ber_in *in, uint8_t *cls, uint32_t *number);

/* The number of elements left in the contents (a SEQUENCE OF's, before anything is
 * allocated for them), each checked whole: ILPC_E_SIZE when more than max. */
int ilpc_ber_count(const ilpc_ber_in *in, uint32_t max, uint32_t *count);

/* X.690 11.6's order of two encodings (as if the shorter were padded with 0-octets):
 * negative, 0 or positive. */
int ilpc_ber_compare(const uint8_t *a, size_t an, const uint8_t *b, size_t bn);

/* Reads the identifier and length of the next element, which must have tag (cls, number)
 * (ILPC_E_BER_TAG) and be constructed (ILPC_E_BER_FORM), and opens its contents as
 * child; the parent moves past the element (definite) or waits for ilpc_ber_leave. */
int ilpc_ber_enter_any(ilpc_ber_in *in, uint8_t cls, uint32_t number, ilpc_ber_in *child);
static inline int ilpc_ber_enter(ilpc_ber_in *in, uint8_t cls, uint32_t number, ilpc_ber_in *child);

/* Closes child, opened by ilpc_ber_enter on in: it must be used up (ILPC_E_BER_FORM). */
static inline int ilpc_ber_leave(ilpc_ber_in *in, const ilpc_ber_in *child)
{
    if (!child->indefinite)
        return child->p == child->end ? ILPC_OK : ILPC_E_BER_FORM;
    if (!ilpc_ber_at_end(child))
        return child->p >= child->end ? ILPC_E_TRUNCATED : ILPC_E_BER_FORM;
    in->p = child->p + 2;
    return ILPC_OK;
}

/* True when the next element has one identifier octet, not an end-of-contents, and a
 * definite length in one octet that the input holds: the common case, which the hot
 * paths below take without the general parser ("header prediction"). */
static inline bool ilpc_ber_short_header(const ilpc_ber_in *in)
{
    const uint8_t *p = in->p;
    return in->end - p >= 2 && (p[0] & 0x1Fu) != 0x1Fu && (p[0] & 0xDFu) != 0 && p[1] < 0x80u
           && (size_t)(in->end - p - 2) >= p[1];
}

/* ilpc_ber_short_header, with the identifier octet expected: class and form bits id, tag
 * number (below 31, which one octet holds). */
static inline bool ilpc_ber_short_element(const ilpc_ber_in *in, uint8_t id, uint32_t number)
{
    return number < 0x1Fu && ilpc_ber_short_header(in) && in->p[0] == (id | number);
}

/* ilpc_ber_enter's in-line case: the expected identifier in one octet, constructed, a
 * one-octet length (not CER's: its constructed elements have indefinite lengths). */
static inline int ilpc_ber_enter(ilpc_ber_in *in, uint8_t cls, uint32_t number, ilpc_ber_in *child)
{
    const uint8_t *p = in->p;
    if (ilpc_ber_short_element(in, cls | ILPC_BER_CONSTRUCTED, number) && in->rules != ILPC_CER
        && in->depth < in->max_depth) {
        child->p = p + 2;
        child->end = p + 2 + p[1];
        child->indefinite = false;
        child->rules = in->rules;
        child->depth = in->depth + 1;
        child->max_depth = in->max_depth;
        child->arena = in->arena;
        in->p = child->end;
        return ILPC_OK;
    }
    return ilpc_ber_enter_any(in, cls, number, child);
}

/* Reads a primitive element of tag (cls, number): its contents in *data, *len. */
int ilpc_ber_get_primitive_any(ilpc_ber_in *in, uint8_t cls, uint32_t number, const uint8_t **data, size_t *len);
static inline int ilpc_ber_get_primitive(ilpc_ber_in *in, uint8_t cls, uint32_t number, const uint8_t **data,
                                         size_t *len)
{
    const uint8_t *p = in->p;
    if (ilpc_ber_short_element(in, cls, number)) {
        *data = p + 2;  /* the expected identifier, primitive, and a short length */
        *len = p[1];
        in->p = p + 2 + p[1];
        return ILPC_OK;
    }
    return ilpc_ber_get_primitive_any(in, cls, number, data, len);
}

/* Skips the next element whole (an unknown extension addition). */
int ilpc_ber_skip(ilpc_ber_in *in);

/* The contents of the primitive types (X.690 8.2-8.5, 8.19, 8.20). */
int ilpc_ber_int64(const uint8_t *d, size_t n, int64_t *out);
int ilpc_ber_uint64(const uint8_t *d, size_t n, uint64_t *out);
int ilpc_ber_bool(const ilpc_ber_in *in, const uint8_t *d, size_t n, bool *out);
int ilpc_ber_null(const uint8_t *d, size_t n);
int ilpc_ber_real(const ilpc_ber_in *in, const uint8_t *d, size_t n, double *out);
/* OBJECT IDENTIFIER (relative false) or RELATIVE-OID: at most max_arcs arcs, in *items,
 * allocated as in's decoder allocates. */
int ilpc_ber_oid(const ilpc_ber_in *in, const uint8_t *d, size_t n, bool relative, uint32_t max_arcs,
                 uint64_t **items, uint32_t *count);

/* ilpc_ber_get_octets past its in-line case (below). */
int ilpc_ber_get_octets_any(ilpc_ber_in *in, uint8_t cls, uint32_t number, uint32_t max_len, uint8_t **data,
                            uint32_t *len);

/* ilpc_ber_get_octets' and ilpc_ber_get_chars' in-line case: the cursor at a primitive
 * element with a one-octet tag and length (ilpc_ber_short_header), its contents copied;
 * with an alphabet (not NULL), checked on the way, the answer in *in_alphabet. */
ILPC_ALWAYS_INLINE int ilpc_ber_take_short(ilpc_ber_in *in, const ilpc_alphabet *alphabet, uint8_t **data,
                                           uint32_t *len, bool *in_alphabet)
{
    const uint8_t *p = in->p;
    uint8_t n = p[1], *s = (uint8_t *)ilpc_ber_alloc(in, (size_t)n + 1);
    if (s == NULL)
        return ILPC_E_NOMEM;
    if (alphabet != NULL)
        *in_alphabet = ilpc_copy_in_alphabet(alphabet, s, p + 2, n);
    else
        ilpc_copy_short(s, p + 2, n);
    s[n] = 0;
    *data = s;
    *len = n;
    in->p = p + 2 + n;
    return ILPC_OK;
}

/* An OCTET STRING or character string of tag (cls, number), primitive or (BER, CER) in
 * constructed segments: its octets in a newly allocated *data of *len + 1 octets (a NUL
 * after them), at most max_len (ILPC_E_LIMIT above it). */
static inline int ilpc_ber_get_octets(ilpc_ber_in *in, uint8_t cls, uint32_t number, uint32_t max_len,
                                      uint8_t **data, uint32_t *len)
{
    const uint8_t *p = in->p;
    if (ilpc_ber_short_element(in, cls, number) && p[1] <= max_len)
        return ilpc_ber_take_short(in, NULL, data, len, NULL);
    return ilpc_ber_get_octets_any(in, cls, number, max_len, data, len);
}

/* ilpc_ber_get_octets for a string of a permitted alphabet: the same, and in
 * *in_alphabet whether every octet is in alphabet (checked as it is copied when the
 * string is one primitive segment, ilpc_copy_in_alphabet).  Forced in line: called out
 * of line once per string, its entry and exit cost as much as a short string's copy and
 * check (ilpc_ber_get_octets, left to the compiler, measured no faster forced). */
ILPC_ALWAYS_INLINE int ilpc_ber_get_chars(ilpc_ber_in *in, uint8_t cls, uint32_t number, uint32_t max_len,
                                     const ilpc_alphabet *alphabet, uint8_t **data, uint32_t *len, bool *in_alphabet)
{
    const uint8_t *p = in->p;
    if (ilpc_ber_short_element(in, cls, number) && p[1] <= max_len)
        return ilpc_ber_take_short(in, alphabet, data, len, in_alphabet);
    int rc = ilpc_ber_get_octets_any(in, cls, number, max_len, data, len);
    if (rc == ILPC_OK)
        *in_alphabet = ilpc_in_alphabet(alphabet, *data, *len);
    return rc;
}

/* The same into dst[0..n) for a string of exactly n octets (ILPC_E_SIZE otherwise). */
int ilpc_ber_get_octets_fixed(ilpc_ber_in *in, uint8_t cls, uint32_t number, uint8_t *dst, uint32_t n);
/* A BIT STRING: its bits in a newly allocated *data, the bit count in *bits, at most
 * max_bits. */
int ilpc_ber_get_bits(ilpc_ber_in *in, uint8_t cls, uint32_t number, uint32_t max_bits, uint8_t **data,
                      uint32_t *bits);
/* BMPString (width 2) or UniversalString (width 4): the UCS-2 / UCS-4 characters of the
 * string in a newly allocated *data as UTF-8 (ilpc's C representation), *len octets, a
 * NUL after them; ILPC_E_ALPHABET for a code point UTF-8 cannot carry. */
int ilpc_ber_get_ucs(ilpc_ber_in *in, uint8_t cls, uint32_t number, unsigned width, uint8_t **data, uint32_t *len);
/* The characters of UTF-8 octets (those that are not continuation octets): the SIZE of
 * a BMPString or UniversalString counts characters. */
uint32_t ilpc_ber_utf8_chars(const void *utf8, uint32_t len);
/* An open type's or ANY's value: the next element whole (identifier, length, contents)
 * in a newly allocated *data, at most max octets. */
int ilpc_ber_get_raw(ilpc_ber_in *in, uint32_t max, uint8_t **data, uint32_t *len);
/* UTCTime (generalized false) or GeneralizedTime octets in DER/CER's form (X.690 11.7,
 * 11.8): ILPC_E_DER_TIME otherwise. */
int ilpc_ber_check_time(const uint8_t *d, size_t n, bool generalized);

/* The runtime limits (ilpc_xdr_set_limits) a decoder applies: the largest unbounded
 * length, the deepest nesting. */
uint32_t ilpc_ber_max_length(void);

/* ---- encoding ---------------------------------------------------------------------- */

struct ilpc_ber_sink;

typedef struct ilpc_ber_out {
    uint8_t *buf;   /* NULL: count only */
    size_t cap;
    size_t n;       /* octets written (or counted), at buf[cap - n .. cap) */
    size_t lim;     /* octets it holds before it calls the sink: cap without one */
    bool full;      /* a write did not fit */
    uint8_t rules;  /* ILPC_DER or ILPC_CER: the forms written */
    struct ilpc_ber_sink *sink; /* NULL, or what takes the octets as they are final */
    unsigned sets;  /* SET OFs open (ilpc_ber_open_set): their elements are not final */
} ilpc_ber_out;

/* A writer's sink (the fused send paths, ilpc_ber_msg.c): what processes the written
 * octets behind the writer while they are in cache.  The octets written so far are final
 * but while a SET OF is open (o->sets > 0): ilpc_ber_sort_set_of reorders its elements.
 *   more(s, o, k): the writer holds o->n octets and needs k more than o->lim allows:
 *     process what is final, and move o->lim on (to at most o->cap) so that k fit if
 *     they can. */
typedef struct ilpc_ber_sink {
    void (*more)(struct ilpc_ber_sink *s, ilpc_ber_out *o, size_t k);
} ilpc_ber_sink;

/* A writer into buf[0..cap) (NULL: count only) of DER's forms (rules ILPC_DER; ILPC_BER
 * writes DER too) or CER's (ILPC_CER: constructed encodings with indefinite lengths,
 * strings of more than 1000 octets in 1000-octet segments, X.690 9). */
static inline void ilpc_ber_out_init(ilpc_ber_out *o, uint8_t *buf, size_t cap, ilpc_ber_rules rules)
{
    o->buf = buf;
    o->cap = cap;
    o->n = 0;
    o->lim = cap;
    o->full = false;
    o->rules = (uint8_t)(rules == ILPC_CER ? ILPC_CER : ILPC_DER);
    o->sink = NULL;
    o->sets = 0;
}

/* k octets at src before what is written. */
void ilpc_ber_put_bytes_any(ilpc_ber_out *o, const void *src, size_t k);
static inline void ilpc_ber_put_bytes(ilpc_ber_out *o, const void *src, size_t k)
{
    if (o->buf != NULL && !o->full && k - 1u < o->lim - o->n) {   /* 0 < k <= room: the copy */
        memcpy(o->buf + (o->cap - o->n - k), src, k);
        o->n += k;
        return;
    }
    ilpc_ber_put_bytes_any(o, src, k);
}
void ilpc_ber_put_byte(ilpc_ber_out *o, uint8_t b);
/* Opens a constructed encoding, whose contents are written next (back to front: its
 * end comes first): CER's end-of-contents octets.  Returns the mark to give
 * ilpc_ber_put_header's length (o->n - mark) once the contents are written. */
size_t ilpc_ber_open(ilpc_ber_out *o);
/* The same for a SET OF, whose elements stay open to reordering until
 * ilpc_ber_sort_set_of closes it. */
static inline size_t ilpc_ber_open_set(ilpc_ber_out *o)
{
    o->sets++;
    return ilpc_ber_open(o);
}
/* The identifier and length octets of an element whose contents are the len octets
 * just written; cls_form: the class bits, and ILPC_BER_CONSTRUCTED or 0.  The length is
 * definite and minimal, but indefinite (80) for a constructed encoding in CER. */
void ilpc_ber_put_header_any(ilpc_ber_out *o, uint8_t cls_form, uint32_t number, size_t len);
static inline void ilpc_ber_put_header(ilpc_ber_out *o, uint8_t cls_form, uint32_t number, size_t len)
{
    if (o->buf == NULL && number < 0x1Fu && len <= 0xFFFFFFFFu &&
        !((cls_form & ILPC_BER_CONSTRUCTED) && o->rules == ILPC_CER)) {
        /* counting (T_size_der): one identifier octet and the definite length's */
        o->n += 2u + (len >= 0x80u) + (len >= 0x100u) + (len >= 0x10000u) + (len >= 0x1000000u);
        return;
    }
    if (number < 0x1Fu && len < 0x80u && !((cls_form & ILPC_BER_CONSTRUCTED) && o->rules == ILPC_CER)
        && o->buf != NULL && !o->full && o->lim - o->n >= 2) {
        uint8_t *q = o->buf + (o->cap - o->n - 2);  /* one identifier octet, one length octet */
        q[0] = (uint8_t)(cls_form | number);
        q[1] = (uint8_t)len;
        o->n += 2;
        return;
    }
    ilpc_ber_put_header_any(o, cls_form, number, len);
}
/* Contents octets of the primitive types, minimal (DER, CER). */
void ilpc_ber_put_int64(ilpc_ber_out *o, int64_t v);
void ilpc_ber_put_uint64(ilpc_ber_out *o, uint64_t v);
void ilpc_ber_put_real(ilpc_ber_out *o, double v);
void ilpc_ber_put_oid(ilpc_ber_out *o, const uint64_t *arcs, uint32_t count, bool relative);
/* Whole string elements of tag (cls, number) (cls: the class bits): primitive, or in CER
 * constructed of 1000-octet segments when the contents are more than 1000 octets (X.690
 * 9.2; the segments are OCTET STRINGs, BIT STRINGs for a BIT STRING).  An OCTET STRING,
 * a character string held as its octets, a time: */
void ilpc_ber_put_string_any(ilpc_ber_out *o, uint8_t cls, uint32_t number, const void *data, size_t len);
static inline void ilpc_ber_put_string(ilpc_ber_out *o, uint8_t cls, uint32_t number, const void *data, size_t len)
{
    /* header prediction: a short primitive string, the same in every rule set */
    if (number < 0x1Fu && len < 0x80u) {
        if (o->buf == NULL) {
            o->n += 2u + len;
            return;
        }
        if (!o->full && o->lim - o->n >= 2u + len) {
            uint8_t *q = o->buf + (o->cap - o->n - 2u - len);
            q[0] = (uint8_t)(cls | number);
            q[1] = (uint8_t)len;
            ilpc_copy_short(q + 2, (const uint8_t *)data, len);
            o->n += 2u + len;
            return;
        }
    }
    ilpc_ber_put_string_any(o, cls, number, data, len);
}
/* A BIT STRING (the unused-bits octet, then the bits): */
void ilpc_ber_put_bit_string(ilpc_ber_out *o, uint8_t cls, uint32_t number, const uint8_t *data, uint32_t bits);
/* A BMPString (width 2) or UniversalString (width 4) held as UTF-8: ILPC_E_ALPHABET for
 * ill-formed UTF-8 or a character beyond the type's repertoire, ILPC_E_NOMEM. */
int ilpc_ber_put_ucs(ilpc_ber_out *o, uint8_t cls, uint32_t number, const char *utf8, uint32_t len,
                     unsigned width);
/* The eight octets at p as a big-endian number. */
static inline uint64_t ilpc_ber_load_be64(const uint8_t *p)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x;
    memcpy(&x, p, 8);
    return __builtin_bswap64(x);
#else
    uint64_t x = 0;
    for (int i = 0; i < 8; i++)
        x = x << 8 | p[i];
    return x;
#endif
}
/* ilpc_ber_compare(a, an, b, bn) > 0, decided in line by the first eight octets when
 * they differ (in a SET OF, mostly in the length octet or the first contents octet). */
static inline bool ilpc_ber_follows(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
    if (an >= 8 && bn >= 8) {
        uint64_t x = ilpc_ber_load_be64(a), y = ilpc_ber_load_be64(b);
        if (x != y)
            return x > y;
    }
    return ilpc_ber_compare(a, an, b, bn) > 0;
}
/* The order of a SET OF's elements, watched as they are written (back to front): each
 * new element is compared with the one after it.  Init after ilpc_ber_open_set; call
 * ilpc_ber_set_element after each element. */
typedef struct ilpc_ber_set_order {
    size_t next, after; /* o->n before the last element, and before the one after it */
    bool sorted;        /* every element so far is at most the one after it */
} ilpc_ber_set_order;
static inline ilpc_ber_set_order ilpc_ber_set_order_init(const ilpc_ber_out *o)
{
    ilpc_ber_set_order s = {o->n, o->n, true};
    return s;
}
static inline void ilpc_ber_set_element(const ilpc_ber_out *o, ilpc_ber_set_order *s)
{
    if (s->sorted && o->buf != NULL && !o->full && s->next != s->after &&
        ilpc_ber_follows(o->buf + (o->cap - o->n), o->n - s->next, o->buf + (o->cap - s->next),
                         s->next - s->after))
        s->sorted = false;
    s->after = s->next;
    s->next = o->n;
}
/* SET OF (X.690 11.6): sorts the count element encodings written since mark (from
 * ilpc_ber_open_set) in ascending order of their octets (as the writer's rules encode
 * them), and closes the SET OF.  sorted: they are in order already (ilpc_ber_set_order),
 * and stay where they are.  ILPC_E_NOMEM if the scratch space cannot be had. */
int ilpc_ber_sort_set_of(ilpc_ber_out *o, size_t mark, uint32_t count, bool sorted);
/* The end of an encoding: the octets moved to buf's start, their length in *len;
 * ILPC_E_SHORT_BUFFER if they did not fit. */
int ilpc_ber_out_finish(ilpc_ber_out *o, size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* ILPC_BER_H */
