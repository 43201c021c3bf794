/* ldap_server.c - ldap-server: a small read-only LDAPv3 server (RFC 4511) on ilpc's
 * BER/DER codecs, serving a fixed directory read from an LDIF file.
 *
 *   ldap-server --listen HOST:PORT --data FILE.ldif [--rootdn DN --rootpw PW]
 *               [--max-conns N] [--timeout S] [--max-message BYTES] [-v]
 *               [--transport kernel|tun [--tun-dev NAME]]
 *
 * --transport kernel (the default) serves on the kernel's TCP.  --transport tun serves on
 * ilpc's user-level TCP, as IPv4 on a configured TUN device (--listen IP:PORT with this
 * end's address on the link): a request is decoded where it lies in the TCP receive ring
 * (LDAPMessage_ilp_recv_spans_ber) and every reply is written by the fused DER send
 * (LDAPMessage_ilp_send_der) straight into the send ring, its segments' checksums
 * computed in the same pass; -v reports the counts per connection.
 *
 * One connection at a time.  Bind: anonymous, or simple with the rootdn's password or an
 * entry's userPassword (plain text); search: base, one or sub scope, the filter evaluated
 * on the entries (and, or, not, =, ~= (as =), >=, <=, presence, substrings; values compared
 * without regard to ASCII case, >= and <= numerically when both sides are integers),
 * attribute selection, sizeLimit; compare; unbind; abandon (ignored).  Other requests get
 * unwillingToPerform (53) or, for an extended operation, protocolError (2).  Requests are
 * decoded with LDAPMessage_decode_ber; replies encoded with LDAPMessage_encode_der
 * (on the kernel's TCP).
 * Bad input (not BER, not an LDAPMessage, too large, an indefinite length) drops the
 * connection after a Notice of Disconnection (RFC 4511 4.4.1), with a message on stderr.
 *
 * Prints "ldap-server: listening on HOST:PORT" (the port chosen when PORT is 0) on stdout.
 * Exits after --max-conns connections (0: never) or on SIGINT/SIGTERM. */
#define _POSIX_C_SOURCE 200809L
#include "ldap_common.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ilpc_transport.h"

typedef struct value {
    uint8_t *p;
    size_t n;
} value;

typedef struct attr {
    char *name;
    size_t nvals;
    value *vals;
} attr;

typedef struct entry {
    char *dn;
    char *ndn; /* normalised: lower case, no blanks around ',' and '=' */
    size_t nattrs;
    attr *attrs;
} entry;

typedef struct directory {
    size_t n;
    entry *e;
} directory;

static volatile sig_atomic_t stopping;
static int verbose;
static const char *rootdn_n; /* normalised */
static const char *rootpw;

static void on_signal(int sig)
{
    (void)sig;
    stopping = 1;
}

/* ---- DNs ---------------------------------------------------------------------------- */

static char *dn_normalize(const uint8_t *s, size_t n)
{
    char *o = xmalloc(n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = s[i];
        if (c == ' ' && (k == 0 || o[k - 1] == ',' || o[k - 1] == '='))
            continue;
        if ((c == ',' || c == '=') && k > 0)
            while (k > 0 && o[k - 1] == ' ')
                k--;
        if (c >= 'A' && c <= 'Z')
            c = (uint8_t)(c + 32);
        o[k++] = (char)c;
    }
    while (k > 0 && o[k - 1] == ' ')
        k--;
    o[k] = '\0';
    return o;
}

/* The parent of a normalised DN: what follows its first unescaped ','. */
static const char *dn_parent(const char *ndn)
{
    for (const char *p = ndn; *p; p++) {
        if (*p == '\\' && p[1] != '\0')
            p++;
        else if (*p == ',')
            return p + 1;
    }
    return "";
}

static bool dn_under(const char *ndn, const char *base)
{
    size_t a = strlen(ndn), b = strlen(base);
    if (b == 0)
        return true;
    if (a == b)
        return strcmp(ndn, base) == 0;
    return a > b && strcmp(ndn + a - b, base) == 0 && ndn[a - b - 1] == ',';
}

/* ---- the LDIF file ------------------------------------------------------------------ */

static void entry_free(entry *e)
{
    for (size_t i = 0; i < e->nattrs; i++) {
        for (size_t j = 0; j < e->attrs[i].nvals; j++)
            free(e->attrs[i].vals[j].p);
        free(e->attrs[i].vals);
        free(e->attrs[i].name);
    }
    free(e->attrs);
    free(e->dn);
    free(e->ndn);
    memset(e, 0, sizeof *e);
}

static void directory_free(directory *d)
{
    for (size_t i = 0; i < d->n; i++)
        entry_free(&d->e[i]);
    free(d->e);
    memset(d, 0, sizeof *d);
}

static attr *entry_attr(const entry *e, const uint8_t *name, size_t n)
{
    /* "cn;lang-en" is looked up as "cn": options are not kept apart here */
    for (size_t i = 0; i < n; i++)
        if (name[i] == ';') {
            n = i;
            break;
        }
    for (size_t i = 0; i < e->nattrs; i++)
        if (ascii_ieq((const uint8_t *)e->attrs[i].name, strlen(e->attrs[i].name), name, n))
            return &e->attrs[i];
    return NULL;
}

static void entry_add(entry *e, const char *name, uint8_t *v, size_t n)
{
    attr *a = entry_attr(e, (const uint8_t *)name, strlen(name));
    if (a == NULL) {
        attr *na = realloc(e->attrs, (e->nattrs + 1) * sizeof *na);
        if (na == NULL) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        e->attrs = na;
        a = &e->attrs[e->nattrs++];
        memset(a, 0, sizeof *a);
        a->name = strdup(name);
        if (a->name == NULL) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
    }
    value *nv = realloc(a->vals, (a->nvals + 1) * sizeof *nv);
    if (nv == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    a->vals = nv;
    a->vals[a->nvals].p = v;
    a->vals[a->nvals].n = n;
    a->nvals++;
}

/* One logical line "name: value" / "name:: base64" into the current entry. */
static int ldif_line(directory *d, entry *cur, bool *open, char *line, const char *path, unsigned lineno)
{
    char *colon = strchr(line, ':');
    if (colon == NULL || colon == line) {
        fprintf(stderr, "ldap-server: %s:%u: want 'name: value'\n", path, lineno);
        return -1;
    }
    *colon = '\0';
    char *v = colon + 1;
    bool b64 = false;
    if (*v == ':') {
        b64 = true;
        v++;
    } else if (*v == '<') {
        fprintf(stderr, "ldap-server: %s:%u: URL values are not supported\n", path, lineno);
        return -1;
    }
    while (*v == ' ')
        v++;
    uint8_t *val;
    size_t n;
    if (b64) {
        if (base64_decode(v, strlen(v), &val, &n) < 0) {
            fprintf(stderr, "ldap-server: %s:%u: bad base64\n", path, lineno);
            return -1;
        }
    } else {
        n = strlen(v);
        val = xmalloc(n);
        memcpy(val, v, n);
    }
    if (!*open) {
        if (strcmp(line, "dn") != 0) {
            free(val);
            if (strcmp(line, "version") == 0)
                return 0;
            fprintf(stderr, "ldap-server: %s:%u: an entry must start with 'dn:'\n", path, lineno);
            return -1;
        }
        memset(cur, 0, sizeof *cur);
        cur->dn = xmalloc(n + 1);
        memcpy(cur->dn, val, n);
        cur->dn[n] = '\0';
        cur->ndn = dn_normalize(val, n);
        free(val);
        *open = true;
        (void)d;
        return 0;
    }
    entry_add(cur, line, val, n);
    return 0;
}

static void close_entry(directory *d, entry *cur, bool *open)
{
    if (!*open)
        return;
    entry *ne = realloc(d->e, (d->n + 1) * sizeof *ne);
    if (ne == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    d->e = ne;
    d->e[d->n++] = *cur;
    memset(cur, 0, sizeof *cur);
    *open = false;
}

static int load_ldif(const char *path, directory *d)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    char *line = NULL, *logical = NULL;
    size_t cap = 0, llen = 0;
    ssize_t got;
    unsigned lineno = 0, start = 0;
    entry cur;
    bool open = false;
    int rc = 0;
    memset(&cur, 0, sizeof cur);
    memset(d, 0, sizeof *d);
    for (;;) {
        got = getline(&line, &cap, f);
        if (got >= 0) {
            lineno++;
            while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
                line[--got] = '\0';
            if (line[0] == ' ' && logical != NULL) { /* a continuation */
                char *nl = realloc(logical, llen + (size_t)got);
                if (nl == NULL) {
                    rc = -1;
                    break;
                }
                logical = nl;
                memcpy(logical + llen, line + 1, (size_t)got); /* with the NUL */
                llen += (size_t)got - 1;
                continue;
            }
        }
        if (logical != NULL) {
            if (logical[0] != '#' && ldif_line(d, &cur, &open, logical, path, start) < 0) {
                rc = -1;
                break;
            }
            free(logical);
            logical = NULL;
        }
        if (got < 0)
            break;
        if (got == 0) {
            close_entry(d, &cur, &open);
            continue;
        }
        logical = strdup(line);
        if (logical == NULL) {
            rc = -1;
            break;
        }
        llen = (size_t)got;
        start = lineno;
    }
    close_entry(d, &cur, &open);
    free(logical);
    free(line);
    fclose(f);
    if (rc < 0)
        directory_free(d);
    return rc;
}

/* ---- filters ------------------------------------------------------------------------ */

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static bool is_integer(const uint8_t *p, size_t n, long long *out)
{
    if (n == 0 || n > 18)
        return false;
    size_t i = (p[0] == '-') ? 1 : 0;
    if (i == n)
        return false;
    long long v = 0;
    for (; i < n; i++) {
        if (p[i] < '0' || p[i] > '9')
            return false;
        v = v * 10 + (p[i] - '0');
    }
    *out = p[0] == '-' ? -v : v;
    return true;
}

static int compare_values(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
    long long x, y;
    if (is_integer(a, an, &x) && is_integer(b, bn, &y))
        return x < y ? -1 : x > y;
    size_t n = an < bn ? an : bn;
    for (size_t i = 0; i < n; i++) {
        int d = lower(a[i]) - lower(b[i]);
        if (d != 0)
            return d;
    }
    return an < bn ? -1 : an > bn;
}

/* The first position >= from where needle occurs in hay (case-insensitive), or -1. */
static long find_ci(const uint8_t *hay, size_t hn, size_t from, const uint8_t *needle, size_t nn)
{
    for (size_t i = from; i + nn <= hn; i++) {
        size_t k = 0;
        while (k < nn && lower(hay[i + k]) == lower(needle[k]))
            k++;
        if (k == nn)
            return (long)i;
    }
    return -1;
}

static bool match_substrings(const L(SubstringFilter) *s, const value *v)
{
    size_t pos = 0, end = v->n;
    for (uint32_t i = 0; i < s->substrings.count; i++) {
        const L(SubstringFilter_substrings_item) *it = &s->substrings.items[i];
        if (it->which == SUB(initial)) {
            const L(AssertionValue) *a = &it->u.initial;
            if (i != 0 || a->len > end || find_ci(v->p, a->len, 0, a->data, a->len) != 0)
                return false;
            pos = a->len;
        } else if (it->which == SUB(any)) {
            const L(AssertionValue) *a = &it->u.any;
            long at = find_ci(v->p, end, pos, a->data, a->len);
            if (at < 0)
                return false;
            pos = (size_t)at + a->len;
        } else {
            const L(AssertionValue) *a = &it->u.final;
            if (i + 1 != s->substrings.count || a->len > end - pos ||
                find_ci(v->p, end, end - a->len, a->data, a->len) != (long)(end - a->len))
                return false;
            pos = end;
        }
    }
    return true;
}

enum { AVA_EQ, AVA_GE, AVA_LE };

static bool match_ava(const entry *e, const L(AttributeValueAssertion) *ava, int how)
{
    const attr *a = entry_attr(e, ava->attributeDesc.data, ava->attributeDesc.len);
    if (a == NULL)
        return false;
    for (size_t i = 0; i < a->nvals; i++) {
        int c = compare_values(a->vals[i].p, a->vals[i].n, ava->assertionValue.data, ava->assertionValue.len);
        if ((how == AVA_EQ && c == 0) || (how == AVA_GE && c >= 0) || (how == AVA_LE && c <= 0))
            return true;
    }
    return false;
}

static bool match(const entry *e, const L(Filter) *f)
{
    switch (f->which) {
    case FLT(and):
        for (uint32_t i = 0; i < f->u.and_.count; i++)
            if (!match(e, &f->u.and_.items[i]))
                return false;
        return true;
    case FLT(or):
        for (uint32_t i = 0; i < f->u.or_.count; i++)
            if (match(e, &f->u.or_.items[i]))
                return true;
        return false;
    case FLT(not):
        return !match(e, f->u.not_);
    case FLT(equalityMatch):
        return match_ava(e, &f->u.equalityMatch, AVA_EQ);
    case FLT(approxMatch):
        return match_ava(e, &f->u.approxMatch, AVA_EQ);
    case FLT(greaterOrEqual):
        return match_ava(e, &f->u.greaterOrEqual, AVA_GE);
    case FLT(lessOrEqual):
        return match_ava(e, &f->u.lessOrEqual, AVA_LE);
    case FLT(present):
        return entry_attr(e, f->u.present.data, f->u.present.len) != NULL;
    case FLT(substrings): {
        const attr *a = entry_attr(e, f->u.substrings.type.data, f->u.substrings.type.len);
        for (size_t i = 0; a != NULL && i < a->nvals; i++)
            if (match_substrings(&f->u.substrings, &a->vals[i]))
                return true;
        return false;
    }
    default: /* extensibleMatch: no matching rules here (Undefined, so not matched) */
        return false;
    }
}

/* ---- replies ------------------------------------------------------------------------ */

static void set_result(L(LDAPResult) *r, int code, const char *diag)
{
    memset(r, 0, sizeof *r);
    r->resultCode = (L(LDAPResult_resultCode))code;
    SET_STR(r->matchedDN, "");
    SET_STR(r->diagnosticMessage, diag);
}

static int send_and_free(ldap_conn *c, ldap_msg *m)
{
    char err[256];
    int rc = ldap_send_message(c, m, err, sizeof err);
    if (rc < 0)
        fprintf(stderr, "ldap-server: %s\n", err);
    L(LDAPMessage_free)(m);
    return rc;
}

/* A reply whose protocolOp is an LDAPResult (search done, modify, add, delete, ...). */
static int send_result(ldap_conn *c, int32_t id, int op, int code, const char *diag)
{
    ldap_msg m;
    memset(&m, 0, sizeof m);
    m.messageID = id;
    m.protocolOp.which = (L(LDAPMessage_protocolOp_PR))op;
    /* every one of these alternatives is an LDAPResult under its own tag */
    L(LDAPResult) *r = op == OP(searchResDone)    ? &m.protocolOp.u.searchResDone
                       : op == OP(modifyResponse) ? &m.protocolOp.u.modifyResponse
                       : op == OP(addResponse)    ? &m.protocolOp.u.addResponse
                       : op == OP(delResponse)    ? &m.protocolOp.u.delResponse
                       : op == OP(modDNResponse)  ? &m.protocolOp.u.modDNResponse
                                                  : &m.protocolOp.u.compareResponse;
    set_result(r, code, diag);
    return send_and_free(c, &m);
}

static int send_bind_response(ldap_conn *c, int32_t id, int code, const char *diag)
{
    ldap_msg m;
    memset(&m, 0, sizeof m);
    m.messageID = id;
    m.protocolOp.which = OP(bindResponse);
    L(BindResponse) *b = &m.protocolOp.u.bindResponse;
    b->resultCode = (L(BindResponse_resultCode))code;
    SET_STR(b->matchedDN, "");
    SET_STR(b->diagnosticMessage, diag);
    return send_and_free(c, &m);
}

static int send_extended_response(ldap_conn *c, int32_t id, int code, const char *diag, const char *oid)
{
    ldap_msg m;
    memset(&m, 0, sizeof m);
    m.messageID = id;
    m.protocolOp.which = OP(extendedResp);
    L(ExtendedResponse) *x = &m.protocolOp.u.extendedResp;
    x->resultCode = (L(ExtendedResponse_resultCode))code;
    SET_STR(x->matchedDN, "");
    SET_STR(x->diagnosticMessage, diag);
    if (oid != NULL) {
        x->has_responseName = true;
        SET_STR(x->responseName, oid);
    }
    return send_and_free(c, &m);
}

/* RFC 4511 4.4.1: the server is about to close the connection. */
static void notice_of_disconnection(ldap_conn *c, int code, const char *diag)
{
    (void)send_extended_response(c, 0, code, diag, "1.3.6.1.4.1.1466.20036");
}

/* Whether the attribute selection of a search (RFC 4511 4.5.1.8) asks for this user
 * attribute: an empty list or "*" all of them, else those named ("1.1": none). */
static bool wanted(const L(AttributeSelection) *sel, const char *name)
{
    if (sel->count == 0)
        return true;
    for (uint32_t i = 0; i < sel->count; i++) {
        const L(LDAPString) *s = &sel->items[i];
        if ((s->len == 1 && s->data[0] == '*') || ascii_ieq(s->data, s->len, (const uint8_t *)name, strlen(name)))
            return true;
    }
    return false;
}

/* A SearchResultEntry borrowing the entry's storage; only the arrays are allocated. */
static int send_entry(ldap_conn *c, int32_t id, const entry *e, const L(SearchRequest) *sr)
{
    ldap_msg m;
    memset(&m, 0, sizeof m);
    m.messageID = id;
    m.protocolOp.which = OP(searchResEntry);
    L(SearchResultEntry) *r = &m.protocolOp.u.searchResEntry;
    r->objectName.data = (uint8_t *)e->dn;
    r->objectName.len = (uint32_t)strlen(e->dn);
    r->attributes.items = xcalloc(e->nattrs, sizeof *r->attributes.items);
    for (size_t i = 0; i < e->nattrs; i++) {
        if (!wanted(&sr->attributes, e->attrs[i].name))
            continue;
        L(PartialAttribute) *pa = &r->attributes.items[r->attributes.count++];
        pa->type.data = (uint8_t *)e->attrs[i].name;
        pa->type.len = (uint32_t)strlen(e->attrs[i].name);
        if (sr->typesOnly)
            continue;
        pa->vals.items = xcalloc(e->attrs[i].nvals, sizeof *pa->vals.items);
        for (size_t j = 0; j < e->attrs[i].nvals; j++) {
            pa->vals.items[j].data = e->attrs[i].vals[j].p;
            pa->vals.items[j].len = (uint32_t)e->attrs[i].vals[j].n;
        }
        pa->vals.count = (uint32_t)e->attrs[i].nvals;
    }
    char err[256];
    int rc = ldap_send_message(c, &m, err, sizeof err);
    if (rc < 0)
        fprintf(stderr, "ldap-server: %s\n", err);
    for (uint32_t i = 0; i < r->attributes.count; i++)
        free(r->attributes.items[i].vals.items);
    free(r->attributes.items);
    return rc;
}

static const entry *find_dn(const directory *d, const char *ndn)
{
    for (size_t i = 0; i < d->n; i++)
        if (strcmp(d->e[i].ndn, ndn) == 0)
            return &d->e[i];
    return NULL;
}

static int do_search(ldap_conn *c, const directory *d, int32_t id, const L(SearchRequest) *sr)
{
    char *base = dn_normalize(sr->baseObject.data, sr->baseObject.len);
    int rc;
    if (base[0] != '\0' && find_dn(d, base) == NULL) {
        free(base);
        return send_result(c, id, OP(searchResDone), 32, "");
    }
    size_t sent = 0;
    for (size_t i = 0; i < d->n; i++) {
        const entry *e = &d->e[i];
        bool in_scope;
        if (sr->scope == L(SearchRequest_scope_baseObject))
            in_scope = strcmp(e->ndn, base) == 0;
        else if (sr->scope == L(SearchRequest_scope_singleLevel))
            in_scope = strcmp(dn_parent(e->ndn), base) == 0 && strcmp(e->ndn, base) != 0;
        else
            in_scope = dn_under(e->ndn, base);
        if (!in_scope || !match(e, &sr->filter))
            continue;
        if (sr->sizeLimit > 0 && sent == (size_t)sr->sizeLimit) {
            free(base);
            return send_result(c, id, OP(searchResDone), 4, "");
        }
        if ((rc = send_entry(c, id, e, sr)) < 0) {
            free(base);
            return rc;
        }
        sent++;
    }
    free(base);
    if (verbose)
        fprintf(stderr, "ldap-server: search %d: %zu entries\n", (int)id, sent);
    return send_result(c, id, OP(searchResDone), 0, "");
}

static int do_bind(ldap_conn *c, const directory *d, int32_t id, const L(BindRequest) *b)
{
    if (b->version != 3)
        return send_bind_response(c, id, 2, "only LDAPv3 is supported");
    if (b->authentication.which != L(AuthenticationChoice_PR_simple))
        return send_bind_response(c, id, 7, "SASL is not supported");
    const L(AuthenticationChoice_simple) *pw = &b->authentication.u.simple;
    if (b->name.len == 0 && pw->len == 0)
        return send_bind_response(c, id, 0, ""); /* anonymous */
    if (pw->len == 0)
        return send_bind_response(c, id, 53, "unauthenticated bind (DN with no password) disallowed");
    char *ndn = dn_normalize(b->name.data, b->name.len);
    bool ok = false;
    if (rootdn_n != NULL && strcmp(ndn, rootdn_n) == 0)
        ok = strlen(rootpw) == pw->len && memcmp(rootpw, pw->data, pw->len) == 0;
    else {
        const entry *e = find_dn(d, ndn);
        const attr *a = e ? entry_attr(e, (const uint8_t *)"userPassword", 12) : NULL;
        for (size_t i = 0; a != NULL && i < a->nvals && !ok; i++)
            ok = a->vals[i].n == pw->len && memcmp(a->vals[i].p, pw->data, pw->len) == 0;
    }
    free(ndn);
    return send_bind_response(c, id, ok ? 0 : 49, "");
}

static int do_compare(ldap_conn *c, const directory *d, int32_t id, const L(CompareRequest) *cr)
{
    char *ndn = dn_normalize(cr->entry.data, cr->entry.len);
    const entry *e = find_dn(d, ndn);
    free(ndn);
    if (e == NULL)
        return send_result(c, id, OP(compareResponse), 32, "");
    if (entry_attr(e, cr->ava.attributeDesc.data, cr->ava.attributeDesc.len) == NULL)
        return send_result(c, id, OP(compareResponse), 16, "");
    return send_result(c, id, OP(compareResponse), match_ava(e, &cr->ava, AVA_EQ) ? 6 : 5, "");
}

/* One connection: requests until unbind, end of stream or bad input. */
static void serve(ldap_conn *c, const directory *d)
{
    ldap_msg m;
    char err[512];
    for (;;) {
        int r = ldap_read_message(c, &m, err, sizeof err);
        if (r == LDAP_READ_EOF) {
            if (verbose)
                fprintf(stderr, "ldap-server: the client closed the connection\n");
            return;
        }
        if (r != LDAP_READ_OK) {
            fprintf(stderr, "ldap-server: dropping the connection: %s\n", err);
            notice_of_disconnection(c, 2, "malformed request");
            return;
        }
        int32_t id = m.messageID;
        int rc = 0;
        bool critical = false;
        for (uint32_t i = 0; m.has_controls && i < m.controls.count; i++)
            critical |= m.controls.items[i].has_criticality && m.controls.items[i].criticality;
        switch (m.protocolOp.which) {
        case OP(bindRequest):
            rc = do_bind(c, d, id, &m.protocolOp.u.bindRequest);
            break;
        case OP(unbindRequest):
            if (verbose)
                fprintf(stderr, "ldap-server: unbind\n");
            L(LDAPMessage_free)(&m);
            return;
        case OP(searchRequest):
            if (critical)
                rc = send_result(c, id, OP(searchResDone), 12, "critical control not supported");
            else
                rc = do_search(c, d, id, &m.protocolOp.u.searchRequest);
            break;
        case OP(compareRequest):
            rc = do_compare(c, d, id, &m.protocolOp.u.compareRequest);
            break;
        case OP(modifyRequest):
            rc = send_result(c, id, OP(modifyResponse), 53, "the directory is read-only");
            break;
        case OP(addRequest):
            rc = send_result(c, id, OP(addResponse), 53, "the directory is read-only");
            break;
        case OP(delRequest):
            rc = send_result(c, id, OP(delResponse), 53, "the directory is read-only");
            break;
        case OP(modDNRequest):
            rc = send_result(c, id, OP(modDNResponse), 53, "the directory is read-only");
            break;
        case OP(abandonRequest):
            break;
        case OP(extendedReq):
            rc = send_extended_response(c, id, 2, "extended operation not supported", NULL);
            break;
        default: /* a response sent to a server */
            fprintf(stderr, "ldap-server: dropping the connection: operation %d is not a request\n",
                    (int)m.protocolOp.which);
            notice_of_disconnection(c, 2, "not a request");
            L(LDAPMessage_free)(&m);
            return;
        }
        L(LDAPMessage_free)(&m);
        if (rc < 0)
            return;
    }
}

/* --transport tun: connections of the user-level TCP on the TUN device dev, one at a
 * time, until max_conns (0: never) or a signal.  0, or 1 after a message. */
static int serve_tun(const char *listen_at, const char *dev, const directory *d, long max_conns, int timeout_ms,
                     size_t max_message)
{
    uint32_t ip;
    uint16_t port;
    char ipbuf[16];
    ilpc_transport *t = NULL;
    ilpc_stack_config cfg;
    ilpc_stack *s;
    ilpc_tcp *l;
    if (ilpc_parse_hostport(listen_at, &ip, &port) != 0 || ip == 0 || port == 0) {
        fprintf(stderr, "ldap-server: --transport tun needs --listen IP:PORT, this end's address on the TUN link "
                        "and a port, not '%s'\n", listen_at);
        return 1;
    }
    int rc = ilpc_transport_tun_open(dev, ilpc_format_ipv4(ip, ipbuf), 0, &t);
    if (rc != ILPC_OK) {
        fprintf(stderr, "ldap-server: cannot open the TUN device %s: %s\n", dev, ilpc_strerror(rc));
        return 1;
    }
    ilpc_stack_config_default(&cfg);
    if (cfg.tcp.rx_buf < max_message)
        cfg.tcp.rx_buf = max_message; /* a request is decoded whole in the receive ring */
    /* a TUN link's round trip is microseconds: recover from a loss in tens of ms */
    cfg.tcp.rto_min_ns = 20 * ILPC_NS_PER_MS;
    cfg.tcp.rto_init_ns = 200 * ILPC_NS_PER_MS;
    cfg.tcp.time_wait_ns = 200 * ILPC_NS_PER_MS;
    s = ilpc_stack_new(t, NULL, &cfg);
    if (s == NULL || (rc = ilpc_tcp_listen(s, port, 16, &l)) != ILPC_OK) {
        fprintf(stderr, "ldap-server: cannot listen on %s: %s\n", listen_at,
                s == NULL ? "cannot create the TCP stack" : ilpc_strerror(rc));
        if (s != NULL)
            ilpc_stack_free(s);
        ilpc_transport_free(t);
        return 1;
    }
    printf("ldap-server: listening on %s:%u (%zu entries; ilpc's TCP on %s)\n", ipbuf, (unsigned)port, d->n, dev);
    fflush(stdout);
    int status = 0;
    long served = 0;
    while (!stopping && (max_conns == 0 || served < max_conns)) {
        ilpc_tcp *c;
        rc = ilpc_tcp_accept_wait(l, &c, 100 * ILPC_NS_PER_MS);
        if (rc == ILPC_E_TIMEDOUT || rc == ILPC_E_AGAIN)
            continue;
        if (rc != ILPC_OK) {
            fprintf(stderr, "ldap-server: accept: %s\n", ilpc_strerror(rc));
            status = 1;
            break;
        }
        ldap_conn lc;
        ldap_conn_init_tcp(&lc, s, c, timeout_ms, max_message, NULL);
        serve(&lc, d);
        /* the replies acknowledged, then the FIN; the stack finishes the close.  What is left
         * of a dropped request is discarded first, as the kernel path has read it: a close
         * with unread bytes resets, and the peer's TCP would throw the Notice away. */
        ilpc_tcp_rx_consume(c, ilpc_tcp_rx_available(c));
        (void)ilpc_tcp_wait_sent(c, 5 * ILPC_NS_PER_S);
        if (verbose)
            fprintf(stderr, "ldap-server: connection done: %zu requests decoded in the receive ring, "
                            "%zu replies sent on the fused DER path\n", lc.ring_in, lc.fused_out);
        ilpc_tcp_close(c);
        served++;
    }
    /* let the last closes finish (only the listener left), for at most two seconds */
    uint64_t end = ilpc_stack_now(s) + 2 * ILPC_NS_PER_S;
    while (ilpc_stack_conn_count(s) > 1 && ilpc_stack_now(s) < end) {
        ilpc_stack_wait(s, end);
        ilpc_stack_poll(s, ilpc_stack_now(s));
    }
    ilpc_stack_free(s);
    ilpc_transport_free(t);
    return status;
}

static void usage(FILE *f)
{
    fputs("usage: ldap-server --listen HOST:PORT --data FILE.ldif [--rootdn DN --rootpw PW]\n"
          "                   [--max-conns N] [--timeout S] [--max-message BYTES] [-v]\n"
          "                   [--transport kernel|tun [--tun-dev NAME]]\n"
          "  --listen       the address to listen on (PORT 0: any free port, printed)\n"
          "  --data         the entries, in LDIF (dn:, name: value, name:: base64, continuation lines)\n"
          "  --rootdn, --rootpw   a DN that may bind with this password (entries may bind with a plain userPassword)\n"
          "  --max-conns    exit after serving N connections (default 0: never)\n"
          "  --timeout      seconds a connection may stay silent (default 30)\n"
          "  --max-message  the largest request accepted, in bytes (default 1048576)\n"
          "  --transport    kernel (default): the kernel's TCP; tun: ilpc's user-level TCP as IPv4 on\n"
          "                 the TUN device --tun-dev (default tun0), --listen IP:PORT this end's address\n",
          f);
}

int main(int argc, char **argv)
{
    const char *listen_at = NULL, *data = NULL, *rootdn = NULL, *transport = "kernel", *tun_dev = "tun0";
    long max_conns = 0, timeout = 30, max_message = LDAP_DEFAULT_MAX_MESSAGE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *eq = strchr(a, '=');
        const char *val = NULL;
        size_t nl = eq != NULL && a[0] == '-' ? (size_t)(eq - a) : strlen(a);
        if (strcmp(a, "-v") == 0) {
            verbose = 1;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (eq != NULL && a[0] == '-')
            val = eq + 1;
        else if (i + 1 < argc)
            val = argv[++i];
        else {
            fprintf(stderr, "ldap-server: %s needs a value\n", a);
            return 1;
        }
        char *end;
        if (strncmp(a, "--listen", nl) == 0 && nl == 8)
            listen_at = val;
        else if (strncmp(a, "--data", nl) == 0 && nl == 6)
            data = val;
        else if (strncmp(a, "--rootdn", nl) == 0 && nl == 8)
            rootdn = val;
        else if (strncmp(a, "--rootpw", nl) == 0 && nl == 8)
            rootpw = val;
        else if (strncmp(a, "--transport", nl) == 0 && nl == 11) {
            if (strcmp(val, "kernel") != 0 && strcmp(val, "tun") != 0) {
                fprintf(stderr, "ldap-server: --transport must be kernel or tun, not '%s'\n", val);
                return 1;
            }
            transport = val;
        } else if (strncmp(a, "--tun-dev", nl) == 0 && nl == 9)
            tun_dev = val;
        else if ((strncmp(a, "--max-conns", nl) == 0 && nl == 11) || (strncmp(a, "--timeout", nl) == 0 && nl == 9) ||
                 (strncmp(a, "--max-message", nl) == 0 && nl == 13)) {
            long v = strtol(val, &end, 10);
            if (*val == '\0' || *end != '\0' || v < 0 || v > (1L << 30)) {
                fprintf(stderr, "ldap-server: bad number '%s' for %.*s\n", val, (int)nl, a);
                return 1;
            }
            if (nl == 11)
                max_conns = v;
            else if (nl == 9)
                timeout = v;
            else
                max_message = v < 64 ? 64 : v;
        } else {
            fprintf(stderr, "ldap-server: unknown option %.*s\n", (int)nl, a);
            usage(stderr);
            return 1;
        }
    }
    if (listen_at == NULL || data == NULL) {
        fprintf(stderr, "ldap-server: --listen and --data are required\n");
        usage(stderr);
        return 1;
    }
    if ((rootdn == NULL) != (rootpw == NULL)) {
        fprintf(stderr, "ldap-server: --rootdn and --rootpw go together\n");
        return 1;
    }
    directory d;
    if (load_ldif(data, &d) < 0)
        return 1;
    char *rootdn_norm = rootdn ? dn_normalize((const uint8_t *)rootdn, strlen(rootdn)) : NULL;
    rootdn_n = rootdn_norm;

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal; /* no SA_RESTART: accept() returns EINTR */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    if (strcmp(transport, "tun") == 0) {
        int rc = serve_tun(listen_at, tun_dev, &d, max_conns, (int)timeout * 1000, (size_t)max_message);
        directory_free(&d);
        free(rootdn_norm);
        return rc;
    }
    char err[512];
    int port = 0;
    int lfd = ldap_tcp_listen(listen_at, &port, err, sizeof err);
    if (lfd < 0) {
        fprintf(stderr, "ldap-server: %s\n", err);
        directory_free(&d);
        free(rootdn_norm);
        return 1;
    }
    {
        const char *colon = strrchr(listen_at, ':');
        printf("ldap-server: listening on %.*s:%d (%zu entries)\n", (int)(colon - listen_at), listen_at, port, d.n);
        fflush(stdout);
    }
    long served = 0;
    while (!stopping && (max_conns == 0 || served < max_conns)) {
        int fd = accept(lfd, NULL, NULL);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            perror("ldap-server: accept");
            break;
        }
        ldap_conn c;
        ldap_conn_init(&c, fd, (int)timeout * 1000, (size_t)max_message, NULL);
        serve(&c, &d);
        close(fd);
        served++;
    }
    close(lfd);
    directory_free(&d);
    free(rootdn_norm);
    return 0;
}
