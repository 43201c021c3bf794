/* hand_int20.c - see hand_int20.h.  Straight-line code: one bounds check, then
 * twenty big-endian stores (loads) at fixed offsets. */
#include "hand_int20.h"

#include <string.h>

static inline void st32(uint8_t *p, uint32_t v)
{
    v = __builtin_bswap32(v);
    memcpy(p, &v, 4);
}

static inline uint32_t ld32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return __builtin_bswap32(v);
}

#define REP20(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) \
                 X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19)

int hand_int20_encode(const int32_t v[20], uint8_t *buf, size_t cap, size_t *len)
{
    if (cap < 80)
        return -1;
#define PUT(i) st32(buf + 4 * (i), (uint32_t)v[i]);
    REP20(PUT)
#undef PUT
    *len = 80;
    return 0;
}

int hand_int20_decode(int32_t v[20], const uint8_t *buf, size_t len)
{
    if (len != 80)
        return -1;
#define GET(i) v[i] = (int32_t)ld32(buf + 4 * (i));
    REP20(GET)
#undef GET
    return 0;
}
