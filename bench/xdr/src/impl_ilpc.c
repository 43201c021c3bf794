/* impl_ilpc.c - ilpc's generated stubs (lib BenchInt.a, lib BenchMixed.a) in the
 * driver's table (see xdr_impl.h). */
#include "BenchInt.h"
#include "BenchMixed.h"

#include "xdr_impl.h"

/* ------------------------------------------------------------ Int20, Int20Arr */

static BenchInt_Int20 int20_val;
static BenchInt_Int20Arr int20arr_val;
static uint8_t int20_out[256] BENCH_ALIGNED(64);
BENCH_INPUT(int20_in, 256);

/* ITEMS(x): the twenty ints of a BenchInt value */
#define int20_ITEMS(x) (x).values.items
#define int20arr_ITEMS(x) (x).items

#define ILPC_INT20(M, T)                                                               \
    void ilpc_##M##_setup(const void *value)                                           \
    {                                                                                  \
        const int32_t *v = value;                                                      \
        for (int i = 0; i < 20; i++)                                                   \
            M##_ITEMS(M##_val)[i] = v[i];                                              \
    }                                                                                  \
    size_t ilpc_##M##_encode_once(uint8_t *o, size_t cap)                              \
    {                                                                                  \
        size_t len = 0;                                                                \
        int rc = BenchInt_##T##_encode(&M##_val, o, cap, &len);                        \
        if (rc != ILPC_OK)                                                             \
            bench_fail("ilpc: encode failed: %s", ilpc_xdr_strerror(rc));              \
        return len;                                                                    \
    }                                                                                  \
    void ilpc_##M##_decode_once(const uint8_t *i, size_t len, void *value)             \
    {                                                                                  \
        int32_t *v = value;                                                            \
        BenchInt_##T d;                                                                \
        int rc = BenchInt_##T##_decode(&d, i, len);                                    \
        if (rc != ILPC_OK)                                                             \
            bench_fail("ilpc: " #T " decode failed: %s", ilpc_xdr_strerror(rc));       \
        for (int k = 0; k < 20; k++)                                                   \
            v[k] = M##_ITEMS(d)[k];                                                    \
        BenchInt_##T##_free(&d);                                                       \
    }                                                                                  \
    void ilpc_##M##_set_input(const uint8_t *i, size_t len)                            \
    {                                                                                  \
        memcpy(int20_in, i, len);                                                      \
        int20_in_len = len;                                                            \
    }                                                                                  \
    BENCH_LOOP(ilpc_##M##_enc_loop,                                                    \
        size_t len;                                                                    \
        M##_ITEMS(M##_val)[7] = (int32_t)i;                                            \
        if (BenchInt_##T##_encode(&M##_val, int20_out, sizeof int20_out, &len) != ILPC_OK) \
            bench_fail("ilpc: encode failed in loop");                                 \
        acc += len + int20_out[31];)                                                   \
    BENCH_LOOP(ilpc_##M##_dec_loop,                                                    \
        BenchInt_##T d;                                                                \
        bench_put_be32(int20_in + 28, (uint32_t)i);                                    \
        if (BenchInt_##T##_decode(&d, int20_in, int20_in_len) != ILPC_OK)              \
            bench_fail("ilpc: decode failed in loop");                                 \
        acc += (uint32_t)M##_ITEMS(d)[7] + (uint32_t)M##_ITEMS(d)[i & 15];)

ILPC_INT20(int20, Int20)
ILPC_INT20(int20arr, Int20Arr)

/* ------------------------------------------------------------------- Mixed */

static BenchMixed_Mixed mixed_val;
static char user[65], host[65];
static uint8_t payload[1024];
static uint8_t mixed_out[MIXED_BUF] BENCH_ALIGNED(64);
BENCH_INPUT(mixed_in, MIXED_BUF);

void ilpc_mixed_setup(const void *value)
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
    mixed_val.urgent = m->urgent != 0;
    mixed_val.color = (BenchMixed_Color)m->color;
    mixed_val.user.len = m->user_len;
    mixed_val.user.data = user;
    mixed_val.host.len = m->host_len;
    mixed_val.host.data = host;
    mixed_val.payload.len = m->payload_len;
    mixed_val.payload.data = payload;
    memcpy(mixed_val.digest.bytes, m->digest, 16);
    mixed_val.has_ttl = m->has_ttl != 0;
    mixed_val.ttl = m->ttl;
}

size_t ilpc_mixed_encode_once(uint8_t *o, size_t cap)
{
    size_t len = 0;
    int rc = BenchMixed_Mixed_encode(&mixed_val, o, cap, &len);
    if (rc != ILPC_OK)
        bench_fail("ilpc: encode failed: %s", ilpc_xdr_strerror(rc));
    if (len != BenchMixed_Mixed_size(&mixed_val))
        bench_fail("ilpc: encoded %zu bytes but BenchMixed_Mixed_size says %zu", len,
                   BenchMixed_Mixed_size(&mixed_val));
    return len;
}

void ilpc_mixed_decode_once(const uint8_t *i, size_t len, void *value)
{
    mixed_msg *m = value;
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
    memcpy(mixed_in, i, len);
    mixed_in_len = len;
}

BENCH_LOOP(ilpc_mixed_enc_loop,
    size_t len;
    mixed_val.id = (uint32_t)i;
    if (BenchMixed_Mixed_encode(&mixed_val, mixed_out, sizeof mixed_out, &len) != ILPC_OK)
        bench_fail("ilpc: encode failed in loop");
    acc += len + mixed_out[3];)

BENCH_LOOP(ilpc_mixed_dec_loop,
    BenchMixed_Mixed d;
    bench_put_be32(mixed_in, (uint32_t)i);
    if (BenchMixed_Mixed_decode(&d, mixed_in, mixed_in_len) != ILPC_OK)
        bench_fail("ilpc: decode failed in loop");
    acc += d.id + (uint8_t)d.user.data[3] + (uint8_t)d.host.data[3] + d.payload.len
           + d.payload.data[100] + (uint32_t)(d.has_ttl ? d.ttl : 0);
    BenchMixed_Mixed_free(&d);)
