/*
 * ilpc_evp.h - authenticated ciphers (AEADs) and key derivation from OpenSSL's
 * libcrypto: ChaCha20-Poly1305 (RFC 8439) and AES-128-GCM through the EVP
 * interface, HKDF-SHA256 (RFC 5869), and the keys of one connection derived
 * from a pre-shared key (docs/ciphers.md, libcrypto).
 *
 * libcrypto is optional.  ilpc_evp.c is compiled in every build; it uses
 * libcrypto only when ILPC_HAVE_LIBCRYPTO is defined to 1 (the generated
 * Makefile and the CMake package define it when they find OpenSSL 3).  Built
 * without it, nothing here depends on libcrypto and every function fails
 * cleanly: ilpc_evp_available() returns 0, the others -1 (ilpc_aead_key_len
 * still gives the key length, a property of the algorithm).
 *
 * An AEAD context is set up once per key and direction (ilpc_evp_aead_init: the
 * key schedule happens there) and then used for any number of records, each
 * with its own 12-byte nonce:
 *
 *   start(nonce, ad)  update(...)*  seal_final(tag)     when encrypting
 *   start(nonce, ad)  update(...)*  open_final(tag)     when decrypting
 *
 * update takes any number of bytes (0 included) any number of times and may
 * work in place (out == in; other overlaps are not allowed).  When decrypting,
 * the bytes update writes are not authentic until open_final returns 0: a
 * caller that streams must not act on them before, and should discard them
 * when it returns -1.  The one-shot ilpc_evp_aead_open does that itself (out
 * is zeroed when the tag does not verify).  A nonce must never be used twice
 * with the same key.
 *
 * A context is not thread-safe; use one per thread and direction.
 */
#ifndef ILPC_EVP_H
#define ILPC_EVP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { ILPC_AEAD_CHACHA20_POLY1305 = 0, ILPC_AEAD_AES_128_GCM = 1 } ilpc_aead_alg;

#define ILPC_AEAD_NONCE_LEN 12
#define ILPC_AEAD_TAG_LEN 16
#define ILPC_AEAD_MAX_KEY_LEN 32
#define ILPC_HKDF_SHA256_MAX_LEN (255u * 32u) /* RFC 5869: at most 255 hash lengths */

/* 1 when built with libcrypto (ILPC_HAVE_LIBCRYPTO), else 0. */
int ilpc_evp_available(void);

/* Key length of alg in bytes: 32 (ChaCha20-Poly1305) or 16 (AES-128-GCM); 0 for
 * an unknown alg.  The same with or without libcrypto. */
size_t ilpc_aead_key_len(ilpc_aead_alg alg);

/* ctx: the EVP_CIPHER_CTX; alg, encrypt: as given to init; in_record: between
 * start and the final call.  All zero before init and after free. */
typedef struct ilpc_evp_aead {
    void *ctx;
    int alg;
    int encrypt;
    int in_record;
} ilpc_evp_aead;

/* Allocate the context of *a (which must be zeroed or freed) and set the key,
 * ilpc_aead_key_len(alg) bytes; encrypt: 1 to seal, 0 to open.  0, or -1 with
 * *a zeroed. */
int ilpc_evp_aead_init(ilpc_evp_aead *a, ilpc_aead_alg alg, const uint8_t *key, int encrypt);

/* Start one record: its 12-byte nonce, then its associated data (ad may be NULL
 * when adlen is 0).  Abandons a record that was not finished.  0 or -1. */
int ilpc_evp_aead_start(ilpc_evp_aead *a, const uint8_t nonce[12], const uint8_t *ad, size_t adlen);

/* Encrypt or decrypt the next n bytes of the record into out (any n, called
 * repeatedly; in == out allowed).  0 or -1. */
int ilpc_evp_aead_update(ilpc_evp_aead *a, uint8_t *out, const uint8_t *in, size_t n);

/* End the record: its 16-byte tag (encrypting context).  0 or -1. */
int ilpc_evp_aead_seal_final(ilpc_evp_aead *a, uint8_t tag[16]);

/* End the record: check its tag (decrypting context).  0 when the record is
 * authentic, -1 when not (or on misuse). */
int ilpc_evp_aead_open_final(ilpc_evp_aead *a, const uint8_t tag[16]);

/* Free the context and zero *a.  Safe on a zeroed or freed struct (and NULL). */
void ilpc_evp_aead_free(ilpc_evp_aead *a);

/* One record in one call, for the layered baseline and tests.  seal: 0 or -1.
 * open: 0, or -1 (bad tag or misuse) with out[0..n) zeroed. */
int ilpc_evp_aead_seal(ilpc_evp_aead *a, const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                       const uint8_t *in, size_t n, uint8_t *out, uint8_t tag[16]);
int ilpc_evp_aead_open(ilpc_evp_aead *a, const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                       const uint8_t *in, size_t n, uint8_t *out, const uint8_t tag[16]);

/* HKDF-SHA256 (RFC 5869), extract then expand: outlen (1 .. 8160) bytes of
 * output keying material from ikm, salt (saltlen 0: no salt, i.e. 32 zero
 * bytes) and info.  A NULL pointer is allowed with a length of 0.  0, or -1
 * with out zeroed (also without libcrypto). */
int ilpc_hkdf_sha256(const uint8_t *salt, size_t saltlen, const uint8_t *ikm, size_t ikmlen,
                     const uint8_t *info, size_t infolen, uint8_t *out, size_t outlen);

/* Keys of one connection, one per direction, keylen bytes each, for the cipher
 * named cipher_name, from a pre-shared key and both initial sequence numbers:
 *   key_c2s = HKDF-SHA256(salt, psk, "ilpc v1 " cipher_name " c2s", keylen)
 *   key_s2c = HKDF-SHA256(salt, psk, "ilpc v1 " cipher_name " s2c", keylen)
 * with salt = BE32(isn_client) | BE32(isn_server) (8 bytes) and the info strings
 * without a terminating NUL.  0, or -1 with both keys zeroed. */
int ilpc_conn_keys(const uint8_t *psk, size_t psklen, uint32_t isn_client, uint32_t isn_server,
                   const char *cipher_name, size_t keylen, uint8_t *key_c2s, uint8_t *key_s2c);

#ifdef __cplusplus
}
#endif

#endif /* ILPC_EVP_H */
