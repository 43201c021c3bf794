/*
 * ilpc_tcp_ao.c - TCP-AO's key derivation and segment MACs (see ilpc_tcp_ao.h).
 *
 * With ILPC_HAVE_LIBCRYPTO defined to 1 this uses OpenSSL 3's EVP_MAC: "HMAC"
 * with SHA1 and "CMAC" with AES-128-CBC serve both as the KDFs' PRFs and as
 * the segment MACs.  A segment MAC reuses one keyed context: EVP_MAC_init with
 * no key restarts it from the key schedule computed at ilpc_ao_mac_init (for
 * HMAC a copy of the precomputed inner state, for CMAC a reset of the chaining
 * block), which is cheaper than duplicating a keyed context per segment
 * (bench/tcp_ao/mac_cost.c measures both).  Without libcrypto nothing here
 * refers to it and every function that needs it fails.
 *
 * The option helpers and the comparison need no cryptography and are the
 * same in both builds.
 */
#include "ilpc_tcp_ao.h"

#include <string.h>

#define TCP_HDR_LEN 20u  /* the fixed TCP header */
#define TCP_MAX_HDR 60u  /* with 40 bytes of options */
#define TCP_CSUM_OFF 16u /* the checksum field in the header */
#define AO_MAC_OFF 4u    /* the MAC field in the option: after kind, length, KeyID, RNextKeyID */
#define TCPOPT_EOL 0u
#define TCPOPT_NOP 1u

/* What the MAC covers before the payload: SNE (4), pseudo-header (12), and the
 * header as covered (at most 60 bytes). */
#define AO_PREFIX_MAX (4u + 12u + TCP_MAX_HDR)

size_t ilpc_ao_traffic_key_len(ilpc_ao_alg alg)
{
    switch (alg) {
    case ILPC_AO_HMAC_SHA1_96: return 20;
    case ILPC_AO_AES128_CMAC_96: return 16;
    }
    return 0;
}

#if defined(ILPC_HAVE_LIBCRYPTO) && ILPC_HAVE_LIBCRYPTO

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#if OPENSSL_VERSION_NUMBER < 0x30000000L
#error "ilpc_tcp_ao.c needs OpenSSL 3 (or build without ILPC_HAVE_LIBCRYPTO)"
#endif

/* The KDF's "Label" (RFC 5926 3.1.1), without a NUL. */
static const uint8_t kdf_label[6] = {'T', 'C', 'P', '-', 'A', 'O'};

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* The MKT is usable: a known algorithm, a master key of 1 .. 80 bytes, a flag of 0 or 1. */
static int mkt_ok(const ilpc_ao_mkt *mkt)
{
    return mkt != NULL && ilpc_ao_traffic_key_len(mkt->alg) != 0 && mkt->key_len >= 1
           && mkt->key_len <= ILPC_AO_MAX_KEY_LEN && mkt->exclude_options <= 1;
}

/*
 * The KDF's input block for the one iteration both algorithms need (their
 * PRF's output is the traffic key's length, RFC 5926 3.1.1):
 *   i (1 byte, = 1) | Label "TCP-AO" | Context | Output_Length (16 bits, in bits)
 * with the IPv4 Context of RFC 5925 5.2: source and destination address, source
 * and destination port, source and destination ISN, in network byte order.
 */
#define KDF_INPUT_LEN (1u + sizeof kdf_label + 20u + 2u)
static void kdf_input(uint8_t in[KDF_INPUT_LEN], size_t key_len, uint32_t src_ip, uint32_t dst_ip, uint16_t src_port,
                      uint16_t dst_port, uint32_t src_isn, uint32_t dst_isn)
{
    uint8_t *p = in;
    *p++ = 1;
    memcpy(p, kdf_label, sizeof kdf_label);
    p += sizeof kdf_label;
    put32(p, src_ip);
    put32(p + 4, dst_ip);
    put16(p + 8, src_port);
    put16(p + 10, dst_port);
    put32(p + 12, src_isn);
    put32(p + 16, dst_isn);
    put16(p + 20, (uint32_t)(key_len * 8));
}

/*
 * The bytes the MAC covers before the payload (RFC 5925 5.1), into prefix:
 *   SNE (32 bits) | IPv4 pseudo-header: source, destination, zero, protocol 6,
 *   TCP length (16 bits, header and payload) | the TCP header, checksum zeroed,
 *   the TCP-AO option's MAC field zeroed.
 * With options excluded the header is its fixed 20 bytes followed by the
 * TCP-AO option alone; the data offset and the pseudo-header's length stay
 * those of the real segment.  Checks the description; 0 with *n set, or -1.
 */
static int segment_prefix(const ilpc_ao_segment *s, int exclude_options, uint8_t prefix[AO_PREFIX_MAX], size_t *n)
{
    const uint8_t *h;
    size_t hl, ao, n0, n1, tcp_len;
    uint8_t *p;

    if (s == NULL || s->hdr == NULL)
        return -1;
    h = s->hdr, hl = s->hdr_len, ao = s->ao_off;
    n0 = s->payload_len[0], n1 = s->payload_len[1];
    if (hl < TCP_HDR_LEN || hl > TCP_MAX_HDR || (size_t)(h[12] >> 4) * 4 != hl)
        return -1;
    if (ao < TCP_HDR_LEN || ao > hl - ILPC_AO_OPT_LEN || h[ao] != ILPC_AO_KIND || h[ao + 1] != ILPC_AO_OPT_LEN)
        return -1;
    if ((n0 > 0 && s->payload[0] == NULL) || (n1 > 0 && s->payload[1] == NULL))
        return -1;
    if (n0 > ILPC_AO_MAX_SEG_LEN || n1 > ILPC_AO_MAX_SEG_LEN || hl + n0 + n1 > ILPC_AO_MAX_SEG_LEN)
        return -1;
    tcp_len = hl + n0 + n1;

    p = prefix;
    put32(p, s->sne);
    put32(p + 4, s->src_ip);
    put32(p + 8, s->dst_ip);
    p[12] = 0;
    p[13] = 6; /* IPPROTO_TCP */
    put16(p + 14, (uint32_t)tcp_len);
    p += 16;
    if (exclude_options) {
        memcpy(p, h, TCP_HDR_LEN);
        memcpy(p + TCP_HDR_LEN, h + ao, AO_MAC_OFF);
        memset(p + TCP_HDR_LEN + AO_MAC_OFF, 0, ILPC_AO_MAC_LEN);
        p += TCP_HDR_LEN + ILPC_AO_OPT_LEN;
    } else {
        memcpy(p, h, hl);
        memset(p + ao + AO_MAC_OFF, 0, ILPC_AO_MAC_LEN);
        p += hl;
    }
    prefix[16 + TCP_CSUM_OFF] = 0;
    prefix[16 + TCP_CSUM_OFF + 1] = 0;
    *n = (size_t)(p - prefix);
    return 0;
}

/* EVP_MAC_final writes the untruncated MAC: 20 bytes (SHA1) or 16 (CMAC). */
#define FULL_MAC_MAX 20u

int ilpc_ao_available(void)
{
    return 1;
}

/* A new EVP_MAC_CTX for alg keyed with key (HMAC-SHA1 takes any length,
 * CMAC-AES-128 16 bytes), or NULL. */
static EVP_MAC_CTX *mac_new(ilpc_ao_alg alg, const uint8_t *key, size_t keylen)
{
    OSSL_PARAM params[2];
    EVP_MAC *mac;
    EVP_MAC_CTX *ctx = NULL;

    switch (alg) {
    case ILPC_AO_HMAC_SHA1_96:
        params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA1", 0);
        mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
        break;
    case ILPC_AO_AES128_CMAC_96:
        params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, (char *)"AES-128-CBC", 0);
        mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
        break;
    default:
        return NULL;
    }
    params[1] = OSSL_PARAM_construct_end();
    if (mac != NULL)
        ctx = EVP_MAC_CTX_new(mac); /* holds its own reference to mac */
    EVP_MAC_free(mac);
    if (ctx != NULL && EVP_MAC_init(ctx, key, keylen, params) != 1) {
        EVP_MAC_CTX_free(ctx);
        ctx = NULL;
    }
    return ctx;
}

/* The untruncated MAC of in under key, into out (outsize bytes of room); its
 * length, or 0 on failure.  For the KDF, where a context is not reused. */
static size_t mac_once(ilpc_ao_alg alg, const uint8_t *key, size_t keylen, const uint8_t *in, size_t n,
                       uint8_t *out, size_t outsize)
{
    EVP_MAC_CTX *ctx = mac_new(alg, key, keylen);
    size_t outl = 0;
    int ok = ctx != NULL && EVP_MAC_update(ctx, in, n) == 1 && EVP_MAC_final(ctx, out, &outl, outsize) == 1;
    EVP_MAC_CTX_free(ctx); /* cleanses the key schedule */
    return ok ? outl : 0;
}

int ilpc_ao_traffic_key(const ilpc_ao_mkt *mkt, uint32_t src_ip, uint32_t dst_ip, uint16_t src_port,
                        uint16_t dst_port, uint32_t src_isn, uint32_t dst_isn,
                        uint8_t key[ILPC_AO_MAX_TRAFFIC_KEY_LEN])
{
    static const uint8_t zero_key[16];
    uint8_t in[KDF_INPUT_LEN], reduced[16];
    const uint8_t *prf_key;
    size_t prf_key_len, len;
    int ok = 0;

    if (key == NULL)
        return ILPC_E_INVAL;
    memset(key, 0, ILPC_AO_MAX_TRAFFIC_KEY_LEN);
    if (!mkt_ok(mkt))
        return ILPC_E_INVAL;
    len = ilpc_ao_traffic_key_len(mkt->alg);
    prf_key = mkt->key, prf_key_len = mkt->key_len;
    if (mkt->alg == ILPC_AO_AES128_CMAC_96 && mkt->key_len != 16) {
        /* RFC 5926 3.1.1: a master key that is not 128 bits long is first
         * reduced to one, K = AES-CMAC(0^128, Master_Key) (as in RFC 4615). */
        if (mac_once(mkt->alg, zero_key, sizeof zero_key, mkt->key, mkt->key_len, reduced, sizeof reduced) != 16)
            goto out;
        prf_key = reduced, prf_key_len = sizeof reduced;
    }
    kdf_input(in, len, src_ip, dst_ip, src_port, dst_port, src_isn, dst_isn);
    ok = mac_once(mkt->alg, prf_key, prf_key_len, in, sizeof in, key, ILPC_AO_MAX_TRAFFIC_KEY_LEN) == len;
out:
    OPENSSL_cleanse(reduced, sizeof reduced);
    if (!ok)
        OPENSSL_cleanse(key, ILPC_AO_MAX_TRAFFIC_KEY_LEN);
    return ok ? ILPC_OK : ILPC_E_INVAL;
}

void ilpc_ao_mac_free(ilpc_ao_mac *m)
{
    if (m == NULL)
        return;
    EVP_MAC_CTX_free(m->ctx); /* NULL is fine */
    memset(m, 0, sizeof *m);
}

int ilpc_ao_mac_init(ilpc_ao_mac *m, const ilpc_ao_mkt *mkt, const uint8_t *traffic_key)
{
    EVP_MAC_CTX *ctx;

    if (m == NULL)
        return ILPC_E_INVAL;
    memset(m, 0, sizeof *m);
    if (!mkt_ok(mkt) || traffic_key == NULL)
        return ILPC_E_INVAL;
    ctx = mac_new(mkt->alg, traffic_key, ilpc_ao_traffic_key_len(mkt->alg));
    if (ctx == NULL)
        return ILPC_E_NOMEM; /* libcrypto fails here for want of memory (or of its provider) */
    m->ctx = ctx;
    m->alg = (int)mkt->alg;
    m->exclude_options = mkt->exclude_options;
    return ILPC_OK;
}

int ilpc_ao_mac_compute(ilpc_ao_mac *m, const ilpc_ao_segment *seg, uint8_t mac[ILPC_AO_MAC_LEN])
{
    uint8_t prefix[AO_PREFIX_MAX], full[FULL_MAC_MAX];
    size_t n = 0, outl = 0;
    int ok;

    if (mac == NULL)
        return ILPC_E_INVAL;
    ok = m != NULL && m->ctx != NULL && segment_prefix(seg, m->exclude_options, prefix, &n) == 0
         && EVP_MAC_init(m->ctx, NULL, 0, NULL) == 1 /* restart under the key set at init */
         && EVP_MAC_update(m->ctx, prefix, n) == 1
         && (seg->payload_len[0] == 0 || EVP_MAC_update(m->ctx, seg->payload[0], seg->payload_len[0]) == 1)
         && (seg->payload_len[1] == 0 || EVP_MAC_update(m->ctx, seg->payload[1], seg->payload_len[1]) == 1)
         && EVP_MAC_final(m->ctx, full, &outl, sizeof full) == 1 && outl >= ILPC_AO_MAC_LEN;
    if (ok)
        memcpy(mac, full, ILPC_AO_MAC_LEN);
    else
        memset(mac, 0, ILPC_AO_MAC_LEN);
    return ok ? ILPC_OK : ILPC_E_INVAL;
}

#else /* !ILPC_HAVE_LIBCRYPTO: the same functions, failing; nothing refers to libcrypto */

int ilpc_ao_available(void)
{
    return 0;
}

int ilpc_ao_traffic_key(const ilpc_ao_mkt *mkt, uint32_t src_ip, uint32_t dst_ip, uint16_t src_port,
                        uint16_t dst_port, uint32_t src_isn, uint32_t dst_isn,
                        uint8_t key[ILPC_AO_MAX_TRAFFIC_KEY_LEN])
{
    (void)mkt, (void)src_ip, (void)dst_ip, (void)src_port, (void)dst_port, (void)src_isn, (void)dst_isn;
    if (key != NULL)
        memset(key, 0, ILPC_AO_MAX_TRAFFIC_KEY_LEN);
    return ILPC_E_INVAL;
}

void ilpc_ao_mac_free(ilpc_ao_mac *m)
{
    if (m != NULL)
        memset(m, 0, sizeof *m);
}

int ilpc_ao_mac_init(ilpc_ao_mac *m, const ilpc_ao_mkt *mkt, const uint8_t *traffic_key)
{
    (void)mkt, (void)traffic_key;
    ilpc_ao_mac_free(m);
    return ILPC_E_INVAL;
}

int ilpc_ao_mac_compute(ilpc_ao_mac *m, const ilpc_ao_segment *seg, uint8_t mac[ILPC_AO_MAC_LEN])
{
    (void)m, (void)seg;
    if (mac != NULL)
        memset(mac, 0, ILPC_AO_MAC_LEN);
    return ILPC_E_INVAL;
}

#endif /* ILPC_HAVE_LIBCRYPTO */

/* Written over ilpc_ao_traffic_key, so it fails with it without libcrypto. */
int ilpc_ao_conn_keys(const ilpc_ao_mkt *mkt, uint32_t local_ip, uint16_t local_port, uint32_t local_isn,
                      uint32_t remote_ip, uint16_t remote_port, uint32_t remote_isn,
                      ilpc_ao_traffic_keys *keys)
{
    int rc;

    if (keys == NULL)
        return ILPC_E_INVAL;
    memset(keys, 0, sizeof *keys);
    rc = ilpc_ao_traffic_key(mkt, local_ip, remote_ip, local_port, remote_port, local_isn, 0, keys->send_syn);
    if (rc == ILPC_OK)
        rc = ilpc_ao_traffic_key(mkt, remote_ip, local_ip, remote_port, local_port, remote_isn, 0, keys->recv_syn);
    if (rc == ILPC_OK)
        rc = ilpc_ao_traffic_key(mkt, local_ip, remote_ip, local_port, remote_port, local_isn, remote_isn,
                                 keys->send_other);
    if (rc == ILPC_OK)
        rc = ilpc_ao_traffic_key(mkt, remote_ip, local_ip, remote_port, local_port, remote_isn, local_isn,
                                 keys->recv_other);
    if (rc != ILPC_OK) {
        memset(keys, 0, sizeof *keys); /* no key of a half-derived set survives */
        return rc;
    }
    keys->len = ilpc_ao_traffic_key_len(mkt->alg);
    return ILPC_OK;
}

/* Written over ilpc_ao_mac_compute, so it fails with it without libcrypto. */
int ilpc_ao_mac_verify(ilpc_ao_mac *m, const ilpc_ao_segment *seg)
{
    uint8_t mac[ILPC_AO_MAC_LEN];
    int rc = ilpc_ao_mac_compute(m, seg, mac);
    if (rc != ILPC_OK)
        return rc;
    /* compute checked that the option (and so its MAC field) lies inside the header */
    return ilpc_ao_mac_equal(mac, seg->hdr + seg->ao_off + AO_MAC_OFF);
}

int ilpc_ao_find_option(const uint8_t *hdr, size_t hdr_len, size_t *ao_off)
{
    size_t i = TCP_HDR_LEN, found = 0;

    if (hdr == NULL || ao_off == NULL || hdr_len < TCP_HDR_LEN || hdr_len > TCP_MAX_HDR)
        return ILPC_E_INVAL;
    while (i < hdr_len) {
        size_t len;
        if (hdr[i] == TCPOPT_EOL)
            break;
        if (hdr[i] == TCPOPT_NOP) {
            i++;
            continue;
        }
        if (i + 1 >= hdr_len || hdr[i + 1] < 2 || hdr[i + 1] > hdr_len - i)
            return ILPC_E_INVAL;
        len = hdr[i + 1];
        if (hdr[i] == ILPC_AO_KIND) {
            if (found || len != ILPC_AO_OPT_LEN)
                return ILPC_E_INVAL; /* two options, or a MAC length we have no algorithm for */
            found = i;
        }
        i += len;
    }
    if (!found)
        return 0;
    *ao_off = found;
    return 1;
}

size_t ilpc_ao_write_option(uint8_t *opt, uint8_t key_id, uint8_t rnext_key_id)
{
    opt[0] = ILPC_AO_KIND;
    opt[1] = ILPC_AO_OPT_LEN;
    opt[2] = key_id;
    opt[3] = rnext_key_id;
    memset(opt + AO_MAC_OFF, 0, ILPC_AO_MAC_LEN);
    return ILPC_AO_OPT_LEN;
}

int ilpc_ao_mac_equal(const uint8_t a[ILPC_AO_MAC_LEN], const uint8_t b[ILPC_AO_MAC_LEN])
{
    unsigned diff = 0;
    size_t i;
    for (i = 0; i < ILPC_AO_MAC_LEN; i++)
        diff |= (unsigned)(a[i] ^ b[i]);
    /* diff is 0 .. 255: (diff - 1) >> 8 is all ones only for 0, without a branch */
    return (int)(((diff - 1u) >> 8) & 1u);
}
