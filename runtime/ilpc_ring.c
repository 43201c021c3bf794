/* ilpc_ring.c - byte ring buffer (see ilpc_ring.h). */
#include "ilpc_ring.h"

#include <stdlib.h>
#include <string.h>

int ilpc_ring_init(ilpc_ring *r, size_t cap)
{
    r->buf = NULL;
    r->cap = r->head = r->len = 0;
    if (cap == 0 || cap > (SIZE_MAX >> 1))
        return -1;
    cap = (cap + 7u) & ~(size_t)7u;
    r->buf = malloc(cap);
    if (!r->buf)
        return -1;
    r->cap = cap;
    return 0;
}

void ilpc_ring_destroy(ilpc_ring *r)
{
    free(r->buf);
    r->buf = NULL;
    r->cap = r->head = r->len = 0;
}

int ilpc_ring_spans(const ilpc_ring *r, size_t off, size_t n, uint8_t *p[2], size_t len[2])
{
    size_t start, first;
    p[0] = p[1] = NULL;
    len[0] = len[1] = 0;
    if (n == 0 || r->cap == 0)
        return 0;
    start = r->head + off;
    if (start >= r->cap)
        start -= r->cap;
    first = r->cap - start;
    if (first >= n) {
        p[0] = r->buf + start;
        len[0] = n;
        return 1;
    }
    p[0] = r->buf + start;
    len[0] = first;
    p[1] = r->buf;
    len[1] = n - first;
    return 2;
}

void ilpc_ring_write_at(ilpc_ring *r, size_t off, const void *src, size_t n)
{
    uint8_t *p[2];
    size_t l[2];
    ilpc_ring_spans(r, off, n, p, l);
    if (l[0])
        memcpy(p[0], src, l[0]);
    if (l[1])
        memcpy(p[1], (const uint8_t *)src + l[0], l[1]);
}

void ilpc_ring_read_at(const ilpc_ring *r, size_t off, void *dst, size_t n)
{
    uint8_t *p[2];
    size_t l[2];
    ilpc_ring_spans(r, off, n, p, l);
    if (l[0])
        memcpy(dst, p[0], l[0]);
    if (l[1])
        memcpy((uint8_t *)dst + l[0], p[1], l[1]);
}

void ilpc_ring_produce(ilpc_ring *r, size_t n)
{
    if (n > r->cap - r->len)
        n = r->cap - r->len;
    r->len += n;
}

void ilpc_ring_consume(ilpc_ring *r, size_t n)
{
    if (n > r->len)
        n = r->len;
    r->head += n;
    if (r->head >= r->cap)
        r->head -= r->cap;
    r->len -= n;
}

size_t ilpc_ring_push(ilpc_ring *r, const void *src, size_t n)
{
    size_t space = r->cap - r->len;
    if (n > space)
        n = space;
    ilpc_ring_write_at(r, r->len, src, n);
    r->len += n;
    return n;
}

size_t ilpc_ring_pop(ilpc_ring *r, void *dst, size_t n)
{
    if (n > r->len)
        n = r->len;
    ilpc_ring_read_at(r, 0, dst, n);
    ilpc_ring_consume(r, n);
    return n;
}

void ilpc_ring_rewind_if_empty(ilpc_ring *r)
{
    if (r->len == 0)
        r->head = 0;
}
