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
 *   - the layered baseline's steps, a scratch buffer type, an in-memory slot;
 *   - the tiled strategy, between the two: the generated body of cipher
 *     `none` (identity stage) runs with its sink pointed at a tile of
 *     ILPC_TILE_BYTES instead of the ring (send), or its source at a tile of
 *     decrypted payload (receive); the slow paths see s->tile / r->tile and
 *     flush or refill the tile with the bulk loops: cipher, copy, checksum.
 *
 * Message format (docs/ilp.md, Wire format): E(BE32(L) | XDR | zero pad to 8), units
 * at message offsets 0, 8, ...; the cipher's `off` is stream_off + offset.
 * Send order (docs/ilp.md, Wire format and section 4): units 1..K-2 (part B), unit K-1 (part C, with
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

/* ILPC_ILP_COMPACT=1: the generated bodies call the out-of-line copies of the
 * bulk loops for every cipher instead of inlining them for none and xor (the
 * same loop bodies; much less code to compile).  On by default in sanitizer
 * builds and unoptimised ones (-O0, a debug build), where compile time matters
 * and speed does not: at -O0 the per-cipher bodies' forced inlining takes longer
 * to compile than an -O2 build of them. */
#ifndef ILPC_ILP_COMPACT
#if defined(__SANITIZE_ADDRESS__)
#define ILPC_ILP_COMPACT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ILPC_ILP_COMPACT 1
#endif
#endif
#endif
#if !defined(ILPC_ILP_COMPACT) && (defined(__GNUC__) || defined(__clang__)) && !defined(__OPTIMIZE__)
#define ILPC_ILP_COMPACT 1
#endif
#ifndef ILPC_ILP_COMPACT
#define ILPC_ILP_COMPACT 0
#endif

/* SSE2 (every x86-64) carries the bulk loops of `none` and `xor` 16 bytes at a
 * time, AVX2 32 bytes where the CPU has it; elsewhere, or with -DILPC_NO_SIMD=1,
 * they are scalar.  The same switch and the same choice as the layered path's
 * checksum and `xor` loops (ilpc_csum.h, SIMD).  A compact body calls its bulk
 * loops out of line, in ilpc_ilp.c (which defines ILPC_ILP_OUT_OF_LINE): the
 * vector loops are compiled there and not in the generated files, which then
 * need not read <immintrin.h> (some 46,000 lines, most of a small file's
 * compile time). */
#if ILPC_SIMD_SSE2 && (!ILPC_ILP_COMPACT || defined(ILPC_ILP_OUT_OF_LINE))
#define ILPC_ILP_SSE2 1
#include <immintrin.h> /* the AVX2 loops below */
#else
#define ILPC_ILP_SSE2 0
#endif

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

/* The codes of the ILP paths (ILPC_E_CHECKSUM .. ILPC_E_NONCE) and
 * ilpc_ilp_strerror are ilpc_error.h's (through ilpc_xdr.h). */

/* Message length for an XDR body of L bytes: roundup8(4 + L). */
static inline size_t ilpc_ilp_msg_len(size_t xdr_len) { return (xdr_len + 4u + 7u) & ~(size_t)7u; }
/* The same for a cipher: 4 + L + 16 for the authenticated ones (a record). */
static inline size_t ilpc_ilp_record_len(ilpc_cipher_id id, size_t xdr_len)
{
    return ilpc_cipher_is_aead(id) ? xdr_len + ILPC_AEAD_OVERHEAD : ilpc_ilp_msg_len(xdr_len);
}
/* Can len bytes be a message of cipher id? */
static inline int ilpc_ilp_len_ok(ilpc_cipher_id id, size_t len)
{
    if (ilpc_cipher_is_aead(id))
        return len >= ILPC_AEAD_OVERHEAD && len % 4 == 0;
    return len >= 8 && len % 8 == 0;
}

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
/* The first n (< 8) bytes at p, zero-filled to a unit.  (n & 7: the bound,
 * stated so that no compiler warns about constants it propagated into
 * branches that never run.) */
ILPC_ALWAYS_INLINE uint64_t ilpc_load_tail(const uint8_t *p, size_t n)
{
    uint8_t t[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    memcpy(t, p, n & 7u);
    return ilpc_load64(t);
}
/* The n (1..7) bytes before end as the first bytes of a unit, zeros after; when
 * at least 8 bytes are readable before end (avail), with one in-bounds load of
 * the 8 bytes ending there (no byte loop, no store-forwarding stall). */
ILPC_ALWAYS_INLINE uint64_t ilpc_load_tail_end(const uint8_t *end, size_t n, size_t avail)
{
    if (ILPC_LIKELY(avail >= 8)) {
        uint64_t u = ilpc_load64(end - 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        return u >> (8u * (8u - n));
#else
        return u << (8u * (8u - n));
#endif
    }
    return ilpc_load_tail(end - n, n);
}
/* Big-endian word of the first n (< 4) bytes at p, zero-filled. */
ILPC_ALWAYS_INLINE uint32_t ilpc_load_word_tail(const uint8_t *p, size_t n)
{
    uint8_t t[4] = {0, 0, 0, 0};
    memcpy(t, p, n & 3u);
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

/* Bytes per tile of the tiled strategy (T_tiled_send/_recv): small enough to
 * stay in L1 next to what is read and written around it, large enough that
 * the per-tile costs (a slow-path call, a call of the bulk cipher loop, a
 * copy+checksum call per segment piece) are paid rarely.  A multiple of 8;
 * docs/ilp.md ("Tiled") has the measurements behind the default. */
#ifndef ILPC_TILE_BYTES
#define ILPC_TILE_BYTES 4096
#endif
#if ILPC_TILE_BYTES < 64 || ILPC_TILE_BYTES % 8 != 0
#error "ILPC_TILE_BYTES must be a multiple of 8, at least 64"
#endif

/* ---- choosing a strategy (T_send / T_recv) ---------------------------------
 * The generated T_send and T_recv call one of the three strategies, fused
 * (T_ilp_*), tiled (T_tiled_*) or layered (T_layered_*), by a rule per target
 * profile and cipher that ilpc's cost model made (ilpc --ilp auto --explain
 * prints the rules and why; docs/costmodel.md).  A rule picks path[0] for
 * messages of at most upto[0] bytes, else path[1] up to upto[1], else path[2]. */
enum { ILPC_PATH_FUSED = 0, ILPC_PATH_TILED = 1, ILPC_PATH_LAYERED = 2 };

typedef struct ilpc_path_rule {
    uint32_t upto[2];
    uint8_t path[3];
} ilpc_path_rule;

static inline int ilpc_path_pick(const ilpc_path_rule *r, size_t len)
{
    if (len <= r->upto[0])
        return r->path[0];
    return len <= r->upto[1] ? r->path[1] : r->path[2];
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

/* A cipher whose row says ool (SAFER K-64: ~300 instructions per unit): loops
 * inline it (site == 0), the single units of the generated blocks call these
 * copies (site == 1), which keeps the generated code small at a cost below 1% of
 * the cipher's. */
#define ILPC_ILP_DECLARE_OOL_(a, b, ID, sfx, name, keylen, aead, copy, pairs, ool)                     \
    ILPC_IF_##ool(uint64_t ilpc_ilp_##sfx##_enc(ilpc_cipher *c, uint64_t u);                            \
                  uint64_t ilpc_ilp_##sfx##_dec(ilpc_cipher *c, uint64_t u);)
ILPC_UNIT_CIPHERS(ILPC_ILP_DECLARE_OOL_, , )

/* The unit function of cipher cid (dir: enc or dec), its out-of-line copy at a
 * site of a cipher whose row says ool, f->code for ILPC_CID_CALLS. */
#define ILPC_ILP_UNIT_CASE_(dir, b, ID, sfx, name, keylen, aead, copy, pairs, ool)                    \
    case ILPC_CIPHER_##ID:                                                                           \
        return ILPC_IF_##ool(site ? ilpc_ilp_##sfx##_##dir(c, u) :) ilpc_##sfx##_##dir(c, u, off);

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_enc(const int cid, const int site, ilpc_cipher *c, const ilpc_ilp_fns *f,
                                         uint64_t u, uint64_t off)
{
    (void)site;
    switch (cid) {
    ILPC_UNIT_CIPHERS(ILPC_ILP_UNIT_CASE_, enc, )
    default: return f->code(c, u, off);
    }
}

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_dec(const int cid, const int site, ilpc_cipher *c, const ilpc_ilp_fns *f,
                                         uint64_t u, uint64_t off)
{
    (void)site;
    switch (cid) {
    ILPC_UNIT_CIPHERS(ILPC_ILP_UNIT_CASE_, dec, )
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

/* The bulk loops run the block ciphers on a private copy of the key: every
 * store into the ring goes through a uint8_t pointer that could alias the
 * caller's ilpc_cipher, which would make the compiler reload the key for every
 * unit (the layered bulk loops in ilpc_cipher.c do the same).  chacha20's
 * keystream cache must stay in the caller's structure. */
#define ILPC_ILP_LOCAL_IF_(a, b, ID, sfx, ...) if (cid == ILPC_CIPHER_##ID) return ilpc_##sfx##_local(c, local);
ILPC_ALWAYS_INLINE ilpc_cipher *ilpc_ilp_key_copy(const int cid, ilpc_cipher *c, ilpc_cipher *local)
{
    ILPC_UNIT_CIPHERS(ILPC_ILP_LOCAL_IF_, , )
    return c;
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

/* Hot state crosses out-of-line calls through memory field by field, never as
 * an aggregate: a struct copy becomes 16-byte loads of fields just stored 8
 * bytes at a time, which the CPU cannot forward (a stall of ~12 cycles each,
 * several per message).  Relaxed atomic accesses are plain moves that the
 * compiler does not merge into vector loads either. */
#define ILPC_ILP_LD(p) __atomic_load_n(p, __ATOMIC_RELAXED)
/* Read hot state from memory (s->h, or a temporary an out-of-line function
 * filled) into the caller's local. */
ILPC_ALWAYS_INLINE void ilpc_ilp_hot_get(ilpc_ilp_hot *local, const ilpc_ilp_hot *mem)
{
    local->dst = ILPC_ILP_LD(&mem->dst);
    local->lim = ILPC_ILP_LD(&mem->lim);
    local->acc = ILPC_ILP_LD(&mem->acc);
    local->off = ILPC_ILP_LD(&mem->off);
    local->pw = ILPC_ILP_LD(&mem->pw);
    local->odd = ILPC_ILP_LD(&mem->odd);
}
/* Write the local hot state to memory (stores may merge: harmless). */
ILPC_ALWAYS_INLINE void ilpc_ilp_hot_put(ilpc_ilp_hot *mem, const ilpc_ilp_hot *local)
{
    mem->dst = local->dst;
    mem->lim = local->lim;
    mem->acc = local->acc;
    mem->off = local->off;
    mem->pw = local->pw;
    mem->odd = local->odd;
}

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
    /* tiled send (tile != NULL): h.dst and h.lim point into the tile, which
     * holds plain units; span_* are unused, h.acc is not a checksum */
    uint8_t *tile;       /* ILPC_TILE_BYTES, or NULL: not tiled */
    size_t tile_m;       /* message offset of tile[0] */
    size_t tile_cap;     /* ILPC_TILE_BYTES as the generated code saw it */
    uint64_t tacc;       /* checksum accumulator of the current segment */
    int rec;             /* tiled record of an AEAD: ILPC_REC_LIB or _STAGE, else 0 */
    int fed0;            /* ILPC_REC_LIB: the first XDR word went to libcrypto ... */
    uint8_t word0[4];    /* ... and this is its ciphertext */
} ilpc_ilp_tx;

/* How a tiled path runs an authenticated cipher over its tiles: through
 * libcrypto's streaming interface, or through the cipher's unit stage. */
enum { ILPC_REC_LIB = 1, ILPC_REC_STAGE = 2 };

static inline size_t ilpc_ilp_min(size_t a, size_t b) { return a < b ? a : b; }

/* Position the hot state at message offset m (a multiple of 8). */
ILPC_ALWAYS_INLINE void ilpc_ilp_tx_seek(ilpc_ilp_tx *s, ilpc_ilp_hot *h, size_t m)
{
    ilpc_tx_slot *sl = s->slot;
    size_t lim_m, fit;
    if (s->span == 0 && m >= s->span_end && sl->n[1] != 0) {
        s->span = 1;
        s->span_p = sl->p[1];
        s->span_m = sl->n[0];
        s->span_end = sl->n[0] + sl->n[1];
    }
    h->dst = s->span_p + (m - s->span_m);
    h->off = s->off0 + m;
    /* units at m, m+8, ... stay on the fast path while they fit in the span,
     * in the segment and in the slot */
    fit = m < s->span_end ? m + ((s->span_end - m) & ~(size_t)7u) : m;
    /* (a record's last segment may end at 4 mod 8: whole units only) */
    lim_m = ilpc_ilp_min(ilpc_ilp_min(s->seg_end, sl->len) & ~(size_t)7u, fit);
    if (lim_m < m)
        lim_m = m;
    h->lim = s->span_p + (lim_m - s->span_m);
}


/* Set up a send into slot (slot->len: the message length, a multiple of 8;
 * slot->seg_payload a non-zero multiple of 8; slot->seg_sums room for
 * slot->nsegs sums).  The state starts with the length placeholder pending,
 * so the first XDR word completes unit 0, which is held back for part A:
 * hold == 0: by the slow path (the sink's limit sends unit 0 there);
 * hold == 1: by the generated code, which knows statically where its first
 *   word is and stores s->unit0 itself (the sink starts at unit 1).
 * fns: NULL, or the stage pointers of the calls variant. */
ILPC_ALWAYS_INLINE void ilpc_ilp_tx_begin(ilpc_ilp_tx *s, ilpc_cipher *c, uint64_t stream_off,
                                          ilpc_tx_slot *slot, const ilpc_ilp_fns *fns, int hold)
{
    s->c = c;
    s->slot = slot;
    s->off0 = stream_off;
    s->span = 0;
    s->span_p = slot->p[0];
    s->span_m = 0;
    s->span_end = slot->n[0];
    s->seg = 0;
    s->seg_end = ilpc_ilp_min(slot->seg_payload, slot->len);
    s->acc0 = 0;
    s->unit0 = 0;
    s->fns = fns;
    s->tile = NULL;
    /* lim == dst: unit 0 goes to the slow path, which holds it back */
    s->h.dst = slot->p[0];
    s->h.lim = slot->p[0];
    s->h.acc = 0;
    s->h.off = stream_off;
    s->h.pw = 0; /* placeholder for BE32(L): the first XDR word completes unit 0 */
    s->h.odd = 1;
    if (hold)
        ilpc_ilp_tx_seek(s, &s->h, 8); /* the generated code holds unit 0: start at unit 1 */
}

/* Set up a tiled send (T_tiled_send) into slot: the body instantiated for
 * `none` (fns == NULL; or the calls body with the fns of `none`) writes the
 * message's plain units into tile (ILPC_TILE_BYTES, any alignment), from
 * unit 1 on; unit 0 is held back as in ilpc_ilp_tx_begin (hold: by the
 * generated code, else by the slow path).  The slow path flushes every full
 * tile (ilpc_ilp_tx_slow); ilpc_ilp_tx_end_tile flushes the last one and
 * sends part A.  Order: parts B and C a tile at a time, then A. */
ILPC_ALWAYS_INLINE void ilpc_ilp_tile_tx_begin(ilpc_ilp_tx *s, ilpc_cipher *c, uint64_t stream_off,
                                               ilpc_tx_slot *slot, const ilpc_ilp_fns *fns, uint8_t *tile,
                                               int hold)
{
    s->c = c;
    s->slot = slot;
    s->off0 = stream_off;
    s->seg = 0;
    s->seg_end = ilpc_ilp_min(slot->seg_payload, slot->len);
    s->acc0 = 0;
    s->unit0 = 0;
    s->fns = fns;
    s->tile = tile;
    s->tile_cap = ILPC_TILE_BYTES;
    s->tacc = 0;
    s->rec = 0;
    s->fed0 = 0;
    s->h.dst = tile;
    s->h.acc = 0;
    s->h.pw = 0; /* placeholder for BE32(L), as in ilpc_ilp_tx_begin */
    s->h.odd = 1;
    if (hold) {
        s->tile_m = 8; /* the generated code holds unit 0: the tile starts at unit 1 */
        s->h.off = stream_off + 8u;
        s->h.lim = tile + ilpc_ilp_min(ILPC_TILE_BYTES, (slot->len - 8u) & ~(size_t)7u);
    } else {
        s->tile_m = 0; /* lim == dst: unit 0 goes to the slow path, which holds it */
        s->h.off = stream_off;
        s->h.lim = tile;
    }
}

/* The slow path of a unit at h->dst == h->lim: unit 0 (held back), span
 * switch and a unit straddling the wrap, segment switch, overflow.  Encrypts
 * (through a pointer: it runs a few times per message), sums and stores the
 * unit, and recomputes h->dst, h->lim, h->off.  ILPC_OK or ILPC_E_SLOT.
 * Tiled (s->tile != NULL): the tile is full; it is encrypted in place by the
 * cipher's bulk loop (xor rides on the copy instead), copied into the slot's
 * spans and summed per segment, and `plain` starts the next tile; or plain
 * is unit 0 (held back), or one unit too many (ILPC_E_SLOT). */
int ilpc_ilp_tx_slow(ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain);

/* Copy the hot state so that the out-of-line call does not take the address
 * of the caller's (register) state. */
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_cold(ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain)
{
    ilpc_ilp_hot t;
    int rc;
    ilpc_ilp_hot_put(&t, h);
    rc = ilpc_ilp_tx_slow(s, &t, plain);
    ilpc_ilp_hot_get(h, &t);
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
 *   tx_ints: n XDR integers of w (4 or 8) bytes from host-order items;
 *   tx_end: part C's padding (the pending word, if any, and 4 zero bytes: the
 *     last unit), the check that exactly slot->len bytes were produced, then
 *     part A: unit 0 completed with BE32(L), encrypted, summed, stored, and
 *     the sums of segment 0 and of the last segment. */
#define ILPC_ILP_DECLARE_TX(a, b, ID, sfx, ...)                                                       \
    int ilpc_ilp_tx_bytes_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const uint8_t *p, size_t n);      \
    int ilpc_ilp_tx_ints_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const void *items, size_t n, size_t w); \
    int ilpc_ilp_tx_end_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s);
ILPC_UNIT_CIPHERS(ILPC_ILP_DECLARE_TX, , )
ILPC_ILP_DECLARE_TX(, , CALLS, calls, "calls", 0)
/* The end of a tiled send: part C (the pending word and 4 zero bytes) into the
 * tile, the check that exactly slot->len bytes were produced, the last tile
 * flushed, then part A as in tx_end, with the cipher of s->c.  ILPC_OK or
 * ILPC_E_SLOT. */
int ilpc_ilp_tx_end_tile(ilpc_ilp_tx *s);
/* The end of a send of a record (an authenticated cipher's unit stage): part C
 * (the last word's ciphertext), part A (unit 0, the length word clear), the
 * tag, and the bytes of the record after the last whole unit of C.  ILPC_OK or
 * ILPC_E_SLOT. */
int ilpc_ilp_tx_end_aead(ilpc_ilp_tx *s);

/* return fn_<cipher> args for a cipher id, fn_calls args for ILPC_CID_CALLS. */
#define ILPC_ILP_SEL(cid, fn, args)                                                              \
    switch (cid) {                                                                               \
    ILPC_UNIT_CIPHERS(ILPC_ILP_SEL_CASE_, fn, args)                                              \
    default: return fn##_calls args;                                                             \
    }
#define ILPC_ILP_SEL_CASE_(fn, args, ID, sfx, ...) case ILPC_CIPHER_##ID: return fn##_##sfx args;

ILPC_ALWAYS_INLINE int ilpc_ilp_tx_bytes(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, const uint8_t *p, size_t n)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_tx_bytes, (c, s, p, n))
}
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_ints(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, const void *items, size_t n,
                                        size_t w)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_tx_ints, (c, s, items, n, w))
}
ILPC_ALWAYS_INLINE int ilpc_ilp__tx_end(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s);
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_end(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s)
{
    if (!ILPC_ILP_COMPACT && ilpc_cipher_on_copy(cid))
        return ilpc_ilp__tx_end(cid, c, s);
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

ILPC_ALWAYS_INLINE void ilpc_ilp_rxh_get(ilpc_ilp_rxh *local, const ilpc_ilp_rxh *mem)
{
    local->src = ILPC_ILP_LD(&mem->src);
    local->lim = ILPC_ILP_LD(&mem->lim);
    local->acc = ILPC_ILP_LD(&mem->acc);
    local->off = ILPC_ILP_LD(&mem->off);
    local->rem = ILPC_ILP_LD(&mem->rem);
    local->pw = ILPC_ILP_LD(&mem->pw);
    local->odd = ILPC_ILP_LD(&mem->odd);
}
ILPC_ALWAYS_INLINE void ilpc_ilp_rxh_put(ilpc_ilp_rxh *mem, const ilpc_ilp_rxh *local)
{
    mem->src = local->src;
    mem->lim = local->lim;
    mem->acc = local->acc;
    mem->off = local->off;
    mem->rem = local->rem;
    mem->pw = local->pw;
    mem->odd = local->odd;
}

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
    size_t avail;        /* input bytes (both spans) */
    int exact;           /* 1: the input must be exactly one message */
    size_t mlen;         /* the message length, once unit 0 was read */
    /* tiled receive (tile != NULL): h.src and h.lim point into the tile, which
     * holds decrypted units of p[0]; h.acc is not a checksum */
    uint8_t *tile;       /* ILPC_TILE_BYTES, or NULL: not tiled */
    size_t tile_m;       /* message offset of tile[0] */
    size_t tile_cap;     /* ILPC_TILE_BYTES as the generated code saw it */
    uint64_t off0;       /* stream offset of the message */
    uint64_t tacc;       /* checksum accumulator of the payload of the tiles filled */
    size_t filled;       /* payload bytes summed into tacc */
    int rec;             /* tiled record of an AEAD: ILPC_REC_LIB or _STAGE, else 0 */
    size_t rec_L;        /* ... and its L */
} ilpc_ilp_rx;

/* Set up a receive over one or two spans (p[1] may be NULL).  The generated
 * body of the top-level type reads unit 0 (L and the first XDR word) itself,
 * then calls ilpc_ilp_rx_frame.  exact: the input is one whole message (the
 * fused receive of a segment), else a stream that may hold less or more. */
#ifndef UINT32_MAX
#define UINT32_MAX 0xffffffffu
#endif
ILPC_ALWAYS_INLINE void ilpc_ilp_rx_begin(ilpc_ilp_rx *r, ilpc_cipher *c, uint64_t stream_off,
                                          const uint8_t *const p[2], const size_t n[2], const ilpc_ilp_fns *fns,
                                          int exact, const int limits)
{
    /* limits: 0 when the type has no unbounded length and no recursion, so
     * the runtime limits (ilpc_xdr_get_limits) are never consulted */
    ilpc_xdr_limits lim = {UINT32_MAX, 0};
    if (limits)
        lim = ilpc_xdr_get_limits();
    r->c = c;
    r->p[0] = p[0];
    r->p[1] = p[1];
    r->n[0] = n[0];
    r->n[1] = p[1] != NULL ? n[1] : 0;
    r->span = 0;
    r->err = 0;
    r->max_length = lim.max_length;
    r->depth = 0;
    r->max_depth = lim.max_depth;
    r->fns = fns;
    r->avail = r->n[0] + r->n[1];
    r->exact = exact;
    r->mlen = 8;
    r->tile = NULL;
    r->h.src = p[0];
    r->h.lim = p[0] + (n[0] & ~(size_t)7u);
    r->h.acc = 0;
    r->h.off = stream_off;
    r->h.rem = 0;
    r->h.pw = 0;
    r->h.odd = 0;
}

/* Set up a tiled receive (T_tiled_recv) of one whole message of len bytes (a
 * multiple of 8): the body instantiated for `none` (fns == NULL; or the calls
 * body with the fns of `none`) reads plain units from tile (ILPC_TILE_BYTES),
 * which the slow path fills a tile at a time: the payload's checksum into
 * r->tacc, then the cipher's bulk loop decrypting into the tile. */
ILPC_ALWAYS_INLINE void ilpc_ilp_tile_rx_begin(ilpc_ilp_rx *r, ilpc_cipher *c, uint64_t stream_off,
                                               const uint8_t *payload, size_t len, const ilpc_ilp_fns *fns,
                                               uint8_t *tile, const int limits)
{
    const uint8_t *p[2];
    size_t n[2];
    p[0] = payload;
    p[1] = NULL;
    n[0] = len;
    n[1] = 0;
    ilpc_ilp_rx_begin(r, c, stream_off, p, n, fns, 1, limits);
    r->tile = tile;
    r->tile_m = 0;
    r->tile_cap = ILPC_TILE_BYTES;
    r->off0 = stream_off;
    r->tacc = 0;
    r->filled = 0;
    r->rec = 0;
    r->rec_L = 0;
    r->h.src = tile; /* src == lim: the first unit read fills the tile */
    r->h.lim = tile;
}

/* After unit 0: the message length for L, and whether the input holds it.
 * ILPC_OK, ILPC_E_MSGLEN (exact input of another length) or ILPC_E_INCOMPLETE. */
ILPC_ALWAYS_INLINE int ilpc_ilp_rx_frame(ilpc_ilp_rx *r, uint32_t L)
{
    r->mlen = ilpc_ilp_record_len(r->c->id, L);
    if (r->exact)
        return r->mlen == r->avail ? (int)ILPC_OK : (int)ILPC_E_MSGLEN;
    return r->mlen <= r->avail ? (int)ILPC_OK : (int)ILPC_E_INCOMPLETE;
}

/* The unit at h->src == h->lim: switch spans, assemble a unit that straddles
 * them.  Returns the ciphertext unit (zeros past the input, and r->err).
 * Tiled (r->tile != NULL): fill the tile with the next ILPC_TILE_BYTES of the
 * payload (summed, decrypted) and return its first unit, in plain text. */
uint64_t ilpc_ilp_rx_slow(ilpc_ilp_rx *r, ilpc_ilp_rxh *h);

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp_rx_cold(ilpc_ilp_rx *r, ilpc_ilp_rxh *h)
{
    ilpc_ilp_rxh t;
    uint64_t u;
    ilpc_ilp_rxh_put(&t, h);
    u = ilpc_ilp_rx_slow(r, &t);
    ilpc_ilp_rxh_get(h, &t);
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

/* The single-unit steps of the function-pointer variant, out of line (a
 * compact build's bodies call them: ILPC_TX, ILPC_RX below). */
int ilpc_ilp_tx_unit_calls(ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain);
uint64_t ilpc_ilp_rx_unit_calls(ilpc_cipher *c, ilpc_ilp_rx *r, ilpc_ilp_rxh *h);

/* Bulk loops, out of line in ilpc_ilp.c (hot state in r->h):
 *   rx_bytes: n bytes decrypted straight into dst, then the zero padding to 4,
 *     which is checked (the caller checked and charged r->h.rem);
 *     ILPC_OK or ILPC_E_PADDING;
 *   rx_ints: n XDR integers of w (4 or 8) bytes into host-order items. */
#define ILPC_ILP_DECLARE_RX(a, b, ID, sfx, ...)                                                       \
    int ilpc_ilp_rx_bytes_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, uint8_t *dst, size_t n);          \
    int ilpc_ilp_rx_ints_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, void *items, size_t n, size_t w);
ILPC_UNIT_CIPHERS(ILPC_ILP_DECLARE_RX, , )
ILPC_ILP_DECLARE_RX(, , CALLS, calls, "calls", 0)

ILPC_ALWAYS_INLINE int ilpc_ilp_rx_bytes(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, uint8_t *dst, size_t n)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_rx_bytes, (c, r, dst, n))
}
ILPC_ALWAYS_INLINE int ilpc_ilp_rx_ints(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, void *items, size_t n,
                                        size_t w)
{
    ILPC_ILP_SEL(cid, ilpc_ilp_rx_ints, (c, r, items, n, w))
}

/* ============================================================== bulk loops
 * Generic bodies: inlined into the generated code for none and xor (tiny,
 * and there the loop overhead is what ILP is about), instantiated out of line
 * once per cipher in ilpc_ilp.c for the others.  h is the caller's hot state. */

/* One unit of chacha20-poly1305's bulk loops below: src XORed with the
 * keystream into dst, the ciphertext also into ct (unless NULL); returns the
 * unit the checksum takes (the output on a send, the input on a receive). */
ILPC_ALWAYS_INLINE uint64_t ilpc_ilp__ks_unit(const uint8_t *ks, uint8_t *ct, uint8_t *dst, const uint8_t *src,
                                              const int dec)
{
    uint64_t u = ilpc_load64(src), e = u ^ ilpc_load64(ks), c = dec ? u : e;
    memcpy(dst, &e, 8);
    if (ct != NULL)
        memcpy(ct, &c, 8);
    return c;
}

#if ILPC_ILP_SSE2
/* none and xor: 32 bytes per iteration, the checksum in four vector
 * accumulators of 64-bit lanes, each adding the two 32-bit halves of its units
 * as ilpc_csum_add_unit does (same congruence, no carry lost).  n units from
 * src to dst; returns the accumulator increment.  dec = 0: the output is
 * summed (send); 1: the input (receive).  Both ciphers are their own inverse. */
/* ilpc_ilp__simd_xor with 32-byte AVX2 vectors, 64 bytes per iteration: inlined
 * when the compiler targets AVX2 (-march=native...), else called through the
 * run-time dispatch below (ilpc_ilp_simd_xor_avx2 in ilpc_ilp.c). */
static inline __attribute__((target("avx2"))) uint64_t ilpc_ilp__simd_xor_avx2(uint64_t key, uint8_t *dst,
                                                                                const uint8_t *src, size_t n,
                                                                                int dec)
{
    const __m256i k = _mm256_set1_epi64x((long long)key), lo = _mm256_set1_epi64x(0xffffffffLL);
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
    uint64_t t[4], sum;
    for (; n >= 8; n -= 8, src += 64, dst += 64) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)src);
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(src + 32));
        __m256i ex = _mm256_xor_si256(x, k), ey = _mm256_xor_si256(y, k);
        __m256i sx = dec ? x : ex, sy = dec ? y : ey;
        _mm256_storeu_si256((__m256i *)(void *)dst, ex);
        _mm256_storeu_si256((__m256i *)(void *)(dst + 32), ey);
        a0 = _mm256_add_epi64(a0, _mm256_and_si256(sx, lo));
        a1 = _mm256_add_epi64(a1, _mm256_srli_epi64(sx, 32));
        a2 = _mm256_add_epi64(a2, _mm256_and_si256(sy, lo));
        a3 = _mm256_add_epi64(a3, _mm256_srli_epi64(sy, 32));
    }
    if (n >= 4) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)src);
        __m256i ex = _mm256_xor_si256(x, k), sx = dec ? x : ex;
        _mm256_storeu_si256((__m256i *)(void *)dst, ex);
        a0 = _mm256_add_epi64(a0, _mm256_and_si256(sx, lo));
        a1 = _mm256_add_epi64(a1, _mm256_srli_epi64(sx, 32));
        n -= 4;
        src += 32;
        dst += 32;
    }
    a0 = _mm256_add_epi64(_mm256_add_epi64(a0, a1), _mm256_add_epi64(a2, a3));
    _mm256_storeu_si256((__m256i *)(void *)t, a0);
    sum = t[0] + t[1] + t[2] + t[3];
    for (; n; n--, src += 8, dst += 8) {
        uint64_t u, e;
        memcpy(&u, src, 8);
        e = u ^ key;
        memcpy(dst, &e, 8);
        sum = ilpc_csum_add_unit(sum, dec ? u : e);
    }
    return sum;
}

/* The same loop with 32-byte AVX2 vectors, chosen at run time when the CPU has
 * them (ilpc_use_avx2, ilpc_csum.h): ilpc_ilp.c, compiled for AVX2 by attribute. */
#define ILPC_ILP_AVX2_DISPATCH ILPC_AVX2_DISPATCH
#if ILPC_ILP_AVX2_DISPATCH
uint64_t ilpc_ilp_simd_xor_avx2(uint64_t key, uint8_t *dst, const uint8_t *src, size_t n, int dec);
#endif

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp__simd_xor(uint64_t key, uint8_t *dst, const uint8_t *src, size_t n, const int dec)
{
    const __m128i k = _mm_set1_epi64x((long long)key), lo = _mm_set1_epi64x(0xffffffffLL);
    __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;
    uint64_t t[2];
#if defined(__AVX2__)
    if (n >= 16)
        return ilpc_ilp__simd_xor_avx2(key, dst, src, n, dec);
#elif ILPC_ILP_AVX2_DISPATCH
    if (n >= 16 && ilpc_use_avx2())
        return ilpc_ilp_simd_xor_avx2(key, dst, src, n, dec);
#endif
    for (; n >= 4; n -= 4, src += 32, dst += 32) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)src);
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(src + 16));
        __m128i ex = _mm_xor_si128(x, k), ey = _mm_xor_si128(y, k);
        __m128i sx = dec ? x : ex, sy = dec ? y : ey;
        _mm_storeu_si128((__m128i *)(void *)dst, ex);
        _mm_storeu_si128((__m128i *)(void *)(dst + 16), ey);
        a0 = _mm_add_epi64(a0, _mm_and_si128(sx, lo));
        a1 = _mm_add_epi64(a1, _mm_srli_epi64(sx, 32));
        a2 = _mm_add_epi64(a2, _mm_and_si128(sy, lo));
        a3 = _mm_add_epi64(a3, _mm_srli_epi64(sy, 32));
    }
    if (n >= 2) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)src);
        __m128i ex = _mm_xor_si128(x, k), sx = dec ? x : ex;
        _mm_storeu_si128((__m128i *)(void *)dst, ex);
        a0 = _mm_add_epi64(a0, _mm_and_si128(sx, lo));
        a1 = _mm_add_epi64(a1, _mm_srli_epi64(sx, 32));
        n -= 2;
        src += 16;
        dst += 16;
    }
    a0 = _mm_add_epi64(_mm_add_epi64(a0, a1), _mm_add_epi64(a2, a3));
    _mm_storeu_si128((__m128i *)(void *)t, a0);
    t[0] += t[1];
    if (n) {
        uint64_t u, e;
        memcpy(&u, src, 8);
        e = u ^ key;
        memcpy(dst, &e, 8);
        t[0] = ilpc_csum_add_unit(t[0], dec ? u : e);
    }
    return t[0];
}

/* chacha20-poly1305's bulk units: n units from src XORed with the keystream ks
 * into dst, summed (the output on a send, dec = 0, the input on a receive),
 * and the ciphertext also into ct for Poly1305, unless ct is NULL (the window
 * is authenticated from the ring: ilpc_aead_map).  AVX2 where the CPU has it. */
static inline __attribute__((target("avx2"))) uint64_t ilpc_ilp__simd_ks_avx2(const uint8_t *ks, uint8_t *ct,
                                                                               uint8_t *dst, const uint8_t *src,
                                                                               size_t n, int dec)
{
    const __m256i lo = _mm256_set1_epi64x(0xffffffffLL);
    __m256i a0 = _mm256_setzero_si256(), a1 = a0;
    uint64_t t[4], sum;
    size_t j, end = 8u * n;
    for (j = 0; j + 32 <= end; j += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(src + j));
        __m256i e = _mm256_xor_si256(x, _mm256_loadu_si256((const __m256i *)(const void *)(ks + j)));
        __m256i c = dec ? x : e;
        _mm256_storeu_si256((__m256i *)(void *)(dst + j), e);
        if (ct != NULL)
            _mm256_storeu_si256((__m256i *)(void *)(ct + j), c);
        a0 = _mm256_add_epi64(a0, _mm256_and_si256(c, lo));
        a1 = _mm256_add_epi64(a1, _mm256_srli_epi64(c, 32));
    }
    _mm256_storeu_si256((__m256i *)(void *)t, _mm256_add_epi64(a0, a1));
    sum = t[0] + t[1] + t[2] + t[3];
    for (; j < end; j += 8)
        sum = ilpc_csum_add_unit(sum, ilpc_ilp__ks_unit(ks + j, ct ? ct + j : NULL, dst + j, src + j, dec));
    return sum;
}
#if ILPC_ILP_AVX2_DISPATCH
uint64_t ilpc_ilp_simd_ks_avx2(const uint8_t *ks, uint8_t *ct, uint8_t *dst, const uint8_t *src, size_t n, int dec);
#endif

ILPC_ALWAYS_INLINE uint64_t ilpc_ilp__simd_ks(const uint8_t *ks, uint8_t *ct, uint8_t *dst, const uint8_t *src,
                                              size_t n, const int dec)
{
    const __m128i lo = _mm_set1_epi64x(0xffffffffLL);
    __m128i a0 = _mm_setzero_si128(), a1 = a0;
    uint64_t t[2];
    size_t j, end = 8u * n;
#if defined(__AVX2__)
    if (n >= 8)
        return ilpc_ilp__simd_ks_avx2(ks, ct, dst, src, n, dec);
#elif ILPC_ILP_AVX2_DISPATCH
    if (n >= 8 && ilpc_use_avx2())
        return ilpc_ilp_simd_ks_avx2(ks, ct, dst, src, n, dec);
#endif
    for (j = 0; j + 16 <= end; j += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(src + j));
        __m128i e = _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)(const void *)(ks + j)));
        __m128i c = dec ? x : e;
        _mm_storeu_si128((__m128i *)(void *)(dst + j), e);
        if (ct != NULL)
            _mm_storeu_si128((__m128i *)(void *)(ct + j), c);
        a0 = _mm_add_epi64(a0, _mm_and_si128(c, lo));
        a1 = _mm_add_epi64(a1, _mm_srli_epi64(c, 32));
    }
    _mm_storeu_si128((__m128i *)(void *)t, _mm_add_epi64(a0, a1));
    t[0] += t[1];
    if (j < end)
        t[0] = ilpc_csum_add_unit(t[0], ilpc_ilp__ks_unit(ks + j, ct ? ct + j : NULL, dst + j, src + j, dec));
    return t[0];
}
#endif

/* The same without SIMD (and the scalar fallback's reference). */
ILPC_ALWAYS_INLINE uint64_t ilpc_ilp__ks_units(const uint8_t *ks, uint8_t *ct, uint8_t *dst, const uint8_t *src,
                                               size_t n, const int dec)
{
#if ILPC_ILP_SSE2
    return ilpc_ilp__simd_ks(ks, ct, dst, src, n, dec);
#else
    uint64_t sum = 0;
    size_t j, end = 8u * n;
    for (j = 0; j < end; j += 8)
        sum = ilpc_csum_add_unit(sum, ilpc_ilp__ks_unit(ks + j, ct ? ct + j : NULL, dst + j, src + j, dec));
    return sum;
#endif
}

/* n units of chacha20-poly1305 at stream offset *off: a window at a time (the
 * keystream made, the previous window authenticated, when the offset enters
 * it).  The ciphertext is also kept in ct for Poly1305, except in a window
 * that ilpc_aead_map lets Poly1305 read from the ring (wmap). */
ILPC_ALWAYS_INLINE uint64_t ilpc_ilp__aead_units(ilpc_cipher *c, uint8_t *dst, const uint8_t *src, size_t n,
                                                 uint64_t *off, const int dec)
{
    uint64_t acc = 0, o = *off;
    while (n) {
        size_t i = (size_t)o & (ILPC_AEAD_W - 1u), k = (ILPC_AEAD_W - i) / 8u;
        if (k > n)
            k = n;
        if ((o >> ILPC_AEAD_WSHIFT) != c->u.ae.win) {
            if (dec && i == 0 && n > k && ilpc_aead_rx_window(c, o, dst, src, &acc)) {
                /* the whole window done, keystream and all */
                dst += 8u * k;
                src += 8u * k;
                o += 8u * k;
                n -= k;
                continue;
            }
            ilpc_aead_window(c, o);
        }
        if (c->u.ae.wmap != NULL)
            acc += ilpc_ilp__ks_units(ILPC_AEAD_KS(c) + i, NULL, dst, src, k, dec);
        else
            acc += ilpc_ilp__ks_units(ILPC_AEAD_KS(c) + i, c->u.ae.ct + 12 + i, dst, src, k, dec);
        dst += 8u * k;
        src += 8u * k;
        o += 8u * k;
        n -= k;
    }
    *off = o;
    return acc;
}

/* Integer runs (tx_ints, rx_ints) go through a buffer of this many bytes. */
#define ILPC_ILP_SWAP_CHUNK 1024u

/* n bytes of host-order integers of w bytes each (4 or 8; n a multiple of w)
 * from src to dst in XDR's byte order, or back (the swap is its own inverse);
 * dst may be src.  By 32-byte byte shuffles where the CPU has AVX2, else one
 * integer at a time (a bswap instruction each). */
#if ILPC_ILP_SSE2 && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ILPC_ILP_SWAP_VECTOR 1
static inline __attribute__((target("avx2"))) void ilpc_ilp__swap_avx2(size_t w, uint8_t *dst, const uint8_t *src,
                                                                         size_t n)
{
    const __m256i m = w == 8 ? _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                                7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8)
                             : _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                                                3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    for (; n >= 32; n -= 32, src += 32, dst += 32)
        _mm256_storeu_si256((__m256i *)(void *)dst,
                            _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)src), m));
    for (; n && w == 8; n -= 8, src += 8, dst += 8) {
        uint64_t x = __builtin_bswap64(ilpc_load64(src));
        memcpy(dst, &x, 8);
    }
    for (; n; n -= 4, src += 4, dst += 4) {
        uint32_t x;
        memcpy(&x, src, 4);
        x = __builtin_bswap32(x);
        memcpy(dst, &x, 4);
    }
}
#if ILPC_ILP_AVX2_DISPATCH
void ilpc_ilp_swap_avx2(size_t w, uint8_t *dst, const uint8_t *src, size_t n);
#endif
#else
#define ILPC_ILP_SWAP_VECTOR 0
#endif

ILPC_ALWAYS_INLINE void ilpc_ilp__swap_run(const size_t w, uint8_t *dst, const uint8_t *src, size_t n)
{
#if ILPC_ILP_SWAP_VECTOR && defined(__AVX2__)
    ilpc_ilp__swap_avx2(w, dst, src, n);
    return;
#else
#if ILPC_ILP_SWAP_VECTOR && ILPC_ILP_AVX2_DISPATCH
    if (n >= 64 && ilpc_use_avx2()) {
        ilpc_ilp_swap_avx2(w, dst, src, n);
        return;
    }
#endif
    if (w == 8) {
        for (; n; n -= 8, src += 8, dst += 8) {
            uint64_t x = ilpc_unit_be64(ilpc_load64(src));
            memcpy(dst, &x, 8);
        }
    } else {
        for (; n; n -= 4, src += 4, dst += 4) {
            uint32_t x = ilpc_get32(src);
            memcpy(dst, &x, 4);
        }
    }
#endif
}

/* Runs of at least this many units (512 bytes) of an opaque body bypass the tile of
 * a tiled record through libcrypto (ILPC_REC_LIB): there is nothing to marshal in
 * them, so libcrypto encrypts them straight from the value into the slot (send)
 * or from the payload into the value (receive). */
#define ILPC_ILP_DIRECT_UNITS 64
/* ... a piece of at most this many bytes per call of libcrypto: few calls, and
 * the piece is still in L1 when it is summed */
#define ILPC_ILP_DIRECT_PIECE 16384
/* The send side: the units in the tile flushed first, then the n units at src
 * encrypted into the slot a piece at a time, each piece summed into its
 * segments; the tile starts again after them.  ILPC_OK, ILPC_E_SLOT or
 * ILPC_E_CIPHER. */
int ilpc_ilp_tile_tx_direct(ilpc_ilp_tx *s, ilpc_ilp_hot *h, const uint8_t *src, size_t n);
/* The receive side: the units left in the tile copied to dst, then the rest
 * summed and decrypted from the payload to dst a piece at a time; the
 * next unit read refills the tile.  Errors set r->err. */
void ilpc_ilp_tile_rx_direct(ilpc_ilp_rx *r, ilpc_ilp_rxh *h, uint8_t *dst, size_t n);

/* Units from src (memory order, any alignment), n of them. */
ILPC_ALWAYS_INLINE int ilpc_ilp__tx_units(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h,
                                const uint8_t *src, size_t n)
{
    if (cid == ILPC_CIPHER_NONE && n >= ILPC_ILP_DIRECT_UNITS && s->tile != NULL && s->rec == ILPC_REC_LIB)
        return ilpc_ilp_tile_tx_direct(s, h, src, n);
    while (n) {
        /* as many units as fit before the limit: no compare inside the loop */
        size_t fast = (size_t)(h->lim - h->dst) / 8u;
        if (fast > n)
            fast = n;
        if (ILPC_UNLIKELY(fast == 0)) {
            uint64_t u = ilpc_load64(src);
            int rc = ilpc_ilp_tx_cold(s, h, u);
            if (rc)
                return rc;
            src += 8;
            n--;
            continue;
        }
        n -= fast;
#if ILPC_ILP_SSE2
        if (ilpc_cipher_on_copy(cid)) {
            h->acc += ilpc_ilp__simd_xor(ilpc_cipher_copy_key(cid, c), h->dst, src, fast, 0);
            h->dst += 8u * fast;
            h->off += 8u * fast;
            src += 8u * fast;
            continue;
        }
#endif
        if (ilpc_unit_is_aead(cid)) { /* chacha20-poly1305's windows (ilpc_aead.c) */
            h->acc += ilpc_ilp__aead_units(c, h->dst, src, fast, &h->off, 0);
            h->dst += 8u * fast;
            src += 8u * fast;
            continue;
        }
        {
            uint8_t *d = h->dst;
            uint64_t acc = h->acc, off = h->off;
            const uint8_t *end = src + 8u * fast;
            ilpc_cipher local;
            ilpc_cipher *kc = ilpc_ilp_key_copy(cid, c, &local);
            if (ilpc_cipher_pairs(cid)) {
                /* two independent units per iteration: more work in flight
                 * for the out-of-order core around the table lookups */
                uint64_t acc2 = 0;
                for (; end - src >= 16; src += 16, d += 16, off += 16) {
                    uint64_t u = ilpc_load64(src), w = ilpc_load64(src + 8);
                    u = ilpc_ilp_enc(cid, 0, kc, s->fns, u, off);
                    w = ilpc_ilp_enc(cid, 0, kc, s->fns, w, off + 8);
                    acc = ilpc_csum_add_unit(acc, u);
                    acc2 = ilpc_csum_add_unit(acc2, w);
                    memcpy(d, &u, 8);
                    memcpy(d + 8, &w, 8);
                }
                acc += acc2;
            }
            for (; src != end; src += 8, d += 8, off += 8) {
                uint64_t u = ilpc_ilp_load(cid, s->fns, src);
                u = ilpc_ilp_enc(cid, 0, kc, s->fns, u, off);
                acc = ilpc_ilp_sum(cid, s->fns, acc, u);
                ilpc_ilp_store(cid, s->fns, d, u);
            }
            h->dst = d;
            h->acc = acc;
            h->off = off;
        }
    }
    return ILPC_OK;
}

/* The body of an opaque/string/BIT STRING.  Parity is looked at once: at odd
 * parity the pending word and the first 4 bytes make a unit, then the same
 * bulk loop runs 4 bytes further on. */
ILPC_ALWAYS_INLINE int ilpc_ilp__tx_bytes(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *hp,
                                          const uint8_t *p, size_t n)
{
    const uint8_t *const p0 = p;
    ilpc_ilp_hot h = *hp;
    int rc = ILPC_OK;
    size_t rest;
    const uint8_t *end = p + n;
    if (n == 0)
        return ILPC_OK;
    if (h.odd) {
        uint32_t w = n >= 4 ? ilpc_get32(p) : ilpc_load_word_tail(p, n);
        size_t k = n < 4 ? n : 4;
        h.odd = 0;
        rc = ilpc_ilp_tx_unit(cid, 0, c, s, &h, ilpc_unit_pack(h.pw, w));
        if (rc)
            return rc;
        p += k;
        n -= k;
    }
    rc = ilpc_ilp__tx_units(cid, c, s, &h, p, n / 8u);
    if (rc)
        return rc;
    rest = n & 7u;
    if (rest) {
        /* the tail: rest bytes and zero padding, from one load ending at end */
        uint64_t u = ilpc_load_tail_end(end, rest, (size_t)(end - p0));
        if (rest > 4) {
            rc = ilpc_ilp_tx_unit(cid, 0, c, s, &h, u);
        } else {
            h.pw = (uint32_t)(ilpc_unit_num(u) >> 32);
            h.odd = 1;
        }
    }
    *hp = h;
    return rc;
}

/* n XDR integers of w bytes each (4: int32_t/uint32_t items; 8: int64_t,
 * uint64_t or double items) from host order: a chunk at a time into XDR's byte
 * order in a buffer (vector byte swaps; the chunk stays in L1), then the loop
 * of an opaque body over it, with its vector loops for none, xor and
 * chacha20-poly1305 and either parity. */
ILPC_ALWAYS_INLINE int ilpc_ilp__tx_ints(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *hp,
                                         const void *items, size_t n, const size_t w)
{
    const uint8_t *p = (const uint8_t *)items;
    size_t left = n * w;
    uint64_t buf[ILPC_ILP_SWAP_CHUNK / 8];
    while (left) {
        size_t k = left < sizeof buf ? left : sizeof buf;
        int rc;
        ilpc_ilp__swap_run(w, (uint8_t *)buf, p, k);
        rc = ilpc_ilp__tx_bytes(cid, c, s, hp, (const uint8_t *)buf, k);
        if (rc)
            return rc;
        p += k;
        left -= k;
    }
    return ILPC_OK;
}

/* n units decrypted straight to dst (any alignment). */
ILPC_ALWAYS_INLINE void ilpc_ilp__rx_units(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, ilpc_ilp_rxh *h,
                                 uint8_t *dst, size_t n)
{
    if (cid == ILPC_CIPHER_NONE && n >= ILPC_ILP_DIRECT_UNITS && r->tile != NULL && r->rec == ILPC_REC_LIB) {
        ilpc_ilp_tile_rx_direct(r, h, dst, n);
        return;
    }
    while (n) {
        size_t fast = (size_t)(h->lim - h->src) / 8u;
        if (fast > n)
            fast = n;
        if (ILPC_UNLIKELY(fast == 0)) {
            uint64_t u = ilpc_ilp_rx_unit(cid, 0, c, r, h);
            memcpy(dst, &u, 8);
            dst += 8;
            n--;
            continue;
        }
        n -= fast;
#if ILPC_ILP_SSE2
        if (ilpc_cipher_on_copy(cid)) {
            h->acc += ilpc_ilp__simd_xor(ilpc_cipher_copy_key(cid, c), dst, h->src, fast, 1);
            h->src += 8u * fast;
            h->off += 8u * fast;
            dst += 8u * fast;
            continue;
        }
#endif
        if (ilpc_unit_is_aead(cid)) { /* chacha20-poly1305's windows (ilpc_aead.c) */
            h->acc += ilpc_ilp__aead_units(c, dst, h->src, fast, &h->off, 1);
            h->src += 8u * fast;
            dst += 8u * fast;
            continue;
        }
        {
            const uint8_t *src = h->src, *end = h->src + 8u * fast;
            uint64_t acc = h->acc, off = h->off;
            ilpc_cipher local;
            ilpc_cipher *kc = ilpc_ilp_key_copy(cid, c, &local);
            if (ilpc_cipher_pairs(cid)) {
                /* two independent units per iteration (see ilpc_ilp__tx_units) */
                uint64_t acc2 = 0;
                for (; end - src >= 16; src += 16, dst += 16, off += 16) {
                    uint64_t u = ilpc_load64(src), w = ilpc_load64(src + 8);
                    acc = ilpc_csum_add_unit(acc, u);
                    acc2 = ilpc_csum_add_unit(acc2, w);
                    u = ilpc_ilp_dec(cid, 0, kc, r->fns, u, off);
                    w = ilpc_ilp_dec(cid, 0, kc, r->fns, w, off + 8);
                    memcpy(dst, &u, 8);
                    memcpy(dst + 8, &w, 8);
                }
                acc += acc2;
            }
            for (; src != end; src += 8, dst += 8, off += 8) {
                uint64_t u = ilpc_ilp_load(cid, r->fns, src);
                acc = ilpc_ilp_sum(cid, r->fns, acc, u);
                u = ilpc_ilp_dec(cid, 0, kc, r->fns, u, off);
                ilpc_ilp_store(cid, r->fns, dst, u);
            }
            h->src = src;
            h->acc = acc;
            h->off = off;
        }
    }
}

ILPC_ALWAYS_INLINE int ilpc_ilp__rx_bytes(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, ilpc_ilp_rxh *hp,
                                          uint8_t *dst, size_t n)
{
    ilpc_ilp_rxh h = *hp;
    size_t rest;
    uint8_t t[8];
    int rc = ILPC_OK;
    if (n == 0)
        return ILPC_OK;
    if (h.odd) {
        size_t k = n < 4 ? n : 4;
        ilpc_put32(t, h.pw);
        h.odd = 0;
        memcpy(dst, t, k);
        if (k < 4 && !ilpc_ilp_zero(t + k, 4 - k))
            rc = ILPC_E_PADDING;
        dst += k;
        n -= k;
    }
    ilpc_ilp__rx_units(cid, c, r, &h, dst, n / 8u);
    dst += n & ~(size_t)7u;
    rest = n & 7u;
    if (rest) {
        uint64_t u = ilpc_ilp_rx_unit(cid, 0, c, r, &h);
        memcpy(t, &u, 8);
        memcpy(dst, t, rest);
        if (rest <= 4) {
            /* the data ends in the first half: the second half is the next word */
            if (!ilpc_ilp_zero(t + rest, 4 - rest))
                rc = ILPC_E_PADDING;
            h.pw = ilpc_get32(t + 4);
            h.odd = 1;
        } else if (!ilpc_ilp_zero(t + rest, 8 - rest)) {
            rc = ILPC_E_PADDING;
        }
    }
    *hp = h;
    return rc;
}

/* n XDR integers of w bytes each into host-order items (see tx_ints): the
 * loop of an opaque body into the items, then their bytes swapped in place,
 * a chunk at a time while it is in L1. */
ILPC_ALWAYS_INLINE int ilpc_ilp__rx_ints(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, ilpc_ilp_rxh *hp,
                                         void *items, size_t n, const size_t w)
{
    uint8_t *p = (uint8_t *)items;
    size_t left = n * w;
    while (left) {
        size_t k = left < ILPC_ILP_SWAP_CHUNK ? left : ILPC_ILP_SWAP_CHUNK;
        int rc = ilpc_ilp__rx_bytes(cid, c, r, hp, p, k);
        if (rc)
            return rc;
        ilpc_ilp__swap_run(w, p, p, k);
        p += k;
        left -= k;
    }
    return ILPC_OK;
}


/* Is the half unit after a message's last XDR word bad padding?  With an
 * authenticated cipher it is the start of the tag, not padding. */
ILPC_ALWAYS_INLINE int ilpc_ilp_pad_bad(const int cid, const ilpc_cipher *c, uint32_t pw)
{
    /* the body of `none` also serves the tiled paths of every cipher */
    if (ilpc_cipher_is_aead(cid) || ((cid == ILPC_CID_CALLS || cid == ILPC_CIPHER_NONE) && ilpc_cipher_is_aead(c->id)))
        return 0;
    return pw != 0;
}

/* Part C's padding and part A (see ilpc_ilp_tx_end). */
ILPC_ALWAYS_INLINE int ilpc_ilp__tx_end(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s)
{
    ilpc_tx_slot *sl = s->slot;
    ilpc_ilp_hot h;
    size_t L;
    uint64_t u0;
    int rc;
    if (cid == ILPC_CID_CALLS ? ilpc_cipher_is_aead(c->id) : ilpc_cipher_is_aead(cid))
        return ilpc_ilp_tx_end_aead(s);
    ilpc_ilp_hot_get(&h, &s->h);
    if (h.odd) {
        /* part C: the last unit, the pending word and 4 zero bytes of padding */
        h.odd = 0;
        rc = ilpc_ilp_tx_unit(cid, 0, c, s, &h, ilpc_unit_pack(h.pw, 0));
        if (rc)
            return rc;
        L = sl->len - 8u;
    } else {
        L = sl->len - 4u;
    }
    /* every byte of the slot was produced, no more */
    if (s->span_m + (size_t)(h.dst - s->span_p) != sl->len)
        return ILPC_E_SLOT;
    /* part A: unit 0, now that L is known */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    u0 = s->unit0 | __builtin_bswap32((uint32_t)L);
#else
    u0 = s->unit0 | (uint64_t)(uint32_t)L << 32;
#endif
    u0 = ilpc_ilp_enc(cid, 0, c, s->fns, u0, s->off0);
    if (s->seg == 0) {
        sl->seg_sums[0] = ilpc_csum_fold(ilpc_ilp_sum(cid, s->fns, h.acc, u0));
    } else {
        sl->seg_sums[s->seg] = ilpc_csum_fold(h.acc);
        sl->seg_sums[0] = ilpc_csum_fold(ilpc_ilp_sum(cid, s->fns, s->acc0, u0));
    }
    if (ILPC_LIKELY(sl->n[0] >= 8)) {
        ilpc_ilp_store(cid, s->fns, sl->p[0], u0);
    } else {
        uint8_t b[8];
        memcpy(b, &u0, 8);
        memcpy(sl->p[0], b, sl->n[0]);
        memcpy(sl->p[1], b + sl->n[0], 8 - sl->n[0]);
    }
    ilpc_ilp_hot_put(&s->h, &h);
    return ILPC_OK;
}


/* Bulk steps as the generated code calls them: inline for the ciphers whose row
 * says copy (none, xor), else the out-of-line instantiation (hot state through s->h / r->h). */
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_bytes_any(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h,
                                             const uint8_t *p, size_t n)
{
    int rc;
    if (!ILPC_ILP_COMPACT && ilpc_cipher_on_copy(cid))
        return ilpc_ilp__tx_bytes(cid, c, s, h, p, n);
    ilpc_ilp_hot_put(&s->h, h);
    rc = ilpc_ilp_tx_bytes(cid, c, s, p, n);
    ilpc_ilp_hot_get(h, &s->h);
    return rc;
}
ILPC_ALWAYS_INLINE int ilpc_ilp_tx_ints_any(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h,
                                            const void *items, size_t n, size_t w)
{
    int rc;
    if (!ILPC_ILP_COMPACT && ilpc_cipher_on_copy(cid))
        return ilpc_ilp__tx_ints(cid, c, s, h, items, n, w);
    ilpc_ilp_hot_put(&s->h, h);
    rc = ilpc_ilp_tx_ints(cid, c, s, items, n, w);
    ilpc_ilp_hot_get(h, &s->h);
    return rc;
}
ILPC_ALWAYS_INLINE int ilpc_ilp_rx_bytes_any(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, ilpc_ilp_rxh *h,
                                             uint8_t *dst, size_t n)
{
    int rc;
    if (!ILPC_ILP_COMPACT && ilpc_cipher_on_copy(cid))
        return ilpc_ilp__rx_bytes(cid, c, r, h, dst, n);
    ilpc_ilp_rxh_put(&r->h, h);
    rc = ilpc_ilp_rx_bytes(cid, c, r, dst, n);
    ilpc_ilp_rxh_get(h, &r->h);
    return rc;
}
ILPC_ALWAYS_INLINE int ilpc_ilp_rx_ints_any(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, ilpc_ilp_rxh *h,
                                            void *items, size_t n, size_t w)
{
    int rc;
    if (!ILPC_ILP_COMPACT && ilpc_cipher_on_copy(cid))
        return ilpc_ilp__rx_ints(cid, c, r, h, items, n, w);
    ilpc_ilp_rxh_put(&r->h, h);
    rc = ilpc_ilp_rx_ints(cid, c, r, items, n, w);
    ilpc_ilp_rxh_get(h, &r->h);
    return rc;
}

/* ============================================= shorthands of generated bodies
 * Inside a generated send body `cid`, `c`, `s` and the hot state `t` are in
 * scope; inside a receive body `cid`, `c`, `r` and `t`.  The bulk calls hand
 * the hot state over in s->h / r->h. */
/* In a compact build a single unit is a call too: ilpc_ilp_tx_unit and
 * ilpc_ilp_rx_unit of the function-pointer variant (the cid of a compact body),
 * out of line in ilpc_ilp.c.  Inlined at each of a body's hundreds of sites, they
 * made most of the compile time of a sanitizer build. */
#if ILPC_ILP_COMPACT
#define ILPC_TX_UNIT(u) ((void)cid, ilpc_ilp_tx_unit_calls(c, s, &t, (u)))
#define ILPC_RX() ((void)cid, ilpc_ilp_rx_unit_calls(c, r, &t))
#else
#define ILPC_TX_UNIT(u) ilpc_ilp_tx_unit(cid, 1, c, s, &t, (u))
#define ILPC_RX() ilpc_ilp_rx_unit(cid, 1, c, r, &t)
#endif
#define ILPC_TX(u)                                                           \
    do {                                                                     \
        int rc_ = ILPC_TX_UNIT(u);                                           \
        if (ILPC_UNLIKELY(rc_ != 0))                                         \
            return rc_;                                                      \
    } while (0)
#define ILPC_TX_DO(e)                                                        \
    do {                                                                     \
        int rc_ = (e);                                                       \
        if (ILPC_UNLIKELY(rc_ != 0))                                         \
            return rc_;                                                      \
    } while (0)
#define ILPC_TX_BYTES(p, n) ILPC_TX_DO(ilpc_ilp_tx_bytes_any(cid, c, s, &t, (p), (n)))
#define ILPC_TX_INTS(p, n, w) ILPC_TX_DO(ilpc_ilp_tx_ints_any(cid, c, s, &t, (p), (n), (w)))
/* A call to another type's body: the hot state through s->h. */
#define ILPC_TX_CALL(e)                                                      \
    do {                                                                     \
        int rc_;                                                             \
        ilpc_ilp_hot_put(&s->h, &t);                                         \
        rc_ = (e);                                                           \
        ilpc_ilp_hot_get(&t, &s->h);                                         \
        if (ILPC_UNLIKELY(rc_ != 0))                                         \
            return rc_;                                                      \
    } while (0)
#define ILPC_RX_DO(e) ILPC_TX_DO(e)
#define ILPC_RX_BYTES(p, n) ILPC_TX_DO(ilpc_ilp_rx_bytes_any(cid, c, r, &t, (p), (n)))
#define ILPC_RX_INTS(p, n, w) ILPC_TX_DO(ilpc_ilp_rx_ints_any(cid, c, r, &t, (p), (n), (w)))
#define ILPC_RX_CALL(e)                                                      \
    do {                                                                     \
        int rc_;                                                             \
        ilpc_ilp_rxh_put(&r->h, &t);                                         \
        rc_ = (e);                                                           \
        ilpc_ilp_rxh_get(&t, &r->h);                                         \
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
/* The same for a record of an authenticated cipher (slot->len = 20 + xdr_len):
 * the length word, the AEAD in place and the tag after it, then copy and
 * checksum.  ILPC_OK, ILPC_E_SLOT, ILPC_E_NONCE or ILPC_E_CIPHER. */
int ilpc_layered_seal_record(ilpc_cipher *c, uint8_t *msg, size_t xdr_len, ilpc_tx_slot *slot);

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
/* The last steps of a layered send: the slot->len bytes at msg copied into the slot's
 * spans, and every segment's payload summed from the ring into slot->seg_sums. */
void ilpc_ilp_slot_store(const uint8_t *msg, ilpc_tx_slot *slot);
/* Folded one's-complement sum of the whole message from the per-segment sums. */
uint16_t ilpc_ilp_slot_sum(const ilpc_tx_slot *slot);

#ifdef __cplusplus
}
#endif

#endif /* ILPC_ILP_H */
