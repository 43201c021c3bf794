/* ilpc_tcp.c - the TCP connection state machine of the ilpc runtime.
 *
 * One explicit state machine (RFC 9293 states), driven by three entry
 * points: ilpc__tcp_input (a parsed segment for this connection),
 * ilpc__tcp_timers (the clock passed one of its deadlines) and
 * ilpc__tcp_output (decide what to transmit now; called after every input,
 * timer and application call).  Transmission never queues segments: output
 * computes them from the sequence variables, the send ring and the segment
 * descriptors, so a retransmission is "rewind snd_nxt and output again".
 */
#include "ilpc_tcp_internal.h"

#include <stdlib.h>
#include <string.h>

#ifdef ILPC_TCP_TRACE /* debugging aid: log every segment in and out */
#include <stdio.h>
#define TRACE(c, dir, fl, sq, ak, wn, ln)                                                                     \
    fprintf(stderr, "[%llu] %u->%u %s %s flags=%02x seq=%u ack=%u wnd=%u len=%u rcv_nxt=%u snd_una=%u\n",   \
            (unsigned long long)(now_of(c) / 1000000u), (unsigned)(c)->lport, (unsigned)(c)->rport, dir,      \
            ilpc_tcp_state_name((c)->state), (unsigned)(fl), (unsigned)(sq), (unsigned)(ak), (unsigned)(wn), \
            (unsigned)(ln), (unsigned)(c)->rcv_nxt, (unsigned)(c)->snd_una)
#else
#define TRACE(c, dir, fl, sq, ak, wn, ln) ((void)0)
#endif

#define NEVER ILPC_TIME_NEVER
#define RTO_GRANULARITY_NS (1 * ILPC_NS_PER_MS)

enum { SUM_NONE, SUM_STORED, SUM_RING };

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

static uint64_t now_of(const ilpc_tcp *c) { return ilpc__now(c->stack); }

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* Receive window: free space of the stream buffer, at most 65535 (no
 * scaling).  The right edge never moves left, because bytes only leave the
 * free space by advancing rcv_nxt by the same amount. */
static uint32_t rcv_wnd(const ilpc_tcp *c)
{
    size_t sp = ilpc_ring_space(&c->rx);
    return sp > 65535u ? 65535u : (uint32_t)sp;
}

static uint32_t tx_end(const ilpc_tcp *c) { return c->tx_base + (uint32_t)c->tx.len; }

static int synchronized(const ilpc_tcp *c)
{
    return c->state >= ILPC_TCP_SYN_RECEIVED;
}

static int can_receive_data(const ilpc_tcp *c)
{
    return c->state == ILPC_TCP_ESTABLISHED || c->state == ILPC_TCP_FIN_WAIT_1 || c->state == ILPC_TCP_FIN_WAIT_2;
}

static void compute_snd_mss(ilpc_tcp *c)
{
    uint32_t m = min_u32(c->peer_mss, c->rmss);
    if (m < TCP_MIN_MSS)
        m = TCP_MIN_MSS;
    c->snd_mss = m;
}

/* -------------------------------------------------------- create / free */

ilpc_tcp *ilpc__tcp_new(ilpc_stack *s, int with_buffers)
{
    ilpc_tcp *c = calloc(1, sizeof *c);
    size_t ms;
    if (!c)
        return NULL;
    c->stack = s;
    c->cfg = s->cfg.tcp;
    c->rto_at = c->persist_at = c->tw_at = c->ack_at = NEVER;
    c->rto = c->cfg.rto_init_ns;
    ms = s->t->max_seg > TCP_HDR_LEN ? s->t->max_seg - TCP_HDR_LEN : TCP_DEFAULT_MSS;
    c->rmss = ms > 65535u ? 65535u : (uint32_t)ms;
    c->peer_mss = TCP_DEFAULT_MSS;
    compute_snd_mss(c);
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

void ilpc__tcp_init_active(ilpc_tcp *c)
{
    c->iss = ilpc__isn(c->stack, c->lip, c->lport, c->rip, c->rport);
    c->snd_una = c->snd_nxt = c->snd_max = c->iss;
    c->tx_base = c->iss + 1;
    c->state = ILPC_TCP_SYN_SENT;
}

void ilpc__tcp_init_passive(ilpc_tcp *c, const ilpc_seg *syn)
{
    c->iss = ilpc__isn(c->stack, c->lip, c->lport, c->rip, c->rport);
    c->snd_una = c->snd_nxt = c->snd_max = c->iss;
    c->tx_base = c->iss + 1;
    c->irs = syn->seq;
    c->rcv_nxt = syn->seq + 1;
    c->rcv_adv = c->rcv_nxt;
    c->peer_mss = syn->has_mss ? syn->mss : TCP_DEFAULT_MSS;
    compute_snd_mss(c);
    c->snd_wnd = syn->wnd;
    c->max_snd_wnd = syn->wnd;
    c->snd_wl1 = syn->seq;
    c->snd_wl2 = c->iss;
    c->state = ILPC_TCP_SYN_RECEIVED;
}

/* ------------------------------------------------------------- closing */

static void set_closed(ilpc_tcp *c, int err)
{
    if (err && !c->err)
        c->err = err;
    c->state = ILPC_TCP_CLOSED;
    c->rto_at = c->persist_at = c->tw_at = c->ack_at = NEVER;
    c->ack_now = 0;
    c->probe_pending = c->fast_rexmit_pending = 0;
    if (c->listener && !c->in_acceptq)
        ilpc__child_gone(c);
}

static void enter_time_wait(ilpc_tcp *c)
{
    c->state = ILPC_TCP_TIME_WAIT;
    c->rto_at = c->persist_at = NEVER;
    c->tw_at = now_of(c) + c->cfg.time_wait_ns;
}

int ilpc__tcp_reapable(const ilpc_tcp *c)
{
    return c->state == ILPC_TCP_CLOSED && !c->app_owned && !c->in_acceptq;
}

/* ---------------------------------------------------------------- emit */

/* Build and send one segment: header (+ MSS option on SYN), payload from up
 * to two ring spans.  The checksum is the pseudo-header and header sum plus
 * either the stored payload sum or a sum over the ring bytes. */
static void emit(ilpc_tcp *c, uint8_t flags, uint32_t seq, const uint8_t *p0, size_t n0, const uint8_t *p1,
                 size_t n1, int sum_src, uint16_t stored)
{
    uint8_t h[24];
    size_t hl = TCP_HDR_LEN, plen = n0 + n1;
    uint32_t win = (flags & TCP_RST) ? 0 : rcv_wnd(c);
    uint64_t acc;
    uint16_t ck;
    ilpc_iov iov[3];
    int niov = 1;

    if (flags & TCP_SYN) {
        hl = 24;
        h[20] = 2;
        h[21] = 4;
        wr16(h + 22, (uint16_t)c->rmss);
    }
    wr16(h, c->lport);
    wr16(h + 2, c->rport);
    wr32(h + 4, seq);
    wr32(h + 8, (flags & TCP_ACK) ? c->rcv_nxt : 0);
    h[12] = (uint8_t)((hl / 4) << 4);
    h[13] = flags;
    wr16(h + 14, (uint16_t)win);
    wr16(h + 16, 0);
    wr16(h + 18, 0);

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
    (void)ilpc_transport_send(c->stack->t, c->lip, c->rip, iov, niov);
    TSTAT(c, seg_out);
    TSTAT_ADD(c, bytes_out, plen);
    if (flags & TCP_RST)
        TSTAT(c, rst_out);
    if (flags & TCP_ACK) {
        c->ack_now = 0;
        c->unacked_segs = 0;
        c->ack_at = NEVER;
        c->rcv_adv = c->rcv_nxt + win;
    }
}

static void emit_ctl(ilpc_tcp *c, uint8_t flags, uint32_t seq)
{
    if ((flags & (TCP_SYN | TCP_FIN)) && seq_lt(seq, c->snd_max))
        TSTAT(c, retransmits);
    emit(c, flags, seq, NULL, 0, NULL, 0, SUM_NONE, 0);
}

/* ------------------------------------------------- segment descriptors */

static tx_desc *desc_at(const ilpc_tcp *c, size_t i)
{
    return &c->desc[(c->desc_head + i) & (c->desc_cap - 1)];
}

static int desc_reserve(ilpc_tcp *c, size_t more)
{
    size_t need = c->desc_cnt + more, cap = c->desc_cap, i;
    tx_desc *nd;
    if (need <= cap)
        return 0;
    while (cap < need)
        cap *= 2;
    nd = malloc(cap * sizeof *nd);
    if (!nd)
        return -1;
    for (i = 0; i < c->desc_cnt; i++)
        nd[i] = *desc_at(c, i);
    free(c->desc);
    c->desc = nd;
    c->desc_cap = cap;
    c->desc_head = 0;
    return 0;
}

static void desc_push(ilpc_tcp *c, const tx_desc *d)
{
    c->desc[(c->desc_head + c->desc_cnt) & (c->desc_cap - 1)] = *d;
    c->desc_cnt++;
}

/* Drop descriptors wholly below upto; trim a partly acknowledged one (its
 * stored sum no longer matches its bytes). */
static void desc_ack(ilpc_tcp *c, uint32_t upto)
{
    while (c->desc_cnt) {
        tx_desc *d = desc_at(c, 0);
        if (seq_le(d->seq + d->len, upto)) {
            c->desc_head = (c->desc_head + 1) & (c->desc_cap - 1);
            c->desc_cnt--;
            if (c->desc_cur)
                c->desc_cur--;
            continue;
        }
        if (seq_gt(upto, d->seq)) {
            uint32_t k = upto - d->seq;
            d->seq = upto;
            d->len -= k;
            d->flags &= (uint8_t)~DESC_SUM;
        }
        break;
    }
}

/* Index of the descriptor holding sequence number seq (tx_base <= seq < tx_end). */
static size_t desc_find(ilpc_tcp *c, uint32_t seq)
{
    size_t i = c->desc_cur;
    if (i >= c->desc_cnt || seq_lt(seq, desc_at(c, i)->seq))
        i = 0;
    while (i + 1 < c->desc_cnt) {
        const tx_desc *d = desc_at(c, i);
        if (seq_lt(seq, d->seq + d->len))
            break;
        i++;
    }
    c->desc_cur = i;
    return i;
}

/* Remaining bytes of the descriptor holding seq, from seq on. */
static uint32_t desc_remaining(ilpc_tcp *c, uint32_t seq)
{
    const tx_desc *d = desc_at(c, desc_find(c, seq));
    return d->seq + d->len - seq;
}

/* Send one data segment of at most maxlen payload bytes starting at seq
 * (never crossing a descriptor boundary).  Returns the payload length; sets
 * *fin when the FIN went with it. */
static uint32_t send_data(ilpc_tcp *c, uint32_t seq, uint32_t maxlen, int *fin)
{
    const tx_desc *d = desc_at(c, desc_find(c, seq));
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
    emit(c, flags, seq, p[0], l[0], p[1], l[1], src, d->sum);
    return n;
}

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
static void arm_timers(ilpc_tcp *c)
{
    uint64_t now = now_of(c);
    int outstanding = c->snd_max != c->snd_una;
    int persist = c->state >= ILPC_TCP_ESTABLISHED && c->snd_wnd == 0 && seq_lt(c->snd_una, tx_end(c));

    if (persist) {
        c->rto_at = NEVER;
        if (c->persist_at == NEVER)
            c->persist_at = now + persist_interval(c);
        return;
    }
    c->persist_at = NEVER;
    c->persist_shift = 0;
    if (outstanding) {
        if (c->rto_at == NEVER)
            c->rto_at = now + c->rto;
    } else {
        c->rto_at = NEVER;
    }
}

static void rtt_sample(ilpc_tcp *c, uint64_t r)
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
        set_closed(c, ILPC_ETIMEDOUT);
        return;
    }
    c->rto = c->rto * 2 > c->cfg.rto_max_ns ? c->cfg.rto_max_ns : c->rto * 2;
    if (c->cfg.congestion_control && c->state >= ILPC_TCP_ESTABLISHED) {
        c->ssthresh = max_u32(flight / 2, 2 * c->snd_mss);
        c->cwnd = c->snd_mss;
    }
    c->in_recovery = 0;
    c->dupacks = 0;
    c->rtt_active = 0; /* Karn: never time a retransmitted segment */
    c->snd_nxt = c->snd_una;
    c->desc_cur = 0;
}

void ilpc__tcp_timers(ilpc_tcp *c)
{
    uint64_t now = now_of(c);
    if (c->tw_at != NEVER && now >= c->tw_at) {
        c->tw_at = NEVER;
        if (c->state == ILPC_TCP_TIME_WAIT)
            set_closed(c, 0);
        else if (c->state == ILPC_TCP_FIN_WAIT_2)
            set_closed(c, ILPC_ETIMEDOUT);
        return;
    }
    if (c->rto_at != NEVER && now >= c->rto_at) {
        on_rto(c);
        if (c->state == ILPC_TCP_CLOSED)
            return;
    }
    if (c->persist_at != NEVER && now >= c->persist_at) {
        c->persist_at = NEVER;
        if (c->persist_unanswered >= c->cfg.max_retries) {
            set_closed(c, ILPC_ETIMEDOUT);
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
    }
    ilpc__tcp_output(c);
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
    return d;
}

/* ---------------------------------------------------------------- output */

/* A window update is worth a segment when the right edge moved by at least
 * two segments or half the buffer (receiver-side silly window avoidance). */
static int window_update_due(const ilpc_tcp *c)
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

void ilpc__tcp_output(ilpc_tcp *c)
{
    int sent = 0, fin;
    uint32_t end;

    switch (c->state) {
    case ILPC_TCP_CLOSED:
    case ILPC_TCP_LISTEN:
        return;
    case ILPC_TCP_SYN_SENT:
        if (c->snd_nxt == c->iss) {
            emit_ctl(c, TCP_SYN, c->iss);
            if (!c->rtt_active && c->snd_max == c->iss) {
                c->rtt_active = 1;
                c->rtt_seq = c->iss + 1;
                c->rtt_start = now_of(c);
            }
            c->snd_nxt = c->snd_max = c->iss + 1;
        }
        arm_timers(c);
        return;
    case ILPC_TCP_SYN_RECEIVED:
        if (c->snd_nxt == c->iss || c->ack_now) {
            emit_ctl(c, TCP_SYN | TCP_ACK, c->iss);
            if (!c->rtt_active && c->snd_max == c->iss) {
                c->rtt_active = 1;
                c->rtt_seq = c->iss + 1;
                c->rtt_start = now_of(c);
            }
            c->snd_nxt = c->snd_max = c->iss + 1;
        }
        arm_timers(c);
        return;
    case ILPC_TCP_TIME_WAIT:
        if (c->ack_now)
            emit_ctl(c, TCP_ACK, c->snd_max);
        return;
    default:
        break;
    }

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
    for (;;) {
        if (seq_lt(c->snd_nxt, end)) {
            uint32_t limit = c->snd_una + c->snd_wnd, usable, want, n;
            if (c->cfg.congestion_control) {
                uint32_t lc = c->snd_una + c->cwnd;
                if (seq_lt(lc, limit))
                    limit = lc;
            }
            if (!seq_lt(c->snd_nxt, limit))
                break;
            usable = limit - c->snd_nxt;
            want = desc_remaining(c, c->snd_nxt);
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
                c->rtt_start = now_of(c);
                c->rtt_seq = c->snd_nxt + 1;
            }
            n = send_data(c, c->snd_nxt, want, &fin);
            c->snd_nxt += n + (uint32_t)fin;
            if (seq_gt(c->snd_nxt, c->snd_max))
                c->snd_max = c->snd_nxt;
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
    /* A segment without data, SYN or FIN carries SND.MAX, not a rewound
     * SND.NXT: a sequence number below the peer's RCV.NXT would make the
     * peer discard it as an old duplicate, ACK field and all (BSD does the
     * same). */
    if (!sent && (c->ack_now || window_update_due(c)))
        emit_ctl(c, TCP_ACK, c->snd_max);
    arm_timers(c);
    if (!c->stack->in_poll)
        (void)ilpc_transport_flush(c->stack->t); /* an application call: transmit now */
}

/* ----------------------------------------------------------------- input */

static void schedule_ack(ilpc_tcp *c)
{
    if (c->cfg.ack_delay_ns == 0) {
        c->ack_now = 1;
        return;
    }
    if (++c->unacked_segs >= 2)
        c->ack_now = 1;
    else if (c->ack_at == NEVER)
        c->ack_at = now_of(c) + c->cfg.ack_delay_ns;
}

static void become_established(ilpc_tcp *c)
{
    c->state = ILPC_TCP_ESTABLISHED;
    compute_snd_mss(c);
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
        enter_time_wait(c);
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
        ilpc__send_rst(c->stack, c->lip, c->lport, c->rip, c->rport, c->snd_max, 0, 0);
        TSTAT(c, rst_out);
        set_closed(c, ILPC_ECONNRESET);
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
static void ack_new_data(ilpc_tcp *c, uint32_t ack)
{
    uint32_t acked = ack - c->snd_una;
    if (seq_gt(ack, c->tx_base)) {
        uint32_t d = ack - c->tx_base;
        if (d > c->tx.len)
            d = (uint32_t)c->tx.len;
        ilpc_ring_consume(&c->tx, d);
        c->tx_base += d;
        desc_ack(c, c->tx_base);
        if (c->tx.len == 0 && !c->tx_reserved)
            ilpc_ring_rewind_if_empty(&c->tx);
    }
    if (c->rtt_active && seq_ge(ack, c->rtt_seq)) {
        rtt_sample(c, now_of(c) - c->rtt_start);
        c->rtt_active = 0;
    }
    c->retries = 0;
    if (c->cfg.congestion_control) {
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
    c->rto_at = c->snd_una == c->snd_max ? NEVER : now_of(c) + c->rto;
}

static void dup_ack(ilpc_tcp *c)
{
    TSTAT(c, dup_acks);
    c->dupacks++;
    if (c->in_recovery) {
        if (c->cfg.congestion_control)
            c->cwnd += c->snd_mss; /* inflate */
        return;
    }
    if (c->dupacks == 3) {
        uint32_t flight = c->snd_max - c->snd_una;
        c->in_recovery = 1;
        c->recover = c->snd_max;
        c->fast_rexmit_pending = 1;
        c->rtt_active = 0;
        TSTAT(c, fast_retransmits);
        if (c->cfg.congestion_control) {
            c->ssthresh = max_u32(flight / 2, 2 * c->snd_mss);
            c->cwnd = c->ssthresh + 3 * c->snd_mss;
        }
    }
}

static void reset_received(ilpc_tcp *c)
{
    TSTAT(c, rst_in);
    switch (c->state) {
    case ILPC_TCP_SYN_RECEIVED:
        set_closed(c, c->passive ? 0 : ILPC_ECONNREFUSED);
        break;
    case ILPC_TCP_ESTABLISHED:
    case ILPC_TCP_FIN_WAIT_1:
    case ILPC_TCP_FIN_WAIT_2:
    case ILPC_TCP_CLOSE_WAIT:
        set_closed(c, ILPC_ECONNRESET);
        break;
    default:
        set_closed(c, 0);
        break;
    }
}

static void syn_sent_input(ilpc_tcp *c, const ilpc_seg *sg)
{
    int ack_ok = 0;
    if (sg->flags & TCP_ACK) {
        if (seq_le(sg->ack, c->iss) || seq_gt(sg->ack, c->snd_max)) {
            if (!(sg->flags & TCP_RST)) {
                ilpc__send_rst(c->stack, c->lip, c->lport, c->rip, c->rport, sg->ack, 0, 0);
                TSTAT(c, rst_out);
            }
            TSTAT(c, dropped);
            return;
        }
        ack_ok = 1;
    }
    if (sg->flags & TCP_RST) {
        if (ack_ok) {
            TSTAT(c, rst_in);
            set_closed(c, ILPC_ECONNREFUSED);
        } else {
            TSTAT(c, dropped);
        }
        return;
    }
    if (!(sg->flags & TCP_SYN)) {
        TSTAT(c, dropped);
        return;
    }
    c->irs = sg->seq;
    c->rcv_nxt = sg->seq + 1;
    c->rcv_adv = c->rcv_nxt;
    c->peer_mss = sg->has_mss ? sg->mss : TCP_DEFAULT_MSS;
    c->snd_wnd = sg->wnd;
    c->max_snd_wnd = sg->wnd;
    c->snd_wl1 = sg->seq;
    c->ack_now = 1;
    if (ack_ok) {
        if (c->rtt_active && seq_ge(sg->ack, c->rtt_seq))
            rtt_sample(c, now_of(c) - c->rtt_start);
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
    return 1;
}

void ilpc__tcp_input(ilpc_tcp *c, ilpc_seg *sg)
{
    uint8_t flags = sg->flags;
    uint32_t seq = sg->seq, seglen, wnd, fin_pos;
    const uint8_t *payload = sg->payload;
    uint32_t plen = (uint32_t)sg->len;
    int consumed = 0, acceptable, trimmed_all = 0;

    TSTAT(c, seg_in);
    TRACE(c, "in ", flags, seq, sg->ack, sg->wnd, plen);
    if (c->state == ILPC_TCP_CLOSED || c->state == ILPC_TCP_LISTEN) {
        TSTAT(c, dropped);
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
        c->ack_now = 1;
        TSTAT(c, challenge_acks);
        return;
    }

    /* 1. sequence number acceptability (RFC 9293 3.10.7.4) */
    seglen = plen + ((flags & TCP_SYN) ? 1u : 0u) + ((flags & TCP_FIN) ? 1u : 0u);
    wnd = rcv_wnd(c);
    if (consumed)
        acceptable = 1;
    else if (seglen == 0)
        acceptable = wnd == 0 ? seq == c->rcv_nxt : (seq_ge(seq, c->rcv_nxt) && seq_lt(seq, c->rcv_nxt + wnd));
    else if (wnd == 0)
        acceptable = 0;
    else
        acceptable = (seq_ge(seq, c->rcv_nxt) && seq_lt(seq, c->rcv_nxt + wnd)) ||
                     (seq_ge(seq + seglen - 1, c->rcv_nxt) && seq_lt(seq + seglen - 1, c->rcv_nxt + wnd));
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
                c->tw_at = now_of(c) + c->cfg.time_wait_ns;
        }
        TSTAT(c, dropped);
        return;
    }

    /* 2. RST: exact match resets, in-window gets a challenge ACK (RFC 5961) */
    if (flags & TCP_RST) {
        if (seq == c->rcv_nxt) {
            reset_received(c);
        } else {
            c->ack_now = 1;
            TSTAT(c, challenge_acks);
        }
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
            c->snd_wnd = sg->wnd;
            c->snd_wl1 = seq;
            c->snd_wl2 = sg->ack;
            become_established(c);
            if (c->passive && c->listener)
                ilpc__child_established(c);
        } else {
            ilpc__send_rst(c->stack, c->lip, c->lport, c->rip, c->rport, sg->ack, 0, 0);
            TSTAT(c, rst_out);
            TSTAT(c, dropped);
            return;
        }
    }
    if (seq_gt(sg->ack, c->snd_max)) {
        c->ack_now = 1; /* acknowledges something never sent */
        TSTAT(c, dropped);
        return;
    }
    if (seq_lt(sg->ack, c->snd_una - c->max_snd_wnd)) {
        c->ack_now = 1; /* RFC 5961 5.2 */
        TSTAT(c, challenge_acks);
        TSTAT(c, dropped);
        return;
    }
    c->persist_unanswered = 0;
    if (seq_gt(sg->ack, c->snd_una)) {
        ack_new_data(c, sg->ack);
    } else if (sg->ack == c->snd_una && plen == 0 && !(flags & TCP_FIN) && sg->wnd == c->snd_wnd &&
               c->snd_max != c->snd_una && seq_lt(c->snd_una, tx_end(c) + (c->fin_queued ? 1u : 0u))) {
        dup_ack(c);
    }
    if (seq_ge(sg->ack, c->snd_una) &&
        (seq_lt(c->snd_wl1, seq) || (c->snd_wl1 == seq && seq_le(c->snd_wl2, sg->ack)))) {
        c->snd_wnd = sg->wnd;
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
                c->tw_at = now_of(c) + c->cfg.fin_wait2_ns;
            break;
        case ILPC_TCP_CLOSING:
            enter_time_wait(c);
            return;
        case ILPC_TCP_LAST_ACK:
            set_closed(c, 0);
            return;
        default:
            break;
        }
    }
    if (c->state == ILPC_TCP_TIME_WAIT) {
        if (flags & TCP_FIN) {
            c->ack_now = 1;
            c->tw_at = now_of(c) + c->cfg.time_wait_ns;
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

static int send_status(const ilpc_tcp *c)
{
    if (c->state == ILPC_TCP_LISTEN)
        return ILPC_ENOTCONN;
    if (c->err)
        return c->err;
    if (c->fin_queued)
        return ILPC_ECLOSED;
    switch (c->state) {
    case ILPC_TCP_ESTABLISHED:
    case ILPC_TCP_CLOSE_WAIT:
        return ILPC_OK;
    case ILPC_TCP_SYN_SENT:
    case ILPC_TCP_SYN_RECEIVED:
        return ILPC_EAGAIN;
    default:
        return ILPC_ECLOSED;
    }
}

int ilpc_tcp_tx_reserve(ilpc_tcp *c, size_t msg_len, ilpc_tx_slot *slot)
{
    int st = send_status(c);
    size_t sp, nsegs;
    if (st)
        return st;
    if (c->tx_reserved || msg_len == 0)
        return ILPC_EINVAL;
    if (msg_len > ilpc_ring_cap(&c->tx) || msg_len > 0x7fffffffu)
        return ILPC_EMSGSIZE;
    if (msg_len > ilpc_ring_space(&c->tx))
        return ILPC_EAGAIN;
    sp = ilpc_tcp_seg_payload(c);
    nsegs = (msg_len + sp - 1) / sp;
    if (desc_reserve(c, nsegs) < 0)
        return ILPC_ENOMEM;
    if (nsegs > c->sums_cap) {
        size_t cap = c->sums_cap;
        uint32_t *ns;
        while (cap < nsegs)
            cap *= 2;
        ns = malloc(cap * sizeof *ns);
        if (!ns)
            return ILPC_ENOMEM;
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
        return ILPC_EINVAL;
    c->tx_reserved = 0;
    st = send_status(c);
    if (st)
        return st == ILPC_EAGAIN ? ILPC_ECLOSED : st;
    seq = tx_end(c);
    left = slot->len;
    sp = slot->seg_payload;
    for (i = 0; i < slot->nsegs; i++) {
        tx_desc d;
        d.seq = seq;
        d.len = (uint32_t)(left < sp ? left : sp);
        d.sum = sums_valid ? (uint16_t)slot->seg_sums[i] : 0;
        d.flags = (uint8_t)((sums_valid ? (DESC_SUM | DESC_HAD_SUM) : 0) | (i + 1 == slot->nsegs ? DESC_MSG_END : 0));
        desc_push(c, &d);
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
    int st = send_status(c), r;
    size_t n;
    if (st)
        return st;
    if (len == 0)
        return 0;
    n = ilpc_ring_space(&c->tx);
    if (c->tx_reserved)
        return ILPC_EINVAL;
    if (n == 0)
        return ILPC_EAGAIN;
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
    if (window_update_due(c))
        ilpc__tcp_output(c);
}

ptrdiff_t ilpc_tcp_recv(ilpc_tcp *c, void *buf, size_t len)
{
    size_t n;
    if (c->state == ILPC_TCP_LISTEN)
        return ILPC_ENOTCONN;
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
        return ILPC_ENOTCONN;
    return ILPC_EAGAIN;
}

size_t ilpc_tcp_rx_available(const ilpc_tcp *c) { return c->rx.len; }
int ilpc_tcp_rx_fin(const ilpc_tcp *c) { return c->fin_rcvd; }

int ilpc_tcp_shutdown(ilpc_tcp *c)
{
    switch (c->state) {
    case ILPC_TCP_LISTEN:
        return ILPC_ENOTCONN;
    case ILPC_TCP_SYN_SENT:
        set_closed(c, 0);
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

static void send_abort_rst(ilpc_tcp *c)
{
    if (synchronized(c) && c->state != ILPC_TCP_TIME_WAIT && c->state != ILPC_TCP_CLOSED) {
        ilpc__send_rst(c->stack, c->lip, c->lport, c->rip, c->rport, c->snd_max, 0, 0);
        TSTAT(c, rst_out);
    }
}

static void close_listener(ilpc_tcp *l)
{
    ilpc_stack *s = l->stack;
    size_t i = 0;
    while (i < s->nconns) {
        ilpc_tcp *ch = s->conns[i];
        if (ch->listener == l && !ch->app_owned) {
            send_abort_rst(ch);
            ilpc__stack_remove(s, ch);
            ilpc__tcp_free(ch);
            continue; /* the table was compacted into slot i */
        }
        i++;
    }
    ilpc__stack_remove(s, l);
    ilpc__tcp_free(l);
}

void ilpc_tcp_abort(ilpc_tcp *c)
{
    if (c->state == ILPC_TCP_LISTEN) {
        close_listener(c);
        return;
    }
    send_abort_rst(c);
    ilpc__stack_remove(c->stack, c);
    ilpc__tcp_free(c);
}

void ilpc_tcp_close(ilpc_tcp *c)
{
    if (c->state == ILPC_TCP_LISTEN) {
        close_listener(c);
        return;
    }
    if (c->state == ILPC_TCP_CLOSED) {
        ilpc__stack_remove(c->stack, c);
        ilpc__tcp_free(c);
        return;
    }
    if (c->rx.len > 0) {
        /* unread data: abort, as the peer can never learn it was lost */
        ilpc_tcp_abort(c);
        return;
    }
    c->app_owned = 0;
    c->detached = 1;
    c->hook = NULL;
    ilpc_tcp_shutdown(c);
    if (c->state == ILPC_TCP_FIN_WAIT_2 && c->tw_at == ILPC_TIME_NEVER)
        c->tw_at = now_of(c) + c->cfg.fin_wait2_ns;
    if (ilpc__tcp_reapable(c)) {
        ilpc__stack_remove(c->stack, c);
        ilpc__tcp_free(c);
    }
}

/* ------------------------------------------------------ blocking helpers */

typedef int (*wait_cond)(ilpc_tcp *c, size_t arg);

static int wait_for(ilpc_tcp *c, wait_cond cond, size_t arg, uint64_t timeout_ns)
{
    ilpc_stack *s = c->stack;
    uint64_t start = ilpc__now(s);
    uint64_t deadline = timeout_ns == NEVER || start + timeout_ns < start ? NEVER : start + timeout_ns;
    for (;;) {
        int r;
        uint64_t now;
        ilpc_stack_poll(s, ilpc__now(s));
        r = cond(c, arg);
        if (r <= 0)
            return r;
        now = ilpc__now(s);
        if (now >= deadline)
            return ILPC_ETIMEDOUT;
        if (ilpc_clock_is_virtual(s->clk) && deadline == NEVER && ilpc_stack_next_deadline_ns(s) == NEVER)
            return ILPC_ETIMEDOUT; /* nothing can ever happen */
        ilpc_stack_wait(s, deadline);
    }
}

static int cond_established(ilpc_tcp *c, size_t arg)
{
    (void)arg;
    if (c->state >= ILPC_TCP_ESTABLISHED)
        return 0;
    if (c->err)
        return c->err;
    return c->state == ILPC_TCP_CLOSED ? ILPC_ECLOSED : 1;
}

static int cond_readable(ilpc_tcp *c, size_t arg)
{
    (void)arg;
    if (c->rx.len || c->fin_rcvd)
        return 0;
    if (c->err)
        return c->err;
    return c->state == ILPC_TCP_CLOSED ? ILPC_ENOTCONN : 1;
}

static int cond_writable(ilpc_tcp *c, size_t need)
{
    int st = send_status(c);
    if (st && st != ILPC_EAGAIN)
        return st;
    if (need > ilpc_ring_cap(&c->tx))
        return ILPC_EMSGSIZE;
    return st == ILPC_OK && ilpc_ring_space(&c->tx) >= need ? 0 : 1;
}

static int cond_sent(ilpc_tcp *c, size_t arg)
{
    (void)arg;
    if (c->err)
        return c->err;
    if (c->state >= ILPC_TCP_ESTABLISHED && c->tx.len == 0)
        return 0;
    return c->state == ILPC_TCP_CLOSED ? ILPC_ENOTCONN : 1;
}

static int cond_closed(ilpc_tcp *c, size_t arg)
{
    (void)arg;
    if (c->state == ILPC_TCP_TIME_WAIT || c->state == ILPC_TCP_CLOSED)
        return c->err;
    return 1;
}

int ilpc_tcp_wait_established(ilpc_tcp *c, uint64_t t) { return wait_for(c, cond_established, 0, t); }
int ilpc_tcp_wait_readable(ilpc_tcp *c, uint64_t t) { return wait_for(c, cond_readable, 0, t); }
int ilpc_tcp_wait_writable(ilpc_tcp *c, size_t need, uint64_t t) { return wait_for(c, cond_writable, need, t); }
int ilpc_tcp_wait_sent(ilpc_tcp *c, uint64_t t) { return wait_for(c, cond_sent, 0, t); }
int ilpc_tcp_wait_closed(ilpc_tcp *c, uint64_t t) { return wait_for(c, cond_closed, 0, t); }

int ilpc_tcp_send_all(ilpc_tcp *c, const void *buf, size_t len, uint64_t timeout_ns)
{
    const uint8_t *p = buf;
    uint64_t start = ilpc__now(c->stack);
    while (len) {
        ptrdiff_t r = ilpc_tcp_send(c, p, len);
        if (r > 0) {
            p += r;
            len -= (size_t)r;
            continue;
        }
        if (r != ILPC_EAGAIN)
            return (int)r;
        {
            uint64_t el = ilpc__now(c->stack) - start;
            int w;
            if (timeout_ns != NEVER && el >= timeout_ns)
                return ILPC_ETIMEDOUT;
            w = ilpc_tcp_wait_writable(c, 1, timeout_ns == NEVER ? NEVER : timeout_ns - el);
            if (w)
                return w;
        }
    }
    return ILPC_OK;
}

int ilpc_tcp_recv_exact(ilpc_tcp *c, void *buf, size_t len, uint64_t timeout_ns)
{
    uint8_t *p = buf;
    uint64_t start = ilpc__now(c->stack);
    while (len) {
        ptrdiff_t r = ilpc_tcp_recv(c, p, len);
        if (r > 0) {
            p += r;
            len -= (size_t)r;
            continue;
        }
        if (r == 0)
            return ILPC_ECLOSED;
        if (r != ILPC_EAGAIN)
            return (int)r;
        {
            uint64_t el = ilpc__now(c->stack) - start;
            int w;
            if (timeout_ns != NEVER && el >= timeout_ns)
                return ILPC_ETIMEDOUT;
            w = ilpc_tcp_wait_readable(c, timeout_ns == NEVER ? NEVER : timeout_ns - el);
            if (w)
                return w;
        }
    }
    return ILPC_OK;
}
