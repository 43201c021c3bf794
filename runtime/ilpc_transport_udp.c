/* ilpc_transport_udp.c - TCP segments in UDP datagrams (the paper's
 * "kernel part": UDP without checksum).  One datagram carries one TCP
 * segment (TCP header + payload); the UDP checksum is switched off with
 * SO_NO_CHECK, the TCP checksum (over the pseudo-header built from the UDP
 * endpoints' IPv4 addresses) protects the data. */
#define _GNU_SOURCE
#include "ilpc_clock.h"
#include "ilpc_tcp.h"
#include "ilpc_transport.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAP_N 64

/* (IPv4, TCP port) -> UDP source address it was last seen from */
typedef struct map_ent {
    uint32_t ip;
    uint16_t tport;
    uint16_t uport;
    uint64_t used;
} map_ent;

typedef struct udp_t {
    ilpc_transport base;
    int fd;
    int bound_any;
    uint16_t port;
    map_ent map[MAP_N];
    uint64_t tick;
} udp_t;

static map_ent *map_find(udp_t *u, uint32_t ip, uint16_t tport)
{
    int i;
    for (i = 0; i < MAP_N; i++)
        if (u->map[i].used && u->map[i].ip == ip && u->map[i].tport == tport)
            return &u->map[i];
    return NULL;
}

static void map_learn(udp_t *u, uint32_t ip, uint16_t tport, uint16_t uport)
{
    map_ent *e = map_find(u, ip, tport);
    int i;
    if (!e) {
        e = &u->map[0];
        for (i = 1; i < MAP_N; i++)
            if (u->map[i].used < e->used)
                e = &u->map[i];
        e->ip = ip;
        e->tport = tport;
    }
    e->uport = uport;
    e->used = ++u->tick;
}

static int udp_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_iov *iov, int iovcnt)
{
    udp_t *u = (udp_t *)t;
    struct sockaddr_in to;
    struct iovec v[8];
    struct msghdr mh;
    union {
        char buf[CMSG_SPACE(sizeof(struct in_pktinfo))];
        struct cmsghdr align;
    } cm;
    const uint8_t *h = iov[0].base;
    uint16_t dport;
    map_ent *e;
    int i;
    if (iovcnt < 1 || iovcnt > 8 || iov[0].len < 4)
        return ILPC_EINVAL;
    dport = (uint16_t)(h[2] << 8 | h[3]);
    e = map_find(u, dst, dport);
    memset(&to, 0, sizeof to);
    to.sin_family = AF_INET;
    to.sin_addr.s_addr = htonl(dst);
    to.sin_port = htons(e ? e->uport : dport);
    for (i = 0; i < iovcnt; i++) {
        v[i].iov_base = (void *)(uintptr_t)iov[i].base;
        v[i].iov_len = iov[i].len;
    }
    memset(&mh, 0, sizeof mh);
    mh.msg_name = &to;
    mh.msg_namelen = sizeof to;
    mh.msg_iov = v;
    mh.msg_iovlen = (size_t)iovcnt;
    if (u->bound_any) {
        /* the source address must be the one in the pseudo-header */
        struct cmsghdr *c;
        struct in_pktinfo pi;
        memset(&cm, 0, sizeof cm);
        mh.msg_control = cm.buf;
        mh.msg_controllen = sizeof cm.buf;
        c = CMSG_FIRSTHDR(&mh);
        c->cmsg_level = IPPROTO_IP;
        c->cmsg_type = IP_PKTINFO;
        c->cmsg_len = CMSG_LEN(sizeof pi);
        memset(&pi, 0, sizeof pi);
        pi.ipi_spec_dst.s_addr = htonl(src);
        memcpy(CMSG_DATA(c), &pi, sizeof pi);
    }
    if (sendmsg(u->fd, &mh, MSG_DONTWAIT) < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS || errno == ECONNREFUSED ||
            errno == EHOSTUNREACH || errno == ENETUNREACH)
            return ILPC_OK; /* like a drop on the wire */
        return ILPC_EIO;
    }
    return ILPC_OK;
}

static int udp_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, uint8_t *buf, size_t cap)
{
    udp_t *u = (udp_t *)t;
    for (;;) {
        struct sockaddr_in from;
        struct iovec v;
        struct msghdr mh;
        union {
            char buf[CMSG_SPACE(sizeof(struct in_pktinfo)) + 64];
            struct cmsghdr align;
        } cm;
        struct cmsghdr *c;
        ssize_t n;
        uint32_t d = u->base.local_ip;
        v.iov_base = buf;
        v.iov_len = cap;
        memset(&mh, 0, sizeof mh);
        mh.msg_name = &from;
        mh.msg_namelen = sizeof from;
        mh.msg_iov = &v;
        mh.msg_iovlen = 1;
        mh.msg_control = cm.buf;
        mh.msg_controllen = sizeof cm.buf;
        n = recvmsg(u->fd, &mh, MSG_DONTWAIT);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return 0;
            if (errno == EINTR || errno == ECONNREFUSED)
                continue;
            return ILPC_EIO;
        }
        if ((mh.msg_flags & MSG_TRUNC) || n < 20)
            continue; /* cannot be a whole TCP segment */
        for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
            if (c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_PKTINFO) {
                struct in_pktinfo pi;
                memcpy(&pi, CMSG_DATA(c), sizeof pi);
                d = ntohl(pi.ipi_addr.s_addr);
            }
        }
        *src = ntohl(from.sin_addr.s_addr);
        *dst = d;
        map_learn(u, *src, (uint16_t)(buf[0] << 8 | buf[1]), ntohs(from.sin_port));
        return (int)n;
    }
}

static int udp_fd(ilpc_transport *t) { return ((udp_t *)t)->fd; }

static int udp_wait(ilpc_transport *t, uint64_t timeout_ns)
{
    struct pollfd p;
    int ms = timeout_ns == ILPC_TIME_NEVER ? -1
             : timeout_ns / ILPC_NS_PER_MS > 60000 ? 60000
                                                    : (int)((timeout_ns + ILPC_NS_PER_MS - 1) / ILPC_NS_PER_MS);
    p.fd = ((udp_t *)t)->fd;
    p.events = POLLIN;
    p.revents = 0;
    return poll(&p, 1, ms) < 0 && errno != EINTR ? ILPC_EIO : ILPC_OK;
}

static void udp_destroy(ilpc_transport *t)
{
    udp_t *u = (udp_t *)t;
    close(u->fd);
    free(u);
}

static const ilpc_transport_ops udp_ops = {
    "udp", udp_send, udp_recv, udp_fd, NULL, udp_wait, udp_destroy, NULL, NULL,
};

/* Local address the kernel would use towards peer. */
static uint32_t route_src(uint32_t peer)
{
    struct sockaddr_in a;
    socklen_t al = sizeof a;
    uint32_t r = 0x7f000001u;
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0)
        return r;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(peer);
    a.sin_port = htons(9);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0 && getsockname(fd, (struct sockaddr *)&a, &al) == 0)
        r = ntohl(a.sin_addr.s_addr);
    close(fd);
    return r;
}

int ilpc_transport_udp_open(const char *bind_hp, const char *peer_host, size_t max_seg, ilpc_transport **out)
{
    udp_t *u;
    uint32_t ip, peer = 0;
    uint16_t port;
    struct sockaddr_in a;
    socklen_t al = sizeof a;
    int one = 1;
    *out = NULL;
    if (ilpc_parse_hostport(bind_hp, &ip, &port) < 0)
        return ILPC_EINVAL;
    if (peer_host) {
        uint16_t pp;
        if (ilpc_parse_ipv4(peer_host, &peer) < 0 && ilpc_parse_hostport(peer_host, &peer, &pp) < 0)
            return ILPC_EINVAL;
    }
    u = calloc(1, sizeof *u);
    if (!u)
        return ILPC_ENOMEM;
    u->fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (u->fd < 0) {
        free(u);
        return ILPC_EIO;
    }
#ifdef SO_NO_CHECK
    (void)setsockopt(u->fd, SOL_SOCKET, SO_NO_CHECK, &one, sizeof one);
#endif
    (void)setsockopt(u->fd, IPPROTO_IP, IP_PKTINFO, &one, sizeof one);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(ip);
    a.sin_port = htons(port);
    if (bind(u->fd, (struct sockaddr *)&a, sizeof a) < 0 || getsockname(u->fd, (struct sockaddr *)&a, &al) < 0) {
        int e = errno;
        close(u->fd);
        free(u);
        return e == EADDRINUSE ? ILPC_EADDRINUSE : ILPC_EIO;
    }
    u->port = ntohs(a.sin_port);
    u->bound_any = ip == 0;
    u->base.ops = &udp_ops;
    u->base.local_ip = ip ? ip : route_src(peer ? peer : 0x7f000001u);
    u->base.max_seg = max_seg ? max_seg : 1472;
    if (u->base.max_seg > 65507)
        u->base.max_seg = 65507;
    *out = &u->base;
    return ILPC_OK;
}

uint16_t ilpc_transport_udp_port(const ilpc_transport *t) { return ((const udp_t *)t)->port; }
