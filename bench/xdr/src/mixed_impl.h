/* mixed_impl.h - the message of bench_mixed.c in a neutral form, and what each
 * implementation's glue (mixed_<impl>.c) provides.  The *_once functions are used
 * to verify, the *_loop functions are timed. */
#ifndef MIXED_IMPL_H
#define MIXED_IMPL_H

#include <stddef.h>
#include <stdint.h>

typedef struct mixed_msg {
    uint32_t id, seq;
    int32_t offset, delta;
    uint32_t flags;
    int urgent;
    int color;                 /* 0, 1, 2 or 7 */
    uint32_t user_len;
    char user[65];
    uint32_t host_len;
    char host[65];
    uint32_t payload_len;
    uint8_t payload[1024];
    uint8_t digest[16];
    int has_ttl;
    int32_t ttl;
} mixed_msg;

#define MIXED_DECLARE(X)                                                      \
    void X##_mixed_setup(const mixed_msg *m);                                 \
    size_t X##_mixed_encode_once(uint8_t *out, size_t cap);                   \
    void X##_mixed_decode_once(const uint8_t *in, size_t len, mixed_msg *m);  \
    void X##_mixed_set_input(const uint8_t *in, size_t len);                  \
    uint64_t X##_mixed_enc_loop(uint64_t n);                                  \
    uint64_t X##_mixed_dec_loop(uint64_t n);

MIXED_DECLARE(ilpc)
MIXED_DECLARE(rpcgen)
MIXED_DECLARE(hand)

#define MIXED_BUF 2048

#endif
