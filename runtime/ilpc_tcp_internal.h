/* ilpc_tcp_internal.h - private structures shared by the connection
 * (ilpc_tcp*.c) and the stack (ilpc_stack.c).  Not part of the API:
 * generated code and applications use ilpc_stack.h / ilpc_tcp.h only.
 *
 * Layers.  Each file calls only files of the layers below it (the test
 * test_runtime_files_call_each_other_without_cycles in
 * tests/test_architecture.py fails on a call back up):
 *
 *   6  ilpc_tcp_wait.c     blocking helpers: poll the stack until done
 *   5  ilpc_stack.c        the connection table, demultiplexing, polling:
 *                          input then output for each segment, timers then
 *                          output for each due connection
 *   4  ilpc_tcp_input.c    segment arrival
 *      ilpc_tcp_timer.c    the timers' expiries (no output: the stack's)
 *      ilpc_tcp_api.c      the application's and ILP's calls
 *   3  ilpc_tcp_output.c   what to transmit now, and building segments
 *   2  ilpc_tcp.c          the connection's state: lifetime, RTT estimation,
 *                          timer arming, loss recovery's state changes and
 *                          its questions to the scoreboard
 *   1  ilpc_tcp_auth.c     TCP-AO on a connection (keys, signing, checking)
 *   0  leaves, knowing bytes and sequence numbers, not connections:
 *      ilpc_tcp_wire.c (the segment format), ilpc_tcp_sack.c (the SACK
 *      scoreboard), ilpc_tcp_desc.c (the send ring's segment descriptors),
 *      ilpc_ring.c, ilpc_tcp_ao.c (TCP-AO's cryptography), ilpc_csum.c,
 *      ilpc_random.c, ilpc_clock.c
 *
 * The stack calls the connection, never the other way round.  A connection
 * reaches the outside world only through its ilpc_tcp_env (the transport,
 * the clock, the stack-wide counters), which the stack owns, and reports
 * what the stack has to do as events (ILPC_TCP_EV_*) returned from input
 * and timers. */
#ifndef ILPC_TCP_INTERNAL_H
#define ILPC_TCP_INTERNAL_H

#include "ilpc_random.h"
#include "ilpc_ring.h"
#include "ilpc_stack.h"
#include "ilpc_tcp_ao.h"
#include "ilpc_tcp_desc.h"
#include "ilpc_tcp_sack.h"

/* ---- Internet checksum (ilpc_csum.h).  Every piece added with
 * ilpc_csum_add_bytes starts at an even offset of the summed stream; a piece
 * at an odd offset (second span of a ring region whose first span has odd
 * length) is merged with ilpc_csum_combine_at. */
#include "ilpc_csum.h"
#define TCSUM_ADD(acc, p, n) ilpc_csum_add_bytes((acc), (p), (n))
#define TCSUM_FOLD(acc) ilpc_csum_fold(acc)

/* ---- the segment on the wire: header, options, ilpc_seg, parsing */
#include "ilpc_tcp_wire.h"

#define TS_PAWS_IDLE_NS (24ull * 24 * 3600 * ILPC_NS_PER_S) /* RFC 7323 5.5: 24 days */
/* RFC 5961 7: challenge ACKs a connection sends per CHALLENGE_ACK_WINDOW_NS at most */
#define CHALLENGE_ACK_LIMIT 16u
#define CHALLENGE_ACK_WINDOW_NS ILPC_NS_PER_S
/* Path validation: challenges sent before a candidate path is given up */
#define PATH_CHALLENGE_TRIES 5u

typedef struct ooo_range {
    uint32_t start, end; /* offsets from rcv_nxt */
    uint32_t stamp;      /* when data last arrived in it (for SACK order) */
} ooo_range;

/* What a connection may use of its surroundings; owned by the stack. */
typedef struct ilpc_tcp_env {
    ilpc_transport *t;
    ilpc_clock *clk;
    uint64_t now;          /* monotonic: the latest of the clock and the poll's time */
    int in_poll;           /* inside ilpc_stack_poll: the transport is flushed at its end */
    ilpc_tcp_stats stats;  /* summed over the stack's connections */
    uint8_t secret[16];    /* keys ISNs, the connection table's hash and path challenges */
    uint64_t nonce_ctr;
    const ilpc_ao_mkt *ao_mkt; /* TCP-AO's master key for new connections (NULL: off) */
} ilpc_tcp_env;

/* An unpredictable 64-bit value (path challenges): SipHash of a counter
 * under the stack's secret. */
static inline uint64_t ilpc__env_nonce(ilpc_tcp_env *e)
{
    uint8_t b[9];
    uint64_t n = e->nonce_ctr++;
    int i;
    b[0] = 'N';
    for (i = 0; i < 8; i++)
        b[1 + i] = (uint8_t)(n >> (8 * i));
    return ilpc_siphash24(e->secret, b, sizeof b);
}

static inline uint64_t ilpc__env_now(ilpc_tcp_env *e)
{
    uint64_t t = ilpc_clock_now(e->clk);
    if (t > e->now)
        e->now = t;
    return e->now;
}

/* Events a connection reports to the stack (bitmask). */
#define ILPC_TCP_EV_CHILD_ESTABLISHED 0x01u /* a passive child reached ESTABLISHED: queue for accept */
#define ILPC_TCP_EV_CHILD_GONE 0x02u        /* a pending child closed before being accepted */
#define ILPC_TCP_EV_OUTPUT 0x04u            /* from timers: output is due (ilpc__tcp_output) */

struct ilpc_tcp {
    ilpc_tcp_env *env;
    ilpc_stack *stack;     /* opaque here: used by the stack and the blocking helpers only */
    unsigned events;       /* ILPC_TCP_EV_* not yet collected by the stack */
    size_t idx; /* position in the stack's table */
    ilpc_tcp *hnext;       /* next in the stack's hash chain */
    ilpc_tcp_state state;
    int err;
    ilpc_tcp_config cfg;
    uint32_t lip, rip;
    uint16_t lport, rport;

    /* ---- the path segments go along (the transport's outer address on udp).
     * It moves only to a candidate that answered a challenge (docs/tcp.md,
     * "Paths"). */
    ilpc_path path;
    ilpc_path cand;        /* candidate path under validation */
    int cand_active;
    unsigned cand_tries;   /* challenges sent to it */
    uint64_t cand_nonce;
    uint64_t cand_at;      /* when to send the next challenge (NEVER: none) */
    int resp_pending;      /* answer a challenge with resp_nonce */
    uint64_t resp_nonce;
    uint64_t cack_window;  /* RFC 5961 7: start of the current challenge-ACK window */
    unsigned cack_count;   /* challenge ACKs sent in it */

    /* ---- TCP-AO (RFC 5925; ilpc_tcp_auth.c): on when the stack had a master
     * key when the connection was made */
    int ao_on;
    ilpc_ao_mac ao_tx, ao_rx;         /* the send and receive traffic keys in use */
    uint32_t ao_snd_ref, ao_rcv_ref;  /* a sequence number each way, with ... */
    uint64_t ao_snd_ext, ao_rcv_ext;  /* ... its 64-bit extension (the SNE above) */

    /* ---- send sequence space.  Ring byte 0 has sequence tx_base; snd_nxt
     * may be rewound below snd_max for retransmission. */
    uint32_t iss, snd_una, snd_nxt, snd_max, snd_wl1, snd_wl2;
    uint32_t snd_wnd, max_snd_wnd;
    uint32_t tx_base;
    ilpc_ring tx;
    tx_descq desc;         /* the ring's bytes cut into segments */
    uint32_t *sums;        /* scratch for tx_slot.seg_sums */
    size_t sums_cap;
    size_t tx_reserved;    /* length of the outstanding reservation, 0 if none */
    uint32_t snd_mss;      /* payload bytes per segment: the negotiated MSS less the timestamp option */
    uint32_t mss_neg;      /* negotiated send MSS: min(peer's, ours), 65535 from the peer = its link limit */
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

    /* ---- negotiated options (RFC 7323, RFC 2018) */
    int ws_ok, ts_ok, sack_ok;
    int peer_ws, peer_ts, peer_sack;  /* the peer's SYN offered them */
    uint8_t snd_wscale, rcv_wscale;   /* shift of the peer's window field / of ours */
    uint8_t rcv_wscale_pref;          /* what we offer (from rx_buf) */
    uint32_t ts_off;                  /* TSval = ms clock + ts_off */
    uint32_t ts_recent;
    uint64_t ts_recent_at;
    int ts_recent_valid;
    uint32_t last_ack_sent;
    uint32_t ooo_stamp;

    /* ---- SACK scoreboard and RFC 6675 loss recovery */
    sack_board sb;
    int sack_rec;                     /* in RFC 6675 loss recovery */
    uint32_t high_rxt;                /* retransmitted up to here in this recovery */
    uint32_t rxt_mark;                /* snd_max when the last hole was retransmitted */
    uint64_t rxt_at;                  /* recovery timer: the last retransmission should be acknowledged by
                                         then; outside recovery the reordering / tail-loss-probe timer */
    unsigned rxt_shift;               /* recovery-timer backoff: restarts without ACK progress */
    int tlp_done;                     /* a loss probe went out since the last ACK progress */
    int tlp_pending;
    int rescue_done;

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
    ilpc_tcp_env env;       /* transport, clock, now, in_poll, stack-wide counters */
    ilpc_stack_config cfg;
    ilpc_tcp **conns;       /* every connection, listeners included (timers walk it) */
    size_t nconns, conns_cap;
    ilpc_tcp **htab;        /* hash chains by (local port, remote port, remote address) */
    size_t hmask;           /* buckets - 1 (a power of two) */
    ilpc_tcp *last_hit;     /* the connection of the last segment: most segments follow it */
    uint8_t *rxbuf;
    size_t rxcap;
    uint64_t isn_ctr;
    uint16_t next_eph;
    ilpc_ao_mkt ao_mkt;     /* what env.ao_mkt points at when TCP-AO is on */
};

#define TSTAT(c, field)                \
    do {                               \
        (c)->stats.field++;            \
        (c)->env->stats.field++;      \
    } while (0)
#define TSTAT_ADD(c, field, v)             \
    do {                                   \
        (c)->stats.field += (v);           \
        (c)->env->stats.field += (v);     \
    } while (0)

static inline int ilpc__seg_csum_ok(const ilpc_seg *sg)
{
    return TCSUM_FOLD(TCSUM_ADD(sg->hdr_sum, sg->payload, sg->len)) == 0xffffu;
}

#define NEVER ILPC_TIME_NEVER

static inline uint64_t ilpc__tcp_now(const ilpc_tcp *c) { return ilpc__env_now(c->env); }
static inline uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }
static inline uint32_t tx_end(const ilpc_tcp *c) { return c->tx_base + (uint32_t)c->tx.len; }
static inline int synchronized(const ilpc_tcp *c) { return c->state >= ILPC_TCP_SYN_RECEIVED; }
static inline int can_receive_data(const ilpc_tcp *c)
{
    return c->state == ILPC_TCP_ESTABLISHED || c->state == ILPC_TCP_FIN_WAIT_1 || c->state == ILPC_TCP_FIN_WAIT_2;
}
/* Receive window: free space of the stream buffer, at most what the window
 * field can say (65535 << rcv_wscale).  The right edge never moves left,
 * because bytes only leave the free space by advancing rcv_nxt by the same
 * amount. */
static inline uint32_t rcv_wnd(const ilpc_tcp *c)
{
    size_t sp = ilpc_ring_space(&c->rx), mx = (size_t)65535u << c->rcv_wscale;
    return sp > mx ? (uint32_t)mx : (uint32_t)sp;
}
static inline uint32_t ts_now(const ilpc_tcp *c)
{
    return (uint32_t)(ilpc__tcp_now(c) / ILPC_NS_PER_MS) + c->ts_off;
}

/* ---- ilpc_tcp.c: lifetime */
ilpc_tcp *ilpc__tcp_new(ilpc_tcp_env *env, const ilpc_tcp_config *cfg, int with_buffers);
void ilpc__tcp_free(ilpc_tcp *c);
void ilpc__tcp_init_active(ilpc_tcp *c, uint32_t iss);
void ilpc__tcp_init_passive(ilpc_tcp *c, const ilpc_seg *syn, uint32_t iss);
void ilpc__tcp_compute_snd_mss(ilpc_tcp *c);
/* Take the peer's SYN: its sequence number, window and options. */
void ilpc__tcp_take_syn(ilpc_tcp *c, const ilpc_seg *syn);
void ilpc__tcp_set_closed(ilpc_tcp *c, int err);
void ilpc__tcp_enter_time_wait(ilpc_tcp *c);
int ilpc__tcp_reapable(const ilpc_tcp *c);
/* Take the events reported since the last call. */
static inline unsigned ilpc__tcp_take_events(ilpc_tcp *c)
{
    unsigned e = c->events;
    c->events = 0;
    return e;
}

/* ---- ilpc_tcp.c: RTT estimation (RFC 6298) and arming the timers */
void ilpc__tcp_rtt_sample(ilpc_tcp *c, uint64_t r);
/* RFC 6298 timer discipline, or the persist timer when the peer's window
 * is zero and data waits; with SACK the reordering / loss probe timer. */
void ilpc__tcp_arm_timers(ilpc_tcp *c);
/* A hole was retransmitted in recovery: (re)arm the recovery timer. */
void ilpc__tcp_arm_rxt(ilpc_tcp *c);

/* ---- ilpc_tcp.c: loss recovery (NewReno, RFC 6675 with SACK) */
void ilpc__tcp_enter_recovery(ilpc_tcp *c);
/* The retransmissions of this recovery round were lost too: halve again
 * and start a new round from snd_una. */
void ilpc__tcp_new_recovery_round(ilpc_tcp *c);
/* The scoreboard's answers for this connection (ilpc_tcp_sack.h): IsLost,
 * the pipe, the next lost hole at or above max(high_rxt, snd_una). */
int ilpc__tcp_is_lost(const ilpc_tcp *c, uint32_t seq);
uint32_t ilpc__tcp_pipe(const ilpc_tcp *c);
int ilpc__tcp_next_lost(const ilpc_tcp *c, uint32_t *seq, uint32_t *len);

/* ---- ilpc_tcp_output.c */
void ilpc__tcp_output(ilpc_tcp *c);
int ilpc__tcp_window_update_due(const ilpc_tcp *c);
/* A bare RST (or RST+ACK) with the given fields along path, on env's
 * transport; flushed at once outside a poll. */
void ilpc__tcp_send_rst(ilpc_tcp_env *env, uint32_t lip, uint16_t lport, uint32_t rip, uint16_t rport,
                        const ilpc_path *path, uint32_t seq, uint32_t ack, int with_ack);
/* RST from this connection's endpoints with sequence number seq (counted). */
void ilpc__tcp_rst(ilpc_tcp *c, uint32_t seq);

/* ---- ilpc_tcp_input.c: returns the events */
unsigned ilpc__tcp_input(ilpc_tcp *c, ilpc_seg *sg);
/* Would c accept sg, which has its 4-tuple but comes from another path?
 * (Every check of input, changing nothing: intact, in the window, an
 * acceptable ACK, no SYN or RST, TCP-AO.) */
int ilpc__tcp_acceptable_on_new_path(ilpc_tcp *c, ilpc_seg *sg);

/* ---- ilpc_tcp_timer.c: the expired timers' work; returns the events,
 * with ILPC_TCP_EV_OUTPUT when the caller must run output next */
unsigned ilpc__tcp_timers(ilpc_tcp *c);
uint64_t ilpc__tcp_deadline(const ilpc_tcp *c);

/* ---- ilpc_tcp_auth.c: TCP-AO on a connection */
int ilpc__ao_key_syn(ilpc_tcp *c);               /* the SYN's send key, from the ISS */
int ilpc__ao_key_other(ilpc_tcp *c, uint32_t irs); /* both ISNs known: the keys of every other segment */
void ilpc__ao_free(ilpc_tcp *c);
int ilpc__ao_verify(ilpc_tcp *c, const ilpc_seg *sg);              /* 1: authentic */
int ilpc__ao_verify_syn(const ilpc_ao_mkt *mkt, const ilpc_seg *sg); /* a SYN at a listener */
void ilpc__ao_rcv_accepted(ilpc_tcp *c, uint32_t seq);
uint32_t ilpc__ao_snd_sne(ilpc_tcp *c, uint32_t seq);
/* Sign a segment built in h (hl bytes, the TCP-AO option at ao_off) with
 * its payload: the MAC goes into the option; then the checksum is computed. */
void ilpc__ao_sign(ilpc_tcp *c, uint8_t *h, size_t hl, size_t ao_off, const uint8_t *p0, size_t n0,
                   const uint8_t *p1, size_t n1);

/* ---- ilpc_tcp_api.c */
int ilpc__tcp_send_status(const ilpc_tcp *c);
/* The connection's part of ilpc_tcp_close: returns 1 if the stack must
 * free it now, 0 if it stays in the table to finish closing. */
int ilpc__tcp_close_begin(ilpc_tcp *c);
/* RST for an abort, if synchronised and not already closed. */
void ilpc__tcp_abort_rst(ilpc_tcp *c);

/* Debugging aid: build with -DILPC_TCP_TRACE to log every segment in and out. */
#ifdef ILPC_TCP_TRACE /* debugging aid: log every segment in and out */
#include <stdio.h>
#define TRACE(c, dir, fl, sq, ak, wn, ln)                                                                     \
    fprintf(stderr, "[%llu] %u->%u %s %s flags=%02x seq=%u ack=%u wnd=%u len=%u rcv_nxt=%u snd_una=%u\n",   \
            (unsigned long long)(ilpc__tcp_now(c) / 1000000u), (unsigned)(c)->lport, (unsigned)(c)->rport, dir,      \
            ilpc_tcp_state_name((c)->state), (unsigned)(fl), (unsigned)(sq), (unsigned)(ak), (unsigned)(wn), \
            (unsigned)(ln), (unsigned)(c)->rcv_nxt, (unsigned)(c)->snd_una)
#else
#define TRACE(c, dir, fl, sq, ak, wn, ln) ((void)0)
#endif

#endif
