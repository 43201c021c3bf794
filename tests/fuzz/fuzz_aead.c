/*
 * fuzz_aead.c - libFuzzer target: authenticated records (chacha20-poly1305,
 * aes-128-gcm) through every receive path.
 *
 * Built with the code ilpc generates for tests/fuzz/specs/FuzzRecord.asn1
 * (tests/fuzz/run.py).  Byte 0: the cipher, the type (Blob or Rec) and the
 * mode; byte 1: the record number (0, 1, or near 2^64 - 1, where the counter
 * runs out) and where the stream variant cuts the record in two.  Modes:
 *
 *   raw     the rest of the input is a record as received: every path (fused and
 *           its stream variant for chacha20-poly1305, tiled, layered) must give
 *           the same error code -- or deliver, which needs a forgery -- and leak
 *           nothing (LeakSanitizer);
 *   sealed  the rest is XDR (for Blob: the bytes of an OCTET STRING; for Rec,
 *           cut to whole words, as a record's XDR is); the
 *           target seals it as a record (the layered send's steps over the raw
 *           bytes, so malformed XDR under a good tag is reached too).  Every
 *           path must open it: deliver exactly when T_decode accepts the XDR,
 *           with a value that encodes to it, else give T_decode's error, or
 *           ILPC_E_MSGLEN for a length no value of the type has -- never
 *           ILPC_E_AUTH.  Then one byte of the record, chosen by the input,
 *           is changed: no path may deliver it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "FuzzRecord.h"
#include "FuzzRecord_ilp.h"
#include "ilpc_evp.h"

typedef struct {
    const char *name;
    const ilpc_msg_type *msg;
    size_t value_size;
    int (*decode)(void *v, const uint8_t *b, size_t n);
    int (*encode)(const void *v, uint8_t *b, size_t cap, size_t *n);
    void (*release)(void *v);
} rtype;

static int dec_blob(void *v, const uint8_t *b, size_t n) { return FuzzRecord_Blob_decode(v, b, n); }
static int enc_blob(const void *v, uint8_t *b, size_t cap, size_t *n) { return FuzzRecord_Blob_encode(v, b, cap, n); }
static void free_blob(void *v) { FuzzRecord_Blob_free(v); }
static int dec_rec(void *v, const uint8_t *b, size_t n) { return FuzzRecord_Rec_decode(v, b, n); }
static int enc_rec(const void *v, uint8_t *b, size_t cap, size_t *n) { return FuzzRecord_Rec_encode(v, b, cap, n); }
static void free_rec(void *v) { FuzzRecord_Rec_free(v); }

static const rtype types[2] = {
    {"FuzzRecord.Blob", &FuzzRecord_Blob_msg, sizeof(FuzzRecord_Blob), dec_blob, enc_blob, free_blob},
    {"FuzzRecord.Rec", &FuzzRecord_Rec_msg, sizeof(FuzzRecord_Rec), dec_rec, enc_rec, free_rec},
};

static void fail(const rtype *t, const char *path, const char *what, int rc)
{
    fprintf(stderr, "fuzz_aead: %s, %s: %s (%s)\n", t->name, path, what, ilpc_ilp_strerror(rc));
    abort();
}

static int is_zero(const void *v, size_t n)
{
    const uint8_t *p = (const uint8_t *)v;
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

static const char *const path_names[4] = {"fused", "stream", "tiled", "layered"};

/* Open rec[0..len) by every path; returns the common code.  xdr: what a
 * delivered value must encode to (NULL: nothing may be delivered). */
static int open_all(const rtype *t, ilpc_cipher *c, uint64_t seq, const uint8_t *rec, size_t len, unsigned cut,
                    const uint8_t *xdr, size_t xlen, int may_deliver)
{
    ilpc_scratch sc = {NULL, 0};
    void *v = malloc(t->value_size);
    int first = 1, rc0 = 0;
    if (v == NULL)
        abort();
    for (int path = 0; path < 4; path++) {
        int rc;
        if (path < 2 && (unsigned)c->id >= ILPC_UNIT_CIPHER_COUNT)
            continue;
        c->u.ae.seq = seq;
        memset(v, 0x5a, t->value_size);
        if (path == 0) {
            rc = ilpc_msg_ilp_recv(t->msg, v, c, 0, rec, len, 0, NULL);
        } else if (path == 1) {
            size_t k = (size_t)cut * len / 16u, used = 0, pn[2];
            uint8_t *a = malloc(k ? k : 1), *b = malloc(len - k ? len - k : 1);
            const uint8_t *p[2];
            if (a == NULL || b == NULL)
                abort();
            memcpy(a, rec, k);
            memcpy(b, rec + k, len - k);
            p[0] = a;
            p[1] = len - k ? b : NULL;
            pn[0] = k;
            pn[1] = len - k;
            rc = ilpc_msg_ilp_recv_spans(t->msg, v, c, 0, p, pn, &used);
            if (rc == ILPC_E_INCOMPLETE && used > len)
                rc = ILPC_E_MSGLEN; /* the whole input is there: it is one record, or not a record */
            else if (rc == ILPC_OK && used != len) {
                t->release(v);
                memset(v, 0, t->value_size);
                rc = ILPC_E_MSGLEN; /* a shorter record, then bytes after it */
            }
            free(a);
            free(b);
        } else if (path == 2) {
            rc = ilpc_msg_tiled_recv(t->msg, v, c, 0, rec, len, 0, NULL, &sc);
        } else {
            rc = ilpc_msg_layered_recv(t->msg, v, c, 0, rec, len, 0, NULL, &sc);
        }
        if (rc == ILPC_OK) {
            size_t n = 0;
            uint8_t *out;
            if (!may_deliver)
                fail(t, path_names[path], "delivered a record it should not have", rc);
            if (c->u.ae.seq != seq + 1)
                fail(t, path_names[path], "the record number did not move on by one", rc);
            out = malloc(xlen ? xlen : 1);
            if (out == NULL)
                abort();
            if (t->encode(v, out, xlen, &n) != ILPC_OK || n != xlen || (xlen && memcmp(out, xdr, xlen) != 0))
                fail(t, path_names[path], "the delivered value is not what was sealed", rc);
            free(out);
            t->release(v);
        } else {
            if (!is_zero(v, t->value_size))
                fail(t, path_names[path], "a failed receive leaves the value non-zero", rc);
            if (c->u.ae.seq != seq)
                fail(t, path_names[path], "a failed receive moved the record number", rc);
        }
        if (first) {
            rc0 = rc;
            first = 0;
        } else if (rc != rc0 && !(path == 1 && rc0 == ILPC_E_MSGLEN)) {
            fprintf(stderr, "fuzz_aead: %s: %s gives %s, the first path %s\n", t->name, path_names[path],
                    ilpc_ilp_strerror(rc), ilpc_ilp_strerror(rc0));
            abort();
        }
    }
    free(v);
    ilpc_scratch_free(&sc);
    return rc0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                    17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
    const rtype *t;
    ilpc_cipher c;
    ilpc_cipher_id id;
    uint64_t seq;
    unsigned b0, b1;
    const uint8_t *in;
    size_t n;

    if (size < 2)
        return 0;
    b0 = data[0];
    b1 = data[1];
    in = data + 2;
    n = size - 2;
    id = (b0 & 1u) ? ILPC_CIPHER_AES_128_GCM : ILPC_CIPHER_CHACHA20_POLY1305;
    t = &types[(b0 >> 1) & 1u];
    seq = (b1 & 3u) == 3u ? UINT64_MAX - (b1 >> 2 & 1u) : (uint64_t)(b1 & 3u);
    if (ilpc_cipher_init(&c, id, key, ilpc_cipher_default_keylen(id)) != 0)
        return 0; /* aes-128-gcm without libcrypto */
    if (!(b0 & 4u)) {
        (void)open_all(t, &c, seq, in, n, (b1 >> 3) & 15u, NULL, 0, 0);
    } else {
        /* sealed: the XDR (for Blob: an OCTET STRING of the input's bytes) as a record */
        size_t xlen = t == &types[0] ? 4 + ((n + 3) & ~(size_t)3) : n & ~(size_t)3, rlen = xlen + ILPC_AEAD_OVERHEAD;
        uint8_t *x = calloc(1, xlen ? xlen : 1), *buf = calloc(1, rlen), *ring = malloc(rlen);
        uint32_t *sums = calloc(ilpc_ilp_nsegs(rlen, 64) + 1, sizeof *sums);
        ilpc_tx_slot slot;
        int rc, rc_dec;
        void *v = malloc(t->value_size);
        if (x == NULL || buf == NULL || ring == NULL || v == NULL || sums == NULL)
            abort();
        if (t == &types[0]) {
            x[0] = (uint8_t)(n >> 24), x[1] = (uint8_t)(n >> 16), x[2] = (uint8_t)(n >> 8), x[3] = (uint8_t)n;
            memcpy(x + 4, in, n);
        } else if (xlen) {
            memcpy(x, in, xlen); /* a record's XDR is whole words */
        }
        rc_dec = t->decode(v, x, xlen);
        if (rc_dec == ILPC_OK)
            t->release(v);
        memcpy(buf + 4, x, xlen);
        c.u.ae.seq = seq;
        rc = ilpc_ilp_slot_init(&slot, ring, rlen, 0, rlen, 64, sums);
        if (rc == ILPC_OK)
            rc = ilpc_layered_seal_record(&c, buf, xlen, &slot);
        if (rc == ILPC_OK) {
            int rc_open = open_all(t, &c, seq, ring, rlen, (b1 >> 3) & 15u, x, xlen, rc_dec == ILPC_OK);
            if ((rc_open == ILPC_OK) != (rc_dec == ILPC_OK) || rc_open == ILPC_E_AUTH ||
                (rc_open != rc_dec && rc_open != ILPC_E_MSGLEN))
                fail(t, "every path", "opening a sealed record is not T_decode's verdict", rc_open);
            if (rlen > 0 && n > 0) {
                size_t at = ((size_t)in[0] << 8 | in[n - 1]) % rlen;
                ring[at] ^= (uint8_t)(1u + (b1 >> 2) % 255u);
                (void)open_all(t, &c, seq, ring, rlen, (b1 >> 3) & 15u, NULL, 0, 0);
            }
        } else if (!(rc == ILPC_E_NONCE && seq == UINT64_MAX)) {
            fail(t, "seal", "a record could not be sealed", rc);
        }
        free(x);
        free(buf);
        free(ring);
        free(sums);
        free(v);
    }
    ilpc_cipher_free(&c);
    return 0;
}
