/* x509_tool.c - X.509 certificates and CRLs (RFC 5280) through ilpc's generated DER codecs.
 *
 *   x509-tool dump [--crl] [--ber] [--out FILE] FILE.der
 *       decodes a Certificate (--crl: a CertificateList) with the generated DER decoder
 *       (--ber: the BER one), prints its fields, decodes the extensions it knows with
 *       PKIX1Implicit88's decoders, and re-encodes the whole value with the generated
 *       DER encoder: the bytes must be the input's (DER is canonical).  --out writes
 *       the re-encoding.  Exit 0, or 1 with a message on stderr.
 *   x509-tool make --key KEY.pem --pubkey SPKI.der --subject DN --out CERT.der [options]
 *       builds a self-signed certificate's TBSCertificate from scratch, encodes it with
 *       the generated encoder and signs it with libcrypto (EVP_DigestSign).
 *
 * Exit status: 0 done, 1 bad input or failure (one line on stderr), 2 usage. */
#define _POSIX_C_SOURCE 200809L

#include "PKIX1Explicit88.h"
#include "PKIX1Explicit88_ber.h"
#include "PKIX1Implicit88.h"
#include "PKIX1Implicit88_ber.h"
#include "ilpc_error.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(ILPC_HAVE_LIBCRYPTO) && ILPC_HAVE_LIBCRYPTO
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#define HAVE_LIBCRYPTO 1
#else
#define HAVE_LIBCRYPTO 0
#endif

#define TOOL_MAX_INPUT (16u << 20)

static const char *prog = "x509-tool";

static void fail_msg(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---- a growing string ---- */

typedef struct {
    char *s;
    size_t len, cap;
    bool oom;
} sbuf;

static void sb_putn(sbuf *b, const char *p, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, p, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void sb_puts(sbuf *b, const char *p) { sb_putn(b, p, strlen(p)); }

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        sb_putn(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void sb_hex(sbuf *b, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sb_printf(b, "%02x", p[i]);
}

static const char *sb_str(const sbuf *b) { return b->s ? b->s : ""; }

static void sb_free(sbuf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}

/* ---- files ---- */

static int read_file(const char *path, uint8_t **out, size_t *outlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail_msg("%s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        fail_msg("out of memory");
        return -1;
    }
    for (;;) {
        if (len == cap) {
            if (cap >= TOOL_MAX_INPUT) {
                fail_msg("%s: larger than %u bytes", path, TOOL_MAX_INPUT);
                free(buf);
                fclose(f);
                return -1;
            }
            uint8_t *n = realloc(buf, cap * 2);
            if (!n) {
                fail_msg("out of memory");
                free(buf);
                fclose(f);
                return -1;
            }
            buf = n;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    bool err = ferror(f) != 0;
    fclose(f);
    if (err) {
        fail_msg("%s: read error", path);
        free(buf);
        return -1;
    }
    *out = buf;
    *outlen = len;
    return 0;
}

static int write_file(const char *path, const uint8_t *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        fail_msg("%s: %s", path, strerror(errno));
        return -1;
    }
    bool ok = fwrite(p, 1, n, f) == n;
    if (fclose(f) != 0)
        ok = false;
    if (!ok) {
        fail_msg("%s: write error", path);
        return -1;
    }
    return 0;
}

/* ---- object identifiers ---- */

typedef struct {
    const char *name;  /* short name (RFC 4514 2.3), or the extension's or algorithm's name */
    uint32_t count;
    uint64_t arcs[10];
} oid_name;

#define OID(...) (sizeof((uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t)), {__VA_ARGS__}

/* RFC 4514 2.3's short names; every other attribute type is printed as its dotted OID. */
static const oid_name attr_names[] = {
    {"CN", OID(2, 5, 4, 3)},
    {"L", OID(2, 5, 4, 7)},
    {"ST", OID(2, 5, 4, 8)},
    {"O", OID(2, 5, 4, 10)},
    {"OU", OID(2, 5, 4, 11)},
    {"C", OID(2, 5, 4, 6)},
    {"STREET", OID(2, 5, 4, 9)},
    {"DC", OID(0, 9, 2342, 19200300, 100, 1, 25)},
    {"UID", OID(0, 9, 2342, 19200300, 100, 1, 1)},
};

static const uint64_t OID_BASIC_CONSTRAINTS[] = {2, 5, 29, 19};
static const uint64_t OID_KEY_USAGE[] = {2, 5, 29, 15};
static const uint64_t OID_EXT_KEY_USAGE[] = {2, 5, 29, 37};
static const uint64_t OID_SUBJECT_ALT_NAME[] = {2, 5, 29, 17};
static const uint64_t OID_ISSUER_ALT_NAME[] = {2, 5, 29, 18};
static const uint64_t OID_SUBJECT_KEY_ID[] = {2, 5, 29, 14};
static const uint64_t OID_AUTHORITY_KEY_ID[] = {2, 5, 29, 35};
static const uint64_t OID_CRL_NUMBER[] = {2, 5, 29, 20};
static const uint64_t OID_CRL_REASON[] = {2, 5, 29, 21};
static const uint64_t OID_INVALIDITY_DATE[] = {2, 5, 29, 24};
static const uint64_t OID_COUNTRY[] = {2, 5, 4, 6};
static const uint64_t OID_SERIAL_NUMBER_ATTR[] = {2, 5, 4, 5};
static const uint64_t OID_DOMAIN_COMPONENT[] = {0, 9, 2342, 19200300, 100, 1, 25};
static const uint64_t OID_EMAIL_ADDRESS[] = {1, 2, 840, 113549, 1, 9, 1};

#define ARCS(a) (uint32_t)(sizeof(a) / sizeof(a[0])), (a)

static bool oid_is(uint32_t count, const uint64_t *items, uint32_t n, const uint64_t *arcs)
{
    return count == n && (n == 0 || memcmp(items, arcs, n * sizeof(uint64_t)) == 0);
}

static void sb_oid(sbuf *b, uint32_t count, const uint64_t *items)
{
    for (uint32_t i = 0; i < count; i++)
        sb_printf(b, i ? ".%llu" : "%llu", (unsigned long long)items[i]);
}

/* "1.2.840.113549" -> arcs; false if malformed. */
static bool parse_oid(const char *s, uint64_t *arcs, uint32_t max, uint32_t *count)
{
    uint32_t n = 0;
    while (*s) {
        if (!isdigit((unsigned char)*s) || n == max)
            return false;
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (errno)
            return false;
        arcs[n++] = v;
        s = end;
        if (*s == '.')
            s++;
        else if (*s)
            return false;
    }
    *count = n;
    return n >= 2;
}

/* ---- INTEGER octets (CertificateSerialNumber holds the contents octets) ---- */

/* The contents octets of a DER INTEGER: at least one, and minimal (X.690 8.3.2). */
static bool integer_minimal(const uint8_t *p, uint32_t n)
{
    if (n == 0)
        return false;
    if (n > 1 && ((p[0] == 0x00 && !(p[1] & 0x80)) || (p[0] == 0xff && (p[1] & 0x80))))
        return false;
    return true;
}

/* The INTEGER's value in hexadecimal, lower case, no leading zeros, '-' if negative. */
static void sb_integer_hex(sbuf *b, const uint8_t *p, uint32_t n)
{
    if (n == 0) {
        sb_puts(b, "0");
        return;
    }
    uint8_t *mag = malloc(n);
    if (!mag) {
        b->oom = true;
        return;
    }
    memcpy(mag, p, n);
    if (p[0] & 0x80) { /* negative: the magnitude is the two's complement */
        sb_puts(b, "-");
        unsigned carry = 1;
        for (uint32_t i = n; i-- > 0;) {
            unsigned v = (unsigned)(uint8_t)~mag[i] + carry;
            mag[i] = (uint8_t)v;
            carry = v >> 8;
        }
    }
    uint32_t i = 0;
    while (i < n && mag[i] == 0)
        i++;
    if (i == n)
        sb_puts(b, "0");
    else {
        sb_printf(b, "%x", mag[i]);
        for (i++; i < n; i++)
            sb_printf(b, "%02x", mag[i]);
    }
    free(mag);
}

static int check_serial(const char *what, const PKIX1Explicit88_CertificateSerialNumber *s)
{
    if (!integer_minimal(s->data, s->len)) {
        fail_msg("%s: INTEGER not in its minimal octets (X.690 8.3.2)", what);
        return -1;
    }
    return 0;
}

/* ---- strings of names ---- */

/* RFC 4514 2.4's escapes, as Python's cryptography writes them. */
static void sb_dn_value(sbuf *b, const char *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = v[i];
        if (c == '\0') {
            sb_puts(b, "\\00");
            continue;
        }
        if (strchr("\\\"+,;<>", c) || (i == 0 && (c == '#' || c == ' ')) || (i == n - 1 && c == ' '))
            sb_putn(b, "\\", 1);
        sb_putn(b, &c, 1);
    }
}

/* An AttributeValue (its whole TLV) as a string: a DirectoryString or an IA5String,
 * else '#' and the hexadecimal TLV (RFC 4514 2.4). */
static void sb_attr_value(sbuf *b, const PKIX1Explicit88_AttributeValue *av, bool escape)
{
    PKIX1Explicit88_DirectoryString ds;
    if (PKIX1Explicit88_DirectoryString_decode_der(&ds, av->data, av->len) == ILPC_OK) {
        /* every alternative is {len, data} in UTF-8 */
        const char *d = NULL;
        size_t n = 0;
        switch (ds.which) {
        case PKIX1Explicit88_DirectoryString_PR_teletexString: d = ds.u.teletexString.data; n = ds.u.teletexString.len; break;
        case PKIX1Explicit88_DirectoryString_PR_printableString: d = ds.u.printableString.data; n = ds.u.printableString.len; break;
        case PKIX1Explicit88_DirectoryString_PR_universalString: d = ds.u.universalString.data; n = ds.u.universalString.len; break;
        case PKIX1Explicit88_DirectoryString_PR_utf8String: d = ds.u.utf8String.data; n = ds.u.utf8String.len; break;
        case PKIX1Explicit88_DirectoryString_PR_bmpString: d = ds.u.bmpString.data; n = ds.u.bmpString.len; break;
        }
        if (escape)
            sb_dn_value(b, d ? d : "", n);
        else
            sb_putn(b, d ? d : "", n);
        PKIX1Explicit88_DirectoryString_free(&ds);
        return;
    }
    PKIX1Explicit88_DomainComponent ia5;
    if (PKIX1Explicit88_DomainComponent_decode_der(&ia5, av->data, av->len) == ILPC_OK) {
        if (escape)
            sb_dn_value(b, ia5.data ? ia5.data : "", ia5.len);
        else
            sb_putn(b, ia5.data ? ia5.data : "", ia5.len);
        PKIX1Explicit88_DomainComponent_free(&ia5);
        return;
    }
    sb_puts(b, "#");
    sb_hex(b, av->data, av->len);
}

/* A Name as RFC 4514 writes it: the last RDN first, ',' between RDNs, '+' inside one. */
static void sb_name(sbuf *b, const PKIX1Explicit88_Name *name)
{
    const PKIX1Explicit88_RDNSequence *rdns = &name->u.rdnSequence;
    for (uint32_t i = rdns->count; i-- > 0;) {
        const PKIX1Explicit88_RelativeDistinguishedName *rdn = &rdns->items[i];
        if (i + 1 != rdns->count)
            sb_puts(b, ",");
        for (uint32_t j = 0; j < rdn->count; j++) {
            const PKIX1Explicit88_AttributeTypeAndValue *atv = &rdn->items[j];
            if (j)
                sb_puts(b, "+");
            const char *shortname = NULL;
            for (size_t k = 0; k < sizeof attr_names / sizeof attr_names[0]; k++)
                if (oid_is(atv->type.count, atv->type.items, attr_names[k].count, attr_names[k].arcs))
                    shortname = attr_names[k].name;
            if (shortname)
                sb_puts(b, shortname);
            else
                sb_oid(b, atv->type.count, atv->type.items);
            sb_puts(b, "=");
            sb_attr_value(b, &atv->value, true);
        }
    }
}

/* Each attribute on a line of its own, first RDN first, with the string type:
 *   LABEL.attr: OID TYPE VALUE   (the value as it is, unescaped, up to the line end) */
static void print_name_attrs(const char *label, const PKIX1Explicit88_Name *name)
{
    const PKIX1Explicit88_RDNSequence *rdns = &name->u.rdnSequence;
    for (uint32_t i = 0; i < rdns->count; i++)
        for (uint32_t j = 0; j < rdns->items[i].count; j++) {
            const PKIX1Explicit88_AttributeTypeAndValue *atv = &rdns->items[i].items[j];
            sbuf b = {0};
            sb_oid(&b, atv->type.count, atv->type.items);
            const char *kind = "other";
            if (atv->value.len > 0)
                switch (atv->value.data[0]) {
                case 0x0c: kind = "utf8String"; break;
                case 0x13: kind = "printableString"; break;
                case 0x14: kind = "teletexString"; break;
                case 0x16: kind = "ia5String"; break;
                case 0x1c: kind = "universalString"; break;
                case 0x1e: kind = "bmpString"; break;
                }
            printf("%s.attr: %s %s ", label, sb_str(&b), kind);
            sb_free(&b);
            sbuf v = {0};
            sb_attr_value(&v, &atv->value, false);
            printf("%s\n", sb_str(&v));
            sb_free(&v);
        }
}

/* ---- times ---- */

static bool digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return false;
    return true;
}

/* LABEL: YYYY-MM-DDThh:mm:ss[.f]Z FORM.  DER has one form of each (X.690 11.7, 11.8), which
 * decode_der checked; a BER decode may give others, printed as they are. */
static void print_time(const char *label, const PKIX1Explicit88_Time *t)
{
    if (t->which == PKIX1Explicit88_Time_PR_utcTime) {
        const char *s = t->u.utcTime.data ? t->u.utcTime.data : "";
        size_t n = t->u.utcTime.len;
        if (n == 13 && digits(s, 12) && s[12] == 'Z') {
            int yy = (s[0] - '0') * 10 + (s[1] - '0');
            printf("%s: %04d-%.2s-%.2sT%.2s:%.2s:%.2sZ utcTime\n", label, yy < 50 ? 2000 + yy : 1900 + yy,
                   s + 2, s + 4, s + 6, s + 8, s + 10);
        } else
            printf("%s: %s utcTime (not DER's form)\n", label, s);
    } else {
        const char *s = t->u.generalTime.data ? t->u.generalTime.data : "";
        size_t n = t->u.generalTime.len;
        if (n >= 15 && digits(s, 14) && s[n - 1] == 'Z' && (n == 15 || s[14] == '.'))
            printf("%s: %.4s-%.2s-%.2sT%.2s:%.2s:%.*sZ generalTime\n", label, s, s + 4, s + 6, s + 8, s + 10,
                   (int)(n - 13), s + 12);
        else
            printf("%s: %s generalTime (not DER's form)\n", label, s);
    }
}

/* ---- extensions ---- */

static void sb_general_name(sbuf *b, const PKIX1Implicit88_GeneralName *g)
{
    switch (g->which) {
    case PKIX1Implicit88_GeneralName_PR_otherName:
        sb_puts(b, "othername:");
        sb_oid(b, g->u.otherName.type_id.count, g->u.otherName.type_id.items);
        sb_puts(b, ":#");
        sb_hex(b, g->u.otherName.value.data, g->u.otherName.value.len);
        break;
    case PKIX1Implicit88_GeneralName_PR_rfc822Name:
        sb_puts(b, "email:");
        sb_putn(b, g->u.rfc822Name.data ? g->u.rfc822Name.data : "", g->u.rfc822Name.len);
        break;
    case PKIX1Implicit88_GeneralName_PR_dNSName:
        sb_puts(b, "DNS:");
        sb_putn(b, g->u.dNSName.data ? g->u.dNSName.data : "", g->u.dNSName.len);
        break;
    case PKIX1Implicit88_GeneralName_PR_x400Address:
        sb_puts(b, "X400Name");
        break;
    case PKIX1Implicit88_GeneralName_PR_directoryName:
        sb_puts(b, "DirName:");
        sb_name(b, &g->u.directoryName);
        break;
    case PKIX1Implicit88_GeneralName_PR_ediPartyName:
        sb_puts(b, "EdiPartyName");
        break;
    case PKIX1Implicit88_GeneralName_PR_uniformResourceIdentifier:
        sb_puts(b, "URI:");
        sb_putn(b, g->u.uniformResourceIdentifier.data ? g->u.uniformResourceIdentifier.data : "",
                g->u.uniformResourceIdentifier.len);
        break;
    case PKIX1Implicit88_GeneralName_PR_iPAddress: {
        char text[INET6_ADDRSTRLEN] = "";
        const uint8_t *a = g->u.iPAddress.data;
        sb_puts(b, "IP:");
        if (g->u.iPAddress.len == 4 && inet_ntop(AF_INET, a, text, sizeof text))
            sb_puts(b, text);
        else if (g->u.iPAddress.len == 16 && inet_ntop(AF_INET6, a, text, sizeof text))
            sb_puts(b, text);
        else {
            sb_puts(b, "#");
            sb_hex(b, a, g->u.iPAddress.len);
        }
        break;
    }
    case PKIX1Implicit88_GeneralName_PR_registeredID:
        sb_puts(b, "RID:");
        sb_oid(b, g->u.registeredID.count, g->u.registeredID.items);
        break;
    }
}

static void sb_general_names(sbuf *b, const PKIX1Implicit88_GeneralNames *gn)
{
    for (uint32_t i = 0; i < gn->count; i++) {
        if (i)
            sb_puts(b, ",");
        sb_general_name(b, &gn->items[i]);
    }
}

static const char *const key_usage_bits[] = {
    "digitalSignature", "nonRepudiation", "keyEncipherment", "dataEncipherment", "keyAgreement",
    "keyCertSign", "cRLSign", "encipherOnly", "decipherOnly",
};

static const char *crl_reason_name(long r)
{
    static const char *const names[] = {
        "unspecified", "keyCompromise", "cACompromise", "affiliationChanged", "superseded",
        "cessationOfOperation", "certificateHold", "?", "removeFromCRL", "privilegeWithdrawn", "aACompromise",
    };
    return r >= 0 && r <= 10 ? names[r] : "?";
}

/* Decode one known extension value with its generated DER decoder, re-encode it and
 * check the bytes, and print it.  Returns 0, or -1 after a message. */
#define EXT_ROUNDTRIP(T, v, data, len, what)                                                             \
    do {                                                                                                 \
        int rc_ = T##_decode_der(&(v), (data), (len));                                                   \
        if (rc_ != ILPC_OK) {                                                                            \
            fail_msg("%s: extension %s: %s (%d)", ctx, (what), ilpc_strerror(rc_), rc_);                 \
            return -1;                                                                                   \
        }                                                                                                \
        size_t n_ = T##_size_der(&(v)), got_ = 0;                                                        \
        uint8_t *re_ = malloc(n_ ? n_ : 1);                                                              \
        int erc_ = re_ ? T##_encode_der(&(v), re_, n_, &got_) : ILPC_E_NOMEM;                            \
        bool same_ = erc_ == ILPC_OK && got_ == (len) && memcmp(re_, (data), got_) == 0;                 \
        free(re_);                                                                                       \
        if (!same_) {                                                                                    \
            T##_free(&(v));                                                                              \
            fail_msg("%s: extension %s: the DER re-encoding differs from the value (%s)", ctx, (what),   \
                     erc_ == ILPC_OK ? "other bytes" : ilpc_strerror(erc_));                             \
            return -1;                                                                                   \
        }                                                                                                \
    } while (0)

static int print_extension(const char *ctx, const char *indent, const PKIX1Explicit88_Extension *e)
{
    const uint32_t c = e->extnID.count;
    const uint64_t *id = e->extnID.items;
    const uint8_t *d = e->extnValue.data;
    size_t n = e->extnValue.len;
    sbuf b = {0};
    sb_oid(&b, c, id);
    printf("%sextension: %s critical=%s\n", indent, sb_str(&b), e->critical ? "true" : "false");
    sb_free(&b);

    if (oid_is(c, id, ARCS(OID_BASIC_CONSTRAINTS))) {
        PKIX1Implicit88_BasicConstraints v;
        EXT_ROUNDTRIP(PKIX1Implicit88_BasicConstraints, v, d, n, "basicConstraints");
        if (v.has_pathLenConstraint)
            printf("%s  basicConstraints: ca=%s pathlen=%lld\n", indent, v.cA ? "true" : "false",
                   (long long)v.pathLenConstraint);
        else
            printf("%s  basicConstraints: ca=%s pathlen=none\n", indent, v.cA ? "true" : "false");
        PKIX1Implicit88_BasicConstraints_free(&v);
    } else if (oid_is(c, id, ARCS(OID_KEY_USAGE))) {
        PKIX1Implicit88_KeyUsage v;
        EXT_ROUNDTRIP(PKIX1Implicit88_KeyUsage, v, d, n, "keyUsage");
        for (uint32_t i = 0; i < v.bits; i++)
            if (v.data[i / 8] & (0x80u >> (i % 8))) {
                if (b.len)
                    sb_puts(&b, ",");
                if (i < sizeof key_usage_bits / sizeof key_usage_bits[0])
                    sb_puts(&b, key_usage_bits[i]);
                else
                    sb_printf(&b, "bit%u", (unsigned)i);
            }
        printf("%s  keyUsage: %s\n", indent, sb_str(&b));
        sb_free(&b);
        PKIX1Implicit88_KeyUsage_free(&v);
    } else if (oid_is(c, id, ARCS(OID_EXT_KEY_USAGE))) {
        PKIX1Implicit88_ExtKeyUsageSyntax v;
        EXT_ROUNDTRIP(PKIX1Implicit88_ExtKeyUsageSyntax, v, d, n, "extKeyUsage");
        for (uint32_t i = 0; i < v.count; i++) {
            if (i)
                sb_puts(&b, ",");
            sb_oid(&b, v.items[i].count, v.items[i].items);
        }
        printf("%s  extKeyUsage: %s\n", indent, sb_str(&b));
        sb_free(&b);
        PKIX1Implicit88_ExtKeyUsageSyntax_free(&v);
    } else if (oid_is(c, id, ARCS(OID_SUBJECT_ALT_NAME)) || oid_is(c, id, ARCS(OID_ISSUER_ALT_NAME))) {
        bool subject = oid_is(c, id, ARCS(OID_SUBJECT_ALT_NAME));
        PKIX1Implicit88_GeneralNames v;
        EXT_ROUNDTRIP(PKIX1Implicit88_GeneralNames, v, d, n, subject ? "subjectAltName" : "issuerAltName");
        sb_general_names(&b, &v);
        printf("%s  %s: %s\n", indent, subject ? "subjectAltName" : "issuerAltName", sb_str(&b));
        sb_free(&b);
        PKIX1Implicit88_GeneralNames_free(&v);
    } else if (oid_is(c, id, ARCS(OID_SUBJECT_KEY_ID))) {
        PKIX1Implicit88_SubjectKeyIdentifier v;
        EXT_ROUNDTRIP(PKIX1Implicit88_SubjectKeyIdentifier, v, d, n, "subjectKeyIdentifier");
        sb_hex(&b, v.data, v.len);
        printf("%s  subjectKeyIdentifier: %s\n", indent, sb_str(&b));
        sb_free(&b);
        PKIX1Implicit88_SubjectKeyIdentifier_free(&v);
    } else if (oid_is(c, id, ARCS(OID_AUTHORITY_KEY_ID))) {
        PKIX1Implicit88_AuthorityKeyIdentifier v;
        EXT_ROUNDTRIP(PKIX1Implicit88_AuthorityKeyIdentifier, v, d, n, "authorityKeyIdentifier");
        if (v.has_authorityCertSerialNumber &&
            check_serial("authorityKeyIdentifier's authorityCertSerialNumber", &v.authorityCertSerialNumber) != 0) {
            PKIX1Implicit88_AuthorityKeyIdentifier_free(&v);
            return -1;
        }
        sb_puts(&b, "keyid=");
        if (v.has_keyIdentifier)
            sb_hex(&b, v.keyIdentifier.data, v.keyIdentifier.len);
        else
            sb_puts(&b, "none");
        sb_puts(&b, " issuer=");
        if (v.has_authorityCertIssuer)
            sb_general_names(&b, &v.authorityCertIssuer);
        else
            sb_puts(&b, "none");
        sb_puts(&b, " serial=");
        if (v.has_authorityCertSerialNumber)
            sb_integer_hex(&b, v.authorityCertSerialNumber.data, v.authorityCertSerialNumber.len);
        else
            sb_puts(&b, "none");
        printf("%s  authorityKeyIdentifier: %s\n", indent, sb_str(&b));
        sb_free(&b);
        PKIX1Implicit88_AuthorityKeyIdentifier_free(&v);
    } else if (oid_is(c, id, ARCS(OID_CRL_NUMBER))) {
        PKIX1Implicit88_CRLNumber v;
        EXT_ROUNDTRIP(PKIX1Implicit88_CRLNumber, v, d, n, "cRLNumber");
        printf("%s  cRLNumber: %lld\n", indent, (long long)v);
    } else if (oid_is(c, id, ARCS(OID_CRL_REASON))) {
        PKIX1Implicit88_CRLReason v;
        EXT_ROUNDTRIP(PKIX1Implicit88_CRLReason, v, d, n, "reasonCode");
        printf("%s  reasonCode: %s\n", indent, crl_reason_name((long)v));
    } else if (oid_is(c, id, ARCS(OID_INVALIDITY_DATE))) {
        PKIX1Implicit88_InvalidityDate v;
        EXT_ROUNDTRIP(PKIX1Implicit88_InvalidityDate, v, d, n, "invalidityDate");
        printf("%s  invalidityDate: %s\n", indent, v.data ? v.data : "");
        PKIX1Implicit88_InvalidityDate_free(&v);
    } else {
        sb_hex(&b, d, n);
        printf("%s  value: %s\n", indent, sb_str(&b));
        sb_free(&b);
    }
    return 0;
}

static int print_extensions(const char *ctx, const char *indent, const PKIX1Explicit88_Extensions *exts)
{
    for (uint32_t i = 0; i < exts->count; i++)
        if (print_extension(ctx, indent, &exts->items[i]) != 0)
            return -1;
    return 0;
}

/* ---- algorithms and keys ---- */

static void print_algorithm(const char *label, const PKIX1Explicit88_AlgorithmIdentifier *a)
{
    sbuf b = {0};
    sb_oid(&b, a->algorithm.count, a->algorithm.items);
    if (!a->has_parameters)
        sb_puts(&b, " params=absent");
    else if (a->parameters.len == 2 && a->parameters.data[0] == 0x05 && a->parameters.data[1] == 0)
        sb_puts(&b, " params=NULL");
    else {
        PKIX1Explicit88_AttributeType oid;  /* an OBJECT IDENTIFIER */
        if (PKIX1Explicit88_AttributeType_decode_der(&oid, a->parameters.data, a->parameters.len) == ILPC_OK) {
            sb_puts(&b, " params=");
            sb_oid(&b, oid.count, oid.items);
            PKIX1Explicit88_AttributeType_free(&oid);
        } else {
            sb_puts(&b, " params=#");
            sb_hex(&b, a->parameters.data, a->parameters.len);
        }
    }
    printf("%s: %s\n", label, sb_str(&b));
    sb_free(&b);
}

static void print_key_size(const PKIX1Explicit88_SubjectPublicKeyInfo *spki)
{
#if HAVE_LIBCRYPTO
    size_t n = PKIX1Explicit88_SubjectPublicKeyInfo_size_der(spki), got = 0;
    uint8_t *der = malloc(n ? n : 1);
    if (der && PKIX1Explicit88_SubjectPublicKeyInfo_encode_der(spki, der, n, &got) == ILPC_OK) {
        const unsigned char *p = der;
        EVP_PKEY *pk = d2i_PUBKEY(NULL, &p, (long)got);
        if (pk) {
            printf("key_size: %d\n", EVP_PKEY_get_bits(pk));
            EVP_PKEY_free(pk);
        } else {
            printf("key_size: unknown\n");
            ERR_clear_error();
        }
    }
    free(der);
#else
    (void)spki;
    printf("key_size: unknown\n");
#endif
}

/* ---- dump ---- */

typedef struct {
    bool crl, ber;
    const char *out;
    const char *file;
} dump_opts;

/* Re-encode V (of type T) with the generated DER encoder and compare with the input. */
#define REENCODE(T, v, in, inlen, opts, status)                                                        \
    do {                                                                                               \
        size_t n_ = T##_size_der(&(v)), got_ = 0;                                                      \
        uint8_t *re_ = malloc(n_ ? n_ : 1);                                                            \
        int rc_ = re_ ? T##_encode_der(&(v), re_, n_, &got_) : ILPC_E_NOMEM;                           \
        if (rc_ != ILPC_OK) {                                                                          \
            fail_msg("%s: encode_der: %s (%d)", (opts)->file, ilpc_strerror(rc_), rc_);                \
            (status) = 1;                                                                              \
        } else {                                                                                       \
            size_t i_ = 0;                                                                             \
            while (i_ < got_ && i_ < (inlen) && re_[i_] == (in)[i_])                                   \
                i_++;                                                                                  \
            if (got_ == (inlen) && i_ == got_)                                                         \
                printf("der: re-encoding identical (%zu bytes)\n", got_);                              \
            else if ((opts)->ber)                                                                      \
                printf("der: re-encoding differs from the BER input at byte %zu (%zu bytes, input %zu)\n", \
                       i_, got_, (size_t)(inlen));                                                     \
            else {                                                                                     \
                fail_msg("%s: the DER re-encoding differs from the input at byte %zu", (opts)->file, i_); \
                (status) = 1;                                                                          \
            }                                                                                          \
            if ((status) == 0 && (opts)->out && write_file((opts)->out, re_, got_) != 0)               \
                (status) = 1;                                                                          \
        }                                                                                              \
        free(re_);                                                                                     \
    } while (0)

static int dump_certificate(const dump_opts *o, const uint8_t *in, size_t len)
{
    PKIX1Explicit88_Certificate cert;
    int rc = o->ber ? PKIX1Explicit88_Certificate_decode_ber(&cert, in, len)
                    : PKIX1Explicit88_Certificate_decode_der(&cert, in, len);
    if (rc != ILPC_OK) {
        fail_msg("%s: Certificate_decode_%s: %s (%d)", o->file, o->ber ? "ber" : "der", ilpc_strerror(rc), rc);
        return 1;
    }
    int status = 0;
    const PKIX1Explicit88_TBSCertificate *t = &cert.tbsCertificate;
    if (check_serial("serialNumber", &t->serialNumber) != 0) {
        PKIX1Explicit88_Certificate_free(&cert);
        return 1;
    }
    sbuf b = {0};
    printf("type: certificate\n");
    printf("version: %lld\n", (long long)(t->version + 1));
    sb_integer_hex(&b, t->serialNumber.data, t->serialNumber.len);
    printf("serial: %s\n", sb_str(&b));
    sb_free(&b);
    print_algorithm("signature_algorithm", &cert.signatureAlgorithm);
    print_algorithm("tbs_signature", &t->signature);
    sb_name(&b, &t->issuer);
    printf("issuer: %s\n", sb_str(&b));
    sb_free(&b);
    print_name_attrs("issuer", &t->issuer);
    sb_name(&b, &t->subject);
    printf("subject: %s\n", sb_str(&b));
    sb_free(&b);
    print_name_attrs("subject", &t->subject);
    print_time("not_before", &t->validity.notBefore);
    print_time("not_after", &t->validity.notAfter);
    print_algorithm("public_key_algorithm", &t->subjectPublicKeyInfo.algorithm);
    printf("public_key_bits: %u\n", (unsigned)t->subjectPublicKeyInfo.subjectPublicKey.bits);
    print_key_size(&t->subjectPublicKeyInfo);
    if (t->has_issuerUniqueID)
        printf("issuer_unique_id_bits: %u\n", (unsigned)t->issuerUniqueID.bits);
    if (t->has_subjectUniqueID)
        printf("subject_unique_id_bits: %u\n", (unsigned)t->subjectUniqueID.bits);
    if (t->has_extensions && print_extensions(o->file, "", &t->extensions) != 0)
        status = 1;
    printf("signature_bits: %u\n", (unsigned)cert.signature.bits);
    if (status == 0)
        REENCODE(PKIX1Explicit88_Certificate, cert, in, len, o, status);
    PKIX1Explicit88_Certificate_free(&cert);
    return status;
}

static int dump_crl(const dump_opts *o, const uint8_t *in, size_t len)
{
    PKIX1Explicit88_CertificateList crl;
    int rc = o->ber ? PKIX1Explicit88_CertificateList_decode_ber(&crl, in, len)
                    : PKIX1Explicit88_CertificateList_decode_der(&crl, in, len);
    if (rc != ILPC_OK) {
        fail_msg("%s: CertificateList_decode_%s: %s (%d)", o->file, o->ber ? "ber" : "der", ilpc_strerror(rc), rc);
        return 1;
    }
    int status = 0;
    const PKIX1Explicit88_TBSCertList *t = &crl.tbsCertList;
    sbuf b = {0};
    printf("type: crl\n");
    printf("version: %lld\n", t->has_version ? (long long)(t->version + 1) : 1LL);
    print_algorithm("signature_algorithm", &crl.signatureAlgorithm);
    print_algorithm("tbs_signature", &t->signature);
    sb_name(&b, &t->issuer);
    printf("issuer: %s\n", sb_str(&b));
    sb_free(&b);
    print_name_attrs("issuer", &t->issuer);
    print_time("this_update", &t->thisUpdate);
    if (t->has_nextUpdate)
        print_time("next_update", &t->nextUpdate);
    if (t->has_revokedCertificates)
        for (uint32_t i = 0; i < t->revokedCertificates.count && status == 0; i++) {
            const PKIX1Explicit88_TBSCertList_revokedCertificates_item *r = &t->revokedCertificates.items[i];
            if (check_serial("userCertificate", &r->userCertificate) != 0) {
                status = 1;
                break;
            }
            sb_integer_hex(&b, r->userCertificate.data, r->userCertificate.len);
            printf("revoked: %s\n", sb_str(&b));
            sb_free(&b);
            print_time("  revocation_date", &r->revocationDate);
            if (r->has_crlEntryExtensions && print_extensions(o->file, "  ", &r->crlEntryExtensions) != 0)
                status = 1;
        }
    if (status == 0 && t->has_crlExtensions && print_extensions(o->file, "", &t->crlExtensions) != 0)
        status = 1;
    printf("signature_bits: %u\n", (unsigned)crl.signature.bits);
    if (status == 0)
        REENCODE(PKIX1Explicit88_CertificateList, crl, in, len, o, status);
    PKIX1Explicit88_CertificateList_free(&crl);
    return status;
}

/* ---- make ---- */

/* Every buffer make allocates, freed at the end. */
typedef struct {
    void **p;
    size_t n, cap;
} arena;

static void *arena_keep(arena *a, void *p)
{
    if (!p)
        return NULL;
    if (a->n == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 32;
        void **np = realloc(a->p, cap * sizeof *np);
        if (!np) {
            free(p);
            return NULL;
        }
        a->p = np;
        a->cap = cap;
    }
    a->p[a->n++] = p;
    return p;
}

static void *arena_alloc(arena *a, size_t n) { return arena_keep(a, calloc(1, n ? n : 1)); }

static void arena_free(arena *a)
{
    for (size_t i = 0; i < a->n; i++)
        free(a->p[i]);
    free(a->p);
    memset(a, 0, sizeof *a);
}

/* The DER of V (type T) into a buffer of the arena: *out, *outlen; RC = ILPC_OK or a code. */
#define ENCODE_INTO(T, v, a, out, outlen, rc)                                                         \
    do {                                                                                              \
        size_t n_ = T##_size_der(v);                                                                  \
        uint8_t *b_ = arena_alloc((a), n_);                                                           \
        (rc) = b_ ? T##_encode_der((v), b_, n_, (outlen)) : ILPC_E_NOMEM;                             \
        *(out) = b_;                                                                                  \
    } while (0)

static int encode_checked(int rc, const char *what)
{
    if (rc != ILPC_OK)
        fail_msg("encode_der of %s: %s (%d)", what, ilpc_strerror(rc), rc);
    return rc;
}

static bool printable_ok(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr(" '()+,-./:=?", *s))
            return false;
    return true;
}

/* "CN=x,O=y,C=DE" (RFC 4514: the last RDN first; '\' escapes the next character) into
 * a Name of single-valued RDNs.  C and serialNumber are PrintableStrings, DC and
 * emailAddress IA5Strings, the others UTF8Strings, or PrintableStrings with PRINTABLE. */
static int parse_dn(arena *a, const char *text, bool printable, PKIX1Explicit88_Name *name)
{
    enum { MAX_RDNS = 32 };
    PKIX1Explicit88_RelativeDistinguishedName *rdns = arena_alloc(a, MAX_RDNS * sizeof *rdns);
    char *copy = arena_alloc(a, strlen(text) + 1);
    if (!rdns || !copy) {
        fail_msg("out of memory");
        return -1;
    }
    uint32_t n = 0;
    const char *p = text;
    while (*p) {
        /* TYPE */
        const char *eq = strchr(p, '=');
        if (!eq) {
            fail_msg("name '%s': no '=' in an attribute", text);
            return -1;
        }
        char type[64];
        size_t tl = (size_t)(eq - p);
        if (tl == 0 || tl >= sizeof type) {
            fail_msg("name '%s': bad attribute type", text);
            return -1;
        }
        memcpy(type, p, tl);
        type[tl] = '\0';
        /* VALUE, unescaped */
        size_t vl = 0;
        p = eq + 1;
        while (*p && *p != ',') {
            if (*p == '+') {
                fail_msg("name '%s': multi-valued RDNs are not supported here", text);
                return -1;
            }
            if (*p == '\\' && p[1])
                p++;
            copy[vl++] = *p++;
        }
        copy[vl] = '\0';
        if (*p == ',')
            p++;
        if (n == MAX_RDNS) {
            fail_msg("name '%s': more than %d RDNs", text, MAX_RDNS);
            return -1;
        }
        PKIX1Explicit88_AttributeTypeAndValue *atv = arena_alloc(a, sizeof *atv);
        uint64_t *arcs = arena_alloc(a, 16 * sizeof(uint64_t));
        char *val = arena_alloc(a, vl + 1);
        if (!atv || !arcs || !val) {
            fail_msg("out of memory");
            return -1;
        }
        memcpy(val, copy, vl + 1);
        uint32_t count = 0;
        for (size_t k = 0; k < sizeof attr_names / sizeof attr_names[0]; k++)
            if (strcmp(type, attr_names[k].name) == 0) {
                count = attr_names[k].count;
                memcpy(arcs, attr_names[k].arcs, count * sizeof(uint64_t));
            }
        if (count == 0 && !parse_oid(type, arcs, 16, &count)) {
            fail_msg("name '%s': unknown attribute type '%s' (use a short name of RFC 4514 or an OID)", text, type);
            return -1;
        }
        atv->type.count = count;
        atv->type.items = arcs;
        int rc;
        if (oid_is(count, arcs, ARCS(OID_COUNTRY)) || oid_is(count, arcs, ARCS(OID_SERIAL_NUMBER_ATTR))) {
            if (oid_is(count, arcs, ARCS(OID_COUNTRY)) && vl != 2) {
                fail_msg("name '%s': C must have two letters", text);
                return -1;
            }
            if (!printable_ok(val)) {
                fail_msg("name '%s': '%s' is not a PrintableString", text, val);
                return -1;
            }
            PKIX1Explicit88_DirectoryString ds = {.which = PKIX1Explicit88_DirectoryString_PR_printableString};
            ds.u.printableString.len = (uint32_t)vl;
            ds.u.printableString.data = val;
            size_t len = 0;
            ENCODE_INTO(PKIX1Explicit88_DirectoryString, &ds, a, &atv->value.data, &len, rc);
            atv->value.len = (uint32_t)len;
        } else if (oid_is(count, arcs, ARCS(OID_DOMAIN_COMPONENT)) || oid_is(count, arcs, ARCS(OID_EMAIL_ADDRESS))) {
            /* DomainComponent and EmailAddress are IA5Strings */
            PKIX1Explicit88_DomainComponent ia5 = {(uint32_t)vl, val};
            size_t len = 0;
            ENCODE_INTO(PKIX1Explicit88_DomainComponent, &ia5, a, &atv->value.data, &len, rc);
            atv->value.len = (uint32_t)len;
        } else {
            PKIX1Explicit88_DirectoryString ds;
            memset(&ds, 0, sizeof ds);
            if (printable) {
                if (!printable_ok(val)) {
                    fail_msg("name '%s': '%s' is not a PrintableString", text, val);
                    return -1;
                }
                ds.which = PKIX1Explicit88_DirectoryString_PR_printableString;
                ds.u.printableString.len = (uint32_t)vl;
                ds.u.printableString.data = val;
            } else {
                ds.which = PKIX1Explicit88_DirectoryString_PR_utf8String;
                ds.u.utf8String.len = (uint32_t)vl;
                ds.u.utf8String.data = val;
            }
            size_t len = 0;
            ENCODE_INTO(PKIX1Explicit88_DirectoryString, &ds, a, &atv->value.data, &len, rc);
            atv->value.len = (uint32_t)len;
        }
        if (encode_checked(rc, "an attribute value") != ILPC_OK)
            return -1;
        rdns[n].count = 1;
        rdns[n].items = atv;
        n++;
    }
    if (n == 0) {
        fail_msg("name '%s': empty", text);
        return -1;
    }
    /* RFC 4514 lists the last RDN first */
    for (uint32_t i = 0; i < n / 2; i++) {
        PKIX1Explicit88_RelativeDistinguishedName tmp = rdns[i];
        rdns[i] = rdns[n - 1 - i];
        rdns[n - 1 - i] = tmp;
    }
    name->which = PKIX1Explicit88_Name_PR_rdnSequence;
    name->u.rdnSequence.count = n;
    name->u.rdnSequence.items = rdns;
    return 0;
}

/* "YYYYMMDDhhmmssZ" or a struct tm into a Time: UTCTime for 1950..2049, else
 * GeneralizedTime (RFC 5280 4.1.2.5). */
static int make_time(arena *a, const struct tm *tm, PKIX1Explicit88_Time *t)
{
    int year = tm->tm_year + 1900;
    char *s = arena_alloc(a, 80);
    if (!s) {
        fail_msg("out of memory");
        return -1;
    }
    if (year >= 1950 && year < 2050) {
        snprintf(s, 80, "%02d%02d%02d%02d%02d%02dZ", year % 100, tm->tm_mon + 1, tm->tm_mday, tm->tm_hour,
                 tm->tm_min, tm->tm_sec);
        t->which = PKIX1Explicit88_Time_PR_utcTime;
        t->u.utcTime.data = s;
        t->u.utcTime.len = (uint32_t)strlen(s);
    } else {
        snprintf(s, 80, "%04d%02d%02d%02d%02d%02dZ", year, tm->tm_mon + 1, tm->tm_mday, tm->tm_hour, tm->tm_min,
                 tm->tm_sec);
        t->which = PKIX1Explicit88_Time_PR_generalTime;
        t->u.generalTime.data = s;
        t->u.generalTime.len = (uint32_t)strlen(s);
    }
    return 0;
}

static int parse_time(const char *s, struct tm *tm)
{
    int y, mo, d, h, mi, se;
    char z;
    if (strlen(s) != 15 || sscanf(s, "%4d%2d%2d%2d%2d%2d%c", &y, &mo, &d, &h, &mi, &se, &z) != 7 || z != 'Z' ||
        y < 1 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) {
        fail_msg("time '%s': expected YYYYMMDDhhmmssZ", s);
        return -1;
    }
    memset(tm, 0, sizeof *tm);
    tm->tm_year = y - 1900;
    tm->tm_mon = mo - 1;
    tm->tm_mday = d;
    tm->tm_hour = h;
    tm->tm_min = mi;
    tm->tm_sec = se;
    return 0;
}

/* Hex serial into minimal two's complement octets of a positive INTEGER. */
static int parse_serial(arena *a, const char *hex, PKIX1Explicit88_CertificateSerialNumber *s)
{
    size_t n = strlen(hex);
    if (n == 0 || n > 40) {
        fail_msg("serial '%s': 1 to 40 hexadecimal digits", hex);
        return -1;
    }
    uint8_t *raw = arena_alloc(a, n / 2 + 2);
    if (!raw) {
        fail_msg("out of memory");
        return -1;
    }
    size_t len = 1;  /* raw[0] = 0: room for a sign octet */
    for (size_t i = 0; i < n; i++) {
        int c = tolower((unsigned char)hex[i]);
        int v = isdigit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
        if (v < 0) {
            fail_msg("serial '%s': not hexadecimal", hex);
            return -1;
        }
        if ((n - i) % 2 == 0)
            raw[len++] = (uint8_t)(v << 4);
        else if (i == 0)
            raw[len++] = (uint8_t)v;
        else
            raw[len - 1] |= (uint8_t)v;
    }
    size_t start = 0;
    while (start + 1 < len && raw[start] == 0 && !(raw[start + 1] & 0x80))
        start++;
    if (len - start > 20) {
        fail_msg("serial '%s': more than 20 octets (RFC 5280 4.1.2.2)", hex);
        return -1;
    }
    s->data = raw + start;
    s->len = (uint32_t)(len - start);
    return 0;
}

#if HAVE_LIBCRYPTO
static void crypto_fail(const char *what)
{
    unsigned long e = ERR_get_error();
    char buf[256] = "";
    if (e)
        ERR_error_string_n(e, buf, sizeof buf);
    fail_msg("%s%s%s", what, e ? ": " : "", buf);
    ERR_clear_error();
}
#endif

typedef struct {
    const char *key, *pubkey, *subject, *serial, *not_before, *not_after, *out, *eku;
    long days;
    bool ca, printable;
    long pathlen;
    const char *dns[16], *ip[16], *email[16];
    int ndns, nip, nemail;
} make_opts;

static void add_extension(PKIX1Explicit88_Extensions *exts, uint32_t count, const uint64_t *arcs, bool critical,
                          uint8_t *der, size_t len)
{
    PKIX1Explicit88_Extension *e = &exts->items[exts->count++];
    e->extnID.count = count;
    e->extnID.items = (uint64_t *)arcs;
    e->has_critical = critical;
    e->critical = critical;
    e->extnValue.data = der;
    e->extnValue.len = (uint32_t)len;
}

static int do_make(const make_opts *m)
{
#if !HAVE_LIBCRYPTO
    (void)m;
    fail_msg("make: built without libcrypto (ILPC_HAVE_LIBCRYPTO): cannot sign");
    return 1;
#else
    int status = 1;
    arena a = {0};
    uint8_t *spki_der = NULL;
    size_t spki_len = 0;
    EVP_PKEY *key = NULL;
    EVP_MD_CTX *md = NULL;
    unsigned char *pub_der = NULL;
    PKIX1Explicit88_SubjectPublicKeyInfo spki;
    memset(&spki, 0, sizeof spki);
    bool spki_decoded = false;

    /* the key and its public half */
    FILE *kf = fopen(m->key, "r");
    if (!kf) {
        fail_msg("%s: %s", m->key, strerror(errno));
        goto out;
    }
    key = PEM_read_PrivateKey(kf, NULL, NULL, NULL);
    fclose(kf);
    if (!key) {
        crypto_fail("reading the private key");
        goto out;
    }
    if (read_file(m->pubkey, &spki_der, &spki_len) != 0)
        goto out;
    int rc = PKIX1Explicit88_SubjectPublicKeyInfo_decode_der(&spki, spki_der, spki_len);
    if (rc != ILPC_OK) {
        fail_msg("%s: SubjectPublicKeyInfo_decode_der: %s (%d)", m->pubkey, ilpc_strerror(rc), rc);
        goto out;
    }
    spki_decoded = true;
    int publen = i2d_PUBKEY(key, &pub_der);
    if (publen <= 0) {
        crypto_fail("i2d_PUBKEY");
        goto out;
    }
    if ((size_t)publen != spki_len || memcmp(pub_der, spki_der, spki_len) != 0) {
        fail_msg("%s is not the public key of %s", m->pubkey, m->key);
        goto out;
    }

    /* the signature algorithm */
    static const uint64_t sha256_rsa[] = {1, 2, 840, 113549, 1, 1, 11};
    static const uint64_t ecdsa_sha256[] = {1, 2, 840, 10045, 4, 3, 2};
    static const uint64_t ed25519[] = {1, 3, 101, 112};
    static const uint64_t ed448[] = {1, 3, 101, 113};
    static uint8_t null_der[] = {0x05, 0x00};
    PKIX1Explicit88_AlgorithmIdentifier alg;
    memset(&alg, 0, sizeof alg);
    const EVP_MD *digest = NULL;
    if (EVP_PKEY_is_a(key, "RSA")) {
        alg.algorithm.count = 7;
        alg.algorithm.items = (uint64_t *)sha256_rsa;
        alg.has_parameters = true;
        alg.parameters.data = null_der;
        alg.parameters.len = 2;
        digest = EVP_sha256();
    } else if (EVP_PKEY_is_a(key, "EC")) {
        alg.algorithm.count = 7;
        alg.algorithm.items = (uint64_t *)ecdsa_sha256;
        digest = EVP_sha256();
    } else if (EVP_PKEY_is_a(key, "ED25519")) {
        alg.algorithm.count = 4;
        alg.algorithm.items = (uint64_t *)ed25519;
    } else if (EVP_PKEY_is_a(key, "ED448")) {
        alg.algorithm.count = 4;
        alg.algorithm.items = (uint64_t *)ed448;
    } else {
        fail_msg("%s: key type %s not supported (RSA, EC, Ed25519, Ed448)", m->key, EVP_PKEY_get0_type_name(key));
        goto out;
    }

    /* the TBSCertificate */
    PKIX1Explicit88_TBSCertificate tbs;
    memset(&tbs, 0, sizeof tbs);
    tbs.has_version = true;
    tbs.version = 2;  /* v3 */
    if (parse_serial(&a, m->serial ? m->serial : "01", &tbs.serialNumber) != 0)
        goto out;
    tbs.signature = alg;
    if (parse_dn(&a, m->subject, m->printable, &tbs.subject) != 0)
        goto out;
    tbs.issuer = tbs.subject;  /* self-signed */
    struct tm nb, na;
    time_t now = time(NULL);
    if (m->not_before) {
        if (parse_time(m->not_before, &nb) != 0)
            goto out;
    } else
        gmtime_r(&now, &nb);
    if (m->not_after) {
        if (parse_time(m->not_after, &na) != 0)
            goto out;
    } else {
        time_t end = now + (time_t)m->days * 86400;
        gmtime_r(&end, &na);
    }
    if (make_time(&a, &nb, &tbs.validity.notBefore) != 0 || make_time(&a, &na, &tbs.validity.notAfter) != 0)
        goto out;
    tbs.subjectPublicKeyInfo = spki;

    /* the extensions */
    PKIX1Explicit88_Extension *items = arena_alloc(&a, 8 * sizeof *items);
    if (!items) {
        fail_msg("out of memory");
        goto out;
    }
    tbs.has_extensions = true;
    tbs.extensions.items = items;
    tbs.extensions.count = 0;
    uint8_t *der;
    size_t len = 0;

    PKIX1Implicit88_BasicConstraints bc;
    memset(&bc, 0, sizeof bc);
    bc.has_cA = m->ca;
    bc.cA = m->ca;
    if (m->pathlen >= 0) {
        bc.has_pathLenConstraint = true;
        bc.pathLenConstraint = m->pathlen;
    }
    ENCODE_INTO(PKIX1Implicit88_BasicConstraints, &bc, &a, &der, &len, rc);
    if (encode_checked(rc, "basicConstraints"))
        goto out;
    add_extension(&tbs.extensions, ARCS(OID_BASIC_CONSTRAINTS), true, der, len);

    /* keyUsage: digitalSignature (0), and keyCertSign (5), cRLSign (6) for a CA; DER
     * drops the trailing zero bits of a named bit list (X.690 11.2.2) */
    uint8_t ku_bits = m->ca ? 0x86 : 0x80;
    PKIX1Implicit88_KeyUsage ku = {m->ca ? 7u : 1u, &ku_bits};
    ENCODE_INTO(PKIX1Implicit88_KeyUsage, &ku, &a, &der, &len, rc);
    if (encode_checked(rc, "keyUsage"))
        goto out;
    add_extension(&tbs.extensions, ARCS(OID_KEY_USAGE), true, der, len);

    if (m->eku) {
        PKIX1Implicit88_KeyPurposeId *kp = arena_alloc(&a, 16 * sizeof *kp);
        char *list = arena_alloc(&a, strlen(m->eku) + 1);
        if (!kp || !list) {
            fail_msg("out of memory");
            goto out;
        }
        strcpy(list, m->eku);
        uint32_t nk = 0;
        for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            static const struct { const char *name; uint64_t arc; } kps[] = {
                {"serverAuth", 1}, {"clientAuth", 2}, {"codeSigning", 3}, {"emailProtection", 4},
                {"timeStamping", 8}, {"OCSPSigning", 9},
            };
            uint64_t *arcs = arena_alloc(&a, 16 * sizeof(uint64_t));
            if (!arcs || nk == 16) {
                fail_msg("extKeyUsage: too many purposes");
                goto out;
            }
            uint32_t count = 0;
            for (size_t k = 0; k < sizeof kps / sizeof kps[0]; k++)
                if (strcmp(tok, kps[k].name) == 0) {
                    const uint64_t kp_arcs[] = {1, 3, 6, 1, 5, 5, 7, 3, kps[k].arc};
                    memcpy(arcs, kp_arcs, sizeof kp_arcs);
                    count = 9;
                }
            if (count == 0 && !parse_oid(tok, arcs, 16, &count)) {
                fail_msg("extKeyUsage: '%s' is no purpose name or OID", tok);
                goto out;
            }
            kp[nk].count = count;
            kp[nk].items = arcs;
            nk++;
        }
        PKIX1Implicit88_ExtKeyUsageSyntax eku = {nk, kp};
        ENCODE_INTO(PKIX1Implicit88_ExtKeyUsageSyntax, &eku, &a, &der, &len, rc);
    if (encode_checked(rc, "extKeyUsage"))
            goto out;
        add_extension(&tbs.extensions, ARCS(OID_EXT_KEY_USAGE), false, der, len);
    }

    int nsan = m->ndns + m->nip + m->nemail;
    if (nsan > 0) {
        PKIX1Implicit88_GeneralName *gn = arena_alloc(&a, (size_t)nsan * sizeof *gn);
        if (!gn) {
            fail_msg("out of memory");
            goto out;
        }
        int k = 0;
        for (int i = 0; i < m->ndns; i++, k++) {
            gn[k].which = PKIX1Implicit88_GeneralName_PR_dNSName;
            gn[k].u.dNSName.data = (char *)m->dns[i];
            gn[k].u.dNSName.len = (uint32_t)strlen(m->dns[i]);
        }
        for (int i = 0; i < m->nemail; i++, k++) {
            gn[k].which = PKIX1Implicit88_GeneralName_PR_rfc822Name;
            gn[k].u.rfc822Name.data = (char *)m->email[i];
            gn[k].u.rfc822Name.len = (uint32_t)strlen(m->email[i]);
        }
        for (int i = 0; i < m->nip; i++, k++) {
            uint8_t *addr = arena_alloc(&a, 16);
            if (!addr) {
                fail_msg("out of memory");
                goto out;
            }
            gn[k].which = PKIX1Implicit88_GeneralName_PR_iPAddress;
            gn[k].u.iPAddress.data = addr;
            if (inet_pton(AF_INET, m->ip[i], addr) == 1)
                gn[k].u.iPAddress.len = 4;
            else if (inet_pton(AF_INET6, m->ip[i], addr) == 1)
                gn[k].u.iPAddress.len = 16;
            else {
                fail_msg("--ip '%s': not an IPv4 or IPv6 address", m->ip[i]);
                goto out;
            }
        }
        PKIX1Implicit88_GeneralNames names = {(uint32_t)nsan, gn};
        ENCODE_INTO(PKIX1Implicit88_GeneralNames, &names, &a, &der, &len, rc);
    if (encode_checked(rc, "subjectAltName"))
            goto out;
        add_extension(&tbs.extensions, ARCS(OID_SUBJECT_ALT_NAME), false, der, len);
    }

    /* subjectKeyIdentifier: the SHA-1 of the subjectPublicKey's bits (RFC 5280 4.2.1.2 (1));
     * authorityKeyIdentifier: the same, the certificate signing itself */
    unsigned char sha1[EVP_MAX_MD_SIZE];
    unsigned int sha1_len = 0;
    if (!EVP_Digest(spki.subjectPublicKey.data, (spki.subjectPublicKey.bits + 7) / 8, sha1, &sha1_len, EVP_sha1(),
                    NULL)) {
        crypto_fail("SHA-1 of the public key");
        goto out;
    }
    PKIX1Implicit88_SubjectKeyIdentifier ski = {sha1_len, sha1};
    ENCODE_INTO(PKIX1Implicit88_SubjectKeyIdentifier, &ski, &a, &der, &len, rc);
    if (encode_checked(rc, "subjectKeyIdentifier"))
        goto out;
    add_extension(&tbs.extensions, ARCS(OID_SUBJECT_KEY_ID), false, der, len);
    PKIX1Implicit88_AuthorityKeyIdentifier aki;
    memset(&aki, 0, sizeof aki);
    aki.has_keyIdentifier = true;
    aki.keyIdentifier.data = sha1;
    aki.keyIdentifier.len = sha1_len;
    ENCODE_INTO(PKIX1Implicit88_AuthorityKeyIdentifier, &aki, &a, &der, &len, rc);
    if (encode_checked(rc, "authorityKeyIdentifier"))
        goto out;
    add_extension(&tbs.extensions, ARCS(OID_AUTHORITY_KEY_ID), false, der, len);

    /* encode the TBSCertificate with the generated encoder, sign its bytes */
    uint8_t *tbs_der;
    size_t tbs_len = 0;
    ENCODE_INTO(PKIX1Explicit88_TBSCertificate, &tbs, &a, &tbs_der, &tbs_len, rc);
    if (encode_checked(rc, "TBSCertificate"))
        goto out;
    md = EVP_MD_CTX_new();
    size_t sig_len = 0;
    if (!md || EVP_DigestSignInit(md, NULL, digest, NULL, key) != 1 ||
        EVP_DigestSign(md, NULL, &sig_len, tbs_der, tbs_len) != 1) {
        crypto_fail("EVP_DigestSign");
        goto out;
    }
    uint8_t *sig = arena_alloc(&a, sig_len);
    if (!sig || EVP_DigestSign(md, sig, &sig_len, tbs_der, tbs_len) != 1) {
        crypto_fail("EVP_DigestSign");
        goto out;
    }

    PKIX1Explicit88_Certificate cert;
    memset(&cert, 0, sizeof cert);
    cert.tbsCertificate = tbs;
    cert.signatureAlgorithm = alg;
    cert.signature.bits = (uint32_t)(sig_len * 8);
    cert.signature.data = sig;
    uint8_t *cert_der;
    size_t cert_len = 0;
    ENCODE_INTO(PKIX1Explicit88_Certificate, &cert, &a, &cert_der, &cert_len, rc);
    if (encode_checked(rc, "Certificate"))
        goto out;
    /* the Certificate holds the signed TBSCertificate's bytes after its own tag and length */
    size_t hdr = cert_len > 1 && cert_der[1] & 0x80 ? 2 + (cert_der[1] & 0x7fu) : 2;
    if (cert_len < hdr + tbs_len || memcmp(cert_der + hdr, tbs_der, tbs_len) != 0) {
        fail_msg("the Certificate's encoding does not hold the signed TBSCertificate");
        goto out;
    }
    if (write_file(m->out, cert_der, cert_len) != 0)
        goto out;
    printf("wrote %s (%zu bytes, TBSCertificate %zu bytes, signature %zu bytes)\n", m->out, cert_len, tbs_len,
           sig_len);
    status = 0;
out:
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    OPENSSL_free(pub_der);
    if (spki_decoded)
        PKIX1Explicit88_SubjectPublicKeyInfo_free(&spki);
    free(spki_der);
    arena_free(&a);
    return status;
#endif
}

/* ---- command line ---- */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s dump [--crl] [--ber] [--out FILE] FILE.der\n"
            "       %s make --key KEY.pem --pubkey SPKI.der --subject DN --out CERT.der\n"
            "               [--serial HEX] [--not-before YYYYMMDDhhmmssZ] [--not-after YYYYMMDDhhmmssZ | --days N]\n"
            "               [--ca] [--pathlen N] [--printable] [--dns NAME]... [--ip ADDR]... [--email ADDR]...\n"
            "               [--eku serverAuth,clientAuth,...|OID,...]\n"
            "dump decodes a Certificate (--crl: a CertificateList) with the generated DER decoder\n"
            "(--ber: BER), prints its fields and checks that the DER re-encoding is the input.\n"
            "make builds a self-signed v3 certificate and signs it with KEY.pem (libcrypto).\n",
            prog, prog);
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "dump") == 0) {
        dump_opts o = {0};
        for (int i = 2; i < argc; i++) {
            if (strcmp(argv[i], "--crl") == 0)
                o.crl = true;
            else if (strcmp(argv[i], "--ber") == 0)
                o.ber = true;
            else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
                o.out = argv[++i];
            else if (argv[i][0] == '-' || o.file) {
                fail_msg("dump: unexpected argument '%s'", argv[i]);
                usage(stderr);
                return 2;
            } else
                o.file = argv[i];
        }
        if (!o.file) {
            usage(stderr);
            return 2;
        }
        uint8_t *in;
        size_t len;
        if (read_file(o.file, &in, &len) != 0)
            return 1;
        int status = o.crl ? dump_crl(&o, in, len) : dump_certificate(&o, in, len);
        free(in);
        if (fflush(stdout) != 0)
            return 1;
        return status;
    }
    if (strcmp(argv[1], "make") == 0) {
        make_opts m;
        memset(&m, 0, sizeof m);
        m.days = 30;
        m.pathlen = -1;
        for (int i = 2; i < argc; i++) {
            const char *a = argv[i];
            const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT(name, field)                                   \
    if (strcmp(a, name) == 0 && v) {                       \
        m.field = v;                                       \
        i++;                                               \
        continue;                                          \
    }
#define LIST(name, arr, n)                                 \
    if (strcmp(a, name) == 0 && v) {                       \
        if (m.n == 16) {                                   \
            fail_msg("make: at most 16 %s", name);         \
            return 2;                                      \
        }                                                  \
        m.arr[m.n++] = v;                                  \
        i++;                                               \
        continue;                                          \
    }
            OPT("--key", key)
            OPT("--pubkey", pubkey)
            OPT("--subject", subject)
            OPT("--serial", serial)
            OPT("--not-before", not_before)
            OPT("--not-after", not_after)
            OPT("--out", out)
            OPT("--eku", eku)
            LIST("--dns", dns, ndns)
            LIST("--ip", ip, nip)
            LIST("--email", email, nemail)
            if (strcmp(a, "--ca") == 0) {
                m.ca = true;
                continue;
            }
            if (strcmp(a, "--printable") == 0) {
                m.printable = true;
                continue;
            }
            if ((strcmp(a, "--days") == 0 || strcmp(a, "--pathlen") == 0) && v) {
                char *end;
                errno = 0;
                long n = strtol(v, &end, 10);
                if (errno || *end || n < 0 || n > 1000000) {
                    fail_msg("make: %s '%s': a number from 0 to 1000000", a, v);
                    return 2;
                }
                if (a[2] == 'd')
                    m.days = n;
                else
                    m.pathlen = n;
                i++;
                continue;
            }
            fail_msg("make: unexpected argument '%s'", a);
            usage(stderr);
            return 2;
        }
        if (!m.key || !m.pubkey || !m.subject || !m.out) {
            fail_msg("make: --key, --pubkey, --subject and --out are required");
            usage(stderr);
            return 2;
        }
        return do_make(&m);
    }
    fail_msg("unknown command '%s'", argv[1]);
    usage(stderr);
    return 2;
}
