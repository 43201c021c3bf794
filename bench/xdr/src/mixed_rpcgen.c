/* mixed_rpcgen.c - drives rpcgen's xdr_BenchMixed_Mixed (generated from
 * `ilpc --emit x` output) over libtirpc's memory stream, as a careful rpcgen user
 * would: one xdrmem stream per direction over an aligned buffer, created once and
 * rewound with xdr_setpos for every message; decoding starts from a zeroed struct
 * (so that xdr_string/xdr_bytes/xdr_pointer allocate) and ends with xdr_free, and
 * the decoder's position is checked against the message length. */
#include "BenchMixed.h" /* rpcgen's header, from rpcgen -h */

#include "bench_common.h"
#include "mixed_impl.h"

static BenchMixed_Mixed val;
static char user[65], host[65];
static char payload[1024];
static int ttl;
static uint8_t out[MIXED_BUF] BENCH_ALIGNED(64);
static uint8_t in[MIXED_BUF] BENCH_ALIGNED(64);
static size_t in_len;
static XDR xenc, xdec;

void rpcgen_mixed_setup(const mixed_msg *m)
{
    memcpy(user, m->user, sizeof user);
    memcpy(host, m->host, sizeof host);
    memcpy(payload, m->payload, sizeof payload);
    val.id = m->id;
    val.seq = m->seq;
    val.offset = m->offset;
    val.delta = m->delta;
    val.flags = m->flags;
    val.urgent = m->urgent ? TRUE : FALSE;
    val.color = (BenchMixed_Color)m->color;
    val.user = user;
    val.host = host;
    val.payload.payload_len = m->payload_len;
    val.payload.payload_val = payload;
    memcpy(val.digest, m->digest, 16);
    ttl = m->ttl;
    val.ttl = m->has_ttl ? &ttl : NULL;
    xdrmem_create(&xenc, (char *)out, sizeof out, XDR_ENCODE);
}

size_t rpcgen_mixed_encode_once(uint8_t *o, size_t cap)
{
    XDR x;
    xdrmem_create(&x, (char *)o, (u_int)cap, XDR_ENCODE);
    if (!xdr_BenchMixed_Mixed(&x, &val))
        bench_fail("rpcgen: encode failed");
    size_t len = xdr_getpos(&x);
    xdr_destroy(&x);
    return len;
}

void rpcgen_mixed_decode_once(const uint8_t *i, size_t len, mixed_msg *m)
{
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
    memcpy(in, i, len);
    in_len = len;
    xdrmem_create(&xdec, (char *)in, (u_int)len, XDR_DECODE);
}

uint64_t rpcgen_mixed_enc_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        val.id = (u_int)i;
        if (!xdr_setpos(&xenc, 0) || !xdr_BenchMixed_Mixed(&xenc, &val))
            bench_fail("rpcgen: encode failed in loop");
        acc += xdr_getpos(&xenc) + out[3];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t rpcgen_mixed_dec_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        BenchMixed_Mixed d;
        memset(&d, 0, sizeof d);
        bench_put_be32(in, (uint32_t)i);
        if (!xdr_setpos(&xdec, 0) || !xdr_BenchMixed_Mixed(&xdec, &d) || xdr_getpos(&xdec) != in_len)
            bench_fail("rpcgen: decode failed in loop");
        acc += d.id + (uint8_t)d.user[3] + (uint8_t)d.host[3] + d.payload.payload_len
               + (uint8_t)d.payload.payload_val[100] + (uint32_t)(d.ttl ? *d.ttl : 0);
        xdr_free((xdrproc_t)xdr_BenchMixed_Mixed, (char *)&d);
        BENCH_BARRIER();
    }
    return acc;
}
