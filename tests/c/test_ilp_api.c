/*
 * test_ilp_api.c - the generated ILP API in C, against the output of
 *     ilpc examples/filetransfer/filetransfer.asn1 -o OUT
 * (built by tests/test_ilp.py: cc -std=c11 -IOUT this.c OUT/libfiletransfer.a).
 *
 * What the harness cannot reach: values that violate their constraints (the
 * harness decodes its input, so they never get to the send path), wrong slot
 * sizes, a receive verified against a real TCP-style header sum, and the
 * stream variant over messages that do not line up with the buffers.  The
 * tiled paths (T_tiled_send/_recv) must agree with the fused ones in all of
 * these: same codes, same bytes, same sums.
 * Prints "ok" and exits 0, or names the first failure and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "FileTransfer_ilp.h"

static int failures;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                \
            fprintf(stderr, __VA_ARGS__);                                  \
            fprintf(stderr, "\n");                                         \
            failures++;                                                    \
        }                                                                  \
    } while (0)

static uint8_t ring[1 << 18];
static uint32_t sums[1 << 12];

/* Send v the three ways (ILP, layered, tiled) into fresh slots; all must
 * return want (and, when OK, the same bytes and sums).  Returns the ILP
 * message length (0 on error). */
static size_t send_both(const FileTransfer_Message *v, ilpc_cipher *c, size_t slot_len, int want, const char *what,
                        uint8_t *out)
{
    static uint8_t ring2[1 << 18], ring3[1 << 18];
    static uint32_t sums2[1 << 12], sums3[1 << 12];
    ilpc_scratch sc = {NULL, 0};
    ilpc_tx_slot a, b, t;
    int ra, rb, rt;
    CHECK(ilpc_ilp_slot_init(&a, ring, sizeof ring, sizeof ring - 13, slot_len, 64, sums) == ILPC_OK, "%s", what);
    CHECK(ilpc_ilp_slot_init(&b, ring2, sizeof ring2, 5, slot_len, 64, sums2) == ILPC_OK, "%s", what);
    /* the tiled slot wraps in its second tile (tiles start at offset 8) */
    CHECK(ilpc_ilp_slot_init(&t, ring3, sizeof ring3, sizeof ring3 - (8 + ILPC_TILE_BYTES + 3), slot_len, 64, sums3) ==
          ILPC_OK, "%s", what);
    ra = FileTransfer_Message_ilp_send(v, c, 4096, &a);
    rb = FileTransfer_Message_layered_send(v, c, 4096, &b, &sc);
    rt = FileTransfer_Message_tiled_send(v, c, 4096, &t, &sc);
    ilpc_scratch_free(&sc);
    CHECK(ra == want, "%s: ILP send returned %d (%s), want %d", what, ra, ilpc_ilp_strerror(ra), want);
    CHECK(rb == want, "%s: layered send returned %d (%s), want %d", what, rb, ilpc_ilp_strerror(rb), want);
    CHECK(rt == want, "%s: tiled send returned %d (%s), want %d", what, rt, ilpc_ilp_strerror(rt), want);
    if (ra != ILPC_OK || rb != ILPC_OK || rt != ILPC_OK)
        return 0;
    {
        uint8_t *m2 = malloc(slot_len), *m3 = malloc(slot_len);
        ilpc_ilp_slot_read(&a, out);
        ilpc_ilp_slot_read(&b, m2);
        ilpc_ilp_slot_read(&t, m3);
        CHECK(memcmp(out, m2, slot_len) == 0, "%s: ILP and layered bytes differ", what);
        CHECK(memcmp(out, m3, slot_len) == 0, "%s: ILP and tiled bytes differ", what);
        CHECK(memcmp(sums, sums2, a.nsegs * sizeof *sums) == 0, "%s: segment sums differ", what);
        CHECK(memcmp(sums, sums3, a.nsegs * sizeof *sums) == 0, "%s: tiled segment sums differ", what);
        CHECK(ilpc_ilp_slot_sum(&a) == ilpc_csum(out, slot_len), "%s: sums disagree with the bytes", what);
        free(m2);
        free(m3);
    }
    return slot_len;
}

static void reply(FileTransfer_Message *m, uint8_t *data, uint32_t len)
{
    memset(m, 0, sizeof *m);
    m->which = FileTransfer_Message_PR_reply;
    m->u.reply.sequence_number = 77;
    m->u.reply.last = true;
    m->u.reply.data.len = len;
    m->u.reply.data.data = data;
}

/* A TCP-like header whose checksum field makes header + payload verify; its
 * accumulator is what the user-level TCP passes to the receive hook. */
static uint64_t header_sum(const uint8_t *payload, size_t len)
{
    uint8_t hdr[32] = {10, 0, 0, 1, 10, 0, 0, 2, 0, 6, 0, 0, 0x12, 0x34, 0x56, 0x78};
    uint64_t acc;
    uint16_t ck;
    hdr[10] = (uint8_t)((len + 20) >> 8);
    hdr[11] = (uint8_t)(len + 20);
    acc = ilpc_csum_combine(ilpc_csum_add_bytes(0, hdr, sizeof hdr), ilpc_csum_add_bytes(0, payload, len));
    ck = (uint16_t)~ilpc_csum_fold(acc);
    hdr[28] = (uint8_t)(ck >> 8);
    hdr[29] = (uint8_t)ck;
    return ilpc_csum_add_bytes(0, hdr, sizeof hdr);
}

int main(void)
{
    static uint8_t data[70000], msg[1 << 17], msg2[1 << 17], stream[1 << 18];
    ilpc_scratch tsc = {NULL, 0}; /* one scratch for every tiled receive: reused */
    FileTransfer_Message m, got;
    ilpc_cipher c;
    size_t i, len;
    for (i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(i * 7 + 3);

    /* the ciphers of messages; the authenticated ciphers' records are tests/test_aead.py's
     * (each send moves a record counter on, so three sends of one value differ) */
    for (int id = 0; id <= ILPC_CIPHER_CHACHA20; id++) {
        char what[96];
        CHECK(ilpc_cipher_init_hex(&c, (ilpc_cipher_id)id, id == ILPC_CIPHER_CHACHA20
                                   ? "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                                   : id == ILPC_CIPHER_NONE ? "" : "0807060504030201") == 0, "cipher %d", id);
        snprintf(what, sizeof what, "cipher %s", ilpc_cipher_name((ilpc_cipher_id)id));

        /* constraint violations: the same code from both send paths */
        reply(&m, data, 65537);
        send_both(&m, &c, ilpc_ilp_msg_len(16 + 65540), ILPC_E_SIZE, what, msg);
        reply(&m, NULL, 5);
        send_both(&m, &c, 32, ILPC_E_NULL, what, msg);
        reply(&m, data, 10);
        m.which = (FileTransfer_Message_PR)3;
        send_both(&m, &c, 40, ILPC_E_BAD_DISCRIMINANT, what, msg);
        memset(&m, 0, sizeof m);
        m.which = FileTransfer_Message_PR_request;
        m.u.request.file_name.len = 3;
        m.u.request.file_name.data = (char *)"abc";
        m.u.request.copies = 0; /* INTEGER (1..1000) */
        m.u.request.max_reply = 1024;
        send_both(&m, &c, 32, ILPC_E_RANGE, what, msg);
        m.u.request.copies = 2;
        m.u.request.file_name.len = 0; /* SIZE (1..255) */
        send_both(&m, &c, 32, ILPC_E_SIZE, what, msg);
        m.u.request.file_name.len = 3;
        len = FileTransfer_Message_msg_len(&m, c.id);
        CHECK(send_both(&m, &c, len, ILPC_OK, what, msg) == len, "%s: request", what);

        /* the slot must be exactly the message (also for messages of several tiles) */
        reply(&m, data, 3 * ILPC_TILE_BYTES + 5);
        len = FileTransfer_Message_msg_len(&m, c.id);
        send_both(&m, &c, len + 8, ILPC_E_SLOT, what, msg);
        send_both(&m, &c, len - 8, ILPC_E_SLOT, what, msg);
        send_both(&m, &c, len - ILPC_TILE_BYTES, ILPC_E_SLOT, what, msg);
        CHECK(send_both(&m, &c, len, ILPC_OK, what, msg) == len, "%s", what);
        {
            /* tiled receive of several tiles, against a TCP-style header sum */
            uint64_t hs = header_sum(msg, len);
            int ok = -7, rc = FileTransfer_Message_tiled_recv(&got, &c, 4096, msg, len, hs, &ok, &tsc);
            CHECK(rc == ILPC_OK && ok == 1, "%s: tiled receive of %zu bytes: rc %d ok %d", what, len, rc, ok);
            CHECK(rc != ILPC_OK || (got.u.reply.data.len == 3 * ILPC_TILE_BYTES + 5 &&
                                    memcmp(got.u.reply.data.data, data, 3 * ILPC_TILE_BYTES + 5) == 0),
                  "%s: tiled value", what);
            FileTransfer_Message_free(&got);
            msg[len - 3] ^= 0x01; /* in the last tile */
            rc = FileTransfer_Message_tiled_recv(&got, &c, 4096, msg, len, hs, &ok, &tsc);
            CHECK(rc == ILPC_E_CHECKSUM && ok == 0, "%s: tiled, corrupted last tile: rc %d ok %d", what, rc, ok);
            msg[len - 3] ^= 0x01;
        }
        reply(&m, data, 1000);
        len = FileTransfer_Message_msg_len(&m, c.id);
        send_both(&m, &c, len + 8, ILPC_E_SLOT, what, msg);
        send_both(&m, &c, len - 8, ILPC_E_SLOT, what, msg);
        CHECK(send_both(&m, &c, len, ILPC_OK, what, msg) == len, "%s", what);

        /* receive verified against a TCP-style header sum */
        {
            uint64_t hs = header_sum(msg, len);
            int ok = -7, rc;
            rc = FileTransfer_Message_ilp_recv(&got, &c, 4096, msg, len, hs, &ok);
            CHECK(rc == ILPC_OK && ok == 1, "%s: fused receive rc %d ok %d", what, rc, ok);
            CHECK(rc != ILPC_OK || (got.which == FileTransfer_Message_PR_reply && got.u.reply.data.len == 1000 &&
                                    memcmp(got.u.reply.data.data, data, 1000) == 0), "%s: value", what);
            FileTransfer_Message_free(&got);
            rc = FileTransfer_Message_ilp_recv(&got, &c, 4096, msg, len, 0, &ok);
            CHECK(rc == ILPC_OK && ok == ilpc_csum(msg, len), "%s: no header: ok = payload sum", what);
            FileTransfer_Message_free(&got);
            ok = -7;
            rc = FileTransfer_Message_tiled_recv(&got, &c, 4096, msg, len, hs, &ok, &tsc);
            CHECK(rc == ILPC_OK && ok == 1, "%s: tiled receive rc %d ok %d", what, rc, ok);
            FileTransfer_Message_free(&got);
            rc = FileTransfer_Message_tiled_recv(&got, &c, 4096, msg, len, 0, &ok, &tsc);
            CHECK(rc == ILPC_OK && ok == ilpc_csum(msg, len), "%s: tiled, no header: ok = payload sum", what);
            FileTransfer_Message_free(&got);
            msg[len / 2] ^= 0x10;
            rc = FileTransfer_Message_ilp_recv(&got, &c, 4096, msg, len, hs, &ok);
            CHECK(rc == ILPC_E_CHECKSUM && ok == 0, "%s: corrupted: rc %d ok %d", what, rc, ok);
            {
                ilpc_scratch sc = {NULL, 0};
                rc = FileTransfer_Message_layered_recv(&got, &c, 4096, msg, len, hs, &ok, &sc);
                CHECK(rc == ILPC_E_CHECKSUM && ok == 0, "%s: layered corrupted: rc %d", what, rc);
                ilpc_scratch_free(&sc);
                ok = -7;
                rc = FileTransfer_Message_tiled_recv(&got, &c, 4096, msg, len, hs, &ok, &tsc);
                CHECK(rc == ILPC_E_CHECKSUM && ok == 0, "%s: tiled corrupted: rc %d ok %d", what, rc, ok);
            }
            msg[len / 2] ^= 0x10;
            /* a staging value stays zeroed after a failure */
            CHECK(got.which == 0 && got.u.reply.data.data == NULL, "%s: staging value not reset", what);
        }

        /* the stream variant: two messages back to back, cut anywhere */
        {
            size_t len2, total, cut, off;
            reply(&m, data + 5, 13);
            len2 = FileTransfer_Message_msg_len(&m, c.id);
            {
                ilpc_tx_slot sl;
                ilpc_ilp_slot_init(&sl, ring, sizeof ring, 0, len2, 1456, sums);
                CHECK(FileTransfer_Message_ilp_send(&m, &c, 4096 + len, &sl) == ILPC_OK, "%s", what);
                ilpc_ilp_slot_read(&sl, msg2);
            }
            memcpy(stream, msg, len);
            memcpy(stream + len, msg2, len2);
            total = len + len2;
            for (cut = 0; cut <= total; cut += (cut < 24 || total - cut < 24) ? 1 : 97) {
                const uint8_t *p[2];
                size_t n[2], used = 0;
                int rc;
                /* first message: spans [0, cut) and [cut, total) */
                p[0] = stream;
                n[0] = cut;
                p[1] = stream + cut;
                n[1] = total - cut;
                rc = FileTransfer_Message_ilp_recv_spans(&got, &c, 4096, p, n, &used);
                CHECK(rc == ILPC_OK && used == len, "%s: spans cut %zu: rc %d used %zu", what, cut, rc, used);
                FileTransfer_Message_free(&got);
                /* the second, from where the first ended */
                off = len;
                p[0] = stream + off;
                n[0] = cut > off ? cut - off : 0;
                p[1] = stream + off + n[0];
                n[1] = total - off - n[0];
                rc = FileTransfer_Message_ilp_recv_spans(&got, &c, 4096 + len, p, n, &used);
                CHECK(rc == ILPC_OK && used == len2 && got.u.reply.data.len == 13 &&
                      memcmp(got.u.reply.data.data, data + 5, 13) == 0, "%s: second at cut %zu: rc %d", what, cut, rc);
                FileTransfer_Message_free(&got);
                /* an incomplete first message */
                p[0] = stream;
                n[0] = cut < len ? cut : len - 1;
                p[1] = NULL;
                n[1] = 0;
                rc = FileTransfer_Message_ilp_recv_spans(&got, &c, 4096, p, n, &used);
                CHECK(rc == ILPC_E_INCOMPLETE && used == (n[0] < 8 ? 8 : len), "%s: incomplete at %zu: rc %d used %zu",
                      what, n[0], rc, used);
            }
        }
    }
    ilpc_scratch_free(&tsc);
    ilpc_cipher_free(&c);
    if (failures) {
        fprintf(stderr, "%d failure(s)\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
