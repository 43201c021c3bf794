/*
 * ilpc_cipher_safer_k64.h - safer-k64, SAFER K-64 (Massey 1993).
 * 6 rounds, ECB (docs/ciphers.md, 3.4).
 *
 * The cipher's code (docs/ciphers.md, 5.2), included by ilpc_cipher.h: include
 * that instead.  Its unit functions, its context for the bulk loops (_local) and,
 * compiled into ilpc_cipher.c only (ILPC_CIPHER_IMPL), its key set-up and bulk
 * loops; its rows in ILPC_CIPHERS and in compiler/ciphers.py say the rest.
 */
#ifndef ILPC_CIPHER_SAFER_K64_H
#define ILPC_CIPHER_SAFER_K64_H

/* ---- safer-k64: SAFER K-64, 6 rounds, ECB -------------------------------- */
#define ILPC_PHT(a, b) do { (b) += (a); (a) += (b); } while (0)
#define ILPC_IPHT(a, b) do { (a) -= (b); (b) -= (a); } while (0)

/* Encrypt the block held in x[0..7] (bytes; values may carry junk above bit
 * 7 between steps, only the low 8 bits are meaningful). */
ILPC_ALWAYS_INLINE void ilpc__k64_enc_core(const ilpc_cipher *c, unsigned x[8])
{
    const uint8_t *E = ilpc_safer_exp, *L = ilpc_safer_log;
    const uint8_t *k = &c->u.k64.k[0][0];
    unsigned x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    unsigned x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7], t;
    int r;
    for (r = 0; r < ILPC_SAFER_K64_ROUNDS; r++, k += 16) {
        x0 = (unsigned)E[(x0 ^ k[0]) & 0xffu] + k[8];
        x1 = (unsigned)L[(x1 + k[1]) & 0xffu] ^ k[9];
        x2 = (unsigned)L[(x2 + k[2]) & 0xffu] ^ k[10];
        x3 = (unsigned)E[(x3 ^ k[3]) & 0xffu] + k[11];
        x4 = (unsigned)E[(x4 ^ k[4]) & 0xffu] + k[12];
        x5 = (unsigned)L[(x5 + k[5]) & 0xffu] ^ k[13];
        x6 = (unsigned)L[(x6 + k[6]) & 0xffu] ^ k[14];
        x7 = (unsigned)E[(x7 ^ k[7]) & 0xffu] + k[15];
        ILPC_PHT(x0, x1); ILPC_PHT(x2, x3); ILPC_PHT(x4, x5); ILPC_PHT(x6, x7);
        ILPC_PHT(x0, x2); ILPC_PHT(x4, x6); ILPC_PHT(x1, x3); ILPC_PHT(x5, x7);
        ILPC_PHT(x0, x4); ILPC_PHT(x1, x5); ILPC_PHT(x2, x6); ILPC_PHT(x3, x7);
        /* output order x0 x4 x1 x5 x2 x6 x3 x7 */
        t = x1; x1 = x4; x4 = x2; x2 = t;
        t = x3; x3 = x5; x5 = x6; x6 = t;
    }
    /* output transformation with K13 */
    x[0] = x0 ^ k[0]; x[1] = x1 + k[1]; x[2] = x2 + k[2]; x[3] = x3 ^ k[3];
    x[4] = x4 ^ k[4]; x[5] = x5 + k[5]; x[6] = x6 + k[6]; x[7] = x7 ^ k[7];
}

ILPC_ALWAYS_INLINE void ilpc__k64_dec_core(const ilpc_cipher *c, unsigned x[8])
{
    const uint8_t *E = ilpc_safer_exp, *L = ilpc_safer_log;
    const uint8_t *k = &c->u.k64.k[2 * ILPC_SAFER_K64_ROUNDS][0];
    unsigned x0, x1, x2, x3, x4, x5, x6, x7, t;
    int r;
    x0 = x[0] ^ k[0]; x1 = x[1] - k[1]; x2 = x[2] - k[2]; x3 = x[3] ^ k[3];
    x4 = x[4] ^ k[4]; x5 = x[5] - k[5]; x6 = x[6] - k[6]; x7 = x[7] ^ k[7];
    for (r = 0; r < ILPC_SAFER_K64_ROUNDS; r++) {
        k -= 16; /* k[0..7] = K(2i-1), k[8..15] = K(2i) */
        /* undo the output order x0 x4 x1 x5 x2 x6 x3 x7 */
        t = x2; x2 = x4; x4 = x1; x1 = t;
        t = x6; x6 = x5; x5 = x3; x3 = t;
        ILPC_IPHT(x0, x4); ILPC_IPHT(x1, x5); ILPC_IPHT(x2, x6); ILPC_IPHT(x3, x7);
        ILPC_IPHT(x0, x2); ILPC_IPHT(x4, x6); ILPC_IPHT(x1, x3); ILPC_IPHT(x5, x7);
        ILPC_IPHT(x0, x1); ILPC_IPHT(x2, x3); ILPC_IPHT(x4, x5); ILPC_IPHT(x6, x7);
        x0 = (unsigned)L[(x0 - k[8]) & 0xffu] ^ k[0];
        x1 = (unsigned)E[(x1 ^ k[9]) & 0xffu] - k[1];
        x2 = (unsigned)E[(x2 ^ k[10]) & 0xffu] - k[2];
        x3 = (unsigned)L[(x3 - k[11]) & 0xffu] ^ k[3];
        x4 = (unsigned)L[(x4 - k[12]) & 0xffu] ^ k[4];
        x5 = (unsigned)E[(x5 ^ k[13]) & 0xffu] - k[5];
        x6 = (unsigned)E[(x6 ^ k[14]) & 0xffu] - k[6];
        x7 = (unsigned)L[(x7 - k[15]) & 0xffu] ^ k[7];
    }
    x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3;
    x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
}

ILPC_ALWAYS_INLINE uint64_t ilpc_safer_k64_enc(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    unsigned x[8];
    (void)off;
    x[0] = ILPC_UNIT_BYTE(unit, 0); x[1] = ILPC_UNIT_BYTE(unit, 1);
    x[2] = ILPC_UNIT_BYTE(unit, 2); x[3] = ILPC_UNIT_BYTE(unit, 3);
    x[4] = ILPC_UNIT_BYTE(unit, 4); x[5] = ILPC_UNIT_BYTE(unit, 5);
    x[6] = ILPC_UNIT_BYTE(unit, 6); x[7] = ILPC_UNIT_BYTE(unit, 7);
    ilpc__k64_enc_core(c, x);
    return ILPC_UNIT_PUT(x[0], 0) | ILPC_UNIT_PUT(x[1], 1) | ILPC_UNIT_PUT(x[2], 2) |
           ILPC_UNIT_PUT(x[3], 3) | ILPC_UNIT_PUT(x[4], 4) | ILPC_UNIT_PUT(x[5], 5) |
           ILPC_UNIT_PUT(x[6], 6) | ILPC_UNIT_PUT(x[7], 7);
}

ILPC_ALWAYS_INLINE uint64_t ilpc_safer_k64_dec(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    unsigned x[8];
    (void)off;
    x[0] = ILPC_UNIT_BYTE(unit, 0); x[1] = ILPC_UNIT_BYTE(unit, 1);
    x[2] = ILPC_UNIT_BYTE(unit, 2); x[3] = ILPC_UNIT_BYTE(unit, 3);
    x[4] = ILPC_UNIT_BYTE(unit, 4); x[5] = ILPC_UNIT_BYTE(unit, 5);
    x[6] = ILPC_UNIT_BYTE(unit, 6); x[7] = ILPC_UNIT_BYTE(unit, 7);
    ilpc__k64_dec_core(c, x);
    return ILPC_UNIT_PUT(x[0], 0) | ILPC_UNIT_PUT(x[1], 1) | ILPC_UNIT_PUT(x[2], 2) |
           ILPC_UNIT_PUT(x[3], 3) | ILPC_UNIT_PUT(x[4], 4) | ILPC_UNIT_PUT(x[5], 5) |
           ILPC_UNIT_PUT(x[6], 6) | ILPC_UNIT_PUT(x[7], 7);
}

/* The key is read only: the loops run on a local copy of it (see ilpc_cipher.h). */
ILPC_ALWAYS_INLINE ilpc_cipher *ilpc_safer_k64_local(ilpc_cipher *c, ilpc_cipher *local)
{
    local->id = c->id;
    local->u.k64 = c->u.k64;
    return local;
}

#ifdef ILPC_CIPHER_IMPL
/* SAFER K-64 key schedule: K1 = key; for i = 2..13 every key byte is rotated
 * left by 3 bits (cumulatively) and K_i[j] = rot[j] + B_i[j] mod 256 with the
 * bias B_i[j] = exp(exp(9i + j)), j = 1..8. */
static void safer_k64_schedule(ilpc_cipher *c, const uint8_t key[8])
{
    uint8_t reg[8];
    int i, j;
    memcpy(reg, key, 8);
    memcpy(c->u.k64.k[0], key, 8);
    for (i = 2; i <= 2 * ILPC_SAFER_K64_ROUNDS + 1; i++) {
        for (j = 0; j < 8; j++) {
            reg[j] = (uint8_t)((reg[j] << 3) | (reg[j] >> 5));
            c->u.k64.k[i - 1][j] =
                (uint8_t)(reg[j] + ilpc_safer_exp[ilpc_safer_exp[(9 * i + j + 1) & 0xff]]);
        }
    }
}

static int ilpc_safer_k64_init(ilpc_cipher *c, const uint8_t *key, size_t keylen)
{
    if (keylen != 8)
        return -1;
    safer_k64_schedule(c, key);
    return 0;
}
ILPC_ALWAYS_INLINE void ilpc_safer_k64_encrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                               size_t n, uint64_t off)
{
    ILPC_UNIT_LOOP(ilpc_safer_k64_enc);
}
ILPC_ALWAYS_INLINE void ilpc_safer_k64_decrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                               size_t n, uint64_t off)
{
    ILPC_UNIT_LOOP(ilpc_safer_k64_dec);
}
#endif /* ILPC_CIPHER_IMPL */

#endif /* ILPC_CIPHER_SAFER_K64_H */
