/* ilpc_tcp_timer.c - the connection's timers (retransmission, persist,
 * TIME-WAIT / FIN-WAIT-2, delayed ACK) and RTT estimation (RFC 6298). */
#include "ilpc_tcp_internal.h"

#include <stdlib.h>
#include <string.h>

#define RTO_GRANULARITY_NS (1 * ILPC_NS_PER_MS)

/* ----------------------------------------------------------------- timers */

static uint64_t persist_interval(const ilpc_tcp *c)
{
    uint64_t base = c->rto < c->cfg.rto_min_ns ? c->cfg.rto_min_ns : c->rto;
    unsigned sh = c->persist_shift > 16 ? 16 : c->persist_shift;
    uint64_t v = base << sh;
    if (v > c->cfg.rto_max_ns || (v >> sh) != base)
        v = c->cfg.rto_max_ns;
    return v;
}

/* RFC 6298 timer discipline, or the persist timer when the peer's window
 * is zero and data waits. */
void ilpc__tcp_arm_timers(ilpc_tcp *c)
{
    uint64_t now = ilpc__tcp_now(c);
    int outstanding = c->snd_max != c->snd_una;
    int persist = c->state >= ILPC_TCP_ESTABLISHED && c->snd_wnd == 0 && seq_lt(c->snd_una, tx_end(c));

    if (persist) {
        c->rto_at = NEVER;
        c->rxt_at = NEVER;
        if (c->persist_at == NEVER)
            c->persist_at = now + persist_interval(c);
        return;
    }
    c->persist_at = NEVER;
    c->persist_shift = 0;
    if (outstanding) {
        if (c->rto_at == NEVER)
            c->rto_at = now + c->rto;
        if (c->sack_ok)
            ilpc__sack_arm_probe(c);
    } else {
        c->rto_at = NEVER;
        c->rxt_at = NEVER;
    }
}

void ilpc__tcp_rtt_sample(ilpc_tcp *c, uint64_t r)
{
    uint64_t var4;
    if (!c->have_rtt) {
        c->srtt = r;
        c->rttvar = r / 2;
        c->have_rtt = 1;
    } else {
        uint64_t d = c->srtt > r ? c->srtt - r : r - c->srtt;
        c->rttvar = (3 * c->rttvar + d) / 4;
        c->srtt = (7 * c->srtt + r) / 8;
    }
    var4 = 4 * c->rttvar;
    c->rto = c->srtt + (var4 > RTO_GRANULARITY_NS ? var4 : RTO_GRANULARITY_NS);
    if (c->rto < c->cfg.rto_min_ns)
        c->rto = c->cfg.rto_min_ns;
    if (c->rto > c->cfg.rto_max_ns)
        c->rto = c->cfg.rto_max_ns;
}

static void on_rto(ilpc_tcp *c)
{
    uint32_t flight = c->snd_max - c->snd_una;
    c->rto_at = NEVER;
    TSTAT(c, rto_expiries);
    if (++c->retries > c->cfg.max_retries) {
        ilpc__tcp_set_closed(c, ILPC_ETIMEDOUT);
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
    c->desc_cur = 0;
}

static void tcp_timers(ilpc_tcp *c)
{
    uint64_t now = ilpc__tcp_now(c);
    if (c->tw_at != NEVER && now >= c->tw_at) {
        c->tw_at = NEVER;
        if (c->state == ILPC_TCP_TIME_WAIT)
            ilpc__tcp_set_closed(c, 0);
        else if (c->state == ILPC_TCP_FIN_WAIT_2)
            ilpc__tcp_set_closed(c, ILPC_ETIMEDOUT);
        return;
    }
    if (c->rto_at != NEVER && now >= c->rto_at) {
        on_rto(c);
        if (c->state == ILPC_TCP_CLOSED)
            return;
    }
    if (c->rxt_at != NEVER && now >= c->rxt_at)
        ilpc__sack_rxt_timeout(c);
    if (c->persist_at != NEVER && now >= c->persist_at) {
        c->persist_at = NEVER;
        if (c->persist_unanswered >= c->cfg.max_retries) {
            ilpc__tcp_set_closed(c, ILPC_ETIMEDOUT);
            return;
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
    ilpc__tcp_output(c);
}

unsigned ilpc__tcp_timers(ilpc_tcp *c)
{
    tcp_timers(c);
    return ilpc__tcp_take_events(c);
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
