/* test_tcp_segments.c - segment-level unit tests of the ilpc user-level TCP.
 * Each test feeds crafted segments to a stack and asserts the exact reply
 * (flags, seq, ack, window, length, checksum). */
#include "tcp_harness.h"
#include "ilpc_impair.h"
#include "ilpc_tcp_internal.h" /* white-box checks (srtt, the ISN key) */

static uint8_t pat[H_MAX_SEG];

static uint32_t open_opts(H *h, ilpc_tcp **c, uint32_t pisn, uint16_t mss, int sackp, int ts, uint32_t tsval,
                          int ws);

static void fill_pattern(void)
{
    size_t i;
    uint32_t x = 12345;
    for (i = 0; i < sizeof pat; i++) {
        x = x * 1103515245u + 12345u;
        pat[i] = (uint8_t)(x >> 16);
    }
}

static const uint8_t *o_mss(uint16_t mss)
{
    static uint8_t o[4];
    o[0] = 2;
    o[1] = 4;
    o[2] = (uint8_t)(mss >> 8);
    o[3] = (uint8_t)mss;
    return o;
}

/* Active open; returns ISS.  The peer's SYN-ACK carries pisn, pwnd, mss (0: no option). */
static uint32_t open_active(H *h, ilpc_tcp **c, uint32_t pisn, uint16_t pwnd, uint16_t mss)
{
    Seg *s;
    uint32_t iss;
    CHECK_EQ(ilpc_tcp_connect(h->s, PEER_IP, h->peer_port, h->our_port, c), ILPC_OK);
    CHECK_EQ(ilpc_tcp_get_state(*c), ILPC_TCP_SYN_SENT);
    s = EXPECT(h, F_SYN, ANY, 0, ANY, 0);
    CHECK(s->has_mss);
    CHECK_EQ(s->mss, 1460);
    CHECK_EQ(s->hl, 24);
    iss = s->seq;
    h_tx_opt(h, F_SYN | F_ACK, pisn, iss + 1, pwnd, mss ? o_mss(mss) : NULL, mss ? 4 : 0, NULL, 0, 0);
    s = EXPECT(h, F_ACK, iss + 1, pisn + 1, ANY, 0);
    CHECK_EQ(s->hl, 20); /* no options after the SYN */
    CHECK_EQ(ilpc_tcp_get_state(*c), ILPC_TCP_ESTABLISHED);
    EXPECT_NONE(h);
    return iss;
}

static uint32_t open_passive(H *h, ilpc_tcp **l, ilpc_tcp **c, uint32_t pisn, uint16_t pwnd)
{
    Seg *s;
    uint32_t iss;
    CHECK_EQ(ilpc_tcp_listen(h->s, h->our_port, 4, l), ILPC_OK);
    h_tx_opt(h, F_SYN, pisn, 0, pwnd, MSS1460, 4, NULL, 0, 0);
    s = EXPECT(h, F_SYN | F_ACK, ANY, pisn + 1, 65535, 0);
    CHECK(s->has_mss && s->mss == 1460);
    iss = s->seq;
    CHECK_EQ(ilpc_tcp_accept(*l, c), ILPC_E_AGAIN);
    h_tx(h, F_ACK, pisn + 1, iss + 1, pwnd, NULL, 0);
    EXPECT_NONE(h);
    CHECK_EQ(ilpc_tcp_accept(*l, c), ILPC_OK);
    CHECK_EQ(ilpc_tcp_get_state(*c), ILPC_TCP_ESTABLISHED);
    return iss;
}

/* ------------------------------------------------------------------ tests */

static void test_active_open(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t lip, rip;
    uint16_t lp, rp;
    h_init(&h, NULL);
    open_active(&h, &c, 1000, 8192, 1000);
    CHECK_EQ(ilpc_tcp_mss(c), 1000);
    CHECK_EQ(ilpc_tcp_seg_payload(c), 1000);
    ilpc_tcp_endpoints(c, &lip, &lp, &rip, &rp);
    CHECK_EQ(lip, US_IP);
    CHECK_EQ(lp, 1234);
    CHECK_EQ(rip, PEER_IP);
    CHECK_EQ(rp, PEER_PORT);
    h_fini(&h);
}

static void test_syn_retransmit_and_timeout(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    int i;
    uint64_t rto = 100 * MS;
    h_init(&h, NULL);
    CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, PEER_PORT, h.our_port, &c), ILPC_OK);
    iss = EXPECT(&h, F_SYN, ANY, 0, ANY, 0)->seq;
    for (i = 0; i < 4; i++) {
        h_advance(&h, rto - 1);
        EXPECT_NONE(&h);
        h_advance(&h, 1);
        EXPECT(&h, F_SYN, iss, 0, ANY, 0);
        rto *= 2;
    }
    h_advance(&h, rto);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    CHECK_EQ(ilpc_tcp_error(c), ILPC_E_TIMEDOUT);
    CHECK_EQ(ilpc_tcp_wait_established(c, 0), ILPC_E_TIMEDOUT);
    ilpc_tcp_close(c);
    CHECK_EQ(ilpc_stack_conn_count(h.s), 0);
    h_fini(&h);
}

static void test_passive_open(void)
{
    H h;
    ilpc_tcp *l, *c;
    uint32_t iss;
    h_init(&h, NULL);
    iss = open_passive(&h, &l, &c, 5000, 30000);
    /* retransmitted SYN after establishment: challenge ACK */
    h_tx_opt(&h, F_SYN, 5000, 0, 30000, MSS1460, 4, NULL, 0, 0);
    EXPECT(&h, F_ACK, iss + 1, 5001, 65535, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
    CHECK_EQ(ilpc_tcp_get_stats(c)->challenge_acks, 1);
    h_fini(&h);
}

static void test_passive_syn_retransmit(void)
{
    H h;
    ilpc_tcp *l, *c;
    uint32_t iss;
    h_init(&h, NULL);
    CHECK_EQ(ilpc_tcp_listen(h.s, h.our_port, 4, &l), ILPC_OK);
    h_tx(&h, F_SYN, 77, 0, 1000, NULL, 0);
    iss = EXPECT(&h, F_SYN | F_ACK, ANY, 78, 65535, 0)->seq;
    /* the peer did not get our SYN-ACK and repeats its SYN */
    h_tx(&h, F_SYN, 77, 0, 1000, NULL, 0);
    EXPECT(&h, F_SYN | F_ACK, iss, 78, 65535, 0);
    /* our own retransmission timer */
    h_advance(&h, 100 * MS);
    EXPECT(&h, F_SYN | F_ACK, iss, 78, 65535, 0);
    /* bad ACK in SYN-RECEIVED: RST */
    h_tx(&h, F_ACK, 78, iss + 7, 1000, NULL, 0);
    EXPECT(&h, F_RST, iss + 7, 0, 0, 0);
    h_tx(&h, F_ACK, 78, iss + 1, 1000, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_accept(l, &c), ILPC_OK);
    CHECK_EQ(ilpc_tcp_mss(c), 536); /* no MSS option: RFC 1122 default */
    h_fini(&h);
}

static void test_simultaneous_open(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    h_init(&h, NULL);
    CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, PEER_PORT, h.our_port, &c), ILPC_OK);
    iss = EXPECT(&h, F_SYN, ANY, 0, ANY, 0)->seq;
    h_tx_opt(&h, F_SYN, 7000, 0, 20000, MSS1460, 4, NULL, 0, 0);
    EXPECT(&h, F_SYN | F_ACK, iss, 7001, 65535, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_SYN_RECEIVED);
    h_tx_opt(&h, F_SYN | F_ACK, 7000, iss + 1, 20000, MSS1460, 4, NULL, 0, 0);
    EXPECT(&h, F_ACK, iss + 1, 7001, 65535, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
    /* data flows */
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 10), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 7001, 65535, 10);
    h_fini(&h);
}

static void test_mss_default_and_segmentation(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    h_init(&h, NULL);
    iss = open_active(&h, &c, 1, 65535, 0);
    CHECK_EQ(ilpc_tcp_mss(c), 536);
    CHECK_EQ(ilpc_tcp_seg_payload(c), 536);
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 1200), ILPC_OK);
    EXPECT(&h, F_ACK, iss + 1, 2, 65535, 536);
    CHECK(memcmp(h_seg.payload, pat, 536) == 0);
    EXPECT(&h, F_ACK, iss + 537, 2, 65535, 536);
    EXPECT(&h, F_ACK | F_PSH, iss + 1073, 2, 65535, 128);
    CHECK(memcmp(h_seg.payload, pat + 1072, 128) == 0);
    /* a second message starts a new segment (never coalesced) */
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 8), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 1201, 2, 65535, 8);
    EXPECT_NONE(&h);
    /* MSS 1460 rounds down to a multiple of 8 */
    h_fini(&h);
    h_init(&h, NULL);
    open_active(&h, &c, 1, 65535, 1460);
    CHECK_EQ(ilpc_tcp_seg_payload(c), 1456);
    h_fini(&h);
}

static void test_out_of_window_and_duplicates(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss, p = 100;
    uint8_t buf[512];
    ilpc_tcp_config t;
    h_tcp_cfg(&t);
    t.rx_buf = 1000;
    h_init(&h, &t);
    iss = open_active(&h, &c, p - 1, 65535, 1460);
    /* beyond the window: ACK, nothing stored */
    h_tx(&h, F_ACK, p + 5000, iss + 1, 65535, pat, 10);
    EXPECT(&h, F_ACK, iss + 1, p, 1000, 0);
    CHECK_EQ(ilpc_tcp_rx_available(c), 0);
    /* in order */
    h_tx(&h, F_ACK, p, iss + 1, 65535, pat, 100);
    EXPECT(&h, F_ACK, iss + 1, p + 100, 900, 0);
    /* exact duplicate: re-ACK */
    h_tx(&h, F_ACK, p, iss + 1, 65535, pat, 100);
    EXPECT(&h, F_ACK, iss + 1, p + 100, 900, 0);
    /* overlap: only the new 50 bytes are taken */
    h_tx(&h, F_ACK, p + 50, iss + 1, 65535, pat + 50, 100);
    EXPECT(&h, F_ACK, iss + 1, p + 150, 850, 0);
    /* straddling the right edge: trimmed to the window */
    h_tx(&h, F_ACK, p + 150, iss + 1, 65535, pat + 150, 900);
    EXPECT(&h, F_ACK, iss + 1, p + 1000, 0, 0);
    CHECK_EQ(ilpc_tcp_rx_available(c), 1000);
    CHECK_EQ(ilpc_tcp_recv(c, buf, 500), 500);
    CHECK(memcmp(buf, pat, 500) == 0);
    EXPECT(&h, F_ACK, iss + 1, p + 1000, 500, 0); /* window update */
    CHECK_EQ(ilpc_tcp_recv(c, buf, 500), 500);
    CHECK(memcmp(buf, pat + 500, 500) == 0);
    h_fini(&h);
}

static void test_out_of_order_reassembly(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss, p = 0xffffff80u; /* the peer's sequence numbers wrap */
    uint8_t buf[1000];
    h_init(&h, NULL);
    iss = open_active(&h, &c, p - 1, 65535, 1460);
    h_tx(&h, F_ACK, p + 300, iss + 1, 65535, pat + 300, 100); /* hole 0..300 */
    EXPECT(&h, F_ACK, iss + 1, p, 65535, 0);                  /* duplicate ACK */
    h_tx(&h, F_ACK, p + 100, iss + 1, 65535, pat + 100, 100);
    EXPECT(&h, F_ACK, iss + 1, p, 65535, 0);
    h_tx(&h, F_ACK, p + 150, iss + 1, 65535, pat + 150, 200); /* overlaps both */
    EXPECT(&h, F_ACK, iss + 1, p, 65535, 0);
    CHECK_EQ(ilpc_tcp_get_stats(c)->ooo_queued, 3);
    CHECK_EQ(ilpc_tcp_rx_available(c), 0);
    h_tx(&h, F_ACK, p, iss + 1, 65535, pat, 120); /* fills the hole */
    EXPECT(&h, F_ACK, iss + 1, p + 400, 65536 - 400, 0); /* 64 KiB ring */
    CHECK_EQ(ilpc_tcp_recv(c, buf, sizeof buf), 400);
    CHECK(memcmp(buf, pat, 400) == 0);
    h_fini(&h);
}

static void test_ooo_bounded(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss, p = 1;
    int i;
    uint8_t buf[4000];
    ilpc_tcp_config t;
    h_tcp_cfg(&t);
    t.ooo_ranges = 2;
    h_init(&h, &t);
    iss = open_active(&h, &c, p - 1, 65535, 1460);
    for (i = 1; i <= 3; i++) { /* three separate islands, only two kept */
        h_tx(&h, F_ACK, p + (uint32_t)i * 200, iss + 1, 65535, pat + i * 200, 100);
        EXPECT(&h, F_ACK, iss + 1, p, ANY, 0);
    }
    CHECK_EQ(ilpc_tcp_get_stats(c)->ooo_dropped, 1);
    h_tx(&h, F_ACK, p, iss + 1, 65535, pat, 300); /* joins the island at 200 */
    EXPECT(&h, F_ACK, iss + 1, p + 300, ANY, 0);
    h_tx(&h, F_ACK, p + 300, iss + 1, 65535, pat + 300, 100); /* joins the island at 400 */
    EXPECT(&h, F_ACK, iss + 1, p + 500, ANY, 0);
    h_tx(&h, F_ACK, p + 500, iss + 1, 65535, pat + 500, 200); /* 600..700 had been dropped */
    EXPECT(&h, F_ACK, iss + 1, p + 700, ANY, 0);
    CHECK_EQ(ilpc_tcp_recv(c, buf, sizeof buf), 700);
    CHECK(memcmp(buf, pat, 700) == 0);
    h_fini(&h);
}

static void test_rst_handling(void)
{
    H h;
    ilpc_tcp *c, *l;
    uint32_t iss;
    uint8_t b[16];

    /* SYN-SENT: RST without ACK ignored; unacceptable ACK answered with RST;
     * RST with acceptable ACK refuses the connection */
    h_init(&h, NULL);
    CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, PEER_PORT, h.our_port, &c), ILPC_OK);
    iss = EXPECT(&h, F_SYN, ANY, 0, ANY, 0)->seq;
    h_tx(&h, F_RST, 0, 0, 0, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_SYN_SENT);
    h_tx(&h, F_ACK, 555, iss + 100, 0, NULL, 0);
    EXPECT(&h, F_RST, iss + 100, 0, 0, 0);
    h_tx(&h, F_RST | F_ACK, 0, iss + 5, 0, NULL, 0); /* RST with a bad ACK */
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_SYN_SENT);
    h_tx(&h, F_RST | F_ACK, 0, iss + 1, 0, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    CHECK_EQ(ilpc_tcp_error(c), ILPC_E_CONNREFUSED);
    ilpc_tcp_close(c);
    h_fini(&h);

    /* ESTABLISHED: out of window ignored, in window challenged, exact resets */
    h_init(&h, NULL);
    iss = open_active(&h, &c, 999, 65535, 1460);
    h_tx(&h, F_RST, 1000 + 100000, 0, 0, NULL, 0);
    EXPECT_NONE(&h);
    h_tx(&h, F_RST, 1010, 0, 0, NULL, 0);
    EXPECT(&h, F_ACK, iss + 1, 1000, 65535, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
    h_tx(&h, F_SYN, 5, 0, 0, NULL, 0); /* SYN in a synchronized state */
    EXPECT(&h, F_ACK, iss + 1, 1000, 65535, 0);
    h_tx(&h, F_RST, 1000, 0, 0, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    CHECK_EQ(ilpc_tcp_error(c), ILPC_E_CONNRESET);
    CHECK_EQ(ilpc_tcp_recv(c, b, sizeof b), ILPC_E_CONNRESET);
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 4), ILPC_E_CONNRESET);
    /* now the port is closed: segments get RSTs */
    h_tx(&h, F_ACK, 1000, iss + 1, 100, pat, 5);
    EXPECT(&h, F_RST, iss + 1, 0, 0, 0);
    ilpc_tcp_close(c);
    h_fini(&h);

    /* SYN-RECEIVED (passive): RST drops the embryonic connection */
    h_init(&h, NULL);
    CHECK_EQ(ilpc_tcp_listen(h.s, h.our_port, 4, &l), ILPC_OK);
    h_tx(&h, F_SYN, 300, 0, 1000, NULL, 0);
    iss = EXPECT(&h, F_SYN | F_ACK, ANY, 301, ANY, 0)->seq;
    CHECK_EQ(ilpc_stack_conn_count(h.s), 2);
    h_tx(&h, F_RST, 301, 0, 0, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_stack_conn_count(h.s), 1);
    CHECK_EQ(ilpc_tcp_accept(l, &c), ILPC_E_AGAIN);
    /* LISTEN: RST ignored, ACK answered with RST */
    h_tx(&h, F_RST, 1, 0, 0, NULL, 0);
    EXPECT_NONE(&h);
    h_tx(&h, F_ACK, 1, 4242, 0, NULL, 0);
    EXPECT(&h, F_RST, 4242, 0, 0, 0);
    (void)iss;
    h_fini(&h);

    /* closed port: SYN -> RST|ACK (seq 0, ack seq+len) */
    h_init(&h, NULL);
    h_tx(&h, F_SYN, 7777, 0, 1000, NULL, 0);
    EXPECT(&h, F_RST | F_ACK, 0, 7778, 0, 0);
    h_tx(&h, F_FIN | F_PSH, 9, 0, 1000, pat, 10);
    EXPECT(&h, F_RST | F_ACK, 0, 9 + 11, 0, 0);
    h_tx(&h, F_RST, 9, 0, 1000, NULL, 0);
    EXPECT_NONE(&h);
    h_fini(&h);

    /* FIN-WAIT-1, CLOSE-WAIT, LAST-ACK, TIME-WAIT */
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    ilpc_tcp_shutdown(c);
    EXPECT(&h, F_FIN | F_ACK, iss + 1, 1, 65535, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_FIN_WAIT_1);
    h_tx(&h, F_RST, 1, 0, 0, NULL, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    CHECK_EQ(ilpc_tcp_error(c), ILPC_E_CONNRESET);
    h_fini(&h);

    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    h_tx(&h, F_FIN | F_ACK, 1, iss + 1, 65535, NULL, 0);
    EXPECT(&h, F_ACK, iss + 1, 2, 65535, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSE_WAIT);
    h_tx(&h, F_RST, 2, 0, 0, NULL, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    CHECK_EQ(ilpc_tcp_error(c), ILPC_E_CONNRESET);
    h_fini(&h);

    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    h_tx(&h, F_FIN | F_ACK, 1, iss + 1, 65535, NULL, 0);
    EXPECT(&h, F_ACK, iss + 1, 2, 65535, 0);
    ilpc_tcp_shutdown(c);
    EXPECT(&h, F_FIN | F_ACK, iss + 1, 2, 65535, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_LAST_ACK);
    h_tx(&h, F_RST, 2, 0, 0, NULL, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    CHECK_EQ(ilpc_tcp_error(c), 0);
    h_fini(&h);

    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    ilpc_tcp_shutdown(c);
    EXPECT(&h, F_FIN | F_ACK, iss + 1, 1, 65535, 0);
    h_tx(&h, F_FIN | F_ACK, 1, iss + 2, 65535, NULL, 0);
    EXPECT(&h, F_ACK, iss + 2, 2, 65535, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_TIME_WAIT);
    h_tx(&h, F_RST, 2, 0, 0, NULL, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    h_fini(&h);
}

static void test_zero_window_persist(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 0, 1460); /* the peer's window is closed */
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 100), ILPC_OK);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_stack_next_deadline_ns(h.s), h_now(&h) + 100 * MS);
    h_advance(&h, 100 * MS - 1);
    EXPECT_NONE(&h);
    h_advance(&h, 1);
    EXPECT(&h, F_ACK, iss + 1, 1, 65535, 1); /* probe: one byte */
    CHECK_EQ(h_seg.payload[0], pat[0]);
    h_tx(&h, F_ACK, 1, iss + 1, 0, NULL, 0); /* still closed */
    EXPECT_NONE(&h);
    h_advance(&h, 200 * MS - 1); /* backoff doubles */
    EXPECT_NONE(&h);
    h_advance(&h, 1);
    EXPECT(&h, F_ACK, iss + 1, 1, 65535, 1);
    CHECK_EQ(ilpc_tcp_get_stats(c)->persist_probes, 2);
    h_tx(&h, F_ACK, 1, iss + 1, 4000, NULL, 0); /* window opens */
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, 65535, 100);
    CHECK(memcmp(h_seg.payload, pat, 100) == 0);
    EXPECT_NONE(&h);
    h_tx(&h, F_ACK, 1, iss + 101, 4000, NULL, 0);
    CHECK_EQ(ilpc_stack_next_deadline_ns(h.s), ILPC_TIME_NEVER);
    h_fini(&h);
}

static void test_receiver_zero_window(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    uint8_t buf[1024];
    ilpc_tcp_config t;
    h_tcp_cfg(&t);
    t.rx_buf = 1024;
    h_init(&h, &t);
    CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, PEER_PORT, h.our_port, &c), ILPC_OK);
    iss = EXPECT(&h, F_SYN, ANY, 0, 1024, 0)->seq;
    h_tx_opt(&h, F_SYN | F_ACK, 0, iss + 1, 65535, MSS1460, 4, NULL, 0, 0);
    EXPECT(&h, F_ACK, iss + 1, 1, 1024, 0);
    h_tx(&h, F_ACK, 1, iss + 1, 65535, pat, 1024);
    EXPECT(&h, F_ACK, iss + 1, 1025, 0, 0);
    /* the peer's zero-window probe is not accepted, but answered */
    h_tx(&h, F_ACK, 1025, iss + 1, 65535, pat + 1024, 1);
    EXPECT(&h, F_ACK, iss + 1, 1025, 0, 0);
    CHECK_EQ(ilpc_tcp_recv(c, buf, 100), 100); /* too little to announce */
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_recv(c, buf + 100, 412), 412);
    EXPECT(&h, F_ACK, iss + 1, 1025, 512, 0);
    CHECK_EQ(ilpc_tcp_recv(c, buf + 512, 512), 512);
    CHECK(memcmp(buf, pat, 1024) == 0);
    EXPECT(&h, F_ACK, iss + 1, 1025, 1024, 0);
    h_fini(&h);
}

static void test_bad_checksum(void)
{
    H h;
    ilpc_tcp *c, *l;
    uint32_t iss;
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    h_tx_opt(&h, F_ACK, 1, iss + 1, 65535, NULL, 0, pat, 10, 1);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_stats(c)->bad_csum, 1);
    CHECK_EQ(ilpc_tcp_rx_available(c), 0);
    h_tx_opt(&h, F_RST, 1, 0, 0, NULL, 0, NULL, 0, 1); /* a corrupted RST is no RST */
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
    h_tx(&h, F_ACK, 1, iss + 1, 65535, pat, 10);
    EXPECT(&h, F_ACK, iss + 1, 11, ANY, 0);
    h_fini(&h);
    /* to a listener and to a closed port: silently dropped */
    h_init(&h, NULL);
    CHECK_EQ(ilpc_tcp_listen(h.s, h.our_port, 4, &l), ILPC_OK);
    h_tx_opt(&h, F_SYN, 1, 0, 100, NULL, 0, NULL, 0, 1);
    EXPECT_NONE(&h);
    h.our_port = 999;
    h_tx_opt(&h, F_SYN, 1, 0, 100, NULL, 0, NULL, 0, 1);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_stack_stats(h.s)->bad_csum, 2);
    h_fini(&h);
}

static void test_garbage_headers(void)
{
    H h;
    ilpc_tcp *l, *c;
    uint8_t b[128];
    size_t n;
    static const uint8_t trunc[4] = { 1, 1, 1, 2 };      /* kind without length */
    static const uint8_t len0[4] = { 8, 0, 0, 0 };       /* option length 0 */
    static const uint8_t len1[4] = { 8, 1, 0, 0 };       /* option length 1 */
    static const uint8_t toolong[4] = { 8, 10, 0, 0 };   /* runs past the header */
    static const uint8_t badmss[4] = { 2, 3, 5, 0 };     /* MSS must be 4 long */
    static const uint8_t *bad[5] = { trunc, len0, len1, toolong, badmss };
    int i;
    uint64_t malformed;
    h_init(&h, NULL);
    CHECK_EQ(ilpc_tcp_listen(h.s, h.our_port, 4, &l), ILPC_OK);
    /* too short */
    n = h_build(&h, b, F_SYN, 1, 0, 100, NULL, 0, NULL, 0);
    h_raw(&h, b, 19);
    h_raw(&h, b, 0);
    /* data offset below 5 and beyond the segment */
    b[12] = 4 << 4;
    h_raw(&h, b, n);
    n = h_build(&h, b, F_SYN, 1, 0, 100, NULL, 0, pat, 20);
    b[12] = 15 << 4;
    h_raw(&h, b, n);
    for (i = 0; i < 5; i++)
        h_tx_opt(&h, F_SYN, 1, 0, 100, bad[i], 4, NULL, 0, 0);
    /* option list whose length byte is the very last header byte */
    {
        static const uint8_t o[8] = { 1, 1, 1, 1, 1, 1, 1, 8 };
        h_tx_opt(&h, F_SYN, 1, 0, 100, o, 8, pat, 3, 0);
    }
    EXPECT_NONE(&h);
    malformed = ilpc_stack_stats(h.s)->malformed;
    CHECK_EQ(malformed, 9); /* the empty datagram never reaches TCP */
    CHECK_EQ(ilpc_stack_conn_count(h.s), 1);
    /* unknown options are skipped: NOP NOP TS(10) SACKOK(2) WS(3) MSS(4) EOL pad */
    {
        static const uint8_t o[24] = { 1, 1, 8, 10, 1, 2, 3, 4, 5, 6, 7, 8, 4, 2, 3, 3, 7, 2, 4, 0x03, 0xe8, 0, 0, 0 };
        uint32_t iss;
        h_tx_opt(&h, F_SYN, 50, 0, 9000, o, 24, NULL, 0, 0);
        iss = EXPECT(&h, F_SYN | F_ACK, ANY, 51, 65535, 0)->seq;
        /* the same options on a later segment are also harmless */
        h_tx_opt(&h, F_ACK, 51, iss + 1, 9000, o, 24, NULL, 0, 0);
        CHECK_EQ(ilpc_tcp_accept(l, &c), ILPC_OK);
        CHECK_EQ(ilpc_tcp_mss(c), 1000);
        CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 1500), ILPC_OK);
        EXPECT(&h, F_ACK, iss + 1, 51, 65535, 1000);
        EXPECT(&h, F_ACK | F_PSH, iss + 1001, 51, 65535, 500);
        /* garbage on an established connection changes nothing */
        n = h_build(&h, b, F_RST, 51, 0, 100, NULL, 0, NULL, 0);
        b[12] = 3 << 4;
        h_raw(&h, b, n);
        CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
        EXPECT_NONE(&h);
    }
    h_fini(&h);
}

static void test_fin_sequences(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    uint8_t buf[64];

    /* active close with half-close: we stop sending, still receive */
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 10), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, 65535, 10);
    CHECK_EQ(ilpc_tcp_shutdown(c), ILPC_OK);
    EXPECT(&h, F_FIN | F_ACK, iss + 11, 1, 65535, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_FIN_WAIT_1);
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 4), ILPC_E_CLOSED);
    h_tx(&h, F_ACK, 1, iss + 12, 65535, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_FIN_WAIT_2);
    h_tx(&h, F_ACK | F_PSH, 1, iss + 12, 65535, pat, 5);
    EXPECT(&h, F_ACK, iss + 12, 6, ANY, 0);
    h_tx(&h, F_FIN | F_ACK, 6, iss + 12, 65535, NULL, 0);
    EXPECT(&h, F_ACK, iss + 12, 7, ANY, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_TIME_WAIT);
    CHECK_EQ(ilpc_tcp_recv(c, buf, sizeof buf), 5);
    CHECK_EQ(ilpc_tcp_recv(c, buf, sizeof buf), 0);
    h_advance(&h, 300 * MS);
    h_tx(&h, F_FIN | F_ACK, 6, iss + 12, 65535, NULL, 0); /* retransmitted FIN */
    EXPECT(&h, F_ACK, iss + 12, 7, ANY, 0);
    h_advance(&h, 499 * MS); /* the timer restarted */
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_TIME_WAIT);
    h_advance(&h, 1 * MS);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    CHECK_EQ(ilpc_tcp_error(c), 0);
    h_fini(&h);

    /* passive close: the peer half-closes, we keep sending, then close */
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    h_tx(&h, F_FIN | F_ACK | F_PSH, 1, iss + 1, 65535, pat, 3); /* data + FIN */
    EXPECT(&h, F_ACK, iss + 1, 5, ANY, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSE_WAIT);
    CHECK_EQ(ilpc_tcp_recv(c, buf, sizeof buf), 3);
    CHECK_EQ(ilpc_tcp_recv(c, buf, sizeof buf), 0);
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 20), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 5, ANY, 20);
    ilpc_tcp_close(c); /* FIN follows; the stack owns the connection now */
    EXPECT(&h, F_FIN | F_ACK, iss + 21, 5, ANY, 0);
    CHECK_EQ(ilpc_stack_conn_count(h.s), 1);
    h_tx(&h, F_ACK, 5, iss + 22, 65535, NULL, 0);
    CHECK_EQ(ilpc_stack_conn_count(h.s), 0); /* LAST-ACK -> CLOSED, freed */
    h_fini(&h);

    /* simultaneous close: FINs cross, CLOSING, then TIME-WAIT */
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    ilpc_tcp_shutdown(c);
    EXPECT(&h, F_FIN | F_ACK, iss + 1, 1, ANY, 0);
    h_tx(&h, F_FIN | F_ACK, 1, iss + 1, 65535, NULL, 0);
    EXPECT(&h, F_ACK, iss + 2, 2, ANY, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSING);
    h_tx(&h, F_ACK, 2, iss + 2, 65535, NULL, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_TIME_WAIT);
    /* a FIN retransmission of ours if the peer lost our FIN: covered by RTO */
    h_advance(&h, 500 * MS);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    h_fini(&h);

    /* lost FIN is retransmitted; an out-of-order FIN waits for the hole */
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    ilpc_tcp_shutdown(c);
    EXPECT(&h, F_FIN | F_ACK, iss + 1, 1, ANY, 0);
    h_advance(&h, 100 * MS);
    EXPECT(&h, F_FIN | F_ACK, iss + 1, 1, ANY, 0);
    h_tx(&h, F_FIN | F_ACK, 11, iss + 2, 65535, pat + 10, 5); /* bytes 10..15 + FIN, 0..10 missing */
    EXPECT(&h, F_ACK, iss + 2, 1, ANY, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_FIN_WAIT_2);
    h_tx(&h, F_ACK, 1, iss + 2, 65535, pat, 10);
    EXPECT(&h, F_ACK, iss + 2, 17, ANY, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_TIME_WAIT);
    CHECK_EQ(ilpc_tcp_recv(c, buf, sizeof buf), 15);
    CHECK(memcmp(buf, pat, 15) == 0);
    h_fini(&h);

    /* close with unread data aborts with RST */
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    h_tx(&h, F_ACK, 1, iss + 1, 65535, pat, 5);
    EXPECT(&h, F_ACK, iss + 1, 6, ANY, 0);
    ilpc_tcp_close(c);
    EXPECT(&h, F_RST, iss + 1, 0, 0, 0);
    CHECK_EQ(ilpc_stack_conn_count(h.s), 0);
    h_fini(&h);

    /* data arriving after close: RST */
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    ilpc_tcp_close(c);
    EXPECT(&h, F_FIN | F_ACK, iss + 1, 1, ANY, 0);
    h_tx(&h, F_ACK, 1, iss + 2, 65535, pat, 5);
    EXPECT(&h, F_RST, iss + 2, 0, 0, 0);
    CHECK_EQ(ilpc_stack_conn_count(h.s), 0);
    h_fini(&h);
}

static void test_retransmission_backoff_karn(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    int i;
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460); /* handshake RTT 0 -> RTO = min = 100 ms */
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 100), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, ANY, 100);
    h_advance(&h, 100 * MS - 1);
    EXPECT_NONE(&h);
    h_advance(&h, 1);
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, ANY, 100);
    h_advance(&h, 200 * MS - 1);
    EXPECT_NONE(&h);
    h_advance(&h, 1);
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, ANY, 100);
    CHECK_EQ(ilpc_tcp_get_stats(c)->retransmits, 2);
    /* ACK of a retransmitted segment: no RTT sample (Karn), RTO stays 400 ms */
    h_advance(&h, 10 * MS);
    h_tx(&h, F_ACK, 1, iss + 101, 65535, NULL, 0);
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 100), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 101, 1, ANY, 100);
    CHECK_EQ(ilpc_stack_next_deadline_ns(h.s), h_now(&h) + 400 * MS);
    /* a clean sample of 50 ms brings the RTO back to max(min, srtt+4var) */
    h_advance(&h, 50 * MS);
    h_tx(&h, F_ACK, 1, iss + 201, 65535, NULL, 0);
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 100), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 201, 1, ANY, 100);
    CHECK_EQ(ilpc_stack_next_deadline_ns(h.s), h_now(&h) + 100 * MS);
    /* give up after max_retries (4): 100+200+400+800+1600 */
    {
        uint64_t d = 100 * MS;
        for (i = 0; i < 4; i++) {
            h_advance(&h, d);
            EXPECT(&h, F_ACK | F_PSH, iss + 201, 1, ANY, 100);
            d = d * 2 > 1600 * MS ? 1600 * MS : d * 2;
        }
        h_advance(&h, d - 1);
        CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
        h_advance(&h, 1);
    }
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    CHECK_EQ(ilpc_tcp_error(c), ILPC_E_TIMEDOUT);
    h_fini(&h);
}

static void test_fast_retransmit(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    int i;
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1000);
    for (i = 0; i < 5; i++) {
        CHECK_EQ(ilpc_tcp_tx_copy(c, pat + i * 1000, 1000), ILPC_OK);
        EXPECT(&h, F_ACK | F_PSH, iss + 1 + (uint32_t)i * 1000, 1, ANY, 1000);
    }
    h_tx(&h, F_ACK, 1, iss + 1001, 65535, NULL, 0); /* segment 2 was lost */
    EXPECT_NONE(&h);
    h_tx(&h, F_ACK, 1, iss + 1001, 65535, NULL, 0);
    h_tx(&h, F_ACK, 1, iss + 1001, 65535, NULL, 0);
    EXPECT_NONE(&h);
    h_tx(&h, F_ACK, 1, iss + 1001, 65535, NULL, 0); /* third duplicate */
    EXPECT(&h, F_ACK | F_PSH, iss + 1001, 1, ANY, 1000);
    CHECK(memcmp(h_seg.payload, pat + 1000, 1000) == 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_stats(c)->fast_retransmits, 1);
    CHECK_EQ(ilpc_tcp_get_stats(c)->rto_expiries, 0);
    h_tx(&h, F_ACK, 1, iss + 1001, 65535, NULL, 0); /* more duplicates: no more retransmits */
    EXPECT_NONE(&h);
    /* NewReno partial ACK: the next hole is retransmitted at once */
    h_tx(&h, F_ACK, 1, iss + 3001, 65535, NULL, 0);
    EXPECT(&h, F_ACK | F_PSH, iss + 3001, 1, ANY, 1000);
    h_tx(&h, F_ACK, 1, iss + 5001, 65535, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_tx_pending(c), 0);
    h_fini(&h);
}

static void test_ack_after_rewind_uses_snd_max(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    int i;
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1000);
    for (i = 0; i < 3; i++) {
        CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 1000), ILPC_OK);
        EXPECT(&h, F_ACK | F_PSH, iss + 1 + (uint32_t)i * 1000, 1, ANY, 1000);
    }
    h_advance(&h, 100 * MS); /* RTO: go back to snd_una, cwnd one segment */
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, ANY, 1000);
    EXPECT_NONE(&h);
    /* data from the peer: the pure ACK carries SND.MAX, not the rewound SND.NXT */
    h_tx(&h, F_ACK, 1, iss + 1, 65535, pat, 10);
    EXPECT(&h, F_ACK, iss + 3001, 11, ANY, 0);
    /* an ACK for everything (the peer had it all) moves snd_nxt forward */
    h_tx(&h, F_ACK, 11, iss + 3001, 65535, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_tx_pending(c), 0);
    CHECK_EQ(ilpc_stack_next_deadline_ns(h.s), ILPC_TIME_NEVER);
    h_fini(&h);
}

/* ------------------------------------------------------------- rx hook */

typedef struct {
    ilpc_rx_verdict verdict; /* what to answer when the checksum is fine */
    int calls;
    uint8_t got[4096];
    size_t got_len;
} hook_ctx;

static ilpc_rx_verdict test_hook(void *vctx, const uint8_t *p, size_t n, uint64_t hdr_sum)
{
    hook_ctx *x = vctx;
    x->calls++;
    if (ilpc_csum_fold(ilpc_csum_add_bytes(hdr_sum, p, n)) != 0xffff)
        return x->verdict == ILPC_RX_DECLINE ? ILPC_RX_DECLINE : ILPC_RX_DROP;
    if (x->verdict == ILPC_RX_CONSUMED) {
        memcpy(x->got + x->got_len, p, n);
        x->got_len += n;
    }
    return x->verdict;
}

static void test_rx_hook(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    hook_ctx x;
    uint8_t buf[256];
    const ilpc_tcp_stats *st;
    memset(&x, 0, sizeof x);
    h_init(&h, NULL);
    iss = open_active(&h, &c, 0, 65535, 1460);
    ilpc_tcp_set_rx_hook(c, test_hook, &x);
    st = ilpc_tcp_get_stats(c);

    x.verdict = ILPC_RX_CONSUMED;
    h_tx(&h, F_ACK | F_PSH, 1, iss + 1, 65535, pat, 100);
    EXPECT(&h, F_ACK, iss + 1, 101, 65535, 0);
    CHECK_EQ(x.calls, 1);
    CHECK_EQ(x.got_len, 100);
    CHECK(memcmp(x.got, pat, 100) == 0);
    CHECK_EQ(ilpc_tcp_rx_available(c), 0);
    CHECK_EQ(st->rx_fused_consumed, 1);

    /* bad checksum: the hook says DROP, no ACK, nothing advances */
    h_tx_opt(&h, F_ACK, 101, iss + 1, 65535, NULL, 0, pat + 100, 100, 1);
    EXPECT_NONE(&h);
    CHECK_EQ(x.calls, 2);
    CHECK_EQ(st->rx_fused_dropped, 1);
    CHECK_EQ(st->bad_csum, 1);

    /* DECLINE: TCP checks the checksum and buffers */
    x.verdict = ILPC_RX_DECLINE;
    h_tx_opt(&h, F_ACK, 101, iss + 1, 65535, NULL, 0, pat + 100, 50, 1); /* corrupt: TCP drops it */
    EXPECT_NONE(&h);
    CHECK_EQ(st->bad_csum, 2);
    h_tx(&h, F_ACK, 101, iss + 1, 65535, pat + 100, 50);
    EXPECT(&h, F_ACK, iss + 1, 151, 65536 - 50, 0);
    CHECK_EQ(x.calls, 4);
    CHECK_EQ(st->rx_fused_declined, 2);
    CHECK_EQ(ilpc_tcp_rx_available(c), 50);

    /* buffer not empty: the hook is not asked */
    x.verdict = ILPC_RX_CONSUMED;
    h_tx(&h, F_ACK, 151, iss + 1, 65535, pat + 150, 50);
    EXPECT(&h, F_ACK, iss + 1, 201, ANY, 0);
    CHECK_EQ(x.calls, 4);
    CHECK_EQ(ilpc_tcp_recv(c, buf, sizeof buf), 100);
    CHECK(memcmp(buf, pat + 100, 100) == 0);

    /* out of order: not asked; the hole filler with ooo data queued: not asked */
    h_tx(&h, F_ACK, 251, iss + 1, 65535, pat + 250, 50);
    EXPECT(&h, F_ACK, iss + 1, 201, ANY, 0);
    h_tx(&h, F_ACK, 201, iss + 1, 65535, pat + 200, 50);
    EXPECT(&h, F_ACK, iss + 1, 301, ANY, 0);
    CHECK_EQ(x.calls, 4);
    {
        const uint8_t *p[2];
        size_t n[2];
        CHECK_EQ(ilpc_tcp_rx_peek(c, p, n), 100);
        CHECK_EQ(n[0] + n[1], 100);
        CHECK(memcmp(p[0], pat + 200, n[0]) == 0);
        ilpc_tcp_rx_consume(c, 100);
    }
    /* consumed data with FIN */
    h_tx(&h, F_ACK | F_FIN, 301, iss + 1, 65535, pat + 300, 8);
    EXPECT(&h, F_ACK, iss + 1, 310, ANY, 0);
    CHECK_EQ(x.calls, 5);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSE_WAIT);
    CHECK_EQ(ilpc_tcp_recv(c, buf, sizeof buf), 0);
    h_fini(&h);
}

/* ------------------------------------------------------------ send path */

static void test_tx_reserve_eagain(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    ilpc_tx_slot slot, slot2;
    ilpc_tcp_config t;
    h_tcp_cfg(&t);
    t.tx_buf = 1024;
    h_init(&h, &t);
    CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, PEER_PORT, h.our_port, &c), ILPC_OK);
    CHECK_EQ(ilpc_tcp_tx_reserve(c, 10, &slot), ILPC_E_AGAIN); /* not yet established */
    iss = EXPECT(&h, F_SYN, ANY, 0, ANY, 0)->seq;
    h_tx_opt(&h, F_SYN | F_ACK, 0, iss + 1, 65535, MSS1460, 4, NULL, 0, 0);
    EXPECT(&h, F_ACK, iss + 1, 1, ANY, 0);
    CHECK_EQ(ilpc_tcp_tx_reserve(c, 1000, &slot), ILPC_OK);
    CHECK_EQ(slot.n[0] + slot.n[1], 1000);
    CHECK_EQ(slot.nsegs, 1);
    CHECK_EQ(slot.seg_payload, 1456);
    CHECK_EQ(ilpc_tcp_tx_reserve(c, 8, &slot2), ILPC_E_INVAL); /* one reservation at a time */
    memcpy(slot.p[0], pat, slot.n[0]);
    CHECK_EQ(ilpc_tcp_tx_commit(c, &slot, 0), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, ANY, 1000);
    CHECK_EQ(ilpc_tcp_tx_space(c), 24);
    CHECK_EQ(ilpc_tcp_tx_reserve(c, 100, &slot), ILPC_E_AGAIN);
    CHECK_EQ(ilpc_tcp_tx_space(c), 24);
    CHECK_EQ(ilpc_tcp_tx_pending(c), 1000);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_tx_reserve(c, 2000, &slot), ILPC_E_MSGSIZE);
    CHECK_EQ(ilpc_tcp_tx_reserve(c, 0, &slot), ILPC_E_INVAL);
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 100), ILPC_E_AGAIN);
    CHECK_EQ(ilpc_tcp_send(c, pat, 100), 24); /* the stream API takes what fits */
    EXPECT(&h, F_ACK | F_PSH, iss + 1001, 1, ANY, 24);
    h_tx(&h, F_ACK, 1, iss + 1025, 65535, NULL, 0);
    CHECK_EQ(ilpc_tcp_tx_space(c), 1024);
    CHECK_EQ(ilpc_tcp_tx_reserve(c, 100, &slot), ILPC_OK);
    ilpc_tcp_tx_cancel(c, &slot);
    CHECK_EQ(ilpc_tcp_tx_space(c), 1024);
    h_fini(&h);
}

/* Reserve a message, copy msg into the slot, fill seg_sums (optionally
 * wrong), commit. */
static void put_msg(ilpc_tcp *c, const uint8_t *msg, size_t len, int sums_valid, int wrong, ilpc_tx_slot *slot)
{
    size_t i;
    CHECK_EQ(ilpc_tcp_tx_reserve(c, len, slot), ILPC_OK);
    if (slot->n[0])
        memcpy(slot->p[0], msg, slot->n[0]);
    if (slot->n[1])
        memcpy(slot->p[1], msg + slot->n[0], slot->n[1]);
    for (i = 0; i < slot->nsegs; i++) {
        size_t off = i * slot->seg_payload, n = len - off < slot->seg_payload ? len - off : slot->seg_payload;
        slot->seg_sums[i] = ilpc_csum(msg + off, n);
        if (wrong)
            slot->seg_sums[i] ^= 0x0101;
    }
    CHECK_EQ(ilpc_tcp_tx_commit(c, slot, sums_valid), ILPC_OK);
}

static void test_seg_sums(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss, seq;
    ilpc_tx_slot slot;
    const ilpc_tcp_stats *st;
    ilpc_tcp_config t;
    int i;
    h_tcp_cfg(&t);
    t.tx_buf = 8192;
    t.congestion_control = 0;
    h_init(&h, &t);
    iss = open_active(&h, &c, 0, 65535, 1000);
    st = ilpc_tcp_get_stats(c);
    seq = iss + 1;

    /* ILP: 3100 bytes = 3 x 1000 + 100, checksums from seg_sums */
    put_msg(c, pat, 3100, 1, 0, &slot);
    CHECK_EQ(slot.nsegs, 4);
    for (i = 0; i < 4; i++) {
        EXPECT(&h, i == 3 ? (F_ACK | F_PSH) : F_ACK, seq + (uint32_t)i * 1000, 1, ANY, i == 3 ? 100 : 1000);
        CHECK(memcmp(h_seg.payload, pat + i * 1000, h_seg.len) == 0);
    }
    CHECK_EQ(st->tx_sum_stored, 4);
    CHECK_EQ(st->tx_sum_ring, 0);
    seq += 3100;
    h_tx(&h, F_ACK, 1, seq, 65535, NULL, 0);

    /* wrong seg_sums go out as they are: the payload is not summed again */
    put_msg(c, pat + 5, 2000, 1, 1, &slot);
    for (i = 0; i < 2; i++) {
        CHECK(h_rx(&h));
        CHECK_EQ(h_seg.len, 1000);
        CHECK(!h_seg.csum_ok);
    }
    seq += 2000;
    h_tx(&h, F_ACK, 1, seq, 65535, NULL, 0);

    /* layered: summed from the ring at transmission */
    put_msg(c, pat + 7, 1500, 0, 1, &slot);
    EXPECT(&h, F_ACK, seq, 1, ANY, 1000);
    EXPECT(&h, F_ACK | F_PSH, seq + 1000, 1, ANY, 500);
    CHECK_EQ(st->tx_sum_ring, 2);
    CHECK_EQ(st->tx_sum_fallback, 0);
    seq += 1500;
    h_tx(&h, F_ACK, 1, seq, 65535, NULL, 0);

    /* partial ACK into a segment, then RTO: the remainder is summed from the ring */
    put_msg(c, pat + 9, 2000, 1, 0, &slot);
    EXPECT(&h, F_ACK, seq, 1, ANY, 1000);
    EXPECT(&h, F_ACK | F_PSH, seq + 1000, 1, ANY, 1000);
    h_tx(&h, F_ACK, 1, seq + 500, 65535, NULL, 0);
    h_advance(&h, 100 * MS);
    EXPECT(&h, F_ACK, seq + 500, 1, ANY, 500);
    CHECK(memcmp(h_seg.payload, pat + 9 + 500, 500) == 0);
    EXPECT(&h, F_ACK | F_PSH, seq + 1000, 1, ANY, 1000); /* intact descriptor: stored sum again */
    CHECK_EQ(st->tx_sum_fallback, 1);
    CHECK_EQ(st->tx_sum_stored, 4 + 2 + 2 + 1);
    seq += 2000;
    h_tx(&h, F_ACK, 1, seq, 65535, NULL, 0);
    CHECK_EQ(ilpc_tcp_tx_pending(c), 0);

    /* wrap-around: A (6000) acked, B (1001) outstanding, C (3000) wraps with
     * an odd first span.  The segment that straddles the wrap must carry a
     * correct checksum both from seg_sums (mode 1) and from the ring (mode 0,
     * where the second span starts at an odd offset of the segment). */
    for (i = 1; i >= 0; i--) {
        int k;
        put_msg(c, pat, 6000, 1, 0, &slot);
        for (k = 0; k < 6; k++)
            EXPECT(&h, k == 5 ? (F_ACK | F_PSH) : F_ACK, seq + (uint32_t)k * 1000, 1, ANY, 1000);
        put_msg(c, pat + 1, 1001, 1, 0, &slot);
        EXPECT(&h, F_ACK, seq + 6000, 1, ANY, 1000);
        EXPECT(&h, F_ACK | F_PSH, seq + 7000, 1, ANY, 1);
        h_tx(&h, F_ACK, 1, seq + 6000, 65535, NULL, 0);
        put_msg(c, pat + 3, 3000, i, 0, &slot);
        CHECK_EQ(slot.n[0], 8192 - 7001);
        CHECK_EQ(slot.n[1], 3000 - (8192 - 7001));
        for (k = 0; k < 3; k++) {
            EXPECT(&h, k == 2 ? (F_ACK | F_PSH) : F_ACK, seq + 7001 + (uint32_t)k * 1000, 1, ANY, 1000);
            CHECK(memcmp(h_seg.payload, pat + 3 + k * 1000, 1000) == 0);
        }
        seq += 10001;
        h_tx(&h, F_ACK, 1, seq, 65535, NULL, 0);
        CHECK_EQ(ilpc_tcp_tx_pending(c), 0);
    }
    h_fini(&h);
}

static void test_multiple_connections(void)
{
    H h;
    ilpc_tcp *l, *a, *b, *d;
    uint32_t isa, isb, isd;
    uint8_t buf[64];
    h_init(&h, NULL);
    CHECK_EQ(ilpc_tcp_listen(h.s, h.our_port, 1, &l), ILPC_OK);
    CHECK_EQ(ilpc_tcp_listen(h.s, h.our_port, 1, &d), ILPC_E_ADDRINUSE);
    h.peer_port = 4000;
    h_tx(&h, F_SYN, 100, 0, 5000, NULL, 0);
    isa = EXPECT(&h, F_SYN | F_ACK, ANY, 101, ANY, 0)->seq;
    h.peer_port = 4001;
    h_tx(&h, F_SYN, 200, 0, 5000, NULL, 0); /* backlog full: dropped */
    EXPECT_NONE(&h);
    h.peer_port = 4000;
    h_tx(&h, F_ACK, 101, isa + 1, 5000, NULL, 0);
    CHECK_EQ(ilpc_tcp_accept(l, &a), ILPC_OK);
    h.peer_port = 4001;
    h_tx(&h, F_SYN, 200, 0, 5000, NULL, 0); /* retried: now accepted */
    isb = EXPECT(&h, F_SYN | F_ACK, ANY, 201, ANY, 0)->seq;
    h_tx(&h, F_ACK, 201, isb + 1, 5000, NULL, 0);
    CHECK_EQ(ilpc_tcp_accept(l, &b), ILPC_OK);
    /* and an active connection from another local port */
    h.our_port = 1300;
    h.peer_port = 4000;
    isd = open_active(&h, &d, 900, 5000, 1460);
    h.our_port = 1234;
    /* demultiplexing */
    h.peer_port = 4001;
    h_tx(&h, F_ACK, 201, isb + 1, 5000, "bbbb", 4);
    EXPECT(&h, F_ACK, isb + 1, 205, ANY, 0);
    h.peer_port = 4000;
    h_tx(&h, F_ACK, 101, isa + 1, 5000, "aa", 2);
    EXPECT(&h, F_ACK, isa + 1, 103, ANY, 0);
    h.our_port = 1300;
    h_tx(&h, F_ACK, 901, isd + 1, 5000, "ddd", 3);
    EXPECT(&h, F_ACK, isd + 1, 904, ANY, 0);
    CHECK_EQ(ilpc_tcp_recv(a, buf, sizeof buf), 2);
    CHECK(memcmp(buf, "aa", 2) == 0);
    CHECK_EQ(ilpc_tcp_recv(b, buf, sizeof buf), 4);
    CHECK(memcmp(buf, "bbbb", 4) == 0);
    CHECK_EQ(ilpc_tcp_recv(d, buf, sizeof buf), 3);
    CHECK_EQ(ilpc_stack_conn_count(h.s), 4);
    ilpc_tcp_abort(b);
    h.our_port = 1234;
    h.peer_port = 4001;
    EXPECT(&h, F_RST, isb + 1, 0, 0, 0);
    CHECK_EQ(ilpc_stack_conn_count(h.s), 3);
    ilpc_tcp_close(l);
    CHECK_EQ(ilpc_stack_conn_count(h.s), 2);
    h_fini(&h);
}

static void test_delayed_ack(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    ilpc_tcp_config t;
    h_tcp_cfg(&t);
    t.ack_delay_ns = 40 * MS;
    h_init(&h, &t);
    iss = open_active(&h, &c, 0, 65535, 1460);
    h_tx(&h, F_ACK, 1, iss + 1, 65535, pat, 100);
    EXPECT_NONE(&h);
    h_advance(&h, 40 * MS);
    EXPECT(&h, F_ACK, iss + 1, 101, ANY, 0);
    h_tx(&h, F_ACK, 101, iss + 1, 65535, pat, 100);
    h_tx(&h, F_ACK, 201, iss + 1, 65535, pat, 100); /* every second segment at once */
    EXPECT(&h, F_ACK, iss + 1, 301, ANY, 0);
    EXPECT_NONE(&h);
    h_fini(&h);
}

/* Random segments (valid checksums, random flags, sequence numbers near the
 * connection's, random options and lengths) and raw garbage: the stack must
 * neither crash nor read out of bounds (ASan/valgrind), whatever it answers. */
static void test_random_segments(void)
{
    H h;
    ilpc_tcp *c, *l;
    uint32_t iss, x = 99;
    int i, round;
    for (round = 0; round < 6; round++) {
        if (round < 4) {
            h_init(&h, NULL);
            iss = open_active(&h, &c, 0, 65535, 1460);
        } else {
            /* with window scaling, timestamps, SACK and delayed ACKs */
            ilpc_tcp_config t;
            h_tcp_cfg(&t);
            t.window_scaling = t.timestamps = t.sack = 1;
            t.ack_delay_ns = 40 * MS;
            t.rx_buf = 1 << 20;
            h_init(&h, &t);
            iss = open_opts(&h, &c, 0, 1000, 1, 1, 1, 3);
            CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 20000), ILPC_OK);
        }
        h.our_port = 80;
        CHECK_EQ(ilpc_tcp_listen(h.s, 80, 4, &l), ILPC_OK);
        for (i = 0; i < 3000; i++) {
            uint8_t opts[40], b[2000];
            size_t ol, pl, k;
            uint32_t seq, ack;
            uint8_t fl;
            x = x * 1103515245u + 12345u;
            h.our_port = (x >> 5) & 1 ? 1234 : 80;
            h.peer_port = (uint16_t)((x >> 7) & 1 ? PEER_PORT : PEER_PORT + 1);
            fl = (uint8_t)(x >> 9);
            x = x * 1103515245u + 12345u;
            seq = 1 + (x >> 12) % 70000 - 2000;
            x = x * 1103515245u + 12345u;
            ack = iss + (x >> 12) % 70000 - 2000;
            x = x * 1103515245u + 12345u;
            ol = ((x >> 8) % 11) * 4;
            for (k = 0; k < ol; k++) {
                x = x * 1103515245u + 12345u;
                opts[k] = (uint8_t)((x >> 16) % 12);
            }
            x = x * 1103515245u + 12345u;
            pl = (x >> 10) % 3 == 0 ? 0 : (x >> 12) % 1500;
            if ((x >> 20) % 7 == 0) {
                /* raw garbage of random length */
                size_t n = (x >> 4) % 80;
                for (k = 0; k < n; k++) {
                    x = x * 1103515245u + 12345u;
                    b[k] = (uint8_t)(x >> 16);
                }
                h_raw(&h, b, n);
            } else {
                h_tx_opt(&h, fl, seq, ack, (uint16_t)(x >> 3), opts, ol, pat + (x % 1000), pl, (x >> 25) % 5 == 0);
            }
            while (h_rx(&h))
                ;
            if ((i % 500) == 499)
                h_advance(&h, 700 * MS);
        }
        if (ilpc_tcp_get_state(c) == ILPC_TCP_CLOSED)
            ilpc_tcp_close(c);
        h_fini(&h);
        x += 7777;
    }
    CHECK(1);
}

/* ------------------------------------------- options: RFC 7323, RFC 2018 */

/* Options of a SYN from the peer: MSS, then SACK-permitted, timestamps and
 * window scale as asked (ws < 0: none).  Returns the length (multiple of 4). */
static size_t syn_opts(uint8_t *o, uint16_t mss, int sackp, int ts, uint32_t tsval, uint32_t tsecr, int ws)
{
    size_t n = 0;
    o[n++] = 2;
    o[n++] = 4;
    o[n++] = (uint8_t)(mss >> 8);
    o[n++] = (uint8_t)mss;
    if (sackp) {
        o[n++] = 1;
        o[n++] = 1;
        o[n++] = 4;
        o[n++] = 2;
    }
    if (ts) {
        o[n++] = 1;
        o[n++] = 1;
        o[n++] = 8;
        o[n++] = 10;
        o[n++] = (uint8_t)(tsval >> 24);
        o[n++] = (uint8_t)(tsval >> 16);
        o[n++] = (uint8_t)(tsval >> 8);
        o[n++] = (uint8_t)tsval;
        o[n++] = (uint8_t)(tsecr >> 24);
        o[n++] = (uint8_t)(tsecr >> 16);
        o[n++] = (uint8_t)(tsecr >> 8);
        o[n++] = (uint8_t)tsecr;
    }
    if (ws >= 0) {
        o[n++] = 1;
        o[n++] = 3;
        o[n++] = 3;
        o[n++] = (uint8_t)ws;
    }
    return n;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Options of a non-SYN segment: timestamps (if ts) and n SACK blocks. */
static size_t seg_opts(uint8_t *o, int ts, uint32_t tsval, uint32_t tsecr, unsigned n, const uint32_t (*blk)[2])
{
    size_t k = 0;
    unsigned i;
    if (ts) {
        o[k++] = 1;
        o[k++] = 1;
        o[k++] = 8;
        o[k++] = 10;
        put32(o + k, tsval);
        put32(o + k + 4, tsecr);
        k += 8;
    }
    if (n) {
        o[k++] = 1;
        o[k++] = 1;
        o[k++] = 5;
        o[k++] = (uint8_t)(2 + 8 * n);
        for (i = 0; i < n; i++) {
            put32(o + k, blk[i][0]);
            put32(o + k + 4, blk[i][1]);
            k += 8;
        }
    }
    return k;
}

/* Active open where the peer's SYN-ACK carries the given options (ws < 0:
 * no window scale).  Returns ISS; the peer's ISN is pisn. */
static uint32_t open_opts(H *h, ilpc_tcp **c, uint32_t pisn, uint16_t mss, int sackp, int ts, uint32_t tsval, int ws)
{
    uint8_t o[40];
    size_t n;
    Seg *s;
    uint32_t iss;
    CHECK_EQ(ilpc_tcp_connect(h->s, PEER_IP, h->peer_port, h->our_port, c), ILPC_OK);
    s = EXPECT(h, F_SYN, ANY, 0, ANY, 0);
    iss = s->seq;
    n = syn_opts(o, mss, sackp, ts, tsval, s->tsval, ws);
    h_tx_opt(h, F_SYN | F_ACK, pisn, iss + 1, 65535, o, n, NULL, 0, 0);
    EXPECT(h, F_ACK, iss + 1, pisn + 1, ANY, 0);
    CHECK_EQ(ilpc_tcp_get_state(*c), ILPC_TCP_ESTABLISHED);
    return iss;
}

static void cfg_opts(ilpc_tcp_config *t, int ws, int ts, int sack)
{
    h_tcp_cfg(t);
    t->window_scaling = ws;
    t->timestamps = ts;
    t->sack = sack;
}

static void test_wscale_negotiated(void)
{
    H h;
    ilpc_tcp *c;
    Seg *s;
    uint32_t iss;
    uint8_t o[40];
    size_t n;
    ilpc_tcp_options op;
    ilpc_tcp_config t;
    cfg_opts(&t, 1, 0, 0);
    t.rx_buf = 1 << 20;
    t.tx_buf = 1 << 20;
    h_init(&h, &t);
    CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, PEER_PORT, h.our_port, &c), ILPC_OK);
    s = EXPECT(&h, F_SYN, ANY, 0, 65535, 0); /* a SYN's window is never scaled */
    CHECK(s->has_ws && s->ws == 5);          /* 1 MiB >> 5 fits in 16 bits */
    CHECK(!s->has_ts && !s->has_sack_perm && s->has_mss);
    CHECK_EQ(s->hl, 28);
    iss = s->seq;
    n = syn_opts(o, 1460, 0, 0, 0, 0, 2);
    h_tx_opt(&h, F_SYN | F_ACK, 1000, iss + 1, 100, o, n, NULL, 0, 0);
    s = EXPECT(&h, F_ACK, iss + 1, 1001, (1u << 20) >> 5, 0);
    CHECK_EQ(s->hl, 20);
    ilpc_tcp_get_options(c, &op);
    CHECK_EQ(op.wscale, 1);
    CHECK_EQ(op.snd_wscale, 2);
    CHECK_EQ(op.rcv_wscale, 5);
    /* the SYN-ACK's window (100) is not scaled: 100 bytes may go */
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 3000), ILPC_OK);
    EXPECT(&h, F_ACK, iss + 1, 1001, 32768, 100);
    EXPECT_NONE(&h);
    /* a window field of 1000 means 4000 bytes */
    h_tx(&h, F_ACK, 1001, iss + 101, 1000, NULL, 0);
    EXPECT(&h, F_ACK, iss + 101, 1001, 32768, 1356);
    EXPECT(&h, F_ACK, iss + 1457, 1001, 32768, 1456);
    EXPECT(&h, F_ACK | F_PSH, iss + 2913, 1001, 32768, 88);
    EXPECT_NONE(&h);
    /* 1000 bytes in: (1 MiB - 1000) >> 5 would pull the right edge 24 bytes
     * to the left; the field is rounded up instead */
    h_tx(&h, F_ACK, 1001, iss + 3001, 1000, pat, 1000);
    EXPECT(&h, F_ACK, iss + 3001, 2001, 32737, 0);
    h_fini(&h);
}

static void test_wscale_not_negotiated(void)
{
    H h;
    ilpc_tcp *c, *l;
    Seg *s;
    uint8_t o[40];
    size_t n;
    ilpc_tcp_options op;
    ilpc_tcp_config t;
    uint32_t iss;
    cfg_opts(&t, 1, 0, 0);
    t.rx_buf = 1 << 20;
    h_init(&h, &t);
    /* active: the peer's SYN-ACK has no window scale: neither side scales */
    iss = open_opts(&h, &c, 1000, 1460, 0, 0, 0, -1);
    ilpc_tcp_get_options(c, &op);
    CHECK_EQ(op.wscale, 0);
    CHECK_EQ(op.snd_wscale, 0);
    CHECK_EQ(op.rcv_wscale, 0);
    h_tx(&h, F_ACK, 1001, iss + 1, 1000, pat, 10);
    EXPECT(&h, F_ACK, iss + 1, 1011, 65535, 0); /* 1 MiB of buffer, but 65535 unscaled */
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 3000), ILPC_OK);
    EXPECT(&h, F_ACK, iss + 1, 1011, ANY, 1000); /* the peer's 1000 is not scaled either */
    EXPECT_NONE(&h);
    h_fini(&h);
    /* passive: a SYN without window scale gets a SYN-ACK without it; one
     * with it gets ours */
    h_init(&h, &t);
    CHECK_EQ(ilpc_tcp_listen(h.s, h.our_port, 4, &l), ILPC_OK);
    h_tx_opt(&h, F_SYN, 500, 0, 8000, MSS1460, 4, NULL, 0, 0);
    s = EXPECT(&h, F_SYN | F_ACK, ANY, 501, 65535, 0);
    CHECK(!s->has_ws);
    CHECK_EQ(s->hl, 24);
    h.peer_port = PEER_PORT + 1;
    n = syn_opts(o, 1460, 0, 0, 0, 0, 7);
    h_tx_opt(&h, F_SYN, 700, 0, 8000, o, n, NULL, 0, 0);
    s = EXPECT(&h, F_SYN | F_ACK, ANY, 701, 65535, 0);
    CHECK(s->has_ws && s->ws == 5);
    h_tx(&h, F_ACK, 701, s->seq + 1, 10, NULL, 0);
    CHECK_EQ(ilpc_tcp_accept(l, &c), ILPC_OK);
    ilpc_tcp_get_options(c, &op);
    CHECK(op.wscale && op.snd_wscale == 7 && op.rcv_wscale == 5);
    h_fini(&h);
}

static void test_timestamps_rtt(void)
{
    H h;
    ilpc_tcp *c;
    Seg *s;
    uint32_t iss, tsv, t1;
    uint8_t o[40];
    size_t n;
    ilpc_tcp_options op;
    ilpc_tcp_config t;
    cfg_opts(&t, 0, 1, 0);
    h_init(&h, &t);
    CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, PEER_PORT, h.our_port, &c), ILPC_OK);
    s = EXPECT(&h, F_SYN, ANY, 0, ANY, 0);
    CHECK(s->has_ts && s->tsecr == 0);
    CHECK_EQ(s->hl, 36);
    iss = s->seq;
    tsv = s->tsval;
    n = syn_opts(o, 1460, 0, 1, 5000, tsv, -1);
    h_tx_opt(&h, F_SYN | F_ACK, 0, iss + 1, 65535, o, n, NULL, 0, 0);
    s = EXPECT(&h, F_ACK, iss + 1, 1, ANY, 0);
    CHECK(s->has_ts && s->tsecr == 5000);
    CHECK_EQ(s->hl, 32);
    ilpc_tcp_get_options(c, &op);
    CHECK_EQ(op.timestamps, 1);
    CHECK_EQ(op.mss, 1460);
    CHECK_EQ(op.seg_payload, 1448); /* 1460 less the 12 option bytes every segment carries */
    CHECK_EQ(ilpc_tcp_seg_payload(c), 1448);
    /* RTT from the echoed timestamp */
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 100), ILPC_OK);
    s = EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, ANY, 100);
    CHECK(s->has_ts && s->tsecr == 5000);
    t1 = s->tsval;
    h_advance(&h, 30 * MS);
    n = seg_opts(o, 1, 5030, t1, 0, NULL);
    h_tx_opt(&h, F_ACK, 1, iss + 101, 65535, o, n, NULL, 0, 0);
    CHECK_EQ(ilpc_tcp_get_stats(c)->ts_rtt_samples, 1);
    CHECK_EQ(c->srtt, (7 * 0 + 30 * MS) / 8); /* the SYN's sample was 0 */
    /* a retransmitted segment is timed too (the echo says which one) */
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 100), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 101, 1, ANY, 100);
    h_advance(&h, c->rto);
    s = EXPECT(&h, F_ACK | F_PSH, iss + 101, 1, ANY, 100);
    t1 = s->tsval;
    h_advance(&h, 10 * MS);
    n = seg_opts(o, 1, 5100, t1, 0, NULL);
    h_tx_opt(&h, F_ACK, 1, iss + 201, 65535, o, n, NULL, 0, 0);
    CHECK_EQ(ilpc_tcp_get_stats(c)->ts_rtt_samples, 2);
    h_fini(&h);
}

static void test_paws(void)
{
    H h;
    ilpc_tcp *c;
    Seg *s;
    uint32_t iss;
    uint8_t o[40];
    size_t n;
    ilpc_tcp_config t;
    cfg_opts(&t, 0, 1, 0);
    h_init(&h, &t);
    iss = open_opts(&h, &c, 5000, 1460, 0, 1, 100, -1);
    n = seg_opts(o, 1, 6000, 0, 0, NULL);
    h_tx_opt(&h, F_ACK, 5001, iss + 1, 65535, o, n, pat, 100, 0);
    s = EXPECT(&h, F_ACK, iss + 1, 5101, ANY, 0);
    CHECK_EQ(s->tsecr, 6000);
    /* next in sequence, but an older timestamp: an old duplicate.  Dropped,
     * and acknowledged (RFC 7323 5.3 R1) */
    n = seg_opts(o, 1, 5999, 0, 0, NULL);
    h_tx_opt(&h, F_ACK, 5101, iss + 1, 65535, o, n, pat + 100, 100, 0);
    s = EXPECT(&h, F_ACK, iss + 1, 5101, ANY, 0);
    CHECK_EQ(s->tsecr, 6000);
    CHECK_EQ(ilpc_tcp_get_stats(c)->paws_dropped, 1);
    CHECK_EQ(ilpc_tcp_rx_available(c), 100);
    /* the same bytes with a current timestamp are taken */
    n = seg_opts(o, 1, 6001, 0, 0, NULL);
    h_tx_opt(&h, F_ACK, 5101, iss + 1, 65535, o, n, pat + 100, 100, 0);
    s = EXPECT(&h, F_ACK, iss + 1, 5201, ANY, 0);
    CHECK_EQ(s->tsecr, 6001);
    CHECK_EQ(ilpc_tcp_rx_available(c), 200);
    /* a RST is not subject to PAWS */
    n = seg_opts(o, 1, 1, 0, 0, NULL);
    h_tx_opt(&h, F_RST, 5201, 0, 0, o, n, NULL, 0, 0);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_CLOSED);
    h_fini(&h);
}

static void test_sack_blocks_out(void)
{
    int ts;
    for (ts = 1; ts >= 0; ts--) {
        H h;
        ilpc_tcp *c;
        Seg *s;
        uint32_t iss;
        uint8_t o[40];
        size_t n;
        ilpc_tcp_config t;
        cfg_opts(&t, 0, ts, 1);
        h_init(&h, &t);
        iss = open_opts(&h, &c, 0, 1460, 1, ts, 100, -1);
        n = seg_opts(o, ts, 200, 0, 0, NULL);
        /* out of order: [101,201) */
        h_tx_opt(&h, F_ACK, 101, iss + 1, 65535, o, n, pat + 100, 100, 0);
        s = EXPECT(&h, F_ACK, iss + 1, 1, ANY, 0);
        CHECK_EQ(s->nsack, 1);
        CHECK(s->sack[0][0] == 101 && s->sack[0][1] == 201);
        h_tx_opt(&h, F_ACK, 301, iss + 1, 65535, o, n, pat + 300, 100, 0);
        s = EXPECT(&h, F_ACK, iss + 1, 1, ANY, 0);
        CHECK_EQ(s->nsack, 2);
        CHECK(s->sack[0][0] == 301 && s->sack[0][1] == 401); /* the most recent first */
        CHECK(s->sack[1][0] == 101 && s->sack[1][1] == 201);
        h_tx_opt(&h, F_ACK, 501, iss + 1, 65535, o, n, pat + 500, 100, 0);
        h_tx_opt(&h, F_ACK, 701, iss + 1, 65535, o, n, pat + 700, 100, 0);
        h_rx(&h);
        s = EXPECT(&h, F_ACK, iss + 1, 1, ANY, 0);
        CHECK_EQ(s->nsack, ts ? 3u : 4u); /* 3 fit next to the timestamps, 4 without */
        CHECK(s->sack[0][0] == 701 && s->sack[1][0] == 501 && s->sack[2][0] == 301);
        if (!ts)
            CHECK(s->sack[3][0] == 101);
        CHECK_EQ(s->hl, ts ? 60u : 56u);
        /* [201,301) joins three ranges into [101,401): reported first */
        h_tx_opt(&h, F_ACK, 201, iss + 1, 65535, o, n, pat + 200, 100, 0);
        s = EXPECT(&h, F_ACK, iss + 1, 1, ANY, 0);
        CHECK_EQ(s->nsack, 3);
        CHECK(s->sack[0][0] == 101 && s->sack[0][1] == 401);
        CHECK(s->sack[1][0] == 701 && s->sack[2][0] == 501);
        /* the hole at the front is filled: the ACK moves, two ranges remain */
        h_tx_opt(&h, F_ACK, 1, iss + 1, 65535, o, n, pat, 100, 0);
        s = EXPECT(&h, F_ACK, iss + 1, 401, ANY, 0);
        CHECK_EQ(s->nsack, 2);
        CHECK(s->sack[0][0] == 701 && s->sack[1][0] == 501);
        CHECK(ilpc_tcp_get_stats(c)->sack_blocks_out >= 11);
        h_fini(&h);
    }
}

/* Ten 1000-byte segments in flight; returns ISS. */
static uint32_t sack_sender_setup(H *h, ilpc_tcp **c)
{
    uint32_t iss;
    int k;
    ilpc_tcp_config t;
    cfg_opts(&t, 0, 0, 1);
    h_init(h, &t);
    iss = open_opts(h, c, 0, 1000, 1, 0, 0, -1);
    CHECK_EQ(ilpc_tcp_get_stats(*c)->seg_out, 2);
    for (k = 0; k < 10; k++) {
        CHECK_EQ(ilpc_tcp_tx_copy(*c, pat + 1000 * k, 1000), ILPC_OK);
        EXPECT(h, F_ACK | F_PSH, iss + 1 + 1000u * (uint32_t)k, 1, ANY, 1000);
    }
    EXPECT_NONE(h);
    return iss;
}

static void test_sack_retransmits_holes_only(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss, blk[2][2];
    uint8_t o[40];
    size_t n;
    iss = sack_sender_setup(&h, &c);
    /* segment 2 and segment 5 are missing */
    blk[0][0] = iss + 2001;
    blk[0][1] = iss + 4001;
    blk[1][0] = iss + 5001;
    blk[1][1] = iss + 10001;
    n = seg_opts(o, 0, 0, 0, 2, (const uint32_t(*)[2])blk);
    h_tx_opt(&h, F_ACK, 1, iss + 1001, 65535, o, n, NULL, 0, 0);
    EXPECT(&h, F_ACK | F_PSH, iss + 1001, 1, ANY, 1000);
    CHECK(memcmp(h_seg.payload, pat + 1000, 1000) == 0);
    EXPECT(&h, F_ACK | F_PSH, iss + 4001, 1, ANY, 1000);
    CHECK(memcmp(h_seg.payload, pat + 4000, 1000) == 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_stats(c)->sack_recoveries, 1);
    CHECK_EQ(ilpc_tcp_get_stats(c)->sack_blocks_in, 2);
    /* a D-SACK block (at or below the cumulative ACK) is ignored */
    blk[0][0] = iss + 1;
    blk[0][1] = iss + 1001;
    n = seg_opts(o, 0, 0, 0, 1, (const uint32_t(*)[2])blk);
    h_tx_opt(&h, F_ACK, 1, iss + 1001, 65535, o, n, NULL, 0, 0);
    CHECK_EQ(ilpc_tcp_get_stats(c)->sack_blocks_in, 2);
    EXPECT_NONE(&h);
    /* a SACK block outside (SND.UNA, SND.MAX] is ignored */
    blk[0][0] = iss + 20001;
    blk[0][1] = iss + 21001;
    n = seg_opts(o, 0, 0, 0, 1, (const uint32_t(*)[2])blk);
    h_tx_opt(&h, F_ACK, 1, iss + 1001, 65535, o, n, NULL, 0, 0);
    CHECK_EQ(ilpc_tcp_get_stats(c)->sack_blocks_in, 2);
    EXPECT_NONE(&h);
    h_tx(&h, F_ACK, 1, iss + 10001, 65535, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_tx_pending(c), 0);
    h_fini(&h);
}

static void test_sack_no_resend_after_rto(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss, blk[2][2];
    uint8_t o[40];
    size_t n;
    iss = sack_sender_setup(&h, &c);
    /* silence: first the tail loss probe resends the last segment ... */
    h_advance(&h, 2 * MS);
    EXPECT(&h, F_ACK | F_PSH, iss + 9001, 1, ANY, 1000);
    CHECK_EQ(ilpc_tcp_get_stats(c)->tlp_probes, 1);
    EXPECT_NONE(&h);
    /* ... then the RTO resends the first */
    h_advance(&h, 100 * MS);
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, ANY, 1000);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_stats(c)->rto_expiries, 1);
    /* the peer had everything but segments 1, 2 and 4 */
    blk[0][0] = iss + 2001;
    blk[0][1] = iss + 3001;
    blk[1][0] = iss + 4001;
    blk[1][1] = iss + 10001;
    n = seg_opts(o, 0, 0, 0, 2, (const uint32_t(*)[2])blk);
    h_tx_opt(&h, F_ACK, 1, iss + 1001, 65535, o, n, NULL, 0, 0);
    /* only the holes go again, nothing the peer SACKed */
    EXPECT(&h, F_ACK | F_PSH, iss + 1001, 1, ANY, 1000);
    EXPECT(&h, F_ACK | F_PSH, iss + 3001, 1, ANY, 1000);
    EXPECT_NONE(&h);
    h_tx(&h, F_ACK, 1, iss + 10001, 65535, NULL, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_tx_pending(c), 0);
    h_fini(&h);
}

static void test_delayed_ack_default(void)
{
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    ilpc_tcp_config t, d;
    ilpc_tcp_config_default(&d);
    CHECK_EQ(d.ack_delay_ns, 40 * MS); /* on by default */
    CHECK(d.window_scaling && d.timestamps && d.sack);
    h_tcp_cfg(&t);
    t.ack_delay_ns = d.ack_delay_ns;
    h_init(&h, &t);
    iss = open_active(&h, &c, 0, 65535, 1460);
    /* one full segment: no ACK until the timer */
    h_tx(&h, F_ACK, 1, iss + 1, 65535, pat, 1460);
    EXPECT_NONE(&h);
    h_advance(&h, 39 * MS);
    EXPECT_NONE(&h);
    h_advance(&h, 1 * MS);
    EXPECT(&h, F_ACK, iss + 1, 1461, ANY, 0);
    CHECK_EQ(ilpc_tcp_get_stats(c)->delack_timeouts, 1);
    /* every second full segment at once */
    h_tx(&h, F_ACK, 1461, iss + 1, 65535, pat, 1460);
    EXPECT_NONE(&h);
    h_tx(&h, F_ACK, 2921, iss + 1, 65535, pat, 1460);
    EXPECT(&h, F_ACK, iss + 1, 4381, ANY, 0);
    /* out of order: at once */
    h_tx(&h, F_ACK, 5841, iss + 1, 65535, pat, 1460);
    EXPECT(&h, F_ACK, iss + 1, 4381, ANY, 0);
    /* the gap filled: at once */
    h_tx(&h, F_ACK, 4381, iss + 1, 65535, pat, 1460);
    EXPECT(&h, F_ACK, iss + 1, 7301, ANY, 0);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_get_stats(c)->delayed_acks, 2);
    /* an ACK for data we send goes with the data (piggybacked) */
    h_tx(&h, F_ACK, 7301, iss + 1, 65535, pat, 100);
    CHECK_EQ(ilpc_tcp_tx_copy(c, pat, 10), ILPC_OK);
    EXPECT(&h, F_ACK | F_PSH, iss + 1, 7401, ANY, 10);
    EXPECT_NONE(&h);
    h_advance(&h, 40 * MS);
    EXPECT_NONE(&h);
    h_fini(&h);
}

/* Options with a wrong length drop the segment before anything looks at it. */
static void test_options_malformed(void)
{
    static const uint8_t bad[][12] = {
        { 5, 11, 0, 0, 0, 1, 0, 0, 0, 2, 0, 1 }, /* SACK: not 2 + 8n */
        { 3, 4, 7, 0 },                          /* window scale: length 4 */
        { 8, 8, 0, 0, 0, 1, 0, 0 },              /* timestamps: length 8 */
        { 4, 3, 0, 0 },                          /* SACK-permitted: length 3 */
        { 1, 1, 5, 2 },                          /* SACK without a block */
        { 1, 1, 1, 8 },                          /* timestamps cut off by the header's end */
    };
    static const size_t len[] = { 12, 4, 8, 4, 4, 4 };
    H h;
    ilpc_tcp *c;
    uint32_t iss;
    size_t k;
    ilpc_tcp_config t;
    cfg_opts(&t, 1, 1, 1);
    h_init(&h, &t);
    iss = open_opts(&h, &c, 0, 1460, 1, 1, 100, 2);
    for (k = 0; k < sizeof len / sizeof len[0]; k++) {
        h_tx_opt(&h, F_ACK, 1, iss + 1, 100, bad[k], len[k], pat, 10, 0);
        EXPECT_NONE(&h);
        CHECK_EQ(ilpc_stack_stats(h.s)->malformed, k + 1);
    }
    CHECK_EQ(ilpc_tcp_rx_available(c), 0);
    h_fini(&h);
}

/* ---------------------------------------------------------- jumbo segments */

static void test_jumbo_segments(void)
{
    H h;
    ilpc_tcp *c;
    Seg *s;
    uint32_t iss;
    uint8_t o[40];
    size_t n, big;
    ilpc_tcp_options op;
    ilpc_tx_slot slot;
    ilpc_tcp_config t;
    cfg_opts(&t, 1, 0, 0);
    t.rx_buf = 1 << 20;
    t.tx_buf = 1 << 20;
    h_init_seg(&h, &t, 256 * 1024);
    CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, PEER_PORT, h.our_port, &c), ILPC_OK);
    s = EXPECT(&h, F_SYN, ANY, 0, 65535, 0);
    CHECK_EQ(s->mss, 65535); /* our link carries more than 65535: "as large as the link allows" */
    iss = s->seq;
    n = syn_opts(o, 65535, 0, 0, 0, 0, 4);
    h_tx_opt(&h, F_SYN | F_ACK, 0, iss + 1, 65535, o, n, NULL, 0, 0);
    EXPECT(&h, F_ACK, iss + 1, 1, (1u << 20) >> 5, 0);
    ilpc_tcp_get_options(c, &op);
    CHECK_EQ(op.mss, 256 * 1024 - 20); /* the peer's 65535: our link's limit */
    CHECK_EQ(ilpc_tcp_seg_payload(c), (256 * 1024 - 20) & ~7u);
    h_tx(&h, F_ACK, 1, iss + 1, 20000, NULL, 0); /* 20000 << 4 bytes of window */
    /* one 200000-byte message through the ILP API: one segment, stored sum */
    CHECK_EQ(ilpc_tcp_tx_reserve(c, 200000, &slot), ILPC_OK);
    CHECK_EQ(slot.nsegs, 1);
    CHECK_EQ(slot.seg_payload % 8, 0);
    memcpy(slot.p[0], pat, slot.n[0]);
    if (slot.n[1])
        memcpy(slot.p[1], pat + slot.n[0], slot.n[1]);
    slot.seg_sums[0] = ilpc_csum_fold(ilpc_csum_add_bytes(0, pat, 200000));
    CHECK_EQ(ilpc_tcp_tx_commit(c, &slot, 1), ILPC_OK);
    s = EXPECT(&h, F_ACK | F_PSH, iss + 1, 1, ANY, 200000); /* checksum checked with the 32-bit length */
    CHECK(memcmp(s->payload, pat, 200000) == 0);
    CHECK_EQ(ilpc_tcp_get_stats(c)->tx_sum_stored, 1);
    /* a jumbo segment in */
    h_tx(&h, F_ACK, 1, iss + 200001, 20000, pat, 100000);
    EXPECT(&h, F_ACK, iss + 200001, 100001, ANY, 0);
    CHECK_EQ(ilpc_tcp_rx_available(c), 100000);
    /* one byte over the transport's max_seg: malformed, dropped */
    big = 256 * 1024 + 1;
    n = h_build(&h, h_buf, F_ACK, 100001, iss + 200001, 20000, NULL, 0, pat, big - 20);
    CHECK_EQ(n, big);
    ilpc_stack_input(h.s, PEER_IP, US_IP, h_buf, n);
    CHECK_EQ(ilpc_stack_stats(h.s)->malformed, 1);
    EXPECT_NONE(&h);
    CHECK_EQ(ilpc_tcp_rx_available(c), 100000);
    h_fini(&h);
}

static void test_mss_65535(void)
{
    H h;
    ilpc_tcp *c;
    ilpc_tcp_options op;
    /* on an ordinary link, the peer's 65535 means our link's 1460 */
    h_init(&h, NULL);
    open_active(&h, &c, 0, 65535, 65535);
    CHECK_EQ(ilpc_tcp_mss(c), 1460);
    ilpc_tcp_get_options(c, &op);
    CHECK_EQ(op.peer_mss, 65535);
    h_fini(&h);
    /* a peer's 9000 on a jumbo link is 9000 */
    {
        ilpc_tcp_config t;
        uint8_t o[8];
        size_t n;
        Seg *s;
        h_tcp_cfg(&t);
        h_init_seg(&h, &t, 256 * 1024);
        CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, PEER_PORT, h.our_port, &c), ILPC_OK);
        s = EXPECT(&h, F_SYN, ANY, 0, ANY, 0);
        CHECK_EQ(s->mss, 65535);
        n = syn_opts(o, 9000, 0, 0, 0, 0, -1);
        h_tx_opt(&h, F_SYN | F_ACK, 0, s->seq + 1, 65535, o, n, NULL, 0, 0);
        CHECK_EQ(ilpc_tcp_mss(c), 9000);
        h_fini(&h);
    }
}

/* The connection's two ISNs (they key the authenticated ciphers): known once the
 * peer's SYN is in, on both the active and the passive side. */
static void test_isns(void)
{
    H h;
    ilpc_tcp *c, *l;
    uint32_t iss, a = 1, b = 2;
    Seg *s;
    h_init(&h, NULL);
    CHECK_EQ(ilpc_tcp_connect(h.s, PEER_IP, h.peer_port, h.our_port, &c), ILPC_OK);
    CHECK_EQ(ilpc_tcp_isns(c, &a, &b), ILPC_E_NOTCONN); /* SYN-SENT: the peer's is not known */
    CHECK(a == 1 && b == 2);
    s = EXPECT(&h, F_SYN, ANY, 0, ANY, 0);
    iss = s->seq;
    h_tx_opt(&h, F_SYN | F_ACK, 0xfffffff0u, iss + 1, 65535, NULL, 0, NULL, 0, 0);
    EXPECT(&h, F_ACK, iss + 1, 0xfffffff1u, ANY, 0);
    CHECK_EQ(ilpc_tcp_isns(c, &a, &b), ILPC_OK);
    CHECK_EQ(a, iss);
    CHECK_EQ(b, 0xfffffff0u);
    CHECK_EQ(ilpc_tcp_isns(c, NULL, NULL), ILPC_OK);
    h_fini(&h);
    h_init(&h, NULL);
    iss = open_passive(&h, &l, &c, 777, 65535);
    CHECK_EQ(ilpc_tcp_isns(l, &a, &b), ILPC_E_NOTCONN);
    CHECK_EQ(ilpc_tcp_isns(c, &a, &b), ILPC_OK);
    CHECK_EQ(a, iss);
    CHECK_EQ(b, 777);
    h_fini(&h);
}

/* The stack's secret (ISNs, ports, path challenges): random without a seed
 * (two stacks started at the same virtual time differ), the seed's with one
 * (reproducible). */
static void test_isn_key(void)
{
    ilpc_clock clk;
    ilpc_transport *a, *b;
    ilpc_stack_config sc;
    ilpc_stack *s1, *s2;
    uint8_t r1[16], r2[16];
    CHECK_EQ(ilpc_os_random(r1, sizeof r1), 0);
    CHECK_EQ(ilpc_os_random(r2, sizeof r2), 0);
    CHECK(memcmp(r1, r2, sizeof r1) != 0);
    CHECK_EQ(ilpc_os_random(r1, 0), 0);
    ilpc_clock_init_virtual(&clk, 1000 * MS);
    CHECK_EQ(ilpc_transport_mem_pair(US_IP, PEER_IP, 1480, 16, &a, &b), 0);
    ilpc_stack_config_default(&sc);
    s1 = ilpc_stack_new(a, &clk, &sc);
    s2 = ilpc_stack_new(b, &clk, &sc);
    CHECK(s1 && s2 && memcmp(s1->env.secret, s2->env.secret, sizeof s1->env.secret) != 0);
    ilpc_stack_free(s1);
    ilpc_stack_free(s2);
    sc.isn_seed = 42;
    s1 = ilpc_stack_new(a, &clk, &sc);
    s2 = ilpc_stack_new(b, &clk, &sc);
    CHECK(s1 && s2 && memcmp(s1->env.secret, s2->env.secret, sizeof s1->env.secret) == 0);
    ilpc_stack_free(s1);
    ilpc_stack_free(s2);
    ilpc_transport_free(a);
    ilpc_transport_free(b);
}

/* impair's tamper: one payload bit flipped, the checksum still right; segments
 * without payload untouched. */
static void test_impair_tamper(void)
{
    H h;
    ilpc_transport *imp;
    ilpc_impair_config cfg;
    static uint8_t seg[2000], got[2000];
    size_t lens[] = {0, 1, 2, 7, 100, 1001, 1400};
    size_t i, j, n;
    h_init(&h, NULL);
    ilpc_impair_config_default(&cfg);
    CHECK_EQ(ilpc_impair_parse("tamper=1,seed=9", &cfg), 0);
    CHECK(cfg.tamper == 1.0);
    CHECK_EQ(ilpc_impair_new(h.tus, &h.clk, &cfg, &imp), 0);
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        ilpc_iov iov;
        uint32_t src = 0, dst = 0;
        int r, bits = 0;
        size_t hl = i % 2 ? 20 : 24; /* with and without options */
        static const uint8_t mss[4] = {2, 4, 5, 0xb4};
        n = h_build(&h, seg, F_ACK | F_PSH, 1000u * (uint32_t)i, 1, 65535, hl == 24 ? mss : NULL, hl - 20, pat,
                    lens[i]);
        iov.base = seg;
        iov.len = n;
        ilpc_transport_send(h.tpeer, PEER_IP, US_IP, &iov, 1);
        r = ilpc_transport_recv(imp, &src, &dst, got, sizeof got);
        CHECK_EQ(r, n);
        if (r != (int)n)
            continue;
        for (j = 0; j < n; j++) {
            uint8_t d = (uint8_t)(seg[j] ^ got[j]);
            if (j == 16 || j == 17)
                continue; /* the checksum field */
            CHECK(d == 0 || j >= hl); /* only the payload */
            for (; d; d &= (uint8_t)(d - 1))
                bits++;
        }
        CHECK_EQ(bits, lens[i] ? 1 : 0);
        CHECK_EQ(ilpc_csum_fold(ilpc_csum_add_bytes(pseudo_acc(PEER_IP, US_IP, n), got, n)), 0xffff);
        if (!lens[i])
            CHECK(memcmp(seg, got, n) == 0);
    }
    CHECK_EQ(ilpc_impair_get_stats(imp)->tampered, 6);
    CHECK_EQ(ilpc_impair_get_stats(imp)->corrupted, 0);
    ilpc_transport_free(imp);
    h_fini(&h);
}

/* -------------------------------------------------------------------- main */

typedef struct {
    const char *name;
    void (*fn)(void);
} test_case;

#define CASE(f) { #f, f }
static const test_case CASES[] = {
    CASE(test_active_open),
    CASE(test_syn_retransmit_and_timeout),
    CASE(test_passive_open),
    CASE(test_passive_syn_retransmit),
    CASE(test_simultaneous_open),
    CASE(test_mss_default_and_segmentation),
    CASE(test_out_of_window_and_duplicates),
    CASE(test_out_of_order_reassembly),
    CASE(test_ooo_bounded),
    CASE(test_rst_handling),
    CASE(test_zero_window_persist),
    CASE(test_receiver_zero_window),
    CASE(test_bad_checksum),
    CASE(test_garbage_headers),
    CASE(test_fin_sequences),
    CASE(test_retransmission_backoff_karn),
    CASE(test_fast_retransmit),
    CASE(test_ack_after_rewind_uses_snd_max),
    CASE(test_rx_hook),
    CASE(test_tx_reserve_eagain),
    CASE(test_seg_sums),
    CASE(test_multiple_connections),
    CASE(test_delayed_ack),
    CASE(test_random_segments),
    CASE(test_wscale_negotiated),
    CASE(test_wscale_not_negotiated),
    CASE(test_timestamps_rtt),
    CASE(test_paws),
    CASE(test_sack_blocks_out),
    CASE(test_sack_retransmits_holes_only),
    CASE(test_sack_no_resend_after_rto),
    CASE(test_delayed_ack_default),
    CASE(test_options_malformed),
    CASE(test_jumbo_segments),
    CASE(test_mss_65535),
    CASE(test_isns),
    CASE(test_isn_key),
    CASE(test_impair_tamper),
};
#define NCASES (sizeof CASES / sizeof CASES[0])

/* No argument: every case.  --list: the names.  Names: those cases. */
int main(int argc, char **argv)
{
    size_t i;
    int a, ran = 0;
    fill_pattern();
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        for (i = 0; i < NCASES; i++)
            printf("%s\n", CASES[i].name);
        return 0;
    }
    for (i = 0; i < NCASES; i++) {
        int want = argc == 1;
        for (a = 1; a < argc; a++)
            if (!strcmp(argv[a], CASES[i].name))
                want = 1;
        if (want) {
            CASES[i].fn();
            ran++;
        }
    }
    if (ran == 0 || (argc > 1 && ran != argc - 1)) {
        fprintf(stderr, "unknown test case\n");
        return 2;
    }
    printf("test_tcp_segments: %d cases, %d checks, %d failures\n", ran, h_checks, h_failures);
    printf("%d passed, %d failed\n", h_checks - h_failures, h_failures);
    return h_failures ? 1 : 0;
}
