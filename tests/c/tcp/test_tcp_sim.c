/* test_tcp_sim.c - deterministic network simulation of the ilpc TCP.
 *
 * Two stacks on a mem transport pair, both directions wrapped by the
 * impairment layer, one virtual clock.  K client connections each send N
 * bytes of pseudo-random framed messages ([BE32 length][payload], sizes
 * variable) to a server, alternating the ILP send path (reserve, write,
 * seg_sums, commit) and the layered one (tx_copy); the server verifies
 * every byte, partly through the fused receive hook, partly from the
 * stream buffer.  Then both sides close in order.
 *
 * Exit status: 0 the transfer completed intact and both sides closed;
 *              3 it failed cleanly (a connection reported an error such as
 *                ETIMEDOUT) with every delivered byte correct;
 *              1 a wrong byte, a hang, or any other bug.
 */
#include "ilpc_csum.h"
#include "ilpc_impair.h"
#include "ilpc_stack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef SIM_DEBUG /* white-box dump of the connections on failure */
#include "ilpc_tcp_internal.h"
static void dump(const char *who, ilpc_tcp *c)
{
    fprintf(stderr,
            "%s: %s err=%d snd_una=%u snd_nxt=%u snd_max=%u tx_end=%u wnd=%u cwnd=%u rto=%llu retries=%u "
            "rcv_nxt=%u rx.len=%zu ooo_n=%u rto_at=%llu persist_at=%llu fin_q=%d\n",
            who, ilpc_tcp_state_name(c->state), c->err, c->snd_una, c->snd_nxt, c->snd_max,
            c->tx_base + (uint32_t)c->tx.len, c->snd_wnd, c->cwnd, (unsigned long long)c->rto, c->retries,
            c->rcv_nxt, c->rx.len, c->ooo_n, (unsigned long long)c->rto_at, (unsigned long long)c->persist_at,
            c->fin_queued);
}
#else
#define dump(who, c) ((void)0)
#endif

#define MS ILPC_NS_PER_MS
#define MAXC 16
#define SERVER_PORT 80

typedef struct {
    uint64_t bytes;   /* payload bytes per connection */
    int conns;
    size_t max_msg;
    int hook;
    int ilp;          /* 0 layered only, 1 ILP only, 2 alternate */
    size_t rxbuf, txbuf;
    uint64_t pause_ns;
    uint64_t time_limit_ns;
    int verbose;
    unsigned max_retries;
    int bidir;
    uint64_t ack_delay_ns;
    int wscale, ts, sack;
    size_t max_seg;
    ilpc_impair_config imp;
} opts;

static opts O;

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static uint8_t data_byte(int stream, uint64_t off)
{
    return (uint8_t)(mix(((uint64_t)stream << 48) ^ (off / 8) ^ O.imp.seed << 20) >> (8 * (off % 8)));
}

/* the message size sequence of one stream */
typedef struct {
    uint64_t state;
} sizegen;
static size_t next_size(sizegen *g)
{
    g->state = mix(g->state);
    return 1 + (size_t)(g->state % O.max_msg);
}

typedef struct {
    int stream;
    uint64_t total;     /* payload bytes to send */
    sizegen g;
    uint64_t sent;      /* payload bytes queued */
    uint64_t msgs;
    uint8_t *msg;       /* the pending framed message */
    size_t msg_len;     /* 0: none pending */
} tx_side;

typedef struct {
    int stream;
    uint64_t total;     /* payload bytes expected */
    sizegen g;
    uint64_t got;       /* payload bytes verified */
    uint64_t msgs;
    int eof;
    uint8_t hdr[4];
    size_t hdr_have;
    size_t body_left;
    uint64_t fused;
} rx_side;

typedef struct {
    ilpc_tcp *c;
    int client;
    tx_side tx;
    rx_side rx;
    int shut;
    int done;
} endpoint;

static endpoint C[MAXC], S[MAXC];
static int nserv;
static uint16_t client_port0 = 20000;
static int bad;

static void init_sides(endpoint *e, int id, int client)
{
    int out = 2 * id + (client ? 0 : 1), in = 2 * id + (client ? 1 : 0);
    e->client = client;
    e->tx.stream = out;
    e->tx.total = client || O.bidir ? O.bytes : 0;
    e->tx.g.state = O.imp.seed * 1000 + (uint64_t)out;
    e->tx.msg = malloc(O.max_msg + 4);
    e->rx.stream = in;
    e->rx.total = !client || O.bidir ? O.bytes : 0;
    e->rx.g.state = O.imp.seed * 1000 + (uint64_t)in;
}

static void fail_byte(const char *what, int stream, uint64_t off)
{
    fprintf(stderr, "WRONG DATA: %s stream=%d offset=%llu\n", what, stream, (unsigned long long)off);
    bad = 1;
}

/* ------------------------------------------------------------- sender */

static void make_msg(tx_side *t)
{
    size_t L = next_size(&t->g), i;
    if (L > t->total - t->sent)
        L = (size_t)(t->total - t->sent);
    t->msg[0] = (uint8_t)(L >> 24);
    t->msg[1] = (uint8_t)(L >> 16);
    t->msg[2] = (uint8_t)(L >> 8);
    t->msg[3] = (uint8_t)L;
    for (i = 0; i < L; i++)
        t->msg[4 + i] = data_byte(t->stream, t->sent + i);
    t->msg_len = 4 + L;
}

/* Queue as many messages as fit.  Returns 1 when everything is queued. */
static int send_step(endpoint *e)
{
    tx_side *t = &e->tx;
    for (;;) {
        int r;
        if (!t->msg_len) {
            if (t->sent >= t->total)
                return 1;
            make_msg(t);
        }
        if (O.ilp == 1 || (O.ilp == 2 && t->msgs % 2 == 0)) {
            ilpc_tx_slot slot;
            size_t i;
            r = ilpc_tcp_tx_reserve(e->c, t->msg_len, &slot);
            if (r == ILPC_E_AGAIN)
                return 0;
            if (r) {
                fprintf(stderr, "reserve: %s\n", ilpc_strerror(r));
                return 0;
            }
            memcpy(slot.p[0], t->msg, slot.n[0]);
            if (slot.n[1])
                memcpy(slot.p[1], t->msg + slot.n[0], slot.n[1]);
            for (i = 0; i < slot.nsegs; i++) {
                size_t off = i * slot.seg_payload;
                size_t n = t->msg_len - off < slot.seg_payload ? t->msg_len - off : slot.seg_payload;
                slot.seg_sums[i] = ilpc_csum(t->msg + off, n);
            }
            r = ilpc_tcp_tx_commit(e->c, &slot, 1);
        } else {
            r = ilpc_tcp_tx_copy(e->c, t->msg, t->msg_len);
            if (r == ILPC_E_AGAIN)
                return 0;
        }
        if (r) {
            fprintf(stderr, "send: %s\n", ilpc_strerror(r));
            return 0;
        }
        t->sent += t->msg_len - 4;
        t->msgs++;
        t->msg_len = 0;
    }
}

/* ------------------------------------------------------------- receiver */

/* The reader parses the stream incrementally: 4 header bytes, then the body,
 * verifying each byte against the generator, consuming as it goes, so a
 * message may be larger than the receive buffer. */

static int start_body(rx_side *r, const uint8_t *hdr4)
{
    size_t L = (size_t)hdr4[0] << 24 | (size_t)hdr4[1] << 16 | (size_t)hdr4[2] << 8 | hdr4[3];
    size_t want = next_size(&r->g);
    if (want > r->total - r->got)
        want = (size_t)(r->total - r->got);
    if (L != want || r->got >= r->total) {
        fprintf(stderr, "WRONG LENGTH stream=%d msg=%llu: %zu, expected %zu\n", r->stream,
                (unsigned long long)r->msgs, L, want);
        bad = 1;
        return -1;
    }
    r->body_left = L;
    return 0;
}

static int check_body(rx_side *r, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != data_byte(r->stream, r->got + i)) {
            fail_byte("payload", r->stream, r->got + i);
            return -1;
        }
    r->got += n;
    r->body_left -= n;
    if (r->body_left == 0) {
        r->hdr_have = 0;
        r->msgs++;
    }
    return 0;
}

static ilpc_rx_verdict fused_hook(void *ctx, const uint8_t *p, size_t n, uint64_t hdr_sum)
{
    rx_side *r = ctx;
    size_t L;
    if (r->hdr_have || r->body_left || n < 4)
        return ILPC_RX_DECLINE; /* not at a message boundary */
    L = (size_t)p[0] << 24 | (size_t)p[1] << 16 | (size_t)p[2] << 8 | p[3];
    if (L + 4 != n)
        return ILPC_RX_DECLINE; /* not exactly one message: let TCP buffer it */
    if (ilpc_csum_fold(ilpc_csum_add_bytes(hdr_sum, p, n)) != 0xffff)
        return ILPC_RX_DROP;
    if (start_body(r, p) < 0 || check_body(r, p + 4, L) < 0)
        return ILPC_RX_DROP;
    r->fused++;
    return ILPC_RX_CONSUMED;
}

static void recv_step(endpoint *e, uint64_t now)
{
    rx_side *r = &e->rx;
    if (r->eof)
        return;
    if (!e->client && O.pause_ns && (now / O.pause_ns) % 2 == 1)
        return; /* the server's reader is busy elsewhere */
    for (;;) {
        const uint8_t *p[2];
        size_t n[2], avail = ilpc_tcp_rx_peek(e->c, p, n), k;
        if (avail == 0)
            break;
        if (r->hdr_have < 4) {
            for (k = 0; r->hdr_have < 4 && k < avail; k++)
                r->hdr[r->hdr_have++] = k < n[0] ? p[0][k] : p[1][k - n[0]];
            ilpc_tcp_rx_consume(e->c, k);
            if (r->hdr_have == 4 && start_body(r, r->hdr) < 0)
                return;
            continue;
        }
        k = n[0] < r->body_left ? n[0] : r->body_left;
        if (check_body(r, p[0], k) < 0)
            return;
        ilpc_tcp_rx_consume(e->c, k);
    }
    if (ilpc_tcp_rx_available(e->c) == 0 && ilpc_tcp_rx_fin(e->c)) {
        r->eof = 1;
        if (r->got != r->total || r->hdr_have || r->body_left) {
            fprintf(stderr, "EOF after %llu of %llu bytes on stream %d\n", (unsigned long long)r->got,
                    (unsigned long long)r->total, r->stream);
            bad = 1;
        }
    }
}

static void endpoint_step(endpoint *e, uint64_t now)
{
    ilpc_tcp_state st;
    int all_queued;
    st = ilpc_tcp_get_state(e->c);
    if (e->done || st == ILPC_TCP_SYN_SENT || st == ILPC_TCP_SYN_RECEIVED)
        return;
    all_queued = e->shut ? 1 : send_step(e);
    recv_step(e, now);
    /* a unidirectional server closes after the client's FIN (passive
     * close); senders close as soon as their data is queued */
    if (!e->shut && all_queued && (e->client || O.bidir || e->rx.eof)) {
        ilpc_tcp_shutdown(e->c);
        e->shut = 1;
    }
    st = ilpc_tcp_get_state(e->c);
    if (e->shut && e->rx.eof && (st == ILPC_TCP_TIME_WAIT || st == ILPC_TCP_CLOSED) && !ilpc_tcp_error(e->c))
        e->done = 1;
}

/* ------------------------------------------------------------------ main */

static void usage(void)
{
    fprintf(stderr,
            "usage: test_tcp_sim [--bytes N] [--conns K] [--max-msg M] [--seed S] [--loss P] [--dup P]\n"
            "        [--reorder P] [--delay P] [--corrupt P] [--latency-ms T] [--hook 0|1] [--ilp 0|1|2]\n"
            "        [--rxbuf B] [--txbuf B] [--pause-ms T] [--time-limit-s T] [--max-retries N] [--bidir 0|1]\n"
            "        [--ack-delay-ms T] [--wscale 0|1] [--ts 0|1] [--sack 0|1] [--max-seg B]\n"
            "        [--impair SPEC] [-v]\n");
    exit(2);
}

static void parse_args(int argc, char **argv)
{
    int i;
    memset(&O, 0, sizeof O);
    O.bytes = 200000;
    O.conns = 2;
    O.max_msg = 3000;
    O.hook = 1;
    O.ilp = 2;
    O.rxbuf = 32768;
    O.txbuf = 65536;
    O.time_limit_ns = 3600ull * ILPC_NS_PER_S;
    O.max_retries = 12;
    O.ack_delay_ns = 5 * MS; /* below the simulation's 10 ms minimum RTO */
    O.wscale = O.ts = O.sack = 1;
    O.max_seg = 1480;
    ilpc_impair_config_default(&O.imp);
    O.imp.latency_ns = 1 * MS;
    O.imp.delay_ns = 40 * MS;
    O.imp.reorder_ns = 3 * MS;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        double d;
#define NEEDV                 \
    do {                      \
        if (!v)               \
            usage();          \
        i++;                  \
    } while (0)
        if (!strcmp(a, "-v")) {
            O.verbose = 1;
            continue;
        }
        NEEDV;
        d = strtod(v, NULL);
        if (!strcmp(a, "--bytes"))
            O.bytes = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--conns"))
            O.conns = atoi(v);
        else if (!strcmp(a, "--max-msg"))
            O.max_msg = (size_t)strtoull(v, NULL, 10);
        else if (!strcmp(a, "--seed"))
            O.imp.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--loss"))
            O.imp.loss = d;
        else if (!strcmp(a, "--dup"))
            O.imp.dup = d;
        else if (!strcmp(a, "--reorder"))
            O.imp.reorder = d;
        else if (!strcmp(a, "--delay"))
            O.imp.delay = d;
        else if (!strcmp(a, "--corrupt"))
            O.imp.corrupt = d;
        else if (!strcmp(a, "--latency-ms"))
            O.imp.latency_ns = (uint64_t)(d * (double)MS);
        else if (!strcmp(a, "--ack-delay-ms"))
            O.ack_delay_ns = (uint64_t)(d * (double)MS);
        else if (!strcmp(a, "--max-seg"))
            O.max_seg = (size_t)strtoull(v, NULL, 10);
        else if (!strcmp(a, "--wscale"))
            O.wscale = (int)d;
        else if (!strcmp(a, "--ts"))
            O.ts = (int)d;
        else if (!strcmp(a, "--sack"))
            O.sack = (int)d;
        else if (!strcmp(a, "--bidir"))
            O.bidir = atoi(v);
        else if (!strcmp(a, "--max-retries"))
            O.max_retries = (unsigned)atoi(v);
        else if (!strcmp(a, "--hook"))
            O.hook = atoi(v);
        else if (!strcmp(a, "--ilp"))
            O.ilp = atoi(v);
        else if (!strcmp(a, "--rxbuf"))
            O.rxbuf = (size_t)strtoull(v, NULL, 10);
        else if (!strcmp(a, "--txbuf"))
            O.txbuf = (size_t)strtoull(v, NULL, 10);
        else if (!strcmp(a, "--pause-ms"))
            O.pause_ns = (uint64_t)(d * (double)MS);
        else if (!strcmp(a, "--time-limit-s"))
            O.time_limit_ns = (uint64_t)(d * (double)ILPC_NS_PER_S);
        else if (!strcmp(a, "--impair")) {
            if (ilpc_impair_parse(v, &O.imp) < 0)
                usage();
        } else
            usage();
    }
    if (O.conns < 1 || O.conns > MAXC || O.max_msg < 1 || O.max_msg + 4 > O.txbuf || O.rxbuf < 1)
        usage();
}

int main(int argc, char **argv)
{
    ilpc_clock clk;
    ilpc_transport *ma, *mb, *ia, *ib;
    ilpc_stack *sa, *sb;
    ilpc_stack_config cfg;
    ilpc_impair_config ic;
    ilpc_tcp *l;
    uint64_t start, now, iter = 0, same_time_iters = 0, last_time = 0;
    int i, rc = 0, err = 0;

    parse_args(argc, argv);
    ilpc_clock_init_virtual(&clk, 0);
    if (ilpc_transport_mem_pair(0x0a000001u, 0x0a000002u, O.max_seg, 8192, &ma, &mb))
        return 1;
    ic = O.imp;
    ilpc_impair_new(ma, &clk, &ic, &ia);
    ic.seed = O.imp.seed * 7919 + 17;
    ilpc_impair_new(mb, &clk, &ic, &ib);

    ilpc_stack_config_default(&cfg);
    cfg.tcp.rto_init_ns = 50 * MS;
    cfg.tcp.rto_min_ns = 10 * MS;
    cfg.tcp.rto_max_ns = 2000 * MS;
    cfg.tcp.max_retries = O.max_retries;
    cfg.tcp.time_wait_ns = 100 * MS;
    cfg.tcp.rx_buf = O.rxbuf;
    cfg.tcp.tx_buf = O.txbuf;
    cfg.tcp.ack_delay_ns = O.ack_delay_ns;
    cfg.tcp.window_scaling = O.wscale;
    cfg.tcp.timestamps = O.ts;
    cfg.tcp.sack = O.sack;
    cfg.isn_seed = O.imp.seed + 1;
    sa = ilpc_stack_new(ia, &clk, &cfg);
    cfg.isn_seed = O.imp.seed + 2;
    sb = ilpc_stack_new(ib, &clk, &cfg);
    if (!sa || !sb)
        return 1;

    if (ilpc_tcp_listen(sb, SERVER_PORT, MAXC, &l))
        return 1;
    for (i = 0; i < O.conns; i++) {
        init_sides(&C[i], i, 1);
        if (ilpc_tcp_connect(sa, 0x0a000002u, SERVER_PORT, (uint16_t)(client_port0 + i), &C[i].c))
            return 1;
    }

    start = ilpc_clock_now(&clk);
    for (;;) {
        int all_done = 1;
        uint64_t d;
        ilpc_tcp *nc;
        now = ilpc_clock_now(&clk);
        ilpc_stack_poll(sa, now);
        ilpc_stack_poll(sb, now);
        while (ilpc_tcp_accept(l, &nc) == ILPC_OK) {
            uint16_t rport;
            endpoint *sv = &S[nserv++];
            ilpc_tcp_endpoints(nc, NULL, NULL, NULL, &rport);
            sv->c = nc;
            init_sides(sv, rport - client_port0, 0);
            if (O.hook)
                ilpc_tcp_set_rx_hook(nc, fused_hook, &sv->rx);
        }
        for (i = 0; i < O.conns; i++) {
            endpoint_step(&C[i], now);
            if (ilpc_tcp_error(C[i].c))
                err = ilpc_tcp_error(C[i].c);
            all_done &= C[i].done;
        }
        for (i = 0; i < nserv; i++) {
            endpoint_step(&S[i], now);
            if (ilpc_tcp_error(S[i].c))
                err = ilpc_tcp_error(S[i].c);
            all_done &= S[i].done;
        }
        all_done &= nserv == O.conns;
        if (bad) {
            rc = 1;
            break;
        }
        if (all_done)
            break;
        if (err) {
            rc = 3;
            break;
        }
        d = ilpc_stack_next_deadline_ns(sa);
        if (ilpc_stack_next_deadline_ns(sb) < d)
            d = ilpc_stack_next_deadline_ns(sb);
        if (O.pause_ns) {
            uint64_t nb = (now / O.pause_ns + 1) * O.pause_ns;
            if (nb < d)
                d = nb;
        }
        iter++;
        if (d <= now) {
            if (++same_time_iters > 1000000) {
                fprintf(stderr, "LIVELOCK at t=%llu ns\n", (unsigned long long)now);
                rc = 1;
                break;
            }
            continue;
        }
        same_time_iters = 0;
        if (d == ILPC_TIME_NEVER || d - start > O.time_limit_ns) {
            fprintf(stderr, "HANG: nothing scheduled (t=%llu ms)\n", (unsigned long long)(now / MS));
            rc = 1;
            break;
        }
        (void)last_time;
        ilpc_clock_set(&clk, d);
    }
    now = ilpc_clock_now(&clk);
    if (rc) {
        for (i = 0; i < O.conns; i++)
            dump("client", C[i].c);
        for (i = 0; i < nserv; i++)
            dump("server", S[i].c);
    }
    {
        const ilpc_tcp_stats *a = ilpc_stack_stats(sa), *b = ilpc_stack_stats(sb);
        const ilpc_impair_stats *xa = ilpc_impair_get_stats(ia), *xb = ilpc_impair_get_stats(ib);
        uint64_t fused = 0;
        for (i = 0; i < nserv; i++)
            fused += S[i].rx.fused + C[i].rx.fused;
        printf("result=%s err=%s vtime_ms=%llu iters=%llu\n", rc == 0 ? "ok" : rc == 3 ? "clean-failure" : "BUG",
               ilpc_strerror(err), (unsigned long long)((now - start) / MS), (unsigned long long)iter);
        printf("client: seg_out=%llu retrans=%llu rto=%llu fastrx=%llu probes=%llu sum_stored=%llu sum_ring=%llu "
               "fallback=%llu\n",
               (unsigned long long)a->seg_out, (unsigned long long)a->retransmits,
               (unsigned long long)a->rto_expiries, (unsigned long long)a->fast_retransmits,
               (unsigned long long)a->persist_probes, (unsigned long long)a->tx_sum_stored,
               (unsigned long long)a->tx_sum_ring, (unsigned long long)a->tx_sum_fallback);
        printf("server: seg_in=%llu bad_csum=%llu ooo=%llu ooo_drop=%llu fused=%llu declined=%llu fused_drop=%llu "
               "malformed=%llu\n",
               (unsigned long long)b->seg_in, (unsigned long long)b->bad_csum, (unsigned long long)b->ooo_queued,
               (unsigned long long)b->ooo_dropped, (unsigned long long)fused,
               (unsigned long long)b->rx_fused_declined, (unsigned long long)b->rx_fused_dropped,
               (unsigned long long)b->malformed);
        printf("options: sack_in=%llu sack_out=%llu recoveries=%llu sack_rexmits=%llu lost_rxt=%llu skipped=%llu "
               "paws=%llu ts_rtt=%llu delayed_acks=%llu delack_timeouts=%llu\n",
               (unsigned long long)a->sack_blocks_in, (unsigned long long)b->sack_blocks_out,
               (unsigned long long)a->sack_recoveries, (unsigned long long)a->sack_rexmits,
               (unsigned long long)a->sack_lost_rxt, (unsigned long long)a->sack_skipped,
               (unsigned long long)(a->paws_dropped + b->paws_dropped),
               (unsigned long long)(a->ts_rtt_samples + b->ts_rtt_samples),
               (unsigned long long)(a->delayed_acks + b->delayed_acks),
               (unsigned long long)(a->delack_timeouts + b->delack_timeouts));
        printf("impair: lost=%llu dup=%llu reord=%llu delayed=%llu corrupt=%llu | lost=%llu dup=%llu reord=%llu "
               "delayed=%llu corrupt=%llu\n",
               (unsigned long long)xa->lost, (unsigned long long)xa->duplicated, (unsigned long long)xa->reordered,
               (unsigned long long)xa->delayed, (unsigned long long)xa->corrupted, (unsigned long long)xb->lost,
               (unsigned long long)xb->duplicated, (unsigned long long)xb->reordered,
               (unsigned long long)xb->delayed, (unsigned long long)xb->corrupted);
        if (rc == 0 && O.hook && O.bytes >= 100000 && fused == 0 && O.max_msg <= 1000 && O.imp.loss == 0.0) {
            fprintf(stderr, "the fused receive path was never used\n");
            rc = 1;
        }
    }
    /* orderly teardown: give the handles to the stacks, let TIME-WAIT run out */
    for (i = 0; i < O.conns; i++)
        ilpc_tcp_abort(C[i].c);
    for (i = 0; i < nserv; i++)
        ilpc_tcp_abort(S[i].c);
    ilpc_tcp_close(l);
    for (i = 0; i < O.conns; i++)
        free(C[i].tx.msg);
    for (i = 0; i < nserv; i++)
        free(S[i].tx.msg);
    ilpc_stack_free(sa);
    ilpc_stack_free(sb);
    ilpc_transport_free(ia);
    ilpc_transport_free(ib);
    ilpc_transport_free(ma);
    ilpc_transport_free(mb);
    return rc;
}
