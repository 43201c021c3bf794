/* hand_mixed.c - see hand_mixed.h.  The encoder computes the exact size, checks
 * the buffer once and then stores straight-line; the decoder checks the fixed
 * 32-byte head once and each variable part once. */
#include "hand_mixed.h"

#include <stdlib.h>
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

static inline size_t pad4(size_t n) { return (n + 3) & ~(size_t)3; }

static inline bool color_ok(uint32_t c) { return c <= 2 || c == 7; }

/* n bytes of data then zeros up to a multiple of 4: the last word is zeroed first
 * and the data copied over it. */
static inline uint8_t *put_opaque(uint8_t *p, const void *data, uint32_t n)
{
    size_t padded = pad4(n);
    if (padded != n)
        memset(p + padded - 4, 0, 4);
    if (n != 0)
        memcpy(p, data, n);
    return p + padded;
}

/* The 1..3 padding bytes after n bytes at p are the low bytes of the last word. */
static inline bool pad_is_zero(const uint8_t *p, uint32_t n)
{
    uint32_t r = n & 3;
    if (r == 0)
        return true;
    return (ld32(p + n - r) & ((UINT32_C(1) << (8 * (4 - r))) - 1)) == 0;
}

static inline bool is_ia5(const char *s, uint32_t n)
{
    unsigned char hi = 0;
    for (uint32_t k = 0; k < n; k++)
        hi |= (unsigned char)s[k];
    return (hi & 0x80) == 0;
}

int hand_mixed_encode(const hand_mixed *v, uint8_t *buf, size_t cap, size_t *len)
{
    uint32_t ul = v->user_len, hl = v->host_len, pl = v->payload_len;
    if (ul > 64 || hl > 64 || pl > 1024)
        return HAND_E_SIZE;
    if ((ul && !v->user) || (hl && !v->host) || (pl && !v->payload))
        return HAND_E_NULL;
    if (!color_ok((uint32_t)v->color))
        return HAND_E_ENUM;
    if (!is_ia5(v->user, ul) || !is_ia5(v->host, hl))
        return HAND_E_ALPHABET;
    size_t n = 32 + pad4(ul) + 4 + pad4(hl) + 4 + pad4(pl) + 20 + (v->has_ttl ? 4 : 0);
    if (cap < n)
        return HAND_E_SHORT;

    uint8_t *p = buf;
    st32(p, v->id);
    st32(p + 4, v->seq);
    st32(p + 8, (uint32_t)v->offset);
    st32(p + 12, (uint32_t)v->delta);
    st32(p + 16, v->flags);
    st32(p + 20, v->urgent ? 1u : 0u);
    st32(p + 24, (uint32_t)v->color);
    st32(p + 28, ul);
    p = put_opaque(p + 32, v->user, ul);
    st32(p, hl);
    p = put_opaque(p + 4, v->host, hl);
    st32(p, pl);
    p = put_opaque(p + 4, v->payload, pl);
    memcpy(p, v->digest, 16);
    st32(p + 16, v->has_ttl ? 1u : 0u);
    p += 20;
    if (v->has_ttl) {
        st32(p, (uint32_t)v->ttl);
        p += 4;
    }
    *len = (size_t)(p - buf);
    return HAND_OK;
}

int hand_mixed_decode(hand_mixed *v, const uint8_t *buf, size_t len)
{
    const uint8_t *p = buf, *end = buf + len;
    int rc;
    v->user = v->host = NULL;
    v->payload = NULL;

    if (len < 32 + 4 + 4 + 20)
        return HAND_E_TRUNC;
    uint32_t urgent = ld32(p + 20), color = ld32(p + 24), ul = ld32(p + 28);
    if (urgent > 1)
        return HAND_E_BOOL;
    if (!color_ok(color))
        return HAND_E_ENUM;
    if (ul > 64)
        return HAND_E_SIZE;
    v->id = ld32(p);
    v->seq = ld32(p + 4);
    v->offset = (int32_t)ld32(p + 8);
    v->delta = (int32_t)ld32(p + 12);
    v->flags = ld32(p + 16);
    v->urgent = urgent;
    v->color = (int32_t)color;
    p += 32;

    /* user, then the host length word */
    if ((size_t)(end - p) < pad4(ul) + 4)
        return HAND_E_TRUNC;
    if (!pad_is_zero(p, ul))
        return HAND_E_PAD;
    if (!is_ia5((const char *)p, ul))
        return HAND_E_ALPHABET;
    if ((v->user = malloc(ul + 1)) == NULL)
        return HAND_E_NOMEM;
    memcpy(v->user, p, ul);
    v->user[ul] = '\0';
    v->user_len = ul;
    p += pad4(ul);

    /* host, then the payload length word */
    uint32_t hl = ld32(p);
    p += 4;
    rc = HAND_E_SIZE;
    if (hl > 64)
        goto fail;
    rc = HAND_E_TRUNC;
    if ((size_t)(end - p) < pad4(hl) + 4)
        goto fail;
    rc = HAND_E_PAD;
    if (!pad_is_zero(p, hl))
        goto fail;
    rc = HAND_E_ALPHABET;
    if (!is_ia5((const char *)p, hl))
        goto fail;
    rc = HAND_E_NOMEM;
    if ((v->host = malloc(hl + 1)) == NULL)
        goto fail;
    memcpy(v->host, p, hl);
    v->host[hl] = '\0';
    v->host_len = hl;
    p += pad4(hl);

    /* payload, then digest and the ttl presence word */
    uint32_t pl = ld32(p);
    p += 4;
    rc = HAND_E_SIZE;
    if (pl > 1024)
        goto fail;
    rc = HAND_E_TRUNC;
    if ((size_t)(end - p) < pad4(pl) + 20)
        goto fail;
    rc = HAND_E_PAD;
    if (!pad_is_zero(p, pl))
        goto fail;
    rc = HAND_E_NOMEM;
    if ((v->payload = malloc(pl ? pl : 1)) == NULL)
        goto fail;
    memcpy(v->payload, p, pl);
    v->payload_len = pl;
    p += pad4(pl);

    memcpy(v->digest, p, 16);
    uint32_t present = ld32(p + 16);
    p += 20;
    rc = HAND_E_BOOL;
    if (present > 1)
        goto fail;
    v->has_ttl = present;
    v->ttl = 0;
    if (present) {
        rc = HAND_E_TRUNC;
        if (end - p < 4)
            goto fail;
        v->ttl = (int32_t)ld32(p);
        p += 4;
    }
    rc = HAND_E_TRAILING;
    if (p != end)
        goto fail;
    return HAND_OK;

fail:
    hand_mixed_free(v);
    return rc;
}

void hand_mixed_free(hand_mixed *v)
{
    free(v->user);
    free(v->host);
    free(v->payload);
    v->user = v->host = NULL;
    v->payload = NULL;
}
