/* ilpc_transport_udp.c - TCP segments in UDP datagrams (the paper's
 * "kernel part").
 *
 * Addressing (so that relays and NATs may sit on the path): the
 * pseudo-header addresses are fixed at 0.0.0.0 on both ends (the transport
 * reports src = dst = 0 and its local_ip is 0), whatever the outer IPv4
 * addresses are, so rewriting them does not break the TCP checksum.  Each
 * segment received is reported with its outer path (the sender's address and
 * port, our address it arrived on); each segment sent goes along the path the
 * TCP gives, or to the default peer given at open.  The transport learns
 * nothing from what it receives: which path a connection uses is the TCP's
 * decision, taken only for segments it accepted (ilpc_stack.c, "paths").
 *
 * Speed: send copies small segments into a batch that flush hands to the
 * kernel with one sendmmsg, consecutive equal-sized segments to one address
 * as one UDP GSO super-datagram (UDP_SEGMENT); big segments go out at once
 * with a gathering sendmsg.  Receive takes up to RX_N datagrams per recvmmsg
 * and splits UDP GRO coalesced datagrams back into segments; recv_ref hands
 * the stack pointers into those buffers.  Each feature is probed at open and
 * dropped (once, for good) when the kernel refuses it; ILPC_UDP_NO_GSO=1,
 * ILPC_UDP_NO_GRO=1 and ILPC_UDP_NO_MMSG=1 force the fallbacks. */
#define _GNU_SOURCE
#include "ilpc_clock.h"
#include "ilpc_csum.h"
#include "ilpc_tcp.h"
#include "ilpc_transport.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/udp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef SOL_UDP
#define SOL_UDP 17
#endif
#ifndef UDP_SEGMENT
#define UDP_SEGMENT 103
#endif
#ifndef UDP_GRO
#define UDP_GRO 104
#endif

#define TX_N 64             /* segments per batch */
#define TX_CAP (256u << 10) /* bytes per batch */
#define TX_DIRECT 16384u    /* segments at least this long are sent at once, not copied */
#define GSO_MAX_SEGS 64     /* UDP_MAX_SEGMENTS of older kernels */
#define UDP_MAX_PAYLOAD 65507u
#define RX_N 16             /* datagrams per recvmmsg */
#define RX_BUF 65536u       /* per datagram (a GRO datagram may be up to 64 KiB) */
#define MIN_SEG 20u         /* a TCP header */
#define KA_NS (200 * ILPC_NS_PER_MS) /* silence before the first mapping refresh */
#define KA_MAX 6                     /* refreshes per silence (200 ms, doubling: 12.6 s) */

typedef struct txseg {
    uint32_t off, len;
    uint32_t ip, lip; /* network order */
    uint16_t uport;
} txseg;

typedef struct rxmsg {
    uint32_t len, gso;
    uint32_t ip, lip;
    uint16_t uport;
    uint8_t bad;
} rxmsg;

typedef union cmbuf {
    char buf[CMSG_SPACE(sizeof(uint16_t)) + CMSG_SPACE(sizeof(struct in_pktinfo))];
    size_t align; /* cmsghdr alignment (it has a flexible array member) */
} cmbuf;

typedef union rcmbuf {
    char buf[CMSG_SPACE(sizeof(int)) + CMSG_SPACE(sizeof(struct in_pktinfo)) + 64];
    size_t align; /* cmsghdr alignment (it has a flexible array member) */
} rcmbuf;

typedef struct udp_t {
    ilpc_transport base;
    int fd;
    int bound_any;
    int gso, gro, mmsg;
    int stats_env;
    uint16_t port;
    uint32_t peer_ip;    /* default peer (network order), 0 none */
    uint16_t peer_port;  /* network order; 0: the segment's TCP destination port */
    /* send batch */
    uint8_t *tx;
    uint32_t tx_used;
    int tx_n;
    txseg txs[TX_N];
    struct mmsghdr tmsg[TX_N];
    struct iovec tiov[TX_N];
    struct sockaddr_in tname[TX_N];
    cmbuf tcm[TX_N];
    /* receive batch */
    uint8_t *rx;
    int rx_n, rx_i;
    uint32_t rx_off;
    rxmsg rxm[RX_N];
    struct mmsghdr rmsg[RX_N];
    struct iovec riov[RX_N];
    struct sockaddr_in rname[RX_N];
    rcmbuf rcm[RX_N];
    /* mapping refresh (a side opened with a peer, i.e. the one behind a NAT):
     * the last pure ACK sent and its path, repeated while the peer is silent */
    uint8_t ka_seg[64];
    uint32_t ka_len, ka_tries;
    uint16_t ka_lport, ka_rport;
    ilpc_path ka_path;
    int ka_armed, ka_sending;
    uint64_t ka_next;
    ilpc_udp_stats st;
} udp_t;

static int env_on(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

/* ------------------------------------------------------------- sending */

static int fatal_errno(int e) { return e == EBADF || e == ENOTSOCK || e == EFAULT; }

static void disable_gso(udp_t *u)
{
    int one = 1;
    u->gso = 0;
#ifdef SO_NO_CHECK
    (void)setsockopt(u->fd, SOL_SOCKET, SO_NO_CHECK, &one, sizeof one);
#else
    (void)one;
#endif
}

/* Fill a msghdr for segments [first, first+count) of the batch (contiguous
 * in u->tx), or for an external iovec when v != NULL. */
static void build_msg(udp_t *u, struct msghdr *mh, struct sockaddr_in *to, cmbuf *cm, uint32_t ip, uint16_t uport,
                      uint32_t lip, uint16_t gso_size)
{
    struct cmsghdr *c;
    size_t clen = 0;
    memset(to, 0, sizeof *to);
    to->sin_family = AF_INET;
    to->sin_addr.s_addr = ip;
    to->sin_port = uport;
    mh->msg_name = to;
    mh->msg_namelen = sizeof *to;
    mh->msg_control = NULL;
    mh->msg_controllen = 0;
    mh->msg_flags = 0;
    if (!gso_size && !(u->bound_any && lip))
        return;
    memset(cm, 0, sizeof *cm);
    mh->msg_control = cm->buf;
    mh->msg_controllen = sizeof cm->buf;
    c = CMSG_FIRSTHDR(mh);
    if (gso_size) {
        c->cmsg_level = SOL_UDP;
        c->cmsg_type = UDP_SEGMENT;
        c->cmsg_len = CMSG_LEN(sizeof gso_size);
        memcpy(CMSG_DATA(c), &gso_size, sizeof gso_size);
        clen += CMSG_SPACE(sizeof gso_size);
        c = CMSG_NXTHDR(mh, c);
    }
    if (u->bound_any && lip) {
        /* answer from the address the peer sent to */
        struct in_pktinfo pi;
        memset(&pi, 0, sizeof pi);
        pi.ipi_spec_dst.s_addr = lip;
        c->cmsg_level = IPPROTO_IP;
        c->cmsg_type = IP_PKTINFO;
        c->cmsg_len = CMSG_LEN(sizeof pi);
        memcpy(CMSG_DATA(c), &pi, sizeof pi);
        clen += CMSG_SPACE(sizeof pi);
    }
    mh->msg_controllen = clen;
}

/* Send one message; returns 0, or a negative ILPC_E_* on a local error.
 * Network-ish errors count as drops. */
static int send_one(udp_t *u, struct msghdr *mh, uint32_t nsegs)
{
    for (;;) {
        if (sendmsg(u->fd, mh, MSG_DONTWAIT) >= 0) {
            u->st.syscalls_out++;
            u->st.dgrams_out++;
            u->st.segs_out += nsegs;
            return ILPC_OK;
        }
        if (errno == EINTR)
            continue;
        u->st.syscalls_out++;
        if (fatal_errno(errno))
            return ILPC_E_IO;
        u->st.dropped_out += nsegs;
        return ILPC_OK;
    }
}

/* The batch's segments [a, b) one datagram each, without GSO. */
static int send_plain(udp_t *u, int a, int b)
{
    int i, r;
    for (i = a; i < b; i++) {
        struct msghdr mh;
        struct iovec v;
        struct sockaddr_in to;
        cmbuf cm;
        v.iov_base = u->tx + u->txs[i].off;
        v.iov_len = u->txs[i].len;
        memset(&mh, 0, sizeof mh);
        mh.msg_iov = &v;
        mh.msg_iovlen = 1;
        build_msg(u, &mh, &to, &cm, u->txs[i].ip, u->txs[i].uport, u->txs[i].lip, 0);
        if ((r = send_one(u, &mh, 1)) < 0)
            return r;
    }
    return ILPC_OK;
}

static int udp_flush(ilpc_transport *t)
{
    udp_t *u = (udp_t *)t;
    int first[TX_N + 1], nseg[TX_N];
    int m = 0, i = 0, k = 0, r = ILPC_OK;
    if (u->tx_n == 0)
        return ILPC_OK;
    /* group: same destination, equal sizes (the last may be shorter) */
    while (i < u->tx_n) {
        const txseg *s0 = &u->txs[i];
        uint32_t size = s0->len, total = s0->len;
        int j = i + 1;
        if (u->gso) {
            while (j < u->tx_n && j - i < GSO_MAX_SEGS) {
                const txseg *s = &u->txs[j];
                if (s->ip != s0->ip || s->uport != s0->uport || s->lip != s0->lip || s->len > size ||
                    total + s->len > UDP_MAX_PAYLOAD)
                    break;
                total += s->len;
                j++;
                if (s->len < size)
                    break;
            }
        }
        first[m] = i;
        nseg[m] = j - i;
        memset(&u->tmsg[m], 0, sizeof u->tmsg[m]);
        u->tiov[m].iov_base = u->tx + s0->off;
        u->tiov[m].iov_len = total;
        u->tmsg[m].msg_hdr.msg_iov = &u->tiov[m];
        u->tmsg[m].msg_hdr.msg_iovlen = 1;
        build_msg(u, &u->tmsg[m].msg_hdr, &u->tname[m], &u->tcm[m], s0->ip, s0->uport, s0->lip,
                  j - i > 1 ? (uint16_t)size : 0);
        m++;
        i = j;
    }
    first[m] = u->tx_n;
    while (k < m) {
        int e;
        if (u->mmsg) {
            int n = sendmmsg(u->fd, u->tmsg + k, (unsigned)(m - k), MSG_DONTWAIT);
            u->st.syscalls_out++;
            if (n > 0) {
                int q;
                for (q = k; q < k + n; q++) {
                    u->st.dgrams_out++;
                    u->st.segs_out += (uint64_t)nseg[q];
                    if (nseg[q] > 1)
                        u->st.gso_sends++;
                }
                k += n;
                continue;
            }
            e = errno;
            if (e == ENOSYS) {
                u->mmsg = 0;
                continue;
            }
        } else {
            ssize_t n = sendmsg(u->fd, &u->tmsg[k].msg_hdr, MSG_DONTWAIT);
            u->st.syscalls_out++;
            if (n >= 0) {
                u->st.dgrams_out++;
                u->st.segs_out += (uint64_t)nseg[k];
                if (nseg[k] > 1)
                    u->st.gso_sends++;
                k++;
                continue;
            }
            e = errno;
        }
        /* message k failed */
        if (e == EINTR)
            continue;
        if (fatal_errno(e)) {
            r = ILPC_E_IO;
            break;
        }
        if (nseg[k] > 1 && (e == EINVAL || e == EIO || e == ENOPROTOOPT || e == EOPNOTSUPP)) {
            /* the kernel (or the device) refuses GSO: never again */
            disable_gso(u);
            u->st.gso_fallbacks++;
            if ((r = send_plain(u, first[k], first[k + 1])) < 0)
                break;
        } else {
            u->st.dropped_out += (uint64_t)nseg[k]; /* like a loss on the wire */
        }
        k++;
    }
    u->tx_n = 0;
    u->tx_used = 0;
    return r;
}

/* The outer destination of a segment from TCP port sport to dport along
 * path `to` (NULL or ip 0: the default peer), in network order: 0, or -1
 * when there is nowhere to send it. */
static int destination(const udp_t *u, const ilpc_path *to, uint16_t dport, uint32_t *ip, uint16_t *uport,
                       uint32_t *lip)
{
    if (to && to->ip) {
        *ip = htonl(to->ip);
        *uport = htons(to->port);
        *lip = to->local_ip ? htonl(to->local_ip) : 0;
        return 0;
    }
    if (!u->peer_ip)
        return -1;
    *ip = u->peer_ip;
    *uport = u->peer_port ? u->peer_port : htons(dport);
    *lip = 0;
    return 0;
}

static int udp_default_path(ilpc_transport *t, uint16_t remote_port, ilpc_path *p)
{
    const udp_t *u = (const udp_t *)t;
    if (!u->peer_ip)
        return -1;
    p->ip = ntohl(u->peer_ip);
    p->port = u->peer_port ? ntohs(u->peer_port) : remote_port;
    p->local_ip = 0;
    return 0;
}

static int udp_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_path *to, const ilpc_iov *iov,
                    int iovcnt)
{
    udp_t *u = (udp_t *)t;
    const uint8_t *h = iov[0].base;
    uint16_t sport, dport;
    uint32_t ip, lip = 0, len = 0;
    uint16_t uport;
    int i;
    (void)src;
    (void)dst;
    if (iovcnt < 1 || iovcnt > 8 || iov[0].len < 4)
        return ILPC_E_INVAL;
    for (i = 0; i < iovcnt; i++)
        len += (uint32_t)iov[i].len;
    if (len > UDP_MAX_PAYLOAD)
        return ILPC_E_INVAL;
    sport = (uint16_t)(h[0] << 8 | h[1]);
    dport = (uint16_t)(h[2] << 8 | h[3]);
    if (destination(u, to, dport, &ip, &uport, &lip) < 0) {
        u->st.dropped_out++; /* nowhere to send it */
        return ILPC_OK;
    }
    if (u->peer_ip && !u->ka_sending && iov[0].len >= 20 && len <= sizeof u->ka_seg && (h[13] & 0x3f) == 0x10 &&
        (size_t)(h[12] >> 4) * 4u == len) {
        /* a pure ACK: keep it to refresh the NAT mapping with (see udp_recv_ref) */
        uint8_t *p = u->ka_seg;
        for (i = 0; i < iovcnt; i++) {
            if (iov[i].len)
                memcpy(p, iov[i].base, iov[i].len);
            p += iov[i].len;
        }
        u->ka_len = len;
        u->ka_lport = sport;
        u->ka_rport = dport;
        u->ka_path.ip = ntohl(ip);
        u->ka_path.port = ntohs(uport);
        u->ka_path.local_ip = ntohl(lip);
        u->ka_armed = 1;
        u->ka_tries = 0;
        u->ka_next = ilpc_clock_now(ilpc_clock_default()) + KA_NS;
    }
    if (len >= TX_DIRECT) {
        /* big: keep order, then gather it straight from the caller's memory */
        struct iovec v[8];
        struct msghdr mh;
        struct sockaddr_in to;
        cmbuf cm;
        int r = udp_flush(t);
        if (r < 0)
            return r;
        for (i = 0; i < iovcnt; i++) {
            v[i].iov_base = (void *)(uintptr_t)iov[i].base;
            v[i].iov_len = iov[i].len;
        }
        memset(&mh, 0, sizeof mh);
        mh.msg_iov = v;
        mh.msg_iovlen = (size_t)iovcnt;
        build_msg(u, &mh, &to, &cm, ip, uport, lip, 0);
        return send_one(u, &mh, 1);
    }
    if (u->tx_n == TX_N || u->tx_used + len > TX_CAP) {
        int r = udp_flush(t);
        if (r < 0)
            return r;
    }
    {
        txseg *s = &u->txs[u->tx_n++];
        uint8_t *p = u->tx + u->tx_used;
        s->off = u->tx_used;
        s->len = len;
        s->ip = ip;
        s->uport = uport;
        s->lip = lip;
        for (i = 0; i < iovcnt; i++) {
            if (iov[i].len)
                memcpy(p, iov[i].base, iov[i].len);
            p += iov[i].len;
        }
        u->tx_used += len;
    }
    return ILPC_OK;
}

/* ----------------------------------------------------------- receiving */

static void parse_rx(udp_t *u, int i, const struct msghdr *mh, uint32_t len)
{
    rxmsg *x = &u->rxm[i];
    const struct sockaddr_in *from = mh->msg_name;
    struct cmsghdr *c;
    x->len = len;
    x->gso = 0;
    x->ip = from->sin_addr.s_addr;
    x->uport = from->sin_port;
    x->lip = 0;
    x->bad = (mh->msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || len < MIN_SEG || mh->msg_namelen < sizeof *from ||
             from->sin_family != AF_INET;
    for (c = CMSG_FIRSTHDR((struct msghdr *)mh); c; c = CMSG_NXTHDR((struct msghdr *)mh, c)) {
        if (c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_PKTINFO && c->cmsg_len >= CMSG_LEN(sizeof(struct in_pktinfo))) {
            struct in_pktinfo pi;
            memcpy(&pi, CMSG_DATA(c), sizeof pi);
            x->lip = pi.ipi_addr.s_addr;
        } else if (c->cmsg_level == SOL_UDP && c->cmsg_type == UDP_GRO && c->cmsg_len >= CMSG_LEN(sizeof(int))) {
            int g;
            memcpy(&g, CMSG_DATA(c), sizeof g);
            if (g < (int)MIN_SEG || g > (int)UDP_MAX_PAYLOAD)
                x->bad = 1; /* cannot split it into TCP segments */
            else if ((uint32_t)g < len)
                x->gso = (uint32_t)g;
        }
    }
    if (x->bad)
        u->st.dropped_in++;
    else {
        u->st.dgrams_in++;
        if (x->gso)
            u->st.gro_dgrams++;
    }
}

static void prep_rx(udp_t *u, int i)
{
    struct msghdr *mh = &u->rmsg[i].msg_hdr;
    u->riov[i].iov_base = u->rx + (size_t)i * RX_BUF;
    u->riov[i].iov_len = RX_BUF;
    memset(mh, 0, sizeof *mh);
    mh->msg_name = &u->rname[i];
    mh->msg_namelen = sizeof u->rname[i];
    mh->msg_iov = &u->riov[i];
    mh->msg_iovlen = 1;
    mh->msg_control = u->rcm[i].buf;
    mh->msg_controllen = sizeof u->rcm[i].buf;
}

/* Fill the receive batch: 1 when something came, 0 if nothing, < 0 error. */
static int refill(udp_t *u)
{
    int i, n;
    u->rx_n = u->rx_i = 0;
    u->rx_off = 0;
    for (;;) {
        if (u->mmsg) {
            for (i = 0; i < RX_N; i++)
                prep_rx(u, i);
            n = recvmmsg(u->fd, u->rmsg, RX_N, MSG_DONTWAIT, NULL);
            u->st.syscalls_in++;
            if (n < 0 && errno == ENOSYS) {
                u->mmsg = 0;
                continue;
            }
            if (n > 0)
                for (i = 0; i < n; i++)
                    parse_rx(u, i, &u->rmsg[i].msg_hdr, u->rmsg[i].msg_len);
        } else {
            ssize_t m;
            prep_rx(u, 0);
            m = recvmsg(u->fd, &u->rmsg[0].msg_hdr, MSG_DONTWAIT);
            u->st.syscalls_in++;
            n = m < 0 ? -1 : 1;
            if (m >= 0)
                parse_rx(u, 0, &u->rmsg[0].msg_hdr, (uint32_t)m);
        }
        if (n > 0) {
            u->rx_n = n;
            return 1;
        }
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return 0;
        if (errno == EINTR || errno == ECONNREFUSED)
            continue;
        return ILPC_E_IO;
    }
}

/* Mapping refresh.  Behind a NAT, a rebinding reaches the peer only with our
 * next datagram; if that one is lost while we only receive, the peer's
 * segments go to the old mapping and nothing makes us send again.  So while
 * the peer is silent, the last pure ACK is repeated (200 ms, then doubling,
 * KA_MAX times): a duplicate ACK TCP tolerates, which shows the peer our new
 * path (its TCP then validates that path before it moves the connection). */
static void ka_check(udp_t *u)
{
    uint64_t now = ilpc_clock_now(ilpc_clock_default());
    ilpc_iov v;
    if (now < u->ka_next)
        return;
    if (u->ka_tries >= KA_MAX) {
        u->ka_armed = 0;
        return;
    }
    v.base = u->ka_seg;
    v.len = u->ka_len;
    u->ka_sending = 1;
    (void)udp_send(&u->base, 0, 0, &u->ka_path, &v, 1);
    u->ka_sending = 0;
    u->st.refreshes++;
    u->ka_tries++;
    u->ka_next = now + (KA_NS << u->ka_tries);
}

static uint64_t udp_next_deadline(ilpc_transport *t)
{
    udp_t *u = (udp_t *)t;
    return u->ka_armed ? u->ka_next : ILPC_TIME_NEVER;
}

static int udp_recv_ref(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, const uint8_t **seg)
{
    udp_t *u = (udp_t *)t;
    for (;;) {
        while (u->rx_i < u->rx_n) {
            rxmsg *x = &u->rxm[u->rx_i];
            uint8_t *base = u->rx + (size_t)u->rx_i * RX_BUF;
            uint32_t n;
            if (x->bad || u->rx_off >= x->len) {
                u->rx_i++;
                u->rx_off = 0;
                continue;
            }
            n = x->len - u->rx_off;
            if (x->gso && n > x->gso)
                n = x->gso;
            if (n < MIN_SEG) { /* a runt tail of a coalesced datagram */
                u->st.dropped_in++;
                u->rx_i++;
                u->rx_off = 0;
                continue;
            }
            *seg = base + u->rx_off;
            u->rx_off += n;
            if (from) {
                from->ip = ntohl(x->ip);
                from->port = ntohs(x->uport);
                from->local_ip = ntohl(x->lip);
            }
            {
                uint64_t now = ilpc_clock_now(ilpc_clock_default());
                if (u->ka_armed && (uint16_t)((*seg)[2] << 8 | (*seg)[3]) == u->ka_lport &&
                    (uint16_t)((*seg)[0] << 8 | (*seg)[1]) == u->ka_rport) {
                    if ((*seg)[13] & 0x04)
                        u->ka_armed = 0; /* a reset: the connection is gone */
                    u->ka_tries = 0;
                    u->ka_next = now + KA_NS;
                }
            }
            u->st.segs_in++;
            *src = 0;
            *dst = 0;
            return (int)n;
        }
        {
            int r = refill(u);
            if (r == 0 && u->ka_armed)
                ka_check(u);
            if (r <= 0)
                return r;
        }
    }
}

static int udp_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, uint8_t *buf, size_t cap)
{
    for (;;) {
        const uint8_t *seg;
        int n = udp_recv_ref(t, src, dst, from, &seg);
        if (n <= 0)
            return n;
        if ((size_t)n <= cap) {
            memcpy(buf, seg, (size_t)n);
            return n;
        }
        ((udp_t *)t)->st.dropped_in++;
    }
}

static int udp_fd(ilpc_transport *t) { return ((udp_t *)t)->fd; }

static int udp_wait(ilpc_transport *t, uint64_t timeout_ns)
{
    udp_t *u = (udp_t *)t;
    struct pollfd p;
    int ms = timeout_ns == ILPC_TIME_NEVER ? -1
             : timeout_ns / ILPC_NS_PER_MS > 60000 ? 60000
                                                    : (int)((timeout_ns + ILPC_NS_PER_MS - 1) / ILPC_NS_PER_MS);
    if (u->rx_i < u->rx_n)
        return ILPC_OK; /* segments still in the batch */
    p.fd = u->fd;
    p.events = POLLIN;
    p.revents = 0;
    return poll(&p, 1, ms) < 0 && errno != EINTR ? ILPC_E_IO : ILPC_OK;
}

static void udp_destroy(ilpc_transport *t)
{
    udp_t *u = (udp_t *)t;
    (void)udp_flush(t);
    if (u->stats_env)
        fprintf(stderr,
                "ilpc udp: segs_out=%llu dgrams_out=%llu syscalls_out=%llu gso_sends=%llu dropped_out=%llu "
                "segs_in=%llu dgrams_in=%llu syscalls_in=%llu gro_dgrams=%llu dropped_in=%llu refreshes=%llu "
                "max_seg=%zu gso=%d gro=%d mmsg=%d\n",
                (unsigned long long)u->st.segs_out, (unsigned long long)u->st.dgrams_out,
                (unsigned long long)u->st.syscalls_out, (unsigned long long)u->st.gso_sends,
                (unsigned long long)u->st.dropped_out, (unsigned long long)u->st.segs_in,
                (unsigned long long)u->st.dgrams_in, (unsigned long long)u->st.syscalls_in,
                (unsigned long long)u->st.gro_dgrams, (unsigned long long)u->st.dropped_in,
                (unsigned long long)u->st.refreshes, u->base.max_seg, u->gso,
                u->gro, u->mmsg);
    close(u->fd);
    free(u->tx);
    free(u->rx);
    free(u);
}

static const ilpc_transport_ops udp_ops = {
    "udp", udp_send, udp_recv, udp_fd, udp_next_deadline, udp_wait, udp_destroy, udp_recv_ref, udp_flush,
    udp_default_path,
};

/* ------------------------------------------------------------ the MTU */

/* MTU of the route towards peer (network order), 0 if unknown. */
static size_t path_mtu(uint32_t peer)
{
    struct sockaddr_in a;
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), mtu = 0, pmtu = IP_PMTUDISC_DO;
    socklen_t ml = sizeof mtu;
    if (fd < 0)
        return 0;
    (void)setsockopt(fd, IPPROTO_IP, IP_MTU_DISCOVER, &pmtu, sizeof pmtu);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = peer;
    a.sin_port = htons(9);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0 || getsockopt(fd, IPPROTO_IP, IP_MTU, &mtu, &ml) != 0)
        mtu = 0;
    close(fd);
    return mtu > 0 ? (size_t)mtu : 0;
}

/* MTU of the interface holding addr (network order), or the largest MTU of
 * any interface that is up when addr is 0.0.0.0; 0 if unknown. */
static size_t iface_mtu(uint32_t addr)
{
    struct ifaddrs *ifs, *i;
    size_t best = 0;
    int fd;
    if (getifaddrs(&ifs) != 0)
        return 0;
    fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    for (i = ifs; fd >= 0 && i; i = i->ifa_next) {
        struct ifreq r;
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP) || !i->ifa_name)
            continue;
        if (addr && ((const struct sockaddr_in *)(const void *)i->ifa_addr)->sin_addr.s_addr != addr)
            continue;
        memset(&r, 0, sizeof r);
        if (strlen(i->ifa_name) >= sizeof r.ifr_name)
            continue;
        strcpy(r.ifr_name, i->ifa_name);
        if (ioctl(fd, SIOCGIFMTU, &r) == 0 && r.ifr_mtu > 0 && (size_t)r.ifr_mtu > best)
            best = (size_t)r.ifr_mtu;
    }
    if (fd >= 0)
        close(fd);
    freeifaddrs(ifs);
    return best;
}

/* ------------------------------------------------------------- opening */

int ilpc_transport_udp_open(const char *bind_hp, const char *peer_hp, size_t max_seg, ilpc_transport **out)
{
    udp_t *u;
    uint32_t ip, peer = 0;
    uint16_t port, pport = 0;
    struct sockaddr_in a;
    socklen_t al = sizeof a;
    int one = 1, zero = 0, pmtu = IP_PMTUDISC_DO, sz = 4 << 20;
    *out = NULL;
    if (ilpc_parse_hostport(bind_hp, &ip, &port) < 0)
        return ILPC_E_INVAL;
    if (peer_hp && ilpc_parse_ipv4(peer_hp, &peer) < 0 && ilpc_parse_hostport(peer_hp, &peer, &pport) < 0)
        return ILPC_E_INVAL;
    u = calloc(1, sizeof *u);
    if (!u)
        return ILPC_E_NOMEM;
    u->tx = malloc(TX_CAP);
    u->rx = malloc((size_t)RX_N * RX_BUF);
    u->fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (!u->tx || !u->rx || u->fd < 0) {
        int e = u->fd < 0 ? ILPC_E_IO : ILPC_E_NOMEM;
        if (u->fd >= 0)
            close(u->fd);
        free(u->tx);
        free(u->rx);
        free(u);
        return e;
    }
    if (ip == 0) /* learn the local address each segment arrived on */
        (void)setsockopt(u->fd, IPPROTO_IP, IP_PKTINFO, &one, sizeof one);
    /* never fragment: segments are sized to the path */
    (void)setsockopt(u->fd, IPPROTO_IP, IP_MTU_DISCOVER, &pmtu, sizeof pmtu);
    (void)setsockopt(u->fd, SOL_SOCKET, SO_SNDBUF, &sz, sizeof sz);
    (void)setsockopt(u->fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof sz); /* capped at net.core.rmem_max */
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(ip);
    a.sin_port = htons(port);
    if (bind(u->fd, (struct sockaddr *)&a, sizeof a) < 0 || getsockname(u->fd, (struct sockaddr *)&a, &al) < 0) {
        int e = errno;
        close(u->fd);
        free(u->tx);
        free(u->rx);
        free(u);
        return e == EADDRINUSE ? ILPC_E_ADDRINUSE : ILPC_E_IO;
    }
    u->port = ntohs(a.sin_port);
    u->bound_any = ip == 0;
    u->peer_ip = htonl(peer);
    u->peer_port = htons(pport);
    u->mmsg = !env_on("ILPC_UDP_NO_MMSG");
    /* GSO needs the UDP checksum (some kernels refuse it with SO_NO_CHECK; it
     * is offloaded anyway); without GSO the checksum is switched off and the
     * TCP checksum alone protects the data. */
    u->gso = !env_on("ILPC_UDP_NO_GSO") && setsockopt(u->fd, SOL_UDP, UDP_SEGMENT, &zero, sizeof zero) == 0;
    if (!u->gso)
        disable_gso(u);
    u->gro = !env_on("ILPC_UDP_NO_GRO") && setsockopt(u->fd, SOL_UDP, UDP_GRO, &one, sizeof one) == 0;
    u->stats_env = env_on("ILPC_UDP_STATS");
    u->base.ops = &udp_ops;
    u->base.local_ip = 0; /* the fixed pseudo-header address */
    u->base.outer_paths = 1;
    if (!max_seg) {
        const char *ev = getenv("ILPC_UDP_MAX_SEG");
        size_t mtu = peer ? path_mtu(u->peer_ip) : iface_mtu(htonl(ip));
        if (!mtu && ip)
            mtu = path_mtu(htonl(ip));
        max_seg = mtu > 28 + MIN_SEG + 1 ? mtu - 28 : 1472;
        if (ev && *ev) {
            unsigned long v = strtoul(ev, NULL, 10);
            if (v >= 64)
                max_seg = (size_t)v;
        }
    }
    u->base.max_seg = max_seg > UDP_MAX_PAYLOAD ? UDP_MAX_PAYLOAD : max_seg;
    *out = &u->base;
    return ILPC_OK;
}

uint16_t ilpc_transport_udp_port(const ilpc_transport *t) { return ((const udp_t *)t)->port; }

void ilpc_transport_udp_stats(const ilpc_transport *t, ilpc_udp_stats *st)
{
    const udp_t *u = (const udp_t *)t;
    *st = u->st;
    st->gso = u->gso;
    st->gro = u->gro;
    st->mmsg = u->mmsg;
}
