/*
 * test_csum.c - tests of runtime/ilpc_csum.{h,c} against a naive RFC 1071 loop.
 *
 * Build: cc -std=c11 -I runtime tests/c/test_csum.c runtime/ilpc_csum.c
 * Prints "N passed, M failed"; exit status 1 if anything failed.
 */
#include "ilpc_csum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTEST_SEED 0x243f6a8885a308d3u
#include "ctest.h"

/* RFC 1071, byte pair by byte pair, big-endian words, end-around carry at
 * every step, odd last byte padded with zero.  Not complemented. */
static uint16_t naive(const uint8_t *p, size_t n)
{
    uint32_t s = 0;
    size_t i;
    for (i = 0; i < n; i += 2) {
        uint32_t w = (uint32_t)p[i] << 8 | (i + 1 < n ? p[i + 1] : 0u);
        s += w;
        s = (s & 0xffffu) + (s >> 16);
    }
    return (uint16_t)s;
}

static uint64_t load64(const uint8_t *p)
{
    uint64_t u;
    memcpy(&u, p, 8);
    return u;
}

/* the expected 16-bit fold of a raw accumulator value: its residue modulo
 * 0xffff, with 0xffff standing for a non-zero multiple of 0xffff */
static uint16_t fold_model(uint64_t acc)
{
    uint64_t r = acc % 0xffffu;
    if (acc == 0)
        return 0;
    return (uint16_t)(r ? r : 0xffffu);
}

static uint16_t host_to_be_number(uint16_t h)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (uint16_t)(h << 8 | h >> 8);
#else
    return h;
#endif
}

static void test_rfc1071_example(void)
{
    /* RFC 1071 section 3: 00 01 f2 03 f4 f5 f6 f7 sums to 0xddf2 */
    static const uint8_t d[8] = {0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7};
    CHECK(ilpc_csum(d, 8) == 0xddf2, "got %04x", ilpc_csum(d, 8));
    CHECK(ilpc_csum_fold(ilpc_csum_add_unit(0, load64(d))) == 0xddf2, "unit");
    CHECK(ilpc_csum(d, 0) == 0, "empty");
    CHECK(ilpc_csum(d + 2, 1) == 0xf200, "one byte is the high byte: %04x", ilpc_csum(d + 2, 1));
    CHECK(ilpc_csum(d + 2, 3) == 0xf203 + 0xf400 - 0xffff, "three bytes: %04x", ilpc_csum(d + 2, 3));
}

static void test_fold_edges(void)
{
    static const uint64_t edge[] = {
        0, 1, 0xfffe, 0xffff, 0x10000, 0x1fffe, 0x1ffff, 0xfffeffff, 0xffffffff, 0x100000000,
        0x1fffffffe, 0xffff0000ffffu, 0x0000ffffffff0000u, 0x8000000000000000u, 0xfffffffffffffffeu,
        UINT64_MAX,
    };
    size_t i;
    int bad = 0;
    for (i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        CHECK(ilpc_csum_fold_host(edge[i]) == fold_model(edge[i]), "acc %llx: got %04x want %04x",
              (unsigned long long)edge[i], ilpc_csum_fold_host(edge[i]), fold_model(edge[i]));
        CHECK(ilpc_csum_fold(edge[i]) == host_to_be_number(ilpc_csum_fold_host(edge[i])), "acc %llx",
              (unsigned long long)edge[i]);
        CHECK(ilpc_csum_reduce32(edge[i]) <= 0xffffffffu &&
                  fold_model(ilpc_csum_reduce32(edge[i])) == fold_model(edge[i]),
              "reduce32 %llx", (unsigned long long)edge[i]);
    }
    for (i = 0; i < 200000; i++) {
        uint64_t a = rnd() >> (rnd() % 64);
        if (ilpc_csum_fold_host(a) != fold_model(a) || fold_model(ilpc_csum_reduce32(a)) != fold_model(a))
            bad++;
    }
    CHECK(bad == 0, "%d random accumulators folded wrongly", bad);
    /* unfold inverts fold, and an unfolded piece merges like its accumulator */
    for (i = 0, bad = 0; i < 0x10000; i++)
        if (ilpc_csum_fold(ilpc_csum_unfold((uint16_t)i)) != i)
            bad++;
    CHECK(bad == 0, "fold(unfold(s)) != s for %d values", bad);
    {
        static const uint8_t d[10] = {0x45, 0x00, 0x12, 0x34, 0xff, 0xfe, 0x80, 0x01, 0x7f, 0x00};
        uint64_t a = ilpc_csum_add_bytes(0, d, 4);
        uint16_t piece = ilpc_csum_fold(ilpc_csum_add_bytes(0, d + 4, 6));
        CHECK(ilpc_csum_fold(ilpc_csum_combine(a, ilpc_csum_unfold(piece))) == naive(d, 10), "unfold merge");
        piece = ilpc_csum_fold(ilpc_csum_add_bytes(0, d + 3, 7));
        a = ilpc_csum_add_bytes(0, d, 3);
        CHECK(ilpc_csum_fold(ilpc_csum_combine_at(a, ilpc_csum_unfold(piece), 3)) == naive(d, 10),
              "unfold merge at an odd offset");
    }
    /* combine keeps "zero only if all zero" and the residue */
    CHECK(ilpc_csum_fold_host(ilpc_csum_combine(0, 0)) == 0, "0+0");
    CHECK(ilpc_csum_fold_host(ilpc_csum_combine(0xffff, 0)) == 0xffff, "0xffff+0");
    CHECK(ilpc_csum_fold_host(ilpc_csum_combine(UINT64_MAX, UINT64_MAX)) == 0xffff, "max+max");
    CHECK(ilpc_csum_fold_host(ilpc_csum_combine(0xfffe, 2)) == 1, "end-around carry");
    CHECK(ilpc_csum_fold_host(ilpc_csum_combine_at(0, 0x1234, 1)) == 0x3412, "odd offset swaps");
    CHECK(ilpc_csum_fold_host(ilpc_csum_combine_at(0, 0x1234, 2)) == 0x1234, "even offset does not");
}

static void test_special_data(void)
{
    static uint8_t buf[1 << 20];
    size_t n;
    int bad = 0;
    memset(buf, 0xff, sizeof buf);
    for (n = 2; n <= 4096; n += 2)
        if (ilpc_csum(buf, n) != 0xffff)
            bad++;
    CHECK(bad == 0, "all-ones data must sum to 0xffff (%d lengths wrong)", bad);
    CHECK(ilpc_csum(buf, sizeof buf) == 0xffff, "1 MiB of 0xff");
    CHECK(ilpc_csum(buf, 1) == 0xff00, "single 0xff");
    {
        /* 2^17 all-ones units into one accumulator without folding */
        uint64_t acc = 0;
        size_t i;
        for (i = 0; i < ((size_t)1 << 17); i++)
            acc = ilpc_csum_add_unit(acc, UINT64_MAX);
        CHECK(ilpc_csum_fold(acc) == 0xffff, "many all-ones units");
    }
    memset(buf, 0, sizeof buf);
    CHECK(ilpc_csum(buf, sizeof buf) == 0, "zeros sum to 0, not 0xffff");
    buf[100] = 0xff;
    buf[101] = 0xff;
    CHECK(ilpc_csum(buf, sizeof buf) == 0xffff, "one 0xffff word among zeros");
    buf[100] = buf[101] = 0;
    buf[7] = 1; /* odd offset: low byte of word 3 */
    buf[sizeof buf - 2] = 0xff;
    buf[sizeof buf - 1] = 0xff;
    CHECK(ilpc_csum(buf, sizeof buf) == 0x0001, "0xffff + 1 = 0x0001 after end-around carry");
}

/* The checksum of data containing its own complemented checksum verifies. */
static void test_verify(void)
{
    uint8_t seg[200];
    size_t i;
    uint16_t s;
    for (i = 0; i < sizeof seg; i++)
        seg[i] = (uint8_t)rnd();
    seg[16] = seg[17] = 0;
    s = (uint16_t)~ilpc_csum(seg, sizeof seg);
    seg[16] = (uint8_t)(s >> 8);
    seg[17] = (uint8_t)s;
    CHECK(ilpc_csum(seg, sizeof seg) == 0xffff, "stored ~sum verifies");
    CHECK(naive(seg, sizeof seg) == 0xffff, "and the naive loop agrees");
}

static void test_random(void)
{
    static uint8_t buf[3000 + 64];
    int t, bad_bytes = 0, bad_units = 0, bad_chunks = 0, bad_combine = 0, bad_ilp = 0, bad_align = 0;
    for (t = 0; t < 6000; t++) {
        size_t n = (size_t)(rnd() % 3001), align = (size_t)(rnd() % 8), i;
        uint8_t *p = buf + align;
        uint16_t want;
        for (i = 0; i < n; i++)
            p[i] = (uint8_t)(t % 7 == 0 ? 0xff - (rnd() % 2) : rnd());
        want = naive(p, n);

        /* whole buffer, any pointer alignment */
        if (ilpc_csum(p, n) != want)
            bad_bytes++;
        /* the same bytes at another alignment give the same sum */
        memmove(buf + 8 - align, p, n);
        if (ilpc_csum(buf + 8 - align, n) != want)
            bad_align++;
        memmove(p, buf + 8 - align, n);

        /* unit by unit, the tail as a zero-padded unit */
        {
            uint64_t acc = 0;
            uint8_t last[8] = {0};
            for (i = 0; i + 8 <= n; i += 8)
                acc = ilpc_csum_add_unit(acc, load64(p + i));
            memcpy(last, p + i, n - i);
            acc = ilpc_csum_add_unit(acc, load64(last));
            if (ilpc_csum_fold(acc) != want)
                bad_units++;
        }
        /* consecutive chunks of even sizes fed to add_bytes */
        {
            uint64_t acc = 0;
            size_t at = 0;
            while (at < n) {
                size_t m = 2 * (size_t)(rnd() % 40);
                if (m > n - at)
                    m = n - at;
                acc = ilpc_csum_add_bytes(acc, p + at, m);
                at += m;
            }
            if (ilpc_csum_fold(acc) != want)
                bad_chunks++;
        }
        /* two pieces summed separately, cut at any (odd or even) point */
        {
            size_t k = n ? (size_t)(rnd() % (n + 1)) : 0;
            uint64_t a = ilpc_csum_add_bytes(0, p, k), b = ilpc_csum_add_bytes(0, p + k, n - k);
            if (ilpc_csum_fold(ilpc_csum_combine_at(a, b, k)) != want)
                bad_combine++;
            if (k % 2 == 0 && ilpc_csum_fold(ilpc_csum_combine(b, a)) != want)
                bad_combine++;
        }
        /* the ILP order: units 1..last-1, then last, then 0 */
        if (n % 8 == 0 || t % 2) {
            size_t m = n - n % 8, units = m / 8;
            uint64_t acc = 0;
            for (i = 1; i + 1 < units; i++)
                acc = ilpc_csum_add_unit(acc, load64(p + 8 * i));
            if (units > 1)
                acc = ilpc_csum_add_unit(acc, load64(p + 8 * (units - 1)));
            if (units > 0)
                acc = ilpc_csum_add_unit(acc, load64(p));
            if (ilpc_csum_fold(acc) != naive(p, m))
                bad_ilp++;
        }
    }
    CHECK(bad_bytes == 0, "%d", bad_bytes);
    CHECK(bad_align == 0, "%d", bad_align);
    CHECK(bad_units == 0, "%d", bad_units);
    CHECK(bad_chunks == 0, "%d", bad_chunks);
    CHECK(bad_combine == 0, "%d", bad_combine);
    CHECK(bad_ilp == 0, "%d", bad_ilp);
}

int main(void)
{
    test_rfc1071_example();
    test_fold_edges();
    test_special_data();
    test_verify();
    test_random();
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
