/* ilpc_tcp_auth.c - TCP-AO on a connection (RFC 5925): which traffic key
 * signs or checks a segment, the sequence number extensions, and the MAC of
 * every segment in and out.  The cryptography is ilpc_tcp_ao.c's.
 *
 * A stack given a master key tuple (ilpc_stack_set_tcp_ao) signs every
 * segment of every connection it opens or accepts afterwards and drops,
 * without an answer and without changing anything, every segment of such a
 * connection whose MAC is missing or wrong.  Keys (RFC 5925 5.2): a SYN
 * without ACK is signed with the sender's SYN key (the peer's ISN counted as
 * 0); everything else, the SYN-ACK included, with the "other" keys, which
 * both ISNs key.  So the client keys its receive side from the SYN-ACK's
 * sequence number before it can check that SYN-ACK, and the listener derives
 * one key per SYN it checks.
 *
 * Sequence number extensions (RFC 5925 6.2): each direction keeps one
 * sequence number and its 64-bit extension (0 above the ISN at the start);
 * the extension of any other sequence number is found from the signed
 * distance to it, which is right for every number within 2^31 of the last
 * one seen, far more than any window. */
#include "ilpc_tcp_internal.h"

#include <string.h>

/* The 64-bit extension of seq, from a reference number and its extension. */
static uint64_t extend(uint32_t ref, uint64_t ref_ext, uint32_t seq)
{
    return ref_ext + (uint64_t)(int64_t)(int32_t)(seq - ref);
}

uint32_t ilpc__ao_snd_sne(ilpc_tcp *c, uint32_t seq)
{
    uint64_t x = extend(c->ao_snd_ref, c->ao_snd_ext, seq);
    if (seq_gt(seq, c->ao_snd_ref)) {
        c->ao_snd_ref = seq;
        c->ao_snd_ext = x;
    }
    return (uint32_t)(x >> 32);
}

static uint32_t rcv_sne(const ilpc_tcp *c, uint32_t seq)
{
    return (uint32_t)(extend(c->ao_rcv_ref, c->ao_rcv_ext, seq) >> 32);
}

/* An accepted segment at seq moves the receive reference forward. */
void ilpc__ao_rcv_accepted(ilpc_tcp *c, uint32_t seq)
{
    if (c->ao_on && seq_gt(seq, c->ao_rcv_ref)) {
        c->ao_rcv_ext = extend(c->ao_rcv_ref, c->ao_rcv_ext, seq);
        c->ao_rcv_ref = seq;
    }
}

void ilpc__ao_free(ilpc_tcp *c)
{
    ilpc_ao_mac_free(&c->ao_tx);
    ilpc_ao_mac_free(&c->ao_rx);
}

/* Key a MAC with one traffic key derived now. */
static int keyed_mac(ilpc_ao_mac *m, const ilpc_ao_mkt *mkt, uint32_t sip, uint32_t dip, uint16_t sport,
                     uint16_t dport, uint32_t sisn, uint32_t disn)
{
    uint8_t k[ILPC_AO_MAX_TRAFFIC_KEY_LEN];
    int r = ilpc_ao_traffic_key(mkt, sip, dip, sport, dport, sisn, disn, k);
    if (r == ILPC_OK)
        r = ilpc_ao_mac_init(m, mkt, k);
    memset(k, 0, sizeof k);
    return r;
}

int ilpc__ao_key_syn(ilpc_tcp *c)
{
    c->ao_snd_ref = c->iss;
    c->ao_snd_ext = c->iss;
    ilpc_ao_mac_free(&c->ao_tx);
    return keyed_mac(&c->ao_tx, c->env->ao_mkt, c->lip, c->rip, c->lport, c->rport, c->iss, 0);
}

int ilpc__ao_key_other(ilpc_tcp *c, uint32_t irs)
{
    const ilpc_ao_mkt *k = c->env->ao_mkt;
    ilpc_ao_mac tx, rx;
    memset(&tx, 0, sizeof tx);
    memset(&rx, 0, sizeof rx);
    if (keyed_mac(&tx, k, c->lip, c->rip, c->lport, c->rport, c->iss, irs) != ILPC_OK ||
        keyed_mac(&rx, k, c->rip, c->lip, c->rport, c->lport, irs, c->iss) != ILPC_OK) {
        ilpc_ao_mac_free(&tx);
        ilpc_ao_mac_free(&rx);
        return ILPC_E_NOMEM;
    }
    ilpc__ao_free(c);
    c->ao_tx = tx;
    c->ao_rx = rx;
    c->ao_snd_ref = c->iss;
    c->ao_snd_ext = c->iss;
    c->ao_rcv_ref = irs;
    c->ao_rcv_ext = irs;
    return ILPC_OK;
}

/* The MAC view of a parsed segment. */
static int segment_view(const ilpc_seg *sg, uint32_t sne, ilpc_ao_segment *v)
{
    if (sg->ao_count != 1 || sg->hdr[sg->ao_off + 1] != ILPC_AO_OPT_LEN || sg->hdr_len + sg->len > ILPC_AO_MAX_SEG_LEN)
        return -1;
    memset(v, 0, sizeof *v);
    v->sne = sne;
    v->src_ip = sg->src_ip;
    v->dst_ip = sg->dst_ip;
    v->hdr = sg->hdr;
    v->hdr_len = sg->hdr_len;
    v->ao_off = sg->ao_off;
    v->payload[0] = sg->payload;
    v->payload_len[0] = sg->len;
    return 0;
}

int ilpc__ao_verify_syn(const ilpc_ao_mkt *mkt, const ilpc_seg *sg)
{
    ilpc_ao_segment v;
    ilpc_ao_mac m;
    int ok;
    if (segment_view(sg, 0, &v) < 0 || sg->hdr[sg->ao_off + 2] != mkt->recv_id)
        return 0;
    memset(&m, 0, sizeof m);
    if (keyed_mac(&m, mkt, sg->src_ip, sg->dst_ip, sg->sport, sg->dport, sg->seq, 0) != ILPC_OK)
        return 0;
    ok = ilpc_ao_mac_verify(&m, &v) == 1;
    ilpc_ao_mac_free(&m);
    return ok;
}

int ilpc__ao_verify(ilpc_tcp *c, const ilpc_seg *sg)
{
    ilpc_ao_segment v;
    if ((sg->flags & (TCP_SYN | TCP_ACK)) == TCP_SYN)
        return ilpc__ao_verify_syn(c->env->ao_mkt, sg); /* a retransmitted SYN */
    if (!c->ao_rx.ctx || segment_view(sg, rcv_sne(c, sg->seq), &v) < 0 ||
        sg->hdr[sg->ao_off + 2] != c->env->ao_mkt->recv_id)
        return 0;
    return ilpc_ao_mac_verify(&c->ao_rx, &v) == 1;
}

void ilpc__ao_sign(ilpc_tcp *c, uint8_t *h, size_t hl, size_t ao_off, const uint8_t *p0, size_t n0,
                   const uint8_t *p1, size_t n1)
{
    ilpc_ao_segment v;
    memset(&v, 0, sizeof v);
    v.sne = (h[13] & (TCP_SYN | TCP_ACK)) == TCP_SYN ? 0 : ilpc__ao_snd_sne(c, rd32(h + 4));
    v.src_ip = c->lip;
    v.dst_ip = c->rip;
    v.hdr = h;
    v.hdr_len = hl;
    v.ao_off = ao_off;
    v.payload[0] = p0;
    v.payload_len[0] = n0;
    v.payload[1] = p1;
    v.payload_len[1] = n1;
    /* a MAC that cannot be computed (no key yet, a libcrypto failure) leaves
     * zeros, which the peer drops: never an unsigned segment */
    (void)ilpc_ao_mac_compute(&c->ao_tx, &v, h + ao_off + 4);
}
