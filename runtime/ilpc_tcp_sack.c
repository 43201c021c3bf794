/* ilpc_tcp_sack.c - the sender's SACK scoreboard (ilpc_tcp_sack.h). */
#include "ilpc_tcp_sack.h"

#include <string.h>

static void sb_insert(sack_board *sb, uint32_t s, uint32_t e)
{
    unsigned i = 0, j;
    while (i < sb->n && seq_lt(sb->r[i].end, s))
        i++;
    j = i;
    while (j < sb->n && seq_le(sb->r[j].start, e)) {
        if (seq_lt(sb->r[j].start, s))
            s = sb->r[j].start;
        if (seq_gt(sb->r[j].end, e))
            e = sb->r[j].end;
        j++;
    }
    if (j == i) {
        if (sb->n == TCP_SB_MAX) {
            if (i == sb->n)
                return; /* full: keep the lower ranges, they matter first */
            sb->n--;    /* drop the highest */
        }
        memmove(&sb->r[i + 1], &sb->r[i], (sb->n - i) * sizeof sb->r[0]);
        sb->n++;
    } else {
        memmove(&sb->r[i + 1], &sb->r[j], (sb->n - j) * sizeof sb->r[0]);
        sb->n -= j - i - 1;
    }
    sb->r[i].start = s;
    sb->r[i].end = e;
}

static uint32_t sb_total(const sack_board *sb)
{
    uint32_t t = 0;
    unsigned i;
    for (i = 0; i < sb->n; i++)
        t += sb->r[i].end - sb->r[i].start;
    return t;
}

uint32_t ilpc__sack_update(sack_board *sb, const ilpc_seg *sg, uint32_t una, uint32_t top, unsigned *blocks)
{
    unsigned k;
    uint32_t before = sb_total(sb), after;
    *blocks = 0;
    for (k = 0; k < sg->nsack; k++) {
        uint32_t s = sg->sack[k][0], e = sg->sack[k][1];
        /* valid: non-empty, above the cumulative ACK (a block at or below
         * it is a D-SACK or garbage) and within what was sent */
        if (!seq_lt(s, e) || !seq_gt(s, sg->ack) || !seq_gt(s, una) || seq_gt(e, top))
            continue;
        (*blocks)++;
        sb_insert(sb, s, e);
    }
    after = sb_total(sb);
    return after > before ? after - before : 0;
}

int ilpc__sack_trim(sack_board *sb, uint32_t una)
{
    unsigned i = 0;
    while (i < sb->n && seq_le(sb->r[i].end, una))
        i++;
    if (i) {
        memmove(&sb->r[0], &sb->r[i], (sb->n - i) * sizeof sb->r[0]);
        sb->n -= i;
    }
    if (sb->n && seq_le(sb->r[0].start, una)) {
        /* the cumulative ACK stopped at or inside SACKed data: the receiver
         * dropped what it had SACKed (reneging); forget it all */
        sb->n = 0;
        return 1;
    }
    return 0;
}

int ilpc__sack_is_lost(const sack_board *sb, uint32_t seq, const sack_loss *l)
{
    uint32_t above = 0, seglen;
    unsigned n = 0, i;
    for (i = sb->n; i-- > 0;) {
        if (seq_le(sb->r[i].end, seq))
            break;
        above += sb->r[i].end - (seq_gt(sb->r[i].start, seq) ? sb->r[i].start : seq);
        n++;
    }
    if (n >= TCP_DUPTHRESH || above >= (TCP_DUPTHRESH - 1) * l->smss + 1)
        return 1;
    seglen = ilpc__desc_len_at(l->desc, seq);
    if (seglen && above >= TCP_DUPTHRESH * seglen)
        return 1;
    /* time (RFC 8985 in spirit): data above it was SACKed and it was sent
     * longer than an RTT plus a reordering allowance ago */
    if (n) {
        uint64_t x = ilpc__desc_xmit_at(l->desc, seq);
        if (x && l->now >= x + l->reo)
            return 1;
    }
    return 0;
}

/* Walk the holes from `from` upwards while they are lost: the first one's
 * start and length, and the total of their lengths. */
static int lost_holes(const sack_board *sb, uint32_t from, const sack_loss *l, uint32_t *first,
                      uint32_t *first_len, uint32_t *total)
{
    uint32_t x = from;
    unsigned i;
    int found = 0;
    *total = 0;
    for (i = 0; i < sb->n; i++) {
        const sack_range *b = &sb->r[i];
        if (seq_le(b->end, x))
            continue;
        if (seq_lt(x, b->start)) {
            if (!ilpc__sack_is_lost(sb, x, l))
                break;
            if (!found) {
                *first = x;
                *first_len = b->start - x;
                found = 1;
            }
            *total += b->start - x;
        }
        x = b->end;
    }
    return found;
}

int ilpc__sack_next_lost(const sack_board *sb, uint32_t from, const sack_loss *l, uint32_t *seq, uint32_t *len)
{
    uint32_t total;
    return lost_holes(sb, from, l, seq, len, &total);
}

uint32_t ilpc__sack_pipe(const sack_board *sb, uint32_t una, uint32_t max, uint32_t from, const sack_loss *l)
{
    uint32_t flight = max - una, s = sb_total(sb), f = 0, fl = 0, lost = 0;
    lost_holes(sb, from, l, &f, &fl, &lost);
    if (s + lost >= flight)
        return 0;
    return flight - s - lost;
}

uint32_t ilpc__sack_skip(const sack_board *sb, uint32_t seq)
{
    unsigned i;
    for (i = 0; i < sb->n; i++) {
        if (seq_lt(seq, sb->r[i].start))
            break;
        if (seq_lt(seq, sb->r[i].end))
            return sb->r[i].end;
    }
    return seq;
}
