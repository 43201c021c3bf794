/* ilpc_csum.c - out-of-line part of the Internet checksum (see ilpc_csum.h). */
/* the AVX2 loop, compiled here for the run-time dispatch */
#define ILPC_CSUM_AVX2_BODY 1
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

/* The run-time dispatched copy of the AVX2 checksum loop. */
__attribute__((target("avx2"))) uint64_t ilpc_csum_sum_avx2(const void *p, size_t n64)
{
    return ilpc__csum_sum_avx2(p, n64);
}
#endif
