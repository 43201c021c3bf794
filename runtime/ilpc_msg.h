/*
 * ilpc_msg.h - the send and receive paths of a message type, written once.
 *
 * ilpc generates, for every message type T (a PDU: by default a type that no
 * other type uses, or one named with ilpc --pdu), the fused send and receive
 * bodies of T, instantiated once per cipher, and one constant descriptor,
 * `const ilpc_msg_type T_msg`, that points at them.  Everything else about
 * sending and receiving a message is the same for every type and lives here:
 * the checks of the slot and the cipher, the order of the parts (B and C in
 * the body, then A), the checksum verdict, the tiled and layered strategies
 * and the choice between the three (the cost model's rules).  The typed
 * functions of a generated header (T_ilp_send, T_recv, ...) are one-line
 * wrappers of the functions below.
 *
 * A message is E(BE32(L) | XDR(v) | zero pad to a multiple of 8), where L is
 * the XDR length and E the cipher applied in 8-byte units at stream offsets
 * stream_off, stream_off + 8, ... (docs/ilp.md, "The message").  With an
 * authenticated cipher it is the record BE32(L) | C | T of docs/ilp.md,
 * "Authenticated records": the AEAD of XDR(v) with associated data BE32(L)
 * and the nonce of record number c->u.ae.seq, which every path that sends or
 * delivers a record moves on by one (stream_off is not used).  A receive
 * delivers nothing of a record whose tag does not verify (ILPC_E_AUTH).
 * aes-128-gcm has no fused path (ILPC_E_CIPHER): libcrypto runs it, tiled or
 * layered.
 *
 * Contracts (the same for all three strategies: same bytes, same sums, same
 * error codes):
 *
 *   ilpc_msg_ilp_send(t, v, c, stream_off, slot)
 *       Marshal, encrypt, checksum and store v into the slot's spans in one
 *       pass, in the order part B, part C, part A; the folded sum of every
 *       segment's payload goes into slot->seg_sums.  slot->len must be
 *       ilpc_msg_len(t, v) (else ILPC_E_SLOT).  On an error nothing is
 *       committed: the slot's bytes and sums are unspecified and the caller
 *       cancels the reservation.
 *   ilpc_msg_ilp_recv(t, v, c, stream_off, payload, len, hdr_sum, csum_ok)
 *       One pass over one whole message: checksum, decrypt, unmarshal into v
 *       (a staging value, zeroed first).  hdr_sum: the checksum accumulator of
 *       the pseudo-header and TCP header, or 0 for "no header": then nothing
 *       is verified and *csum_ok (if not NULL) gets the folded payload sum;
 *       otherwise *csum_ok = 1 if the segment verifies, else 0.  Returns
 *       ILPC_OK (v delivered), ILPC_E_CHECKSUM (takes precedence over every
 *       other error), ILPC_E_MSGLEN (len is not roundup8(4 + L), or L cannot
 *       be a T), or a decoding error.  On any error v is freed and zeroed.
 *   ilpc_msg_ilp_recv_spans(t, v, c, stream_off, p, n, used)
 *       The same over a reassembled byte stream in two spans (p[1] may be
 *       NULL), without a checksum (TCP verified the segments).  *used = the
 *       message length once known; ILPC_E_INCOMPLETE if the spans do not hold
 *       all of it yet.  A whole record (an AEAD) whose decoding fails is
 *       checked against its tag, as by ilpc_msg_ilp_recv: ILPC_E_AUTH if
 *       it was changed, the decoding error if the tag is good.
 *   ilpc_msg_tiled_send / ilpc_msg_tiled_recv (..., scratch)
 *       The fused body marshals (unmarshals) a tile of ILPC_TILE_BYTES at a
 *       time; the cipher and the checksum run over each tile as bulk loops
 *       while it is in L1.  The tile lives in scratch (allocated once, then
 *       reused).
 *   ilpc_msg_layered_send / ilpc_msg_layered_recv (..., scratch)
 *       The layered baseline: marshal into a buffer, then frame, encrypt,
 *       copy and checksum, each a separate bulk loop.
 *   ilpc_msg_send / ilpc_msg_recv (..., scratch)
 *       Whichever of the three the type's rules give for the cipher and the
 *       message length (ilpc_msg_path; ilpc --explain says why).
 */
#ifndef ILPC_MSG_H_INCLUDED
#define ILPC_MSG_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

#include "ilpc_ilp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The fused bodies of a type, as the descriptor holds them: v is a T. */
typedef int (*ilpc_msg_put_fn)(ilpc_cipher *c, ilpc_ilp_tx *s, const void *v, int top);
typedef int (*ilpc_msg_get_fn)(ilpc_cipher *c, ilpc_ilp_rx *r, void *v, int top);

enum {
    /* The send body holds unit 0 back itself (its encoding starts with a word
     * of a block), so the sink's slow path need not look for it. */
    ILPC_MSG_HOLDS_UNIT0 = 1u << 0,
    /* Receiving consults the run-time limits (ilpc_xdr_set_limits): the type
     * has an unbounded length or count, or is recursive. */
    ILPC_MSG_LIMITS = 1u << 1,
    /* The encoding has no upper bound: L is checked against max_length. */
    ILPC_MSG_UNBOUNDED = 1u << 2,
    /* One instantiation of each body, through function pointers, serves every
     * cipher (ilpc --ilp-calls, or a compact build: ILPC_ILP_COMPACT). */
    ILPC_MSG_ONE_BODY = 1u << 3
};

struct ilpc_msg_type;

/* The paths of a message type in an encoding other than XDR (ilpc_ber_msg.h: the BER
 * family's), with the contracts above and that encoding's framing.  path: the
 * ILPC_PATH_* to take; ilpc_msg_send and ilpc_msg_recv pick it by the type's rules. */
typedef struct ilpc_msg_ops {
    size_t (*len)(const struct ilpc_msg_type *t, const void *v, ilpc_cipher_id cipher);
    int (*send)(const struct ilpc_msg_type *t, int path, const void *v, ilpc_cipher *c, uint64_t stream_off,
                ilpc_tx_slot *slot, ilpc_scratch *scratch);
    int (*recv)(const struct ilpc_msg_type *t, int path, void *v, ilpc_cipher *c, uint64_t stream_off,
                const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch);
    int (*recv_spans)(const struct ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                      const uint8_t *const p[2], const size_t n[2], size_t *used);
} ilpc_msg_ops;

/* What the generic paths need to know about a message type T. */
typedef struct ilpc_msg_type {
    const char *name;           /* "Module.Type" */
    size_t value_size;          /* sizeof(T) */
    uint32_t min_len, max_len;  /* XDR length range (max_len unused if UNBOUNDED) */
    unsigned flags;             /* ILPC_MSG_* */
    ilpc_msg_put_fn put[ILPC_UNIT_CIPHER_COUNT]; /* fused send body, per cipher id with a unit stage */
    ilpc_msg_get_fn get[ILPC_UNIT_CIPHER_COUNT]; /* fused receive body, per cipher id with a unit stage */
    size_t (*xdr_size)(const void *v);                            /* T_size */
    int (*xdr_put)(ilpc_xdr_writer *w, const void *v);            /* T_put */
    int (*xdr_decode)(void *v, const uint8_t *buf, size_t len);  /* T_decode */
    void (*xdr_free)(void *v);                                    /* T_free */
    /* The rules of ilpc_msg_send and ilpc_msg_recv, [ILPC_CIPHER_COUNT] each:
     * the row of the target profile the generated file was compiled for. */
    const ilpc_path_rule *send_rule, *recv_rule;
    /* NULL for XDR; else the paths of the type's encoding, which has no fused bodies
     * (put, get, xdr_put unused): xdr_size, xdr_decode and xdr_free are that
     * encoding's size, decode and T_free, and codec what ops need besides. */
    const ilpc_msg_ops *ops;
    const void *codec;
} ilpc_msg_type;

/* The slot length to reserve for v with a cipher: roundup8(4 + T_size(v)), or
 * 20 + T_size(v) for a record of an authenticated cipher. */
static inline size_t ilpc_msg_len(const ilpc_msg_type *t, const void *v, ilpc_cipher_id cipher)
{
    if (t->ops != NULL)
        return t->ops->len(t, v, cipher);
    return ilpc_ilp_record_len(cipher, t->xdr_size(v));
}

/* Is L, read from a length word, a possible XDR length of the type?  ILPC_OK,
 * ILPC_E_MSGLEN, or ILPC_E_LIMIT (unbounded type, L above max_length). */
ILPC_ALWAYS_INLINE int ilpc_msg_check_len(uint32_t L, uint32_t min_len, uint32_t max_len, const int unbounded,
                                          uint32_t max_length)
{
    if (L < min_len)
        return ILPC_E_MSGLEN;
    if (unbounded)
        return L > max_length ? (int)ILPC_E_LIMIT : (int)ILPC_OK;
    return L > max_len ? (int)ILPC_E_MSGLEN : (int)ILPC_OK;
}

/* The length word L of a message being received over r: for a whole message
 * (r->exact) the framing first, then the type's range, so that every path gives
 * a message whose length word does not match its payload the same code,
 * ILPC_E_MSGLEN; for a stream the range first (an impossible L is refused at
 * once, not waited for), then ILPC_E_INCOMPLETE while the message is not all there. */
ILPC_ALWAYS_INLINE int ilpc_msg_rx_length(ilpc_ilp_rx *r, uint32_t L, uint32_t min_len, uint32_t max_len,
                                          const int unbounded)
{
    int rc = r->exact ? ilpc_ilp_rx_frame(r, L) : (int)ILPC_OK;
    if (rc == ILPC_OK)
        rc = ilpc_msg_check_len(L, min_len, max_len, unbounded, r->max_length);
    if (rc == ILPC_OK && !r->exact)
        rc = ilpc_ilp_rx_frame(r, L);
    return rc;
}

int ilpc_msg_ilp_send(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off,
                      ilpc_tx_slot *slot);
int ilpc_msg_ilp_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload,
                      size_t len, uint64_t hdr_sum, int *csum_ok);
int ilpc_msg_ilp_recv_spans(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                            const uint8_t *const p[2], const size_t n[2], size_t *used);
int ilpc_msg_tiled_send(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off,
                        ilpc_tx_slot *slot, ilpc_scratch *scratch);
int ilpc_msg_tiled_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                        const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch);
int ilpc_msg_layered_send(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off,
                          ilpc_tx_slot *slot, ilpc_scratch *scratch);
int ilpc_msg_layered_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                          const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch);

/* The path ilpc_msg_send (send != 0) or ilpc_msg_recv takes for a message of
 * len bytes: ILPC_PATH_FUSED, _TILED or _LAYERED; -1 for an unknown cipher. */
static inline int ilpc_msg_path(const ilpc_msg_type *t, int send, ilpc_cipher_id cipher, size_t len)
{
    int path;
    if ((unsigned)cipher >= ILPC_CIPHER_COUNT)
        return -1;
    path = ilpc_path_pick(&(send ? t->send_rule : t->recv_rule)[cipher], len);
    /* a cipher without a unit stage has no fused path */
    return path == ILPC_PATH_FUSED && (unsigned)cipher >= ILPC_UNIT_CIPHER_COUNT ? ILPC_PATH_TILED : path;
}

int ilpc_msg_send(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot,
                  ilpc_scratch *scratch);
int ilpc_msg_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload,
                  size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch);

/* ILPC_MSG_API(T): the typed names of the paths above for a message type T
 * whose descriptor is T_msg (each a one-line inline wrapper):
 *   size_t T_msg_len(const T *v, ilpc_cipher_id cipher);
 *   int T_ilp_send(const T *v, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot);
 *   int T_ilp_recv(T *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload, size_t len,
 *                  uint64_t hdr_sum, int *csum_ok);
 *   int T_ilp_recv_spans(T *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *const p[2],
 *                        const size_t n[2], size_t *used);
 *   int T_tiled_send(const T *v, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot, ilpc_scratch *scratch);
 *   int T_tiled_recv(T *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload, size_t len,
 *                    uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch);
 *   int T_layered_send(...), T_layered_recv(...): as T_tiled_send, T_tiled_recv;
 *   int T_send(...), T_recv(...): as T_tiled_send, T_tiled_recv, by the rules;
 *   int T_path(int send, ilpc_cipher_id cipher, size_t len); */
#define ILPC_MSG_API(T)                                                                                  \
    static inline size_t T##_msg_len(const T *v, ilpc_cipher_id cipher)                                 \
    {                                                                                                   \
        return ilpc_ilp_record_len(cipher, T##_size(v));                                                \
    }                                                                                                   \
    static inline int T##_ilp_send(const T *v, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot) \
    {                                                                                                   \
        return ilpc_msg_ilp_send(&T##_msg, v, c, stream_off, slot);                                     \
    }                                                                                                   \
    static inline int T##_ilp_recv(T *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload,   \
                                   size_t len, uint64_t hdr_sum, int *csum_ok)                          \
    {                                                                                                   \
        return ilpc_msg_ilp_recv(&T##_msg, v, c, stream_off, payload, len, hdr_sum, csum_ok);           \
    }                                                                                                   \
    static inline int T##_ilp_recv_spans(T *v, ilpc_cipher *c, uint64_t stream_off,                     \
                                         const uint8_t *const p[2], const size_t n[2], size_t *used)    \
    {                                                                                                   \
        return ilpc_msg_ilp_recv_spans(&T##_msg, v, c, stream_off, p, n, used);                         \
    }                                                                                                   \
    static inline int T##_tiled_send(const T *v, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot, \
                                     ilpc_scratch *scratch)                                             \
    {                                                                                                   \
        return ilpc_msg_tiled_send(&T##_msg, v, c, stream_off, slot, scratch);                          \
    }                                                                                                   \
    static inline int T##_tiled_recv(T *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload, \
                                     size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch) \
    {                                                                                                   \
        return ilpc_msg_tiled_recv(&T##_msg, v, c, stream_off, payload, len, hdr_sum, csum_ok, scratch); \
    }                                                                                                   \
    static inline int T##_layered_send(const T *v, ilpc_cipher *c, uint64_t stream_off,                 \
                                       ilpc_tx_slot *slot, ilpc_scratch *scratch)                       \
    {                                                                                                   \
        return ilpc_msg_layered_send(&T##_msg, v, c, stream_off, slot, scratch);                        \
    }                                                                                                   \
    static inline int T##_layered_recv(T *v, ilpc_cipher *c, uint64_t stream_off,                       \
                                       const uint8_t *payload, size_t len, uint64_t hdr_sum,            \
                                       int *csum_ok, ilpc_scratch *scratch)                             \
    {                                                                                                   \
        return ilpc_msg_layered_recv(&T##_msg, v, c, stream_off, payload, len, hdr_sum, csum_ok,       \
                                     scratch);                                                          \
    }                                                                                                   \
    static inline int T##_path(int send, ilpc_cipher_id cipher, size_t len)                            \
    {                                                                                                   \
        return ilpc_msg_path(&T##_msg, send, cipher, len);                                              \
    }                                                                                                   \
    static inline int T##_send(const T *v, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot,     \
                               ilpc_scratch *scratch)                                                   \
    {                                                                                                   \
        return ilpc_msg_send(&T##_msg, v, c, stream_off, slot, scratch);                                \
    }                                                                                                   \
    static inline int T##_recv(T *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload,       \
                               size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch)       \
    {                                                                                                   \
        return ilpc_msg_recv(&T##_msg, v, c, stream_off, payload, len, hdr_sum, csum_ok, scratch);      \
    }

/* ---- for generated code --------------------------------------------------
 * A type's fused bodies T_ilp_put_body and T_ilp_get_body (always-inline, taking a
 * constant cipher id) have one entry point per cipher, T_ilp_put_<cipher> and
 * T_ilp_get_<cipher>, each with its cipher inlined: ILPC_MSG_BODIES_EACH(linkage,
 * T) defines them.  In a one-body build (ilpc --ilp-calls, or a compact build:
 * ILPC_ILP_COMPACT) ILPC_MSG_BODIES_ONE instantiates each body once, with its
 * stages called through pointers, as T_ilp_put_none/T_ilp_get_none, and the other
 * entry points forward to it, so that every name below exists in both builds.
 * ILPC_MSG_PUTS(T) and ILPC_MSG_GETS(T) initialise a descriptor's arrays;
 * ILPC_MSG_PUT(cid, T) and ILPC_MSG_GET(cid, T) name the entry point for a
 * constant cid (a body calling another type's body: the choice folds to one
 * direct call); ILPC_MSG_DECLARE_BODIES(T) declares the entry points of a
 * type whose body another module calls. */
#define ILPC_MSG_BODIES_EACH(linkage, T) ILPC_UNIT_CIPHERS(ILPC_MSG_EACH_, linkage, T)
#define ILPC_MSG_BODIES_ONE(linkage, T) ILPC_UNIT_CIPHERS(ILPC_MSG_ONE_, linkage, T)
#define ILPC_MSG_DECLARE_BODIES(linkage, T) ILPC_UNIT_CIPHERS(ILPC_MSG_DECLARE_, linkage, T)
#define ILPC_MSG_PUTS(T) {ILPC_UNIT_CIPHERS(ILPC_MSG_PUTS_, T, )}
#define ILPC_MSG_GETS(T) {ILPC_UNIT_CIPHERS(ILPC_MSG_GETS_, T, )}
/* cid is a constant in an instantiated body: the choice folds to one direct call
 * (ILPC_CID_CALLS, in a one-body build, picks T_ilp_put_none: the only body). */
#define ILPC_MSG_PUT(cid, T) (ILPC_UNIT_CIPHERS(ILPC_MSG_PUT_, cid, T) T##_ilp_put_none)
#define ILPC_MSG_GET(cid, T) (ILPC_UNIT_CIPHERS(ILPC_MSG_GET_, cid, T) T##_ilp_get_none)

/* The parts of the macros above, one per cipher of ILPC_UNIT_CIPHERS. */
#define ILPC_MSG_EACH_(linkage, T, ID, sfx, ...)                                                       \
    linkage int T##_ilp_put_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const void *v, int top)               \
    {                                                                                                  \
        return T##_ilp_put_body(ILPC_CIPHER_##ID, c, s, (const T *)v, top);                            \
    }                                                                                                  \
    linkage int T##_ilp_get_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, void *v, int top)                     \
    {                                                                                                  \
        return T##_ilp_get_body(ILPC_CIPHER_##ID, c, r, (T *)v, top);                                  \
    }
/* the entry point of `none` is the body (ILPC_CID_CALLS); the others call it (the
 * condition is a constant: the other branch is never compiled) */
#define ILPC_MSG_ONE_(linkage, T, ID, sfx, ...)                                                        \
    linkage int T##_ilp_put_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const void *v, int top)               \
    {                                                                                                  \
        return ILPC_CIPHER_##ID == ILPC_CIPHER_NONE ? T##_ilp_put_body(ILPC_CID_CALLS, c, s, (const T *)v, top) \
                                                    : T##_ilp_put_none(c, s, v, top);                  \
    }                                                                                                  \
    linkage int T##_ilp_get_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, void *v, int top)                     \
    {                                                                                                  \
        return ILPC_CIPHER_##ID == ILPC_CIPHER_NONE ? T##_ilp_get_body(ILPC_CID_CALLS, c, r, (T *)v, top) \
                                                    : T##_ilp_get_none(c, r, v, top);                  \
    }
#define ILPC_MSG_DECLARE_(linkage, T, ID, sfx, ...)                                                    \
    linkage int T##_ilp_put_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const void *v, int top);              \
    linkage int T##_ilp_get_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, void *v, int top);
#define ILPC_MSG_PUTS_(T, b, ID, sfx, ...) T##_ilp_put_##sfx,
#define ILPC_MSG_GETS_(T, b, ID, sfx, ...) T##_ilp_get_##sfx,
#define ILPC_MSG_PUT_(cid, T, ID, sfx, ...) (cid) == ILPC_CIPHER_##ID ? T##_ilp_put_##sfx:
#define ILPC_MSG_GET_(cid, T, ID, sfx, ...) (cid) == ILPC_CIPHER_##ID ? T##_ilp_get_##sfx:

/* ILPC_MSG_XDR_ADAPTERS(T) defines T's XDR functions with the descriptor's
 * untyped signatures (T_size_any, ...); ILPC_MSG_XDR(T) initialises the
 * descriptor's four pointers to them. */
#define ILPC_MSG_XDR_ADAPTERS(T)                                                                      \
    static size_t T##_size_any(const void *v) { return T##_size((const T *)v); }                     \
    static int T##_put_any(ilpc_xdr_writer *w, const void *v) { return T##_put(w, (const T *)v); }    \
    static int T##_decode_any(void *v, const uint8_t *b, size_t n) { return T##_decode((T *)v, b, n); } \
    static void T##_free_any(void *v) { T##_free((T *)v); }
#define ILPC_MSG_XDR(T) T##_size_any, T##_put_any, T##_decode_any, T##_free_any
/* ILPC_MSG_DEFINE(T, name, min_len, max_len, flags, send_rule, recv_rule): the
 * adapters and the descriptor `const ilpc_msg_type T_msg` of a message type. */
#define ILPC_MSG_DEFINE(T, name, min_len, max_len, flags, send_rule, recv_rule)                       \
    ILPC_MSG_XDR_ADAPTERS(T)                                                                          \
    const ilpc_msg_type T##_msg = {name, sizeof(T), min_len, max_len, flags, ILPC_MSG_PUTS(T),        \
                                   ILPC_MSG_GETS(T), ILPC_MSG_XDR(T), send_rule, recv_rule, NULL, NULL};
#ifdef __cplusplus
}
#endif

#endif /* ILPC_MSG_H_INCLUDED */
