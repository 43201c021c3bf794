/* test_udp_batch.c - the udp transport's batching, GSO/GRO splitting and
 * paths, over loopback sockets, without a TCP stack.
 *
 *   test_udp_batch MAX_SEG [SEGMENTS [gso-refused]]
 *
 * Sends SEGMENTS fake TCP segments of mixed sizes (runs of equal sizes, so
 * that GSO groups form, with shorter tails; some gathered from three
 * pieces) from A to B in bursts of 1..64 followed by a flush, and checks that
 * B receives every one, in order, byte for byte, with the pseudo-header
 * addresses 0.0.0.0 and A's path (its UDP address), alternately through
 * recv_ref and recv.  Then B answers along the path A's segments came on; a
 * segment without a path from B (no default peer) is dropped; a third socket
 * C sending with A's port pair is reported on its own path and changes
 * nothing about where B's segments along A's path go (the transport learns
 * nothing: paths are the TCP's business); runt datagrams must be dropped.
 * ILPC_UDP_NO_GSO / _NO_GRO / _NO_MMSG select the fallbacks; "gso-refused" switches the UDP checksum off
 * on A's socket behind the transport's back, so that the kernel refuses the
 * first GSO send (EINVAL) and the run-time fallback must take over.  Prints the transports' counters; exit 0 on
 * success. */
#include "ilpc_clock.h"
#include "ilpc_csum.h"
#include "ilpc_tcp.h"
#include "ilpc_transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define FAIL(...)                                                                                                      \
    do {                                                                                                               \
        fprintf(stderr, "FAIL line %d: ", __LINE__);                                                                   \
        fprintf(stderr, __VA_ARGS__);                                                                                  \
        fprintf(stderr, "\n");                                                                                         \
        exit(1);                                                                                                       \
    } while (0)

static uint32_t rng = 12345;
static uint32_t rnd(void)
{
    rng = rng * 1103515245u + 12345u;
    return rng >> 8;
}

static void make_seg(uint8_t *b, size_t len, uint16_t sport, uint16_t dport, uint32_t idx, uint8_t flags)
{
    size_t j;
    memset(b, 0, 20);
    b[0] = (uint8_t)(sport >> 8);
    b[1] = (uint8_t)sport;
    b[2] = (uint8_t)(dport >> 8);
    b[3] = (uint8_t)dport;
    b[4] = (uint8_t)(idx >> 24);
    b[5] = (uint8_t)(idx >> 16);
    b[6] = (uint8_t)(idx >> 8);
    b[7] = (uint8_t)idx;
    b[12] = 0x50;
    b[13] = flags;
    for (j = 20; j < len; j++)
        b[j] = (uint8_t)(idx * 31u + j);
    {
        /* a valid TCP checksum over the fixed pseudo-header 0.0.0.0 -> 0.0.0.0 */
        uint8_t ph[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0 };
        uint16_t sum;
        ph[10] = (uint8_t)(len >> 8);
        ph[11] = (uint8_t)len;
        sum = (uint16_t)~ilpc_csum_fold(ilpc_csum_add_bytes(ilpc_csum_add_bytes(0, ph, sizeof ph), b, len));
        b[16] = (uint8_t)(sum >> 8);
        b[17] = (uint8_t)sum;
    }
}

static int send_seg(ilpc_transport *t, const uint8_t *b, size_t len, int split)
{
    ilpc_iov v[3];
    if (split && len > 40) {
        v[0].base = b;
        v[0].len = 20;
        v[1].base = b + 20;
        v[1].len = (len - 20) / 2;
        v[2].base = b + 20 + v[1].len;
        v[2].len = len - 20 - v[1].len;
        return ilpc_transport_send(t, 0, 0, v, 3);
    }
    v[0].base = b;
    v[0].len = len;
    return ilpc_transport_send(t, 0, 0, v, 1);
}

/* Receive one segment within 2 s; its length, or 0 on timeout. */
static ilpc_path last_path; /* the path of the last segment recv_one returned */

static int recv_one(ilpc_transport *t, uint8_t *copy, size_t cap, const uint8_t **seg, int by_ref)
{
    uint64_t end = ilpc_clock_now(ilpc_clock_default()) + 2 * ILPC_NS_PER_S;
    for (;;) {
        uint32_t s = 1, d = 1;
        int n = by_ref ? t->ops->recv_ref(t, &s, &d, &last_path, seg)
                       : ilpc_transport_recv_from(t, &s, &d, &last_path, copy, cap);
        if (n < 0)
            FAIL("recv error %d", n);
        if (n > 0) {
            if (s != 0 || d != 0)
                FAIL("pseudo-header addresses %u %u, want 0 0", (unsigned)s, (unsigned)d);
            if (!by_ref)
                *seg = copy;
            return n;
        }
        if (ilpc_clock_now(ilpc_clock_default()) > end)
            return 0;
        t->ops->wait(t, 20 * ILPC_NS_PER_MS);
    }
}

static uint32_t seg_idx(const uint8_t *b) { return (uint32_t)b[4] << 24 | (uint32_t)b[5] << 16 | (uint32_t)b[6] << 8 | b[7]; }

static void print_stats(const char *who, ilpc_transport *t)
{
    ilpc_udp_stats st;
    ilpc_transport_udp_stats(t, &st);
    printf("%s: segs_out=%llu dgrams_out=%llu syscalls_out=%llu gso_sends=%llu gso_fallbacks=%llu dropped_out=%llu "
           "segs_in=%llu dgrams_in=%llu syscalls_in=%llu gro_dgrams=%llu dropped_in=%llu gso=%d gro=%d "
           "mmsg=%d\n",
           who, (unsigned long long)st.segs_out, (unsigned long long)st.dgrams_out,
           (unsigned long long)st.syscalls_out, (unsigned long long)st.gso_sends,
           (unsigned long long)st.gso_fallbacks, (unsigned long long)st.dropped_out,
           (unsigned long long)st.segs_in, (unsigned long long)st.dgrams_in, (unsigned long long)st.syscalls_in,
           (unsigned long long)st.gro_dgrams, (unsigned long long)st.dropped_in,
           st.gso, st.gro, st.mmsg);
}

int main(int argc, char **argv)
{
    ilpc_transport *a, *b, *c;
    size_t max_seg = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 1472;
    uint32_t nsegs = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 3000, sent = 0, got = 0;
    uint8_t *sbuf, *expect, *copy;
    size_t *lens;
    char hp[32];
    int r, i;
    if (max_seg < 64 || max_seg > 65507 || nsegs == 0)
        FAIL("usage: test_udp_batch MAX_SEG [SEGMENTS]");
    sbuf = malloc(65536);
    expect = malloc(65536);
    copy = malloc(65536);
    lens = malloc(nsegs * sizeof *lens);
    if (!sbuf || !expect || !copy || !lens)
        FAIL("out of memory");

    if ((r = ilpc_transport_udp_open("127.0.0.1:0", NULL, max_seg, &b)) != 0)
        FAIL("open b: %d", r);
    snprintf(hp, sizeof hp, "127.0.0.1:%u", (unsigned)ilpc_transport_udp_port(b));
    if ((r = ilpc_transport_udp_open("127.0.0.1:0", hp, max_seg, &a)) != 0)
        FAIL("open a: %d", r);
    if (argc > 3 && !strcmp(argv[3], "gso-refused")) {
#ifdef SO_NO_CHECK
        int one = 1;
        if (setsockopt(ilpc_transport_fd(a), SOL_SOCKET, SO_NO_CHECK, &one, sizeof one) != 0)
            FAIL("SO_NO_CHECK");
#endif
    }
    if (a->local_ip != 0 || b->local_ip != 0 || a->max_seg != max_seg)
        FAIL("local_ip %u max_seg %zu", (unsigned)a->local_ip, a->max_seg);
    {
        /* room for a whole burst (64 segments of up to 64 KiB) */
        int fd = ilpc_transport_fd(b), sz = 16 << 20;
#ifdef SO_RCVBUFFORCE
        if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &sz, sizeof sz) != 0)
#endif
            (void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof sz);
    }

    /* sizes: runs of one size with a shorter (or equal) tail */
    for (i = 0; (uint32_t)i < nsegs;) {
        size_t sz = 20 + rnd() % (max_seg - 19), run = 1 + rnd() % 12;
        for (; run > 0 && (uint32_t)i < nsegs; run--, i++)
            lens[i] = run == 1 && rnd() % 2 ? 20 + rnd() % (sz - 19) : sz;
    }

    /* A -> B in bursts */
    while (sent < nsegs) {
        uint32_t burst = 1 + rnd() % 64, k, stop;
        stop = sent + burst > nsegs ? nsegs : sent + burst;
        for (k = sent; k < stop; k++) {
            make_seg(sbuf, lens[k], 1000, 2000, k, 0x10);
            if ((r = send_seg(a, sbuf, lens[k], (int)(k % 3 == 0))) != 0)
                FAIL("send %u: %d", (unsigned)k, r);
        }
        if ((r = ilpc_transport_flush(a)) != 0)
            FAIL("flush: %d", r);
        sent = stop;
        while (got < sent) {
            const uint8_t *seg;
            int n = recv_one(b, copy, 65536, &seg, (int)(got % 2));
            if (n == 0)
                FAIL("segment %u of %u lost (sent %u)", (unsigned)got, (unsigned)nsegs, (unsigned)sent);
            if (seg_idx(seg) != got)
                FAIL("segment %u arrived as #%u", (unsigned)seg_idx(seg), (unsigned)got);
            make_seg(expect, lens[got], 1000, 2000, got, 0x10);
            if ((size_t)n != lens[got] || memcmp(seg, expect, lens[got]) != 0)
                FAIL("segment %u: length %d, want %zu, or bytes differ", (unsigned)got, n, lens[got]);
            got++;
        }
    }

    /* B -> A along the path A's segments came on (B has no default peer) */
    {
        const uint8_t *seg;
        ilpc_path pa, pc;
        ilpc_iov v;
        int n;
        make_seg(sbuf, 100, 1000, 2000, 6, 0x10);
        send_seg(a, sbuf, 100, 0);
        ilpc_transport_flush(a);
        if (recv_one(b, copy, 65536, &seg, 1) != 100)
            FAIL("a's segment");
        pa = last_path;
        if (pa.ip != 0x7f000001u || pa.port != ilpc_transport_udp_port(a))
            FAIL("a's path: %08x:%u, want 7f000001:%u", (unsigned)pa.ip, (unsigned)pa.port,
                 (unsigned)ilpc_transport_udp_port(a));
        make_seg(sbuf, 300, 2000, 1000, 7, 0x10);
        v.base = sbuf;
        v.len = 300;
        ilpc_transport_send_to(b, 0, 0, &pa, &v, 1);
        ilpc_transport_flush(b);
        n = recv_one(a, copy, 65536, &seg, 1);
        if (n != 300 || seg_idx(seg) != 7)
            FAIL("answer along a's path: %d", n);
        /* without a path, B has nowhere to send: dropped, not an error */
        make_seg(sbuf, 100, 2000, 1001, 8, 0x10);
        if (send_seg(b, sbuf, 100, 0) != 0 || ilpc_transport_flush(b) != 0)
            FAIL("unroutable send is an error");

        /* C sends with A's port pair: reported on C's own path; B's segments
         * along A's path still reach A, not C */
        if ((r = ilpc_transport_udp_open("127.0.0.1:0", hp, max_seg, &c)) != 0)
            FAIL("open c: %d", r);
        make_seg(sbuf, 200, 1000, 2000, 100, 0x10);
        send_seg(c, sbuf, 200, 0);
        ilpc_transport_flush(c);
        if (recv_one(b, copy, 65536, &seg, 1) != 200)
            FAIL("c's segment");
        pc = last_path;
        if (pc.port != ilpc_transport_udp_port(c) || ilpc_path_same(&pc, &pa))
            FAIL("c's path: %08x:%u", (unsigned)pc.ip, (unsigned)pc.port);
        make_seg(sbuf, 250, 2000, 1000, 101, 0x10);
        v.len = 250;
        ilpc_transport_send_to(b, 0, 0, &pa, &v, 1);
        ilpc_transport_flush(b);
        n = recv_one(a, copy, 65536, &seg, 1);
        if (n != 250 || seg_idx(seg) != 101)
            FAIL("a segment from elsewhere redirected a's path (%d)", n);
        make_seg(sbuf, 260, 2000, 1000, 102, 0x10);
        v.len = 260;
        ilpc_transport_send_to(b, 0, 0, &pc, &v, 1);
        ilpc_transport_flush(b);
        n = recv_one(c, copy, 65536, &seg, 1);
        if (n != 260 || seg_idx(seg) != 102)
            FAIL("along c's path (%d)", n);
    }

    /* runts (shorter than a TCP header) are dropped */
    {
        const uint8_t *seg;
        int n;
        ilpc_udp_stats before, after;
        ilpc_transport_udp_stats(b, &before);
        make_seg(sbuf, 64, 1000, 2000, 200, 0x10);
        {
            ilpc_iov v;
            v.base = sbuf;
            v.len = 10;
            ilpc_transport_send(c, 0, 0, &v, 1);
        }
        send_seg(c, sbuf, 64, 0);
        ilpc_transport_flush(c);
        n = recv_one(b, copy, 65536, &seg, 1);
        ilpc_transport_udp_stats(b, &after);
        if (n != 64 || seg_idx(seg) != 200 || after.dropped_in != before.dropped_in + 1)
            FAIL("runt: got %d, dropped %llu -> %llu", n, (unsigned long long)before.dropped_in,
                 (unsigned long long)after.dropped_in);
    }

    print_stats("a", a);
    print_stats("b", b);
    print_stats("c", c);
    ilpc_transport_free(a);
    ilpc_transport_free(b);
    ilpc_transport_free(c);
    free(sbuf);
    free(expect);
    free(copy);
    free(lens);
    printf("OK %u segments, max_seg %zu\n", (unsigned)nsegs, max_seg);
    return 0;
}
