/*
 * ilpc_cipher.h - the encryption layer of an ilpc message (docs/ilp.md, Wire format) as
 * building blocks for the fused ILP loops and for the layered baseline.
 *
 * A message is encrypted in 8-byte units.  A unit is a uint64_t holding the 8
 * bytes in memory order (what memcpy(&u, p, 8) yields on this host); `off` is
 * the byte offset of the unit in the encrypted stream (a multiple of 8).  Only
 * chacha20 uses `off`; the block ciphers are ECB and ignore it.
 *
 * The per-unit functions ilpc_<cipher>_enc/_dec are static inline (always
 * inlined under gcc/clang) so that a generated fused loop contains no call
 * through a pointer.  ilpc_cipher_encrypt/_decrypt are the bulk loops used by
 * the layered baseline; ilpc_cipher_enc_fn/_dec_fn give out-of-line copies of
 * the unit functions for measuring the cost of an indirect call per unit
 * (Braun & Diot 1995, section 3.2.1; docs/references.md).
 *
 * Ciphers, keys and their (lack of) security are specified in docs/ciphers.md.
 * Key lengths accepted by ilpc_cipher_init (keylen 0 always means "the
 * all-zero key of the default length"; key may then be NULL):
 *   none          any length, ignored
 *   xor           8
 *   safer-simple  8
 *   safer-k64     8
 *   chacha20      32 (key; nonce 0, counter 0)
 *                 44 (key || 12-byte nonce; counter 0)
 *                 48 (key || 4-byte little-endian initial counter || nonce)
 *
 * Thread safety: an ilpc_cipher is immutable after init except for the
 * chacha20 keystream cache, so a chacha20 context must not be shared by
 * threads; the others may be.
 *
 * Note for fused loops: the unit functions read the key through `c`.  A loop
 * that also stores bytes through a uint8_t pointer (the ring buffer) may make
 * the compiler reload the key after every store, because such a store may
 * alias *c.  For the block ciphers, running the loop on a local copy
 * (`ilpc_cipher k = *c;` then &k) lets it keep the key in registers; for
 * chacha20 copy the context back afterwards (it carries the keystream cache).
 */
#ifndef ILPC_CIPHER_H
#define ILPC_CIPHER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ilpc_chapoly.h"

#if !defined(__BYTE_ORDER__) || !defined(__ORDER_LITTLE_ENDIAN__) || \
    !defined(__ORDER_BIG_ENDIAN__)
#error "ilpc runtime needs __BYTE_ORDER__ (gcc or clang)"
#endif
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__ && __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__
#error "ilpc runtime supports little- and big-endian hosts only"
#endif

#ifndef ILPC_ALWAYS_INLINE
#if defined(__GNUC__) || defined(__clang__)
#define ILPC_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define ILPC_ALWAYS_INLINE static inline
#endif
#endif

#ifndef ILPC_UNLIKELY
#if defined(__GNUC__) || defined(__clang__)
#define ILPC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define ILPC_UNLIKELY(x) (x)
#endif
#endif

/* The ciphers, in id order: the one list the runtime's tables, the per-cipher
 * instantiations and the generated code's are made from.  X(a, b, ID, sfx, name,
 * keylen): ILPC_CIPHER_<ID>, the suffix of per-cipher function names, the name
 * on command lines, the default key length in bytes; a and b are passed through
 * (ID and sfx are only ever pasted, never expanded: `xor` is a macro in
 * <iso646.h>).
 * compiler/ciphers.py is the same list for the compiler, the tests and the
 * benchmarks (tests/test_ciphers.py checks that the two agree). */
#define ILPC_CIPHERS(X, a, b) ILPC_UNIT_CIPHERS(X, a, b) ILPC_LIB_CIPHERS(X, a, b)
/* The ciphers with a unit stage: the fused loops are instantiated for these
 * (they come first, so their ids are 0 .. ILPC_UNIT_CIPHER_COUNT - 1). */
#define ILPC_UNIT_CIPHERS(X, a, b)                                                                   \
    X(a, b, NONE, none, "none", 0)                                                                   \
    X(a, b, XOR, xor, "xor", 8)                                                                      \
    X(a, b, SAFER_SIMPLE, safer_simple, "safer-simple", 8)                                           \
    X(a, b, SAFER_K64, safer_k64, "safer-k64", 8)                                                    \
    X(a, b, CHACHA20, chacha20, "chacha20", 32)                                                      \
    X(a, b, CHACHA20_POLY1305, chacha20_poly1305, "chacha20-poly1305", 32)
/* The ciphers that only OpenSSL's libcrypto runs (tiled and layered paths,
 * ilpc_evp.h): no unit stage, no fused bodies. */
#define ILPC_LIB_CIPHERS(X, a, b) X(a, b, AES_128_GCM, aes_128_gcm, "aes-128-gcm", 16)

#define ILPC_CIPHER_ENUM_(a, b, ID, sfx, name, keylen) ILPC_CIPHER_##ID,
#define ILPC_CIPHER_ONE_(a, b, ID, sfx, name, keylen) +1
typedef enum { ILPC_CIPHERS(ILPC_CIPHER_ENUM_, , ) } ilpc_cipher_id;

#define ILPC_CIPHER_COUNT (0 ILPC_CIPHERS(ILPC_CIPHER_ONE_, , ))
#define ILPC_UNIT_CIPHER_COUNT (0 ILPC_UNIT_CIPHERS(ILPC_CIPHER_ONE_, , ))

/* The authenticated ciphers: a message is a record BE32(L) | C | T (docs/ilp.md,
 * "Authenticated records"). */
#define ilpc_cipher_is_aead(id) ((id) == ILPC_CIPHER_CHACHA20_POLY1305 || (id) == ILPC_CIPHER_AES_128_GCM)
#define ILPC_SAFER_K64_ROUNDS 6
#define ILPC_CIPHER_MAX_KEYLEN 48

/* chacha20-poly1305 in the unit stage works on windows of ILPC_AEAD_W message
 * bytes: the keystream of a window is made at once (vector code), the
 * ciphertext of a window is collected and authenticated at once (ilpc_aead.c). */
#ifndef ILPC_AEAD_WSHIFT
#define ILPC_AEAD_WSHIFT 11 /* tests build with 8 too: more windows per record */
#endif
#if ILPC_AEAD_WSHIFT < 7
#error "ILPC_AEAD_WSHIFT: a window is at least 8 Poly1305 blocks (the vector lanes)"
#endif
#define ILPC_AEAD_W (1u << ILPC_AEAD_WSHIFT)
/* A record is BE32(L) | C | T: 4 + L + 16 bytes (docs/ilp.md). */
#define ILPC_AEAD_TAG 16u
#define ILPC_AEAD_OVERHEAD 20u

struct ilpc_evp_aead; /* ilpc_evp.h */
#define ILPC_AEAD_KS(c) ((c)->u.ae.ksb + 60)

typedef struct ilpc_cipher {
    ilpc_cipher_id id;
    union {
        struct { /* xor */
            uint64_t key;        /* the 8 key bytes in memory order */
        } xr;
        struct { /* safer-simple */
            uint64_t kx;         /* key bytes 0,3,4,7 (others zero): xor mask */
            uint64_t ka;         /* key bytes 1,2,5,6 (others zero): addends */
            uint8_t k[8];        /* the key */
        } ss;
        struct { /* safer-k64: subkeys K1..K13 as k[0..12] */
            uint8_t k[2 * ILPC_SAFER_K64_ROUNDS + 1][8];
        } k64;
        struct { /* chacha20 */
            uint32_t key[8];     /* key words (little-endian loads) */
            uint32_t nonce[3];   /* nonce words */
            uint32_t ctr0;       /* block counter of stream offset 0 */
            uint64_t blk;        /* off/64 of the cached block, UINT64_MAX = none */
            uint8_t ks[64];      /* keystream block for stream bytes blk*64.. */
            /* second slot, normally the block holding the first bytes of the
             * message being processed, which the ILP order needs again after
             * the rest of the message (see ilpc_chacha20_refill) */
            uint64_t alt_blk;
            uint8_t alt_ks[64];
            int phase;           /* cache policy state, see ilpc_cipher.c */
            uint64_t generated;  /* keystream blocks computed (statistics) */
        } cc;
        struct { /* chacha20-poly1305, aes-128-gcm: one direction of a connection */
            uint8_t key[32];
            uint64_t seq;        /* n of the next record: its nonce is 0^32 | BE64(n) */
            struct ilpc_evp_aead *evp; /* libcrypto's context, or NULL (made on first use) */
            /* chacha20-poly1305 through the unit stage, the record in progress: */
            uint32_t kw[8];      /* key words */
            uint32_t nw[3];      /* nonce words */
            uint64_t clen;       /* an upper bound of L: keystream past it is not made */
            uint64_t win;        /* window (message offset / W) in ks and ct; UINT64_MAX: none */
            int bad;             /* a unit came out of order: the tag will not verify */
            int w0;              /* window 0 was authenticated (with zeros for AD and c0) */
            ilpc_poly1305 mac;   /* r and s of the record; the windows so far, in order */
            /* ks = ksb + 60 (ILPC_AEAD_KS): ks[i] is the keystream of message
             * byte W*win + i; block 0 (the Poly1305 key) is made into ksb[0..64)
             * with window 0's keystream */
            uint8_t ksb[60 + ILPC_AEAD_W + 8];
            uint8_t ct[ILPC_AEAD_W + 32];      /* ct[12 + i]: ciphertext of message byte W*win + i */
            uint8_t ks0[8];                    /* keystream of unit 0 */
            uint8_t ksl[128];    /* the last window's keystream, when window 0 made it */
            uint32_t nksl;       /* its blocks (0: none) */
            uint64_t wksl;       /* the last window */
            uint8_t c0[4];                     /* C's first 4 bytes, once window 0 is done */
            int c0in;            /* window 0 went in with C's first 4 bytes (else zeros) */
            const uint64_t *u0p; /* a send's held unit 0 (ilpc_aead_send_unit0), or NULL */
            /* where the record's bytes are (ilpc_aead_map): offset m at mp[0] + m
             * for m < mn0, at mp[1] + (m - mn0) for m < mlen; mp[0] NULL: unknown */
            const uint8_t *mp[2];
            uint64_t mn0, mlen;
            /* the window's Poly1305 input (record offset W*win - 12 on) in the
             * mapped bytes, or NULL: in ct */
            const uint8_t *wmap;
        } ae;
    } u;
} ilpc_cipher;

/* 0 on success, -1 on an unknown id or a bad key length (see above). */
int ilpc_cipher_init(ilpc_cipher *c, ilpc_cipher_id id, const uint8_t *key, size_t keylen);
/* Same, key given as hex digits (even count, either case, no separators);
 * NULL or "" means the default key.  -1 on bad hex or bad length. */
int ilpc_cipher_init_hex(ilpc_cipher *c, ilpc_cipher_id id, const char *hex);
/* Decode hex into out (capacity cap); *len = number of bytes.  0 or -1. */
int ilpc_hex_decode(const char *hex, uint8_t *out, size_t cap, size_t *len);
/* "none", "xor", "safer-simple", "safer-k64", "chacha20" -> id.  0 or -1. */
int ilpc_cipher_parse_name(const char *name, ilpc_cipher_id *out);
/* id -> name as above; NULL for an unknown id. */
const char *ilpc_cipher_name(ilpc_cipher_id id);
/* Key length used when the key is empty: 0, 8, 8, 8, 32; 0 for unknown ids. */
size_t ilpc_cipher_default_keylen(ilpc_cipher_id id);
/* sizeof(ilpc_cipher), for foreign-function users (tests). */
size_t ilpc_cipher_struct_size(void);

/* Bulk en/decryption of n bytes (n a multiple of 8) starting at stream
 * offset off (a multiple of 8).  dst == src or non-overlapping. */
void ilpc_cipher_encrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src, size_t n, uint64_t off);
void ilpc_cipher_decrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src, size_t n, uint64_t off);

/* Out-of-line unit functions, for the macro-versus-call measurement. */
typedef uint64_t (*ilpc_unit_fn)(ilpc_cipher *c, uint64_t unit, uint64_t off);
ilpc_unit_fn ilpc_cipher_enc_fn(ilpc_cipher_id id); /* NULL for unknown ids */
ilpc_unit_fn ilpc_cipher_dec_fn(ilpc_cipher_id id);

/* SAFER exp/log tables: ilpc_safer_exp[x] = (45^x mod 257) mod 256 and its
 * inverse ilpc_safer_log (log[0] = 128).  One shared, read-only copy. */
extern const uint8_t ilpc_safer_exp[256];
extern const uint8_t ilpc_safer_log[256];

/* Make the keystream block of stream offset off (block off/64) the cached
 * chacha20 block: taken from the second slot if it is there, computed
 * otherwise.  Out of line; called at most once per 64 bytes in order. */
void ilpc_chacha20_refill(ilpc_cipher *c, uint64_t off);

/* ---- byte i (memory order, 0..7) of a unit ------------------------------ */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ILPC_UNIT_SHIFT(i) (8u * (unsigned)(i))
#else
#define ILPC_UNIT_SHIFT(i) (56u - 8u * (unsigned)(i))
#endif
#define ILPC_UNIT_BYTE(u, i) ((unsigned)((u) >> ILPC_UNIT_SHIFT(i)) & 0xffu)
#define ILPC_UNIT_PUT(x, i) ((uint64_t)((x) & 0xffu) << ILPC_UNIT_SHIFT(i))

/* ---- none ---------------------------------------------------------------- */
ILPC_ALWAYS_INLINE uint64_t ilpc_none_enc(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    (void)c;
    (void)off;
    return unit;
}
ILPC_ALWAYS_INLINE uint64_t ilpc_none_dec(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    (void)c;
    (void)off;
    return unit;
}

/* ---- xor: unit XOR 8-byte key ------------------------------------------- */
ILPC_ALWAYS_INLINE uint64_t ilpc_xor_enc(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    (void)off;
    return unit ^ c->u.xr.key;
}
ILPC_ALWAYS_INLINE uint64_t ilpc_xor_dec(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    (void)off;
    return unit ^ c->u.xr.key;
}

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

/* ---- chacha20-poly1305 (RFC 8439 section 2.8) in the unit stage ---------
 * off is the offset in the record (ilpc_msg passes stream offset 0).  The
 * length word (bytes 0..3) is not encrypted: the keystream there is zero.
 * The ciphertext of every unit is also kept, for Poly1305 over the window
 * (ilpc_aead_window, out of line, once per ILPC_AEAD_W bytes). */
void ilpc_aead_window(ilpc_cipher *c, uint64_t off);
/* A receive's bulk units entering the window at off (a window's first unit)
 * with all of its units at src (the mapped record bytes: ilpc_aead_map) and
 * dst, and 4 more bytes after them: the window decrypted at once, its
 * keystream XORed in the same pass that makes it (ilpc_chacha20_xor_sum), and
 * the sum of its input's 32-bit words added to *acc; 1.  0 when that does not
 * apply (the caller goes the usual way). */
int ilpc_aead_rx_window(ilpc_cipher *c, uint64_t off, uint8_t *dst, const uint8_t *src, uint64_t *acc);

ILPC_ALWAYS_INLINE uint64_t ilpc_chacha20_poly1305_enc(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    size_t i = (size_t)off & (ILPC_AEAD_W - 1u);
    uint64_t ks, ct;
    if (ILPC_UNLIKELY((off >> ILPC_AEAD_WSHIFT) != c->u.ae.win))
        ilpc_aead_window(c, off);
    memcpy(&ks, ILPC_AEAD_KS(c) + i, 8);
    ct = unit ^ ks;
    memcpy(c->u.ae.ct + 12 + i, &ct, 8);
    return ct;
}
ILPC_ALWAYS_INLINE uint64_t ilpc_chacha20_poly1305_dec(ilpc_cipher *c, uint64_t unit, uint64_t off)
{
    size_t i = (size_t)off & (ILPC_AEAD_W - 1u);
    uint64_t ks;
    if (ILPC_UNLIKELY((off >> ILPC_AEAD_WSHIFT) != c->u.ae.win))
        ilpc_aead_window(c, off);
    memcpy(&ks, ILPC_AEAD_KS(c) + i, 8);
    memcpy(c->u.ae.ct + 12 + i, &unit, 8);
    return unit ^ ks;
}

/* The record layer of the AEAD ciphers (ilpc_aead.c).
 * ilpc_aead_nonce: the 12-byte nonce of record n.
 * ilpc_aead_begin: start record number c->u.ae.seq of at most clen bytes of C
 *   (an upper bound; the exact L for a send): the Poly1305 key, the keystream
 *   state.  -1 when the counter is exhausted (the connection must rekey or
 *   close: no nonce is ever used twice).
 * ilpc_aead_map: after begin, where the record's bytes will be once the units
 *   are stored (a send: the slot; a receive: the payload), record offset m at
 *   p0 + m for m < n0, then at p1 + (m - n0), n0 + n1 bytes in all: Poly1305
 *   reads the windows that lie in one piece there (not window 0 nor the last)
 *   instead of a copy of their ciphertext.  Without it, the copy.
 * ilpc_aead_send_unit0: after begin, on a send: where its held unit 0 (plain,
 *   ilpc_ilp_tx's unit0: the first XDR word in its second half) is, valid and
 *   final from the first unit after it on, until ilpc_aead_tag: window 0 is
 *   authenticated with C's first 4 bytes when it is left, not completed by a
 *   power of r at the end.
 * ilpc_aead_unit0: part A of a send: unit 0 (BE32(L) and the first XDR word)
 *   encrypted (the length word stays clear) and its ciphertext authenticated.
 * ilpc_aead_tag: the tag of the record whose C is L bytes: the MAC of the
 *   windows combined with that of the associated data and window 0
 *   (docs/ciphers.md, "Poly1305 out of order").
 * ilpc_aead_verify: 0 when tag is the record's (compared in constant time),
 *   else -1.  Both end the record; the counter moves on only with
 *   ilpc_aead_done, after a record was sent or delivered. */
void ilpc_aead_nonce(uint64_t n, uint8_t nonce[12]);
int ilpc_aead_begin(ilpc_cipher *c, uint64_t clen);
void ilpc_aead_map(ilpc_cipher *c, const uint8_t *p0, size_t n0, const uint8_t *p1, size_t n1);
void ilpc_aead_send_unit0(ilpc_cipher *c, const uint64_t *unit0);
uint64_t ilpc_aead_unit0(ilpc_cipher *c, uint64_t plain);
void ilpc_aead_tag(ilpc_cipher *c, uint64_t L, uint8_t tag[16]);
int ilpc_aead_verify(ilpc_cipher *c, uint64_t L, const uint8_t tag[16]);
static inline void ilpc_aead_done(ilpc_cipher *c) { c->u.ae.seq++; }

/* The same records through OpenSSL's libcrypto (ilpc_evp.h), for the tiled
 * and layered paths: aes-128-gcm always, chacha20-poly1305 when the runtime
 * was built with libcrypto (ilpc_aead_uses_lib).  lib_begin starts record
 * c->u.ae.seq with associated data BE32(L) (encrypt: 1 to seal, 0 to open);
 * then lib_update over C in order, in pieces of any size; lib_seal gives the
 * tag, lib_open checks one.  0, or -1 (open: a bad tag). */
int ilpc_aead_uses_lib(const ilpc_cipher *c);
int ilpc_aead_lib_begin(ilpc_cipher *c, int encrypt, uint64_t L);
int ilpc_aead_lib_update(ilpc_cipher *c, uint8_t *out, const uint8_t *in, size_t n);
int ilpc_aead_lib_seal(ilpc_cipher *c, uint8_t tag[16]);
int ilpc_aead_lib_open(ilpc_cipher *c, const uint8_t tag[16]);
/* One record at once: seal rec[4 .. 4+L) in place, writing BE32(L) at rec and
 * the tag at rec + 4 + L; open the record at rec into out (L bytes; zeroed on a
 * bad tag).  chacha20-poly1305 with ilpc's own primitives (separate passes),
 * aes-128-gcm with libcrypto.  0, or -1. */
int ilpc_aead_seal_record(ilpc_cipher *c, uint8_t *rec, uint64_t L);
int ilpc_aead_open_record(ilpc_cipher *c, const uint8_t *rec, uint64_t L, uint8_t *out);

/* Release what ilpc_cipher_init acquired (libcrypto's context) and wipe the
 * key material.  Safe on any initialised context, and twice. */
void ilpc_cipher_free(ilpc_cipher *c);

#endif /* ILPC_CIPHER_H */
