/* ilpc_tcp_wire.c - parsing and writing TCP headers and options
 * (ilpc_tcp_wire.h). */
#include "ilpc_tcp_wire.h"

#include <string.h>

static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) << 32 | rd32(p + 4); }

static void wr64(uint8_t *p, uint64_t v)
{
    wr32(p, (uint32_t)(v >> 32));
    wr32(p + 4, (uint32_t)v);
}

/* One option of kind `kind` and length olen at b (olen >= 2 and within the
 * header, checked by the caller): 0, or -1 if it is malformed. */
static int parse_option(ilpc_seg *sg, const uint8_t *b, size_t off, uint8_t kind, uint8_t olen)
{
    const uint8_t *o = b + off;
    switch (kind) {
    case TCPOPT_MSS:
        if (olen != 4)
            return -1;
        sg->has_mss = 1;
        sg->mss = rd16(o + 2);
        return 0;
    case TCPOPT_WS:
        if (olen != 3)
            return -1;
        sg->has_ws = 1;
        sg->ws = o[2];
        return 0;
    case TCPOPT_SACK_PERM:
        if (olen != 2)
            return -1;
        sg->has_sack_perm = 1;
        return 0;
    case TCPOPT_TS:
        if (olen != 10)
            return -1;
        sg->has_ts = 1;
        sg->tsval = rd32(o + 2);
        sg->tsecr = rd32(o + 6);
        return 0;
    case TCPOPT_SACK: {
        unsigned k, n;
        if (olen < 10 || (olen - 2) % 8 != 0)
            return -1;
        n = (unsigned)(olen - 2) / 8;
        for (k = 0; k < n && sg->nsack < TCP_MAX_SACK_IN; k++) {
            sg->sack[sg->nsack][0] = rd32(o + 2 + 8 * k);
            sg->sack[sg->nsack][1] = rd32(o + 6 + 8 * k);
            sg->nsack++;
        }
        return 0;
    }
    case TCPOPT_AO:
        /* RFC 5925 2.2: kind, length, KeyID, RNextKeyID, MAC; whether the
         * MAC length suits the connection's key is the connection's check */
        if (olen < 4)
            return -1;
        sg->ao_count++;
        sg->ao_off = off;
        return 0;
    case TCPOPT_EXP:
        if (olen == TCP_PATH_OPT_LEN) {
            uint16_t exid = rd16(o + 2);
            if (exid == TCP_PATH_EXID_CHALLENGE || exid == TCP_PATH_EXID_RESPONSE) {
                sg->path_opt = exid == TCP_PATH_EXID_CHALLENGE ? TCP_PATH_CHALLENGE : TCP_PATH_RESPONSE;
                sg->path_nonce = rd64(o + 4);
            }
        }
        return 0; /* another experiment's option: skipped */
    default:
        return 0; /* unknown options are skipped */
    }
}

int ilpc_tcp_wire_parse(ilpc_seg *sg, uint32_t src, uint32_t dst, const uint8_t *b, size_t len, size_t max_len)
{
    size_t hl, i;
    memset(sg, 0, sizeof *sg);
    if (len < TCP_HDR_LEN || len > (max_len > 65535u ? max_len : 65535u))
        return -1;
    hl = (size_t)(b[12] >> 4) * 4u;
    if (hl < TCP_HDR_LEN || hl > len)
        return -1;
    sg->src_ip = src;
    sg->dst_ip = dst;
    ilpc_path_of_addresses(&sg->path, src, dst);
    sg->sport = rd16(b);
    sg->dport = rd16(b + 2);
    sg->seq = rd32(b + 4);
    sg->ack = rd32(b + 8);
    sg->flags = (uint8_t)(b[13] & 0x3fu);
    sg->wnd = rd16(b + 14);
    sg->hdr = b;
    sg->hdr_len = hl;
    sg->payload = b + hl;
    sg->len = len - hl;
    if (sg->sport == 0 || sg->dport == 0)
        return -1;
    for (i = TCP_HDR_LEN; i < hl;) {
        uint8_t kind = b[i], olen;
        if (kind == TCPOPT_EOL)
            break;
        if (kind == TCPOPT_NOP) {
            i++;
            continue;
        }
        if (i + 1 >= hl)
            return -1; /* no room for the length byte */
        olen = b[i + 1];
        if (olen < 2 || olen > hl - i)
            return -1;
        if (parse_option(sg, b, i, kind, olen) < 0)
            return -1;
        i += olen;
    }
    sg->hdr_sum = ilpc_csum_add_bytes(tcp_pseudo_sum(src, dst, len), b, hl);
    return 0;
}

void ilpc_tcp_wire_header(uint8_t *h, uint16_t sport, uint16_t dport, uint32_t seq, uint32_t ack, size_t hl,
                          uint8_t flags, uint16_t window)
{
    wr16(h, sport);
    wr16(h + 2, dport);
    wr32(h + 4, seq);
    wr32(h + 8, ack);
    h[12] = (uint8_t)((hl / 4) << 4);
    h[13] = flags;
    wr16(h + 14, window);
    wr16(h + 16, 0);
    wr16(h + 18, 0);
}

size_t ilpc_tcp_wire_ts(uint8_t *o, uint32_t tsval, uint32_t tsecr)
{
    o[0] = TCPOPT_NOP;
    o[1] = TCPOPT_NOP;
    o[2] = TCPOPT_TS;
    o[3] = 10;
    wr32(o + 4, tsval);
    wr32(o + 8, tsecr);
    return TCP_TS_LEN;
}

size_t ilpc_tcp_wire_path_probe(uint8_t *o, int kind, uint64_t nonce)
{
    o[0] = TCPOPT_EXP;
    o[1] = TCP_PATH_OPT_LEN;
    wr16(o + 2, (uint16_t)(kind == TCP_PATH_CHALLENGE ? TCP_PATH_EXID_CHALLENGE : TCP_PATH_EXID_RESPONSE));
    wr64(o + 4, nonce);
    return TCP_PATH_OPT_LEN;
}

void ilpc_tcp_wire_checksum_bare(uint8_t *h, size_t hl, uint32_t src, uint32_t dst)
{
    uint64_t acc = ilpc_csum_add_bytes(tcp_pseudo_sum(src, dst, hl), h, hl);
    wr16(h + 16, (uint16_t)~ilpc_csum_fold(acc));
}
