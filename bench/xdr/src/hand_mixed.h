/* hand_mixed.h - a hand-written XDR codec for BenchMixed.Mixed: what a careful C
 * programmer writes without a stub compiler.  It validates what ilpc validates
 * (SIZE bounds, 7-bit IA5 characters, ENUMERATED values, booleans and presence
 * words of 0/1, zero padding, no trailing bytes), so the comparison with ilpc is
 * for the same work, and it decodes into malloc'd strings as ilpc does. */
#ifndef HAND_MIXED_H
#define HAND_MIXED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct hand_mixed {
    uint32_t id;
    uint32_t seq;
    int32_t offset;
    int32_t delta;
    uint32_t flags;
    bool urgent;
    int32_t color;         /* 0, 1, 2 or 7 */
    uint32_t user_len;     /* <= 64 */
    char *user;            /* decoding appends a NUL */
    uint32_t host_len;     /* <= 64 */
    char *host;
    uint32_t payload_len;  /* <= 1024 */
    uint8_t *payload;
    uint8_t digest[16];
    bool has_ttl;
    int32_t ttl;
} hand_mixed;

enum { HAND_OK = 0, HAND_E_SHORT = -1, HAND_E_TRUNC = -2, HAND_E_BOOL = -3,
       HAND_E_ENUM = -5, HAND_E_SIZE = -7, HAND_E_PAD = -8, HAND_E_TRAILING = -9,
       HAND_E_NOMEM = -10, HAND_E_ALPHABET = -13, HAND_E_NULL = -14 };

int hand_mixed_encode(const hand_mixed *v, uint8_t *buf, size_t cap, size_t *len);
/* On failure nothing stays allocated. */
int hand_mixed_decode(hand_mixed *v, const uint8_t *buf, size_t len);
void hand_mixed_free(hand_mixed *v);

#endif
