/* ilpc_ilp.c - out-of-line parts of the ILP runtime (see ilpc_ilp.h): the slow
 * paths, the per-cipher bulk loops, the layered steps, the in-memory slot. */
#define ILPC_ILP_OUT_OF_LINE /* the vector loops compiled here (ilpc_ilp.h) */
#include "ilpc_ilp.h"

#include <stdlib.h>


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

#if ILPC_ILP_AVX2_DISPATCH
/* The run-time dispatched copy of the AVX2 loop. */
__attribute__((target("avx2"))) uint64_t ilpc_ilp_simd_xor_avx2(uint64_t key, uint8_t *dst, const uint8_t *src,
                                                                 size_t n, int dec)
{
    return ilpc_ilp__simd_xor_avx2(key, dst, src, n, dec);
}

__attribute__((target("avx2"))) uint64_t ilpc_ilp_simd_ks_avx2(const uint8_t *ks, uint8_t *ct, uint8_t *dst,
                                                                const uint8_t *src, size_t n, int dec)
{
    /* a loop each for with and without ct, send and receive */
    if (ct == NULL)
        return dec ? ilpc_ilp__simd_ks_avx2(ks, NULL, dst, src, n, 1) : ilpc_ilp__simd_ks_avx2(ks, NULL, dst, src, n, 0);
    return dec ? ilpc_ilp__simd_ks_avx2(ks, ct, dst, src, n, 1) : ilpc_ilp__simd_ks_avx2(ks, ct, dst, src, n, 0);
}
#endif

#if ILPC_ILP_SWAP_VECTOR && ILPC_ILP_AVX2_DISPATCH
/* The run-time dispatched copy of the AVX2 byte swap of integer runs. */
__attribute__((target("avx2"))) void ilpc_ilp_swap_avx2(size_t w, uint8_t *dst, const uint8_t *src, size_t n)
{
    ilpc_ilp__swap_avx2(w, dst, src, n);
}
#endif

/* The out-of-line unit functions of the ciphers whose row says ool. */
#define OOL_(a, b, ID, sfx, name, keylen, aead, copy, pairs, ool)                                      \
    ILPC_IF_##ool(ILPC_NOINLINE uint64_t ilpc_ilp_##sfx##_enc(ilpc_cipher *c, uint64_t u)               \
                  { return ilpc_##sfx##_enc(c, u, 0); }                                                \
                  ILPC_NOINLINE uint64_t ilpc_ilp_##sfx##_dec(ilpc_cipher *c, uint64_t u)               \
                  { return ilpc_##sfx##_dec(c, u, 0); })
ILPC_UNIT_CIPHERS(OOL_, , )

/* ------------------------------------------------------------------- send */

static size_t min_size(size_t a, size_t b) { return a < b ? a : b; }

static int tile_tx_slow(ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain);

/* k bytes at message offset m of the slot, split at the ring's wrap. */
static void slot_store(const ilpc_tx_slot *sl, size_t m, const uint8_t *b, size_t k)
{
    if (m + k <= sl->n[0]) {
        memcpy(sl->p[0] + m, b, k);
    } else if (m >= sl->n[0]) {
        memcpy(sl->p[1] + (m - sl->n[0]), b, k);
    } else {
        size_t j = sl->n[0] - m;
        memcpy(sl->p[0] + m, b, j);
        memcpy(sl->p[1], b + j, k - j);
    }
}

/* The first k (4 or 8) bytes of unit u at message offset m: added to the sum
 * of their segment (closing the previous segment when m starts the next one;
 * segment 0 stays open until part A) and stored into the slot. */
static void tx_store(ilpc_ilp_tx *s, ilpc_ilp_hot *h, size_t m, uint64_t u, size_t k)
{
    ilpc_tx_slot *sl = s->slot;
    uint8_t b[8];
    if (m == s->seg_end) {
        if (s->seg == 0)
            s->acc0 = h->acc;
        else
            sl->seg_sums[s->seg] = ilpc_csum_fold(h->acc);
        s->seg++;
        s->seg_end = min_size(s->seg_end + sl->seg_payload, sl->len);
        h->acc = 0;
    }
    h->acc = ilpc_csum_add_unit(h->acc, u); /* past k the unit is zero */
    memcpy(b, &u, 8);
    slot_store(sl, m, b, k);
}


ILPC_NOINLINE int ilpc_ilp_tx_slow(ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain)
{
    ilpc_tx_slot *sl = s->slot;
    size_t m;
    if (s->tile != NULL)
        return tile_tx_slow(s, h, plain);
    m = s->span_m + (size_t)(h->dst - s->span_p);
    if (m + 8u > sl->len)
        return ILPC_E_SLOT; /* more bytes than reserved */
    if (s->span == 0 && m >= s->span_end)
        ilpc_ilp_tx_seek(s, h, m);
    if (m == 0) {
        s->unit0 = plain; /* part A: processed last, in ilpc_ilp_tx_end */
    } else {
        ilpc_unit_fn code = s->fns != NULL ? s->fns->code : ilpc_cipher_enc_fn(s->c->id);
        tx_store(s, h, m, code(s->c, plain, s->off0 + m), 8);
    }
    ilpc_ilp_tx_seek(s, h, m + 8u);
    return ILPC_OK;
}

/* ---------------------------------------------------- the end of a record */

/* Store the first k (4 or 8) bytes of unit u, not encrypted, at the sink's
 * position: summed into the segment, split at the ring's wrap. */
static int tx_raw(ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t u, size_t k)
{
    ilpc_tx_slot *sl = s->slot;
    size_t m = s->span_m + (size_t)(h->dst - s->span_p);
    if (k == 8 && h->dst != h->lim) {
        h->acc = ilpc_csum_add_unit(h->acc, u);
        memcpy(h->dst, &u, 8);
        h->dst += 8;
        return ILPC_OK;
    }
    if (m + k > sl->len)
        return ILPC_E_SLOT;
    if (s->span == 0 && m >= s->span_end)
        ilpc_ilp_tx_seek(s, h, m);
    tx_store(s, h, m, u, k);
    if (k == 8)
        ilpc_ilp_tx_seek(s, h, m + 8u);
    return ILPC_OK;
}

/* Unit 0 into the slot, and the sums of segment 0 and of the last segment:
 * the end of every send (acc: the last segment's accumulator). */
static void tx_part_a(ilpc_ilp_tx *s, uint64_t acc, uint64_t acc0, uint64_t u0)
{
    ilpc_tx_slot *sl = s->slot;
    if (s->seg == 0) {
        sl->seg_sums[0] = ilpc_csum_fold(ilpc_csum_add_unit(acc, u0));
    } else {
        sl->seg_sums[s->seg] = ilpc_csum_fold(acc);
        sl->seg_sums[0] = ilpc_csum_fold(ilpc_csum_add_unit(acc0, u0));
    }
    if (ILPC_LIKELY(sl->n[0] >= 8)) {
        memcpy(sl->p[0], &u0, 8);
    } else {
        uint8_t b[8];
        memcpy(b, &u0, 8);
        memcpy(sl->p[0], b, sl->n[0]);
        memcpy(sl->p[1], b + sl->n[0], 8 - sl->n[0]);
    }
}

/* Unit 0's plain form: the held unit with BE32(L) in its first half. */
static uint64_t unit0_with_len(uint64_t unit0, size_t L)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return unit0 | __builtin_bswap32((uint32_t)L);
#else
    return unit0 | (uint64_t)(uint32_t)L << 32;
#endif
}

/* The record's bytes after the last whole unit of C: the last word's
 * ciphertext (nw = 4) or nothing, then the tag; from tag + 4 on when unit 0
 * carries the first 4 bytes of the tag (L == 0).  Whole units, then a half. */
static int tx_tail(ilpc_ilp_tx *s, ilpc_ilp_hot *h, const uint8_t *b, size_t n)
{
    int rc = ILPC_OK;
    for (; n >= 8 && rc == ILPC_OK; b += 8, n -= 8)
        rc = tx_raw(s, h, ilpc_load64(b), 8);
    if (rc == ILPC_OK && n != 0)
        rc = tx_raw(s, h, ilpc_load_tail(b, n), n);
    return rc;
}

int ilpc_ilp_tx_end_aead(ilpc_ilp_tx *s)
{
    ilpc_tx_slot *sl = s->slot;
    ilpc_cipher *c = s->c;
    ilpc_ilp_hot h;
    uint8_t tail[20];
    size_t L, m, nt = 0, skip = 0;
    uint64_t u0;
    int rc;
    ilpc_ilp_hot_get(&h, &s->h);
    if (sl->len < ILPC_AEAD_OVERHEAD)
        return ILPC_E_SLOT;
    L = sl->len - ILPC_AEAD_OVERHEAD;
    m = s->span_m + (size_t)(h.dst - s->span_p);
    if (h.odd && L != 0) {
        /* part C: the last word, ciphertext and MAC; the tag follows it */
        uint64_t u = ilpc_chacha20_poly1305_enc(c, ilpc_unit_pack(h.pw, 0), m);
        if (m != L)
            return ILPC_E_SLOT;
        memcpy(tail, &u, 4);
        nt = 4;
    } else if (h.odd ? m != 0 : m != 4u + L) {
        return ILPC_E_SLOT;
    }
    h.odd = 0;
    /* part A: unit 0, then the tag of the whole record */
    u0 = ilpc_aead_unit0(c, unit0_with_len(s->unit0, L));
    ilpc_aead_tag(c, L, tail + nt);
    nt += ILPC_AEAD_TAG;
    if (L == 0) {
        /* no XDR: the tag starts in unit 0 */
        memcpy((uint8_t *)&u0 + 4, tail, 4);
        skip = 4;
        ilpc_ilp_tx_seek(s, &h, 8);
    }
    rc = tx_tail(s, &h, tail + skip, nt - skip);
    memset(tail, 0, sizeof tail);
    if (rc != ILPC_OK)
        return rc;
    tx_part_a(s, h.acc, s->acc0, u0);
    ilpc_ilp_hot_put(&s->h, &h);
    return ILPC_OK;
}

/* ------------------------------------------------------------ tiled send */

/* n units from src to dst, each XORed with key (0: a plain copy); returns the
 * checksum accumulator of what was stored.  One pass: the tile is read once,
 * while it is still in L1, and the ring written once. */
static uint64_t tile_copy_sum(uint64_t key, uint8_t *dst, const uint8_t *src, size_t n)
{
#if ILPC_ILP_SSE2
    return ilpc_ilp__simd_xor(key, dst, src, n, 0);
#else
    uint64_t acc = 0;
    for (; n; n--, src += 8, dst += 8) {
        uint64_t u = ilpc_load64(src) ^ key;
        memcpy(dst, &u, 8);
        acc = ilpc_csum_add_unit(acc, u);
    }
    return acc;
#endif
}

/* k bytes of the tile at src to message offset m of the slot, which may wrap
 * at any byte: units before the end of span 0, one unit straddling it (in two
 * pieces), units in span 1; k is a multiple of 8, or ends with a half unit
 * (the end of a record).  Returns their sum. */
static uint64_t tile_put(const ilpc_tx_slot *sl, uint64_t key, const uint8_t *src, size_t m, size_t k)
{
    uint64_t acc = 0;
    if (k % 8u != 0) {
        /* the last half unit, on its own (only records end at 4 mod 8) */
        uint64_t u = ilpc_load_tail(src + (k & ~(size_t)7u), 4);
        uint8_t b[8];
        memcpy(b, &u, 8);
        slot_store(sl, m + (k & ~(size_t)7u), b, 4);
        acc = ilpc_csum_add_unit(acc, u);
        k &= ~(size_t)7u;
    }
    if (m < sl->n[0]) {
        size_t a = min_size(k, (sl->n[0] - m) & ~(size_t)7u);
        acc += tile_copy_sum(key, sl->p[0] + m, src, a / 8u);
        m += a;
        src += a;
        k -= a;
        if (k != 0 && m < sl->n[0]) {
            uint8_t b[8];
            uint64_t u = ilpc_load64(src) ^ key;
            memcpy(b, &u, 8);
            slot_store(sl, m, b, 8); /* the unit straddles the wrap */
            acc = ilpc_csum_add_unit(acc, u);
            m += 8;
            src += 8;
            k -= 8;
        }
    }
    if (k != 0)
        acc += tile_copy_sum(key, sl->p[1] + (m - sl->n[0]), src, k / 8u);
    return acc;
}

/* Encrypt the part of the tile's n bytes (message offsets m ..) that is C, in
 * place, for a record (s->rec): through libcrypto, in order, the first XDR word
 * (held in unit 0) first; or through the unit stage, whose output past C the
 * end of the record overwrites.  ILPC_OK or ILPC_E_CIPHER. */
/* ILPC_REC_LIB: the first XDR word (the second half of unit 0) to libcrypto,
 * before anything after it. */
static int tile_feed0(ilpc_ilp_tx *s)
{
    if (!s->fed0 && s->slot->len - ILPC_AEAD_TAG > 4) {
        uint8_t u[8];
        memcpy(u, &s->unit0, 8);
        if (ilpc_aead_lib_update(s->c, s->word0, u + 4, 4) != 0)
            return ILPC_E_CIPHER;
        s->fed0 = 1;
    }
    return ILPC_OK;
}

static int tile_seal(ilpc_ilp_tx *s, uint8_t *p, size_t n, size_t m)
{
    ilpc_cipher *c = s->c;
    size_t cend = s->slot->len - ILPC_AEAD_TAG; /* 4 + L */
    if (s->rec == ILPC_REC_STAGE) {
        ilpc_cipher_encrypt(c, p, p, n, m);
        return ILPC_OK;
    }
    if (tile_feed0(s) != ILPC_OK)
        return ILPC_E_CIPHER;
    if (m + n > cend)
        n = cend > m ? cend - m : 0;
    return n == 0 || ilpc_aead_lib_update(c, p, p, n) == 0 ? (int)ILPC_OK : (int)ILPC_E_CIPHER;
}

/* Flush the n bytes of plain units in the tile (message offsets tile_m ..
 * tile_m + n): encrypt them (in place with the cipher's bulk loop; xor rides
 * on the copy instead; seal == 0: they are ready), copy them into the slot,
 * and add them to the sum of their segment, closing segments as their ends go
 * by (segment 0 stays open for part A, as in ilpc_ilp_tx_slow). */
static int tile_flush(ilpc_ilp_tx *s, size_t n, int seal)
{
    ilpc_tx_slot *sl = s->slot;
    ilpc_cipher *c = s->c;
    const uint8_t *src = s->tile;
    size_t m = s->tile_m;
    uint64_t key = 0;
    if (!seal) {
        /* the end of a record: ready */
    } else if (s->rec != 0) {
        int rc = tile_seal(s, s->tile, n, m);
        if (rc != ILPC_OK)
            return rc;
    } else if (ilpc_cipher_on_copy(c->id)) {
        key = ilpc_cipher_copy_key(c->id, c);
    } else {
        ilpc_cipher_encrypt(c, s->tile, s->tile, n, s->off0 + m);
    }
    while (n != 0) {
        size_t k;
        if (m == s->seg_end) {
            if (s->seg == 0)
                s->acc0 = s->tacc;
            else
                sl->seg_sums[s->seg] = ilpc_csum_fold(s->tacc);
            s->seg++;
            s->seg_end = min_size(s->seg_end + sl->seg_payload, sl->len);
            s->tacc = 0;
        }
        k = min_size(n, s->seg_end - m);
        s->tacc += tile_put(sl, key, src, m, k);
        m += k;
        src += k;
        n -= k;
    }
    return ILPC_OK;
}

/* The sum of k bytes at message offset m (even) of the slot, which may wrap
 * at any byte: a byte left over at the end of span 0 pairs with the first
 * byte of span 1. */
static uint64_t slot_sum(const ilpc_tx_slot *sl, size_t m, size_t k)
{
    uint64_t acc = 0;
    size_t a;
    if (m >= sl->n[0])
        return ilpc_csum_add_bytes(0, sl->p[1] + (m - sl->n[0]), k);
    a = min_size(k, sl->n[0] - m);
    if (a == k || a % 2u == 0)
        return ilpc_csum_add_bytes(ilpc_csum_add_bytes(0, sl->p[0] + m, a), sl->p[1], k - a);
    {
        uint8_t pair[2];
        pair[0] = sl->p[0][m + a - 1u];
        pair[1] = sl->p[1][0];
        acc = ilpc_csum_add_bytes(0, sl->p[0] + m, a - 1u);
        acc = ilpc_csum_add_bytes(acc, pair, 2);
        return ilpc_csum_add_bytes(acc, sl->p[1] + 1, k - a - 1u);
    }
}

/* libcrypto encrypts k bytes of src straight to message offset m of the slot,
 * split at the wrap. */
static int slot_seal(ilpc_ilp_tx *s, const uint8_t *src, size_t m, size_t k)
{
    const ilpc_tx_slot *sl = s->slot;
    if (m < sl->n[0]) {
        size_t a = min_size(k, sl->n[0] - m);
        if (ilpc_aead_lib_update(s->c, sl->p[0] + m, src, a) != 0)
            return ILPC_E_CIPHER;
        m += a;
        src += a;
        k -= a;
    }
    if (k != 0 && ilpc_aead_lib_update(s->c, sl->p[1] + (m - sl->n[0]), src, k) != 0)
        return ILPC_E_CIPHER;
    return ILPC_OK;
}

int ilpc_ilp_tile_tx_direct(ilpc_ilp_tx *s, ilpc_ilp_hot *h, const uint8_t *src, size_t n)
{
    ilpc_tx_slot *sl = s->slot;
    size_t k = (size_t)(h->dst - s->tile), m = s->tile_m + k, left;
    int rc;
    if (m == 0) {
        /* unit 0 (never an opaque body's, but the slow path knows what to do) */
        if ((rc = tile_tx_slow(s, h, ilpc_load64(src))) != ILPC_OK)
            return rc;
        src += 8;
        n--;
        k = (size_t)(h->dst - s->tile);
        m = s->tile_m + k;
    }
    left = 8u * n;
    if (m + left > sl->len - ILPC_AEAD_TAG)
        return ILPC_E_SLOT; /* more bytes than reserved (C ends at 4 + L) */
    if (k != 0 && (rc = tile_flush(s, k, 1)) != ILPC_OK)
        return rc;
    if ((rc = tile_feed0(s)) != ILPC_OK)
        return rc;
    while (left != 0) {
        size_t piece = min_size(left, ILPC_ILP_DIRECT_PIECE), end = m + piece;
        if ((rc = slot_seal(s, src, m, piece)) != ILPC_OK)
            return rc;
        /* the piece summed per segment while it is still in L1 */
        while (m != end) {
            size_t k;
            if (m == s->seg_end) {
                if (s->seg == 0)
                    s->acc0 = s->tacc;
                else
                    sl->seg_sums[s->seg] = ilpc_csum_fold(s->tacc);
                s->seg++;
                s->seg_end = min_size(s->seg_end + sl->seg_payload, sl->len);
                s->tacc = 0;
            }
            k = min_size(end - m, s->seg_end - m);
            s->tacc += slot_sum(sl, m, k);
            m += k;
        }
        src += piece;
        left -= piece;
    }
    s->tile_m = m;
    h->dst = s->tile;
    h->lim = s->tile + min_size(s->tile_cap, (sl->len - m) & ~(size_t)7u);
    h->off = s->off0 + m;
    return ILPC_OK;
}

static int tile_tx_slow(ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain)
{
    ilpc_tx_slot *sl = s->slot;
    size_t n = (size_t)(h->dst - s->tile);
    size_t m = s->tile_m + n; /* message offset of `plain` */
    if (m + 8u > sl->len)
        return ILPC_E_SLOT; /* more bytes than reserved */
    if (m == 0) {
        s->unit0 = plain; /* part A: processed last, in ilpc_ilp_tx_end_tile */
        s->tile_m = 8;
        h->dst = s->tile;
        h->lim = s->tile + min_size(s->tile_cap, (sl->len - 8u) & ~(size_t)7u);
        h->off = s->off0 + 8u;
        return ILPC_OK;
    }
    if (n != 0) {
        int rc = tile_flush(s, n, 1);
        if (rc != ILPC_OK)
            return rc;
    }
    s->tile_m = m;
    memcpy(s->tile, &plain, 8);
    h->dst = s->tile + 8;
    h->lim = s->tile + min_size(s->tile_cap, (sl->len - m) & ~(size_t)7u);
    h->off = s->off0 + m + 8u;
    return ILPC_OK;
}

/* The end of a tiled record: C's last piece sealed, unit 0 and the tag; the
 * tag goes into the tile right after C (the tile has room for it: see
 * ilpc_msg_tiled_send) and leaves with the last tile. */
static int tile_end_record(ilpc_ilp_tx *s, ilpc_ilp_hot *h)
{
    ilpc_tx_slot *sl = s->slot;
    ilpc_cipher *c = s->c;
    size_t L = sl->len - ILPC_AEAD_OVERHEAD, n, m, skip = 0;
    uint8_t tag[ILPC_AEAD_TAG];
    uint64_t u0;
    int rc;
    if (h->odd && L != 0) {
        uint64_t u = ilpc_unit_pack(h->pw, 0);
        if (h->dst == h->lim) {
            if ((rc = tile_tx_slow(s, h, u)) != ILPC_OK)
                return rc;
        } else {
            memcpy(h->dst, &u, 8);
            h->dst += 8;
        }
    }
    n = (size_t)(h->dst - s->tile);
    m = s->tile_m + n; /* where the units end */
    if (L == 0 ? !(h->odd && m == 0) : m != ((L + 4u + 7u) & ~(size_t)7u))
        return ILPC_E_SLOT;
    h->odd = 0;
    if ((rc = tile_seal(s, s->tile, n, s->tile_m)) != ILPC_OK)
        return rc;
    if (s->rec == ILPC_REC_LIB) {
        u0 = unit0_with_len(s->unit0, L);
        memcpy((uint8_t *)&u0 + 4, s->word0, 4);
        if (ilpc_aead_lib_seal(c, tag) != 0)
            return ILPC_E_CIPHER;
    } else {
        u0 = ilpc_aead_unit0(c, unit0_with_len(s->unit0, L));
        ilpc_aead_tag(c, L, tag);
    }
    if (L == 0) {
        /* no XDR: the tag starts in unit 0, the rest follows it */
        memcpy((uint8_t *)&u0 + 4, tag, 4);
        skip = 4;
        s->tile_m = 8;
    }
    memcpy(s->tile + (L + 4u + skip - s->tile_m), tag + skip, ILPC_AEAD_TAG - skip);
    memset(tag, 0, sizeof tag);
    rc = tile_flush(s, sl->len - s->tile_m, 0);
    if (rc != ILPC_OK)
        return rc;
    tx_part_a(s, s->tacc, s->acc0, u0);
    return ILPC_OK;
}

/* Part C (the pending word and 4 zero bytes, into the tile), the check that
 * exactly slot->len bytes were produced, the last tile, then part A as in
 * ilpc_ilp__tx_end: unit 0 completed with BE32(L), encrypted, summed into
 * segment 0, stored at the start of the slot. */
int ilpc_ilp_tx_end_tile(ilpc_ilp_tx *s)
{
    ilpc_tx_slot *sl = s->slot;
    ilpc_cipher *c = s->c;
    ilpc_ilp_hot h;
    size_t L, n;
    int rc;
    ilpc_ilp_hot_get(&h, &s->h);
    if (s->rec != 0) {
        rc = tile_end_record(s, &h);
        ilpc_ilp_hot_put(&s->h, &h);
        return rc;
    }
    if (h.odd) {
        uint64_t u = ilpc_unit_pack(h.pw, 0);
        h.odd = 0;
        if (h.dst == h.lim) {
            rc = tile_tx_slow(s, &h, u);
            if (rc)
                return rc;
        } else {
            memcpy(h.dst, &u, 8);
            h.dst += 8;
        }
        L = sl->len - 8u;
    } else {
        L = sl->len - 4u;
    }
    n = (size_t)(h.dst - s->tile);
    if (s->tile_m + n != sl->len)
        return ILPC_E_SLOT;
    if (n != 0 && (rc = tile_flush(s, n, 1)) != ILPC_OK)
        return rc;
    tx_part_a(s, s->tacc, s->acc0, ilpc_cipher_enc_fn(c->id)(c, unit0_with_len(s->unit0, L), s->off0));
    ilpc_ilp_hot_put(&s->h, &h);
    return ILPC_OK;
}

/* ---------------------------------------------------------------- receive */

static uint64_t tile_rx_slow(ilpc_ilp_rx *r, ilpc_ilp_rxh *h);

ILPC_NOINLINE uint64_t ilpc_ilp_rx_slow(ilpc_ilp_rx *r, ilpc_ilp_rxh *h)
{
    uint8_t b[8];
    uint64_t u;
    if (r->tile != NULL)
        return tile_rx_slow(r, h);
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


/* ---------------------------------------------------------- tiled receive */

static uint64_t tile_rx_slow(ilpc_ilp_rx *r, ilpc_ilp_rxh *h)
{
    size_t m = r->tile_m + (size_t)(h->src - r->tile), n;
    const uint8_t *src = r->p[0] + m;
    ilpc_cipher *c = r->c;
    if (m + 8u > r->avail) {
        r->err = 1; /* past the input: the length checks should make this impossible */
        return 0;
    }
    n = min_size(r->tile_cap, (r->avail - m) & ~(size_t)7u);
    if (r->rec == ILPC_REC_LIB) {
        /* a record through libcrypto: C decrypted in order, the rest (the
         * length word, the tag's first bytes) copied */
        size_t a = m < 4 ? 4 : m, b = min_size(m + n, 4u + r->rec_L);
        r->tacc += ilpc_csum_add_bytes(0, src, n);
        memcpy(r->tile, src, n);
        if (b > a && ilpc_aead_lib_update(c, r->tile + (a - m), src + (a - m), b - a) != 0)
            r->err = 1;
    } else
#if ILPC_ILP_SSE2
    if (ilpc_cipher_on_copy(c->id)) {
        /* sum, decrypt and copy in one pass */
        r->tacc += ilpc_ilp__simd_xor(ilpc_cipher_copy_key(c->id, c), r->tile, src, n / 8u, 1);
    } else
#endif
    {
        r->tacc += ilpc_csum_add_bytes(0, src, n);
        ilpc_cipher_decrypt(c, r->tile, src, n, r->off0 + m);
    }
    r->tile_m = m;
    r->filled = m + n;
    h->src = r->tile + 8;
    h->lim = r->tile + n;
    return ilpc_load64(r->tile);
}

void ilpc_ilp_tile_rx_direct(ilpc_ilp_rx *r, ilpc_ilp_rxh *h, uint8_t *dst, size_t n)
{
    size_t have = min_size((size_t)(h->lim - h->src) / 8u, n), m, left;
    const uint8_t *src;
    /* what the tile holds is decrypted already */
    memcpy(dst, h->src, 8u * have);
    h->src += 8u * have;
    dst += 8u * have;
    n -= have;
    if (n == 0)
        return;
    m = r->tile_m + (size_t)(h->src - r->tile);
    left = 8u * n;
    if (m < 4 || m + left > 4u + r->rec_L) {
        r->err = 1; /* past C: the length checks should make this impossible */
        return;
    }
    for (src = r->p[0] + m; left != 0;) {
        size_t piece = min_size(left, ILPC_ILP_DIRECT_PIECE);
        r->tacc += ilpc_csum_add_bytes(0, src, piece);
        if (ilpc_aead_lib_update(r->c, dst, src, piece) != 0)
            r->err = 1;
        src += piece;
        dst += piece;
        left -= piece;
    }
    r->tile_m = r->filled = m + 8u * n;
    h->src = h->lim = r->tile; /* the next unit refills the tile */
}

/* The out-of-line instantiations take and leave the hot state in s->h / r->h,
 * copied field by field (see ilpc_ilp_hot_get). */
#define INSTANTIATE(sfx, cid)                                                                     \
    int ilpc_ilp_tx_bytes_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const uint8_t *p, size_t n)     \
    {                                                                                             \
        ilpc_ilp_hot h;                                                                           \
        int rc;                                                                                   \
        ilpc_ilp_hot_get(&h, &s->h);                                                              \
        rc = ilpc_ilp__tx_bytes(cid, c, s, &h, p, n);                                             \
        ilpc_ilp_hot_put(&s->h, &h);                                                              \
        return rc;                                                                                \
    }                                                                                             \
    int ilpc_ilp_tx_ints_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s, const void *items, size_t n, size_t w) \
    {                                                                                             \
        ilpc_ilp_hot h;                                                                           \
        int rc;                                                                                   \
        ilpc_ilp_hot_get(&h, &s->h);                                                              \
        rc = ilpc_ilp__tx_ints(cid, c, s, &h, items, n, w);                                       \
        ilpc_ilp_hot_put(&s->h, &h);                                                              \
        return rc;                                                                                \
    }                                                                                             \
    int ilpc_ilp_tx_end_##sfx(ilpc_cipher *c, ilpc_ilp_tx *s) { return ilpc_ilp__tx_end(cid, c, s); }     \
    int ilpc_ilp_rx_bytes_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, uint8_t *dst, size_t n)         \
    {                                                                                             \
        ilpc_ilp_rxh h;                                                                           \
        int rc;                                                                                   \
        ilpc_ilp_rxh_get(&h, &r->h);                                                              \
        rc = ilpc_ilp__rx_bytes(cid, c, r, &h, dst, n);                                           \
        ilpc_ilp_rxh_put(&r->h, &h);                                                              \
        return rc;                                                                                \
    }                                                                                             \
    int ilpc_ilp_rx_ints_##sfx(ilpc_cipher *c, ilpc_ilp_rx *r, void *items, size_t n, size_t w) \
    {                                                                                             \
        ilpc_ilp_rxh h;                                                                           \
        int rc;                                                                                   \
        ilpc_ilp_rxh_get(&h, &r->h);                                                              \
        rc = ilpc_ilp__rx_ints(cid, c, r, &h, items, n, w);                                       \
        ilpc_ilp_rxh_put(&r->h, &h);                                                              \
        return rc;                                                                                \
    }
#define INSTANTIATE_(a, b, ID, sfx, ...) INSTANTIATE(sfx, ILPC_CIPHER_##ID)
ILPC_UNIT_CIPHERS(INSTANTIATE_, , )
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

/* Steps 3 and 4 of a layered send: the message into the ring, then the
 * checksum of every segment, read back from the ring as TCP does. */
void ilpc_ilp_slot_store(const uint8_t *msg, ilpc_tx_slot *slot)
{
    size_t len = slot->len, i;
    memcpy(slot->p[0], msg, slot->n[0]);
    if (len > slot->n[0])
        memcpy(slot->p[1], msg + slot->n[0], len - slot->n[0]);
    for (i = 0; i < slot->nsegs; i++) {
        size_t from = i * slot->seg_payload;
        size_t n = min_size(slot->seg_payload, len - from);
        slot->seg_sums[i] = ilpc_csum_fold(slot_sum_range(slot, from, n));
    }
}

int ilpc_layered_seal(ilpc_cipher *c, uint64_t stream_off, uint8_t *msg, size_t xdr_len, ilpc_tx_slot *slot)
{
    size_t len = ilpc_ilp_msg_len(xdr_len);
    if (slot->len != len)
        return ILPC_E_SLOT;
    /* 1. framing: length word and zero padding */
    ilpc_put32(msg, (uint32_t)xdr_len);
    memset(msg + 4 + xdr_len, 0, len - 4 - xdr_len);
    /* 2. encryption, in place */
    ilpc_cipher_encrypt(c, msg, msg, len, stream_off);
    ilpc_ilp_slot_store(msg, slot);
    return ILPC_OK;
}

int ilpc_layered_seal_record(ilpc_cipher *c, uint8_t *msg, size_t xdr_len, ilpc_tx_slot *slot)
{
    if (slot->len != xdr_len + ILPC_AEAD_OVERHEAD)
        return ILPC_E_SLOT;
    /* 1 and 2. framing and the AEAD, in place */
    if (ilpc_aead_seal_record(c, msg, xdr_len) != 0)
        return c->u.ae.seq == UINT64_MAX ? ILPC_E_NONCE : ILPC_E_CIPHER;
    ilpc_ilp_slot_store(msg, slot);
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
    if (ring == NULL || start >= cap || len > cap || len == 0 || seg_payload == 0 ||
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

int ilpc_ilp_tx_unit_calls(ilpc_cipher *c, ilpc_ilp_tx *s, ilpc_ilp_hot *h, uint64_t plain)
{
    return ilpc_ilp_tx_unit(ILPC_CID_CALLS, 1, c, s, h, plain);
}

uint64_t ilpc_ilp_rx_unit_calls(ilpc_cipher *c, ilpc_ilp_rx *r, ilpc_ilp_rxh *h)
{
    return ilpc_ilp_rx_unit(ILPC_CID_CALLS, 1, c, r, h);
}
