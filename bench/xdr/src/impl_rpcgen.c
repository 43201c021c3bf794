/* impl_rpcgen.c - rpcgen's xdr_BenchInt_Int20, xdr_BenchInt_Int20Arr and
 * xdr_BenchMixed_Mixed (generated from `ilpc --emit x` output) over libtirpc's memory
 * stream, in the driver's table (see xdr_impl.h), used as a careful rpcgen user would:
 * one xdrmem stream per direction over an aligned buffer, created once and rewound with
 * xdr_setpos for every message; the decoder's position is checked against the message
 * length.  Decoding Mixed starts from a zeroed struct (so that xdr_string/xdr_bytes/
 * xdr_pointer allocate) and ends with xdr_free; nothing is allocated when decoding the
 * Int20 types, so no xdr_free is needed (or done) for them. */
#include "BenchInt.h"   /* rpcgen's headers, from rpcgen -h */
#include "BenchMixed.h"

#include "xdr_impl.h"

/* ------------------------------------------------------------ Int20, Int20Arr */

static BenchInt_Int20 int20_val;
static BenchInt_Int20Arr int20arr_val;
static uint8_t int20_out[256] BENCH_ALIGNED(64);
BENCH_INPUT(int20_in, 256);
static XDR int20_xenc, int20_xdec;

/* ITEMS(x): the twenty ints of a value; REF(x): what xdr_T takes */
#define int20_ITEMS(x) (x).values
#define int20arr_ITEMS(x) (x)
#define int20_REF(x) (&(x))
#define int20arr_REF(x) (x)

#define RPCGEN_INT20(M, T)                                                             \
    void rpcgen_##M##_setup(const void *value)                                         \
    {                                                                                  \
        const int32_t *v = value;                                                      \
        for (int i = 0; i < 20; i++)                                                   \
            M##_ITEMS(M##_val)[i] = v[i];                                              \
        xdrmem_create(&int20_xenc, (char *)int20_out, sizeof int20_out, XDR_ENCODE);   \
    }                                                                                  \
    size_t rpcgen_##M##_encode_once(uint8_t *o, size_t cap)                            \
    {                                                                                  \
        XDR x;                                                                         \
        xdrmem_create(&x, (char *)o, (u_int)cap, XDR_ENCODE);                          \
        if (!xdr_BenchInt_##T(&x, M##_REF(M##_val)))                                   \
            bench_fail("rpcgen: encode failed");                                       \
        size_t len = xdr_getpos(&x);                                                   \
        xdr_destroy(&x);                                                               \
        return len;                                                                    \
    }                                                                                  \
    void rpcgen_##M##_decode_once(const uint8_t *i, size_t len, void *value)           \
    {                                                                                  \
        int32_t *v = value;                                                            \
        XDR x;                                                                         \
        BenchInt_##T d;                                                                \
        xdrmem_create(&x, (char *)(uintptr_t)i, (u_int)len, XDR_DECODE);               \
        if (!xdr_BenchInt_##T(&x, M##_REF(d)))                                         \
            bench_fail("rpcgen: " #T " decode failed");                                \
        for (int k = 0; k < 20; k++)                                                   \
            v[k] = M##_ITEMS(d)[k];                                                    \
        if (xdr_getpos(&x) != len)                                                     \
            bench_fail("rpcgen: decode left %zu trailing bytes", len - xdr_getpos(&x)); \
        xdr_destroy(&x);                                                               \
    }                                                                                  \
    void rpcgen_##M##_set_input(const uint8_t *i, size_t len)                          \
    {                                                                                  \
        memcpy(int20_in, i, len);                                                      \
        int20_in_len = len;                                                            \
        xdrmem_create(&int20_xdec, (char *)int20_in, (u_int)len, XDR_DECODE);          \
    }                                                                                  \
    BENCH_LOOP(rpcgen_##M##_enc_loop,                                                  \
        M##_ITEMS(M##_val)[7] = (int)i;                                                \
        if (!xdr_setpos(&int20_xenc, 0) || !xdr_BenchInt_##T(&int20_xenc, M##_REF(M##_val))) \
            bench_fail("rpcgen: encode failed in loop");                               \
        acc += xdr_getpos(&int20_xenc) + int20_out[31];)                               \
    BENCH_LOOP(rpcgen_##M##_dec_loop,                                                  \
        BenchInt_##T d;                                                                \
        bench_put_be32(int20_in + 28, (uint32_t)i);                                    \
        if (!xdr_setpos(&int20_xdec, 0) || !xdr_BenchInt_##T(&int20_xdec, M##_REF(d))  \
            || xdr_getpos(&int20_xdec) != int20_in_len)                                \
            bench_fail("rpcgen: decode failed in loop");                               \
        acc += (uint32_t)M##_ITEMS(d)[7] + (uint32_t)M##_ITEMS(d)[i & 15];)

RPCGEN_INT20(int20, Int20)
RPCGEN_INT20(int20arr, Int20Arr)

/* ------------------------------------------------------------------- Mixed */

static BenchMixed_Mixed mixed_val;
static char user[65], host[65];
static char payload[1024];
static int ttl;
static uint8_t mixed_out[MIXED_BUF] BENCH_ALIGNED(64);
BENCH_INPUT(mixed_in, MIXED_BUF);
static XDR mixed_xenc, mixed_xdec;

void rpcgen_mixed_setup(const void *value)
{
    const mixed_msg *m = value;
    memcpy(user, m->user, sizeof user);
    memcpy(host, m->host, sizeof host);
    memcpy(payload, m->payload, sizeof payload);
    mixed_val.id = m->id;
    mixed_val.seq = m->seq;
    mixed_val.offset = m->offset;
    mixed_val.delta = m->delta;
    mixed_val.flags = m->flags;
    mixed_val.urgent = m->urgent ? TRUE : FALSE;
    mixed_val.color = (BenchMixed_Color)m->color;
    mixed_val.user = user;
    mixed_val.host = host;
    mixed_val.payload.payload_len = m->payload_len;
    mixed_val.payload.payload_val = payload;
    memcpy(mixed_val.digest, m->digest, 16);
    ttl = m->ttl;
    mixed_val.ttl = m->has_ttl ? &ttl : NULL;
    xdrmem_create(&mixed_xenc, (char *)mixed_out, sizeof mixed_out, XDR_ENCODE);
}

size_t rpcgen_mixed_encode_once(uint8_t *o, size_t cap)
{
    XDR x;
    xdrmem_create(&x, (char *)o, (u_int)cap, XDR_ENCODE);
    if (!xdr_BenchMixed_Mixed(&x, &mixed_val))
        bench_fail("rpcgen: encode failed");
    size_t len = xdr_getpos(&x);
    xdr_destroy(&x);
    return len;
}

void rpcgen_mixed_decode_once(const uint8_t *i, size_t len, void *value)
{
    mixed_msg *m = value;
    XDR x;
    BenchMixed_Mixed d;
    memset(&d, 0, sizeof d);
    xdrmem_create(&x, (char *)(uintptr_t)i, (u_int)len, XDR_DECODE);
    if (!xdr_BenchMixed_Mixed(&x, &d))
        bench_fail("rpcgen: decode failed");
    if (xdr_getpos(&x) != len)
        bench_fail("rpcgen: decode left %zu trailing bytes", len - xdr_getpos(&x));
    xdr_destroy(&x);
    size_t ul = strlen(d.user), hl = strlen(d.host);
    if (ul > 64 || hl > 64 || d.payload.payload_len > 1024)
        bench_fail("rpcgen: decoded lengths out of range");
    m->id = d.id;
    m->seq = d.seq;
    m->offset = d.offset;
    m->delta = d.delta;
    m->flags = d.flags;
    m->urgent = d.urgent;
    m->color = (int)d.color;
    m->user_len = (uint32_t)ul;
    memcpy(m->user, d.user, ul);
    m->host_len = (uint32_t)hl;
    memcpy(m->host, d.host, hl);
    m->payload_len = d.payload.payload_len;
    memcpy(m->payload, d.payload.payload_val, d.payload.payload_len);
    memcpy(m->digest, d.digest, 16);
    m->has_ttl = d.ttl != NULL;
    m->ttl = d.ttl != NULL ? *d.ttl : 0;
    xdr_free((xdrproc_t)xdr_BenchMixed_Mixed, (char *)&d);
}

void rpcgen_mixed_set_input(const uint8_t *i, size_t len)
{
    memcpy(mixed_in, i, len);
    mixed_in_len = len;
    xdrmem_create(&mixed_xdec, (char *)mixed_in, (u_int)len, XDR_DECODE);
}

BENCH_LOOP(rpcgen_mixed_enc_loop,
    mixed_val.id = (u_int)i;
    if (!xdr_setpos(&mixed_xenc, 0) || !xdr_BenchMixed_Mixed(&mixed_xenc, &mixed_val))
        bench_fail("rpcgen: encode failed in loop");
    acc += xdr_getpos(&mixed_xenc) + mixed_out[3];)

BENCH_LOOP(rpcgen_mixed_dec_loop,
    BenchMixed_Mixed d;
    memset(&d, 0, sizeof d);
    bench_put_be32(mixed_in, (uint32_t)i);
    if (!xdr_setpos(&mixed_xdec, 0) || !xdr_BenchMixed_Mixed(&mixed_xdec, &d) || xdr_getpos(&mixed_xdec) != mixed_in_len)
        bench_fail("rpcgen: decode failed in loop");
    acc += d.id + (uint8_t)d.user[3] + (uint8_t)d.host[3] + d.payload.payload_len
           + (uint8_t)d.payload.payload_val[100] + (uint32_t)(d.ttl ? *d.ttl : 0);
    xdr_free((xdrproc_t)xdr_BenchMixed_Mixed, (char *)&d);)
