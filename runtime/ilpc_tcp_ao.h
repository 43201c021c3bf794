/*
 * ilpc_tcp_ao.h - the cryptography of the TCP Authentication Option (TCP-AO,
 * RFC 5925) for IPv4, with the two algorithms of RFC 5926: the master key
 * tuple, the traffic keys of a connection (KDF_HMAC_SHA1, KDF_AES_128_CMAC),
 * the MAC of a segment (HMAC-SHA-1-96, AES-128-CMAC-96), and the option itself.
 * It decides nothing about which key a segment uses, or when: that is the
 * TCP's (RFC 5925 sections 6 and 7).
 *
 * libcrypto is optional, as for ilpc_evp.h: with ILPC_HAVE_LIBCRYPTO defined
 * to 1 this uses OpenSSL 3's EVP_MAC ("HMAC" over SHA1, "CMAC" over
 * AES-128-CBC).  Built without it, the same functions exist: ilpc_ao_available()
 * returns 0, everything that derives a key or computes a MAC fails with
 * ILPC_E_INVAL (outputs zeroed), and the option helpers and
 * ilpc_ao_mac_equal, which need no cryptography, work as usual.
 *
 * Per connection and MKT:
 *
 *   ilpc_ao_conn_keys(mkt, ...)           the four traffic keys (RFC 5925 5.2)
 *   ilpc_ao_mac_init(&m, mkt, key)        once per traffic key in use
 *   ilpc_ao_mac_compute / _verify(&m, seg)  per segment, no allocation
 *   ilpc_ao_mac_free(&m)
 *
 * Sending a segment: write the option (ilpc_ao_write_option, MAC zeroed) into
 * the header, compute the MAC, store it at the option's offset + 4, and only
 * then the TCP checksum, which covers the MAC.  Receiving: find the option,
 * pick the MKT whose recv_id is the option's KeyID, verify before acting on
 * anything in the segment.
 *
 * Addresses are host-order uint32_t (10.0.0.1 == 0x0a000001), as the
 * transports give them; ports and sequence numbers are host-order numbers.
 * A MAC object is not thread-safe; one thread uses it at a time.  Functions
 * returning int give ILPC_OK (0) or a negative ILPC_E_* code (ilpc_error.h)
 * unless they say otherwise.
 */
#ifndef ILPC_TCP_AO_H
#define ILPC_TCP_AO_H

#include <stddef.h>
#include <stdint.h>

#include "ilpc_tcp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The MAC algorithm of an MKT, and with it the KDF (RFC 5926 section 3). */
typedef enum {
    ILPC_AO_HMAC_SHA1_96 = 0,  /* KDF_HMAC_SHA1, HMAC-SHA-1-96 (traffic keys of 20 bytes) */
    ILPC_AO_AES128_CMAC_96 = 1 /* KDF_AES_128_CMAC, AES-128-CMAC-96 (traffic keys of 16 bytes) */
} ilpc_ao_alg;

#define ILPC_AO_KIND 29u           /* TCP option kind (RFC 5925 2.2) */
#define ILPC_AO_MAC_LEN 12u        /* both algorithms truncate to 96 bits */
#define ILPC_AO_OPT_LEN 16u        /* kind, length, KeyID, RNextKeyID, 12-byte MAC */
#define ILPC_AO_MAX_KEY_LEN 80u    /* longest master key an MKT holds */
#define ILPC_AO_MAX_TRAFFIC_KEY_LEN 20u
#define ILPC_AO_MAX_SEG_LEN 65535u /* the pseudo-header's TCP length is 16 bits */

/* A master key tuple (RFC 5925 3.1), without the connection identifier that
 * the TCP matches it by.  send_id goes into the KeyID of the segments sent
 * with it; a received segment is checked with the MKT whose recv_id equals its
 * KeyID.  exclude_options: the "TCP option flag" cleared, i.e. the MAC skips
 * every TCP option but TCP-AO itself (for middleboxes that rewrite options). */
typedef struct ilpc_ao_mkt {
    uint8_t send_id;
    uint8_t recv_id;
    uint8_t exclude_options; /* 0: options covered (the default), 1: excluded */
    uint8_t key_len;         /* 1 .. ILPC_AO_MAX_KEY_LEN */
    ilpc_ao_alg alg;
    uint8_t key[ILPC_AO_MAX_KEY_LEN];
} ilpc_ao_mkt;

/* The four traffic keys of a connection under one MKT (RFC 5925 5.2), each
 * len bytes.  The SYN keys sign and check SYNs without ACK (the peer's ISN is
 * not known yet: 0 stands for it); every other segment, SYN-ACK included,
 * uses the "other" keys. */
typedef struct ilpc_ao_traffic_keys {
    size_t len; /* 20 (HMAC-SHA1) or 16 (AES-CMAC) */
    uint8_t send_syn[ILPC_AO_MAX_TRAFFIC_KEY_LEN];
    uint8_t recv_syn[ILPC_AO_MAX_TRAFFIC_KEY_LEN];
    uint8_t send_other[ILPC_AO_MAX_TRAFFIC_KEY_LEN];
    uint8_t recv_other[ILPC_AO_MAX_TRAFFIC_KEY_LEN];
} ilpc_ao_traffic_keys;

/* A MAC keyed with one traffic key.  ctx: the EVP_MAC_CTX, keyed once at init
 * and re-initialised per segment; alg and exclude_options: from the MKT.  All
 * zero before init and after free. */
typedef struct ilpc_ao_mac {
    void *ctx;
    int alg;
    int exclude_options;
} ilpc_ao_mac;

/* One segment as the MAC sees it (RFC 5925 5.1).  hdr: the TCP header with its
 * options, contiguous, hdr_len bytes (20 .. 60, its data offset times 4);
 * its checksum and the option's MAC field may hold anything, they count as
 * zero.  ao_off: where the TCP-AO option starts, from hdr (20 or more); its
 * length byte must be ILPC_AO_OPT_LEN.  The payload: payload_len[0] bytes at
 * payload[0], then payload_len[1] at payload[1] (a ring buffer that wraps;
 * either may be 0 and its pointer NULL).  hdr_len plus the payload is at most
 * ILPC_AO_MAX_SEG_LEN.  sne: the sequence number extension of the segment's
 * sequence number (RFC 5925 6.2; 0 for a SYN). */
typedef struct ilpc_ao_segment {
    uint32_t sne;
    uint32_t src_ip, dst_ip;
    const uint8_t *hdr;
    size_t hdr_len;
    size_t ao_off;
    const uint8_t *payload[2];
    size_t payload_len[2];
} ilpc_ao_segment;

/* 1 when built with libcrypto (ILPC_HAVE_LIBCRYPTO), else 0. */
int ilpc_ao_available(void);

/* Length of alg's traffic keys: 20 (HMAC-SHA1) or 16 (AES-CMAC); 0 for an
 * unknown alg.  The same with or without libcrypto. */
size_t ilpc_ao_traffic_key_len(ilpc_ao_alg alg);

/* One traffic key (RFC 5926 3.1.1) from the MKT's master key and the
 * connection context of RFC 5925 5.2: the addresses, ports and ISNs of a
 * segment's source and destination (dst_isn 0 for the keys of a SYN).  key
 * receives ilpc_ao_traffic_key_len(mkt->alg) bytes.  ILPC_OK, or ILPC_E_INVAL
 * (bad MKT, no libcrypto, a libcrypto failure) with key zeroed. */
int ilpc_ao_traffic_key(const ilpc_ao_mkt *mkt, uint32_t src_ip, uint32_t dst_ip, uint16_t src_port,
                        uint16_t dst_port, uint32_t src_isn, uint32_t dst_isn,
                        uint8_t key[ILPC_AO_MAX_TRAFFIC_KEY_LEN]);

/* The four traffic keys of this end of a connection:
 *   send_syn   = KDF(local,  remote, local_isn,  0)
 *   recv_syn   = KDF(remote, local,  remote_isn, 0)
 *   send_other = KDF(local,  remote, local_isn,  remote_isn)
 *   recv_other = KDF(remote, local,  remote_isn, local_isn)
 * (each address and port going with its end).  Before the peer's ISN is known
 * only send_syn is meaningful; call again once it is.  ILPC_OK, or
 * ILPC_E_INVAL with *keys zeroed. */
int ilpc_ao_conn_keys(const ilpc_ao_mkt *mkt, uint32_t local_ip, uint16_t local_port, uint32_t local_isn,
                      uint32_t remote_ip, uint16_t remote_port, uint32_t remote_isn,
                      ilpc_ao_traffic_keys *keys);

/* Key the MAC object *m (zeroed or freed) with traffic_key, which must be
 * ilpc_ao_traffic_key_len(mkt->alg) bytes; the algorithm and the option flag
 * are the MKT's.  ILPC_OK, ILPC_E_NOMEM, or ILPC_E_INVAL (bad arguments, no
 * libcrypto); *m is zeroed on failure. */
int ilpc_ao_mac_init(ilpc_ao_mac *m, const ilpc_ao_mkt *mkt, const uint8_t *traffic_key);

/* Free the context and zero *m.  Safe on a zeroed or freed struct, and NULL. */
void ilpc_ao_mac_free(ilpc_ao_mac *m);

/* The MAC of a segment (RFC 5925 5.1): over the SNE, the IPv4 pseudo-header,
 * the TCP header with checksum and MAC field zeroed (with only the fixed 20
 * bytes and the TCP-AO option when the MKT excludes options), and the payload;
 * its first 12 bytes go to mac.  ILPC_OK, or ILPC_E_INVAL (a malformed segment
 * description, an unkeyed object, a libcrypto failure) with mac zeroed. */
int ilpc_ao_mac_compute(ilpc_ao_mac *m, const ilpc_ao_segment *seg, uint8_t mac[ILPC_AO_MAC_LEN]);

/* Whether the MAC carried in the segment's option (hdr + ao_off + 4) is the
 * one ilpc_ao_mac_compute gives, compared in constant time.  1 when it is;
 * 0 when not; a negative ILPC_E_* when it could not be computed.  A receiver
 * accepts the segment only on 1. */
int ilpc_ao_mac_verify(ilpc_ao_mac *m, const ilpc_ao_segment *seg);

/* Look for the TCP-AO option among a TCP header's options (the bytes from 20
 * to hdr_len).  1 with *ao_off set (from hdr) when there is exactly one, of
 * length ILPC_AO_OPT_LEN; 0 when there is none; ILPC_E_INVAL when the options
 * are malformed (an option running past the header, a length below 2), when a
 * TCP-AO option has another length (a MAC size neither algorithm has), or
 * when there are two.  A segment for which this is not 1 cannot be verified
 * and, on a connection that requires TCP-AO, is dropped. */
int ilpc_ao_find_option(const uint8_t *hdr, size_t hdr_len, size_t *ao_off);

/* Write the option at opt: kind 29, length 16, key_id (the MKT's send_id),
 * rnext_key_id (the recv_id of the MKT this end wants the peer to use next),
 * and 12 zero bytes for the MAC.  Returns ILPC_AO_OPT_LEN, the bytes written. */
size_t ilpc_ao_write_option(uint8_t *opt, uint8_t key_id, uint8_t rnext_key_id);

/* 1 when the 12-byte MACs a and b are equal, else 0; the time taken does not
 * depend on where they differ. */
int ilpc_ao_mac_equal(const uint8_t a[ILPC_AO_MAC_LEN], const uint8_t b[ILPC_AO_MAC_LEN]);

#ifdef __cplusplus
}
#endif

#endif /* ILPC_TCP_AO_H */
