/* bench_xdr.c - the XDR benchmark's driver: encode/decode ns per message for every
 * message of BenchInt and BenchMixed with every implementation in the table below
 * (ilpc's stubs, rpcgen + libtirpc, a hand-written codec; see xdr_impl.h for what an
 * implementation provides).
 *
 * Before timing, checks for every message (Mixed also without its OPTIONAL ttl) that
 * every implementation produces the bytes of a simple reference XDR writer, written
 * independently of all of them, and that every decoder gives the value back; exits 2
 * ("VERIFY FAILED") if not.  Then times all cases, interleaved (bench_common.c). */
#include <stdio.h>
#include <stdlib.h>

#include "xdr_impl.h"

/* ------------------------------------------------------------ Int20, Int20Arr */

static void int20_sample(int variant, void *value)
{
    int32_t *v = value;
    (void)variant;
    for (int i = 0; i < 20; i++) /* small, large, negative and extreme values */
        v[i] = (int32_t)((uint32_t)i * 0x9E3779B9u) >> (i % 7 * 4);
    v[0] = INT32_MIN;
    v[1] = INT32_MAX;
    v[2] = -1;
    v[3] = 0;
}

static size_t int20_reference(const void *value, uint8_t *b)
{
    const int32_t *v = value;
    for (int i = 0; i < 20; i++)
        bench_put_be32(b + 4 * i, (uint32_t)v[i]);
    return 80;
}

static const char *int20_diff(const void *a, const void *b)
{
    static char what[32];
    const int32_t *x = a, *y = b;
    for (int i = 0; i < 20; i++)
        if (x[i] != y[i]) {
            snprintf(what, sizeof what, "values[%d]", i);
            return what;
        }
    return NULL;
}

/* ------------------------------------------------------------------- Mixed */

/* The benchmark message: two ~20-character strings, a 203-byte payload (so all
 * three variable parts need padding: 19, 21 and 203 bytes); variant 0 without the
 * OPTIONAL ttl, variant 1 (the one timed) with it. */
static void mixed_sample(int variant, void *value)
{
    mixed_msg *m = value;
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
    m->has_ttl = variant == 1;
    m->ttl = variant == 1 ? -42 : 0;
}

static size_t mixed_reference(const void *value, uint8_t *b)
{
    const mixed_msg *m = value;
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

static const char *mixed_diff(const void *x, const void *y)
{
    const mixed_msg *a = x, *b = y;
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

/* ------------------------------------------------------------------- tables */

#define ROW_int20(X) BENCH_IMPL_ROW(X, int20)
#define ROW_int20arr(X) BENCH_IMPL_ROW(X, int20arr)
#define ROW_mixed(X) BENCH_IMPL_ROW(X, mixed)
static const xdr_impl int20_impls[] = { BENCH_IMPLS(ROW_int20) };
static const xdr_impl int20arr_impls[] = { BENCH_IMPLS(ROW_int20arr) };
static const xdr_impl mixed_impls[] = { BENCH_IMPLS(ROW_mixed) };
#define NIMPL ((int)(sizeof mixed_impls / sizeof mixed_impls[0]))

typedef struct message {
    const char *name;                    /* as reported, e.g. "Int20" */
    size_t value_size;                   /* of the neutral value */
    const char *const *variants;         /* labels of the values verified; the last is timed */
    int nvariants;
    void (*sample)(int variant, void *value);
    size_t (*reference)(const void *value, uint8_t *out);
    const char *(*diff)(const void *a, const void *b);   /* NULL or the first field that differs */
    const xdr_impl *impls;               /* NIMPL rows */
} message;

static const char *const one_variant[] = { NULL };
static const char *const ttl_variants[] = { "ttl absent", "ttl present" };
static const message messages[] = {
    { "Int20", 20 * sizeof(int32_t), one_variant, 1, int20_sample, int20_reference, int20_diff, int20_impls },
    { "Int20Arr", 20 * sizeof(int32_t), one_variant, 1, int20_sample, int20_reference, int20_diff, int20arr_impls },
    { "Mixed", sizeof(mixed_msg), ttl_variants, 2, mixed_sample, mixed_reference, mixed_diff, mixed_impls },
};
#define NMSG ((int)(sizeof messages / sizeof messages[0]))

/* ------------------------------------------------------------------- driver */

/* Verifies every variant of msg with every implementation; leaves each set up with
 * (and decoding) the last variant. */
static void verify(const message *msg)
{
    static uint8_t ref[MIXED_BUF], enc[MIXED_BUF];
    static mixed_msg value, got; /* the largest neutral value */
    char label[96], names[128] = "";
    size_t ref_len = 0;

    for (int k = 0; k < NIMPL; k++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                 k == 0 ? "" : k == NIMPL - 1 ? " and " : ", ", msg->impls[k].name);
    for (int var = 0; var < msg->nvariants; var++) {
        if (msg->variants[var] != NULL)
            snprintf(label, sizeof label, "%s (%s)", msg->name, msg->variants[var]);
        else
            snprintf(label, sizeof label, "%s", msg->name);
        msg->sample(var, &value);
        ref_len = msg->reference(&value, ref);
        for (int k = 0; k < NIMPL; k++) {
            char what[160];
            msg->impls[k].setup(&value);
            size_t len = msg->impls[k].encode_once(enc, sizeof enc);
            if (k == NIMPL - 1 && getenv("ILPC_BENCH_CORRUPT") != NULL)
                enc[len / 2] ^= 0x01; /* self-test of this check (tests/test_bench_smoke.py) */
            snprintf(what, sizeof what, "%s %s vs XDR reference", label, msg->impls[k].name);
            bench_same_bytes(what, enc, len, ref, ref_len);
        }
        bench_ok("%s: %s encodings byte-identical (%zu bytes)", label, names, ref_len);
        for (int k = 0; k < NIMPL; k++) {
            memset(&got, 0x5a, msg->value_size);
            msg->impls[k].decode_once(ref, ref_len, &got);
            const char *field = msg->diff(&value, &got);
            if (field != NULL)
                bench_fail("%s: %s decode gives a different %s", label, msg->impls[k].name, field);
        }
        bench_ok("%s: %s decoders return the encoded value", label, names);
    }
    for (int k = 0; k < NIMPL; k++)
        msg->impls[k].set_input(ref, ref_len);
}

int main(int argc, char **argv)
{
    bench_opts opts = bench_parse_args(argc, argv);
    static bench_case cases[NMSG * 2 * NIMPL];
    int ncases = 0;

    for (int m = 0; m < NMSG; m++) {
        verify(&messages[m]);
        for (int op = 0; op < 2; op++)
            for (int k = 0; k < NIMPL; k++) {
                const xdr_impl *impl = &messages[m].impls[k];
                cases[ncases++] = (bench_case){ messages[m].name, op ? "decode" : "encode", impl->name,
                                                op ? impl->dec_loop : impl->enc_loop };
            }
    }
    bench_run(cases, ncases, &opts);
    return 0;
}
