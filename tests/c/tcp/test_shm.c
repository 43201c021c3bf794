/* test_shm.c - the shm transport alone, and a stack on it.
 *
 * White box: the transport's source is included so that the test can reach
 * into the shared area and play a hostile peer.  Covered: NAME and max_seg
 * checks; segments of many sizes in order, with their addresses, across many
 * wrap-arounds of the data area; batching (nothing visible before flush);
 * the lifetime of a recv_ref view; a full ring; corrupted descriptors and
 * indices (ILPC_E_IO, never a view outside the area); a peer killed with
 * SIGKILL in the middle (both roles), at transport level and through a TCP
 * connection whose blocking helpers must return ILPC_E_IO at once.
 * Run it again with ILPC_SHM_NO_MEMFD=1 ILPC_SHM_NO_EVENTFD=1 for the
 * fallbacks. */
#include "ilpc_transport_shm.c"

#include "ilpc_stack.h"

#include <signal.h>
#include <sys/wait.h>

static int failures, checks;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        checks++;                                                                    \
        if (!(cond)) {                                                               \
            failures++;                                                              \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                            \
    } while (0)
#define CHECK_EQ(a, b)                                                                                     \
    do {                                                                                                   \
        long long va_ = (long long)(a), vb_ = (long long)(b);                                              \
        checks++;                                                                                          \
        if (va_ != vb_) {                                                                                  \
            failures++;                                                                                    \
            fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (%lld != %lld)\n", __FILE__, __LINE__, #a, #b, \
                    va_, vb_);                                                                             \
        }                                                                                                  \
    } while (0)

static char name_buf[64];
static const char *fresh_name(void)
{
    static int n;
    snprintf(name_buf, sizeof name_buf, "test-shm.%d_%d", (int)getpid(), n++);
    return name_buf;
}

static uint8_t pat(uint32_t seg, uint32_t i) { return (uint8_t)(seg * 131u + i * 7u + (i >> 8)); }

static void fill(uint8_t *b, uint32_t seg, uint32_t len)
{
    uint32_t i;
    for (i = 0; i < len; i++)
        b[i] = pat(seg, i);
}

static int same(const uint8_t *b, uint32_t seg, uint32_t len)
{
    uint32_t i;
    for (i = 0; i < len; i++)
        if (b[i] != pat(seg, i))
            return 0;
    return 1;
}

/* Send segment number k of length len from t, in two iov pieces. */
static int send_seg(ilpc_transport *t, uint8_t *buf, uint32_t k, uint32_t len)
{
    ilpc_iov v[2];
    uint32_t h = len < 20 ? len : 20;
    fill(buf, k, len);
    v[0].base = buf;
    v[0].len = h;
    v[1].base = buf + h;
    v[1].len = len - h;
    return ilpc_transport_send(t, t->local_ip, ILPC_SHM_IP_LISTEN + ILPC_SHM_IP_CONNECT - t->local_ip, v, 2);
}

/* Receive with recv_ref; -1 after `tries` empty polls. */
static int get_ref(ilpc_transport *t, const uint8_t **p, uint32_t *src, uint32_t *dst, int tries)
{
    while (tries-- > 0) {
        int n = t->ops->recv_ref(t, src, dst, NULL, p);
        if (n != 0)
            return n;
    }
    return -1000;
}

static void pair(ilpc_transport **l, ilpc_transport **c, size_t max_seg)
{
    const char *nm = fresh_name();
    *l = *c = NULL;
    CHECK_EQ(ilpc_transport_shm_listen(nm, max_seg, l), ILPC_OK);
    CHECK_EQ(ilpc_transport_shm_connect(nm, max_seg, c), ILPC_OK);
}

/* ---------------------------------------------------------------- names */

static void test_names(void)
{
    ilpc_transport *t = NULL;
    char longname[120];
    const char *bad[] = {"", "a/b", "a b", "x\n", "caf\xc3\xa9", "semi;colon", NULL};
    int i;
    for (i = 0; bad[i]; i++) {
        CHECK_EQ(ilpc_transport_shm_listen(bad[i], 0, &t), ILPC_E_INVAL);
        CHECK(t == NULL);
        CHECK_EQ(ilpc_transport_shm_connect(bad[i], 0, &t), ILPC_E_INVAL);
        CHECK(!ilpc_transport_shm_name_ok(bad[i]));
    }
    memset(longname, 'a', sizeof longname);
    longname[97] = 0;
    CHECK(!ilpc_transport_shm_name_ok(longname));
    longname[96] = 0;
    CHECK(ilpc_transport_shm_name_ok(longname));
    CHECK(ilpc_transport_shm_name_ok("Ok-1_.x"));
    CHECK_EQ(ilpc_transport_shm_listen("ok", 10, &t), ILPC_E_INVAL);
    CHECK_EQ(ilpc_transport_shm_listen("ok", ILPC_SHM_SEG_LIMIT + 1, &t), ILPC_E_INVAL);
    /* nobody listening */
    CHECK_EQ(ilpc_transport_shm_connect(fresh_name(), 0, &t), ILPC_E_CONNREFUSED);
    CHECK(t == NULL);
    /* one listener per name */
    {
        ilpc_transport *a = NULL, *b = NULL;
        const char *nm = fresh_name();
        CHECK_EQ(ilpc_transport_shm_listen(nm, 0, &a), ILPC_OK);
        CHECK_EQ(ilpc_transport_shm_listen(nm, 0, &b), ILPC_E_ADDRINUSE);
        CHECK(a && a->local_ip == ILPC_SHM_IP_LISTEN && a->max_seg == ILPC_SHM_SEG_DEFAULT && a->max_rx_seg == ILPC_SHM_SEG_LIMIT);
        ilpc_transport_free(a);
    }
}

/* ---------------------------------------------- sizes, wrap, batching, refs */

static void test_stream(void)
{
    ilpc_transport *l, *c;
    uint8_t *buf = malloc(ILPC_SHM_SEG_LIMIT), *copy = malloc(ILPC_SHM_SEG_LIMIT);
    static const uint32_t sizes[] = {20,   1,     63,    64,     65,         1500, 65535,
                                     4096, 9000,  65536, 300000, ILPC_SHM_SEG_LIMIT, 777};
    uint32_t k = 0, got = 0, round, i;
    uint64_t bytes = 0;
    pair(&l, &c, ILPC_SHM_SEG_LIMIT);
    CHECK(c->local_ip == ILPC_SHM_IP_CONNECT && c->max_seg == ILPC_SHM_SEG_LIMIT);
    /* a segment over max_seg is refused */
    CHECK_EQ(send_seg(c, buf, 0, 100), ILPC_OK); /* before the listener accepted: it is queued in the ring */
    CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
    {
        ilpc_iov v = {buf, ILPC_SHM_SEG_LIMIT + 1u};
        CHECK_EQ(ilpc_transport_send(c, 1, 2, &v, 1), ILPC_E_INVAL);
    }
    {
        const uint8_t *p;
        uint32_t src, dst;
        int n = get_ref(l, &p, &src, &dst, 10);
        CHECK_EQ(n, 100);
        CHECK(n == 100 && same(p, 0, 100));
        CHECK_EQ(src, ILPC_SHM_IP_CONNECT);
        CHECK_EQ(dst, ILPC_SHM_IP_LISTEN);
        k = got = 1;
    }
    /* many rounds: a batch of sizes, nothing visible until flush, then all in order */
    for (round = 0; round < 60; round++) {
        uint32_t first = k, nb = 1 + round % 13;
        const uint8_t *p;
        uint32_t src, dst;
        for (i = 0; i < nb; i++) {
            uint32_t len = sizes[(round + i) % (sizeof sizes / sizeof *sizes)];
            CHECK_EQ(send_seg(c, buf, k++, len), ILPC_OK);
            bytes += len;
        }
        CHECK_EQ(l->ops->recv_ref(l, &src, &dst, NULL, &p), 0); /* batched: not yet published */
        CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
        for (i = 0; i < nb; i++) {
            uint32_t len = sizes[(round + i) % (sizeof sizes / sizeof *sizes)];
            int n = get_ref(l, &p, &src, &dst, 10);
            CHECK_EQ(n, (int)len);
            if (n != (int)len)
                break;
            CHECK(same(p, first + i, len));
            /* the view stays put until the next call: the slot is not released yet */
            CHECK_EQ(atomic_load(&((shm_t *)l)->rxc->cons), ((shm_t *)l)->cons);
            CHECK_EQ(src, ILPC_SHM_IP_CONNECT);
            got++;
            if (i == 0 && round % 2) {
                memcpy(copy, p, len);
                CHECK(same(copy, first, len));
            }
        }
        CHECK_EQ(l->ops->recv_ref(l, &src, &dst, NULL, &p), 0);
    }
    CHECK_EQ(got, k);
    CHECK(bytes > 3ull * SHM_DATA); /* the data area wrapped several times */
    /* plain recv into a buffer too small: dropped, the next one arrives */
    CHECK_EQ(send_seg(c, buf, 5000, 3000), ILPC_OK);
    CHECK_EQ(send_seg(c, buf, 5001, 100), ILPC_OK);
    CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
    {
        uint8_t small[200];
        uint32_t src, dst;
        CHECK_EQ(ilpc_transport_recv(l, &src, &dst, small, sizeof small), 100);
        CHECK(same(small, 5001, 100));
        CHECK_EQ(ilpc_transport_recv(l, &src, &dst, small, sizeof small), 0);
    }
    /* the other direction */
    CHECK_EQ(send_seg(l, buf, 7, 1234), ILPC_OK);
    CHECK_EQ(ilpc_transport_flush(l), ILPC_OK);
    {
        const uint8_t *p;
        uint32_t src, dst;
        CHECK_EQ(get_ref(c, &p, &src, &dst, 10), 1234);
        CHECK(same(p, 7, 1234));
        CHECK_EQ(src, ILPC_SHM_IP_LISTEN);
        CHECK_EQ(dst, ILPC_SHM_IP_CONNECT);
    }
    /* a full ring: 64 KiB segments until one is dropped, then room again; a
     * view held meanwhile is never overwritten */
    {
        const shm_t *cs = (const shm_t *)c;
        uint32_t sent = 0;
        const uint8_t *p, *held;
        uint32_t src, dst;
        CHECK_EQ(send_seg(c, buf, 8888, 40000), ILPC_OK);
        CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
        CHECK_EQ(get_ref(l, &held, &src, &dst, 10), 40000);
        while (cs->st.dropped == 0 && sent < 1000) {
            CHECK_EQ(send_seg(c, buf, 9000 + sent, 65536), ILPC_OK);
            sent++;
        }
        CHECK_EQ(cs->st.dropped, 1);
        CHECK(sent > SHM_DATA / 65600 - 3 && sent <= SHM_DATA / 65536);
        /* still full, nothing consumed since: dropped at once, without the wait */
        CHECK(cs->stalled && cs->stalled_cons == cs->peer_cons);
        CHECK_EQ(send_seg(c, buf, 1, 65536), ILPC_OK);
        CHECK_EQ(cs->st.dropped, 2);
        CHECK(same(held, 8888, 40000));
        CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
        for (i = 0; i + 1 < sent; i++) {
            CHECK_EQ(get_ref(l, &p, &src, &dst, 10), 65536);
            CHECK(same(p, 9000 + i, 65536));
        }
        CHECK_EQ(l->ops->recv_ref(l, &src, &dst, NULL, &p), 0);
        CHECK_EQ(send_seg(c, buf, 1, 65536), ILPC_OK);
        CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
        CHECK_EQ(get_ref(l, &p, &src, &dst, 10), 65536);
        CHECK_EQ(cs->st.dropped, 2);
    }
    ilpc_transport_free(c);
    /* the connecting end went away: reported once, then the listener is idle */
    {
        const uint8_t *p;
        uint32_t src, dst;
        int r = 0, tries;
        for (tries = 0; tries < 100000 && r == 0; tries++)
            r = l->ops->recv_ref(l, &src, &dst, NULL, &p);
        CHECK_EQ(r, ILPC_E_IO);
        CHECK_EQ(l->ops->recv_ref(l, &src, &dst, NULL, &p), 0);
        /* and a new peer can come */
        CHECK_EQ(ilpc_transport_shm_connect(name_buf, 0, &c), ILPC_OK);
        CHECK_EQ(send_seg(c, buf, 3, 333), ILPC_OK);
        CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
        CHECK_EQ(get_ref(l, &p, &src, &dst, 10), 333);
        CHECK(same(p, 3, 333));
        CHECK_EQ(((shm_t *)l)->st.peers, 2);
        ilpc_transport_free(c);
    }
    ilpc_transport_free(l);
    free(buf);
    free(copy);
}

/* ------------------------------------------------------------- hostile peer */

enum { BAD_OFF, BAD_LEN, BAD_LEN0, BAD_OFF_HUGE, BAD_PROD, BAD_CONS_BACK, BAD_CONS_AHEAD };

static void test_hostile(int what)
{
    ilpc_transport *l, *c;
    uint8_t buf[512];
    const uint8_t *p = NULL;
    uint32_t src, dst;
    shm_t *cs, *ls;
    int r;
    pair(&l, &c, 0);
    cs = (shm_t *)c;
    ls = (shm_t *)l;
    /* attach the listener with one good segment each way */
    CHECK_EQ(send_seg(c, buf, 1, 100), ILPC_OK);
    CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
    CHECK_EQ(get_ref(l, &p, &src, &dst, 10), 100);
    CHECK_EQ(ilpc_transport_flush(l), ILPC_OK);
    CHECK_EQ(send_seg(c, buf, 2, 200), ILPC_OK);
    switch (what) {
    case BAD_OFF: /* runs past the end of the data area */
        cs->txd[1].off = SHM_DATA - 100;
        break;
    case BAD_LEN:
        cs->txd[1].len = ILPC_SHM_SEG_LIMIT + 1;
        break;
    case BAD_LEN0:
        cs->txd[1].len = 0;
        break;
    case BAD_OFF_HUGE:
        cs->txd[1].off = 0xfffffff0u;
        cs->txd[1].len = 0x20u; /* off + len wraps around 32 bits */
        break;
    default:
        break;
    }
    CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
    if (what == BAD_PROD) /* claims more descriptors than the ring has */
        atomic_store(&cs->txc->prod, 1u + SHM_SLOTS + 1u);
    if (what <= BAD_PROD) {
        p = NULL;
        r = ilpc_transport_recv(l, &src, &dst, buf, sizeof buf);
        CHECK_EQ(r, ILPC_E_IO);
        CHECK_EQ(ls->state, ST_IDLE); /* the listener dropped that peer */
        r = l->ops->recv_ref(l, &src, &dst, NULL, &p);
        CHECK_EQ(r, 0);
        CHECK(p == NULL);
    } else {
        /* the consumer index read back by the producer is impossible */
        CHECK_EQ(get_ref(l, &p, &src, &dst, 10), 200);
        CHECK_EQ(ilpc_transport_flush(l), ILPC_OK);
        atomic_store(&ls->rxc->cons, what == BAD_CONS_BACK ? 0u : 50u);
        CHECK_EQ(send_seg(c, buf, 3, 100), ILPC_OK); /* the producer reads it back at flush */
        CHECK_EQ(ilpc_transport_flush(c), ILPC_E_IO);
        CHECK_EQ(send_seg(c, buf, 4, 100), ILPC_E_IO); /* for good */
        CHECK_EQ(ilpc_transport_flush(c), ILPC_E_IO);
        CHECK_EQ(c->ops->wait(c, ILPC_NS_PER_S), ILPC_E_IO);
    }
    ilpc_transport_free(c);
    ilpc_transport_free(l);
}

/* The link fails while the stack still reads a segment from recv_ref: the
 * view stays mapped until the next call. */
static void test_fail_while_held(void)
{
    ilpc_transport *l, *c;
    uint8_t buf[2000];
    const uint8_t *p = NULL, *q;
    uint32_t src, dst;
    pair(&l, &c, 0);
    CHECK_EQ(send_seg(c, buf, 42, 1500), ILPC_OK);
    CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
    CHECK_EQ(get_ref(l, &p, &src, &dst, 10), 1500);
    /* as when a send finds the ring full and the consumer index impossible */
    CHECK_EQ(link_fail((shm_t *)l), ILPC_E_IO);
    CHECK_EQ(((shm_t *)l)->state, ST_IDLE);
    CHECK(p && same(p, 42, 1500)); /* still readable */
    CHECK_EQ(l->ops->recv_ref(l, &src, &dst, NULL, &q), ILPC_E_IO);
    CHECK(((shm_t *)l)->old_map == NULL);
    ilpc_transport_free(c);
    ilpc_transport_free(l);
}

/* An outside event loop: once fd() was asked for, every flush makes it
 * readable, sleeping or not. */
static void test_fd(void)
{
    ilpc_transport *l, *c;
    uint8_t buf[100];
    const uint8_t *p;
    uint32_t src, dst;
    struct pollfd pf;
    int fd;
    pair(&l, &c, 0);
    CHECK_EQ(ilpc_transport_fd(l), ((shm_t *)l)->lfd); /* no peer yet: the listening socket */
    CHECK_EQ(send_seg(c, buf, 1, 100), ILPC_OK);
    CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
    CHECK_EQ(get_ref(l, &p, &src, &dst, 10), 100);
    fd = ilpc_transport_fd(l);
    CHECK(fd >= 0);
    pf.fd = fd;
    pf.events = POLLIN;
    CHECK_EQ(poll(&pf, 1, 0), 0);
    CHECK_EQ(send_seg(c, buf, 2, 100), ILPC_OK);
    CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
    CHECK_EQ(ilpc_transport_next_deadline(l), 0);
    CHECK_EQ(poll(&pf, 1, 1000), 1);
    CHECK_EQ(get_ref(l, &p, &src, &dst, 10), 100);
    CHECK(same(p, 2, 100));
    CHECK_EQ(l->ops->recv_ref(l, &src, &dst, NULL, &p), 0); /* empty: clears the readiness */
    CHECK_EQ(poll(&pf, 1, 0), 0);
    CHECK_EQ(send_seg(c, buf, 3, 100), ILPC_OK);
    CHECK_EQ(ilpc_transport_flush(c), ILPC_OK);
    CHECK_EQ(poll(&pf, 1, 1000), 1);
    ilpc_transport_free(c);
    ilpc_transport_free(l);
}

/* A hand-made hello: the listener must hang up on anything but the real thing. */
enum { HELLO_PIPES, HELLO_UNSEALED, HELLO_VERSION, HELLO_SMALL, HELLO_SHORT, HELLO_GOOD };

static void test_hostile_hello(int what)
{
    const char *nm = fresh_name();
    ilpc_transport *l;
    struct sockaddr_un a;
    socklen_t al = sock_addr(nm, &a);
    shm_hello h;
    struct iovec v;
    struct msghdr mh;
    union {
        char buf[CMSG_SPACE(3 * sizeof(int))];
        struct cmsghdr align;
    } cm;
    struct cmsghdr *c;
    int fds[3], pp[2] = {-1, -1}, sk, i, r = 0;
    char b;
    CHECK_EQ(ilpc_transport_shm_listen(nm, 0, &l), ILPC_OK);
    fds[0] = memfd_create("t", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    CHECK(fds[0] >= 0);
    CHECK_EQ(ftruncate(fds[0], (off_t)(what == HELLO_SMALL ? SHM_TOTAL - 4096 : SHM_TOTAL)), 0);
    if (what != HELLO_UNSEALED)
        CHECK_EQ(fcntl(fds[0], F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL), 0);
    if (what == HELLO_PIPES) {
        CHECK_EQ(pipe(pp), 0);
        fds[1] = pp[0];
        fds[2] = pp[1];
    } else {
        fds[1] = eventfd(0, EFD_NONBLOCK);
        fds[2] = eventfd(0, EFD_NONBLOCK);
    }
    memset(&h, 0, sizeof h);
    h.magic = SHM_MAGIC;
    h.version = what == HELLO_VERSION ? 2 : SHM_VERSION;
    h.slots = SHM_SLOTS;
    h.data = SHM_DATA;
    h.wake = SHM_WAKE_EVENTFD;
    v.iov_base = &h;
    v.iov_len = what == HELLO_SHORT ? sizeof h - 4 : sizeof h;
    memset(&mh, 0, sizeof mh);
    memset(&cm, 0, sizeof cm);
    mh.msg_iov = &v;
    mh.msg_iovlen = 1;
    mh.msg_control = cm.buf;
    mh.msg_controllen = sizeof cm.buf;
    c = CMSG_FIRSTHDR(&mh);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(3 * sizeof(int));
    memcpy(CMSG_DATA(c), fds, sizeof fds);
    sk = socket(AF_UNIX, SOCK_STREAM, 0);
    CHECK_EQ(connect(sk, (struct sockaddr *)&a, al), 0);
    CHECK_EQ(sendmsg(sk, &mh, MSG_NOSIGNAL), (ssize_t)v.iov_len);
    if (what == HELLO_SHORT)
        shutdown(sk, SHUT_WR);
    for (i = 0; i < 3; i++)
        close(fds[i]);
    {
        const uint8_t *p;
        uint32_t src, dst;
        for (i = 0; i < 100 && r == 0; i++)
            r = l->ops->recv_ref(l, &src, &dst, NULL, &p);
        CHECK_EQ(r, 0);
    }
    if (what == HELLO_GOOD) {
        CHECK_EQ(((shm_t *)l)->state, ST_UP);
    } else {
        CHECK_EQ(((shm_t *)l)->state, ST_IDLE);
        CHECK_EQ(read(sk, &b, 1), 0); /* hung up on */
    }
    close(sk);
    ilpc_transport_free(l);
}

/* ------------------------------------------------------- two processes */

static int64_t now_ms(void) { return (int64_t)(mono_ns() / ILPC_NS_PER_MS); }

/* The child connects and streams nseg segments (sizes vary), then sleeps
 * until killed.  The parent checks them all, kills it and must see ILPC_E_IO
 * within a second. */
static void test_two_processes_kill_connector(void)
{
    const char *nm = fresh_name();
    ilpc_transport *l;
    pid_t pid;
    uint32_t k = 0, nseg = 3000;
    int64_t t0;
    int r = 0, st;
    CHECK_EQ(ilpc_transport_shm_listen(nm, 0, &l), ILPC_OK);
    pid = fork();
    if (pid == 0) {
        ilpc_transport *c;
        static uint8_t buf[65535];
        uint32_t i;
        if (ilpc_transport_shm_connect(nm, 0, &c) != ILPC_OK)
            _exit(3);
        for (i = 0; i < nseg; i++) {
            uint32_t len = 20 + (i * 7919u) % 65516u;
            /* the ring only drops after a long full wait: pace by the peer's reply every 100 */
            if (send_seg(c, buf, i, len) != ILPC_OK)
                _exit(4);
            if (i % 100 == 99) {
                const uint8_t *p;
                uint32_t s2, d2;
                ilpc_transport_flush(c);
                while ((r = c->ops->recv_ref(c, &s2, &d2, NULL, &p)) == 0)
                    c->ops->wait(c, ILPC_NS_PER_S);
                if (r < 0)
                    _exit(5);
            }
        }
        ilpc_transport_flush(c);
        for (;;)
            pause();
    }
    while (k < nseg) {
        const uint8_t *p;
        uint32_t src, dst;
        r = l->ops->recv_ref(l, &src, &dst, NULL, &p);
        if (r < 0)
            break;
        if (r == 0) {
            l->ops->wait(l, 5 * ILPC_NS_PER_S);
            continue;
        }
        if (r != (int)(20 + (k * 7919u) % 65516u) || !same(p, k, (uint32_t)r))
            break;
        k++;
        if (k % 100 == 0) {
            uint8_t ack[20];
            memset(ack, 0, sizeof ack);
            send_seg(l, ack, k, 20);
            ilpc_transport_flush(l);
        }
    }
    CHECK_EQ(k, nseg);
    {
        const ilpc_shm_stats *s = ilpc_transport_shm_stats(l);
        printf("two processes: %llu segments in, %llu sleeps, %llu spin hits, %llu kicks out\n",
               (unsigned long long)s->seg_in, (unsigned long long)s->sleeps, (unsigned long long)s->spin_hits,
               (unsigned long long)s->kicks);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
    t0 = now_ms();
    r = 0;
    while (r == 0 && now_ms() - t0 < 3000) {
        const uint8_t *p;
        uint32_t src, dst;
        r = l->ops->recv_ref(l, &src, &dst, NULL, &p);
        if (r == 0)
            r = l->ops->wait(l, 5 * ILPC_NS_PER_S) < 0 ? ILPC_E_IO : 0;
    }
    CHECK_EQ(r, ILPC_E_IO);
    CHECK(now_ms() - t0 < 1000);
    ilpc_transport_free(l);
}

/* The child listens and dies; the connecting parent sleeping in wait must
 * return ILPC_E_IO at once, and stay failed. */
static void test_two_processes_kill_listener(void)
{
    const char *nm = fresh_name();
    ilpc_transport *c = NULL;
    int pfd[2], st, i;
    pid_t pid;
    char b;
    int64_t t0;
    CHECK_EQ(pipe(pfd), 0);
    pid = fork();
    if (pid == 0) {
        ilpc_transport *l;
        close(pfd[0]);
        if (ilpc_transport_shm_listen(nm, 0, &l) != ILPC_OK)
            _exit(3);
        if (write(pfd[1], "x", 1) != 1)
            _exit(4);
        for (;;) { /* serve: accept the peer, then idle */
            const uint8_t *p;
            uint32_t s2, d2;
            l->ops->recv_ref(l, &s2, &d2, NULL, &p);
            l->ops->wait(l, ILPC_NS_PER_S);
        }
    }
    close(pfd[1]);
    CHECK_EQ(read(pfd[0], &b, 1), 1);
    close(pfd[0]);
    CHECK_EQ(ilpc_transport_shm_connect(nm, 0, &c), ILPC_OK);
    if (!c)
        return;
    for (i = 0; i < 3; i++) /* the listener attaches while we wait (spin, then sleep) */
        CHECK_EQ(c->ops->wait(c, 20 * ILPC_NS_PER_MS), ILPC_OK);
    t0 = now_ms();
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
    CHECK_EQ(c->ops->wait(c, 10 * ILPC_NS_PER_S), ILPC_E_IO);
    CHECK(now_ms() - t0 < 1000);
    {
        const uint8_t *p;
        uint32_t s2, d2;
        uint8_t seg[40];
        CHECK_EQ(c->ops->recv_ref(c, &s2, &d2, NULL, &p), ILPC_E_IO);
        CHECK_EQ(send_seg(c, seg, 1, 40), ILPC_E_IO);
    }
    ilpc_transport_free(c);
}

/* A TCP connection over shm: the peer (child) is killed; the parent's
 * blocking helper must end with ILPC_E_IO long before any TCP timeout. */
static void test_stack_sees_dead_peer(void)
{
    const char *nm = fresh_name();
    ilpc_transport *l;
    ilpc_stack *s;
    ilpc_tcp *lc, *c = NULL;
    pid_t pid;
    int st, r;
    int64_t t0;
    CHECK_EQ(ilpc_transport_shm_listen(nm, 0, &l), ILPC_OK);
    s = ilpc_stack_new(l, NULL, NULL);
    CHECK_EQ(ilpc_tcp_listen(s, 9000, 4, &lc), ILPC_OK);
    pid = fork();
    if (pid == 0) {
        ilpc_transport *t;
        ilpc_stack *cs;
        ilpc_tcp *cc;
        if (ilpc_transport_shm_connect(nm, 0, &t) != ILPC_OK)
            _exit(3);
        cs = ilpc_stack_new(t, NULL, NULL);
        if (!cs || ilpc_tcp_connect(cs, ILPC_SHM_IP_LISTEN, 9000, 0, &cc) != ILPC_OK ||
            ilpc_tcp_wait_established(cc, 5 * ILPC_NS_PER_S) != ILPC_OK ||
            ilpc_tcp_send_all(cc, "hello", 5, 5 * ILPC_NS_PER_S) != ILPC_OK)
            _exit(4);
        for (;;) /* keep the connection alive, never close it */
            ilpc_tcp_wait_readable(cc, ILPC_TIME_NEVER);
    }
    CHECK_EQ(ilpc_tcp_accept_wait(lc, &c, 10 * ILPC_NS_PER_S), ILPC_OK);
    if (c) {
        char got[5];
        CHECK_EQ(ilpc_tcp_recv_exact(c, got, 5, 5 * ILPC_NS_PER_S), ILPC_OK);
        CHECK(memcmp(got, "hello", 5) == 0);
        kill(pid, SIGKILL);
        t0 = now_ms();
        r = ilpc_tcp_wait_readable(c, 30 * ILPC_NS_PER_S);
        CHECK_EQ(r, ILPC_E_IO);
        CHECK_EQ(ilpc_tcp_error(c), ILPC_E_IO);
        CHECK(now_ms() - t0 < 2000);
        /* the listener survives and the transport takes the next peer */
        CHECK_EQ(ilpc_tcp_get_state(lc), ILPC_TCP_LISTEN);
        ilpc_tcp_abort(c);
    } else {
        kill(pid, SIGKILL);
    }
    waitpid(pid, &st, 0);
    ilpc_tcp_close(lc);
    ilpc_stack_free(s);
    ilpc_transport_free(l);
}

int main(void)
{
    int i;
    signal(SIGPIPE, SIG_DFL); /* a write to a dead peer must not kill us: no SIGPIPE may be raised */
    test_names();
    test_stream();
    for (i = BAD_OFF; i <= BAD_CONS_AHEAD; i++)
        test_hostile(i);
    test_fail_while_held();
    test_fd();
    if (memfd_usable())
        for (i = HELLO_PIPES; i <= HELLO_GOOD; i++)
            test_hostile_hello(i);
    test_two_processes_kill_connector();
    test_two_processes_kill_listener();
    test_stack_sees_dead_peer();
    printf("test_shm (%s%s): %d checks, %d failed\n", memfd_usable() ? "memfd" : "file under /dev/shm",
           env_off("ILPC_SHM_NO_EVENTFD") ? ", socket wake-ups" : ", eventfd wake-ups", checks, failures);
    return failures != 0;
}
