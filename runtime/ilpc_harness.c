/*
 * ilpc_harness.c - conformance harness for the generated stubs (ilpc's docs/ilp.md, "The
 * conformance harness").  Part of the ilpc runtime, the same for every spec: the types it
 * runs are those of the table that ilpc generates (type_table.c, ilpc_table.h).
 *
 *   ilpc-harness roundtrip Module.Type [--encoding E] [--to E2] [--arena]  < encoding > encoding
 *   ilpc-harness roundtrip-many Module.Type [--encoding E] [--to E2] [--arena]  < records > records   (roundtrip_many below)
 *   ilpc-harness batch [--timeout S] [--leak-check-every N]  < commands > results   (batch below)
 *   ilpc-harness seal Module.Type [--encoding E] [--cipher C] [--key HEX] [--seq N] [--layered | --tiled | --auto] [--repeat N]
 *                [--ring-size N] [--ring-offset K] [--seg-payload S] [--stream-off O]
 *                [--seg-sums]                                   < encoding > payload
 *   ilpc-harness open Module.Type [--encoding E] [--cipher C] [--key HEX] [--seq N] [--layered | --tiled | --auto] [--repeat N]
 *                [--csum 0xHHHH] [--show-csum] [--stream-off O] [--spans K]
 *                                                               < payload > encoding
 *
 * seal decodes the value (in --encoding E, default xdr), runs the send path (ILP, or layered with
 * --layered, or tiled with --tiled: T_tiled_send, or T_send with --auto:
 * the path ilpc's cost model chose, printed as "path=NAME" after the sum;
 * all give the same bytes) into an
 * in-memory ring and writes the message (docs/ilp.md, Wire format; for BER, CER and
 * DER, "BER, CER and DER messages") to stdout and
 * "csum=0xHHHH" (the 16-bit one's complement sum of the message, not
 * complemented, from the per-segment sums of the send path) to stderr.  The
 * ring holds --ring-size bytes (default: the message rounded up to 8, plus 64)
 * and the message starts at storage index --ring-offset (default 0; taken
 * modulo the size), so an offset near the end makes it wrap there.  Segments
 * have --seg-payload bytes (a multiple of 8, default 1456); --seg-sums also
 * prints "seg_sums=0xHHHH,..." for them.  --stream-off is the message's offset
 * in the connection's byte stream (it keys chacha20; default 0).
 *
 * open is the inverse: payload -> value -> encoding (--layered and --tiled choose
 * the receive path as for seal).  A payload carries no TCP
 * header, so by default open checks the message format only (length word,
 * padding, decoding); --show-csum prints the payload's sum, as the fused
 * receive (or the tiled one, with --tiled) computed it, as "csum=0xHHHH";
 * with --csum it also verifies the
 * checksum against that value (the receive path is given a header sum holding
 * its complement) and fails on a mismatch ("bad checksum").  --spans K
 * runs the stream variant (T_ilp_recv_spans) over the payload cut in two
 * separately allocated spans after K bytes.
 *
 * --repeat N runs the send (seal) or receive (open) path N more times, on
 * successive stream offsets and ring positions like a connection, and prints
 * "ns_per_msg=F" to stderr.  Ciphers: the runtime's (ILPC_CIPHERS in
 * ilpc_cipher.h; the usage message lists them); --key HEX as in
 * docs/ciphers.md (default: the all-zero key of the cipher's default
 * length).  With an authenticated cipher the message is a record
 * (docs/ilp.md, "Authenticated records") and --seq N is its number n, the
 * nonce's counter (default 0); a record whose tag does not verify is not
 * opened (exit 2, "authentication failed"), and aes-128-gcm, which libcrypto
 * runs, has no fused path (--tiled, --layered or --auto).
 *
 * Exit status 0 on success, 2 with a one-line message on stderr for malformed
 * input, a constraint violation or a bad checksum, 64 for a usage error, 70 if
 * the harness catches the generated code contradicting itself.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ilpc_arena.h"
#include "ilpc_evp.h"
#include "ilpc_table.h"

/* Every command runs a type t of the table in one encoding (--encoding E: xdr, the
 * default, or one the stubs were generated with, ilpc --encoding): x is t's codec in
 * it, x->msg its ILP paths (NULL: not a message type, ilpc --pdu).  roundtrip in ber
 * writes the DER re-encoding (T_encode_ber is DER's), in cer the CER one, in der the
 * DER one; --to E2 encodes in E2 instead (the value is the same C type in
 * every encoding).  seal and open run the message paths of the encoding (for the BER
 * family, ilpc_ber_msg.h's framing: with cipher none, the encoding itself). */
#define HARNESS_ENCODING ILPC_ENCODING_XDR

/* Reads all of stdin into a malloc'd buffer. */
static uint8_t *read_all(FILE *f, size_t *len)
{
    size_t cap = 65536, n = 0;
    uint8_t *buf = malloc(cap);
    if (buf == NULL)
        return NULL;
    for (;;) {
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                return NULL;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

static int fail(const char *what, const char *type, int rc)
{
    fprintf(stderr, "ilpc-harness: %s %s: %s\n", what, type, ilpc_strerror(rc));
    return 2;
}

/* roundtrip --arena: values decoded into this arena (T_decode_ber_arena), emptied after
 * each; its first block is small, so that values of any size also take blocks of its
 * own.  NULL: decoded with malloc and released with T_free. */
static ilpc_arena *roundtrip_arena;

/* Decodes in[0..len) as a t and encodes it again into *out (malloc'd, *out_len bytes).
 * ILPC_OK, or the failing step's code with *what naming it ("decode" or "encode"). */
static int roundtrip_value(const ilpc_type *t, const ilpc_codec *x, const uint8_t *in, size_t len,
                           uint8_t **out, size_t *out_len, const char **what)
{
    *out = NULL;
    *out_len = 0;
    *what = "decode";
    void *value = calloc(1, t->value_size);
    if (value == NULL)
        return ILPC_E_NOMEM;
    int rc = roundtrip_arena != NULL ? x->decode_arena(value, in, len, roundtrip_arena) : x->decode(value, in, len);
    if (rc != ILPC_OK) {
        free(value);
        return rc;
    }
    *what = "encode";
    size_t cap = x->size(value);
    *out = malloc(cap ? cap : 1);
    rc = *out == NULL ? ILPC_E_NOMEM : x->encode(value, *out, cap, out_len);
    if (roundtrip_arena != NULL)
        ilpc_arena_reset(roundtrip_arena);
    else
        t->release(value);
    free(value);
    if (rc == ILPC_OK && *out_len != cap)
        rc = ILPC_E_SHORT_BUFFER; /* T_size disagrees with T_put: a bug, say so */
    if (rc != ILPC_OK) {
        free(*out);
        *out = NULL;
    }
    return rc;
}

static int roundtrip(const ilpc_type *t, const ilpc_codec *x)
{
    size_t len = 0, out_len = 0;
    uint8_t *in = read_all(stdin, &len), *out;
    const char *what;
    if (in == NULL) {
        fprintf(stderr, "ilpc-harness: cannot read standard input\n");
        return 2;
    }
    int rc = roundtrip_value(t, x, in, len, &out, &out_len, &what);
    free(in);
    if (rc != ILPC_OK)
        return fail(what, t->name, rc);
    int ok = fwrite(out, 1, out_len, stdout) == out_len && fflush(stdout) == 0;
    free(out);
    if (!ok) {
        fprintf(stderr, "ilpc-harness: cannot write standard output\n");
        return 2;
    }
    return 0;
}

static void put_be32(uint8_t *p, size_t n)
{
    p[0] = (uint8_t)(n >> 24);
    p[1] = (uint8_t)(n >> 16);
    p[2] = (uint8_t)(n >> 8);
    p[3] = (uint8_t)n;
}

/* The 4-byte big-endian number at in[*at] into *out, *at moved past it; -1 if fewer
 * than 4 bytes of in[0..len) are left. */
static int get_be32(const uint8_t *in, size_t len, size_t *at, size_t *out)
{
    if (len - *at < 4)
        return -1;
    const uint8_t *p = in + *at;
    *out = (size_t)p[0] << 24 | (size_t)p[1] << 16 | (size_t)p[2] << 8 | p[3];
    *at += 4;
    return 0;
}

/* roundtrip over many inputs in one process (the tests run thousands): standard input
 * holds records, a 4-byte big-endian length and that many bytes; for each, standard
 * output gets a status byte (0, or 2 as roundtrip's exit status), a 4-byte big-endian
 * length and the re-encoding, or roundtrip's one-line message without its newline. */
static int roundtrip_many(const ilpc_type *t, const ilpc_codec *x)
{
    size_t len = 0;
    uint8_t *in = read_all(stdin, &len);
    if (in == NULL) {
        fprintf(stderr, "ilpc-harness: cannot read standard input\n");
        return 2;
    }
    int ok = 1;
    for (size_t at = 0; ok && at < len;) {
        size_t n;
        if (get_be32(in, len, &at, &n) != 0 || n > len - at) {
            ok = 0;
            break;
        }
        uint8_t *out, head[5];
        size_t out_len;
        const char *what;
        char msg[512];
        int rc = roundtrip_value(t, x, in + at, n, &out, &out_len, &what);
        at += n;
        if (rc != ILPC_OK) {
            int m = snprintf(msg, sizeof msg, "ilpc-harness: %s %s: %s", what, t->name, ilpc_strerror(rc));
            out_len = m < 0 ? 0 : (size_t)m < sizeof msg ? (size_t)m : sizeof msg - 1;
        }
        head[0] = rc == ILPC_OK ? 0 : 2;
        put_be32(head + 1, out_len);
        ok = fwrite(head, 1, 5, stdout) == 5 &&
             fwrite(rc == ILPC_OK ? (const void *)out : msg, 1, out_len, stdout) == out_len;
        free(out);
    }
    free(in);
    if (!ok || fflush(stdout) != 0) {
        fprintf(stderr, "ilpc-harness: roundtrip-many: a truncated record, or cannot write standard output\n");
        return 2;
    }
    return 0;
}

/* ------------------------------------------------------------ seal and open */

typedef struct options {
    ilpc_cipher_id cipher;
    const char *key;
    int layered, tiled, autop, seg_sums, have_csum, show_csum;
    unsigned long long repeat;
    size_t ring_size, ring_offset, seg_payload, spans;
    int have_spans, have_seq;
    uint64_t stream_off, seq;
    uint16_t csum;
} options;

static int parse_num(const char *s, unsigned long long *out)
{
    char *end;
    if (s == NULL || *s == '\0' || *s == '-')
        return -1;
    *out = strtoull(s, &end, 0);
    return *end == '\0' ? 0 : -1;
}

static void rewind_seq(ilpc_cipher *c, const options *o);

/* 0, or 64 after printing what is wrong. */
static int parse_options(int argc, char **argv, int sealing, options *o)
{
    const char *a = argv[2];
    memset(o, 0, sizeof *o);
    o->cipher = ILPC_CIPHER_NONE;
    o->seg_payload = 1456;
    for (int i = 3; i < argc; i++) {
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        a = argv[i];
        unsigned long long n = 0;
        if (strcmp(a, "--layered") == 0) {
            o->layered = 1;
            continue;
        }
        if (strcmp(a, "--tiled") == 0) {
            o->tiled = 1;
            continue;
        }
        if (strcmp(a, "--auto") == 0) {
            o->autop = 1;
            continue;
        }
        if (sealing && strcmp(a, "--seg-sums") == 0) {
            o->seg_sums = 1;
            continue;
        }
        if (!sealing && strcmp(a, "--show-csum") == 0) {
            o->show_csum = 1;
            continue;
        }
        if (val == NULL)
            goto bad;
        i++;
        if (strcmp(a, "--cipher") == 0) {
            if (ilpc_cipher_parse_name(val, &o->cipher) != 0) {
                fprintf(stderr, "ilpc-harness: unknown cipher '%s'\n", val);
                return 64;
            }
        } else if (strcmp(a, "--key") == 0) {
            o->key = val;
        } else if (strcmp(a, "--seq") == 0 && parse_num(val, &n) == 0) {
            o->seq = n;
            o->have_seq = 1;
        } else if (strcmp(a, "--repeat") == 0 && parse_num(val, &n) == 0) {
            o->repeat = n;
        } else if (strcmp(a, "--stream-off") == 0 && parse_num(val, &n) == 0 && n % 8 == 0) {
            o->stream_off = n;
        } else if (sealing && strcmp(a, "--ring-size") == 0 && parse_num(val, &n) == 0 && n > 0) {
            o->ring_size = (size_t)n;
        } else if (sealing && strcmp(a, "--ring-offset") == 0 && parse_num(val, &n) == 0) {
            o->ring_offset = (size_t)n;
        } else if (sealing && strcmp(a, "--seg-payload") == 0 && parse_num(val, &n) == 0 && n > 0 && n % 8 == 0) {
            o->seg_payload = (size_t)n;
        } else if (!sealing && strcmp(a, "--csum") == 0 && parse_num(val, &n) == 0 && n <= 0xffff) {
            o->csum = (uint16_t)n;
            o->have_csum = 1;
        } else if (!sealing && strcmp(a, "--spans") == 0 && parse_num(val, &n) == 0) {
            o->spans = (size_t)n;
            o->have_spans = 1;
        } else {
            goto bad;
        }
    }
    if (o->layered + o->tiled + o->autop > 1) {
        fprintf(stderr, "ilpc-harness: --layered, --tiled and --auto are exclusive\n");
        return 64;
    }
    if (o->have_seq && !ilpc_cipher_is_aead(o->cipher)) {
        fprintf(stderr, "ilpc-harness: --seq is the record number of an authenticated cipher, not of %s\n",
                ilpc_cipher_name(o->cipher));
        return 64;
    }
    if ((unsigned)o->cipher >= ILPC_UNIT_CIPHER_COUNT && !(o->layered || o->tiled || o->autop)) {
        fprintf(stderr, "ilpc-harness: %s has no fused path (libcrypto runs it): use --tiled, --layered or --auto\n",
                ilpc_cipher_name(o->cipher));
        return 64;
    }
    if ((o->layered || o->tiled || o->autop) && o->have_spans) {
        fprintf(stderr, "ilpc-harness: --spans is a variant of the ILP receive path, not of --%s\n",
                o->layered ? "layered" : o->tiled ? "tiled" : "auto");
        return 64;
    }
    return 0;
bad:
    fprintf(stderr, "ilpc-harness: bad or incomplete option '%s'\n", a);
    return 64;
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cipher_setup(ilpc_cipher *c, const options *o)
{
    if (ilpc_cipher_init_hex(c, o->cipher, o->key) != 0) {
        if (o->cipher == ILPC_CIPHER_AES_128_GCM && !ilpc_evp_available())
            fprintf(stderr, "ilpc-harness: aes-128-gcm needs libcrypto, which this build does not have\n");
        else
            fprintf(stderr, "ilpc-harness: bad key for cipher %s\n", ilpc_cipher_name(o->cipher));
        return 64;
    }
    rewind_seq(c, o);
    return 0;
}

/* An authenticated cipher's record number: --seq (default 0), again before
 * every repetition (the same record, sealed or opened again). */
static void rewind_seq(ilpc_cipher *c, const options *o)
{
    if (ilpc_cipher_is_aead(c->id))
        c->u.ae.seq = o->seq;
}

/* The send path under test, into slot. */
static int send_once(const ilpc_codec *x, const options *o, const void *value, ilpc_cipher *c, uint64_t off,
                     ilpc_tx_slot *slot, ilpc_scratch *sc)
{
    if (o->tiled)
        return ilpc_msg_tiled_send(x->msg, value, c, off, slot, sc);
    if (o->autop)
        return ilpc_msg_send(x->msg, value, c, off, slot, sc);
    return o->layered ? ilpc_msg_layered_send(x->msg, value, c, off, slot, sc) : ilpc_msg_ilp_send(x->msg, value, c, off, slot);
}

static const char *path_name(int path)
{
    return path == ILPC_PATH_FUSED ? "fused" : path == ILPC_PATH_TILED ? "tiled" : "layered";
}

static int seal(const ilpc_type *t, const ilpc_codec *x, const options *o)
{
    size_t len = 0, cap, mlen, nsegs;
    ilpc_cipher c;
    ilpc_scratch sc = {NULL, 0};
    ilpc_tx_slot slot;
    uint8_t *in, *ring = NULL, *out = NULL;
    uint32_t *sums = NULL;
    void *value;
    int rc, status = 0;

    if ((rc = cipher_setup(&c, o)) != 0)
        return rc;
    in = read_all(stdin, &len);
    if (in == NULL) {
        fprintf(stderr, "ilpc-harness: cannot read standard input\n");
        return 2;
    }
    value = calloc(1, t->value_size);
    if (value == NULL) {
        free(in);
        return fail("decode", t->name, ILPC_E_NOMEM);
    }
    rc = x->decode(value, in, len);
    free(in);
    if (rc != ILPC_OK) {
        free(value);
        return fail("decode", t->name, rc);
    }
    mlen = ilpc_msg_len(x->msg, value, o->cipher);
    cap = o->ring_size ? o->ring_size : ((mlen + 7) & ~(size_t)7) + 64;
    if (mlen > cap) {
        fprintf(stderr, "ilpc-harness: message of %zu bytes does not fit a ring of %zu\n", mlen, cap);
        status = 64;
        goto out;
    }
    nsegs = ilpc_ilp_nsegs(mlen, o->seg_payload);
    ring = malloc(cap);
    out = malloc(mlen);
    sums = calloc(nsegs ? nsegs : 1, sizeof *sums);
    if (ring == NULL || out == NULL || sums == NULL) {
        status = fail("seal", t->name, ILPC_E_NOMEM);
        goto out;
    }
    memset(ring, 0xa5, cap); /* bytes the send path fails to write would show */
    rc = ilpc_ilp_slot_init(&slot, ring, cap, o->ring_offset % cap, mlen, o->seg_payload, sums);
    if (rc == ILPC_OK)
        rc = send_once(x, o, value, &c, o->stream_off, &slot, &sc);
    if (rc != ILPC_OK) {
        status = fail("seal", t->name, rc);
        goto out;
    }
    ilpc_ilp_slot_read(&slot, out);
    if (ilpc_ilp_slot_sum(&slot) != ilpc_csum(out, mlen)) {
        fprintf(stderr, "ilpc-harness: seal %s: segment sums disagree with the message bytes\n", t->name);
        status = 70;
        goto out;
    }
    if (o->repeat) {
        /* like a connection: successive stream offsets and ring positions */
        size_t bcap = mlen * 4 > 65536 ? ((mlen * 4 + 7) & ~(size_t)7) : 65536, pos = 0;
        uint8_t *bring = malloc(bcap);
        uint32_t *bsums = calloc(nsegs ? nsegs : 1, sizeof *bsums);
        uint64_t off = o->stream_off;
        ilpc_tx_slot bslot; /* not slot: its sums are printed below */
        unsigned long long i, warm = o->repeat / 10 + 1;
        double t0 = 0;
        if (bring == NULL || bsums == NULL) {
            free(bring);
            free(bsums);
            status = fail("seal", t->name, ILPC_E_NOMEM);
            goto out;
        }
        memset(bring, 0, bcap);
        for (i = 0; i < warm + o->repeat && rc == ILPC_OK; i++) {
            size_t l;
            if (i == warm)
                t0 = now_ns();
            l = ilpc_msg_len(x->msg, value, o->cipher);
            rc = ilpc_ilp_slot_init(&bslot, bring, bcap, pos, l, o->seg_payload, bsums);
            rewind_seq(&c, o);
            if (rc == ILPC_OK)
                rc = send_once(x, o, value, &c, off, &bslot, &sc);
            pos = (pos + l) % bcap;
            off += l;
        }
        if (rc == ILPC_OK)
            fprintf(stderr, "ns_per_msg=%.1f\n", (now_ns() - t0) / (double)o->repeat);
        free(bring);
        free(bsums);
        if (rc != ILPC_OK) {
            status = fail("seal", t->name, rc);
            goto out;
        }
    }
    if (fwrite(out, 1, mlen, stdout) != mlen || fflush(stdout) != 0) {
        fprintf(stderr, "ilpc-harness: cannot write standard output\n");
        status = 2;
        goto out;
    }
    fprintf(stderr, "csum=0x%04x\n", (unsigned)ilpc_ilp_slot_sum(&slot));
    if (o->autop)
        fprintf(stderr, "path=%s\n", path_name(ilpc_msg_path(x->msg, 1, o->cipher, mlen)));
    if (o->seg_sums) {
        fprintf(stderr, "seg_sums=");
        for (size_t i = 0; i < slot.nsegs; i++)
            fprintf(stderr, "%s0x%04x", i ? "," : "", (unsigned)sums[i]);
        fprintf(stderr, "\n");
    }
out:
    t->release(value);
    free(value);
    free(ring);
    free(out);
    free(sums);
    ilpc_scratch_free(&sc);
    ilpc_cipher_free(&c);
    return status;
}

/* The receive path under test. */
static int open_once(const ilpc_type *t, const ilpc_codec *x, const options *o, void *value, ilpc_cipher *c,
                     const uint8_t *in, size_t len, const uint8_t *const sp[2], const size_t sn[2], uint64_t hdr_sum,
                     int *csum_ok, ilpc_scratch *sc)
{
    if (o->have_spans) {
        size_t used = 0;
        int rc = ilpc_msg_ilp_recv_spans(x->msg, value, c, o->stream_off, sp, sn, &used);
        if (rc == ILPC_OK && used != len) {
            t->release(value);
            rc = ILPC_E_TRAILING;
        }
        return rc;
    }
    if (o->layered)
        return ilpc_msg_layered_recv(x->msg, value, c, o->stream_off, in, len, hdr_sum, csum_ok, sc);
    if (o->tiled)
        return ilpc_msg_tiled_recv(x->msg, value, c, o->stream_off, in, len, hdr_sum, csum_ok, sc);
    if (o->autop)
        return ilpc_msg_recv(x->msg, value, c, o->stream_off, in, len, hdr_sum, csum_ok, sc);
    return ilpc_msg_ilp_recv(x->msg, value, c, o->stream_off, in, len, hdr_sum, csum_ok);
}

static int open_(const ilpc_type *t, const ilpc_codec *x, const options *o)
{
    size_t len = 0, cap, out_len = 0;
    ilpc_cipher c;
    ilpc_scratch sc = {NULL, 0};
    uint8_t *in, *out = NULL, *span[2] = {NULL, NULL};
    const uint8_t *sp[2] = {NULL, NULL};
    size_t sn[2] = {0, 0};
    uint64_t hdr_sum;
    void *value;
    int rc, status = 0, csum_ok = 0;

    if ((rc = cipher_setup(&c, o)) != 0)
        return rc;
    in = read_all(stdin, &len);
    if (in == NULL) {
        fprintf(stderr, "ilpc-harness: cannot read standard input\n");
        return 2;
    }
    value = calloc(1, t->value_size);
    if (value == NULL) {
        free(in);
        return fail("open", t->name, ILPC_E_NOMEM);
    }
    if (o->have_spans) {
        /* two separate allocations, so that nothing may assume they are adjacent */
        sn[0] = o->spans < len ? o->spans : len;
        sn[1] = len - sn[0];
        span[0] = malloc(sn[0] ? sn[0] : 1);
        span[1] = malloc(sn[1] ? sn[1] : 1);
        if (span[0] == NULL || span[1] == NULL) {
            status = fail("open", t->name, ILPC_E_NOMEM);
            goto out;
        }
        memcpy(span[0], in, sn[0]);
        memcpy(span[1], in + sn[0], sn[1]);
        sp[0] = span[0];
        sp[1] = sn[1] ? span[1] : NULL;
    }
    hdr_sum = o->have_csum ? ilpc_ilp_expect_sum(o->csum) : 0;
    rc = open_once(t, x, o, value, &c, in, len, sp, sn, hdr_sum, &csum_ok, &sc);
    if (rc != ILPC_OK) {
        status = fail("open", t->name, rc);
        goto out;
    }
    if (o->repeat) {
        unsigned long long i, warm = o->repeat / 10 + 1;
        double t0 = 0;
        int ok2;
        for (i = 0; i < warm + o->repeat && rc == ILPC_OK; i++) {
            if (i == warm)
                t0 = now_ns();
            t->release(value);
            rewind_seq(&c, o);
            rc = open_once(t, x, o, value, &c, in, len, sp, sn, hdr_sum, &ok2, &sc);
        }
        if (rc != ILPC_OK) {
            status = fail("open", t->name, rc);
            goto out;
        }
        fprintf(stderr, "ns_per_msg=%.1f\n", (now_ns() - t0) / (double)o->repeat);
    }
    cap = x->size(value);
    out = malloc(cap ? cap : 1);
    rc = out == NULL ? ILPC_E_NOMEM : x->encode(value, out, cap, &out_len);
    if (rc == ILPC_OK && out_len != cap)
        rc = ILPC_E_SHORT_BUFFER;
    if (rc != ILPC_OK) {
        status = fail("encode", t->name, rc);
        goto out;
    }
    if (fwrite(out, 1, out_len, stdout) != out_len || fflush(stdout) != 0) {
        fprintf(stderr, "ilpc-harness: cannot write standard output\n");
        status = 2;
        goto out;
    }
    if (o->show_csum && !o->have_csum && !o->have_spans)
        fprintf(stderr, "csum=0x%04x\n", (unsigned)csum_ok);
    if (o->autop)
        fprintf(stderr, "path=%s\n", path_name(ilpc_msg_path(x->msg, 0, o->cipher, len)));
out:
    t->release(value);
    free(value);
    free(in);
    free(out);
    free(span[0]);
    free(span[1]);
    ilpc_scratch_free(&sc);
    ilpc_cipher_free(&c);
    return status;
}

static int usage(void)
{
    fprintf(stderr, "usage: ilpc-harness roundtrip Module.Type [--encoding E] [--to E2] [--arena] < encoding > encoding\n"
                    "       ilpc-harness roundtrip-many Module.Type [--encoding E] [--to E2] [--arena] < records > records\n"
                    "       ilpc-harness batch [--timeout S] [--leak-check-every N] < commands > results\n"
                    "       ilpc-harness seal Module.Type [--encoding E] [--cipher C] [--key HEX] [--seq N] [--layered | --tiled | --auto] [--repeat N]\n"
                    "                    [--ring-size N] [--ring-offset K] [--seg-payload S] [--stream-off O]\n"
                    "                    [--seg-sums] < encoding > payload\n"
                    "       ilpc-harness open Module.Type [--encoding E] [--cipher C] [--key HEX] [--seq N] [--layered | --tiled | --auto] [--repeat N]\n"
                    "                    [--csum 0xHHHH] [--show-csum] [--stream-off O] [--spans K] < payload > encoding\n"
                    "send/receive paths: fused ILP (default), --layered, --tiled, --auto (T_send/T_recv: the path\n"
                    "the cost model chose for the cipher and length); all give the same bytes\n"
                    "ciphers:");
    for (int c = 0; c < (int)ILPC_CIPHER_COUNT; c++)
        fprintf(stderr, " %s", ilpc_cipher_name((ilpc_cipher_id)c));
    fprintf(stderr, "\ntypes:");
    for (const ilpc_type *t = ilpc_type_table; t->name != NULL; t++)
        fprintf(stderr, " %s", t->name);
    fprintf(stderr, "\n");
    return 64;
}

/* OPTION NAME (--encoding, --to) taken out of argv[3..argc) into *enc, the other
 * arguments kept in order (the two taken move to argv[argc] and argv[argc + 1]); 0,
 * also without the option, or 64 after the message if its name is not an encoding. */
static int take_encoding(int *argc, char **argv, const char *option, ilpc_encoding *enc)
{
    for (int i = 3; i < *argc; i++)
        if (strcmp(argv[i], option) == 0) {
            if (i + 1 >= *argc || ilpc_encoding_parse_name(argv[i + 1], enc) != 0) {
                fprintf(stderr, "ilpc-harness: %s needs one of:", option);
                for (int e = 0; e < (int)ILPC_ENCODING_COUNT; e++)
                    fprintf(stderr, " %s", ilpc_encoding_name((ilpc_encoding)e));
                fprintf(stderr, "\n");
                return 64;
            }
            char *opt = argv[i], *name = argv[i + 1];
            memmove(argv + i, argv + i + 2, (size_t)(*argc - i - 2) * sizeof *argv);
            *argc -= 2;
            argv[*argc] = opt, argv[*argc + 1] = name; /* still the caller's (batch frees them) */
            return 0;
        }
    return 0;
}

/* Whether the flag OPTION is in argv[3..argc), which it is taken out of (moved to
 * argv[argc], as take_encoding does). */
static bool take_flag(int *argc, char **argv, const char *option)
{
    for (int i = 3; i < *argc; i++)
        if (strcmp(argv[i], option) == 0) {
            char *opt = argv[i];
            memmove(argv + i, argv + i + 1, (size_t)(*argc - i - 1) * sizeof *argv);
            *argc -= 1;
            argv[*argc] = opt;
            return true;
        }
    return false;
}

/* One command line (argv[1] the verb), as main runs it; its exit status. */
static int command(int argc, char **argv)
{
    if (ilpc_type_count == 0) {
        fprintf(stderr, "ilpc-harness: the spec defines no types: nothing to run\n");
        return 64;
    }
    if (argc < 3)
        return usage();
    const ilpc_type *t = ilpc_type_find(argv[2]);
    if (t == NULL) {
        fprintf(stderr, "ilpc-harness: unknown type '%s'\n", argv[2]);
        return 64;
    }
    ilpc_encoding enc = HARNESS_ENCODING, to = ILPC_ENCODING_COUNT;
    int rc = take_encoding(&argc, argv, "--encoding", &enc);
    if (rc == 0)
        rc = take_encoding(&argc, argv, "--to", &to);
    if (rc != 0)
        return rc;
    const ilpc_codec *x = ilpc_type_codec(t, enc);
    if (x == NULL) {
        fprintf(stderr, "ilpc-harness: %s has no %s codec (ilpc --encoding %s)\n", t->name, ilpc_encoding_name(enc),
                ilpc_encoding_name(enc));
        return 64;
    }
    bool arena = take_flag(&argc, argv, "--arena");
    if ((strcmp(argv[1], "roundtrip") == 0 || strcmp(argv[1], "roundtrip-many") == 0) && argc == 3) {
        ilpc_codec rt = *x;
        if (arena && x->decode_arena == NULL) {
            fprintf(stderr, "ilpc-harness: --arena: %s decoders of %s do not take an arena\n",
                    ilpc_encoding_name(enc), t->name);
            return 64;
        }
        if (to != ILPC_ENCODING_COUNT) {  /* decode in one encoding, encode in another */
            const ilpc_codec *y = ilpc_type_codec(t, to);
            if (y == NULL) {
                fprintf(stderr, "ilpc-harness: %s has no %s codec (ilpc --encoding %s)\n", t->name,
                        ilpc_encoding_name(to), ilpc_encoding_name(to));
                return 64;
            }
            rt.encode = y->encode;
            rt.size = y->size;
        }
        if (rt.encode == NULL) {
            fprintf(stderr, "ilpc-harness: %s has no %s encoder\n", t->name,
                    ilpc_encoding_name(to != ILPC_ENCODING_COUNT ? to : enc));
            return 64;
        }
        _Alignas(16) static uint8_t first[256];
        ilpc_arena a;
        ilpc_arena_init(&a, first, sizeof first, true);
        roundtrip_arena = arena ? &a : NULL;
        rc = strcmp(argv[1], "roundtrip") == 0 ? roundtrip(t, &rt) : roundtrip_many(t, &rt);
        roundtrip_arena = NULL;
        ilpc_arena_release(&a);
        return rc;
    }
    if (arena) {
        fprintf(stderr, "ilpc-harness: --arena is an option of roundtrip and roundtrip-many\n");
        return 64;
    }
    if (to != ILPC_ENCODING_COUNT) {
        fprintf(stderr, "ilpc-harness: --to is an option of roundtrip and roundtrip-many\n");
        return 64;
    }
    if (strcmp(argv[1], "seal") == 0 || strcmp(argv[1], "open") == 0) {
        int sealing = argv[1][0] == 's';
        options o;
        rc = parse_options(argc, argv, sealing, &o);
        if (rc != 0)
            return rc;
        if (x->msg == NULL) {
            fprintf(stderr, "ilpc-harness: %s is not a message type: it has no ILP paths (ilpc --pdu %s)\n",
                    t->name, t->name);
            return 64;
        }
        return sealing ? seal(t, x, &o) : open_(t, x, &o);
    }
    return usage();
}

/* ------------------------------------------------------------ batch */

/* Under LeakSanitizer (part of AddressSanitizer), a batch's child checks for leaks at
 * its exit only when told to (batch --leak-check-every N): the check costs several
 * times what a short command does.  LeakSanitizer asks this function first. */
#if defined(__SANITIZE_ADDRESS__)
#define HARNESS_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define HARNESS_LSAN 1
#endif
#endif
static int batch_skip_leak_check;
#ifdef HARNESS_LSAN
int __lsan_is_turned_off(void);
int __lsan_is_turned_off(void)
{
    return batch_skip_leak_check;
}
#endif

/* The whole content of the open file fd (from its start) into a malloc'd buffer. */
static uint8_t *slurp(int fd, size_t *len)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || lseek(fd, 0, SEEK_SET) != 0)
        return NULL;
    uint8_t *buf = malloc((size_t)st.st_size + 1);
    size_t n = 0;
    while (buf != NULL && n < (size_t)st.st_size) {
        ssize_t got = read(fd, buf + n, (size_t)st.st_size - n);
        if (got <= 0) {
            free(buf);
            return NULL;
        }
        n += (size_t)got;
    }
    *len = n;
    return buf;
}

static int put_blob(const uint8_t *p, size_t n)
{
    uint8_t head[4];
    put_be32(head, n);
    return fwrite(head, 1, 4, stdout) == 4 && fwrite(p, 1, n, stdout) == n;
}

/* Runs argv (argc entries, argv[0] the program name) in a child process with in[0..n)
 * on standard input and standard output and error into the files of out and err; its
 * exit status, 128 + the signal that ended it, or -1 if it could not be run.  The
 * child frees the batch's own buffer (*batch_in) first: a leak check at its exit
 * counts only what the command left. */
static int run_child(char **argv, int argc, const uint8_t *in, size_t n, int in_fd, int out_fd, int err_fd,
                     unsigned timeout, int leak_check, uint8_t **batch_in)
{
    if (ftruncate(in_fd, 0) != 0 || lseek(in_fd, 0, SEEK_SET) != 0 || ftruncate(out_fd, 0) != 0 ||
        lseek(out_fd, 0, SEEK_SET) != 0 || ftruncate(err_fd, 0) != 0 || lseek(err_fd, 0, SEEK_SET) != 0)
        return -1;
    for (size_t done = 0; done < n;) {
        ssize_t w = write(in_fd, in + done, n - done);
        if (w <= 0)
            return -1;
        done += (size_t)w;
    }
    if (lseek(in_fd, 0, SEEK_SET) != 0 || fflush(stdout) != 0 || fflush(stderr) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        free(*batch_in);
        *batch_in = NULL;
        if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
            _exit(71);
        clearerr(stdin); /* the batch read its own standard input to the end */
        batch_skip_leak_check = !leak_check;
        if (timeout)
            alarm(timeout);
        exit(command(argc, argv)); /* exit, not _exit: stdio flushed, LeakSanitizer's check */
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        ;
    return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
}

/* Many command lines in one process, each in a forked child of its own, as if run
 * alone (sanitizer reports and leaks included): the tests run tens of thousands, and
 * most of a short run is a process's start.  Standard input holds commands: a 4-byte
 * big-endian argument count, that many arguments (the command line after the program
 * name), each a 4-byte length and its bytes, then the command's standard input, a
 * 4-byte length and its bytes.  For each, standard output gets its exit status as a
 * 4-byte big-endian number (128 + N for signal N), then its standard output and its
 * standard error, each a 4-byte length and its bytes.  --timeout S ends a command that
 * runs longer than S seconds (SIGALRM, status 142).  --leak-check-every N: under
 * LeakSanitizer, only commands 0, N, 2N... check for leaks at their exit (default 1:
 * every one).  Exit status 0, or 2 on a malformed command stream or a failure of the
 * batch itself. */
static int batch(int argc, char **argv)
{
    unsigned long long timeout = 0, every = 1;
    for (int i = 2; i < argc; i += 2) {
        unsigned long long *v = strcmp(argv[i], "--timeout") == 0          ? &timeout
                                : strcmp(argv[i], "--leak-check-every") == 0 ? &every
                                                                             : NULL;
        if (v == NULL || i + 1 >= argc || parse_num(argv[i + 1], v) != 0 || *v > 86400 || (v == &every && *v == 0))
            return usage();
    }
    size_t len = 0;
    uint8_t *in = read_all(stdin, &len);
    FILE *files[3] = {tmpfile(), tmpfile(), tmpfile()};
    int ok = in != NULL && files[0] != NULL && files[1] != NULL && files[2] != NULL;
    for (size_t at = 0, index = 0; ok && at < len; index++) {
        size_t nargs, n;
        ok = get_be32(in, len, &at, &nargs) == 0 && nargs >= 1 && nargs <= 256;
        char *args[258] = {argv[0]};
        for (size_t i = 0; ok && i < nargs; i++) {
            ok = get_be32(in, len, &at, &n) == 0 && n <= len - at && memchr(in + at, 0, n) == NULL;
            args[i + 1] = ok ? strndup((const char *)in + at, n) : NULL;
            ok = ok && args[i + 1] != NULL;
            at += ok ? n : 0;
        }
        ok = ok && get_be32(in, len, &at, &n) == 0 && n <= len - at;
        int status = ok ? run_child(args, (int)nargs + 1, in + at, n, fileno(files[0]), fileno(files[1]),
                                    fileno(files[2]), (unsigned)timeout, index % every == 0, &in)
                        : -1;
        at += ok ? n : 0;
        for (size_t i = 1; i <= nargs && args[i] != NULL; i++)
            free(args[i]);
        ok = ok && status >= 0;
        size_t out_len = 0, err_len = 0;
        uint8_t *out = ok ? slurp(fileno(files[1]), &out_len) : NULL;
        uint8_t *err = ok ? slurp(fileno(files[2]), &err_len) : NULL;
        uint8_t head[4];
        put_be32(head, (size_t)status);
        ok = ok && out != NULL && err != NULL && fwrite(head, 1, 4, stdout) == 4 && put_blob(out, out_len) &&
             put_blob(err, err_len);
        free(out);
        free(err);
    }
    free(in);
    for (int i = 0; i < 3; i++)
        if (files[i] != NULL)
            fclose(files[i]);
    if (!ok || fflush(stdout) != 0) {
        fprintf(stderr, "ilpc-harness: batch: a malformed command stream, or a command that could not be run\n");
        return 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "batch") == 0)
        return batch(argc, argv);
    return command(argc, argv);
}
