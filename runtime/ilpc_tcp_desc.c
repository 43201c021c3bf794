/* ilpc_tcp_desc.c - the send ring's segment descriptors (ilpc_tcp_desc.h). */
#include "ilpc_tcp_desc.h"

#include <stdlib.h>

int ilpc__desc_init(tx_descq *q, size_t cap)
{
    q->d = malloc(cap * sizeof *q->d);
    q->cap = cap;
    q->head = q->cnt = q->cur = 0;
    return q->d ? 0 : -1;
}

void ilpc__desc_destroy(tx_descq *q)
{
    free(q->d);
    q->d = NULL;
}

int ilpc__desc_reserve(tx_descq *q, size_t more)
{
    size_t need = q->cnt + more, cap = q->cap, i;
    tx_desc *nd;
    if (need <= cap)
        return 0;
    while (cap < need)
        cap *= 2;
    nd = malloc(cap * sizeof *nd);
    if (!nd)
        return -1;
    for (i = 0; i < q->cnt; i++)
        nd[i] = *ilpc__desc_at(q, i);
    free(q->d);
    q->d = nd;
    q->cap = cap;
    q->head = 0;
    return 0;
}

void ilpc__desc_push(tx_descq *q, const tx_desc *d)
{
    q->d[(q->head + q->cnt) & (q->cap - 1)] = *d;
    q->cnt++;
}

void ilpc__desc_ack(tx_descq *q, uint32_t upto)
{
    while (q->cnt) {
        tx_desc *d = ilpc__desc_at(q, 0);
        if (seq_le(d->seq + d->len, upto)) {
            q->head = (q->head + 1) & (q->cap - 1);
            q->cnt--;
            if (q->cur)
                q->cur--;
            continue;
        }
        if (seq_gt(upto, d->seq)) {
            uint32_t k = upto - d->seq;
            d->seq = upto;
            d->len -= k;
            d->flags &= (uint8_t)~DESC_SUM;
        }
        break;
    }
}

tx_desc *ilpc__desc_lookup(tx_descq *q, uint32_t seq)
{
    size_t i = q->cur;
    if (i >= q->cnt || seq_lt(seq, ilpc__desc_at(q, i)->seq))
        i = 0;
    while (i + 1 < q->cnt) {
        const tx_desc *d = ilpc__desc_at(q, i);
        if (seq_lt(seq, d->seq + d->len))
            break;
        i++;
    }
    q->cur = i;
    return ilpc__desc_at(q, i);
}

uint32_t ilpc__desc_remaining(tx_descq *q, uint32_t seq)
{
    const tx_desc *d = ilpc__desc_lookup(q, seq);
    return d->seq + d->len - seq;
}

/* The descriptor whose bytes include seq (binary search), or NULL. */
static const tx_desc *covering(const tx_descq *q, uint32_t seq)
{
    size_t lo = 0, hi = q->cnt;
    const tx_desc *d;
    if (!hi || seq_lt(seq, ilpc__desc_at(q, 0)->seq))
        return NULL;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (seq_le(ilpc__desc_at(q, mid)->seq, seq))
            lo = mid;
        else
            hi = mid;
    }
    d = ilpc__desc_at(q, lo);
    return seq_lt(seq, d->seq + d->len) ? d : NULL;
}

uint32_t ilpc__desc_len_at(const tx_descq *q, uint32_t seq)
{
    const tx_desc *d = covering(q, seq);
    return d ? d->len : 0;
}

uint64_t ilpc__desc_xmit_at(const tx_descq *q, uint32_t seq)
{
    const tx_desc *d = covering(q, seq);
    return d ? d->xmit_ts : 0;
}
