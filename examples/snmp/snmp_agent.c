/* snmp_agent.c - an SNMPv1/SNMPv2c agent over a kernel UDP socket, on ilpc's
 * generated BER codecs (snmp_common.c), serving a small fixed MIB.
 *
 *   snmp-agent [--listen HOST:PORT] [--community C] [--uptime TICKS] [--lifetime SECONDS]
 *              [--contact TEXT] [--name TEXT] [--location TEXT]
 *
 * --listen defaults to 127.0.0.1:0 (a free port); the agent prints
 * "snmp-agent: listening on 127.0.0.1:PORT" on stdout once it is ready.  It answers
 * Get, GetNext and (v2c) GetBulk; Set is refused (notWritable in v2c, noSuchName in
 * v1: RFC 2576 section 4.3).  Missing objects are noSuchObject / noSuchInstance /
 * endOfMibView in v2c and noSuchName in v1 (RFC 3416 section 4.2, RFC 1157 section
 * 4.1); Counter64 objects do not exist for v1 (RFC 2576 section 4.1.2.1).  A
 * datagram with a wrong community, or one that does not decode, gets no answer: it is
 * counted and reported on stderr.  SIGTERM or SIGINT, or --lifetime, ends it with its
 * counters on stderr and exit status 0.
 *
 * --uptime fixes sysUpTime.0 at TICKS (for tests that compare outputs); without it,
 * sysUpTime counts hundredths of seconds since the agent started. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "ilpc_error.h"
#include "snmp_common.h"

/* RFC 1213's largest message every agent must take is 484 octets; a response is kept
 * within one Ethernet frame's UDP payload over IPv4. */
#define MAX_RESPONSE 1472
#define PEER_NAME_MAX (INET6_ADDRSTRLEN + 32)   /* "addr:port" */

/* ---- the MIB */

typedef struct mib_object {
    const char *oid;     /* the instance */
    unsigned inst_len;   /* arcs of the instance suffix (".0" of a scalar: 1) */
    enum snmp_type type;
    const char *text;    /* STRING, OID */
    int64_t integer;
    uint64_t number;
    const uint8_t *bytes;   /* STRING with octets, Opaque */
    uint32_t len;
} mib_object;

static const char *opt_contact = "ilpc examples <snmp@example.org>";
static const char *opt_name = "ilpc-snmp-agent";
static const char *opt_location = "examples/snmp, ilpc";
static long long opt_uptime = -1;
static double started;

static const uint8_t phys_address[] = { 0x02, 0x00, 0x5e, 0x10, 0x00, 0x01 };
static const uint8_t opaque_bytes[] = { 0x04, 0x02, 0x68, 0x69 };   /* an OCTET STRING "hi" */
static const uint8_t opaque_float[] = { 0x9f, 0x78, 0x04, 0x3f, 0xc0, 0x00, 0x00 };  /* net-snmp's float 1.5 */

/* Sorted by OID (checked at start).  32473 is the enterprise number for documentation
 * (RFC 5612). */
static mib_object mib[] = {
    { ".1.3.6.1.2.1.1.1.0", 1, SNMP_T_STRING, "ilpc SNMP agent (examples/snmp): BER by ilpc-generated code", 0, 0, NULL, 0 },
    { ".1.3.6.1.2.1.1.2.0", 1, SNMP_T_OID, ".1.3.6.1.4.1.32473.1", 0, 0, NULL, 0 },
    { ".1.3.6.1.2.1.1.3.0", 1, SNMP_T_TIMETICKS, NULL, 0, 0, NULL, 0 },   /* sysUpTime: live */
    { ".1.3.6.1.2.1.1.4.0", 1, SNMP_T_STRING, NULL, 0, 0, NULL, 0 },      /* sysContact */
    { ".1.3.6.1.2.1.1.5.0", 1, SNMP_T_STRING, NULL, 0, 0, NULL, 0 },      /* sysName */
    { ".1.3.6.1.2.1.1.6.0", 1, SNMP_T_STRING, NULL, 0, 0, NULL, 0 },      /* sysLocation */
    { ".1.3.6.1.2.1.1.7.0", 1, SNMP_T_INTEGER, NULL, 72, 0, NULL, 0 },    /* sysServices */
    { ".1.3.6.1.2.1.2.1.0", 1, SNMP_T_INTEGER, NULL, 1, 0, NULL, 0 },     /* ifNumber */
    { ".1.3.6.1.2.1.2.2.1.5.1", 1, SNMP_T_GAUGE32, NULL, 0, 1000000000, NULL, 0 },  /* ifSpeed.1 */
    { ".1.3.6.1.2.1.2.2.1.6.1", 1, SNMP_T_STRING, NULL, 0, 0, phys_address, sizeof phys_address },
    { ".1.3.6.1.2.1.2.2.1.10.1", 1, SNMP_T_COUNTER32, NULL, 0, 4294967295u, NULL, 0 },  /* ifInOctets.1 */
    { ".1.3.6.1.2.1.4.20.1.1.127.0.0.1", 4, SNMP_T_IPADDRESS, "127.0.0.1", 0, 0, NULL, 0 },  /* ipAdEntAddr */
    { ".1.3.6.1.2.1.31.1.1.1.6.1", 1, SNMP_T_COUNTER64, NULL, 0, UINT64_C(18446744073709551615), NULL, 0 },  /* ifHCInOctets.1 */
    { ".1.3.6.1.4.1.32473.1.1.0", 1, SNMP_T_INTEGER, NULL, -2147483647 - 1, 0, NULL, 0 },
    { ".1.3.6.1.4.1.32473.1.2.0", 1, SNMP_T_STRING, "", 0, 0, NULL, 0 },
    { ".1.3.6.1.4.1.32473.1.3.0", 1, SNMP_T_STRING, "quote \" and backslash \\", 0, 0, NULL, 0 },
    { ".1.3.6.1.4.1.32473.1.4.0", 1, SNMP_T_OPAQUE, NULL, 0, 0, opaque_bytes, sizeof opaque_bytes },
    { ".1.3.6.1.4.1.32473.1.5.0", 1, SNMP_T_COUNTER64, NULL, 0, 1234567890123ull, NULL, 0 },
    { ".1.3.6.1.4.1.32473.1.6.0", 1, SNMP_T_INTEGER, NULL, 2147483647, 0, NULL, 0 },
    { ".1.3.6.1.4.1.32473.1.7.0", 1, SNMP_T_OPAQUE, NULL, 0, 0, opaque_float, sizeof opaque_float },
};
#define MIB_SIZE (sizeof mib / sizeof mib[0])
static snmp_oid mib_oids[MIB_SIZE];

static void mib_init(void)
{
    mib[3].text = opt_contact;
    mib[4].text = opt_name;
    mib[5].text = opt_location;
    for (size_t i = 0; i < MIB_SIZE; i++) {
        if (snmp_oid_parse(mib[i].oid, &mib_oids[i]) != 0
            || (i > 0 && snmp_oid_compare(&mib_oids[i - 1], &mib_oids[i]) >= 0)) {
            fprintf(stderr, "snmp-agent: the MIB table is wrong at %s\n", mib[i].oid);
            exit(1);
        }
    }
}

/* VALUE of object I (its bytes point into the table: not to be freed). */
static void mib_value(size_t i, snmp_value *v)
{
    const mib_object *o = &mib[i];
    memset(v, 0, sizeof *v);
    v->type = o->type;
    switch (o->type) {
    case SNMP_T_STRING:
    case SNMP_T_OPAQUE:
        v->bytes = (uint8_t *)(uintptr_t)(o->bytes ? o->bytes : (const uint8_t *)o->text);
        v->len = o->bytes ? o->len : (uint32_t)strlen(o->text);
        break;
    case SNMP_T_OID:
        snmp_oid_parse(o->text, &v->oid);
        break;
    case SNMP_T_IPADDRESS:
        inet_pton(AF_INET, o->text, v->ip);
        break;
    case SNMP_T_TIMETICKS:
        if (opt_uptime >= 0) {
            v->number = (uint64_t)opt_uptime;
        } else {
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            double t = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9 - started;
            v->number = (uint64_t)(t * 100) & 0xffffffffu;
        }
        break;
    default:
        v->integer = o->integer;
        v->number = o->number;
        break;
    }
}

static int visible(size_t i, int version)
{
    return !(version == SNMP_VERSION_1 && mib[i].type == SNMP_T_COUNTER64);
}

/* Get: the object's index, or -1 with *exception set (v2c's noSuchObject or
 * noSuchInstance). */
static long mib_find(const snmp_oid *name, int version, enum snmp_type *exception)
{
    *exception = SNMP_T_NOSUCHOBJECT;
    for (size_t i = 0; i < MIB_SIZE; i++) {
        if (!visible(i, version))
            continue;
        if (snmp_oid_compare(&mib_oids[i], name) == 0)
            return (long)i;
        snmp_oid object = mib_oids[i];
        object.len -= mib[i].inst_len;
        if (snmp_oid_has_prefix(name, &object) && name->len > object.len)
            *exception = SNMP_T_NOSUCHINSTANCE;   /* the object is there, not this instance */
    }
    return -1;
}

/* GetNext: the first object after NAME, or -1 (end of the MIB view). */
static long mib_next(const snmp_oid *name, int version)
{
    for (size_t i = 0; i < MIB_SIZE; i++)
        if (visible(i, version) && snmp_oid_compare(&mib_oids[i], name) > 0)
            return (long)i;
    return -1;
}

/* ---- requests */

static unsigned long n_packets, n_answered, n_bad_datagrams, n_bad_versions, n_bad_communities,
    n_ignored_pdus, n_too_big;

/* Append NAME = object I (or an exception) to RESP; -1 on no memory. */
static int answer(snmp_pdu *resp, const snmp_oid *name, long i, enum snmp_type exception)
{
    snmp_value v;
    if (i >= 0) {
        mib_value((size_t)i, &v);
        name = &mib_oids[i];
    } else {
        memset(&v, 0, sizeof v);
        v.type = exception;
    }
    return snmp_pdu_add(resp, name, &v) == ILPC_OK ? 0 : -1;
}

/* The response to REQ in RESP (same version, community, request-id): 0, or -1 when
 * nothing is to be sent. */
static int respond(const snmp_pdu *req, snmp_pdu *resp)
{
    memset(resp, 0, sizeof *resp);
    resp->version = req->version;
    memcpy(resp->community, req->community, req->community_len);
    resp->community_len = req->community_len;
    resp->type = SNMP_RESPONSE;
    resp->request_id = req->request_id;
    int v1 = req->version == SNMP_VERSION_1;

    if (req->type == SNMP_GET || req->type == SNMP_GETNEXT) {
        for (uint32_t k = 0; k < req->count; k++) {
            const snmp_oid *name = &req->vbs[k].name;
            enum snmp_type exception = SNMP_T_ENDOFMIBVIEW;
            long i = req->type == SNMP_GET ? mib_find(name, req->version, &exception)
                                           : mib_next(name, req->version);
            if (i < 0 && v1) {
                /* RFC 1157 4.1.2/4.1.3: noSuchName, with the request's bindings */
                snmp_pdu_free(resp);
                resp->error_status = SNMP_ERR_NOSUCHNAME;
                resp->error_index = k + 1;
                for (uint32_t j = 0; j < req->count; j++)
                    if (snmp_pdu_add(resp, &req->vbs[j].name, &req->vbs[j].value) != ILPC_OK)
                        return -1;
                return 0;
            }
            if (answer(resp, name, i, exception) != 0)
                return -1;
        }
        return 0;
    }
    if (req->type == SNMP_GETBULK) {   /* RFC 3416 4.2.3 */
        int64_t n = req->error_status < 0 ? 0 : req->error_status;        /* non-repeaters */
        int64_t m = req->error_index < 0 ? 0 : req->error_index;          /* max-repetitions */
        if (n > (int64_t)req->count)
            n = req->count;
        for (uint32_t k = 0; k < (uint32_t)n; k++)
            if (answer(resp, &req->vbs[k].name, mib_next(&req->vbs[k].name, req->version),
                       SNMP_T_ENDOFMIBVIEW) != 0)
                return -1;
        uint32_t r = req->count - (uint32_t)n;
        if (r == 0 || m == 0)
            return 0;
        snmp_oid *last = malloc(r * sizeof *last);
        if (!last)
            return -1;
        for (uint32_t k = 0; k < r; k++)
            last[k] = req->vbs[n + k].name;
        /* Each repetition is a row of r bindings; a response stops growing when every
         * repeater has reached the end of the MIB, or once it holds more bindings than
         * MAX_RESPONSE octets can (7 octets at the least each); encode_response cuts
         * what does not fit. */
        int rc = 0;
        for (int64_t rep = 0; rep < m && rc == 0; rep++) {
            int all_ended = 1;
            for (uint32_t k = 0; k < r && rc == 0; k++) {
                long i = mib_next(&last[k], req->version);
                if (i >= 0) {
                    last[k] = mib_oids[i];
                    all_ended = 0;
                }
                rc = answer(resp, &last[k], i, SNMP_T_ENDOFMIBVIEW);
            }
            if (all_ended || resp->count > MAX_RESPONSE / 7)
                break;
        }
        free(last);
        return rc;
    }
    if (req->type == SNMP_SET) {   /* read-only: every binding is not writable */
        resp->error_status = v1 ? SNMP_ERR_NOSUCHNAME : SNMP_ERR_NOTWRITABLE;
        resp->error_index = req->count ? 1 : 0;
        for (uint32_t j = 0; j < req->count; j++)
            if (snmp_pdu_add(resp, &req->vbs[j].name, &req->vbs[j].value) != ILPC_OK)
                return -1;
        return 0;
    }
    return -1;   /* responses, traps, informs, reports: not for an agent to answer */
}

/* Encode RESP within MAX_RESPONSE: a GetBulk response loses bindings from its end
 * (RFC 3416 4.2.3); any other one that does not fit becomes tooBig (RFC 3416 4.2.1:
 * no bindings; RFC 1157 4.1.2: the request's bindings). */
static int encode_response(const snmp_pdu *req, snmp_pdu *resp, uint8_t *out, size_t *len)
{
    int rc = snmp_encode(resp, out, MAX_RESPONSE, len);
    while (rc == ILPC_E_SHORT_BUFFER && req->type == SNMP_GETBULK && resp->count > 0) {
        resp->count--;
        snmp_value_free(&resp->vbs[resp->count].value);
        rc = snmp_encode(resp, out, MAX_RESPONSE, len);
    }
    if (rc == ILPC_E_SHORT_BUFFER) {
        n_too_big++;
        snmp_pdu_free(resp);
        resp->error_status = SNMP_ERR_TOOBIG;
        resp->error_index = 0;
        if (req->version == SNMP_VERSION_1)
            for (uint32_t j = 0; j < req->count; j++)
                if (snmp_pdu_add(resp, &req->vbs[j].name, &req->vbs[j].value) != ILPC_OK)
                    return ILPC_E_NOMEM;
        rc = snmp_encode(resp, out, MAX_RESPONSE, len);
    }
    return rc;
}

static void peer_name(const struct sockaddr_storage *ss, socklen_t sl, char *buf, size_t cap)
{
    char host[INET6_ADDRSTRLEN + 8], port[16];
    if (getnameinfo((const struct sockaddr *)ss, sl, host, sizeof host, port, sizeof port,
                    NI_NUMERICHOST | NI_NUMERICSERV) != 0)
        snprintf(buf, cap, "?");
    else
        snprintf(buf, cap, "%s:%s", host, port);
}

static void handle(int fd, const uint8_t *in, size_t len, const struct sockaddr_storage *from,
                   socklen_t fromlen, const char *community)
{
    static uint8_t out[MAX_RESPONSE];
    char peer[PEER_NAME_MAX];
    snmp_pdu req, resp;
    n_packets++;
    int rc = snmp_decode(in, len, &req);
    if (rc != ILPC_OK) {
        peer_name(from, fromlen, peer, sizeof peer);
        if (rc == SNMP_E_VERSION)
            n_bad_versions++;
        else
            n_bad_datagrams++;
        fprintf(stderr, "snmp-agent: dropped a datagram of %zu octets from %s: %s\n", len, peer,
                snmp_strerror(rc));
        return;
    }
    if (req.community_len != strlen(community) || memcmp(req.community, community, req.community_len) != 0) {
        peer_name(from, fromlen, peer, sizeof peer);
        n_bad_communities++;
        fprintf(stderr, "snmp-agent: dropped a request from %s: wrong community\n", peer);
        snmp_pdu_free(&req);
        return;
    }
    if (respond(&req, &resp) != 0) {
        n_ignored_pdus++;
        snmp_pdu_free(&resp);
        snmp_pdu_free(&req);
        return;
    }
    size_t outlen;
    rc = encode_response(&req, &resp, out, &outlen);
    if (rc == ILPC_OK) {
        if (sendto(fd, out, outlen, 0, (const struct sockaddr *)from, fromlen) < 0)
            fprintf(stderr, "snmp-agent: sendto: %s\n", strerror(errno));
        else
            n_answered++;
    } else {
        fprintf(stderr, "snmp-agent: cannot encode a response: %s\n", snmp_strerror(rc));
    }
    snmp_pdu_free(&resp);
    snmp_pdu_free(&req);
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

static void usage_to(FILE *f, int status)
{
    fprintf(f, "usage: snmp-agent [--listen HOST:PORT] [--community C] [--uptime TICKS]\n"
                    "                  [--lifetime SECONDS] [--contact TEXT] [--name TEXT] [--location TEXT]\n");
    exit(status);
}

static void usage(void)
{
    usage_to(stderr, 1);
}

int main(int argc, char **argv)
{
    const char *listen_at = "127.0.0.1:0", *community = "public";
    double lifetime = 0;
    for (int i = 1; i < argc; i += 2) {
        if (strcmp(argv[i], "--help") == 0)
            usage_to(stdout, 0);
        if (i + 1 >= argc)
            usage();
        const char *opt = argv[i], *val = argv[i + 1];
        char *end = NULL;
        if (strcmp(opt, "--listen") == 0)
            listen_at = val;
        else if (strcmp(opt, "--community") == 0)
            community = val;
        else if (strcmp(opt, "--contact") == 0)
            opt_contact = val;
        else if (strcmp(opt, "--name") == 0)
            opt_name = val;
        else if (strcmp(opt, "--location") == 0)
            opt_location = val;
        else if (strcmp(opt, "--uptime") == 0) {
            opt_uptime = strtoll(val, &end, 10);
            if (*end || opt_uptime < 0 || opt_uptime > 4294967295LL)
                usage();
        } else if (strcmp(opt, "--lifetime") == 0) {
            lifetime = strtod(val, &end);
            if (*end || lifetime < 0)
                usage();
        } else
            usage();
    }
    if (strlen(community) > SNMP_MAX_COMMUNITY)
        usage();
    mib_init();

    char host[256];
    const char *colon = strrchr(listen_at, ':');
    if (!colon || (size_t)(colon - listen_at) >= sizeof host)
        usage();
    memcpy(host, listen_at, (size_t)(colon - listen_at));
    host[colon - listen_at] = '\0';
    struct addrinfo hints = { .ai_socktype = SOCK_DGRAM, .ai_flags = AI_PASSIVE | AI_NUMERICHOST }, *ai;
    int rc = getaddrinfo(host[0] ? host : NULL, colon + 1, &hints, &ai);
    if (rc != 0) {
        fprintf(stderr, "snmp-agent: %s: %s\n", listen_at, gai_strerror(rc));
        return 1;
    }
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0 || bind(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        fprintf(stderr, "snmp-agent: bind %s: %s\n", listen_at, strerror(errno));
        freeaddrinfo(ai);
        return 1;
    }
    freeaddrinfo(ai);
    struct sockaddr_storage me;
    socklen_t melen = sizeof me;
    char where[PEER_NAME_MAX];
    getsockname(fd, (struct sockaddr *)&me, &melen);
    peer_name(&me, melen, where, sizeof where);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;   /* no SA_RESTART: poll returns EINTR */
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);

    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    started = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    printf("snmp-agent: listening on %s\n", where);
    fflush(stdout);

    static uint8_t in[SNMP_MAX_DATAGRAM + 1];
    while (!stop) {
        int wait_ms = 1000;
        if (lifetime > 0) {
            clock_gettime(CLOCK_MONOTONIC, &ts);
            double left = started + lifetime - ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
            if (left <= 0) {
                fprintf(stderr, "snmp-agent: lifetime of %g s is over\n", lifetime);
                break;
            }
            if (left * 1000 < wait_ms)
                wait_ms = (int)(left * 1000) + 1;
        }
        struct pollfd pfd = { .fd = fd, .events = POLLIN };
        int n = poll(&pfd, 1, wait_ms);
        if (n <= 0)
            continue;   /* timeout, or EINTR: the loop's test sees stop */
        struct sockaddr_storage from;
        socklen_t fromlen = sizeof from;
        ssize_t got = recvfrom(fd, in, sizeof in, 0, (struct sockaddr *)&from, &fromlen);
        if (got < 0) {
            if (errno != EINTR && errno != EAGAIN)
                fprintf(stderr, "snmp-agent: recvfrom: %s\n", strerror(errno));
            continue;
        }
        handle(fd, in, (size_t)got, &from, fromlen, community);
    }
    close(fd);
    fprintf(stderr, "snmp-agent: %lu datagrams, %lu answered, %lu dropped as malformed, "
            "%lu with a bad version, %lu with a wrong community, %lu PDUs not answered, %lu tooBig\n",
            n_packets, n_answered, n_bad_datagrams, n_bad_versions, n_bad_communities, n_ignored_pdus,
            n_too_big);
    return 0;
}
