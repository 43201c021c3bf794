/*
 * ilpc_cipher_none.h - none, the identity.
 * Ciphertext = plaintext; a key of any length is ignored.
 *
 * The cipher's code (docs/ciphers.md, 5.2), included by ilpc_cipher.h: include
 * that instead.  Its unit functions, its context for the bulk loops (_local) and,
 * compiled into ilpc_cipher.c only (ILPC_CIPHER_IMPL), its key set-up and bulk
 * loops; its rows in ILPC_CIPHERS and in compiler/ciphers.py say the rest.
 */
#ifndef ILPC_CIPHER_NONE_H
#define ILPC_CIPHER_NONE_H

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

/* No key: the loops run on the context itself. */
ILPC_ALWAYS_INLINE ilpc_cipher *ilpc_none_local(ilpc_cipher *c, ilpc_cipher *local)
{
    (void)local;
    return c;
}
/* A unit is unit ^ 0 (the SIMD copy of the fused and tiled loops). */
ILPC_ALWAYS_INLINE uint64_t ilpc_none_copy_key(const ilpc_cipher *c)
{
    (void)c;
    return 0;
}

#ifdef ILPC_CIPHER_IMPL
static int ilpc_none_init(ilpc_cipher *c, const uint8_t *key, size_t keylen)
{
    (void)c;
    (void)key;
    (void)keylen;
    return 0;
}
ILPC_ALWAYS_INLINE void ilpc_none_encrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                          size_t n, uint64_t off)
{
    (void)c;
    (void)off;
    if (dst != src)
        memmove(dst, src, n);
}
ILPC_ALWAYS_INLINE void ilpc_none_decrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                          size_t n, uint64_t off)
{
    ilpc_none_encrypt(c, dst, src, n, off);
}
#endif /* ILPC_CIPHER_IMPL */

#endif /* ILPC_CIPHER_NONE_H */
