/*
 * alloc_amp.c - how much do the decoders allocate for an input of n bytes?
 *
 * Built with the runtime's ilpc_fuzz.c (included without libFuzzer's entry
 * point: its helpers), the type table ilpc generates for a set of specs, and with
 * malloc, calloc and realloc interposed (glibc: the program's definitions come
 * first, for the runtime and libcrypto too), counting every byte requested
 * while a decode or a receive runs.  Standard input: one input per line,
 * "Module.Type HEX".  For each input:
 *
 *   - T_decode on the bytes (the value filled with 0xa5 first): the bytes it
 *     requested;  a failed decode must leave the value zeroed, and T_free must
 *     leave a decoded value zeroed;
 *   - for a message type, the XDR framed and encrypted as a message or record
 *     of a cipher (none, chacha20, chacha20-poly1305, aes-128-gcm in turn) and
 *     given to the fused, tiled and layered receive (their scratch reserved
 *     beforehand: it is the caller's, allocated once per connection): the bytes
 *     each requested, against the message's length.
 *
 * Usage: alloc_amp A B < inputs.  Exit status 1 (with the worst inputs on
 * stderr) if any decode or receive of n bytes requested more than A * n + B
 * bytes, or a value was not left zeroed; the worst ratio per type is printed.
 */
#define ILPC_FUZZ_NO_ENTRY 1
#include "ilpc_fuzz.c"

#include <stdint.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t a, size_t b);
void *__libc_realloc(void *p, size_t n);
void __libc_free(void *p);

static int counting;
static size_t counted;

static void count(size_t n)
{
    if (counting)
        counted = counted > SIZE_MAX - n ? SIZE_MAX : counted + n;
}
void *malloc(size_t n)
{
    count(n);
    return __libc_malloc(n);
}
void *calloc(size_t a, size_t b)
{
    count(b != 0 && a > SIZE_MAX / b ? SIZE_MAX : a * b);
    return __libc_calloc(a, b);
}
void *realloc(void *p, size_t n)
{
    count(n);
    return __libc_realloc(p, n);
}
void free(void *p) { __libc_free(p); }

static double A, B;
static int bad, warming;

static void judge(const char *type, const char *what, size_t n, size_t bytes)
{
    if (!warming && (double)bytes > A * (double)n + B) {
        if (bad++ < 20)
            fprintf(stderr, "alloc_amp: %s, %s: %zu bytes of input, %zu bytes allocated\n", type, what, n, bytes);
    }
}

static const ilpc_cipher_id recv_ciphers[4] = {ILPC_CIPHER_NONE, ILPC_CIPHER_CHACHA20,
                                               ILPC_CIPHER_CHACHA20_POLY1305, ILPC_CIPHER_AES_128_GCM};

static void receive(const fuzz_type *t, const uint8_t *xdr, size_t n, unsigned which)
{
    ilpc_cipher c;
    ilpc_scratch sc = {NULL, 0};
    fuzz_ring r;
    size_t mlen;
    uint8_t *msg;
    void *v = malloc(t->value_size);
    ilpc_cipher_id id = recv_ciphers[which % 4];
    if (v == NULL || fuzz_cipher(&c, (unsigned)id) != 0) {
        free(v);
        return; /* aes-128-gcm without libcrypto */
    }
    mlen = ilpc_ilp_record_len(id, n);
    r.cap = mlen + 64;
    r.start = 0;
    r.seg = 1456;
    r.ring = malloc(r.cap);
    r.sums = calloc(ilpc_ilp_nsegs(mlen, r.seg) + 1, sizeof *r.sums);
    msg = malloc(mlen);
    if (r.ring && r.sums && msg && ilpc_scratch_reserve(&sc, mlen + ILPC_TILE_BYTES + 64) == ILPC_OK &&
        fuzz_send(t, -1, NULL, xdr, n, &c, 0, &r, &sc, msg, mlen) == ILPC_OK) {
        uint64_t hdr = ilpc_ilp_expect_sum(ilpc_csum(msg, mlen));
        for (int path = 0; path < 3; path++) {
            int rc, ok = 0;
            if (path == 0 && (unsigned)id >= ILPC_UNIT_CIPHER_COUNT)
                continue;
            if (ilpc_cipher_is_aead(id))
                c.u.ae.seq = 0;
            counted = 0;
            counting = 1;
            rc = path == 0   ? ilpc_msg_ilp_recv(t->x.msg, v, &c, 0, msg, mlen, hdr, &ok)
                 : path == 1 ? ilpc_msg_tiled_recv(t->x.msg, v, &c, 0, msg, mlen, hdr, &ok, &sc)
                             : ilpc_msg_layered_recv(t->x.msg, v, &c, 0, msg, mlen, hdr, &ok, &sc);
            counting = 0;
            judge(t->name, path == 0 ? "fused receive" : path == 1 ? "tiled receive" : "layered receive", mlen,
                  counted);
            if (rc == ILPC_OK)
                t->release(v);
            else if (!fuzz_is_zero(v, t->value_size)) {
                fprintf(stderr, "alloc_amp: %s: a failed receive leaves the value non-zero\n", t->name);
                bad++;
            }
        }
    }
    free(msg);
    free(r.ring);
    free(r.sums);
    free(v);
    ilpc_scratch_free(&sc);
    ilpc_cipher_free(&c);
}

static int hexval(int ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

int main(int argc, char **argv)
{
    static char line[1 << 20];
    static uint8_t in[1 << 19];
    double *worst = calloc(ilpc_type_count + 1, sizeof *worst); /* the worst ratio, per type */
    unsigned long inputs = 0;
    fuzz_type type;
    if (argc != 3) {
        fprintf(stderr, "usage: alloc_amp A B < inputs\n");
        return 64;
    }
    if (worst == NULL)
        return 70;
    A = atof(argv[1]);
    B = atof(argv[2]);
    /* libcrypto's first use loads its providers (half a MiB, once per process): not
     * the decoders' doing, so done before anything is counted */
    warming = 1;
    for (size_t i = 0; i < ilpc_type_count; i++)
        if (fuzz_type_at(i, &type) == 0 && type.x.msg != NULL) {
            for (unsigned k = 0; k < 4; k++)
                receive(&type, in, 8, k);
            break;
        }
    warming = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *sp = strchr(line, ' ');
        const fuzz_type *t = NULL;
        size_t n = 0, ti = 0;
        void *v;
        int rc;
        if (sp == NULL)
            continue;
        *sp = '\0';
        for (size_t i = 0; i < ilpc_type_count; i++)
            if (strcmp(ilpc_type_table[i].name, line) == 0 && fuzz_type_at(i, &type) == 0) {
                t = &type;
                ti = i;
            }
        if (t == NULL) {
            fprintf(stderr, "alloc_amp: unknown type %s\n", line);
            return 64;
        }
        for (char *h = sp + 1; hexval(h[0]) >= 0 && hexval(h[1]) >= 0 && n < sizeof in; h += 2)
            in[n++] = (uint8_t)(hexval(h[0]) << 4 | hexval(h[1]));
        v = malloc(t->value_size);
        memset(v, 0xa5, t->value_size);
        counted = 0;
        counting = 1;
        rc = t->x.decode(v, in, n);
        counting = 0;
        judge(t->name, "T_decode", n, counted);
        if (n > 0 && (double)counted / (double)n > worst[ti])
            worst[ti] = (double)counted / (double)n;
        if (rc == ILPC_OK)
            t->release(v);
        if (!fuzz_is_zero(v, t->value_size)) {
            fprintf(stderr, "alloc_amp: %s: %s leaves the value non-zero\n", t->name,
                    rc == ILPC_OK ? "T_free" : "a failed T_decode");
            bad++;
        }
        free(v);
        if (t->x.msg != NULL)
            receive(t, in, n, (unsigned)inputs);
        inputs++;
    }
    for (size_t i = 0; i < ilpc_type_count; i++)
        if (worst[i] > 0)
            printf("%s %.2f\n", ilpc_type_table[i].name, worst[i]);
    free(worst);
    fprintf(stderr, "alloc_amp: %lu inputs, %d over %g * n + %g\n", inputs, bad, A, B);
    return bad ? 1 : 0;
}
