/*
 * fuzz_tcp.c - libFuzzer target: ilpc's user-level TCP against a hostile peer.
 *
 * One stack on the in-memory transport (runtime/ilpc_transport_mem.c) and a
 * virtual clock; the input is a script.  Byte 0 sets the configuration (active
 * or passive open, window scaling, timestamps, SACK, delayed ACKs, out-of-order
 * ranges, small or large rings, an rx hook); then each command is one of:
 * a crafted segment from the peer (flags, sequence and acknowledgement numbers
 * near what the stack last said or anywhere, window, options raw or well formed
 * -- MSS, window scale, SACK-permitted, timestamps, SACK blocks --, payload, a
 * correct or a wrong checksum, the right or another port), raw bytes as a
 * segment, a clock step (and a poll), and the application's calls: send (byte
 * stream, copy, or reserve/commit with segment sums), recv (copy, or peek and
 * consume), shutdown, close, abort, accept.
 *
 * With bit 7 of the configuration byte the stack's transport has outer paths,
 * as udp's does: each crafted segment comes along one of three paths (the
 * input chooses), options may carry path challenges and responses (with a
 * nonce the stack sent, or any), and every segment the stack sends is checked:
 * along a path that one of its connections has validated, unless it is an RST
 * or a path challenge.
 *
 * The runtime is compiled with ILPC_TCP_INVARIANTS, so the stack checks its
 * connections' invariants after every segment and poll (ilpc_stack_check); the
 * target checks them after every command too, and that every segment the stack
 * sends has a well-formed header and a correct checksum.  Sanitizers do the rest.
 *
 * Build: tests/fuzz/run.py (or see docs/fuzzing.md).
 */
#include "ilpc_csum.h"
#include "ilpc_stack.h"
#include "ilpc_tcp_internal.h" /* the connections' paths, for the check of what goes where */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define US_IP 0x0a000001u
#define PEER_IP 0x0a000002u
#define US_PORT 80u
#define PEER_PORT 4000u
#define MAX_SEG 1600u
#define MS 1000000ull

typedef struct {
    const uint8_t *p;
    size_t n;
} input;

static unsigned take(input *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}
/* Big-endian; each byte taken in order (the operands of | are not sequenced). */
static unsigned take16(input *in)
{
    unsigned hi = take(in);
    return hi << 8 | take(in);
}
static uint32_t take32(input *in)
{
    uint32_t hi = take16(in);
    return hi << 16 | take16(in);
}

typedef struct {
    ilpc_clock clk;
    ilpc_transport *tus, *tpeer;
    ilpc_stack *s;
    ilpc_tcp *conn, *listener;
    /* the peer's view: where the stack's sequence space and ours stand, as its
     * segments last said */
    uint32_t stack_seq, stack_ack;
    uint32_t tsval;
    int seen;
    int path; /* the path the next crafted segment comes along (configuration bit 7) */
} world;

/* ---- paths (configuration bit 7): a wrapper that gives the stack's end of the
 * mem pair outer paths; the peer's segments come along paths[next_path]. */
#define NPATHS 3
static const ilpc_path paths[NPATHS] = { { 0xc0000201u, 40000, 0 }, { 0xc0000201u, 40001, 0 },
                                         { 0xcb007107u, 31337, 0 } };

typedef struct pathwrap {
    ilpc_transport base;
    ilpc_transport *inner;
    ilpc_stack *s;
    int next_path;
    uint64_t nonce; /* the last path challenge the stack sent */
} pathwrap;

static void fail(const char *what);

/* Is p some connection's validated path? */
static int conn_path(const ilpc_stack *s, const ilpc_path *p)
{
    size_t i;
    for (i = 0; i < s->nconns; i++)
        if (s->conns[i]->state != ILPC_TCP_LISTEN && ilpc_path_same(&s->conns[i]->path, p))
            return 1;
    return 0;
}

static int pw_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_path *to, const ilpc_iov *iov,
                   int iovcnt)
{
    pathwrap *w = (pathwrap *)t;
    ilpc_seg sg;
    uint8_t b[MAX_SEG + 64];
    size_t n = 0;
    int i;
    for (i = 0; i < iovcnt; i++) {
        if (n + iov[i].len > sizeof b)
            fail("a segment longer than the transport's limit");
        memcpy(b + n, iov[i].base, iov[i].len);
        n += iov[i].len;
    }
    if (ilpc_tcp_wire_parse(&sg, src, dst, b, n, MAX_SEG) < 0)
        fail("the stack sent a malformed segment");
    if (!to)
        fail("the stack sent a segment without a path");
    if (sg.path_opt == TCP_PATH_CHALLENGE)
        w->nonce = sg.path_nonce;
    else if (!(sg.flags & TCP_RST) && !conn_path(w->s, to))
        fail("the stack sent along a path no connection has validated");
    return ilpc_transport_send(w->inner, src, dst, iov, iovcnt);
}

static int pw_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, uint8_t *buf, size_t cap)
{
    pathwrap *w = (pathwrap *)t;
    int r = ilpc_transport_recv(w->inner, src, dst, buf, cap);
    if (r > 0 && from)
        *from = paths[w->next_path];
    return r;
}

static int pw_default_path(ilpc_transport *t, uint16_t port, ilpc_path *p)
{
    (void)t;
    (void)port;
    *p = paths[0];
    return 0;
}

static void pw_destroy(ilpc_transport *t) { (void)t; }

static const ilpc_transport_ops pw_ops = { "pathwrap", pw_send, pw_recv, NULL, NULL, NULL,
                                           pw_destroy, NULL, NULL, pw_default_path };

static pathwrap pw; /* one per input; reset in LLVMFuzzerTestOneInput */

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_tcp: %s\n", what);
    abort();
}


static uint64_t pseudo(uint32_t src, uint32_t dst, size_t len) { return tcp_pseudo_sum(src, dst, len); }

/* Read what the stack sent: every segment well formed, its checksum correct. */
static void drain(world *w)
{
    static uint8_t b[MAX_SEG + 64];
    uint32_t src, dst;
    int r;
    while ((r = ilpc_transport_recv(w->tpeer, &src, &dst, b, sizeof b)) > 0) {
        size_t n = (size_t)r, hl;
        if (n < 20)
            fail("the stack sent a segment shorter than a header");
        hl = (size_t)(b[12] >> 4) * 4u;
        if (hl < 20 || hl > n)
            fail("the stack sent a bad header length");
        if (src != US_IP || dst != PEER_IP)
            fail("the stack sent from or to the wrong address");
        if (ilpc_csum_fold(ilpc_csum_add_bytes(pseudo(src, dst, n), b, n)) != 0xffffu)
            fail("the stack sent a segment with a wrong checksum");
        if (b[13] & 0x10u)
            w->stack_ack = rd32(b + 8);
        w->stack_seq = rd32(b + 4) + (uint32_t)(n - hl) + ((b[13] & 0x02u) ? 1u : 0u) + ((b[13] & 0x01u) ? 1u : 0u);
        w->seen = 1;
    }
}

static void step(world *w)
{
    ilpc_stack_poll(w->s, ilpc_clock_now(&w->clk));
    drain(w);
    ilpc_stack_check(w->s);
}

static void inject(world *w, const uint8_t *b, size_t n)
{
    ilpc_iov iov;
    pw.next_path = w->path;
    iov.base = b;
    iov.len = n;
    ilpc_transport_send(w->tpeer, PEER_IP, US_IP, &iov, 1);
    step(w);
}

/* Options: raw bytes, or well-formed ones; padded to a multiple of 4. */
static size_t options(world *w, input *in, uint8_t *o)
{
    unsigned mode = take(in), k = 0, i;
    if (mode & 1u) {
        unsigned n = take(in) % 41u;
        for (i = 0; i < n; i++)
            o[k++] = (uint8_t)take(in);
    } else {
        unsigned want = mode >> 1;
        if ((want & 1u) && k + 4 <= 40) {
            o[k++] = 2;
            o[k++] = 4;
            wr16(o + k, take16(in));
            k += 2;
        }
        if ((want & 2u) && k + 3 <= 40) {
            o[k++] = 3;
            o[k++] = 3;
            o[k++] = (uint8_t)(take(in) % 16u);
        }
        if ((want & 4u) && k + 2 <= 40) {
            o[k++] = 4;
            o[k++] = 2;
        }
        if ((want & 8u) && k + 10 <= 40) {
            o[k++] = 8;
            o[k++] = 10;
            w->tsval += take(in);
            wr32(o + k, w->tsval);
            wr32(o + k + 4, take(in) & 1u ? take32(in) : (uint32_t)ilpc_clock_now(&w->clk) / 1000000u);
            k += 8;
        }
        if ((want & 32u) && k + TCP_PATH_OPT_LEN <= 40) {
            /* a path challenge, or a response: with the stack's last nonce, or any */
            unsigned what = take(in);
            uint64_t nonce = (what & 2u) ? pw.nonce : (uint64_t)take32(in) << 32 | take32(in);
            k += ilpc_tcp_wire_path_probe(o + k, (what & 1u) ? TCP_PATH_RESPONSE : TCP_PATH_CHALLENGE, nonce);
        }
        if (want & 16u) {
            unsigned nb = 1u + take(in) % 4u;
            if (k + 2 + 8 * nb > 40)
                nb = (40u - k - 2u) / 8u;
            if (nb > 0 && k + 2 + 8 * nb <= 40) {
                o[k++] = 5;
                o[k++] = (uint8_t)(2 + 8 * nb);
                for (i = 0; i < nb; i++) {
                    uint32_t a = w->stack_seq - take16(in), len = 1u + take16(in); /* below what the stack sent */
                    wr32(o + k, a);
                    wr32(o + k + 4, a + len);
                    k += 8;
                }
            }
        }
    }
    while (k % 4u)
        o[k++] = 0;
    return k;
}

static void segment(world *w, input *in)
{
    static uint8_t b[MAX_SEG + 64];
    unsigned flags = take(in), ctl = take(in), plen, i;
    w->path = pw.base.ops && (flags & 0x40u) ? (int)(take(in) % NPATHS) : 0;
    uint32_t seq, ack;
    size_t hl, n;
    uint8_t opts[44];
    size_t ol = options(w, in, opts);
    seq = (ctl & 1u) ? take32(in) : w->stack_ack + (uint32_t)(int8_t)take(in) * ((ctl & 2u) ? 1000u : 1u);
    ack = (ctl & 4u) ? take32(in) : w->stack_seq + (uint32_t)(int8_t)take(in) * ((ctl & 8u) ? 1000u : 1u);
    plen = (ctl & 0x10u) ? take16(in) % (MAX_SEG - 60u) : 0;
    hl = 20 + ol;
    n = hl + plen;
    if (n > MAX_SEG)
        n = MAX_SEG, plen = (unsigned)(n - hl);
    memset(b, 0, hl);
    wr16(b, (ctl & 0x20u) && (ctl & 0x40u) ? take16(in) : PEER_PORT);
    wr16(b + 2, (ctl & 0x20u) && !(ctl & 0x40u) ? take16(in) : US_PORT);
    wr32(b + 4, seq);
    wr32(b + 8, ack);
    b[12] = (uint8_t)((hl / 4) << 4);
    b[13] = (uint8_t)flags;
    wr16(b + 14, take16(in));
    memcpy(b + 20, opts, ol);
    for (i = 0; i < plen; i++)
        b[hl + i] = (uint8_t)(seq + i);
    wr16(b + 16, (uint16_t)~ilpc_csum_fold(ilpc_csum_add_bytes(pseudo(PEER_IP, US_IP, n), b, n)));
    if (ctl & 0x80u)
        b[16] ^= (uint8_t)(1u + take(in) % 255u); /* a wrong checksum */
    inject(w, b, n);
}

static ilpc_rx_verdict hook(void *ctx, const uint8_t *payload, size_t len, uint64_t hdr_sum)
{
    unsigned mode = *(unsigned *)ctx;
    int ok = ilpc_csum_fold(ilpc_csum_add_bytes(hdr_sum, payload, len)) == 0xffffu;
    if (mode % 3u == 0)
        return ILPC_RX_DECLINE;
    return ok ? ILPC_RX_CONSUMED : ILPC_RX_DROP;
}

static void app_send(world *w, input *in)
{
    static uint8_t msg[70000];
    unsigned how = take(in) % 3u;
    size_t len = take16(in) % 20000u, i;
    if (w->conn == NULL)
        return;
    for (i = 0; i < len; i++)
        msg[i] = (uint8_t)(i * 7u);
    if (how == 0) {
        (void)ilpc_tcp_send(w->conn, msg, len);
    } else if (how == 1) {
        (void)ilpc_tcp_tx_copy(w->conn, msg, len);
    } else {
        ilpc_tx_slot slot;
        len = (len + 7u) & ~(size_t)7u;
        if (len == 0)
            len = 8;
        if (ilpc_tcp_tx_reserve(w->conn, len, &slot) == ILPC_OK) {
            size_t k;
            memcpy(slot.p[0], msg, slot.n[0]);
            if (slot.n[1])
                memcpy(slot.p[1], msg + slot.n[0], slot.n[1]);
            for (k = 0; k < slot.nsegs; k++) {
                size_t at = k * slot.seg_payload, m = len - at < slot.seg_payload ? len - at : slot.seg_payload;
                slot.seg_sums[k] = ilpc_csum_fold(ilpc_csum_add_bytes(0, msg + at, m));
            }
            if (take(in) & 1u)
                ilpc_tcp_tx_cancel(w->conn, &slot);
            else
                (void)ilpc_tcp_tx_commit(w->conn, &slot, 1);
        }
    }
    step(w);
}

static void app_recv(world *w, input *in)
{
    static uint8_t buf[70000];
    unsigned how = take(in);
    if (w->conn == NULL)
        return;
    if (how & 1u) {
        const uint8_t *p[2];
        size_t n[2], total = ilpc_tcp_rx_peek(w->conn, p, n), k = take16(in);
        if (n[0] + n[1] != total)
            fail("rx_peek's spans do not add up");
        ilpc_tcp_rx_consume(w->conn, k < total ? k : total);
    } else {
        (void)ilpc_tcp_recv(w->conn, buf, take16(in) % sizeof buf);
    }
    step(w);
}

static void app_close(world *w, input *in)
{
    unsigned how = take(in) % 4u;
    if (how == 3 && w->listener != NULL) {
        ilpc_tcp_close(w->listener);
        w->listener = NULL;
    } else if (w->conn != NULL) {
        if (how == 0)
            (void)ilpc_tcp_shutdown(w->conn);
        else if (how == 1)
            ilpc_tcp_close(w->conn), w->conn = NULL;
        else
            ilpc_tcp_abort(w->conn), w->conn = NULL;
    }
    step(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    world w;
    ilpc_stack_config sc;
    input in;
    unsigned cfg, hook_mode, cmds = 0;
    in.p = data;
    in.n = size;
    memset(&w, 0, sizeof w);
    cfg = take(&in);
    hook_mode = take(&in);
    ilpc_clock_init_virtual(&w.clk, 1000 * MS);
    if (ilpc_transport_mem_pair(US_IP, PEER_IP, MAX_SEG, 256, &w.tus, &w.tpeer) != 0)
        fail("mem pair");
    ilpc_stack_config_default(&sc);
    sc.isn_seed = 42;
    sc.max_conns = 8;
    sc.tcp.window_scaling = (cfg >> 1) & 1u;
    sc.tcp.timestamps = (cfg >> 2) & 1u;
    sc.tcp.sack = (cfg >> 3) & 1u;
    sc.tcp.ack_delay_ns = (cfg >> 4) & 1u ? 40 * MS : 0;
    sc.tcp.ooo_ranges = (cfg >> 5) & 1u ? 4u : 32u;
    sc.tcp.tx_buf = sc.tcp.rx_buf = (cfg >> 6) & 1u ? 4096u : 96u * 1024u;
    sc.tcp.rto_min_ns = sc.tcp.rto_init_ns = 100 * MS;
    sc.tcp.max_retries = 4;
    memset(&pw, 0, sizeof pw);
    if (cfg & 0x80u) {
        pw.base.ops = &pw_ops;
        pw.base.local_ip = US_IP;
        pw.base.max_seg = w.tus->max_seg;
        pw.base.outer_paths = 1;
        pw.inner = w.tus;
    }
    w.s = ilpc_stack_new(pw.base.ops ? &pw.base : w.tus, &w.clk, &sc);
    if (w.s == NULL)
        fail("stack_new");
    pw.s = w.s;
    if (cfg & 1u) {
        if (ilpc_tcp_connect(w.s, PEER_IP, PEER_PORT, US_PORT, &w.conn) != ILPC_OK)
            fail("connect");
    } else if (ilpc_tcp_listen(w.s, US_PORT, 2, &w.listener) != ILPC_OK) {
        fail("listen");
    }
    step(&w);
    while (in.n > 0 && cmds++ < 64) {
        switch (take(&in) % 12u) {
        case 0: case 1: case 2: case 3:
            segment(&w, &in);
            break;
        case 4: { /* raw bytes as a segment */
            uint8_t raw[80];
            size_t n = take(&in) % sizeof raw, i;
            for (i = 0; i < n; i++)
                raw[i] = (uint8_t)take(&in);
            inject(&w, raw, n);
            break;
        }
        case 5: /* the clock moves on: a byte, shifted left by 0..27 (up to 36 hours in ns) */
        {
            uint64_t dt = take(&in);
            ilpc_clock_advance(&w.clk, dt << (take(&in) % 28u));
            step(&w);
            break;
        }
        case 6: case 7:
            app_send(&w, &in);
            break;
        case 8:
            app_recv(&w, &in);
            break;
        case 9:
            app_close(&w, &in);
            break;
        case 10:
            if (w.conn == NULL && w.listener != NULL && ilpc_tcp_accept(w.listener, &w.conn) == ILPC_OK &&
                (hook_mode & 1u))
                ilpc_tcp_set_rx_hook(w.conn, hook, &hook_mode);
            step(&w);
            break;
        default:
            if (w.conn != NULL && (hook_mode & 2u))
                ilpc_tcp_set_rx_hook(w.conn, hook, &hook_mode);
            step(&w);
            break;
        }
    }
    ilpc_stack_free(w.s);
    ilpc_transport_free(w.tus);
    ilpc_transport_free(w.tpeer);
    return 0;
}
