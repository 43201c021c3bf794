/*
 * ilpc_ber_msg.c - the paths of BER, CER and DER message types (ilpc_ber_msg.h has the
 * framing and the design; ilpc_msg.h the contracts, which are the same as XDR's).
 */
#include "ilpc_ber_msg.h"

#include <stdlib.h>
#include <string.h>

#include "ilpc_chapoly.h"
#include "ilpc_csum.h"

const ilpc_path_rule ilpc_ber_msg_rules[ILPC_CIPHER_COUNT] = {
#define BER_RULE_(a, b, ID, sfx, name, keylen, aead, ...)                                             \
    [ILPC_CIPHER_##ID] = {{0u, 0u}, {ILPC_PATH_FUSED, ILPC_PATH_FUSED, ILPC_PATH_FUSED}},
    ILPC_UNIT_CIPHERS(BER_RULE_, , )
#undef BER_RULE_
    [ILPC_CIPHER_AES_128_GCM] = {{0u, 0u}, {ILPC_PATH_LAYERED, ILPC_PATH_LAYERED, ILPC_PATH_LAYERED}},
};

static size_t min_sz(size_t a, size_t b) { return a < b ? a : b; }

static const ilpc_ber_msg_codec *codec_of(const ilpc_msg_type *t) { return (const ilpc_ber_msg_codec *)t->codec; }

/* DER is written for BER and DER, CER for CER. */
static ilpc_ber_rules write_rules(const ilpc_msg_type *t)
{
    return codec_of(t)->rules == ILPC_CER ? ILPC_CER : ILPC_DER;
}

static size_t ber_len(const ilpc_msg_type *t, const void *v, ilpc_cipher_id cipher)
{
    return ilpc_ber_msg_len(cipher, t->xdr_size(v));
}

/* ---- ChaCha20-Poly1305 records in pieces ------------------------------------------ */

typedef struct record_key {
    uint32_t kw[8], nw[3];
    uint8_t poly_key[32];
} record_key;

/* The key words of record number c->u.ae.seq, and its Poly1305 key (block 0). */
static void record_key_init(record_key *k, const ilpc_cipher *c)
{
    uint8_t nonce[12], block0[64];
    ilpc_aead_nonce(c->u.ae.seq, nonce);
    ilpc_chacha20_key_words(c->u.ae.key, k->kw);
    ilpc_chacha20_nonce_words(nonce, k->nw);
    ilpc_chacha20_blocks(k->kw, k->nw, 0, block0, 1);
    memcpy(k->poly_key, block0, 32);
    memset(block0, 0, sizeof block0);
}

/* out = in XOR the AEAD's keystream at plaintext offset pos (block 1 is offset 0). */
static void record_xor(const record_key *k, size_t pos, const uint8_t *in, uint8_t *out, size_t n)
{
    size_t head = pos % 64u;
    if (n == 0)
        return;
    if (head != 0) {
        uint8_t ks[64];
        size_t m = min_sz(64u - head, n);
        ilpc_chacha20_blocks(k->kw, k->nw, (uint32_t)(1u + pos / 64u), ks, 1);
        for (size_t i = 0; i < m; i++)
            out[i] = (uint8_t)(in[i] ^ ks[head + i]);
        memset(ks, 0, sizeof ks);
        pos += m, in += m, out += m, n -= m;
    }
    if (n > 0)
        ilpc_chacha20_xor(k->kw, k->nw, (uint32_t)(1u + pos / 64u), in, out, n);
}

/* Poly1305 of RFC 8439 2.8 over a record's associated data BE32(L) and its ciphertext,
 * fed a piece at a time (each piece but the last a multiple of 16 bytes). */
typedef struct record_mac {
    ilpc_poly1305 st;
    uint64_t clen;
} record_mac;

static void record_mac_begin(record_mac *m, const record_key *k, const uint8_t lenword[4])
{
    uint8_t ad[16] = {0};
    memcpy(ad, lenword, 4);
    ilpc_poly1305_init(&m->st, k->poly_key);
    ilpc_poly1305_blocks(&m->st, ad, 1);
    m->clen = 0;
}

static void record_mac_update(record_mac *m, const uint8_t *ct, size_t n)
{
    size_t whole = n / 16u;
    if (whole)
        ilpc_poly1305_blocks_defer(&m->st, ct, whole);
    if (n % 16u) {
        uint8_t last[16] = {0};
        memcpy(last, ct + 16u * whole, n % 16u);
        ilpc_poly1305_fold(&m->st);
        ilpc_poly1305_blocks(&m->st, last, 1);
    }
    m->clen += n;
}

static void record_mac_tag(record_mac *m, uint8_t tag[16])
{
    uint8_t lens[16] = {4};
    for (int i = 0; i < 8; i++)
        lens[8 + i] = (uint8_t)(m->clen >> (8 * i));
    ilpc_poly1305_fold(&m->st);
    ilpc_poly1305_blocks(&m->st, lens, 1);
    ilpc_poly1305_tag(&m->st, m->st.h, tag);
    memset(&m->st, 0, sizeof m->st);
}

/* 0 if the tags agree, compared in constant time. */
static int tag_differs(const uint8_t *a, const uint8_t *b)
{
    unsigned d = 0;
    for (int i = 0; i < 16; i++)
        d |= (unsigned)(a[i] ^ b[i]);
    return d != 0;
}

/* ---- send --------------------------------------------------------------------------- */

/* The n bytes at src into the slot at message offset at (either span). */
static void slot_put(ilpc_tx_slot *slot, size_t at, const uint8_t *src, size_t n)
{
    if (at < slot->n[0]) {
        size_t k = min_sz(n, slot->n[0] - at);
        memcpy(slot->p[0] + at, src, k);
        src += k, at += k, n -= k;
    }
    if (n > 0)
        memcpy(slot->p[1] + (at - slot->n[0]), src, n);
}

/* One send through the writer's sink: buf holds the message (the slot itself, or a
 * scratch buffer copied into the slot a segment at a time: copy).  Segments are of
 * slot->seg_payload bytes; those from `hi` up to `top` are done (encrypted, copied,
 * summed); the ones from top on hold the tag of a record and wait for it, as does
 * segment 0 for the length word. */
typedef struct sink_send {
    ilpc_ber_sink sink;
    ilpc_cipher *c;
    ilpc_tx_slot *slot;
    uint8_t *buf;
    size_t end;       /* message offset where the encoding ends: buf[0 .. end) is the writer's */
    size_t seg, top, hi;
    uint64_t off;     /* stream offset of the message */
    int aead, copy;
    record_key key;
} sink_send;

/* Encrypt the message bytes [from, to) in buf, in place (the unit ciphers' bounds are
 * multiples of 8; a record's length word stays clear). */
static void crypt_range(sink_send *s, size_t from, size_t to)
{
    if (s->aead) {
        from = from < 4 ? 4 : from;
        to = to > s->end ? s->end : to;
        if (to > from)
            record_xor(&s->key, from - 4u, s->buf + from, s->buf + from, to - from);
    } else if (s->c->id != ILPC_CIPHER_NONE && to > from) {
        ilpc_cipher_encrypt(s->c, s->buf + from, s->buf + from, to - from, s->off + from);
    }
}

/* Segment i is final: encrypt it (but a record's tag, written encrypted), copy it into
 * the slot (tiled), sum it. */
static void finish_segment(sink_send *s, size_t i, int crypt)
{
    size_t from = i * s->seg, to = min_sz(from + s->seg, s->slot->len);
    if (crypt)
        crypt_range(s, from, to);
    if (s->copy)
        slot_put(s->slot, from, s->buf + from, to - from);
    s->slot->seg_sums[i] = ilpc_csum_fold(ilpc_csum_add_bytes(0, s->buf + from, to - from));
}

static void sink_more(ilpc_ber_sink *sk, ilpc_ber_out *o, size_t k)
{
    sink_send *s = (sink_send *)sk;
    size_t w = o->cap - o->n; /* the lowest octet written */
    /* the segments the writer has left, unless a SET OF is open: its elements, below
     * every segment finished before it opened, may yet be reordered */
    while (o->sets == 0 && s->hi > 1 && (s->hi - 1) * s->seg >= w) {
        s->hi--;
        finish_segment(s, s->hi, 1);
    }
    /* the writer may go on down to the segment boundary at or below w - k: one call
     * per segment */
    if (k > w) {
        o->lim = o->cap;
    } else {
        size_t b = (w - k) / s->seg * s->seg;
        o->lim = b == 0 ? o->cap : o->cap - b;
    }
}

/* The fused (copy == 0: buf is the slot's only span) or tiled (copy: buf is scratch)
 * send. */
static int send_sink(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off,
                     ilpc_tx_slot *slot, uint8_t *buf, int copy)
{
    const ilpc_ber_msg_codec *codec = codec_of(t);
    size_t len = slot->len, L, nsegs;
    sink_send s;
    ilpc_ber_out o;
    int rc;

    memset(&s, 0, sizeof s);
    s.sink.more = sink_more;
    s.c = c;
    s.slot = slot;
    s.buf = buf;
    s.aead = ilpc_cipher_is_aead(c->id);
    s.copy = copy;
    s.off = stream_off;
    s.seg = slot->seg_payload;
    if (s.aead) {
        if (len < ILPC_AEAD_OVERHEAD)
            return ILPC_E_SLOT;
        if (c->u.ae.seq == UINT64_MAX)
            return ILPC_E_NONCE;
        record_key_init(&s.key, c);
        s.end = len - ILPC_AEAD_TAG;
    } else {
        if (c->id != ILPC_CIPHER_NONE && (len < 8 || len % 8 != 0))
            return ILPC_E_SLOT;
        s.end = len;
    }
    nsegs = ilpc_ilp_nsegs(len, s.seg);
    s.top = s.aead ? s.end / s.seg : nsegs; /* segments whole below the tag */
    if (s.top > nsegs)
        s.top = nsegs;
    s.hi = s.top;

    ilpc_ber_out_init(&o, buf, s.end, write_rules(t));
    o.sink = &s.sink;
    {
        size_t b = s.top > 1 ? (s.top - 1) * s.seg : 0; /* stop at the last whole segment's start */
        o.lim = b == 0 ? o.cap : o.cap - b;
    }
    rc = codec->put(&o, v);
    if (rc == ILPC_OK && o.full)
        rc = ILPC_E_SLOT;
    L = o.n;
    if (rc == ILPC_OK) {
        if (c->id == ILPC_CIPHER_NONE)
            rc = L == len ? ILPC_OK : ILPC_E_SLOT;
        else if (s.aead)
            rc = L + ILPC_AEAD_OVERHEAD == len ? ILPC_OK : ILPC_E_SLOT;
        else
            rc = ilpc_ilp_msg_len(L) == len ? ILPC_OK : ILPC_E_SLOT;
    }
    if (rc != ILPC_OK) {
        memset(&s.key, 0, sizeof s.key);
        return rc;
    }
    /* part A: the length word (and the padding), then what is left */
    if (c->id != ILPC_CIPHER_NONE)
        ilpc_put32(buf, (uint32_t)L);
    if (!s.aead && c->id != ILPC_CIPHER_NONE)
        memset(buf + 4, 0, len - 4 - L);
    if (s.aead) {
        record_mac m;
        uint8_t *tag = buf + s.end;
        size_t from = s.top * s.seg;
        /* the plaintext still clear: segments 0 .. hi-1, and from top on */
        crypt_range(&s, 0, s.hi * s.seg);
        if (from < s.end)
            crypt_range(&s, from, s.end);
        record_mac_begin(&m, &s.key, buf);
        record_mac_update(&m, buf + 4, L);
        record_mac_tag(&m, tag);
        for (size_t i = s.top; i < nsegs; i++)
            finish_segment(&s, i, 0);
        for (size_t i = s.hi; i-- > 0;)
            finish_segment(&s, i, 0);
        ilpc_aead_done(c);
    } else {
        for (size_t i = s.hi; i-- > 0;)
            finish_segment(&s, i, 1);
    }
    memset(&s.key, 0, sizeof s.key);
    return ILPC_OK;
}

static int send_layered(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off,
                        ilpc_tx_slot *slot, ilpc_scratch *scratch)
{
    const ilpc_ber_msg_codec *codec = codec_of(t);
    size_t len = slot->len, L, at;
    ilpc_ber_out o;
    int rc, aead = ilpc_cipher_is_aead(c->id);

    if (len < (c->id == ILPC_CIPHER_NONE ? 1u : aead ? ILPC_AEAD_OVERHEAD : 8u))
        return ILPC_E_SLOT;
    if ((rc = ilpc_scratch_reserve(scratch, len)) != ILPC_OK)
        return rc;
    /* 1. the encoding, into a buffer: as much room as the slot has */
    at = c->id == ILPC_CIPHER_NONE ? 0 : 4;
    ilpc_ber_out_init(&o, scratch->buf + at, len - at - (aead ? ILPC_AEAD_TAG : 0u), write_rules(t));
    rc = codec->put(&o, v);
    if (rc == ILPC_OK)
        rc = ilpc_ber_out_finish(&o, &L);
    if (rc == ILPC_E_SHORT_BUFFER)
        rc = ILPC_E_SLOT;
    if (rc != ILPC_OK)
        return rc;
    if (ilpc_ber_msg_len(c->id, L) != len)
        return ILPC_E_SLOT;
    if (c->id == ILPC_CIPHER_NONE) {
        ilpc_ilp_slot_store(scratch->buf, slot);
        return ILPC_OK;
    }
    if (aead)
        return ilpc_layered_seal_record(c, scratch->buf, L, slot);
    /* 2. framing: the padding goes in front of the encoding */
    memmove(scratch->buf + (len - L), scratch->buf + 4, L);
    memset(scratch->buf + 4, 0, len - 4 - L);
    ilpc_put32(scratch->buf, (uint32_t)L);
    /* 3. encryption, 4. copy and checksum */
    ilpc_cipher_encrypt(c, scratch->buf, scratch->buf, len, stream_off);
    ilpc_ilp_slot_store(scratch->buf, slot);
    return ILPC_OK;
}

static int ber_send(const ilpc_msg_type *t, int path, const void *v, ilpc_cipher *c, uint64_t stream_off,
                    ilpc_tx_slot *slot, ilpc_scratch *scratch)
{
    int rc;
    if ((unsigned)c->id >= ILPC_CIPHER_COUNT)
        return ILPC_E_CIPHER;
    if (slot->len == 0 || (uint64_t)slot->len > UINT64_C(0xFFFFFFFF) + ILPC_AEAD_OVERHEAD)
        return ILPC_E_SLOT;
    if (path == ILPC_PATH_LAYERED)
        return send_layered(t, v, c, stream_off, slot, scratch);
    if (c->id == ILPC_CIPHER_AES_128_GCM) /* libcrypto's GCM runs front to back: layered only */
        return path == ILPC_PATH_TILED ? send_layered(t, v, c, stream_off, slot, scratch) : ILPC_E_CIPHER;
    if (path == ILPC_PATH_FUSED && slot->n[1] == 0)
        return send_sink(t, v, c, stream_off, slot, slot->p[0], 0);
    /* tiled, or a fused send into a slot that wraps the ring */
    if (scratch != NULL) {
        if ((rc = ilpc_scratch_reserve(scratch, slot->len)) != ILPC_OK)
            return rc;
        return send_sink(t, v, c, stream_off, slot, scratch->buf, 1);
    }
    uint8_t *tmp = malloc(slot->len);
    if (tmp == NULL)
        return ILPC_E_NOMEM;
    rc = send_sink(t, v, c, stream_off, slot, tmp, 1);
    free(tmp);
    return rc;
}

/* ---- receive ------------------------------------------------------------------------ */

/* v freed and zeroed (a decoder leaves it so when it fails; this is for the errors
 * found after it succeeded, and before it ran). */
static int discard(const ilpc_msg_type *t, void *v, int rc)
{
    t->xdr_free(v);
    memset(v, 0, t->value_size);
    return rc;
}

/* Where the encoding is in a message of len bytes whose first unit (unit ciphers) is
 * u0 in clear, and its length L: ILPC_OK, or ILPC_E_MSGLEN. */
static int frame(ilpc_cipher_id id, const uint8_t *first, size_t len, size_t *at, size_t *L)
{
    if (id == ILPC_CIPHER_NONE) {
        if (len == 0)
            return ILPC_E_MSGLEN;
        *at = 0, *L = len;
        return ILPC_OK;
    }
    if (ilpc_cipher_is_aead(id)) {
        if (len < ILPC_AEAD_OVERHEAD || ilpc_get32(first) != len - ILPC_AEAD_OVERHEAD)
            return ILPC_E_MSGLEN;
        *at = 4, *L = len - ILPC_AEAD_OVERHEAD;
        return ILPC_OK;
    }
    if (len < 8 || len % 8 != 0 || ilpc_ilp_msg_len(ilpc_get32(first)) != len)
        return ILPC_E_MSGLEN;
    *L = ilpc_get32(first);
    *at = len - *L;
    return ILPC_OK;
}

/* The decoding of the plaintext message msg (len bytes), framed for cipher id. */
static int decode(const ilpc_msg_type *t, void *v, ilpc_cipher_id id, const uint8_t *msg, size_t len)
{
    size_t at, L;
    int rc = frame(id, msg, len, &at, &L);
    if (rc != ILPC_OK)
        return discard(t, v, rc);
    if (L > ilpc_ber_max_length())
        return discard(t, v, ILPC_E_LIMIT);
    if (id != ILPC_CIPHER_NONE && !ilpc_cipher_is_aead(id) && !ilpc_ilp_zero(msg + 4, at - 4))
        return discard(t, v, ILPC_E_PADDING);
    return t->xdr_decode(v, msg + at, L); /* zeroes v on failure */
}

/* One pass over a whole message: the checksum, the MAC and the decryption a window at
 * a time (fused), or each a pass over all of it (layered).  hdr_sum 0: no checksum. */
static int ber_recv(const ilpc_msg_type *t, int path, void *v, ilpc_cipher *c, uint64_t stream_off,
                    const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch)
{
    uint8_t local[ILPC_TILE_BYTES];
    uint8_t *plain = NULL, *heap = NULL;
    uint64_t acc = 0;
    int rc = ILPC_OK, aead;
    size_t at = 0, L = 0;

    memset(v, 0, t->value_size);
    if ((unsigned)c->id >= ILPC_CIPHER_COUNT)
        return ILPC_E_CIPHER;
    aead = ilpc_cipher_is_aead(c->id);
    if (c->id == ILPC_CIPHER_AES_128_GCM) { /* libcrypto's stream: layered only, as for sending */
        if (path == ILPC_PATH_FUSED)
            return ILPC_E_CIPHER;
        path = ILPC_PATH_LAYERED;
    }

    if (c->id != ILPC_CIPHER_NONE) {
        if (len <= sizeof local) {
            plain = local;
        } else if (scratch != NULL) {
            if ((rc = ilpc_scratch_reserve(scratch, len)) != ILPC_OK)
                return rc;
            plain = scratch->buf;
        } else if ((plain = heap = malloc(len)) == NULL) {
            return ILPC_E_NOMEM;
        }
    }

    if (aead && frame(c->id, payload, len, &at, &L) != ILPC_OK) {
        rc = ILPC_E_MSGLEN;
        acc = ilpc_csum_add_bytes(0, payload, len);
    } else if (c->id == ILPC_CIPHER_NONE) {
        acc = ilpc_csum_add_bytes(0, payload, len);
    } else if (path == ILPC_PATH_LAYERED) {
        acc = ilpc_csum_add_bytes(0, payload, len);
        if (aead) {
            memcpy(plain, payload, 4);
            if (ilpc_aead_open_record(c, payload, L, plain + 4) != 0)
                rc = ILPC_E_AUTH;
        } else if (len >= 8 && len % 8 == 0) {
            ilpc_cipher_decrypt(c, plain, payload, len, stream_off);
        } else {
            rc = ILPC_E_MSGLEN;
        }
    } else if (aead) {
        /* fused: a window at a time, the sum and the MAC of the ciphertext, then its
         * decryption, while the window is in cache */
        record_key k;
        record_mac m;
        uint8_t tag[16];
        size_t pos = 0, W = ILPC_TILE_BYTES;
        record_key_init(&k, c);
        record_mac_begin(&m, &k, payload);
        acc = ilpc_csum_add_bytes(0, payload, 4);
        memcpy(plain, payload, 4);
        while (pos < L) {
            size_t n = min_sz(W, L - pos);
            const uint8_t *ct = payload + 4 + pos;
            record_mac_update(&m, ct, n);
            record_xor(&k, pos, ct, plain + 4 + pos, n);
            pos += n;
            if (pos < L)
                acc = ilpc_csum_add_bytes(acc, ct, n); /* n even: the next window's parity holds */
            else
                acc = ilpc_csum_add_bytes(acc, ct, n + ILPC_AEAD_TAG); /* the last, with the tag */
        }
        if (L == 0)
            acc = ilpc_csum_add_bytes(acc, payload + 4, ILPC_AEAD_TAG);
        record_mac_tag(&m, tag);
        if (tag_differs(tag, payload + 4 + L))
            rc = ILPC_E_AUTH;
        memset(&k, 0, sizeof k);
        memset(tag, 0, sizeof tag);
    } else if (len >= 8 && len % 8 == 0) {
        /* fused: the sum and the decryption a window at a time */
        for (size_t pos = 0; pos < len; pos += ILPC_TILE_BYTES) {
            size_t n = min_sz(ILPC_TILE_BYTES, len - pos);
            acc = ilpc_csum_add_bytes(acc, payload + pos, n);
            ilpc_cipher_decrypt(c, plain + pos, payload + pos, n, stream_off + pos);
        }
    } else {
        rc = ILPC_E_MSGLEN;
        acc = ilpc_csum_add_bytes(0, payload, len);
    }

    /* the checksum verdict first: it takes precedence over every other error */
    if (ilpc_ilp_verdict(acc, hdr_sum, csum_ok))
        rc = ILPC_E_CHECKSUM;
    if (rc == ILPC_OK)
        rc = decode(t, v, c->id, plain != NULL ? plain : payload, len);
    else
        memset(v, 0, t->value_size);
    if (plain != NULL && plain != payload)
        memset(plain, 0, min_sz(len, plain == local ? sizeof local : len));
    free(heap);
    if (rc == ILPC_OK && aead)
        ilpc_aead_done(c);
    return rc;
}

/* The length of the message that starts the stream: ILPC_OK with *mlen, or
 * ILPC_E_INCOMPLETE while too little of it is there to tell, or an error. */
static int stream_len(const ilpc_msg_type *t, ilpc_cipher *c, uint64_t stream_off, const uint8_t *first,
                      size_t avail, size_t *mlen)
{
    uint32_t L;
    if (c->id == ILPC_CIPHER_NONE) {
        /* the TLV's own header: a definite length tells; an indefinite one (CER, BER)
         * is found by walking the encoding */
        size_t h = 1, len = 0;
        if (avail < 1)
            return ILPC_E_INCOMPLETE;
        if ((first[0] & 0x1Fu) == 0x1Fu) {
            do {
                if (h >= avail)
                    return ILPC_E_INCOMPLETE;
                if (h > 5)
                    return ILPC_E_BER_TAG; /* a tag number beyond 32 bits */
            } while (first[h++] & 0x80u);
        }
        if (h >= avail)
            return ILPC_E_INCOMPLETE;
        if (first[h] == 0x80u) {
            ilpc_ber_in in;
            ilpc_ber_in_init(&in, first, avail, codec_of(t)->rules);
            int rc = ilpc_ber_skip(&in);
            if (rc == ILPC_E_TRUNCATED)
                return ILPC_E_INCOMPLETE;
            if (rc != ILPC_OK)
                return rc;
            *mlen = (size_t)(in.p - first);
        } else if (first[h] < 0x80u) {
            *mlen = h + 1 + first[h];
        } else {
            size_t k = first[h] & 0x7Fu;
            if (k > 4 || first[h] == 0xFFu)
                return k > 4 && first[h] != 0xFFu ? ILPC_E_LIMIT : ILPC_E_BER_LENGTH;
            if (h + 1 + k > avail)
                return ILPC_E_INCOMPLETE;
            for (size_t i = 0; i < k; i++)
                len = len << 8 | first[h + 1 + i];
            if (len > ilpc_ber_max_length())
                return ILPC_E_LIMIT;
            *mlen = h + 1 + k + len;
        }
        return *mlen - 1 > ilpc_ber_max_length() ? ILPC_E_LIMIT : ILPC_OK;
    }
    if (avail < (ilpc_cipher_is_aead(c->id) ? 4u : 8u))
        return ILPC_E_INCOMPLETE;
    if (ilpc_cipher_is_aead(c->id)) {
        L = ilpc_get32(first);
    } else {
        uint8_t u0[8];
        ilpc_cipher_decrypt(c, u0, first, 8, stream_off);
        L = ilpc_get32(u0);
        memset(u0, 0, sizeof u0);
    }
    if (L > ilpc_ber_max_length())
        return ILPC_E_LIMIT;
    *mlen = ilpc_ber_msg_len(c->id, L);
    return ILPC_OK;
}

static int ber_recv_spans(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                          const uint8_t *const p[2], const size_t n[2], size_t *used)
{
    size_t avail = n[0] + (p[1] != NULL ? n[1] : 0), mlen = 0;
    const uint8_t *msg = p[0];
    uint8_t *joined = NULL;
    int rc;

    memset(v, 0, t->value_size);
    if ((unsigned)c->id >= ILPC_CIPHER_COUNT)
        return ILPC_E_CIPHER;
    if (p[1] != NULL && n[1] > 0) {
        /* a stream in two pieces: read it whole (the message is in both, or its
         * length may be) */
        if ((joined = malloc(avail)) == NULL)
            return ILPC_E_NOMEM;
        memcpy(joined, p[0], n[0]);
        memcpy(joined + n[0], p[1], n[1]);
        msg = joined;
    }
    rc = stream_len(t, c, stream_off, msg, avail, &mlen);
    if (rc == ILPC_OK) {
        *used = mlen;
        rc = mlen > avail ? ILPC_E_INCOMPLETE : ber_recv(t, ILPC_PATH_FUSED, v, c, stream_off, msg, mlen, 0, NULL, NULL);
    }
    free(joined);
    return rc;
}

const ilpc_msg_ops ilpc_ber_msg_ops = {ber_len, ber_send, ber_recv, ber_recv_spans};
