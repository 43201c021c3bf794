/* ilpc_tcp.h - one user-level TCP connection: the application and ILP API.
 *
 * Connections are created by ilpc_tcp_connect / ilpc_tcp_listen /
 * ilpc_tcp_accept (ilpc_stack.h) and driven by ilpc_stack_poll.  Nothing here
 * blocks except the ilpc_tcp_wait_* helpers.  All functions returning int or
 * ptrdiff_t use negative ILPC_E_* codes for errors (ilpc_error.h).
 */
#ifndef ILPC_TCP_H
#define ILPC_TCP_H

#include <stddef.h>
#include <stdint.h>

/* ---- error codes: ILPC_OK and the ILPC_E_* codes (the connections' from
 * -101 on) and ilpc_strerror are ilpc_error.h's, one family for the whole
 * runtime. */
#include "ilpc_error.h"

typedef struct ilpc_stack ilpc_stack;
typedef struct ilpc_tcp ilpc_tcp;

typedef enum ilpc_tcp_state {
    ILPC_TCP_CLOSED = 0,
    ILPC_TCP_LISTEN,
    ILPC_TCP_SYN_SENT,
    ILPC_TCP_SYN_RECEIVED,
    ILPC_TCP_ESTABLISHED,
    ILPC_TCP_FIN_WAIT_1,
    ILPC_TCP_FIN_WAIT_2,
    ILPC_TCP_CLOSE_WAIT,
    ILPC_TCP_CLOSING,
    ILPC_TCP_LAST_ACK,
    ILPC_TCP_TIME_WAIT
} ilpc_tcp_state;

const char *ilpc_tcp_state_name(ilpc_tcp_state s);

/* Per-connection parameters (a stack holds the defaults for new ones). */
typedef struct ilpc_tcp_config {
    size_t tx_buf;           /* send ring capacity, bytes (default 256 KiB; may be many MiB) */
    size_t rx_buf;           /* receive stream buffer, bytes (default 256 KiB; above 65535 needs
                                window scaling to be advertised in full) */
    uint64_t rto_init_ns;    /* RTO before the first RTT sample (default 1 s) */
    uint64_t rto_min_ns;     /* lower bound (default 200 ms) */
    uint64_t rto_max_ns;     /* upper bound, also caps persist backoff (default 60 s) */
    unsigned max_retries;    /* consecutive RTO expiries before ETIMEDOUT (default 8) */
    uint64_t time_wait_ns;   /* TIME-WAIT duration (default 1 s; RFC says 2*MSL) */
    uint64_t fin_wait2_ns;   /* FIN-WAIT-2 limit once the application closed (default 60 s) */
    uint64_t ack_delay_ns;   /* delayed ACK: at least every second data segment is acknowledged at
                                once, a lone one after this delay, at most rto_min_ns / 2
                                (default 40 ms; 0 = every data segment at once) */
    unsigned ooo_ranges;     /* out-of-order byte ranges kept (default 32; 0 = drop out-of-order data) */
    int congestion_control;  /* 1: slow start/congestion avoidance/fast recovery (default), 0: window only */
    int window_scaling;      /* RFC 7323 window scale option offered/accepted (default 1) */
    int timestamps;          /* RFC 7323 timestamps (RTTM, PAWS) offered/accepted (default 1) */
    int sack;                /* RFC 2018 SACK offered/accepted, RFC 6675 recovery (default 1) */
} ilpc_tcp_config;

void ilpc_tcp_config_default(ilpc_tcp_config *cfg);

/* Counters, kept per connection and summed per stack. */
typedef struct ilpc_tcp_stats {
    uint64_t seg_in;            /* segments delivered to a connection or listener */
    uint64_t seg_out;           /* segments sent (incl. RST to closed ports) */
    uint64_t bytes_in;          /* payload bytes accepted in order */
    uint64_t bytes_out;         /* payload bytes sent (incl. retransmissions) */
    uint64_t retransmits;       /* segments carrying retransmitted sequence space */
    uint64_t rto_expiries;
    uint64_t fast_retransmits;
    uint64_t persist_probes;
    uint64_t bad_csum;          /* dropped for a bad checksum (incl. rx hook DROP) */
    uint64_t malformed;         /* dropped: bad header / options */
    uint64_t dropped;           /* other drops: unacceptable, no connection, backlog full, ... */
    uint64_t ooo_queued;        /* segments stored out of order */
    uint64_t ooo_dropped;       /* out-of-order segments not kept (no range slot) */
    uint64_t dup_acks;
    uint64_t challenge_acks;
    uint64_t rst_in;            /* RSTs that reset a connection */
    uint64_t rst_out;
    uint64_t rx_fused_consumed; /* rx hook verdicts */
    uint64_t rx_fused_declined;
    uint64_t rx_fused_dropped;
    uint64_t tx_sum_stored;     /* data segments whose payload sum came from seg_sums */
    uint64_t tx_sum_ring;       /* data segments whose payload was summed from the ring */
    uint64_t tx_sum_fallback;   /* ... of which the message had valid seg_sums, but the
                                   segment boundaries differed (partial ACK, probe, window) */
    uint64_t sack_blocks_in;    /* valid SACK blocks received */
    uint64_t sack_blocks_out;   /* SACK blocks sent */
    uint64_t sack_recoveries;   /* RFC 6675 loss recovery episodes */
    uint64_t sack_rexmits;      /* segments retransmitted from the scoreboard (holes, rescue) */
    uint64_t sack_skipped;      /* bytes not resent after an RTO because they were SACKed */
    uint64_t sack_lost_rxt;     /* recovery rounds restarted: a retransmission was lost too */
    uint64_t tlp_probes;        /* tail loss probes (RFC 8985 7) */
    uint64_t sack_reneged;      /* scoreboard cleared: the receiver dropped SACKed data */
    uint64_t paws_dropped;      /* segments dropped by PAWS (old timestamp) */
    uint64_t ts_rtt_samples;    /* RTT samples taken from echoed timestamps */
    uint64_t delayed_acks;      /* data segments whose ACK was deferred */
    uint64_t delack_timeouts;   /* ACKs sent because the delayed-ACK timer expired */
    uint64_t challenge_acks_limited; /* challenge ACKs not sent: over RFC 5961 7's rate */
    uint64_t new_path_dropped;  /* segments from another path that no connection accepted */
    uint64_t new_path_accepted; /* ... that one accepted (it then validated the path) */
    uint64_t path_challenges;   /* path challenges sent */
    uint64_t path_responses;    /* path challenges answered */
    uint64_t path_changes;      /* validated paths moved to */
    uint64_t path_abandoned;    /* candidate paths given up (no valid response) */
    uint64_t ao_bad;            /* segments dropped by TCP-AO: MAC missing or wrong */
} ilpc_tcp_stats;

/* Options negotiated on a connection (valid once synchronised). */
typedef struct ilpc_tcp_options {
    int wscale;                 /* window scaling in use */
    unsigned snd_wscale;        /* shift applied to the peer's window field */
    unsigned rcv_wscale;        /* shift applied to ours */
    int timestamps;             /* timestamps in use */
    int sack;                   /* SACK permitted both ways */
    size_t mss;                 /* negotiated send MSS (before options) */
    size_t peer_mss;            /* the peer's MSS option (536 if absent, 65535 = its link limit) */
    size_t seg_payload;         /* payload bytes per segment (what ilpc_tcp_seg_payload says once established) */
    int tcp_ao;                 /* every segment signed and checked with TCP-AO (RFC 5925) */
} ilpc_tcp_options;
void ilpc_tcp_get_options(const ilpc_tcp *c, ilpc_tcp_options *o);

/* ---- state and errors */
ilpc_tcp_state ilpc_tcp_get_state(const ilpc_tcp *c);
/* Sticky error of the connection (0, ILPC_E_CONNRESET, ILPC_E_CONNREFUSED, ILPC_E_TIMEDOUT,
 * ILPC_E_IO when its transport failed). */
int ilpc_tcp_error(const ilpc_tcp *c);
const ilpc_tcp_stats *ilpc_tcp_get_stats(const ilpc_tcp *c);
/* Payload bytes per segment used by tx_reserve: the send MSS rounded down
 * to a multiple of 8 (0 before the connection is synchronised). */
size_t ilpc_tcp_seg_payload(const ilpc_tcp *c);
size_t ilpc_tcp_mss(const ilpc_tcp *c);
void ilpc_tcp_endpoints(const ilpc_tcp *c, uint32_t *local_ip, uint16_t *local_port,
                        uint32_t *remote_ip, uint16_t *remote_port);
/* The initial sequence numbers of the connection: this end's (*iss) and the
 * peer's (*irs); either pointer may be NULL.  ILPC_OK once both are known (the
 * peer's SYN was received: SYN-RECEIVED, ESTABLISHED and later), else
 * ILPC_E_NOTCONN (a listener, SYN-SENT).  They key a connection's ciphers
 * (ilpc_conn_keys in ilpc_evp.h). */
int ilpc_tcp_isns(const ilpc_tcp *c, uint32_t *iss, uint32_t *irs);

/* ---- sending, ILP style.
 * A message is reserved as a region of the send ring (up to two spans when
 * it wraps), written in place by the caller (marshal + encrypt + checksum in
 * one pass), then committed.  A committed message starts a new segment and
 * is cut into segments of seg_payload bytes (the last one may be shorter);
 * it is never coalesced with its neighbours (ALF). */
typedef struct ilpc_tx_slot {
    uint8_t *p[2];        /* where the message bytes go: span 0, then span 1 (wrap) */
    size_t n[2];
    size_t seg_payload;   /* payload bytes per segment, multiple of 8, <= MSS */
    uint32_t *seg_sums;   /* nsegs entries owned by the connection: the caller
                             stores the folded 16-bit one's-complement sum
                             (ilpc_csum_fold) of the payload of segment i */
    size_t nsegs;
    size_t len;           /* the reserved message length */
} ilpc_tx_slot;

/* ILPC_OK, ILPC_E_AGAIN if the ring lacks room for the whole message or the
 * connection is not yet established (nothing changes), ILPC_E_MSGSIZE if the
 * message can never fit, ILPC_E_CLOSED after shutdown/close, or the
 * connection's error.  Only one reservation may be outstanding. */
int ilpc_tcp_tx_reserve(ilpc_tcp *c, size_t msg_len, ilpc_tx_slot *slot);
/* Queue the reserved message and try to transmit.  sums_valid != 0: the
 * checksum of every segment is built from seg_sums and the headers, the
 * payload is never re-read for it (unless a retransmission needs other
 * boundaries).  sums_valid == 0: the payload is summed from the ring at
 * transmission time (layered baseline). */
int ilpc_tcp_tx_commit(ilpc_tcp *c, ilpc_tx_slot *slot, int sums_valid);
/* Give a reservation back unused. */
void ilpc_tcp_tx_cancel(ilpc_tcp *c, ilpc_tx_slot *slot);
/* Layered: reserve + memcpy + commit(sums_valid = 0).  All or nothing. */
int ilpc_tcp_tx_copy(ilpc_tcp *c, const uint8_t *msg, size_t len);
/* Byte-stream send: queues as much as fits (as one message), returns the
 * number of bytes queued (> 0), or ILPC_E_AGAIN / an error. */
ptrdiff_t ilpc_tcp_send(ilpc_tcp *c, const void *buf, size_t len);
size_t ilpc_tcp_tx_space(const ilpc_tcp *c);   /* free bytes in the send ring */
size_t ilpc_tcp_tx_pending(const ilpc_tcp *c); /* unacknowledged + unsent bytes */

/* ---- receiving.
 * The fused receive hook: called for an acceptable in-order data segment
 * (seq == RCV.NXT, payload fits the window, ACK acceptable, no SYN/RST) when
 * the receive buffer is empty, BEFORE TCP has verified the checksum.
 * hdr_sum is the unfolded one's-complement accumulator (as produced by
 * ilpc_csum_add_bytes) over the pseudo-header and the TCP header with the
 * checksum field as received; the segment is intact iff
 * ilpc_csum_fold(ilpc_csum_add_bytes(hdr_sum, payload, len)) == 0xffff.
 *   CONSUMED: the hook verified the checksum and took the bytes; TCP
 *             acknowledges them without buffering.
 *   DROP:     bad checksum; the segment is discarded (counted in bad_csum).
 *   DECLINE:  TCP verifies the checksum and buffers the payload as usual. */
typedef enum { ILPC_RX_CONSUMED, ILPC_RX_DROP, ILPC_RX_DECLINE } ilpc_rx_verdict;
typedef ilpc_rx_verdict (*ilpc_rx_hook)(void *ctx, const uint8_t *payload, size_t len, uint64_t hdr_sum);
void ilpc_tcp_set_rx_hook(ilpc_tcp *c, ilpc_rx_hook hook, void *ctx);

/* Zero-copy view of the buffered in-order bytes: up to two spans, returns
 * the total (0 when empty). */
size_t ilpc_tcp_rx_peek(ilpc_tcp *c, const uint8_t *p[2], size_t n[2]);
/* Release n bytes seen by rx_peek (may open the window). */
void ilpc_tcp_rx_consume(ilpc_tcp *c, size_t n);
/* Copy out up to len bytes: > 0 bytes read, 0 at end of stream (FIN
 * received and everything read), ILPC_E_AGAIN, or the connection's error. */
ptrdiff_t ilpc_tcp_recv(ilpc_tcp *c, void *buf, size_t len);
size_t ilpc_tcp_rx_available(const ilpc_tcp *c);
/* 1 once the peer's FIN has been received (bytes may still be buffered). */
int ilpc_tcp_rx_fin(const ilpc_tcp *c);

/* ---- closing.
 * shutdown: no more sends; FIN goes after the queued data (half-close).
 * close:    shutdown and hand the connection to the stack, which completes
 *           the close (FIN exchange, TIME-WAIT) and frees it.  If unread data
 *           is pending, or data arrives later, it is aborted with RST instead.
 *           The handle is invalid afterwards.
 * abort:    send RST (if synchronised) and free now; the handle is invalid. */
int ilpc_tcp_shutdown(ilpc_tcp *c);
void ilpc_tcp_close(ilpc_tcp *c);
void ilpc_tcp_abort(ilpc_tcp *c);

/* ---- blocking helpers (drive the connection's stack with ilpc_stack_wait
 * and ilpc_stack_poll until the condition holds).  timeout_ns is relative;
 * ILPC_TIME_NEVER waits forever.  They return ILPC_OK, ILPC_E_TIMEDOUT when
 * the wait timed out, or the connection's error. */
int ilpc_tcp_wait_established(ilpc_tcp *c, uint64_t timeout_ns);
int ilpc_tcp_wait_readable(ilpc_tcp *c, uint64_t timeout_ns);  /* data, FIN or error */
int ilpc_tcp_wait_writable(ilpc_tcp *c, size_t need, uint64_t timeout_ns);
int ilpc_tcp_wait_sent(ilpc_tcp *c, uint64_t timeout_ns);      /* everything queued acknowledged */
int ilpc_tcp_wait_closed(ilpc_tcp *c, uint64_t timeout_ns);    /* TIME-WAIT or CLOSED */
/* Blocking conveniences: send the whole buffer / read exactly len bytes. */
int ilpc_tcp_send_all(ilpc_tcp *c, const void *buf, size_t len, uint64_t timeout_ns);
int ilpc_tcp_recv_exact(ilpc_tcp *c, void *buf, size_t len, uint64_t timeout_ns);

#endif
