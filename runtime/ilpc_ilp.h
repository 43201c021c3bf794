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
 *   - the unit sink (send): hot state in locals of the generated function
 *     (ilpc_ilp_hot), one compare per unit against a combined limit (end of
 *     the span, end of the segment, end of the slot), everything else (ring
 *     wrap at any byte offset, segment switch, holding back unit 0 = part A)
 *     in an out-of-line slow path;
 *   - the unit source (receive): the same over one or two input spans;
 *   - per-cipher dispatch on a compile-time constant (the generated code
 *     instantiates its always-inline bodies once per cipher, so the switch
 *     below folds away and no call or switch remains in the loops), and the
 *     function-pointer variant selected by ILPC_ILP_CALLS (the measurement
 *     of seed 000, section 3.2.1);
 *   - bulk loops for opaque/string bodies (8-byte units, unaligned loads,
 *     parity handled once per item);
 *   - the layered baseline's building blocks and a scratch buffer type.
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
    ILPC_E_MSGLEN = -41,     /* receive: payload length is not roundup8(4 + L) */
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
ILPC_ALWAYS_INLINE uint32_t ilpc_word_be(uint32_t w) { return __builtin_bswap32(w); }
#else
ILPC_ALWAYS_INLINE uint64_t ilpc_unit_be64(uint64_t n) { return n; }
ILPC_ALWAYS_INLINE uint64_t ilpc_unit_hswap(uint64_t x) { return x; }
ILPC_ALWAYS_INLINE uint32_t ilpc_word_be(uint32_t w) { return w; }
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
ILPC_ALWAYS_INLINE void ilpc_store64(void *p, uint64_t u) { memcpy(p, &u, 8); }
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

/* ---- stages: inlined (default) or through function pointers -------------
 * The generated code passes the cipher id as a constant (cid); after
 * inlining, the switch is gone.  With ILPC_ILP_CALLS defined to 1 (ilpc
 * --ilp-calls), every stage is an indirect call through a pointer taken
 * once per message: cipher (ilpc_cipher_enc_fn/_dec_fn), checksum and store
 * (or load). */
typedef uint64_t (*ilpc_csum_unit_fn)(uint64_t acc, uint64_t unit);
typedef void (*ilpc_store_unit_fn)(uint8_t *dst, uint64_t unit);
typedef uint64_t (*ilpc_load_unit_fn)(const uint8_t *src);

typedef struct ilpc_ilp_fns {
    ilpc_unit_fn code;        /* encrypt (send) or decrypt (receive) */
    ilpc_csum_unit_fn sum;
    ilpc_store_unit_fn store;
    ilpc_load_unit_fn load;
} ilpc_ilp_fns;

/* Out-of-line stage functions (ilpc_ilp.c), for the calls variant. */
void ilpc_ilp_fns_init(ilpc_ilp_fns *f, ilpc_cipher_id id, int decrypt);

/* Cipher-id value used for the one instantiation of the calls variant. */
#define ILPC_CID_CALLS (-1)

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_enc(const int cid, ilpc_cipher *c, uint64_t u, uint64_t off)
{
    switch (cid) {
    case ILPC_CIPHER_NONE: return ilpc_none_enc(c, u, off);
    case ILPC_CIPHER_XOR: return ilpc_xor_enc(c, u, off);
    case ILPC_CIPHER_SAFER_SIMPLE: return ilpc_safer_simple_enc(c, u, off);
    case ILPC_CIPHER_SAFER_K64: return ilpc_safer_k64_enc(c, u, off);
    case ILPC_CIPHER_CHACHA20: return ilpc_chacha20_enc(c, u, off);
    default: return u;
    }
}

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_dec(const int cid, ilpc_cipher *c, uint64_t u, uint64_t off)
{
    switch (cid) {
    case ILPC_CIPHER_NONE: return ilpc_none_dec(c, u, off);
    case ILPC_CIPHER_XOR: return ilpc_xor_dec(c, u, off);
    case ILPC_CIPHER_SAFER_SIMPLE: return ilpc_safer_simple_dec(c, u, off);
    case ILPC_CIPHER_SAFER_K64: return ilpc_safer_k64_dec(c, u, off);
    case ILPC_CIPHER_CHACHA20: return ilpc_chacha20_dec(c, u, off);
    default: return u;
    }
}

/* ============================================= shorthands of generated bodies
 * Inside a generated send body `cid`, `c`, `s` and the hot state `t` are in
 * scope; inside a receive body `cid`, `c`, `r` and `t`. */
#define ILPC_TX(u)                                                           \
    do {                                                                     \
        int rc_ = ilpc_ilp_tx_unit(cid, c, s, &t, (u));                      \
        if (ILPC_UNLIKELY(rc_ != 0))                                         \
            return rc_;                                                      \
    } while (0)
#define ILPC_TX_DO(e)                                                        \
    do {                                                                     \
        int rc_ = (e);                                                       \
        if (ILPC_UNLIKELY(rc_ != 0))                                         \
            return rc_;                                                      \
    } while (0)
#define ILPC_RX() ilpc_ilp_rx_unit(cid, 1, c, r, &t)
#define ILPC_RX_DO(e) ILPC_TX_DO(e)

/* ========================================================== send: the sink */

/* Hot state, kept in locals of the generated functions (never address-taken
 * outside inlined code, so that it lives in registers). */
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
    int err;
    const ilpc_ilp_fns *fns; /* calls variant only */
} ilpc_ilp_tx;

/* Set up a send into slot (precondition: slot->len == the message length;
 * slot->seg_payload a non-zero multiple of 8, slot->seg_sums room for
 * slot->nsegs sums).  The state starts with the length placeholder pending:
 * the first XDR word completes unit 0, which the slow path holds back. */
void ilpc_ilp_tx_begin(ilpc_ilp_tx *s, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot);

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
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_unit(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h,
                                        uint64_t plain)
{
    uint64_t u;
    if (ILPC_UNLIKELY(h->dst == h->lim))
        return ilpc_ilp_tx_cold(s, h, plain);
#if defined(ILPC_ILP_CALLS) && ILPC_ILP_CALLS
    (void)cid;
    u = s->fns->code(c, plain, h->off);
    h->acc = s->fns->sum(h->acc, u);
    s->fns->store(h->dst, u);
#else
    u = ilpc_ilp_enc(cid, c, plain, h->off);
    h->acc = ilpc_csum_add_unit(h->acc, u);
    memcpy(h->dst, &u, 8);
#endif
    h->dst += 8;
    h->off += 8;
    return ILPC_OK;
}

/* One XDR word at run-time parity. */
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_word(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h,
                                        uint32_t w)
{
    if (h->odd) {
        h->odd = 0;
        return ilpc_ilp_tx_unit(cid, c, s, h, ilpc_unit_pack(h->pw, w));
    }
    h->pw = w;
    h->odd = 1;
    return ILPC_OK;
}

/* n units read from src (memory order, any alignment): the bulk loop of
 * opaque bodies.  The inner loop runs, without a limit compare, as many
 * units as fit before h->lim; the slow path handles the unit at the limit. */
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_units(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h,
                                         const uint8_t *src, size_t n)
{
    while (n) {
        size_t fast = (size_t)(h->lim - h->dst) / 8u;
        if (fast > n)
            fast = n;
        if (ILPC_UNLIKELY(fast == 0)) {
            int rc = ilpc_ilp_tx_cold(s, h, ilpc_load64(src));
            if (rc)
                return rc;
            src += 8;
            n--;
            continue;
        }
        n -= fast;
        {
            uint8_t *d = h->dst;
            uint64_t acc = h->acc, off = h->off;
            const uint8_t *end = src + 8u * fast;
#if defined(ILPC_ILP_CALLS) && ILPC_ILP_CALLS
            (void)cid;
            for (; src != end; src += 8, d += 8, off += 8) {
                uint64_t u = s->fns->code(c, s->fns->load(src), off);
                acc = s->fns->sum(acc, u);
                s->fns->store(d, u);
            }
#else
            for (; src != end; src += 8, d += 8, off += 8) {
                uint64_t u = ilpc_ilp_enc(cid, c, ilpc_load64(src), off);
                acc = ilpc_csum_add_unit(acc, u);
                memcpy(d, &u, 8);
            }
#endif
            h->dst = d;
            h->acc = acc;
            h->off = off;
        }
    }
    return ILPC_OK;
}

/* The body of an opaque/string/BIT STRING: n bytes at p, zero padding to 4.
 * Parity is looked at once: at odd parity the pending word and the first 4
 * bytes make a unit, then the same bulk loop runs 4 bytes further on. */
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_bytes(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h,
                                         const uint8_t *p, size_t n)
{
    int rc;
    size_t rest;
    if (n == 0)
        return ILPC_OK;
    if (h->odd) {
        size_t k = n < 4 ? n : 4;
        h->odd = 0;
        rc = ilpc_ilp_tx_unit(cid, c, s, h, ilpc_unit_pack(h->pw, ilpc_load_word_tail(p, k)));
        if (rc)
            return rc;
        p += k;
        n -= k;
    }
    rc = ilpc_ilp_tx_units(cid, c, s, h, p, n / 8u);
    if (rc)
        return rc;
    p += n & ~(size_t)7u;
    rest = n & 7u;
    if (rest > 4)
        return ilpc_ilp_tx_unit(cid, c, s, h, ilpc_load_tail(p, rest));
    if (rest) {
        h->pw = ilpc_load_word_tail(p, rest);
        h->odd = 1;
    }
    return ILPC_OK;
}

/* A run of n 4-byte integers stored as host-order uint32/int32 at p (an
 * array of XDR ints without per-element constraint): units from one 64-bit
 * load and a swap within the halves. */
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_ints(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h,
                                        const void *items, size_t n)
{
    const uint8_t *p = (const uint8_t *)items;
    int rc;
    if (n == 0)
        return ILPC_OK;
    if (h->odd) {
        uint32_t w;
        memcpy(&w, p, 4);
        h->odd = 0;
        rc = ilpc_ilp_tx_unit(cid, c, s, h, ilpc_unit_pack(h->pw, w));
        if (rc)
            return rc;
        p += 4;
        n--;
    }
    while (n >= 2) {
        size_t fast = (size_t)(h->lim - h->dst) / 8u, pairs = n / 2u;
        if (fast > pairs)
            fast = pairs;
        if (ILPC_UNLIKELY(fast == 0)) {
            rc = ilpc_ilp_tx_cold(s, h, ilpc_unit_hswap(ilpc_load64(p)));
            if (rc)
                return rc;
            p += 8;
            n -= 2;
            continue;
        }
        n -= 2u * fast;
        {
            uint8_t *d = h->dst;
            uint64_t acc = h->acc, off = h->off;
            const uint8_t *end = p + 8u * fast;
#if defined(ILPC_ILP_CALLS) && ILPC_ILP_CALLS
            (void)cid;
            for (; p != end; p += 8, d += 8, off += 8) {
                uint64_t u = s->fns->code(c, ilpc_unit_hswap(s->fns->load(p)), off);
                acc = s->fns->sum(acc, u);
                s->fns->store(d, u);
            }
#else
            for (; p != end; p += 8, d += 8, off += 8) {
                uint64_t u = ilpc_ilp_enc(cid, c, ilpc_unit_hswap(ilpc_load64(p)), off);
                acc = ilpc_csum_add_unit(acc, u);
                memcpy(d, &u, 8);
            }
#endif
            h->dst = d;
            h->acc = acc;
            h->off = off;
        }
    }
    if (n) {
        uint32_t w;
        memcpy(&w, p, 4);
        h->pw = w; /* the int's value: a host-order number */
        h->odd = 1;
    }
    return ILPC_OK;
}

/* Part C and part A.  Flushes the pending word with zero padding (the last
 * unit, part C), checks that exactly slot->len bytes were produced, then
 * completes unit 0 with BE32(L), encrypts, sums and stores it (part A), and
 * stores the sums of the last segment and of segment 0. */
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_end(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h)
{
    int rc;
    size_t L;
    uint64_t u0;
    if (h->odd) {
        /* part C: the last unit, with the pending word and 4 zero bytes */
        h->odd = 0;
        rc = ilpc_ilp_tx_unit(cid, c, s, h, ilpc_unit_pack(h->pw, 0));
        if (rc)
            return rc;
        L = s->slot->len - 8u; /* 4 length bytes, 4 pad bytes */
    } else {
        L = s->slot->len - 4u;
    }
    /* every byte of the slot was produced, no more */
    if (s->span_m + (size_t)(h->dst - s->span_p) != s->slot->len)
        return ILPC_E_SLOT;
    /* part A: unit 0, now that L is known */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    u0 = s->unit0 | __builtin_bswap32((uint32_t)L);
#else
    u0 = s->unit0 | (uint64_t)(uint32_t)L << 32;
#endif
#if defined(ILPC_ILP_CALLS) && ILPC_ILP_CALLS
    (void)cid;
    u0 = s->fns->code(c, u0, s->off0);
#else
    u0 = ilpc_ilp_enc(cid, c, u0, s->off0);
#endif
    if (s->seg == 0) {
        s->slot->seg_sums[0] = ilpc_csum_fold(ilpc_csum_add_unit(h->acc, u0));
    } else {
        s->slot->seg_sums[s->seg] = ilpc_csum_fold(h->acc);
        s->slot->seg_sums[0] = ilpc_csum_fold(ilpc_csum_add_unit(s->acc0, u0));
    }
    if (ILPC_LIKELY(s->slot->n[0] >= 8)) {
        memcpy(s->slot->p[0], &u0, 8);
    } else {
        uint8_t b[8];
        memcpy(b, &u0, 8);
        memcpy(s->slot->p[0], b, s->slot->n[0]);
        memcpy(s->slot->p[1], b + s->slot->n[0], 8 - s->slot->n[0]);
    }
    return ILPC_OK;
}

/* ======================================================= receive: the source */

typedef struct ilpc_ilp_rxh {
    const uint8_t *src; /* next ciphertext unit */
    const uint8_t *lim; /* src == lim: slow path (span switch) */
    uint64_t acc;       /* checksum accumulator (fused receive) */
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

/* The unit at h->src == h->lim: switch spans, assemble a unit that straddles
 * them.  Returns the ciphertext unit (zeros past the input, and s->err). */
uint64_t ilpc_ilp_rx_slow(ilpc_ilp_rx *r, ilpc_ilp_rxh *h);

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_rx_cold(ilpc_ilp_rx *r, ilpc_ilp_rxh *h)
{
    ilpc_ilp_rxh t = *h;
    uint64_t u = ilpc_ilp_rx_slow(r, &t);
    *h = t;
    return u;
}

/* Next unit: load, add the ciphertext to the sum (if csum), decrypt. */
ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_rx_unit(const int cid, const int csum, ilpc_cipher *c, ilpc_ilp_rx *r,
                                             ilpc_ilp_rxh *h)
{
    uint64_t u;
    if (ILPC_UNLIKELY(h->src == h->lim)) {
        u = ilpc_ilp_rx_cold(r, h);
    } else {
#if defined(ILPC_ILP_CALLS) && ILPC_ILP_CALLS
        u = r->fns->load(h->src);
#else
        memcpy(&u, h->src, 8);
#endif
        h->src += 8;
    }
#if defined(ILPC_ILP_CALLS) && ILPC_ILP_CALLS
    (void)cid;
    if (csum)
        h->acc = r->fns->sum(h->acc, u);
    u = r->fns->code(c, u, h->off);
#else
    if (csum)
        h->acc = ilpc_csum_add_unit(h->acc, u);
    u = ilpc_ilp_dec(cid, c, u, h->off);
#endif
    h->off += 8;
    return u;
}

/* Next XDR word at run-time parity (the caller checked h->rem). */
ILPC_ALWAYS_INLINE uint32_t ilpc_ilp_rx_word(const int cid, const int csum, ilpc_cipher *c, ilpc_ilp_rx *r,
                                             ilpc_ilp_rxh *h)
{
    uint64_t n;
    if (h->odd) {
        h->odd = 0;
        return h->pw;
    }
    n = ilpc_unit_num(ilpc_ilp_rx_unit(cid, csum, c, r, h));
    h->pw = (uint32_t)n;
    h->odd = 1;
    return (uint32_t)(n >> 32);
}

/* n units decrypted straight to dst (any alignment). */
ILPC_ALWAYS_INLINE void ilpc_ilp_rx_units(const int cid, const int csum, ilpc_cipher *c, ilpc_ilp_rx *r,
                                          ilpc_ilp_rxh *h, uint8_t *dst, size_t n)
{
    while (n) {
        size_t fast = (size_t)(h->lim - h->src) / 8u;
        if (fast > n)
            fast = n;
        if (ILPC_UNLIKELY(fast == 0)) {
            uint64_t u = ilpc_ilp_rx_unit(cid, csum, c, r, h);
            memcpy(dst, &u, 8);
            dst += 8;
            n--;
            continue;
        }
        n -= fast;
        {
            const uint8_t *src = h->src, *end = h->src + 8u * fast;
            uint64_t acc = h->acc, off = h->off;
#if defined(ILPC_ILP_CALLS) && ILPC_ILP_CALLS
            (void)cid;
            for (; src != end; src += 8, dst += 8, off += 8) {
                uint64_t u = r->fns->load(src);
                if (csum)
                    acc = r->fns->sum(acc, u);
                r->fns->store(dst, r->fns->code(c, u, off));
            }
#else
            for (; src != end; src += 8, dst += 8, off += 8) {
                uint64_t u;
                memcpy(&u, src, 8);
                if (csum)
                    acc = ilpc_csum_add_unit(acc, u);
                u = ilpc_ilp_dec(cid, c, u, off);
                memcpy(dst, &u, 8);
            }
#endif
            h->src = src;
            h->acc = acc;
            h->off = off;
        }
    }
}

/* The body of an opaque/string/BIT STRING: n bytes into dst, then the zero
 * padding to 4, which is checked.  The caller checked h->rem >= pad4(n) and
 * subtracted it.  ILPC_OK or ILPC_E_PADDING. */
ILPC_ALWAYS_INLINE int ilpc_ilp_rx_bytes(const int cid, const int csum, ilpc_cipher *c, ilpc_ilp_rx *r,
                                         ilpc_ilp_rxh *h, uint8_t *dst, size_t n)
{
    size_t rest;
    uint8_t t[8];
    if (n == 0)
        return ILPC_OK;
    if (h->odd) {
        size_t k = n < 4 ? n : 4;
        ilpc_put32(t, h->pw);
        h->odd = 0;
        memcpy(dst, t, k);
        if (k < 4 && !ilpc_pad_is_zero(t, k))
            return ILPC_E_PADDING;
        dst += k;
        n -= k;
    }
    ilpc_ilp_rx_units(cid, csum, c, r, h, dst, n / 8u);
    dst += n & ~(size_t)7u;
    rest = n & 7u;
    if (rest) {
        uint64_t u = ilpc_ilp_rx_unit(cid, csum, c, r, h);
        memcpy(t, &u, 8);
        memcpy(dst, t, rest);
        if (rest <= 4) {
            /* the data ends in the first half: the second half is the next word */
            if (!ilpc_pad_is_zero(t, rest))
                return ILPC_E_PADDING;
            h->pw = ilpc_get32(t + 4);
            h->odd = 1;
        } else if (!ilpc_pad_is_zero(t, rest)) {
            return ILPC_E_PADDING;
        }
    }
    return ILPC_OK;
}

/* A run of n XDR ints into host-order int32_t/uint32_t items. */
ILPC_ALWAYS_INLINE void ilpc_ilp_rx_ints(const int cid, const int csum, ilpc_cipher *c, ilpc_ilp_rx *r,
                                         ilpc_ilp_rxh *h, void *items, size_t n)
{
    uint8_t *p = (uint8_t *)items;
    if (n == 0)
        return;
    if (h->odd) {
        memcpy(p, &h->pw, 4);
        h->odd = 0;
        p += 4;
        n--;
    }
    while (n >= 2) {
        size_t fast = (size_t)(h->lim - h->src) / 8u, pairs = n / 2u;
        if (fast > pairs)
            fast = pairs;
        if (ILPC_UNLIKELY(fast == 0)) {
            uint64_t u = ilpc_unit_hswap(ilpc_ilp_rx_unit(cid, csum, c, r, h));
            memcpy(p, &u, 8);
            p += 8;
            n -= 2;
            continue;
        }
        n -= 2u * fast;
        {
            const uint8_t *src = h->src, *end = h->src + 8u * fast;
            uint64_t acc = h->acc, off = h->off;
            for (; src != end; src += 8, p += 8, off += 8) {
                uint64_t u;
#if defined(ILPC_ILP_CALLS) && ILPC_ILP_CALLS
                (void)cid;
                u = r->fns->load(src);
                if (csum)
                    acc = r->fns->sum(acc, u);
                r->fns->store(p, ilpc_unit_hswap(r->fns->code(c, u, off)));
#else
                memcpy(&u, src, 8);
                if (csum)
                    acc = ilpc_csum_add_unit(acc, u);
                u = ilpc_unit_hswap(ilpc_ilp_dec(cid, c, u, off));
                memcpy(p, &u, 8);
#endif
            }
            h->src = src;
            h->acc = acc;
            h->off = off;
        }
    }
    if (n) {
        uint64_t nn = ilpc_unit_num(ilpc_ilp_rx_unit(cid, csum, c, r, h));
        uint32_t w = (uint32_t)(nn >> 32);
        memcpy(p, &w, 4);
        h->pw = (uint32_t)nn;
        h->odd = 1;
    }
}

/* Set up a receive over one or two spans (n[1] may be 0).  Decrypts unit 0
 * and returns L in *L (the caller checks the lengths); the first XDR word is
 * pending (odd parity), h->rem = L. */
void ilpc_ilp_rx_begin(ilpc_ilp_rx *r, ilpc_cipher *c, uint64_t stream_off, const uint8_t *const p[2],
                       const size_t n[2]);

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

/* Layered send, after the marshalling loop wrote BE32(L) | XDR into msg:
 * pad, encrypt in place, copy into the slot's spans, then checksum every
 * segment's payload from the ring.  Each step is one bulk loop. */
int ilpc_layered_seal(ilpc_cipher *c, uint64_t stream_off, uint8_t *msg, size_t xdr_len, ilpc_tx_slot *slot);

/* Checksum step of the layered receive: ILPC_OK, or ILPC_E_CHECKSUM; sets
 * *csum_ok as described at ilpc_ilp_verdict. */
int ilpc_layered_check(const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok);

/* True when the n bytes at p are all zero. */
static inline int ilpc_ilp_zero(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != 0)
            return 0;
    return 1;
}

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

/* ============================================================= in-memory ring */

/* A slot provider for tests and benchmarks when there is no TCP: a region
 * of `ring` (the runtime's ilpc_ring storage, or any buffer of cap bytes)
 * starting at storage index `start`, wrapping at cap; segments of seg_payload
 * bytes (a multiple of 8); sums into the caller's array (>= nsegs entries,
 * see ilpc_ilp_nsegs).  ILPC_OK or ILPC_E_SLOT (bad arguments). */
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
