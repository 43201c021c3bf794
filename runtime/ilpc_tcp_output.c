/* ilpc_tcp_output.c - transmission: building and checksumming segments,
 * and the output decision (what to send now: new data within the windows,
 * retransmissions, FIN, ACKs, path probes).  Transmission never queues
 * segments: output computes them from the sequence variables, the send ring
 * and its segment descriptors (ilpc_tcp_desc.h), so a retransmission is
 * "rewind snd_nxt and output again".  Output arms the timers when it is
 * done (ilpc_tcp.c); input, the timers and the API decide, output acts. */
#include "ilpc_tcp_internal.h"

#include <stdlib.h>
#include <string.h>

enum { SUM_NONE, SUM_STORED, SUM_RING };

/* ---------------------------------------------------------------- emit */

/* SYN options: MSS, then SACK-permitted, timestamps and window scale as
 * configured (active open) or as negotiated (the answer to a SYN).  The
 * layout is the one Linux uses, 4-byte aligned with NOPs. */
static size_t syn_options(ilpc_tcp *c, uint8_t *o)
{
    size_t n = 0;
    int answer = c->state != ILPC_TCP_SYN_SENT;
    int sack = answer ? c->sack_ok : c->cfg.sack;
    int ts = answer ? c->ts_ok : c->cfg.timestamps;
    int ws = answer ? c->ws_ok : c->cfg.window_scaling;
    o[n++] = TCPOPT_MSS;
    o[n++] = 4;
    /* 65535: "as large as the link allows" when our transport exceeds it */
    wr16(o + n, (uint16_t)(c->rmss > 65535u ? 65535u : c->rmss));
    n += 2;
    if (sack && ts) {
        o[n++] = TCPOPT_SACK_PERM;
        o[n++] = 2;
    } else if (sack) {
        o[n++] = TCPOPT_NOP;
        o[n++] = TCPOPT_NOP;
        o[n++] = TCPOPT_SACK_PERM;
        o[n++] = 2;
    } else if (ts) {
        o[n++] = TCPOPT_NOP;
        o[n++] = TCPOPT_NOP;
    }
    if (ts) {
        o[n++] = TCPOPT_TS;
        o[n++] = 10;
        wr32(o + n, ts_now(c));
        wr32(o + n + 4, answer ? c->ts_recent : 0);
        n += 8;
    }
    if (ws) {
        o[n++] = TCPOPT_NOP;
        o[n++] = TCPOPT_WS;
        o[n++] = 3;
        o[n++] = c->rcv_wscale_pref;
    }
    return n;
}

/* SACK blocks for the out-of-order ranges, the most recently changed first
 * (RFC 2018 4), as many as room allows (at most 4). */
static size_t sack_options(ilpc_tcp *c, uint8_t *o, size_t room)
{
    unsigned want = room >= 4 + 8 ? (unsigned)((room - 4) / 8) : 0, k = 0, i;
    uint8_t used[64];
    if (want > TCP_MAX_SACK_IN)
        want = TCP_MAX_SACK_IN;
    if (want > c->ooo_n)
        want = c->ooo_n;
    if (!want)
        return 0;
    memset(used, 0, sizeof used);
    o[0] = TCPOPT_NOP;
    o[1] = TCPOPT_NOP;
    o[2] = TCPOPT_SACK;
    for (k = 0; k < want; k++) {
        unsigned best = c->ooo_n;
        for (i = 0; i < c->ooo_n && i < sizeof used; i++)
            if (!used[i] && (best == c->ooo_n || seq_gt(c->ooo[i].stamp, c->ooo[best].stamp)))
                best = i;
        if (best == c->ooo_n)
            break;
        used[best] = 1;
        wr32(o + 4 + 8 * k, c->rcv_nxt + c->ooo[best].start);
        wr32(o + 8 + 8 * k, c->rcv_nxt + c->ooo[best].end);
    }
    o[3] = (uint8_t)(2 + 8 * k);
    TSTAT_ADD(c, sack_blocks_out, k);
    return 4 + 8 * (size_t)k;
}

/* The window field: the free space scaled down, but never a right edge to
 * the left of one already advertised (rounding up to the scale when the
 * shift would lose it).  SYNs are never scaled (RFC 7323 2.2). */
static uint32_t window_field(const ilpc_tcp *c, uint8_t flags, uint32_t *wnd_bytes)
{
    uint32_t w = rcv_wnd(c), sh = (flags & TCP_SYN) ? 0 : c->rcv_wscale, f;
    if (flags & TCP_SYN) {
        f = w > 65535u ? 65535u : w;
        *wnd_bytes = f;
        return f;
    }
    f = w >> sh;
    if (seq_gt(c->rcv_adv, c->rcv_nxt + (f << sh)) && synchronized(c)) {
        uint32_t keep = c->rcv_adv - c->rcv_nxt;
        f = (keep + (1u << sh) - 1) >> sh;
    }
    if (f > 65535u)
        f = 65535u;
    *wnd_bytes = f << sh;
    return f;
}

/* A path challenge or response a pure ACK carries (docs/tcp.md, "Paths"),
 * and the path it goes along. */
typedef struct path_probe {
    int kind; /* TCP_PATH_CHALLENGE or TCP_PATH_RESPONSE */
    uint64_t nonce;
    const ilpc_path *to;
} path_probe;

/* Build and send one segment: header and options, payload from up to two
 * ring spans.  The checksum is the pseudo-header and header sum plus either
 * the stored payload sum or a sum over the ring bytes.  It goes along the
 * connection's path, a path probe's along the probe's. */
static void emit(ilpc_tcp *c, uint8_t flags, uint32_t seq, const uint8_t *p0, size_t n0, const uint8_t *p1,
                 size_t n1, int sum_src, uint16_t stored, const path_probe *probe)
{
    uint8_t h[TCP_HDR_LEN + TCP_MAX_OPT];
    size_t hl = TCP_HDR_LEN, plen = n0 + n1, ao = c->ao_on ? ILPC_AO_OPT_LEN : 0, ao_off = 0;
    uint32_t win = 0, field = 0;
    uint64_t acc;
    uint16_t ck;
    ilpc_iov iov[3];
    int niov = 1;

    if (!(flags & TCP_RST))
        field = window_field(c, flags, &win);
    if (flags & TCP_SYN) {
        hl += syn_options(c, h + hl);
    } else if (!(flags & TCP_RST)) {
        if (c->ts_ok)
            hl += ilpc_tcp_wire_ts(h + hl, ts_now(c), c->ts_recent);
        if (probe)
            hl += ilpc_tcp_wire_path_probe(h + hl, probe->kind, probe->nonce);
        else if (c->sack_ok && c->ooo_n && (flags & TCP_ACK)) {
            /* within the negotiated MSS and the transport's segment limit, and
             * the option space TCP-AO leaves */
            size_t lim = c->env->t->max_seg < (size_t)c->mss_neg + TCP_HDR_LEN ? c->env->t->max_seg
                                                                             : (size_t)c->mss_neg + TCP_HDR_LEN;
            size_t used = hl + ao + plen, room = lim > used ? lim - used : 0;
            if (room > TCP_HDR_LEN + TCP_MAX_OPT - ao - hl)
                room = TCP_HDR_LEN + TCP_MAX_OPT - ao - hl;
            hl += sack_options(c, h + hl, room);
        }
    }
    if (ao) {
        ao_off = hl;
        hl += ilpc_ao_write_option(h + hl, c->env->ao_mkt->send_id, c->env->ao_mkt->recv_id);
    }
    ilpc_tcp_wire_header(h, c->lport, c->rport, seq, (flags & TCP_ACK) ? c->rcv_nxt : 0, hl, flags,
                         (uint16_t)field);
    if (ao)
        ilpc__ao_sign(c, h, hl, ao_off, p0, n0, p1, n1);

    acc = tcp_pseudo_sum(c->lip, c->rip, hl + plen);
    acc = TCSUM_ADD(acc, h, hl);
    if (plen) {
        if (sum_src == SUM_STORED) {
            uint8_t b[2];
            wr16(b, stored);
            acc = TCSUM_ADD(acc, b, 2);
        } else {
            acc = TCSUM_ADD(acc, p0, n0);
            if (n1)
                acc = ilpc_csum_combine_at(acc, TCSUM_ADD(0, p1, n1), n0);
        }
    }
    ck = (uint16_t)~TCSUM_FOLD(acc);
    /* Under TCP-AO the checksum 0x0000 goes out as 0xFFFF, the same sum in one's
     * complement (RFC 1624's -0), which every receiver verifies alike.  Linux's TCP-AO
     * (6.7 to 7.3 at least, tcp_ao_hash_pseudoheader) takes a received segment with the
     * checksum 0 for one of its own outgoing segments, builds the MAC's pseudo-header
     * from the socket's addresses in sending order, and drops it as forged: one
     * segment in 65,536 lost and retransmitted (docs/tcp-ao-linux.md). */
    if (ao && ck == 0)
        ck = 0xffff;
    wr16(h + 16, ck);

    iov[0].base = h;
    iov[0].len = hl;
    if (n0) {
        iov[niov].base = p0;
        iov[niov++].len = n0;
    }
    if (n1) {
        iov[niov].base = p1;
        iov[niov++].len = n1;
    }
    TRACE(c, "out", flags, seq, c->rcv_nxt, win, plen);
    (void)ilpc_transport_send_to(c->env->t, c->lip, c->rip, probe ? probe->to : &c->path, iov, niov);
    TSTAT(c, seg_out);
    TSTAT_ADD(c, bytes_out, plen);
    if (flags & TCP_RST)
        TSTAT(c, rst_out);
    if ((flags & TCP_ACK) && !(probe && probe->kind == TCP_PATH_CHALLENGE)) {
        /* the peer has our ACK (a challenge goes to a path not yet known to
         * reach it: it does not count) */
        c->ack_now = 0;
        c->unacked_segs = 0;
        c->ack_at = NEVER;
        c->rcv_adv = c->rcv_nxt + win;
        c->last_ack_sent = c->rcv_nxt;
    }
}

static void emit_ctl(ilpc_tcp *c, uint8_t flags, uint32_t seq)
{
    if ((flags & (TCP_SYN | TCP_FIN)) && seq_lt(seq, c->snd_max))
        TSTAT(c, retransmits);
    emit(c, flags, seq, NULL, 0, NULL, 0, SUM_NONE, 0, NULL);
}

/* A pure ACK carrying a path challenge (to the candidate path) or the
 * response to one (along the connection's path). */
static void emit_path_probe(ilpc_tcp *c, int kind, uint64_t nonce, const ilpc_path *to)
{
    path_probe pr;
    pr.kind = kind;
    pr.nonce = nonce;
    pr.to = to;
    emit(c, TCP_ACK, c->snd_max, NULL, 0, NULL, 0, SUM_NONE, 0, &pr);
}

/* Path validation, from output: answer a challenge, send (or resend) one to
 * the candidate path, give the candidate up after PATH_CHALLENGE_TRIES. */
static void path_output(ilpc_tcp *c)
{
    uint64_t now;
    if (c->resp_pending) {
        c->resp_pending = 0;
        emit_path_probe(c, TCP_PATH_RESPONSE, c->resp_nonce, &c->path);
        TSTAT(c, path_responses);
    }
    if (!c->cand_active)
        return;
    now = ilpc__tcp_now(c);
    if (now < c->cand_at)
        return;
    if (c->cand_tries >= PATH_CHALLENGE_TRIES) {
        c->cand_active = 0;
        c->cand_at = NEVER;
        TSTAT(c, path_abandoned);
        return;
    }
    emit_path_probe(c, TCP_PATH_CHALLENGE, c->cand_nonce, &c->cand);
    TSTAT(c, path_challenges);
    c->cand_tries++;
    /* again after an RTO (backing off), at least the configured minimum */
    c->cand_at = now + ((c->rto > c->cfg.rto_min_ns ? c->rto : c->cfg.rto_min_ns) << (c->cand_tries - 1));
}

void ilpc__tcp_send_rst(ilpc_tcp_env *env, uint32_t lip, uint16_t lport, uint32_t rip, uint16_t rport,
                        const ilpc_path *path, uint32_t seq, uint32_t ack, int with_ack)
{
    uint8_t h[TCP_HDR_LEN];
    ilpc_iov iov;
    ilpc_tcp_wire_header(h, lport, rport, seq, with_ack ? ack : 0, sizeof h,
                         (uint8_t)(TCP_RST | (with_ack ? TCP_ACK : 0)), 0);
    ilpc_tcp_wire_checksum_bare(h, sizeof h, lip, rip);
    iov.base = h;
    iov.len = sizeof h;
    (void)ilpc_transport_send_to(env->t, lip, rip, path, &iov, 1);
    if (!env->in_poll)
        (void)ilpc_transport_flush(env->t);
    env->stats.seg_out++;
}

void ilpc__tcp_rst(ilpc_tcp *c, uint32_t seq)
{
    if (c->ao_on) {
        /* signed (RFC 5925 7.7: a peer with TCP-AO ignores an unsigned RST) */
        emit(c, TCP_RST, seq, NULL, 0, NULL, 0, SUM_NONE, 0, NULL);
        if (!c->env->in_poll)
            (void)ilpc_transport_flush(c->env->t);
        return;
    }
    ilpc__tcp_send_rst(c->env, c->lip, c->lport, c->rip, c->rport, &c->path, seq, 0, 0);
    TSTAT(c, rst_out);
}

/* Send one data segment of at most maxlen payload bytes starting at seq
 * (never crossing a descriptor boundary).  Returns the payload length; sets
 * *fin when the FIN went with it. */
static uint32_t send_data(ilpc_tcp *c, uint32_t seq, uint32_t maxlen, int *fin)
{
    tx_desc *d = ilpc__desc_lookup(&c->desc, seq);
    uint32_t off = seq - d->seq, n = d->len - off;
    uint8_t flags = TCP_ACK;
    uint8_t *p[2];
    size_t l[2];
    int src;

    if (n > maxlen)
        n = maxlen;
    if (off + n == d->len && (d->flags & DESC_MSG_END))
        flags |= TCP_PSH;
    *fin = 0;
    if (c->fin_queued && seq + n == tx_end(c)) {
        flags |= TCP_FIN;
        *fin = 1;
    }
    ilpc_ring_spans(&c->tx, seq - c->tx_base, n, p, l);
    if (off == 0 && n == d->len && (d->flags & DESC_SUM)) {
        src = SUM_STORED;
        TSTAT(c, tx_sum_stored);
    } else {
        src = SUM_RING;
        TSTAT(c, tx_sum_ring);
        if (d->flags & DESC_HAD_SUM)
            TSTAT(c, tx_sum_fallback);
    }
    if (seq_lt(seq, c->snd_max))
        TSTAT(c, retransmits);
    d->xmit_ts = ilpc__tcp_now(c);
    emit(c, flags, seq, p[0], l[0], p[1], l[1], src, d->sum, NULL);
    return n;
}

/* ---------------------------------------------------------------- output */

/* A window update is worth a segment when the right edge moved by at least
 * two segments or half the buffer (receiver-side silly window avoidance). */
int ilpc__tcp_window_update_due(const ilpc_tcp *c)
{
    uint32_t edge, thresh, half;
    if (!can_receive_data(c))
        return 0;
    edge = c->rcv_nxt + rcv_wnd(c);
    if (!seq_gt(edge, c->rcv_adv))
        return 0;
    half = (uint32_t)(ilpc_ring_cap(&c->rx) / 2);
    thresh = min_u32(2 * c->rmss, half);
    return edge - c->rcv_adv >= thresh;
}

/* RFC 6675 NextSeg rule 4: once per recovery, when nothing else may be
 * sent, resend the highest unSACKed segment so that a loss at the tail is
 * recovered by an ACK instead of an RTO. */
static int rescue_rxmt(ilpc_tcp *c, int tlp)
{
    uint32_t top = c->snd_max, seq, dl;
    int fin;
    if (c->sb.n && c->sb.r[c->sb.n - 1].end == top)
        top = c->sb.r[c->sb.n - 1].start;
    if (seq_gt(top, tx_end(c)))
        top = tx_end(c); /* the FIN goes with the last data byte */
    if (!seq_gt(top, c->snd_una) || (!tlp && !seq_gt(top, c->high_rxt)))
        return 0;
    dl = ilpc__desc_len_at(&c->desc, top - 1);
    seq = top - (dl < c->snd_mss ? dl : c->snd_mss);
    if (!dl || seq_lt(seq, c->snd_una))
        seq = c->snd_una;
    send_data(c, seq, top - seq, &fin);
    if (tlp)
        return 1;
    c->rescue_done = 1;
    ilpc__tcp_arm_rxt(c);
    TSTAT(c, sack_rexmits);
    return 1;
}

/* Our SYN (or SYN-ACK) at the ISS, timed for the first RTT sample unless it
 * is a retransmission (Karn). */
static void send_syn(ilpc_tcp *c, uint8_t flags)
{
    emit_ctl(c, flags, c->iss);
    if (!c->rtt_active && c->snd_max == c->iss) {
        c->rtt_active = 1;
        c->rtt_seq = c->iss + 1;
        c->rtt_start = ilpc__tcp_now(c);
    }
    c->snd_nxt = c->snd_max = c->iss + 1;
}

void ilpc__tcp_output(ilpc_tcp *c)
{
    int sent = 0, fin;
    uint32_t end, pipe_room = 0, cw = c->cfg.congestion_control ? c->cwnd : 0x40000000u;

    switch (c->state) {
    case ILPC_TCP_CLOSED:
    case ILPC_TCP_LISTEN:
        return;
    case ILPC_TCP_SYN_SENT:
        if (c->snd_nxt == c->iss)
            send_syn(c, TCP_SYN);
        ilpc__tcp_arm_timers(c);
        return;
    case ILPC_TCP_SYN_RECEIVED:
        if (c->snd_nxt == c->iss || c->ack_now)
            send_syn(c, TCP_SYN | TCP_ACK);
        ilpc__tcp_arm_timers(c);
        return;
    case ILPC_TCP_TIME_WAIT:
        if (c->ack_now)
            emit_ctl(c, TCP_ACK, c->snd_max);
        return;
    default:
        break;
    }

    path_output(c);
    end = tx_end(c);
    if (c->fast_rexmit_pending) {
        c->fast_rexmit_pending = 0;
        if (seq_lt(c->snd_una, end) && seq_lt(c->snd_una, c->snd_max)) {
            /* resend only what was sent before (the window may have
             * limited the original to part of a descriptor) */
            uint32_t lim = c->snd_max - c->snd_una;
            uint32_t n = send_data(c, c->snd_una, lim < c->snd_mss ? lim : c->snd_mss, &fin);
            uint32_t top = c->snd_una + n + (uint32_t)fin;
            if (seq_gt(top, c->snd_nxt))
                c->snd_nxt = top;
            if (seq_gt(top, c->snd_max))
                c->snd_max = top;
            if (c->sack_rec) {
                if (seq_gt(top, c->high_rxt))
                    c->high_rxt = top;
                c->rxt_mark = c->snd_max;
                ilpc__tcp_arm_rxt(c);
            }
            sent = 1;
        } else if (c->fin_queued && c->snd_una == end && seq_gt(c->snd_max, end)) {
            emit_ctl(c, TCP_FIN | TCP_ACK, end);
            sent = 1;
        }
    }
    if (c->probe_pending) {
        c->probe_pending = 0;
        if (seq_lt(c->snd_una, end)) {
            /* zero-window probe: one byte beyond the window */
            uint32_t n = send_data(c, c->snd_una, 1, &fin);
            uint32_t top = c->snd_una + n + (uint32_t)fin;
            if (seq_gt(top, c->snd_max))
                c->snd_max = top;
            c->rtt_active = 0;
            TSTAT(c, persist_probes);
            sent = 1;
        }
    }
    if (c->sack_rec) {
        /* RFC 6675 5 (C): while cwnd - pipe >= 1 SMSS, NextSeg: rule 1
         * resends lost holes here; rule 2 (new data) is the loop below,
         * limited by cwnd - pipe; rule 4 (rescue) after it. */
        for (;;) {
            uint32_t pipe = ilpc__tcp_pipe(c), hs, hl, n;
            if (pipe >= cw || cw - pipe < c->snd_mss || !ilpc__tcp_next_lost(c, &hs, &hl))
                break;
            n = send_data(c, hs, hl < c->snd_mss ? hl : c->snd_mss, &fin);
            c->high_rxt = hs + n + (uint32_t)fin;
            c->rxt_mark = c->snd_max;
            ilpc__tcp_arm_rxt(c);
            TSTAT(c, sack_rexmits);
            sent = 1;
        }
        pipe_room = ilpc__tcp_pipe(c);
        pipe_room = pipe_room < cw ? cw - pipe_room : 0;
    }
    for (;;) {
        if (seq_lt(c->snd_nxt, end)) {
            uint32_t limit = c->snd_una + c->snd_wnd, usable, want, n;
            if (c->sack_rec) {
                uint32_t lc = c->snd_nxt + pipe_room;
                if (seq_lt(lc, limit))
                    limit = lc;
            } else if (c->cfg.congestion_control) {
                uint32_t lc = c->snd_una + c->cwnd;
                if (seq_lt(lc, limit))
                    limit = lc;
            }
            if (seq_lt(c->snd_nxt, c->snd_max) && c->sb.n) {
                /* resending after an RTO: skip what the peer has SACKed */
                uint32_t sk = ilpc__sack_skip(&c->sb, c->snd_nxt);
                if (sk != c->snd_nxt) {
                    TSTAT_ADD(c, sack_skipped, sk - c->snd_nxt);
                    c->snd_nxt = sk;
                    continue;
                }
            }
            if (!seq_lt(c->snd_nxt, limit))
                break;
            usable = limit - c->snd_nxt;
            want = ilpc__desc_remaining(&c->desc, c->snd_nxt);
            if (want > c->snd_mss)
                want = c->snd_mss;
            if (usable < want) {
                /* Sender-side silly window avoidance: do not cut a segment
                 * while ACKs for what was (re)sent are still expected to
                 * open the window.  snd_nxt, not snd_max: after an RTO
                 * rewind nothing of this round is in flight. */
                if (c->snd_nxt != c->snd_una)
                    break;
                want = usable;
            }
            if (!c->rtt_active && c->snd_nxt == c->snd_max) {
                c->rtt_active = 1;
                c->rtt_start = ilpc__tcp_now(c);
                c->rtt_seq = c->snd_nxt + 1;
            }
            n = send_data(c, c->snd_nxt, want, &fin);
            c->snd_nxt += n + (uint32_t)fin;
            if (seq_gt(c->snd_nxt, c->snd_max))
                c->snd_max = c->snd_nxt;
            if (c->sack_rec)
                pipe_room = pipe_room > n ? pipe_room - n : 0;
            sent = 1;
            continue;
        }
        if (c->fin_queued && c->snd_nxt == end &&
            (c->state == ILPC_TCP_FIN_WAIT_1 || c->state == ILPC_TCP_CLOSING || c->state == ILPC_TCP_LAST_ACK)) {
            emit_ctl(c, TCP_FIN | TCP_ACK, end);
            c->snd_nxt = end + 1;
            if (seq_gt(c->snd_nxt, c->snd_max))
                c->snd_max = c->snd_nxt;
            sent = 1;
        }
        break;
    }
    if (c->sack_rec && !c->rescue_done && !seq_lt(c->snd_nxt, end) && pipe_room >= c->snd_mss)
        sent |= rescue_rxmt(c, 0);
    if (c->tlp_pending) {
        /* tail loss probe: new data if the peer's window allows, else the
         * last segment again; its ACK (with SACK) starts recovery */
        c->tlp_pending = 0;
        if (seq_lt(c->snd_nxt, end) && c->snd_nxt == c->snd_max && seq_lt(c->snd_nxt, c->snd_una + c->snd_wnd)) {
            uint32_t room = c->snd_una + c->snd_wnd - c->snd_nxt, want = ilpc__desc_remaining(&c->desc, c->snd_nxt), n;
            if (want > c->snd_mss)
                want = c->snd_mss;
            if (want > room)
                want = room;
            n = send_data(c, c->snd_nxt, want, &fin);
            c->snd_nxt += n + (uint32_t)fin;
            c->snd_max = c->snd_nxt;
            sent = 1;
        } else if (c->snd_una != c->snd_max) {
            sent |= rescue_rxmt(c, 1);
        }
    }
    /* A segment without data, SYN or FIN carries SND.MAX, not a rewound
     * SND.NXT: a sequence number below the peer's RCV.NXT would make the
     * peer discard it as an old duplicate, ACK field and all (BSD does the
     * same). */
    if (!sent && (c->ack_now || ilpc__tcp_window_update_due(c)))
        emit_ctl(c, TCP_ACK, c->snd_max);
    ilpc__tcp_arm_timers(c);
    if (!c->env->in_poll)
        (void)ilpc_transport_flush(c->env->t); /* an application call: transmit now */
}
