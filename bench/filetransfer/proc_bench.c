/* proc_bench.c - the data manipulations of the file transfer alone, without the network.
 *
 *   proc_bench CIPHER KEYHEX|- MAX_REPLY [MESSAGES]
 *
 * Times, per FileTransfer Message carrying one reply of MAX_REPLY bytes, exactly the calls
 * that ft-server and ft-client time during a transfer, in a loop over MESSAGES messages
 * (default: 16 MiB of replies) whose data comes from a 1 MiB "file" and whose bytes go
 * into a 256 KiB ring, as they do in TCP's send ring:
 *   send ILP:      FileTransfer_Message_ilp_send into a slot of the ring
 *   send layered:  FileTransfer_Message_layered_send (buffer, encrypt, copy, checksum)
 *   recv ILP:      a reply that fits one 1448-byte segment: FileTransfer_Message_ilp_recv
 *                  with the segment's checksum to verify; a bigger one:
 *                  FileTransfer_Message_ilp_recv_spans over the buffer (TCP verified it)
 *   recv layered:  FileTransfer_Message_layered_recv with the checksum; a bigger one: copy
 *                  out of the buffer, decrypt, unmarshal (as ft_common.c does)
 * The received messages are about 256 KiB of consecutive messages, as in TCP's buffer.
 * And the calls ft-server and ft-client make over the kernel's TCP (--transport kernel):
 *   send ILP (k):     FileTransfer_Message_ilp_send into a 1 MiB batch, one "segment" per
 *                     message (its checksum is computed and not used)
 *   send layered (k): FileTransfer_Message_encode into the batch, then encryption in place
 *   recv ILP (k):     FileTransfer_Message_ilp_recv_spans over the receive buffer
 *   recv layered (k): decryption in place, then FileTransfer_Message_decode
 * (the kernel path's receive buffer: the K messages copied in, untimed, then decoded)
 * Prints "PROC send_ilp=NS send_layered=NS recv_ilp=NS recv_layered=NS send_ilp_k=NS
 * send_layered_k=NS recv_ilp_k=NS recv_layered_k=NS" (nanoseconds of CPU time per
 * message, the median of 7 rounds).  Exit 1 if a round trip does not give the data back.
 */
#define _POSIX_C_SOURCE 200809L

#include "FileTransfer_ilp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RING (256u * 1024u)
#define FILE_BYTES (1u << 20)
#define SEG 1448u
#define ROUNDS 7
#define BATCH (1u << 20) /* the kernel transport's send batch */
#define NV 8

/* CPU time of this thread: a round is timed as a whole, and on a busy machine wall time
 * would count the time the scheduler gave to other processes. */
static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static uint8_t *ring, *file, *batch;
static uint32_t sums[RING / SEG + 2];

/* Reply i: max_reply bytes of the file. */
static void reply(FileTransfer_Message *m, size_t i, size_t max_reply)
{
    size_t off = (i * max_reply) % (FILE_BYTES - max_reply + 1);
    memset(m, 0, sizeof *m);
    m->which = FileTransfer_Message_PR_reply;
    m->u.reply.sequence_number = (uint32_t)i;
    m->u.reply.data.len = (uint32_t)max_reply;
    m->u.reply.data.data = file + off;
}

static size_t place(ilpc_tx_slot *slot, size_t *pos, size_t len)
{
    if (ilpc_ilp_slot_init(slot, ring, RING, *pos, len, SEG, sums) != ILPC_OK)
        exit(2);
    *pos = (*pos + len) % RING;
    return len;
}

int main(int argc, char **argv)
{
    ilpc_cipher_id id;
    ilpc_cipher c;
    ilpc_scratch sx = {0}, rx = {0};
    size_t max_reply, nmsg, i, len, K;
    uint8_t *rbuf, *kbuf;
    uint64_t *hdr;
    double res[NV][ROUNDS], med[NV];
    int v, k;
    if (argc < 4 || ilpc_cipher_parse_name(argv[1], &id) != 0 ||
        ilpc_cipher_init_hex(&c, id, strcmp(argv[2], "-") ? argv[2] : NULL) != 0) {
        fprintf(stderr, "usage: proc_bench CIPHER KEYHEX|- MAX_REPLY [MESSAGES]\n");
        return 2;
    }
    max_reply = (size_t)atol(argv[3]);
    nmsg = argc > 4 ? (size_t)atol(argv[4]) : (16u << 20) / max_reply;
    if (max_reply < 1 || max_reply > 65536 || nmsg < 1)
        return 2;
    ring = calloc(RING, 1);
    file = malloc(FILE_BYTES);
    batch = calloc(BATCH, 1);
    if (!ring || !file || !batch)
        return 2;
    for (i = 0; i < FILE_BYTES; i++)
        file[i] = (uint8_t)(i * 2654435761u >> 13);
    {
        FileTransfer_Message m;
        reply(&m, 0, max_reply);
        len = FileTransfer_Message_msg_len(&m, id);
    }
    /* the receive side's messages: K of them, about 256 KiB, with their checksums */
    K = RING / len ? RING / len : 1;
    rbuf = malloc(K * len);
    kbuf = malloc(K * len);
    hdr = malloc(K * sizeof *hdr);
    if (!rbuf || !kbuf || !hdr)
        return 2;
    for (i = 0; i < K; i++) {
        FileTransfer_Message m;
        ilpc_tx_slot slot;
        reply(&m, i, max_reply);
        if (ilpc_ilp_slot_init(&slot, rbuf, K * len, i * len, len, SEG, sums) != ILPC_OK ||
            FileTransfer_Message_ilp_send(&m, &c, i * len, &slot) != ILPC_OK)
            return 1;
        hdr[i] = ilpc_ilp_expect_sum(ilpc_ilp_slot_sum(&slot));
    }

    for (k = 0; k < ROUNDS; k++) {
        for (v = 0; v < 2; v++) { /* send: 0 ILP, 1 layered */
            size_t pos = 0;
            uint64_t t0 = now_ns();
            for (i = 0; i < nmsg; i++) {
                FileTransfer_Message m;
                ilpc_tx_slot slot;
                reply(&m, i, max_reply);
                place(&slot, &pos, len);
                if ((v == 0 ? FileTransfer_Message_ilp_send(&m, &c, i * len, &slot)
                            : FileTransfer_Message_layered_send(&m, &c, i * len, &slot, &sx)) != ILPC_OK)
                    return 1;
            }
            res[v][k] = (double)(now_ns() - t0) / (double)nmsg;
        }
        /* receive: K messages laid out one after the other (as TCP's receive buffer
         * holds them), decoded round and round, each at its own stream offset */
        for (v = 2; v < 4; v++) {
            uint64_t t0 = now_ns();
            for (i = 0; i < nmsg; i++) {
                FileTransfer_Message m;
                size_t q = i % K;
                const uint8_t *msg = rbuf + q * len;
                int rc;
                if (len <= SEG) {
                    rc = v == 2 ? FileTransfer_Message_ilp_recv(&m, &c, q * len, msg, len, hdr[q], NULL)
                                : FileTransfer_Message_layered_recv(&m, &c, q * len, msg, len, hdr[q], NULL, &rx);
                } else if (v == 2) {
                    const uint8_t *sp[2] = {msg, NULL};
                    size_t sn[2] = {len, 0}, used;
                    rc = FileTransfer_Message_ilp_recv_spans(&m, &c, q * len, sp, sn, &used);
                } else {
                    uint32_t L;
                    if ((rc = ilpc_scratch_reserve(&rx, len)) != ILPC_OK)
                        return 2;
                    memcpy(rx.buf, msg, len);
                    ilpc_cipher_decrypt(&c, rx.buf, rx.buf, len, q * len);
                    L = ilpc_get32(rx.buf);
                    rc = FileTransfer_Message_decode(&m, rx.buf + 4, L);
                    if (rc == ILPC_OK && !ilpc_ilp_zero(rx.buf + 4 + L, len - 4 - L)) {
                        FileTransfer_Message_free(&m);
                        rc = ILPC_E_PADDING;
                    }
                }
                if (rc != ILPC_OK) {
                    fprintf(stderr, "proc_bench: message %zu: %s\n", q, ilpc_ilp_strerror(rc));
                    return 1;
                }
                if (i < K) {
                    FileTransfer_Message want;
                    reply(&want, q, max_reply);
                    if (m.u.reply.sequence_number != q ||
                        memcmp(m.u.reply.data.data, want.u.reply.data.data, max_reply) != 0) {
                        fprintf(stderr, "proc_bench: message %zu: wrong data\n", q);
                        return 1;
                    }
                }
                FileTransfer_Message_free(&m);
            }
            res[v][k] = (double)(now_ns() - t0) / (double)nmsg;
        }
        /* over the kernel's TCP: messages one after the other into the batch (from the
         * front again when the next one does not fit, as after a write) */
        for (v = 4; v < 6; v++) {
            size_t pos = 0;
            uint64_t t0 = now_ns();
            for (i = 0; i < nmsg; i++) {
                FileTransfer_Message m;
                int rc;
                reply(&m, i, max_reply);
                if (BATCH - pos < len)
                    pos = 0;
                if (v == 4) {
                    ilpc_tx_slot slot;
                    uint32_t sum;
                    rc = ilpc_ilp_slot_init(&slot, batch + pos, len, 0, len, len, &sum);
                    if (rc == ILPC_OK)
                        rc = FileTransfer_Message_ilp_send(&m, &c, i * len, &slot);
                } else {
                    size_t L = 0;
                    uint8_t *p = batch + pos;
                    rc = FileTransfer_Message_encode(&m, p + 4, len - 4, &L);
                    if (rc == ILPC_OK) {
                        ilpc_put32(p, (uint32_t)L);
                        memset(p + 4 + L, 0, len - 4 - L);
                        ilpc_cipher_encrypt(&c, p, p, len, i * len);
                    }
                }
                if (rc != ILPC_OK)
                    return 1;
                pos += len;
            }
            res[v][k] = (double)(now_ns() - t0) / (double)nmsg;
        }
        /* receive: the K messages are copied into the receive buffer (untimed, as recv
         * writes them), then decoded where they lie (the layered path decrypts in place) */
        for (v = 6; v < 8; v++) {
            uint64_t tot = 0;
            for (i = 0; i < nmsg;) {
                uint64_t t0;
                size_t q;
                memcpy(kbuf, rbuf, K * len);
                t0 = now_ns();
                for (q = 0; q < K && i < nmsg; q++, i++) {
                    FileTransfer_Message m;
                    uint8_t *b = kbuf + q * len;
                    int rc;
                    if (v == 6) {
                        const uint8_t *sp[2] = {b, NULL};
                        size_t sn[2] = {len, 0}, used;
                        rc = FileTransfer_Message_ilp_recv_spans(&m, &c, q * len, sp, sn, &used);
                    } else {
                        uint32_t L;
                        ilpc_cipher_decrypt(&c, b, b, len, q * len);
                        L = ilpc_get32(b);
                        rc = FileTransfer_Message_decode(&m, b + 4, L);
                        if (rc == ILPC_OK && !ilpc_ilp_zero(b + 4 + L, len - 4 - L)) {
                            FileTransfer_Message_free(&m);
                            rc = ILPC_E_PADDING;
                        }
                    }
                    if (rc != ILPC_OK) {
                        fprintf(stderr, "proc_bench: message %zu (kernel path): %s\n", q, ilpc_ilp_strerror(rc));
                        return 1;
                    }
                    if (i < K && (m.u.reply.sequence_number != q ||
                                  memcmp(m.u.reply.data.data, file + (q * max_reply) % (FILE_BYTES - max_reply + 1),
                                         max_reply) != 0)) {
                        fprintf(stderr, "proc_bench: message %zu (kernel path): wrong data\n", q);
                        return 1;
                    }
                    FileTransfer_Message_free(&m);
                }
                tot += now_ns() - t0;
            }
            res[v][k] = (double)tot / (double)nmsg;
        }
    }
    for (v = 0; v < NV; v++) {
        qsort(res[v], ROUNDS, sizeof res[v][0], cmp_d);
        med[v] = res[v][ROUNDS / 2];
    }
    printf("PROC send_ilp=%.1f send_layered=%.1f recv_ilp=%.1f recv_layered=%.1f send_ilp_k=%.1f send_layered_k=%.1f "
           "recv_ilp_k=%.1f recv_layered_k=%.1f\n",
           med[0], med[1], med[2], med[3], med[4], med[5], med[6], med[7]);
    ilpc_scratch_free(&sx);
    ilpc_scratch_free(&rx);
    free(rbuf);
    free(kbuf);
    free(batch);
    free(hdr);
    free(ring);
    free(file);
    return 0;
}
