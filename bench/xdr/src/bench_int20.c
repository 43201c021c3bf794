/* bench_int20.c - encode/decode ns per message for Int20 and Int20Arr
 * (twenty 32-bit ints) with ilpc's stubs, rpcgen + libtirpc and a hand-written
 * codec.  Before timing, checks that all three produce byte-identical encodings
 * (and the encoding XDR defines) and that every decoder gives the values back;
 * exits 2 ("VERIFY FAILED") if not. */
#include <stdio.h>
#include <stdlib.h>

#include "bench_common.h"
#include "int20_impl.h"

typedef struct impl {
    const char *name;
    void (*setup)(const int32_t v[20]);
    size_t (*encode_once)(int arr, uint8_t *out, size_t cap);
    void (*decode_once)(int arr, const uint8_t *in, size_t len, int32_t v[20]);
    void (*set_input)(const uint8_t *in, size_t len);
} impl;

#define IMPL(X) { #X, X##_int20_setup, X##_int20_encode_once, X##_int20_decode_once, X##_int20_set_input }
static const impl impls[] = { IMPL(ilpc), IMPL(rpcgen), IMPL(hand) };
#define NIMPL 3

int main(int argc, char **argv)
{
    bench_opts opts = bench_parse_args(argc, argv);

    int32_t v[20];
    for (int i = 0; i < 20; i++) /* small, large, negative and extreme values */
        v[i] = (int32_t)((uint32_t)i * 0x9E3779B9u) >> (i % 7 * 4);
    v[0] = INT32_MIN;
    v[1] = INT32_MAX;
    v[2] = -1;
    v[3] = 0;

    uint8_t expect[80];
    for (int i = 0; i < 20; i++)
        bench_put_be32(expect + 4 * i, (uint32_t)v[i]);

    for (int k = 0; k < NIMPL; k++)
        impls[k].setup(v);

    static const char *names[2] = { "Int20", "Int20Arr" };
    for (int arr = 0; arr < 2; arr++) {
        uint8_t enc[NIMPL][256];
        size_t len[NIMPL];
        for (int k = 0; k < NIMPL; k++)
            len[k] = impls[k].encode_once(arr, enc[k], sizeof enc[k]);
        if (getenv("ILPC_BENCH_CORRUPT") != NULL)
            enc[NIMPL - 1][len[NIMPL - 1] / 2] ^= 0x01; /* self-test of this check */
        char what[64];
        snprintf(what, sizeof what, "%s ilpc vs XDR reference", names[arr]);
        bench_same_bytes(what, enc[0], len[0], expect, sizeof expect);
        for (int k = 1; k < NIMPL; k++) {
            snprintf(what, sizeof what, "%s ilpc vs %s", names[arr], impls[k].name);
            bench_same_bytes(what, enc[0], len[0], enc[k], len[k]);
        }
        bench_ok("%s: ilpc, rpcgen and hand encodings byte-identical (%zu bytes)", names[arr], len[0]);
        for (int k = 0; k < NIMPL; k++) {
            int32_t got[20];
            memset(got, 0x5a, sizeof got);
            impls[k].decode_once(arr, enc[0], len[0], got);
            for (int i = 0; i < 20; i++)
                if (got[i] != v[i])
                    bench_fail("%s: %s decode: values[%d] = %ld, expected %ld", names[arr],
                               impls[k].name, i, (long)got[i], (long)v[i]);
        }
        bench_ok("%s: ilpc, rpcgen and hand decoders return the encoded values", names[arr]);
    }
    for (int k = 0; k < NIMPL; k++)
        impls[k].set_input(expect, sizeof expect);

    bench_case cases[] = {
        { "Int20", "encode", "ilpc", ilpc_int20_enc_loop },
        { "Int20", "encode", "rpcgen", rpcgen_int20_enc_loop },
        { "Int20", "encode", "hand", hand_int20_enc_loop },
        { "Int20", "decode", "ilpc", ilpc_int20_dec_loop },
        { "Int20", "decode", "rpcgen", rpcgen_int20_dec_loop },
        { "Int20", "decode", "hand", hand_int20_dec_loop },
        { "Int20Arr", "encode", "ilpc", ilpc_int20arr_enc_loop },
        { "Int20Arr", "encode", "rpcgen", rpcgen_int20arr_enc_loop },
        { "Int20Arr", "encode", "hand", hand_int20arr_enc_loop },
        { "Int20Arr", "decode", "ilpc", ilpc_int20arr_dec_loop },
        { "Int20Arr", "decode", "rpcgen", rpcgen_int20arr_dec_loop },
        { "Int20Arr", "decode", "hand", hand_int20arr_dec_loop },
    };
    bench_run(cases, (int)(sizeof cases / sizeof cases[0]), &opts);
    return 0;
}
