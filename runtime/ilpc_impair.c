/* ilpc_impair.c - seeded loss/duplication/reordering/delay/corruption/tampering/forgery. */
#include "ilpc_csum.h"
#include "ilpc_impair.h"
#include "ilpc_tcp.h"

#include <stdlib.h>
#include <string.h>

typedef struct held {
    uint64_t at; /* release time */
    uint64_t order;
    uint32_t src, dst;
    ilpc_path path;
    size_t len;
    uint8_t *data;
} held;

typedef struct impair {
    ilpc_transport base;
    ilpc_transport *inner;
    ilpc_clock *clk;
    ilpc_impair_config cfg;
    uint64_t rng;
    uint64_t order;
    held *q;
    size_t qn;
    uint8_t *scratch;
    size_t scratch_cap;
    uint8_t *forge_buf; /* a forgery being made (forge), scratch_cap bytes */
    size_t forge_cap;
    ilpc_impair_stats st;
} impair;

void ilpc_impair_config_default(ilpc_impair_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->seed = 1;
    cfg->delay_ns = 50 * ILPC_NS_PER_MS;
    cfg->reorder_ns = 5 * ILPC_NS_PER_MS;
    cfg->limit = 4096;
}

static int parse_prob(const char *v, double *out)
{
    char *end;
    double d = strtod(v, &end);
    if (end == v || (*end && *end != ',') || !(d >= 0.0 && d <= 1.0))
        return -1;
    *out = d;
    return 0;
}

static int parse_u64(const char *v, uint64_t *out)
{
    char *end;
    unsigned long long x;
    if (*v < '0' || *v > '9')
        return -1;
    x = strtoull(v, &end, 10);
    if (*end && *end != ',')
        return -1;
    *out = (uint64_t)x;
    return 0;
}

int ilpc_impair_parse(const char *spec, ilpc_impair_config *cfg)
{
    const char *p = spec;
    while (p && *p) {
        const char *eq = strchr(p, '='), *comma;
        char key[32];
        size_t kl;
        uint64_t u;
        int r;
        if (!eq)
            return -1;
        kl = (size_t)(eq - p);
        if (kl == 0 || kl >= sizeof key)
            return -1;
        memcpy(key, p, kl);
        key[kl] = 0;
        eq++;
        if (!strcmp(key, "loss"))
            r = parse_prob(eq, &cfg->loss);
        else if (!strcmp(key, "dup"))
            r = parse_prob(eq, &cfg->dup);
        else if (!strcmp(key, "reorder"))
            r = parse_prob(eq, &cfg->reorder);
        else if (!strcmp(key, "delay"))
            r = parse_prob(eq, &cfg->delay);
        else if (!strcmp(key, "corrupt"))
            r = parse_prob(eq, &cfg->corrupt);
        else if (!strcmp(key, "tamper"))
            r = parse_prob(eq, &cfg->tamper);
        else if (!strcmp(key, "forge"))
            r = parse_prob(eq, &cfg->forge);
        else if (!strcmp(key, "seed"))
            r = parse_u64(eq, &cfg->seed);
        else if (!strcmp(key, "latency_ms") && !(r = parse_u64(eq, &u)))
            cfg->latency_ns = u * ILPC_NS_PER_MS;
        else if (!strcmp(key, "delay_ms") && !(r = parse_u64(eq, &u)))
            cfg->delay_ns = u * ILPC_NS_PER_MS;
        else if (!strcmp(key, "reorder_ms") && !(r = parse_u64(eq, &u)))
            cfg->reorder_ns = u * ILPC_NS_PER_MS;
        else if (!strcmp(key, "limit") && !(r = parse_u64(eq, &u)))
            cfg->limit = (size_t)u;
        else
            r = -1;
        if (r)
            return -1;
        comma = strchr(eq, ',');
        p = comma ? comma + 1 : NULL;
    }
    return 0;
}

static uint64_t rnd(impair *m)
{
    /* xorshift64* */
    uint64_t x = m->rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    m->rng = x;
    return x * 0x2545f4914f6cdd1dull;
}

static double rnd01(impair *m) { return (double)(rnd(m) >> 11) * (1.0 / 9007199254740992.0); }
static int roll(impair *m, double p) { return p > 0.0 && rnd01(m) < p; }

/* the held segments form a binary min-heap on (release time, arrival order),
 * so equal release times keep their arrival order */
static int held_before(const held *a, const held *b)
{
    return a->at < b->at || (a->at == b->at && a->order < b->order);
}

static void heap_up(held *q, size_t i)
{
    while (i > 0) {
        size_t p = (i - 1) / 2;
        held t;
        if (!held_before(&q[i], &q[p]))
            break;
        t = q[i];
        q[i] = q[p];
        q[p] = t;
        i = p;
    }
}

static void heap_down(held *q, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        held t;
        if (l < n && held_before(&q[l], &q[m]))
            m = l;
        if (r < n && held_before(&q[r], &q[m]))
            m = r;
        if (m == i)
            break;
        t = q[i];
        q[i] = q[m];
        q[m] = t;
        i = m;
    }
}

/* Tampering: one bit of the TCP payload of seg (a TCP header and its payload)
 * flipped, and the checksum field updated incrementally (RFC 1624, eqn. 3) so
 * that the segment still verifies.  Segments without payload are left alone. */
static void tamper(impair *m, uint8_t *seg, size_t len)
{
    size_t hl = len >= 20 ? (size_t)(seg[12] >> 4) * 4u : len, at, w;
    uint32_t old, now, sum;
    if (hl < 20 || hl >= len)
        return;
    at = hl + (size_t)(rnd(m) % (len - hl));
    w = at & ~(size_t)1; /* the 16-bit word holding the byte; the segment starts a word */
    old = (uint32_t)seg[w] << 8 | (w + 1 < len ? seg[w + 1] : 0u);
    seg[at] ^= (uint8_t)(1u << (rnd(m) % 8));
    now = (uint32_t)seg[w] << 8 | (w + 1 < len ? seg[w + 1] : 0u);
    /* HC' = ~(~HC + ~m + m') in one's complement arithmetic */
    sum = (~((uint32_t)seg[16] << 8 | seg[17]) & 0xffffu) + (~old & 0xffffu) + now;
    sum = (sum & 0xffffu) + (sum >> 16);
    sum = (sum & 0xffffu) + (sum >> 16);
    sum = ~sum & 0xffffu;
    seg[16] = (uint8_t)(sum >> 8);
    seg[17] = (uint8_t)sum;
    m->st.tampered++;
}

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The TCP checksum of seg (len bytes) with the pseudo-header src, dst. */
static void fix_checksum(uint8_t *seg, size_t len, uint32_t src, uint32_t dst)
{
    uint8_t ph[12];
    uint64_t acc;
    ph[0] = (uint8_t)(src >> 24), ph[1] = (uint8_t)(src >> 16), ph[2] = (uint8_t)(src >> 8), ph[3] = (uint8_t)src;
    ph[4] = (uint8_t)(dst >> 24), ph[5] = (uint8_t)(dst >> 16), ph[6] = (uint8_t)(dst >> 8), ph[7] = (uint8_t)dst;
    ph[8] = 0;
    ph[9] = 6;
    put16(ph + 10, (uint32_t)len);
    seg[16] = seg[17] = 0;
    acc = ilpc_csum_add_bytes(ilpc_csum_add_bytes(0, ph, sizeof ph), seg, len);
    put16(seg + 16, (uint16_t)~ilpc_csum_fold(acc));
}

/* A forgery made from seg by an attacker who sees it, into out (at least len
 * bytes): an RST at its sequence number, its data with one bit flipped, or an
 * ACK of what it acknowledges plus up to 64 KiB.  Its length, 0 if none. */
static size_t forgery(impair *m, const uint8_t *seg, size_t len, uint32_t src, uint32_t dst, uint8_t *out)
{
    size_t hl = len >= 20 ? (size_t)(seg[12] >> 4) * 4u : 0, n;
    unsigned kind = (unsigned)(rnd(m) % 3u);
    if (hl < 20 || hl > len || (seg[13] & 0x07u))
        return 0; /* not a plain segment of a synchronised connection */
    if (kind == 1 && hl == len)
        kind = 2; /* no data to alter */
    if (kind == 1) {
        memcpy(out, seg, len);
        out[hl + (size_t)(rnd(m) % (len - hl))] ^= (uint8_t)(1u << (rnd(m) % 8));
        n = len;
    } else {
        memcpy(out, seg, 20);
        out[12] = 5u << 4;
        if (kind == 0) {
            out[13] = 0x04u; /* RST at the sequence number the receiver expects */
            memset(out + 8, 0, 4);
        } else {
            uint32_t ack = get32(seg + 8) + 1u + (uint32_t)(rnd(m) % 65536u);
            out[13] = 0x10u;
            out[8] = (uint8_t)(ack >> 24), out[9] = (uint8_t)(ack >> 16), out[10] = (uint8_t)(ack >> 8);
            out[11] = (uint8_t)ack;
        }
        n = 20;
    }
    fix_checksum(out, n, src, dst);
    m->st.forged++;
    return n;
}

static void enqueue(impair *m, uint32_t src, uint32_t dst, const ilpc_path *path, const uint8_t *data, size_t len,
                    uint64_t now)
{
    held *h;
    if (m->qn >= m->cfg.limit) {
        m->st.overflow++;
        return;
    }
    h = &m->q[m->qn];
    h->data = malloc(len);
    if (!h->data) {
        m->st.overflow++;
        return;
    }
    memcpy(h->data, data, len);
    h->len = len;
    h->src = src;
    h->dst = dst;
    h->path = *path;
    h->order = m->order++;
    h->at = now + m->cfg.latency_ns;
    if (roll(m, m->cfg.corrupt) && len) {
        uint64_t bit = rnd(m) % (len * 8);
        h->data[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        m->st.corrupted++;
    }
    if (roll(m, m->cfg.tamper))
        tamper(m, h->data, len);
    if (roll(m, m->cfg.delay)) {
        h->at += m->cfg.delay_ns ? rnd(m) % m->cfg.delay_ns + 1 : 0;
        m->st.delayed++;
    }
    if (roll(m, m->cfg.reorder)) {
        h->at += m->cfg.reorder_ns ? rnd(m) % m->cfg.reorder_ns + 1 : 0;
        m->st.reordered++;
    }
    heap_up(m->q, m->qn++);
}

static int imp_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_path *to, const ilpc_iov *iov,
                    int iovcnt)
{
    impair *m = (impair *)t;
    return ilpc_transport_send_to(m->inner, src, dst, to, iov, iovcnt);
}

static int imp_default_path(ilpc_transport *t, uint16_t remote_port, ilpc_path *p)
{
    impair *m = (impair *)t;
    return m->inner->ops->default_path ? m->inner->ops->default_path(m->inner, remote_port, p) : -1;
}

static int imp_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, uint8_t *buf, size_t cap)
{
    impair *m = (impair *)t;
    uint64_t now = ilpc_clock_now(m->clk);
    int budget = 4096;
    /* pull everything the wrapped transport has and roll the dice */
    while (budget-- > 0) {
        uint32_t s, d;
        ilpc_path p;
        int n = ilpc_transport_recv_from(m->inner, &s, &d, &p, m->scratch, m->scratch_cap);
        if (n < 0)
            return n;
        if (n == 0)
            break;
        m->st.received++;
        if (roll(m, m->cfg.loss)) {
            m->st.lost++;
            continue;
        }
        if (roll(m, m->cfg.forge) && (size_t)n <= m->forge_cap) {
            size_t fl = forgery(m, m->scratch, (size_t)n, s, d, m->forge_buf);
            if (fl)
                enqueue(m, s, d, &p, m->forge_buf, fl, now); /* just before the real one */
        }
        enqueue(m, s, d, &p, m->scratch, (size_t)n, now);
        if (roll(m, m->cfg.dup)) {
            m->st.duplicated++;
            enqueue(m, s, d, &p, m->scratch, (size_t)n, now);
        }
    }
    if (m->qn == 0 || m->q[0].at > now)
        return 0;
    {
        held h = m->q[0];
        int n = 0;
        m->q[0] = m->q[--m->qn];
        heap_down(m->q, m->qn, 0);
        if (h.len <= cap) {
            memcpy(buf, h.data, h.len);
            *src = h.src;
            *dst = h.dst;
            if (from)
                *from = h.path;
            n = (int)h.len;
            m->st.delivered++;
        }
        free(h.data);
        if (n == 0)
            return imp_recv(t, src, dst, from, buf, cap);
        return n;
    }
}

static int imp_flush(ilpc_transport *t) { return ilpc_transport_flush(((impair *)t)->inner); }

static int imp_fd(ilpc_transport *t) { return ilpc_transport_fd(((impair *)t)->inner); }

static uint64_t imp_next_deadline(ilpc_transport *t)
{
    impair *m = (impair *)t;
    uint64_t d = ilpc_transport_next_deadline(m->inner);
    if (m->qn && m->q[0].at < d)
        d = m->q[0].at;
    return d;
}

static int imp_wait(ilpc_transport *t, uint64_t timeout_ns)
{
    impair *m = (impair *)t;
    return m->inner->ops->wait ? m->inner->ops->wait(m->inner, timeout_ns) : 0;
}

static void imp_destroy(ilpc_transport *t)
{
    impair *m = (impair *)t;
    size_t i;
    for (i = 0; i < m->qn; i++)
        free(m->q[i].data);
    free(m->q);
    free(m->scratch);
    free(m->forge_buf);
    free(m);
}

static const ilpc_transport_ops impair_ops = {
    "impair", imp_send, imp_recv, imp_fd, imp_next_deadline, imp_wait, imp_destroy, NULL, imp_flush,
    imp_default_path,
};

int ilpc_impair_new(ilpc_transport *inner, ilpc_clock *clk, const ilpc_impair_config *cfg, ilpc_transport **out)
{
    impair *m = calloc(1, sizeof *m);
    *out = NULL;
    if (!m)
        return ILPC_E_NOMEM;
    m->inner = inner;
    m->clk = clk ? clk : ilpc_clock_default();
    if (cfg)
        m->cfg = *cfg;
    else
        ilpc_impair_config_default(&m->cfg);
    if (m->cfg.limit == 0)
        m->cfg.limit = 4096;
    m->rng = m->cfg.seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
    if (!m->rng)
        m->rng = 1;
    m->q = malloc(m->cfg.limit * sizeof *m->q);
    m->scratch_cap = ilpc_transport_rx_limit(inner); /* jumbo segments too */
    m->scratch = malloc(m->scratch_cap);
    m->forge_cap = m->scratch_cap;
    m->forge_buf = malloc(m->forge_cap);
    if (!m->q || !m->scratch || !m->forge_buf) {
        free(m->q);
        free(m->scratch);
        free(m->forge_buf);
        free(m);
        return ILPC_E_NOMEM;
    }
    m->base.ops = &impair_ops;
    m->base.local_ip = inner->local_ip;
    m->base.max_seg = inner->max_seg;
    m->base.outer_paths = inner->outer_paths;
    m->base.max_rx_seg = inner->max_rx_seg;
    *out = &m->base;
    return ILPC_OK;
}

int ilpc_impair_new_spec(ilpc_transport *inner, ilpc_clock *clk, const char *spec, ilpc_transport **out)
{
    ilpc_impair_config cfg;
    ilpc_impair_config_default(&cfg);
    *out = NULL;
    if (ilpc_impair_parse(spec, &cfg) < 0)
        return ILPC_E_INVAL;
    return ilpc_impair_new(inner, clk, &cfg, out);
}

const ilpc_impair_stats *ilpc_impair_get_stats(const ilpc_transport *t)
{
    return &((const impair *)t)->st;
}
