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
 * The ciphers are the rows of ILPC_CIPHERS below, and each unit cipher's code is
 * its own file, ilpc_cipher_<suffix>.h, included at the end of this one: every
 * switch on a cipher id is made from the rows (docs/ciphers.md, 5.2).
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
#include "ilpc_inline.h"

#if !defined(__BYTE_ORDER__) || !defined(__ORDER_LITTLE_ENDIAN__) || \
    !defined(__ORDER_BIG_ENDIAN__)
#error "ilpc runtime needs __BYTE_ORDER__ (gcc or clang)"
#endif
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__ && __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__
#error "ilpc runtime supports little- and big-endian hosts only"
#endif

#ifndef ILPC_UNLIKELY
#if defined(__GNUC__) || defined(__clang__)
#define ILPC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define ILPC_UNLIKELY(x) (x)
#endif
#endif

/* The ciphers, in id order: the one table of the runtime, from which its tables,
 * every switch on a cipher id, the per-cipher instantiations of the bulk loops and
 * the generated code's per-cipher entry points are made.  A row is
 *   X(a, b, ID, sfx, name, keylen, aead, copy, pairs, ool)
 *   ID      ILPC_CIPHER_<ID>
 *   sfx     the suffix of its functions (ilpc_<sfx>_enc, ...) and of its file,
 *           ilpc_cipher_<sfx>.h (a unit cipher's)
 *   name    its name on command lines
 *   keylen  its default key length in bytes (the all-zero key of keylen 0)
 *   aead    1: authenticated: a message is a record BE32(L) | C | T (docs/ilp.md)
 *   copy    1: a unit is unit ^ ilpc_<sfx>_copy_key(c): the fused and tiled loops
 *           fold it into their SIMD copy, and the generated code runs its bulk
 *           steps inline
 *   pairs   1: the fused bulk loop runs two independent units per iteration (more
 *           work in flight around table lookups)
 *   ool     1: the single units of generated blocks call an out-of-line copy of
 *           its unit functions, ilpc_ilp_<sfx>_enc/_dec (a long one: small code)
 * and a and b are passed through to X.  ID and sfx are only ever pasted, never
 * expanded (`xor` is a macro in <iso646.h>); the flags are the tokens 0 and 1
 * (ILPC_IF_<flag> selects on them).  compiler/ciphers.py is the same table for
 * the compiler, the cost model, the tests and the benchmarks (tests/test_ciphers.py
 * checks that the two agree).
 * A new unit cipher is a row here, its #include at the end of this file, its
 * context in the union of ilpc_cipher, and its file. */
#define ILPC_CIPHERS(X, a, b) ILPC_UNIT_CIPHERS(X, a, b) ILPC_LIB_CIPHERS(X, a, b)
/* The ciphers with a unit stage: the fused loops are instantiated for these
 * (they come first, so their ids are 0 .. ILPC_UNIT_CIPHER_COUNT - 1). */
#define ILPC_UNIT_CIPHERS(X, a, b)                                                       \
    /*      ID                 sfx                name                 keylen aead copy pairs ool */ \
    X(a, b, NONE,              none,              "none",              0,     0,   1,   0,    0) \
    X(a, b, XOR,               xor,               "xor",               8,     0,   1,   0,    0) \
    X(a, b, SAFER_SIMPLE,      safer_simple,      "safer-simple",      8,     0,   0,   1,    0) \
    X(a, b, SAFER_K64,         safer_k64,         "safer-k64",         8,     0,   0,   0,    1) \
    X(a, b, CHACHA20,          chacha20,          "chacha20",          32,    0,   0,   0,    0) \
    X(a, b, CHACHA20_POLY1305, chacha20_poly1305, "chacha20-poly1305", 32,    1,   0,   0,    0)
/* The ciphers that only OpenSSL's libcrypto runs (tiled and layered paths,
 * ilpc_evp.h): no unit stage, no fused bodies, no file of their own (their
 * hooks are in ilpc_cipher.c). */
#define ILPC_LIB_CIPHERS(X, a, b)                                                        \
    X(a, b, AES_128_GCM,       aes_128_gcm,       "aes-128-gcm",       16,    1,   0,   0,    0)

/* ILPC_IF_<flag>(...): the arguments when the flag is 1, nothing when it is 0. */
#define ILPC_IF_0(...)
#define ILPC_IF_1(...) __VA_ARGS__

#define ILPC_CIPHER_ENUM_(a, b, ID, ...) ILPC_CIPHER_##ID,
#define ILPC_CIPHER_ONE_(a, b, ID, ...) +1
typedef enum { ILPC_CIPHERS(ILPC_CIPHER_ENUM_, , ) } ilpc_cipher_id;

#define ILPC_CIPHER_COUNT (0 ILPC_CIPHERS(ILPC_CIPHER_ONE_, , ))
#define ILPC_UNIT_CIPHER_COUNT (0 ILPC_UNIT_CIPHERS(ILPC_CIPHER_ONE_, , ))

/* The flags of a row as predicates on an id: (0 || (id) == ILPC_CIPHER_<ID> ...)
 * over the rows whose flag is 1, so a constant id (the fused loops') folds to 0
 * or 1 and a variable one compares as a hand-written condition would.  They
 * expand ILPC_CIPHERS: not for use inside an X of ILPC_CIPHERS' own expansion. */
#define ILPC_CIPHER_OR_IF_AEAD_(id, b, ID, sfx, name, keylen, aead, copy, pairs, ool) \
    ILPC_IF_##aead(|| (id) == ILPC_CIPHER_##ID)
#define ILPC_CIPHER_OR_IF_COPY_(id, b, ID, sfx, name, keylen, aead, copy, pairs, ool) \
    ILPC_IF_##copy(|| (id) == ILPC_CIPHER_##ID)
#define ILPC_CIPHER_OR_IF_PAIRS_(id, b, ID, sfx, name, keylen, aead, copy, pairs, ool) \
    ILPC_IF_##pairs(|| (id) == ILPC_CIPHER_##ID)
/* The authenticated ciphers: a message is a record BE32(L) | C | T (docs/ilp.md,
 * "Authenticated records"). */
#define ilpc_cipher_is_aead(id) (0 ILPC_CIPHERS(ILPC_CIPHER_OR_IF_AEAD_, id, ))
/* The same among the unit ciphers: the unit stage of chacha20-poly1305, windows
 * of ILPC_AEAD_W bytes (ilpc_aead.c). */
#define ilpc_unit_is_aead(id) (0 ILPC_UNIT_CIPHERS(ILPC_CIPHER_OR_IF_AEAD_, id, ))
/* A unit is unit ^ a word (ilpc_cipher_copy_key): the loops fold it into the copy. */
#define ilpc_cipher_on_copy(id) (0 ILPC_UNIT_CIPHERS(ILPC_CIPHER_OR_IF_COPY_, id, ))
/* The fused bulk loop runs two units per iteration. */
#define ilpc_cipher_pairs(id) (0 ILPC_UNIT_CIPHERS(ILPC_CIPHER_OR_IF_PAIRS_, id, ))
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
/* The key set-up of either authenticated cipher (ilpc_cipher_init, which has
 * checked that the key has the cipher's length): 0, or -1 for a key longer than
 * the key buffer. */
int ilpc_aead_key(ilpc_cipher *c, const uint8_t *key, size_t keylen);
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

/* ---- byte i (memory order, 0..7) of a unit ------------------------------ */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ILPC_UNIT_SHIFT(i) (8u * (unsigned)(i))
#else
#define ILPC_UNIT_SHIFT(i) (56u - 8u * (unsigned)(i))
#endif
#define ILPC_UNIT_BYTE(u, i) ((unsigned)((u) >> ILPC_UNIT_SHIFT(i)) & 0xffu)
#define ILPC_UNIT_PUT(x, i) ((uint64_t)((x) & 0xffu) << ILPC_UNIT_SHIFT(i))

/* ---- the unit ciphers' files ------------------------------------------------
 * What their parts compiled into ilpc_cipher.c (ILPC_CIPHER_IMPL) share. */
#ifdef ILPC_CIPHER_IMPL
static inline uint32_t ilpc_load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A bulk loop of a block cipher: one inline unit function per 8 bytes (c, dst,
 * src, n and off in scope).  The key material is copied to a local first: dst
 * is a uint8_t pointer that may alias *c, and without the copy the compiler must
 * reload the key after every store. */
#define ILPC_UNIT_LOOP(FN)                                 \
    do {                                                   \
        ilpc_cipher l_ = *c;                               \
        size_t i_;                                         \
        uint64_t u_;                                       \
        for (i_ = 0; i_ < n; i_ += 8) {                    \
            memcpy(&u_, src + i_, 8);                      \
            u_ = FN(&l_, u_, off + i_);                    \
            memcpy(dst + i_, &u_, 8);                      \
        }                                                  \
    } while (0)

/* The same on the context itself (its state changes as it goes). */
#define ILPC_UNIT_LOOP_IN_PLACE(FN)                        \
    do {                                                   \
        size_t i_;                                         \
        uint64_t u_;                                       \
        for (i_ = 0; i_ < n; i_ += 8) {                    \
            memcpy(&u_, src + i_, 8);                      \
            u_ = FN(c, u_, off + i_);                      \
            memcpy(dst + i_, &u_, 8);                      \
        }                                                  \
    } while (0)
#endif /* ILPC_CIPHER_IMPL */

/* One file per row of ILPC_UNIT_CIPHERS, in its order. */
#include "ilpc_cipher_none.h"
#include "ilpc_cipher_xor.h"
#include "ilpc_cipher_safer_simple.h"
#include "ilpc_cipher_safer_k64.h"
#include "ilpc_cipher_chacha20.h"
#include "ilpc_cipher_chacha20_poly1305.h"

/* The word a unit is XORed with, for the ciphers whose row says copy; 0 else. */
#define ILPC_CIPHER_COPY_KEY_IF_(id, c, ID, sfx, name, keylen, aead, copy, pairs, ool) \
    ILPC_IF_##copy((id) == ILPC_CIPHER_##ID ? ilpc_##sfx##_copy_key(c) :)
#define ilpc_cipher_copy_key(id, c) (ILPC_UNIT_CIPHERS(ILPC_CIPHER_COPY_KEY_IF_, id, c) (uint64_t)0)

#endif /* ILPC_CIPHER_H */
