/* ilpc_clock.c - real (CLOCK_MONOTONIC) and virtual clocks. */
#define _POSIX_C_SOURCE 200809L
#include "ilpc_clock.h"

#include <time.h>

static uint64_t real_now(ilpc_clock *clk)
{
    struct timespec ts;
    (void)clk;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * ILPC_NS_PER_S + (uint64_t)ts.tv_nsec;
}

void ilpc_clock_init_real(ilpc_clock *clk)
{
    clk->now_fn = real_now;
    clk->vnow = 0;
}

void ilpc_clock_init_virtual(ilpc_clock *clk, uint64_t start_ns)
{
    clk->now_fn = 0;
    clk->vnow = start_ns;
}

ilpc_clock *ilpc_clock_default(void)
{
    static ilpc_clock real = { real_now, 0 };
    return &real;
}

void ilpc_clock_set(ilpc_clock *clk, uint64_t t_ns)
{
    if (!clk->now_fn && t_ns > clk->vnow)
        clk->vnow = t_ns;
}

void ilpc_clock_advance(ilpc_clock *clk, uint64_t dt_ns)
{
    if (!clk->now_fn)
        clk->vnow += dt_ns;
}
