/* ilpc_transport_shm.c - TCP segments between two processes on one host
 * through shared memory (docs/tcp.md, "The shm transport").
 *
 * The connecting end creates the shared area (a sealed memfd, or a file under
 * /dev/shm unlinked once mapped), two eventfds for wake-ups (or none: the
 * meeting socket carries them), and hands them to the listening end over a
 * Unix socket in the abstract namespace (SCM_RIGHTS).  That socket stays open:
 * its hang-up is how each end learns that the other one died.
 *
 * Per direction the area holds a control block (producer index; consumer
 * index and "kick me" flags on another cache line), a ring of descriptors
 * (offset, length, IPv4 source and destination) and a data area used as a ring
 * of variable-size slots.  Indices are free-running 32-bit counters published
 * with release stores and read with acquire loads.
 *
 * Trust: the peer may be hostile or die at any moment.  Every index and
 * descriptor field is read once into a local and validated; the area's size
 * and layout come from this process's own constants, never from the area; a
 * violation fails the link with ILPC_E_IO.  The producer keeps its own copy of
 * where each slot lies, so a consumer index is all it reads back.
 */
#define _GNU_SOURCE
#include "ilpc_clock.h"
#include "ilpc_tcp.h"
#include "ilpc_transport.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------ the protocol */

#define SHM_MAGIC 0x314d48534350494cull /* "LIPCSHM1" little-endian */
#define SHM_VERSION 1u
#define SHM_SLOTS 16384u                /* descriptors per direction (power of 2) */
#define SHM_DATA (8u << 20)             /* data bytes per direction (power of 2) */
#define SHM_ALIGN 64u                   /* slots start on cache lines */
#define SHM_CTL_SIZE 4096u              /* both control blocks */
#define SHM_NAME_MAX 96
#define SHM_WAKE_EVENTFD 1u             /* two eventfds travel with the area */
#define SHM_WAKE_SOCKET 2u              /* wake-ups are bytes on the meeting socket */

_Static_assert(sizeof(unsigned) == 4, "32-bit indices");
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "lock-free atomics in shared memory");
_Static_assert(SHM_DATA >= 4 * ILPC_SHM_SEG_LIMIT, "a largest segment always fits");

/* One direction's control block.  The producer writes prod only; the
 * consumer writes cons, sleeping and kick_always. */
typedef struct shm_ctl {
    atomic_uint prod;        /* descriptors published */
    char pad0[60];
    atomic_uint cons;        /* descriptors released */
    atomic_uint sleeping;    /* consumer is about to sleep: kick it (the producer clears it) */
    atomic_uint kick_always; /* consumer's fd is watched by an outside loop: kick every flush */
    char pad1[52];
} shm_ctl;
_Static_assert(sizeof(shm_ctl) == 128, "two cache lines");

typedef struct shm_desc {
    uint32_t off, len, src, dst;
} shm_desc;

/* The first message on the meeting socket, from the connecting end. */
typedef struct shm_hello {
    uint64_t magic;
    uint32_t version, slots, data, wake;
} shm_hello;

/* Offsets of the parts of the area; direction 0 runs connect -> listen. */
#define SHM_DESC_OFF(d) ((size_t)SHM_CTL_SIZE + (size_t)(d) * SHM_SLOTS * sizeof(shm_desc))
#define SHM_DATA_OFF(d) (SHM_DESC_OFF(2) + (size_t)(d) * SHM_DATA)
#define SHM_TOTAL SHM_DATA_OFF(2)

/* ------------------------------------------------------------ one end */

enum { ST_IDLE, ST_UP, ST_DEAD };

typedef struct shm_t {
    ilpc_transport base;
    ilpc_shm_stats st;
    int listening;       /* made by listen: accepts peers one after another */
    int lfd;             /* listening socket, or -1 */
    int sock;            /* the meeting socket of the current peer, or -1 */
    uint64_t sock_since; /* listen: when sock was accepted (hello deadline) */
    int state;
    int eio_pending;     /* listen: report the lost peer once */
    uint32_t wake;       /* SHM_WAKE_* */
    int rx_efd, tx_efd;  /* eventfds: mine to sleep on, the peer's to kick */
    uint8_t *map;
    uint8_t *old_map;    /* a failed peer's area, while a view into it may be in use */
    shm_ctl *rxc, *txc;
    volatile shm_desc *rxd, *txd;
    uint8_t *rxdata, *txdata;
    uint32_t peer_ip;
    /* consumer */
    uint32_t cons;       /* next descriptor to read */
    uint32_t prod_seen;  /* producer index at the last look (validated) */
    int held;            /* recv_ref handed out descriptor cons */
    uint64_t alive_at;   /* next liveness check of the socket while idle */
    /* producer */
    uint32_t prod;       /* next descriptor to fill */
    uint32_t pub;        /* published up to here */
    uint32_t peer_cons;  /* last consumer index read back (validated) */
    uint64_t dhead;      /* data bytes allocated, free-running */
    uint64_t *begin;     /* per descriptor: dhead before its allocation */
    int stalled;         /* the last send was dropped, the peer had consumed up to stalled_cons */
    uint32_t stalled_cons;
    /* adaptive busy-polling */
    uint64_t spin_ns;
} shm_t;

#define SPIN_MIN_NS 1000u
#define SPIN_MAX_NS 64000u
#define SPIN_YIELD_NS 4000u
#define SPIN_IDLE_NS 1000000u /* a wait longer than this is idleness, not a round trip */
#define FULL_WAIT_NS 200000u /* a send into a full ring waits this long, then drops */

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * ILPC_NS_PER_S + (uint64_t)ts.tv_nsec;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __asm__ __volatile__("pause" ::: "memory");
#elif defined(__aarch64__)
    __asm__ __volatile__("yield" ::: "memory");
#else
    atomic_signal_fence(memory_order_seq_cst);
#endif
}

int ilpc_transport_shm_name_ok(const char *name)
{
    size_t i;
    if (!name || !*name)
        return 0;
    for (i = 0; name[i]; i++) {
        char c = name[i];
        if (i >= SHM_NAME_MAX)
            return 0;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
              c == '.'))
            return 0;
    }
    return 1;
}

static socklen_t sock_addr(const char *name, struct sockaddr_un *a)
{
    size_t n = strlen(name);
    memset(a, 0, sizeof *a);
    a->sun_family = AF_UNIX;
    /* abstract namespace: a leading NUL, no file */
    memcpy(a->sun_path + 1, "ilpc-shm/", 9);
    memcpy(a->sun_path + 10, name, n);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 10 + n);
}

/* Test hooks: force the fallbacks (as if the kernel lacked memfd/eventfd). */
static int env_off(const char *var)
{
    const char *v = getenv(var);
    return v && *v && strcmp(v, "0") != 0;
}

static int memfd_usable(void)
{
    int fd;
    if (env_off("ILPC_SHM_NO_MEMFD"))
        return 0;
    fd = memfd_create("ilpc-shm-probe", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0)
        return 0;
    close(fd);
    return 1;
}

/* Point the ring pointers of s into the mapped area; dir_tx is the direction
 * this end produces into. */
static void attach(shm_t *s, uint8_t *map, int dir_tx)
{
    int dir_rx = 1 - dir_tx;
    s->map = map;
    s->txc = (shm_ctl *)(void *)(map + (size_t)dir_tx * (SHM_CTL_SIZE / 2));
    s->rxc = (shm_ctl *)(void *)(map + (size_t)dir_rx * (SHM_CTL_SIZE / 2));
    s->txd = (volatile shm_desc *)(void *)(map + SHM_DESC_OFF(dir_tx));
    s->rxd = (volatile shm_desc *)(void *)(map + SHM_DESC_OFF(dir_rx));
    s->txdata = map + SHM_DATA_OFF(dir_tx);
    s->rxdata = map + SHM_DATA_OFF(dir_rx);
    s->cons = s->prod = s->pub = s->peer_cons = s->prod_seen = 0;
    s->held = 0;
    s->dhead = 0;
    s->stalled = 0;
    s->spin_ns = 8000;
    s->alive_at = 0;
    s->state = ST_UP;
    s->st.peers++;
}

/* Unmap an area kept for a view handed out before its peer failed. */
static void unmap_old(shm_t *s)
{
    if (s->old_map)
        munmap(s->old_map, SHM_TOTAL);
    s->old_map = NULL;
}

/* Drop the current peer: unmap (or, while the stack may still be reading a
 * segment from recv_ref, keep the area until that view expires), close its
 * descriptors. */
static void detach(shm_t *s)
{
    if (s->map && s->held) {
        unmap_old(s);
        s->old_map = s->map;
    } else if (s->map) {
        munmap(s->map, SHM_TOTAL);
    }
    s->map = NULL;
    s->held = 0;
    s->rxc = s->txc = NULL;
    s->rxd = s->txd = NULL;
    s->rxdata = s->txdata = NULL;
    if (s->sock >= 0)
        close(s->sock);
    if (s->rx_efd >= 0)
        close(s->rx_efd);
    if (s->tx_efd >= 0 && s->tx_efd != s->rx_efd)
        close(s->tx_efd);
    s->sock = s->rx_efd = s->tx_efd = -1;
}

/* The link failed (peer gone, or it broke the protocol). */
static int link_fail(shm_t *s)
{
    if (s->listening) {
        detach(s);
        s->state = ST_IDLE;
        s->eio_pending = 1;
    } else {
        if (s->state == ST_UP)
            detach(s);
        s->state = ST_DEAD;
    }
    return ILPC_E_IO;
}

/* Read whatever sits on the meeting socket: wake-up bytes, or the end of the
 * peer.  0 while it lives, ILPC_E_IO once it is gone. */
static int drain_sock(shm_t *s)
{
    char buf[256];
    int k;
    for (k = 0; k < 64; k++) { /* bounded: a peer could keep writing */
        ssize_t n = recv(s->sock, buf, sizeof buf, MSG_DONTWAIT);
        if (n > 0)
            continue;
        if (n == 0)
            return link_fail(s);
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            return 0;
        return link_fail(s);
    }
    return 0;
}

static int check_alive(shm_t *s)
{
    struct pollfd p;
    p.fd = s->sock;
    p.events = POLLIN;
    p.revents = 0;
    if (poll(&p, 1, 0) <= 0)
        return 0;
    if (p.revents & (POLLHUP | POLLERR | POLLNVAL))
        return link_fail(s);
    return drain_sock(s);
}

/* ------------------------------------------------------------ producing */

/* Publish the filled descriptors; kick the peer if it said it sleeps. */
static void publish(shm_t *s)
{
    shm_ctl *c = s->txc;
    if (s->pub == s->prod)
        return;
    s->pub = s->prod;
    atomic_store_explicit(&c->prod, s->prod, memory_order_release);
    /* store prod, then load sleeping: the consumer does the mirror image, so
     * one of the two sees the other (no lost wake-up) */
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&c->kick_always, memory_order_relaxed) ||
        (atomic_load_explicit(&c->sleeping, memory_order_relaxed) &&
         atomic_exchange_explicit(&c->sleeping, 0u, memory_order_relaxed))) {
        s->st.kicks++;
        if (s->wake == SHM_WAKE_EVENTFD) {
            uint64_t one = 1;
            ssize_t n = write(s->tx_efd, &one, sizeof one);
            (void)n; /* EAGAIN: the counter is already huge, the peer wakes anyway */
        } else {
            char b = 1;
            ssize_t n = send(s->sock, &b, 1, MSG_DONTWAIT | MSG_NOSIGNAL);
            (void)n; /* a full socket wakes the peer as well; a dead one is noticed elsewhere */
        }
    }
}

/* Read back the consumer index.  0, or ILPC_E_IO if it is impossible. */
static int read_peer_cons(shm_t *s)
{
    uint32_t c = atomic_load_explicit(&s->txc->cons, memory_order_acquire);
    /* it may only move forward, and never past what was published */
    if ((uint32_t)(c - s->peer_cons) > (uint32_t)(s->pub - s->peer_cons))
        return link_fail(s);
    s->peer_cons = c;
    return 0;
}

/* Room for a segment of len bytes: its offset in the data area, 1 if there is
 * none now, or ILPC_E_IO. */
static int tx_room(shm_t *s, uint32_t len, uint32_t *off, uint64_t *need)
{
    uint64_t alen = ((uint64_t)len + SHM_ALIGN - 1) & ~(uint64_t)(SHM_ALIGN - 1);
    uint32_t pos = (uint32_t)(s->dhead & (SHM_DATA - 1));
    uint64_t skip = pos + alen > SHM_DATA ? SHM_DATA - pos : 0, used;
    int fresh = 0;
    /* with the consumer index last read (refreshed at every flush), else read it again */
    for (;; fresh = 1) {
        if (fresh && read_peer_cons(s) < 0)
            return ILPC_E_IO;
        used = s->peer_cons == s->prod ? 0 : s->dhead - s->begin[s->peer_cons & (SHM_SLOTS - 1)];
        if (s->prod - s->peer_cons < SHM_SLOTS && used + skip + alen <= SHM_DATA)
            break;
        if (fresh)
            return 1;
    }
    *off = skip ? 0 : pos;
    *need = skip + alen;
    return 0;
}

static int shm_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_path *to, const ilpc_iov *iov,
                    int iovcnt)
{
    shm_t *s = (shm_t *)t;
    size_t len = 0;
    uint32_t off = 0, k;
    uint64_t need = 0, t0 = 0;
    (void)to; /* point to point: one path */
    volatile shm_desc *d;
    uint8_t *p;
    int i, r;
    for (i = 0; i < iovcnt; i++)
        len += iov[i].len;
    if (len == 0 || len > t->max_seg)
        return ILPC_E_INVAL;
    if (s->state == ST_DEAD)
        return ILPC_E_IO;
    if (s->state != ST_UP)
        return ILPC_OK; /* no peer yet: the wire drops it */
    while ((r = tx_room(s, (uint32_t)len, &off, &need)) != 0) {
        uint64_t now;
        if (r < 0)
            return r;
        /* full: let the peer see what we have, give it a moment (not again
         * while it has not consumed anything since the last drop) */
        publish(s);
        now = mono_ns();
        if (!t0 && !(s->stalled && s->peer_cons == s->stalled_cons)) {
            t0 = now;
        } else if (!t0 || now - t0 > FULL_WAIT_NS) {
            s->st.dropped++;
            s->stalled = 1;
            s->stalled_cons = s->peer_cons;
            return check_alive(s) < 0 ? ILPC_E_IO : ILPC_OK; /* like a drop on the wire */
        }
        for (k = 0; k < 64; k++)
            cpu_relax();
    }
    s->stalled = 0;
    /* the one copy: TCP header and payload spans into the shared slot */
    p = s->txdata + off;
    for (i = 0; i < iovcnt; i++) {
        if (iov[i].len)
            memcpy(p, iov[i].base, iov[i].len);
        p += iov[i].len;
    }
    s->begin[s->prod & (SHM_SLOTS - 1)] = s->dhead;
    s->dhead += need;
    d = &s->txd[s->prod & (SHM_SLOTS - 1)];
    d->off = off;
    d->len = (uint32_t)len;
    d->src = src;
    d->dst = dst;
    s->prod++;
    s->st.seg_out++;
    /* a long batch: let the peer start on it (a kick only if it sleeps) */
    if (s->prod - s->pub >= 32)
        publish(s);
    return ILPC_OK;
}

/* ------------------------------------------------------------ consuming */

static void release_held(shm_t *s)
{
    if (!s->held)
        return;
    s->held = 0;
    s->cons++;
    atomic_store_explicit(&s->rxc->cons, s->cons, memory_order_release);
}

static int try_accept(shm_t *s);

/* Segments available on the ring: > 0, 0, or ILPC_E_IO. */
static int rx_avail(shm_t *s)
{
    uint32_t p, n;
    if (s->prod_seen != s->cons)
        return 1; /* still published ones from the last look: no shared read */
    p = atomic_load_explicit(&s->rxc->prod, memory_order_acquire);
    n = p - s->cons;
    if (n > SHM_SLOTS)
        return link_fail(s);
    s->prod_seen = p;
    return n > 0;
}

static int recv_ref1(shm_t *s, uint32_t *src, uint32_t *dst, const uint8_t **seg)
{
    volatile shm_desc *d;
    uint32_t off, len, sip, dip;
    int r;
    if (s->state != ST_UP) {
        if (s->state == ST_DEAD)
            return ILPC_E_IO;
        if (s->eio_pending) {
            s->eio_pending = 0;
            return ILPC_E_IO;
        }
        if (try_accept(s) <= 0)
            return 0;
    }
    release_held(s);
    r = rx_avail(s);
    if (r == 0 && atomic_load_explicit(&s->rxc->kick_always, memory_order_relaxed)) {
        /* an outside loop polls fd(): clear its readiness, then look again
         * (a segment published after this look comes with a new kick) */
        if (s->wake == SHM_WAKE_EVENTFD) {
            uint64_t v;
            ssize_t k = read(s->rx_efd, &v, sizeof v);
            (void)k;
        } else if (drain_sock(s) < 0) {
            return ILPC_E_IO;
        }
        r = rx_avail(s);
    }
    if (r <= 0) {
        uint64_t now;
        if (r < 0)
            return r;
        /* idle: is the peer still there?  (at most every millisecond) */
        now = mono_ns();
        if (now >= s->alive_at) {
            s->alive_at = now + ILPC_NS_PER_MS;
            return check_alive(s);
        }
        return 0;
    }
    /* each field once, then validate */
    d = &s->rxd[s->cons & (SHM_SLOTS - 1)];
    off = d->off;
    len = d->len;
    sip = d->src;
    dip = d->dst;
    if (len == 0 || len > ILPC_SHM_SEG_LIMIT || off > SHM_DATA || len > SHM_DATA - off)
        return link_fail(s);
    s->held = 1;
    s->st.seg_in++;
    *src = sip;
    *dst = dip;
    *seg = s->rxdata + off;
    return (int)len;
}

static int shm_recv_ref(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, const uint8_t **seg)
{
    shm_t *s = (shm_t *)t;
    int r;
    unmap_old(s);
    r = recv_ref1(s, src, dst, seg);
    if (r > 0)
        ilpc_path_of_addresses(from, *src, *dst);
    if (r < 0)
        s->eio_pending = 0; /* a lost peer is reported once, here */
    return r;
}

static int shm_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, uint8_t *buf, size_t cap)
{
    shm_t *s = (shm_t *)t;
    for (;;) {
        const uint8_t *p = NULL;
        int n = shm_recv_ref(t, src, dst, from, &p);
        if (n <= 0)
            return n;
        if ((size_t)n <= cap)
            memcpy(buf, p, (size_t)n);
        release_held(s);
        if ((size_t)n <= cap)
            return n;
        /* too long for the caller: dropped */
    }
}

static int shm_flush(ilpc_transport *t)
{
    shm_t *s = (shm_t *)t;
    unmap_old(s);
    if (s->state == ST_DEAD)
        return ILPC_E_IO;
    if (s->state != ST_UP)
        return ILPC_OK;
    release_held(s);
    if (read_peer_cons(s) < 0) /* once per batch: keeps the producer's view fresh */
        return ILPC_E_IO;
    publish(s);
    return ILPC_OK;
}

/* ------------------------------------------------------------ waiting */

static struct timespec to_ts(uint64_t ns)
{
    struct timespec ts;
    if (ns > 60 * ILPC_NS_PER_S)
        ns = 60 * ILPC_NS_PER_S;
    ts.tv_sec = (time_t)(ns / ILPC_NS_PER_S);
    ts.tv_nsec = (long)(ns % ILPC_NS_PER_S);
    return ts;
}

static int wait_idle(shm_t *s, uint64_t timeout_ns)
{
    struct pollfd p[2];
    struct timespec ts = to_ts(timeout_ns);
    int n = 0;
    p[n].fd = s->lfd;
    p[n].events = POLLIN;
    p[n++].revents = 0;
    if (s->sock >= 0) { /* accepted, hello not yet read */
        p[n].fd = s->sock;
        p[n].events = POLLIN;
        p[n++].revents = 0;
    }
    if (ppoll(p, (nfds_t)n, timeout_ns == ILPC_TIME_NEVER ? NULL : &ts, NULL) < 0 && errno != EINTR)
        return ILPC_E_IO;
    return ILPC_OK;
}

static int shm_wait(ilpc_transport *t, uint64_t timeout_ns)
{
    shm_t *s = (shm_t *)t;
    struct pollfd p[2];
    struct timespec ts;
    uint64_t t0, spin;
    int n = 0, r;
    if (s->state == ST_DEAD)
        return ILPC_E_IO;
    if (s->eio_pending)
        return ILPC_OK; /* recv reports it */
    if (s->state == ST_IDLE) {
        if (try_accept(s) != 0)
            return ILPC_OK;
        return wait_idle(s, timeout_ns);
    }
    release_held(s);
    publish(s);
    if ((r = rx_avail(s)) != 0)
        return r < 0 ? r : ILPC_OK;
    /* adaptive busy-polling: spin for about as long as the last waits for the
     * peer took (bounded by SPIN_MAX_NS), then sleep */
    spin = s->spin_ns < timeout_ns ? s->spin_ns : timeout_ns;
    t0 = mono_ns();
    for (;;) {
        int k;
        uint64_t el;
        for (k = 0; k < 32; k++)
            cpu_relax();
        if ((r = rx_avail(s)) != 0) {
            if (r < 0)
                return r;
            s->st.spin_hits++;
            return ILPC_OK;
        }
        el = mono_ns() - t0;
        if (el >= spin)
            break;
        /* past the first microseconds, let a runnable process have this CPU:
         * with more runnable processes than CPUs, it may be the peer */
        if (el >= SPIN_YIELD_NS)
            sched_yield();
    }
    if (timeout_ns <= spin)
        return ILPC_OK;
    timeout_ns -= spin;
    /* sleep: say so, then look once more (the producer's mirror image in publish) */
    atomic_store_explicit(&s->rxc->sleeping, 1u, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
    if ((r = rx_avail(s)) != 0) {
        atomic_store_explicit(&s->rxc->sleeping, 0u, memory_order_relaxed);
        return r < 0 ? r : ILPC_OK;
    }
    s->st.sleeps++;
    p[n].fd = s->sock;
    p[n].events = POLLIN;
    p[n++].revents = 0;
    if (s->wake == SHM_WAKE_EVENTFD) {
        p[n].fd = s->rx_efd;
        p[n].events = POLLIN;
        p[n++].revents = 0;
    }
    ts = to_ts(timeout_ns);
    r = ppoll(p, (nfds_t)n, timeout_ns == ILPC_TIME_NEVER ? NULL : &ts, NULL);
    atomic_store_explicit(&s->rxc->sleeping, 0u, memory_order_relaxed);
    {
        /* Woken soon after the spin gave up: spin that long next time (with a
         * margin).  Woken a little later: spin as long as allowed (a peer kept
         * waiting by our sleeps answers later, which must not lock both ends
         * into sleeping).  A long or timed-out sleep: spin less. */
        uint64_t waited = mono_ns() - t0;
        if (r > 0 && waited <= SPIN_MAX_NS)
            s->spin_ns = waited + waited / 2 > SPIN_MAX_NS ? SPIN_MAX_NS : waited + waited / 2;
        else if (r > 0 && waited <= SPIN_IDLE_NS)
            s->spin_ns = SPIN_MAX_NS;
        else
            s->spin_ns = s->spin_ns / 2 < SPIN_MIN_NS ? SPIN_MIN_NS : s->spin_ns / 2;
    }
    if (r < 0)
        return errno == EINTR ? ILPC_OK : link_fail(s);
    if (n > 1 && p[1].revents) {
        uint64_t v;
        ssize_t k = read(s->rx_efd, &v, sizeof v);
        (void)k;
    }
    if (p[0].revents & (POLLHUP | POLLERR | POLLNVAL))
        return link_fail(s);
    if (p[0].revents & POLLIN)
        return drain_sock(s);
    return ILPC_OK;
}

static int shm_fd(ilpc_transport *t)
{
    shm_t *s = (shm_t *)t;
    if (s->state != ST_UP)
        return s->state == ST_IDLE ? s->lfd : -1;
    /* an outside event loop watches it: every flush must kick */
    atomic_store_explicit(&s->rxc->kick_always, 1u, memory_order_seq_cst);
    return s->wake == SHM_WAKE_EVENTFD ? s->rx_efd : s->sock;
}

static uint64_t shm_next_deadline(ilpc_transport *t)
{
    shm_t *s = (shm_t *)t;
    /* published but unread segments are due now (an outside loop may have
     * missed the kick), and so is a lost peer's error */
    if (s->eio_pending || s->state == ST_DEAD)
        return 0;
    if (s->state == ST_UP) {
        uint32_t p = atomic_load_explicit(&s->rxc->prod, memory_order_acquire);
        if (p != s->cons + (uint32_t)s->held)
            return 0;
    }
    return ILPC_TIME_NEVER;
}

static void shm_destroy(ilpc_transport *t)
{
    shm_t *s = (shm_t *)t;
    if (s->state == ST_UP)
        detach(s);
    else if (s->sock >= 0)
        close(s->sock);
    if (s->lfd >= 0)
        close(s->lfd);
    unmap_old(s);
    free(s->begin);
    free(s);
}

static const ilpc_transport_ops shm_ops = {
    "shm", shm_send, shm_recv, shm_fd, shm_next_deadline, shm_wait, shm_destroy, shm_recv_ref, shm_flush, NULL,
};

const ilpc_shm_stats *ilpc_transport_shm_stats(const ilpc_transport *t) { return &((const shm_t *)t)->st; }

/* ------------------------------------------------------------ meeting */

static shm_t *shm_new(size_t max_seg)
{
    shm_t *s;
    if (max_seg == 0)
        max_seg = ILPC_SHM_SEG_DEFAULT;
    if (max_seg < 64 || max_seg > ILPC_SHM_SEG_LIMIT)
        return NULL;
    s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->begin = malloc(SHM_SLOTS * sizeof *s->begin);
    if (!s->begin) {
        free(s);
        return NULL;
    }
    s->base.ops = &shm_ops;
    s->base.max_seg = max_seg;
    s->base.max_rx_seg = ILPC_SHM_SEG_LIMIT; /* what the peer's end may be set to send */
    s->lfd = s->sock = s->rx_efd = s->tx_efd = -1;
    s->state = ST_IDLE;
    return s;
}

int ilpc_transport_shm_listen(const char *name, size_t max_seg, ilpc_transport **out)
{
    struct sockaddr_un a;
    socklen_t al;
    shm_t *s;
    *out = NULL;
    if (!ilpc_transport_shm_name_ok(name) || (max_seg && (max_seg < 64 || max_seg > ILPC_SHM_SEG_LIMIT)))
        return ILPC_E_INVAL;
    s = shm_new(max_seg);
    if (!s)
        return ILPC_E_NOMEM;
    s->listening = 1;
    s->base.local_ip = ILPC_SHM_IP_LISTEN;
    s->peer_ip = ILPC_SHM_IP_CONNECT;
    al = sock_addr(name, &a);
    s->lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (s->lfd < 0 || bind(s->lfd, (struct sockaddr *)&a, al) < 0 || listen(s->lfd, 8) < 0) {
        int e = errno;
        shm_destroy(&s->base);
        return e == EADDRINUSE ? ILPC_E_ADDRINUSE : ILPC_E_IO;
    }
    *out = &s->base;
    return ILPC_OK;
}

/* Check a received area descriptor: what we map must be at least as large as
 * our own layout, and a memfd must be sealed against shrinking (a truncated
 * mapping would fault in the middle of the receive path). */
static int area_ok(int fd)
{
    struct stat sb;
    int seals;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size < 0 || (uint64_t)sb.st_size < SHM_TOTAL)
        return 0;
    seals = fcntl(fd, F_GET_SEALS);
    if (seals >= 0 && (seals & (F_SEAL_SHRINK | F_SEAL_SEAL)) == (F_SEAL_SHRINK | F_SEAL_SEAL))
        return 1;
    /* unsealed (a file under /dev/shm): only when this host has no memfd, so
     * that the peer could not have sealed it */
    return !memfd_usable();
}

/* A wake-up descriptor from the peer must be an eventfd (a pipe or socket could
 * block our writes); it is made non-blocking in any case. */
static int wake_fd_ok(int fd)
{
    char path[64], target[64];
    ssize_t n;
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) != 0)
        return 0;
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    n = readlink(path, target, sizeof target - 1);
    if (n < 0)
        return 1; /* no /proc: non-blocking has to do */
    target[n] = 0;
    return strcmp(target, "anon_inode:[eventfd]") == 0;
}

/* Listening end: accept a peer and read its hello, never blocking.  1 when a
 * peer is attached, 0 if none (yet). */
static int try_accept(shm_t *s)
{
    shm_hello h;
    struct iovec v;
    struct msghdr mh;
    union {
        char buf[CMSG_SPACE(4 * sizeof(int))];
        struct cmsghdr align;
    } cm;
    struct cmsghdr *c;
    struct ucred cred;
    socklen_t cl = sizeof cred;
    int fds[4], nfd = 0, i, ok = 0;
    ssize_t n;
    uint8_t *map = MAP_FAILED;
    if (!s->listening || s->state != ST_IDLE)
        return 0;
    if (s->sock < 0) {
        s->sock = accept4(s->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (s->sock < 0)
            return 0;
        s->sock_since = mono_ns();
    }
    memset(&h, 0, sizeof h);
    v.iov_base = &h;
    v.iov_len = sizeof h;
    memset(&mh, 0, sizeof mh);
    mh.msg_iov = &v;
    mh.msg_iovlen = 1;
    mh.msg_control = cm.buf;
    mh.msg_controllen = sizeof cm.buf;
    n = recvmsg(s->sock, &mh, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
        if (mono_ns() - s->sock_since < 2 * ILPC_NS_PER_S)
            return 0; /* hello still on its way */
    }
    for (c = CMSG_FIRSTHDR(&mh); n > 0 && c; c = CMSG_NXTHDR(&mh, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
            int k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
            for (i = 0; i < k && nfd < 4; i++)
                memcpy(&fds[nfd++], CMSG_DATA(c) + i * sizeof(int), sizeof(int));
        }
    }
    if (n == (ssize_t)sizeof h && !(mh.msg_flags & (MSG_CTRUNC | MSG_TRUNC)) && h.magic == SHM_MAGIC &&
        h.version == SHM_VERSION && h.slots == SHM_SLOTS && h.data == SHM_DATA &&
        ((h.wake == SHM_WAKE_EVENTFD && nfd == 3) || (h.wake == SHM_WAKE_SOCKET && nfd == 1)) &&
        getsockopt(s->sock, SOL_SOCKET, SO_PEERCRED, &cred, &cl) == 0 && cred.uid == geteuid() && area_ok(fds[0]) &&
        (h.wake != SHM_WAKE_EVENTFD || (wake_fd_ok(fds[1]) && wake_fd_ok(fds[2]))))
        map = mmap(NULL, SHM_TOTAL, PROT_READ | PROT_WRITE, MAP_SHARED, fds[0], 0);
    if (map != MAP_FAILED) {
        ok = 1;
        s->wake = h.wake;
        if (h.wake == SHM_WAKE_EVENTFD) {
            s->rx_efd = fds[1]; /* the peer kicks this one for direction 0 */
            s->tx_efd = fds[2];
        }
        for (i = 0; i < nfd; i++)
            if (i == 0 || h.wake != SHM_WAKE_EVENTFD)
                close(fds[i]);
        attach(s, map, 1);
        return 1;
    }
    for (i = 0; i < nfd; i++)
        close(fds[i]);
    (void)ok;
    close(s->sock); /* a bad or silent peer: it sees the hang-up */
    s->sock = -1;
    return 0;
}

int ilpc_transport_shm_connect(const char *name, size_t max_seg, ilpc_transport **out)
{
    struct sockaddr_un a;
    socklen_t al;
    shm_t *s;
    shm_hello h;
    struct iovec v;
    struct msghdr mh;
    union {
        char buf[CMSG_SPACE(3 * sizeof(int))];
        struct cmsghdr align;
    } cm;
    struct cmsghdr *c;
    int fds[3] = {-1, -1, -1}, nfd, rc = ILPC_E_IO;
    uint8_t *map;
    *out = NULL;
    if (!ilpc_transport_shm_name_ok(name) || (max_seg && (max_seg < 64 || max_seg > ILPC_SHM_SEG_LIMIT)))
        return ILPC_E_INVAL;
    s = shm_new(max_seg);
    if (!s)
        return ILPC_E_NOMEM;
    s->base.local_ip = ILPC_SHM_IP_CONNECT;
    s->peer_ip = ILPC_SHM_IP_LISTEN;

    /* the area: a sealed memfd, else a file under /dev/shm unlinked at once */
    if (memfd_usable()) {
        fds[0] = memfd_create("ilpc-shm", MFD_CLOEXEC | MFD_ALLOW_SEALING);
        if (fds[0] >= 0 && (ftruncate(fds[0], (off_t)SHM_TOTAL) != 0 ||
                            fcntl(fds[0], F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0))
            goto out;
    } else {
        char path[] = "/dev/shm/ilpc-shm-XXXXXX";
        fds[0] = mkostemp(path, O_CLOEXEC);
        if (fds[0] >= 0) {
            int bad = ftruncate(fds[0], (off_t)SHM_TOTAL) != 0;
            unlink(path);
            if (bad)
                goto out;
        }
    }
    if (fds[0] < 0)
        goto out;
    map = mmap(NULL, SHM_TOTAL, PROT_READ | PROT_WRITE, MAP_SHARED, fds[0], 0);
    if (map == MAP_FAILED)
        goto out;
    attach(s, map, 0);

    /* wake-ups: an eventfd per direction, else bytes on the socket */
    s->wake = SHM_WAKE_SOCKET;
    if (!env_off("ILPC_SHM_NO_EVENTFD")) {
        fds[1] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); /* direction 0: the listener sleeps on it */
        fds[2] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); /* direction 1: we do */
        if (fds[1] >= 0 && fds[2] >= 0) {
            s->wake = SHM_WAKE_EVENTFD;
            s->tx_efd = fds[1];
            s->rx_efd = fds[2];
        } else {
            if (fds[1] >= 0)
                close(fds[1]);
            if (fds[2] >= 0)
                close(fds[2]);
            fds[1] = fds[2] = -1;
        }
    }

    al = sock_addr(name, &a);
    s->sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s->sock < 0)
        goto out;
    if (connect(s->sock, (struct sockaddr *)&a, al) != 0) {
        rc = errno == ECONNREFUSED || errno == ENOENT ? ILPC_E_CONNREFUSED : ILPC_E_IO;
        goto out;
    }
    memset(&h, 0, sizeof h);
    h.magic = SHM_MAGIC;
    h.version = SHM_VERSION;
    h.slots = SHM_SLOTS;
    h.data = SHM_DATA;
    h.wake = s->wake;
    nfd = s->wake == SHM_WAKE_EVENTFD ? 3 : 1;
    v.iov_base = &h;
    v.iov_len = sizeof h;
    memset(&mh, 0, sizeof mh);
    memset(&cm, 0, sizeof cm);
    mh.msg_iov = &v;
    mh.msg_iovlen = 1;
    mh.msg_control = cm.buf;
    mh.msg_controllen = CMSG_SPACE((size_t)nfd * sizeof(int));
    c = CMSG_FIRSTHDR(&mh);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN((size_t)nfd * sizeof(int));
    memcpy(CMSG_DATA(c), fds, (size_t)nfd * sizeof(int));
    if (sendmsg(s->sock, &mh, MSG_NOSIGNAL) != (ssize_t)sizeof h)
        goto out;
    if (fcntl(s->sock, F_SETFL, fcntl(s->sock, F_GETFL) | O_NONBLOCK) != 0)
        goto out;
    close(fds[0]); /* the mapping (and the peer's copy) keep the area */
    *out = &s->base;
    return ILPC_OK;
out:
    if (fds[0] >= 0)
        close(fds[0]);
    if (s->state != ST_UP) { /* not attached: the eventfds are not in s yet */
        if (fds[1] >= 0)
            close(fds[1]);
        if (fds[2] >= 0)
            close(fds[2]);
    }
    s->listening = 0;
    if (s->state == ST_UP)
        detach(s);
    s->state = ST_DEAD;
    shm_destroy(&s->base);
    return rc;
}
