/* ilpc_tcp_desc.h - the send ring's segment descriptors.
 *
 * A message committed to the send ring is cut into descriptors of at most
 * one segment's payload each (ilpc_tcp_tx_commit); output sends a descriptor
 * as one segment when it can, with the payload sum stored at commit.  The
 * descriptors form a queue in sequence order, covering the unacknowledged
 * bytes of the ring without gaps.
 *
 * A leaf of the runtime: a data structure over sequence numbers, knowing
 * nothing of connections.  The SACK scoreboard (ilpc_tcp_sack.h) asks it for
 * segment lengths and send times, output and the API (ilpc_tcp_output.c,
 * ilpc_tcp_api.c) fill and read it, input trims it. */
#ifndef ILPC_TCP_DESC_H
#define ILPC_TCP_DESC_H

#include "ilpc_tcp_wire.h" /* sequence arithmetic */

#include <stddef.h>
#include <stdint.h>

/* One segment's worth of the send ring. */
typedef struct tx_desc {
    uint64_t xmit_ts; /* last (re)transmission, 0 = never sent */
    uint32_t seq;   /* first byte */
    uint32_t len;   /* <= seg_payload */
    uint16_t sum;   /* folded payload sum, valid if DESC_SUM */
    uint8_t flags;
} tx_desc;
#define DESC_SUM 0x01u      /* sum matches [seq, seq+len) */
#define DESC_HAD_SUM 0x02u  /* message was committed with sums_valid */
#define DESC_MSG_END 0x04u  /* last segment of a message: PSH */

/* The queue: a ring of cap (a power of two) descriptors from head. */
typedef struct tx_descq {
    tx_desc *d;
    size_t cap, head, cnt;
    size_t cur; /* cursor: index (from head) of the last looked-up descriptor */
} tx_descq;

/* Storage for cap (a power of two) descriptors: 0, or -1 when out of memory. */
int ilpc__desc_init(tx_descq *q, size_t cap);
void ilpc__desc_destroy(tx_descq *q);
/* Room for more descriptors than are queued: 0, or -1 when out of memory. */
int ilpc__desc_reserve(tx_descq *q, size_t more);
/* Append one (after ilpc__desc_reserve made room). */
void ilpc__desc_push(tx_descq *q, const tx_desc *d);
/* Drop descriptors wholly below upto; trim a partly acknowledged one (its
 * stored sum no longer matches its bytes). */
void ilpc__desc_ack(tx_descq *q, uint32_t upto);

static inline tx_desc *ilpc__desc_at(const tx_descq *q, size_t i)
{
    return &q->d[(q->head + i) & (q->cap - 1)];
}
/* The descriptor holding sequence number seq, which must be queued; a
 * forward walk from the cursor, for output's ascending sends. */
tx_desc *ilpc__desc_lookup(tx_descq *q, uint32_t seq);
/* Bytes of the descriptor holding seq (which must be queued), from seq on. */
uint32_t ilpc__desc_remaining(tx_descq *q, uint32_t seq);
/* The length of the descriptor whose bytes include seq, 0 if seq is not queued. */
uint32_t ilpc__desc_len_at(const tx_descq *q, uint32_t seq);
/* When the descriptor holding seq was last sent; 0 if not queued or never sent. */
uint64_t ilpc__desc_xmit_at(const tx_descq *q, uint32_t seq);

#endif
