/* ilpc_clock.h - injectable clock for the user-level TCP.
 *
 * Every time value in the runtime is a uint64_t count of nanoseconds from an
 * arbitrary origin.  A stack reads time only through an ilpc_clock, so a test
 * can substitute a virtual clock and run a whole network simulation
 * deterministically, independent of the machine's speed.
 */
#ifndef ILPC_CLOCK_H
#define ILPC_CLOCK_H

#include <stdint.h>

#define ILPC_NS_PER_US 1000ull
#define ILPC_NS_PER_MS 1000000ull
#define ILPC_NS_PER_S 1000000000ull
#define ILPC_TIME_NEVER UINT64_MAX

typedef struct ilpc_clock ilpc_clock;
struct ilpc_clock {
    uint64_t (*now_fn)(ilpc_clock *clk); /* NULL: virtual clock, reads vnow */
    uint64_t vnow;                       /* current virtual time */
};

/* Real monotonic clock (CLOCK_MONOTONIC). */
void ilpc_clock_init_real(ilpc_clock *clk);
/* Virtual clock starting at start_ns; it moves only by ilpc_clock_set/advance. */
void ilpc_clock_init_virtual(ilpc_clock *clk, uint64_t start_ns);
/* A process-wide real clock, used when a stack is created without a clock. */
ilpc_clock *ilpc_clock_default(void);

static inline int ilpc_clock_is_virtual(const ilpc_clock *clk) { return clk->now_fn == 0; }
static inline uint64_t ilpc_clock_now(ilpc_clock *clk)
{
    return clk->now_fn ? clk->now_fn(clk) : clk->vnow;
}
/* Virtual clocks only; time never goes backwards (smaller values are ignored). */
void ilpc_clock_set(ilpc_clock *clk, uint64_t t_ns);
void ilpc_clock_advance(ilpc_clock *clk, uint64_t dt_ns);

#endif
