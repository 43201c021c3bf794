/* ilpc_stack.c - a user-level TCP stack instance: demultiplexing on the
 * 4-tuple and the path, listeners and their accept queues, RSTs for segments
 * that match nothing, timers and the poll loop.
 *
 * Paths (docs/tcp.md, "Paths").  On a transport with outer paths (udp) a
 * connection is named by its 4-tuple and the path it was opened on, so two
 * peers behind different NATs that chose the same TCP ports are two
 * connections.  A segment with a connection's 4-tuple from another path is
 * offered to that connection only if it would accept it (sequence and
 * acknowledgment numbers, checksum, TCP-AO); the connection then validates
 * the new path with a challenge before it sends anything there.  Nothing is
 * ever answered at a path a connection has not validated, except an RST to a
 * segment that matches no connection, which goes back where it came from. */
#include "ilpc_tcp_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ addresses */

int ilpc_parse_ipv4(const char *s, uint32_t *ip)
{
    uint32_t v = 0;
    int part;
    for (part = 0; part < 4; part++) {
        unsigned n = 0, digits = 0;
        while (*s >= '0' && *s <= '9') {
            n = n * 10 + (unsigned)(*s - '0');
            if (++digits > 3 || n > 255)
                return -1;
            s++;
        }
        if (!digits)
            return -1;
        v = (v << 8) | n;
        if (part < 3) {
            if (*s != '.')
                return -1;
            s++;
        }
    }
    if (*s)
        return -1;
    *ip = v;
    return 0;
}

int ilpc_parse_hostport(const char *s, uint32_t *ip, uint16_t *port)
{
    char host[16];
    const char *colon = strrchr(s, ':');
    size_t hl;
    unsigned long p = 0;
    const char *q;
    if (!colon)
        return -1;
    hl = (size_t)(colon - s);
    if (hl == 0 || hl >= sizeof host)
        return -1;
    memcpy(host, s, hl);
    host[hl] = 0;
    if (strcmp(host, "localhost") == 0)
        strcpy(host, "127.0.0.1");
    if (ilpc_parse_ipv4(host, ip) < 0)
        return -1;
    q = colon + 1;
    if (!*q)
        return -1;
    for (; *q; q++) {
        if (*q < '0' || *q > '9')
            return -1;
        p = p * 10 + (unsigned long)(*q - '0');
        if (p > 65535)
            return -1;
    }
    *port = (uint16_t)p;
    return 0;
}

const char *ilpc_format_ipv4(uint32_t ip, char buf[16])
{
    unsigned a = ip >> 24, b = (ip >> 16) & 255, c = (ip >> 8) & 255, d = ip & 255;
    unsigned v[4] = { a, b, c, d };
    char *p = buf;
    int i;
    for (i = 0; i < 4; i++) {
        unsigned x = v[i];
        if (x >= 100)
            *p++ = (char)('0' + x / 100);
        if (x >= 10)
            *p++ = (char)('0' + (x / 10) % 10);
        *p++ = (char)('0' + x % 10);
        if (i < 3)
            *p++ = '.';
    }
    *p = 0;
    return buf;
}

uint64_t ilpc_transport_next_deadline(ilpc_transport *t)
{
    return t->ops->next_deadline ? t->ops->next_deadline(t) : NEVER;
}

void ilpc_transport_free(ilpc_transport *t)
{
    if (t)
        t->ops->destroy(t);
}

/* ------------------------------------------------------------ the stack */

static uint64_t splitmix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* SipHash under the stack's secret of a tag and up to five 32-bit words. */
static uint64_t keyed(const ilpc_stack *s, uint8_t tag, const uint32_t *w, int n)
{
    uint8_t b[1 + 5 * 4];
    int i;
    b[0] = tag;
    for (i = 0; i < n; i++)
        wr32(b + 1 + 4 * i, w[i]);
    return ilpc_siphash24(s->env.secret, b, 1 + 4 * (size_t)n);
}

void ilpc_stack_config_default(ilpc_stack_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    ilpc_tcp_config_default(&cfg->tcp);
    cfg->isn_seed = 0;
    cfg->ephemeral_lo = 49152;
    cfg->ephemeral_hi = 65535;
    cfg->max_conns = 1024;
}

ilpc_stack *ilpc_stack_new(ilpc_transport *t, ilpc_clock *clk, const ilpc_stack_config *cfg)
{
    ilpc_stack *s;
    if (!t)
        return NULL;
    s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->env.t = t;
    s->env.clk = clk ? clk : ilpc_clock_default();
    if (cfg)
        s->cfg = *cfg;
    else
        ilpc_stack_config_default(&s->cfg);
    if (s->cfg.ephemeral_lo == 0 || s->cfg.ephemeral_hi < s->cfg.ephemeral_lo) {
        s->cfg.ephemeral_lo = 49152;
        s->cfg.ephemeral_hi = 65535;
    }
    if (s->cfg.max_conns == 0)
        s->cfg.max_conns = 1024;
    s->env.now = ilpc_clock_now(s->env.clk);
    s->rxcap = ilpc_transport_rx_limit(t);
    s->rxbuf = malloc(s->rxcap);
    s->conns_cap = 16;
    s->conns = malloc(s->conns_cap * sizeof *s->conns);
    if (!s->rxbuf || !s->conns) {
        free(s->rxbuf);
        free(s->conns);
        free(s);
        return NULL;
    }
    /* The secret: from the configured seed (reproducible), else random, so that no
     * two runs share ISNs (they key the authenticated ciphers: ilpc_conn_keys) and
     * no one outside can predict an ISN, a port or a path challenge; else, if the
     * OS has no randomness to give, the clock and the stack's address. */
    if (s->cfg.isn_seed || ilpc_os_random(s->env.secret, sizeof s->env.secret) != 0) {
        uint64_t k0 = splitmix64(s->cfg.isn_seed ? s->cfg.isn_seed : s->env.now ^ (uint64_t)(uintptr_t)s);
        uint64_t k1 = splitmix64(k0);
        int i;
        for (i = 0; i < 8; i++) {
            s->env.secret[i] = (uint8_t)(k0 >> (8 * i));
            s->env.secret[8 + i] = (uint8_t)(k1 >> (8 * i));
        }
    }
    s->hmask = 63;
    s->htab = calloc(s->hmask + 1, sizeof *s->htab);
    if (!s->htab) {
        free(s->rxbuf);
        free(s->conns);
        free(s);
        return NULL;
    }
    return s;
}

void ilpc_stack_free(ilpc_stack *s)
{
    size_t i;
    if (!s)
        return;
    for (i = 0; i < s->nconns; i++)
        ilpc__tcp_free(s->conns[i]);
    free(s->conns);
    free(s->htab);
    free(s->rxbuf);
    free(s);
}

int ilpc_stack_set_tcp_ao(ilpc_stack *s, const ilpc_ao_mkt *mkt)
{
    if (!mkt) {
        s->env.ao_mkt = NULL;
        return ILPC_OK;
    }
    if (!ilpc_ao_available())
        return ILPC_E_NOTSUP;
    if (mkt->key_len < 1 || mkt->key_len > ILPC_AO_MAX_KEY_LEN || ilpc_ao_traffic_key_len(mkt->alg) == 0 ||
        mkt->exclude_options > 1)
        return ILPC_E_INVAL;
    s->ao_mkt = *mkt;
    s->env.ao_mkt = &s->ao_mkt;
    return ILPC_OK;
}

ilpc_clock *ilpc_stack_clock(ilpc_stack *s) { return s->env.clk; }
ilpc_transport *ilpc_stack_transport(ilpc_stack *s) { return s->env.t; }
const ilpc_tcp_stats *ilpc_stack_stats(const ilpc_stack *s) { return &s->env.stats; }
size_t ilpc_stack_conn_count(const ilpc_stack *s) { return s->nconns; }
void ilpc_stack_set_tcp_config(ilpc_stack *s, const ilpc_tcp_config *cfg) { s->cfg.tcp = *cfg; }

static uint64_t stack_now(ilpc_stack *s) { return ilpc__env_now(&s->env); }
uint64_t ilpc_stack_now(ilpc_stack *s) { return stack_now(s); }

/* The stack chooses every ISN before the connection is initialised: RFC
 * 6528's keyed function of the connection's identity (4-tuple and path) plus a
 * 4 us clock, and a counter so that a connection opened again at once differs. */
static uint32_t choose_isn(ilpc_stack *s, const ilpc_tcp *c)
{
    uint32_t w[5];
    w[0] = c->lip;
    w[1] = c->rip;
    w[2] = (uint32_t)c->lport << 16 | c->rport;
    w[3] = c->path.ip ^ ((uint32_t)c->path.port << 16);
    w[4] = (uint32_t)s->isn_ctr++;
    return (uint32_t)keyed(s, 'I', w, 5) + (uint32_t)(stack_now(s) / 4000u);
}

/* ---- the connection table: every connection in conns (timers walk it),
 * and in a hash chain by (local port, remote port, remote address); a
 * listener under (local port, 0, 0), which no connection has (port 0 is
 * malformed).  The hash is keyed: no one outside can aim at one chain. */

static size_t bucket(const ilpc_stack *s, uint16_t lport, uint16_t rport, uint32_t rip)
{
    uint32_t w[2];
    w[0] = (uint32_t)lport << 16 | rport;
    w[1] = rip;
    return (size_t)keyed(s, 'H', w, 2) & s->hmask;
}

static size_t conn_bucket(const ilpc_stack *s, const ilpc_tcp *c)
{
    return c->state == ILPC_TCP_LISTEN ? bucket(s, c->lport, 0, 0) : bucket(s, c->lport, c->rport, c->rip);
}

static void hash_insert(ilpc_stack *s, ilpc_tcp *c)
{
    size_t b = conn_bucket(s, c);
    c->hnext = s->htab[b];
    s->htab[b] = c;
}

static void hash_unlink(ilpc_stack *s, ilpc_tcp *c)
{
    ilpc_tcp **p = &s->htab[conn_bucket(s, c)];
    while (*p) {
        if (*p == c) {
            *p = c->hnext;
            break;
        }
        p = &(*p)->hnext;
    }
    c->hnext = NULL;
    if (s->last_hit == c)
        s->last_hit = NULL;
}

/* Twice the buckets when there are more connections than buckets. */
static void hash_grow(ilpc_stack *s)
{
    size_t nb = (s->hmask + 1) * 2, i;
    ilpc_tcp **t = calloc(nb, sizeof *t);
    if (!t)
        return; /* longer chains, still correct */
    free(s->htab);
    s->htab = t;
    s->hmask = nb - 1;
    for (i = 0; i < s->nconns; i++)
        hash_insert(s, s->conns[i]);
}

/* Enter c, whose 4-tuple (or, for a listener, local port and state) is set. */
static int add_conn(ilpc_stack *s, ilpc_tcp *c)
{
    if (s->nconns >= s->cfg.max_conns)
        return -1;
    if (s->nconns == s->conns_cap) {
        size_t cap = s->conns_cap * 2;
        ilpc_tcp **n = realloc(s->conns, cap * sizeof *n);
        if (!n)
            return -1;
        s->conns = n;
        s->conns_cap = cap;
    }
    c->idx = s->nconns;
    s->conns[s->nconns++] = c;
    hash_insert(s, c);
    if (s->nconns > s->hmask + 1)
        hash_grow(s);
    return 0;
}

static void stack_remove(ilpc_stack *s, ilpc_tcp *c)
{
    size_t i = c->idx;
    if (i >= s->nconns || s->conns[i] != c)
        return;
    /* detach from a listener that still counts it */
    if (c->listener) {
        ilpc_tcp *l = c->listener;
        if (c->in_acceptq) {
            int k, n = l->acc_n, w = 0;
            ilpc_tcp **q = l->acceptq;
            for (k = 0; k < n; k++) {
                ilpc_tcp *x = q[(l->acc_head + k) % l->backlog];
                if (x != c)
                    q[(l->acc_head + w++) % l->backlog] = x;
            }
            l->acc_n = w;
            c->in_acceptq = 0;
        }
        l->n_children--;
        c->listener = NULL;
    }
    hash_unlink(s, c);
    s->nconns--;
    if (i != s->nconns) {
        s->conns[i] = s->conns[s->nconns];
        s->conns[i]->idx = i;
    }
    c->idx = (size_t)-1;
}

static void child_established(ilpc_tcp *c)
{
    ilpc_tcp *l = c->listener;
    if (!l || c->in_acceptq)
        return;
    l->acceptq[(l->acc_head + l->acc_n) % l->backlog] = c;
    l->acc_n++;
    c->in_acceptq = 1;
}

static void child_gone(ilpc_tcp *c)
{
    /* a pending child died before being accepted: it stops counting against
     * the backlog now, and is reaped (it has no application owner) */
    ilpc_tcp *l = c->listener;
    if (l && !c->in_acceptq) {
        l->n_children--;
        c->listener = NULL;
    }
}

/* Act on what a connection reported. */
static void handle_events(ilpc_stack *s, ilpc_tcp *c, unsigned ev)
{
    (void)s;
    if (ev & ILPC_TCP_EV_CHILD_ESTABLISHED)
        child_established(c);
    if (ev & ILPC_TCP_EV_CHILD_GONE)
        child_gone(c);
}

/* A connection in a state where its peer may move to another path: it was
 * synchronised and is not yet closing down for good. */
static int may_migrate(const ilpc_tcp *c)
{
    return c->state >= ILPC_TCP_ESTABLISHED && c->state != ILPC_TCP_TIME_WAIT;
}

#define MAX_CANDIDATES 8

/* The connection a segment belongs to: the one with its 4-tuple and, on a
 * transport with outer paths, its path.  Else NULL, with up to
 * MAX_CANDIDATES connections of its 4-tuple on other paths in cand[]. */
static ilpc_tcp *lookup(ilpc_stack *s, const ilpc_seg *sg, ilpc_tcp **cand, int *ncand)
{
    int outer = s->env.t->outer_paths;
    ilpc_tcp *c = s->last_hit;
    *ncand = 0;
    if (c && c->lport == sg->dport && c->rport == sg->sport && c->rip == sg->src_ip && c->lip == sg->dst_ip &&
        c->state != ILPC_TCP_LISTEN && c->state != ILPC_TCP_CLOSED && (!outer || ilpc_path_same(&c->path, &sg->path)))
        return c;
    for (c = s->htab[bucket(s, sg->dport, sg->sport, sg->src_ip)]; c; c = c->hnext) {
        if (c->lport != sg->dport || c->rport != sg->sport || c->rip != sg->src_ip || c->lip != sg->dst_ip ||
            c->state == ILPC_TCP_LISTEN || c->state == ILPC_TCP_CLOSED)
            continue;
        if (!outer || ilpc_path_same(&c->path, &sg->path)) {
            s->last_hit = c;
            return c;
        }
        if (may_migrate(c) && *ncand < MAX_CANDIDATES)
            cand[(*ncand)++] = c;
    }
    return NULL;
}

/* Is there a connection (not a listener) with this 4-tuple on this path? */
static int tuple_in_use(ilpc_stack *s, uint32_t lip, uint16_t lport, uint32_t rip, uint16_t rport,
                        const ilpc_path *path)
{
    ilpc_tcp *c;
    for (c = s->htab[bucket(s, lport, rport, rip)]; c; c = c->hnext)
        if (c->lport == lport && c->rport == rport && c->rip == rip && c->lip == lip &&
            c->state != ILPC_TCP_LISTEN && c->state != ILPC_TCP_CLOSED &&
            (!s->env.t->outer_paths || ilpc_path_same(&c->path, path)))
            return 1;
    return 0;
}

static ilpc_tcp *find_listener(ilpc_stack *s, uint16_t lport)
{
    ilpc_tcp *c;
    for (c = s->htab[bucket(s, lport, 0, 0)]; c; c = c->hnext)
        if (c->state == ILPC_TCP_LISTEN && c->lport == lport)
            return c;
    return NULL;
}

static int port_in_use(ilpc_stack *s, uint16_t port)
{
    size_t i;
    for (i = 0; i < s->nconns; i++)
        if (s->conns[i]->lport == port)
            return 1;
    return 0;
}

/* ------------------------------------------------------------- segments */

/* RFC 9293 3.10.7.1: the reply of a CLOSED port, back along the path the
 * segment came from (and nowhere else). */
static void send_rst_for(ilpc_stack *s, const ilpc_seg *sg)
{
    if (sg->flags & TCP_RST)
        return;
    s->env.stats.rst_out++;
    if (sg->flags & TCP_ACK)
        ilpc__tcp_send_rst(&s->env, sg->dst_ip, sg->dport, sg->src_ip, sg->sport, &sg->path, sg->ack, 0, 0);
    else
        ilpc__tcp_send_rst(&s->env, sg->dst_ip, sg->dport, sg->src_ip, sg->sport, &sg->path, 0,
                           sg->seq + (uint32_t)sg->len + ((sg->flags & TCP_SYN) ? 1u : 0u) +
                               ((sg->flags & TCP_FIN) ? 1u : 0u),
                           1);
}

static void listen_input(ilpc_stack *s, ilpc_tcp *l, const ilpc_seg *sg)
{
    ilpc_tcp *c;
    TSTAT(l, seg_in);
    if (sg->flags & TCP_RST)
        return;
    if (sg->flags & TCP_ACK) {
        ilpc__tcp_send_rst(&s->env, sg->dst_ip, sg->dport, sg->src_ip, sg->sport, &sg->path, sg->ack, 0, 0);
        TSTAT(l, rst_out);
        return;
    }
    if (!(sg->flags & TCP_SYN) || l->n_children >= l->backlog) {
        TSTAT(l, dropped);
        return;
    }
    if (s->env.ao_mkt && !ilpc__ao_verify_syn(s->env.ao_mkt, sg)) {
        TSTAT(l, ao_bad); /* RFC 5925 7.5: dropped without an answer */
        return;
    }
    c = ilpc__tcp_new(&s->env, &s->cfg.tcp, 1); /* buffers sized by the stack's current defaults */
    if (!c) {
        TSTAT(l, dropped);
        return;
    }
    c->lip = sg->dst_ip;
    c->lport = sg->dport;
    c->rip = sg->src_ip;
    c->rport = sg->sport;
    c->path = sg->path;
    c->stack = s;
    c->cfg = l->cfg;
    c->listener = l;
    c->passive = 1;
    c->state = ILPC_TCP_SYN_RECEIVED; /* hashed as a connection, not as a listener */
    if (add_conn(s, c) < 0) {
        c->listener = NULL;
        ilpc__tcp_free(c);
        TSTAT(l, dropped);
        return;
    }
    l->n_children++;
    ilpc__tcp_init_passive(c, sg, choose_isn(s, c));
    ilpc__tcp_output(c);
}

/* ------------------------------------------------------------ invariants */

#ifdef ILPC_TCP_INVARIANTS

static void inv_fail(const ilpc_tcp *c, const char *what, int line)
{
    fprintf(stderr, "ilpc_stack.c:%d: TCP invariant does not hold (%s, port %u): %s\n", line,
            c ? ilpc_tcp_state_name(c->state) : "stack", c ? (unsigned)c->lport : 0u, what);
    abort();
}
#define INV(c, cond) ((cond) ? (void)0 : inv_fail((c), #cond, __LINE__))

static void ring_check(const ilpc_tcp *c, const ilpc_ring *r)
{
    if (r->buf == NULL)
        return;
    INV(c, r->len <= r->cap);
    INV(c, r->head < r->cap);
}

static void conn_check(const ilpc_tcp *c)
{
    unsigned i;
    INV(c, (unsigned)c->state <= (unsigned)ILPC_TCP_TIME_WAIT);
    ring_check(c, &c->tx);
    ring_check(c, &c->rx);
    INV(c, c->tx_reserved <= c->tx.cap);
    INV(c, c->desc.cnt <= c->desc.cap);
    if (c->state == ILPC_TCP_LISTEN) {
        INV(c, c->acc_n >= 0 && c->acc_n <= c->n_children && c->n_children <= c->backlog);
        return;
    }
    if (c->state == ILPC_TCP_CLOSED)
        return;
    /* send sequence space: una <= nxt <= max, and what is unacknowledged is in the
     * ring (plus the SYN before it and the FIN after it) */
    INV(c, seq_le(c->snd_una, c->snd_nxt));
    INV(c, seq_le(c->snd_nxt, c->snd_max));
    INV(c, seq_le(c->snd_max, c->tx_base + (uint32_t)c->tx.len + 1u));
    INV(c, seq_le(c->tx_base, c->snd_una + 1u));
    INV(c, c->sb.n <= TCP_SB_MAX);
    for (i = 0; i < c->sb.n; i++) {
        INV(c, seq_lt(c->sb.r[i].start, c->sb.r[i].end));
        INV(c, seq_le(c->sb.r[i].end, c->snd_max));
    }
    if (c->state == ILPC_TCP_SYN_SENT)
        return;
    /* receive: in-order bytes and the out-of-order ranges after them fit the buffer,
     * ranges sorted and apart */
    INV(c, c->ooo_n <= c->cfg.ooo_ranges);
    for (i = 0; i < c->ooo_n; i++) {
        INV(c, c->ooo[i].start < c->ooo[i].end);
        INV(c, c->ooo[i].end <= c->rx.cap - c->rx.len);
        INV(c, i == 0 || c->ooo[i - 1].end < c->ooo[i].start);
    }
}

void ilpc_stack_check(const ilpc_stack *s)
{
    size_t i;
    INV(NULL, s->nconns <= s->conns_cap);
    for (i = 0; i < s->nconns; i++) {
        INV(s->conns[i], s->conns[i]->idx == i);
        conn_check(s->conns[i]);
    }
}
#define STACK_CHECK(s) ilpc_stack_check(s)
#else
void ilpc_stack_check(const ilpc_stack *s) { (void)s; }
#define STACK_CHECK(s) ((void)0)
#endif

/* Offer a segment from a new path to the connections of its 4-tuple on
 * other paths: the one that would accept it takes it (and validates the
 * path before it sends anything there).  None, or more than one: dropped
 * without a reply. */
static void migrate_input(ilpc_stack *s, ilpc_seg *sg, ilpc_tcp **cand, int ncand)
{
    ilpc_tcp *c = NULL;
    int i, n = 0;
    for (i = 0; i < ncand; i++)
        if (ilpc__tcp_acceptable_on_new_path(cand[i], sg)) {
            c = cand[i];
            n++;
        }
    if (n != 1) {
        s->env.stats.new_path_dropped++;
        return;
    }
    sg->new_path = 1;
    {
        unsigned ev = ilpc__tcp_input(c, sg);
        ilpc__tcp_output(c);
        handle_events(s, c, ev);
    }
}

void ilpc_stack_input_from(ilpc_stack *s, uint32_t src_ip, uint32_t dst_ip, const ilpc_path *path,
                           const uint8_t *buf, size_t len)
{
    ilpc_seg sg;
    ilpc_tcp *c, *cand[MAX_CANDIDATES];
    int ncand;
    stack_now(s);
    if (ilpc_tcp_wire_parse(&sg, src_ip, dst_ip, buf, len, ilpc_transport_rx_limit(s->env.t)) < 0) {
        s->env.stats.malformed++;
        return;
    }
    if (s->env.t->outer_paths && path)
        sg.path = *path;
    c = lookup(s, &sg, cand, &ncand);
    if (c) {
        unsigned ev = ilpc__tcp_input(c, &sg);
        ilpc__tcp_output(c);
        handle_events(s, c, ev);
        if (ilpc__tcp_reapable(c)) {
            stack_remove(s, c);
            ilpc__tcp_free(c);
        }
        STACK_CHECK(s);
        return;
    }
    if (ncand && (sg.flags & (TCP_SYN | TCP_ACK)) != TCP_SYN) {
        /* the 4-tuple of connections on other paths, and not a new one */
        migrate_input(s, &sg, cand, ncand);
        STACK_CHECK(s);
        return;
    }
    if (!ilpc__seg_csum_ok(&sg)) {
        s->env.stats.bad_csum++;
        return;
    }
    c = find_listener(s, sg.dport);
    if (c) {
        listen_input(s, c, &sg);
        STACK_CHECK(s);
        return;
    }
    s->env.stats.dropped++;
    send_rst_for(s, &sg);
    STACK_CHECK(s);
}

void ilpc_stack_input(ilpc_stack *s, uint32_t src_ip, uint32_t dst_ip, const uint8_t *buf, size_t len)
{
    ilpc_stack_input_from(s, src_ip, dst_ip, NULL, buf, len);
}

/* ------------------------------------------------------------ event loop */

int ilpc_stack_fd(ilpc_stack *s) { return ilpc_transport_fd(s->env.t); }

uint64_t ilpc_stack_next_deadline_ns(ilpc_stack *s)
{
    uint64_t d = ilpc_transport_next_deadline(s->env.t);
    size_t i;
    for (i = 0; i < s->nconns; i++) {
        uint64_t x = ilpc__tcp_deadline(s->conns[i]);
        if (x < d)
            d = x;
    }
    return d;
}

/* The transport failed (e.g. the peer of a point-to-point link died): every
 * connection with a peer fails now with err, as set_closed in ilpc_tcp.c
 * would, instead of waiting for its retransmissions to time out.  Listeners
 * (the transport may accept a new peer) and TIME-WAIT are left alone. */
static void fail_conns(ilpc_stack *s, int err)
{
    size_t i;
    for (i = 0; i < s->nconns; i++) {
        ilpc_tcp *c = s->conns[i];
        if (c->state == ILPC_TCP_LISTEN || c->state == ILPC_TCP_CLOSED || c->state == ILPC_TCP_TIME_WAIT)
            continue;
        ilpc__tcp_set_closed(c, err);
        handle_events(s, c, ilpc__tcp_take_events(c));
    }
}

int ilpc_stack_poll(ilpc_stack *s, uint64_t now_ns)
{
    int n = 0, budget = 4096;
    size_t i;
    if (now_ns > s->env.now)
        s->env.now = now_ns;
    s->env.in_poll = 1;
    while (budget-- > 0) {
        uint32_t src, dst;
        ilpc_path path;
        const uint8_t *seg = s->rxbuf;
        int r = s->env.t->ops->recv_ref ? s->env.t->ops->recv_ref(s->env.t, &src, &dst, &path, &seg)
                                        : ilpc_transport_recv_from(s->env.t, &src, &dst, &path, s->rxbuf, s->rxcap);
        if (r < 0) {
            s->env.in_poll = 0;
            ilpc_transport_flush(s->env.t);
            fail_conns(s, ILPC_E_IO);
            return r;
        }
        if (r == 0)
            break;
        ilpc_stack_input_from(s, src, dst, &path, seg, (size_t)r);
        n++;
    }
    for (i = 0; i < s->nconns;) {
        ilpc_tcp *c = s->conns[i];
        if (ilpc__tcp_deadline(c) <= s->env.now) {
            unsigned ev = ilpc__tcp_timers(c);
            if (ev & ILPC_TCP_EV_OUTPUT)
                ilpc__tcp_output(c);
            handle_events(s, c, ev);
        }
        if (ilpc__tcp_reapable(c)) {
            stack_remove(s, c);
            ilpc__tcp_free(c);
            continue;
        }
        i++;
    }
    s->env.in_poll = 0;
    {
        int r = ilpc_transport_flush(s->env.t);
        if (r < 0) {
            fail_conns(s, ILPC_E_IO);
            return r;
        }
    }
    STACK_CHECK(s);
    return n;
}

void ilpc_stack_wait(ilpc_stack *s, uint64_t deadline_ns)
{
    uint64_t now = stack_now(s), target = ilpc_stack_next_deadline_ns(s);
    if (deadline_ns < target)
        target = deadline_ns;
    if (target <= now)
        return;
    if (ilpc_clock_is_virtual(s->env.clk)) {
        if (target != NEVER)
            ilpc_clock_set(s->env.clk, target);
        return;
    }
    if (s->env.t->ops->wait)
        s->env.t->ops->wait(s->env.t, target == NEVER ? NEVER : target - now);
}

/* -------------------------------------------------------- open / accept */

/* An ephemeral port no connection uses: RFC 6056's first algorithm, random
 * tries (from the keyed function, so unpredictable from outside), then a
 * sweep of the range.  0 if every port is taken. */
static uint16_t ephemeral_port(ilpc_stack *s)
{
    uint32_t range = (uint32_t)s->cfg.ephemeral_hi - s->cfg.ephemeral_lo + 1u, k, start = 0;
    for (k = 0; k < 16 + range; k++) {
        uint32_t off;
        uint16_t p;
        if (k < 16) {
            uint32_t w = s->next_eph++;
            off = (uint32_t)keyed(s, 'P', &w, 1) % range;
            if (k == 15)
                start = off;
        } else {
            off = (start + (k - 16)) % range;
        }
        p = (uint16_t)(s->cfg.ephemeral_lo + off);
        if (!port_in_use(s, p))
            return p;
    }
    return 0;
}

int ilpc_tcp_connect(ilpc_stack *s, uint32_t remote_ip, uint16_t remote_port, uint16_t local_port, ilpc_tcp **out)
{
    ilpc_tcp *c;
    ilpc_path path;
    *out = NULL;
    /* remote_ip 0 only on a transport whose own address is 0 too (udp: the
     * connection is named by its ports and its path, the default peer's) */
    if (remote_port == 0 || (remote_ip == 0 && s->env.t->local_ip != 0))
        return ILPC_E_INVAL;
    if (!s->env.t->ops->default_path || s->env.t->ops->default_path(s->env.t, remote_port, &path) < 0)
        ilpc_path_of_addresses(&path, remote_ip, s->env.t->local_ip);
    if (local_port == 0) {
        local_port = ephemeral_port(s);
        if (local_port == 0)
            return ILPC_E_ADDRINUSE;
    } else if (tuple_in_use(s, s->env.t->local_ip, local_port, remote_ip, remote_port, &path) ||
               find_listener(s, local_port)) {
        return ILPC_E_ADDRINUSE;
    }
    c = ilpc__tcp_new(&s->env, &s->cfg.tcp, 1);
    if (!c)
        return ILPC_E_NOMEM;
    c->stack = s;
    c->lip = s->env.t->local_ip;
    c->lport = local_port;
    c->rip = remote_ip;
    c->rport = remote_port;
    c->path = path;
    c->state = ILPC_TCP_SYN_SENT; /* hashed as a connection, not as a listener */
    if (add_conn(s, c) < 0) {
        ilpc__tcp_free(c);
        return ILPC_E_NOMEM;
    }
    c->app_owned = 1;
    stack_now(s);
    ilpc__tcp_init_active(c, choose_isn(s, c));
    ilpc__tcp_output(c);
    *out = c;
    return ILPC_OK;
}

int ilpc_tcp_listen(ilpc_stack *s, uint16_t local_port, int backlog, ilpc_tcp **out)
{
    ilpc_tcp *l;
    *out = NULL;
    if (local_port == 0)
        return ILPC_E_INVAL;
    if (find_listener(s, local_port))
        return ILPC_E_ADDRINUSE;
    if (backlog < 1)
        backlog = 1;
    if (backlog > 1024)
        backlog = 1024;
    l = ilpc__tcp_new(&s->env, &s->cfg.tcp, 0);
    if (!l)
        return ILPC_E_NOMEM;
    l->stack = s;
    l->backlog = backlog;
    l->lip = s->env.t->local_ip;
    l->lport = local_port;
    l->state = ILPC_TCP_LISTEN;
    l->acceptq = calloc((size_t)backlog, sizeof *l->acceptq);
    if (!l->acceptq || add_conn(s, l) < 0) {
        ilpc__tcp_free(l);
        return ILPC_E_NOMEM;
    }
    l->app_owned = 1;
    *out = l;
    return ILPC_OK;
}

int ilpc_tcp_accept(ilpc_tcp *l, ilpc_tcp **out)
{
    ilpc_tcp *c;
    *out = NULL;
    if (l->state != ILPC_TCP_LISTEN)
        return ILPC_E_INVAL;
    if (l->acc_n == 0)
        return ILPC_E_AGAIN;
    c = l->acceptq[l->acc_head];
    l->acc_head = (l->acc_head + 1) % l->backlog;
    l->acc_n--;
    l->n_children--;
    c->in_acceptq = 0;
    c->listener = NULL;
    c->app_owned = 1;
    *out = c;
    return ILPC_OK;
}

int ilpc_tcp_accept_wait(ilpc_tcp *l, ilpc_tcp **out, uint64_t timeout_ns)
{
    ilpc_stack *s = l->stack;
    uint64_t start = stack_now(s);
    uint64_t deadline = timeout_ns == NEVER || start + timeout_ns < start ? NEVER : start + timeout_ns;
    for (;;) {
        int r;
        ilpc_stack_poll(s, stack_now(s));
        r = ilpc_tcp_accept(l, out);
        if (r != ILPC_E_AGAIN)
            return r;
        if (stack_now(s) >= deadline)
            return ILPC_E_TIMEDOUT;
        if (ilpc_clock_is_virtual(s->env.clk) && deadline == NEVER && ilpc_stack_next_deadline_ns(s) == NEVER)
            return ILPC_E_TIMEDOUT;
        ilpc_stack_wait(s, deadline);
    }
}

/* -------------------------------------------------------- close / abort */

static void close_listener(ilpc_tcp *l)
{
    ilpc_stack *s = l->stack;
    size_t i = 0;
    while (i < s->nconns) {
        ilpc_tcp *ch = s->conns[i];
        if (ch->listener == l && !ch->app_owned) {
            ilpc__tcp_abort_rst(ch);
            stack_remove(s, ch);
            ilpc__tcp_free(ch);
            continue; /* the table was compacted into slot i */
        }
        i++;
    }
    stack_remove(s, l);
    ilpc__tcp_free(l);
}

void ilpc_tcp_abort(ilpc_tcp *c)
{
    if (c->state == ILPC_TCP_LISTEN) {
        close_listener(c);
        return;
    }
    ilpc__tcp_abort_rst(c);
    stack_remove(c->stack, c);
    ilpc__tcp_free(c);
}

void ilpc_tcp_close(ilpc_tcp *c)
{
    if (c->state == ILPC_TCP_LISTEN) {
        close_listener(c);
        return;
    }
    if (ilpc__tcp_close_begin(c)) {
        stack_remove(c->stack, c);
        ilpc__tcp_free(c);
    }
}
