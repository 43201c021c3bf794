/* ft_common.h - what ft-server and ft-client share: options, the network
 * (transport + impairment + user-level TCP stack), the message endpoint that
 * sends and receives FileTransfer Messages through the generated ILP or
 * layered functions, per-message timing, SHA-256, and reporting helpers.
 *
 * Wire format: every Message travels as
 *   E( BE32(L) | XDR(Message) | zero bytes up to a multiple of 8 )
 * with E the selected cipher at the byte offset of the message in its
 * direction of the connection; with an authenticated cipher
 * (chacha20-poly1305, aes-128-gcm) as the record
 *   BE32(L) | C | T      (20 + L bytes)
 * C | T the AEAD of XDR(Message) under the direction's key, associated data
 * BE32(L), nonce 0^32 | BE64(n), n the record's number in its direction.  The
 * keys of a connection come from a pre-shared key and both ends' initial
 * sequence numbers (ilpc_conn_keys); over the kernel's TCP, whose ISNs are
 * not visible, each end first sends 4 random bytes in clear to stand in for
 * its ISN.  The same bytes go over ilpc's user-level TCP (transports udp, shm
 * and tun) and over the Linux kernel's TCP (transport kernel: an ordinary
 * socket).
 */
#ifndef FT_COMMON_H
#define FT_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "FileTransfer_ilp.h"
#include "ilpc_impair.h"
#include "ilpc_stack.h"

enum { FT_ILP = 0, FT_LAYERED = 1, FT_AUTO = 2 };

/* "ilp", "layered" or "auto" */
const char *ft_mode_name(int mode);

/* shm: the TCP port of the server (the addresses are the transport's fixed
 * ILPC_SHM_IP_LISTEN and ILPC_SHM_IP_CONNECT). */
#define FT_SHM_PORT 7000
/* Default TCP buffers: udp/tun, and shm (memory speed: room for big windows). */
#define FT_TX_BUF (1024 * 1024)
#define FT_RX_BUF (1024 * 1024)
#define FT_SHM_BUF (4 * 1024 * 1024)

/* The largest message on the wire, whatever the cipher: a record of the largest
 * XDR (20 + L bytes) is longer than BE32(L) | XDR | padding to 8. */
#define FT_MAX_MSG ((size_t)FileTransfer_Message_MAX_SIZE + ILPC_AEAD_OVERHEAD)
/* The pre-shared key of the authenticated ciphers: 16..64 bytes (32 advised). */
#define FT_PSK_MIN 16
#define FT_PSK_MAX 64

/* Exit statuses of both programs. */
enum { FT_EXIT_OK = 0, FT_EXIT_FAIL = 1, FT_EXIT_USAGE = 2, FT_EXIT_REFUSED = 3 };

/* Options both programs take. */
typedef struct ft_opts {
    const char *transport; /* "udp", "tun", "shm" (user-level TCP) or "kernel" (a kernel socket) */
    const char *hostport;  /* --listen (server) or --server (client); shm: the NAME */
    const char *bind;      /* udp: local HOST:PORT of the client (default 0.0.0.0:0) */
    uint16_t tcp_port;     /* udp: the server's TCP port, 0 = the port of hostport */
    const char *tun_dev;   /* tun: device name (default tun0) */
    const char *local_ip;  /* tun client: this stack's address on the link */
    const char *impair;    /* impairment spec for the incoming direction, or NULL */
    ilpc_cipher_id cipher;
    const char *key;       /* --key HEX (visible in ps: for tests), NULL = none */
    const char *key_file;  /* --key-file PATH: the key in hex, from a file */
    /* The key, decoded by ft_opts_check from --key-file, --key or (the
     * authenticated ciphers only) the environment variable ILPC_PSK: the
     * cipher's key, or an AEAD's pre-shared key; keylen 0 = the cipher's
     * all-zero default key (not for the AEADs, which need a PSK). */
    uint8_t keybytes[FT_PSK_MAX];
    size_t keylen;
    int tcp_ao;            /* FT_AO_AUTO (on when there is a pre-shared key), FT_AO_ON, FT_AO_OFF */
    ilpc_ao_alg ao_alg;    /* the TCP-AO algorithm (--tcp-ao-alg) */
    int ao_in_use;         /* decided by ft_opts_check: the user-level TCP signs every segment */
    int mode;              /* FT_ILP, FT_LAYERED or FT_AUTO */
    int rx_hook;           /* 1: whole-message segments are taken by the receive hook */
    double timeout_s;
    size_t tx_buf, rx_buf; /* TCP send ring and receive buffer (0: the transport's default) */
    size_t shm_seg;        /* shm: the largest TCP segment (0: the transport's default) */
    size_t ktx_buf, krx_buf; /* kernel: the program's send batch and receive buffer */
    int verbose;
} ft_opts;

enum { FT_AO_AUTO = 0, FT_AO_ON, FT_AO_OFF };

void ft_opts_default(ft_opts *o);
/* Try one shared option: name (e.g. "--cipher") and its value.  Returns 1 if
 * taken, 0 if unknown, -1 (after a message on stderr) if the value is bad. */
int ft_opts_take(ft_opts *o, const char *prog, const char *name, const char *value);
/* Help text of the shared options. */
extern const char ft_opts_help[];
/* Check the combination after parsing and load the key (o->keybytes); -1
 * after a message on stderr. */
int ft_opts_check(ft_opts *o, const char *prog, int server);
/* Zero the key material held in o. */
void ft_opts_wipe(ft_opts *o);

/* ---- network */
/* One of the two: the user-level TCP (s != NULL: transport, impairment,
 * stack), or the kernel's TCP (kernel = 1: fd is the listening socket of the
 * server, -1 for the client until ft_kernel_connect). */
typedef struct ft_net {
    int kernel;
    int fd;
    ilpc_transport *t;  /* udp, tun or shm */
    ilpc_transport *ti; /* impairment wrapper around t, or NULL */
    ilpc_stack *s;
    uint32_t ip;        /* server: the address to listen on; client: the server's */
    uint16_t port;      /* server: the UDP and TCP port; client: the server's (for udp, the
                           outer UDP port) */
    uint16_t tcp_port;  /* the server's TCP port (udp: --tcp-port, default port) */
    uint16_t local_port;/* udp: the UDP port bound */
} ft_net;

/* Open transport, impairment and stack.  Prints what went wrong and returns
 * -1 on failure. */
int ft_net_open(ft_net *n, const ft_opts *o, const char *prog, int server);
void ft_net_close(ft_net *n);
/* Kernel transport, client: a non-blocking TCP connection to n->ip:n->port
 * within timeout_s; the socket, or -1 after a message on stderr. */
int ft_kernel_connect(const ft_net *n, double timeout_s, const char *prog);
/* Wait for input or the next timer (at most until deadline, and 100 ms), then
 * process everything pending. */
void ft_drive(ilpc_stack *s, uint64_t deadline_ns);

/* ---- timing */
uint64_t ft_now_ns(void);

typedef struct ft_times {
    uint32_t *ns; /* one sample per message, nanoseconds */
    size_t n, cap;
    uint64_t total_ns; /* sum of all samples */
} ft_times;
void ft_times_add(ft_times *t, uint64_t ns);
double ft_times_median_us(const ft_times *t); /* 0 when empty */
double ft_times_mean_us(const ft_times *t);
void ft_times_free(ft_times *t);
/* User and system CPU seconds of this process so far (getrusage). */
void ft_cpu_times(double *user_s, double *sys_s);

/* ---- a message endpoint on one connection */
typedef struct ft_conn ft_conn;
/* Called for every received Message, in stream order.  The message is freed
 * after the call.  Runs inside ilpc_stack_poll when the receive hook took the
 * message, so it must not call into the stack. */
typedef void (*ft_deliver_fn)(ft_conn *fc, FileTransfer_Message *m);

struct ft_conn {
    ilpc_tcp *tcp;            /* the user-level TCP connection, or NULL */
    int fd;                   /* the kernel TCP socket (non-blocking), or -1 */
    ilpc_cipher tx, rx;       /* the cipher of each direction: the same key both ways for the
                                 unauthenticated ciphers; for an AEAD the direction's key and
                                 its record counter (tx.u.ae.seq, rx.u.ae.seq) */
    int keyed;                /* tx and rx hold their keys (kernel + AEAD: once the peer's
                                 stand-in ISN has arrived) */
    int server;               /* this end's role: the server sends with the s2c key */
    const ft_opts *o;         /* the options (the PSK, for keys derived late) */
    uint32_t my_isn;          /* kernel + AEAD: the random stand-in for this end's ISN */
    int mode;
    uint64_t tx_off, rx_off;  /* stream offsets of the next message each way (cipher) */
    ilpc_scratch tx_scratch;  /* layered send buffer */
    ilpc_scratch rx_scratch;  /* layered receive buffer (hook path) */
    uint8_t *rbuf;            /* layered stream path: the message read from the stream */
    size_t rbuf_cap;
    size_t rx_need;           /* stream path: bytes the next message needs (0 = unknown) */
    ft_deliver_fn deliver;
    void *user;
    int err;                  /* first receive error (ILPC_E_* code), sticky */
    uint64_t msgs_out, msg_bytes_out, msgs_in, msg_bytes_in;
    uint64_t rx_hook_msgs, rx_stream_msgs;
    ft_times tx_t, rx_t;      /* per-message processing times */
    /* kernel socket: whole messages are written into kout and handed to the
     * kernel in large batches; kin holds what was read, messages may straddle
     * reads (a linear buffer, compacted when the tail runs short) */
    uint8_t *kout, *kin;
    size_t kout_cap, kout_off, kout_len; /* bytes [kout_off, kout_len) not yet written */
    size_t kin_cap, kin_off, kin_len;    /* bytes [kin_off, kin_len) not yet decoded */
    int k_shut;               /* shutdown asked for: SHUT_WR once kout is written */
    int k_wr_done;            /* SHUT_WR done */
    int k_eof;                /* the peer closed its side */
    int k_errno;              /* a failed system call (sticky) */
    uint32_t ksum;            /* the fused send's checksum of a message: unused */
    uint64_t k_writes, k_reads, k_bytes_out, k_bytes_in;
};

/* A failed system call on a kernel socket (the errno is in fc->k_errno); the
 * peer closed before its stand-in ISN arrived (kernel + AEAD); the key
 * derivation failed. */
enum { FT_E_SYS = -90, FT_E_HELLO = -91, FT_E_KEYS = -92 };

/* Over an established user-level TCP connection; server: this end accepted it.
 * For an AEAD the keys come from o's PSK and the connection's ISNs.  0, or -1
 * after a message on stderr (fc is then finished: no ft_conn_fini needed). */
int ft_conn_init(ft_conn *fc, ilpc_tcp *tcp, const ft_opts *o, int server, ft_deliver_fn deliver, void *user);
/* Over a connected kernel TCP socket (made non-blocking here); for an AEAD this
 * end's random stand-in ISN is queued as the first 4 bytes, and the keys are
 * derived when the peer's arrives (until then ft_send says ILPC_E_AGAIN).  0, or
 * -1 after a message on stderr (fc is finished; the socket is not closed). */
int ft_conn_init_kernel(ft_conn *fc, int fd, const ft_opts *o, int server, ft_deliver_fn deliver, void *user);
void ft_conn_fini(ft_conn *fc); /* frees the ciphers and buffers; does not close the connection */
/* Send one Message: ILPC_OK, ILPC_E_AGAIN (no room in the send ring or batch
 * yet: wait and retry), a TCP error, FT_E_SYS, or an ILPC_E_* code of the
 * send path.  On a kernel socket the message joins the batch: ft_conn_flush
 * hands it to the kernel. */
int ft_send(ft_conn *fc, const FileTransfer_Message *m);
/* Process every whole message buffered in the TCP stream (kernel: read what
 * the socket has first).  Returns ILPC_OK or the (sticky) receive error. */
int ft_recv_stream(ft_conn *fc);
/* Kernel: write as much of the batch as the socket takes now, then SHUT_WR if
 * asked for and everything is written.  ILPC_OK or FT_E_SYS; user-level TCP:
 * nothing to do. */
int ft_conn_flush(ft_conn *fc);
/* Close our direction once everything queued is sent. */
void ft_conn_shutdown(ft_conn *fc);
/* The connection's error (TCP code or FT_E_SYS), 0 if none. */
int ft_conn_error(const ft_conn *fc);
/* The peer closed its direction and every whole message it sent has been
 * decoded (bytes of a message cut short may remain: call after ft_recv_stream). */
int ft_conn_rx_eof(const ft_conn *fc);
/* Both directions are closed (user-level TCP: TIME-WAIT or CLOSED). */
int ft_conn_closed(const ft_conn *fc);
/* A number that changes whenever the connection makes progress. */
uint64_t ft_conn_progress(const ft_conn *fc);
/* Kernel: the poll(2) events to wait for. */
short ft_conn_events(const ft_conn *fc);
/* Text for a code of this connection (FT_E_SYS: its errno). */
const char *ft_conn_strerror(const ft_conn *fc, int code);
/* Text for any code (codec, ILP or TCP). */
const char *ft_strerror(int code);
/* Wait for fc's socket (kernel) or the stack (user-level TCP) until deadline
 * (ft_now_ns / ilpc_stack_now time, the same clock), at most 100 ms, and
 * process what arrived. */
void ft_wait(ft_net *n, ft_conn *fc, uint64_t deadline_ns);
/* The time base of deadlines: ilpc_stack_now or ft_now_ns. */
uint64_t ft_net_now(ft_net *n);

/* ---- SHA-256 (FIPS 180-4): libcrypto's when the programs are built with it
 * (ILPC_HAVE_LIBCRYPTO: its SHA extensions or vector code, several times the
 * speed of the hand-written one), else the hand-written one in ft_common.c.
 * ft_sha256_final releases what init took, and so does ft_sha256_discard, for a
 * context that will not be finalised (it does nothing to a finalised one). */
typedef struct ft_sha256 {
    void *md;       /* libcrypto's EVP_MD_CTX, or NULL: the fields below */
    uint32_t h[8];
    uint64_t len;
    uint8_t buf[64];
    size_t nbuf;
} ft_sha256;
void ft_sha256_init(ft_sha256 *c);
void ft_sha256_update(ft_sha256 *c, const void *data, size_t n);
void ft_sha256_final(ft_sha256 *c, uint8_t out[32]);
void ft_sha256_discard(ft_sha256 *c);
void ft_hex(const uint8_t *p, size_t n, char *out); /* out: 2n+1 bytes */

/* ---- reporting */
void ft_print_tcp_stats(FILE *f, const char *prefix, const ilpc_tcp_stats *st);
/* Kernel socket: system calls, bytes, and the kernel TCP's retransmissions. */
void ft_print_kernel_stats(FILE *f, const char *prefix, const ft_conn *fc);
/* The kernel TCP's retransmitted segments on fc's socket (TCP_INFO), 0 if unknown. */
unsigned long long ft_kernel_retrans(const ft_conn *fc);

#endif
