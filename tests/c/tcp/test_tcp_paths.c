/* test_tcp_paths.c - a hostile peer, segment by segment: paths, RFC 5961 and
 * TCP-AO.
 *
 * The stack under test sits on "pathsim", an in-memory transport with outer
 * paths like udp's (pseudo-header addresses 0, each segment with the path it
 * came along); the test plays the real peer and an off-path attacker on
 * other paths, crafts every segment, and asserts the exact replies and the
 * path each went along:
 *
 *   two peers with the same TCP ports on two paths are two connections;
 *   a segment the connection would not accept from another path changes
 *   nothing and is answered nowhere (blind ACK, RST at RCV.NXT, SYN);
 *   an acceptable one is taken, its ACK still goes to the old path and a
 *   challenge to the new one, which the connection moves to only on the
 *   right response from that path; an unanswered challenge is given up;
 *   the answer to a challenge; an RST to an unknown pair goes back where it
 *   came from, and only there;
 *   RFC 5961: data with an ACK above SND.NXT or below SND.UNA - MAX.SND.WND
 *   is not taken and gets a challenge ACK; challenge ACKs are limited per
 *   connection; a rejected segment leaves TS.Recent alone;
 *   TCP-AO (with libcrypto): an unsigned or wrongly signed SYN, data segment
 *   or RST is dropped without an answer, a signed one taken, replies are
 *   signed (checked with the test's own keys), the receive SNE follows a
 *   peer whose sequence numbers wrap, the send SNE around a wrap.
 *
 *   test_tcp_paths [CASE...]   (--list: the cases) */
#include "ilpc_tcp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        checks++;                                                                    \
        if (!(cond)) {                                                               \
            failures++;                                                              \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                            \
    } while (0)

#define CHECK_EQ(a, b)                                                                                 \
    do {                                                                                               \
        unsigned long long va_ = (unsigned long long)(a), vb_ = (unsigned long long)(b);               \
        checks++;                                                                                      \
        if (va_ != vb_) {                                                                              \
            failures++;                                                                                \
            fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (%llu != %llu, 0x%llx != 0x%llx)\n", \
                    __FILE__, __LINE__, #a, #b, va_, vb_, va_, vb_);                                   \
        }                                                                                              \
    } while (0)

#define MS ILPC_NS_PER_MS
#define SRV_PORT 80u
#define CLI_PORT 50000u

/* ------------------------------------------------------------ pathsim */

#define PKT_MAX 2048
typedef struct pkt {
    uint8_t data[PKT_MAX];
    size_t len;
    ilpc_path path;
} pkt;

typedef struct pathsim {
    ilpc_transport base;
    pkt in[64]; /* towards the stack */
    int in_head, in_n;
    pkt out[256]; /* from the stack, in order */
    int out_head, out_n;
    ilpc_path dflt; /* the default peer (ip 0: none) */
} pathsim;

static int ps_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_path *to, const ilpc_iov *iov,
                   int iovcnt)
{
    pathsim *p = (pathsim *)t;
    pkt *k;
    int i;
    (void)src;
    (void)dst;
    if (p->out_n == 256)
        return ILPC_OK; /* lost */
    k = &p->out[(p->out_head + p->out_n++) % 256];
    k->len = 0;
    for (i = 0; i < iovcnt; i++) {
        if (k->len + iov[i].len <= PKT_MAX)
            memcpy(k->data + k->len, iov[i].base, iov[i].len);
        k->len += iov[i].len;
    }
    if (to && to->ip)
        k->path = *to;
    else
        k->path = p->dflt;
    return ILPC_OK;
}

static int ps_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, uint8_t *buf, size_t cap)
{
    pathsim *p = (pathsim *)t;
    pkt *k;
    if (!p->in_n)
        return 0;
    k = &p->in[p->in_head];
    p->in_head = (p->in_head + 1) % 64;
    p->in_n--;
    if (k->len > cap)
        return 0;
    memcpy(buf, k->data, k->len);
    *src = *dst = 0;
    if (from)
        *from = k->path;
    return (int)k->len;
}

static int ps_default_path(ilpc_transport *t, uint16_t port, ilpc_path *out)
{
    pathsim *p = (pathsim *)t;
    (void)port;
    if (!p->dflt.ip)
        return -1;
    *out = p->dflt;
    return 0;
}

static void ps_destroy(ilpc_transport *t) { free(t); }

static const ilpc_transport_ops ps_ops = { "pathsim", ps_send, ps_recv, NULL, NULL, NULL,
                                           ps_destroy, NULL, NULL, ps_default_path };

static pathsim *ps_new(void)
{
    pathsim *p = calloc(1, sizeof *p);
    if (!p)
        exit(1);
    p->base.ops = &ps_ops;
    p->base.local_ip = 0;
    p->base.max_seg = 1480;
    p->base.outer_paths = 1;
    return p;
}

static ilpc_path path_of(uint32_t ip, uint16_t port)
{
    ilpc_path p;
    p.ip = ip;
    p.port = port;
    p.local_ip = 0x7f000001u;
    return p;
}

/* The real peer and two attackers, each with its own address. */
static ilpc_path P_REAL, P_NEW, P_EVIL;

/* ------------------------------------------------------------ the world */

typedef struct world {
    ilpc_clock clk;
    pathsim *t;
    ilpc_stack *s;
    ilpc_tcp *l, *c;
    uint32_t iss;       /* the stack's */
    uint32_t pseq;      /* the peer's next sequence number */
    uint32_t tsval;     /* the peer's timestamps (0: none) */
    int ao;             /* the peer signs and checks with TCP-AO */
    ilpc_ao_mkt mkt;
    ilpc_ao_mac ao_tx, ao_rx; /* the peer's send and receive keys */
    uint32_t ao_tx_sne, ao_rx_sne;
} world;

static void w_cfg(ilpc_tcp_config *t)
{
    ilpc_tcp_config_default(t);
    t->ack_delay_ns = 0;
    t->window_scaling = 0;
    t->timestamps = 0;
    t->sack = 0;
    t->rto_init_ns = 100 * MS;
    t->rto_min_ns = 100 * MS;
    t->rx_buf = 64 * 1024;
    t->tx_buf = 64 * 1024;
}

static void w_init(world *w, const ilpc_tcp_config *cfg, const ilpc_ao_mkt *mkt)
{
    ilpc_stack_config sc;
    memset(w, 0, sizeof *w);
    ilpc_clock_init_virtual(&w->clk, 1000 * MS);
    w->t = ps_new();
    ilpc_stack_config_default(&sc);
    sc.isn_seed = 7;
    if (cfg)
        sc.tcp = *cfg;
    else
        w_cfg(&sc.tcp);
    w->s = ilpc_stack_new(&w->t->base, &w->clk, &sc);
    if (!w->s)
        exit(1);
    if (mkt) {
        CHECK_EQ(ilpc_stack_set_tcp_ao(w->s, mkt), ILPC_OK);
        w->ao = 1;
        w->mkt = *mkt;
    }
}

static void w_fini(world *w)
{
    ilpc_ao_mac_free(&w->ao_tx);
    ilpc_ao_mac_free(&w->ao_rx);
    ilpc_stack_free(w->s);
    ilpc_transport_free(&w->t->base);
}

static void w_poll(world *w) { ilpc_stack_poll(w->s, ilpc_clock_now(&w->clk)); }

static void w_advance(world *w, uint64_t dt)
{
    ilpc_clock_advance(&w->clk, dt);
    w_poll(w);
}

/* A crafted segment. */
typedef struct seg_spec {
    uint16_t sport, dport;
    uint32_t seq, ack;
    uint8_t flags;
    uint16_t wnd;
    int path_kind; /* TCP_PATH_CHALLENGE / _RESPONSE, 0: none */
    uint64_t nonce;
    int sign;      /* 1: sign with the peer's key, -1: a wrong MAC, 0: unsigned */
    const void *payload;
    size_t len;
} seg_spec;

static seg_spec spec(uint8_t flags, uint32_t seq, uint32_t ack, const void *payload, size_t len)
{
    seg_spec s;
    memset(&s, 0, sizeof s);
    s.sport = CLI_PORT;
    s.dport = SRV_PORT;
    s.seq = seq;
    s.ack = ack;
    s.flags = flags;
    s.wnd = 65535;
    s.payload = payload;
    s.len = len;
    return s;
}

/* Build sp in the world's peer's name and hand it to the stack along path. */
static void w_send(world *w, const seg_spec *sp, ilpc_path path)
{
    pkt *k;
    uint8_t *b;
    size_t hl = 20, ao_off = 0;
    uint64_t acc;
    uint16_t ck;
    k = &w->t->in[(w->t->in_head + w->t->in_n++) % 64];
    b = k->data;
    memset(b, 0, 60);
    if (w->tsval)
        hl += ilpc_tcp_wire_ts(b + hl, w->tsval, 0);
    if (sp->path_kind)
        hl += ilpc_tcp_wire_path_probe(b + hl, sp->path_kind, sp->nonce);
    if (sp->sign) {
        ao_off = hl;
        hl += ilpc_ao_write_option(b + hl, w->mkt.recv_id, w->mkt.send_id);
    }
    ilpc_tcp_wire_header(b, sp->sport, sp->dport, sp->seq, sp->ack, hl, sp->flags, sp->wnd);
    if (sp->len)
        memcpy(b + hl, sp->payload, sp->len);
    k->len = hl + sp->len;
    k->path = path;
    if (sp->sign) {
        ilpc_ao_segment v;
        memset(&v, 0, sizeof v);
        v.sne = (sp->flags & (TCP_SYN | TCP_ACK)) == TCP_SYN ? 0 : w->ao_tx_sne;
        v.hdr = b;
        v.hdr_len = hl;
        v.ao_off = ao_off;
        v.payload[0] = b + hl;
        v.payload_len[0] = sp->len;
        if ((sp->flags & (TCP_SYN | TCP_ACK)) == TCP_SYN) {
            /* the SYN's key: ours, the peer's ISN, 0 */
            uint8_t key[ILPC_AO_MAX_TRAFFIC_KEY_LEN];
            ilpc_ao_mac m;
            memset(&m, 0, sizeof m);
            CHECK_EQ(ilpc_ao_traffic_key(&w->mkt, 0, 0, sp->sport, sp->dport, sp->seq, 0, key), ILPC_OK);
            CHECK_EQ(ilpc_ao_mac_init(&m, &w->mkt, key), ILPC_OK);
            CHECK_EQ(ilpc_ao_mac_compute(&m, &v, b + ao_off + 4), ILPC_OK);
            ilpc_ao_mac_free(&m);
        } else {
            CHECK_EQ(ilpc_ao_mac_compute(&w->ao_tx, &v, b + ao_off + 4), ILPC_OK);
        }
        if (sp->sign < 0)
            b[ao_off + 4] ^= 1;
    }
    acc = ilpc_csum_add_bytes(tcp_pseudo_sum(0, 0, k->len), b, k->len);
    ck = (uint16_t)~ilpc_csum_fold(acc);
    wr16(b + 16, ck);
    w_poll(w);
}

/* A reply of the stack, parsed. */
typedef struct reply {
    uint16_t sport, dport;
    uint32_t seq, ack;
    uint8_t flags;
    size_t len;
    ilpc_path path;
    int path_kind;
    uint64_t nonce;
    int has_ts;
    uint32_t tsval, tsecr;
    int signed_ok; /* -1: no TCP-AO option; 0: a wrong MAC; 1: right */
    int csum_ok;
} reply;

static int w_take(world *w, reply *r)
{
    pathsim *p = w->t;
    pkt *k;
    ilpc_seg sg;
    if (!p->out_n)
        return 0;
    k = &p->out[p->out_head];
    p->out_head = (p->out_head + 1) % 256;
    p->out_n--;
    memset(r, 0, sizeof *r);
    r->path = k->path;
    if (ilpc_tcp_wire_parse(&sg, 0, 0, k->data, k->len, 65535) < 0) {
        CHECK(!"a malformed segment from the stack");
        return 1;
    }
    r->sport = sg.sport;
    r->dport = sg.dport;
    r->seq = sg.seq;
    r->ack = sg.ack;
    r->flags = sg.flags;
    r->len = sg.len;
    r->path_kind = sg.path_opt;
    r->nonce = sg.path_nonce;
    r->has_ts = sg.has_ts;
    r->tsval = sg.tsval;
    r->tsecr = sg.tsecr;
    r->csum_ok = ilpc__seg_csum_ok(&sg);
    r->signed_ok = -1;
    if (sg.ao_count == 1 && w->ao) {
        ilpc_ao_segment v;
        memset(&v, 0, sizeof v);
        v.hdr = sg.hdr;
        v.hdr_len = sg.hdr_len;
        v.ao_off = sg.ao_off;
        v.payload[0] = sg.payload;
        v.payload_len[0] = sg.len;
        v.sne = w->ao_rx_sne;
        r->signed_ok = w->ao_rx.ctx ? ilpc_ao_mac_verify(&w->ao_rx, &v) == 1 : 0;
    }
    return 1;
}

static int same_path(ilpc_path a, ilpc_path b) { return ilpc_path_same(&a, &b); }

/* Expect a reply with these flags, ack (ANY: any) along path. */
#define ANY 0x1ffffffffull
static reply w_expect_(world *w, int line, uint8_t flags, unsigned long long ack, ilpc_path path)
{
    reply r;
    checks++;
    if (!w_take(w, &r)) {
        failures++;
        fprintf(stderr, "line %d: expected a segment, got none\n", line);
        memset(&r, 0, sizeof r);
        return r;
    }
    if (r.flags != flags || (ack != ANY && r.ack != ack) || !same_path(r.path, path) || !r.csum_ok ||
        (w->ao && r.signed_ok != 1)) {
        failures++;
        fprintf(stderr,
                "line %d: got flags=0x%02x ack=%u path=%08x:%u csum_ok=%d signed_ok=%d; want flags=0x%02x "
                "ack=%lld path=%08x:%u\n",
                line, r.flags, r.ack, (unsigned)r.path.ip, (unsigned)r.path.port, r.csum_ok, r.signed_ok, flags,
                ack == ANY ? -1 : (long long)ack, (unsigned)path.ip, (unsigned)path.port);
    }
    return r;
}
#define EXPECT(w, flags, ack, path) w_expect_((w), __LINE__, (flags), (ack), (path))

static void w_expect_none_(world *w, int line)
{
    reply r;
    checks++;
    if (w_take(w, &r)) {
        failures++;
        fprintf(stderr, "line %d: expected no segment, got flags=0x%02x seq=%u ack=%u to %08x:%u\n", line,
                r.flags, r.seq, r.ack, (unsigned)r.path.ip, (unsigned)r.path.port);
    }
}
#define EXPECT_NONE(w) w_expect_none_((w), __LINE__)

/* The peer's "other" keys, once both ISNs are known (TCP-AO). */
static void w_peer_keys(world *w, uint32_t peer_isn, uint32_t stack_isn)
{
    ilpc_ao_traffic_keys k;
    CHECK_EQ(ilpc_ao_conn_keys(&w->mkt, 0, CLI_PORT, peer_isn, 0, SRV_PORT, stack_isn, &k), ILPC_OK);
    ilpc_ao_mac_free(&w->ao_tx);
    ilpc_ao_mac_free(&w->ao_rx);
    CHECK_EQ(ilpc_ao_mac_init(&w->ao_tx, &w->mkt, k.send_other), ILPC_OK);
    CHECK_EQ(ilpc_ao_mac_init(&w->ao_rx, &w->mkt, k.recv_other), ILPC_OK);
}

/* Open a connection from the peer on path `from` with ISN pisn: SYN,
 * SYN-ACK, ACK; accepted.  The stack's ISS is returned. */
static uint32_t w_open(world *w, ilpc_path from, uint32_t pisn, ilpc_tcp **c)
{
    seg_spec sp = spec(TCP_SYN, pisn, 0, NULL, 0);
    reply r;
    uint32_t iss;
    if (!w->l)
        CHECK_EQ(ilpc_tcp_listen(w->s, SRV_PORT, 8, &w->l), ILPC_OK);
    sp.sign = w->ao;
    w_send(w, &sp, from);
    if (w->ao) {
        /* the SYN-ACK is signed with the keys both ISNs make: take its ISN unchecked, then check */
        pkt *k = &w->t->out[w->t->out_head];
        CHECK(w->t->out_n > 0);
        iss = rd32(k->data + 4);
        w_peer_keys(w, pisn, iss);
    }
    r = EXPECT(w, TCP_SYN | TCP_ACK, pisn + 1, from);
    iss = r.seq;
    sp = spec(TCP_ACK, pisn + 1, iss + 1, NULL, 0);
    sp.sign = w->ao;
    w_send(w, &sp, from);
    EXPECT_NONE(w);
    CHECK_EQ(ilpc_tcp_accept(w->l, c), ILPC_OK);
    CHECK_EQ(ilpc_tcp_get_state(*c), ILPC_TCP_ESTABLISHED);
    w->c = *c;
    w->iss = iss;
    w->pseq = pisn + 1;
    return iss;
}

/* Data from the peer at its next sequence number along path; the ACK is
 * expected along ack_path. */
static void w_data(world *w, const char *text, ilpc_path path, ilpc_path ack_path)
{
    size_t n = strlen(text);
    seg_spec sp = spec(TCP_ACK | TCP_PSH, w->pseq, w->iss + 1, text, n);
    sp.sign = w->ao;
    w_send(w, &sp, path);
    w->pseq += (uint32_t)n;
    EXPECT(w, TCP_ACK, w->pseq, ack_path);
}

static size_t read_all(ilpc_tcp *c, char *buf, size_t cap)
{
    ptrdiff_t n = ilpc_tcp_recv(c, buf, cap - 1);
    size_t k = n > 0 ? (size_t)n : 0;
    buf[k] = 0;
    return k;
}

/* ------------------------------------------------------------ the cases */

/* Two peers on two paths, the same TCP ports: two connections, each
 * answered on its own path. */
static void test_two_peers_same_ports(void)
{
    world w;
    ilpc_tcp *a, *b;
    char buf[64];
    uint32_t iss_a, iss_b;
    w_init(&w, NULL, NULL);
    iss_a = w_open(&w, P_REAL, 1000, &a);
    iss_b = w_open(&w, P_NEW, 900000, &b);
    CHECK(a != b);
    CHECK(iss_a != iss_b);
    w.c = a;
    w.iss = iss_a;
    w.pseq = 1001;
    w_data(&w, "from a", P_REAL, P_REAL);
    w.c = b;
    w.iss = iss_b;
    w.pseq = 900001;
    w_data(&w, "from b", P_NEW, P_NEW);
    CHECK_EQ(read_all(a, buf, sizeof buf), 6);
    CHECK(!strcmp(buf, "from a"));
    CHECK_EQ(read_all(b, buf, sizeof buf), 6);
    CHECK(!strcmp(buf, "from b"));
    CHECK_EQ(ilpc_stack_conn_count(w.s), 3); /* the listener and two connections */
    w_fini(&w);
}

/* What an off-path attacker can send from its own address: nothing it sends
 * is answered there, or anywhere, and nothing changes. */
static void test_blind_attacks(void)
{
    world w;
    ilpc_tcp *c;
    ilpc_path p;
    seg_spec sp;
    reply r;
    char buf[64];
    w_init(&w, NULL, NULL);
    w_open(&w, P_REAL, 5000, &c);
    /* the pure ACK with sequence and acknowledgment numbers 0 */
    sp = spec(TCP_ACK, 0, 0, NULL, 0);
    w_send(&w, &sp, P_EVIL);
    EXPECT_NONE(&w);
    /* an RST at the right sequence number, from elsewhere */
    sp = spec(TCP_RST, w.pseq, 0, NULL, 0);
    w_send(&w, &sp, P_EVIL);
    EXPECT_NONE(&w);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
    /* data with the right numbers from elsewhere is taken (it could be the peer
     * behind a new NAT mapping), but nothing goes to the new path before it
     * answers a challenge: the ACK to the old one, the challenge to it */
    ilpc_tcp_get_path(c, &p);
    CHECK(same_path(p, P_REAL));
    /* a SYN from elsewhere with the same ports: another connection attempt */
    sp = spec(TCP_SYN, 777, 0, NULL, 0);
    w_send(&w, &sp, P_EVIL);
    r = EXPECT(&w, TCP_SYN | TCP_ACK, 778, P_EVIL);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
    /* a segment for a pair nobody has: an RST, back to where it came from */
    sp = spec(TCP_ACK, 1, 2, NULL, 0);
    sp.sport = 60000;
    w_send(&w, &sp, P_EVIL);
    r = EXPECT(&w, TCP_RST, ANY, P_EVIL);
    CHECK_EQ(r.seq, 2);
    /* the connection is intact */
    w_data(&w, "still here", P_REAL, P_REAL);
    CHECK_EQ(read_all(c, buf, sizeof buf), 10);
    CHECK(ilpc_stack_stats(w.s)->new_path_dropped >= 2);
    w_fini(&w);
}

/* A NAT rebinding: the peer's next segment comes from a new path.  It is
 * taken; the ACK goes to the old path and a challenge to the new one; wrong
 * nonces and responses from other paths move nothing; the right response
 * from the new path moves the connection. */
static void test_migration(void)
{
    world w;
    ilpc_tcp *c;
    ilpc_path p;
    seg_spec sp;
    reply r, ch;
    char buf[64];
    w_init(&w, NULL, NULL);
    w_open(&w, P_REAL, 5000, &c);
    sp = spec(TCP_ACK | TCP_PSH, w.pseq, w.iss + 1, "moved", 5);
    w_send(&w, &sp, P_NEW);
    w.pseq += 5;
    ch = EXPECT(&w, TCP_ACK, w.pseq, P_NEW); /* the challenge: along the new path */
    CHECK_EQ(ch.path_kind, TCP_PATH_CHALLENGE);
    r = EXPECT(&w, TCP_ACK, w.pseq, P_REAL); /* the ACK: along the old one */
    CHECK_EQ(r.path_kind, 0);
    CHECK_EQ(read_all(c, buf, sizeof buf), 5);
    ilpc_tcp_get_path(c, &p);
    CHECK(same_path(p, P_REAL));
    /* a wrong nonce from the new path; the right one from a third path in a
     * segment with guessed numbers (all a blind attacker can send): no move */
    sp = spec(TCP_ACK, w.pseq, w.iss + 1, NULL, 0);
    sp.path_kind = TCP_PATH_RESPONSE;
    sp.nonce = ch.nonce ^ 1;
    w_send(&w, &sp, P_NEW);
    sp.nonce = ch.nonce;
    sp.seq = w.pseq + 0x40000000u;
    w_send(&w, &sp, P_EVIL);
    sp.seq = w.pseq;
    EXPECT_NONE(&w);
    ilpc_tcp_get_path(c, &p);
    CHECK(same_path(p, P_REAL));
    /* the right one from the new path */
    w_send(&w, &sp, P_NEW);
    EXPECT_NONE(&w);
    ilpc_tcp_get_path(c, &p);
    CHECK(same_path(p, P_NEW));
    CHECK_EQ(ilpc_tcp_get_stats(c)->path_changes, 1);
    /* now everything goes there */
    CHECK_EQ(ilpc_tcp_send(c, "hello", 5), 5);
    r = EXPECT(&w, TCP_ACK | TCP_PSH, w.pseq, P_NEW);
    CHECK_EQ(r.len, 5);
    w_data(&w, "after", P_NEW, P_NEW);
    /* and the old path is now "another path": its segments are candidates */
    sp = spec(TCP_ACK, 0, 0, NULL, 0);
    w_send(&w, &sp, P_REAL);
    EXPECT_NONE(&w);
    w_fini(&w);
}

/* Nobody answers the challenges: PATH_CHALLENGE_TRIES of them, backing off,
 * then the candidate is given up and the connection stays where it was. */
static void test_challenge_given_up(void)
{
    world w;
    ilpc_tcp *c;
    ilpc_path p;
    seg_spec sp;
    reply r;
    int n = 0, i;
    w_init(&w, NULL, NULL);
    w_open(&w, P_REAL, 5000, &c);
    sp = spec(TCP_ACK, w.pseq, w.iss + 1, NULL, 0);
    w_send(&w, &sp, P_NEW);
    for (i = 0; i < 400; i++) {
        while (w_take(&w, &r)) {
            CHECK(same_path(r.path, P_NEW) && r.path_kind == TCP_PATH_CHALLENGE);
            n++;
        }
        w_advance(&w, 50 * MS);
    }
    CHECK_EQ(n, PATH_CHALLENGE_TRIES);
    CHECK_EQ(ilpc_tcp_get_stats(c)->path_abandoned, 1);
    ilpc_tcp_get_path(c, &p);
    CHECK(same_path(p, P_REAL));
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
    w_fini(&w);
}

/* A challenge from the peer: the answer is a pure ACK with its nonce along
 * the connection's path; a challenge in a segment the connection does not
 * accept gets no answer. */
static void test_challenge_answered(void)
{
    world w;
    ilpc_tcp *c;
    seg_spec sp;
    reply r;
    w_init(&w, NULL, NULL);
    w_open(&w, P_REAL, 5000, &c);
    sp = spec(TCP_ACK, w.pseq, w.iss + 1, NULL, 0);
    sp.path_kind = TCP_PATH_CHALLENGE;
    sp.nonce = 0x0123456789abcdefull;
    w_send(&w, &sp, P_REAL);
    r = EXPECT(&w, TCP_ACK, w.pseq, P_REAL);
    CHECK_EQ(r.path_kind, TCP_PATH_RESPONSE);
    CHECK_EQ(r.nonce, 0x0123456789abcdefull);
    EXPECT_NONE(&w);
    sp.seq = w.pseq + 100000; /* out of the window */
    w_send(&w, &sp, P_REAL);
    r = EXPECT(&w, TCP_ACK, w.pseq, P_REAL); /* RFC 9293's ACK of an unacceptable segment, */
    CHECK_EQ(r.path_kind, 0);                /* no answer to the challenge */
    w_fini(&w);
}

/* RFC 5961 5.2: data whose ACK acknowledges what was never sent, or is older
 * than SND.UNA - MAX.SND.WND, is not taken; a challenge ACK answers it. */
static void test_ack_check(void)
{
    world w;
    ilpc_tcp *c;
    seg_spec sp;
    char buf[64];
    w_init(&w, NULL, NULL);
    w_open(&w, P_REAL, 5000, &c);
    sp = spec(TCP_ACK | TCP_PSH, w.pseq, w.iss + 1 + 1000, "injected", 8);
    w_send(&w, &sp, P_REAL);
    EXPECT(&w, TCP_ACK, w.pseq, P_REAL);
    CHECK_EQ(ilpc_tcp_rx_available(c), 0);
    sp.ack = w.iss + 1 - 70000; /* below SND.UNA - MAX.SND.WND (65535) */
    w_send(&w, &sp, P_REAL);
    EXPECT(&w, TCP_ACK, w.pseq, P_REAL);
    CHECK_EQ(ilpc_tcp_rx_available(c), 0);
    CHECK_EQ(ilpc_tcp_get_stats(c)->challenge_acks, 2);
    w_data(&w, "real", P_REAL, P_REAL);
    CHECK_EQ(read_all(c, buf, sizeof buf), 4);
    CHECK(!strcmp(buf, "real"));
    w_fini(&w);
}

/* RFC 5961 7: at most CHALLENGE_ACK_LIMIT challenge ACKs a second per
 * connection; more after the second is over. */
static void test_challenge_ack_limit(void)
{
    world w;
    ilpc_tcp *c;
    seg_spec sp;
    reply r;
    unsigned i, n = 0;
    w_init(&w, NULL, NULL);
    w_open(&w, P_REAL, 5000, &c);
    for (i = 0; i < CHALLENGE_ACK_LIMIT + 10; i++) {
        sp = spec(TCP_RST, w.pseq + 1 + i, 0, NULL, 0); /* in the window, not at RCV.NXT */
        w_send(&w, &sp, P_REAL);
        while (w_take(&w, &r))
            n++;
    }
    CHECK_EQ(n, CHALLENGE_ACK_LIMIT);
    CHECK_EQ(ilpc_tcp_get_stats(c)->challenge_acks_limited, 10);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
    w_advance(&w, 1001 * MS);
    sp = spec(TCP_RST, w.pseq + 5, 0, NULL, 0);
    w_send(&w, &sp, P_REAL);
    EXPECT(&w, TCP_ACK, w.pseq, P_REAL);
    /* the exact one resets */
    sp = spec(TCP_RST, w.pseq, 0, NULL, 0);
    w_send(&w, &sp, P_REAL);
    CHECK_EQ(ilpc_tcp_error(c), ILPC_E_CONNRESET);
    w_fini(&w);
}

/* A segment that fails the ACK check does not move TS.Recent: the next ACK
 * still echoes the last accepted timestamp. */
static void test_rejected_segment_keeps_ts_recent(void)
{
    world w;
    ilpc_tcp_config cfg;
    ilpc_tcp *c;
    seg_spec sp;
    reply r;
    w_cfg(&cfg);
    cfg.timestamps = 1;
    w_init(&w, &cfg, NULL);
    w.tsval = 100; /* the peer's SYN offers timestamps */
    w_open(&w, P_REAL, 5000, &c);
    CHECK(ilpc_tcp_get_state(c) == ILPC_TCP_ESTABLISHED);
    w.tsval = 200;
    w_data(&w, "x", P_REAL, P_REAL);
    w.tsval = 900;
    sp = spec(TCP_ACK | TCP_PSH, w.pseq, w.iss + 1 + 5000, "y", 1);
    w_send(&w, &sp, P_REAL);
    r = EXPECT(&w, TCP_ACK, w.pseq, P_REAL);
    CHECK(r.has_ts);
    CHECK_EQ(r.tsecr, 200);
    w.tsval = 300;
    w_data(&w, "z", P_REAL, P_REAL);
    w_fini(&w);
}

/* ------------------------------------------------------------ TCP-AO */

static void mkt_init(ilpc_ao_mkt *k, ilpc_ao_alg alg)
{
    unsigned i;
    memset(k, 0, sizeof *k);
    k->alg = alg;
    k->send_id = 3;
    k->recv_id = 3;
    k->key_len = 32;
    for (i = 0; i < 32; i++)
        k->key[i] = (uint8_t)(0xa0 + i);
}

/* The handshake and data, signed; unsigned and wrongly signed segments of
 * every kind dropped with no answer; a signed RST resets. */
static void test_ao_segments(ilpc_ao_alg alg)
{
    world w;
    ilpc_ao_mkt k;
    ilpc_tcp *c;
    seg_spec sp;
    char buf[64];
    mkt_init(&k, alg);
    w_init(&w, NULL, &k);
    CHECK_EQ(ilpc_tcp_listen(w.s, SRV_PORT, 8, &w.l), ILPC_OK);
    /* an unsigned SYN, a wrongly signed one: nothing */
    sp = spec(TCP_SYN, 4000, 0, NULL, 0);
    w_send(&w, &sp, P_REAL);
    sp.sign = -1;
    w_send(&w, &sp, P_REAL);
    EXPECT_NONE(&w);
    CHECK_EQ(ilpc_stack_conn_count(w.s), 1);
    w_open(&w, P_REAL, 5000, &c);
    {
        ilpc_tcp_options o;
        ilpc_tcp_get_options(c, &o);
        CHECK(o.tcp_ao);
    }
    w_data(&w, "signed", P_REAL, P_REAL);
    /* data unsigned, wrongly signed: dropped, no ACK, not delivered */
    sp = spec(TCP_ACK | TCP_PSH, w.pseq, w.iss + 1, "forged", 6);
    w_send(&w, &sp, P_REAL);
    sp.sign = -1;
    w_send(&w, &sp, P_REAL);
    EXPECT_NONE(&w);
    CHECK_EQ(read_all(c, buf, sizeof buf), 6);
    CHECK(!strcmp(buf, "signed"));
    CHECK_EQ(ilpc_tcp_get_stats(c)->ao_bad, 2);
    /* an RST at RCV.NXT, unsigned: ignored */
    sp = spec(TCP_RST, w.pseq, 0, NULL, 0);
    w_send(&w, &sp, P_REAL);
    EXPECT_NONE(&w);
    CHECK_EQ(ilpc_tcp_get_state(c), ILPC_TCP_ESTABLISHED);
    /* our data goes out signed (EXPECT checks the MAC) */
    CHECK_EQ(ilpc_tcp_send(c, "reply", 5), 5);
    EXPECT(&w, TCP_ACK | TCP_PSH, w.pseq, P_REAL);
    /* the same RST signed resets */
    sp.sign = 1;
    w_send(&w, &sp, P_REAL);
    CHECK_EQ(ilpc_tcp_error(c), ILPC_E_CONNRESET);
    w_fini(&w);
}
static void test_ao_hmac_sha1(void) { test_ao_segments(ILPC_AO_HMAC_SHA1_96); }
static void test_ao_aes_cmac(void) { test_ao_segments(ILPC_AO_AES128_CMAC_96); }

/* The peer's sequence numbers wrap: from the SNE 0 to 1 the stack follows
 * (and a segment signed with the wrong SNE is dropped). */
static void test_ao_receive_sne_wrap(void)
{
    world w;
    ilpc_ao_mkt k;
    ilpc_tcp *c;
    seg_spec sp;
    char buf[64];
    int i;
    mkt_init(&k, ILPC_AO_HMAC_SHA1_96);
    w_init(&w, NULL, &k);
    w_open(&w, P_REAL, 0xfffffff0u, &c);
    for (i = 0; i < 4; i++) { /* at 0xfffffff1, ...f6, ...fb, then 0 (the SNE 1) */
        w.ao_tx_sne = w.pseq < 0x80000000u ? 1 : 0;
        w_data(&w, "abcde", P_REAL, P_REAL);
    }
    CHECK_EQ(w.ao_tx_sne, 1);
    sp = spec(TCP_ACK | TCP_PSH, w.pseq, w.iss + 1, "wrong", 5);
    sp.sign = 1;
    w.ao_tx_sne = 0; /* the SNE of before the wrap */
    w_send(&w, &sp, P_REAL);
    EXPECT_NONE(&w);
    w.ao_tx_sne = 1;
    w_data(&w, "right", P_REAL, P_REAL);
    CHECK_EQ(read_all(c, buf, sizeof buf), 25);
    CHECK(!memcmp(buf + 20, "right", 5));
    w_fini(&w);
}

/* A signed segment never carries the checksum 0x0000.  Linux's TCP-AO (6.7 to 7.3
 * at least: tcp_ao_hash_pseudoheader) takes a received segment whose checksum field
 * is 0 for one of its own outgoing ones and puts the socket's addresses into the
 * MAC's pseudo-header in sending order, source and destination swapped: it drops
 * the segment as forged (TCPAOBad), about one in 65,536, and the sender has to
 * retransmit it (scripts/tcp-ao-linux-vm.py found it; docs/tcp-ao-linux.md).  Such a
 * segment carries 0xFFFF instead, the same sum in one's complement (RFC 1624's -0),
 * which verifies everywhere.  The stack sends one-byte segments, each acknowledged,
 * until one has that sum; its checksum and MAC must verify. */
static void test_ao_checksum_never_zero(void)
{
    world w;
    ilpc_ao_mkt k;
    ilpc_tcp *c;
    seg_spec sp;
    uint32_t snd;
    long i, found = -1;
    mkt_init(&k, ILPC_AO_HMAC_SHA1_96);
    w_init(&w, NULL, &k);
    w_open(&w, P_REAL, 5000, &c);
    snd = w.iss + 1;
    for (i = 0; i < 400000 && found < 0; i++) {
        uint8_t b = (uint8_t)(i * 7);
        const pkt *out;
        uint16_t field;
        if (ilpc_tcp_send(c, &b, 1) != 1 || w.t->out_n != 1) {
            CHECK(!"one segment per send");
            break;
        }
        out = &w.t->out[w.t->out_head];
        field = (uint16_t)(out->data[16] << 8 | out->data[17]);
        EXPECT(&w, TCP_ACK | TCP_PSH, w.pseq, P_REAL); /* checksum and MAC verify */
        if (field == 0) {
            CHECK(!"a signed segment with the checksum 0x0000");
            break;
        }
        if (field == 0xffff)
            found = i;
        snd++;
        sp = spec(TCP_ACK, w.pseq, snd, NULL, 0);
        sp.sign = 1;
        w_send(&w, &sp, P_REAL);
    }
    CHECK(found >= 0);
    CHECK_EQ(ilpc_tcp_get_stats(c)->retransmits, 0);
    w_fini(&w);
}

/* The send SNE around a wrap, retransmissions below it included. */
static void test_ao_send_sne(void)
{
    ilpc_tcp c;
    memset(&c, 0, sizeof c);
    c.ao_snd_ref = 0xfffffff0u;
    c.ao_snd_ext = 0xfffffff0u;
    CHECK_EQ(ilpc__ao_snd_sne(&c, 0xfffffff8u), 0);
    CHECK_EQ(ilpc__ao_snd_sne(&c, 0x00000010u), 1);
    CHECK_EQ(ilpc__ao_snd_sne(&c, 0xfffffffcu), 0); /* a retransmission from before the wrap */
    CHECK_EQ(ilpc__ao_snd_sne(&c, 0x80000000u), 1);
    CHECK_EQ(ilpc__ao_snd_sne(&c, 0xfffffff0u), 1);
    CHECK_EQ(ilpc__ao_snd_sne(&c, 0x00000004u), 2);
}

/* ------------------------------------------------------------ main */

typedef struct test_case {
    const char *name;
    void (*fn)(void);
    int needs_ao;
} test_case;
#define CASE(f) { #f, f, 0 }
#define AO_CASE(f) { #f, f, 1 }

static const test_case CASES[] = {
    CASE(test_two_peers_same_ports),
    CASE(test_blind_attacks),
    CASE(test_migration),
    CASE(test_challenge_given_up),
    CASE(test_challenge_answered),
    CASE(test_ack_check),
    CASE(test_challenge_ack_limit),
    CASE(test_rejected_segment_keeps_ts_recent),
    AO_CASE(test_ao_hmac_sha1),
    AO_CASE(test_ao_aes_cmac),
    AO_CASE(test_ao_receive_sne_wrap),
    AO_CASE(test_ao_checksum_never_zero),
    CASE(test_ao_send_sne),
};
#define NCASES (sizeof CASES / sizeof CASES[0])

int main(int argc, char **argv)
{
    size_t i;
    int a, ran = 0, skipped = 0;
    P_REAL = path_of(0xc0000201u, 40000);  /* 192.0.2.1 */
    P_NEW = path_of(0xc0000201u, 40001);   /* the same host, a new NAT mapping */
    P_EVIL = path_of(0xcb007107u, 31337);  /* 203.0.113.7 */
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
        if (!want)
            continue;
        if (CASES[i].needs_ao && !ilpc_ao_available()) {
            printf("%s: skipped (built without libcrypto)\n", CASES[i].name);
            skipped++;
            continue;
        }
        CASES[i].fn();
        ran++;
    }
    if (ran + skipped == 0 || (argc > 1 && ran + skipped != argc - 1)) {
        fprintf(stderr, "unknown test case\n");
        return 2;
    }
    printf("test_tcp_paths: %d cases (%d skipped), %d checks, %d failures\n", ran, skipped, checks, failures);
    return failures ? 1 : 0;
}
