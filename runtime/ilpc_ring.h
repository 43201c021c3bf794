/* ilpc_ring.h - byte ring buffer.
 *
 * Used as the TCP send (retransmission) buffer and as the receive stream
 * buffer.  Bytes live at logical offsets 0..len-1 counted from the oldest
 * byte ("head").  A region of the ring is described by at most two spans,
 * because it may wrap around the end of the storage at any offset.  Nothing
 * is ever moved: retransmission re-reads bytes at an offset, and the receive
 * side may write out-of-order bytes beyond len before they become readable.
 *
 * The capacity is rounded up to a multiple of 8, so a writer that only ever
 * appends whole multiples of 8 bytes sees wrap points at 8-aligned offsets
 * of its messages (convenient for 8-byte block ciphers).
 */
#ifndef ILPC_RING_H
#define ILPC_RING_H

#include <stddef.h>
#include <stdint.h>

typedef struct ilpc_ring {
    uint8_t *buf;
    size_t cap;  /* storage size */
    size_t head; /* storage index of logical offset 0 */
    size_t len;  /* readable bytes */
} ilpc_ring;

/* 0 on success, -1 when out of memory or cap == 0. */
int ilpc_ring_init(ilpc_ring *r, size_t cap);
void ilpc_ring_destroy(ilpc_ring *r);

static inline size_t ilpc_ring_len(const ilpc_ring *r) { return r->len; }
static inline size_t ilpc_ring_cap(const ilpc_ring *r) { return r->cap; }
static inline size_t ilpc_ring_space(const ilpc_ring *r) { return r->cap - r->len; }

/* Describe logical bytes [off, off+n) (off+n <= cap) as up to two spans.
 * Returns the number of non-empty spans; unused entries are set to NULL/0. */
int ilpc_ring_spans(const ilpc_ring *r, size_t off, size_t n, uint8_t *p[2], size_t len[2]);
/* Copy n bytes into logical offset off (off+n <= cap); len is unchanged. */
void ilpc_ring_write_at(ilpc_ring *r, size_t off, const void *src, size_t n);
/* Copy n bytes from logical offset off (off+n <= cap). */
void ilpc_ring_read_at(const ilpc_ring *r, size_t off, void *dst, size_t n);
/* len += n (n <= space): bytes written beyond len become readable. */
void ilpc_ring_produce(ilpc_ring *r, size_t n);
/* Drop n (<= len) bytes at the head. */
void ilpc_ring_consume(ilpc_ring *r, size_t n);
/* Append up to n bytes; returns the number appended. */
size_t ilpc_ring_push(ilpc_ring *r, const void *src, size_t n);
/* Remove up to n bytes into dst; returns the number removed. */
size_t ilpc_ring_pop(ilpc_ring *r, void *dst, size_t n);
/* When empty, move head back to storage index 0 (fewer wrapped spans). */
void ilpc_ring_rewind_if_empty(ilpc_ring *r);

#endif
