/* hand_int20.h - a hand-written XDR codec for twenty 32-bit ints (int v[20]):
 * what a careful C programmer writes without a stub compiler. */
#ifndef HAND_INT20_H
#define HAND_INT20_H

#include <stddef.h>
#include <stdint.h>

/* 0 on success, -1 when cap < 80. */
int hand_int20_encode(const int32_t v[20], uint8_t *buf, size_t cap, size_t *len);
/* 0 on success, -1 unless len == 80. */
int hand_int20_decode(int32_t v[20], const uint8_t *buf, size_t len);

#endif
