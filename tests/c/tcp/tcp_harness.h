/* tcp_harness.h - drive one ilpc stack segment by segment.
 *
 * The stack under test sits on one end of a mem transport pair; the test
 * plays the peer on the other end: it crafts segments (with a correct or a
 * deliberately wrong checksum), runs the stack's poll step on a virtual
 * clock, and reads back the stack's replies to assert their exact fields. */
#ifndef TCP_HARNESS_H
#define TCP_HARNESS_H

#include "ilpc_csum.h"
#include "ilpc_stack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int h_failures, h_checks;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        h_checks++;                                                                  \
        if (!(cond)) {                                                               \
            h_failures++;                                                            \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                            \
    } while (0)

#define CHECK_EQ(a, b)                                                                                \
    do {                                                                                              \
        unsigned long long va_ = (unsigned long long)(a), vb_ = (unsigned long long)(b);              \
        h_checks++;                                                                                   \
        if (va_ != vb_) {                                                                             \
            h_failures++;                                                                             \
            fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (0x%llx != 0x%llx, %llu != %llu)\n", \
                    __FILE__, __LINE__, #a, #b, va_, vb_, va_, vb_);                                  \
        }                                                                                             \
    } while (0)

#define H_MAX_SEG (300 * 1024) /* the largest segment a test sends or receives */

#define US_IP 0x0a000001u   /* 10.0.0.1: the stack under test */
#define PEER_IP 0x0a000002u /* 10.0.0.2: the hand-driven peer */
#define PEER_PORT 4000u
#define MS ILPC_NS_PER_MS

#define F_FIN 0x01u
#define F_SYN 0x02u
#define F_RST 0x04u
#define F_PSH 0x08u
#define F_ACK 0x10u

typedef struct {
    ilpc_clock clk;
    ilpc_transport *tus, *tpeer;
    ilpc_stack *s;
    uint16_t our_port;
    uint16_t peer_port;
} H;

typedef struct {
    uint16_t sport, dport;
    uint32_t seq, ack;
    uint8_t flags;
    uint16_t wnd;
    int has_mss;
    uint16_t mss;
    int has_ws, has_sack_perm, has_ts;
    uint8_t ws;
    uint32_t tsval, tsecr;
    unsigned nsack;
    uint32_t sack[4][2];
    size_t hl;
    size_t len;
    int csum_ok;
    uint8_t payload[H_MAX_SEG];
} Seg;

static Seg h_seg; /* scratch for replies (large: keep off the stack) */

/* The base configuration of the crafted-segment tests: no options beyond
 * MSS, every data segment acknowledged at once, 64 KiB buffers, so that the
 * replies are the plain RFC 9293 ones.  Tests of window scaling,
 * timestamps, SACK and delayed ACKs switch them on explicitly. */
static void h_tcp_cfg(ilpc_tcp_config *t)
{
    ilpc_tcp_config_default(t);
    t->tx_buf = 64 * 1024;
    t->rx_buf = 64 * 1024;
    t->ack_delay_ns = 0;
    t->window_scaling = 0;
    t->timestamps = 0;
    t->sack = 0;
    t->rto_init_ns = 100 * MS;
    t->rto_min_ns = 100 * MS;
    t->rto_max_ns = 1600 * MS;
    t->max_retries = 4;
    t->time_wait_ns = 500 * MS;
    t->fin_wait2_ns = 3000 * MS;
}

/* A stack on a mem transport whose segments may be max_seg bytes long. */
static void h_init_seg(H *h, const ilpc_tcp_config *tcfg, size_t max_seg)
{
    ilpc_stack_config sc;
    memset(h, 0, sizeof *h);
    ilpc_clock_init_virtual(&h->clk, 1000 * MS);
    if (ilpc_transport_mem_pair(US_IP, PEER_IP, max_seg, 4096, &h->tus, &h->tpeer)) {
        fprintf(stderr, "mem pair failed\n");
        exit(1);
    }
    ilpc_stack_config_default(&sc);
    sc.isn_seed = 42;
    if (tcfg)
        sc.tcp = *tcfg;
    else
        h_tcp_cfg(&sc.tcp);
    h->s = ilpc_stack_new(h->tus, &h->clk, &sc);
    if (!h->s) {
        fprintf(stderr, "stack_new failed\n");
        exit(1);
    }
    h->our_port = 1234;
    h->peer_port = PEER_PORT;
}

static void h_init(H *h, const ilpc_tcp_config *tcfg) { h_init_seg(h, tcfg, 1480); }

static void h_fini(H *h)
{
    ilpc_stack_free(h->s);
    ilpc_transport_free(h->tus);
    ilpc_transport_free(h->tpeer);
}

static uint64_t h_now(H *h) { return ilpc_clock_now(&h->clk); }
static void h_poll(H *h) { ilpc_stack_poll(h->s, h_now(h)); }
static void h_advance(H *h, uint64_t dt)
{
    ilpc_clock_advance(&h->clk, dt);
    h_poll(h);
}

/* The pseudo-header; the length summed as a 32-bit quantity (jumbo
 * segments), the same as the 16-bit field below 65536. */
static uint64_t pseudo_acc(uint32_t src, uint32_t dst, size_t tcp_len)
{
    uint8_t ph[14] = { (uint8_t)(src >> 24), (uint8_t)(src >> 16), (uint8_t)(src >> 8), (uint8_t)src,
                       (uint8_t)(dst >> 24), (uint8_t)(dst >> 16), (uint8_t)(dst >> 8), (uint8_t)dst,
                       0, 6, (uint8_t)(tcp_len >> 8), (uint8_t)tcp_len,
                       (uint8_t)(tcp_len >> 24), (uint8_t)(tcp_len >> 16) };
    return ilpc_csum_add_bytes(0, ph, sizeof ph);
}

/* Build a segment from the peer (options raw, must be a multiple of 4). */
static size_t h_build(H *h, uint8_t *b, uint8_t flags, uint32_t seq, uint32_t ack, uint16_t wnd,
                      const uint8_t *opts, size_t optlen, const void *payload, size_t plen)
{
    size_t hl = 20 + optlen, n = hl + plen;
    uint16_t ck;
    memset(b, 0, hl);
    b[0] = (uint8_t)(h->peer_port >> 8);
    b[1] = (uint8_t)h->peer_port;
    b[2] = (uint8_t)(h->our_port >> 8);
    b[3] = (uint8_t)h->our_port;
    b[4] = (uint8_t)(seq >> 24);
    b[5] = (uint8_t)(seq >> 16);
    b[6] = (uint8_t)(seq >> 8);
    b[7] = (uint8_t)seq;
    b[8] = (uint8_t)(ack >> 24);
    b[9] = (uint8_t)(ack >> 16);
    b[10] = (uint8_t)(ack >> 8);
    b[11] = (uint8_t)ack;
    b[12] = (uint8_t)((hl / 4) << 4);
    b[13] = flags;
    b[14] = (uint8_t)(wnd >> 8);
    b[15] = (uint8_t)wnd;
    if (optlen)
        memcpy(b + 20, opts, optlen);
    if (plen)
        memcpy(b + hl, payload, plen);
    ck = (uint16_t)~ilpc_csum_fold(ilpc_csum_add_bytes(pseudo_acc(PEER_IP, US_IP, n), b, n));
    b[16] = (uint8_t)(ck >> 8);
    b[17] = (uint8_t)ck;
    return n;
}

static void h_raw(H *h, const uint8_t *b, size_t n)
{
    ilpc_iov iov;
    iov.base = b;
    iov.len = n;
    ilpc_transport_send(h->tpeer, PEER_IP, US_IP, &iov, 1);
    h_poll(h);
}

static uint8_t h_buf[H_MAX_SEG + 64];

/* Send a segment from the peer and run the stack. */
static void h_tx_opt(H *h, uint8_t flags, uint32_t seq, uint32_t ack, uint16_t wnd, const uint8_t *opts,
                     size_t optlen, const void *payload, size_t plen, int corrupt)
{
    size_t n = h_build(h, h_buf, flags, seq, ack, wnd, opts, optlen, payload, plen);
    if (corrupt)
        h_buf[n - 1] ^= 0x40;
    h_raw(h, h_buf, n);
}

static void h_tx(H *h, uint8_t flags, uint32_t seq, uint32_t ack, uint16_t wnd, const void *payload, size_t plen)
{
    h_tx_opt(h, flags, seq, ack, wnd, NULL, 0, payload, plen, 0);
}

/* Next segment sent by the stack, parsed into h_seg; 0 if none. */
static int h_rx(H *h)
{
    uint32_t src, dst;
    int n = ilpc_transport_recv(h->tpeer, &src, &dst, h_buf, sizeof h_buf);
    Seg *s = &h_seg;
    size_t i;
    if (n <= 0)
        return 0;
    memset(s, 0, offsetof(Seg, payload));
    CHECK_EQ(src, US_IP);
    CHECK_EQ(dst, PEER_IP);
    CHECK(n >= 20);
    s->sport = (uint16_t)(h_buf[0] << 8 | h_buf[1]);
    s->dport = (uint16_t)(h_buf[2] << 8 | h_buf[3]);
    s->seq = (uint32_t)h_buf[4] << 24 | (uint32_t)h_buf[5] << 16 | (uint32_t)h_buf[6] << 8 | h_buf[7];
    s->ack = (uint32_t)h_buf[8] << 24 | (uint32_t)h_buf[9] << 16 | (uint32_t)h_buf[10] << 8 | h_buf[11];
    s->hl = (size_t)(h_buf[12] >> 4) * 4;
    s->flags = h_buf[13];
    s->wnd = (uint16_t)(h_buf[14] << 8 | h_buf[15]);
    for (i = 20; i < s->hl;) {
        const uint8_t *o = h_buf + i;
        if (o[0] == 0)
            break;
        if (o[0] == 1) {
            i++;
            continue;
        }
        CHECK(i + 1 < s->hl && o[1] >= 2 && i + o[1] <= s->hl);
        if (!(i + 1 < s->hl && o[1] >= 2 && i + o[1] <= s->hl))
            break;
        if (o[0] == 2 && o[1] == 4) {
            s->has_mss = 1;
            s->mss = (uint16_t)(o[2] << 8 | o[3]);
        } else if (o[0] == 3 && o[1] == 3) {
            s->has_ws = 1;
            s->ws = o[2];
        } else if (o[0] == 4 && o[1] == 2) {
            s->has_sack_perm = 1;
        } else if (o[0] == 8 && o[1] == 10) {
            s->has_ts = 1;
            s->tsval = (uint32_t)o[2] << 24 | (uint32_t)o[3] << 16 | (uint32_t)o[4] << 8 | o[5];
            s->tsecr = (uint32_t)o[6] << 24 | (uint32_t)o[7] << 16 | (uint32_t)o[8] << 8 | o[9];
        } else if (o[0] == 5) {
            unsigned k;
            CHECK((o[1] - 2) % 8 == 0);
            for (k = 0; k < (unsigned)(o[1] - 2) / 8 && k < 4; k++) {
                const uint8_t *b = o + 2 + 8 * k;
                s->sack[k][0] = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
                s->sack[k][1] = (uint32_t)b[4] << 24 | (uint32_t)b[5] << 16 | (uint32_t)b[6] << 8 | b[7];
            }
            s->nsack = k;
        }
        i += o[1];
    }
    s->len = (size_t)n - s->hl;
    memcpy(s->payload, h_buf + s->hl, s->len);
    s->csum_ok = ilpc_csum_fold(ilpc_csum_add_bytes(pseudo_acc(US_IP, PEER_IP, (size_t)n), h_buf, (size_t)n)) == 0xffff;
    return 1;
}

#define ANY 0xfffffffffull

/* Expect a reply with these fields (ANY = don't care); returns h_seg. */
static Seg *h_expect_(H *h, int line, unsigned flags, unsigned long long seq, unsigned long long ack,
                      unsigned long long wnd, unsigned long long len)
{
    h_checks++;
    if (!h_rx(h)) {
        h_failures++;
        fprintf(stderr, "line %d: expected a segment, got none\n", line);
        memset(&h_seg, 0, offsetof(Seg, payload));
        return &h_seg;
    }
    if (h_seg.flags != flags || (seq != ANY && h_seg.seq != seq) || (ack != ANY && h_seg.ack != ack) ||
        (wnd != ANY && h_seg.wnd != wnd) || (len != ANY && h_seg.len != len) || !h_seg.csum_ok ||
        h_seg.sport != h->our_port || h_seg.dport != h->peer_port) {
        h_failures++;
        fprintf(stderr,
                "line %d: segment mismatch: got flags=0x%02x seq=%u ack=%u wnd=%u len=%zu csum_ok=%d ports=%u->%u;"
                " want flags=0x%02x seq=%lld ack=%lld wnd=%lld len=%lld\n",
                line, h_seg.flags, h_seg.seq, h_seg.ack, h_seg.wnd, h_seg.len, h_seg.csum_ok, h_seg.sport,
                h_seg.dport, flags, seq == ANY ? -1 : (long long)seq, ack == ANY ? -1 : (long long)ack,
                wnd == ANY ? -1 : (long long)wnd, len == ANY ? -1 : (long long)len);
    }
    return &h_seg;
}
#define EXPECT(h, flags, seq, ack, wnd, len) h_expect_((h), __LINE__, (flags), (seq), (ack), (wnd), (len))

static void h_expect_none_(H *h, int line)
{
    h_checks++;
    if (h_rx(h)) {
        h_failures++;
        fprintf(stderr, "line %d: expected no segment, got flags=0x%02x seq=%u ack=%u len=%zu\n", line,
                h_seg.flags, h_seg.seq, h_seg.ack, h_seg.len);
    }
}
#define EXPECT_NONE(h) h_expect_none_((h), __LINE__)

static const uint8_t MSS1460[4] = { 2, 4, 0x05, 0xb4 };

#endif
