/*
 * ilpc_chapoly.h - ChaCha20 and Poly1305 (RFC 8439) as primitives for the fused
 * ILP loops, and the ChaCha20-Poly1305 AEAD (section 2.8) done in separate passes
 * as the layered baseline.
 *
 * ChaCha20.  ilpc_chacha20_blocks writes whole 64-byte keystream blocks; the
 * widest vector code the CPU has is chosen at run time (x86-64: AVX-512F 16
 * blocks at a time, AVX2 8, SSE2 4; scalar elsewhere and with -DILPC_NO_SIMD=1).
 *
 * Poly1305 field.  An ilpc_p1305 is an element of GF(p), p = 2^130 - 5, held as
 *     v = l[0] + l[1]·2^64 + l[2]·2^128      (l[0], l[1] full 64-bit words)
 * and standing for v mod p.  It is only partially reduced: every function below
 * returns l[2] <= 4 (so v < 5·2^128 < 2p) and accepts any l[2] < 2^61.  Two
 * values may thus differ as structs and still be the same element; compare
 * ilpc_p1305_reduce() results, whose v is the canonical representative (< p).
 * The arithmetic is exact: chains of add/mul/pow over values from
 * ilpc_p1305_block, ilpc_p1305_zero, ilpc_poly1305 state (h, r) give the same
 * element as the integer arithmetic mod p.
 *
 * Poly1305 MAC.  ilpc_poly1305_blocks runs Horner's rule h = (h + m_i)·r over
 * full 16-byte blocks, each with its 2^128 bit (the AEAD pads every piece to 16
 * bytes, so it needs no other kind); ilpc_poly1305_tag turns any accumulator
 * into the tag.  Partial MACs may be combined in the field, e.g. for a message
 * of blocks split into runs A then B, B of k blocks:  H(A‖B) = H(A)·r^k + H(B),
 * where H(X) is the Horner result over X started from h = 0.
 *
 * Dispatch levels (ILPC_CHAPOLY_*): the widest the CPU has is used; tests and
 * benchmarks may force a narrower one with ilpc_chapoly_force_level.  Every
 * level gives the same bytes.  Poly1305 has scalar, AVX2, AVX-512F and AVX-512
 * IFMA code; its SSE2 level is the scalar code.  ChaCha20's widest code is
 * AVX-512F (also at the IFMA level).
 *
 * Byte order: all inputs and outputs are byte strings in the RFC's little-endian
 * conventions, on any host; the vector code only exists for (little-endian) x86.
 */
#ifndef ILPC_CHAPOLY_H
#define ILPC_CHAPOLY_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ ChaCha20 */

/* n consecutive 64-byte ChaCha20 keystream blocks (RFC 8439 2.3) for block counters
 * counter, counter+1, ... into out (n*64 bytes, any alignment).  The caller guarantees
 * counter + n <= 2^32. */
void ilpc_chacha20_blocks(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter,
                          uint8_t *out, size_t n);
/* The same, and nx more blocks from block xcounter into xout (nx*64 bytes): with
 * AVX-512F and n >= 16, nx <= 2, those are made by the scalar code in the
 * rounds of the first vector group, for a fraction of their cost on their own.
 * Both runs within 2^32 as above. */
void ilpc_chacha20_blocks_x(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
                            size_t n, uint32_t xcounter, uint8_t *xout, size_t nx);
/* out = in XOR the keystream starting at block `counter`, len bytes (any len; a
 * last partial block uses the start of its keystream block).  out may equal in
 * (not overlap otherwise).  counter + ceil(len/64) <= 2^32. */
void ilpc_chacha20_xor(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter,
                       const uint8_t *in, uint8_t *out, size_t len);
/* out = in XOR nblocks whole blocks of keystream from block `counter` (out may
 * equal in), and returns the sum of in's 32-bit little-endian words, for a
 * checksum taken on the way (AVX-512F: in the same pass). */
uint64_t ilpc_chacha20_xor_sum(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter,
                               const uint8_t *in, uint8_t *out, size_t nblocks);
void ilpc_chacha20_key_words(const uint8_t key[32], uint32_t out[8]);   /* little-endian loads */
void ilpc_chacha20_nonce_words(const uint8_t nonce[12], uint32_t out[3]);

/* ----------------------------------------------------------- Poly1305 field */

typedef struct ilpc_p1305 {
    uint64_t l[3];
} ilpc_p1305;

ilpc_p1305 ilpc_p1305_add(ilpc_p1305 a, ilpc_p1305 b);
ilpc_p1305 ilpc_p1305_mul(ilpc_p1305 a, ilpc_p1305 b);
ilpc_p1305 ilpc_p1305_pow(ilpc_p1305 a, uint64_t e); /* a^e, e >= 0 (a^0 = 1) */
ilpc_p1305 ilpc_p1305_block(const uint8_t b[16]);    /* LE128(b) + 2^128 */
/* LE(b[0..len)) + 2^(8·len), len <= 16: RFC 8439 2.5's last, short block. */
ilpc_p1305 ilpc_p1305_block_partial(const uint8_t *b, size_t len);
ilpc_p1305 ilpc_p1305_zero(void);
/* The canonical representative: v < p, l[2] <= 3. */
ilpc_p1305 ilpc_p1305_reduce(ilpc_p1305 a);

/* ------------------------------------------------------------ Poly1305 MAC */

typedef struct ilpc_poly1305 {
    ilpc_p1305 r; /* clamped r (l[2] = 0) */
    ilpc_p1305 h; /* the accumulator */
    uint8_t s[16];
    /* r^1 .. r^npow in five 26-bit limbs each (< 2^26 + 2^9): the multipliers of
     * the vector code, computed as far as it needs them on its first use (npow is
     * 0, 4, 8 or 16; init sets 0).  A copy of the struct carries them along. */
    uint32_t npow;
    uint32_t pow26[16][5];
    /* Deferred vector lanes (ilpc_poly1305_blocks_defer): nlane is 0, or the
     * number of lanes (4: AVX2, 8: AVX-512F) whose radix-2^26 accumulators
     * (limb i of lane j in lane[i][j]) hold the accumulator instead of h, which
     * is zero then; or 44: the 8 lanes of the IFMA code, radix 2^44.  init
     * sets 0. */
    uint32_t nlane;
    uint64_t lane[5][8];
    /* r^1 .. r^8 and r^16 in radix 2^44 (three limbs, canonical), for the IFMA
     * code: there when npow44 is 1 (init sets 0).  Its deferred lanes have
     * nlane = 44: 8 lanes of three limbs in lane[0..2]. */
    uint32_t npow44;
    uint64_t pow44[9][3];
} ilpc_poly1305;

void ilpc_poly1305_init(ilpc_poly1305 *st, const uint8_t key[32]); /* h = 0 */
/* Horner over n full 16-byte blocks, each with the 2^128 bit: h = (h + m_i) * r.
 * Vector code for long runs (AVX2 or AVX-512F, chosen at run time), scalar
 * otherwise; the same element results (not necessarily the same struct). */
void ilpc_poly1305_blocks(ilpc_poly1305 *st, const uint8_t *m, size_t n);
/* The same, but when the vector code takes the whole run it may leave its lanes
 * in st (nlane) instead of folding them into h: a MAC computed in many runs (the
 * fused loop's windows, each a multiple of 8 blocks) pays for the fold once.
 * st->h is the accumulator again after ilpc_poly1305_fold; ilpc_poly1305_blocks
 * folds first when it needs to. */
void ilpc_poly1305_blocks_defer(ilpc_poly1305 *st, const uint8_t *m, size_t n);
void ilpc_poly1305_fold(ilpc_poly1305 *st);
/* tag = (h mod p + s) mod 2^128, little-endian.  h need not be st->h (but is a
 * value, not deferred lanes: fold first). */
void ilpc_poly1305_tag(const ilpc_poly1305 *st, ilpc_p1305 h, uint8_t tag[16]);
/* One-shot Poly1305 of RFC 8439 2.5 over any n bytes (the last partial block
 * with its 2^(8·len) bit, not padded). */
void ilpc_poly1305_mac(const uint8_t key[32], const uint8_t *m, size_t n, uint8_t tag[16]);

/* --------------------------------------------------------------------- AEAD */

/* The AEAD of RFC 8439 section 2.8, one shot, as separate passes (encrypt, then MAC):
 * the layered baseline.  out may equal in.  open: 0, or -1 on a bad tag (compared in
 * constant time; out is zeroed then).  n <= 2^38 - 64 (the 32-bit block counter). */
void ilpc_chapoly_seal(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                       const uint8_t *in, size_t n, uint8_t *out, uint8_t tag[16]);
int ilpc_chapoly_open(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                      const uint8_t *in, size_t n, uint8_t *out, const uint8_t tag[16]);

/* ---------------------------------------------------------------- dispatch */

#define ILPC_CHAPOLY_SCALAR 0
#define ILPC_CHAPOLY_SSE2 1
#define ILPC_CHAPOLY_AVX2 2
#define ILPC_CHAPOLY_AVX512 3
#define ILPC_CHAPOLY_AVX512IFMA 4 /* AVX-512F, and Poly1305 by AVX-512 IFMA (radix 2^44) */

/* Or'ed into a forced level: give Poly1305 runs to the vector code as soon as they
 * fill its lanes (4 blocks for AVX2, 8 for AVX-512), not only past the lengths
 * where it is faster, so that tests reach every case of the vector code. */
#define ILPC_CHAPOLY_EAGER 0x100

/* The level in use (the CPU's widest unless forced). */
int ilpc_chapoly_level(void);
/* Test/benchmark hook: use min(level, the CPU's widest) from now on (level may
 * carry ILPC_CHAPOLY_EAGER), or the CPU's widest again, not eager, for level < 0.
 * Returns the level now in use.  Not thread-safe: call it while no other thread
 * is in these functions. */
int ilpc_chapoly_force_level(int level);

#endif /* ILPC_CHAPOLY_H */
