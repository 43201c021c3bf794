/* ilpc_transport_mem.c - an in-process pair of segment queues.
 * Each end's send appends a copy of the segment to the other end's receive
 * queue; used by the unit tests (one end is driven by hand) and by the
 * network simulator (usually wrapped in the impairment layer). */
#include "ilpc_tcp.h"
#include "ilpc_transport.h"
#include "ilpc_clock.h"

#include <stdlib.h>
#include <string.h>

typedef struct mem_pkt {
    struct mem_pkt *next;
    uint32_t src, dst;
    size_t len;
    uint8_t data[];
} mem_pkt;

typedef struct mem_end {
    ilpc_transport base;
    struct mem_end *peer;
    mem_pkt *head, *tail;
    size_t qlen, qlimit;
    uint64_t overflows;
} mem_end;

static int mem_send(ilpc_transport *t, uint32_t src, uint32_t dst, const ilpc_path *to, const ilpc_iov *iov,
                    int iovcnt)
{
    mem_end *e = (mem_end *)t, *p = e->peer;
    (void)to;
    size_t len = 0, off = 0;
    mem_pkt *pk;
    int i;
    for (i = 0; i < iovcnt; i++)
        len += iov[i].len;
    if (len > t->max_seg)
        return ILPC_E_INVAL;
    if (!p)
        return ILPC_OK; /* peer gone: the wire drops it */
    if (p->qlen >= p->qlimit) {
        e->overflows++;
        return ILPC_OK;
    }
    pk = malloc(sizeof *pk + len);
    if (!pk)
        return ILPC_E_NOMEM;
    pk->next = NULL;
    pk->src = src;
    pk->dst = dst;
    pk->len = len;
    for (i = 0; i < iovcnt; i++) {
        if (iov[i].len)
            memcpy(pk->data + off, iov[i].base, iov[i].len);
        off += iov[i].len;
    }
    if (p->tail)
        p->tail->next = pk;
    else
        p->head = pk;
    p->tail = pk;
    p->qlen++;
    return ILPC_OK;
}

static int mem_recv(ilpc_transport *t, uint32_t *src, uint32_t *dst, ilpc_path *from, uint8_t *buf, size_t cap)
{
    mem_end *e = (mem_end *)t;
    for (;;) {
        mem_pkt *pk = e->head;
        int n;
        if (!pk)
            return 0;
        e->head = pk->next;
        if (!e->head)
            e->tail = NULL;
        e->qlen--;
        if (pk->len > cap || pk->len == 0) {
            free(pk);
            continue;
        }
        memcpy(buf, pk->data, pk->len);
        *src = pk->src;
        *dst = pk->dst;
        ilpc_path_of_addresses(from, pk->src, pk->dst);
        n = (int)pk->len;
        free(pk);
        return n;
    }
}

static int mem_fd(ilpc_transport *t)
{
    (void)t;
    return -1;
}

static uint64_t mem_next_deadline(ilpc_transport *t)
{
    /* queued input is due now */
    return ((mem_end *)t)->head ? 0 : ILPC_TIME_NEVER;
}

static void mem_destroy(ilpc_transport *t)
{
    mem_end *e = (mem_end *)t;
    mem_pkt *pk = e->head;
    while (pk) {
        mem_pkt *n = pk->next;
        free(pk);
        pk = n;
    }
    if (e->peer)
        e->peer->peer = NULL;
    free(e);
}

static const ilpc_transport_ops mem_ops = {
    "mem", mem_send, mem_recv, mem_fd, mem_next_deadline, NULL, mem_destroy, NULL, NULL, NULL,
};

int ilpc_transport_mem_pair(uint32_t ip_a, uint32_t ip_b, size_t max_seg, size_t qlimit, ilpc_transport **a,
                            ilpc_transport **b)
{
    mem_end *x = calloc(1, sizeof *x), *y = calloc(1, sizeof *y);
    if (!x || !y) {
        free(x);
        free(y);
        return ILPC_E_NOMEM;
    }
    if (max_seg == 0)
        max_seg = 1480;
    if (max_seg > ((size_t)16 << 20))
        max_seg = (size_t)16 << 20; /* jumbo segments (RFC 2675 style) up to 16 MiB */
    if (qlimit == 0)
        qlimit = 1024;
    x->base.ops = y->base.ops = &mem_ops;
    x->base.local_ip = ip_a;
    y->base.local_ip = ip_b;
    x->base.max_seg = y->base.max_seg = max_seg;
    x->qlimit = y->qlimit = qlimit;
    x->peer = y;
    y->peer = x;
    *a = &x->base;
    *b = &y->base;
    return ILPC_OK;
}

uint64_t ilpc_transport_mem_overflows(const ilpc_transport *t)
{
    return ((const mem_end *)t)->overflows;
}
