/* ilpc_transport_tun.c - IPv4 on a Linux TUN device (IFF_TUN | IFF_NO_PI),
 * so that the kernel's own TCP can be the peer of the ilpc stack.
 *
 * Receive: one read(2) per packet, scattered so that the TCP segment lands
 * directly in the stack's buffer; the IPv4 header is checked (version,
 * lengths, header checksum, protocol 6, our address) and fragments are
 * dropped.  Send: a 20-byte IPv4 header (DF set, TTL 64, no options) is
 * gathered in front of the segment with writev(2).  The device itself
 * (address, link up, routes) is configured outside the library. */
#define _GNU_SOURCE
#include "ilpc_clock.h"
#include "ilpc_tcp.h"
#include "ilpc_transport.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include <unistd.h>

typedef struct tun_t {
    ilpc_transport base;
    int fd;
    uint16_t ip_id;
    uint64_t dropped;
} tun_t;

static uint16_t ip_csum(const uint8_t *h, size_t n)
{
    uint32_t s = 0;
    size_t i;
    for (i = 0; i + 1 < n; i += 2)
        s += (uint32_t)(h[i] << 8 | h[i + 1]);
    while (s >> 16)
        s = (s & 0xffffu) + (s >> 16);
    return (uint16_t)~s;
}

static int tun_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_path *to, const ilpc_iov *iov,
                    int iovcnt)
{
    tun_t *u = (tun_t *)t;
    uint8_t h[20];
    struct iovec v[9];
    size_t len = 20;
    (void)to; /* the IPv4 header's addresses are the path */
    uint16_t ck;
    int i;
    if (iovcnt < 1 || iovcnt > 8)
        return ILPC_E_INVAL;
    for (i = 0; i < iovcnt; i++) {
        v[i + 1].iov_base = (void *)(uintptr_t)iov[i].base;
        v[i + 1].iov_len = iov[i].len;
        len += iov[i].len;
    }
    if (len > 65535)
        return ILPC_E_INVAL;
    h[0] = 0x45;
    h[1] = 0;
    h[2] = (uint8_t)(len >> 8);
    h[3] = (uint8_t)len;
    u->ip_id++;
    h[4] = (uint8_t)(u->ip_id >> 8);
    h[5] = (uint8_t)u->ip_id;
    h[6] = 0x40; /* DF, offset 0 */
    h[7] = 0;
    h[8] = 64;
    h[9] = 6;
    h[10] = h[11] = 0;
    h[12] = (uint8_t)(src >> 24);
    h[13] = (uint8_t)(src >> 16);
    h[14] = (uint8_t)(src >> 8);
    h[15] = (uint8_t)src;
    h[16] = (uint8_t)(dst >> 24);
    h[17] = (uint8_t)(dst >> 16);
    h[18] = (uint8_t)(dst >> 8);
    h[19] = (uint8_t)dst;
    ck = ip_csum(h, 20);
    h[10] = (uint8_t)(ck >> 8);
    h[11] = (uint8_t)ck;
    v[0].iov_base = h;
    v[0].iov_len = 20;
    if (writev(u->fd, v, iovcnt + 1) < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS || errno == EINTR)
            return ILPC_OK; /* dropped */
        return ILPC_E_IO;
    }
    return ILPC_OK;
}

static int tun_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, uint8_t *buf, size_t cap)
{
    tun_t *u = (tun_t *)t;
    for (;;) {
        uint8_t h[60];
        struct iovec v[2];
        ssize_t n;
        size_t ihl, tot, seg;
        /* the first 20 bytes go to h, the rest straight into buf */
        v[0].iov_base = h;
        v[0].iov_len = 20;
        v[1].iov_base = buf;
        v[1].iov_len = cap;
        n = readv(u->fd, v, 2);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return 0;
            if (errno == EINTR)
                continue;
            return ILPC_E_IO;
        }
        if (n < 20 || (h[0] >> 4) != 4)
            goto drop; /* short, or IPv6 and friends */
        ihl = (size_t)(h[0] & 15u) * 4u;
        tot = (size_t)(h[2] << 8 | h[3]);
        if (ihl < 20 || tot < ihl || tot > (size_t)n || tot - ihl < 20)
            goto drop;
        if (ihl > 20)
            memcpy(h + 20, buf, ihl - 20);
        if (ip_csum(h, ihl) != 0)
            goto drop;
        if (h[9] != 6 || (h[6] & 0x20) || ((h[6] & 0x1f) | h[7]))
            goto drop; /* not TCP, or a fragment */
        *src = (uint32_t)h[12] << 24 | (uint32_t)h[13] << 16 | (uint32_t)h[14] << 8 | h[15];
        *dst = (uint32_t)h[16] << 24 | (uint32_t)h[17] << 16 | (uint32_t)h[18] << 8 | h[19];
        if (*dst != u->base.local_ip)
            goto drop;
        seg = tot - ihl;
        if (ihl > 20)
            memmove(buf, buf + (ihl - 20), seg);
        ilpc_path_of_addresses(from, *src, *dst);
        return (int)seg;
    drop:
        u->dropped++;
    }
}

static int tun_fd(ilpc_transport *t) { return ((tun_t *)t)->fd; }

static int tun_wait(ilpc_transport *t, uint64_t timeout_ns)
{
    struct pollfd p;
    int ms = timeout_ns == ILPC_TIME_NEVER ? -1
             : timeout_ns / ILPC_NS_PER_MS > 60000 ? 60000
                                                    : (int)((timeout_ns + ILPC_NS_PER_MS - 1) / ILPC_NS_PER_MS);
    p.fd = ((tun_t *)t)->fd;
    p.events = POLLIN;
    p.revents = 0;
    return poll(&p, 1, ms) < 0 && errno != EINTR ? ILPC_E_IO : ILPC_OK;
}

static void tun_destroy(ilpc_transport *t)
{
    tun_t *u = (tun_t *)t;
    close(u->fd);
    free(u);
}

static const ilpc_transport_ops tun_ops = {
    "tun", tun_send, tun_recv, tun_fd, NULL, tun_wait, tun_destroy, NULL, NULL, NULL,
};

int ilpc_transport_tun_open(const char *ifname, const char *local_ip, size_t mtu, ilpc_transport **out)
{
    tun_t *u;
    struct ifreq ifr;
    uint32_t ip;
    *out = NULL;
    if (!ifname || strlen(ifname) >= IFNAMSIZ || ilpc_parse_ipv4(local_ip, &ip) < 0)
        return ILPC_E_INVAL;
    u = calloc(1, sizeof *u);
    if (!u)
        return ILPC_E_NOMEM;
    u->fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (u->fd < 0) {
        free(u);
        return ILPC_E_IO;
    }
    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
    memcpy(ifr.ifr_name, ifname, strlen(ifname));
    if (ioctl(u->fd, TUNSETIFF, &ifr) < 0) {
        close(u->fd);
        free(u);
        return ILPC_E_IO;
    }
    u->base.ops = &tun_ops;
    u->base.local_ip = ip;
    u->base.max_seg = (mtu ? mtu : 1500) - 20;
    *out = &u->base;
    return ILPC_OK;
}
