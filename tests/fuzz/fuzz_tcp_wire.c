/*
 * fuzz_tcp_wire.c - libFuzzer target: the TCP wire format alone
 * (runtime/ilpc_tcp_wire.c), on any bytes.
 *
 * ilpc_tcp_wire_parse must never read outside the segment (ASan), and what it
 * accepts must hang together: the header inside the segment, the payload the
 * rest, each option it reports inside the header, the TCP-AO option where
 * TCP-AO's own finder (ilpc_tcp_ao.c) sees it, the checksum accumulator the
 * one over the pseudo-header and the header.  A segment rebuilt from the
 * parsed fields with the writers must parse to the same fields.
 *
 * Build: tests/fuzz/run.py --targets wire.
 */
#include "ilpc_tcp_ao.h"
#include "ilpc_tcp_wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_tcp_wire: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ilpc_seg sg, again;
    uint8_t *seg, rebuilt[60 + 64];
    size_t ao_off = 0, hl;
    int found;
    if (size < 1)
        return 0;
    /* an exact-size copy: ASan catches a read one byte past the segment */
    seg = malloc(size - 1 ? size - 1 : 1);
    if (!seg)
        return 0;
    memcpy(seg, data + 1, size - 1);
    if (ilpc_tcp_wire_parse(&sg, 0x0a000001u, 0x0a000002u, seg, size - 1, (size_t)data[0] << 8) != 0) {
        free(seg);
        return 0;
    }
    if (sg.hdr != seg || sg.hdr_len < 20 || sg.hdr_len > 60 || sg.hdr_len > size - 1 ||
        sg.payload != seg + sg.hdr_len || sg.len != size - 1 - sg.hdr_len)
        fail("header and payload do not add up");
    if (sg.ao_count && (sg.ao_off < 20 || sg.ao_off + 4 > sg.hdr_len || seg[sg.ao_off] != TCPOPT_AO))
        fail("the TCP-AO option outside the header");
    found = ilpc_ao_find_option(seg, sg.hdr_len, &ao_off);
    if (found == 1 && (sg.ao_count != 1 || ao_off != sg.ao_off))
        fail("ilpc_ao_find_option and the parser disagree on the TCP-AO option");
    if (sg.ao_count == 1 && seg[sg.ao_off + 1] == ILPC_AO_OPT_LEN && found != 1)
        fail("a well-formed TCP-AO option the finder does not see");
    if (sg.hdr_sum != ilpc_csum_add_bytes(tcp_pseudo_sum(0x0a000001u, 0x0a000002u, size - 1), seg, sg.hdr_len))
        fail("the header's checksum accumulator");
    /* rebuild the header from the fields with the writers and parse it again */
    hl = 20;
    if (sg.has_ts)
        hl += ilpc_tcp_wire_ts(rebuilt + hl, sg.tsval, sg.tsecr);
    if (sg.path_opt)
        hl += ilpc_tcp_wire_path_probe(rebuilt + hl, sg.path_opt, sg.path_nonce);
    ilpc_tcp_wire_header(rebuilt, sg.sport, sg.dport, sg.seq, sg.ack, hl, sg.flags, sg.wnd);
    if (ilpc_tcp_wire_parse(&again, 0, 0, rebuilt, hl, 0) != 0)
        fail("a header the writers made does not parse");
    if (again.sport != sg.sport || again.dport != sg.dport || again.seq != sg.seq || again.ack != sg.ack ||
        again.flags != sg.flags || again.wnd != sg.wnd || again.has_ts != sg.has_ts ||
        (sg.has_ts && (again.tsval != sg.tsval || again.tsecr != sg.tsecr)) || again.path_opt != sg.path_opt ||
        (sg.path_opt && again.path_nonce != sg.path_nonce))
        fail("the writers and the parser disagree");
    free(seg);
    return 0;
}
