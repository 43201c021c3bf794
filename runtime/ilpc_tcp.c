/* ilpc_tcp.c - the state of a TCP connection, the layer every other part
 * of the connection builds on (ilpc_tcp_internal.h, "Layers"):
 *   - lifetime: configuration defaults, creation with the ISN chosen by the
 *     stack, the passive and active opens, entering TIME-WAIT and CLOSED,
 *     freeing;
 *   - RTT estimation (RFC 6298) and arming the timers, which output, input
 *     and the timers all do;
 *   - loss recovery's state changes (NewReno, RFC 6675) and its questions
 *     to the SACK scoreboard (ilpc_tcp_sack.h), which input and the timers
 *     decide on and output acts on.
 * The other parts live in ilpc_tcp_output.c (what to transmit),
 * ilpc_tcp_input.c (segment arrival), ilpc_tcp_timer.c (the timers'
 * expiries), ilpc_tcp_api.c (application and ILP calls) and
 * ilpc_tcp_wait.c (blocking helpers).  None of them calls into the stack
 * (ilpc_stack.c) but the blocking helpers: what the stack must act on is
 * returned as events. */
#include "ilpc_tcp_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ misc */

void ilpc_tcp_config_default(ilpc_tcp_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->tx_buf = 256 * 1024;
    cfg->rx_buf = 256 * 1024;
    cfg->rto_init_ns = 1 * ILPC_NS_PER_S;
    cfg->rto_min_ns = 200 * ILPC_NS_PER_MS;
    cfg->rto_max_ns = 60 * ILPC_NS_PER_S;
    cfg->max_retries = 8;
    cfg->time_wait_ns = 1 * ILPC_NS_PER_S;
    cfg->fin_wait2_ns = 60 * ILPC_NS_PER_S;
    cfg->ack_delay_ns = 40 * ILPC_NS_PER_MS;
    cfg->ooo_ranges = 32;
    cfg->congestion_control = 1;
    cfg->window_scaling = 1;
    cfg->timestamps = 1;
    cfg->sack = 1;
}

const char *ilpc_tcp_state_name(ilpc_tcp_state s)
{
    static const char *const names[] = { "CLOSED", "LISTEN", "SYN-SENT", "SYN-RECEIVED", "ESTABLISHED",
                                         "FIN-WAIT-1", "FIN-WAIT-2", "CLOSE-WAIT", "CLOSING", "LAST-ACK",
                                         "TIME-WAIT" };
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

/* The send MSS: the peer's MSS option against ours; 65535 from the peer
 * means "as large as the link allows" (RFC 2675 section 5.2), i.e. our
 * transport's segment limit.  Segments carry the timestamp option on top of
 * the header, so the payload per segment is that much smaller (RFC 6691). */
void ilpc__tcp_compute_snd_mss(ilpc_tcp *c)
{
    size_t lim = c->env->t->max_seg > TCP_HDR_LEN ? c->env->t->max_seg - TCP_HDR_LEN : TCP_DEFAULT_MSS;
    uint32_t smss = lim > 0x7fffffffu ? 0x7fffffffu : (uint32_t)lim; /* what our link lets us send */
    uint32_t peer = c->peer_mss == 65535u ? smss : c->peer_mss;
    uint32_t m = min_u32(peer, smss);
    if (m < TCP_MIN_MSS)
        m = TCP_MIN_MSS;
    if (c->ao_on && m > ILPC_AO_MAX_SEG_LEN - TCP_HDR_LEN)
        m = ILPC_AO_MAX_SEG_LEN - TCP_HDR_LEN; /* the MAC covers a 16-bit TCP length */
    c->mss_neg = m;
    if (c->ts_ok)
        m -= TCP_TS_LEN;
    if (c->ao_on)
        m -= ILPC_AO_OPT_LEN;
    c->snd_mss = m;
}

/* Smallest shift that lets the window field describe the whole receive
 * buffer (RFC 7323 2.3), at most 14. */
static uint8_t choose_wscale(size_t rx_cap)
{
    uint8_t s = 0;
    while (s < TCP_MAX_WSCALE && (rx_cap >> s) > 65535u)
        s++;
    return s;
}

void ilpc_tcp_get_options(const ilpc_tcp *c, ilpc_tcp_options *o)
{
    memset(o, 0, sizeof *o);
    o->wscale = c->ws_ok;
    o->snd_wscale = c->snd_wscale;
    o->rcv_wscale = c->rcv_wscale;
    o->timestamps = c->ts_ok;
    o->sack = c->sack_ok;
    o->mss = c->mss_neg;
    o->peer_mss = c->peer_mss;
    o->seg_payload = c->snd_mss & ~(uint32_t)7u;
    o->tcp_ao = c->ao_on;
}

/* Options of the peer's SYN against our configuration (RFC 7323 1.3, 2.2;
 * RFC 2018 2): each is in use only if both sides offered it. */
static void negotiate(ilpc_tcp *c, const ilpc_seg *syn)
{
    c->peer_mss = syn->has_mss ? syn->mss : TCP_DEFAULT_MSS;
    c->peer_ws = syn->has_ws;
    c->peer_ts = syn->has_ts;
    c->peer_sack = syn->has_sack_perm;
    c->ws_ok = c->cfg.window_scaling && syn->has_ws;
    c->snd_wscale = c->ws_ok ? (uint8_t)(syn->ws > TCP_MAX_WSCALE ? TCP_MAX_WSCALE : syn->ws) : 0;
    c->rcv_wscale = c->ws_ok ? c->rcv_wscale_pref : 0;
    c->ts_ok = c->cfg.timestamps && syn->has_ts;
    if (c->ts_ok) {
        c->ts_recent = syn->tsval;
        c->ts_recent_at = ilpc__tcp_now(c);
        c->ts_recent_valid = 1;
    }
    c->sack_ok = c->cfg.sack && syn->has_sack_perm;
    ilpc__tcp_compute_snd_mss(c);
}

/* -------------------------------------------------------- create / free */

ilpc_tcp *ilpc__tcp_new(ilpc_tcp_env *env, const ilpc_tcp_config *cfg, int with_buffers)
{
    ilpc_tcp *c = calloc(1, sizeof *c);
    size_t ms;
    if (!c)
        return NULL;
    c->env = env;
    c->cfg = *cfg;
    c->ao_on = env->ao_mkt != NULL;
    c->rto_at = c->persist_at = c->tw_at = c->ack_at = c->rxt_at = c->cand_at = NEVER;
    c->rto = c->cfg.rto_init_ns;
    /* the MSS we advertise: what our end of the link may receive (a transport's
     * max_rx_seg, when its far end may send larger segments than we do) */
    ms = env->t->max_rx_seg > env->t->max_seg ? env->t->max_rx_seg : env->t->max_seg;
    ms = ms > TCP_HDR_LEN ? ms - TCP_HDR_LEN : TCP_DEFAULT_MSS;
    c->rmss = ms > 0x7fffffffu ? 0x7fffffffu : (uint32_t)ms;
    c->peer_mss = TCP_DEFAULT_MSS;
    ilpc__tcp_compute_snd_mss(c);
    if (with_buffers) {
        if (ilpc_ring_init(&c->tx, c->cfg.tx_buf) < 0 || ilpc_ring_init(&c->rx, c->cfg.rx_buf) < 0)
            goto fail;
        c->rcv_wscale_pref = c->cfg.window_scaling ? choose_wscale(ilpc_ring_cap(&c->rx)) : 0;
        (void)ilpc__desc_init(&c->desc, 64);
        c->sums_cap = 16;
        c->sums = malloc(c->sums_cap * sizeof *c->sums);
        c->ooo = c->cfg.ooo_ranges ? malloc(c->cfg.ooo_ranges * sizeof *c->ooo) : NULL;
        if (!c->desc.d || !c->sums || (c->cfg.ooo_ranges && !c->ooo))
            goto fail;
    }
    return c;
fail:
    ilpc__tcp_free(c);
    return NULL;
}

void ilpc__tcp_free(ilpc_tcp *c)
{
    if (!c)
        return;
    ilpc__ao_free(c);
    ilpc_ring_destroy(&c->tx);
    ilpc_ring_destroy(&c->rx);
    ilpc__desc_destroy(&c->desc);
    free(c->sums);
    free(c->ooo);
    free(c->acceptq);
    free(c);
}

void ilpc__tcp_init_active(ilpc_tcp *c, uint32_t iss)
{
    c->iss = iss;
    c->ts_off = iss * 2654435761u; /* per-connection TSval offset */
    c->snd_una = c->snd_nxt = c->snd_max = c->iss;
    c->tx_base = c->iss + 1;
    c->state = ILPC_TCP_SYN_SENT;
    if (c->ao_on)
        (void)ilpc__ao_key_syn(c); /* on failure the SYN goes out with a zero MAC: dropped */
}

void ilpc__tcp_init_passive(ilpc_tcp *c, const ilpc_seg *syn, uint32_t iss)
{
    c->iss = iss;
    c->ts_off = iss * 2654435761u;
    c->snd_una = c->snd_nxt = c->snd_max = c->iss;
    c->tx_base = c->iss + 1;
    ilpc__tcp_take_syn(c, syn);
    c->snd_wl2 = c->iss;
    c->state = ILPC_TCP_SYN_RECEIVED;
    if (c->ao_on)
        (void)ilpc__ao_key_other(c, syn->seq);
}

/* ------------------------------------------------------------- closing */

void ilpc__tcp_take_syn(ilpc_tcp *c, const ilpc_seg *syn)
{
    c->irs = syn->seq;
    c->rcv_nxt = syn->seq + 1;
    c->rcv_adv = c->rcv_nxt;
    negotiate(c, syn);
    c->snd_wnd = syn->wnd; /* never scaled on a SYN */
    c->max_snd_wnd = syn->wnd;
    c->snd_wl1 = syn->seq;
}

void ilpc__tcp_set_closed(ilpc_tcp *c, int err)
{
    if (err && !c->err)
        c->err = err;
    c->state = ILPC_TCP_CLOSED;
    c->rto_at = c->persist_at = c->tw_at = c->ack_at = c->rxt_at = c->cand_at = NEVER;
    c->cand_active = c->resp_pending = 0;
    c->sack_rec = c->in_recovery = 0;
    c->ack_now = 0;
    c->probe_pending = c->fast_rexmit_pending = 0;
    if (c->listener && !c->in_acceptq)
        c->events |= ILPC_TCP_EV_CHILD_GONE;
}

void ilpc__tcp_enter_time_wait(ilpc_tcp *c)
{
    c->state = ILPC_TCP_TIME_WAIT;
    c->rto_at = c->persist_at = NEVER;
    c->tw_at = ilpc__tcp_now(c) + c->cfg.time_wait_ns;
}

int ilpc__tcp_reapable(const ilpc_tcp *c)
{
    return c->state == ILPC_TCP_CLOSED && !c->app_owned && !c->in_acceptq;
}

/* ------------------------------------------- RTT estimation and timers */

#define RTO_GRANULARITY_NS (1 * ILPC_NS_PER_MS)

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

static uint64_t persist_interval(const ilpc_tcp *c)
{
    uint64_t base = c->rto < c->cfg.rto_min_ns ? c->cfg.rto_min_ns : c->rto;
    unsigned sh = c->persist_shift > 16 ? 16 : c->persist_shift;
    uint64_t v = base << sh;
    if (v > c->cfg.rto_max_ns || (v >> sh) != base)
        v = c->cfg.rto_max_ns;
    return v;
}

/* How long after its transmission a hole with data SACKed above it is
 * deemed lost: an RTT plus a quarter of it (at least 1 ms). */
static uint64_t reo_timeout(const ilpc_tcp *c)
{
    uint64_t srtt = c->have_rtt ? c->srtt : c->rto, slack = srtt / 4;
    if (slack < ILPC_NS_PER_MS)
        slack = ILPC_NS_PER_MS;
    return srtt + slack;
}

/* Outside recovery: arm the reordering timer (SACKed data above a hole not
 * yet deemed lost) or the tail loss probe (RFC 8985 7.2). */
static void arm_probe(ilpc_tcp *c)
{
    uint64_t now, at;
    if (c->sack_rec || c->rxt_at != NEVER || c->snd_una == c->snd_max || c->state < ILPC_TCP_ESTABLISHED)
        return;
    now = ilpc__tcp_now(c);
    if (c->sb.n) {
        /* reordering timer: when the hole at snd_una turns lost by time */
        uint64_t x = ilpc__desc_xmit_at(&c->desc, c->snd_una);
        at = (x ? x : now) + reo_timeout(c);
    } else if (!c->tlp_done) {
        /* PTO = 2 SRTT, plus the peer's delayed-ACK allowance when a lone
         * segment is in flight */
        uint64_t pto = c->have_rtt ? 2 * c->srtt : c->rto;
        if (c->snd_max - c->snd_una <= c->snd_mss)
            pto += c->cfg.ack_delay_ns;
        if (pto < 2 * ILPC_NS_PER_MS)
            pto = 2 * ILPC_NS_PER_MS;
        at = now + pto;
    } else {
        return;
    }
    if (at < c->rto_at)
        c->rxt_at = at;
}

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
            arm_probe(c);
    } else {
        c->rto_at = NEVER;
        c->rxt_at = NEVER;
    }
}

void ilpc__tcp_arm_rxt(ilpc_tcp *c)
{
    uint64_t srtt = c->have_rtt ? c->srtt : c->rto, slack = srtt / 4;
    if (slack < 2 * ILPC_NS_PER_MS)
        slack = 2 * ILPC_NS_PER_MS;
    /* doubled for every restart that brought no ACK progress, so a dead
     * peer sees a few rounds before the RTO, not a storm */
    c->rxt_at = ilpc__tcp_now(c) + ((srtt + slack) << (c->rxt_shift < 8 ? c->rxt_shift : 8));
}

/* --------------------------------------------------------- loss recovery */

/* Enter loss recovery: NewReno (RFC 6582) without SACK, RFC 6675 with it
 * (cwnd = ssthresh, the pipe estimate then limits what is in flight). */
void ilpc__tcp_enter_recovery(ilpc_tcp *c)
{
    uint32_t flight = c->snd_max - c->snd_una;
    c->in_recovery = 1;
    c->recover = c->snd_max;
    c->fast_rexmit_pending = 1;
    c->rtt_active = 0;
    TSTAT(c, fast_retransmits);
    if (c->sack_ok) {
        c->sack_rec = 1;
        c->high_rxt = c->snd_una;
        c->rescue_done = 0;
        /* after an RTO rewind the holes are the scoreboard's business:
         * what is neither SACKed nor lost is still in flight */
        c->snd_nxt = c->snd_max;
        TSTAT(c, sack_recoveries);
    }
    if (c->cfg.congestion_control) {
        c->ssthresh = max_u32(flight / 2, 2 * c->snd_mss);
        c->cwnd = c->sack_rec ? c->ssthresh : c->ssthresh + 3 * c->snd_mss;
    }
}

void ilpc__tcp_new_recovery_round(ilpc_tcp *c)
{
    if (c->cfg.congestion_control) {
        /* a lost retransmission is a new congestion signal: halve again */
        c->cwnd = c->cwnd / 2 > 2 * c->snd_mss ? c->cwnd / 2 : 2 * c->snd_mss;
        c->ssthresh = c->cwnd;
    }
    c->high_rxt = c->snd_una;
    c->rxt_mark = c->snd_max;
    c->rescue_done = 0;
    TSTAT(c, sack_lost_rxt);
}

static sack_loss loss_params(const ilpc_tcp *c)
{
    sack_loss l;
    l.smss = c->snd_mss;
    l.desc = &c->desc;
    l.now = ilpc__tcp_now(c);
    l.reo = reo_timeout(c);
    return l;
}

/* Where the walk for lost holes starts: above what this recovery has
 * retransmitted already. */
static uint32_t lost_from(const ilpc_tcp *c)
{
    return seq_gt(c->high_rxt, c->snd_una) && c->sack_rec ? c->high_rxt : c->snd_una;
}

int ilpc__tcp_is_lost(const ilpc_tcp *c, uint32_t seq)
{
    sack_loss l = loss_params(c);
    return ilpc__sack_is_lost(&c->sb, seq, &l);
}

uint32_t ilpc__tcp_pipe(const ilpc_tcp *c)
{
    sack_loss l = loss_params(c);
    return ilpc__sack_pipe(&c->sb, c->snd_una, c->snd_max, lost_from(c), &l);
}

int ilpc__tcp_next_lost(const ilpc_tcp *c, uint32_t *seq, uint32_t *len)
{
    sack_loss l = loss_params(c);
    return ilpc__sack_next_lost(&c->sb, lost_from(c), &l, seq, len);
}
