/* ilpc_xdr.c - out-of-line parts of the XDR runtime: limits, allocation (the errors' texts: ilpc_error.c). */
#include "ilpc_xdr.h"

#include <stdlib.h>

ilpc_xdr_limits ilpc_xdr_current_limits = { 64u * 1024u * 1024u, 64u };

ilpc_xdr_limits ilpc_xdr_get_limits(void) { return ilpc_xdr_current_limits; }

void ilpc_xdr_set_limits(ilpc_xdr_limits limits) { ilpc_xdr_current_limits = limits; }

void *ilpc_xdr_alloc(size_t n) { return malloc(n ? n : 1); }

void *ilpc_xdr_calloc(size_t count, size_t size) { return calloc(count ? count : 1, size ? size : 1); }

void ilpc_xdr_release(void *p) { free(p); }

bool ilpc_oid_valid(const uint64_t *arcs, uint32_t n)
{
    if (n < 2 || arcs == NULL)
        return false;
    return arcs[0] <= 2 && (arcs[0] == 2 || arcs[1] <= 39);
}

bool ilpc_oid_equal(const uint64_t *arcs, uint32_t n, const uint64_t *want, uint32_t wn)
{
    if (n != wn)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (arcs[i] != want[i])
            return false;
    return true;
}

bool ilpc_utf8_valid(const void *data, size_t n)
{
    const uint8_t *p = (const uint8_t *)data;
    size_t i = 0;
    while (i < n) {
        /* ASCII runs: 8 bytes a step */
        while (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, p + i, 8);
            if (w & UINT64_C(0x8080808080808080))
                break;
            i += 8;
        }
        if (i >= n)
            break;
        uint8_t b = p[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        size_t len;
        uint8_t lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
        if (b >= 0xC2 && b <= 0xDF) {
            len = 2;
        } else if (b >= 0xE0 && b <= 0xEF) {
            len = 3;
            if (b == 0xE0) lo = 0xA0;       /* no overlong forms */
            if (b == 0xED) hi = 0x9F;       /* no surrogates */
        } else if (b >= 0xF0 && b <= 0xF4) {
            len = 4;
            if (b == 0xF0) lo = 0x90;
            if (b == 0xF4) hi = 0x8F;       /* nothing above U+10FFFF */
        } else {
            return false;
        }
        if (n - i < len || p[i + 1] < lo || p[i + 1] > hi)
            return false;
        for (size_t k = 2; k < len; k++)
            if ((p[i + k] & 0xC0) != 0x80)
                return false;
        i += len;
    }
    return true;
}
