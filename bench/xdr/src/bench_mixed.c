/* bench_mixed.c - encode/decode ns per message for BenchMixed.Mixed with ilpc's
 * stubs, rpcgen + libtirpc and a hand-written codec.  Before timing, checks on
 * the benchmark message (and on a variant without the OPTIONAL ttl) that all
 * three produce the same bytes as a simple reference XDR writer and that every
 * decoder gives back the message; exits 2 ("VERIFY FAILED") if not. */
#include <stdio.h>
#include <stdlib.h>

#include "bench_common.h"
#include "mixed_impl.h"

typedef struct impl {
    const char *name;
    void (*setup)(const mixed_msg *m);
    size_t (*encode_once)(uint8_t *out, size_t cap);
    void (*decode_once)(const uint8_t *in, size_t len, mixed_msg *m);
    void (*set_input)(const uint8_t *in, size_t len);
} impl;

#define IMPL(X) { #X, X##_mixed_setup, X##_mixed_encode_once, X##_mixed_decode_once, X##_mixed_set_input }
static const impl impls[] = { IMPL(ilpc), IMPL(rpcgen), IMPL(hand) };
#define NIMPL 3

/* The benchmark message: two ~20-character strings, a 203-byte payload (so all
 * three variable parts need padding: 19, 21 and 203 bytes), ttl present. */
static void sample(mixed_msg *m)
{
    memset(m, 0, sizeof *m);
    m->id = 0xC0FFEE01u;
    m->seq = 4000000000u;
    m->offset = -123456789;
    m->delta = 987654;
    m->flags = 0x80000011u;
    m->urgent = 1;
    m->color = 7;
    strcpy(m->user, "alice.smith@example");
    m->user_len = (uint32_t)strlen(m->user);
    strcpy(m->host, "db-07.eu-west.example");
    m->host_len = (uint32_t)strlen(m->host);
    m->payload_len = 203;
    for (uint32_t i = 0; i < m->payload_len; i++)
        m->payload[i] = (uint8_t)(i * 37u + 11u);
    for (int i = 0; i < 16; i++)
        m->digest[i] = (uint8_t)(0xA0 + i * 5);
    m->has_ttl = 1;
    m->ttl = -42;
}

/* Reference XDR writer (RFC 4506), written independently of all three. */
static size_t reference(const mixed_msg *m, uint8_t *b)
{
    size_t n = 0;
#define W32(x) (bench_put_be32(b + n, (uint32_t)(x)), n += 4)
#define OPQ(p, len) (memcpy(b + n, (p), (len)), memset(b + n + (len), 0, (4 - (len) % 4) % 4), \
                     n += (len) + (4 - (len) % 4) % 4)
    W32(m->id); W32(m->seq); W32(m->offset); W32(m->delta); W32(m->flags);
    W32(m->urgent ? 1 : 0); W32(m->color);
    W32(m->user_len); OPQ(m->user, m->user_len);
    W32(m->host_len); OPQ(m->host, m->host_len);
    W32(m->payload_len); OPQ(m->payload, m->payload_len);
    memcpy(b + n, m->digest, 16); n += 16;
    W32(m->has_ttl ? 1 : 0);
    if (m->has_ttl)
        W32(m->ttl);
#undef W32
#undef OPQ
    return n;
}

static const char *diff(const mixed_msg *a, const mixed_msg *b)
{
#define F(f) if (a->f != b->f) return #f;
    F(id) F(seq) F(offset) F(delta) F(flags) F(urgent) F(color)
    F(user_len) F(host_len) F(payload_len) F(has_ttl) F(ttl)
#undef F
    if (memcmp(a->user, b->user, a->user_len) != 0) return "user";
    if (memcmp(a->host, b->host, a->host_len) != 0) return "host";
    if (memcmp(a->payload, b->payload, a->payload_len) != 0) return "payload";
    if (memcmp(a->digest, b->digest, 16) != 0) return "digest";
    return NULL;
}

static void verify(const mixed_msg *m, const char *label, uint8_t *ref, size_t *ref_len)
{
    uint8_t enc[NIMPL][MIXED_BUF];
    size_t len[NIMPL];
    char what[96];

    *ref_len = reference(m, ref);
    for (int k = 0; k < NIMPL; k++) {
        impls[k].setup(m);
        len[k] = impls[k].encode_once(enc[k], sizeof enc[k]);
        if (k == NIMPL - 1 && getenv("ILPC_BENCH_CORRUPT") != NULL)
            enc[k][len[k] / 2] ^= 0x01; /* self-test of this check (tests/test_bench_smoke.py) */
        snprintf(what, sizeof what, "Mixed (%s) %s vs XDR reference", label, impls[k].name);
        bench_same_bytes(what, enc[k], len[k], ref, *ref_len);
    }
    bench_ok("Mixed (%s): ilpc, rpcgen and hand encodings byte-identical (%zu bytes)", label, *ref_len);
    for (int k = 0; k < NIMPL; k++) {
        mixed_msg got;
        memset(&got, 0x5a, sizeof got);
        impls[k].decode_once(ref, *ref_len, &got);
        const char *field = diff(m, &got);
        if (field != NULL)
            bench_fail("Mixed (%s): %s decode gives a different %s", label, impls[k].name, field);
    }
    bench_ok("Mixed (%s): ilpc, rpcgen and hand decoders return the encoded message", label);
}

int main(int argc, char **argv)
{
    bench_opts opts = bench_parse_args(argc, argv);
    static uint8_t ref[MIXED_BUF];
    size_t ref_len;
    mixed_msg m;

    sample(&m);
    m.has_ttl = 0;
    m.ttl = 0;
    verify(&m, "ttl absent", ref, &ref_len);

    sample(&m);
    verify(&m, "ttl present", ref, &ref_len); /* leaves every impl set up with m */
    for (int k = 0; k < NIMPL; k++)
        impls[k].set_input(ref, ref_len);

    bench_case cases[] = {
        { "Mixed", "encode", "ilpc", ilpc_mixed_enc_loop },
        { "Mixed", "encode", "rpcgen", rpcgen_mixed_enc_loop },
        { "Mixed", "encode", "hand", hand_mixed_enc_loop },
        { "Mixed", "decode", "ilpc", ilpc_mixed_dec_loop },
        { "Mixed", "decode", "rpcgen", rpcgen_mixed_dec_loop },
        { "Mixed", "decode", "hand", hand_mixed_dec_loop },
    };
    bench_run(cases, (int)(sizeof cases / sizeof cases[0]), &opts);
    return 0;
}
