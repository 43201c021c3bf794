/* ldap_client.c - ldap-client: a small LDAPv3 client (RFC 4511) on ilpc's BER/DER codecs.
 *
 *   ldap-client --server HOST:PORT [--bind-dn DN --password PW] [--base DN]
 *               [--scope base|one|sub] [--filter F] [--size-limit N] [--time-limit S]
 *               [--types-only] [--timeout S] [--max-message BYTES] [--dump FILE] [-v] [ATTR...]
 *
 * Binds (simple; anonymous without --bind-dn), searches, prints the entries as
 * `ldapsearch -LLL -o ldif-wrap=no` does, and unbinds.  Every request is encoded with the
 * generated LDAPMessage_encode_der, every reply read as one BER TLV (by its length, at most
 * --max-message bytes) and decoded with LDAPMessage_decode_ber.
 *
 * Exit status: 0 success; an LDAP result code (1..127) when the server answered with it
 * (e.g. 49 invalidCredentials, 32 noSuchObject); 254 when the server's bytes were not a
 * valid LDAP exchange (malformed BER, wrong message, connection closed early); 255 when
 * the server could not be reached; 1 for a bad command line. */
#define _POSIX_C_SOURCE 200809L
#include "ldap_common.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EXIT_USAGE 1
#define EXIT_PROTOCOL 254
#define EXIT_CONNECT 255

static int verbose;

static void usage(FILE *f)
{
    fputs("usage: ldap-client --server HOST:PORT [--bind-dn DN --password PW] [--base DN]\n"
          "                   [--scope base|one|sub] [--filter FILTER] [--size-limit N] [--time-limit S]\n"
          "                   [--types-only] [--timeout S] [--max-message BYTES] [--dump FILE] [-v] [ATTR...]\n"
          "  --server       the LDAP server (required)\n"
          "  --bind-dn, --password   simple bind (default: anonymous)\n"
          "  --base         the search base (default: empty)\n"
          "  --scope        base, one or sub (default: sub)\n"
          "  --filter       an RFC 4515 filter (default: (objectClass=*)): &, |, !, =, ~=, >=, <=, =*, substrings\n"
          "  --size-limit, --time-limit   sent in the SearchRequest (default 0: none)\n"
          "  --types-only   ask for attribute names only (typesOnly)\n"
          "  --timeout      seconds to wait for each read (default 30)\n"
          "  --max-message  the largest reply accepted, in bytes (default 1048576)\n"
          "  --dump FILE    write each message sent ('O') or received ('I') to FILE: a direction byte, then its BER\n"
          "  ATTR...        the attributes to return (default: all user attributes)\n"
          "Exit status: 0, the LDAP result code of a failed operation, 254 a malformed or unexpected reply,\n"
          "255 no connection, 1 a bad command line.\n",
          f);
}

static const char *take(int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    const char *eq = strchr(a, '=');
    if (a[0] == '-' && a[1] == '-' && eq != NULL)
        return eq + 1;
    if (*i + 1 >= argc) {
        fprintf(stderr, "ldap-client: %s needs a value\n", a);
        exit(EXIT_USAGE);
    }
    return argv[++*i];
}

static bool is_opt(const char *a, const char *name)
{
    size_t n = strlen(name);
    return strncmp(a, name, n) == 0 && (a[n] == '\0' || a[n] == '=');
}

static long parse_num(const char *s, const char *what, long lo, long hi)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "ldap-client: bad %s '%s' (%ld..%ld)\n", what, s, lo, hi);
        exit(EXIT_USAGE);
    }
    return v;
}

/* Prints the result of an operation; returns its code. */
static int report_result(const char *what, const L(LDAPResult) *r)
{
    int code = (int)r->resultCode;
    if (code != 0 || verbose) {
        fprintf(stderr, "ldap-client: %s: %s (%d)", what, ldap_result_name(code), code);
        if (r->diagnosticMessage.len > 0)
            fprintf(stderr, ": %.*s", (int)r->diagnosticMessage.len, (const char *)r->diagnosticMessage.data);
        if (r->matchedDN.len > 0)
            fprintf(stderr, " (matched DN: %.*s)", (int)r->matchedDN.len, (const char *)r->matchedDN.data);
        fputc('\n', stderr);
    }
    return code;
}

static void print_entry(const L(SearchResultEntry) *e)
{
    ldif_put(stdout, "dn", 2, e->objectName.data, e->objectName.len);
    for (uint32_t i = 0; i < e->attributes.count; i++) {
        const L(PartialAttribute) *a = &e->attributes.items[i];
        if (a->vals.count == 0) /* typesOnly: "name:", as ldapsearch -A prints it */
            ldif_put(stdout, (const char *)a->type.data, a->type.len, NULL, 0);
        for (uint32_t j = 0; j < a->vals.count; j++)
            ldif_put(stdout, (const char *)a->type.data, a->type.len, a->vals.items[j].data, a->vals.items[j].len);
    }
    fputc('\n', stdout);
}

/* A Notice of Disconnection (RFC 4511 4.4.1): an unsolicited ExtendedResponse. */
static int notice(const ldap_msg *m)
{
    if (m->messageID == 0 && m->protocolOp.which == OP(extendedResp)) {
        const L(ExtendedResponse) *x = &m->protocolOp.u.extendedResp;
        fprintf(stderr, "ldap-client: the server disconnects: %s (%d)", ldap_result_name((int)x->resultCode),
                (int)x->resultCode);
        if (x->diagnosticMessage.len > 0)
            fprintf(stderr, ": %.*s", (int)x->diagnosticMessage.len, (const char *)x->diagnosticMessage.data);
        fputc('\n', stderr);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *server = NULL, *bind_dn = NULL, *password = NULL, *base = "", *filter_s = "(objectClass=*)";
    const char *dump_path = NULL;
    bool types_only = false;
    long scope = 2, size_limit = 0, time_limit = 0, timeout = 30, max_message = LDAP_DEFAULT_MAX_MESSAGE;
    const char **attrs = xcalloc((size_t)argc, sizeof *attrs);
    size_t nattrs = 0;
    char err[512];

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (is_opt(a, "--server"))
            server = take(argc, argv, &i);
        else if (is_opt(a, "--bind-dn"))
            bind_dn = take(argc, argv, &i);
        else if (is_opt(a, "--password"))
            password = take(argc, argv, &i);
        else if (is_opt(a, "--base"))
            base = take(argc, argv, &i);
        else if (is_opt(a, "--filter"))
            filter_s = take(argc, argv, &i);
        else if (is_opt(a, "--scope")) {
            const char *s = take(argc, argv, &i);
            if (strcmp(s, "base") == 0)
                scope = 0;
            else if (strcmp(s, "one") == 0)
                scope = 1;
            else if (strcmp(s, "sub") == 0)
                scope = 2;
            else {
                fprintf(stderr, "ldap-client: bad scope '%s' (base, one, sub)\n", s);
                return EXIT_USAGE;
            }
        } else if (is_opt(a, "--size-limit"))
            size_limit = parse_num(take(argc, argv, &i), "size limit", 0, 2147483647L);
        else if (is_opt(a, "--time-limit"))
            time_limit = parse_num(take(argc, argv, &i), "time limit", 0, 2147483647L);
        else if (is_opt(a, "--timeout"))
            timeout = parse_num(take(argc, argv, &i), "timeout", 1, 86400);
        else if (is_opt(a, "--max-message"))
            max_message = parse_num(take(argc, argv, &i), "message limit", 64, 1L << 30);
        else if (is_opt(a, "--dump"))
            dump_path = take(argc, argv, &i);
        else if (strcmp(a, "-v") == 0)
            verbose = 1;
        else if (strcmp(a, "--types-only") == 0)
            types_only = true;
        else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            free(attrs);
            return 0;
        } else if (a[0] == '-') {
            fprintf(stderr, "ldap-client: unknown option %s\n", a);
            usage(stderr);
            return EXIT_USAGE;
        } else
            attrs[nattrs++] = a;
    }
    if (server == NULL) {
        fprintf(stderr, "ldap-client: --server is required\n");
        usage(stderr);
        free(attrs);
        return EXIT_USAGE;
    }
    if ((bind_dn == NULL) != (password == NULL)) {
        fprintf(stderr, "ldap-client: --bind-dn and --password go together\n");
        free(attrs);
        return EXIT_USAGE;
    }

    /* The SearchRequest first: a bad filter is the user's error, before any connection. */
    ldap_msg search;
    memset(&search, 0, sizeof search);
    search.messageID = 2;
    search.protocolOp.which = OP(searchRequest);
    L(SearchRequest) *sr = &search.protocolOp.u.searchRequest;
    if (ldap_filter_parse(filter_s, &sr->filter, err, sizeof err) < 0) {
        fprintf(stderr, "ldap-client: %s: %s\n", filter_s, err);
        free(attrs);
        return EXIT_USAGE;
    }
    SET_STR(sr->baseObject, base);
    sr->scope = (L(SearchRequest_scope))scope;
    sr->derefAliases = L(SearchRequest_derefAliases_neverDerefAliases);
    sr->sizeLimit = (int32_t)size_limit;
    sr->timeLimit = (int32_t)time_limit;
    sr->typesOnly = types_only;
    sr->attributes.items = xcalloc(nattrs, sizeof *sr->attributes.items);
    for (size_t k = 0; k < nattrs; k++)
        SET_STR(sr->attributes.items[k], attrs[k]);
    sr->attributes.count = (uint32_t)nattrs;
    free(attrs);

    FILE *dump = NULL;
    if (dump_path != NULL && (dump = fopen(dump_path, "wb")) == NULL) {
        perror(dump_path);
        L(LDAPMessage_free)(&search);
        return EXIT_USAGE;
    }
    int status = EXIT_PROTOCOL;
    ldap_msg m;
    memset(&m, 0, sizeof m);
    int fd = ldap_tcp_connect(server, err, sizeof err);
    if (fd < 0) {
        fprintf(stderr, "ldap-client: %s\n", err);
        status = EXIT_CONNECT;
        goto done_nofd;
    }
    ldap_conn c;
    ldap_conn_init(&c, fd, (int)timeout * 1000, (size_t)max_message, dump);

    /* Bind */
    memset(&m, 0, sizeof m);
    m.messageID = 1;
    m.protocolOp.which = OP(bindRequest);
    L(BindRequest) *br = &m.protocolOp.u.bindRequest;
    br->version = 3;
    SET_STR(br->name, bind_dn != NULL ? bind_dn : "");
    br->authentication.which = L(AuthenticationChoice_PR_simple);
    SET_STR(br->authentication.u.simple, password != NULL ? password : "");
    int rc = ldap_send_message(&c, &m, err, sizeof err);
    L(LDAPMessage_free)(&m);
    if (rc < 0) {
        fprintf(stderr, "ldap-client: bind: %s\n", err);
        status = EXIT_CONNECT;
        goto done;
    }
    rc = ldap_read_message(&c, &m, err, sizeof err);
    if (rc != LDAP_READ_OK) {
        fprintf(stderr, "ldap-client: bind: %s\n",
                rc == LDAP_READ_EOF ? "the server closed the connection without answering" : err);
        goto done;
    }
    if (notice(&m))
        goto done;
    if (m.messageID != 1 || m.protocolOp.which != OP(bindResponse)) {
        fprintf(stderr, "ldap-client: bind: an unexpected answer (message %d, operation %d)\n", (int)m.messageID,
                (int)m.protocolOp.which);
        goto done;
    }
    {
        const L(BindResponse) *b = &m.protocolOp.u.bindResponse;
        L(LDAPResult) r = {.resultCode = (L(LDAPResult_resultCode))b->resultCode,
                           .matchedDN = b->matchedDN,
                           .diagnosticMessage = b->diagnosticMessage};
        int code = report_result("bind", &r);
        if (code != 0) {
            status = code;
            goto done;
        }
    }
    L(LDAPMessage_free)(&m);

    /* Search */
    if (ldap_send_message(&c, &search, err, sizeof err) < 0) {
        fprintf(stderr, "ldap-client: search: %s\n", err);
        goto done;
    }
    for (;;) {
        L(LDAPMessage_free)(&m);
        rc = ldap_read_message(&c, &m, err, sizeof err);
        if (rc != LDAP_READ_OK) {
            fprintf(stderr, "ldap-client: search: %s\n",
                    rc == LDAP_READ_EOF ? "the server closed the connection before SearchResultDone" : err);
            goto done;
        }
        if (notice(&m))
            goto done;
        if (m.messageID != 2) {
            fprintf(stderr, "ldap-client: search: an answer to message %d, not 2\n", (int)m.messageID);
            goto done;
        }
        if (m.protocolOp.which == OP(searchResEntry)) {
            print_entry(&m.protocolOp.u.searchResEntry);
        } else if (m.protocolOp.which == OP(searchResRef)) {
            const L(SearchResultReference) *ref = &m.protocolOp.u.searchResRef;
            for (uint32_t k = 0; k < ref->count; k++)
                printf("# refldap: %.*s\n", (int)ref->items[k].len, (const char *)ref->items[k].data);
            printf("\n");
        } else if (m.protocolOp.which == OP(intermediateResponse)) {
            continue;
        } else if (m.protocolOp.which == OP(searchResDone)) {
            status = report_result("search", &m.protocolOp.u.searchResDone);
            break;
        } else {
            fprintf(stderr, "ldap-client: search: an unexpected operation (%d) in the answer\n",
                    (int)m.protocolOp.which);
            goto done;
        }
    }
    fflush(stdout);

    /* Unbind: no answer comes; the server closes. */
    L(LDAPMessage_free)(&m);
    memset(&m, 0, sizeof m);
    m.messageID = 3;
    m.protocolOp.which = OP(unbindRequest);
    if (ldap_send_message(&c, &m, err, sizeof err) < 0)
        fprintf(stderr, "ldap-client: unbind: %s\n", err);
done:
    L(LDAPMessage_free)(&m);
    close(fd);
done_nofd:
    L(LDAPMessage_free)(&search);
    if (dump != NULL)
        fclose(dump);
    fflush(stdout);
    return status;
}
