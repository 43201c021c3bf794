/* ilpc_stack.h - a user-level TCP/IPv4 stack instance: connection table,
 * demultiplexing, timers and event-loop integration.
 *
 * One stack runs on one transport and one clock.  It is single-threaded:
 * call everything from one thread.  The transport and the clock are owned
 * by the caller and must outlive the stack.
 */
#ifndef ILPC_STACK_H
#define ILPC_STACK_H

#include "ilpc_clock.h"
#include "ilpc_random.h"
#include "ilpc_tcp.h"
#include "ilpc_tcp_ao.h"
#include "ilpc_transport.h"

typedef struct ilpc_stack_config {
    ilpc_tcp_config tcp;    /* defaults for new connections */
    uint64_t isn_seed;      /* seed of the stack's secret, which keys ISNs, ephemeral ports and
                               path challenges (tests: reproducible runs); 0 = a random secret
                               from the OS (ilpc_os_random; the clock only if that fails) */
    uint16_t ephemeral_lo;  /* local port range for connect (default 49152..65535) */
    uint16_t ephemeral_hi;
    size_t max_conns;       /* connections incl. listeners and TIME-WAIT (default 1024) */
} ilpc_stack_config;

void ilpc_stack_config_default(ilpc_stack_config *cfg);

/* cfg may be NULL (defaults), clk may be NULL (real monotonic clock). */
ilpc_stack *ilpc_stack_new(ilpc_transport *t, ilpc_clock *clk, const ilpc_stack_config *cfg);
/* Frees every connection (handles become invalid) without sending anything. */
void ilpc_stack_free(ilpc_stack *s);

ilpc_clock *ilpc_stack_clock(ilpc_stack *s);
uint64_t ilpc_stack_now(ilpc_stack *s);
ilpc_transport *ilpc_stack_transport(ilpc_stack *s);
const ilpc_tcp_stats *ilpc_stack_stats(const ilpc_stack *s);
size_t ilpc_stack_conn_count(const ilpc_stack *s);

/* Event-loop integration: the transport's pollable fd (-1 for mem), the
 * earliest time poll must be called again even without input
 * (ILPC_TIME_NEVER if none), and the poll step itself: receive and process
 * every pending segment, then run expired timers and transmit.  Returns the
 * number of segments received, or a negative transport error. */
int ilpc_stack_fd(ilpc_stack *s);
uint64_t ilpc_stack_next_deadline_ns(ilpc_stack *s);
int ilpc_stack_poll(ilpc_stack *s, uint64_t now_ns);
/* Sleep until input may be pending or min(deadline, next timer): with a
 * virtual clock the clock is moved forward instead of sleeping. */
void ilpc_stack_wait(ilpc_stack *s, uint64_t deadline_ns);

/* With ILPC_TCP_INVARIANTS defined when the runtime is compiled (fuzzing, tests):
 * check the invariants of every connection of the stack and abort with a
 * one-line message on stderr if one does not hold; ilpc_stack_input and
 * ilpc_stack_poll call it before they return.  Without the define it does nothing. */
void ilpc_stack_check(const ilpc_stack *s);

/* Feed one received TCP segment directly (what poll does per segment), with
 * the path it came along (NULL: its pseudo-header source address). */
void ilpc_stack_input(ilpc_stack *s, uint32_t src_ip, uint32_t dst_ip, const uint8_t *seg, size_t len);
void ilpc_stack_input_from(ilpc_stack *s, uint32_t src_ip, uint32_t dst_ip, const ilpc_path *path,
                           const uint8_t *seg, size_t len);

/* The path a connection sends along now (its validated path). */
void ilpc_tcp_get_path(const ilpc_tcp *c, ilpc_path *p);

/* Active open towards remote_ip:remote_port from local_port (0 = an
 * ephemeral port chosen at random, RFC 6056).  Returns ILPC_OK and the
 * connection in SYN-SENT; completion shows up as ESTABLISHED (or an error:
 * ECONNREFUSED, ETIMEDOUT, ECONNRESET).  remote_ip is 0 on the udp transport
 * (whose local_ip is 0: the connection starts on the path to the transport's
 * default peer); elsewhere 0 is invalid. */
int ilpc_tcp_connect(ilpc_stack *s, uint32_t remote_ip, uint16_t remote_port, uint16_t local_port, ilpc_tcp **out);
/* Passive open on local_port (any local address) with an accept backlog
 * (pending + completed connections). */
int ilpc_tcp_listen(ilpc_stack *s, uint16_t local_port, int backlog, ilpc_tcp **out);
/* Take one established connection from a listener: ILPC_OK or ILPC_E_AGAIN. */
int ilpc_tcp_accept(ilpc_tcp *listener, ilpc_tcp **out);
int ilpc_tcp_accept_wait(ilpc_tcp *listener, ilpc_tcp **out, uint64_t timeout_ns);
/* TCP-AO (RFC 5925, RFC 5926's algorithms): every connection opened or
 * accepted after this call signs each segment it sends with a key derived
 * from mkt and both ISNs, and drops without an answer each segment whose MAC
 * is missing or wrong (an unsigned SYN at a listener included).  One master
 * key for the whole stack: any peer must have it.  mkt NULL: off for new
 * connections.  ILPC_OK, ILPC_E_INVAL (a bad key tuple), or ILPC_E_NOTSUP
 * (built without libcrypto). */
int ilpc_stack_set_tcp_ao(ilpc_stack *s, const ilpc_ao_mkt *mkt);

/* Per-connection configuration overrides (before the handshake completes:
 * buffer sizes only take effect on connections not yet created, so use
 * ilpc_stack_set_tcp_config for them). */
void ilpc_stack_set_tcp_config(ilpc_stack *s, const ilpc_tcp_config *cfg);

#endif
