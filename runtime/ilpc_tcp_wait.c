/* ilpc_tcp_wait.c - blocking helpers: drive the connection's stack through
 * its public poll/wait calls until a condition of the connection holds. */
#include "ilpc_tcp_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------ blocking helpers */

typedef int (*wait_cond)(ilpc_tcp *c, size_t arg);

static int wait_for(ilpc_tcp *c, wait_cond cond, size_t arg, uint64_t timeout_ns)
{
    ilpc_stack *s = c->stack;
    uint64_t start = ilpc_stack_now(s);
    uint64_t deadline = timeout_ns == NEVER || start + timeout_ns < start ? NEVER : start + timeout_ns;
    for (;;) {
        int r;
        uint64_t now;
        ilpc_stack_poll(s, ilpc_stack_now(s));
        r = cond(c, arg);
        if (r <= 0)
            return r;
        now = ilpc_stack_now(s);
        if (now >= deadline)
            return ILPC_E_TIMEDOUT;
        if (ilpc_clock_is_virtual(ilpc_stack_clock(s)) && deadline == NEVER && ilpc_stack_next_deadline_ns(s) == NEVER)
            return ILPC_E_TIMEDOUT; /* nothing can ever happen */
        ilpc_stack_wait(s, deadline);
    }
}

static int cond_established(ilpc_tcp *c, size_t arg)
{
    (void)arg;
    if (c->state >= ILPC_TCP_ESTABLISHED)
        return 0;
    if (c->err)
        return c->err;
    return c->state == ILPC_TCP_CLOSED ? ILPC_E_CLOSED : 1;
}

static int cond_readable(ilpc_tcp *c, size_t arg)
{
    (void)arg;
    if (c->rx.len || c->fin_rcvd)
        return 0;
    if (c->err)
        return c->err;
    return c->state == ILPC_TCP_CLOSED ? ILPC_E_NOTCONN : 1;
}

static int cond_writable(ilpc_tcp *c, size_t need)
{
    int st = ilpc__tcp_send_status(c);
    if (st && st != ILPC_E_AGAIN)
        return st;
    if (need > ilpc_ring_cap(&c->tx))
        return ILPC_E_MSGSIZE;
    return st == ILPC_OK && ilpc_ring_space(&c->tx) >= need ? 0 : 1;
}

static int cond_sent(ilpc_tcp *c, size_t arg)
{
    (void)arg;
    if (c->err)
        return c->err;
    if (c->state >= ILPC_TCP_ESTABLISHED && c->tx.len == 0)
        return 0;
    return c->state == ILPC_TCP_CLOSED ? ILPC_E_NOTCONN : 1;
}

static int cond_closed(ilpc_tcp *c, size_t arg)
{
    (void)arg;
    if (c->state == ILPC_TCP_TIME_WAIT || c->state == ILPC_TCP_CLOSED)
        return c->err;
    return 1;
}

int ilpc_tcp_wait_established(ilpc_tcp *c, uint64_t t) { return wait_for(c, cond_established, 0, t); }
int ilpc_tcp_wait_readable(ilpc_tcp *c, uint64_t t) { return wait_for(c, cond_readable, 0, t); }
int ilpc_tcp_wait_writable(ilpc_tcp *c, size_t need, uint64_t t) { return wait_for(c, cond_writable, need, t); }
int ilpc_tcp_wait_sent(ilpc_tcp *c, uint64_t t) { return wait_for(c, cond_sent, 0, t); }
int ilpc_tcp_wait_closed(ilpc_tcp *c, uint64_t t) { return wait_for(c, cond_closed, 0, t); }

int ilpc_tcp_send_all(ilpc_tcp *c, const void *buf, size_t len, uint64_t timeout_ns)
{
    const uint8_t *p = buf;
    uint64_t start = ilpc_stack_now(c->stack);
    while (len) {
        ptrdiff_t r = ilpc_tcp_send(c, p, len);
        if (r > 0) {
            p += r;
            len -= (size_t)r;
            continue;
        }
        if (r != ILPC_E_AGAIN)
            return (int)r;
        {
            uint64_t el = ilpc_stack_now(c->stack) - start;
            int w;
            if (timeout_ns != NEVER && el >= timeout_ns)
                return ILPC_E_TIMEDOUT;
            w = ilpc_tcp_wait_writable(c, 1, timeout_ns == NEVER ? NEVER : timeout_ns - el);
            if (w)
                return w;
        }
    }
    return ILPC_OK;
}

int ilpc_tcp_recv_exact(ilpc_tcp *c, void *buf, size_t len, uint64_t timeout_ns)
{
    uint8_t *p = buf;
    uint64_t start = ilpc_stack_now(c->stack);
    while (len) {
        ptrdiff_t r = ilpc_tcp_recv(c, p, len);
        if (r > 0) {
            p += r;
            len -= (size_t)r;
            continue;
        }
        if (r == 0)
            return ILPC_E_CLOSED;
        if (r != ILPC_E_AGAIN)
            return (int)r;
        {
            uint64_t el = ilpc_stack_now(c->stack) - start;
            int w;
            if (timeout_ns != NEVER && el >= timeout_ns)
                return ILPC_E_TIMEDOUT;
            w = ilpc_tcp_wait_readable(c, timeout_ns == NEVER ? NEVER : timeout_ns - el);
            if (w)
                return w;
        }
    }
    return ILPC_OK;
}
