/* breakdown.c - FileTransfer Replies through the runtime's user-level TCP, for profiling.
 *
 *   breakdown MODE CIPHER SIZE [--msgs N] [--warmup W] [--max-seg B] [--key HEX]
 *             [--collect none|send|recv] [--check-corrupt]
 *
 * MODE ilp|layered, CIPHER none|xor|safer-simple|safer-k64|chacha20, SIZE the data bytes of
 * each Reply (0..65536), B the largest TCP segment (header + payload) of the transport
 * (default 1480: an Ethernet MTU less the IPv4 header).  Two ilpc stacks in one process,
 * joined by the in-memory transport (runtime/ilpc_transport_mem.c) and sharing a virtual
 * clock: a sender connects to a receiver, then W + N FileTransfer Messages (one Reply each)
 * go from sender to receiver in lock step, one message per step:
 *
 *   bd_send_side  the sender's work for one message: poll its stack (take in the ACKs of
 *                 the previous message: ACK processing, window, RTT, timers), build the
 *                 value, T_msg_len, ilpc_tcp_tx_reserve, FileTransfer_Message_ilp_send or
 *                 _layered_send into the reserved slot of the send ring, ilpc_tcp_tx_commit
 *                 with the stored segment sums (TCP output: headers, header checksum, the
 *                 transport's send), as examples/filetransfer/ft_common.c does;
 *   bd_recv_side  the receiver's work for one message: poll its stack (the transport's
 *                 receive, segment parsing, demultiplexing, TCP input, ACKs out); a segment
 *                 holding exactly one whole message goes to the receive hook, which decodes
 *                 it with FileTransfer_Message_ilp_recv (fused verify + decrypt + unmarshal)
 *                 or _layered_recv (checksum, decrypt, unmarshal: three loops); other
 *                 segments are verified and buffered by TCP, and the message is decoded from
 *                 TCP's buffer afterwards (ilp_recv_spans, or copy out + decrypt + decode);
 *                 then the value is freed.
 *
 * The first W messages warm up (congestion window, buffers, the allocator) and are not
 * measured.  With --collect send (recv), the N measured steps of that side switch
 * callgrind's collection on and off themselves (client requests from <valgrind/callgrind.h>;
 * run under callgrind with --collect-atstart=no, as bench/breakdown/run.py does: one run per
 * side).  Every received message is checked against what was sent (sequence number, length,
 * every data byte) in bd_verify, with collection switched off.
 *
 * Prints one line "BREAKDOWN key=value ..." (meas_sent / meas_delivered: the messages sent /
 * delivered inside the measured steps, to divide by) and exits 0 when all W + N messages
 * arrived intact and in order, 1 otherwise, 2 on bad usage.  --check-corrupt flips one bit
 * of message W + 1 in the send ring after the send function stored its segment sums: the
 * receiver must drop that segment (bad checksum), so the transfer stalls and the exit status
 * is 1; the test uses it to show that the checks are real.
 */
#define _POSIX_C_SOURCE 200809L

#include "FileTransfer_ilp.h"
#include "ilpc_stack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* Callgrind's client request to switch collection on and off (run with
 * --collect-atstart=no); a few no-op instructions when not under valgrind. */
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BD_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#define BD_HAVE_TOGGLE 1
#endif
#endif
#ifndef BD_HAVE_TOGGLE
#define BD_TOGGLE() ((void)0)
#define BD_HAVE_TOGGLE 0
#endif

#define BD_NOINLINE __attribute__((noinline))

#define SND_IP 0x0a000001u /* 10.0.0.1 */
#define RCV_IP 0x0a000002u /* 10.0.0.2 */
#define RCV_PORT 7000u
#define FILE_BYTES (1u << 20)
#define STEP_NS (20u * ILPC_NS_PER_US) /* virtual time between two steps */

typedef struct bd_rx {
    ilpc_tcp *tcp;
    ilpc_cipher cipher;
    int ilp;
    uint64_t rx_off;          /* stream offset of the next message (cipher) */
    size_t rx_need;           /* stream path: bytes the next message needs (0 = unknown) */
    ilpc_scratch scratch;     /* layered receive buffer (hook path) */
    uint8_t *rbuf;            /* layered stream path: the message copied out of TCP's buffer */
    size_t rbuf_cap;
    uint64_t delivered, hook_msgs, stream_msgs, bad;
    int err;
} bd_rx;

typedef struct bd_tx {
    ilpc_tcp *tcp;
    ilpc_cipher cipher;
    int ilp;
    uint64_t tx_off;          /* stream offset of the next message (cipher) */
    ilpc_scratch scratch;     /* layered send buffer */
    uint64_t sent, eagain;
    int err;
} bd_tx;

static uint8_t *file;
static size_t max_reply;
static ilpc_clock clk;
static ilpc_stack *snd, *rcv;
static uint64_t corrupt_seq = UINT64_MAX;  /* --check-corrupt: the message to damage */
static uint64_t meas_sent, meas_delivered; /* messages sent / delivered inside the measured steps */
enum { COLLECT_NONE, COLLECT_SEND, COLLECT_RECV };
static int collect_side = COLLECT_NONE;    /* --collect: which side's measured steps callgrind counts */
static int collecting;                     /* inside a counted step */

/* Reply i: max_reply bytes of the "file". */
static void bd_reply(FileTransfer_Message *m, uint64_t i)
{
    size_t off = (size_t)((i * max_reply) % (FILE_BYTES - max_reply + 1));
    memset(m, 0, sizeof *m);
    m->which = FileTransfer_Message_PR_reply;
    m->u.reply.sequence_number = (uint32_t)i;
    m->u.reply.data.len = (uint32_t)max_reply;
    m->u.reply.data.data = file + off;
}

/* ------------------------------------------------------------------- receive */

/* The check of a received message; not part of the profile (collection off). */
static BD_NOINLINE void bd_verify(bd_rx *rx, const FileTransfer_Message *m)
{
    FileTransfer_Message want;
    if (collecting)
        BD_TOGGLE(); /* off */
    bd_reply(&want, rx->delivered);
    if (m->which != FileTransfer_Message_PR_reply || m->u.reply.sequence_number != (uint32_t)rx->delivered ||
        m->u.reply.data.len != max_reply || m->u.reply.last || m->u.reply.has_digest ||
        (max_reply && memcmp(m->u.reply.data.data, want.u.reply.data.data, max_reply) != 0)) {
        if (!rx->bad)
            fprintf(stderr, "breakdown: message %llu arrived wrong\n", (unsigned long long)rx->delivered);
        rx->bad++;
    }
    rx->delivered++;
    if (collecting)
        BD_TOGGLE(); /* on again */
}

/* L of the message whose first unit (ciphertext) is at p, at stream offset off: one unit
 * decrypted with the cipher's inline unit function, to decide whether a segment holds
 * exactly one message (as ft_common.c's hook does) and how long a buffered one is. */
static BD_NOINLINE uint32_t bd_peek_len(ilpc_cipher *c, const uint8_t *p, uint64_t off)
{
    uint64_t u;
    uint8_t b[8];
    memcpy(&u, p, 8);
    /* the block ciphers' inline unit function (a unit of 8 bytes, no state); the others
     * through the bulk loop */
#define BD_PEEK_CASE_(a_, b_, ID, sfx, name, keylen, aead, copy, pairs, ool)                        \
    case ILPC_CIPHER_##ID:                                                                          \
        if (!aead) {                                                                                \
            u = ilpc_##sfx##_dec(c, u, off);                                                        \
            break;                                                                                  \
        }                                                                                           \
        ilpc_cipher_decrypt(c, b, p, 8, off);                                                       \
        memcpy(&u, b, 8);                                                                           \
        break;
    switch (c->id) {
    ILPC_UNIT_CIPHERS(BD_PEEK_CASE_, , )
    default: ilpc_cipher_decrypt(c, b, p, 8, off); memcpy(&u, b, 8); break;
    }
    memcpy(b, &u, 8);
    return ilpc_get32(b);
}

static void bd_got(bd_rx *rx, FileTransfer_Message *m, size_t len)
{
    bd_verify(rx, m);
    rx->rx_off += len;
    FileTransfer_Message_free(m);
}

/* TCP's receive hook (docs/tcp.md): a segment that is exactly one message is verified,
 * decrypted and unmarshalled here, before TCP buffers anything. */
static ilpc_rx_verdict bd_hook(void *ctx, const uint8_t *payload, size_t len, uint64_t hdr_sum)
{
    bd_rx *rx = ctx;
    FileTransfer_Message m;
    uint32_t L;
    int rc, ok = 0;
    if (rx->err || len < 8 || len % 8 != 0)
        return ILPC_RX_DECLINE;
    L = bd_peek_len(&rx->cipher, payload, rx->rx_off);
    if (L > FileTransfer_Message_MAX_SIZE || ilpc_ilp_msg_len(L) != len)
        return ILPC_RX_DECLINE; /* part of a message */
    if (rx->ilp)
        rc = FileTransfer_Message_ilp_recv(&m, &rx->cipher, rx->rx_off, payload, len, hdr_sum, &ok);
    else
        rc = FileTransfer_Message_layered_recv(&m, &rx->cipher, rx->rx_off, payload, len, hdr_sum, &ok,
                                               &rx->scratch);
    if (rc == ILPC_E_CHECKSUM)
        return ILPC_RX_DROP;
    if (rc != ILPC_OK)
        return ILPC_RX_DECLINE;
    rx->hook_msgs++;
    bd_got(rx, &m, len);
    return ILPC_RX_CONSUMED;
}

/* Layered stream path, the copy: the message out of TCP's receive buffer (both spans). */
static BD_NOINLINE void bd_stream_copy_out(uint8_t *dst, const uint8_t *const p[2], const size_t n[2], size_t len)
{
    size_t k = n[0] < len ? n[0] : len;
    memcpy(dst, p[0], k);
    if (len > k)
        memcpy(dst + k, p[1], len - k);
}

/* Decode every whole message TCP has buffered (segments the hook declined). */
static void bd_stream(bd_rx *rx)
{
    while (!rx->err) {
        FileTransfer_Message m;
        const uint8_t *p[2];
        size_t n[2], avail = ilpc_tcp_rx_peek(rx->tcp, p, n), used = 0;
        int rc;
        if (avail < 8 || avail < rx->rx_need)
            return;
        if (rx->ilp) {
            rc = FileTransfer_Message_ilp_recv_spans(&m, &rx->cipher, rx->rx_off, p, n, &used);
            if (rc == ILPC_E_INCOMPLETE) {
                rx->rx_need = used;
                return;
            }
        } else {
            uint8_t head[8];
            uint32_t L;
            bd_stream_copy_out(head, p, n, 8);
            L = bd_peek_len(&rx->cipher, head, rx->rx_off);
            if (L > FileTransfer_Message_MAX_SIZE) {
                rc = ILPC_E_MSGLEN;
            } else {
                used = ilpc_ilp_msg_len(L);
                if (avail < used) {
                    rx->rx_need = used;
                    return;
                }
                if (rx->rbuf_cap < used) {
                    free(rx->rbuf);
                    rx->rbuf = malloc(used);
                    rx->rbuf_cap = rx->rbuf ? used : 0;
                    if (!rx->rbuf) {
                        rx->err = ILPC_E_NOMEM;
                        return;
                    }
                }
                bd_stream_copy_out(rx->rbuf, p, n, used);
                ilpc_cipher_decrypt(&rx->cipher, rx->rbuf, rx->rbuf, used, rx->rx_off);
                rc = FileTransfer_Message_decode(&m, rx->rbuf + 4, L);
                if (rc == ILPC_OK && !ilpc_ilp_zero(rx->rbuf + 4 + L, used - 4 - L)) {
                    FileTransfer_Message_free(&m);
                    rc = ILPC_E_PADDING;
                }
            }
        }
        if (rc != ILPC_OK) {
            fprintf(stderr, "breakdown: stream decode: %s\n", ilpc_ilp_strerror(rc));
            rx->err = rc;
            return;
        }
        ilpc_tcp_rx_consume(rx->tcp, used);
        rx->rx_need = 0;
        rx->stream_msgs++;
        bd_got(rx, &m, used);
    }
}

static BD_NOINLINE void bd_recv_one(bd_rx *rx)
{
    ilpc_stack_poll(rcv, ilpc_clock_now(&clk));
    bd_stream(rx);
}

/* A measured receive step. */
static BD_NOINLINE void bd_recv_side(bd_rx *rx)
{
    uint64_t d = rx->delivered;
    if (collect_side == COLLECT_RECV) {
        collecting = 1;
        BD_TOGGLE(); /* on */
    }
    bd_recv_one(rx);
    if (collect_side == COLLECT_RECV) {
        BD_TOGGLE(); /* off */
        collecting = 0;
    }
    meas_delivered += rx->delivered - d;
}

/* ---------------------------------------------------------------------- send */

static BD_NOINLINE void bd_send_one(bd_tx *tx)
{
    FileTransfer_Message m;
    ilpc_tx_slot slot;
    size_t len;
    int rc;
    ilpc_stack_poll(snd, ilpc_clock_now(&clk));
    if (tx->err)
        return;
    bd_reply(&m, tx->sent);
    len = FileTransfer_Message_msg_len(&m, tx->cipher.id);
    rc = ilpc_tcp_tx_reserve(tx->tcp, len, &slot);
    if (rc == ILPC_E_AGAIN) {
        tx->eagain++; /* no room yet: the caller steps again */
        return;
    }
    if (rc == ILPC_OK) {
        rc = tx->ilp ? FileTransfer_Message_ilp_send(&m, &tx->cipher, tx->tx_off, &slot)
                     : FileTransfer_Message_layered_send(&m, &tx->cipher, tx->tx_off, &slot, &tx->scratch);
        if (rc != ILPC_OK) {
            ilpc_tcp_tx_cancel(tx->tcp, &slot);
        } else {
            if (tx->sent == corrupt_seq) /* --check-corrupt: one bit, after the sums were stored */
                slot.p[0][slot.n[0] > 20 ? 20 : 0] ^= 1;
            rc = ilpc_tcp_tx_commit(tx->tcp, &slot, 1); /* both paths stored every segment's sum */
        }
    }
    if (rc != ILPC_OK) {
        fprintf(stderr, "breakdown: send %llu: %s\n", (unsigned long long)tx->sent, ilpc_ilp_strerror(rc));
        tx->err = rc;
        return;
    }
    tx->tx_off += len;
    tx->sent++;
}

/* A measured send step. */
static BD_NOINLINE void bd_send_side(bd_tx *tx)
{
    uint64_t n = tx->sent;
    if (collect_side == COLLECT_SEND) {
        collecting = 1;
        BD_TOGGLE(); /* on */
    }
    bd_send_one(tx);
    if (collect_side == COLLECT_SEND) {
        BD_TOGGLE(); /* off */
        collecting = 0;
    }
    meas_sent += tx->sent - n;
}

/* ---------------------------------------------------------------------- main */

static int usage(void)
{
    fprintf(stderr, "usage: breakdown ilp|layered CIPHER SIZE [--msgs N] [--warmup W] [--max-seg B] [--key HEX]"
                    " [--collect none|send|recv] [--check-corrupt]\n");
    return 2;
}

int main(int argc, char **argv)
{
    ilpc_transport *ta, *tb;
    ilpc_stack_config cfg;
    ilpc_tcp *cli = NULL, *lst = NULL, *srv = NULL;
    ilpc_cipher_id id;
    bd_tx tx;
    bd_rx rx;
    const char *key = NULL;
    size_t msgs = 100, warmup = 16, max_seg = 1480, i;
    uint64_t total, steps = 0;
    int ilp, rc = 0;
    size_t msg_len;
    const ilpc_tcp_stats *ss, *rs;

    if (argc < 4)
        return usage();
    if (!strcmp(argv[1], "ilp"))
        ilp = 1;
    else if (!strcmp(argv[1], "layered"))
        ilp = 0;
    else
        return usage();
    if (ilpc_cipher_parse_name(argv[2], &id) != 0)
        return usage();
    if (ilpc_cipher_is_aead(id)) {
        /* its framing (peek at the first unit, stream offsets) is that of the unit ciphers */
        fprintf(stderr, "breakdown: %s: the breakdown measures the unit ciphers' messages, not records\n", argv[2]);
        return 64;
    }
    max_reply = (size_t)strtoul(argv[3], NULL, 10);
    for (i = 4; i < (size_t)argc; i++) {
        if (!strcmp(argv[i], "--check-corrupt"))
            corrupt_seq = 1; /* set to warmup + 1 below */
        else if (i + 1 < (size_t)argc && !strcmp(argv[i], "--msgs"))
            msgs = (size_t)strtoul(argv[++i], NULL, 10);
        else if (i + 1 < (size_t)argc && !strcmp(argv[i], "--warmup"))
            warmup = (size_t)strtoul(argv[++i], NULL, 10);
        else if (i + 1 < (size_t)argc && !strcmp(argv[i], "--max-seg"))
            max_seg = (size_t)strtoul(argv[++i], NULL, 10);
        else if (i + 1 < (size_t)argc && !strcmp(argv[i], "--key"))
            key = argv[++i];
        else if (i + 1 < (size_t)argc && !strcmp(argv[i], "--collect")) {
            ++i;
            if (!strcmp(argv[i], "send"))
                collect_side = COLLECT_SEND;
            else if (!strcmp(argv[i], "recv"))
                collect_side = COLLECT_RECV;
            else if (strcmp(argv[i], "none"))
                return usage();
        }
        else
            return usage();
    }
    if (max_reply > 65536 || msgs < 1 || max_seg < 88 || max_seg > 65535)
        return usage();
    if (corrupt_seq != UINT64_MAX)
        corrupt_seq = warmup + 1;
    memset(&tx, 0, sizeof tx);
    memset(&rx, 0, sizeof rx);
    tx.ilp = rx.ilp = ilp;
    if (ilpc_cipher_init_hex(&tx.cipher, id, key) != 0 || ilpc_cipher_init_hex(&rx.cipher, id, key) != 0) {
        fprintf(stderr, "breakdown: bad key for %s\n", argv[2]);
        return 2;
    }
#ifdef __GLIBC__
    /* The in-memory transport allocates every segment it carries and frees it on delivery.
     * Keep glibc from giving the top of the heap back to the system and taking it again
     * (brk) as the live set moves, which it otherwise does every few messages depending on
     * what else is on the heap (the layered path's buffers): allocator noise that would
     * differ between the two modes. */
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
#endif
    file = malloc(FILE_BYTES);
    if (!file)
        return 1;
    for (i = 0; i < FILE_BYTES; i++)
        file[i] = (uint8_t)(i * 2654435761u >> 13);
    {
        FileTransfer_Message m;
        bd_reply(&m, 0);
        msg_len = FileTransfer_Message_msg_len(&m, id);
    }

    /* Two stacks on a mem pair, one virtual clock; buffers as ft_common.c sets them. */
    ilpc_clock_init_virtual(&clk, 1000 * ILPC_NS_PER_MS);
    if (ilpc_transport_mem_pair(SND_IP, RCV_IP, max_seg, 4096, &ta, &tb) != 0)
        return 1;
    ilpc_stack_config_default(&cfg);
    cfg.tcp.tx_buf = 256 * 1024;
    cfg.tcp.rx_buf = 128 * 1024;
    cfg.isn_seed = 42;
    snd = ilpc_stack_new(ta, &clk, &cfg);
    rcv = ilpc_stack_new(tb, &clk, &cfg);
    if (!snd || !rcv || ilpc_tcp_listen(rcv, RCV_PORT, 4, &lst) != 0 ||
        ilpc_tcp_connect(snd, RCV_IP, RCV_PORT, 0, &cli) != 0)
        return 1;
    for (i = 0; i < 100 && (ilpc_tcp_get_state(cli) != ILPC_TCP_ESTABLISHED || !srv); i++) {
        ilpc_clock_advance(&clk, STEP_NS);
        ilpc_stack_poll(snd, ilpc_clock_now(&clk));
        ilpc_stack_poll(rcv, ilpc_clock_now(&clk));
        if (!srv && ilpc_tcp_accept(lst, &srv) != ILPC_OK)
            srv = NULL;
    }
    if (!srv || ilpc_tcp_get_state(cli) != ILPC_TCP_ESTABLISHED) {
        fprintf(stderr, "breakdown: no connection\n");
        return 1;
    }
    /* The layered path's buffers, allocated up front in both modes, so that the heap looks
     * the same to the allocator in both (the in-memory transport mallocs every segment). */
    if (ilpc_scratch_reserve(&tx.scratch, msg_len) != ILPC_OK || ilpc_scratch_reserve(&rx.scratch, msg_len) != ILPC_OK ||
        !(rx.rbuf = malloc(msg_len)))
        return 1;
    rx.rbuf_cap = msg_len;
    tx.tcp = cli;
    rx.tcp = srv;
    ilpc_tcp_set_rx_hook(srv, bd_hook, &rx);

    /* Warm-up (not measured), then the measured steps, one message each. */
    total = warmup + msgs;
    for (i = 0; i < 4 * total + 100 && rx.delivered < total && !tx.err && !rx.err; i++) {
        int measured = tx.sent >= warmup && tx.sent < total;
        ilpc_clock_advance(&clk, STEP_NS);
        if (tx.sent < total) {
            if (measured)
                bd_send_side(&tx);
            else
                bd_send_one(&tx);
        } else {
            ilpc_stack_poll(snd, ilpc_clock_now(&clk)); /* drain: retransmissions, if any */
        }
        ilpc_clock_advance(&clk, STEP_NS);
        if (measured)
            bd_recv_side(&rx);
        else
            bd_recv_one(&rx);
        steps++;
    }
    ss = ilpc_tcp_get_stats(cli);
    rs = ilpc_tcp_get_stats(srv);
    if (tx.err || rx.err || rx.bad || rx.delivered != total || tx.sent != total)
        rc = 1;
    printf("BREAKDOWN mode=%s cipher=%s size=%zu msgs=%zu warmup=%zu max_seg=%zu seg_payload=%zu msg_len=%zu "
           "sent=%llu delivered=%llu meas_sent=%llu meas_delivered=%llu bad=%llu hook=%llu stream=%llu steps=%llu eagain=%llu "
           "data_segs=%llu acks_in=%llu retrans=%llu tx_sum_stored=%llu tx_sum_ring=%llu "
           "rx_fused_consumed=%llu rx_fused_declined=%llu bad_csum=%llu toggle=%d ok=%d\n",
           ilp ? "ilp" : "layered", argv[2], max_reply, msgs, warmup, max_seg, ilpc_tcp_seg_payload(cli),
           msg_len, (unsigned long long)tx.sent, (unsigned long long)rx.delivered,
           (unsigned long long)meas_sent, (unsigned long long)meas_delivered, (unsigned long long)rx.bad, (unsigned long long)rx.hook_msgs,
           (unsigned long long)rx.stream_msgs, (unsigned long long)steps, (unsigned long long)tx.eagain,
           (unsigned long long)ss->seg_out, (unsigned long long)ss->seg_in, (unsigned long long)ss->retransmits,
           (unsigned long long)ss->tx_sum_stored, (unsigned long long)ss->tx_sum_ring,
           (unsigned long long)rs->rx_fused_consumed, (unsigned long long)rs->rx_fused_declined,
           (unsigned long long)rs->bad_csum, BD_HAVE_TOGGLE, rc == 0);
    ilpc_scratch_free(&tx.scratch);
    ilpc_scratch_free(&rx.scratch);
    free(rx.rbuf);
    ilpc_stack_free(snd);
    ilpc_stack_free(rcv);
    ilpc_transport_free(ta);
    ilpc_transport_free(tb);
    free(file);
    return rc;
}
