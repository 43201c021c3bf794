/* int20_hand.c - drives the hand-written codec of hand_int20.c.  Int20 and
 * Int20Arr have the same encoding, so the same two functions serve both. */
#include "hand_int20.h"

#include "bench_common.h"
#include "int20_impl.h"

static int32_t val[20];
static int32_t val_arr[20];
static uint8_t out[256] BENCH_ALIGNED(64);
static uint8_t in[256] BENCH_ALIGNED(64);
static size_t in_len;

void hand_int20_setup(const int32_t v[20])
{
    memcpy(val, v, sizeof val);
    memcpy(val_arr, v, sizeof val_arr);
}

size_t hand_int20_encode_once(int arr, uint8_t *o, size_t cap)
{
    size_t len = 0;
    if (hand_int20_encode(arr ? val_arr : val, o, cap, &len) != 0)
        bench_fail("hand: encode failed");
    return len;
}

void hand_int20_decode_once(int arr, const uint8_t *i, size_t len, int32_t v[20])
{
    (void)arr;
    if (hand_int20_decode(v, i, len) != 0)
        bench_fail("hand: decode failed");
}

void hand_int20_set_input(const uint8_t *i, size_t len)
{
    memcpy(in, i, len);
    in_len = len;
}

uint64_t hand_int20_enc_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        size_t len;
        val[7] = (int32_t)i;
        if (hand_int20_encode(val, out, sizeof out, &len) != 0)
            bench_fail("hand: encode failed in loop");
        acc += len + out[31];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t hand_int20arr_enc_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        size_t len;
        val_arr[7] = (int32_t)i;
        if (hand_int20_encode(val_arr, out, sizeof out, &len) != 0)
            bench_fail("hand: encode failed in loop");
        acc += len + out[31];
        BENCH_BARRIER();
    }
    return acc;
}

static uint64_t dec_loop(uint64_t n)
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        int32_t d[20];
        bench_put_be32(in + 28, (uint32_t)i);
        if (hand_int20_decode(d, in, in_len) != 0)
            bench_fail("hand: decode failed in loop");
        acc += (uint32_t)d[7] + (uint32_t)d[i & 15];
        BENCH_BARRIER();
    }
    return acc;
}

uint64_t hand_int20_dec_loop(uint64_t n) { return dec_loop(n); }
uint64_t hand_int20arr_dec_loop(uint64_t n) { return dec_loop(n); }
