/* ilpc_csum.c - out-of-line part of the Internet checksum (see ilpc_csum.h). */
#include "ilpc_csum.h"

uint16_t ilpc_csum(const void *p, size_t n)
{
    return ilpc_csum_fold(ilpc_csum_add_bytes(0, p, n));
}
