/* ilpc_random.c - the OS's randomness and SipHash-2-4 (ilpc_random.h). */
#include "ilpc_random.h"

#include <stdio.h>
#include <string.h>

/* getrandom(2): Linux 3.17, glibc 2.25, musl 1.1.20; elsewhere /dev/urandom alone. */
#if defined(__linux__) && defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define ILPC_HAVE_GETRANDOM 1
#endif
#endif

int ilpc_os_random(void *buf, size_t n)
{
    uint8_t *p = buf;
    size_t got = 0;
    FILE *f;
#ifdef ILPC_HAVE_GETRANDOM
    while (got < n) {
        ssize_t r = getrandom(p + got, n - got, 0);
        if (r <= 0)
            break; /* ENOSYS (an old kernel), EINTR: try the device */
        got += (size_t)r;
    }
    if (got == n)
        return 0;
#endif
    f = fopen("/dev/urandom", "rb");
    if (!f)
        return -1;
    got = fread(p, 1, n, f);
    fclose(f);
    return got == n ? 0 : -1;
}

static uint64_t rotl(uint64_t x, unsigned b) { return (x << b) | (x >> (64 - b)); }

static uint64_t le64(const uint8_t *p)
{
    uint64_t v = 0;
    int i;
    for (i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

#define SIPROUND(v0, v1, v2, v3)                                                                          \
    do {                                                                                                  \
        v0 += v1;                                                                                         \
        v1 = rotl(v1, 13);                                                                                \
        v1 ^= v0;                                                                                         \
        v0 = rotl(v0, 32);                                                                                \
        v2 += v3;                                                                                         \
        v3 = rotl(v3, 16);                                                                                \
        v3 ^= v2;                                                                                         \
        v0 += v3;                                                                                         \
        v3 = rotl(v3, 21);                                                                                \
        v3 ^= v0;                                                                                         \
        v2 += v1;                                                                                         \
        v1 = rotl(v1, 17);                                                                                \
        v1 ^= v2;                                                                                         \
        v2 = rotl(v2, 32);                                                                                \
    } while (0)

uint64_t ilpc_siphash24(const uint8_t key[16], const void *data, size_t len)
{
    const uint8_t *in = data;
    uint64_t k0 = le64(key), k1 = le64(key + 8);
    uint64_t v0 = k0 ^ 0x736f6d6570736575ull, v1 = k1 ^ 0x646f72616e646f6dull;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ull, v3 = k1 ^ 0x7465646279746573ull;
    uint64_t m;
    uint8_t last[8];
    size_t i, full = len & ~(size_t)7;
    for (i = 0; i < full; i += 8) {
        m = le64(in + i);
        v3 ^= m;
        SIPROUND(v0, v1, v2, v3);
        SIPROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    /* the last block: the remaining bytes, the length's low byte on top */
    memset(last, 0, sizeof last);
    if (len > full)
        memcpy(last, in + full, len - full);
    last[7] = (uint8_t)len;
    m = le64(last);
    v3 ^= m;
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    v0 ^= m;
    v2 ^= 0xff;
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}
