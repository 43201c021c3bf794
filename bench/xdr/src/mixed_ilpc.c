/* mixed_ilpc.c - drives ilpc's generated BenchMixed stubs (lib BenchMixed.a). */
#include "BenchMixed.h"

#include "bench_common.h"
#include "mixed_impl.h"

static BenchMixed_Mixed val;
static char user[65], host[65];
static uint8_t payload[1024];
static uint8_t out[MIXED_BUF] BENCH_ALIGNED(64);
static uint8_t in[MIXED_BUF] BENCH_ALIGNED(64);
static size_t in_len;

void ilpc_mixed_setup(const mixed_msg *m)
{
    memcpy(user, m->user, sizeof user);
    memcpy(host, m->host, sizeof host);
    memcpy(payload, m->payload, sizeof payload);
    val.id = m->id;
    val.seq = m->seq;
    val.offset = m->offset;
    val.delta = m->delta;
    val.flags = m->flags;
    val.urgent = m->urgent != 0;
    val.color = (BenchMixed_Color)m->color;
    val.user.len = m->user_len;
    val.user.data = user;
    val.host.len = m->host_len;
    val.host.data = host;
    val.payload.len = m->payload_len;
    val.payload.data = payload;
    memcpy(val.digest.bytes, m->digest, 16);
    val.has_ttl = m->has_ttl != 0;
    val.ttl = m->ttl;
}

size_t ilpc_mixed_encode_once(uint8_t *o, size_t cap)
{
    size_t len = 0;
    int rc = BenchMixed_Mixed_encode(&val, o, cap, &len);
    if (rc != ILPC_OK)
        bench_fail("ilpc: encode failed: %s", ilpc_xdr_strerror(rc));
    if (len != BenchMixed_Mixed_size(&val))
        bench_fail("ilpc: encoded %zu bytes but BenchMixed_Mixed_size says %zu", len,
                   BenchMixed_Mixed_size(&val));
    return len;
}

void ilpc_mixed_decode_once(const uint8_t *i, size_t len, mixed_msg *m)
{
    BenchMixed_Mixed d;
    int rc = BenchMixed_Mixed_decode(&d, i, len);
    if (rc != ILPC_OK)
        bench_fail("ilpc: decode failed: %s", ilpc_xdr_strerror(rc));
    if (d.user.len > 64 || d.host.len > 64 || d.payload.len > 1024)
        bench_fail("ilpc: decoded lengths out of range");
    m->id = d.id;
    m->seq = d.seq;
    m->offset = d.offset;
    m->delta = d.delta;
    m->flags = d.flags;
    m->urgent = d.urgent;
    m->color = (int)d.color;
    m->user_len = d.user.len;
    memcpy(m->user, d.user.data, d.user.len);
    if (d.user.data[d.user.len] != '\0')
        bench_fail("ilpc: decoded user is not NUL-terminated");
    m->host_len = d.host.len;
    memcpy(m->host, d.host.data, d.host.len);
    m->payload_len = d.payload.len;
    memcpy(m->payload, d.payload.data, d.payload.len);
    memcpy(m->digest, d.digest.bytes, 16);
    m->has_ttl = d.has_ttl;
    m->ttl = d.has_ttl ? d.ttl : 0;
    BenchMixed_Mixed_free(&d);
}

void ilpc_mixed_set_input(const uint8_t *i, size_t len)
{
    memcpy(in, i, len);
    in_len = len;
}

uint64_t ilpc_mixed_enc_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        size_t len;
        val.id = (uint32_t)i;
        if (BenchMixed_Mixed_encode(&val, out, sizeof out, &len) != ILPC_OK)
            bench_fail("ilpc: encode failed in loop");
        acc += len + out[3];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t ilpc_mixed_dec_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        BenchMixed_Mixed d;
        bench_put_be32(in, (uint32_t)i);
        if (BenchMixed_Mixed_decode(&d, in, in_len) != ILPC_OK)
            bench_fail("ilpc: decode failed in loop");
        acc += d.id + (uint8_t)d.user.data[3] + (uint8_t)d.host.data[3] + d.payload.len
               + d.payload.data[100] + (uint32_t)(d.has_ttl ? d.ttl : 0);
        BenchMixed_Mixed_free(&d);
        BENCH_BARRIER();
    }
    return acc;
}
