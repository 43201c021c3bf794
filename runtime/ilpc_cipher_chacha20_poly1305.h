/*
 * ilpc_cipher_chacha20_poly1305.h - chacha20-poly1305 (RFC 8439 section 2.8) in the unit stage.
 * Its record layer (the windows, the tag) is ilpc_aead.c, shared with aes-128-gcm.
 *
 * The cipher's code (docs/ciphers.md, 5.2), included by ilpc_cipher.h: include
 * that instead.  Its unit functions, its context for the bulk loops (_local) and,
 * compiled into ilpc_cipher.c only (ILPC_CIPHER_IMPL), its key set-up and bulk
 * loops; its rows in ILPC_CIPHERS and in compiler/ciphers.py say the rest.
 */
#ifndef ILPC_CIPHER_CHACHA20_POLY1305_H
#define ILPC_CIPHER_CHACHA20_POLY1305_H

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

/* The window state changes as the loops go: they run on the context itself. */
ILPC_ALWAYS_INLINE ilpc_cipher *ilpc_chacha20_poly1305_local(ilpc_cipher *c, ilpc_cipher *local)
{
    (void)local;
    return c;
}

#ifdef ILPC_CIPHER_IMPL
static int ilpc_chacha20_poly1305_init(ilpc_cipher *c, const uint8_t *key, size_t keylen)
{
    return ilpc_aead_key(c, key, keylen);
}
/* The unit stage, in order (a record in progress). */
ILPC_ALWAYS_INLINE void ilpc_chacha20_poly1305_encrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                                       size_t n, uint64_t off)
{
    ILPC_UNIT_LOOP_IN_PLACE(ilpc_chacha20_poly1305_enc);
}
ILPC_ALWAYS_INLINE void ilpc_chacha20_poly1305_decrypt(ilpc_cipher *c, uint8_t *dst, const uint8_t *src,
                                                       size_t n, uint64_t off)
{
    ILPC_UNIT_LOOP_IN_PLACE(ilpc_chacha20_poly1305_dec);
}
#endif /* ILPC_CIPHER_IMPL */

#endif /* ILPC_CIPHER_CHACHA20_POLY1305_H */
