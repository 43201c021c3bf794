/* ilpc_tcp_input.c - segment arrival (RFC 9293 3.10.7): acceptability,
 * RST and SYN handling, ACK processing with congestion control and fast
 * retransmit, reassembly of out-of-order data, FIN; path validation.
 *
 * RFC 5961 in full: an RST resets only at exactly RCV.NXT (elsewhere in the
 * window: a challenge ACK), a SYN in a synchronised state gets a challenge
 * ACK, and an ACK outside [SND.UNA - MAX.SND.WND, SND.NXT] drops the segment
 * with its data (an ACK above SND.NXT gets a challenge ACK).  Challenge ACKs
 * are limited per connection (CHALLENGE_ACK_LIMIT a second), never stack-wide:
 * a shared limit is itself a side channel (Y. Cao et al., "Off-Path TCP
 * Exploits: Global Rate Limit Considered Dangerous", USENIX Security 2016).
 * A segment that fails any check changes nothing but the counters and, from
 * the connection's own path, the ACK it is owed. */
#include "ilpc_tcp_internal.h"

#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- input */

/* RFC 5961 7: a challenge ACK, unless this connection has sent
 * CHALLENGE_ACK_LIMIT of them in the current window. */
static void challenge_ack(ilpc_tcp *c)
{
    uint64_t now = ilpc__tcp_now(c);
    if (now - c->cack_window >= CHALLENGE_ACK_WINDOW_NS) {
        c->cack_window = now;
        c->cack_count = 0;
    }
    if (c->cack_count >= CHALLENGE_ACK_LIMIT) {
        TSTAT(c, challenge_acks_limited);
        return;
    }
    c->cack_count++;
    c->ack_now = 1;
    TSTAT(c, challenge_acks);
}

/* RFC 9293 3.10.7.4: does a segment of seglen sequence numbers at seq fall
 * in the receive window? */
static int seq_acceptable(const ilpc_tcp *c, uint32_t seq, uint32_t seglen)
{
    uint32_t wnd = rcv_wnd(c);
    if (seglen == 0)
        return wnd == 0 ? seq == c->rcv_nxt : (seq_ge(seq, c->rcv_nxt) && seq_lt(seq, c->rcv_nxt + wnd));
    if (wnd == 0)
        return 0;
    return (seq_ge(seq, c->rcv_nxt) && seq_lt(seq, c->rcv_nxt + wnd)) ||
           (seq_ge(seq + seglen - 1, c->rcv_nxt) && seq_lt(seq + seglen - 1, c->rcv_nxt + wnd));
}

/* RFC 5961 5.2: SND.UNA - MAX.SND.WND <= SEG.ACK <= SND.NXT (SND.MAX here:
 * our SND.NXT may be rewound for a retransmission). */
static int ack_acceptable(const ilpc_tcp *c, uint32_t ack)
{
    return !seq_gt(ack, c->snd_max) && !seq_lt(ack, c->snd_una - c->max_snd_wnd);
}

static void schedule_ack(ilpc_tcp *c)
{
    if (c->cfg.ack_delay_ns == 0) {
        c->ack_now = 1;
        return;
    }
    if (++c->unacked_segs >= 2) {
        c->ack_now = 1; /* at least every second segment (RFC 1122 4.2.3.2, RFC 5681 4.2) */
    } else {
        /* never longer than half our own minimum RTO: a peer configured
         * like us would otherwise time out waiting for this ACK */
        uint64_t d = c->cfg.ack_delay_ns, half = c->cfg.rto_min_ns / 2;
        TSTAT(c, delayed_acks);
        if (half && d > half)
            d = half;
        if (c->ack_at == NEVER)
            c->ack_at = ilpc__tcp_now(c) + d;
    }
}

static void become_established(ilpc_tcp *c)
{
    c->state = ILPC_TCP_ESTABLISHED;
    ilpc__tcp_compute_snd_mss(c);
    c->cwnd = 10 * c->snd_mss;
    c->ssthresh = 0x7fffffffu;
    if (c->max_snd_wnd < c->snd_wnd)
        c->max_snd_wnd = c->snd_wnd;
    if (c->fin_queued)
        c->state = ILPC_TCP_FIN_WAIT_1;
}

/* Insert [s, e) into the sorted out-of-order range list, merging. */
static int ooo_add(ilpc_tcp *c, uint32_t s, uint32_t e)
{
    unsigned i = 0, j;
    while (i < c->ooo_n && c->ooo[i].end < s)
        i++;
    j = i;
    while (j < c->ooo_n && c->ooo[j].start <= e) {
        if (c->ooo[j].start < s)
            s = c->ooo[j].start;
        if (c->ooo[j].end > e)
            e = c->ooo[j].end;
        j++;
    }
    if (j == i) {
        if (c->ooo_n >= c->cfg.ooo_ranges)
            return -1;
        memmove(&c->ooo[i + 1], &c->ooo[i], (c->ooo_n - i) * sizeof *c->ooo);
        c->ooo_n++;
    } else {
        memmove(&c->ooo[i + 1], &c->ooo[j], (c->ooo_n - j) * sizeof *c->ooo);
        c->ooo_n -= j - i - 1;
    }
    c->ooo[i].start = s;
    c->ooo[i].end = e;
    c->ooo[i].stamp = ++c->ooo_stamp;
    return 0;
}

static void accept_fin(ilpc_tcp *c)
{
    c->rcv_nxt++;
    c->fin_rcvd = 1;
    c->ooo_fin = 0;
    c->ack_now = 1;
    switch (c->state) {
    case ILPC_TCP_ESTABLISHED:
        c->state = ILPC_TCP_CLOSE_WAIT;
        break;
    case ILPC_TCP_FIN_WAIT_1:
        c->state = ILPC_TCP_CLOSING;
        break;
    case ILPC_TCP_FIN_WAIT_2:
        ilpc__tcp_enter_time_wait(c);
        break;
    default:
        break;
    }
}

/* Store the (acceptable, checksum-verified) payload.  Returns 0, or -1 if
 * the connection was aborted because the application had closed it. */
static int process_data(ilpc_tcp *c, uint32_t seq, const uint8_t *p, uint32_t n)
{
    uint32_t off, wnd;
    if (seq_lt(seq, c->rcv_nxt)) {
        uint32_t d = c->rcv_nxt - seq;
        if (d >= n)
            n = 0;
        else {
            p += d;
            n -= d;
        }
        seq = c->rcv_nxt;
    }
    if (n == 0) {
        c->ack_now = 1; /* duplicate: tell the peer where we are */
        return 0;
    }
    off = seq - c->rcv_nxt;
    wnd = rcv_wnd(c);
    if (off >= wnd) {
        c->ack_now = 1;
        return 0;
    }
    if (n > wnd - off)
        n = wnd - off;
    if (c->detached) {
        /* new data for a closed handle: nobody will read it */
        ilpc__tcp_rst(c, c->snd_max);
        ilpc__tcp_set_closed(c, ILPC_E_CONNRESET);
        return -1;
    }
    if (off == 0 && c->ooo_n == 0) {
        ilpc_ring_write_at(&c->rx, c->rx.len, p, n);
        ilpc_ring_produce(&c->rx, n);
        c->rcv_nxt += n;
        TSTAT_ADD(c, bytes_in, n);
        schedule_ack(c);
        return 0;
    }
    if (!c->cfg.ooo_ranges || ooo_add(c, off, off + n) < 0) {
        if (off == 0) {
            /* in order but no range slot left: [0, n) touches no stored
             * range (it would have merged), so take it and shift them */
            unsigned i;
            ilpc_ring_write_at(&c->rx, c->rx.len, p, n);
            ilpc_ring_produce(&c->rx, n);
            c->rcv_nxt += n;
            TSTAT_ADD(c, bytes_in, n);
            for (i = 0; i < c->ooo_n; i++) {
                c->ooo[i].start -= n;
                c->ooo[i].end -= n;
            }
            c->ack_now = 1;
            return 0;
        }
        TSTAT(c, ooo_dropped);
        c->ack_now = 1;
        return 0;
    }
    ilpc_ring_write_at(&c->rx, c->rx.len + off, p, n);
    if (off > 0)
        TSTAT(c, ooo_queued);
    if (c->ooo[0].start == 0) {
        uint32_t k = c->ooo[0].end;
        unsigned i;
        memmove(&c->ooo[0], &c->ooo[1], (c->ooo_n - 1) * sizeof *c->ooo);
        c->ooo_n--;
        for (i = 0; i < c->ooo_n; i++) {
            c->ooo[i].start -= k;
            c->ooo[i].end -= k;
        }
        ilpc_ring_produce(&c->rx, k);
        c->rcv_nxt += k;
        TSTAT_ADD(c, bytes_in, k);
    }
    c->ack_now = 1; /* out of order or hole filled: ACK at once (RFC 5681) */
    return 0;
}

/* An acceptable ACK for new data: release ring bytes, sample RTT, restart
 * the retransmission timer, grow the congestion window. */
static void ack_new_data(ilpc_tcp *c, uint32_t ack, const ilpc_seg *sg)
{
    uint32_t acked = ack - c->snd_una;
    if (seq_gt(ack, c->tx_base)) {
        uint32_t d = ack - c->tx_base;
        if (d > c->tx.len)
            d = (uint32_t)c->tx.len;
        ilpc_ring_consume(&c->tx, d);
        c->tx_base += d;
        ilpc__desc_ack(&c->desc, c->tx_base);
        if (c->tx.len == 0 && !c->tx_reserved)
            ilpc_ring_rewind_if_empty(&c->tx);
    }
    if (c->ts_ok && sg->has_ts && sg->tsecr != 0) {
        /* RTTM (RFC 7323 4): the echoed timestamp dates the segment that
         * caused this ACK, retransmitted or not */
        uint32_t d = ts_now(c) - sg->tsecr;
        if (d < 0x80000000u) {
            ilpc__tcp_rtt_sample(c, (uint64_t)d * ILPC_NS_PER_MS);
            TSTAT(c, ts_rtt_samples);
        }
        c->rtt_active = 0;
    } else if (c->rtt_active && seq_ge(ack, c->rtt_seq)) {
        ilpc__tcp_rtt_sample(c, ilpc__tcp_now(c) - c->rtt_start);
        c->rtt_active = 0;
    }
    c->retries = 0;
    c->rxt_at = NEVER; /* progress: re-armed by output */
    c->rxt_shift = 0;
    c->tlp_done = 0;
    if (c->sack_rec) {
        if (seq_ge(ack, c->recover)) {
            c->in_recovery = c->sack_rec = 0;
            if (c->cfg.congestion_control)
                c->cwnd = c->ssthresh;
        } else if (seq_gt(ack, c->high_rxt)) {
            c->high_rxt = ack;
        }
    } else if (c->cfg.congestion_control) {
        if (c->in_recovery) {
            if (seq_ge(ack, c->recover)) {
                c->in_recovery = 0;
                c->cwnd = c->ssthresh;
            } else {
                /* NewReno partial ACK: retransmit the next hole, deflate */
                c->fast_rexmit_pending = 1;
                c->cwnd = c->cwnd > acked ? c->cwnd - acked + c->snd_mss : c->snd_mss;
            }
        } else if (c->cwnd < c->ssthresh) {
            c->cwnd += min_u32(acked, c->snd_mss);
        } else {
            uint32_t inc = c->snd_mss * c->snd_mss / (c->cwnd ? c->cwnd : 1);
            c->cwnd += inc ? inc : 1;
        }
        if (c->cwnd > 0x40000000u)
            c->cwnd = 0x40000000u;
    } else if (c->in_recovery && seq_ge(ack, c->recover)) {
        c->in_recovery = 0;
    }
    c->dupacks = 0;
    c->snd_una = ack;
    if (seq_lt(c->snd_nxt, c->snd_una))
        c->snd_nxt = c->snd_una;
    if (c->sb.n && ilpc__sack_trim(&c->sb, c->snd_una))
        TSTAT(c, sack_reneged);
    c->rto_at = c->snd_una == c->snd_max ? NEVER : ilpc__tcp_now(c) + c->rto;
}

/* In recovery: data sent after the last hole retransmission has been SACKed
 * while holes below high_rxt remain: those retransmissions were lost too;
 * start a new round from snd_una. */
static void check_lost_rxt(ilpc_tcp *c)
{
    const sack_board *sb = &c->sb;
    if (!c->sack_rec || !sb->n || !seq_gt(c->high_rxt, c->snd_una))
        return;
    if (!seq_gt(sb->r[sb->n - 1].end, c->rxt_mark))
        return;
    /* is there still a hole below high_rxt? */
    if (seq_lt(c->snd_una, sb->r[0].start) && seq_lt(c->snd_una, c->high_rxt))
        ilpc__tcp_new_recovery_round(c);
}

static void dup_ack(ilpc_tcp *c)
{
    TSTAT(c, dup_acks);
    c->dupacks++;
    if (c->in_recovery) {
        if (c->cfg.congestion_control && !c->sack_rec)
            c->cwnd += c->snd_mss; /* inflate */
        return;
    }
    if (c->dupacks == TCP_DUPTHRESH || (c->sack_ok && ilpc__tcp_is_lost(c, c->snd_una)))
        ilpc__tcp_enter_recovery(c);
}

static void reset_received(ilpc_tcp *c)
{
    TSTAT(c, rst_in);
    switch (c->state) {
    case ILPC_TCP_SYN_RECEIVED:
        ilpc__tcp_set_closed(c, c->passive ? 0 : ILPC_E_CONNREFUSED);
        break;
    case ILPC_TCP_ESTABLISHED:
    case ILPC_TCP_FIN_WAIT_1:
    case ILPC_TCP_FIN_WAIT_2:
    case ILPC_TCP_CLOSE_WAIT:
        ilpc__tcp_set_closed(c, ILPC_E_CONNRESET);
        break;
    default:
        ilpc__tcp_set_closed(c, 0);
        break;
    }
}

static void syn_sent_input(ilpc_tcp *c, const ilpc_seg *sg)
{
    int ack_ok = 0;
    if (sg->flags & TCP_ACK) {
        if (seq_le(sg->ack, c->iss) || seq_gt(sg->ack, c->snd_max)) {
            if (!(sg->flags & TCP_RST)) {
                ilpc__tcp_rst(c, sg->ack);
            }
            TSTAT(c, dropped);
            return;
        }
        ack_ok = 1;
    }
    if (sg->flags & TCP_RST) {
        if (ack_ok && !c->ao_on) {
            TSTAT(c, rst_in);
            ilpc__tcp_set_closed(c, ILPC_E_CONNREFUSED);
        } else {
            /* with TCP-AO the refusal comes from no connection, so it cannot
             * be signed (RFC 5925 7.7): the open times out instead */
            TSTAT(c, dropped);
        }
        return;
    }
    if (!(sg->flags & TCP_SYN)) {
        TSTAT(c, dropped);
        return;
    }
    if (c->ao_on) {
        /* the SYN-ACK is signed with the keys both ISNs make: key with its
         * sequence number, check, and go back to the SYN's key if it fails */
        if (ilpc__ao_key_other(c, sg->seq) != ILPC_OK || !ilpc__ao_verify(c, sg)) {
            TSTAT(c, ao_bad);
            (void)ilpc__ao_key_syn(c);
            return;
        }
    }
    ilpc__tcp_take_syn(c, sg);
    c->ack_now = 1;
    if (ack_ok) {
        if (c->rtt_active && seq_ge(sg->ack, c->rtt_seq))
            ilpc__tcp_rtt_sample(c, ilpc__tcp_now(c) - c->rtt_start);
        c->rtt_active = 0;
        c->retries = 0;
        c->snd_una = sg->ack;
        if (seq_lt(c->snd_nxt, c->snd_una))
            c->snd_nxt = c->snd_una;
        c->snd_wl2 = sg->ack;
        c->rto_at = NEVER;
        become_established(c);
    } else {
        /* simultaneous open: answer with SYN-ACK from the same ISS */
        c->snd_wl2 = c->iss;
        c->state = ILPC_TCP_SYN_RECEIVED;
        c->snd_nxt = c->iss;
        c->rto_at = NEVER;
    }
}

static int fused_eligible(const ilpc_tcp *c, const ilpc_seg *sg)
{
    if (!c->hook || sg->len == 0 || c->detached || !can_receive_data(c))
        return 0;
    if ((sg->flags & (TCP_SYN | TCP_RST | TCP_URG)) || !(sg->flags & TCP_ACK))
        return 0;
    if (sg->seq != c->rcv_nxt || c->rx.len != 0 || c->ooo_n != 0)
        return 0;
    if (sg->len > rcv_wnd(c))
        return 0;
    if (seq_gt(sg->ack, c->snd_max) || seq_lt(sg->ack, c->snd_una - c->max_snd_wnd))
        return 0;
    if (c->ts_ok && sg->has_ts && c->ts_recent_valid && seq_lt(sg->tsval, c->ts_recent))
        return 0; /* PAWS will drop it */
    return 1;
}

/* RFC 7323 5.3 R1 (PAWS): a segment whose timestamp is older than
 * TS.Recent is an old duplicate (unless the connection was idle for more
 * than 24 days, when TS.Recent itself is stale). */
static int paws_reject(ilpc_tcp *c, const ilpc_seg *sg)
{
    if (!c->ts_ok || !sg->has_ts || !c->ts_recent_valid || (sg->flags & TCP_RST))
        return 0;
    if (!seq_lt(sg->tsval, c->ts_recent))
        return 0;
    if (ilpc__tcp_now(c) - c->ts_recent_at > TS_PAWS_IDLE_NS) {
        c->ts_recent_valid = 0;
        return 0;
    }
    return 1;
}

/* Start validating path p, which an accepted segment came along: the next
 * output sends it a challenge (ilpc_tcp_output.c, path_output). */
static void validate_path(ilpc_tcp *c, const ilpc_path *p)
{
    TSTAT(c, new_path_accepted);
    if (c->cand_active && ilpc_path_same(&c->cand, p))
        return; /* under way */
    c->cand = *p;
    c->cand_active = 1;
    c->cand_tries = 0;
    c->cand_nonce = ilpc__env_nonce(c->env);
    c->cand_at = ilpc__tcp_now(c);
}

/* A path option of an accepted segment: answer a challenge; move to the
 * candidate path on the response to ours, come along that path.  1 when the
 * connection moved. */
static int path_option(ilpc_tcp *c, const ilpc_seg *sg)
{
    if (sg->path_opt == TCP_PATH_CHALLENGE) {
        c->resp_pending = 1;
        c->resp_nonce = sg->path_nonce;
    } else if (sg->path_opt == TCP_PATH_RESPONSE && c->cand_active && sg->path_nonce == c->cand_nonce &&
               ilpc_path_same(&sg->path, &c->cand)) {
        c->path = sg->path;
        c->cand_active = 0;
        c->cand_at = NEVER;
        TSTAT(c, path_changes);
        return 1;
    }
    return 0;
}

int ilpc__tcp_acceptable_on_new_path(ilpc_tcp *c, ilpc_seg *sg)
{
    uint32_t seglen = (uint32_t)sg->len + ((sg->flags & TCP_FIN) ? 1u : 0u);
    if (c->state < ILPC_TCP_ESTABLISHED || c->state == ILPC_TCP_TIME_WAIT)
        return 0;
    if ((sg->flags & (TCP_SYN | TCP_RST)) || !(sg->flags & TCP_ACK))
        return 0; /* neither resets nor restarts come from elsewhere */
    if (!seq_acceptable(c, sg->seq, seglen) || !ack_acceptable(c, sg->ack))
        return 0;
    if (c->ts_ok && sg->has_ts && c->ts_recent_valid && seq_lt(sg->tsval, c->ts_recent))
        return 0; /* PAWS */
    if (!sg->csum_checked) {
        if (!ilpc__seg_csum_ok(sg))
            return 0;
        sg->csum_checked = 1;
    }
    return !c->ao_on || ilpc__ao_verify(c, sg);
}

static void tcp_input(ilpc_tcp *c, ilpc_seg *sg)
{
    uint8_t flags = sg->flags;
    uint32_t seq = sg->seq, seglen, wnd, fin_pos, swnd, sacked = 0;
    const uint8_t *payload = sg->payload;
    uint32_t plen = (uint32_t)sg->len;
    int consumed = 0, acceptable, trimmed_all = 0;

    TSTAT(c, seg_in);
    TRACE(c, "in ", flags, seq, sg->ack, sg->wnd, plen);
    if (c->state == ILPC_TCP_CLOSED || c->state == ILPC_TCP_LISTEN) {
        TSTAT(c, dropped);
        return;
    }
    if (c->ao_on && c->state != ILPC_TCP_SYN_SENT && !sg->new_path && !ilpc__ao_verify(c, sg)) {
        /* RFC 5925 7.5: a segment whose MAC is missing or wrong is dropped
         * silently, before anything else looks at it (a new path's segment
         * was checked already) */
        TSTAT(c, ao_bad);
        return;
    }
    if (fused_eligible(c, sg)) {
        ilpc_rx_verdict v = c->hook(c->hook_ctx, sg->payload, sg->len, sg->hdr_sum);
        if (v == ILPC_RX_CONSUMED) {
            consumed = 1;
            sg->csum_checked = 1;
            TSTAT(c, rx_fused_consumed);
        } else if (v == ILPC_RX_DROP) {
            TSTAT(c, rx_fused_dropped);
            TSTAT(c, bad_csum);
            return;
        } else {
            TSTAT(c, rx_fused_declined);
        }
    }
    if (!sg->csum_checked) {
        if (!ilpc__seg_csum_ok(sg)) {
            TSTAT(c, bad_csum);
            return;
        }
        sg->csum_checked = 1;
    }
    if (c->state == ILPC_TCP_SYN_SENT) {
        syn_sent_input(c, sg);
        return;
    }
    if (paws_reject(c, sg)) {
        c->ack_now = 1;
        TSTAT(c, paws_dropped);
        TSTAT(c, dropped);
        return;
    }
    swnd = (flags & TCP_SYN) ? sg->wnd : (uint32_t)sg->wnd << c->snd_wscale;

    if (c->state == ILPC_TCP_SYN_RECEIVED && (flags & TCP_SYN) && seq == c->irs && !(flags & TCP_RST)) {
        if (!(flags & TCP_ACK)) {
            c->ack_now = 1; /* retransmitted SYN: repeat our SYN-ACK */
            return;
        }
        /* simultaneous open: the peer's SYN-ACK; its SYN is already counted */
        flags &= (uint8_t)~TCP_SYN;
        seq += 1;
        c->ack_now = 1;
    }

    /* SYN in a synchronized state, whatever its sequence number: challenge
     * ACK (RFC 5961 4.2) */
    if ((flags & TCP_SYN) && !(flags & TCP_RST)) {
        challenge_ack(c);
        TSTAT(c, dropped);
        return;
    }

    /* 1. sequence number acceptability (RFC 9293 3.10.7.4) */
    seglen = plen + ((flags & TCP_SYN) ? 1u : 0u) + ((flags & TCP_FIN) ? 1u : 0u);
    wnd = rcv_wnd(c);
    acceptable = consumed || seq_acceptable(c, seq, seglen);
    if (!acceptable && wnd == 0 && seq == c->rcv_nxt && !(flags & (TCP_SYN | TCP_RST))) {
        /* zero window: keep the ACK (and window) information, drop the text */
        acceptable = 1;
        trimmed_all = 1;
        c->ack_now = 1;
    }
    if (!acceptable) {
        if (!(flags & TCP_RST)) {
            c->ack_now = 1;
            if (c->state == ILPC_TCP_TIME_WAIT && (flags & TCP_FIN))
                c->tw_at = ilpc__tcp_now(c) + c->cfg.time_wait_ns;
        }
        TSTAT(c, dropped);
        return;
    }

    /* 2. RST: exact match resets, in-window gets a challenge ACK (RFC 5961) */
    if (flags & TCP_RST) {
        if (seq == c->rcv_nxt)
            reset_received(c);
        else
            challenge_ack(c);
        return;
    }
    /* 4. SYN with RST: handled as RST above; nothing else carries SYN here */
    /* 5. ACK */
    if (!(flags & TCP_ACK)) {
        TSTAT(c, dropped);
        return;
    }
    if (c->state == ILPC_TCP_SYN_RECEIVED) {
        if (seq_gt(sg->ack, c->snd_una) && seq_le(sg->ack, c->snd_max)) {
            c->snd_wnd = swnd;
            c->snd_wl1 = seq;
            c->snd_wl2 = sg->ack;
            become_established(c);
            if (c->passive && c->listener)
                c->events |= ILPC_TCP_EV_CHILD_ESTABLISHED;
        } else {
            ilpc__tcp_rst(c, sg->ack);
            TSTAT(c, dropped);
            return;
        }
    }
    if (!ack_acceptable(c, sg->ack)) {
        /* RFC 5961 5.2: above SND.NXT (something never sent) or below
         * SND.UNA - MAX.SND.WND: a challenge ACK, the data is not taken */
        challenge_ack(c);
        TSTAT(c, dropped);
        return;
    }

    /* Accepted. */
    ilpc__ao_rcv_accepted(c, seq);
    /* RFC 7323 5.3 R3: remember the timestamp to echo (only from
     * a segment at or below the last ACK sent, so that delayed ACKs echo the
     * earliest) */
    if (c->ts_ok && sg->has_ts && seq_le(seq, c->last_ack_sent) &&
        (!c->ts_recent_valid || seq_ge(sg->tsval, c->ts_recent))) {
        c->ts_recent = sg->tsval;
        c->ts_recent_at = ilpc__tcp_now(c);
        c->ts_recent_valid = 1;
    }
    /* Paths: a response to our challenge moves the connection; a segment
     * from another path starts validating that path (nothing is sent there
     * before it answers); our own path learns the local address used. */
    if (!(sg->path_opt && path_option(c, sg)) && sg->new_path)
        validate_path(c, &sg->path);
    else if (!sg->new_path && !c->path.local_ip && ilpc_path_same(&c->path, &sg->path))
        c->path.local_ip = sg->path.local_ip;
    c->persist_unanswered = 0;
    if (c->sack_ok && sg->nsack && seq_ge(sg->ack, c->snd_una)) {
        uint32_t top = c->snd_max;
        unsigned blocks;
        if (c->fin_queued && seq_gt(top, tx_end(c)))
            top = tx_end(c); /* the FIN is not data: never SACKed */
        sacked = ilpc__sack_update(&c->sb, sg, c->snd_una, top, &blocks);
        TSTAT_ADD(c, sack_blocks_in, blocks);
    }
    if (sacked && c->sack_rec)
        check_lost_rxt(c);
    if (seq_gt(sg->ack, c->snd_una)) {
        ack_new_data(c, sg->ack, sg);
    } else if (sg->ack == c->snd_una && c->snd_max != c->snd_una &&
               seq_lt(c->snd_una, tx_end(c) + (c->fin_queued ? 1u : 0u)) && !sg->path_opt &&
               (sacked || (plen == 0 && !(flags & TCP_FIN) && swnd == c->snd_wnd))) {
        /* a duplicate ACK (RFC 5681 2), or one that SACKs new data (RFC 6675 2);
         * not a path probe, which is a pure ACK for another purpose */
        dup_ack(c);
    }
    if (sacked && !c->in_recovery && ilpc__tcp_is_lost(c, c->snd_una))
        ilpc__tcp_enter_recovery(c); /* RFC 6675 5 (2): IsLost(HighACK + 1) */
    if (seq_ge(sg->ack, c->snd_una) &&
        (seq_lt(c->snd_wl1, seq) || (c->snd_wl1 == seq && seq_le(c->snd_wl2, sg->ack)))) {
        c->snd_wnd = swnd;
        c->snd_wl1 = seq;
        c->snd_wl2 = sg->ack;
        if (c->snd_wnd > c->max_snd_wnd)
            c->max_snd_wnd = c->snd_wnd;
    }
    if (c->fin_queued && c->snd_una == tx_end(c) + 1) {
        /* our FIN is acknowledged */
        switch (c->state) {
        case ILPC_TCP_FIN_WAIT_1:
            c->state = ILPC_TCP_FIN_WAIT_2;
            if (c->detached)
                c->tw_at = ilpc__tcp_now(c) + c->cfg.fin_wait2_ns;
            break;
        case ILPC_TCP_CLOSING:
            ilpc__tcp_enter_time_wait(c);
            return;
        case ILPC_TCP_LAST_ACK:
            ilpc__tcp_set_closed(c, 0);
            return;
        default:
            break;
        }
    }
    if (c->state == ILPC_TCP_TIME_WAIT) {
        if (flags & TCP_FIN) {
            c->ack_now = 1;
            c->tw_at = ilpc__tcp_now(c) + c->cfg.time_wait_ns;
        }
        return;
    }

    /* 7. segment text */
    if (trimmed_all)
        return;
    fin_pos = seq + plen;
    if (can_receive_data(c)) {
        if (consumed) {
            c->rcv_nxt += plen;
            c->rcv_adv += plen; /* nothing was buffered: the edge moves with rcv_nxt */
            TSTAT_ADD(c, bytes_in, plen);
            schedule_ack(c);
        } else if (plen) {
            if (process_data(c, seq, payload, plen) < 0)
                return;
        }
    }
    /* 8. FIN */
    if ((flags & TCP_FIN) && can_receive_data(c)) {
        if (fin_pos == c->rcv_nxt)
            accept_fin(c);
        else if (seq_gt(fin_pos, c->rcv_nxt)) {
            c->ooo_fin = 1;
            c->ooo_fin_seq = fin_pos;
            c->ack_now = 1;
        }
    } else if (c->ooo_fin && can_receive_data(c) && c->ooo_fin_seq == c->rcv_nxt) {
        accept_fin(c);
    }
}

unsigned ilpc__tcp_input(ilpc_tcp *c, ilpc_seg *sg)
{
    tcp_input(c, sg);
    return ilpc__tcp_take_events(c);
}
