/* ilpc_tcp_api.c - the application and ILP API of a connection: sending
 * (reserve / commit, copy, send), receiving (hook, peek / consume, recv),
 * shutdown, and the connection's part of close and abort (the stack frees). */
#include "ilpc_tcp_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------ application API */

ilpc_tcp_state ilpc_tcp_get_state(const ilpc_tcp *c) { return c->state; }
int ilpc_tcp_error(const ilpc_tcp *c) { return c->err; }
const ilpc_tcp_stats *ilpc_tcp_get_stats(const ilpc_tcp *c) { return &c->stats; }
size_t ilpc_tcp_mss(const ilpc_tcp *c) { return c->snd_mss; }

size_t ilpc_tcp_seg_payload(const ilpc_tcp *c)
{
    if (c->state < ILPC_TCP_ESTABLISHED)
        return 0;
    return c->snd_mss & ~(uint32_t)7u;
}

void ilpc_tcp_endpoints(const ilpc_tcp *c, uint32_t *local_ip, uint16_t *local_port, uint32_t *remote_ip,
                        uint16_t *remote_port)
{
    if (local_ip)
        *local_ip = c->lip;
    if (local_port)
        *local_port = c->lport;
    if (remote_ip)
        *remote_ip = c->rip;
    if (remote_port)
        *remote_port = c->rport;
}

void ilpc_tcp_get_path(const ilpc_tcp *c, ilpc_path *p) { *p = c->path; }

int ilpc_tcp_isns(const ilpc_tcp *c, uint32_t *iss, uint32_t *irs)
{
    if (c->state == ILPC_TCP_LISTEN || c->state == ILPC_TCP_SYN_SENT)
        return ILPC_E_NOTCONN;
    if (iss)
        *iss = c->iss;
    if (irs)
        *irs = c->irs;
    return ILPC_OK;
}

int ilpc__tcp_send_status(const ilpc_tcp *c)
{
    if (c->state == ILPC_TCP_LISTEN)
        return ILPC_E_NOTCONN;
    if (c->err)
        return c->err;
    if (c->fin_queued)
        return ILPC_E_CLOSED;
    switch (c->state) {
    case ILPC_TCP_ESTABLISHED:
    case ILPC_TCP_CLOSE_WAIT:
        return ILPC_OK;
    case ILPC_TCP_SYN_SENT:
    case ILPC_TCP_SYN_RECEIVED:
        return ILPC_E_AGAIN;
    default:
        return ILPC_E_CLOSED;
    }
}

int ilpc_tcp_tx_reserve(ilpc_tcp *c, size_t msg_len, ilpc_tx_slot *slot)
{
    int st = ilpc__tcp_send_status(c);
    size_t sp, nsegs;
    if (st)
        return st;
    if (c->tx_reserved || msg_len == 0)
        return ILPC_E_INVAL;
    if (msg_len > ilpc_ring_cap(&c->tx) || msg_len > 0x7fffffffu)
        return ILPC_E_MSGSIZE;
    if (msg_len > ilpc_ring_space(&c->tx))
        return ILPC_E_AGAIN;
    sp = ilpc_tcp_seg_payload(c);
    nsegs = (msg_len + sp - 1) / sp;
    if (ilpc__desc_reserve(&c->desc, nsegs) < 0)
        return ILPC_E_NOMEM;
    if (nsegs > c->sums_cap) {
        size_t cap = c->sums_cap;
        uint32_t *ns;
        while (cap < nsegs)
            cap *= 2;
        ns = malloc(cap * sizeof *ns);
        if (!ns)
            return ILPC_E_NOMEM;
        free(c->sums);
        c->sums = ns;
        c->sums_cap = cap;
    }
    if (c->tx.len == 0)
        ilpc_ring_rewind_if_empty(&c->tx);
    ilpc_ring_spans(&c->tx, c->tx.len, msg_len, slot->p, slot->n);
    slot->seg_payload = sp;
    slot->seg_sums = c->sums;
    slot->nsegs = nsegs;
    slot->len = msg_len;
    c->tx_reserved = msg_len;
    return ILPC_OK;
}

int ilpc_tcp_tx_commit(ilpc_tcp *c, ilpc_tx_slot *slot, int sums_valid)
{
    uint32_t seq;
    size_t i, left, sp;
    int st;
    if (!c->tx_reserved || slot->len != c->tx_reserved || slot->seg_sums != c->sums)
        return ILPC_E_INVAL;
    c->tx_reserved = 0;
    st = ilpc__tcp_send_status(c);
    if (st)
        return st == ILPC_E_AGAIN ? ILPC_E_CLOSED : st;
    seq = tx_end(c);
    left = slot->len;
    sp = slot->seg_payload;
    for (i = 0; i < slot->nsegs; i++) {
        tx_desc d;
        d.seq = seq;
        d.len = (uint32_t)(left < sp ? left : sp);
        d.sum = sums_valid ? (uint16_t)slot->seg_sums[i] : 0;
        d.flags = (uint8_t)((sums_valid ? (DESC_SUM | DESC_HAD_SUM) : 0) | (i + 1 == slot->nsegs ? DESC_MSG_END : 0));
        ilpc__desc_push(&c->desc, &d);
        seq += d.len;
        left -= d.len;
    }
    ilpc_ring_produce(&c->tx, slot->len);
    ilpc__tcp_output(c);
    return ILPC_OK;
}

void ilpc_tcp_tx_cancel(ilpc_tcp *c, ilpc_tx_slot *slot)
{
    if (c->tx_reserved && slot->len == c->tx_reserved)
        c->tx_reserved = 0;
}

int ilpc_tcp_tx_copy(ilpc_tcp *c, const uint8_t *msg, size_t len)
{
    ilpc_tx_slot slot;
    int r = ilpc_tcp_tx_reserve(c, len, &slot);
    if (r)
        return r;
    if (slot.n[0])
        memcpy(slot.p[0], msg, slot.n[0]);
    if (slot.n[1])
        memcpy(slot.p[1], msg + slot.n[0], slot.n[1]);
    return ilpc_tcp_tx_commit(c, &slot, 0);
}

ptrdiff_t ilpc_tcp_send(ilpc_tcp *c, const void *buf, size_t len)
{
    int st = ilpc__tcp_send_status(c), r;
    size_t n;
    if (st)
        return st;
    if (len == 0)
        return 0;
    n = ilpc_ring_space(&c->tx);
    if (c->tx_reserved)
        return ILPC_E_INVAL;
    if (n == 0)
        return ILPC_E_AGAIN;
    if (n > len)
        n = len;
    r = ilpc_tcp_tx_copy(c, (const uint8_t *)buf, n);
    return r ? r : (ptrdiff_t)n;
}

size_t ilpc_tcp_tx_space(const ilpc_tcp *c) { return c->tx.cap ? ilpc_ring_space(&c->tx) : 0; }
size_t ilpc_tcp_tx_pending(const ilpc_tcp *c) { return c->tx.len; }

void ilpc_tcp_set_rx_hook(ilpc_tcp *c, ilpc_rx_hook hook, void *ctx)
{
    c->hook = hook;
    c->hook_ctx = ctx;
}

size_t ilpc_tcp_rx_peek(ilpc_tcp *c, const uint8_t *p[2], size_t n[2])
{
    uint8_t *q[2];
    ilpc_ring_spans(&c->rx, 0, c->rx.len, q, n);
    p[0] = q[0];
    p[1] = q[1];
    return c->rx.len;
}

void ilpc_tcp_rx_consume(ilpc_tcp *c, size_t n)
{
    if (n > c->rx.len)
        n = c->rx.len;
    if (n == 0)
        return;
    ilpc_ring_consume(&c->rx, n);
    if (c->rx.len == 0 && c->ooo_n == 0)
        ilpc_ring_rewind_if_empty(&c->rx);
    if (ilpc__tcp_window_update_due(c))
        ilpc__tcp_output(c);
}

ptrdiff_t ilpc_tcp_recv(ilpc_tcp *c, void *buf, size_t len)
{
    size_t n;
    if (c->state == ILPC_TCP_LISTEN)
        return ILPC_E_NOTCONN;
    if (c->rx.len) {
        n = len < c->rx.len ? len : c->rx.len;
        ilpc_ring_read_at(&c->rx, 0, buf, n);
        ilpc_tcp_rx_consume(c, n);
        return (ptrdiff_t)n;
    }
    if (c->fin_rcvd)
        return 0;
    if (c->err)
        return c->err;
    if (c->state == ILPC_TCP_CLOSED)
        return ILPC_E_NOTCONN;
    return ILPC_E_AGAIN;
}

size_t ilpc_tcp_rx_available(const ilpc_tcp *c) { return c->rx.len; }
int ilpc_tcp_rx_fin(const ilpc_tcp *c) { return c->fin_rcvd; }

int ilpc_tcp_shutdown(ilpc_tcp *c)
{
    switch (c->state) {
    case ILPC_TCP_LISTEN:
        return ILPC_E_NOTCONN;
    case ILPC_TCP_SYN_SENT:
        ilpc__tcp_set_closed(c, 0);
        return ILPC_OK;
    case ILPC_TCP_SYN_RECEIVED:
        c->fin_queued = 1; /* FIN-WAIT-1 once the handshake completes */
        return ILPC_OK;
    case ILPC_TCP_ESTABLISHED:
        c->fin_queued = 1;
        c->state = ILPC_TCP_FIN_WAIT_1;
        break;
    case ILPC_TCP_CLOSE_WAIT:
        c->fin_queued = 1;
        c->state = ILPC_TCP_LAST_ACK;
        break;
    default:
        return c->err ? c->err : ILPC_OK;
    }
    c->tx_reserved = 0;
    ilpc__tcp_output(c);
    return ILPC_OK;
}

void ilpc__tcp_abort_rst(ilpc_tcp *c)
{
    if (synchronized(c) && c->state != ILPC_TCP_TIME_WAIT && c->state != ILPC_TCP_CLOSED)
        ilpc__tcp_rst(c, c->snd_max);
}

int ilpc__tcp_close_begin(ilpc_tcp *c)
{
    if (c->state == ILPC_TCP_CLOSED)
        return 1;
    if (c->rx.len > 0) {
        /* unread data: abort, as the peer can never learn it was lost */
        ilpc__tcp_abort_rst(c);
        return 1;
    }
    c->app_owned = 0;
    c->detached = 1;
    c->hook = NULL;
    ilpc_tcp_shutdown(c);
    if (c->state == ILPC_TCP_FIN_WAIT_2 && c->tw_at == ILPC_TIME_NEVER)
        c->tw_at = ilpc__tcp_now(c) + c->cfg.fin_wait2_ns;
    return ilpc__tcp_reapable(c);
}
