/* ilpc_tcp.c - lifetime of a TCP connection: configuration defaults,
 * creation with the ISN chosen by the stack, the passive and active opens,
 * entering TIME-WAIT and CLOSED, freeing.  The other parts of the
 * connection live in ilpc_tcp_input.c (segment arrival), ilpc_tcp_output.c
 * (what to transmit), ilpc_tcp_timer.c (RTO, persist, TIME-WAIT, delayed
 * ACK, RTT estimation), ilpc_tcp_api.c (application and ILP calls) and
 * ilpc_tcp_wait.c (blocking helpers).  None of them calls into the stack
 * (ilpc_stack.c): what the stack must act on is returned as events. */
#include "ilpc_tcp_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ misc */

void ilpc_tcp_config_default(ilpc_tcp_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->tx_buf = 64 * 1024;
    cfg->rx_buf = 64 * 1024;
    cfg->rto_init_ns = 1 * ILPC_NS_PER_S;
    cfg->rto_min_ns = 200 * ILPC_NS_PER_MS;
    cfg->rto_max_ns = 60 * ILPC_NS_PER_S;
    cfg->max_retries = 8;
    cfg->time_wait_ns = 1 * ILPC_NS_PER_S;
    cfg->fin_wait2_ns = 60 * ILPC_NS_PER_S;
    cfg->ack_delay_ns = 0;
    cfg->ooo_ranges = 8;
    cfg->congestion_control = 1;
}

const char *ilpc_strerror(int err)
{
    switch (err) {
    case ILPC_OK: return "success";
    case ILPC_EAGAIN: return "operation would block";
    case ILPC_ECONNRESET: return "connection reset";
    case ILPC_ECONNREFUSED: return "connection refused";
    case ILPC_ETIMEDOUT: return "timed out";
    case ILPC_ECLOSED: return "connection closed for this operation";
    case ILPC_ENOTCONN: return "not connected";
    case ILPC_EMSGSIZE: return "message too large for the send buffer";
    case ILPC_EADDRINUSE: return "address in use";
    case ILPC_EINVAL: return "invalid argument";
    case ILPC_ENOMEM: return "out of memory";
    case ILPC_EIO: return "transport I/O error";
    default: return err < 0 && err > -100 ? "codec error (see ilpc_xdr_strerror)" : "unknown error";
    }
}

const char *ilpc_tcp_state_name(ilpc_tcp_state s)
{
    static const char *const names[] = { "CLOSED", "LISTEN", "SYN-SENT", "SYN-RECEIVED", "ESTABLISHED",
                                         "FIN-WAIT-1", "FIN-WAIT-2", "CLOSE-WAIT", "CLOSING", "LAST-ACK",
                                         "TIME-WAIT" };
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

void ilpc__tcp_compute_snd_mss(ilpc_tcp *c)
{
    uint32_t m = min_u32(c->peer_mss, c->rmss);
    if (m < TCP_MIN_MSS)
        m = TCP_MIN_MSS;
    c->snd_mss = m;
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
    c->rto_at = c->persist_at = c->tw_at = c->ack_at = NEVER;
    c->rto = c->cfg.rto_init_ns;
    ms = env->t->max_seg > TCP_HDR_LEN ? env->t->max_seg - TCP_HDR_LEN : TCP_DEFAULT_MSS;
    c->rmss = ms > 65535u ? 65535u : (uint32_t)ms;
    c->peer_mss = TCP_DEFAULT_MSS;
    ilpc__tcp_compute_snd_mss(c);
    if (with_buffers) {
        if (ilpc_ring_init(&c->tx, c->cfg.tx_buf) < 0 || ilpc_ring_init(&c->rx, c->cfg.rx_buf) < 0)
            goto fail;
        c->desc_cap = 64;
        c->desc = malloc(c->desc_cap * sizeof *c->desc);
        c->sums_cap = 16;
        c->sums = malloc(c->sums_cap * sizeof *c->sums);
        c->ooo = c->cfg.ooo_ranges ? malloc(c->cfg.ooo_ranges * sizeof *c->ooo) : NULL;
        if (!c->desc || !c->sums || (c->cfg.ooo_ranges && !c->ooo))
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
    ilpc_ring_destroy(&c->tx);
    ilpc_ring_destroy(&c->rx);
    free(c->desc);
    free(c->sums);
    free(c->ooo);
    free(c->acceptq);
    free(c);
}

void ilpc__tcp_init_active(ilpc_tcp *c, uint32_t iss)
{
    c->iss = iss;
    c->snd_una = c->snd_nxt = c->snd_max = c->iss;
    c->tx_base = c->iss + 1;
    c->state = ILPC_TCP_SYN_SENT;
}

void ilpc__tcp_init_passive(ilpc_tcp *c, const ilpc_seg *syn, uint32_t iss)
{
    c->iss = iss;
    c->snd_una = c->snd_nxt = c->snd_max = c->iss;
    c->tx_base = c->iss + 1;
    c->irs = syn->seq;
    c->rcv_nxt = syn->seq + 1;
    c->rcv_adv = c->rcv_nxt;
    c->peer_mss = syn->has_mss ? syn->mss : TCP_DEFAULT_MSS;
    ilpc__tcp_compute_snd_mss(c);
    c->snd_wnd = syn->wnd;
    c->max_snd_wnd = syn->wnd;
    c->snd_wl1 = syn->seq;
    c->snd_wl2 = c->iss;
    c->state = ILPC_TCP_SYN_RECEIVED;
}

/* ------------------------------------------------------------- closing */

void ilpc__tcp_set_closed(ilpc_tcp *c, int err)
{
    if (err && !c->err)
        c->err = err;
    c->state = ILPC_TCP_CLOSED;
    c->rto_at = c->persist_at = c->tw_at = c->ack_at = NEVER;
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
