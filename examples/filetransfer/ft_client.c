/* ft_client.c - the file transfer client of Braun & Diot's "Protocol
 * implementation using integrated layer processing" (1995), over ilpc's
 * user-level TCP or the Linux kernel's TCP.
 *
 *   ft-client --transport udp|tun|kernel --server HOST:PORT --file NAME --copies N
 *             --max-reply BYTES --out PATH [--cipher C [--key-file PATH]] [--mode ilp|layered|auto] [...]
 *   ft-client --transport shm --server NAME --file NAME [...]
 *
 * Sends one Request, receives the Replies and checks every byte: sequence
 * numbers 0, 1, 2, ... without a gap, no piece larger than max-reply, the
 * first copy against the SHA-256 the server sends at the end of every copy,
 * every further copy byte for byte against the first, exactly the requested
 * number of copies, and `last` on the final piece only.  Writes the file to
 * --out and exits 0 only if all of that holds.  Exit 3: the server answered
 * with an ErrorReply; 1: any other failure; 2: bad usage.
 */
#define _POSIX_C_SOURCE 200809L

#include "ft_common.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *prog = "ft-client";

enum { RUNNING, DONE, FAILED, REFUSED };

typedef struct client {
    uint32_t copies, max_reply;
    int state;
    char why[300];
    uint32_t next_seq;
    uint32_t copy;        /* copies completed */
    size_t pos;           /* bytes of the current copy so far */
    uint8_t *first;       /* the first copy */
    size_t first_cap;
    size_t size;          /* file size, known once the first copy is complete */
    ft_sha256 sha;
    uint8_t digest[32];
    uint64_t data_bytes, replies;
    uint64_t t_first, first_bytes; /* when the first reply arrived, and its data bytes */
    uint64_t t_last;
    int err_code;
    char err_text[256];
} client;

static void fail(client *cl, const char *fmt, ...)
{
    va_list ap;
    if (cl->state != RUNNING)
        return;
    va_start(ap, fmt);
    vsnprintf(cl->why, sizeof cl->why, fmt, ap);
    va_end(ap);
    cl->state = FAILED;
}

static int keep_first(client *cl, const uint8_t *p, size_t n)
{
    if (cl->pos + n > cl->first_cap) {
        size_t cap = cl->first_cap ? cl->first_cap : 1 << 16;
        uint8_t *b;
        while (cap < cl->pos + n)
            cap *= 2;
        b = realloc(cl->first, cap);
        if (!b)
            return -1;
        cl->first = b;
        cl->first_cap = cap;
    }
    if (n)
        memcpy(cl->first + cl->pos, p, n);
    return 0;
}

/* Every received message, in stream order (possibly inside the receive hook). */
static void deliver(ft_conn *fc, FileTransfer_Message *m)
{
    client *cl = fc->user;
    const FileTransfer_Reply *r;
    if (cl->state != RUNNING) {
        if (cl->state != FAILED) {
            cl->state = FAILED;
            snprintf(cl->why, sizeof cl->why, "a message after the end of the answer");
        }
        return;
    }
    if (m->which == FileTransfer_Message_PR_error) {
        const FileTransfer_ErrorReply *e = &m->u.error;
        cl->err_code = (int)e->code;
        snprintf(cl->err_text, sizeof cl->err_text, "%.*s", (int)e->text.len, e->text.data ? e->text.data : "");
        cl->state = REFUSED;
        return;
    }
    if (m->which != FileTransfer_Message_PR_reply) {
        fail(cl, "unexpected message (choice %d) from the server", (int)m->which);
        return;
    }
    r = &m->u.reply;
    cl->replies++;
    if (r->sequence_number != cl->next_seq) {
        fail(cl, "reply with sequence number %lu, expected %lu", (unsigned long)r->sequence_number,
             (unsigned long)cl->next_seq);
        return;
    }
    cl->next_seq++;
    if (r->data.len > cl->max_reply) {
        fail(cl, "reply %lu carries %lu bytes, more than max-reply %lu", (unsigned long)r->sequence_number,
             (unsigned long)r->data.len, (unsigned long)cl->max_reply);
        return;
    }
    if (cl->copy >= cl->copies) {
        fail(cl, "more than the %lu copies asked for", (unsigned long)cl->copies);
        return;
    }
    if (cl->copy == 0) {
        if (keep_first(cl, r->data.data, r->data.len) != 0) {
            fail(cl, "out of memory");
            return;
        }
        ft_sha256_update(&cl->sha, r->data.data, r->data.len);
    } else if (cl->pos + r->data.len > cl->size ||
               (r->data.len && memcmp(cl->first + cl->pos, r->data.data, r->data.len) != 0)) {
        fail(cl, "copy %lu differs from the first copy near byte %zu", (unsigned long)cl->copy + 1, cl->pos);
        return;
    }
    cl->pos += r->data.len;
    cl->data_bytes += r->data.len;
    if (!cl->t_first) {
        cl->t_first = ft_now_ns();
        cl->first_bytes = r->data.len;
    }
    if (r->has_digest) {
        if (cl->copy == 0) {
            uint8_t got[32];
            char a[65], b[65];
            ft_sha256_final(&cl->sha, got);
            if (memcmp(got, r->digest.bytes, 32) != 0) {
                ft_hex(got, 32, a);
                ft_hex(r->digest.bytes, 32, b);
                fail(cl, "SHA-256 of the received file is %s, the server's is %s", a, b);
                return;
            }
            memcpy(cl->digest, got, 32);
            cl->size = cl->pos;
        } else if (cl->pos != cl->size || memcmp(cl->digest, r->digest.bytes, 32) != 0) {
            fail(cl, "copy %lu has %zu bytes or another digest (file: %zu bytes)", (unsigned long)cl->copy + 1,
                 cl->pos, cl->size);
            return;
        }
        cl->copy++;
        cl->pos = 0;
    }
    if (r->last) {
        if (!r->has_digest || cl->copy != cl->copies) {
            fail(cl, "last reply after %lu of %lu copies", (unsigned long)cl->copy, (unsigned long)cl->copies);
            return;
        }
        cl->state = DONE;
        cl->t_last = ft_now_ns();
    }
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ft-client --server HOST:PORT|NAME --file NAME [--copies N] [--max-reply BYTES] [--out PATH]\n"
            "                 [--cipher C [--key-file PATH]] [--mode ilp|layered|auto] [options]\n"
            "\n"
            "Asks the ft-server at HOST:PORT for the file NAME (relative to its --root), N copies\n"
            "(default 1) cut into replies of at most BYTES (64..65536, default 1024), checks every\n"
            "byte, writes the file to PATH, and prints a report. Exit status: 0 all intact, 1 failure,\n"
            "2 bad usage, 3 the server refused (ErrorReply).\n"
            "\n"
            "  --server HOST:PORT     the server; with udp, the UDP address to send to first; kernel: its\n"
            "                         TCP address; with shm, the NAME the server was started with\n"
            "                         (--listen NAME)\n"
            "  --file NAME            the file, relative to the server's root\n"
            "  --copies N             1..1000 (default 1)\n"
            "  --max-reply BYTES      the largest reply's data, 64..65536 (default 1024)\n"
            "  --out PATH             where to write the file (only when it arrived intact)\n"
            "  --bind HOST:PORT       udp: the local address (default 0.0.0.0:0, any port)\n"
            "  --local IP             tun: this end's address on the TUN link (required)\n"
            "%s",
            ft_opts_help);
}

static long parse_long(const char *v, long lo, long hi, const char *what)
{
    char *end;
    long x;
    errno = 0;
    x = strtol(v, &end, 10);
    if (errno || *end || !*v || x < lo || x > hi) {
        fprintf(stderr, "%s: %s must be %ld..%ld, not '%s'\n", prog, what, lo, hi, v);
        exit(FT_EXIT_USAGE);
    }
    return x;
}

static int write_file(const char *path, const uint8_t *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    int ok;
    if (!f)
        return -1;
    ok = n == 0 || fwrite(p, 1, n, f) == n;
    ok = (fclose(f) == 0) && ok;
    return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
    ft_opts o;
    ft_net net;
    ft_conn fc;
    client cl;
    const char *file = NULL, *out = NULL;
    ilpc_tcp *c = NULL;
    int fd = -1;
    FileTransfer_Message req;
    uint64_t t_conn, t_start = 0, deadline;
    double wall, stream, mbs, cpu_user, cpu_sys;
    int i, rc, status = FT_EXIT_FAIL;

    ft_opts_default(&o);
    memset(&cl, 0, sizeof cl);
    cl.copies = 1;
    cl.max_reply = 1024;
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
        if (!strcmp(a, "--server"))
            o.hostport = v;
        else if (!strcmp(a, "--file"))
            file = v;
        else if (!strcmp(a, "--copies"))
            cl.copies = (uint32_t)parse_long(v, 1, 1000, "--copies");
        else if (!strcmp(a, "--max-reply"))
            cl.max_reply = (uint32_t)parse_long(v, 64, 65536, "--max-reply");
        else if (!strcmp(a, "--out"))
            out = v;
        else if (!strcmp(a, "--bind"))
            o.bind = v;
        else if (!strcmp(a, "--local"))
            o.local_ip = v;
        else {
            fprintf(stderr, "%s: unknown option %s (see --help)\n", prog, a);
            return FT_EXIT_USAGE;
        }
    }
    if (!file || !*file || strlen(file) > 255) {
        fprintf(stderr, "%s: --file NAME (1..255 characters) is required (see --help)\n", prog);
        return FT_EXIT_USAGE;
    }
    for (i = 0; file[i]; i++)
        if ((unsigned char)file[i] > 127) {
            fprintf(stderr, "%s: --file must be ASCII (IA5String)\n", prog);
            return FT_EXIT_USAGE;
        }
    if (ft_opts_check(&o, prog, 0) != 0)
        return FT_EXIT_USAGE;
    if (ft_net_open(&net, &o, prog, 0) != 0) {
        ft_opts_wipe(&o);
        return FT_EXIT_FAIL;
    }
    t_conn = ft_now_ns();
    deadline = ft_net_now(&net) + (uint64_t)(o.timeout_s * 1e9);
    if (net.kernel) {
        fd = ft_kernel_connect(&net, o.timeout_s, prog); /* prints why not */
        if (fd < 0) {
            ft_net_close(&net);
            return FT_EXIT_FAIL;
        }
        if (ft_conn_init_kernel(&fc, fd, &o, 0, deliver, &cl) != 0) { /* prints why not */
            close(fd);
            ft_net_close(&net);
            ft_opts_wipe(&o);
            return FT_EXIT_FAIL;
        }
        if (o.verbose)
            fprintf(stderr, "%s: connected to %s (kernel TCP)\n", prog, o.hostport);
    } else {
        /* udp: remote address 0, the transport sends the SYN to --server */
        rc = !strcmp(o.transport, "udp") ? ilpc_tcp_connect(net.s, 0, net.tcp_port, 0, &c)
                                         : ilpc_tcp_connect(net.s, net.ip, net.port, 0, &c);
        if (rc == ILPC_OK)
            rc = ilpc_tcp_wait_established(c, deadline - ilpc_stack_now(net.s));
        if (rc != ILPC_OK) {
            fprintf(stderr, "%s: cannot connect to %s: %s\n", prog, o.hostport, ilpc_strerror(rc));
            if (c)
                ilpc_tcp_abort(c);
            ft_net_close(&net);
            ft_opts_wipe(&o);
            return FT_EXIT_FAIL;
        }
        if (o.verbose)
            fprintf(stderr, "%s: connected to %s, mss %zu\n", prog, o.hostport, ilpc_tcp_mss(c));
        if (ft_conn_init(&fc, c, &o, 0, deliver, &cl) != 0) { /* prints why not */
            ilpc_tcp_abort(c);
            ft_net_close(&net);
            ft_opts_wipe(&o);
            return FT_EXIT_FAIL;
        }
    }

    ft_sha256_init(&cl.sha); /* released by ft_sha256_final, or below */

    /* the Request */
    memset(&req, 0, sizeof req);
    req.which = FileTransfer_Message_PR_request;
    req.u.request.file_name.data = (char *)(uintptr_t)file;
    req.u.request.file_name.len = (uint32_t)strlen(file);
    req.u.request.copies = (int32_t)cl.copies;
    req.u.request.max_reply = (int32_t)cl.max_reply;
    t_start = ft_now_ns();
    while ((rc = ft_send(&fc, &req)) == ILPC_E_AGAIN && ft_net_now(&net) < deadline)
        ft_wait(&net, &fc, deadline);
    if (rc == ILPC_OK)
        rc = ft_conn_flush(&fc);
    if (rc != ILPC_OK)
        fail(&cl, "cannot send the request: %s", rc == ILPC_E_AGAIN ? "timed out" : ft_conn_strerror(&fc, rc));

    /* the Replies */
    while (cl.state == RUNNING) {
        /* a server that cannot authenticate the request ends the connection at once */
        const char *hint = ilpc_cipher_is_aead(o.cipher) && cl.replies == 0
                               ? " (does the server have the same pre-shared key?)"
                               : "";
        int err;
        if (ft_recv_stream(&fc) != ILPC_OK) {
            fail(&cl, "bad message from the server: %s", ft_strerror(fc.err));
            break;
        }
        if (cl.state != RUNNING)
            break;
        if ((err = ft_conn_error(&fc)) != 0) {
            fail(&cl, "connection failed: %s%s", ft_conn_strerror(&fc, err), hint);
            break;
        }
        if (ft_conn_rx_eof(&fc)) {
            fail(&cl, "the server closed the connection after %lu replies%s", (unsigned long)cl.replies, hint);
            break;
        }
        if (ft_net_now(&net) >= deadline) {
            fail(&cl, "timed out after %.1f s (%lu replies, %llu bytes)", o.timeout_s, (unsigned long)cl.replies,
                 (unsigned long long)cl.data_bytes);
            break;
        }
        ft_wait(&net, &fc, deadline);
    }
    ft_cpu_times(&cpu_user, &cpu_sys); /* the transfer's CPU time, before the close */
    if (cl.state == DONE || cl.state == REFUSED) {
        /* Orderly close: our FIN after the server's; a few seconds at most. */
        uint64_t end = ft_net_now(&net) + 3 * ILPC_NS_PER_S;
        ft_conn_shutdown(&fc);
        while (ft_net_now(&net) < end && !ft_conn_error(&fc) && !ft_conn_closed(&fc)) {
            ft_recv_stream(&fc); /* anything after the end is a protocol error */
            if (cl.state == FAILED || ft_conn_closed(&fc))
                break;
            ft_wait(&net, &fc, end);
        }
    }
    /* Throughput: the data after the first reply over the time from the first reply
     * to the last, so that neither the request's round trip nor the server's reading
     * and hashing of the file count; with a single reply, over the whole wall time. */
    wall = ((cl.t_last ? cl.t_last : ft_now_ns()) - t_start) / 1e9;
    stream = cl.t_first && cl.t_last > cl.t_first ? (cl.t_last - cl.t_first) / 1e9 : 0;
    mbs = stream > 0 ? (cl.data_bytes - cl.first_bytes) / stream / 1e6 : wall > 0 ? cl.data_bytes / wall / 1e6 : 0;

    if (cl.state == DONE) {
        char hex[65];
        ft_hex(cl.digest, 32, hex);
        if (out && write_file(out, cl.first, cl.size) != 0) {
            snprintf(cl.why, sizeof cl.why, "cannot write %s: %s", out, strerror(errno));
            cl.state = FAILED;
        } else {
            printf("%s: %s: %zu bytes x %lu copies received intact (sha256 %s)\n", prog, file, cl.size,
                   (unsigned long)cl.copies, hex);
            status = FT_EXIT_OK;
        }
    }
    if (cl.state == REFUSED) {
        fprintf(stderr, "%s: the server refused: %s (code %d)\n", prog, cl.err_text, cl.err_code);
        status = FT_EXIT_REFUSED;
    } else if (cl.state != DONE) {
        fprintf(stderr, "%s: FAILED: %s\n", prog, cl.why);
    }
    {
        static const ilpc_tcp_stats none;
        const ilpc_tcp_stats *st = net.s ? ilpc_stack_stats(net.s) : &none;
        unsigned long long retrans = net.s ? (unsigned long long)st->retransmits : ft_kernel_retrans(&fc);
        const char *mode = ft_mode_name(o.mode);
        FILE *f = status == FT_EXIT_OK ? stdout : stderr;
        fprintf(f, "%s: %llu data bytes in %llu messages (%llu bytes on the wire) in %.3f s after the request, "
                   "%.3f s from the first reply to the last: %.2f MB/s (mode %s, cipher %s, max-reply %lu, %s)\n",
                prog, (unsigned long long)cl.data_bytes, (unsigned long long)fc.msgs_in,
                (unsigned long long)fc.msg_bytes_in, wall, stream, mbs, mode, ilpc_cipher_name(o.cipher),
                (unsigned long)cl.max_reply, o.transport);
        fprintf(f, "%s: receive processing: median %.3f us/msg, mean %.3f us/msg (%llu from whole-message "
                   "segments by the receive hook, %llu from the TCP stream)\n",
                prog, ft_times_median_us(&fc.rx_t), ft_times_mean_us(&fc.rx_t),
                (unsigned long long)fc.rx_hook_msgs, (unsigned long long)fc.rx_stream_msgs);
        fprintf(f, "%s: send processing: median %.3f us/msg (%llu messages)\n", prog, ft_times_median_us(&fc.tx_t),
                (unsigned long long)fc.msgs_out);
        if (net.s)
            ft_print_tcp_stats(f, "ft-client: ", st);
        else
            ft_print_kernel_stats(f, "ft-client: ", &fc);
        if (!strcmp(o.transport, "shm")) {
            const ilpc_shm_stats *ss = ilpc_transport_shm_stats(net.t);
            fprintf(f, "%s: shm: segments in %llu out %llu, dropped %llu, wake-ups sent %llu, sleeps %llu, "
                       "waits ended while spinning %llu\n",
                    prog, (unsigned long long)ss->seg_in, (unsigned long long)ss->seg_out,
                    (unsigned long long)ss->dropped, (unsigned long long)ss->kicks, (unsigned long long)ss->sleeps,
                    (unsigned long long)ss->spin_hits);
        }
        fprintf(f, "RESULT role=client ok=%d mode=%s cipher=%s transport=%s max_reply=%lu copies=%lu bytes=%llu "
                   "msgs=%llu wire_bytes=%llu wall_s=%.6f stream_s=%.6f total_s=%.6f mbs=%.3f rx_med_us=%.4f "
                   "rx_mean_us=%.4f proc_s=%.6f cpu_user_s=%.6f cpu_sys_s=%.6f "
                   "rx_hook=%llu rx_stream=%llu retrans=%llu bad_csum=%llu fused_consumed=%llu "
                   "fused_declined=%llu fused_dropped=%llu tcp_ao=%d ao_bad=%llu\n",
                status == FT_EXIT_OK, mode, ilpc_cipher_name(o.cipher), o.transport, (unsigned long)cl.max_reply,
                (unsigned long)cl.copies, (unsigned long long)cl.data_bytes, (unsigned long long)fc.msgs_in,
                (unsigned long long)fc.msg_bytes_in, wall, stream, (ft_now_ns() - t_conn) / 1e9, mbs,
                ft_times_median_us(&fc.rx_t), ft_times_mean_us(&fc.rx_t),
                (fc.rx_t.total_ns + fc.tx_t.total_ns) / 1e9, cpu_user, cpu_sys, (unsigned long long)fc.rx_hook_msgs,
                (unsigned long long)fc.rx_stream_msgs, retrans,
                (unsigned long long)st->bad_csum, (unsigned long long)st->rx_fused_consumed,
                (unsigned long long)st->rx_fused_declined, (unsigned long long)st->rx_fused_dropped, o.ao_in_use,
                (unsigned long long)st->ao_bad);
        fflush(f);
    }
    if (fd >= 0)
        close(fd); /* with unread data, the kernel resets the connection: the server stops */
    else if (status == FT_EXIT_FAIL && !ilpc_tcp_error(c))
        ilpc_tcp_abort(c); /* stop the server sending */
    else
        ilpc_tcp_close(c);
    ft_conn_fini(&fc);
    ft_net_close(&net);
    ft_opts_wipe(&o);
    ft_sha256_discard(&cl.sha); /* a transfer that ended before the digest */
    free(cl.first);
    return status;
}
