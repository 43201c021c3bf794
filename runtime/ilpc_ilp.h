/*
 * ilpc_ilp.h - the runtime half of ilpc's ILP back end (docs/ilp.md).
 *
 * The generated T_ilp_send marshals a value straight into a reserved region of
 * a send ring (an ilpc_tx_slot, see ilpc_tcp.h), encrypting every 8-byte unit
 * and adding it to the checksum of its segment on the way: one pass, no
 * intermediate buffer.  The generated T_ilp_recv does the inverse over one
 * received payload: checksum, decrypt, unmarshal.  This header holds what the
 * generated loops share:
 *
 *   - units: a uint64_t holding 8 message bytes in memory order (what
 *     memcpy(&u, p, 8) loads), built from XDR words with one byte swap;
 *   - the stages of a unit (cipher, checksum, store or load) for a cipher id
 *     `cid` that is a compile-time constant wherever they are used: the
 *     generated code and this runtime instantiate their always-inline bodies
 *     once per cipher, so the switches below fold away and no call or switch
 *     is left in the loops.  cid == ILPC_CID_CALLS instead calls every stage
 *     through a function pointer (ilpc --ilp-calls: the measurement of seed
 *     000, section 3.2.1);
 *   - the unit sink (send): hot state in a local of the generated function
 *     (ilpc_ilp_hot, never address-taken by out-of-line code, so it lives in
 *     registers), one compare per unit against a combined limit (end of the
 *     span, end of the segment, end of the slot); everything else (the ring
 *     wrap at any byte offset, the segment switch, holding back unit 0 = part
 *     A) in an out-of-line slow path;
 *   - the unit source (receive): the same over one or two input spans;
 *   - the bulk loops of opaque/string bodies and integer arrays (8-byte units,
 *     unaligned loads, parity handled once per item; SSE2 for none and xor),
 *     out of line in ilpc_ilp.c, one copy per cipher;
 *   - the layered baseline's steps, a scratch buffer type, an in-memory slot.
 *
 * Message format (SPEC section 2): E(BE32(L) | XDR | zero pad to 8), units
 * at message offsets 0, 8, ...; the cipher's `off` is stream_off + offset.
 * Send order (SPEC section 3): units 1..K-2 (part B), unit K-1 (part C, with
 * the padding), then unit 0 (part A: the length word, known only then, and
 * the first XDR word).
 */
#ifndef ILPC_ILP_H
#define ILPC_ILP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ilpc_xdr.h"
#include "ilpc_cipher.h"
#include "ilpc_csum.h"
#include "ilpc_tcp.h" /* ilpc_tx_slot, ilpc_rx_verdict */

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ILPC_NOINLINE __attribute__((noinline))
#define ILPC_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define ILPC_NOINLINE
#define ILPC_LIKELY(x) (x)
#endif

/* Codes of the ILP paths, in the codec range of ilpc_xdr.h (-1..-99). */
enum {
    ILPC_E_CHECKSUM = -40,   /* receive: the Internet checksum does not verify */
    ILPC_E_MSGLEN = -41,     /* receive: payload length is not roundup8(4 + L), or L is impossible */
    ILPC_E_INCOMPLETE = -42, /* receive (spans): the whole message is not there yet */
    ILPC_E_SLOT = -43,       /* send: the slot is not exactly T_msg_len(v) bytes */
    ILPC_E_CIPHER = -44      /* an unknown cipher id */
};

/* Text for ILPC_OK, the ILPC_E_* codes of ilpc_xdr.h and the codes above. */
const char *ilpc_ilp_strerror(int code);

/* Message length for an XDR body of L bytes: roundup8(4 + L). */
static inline size_t ilpc_ilp_msg_len(size_t xdr_len) { return (xdr_len + 4u + 7u) & ~(size_t)7u; }

/* ---- units ----------------------------------------------------------------
 * ilpc_unit_be64(n): the unit whose 8 bytes are n in big-endian order.
 * ilpc_unit_pack(a, b): BE32(a) | BE32(b).  ilpc_unit_num: inverse of be64.
 * ilpc_unit_hswap(x): x holds two host-order uint32 as loaded from memory
 * (an int32_t[2]); the result holds them as BE32 | BE32.  (One 64-bit load
 * and a swap within the halves instead of two loads, two swaps, a shift.) */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
ILPC_ALWAYS_INLINE uint64_t ilpc_unit_be64(uint64_t n) { return __builtin_bswap64(n); }
ILPC_ALWAYS_INLINE uint64_t ilpc_unit_hswap(uint64_t x)
{
    x = __builtin_bswap64(x);
    return (x >> 32) | (x << 32);
}
#else
ILPC_ALWAYS_INLINE uint64_t ilpc_unit_be64(uint64_t n) { return n; }
ILPC_ALWAYS_INLINE uint64_t ilpc_unit_hswap(uint64_t x) { return x; }
#endif
ILPC_ALWAYS_INLINE uint64_t ilpc_unit_num(uint64_t u) { return ilpc_unit_be64(u); }
ILPC_ALWAYS_INLINE uint64_t ilpc_unit_pack(uint32_t a, uint32_t b)
{
    return ilpc_unit_be64((uint64_t)a << 32 | b);
}
ILPC_ALWAYS_INLINE uint64_t ilpc_load64(const void *p)
{
    uint64_t u;
    memcpy(&u, p, 8);
    return u;
}
/* The first n (< 8) bytes at p, zero-filled to a unit. */
ILPC_ALWAYS_INLINE uint64_t ilpc_load_tail(const uint8_t *p, size_t n)
{
    uint8_t t[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    memcpy(t, p, n);
    return ilpc_load64(t);
}
/* Big-endian word of the first n (<= 4) bytes at p, zero-filled. */
ILPC_ALWAYS_INLINE uint32_t ilpc_load_word_tail(const uint8_t *p, size_t n)
{
    uint8_t t[4] = {0, 0, 0, 0};
    memcpy(t, p, n);
    return ilpc_get32(t);
}
ILPC_ALWAYS_INLINE uint64_t ilpc_double_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
ILPC_ALWAYS_INLINE double ilpc_bits_double(uint64_t u)
{
    double d;
    memcpy(&d, &u, 8);
    return d;
}
/* True when the n bytes at p are all zero. */
static inline int ilpc_ilp_zero(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != 0)
            return 0;
    return 1;
}

/* ---- stages ---------------------------------------------------------------
 * cid: an ilpc_cipher_id, or ILPC_CID_CALLS for the function-pointer variant,
 * which takes every stage from an ilpc_ilp_fns (pointers fetched once per
 * message: the cipher's out-of-line unit function, a checksum function, a
 * store and a load function). */
#define ILPC_CID_CALLS (-1)

typedef uint64_t (*ilpc_csum_unit_fn)(uint64_t acc, uint64_t unit);
typedef void (*ilpc_store_unit_fn)(uint8_t *dst, uint64_t unit);
typedef uint64_t (*ilpc_load_unit_fn)(const uint8_t *src);

typedef struct ilpc_ilp_fns {
    ilpc_unit_fn code;        /* encrypt (send) or decrypt (receive) */
    ilpc_csum_unit_fn sum;
    ilpc_store_unit_fn store;
    ilpc_load_unit_fn load;
} ilpc_ilp_fns;

/* 0, or -1 for an unknown cipher id. */
int ilpc_ilp_fns_init(ilpc_ilp_fns *f, ilpc_cipher_id id, int decrypt);

/* SAFER K-64 is ~300 instructions per unit: loops inline it (site == 0), the
 * single units of the generated blocks call these copies (site == 1), which
 * keeps the generated code small at a cost below 1% of the cipher's. */
uint64_t ilpc_ilp_k64_enc(ilpc_cipher *c, uint64_t u);
uint64_t ilpc_ilp_k64_dec(ilpc_cipher *c, uint64_t u);

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_enc(const int cid, const int site, ilpc_cipher *c, const ilpc_ilp_fns *f,
                                         uint64_t u, uint64_t off)
{
    switch (cid) {
    case ILPC_CIPHER_NONE: return ilpc_none_enc(c, u, off);
    case ILPC_CIPHER_XOR: return ilpc_xor_enc(c, u, off);
    case ILPC_CIPHER_SAFER_SIMPLE: return ilpc_safer_simple_enc(c, u, off);
    case ILPC_CIPHER_SAFER_K64: return site ? ilpc_ilp_k64_enc(c, u) : ilpc_safer_k64_enc(c, u, off);
    case ILPC_CIPHER_CHACHA20: return ilpc_chacha20_enc(c, u, off);
    default: return f->code(c, u, off);
    }
}

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_dec(const int cid, const int site, ilpc_cipher *c, const ilpc_ilp_fns *f,
                                         uint64_t u, uint64_t off)
{
    switch (cid) {
    case ILPC_CIPHER_NONE: return ilpc_none_dec(c, u, off);
    case ILPC_CIPHER_XOR: return ilpc_xor_dec(c, u, off);
    case ILPC_CIPHER_SAFER_SIMPLE: return ilpc_safer_simple_dec(c, u, off);
    case ILPC_CIPHER_SAFER_K64: return site ? ilpc_ilp_k64_dec(c, u) : ilpc_safer_k64_dec(c, u, off);
    case ILPC_CIPHER_CHACHA20: return ilpc_chacha20_dec(c, u, off);
    default: return f->code(c, u, off);
    }
}

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_sum(const int cid, const ilpc_ilp_fns *f, uint64_t acc, uint64_t u)
{
    return cid == ILPC_CID_CALLS ? f->sum(acc, u) : ilpc_csum_add_unit(acc, u);
}

ILPC_ALWAYS_INLINE void ilpc_ilp_store(const int cid, const ilpc_ilp_fns *f, uint8_t *dst, uint64_t u)
{
    if (cid == ILPC_CID_CALLS)
        f->store(dst, u);
    else
        memcpy(dst, &u, 8);
}

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_load(const int cid, const ilpc_ilp_fns *f, const uint8_t *src)
{
    return cid == ILPC_CID_CALLS ? f->load(src) : ilpc_load64(src);
}

/* ========================================================== send: the sink */

/* Hot state, kept in a local of the generated functions. */
typedef struct ilpc_ilp_hot {
    uint8_t *dst;   /* where the next unit goes */
    uint8_t *lim;   /* dst == lim: the next unit takes the slow path */
    uint64_t acc;   /* checksum accumulator of the current segment */
    uint64_t off;   /* stream offset of the next unit (chacha20) */
    uint32_t pw;    /* odd: the pending XDR word, first half of the next unit */
    unsigned odd;   /* 1 when a pending word exists (the parity) */
} ilpc_ilp_hot;

/* Cold state of one send, plus the hot state at call boundaries. */
typedef struct ilpc_ilp_tx {
    ilpc_ilp_hot h;
    ilpc_cipher *c;
    ilpc_tx_slot *slot;
    uint64_t off0;       /* stream offset of the message */
    uint8_t *span_p;     /* current span: start pointer ... */
    size_t span_m;       /* ... its message offset ... */
    size_t span_end;     /* ... and the message offset where it ends */
    int span;            /* 0 or 1 */
    size_t seg;          /* current segment */
    size_t seg_end;      /* message offset where it ends */
    uint64_t acc0;       /* segment 0's accumulator, set aside until part A */
    uint64_t unit0;      /* plain unit 0 = [BE32(0) placeholder | first word] */
    const ilpc_ilp_fns *fns; /* calls variant only */
} ilpc_ilp_tx;

/* Set up a send into slot (slot->len: the message length, a multiple of 8;
 * slot->seg_payload a non-zero multiple of 8; slot->seg_sums room for
 * slot->nsegs sums).  The state starts with the length placeholder pending:
 * the first XDR word completes unit 0, which the slow path holds back.
 * fns: NULL, or the stage pointers of the calls variant. */
void ilpc_ilp_tx_begin(ilpc_ilp_tx *s, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot,
                       const ilpc_ilp_fns *fns);

/* The slow path of a unit at h->dst == h->lim: unit 0 (held back), span
 * switch and a unit straddling the wrap, segment switch, overflow.  Encrypts
 * (through a pointer: it runs a few times per message), sums and stores the
 * unit, and recomputes h->dst, h->lim, h->off.  ILPC_OK or ILPC_E_SLOT. */
int ilpc_ilp_tx_slow(ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain);

/* Copy the hot state so that the out-of-line call does not take the address
 * of the caller's (register) state. */
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_cold(ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain)
{
    ilpc_ilp_hot t = *h;
    int rc = ilpc_ilp_tx_slow(s, &t, plain);
    *h = t;
    return rc;
}

/* One unit: encrypt, add the ciphertext to the segment's sum, store. */
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_unit(const int cid, const int site, ilpc_cipher *c, ilpc_ilp_tx *s,
                                        ilpc_ilp_hot *h, uint64_t plain)
{
    uint64_t u;
    if (ILPC_UNLIKELY(h->dst == h->lim))
        return ilpc_ilp_tx_cold(s, h, plain);
    u = ilpc_ilp_enc(cid, site, c, s->fns, plain, h->off);
    h->acc = ilpc_ilp_sum(cid, s->fns, h->acc, u);
    ilpc_ilp_store(cid, s->fns, h->dst, u);
    h->dst += 8;
    h->off += 8;
    return ILPC_OK;
}

/* Bulk loops and the end of a message, out of line in ilpc_ilp.c, one copy
 * per cipher (suffix none, xor, safer_simple, safer_k64, chacha20, calls).
 * They take and leave the hot state in s->h.
 *   tx_bytes: the body of an opaque/string/BIT STRING, n bytes at p and zero
 *     padding to 4;
 *   tx_ints: n XDR ints from host-order int32_t/uint32_t items;
 *   tx_end: part C's padding (the pending word, if any, and 4 zero bytes: the
 *     last unit), the check that exactly slot->len bytes were produced, then
 *     part A: unit 0 completed with BE32(L), encrypted, summed, stored, and
 *     the sums of segment 0 and of the last segment. */
#define ILPC_ILP_DECLARE_TX(sfx)                                                                     \
    int ilpc_ilp_tx_bytes_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const uint8_t *p, size_t n);      \
    int ilpc_ilp_tx_ints_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const void *items, size_t n);      \
    int ilpc_ilp_tx_end_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s);
ILPC_ILP_DECLARE_TX(none)
ILPC_ILP_DECLARE_TX(xor)
ILPC_ILP_DECLARE_TX(safer_simple)
ILPC_ILP_DECLARE_TX(safer_k64)
ILPC_ILP_DECLARE_TX(chacha20)
ILPC_ILP_DECLARE_TX(calls)

#define ILPC_ILP_SEL(cid, fn, args)                                                              \
    switch (cid) {                                                                               \
    case ILPC_CIPHER_NONE: return fn##_none args;                                                \
    case ILPC_CIPHER_XOR: return fn##_xor args;                                                  \
    case ILPC_CIPHER_SAFER_SIMPLE: return fn##_safer_simple args;                                \
    case ILPC_CIPHER_SAFER_K64: return fn##_safer_k64 args;                                      \
    case ILPC_CIPHER_CHACHA20: return fn##_chacha20 args;                                        \
    default: return fn##_calls args;                                                             \
    }

ILPC_ALWAYS_INLINE int ilpc_ilp_tx_bytes(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, const uint8_t *p, size_t n)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_tx_bytes, (c, s, p, n))
}
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_ints(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, const void *items, size_t n)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_tx_ints, (c, s, items, n))
}
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_end(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_tx_end, (c, s))
}

/* ======================================================= receive: the source */

typedef struct ilpc_ilp_rxh {
    const uint8_t *src; /* next ciphertext unit */
    const uint8_t *lim; /* src == lim: slow path (span switch) */
    uint64_t acc;       /* checksum accumulator */
    uint64_t off;       /* stream offset of the next unit */
    size_t rem;         /* XDR bytes of L not yet consumed */
    uint32_t pw;        /* odd: the unread second half of the last unit */
    unsigned odd;
} ilpc_ilp_rxh;

typedef struct ilpc_ilp_rx {
    ilpc_ilp_rxh h;
    ilpc_cipher *c;
    const uint8_t *p[2];
    size_t n[2];
    int span;
    int err;             /* sticky: read past the input (cannot happen when L was checked) */
    uint32_t max_length; /* ilpc_xdr_limits */
    unsigned depth, max_depth;
    const ilpc_ilp_fns *fns; /* calls variant only */
} ilpc_ilp_rx;

/* Set up a receive over one or two spans (p[1] may be NULL).  The caller
 * reads unit 0 (L and the first XDR word) with ilpc_ilp_rx_unit. */
void ilpc_ilp_rx_begin(ilpc_ilp_rx *r, ilpc_cipher *c, uint64_t stream_off, const uint8_t *const p[2],
                       const size_t n[2], const ilpc_ilp_fns *fns);

/* The unit at h->src == h->lim: switch spans, assemble a unit that straddles
 * them.  Returns the ciphertext unit (zeros past the input, and r->err). */
uint64_t ilpc_ilp_rx_slow(ilpc_ilp_rx *r, ilpc_ilp_rxh *h);

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_rx_cold(ilpc_ilp_rx *r, ilpc_ilp_rxh *h)
{
    ilpc_ilp_rxh t = *h;
    uint64_t u = ilpc_ilp_rx_slow(r, &t);
    *h = t;
    return u;
}

/* Next unit: load, add the ciphertext to the sum, decrypt. */
ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_rx_unit(const int cid, const int site, ilpc_cipher *c, ilpc_ilp_rx *r,
                                             ilpc_ilp_rxh *h)
{
    uint64_t u;
    if (ILPC_UNLIKELY(h->src == h->lim)) {
        u = ilpc_ilp_rx_cold(r, h);
    } else {
        u = ilpc_ilp_load(cid, r->fns, h->src);
        h->src += 8;
    }
    h->acc = ilpc_ilp_sum(cid, r->fns, h->acc, u);
    u = ilpc_ilp_dec(cid, site, c, r->fns, u, h->off);
    h->off += 8;
    return u;
}

/* Part A first on receive: read unit 0 (out of line, per cipher), return L
 * and leave its second half, the first XDR word, pending. */
#define ILPC_ILP_DECLARE_HEAD(sfx) uint32_t ilpc_ilp_rx_head_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r);
ILPC_ILP_DECLARE_HEAD(none)
ILPC_ILP_DECLARE_HEAD(xor)
ILPC_ILP_DECLARE_HEAD(safer_simple)
ILPC_ILP_DECLARE_HEAD(safer_k64)
ILPC_ILP_DECLARE_HEAD(chacha20)
ILPC_ILP_DECLARE_HEAD(calls)
ILPC_ALWAYS_INLINE uint32_t ilpc_ilp_rx_head(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_rx_head, (c, r))
}

/* Bulk loops, out of line in ilpc_ilp.c (hot state in r->h):
 *   rx_bytes: n bytes decrypted straight into dst, then the zero padding to 4,
 *     which is checked (the caller checked and charged r->h.rem);
 *     ILPC_OK or ILPC_E_PADDING;
 *   rx_ints: n XDR ints into host-order int32_t/uint32_t items. */
#define ILPC_ILP_DECLARE_RX(sfx)                                                                     \
    int ilpc_ilp_rx_bytes_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, uint8_t *dst, size_t n);          \
    int ilpc_ilp_rx_ints_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, void *items, size_t n);
ILPC_ILP_DECLARE_RX(none)
ILPC_ILP_DECLARE_RX(xor)
ILPC_ILP_DECLARE_RX(safer_simple)
ILPC_ILP_DECLARE_RX(safer_k64)
ILPC_ILP_DECLARE_RX(chacha20)
ILPC_ILP_DECLARE_RX(calls)

ILPC_ALWAYS_INLINE int ilpc_ilp_rx_bytes(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, uint8_t *dst, size_t n)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_rx_bytes, (c, r, dst, n))
}
ILPC_ALWAYS_INLINE int ilpc_ilp_rx_ints(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, void *items, size_t n)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_rx_ints, (c, r, items, n))
}

/* ============================================= shorthands of generated bodies
 * Inside a generated send body `cid`, `c`, `s` and the hot state `t` are in
 * scope; inside a receive body `cid`, `c`, `r` and `t`.  The bulk calls hand
 * the hot state over in s->h / r->h. */
#define ILPC_TX(u)                                                           \
    do {                                                                     \
        int rc_ = ilpc_ilp_tx_unit(cid, 1, c, s, &t, (u));                   \
        if (ILPC_UNLIKELY(rc_ != 0))                                         \
            return rc_;                                                      \
    } while (0)
#define ILPC_TX_DO(e)                                                        \
    do {                                                                     \
        int rc_ = (e);                                                       \
        if (ILPC_UNLIKELY(rc_ != 0))                                         \
            return rc_;                                                      \
    } while (0)
#define ILPC_TX_BULK(e)                                                      \
    do {                                                                     \
        int rc_;                                                             \
        s->h = t;                                                            \
        rc_ = (e);                                                           \
        t = s->h;                                                            \
        if (ILPC_UNLIKELY(rc_ != 0))                                         \
            return rc_;                                                      \
    } while (0)
#define ILPC_RX() ilpc_ilp_rx_unit(cid, 1, c, r, &t)
#define ILPC_RX_DO(e) ILPC_TX_DO(e)
#define ILPC_RX_BULK(e)                                                      \
    do {                                                                     \
        int rc_;                                                             \
        r->h = t;                                                            \
        rc_ = (e);                                                           \
        t = r->h;                                                            \
        if (ILPC_UNLIKELY(rc_ != 0))                                         \
            return rc_;                                                      \
    } while (0)

/* ============================================================= the layered path */

/* A growable buffer, reused across messages (no allocation per message once
 * it has grown to the largest message). */
typedef struct ilpc_scratch {
    uint8_t *buf;
    size_t cap;
} ilpc_scratch;

/* Room for n bytes; ILPC_OK or ILPC_E_NOMEM. */
int ilpc_scratch_reserve(ilpc_scratch *b, size_t n);
void ilpc_scratch_free(ilpc_scratch *b);

/* Layered send, after the marshalling loop wrote the XDR (xdr_len bytes) at
 * msg + 4: length word and padding, encrypt in place, copy into the slot's
 * spans, then checksum every segment's payload from the ring.  Each step is
 * one bulk loop.  ILPC_OK or ILPC_E_SLOT. */
int ilpc_layered_seal(ilpc_cipher *c, uint64_t stream_off, uint8_t *msg, size_t xdr_len, ilpc_tx_slot *slot);

/* Checksum step of the layered receive: ILPC_OK, or ILPC_E_CHECKSUM; sets
 * *csum_ok as described at ilpc_ilp_verdict. */
int ilpc_layered_check(const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok);

/* ============================================================= checksum verdict */

/* Checksum verdict of a receive, given the payload accumulator.  hdr_sum != 0:
 * the accumulator of the pseudo-header and TCP header (checksum field as
 * received, see ilpc_tcp.h); *csum_ok = 1 if fold(acc + hdr_sum) == 0xffff,
 * else 0.  hdr_sum == 0: no header, nothing to verify; *csum_ok = the folded
 * payload sum (ilpc_csum_fold, 0..0xffff).  Returns 1 if the checksum failed. */
static inline int ilpc_ilp_verdict(uint64_t acc, uint64_t hdr_sum, int *csum_ok)
{
    if (hdr_sum == 0) {
        if (csum_ok)
            *csum_ok = ilpc_csum_fold(acc);
        return 0;
    }
    {
        int ok = ilpc_csum_fold(ilpc_csum_combine(acc, hdr_sum)) == 0xffffu;
        if (csum_ok)
            *csum_ok = ok;
        return !ok;
    }
}

/* hdr_sum for a receive that must verify against a known payload sum (the
 * 16-bit value seal prints): the accumulator of a "header" holding its
 * complement.  Never 0. */
static inline uint64_t ilpc_ilp_expect_sum(uint16_t payload_sum)
{
    uint64_t h = ilpc_csum_unfold((uint16_t)~payload_sum);
    return h ? h : 0xffffu;
}

/* ============================================================= in-memory slot */

/* A slot provider for tests and benchmarks when there is no TCP: a message
 * of len bytes in a ring buffer of cap bytes (e.g. an ilpc_ring's storage)
 * starting at storage index `start`, wrapping at cap; segments of
 * seg_payload bytes (a multiple of 8); sums into the caller's array (>=
 * ilpc_ilp_nsegs entries).  ILPC_OK or ILPC_E_SLOT (bad arguments). */
int ilpc_ilp_slot_init(ilpc_tx_slot *slot, uint8_t *ring, size_t cap, size_t start, size_t len,
                       size_t seg_payload, uint32_t *seg_sums);
static inline size_t ilpc_ilp_nsegs(size_t len, size_t seg_payload)
{
    return len == 0 ? 0 : (len + seg_payload - 1) / seg_payload;
}
/* Copy a slot's message out of the ring (both spans). */
void ilpc_ilp_slot_read(const ilpc_tx_slot *slot, uint8_t *out);
/* Folded one's-complement sum of the whole message from the per-segment sums. */
uint16_t ilpc_ilp_slot_sum(const ilpc_tx_slot *slot);

#ifdef __cplusplus
}
#endif

#endif /* ILPC_ILP_H */
