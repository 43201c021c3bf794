/* ldap_common.c - see ldap_common.h. */
#define _POSIX_C_SOURCE 200809L
#include "ldap_common.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void seterr(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    if (err == NULL || errlen == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory (%zu bytes)\n", n);
        exit(1);
    }
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

void ldap_set_bytes(uint8_t **data, uint32_t *len, const void *src, size_t n)
{
    if (n > UINT32_MAX) {
        fprintf(stderr, "value too long\n");
        exit(1);
    }
    *data = xmalloc(n);
    if (n > 0)
        memcpy(*data, src, n);
    *len = (uint32_t)n;
}

bool ascii_ieq(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
    if (an != bn)
        return false;
    for (size_t i = 0; i < an; i++) {
        uint8_t x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = (uint8_t)(x + 32);
        if (y >= 'A' && y <= 'Z')
            y = (uint8_t)(y + 32);
        if (x != y)
            return false;
    }
    return true;
}

/* ---- framing ---------------------------------------------------------------------- */

void ldap_conn_init(ldap_conn *c, int fd, int timeout_ms, size_t max_message, FILE *dump)
{
    memset(c, 0, sizeof *c);
    c->fd = fd;
    c->timeout_ms = timeout_ms;
    c->max_message = max_message;
    c->dump = dump;
}

void ldap_conn_init_tcp(ldap_conn *c, ilpc_stack *s, ilpc_tcp *tcp, int timeout_ms, size_t max_message,
                        FILE *dump)
{
    ldap_conn_init(c, -1, timeout_ms, max_message, dump);
    c->stack = s;
    c->tcp = tcp;
    (void)ilpc_cipher_init(&c->none, ILPC_CIPHER_NONE, NULL, 0); /* cannot fail: no key */
}

/* Refills the buffer: 1 bytes came, 0 end of stream, -1 error (err set). */
static int fill(ldap_conn *c, char *err, size_t errlen)
{
    if (c->timeout_ms > 0) {
        struct pollfd p = {.fd = c->fd, .events = POLLIN};
        int r;
        do
            r = poll(&p, 1, c->timeout_ms);
        while (r < 0 && errno == EINTR);
        if (r < 0) {
            seterr(err, errlen, "poll: %s", strerror(errno));
            return -1;
        }
        if (r == 0) {
            seterr(err, errlen, "timed out after %d ms waiting for the peer", c->timeout_ms);
            return -1;
        }
    }
    ssize_t n;
    do
        n = recv(c->fd, c->buf, sizeof c->buf, 0);
    while (n < 0 && errno == EINTR);
    if (n < 0) {
        seterr(err, errlen, "recv: %s", strerror(errno));
        return -1;
    }
    c->off = 0;
    c->len = (size_t)n;
    return n > 0;
}

/* Copies n bytes from the stream: 1 done, 0 end of stream before all came, -1 error. */
static int read_exact(ldap_conn *c, uint8_t *dst, size_t n, size_t *got, char *err, size_t errlen)
{
    *got = 0;
    while (*got < n) {
        if (c->off == c->len) {
            int r = fill(c, err, errlen);
            if (r <= 0)
                return r;
        }
        size_t k = c->len - c->off;
        if (k > n - *got)
            k = n - *got;
        memcpy(dst + *got, c->buf + c->off, k);
        c->off += k;
        *got += k;
    }
    return 1;
}

/* The header of an LDAPMessage, its first `have` bytes in h: the tag must be SEQUENCE, the
 * length definite (RFC 4511 5.1), of at most 4 octets, the whole message at most
 * max_message bytes.  1: *total is the message's length, *hlen its header's; 0: the
 * header is *hlen bytes, more than `have` (*hlen is 2 while have < 2); -1: refused (err set). */
static int message_header(const ldap_conn *c, const uint8_t *h, size_t have, size_t *hlen, size_t *total,
                          char *err, size_t errlen)
{
    *hlen = 2;
    if (have < 2)
        return 0;
    if (h[0] != 0x30) {
        seterr(err, errlen, "not an LDAPMessage: tag octet 0x%02x where a SEQUENCE (0x30) is due", h[0]);
        return -1;
    }
    if (h[1] == 0x80) {
        seterr(err, errlen, "an indefinite length, which LDAP does not allow (RFC 4511 5.1)");
        return -1;
    }
    size_t clen = h[1];
    if (h[1] > 0x80) {
        size_t nl = h[1] & 0x7f;
        if (nl > 4) {
            seterr(err, errlen, "a length of %zu octets: message too large", nl);
            return -1;
        }
        *hlen = 2 + nl;
        if (have < *hlen)
            return 0;
        clen = 0;
        for (size_t i = 0; i < nl; i++)
            clen = (clen << 8) | h[2 + i];
    }
    if (clen > c->max_message || *hlen + clen > c->max_message) {
        seterr(err, errlen, "a message of %zu bytes, more than the limit of %zu", *hlen + clen, c->max_message);
        return -1;
    }
    *total = *hlen + clen;
    return 1;
}

int ldap_read_tlv(ldap_conn *c, uint8_t **out, size_t *out_len, char *err, size_t errlen)
{
    uint8_t hdr[6];
    size_t got, hlen, total = 0;
    int r;

    *out = NULL;
    *out_len = 0;
    r = read_exact(c, hdr, 2, &got, err, errlen);
    if (r < 0)
        return LDAP_READ_ERROR;
    if (r == 0) {
        if (got == 0)
            return LDAP_READ_EOF;
        seterr(err, errlen, "connection closed inside a message header");
        return LDAP_READ_ERROR;
    }
    r = message_header(c, hdr, 2, &hlen, &total, err, errlen);
    if (r == 0) { /* a long-form length: its octets */
        r = read_exact(c, hdr + 2, hlen - 2, &got, err, errlen);
        if (r < 0)
            return LDAP_READ_ERROR;
        if (r == 0) {
            seterr(err, errlen, "connection closed inside a message header");
            return LDAP_READ_ERROR;
        }
        r = message_header(c, hdr, hlen, &hlen, &total, err, errlen);
    }
    if (r < 0)
        return LDAP_READ_ERROR;
    size_t clen = total - hlen;
    uint8_t *buf = xmalloc(hlen + clen);
    memcpy(buf, hdr, hlen);
    r = read_exact(c, buf + hlen, clen, &got, err, errlen);
    if (r <= 0) {
        if (r == 0)
            seterr(err, errlen, "connection closed after %zu of the message's %zu bytes", hlen + got, hlen + clen);
        free(buf);
        return LDAP_READ_ERROR;
    }
    if (c->dump != NULL) {
        fputc('I', c->dump);
        fwrite(buf, 1, hlen + clen, c->dump);
        fflush(c->dump);
    }
    *out = buf;
    *out_len = hlen + clen;
    return LDAP_READ_OK;
}

/* The message at the start of the receive ring, its header checked by message_header:
 * 1 the whole message is there, 0 not yet, -1 refused (err set). */
static int ring_message_ready(const ldap_conn *c, const uint8_t *const p[2], const size_t n[2], size_t have,
                              char *err, size_t errlen)
{
    uint8_t h[6];
    size_t k = have < sizeof h ? have : sizeof h, hlen, total = 0;
    for (size_t i = 0; i < k; i++)
        h[i] = i < n[0] ? p[0][i] : p[1][i - n[0]];
    int r = message_header(c, h, k, &hlen, &total, err, errlen);
    return r <= 0 ? r : have >= total;
}

/* The user-level TCP: waits until a whole message is in the receive ring, then decodes
 * it there (LDAPMessage_ilp_recv_spans_ber: no copy out of the ring) and releases it. */
static int ring_read_message(ldap_conn *c, ldap_msg *m, char *err, size_t errlen)
{
    uint64_t now = ilpc_stack_now(c->stack);
    uint64_t deadline = c->timeout_ms > 0 ? now + (uint64_t)c->timeout_ms * ILPC_NS_PER_MS : ILPC_TIME_NEVER;
    for (;;) {
        const uint8_t *p[2];
        size_t n[2], used = 0;
        size_t have = ilpc_tcp_rx_peek(c->tcp, p, n);
        int r = ring_message_ready(c, p, n, have, err, errlen);
        if (r < 0)
            return LDAP_READ_ERROR;
        if (r > 0) {
            int rc = L(LDAPMessage_ilp_recv_spans_ber)(m, &c->none, c->rx_off, p, n, &used);
            if (rc != ILPC_OK) {
                seterr(err, errlen, "malformed LDAPMessage: %s", ilpc_strerror(rc));
                return LDAP_READ_ERROR;
            }
            if (c->dump != NULL) {
                fputc('I', c->dump);
                fwrite(p[0], 1, used < n[0] ? used : n[0], c->dump);
                if (used > n[0])
                    fwrite(p[1], 1, used - n[0], c->dump);
                fflush(c->dump);
            }
            ilpc_tcp_rx_consume(c->tcp, used);
            c->rx_off += used;
            c->ring_in++;
            return LDAP_READ_OK;
        }
        if (ilpc_tcp_error(c->tcp) != 0) {
            seterr(err, errlen, "the connection failed: %s", ilpc_strerror(ilpc_tcp_error(c->tcp)));
            return LDAP_READ_ERROR;
        }
        if (ilpc_tcp_rx_fin(c->tcp)) {
            if (have == 0)
                return LDAP_READ_EOF;
            seterr(err, errlen, "connection closed after %zu bytes of a message", have);
            return LDAP_READ_ERROR;
        }
        now = ilpc_stack_now(c->stack);
        if (now >= deadline) {
            seterr(err, errlen, "timed out after %d ms waiting for the peer", c->timeout_ms);
            return LDAP_READ_ERROR;
        }
        ilpc_stack_wait(c->stack, deadline); /* returns when segments come in */
        ilpc_stack_poll(c->stack, ilpc_stack_now(c->stack));
    }
}

/* The user-level TCP: the reply's DER written by the fused send straight into the send
 * ring, each segment's checksum computed on the way. */
static int ring_send_message(ldap_conn *c, const ldap_msg *m, char *err, size_t errlen)
{
    size_t len = L(LDAPMessage_msg_len_der)(m, ILPC_CIPHER_NONE);
    uint64_t timeout = c->timeout_ms > 0 ? (uint64_t)c->timeout_ms * ILPC_NS_PER_MS : ILPC_TIME_NEVER;
    ilpc_tx_slot slot;
    int rc = ilpc_tcp_tx_reserve(c->tcp, len, &slot);
    if (rc == ILPC_E_AGAIN) {
        rc = ilpc_tcp_wait_writable(c->tcp, len, timeout);
        if (rc == ILPC_OK)
            rc = ilpc_tcp_tx_reserve(c->tcp, len, &slot);
    }
    if (rc != ILPC_OK) {
        seterr(err, errlen, "cannot queue a reply of %zu bytes: %s", len, ilpc_strerror(rc));
        return -1;
    }
    rc = L(LDAPMessage_ilp_send_der)(m, &c->none, c->tx_off, &slot);
    if (rc != ILPC_OK) {
        ilpc_tcp_tx_cancel(c->tcp, &slot);
        seterr(err, errlen, "cannot encode the message: %s", ilpc_strerror(rc));
        return -1;
    }
    if (c->dump != NULL) {
        fputc('O', c->dump);
        fwrite(slot.p[0], 1, slot.n[0], c->dump);
        if (slot.n[1] > 0)
            fwrite(slot.p[1], 1, slot.n[1], c->dump);
        fflush(c->dump);
    }
    rc = ilpc_tcp_tx_commit(c->tcp, &slot, 1);
    if (rc != ILPC_OK) {
        seterr(err, errlen, "cannot send the message: %s", ilpc_strerror(rc));
        return -1;
    }
    c->tx_off += len;
    c->fused_out++;
    return 0;
}

int ldap_read_message(ldap_conn *c, ldap_msg *m, char *err, size_t errlen)
{
    uint8_t *buf;
    size_t n;
    memset(m, 0, sizeof *m);
    if (c->tcp != NULL)
        return ring_read_message(c, m, err, errlen);
    int r = ldap_read_tlv(c, &buf, &n, err, errlen);
    if (r != LDAP_READ_OK)
        return r;
    int rc = L(LDAPMessage_decode_ber)(m, buf, n);
    free(buf);
    if (rc != ILPC_OK) {
        seterr(err, errlen, "malformed LDAPMessage (%zu bytes): %s", n, ilpc_strerror(rc));
        return LDAP_READ_ERROR;
    }
    return LDAP_READ_OK;
}

int ldap_send_message(ldap_conn *c, const ldap_msg *m, char *err, size_t errlen)
{
    if (c->tcp != NULL)
        return ring_send_message(c, m, err, errlen);
    size_t cap = L(LDAPMessage_size_der)(m), len = 0;
    uint8_t *buf = xmalloc(cap);
    int rc = L(LDAPMessage_encode_der)(m, buf, cap, &len);
    if (rc != ILPC_OK) {
        seterr(err, errlen, "cannot encode the message: %s", ilpc_strerror(rc));
        free(buf);
        return -1;
    }
    if (c->dump != NULL) {
        fputc('O', c->dump);
        fwrite(buf, 1, len, c->dump);
        fflush(c->dump);
    }
    size_t done = 0;
    while (done < len) {
        ssize_t w = send(c->fd, buf + done, len - done, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0) {
            seterr(err, errlen, "send: %s", strerror(errno));
            free(buf);
            return -1;
        }
        done += (size_t)w;
    }
    free(buf);
    return 0;
}

/* ---- sockets ---------------------------------------------------------------------- */

static int split_hostport(const char *hostport, char *host, size_t hostcap, const char **port,
                          char *err, size_t errlen)
{
    const char *colon;
    const char *h = hostport;
    size_t hl;
    if (hostport[0] == '[') {
        const char *close = strchr(hostport, ']');
        if (close == NULL || close[1] != ':') {
            seterr(err, errlen, "bad address '%s': want [HOST]:PORT", hostport);
            return -1;
        }
        h = hostport + 1;
        hl = (size_t)(close - h);
        colon = close + 1;
    } else {
        colon = strrchr(hostport, ':');
        if (colon == NULL) {
            seterr(err, errlen, "bad address '%s': want HOST:PORT", hostport);
            return -1;
        }
        hl = (size_t)(colon - hostport);
    }
    if (hl == 0 || hl >= hostcap || colon[1] == '\0') {
        seterr(err, errlen, "bad address '%s': want HOST:PORT", hostport);
        return -1;
    }
    memcpy(host, h, hl);
    host[hl] = '\0';
    *port = colon + 1;
    return 0;
}

static int tcp_socket(const char *hostport, bool listening, int *port_out, char *err, size_t errlen)
{
    char host[256];
    const char *port;
    if (split_hostport(hostport, host, sizeof host, &port, err, errlen) < 0)
        return -1;
    struct addrinfo hints, *res, *ai;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = listening ? AI_PASSIVE : 0;
    int g = getaddrinfo(host, port, &hints, &res);
    if (g != 0) {
        seterr(err, errlen, "%s: %s", hostport, gai_strerror(g));
        return -1;
    }
    int fd = -1, saved = 0;
    for (ai = res; ai != NULL; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0) {
            saved = errno;
            continue;
        }
        if (listening) {
            int one = 1;
            (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
            if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 && listen(fd, 8) == 0)
                break;
        } else if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
            break;
        }
        saved = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) {
        seterr(err, errlen, "%s %s: %s", listening ? "listen on" : "connect to", hostport, strerror(saved));
        return -1;
    }
    if (port_out != NULL) {
        struct sockaddr_storage ss;
        socklen_t sl = sizeof ss;
        *port_out = 0;
        if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0) {
            if (ss.ss_family == AF_INET)
                *port_out = ntohs(((struct sockaddr_in *)&ss)->sin_port);
            else if (ss.ss_family == AF_INET6)
                *port_out = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
        }
    }
    return fd;
}

int ldap_tcp_connect(const char *hostport, char *err, size_t errlen)
{
    return tcp_socket(hostport, false, NULL, err, errlen);
}

int ldap_tcp_listen(const char *hostport, int *port_out, char *err, size_t errlen)
{
    return tcp_socket(hostport, true, port_out, err, errlen);
}

/* ---- result codes ----------------------------------------------------------------- */

const char *ldap_result_name(int code)
{
    static const struct { int code; const char *name; } names[] = {
        {0, "success"}, {1, "operationsError"}, {2, "protocolError"}, {3, "timeLimitExceeded"},
        {4, "sizeLimitExceeded"}, {5, "compareFalse"}, {6, "compareTrue"},
        {7, "authMethodNotSupported"}, {8, "strongerAuthRequired"}, {10, "referral"},
        {11, "adminLimitExceeded"}, {12, "unavailableCriticalExtension"},
        {13, "confidentialityRequired"}, {14, "saslBindInProgress"}, {16, "noSuchAttribute"},
        {17, "undefinedAttributeType"}, {18, "inappropriateMatching"}, {19, "constraintViolation"},
        {20, "attributeOrValueExists"}, {21, "invalidAttributeSyntax"}, {32, "noSuchObject"},
        {33, "aliasProblem"}, {34, "invalidDNSyntax"}, {36, "aliasDereferencingProblem"},
        {48, "inappropriateAuthentication"}, {49, "invalidCredentials"},
        {50, "insufficientAccessRights"}, {51, "busy"}, {52, "unavailable"},
        {53, "unwillingToPerform"}, {54, "loopDetect"}, {64, "namingViolation"},
        {65, "objectClassViolation"}, {66, "notAllowedOnNonLeaf"}, {67, "notAllowedOnRDN"},
        {68, "entryAlreadyExists"}, {69, "objectClassModsProhibited"},
        {71, "affectsMultipleDSAs"}, {80, "other"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].code == code)
            return names[i].name;
    return "unknown";
}

/* ---- filters (RFC 4515) ----------------------------------------------------------- */

typedef struct fparser {
    const char *s;
    size_t pos;
    char *err;
    size_t errlen;
} fparser;

static int fail(fparser *p, const char *what)
{
    seterr(p->err, p->errlen, "bad filter at offset %zu: %s", p->pos, what);
    return -1;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int parse_filter(fparser *p, L(Filter) *f, unsigned depth);

/* A growing byte string. */
typedef struct bytes {
    uint8_t *d;
    size_t n, cap;
} bytes;

static void bytes_put(bytes *b, uint8_t c)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 32;
        uint8_t *d = realloc(b->d, cap);
        if (d == NULL) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        b->d = d;
        b->cap = cap;
    }
    b->d[b->n++] = c;
}

static void set_from_bytes(uint8_t **data, uint32_t *len, const bytes *b)
{
    ldap_set_bytes(data, len, b->d, b->n);
}

/* The items of an and/or: filters until ')'. */
static int parse_list(fparser *p, L(Filter) **items, uint32_t *count, unsigned depth)
{
    size_t cap = 0;
    *items = NULL;
    *count = 0;
    while (p->s[p->pos] == '(') {
        if (*count == cap) {
            cap = cap ? 2 * cap : 4;
            L(Filter) *n = realloc(*items, cap * sizeof **items);
            if (n == NULL) {
                fprintf(stderr, "out of memory\n");
                exit(1);
            }
            *items = n;
        }
        memset(&(*items)[*count], 0, sizeof **items);
        if (parse_filter(p, &(*items)[*count], depth + 1) < 0)
            return -1;
        (*count)++;
    }
    if (*count == 0)
        return fail(p, "an empty '&' or '|' (RFC 4511 wants at least one filter)");
    return 0;
}

/* attr op value, up to the ')' (not consumed). */
static int parse_item(fparser *p, L(Filter) *f)
{
    size_t a0 = p->pos;
    for (;;) {
        char c = p->s[p->pos];
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
            c == ';' || c == '.')
            p->pos++;
        else
            break;
    }
    size_t alen = p->pos - a0;
    if (alen == 0)
        return fail(p, "an attribute description is due");
    const char *attr = p->s + a0;
    char op = p->s[p->pos];
    if (op == ':')
        return fail(p, "extensible matching is not supported by this client");
    if (op == '~' || op == '>' || op == '<') {
        if (p->s[p->pos + 1] != '=')
            return fail(p, "'=' is due after '~', '>' or '<'");
        p->pos += 2;
    } else if (op == '=') {
        p->pos++;
    } else {
        return fail(p, "'=', '~=', '>=' or '<=' is due");
    }
    /* the value: segments between unescaped '*' */
    bytes seg[64];
    size_t nseg = 1;
    memset(seg, 0, sizeof seg);
    int rc = 0;
    for (;;) {
        char c = p->s[p->pos];
        if (c == ')' || c == '\0')
            break;
        if (c == '(') {
            rc = fail(p, "an unescaped '(' in a value");
            goto out;
        }
        if (c == '*') {
            if (nseg == sizeof seg / sizeof seg[0]) {
                rc = fail(p, "too many '*'");
                goto out;
            }
            nseg++;
            p->pos++;
            continue;
        }
        if (c == '\\') {
            int h = hexval(p->s[p->pos + 1]), l = h < 0 ? -1 : hexval(p->s[p->pos + 2]);
            if (h < 0 || l < 0) {
                rc = fail(p, "'\\' must be followed by two hexadecimal digits");
                goto out;
            }
            bytes_put(&seg[nseg - 1], (uint8_t)(h * 16 + l));
            p->pos += 3;
            continue;
        }
        bytes_put(&seg[nseg - 1], (uint8_t)c);
        p->pos++;
    }
    if (nseg > 1 && op != '=') {
        rc = fail(p, "'*' in a '~=', '>=' or '<=' value (escape it as \\2a)");
        goto out;
    }
    if (nseg == 2 && seg[0].n == 0 && seg[1].n == 0) {
        f->which = FLT(present);
        SET_BYTES(f->u.present, attr, alen);
    } else if (nseg > 1) {
        L(SubstringFilter) *s = &f->u.substrings;
        f->which = FLT(substrings);
        SET_BYTES(s->type, attr, alen);
        s->substrings.items = xcalloc(nseg, sizeof *s->substrings.items);
        for (size_t i = 0; i < nseg; i++) {
            L(SubstringFilter_substrings_item) *it = &s->substrings.items[s->substrings.count];
            if (seg[i].n == 0)
                continue;
            if (i == 0) {
                it->which = SUB(initial);
                set_from_bytes(&it->u.initial.data, &it->u.initial.len, &seg[i]);
            } else if (i == nseg - 1) {
                it->which = SUB(final);
                set_from_bytes(&it->u.final.data, &it->u.final.len, &seg[i]);
            } else {
                it->which = SUB(any);
                set_from_bytes(&it->u.any.data, &it->u.any.len, &seg[i]);
            }
            s->substrings.count++;
        }
        if (s->substrings.count == 0) {
            rc = fail(p, "a substring filter with no substring");
            goto out;
        }
    } else {
        L(AttributeValueAssertion) *ava;
        if (op == '=') {
            f->which = FLT(equalityMatch);
            ava = &f->u.equalityMatch;
        } else if (op == '~') {
            f->which = FLT(approxMatch);
            ava = &f->u.approxMatch;
        } else if (op == '>') {
            f->which = FLT(greaterOrEqual);
            ava = &f->u.greaterOrEqual;
        } else {
            f->which = FLT(lessOrEqual);
            ava = &f->u.lessOrEqual;
        }
        SET_BYTES(ava->attributeDesc, attr, alen);
        set_from_bytes(&ava->assertionValue.data, &ava->assertionValue.len, &seg[0]);
    }
out:
    for (size_t i = 0; i < sizeof seg / sizeof seg[0]; i++)
        free(seg[i].d);
    return rc;
}

static int parse_filter(fparser *p, L(Filter) *f, unsigned depth)
{
    if (depth > LDAP_MAX_FILTER_DEPTH)
        return fail(p, "nested too deeply");
    if (p->s[p->pos] != '(')
        return fail(p, "'(' is due");
    p->pos++;
    char c = p->s[p->pos];
    int rc;
    if (c == '&' || c == '|') {
        p->pos++;
        f->which = c == '&' ? FLT(and) : FLT(or);
        if (c == '&')
            rc = parse_list(p, &f->u.and_.items, &f->u.and_.count, depth);
        else
            rc = parse_list(p, &f->u.or_.items, &f->u.or_.count, depth);
    } else if (c == '!') {
        p->pos++;
        f->which = FLT(not);
        f->u.not_ = xcalloc(1, sizeof *f->u.not_);
        rc = parse_filter(p, f->u.not_, depth + 1);
    } else {
        rc = parse_item(p, f);
    }
    if (rc < 0)
        return -1;
    if (p->s[p->pos] != ')')
        return fail(p, "')' is due");
    p->pos++;
    return 0;
}

int ldap_filter_parse(const char *s, L(Filter) *f, char *err, size_t errlen)
{
    fparser p = {.s = s, .pos = 0, .err = err, .errlen = errlen};
    char *wrapped = NULL;
    memset(f, 0, sizeof *f);
    if (s[0] != '(') { /* "cn=x" as ldapsearch takes it */
        size_t n = strlen(s);
        wrapped = xmalloc(n + 3);
        wrapped[0] = '(';
        memcpy(wrapped + 1, s, n);
        wrapped[n + 1] = ')';
        wrapped[n + 2] = '\0';
        p.s = wrapped;
    }
    int rc = parse_filter(&p, f, 0);
    if (rc == 0 && p.s[p.pos] != '\0')
        rc = fail(&p, "text after the filter");
    free(wrapped);
    if (rc < 0) {
        L(Filter_free)(f);
        return -1;
    }
    return 0;
}

/* ---- LDIF --------------------------------------------------------------------------- */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void put_base64(FILE *out, const uint8_t *v, size_t n)
{
    for (size_t i = 0; i < n; i += 3) {
        uint32_t x = (uint32_t)v[i] << 16;
        if (i + 1 < n)
            x |= (uint32_t)v[i + 1] << 8;
        if (i + 2 < n)
            x |= v[i + 2];
        fputc(b64[(x >> 18) & 63], out);
        fputc(b64[(x >> 12) & 63], out);
        fputc(i + 1 < n ? b64[(x >> 6) & 63] : '=', out);
        fputc(i + 2 < n ? b64[x & 63] : '=', out);
    }
}

int base64_decode(const char *in, size_t n, uint8_t **out, size_t *out_len)
{
    uint8_t *o = xmalloc(n / 4 * 3 + 3);
    size_t k = 0;
    uint32_t acc = 0;
    int bits = 0, pad = 0;
    for (size_t i = 0; i < n; i++) {
        char c = in[i];
        const char *q;
        if (c == '=') {
            pad++;
            continue;
        }
        if (c == ' ' || c == '\t')
            continue;
        if (pad > 0 || c == '\0' || (q = strchr(b64, c)) == NULL) {
            free(o);
            return -1;
        }
        acc = (acc << 6) | (uint32_t)(q - b64);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            o[k++] = (uint8_t)(acc >> bits);
            acc &= (1u << bits) - 1;
        }
    }
    *out = o;
    *out_len = k;
    return 0;
}

void ldif_put(FILE *out, const char *name, size_t name_len, const uint8_t *v, size_t n)
{
    static const char pw[] = "userPassword";
    bool b = ascii_ieq((const uint8_t *)name, name_len, (const uint8_t *)pw, sizeof pw - 1);
    if (n > 0) {
        /* as OpenLDAP's LDIF writer: the first and last octets must be graphic, the first
         * not ':' or '<', and every octet printable ASCII */
        if (v[0] <= 0x20 || v[0] >= 0x7f || v[0] == ':' || v[0] == '<' || v[n - 1] <= 0x20 || v[n - 1] >= 0x7f)
            b = true;
        for (size_t i = 0; i < n && !b; i++)
            if (v[i] < 0x20 || v[i] >= 0x7f)
                b = true;
    }
    fwrite(name, 1, name_len, out);
    if (n == 0) { /* as ldapsearch: "name:" */
        fputs(":\n", out);
        return;
    }
    if (b) {
        fputs(":: ", out);
        put_base64(out, v, n);
    } else {
        fputs(": ", out);
        fwrite(v, 1, n, out);
    }
    fputc('\n', out);
}
