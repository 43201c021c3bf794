/* ilpc_tcp_wire.h - the TCP segment on the wire: header fields, options,
 * parsing with every length checked, and the writers the output uses.
 *
 * A leaf of the runtime: it knows bytes, not connections.  The connection
 * (ilpc_tcp_*.c) and the stack (ilpc_stack.c) build on it; it can be fuzzed
 * on its own (tests/fuzz/fuzz_tcp_wire.c).
 *
 * Options this TCP understands: MSS, window scale, SACK-permitted and SACK,
 * timestamps (RFC 7323), TCP-AO (RFC 5925, kind 29: where it is; its
 * cryptography is ilpc_tcp_ao.h's), and the path probes of
 * the udp transport: the experimental option (kind 253, RFC 6994) with the
 * 16-bit ExIDs 0x4943 ("IC", a path challenge) and 0x4952 ("IR", its
 * response), each followed by an 8-byte nonce (docs/tcp.md, "Paths"). */
#ifndef ILPC_TCP_WIRE_H
#define ILPC_TCP_WIRE_H

#include "ilpc_csum.h"
#include "ilpc_transport.h"

#include <stddef.h>
#include <stdint.h>

#define TCP_FIN 0x01u
#define TCP_SYN 0x02u
#define TCP_RST 0x04u
#define TCP_PSH 0x08u
#define TCP_ACK 0x10u
#define TCP_URG 0x20u
#define TCP_HDR_LEN 20u
#define TCP_DEFAULT_MSS 536u
#define TCP_MIN_MSS 64u

#define TCPOPT_EOL 0u
#define TCPOPT_NOP 1u
#define TCPOPT_MSS 2u
#define TCPOPT_WS 3u         /* RFC 7323 window scale, SYN only */
#define TCPOPT_SACK_PERM 4u  /* RFC 2018, SYN only */
#define TCPOPT_SACK 5u
#define TCPOPT_TS 8u         /* RFC 7323 timestamps */
#define TCPOPT_AO 29u        /* RFC 5925 TCP-AO */
#define TCPOPT_EXP 253u      /* RFC 6994 experimental option with an ExID */
#define TCP_MAX_WSCALE 14u
#define TCP_TS_LEN 12u       /* NOP NOP TS: what every segment carries when timestamps are on */
#define TCP_PATH_OPT_LEN 12u /* kind 253, length, ExID, 8-byte nonce */
#define TCP_PATH_EXID_CHALLENGE 0x4943u
#define TCP_PATH_EXID_RESPONSE 0x4952u
#define TCP_MAX_OPT 40u
#define TCP_MAX_SACK_IN 4u   /* blocks one segment can carry */

enum { TCP_PATH_NONE = 0, TCP_PATH_CHALLENGE = 1, TCP_PATH_RESPONSE = 2 };

/* sequence arithmetic mod 2^32 (no signed conversions) */
static inline int seq_lt(uint32_t a, uint32_t b) { return ((uint32_t)(a - b) & 0x80000000u) != 0; }
static inline int seq_le(uint32_t a, uint32_t b) { return a == b || seq_lt(a, b); }
static inline int seq_gt(uint32_t a, uint32_t b) { return seq_lt(b, a); }
static inline int seq_ge(uint32_t a, uint32_t b) { return seq_le(b, a); }

static inline uint16_t rd16(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static inline uint32_t rd32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}
static inline void wr16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}
static inline void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Sum of the IPv4 pseudo-header for a TCP segment of tcp_len bytes.  The
 * length is summed as a 32-bit quantity (the RFC 2675 convention for the
 * upper-layer length of a jumbogram): identical to the 16-bit length field
 * below 65536, and defined for the jumbo segments a transport with a large
 * max_seg carries. */
static inline uint64_t tcp_pseudo_sum(uint32_t src, uint32_t dst, size_t tcp_len)
{
    uint8_t ph[14];
    wr32(ph, src);
    wr32(ph + 4, dst);
    ph[8] = 0;
    ph[9] = 6;
    wr16(ph + 10, (uint16_t)tcp_len);
    wr16(ph + 12, (uint16_t)((uint32_t)tcp_len >> 16));
    return ilpc_csum_add_bytes(0, ph, sizeof ph);
}

/* A parsed, bounds-checked incoming segment. */
typedef struct ilpc_seg {
    uint32_t src_ip, dst_ip;
    ilpc_path path;    /* where it came from (the pseudo-header's source on path-less transports) */
    int new_path;      /* for a connection on another path: accepted only to validate this one */
    uint16_t sport, dport;
    uint32_t seq, ack;
    uint16_t wnd;
    uint8_t flags;
    int has_mss;
    uint16_t mss;
    int has_ws, has_sack_perm, has_ts;
    uint8_t ws;
    uint32_t tsval, tsecr;
    unsigned nsack;                        /* SACK blocks (unvalidated) */
    uint32_t sack[TCP_MAX_SACK_IN][2];
    int path_opt;                          /* TCP_PATH_*: a path challenge or response */
    uint64_t path_nonce;
    size_t ao_off;                         /* offset of the TCP-AO option in hdr, 0 if none */
    int ao_count;                          /* TCP-AO options seen (more than one: invalid) */
    const uint8_t *hdr;
    size_t hdr_len;
    const uint8_t *payload;
    size_t len;
    uint64_t hdr_sum;  /* pseudo-header + header, checksum field included */
    int csum_checked;  /* the whole segment's checksum is known good */
} ilpc_seg;

/* Parse and bounds-check a segment of at most max(max_len, 65535) bytes;
 * 0, or -1 if malformed (too short or long, a bad data offset, a zero port,
 * an option running past the header, an option of a known kind with the
 * wrong length).  Every option is checked against the header length before
 * it is read; unknown options are skipped.  Does not verify the checksum. */
int ilpc_tcp_wire_parse(ilpc_seg *sg, uint32_t src, uint32_t dst, const uint8_t *b, size_t len, size_t max_len);

/* Header writers.  Each returns the bytes it wrote. */
/* The fixed header, checksum zero; hl is the header length with options. */
void ilpc_tcp_wire_header(uint8_t *h, uint16_t sport, uint16_t dport, uint32_t seq, uint32_t ack, size_t hl,
                          uint8_t flags, uint16_t window);
/* NOP NOP TS (12 bytes). */
size_t ilpc_tcp_wire_ts(uint8_t *o, uint32_t tsval, uint32_t tsecr);
/* A path challenge or response (TCP_PATH_*) with its nonce (12 bytes). */
size_t ilpc_tcp_wire_path_probe(uint8_t *o, int kind, uint64_t nonce);
/* The checksum of a finished segment without payload, stored in h[16..17]. */
void ilpc_tcp_wire_checksum_bare(uint8_t *h, size_t hl, uint32_t src, uint32_t dst);

#endif
