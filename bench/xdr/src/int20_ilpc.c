/* int20_ilpc.c - drives ilpc's generated BenchInt stubs (lib BenchInt.a). */
#include "BenchInt.h"

#include "bench_common.h"
#include "int20_impl.h"

static BenchInt_Int20 val;
static BenchInt_Int20Arr val_arr;
static uint8_t out[256] BENCH_ALIGNED(64);
static uint8_t in[256] BENCH_ALIGNED(64);
static size_t in_len;

void ilpc_int20_setup(const int32_t v[20])
{
    for (int i = 0; i < 20; i++)
        val.values.items[i] = val_arr.items[i] = v[i];
}

size_t ilpc_int20_encode_once(int arr, uint8_t *o, size_t cap)
{
    size_t len = 0;
    int rc = arr ? BenchInt_Int20Arr_encode(&val_arr, o, cap, &len)
                 : BenchInt_Int20_encode(&val, o, cap, &len);
    if (rc != ILPC_OK)
        bench_fail("ilpc: encode failed: %s", ilpc_xdr_strerror(rc));
    return len;
}

void ilpc_int20_decode_once(int arr, const uint8_t *i, size_t len, int32_t v[20])
{
    if (arr) {
        BenchInt_Int20Arr d;
        int rc = BenchInt_Int20Arr_decode(&d, i, len);
        if (rc != ILPC_OK)
            bench_fail("ilpc: Int20Arr decode failed: %s", ilpc_xdr_strerror(rc));
        for (int k = 0; k < 20; k++)
            v[k] = d.items[k];
        BenchInt_Int20Arr_free(&d);
    } else {
        BenchInt_Int20 d;
        int rc = BenchInt_Int20_decode(&d, i, len);
        if (rc != ILPC_OK)
            bench_fail("ilpc: Int20 decode failed: %s", ilpc_xdr_strerror(rc));
        for (int k = 0; k < 20; k++)
            v[k] = d.values.items[k];
        BenchInt_Int20_free(&d);
    }
}

void ilpc_int20_set_input(const uint8_t *i, size_t len)
{
    memcpy(in, i, len);
    in_len = len;
}

uint64_t ilpc_int20_enc_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        size_t len;
        val.values.items[7] = (int32_t)i;
        if (BenchInt_Int20_encode(&val, out, sizeof out, &len) != ILPC_OK)
            bench_fail("ilpc: encode failed in loop");
        acc += len + out[31];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t ilpc_int20arr_enc_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        size_t len;
        val_arr.items[7] = (int32_t)i;
        if (BenchInt_Int20Arr_encode(&val_arr, out, sizeof out, &len) != ILPC_OK)
            bench_fail("ilpc: encode failed in loop");
        acc += len + out[31];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t ilpc_int20_dec_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        BenchInt_Int20 d;
        bench_put_be32(in + 28, (uint32_t)i);
        if (BenchInt_Int20_decode(&d, in, in_len) != ILPC_OK)
            bench_fail("ilpc: decode failed in loop");
        acc += (uint32_t)d.values.items[7] + (uint32_t)d.values.items[i & 15];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t ilpc_int20arr_dec_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        BenchInt_Int20Arr d;
        bench_put_be32(in + 28, (uint32_t)i);
        if (BenchInt_Int20Arr_decode(&d, in, in_len) != ILPC_OK)
            bench_fail("ilpc: decode failed in loop");
        acc += (uint32_t)d.items[7] + (uint32_t)d.items[i & 15];
        BENCH_BARRIER();
    }
    return acc;
}
