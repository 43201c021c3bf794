/* ft_server.c - the file transfer server of Braun & Diot's "Protocol
 * implementation using integrated layer processing" (1995), over ilpc's
 * user-level TCP or the Linux kernel's TCP.
 *
 *   ft-server --transport udp|tun|kernel --listen HOST:PORT --root DIR [--cipher C [--key-file PATH]]
 *             [--mode ilp|layered|auto] [--once] [...]
 *   ft-server --transport shm --listen NAME --root DIR [...]
 *
 * Serves any number of connections at once from one event loop.  On each,
 * it reads one Request and answers with the file cut into Replies of at most
 * max-reply bytes, `copies` times over, the final piece of every copy
 * carrying the file's SHA-256; or with one ErrorReply (no such file, a name
 * that leaves the root, a malformed request).  Then it closes its side.
 * Exit status: 0 (--once: the connection was served), 1 a failure (a
 * connection failed, or the network could not be set up), 2 bad usage.
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include "ft_common.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <netinet/in.h>

static const char *prog = "ft-server";

#define MAX_SESSIONS 64

enum { S_WAIT_REQ, S_GOT_REQ, S_SENDING, S_CLOSING };

typedef struct session {
    ft_conn fc;
    ilpc_tcp *c;             /* user-level TCP, or NULL */
    int fd;                  /* kernel TCP socket, or -1 */
    int state;
    int bad;                 /* a message other than one Request */
    char peer[40];
    char name[256];
    uint32_t copies, max_reply;
    int refuse;              /* answer with an ErrorReply */
    FileTransfer_ErrorReply_code code;
    char text[201];
    uint8_t *file;
    size_t size;
    uint8_t digest[32];
    uint32_t seq, copy;
    size_t pos;
    uint64_t data_bytes;
    uint64_t t_req, t_sent, t_progress;
    uint64_t last_progress;
} session;

typedef struct server {
    const ft_opts *o;
    const char *root;        /* realpath of --root */
    session *ss[MAX_SESSIONS];
    int n;
    unsigned long served, failed;
} server;

static void deliver(ft_conn *fc, FileTransfer_Message *m)
{
    session *s = fc->user;
    const FileTransfer_Request *q = &m->u.request;
    if (s->state != S_WAIT_REQ || m->which != FileTransfer_Message_PR_request) {
        s->bad = 1;
        return;
    }
    s->copies = (uint32_t)q->copies;
    s->max_reply = (uint32_t)q->max_reply;
    if (memchr(q->file_name.data, 0, q->file_name.len)) {
        s->refuse = 1;
        s->code = FileTransfer_ErrorReply_code_bad_request;
        snprintf(s->text, sizeof s->text, "a file name must not contain NUL");
    }
    snprintf(s->name, sizeof s->name, "%.*s", (int)q->file_name.len, q->file_name.data);
    s->state = S_GOT_REQ;
    s->t_req = ft_now_ns();
}

static void refuse(session *s, FileTransfer_ErrorReply_code code, const char *what, const char *detail)
{
    char buf[600];
    size_t n;
    s->refuse = 1;
    s->code = code;
    n = (size_t)snprintf(buf, sizeof buf, "'%s': %s", what, detail);
    if (n >= sizeof s->text)
        n = sizeof s->text - 1; /* UTF8String (SIZE (0..200)); the text is ASCII */
    memcpy(s->text, buf, n);
    s->text[n] = 0;
}

/* Find and read the requested file, or decide the ErrorReply. */
static void prepare(server *sv, session *s)
{
    char path[4096 + 300], real[4096];
    const char *p;
    size_t rl = strlen(sv->root), got = 0;
    struct stat st;
    FILE *f;
    ft_sha256 h;
    if (s->refuse)
        return;
    if (s->name[0] == '/') {
        refuse(s, FileTransfer_ErrorReply_code_access_denied, s->name, "absolute names are refused");
        return;
    }
    for (p = s->name; *p;) {
        size_t k = strcspn(p, "/");
        if (k == 2 && p[0] == '.' && p[1] == '.') {
            refuse(s, FileTransfer_ErrorReply_code_access_denied, s->name, "'..' is refused");
            return;
        }
        p += k;
        p += *p == '/';
    }
    snprintf(path, sizeof path, "%s/%s", sv->root, s->name);
    if (!realpath(path, real)) {
        int e = errno;
        refuse(s, e == EACCES ? FileTransfer_ErrorReply_code_access_denied : FileTransfer_ErrorReply_code_no_such_file,
               s->name, strerror(e));
        return;
    }
    /* a symbolic link may still lead out of the root */
    if (strncmp(real, sv->root, rl) != 0 || (real[rl] != '/' && real[rl] != 0 && strcmp(sv->root, "/") != 0)) {
        refuse(s, FileTransfer_ErrorReply_code_access_denied, s->name, "outside the served directory");
        return;
    }
    if (stat(real, &st) != 0 || !S_ISREG(st.st_mode)) {
        refuse(s, FileTransfer_ErrorReply_code_no_such_file, s->name, "not a regular file");
        return;
    }
    f = fopen(real, "rb");
    if (!f) {
        int e = errno;
        refuse(s, e == EACCES ? FileTransfer_ErrorReply_code_access_denied : FileTransfer_ErrorReply_code_no_such_file,
               s->name, strerror(e));
        return;
    }
    s->file = malloc(st.st_size > 0 ? (size_t)st.st_size : 1);
    if (s->file)
        got = fread(s->file, 1, (size_t)st.st_size, f);
    fclose(f);
    if (!s->file || got != (size_t)st.st_size) {
        refuse(s, FileTransfer_ErrorReply_code_no_such_file, s->name, "cannot read it");
        return;
    }
    s->size = got;
    ft_sha256_init(&h);
    ft_sha256_update(&h, s->file, s->size);
    ft_sha256_final(&h, s->digest);
}

/* Queue as many messages as the send ring takes.  ILPC_OK or an error. */
static int pump(session *s)
{
    FileTransfer_Message m;
    int rc;
    memset(&m, 0, sizeof m);
    if (s->refuse) {
        m.which = FileTransfer_Message_PR_error;
        m.u.error.code = s->code;
        m.u.error.text.data = s->text;
        m.u.error.text.len = (uint32_t)strlen(s->text);
        rc = ft_send(&s->fc, &m);
        if (rc == ILPC_OK) {
            ft_conn_shutdown(&s->fc);
            s->state = S_CLOSING;
            s->t_sent = ft_now_ns();
        }
        return rc == ILPC_E_AGAIN ? ILPC_OK : rc;
    }
    m.which = FileTransfer_Message_PR_reply;
    for (;;) {
        FileTransfer_Reply *r = &m.u.reply;
        size_t n = s->size - s->pos < s->max_reply ? s->size - s->pos : s->max_reply;
        int end_of_copy = s->pos + n == s->size;
        r->sequence_number = s->seq;
        r->data.len = (uint32_t)n;
        r->data.data = s->file + s->pos;
        r->has_digest = end_of_copy;
        if (end_of_copy)
            memcpy(r->digest.bytes, s->digest, 32);
        r->last = end_of_copy && s->copy + 1 == s->copies;
        rc = ft_send(&s->fc, &m);
        if (rc == ILPC_E_AGAIN)
            return ILPC_OK;
        if (rc != ILPC_OK)
            return rc;
        s->seq++;
        s->pos += n;
        s->data_bytes += n;
        if (end_of_copy) {
            s->copy++;
            s->pos = 0;
        }
        if (r->last) {
            ft_conn_shutdown(&s->fc);
            s->state = S_CLOSING;
            s->t_sent = ft_now_ns();
            return ILPC_OK;
        }
    }
}

static void report(server *sv, session *s, int ok, const char *why)
{
    static const ilpc_tcp_stats none;
    const ilpc_tcp_stats *st = s->c ? ilpc_tcp_get_stats(s->c) : &none;
    unsigned long long retrans = s->c ? (unsigned long long)st->retransmits : ft_kernel_retrans(&s->fc);
    double wall = s->t_req && s->t_sent ? (s->t_sent - s->t_req) / 1e9 : 0;
    double done = s->t_req ? (ft_now_ns() - s->t_req) / 1e9 : 0, cpu_user, cpu_sys;
    const char *mode = ft_mode_name(sv->o->mode);
    FILE *f = ok ? stdout : stderr;
    ft_cpu_times(&cpu_user, &cpu_sys);
    if (ok && s->refuse)
        fprintf(f, "%s: %s: refused: %s\n", prog, s->peer, s->text);
    else if (ok)
        fprintf(f, "%s: %s: sent '%s', %zu bytes x %lu copies, in %llu replies of at most %lu bytes "
                   "(queued in %.3f s; mode %s, cipher %s)\n",
                prog, s->peer, s->name, s->size, (unsigned long)s->copies, (unsigned long long)s->fc.msgs_out,
                (unsigned long)s->max_reply, wall, mode, ilpc_cipher_name(sv->o->cipher));
    else
        fprintf(f, "%s: %s: FAILED: %s\n", prog, s->peer, why);
    fprintf(f, "%s: send processing: median %.3f us/msg, mean %.3f us/msg (%llu messages); receive: median %.3f "
               "us/msg (%llu messages)\n",
            prog, ft_times_median_us(&s->fc.tx_t), ft_times_mean_us(&s->fc.tx_t),
            (unsigned long long)s->fc.msgs_out, ft_times_median_us(&s->fc.rx_t), (unsigned long long)s->fc.msgs_in);
    if (s->c)
        ft_print_tcp_stats(f, "ft-server: ", st);
    else
        ft_print_kernel_stats(f, "ft-server: ", &s->fc);
    /* wall_s: from the request to the end of the connection; cpu_*: the whole
     * process so far (with --once: this connection, plus start-up and reading
     * and hashing the file) */
    fprintf(f, "RESULT role=server ok=%d refused=%d mode=%s cipher=%s transport=%s max_reply=%lu copies=%lu "
               "bytes=%llu msgs=%llu wire_bytes=%llu wall_s=%.6f queued_s=%.6f tx_med_us=%.4f tx_mean_us=%.4f "
               "proc_s=%.6f cpu_user_s=%.6f cpu_sys_s=%.6f retrans=%llu bad_csum=%llu sum_stored=%llu "
               "sum_ring=%llu path_changes=%llu tcp_ao=%d ao_bad=%llu\n",
            ok, s->refuse, mode, ilpc_cipher_name(sv->o->cipher), sv->o->transport, (unsigned long)s->max_reply,
            (unsigned long)s->copies, (unsigned long long)s->data_bytes, (unsigned long long)s->fc.msgs_out,
            (unsigned long long)s->fc.msg_bytes_out, done, wall, ft_times_median_us(&s->fc.tx_t),
            ft_times_mean_us(&s->fc.tx_t), (s->fc.tx_t.total_ns + s->fc.rx_t.total_ns) / 1e9, cpu_user, cpu_sys,
            retrans, (unsigned long long)st->bad_csum,
            (unsigned long long)st->tx_sum_stored, (unsigned long long)st->tx_sum_ring,
            (unsigned long long)st->path_changes, sv->o->ao_in_use, (unsigned long long)st->ao_bad);
    fflush(f);
}

static void end_session(server *sv, int i, int ok, const char *why)
{
    session *s = sv->ss[i];
    report(sv, s, ok, why);
    if (ok)
        sv->served++;
    else
        sv->failed++;
    if (s->fd >= 0)
        close(s->fd);
    else if (ok || ilpc_tcp_error(s->c))
        ilpc_tcp_close(s->c); /* the stack finishes the close (TIME-WAIT) */
    else
        ilpc_tcp_abort(s->c);
    ft_conn_fini(&s->fc);
    free(s->file);
    free(s);
    sv->ss[i] = sv->ss[--sv->n];
}

/* One step of session i.  Returns 1 if it ended (and was removed). */
static int step(server *sv, int i, uint64_t now)
{
    session *s = sv->ss[i];
    int rc, err;
    uint64_t progress;
    char why[200];
    if (ft_recv_stream(&s->fc) != ILPC_OK || s->bad) {
        snprintf(why, sizeof why, "bad message from the client: %s",
                 s->fc.err ? ft_strerror(s->fc.err) : "not one Request");
        end_session(sv, i, 0, why);
        return 1;
    }
    if ((err = ft_conn_error(&s->fc)) != 0) {
        snprintf(why, sizeof why, "connection failed: %s", ft_conn_strerror(&s->fc, err));
        end_session(sv, i, 0, why);
        return 1;
    }
    if (s->state == S_WAIT_REQ && ft_conn_rx_eof(&s->fc)) {
        end_session(sv, i, 0, "the client closed without a request");
        return 1;
    }
    if (s->state == S_GOT_REQ) {
        prepare(sv, s);
        s->state = S_SENDING;
    }
    if ((s->state == S_SENDING && (rc = pump(s)) != ILPC_OK) || (rc = ft_conn_flush(&s->fc)) != ILPC_OK) {
        snprintf(why, sizeof why, "cannot send: %s", ft_conn_strerror(&s->fc, rc));
        end_session(sv, i, 0, why);
        return 1;
    }
    if (s->state == S_CLOSING && ft_conn_closed(&s->fc)) {
        end_session(sv, i, 1, NULL);
        return 1;
    }
    /* progress: a message in or out, acknowledged (user-level TCP) or written bytes */
    progress = ft_conn_progress(&s->fc);
    if (progress != s->last_progress) {
        s->last_progress = progress;
        s->t_progress = now;
    }
    if (now - s->t_progress > (uint64_t)(sv->o->timeout_s * 1e9)) {
        snprintf(why, sizeof why, "no progress for %.1f s (state %s)", sv->o->timeout_s,
                 s->c ? ilpc_tcp_state_name(ilpc_tcp_get_state(s->c)) : "kernel");
        end_session(sv, i, 0, why);
        return 1;
    }
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ft-server --listen HOST:PORT|NAME --root DIR [--cipher C [--key-file PATH]]\n"
            "                 [--mode ilp|layered|auto] [options]\n"
            "\n"
            "Serves the files under DIR to ft-client (or anything speaking its messages), one\n"
            "Request per connection, many connections at once.\n"
            "\n"
            "  --listen HOST:PORT     udp: the UDP address to bind, its port is also the TCP port unless\n"
            "                         --tcp-port says otherwise\n"
            "                         (port 0: any; the port is printed); tun: this end's address on\n"
            "                         the TUN link and the TCP port; kernel: the TCP address to listen on;\n"
            "                         shm: the NAME clients give as --server (one client's shared memory\n"
            "                         at a time, then the next)\n"
            "  --root DIR             the served directory; names leading out of it are refused\n"
            "  --once                 exit after the first connection (status 0 if it was served)\n"
            "%s",
            ft_opts_help);
}

int main(int argc, char **argv)
{
    ft_opts o;
    ft_net net;
    server sv;
    ilpc_tcp *l = NULL;
    const char *root = NULL;
    char root_real[4096], ipbuf[16];
    int i, rc, once = 0;

    ft_opts_default(&o);
    memset(&sv, 0, sizeof sv);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL, *eq;
        char name[64];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return FT_EXIT_OK;
        }
        if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            o.verbose = 1;
            continue;
        }
        if (!strcmp(a, "--no-rx-hook")) {
            o.rx_hook = 0;
            continue;
        }
        if (!strcmp(a, "--once")) {
            once = 1;
            continue;
        }
        eq = strchr(a, '=');
        if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < sizeof name) {
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = 0;
            a = name;
            v = eq + 1;
        } else if (i + 1 < argc) {
            v = argv[++i];
        } else {
            fprintf(stderr, "%s: %s needs a value (see --help)\n", prog, a);
            return FT_EXIT_USAGE;
        }
        rc = ft_opts_take(&o, prog, a, v);
        if (rc < 0)
            return FT_EXIT_USAGE;
        if (rc > 0)
            continue;
        if (!strcmp(a, "--listen"))
            o.hostport = v;
        else if (!strcmp(a, "--root"))
            root = v;
        else {
            fprintf(stderr, "%s: unknown option %s (see --help)\n", prog, a);
            return FT_EXIT_USAGE;
        }
    }
    if (!root) {
        fprintf(stderr, "%s: --root DIR is required (see --help)\n", prog);
        return FT_EXIT_USAGE;
    }
    if (!realpath(root, root_real)) {
        fprintf(stderr, "%s: --root %s: %s\n", prog, root, strerror(errno));
        return FT_EXIT_USAGE;
    }
    sv.root = root_real;
    sv.o = &o;
    if (ft_opts_check(&o, prog, 1) != 0)
        return FT_EXIT_USAGE;
    if (ft_net_open(&net, &o, prog, 1) != 0) {
        ft_opts_wipe(&o);
        return FT_EXIT_FAIL;
    }
    rc = net.kernel ? ILPC_OK
                    : ilpc_tcp_listen(net.s, !strcmp(o.transport, "udp") ? net.tcp_port : net.port, 16, &l);
    if (rc != ILPC_OK) {
        fprintf(stderr, "%s: cannot listen on port %u: %s\n", prog, (unsigned)net.port, ilpc_strerror(rc));
        ft_net_close(&net);
        ft_opts_wipe(&o);
        return FT_EXIT_FAIL;
    }
    printf("%s: listening on %s:%u (%s%s%s, mode %s, cipher %s), serving %s\n", prog,
           ilpc_format_ipv4(net.ip, ipbuf), (unsigned)net.port, o.transport, strcmp(o.transport, "shm") ? "" : " ",
           strcmp(o.transport, "shm") ? "" : o.hostport, ft_mode_name(o.mode), ilpc_cipher_name(o.cipher),
           root_real);
    fflush(stdout);

    for (;;) {
        uint64_t now = ft_net_now(&net);
        while (sv.n < MAX_SESSIONS && !(once && sv.n + sv.served + sv.failed > 0)) {
            session *s;
            ilpc_tcp *c = NULL;
            int fd = -1;
            uint32_t rip;
            uint16_t rport;
            if (net.kernel) {
                struct sockaddr_in a;
                socklen_t al = sizeof a;
                fd = accept(net.fd, (struct sockaddr *)&a, &al);
                if (fd < 0)
                    break; /* EAGAIN, or a connection that went away: poll again */
                rip = ntohl(a.sin_addr.s_addr);
                rport = ntohs(a.sin_port);
            } else {
                if (ilpc_tcp_accept(l, &c) != ILPC_OK)
                    break;
                ilpc_tcp_endpoints(c, NULL, NULL, &rip, &rport);
            }
            s = calloc(1, sizeof *s);
            if (s && (net.kernel ? ft_conn_init_kernel(&s->fc, fd, &o, 1, deliver, s)
                                 : ft_conn_init(&s->fc, c, &o, 1, deliver, s)) != 0) {
                free(s); /* the reason is printed */
                s = NULL;
            }
            if (!s) {
                if (c)
                    ilpc_tcp_abort(c);
                else
                    close(fd);
                sv.failed++;
                continue;
            }
            s->c = c;
            s->fd = fd;
            s->t_progress = now;
            {
                /* on udp the pseudo-header's addresses are 0: show the path (the
                 * peer's UDP address) and the TCP port */
                ilpc_path path;
                if (c)
                    ilpc_tcp_get_path(c, &path);
                if (c && !strcmp(o.transport, "udp"))
                    snprintf(s->peer, sizeof s->peer, "%s:%u/tcp %u", ilpc_format_ipv4(path.ip, ipbuf),
                             (unsigned)path.port, (unsigned)rport);
                else
                    snprintf(s->peer, sizeof s->peer, "%s:%u", ilpc_format_ipv4(rip, ipbuf), (unsigned)rport);
            }
            sv.ss[sv.n++] = s;
            if (o.verbose)
                fprintf(stderr, "%s: connection from %s\n", prog, s->peer);
        }
        for (i = 0; i < sv.n;)
            if (!step(&sv, i, now))
                i++;
        if (once && sv.n == 0 && sv.served + sv.failed > 0)
            break;
        if (net.kernel) {
            /* the listening socket and every connection, at most 100 ms */
            struct pollfd p[MAX_SESSIONS + 1];
            int np = 0;
            if (sv.n < MAX_SESSIONS && !(once && sv.n + sv.served + sv.failed > 0)) {
                p[np].fd = net.fd;
                p[np].events = POLLIN;
                p[np++].revents = 0;
            }
            for (i = 0; i < sv.n; i++) {
                p[np].fd = sv.ss[i]->fd;
                p[np].events = ft_conn_events(&sv.ss[i]->fc);
                p[np++].revents = 0;
            }
            (void)poll(p, (nfds_t)np, 100);
        } else {
            ft_drive(net.s, ILPC_TIME_NEVER);
        }
    }
    if (!net.kernel) {
        /* --once: stay a moment so that a repeated FIN of the client is still answered */
        uint64_t end = ilpc_stack_now(net.s) + 300 * ILPC_NS_PER_MS;
        while (ilpc_stack_now(net.s) < end)
            ft_drive(net.s, end);
        ilpc_tcp_close(l);
    }
    ft_net_close(&net);
    ft_opts_wipe(&o);
    return sv.failed ? FT_EXIT_FAIL : FT_EXIT_OK;
}
