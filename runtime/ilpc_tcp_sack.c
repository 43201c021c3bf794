/* ilpc_tcp_sack.c - the sender's SACK scoreboard (RFC 2018) and the parts
 * of RFC 6675 (A Conservative Loss Recovery Algorithm Based on Selective
 * Acknowledgment (SACK) for TCP) that work on it: IsLost, the pipe
 * estimate and NextSeg's rule 1 (the next lost hole).  The output side
 * (ilpc_tcp_output.c) drives the recovery with these.
 *
 * The scoreboard is a sorted list of disjoint SACKed ranges inside
 * (SND.UNA, SND.MAX]; the holes are the gaps below its highest range
 * (HighACK).  A hole counts as lost (IsLost) when at least DupThresh SACKed
 * ranges lie above it, or at least (DupThresh - 1) * SMSS + 1 SACKed bytes,
 * or DupThresh times the length of the segment at the hole (messages much
 * smaller than the MSS: "DupThresh segments like this one arrived after
 * it").  Lost holes form a prefix of the holes, so the walks below stop at
 * the first hole that is not lost. */
#include "ilpc_tcp_internal.h"

#include <string.h>

static void sb_insert(ilpc_tcp *c, uint32_t s, uint32_t e)
{
    unsigned i = 0, j;
    while (i < c->sb_n && seq_lt(c->sb[i].end, s))
        i++;
    j = i;
    while (j < c->sb_n && seq_le(c->sb[j].start, e)) {
        if (seq_lt(c->sb[j].start, s))
            s = c->sb[j].start;
        if (seq_gt(c->sb[j].end, e))
            e = c->sb[j].end;
        j++;
    }
    if (j == i) {
        if (c->sb_n == TCP_SB_MAX) {
            if (i == c->sb_n)
                return; /* full: keep the lower ranges, they matter first */
            c->sb_n--;  /* drop the highest */
        }
        memmove(&c->sb[i + 1], &c->sb[i], (c->sb_n - i) * sizeof c->sb[0]);
        c->sb_n++;
    } else {
        memmove(&c->sb[i + 1], &c->sb[j], (c->sb_n - j) * sizeof c->sb[0]);
        c->sb_n -= j - i - 1;
    }
    c->sb[i].start = s;
    c->sb[i].end = e;
}

static uint32_t sb_total(const ilpc_tcp *c)
{
    uint32_t t = 0;
    unsigned i;
    for (i = 0; i < c->sb_n; i++)
        t += c->sb[i].end - c->sb[i].start;
    return t;
}

uint32_t ilpc__sack_update(ilpc_tcp *c, const ilpc_seg *sg)
{
    unsigned k;
    uint32_t top = c->snd_max, before = sb_total(c), after;
    if (c->fin_queued && seq_gt(top, tx_end(c)))
        top = tx_end(c); /* the FIN is not data: never SACKed */
    for (k = 0; k < sg->nsack; k++) {
        uint32_t s = sg->sack[k][0], e = sg->sack[k][1];
        /* valid: non-empty, above the cumulative ACK (a block at or below
         * it is a D-SACK or garbage) and within what was sent */
        if (!seq_lt(s, e) || !seq_gt(s, sg->ack) || !seq_gt(s, c->snd_una) || seq_gt(e, top))
            continue;
        TSTAT(c, sack_blocks_in);
        sb_insert(c, s, e);
    }
    after = sb_total(c);
    return after > before ? after - before : 0;
}

void ilpc__sack_trim(ilpc_tcp *c)
{
    unsigned i = 0;
    while (i < c->sb_n && seq_le(c->sb[i].end, c->snd_una))
        i++;
    if (i) {
        memmove(&c->sb[0], &c->sb[i], (c->sb_n - i) * sizeof c->sb[0]);
        c->sb_n -= i;
    }
    if (c->sb_n && seq_le(c->sb[0].start, c->snd_una)) {
        /* the cumulative ACK stopped at or inside SACKed data: the receiver
         * dropped what it had SACKed (reneging); forget it all */
        c->sb_n = 0;
        TSTAT(c, sack_reneged);
    }
}

int ilpc__sack_is_lost(const ilpc_tcp *c, uint32_t seq)
{
    uint32_t above = 0, seglen;
    unsigned n = 0, i;
    for (i = c->sb_n; i-- > 0;) {
        if (seq_le(c->sb[i].end, seq))
            break;
        above += c->sb[i].end - (seq_gt(c->sb[i].start, seq) ? c->sb[i].start : seq);
        n++;
    }
    if (n >= TCP_DUPTHRESH || above >= (TCP_DUPTHRESH - 1) * c->snd_mss + 1)
        return 1;
    seglen = ilpc__desc_len_at(c, seq);
    if (seglen && above >= TCP_DUPTHRESH * seglen)
        return 1;
    /* time (RFC 8985 in spirit): data above it was SACKed and it was sent
     * longer than an RTT plus a reordering allowance ago */
    if (n) {
        uint64_t x = ilpc__desc_xmit_at(c, seq);
        if (x && ilpc__tcp_now(c) >= x + ilpc__sack_reo_timeout(c))
            return 1;
    }
    return 0;
}

uint64_t ilpc__sack_reo_timeout(const ilpc_tcp *c)
{
    uint64_t srtt = c->have_rtt ? c->srtt : c->rto, slack = srtt / 4;
    if (slack < ILPC_NS_PER_MS)
        slack = ILPC_NS_PER_MS;
    return srtt + slack;
}

void ilpc__sack_arm_probe(ilpc_tcp *c)
{
    uint64_t now, at;
    if (c->sack_rec || c->rxt_at != NEVER || c->snd_una == c->snd_max || c->state < ILPC_TCP_ESTABLISHED)
        return;
    now = ilpc__tcp_now(c);
    if (c->sb_n) {
        /* reordering timer: when the hole at snd_una turns lost by time */
        uint64_t x = ilpc__desc_xmit_at(c, c->snd_una);
        at = (x ? x : now) + ilpc__sack_reo_timeout(c);
    } else if (!c->tlp_done) {
        /* PTO = 2 SRTT, plus the peer's delayed-ACK allowance when a lone
         * segment is in flight */
        uint64_t pto = c->have_rtt ? 2 * c->srtt : c->rto;
        if (c->snd_max - c->snd_una <= c->snd_mss)
            pto += c->cfg.ack_delay_ns;
        if (pto < 2 * ILPC_NS_PER_MS)
            pto = 2 * ILPC_NS_PER_MS;
        at = now + pto;
    } else {
        return;
    }
    if (at < c->rto_at)
        c->rxt_at = at;
}

/* Walk the holes from max(high_rxt, snd_una) upwards while they are lost:
 * the first one's start and length, and the total of their lengths. */
static int lost_holes(const ilpc_tcp *c, uint32_t *first, uint32_t *first_len, uint32_t *total)
{
    uint32_t x = seq_gt(c->high_rxt, c->snd_una) && c->sack_rec ? c->high_rxt : c->snd_una;
    unsigned i;
    int found = 0;
    *total = 0;
    for (i = 0; i < c->sb_n; i++) {
        const sack_range *b = &c->sb[i];
        if (seq_le(b->end, x))
            continue;
        if (seq_lt(x, b->start)) {
            if (!ilpc__sack_is_lost(c, x))
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

int ilpc__sack_next_lost(const ilpc_tcp *c, uint32_t *seq, uint32_t *len)
{
    uint32_t total;
    return lost_holes(c, seq, len, &total);
}

/* RFC 6675 SetPipe, by bytes: everything outstanding, less what is SACKed,
 * less the lost holes not yet retransmitted (retransmitted ones count once,
 * as in flight). */
uint32_t ilpc__sack_pipe(const ilpc_tcp *c)
{
    uint32_t flight = c->snd_max - c->snd_una, s = sb_total(c), f = 0, fl = 0, lost = 0;
    lost_holes(c, &f, &fl, &lost);
    if (s + lost >= flight)
        return 0;
    return flight - s - lost;
}

uint32_t ilpc__sack_skip(const ilpc_tcp *c, uint32_t seq)
{
    unsigned i;
    for (i = 0; i < c->sb_n; i++) {
        if (seq_lt(seq, c->sb[i].start))
            break;
        if (seq_lt(seq, c->sb[i].end))
            return c->sb[i].end;
    }
    return seq;
}

/* A lost retransmission is a new congestion signal: halve again. */
static void lost_rxt_cwnd(ilpc_tcp *c)
{
    if (!c->cfg.congestion_control)
        return;
    c->cwnd = c->cwnd / 2 > 2 * c->snd_mss ? c->cwnd / 2 : 2 * c->snd_mss;
    c->ssthresh = c->cwnd;
}

void ilpc__sack_check_lost_rxt(ilpc_tcp *c)
{
    uint32_t x, len;
    if (!c->sack_rec || !c->sb_n || !seq_gt(c->high_rxt, c->snd_una))
        return;
    if (!seq_gt(c->sb[c->sb_n - 1].end, c->rxt_mark))
        return;
    /* is there still a hole below high_rxt? */
    x = c->snd_una;
    if (seq_lt(x, c->sb[0].start) && seq_lt(x, c->high_rxt)) {
        lost_rxt_cwnd(c);
        c->high_rxt = c->snd_una;
        c->rxt_mark = c->snd_max;
        c->rescue_done = 0;
        TSTAT(c, sack_lost_rxt);
    }
    (void)len;
}

void ilpc__sack_arm_rxt(ilpc_tcp *c)
{
    uint64_t srtt = c->have_rtt ? c->srtt : c->rto, slack = srtt / 4;
    if (slack < 2 * ILPC_NS_PER_MS)
        slack = 2 * ILPC_NS_PER_MS;
    /* doubled for every restart that brought no ACK progress, so a dead
     * peer sees a few rounds before the RTO, not a storm */
    c->rxt_at = ilpc__tcp_now(c) + ((srtt + slack) << (c->rxt_shift < 8 ? c->rxt_shift : 8));
}

void ilpc__sack_rxt_timeout(ilpc_tcp *c)
{
    c->rxt_at = NEVER;
    if (c->snd_una == c->snd_max || c->state < ILPC_TCP_ESTABLISHED)
        return;
    if (!c->sack_rec) {
        if (c->sb_n && ilpc__sack_is_lost(c, c->snd_una)) {
            ilpc__tcp_enter_recovery(c);
        } else if (!c->tlp_done && !c->sb_n) {
            c->tlp_done = 1;
            c->tlp_pending = 1;
            TSTAT(c, tlp_probes);
        }
        return;
    }
    lost_rxt_cwnd(c);
    c->rxt_shift++;
    c->high_rxt = c->snd_una;
    c->rxt_mark = c->snd_max;
    c->rescue_done = 0;
    c->fast_rexmit_pending = 1; /* the hole at snd_una first, SACKed or not */
    TSTAT(c, sack_lost_rxt);
}
