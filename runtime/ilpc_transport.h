/* ilpc_transport.h - how the user-level TCP moves whole TCP segments.
 *
 * A transport carries one TCP segment (TCP header + payload, no IP header)
 * per call, together with the IPv4 source and destination addresses used in
 * the checksum pseudo-header.  Addresses are host-order uint32_t
 * (10.0.0.1 == 0x0a000001).  Implementations:
 *   mem  - an in-process pair of queues (tests, simulation)
 *   udp  - one segment per UDP datagram (the paper's "kernel part"),
 *          batched system calls, relay- and NAT-proof addressing
 *   tun  - IPv4 packets on a Linux TUN device, so the kernel's TCP can be the peer
 *   shm  - two processes on one host: rings in shared memory (docs/tcp.md)
 *   impair (ilpc_impair.h) - wraps any transport and damages incoming traffic
 * Calls go through function pointers: this is per packet, not per byte.
 */
#ifndef ILPC_TRANSPORT_H
#define ILPC_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

typedef struct ilpc_iov {
    const void *base;
    size_t len;
} ilpc_iov;

typedef struct ilpc_transport ilpc_transport;

/* Where a segment comes from or goes to on a transport that carries
 * segments inside another protocol (udp: the peer's UDP address), beyond the
 * IPv4 addresses of the TCP pseudo-header.  On the other transports the path
 * is the pseudo-header's remote address (ip) and nothing else.  A
 * connection's path is chosen by the TCP, never by the transport: it moves
 * only to a path the peer has proven it can be reached on (docs/tcp.md,
 * "Paths"). */
typedef struct ilpc_path {
    uint32_t ip;       /* the peer's outer IPv4 address, host order (0: the transport's default peer) */
    uint16_t port;     /* its outer port (0: none, or the default peer's) */
    uint32_t local_ip; /* our outer address the segment arrived on, host order (0: unknown) */
} ilpc_path;

typedef struct ilpc_transport_ops {
    const char *name;
    /* Send one segment gathered from iov[0..iovcnt) along path `to` (NULL:
     * the transport's default peer; transports without paths ignore it).
     * 0 on success (also when the network drops it), negative ILPC_E_* on a
     * local error. */
    int (*send)(ilpc_transport *t, uint32_t src_ip, uint32_t dst_ip, const ilpc_path *to, const ilpc_iov *iov,
                int iovcnt);
    /* Receive one segment into buf, and the path it came along into *from
     * (may be NULL).  Returns its length (> 0), 0 when nothing is available
     * now, or a negative ILPC_E_* error.  Segments longer than cap are
     * dropped.  Never blocks. */
    int (*recv)(ilpc_transport *t, uint32_t *src_ip, uint32_t *dst_ip, ilpc_path *from, uint8_t *buf, size_t cap);
    /* Pollable file descriptor (readable when recv may return data), or -1. */
    int (*fd)(ilpc_transport *t);
    /* Earliest time at which recv may produce a segment without the fd
     * becoming readable (held/delayed packets), ILPC_TIME_NEVER if none.
     * May be NULL. */
    uint64_t (*next_deadline)(ilpc_transport *t);
    /* Block until readable or timeout_ns elapsed (real time).  May be NULL. */
    int (*wait)(ilpc_transport *t, uint64_t timeout_ns);
    void (*destroy)(ilpc_transport *t);
    /* Optional (NULL: the stack uses recv with a copy).  Receive one segment
     * without copying it: *seg points at its bytes, which stay valid and
     * unchanged until the next recv, recv_ref or flush on this transport.
     * Returns as recv does. */
    int (*recv_ref)(ilpc_transport *t, uint32_t *src_ip, uint32_t *dst_ip, ilpc_path *from, const uint8_t **seg);
    /* Optional (NULL: send transmits at once).  A transport that batches may
     * hold segments given to send until flush; the stack flushes at the end of
     * every poll and of every application call that transmitted.  0 on
     * success, negative ILPC_E_* on a local error. */
    int (*flush)(ilpc_transport *t);
    /* Optional (NULL: no default peer).  The path a new connection to TCP
     * port remote_port starts on: 0 and *p, or -1 if there is none. */
    int (*default_path)(ilpc_transport *t, uint16_t remote_port, ilpc_path *p);
} ilpc_transport_ops;

struct ilpc_transport {
    const ilpc_transport_ops *ops;
    uint32_t local_ip; /* default local IPv4 address (pseudo-header, connect) */
    size_t max_seg;    /* largest TCP segment (header + payload) it carries; may
                          exceed 65535 (jumbo segments, e.g. shared memory) */
    size_t max_rx_seg; /* largest segment recv may deliver, when larger than
                          max_seg (a link whose ends may be configured with
                          different segment sizes); 0: max_seg */
    int outer_paths;   /* 1: segments travel along outer paths that the
                          pseudo-header does not name (udp), so that one
                          pseudo-header 4-tuple may have several paths */
};

/* The largest segment a stack on t must accept. */
static inline size_t ilpc_transport_rx_limit(const ilpc_transport *t)
{
    size_t m = t->max_rx_seg > t->max_seg ? t->max_rx_seg : t->max_seg;
    return m > 65535u ? m : 65535u;
}

static inline int ilpc_transport_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_iov *iov, int iovcnt)
{
    return t->ops->send(t, src, dst, NULL, iov, iovcnt);
}
static inline int ilpc_transport_send_to(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_path *to,
                                         const ilpc_iov *iov, int iovcnt)
{
    return t->ops->send(t, src, dst, to, iov, iovcnt);
}
static inline int ilpc_transport_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, uint8_t *buf, size_t cap)
{
    return t->ops->recv(t, src, dst, NULL, buf, cap);
}
static inline int ilpc_transport_recv_from(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from,
                                           uint8_t *buf, size_t cap)
{
    return t->ops->recv(t, src, dst, from, buf, cap);
}
/* The path of a segment on a transport without outer paths: the
 * pseudo-header's addresses (from may be NULL). */
static inline void ilpc_path_of_addresses(ilpc_path *from, uint32_t src, uint32_t dst)
{
    if (from) {
        from->ip = src;
        from->port = 0;
        from->local_ip = dst;
    }
}
static inline int ilpc_path_same(const ilpc_path *a, const ilpc_path *b)
{
    return a->ip == b->ip && a->port == b->port;
}
static inline int ilpc_transport_flush(ilpc_transport *t) { return t->ops->flush ? t->ops->flush(t) : 0; }
static inline int ilpc_transport_fd(ilpc_transport *t) { return t->ops->fd ? t->ops->fd(t) : -1; }
uint64_t ilpc_transport_next_deadline(ilpc_transport *t);
void ilpc_transport_free(ilpc_transport *t);

/* Parse "a.b.c.d" into a host-order address.  0 on success, -1 otherwise. */
int ilpc_parse_ipv4(const char *s, uint32_t *ip);
/* Parse "a.b.c.d:port".  0 on success, -1 otherwise. */
int ilpc_parse_hostport(const char *s, uint32_t *ip, uint16_t *port);
/* Format a host-order address into buf (at least 16 bytes). */
const char *ilpc_format_ipv4(uint32_t ip, char buf[16]);

/* ---- mem: an in-process pair.  A segment sent on one end is queued for
 * recv on the other end (at most qlimit segments; excess is dropped).
 * max_seg may be up to 16 MiB (jumbo segments).
 * Both ends must be freed. */
int ilpc_transport_mem_pair(uint32_t ip_a, uint32_t ip_b, size_t max_seg, size_t qlimit,
                            ilpc_transport **a, ilpc_transport **b);
/* Segments dropped because the queue of this end's peer was full. */
uint64_t ilpc_transport_mem_overflows(const ilpc_transport *t);

/* ---- udp: TCP segments in UDP datagrams over a socket bound to bind_hp
 * ("HOST:PORT"; port 0 = any).  Built to pass relays and NATs: the checksum
 * pseudo-header uses 0.0.0.0 for both addresses whatever the outer ones are
 * (local_ip is 0, recv reports src = dst = 0; connect with remote_ip 0), and
 * every segment received reports its outer path (the sender's UDP address
 * and port, and our address it arrived on).  The transport keeps no routes:
 * send goes along the path the TCP gives, or, with none, to the default peer
 * peer_hp ("HOST:PORT", or "HOST" for UDP port = the TCP destination port;
 * NULL: such segments are dropped).  So a connection is told apart by its
 * TCP ports and its path, and it follows a NAT rebinding only once the TCP
 * has validated the new path (docs/tcp.md, "Paths").  Segments are batched
 * until flush (sendmmsg, UDP GSO) and received in batches (recvmmsg, UDP
 * GRO, recv_ref); ILPC_UDP_NO_GSO=1, ILPC_UDP_NO_GRO=1 and ILPC_UDP_NO_MMSG=1
 * force the fallbacks.  Datagrams are never fragmented (IP_PMTUDISC_DO);
 * max_seg 0 takes the MTU minus 28 of the path to the peer, else of the bound
 * address's interface, else (0.0.0.0, no peer) the largest MTU of any
 * interface; ILPC_UDP_MAX_SEG overrides that choice.  A transport opened
 * with a peer repeats its last pure ACK while the peer is silent (200 ms,
 * doubling, 6 times) so that a NAT rebinding reaches the peer even if the
 * first datagram through the new mapping was lost (next_deadline).
 * ILPC_UDP_STATS=1 prints the counters below to stderr when it is freed. */
int ilpc_transport_udp_open(const char *bind_hp, const char *peer_hp, size_t max_seg, ilpc_transport **out);
/* The UDP port actually bound. */
uint16_t ilpc_transport_udp_port(const ilpc_transport *t);
typedef struct ilpc_udp_stats {
    uint64_t segs_out, dgrams_out, syscalls_out, gso_sends, gso_fallbacks, dropped_out;
    uint64_t segs_in, dgrams_in, syscalls_in, gro_dgrams, dropped_in, refreshes;
    int gso, gro, mmsg; /* features in use now */
} ilpc_udp_stats;
void ilpc_transport_udp_stats(const ilpc_transport *t, ilpc_udp_stats *st);

/* ---- tun: IPv4 over an existing or new TUN device (IFF_TUN|IFF_NO_PI).
 * local_ip is the address this stack uses on the link (the kernel side has
 * its own address on the device).  The device must be configured (address,
 * up) outside the library, e.g. with ip(8).  mtu 0 selects 1500. */
int ilpc_transport_tun_open(const char *ifname, const char *local_ip, size_t mtu, ilpc_transport **out);

/* ---- shm: a point-to-point link between two processes on one host.
 * Segments travel through rings in a shared memory area (one copy: send
 * copies the gathered segment into the area, recv_ref hands out a pointer
 * into it).  NAME (1..96 of A-Z a-z 0-9 - _ .) names a Unix socket in the
 * abstract namespace used only to meet, to pass the area and the wake-up
 * descriptors, and to notice a dead peer.  The listening end has address
 * ILPC_SHM_IP_LISTEN, the connecting end ILPC_SHM_IP_CONNECT.
 *   listen:  never blocks; the peer is accepted inside recv/wait, one at a
 *            time; when it goes away (or breaks the ring protocol) recv
 *            reports ILPC_E_IO once and the next peer can be accepted.
 *   connect: ILPC_E_CONNREFUSED if nobody listens on NAME; afterwards a
 *            dead or misbehaving peer makes recv, wait and send fail with
 *            ILPC_E_IO for good.
 * max_seg: the largest segment this end's TCP sends (64..ILPC_SHM_SEG_LIMIT;
 * 0 selects ILPC_SHM_SEG_DEFAULT, 256 KiB: a 64 KiB message travels in one
 * segment and is read in place).  Either end accepts segments up to
 * ILPC_SHM_SEG_LIMIT, so the two ends may be set differently.  Both return
 * ILPC_E_INVAL for a bad NAME or max_seg.
 * wait spins briefly, then sleeps until the peer publishes (it is woken only
 * when it said it sleeps).  fd is the wake-up descriptor of the current peer
 * (the listening socket while there is none); once asked for it, the peer
 * wakes it on every flush, for outside event loops. */
#define ILPC_SHM_IP_LISTEN 0xa9fe5301u  /* 169.254.83.1 */
#define ILPC_SHM_IP_CONNECT 0xa9fe5302u /* 169.254.83.2 */
#define ILPC_SHM_SEG_LIMIT (1u << 20)
#define ILPC_SHM_SEG_DEFAULT (1u << 18)
int ilpc_transport_shm_listen(const char *name, size_t max_seg, ilpc_transport **out);
int ilpc_transport_shm_connect(const char *name, size_t max_seg, ilpc_transport **out);
/* 1 if NAME is acceptable, 0 otherwise. */
int ilpc_transport_shm_name_ok(const char *name);
/* Counters of one end. */
typedef struct ilpc_shm_stats {
    uint64_t seg_out, seg_in;
    uint64_t dropped;     /* sends dropped: the ring stayed full */
    uint64_t kicks;       /* wake-ups sent to a sleeping peer */
    uint64_t sleeps;      /* waits that went to sleep in poll(2) */
    uint64_t spin_hits;   /* waits that found a segment while spinning */
    uint64_t peers;       /* peers attached (listen: accepted) */
} ilpc_shm_stats;
const ilpc_shm_stats *ilpc_transport_shm_stats(const ilpc_transport *t);

#endif
