/*
 * ilpc_evp.c - AEADs and HKDF from OpenSSL's libcrypto (see ilpc_evp.h).
 *
 * With ILPC_HAVE_LIBCRYPTO defined to 1 this uses OpenSSL 3: EVP_CIPHER_CTX with
 * EVP_chacha20_poly1305() or EVP_aes_128_gcm(), and EVP_KDF "HKDF" with SHA-256.
 * Without it, every function fails cleanly and nothing refers to libcrypto.
 */
#include "ilpc_evp.h"

#include <string.h>

size_t ilpc_aead_key_len(ilpc_aead_alg alg)
{
    switch (alg) {
    case ILPC_AEAD_CHACHA20_POLY1305: return 32;
    case ILPC_AEAD_AES_128_GCM: return 16;
    }
    return 0;
}

#if defined(ILPC_HAVE_LIBCRYPTO) && ILPC_HAVE_LIBCRYPTO

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/opensslv.h>

#if OPENSSL_VERSION_NUMBER < 0x30000000L
#error "ilpc_evp.c needs OpenSSL 3 (or build without ILPC_HAVE_LIBCRYPTO)"
#endif

/* EVP takes int lengths: longer inputs go in pieces of this many bytes. */
#define ILPC_EVP_CHUNK ((size_t)1 << 30)

int ilpc_evp_available(void)
{
    return 1;
}

static const EVP_CIPHER *aead_cipher(ilpc_aead_alg alg)
{
    switch (alg) {
    case ILPC_AEAD_CHACHA20_POLY1305: return EVP_chacha20_poly1305();
    case ILPC_AEAD_AES_128_GCM: return EVP_aes_128_gcm();
    }
    return NULL;
}

void ilpc_evp_aead_free(ilpc_evp_aead *a)
{
    if (a == NULL)
        return;
    EVP_CIPHER_CTX_free(a->ctx); /* NULL is fine; cleans the key schedule */
    OPENSSL_cleanse(a, sizeof *a);
}

int ilpc_evp_aead_init(ilpc_evp_aead *a, ilpc_aead_alg alg, const uint8_t *key, int encrypt)
{
    const EVP_CIPHER *cipher = aead_cipher(alg);
    EVP_CIPHER_CTX *ctx;
    int enc = encrypt ? 1 : 0;

    if (a == NULL)
        return -1;
    memset(a, 0, sizeof *a);
    if (cipher == NULL || key == NULL)
        return -1;
    ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL)
        return -1;
    /* The cipher, then the nonce length (12 is both ciphers' default; set anyway),
     * then the key: its schedule is computed here, once.  start sets only the IV. */
    if (EVP_CipherInit_ex(ctx, cipher, NULL, NULL, NULL, enc) != 1
        || EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, ILPC_AEAD_NONCE_LEN, NULL) != 1
        || EVP_CipherInit_ex(ctx, NULL, NULL, key, NULL, enc) != 1) {
        EVP_CIPHER_CTX_free(ctx);
        return -1;
    }
    a->ctx = ctx;
    a->alg = (int)alg;
    a->encrypt = enc;
    return 0;
}

/* in -> out through the context, n bytes in pieces EVP accepts; out NULL: associated data. */
static int cipher_update(EVP_CIPHER_CTX *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    while (n > 0) {
        size_t k = n < ILPC_EVP_CHUNK ? n : ILPC_EVP_CHUNK;
        int outl = 0;
        if (EVP_CipherUpdate(ctx, out, &outl, in, (int)k) != 1)
            return -1;
        if (out != NULL) {
            if ((size_t)outl != k) /* both AEADs are stream ciphers: all bytes come out at once */
                return -1;
            out += k;
        }
        in += k;
        n -= k;
    }
    return 0;
}

int ilpc_evp_aead_start(ilpc_evp_aead *a, const uint8_t nonce[12], const uint8_t *ad, size_t adlen)
{
    if (a == NULL || a->ctx == NULL || nonce == NULL || (ad == NULL && adlen > 0))
        return -1;
    a->in_record = 0;
    if (EVP_CipherInit_ex(a->ctx, NULL, NULL, NULL, nonce, a->encrypt) != 1)
        return -1;
    if (cipher_update(a->ctx, NULL, ad, adlen) != 0)
        return -1;
    a->in_record = 1;
    return 0;
}

int ilpc_evp_aead_update(ilpc_evp_aead *a, uint8_t *out, const uint8_t *in, size_t n)
{
    if (a == NULL || a->ctx == NULL || !a->in_record)
        return -1;
    if (n == 0)
        return 0;
    if (out == NULL || in == NULL || cipher_update(a->ctx, out, in, n) != 0) {
        a->in_record = 0;
        return -1;
    }
    return 0;
}

int ilpc_evp_aead_seal_final(ilpc_evp_aead *a, uint8_t tag[16])
{
    uint8_t rest[32]; /* EVP_EncryptFinal_ex writes nothing for these ciphers */
    int outl = 0, ok;

    if (a == NULL || a->ctx == NULL || !a->in_record || !a->encrypt || tag == NULL)
        return -1;
    a->in_record = 0;
    ok = EVP_EncryptFinal_ex(a->ctx, rest, &outl) == 1 && outl == 0
         && EVP_CIPHER_CTX_ctrl(a->ctx, EVP_CTRL_AEAD_GET_TAG, ILPC_AEAD_TAG_LEN, tag) == 1;
    return ok ? 0 : -1;
}

int ilpc_evp_aead_open_final(ilpc_evp_aead *a, const uint8_t tag[16])
{
    uint8_t rest[32];
    uint8_t t[ILPC_AEAD_TAG_LEN];
    int outl = 0, ok;

    if (a == NULL || a->ctx == NULL || !a->in_record || a->encrypt || tag == NULL)
        return -1;
    a->in_record = 0;
    memcpy(t, tag, sizeof t); /* the ctrl takes a non-const pointer */
    ok = EVP_CIPHER_CTX_ctrl(a->ctx, EVP_CTRL_AEAD_SET_TAG, ILPC_AEAD_TAG_LEN, t) == 1
         && EVP_DecryptFinal_ex(a->ctx, rest, &outl) == 1 && outl == 0;
    return ok ? 0 : -1;
}

int ilpc_evp_aead_seal(ilpc_evp_aead *a, const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                       const uint8_t *in, size_t n, uint8_t *out, uint8_t tag[16])
{
    if (a != NULL && a->encrypt && ilpc_evp_aead_start(a, nonce, ad, adlen) == 0
        && ilpc_evp_aead_update(a, out, in, n) == 0 && ilpc_evp_aead_seal_final(a, tag) == 0)
        return 0;
    if (a != NULL)
        a->in_record = 0;
    if (out != NULL)
        OPENSSL_cleanse(out, n);
    return -1;
}

int ilpc_evp_aead_open(ilpc_evp_aead *a, const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                       const uint8_t *in, size_t n, uint8_t *out, const uint8_t tag[16])
{
    if (a != NULL && !a->encrypt && ilpc_evp_aead_start(a, nonce, ad, adlen) == 0
        && ilpc_evp_aead_update(a, out, in, n) == 0 && ilpc_evp_aead_open_final(a, tag) == 0)
        return 0;
    if (a != NULL)
        a->in_record = 0;
    if (out != NULL)
        OPENSSL_cleanse(out, n); /* never hand out bytes that are not authentic */
    return -1;
}

int ilpc_hkdf_sha256(const uint8_t *salt, size_t saltlen, const uint8_t *ikm, size_t ikmlen,
                     const uint8_t *info, size_t infolen, uint8_t *out, size_t outlen)
{
    static uint8_t empty[1]; /* an octet-string parameter needs a pointer even when empty */
    OSSL_PARAM params[5], *p = params;
    EVP_KDF *kdf;
    EVP_KDF_CTX *kctx = NULL;
    int ok = 0;

    if (out == NULL || outlen == 0)
        return -1;
    if (outlen > ILPC_HKDF_SHA256_MAX_LEN || (salt == NULL && saltlen > 0) || (ikm == NULL && ikmlen > 0)
        || (info == NULL && infolen > 0)) {
        OPENSSL_cleanse(out, outlen);
        return -1;
    }
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, ikmlen ? (void *)ikm : empty, ikmlen);
    if (saltlen > 0) /* none: HashLen zero bytes (RFC 5869 2.2), which OpenSSL does too */
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, saltlen);
    if (infolen > 0)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, infolen);
    *p = OSSL_PARAM_construct_end();

    kdf = EVP_KDF_fetch(NULL, "HKDF", NULL); /* default mode: extract then expand */
    if (kdf != NULL)
        kctx = EVP_KDF_CTX_new(kdf);
    if (kctx != NULL)
        ok = EVP_KDF_derive(kctx, out, outlen, params) == 1;
    EVP_KDF_CTX_free(kctx); /* cleanses the key and the state */
    EVP_KDF_free(kdf);
    if (!ok)
        OPENSSL_cleanse(out, outlen);
    return ok ? 0 : -1;
}

#else /* !ILPC_HAVE_LIBCRYPTO: every function fails, nothing refers to libcrypto */

int ilpc_evp_available(void)
{
    return 0;
}

void ilpc_evp_aead_free(ilpc_evp_aead *a)
{
    if (a != NULL)
        memset(a, 0, sizeof *a);
}

int ilpc_evp_aead_init(ilpc_evp_aead *a, ilpc_aead_alg alg, const uint8_t *key, int encrypt)
{
    (void)alg, (void)key, (void)encrypt;
    ilpc_evp_aead_free(a);
    return -1;
}

int ilpc_evp_aead_start(ilpc_evp_aead *a, const uint8_t nonce[12], const uint8_t *ad, size_t adlen)
{
    (void)a, (void)nonce, (void)ad, (void)adlen;
    return -1;
}

int ilpc_evp_aead_update(ilpc_evp_aead *a, uint8_t *out, const uint8_t *in, size_t n)
{
    (void)a, (void)out, (void)in, (void)n;
    return -1;
}

int ilpc_evp_aead_seal_final(ilpc_evp_aead *a, uint8_t tag[16])
{
    (void)a, (void)tag;
    return -1;
}

int ilpc_evp_aead_open_final(ilpc_evp_aead *a, const uint8_t tag[16])
{
    (void)a, (void)tag;
    return -1;
}

int ilpc_evp_aead_seal(ilpc_evp_aead *a, const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                       const uint8_t *in, size_t n, uint8_t *out, uint8_t tag[16])
{
    (void)a, (void)nonce, (void)ad, (void)adlen, (void)in, (void)tag;
    if (out != NULL)
        memset(out, 0, n);
    return -1;
}

int ilpc_evp_aead_open(ilpc_evp_aead *a, const uint8_t nonce[12], const uint8_t *ad, size_t adlen,
                       const uint8_t *in, size_t n, uint8_t *out, const uint8_t tag[16])
{
    (void)a, (void)nonce, (void)ad, (void)adlen, (void)in, (void)tag;
    if (out != NULL)
        memset(out, 0, n);
    return -1;
}

int ilpc_hkdf_sha256(const uint8_t *salt, size_t saltlen, const uint8_t *ikm, size_t ikmlen,
                     const uint8_t *info, size_t infolen, uint8_t *out, size_t outlen)
{
    (void)salt, (void)saltlen, (void)ikm, (void)ikmlen, (void)info, (void)infolen;
    if (out != NULL)
        memset(out, 0, outlen);
    return -1;
}

#endif /* ILPC_HAVE_LIBCRYPTO */

/* Written once over ilpc_hkdf_sha256, so it fails with it without libcrypto. */
int ilpc_conn_keys(const uint8_t *psk, size_t psklen, uint32_t isn_client, uint32_t isn_server,
                   const char *cipher_name, size_t keylen, uint8_t *key_c2s, uint8_t *key_s2c)
{
    static const char prefix[] = "ilpc v1 ";
    const size_t plen = sizeof prefix - 1;
    uint8_t salt[8], info[256];
    size_t nlen;
    int rc = -1;

    if (key_c2s == NULL || key_s2c == NULL || keylen == 0)
        return -1;
    if (cipher_name != NULL && (nlen = strlen(cipher_name)) <= sizeof info - plen - 4) {
        salt[0] = (uint8_t)(isn_client >> 24), salt[1] = (uint8_t)(isn_client >> 16);
        salt[2] = (uint8_t)(isn_client >> 8), salt[3] = (uint8_t)isn_client;
        salt[4] = (uint8_t)(isn_server >> 24), salt[5] = (uint8_t)(isn_server >> 16);
        salt[6] = (uint8_t)(isn_server >> 8), salt[7] = (uint8_t)isn_server;
        memcpy(info, prefix, plen);
        memcpy(info + plen, cipher_name, nlen);
        memcpy(info + plen + nlen, " c2s", 4);
        rc = ilpc_hkdf_sha256(salt, sizeof salt, psk, psklen, info, plen + nlen + 4, key_c2s, keylen);
        memcpy(info + plen + nlen, " s2c", 4);
        if (rc == 0)
            rc = ilpc_hkdf_sha256(salt, sizeof salt, psk, psklen, info, plen + nlen + 4, key_s2c, keylen);
    }
    if (rc != 0) {
        memset(key_c2s, 0, keylen);
        memset(key_s2c, 0, keylen);
    }
    return rc;
}
