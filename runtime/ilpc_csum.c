/* ilpc_csum.c - out-of-line part of the Internet checksum (see ilpc_csum.h). */
#include "ilpc_csum.h"

uint16_t ilpc_csum(const void *p, size_t n)
{
    return ilpc_csum_fold(ilpc_csum_add_bytes(0, p, n));
}

#if ILPC_AVX2_DISPATCH
int ilpc_cpu_avx2 = -1;

int ilpc_cpu_avx2_probe(void)
{
    __builtin_cpu_init();
    ilpc_cpu_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
    return ilpc_cpu_avx2;
}
#endif

#if ILPC_SIMD_SSE2
#if ILPC_AVX2_DISPATCH
/* ilpc_csum_add_bytes_long on a CPU with AVX2: the bulk in 32-byte vectors, the
 * rest by the scalar loop, in one function compiled for AVX2. */
static __attribute__((target("avx2"))) uint64_t add_long_avx2(uint64_t acc, const unsigned char *b, size_t n)
{
    acc = ilpc_csum_reduce32(acc) + ilpc__csum_sum_avx2(b, n / 64);
    return ilpc_csum__add_scalar(acc, b + (n & ~(size_t)63), n & 63);
}
#endif

/* ilpc_csum_add_bytes for n >= 64: the bulk in vectors (SIMD, ilpc_csum.h), the rest
 * by the scalar loop.  Each vector sum is reduced to 32 bits and added to a reduced
 * acc, which cannot overflow. */
uint64_t ilpc_csum_add_bytes_long(uint64_t acc, const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
#if defined(__AVX2__)
    acc = ilpc_csum_reduce32(acc) + ilpc__csum_sum_avx2(b, n / 64);
    b += n & ~(size_t)63;
    n &= 63;
#else
#if ILPC_AVX2_DISPATCH
    if (n >= 128 && ilpc_use_avx2())
        return add_long_avx2(acc, b, n);
#endif
    acc = ilpc_csum_reduce32(acc) + ilpc__csum_sum_sse2(b, n / 32);
    b += n & ~(size_t)31;
    n &= 31;
#endif
    return ilpc_csum__add_scalar(acc, b, n);
}
#endif
