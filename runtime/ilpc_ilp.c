/* ilpc_ilp.c - out-of-line parts of the ILP runtime (see ilpc_ilp.h): the slow
 * paths, the per-cipher bulk loops, the layered steps, the in-memory slot. */
#include "ilpc_ilp.h"

#include <stdlib.h>

/* SSE2 (every x86-64) carries the bulk loops of `none` and `xor` 16 bytes at a
 * time; elsewhere, or with -DILPC_ILP_NO_SIMD=1, they are scalar. */
#if defined(__SSE2__) && !(defined(ILPC_ILP_NO_SIMD) && ILPC_ILP_NO_SIMD)
#define ILP_SSE2 1
#include <emmintrin.h>
#else
#define ILP_SSE2 0
#endif

const char *ilpc_ilp_strerror(int code)
{
    switch (code) {
    case ILPC_E_CHECKSUM: return "bad checksum";
    case ILPC_E_MSGLEN: return "message length does not match the payload";
    case ILPC_E_INCOMPLETE: return "message incomplete";
    case ILPC_E_SLOT: return "send slot does not match the message length";
    case ILPC_E_CIPHER: return "unknown cipher";
    default: return ilpc_xdr_strerror(code);
    }
}

/* ------------------------------------------------------------- stage calls */

static uint64_t sum_unit_fn(uint64_t acc, uint64_t unit) { return ilpc_csum_add_unit(acc, unit); }
static void store_unit_fn(uint8_t *dst, uint64_t unit) { memcpy(dst, &unit, 8); }
static uint64_t load_unit_fn(const uint8_t *src)
{
    uint64_t u;
    memcpy(&u, src, 8);
    return u;
}

int ilpc_ilp_fns_init(ilpc_ilp_fns *f, ilpc_cipher_id id, int decrypt)
{
    f->code = decrypt ? ilpc_cipher_dec_fn(id) : ilpc_cipher_enc_fn(id);
    f->sum = sum_unit_fn;
    f->store = store_unit_fn;
    f->load = load_unit_fn;
    return f->code != NULL ? 0 : -1;
}

ILPC_NOINLINE uint64_t ilpc_ilp_k64_enc(ilpc_cipher *c, uint64_t u) { return ilpc_safer_k64_enc(c, u, 0); }
ILPC_NOINLINE uint64_t ilpc_ilp_k64_dec(ilpc_cipher *c, uint64_t u) { return ilpc_safer_k64_dec(c, u, 0); }

/* ------------------------------------------------------------------- send */

static size_t min_size(size_t a, size_t b) { return a < b ? a : b; }

void ilpc_ilp_tx_begin(ilpc_ilp_tx *s, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot,
                       const ilpc_ilp_fns *fns)
{
    s->c = c;
    s->slot = slot;
    s->off0 = stream_off;
    s->span = 0;
    s->span_p = slot->p[0];
    s->span_m = 0;
    s->span_end = slot->n[0];
    s->seg = 0;
    s->seg_end = min_size(slot->seg_payload, slot->len);
    s->acc0 = 0;
    s->unit0 = 0;
    s->fns = fns;
    /* lim == dst: unit 0 goes to the slow path, which holds it back */
    s->h.dst = slot->p[0];
    s->h.lim = slot->p[0];
    s->h.acc = 0;
    s->h.off = stream_off;
    s->h.pw = 0; /* placeholder for BE32(L): the first XDR word completes unit 0 */
    s->h.odd = 1;
}

/* Position the hot state at message offset m (a multiple of 8). */
static void tx_seek(ilpc_ilp_tx *s, ilpc_ilp_hot *h, size_t m)
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
    lim_m = min_size(min_size(s->seg_end, sl->len), fit);
    if (lim_m < m)
        lim_m = m;
    h->lim = s->span_p + (lim_m - s->span_m);
}

ILPC_NOINLINE int ilpc_ilp_tx_slow(ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain)
{
    ilpc_tx_slot *sl = s->slot;
    size_t m = s->span_m + (size_t)(h->dst - s->span_p);
    if (m + 8u > sl->len)
        return ILPC_E_SLOT; /* more bytes than reserved */
    if (s->span == 0 && m >= s->span_end)
        tx_seek(s, h, m);
    if (m == 0) {
        s->unit0 = plain; /* part A: processed last, in ilpc_ilp_tx_end */
    } else {
        uint64_t u;
        if (m == s->seg_end) {
            /* first unit of the next segment: close the current one; segment
             * 0 stays open until part A */
            if (s->seg == 0)
                s->acc0 = h->acc;
            else
                sl->seg_sums[s->seg] = ilpc_csum_fold(h->acc);
            s->seg++;
            s->seg_end = min_size(s->seg_end + sl->seg_payload, sl->len);
            h->acc = 0;
        }
        if (s->fns != NULL)
            u = s->fns->code(s->c, plain, s->off0 + m);
        else
            u = ilpc_cipher_enc_fn(s->c->id)(s->c, plain, s->off0 + m);
        h->acc = ilpc_csum_add_unit(h->acc, u);
        if (m + 8u <= s->span_end) {
            memcpy(s->span_p + (m - s->span_m), &u, 8);
        } else {
            /* the unit straddles the end of span 0 (the ring wraps) */
            uint8_t b[8];
            size_t k = s->span_end - m;
            memcpy(b, &u, 8);
            memcpy(s->span_p + (m - s->span_m), b, k);
            memcpy(sl->p[1], b + k, 8u - k);
        }
    }
    tx_seek(s, h, m + 8u);
    return ILPC_OK;
}

/* ---------------------------------------------------------------- receive */

void ilpc_ilp_rx_begin(ilpc_ilp_rx *r, ilpc_cipher *c, uint64_t stream_off, const uint8_t *const p[2],
                       const size_t n[2], const ilpc_ilp_fns *fns)
{
    ilpc_xdr_limits lim = ilpc_xdr_get_limits();
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
    r->h.src = p[0];
    r->h.lim = p[0] + (n[0] & ~(size_t)7u);
    r->h.acc = 0;
    r->h.off = stream_off;
    r->h.rem = 0;
    r->h.pw = 0;
    r->h.odd = 0;
}

ILPC_NOINLINE uint64_t ilpc_ilp_rx_slow(ilpc_ilp_rx *r, ilpc_ilp_rxh *h)
{
    uint8_t b[8];
    uint64_t u;
    if (r->span == 0) {
        size_t k = (size_t)(r->p[0] + r->n[0] - h->src); /* < 8 bytes left in span 0 */
        if (k + r->n[1] < 8) {
            r->err = 1;
            return 0;
        }
        memcpy(b, h->src, k);
        memcpy(b + k, r->p[1], 8u - k);
        r->span = 1;
        h->src = r->p[1] + (8u - k);
        h->lim = h->src + ((r->n[1] - (8u - k)) & ~(size_t)7u);
        memcpy(&u, b, 8);
        return u;
    }
    r->err = 1; /* past the input: the length checks should make this impossible */
    return 0;
}


/* ------------------------------------------------------------ bulk loops
 * Generic bodies, instantiated below once per cipher (cid constant). */

#if ILP_SSE2
/* none and xor: 32 bytes per iteration, the checksum in four vector
 * accumulators of 64-bit lanes, each adding the two 32-bit halves of its units
 * as ilpc_csum_add_unit does (same congruence, no carry lost).  n units from
 * src to dst; returns the accumulator increment.  dec = 0: the output is
 * summed (send); 1: the input (receive).  Both ciphers are their own inverse. */
ILPC_ALWAYS_INLINE uint64_t simd_xor(uint64_t key, uint8_t *dst, const uint8_t *src, size_t n, const int dec)
{
    const __m128i k = _mm_set1_epi64x((long long)key), lo = _mm_set1_epi64x(0xffffffffLL);
    __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;
    uint64_t t[2];
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
#endif

/* Units from src (memory order, any alignment), n of them; hswap: the source
 * is host-order 32-bit integers (swap within the halves). */
ILPC_ALWAYS_INLINE int tx_units(const int cid, const int hswap, ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h,
                                const uint8_t *src, size_t n)
{
    while (n) {
        /* as many units as fit before the limit: no compare inside the loop */
        size_t fast = (size_t)(h->lim - h->dst) / 8u;
        if (fast > n)
            fast = n;
        if (ILPC_UNLIKELY(fast == 0)) {
            uint64_t u = ilpc_load64(src);
            int rc = ilpc_ilp_tx_cold(s, h, hswap ? ilpc_unit_hswap(u) : u);
            if (rc)
                return rc;
            src += 8;
            n--;
            continue;
        }
        n -= fast;
#if ILP_SSE2
        if (!hswap && (cid == ILPC_CIPHER_NONE || cid == ILPC_CIPHER_XOR)) {
            h->acc += simd_xor(cid == ILPC_CIPHER_XOR ? c->u.xr.key : 0, h->dst, src, fast, 0);
            h->dst += 8u * fast;
            h->off += 8u * fast;
            src += 8u * fast;
            continue;
        }
#endif
        {
            uint8_t *d = h->dst;
            uint64_t acc = h->acc, off = h->off;
            const uint8_t *end = src + 8u * fast;
            for (; src != end; src += 8, d += 8, off += 8) {
                uint64_t u = ilpc_ilp_load(cid, s->fns, src);
                u = ilpc_ilp_enc(cid, 0, c, s->fns, hswap ? ilpc_unit_hswap(u) : u, off);
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
ILPC_ALWAYS_INLINE int tx_bytes(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, const uint8_t *p, size_t n)
{
    ilpc_ilp_hot h = s->h;
    int rc = ILPC_OK;
    size_t rest;
    if (n == 0)
        return ILPC_OK;
    if (h.odd) {
        size_t k = n < 4 ? n : 4;
        h.odd = 0;
        rc = ilpc_ilp_tx_unit(cid, 0, c, s, &h, ilpc_unit_pack(h.pw, ilpc_load_word_tail(p, k)));
        if (rc)
            return rc;
        p += k;
        n -= k;
    }
    rc = tx_units(cid, 0, c, s, &h, p, n / 8u);
    if (rc)
        return rc;
    p += n & ~(size_t)7u;
    rest = n & 7u;
    if (rest > 4) {
        rc = ilpc_ilp_tx_unit(cid, 0, c, s, &h, ilpc_load_tail(p, rest));
    } else if (rest) {
        h.pw = ilpc_load_word_tail(p, rest);
        h.odd = 1;
    }
    s->h = h;
    return rc;
}

/* n XDR ints from host-order int32_t/uint32_t items: each unit from one 64-bit
 * load of two items and a swap within its halves. */
ILPC_ALWAYS_INLINE int tx_ints(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s, const void *items, size_t n)
{
    const uint8_t *p = (const uint8_t *)items;
    ilpc_ilp_hot h = s->h;
    uint32_t w;
    int rc;
    if (n == 0)
        return ILPC_OK;
    if (h.odd) {
        memcpy(&w, p, 4);
        h.odd = 0;
        rc = ilpc_ilp_tx_unit(cid, 0, c, s, &h, ilpc_unit_pack(h.pw, w));
        if (rc)
            return rc;
        p += 4;
        n--;
    }
    rc = tx_units(cid, 1, c, s, &h, p, n / 2u);
    if (rc)
        return rc;
    if (n & 1u) {
        memcpy(&w, p + 8u * (n / 2u), 4);
        h.pw = w; /* the item's value: a host-order number */
        h.odd = 1;
    }
    s->h = h;
    return ILPC_OK;
}

ILPC_ALWAYS_INLINE int tx_end(const int cid, ilpc_cipher *c, ilpc_ilp_tx *s)
{
    ilpc_tx_slot *sl = s->slot;
    ilpc_ilp_hot h = s->h;
    size_t L;
    uint64_t u0;
    int rc;
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
    s->h = h;
    return ILPC_OK;
}

/* n units decrypted straight to dst (any alignment); hswap as in tx_units. */
ILPC_ALWAYS_INLINE void rx_units(const int cid, const int hswap, ilpc_cipher *c, ilpc_ilp_rx *r, ilpc_ilp_rxh *h,
                                 uint8_t *dst, size_t n)
{
    while (n) {
        size_t fast = (size_t)(h->lim - h->src) / 8u;
        if (fast > n)
            fast = n;
        if (ILPC_UNLIKELY(fast == 0)) {
            uint64_t u = ilpc_ilp_rx_unit(cid, 0, c, r, h);
            if (hswap)
                u = ilpc_unit_hswap(u);
            memcpy(dst, &u, 8);
            dst += 8;
            n--;
            continue;
        }
        n -= fast;
#if ILP_SSE2
        if (!hswap && (cid == ILPC_CIPHER_NONE || cid == ILPC_CIPHER_XOR)) {
            h->acc += simd_xor(cid == ILPC_CIPHER_XOR ? c->u.xr.key : 0, dst, h->src, fast, 1);
            h->src += 8u * fast;
            h->off += 8u * fast;
            dst += 8u * fast;
            continue;
        }
#endif
        {
            const uint8_t *src = h->src, *end = h->src + 8u * fast;
            uint64_t acc = h->acc, off = h->off;
            for (; src != end; src += 8, dst += 8, off += 8) {
                uint64_t u = ilpc_ilp_load(cid, r->fns, src);
                acc = ilpc_ilp_sum(cid, r->fns, acc, u);
                u = ilpc_ilp_dec(cid, 0, c, r->fns, u, off);
                ilpc_ilp_store(cid, r->fns, dst, hswap ? ilpc_unit_hswap(u) : u);
            }
            h->src = src;
            h->acc = acc;
            h->off = off;
        }
    }
}

ILPC_ALWAYS_INLINE int rx_bytes(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, uint8_t *dst, size_t n)
{
    ilpc_ilp_rxh h = r->h;
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
    rx_units(cid, 0, c, r, &h, dst, n / 8u);
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
    r->h = h;
    return rc;
}

ILPC_ALWAYS_INLINE int rx_ints(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r, void *items, size_t n)
{
    uint8_t *p = (uint8_t *)items;
    ilpc_ilp_rxh h = r->h;
    if (n == 0)
        return ILPC_OK;
    if (h.odd) {
        memcpy(p, &h.pw, 4);
        h.odd = 0;
        p += 4;
        n--;
    }
    rx_units(cid, 1, c, r, &h, p, n / 2u);
    if (n & 1u) {
        uint64_t nn = ilpc_unit_num(ilpc_ilp_rx_unit(cid, 0, c, r, &h));
        uint32_t w = (uint32_t)(nn >> 32);
        memcpy(p + 8u * (n / 2u), &w, 4);
        h.pw = (uint32_t)nn;
        h.odd = 1;
    }
    r->h = h;
    return ILPC_OK;
}

ILPC_ALWAYS_INLINE uint32_t rx_head(const int cid, ilpc_cipher *c, ilpc_ilp_rx *r)
{
    uint64_t n0 = ilpc_unit_num(ilpc_ilp_rx_unit(cid, 0, c, r, &r->h));
    r->h.pw = (uint32_t)n0; /* the first XDR word is pending */
    r->h.odd = 1;
    return (uint32_t)(n0 >> 32);
}

#define INSTANTIATE(sfx, cid)                                                                     \
    uint32_t ilpc_ilp_rx_head_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r) { return rx_head(cid, c, r); } \
    int ilpc_ilp_tx_bytes_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const uint8_t *p, size_t n)     \
    {                                                                                             \
        return tx_bytes(cid, c, s, p, n);                                                         \
    }                                                                                             \
    int ilpc_ilp_tx_ints_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const void *items, size_t n)     \
    {                                                                                             \
        return tx_ints(cid, c, s, items, n);                                                      \
    }                                                                                             \
    int ilpc_ilp_tx_end_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s) { return tx_end(cid, c, s); }     \
    int ilpc_ilp_rx_bytes_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, uint8_t *dst, size_t n)         \
    {                                                                                             \
        return rx_bytes(cid, c, r, dst, n);                                                       \
    }                                                                                             \
    int ilpc_ilp_rx_ints_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, void *items, size_t n)           \
    {                                                                                             \
        return rx_ints(cid, c, r, items, n);                                                      \
    }
INSTANTIATE(none, ILPC_CIPHER_NONE)
INSTANTIATE(xor, ILPC_CIPHER_XOR)
INSTANTIATE(safer_simple, ILPC_CIPHER_SAFER_SIMPLE)
INSTANTIATE(safer_k64, ILPC_CIPHER_SAFER_K64)
INSTANTIATE(chacha20, ILPC_CIPHER_CHACHA20)
INSTANTIATE(calls, ILPC_CID_CALLS)

/* ---------------------------------------------------------------- layered */

int ilpc_scratch_reserve(ilpc_scratch *b, size_t n)
{
    if (n <= b->cap)
        return ILPC_OK;
    {
        size_t cap = b->cap ? b->cap : 256;
        uint8_t *p;
        while (cap < n)
            cap *= 2;
        p = (uint8_t *)malloc(cap);
        if (p == NULL)
            return ILPC_E_NOMEM;
        free(b->buf);
        b->buf = p;
        b->cap = cap;
    }
    return ILPC_OK;
}

void ilpc_scratch_free(ilpc_scratch *b)
{
    free(b->buf);
    b->buf = NULL;
    b->cap = 0;
}

/* Accumulator of message bytes [from, from + n) of a slot, read from the
 * ring (both spans); from is even. */
static uint64_t slot_sum_range(const ilpc_tx_slot *sl, size_t from, size_t n)
{
    if (from + n <= sl->n[0])
        return ilpc_csum_add_bytes(0, sl->p[0] + from, n);
    if (from >= sl->n[0])
        return ilpc_csum_add_bytes(0, sl->p[1] + (from - sl->n[0]), n);
    {
        size_t k = sl->n[0] - from;
        uint64_t a = ilpc_csum_add_bytes(0, sl->p[0] + from, k);
        uint64_t b = ilpc_csum_add_bytes(0, sl->p[1], n - k);
        return ilpc_csum_combine_at(a, b, k); /* odd k: the second piece's words straddle */
    }
}

int ilpc_layered_seal(ilpc_cipher *c, uint64_t stream_off, uint8_t *msg, size_t xdr_len, ilpc_tx_slot *slot)
{
    size_t len = ilpc_ilp_msg_len(xdr_len), i;
    if (slot->len != len)
        return ILPC_E_SLOT;
    /* 1. framing: length word and zero padding */
    ilpc_put32(msg, (uint32_t)xdr_len);
    memset(msg + 4 + xdr_len, 0, len - 4 - xdr_len);
    /* 2. encryption, in place */
    ilpc_cipher_encrypt(c, msg, msg, len, stream_off);
    /* 3. copy into the ring */
    memcpy(slot->p[0], msg, slot->n[0]);
    if (len > slot->n[0])
        memcpy(slot->p[1], msg + slot->n[0], len - slot->n[0]);
    /* 4. checksum of every segment, read back from the ring as TCP does */
    for (i = 0; i < slot->nsegs; i++) {
        size_t from = i * slot->seg_payload;
        size_t n = min_size(slot->seg_payload, len - from);
        slot->seg_sums[i] = ilpc_csum_fold(slot_sum_range(slot, from, n));
    }
    return ILPC_OK;
}

int ilpc_layered_check(const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok)
{
    uint64_t acc = ilpc_csum_add_bytes(0, payload, len);
    return ilpc_ilp_verdict(acc, hdr_sum, csum_ok) ? ILPC_E_CHECKSUM : ILPC_OK;
}

/* ------------------------------------------------------------ in-memory ring */

int ilpc_ilp_slot_init(ilpc_tx_slot *slot, uint8_t *ring, size_t cap, size_t start, size_t len,
                       size_t seg_payload, uint32_t *seg_sums)
{
    if (ring == NULL || start >= cap || len > cap || len == 0 || len % 8 != 0 || seg_payload == 0 ||
        seg_payload % 8 != 0)
        return ILPC_E_SLOT;
    slot->p[0] = ring + start;
    slot->n[0] = min_size(len, cap - start);
    slot->p[1] = len > slot->n[0] ? ring : NULL;
    slot->n[1] = len - slot->n[0];
    slot->seg_payload = seg_payload;
    slot->seg_sums = seg_sums;
    slot->nsegs = ilpc_ilp_nsegs(len, seg_payload);
    slot->len = len;
    return ILPC_OK;
}

void ilpc_ilp_slot_read(const ilpc_tx_slot *slot, uint8_t *out)
{
    memcpy(out, slot->p[0], slot->n[0]);
    if (slot->n[1])
        memcpy(out + slot->n[0], slot->p[1], slot->n[1]);
}

uint16_t ilpc_ilp_slot_sum(const ilpc_tx_slot *slot)
{
    uint64_t acc = 0;
    size_t i;
    for (i = 0; i < slot->nsegs; i++)
        acc = ilpc_csum_combine(acc, ilpc_csum_unfold((uint16_t)slot->seg_sums[i]));
    return ilpc_csum_fold(acc);
}
