/*
 * test_ber.c - the BER family's primitives (runtime/ilpc_ber.h) on X.690's forms:
 * identifiers and lengths in every form and rule set, INTEGER, BOOLEAN, REAL (binary,
 * decimal, special), OBJECT IDENTIFIER, strings in segments, skipping, nesting limits,
 * and the back-to-front encoder against known encodings.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ctest.h"
#include "ilpc_ber.h"

#define U ILPC_BER_UNIVERSAL
#define C ILPC_BER_CONTEXT

static int dec_int(const uint8_t *b, size_t n, ilpc_ber_rules rules, int64_t *v)
{
    ilpc_ber_in in;
    ilpc_ber_in_init(&in, b, n, rules);
    const uint8_t *d;
    size_t len;
    int rc = ilpc_ber_get_primitive(&in, U, 2, &d, &len);
    if (rc == ILPC_OK)
        rc = ilpc_ber_int64(d, len, v);
    return rc;
}

static void test_lengths(void)
{
    int64_t v = 0;
    static const uint8_t shortf[] = {0x02, 0x01, 0x05};
    static const uint8_t longf[] = {0x02, 0x81, 0x01, 0x05};       /* BER only */
    static const uint8_t longer[] = {0x02, 0x82, 0x00, 0x01, 0x05}; /* BER only */
    static const uint8_t ff[] = {0x02, 0xFF, 0x01, 0x05};
    static const uint8_t past[] = {0x02, 0x05, 0x01};
    static const uint8_t huge[] = {0x02, 0x88, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    static const uint8_t prim_indef[] = {0x02, 0x80, 0x05, 0x00, 0x00};
    CHECK(dec_int(shortf, sizeof shortf, ILPC_DER, &v) == ILPC_OK && v == 5, "short form");
    CHECK(dec_int(longf, sizeof longf, ILPC_BER, &v) == ILPC_OK && v == 5, "long form in BER");
    CHECK(dec_int(longer, sizeof longer, ILPC_BER, &v) == ILPC_OK && v == 5, "long form in BER");
    CHECK(dec_int(longf, sizeof longf, ILPC_DER, &v) == ILPC_E_DER_LENGTH, "long form in DER");
    CHECK(dec_int(longer, sizeof longer, ILPC_CER, &v) == ILPC_E_DER_LENGTH, "leading zero in CER");
    CHECK(dec_int(ff, sizeof ff, ILPC_BER, &v) == ILPC_E_BER_LENGTH, "0xFF");
    CHECK(dec_int(past, sizeof past, ILPC_BER, &v) == ILPC_E_TRUNCATED, "past the input");
    CHECK(dec_int(huge, sizeof huge, ILPC_BER, &v) == ILPC_E_TRUNCATED, "huge length");
    CHECK(dec_int(prim_indef, sizeof prim_indef, ILPC_BER, &v) == ILPC_E_BER_LENGTH, "indefinite primitive");
    CHECK(dec_int(shortf, 1, ILPC_BER, &v) == ILPC_E_TRUNCATED, "no length");
    CHECK(dec_int(shortf, 0, ILPC_BER, &v) == ILPC_E_TRUNCATED, "nothing");
}

static void test_tags(void)
{
    ilpc_ber_in in;
    uint8_t cls;
    uint32_t num;
    static const uint8_t high[] = {0x9F, 0x81, 0x00, 0x00};  /* [128] */
    ilpc_ber_in_init(&in, high, sizeof high, ILPC_DER);
    CHECK(ilpc_ber_peek(&in, &cls, &num) && cls == C && num == 128, "long tag %u", num);
    const uint8_t *d;
    size_t len;
    CHECK(ilpc_ber_get_primitive(&in, C, 128, &d, &len) == ILPC_OK && len == 0, "get [128]");
    static const uint8_t pad[] = {0x9F, 0x80, 0x01, 0x00};   /* leading 0x80 */
    ilpc_ber_in_init(&in, pad, sizeof pad, ILPC_BER);
    CHECK(ilpc_ber_get_primitive(&in, C, 1, &d, &len) == ILPC_E_BER_FORM, "padded tag");
    static const uint8_t small[] = {0x9F, 0x05, 0x00};       /* [5] in long form */
    ilpc_ber_in_init(&in, small, sizeof small, ILPC_BER);
    CHECK(ilpc_ber_get_primitive(&in, C, 5, &d, &len) == ILPC_E_BER_FORM, "small tag long form");
    static const uint8_t over[] = {0x9F, 0x90, 0x80, 0x80, 0x80, 0x00, 0x00};
    ilpc_ber_in_init(&in, over, sizeof over, ILPC_BER);
    CHECK(ilpc_ber_get_primitive(&in, C, 1, &d, &len) == ILPC_E_BER_FORM, "tag beyond 32 bits");
    static const uint8_t other[] = {0x81, 0x00};
    ilpc_ber_in_init(&in, other, sizeof other, ILPC_BER);
    CHECK(ilpc_ber_get_primitive(&in, C, 2, &d, &len) == ILPC_E_BER_TAG, "mismatch");
    CHECK(ilpc_ber_next_is(&in, C, 1) && !ilpc_ber_next_is(&in, U, 1), "next_is");
}

static void test_integers(void)
{
    int64_t v;
    uint64_t u;
    static const uint8_t m1[] = {0xFF};
    CHECK(ilpc_ber_int64(m1, 1, &v) == ILPC_OK && v == -1, "-1");
    static const uint8_t big[] = {0x00, 0x80};
    CHECK(ilpc_ber_int64(big, 2, &v) == ILPC_OK && v == 128, "128");
    static const uint8_t nm[] = {0x00, 0x7F};
    CHECK(ilpc_ber_int64(nm, 2, &v) == ILPC_E_BER_INTEGER, "non-minimal");
    static const uint8_t nm2[] = {0xFF, 0x80};
    CHECK(ilpc_ber_int64(nm2, 2, &v) == ILPC_E_BER_INTEGER, "non-minimal negative");
    static const uint8_t min[] = {0x80, 0, 0, 0, 0, 0, 0, 0};
    CHECK(ilpc_ber_int64(min, 8, &v) == ILPC_OK && v == INT64_MIN, "INT64_MIN");
    static const uint8_t nine[] = {0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    CHECK(ilpc_ber_int64(nine, 9, &v) == ILPC_E_RANGE, "beyond int64");
    CHECK(ilpc_ber_uint64(nine, 9, &u) == ILPC_OK && u == UINT64_MAX, "UINT64_MAX");
    CHECK(ilpc_ber_uint64(m1, 1, &u) == ILPC_E_RANGE, "negative unsigned");
    CHECK(ilpc_ber_int64(m1, 0, &v) == ILPC_E_BER_INTEGER, "empty");
    /* encoder: every int64 edge decodes back */
    int64_t cases[] = {0, 1, -1, 127, 128, -128, -129, 255, 256, INT64_MAX, INT64_MIN, 0x7FFF, -0x8000};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t buf[16];
        ilpc_ber_out o;
        ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
        ilpc_ber_put_int64(&o, cases[i]);
        size_t n = o.n;
        CHECK(ilpc_ber_int64(buf + sizeof buf - n, n, &v) == ILPC_OK && v == cases[i], "int %lld", (long long)cases[i]);
    }
    for (int i = 0; i < 2000; i++) {
        uint64_t x = rnd() >> (rnd() % 64);
        uint8_t buf[16];
        ilpc_ber_out o;
        ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
        ilpc_ber_put_uint64(&o, x);
        CHECK(ilpc_ber_uint64(buf + sizeof buf - o.n, o.n, &u) == ILPC_OK && u == x, "uint %llu",
              (unsigned long long)x);
        ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
        ilpc_ber_put_int64(&o, (int64_t)x);
        CHECK(ilpc_ber_int64(buf + sizeof buf - o.n, o.n, &v) == ILPC_OK && v == (int64_t)x, "int");
    }
}

static void test_bool_null(void)
{
    ilpc_ber_in ber, der;
    ilpc_ber_in_init(&ber, NULL, 0, ILPC_BER);
    ilpc_ber_in_init(&der, NULL, 0, ILPC_DER);
    bool b;
    static const uint8_t t1[] = {0x01}, tff[] = {0xFF}, f[] = {0x00};
    CHECK(ilpc_ber_bool(&ber, t1, 1, &b) == ILPC_OK && b, "BER true 01");
    CHECK(ilpc_ber_bool(&der, t1, 1, &b) == ILPC_E_DER_BOOLEAN, "DER true 01");
    CHECK(ilpc_ber_bool(&der, tff, 1, &b) == ILPC_OK && b, "DER true FF");
    CHECK(ilpc_ber_bool(&der, f, 1, &b) == ILPC_OK && !b, "false");
    CHECK(ilpc_ber_bool(&der, f, 0, &b) == ILPC_E_BER_FORM, "empty bool");
    CHECK(ilpc_ber_null(f, 0) == ILPC_OK && ilpc_ber_null(f, 1) == ILPC_E_BER_FORM, "null");
}

static double real_of(const uint8_t *d, size_t n, ilpc_ber_rules rules, int *rc)
{
    ilpc_ber_in in;
    ilpc_ber_in_init(&in, NULL, 0, rules);
    double v = -12345.0;
    *rc = ilpc_ber_real(&in, d, n, &v);
    return v;
}

static void test_reals(void)
{
    int rc;
    static const uint8_t one[] = {0x80, 0x00, 0x01};                 /* 1 * 2^0 */
    CHECK(real_of(one, 3, ILPC_DER, &rc) == 1.0 && rc == ILPC_OK, "1.0");
    static const uint8_t b16[] = {0xA0, 0x01, 0x01};                 /* base 16: 1 * 16^1 */
    CHECK(real_of(b16, 3, ILPC_BER, &rc) == 16.0 && rc == ILPC_OK, "base 16");
    CHECK(real_of(b16, 3, ILPC_DER, &rc) == 16.0 || rc == ILPC_E_DER_REAL, "base 16 in DER");
    static const uint8_t b8f[] = {0x94, 0x01, 0x03};                 /* base 8, F=1: 3*2*8 */
    CHECK(real_of(b8f, 3, ILPC_BER, &rc) == 48.0 && rc == ILPC_OK, "base 8 scaled");
    static const uint8_t even[] = {0x80, 0x00, 0x02};                /* N even: not DER */
    real_of(even, 3, ILPC_DER, &rc);
    CHECK(rc == ILPC_E_DER_REAL, "even mantissa");
    CHECK(real_of(even, 3, ILPC_BER, &rc) == 2.0 && rc == ILPC_OK, "even mantissa in BER");
    static const uint8_t dec3[] = {0x03, '1', '2', '5', '.', 'E', '-', '1'};
    CHECK(real_of(dec3, sizeof dec3, ILPC_BER, &rc) == 12.5 && rc == ILPC_OK, "NR3");
    static const uint8_t dec1[] = {0x01, ' ', '-', '4', '2'};
    CHECK(real_of(dec1, sizeof dec1, ILPC_BER, &rc) == -42.0 && rc == ILPC_OK, "NR1");
    real_of(dec1, sizeof dec1, ILPC_DER, &rc);
    CHECK(rc == ILPC_E_DER_REAL, "NR1 in DER");
    static const uint8_t dec2[] = {0x02, '0', ',', '5'};
    CHECK(real_of(dec2, sizeof dec2, ILPC_BER, &rc) == 0.5 && rc == ILPC_OK, "NR2 with a comma");
    static const uint8_t pinf[] = {0x40}, minf[] = {0x41}, nan_[] = {0x42}, mz[] = {0x43}, bad[] = {0x44};
    CHECK(isinf(real_of(pinf, 1, ILPC_DER, &rc)) && rc == ILPC_OK, "+inf");
    CHECK(real_of(minf, 1, ILPC_DER, &rc) < 0 && rc == ILPC_OK, "-inf");
    CHECK(isnan(real_of(nan_, 1, ILPC_DER, &rc)) && rc == ILPC_OK, "nan");
    double z = real_of(mz, 1, ILPC_DER, &rc);
    CHECK(z == 0.0 && signbit(z) && rc == ILPC_OK, "-0");
    real_of(bad, 1, ILPC_BER, &rc);
    CHECK(rc == ILPC_E_BER_FORM, "0x44");
    double cases[] = {1.0, -1.0, 0.5, 3.0, 0.1, -0.0, 0.0, 1e300, -5e-324, 2.2250738585072014e-308,
                      1.7976931348623157e308, INFINITY, -INFINITY, 123456789.125};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t buf[16];
        ilpc_ber_out o;
        ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
        ilpc_ber_put_real(&o, cases[i]);
        double v = real_of(buf + sizeof buf - o.n, o.n, ILPC_DER, &rc);
        CHECK(rc == ILPC_OK && v == cases[i] && signbit(v) == signbit(cases[i]), "real %g", cases[i]);
    }
    uint8_t buf[16];
    ilpc_ber_out o;
    ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
    ilpc_ber_put_real(&o, 1.0);
    CHECK(o.n == 3 && memcmp(buf + sizeof buf - 3, one, 3) == 0, "1.0 is 80 00 01");
}

/* Binary REALs of every mantissa length and of exponents across the whole range of
 * doubles (normal, subnormal, beyond): the decoder's direct construction of the double
 * (a mantissa of at most 53 bits, a normal result) against ldexp; in BER an even
 * mantissa and a scale factor too. */
static void test_real_sweep(void)
{
    uint64_t x = 0x9E3779B97F4A7C15u;
    unsigned bad = 0;
    for (int i = 0; i < 200000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        unsigned mlen = 1u + (unsigned)(x % 8u);              /* 1..8 octets */
        uint64_t mant = x >> (64 - 8 * mlen);
        if ((mant >> (8 * mlen - 8)) == 0)
            mant |= (uint64_t)1 << (8 * mlen - 1 - (unsigned)(x >> 3) % 8u);  /* no leading 0 octet */
        int exp = (int)((x >> 8) % 2400u) - 1200 - 8 * (int)mlen;
        unsigned scale = (unsigned)(x >> 20) % 4u;
        bool neg = (x >> 30) & 1u;
        uint8_t d[16];
        size_t n = 0;
        d[n++] = (uint8_t)(0x80u | (neg ? 0x40u : 0) | scale << 2 | 1u);  /* two exponent octets */
        d[n++] = (uint8_t)((unsigned)exp >> 8);
        d[n++] = (uint8_t)exp;
        for (unsigned k = mlen; k-- > 0;)
            d[n++] = (uint8_t)(mant >> (8 * k));
        double want = ldexp((double)mant, exp + (int)scale);   /* mant may round: > 53 bits */
        int rc;
        double got = real_of(d, n, ILPC_BER, &rc);
        bool exact = mant < ((uint64_t)1 << 53);
        if (!isfinite(want) || want == 0.0 || !exact) {
            if (exact && rc == ILPC_OK && got != (neg ? -want : want))
                bad++;                   /* may be refused (ILPC_E_RANGE), never wrong */
            continue;
        }
        if (rc != ILPC_OK || got != (neg ? -want : want))
            bad++;
    }
    CHECK(bad == 0, "binary REALs against ldexp (%u wrong)", bad);
}

static void test_oids(void)
{
    uint64_t *a = NULL;
    uint32_t n = 0;
    ilpc_ber_in in;                      /* only its allocator (malloc) is used */
    ilpc_ber_in_init(&in, NULL, 0, ILPC_BER);
    static const uint8_t rsa[] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01};
    CHECK(ilpc_ber_oid(&in, rsa, sizeof rsa, false, 128, &a, &n) == ILPC_OK && n == 7 && a[0] == 1 && a[1] == 2
          && a[2] == 840 && a[3] == 113549 && a[6] == 1, "1.2.840.113549.1.1.1");
    uint8_t buf[32];
    ilpc_ber_out o;
    ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
    ilpc_ber_put_oid(&o, a, n, false);
    CHECK(o.n == sizeof rsa && memcmp(buf + sizeof buf - o.n, rsa, o.n) == 0, "encode rsa");
    free(a);
    static const uint8_t two[] = {0x88, 0x37};                        /* 2.999 */
    CHECK(ilpc_ber_oid(&in, two, 2, false, 128, &a, &n) == ILPC_OK && n == 2 && a[0] == 2 && a[1] == 999, "2.999");
    free(a);
    static const uint8_t pad[] = {0x2A, 0x80, 0x01};
    CHECK(ilpc_ber_oid(&in, pad, 3, false, 128, &a, &n) == ILPC_E_BER_FORM, "padded subidentifier");
    static const uint8_t open_[] = {0x2A, 0x86};
    CHECK(ilpc_ber_oid(&in, open_, 2, false, 128, &a, &n) == ILPC_E_BER_FORM, "unfinished");
    static const uint8_t over[] = {0x01, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00};
    CHECK(ilpc_ber_oid(&in, over, sizeof over, true, 128, &a, &n) == ILPC_E_RANGE, "arc beyond 64 bits");
    /* 2.(2^64-1): the first subidentifier needs 65 bits */
    uint64_t big[2] = {2, UINT64_MAX};
    ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
    ilpc_ber_put_oid(&o, big, 2, false);
    CHECK(ilpc_ber_oid(&in, buf + sizeof buf - o.n, o.n, false, 128, &a, &n) == ILPC_OK && n == 2 && a[0] == 2
          && a[1] == UINT64_MAX, "2.(2^64-1) round trip");
    free(a);
    uint64_t rel[3] = {0, 127, UINT64_MAX};
    ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
    ilpc_ber_put_oid(&o, rel, 3, true);
    CHECK(ilpc_ber_oid(&in, buf + sizeof buf - o.n, o.n, true, 128, &a, &n) == ILPC_OK && n == 3 && a[2] == UINT64_MAX
          && a[1] == 127 && a[0] == 0, "relative round trip");
    free(a);
    CHECK(ilpc_ber_oid(&in, rsa, sizeof rsa, false, 3, &a, &n) == ILPC_E_SIZE, "too many arcs");
}

static void test_strings(void)
{
    ilpc_ber_in in;
    uint8_t *d = NULL;
    uint32_t n = 0;
    /* X.690 8.7.3.2's example in spirit: "Jones" as segments, indefinite, nested */
    static const uint8_t seg[] = {0x24, 0x80, 0x04, 0x03, 'J', 'o', 'n', 0x24, 0x04, 0x04, 0x02, 'e', 's',
                                  0x00, 0x00};
    ilpc_ber_in_init(&in, seg, sizeof seg, ILPC_BER);
    CHECK(ilpc_ber_get_octets(&in, U, 4, 100, &d, &n) == ILPC_OK && n == 5 && memcmp(d, "Jones", 6) == 0
          && in.p == in.end, "segments");
    free(d);
    ilpc_ber_in_init(&in, seg, sizeof seg, ILPC_DER);
    CHECK(ilpc_ber_get_octets(&in, U, 4, 100, &d, &n) == ILPC_E_DER_INDEFINITE, "DER: indefinite");
    ilpc_ber_in_init(&in, seg, sizeof seg, ILPC_CER);
    CHECK(ilpc_ber_get_octets(&in, U, 4, 100, &d, &n) == ILPC_E_CER_DEFINITE, "CER: definite segment");
    ilpc_ber_in_init(&in, seg, sizeof seg, ILPC_BER);
    CHECK(ilpc_ber_get_octets(&in, U, 4, 4, &d, &n) == ILPC_E_LIMIT, "above max");
    uint8_t fixed[5];
    ilpc_ber_in_init(&in, seg, sizeof seg, ILPC_BER);
    CHECK(ilpc_ber_get_octets_fixed(&in, U, 4, fixed, 5) == ILPC_OK && memcmp(fixed, "Jones", 5) == 0, "fixed");
    ilpc_ber_in_init(&in, seg, sizeof seg, ILPC_BER);
    CHECK(ilpc_ber_get_octets_fixed(&in, U, 4, fixed, 4) == ILPC_E_SIZE, "fixed wrong size");
    /* bits: 0A3B5F291CD in X.690 8.6.4.2, constructed */
    static const uint8_t bits[] = {0x23, 0x80, 0x03, 0x03, 0x00, 0x0A, 0x3B, 0x03, 0x05, 0x04, 0x5F, 0x29, 0x1C,
                                   0xD0, 0x00, 0x00};
    ilpc_ber_in_init(&in, bits, sizeof bits, ILPC_BER);
    CHECK(ilpc_ber_get_bits(&in, U, 3, 1000, &d, &n) == ILPC_OK && n == 44 && d[0] == 0x0A && d[5] == 0xD0,
          "segmented bits %u", n);
    free(d);
    static const uint8_t dirty[] = {0x03, 0x02, 0x04, 0xFF};
    ilpc_ber_in_init(&in, dirty, sizeof dirty, ILPC_DER);
    CHECK(ilpc_ber_get_bits(&in, U, 3, 1000, &d, &n) == ILPC_E_DER_UNUSED_BITS, "unused bits in DER");
    ilpc_ber_in_init(&in, dirty, sizeof dirty, ILPC_BER);
    CHECK(ilpc_ber_get_bits(&in, U, 3, 1000, &d, &n) == ILPC_OK && n == 4 && d[0] == 0xF0, "BER clears them");
    free(d);
    static const uint8_t eight[] = {0x03, 0x02, 0x08, 0xFF};
    ilpc_ber_in_init(&in, eight, sizeof eight, ILPC_BER);
    CHECK(ilpc_ber_get_bits(&in, U, 3, 1000, &d, &n) == ILPC_E_BER_FORM, "8 unused bits");
    /* CER: 1000-octet segments */
    size_t len = 2 + 4 + 1000 + 2 + 5 + 2;
    uint8_t *cer = malloc(len), *p = cer;
    *p++ = 0x24; *p++ = 0x80;
    *p++ = 0x04; *p++ = 0x82; *p++ = 0x03; *p++ = 0xE8;
    memset(p, 'x', 1000); p += 1000;
    *p++ = 0x04; *p++ = 0x03; *p++ = 'a'; *p++ = 'b'; *p++ = 'c';
    *p++ = 0; *p++ = 0;
    ilpc_ber_in_init(&in, cer, len, ILPC_CER);
    CHECK(ilpc_ber_get_octets(&in, U, 4, 5000, &d, &n) == ILPC_OK && n == 1003 && d[1002] == 'c', "CER segments");
    free(d);
    cer[5] = 0xE7; /* a first segment of 999 octets, then 1 more in what follows: not CER */
    ilpc_ber_in_init(&in, cer, len, ILPC_CER);
    CHECK(ilpc_ber_get_octets(&in, U, 4, 5000, &d, &n) != ILPC_OK, "CER short segment");
    free(cer);
}

static void test_nesting(void)
{
    /* 100,000 nested indefinite lengths: a depth error, no stack overflow */
    size_t depth = 100000, len = depth * 4;
    uint8_t *b = malloc(len);
    for (size_t i = 0; i < depth; i++) {
        b[2 * i] = 0x30;
        b[2 * i + 1] = 0x80;
    }
    memset(b + 2 * depth, 0, 2 * depth);
    ilpc_ber_in in;
    ilpc_ber_in_init(&in, b, len, ILPC_BER);
    CHECK(ilpc_ber_skip(&in) == ILPC_E_DEPTH, "skip: depth");
    ilpc_ber_in_init(&in, b, len, ILPC_BER);
    ilpc_ber_in child[2];
    int rc = ILPC_OK;
    size_t levels = 0;
    ilpc_ber_in *cur = &in;
    while (rc == ILPC_OK && levels < depth) {
        ilpc_ber_in *next = &child[levels % 2];
        rc = ilpc_ber_enter(cur, U, 16, next);
        if (rc == ILPC_OK) {
            levels++;
            cur = next;
        }
    }
    CHECK(rc == ILPC_E_DEPTH && levels < 1000, "enter: depth after %zu", levels);
    /* a few levels skip fine, and the parent moves past the EOCs */
    static const uint8_t two[] = {0x30, 0x80, 0x30, 0x80, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0xFF};
    ilpc_ber_in_init(&in, two, sizeof two, ILPC_BER);
    CHECK(ilpc_ber_skip(&in) == ILPC_OK && in.p == two + 10, "skip nested");
    ilpc_ber_in_init(&in, two, sizeof two, ILPC_DER);
    CHECK(ilpc_ber_skip(&in) == ILPC_E_DER_INDEFINITE, "skip in DER");
    static const uint8_t unterminated[] = {0x30, 0x80, 0x05, 0x00};
    ilpc_ber_in_init(&in, unterminated, sizeof unterminated, ILPC_BER);
    CHECK(ilpc_ber_skip(&in) == ILPC_E_TRUNCATED, "skip unterminated");
    free(b);
}

static void test_encoder(void)
{
    /* SEQUENCE { INTEGER 5, [0] IMPLICIT BOOLEAN TRUE }, back to front */
    uint8_t buf[64];
    ilpc_ber_out o;
    ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
    size_t mark = o.n;
    size_t m1 = o.n;
    ilpc_ber_put_byte(&o, 0xFF);
    ilpc_ber_put_header(&o, C, 0, o.n - m1);
    m1 = o.n;
    ilpc_ber_put_int64(&o, 5);
    ilpc_ber_put_header(&o, U, 2, o.n - m1);
    ilpc_ber_put_header(&o, U | ILPC_BER_CONSTRUCTED, 16, o.n - mark);
    size_t len;
    static const uint8_t want[] = {0x30, 0x06, 0x02, 0x01, 0x05, 0x80, 0x01, 0xFF};
    CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_OK && len == sizeof want && memcmp(buf, want, len) == 0, "seq");
    /* long lengths and tags */
    uint8_t big[300];
    ilpc_ber_out_init(&o, big, sizeof big, ILPC_DER);
    uint8_t zeros[200] = {0};
    ilpc_ber_put_bytes(&o, zeros, 200);
    ilpc_ber_put_header(&o, ILPC_BER_APPLICATION, 1000, 200);
    static const uint8_t head[] = {0x5F, 0x87, 0x68, 0x81, 0xC8};
    CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_OK && len == 205 && memcmp(big, head, 5) == 0, "long header");
    /* too small: counts on, then says so */
    uint8_t tiny[4];
    ilpc_ber_out_init(&o, tiny, sizeof tiny, ILPC_DER);
    ilpc_ber_put_bytes(&o, zeros, 3);
    ilpc_ber_put_header(&o, U, 4, 3);
    CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_E_SHORT_BUFFER && o.n == 5, "short buffer");
    /* counting only */
    ilpc_ber_out_init(&o, NULL, 0, ILPC_DER);
    ilpc_ber_put_bytes(&o, zeros, 200);
    ilpc_ber_put_header(&o, U, 4, 200);
    CHECK(o.n == 203, "count");
    /* SET OF sorting: elements 02 01 03, 02 01 01, 02 02 00 80 written in that order */
    static const uint8_t sorted[] = {0x31, 0x0A, 0x02, 0x01, 0x01, 0x02, 0x01, 0x03, 0x02, 0x02, 0x00, 0x80};
    static const int64_t orders[2][3] = {{3, 1, 128}, {128, 3, 1}}; /* unsorted; in order already */
    for (int k = 0; k < 2; k++) {
        ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_DER);
        mark = ilpc_ber_open_set(&o);
        ilpc_ber_set_order ord = ilpc_ber_set_order_init(&o);
        for (int i = 0; i < 3; i++) {
            size_t m = o.n;
            ilpc_ber_put_int64(&o, orders[k][i]);
            ilpc_ber_put_header(&o, U, 2, o.n - m);
            ilpc_ber_set_element(&o, &ord);
        }
        CHECK(o.sets == 1 && ord.sorted == (k == 1), "the order watched: %d", k);
        CHECK(ilpc_ber_sort_set_of(&o, mark, 3, ord.sorted) == ILPC_OK && o.sets == 0, "sort");
        ilpc_ber_put_header(&o, U | ILPC_BER_CONSTRUCTED, 17, o.n - mark);
        CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_OK && len == sizeof sorted && memcmp(buf, sorted, len) == 0,
              "sorted SET OF %d", k);
    }
}

/* CER's writer (X.690 9): end-of-contents first, back to front; indefinite lengths for
 * constructed encodings; strings of more than 1000 contents octets in segments. */
static void test_cer_encoder(void)
{
    uint8_t buf[64];
    ilpc_ber_out o;
    size_t len;
    /* SEQUENCE { INTEGER 5, [0] EXPLICIT BOOLEAN TRUE } */
    ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_CER);
    size_t mark = ilpc_ber_open(&o);
    size_t m0 = ilpc_ber_open(&o);
    size_t m1 = o.n;
    ilpc_ber_put_byte(&o, 0xFF);
    ilpc_ber_put_header(&o, U, 1, o.n - m1);
    ilpc_ber_put_header(&o, C | ILPC_BER_CONSTRUCTED, 0, o.n - m0);
    m1 = o.n;
    ilpc_ber_put_int64(&o, 5);
    ilpc_ber_put_header(&o, U, 2, o.n - m1);
    ilpc_ber_put_header(&o, U | ILPC_BER_CONSTRUCTED, 16, o.n - mark);
    static const uint8_t want[] = {0x30, 0x80, 0x02, 0x01, 0x05, 0xA0, 0x80, 0x01, 0x01, 0xFF, 0, 0, 0, 0};
    CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_OK && len == sizeof want && memcmp(buf, want, len) == 0, "cer seq");
    /* strings: 1000 octets primitive, 1001 in two segments; counted the same */
    static uint8_t data[2100], out[2200];
    memset(data, 'a', sizeof data);
    for (int cer = 0; cer < 2; cer++) {
        ilpc_ber_out_init(&o, out, sizeof out, cer ? ILPC_CER : ILPC_DER);
        ilpc_ber_put_string(&o, U, 4, data, 1000);
        CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_OK && len == 1004 && out[0] == 0x04 && out[1] == 0x82, "1000");
    }
    ilpc_ber_out_init(&o, out, sizeof out, ILPC_CER);
    ilpc_ber_put_string(&o, C, 7, data, 1001);
    CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_OK && len == 2 + 1004 + 3 + 2 && out[0] == 0xA7 && out[1] == 0x80
          && out[2] == 0x04 && out[3] == 0x82 && out[4] == 0x03 && out[5] == 0xE8 && out[1006] == 0x04
          && out[1007] == 0x01 && out[1009] == 0 && out[1010] == 0, "1001 in segments");
    ilpc_ber_out_init(&o, NULL, 0, ILPC_CER);
    ilpc_ber_put_string(&o, C, 7, data, 1001);
    CHECK(o.n == 1011, "counted");
    /* BIT STRING: 999 octets of bits a segment, unused bits in the last */
    ilpc_ber_out_init(&o, out, sizeof out, ILPC_CER);
    ilpc_ber_put_bit_string(&o, U, 3, data, 999 * 8);
    CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_OK && len == 1004 && out[0] == 0x03 && out[4] == 0, "999 octets");
    data[999] = 0x80;
    ilpc_ber_out_init(&o, out, sizeof out, ILPC_CER);
    ilpc_ber_put_bit_string(&o, U, 3, data, 1000 * 8 - 7);
    CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_OK && len == 2 + 1004 + 4 + 2 && out[0] == 0x23 && out[6] == 0
          && out[1006] == 0x03 && out[1007] == 0x02 && out[1008] == 7 && out[1009] == 0x80, "bits in segments");
    /* SET OF in CER: ordered by the elements' CER octets.  DER order would put the
     * shorter SEQUENCE first (30 03 ... < 30 06 ...); CER's 30 80 02 01 01 ... comes first */
    ilpc_ber_out_init(&o, buf, sizeof buf, ILPC_CER);
    mark = ilpc_ber_open(&o);
    for (int i = 0; i < 2; i++) {
        size_t m = ilpc_ber_open(&o);
        if (i == 1) {
            size_t ms = o.n;
            ilpc_ber_put_byte(&o, 'x');
            ilpc_ber_put_header(&o, U, 4, o.n - ms);
        }
        size_t mi = o.n;
        ilpc_ber_put_int64(&o, i == 0 ? 2 : 1);
        ilpc_ber_put_header(&o, U, 2, o.n - mi);
        ilpc_ber_put_header(&o, U | ILPC_BER_CONSTRUCTED, 16, o.n - m);
    }
    CHECK(ilpc_ber_sort_set_of(&o, mark, 2, false) == ILPC_OK, "cer sort");
    ilpc_ber_put_header(&o, U | ILPC_BER_CONSTRUCTED, 17, o.n - mark);
    static const uint8_t set_of[] = {0x31, 0x80, 0x30, 0x80, 0x02, 0x01, 0x01, 0x04, 0x01, 'x', 0, 0,
                                     0x30, 0x80, 0x02, 0x01, 0x02, 0, 0, 0, 0};
    CHECK(ilpc_ber_out_finish(&o, &len) == ILPC_OK && len == sizeof set_of && memcmp(buf, set_of, len) == 0,
          "cer SET OF order");
}

static void test_times(void)
{
    CHECK(ilpc_ber_check_time((const uint8_t *)"191215190210Z", 13, false) == ILPC_OK, "UTCTime");
    CHECK(ilpc_ber_check_time((const uint8_t *)"1912151902Z", 11, false) == ILPC_E_DER_TIME, "no seconds");
    CHECK(ilpc_ber_check_time((const uint8_t *)"20191215190210Z", 15, true) == ILPC_OK, "GeneralizedTime");
    CHECK(ilpc_ber_check_time((const uint8_t *)"20191215190210.5Z", 17, true) == ILPC_OK, "fraction");
    CHECK(ilpc_ber_check_time((const uint8_t *)"20191215190210.50Z", 18, true) == ILPC_E_DER_TIME, "trailing 0");
    CHECK(ilpc_ber_check_time((const uint8_t *)"20191215190210,5Z", 17, true) == ILPC_E_DER_TIME, "comma");
    CHECK(ilpc_ber_check_time((const uint8_t *)"20191215190210", 14, true) == ILPC_E_DER_TIME, "local time");
}

/* The arena: the caller's block first, then blocks of its own; a fixed block that is
 * full says NULL; reset keeps the largest block; a rollback frees what came after the
 * mark (run under ASan and the leak checker). */
static void test_arena(void)
{
    _Alignas(16) uint8_t block[64];
    ilpc_arena fixed;
    ilpc_arena_init(&fixed, block, sizeof block, false);
    uint8_t *a = ilpc_arena_alloc(&fixed, 10, 1), *b = ilpc_arena_alloc(&fixed, 8, 8);
    CHECK(a == block && b == block + 16, "bump allocation, aligned");
    CHECK(ilpc_arena_alloc(&fixed, 40, 1) == block + 24 && ilpc_arena_alloc(&fixed, 1, 1) == NULL,
          "a fixed block that is full says NULL");
    ilpc_arena_reset(&fixed);
    CHECK(ilpc_arena_alloc(&fixed, 64, 1) == block, "reset empties it");

    ilpc_arena g;
    ilpc_arena_init(&g, block, sizeof block, true);
    CHECK(ilpc_arena_alloc(&g, 48, 1) == block, "the caller's block first");
    ilpc_arena_mark m = ilpc_arena_save(&g);
    uint8_t *big = ilpc_arena_alloc(&g, 10000, 8);
    CHECK(big != NULL && ((uintptr_t)big & 7u) == 0 && g.blocks != NULL, "then a block of its own");
    memset(big, 0xA5, 10000);
    uint8_t *more = ilpc_arena_alloc(&g, 100000, 16);
    CHECK(more != NULL && ((uintptr_t)more & 15u) == 0, "a larger one");
    memset(more, 0x5A, 100000);
    ilpc_arena_rollback(&g, m);
    CHECK(g.blocks == NULL && ilpc_arena_alloc(&g, 16, 1) == block + 48, "rollback frees them");
    ilpc_arena_alloc(&g, 5000, 1);
    ilpc_arena_alloc(&g, 50000, 1);
    ilpc_arena_block *largest = g.blocks;
    ilpc_arena_reset(&g);
    CHECK(g.blocks == largest && ilpc_arena_alloc(&g, 50000, 1) != NULL && g.blocks == largest,
          "reset keeps the largest block, which serves the next message");
    ilpc_arena_release(&g);
    CHECK(g.blocks == NULL && g.p == block, "release frees its blocks, keeps the caller's");
    ilpc_arena_release(&g);

    ilpc_arena none;                     /* no block of the caller's */
    ilpc_arena_init(&none, NULL, 0, true);
    CHECK(ilpc_arena_alloc(&none, 1, 1) != NULL, "grows from nothing");
    ilpc_arena_release(&none);
    ilpc_arena_init(&none, NULL, 0, false);
    CHECK(ilpc_arena_alloc(&none, 1, 1) == NULL, "nothing, fixed: NULL");

    static const uint8_t oid[] = {0x2A, 0x86, 0x48};
    ilpc_arena_init(&fixed, block, sizeof block, false);
    ilpc_ber_in in;
    ilpc_ber_in_init(&in, NULL, 0, ILPC_BER);
    in.arena = &fixed;
    uint64_t *arcs = NULL;
    uint32_t n = 0;
    CHECK(ilpc_ber_oid(&in, oid, sizeof oid, false, 128, &arcs, &n) == ILPC_OK && n == 3
          && (uint8_t *)arcs >= block && (uint8_t *)arcs < block + sizeof block && arcs[2] == 840,
          "a decoder's allocation from the cursor's arena");
    CHECK(ilpc_ber_oid(&in, oid, sizeof oid, false, 128, &arcs, &n) == ILPC_OK
          && ilpc_ber_oid(&in, oid, sizeof oid, false, 128, &arcs, &n) == ILPC_E_NOMEM,
          "and ILPC_E_NOMEM when it is full");
}

/* An ilpc_alphabet of the octets in set (n of them), built as ilpc does. */
static void make_alphabet(ilpc_alphabet *a, const char *set, size_t n)
{
    memset(a, 0, sizeof *a);
    a->ascii = true;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = (uint8_t)set[i];
        a->table[c] = 1;
        if (c < 0x80)
            a->lo[c & 15] |= (uint8_t)(1u << (c >> 4));
        else
            a->ascii = false;
    }
}

/* ilpc_in_alphabet (16 octets a step where the CPU has SSSE3) against the table, octet
 * by octet: every length to 80 and each octet value at each position of a string of
 * allowed characters, for PrintableString, NumericString, VisibleString and an alphabet
 * with octets above 0x7F; ilpc_ber_get_chars in one segment and in BER's segments. */
static void test_alphabets(void)
{
    static const char printable[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '()+,-./:=?";
    static const char numeric[] = "0123456789 ";
    char visible[95], high[4] = {'a', 'b', (char)0xC3, (char)0xA9};
    for (int c = 0x20; c < 0x7F; c++)
        visible[c - 0x20] = (char)c;
    const struct { const char *set; size_t n; } sets[] = {
        {printable, sizeof printable - 1}, {numeric, sizeof numeric - 1}, {visible, sizeof visible}, {high, sizeof high}};
    unsigned wrong = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        ilpc_alphabet a;
        make_alphabet(&a, sets[k].set, sets[k].n);
        uint8_t buf[80];
        for (size_t n = 0; n <= sizeof buf; n++) {
            for (size_t i = 0; i < n; i++)
                buf[i] = (uint8_t)sets[k].set[(i * 7 + n) % sets[k].n];
            uint8_t *copy = malloc(n ? n : 1);  /* exactly n: ASan sees a store past it */
            wrong += !ilpc_in_alphabet(&a, buf, n);
            wrong += !ilpc_copy_in_alphabet(&a, copy, buf, n) || (n > 0 && memcmp(copy, buf, n) != 0);
            for (size_t at = 0; at < n; at++) {
                uint8_t keep = buf[at];
                for (unsigned c = 0; c < 256; c++) {
                    buf[at] = (uint8_t)c;
                    wrong += ilpc_in_alphabet(&a, buf, n) != (a.table[c] != 0);
                    wrong += ilpc_copy_in_alphabet(&a, copy, buf, n) != (a.table[c] != 0) || copy[at] != c;
                }
                buf[at] = keep;
            }
            free(copy);
        }
    }
    CHECK(wrong == 0, "ilpc_in_alphabet or ilpc_copy_in_alphabet disagrees with the table %u times", wrong);

    ilpc_alphabet a;
    make_alphabet(&a, printable, sizeof printable - 1);
    static const uint8_t one[] = {0x13, 0x14, 'T', 'h', 'e', ' ', 'q', 'u', 'i', 'c', 'k', ' ', 'b', 'r', 'o', 'w', 'n', ' ',
                                  'f', 'o', 'x', '.'};
    static const uint8_t bad[] = {0x13, 0x14, 'T', 'h', 'e', ' ', 'q', 'u', 'i', 'c', 'k', ' ', 'b', 'r', 'o', 'w', 'n', ' ',
                                  'f', 'o', 'x', '!'};
    static const uint8_t segs[] = {0x33, 0x80, 0x04, 0x03, 'a', 'b', 'c', 0x04, 0x02, 'd', '*', 0x00, 0x00};
    static const uint8_t good_segs[] = {0x33, 0x80, 0x04, 0x03, 'a', 'b', 'c', 0x04, 0x02, 'd', 'e', 0x00, 0x00};
    const struct { const uint8_t *b; size_t n; ilpc_ber_rules rules; bool ok; uint32_t len; } cases[] = {
        {one, sizeof one, ILPC_DER, true, 20}, {bad, sizeof bad, ILPC_DER, false, 20},
        {segs, sizeof segs, ILPC_BER, false, 5}, {good_segs, sizeof good_segs, ILPC_BER, true, 5},
        {segs, 11, ILPC_BER, false, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ilpc_ber_in in;
        ilpc_ber_in_init(&in, cases[i].b, cases[i].n, cases[i].rules);
        uint8_t *s = NULL;
        uint32_t len = 0;
        bool ok = !cases[i].ok;
        int rc = ilpc_ber_get_chars(&in, U, 19, 100, &a, &s, &len, &ok);
        if (cases[i].len == 0) {
            CHECK(rc != ILPC_OK, "get_chars case %zu: a truncated string read", i);
            continue;
        }
        CHECK(rc == ILPC_OK && len == cases[i].len && ok == cases[i].ok && s[len] == 0,
              "get_chars case %zu: rc %d len %u in alphabet %d", i, rc, len, ok);
        free(s);
    }
}

/* The short-string copies (ilpc_copy_short: the decoder's one-octet lengths, the
 * encoder's short strings and an OID's subidentifiers) at every length, from and into
 * buffers of exactly that length (ASan sees a move past either end), and the SET OF
 * order check decided in line (ilpc_ber_follows) against ilpc_ber_compare. */
static void test_short_copies(void)
{
    unsigned wrong = 0;
    for (size_t n = 0; n <= 300; n++) {
        uint8_t *src = malloc(n ? n : 1), *dst = malloc(n ? n : 1);
        for (size_t i = 0; i < n; i++)
            src[i] = (uint8_t)rnd(), dst[i] = (uint8_t)~src[i];
        ilpc_copy_short(dst, src, n);
        wrong += n > 0 && memcmp(dst, src, n) != 0;
        free(src);
        free(dst);
    }
    CHECK(wrong == 0, "ilpc_copy_short: %u lengths copied wrong", wrong);

    for (size_t n = 0; n < 0x80; n++) {
        /* decoding: an OCTET STRING element that ends its input */
        uint8_t *el = malloc(2 + n);
        el[0] = 0x04;
        el[1] = (uint8_t)n;
        for (size_t i = 0; i < n; i++)
            el[2 + i] = (uint8_t)('a' + (i * 5 + n) % 26);
        ilpc_ber_in in;
        ilpc_ber_in_init(&in, el, 2 + n, ILPC_DER);
        uint8_t *d = NULL;
        uint32_t len = 0;
        int rc = ilpc_ber_get_octets(&in, U, 4, 1000, &d, &len);
        CHECK(rc == ILPC_OK && len == n && memcmp(d, el + 2, n) == 0 && d[n] == 0 && in.p == in.end,
              "get_octets of %zu octets: rc %d", n, rc);
        /* encoding: the same element into a buffer of its size */
        uint8_t *out = malloc(2 + n);
        ilpc_ber_out o;
        ilpc_ber_out_init(&o, out, 2 + n, ILPC_DER);
        ilpc_ber_put_string(&o, U, 4, d, n);
        size_t got = 0;
        CHECK(ilpc_ber_out_finish(&o, &got) == ILPC_OK && got == 2 + n && memcmp(out, el, got) == 0,
              "put_string of %zu octets", n);
        free(d);
        free(out);
        free(el);
    }

    /* an OID whose subidentifiers fill the encoder's local buffer several times */
    uint64_t arcs[200];
    arcs[0] = 1, arcs[1] = 3;
    for (size_t i = 2; i < 200; i++)
        arcs[i] = rnd() >> (i % 64);
    uint8_t oid[2100];
    ilpc_ber_out o;
    ilpc_ber_out_init(&o, oid, sizeof oid, ILPC_DER);
    ilpc_ber_put_oid(&o, arcs, 200, false);
    ilpc_ber_in in;
    ilpc_ber_in_init(&in, NULL, 0, ILPC_BER);
    uint64_t *back = NULL;
    uint32_t count = 0;
    CHECK(!o.full && ilpc_ber_oid(&in, oid + sizeof oid - o.n, o.n, false, 1000, &back, &count) == ILPC_OK
          && count == 200 && memcmp(back, arcs, sizeof arcs) == 0, "a 200-arc OID (%zu octets) round trip", o.n);
    free(back);

    /* pairs that differ in the first eight octets, after them, or not at all */
    wrong = 0;
    for (int k = 0; k < 20000; k++) {
        uint8_t a[24], b[24];
        size_t an = (size_t)(rnd() % 25), bn = (size_t)(rnd() % 25);
        for (size_t i = 0; i < 24; i++)
            a[i] = (uint8_t)(rnd() % 3), b[i] = i < 10 && k % 2 ? a[i] : (uint8_t)(rnd() % 3);
        int c = ilpc_ber_compare(a, an, b, bn);
        wrong += ilpc_ber_follows(a, an, b, bn) != (c > 0);
    }
    CHECK(wrong == 0, "ilpc_ber_follows disagrees with ilpc_ber_compare %u times", wrong);
}

int main(void)
{
    test_lengths();
    test_tags();
    test_integers();
    test_bool_null();
    test_reals();
    test_real_sweep();
    test_oids();
    test_arena();
    test_strings();
    test_alphabets();
    test_short_copies();
    test_nesting();
    test_encoder();
    test_cer_encoder();
    test_times();
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
