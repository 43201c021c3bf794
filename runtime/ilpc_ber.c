/* ilpc_ber.c - the primitives of BER, CER and DER (ilpc_ber.h; ITU-T X.690). */
#include "ilpc_ber.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ilpc_xdr.h"

/* Every level opened (constructed element, string segment, element skipped) counts
 * against this many times the runtime's max_depth (ilpc_xdr_limits): BER nests TLVs
 * several to a recursion level. */
#define BER_DEPTH_FACTOR 4u

static unsigned max_depth(void)
{
    return ilpc_xdr_current_limits.max_depth * BER_DEPTH_FACTOR;
}

uint32_t ilpc_ber_max_length(void)
{
    return ilpc_xdr_current_limits.max_length;
}

/* ---- decoding ----------------------------------------------------------------------- */

void ilpc_ber_in_init(ilpc_ber_in *in, const uint8_t *buf, size_t len, ilpc_ber_rules rules)
{
    in->p = buf;
    in->end = len > 0 ? buf + len : buf;
    in->indefinite = false;
    in->rules = (uint8_t)rules;
    in->depth = 0;
    in->max_depth = max_depth();
    in->arena = NULL;
}

/* The identifier octets at *pp: class and form bits in *id, the number in *number. */
static int read_tag(const uint8_t **pp, const uint8_t *end, uint8_t *id, uint32_t *number)
{
    const uint8_t *p = *pp;
    if (p >= end)
        return ILPC_E_TRUNCATED;
    uint8_t b = *p++;
    uint32_t num = b & 0x1Fu;
    *id = (uint8_t)(b & 0xE0u);
    if (num == 0x1Fu) {
        num = 0;
        for (int first = 1;; first = 0) {
            if (p >= end)
                return ILPC_E_TRUNCATED;
            uint8_t c = *p++;
            if (first && c == 0x80u)
                return ILPC_E_BER_FORM;  /* X.690 8.1.2.4.2 c: leading zero bits */
            if (num > (UINT32_MAX >> 7))
                return ILPC_E_BER_FORM;  /* a tag number beyond ilpc's 32 bits */
            num = (num << 7) | (c & 0x7Fu);
            if (!(c & 0x80u))
                break;
        }
        if (num < 0x1Fu)
            return ILPC_E_BER_FORM;      /* X.690 8.1.2.2: numbers 0..30 take one octet */
    } else if (num == 0 && *id == ILPC_BER_UNIVERSAL) {
        return ILPC_E_BER_FORM;          /* an end-of-contents where an element must be */
    }
    *number = num;
    *pp = p;
    return ILPC_OK;
}

/* The length octets at *pp for an element of form id: *indefinite, or *len octets that
 * the input holds.  The rule set's checks: minimal (DER, CER), no indefinite (DER), no
 * definite constructed (CER). */
static int read_length(const ilpc_ber_in *in, const uint8_t **pp, uint8_t id, bool *indefinite, size_t *len)
{
    const uint8_t *p = *pp, *end = in->end;
    if (p >= end)
        return ILPC_E_TRUNCATED;
    uint8_t b = *p++;
    size_t n = 0;
    *indefinite = false;
    if (b < 0x80u) {
        n = b;
    } else if (b == 0x80u) {
        if (!(id & ILPC_BER_CONSTRUCTED))
            return ILPC_E_BER_LENGTH;    /* X.690 8.1.3.2 a: primitive is definite */
        if (in->rules == ILPC_DER)
            return ILPC_E_DER_INDEFINITE;
        *indefinite = true;
        *pp = p;
        return ILPC_OK;
    } else if (b == 0xFFu) {
        return ILPC_E_BER_LENGTH;        /* X.690 8.1.3.5 c */
    } else {
        unsigned k = b & 0x7Fu;
        if ((size_t)(end - p) < k)
            return ILPC_E_TRUNCATED;
        if (in->rules != ILPC_BER && p[0] == 0)
            return ILPC_E_DER_LENGTH;
        for (unsigned i = 0; i < k; i++) {
            if (n > (SIZE_MAX >> 8))
                return ILPC_E_BER_LENGTH;  /* a length beyond the address space */
            n = (n << 8) | p[i];
        }
        p += k;
        if (in->rules != ILPC_BER && n < 0x80u)
            return ILPC_E_DER_LENGTH;
    }
    if (in->rules == ILPC_CER && (id & ILPC_BER_CONSTRUCTED))
        return ILPC_E_CER_DEFINITE;
    if ((size_t)(end - p) < n)
        return ILPC_E_TRUNCATED;
    *len = n;
    *pp = p;
    return ILPC_OK;
}

bool ilpc_ber_peek(const ilpc_ber_in *in, uint8_t *cls, uint32_t *number)
{
    if (ilpc_ber_at_end(in))
        return false;
    const uint8_t *p = in->p;
    uint8_t id;
    if (read_tag(&p, in->end, &id, number) != ILPC_OK)
        return false;
    *cls = (uint8_t)(id & 0xC0u);
    return true;
}

bool ilpc_ber_next_is(const ilpc_ber_in *in, uint8_t cls, uint32_t number)
{
    uint8_t c;
    uint32_t n;
    return ilpc_ber_peek(in, &c, &n) && c == cls && n == number;
}

int ilpc_ber_next_tag(const ilpc_ber_in *in, uint8_t *cls, uint32_t *number)
{
    if (ilpc_ber_at_end(in))
        return ILPC_E_BER_TAG;
    const uint8_t *p = in->p;
    uint8_t id = 0;
    int rc = read_tag(&p, in->end, &id, number);
    *cls = (uint8_t)(id & 0xC0u);
    return rc;
}

int ilpc_ber_count(const ilpc_ber_in *in, uint32_t max, uint32_t *count)
{
    ilpc_ber_in probe = *in;
    uint32_t n = 0;
    while (!ilpc_ber_at_end(&probe)) {
        if (probe.p >= probe.end)
            return ILPC_E_TRUNCATED;  /* an indefinite length without its end-of-contents */
        if (n == max)
            return ILPC_E_SIZE;
        const uint8_t *p = probe.p;
        if (ilpc_ber_short_header(&probe) && !((p[0] & ILPC_BER_CONSTRUCTED) && probe.rules == ILPC_CER)) {
            probe.p = p + 2 + p[1];  /* what ilpc_ber_skip does with a one-octet tag and length */
            n++;
            continue;
        }
        int rc = ilpc_ber_skip(&probe);
        if (rc != ILPC_OK)
            return rc;
        n++;
    }
    *count = n;
    return ILPC_OK;
}

int ilpc_ber_compare(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
    size_t n = an < bn ? an : bn;
    int c = n > 0 ? memcmp(a, b, n) : 0;
    if (c != 0)
        return c;
    return (an > bn) - (an < bn);
}

/* The next element's header, which must have tag (cls, number). */
static int header(ilpc_ber_in *in, uint8_t cls, uint32_t number, const uint8_t **contents, uint8_t *id,
                  bool *indefinite, size_t *len)
{
    if (in->indefinite && ilpc_ber_at_end(in))
        return ILPC_E_BER_TAG;           /* the contents end: a mandatory element is missing */
    const uint8_t *p = in->p;
    uint32_t num;
    int rc = read_tag(&p, in->end, id, &num);
    if (rc != ILPC_OK)
        return rc;
    if ((*id & 0xC0u) != cls || num != number)
        return ILPC_E_BER_TAG;
    rc = read_length(in, &p, *id, indefinite, len);
    if (rc != ILPC_OK)
        return rc;
    *contents = p;
    return ILPC_OK;
}

static int open_child(ilpc_ber_in *in, const uint8_t *contents, bool indefinite, size_t len, ilpc_ber_in *child)
{
    if (in->depth + 1 > in->max_depth)
        return ILPC_E_DEPTH;
    child->p = contents;
    child->end = indefinite ? in->end : contents + len;
    child->indefinite = indefinite;
    child->rules = in->rules;
    child->depth = in->depth + 1;
    child->max_depth = in->max_depth;
    child->arena = in->arena;
    in->p = indefinite ? contents : contents + len;
    return ILPC_OK;
}

/* ilpc_ber_enter past its in-line case. */
int ilpc_ber_enter_any(ilpc_ber_in *in, uint8_t cls, uint32_t number, ilpc_ber_in *child)
{
    const uint8_t *contents;
    uint8_t id;
    bool indefinite;
    size_t len = 0;
    int rc = header(in, cls, number, &contents, &id, &indefinite, &len);
    if (rc != ILPC_OK)
        return rc;
    if (!(id & ILPC_BER_CONSTRUCTED))
        return ILPC_E_BER_FORM;
    return open_child(in, contents, indefinite, len, child);
}

int ilpc_ber_get_primitive_any(ilpc_ber_in *in, uint8_t cls, uint32_t number, const uint8_t **data, size_t *len)
{
    uint8_t id;
    bool indefinite;
    int rc = header(in, cls, number, data, &id, &indefinite, len);
    if (rc != ILPC_OK)
        return rc;
    if (id & ILPC_BER_CONSTRUCTED)
        return ILPC_E_BER_FORM;
    in->p = *data + *len;
    return ILPC_OK;
}

int ilpc_ber_skip(ilpc_ber_in *in)
{
    const uint8_t *p = in->p;
    unsigned open = 0;  /* indefinite lengths entered and not yet ended */
    do {
        if (open > 0 && in->end - p >= 2 && p[0] == 0 && p[1] == 0) {
            p += 2;
            open--;
            continue;
        }
        uint8_t id;
        uint32_t num;
        bool indefinite;
        size_t len = 0;
        int rc = read_tag(&p, in->end, &id, &num);
        if (rc == ILPC_OK)
            rc = read_length(in, &p, id, &indefinite, &len);
        if (rc != ILPC_OK)
            return rc;
        if (indefinite) {
            if (in->depth + open + 1 > in->max_depth)
                return ILPC_E_DEPTH;
            open++;
        } else {
            p += len;
        }
    } while (open > 0);
    in->p = p;
    return ILPC_OK;
}

/* ---- primitive contents ------------------------------------------------------------- */

int ilpc_ber_int64(const uint8_t *d, size_t n, int64_t *out)
{
    if (n == 0)
        return ILPC_E_BER_INTEGER;
    if (n > 1 && ((d[0] == 0 && !(d[1] & 0x80u)) || (d[0] == 0xFFu && (d[1] & 0x80u))))
        return ILPC_E_BER_INTEGER;       /* X.690 8.3.2: minimal octets, in every rule set */
    if (n > 8)
        return ILPC_E_RANGE;
    uint64_t u = (d[0] & 0x80u) ? UINT64_MAX : 0;
    for (size_t i = 0; i < n; i++)
        u = (u << 8) | d[i];
    *out = u > (uint64_t)INT64_MAX ? -(int64_t)(~u) - 1 : (int64_t)u;
    return ILPC_OK;
}

int ilpc_ber_uint64(const uint8_t *d, size_t n, uint64_t *out)
{
    if (n == 0)
        return ILPC_E_BER_INTEGER;
    if (n > 1 && ((d[0] == 0 && !(d[1] & 0x80u)) || (d[0] == 0xFFu && (d[1] & 0x80u))))
        return ILPC_E_BER_INTEGER;
    if ((d[0] & 0x80u) || n > 9 || (n == 9 && d[0] != 0))
        return ILPC_E_RANGE;             /* negative, or beyond 64 bits */
    uint64_t u = 0;
    for (size_t i = 0; i < n; i++)
        u = (u << 8) | d[i];
    *out = u;
    return ILPC_OK;
}

int ilpc_ber_bool(const ilpc_ber_in *in, const uint8_t *d, size_t n, bool *out)
{
    if (n != 1)
        return ILPC_E_BER_FORM;
    if (in->rules != ILPC_BER && d[0] != 0 && d[0] != 0xFFu)
        return ILPC_E_DER_BOOLEAN;
    *out = d[0] != 0;
    return ILPC_OK;
}

int ilpc_ber_null(const uint8_t *d, size_t n)
{
    (void)d;
    return n == 0 ? ILPC_OK : ILPC_E_BER_FORM;
}

/* A decimal REAL (X.690 8.5.8, ISO 6093 NR1, NR2, NR3). */
static int real_decimal(const ilpc_ber_in *in, uint8_t form, const uint8_t *d, size_t n, double *out)
{
    char text[128];
    if (form < 1 || form > 3 || n == 0 || n >= sizeof text)
        return ILPC_E_BER_FORM;
    if (in->rules != ILPC_BER && form != 3)
        return ILPC_E_DER_REAL;          /* X.690 11.3.2: NR3 */
    size_t k = 0;
    bool digit = false;
    for (size_t i = 0; i < n; i++) {
        char c = (char)d[i];
        if (c == ' ' && in->rules == ILPC_BER)
            continue;                    /* leading spaces of ISO 6093 */
        if (c >= '0' && c <= '9')
            digit = true;
        else if (c == ',')
            c = '.';
        else if (!(c == '+' || c == '-' || c == '.' || c == 'E' || c == 'e'))
            return ILPC_E_BER_FORM;
        if (in->rules != ILPC_BER && (c == ' ' || c == '+'))
            return ILPC_E_DER_REAL;
        text[k++] = c;
    }
    text[k] = 0;
    if (!digit)
        return ILPC_E_BER_FORM;
    char *stop;
    double v = strtod(text, &stop);
    if (*stop != 0)
        return ILPC_E_BER_FORM;
    *out = v;
    return ILPC_OK;
}

int ilpc_ber_real(const ilpc_ber_in *in, const uint8_t *d, size_t n, double *out)
{
    if (n == 0) {
        *out = 0.0;
        return ILPC_OK;
    }
    uint8_t b = d[0];
    if ((b & 0xC0u) == 0x40u) {          /* X.690 8.5.9: the special values */
        if (n != 1)
            return ILPC_E_BER_FORM;
        switch (b) {
        case 0x40: *out = INFINITY; return ILPC_OK;
        case 0x41: *out = -INFINITY; return ILPC_OK;
        case 0x42: *out = NAN; return ILPC_OK;
        case 0x43: *out = -0.0; return ILPC_OK;
        default: return ILPC_E_BER_FORM;
        }
    }
    if (!(b & 0x80u))
        return real_decimal(in, b & 0x3Fu, d + 1, n - 1, out);
    /* binary (X.690 8.5.7): sign, base, scale F, exponent, mantissa N */
    static const int base_bits[4] = {1, 3, 4, 0};
    int bits = base_bits[(b >> 4) & 3u];
    unsigned scale = (b >> 2) & 3u;
    size_t i = 1, elen;
    if ((b & 3u) == 3u) {
        if (n < 2)
            return ILPC_E_BER_FORM;
        elen = d[1];
        i = 2;
    } else {
        elen = (b & 3u) + 1u;
    }
    if (bits == 0 || elen == 0 || n - i < elen)
        return ILPC_E_BER_FORM;
    const uint8_t *e = d + i, *m = d + i + elen;
    size_t mlen = n - i - elen;
    if (in->rules != ILPC_BER) {         /* X.690 11.3.1: base 2, F 0, N odd or 0, minimal */
        bool long_form = (b & 3u) == 3u;
        bool exp_minimal = elen == 1 || !((e[0] == 0 && !(e[1] & 0x80u)) || (e[0] == 0xFFu && (e[1] & 0x80u)));
        if (bits != 1 || scale != 0 || mlen == 0 || m[0] == 0 || !(m[mlen - 1] & 1u) || !exp_minimal
            || (long_form && elen <= 3))
            return ILPC_E_DER_REAL;
    }
    /* the exponent, saturated: beyond +-2^20 every double is 0 or infinite */
    long exp = (e[0] & 0x80u) ? -1 : 0;
    for (size_t k = 0; k < elen; k++) {
        if (exp > (1L << 20) || exp < -(1L << 20))
            break;
        exp = exp * 256 + e[k];
    }
    if (exp > (1L << 20))
        exp = 1L << 20;
    if (exp < -(1L << 20))
        exp = -(1L << 20);
#if defined(__STDC_IEC_559__) || defined(__GCC_IEC_559)
    /* The common case, DER's: base 2, a mantissa of at most 53 bits, a normal result;
     * the double's bits are put together (exact; the DER check below cannot fail). */
    if (bits == 1 && mlen > 0 && mlen <= 7 && m[0] != 0) {
        uint64_t mi = 0;
        for (size_t k = 0; k < mlen; k++)
            mi = mi << 8 | m[k];
        int len = 8 * (int)mlen;           /* mi's bit length: m[0] is not 0 */
        for (uint8_t top = m[0]; !(top & 0x80u); top = (uint8_t)(top << 1))
            len--;
        long e2 = exp + (long)scale + len - 1;
        if (len <= 53 && e2 >= -1022 && e2 <= 1023) {
            uint64_t w = (uint64_t)(e2 + 1023) << 52 | ((mi << (53 - len)) & ((UINT64_C(1) << 52) - 1u));
            w |= (b & 0x40u) ? UINT64_C(1) << 63 : 0u;
            memcpy(out, &w, sizeof w);
            return ILPC_OK;
        }
    }
#endif
    double mant = 0.0;
    for (size_t k = 0; k < mlen; k++)
        mant = mant * 256.0 + m[k];
    int shift = (int)(exp * bits + (long)scale);
    double v = ldexp(mant, shift);
    /* a value a double cannot hold: beyond its range (BER, CER, DER), or not exactly
     * (CER, DER: their encodings are of doubles, and re-encode to the same octets) */
    if (!isfinite(v) || (mant != 0.0 && v == 0.0))
        return ILPC_E_RANGE;
    if (in->rules != ILPC_BER && (mant >= 9007199254740992.0 || ldexp(v, -shift) != mant))
        return ILPC_E_RANGE;
    *out = (b & 0x40u) ? -v : v;
    return ILPC_OK;
}

int ilpc_ber_oid(const ilpc_ber_in *in, const uint8_t *d, size_t n, bool relative, uint32_t max_arcs,
                 uint64_t **items, uint32_t *count)
{
    if (n == 0 || (d[n - 1] & 0x80u))
        return ILPC_E_BER_FORM;
    size_t subids = 0;
    for (size_t i = 0; i < n; i++)
        subids += !(d[i] & 0x80u);
    size_t arcs = subids + (relative ? 0u : 1u);
    if (arcs > max_arcs)
        return ILPC_E_SIZE;
    uint64_t *a = ilpc_ber_calloc(in, arcs, sizeof *a);
    if (a == NULL)
        return ILPC_E_NOMEM;
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        if (d[i] == 0x80u) {
            ilpc_ber_release(in, a);
            return ILPC_E_BER_FORM;      /* X.690 8.19.2: a subidentifier's leading 0x80 */
        }
        uint64_t v = 0;
        bool carry = false;              /* bit 64: the first subidentifier 2*40+arc may have it */
        uint8_t c;
        do {
            c = d[i++];
            if (v >> 57) {
                if (carry || v >> 58 || relative || k != 0) {
                    ilpc_ber_release(in, a);
                    return ILPC_E_RANGE;  /* an arc beyond 64 bits */
                }
                carry = true;
            }
            v = (v << 7) | (c & 0x7Fu);
        } while (c & 0x80u);
        if (!relative && k == 0) {
            if (carry || v >= 80) {
                a[0] = 2;
                a[1] = v - 80;           /* modulo 2^64: right with the carry too */
            } else {
                a[0] = v / 40;
                a[1] = v % 40;
            }
            k = 2;
        } else {
            a[k++] = v;
        }
    }
    *items = a;
    *count = (uint32_t)arcs;
    return ILPC_OK;
}

/* ---- strings, whole or in segments --------------------------------------------------- */

typedef struct gather {
    uint8_t *dst;    /* NULL: measuring */
    size_t n, max;
    bool bits;
    uint8_t unused;  /* the unused bits of the last segment read */
    bool ended;      /* a segment with unused bits, or (CER) shorter than 1000, was read */
    unsigned segments;
} gather;

static int segment(ilpc_ber_in *in, uint8_t cls, uint32_t number, gather *g, unsigned level)
{
    const uint8_t *contents;
    uint8_t id;
    bool indefinite;
    size_t len = 0;
    int rc = header(in, cls, number, &contents, &id, &indefinite, &len);
    if (rc != ILPC_OK)
        return rc;
    if (id & ILPC_BER_CONSTRUCTED) {
        if (in->rules == ILPC_DER || (in->rules == ILPC_CER && level > 0))
            return ILPC_E_DER_SEGMENTS;
        ilpc_ber_in child;
        rc = open_child(in, contents, indefinite, len, &child);
        if (rc != ILPC_OK)
            return rc;
        while (!ilpc_ber_at_end(&child)) {
            if (child.p >= child.end)
                return ILPC_E_TRUNCATED;
            rc = segment(&child, ILPC_BER_UNIVERSAL, g->bits ? 3u : 4u, g, level + 1);
            if (rc != ILPC_OK)
                return rc;
        }
        rc = ilpc_ber_leave(in, &child);
        if (rc == ILPC_OK && in->rules == ILPC_CER && g->n + g->bits <= ILPC_CER_SEGMENT * (size_t)1)
            return ILPC_E_DER_SEGMENTS;  /* X.690 9.2: up to 1000 octets is primitive */
        return rc;
    }
    in->p = contents + len;
    if (g->ended)
        return ILPC_E_BER_FORM;          /* a segment after the one that ends the string */
    if (in->rules == ILPC_CER) {
        if (level == 0 && len > ILPC_CER_SEGMENT)
            return ILPC_E_DER_SEGMENTS;
        if (level > 0 && len != ILPC_CER_SEGMENT) {
            if (len > ILPC_CER_SEGMENT)
                return ILPC_E_DER_SEGMENTS;
            g->ended = true;
        }
    }
    if (g->bits) {
        if (len == 0 || contents[0] > 7 || (len == 1 && contents[0] != 0))
            return ILPC_E_BER_FORM;     /* X.690 8.6.2 */
        g->unused = contents[0];
        if (g->unused)
            g->ended = true;
        contents++;
        len--;
    }
    if (len > g->max - g->n)
        return ILPC_E_LIMIT;
    if (g->dst != NULL && len > 0)
        memcpy(g->dst + g->n, contents, len);
    g->n += len;
    g->segments++;
    return ILPC_OK;
}

/* The string at in gathered in two passes: its length, then (after dst is had) its
 * octets. */
static int gather_string(ilpc_ber_in *in, uint8_t cls, uint32_t number, gather *g, uint8_t *(*get)(size_t, void *),
                         void *arg)
{
    ilpc_ber_in probe = *in;
    int rc = segment(&probe, cls, number, g, 0);
    if (rc != ILPC_OK)
        return rc;
    size_t n = g->n;
    g->dst = get(n, arg);
    if (g->dst == NULL)
        return ILPC_E_NOMEM;
    g->n = 0;
    g->ended = false;
    g->segments = 0;
    rc = segment(in, cls, number, g, 0);
    return rc;
}

static uint8_t *alloc_plus_nul(size_t n, void *in)
{
    uint8_t *p = ilpc_ber_alloc(in, n + 1);
    if (p != NULL)
        p[n] = 0;
    return p;
}

static uint8_t *fixed_dst(size_t n, void *arg)
{
    (void)n;
    return arg;
}

/* ilpc_ber_get_octets past its in-line case (a long tag or length, a constructed string,
 * an identifier other than the one expected, a length above max_len). */
int ilpc_ber_get_octets_any(ilpc_ber_in *in, uint8_t cls, uint32_t number, uint32_t max_len, uint8_t **data,
                            uint32_t *len)
{
    gather g = {NULL, 0, max_len, false, 0, false, 0};
    int rc = gather_string(in, cls, number, &g, alloc_plus_nul, in);
    if (rc != ILPC_OK) {
        ilpc_ber_release(in, g.dst);
        return rc;
    }
    *data = g.dst;
    *len = (uint32_t)g.n;
    return ILPC_OK;
}

int ilpc_ber_get_octets_fixed(ilpc_ber_in *in, uint8_t cls, uint32_t number, uint8_t *dst, uint32_t n)
{
    gather g = {NULL, 0, n, false, 0, false, 0};
    ilpc_ber_in probe = *in;
    int rc = segment(&probe, cls, number, &g, 0);
    if (rc == ILPC_E_LIMIT || (rc == ILPC_OK && g.n != n))
        return ILPC_E_SIZE;
    if (rc != ILPC_OK)
        return rc;
    g.n = 0;
    g.segments = 0;
    return gather_string(in, cls, number, &g, fixed_dst, dst);
}

int ilpc_ber_get_bits(ilpc_ber_in *in, uint8_t cls, uint32_t number, uint32_t max_bits, uint8_t **data,
                      uint32_t *bits)
{
    gather g = {NULL, 0, ((size_t)max_bits + 7) / 8, true, 0, false, 0};
    int rc = gather_string(in, cls, number, &g, alloc_plus_nul, in);
    if (rc == ILPC_OK) {
        uint64_t nbits = (uint64_t)g.n * 8 - g.unused;
        if (nbits > max_bits)
            rc = ILPC_E_LIMIT;
        else if (g.n > 0 && (g.dst[g.n - 1] & ((1u << g.unused) - 1u))) {
            if (in->rules != ILPC_BER)
                rc = ILPC_E_DER_UNUSED_BITS;
            else
                g.dst[g.n - 1] &= (uint8_t)~((1u << g.unused) - 1u);  /* BER: they mean nothing */
        }
        *bits = (uint32_t)nbits;
    }
    if (rc != ILPC_OK) {
        ilpc_ber_release(in, g.dst);
        return rc;
    }
    *data = g.dst;
    return ILPC_OK;
}

int ilpc_ber_get_ucs(ilpc_ber_in *in, uint8_t cls, uint32_t number, unsigned width, uint8_t **data, uint32_t *len)
{
    uint8_t *ucs = NULL;   /* the UCS octets: malloc'd whatever in allocates from */
    uint32_t n = 0;
    ilpc_ber_in raw = *in;
    raw.arena = NULL;
    int rc = ilpc_ber_get_octets(&raw, cls, number, ilpc_ber_max_length(), &ucs, &n);
    if (rc != ILPC_OK)
        return rc;
    in->p = raw.p;
    if (n % width != 0) {
        free(ucs);
        return ILPC_E_BER_FORM;
    }
    size_t chars = n / width;
    if (chars > (UINT32_MAX - 1) / 4) {
        free(ucs);
        return ILPC_E_LIMIT;
    }
    uint8_t *out = ilpc_ber_alloc(in, chars * 4 + 1), *q = out;
    if (out == NULL) {
        free(ucs);
        return ILPC_E_NOMEM;
    }
    for (size_t i = 0; i < n; i += width) {
        uint32_t c = width == 2 ? (uint32_t)ucs[i] << 8 | ucs[i + 1]
                                : (uint32_t)ucs[i] << 24 | (uint32_t)ucs[i + 1] << 16 | (uint32_t)ucs[i + 2] << 8 | ucs[i + 3];
        if (c > 0x10FFFFu || (c >= 0xD800u && c <= 0xDFFFu)) {
            free(ucs);
            ilpc_ber_release(in, out);
            return ILPC_E_ALPHABET;
        }
        if (c < 0x80u) {
            *q++ = (uint8_t)c;
        } else if (c < 0x800u) {
            *q++ = (uint8_t)(0xC0u | c >> 6);
            *q++ = (uint8_t)(0x80u | (c & 0x3Fu));
        } else if (c < 0x10000u) {
            *q++ = (uint8_t)(0xE0u | c >> 12);
            *q++ = (uint8_t)(0x80u | ((c >> 6) & 0x3Fu));
            *q++ = (uint8_t)(0x80u | (c & 0x3Fu));
        } else {
            *q++ = (uint8_t)(0xF0u | c >> 18);
            *q++ = (uint8_t)(0x80u | ((c >> 12) & 0x3Fu));
            *q++ = (uint8_t)(0x80u | ((c >> 6) & 0x3Fu));
            *q++ = (uint8_t)(0x80u | (c & 0x3Fu));
        }
    }
    free(ucs);
    *q = 0;
    *data = out;
    *len = (uint32_t)(q - out);
    return ILPC_OK;
}

uint32_t ilpc_ber_utf8_chars(const void *utf8, uint32_t len)
{
    const uint8_t *s = utf8;
    uint32_t n = 0;
    for (uint32_t i = 0; i < len; i++)
        n += (s[i] & 0xC0u) != 0x80u;
    return n;
}

int ilpc_ber_get_raw(ilpc_ber_in *in, uint32_t max, uint8_t **data, uint32_t *len)
{
    const uint8_t *start = in->p;
    if (ilpc_ber_at_end(in))
        return ILPC_E_BER_TAG;
    int rc = ilpc_ber_skip(in);
    if (rc != ILPC_OK)
        return rc;
    size_t n = (size_t)(in->p - start);
    if (n > max)
        return ILPC_E_LIMIT;
    uint8_t *p = ilpc_ber_alloc(in, n + 1);
    if (p == NULL)
        return ILPC_E_NOMEM;
    memcpy(p, start, n);
    p[n] = 0;
    *data = p;
    *len = (uint32_t)n;
    return ILPC_OK;
}

static bool digits(const uint8_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (d[i] < '0' || d[i] > '9')
            return false;
    return true;
}

int ilpc_ber_check_time(const uint8_t *d, size_t n, bool generalized)
{
    if (!generalized)  /* X.690 11.8: YYMMDDHHMMSSZ */
        return n == 13 && digits(d, 12) && d[12] == 'Z' ? ILPC_OK : ILPC_E_DER_TIME;
    /* X.690 11.7: YYYYMMDDHHMMSS[.f]Z, '.', no trailing zero in the fraction */
    if (n < 15 || !digits(d, 14) || d[n - 1] != 'Z')
        return ILPC_E_DER_TIME;
    if (n == 15)
        return ILPC_OK;
    if (n < 17 || d[14] != '.' || !digits(d + 15, n - 16) || d[n - 2] == '0')
        return ILPC_E_DER_TIME;
    return ILPC_OK;
}

/* ---- encoding ------------------------------------------------------------------------ */

void ilpc_ber_put_bytes_any(ilpc_ber_out *o, const void *src, size_t k)
{
    if (o->buf != NULL && !o->full) {
        if (k > o->lim - o->n && o->sink != NULL && o->lim < o->cap)
            o->sink->more(o->sink, o, k);
        if (k > o->lim - o->n)
            o->full = true;
        else if (k > 0)
            memcpy(o->buf + (o->cap - o->n - k), src, k);
    }
    o->n += k;
}

void ilpc_ber_put_byte(ilpc_ber_out *o, uint8_t b)
{
    ilpc_ber_put_bytes(o, &b, 1);
}

size_t ilpc_ber_open(ilpc_ber_out *o)
{
    if (o->rules == ILPC_CER) {
        static const uint8_t eoc[2] = {0, 0};
        ilpc_ber_put_bytes(o, eoc, 2);
    }
    return o->n;
}

void ilpc_ber_put_header_any(ilpc_ber_out *o, uint8_t cls_form, uint32_t number, size_t len)
{
    uint8_t h[32];
    size_t k = sizeof h;
    /* the length, back to front */
    if ((cls_form & ILPC_BER_CONSTRUCTED) && o->rules == ILPC_CER) {
        h[--k] = 0x80u;                  /* X.690 9.1: indefinite */
    } else if (len < 0x80u) {
        h[--k] = (uint8_t)len;
    } else {
        uint8_t m = 0;
        for (size_t x = len; x > 0; x >>= 8, m++)
            h[--k] = (uint8_t)x;
        h[--k] = (uint8_t)(0x80u | m);
    }
    if (number < 0x1Fu) {
        h[--k] = (uint8_t)(cls_form | number);
    } else {
        h[--k] = (uint8_t)(number & 0x7Fu);
        for (uint32_t x = number >> 7; x > 0; x >>= 7)
            h[--k] = (uint8_t)(0x80u | (x & 0x7Fu));
        h[--k] = (uint8_t)(cls_form | 0x1Fu);
    }
    ilpc_ber_put_bytes(o, h + k, sizeof h - k);
}

void ilpc_ber_put_int64(ilpc_ber_out *o, int64_t v)
{
    uint8_t b[8];
    size_t k = 8;
    uint64_t u = (uint64_t)v;
    do {
        b[--k] = (uint8_t)u;
        u >>= 8;
    } while (k > 0);
    /* minimal: drop leading octets that only repeat the sign */
    k = 0;
    while (k < 7 && ((b[k] == 0 && !(b[k + 1] & 0x80u)) || (b[k] == 0xFFu && (b[k + 1] & 0x80u))))
        k++;
    ilpc_ber_put_bytes(o, b + k, 8 - k);
}

void ilpc_ber_put_uint64(ilpc_ber_out *o, uint64_t v)
{
    if (v > (uint64_t)INT64_MAX) {
        uint8_t b[9] = {0};
        for (int i = 8; i >= 1; i--, v >>= 8)
            b[i] = (uint8_t)v;
        ilpc_ber_put_bytes(o, b, 9);
        return;
    }
    ilpc_ber_put_int64(o, (int64_t)v);
}

void ilpc_ber_put_real(ilpc_ber_out *o, double v)
{
    if (v == 0.0) {
        if (signbit(v))
            ilpc_ber_put_byte(o, 0x43);
        return;                          /* +0: no contents octets */
    }
    if (isnan(v)) {
        ilpc_ber_put_byte(o, 0x42);
        return;
    }
    if (isinf(v)) {
        ilpc_ber_put_byte(o, v > 0 ? 0x40 : 0x41);
        return;
    }
    int e;
    double m = frexp(fabs(v), &e);       /* |v| = m * 2^e, 0.5 <= m < 1 */
    uint64_t mant = (uint64_t)ldexp(m, 53);
    long exp = (long)e - 53;
    while (!(mant & 1u)) {               /* X.690 11.3.1: N odd */
        mant >>= 1;
        exp++;
    }
    uint8_t b[1 + 2 + 8];
    size_t k = sizeof b;
    for (uint64_t x = mant; x > 0; x >>= 8)
        b[--k] = (uint8_t)x;
    /* the exponent, minimal two's complement (one or two octets for a double) */
    bool two = exp < -128 || exp > 127;
    uint16_t ue = (uint16_t)(int16_t)exp;
    b[--k] = (uint8_t)ue;
    if (two)
        b[--k] = (uint8_t)(ue >> 8);
    b[--k] = (uint8_t)(0x80u | (v < 0 ? 0x40u : 0u) | (two ? 1u : 0u));
    ilpc_ber_put_bytes(o, b + k, sizeof b - k);
}

/* One subidentifier, base 128; hi: its bit 64 (the first subidentifier of an OBJECT
 * IDENTIFIER 2.x, 80 + x, can need it). */
static void put_subid(ilpc_ber_out *o, uint64_t v, bool hi)
{
    uint8_t b[10];
    size_t k = sizeof b;
    uint8_t more = 0;
    for (unsigned i = 0; i < 10; i++) {
        uint8_t g = (uint8_t)((i < 9 ? v >> (7 * i) : (v >> 63) | (hi ? 2u : 0u)) & 0x7Fu);
        b[--k] = (uint8_t)(g | more);
        more = 0x80u;
        bool rest = i < 8 ? (v >> (7 * (i + 1))) != 0 || hi : i == 8 ? (v >> 63) != 0 || hi : false;
        if (!rest)
            break;
    }
    ilpc_ber_put_bytes(o, b + k, sizeof b - k);
}

/* A subidentifier below 2^64 written before end, back to front (the common case of
 * put_subid, into a local buffer); the number of octets. */
static size_t subid_before(uint8_t *end, uint64_t v)
{
    uint8_t *p = end, more = 0;
    do {
        *--p = (uint8_t)((v & 0x7Fu) | more);
        more = 0x80u;
        v >>= 7;
    } while (v != 0);
    return (size_t)(end - p);
}

/* ilpc_ber_put_bytes of a few hundred octets at most, copied by ilpc_copy_short. */
static void put_short_bytes(ilpc_ber_out *o, const uint8_t *src, size_t n)
{
    if (o->buf != NULL && !o->full && n - 1u < o->lim - o->n) {
        ilpc_copy_short(o->buf + (o->cap - o->n - n), src, n);
        o->n += n;
        return;
    }
    ilpc_ber_put_bytes_any(o, src, n);
}

void ilpc_ber_put_oid(ilpc_ber_out *o, const uint64_t *arcs, uint32_t count, bool relative)
{
    uint8_t b[256];                      /* the subidentifiers, flushed when nearly full */
    size_t k = sizeof b;
    uint32_t first = relative ? 0 : 2;
    for (uint32_t i = count; i > first; i--) {
        if (k < 10) {
            put_short_bytes(o, b + k, sizeof b - k);
            k = sizeof b;
        }
        k -= subid_before(b + k, arcs[i - 1]);
    }
    put_short_bytes(o, b + k, sizeof b - k);
    if (!relative && count >= 2) {
        uint64_t v = arcs[0] * 40u + arcs[1];  /* arcs[0] <= 2; only 2.x can carry */
        put_subid(o, v, v < arcs[1]);
    }
}

/* The contents octets of a string, back to front: primitive when DER, or when CER and
 * there are at most 1000 of them; else CER's constructed form, segments of 1000
 * contents octets each but the last (X.690 9.2).  A BIT STRING (bits) is the data
 * after its unused-bits octet, unused in the last segment, 0 in the others. */
static void put_segmented(ilpc_ber_out *o, uint8_t cls, uint32_t number, const uint8_t *data, size_t n, bool bits,
                          uint8_t unused)
{
    size_t whole = n + (bits ? 1u : 0u);   /* the contents octets, primitive */
    if (o->rules != ILPC_CER || whole <= ILPC_CER_SEGMENT) {
        ilpc_ber_put_bytes(o, data, n);
        if (bits)
            ilpc_ber_put_byte(o, unused);
        ilpc_ber_put_header(o, cls, number, whole);
        return;
    }
    size_t per = ILPC_CER_SEGMENT - (bits ? 1u : 0u);  /* data octets in a whole segment */
    size_t full = (n - 1) / per;            /* segments before the last, which holds 1..per */
    size_t last = n - full * per;
    uint32_t segment_tag = bits ? 3u : 4u;
    ilpc_ber_open(o);
    for (size_t i = full + 1; i-- > 0;) {
        size_t k = i == full ? last : per;
        ilpc_ber_put_bytes(o, data + i * per, k);
        if (bits)
            ilpc_ber_put_byte(o, i == full ? unused : 0u);
        ilpc_ber_put_header(o, ILPC_BER_UNIVERSAL, segment_tag, k + (bits ? 1u : 0u));
    }
    ilpc_ber_put_header(o, (uint8_t)(cls | ILPC_BER_CONSTRUCTED), number, 0);
}

void ilpc_ber_put_string_any(ilpc_ber_out *o, uint8_t cls, uint32_t number, const void *data, size_t len)
{
    put_segmented(o, cls, number, data, len, false, 0);
}

void ilpc_ber_put_bit_string(ilpc_ber_out *o, uint8_t cls, uint32_t number, const uint8_t *data, uint32_t bits)
{
    size_t n = ((size_t)bits + 7) / 8;
    put_segmented(o, cls, number, data, n, true, (uint8_t)(n * 8 - bits));
}

int ilpc_ber_put_ucs(ilpc_ber_out *o, uint8_t cls, uint32_t number, const char *utf8, uint32_t len,
                     unsigned width)
{
    const uint8_t *s = (const uint8_t *)utf8;
    uint8_t *out = malloc((size_t)len * width + 1), *q = out;
    if (out == NULL)
        return ILPC_E_NOMEM;
    for (uint32_t i = 0; i < len;) {
        uint32_t c = s[i], need = c < 0x80u ? 0 : (c & 0xE0u) == 0xC0u ? 1 : (c & 0xF0u) == 0xE0u ? 2
                                             : (c & 0xF8u) == 0xF0u ? 3 : 4;
        if (need == 4 || need > len - i - 1) {  /* not a lead octet, or cut short */
            free(out);
            return ILPC_E_ALPHABET;
        }
        if (need > 0)
            c &= 0x3Fu >> need;
        for (uint32_t k = 1; k <= need; k++) {
            if ((s[i + k] & 0xC0u) != 0x80u) {
                free(out);
                return ILPC_E_ALPHABET;
            }
            c = c << 6 | (s[i + k] & 0x3Fu);
        }
        static const uint32_t least[4] = {0, 0x80u, 0x800u, 0x10000u};
        if (c < least[need] || c > 0x10FFFFu || (c >= 0xD800u && c <= 0xDFFFu) || (width == 2 && c > 0xFFFFu)) {
            free(out);
            return ILPC_E_ALPHABET;  /* overlong, a surrogate, beyond Unicode or the BMP */
        }
        if (width == 4) {
            *q++ = (uint8_t)(c >> 24);
            *q++ = (uint8_t)(c >> 16);
        }
        *q++ = (uint8_t)(c >> 8);
        *q++ = (uint8_t)c;
        i += need + 1;
    }
    put_segmented(o, cls, number, out, (size_t)(q - out), false, 0);
    free(out);
    return ILPC_OK;
}

typedef struct span {
    const uint8_t *p;
    size_t n;
} span;

static int span_cmp(const void *a, const void *b)
{
    const span *x = a, *y = b;
    return ilpc_ber_compare(x->p, x->n, y->p, y->n);
}

int ilpc_ber_sort_set_of(ilpc_ber_out *o, size_t mark, uint32_t count, bool sorted)
{
    if (o->sets > 0)
        o->sets--;
    if (sorted || o->buf == NULL || o->full || count < 2)
        return ILPC_OK;
    size_t total = o->n - mark;
    span *s = malloc(count * sizeof *s);
    if (s == NULL)
        return ILPC_E_NOMEM;
    /* the elements, front to back: DER or CER encodings this encoder wrote */
    ilpc_ber_in in;
    ilpc_ber_in_init(&in, o->buf + (o->cap - o->n), total, (ilpc_ber_rules)o->rules);
    uint32_t k = 0;
    int rc = ILPC_OK;
    while (k < count && in.p < in.end) {
        const uint8_t *start = in.p;
        if ((rc = ilpc_ber_skip(&in)) != ILPC_OK)
            break;                       /* CER: nested deeper than a decoder takes */
        s[k].p = start;
        s[k].n = (size_t)(in.p - start);
        k++;
    }
    if (rc != ILPC_OK || k != count || in.p != in.end) {
        free(s);
        return rc != ILPC_OK ? rc : ILPC_E_BER_FORM;
    }
    uint32_t i = 1;
    while (i < k && span_cmp(&s[i - 1], &s[i]) <= 0)
        i++;
    if (i == k) { /* in order already: nothing to move */
        free(s);
        return ILPC_OK;
    }
    uint8_t *tmp = malloc(total);
    if (tmp == NULL) {
        free(s);
        return ILPC_E_NOMEM;
    }
    qsort(s, k, sizeof *s, span_cmp);
    size_t at = 0;
    for (i = 0; i < k; i++) {
        memcpy(tmp + at, s[i].p, s[i].n);
        at += s[i].n;
    }
    memcpy(o->buf + (o->cap - o->n), tmp, at);
    free(s);
    free(tmp);
    return ILPC_OK;
}

int ilpc_ber_out_finish(ilpc_ber_out *o, size_t *len)
{
    if (o->full || (o->buf != NULL && o->n > o->cap))
        return ILPC_E_SHORT_BUFFER;
    if (o->buf != NULL && o->n > 0 && o->n < o->cap)
        memmove(o->buf, o->buf + (o->cap - o->n), o->n);
    *len = o->n;
    return ILPC_OK;
}
