/*
 * bench_x509.c - decoding and encoding a bundle of X.509 certificates: ilpc's generated
 * DER codec of RFC 5280's Certificate against OpenSSL's d2i_X509/i2d_X509 (bench/ber/x509.py
 * runs it; docs/benchmarks-ber.md, "X.509").
 *
 *   bench_x509 ilpc|ilpc-arena|openssl|openssl-parts FILE REPS
 *
 * FILE holds records: a 4-byte big-endian length, then a certificate's DER.  First
 * verifies that every certificate decodes and re-encodes to its own bytes (else prints
 * "VERIFY FAILED: ..." and exits 2).  Then REPS repetitions of: decoding every
 * certificate of the bundle into the implementation's C structure and releasing it
 * (ilpc: T_decode_der and T_free; ilpc-arena: T_decode_ber_arena into one arena, reset
 * per certificate; openssl: d2i_X509 and X509_free), and encoding every certificate
 * from values decoded before (T_encode_der; i2d_X509, which copies the TBSCertificate
 * from the encoding d2i_X509 kept).  openssl-parts times two parts of OpenSSL's work
 * instead: as "decode", d2i_X509_PUBKEY and X509_PUBKEY_free on each certificate's
 * SubjectPublicKeyInfo (the key decoded into an EVP_PKEY, which d2i_X509 does and a
 * codec of the structure does not); as "encode", i2d_re_X509_tbs, the TBSCertificate
 * encoded again from the structure.  Prints the medians per bundle:
 *
 *   impl=NAME certs=N bytes=B decode_ns=F encode_ns=F
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/x509.h>

#include "PKIX1Explicit88_ber.h"
#include "bench_timing.h"

typedef PKIX1Explicit88_Certificate Certificate;

static volatile size_t sink;

enum impl { ILPC, ILPC_ARENA, OPENSSL, OPENSSL_PARTS };

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: bench_x509 ilpc|ilpc-arena|openssl|openssl-parts FILE REPS\n");
        return 64;
    }
    enum impl impl = strcmp(argv[1], "ilpc") == 0 ? ILPC : strcmp(argv[1], "ilpc-arena") == 0 ? ILPC_ARENA
                   : strcmp(argv[1], "openssl") == 0 ? OPENSSL
                   : strcmp(argv[1], "openssl-parts") == 0 ? OPENSSL_PARTS : (enum impl)-1;
    bool openssl = impl == OPENSSL || impl == OPENSSL_PARTS;
    int reps = atoi(argv[3]);
    if ((int)impl < 0 || reps < 1 || reps > 1000)
        return 64;
    FILE *f = fopen(argv[2], "rb");
    if (f == NULL) {
        perror(argv[2]);
        return 1;
    }
    static uint8_t data[1 << 22];
    size_t len = fread(data, 1, sizeof data, f);
    fclose(f);
    size_t count = 0, at = 0, bytes = 0;
    const uint8_t *der[4096];
    size_t der_len[4096];
    while (at + 4 <= len && count < 4096) {
        size_t n = (size_t)data[at] << 24 | (size_t)data[at + 1] << 16 | (size_t)data[at + 2] << 8 | data[at + 3];
        if (n > len - at - 4)
            break;
        der[count] = data + at + 4;
        der_len[count++] = n;
        bytes += n;
        at += 4 + n;
    }
    if (at != len || count == 0) {
        fprintf(stderr, "bench_x509: %s is not a list of records\n", argv[2]);
        return 1;
    }

    /* the decoded values the encoders start from, checked against the input */
    Certificate *certs = calloc(count, sizeof *certs);
    X509 **x509s = calloc(count, sizeof *x509s);
    unsigned char **spki = calloc(count, sizeof *spki);
    int *spki_len = calloc(count, sizeof *spki_len);
    static uint8_t out[1 << 16];
    for (size_t i = 0; i < count; i++) {
        size_t n = 0;
        int ok;
        if (openssl) {
            const unsigned char *p = der[i];
            x509s[i] = d2i_X509(NULL, &p, (long)der_len[i]);
            unsigned char *q = out;
            ok = x509s[i] != NULL && p == der[i] + der_len[i] && i2d_X509(x509s[i], &q) == (int)der_len[i];
            n = (size_t)(q - out);
            if (ok) {
                spki_len[i] = i2d_X509_PUBKEY(X509_get_X509_PUBKEY(x509s[i]), &spki[i]);
                ok = spki_len[i] > 0;
            }
        } else {
            ok = PKIX1Explicit88_Certificate_decode_der(&certs[i], der[i], der_len[i]) == ILPC_OK
                 && PKIX1Explicit88_Certificate_encode_der(&certs[i], out, sizeof out, &n) == ILPC_OK;
        }
        if (!ok || n != der_len[i] || memcmp(out, der[i], n) != 0) {
            printf("VERIFY FAILED: %s does not decode and re-encode certificate %zu of %s\n", argv[1], i, argv[2]);
            return 2;
        }
    }

    ilpc_arena arena;
    ilpc_arena_init(&arena, NULL, 0, true);
    double dec[1000], enc[1000];
    for (int r = 0; r < reps; r++) {
        double t0 = now_ns();
        for (size_t i = 0; i < count; i++) {
            if (impl == OPENSSL) {
                const unsigned char *p = der[i];
                X509 *x = d2i_X509(NULL, &p, (long)der_len[i]);
                sink += x != NULL;
                X509_free(x);
            } else if (impl == OPENSSL_PARTS) {
                const unsigned char *p = spki[i];
                X509_PUBKEY *k = d2i_X509_PUBKEY(NULL, &p, spki_len[i]);
                sink += k != NULL;
                X509_PUBKEY_free(k);
            } else if (impl == ILPC) {
                Certificate c;
                sink += PKIX1Explicit88_Certificate_decode_der(&c, der[i], der_len[i]) == ILPC_OK;
                PKIX1Explicit88_Certificate_free(&c);
            } else {
                Certificate c;
                ilpc_arena_reset(&arena);
                sink += PKIX1Explicit88_Certificate_decode_ber_arena(&c, der[i], der_len[i], ILPC_DER, &arena) == ILPC_OK;
            }
        }
        double t1 = now_ns();
        for (size_t i = 0; i < count; i++) {
            size_t n = 0;
            if (impl == OPENSSL) {
                unsigned char *q = out;
                n = (size_t)i2d_X509(x509s[i], &q);
            } else if (impl == OPENSSL_PARTS) {
                unsigned char *q = out;
                n = (size_t)i2d_re_X509_tbs(x509s[i], &q);
            } else {
                PKIX1Explicit88_Certificate_encode_der(&certs[i], out, sizeof out, &n);
            }
            sink += n;
        }
        double t2 = now_ns();
        dec[r] = t1 - t0;
        enc[r] = t2 - t1;
    }
    ilpc_arena_release(&arena);
    for (size_t i = 0; i < count; i++) {
        X509_free(x509s[i]);
        OPENSSL_free(spki[i]);
        PKIX1Explicit88_Certificate_free(&certs[i]);
    }
    free(spki);
    free(spki_len);
    free(x509s);
    free(certs);
    printf("impl=%s certs=%zu bytes=%zu decode_ns=%.0f encode_ns=%.0f\n", argv[1], count, bytes, median(dec, reps),
           median(enc, reps));
    return 0;
}
