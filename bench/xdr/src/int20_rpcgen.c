/* int20_rpcgen.c - drives rpcgen's xdr_BenchInt_Int20 / xdr_BenchInt_Int20Arr
 * (generated from `ilpc --emit x` output) over libtirpc's memory stream, as a
 * careful rpcgen user would: one xdrmem stream per direction over an aligned
 * buffer, created once and rewound with xdr_setpos for every message.  Nothing is
 * allocated when decoding these types, so no xdr_free is needed (or done). */
#include "BenchInt.h" /* rpcgen's header, from rpcgen -h */

#include "bench_common.h"
#include "int20_impl.h"

static BenchInt_Int20 val;
static BenchInt_Int20Arr val_arr;
static uint8_t out[256] BENCH_ALIGNED(64);
static uint8_t in[256] BENCH_ALIGNED(64);
static size_t in_len;
static XDR xenc, xdec;

void rpcgen_int20_setup(const int32_t v[20])
{
    for (int i = 0; i < 20; i++)
        val.values[i] = val_arr[i] = v[i];
    xdrmem_create(&xenc, (char *)out, sizeof out, XDR_ENCODE);
}

size_t rpcgen_int20_encode_once(int arr, uint8_t *o, size_t cap)
{
    XDR x;
    xdrmem_create(&x, (char *)o, (u_int)cap, XDR_ENCODE);
    bool_t ok = arr ? xdr_BenchInt_Int20Arr(&x, val_arr) : xdr_BenchInt_Int20(&x, &val);
    if (!ok)
        bench_fail("rpcgen: encode failed");
    size_t len = xdr_getpos(&x);
    xdr_destroy(&x);
    return len;
}

void rpcgen_int20_decode_once(int arr, const uint8_t *i, size_t len, int32_t v[20])
{
    XDR x;
    xdrmem_create(&x, (char *)(uintptr_t)i, (u_int)len, XDR_DECODE);
    if (arr) {
        BenchInt_Int20Arr d;
        if (!xdr_BenchInt_Int20Arr(&x, d))
            bench_fail("rpcgen: Int20Arr decode failed");
        for (int k = 0; k < 20; k++)
            v[k] = d[k];
    } else {
        BenchInt_Int20 d;
        if (!xdr_BenchInt_Int20(&x, &d))
            bench_fail("rpcgen: Int20 decode failed");
        for (int k = 0; k < 20; k++)
            v[k] = d.values[k];
    }
    if (xdr_getpos(&x) != len)
        bench_fail("rpcgen: decode left %zu trailing bytes", len - xdr_getpos(&x));
    xdr_destroy(&x);
}

void rpcgen_int20_set_input(const uint8_t *i, size_t len)
{
    memcpy(in, i, len);
    in_len = len;
    xdrmem_create(&xdec, (char *)in, (u_int)len, XDR_DECODE);
}

uint64_t rpcgen_int20_enc_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        val.values[7] = (int)i;
        if (!xdr_setpos(&xenc, 0) || !xdr_BenchInt_Int20(&xenc, &val))
            bench_fail("rpcgen: encode failed in loop");
        acc += xdr_getpos(&xenc) + out[31];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t rpcgen_int20arr_enc_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        val_arr[7] = (int)i;
        if (!xdr_setpos(&xenc, 0) || !xdr_BenchInt_Int20Arr(&xenc, val_arr))
            bench_fail("rpcgen: encode failed in loop");
        acc += xdr_getpos(&xenc) + out[31];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t rpcgen_int20_dec_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        BenchInt_Int20 d;
        bench_put_be32(in + 28, (uint32_t)i);
        if (!xdr_setpos(&xdec, 0) || !xdr_BenchInt_Int20(&xdec, &d) || xdr_getpos(&xdec) != in_len)
            bench_fail("rpcgen: decode failed in loop");
        acc += (uint32_t)d.values[7] + (uint32_t)d.values[i & 15];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t rpcgen_int20arr_dec_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        BenchInt_Int20Arr d;
        bench_put_be32(in + 28, (uint32_t)i);
        if (!xdr_setpos(&xdec, 0) || !xdr_BenchInt_Int20Arr(&xdec, d) || xdr_getpos(&xdec) != in_len)
            bench_fail("rpcgen: decode failed in loop");
        acc += (uint32_t)d[7] + (uint32_t)d[i & 15];
        BENCH_BARRIER();
    }
    return acc;
}
