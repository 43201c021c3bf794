/* ilpc_tcp_timer.c - what the connection's timers do when they expire
 * (retransmission, the SACK recovery / reordering / loss probe timer,
 * persist, TIME-WAIT / FIN-WAIT-2, delayed ACK).  Arming them and RTT
 * estimation are ilpc_tcp.c's; transmitting what they decide is output's,
 * which the stack runs after them (ILPC_TCP_EV_OUTPUT). */
#include "ilpc_tcp_internal.h"

#include <stdlib.h>
#include <string.h>

static void on_rto(ilpc_tcp *c)
{
    uint32_t flight = c->snd_max - c->snd_una;
    c->rto_at = NEVER;
    TSTAT(c, rto_expiries);
    if (++c->retries > c->cfg.max_retries) {
        ilpc__tcp_set_closed(c, ILPC_E_TIMEDOUT);
        return;
    }
    c->rto = c->rto * 2 > c->cfg.rto_max_ns ? c->cfg.rto_max_ns : c->rto * 2;
    if (c->cfg.congestion_control && c->state >= ILPC_TCP_ESTABLISHED) {
        c->ssthresh = max_u32(flight / 2, 2 * c->snd_mss);
        c->cwnd = c->snd_mss;
    }
    c->in_recovery = 0;
    c->sack_rec = 0; /* the scoreboard stays: SACKed data is not resent */
    c->rxt_at = NEVER;
    c->tlp_done = 1; /* no loss probe until an ACK makes progress */
    c->dupacks = 0;
    c->rtt_active = 0; /* Karn: never time a retransmitted segment */
    c->snd_nxt = c->snd_una;
    c->desc.cur = 0;
}

/* The recovery timer expired.  In recovery: the retransmissions since the
 * last ACK progress are deemed lost; start a new round from snd_una.
 * Outside it: the reordering timer (the hole at snd_una may now be lost by
 * time: enter recovery) or the tail loss probe. */
static void on_rxt(ilpc_tcp *c)
{
    c->rxt_at = NEVER;
    if (c->snd_una == c->snd_max || c->state < ILPC_TCP_ESTABLISHED)
        return;
    if (!c->sack_rec) {
        if (c->sb.n && ilpc__tcp_is_lost(c, c->snd_una)) {
            ilpc__tcp_enter_recovery(c);
        } else if (!c->tlp_done && !c->sb.n) {
            c->tlp_done = 1;
            c->tlp_pending = 1;
            TSTAT(c, tlp_probes);
        }
        return;
    }
    ilpc__tcp_new_recovery_round(c);
    c->rxt_shift++;
    c->fast_rexmit_pending = 1; /* the hole at snd_una first, SACKed or not */
}

/* 1 if output is due next, 0 if the connection went (or is) quiet. */
static int tcp_timers(ilpc_tcp *c)
{
    uint64_t now = ilpc__tcp_now(c);
    if (c->tw_at != NEVER && now >= c->tw_at) {
        c->tw_at = NEVER;
        if (c->state == ILPC_TCP_TIME_WAIT)
            ilpc__tcp_set_closed(c, 0);
        else if (c->state == ILPC_TCP_FIN_WAIT_2)
            ilpc__tcp_set_closed(c, ILPC_E_TIMEDOUT);
        return 0;
    }
    if (c->rto_at != NEVER && now >= c->rto_at) {
        on_rto(c);
        if (c->state == ILPC_TCP_CLOSED)
            return 0;
    }
    if (c->rxt_at != NEVER && now >= c->rxt_at)
        on_rxt(c);
    if (c->persist_at != NEVER && now >= c->persist_at) {
        c->persist_at = NEVER;
        if (c->persist_unanswered >= c->cfg.max_retries) {
            ilpc__tcp_set_closed(c, ILPC_E_TIMEDOUT);
            return 0;
        }
        c->persist_unanswered++;
        c->probe_pending = 1;
        if (c->persist_shift < 16)
            c->persist_shift++;
    }
    if (c->ack_at != NEVER && now >= c->ack_at) {
        c->ack_at = NEVER;
        c->ack_now = 1;
        TSTAT(c, delack_timeouts);
    }
    return 1;
}

unsigned ilpc__tcp_timers(ilpc_tcp *c)
{
    unsigned out = tcp_timers(c) ? ILPC_TCP_EV_OUTPUT : 0u;
    return out | ilpc__tcp_take_events(c);
}

uint64_t ilpc__tcp_deadline(const ilpc_tcp *c)
{
    uint64_t d = c->rto_at;
    if (c->persist_at < d)
        d = c->persist_at;
    if (c->tw_at < d)
        d = c->tw_at;
    if (c->ack_at < d)
        d = c->ack_at;
    if (c->rxt_at < d)
        d = c->rxt_at;
    if (c->cand_active && c->cand_at < d)
        d = c->cand_at; /* the next path challenge (ilpc_tcp_output.c) */
    return d;
}
