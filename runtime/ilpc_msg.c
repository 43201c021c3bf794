/*
 * ilpc_msg.c - the send and receive paths of a message type, driven by its
 * descriptor (ilpc_msg.h has the contracts).
 */
#include "ilpc_msg.h"

#include <string.h>

/* The cipher id the bodies of t were instantiated for: c's, or ILPC_CID_CALLS
 * in a one-body build.  The end of a send (part C's padding, then part A) is
 * the runtime's, once per cipher. */
static int tx_end(const ilpc_msg_type *t, ilpc_cipher *c, ilpc_ilp_tx *s)
{
    const int cid = (t->flags & ILPC_MSG_ONE_BODY) ? ILPC_CID_CALLS : (int)c->id;
    /* with a constant id, ilpc_ilp_tx_end inlines the end for the ciphers whose
     * units cost a few instructions, as in the generated bodies */
    if (cid == ILPC_CIPHER_NONE)
        return ilpc_ilp_tx_end(ILPC_CIPHER_NONE, c, s);
    if (cid == ILPC_CIPHER_XOR)
        return ilpc_ilp_tx_end(ILPC_CIPHER_XOR, c, s);
    ILPC_ILP_SEL(cid, ilpc_ilp_tx_end, (c, s))
}

/* The arguments of every send: a slot of a possible message length, a known
 * cipher.  ILPC_OK, ILPC_E_SLOT or ILPC_E_CIPHER. */
ILPC_ALWAYS_INLINE int send_args(const ilpc_tx_slot *slot, const ilpc_cipher *c)
{
    if (slot->len < 8 || slot->len % 8 != 0 || (uint64_t)slot->len - 4u > UINT64_C(0xFFFFFFFF))
        return ILPC_E_SLOT;
    return (unsigned)c->id < ILPC_CIPHER_COUNT ? (int)ILPC_OK : (int)ILPC_E_CIPHER;
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
    if (len < 8 || len % 8 != 0) {
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

    if ((rc = send_args(slot, c)) != ILPC_OK)
        return rc;
    ilpc_ilp_tx_begin(&s, c, stream_off, slot, stages(t, &fns, c->id, 0), (t->flags & ILPC_MSG_HOLDS_UNIT0) != 0);
    /* parts B and C in the marshalling pass, part A at the end */
    rc = t->put[c->id](c, &s, v, 1);
    return rc != ILPC_OK ? rc : tx_end(t, c, &s);
}

/* Receive over r, set up by ilpc_ilp_rx_begin: the body reads unit 0, the
 * value, and checks the framing. */
ILPC_ALWAYS_INLINE int open_message(const ilpc_msg_type *t, void *v, ilpc_cipher *c, const uint8_t *const p[2],
                        const size_t n[2], uint64_t stream_off, int exact, ilpc_ilp_rx *r, ilpc_ilp_fns *fns)
{
    ilpc_ilp_rx_begin(r, c, stream_off, p, n, stages(t, fns, c->id, 1), exact, (t->flags & ILPC_MSG_LIMITS) != 0);
    return t->get[c->id](c, r, v, 1);
}

int ilpc_msg_ilp_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off, const uint8_t *payload,
                      size_t len, uint64_t hdr_sum, int *csum_ok)
{
    ilpc_ilp_rx r;
    ilpc_ilp_fns fns;
    const uint8_t *p[2];
    size_t n[2];
    int rc;

    if ((rc = recv_args(t, v, c, payload, len, hdr_sum, csum_ok)) != ILPC_OK)
        return rc;
    p[0] = payload;
    p[1] = NULL;
    n[0] = len;
    n[1] = 0;
    rc = open_message(t, v, c, p, n, stream_off, 1, &r, &fns);
    return finish_recv(t, v, rc, r.h.acc, payload, len, hdr_sum, csum_ok);
}

int ilpc_msg_ilp_recv_spans(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                            const uint8_t *const p[2], const size_t n[2], size_t *used)
{
    ilpc_ilp_rx r;
    ilpc_ilp_fns fns;
    size_t avail = n[0] + (p[1] != NULL ? n[1] : 0);
    int rc;

    if ((unsigned)c->id >= ILPC_CIPHER_COUNT)
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

    if ((rc = send_args(slot, c)) != ILPC_OK)
        return rc;
    if (ILPC_UNLIKELY(scratch->cap < ILPC_TILE_BYTES) &&
        (rc = ilpc_scratch_reserve(scratch, ILPC_TILE_BYTES)) != ILPC_OK)
        return rc;
    ilpc_ilp_tile_tx_begin(&s, c, stream_off, slot, stages(t, &fns, ILPC_CIPHER_NONE, 0), scratch->buf,
                           (t->flags & ILPC_MSG_HOLDS_UNIT0) != 0);
    rc = t->put[ILPC_CIPHER_NONE](c, &s, v, 1);
    return rc != ILPC_OK ? rc : ilpc_ilp_tx_end_tile(&s);
}

/* Tiled receive: the payload is summed and decrypted a tile at a time into
 * the tile by the bulk loops, and the body of cipher `none` reads from there. */
int ilpc_msg_tiled_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                        const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch)
{
    ilpc_ilp_rx r;
    ilpc_ilp_fns fns;
    int rc;

    if ((rc = recv_args(t, v, c, payload, len, hdr_sum, csum_ok)) != ILPC_OK)
        return rc;
    if (ILPC_UNLIKELY(scratch->cap < ILPC_TILE_BYTES) &&
        (rc = ilpc_scratch_reserve(scratch, ILPC_TILE_BYTES)) != ILPC_OK) {
        int rc2 = ilpc_layered_check(payload, len, hdr_sum, csum_ok);
        return cleared(t, v, rc2 != ILPC_OK ? rc2 : rc);
    }
    ilpc_ilp_tile_rx_begin(&r, c, stream_off, payload, len, stages(t, &fns, ILPC_CIPHER_NONE, 1), scratch->buf,
                           (t->flags & ILPC_MSG_LIMITS) != 0);
    rc = t->get[ILPC_CIPHER_NONE](c, &r, v, 1);
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

    if ((rc = send_args(slot, c)) != ILPC_OK)
        return rc;
    rc = ilpc_scratch_reserve(scratch, slot->len);
    if (rc != ILPC_OK)
        return rc;
    ilpc_xdr_writer_init(&w, scratch->buf + 4, slot->len - 4);
    rc = t->xdr_put(&w, v);
    if (rc != ILPC_OK)
        return rc == ILPC_E_SHORT_BUFFER ? ILPC_E_SLOT : rc;
    return ilpc_layered_seal(c, stream_off, scratch->buf, (size_t)(w.p - (scratch->buf + 4)), slot);
}

/* Layered baseline: checksum over the payload, decrypt into a buffer, unmarshal. */
int ilpc_msg_layered_recv(const ilpc_msg_type *t, void *v, ilpc_cipher *c, uint64_t stream_off,
                          const uint8_t *payload, size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch)
{
    uint32_t L;
    int rc;

    rc = ilpc_layered_check(payload, len, hdr_sum, csum_ok);
    if (rc != ILPC_OK)
        return cleared(t, v, rc);
    if (len < 8 || len % 8 != 0)
        return cleared(t, v, ILPC_E_MSGLEN);
    if ((unsigned)c->id >= ILPC_CIPHER_COUNT)
        return cleared(t, v, ILPC_E_CIPHER);
    rc = ilpc_scratch_reserve(scratch, len);
    if (rc != ILPC_OK)
        return cleared(t, v, rc);
    ilpc_cipher_decrypt(c, scratch->buf, payload, len, stream_off);
    L = ilpc_get32(scratch->buf);
    rc = ilpc_msg_check_len(L, t->min_len, t->max_len, (t->flags & ILPC_MSG_UNBOUNDED) != 0,
                            ilpc_xdr_get_limits().max_length);
    if (rc == ILPC_OK && ilpc_ilp_msg_len(L) != len)
        rc = ILPC_E_MSGLEN;
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
