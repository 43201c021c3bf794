/* tun_peer.c - an ilpc TCP endpoint for interoperability tests.
 *
 *   tun_peer --transport tun --dev TUN --local IP  (--connect IP:PORT | --listen PORT)
 *   tun_peer --transport udp --bind IP:PORT        (--connect IP:PORT | --listen PORT)
 *            [--send FILE] [--out FILE] [--impair SPEC] [--timeout-s T] [--layered] [-v]
 *            [--ao-key HEX [--ao-alg hmac-sha1|aes-cmac]] [--tx-loss P] [--tx-tamper P]
 *
 * With udp, --connect IP:PORT is where the first SYN goes and PORT is also
 * the TCP port connected to (the connection is named by its TCP ports only;
 * the local TCP port is ephemeral); --listen PORT is the TCP port.
 *
 * Opens one connection (actively, or the first accepted one), sends the
 * contents of --send (as messages of varying size through the ILP send
 * path, with seg_sums, or with --layered through tx_copy), half-closes,
 * and at the same time receives everything the peer sends until its FIN,
 * writing it to --out.  Exits 0 once both directions are finished and the
 * connection reached TIME-WAIT or CLOSED; 1 on any error or timeout. */
#include "ilpc_csum.h"
#include "ilpc_impair.h"
#include "ilpc_stack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *b = NULL;
    size_t cap = 0, n = 0;
    if (!f)
        return NULL;
    for (;;) {
        size_t r;
        if (n == cap) {
            uint8_t *nb;
            cap = cap ? cap * 2 : 65536;
            nb = realloc(b, cap);
            if (!nb) {
                free(b);
                fclose(f);
                return NULL;
            }
            b = nb;
        }
        r = fread(b + n, 1, cap - n, f);
        n += r;
        if (r == 0)
            break;
    }
    fclose(f);
    *len = n;
    return b;
}

static void usage(void)
{
    fprintf(stderr, "usage: tun_peer --transport tun|udp [--dev TUN --local IP | --bind IP:PORT]\n"
                    "       (--connect IP:PORT | --listen PORT) [--send FILE] [--out FILE]\n"
                    "       [--impair SPEC] [--timeout-s T] [--layered] [--ao-key HEX [--ao-alg hmac-sha1|aes-cmac]]\n"
                    "       [--tx-loss P] [--tx-tamper P]\n"
                    "       [-v]\n");
    exit(2);
}

/* --tx-loss P: a transport wrapper that drops outgoing segments (seeded), so
 * the peer sees holes and answers with SACK blocks.
 * --tx-tamper P: the same wrapper alters outgoing segments with payload as an
 * attacker on the path would: one payload bit flipped and the TCP checksum
 * adjusted to match (RFC 1624), so that only a MAC (TCP-AO) can tell. */
typedef struct {
    ilpc_transport base;
    ilpc_transport *inner;
    double p, tamper;
    uint32_t rng;
    unsigned long long dropped, tampered;
    uint8_t seg[65536];
} txloss;

static double txl_roll(txloss *x)
{
    x->rng = x->rng * 1103515245u + 12345u;
    return (double)(x->rng >> 8) / (double)(1u << 24);
}

static int txl_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_path *to, const ilpc_iov *iov,
                    int iovcnt)
{
    txloss *x = (txloss *)t;
    size_t len = 0, hl, at, w;
    uint32_t old, now, sum;
    ilpc_iov one;
    int k;
    if (x->p > 0 && txl_roll(x) < x->p) {
        x->dropped++;
        return 0;
    }
    if (!(x->tamper > 0) || txl_roll(x) >= x->tamper)
        return ilpc_transport_send_to(x->inner, src, dst, to, iov, iovcnt);
    for (k = 0; k < iovcnt; k++) {
        if (iov[k].len > sizeof x->seg - len)
            return ilpc_transport_send_to(x->inner, src, dst, to, iov, iovcnt);
        memcpy(x->seg + len, iov[k].base, iov[k].len);
        len += iov[k].len;
    }
    hl = len >= 20 ? (size_t)(x->seg[12] >> 4) * 4u : len;
    if (hl < 20 || hl >= len) /* no payload: left alone */
        return ilpc_transport_send_to(x->inner, src, dst, to, iov, iovcnt);
    (void)txl_roll(x);
    at = hl + (size_t)((x->rng >> 4) % (len - hl));
    w = at & ~(size_t)1;
    old = (uint32_t)x->seg[w] << 8 | (w + 1 < len ? x->seg[w + 1] : 0u);
    x->seg[at] ^= (uint8_t)(1u << (x->rng >> 29));
    now = (uint32_t)x->seg[w] << 8 | (w + 1 < len ? x->seg[w + 1] : 0u);
    sum = (~((uint32_t)x->seg[16] << 8 | x->seg[17]) & 0xffffu) + (~old & 0xffffu) + now;
    sum = (sum & 0xffffu) + (sum >> 16);
    sum = (sum & 0xffffu) + (sum >> 16);
    sum = ~sum & 0xffffu;
    x->seg[16] = (uint8_t)(sum >> 8);
    x->seg[17] = (uint8_t)sum;
    x->tampered++;
    one.base = x->seg;
    one.len = len;
    return ilpc_transport_send_to(x->inner, src, dst, to, &one, 1);
}
static int txl_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, uint8_t *buf, size_t cap)
{
    return ilpc_transport_recv_from(((txloss *)t)->inner, src, dst, from, buf, cap);
}
static int txl_fd(ilpc_transport *t) { return ilpc_transport_fd(((txloss *)t)->inner); }
static uint64_t txl_deadline(ilpc_transport *t) { return ilpc_transport_next_deadline(((txloss *)t)->inner); }
static int txl_wait(ilpc_transport *t, uint64_t ns)
{
    ilpc_transport *in = ((txloss *)t)->inner;
    return in->ops->wait ? in->ops->wait(in, ns) : 0;
}
static int txl_flush(ilpc_transport *t) { return ilpc_transport_flush(((txloss *)t)->inner); }
static void txl_destroy(ilpc_transport *t) { free(t); }
static const ilpc_transport_ops txl_ops = { "txloss", txl_send, txl_recv, txl_fd, txl_deadline, txl_wait,
                                            txl_destroy, NULL, txl_flush, NULL };

int main(int argc, char **argv)
{
    const char *transport = "tun", *dev = NULL, *local = NULL, *bind_hp = NULL, *connect_hp = NULL;
    const char *send_path = NULL, *out_path = NULL, *impair = NULL, *ao_key = NULL;
    ilpc_ao_alg ao_alg = ILPC_AO_HMAC_SHA1_96;
    double tx_loss = 0, tx_tamper = 0;
    txloss *txl = NULL;
    int listen_port = 0, layered = 0, verbose = 0, i, rc = 1, r;
    double timeout_s = 60;
    ilpc_transport *t = NULL, *ti = NULL, *use;
    ilpc_stack *s;
    ilpc_tcp *l = NULL, *c = NULL;
    uint8_t *data = NULL, rbuf[65536];
    size_t dlen = 0, sent = 0, msgs = 0;
    uint64_t received = 0, deadline;
    uint32_t seed = 1;
    FILE *out = NULL;
    int shut = 0, eof = 0;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-v")) {
            verbose = 1;
            continue;
        }
        if (!strcmp(a, "--layered")) {
            layered = 1;
            continue;
        }
        if (!v)
            usage();
        i++;
        if (!strcmp(a, "--transport"))
            transport = v;
        else if (!strcmp(a, "--dev"))
            dev = v;
        else if (!strcmp(a, "--local"))
            local = v;
        else if (!strcmp(a, "--bind"))
            bind_hp = v;
        else if (!strcmp(a, "--connect"))
            connect_hp = v;
        else if (!strcmp(a, "--listen"))
            listen_port = atoi(v);
        else if (!strcmp(a, "--send"))
            send_path = v;
        else if (!strcmp(a, "--out"))
            out_path = v;
        else if (!strcmp(a, "--impair"))
            impair = v;
        else if (!strcmp(a, "--tx-loss"))
            tx_loss = atof(v);
        else if (!strcmp(a, "--tx-tamper"))
            tx_tamper = atof(v);
        else if (!strcmp(a, "--timeout-s"))
            timeout_s = atof(v);
        else if (!strcmp(a, "--ao-key"))
            ao_key = v;
        else if (!strcmp(a, "--ao-alg"))
            ao_alg = !strcmp(v, "aes-cmac") ? ILPC_AO_AES128_CMAC_96 : ILPC_AO_HMAC_SHA1_96;
        else
            usage();
    }
    if (!connect_hp == !listen_port)
        usage();
    if (!strcmp(transport, "tun")) {
        if (!dev || !local)
            usage();
        r = ilpc_transport_tun_open(dev, local, 1500, &t);
    } else if (!strcmp(transport, "udp")) {
        if (!bind_hp)
            usage();
        r = ilpc_transport_udp_open(bind_hp, connect_hp, 0, &t); /* the first SYN goes there */
    } else {
        usage();
        r = -1;
    }
    if (r) {
        fprintf(stderr, "tun_peer: cannot open %s transport: %s\n", transport, ilpc_strerror(r));
        return 1;
    }
    use = t;
    if (tx_loss > 0 || tx_tamper > 0) {
        txl = calloc(1, sizeof *txl);
        if (!txl)
            return 1;
        txl->base.ops = &txl_ops;
        txl->base.local_ip = t->local_ip;
        txl->base.max_seg = t->max_seg;
        txl->inner = t;
        txl->p = tx_loss;
        txl->tamper = tx_tamper;
        txl->rng = 12345;
        use = &txl->base;
    }
    if (impair) {
        r = ilpc_impair_new_spec(use, NULL, impair, &ti);
        if (r) {
            fprintf(stderr, "tun_peer: bad --impair spec\n");
            return 1;
        }
        use = ti;
    }
    if (send_path && !(data = read_file(send_path, &dlen))) {
        fprintf(stderr, "tun_peer: cannot read %s\n", send_path);
        return 1;
    }
    if (out_path && !(out = fopen(out_path, "wb"))) {
        fprintf(stderr, "tun_peer: cannot write %s\n", out_path);
        return 1;
    }
    {
        ilpc_stack_config cfg;
        ilpc_stack_config_default(&cfg);
        cfg.tcp.rto_min_ns = 20 * ILPC_NS_PER_MS;
        cfg.tcp.rto_init_ns = 200 * ILPC_NS_PER_MS;
        cfg.tcp.rto_max_ns = 2 * ILPC_NS_PER_S;
        cfg.tcp.max_retries = 15;
        cfg.tcp.time_wait_ns = 200 * ILPC_NS_PER_MS;
        s = ilpc_stack_new(use, NULL, &cfg);
    }
    if (ao_key) {
        /* TCP-AO with KeyIDs 1/1 and the master key given in hex */
        ilpc_ao_mkt mkt;
        size_t k, n = strlen(ao_key) / 2;
        memset(&mkt, 0, sizeof mkt);
        mkt.alg = ao_alg;
        mkt.send_id = mkt.recv_id = 1;
        if (n < 1 || n > ILPC_AO_MAX_KEY_LEN || strlen(ao_key) % 2)
            usage();
        for (k = 0; k < n; k++) {
            unsigned b;
            if (sscanf(ao_key + 2 * k, "%2x", &b) != 1)
                usage();
            mkt.key[k] = (uint8_t)b;
        }
        mkt.key_len = (uint8_t)n;
        r = ilpc_stack_set_tcp_ao(s, &mkt);
        if (r) {
            fprintf(stderr, "tun_peer: TCP-AO: %s\n", ilpc_strerror(r));
            return 1;
        }
    }
    deadline = ilpc_stack_now(s) + (uint64_t)(timeout_s * 1e9);

    if (connect_hp) {
        uint32_t ip;
        uint16_t port;
        if (ilpc_parse_hostport(connect_hp, &ip, &port) < 0)
            usage();
        /* udp names the connection by its ports only: remote address 0 */
        r = ilpc_tcp_connect(s, strcmp(transport, "udp") ? ip : 0, port, 0, &c);
        if (!r)
            r = ilpc_tcp_wait_established(c, deadline - ilpc_stack_now(s));
    } else {
        r = ilpc_tcp_listen(s, (uint16_t)listen_port, 4, &l);
        if (!r)
            r = ilpc_tcp_accept_wait(l, &c, deadline - ilpc_stack_now(s));
    }
    if (r) {
        fprintf(stderr, "tun_peer: connection failed: %s\n", ilpc_strerror(r));
        goto done;
    }
    if (verbose)
        fprintf(stderr, "tun_peer: established, mss %zu\n", ilpc_tcp_mss(c));

    while (ilpc_stack_now(s) < deadline) {
        ilpc_tcp_state st;
        /* send: messages of 1..8 KiB, each its own segment train */
        while (!shut && sent < dlen) {
            size_t n;
            seed = seed * 1103515245u + 12345u;
            n = 1 + (seed >> 8) % 8192;
            if (n > dlen - sent)
                n = dlen - sent;
            if (layered || msgs % 3 == 2) {
                r = ilpc_tcp_tx_copy(c, data + sent, n);
            } else {
                ilpc_tx_slot slot;
                size_t k;
                r = ilpc_tcp_tx_reserve(c, n, &slot);
                if (!r) {
                    memcpy(slot.p[0], data + sent, slot.n[0]);
                    if (slot.n[1])
                        memcpy(slot.p[1], data + sent + slot.n[0], slot.n[1]);
                    for (k = 0; k < slot.nsegs; k++) {
                        size_t off = k * slot.seg_payload;
                        size_t m = n - off < slot.seg_payload ? n - off : slot.seg_payload;
                        slot.seg_sums[k] = ilpc_csum(data + sent + off, m);
                    }
                    r = ilpc_tcp_tx_commit(c, &slot, 1);
                }
            }
            if (r == ILPC_E_AGAIN)
                break;
            if (r) {
                fprintf(stderr, "tun_peer: send: %s\n", ilpc_strerror(r));
                goto done;
            }
            sent += n;
            msgs++;
        }
        if (!shut && sent == dlen) {
            ilpc_tcp_shutdown(c);
            shut = 1;
        }
        /* receive */
        while (!eof) {
            ptrdiff_t n = ilpc_tcp_recv(c, rbuf, sizeof rbuf);
            if (n > 0) {
                if (out)
                    fwrite(rbuf, 1, (size_t)n, out);
                received += (uint64_t)n;
                continue;
            }
            if (n == 0)
                eof = 1;
            else if (n != ILPC_E_AGAIN) {
                fprintf(stderr, "tun_peer: recv: %s\n", ilpc_strerror((int)n));
                goto done;
            }
            break;
        }
        st = ilpc_tcp_get_state(c);
        if (ilpc_tcp_error(c)) {
            fprintf(stderr, "tun_peer: connection error: %s\n", ilpc_strerror(ilpc_tcp_error(c)));
            goto done;
        }
        if (shut && eof && (st == ILPC_TCP_TIME_WAIT || st == ILPC_TCP_CLOSED)) {
            rc = 0;
            break;
        }
        {
            uint64_t now = ilpc_stack_now(s), w = now + 50 * ILPC_NS_PER_MS;
            ilpc_stack_wait(s, w < deadline ? w : deadline);
            ilpc_stack_poll(s, ilpc_stack_now(s));
        }
    }
    if (rc)
        fprintf(stderr, "tun_peer: timed out (sent %zu/%zu, received %llu, eof %d, state %s)\n", sent, dlen,
                (unsigned long long)received, eof, ilpc_tcp_state_name(ilpc_tcp_get_state(c)));
done:
    {
        const ilpc_tcp_stats *st = ilpc_stack_stats(s);
        fprintf(stderr,
                "tun_peer: sent=%zu received=%llu seg_out=%llu seg_in=%llu retrans=%llu bad_csum=%llu "
                "sum_stored=%llu sum_ring=%llu fallback=%llu\n",
                sent, (unsigned long long)received, (unsigned long long)st->seg_out,
                (unsigned long long)st->seg_in, (unsigned long long)st->retransmits,
                (unsigned long long)st->bad_csum, (unsigned long long)st->tx_sum_stored,
                (unsigned long long)st->tx_sum_ring, (unsigned long long)st->tx_sum_fallback);
    }
    if (c) {
        /* what the connection negotiated and how much each option was used */
        ilpc_tcp_options o;
        const ilpc_tcp_stats *cs = ilpc_tcp_get_stats(c);
        ilpc_tcp_get_options(c, &o);
        fprintf(stderr,
                "tun_peer: options wscale=%d snd_wscale=%u rcv_wscale=%u ts=%d sack=%d mss=%zu peer_mss=%zu "
                "seg_payload=%zu tcp_ao=%d ao_bad=%llu\n",
                o.wscale, o.snd_wscale, o.rcv_wscale, o.timestamps, o.sack, o.mss, o.peer_mss, o.seg_payload,
                o.tcp_ao, (unsigned long long)cs->ao_bad);
        fprintf(stderr,
                "tun_peer: usage sack_in=%llu sack_out=%llu sack_recoveries=%llu sack_rexmits=%llu paws=%llu "
                "ts_rtt=%llu delayed_acks=%llu delack_timeouts=%llu tlp=%llu rto=%llu\n",
                (unsigned long long)cs->sack_blocks_in, (unsigned long long)cs->sack_blocks_out,
                (unsigned long long)cs->sack_recoveries, (unsigned long long)cs->sack_rexmits,
                (unsigned long long)cs->paws_dropped, (unsigned long long)cs->ts_rtt_samples,
                (unsigned long long)cs->delayed_acks, (unsigned long long)cs->delack_timeouts,
                (unsigned long long)cs->tlp_probes, (unsigned long long)cs->rto_expiries);
    }
    if (c) {
        /* linger briefly in TIME-WAIT so a lost final ACK can be repeated */
        if (rc == 0) {
            uint64_t end = ilpc_stack_now(s) + 300 * ILPC_NS_PER_MS;
            while (ilpc_stack_now(s) < end) {
                ilpc_stack_wait(s, end);
                ilpc_stack_poll(s, ilpc_stack_now(s));
            }
        }
        ilpc_tcp_close(c);
    }
    if (l)
        ilpc_tcp_close(l);
    ilpc_stack_free(s);
    ilpc_transport_free(ti);
    if (txl) {
        fprintf(stderr, "tun_peer: tx_dropped=%llu tx_tampered=%llu\n", txl->dropped, txl->tampered);
        ilpc_transport_free(&txl->base);
    }
    ilpc_transport_free(t);
    if (out)
        fclose(out);
    free(data);
    return rc;
}
