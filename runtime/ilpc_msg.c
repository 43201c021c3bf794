/*
 * ilpc_msg.c - the send and receive paths of a message type, driven by its
 * descriptor (ilpc_msg.h has the contracts).
 */
#include "ilpc_msg.h"

#include <stdlib.h>
#include <string.h>

/* The cipher id the bodies of t were instantiated for: c's, or ILPC_CID_CALLS
 * in a one-body build.  The end of a send (part C's padding, then part A) is
 * the runtime's, once per cipher. */
static int tx_end(const ilpc_msg_type *t, ilpc_cipher *c, ilpc_ilp_tx *s)
{
    const int cid = (t->flags & ILPC_MSG_ONE_BODY) ? ILPC_CID_CALLS : (int)c->id;
    /* with a constant id, ilpc_ilp_tx_end inlines the end for the ciphers whose
     * units cost a few instructions, as in the generated bodies */
#define TX_END_INLINE_(a, b, ID, sfx, name, keylen, aead, copy, pairs, ool)                          \
    ILPC_IF_##copy(if (cid == ILPC_CIPHER_##ID) return ilpc_ilp_tx_end(ILPC_CIPHER_##ID, c, s);)
    ILPC_UNIT_CIPHERS(TX_END_INLINE_, , )
    ILPC_ILP_SEL(cid, ilpc_ilp_tx_end, (c, s))
}

/* The arguments of every send: a known cipher, a slot of a possible message
 * length.  ILPC_OK, ILPC_E_SLOT or ILPC_E_CIPHER. */
ILPC_ALWAYS_INLINE int send_args(const ilpc_tx_slot *slot, const ilpc_cipher *c)
{
    if ((unsigned)c->id >= ILPC_CIPHER_COUNT)
        return ILPC_E_CIPHER;
    if (!ilpc_ilp_len_ok(c->id, slot->len) || (uint64_t)slot->len - 4u > UINT64_C(0xFFFFFFFF))
        return ILPC_E_SLOT;
    return ILPC_OK;
}

/* ---- records (the authenticated ciphers) ----------------------------------- */

/* The n bytes at offset `at` of the input spans, into out (the caller checked
 * that they are there). */
static void gather(const uint8_t *const p[2], const size_t n[2], size_t at, uint8_t *out, size_t k)
{
    size_t i;
    for (i = 0; i < k; i++, at++)
        out[i] = at < n[0] ? p[0][at] : p[1][at - n[0]];
}

/* The end of a fused receive of a record whose body succeeded: the bytes after
 * the last unit the body read (the rest of the tag) added to the checksum, the
 * tag verified.  ILPC_OK or ILPC_E_AUTH. */
static int open_record_end(ilpc_cipher *c, ilpc_ilp_rx *r, const uint8_t *const p[2], const size_t n[2])
{
    uint8_t tag[ILPC_AEAD_TAG], rest[ILPC_AEAD_TAG];
    size_t L = r->mlen - ILPC_AEAD_OVERHEAD, from = (L + 4u + 7u) & ~(size_t)7u;
    int ok;
    gather(p, n, 4u + L, tag, ILPC_AEAD_TAG);
    gather(p, n, from, rest, r->mlen - from);
    r->h.acc = ilpc_csum_add_bytes(r->h.acc, rest, r->mlen - from);
    ok = ilpc_aead_verify(c, L, tag) == 0;
    return ok ? (int)ILPC_OK : (int)ILPC_E_AUTH;
}

/* After a receive of a whole record failed in decoding: was it the record's
 * integrity (ILPC_E_AUTH), or bad content under a good tag (rc)? */
static int open_record_failed(ilpc_cipher *c, const uint8_t *payload, size_t len, int rc)
{
    size_t L;
    uint8_t *out;
    if (len < ILPC_AEAD_OVERHEAD || ilpc_get32(payload) != len - ILPC_AEAD_OVERHEAD)
        return rc; /* the framing is wrong: that is the answer */
    L = len - ILPC_AEAD_OVERHEAD;
    out = (uint8_t *)malloc(L ? L : 1);
    if (out == NULL)
        return rc;
    if (ilpc_aead_open_record(c, payload, L, out) != 0)
        rc = ILPC_E_AUTH;
    memset(out, 0, L);
    free(out);
    return rc;
}

/* A receive that fails before any body ran: v zeroed (the bodies zero v
 * themselves when they start a message, with its size known statically). */
static int cleared(const ilpc_msg_type *t, void *v, int rc)
{
    memset(v, 0, t->value_size);
    return rc;
}

/* On a failed receive: v freed and zeroed, whatever the body had filled in. */
static void discard(const ilpc_msg_type *t, void *v)
{
    t->xdr_free(v);
    memset(v, 0, t->value_size);
}

/* The stages of a one-body build, through pointers (NULL otherwise: the cipher
 * is inlined in the instantiation the body was picked from). */
ILPC_ALWAYS_INLINE const ilpc_ilp_fns *stages(const ilpc_msg_type *t, ilpc_ilp_fns *fns, ilpc_cipher_id id, int decrypt)
{
    if (!(t->flags & ILPC_MSG_ONE_BODY))
        return NULL;
    ilpc_ilp_fns_init(fns, id, decrypt);
    return fns;
}

/* The arguments of a receive of one whole message: a known cipher, a payload of
 * a possible message length; a bad checksum takes precedence over a bad length.
 * On an error v is zeroed. */
ILPC_ALWAYS_INLINE int recv_args(const ilpc_msg_type *t, void *v, const ilpc_cipher *c, const uint8_t *payload, size_t len,
                     uint64_t hdr_sum, int *csum_ok)
{
    int rc;

    if ((unsigned)c->id >= ILPC_CIPHER_COUNT)
        return cleared(t, v, ILPC_E_CIPHER);
    if (!ilpc_ilp_len_ok(c->id, len)) {
        rc = ilpc_layered_check(payload, len, hdr_sum, csum_ok);
        return cleared(t, v, rc != ILPC_OK ? rc : ILPC_E_MSGLEN);
    }
    return ILPC_OK;
}

/* The end of a receive of one whole message: the checksum verdict (it takes
 * precedence over every other error), and v discarded unless delivered.  acc:
 * the payload's sum as the decode computed it, which covers every byte when
 * the decode succeeded; after a failure the sum is recomputed over the whole
 * payload, to tell corruption from bad content. */
ILPC_ALWAYS_INLINE int finish_recv(const ilpc_msg_type *t, void *v, int rc, uint64_t acc, const uint8_t *payload, size_t len,
                       uint64_t hdr_sum, int *csum_ok)
{
    if (rc != ILPC_OK)
        acc = ilpc_csum_add_bytes(0, payload, len);
    if (ilpc_ilp_verdict(acc, hdr_sum, csum_ok))
        rc = ILPC_E_CHECKSUM;
    if (rc != ILPC_OK)
        discard(t, v);
    return rc;
}

int ilpc_msg_ilp_send(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off,
                      ilpc_tx_slot *slot)
{
    ilpc_ilp_tx s;
    ilpc_ilp_fns fns;
    int rc;

    if (t->ops != NULL) /* another encoding: its own framing (ilpc_ber_msg.c) */
        return t->ops->send(t, ILPC_PATH_FUSED, v, c, stream_off, slot, NULL);

    if ((rc = send_args(slot, c)) != ILPC_OK)
        return rc;
    if ((unsigned)c->id >= ILPC_UNIT_CIPHER_COUNT)
        return ILPC_E_CIPHER; /* no unit stage: tiled or layered only */
    if (ilpc_cipher_is_aead(c->id)) {
        if (ilpc_aead_begin(c, slot->len - ILPC_AEAD_OVERHEAD) != 0)
            return ILPC_E_NONCE;
        /* Poly1305 may read the ciphertext from the slot */
        ilpc_aead_map(c, slot->p[0], slot->n[0], slot->p[1], slot->n[1]);
        stream_off = 0; /* the stage's offsets are the record's */
    }
    ilpc_ilp_tx_begin(&s, c, stream_off, slot, stages(t, &fns, c->id, 0), (t->flags & ILPC_MSG_HOLDS_UNIT0) != 0);
    if (ilpc_cipher_is_aead(c->id))
        ilpc_aead_send_unit0(c, &s.unit0); /* set before the units after it */
    /* parts B and C in the marshalling pass, part A at the end */
    rc = t->put[c->id](c, &s, v, 1);
    if (rc == ILPC_OK)
        rc = tx_end(t, c, &s);
    if (ilpc_cipher_is_aead(c->id)) {
        ilpc_aead_send_unit0(c, NULL); /* s goes out of scope */
        if (rc == ILPC_OK)
            ilpc_aead_done(c);
    }
    return rc;
}

/* Receive over r, set up by ilpc_ilp_rx_begin: the body reads unit 0, the
 * value, and checks the framing. */
ILPC_ALWAYS_INLINE int open_message(const ilpc_msg_type *t, void *v, ilpc_cipher *c, const uint8_t *const p[2],
                        const size_t n[2], uint64_t stream_off, int exact, ilpc_ilp_rx *r, ilpc_ilp_fns *fns)
{
    int aead = ilpc_cipher_is_aead(c->id), rc;
    if (aead) {
        /* the avail bytes bound L: no keystream is made past them */
        size_t avail = n[0] + (p[1] != NULL ? n[1] : 0);
        if (ilpc_aead_begin(c, avail > ILPC_AEAD_OVERHEAD ? avail - ILPC_AEAD_OVERHEAD : 0) != 0) {
            r->mlen = 0;
            r->h.acc = 0;
            return cleared(t, v, ILPC_E_NONCE); /* before the body zeroes v: the caller frees it */
        }
        ilpc_aead_map(c, p[0], n[0], p[1], n[1]); /* Poly1305 may read the payload */
        stream_off = 0;
    }
    ilpc_ilp_rx_begin(r, c, stream_off, p, n, stages(t, fns, c->id, 1), exact, (t->flags & ILPC_MSG_LIMITS) != 0);
    rc = t->get[c->id](c, r, v, 1);
    if (rc == ILPC_OK && aead)
        rc = open_record_end(c, r, p, n);
    return rc;
}

int ilpc_msg_ilp_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload,
                      size_t len, uint64_t hdr_sum, int *csum_ok)
{
    ilpc_ilp_rx r;
    ilpc_ilp_fns fns;
    const uint8_t *p[2];
    size_t n[2];
    int rc;

    if (t->ops != NULL) /* another encoding: its own framing (ilpc_ber_msg.c) */
        return t->ops->recv(t, ILPC_PATH_FUSED, v, c, stream_off, payload, len, hdr_sum, csum_ok, NULL);

    if ((rc = recv_args(t, v, c, payload, len, hdr_sum, csum_ok)) != ILPC_OK)
        return rc;
    if ((unsigned)c->id >= ILPC_UNIT_CIPHER_COUNT) {
        rc = ilpc_layered_check(payload, len, hdr_sum, csum_ok);
        return cleared(t, v, rc != ILPC_OK ? rc : ILPC_E_CIPHER);
    }
    p[0] = payload;
    p[1] = NULL;
    n[0] = len;
    n[1] = 0;
    rc = open_message(t, v, c, p, n, stream_off, 1, &r, &fns);
    if (ilpc_cipher_is_aead(c->id)) {
        if (rc != ILPC_OK && rc != ILPC_E_AUTH && rc != ILPC_E_NONCE)
            rc = open_record_failed(c, payload, len, rc);
        else if (rc == ILPC_OK)
            ilpc_aead_done(c);
    }
    return finish_recv(t, v, rc, r.h.acc, payload, len, hdr_sum, csum_ok);
}

int ilpc_msg_ilp_recv_spans(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                            const uint8_t *const p[2], const size_t n[2], size_t *used)
{
    ilpc_ilp_rx r;
    ilpc_ilp_fns fns;
    size_t avail = n[0] + (p[1] != NULL ? n[1] : 0);
    int rc;

    if (t->ops != NULL) /* another encoding: its own framing (ilpc_ber_msg.c) */
        return t->ops->recv_spans(t, v, c, stream_off, p, n, used);

    if ((unsigned)c->id >= ILPC_UNIT_CIPHER_COUNT)
        return cleared(t, v, ILPC_E_CIPHER);
    if (avail < 8) {
        if (used != NULL)
            *used = 8;
        return cleared(t, v, ILPC_E_INCOMPLETE);
    }
    rc = open_message(t, v, c, p, n, stream_off, 0, &r, &fns);
    if (used != NULL)
        *used = r.mlen;
    if (rc != ILPC_OK)
        discard(t, v);
    else if (ilpc_cipher_is_aead(c->id))
        ilpc_aead_done(c);
    if (rc != ILPC_OK && rc != ILPC_E_INCOMPLETE && rc != ILPC_E_NONCE && ilpc_cipher_is_aead(c->id)) {
        /* a whole record whose length cannot be XDR's (a multiple of 4): what the
         * fused receive says of it before anything else (ilpc_ilp_len_ok) */
        uint8_t w[4];
        gather(p, n, 0, w, 4);
        if (ilpc_get32(w) % 4u != 0 && (size_t)ilpc_get32(w) + ILPC_AEAD_OVERHEAD <= avail)
            return ILPC_E_MSGLEN;
    }
    if (rc != ILPC_OK && rc != ILPC_E_INCOMPLETE && rc != ILPC_E_AUTH && rc != ILPC_E_NONCE &&
        ilpc_cipher_is_aead(c->id)) {
        /* a whole record whose decoding failed: its integrity, or bad content under
         * a good tag? (as ilpc_msg_ilp_recv tells them apart).  Its length is the
         * clear length word's, also when the body refused L before framing it. */
        uint8_t w[4];
        size_t mlen;
        gather(p, n, 0, w, 4);
        mlen = (size_t)ilpc_get32(w) + ILPC_AEAD_OVERHEAD;
        if (mlen <= avail) {
            uint8_t *rec = (uint8_t *)malloc(mlen);
            if (rec != NULL) {
                gather(p, n, 0, rec, mlen);
                rc = open_record_failed(c, rec, mlen, rc);
                free(rec);
            }
        }
    }
    return rc;
}

/* Tiled: the body of cipher `none` (the identity stage: one instantiation
 * serves every cipher) marshals into a tile of ILPC_TILE_BYTES kept in
 * scratch; each full tile is encrypted in place by the cipher's bulk loop,
 * then copied into the slot and summed per segment while it is still in L1.
 * Unit 0 is held back and sent last, as in the fused send. */
int ilpc_msg_tiled_send(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off,
                        ilpc_tx_slot *slot, ilpc_scratch *scratch)
{
    ilpc_ilp_tx s;
    ilpc_ilp_fns fns;
    int rc;

    if (t->ops != NULL) /* another encoding: its own framing (ilpc_ber_msg.c) */
        return t->ops->send(t, ILPC_PATH_TILED, v, c, stream_off, slot, scratch);

    int rec = 0;

    if ((rc = send_args(slot, c)) != ILPC_OK)
        return rc;
    /* a record's tag follows its last tile in the tile */
    if (ILPC_UNLIKELY(scratch->cap < ILPC_TILE_BYTES + ILPC_AEAD_TAG) &&
        (rc = ilpc_scratch_reserve(scratch, ILPC_TILE_BYTES + ILPC_AEAD_TAG)) != ILPC_OK)
        return rc;
    if (ilpc_cipher_is_aead(c->id)) {
        size_t L = slot->len - ILPC_AEAD_OVERHEAD;
        if (c->u.ae.seq == UINT64_MAX)
            return ILPC_E_NONCE;
        rec = ilpc_aead_uses_lib(c) ? ILPC_REC_LIB : ILPC_REC_STAGE;
        if ((rec == ILPC_REC_LIB ? ilpc_aead_lib_begin(c, 1, L) : ilpc_aead_begin(c, L)) != 0)
            return ILPC_E_CIPHER;
        stream_off = 0;
    }
    ilpc_ilp_tile_tx_begin(&s, c, stream_off, slot, stages(t, &fns, ILPC_CIPHER_NONE, 0), scratch->buf,
                           (t->flags & ILPC_MSG_HOLDS_UNIT0) != 0);
    s.rec = rec;
    rc = t->put[ILPC_CIPHER_NONE](c, &s, v, 1);
    if (rc == ILPC_OK)
        rc = ilpc_ilp_tx_end_tile(&s);
    if (rc == ILPC_OK && rec != 0)
        ilpc_aead_done(c);
    return rc;
}

/* Tiled receive: the payload is summed and decrypted a tile at a time into
 * the tile by the bulk loops, and the body of cipher `none` reads from there. */
int ilpc_msg_tiled_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                        const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch)
{
    ilpc_ilp_rx r;
    ilpc_ilp_fns fns;
    int rc, rec = 0;

    if (t->ops != NULL) /* another encoding: its own framing (ilpc_ber_msg.c) */
        return t->ops->recv(t, ILPC_PATH_TILED, v, c, stream_off, payload, len, hdr_sum, csum_ok, scratch);

    if ((rc = recv_args(t, v, c, payload, len, hdr_sum, csum_ok)) != ILPC_OK)
        return rc;
    if (ILPC_UNLIKELY(scratch->cap < ILPC_TILE_BYTES) &&
        (rc = ilpc_scratch_reserve(scratch, ILPC_TILE_BYTES)) != ILPC_OK) {
        int rc2 = ilpc_layered_check(payload, len, hdr_sum, csum_ok);
        return cleared(t, v, rc2 != ILPC_OK ? rc2 : rc);
    }
    if (ilpc_cipher_is_aead(c->id)) {
        /* the length word is clear: L is known before anything is decrypted (an
         * exhausted record counter first, then the framing, as in the other paths) */
        size_t L = ilpc_get32(payload);
        if (L != len - ILPC_AEAD_OVERHEAD || c->u.ae.seq == UINT64_MAX) {
            rc = ilpc_layered_check(payload, len, hdr_sum, csum_ok);
            return cleared(t, v, rc != ILPC_OK                 ? rc
                                 : c->u.ae.seq == UINT64_MAX ? ILPC_E_NONCE
                                                             : ILPC_E_MSGLEN);
        }
        rec = ilpc_aead_uses_lib(c) ? ILPC_REC_LIB : ILPC_REC_STAGE;
        if ((rec == ILPC_REC_LIB ? ilpc_aead_lib_begin(c, 0, L) : ilpc_aead_begin(c, L)) != 0) {
            rc = ilpc_layered_check(payload, len, hdr_sum, csum_ok);
            return cleared(t, v, rc != ILPC_OK ? rc : ILPC_E_CIPHER);
        }
        stream_off = 0;
    }
    ilpc_ilp_tile_rx_begin(&r, c, stream_off, payload, len, stages(t, &fns, ILPC_CIPHER_NONE, 1), scratch->buf,
                           (t->flags & ILPC_MSG_LIMITS) != 0);
    r.rec = rec;
    r.rec_L = len - (rec != 0 ? ILPC_AEAD_OVERHEAD : 0);
    rc = t->get[ILPC_CIPHER_NONE](c, &r, v, 1);
    if (rec != 0) {
        const uint8_t *tag = payload + r.rec_L + 4u;
        if (rc == ILPC_OK) {
            /* the bytes after the last tile: the rest of the tag */
            r.tacc = ilpc_csum_add_bytes(r.tacc, payload + r.filled, len - r.filled);
            if ((rec == ILPC_REC_LIB ? ilpc_aead_lib_open(c, tag) : ilpc_aead_verify(c, r.rec_L, tag)) != 0)
                rc = ILPC_E_AUTH;
            else
                ilpc_aead_done(c);
        } else {
            rc = open_record_failed(c, payload, len, rc);
        }
    }
    /* a decoded message has had every tile filled, so every byte summed */
    return finish_recv(t, v, rc, r.tacc, payload, len, hdr_sum, csum_ok);
}

/* Layered baseline: marshal into a buffer, then frame, encrypt, copy into the
 * ring and checksum each segment, each a separate bulk loop. */
int ilpc_msg_layered_send(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off,
                          ilpc_tx_slot *slot, ilpc_scratch *scratch)
{
    ilpc_xdr_writer w;
    int rc;

    if (t->ops != NULL) /* another encoding: its own framing (ilpc_ber_msg.c) */
        return t->ops->send(t, ILPC_PATH_LAYERED, v, c, stream_off, slot, scratch);

    if ((rc = send_args(slot, c)) != ILPC_OK)
        return rc;
    rc = ilpc_scratch_reserve(scratch, slot->len);
    if (rc != ILPC_OK)
        return rc;
    ilpc_xdr_writer_init(&w, scratch->buf + 4, slot->len - 4);
    rc = t->xdr_put(&w, v);
    if (rc != ILPC_OK)
        return rc == ILPC_E_SHORT_BUFFER ? ILPC_E_SLOT : rc;
    if (!ilpc_cipher_is_aead(c->id))
        return ilpc_layered_seal(c, stream_off, scratch->buf, (size_t)(w.p - (scratch->buf + 4)), slot);
    rc = ilpc_layered_seal_record(c, scratch->buf, (size_t)(w.p - (scratch->buf + 4)), slot);
    if (rc == ILPC_OK)
        ilpc_aead_done(c);
    return rc;
}

/* The layered receive of a record (its checksum verified): the record number,
 * the framing, then the AEAD's open into a buffer (nothing decoded unless the
 * tag verifies), then the length's range for the type and unmarshal: the
 * order of the checks, and so the error codes, of the fused and tiled paths. */
static int layered_open_record(const ilpc_msg_type *t, void *v, ilpc_cipher *c, const uint8_t *payload, size_t len,
                               ilpc_scratch *scratch)
{
    uint32_t L = ilpc_get32(payload);
    int rc = c->u.ae.seq == UINT64_MAX ? (int)ILPC_E_NONCE : (int)ILPC_OK;
    if (rc == ILPC_OK && (size_t)L != len - ILPC_AEAD_OVERHEAD)
        rc = ILPC_E_MSGLEN;
    if (rc == ILPC_OK)
        rc = ilpc_scratch_reserve(scratch, L ? L : 1);
    if (rc == ILPC_OK && ilpc_aead_open_record(c, payload, L, scratch->buf) != 0)
        rc = ILPC_E_AUTH;
    if (rc == ILPC_OK)
        rc = ilpc_msg_check_len(L, t->min_len, t->max_len, (t->flags & ILPC_MSG_UNBOUNDED) != 0,
                                ilpc_xdr_get_limits().max_length);
    if (rc == ILPC_OK)
        rc = t->xdr_decode(v, scratch->buf, L);
    if (rc != ILPC_OK)
        return cleared(t, v, rc);
    ilpc_aead_done(c);
    return ILPC_OK;
}

/* Layered baseline: checksum over the payload, decrypt into a buffer, unmarshal. */
int ilpc_msg_layered_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                          const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch)
{
    uint32_t L;
    int rc;

    if (t->ops != NULL) /* another encoding: its own framing (ilpc_ber_msg.c) */
        return t->ops->recv(t, ILPC_PATH_LAYERED, v, c, stream_off, payload, len, hdr_sum, csum_ok, scratch);

    rc = ilpc_layered_check(payload, len, hdr_sum, csum_ok);
    if (rc != ILPC_OK)
        return cleared(t, v, rc);
    if ((unsigned)c->id >= ILPC_CIPHER_COUNT)
        return cleared(t, v, ILPC_E_CIPHER);
    if (!ilpc_ilp_len_ok(c->id, len))
        return cleared(t, v, ILPC_E_MSGLEN);
    if (ilpc_cipher_is_aead(c->id))
        return layered_open_record(t, v, c, payload, len, scratch);
    rc = ilpc_scratch_reserve(scratch, len);
    if (rc != ILPC_OK)
        return cleared(t, v, rc);
    ilpc_cipher_decrypt(c, scratch->buf, payload, len, stream_off);
    L = ilpc_get32(scratch->buf);
    /* the framing first, then the type's range (ilpc_msg_rx_length) */
    rc = ilpc_ilp_msg_len(L) != len ? (int)ILPC_E_MSGLEN
                                    : ilpc_msg_check_len(L, t->min_len, t->max_len, (t->flags & ILPC_MSG_UNBOUNDED) != 0,
                                                         ilpc_xdr_get_limits().max_length);
    if (rc != ILPC_OK)
        return cleared(t, v, rc);
    /* T_decode zeroes v itself where it may leave members unassigned */
    rc = t->xdr_decode(v, scratch->buf + 4, L);
    if (rc == ILPC_OK && !ilpc_ilp_zero(scratch->buf + 4 + L, len - 4 - L)) {
        t->xdr_free(v);
        rc = ILPC_E_PADDING;
    }
    /* freed (decode frees what it allocated) and zeroed */
    return rc != ILPC_OK ? cleared(t, v, rc) : rc;
}

int ilpc_msg_send(const ilpc_msg_type *t, const void *v, ilpc_cipher *c, uint64_t stream_off, ilpc_tx_slot *slot,
                  ilpc_scratch *scratch)
{
    switch (ilpc_msg_path(t, 1, c->id, slot->len)) {
    case ILPC_PATH_FUSED:
        return ilpc_msg_ilp_send(t, v, c, stream_off, slot);
    case ILPC_PATH_TILED:
        return ilpc_msg_tiled_send(t, v, c, stream_off, slot, scratch);
    case ILPC_PATH_LAYERED:
        return ilpc_msg_layered_send(t, v, c, stream_off, slot, scratch);
    default:
        return ILPC_E_CIPHER;
    }
}

int ilpc_msg_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload,
                  size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch)
{
    switch (ilpc_msg_path(t, 0, c->id, len)) {
    case ILPC_PATH_FUSED:
        return ilpc_msg_ilp_recv(t, v, c, stream_off, payload, len, hdr_sum, csum_ok);
    case ILPC_PATH_TILED:
        return ilpc_msg_tiled_recv(t, v, c, stream_off, payload, len, hdr_sum, csum_ok, scratch);
    case ILPC_PATH_LAYERED:
        return ilpc_msg_layered_recv(t, v, c, stream_off, payload, len, hdr_sum, csum_ok, scratch);
    default:
        return cleared(t, v, ILPC_E_CIPHER);
    }
}
