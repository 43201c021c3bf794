/* ilpc_tcp_internal.h - private structures shared by ilpc_tcp.c and
 * ilpc_stack.c.  Not part of the API: generated code and applications use
 * ilpc_stack.h / ilpc_tcp.h only. */
#ifndef ILPC_TCP_INTERNAL_H
#define ILPC_TCP_INTERNAL_H

#include "ilpc_ring.h"
#include "ilpc_stack.h"

/* ---- Internet checksum (ilpc_csum.h).  Every piece added with
 * ilpc_csum_add_bytes starts at an even offset of the summed stream; a piece
 * at an odd offset (second span of a ring region whose first span has odd
 * length) is merged with ilpc_csum_combine_at. */
#include "ilpc_csum.h"
#define TCSUM_ADD(acc, p, n) ilpc_csum_add_bytes((acc), (p), (n))
#define TCSUM_FOLD(acc) ilpc_csum_fold(acc)

/* ---- TCP header */
#define TCP_FIN 0x01u
#define TCP_SYN 0x02u
#define TCP_RST 0x04u
#define TCP_PSH 0x08u
#define TCP_ACK 0x10u
#define TCP_URG 0x20u
#define TCP_HDR_LEN 20u
#define TCP_DEFAULT_MSS 536u
#define TCP_MIN_MSS 64u

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

/* Sum of the IPv4 pseudo-header for a TCP segment of tcp_len bytes. */
static inline uint64_t tcp_pseudo_sum(uint32_t src, uint32_t dst, size_t tcp_len)
{
    uint8_t ph[12];
    wr32(ph, src);
    wr32(ph + 4, dst);
    ph[8] = 0;
    ph[9] = 6;
    wr16(ph + 10, (uint16_t)tcp_len);
    return TCSUM_ADD(0, ph, sizeof ph);
}

/* A parsed, bounds-checked incoming segment. */
typedef struct ilpc_seg {
    uint32_t src_ip, dst_ip;
    uint16_t sport, dport;
    uint32_t seq, ack;
    uint16_t wnd;
    uint8_t flags;
    int has_mss;
    uint16_t mss;
    const uint8_t *hdr;
    size_t hdr_len;
    const uint8_t *payload;
    size_t len;
    uint64_t hdr_sum;  /* pseudo-header + header, checksum field included */
    int csum_checked;  /* the whole segment's checksum is known good */
} ilpc_seg;

/* One segment's worth of the send ring: messages are cut into these at
 * commit; output sends a descriptor as one segment when it can. */
typedef struct tx_desc {
    uint32_t seq;   /* first byte */
    uint32_t len;   /* <= seg_payload */
    uint16_t sum;   /* folded payload sum, valid if DESC_SUM */
    uint8_t flags;
} tx_desc;
#define DESC_SUM 0x01u      /* sum matches [seq, seq+len) */
#define DESC_HAD_SUM 0x02u  /* message was committed with sums_valid */
#define DESC_MSG_END 0x04u  /* last segment of a message: PSH */

typedef struct ooo_range {
    uint32_t start, end; /* offsets from rcv_nxt */
} ooo_range;

struct ilpc_tcp {
    ilpc_stack *stack;
    size_t idx; /* position in the stack's table */
    ilpc_tcp_state state;
    int err;
    ilpc_tcp_config cfg;
    uint32_t lip, rip;
    uint16_t lport, rport;

    /* ---- send sequence space.  Ring byte 0 has sequence tx_base; snd_nxt
     * may be rewound below snd_max for retransmission. */
    uint32_t iss, snd_una, snd_nxt, snd_max, snd_wl1, snd_wl2;
    uint32_t snd_wnd, max_snd_wnd;
    uint32_t tx_base;
    ilpc_ring tx;
    tx_desc *desc;
    size_t desc_cap, desc_head, desc_cnt;
    size_t desc_cur;       /* cursor: index (from head) of the last looked-up desc */
    uint32_t *sums;        /* scratch for tx_slot.seg_sums */
    size_t sums_cap;
    size_t tx_reserved;    /* length of the outstanding reservation, 0 if none */
    uint32_t snd_mss;      /* effective send MSS */
    uint32_t peer_mss;
    int fin_queued;        /* shutdown requested: FIN at tx_base + tx.len */

    /* ---- timers (ILPC_TIME_NEVER = not armed) and RTT estimation */
    uint64_t rto_at, persist_at, tw_at, ack_at;
    uint64_t rto, srtt, rttvar;
    int have_rtt;
    int rtt_active;
    uint32_t rtt_seq;
    uint64_t rtt_start;
    unsigned retries;      /* consecutive RTO expiries */
    unsigned persist_shift;
    unsigned persist_unanswered;
    int probe_pending;
    int fast_rexmit_pending;
    unsigned dupacks;
    int in_recovery;
    uint32_t recover;
    uint32_t cwnd, ssthresh;

    /* ---- receive */
    uint32_t irs, rcv_nxt, rcv_adv;
    uint32_t rmss;         /* MSS we advertise */
    ilpc_ring rx;
    ooo_range *ooo;
    unsigned ooo_n;
    int fin_rcvd;
    int ooo_fin;           /* a FIN was seen at ooo_fin_seq, beyond rcv_nxt */
    uint32_t ooo_fin_seq;
    int ack_now;
    unsigned unacked_segs;
    ilpc_rx_hook hook;
    void *hook_ctx;

    /* ---- listener / children */
    ilpc_tcp *listener;    /* for a passive child until accepted */
    int in_acceptq;
    int backlog;
    int n_children;        /* pending + ready children */
    ilpc_tcp **acceptq;
    int acc_head, acc_n;

    int passive;
    int app_owned;         /* the application holds a handle */
    int detached;          /* the application closed its handle */
    ilpc_tcp_stats stats;
};

struct ilpc_stack {
    ilpc_transport *t;
    ilpc_clock *clk;
    ilpc_stack_config cfg;
    uint64_t now;
    ilpc_tcp **conns;
    size_t nconns, conns_cap;
    uint8_t *rxbuf;
    size_t rxcap;
    uint64_t isn_key;
    uint64_t isn_ctr;
    uint16_t next_eph;
    int in_poll;            /* inside ilpc_stack_poll: the transport is flushed at its end */
    ilpc_tcp_stats stats;
};

#define TSTAT(c, field)                \
    do {                               \
        (c)->stats.field++;            \
        (c)->stack->stats.field++;     \
    } while (0)
#define TSTAT_ADD(c, field, v)             \
    do {                                   \
        (c)->stats.field += (v);           \
        (c)->stack->stats.field += (v);    \
    } while (0)

/* ---- ilpc_tcp.c */
ilpc_tcp *ilpc__tcp_new(ilpc_stack *s, int with_buffers);
void ilpc__tcp_free(ilpc_tcp *c);
void ilpc__tcp_init_active(ilpc_tcp *c);
void ilpc__tcp_init_passive(ilpc_tcp *c, const ilpc_seg *syn);
void ilpc__tcp_input(ilpc_tcp *c, ilpc_seg *sg);
void ilpc__tcp_output(ilpc_tcp *c);
void ilpc__tcp_timers(ilpc_tcp *c);
uint64_t ilpc__tcp_deadline(const ilpc_tcp *c);
int ilpc__tcp_reapable(const ilpc_tcp *c);

/* ---- ilpc_stack.c */
uint64_t ilpc__now(ilpc_stack *s);
uint32_t ilpc__isn(ilpc_stack *s, uint32_t lip, uint16_t lport, uint32_t rip, uint16_t rport);
void ilpc__send_rst(ilpc_stack *s, uint32_t lip, uint16_t lport, uint32_t rip, uint16_t rport,
                    uint32_t seq, uint32_t ack, int with_ack);
void ilpc__send_rst_for(ilpc_stack *s, const ilpc_seg *sg);
void ilpc__stack_remove(ilpc_stack *s, ilpc_tcp *c);
void ilpc__child_established(ilpc_tcp *c);
void ilpc__child_gone(ilpc_tcp *c);
int ilpc__seg_csum_ok(const ilpc_seg *sg);

#endif
