/* snmp_client.c - an SNMPv1/SNMPv2c manager over a kernel UDP socket, on ilpc's
 * generated BER codecs (snmp_common.c).
 *
 *   snmp-client --agent HOST:PORT [--community C] [--version 1|2c] [--timeout SECONDS]
 *               [--retries N] [--max-repetitions N]
 *               get OID... | getnext OID... | walk OID | bulkwalk OID
 *
 * It prints what net-snmp's snmpget, snmpgetnext, snmpwalk and snmpbulkwalk print
 * with -On -Oe (and no MIB files), on the same streams, with the same exit status:
 * 0, 1 (no response, or no valid one), 2 (an error-status in the response).
 * A request is sent again (same request-id) after each timeout, `retries` times;
 * responses whose request-id, version or PDU type do not match are ignored, and
 * datagrams that do not decode are reported on stderr and ignored. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "ilpc_error.h"
#include "snmp_common.h"

typedef struct client {
    const char *agent;       /* as given: net-snmp's messages name the peer so */
    int fd;
    int version;
    const char *community;
    double timeout;
    int retries;
    int max_repetitions;
    uint32_t next_id;
} client;

enum { T_OK = 0, T_TIMEOUT = 1, T_FAIL = 2 };

static void usage_to(FILE *f, int status)
{
    fprintf(f,
            "usage: snmp-client --agent HOST:PORT [--community C] [--version 1|2c]\n"
            "                   [--timeout SECONDS] [--retries N] [--max-repetitions N]\n"
            "                   get OID... | getnext OID... | walk OID | bulkwalk OID\n");
    exit(status);
}

static void usage(void)
{
    usage_to(stderr, 1);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int open_socket(const char *agent)
{
    char host[256];
    const char *colon = strrchr(agent, ':');
    if (!colon || colon == agent || (size_t)(colon - agent) >= sizeof host) {
        fprintf(stderr, "snmp-client: --agent wants HOST:PORT, not '%s'\n", agent);
        return -1;
    }
    memcpy(host, agent, (size_t)(colon - agent));
    host[colon - agent] = '\0';
    if (host[0] == '[' && host[strlen(host) - 1] == ']') {   /* [::1]:161 */
        memmove(host, host + 1, strlen(host));
        host[strlen(host) - 1] = '\0';
    }
    struct addrinfo hints = { .ai_socktype = SOCK_DGRAM, .ai_family = AF_UNSPEC }, *ai;
    int rc = getaddrinfo(host, colon + 1, &hints, &ai);
    if (rc != 0) {
        fprintf(stderr, "snmp-client: %s: %s\n", agent, gai_strerror(rc));
        return -1;
    }
    int fd = -1;
    for (struct addrinfo *a = ai; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        /* connected: the kernel drops datagrams from anyone but the agent */
        if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(ai);
    if (fd < 0)
        fprintf(stderr, "snmp-client: %s: %s\n", agent, strerror(errno));
    return fd;
}

static uint32_t first_request_id(void)
{
    uint32_t id = 0;
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0 || read(fd, &id, sizeof id) != (ssize_t)sizeof id)
        id = (uint32_t)time(NULL) ^ ((uint32_t)getpid() << 16);
    if (fd >= 0)
        close(fd);
    return id & 0x3fffffff;
}

/* One request and its response: T_OK with *resp filled in, T_TIMEOUT (nothing valid
 * came back; message printed when bad datagrams came), or T_FAIL (message printed). */
static int transact(client *c, snmp_pdu *req, snmp_pdu *resp)
{
    static uint8_t out[SNMP_MAX_DATAGRAM], in[SNMP_MAX_DATAGRAM + 1];
    size_t len;
    req->version = c->version;
    req->community_len = (uint32_t)strlen(c->community);
    memcpy(req->community, c->community, req->community_len);
    req->request_id = (int64_t)(c->next_id++ & 0x7fffffff);
    int rc = snmp_encode(req, out, sizeof out, &len);
    if (rc != ILPC_OK) {
        fprintf(stderr, "snmp-client: cannot encode the request: %s\n", snmp_strerror(rc));
        return T_FAIL;
    }
    unsigned bad = 0;
    int last_bad = ILPC_OK;
    for (int attempt = 0; attempt <= c->retries; attempt++) {
        if (send(c->fd, out, len, 0) < 0 && errno != ECONNREFUSED) {
            fprintf(stderr, "snmp-client: send to %s: %s\n", c->agent, strerror(errno));
            return T_FAIL;
        }
        double deadline = now() + c->timeout;
        for (;;) {
            double left = deadline - now();
            if (left <= 0)
                break;
            struct pollfd pfd = { .fd = c->fd, .events = POLLIN };
            int n = poll(&pfd, 1, (int)(left * 1000) + 1);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            ssize_t got = recv(c->fd, in, sizeof in, 0);
            if (got < 0) {
                if (errno == ECONNREFUSED || errno == EINTR || errno == EAGAIN)
                    continue;   /* ICMP port unreachable: as if nothing came */
                fprintf(stderr, "snmp-client: recv from %s: %s\n", c->agent, strerror(errno));
                return T_FAIL;
            }
            if ((size_t)got > SNMP_MAX_DATAGRAM)
                rc = ILPC_E_LIMIT;
            else
                rc = snmp_decode(in, (size_t)got, resp);
            if (rc != ILPC_OK) {
                bad++;
                last_bad = rc;
                fprintf(stderr, "snmp-client: ignored a datagram of %zd octets from %s: %s\n",
                        got, c->agent, snmp_strerror(rc));
                continue;
            }
            if (resp->version == req->version && resp->type == SNMP_RESPONSE
                && resp->request_id == req->request_id)
                return T_OK;
            snmp_pdu_free(resp);   /* someone else's answer, or an old one */
        }
    }
    if (bad) {
        fprintf(stderr, "snmp-client: no valid response from %s: %u datagram%s did not decode "
                "(the last: %s)\n", c->agent, bad, bad == 1 ? "" : "s", snmp_strerror(last_bad));
        return T_FAIL;
    }
    return T_TIMEOUT;
}

static int add_null(snmp_pdu *p, const snmp_oid *oid)
{
    snmp_value null = { .type = SNMP_T_NULL };
    if (snmp_pdu_add(p, oid, &null) != ILPC_OK) {
        fprintf(stderr, "snmp-client: out of memory\n");
        return -1;
    }
    return 0;
}

static void print_failed_object(const snmp_pdu *resp)
{
    if (resp->error_index == 0)
        return;
    fputs("Failed object: ", stderr);
    if (resp->error_index > 0 && resp->error_index <= (int64_t)resp->count) {
        char name[SNMP_MAX_ARCS * 11 + 1];
        snmp_oid_format(&resp->vbs[resp->error_index - 1].name, name, sizeof name);
        fprintf(stderr, "%s\n", name);
    }
    fputc('\n', stderr);
}

/* snmpget / snmpgetnext: one request; on an error-status, the request again without
 * the failed variable (net-snmp's snmp_fix_pdu), as long as any is left. */
static int cmd_get(client *c, enum snmp_pdu_type type, snmp_oid *oids, int n)
{
    snmp_pdu req = { .type = type }, resp;
    int exitval = 0;
    for (int i = 0; i < n; i++)
        if (add_null(&req, &oids[i]) != 0)
            return 1;
    for (;;) {
        int t = transact(c, &req, &resp);
        if (t != T_OK) {
            if (t == T_TIMEOUT)
                fprintf(stderr, "Timeout: No Response from %s.\n", c->agent);
            snmp_pdu_free(&req);
            return 1;
        }
        if (resp.error_status == SNMP_ERR_NOERROR) {
            for (uint32_t i = 0; i < resp.count; i++)
                snmp_print_varbind(stdout, &resp.vbs[i]);
            snmp_pdu_free(&resp);
            break;
        }
        fprintf(stderr, "Error in packet%s\nReason: %s\n", type == SNMP_GET ? "" : ".",
                snmp_errstring(resp.error_status));
        print_failed_object(&resp);
        exitval = 2;
        snmp_pdu_free(&req);
        req = (snmp_pdu){ .type = type };
        int retry = resp.error_index > 0 && resp.error_index <= (int64_t)resp.count && resp.count > 1;
        for (uint32_t i = 0; retry && i < resp.count; i++)
            if ((int64_t)i + 1 != resp.error_index && add_null(&req, &resp.vbs[i].name) != 0)
                retry = 0;
        snmp_pdu_free(&resp);
        if (!retry)
            break;
    }
    snmp_pdu_free(&req);
    return exitval;
}

/* snmpwalk (GetNext) and snmpbulkwalk (GetBulk, non-repeaters 0). */
static int cmd_walk(client *c, const snmp_oid *root, int bulk)
{
    snmp_oid name = *root, end = *root;
    end.arcs[end.len - 1]++;   /* the first OID after the subtree (wraps at 2^32: fine) */
    int running = 1, exitval = 0, numprinted = 0, last = T_OK;
    while (running) {
        snmp_pdu req = { .type = bulk ? SNMP_GETBULK : SNMP_GETNEXT }, resp;
        if (bulk) {
            req.error_status = 0;                  /* non-repeaters */
            req.error_index = c->max_repetitions;  /* max-repetitions */
        }
        if (add_null(&req, &name) != 0)
            return 1;
        last = transact(c, &req, &resp);
        snmp_pdu_free(&req);
        if (last != T_OK) {
            if (last == T_TIMEOUT)
                fprintf(stderr, "Timeout: No Response from %s\n", c->agent);
            return 1;
        }
        if (resp.error_status == SNMP_ERR_NOERROR) {
            if (resp.count == 0)
                running = 0;
            for (uint32_t i = 0; i < resp.count; i++) {
                const snmp_varbind *vb = &resp.vbs[i];
                if (snmp_oid_compare(&end, &vb->name) <= 0) {
                    running = 0;   /* past the subtree */
                    continue;
                }
                numprinted++;
                snmp_print_varbind(stdout, vb);
                if (vb->value.type == SNMP_T_ENDOFMIBVIEW || vb->value.type == SNMP_T_NOSUCHOBJECT
                    || vb->value.type == SNMP_T_NOSUCHINSTANCE) {
                    running = 0;
                    continue;
                }
                if (snmp_oid_compare(&name, &vb->name) >= 0) {
                    char a[SNMP_MAX_ARCS * 11 + 1], b[SNMP_MAX_ARCS * 11 + 1];
                    snmp_oid_format(&name, a, sizeof a);
                    snmp_oid_format(&vb->name, b, sizeof b);
                    fflush(stdout);
                    fprintf(stderr, "Error: OID not increasing: %s\n >= %s\n\n", a, b);
                    running = 0;
                    exitval = 1;
                }
                name = vb->name;
            }
        } else {
            running = 0;
            if (resp.error_status == SNMP_ERR_NOSUCHNAME) {
                printf("End of MIB\n");
            } else {
                fprintf(stderr, "Error in packet.\nReason: %s\n", snmp_errstring(resp.error_status));
                print_failed_object(&resp);
                exitval = 2;
            }
        }
        snmp_pdu_free(&resp);
    }
    if (numprinted == 0 && last == T_OK) {
        /* as snmpwalk: nothing below the OID, which may be an instance itself */
        snmp_pdu req = { .type = SNMP_GET }, resp;
        if (add_null(&req, root) != 0)
            return 1;
        if (transact(c, &req, &resp) == T_OK) {
            if (resp.error_status == SNMP_ERR_NOERROR)
                for (uint32_t i = 0; i < resp.count; i++)
                    snmp_print_varbind(stdout, &resp.vbs[i]);
            snmp_pdu_free(&resp);
        }
        snmp_pdu_free(&req);
    }
    return exitval;
}

int main(int argc, char **argv)
{
    client c = { .agent = NULL, .fd = -1, .version = SNMP_VERSION_2C, .community = "public",
                 .timeout = 1.0, .retries = 5, .max_repetitions = 10 };
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        const char *opt = argv[i];
        if (strcmp(opt, "--help") == 0)
            usage_to(stdout, 0);
        if (i + 1 >= argc)
            usage();
        const char *val = argv[++i];
        char *end = NULL;
        if (strcmp(opt, "--agent") == 0) {
            c.agent = val;
        } else if (strcmp(opt, "--community") == 0) {
            c.community = val;
            if (strlen(val) > SNMP_MAX_COMMUNITY) {
                fprintf(stderr, "snmp-client: the community is longer than %d octets\n", SNMP_MAX_COMMUNITY);
                return 1;
            }
        } else if (strcmp(opt, "--version") == 0) {
            if (strcmp(val, "1") == 0)
                c.version = SNMP_VERSION_1;
            else if (strcmp(val, "2c") == 0)
                c.version = SNMP_VERSION_2C;
            else
                usage();
        } else if (strcmp(opt, "--timeout") == 0) {
            c.timeout = strtod(val, &end);
            if (*end || !(c.timeout > 0 && c.timeout <= 3600))
                usage();
        } else if (strcmp(opt, "--retries") == 0) {
            long r = strtol(val, &end, 10);
            if (*end || r < 0 || r > 100)
                usage();
            c.retries = (int)r;
        } else if (strcmp(opt, "--max-repetitions") == 0) {
            long r = strtol(val, &end, 10);
            if (*end || r < 1 || r > 1000)
                usage();
            c.max_repetitions = (int)r;
        } else {
            usage();
        }
    }
    if (!c.agent || i >= argc)
        usage();
    const char *cmd = argv[i++];
    int n = argc - i;
    int walk = strcmp(cmd, "walk") == 0, bulkwalk = strcmp(cmd, "bulkwalk") == 0;
    if (n < 1 || ((walk || bulkwalk) && n != 1))
        usage();
    if (strcmp(cmd, "get") != 0 && strcmp(cmd, "getnext") != 0 && !walk && !bulkwalk)
        usage();
    if (bulkwalk && c.version == SNMP_VERSION_1) {
        fprintf(stderr, "snmp-client: bulkwalk needs --version 2c (SNMPv1 has no GetBulk)\n");
        return 1;
    }
    snmp_oid *oids = calloc((size_t)n, sizeof *oids);
    if (!oids)
        return 1;
    for (int k = 0; k < n; k++) {
        if (snmp_oid_parse(argv[i + k], &oids[k]) != 0) {
            fprintf(stderr, "snmp-client: %s: not a numeric object identifier\n", argv[i + k]);
            free(oids);
            return 1;
        }
    }
    c.fd = open_socket(c.agent);
    if (c.fd < 0) {
        free(oids);
        return 1;
    }
    c.next_id = first_request_id();
    int rc;
    if (walk || bulkwalk)
        rc = cmd_walk(&c, &oids[0], bulkwalk);
    else
        rc = cmd_get(&c, strcmp(cmd, "get") == 0 ? SNMP_GET : SNMP_GETNEXT, oids, n);
    close(c.fd);
    free(oids);
    fflush(stdout);
    return rc;
}
