/* ilpc_tcp_sack.h - the sender's SACK scoreboard (RFC 2018) and the parts
 * of RFC 6675 (A Conservative Loss Recovery Algorithm Based on Selective
 * Acknowledgment (SACK) for TCP) that are questions to it: IsLost, the pipe
 * estimate and NextSeg's rule 1 (the next lost hole).
 *
 * A leaf of the runtime: a data structure over sequence numbers.  Its
 * functions take the scoreboard and what they weigh (the cumulative ACK,
 * the MSS, the segment descriptors, the time) as parameters; what the
 * connection does with the answers (entering recovery, retransmitting,
 * arming timers) is the connection's (ilpc_tcp.c, ilpc_tcp_output.c,
 * ilpc_tcp_input.c, ilpc_tcp_timer.c).
 *
 * The scoreboard is a sorted list of disjoint SACKed ranges inside
 * (SND.UNA, SND.MAX]; the holes are the gaps below its highest range
 * (HighACK).  A hole counts as lost (IsLost) when at least DupThresh SACKed
 * ranges lie above it, or at least (DupThresh - 1) * SMSS + 1 SACKed bytes,
 * or DupThresh times the length of the segment at the hole (messages much
 * smaller than the MSS: "DupThresh segments like this one arrived after
 * it"), or when data above it was SACKed and it was sent longer ago than
 * the reordering allowance (RFC 8985 in spirit).  Lost holes form a prefix
 * of the holes, so the walks stop at the first hole that is not lost. */
#ifndef ILPC_TCP_SACK_H
#define ILPC_TCP_SACK_H

#include "ilpc_tcp_desc.h"
#include "ilpc_tcp_wire.h"

#include <stdint.h>

#define TCP_SB_MAX 32u       /* scoreboard ranges kept by the sender */
#define TCP_DUPTHRESH 3u

typedef struct sack_range {
    uint32_t start, end; /* sequence numbers, snd_una < start < end <= snd_max */
} sack_range;

typedef struct sack_board {
    sack_range r[TCP_SB_MAX]; /* sorted, disjoint */
    unsigned n;
} sack_board;

/* What IsLost weighs besides the scoreboard. */
typedef struct sack_loss {
    uint32_t smss;         /* the sender's MSS */
    const tx_descq *desc;  /* the segments as sent: their lengths and send times */
    uint64_t now;
    uint64_t reo;          /* the reordering allowance */
} sack_loss;

/* Add the valid SACK blocks of sg: non-empty, above both sg's cumulative ACK
 * and una, and ending at or below top.  Returns the bytes newly SACKed;
 * *blocks is the number of blocks taken. */
uint32_t ilpc__sack_update(sack_board *sb, const ilpc_seg *sg, uint32_t una, uint32_t top, unsigned *blocks);
/* Drop what is at or below una.  1 if the cumulative ACK stopped at or
 * inside SACKed data (the receiver reneged): then the scoreboard is
 * emptied. */
int ilpc__sack_trim(sack_board *sb, uint32_t una);
/* IsLost(seq), for a seq in a hole. */
int ilpc__sack_is_lost(const sack_board *sb, uint32_t seq, const sack_loss *l);
/* The first lost hole at or above from: 1 and its start and length, or 0. */
int ilpc__sack_next_lost(const sack_board *sb, uint32_t from, const sack_loss *l, uint32_t *seq, uint32_t *len);
/* RFC 6675 SetPipe, by bytes: everything in (una, max], less what is SACKed,
 * less the lost holes at or above from (those below it, retransmitted,
 * count once, as in flight). */
uint32_t ilpc__sack_pipe(const sack_board *sb, uint32_t una, uint32_t max, uint32_t from, const sack_loss *l);
/* If seq is inside a SACKed range, the end of that range, else seq. */
uint32_t ilpc__sack_skip(const sack_board *sb, uint32_t seq);

#endif
