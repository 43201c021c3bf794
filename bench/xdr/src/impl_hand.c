/* impl_hand.c - the hand-written codecs (hand_int20.c, hand_mixed.c) in the driver's
 * table (see xdr_impl.h).  Int20 and Int20Arr have the same encoding, so the same two
 * functions serve both. */
#include "hand_int20.h"
#include "hand_mixed.h"

#include "xdr_impl.h"

/* ------------------------------------------------------------ Int20, Int20Arr */

static int32_t int20_val[20], int20arr_val[20];
static uint8_t int20_out[256] BENCH_ALIGNED(64);
BENCH_INPUT(int20_in, 256);

#define HAND_INT20(M)                                                                 \
    void hand_##M##_setup(const void *v) { memcpy(M##_val, v, sizeof M##_val); }       \
    size_t hand_##M##_encode_once(uint8_t *o, size_t cap)                              \
    {                                                                                  \
        size_t len = 0;                                                                \
        if (hand_int20_encode(M##_val, o, cap, &len) != 0)                             \
            bench_fail("hand: encode failed");                                         \
        return len;                                                                    \
    }                                                                                  \
    void hand_##M##_decode_once(const uint8_t *i, size_t len, void *v)                 \
    {                                                                                  \
        if (hand_int20_decode(v, i, len) != 0)                                         \
            bench_fail("hand: decode failed");                                         \
    }                                                                                  \
    void hand_##M##_set_input(const uint8_t *i, size_t len)                            \
    {                                                                                  \
        memcpy(int20_in, i, len);                                                      \
        int20_in_len = len;                                                            \
    }                                                                                  \
    BENCH_LOOP(hand_##M##_enc_loop,                                                    \
        size_t len;                                                                    \
        M##_val[7] = (int32_t)i;                                                       \
        if (hand_int20_encode(M##_val, int20_out, sizeof int20_out, &len) != 0)        \
            bench_fail("hand: encode failed in loop");                                 \
        acc += len + int20_out[31];)                                                   \
    BENCH_LOOP(hand_##M##_dec_loop,                                                    \
        int32_t d[20];                                                                 \
        bench_put_be32(int20_in + 28, (uint32_t)i);                                    \
        if (hand_int20_decode(d, int20_in, int20_in_len) != 0)                         \
            bench_fail("hand: decode failed in loop");                                 \
        acc += (uint32_t)d[7] + (uint32_t)d[i & 15];)

HAND_INT20(int20)
HAND_INT20(int20arr)

/* ------------------------------------------------------------------- Mixed */

static hand_mixed mixed_val;
static char user[65], host[65];
static uint8_t payload[1024];
static uint8_t mixed_out[MIXED_BUF] BENCH_ALIGNED(64);
BENCH_INPUT(mixed_in, MIXED_BUF);

void hand_mixed_setup(const void *value)
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
    mixed_val.color = m->color;
    mixed_val.user_len = m->user_len;
    mixed_val.user = user;
    mixed_val.host_len = m->host_len;
    mixed_val.host = host;
    mixed_val.payload_len = m->payload_len;
    mixed_val.payload = payload;
    memcpy(mixed_val.digest, m->digest, 16);
    mixed_val.has_ttl = m->has_ttl != 0;
    mixed_val.ttl = m->ttl;
}

size_t hand_mixed_encode_once(uint8_t *o, size_t cap)
{
    size_t len = 0;
    int rc = hand_mixed_encode(&mixed_val, o, cap, &len);
    if (rc != HAND_OK)
        bench_fail("hand: encode failed: %d", rc);
    return len;
}

void hand_mixed_decode_once(const uint8_t *i, size_t len, void *value)
{
    mixed_msg *m = value;
    hand_mixed d;
    int rc = hand_mixed_decode(&d, i, len);
    if (rc != HAND_OK)
        bench_fail("hand: decode failed: %d", rc);
    m->id = d.id;
    m->seq = d.seq;
    m->offset = d.offset;
    m->delta = d.delta;
    m->flags = d.flags;
    m->urgent = d.urgent;
    m->color = d.color;
    m->user_len = d.user_len;
    memcpy(m->user, d.user, d.user_len);
    m->host_len = d.host_len;
    memcpy(m->host, d.host, d.host_len);
    m->payload_len = d.payload_len;
    memcpy(m->payload, d.payload, d.payload_len);
    memcpy(m->digest, d.digest, 16);
    m->has_ttl = d.has_ttl;
    m->ttl = d.has_ttl ? d.ttl : 0;
    hand_mixed_free(&d);
}

void hand_mixed_set_input(const uint8_t *i, size_t len)
{
    memcpy(mixed_in, i, len);
    mixed_in_len = len;
}

BENCH_LOOP(hand_mixed_enc_loop,
    size_t len;
    mixed_val.id = (uint32_t)i;
    if (hand_mixed_encode(&mixed_val, mixed_out, sizeof mixed_out, &len) != HAND_OK)
        bench_fail("hand: encode failed in loop");
    acc += len + mixed_out[3];)

BENCH_LOOP(hand_mixed_dec_loop,
    hand_mixed d;
    bench_put_be32(mixed_in, (uint32_t)i);
    if (hand_mixed_decode(&d, mixed_in, mixed_in_len) != HAND_OK)
        bench_fail("hand: decode failed in loop");
    acc += d.id + (uint8_t)d.user[3] + (uint8_t)d.host[3] + d.payload_len
           + d.payload[100] + (uint32_t)(d.has_ttl ? d.ttl : 0);
    hand_mixed_free(&d);)
