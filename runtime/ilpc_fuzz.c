/*
 * ilpc_fuzz.c - a libFuzzer target for the generated stubs (ilpc's docs/fuzzing.md).
 * Part of the ilpc runtime, the same for every spec: the types it runs are those of the
 * table that ilpc generates (type_table.c, ilpc_table.h), in their XDR encoding.
 *
 *   make fuzz                                    builds ./ilpc-fuzz (clang, libFuzzer, ASan, UBSan)
 *   ./ilpc-fuzz -max_len=4096 -malloc_limit_mb=32 CORPUS_DIR
 *   ./ilpc-fuzz crash-...                        replays one input
 *
 * Input: byte 0 picks the type (its index in ilpc_type_table, modulo ilpc_type_count);
 * byte 1 the cipher (its id, modulo ILPC_CIPHER_COUNT: ilpc_cipher.h lists them);
 * byte 2 the stream offset, the ring position and the segment size of the
 * message; the rest is the XDR.  For every input:
 *
 *   - T_decode either fails, leaving the value zeroed, or succeeds, holding at
 *     most ILPC_FUZZ_ALLOC_FACTOR bytes per input byte (ASan builds); then T_size
 *     is the input's length, T_encode gives the input back byte for byte (the
 *     decoding is canonical) and fails with ILPC_E_SHORT_BUFFER one byte short,
 *     and T_free leaves the value zeroed;
 *   - for a message type (one with ILP paths), the XDR is framed and encrypted
 *     as a message of the cipher (the layered send's steps, over the raw bytes,
 *     so that malformed XDR reaches the decoders) and given, with a header sum
 *     that makes its TCP checksum verify, to the fused receive, its stream
 *     variant over two spans, the tiled and the layered receive (aes-128-gcm:
 *     tiled and layered only).  They must all return the same code, succeed
 *     exactly when T_decode does, leave the value zeroed when they fail and
 *     deliver a value that encodes to the input when they succeed;
 *   - when the value decoded, the fused, tiled and layered send paths must
 *     produce that same message, with segment sums that match its bytes;
 *   - when the stubs have the BER family's codecs (ilpc --encoding ber), the same
 *     bytes go to T_decode_ber, T_decode_cer and T_decode_der: each fails leaving the
 *     value zeroed or succeeds within the allocation bound; every value decoded
 *     encodes in CER, which T_decode_cer takes back to a value of the same DER; DER and
 *     CER are differential (the value re-encodes in its rule set to the input byte for
 *     byte, T_size_der/T_size_cer its length -- unless unknown extension additions were
 *     skipped: then shorter), BER values re-encode in DER, which T_decode_der takes back
 *     to the same bytes; each decodes into an arena (T_decode_ber_arena) to the same
 *     verdict and value, or ILPC_E_NOMEM when the arena is small and fixed;
 *   - for a message type in the BER family, the same bytes framed as a DER message
 *     of the cipher (ilpc_ber_msg.h) go to its receive paths, which must give
 *     T_decode_der's verdict (the stream variant with cipher none reads the first TLV
 *     and leaves what follows for the next message); a value decoded is sent by the
 *     fused, tiled and layered send as the framing of its DER, with matching sums.
 *
 * A contradiction aborts with a one-line reason, so that libFuzzer keeps the
 * input.  Define ILPC_FUZZ_ENCODING as ILPC_ENCODING_BER, _CER or _DER for a target of
 * one encoding's decoders only (its checks above; the XDR ones and, but for DER, the
 * message paths are left out), so that fuzzing time is spent on that encoding alone.
 * Define ILPC_FUZZ_NO_ENTRY to include this file in another program
 * without libFuzzer's entry point (the helpers and ilpc_fuzz_one stay
 * available: ilpc's allocation test does that).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ilpc_arena.h"
#include "ilpc_evp.h"
#include "ilpc_table.h"

/* What a successful decode holds, against its input: at most ILPC_FUZZ_ALLOC_FACTOR bytes
 * per input byte plus ILPC_FUZZ_ALLOC_SLACK (ilpc's docs/mapping.md, Memory: the factor a
 * spec needs is the largest ratio of an element's C size to its smallest encoding; 0
 * turns the check off).  Measured with ASan's allocator, so only in ASan builds. */
#ifndef ILPC_FUZZ_ALLOC_FACTOR
#define ILPC_FUZZ_ALLOC_FACTOR 16
#endif
#ifndef ILPC_FUZZ_ALLOC_SLACK
#define ILPC_FUZZ_ALLOC_SLACK 8192
#endif
#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif
#ifdef FUZZ_ASAN
size_t __sanitizer_get_current_allocated_bytes(void); /* <sanitizer/allocator_interface.h> */
#define FUZZ_LIVE_BYTES() __sanitizer_get_current_allocated_bytes()
#endif
#ifndef FUZZ_LIVE_BYTES
#define FUZZ_LIVE_BYTES() ((size_t)0)
#endif

/* A type of the table and its codec in the encoding fuzzed (XDR: the only one yet); x.msg
 * is its ILP paths, NULL when it is not a message type. */
#define FUZZ_ENCODING ILPC_ENCODING_XDR
typedef struct fuzz_type {
    const char *name;
    size_t value_size;
    void (*release)(void *v);
    ilpc_codec x;
} fuzz_type;

#ifndef ILPC_FUZZ_ENCODING /* the XDR checks */
/* Row i of the table, in the encoding fuzzed.  0, or -1 if the type has no codec in it. */
static int fuzz_type_at(size_t i, fuzz_type *t)
{
    const ilpc_type *row = &ilpc_type_table[i];
    const ilpc_codec *x = ilpc_type_codec(row, FUZZ_ENCODING);
    if (x == NULL)
        return -1;
    t->name = row->name;
    t->value_size = row->value_size;
    t->release = row->release;
    t->x = *x;
    return 0;
}
#endif

/* The generated code contradicting itself: say what, and abort (libFuzzer keeps the input). */
static void fuzz_fail(const fuzz_type *t, const char *what, int rc)
{
    fprintf(stderr, "ilpc-fuzz: %s: %s (%s)\n", t->name, what, ilpc_ilp_strerror(rc));
    abort();
}
#define FUZZ_CHECK(t, cond, what, rc) ((cond) ? (void)0 : fuzz_fail(t, what, rc))

static int fuzz_is_zero(const void *v, size_t n)
{
    const uint8_t *p = (const uint8_t *)v;
    for (size_t i = 0; i < n; i++)
        if (p[i] != 0)
            return 0;
    return 1;
}

/* v, just decoded from xdr[0..n): its size, its encoding, then freed. */
static void fuzz_check_value(const fuzz_type *t, void *v, const uint8_t *xdr, size_t n)
{
    size_t len = 0;
    uint8_t *buf = (uint8_t *)malloc(n ? n : 1);
    int rc;
    FUZZ_CHECK(t, buf != NULL, "out of memory", ILPC_E_NOMEM);
    FUZZ_CHECK(t, t->x.size(v) == n, "T_size is not the length of the encoding decoded", ILPC_OK);
    rc = t->x.encode(v, buf, n, &len);
    FUZZ_CHECK(t, rc == ILPC_OK && len == n, "T_encode fails on a decoded value", rc);
    FUZZ_CHECK(t, memcmp(buf, xdr, n) == 0, "T_encode does not give back the bytes decoded", rc);
    if (n > 0) {
        rc = t->x.encode(v, buf, n - 1, &len);
        FUZZ_CHECK(t, rc == ILPC_E_SHORT_BUFFER, "T_encode into a buffer one byte short", rc);
    }
    free(buf);
    t->release(v);
    FUZZ_CHECK(t, fuzz_is_zero(v, t->value_size), "T_free leaves the value non-zero", ILPC_OK);
}

/* The cipher of byte 1, keyed with a fixed key (not all zero: xor would be the
 * identity).  0, or -1 when this build cannot run it (aes-128-gcm without
 * libcrypto). */
static int fuzz_cipher(ilpc_cipher *c, unsigned sel)
{
    uint8_t key[ILPC_CIPHER_MAX_KEYLEN];
    ilpc_cipher_id id = (ilpc_cipher_id)(sel % ILPC_CIPHER_COUNT);
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(0x5a + 17 * i);
    return ilpc_cipher_init(c, id, key, ilpc_cipher_default_keylen(id));
}

typedef struct fuzz_ring {
    uint8_t *ring;
    size_t cap, start, seg;
    uint32_t *sums;
} fuzz_ring;

static const char *const fuzz_path_names[] = {"fused receive", "stream receive", "tiled receive", "layered receive"};

#ifndef ILPC_FUZZ_ENCODING /* the XDR checks */
/* The message in ring r sent by path (0 fused, 1 tiled, 2 layered; -1: the
 * layered send's steps over the raw XDR, with v NULL) into out.  ILPC_OK or an error. */
static int fuzz_send(const fuzz_type *t, int path, const void *v, const uint8_t *xdr, size_t n, ilpc_cipher *c,
                     uint64_t off, fuzz_ring *r, ilpc_scratch *sc, uint8_t *out, size_t mlen)
{
    ilpc_tx_slot slot;
    int rc = ilpc_ilp_slot_init(&slot, r->ring, r->cap, r->start, mlen, r->seg, r->sums);
    if (ilpc_cipher_is_aead(c->id))
        c->u.ae.seq = 0;
    if (rc != ILPC_OK)
        return rc;
    if (path < 0) {
        if ((rc = ilpc_scratch_reserve(sc, mlen)) != ILPC_OK)
            return rc;
        memset(sc->buf, 0, mlen);
        if (n != 0)
            memcpy(sc->buf + 4, xdr, n);
        rc = ilpc_cipher_is_aead(c->id) ? ilpc_layered_seal_record(c, sc->buf, n, &slot)
                                        : ilpc_layered_seal(c, off, sc->buf, n, &slot);
    } else if (path == 0) {
        rc = ilpc_msg_ilp_send(t->x.msg, v, c, off, &slot);
    } else if (path == 1) {
        rc = ilpc_msg_tiled_send(t->x.msg, v, c, off, &slot, sc);
    } else {
        rc = ilpc_msg_layered_send(t->x.msg, v, c, off, &slot, sc);
    }
    if (rc != ILPC_OK)
        return rc;
    ilpc_ilp_slot_read(&slot, out);
    FUZZ_CHECK(t, ilpc_ilp_slot_sum(&slot) == ilpc_csum(out, mlen), "segment sums disagree with the bytes", path);
    return ILPC_OK;
}


/* The receive paths over msg; rc_dec: T_decode's result on the same XDR. */
static void fuzz_receive(const fuzz_type *t, ilpc_cipher *c, uint64_t off, const uint8_t *msg, size_t mlen,
                         unsigned split, const uint8_t *xdr, size_t n, int rc_dec, ilpc_scratch *sc)
{
    uint64_t hdr_sum = ilpc_ilp_expect_sum(ilpc_csum(msg, mlen));
    void *v = malloc(t->value_size);
    int first = 1, rc0 = ILPC_OK;
    FUZZ_CHECK(t, v != NULL, "out of memory", ILPC_E_NOMEM);
    for (int path = 0; path < 4; path++) {
        int rc, csum_ok = -1;
        if (path < 2 && (unsigned)c->id >= ILPC_UNIT_CIPHER_COUNT)
            continue; /* no fused path for this cipher */
        if (ilpc_cipher_is_aead(c->id))
            c->u.ae.seq = 0;
        memset(v, 0xa5, t->value_size); /* whatever was there: a receive starts from scratch */
        if (path == 0) {
            rc = ilpc_msg_ilp_recv(t->x.msg, v, c, off, msg, mlen, hdr_sum, &csum_ok);
        } else if (path == 1) {
            /* two separate allocations, cut where byte 2 says */
            size_t k = (size_t)split * mlen / 16u, used = 0;
            uint8_t *a = (uint8_t *)malloc(k ? k : 1), *b = (uint8_t *)malloc(mlen - k ? mlen - k : 1);
            const uint8_t *p[2];
            size_t pn[2] = {k, mlen - k};
            FUZZ_CHECK(t, a != NULL && b != NULL, "out of memory", ILPC_E_NOMEM);
            memcpy(a, msg, k);
            memcpy(b, msg + k, mlen - k);
            p[0] = a;
            p[1] = mlen - k ? b : NULL;
            rc = ilpc_msg_ilp_recv_spans(t->x.msg, v, c, off, p, pn, &used);
            FUZZ_CHECK(t, rc != ILPC_OK || used == mlen, "stream receive used another length", rc);
            free(a);
            free(b);
            csum_ok = 1;
        } else if (path == 2) {
            rc = ilpc_msg_tiled_recv(t->x.msg, v, c, off, msg, mlen, hdr_sum, &csum_ok, sc);
        } else {
            rc = ilpc_msg_layered_recv(t->x.msg, v, c, off, msg, mlen, hdr_sum, &csum_ok, sc);
        }
        if (rc == ILPC_E_NOMEM)
            break; /* not the decoder's verdict: compare nothing */
        FUZZ_CHECK(t, rc != ILPC_E_CHECKSUM && csum_ok == 1, fuzz_path_names[path], rc);
        if (first) {
            rc0 = rc;
            first = 0;
            FUZZ_CHECK(t, (rc == ILPC_OK) == (rc_dec == ILPC_OK), "the receive and T_decode disagree", rc);
        }
        if (rc != rc0) {
            fprintf(stderr, "ilpc-fuzz: %s: %s: %s, the first path: %s\n", t->name, fuzz_path_names[path],
                    ilpc_ilp_strerror(rc), ilpc_ilp_strerror(rc0));
            abort();
        }
        if (rc == ILPC_OK)
            fuzz_check_value(t, v, xdr, n);
        else
            FUZZ_CHECK(t, fuzz_is_zero(v, t->value_size), "a failed receive leaves the value non-zero", rc);
    }
    free(v);
}
#endif

/* v's encoding by codec x, in a new buffer of *len octets (the caller frees it); WHAT: the
 * reason given when the encoder fails. */
static uint8_t *fuzz_encode(const fuzz_type *t, const ilpc_codec *x, const void *v, size_t *len, const char *what)
{
    size_t cap = x->size(v);
    uint8_t *out = malloc(cap ? cap : 1);
    FUZZ_CHECK(t, out != NULL, "out of memory", ILPC_E_NOMEM);
    int rc = x->encode(v, out, cap, len);
    FUZZ_CHECK(t, rc == ILPC_OK && *len == cap, what, rc);
    return out;
}

/* x's decode into arenas, against its decode with malloc (rc; d[0..dlen): the value's
 * DER when it decoded): an arena that may grow gives the same verdict and value; a small
 * fixed one the same or ILPC_E_NOMEM; a failure leaves the value zeroed and the arena
 * as it was. */
static void fuzz_ber_arena(const fuzz_type *t, const ilpc_type *row, const ilpc_codec *x, const ilpc_codec *der,
                           const uint8_t *in, size_t n, int rc, const uint8_t *d, size_t dlen)
{
    _Alignas(16) static uint8_t block[512];
    for (int grow = 0; grow < 2; grow++) {
        ilpc_arena a;
        ilpc_arena_init(&a, block, sizeof block, grow);
        ilpc_arena_alloc(&a, 8, 1);              /* a failed decode must not drop this */
        ilpc_arena_mark before = ilpc_arena_save(&a);
        void *v = malloc(row->value_size);
        FUZZ_CHECK(t, v != NULL, "out of memory", ILPC_E_NOMEM);
        memset(v, 0xa5, row->value_size);
        int ra = x->decode_arena(v, in, n, &a);
        if (ra != ILPC_OK) {
            FUZZ_CHECK(t, ra == rc || (!grow && ra == ILPC_E_NOMEM),
                       "the decode into an arena and the decode disagree", ra);
            FUZZ_CHECK(t, fuzz_is_zero(v, row->value_size), "a failed decode into an arena leaves the value non-zero", ra);
            FUZZ_CHECK(t, a.p == before.p && a.blocks == before.blocks, "a failed decode does not roll its arena back", ra);
        } else {
            FUZZ_CHECK(t, rc == ILPC_OK, "the decode into an arena takes what the decode refuses", rc);
            size_t alen = 0;
            uint8_t *ad = fuzz_encode(t, der, v, &alen, "T_encode_der fails on a value decoded into an arena");
            FUZZ_CHECK(t, alen == dlen && memcmp(ad, d, dlen) == 0, "the decode into an arena gives another value", ra);
            free(ad);
        }
        free(v);
        ilpc_arena_release(&a);
    }
}

/* The BER family's decoders of row on in[0..n) (see the top of the file). */
static void fuzz_ber(const ilpc_type *row, const uint8_t *in, size_t n)
{
    static const ilpc_encoding encs[] = {ILPC_ENCODING_BER, ILPC_ENCODING_CER, ILPC_ENCODING_DER};
    const ilpc_codec *der = ilpc_type_codec(row, ILPC_ENCODING_DER), *cer = ilpc_type_codec(row, ILPC_ENCODING_CER);
    if (der == NULL || cer == NULL)
        return;
    fuzz_type ft = {row->name, row->value_size, row->release, *der}, *t = &ft;
    for (size_t e = 0; e < sizeof encs / sizeof encs[0]; e++) {
        const ilpc_codec *x = ilpc_type_codec(row, encs[e]);
#ifdef ILPC_FUZZ_ENCODING
        if (encs[e] != ILPC_FUZZ_ENCODING)
            continue;
#endif
        if (x == NULL)
            continue;
        void *v = malloc(row->value_size);
        FUZZ_CHECK(t, v != NULL, "out of memory", ILPC_E_NOMEM);
        memset(v, 0xa5, row->value_size);
        size_t live = FUZZ_LIVE_BYTES();
        int rc = x->decode(v, in, n);
        live = FUZZ_LIVE_BYTES() - live;
        if (rc != ILPC_OK) {
            if (rc != ILPC_E_NOMEM)
                FUZZ_CHECK(t, fuzz_is_zero(v, row->value_size), "a failed BER-family decode leaves the value non-zero", rc);
            free(v);
            if (rc != ILPC_E_NOMEM)
                fuzz_ber_arena(t, row, x, der, in, n, rc, NULL, 0);
            continue;
        }
        if (ILPC_FUZZ_ALLOC_FACTOR > 0)
            FUZZ_CHECK(t, live <= (size_t)ILPC_FUZZ_ALLOC_FACTOR * n + ILPC_FUZZ_ALLOC_SLACK,
                       "a BER-family value holds more than ILPC_FUZZ_ALLOC_FACTOR bytes per input byte", rc);
        /* the value in CER: T_decode_cer takes it back to a value of the same DER */
        size_t dlen = 0, clen = 0;
        uint8_t *d = fuzz_encode(t, der, v, &dlen, "T_encode_der fails on a value a BER-family decoder gave");
        uint8_t *c = fuzz_encode(t, cer, v, &clen, "T_encode_cer fails on a value a BER-family decoder gave");
        fuzz_ber_arena(t, row, x, der, in, n, rc, d, dlen);
        void *w = malloc(row->value_size);
        FUZZ_CHECK(t, w != NULL, "out of memory", ILPC_E_NOMEM);
        rc = cer->decode(w, c, clen);
        FUZZ_CHECK(t, rc == ILPC_OK, "T_decode_cer refuses what T_encode_cer wrote", rc);
        size_t wlen = 0;
        uint8_t *wd = fuzz_encode(t, der, w, &wlen, "T_encode_der fails on a value T_decode_cer gave");
        FUZZ_CHECK(t, wlen == dlen && memcmp(wd, d, dlen) == 0, "a value through CER is not the same value", ILPC_OK);
        row->release(w);
        free(w);
        free(wd);
        free(c);
        /* DER and CER are canonical: the same bytes back, unless unknown extension
         * additions were skipped (X.690 / X.680 52: every rule set skips them), when the
         * re-encoding is shorter; a BER value re-encodes in DER, which T_decode_der
         * takes back to the same bytes */
        const ilpc_codec *canon = encs[e] == ILPC_ENCODING_BER ? NULL : x;
        if (canon != NULL && canon->size(v) == n) {
            fuzz_type ct = {row->name, row->value_size, row->release, *canon};
            fuzz_check_value(&ct, v, in, n);
        } else {
            FUZZ_CHECK(t, canon == NULL || canon->size(v) < n,
                       "a value decoded in a canonical rule set re-encodes longer than the input", ILPC_OK);
            row->release(v);
            memset(v, 0xa5, row->value_size);
            rc = der->decode(v, d, dlen);
            FUZZ_CHECK(t, rc == ILPC_OK, "T_decode_der refuses what T_encode_der wrote", rc);
            fuzz_check_value(t, v, d, dlen);
        }
        free(d);
        free(v);
    }
}

/* The message of the BER family's framing (ilpc_ber_msg.h) over the raw bytes enc[0..n),
 * malformed or not, made as a layered send makes it, in ring r and copied to out
 * (mlen bytes: fuzz_ber_msg_len). */
static size_t fuzz_ber_msg_len(ilpc_cipher_id id, size_t n)
{
    return id == ILPC_CIPHER_NONE ? n : ilpc_ilp_record_len(id, n);
}

static int fuzz_ber_frame(ilpc_cipher *c, uint64_t off, const uint8_t *enc, size_t n, fuzz_ring *r,
                          ilpc_scratch *sc, uint8_t *out, size_t mlen)
{
    ilpc_tx_slot slot;
    int rc = ilpc_ilp_slot_init(&slot, r->ring, r->cap, r->start, mlen, r->seg, r->sums);
    if (rc == ILPC_OK)
        rc = ilpc_scratch_reserve(sc, mlen);
    if (rc != ILPC_OK)
        return rc;
    if (c->id == ILPC_CIPHER_NONE) {
        ilpc_ilp_slot_store(enc, &slot);
    } else if (ilpc_cipher_is_aead(c->id)) {
        c->u.ae.seq = 0;
        memcpy(sc->buf + 4, enc, n);
        if ((rc = ilpc_layered_seal_record(c, sc->buf, n, &slot)) != ILPC_OK)
            return rc;
    } else {
        ilpc_put32(sc->buf, (uint32_t)n);
        memset(sc->buf + 4, 0, mlen - 4 - n); /* the padding precedes the encoding */
        memcpy(sc->buf + (mlen - n), enc, n);
        ilpc_cipher_encrypt(c, sc->buf, sc->buf, mlen, off);
        ilpc_ilp_slot_store(sc->buf, &slot);
    }
    ilpc_ilp_slot_read(&slot, out);
    return ILPC_OK;
}

/* The message paths of row's DER messages on in[0..n) framed for cipher c: every receive
 * path gives T_decode_der's verdict (the stream variant, with cipher none, reads the
 * first TLV only: whatever follows it is the next message), and a value decoded is sent
 * by every send path as the framing of its DER. */
static void fuzz_ber_msg(const ilpc_type *row, ilpc_cipher *c, unsigned var, const uint8_t *in, size_t n)
{
    const ilpc_codec *der = ilpc_type_codec(row, ILPC_ENCODING_DER);
    if (der == NULL || der->msg == NULL || n == 0 || n > UINT32_MAX - 32u)
        return;
    fuzz_type ft = {row->name, row->value_size, row->release, *der}, *t = &ft;
    const ilpc_msg_type *m = der->msg;
    int gcm = (unsigned)c->id >= ILPC_UNIT_CIPHER_COUNT;
    uint64_t off = (uint64_t)(var & 7u) * 8u;
    size_t mlen = fuzz_ber_msg_len(c->id, n), dlen = 0;
    ilpc_scratch sc = {NULL, 0};
    fuzz_ring r = {NULL, mlen + 64, 0, 8u * (1u + (var >> 4)), NULL};
    r.start = (var * 37u) % r.cap;
    r.ring = (uint8_t *)malloc(r.cap);
    r.sums = (uint32_t *)calloc(ilpc_ilp_nsegs(mlen, r.seg) + 1, sizeof *r.sums);
    uint8_t *msg = (uint8_t *)malloc(mlen), *d = NULL, *expect = NULL;
    void *v = malloc(row->value_size);
    FUZZ_CHECK(t, r.ring != NULL && r.sums != NULL && msg != NULL && v != NULL, "out of memory", ILPC_E_NOMEM);
    int rc_dec = der->decode(v, in, n);
    if (rc_dec == ILPC_OK)
        d = fuzz_encode(t, der, v, &dlen, "T_encode_der fails on a value T_decode_der gave");
    row->release(v);
    if (rc_dec == ILPC_E_NOMEM || fuzz_ber_frame(c, off, in, n, &r, &sc, msg, mlen) != ILPC_OK)
        goto out;
    uint64_t hdr_sum = ilpc_ilp_expect_sum(ilpc_csum(msg, mlen));
    for (int path = gcm ? 2 : 0; path < 4; path++) {
        int rc, csum_ok = 1;
        if (ilpc_cipher_is_aead(c->id))
            c->u.ae.seq = 0;
        memset(v, 0xa5, row->value_size);
        if (path == 0) {
            rc = ilpc_msg_ilp_recv(m, v, c, off, msg, mlen, hdr_sum, &csum_ok);
        } else if (path == 1) {
            size_t k = (size_t)((var >> 3) & 15u) * mlen / 16u, used = 0;
            const uint8_t *p[2] = {msg, k < mlen ? msg + k : NULL};
            size_t pn[2] = {k, mlen - k};
            rc = ilpc_msg_ilp_recv_spans(m, v, c, off, p, pn, &used);
            if (c->id == ILPC_CIPHER_NONE && rc == ILPC_OK) {
                FUZZ_CHECK(t, used <= n, "stream receive used more than there is", rc);
                if (used < n) { /* one TLV, then another message: the decoder's verdict on it */
                    row->release(v);
                    int rc1 = der->decode(v, in, used);
                    FUZZ_CHECK(t, rc1 == ILPC_OK, "stream receive takes a TLV T_decode_der refuses", rc1);
                    row->release(v);
                    continue;
                }
            }
            if (c->id == ILPC_CIPHER_NONE && rc != rc_dec && rc_dec != ILPC_OK) {
                row->release(v); /* a bad TLV header is found before the decoder runs */
                continue;
            }
            FUZZ_CHECK(t, rc != ILPC_OK || used == mlen, "stream receive used another length", rc);
        } else if (path == 2) {
            rc = ilpc_msg_tiled_recv(m, v, c, off, msg, mlen, hdr_sum, &csum_ok, &sc);
        } else {
            rc = ilpc_msg_layered_recv(m, v, c, off, msg, mlen, hdr_sum, &csum_ok, &sc);
        }
        if (rc == ILPC_E_NOMEM)
            break;
        FUZZ_CHECK(t, rc != ILPC_E_CHECKSUM && csum_ok == 1, fuzz_path_names[path], rc);
        if (rc != rc_dec) {
            fprintf(stderr, "ilpc-fuzz: %s: DER message, %s: %s, T_decode_der: %s\n", row->name,
                    fuzz_path_names[path], ilpc_ilp_strerror(rc), ilpc_ilp_strerror(rc_dec));
            abort();
        }
        if (rc != ILPC_OK)
            FUZZ_CHECK(t, fuzz_is_zero(v, row->value_size), "a failed DER receive leaves the value non-zero", rc);
        row->release(v);
    }
    if (rc_dec == ILPC_OK) {
        /* the send paths: the framing of the value's DER */
        size_t elen = fuzz_ber_msg_len(c->id, dlen);
        expect = (uint8_t *)malloc(elen);
        uint8_t *got = (uint8_t *)malloc(elen);
        FUZZ_CHECK(t, expect != NULL && got != NULL, "out of memory", ILPC_E_NOMEM);
        FUZZ_CHECK(t, der->decode(v, in, n) == ILPC_OK, "T_decode_der succeeds once only", ILPC_OK);
        FUZZ_CHECK(t, ilpc_msg_len(m, v, c->id) == elen, "T_msg_len_der", ILPC_OK);
        if (elen <= r.cap && fuzz_ber_frame(c, off, d, dlen, &r, &sc, expect, elen) == ILPC_OK) {
            for (int path = gcm ? 1 : 0; path < 3; path++) {
                ilpc_tx_slot slot;
                int rc = ilpc_ilp_slot_init(&slot, r.ring, r.cap, r.start, elen, r.seg, r.sums);
                if (ilpc_cipher_is_aead(c->id))
                    c->u.ae.seq = 0;
                if (rc == ILPC_OK)
                    rc = path == 0 ? ilpc_msg_ilp_send(m, v, c, off, &slot)
                         : path == 1 ? ilpc_msg_tiled_send(m, v, c, off, &slot, &sc)
                                     : ilpc_msg_layered_send(m, v, c, off, &slot, &sc);
                FUZZ_CHECK(t, rc == ILPC_OK, "a DER send path fails", rc);
                ilpc_ilp_slot_read(&slot, got);
                FUZZ_CHECK(t, memcmp(got, expect, elen) == 0, "a DER send path gives other bytes", path);
                FUZZ_CHECK(t, ilpc_ilp_slot_sum(&slot) == ilpc_csum(got, elen), "DER segment sums disagree", path);
            }
        }
        free(got);
        row->release(v);
    }
out:
    free(v);
    free(msg);
    free(d);
    free(expect);
    free(r.ring);
    free(r.sums);
    ilpc_scratch_free(&sc);
}

/* One input (see the top of the file).  Returns 0. */
int ilpc_fuzz_one(const uint8_t *data, size_t size);
#ifdef ILPC_FUZZ_ENCODING
int ilpc_fuzz_one(const uint8_t *data, size_t size)
{
    const ilpc_type *row;
    ilpc_cipher c;
    if (ilpc_type_count == 0 || size < 3)
        return 0;
    row = &ilpc_type_table[data[0] % ilpc_type_count];
    fuzz_ber(row, data + 3, size - 3);
    if (ILPC_FUZZ_ENCODING == ILPC_ENCODING_DER && fuzz_cipher(&c, data[1]) == 0) {
        fuzz_ber_msg(row, &c, data[2], data + 3, size - 3);
        ilpc_cipher_free(&c);
    }
    return 0;
}
#else
int ilpc_fuzz_one(const uint8_t *data, size_t size)
{
    fuzz_type type, *t = &type;
    const uint8_t *xdr;
    size_t n, mlen, live;
    unsigned var;
    uint64_t off;
    void *v;
    ilpc_cipher c;
    ilpc_scratch sc = {NULL, 0};
    fuzz_ring r;
    uint8_t *msg = NULL, *again = NULL;
    int rc_dec;

    if (ilpc_type_count == 0 || size < 3 || fuzz_type_at(data[0] % ilpc_type_count, t) != 0)
        return 0;
    var = data[2];
    xdr = data + 3;
    n = size - 3;

    v = malloc(t->value_size);
    FUZZ_CHECK(t, v != NULL, "out of memory", ILPC_E_NOMEM);
    memset(v, 0xa5, t->value_size); /* T_decode must not rely on a zeroed value */
    live = FUZZ_LIVE_BYTES();
    rc_dec = t->x.decode(v, xdr, n);
    live = FUZZ_LIVE_BYTES() - live;
    if (rc_dec == ILPC_OK && ILPC_FUZZ_ALLOC_FACTOR > 0)
        FUZZ_CHECK(t, live <= (size_t)ILPC_FUZZ_ALLOC_FACTOR * n + ILPC_FUZZ_ALLOC_SLACK,
                   "the decoded value holds more than ILPC_FUZZ_ALLOC_FACTOR bytes per input byte", rc_dec);
    if (rc_dec == ILPC_OK)
        fuzz_check_value(t, v, xdr, n);
    else if (rc_dec != ILPC_E_NOMEM)
        FUZZ_CHECK(t, fuzz_is_zero(v, t->value_size), "a failed T_decode leaves the value non-zero", rc_dec);
    fuzz_ber(&ilpc_type_table[data[0] % ilpc_type_count], xdr, n);
    if (fuzz_cipher(&c, data[1]) == 0) {
        fuzz_ber_msg(&ilpc_type_table[data[0] % ilpc_type_count], &c, var, xdr, n);
        ilpc_cipher_free(&c);
    }
    if (t->x.msg == NULL || rc_dec == ILPC_E_NOMEM || fuzz_cipher(&c, data[1]) != 0) {
        free(v);
        return 0;
    }

    /* the message: the ring's position and the segments' size from byte 2 */
    off = (uint64_t)(var & 7u) * 8u;
    mlen = ilpc_ilp_record_len(c.id, n);
    r.cap = mlen + 64;
    r.start = (var * 37u) % r.cap;
    r.seg = 8u * (1u + (var >> 4));
    r.ring = (uint8_t *)malloc(r.cap);
    r.sums = (uint32_t *)calloc(ilpc_ilp_nsegs(mlen, r.seg) + 1, sizeof *r.sums);
    msg = (uint8_t *)malloc(mlen);
    again = (uint8_t *)malloc(mlen);
    FUZZ_CHECK(t, r.ring != NULL && r.sums != NULL && msg != NULL && again != NULL, "out of memory", ILPC_E_NOMEM);
    memset(r.ring, 0xa5, r.cap);
    if (n <= UINT32_MAX - 32u && fuzz_send(t, -1, NULL, xdr, n, &c, off, &r, &sc, msg, mlen) == ILPC_OK) {
        fuzz_receive(t, &c, off, msg, mlen, (var >> 3) & 15u, xdr, n, rc_dec, &sc);
        if (rc_dec == ILPC_OK) {
            /* the send paths, from the decoded value: the same message */
            FUZZ_CHECK(t, t->x.decode(v, xdr, n) == ILPC_OK, "T_decode succeeds once only", ILPC_OK);
            FUZZ_CHECK(t, ilpc_msg_len(t->x.msg, v, c.id) == mlen, "T_msg_len", ILPC_OK);
            for (int path = (unsigned)c.id < ILPC_UNIT_CIPHER_COUNT ? 0 : 1; path < 3; path++) {
                int rc = fuzz_send(t, path, v, NULL, 0, &c, off, &r, &sc, again, mlen);
                FUZZ_CHECK(t, rc == ILPC_OK, path == 0 ? "fused send" : path == 1 ? "tiled send" : "layered send", rc);
                FUZZ_CHECK(t, memcmp(again, msg, mlen) == 0, "a send path gives other bytes", path);
            }
            t->release(v);
        }
    }
    free(v);
    free(msg);
    free(again);
    free(r.ring);
    free(r.sums);
    ilpc_scratch_free(&sc);
    ilpc_cipher_free(&c);
    return 0;
}
#endif

#ifndef ILPC_FUZZ_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return ilpc_fuzz_one(data, size);
}
#endif
