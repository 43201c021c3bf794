/*
 * bench_forms.c - one message in three transfer syntaxes of the same C value: DER,
 * BER with indefinite lengths (CER's form), and XDR, coded and decoded by ilpc's
 * generated code (bench/ber/forms.py runs it; docs/benchmarks-ber.md, "DER, indefinite
 * BER and XDR").  Compiled with -DT=<C type> -DT_HEADER='"<Module>_ber.h"'.
 *
 *   bench_forms FILE.der REPS ITERS
 *
 * Decodes the DER message, encodes the value in each syntax and checks that each
 * decodes back to the same DER (else "VERIFY FAILED: ..." and exit 2); then, REPS
 * times, ITERS encodings into one buffer and ITERS decodes (each followed by T_free),
 * per syntax, the syntaxes interleaved within each repetition: T_encode_der and
 * T_decode_der; T_encode_cer and T_decode_ber (the general BER decoder, here on
 * indefinite lengths); T_encode and T_decode (XDR).  Prints the medians per message:
 *
 *   form=NAME bytes=N encode_ns=F decode_ns=F
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include T_HEADER
#include "bench_timing.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

static volatile size_t sink;

static int enc_der(const T *v, uint8_t *b, size_t cap, size_t *n) { return CAT(T, _encode_der)(v, b, cap, n); }
static int enc_cer(const T *v, uint8_t *b, size_t cap, size_t *n) { return CAT(T, _encode_cer)(v, b, cap, n); }
static int enc_xdr(const T *v, uint8_t *b, size_t cap, size_t *n) { return CAT(T, _encode)(v, b, cap, n); }
static int dec_der(T *v, const uint8_t *b, size_t n) { return CAT(T, _decode_der)(v, b, n); }
static int dec_ber(T *v, const uint8_t *b, size_t n) { return CAT(T, _decode_ber)(v, b, n); }
static int dec_xdr(T *v, const uint8_t *b, size_t n) { return CAT(T, _decode)(v, b, n); }

static const struct form {
    const char *name;
    int (*encode)(const T *, uint8_t *, size_t, size_t *);
    int (*decode)(T *, const uint8_t *, size_t);
} forms[] = {{"der", enc_der, dec_der}, {"ber-indefinite", enc_cer, dec_ber}, {"xdr", enc_xdr, dec_xdr}};
#define NFORMS (sizeof forms / sizeof forms[0])

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: bench_forms FILE.der REPS ITERS\n");
        return 64;
    }
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    static uint8_t der[1 << 20], out[1 << 21], check[1 << 21];
    static uint8_t wire[NFORMS][1 << 21];
    size_t len = fread(der, 1, sizeof der, f), wire_len[NFORMS];
    fclose(f);
    int reps = atoi(argv[2]), iters = atoi(argv[3]);
    if (reps < 1 || reps > 1000 || iters < 1)
        return 64;
    static T v, w;
    if (dec_der(&v, der, len) != ILPC_OK) {
        printf("VERIFY FAILED: %s is not DER of the type\n", argv[1]);
        return 2;
    }
    for (size_t k = 0; k < NFORMS; k++) {
        size_t n = 0;
        if (forms[k].encode(&v, wire[k], sizeof wire[k], &wire_len[k]) != ILPC_OK
            || forms[k].decode(&w, wire[k], wire_len[k]) != ILPC_OK || enc_der(&w, check, sizeof check, &n) != ILPC_OK
            || n != len || memcmp(check, der, len) != 0) {
            printf("VERIFY FAILED: %s does not take %s back to the same value\n", forms[k].name, argv[1]);
            return 2;
        }
        CAT(T, _free)(&w);
    }
    static double enc[NFORMS][1000], dec[NFORMS][1000];
    for (int r = 0; r < reps; r++)
        for (size_t k = 0; k < NFORMS; k++) {
            size_t n = 0;
            double t0 = now_ns();
            for (int i = 0; i < iters; i++) {
                forms[k].encode(&v, out, sizeof out, &n);
                sink += n;
            }
            double t1 = now_ns();
            for (int i = 0; i < iters; i++) {
                sink += forms[k].decode(&w, wire[k], wire_len[k]) == ILPC_OK;
                CAT(T, _free)(&w);
            }
            double t2 = now_ns();
            enc[k][r] = (t1 - t0) / iters;
            dec[k][r] = (t2 - t1) / iters;
        }
    CAT(T, _free)(&v);
    for (size_t k = 0; k < NFORMS; k++)
        printf("form=%s bytes=%zu encode_ns=%.1f decode_ns=%.1f\n", forms[k].name, wire_len[k],
               median(enc[k], reps), median(dec[k], reps));
    return 0;
}
