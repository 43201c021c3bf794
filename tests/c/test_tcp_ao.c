/*
 * test_tcp_ao.c - runtime/ilpc_tcp_ao.{h,c} under AddressSanitizer and valgrind:
 * one keyed MAC object reused over many segments; every bit of what the MAC
 * covers (SNE, pseudo-header, header, options unless excluded, payload)
 * changes it, the checksum and MAC fields do not; payload splits do not
 * matter; the option helpers; misuse refused; free twice.  The values
 * themselves are checked in tests/test_tcp_ao.py against RFC 9235 and Python's
 * `cryptography`.
 *
 * Build: cc -std=c11 -I runtime tests/c/test_tcp_ao.c runtime/ilpc_tcp_ao.c [-DILPC_HAVE_LIBCRYPTO=1 -lcrypto]
 * Without libcrypto it checks that every key and MAC function fails cleanly
 * instead, and that the option helpers still work.
 * Prints "N passed, M failed"; exit status 1 if anything failed.
 */
#include "ilpc_tcp_ao.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTEST_SEED 0x5925592659259235u
#include "ctest.h"

#define MAXPAY 1500

static void fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (uint8_t)rnd();
}

static int all_zero(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

static void set_mkt(ilpc_ao_mkt *mkt, ilpc_ao_alg alg, int exclude_options, size_t key_len)
{
    memset(mkt, 0, sizeof *mkt);
    mkt->alg = alg;
    mkt->exclude_options = (uint8_t)exclude_options;
    mkt->key_len = (uint8_t)key_len;
    mkt->send_id = 61;
    mkt->recv_id = 84;
    fill(mkt->key, key_len);
}

/* A header of hl bytes: options MSS, NOP, NOP, timestamps, then TCP-AO at
 * offset 36 when hl is 52, or TCP-AO alone at 20 when hl is 36. */
static size_t make_header(uint8_t h[60], size_t hl)
{
    size_t ao = hl == 52 ? 36 : 20;
    fill(h, hl);
    h[12] = (uint8_t)((hl / 4) << 4);
    if (hl == 52) {
        h[20] = 2, h[21] = 4;         /* MSS */
        h[24] = 1, h[25] = 1;         /* NOP NOP */
        h[26] = 8, h[27] = 10;        /* timestamps */
    }
    (void)ilpc_ao_write_option(h + ao, 61, 84);
    fill(h + ao + 4, ILPC_AO_MAC_LEN); /* whatever the MAC field holds counts as zero */
    return ao;
}

static int mac_of(ilpc_ao_mac *m, uint32_t sne, uint32_t src, uint32_t dst, const uint8_t *h, size_t hl, size_t ao,
                  const uint8_t *pay, size_t n, size_t cut, uint8_t mac[12])
{
    ilpc_ao_segment s;
    memset(&s, 0, sizeof s);
    s.sne = sne, s.src_ip = src, s.dst_ip = dst;
    s.hdr = h, s.hdr_len = hl, s.ao_off = ao;
    s.payload[0] = cut ? pay : NULL, s.payload_len[0] = cut;
    s.payload[1] = n - cut ? pay + cut : NULL, s.payload_len[1] = n - cut;
    return ilpc_ao_mac_compute(m, &s, mac);
}

#if defined(ILPC_HAVE_LIBCRYPTO) && ILPC_HAVE_LIBCRYPTO

static void test_keys(ilpc_ao_alg alg)
{
    ilpc_ao_mkt mkt, peer;
    ilpc_ao_traffic_keys a, b;
    uint8_t k[ILPC_AO_MAX_TRAFFIC_KEY_LEN], k2[ILPC_AO_MAX_TRAFFIC_KEY_LEN];
    size_t len = ilpc_ao_traffic_key_len(alg), klen;

    for (klen = 1; klen <= ILPC_AO_MAX_KEY_LEN; klen++) {
        set_mkt(&mkt, alg, 0, klen);
        peer = mkt;
        peer.send_id = mkt.recv_id, peer.recv_id = mkt.send_id;
        CHECK(ilpc_ao_conn_keys(&mkt, 0x0a0b0c0d, 1234, 111, 0xac1b1c1d, 179, 222, &a) == ILPC_OK, "%zu", klen);
        CHECK(ilpc_ao_conn_keys(&peer, 0xac1b1c1d, 179, 222, 0x0a0b0c0d, 1234, 111, &b) == ILPC_OK, "%zu", klen);
        CHECK(a.len == len && b.len == len, "len %zu", a.len);
        /* what one end sends with, the other receives with; the four differ */
        CHECK(memcmp(a.send_syn, b.recv_syn, len) == 0 && memcmp(a.recv_syn, b.send_syn, len) == 0, "syn keys");
        CHECK(memcmp(a.send_other, b.recv_other, len) == 0 && memcmp(a.recv_other, b.send_other, len) == 0,
              "other keys");
        CHECK(memcmp(a.send_syn, a.send_other, len) != 0 && memcmp(a.send_syn, a.recv_syn, len) != 0
                  && memcmp(a.send_other, a.recv_other, len) != 0,
              "distinct");
        CHECK(all_zero(a.send_syn + len, sizeof a.send_syn - len), "tail of a short key");
        /* conn_keys is the single derivation four times */
        CHECK(ilpc_ao_traffic_key(&mkt, 0x0a0b0c0d, 0xac1b1c1d, 1234, 179, 111, 0, k) == ILPC_OK
                  && memcmp(k, a.send_syn, len) == 0,
              "send_syn");
        CHECK(ilpc_ao_traffic_key(&mkt, 0xac1b1c1d, 0x0a0b0c0d, 179, 1234, 222, 111, k) == ILPC_OK
                  && memcmp(k, a.recv_other, len) == 0,
              "recv_other");
        /* every part of the context counts */
        CHECK(ilpc_ao_traffic_key(&mkt, 0x0a0b0c0d, 0xac1b1c1d, 1234, 179, 111, 1, k2) == ILPC_OK
                  && memcmp(k, k2, len) != 0,
              "dst isn");
        CHECK(ilpc_ao_traffic_key(&mkt, 0xac1b1c1d, 0x0a0b0c0d, 179, 1235, 222, 111, k2) == ILPC_OK
                  && memcmp(k, k2, len) != 0,
              "dst port");
        mkt.key[klen - 1] ^= 1;
        CHECK(ilpc_ao_traffic_key(&mkt, 0xac1b1c1d, 0x0a0b0c0d, 179, 1234, 222, 111, k2) == ILPC_OK
                  && memcmp(k, k2, len) != 0,
              "master key");
    }
    /* refused, output zeroed */
    mkt.key_len = 0;
    memset(k, 0x5a, sizeof k);
    CHECK(ilpc_ao_traffic_key(&mkt, 1, 2, 3, 4, 5, 6, k) == ILPC_E_INVAL && all_zero(k, sizeof k), "empty key");
    mkt.key_len = ILPC_AO_MAX_KEY_LEN + 1;
    memset(&a, 0x5a, sizeof a);
    CHECK(ilpc_ao_conn_keys(&mkt, 1, 2, 3, 4, 5, 6, &a) == ILPC_E_INVAL && all_zero((uint8_t *)&a, sizeof a),
          "long key");
    CHECK(ilpc_ao_traffic_key(NULL, 1, 2, 3, 4, 5, 6, k) == ILPC_E_INVAL, "no mkt");
    CHECK(ilpc_ao_conn_keys(NULL, 1, 2, 3, 4, 5, 6, &a) == ILPC_E_INVAL, "no mkt");
}

/* Flip every bit the MAC covers and some it does not, for one alg and option setting. */
static void test_tampering(ilpc_ao_alg alg, int exclude_options)
{
    static uint8_t pay[MAXPAY];
    ilpc_ao_mkt mkt;
    ilpc_ao_mac m = {0};
    uint8_t key[ILPC_AO_MAX_TRAFFIC_KEY_LEN], h[60], t[60], base[12], mac[12];
    size_t hl, ao, n = 100, i, bit;
    uint32_t sne = (uint32_t)rnd(), src = (uint32_t)rnd(), dst = (uint32_t)rnd();
    int changed_all;

    set_mkt(&mkt, alg, exclude_options, 10);
    fill(key, sizeof key);
    CHECK(ilpc_ao_mac_init(&m, &mkt, key) == ILPC_OK, "init");
    CHECK(m.ctx != NULL && m.alg == (int)alg && m.exclude_options == exclude_options, "fields");
    fill(pay, n);
    for (hl = 36; hl <= 52; hl += 16) {
        ao = make_header(h, hl);
        CHECK(mac_of(&m, sne, src, dst, h, hl, ao, pay, n, n / 3, base) == ILPC_OK, "base");

        changed_all = 1;
        for (bit = 0; bit < 32; bit++) {
            changed_all &= mac_of(&m, sne ^ (1u << bit), src, dst, h, hl, ao, pay, n, 0, mac) == ILPC_OK
                           && memcmp(mac, base, 12) != 0;
            changed_all &= mac_of(&m, sne, src ^ (1u << bit), dst, h, hl, ao, pay, n, 0, mac) == ILPC_OK
                           && memcmp(mac, base, 12) != 0;
            changed_all &= mac_of(&m, sne, src, dst ^ (1u << bit), h, hl, ao, pay, n, 0, mac) == ILPC_OK
                           && memcmp(mac, base, 12) != 0;
        }
        CHECK(changed_all, "SNE and addresses, hl %zu", hl);
        /* the pseudo-header's length: one byte less payload */
        CHECK(mac_of(&m, sne, src, dst, h, hl, ao, pay, n - 1, 0, mac) == ILPC_OK && memcmp(mac, base, 12) != 0,
              "length");

        changed_all = 1;
        for (bit = 0; bit < n * 8; bit++) {
            pay[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            changed_all &= mac_of(&m, sne, src, dst, h, hl, ao, pay, n, bit % (n + 1), mac) == ILPC_OK
                           && memcmp(mac, base, 12) != 0;
            pay[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        CHECK(changed_all, "payload bits, hl %zu", hl);

        for (bit = 0; bit < hl * 8; bit++) {
            int rc, zeroed, other_option;
            i = bit / 8;
            memcpy(t, h, hl);
            t[i] ^= (uint8_t)(1u << (bit % 8));
            rc = mac_of(&m, sne, src, dst, t, hl, ao, pay, n, n, mac);
            zeroed = i == 16 || i == 17 || (i >= ao + 4 && i < ao + 16);
            other_option = i >= 20 && !(i >= ao && i < ao + 16);
            if (i == ao || i == ao + 1 || (i == 12 && bit % 8 >= 4)) {
                CHECK(rc == ILPC_E_INVAL && all_zero(mac, 12), "byte %zu: not an AO option / not hl", i);
            } else if (zeroed || (exclude_options && other_option)) {
                CHECK(rc == ILPC_OK && memcmp(mac, base, 12) == 0, "byte %zu bit %zu must not count (excl %d)", i,
                      bit % 8, exclude_options);
            } else {
                CHECK(rc == ILPC_OK && memcmp(mac, base, 12) != 0, "byte %zu bit %zu must count", i, bit % 8);
            }
        }
    }
    ilpc_ao_mac_free(&m);
    CHECK(m.ctx == NULL && m.alg == 0 && m.exclude_options == 0, "freed");
    ilpc_ao_mac_free(&m); /* twice */
}

/* Many segments through one object: split anywhere, verify in place, two objects with one key agree. */
static void test_reuse(ilpc_ao_alg alg)
{
    static uint8_t pay[MAXPAY];
    ilpc_ao_mkt mkt;
    ilpc_ao_mac m = {0}, m2 = {0};
    ilpc_ao_segment s;
    uint8_t key[ILPC_AO_MAX_TRAFFIC_KEY_LEN], h[60], whole[12], mac[12];
    size_t i, ao, n, cut, off;
    int same = 1;

    set_mkt(&mkt, alg, 0, 16);
    fill(key, sizeof key);
    CHECK(ilpc_ao_mac_init(&m, &mkt, key) == ILPC_OK && ilpc_ao_mac_init(&m2, &mkt, key) == ILPC_OK, "init");
    for (i = 0; i < 300; i++) {
        size_t hl = i % 2 ? 52 : 36;
        uint32_t sne = (uint32_t)rnd();
        n = i < 3 ? i : (size_t)(rnd() % MAXPAY);
        fill(pay, n);
        ao = make_header(h, hl);
        cut = n ? (size_t)(rnd() % (n + 1)) : 0;
        same &= mac_of(&m, sne, 1, 2, h, hl, ao, pay, n, n, whole) == ILPC_OK;
        same &= mac_of(&m, sne, 1, 2, h, hl, ao, pay, n, cut, mac) == ILPC_OK && memcmp(mac, whole, 12) == 0;
        same &= mac_of(&m2, sne, 1, 2, h, hl, ao, pay, n, 0, mac) == ILPC_OK && memcmp(mac, whole, 12) == 0;
        /* into the option, then verify */
        memcpy(h + ao + 4, whole, 12);
        memset(&s, 0, sizeof s);
        s.sne = sne, s.src_ip = 1, s.dst_ip = 2, s.hdr = h, s.hdr_len = hl, s.ao_off = ao;
        s.payload[0] = pay, s.payload_len[0] = n;
        CHECK(ilpc_ao_find_option(h, hl, &off) == 1 && off == ao, "find %zu", i);
        CHECK(ilpc_ao_mac_verify(&m, &s) == 1, "verify %zu", i);
        h[ao + 4 + i % 12] ^= 0x10;
        CHECK(ilpc_ao_mac_verify(&m2, &s) == 0, "verify tampered %zu", i);
    }
    CHECK(same, "splits and objects agree");
    /* another key: another MAC */
    ilpc_ao_mac_free(&m2);
    key[0] ^= 1;
    CHECK(ilpc_ao_mac_init(&m2, &mkt, key) == ILPC_OK, "init");
    CHECK(mac_of(&m, 0, 1, 2, h, 52, 36, pay, 10, 5, whole) == ILPC_OK
              && mac_of(&m2, 0, 1, 2, h, 52, 36, pay, 10, 5, mac) == ILPC_OK && memcmp(mac, whole, 12) != 0,
          "key");
    ilpc_ao_mac_free(&m);
    ilpc_ao_mac_free(&m2);
}

static void test_misuse(void)
{
    ilpc_ao_mkt mkt;
    ilpc_ao_mac m;
    ilpc_ao_segment s;
    uint8_t key[20] = {0}, h[60], mac[12], pay[4] = {1, 2, 3, 4};
    size_t ao;

    memset(&m, 0x5a, sizeof m); /* garbage: a failed init zeroes it */
    set_mkt(&mkt, ILPC_AO_HMAC_SHA1_96, 0, 0);
    CHECK(ilpc_ao_mac_init(&m, &mkt, key) == ILPC_E_INVAL && m.ctx == NULL, "empty master key");
    set_mkt(&mkt, (ilpc_ao_alg)9, 0, 5);
    CHECK(ilpc_ao_mac_init(&m, &mkt, key) == ILPC_E_INVAL && m.ctx == NULL, "unknown alg");
    set_mkt(&mkt, ILPC_AO_HMAC_SHA1_96, 0, 5);
    CHECK(ilpc_ao_mac_init(&m, &mkt, NULL) == ILPC_E_INVAL, "no key");
    CHECK(ilpc_ao_mac_init(NULL, &mkt, key) == ILPC_E_INVAL, "no object");
    ao = make_header(h, 36);
    memset(mac, 0x5a, sizeof mac);
    CHECK(mac_of(&m, 0, 1, 2, h, 36, ao, pay, 4, 2, mac) == ILPC_E_INVAL && all_zero(mac, 12), "unkeyed");
    CHECK(ilpc_ao_mac_init(&m, &mkt, key) == ILPC_OK, "init");
    CHECK(mac_of(&m, 0, 1, 2, h, 36, ao, pay, 4, 2, mac) == ILPC_OK, "keyed");
    CHECK(mac_of(&m, 0, 1, 2, h, 36, ao + 4, pay, 4, 2, mac) == ILPC_E_INVAL, "past the header");
    CHECK(mac_of(&m, 0, 1, 2, h, 32, ao, pay, 4, 2, mac) == ILPC_E_INVAL, "hdr_len not the data offset");
    memset(&s, 0, sizeof s);
    s.hdr = h, s.hdr_len = 36, s.ao_off = ao;
    s.payload_len[1] = 3; /* without a pointer */
    CHECK(ilpc_ao_mac_compute(&m, &s, mac) == ILPC_E_INVAL, "NULL span");
    CHECK(ilpc_ao_mac_verify(&m, &s) == ILPC_E_INVAL, "NULL span");
    s.payload_len[1] = 0;
    CHECK(ilpc_ao_mac_compute(&m, NULL, mac) == ILPC_E_INVAL, "no segment");
    CHECK(ilpc_ao_mac_compute(&m, &s, NULL) == ILPC_E_INVAL, "no output");
    CHECK(ilpc_ao_mac_verify(NULL, &s) == ILPC_E_INVAL, "no object");
    CHECK(ilpc_ao_mac_compute(&m, &s, mac) == ILPC_OK, "still fine");
    ilpc_ao_mac_free(&m);
    ilpc_ao_mac_free(NULL);
    CHECK(ilpc_ao_mac_compute(&m, &s, mac) == ILPC_E_INVAL, "freed");
}

#else

static void test_without_libcrypto(void)
{
    ilpc_ao_mkt mkt;
    ilpc_ao_traffic_keys keys;
    ilpc_ao_mac m;
    uint8_t k[20], h[60], mac[12];
    size_t ao;

    CHECK(ilpc_ao_available() == 0, "available");
    set_mkt(&mkt, ILPC_AO_AES128_CMAC_96, 0, 10);
    memset(k, 0x5a, sizeof k);
    CHECK(ilpc_ao_traffic_key(&mkt, 1, 2, 3, 4, 5, 6, k) == ILPC_E_INVAL && all_zero(k, sizeof k), "kdf");
    memset(&keys, 0x5a, sizeof keys);
    CHECK(ilpc_ao_conn_keys(&mkt, 1, 2, 3, 4, 5, 6, &keys) == ILPC_E_INVAL && all_zero((uint8_t *)&keys, sizeof keys),
          "conn keys");
    memset(&m, 0x5a, sizeof m);
    CHECK(ilpc_ao_mac_init(&m, &mkt, k) == ILPC_E_INVAL && m.ctx == NULL, "init");
    ao = make_header(h, 52);
    memset(mac, 0x5a, sizeof mac);
    CHECK(mac_of(&m, 0, 1, 2, h, 52, ao, h, 8, 4, mac) == ILPC_E_INVAL && all_zero(mac, 12), "compute");
    ilpc_ao_mac_free(&m);
    ilpc_ao_mac_free(NULL);
}

#endif

/* What needs no libcrypto: the same in both builds. */
static void test_option_helpers(void)
{
    uint8_t h[60], a[12], b[12];
    size_t off = 999, i;
    int ok = 1;

    memset(h, 0, sizeof h);
    h[12] = 5 << 4;
    CHECK(ilpc_ao_find_option(h, 20, &off) == 0 && off == 999, "no options");
    CHECK(ilpc_ao_write_option(h + 24, 3, 4) == ILPC_AO_OPT_LEN, "write");
    h[20] = h[21] = h[22] = h[23] = 1; /* NOPs */
    CHECK(ilpc_ao_find_option(h, 40, &off) == 1 && off == 24, "found after NOPs");
    CHECK(h[24] == 29 && h[25] == 16 && h[26] == 3 && h[27] == 4 && all_zero(h + 28, 12), "written");
    CHECK(ilpc_ao_find_option(h, 39, &off) == ILPC_E_INVAL, "cut short");
    CHECK(ilpc_ao_find_option(h, 61, &off) == ILPC_E_INVAL && ilpc_ao_find_option(h, 19, &off) == ILPC_E_INVAL,
          "header length");
    CHECK(ilpc_ao_find_option(NULL, 20, &off) == ILPC_E_INVAL && ilpc_ao_find_option(h, 20, NULL) == ILPC_E_INVAL,
          "NULL");
    (void)ilpc_ao_write_option(h + 40, 5, 6);
    CHECK(ilpc_ao_find_option(h, 56, &off) == ILPC_E_INVAL, "two options");
    h[40] = 0; /* EOL: what follows is not looked at */
    CHECK(ilpc_ao_find_option(h, 56, &off) == 1 && off == 24, "EOL");

    for (i = 0; i < 2000; i++) {
        fill(a, 12);
        memcpy(b, a, 12);
        ok &= ilpc_ao_mac_equal(a, b) == 1;
        b[rnd() % 12] ^= (uint8_t)(1u << (rnd() % 8));
        ok &= ilpc_ao_mac_equal(a, b) == 0;
    }
    CHECK(ok, "mac_equal");
}

int main(void)
{
#if defined(ILPC_HAVE_LIBCRYPTO) && ILPC_HAVE_LIBCRYPTO
    int excl;
    printf("libcrypto: ");
    CHECK(ilpc_ao_available() == 1, "available");
    test_keys(ILPC_AO_HMAC_SHA1_96);
    test_keys(ILPC_AO_AES128_CMAC_96);
    for (excl = 0; excl <= 1; excl++) {
        test_tampering(ILPC_AO_HMAC_SHA1_96, excl);
        test_tampering(ILPC_AO_AES128_CMAC_96, excl);
    }
    test_reuse(ILPC_AO_HMAC_SHA1_96);
    test_reuse(ILPC_AO_AES128_CMAC_96);
    test_misuse();
#else
    printf("no libcrypto: ");
    test_without_libcrypto();
#endif
    test_option_helpers();
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
