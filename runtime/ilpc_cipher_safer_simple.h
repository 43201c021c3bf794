/*
 * ilpc_cipher_safer_simple.h - safer-simple, Braun & Diot's simplified SAFER K-64.
 * One round, ECB (docs/ciphers.md, 3.3).
 *
 * The cipher's code (docs/ciphers.md, 5.2), included by ilpc_cipher.h: include
 * that instead.  Its unit functions, its context for the bulk loops (_local) and,
 * compiled into ilpc_cipher.c only (ILPC_CIPHER_IMPL), its key set-up and bulk
 * loops; its rows in ILPC_CIPHERS and in compiler/ciphers.py say the rest.
 */
#ifndef ILPC_CIPHER_SAFER_SIMPLE_H
#define ILPC_CIPHER_SAFER_SIMPLE_H

/* ---- safer-simple ---------------------------------------------------------
 * E: bytes 0,3,4,7 ^= k[j] then exp; bytes 1,2,5,6 += k[j] then log;
 *    then (x[2i], x[2i+1]) <- (2*x[2i] + x[2i+1], x[2i] + x[2i+1]) mod 256.
 */
#define ILPC_LANE_LO 0x00ff00ff00ff00ffu /* low byte of every 16-bit lane */

/* bytewise (mod 256) sum of two units, without carries between bytes */
ILPC_ALWAYS_INLINE uint64_t ilpc_swar_add8(uint64_t x, uint64_t y)
{
    const uint64_t h = 0x8080808080808080u;
    return ((x & ~h) + (y & ~h)) ^ ((x ^ y) & h);
}
ILPC_ALWAYS_INLINE uint64_t ilpc_swar_sub8(uint64_t x, uint64_t y)
{
    const uint64_t h = 0x8080808080808080u;
    return ((x | h) - (y & ~h)) ^ ((x ^ ~y) & h);
}

ILPC_ALWAYS_INLINE uint64_t ilpc_safer_simple_enc(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    const uint8_t *E = ilpc_safer_exp, *L = ilpc_safer_log;
    uint64_t x, y, a, b, s, t;
    (void)off;
    x = ilpc_swar_add8(unit ^ c->u.ss.kx, c->u.ss.ka);
    y = ILPC_UNIT_PUT(E[ILPC_UNIT_BYTE(x, 0)], 0) | ILPC_UNIT_PUT(L[ILPC_UNIT_BYTE(x, 1)], 1) |
        ILPC_UNIT_PUT(L[ILPC_UNIT_BYTE(x, 2)], 2) | ILPC_UNIT_PUT(E[ILPC_UNIT_BYTE(x, 3)], 3) |
        ILPC_UNIT_PUT(E[ILPC_UNIT_BYTE(x, 4)], 4) | ILPC_UNIT_PUT(L[ILPC_UNIT_BYTE(x, 5)], 5) |
        ILPC_UNIT_PUT(L[ILPC_UNIT_BYTE(x, 6)], 6) | ILPC_UNIT_PUT(E[ILPC_UNIT_BYTE(x, 7)], 7);
    /* 2-PHT in each 16-bit lane: a = first byte of the pair, b = second */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    a = y & ILPC_LANE_LO;
    b = (y >> 8) & ILPC_LANE_LO;
#else
    a = (y >> 8) & ILPC_LANE_LO;
    b = y & ILPC_LANE_LO;
#endif
    s = a + b; /* each lane < 0x200: no carry into the next lane */
    t = s + a;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (t & ILPC_LANE_LO) | ((s & ILPC_LANE_LO) << 8);
#else
    return ((t & ILPC_LANE_LO) << 8) | (s & ILPC_LANE_LO);
#endif
}

ILPC_ALWAYS_INLINE uint64_t ilpc_safer_simple_dec(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    const uint8_t *E = ilpc_safer_exp, *L = ilpc_safer_log;
    uint64_t a, b, t, s, x;
    (void)off;
    /* inverse 2-PHT: a = t - s, b = s - a (all mod 256, per lane) */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    t = unit & ILPC_LANE_LO;
    s = (unit >> 8) & ILPC_LANE_LO;
#else
    t = (unit >> 8) & ILPC_LANE_LO;
    s = unit & ILPC_LANE_LO;
#endif
    a = (t + 0x0100010001000100u - s) & ILPC_LANE_LO;
    b = (s + 0x0100010001000100u - a) & ILPC_LANE_LO;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    x = a | (b << 8);
#else
    x = (a << 8) | b;
#endif
    x = ILPC_UNIT_PUT(L[ILPC_UNIT_BYTE(x, 0)], 0) | ILPC_UNIT_PUT(E[ILPC_UNIT_BYTE(x, 1)], 1) |
        ILPC_UNIT_PUT(E[ILPC_UNIT_BYTE(x, 2)], 2) | ILPC_UNIT_PUT(L[ILPC_UNIT_BYTE(x, 3)], 3) |
        ILPC_UNIT_PUT(L[ILPC_UNIT_BYTE(x, 4)], 4) | ILPC_UNIT_PUT(E[ILPC_UNIT_BYTE(x, 5)], 5) |
        ILPC_UNIT_PUT(E[ILPC_UNIT_BYTE(x, 6)], 6) | ILPC_UNIT_PUT(L[ILPC_UNIT_BYTE(x, 7)], 7);
    return ilpc_swar_sub8(x, c->u.ss.ka) ^ c->u.ss.kx;
}

/* The key is read only: the loops run on a local copy of it (see ilpc_cipher.h). */
ILPC_ALWAYS_INLINE ilpc_cipher *ilpc_safer_simple_local(ilpc_cipher *c, ilpc_cipher *local)
{
    local->id = c->id;
    local->u.ss = c->u.ss;
    return local;
}

#ifdef ILPC_CIPHER_IMPL
/* Mask of the bytes at memory positions 0,3,4,7 of a unit. */
static uint64_t xor_positions_mask(void)
{
    static const uint8_t m[8] = {0xff, 0, 0, 0xff, 0xff, 0, 0, 0xff};
    uint64_t v;
    memcpy(&v, m, 8);
    return v;
}

static int ilpc_safer_simple_init(ilpc_cipher *c, const uint8_t *key, size_t keylen)
{
    uint64_t k64;
    if (keylen != 8)
        return -1;
    memcpy(c->u.ss.k, key, 8);
    memcpy(&k64, key, 8);
    c->u.ss.kx = k64 & xor_positions_mask();
    c->u.ss.ka = k64 & ~xor_positions_mask();
    return 0;
}
ILPC_ALWAYS_INLINE void ilpc_safer_simple_encrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                                  size_t n, uint64_t off)
{
    ILPC_UNIT_LOOP(ilpc_safer_simple_enc);
}
ILPC_ALWAYS_INLINE void ilpc_safer_simple_decrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                                  size_t n, uint64_t off)
{
    ILPC_UNIT_LOOP(ilpc_safer_simple_dec);
}
#endif /* ILPC_CIPHER_IMPL */

#endif /* ILPC_CIPHER_SAFER_SIMPLE_H */
