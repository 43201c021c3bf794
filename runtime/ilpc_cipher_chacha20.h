/*
 * ilpc_cipher_chacha20.h - chacha20, the RFC 8439 stream cipher keyed to the stream offset.
 * Its keystream blocks come from ilpc_chacha20_blocks (ilpc_chapoly.h).
 *
 * The cipher's code (docs/ciphers.md, 5.2), included by ilpc_cipher.h: include
 * that instead.  Its unit functions, its context for the bulk loops (_local) and,
 * compiled into ilpc_cipher.c only (ILPC_CIPHER_IMPL), its key set-up and bulk
 * loops; its rows in ILPC_CIPHERS and in compiler/ciphers.py say the rest.
 */
#ifndef ILPC_CIPHER_CHACHA20_H
#define ILPC_CIPHER_CHACHA20_H

/* Make the keystream block of stream offset off (block off/64) the cached
 * chacha20 block: taken from the second slot if it is there, computed
 * otherwise.  Out of line; called at most once per 64 bytes in order. */
void ilpc_chacha20_refill(ilpc_cipher *c, uint64_t off);

/* ---- chacha20 (RFC 8439 block function, keyed to the stream offset) ------ */
ILPC_ALWAYS_INLINE uint64_t ilpc_chacha20_enc(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    uint64_t ks;
    if (ILPC_UNLIKELY((off >> 6) != c->u.cc.blk))
        ilpc_chacha20_refill(c, off);
    memcpy(&ks, c->u.cc.ks + (off & 56u), 8);
    return unit ^ ks;
}
ILPC_ALWAYS_INLINE uint64_t ilpc_chacha20_dec(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    return ilpc_chacha20_enc(c, unit, off);
}

/* The keystream cache changes as the loops go: they run on the context itself. */
ILPC_ALWAYS_INLINE ilpc_cipher *ilpc_chacha20_local(ilpc_cipher *c, ilpc_cipher *local)
{
    (void)local;
    return c;
}

#ifdef ILPC_CIPHER_IMPL
/* 32 bytes: the key (nonce 0, counter 0); 44: key || 12-byte nonce (counter 0);
 * 48: key || 4-byte little-endian initial counter || nonce. */
static int ilpc_chacha20_init(ilpc_cipher *c, const uint8_t *key, size_t keylen)
{
    int i;
    const uint8_t *nonce = NULL;
    if (keylen == 44) {
        nonce = key + 32;
    } else if (keylen == 48) {
        c->u.cc.ctr0 = ilpc_load32_le(key + 32);
        nonce = key + 36;
    } else if (keylen != 32) {
        return -1;
    }
    for (i = 0; i < 8; i++)
        c->u.cc.key[i] = ilpc_load32_le(key + 4 * i);
    for (i = 0; i < 3; i++)
        c->u.cc.nonce[i] = nonce ? ilpc_load32_le(nonce + 4 * i) : 0;
    c->u.cc.blk = UINT64_MAX;
    c->u.cc.alt_blk = UINT64_MAX;
    return 0;
}

/* ---- chacha20: the RFC 8439 block function is ilpc_chacha20_blocks ------- */

/*
 * Two-slot keystream cache.  `blk/ks` is the block in use, `alt_blk/alt_ks`
 * a second block.  The ILP send order visits a message [S, E) as
 *     part B: S+8, S+16, ..., E-16   part C: E-8   part A: S
 * i.e. forward from block (S+8)/64 to (E-8)/64, then back to S/64; the next
 * message starts at E.  The aim is that the block of S is still at hand when
 * part A comes, so that every keystream block is computed once, as in the
 * in-order bulk loop.  Only refills are seen here (accesses to the block in
 * use are not), and the offset of the access that caused them:
 *
 *  - backward (part A of a message): use the second slot if it holds the
 *    block, else move the block in use (the message's last block, where the
 *    next message starts) there and compute.  The message is finished:
 *    `phase` = 0.
 *  - forward to the block in the second slot: swap (a new message starting
 *    in the block where the previous one ended); phase = 0.
 *  - forward at an offset that is not a multiple of 64: only the first access
 *    of a message lands mid-block like that, and the message starts in this
 *    block; phase = 0 (it will be saved on the next step).
 *  - forward at a multiple of 64: either the next block of the message in
 *    progress, or the first access (S+8) of a message starting in the last 8
 *    bytes of the previous block.  phase == 1 says the start block of the
 *    message in progress is already in the second slot: keep it.  Otherwise
 *    the block being left (which is the start block in both readings) is
 *    moved to the second slot and phase = 1.
 *
 * The policy only decides what is kept; each slot always holds the block its
 * number says, so any access order gives the right keystream.  The one
 * pattern it mispredicts (one extra block) is a single-unit message at a
 * multiple of 64 followed by a message that starts in the same block.
 */
static void cc_compute(ilpc_cipher *c, uint64_t blk)
{
    /* RFC 8439's counter is 32 bits: it wraps after 2^32 blocks (256 GiB). */
    ilpc_chacha20_blocks(c->u.cc.key, c->u.cc.nonce, c->u.cc.ctr0 + (uint32_t)blk, c->u.cc.ks, 1);
    c->u.cc.blk = blk;
    c->u.cc.generated++;
}

static void cc_save(ilpc_cipher *c)
{
    memcpy(c->u.cc.alt_ks, c->u.cc.ks, 64);
    c->u.cc.alt_blk = c->u.cc.blk;
}

static void cc_swap(ilpc_cipher *c)
{
    uint8_t t[64];
    uint64_t b = c->u.cc.blk;
    memcpy(t, c->u.cc.ks, 64);
    memcpy(c->u.cc.ks, c->u.cc.alt_ks, 64);
    memcpy(c->u.cc.alt_ks, t, 64);
    c->u.cc.blk = c->u.cc.alt_blk;
    c->u.cc.alt_blk = b;
}

void ilpc_chacha20_refill(ilpc_cipher *c, uint64_t off)
{
    uint64_t b = off >> 6;
    int have = c->u.cc.blk != UINT64_MAX;
    if (b == c->u.cc.alt_blk) {
        cc_swap(c);
        c->u.cc.phase = 0;
        return;
    }
    if (have && b < c->u.cc.blk) { /* backward */
        cc_save(c);
        c->u.cc.phase = 0;
    } else if (off & 63u) { /* a message starts in block b */
        c->u.cc.phase = 0;
    } else if (have && b == c->u.cc.blk + 1) {
        if (!c->u.cc.phase) {
            cc_save(c);
            c->u.cc.phase = 1;
        }
    } else { /* a forward jump to a multiple of 64 */
        c->u.cc.phase = b > 0 && c->u.cc.alt_blk == b - 1;
    }
    cc_compute(c, b);
}

ILPC_ALWAYS_INLINE void chacha20_bulk(ilpc_cipher *c, uint8_t *dst, const uint8_t *src, size_t n, uint64_t off)
{
    uint64_t ks[8], u;
    while (n) {
        size_t o = (size_t)(off & 63u), m = 64 - o, i;
        if (m > n)
            m = n;
        if ((off >> 6) != c->u.cc.blk)
            ilpc_chacha20_refill(c, off);
        memcpy(ks, c->u.cc.ks, 64); /* a local copy: dst may alias *c */
        if (m == 64) {
            uint64_t w[8];
            memcpy(w, src, 64);
            for (i = 0; i < 8; i++)
                w[i] ^= ks[i];
            memcpy(dst, w, 64);
        } else {
            for (i = 0; i < m; i += 8) {
                memcpy(&u, src + i, 8);
                u ^= ks[(o + i) >> 3];
                memcpy(dst + i, &u, 8);
            }
        }
        src += m;
        dst += m;
        off += m;
        n -= m;
    }
}

ILPC_ALWAYS_INLINE void ilpc_chacha20_encrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                              size_t n, uint64_t off)
{
    chacha20_bulk(c, dst, src, n, off);
}
ILPC_ALWAYS_INLINE void ilpc_chacha20_decrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                              size_t n, uint64_t off)
{
    chacha20_bulk(c, dst, src, n, off);
}
#endif /* ILPC_CIPHER_IMPL */

#endif /* ILPC_CIPHER_CHACHA20_H */
