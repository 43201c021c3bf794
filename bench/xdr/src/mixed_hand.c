/* mixed_hand.c - drives the hand-written codec of hand_mixed.c. */
#include "hand_mixed.h"

#include "bench_common.h"
#include "mixed_impl.h"

static hand_mixed val;
static char user[65], host[65];
static uint8_t payload[1024];
static uint8_t out[MIXED_BUF] BENCH_ALIGNED(64);
static uint8_t in[MIXED_BUF] BENCH_ALIGNED(64);
static size_t in_len;

void hand_mixed_setup(const mixed_msg *m)
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
    val.color = m->color;
    val.user_len = m->user_len;
    val.user = user;
    val.host_len = m->host_len;
    val.host = host;
    val.payload_len = m->payload_len;
    val.payload = payload;
    memcpy(val.digest, m->digest, 16);
    val.has_ttl = m->has_ttl != 0;
    val.ttl = m->ttl;
}

size_t hand_mixed_encode_once(uint8_t *o, size_t cap)
{
    size_t len = 0;
    int rc = hand_mixed_encode(&val, o, cap, &len);
    if (rc != HAND_OK)
        bench_fail("hand: encode failed: %d", rc);
    return len;
}

void hand_mixed_decode_once(const uint8_t *i, size_t len, mixed_msg *m)
{
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
    memcpy(in, i, len);
    in_len = len;
}

uint64_t hand_mixed_enc_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        size_t len;
        val.id = (uint32_t)i;
        if (hand_mixed_encode(&val, out, sizeof out, &len) != HAND_OK)
            bench_fail("hand: encode failed in loop");
        acc += len + out[3];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t hand_mixed_dec_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        hand_mixed d;
        bench_put_be32(in, (uint32_t)i);
        if (hand_mixed_decode(&d, in, in_len) != HAND_OK)
            bench_fail("hand: decode failed in loop");
        acc += d.id + (uint8_t)d.user[3] + (uint8_t)d.host[3] + d.payload_len
               + d.payload[100] + (uint32_t)(d.has_ttl ? d.ttl : 0);
        hand_mixed_free(&d);
        BENCH_BARRIER();
    }
    return acc;
}
