/* ft_common.c - see ft_common.h. */
#define _DEFAULT_SOURCE /* struct tcp_info */
#define _POSIX_C_SOURCE 200809L

#include "ft_common.h"
#include "ilpc_evp.h"

#if ILPC_HAVE_LIBCRYPTO
#include <openssl/evp.h>
#endif

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ options */

void ft_opts_default(ft_opts *o)
{
    memset(o, 0, sizeof *o);
    o->transport = "udp";
    o->tun_dev = "tun0";
    o->cipher = ILPC_CIPHER_NONE;
    o->mode = FT_ILP;
    o->rx_hook = 1;
    o->timeout_s = 60;
    /* The largest Message is FileTransfer_Message_MAX_SIZE + 4 rounded up to 8
     * (65592 bytes): the send ring must hold it whole, and so must the receive
     * buffer, where a message that spans several segments is reassembled before
     * it is decrypted and unmarshalled.  (The advertised window stays <= 65535.) */
    o->tx_buf = o->rx_buf = 0; /* FT_TX_BUF / FT_RX_BUF, FT_SHM_BUF with shm */
    /* The kernel transport's batch and receive buffer: a write(2) or read(2)
     * of up to 1 MiB at a time (the socket buffers are left to autotuning). */
    o->ktx_buf = 1024 * 1024;
    o->krx_buf = 1024 * 1024;
}

static size_t tx_buf_of(const ft_opts *o)
{
    return o->tx_buf ? o->tx_buf : !strcmp(o->transport, "shm") ? FT_SHM_BUF : FT_TX_BUF;
}

static size_t rx_buf_of(const ft_opts *o)
{
    return o->rx_buf ? o->rx_buf : !strcmp(o->transport, "shm") ? FT_SHM_BUF : FT_RX_BUF;
}

const char *ft_mode_name(int mode)
{
    return mode == FT_ILP ? "ilp" : mode == FT_AUTO ? "auto" : "layered";
}

const char ft_opts_help[] =
    "  --transport udp|shm|tun|kernel  udp (default): ilpc's user-level TCP, one segment per UDP\n"
    "                         datagram; shm: the user-level TCP over shared memory between two\n"
    "                         processes on this host (then --listen/--server take a NAME: letters,\n"
    "                         digits, '-', '_', '.'); tun: the user-level TCP as IPv4 on a TUN\n"
    "                         device; kernel: the Linux kernel's TCP (an ordinary socket), the same\n"
    "                         messages\n"
    "  --cipher C             none (default), xor, safer-simple, safer-k64, chacha20, and the\n"
    "                         authenticated chacha20-poly1305 and aes-128-gcm (records with a tag;\n"
    "                         keys per connection and direction from a pre-shared key)\n"
    "  --key-file PATH        the key in hex (one line; for chacha20-poly1305 and aes-128-gcm the\n"
    "                         pre-shared key, 16..64 bytes, e.g. `openssl rand -hex 32`); without\n"
    "                         it the authenticated ciphers read the environment variable ILPC_PSK\n"
    "  --key HEX              the same on the command line, for tests: visible to every user (ps);\n"
    "                         the other ciphers default to the all-zero key (docs/ciphers.md); with\n"
    "                         --cipher none a pre-shared key (16..64 bytes, or ILPC_PSK) turns on\n"
    "                         TCP-AO alone: every segment authenticated, nothing encrypted\n"
    "  --tcp-ao on|off        sign every TCP segment with TCP-AO (RFC 5925), with a master key\n"
    "                         derived from the pre-shared key (default: on when there is one, i.e.\n"
    "                         with chacha20-poly1305, aes-128-gcm, or none and a key; the user-level\n"
    "                         TCP only: the kernel transport uses the kernel's TCP as it is)\n"
    "  --tcp-ao-alg hmac-sha1|aes-cmac  its MAC (RFC 5926; default hmac-sha1)\n"
    "  --mode ilp|layered|auto  ilp (default): fused marshal+encrypt+checksum into the send ring and\n"
    "                         fused verify+decrypt+unmarshal on receive; layered: the same work as\n"
    "                         separate loops through a buffer (the baseline); auto: the path ilpc's\n"
    "                         cost model chose for the cipher and message length (T_send/T_recv)\n"
    "  --no-rx-hook           never take messages straight from a segment: always let TCP buffer\n"
    "                         the stream, then decrypt and unmarshal from it\n"
    "  --impair SPEC          damage incoming segments, e.g. loss=0.05,dup=0.01,reorder=0.02,\n"
    "                         corrupt=0.01,delay=0.01,seed=7 (also latency_ms, delay_ms, reorder_ms)\n"
    "  --tcp-port PORT        udp: the server's TCP port, when --server names a relay or NAT that\n"
    "                         forwards to a different UDP port (default: the port of --server;\n"
    "                         the server listens on the port of --listen unless given)\n"
    "  --tun-dev NAME         tun: the configured TUN device (default tun0)\n"
    "  --timeout SECONDS      give up after this long (client: the whole transfer; server: a\n"
    "                         connection without progress); default 60\n"
    "  --tx-buf BYTES         TCP send ring (default 1048576, shm 4194304; must hold the largest\n"
    "                         message); kernel: the batch of messages per write (default 1048576)\n"
    "  --rx-buf BYTES         TCP receive buffer (default 1048576, shm 4194304; must hold the largest\n"
    "                         message); kernel: the buffer each read fills (default 1048576)\n"
    "  --shm-seg BYTES        shm: the largest TCP segment this end sends, 64..1048576 (default\n"
    "                         262144: a 64 KiB reply travels in one segment, read in place)\n"
    "  -v, --verbose          more output\n";

static int parse_size(const char *v, size_t *out)
{
    char *end;
    unsigned long long x;
    if (!v || !*v)
        return -1;
    x = strtoull(v, &end, 10);
    if (*end || x == 0 || x > (1ull << 30))
        return -1;
    *out = (size_t)x;
    return 0;
}

int ft_opts_take(ft_opts *o, const char *prog, const char *name, const char *value)
{
    if (!strcmp(name, "--transport")) {
        if (strcmp(value, "udp") && strcmp(value, "shm") && strcmp(value, "tun") && strcmp(value, "kernel")) {
            fprintf(stderr, "%s: --transport must be udp, shm, tun or kernel, not '%s'\n", prog, value);
            return -1;
        }
        o->transport = value;
    } else if (!strcmp(name, "--cipher")) {
        if (ilpc_cipher_parse_name(value, &o->cipher) != 0) {
            fprintf(stderr,
                    "%s: unknown cipher '%s' (none, xor, safer-simple, safer-k64, chacha20, "
                    "chacha20-poly1305, aes-128-gcm)\n",
                    prog, value);
            return -1;
        }
    } else if (!strcmp(name, "--key")) {
        o->key = value;
    } else if (!strcmp(name, "--key-file")) {
        o->key_file = value;
    } else if (!strcmp(name, "--tcp-ao")) {
        if (!strcmp(value, "on"))
            o->tcp_ao = FT_AO_ON;
        else if (!strcmp(value, "off"))
            o->tcp_ao = FT_AO_OFF;
        else {
            fprintf(stderr, "%s: --tcp-ao must be on or off, not '%s'\n", prog, value);
            return -1;
        }
    } else if (!strcmp(name, "--tcp-ao-alg")) {
        if (!strcmp(value, "hmac-sha1"))
            o->ao_alg = ILPC_AO_HMAC_SHA1_96;
        else if (!strcmp(value, "aes-cmac"))
            o->ao_alg = ILPC_AO_AES128_CMAC_96;
        else {
            fprintf(stderr, "%s: --tcp-ao-alg must be hmac-sha1 or aes-cmac, not '%s'\n", prog, value);
            return -1;
        }
    } else if (!strcmp(name, "--mode")) {
        if (!strcmp(value, "ilp"))
            o->mode = FT_ILP;
        else if (!strcmp(value, "layered"))
            o->mode = FT_LAYERED;
        else if (!strcmp(value, "auto"))
            o->mode = FT_AUTO;
        else {
            fprintf(stderr, "%s: --mode must be ilp, layered or auto, not '%s'\n", prog, value);
            return -1;
        }
    } else if (!strcmp(name, "--impair")) {
        ilpc_impair_config cfg;
        ilpc_impair_config_default(&cfg);
        if (ilpc_impair_parse(value, &cfg) != 0) {
            fprintf(stderr, "%s: bad --impair spec '%s'\n", prog, value);
            return -1;
        }
        o->impair = value;
    } else if (!strcmp(name, "--tcp-port")) {
        char *end;
        unsigned long p = strtoul(value, &end, 10);
        if (!*value || *end || p == 0 || p > 65535) {
            fprintf(stderr, "%s: bad --tcp-port '%s'\n", prog, value);
            return -1;
        }
        o->tcp_port = (uint16_t)p;
    } else if (!strcmp(name, "--tun-dev")) {
        o->tun_dev = value;
    } else if (!strcmp(name, "--timeout")) {
        char *end;
        o->timeout_s = strtod(value, &end);
        if (*end || !(o->timeout_s > 0) || o->timeout_s > 1e6) {
            fprintf(stderr, "%s: bad --timeout '%s'\n", prog, value);
            return -1;
        }
    } else if (!strcmp(name, "--tx-buf") || !strcmp(name, "--rx-buf")) {
        if (parse_size(value, name[2] == 't' ? &o->tx_buf : &o->rx_buf) != 0) {
            fprintf(stderr, "%s: bad %s '%s'\n", prog, name, value);
            return -1;
        }
        if (name[2] == 't')
            o->ktx_buf = o->tx_buf;
        else
            o->krx_buf = o->rx_buf;
    } else if (!strcmp(name, "--shm-seg")) {
        if (parse_size(value, &o->shm_seg) != 0 || o->shm_seg < 64 || o->shm_seg > ILPC_SHM_SEG_LIMIT) {
            fprintf(stderr, "%s: bad --shm-seg '%s' (64..%u)\n", prog, value, (unsigned)ILPC_SHM_SEG_LIMIT);
            return -1;
        }
    } else {
        return 0;
    }
    return 1;
}

/* Zero n bytes so that the compiler keeps the stores (key material). */
static void wipe(void *p, size_t n)
{
    volatile uint8_t *v = p;
    while (n--)
        *v++ = 0;
}

void ft_opts_wipe(ft_opts *o)
{
    wipe(o->keybytes, sizeof o->keybytes);
    o->keylen = 0;
}

/* The key as hex digits: from --key-file (surrounding white space ignored),
 * --key, or, for an authenticated cipher, $ILPC_PSK; decoded into
 * o->keybytes.  0, or -1 after a message on stderr. */
static int load_key(ft_opts *o, const char *prog)
{
    char text[2 * FT_PSK_MAX + 64];
    const char *hex = o->key, *from = "--key";
    /* a pre-shared key: the AEADs' (which need one), or none's (for TCP-AO alone) */
    int psk = ilpc_cipher_is_aead(o->cipher) || o->cipher == ILPC_CIPHER_NONE;
    int aead = ilpc_cipher_is_aead(o->cipher), rc, exposed = 0;
    o->keylen = 0;
    if (o->key && o->key_file) {
        fprintf(stderr, "%s: give the key once: --key-file or --key, not both\n", prog);
        return -1;
    }
    if (o->key_file) {
        struct stat st;
        size_t n, b = 0;
        FILE *f = fopen(o->key_file, "rb");
        if (!f) {
            fprintf(stderr, "%s: --key-file %s: %s\n", prog, o->key_file, strerror(errno));
            return -1;
        }
        exposed = fstat(fileno(f), &st) == 0 && (st.st_mode & 077);
        n = fread(text, 1, sizeof text - 1, f);
        rc = !feof(f) || ferror(f); /* too long for a key, or unreadable */
        fclose(f);
        while (n > 0 && isspace((unsigned char)text[n - 1]))
            n--;
        while (b < n && isspace((unsigned char)text[b]))
            b++;
        text[n] = 0;
        if (rc || b == n) {
            fprintf(stderr, "%s: --key-file %s: expected one line of hex digits (at most %d bytes of key)\n",
                    prog, o->key_file, FT_PSK_MAX);
            wipe(text, sizeof text);
            return -1;
        }
        hex = text + b;
        from = "--key-file";
    } else if (!hex && psk && getenv("ILPC_PSK")) {
        hex = getenv("ILPC_PSK");
        from = "ILPC_PSK";
    }
    if (aead && !hex) {
        fprintf(stderr,
                "%s: --cipher %s needs a pre-shared key: --key-file PATH, or ILPC_PSK=HEX in the environment "
                "(%d..%d bytes in hex, e.g. from `openssl rand -hex 32`)\n",
                prog, ilpc_cipher_name(o->cipher), FT_PSK_MIN, FT_PSK_MAX);
        return -1;
    }
    rc = hex ? ilpc_hex_decode(hex, o->keybytes, sizeof o->keybytes, &o->keylen) : 0;
    wipe(text, sizeof text);
    if (rc != 0) {
        fprintf(stderr, "%s: bad key in %s: an even number of hex digits, at most %d bytes\n", prog, from,
                FT_PSK_MAX);
        return -1;
    }
    if (psk && hex && (o->keylen < FT_PSK_MIN || o->keylen > FT_PSK_MAX)) {
        fprintf(stderr, "%s: the pre-shared key in %s has %zu bytes; %s needs %d..%d (32 advised)\n", prog, from,
                o->keylen, ilpc_cipher_name(o->cipher), FT_PSK_MIN, FT_PSK_MAX);
        return -1;
    }
    if (!psk) {
        ilpc_cipher c;
        if (ilpc_cipher_init(&c, o->cipher, o->keylen ? o->keybytes : NULL, o->keylen) != 0) {
            fprintf(stderr, "%s: bad key in %s for cipher %s (%zu bytes; lengths in docs/ciphers.md)\n", prog, from,
                    ilpc_cipher_name(o->cipher), o->keylen);
            return -1;
        }
        ilpc_cipher_free(&c);
    }
    if (exposed)
        fprintf(stderr, "%s: warning: the key file %s can be read by other users (chmod 600 it)\n", prog,
                o->key_file);
    return 0;
}

int ft_opts_check(ft_opts *o, const char *prog, int server)
{
    uint32_t ip;
    uint16_t port;
    int shm = !strcmp(o->transport, "shm");
    if (!o->hostport) {
        fprintf(stderr, "%s: %s %s is required\n", prog, server ? "--listen" : "--server", shm ? "NAME" : "HOST:PORT");
        return -1;
    }
    if (shm && !ilpc_transport_shm_name_ok(o->hostport)) {
        fprintf(stderr, "%s: bad shm name '%s' (1..96 letters, digits, '-', '_' or '.', the same on both sides)\n",
                prog, o->hostport);
        return -1;
    }
    if (!shm && (ilpc_parse_hostport(o->hostport, &ip, &port) != 0 || (!server && (ip == 0 || port == 0)))) {
        fprintf(stderr, "%s: bad address '%s' (expected a.b.c.d:port)\n", prog, o->hostport);
        return -1;
    }
    if (!strcmp(o->transport, "tun") && !server && !o->local_ip) {
        fprintf(stderr, "%s: --transport tun needs --local IP (this end's address on the TUN link)\n", prog);
        return -1;
    }
    if (!strcmp(o->transport, "tun") && server && (ip == 0 || port == 0)) {
        fprintf(stderr, "%s: --transport tun needs --listen IP:PORT with this end's address on the link\n", prog);
        return -1;
    }
    if (!strcmp(o->transport, "kernel") && o->impair) {
        fprintf(stderr, "%s: --impair needs the user-level TCP (--transport udp or tun)\n", prog);
        return -1;
    }
    if (ilpc_cipher_is_aead(o->cipher) && !ilpc_evp_available()) {
        fprintf(stderr,
                "%s: --cipher %s needs OpenSSL's libcrypto (the keys come from its HKDF), and this build has "
                "none: install libssl-dev and pkg-config, then rebuild\n",
                prog, ilpc_cipher_name(o->cipher));
        return -1;
    }
    if ((unsigned)o->cipher >= ILPC_UNIT_CIPHER_COUNT && o->mode == FT_ILP) { /* aes-128-gcm */
        fprintf(stderr,
                "%s: --cipher %s has no fused (ILP) path: ilpc does not run it inside its loop; use "
                "--mode auto (tiled: libcrypto over each tile while it is in cache) or --mode layered\n",
                prog, ilpc_cipher_name(o->cipher));
        return -1;
    }
    if (load_key(o, prog) != 0)
        return -1;
    {
        int have_psk = (ilpc_cipher_is_aead(o->cipher) || o->cipher == ILPC_CIPHER_NONE) && o->keylen > 0;
        int user_tcp = strcmp(o->transport, "kernel") != 0;
        if (o->tcp_ao == FT_AO_ON && !have_psk) {
            fprintf(stderr,
                    "%s: --tcp-ao on needs a pre-shared key (--key-file, or ILPC_PSK) with --cipher none, "
                    "chacha20-poly1305 or aes-128-gcm\n",
                    prog);
            return -1;
        }
        if (o->tcp_ao == FT_AO_ON && !user_tcp) {
            fprintf(stderr, "%s: --tcp-ao on is for the user-level TCP (--transport udp, tun or shm)\n", prog);
            return -1;
        }
        o->ao_in_use = have_psk && user_tcp && o->tcp_ao != FT_AO_OFF;
        if (o->ao_in_use && !ilpc_ao_available()) {
            fprintf(stderr,
                    "%s: TCP-AO needs OpenSSL's libcrypto, and this build has none: rebuild with it, or give "
                    "--tcp-ao off\n",
                    prog);
            return -1;
        }
    }
    if (tx_buf_of(o) < FT_MAX_MSG || rx_buf_of(o) < FT_MAX_MSG) {
        fprintf(stderr, "%s: --tx-buf and --rx-buf must be at least %zu bytes (the largest message)\n", prog,
                FT_MAX_MSG);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ network */

static int set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) != 0 ? -1 : 0;
}

static struct sockaddr_in sin_of(uint32_t ip, uint16_t port)
{
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(ip);
    a.sin_port = htons(port);
    return a;
}

/* The kernel transport: the server's listening socket (non-blocking); the
 * client connects later (ft_kernel_connect). */
static int kernel_open(ft_net *n, const char *prog, int server)
{
    struct sockaddr_in a = sin_of(n->ip, n->port);
    socklen_t al = sizeof a;
    int one = 1;
    n->kernel = 1;
    if (!server)
        return 0;
    n->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (n->fd < 0 || setsockopt(n->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(n->fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(n->fd, 64) != 0 || set_nonblock(n->fd) != 0 ||
        getsockname(n->fd, (struct sockaddr *)&a, &al) != 0) {
        char ipbuf[16];
        fprintf(stderr, "%s: cannot listen on %s:%u (kernel TCP): %s\n", prog, ilpc_format_ipv4(n->ip, ipbuf),
                (unsigned)n->port, strerror(errno));
        ft_net_close(n);
        return -1;
    }
    n->port = ntohs(a.sin_port); /* --listen HOST:0 picks a port */
    return 0;
}

int ft_kernel_connect(const ft_net *n, double timeout_s, const char *prog)
{
    struct sockaddr_in a = sin_of(n->ip, n->port);
    char ipbuf[16];
    int fd = socket(AF_INET, SOCK_STREAM, 0), err = 0;
    if (fd < 0 || set_nonblock(fd) != 0) {
        err = errno;
    } else if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        if (errno != EINPROGRESS) {
            err = errno;
        } else {
            struct pollfd p = {fd, POLLOUT, 0};
            socklen_t el = sizeof err;
            int r;
            do
                r = poll(&p, 1, (int)(timeout_s * 1000));
            while (r < 0 && errno == EINTR);
            if (r < 0)
                err = errno;
            else if (r == 0)
                err = ETIMEDOUT;
            else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &el) != 0)
                err = errno;
        }
    }
    if (err) {
        fprintf(stderr, "%s: cannot connect to %s:%u (kernel TCP): %s\n", prog, ilpc_format_ipv4(n->ip, ipbuf),
                (unsigned)n->port, strerror(err));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

int ft_net_open(ft_net *n, const ft_opts *o, const char *prog, int server)
{
    ilpc_stack_config cfg;
    ilpc_transport *use;
    int r;
    memset(n, 0, sizeof *n);
    n->fd = -1;
    if (!strcmp(o->transport, "shm")) {
        /* a point-to-point link with fixed addresses; the server is at FT_SHM_PORT */
        n->ip = ILPC_SHM_IP_LISTEN;
        n->port = FT_SHM_PORT;
        r = server ? ilpc_transport_shm_listen(o->hostport, o->shm_seg, &n->t)
                   : ilpc_transport_shm_connect(o->hostport, o->shm_seg, &n->t);
        if (r != 0) {
            fprintf(stderr, "%s: cannot open the shm transport '%s': %s%s\n", prog, o->hostport, ilpc_strerror(r),
                    r == ILPC_E_CONNREFUSED ? " (is ft-server --transport shm --listen NAME running?)"
                    : r == ILPC_E_ADDRINUSE ? " (another server listens on that NAME)"
                                           : "");
            return -1;
        }
    } else if (ilpc_parse_hostport(o->hostport, &n->ip, &n->port) != 0) {
        return -1;
    } else if (!strcmp(o->transport, "kernel")) {
        return kernel_open(n, prog, server);
    } else if (!strcmp(o->transport, "udp")) {
        /* The server's TCP port is its UDP port unless --tcp-port says otherwise;
         * the client's is ephemeral.  The client sends its first SYN to --server
         * (the transport's default peer), then every segment of the connection
         * to wherever the server's segments come from (relays, NATs). */
        if (server)
            r = ilpc_transport_udp_open(o->hostport, NULL, 0, &n->t);
        else
            r = ilpc_transport_udp_open(o->bind ? o->bind : "0.0.0.0:0", o->hostport, 0, &n->t);
        if (r == 0) {
            /* A 64 KiB window of small segments is hundreds of datagrams, each
             * charged a few KiB against the socket's receive buffer: ask for 4 MiB
             * (the kernel caps it at net.core.rmem_max unless we may force it), or
             * the kernel part drops a burst and TCP has to recover. */
            int fd = ilpc_transport_fd(n->t), sz = 4 << 20;
#ifdef SO_RCVBUFFORCE
            if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &sz, sizeof sz) != 0)
#endif
                (void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof sz);
            n->local_port = ilpc_transport_udp_port(n->t);
            if (server)
                n->port = n->local_port; /* --listen HOST:0 picks a port */
            n->tcp_port = o->tcp_port ? o->tcp_port : n->port;
        }
    } else {
        char ipbuf[16];
        const char *local = server ? ilpc_format_ipv4(n->ip, ipbuf) : o->local_ip;
        r = ilpc_transport_tun_open(o->tun_dev, local, 0, &n->t);
    }
    if (r != 0) {
        fprintf(stderr, "%s: cannot open the %s transport (%s): %s\n", prog, o->transport,
                !strcmp(o->transport, "udp") ? (server ? o->hostport : (o->bind ? o->bind : "0.0.0.0:0"))
                                              : o->tun_dev,
                ilpc_strerror(r));
        return -1;
    }
    use = n->t;
    if (o->impair) {
        r = ilpc_impair_new_spec(n->t, NULL, o->impair, &n->ti);
        if (r != 0) {
            fprintf(stderr, "%s: bad --impair spec '%s'\n", prog, o->impair);
            ft_net_close(n);
            return -1;
        }
        use = n->ti;
    }
    ilpc_stack_config_default(&cfg);
    cfg.tcp.tx_buf = tx_buf_of(o);
    cfg.tcp.rx_buf = rx_buf_of(o);
    /* Loopback and a TUN link have RTTs of microseconds: recover from losses
     * (impairment) in tens of milliseconds rather than the RFC's second. */
    cfg.tcp.rto_min_ns = 20 * ILPC_NS_PER_MS;
    cfg.tcp.rto_init_ns = 200 * ILPC_NS_PER_MS;
    cfg.tcp.rto_max_ns = 2 * ILPC_NS_PER_S;
    cfg.tcp.max_retries = 15;
    cfg.tcp.time_wait_ns = 200 * ILPC_NS_PER_MS;
    n->s = ilpc_stack_new(use, NULL, &cfg);
    if (!n->s) {
        fprintf(stderr, "%s: cannot create the TCP stack\n", prog);
        ft_net_close(n);
        return -1;
    }
    if (o->ao_in_use) {
        /* the master key: from the pre-shared key, never its bytes themselves
         * (the AEADs' keys come from it too, under other labels: ilpc_conn_keys) */
        static const char info[] = "ilpc file transfer tcp-ao master key";
        ilpc_ao_mkt mkt;
        memset(&mkt, 0, sizeof mkt);
        mkt.alg = o->ao_alg;
        mkt.send_id = mkt.recv_id = 1;
        mkt.key_len = 32;
        r = ilpc_hkdf_sha256(NULL, 0, o->keybytes, o->keylen, (const uint8_t *)info, sizeof info - 1, mkt.key,
                             mkt.key_len);
        if (r == 0)
            r = ilpc_stack_set_tcp_ao(n->s, &mkt);
        memset(&mkt, 0, sizeof mkt);
        if (r != 0) {
            fprintf(stderr, "%s: cannot set up TCP-AO: %s\n", prog, ilpc_strerror(r));
            ft_net_close(n);
            return -1;
        }
    }
    return 0;
}

void ft_net_close(ft_net *n)
{
    if (n->fd >= 0)
        close(n->fd);
    if (n->s)
        ilpc_stack_free(n->s);
    if (n->ti)
        ilpc_transport_free(n->ti);
    if (n->t)
        ilpc_transport_free(n->t);
    memset(n, 0, sizeof *n);
    n->fd = -1; /* closing twice must not close descriptor 0 */
}

uint64_t ft_net_now(ft_net *n)
{
    return n->s ? ilpc_stack_now(n->s) : ft_now_ns();
}

void ft_wait(ft_net *n, ft_conn *fc, uint64_t deadline_ns)
{
    uint64_t now, w;
    struct pollfd p;
    if (n->s) {
        ft_drive(n->s, deadline_ns);
        return;
    }
    now = ft_now_ns();
    w = now + 100 * ILPC_NS_PER_MS;
    if (deadline_ns < w)
        w = deadline_ns;
    p.fd = fc->fd;
    p.events = ft_conn_events(fc);
    p.revents = 0;
    if (w > now)
        (void)poll(&p, 1, (int)((w - now + 999999) / 1000000));
    ft_conn_flush(fc);
}

void ft_drive(ilpc_stack *s, uint64_t deadline_ns)
{
    uint64_t now = ilpc_stack_now(s), w = now + 100 * ILPC_NS_PER_MS;
    ilpc_stack_wait(s, w < deadline_ns ? w : deadline_ns);
    ilpc_stack_poll(s, ilpc_stack_now(s));
}

/* ------------------------------------------------------------------- timing */

uint64_t ft_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void ft_times_add(ft_times *t, uint64_t ns)
{
    t->total_ns += ns;
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 4096;
        uint32_t *p = realloc(t->ns, cap * sizeof *p);
        if (!p)
            return; /* a lost sample, not a failure */
        t->ns = p;
        t->cap = cap;
    }
    t->ns[t->n++] = ns > UINT32_MAX ? UINT32_MAX : (uint32_t)ns;
}

void ft_cpu_times(double *user_s, double *sys_s)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) {
        *user_s = *sys_s = 0;
        return;
    }
    *user_s = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
    *sys_s = (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

double ft_times_median_us(const ft_times *t)
{
    uint32_t *c;
    double m;
    if (t->n == 0)
        return 0;
    c = malloc(t->n * sizeof *c);
    if (!c)
        return 0;
    memcpy(c, t->ns, t->n * sizeof *c);
    qsort(c, t->n, sizeof *c, cmp_u32);
    m = t->n % 2 ? c[t->n / 2] : ((double)c[t->n / 2 - 1] + c[t->n / 2]) / 2;
    free(c);
    return m / 1000.0;
}

double ft_times_mean_us(const ft_times *t)
{
    double sum = 0;
    size_t i;
    if (t->n == 0)
        return 0;
    for (i = 0; i < t->n; i++)
        sum += t->ns[i];
    return sum / (double)t->n / 1000.0;
}

void ft_times_free(ft_times *t)
{
    free(t->ns);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------ the endpoint */

const char *ft_strerror(int code)
{
    if (code == FT_E_SYS)
        return "a system call on the socket failed";
    if (code == FT_E_HELLO)
        return "the peer closed the connection before its key exchange value arrived";
    if (code == FT_E_KEYS)
        return "cannot derive the connection's keys (libcrypto's HKDF failed)";
    if (code == ILPC_E_AUTH)
        return "authentication failed: a record was changed on the way, or the two ends have different "
               "pre-shared keys";
    return ilpc_strerror(code);
}

/* L of the message whose first 8 bytes are at p: a record's length word is in
 * clear; any other message's first unit is decrypted at the stream offset of
 * the next message.  For deciding whether a segment holds exactly one
 * message, and how many bytes the next one needs; the receive functions read
 * it again themselves. */
static uint32_t peek_len(ft_conn *fc, const uint8_t *p)
{
    uint8_t head[8];
    if (ilpc_cipher_is_aead(fc->rx.id))
        return ilpc_get32(p);
    ilpc_cipher_decrypt(&fc->rx, head, p, 8, fc->rx_off);
    return ilpc_get32(head);
}

/* The length on the wire of a message whose XDR is L bytes. */
static size_t wire_len(const ft_conn *fc, uint32_t L)
{
    return ilpc_ilp_record_len(fc->rx.id, L);
}

static void got(ft_conn *fc, FileTransfer_Message *m, size_t len, uint64_t ns)
{
    ft_times_add(&fc->rx_t, ns);
    fc->rx_off += len;
    fc->msgs_in++;
    fc->msg_bytes_in += len;
    fc->deliver(fc, m);
    FileTransfer_Message_free(m);
}

/* The receive hook: a segment that holds exactly one whole message is
 * verified, decrypted and unmarshalled right here, before TCP buffers it: by
 * the fused function in ILP mode, by the layered baseline's three loops
 * (checksum, decrypt, unmarshal) in layered mode, by T_recv (the path ilpc's
 * cost model chose) in auto mode.  Anything else is declined and
 * goes through TCP's buffer and ft_recv_stream. */
static ilpc_rx_verdict ft_hook(void *ctx, const uint8_t *payload, size_t len, uint64_t hdr_sum)
{
    ft_conn *fc = ctx;
    FileTransfer_Message m;
    uint64_t t0, t1;
    uint32_t L;
    int rc, ok = 0;
    if (fc->err || !fc->keyed || len < 8 || len > FT_MAX_MSG || !ilpc_ilp_len_ok(fc->rx.id, len))
        return ILPC_RX_DECLINE;
    L = peek_len(fc, payload);
    if (L > FileTransfer_Message_MAX_SIZE || wire_len(fc, L) != len)
        return ILPC_RX_DECLINE; /* part of a message, or several */
    t0 = ft_now_ns();
    if (fc->mode == FT_ILP)
        rc = FileTransfer_Message_ilp_recv(&m, &fc->rx, fc->rx_off, payload, len, hdr_sum, &ok);
    else if (fc->mode == FT_AUTO)
        rc = FileTransfer_Message_recv(&m, &fc->rx, fc->rx_off, payload, len, hdr_sum, &ok, &fc->rx_scratch);
    else
        rc = FileTransfer_Message_layered_recv(&m, &fc->rx, fc->rx_off, payload, len, hdr_sum, &ok,
                                               &fc->rx_scratch);
    t1 = ft_now_ns();
    if (rc == ILPC_E_CHECKSUM)
        return ILPC_RX_DROP; /* damaged in transit: TCP counts it and the peer retransmits */
    if (rc == ILPC_E_AUTH || rc == ILPC_E_NONCE) {
        /* the checksum is right and the tag is not: tampered with, or another key.
         * Nothing was delivered; the connection cannot go on (the application sees
         * fc->err; TCP keeps the bytes, which are never decoded) */
        fc->err = rc;
        return ILPC_RX_DECLINE;
    }
    if (rc != ILPC_OK)
        return ILPC_RX_DECLINE; /* intact but unreadable: the stream path reports it */
    fc->rx_hook_msgs++;
    got(fc, &m, len, t1 - t0);
    return ILPC_RX_CONSUMED;
}

/* The two cipher contexts of an AEAD connection: one key per direction from
 * the pre-shared key and both ISNs (ilpc_conn_keys: HKDF-SHA256, docs/ciphers.md
 * section 8); the client sends with c2s and receives with s2c, the server the
 * other way round.  Each context counts its own records from 0.  0, or -1. */
static int derive_keys(ft_conn *fc, uint32_t isn_client, uint32_t isn_server)
{
    uint8_t c2s[ILPC_AEAD_MAX_KEY_LEN], s2c[ILPC_AEAD_MAX_KEY_LEN];
    ilpc_cipher_id id = fc->o->cipher;
    size_t kl = ilpc_cipher_default_keylen(id);
    int rc = ilpc_conn_keys(fc->o->keybytes, fc->o->keylen, isn_client, isn_server, ilpc_cipher_name(id), kl, c2s,
                            s2c);
    if (rc == 0)
        rc = ilpc_cipher_init(&fc->tx, id, fc->server ? s2c : c2s, kl);
    if (rc == 0)
        rc = ilpc_cipher_init(&fc->rx, id, fc->server ? c2s : s2c, kl);
    wipe(c2s, sizeof c2s);
    wipe(s2c, sizeof s2c);
    if (rc != 0)
        return -1;
    fc->keyed = 1;
    return 0;
}

/* Everything but the keys of an AEAD. */
static void conn_setup(ft_conn *fc, ilpc_tcp *tcp, const ft_opts *o, int server, ft_deliver_fn deliver, void *user)
{
    memset(fc, 0, sizeof *fc);
    fc->tcp = tcp;
    fc->fd = -1;
    fc->o = o;
    fc->server = server;
    fc->mode = o->mode;
    fc->deliver = deliver;
    fc->user = user;
    if (!ilpc_cipher_is_aead(o->cipher)) {
        /* the same key both ways (checked by ft_opts_check); the stream offsets differ */
        ilpc_cipher_init(&fc->tx, o->cipher, o->keylen ? o->keybytes : NULL, o->keylen);
        ilpc_cipher_init(&fc->rx, o->cipher, o->keylen ? o->keybytes : NULL, o->keylen);
        fc->keyed = 1;
    }
}

int ft_conn_init(ft_conn *fc, ilpc_tcp *tcp, const ft_opts *o, int server, ft_deliver_fn deliver, void *user)
{
    conn_setup(fc, tcp, o, server, deliver, user);
    if (!fc->keyed) {
        uint32_t iss, irs;
        if (ilpc_tcp_isns(tcp, &iss, &irs) != ILPC_OK || derive_keys(fc, server ? irs : iss, server ? iss : irs) != 0) {
            fprintf(stderr, "%s: %s\n", server ? "ft-server" : "ft-client", ft_strerror(FT_E_KEYS));
            ft_conn_fini(fc);
            return -1;
        }
    }
    if (o->rx_hook)
        ilpc_tcp_set_rx_hook(tcp, ft_hook, fc);
    return 0;
}

void ft_conn_fini(ft_conn *fc)
{
    ilpc_cipher_free(&fc->tx);
    ilpc_cipher_free(&fc->rx);
    ilpc_scratch_free(&fc->tx_scratch);
    ilpc_scratch_free(&fc->rx_scratch);
    free(fc->rbuf);
    free(fc->kout);
    free(fc->kin);
    ft_times_free(&fc->tx_t);
    ft_times_free(&fc->rx_t);
    memset(fc, 0, sizeof *fc);
}

/* ---- the byte sink and source under the messages: TCP's send ring and receive
 * buffer (user-level TCP), or the program's batch and receive buffer (kernel) */

/* A place for a message of len bytes: ILPC_OK, ILPC_E_AGAIN (no room yet), or an error. */
static int tx_reserve(ft_conn *fc, size_t len, ilpc_tx_slot *slot)
{
    if (fc->tcp)
        return ilpc_tcp_tx_reserve(fc->tcp, len, slot);
    if (fc->k_errno)
        return FT_E_SYS;
    if (fc->k_shut)
        return ILPC_E_CLOSED;
    if (len > fc->kout_cap)
        return ILPC_E_MSGSIZE;
    if (fc->kout_cap - fc->kout_len < len) {
        /* the batch is full: hand it to the kernel, keep what it did not take */
        if (ft_conn_flush(fc) != ILPC_OK)
            return FT_E_SYS;
        if (fc->kout_cap - fc->kout_len < len && fc->kout_off > 0) {
            memmove(fc->kout, fc->kout + fc->kout_off, fc->kout_len - fc->kout_off);
            fc->kout_len -= fc->kout_off;
            fc->kout_off = 0;
        }
        if (fc->kout_cap - fc->kout_len < len)
            return ILPC_E_AGAIN;
    }
    /* One "segment" of the whole message (a segment's size is a multiple of 8; a
     * record's length need not be): the fused send computes its Internet
     * checksum into ksum, which nobody uses (the kernel checksums the segments
     * it cuts, or lets the network card do it): a cost the fused path carries
     * over the kernel's TCP. */
    return ilpc_ilp_slot_init(slot, fc->kout + fc->kout_len, len, 0, len, (len + 7u) & ~(size_t)7u, &fc->ksum);
}

static int tx_commit(ft_conn *fc, ilpc_tx_slot *slot)
{
    if (fc->tcp) {
        /* Every path stored every segment's payload sum: TCP does not read the
         * payload again to checksum it. */
        return ilpc_tcp_tx_commit(fc->tcp, slot, 1);
    }
    fc->kout_len += slot->len; /* ft_conn_flush or the next full batch writes it */
    return ILPC_OK;
}

static void tx_cancel(ft_conn *fc, ilpc_tx_slot *slot)
{
    if (fc->tcp)
        ilpc_tcp_tx_cancel(fc->tcp, slot);
}

/* The received bytes not yet decoded, in up to two spans. */
static size_t rx_peek(ft_conn *fc, const uint8_t *p[2], size_t n[2])
{
    if (fc->tcp)
        return ilpc_tcp_rx_peek(fc->tcp, p, n);
    p[0] = fc->kin + fc->kin_off;
    n[0] = fc->kin_len - fc->kin_off;
    p[1] = NULL;
    n[1] = 0;
    return n[0];
}

static void rx_consume(ft_conn *fc, size_t used)
{
    if (fc->tcp)
        ilpc_tcp_rx_consume(fc->tcp, used);
    else
        fc->kin_off += used;
}

/* ---- messages */

/* The layered send over a kernel socket: marshal into the batch, then encrypt
 * it in place (a record: seal it in place, the tag after it; ilpc's
 * chacha20-poly1305 encrypts and authenticates in two passes, libcrypto's
 * aes-128-gcm in one).  No checksum (the kernel computes it): the leanest
 * layered sender over a socket, the kernel's copy being the only other pass. */
static int encode_encrypt(ft_conn *fc, const FileTransfer_Message *m, uint8_t *p, size_t len)
{
    int aead = ilpc_cipher_is_aead(fc->tx.id);
    size_t L = 0, room = len - (aead ? ILPC_AEAD_OVERHEAD : 4);
    int rc = FileTransfer_Message_encode(m, p + 4, room, &L);
    if (rc != ILPC_OK)
        return rc;
    if (aead) {
        if (L != room)
            return ILPC_E_SLOT;
        if (ilpc_aead_seal_record(&fc->tx, p, L) != 0)
            return fc->tx.u.ae.seq == UINT64_MAX ? ILPC_E_NONCE : ILPC_E_CIPHER;
        ilpc_aead_done(&fc->tx);
        return ILPC_OK;
    }
    ilpc_put32(p, (uint32_t)L);
    memset(p + 4 + L, 0, len - 4 - L);
    ilpc_cipher_encrypt(&fc->tx, p, p, len, fc->tx_off);
    return ILPC_OK;
}

static int kernel_recv(ft_conn *fc);

int ft_send(ft_conn *fc, const FileTransfer_Message *m)
{
    size_t len;
    ilpc_tx_slot slot;
    uint64_t t0, t1;
    int rc;
    if (!fc->keyed) {
        /* kernel + AEAD: the keys wait for the peer's stand-in ISN; read it if it is there */
        if (!fc->tcp && !fc->err)
            kernel_recv(fc);
        if (!fc->keyed)
            return fc->err ? fc->err : fc->k_errno ? FT_E_SYS : fc->k_eof ? FT_E_HELLO : ILPC_E_AGAIN;
    }
    len = FileTransfer_Message_msg_len(m, fc->tx.id);
    rc = tx_reserve(fc, len, &slot);
    if (rc != ILPC_OK)
        return rc;
    t0 = ft_now_ns();
    if (fc->mode == FT_ILP)
        rc = FileTransfer_Message_ilp_send(m, &fc->tx, fc->tx_off, &slot);
    else if (fc->mode == FT_AUTO)
        rc = FileTransfer_Message_send(m, &fc->tx, fc->tx_off, &slot, &fc->tx_scratch);
    else if (!fc->tcp)
        rc = encode_encrypt(fc, m, slot.p[0], len);
    else
        rc = FileTransfer_Message_layered_send(m, &fc->tx, fc->tx_off, &slot, &fc->tx_scratch);
    t1 = ft_now_ns();
    if (rc != ILPC_OK) {
        tx_cancel(fc, &slot);
        return rc;
    }
    rc = tx_commit(fc, &slot);
    if (rc != ILPC_OK)
        return rc;
    ft_times_add(&fc->tx_t, t1 - t0);
    fc->tx_off += len;
    fc->msgs_out++;
    fc->msg_bytes_out += len;
    return ILPC_OK;
}

/* The buffer a message is copied into when it must be whole in one place. */
static int rbuf_reserve(ft_conn *fc)
{
    uint8_t *b;
    if (fc->rbuf_cap >= FT_MAX_MSG)
        return ILPC_OK;
    b = realloc(fc->rbuf, FT_MAX_MSG);
    if (!b)
        return ILPC_E_NOMEM;
    fc->rbuf = b;
    fc->rbuf_cap = FT_MAX_MSG;
    return ILPC_OK;
}

/* The first len bytes of the spans p/n, copied into rbuf. */
static uint8_t *copy_out(ft_conn *fc, const uint8_t *const p[2], const size_t n[2], size_t len)
{
    size_t k = n[0] < len ? n[0] : len;
    memcpy(fc->rbuf, p[0], k);
    if (len > k)
        memcpy(fc->rbuf + k, p[1], len - k);
    return fc->rbuf;
}

/* Auto mode, an authenticated cipher, from the stream: T_recv (the path the cost
 * model chose: aes-128-gcm has no fused stream receive) over the whole record,
 * read where it lies unless it wraps in TCP's buffer (then copied out first,
 * the copy counted).  No checksum to verify (hdr_sum 0): TCP did it. */
static int auto_from_stream(ft_conn *fc, FileTransfer_Message *m, const uint8_t *const p[2], const size_t n[2],
                            size_t len, uint64_t *ns)
{
    uint64_t t0;
    const uint8_t *b = p[0];
    int ok, rc;
    if (n[0] < len && (rc = rbuf_reserve(fc)) != ILPC_OK)
        return rc;
    t0 = ft_now_ns();
    if (n[0] < len)
        b = copy_out(fc, p, n, len);
    rc = FileTransfer_Message_recv(m, &fc->rx, fc->rx_off, b, len, 0, &ok, &fc->rx_scratch);
    *ns = ft_now_ns() - t0;
    return rc;
}

/* Layered receive from the stream (spans p/n): decrypt the message, unmarshal
 * it.  TCP's buffer is TCP's, so the message is copied out of it first; the
 * kernel transport's receive buffer is the program's own, and the message is
 * decrypted where it lies.  A record is opened in place (its tag checked, the
 * plain text written over C) before anything is unmarshalled.  TCP verified
 * every segment's checksum when it buffered it.  The caller releases the
 * bytes afterwards (which may send a window update: not part of the
 * processing time). */
static int layered_from_stream(ft_conn *fc, FileTransfer_Message *m, const uint8_t *const p[2], const size_t n[2],
                               size_t len, uint64_t *ns)
{
    uint64_t t0;
    uint32_t L;
    uint8_t *b;
    int rc;
    if (fc->tcp && (rc = rbuf_reserve(fc)) != ILPC_OK)
        return rc;
    t0 = ft_now_ns();
    if (fc->tcp)
        b = copy_out(fc, p, n, len);
    else
        b = fc->kin + fc->kin_off; /* = p[0] */
    if (ilpc_cipher_is_aead(fc->rx.id)) {
        L = (uint32_t)(len - ILPC_AEAD_OVERHEAD); /* the caller read it from the length word */
        if (fc->rx.u.ae.seq == UINT64_MAX)
            rc = ILPC_E_NONCE;
        else if (ilpc_aead_open_record(&fc->rx, b, L, b + 4) != 0)
            rc = ILPC_E_AUTH;
        else
            rc = FileTransfer_Message_decode(m, b + 4, L);
        if (rc == ILPC_OK)
            ilpc_aead_done(&fc->rx);
        *ns = ft_now_ns() - t0;
        return rc;
    }
    ilpc_cipher_decrypt(&fc->rx, b, b, len, fc->rx_off);
    L = ilpc_get32(b);
    if (ilpc_ilp_msg_len(L) != len)
        rc = ILPC_E_MSGLEN;
    else
        rc = FileTransfer_Message_decode(m, b + 4, L);
    if (rc == ILPC_OK && !ilpc_ilp_zero(b + 4 + L, len - 4 - L)) {
        FileTransfer_Message_free(m);
        rc = ILPC_E_PADDING;
    }
    *ns = ft_now_ns() - t0;
    return rc;
}

/* Decode every whole message received and not yet decoded. */
static int decode_stream(ft_conn *fc)
{
    while (!fc->err) {
        FileTransfer_Message m;
        const uint8_t *p[2];
        size_t n[2], avail = rx_peek(fc, p, n), used = 0;
        uint64_t t0, ns = 0;
        int rc;
        if (!fc->keyed || avail < 8 || avail < fc->rx_need)
            break;
        if (fc->mode == FT_ILP || (fc->mode == FT_AUTO && !ilpc_cipher_is_aead(fc->rx.id))) {
            /* Fused decrypt + unmarshal straight out of the buffer (both spans; the
             * stream variant exists for the fused path only, so auto takes it too). */
            t0 = ft_now_ns();
            rc = FileTransfer_Message_ilp_recv_spans(&m, &fc->rx, fc->rx_off, p, n, &used);
            ns = ft_now_ns() - t0;
            if (rc == ILPC_E_INCOMPLETE) {
                fc->rx_need = used;
                break;
            }
            if (rc == ILPC_OK)
                rx_consume(fc, used);
        } else {
            uint8_t head[8];
            uint32_t L;
            size_t k = n[0] < 8 ? n[0] : 8;
            memcpy(head, p[0], k);
            if (k < 8)
                memcpy(head + k, p[1], 8 - k);
            L = peek_len(fc, head);
            if (L > FileTransfer_Message_MAX_SIZE) {
                rc = ILPC_E_MSGLEN;
            } else {
                used = wire_len(fc, L);
                if (avail < used) {
                    fc->rx_need = used;
                    break;
                }
                rc = fc->mode == FT_AUTO ? auto_from_stream(fc, &m, p, n, used, &ns)
                                         : layered_from_stream(fc, &m, p, n, used, &ns);
                if (rc == ILPC_OK)
                    rx_consume(fc, used);
            }
        }
        if (rc != ILPC_OK) {
            fc->err = rc;
            break;
        }
        fc->rx_need = 0;
        fc->rx_stream_msgs++;
        got(fc, &m, used, ns);
    }
    return fc->err;
}

int ft_recv_stream(ft_conn *fc)
{
    return fc->tcp ? decode_stream(fc) : kernel_recv(fc);
}

/* ------------------------------------------------- over the kernel's TCP */

int ft_conn_init_kernel(ft_conn *fc, int fd, const ft_opts *o, int server, ft_deliver_fn deliver, void *user)
{
    const char *prog = server ? "ft-server" : "ft-client";
    conn_setup(fc, NULL, o, server, deliver, user);
    fc->fd = fd;
    fc->kout_cap = o->ktx_buf;
    fc->kin_cap = o->krx_buf;
    fc->kout = malloc(fc->kout_cap);
    fc->kin = malloc(fc->kin_cap);
    if (!fc->kout || !fc->kin || set_nonblock(fd) != 0) {
        fprintf(stderr, "%s: out of memory\n", prog);
        ft_conn_fini(fc);
        return -1;
    }
    if (!fc->keyed) {
        /* The kernel does not tell its ISNs: each end sends 4 random bytes in clear
         * first, and the pair takes the ISNs' place in the key derivation.  They
         * lead the first batch. */
        uint8_t r[4];
        if (ilpc_os_random(r, sizeof r) != 0) {
            fprintf(stderr, "%s: no random bytes from the operating system for the key exchange\n", prog);
            ft_conn_fini(fc);
            return -1;
        }
        fc->my_isn = ilpc_get32(r);
        memcpy(fc->kout, r, sizeof r);
        fc->kout_len = sizeof r;
        ft_conn_flush(fc);
    }
    return 0;
}

/* Kernel + AEAD: the peer's stand-in ISN, the first 4 bytes it sends, gives the
 * keys (once). */
static void kernel_keys(ft_conn *fc)
{
    uint32_t peer;
    if (fc->keyed || fc->err || fc->kin_len - fc->kin_off < 4)
        return;
    peer = ilpc_get32(fc->kin + fc->kin_off);
    fc->kin_off += 4;
    if (derive_keys(fc, fc->server ? peer : fc->my_isn, fc->server ? fc->my_isn : peer) != 0)
        fc->err = FT_E_KEYS;
}

int ft_conn_flush(ft_conn *fc)
{
    if (fc->tcp)
        return ILPC_OK;
    while (fc->kout_off < fc->kout_len && !fc->k_errno) {
        ssize_t w = send(fc->fd, fc->kout + fc->kout_off, fc->kout_len - fc->kout_off, MSG_NOSIGNAL);
        if (w > 0) {
            fc->kout_off += (size_t)w;
            fc->k_writes++;
            fc->k_bytes_out += (uint64_t)w;
        } else if (w < 0 && errno == EINTR) {
            continue;
        } else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            break;
        } else {
            fc->k_errno = w < 0 ? errno : EIO;
        }
    }
    if (fc->kout_off == fc->kout_len)
        fc->kout_off = fc->kout_len = 0;
    if (fc->k_shut && !fc->k_wr_done && fc->kout_len == 0 && !fc->k_errno) {
        if (shutdown(fc->fd, SHUT_WR) != 0)
            fc->k_errno = errno;
        fc->k_wr_done = 1;
    }
    return fc->k_errno ? FT_E_SYS : ILPC_OK;
}

static int kernel_recv(ft_conn *fc)
{
    int reads;
    kernel_keys(fc);
    decode_stream(fc);
    /* A few large reads per call, decoding after each, so that a busy peer
     * cannot keep us from sending. */
    for (reads = 0; reads < 4 && !fc->err && !fc->k_eof && !fc->k_errno; reads++) {
        size_t room;
        ssize_t r;
        if (fc->kin_off == fc->kin_len) {
            fc->kin_off = fc->kin_len = 0;
        } else if (fc->kin_cap - fc->kin_len < FT_MAX_MSG && fc->kin_off > 0) {
            /* compaction: move the partial message to the front */
            memmove(fc->kin, fc->kin + fc->kin_off, fc->kin_len - fc->kin_off);
            fc->kin_len -= fc->kin_off;
            fc->kin_off = 0;
        }
        room = fc->kin_cap - fc->kin_len;
        if (room == 0)
            break; /* cannot happen: the buffer holds more than the largest message */
        r = recv(fc->fd, fc->kin + fc->kin_len, room, 0);
        if (r > 0) {
            fc->kin_len += (size_t)r;
            fc->k_reads++;
            fc->k_bytes_in += (uint64_t)r;
            kernel_keys(fc);
            decode_stream(fc);
            if ((size_t)r < room)
                break; /* drained */
        } else if (r == 0) {
            fc->k_eof = 1;
        } else if (errno == EINTR) {
            continue;
        } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
            break;
        } else {
            fc->k_errno = errno;
        }
    }
    return fc->err;
}

void ft_conn_shutdown(ft_conn *fc)
{
    if (fc->tcp) {
        ilpc_tcp_shutdown(fc->tcp);
        return;
    }
    fc->k_shut = 1;
    ft_conn_flush(fc);
}

int ft_conn_error(const ft_conn *fc)
{
    if (fc->tcp)
        return ilpc_tcp_error(fc->tcp);
    return fc->k_errno ? FT_E_SYS : 0;
}

int ft_conn_rx_eof(const ft_conn *fc)
{
    /* ft_recv_stream decoded every whole message before the end: what is left
     * is a message the peer cut short, and no more will come */
    if (fc->tcp)
        return ilpc_tcp_rx_fin(fc->tcp);
    return fc->k_eof;
}

int ft_conn_closed(const ft_conn *fc)
{
    if (fc->tcp) {
        ilpc_tcp_state st = ilpc_tcp_get_state(fc->tcp);
        return st == ILPC_TCP_TIME_WAIT || st == ILPC_TCP_CLOSED;
    }
    return fc->k_wr_done && fc->k_eof;
}

uint64_t ft_conn_progress(const ft_conn *fc)
{
    uint64_t p = fc->msgs_in + fc->msgs_out;
    if (fc->tcp)
        return p + ilpc_tcp_tx_pending(fc->tcp);
    return p + fc->k_bytes_out + fc->k_bytes_in + (uint64_t)fc->k_eof;
}

short ft_conn_events(const ft_conn *fc)
{
    short ev = 0;
    if (!fc->k_eof)
        ev |= POLLIN;
    if (fc->kout_off < fc->kout_len)
        ev |= POLLOUT;
    return ev;
}

const char *ft_conn_strerror(const ft_conn *fc, int code)
{
    if (code == FT_E_SYS && fc->k_errno)
        return strerror(fc->k_errno);
    return ft_strerror(code);
}

/* ------------------------------------------------------------------ SHA-256 */

static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha256_block(uint32_t h[8], const uint8_t *p)
{
    uint32_t w[64], a, b, c, d, e, f, g, hh;
    int i;
    for (i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (i = 16; i < 64; i++) {
        uint32_t s0 = ROR32(w[i - 15], 7) ^ ROR32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR32(w[i - 2], 17) ^ ROR32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ROR32(e, 6) ^ ROR32(e, 11) ^ ROR32(e, 25)) + ((e & f) ^ (~e & g)) + K256[i] + w[i];
        uint32_t t2 = (ROR32(a, 2) ^ ROR32(a, 13) ^ ROR32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

void ft_sha256_init(ft_sha256 *c)
{
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    c->md = NULL;
#if ILPC_HAVE_LIBCRYPTO
    {
        EVP_MD_CTX *md = EVP_MD_CTX_new();
        if (md != NULL && EVP_DigestInit_ex(md, EVP_sha256(), NULL) == 1)
            c->md = md;
        else
            EVP_MD_CTX_free(md); /* the hand-written one, then */
    }
#endif
    memcpy(c->h, iv, sizeof iv);
    c->len = 0;
    c->nbuf = 0;
}

void ft_sha256_update(ft_sha256 *c, const void *data, size_t n)
{
    const uint8_t *p = data;
#if ILPC_HAVE_LIBCRYPTO
    if (c->md != NULL) {
        if (EVP_DigestUpdate((EVP_MD_CTX *)c->md, data, n) != 1) {
            /* cannot happen for SHA-256 in memory; a wrong digest then fails the check */
            EVP_MD_CTX_free((EVP_MD_CTX *)c->md);
            c->md = NULL;
            c->len = UINT64_MAX;
        }
        return;
    }
#endif
    c->len += n;
    if (c->nbuf) {
        size_t k = 64 - c->nbuf < n ? 64 - c->nbuf : n;
        memcpy(c->buf + c->nbuf, p, k);
        c->nbuf += k, p += k, n -= k;
        if (c->nbuf < 64)
            return;
        sha256_block(c->h, c->buf);
        c->nbuf = 0;
    }
    for (; n >= 64; p += 64, n -= 64)
        sha256_block(c->h, p);
    memcpy(c->buf, p, n);
    c->nbuf = n;
}

void ft_sha256_discard(ft_sha256 *c)
{
#if ILPC_HAVE_LIBCRYPTO
    EVP_MD_CTX_free((EVP_MD_CTX *)c->md);
#endif
    c->md = NULL;
}

void ft_sha256_final(ft_sha256 *c, uint8_t out[32])
{
    uint64_t bits = c->len * 8;
    int i;
#if ILPC_HAVE_LIBCRYPTO
    if (c->md != NULL) {
        unsigned int n = 0;
        if (EVP_DigestFinal_ex((EVP_MD_CTX *)c->md, out, &n) != 1 || n != 32)
            memset(out, 0, 32);
        EVP_MD_CTX_free((EVP_MD_CTX *)c->md);
        c->md = NULL;
        return;
    }
#endif
    c->buf[c->nbuf++] = 0x80;
    if (c->nbuf > 56) {
        memset(c->buf + c->nbuf, 0, 64 - c->nbuf);
        sha256_block(c->h, c->buf);
        c->nbuf = 0;
    }
    memset(c->buf + c->nbuf, 0, 56 - c->nbuf);
    for (i = 0; i < 8; i++)
        c->buf[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    sha256_block(c->h, c->buf);
    for (i = 0; i < 8; i++) {
        out[4 * i] = (uint8_t)(c->h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(c->h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(c->h[i] >> 8);
        out[4 * i + 3] = (uint8_t)c->h[i];
    }
}

void ft_hex(const uint8_t *p, size_t n, char *out)
{
    static const char d[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        out[2 * i] = d[p[i] >> 4];
        out[2 * i + 1] = d[p[i] & 15];
    }
    out[2 * n] = 0;
}

/* ---------------------------------------------------------------- reporting */

void ft_print_tcp_stats(FILE *f, const char *prefix, const ilpc_tcp_stats *st)
{
    fprintf(f,
            "%stcp: segments in %llu out %llu, retransmits %llu (rto %llu, fast %llu), bad checksums %llu, "
            "out of order %llu, fused receive consumed %llu declined %llu dropped %llu, "
            "send sums stored %llu from ring %llu\n",
            prefix, (unsigned long long)st->seg_in, (unsigned long long)st->seg_out,
            (unsigned long long)st->retransmits, (unsigned long long)st->rto_expiries,
            (unsigned long long)st->fast_retransmits, (unsigned long long)st->bad_csum,
            (unsigned long long)st->ooo_queued, (unsigned long long)st->rx_fused_consumed,
            (unsigned long long)st->rx_fused_declined, (unsigned long long)st->rx_fused_dropped,
            (unsigned long long)st->tx_sum_stored, (unsigned long long)st->tx_sum_ring);
    fprintf(f,
            "%stcp: paths: moved %llu (challenges sent %llu, answered %llu, given up %llu), segments from "
            "another path accepted %llu; challenge ACKs %llu (%llu over the limit); TCP-AO: %llu dropped\n",
            prefix, (unsigned long long)st->path_changes, (unsigned long long)st->path_challenges,
            (unsigned long long)st->path_responses, (unsigned long long)st->path_abandoned,
            (unsigned long long)st->new_path_accepted, (unsigned long long)st->challenge_acks,
            (unsigned long long)st->challenge_acks_limited, (unsigned long long)st->ao_bad);
}

unsigned long long ft_kernel_retrans(const ft_conn *fc)
{
#ifdef TCP_INFO
    struct tcp_info ti;
    socklen_t l = sizeof ti;
    memset(&ti, 0, sizeof ti);
    if (fc->fd >= 0 && getsockopt(fc->fd, IPPROTO_TCP, TCP_INFO, &ti, &l) == 0)
        return ti.tcpi_total_retrans;
#else
    (void)fc;
#endif
    return 0;
}

void ft_print_kernel_stats(FILE *f, const char *prefix, const ft_conn *fc)
{
    fprintf(f, "%skernel tcp: %llu writes (%llu bytes), %llu reads (%llu bytes), retransmits %llu\n", prefix,
            (unsigned long long)fc->k_writes, (unsigned long long)fc->k_bytes_out, (unsigned long long)fc->k_reads,
            (unsigned long long)fc->k_bytes_in, ft_kernel_retrans(fc));
}
