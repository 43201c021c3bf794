/*
 * bench_ber.c - times one implementation's DER decoder and encoder on one message
 * (bench/ber/run.py runs it; docs/benchmarks-ber.md).
 *
 *   bench_ber FILE.der REPS ITERS [REENCODED]
 *
 * First verifies: the message decodes, and the value re-encodes to the same bytes
 * (DER is canonical); otherwise prints "VERIFY FAILED: ..." and exits 2.  With
 * REENCODED, the re-encoding is written there instead of compared (run.py checks it:
 * asn1c writes some REALs in another form).  Then REPS
 * repetitions of ITERS decodes (each decode followed by the release of its value:
 * what a receiver does per message), and of ITERS encodes of one decoded value into one
 * buffer; prints the median of the repetitions per message:
 *
 *   impl=NAME bytes=N decode_ns=F encode_ns=F
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ber_impl.h"
#include "bench_timing.h"

/* keeps the compiler from dropping work whose result is unused */
static volatile size_t sink;

int main(int argc, char **argv)
{
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: bench_ber FILE.der REPS ITERS [REENCODED]\n");
        return 64;
    }
    const ber_impl *x = &ber_impl_under_test;
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    static uint8_t in[1 << 20], out[1 << 21];
    size_t len = fread(in, 1, sizeof in, f);
    fclose(f);
    int reps = atoi(argv[2]), iters = atoi(argv[3]);
    if (reps < 1 || iters < 1 || reps > 1000)
        return 64;

    void *v = x->decode(in, len);
    size_t n = 0;
    if (v == NULL) {
        printf("VERIFY FAILED: %s rejects %s\n", x->name, argv[1]);
        return 2;
    }
    if (x->encode(v, out, sizeof out, &n) != 0) {
        printf("VERIFY FAILED: %s cannot re-encode %s\n", x->name, argv[1]);
        return 2;
    }
    if (argc == 5) {  /* the re-encoding, for run.py's checks */
        FILE *g = fopen(argv[4], "wb");
        if (g == NULL || fwrite(out, 1, n, g) != n || fclose(g) != 0) {
            perror(argv[4]);
            return 1;
        }
    } else if (n != len || memcmp(out, in, len) != 0) {
        printf("VERIFY FAILED: %s does not re-encode %s to the same DER (%zu bytes, not %zu)\n", x->name, argv[1], n,
               len);
        return 2;
    }

    double dec[1000], enc[1000];
    for (int r = 0; r < reps; r++) {
        double t0 = now_ns();
        for (int i = 0; i < iters; i++) {
            void *w = x->decode(in, len);
            sink += w != NULL;
            x->release(w);
        }
        double t1 = now_ns();
        for (int i = 0; i < iters; i++) {
            x->encode(v, out, sizeof out, &n);
            sink += n;
        }
        double t2 = now_ns();
        dec[r] = (t1 - t0) / iters;
        enc[r] = (t2 - t1) / iters;
    }
    x->release(v);
    printf("impl=%s bytes=%zu decode_ns=%.1f encode_ns=%.1f\n", x->name, len, median(dec, reps), median(enc, reps));
    return 0;
}
