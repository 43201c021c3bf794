/* tcp-ao-linux-vm-guest.c - the Linux side of scripts/tcp-ao-linux-vm.py: a TCP peer
 * with TCP-AO (RFC 5925, setsockopt TCP_AO_ADD_KEY), run as the last thing of the
 * guest's /init and driven line by line over the serial console.
 *
 * Built statically on the host against the guest kernel's UAPI headers
 * (linux-libc-dev of the same version), so struct tcp_ao_add is the kernel's own.
 *
 *   guest serve                 read commands on stdin, answer "AOVM ..." lines on stdout
 *   guest gen SEED SIZE FILE    write the test stream SEED of SIZE bytes to FILE (host side)
 *
 * Commands (one a line):
 *   listen  ALG KEYHEX PEER PORT SENDSEED SENDSIZE RECVSEED RECVSIZE
 *   connect ALG KEYHEX PEER PORT SENDSEED SENDSIZE RECVSEED RECVSIZE
 *       one connection with an MKT for PEER/32 (ALG "hmac(sha1)" or "cmac(aes128)",
 *       MAC length 12, SendID 1, RecvID 1): send stream SENDSEED while receiving,
 *       half-close, read to EOF, compare with stream RECVSEED.  listen prints
 *       "AOVM LISTENING" once it listens; connect retries for 30 s (the peer may
 *       not be listening yet).  Then "AOVM RESULT ..." with the bytes, whether
 *       they are intact, the socket's TCP-AO counters (TCP_AO_INFO) and the changes
 *       of TcpExt's TCPAO* counters (/proc/net/netstat) over the connection.
 *   netstat    "AOVM NETSTAT" with TcpExt's TCPAO* counters
 *   poweroff   power the guest off
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/tcp.h> /* the guest kernel's: TCP_AO_ADD_KEY, struct tcp_ao_add, TCP_AO_INFO */
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

_Static_assert(sizeof(struct tcp_ao_add) == 288, "struct tcp_ao_add is 288 bytes since Linux 6.7");

/* The test stream: xorshift64* from the seed, 8 bytes at a time. */
typedef struct {
    uint64_t s;
    uint8_t buf[8];
    unsigned left;
} stream;

static void stream_init(stream *g, uint64_t seed)
{
    g->s = seed * 0x9E3779B97F4A7C15ull + 0x1234567ull;
    if (!g->s)
        g->s = 1;
    g->left = 0;
}

static void stream_fill(stream *g, uint8_t *p, size_t n)
{
    while (n--) {
        if (!g->left) {
            uint64_t x;
            g->s ^= g->s >> 12;
            g->s ^= g->s << 25;
            g->s ^= g->s >> 27;
            x = g->s * 0x2545F4914F6CDD1Dull;
            memcpy(g->buf, &x, 8);
            g->left = 8;
        }
        *p++ = g->buf[8 - g->left--];
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* TcpExt's counters whose names start with TCPAO, as "name=value ..." into out. */
static void ao_netstat(char *out, size_t cap, long long vals[8])
{
    char hdr[8192], val[8192];
    FILE *f = fopen("/proc/net/netstat", "r");
    size_t o = 0;
    int k = 0;
    out[0] = 0;
    memset(vals, 0, 8 * sizeof vals[0]);
    if (!f)
        return;
    while (fgets(hdr, sizeof hdr, f) && fgets(val, sizeof val, f)) {
        char *sh, *sv, *h, *v;
        if (strncmp(hdr, "TcpExt:", 7))
            continue;
        h = strtok_r(hdr + 7, " \n", &sh);
        v = strtok_r(val + 7, " \n", &sv);
        while (h && v) {
            if (!strncmp(h, "TCPAO", 5) && k < 8) {
                vals[k++] = atoll(v);
                o += (size_t)snprintf(out + o, o < cap ? cap - o : 0, "%s%s=%s", o ? " " : "", h, v);
            }
            h = strtok_r(NULL, " \n", &sh);
            v = strtok_r(NULL, " \n", &sv);
        }
    }
    fclose(f);
}

static int add_key(int fd, const char *alg, const char *keyhex, const char *peer)
{
    struct tcp_ao_add a;
    struct sockaddr_in *sin = (struct sockaddr_in *)&a.addr;
    size_t n = strlen(keyhex) / 2, i;
    memset(&a, 0, sizeof a);
    sin->sin_family = AF_INET;
    if (inet_pton(AF_INET, peer, &sin->sin_addr) != 1 || n < 1 || n > TCP_AO_MAXKEYLEN || strlen(alg) >= 64)
        return -1;
    snprintf(a.alg_name, sizeof a.alg_name, "%s", alg);
    a.set_current = 1;
    a.set_rnext = 1;
    a.prefix = 32;
    a.sndid = 1;
    a.rcvid = 1;
    a.maclen = 12;
    a.keylen = (uint8_t)n;
    for (i = 0; i < n; i++) {
        unsigned b;
        if (sscanf(keyhex + 2 * i, "%2x", &b) != 1)
            return -1;
        a.key[i] = (uint8_t)b;
    }
    return setsockopt(fd, IPPROTO_TCP, TCP_AO_ADD_KEY, &a, sizeof a);
}

static int run(int listen_mode, char **w)
{
    const char *alg = w[0], *key = w[1], *peer = w[2];
    int port = atoi(w[3]);
    uint64_t sseed = strtoull(w[4], NULL, 0), ssize = strtoull(w[5], NULL, 0);
    uint64_t rseed = strtoull(w[6], NULL, 0), rsize = strtoull(w[7], NULL, 0);
    long long ns0[8], ns1[8];
    char nsbuf[1024], err[256] = "none";
    struct sockaddr_in sa;
    struct tcp_ao_info_opt info;
    socklen_t il = sizeof info;
    stream out, expect;
    uint64_t sent = 0, got = 0, bad_at = (uint64_t)-1;
    uint8_t sbuf[16384], rbuf[65536], ebuf[65536];
    size_t spend = 0, soff = 0;
    int fd = -1, ls = -1, one = 1, shut = 0, eof = 0, k;
    double t0, deadline;

    ao_netstat(nsbuf, sizeof nsbuf, ns0);
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    stream_init(&out, sseed);
    stream_init(&expect, rseed);
    t0 = now_s();
    deadline = t0 + 90;
    if (listen_mode) {
        ls = socket(AF_INET, SOCK_STREAM, 0);
        setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (add_key(ls, alg, key, peer) < 0) {
            snprintf(err, sizeof err, "TCP_AO_ADD_KEY:%s", strerror(errno));
            goto done;
        }
        if (bind(ls, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(ls, 1) < 0) {
            snprintf(err, sizeof err, "bind/listen:%s", strerror(errno));
            goto done;
        }
        printf("AOVM LISTENING port=%d\n", port);
        fflush(stdout);
        {
            struct pollfd p = {ls, POLLIN, 0};
            if (poll(&p, 1, 60000) != 1) {
                snprintf(err, sizeof err, "accept:timeout");
                goto done;
            }
        }
        fd = accept(ls, NULL, NULL);
        if (fd < 0) {
            snprintf(err, sizeof err, "accept:%s", strerror(errno));
            goto done;
        }
    } else {
        if (inet_pton(AF_INET, peer, &sa.sin_addr) != 1) {
            snprintf(err, sizeof err, "bad-peer");
            goto done;
        }
        for (;;) {
            fd = socket(AF_INET, SOCK_STREAM, 0);
            if (add_key(fd, alg, key, peer) < 0) {
                snprintf(err, sizeof err, "TCP_AO_ADD_KEY:%s", strerror(errno));
                goto done;
            }
            if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0)
                break;
            snprintf(err, sizeof err, "connect:%s", strerror(errno));
            close(fd);
            fd = -1;
            if (now_s() > t0 + 30)
                goto done;
            usleep(200000);
        }
        snprintf(err, sizeof err, "none");
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    while (!(shut && eof)) {
        struct pollfd p = {fd, (short)(POLLIN | (shut ? 0 : POLLOUT)), 0};
        if (now_s() > deadline) {
            snprintf(err, sizeof err, "timeout");
            goto done;
        }
        if (poll(&p, 1, 1000) < 0)
            continue;
        if (!shut && (p.revents & (POLLOUT | POLLERR | POLLHUP))) {
            for (;;) {
                ssize_t r;
                if (soff == spend) {
                    size_t n = ssize - sent < sizeof sbuf ? (size_t)(ssize - sent) : sizeof sbuf;
                    if (!n) {
                        shutdown(fd, SHUT_WR);
                        shut = 1;
                        break;
                    }
                    stream_fill(&out, sbuf, n);
                    soff = 0;
                    spend = n;
                }
                r = send(fd, sbuf + soff, spend - soff, MSG_NOSIGNAL);
                if (r < 0) {
                    if (errno == EAGAIN || errno == EINTR)
                        break;
                    snprintf(err, sizeof err, "send:%s", strerror(errno));
                    goto done;
                }
                soff += (size_t)r;
                sent += (uint64_t)r;
            }
        }
        if (p.revents & (POLLIN | POLLERR | POLLHUP)) {
            for (;;) {
                ssize_t r = recv(fd, rbuf, sizeof rbuf, 0);
                if (r == 0) {
                    eof = 1;
                    break;
                }
                if (r < 0) {
                    if (errno == EAGAIN || errno == EINTR)
                        break;
                    snprintf(err, sizeof err, "recv:%s", strerror(errno));
                    goto done;
                }
                stream_fill(&expect, ebuf, (size_t)r);
                for (k = 0; k < r && bad_at == (uint64_t)-1; k++)
                    if (rbuf[k] != ebuf[k])
                        bad_at = got + (uint64_t)k;
                got += (uint64_t)r;
            }
        }
    }
done:
    memset(&info, 0, sizeof info);
    if (fd < 0 || getsockopt(fd, IPPROTO_TCP, TCP_AO_INFO, &info, &il) < 0)
        memset(&info, 0, sizeof info);
    if (fd >= 0)
        close(fd);
    if (ls >= 0)
        close(ls);
    usleep(300000); /* let the closing segments be counted */
    ao_netstat(nsbuf, sizeof nsbuf, ns1);
    {
        int ok = !strcmp(err, "none") && sent == ssize && got == rsize && bad_at == (uint64_t)-1;
        printf("AOVM RESULT ok=%d role=%s alg=%s sent=%llu recv=%llu intact=%d secs=%.2f "
               "ao_current=%u ao_rnext=%u pkt_good=%llu pkt_bad=%llu pkt_key_not_found=%llu pkt_ao_required=%llu "
               "error=%s\n",
               ok, listen_mode ? "server" : "client", alg, (unsigned long long)sent, (unsigned long long)got,
               got == rsize && bad_at == (uint64_t)-1, now_s() - t0, info.current_key, info.rnext,
               (unsigned long long)info.pkt_good, (unsigned long long)info.pkt_bad,
               (unsigned long long)info.pkt_key_not_found, (unsigned long long)info.pkt_ao_required, err);
        printf("AOVM NETSTAT %s\n", nsbuf);
        fflush(stdout);
        return ok;
    }
}

static int gen(const char *seed, const char *size, const char *path)
{
    uint64_t n = strtoull(size, NULL, 0);
    uint8_t b[65536];
    stream g;
    FILE *f = fopen(path, "wb");
    if (!f)
        return 1;
    stream_init(&g, strtoull(seed, NULL, 0));
    while (n) {
        size_t m = n < sizeof b ? (size_t)n : sizeof b;
        stream_fill(&g, b, m);
        fwrite(b, 1, m, f);
        n -= m;
    }
    return fclose(f) ? 1 : 0;
}

int main(int argc, char **argv)
{
    char line[1024];
    struct termios t;
    if (argc == 5 && !strcmp(argv[1], "gen"))
        return gen(argv[2], argv[3], argv[4]);
    if (argc != 2 || strcmp(argv[1], "serve")) {
        fprintf(stderr, "usage: %s serve | gen SEED SIZE FILE\n", argv[0]);
        return 2;
    }
    if (tcgetattr(0, &t) == 0) { /* the console: no echo of the commands */
        t.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
        tcsetattr(0, TCSANOW, &t);
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("AOVM READY\n");
    while (fgets(line, sizeof line, stdin)) {
        char *w[10], *save;
        int n = 0;
        for (char *p = strtok_r(line, " \r\n", &save); p && n < 10; p = strtok_r(NULL, " \r\n", &save))
            w[n++] = p;
        if (!n)
            continue;
        if ((!strcmp(w[0], "listen") || !strcmp(w[0], "connect")) && n == 9) {
            run(!strcmp(w[0], "listen"), w + 1);
        } else if (!strcmp(w[0], "netstat")) {
            long long v[8];
            char b[1024];
            ao_netstat(b, sizeof b, v);
            printf("AOVM NETSTAT %s\n", b);
        } else if (!strcmp(w[0], "poweroff")) {
            printf("AOVM BYE\n");
            fflush(stdout);
            sync();
            reboot(RB_POWER_OFF);
        } else {
            printf("AOVM ERROR unknown command %s (%d words)\n", w[0], n);
        }
    }
    reboot(RB_POWER_OFF);
    return 0;
}
