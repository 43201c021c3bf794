/* xdr_impl.h - what one implementation of the benchmark's messages provides to the
 * driver (bench_xdr.c), and the macros that write the repetitive parts of it.
 *
 * An implementation X (ilpc, rpcgen, hand, ...) lives in impl_X.c and provides, for
 * every message M of BENCH_MESSAGES, the functions of BENCH_IMPL_DECLARE(X, M):
 *
 *   X_M_setup(value)          takes the message's neutral value (int32_t[20] for
 *                             int20/int20arr, mixed_msg for mixed) into its own type
 *   X_M_encode_once(out, cap) encodes the value set up; returns the length
 *   X_M_decode_once(in, len, value)  decodes into the neutral form
 *   X_M_set_input(in, len)    the encoding the decode loop works on
 *   X_M_enc_loop(n), X_M_dec_loop(n)  the timed loops (BENCH_LOOP)
 *
 * Adding an implementation is writing its impl_X.c and adding X to BENCH_IMPLS below;
 * run.py compiles and links every impl_*.c.  The codecs themselves always live in other
 * translation units than the loops (ilpc's stubs in lib<spec>.a, rpcgen's in
 * <spec>_xdr.c + libtirpc, the hand-written ones in hand_*.c), so no implementation is
 * inlined into its loop; the loops call them directly, not through the table.
 */
#ifndef XDR_IMPL_H
#define XDR_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "bench_common.h"

/* The implementations, in the order the driver verifies, times and reports them.  The
 * first is compared with the XDR reference, the others with it too. */
#define BENCH_IMPLS(X) X(ilpc) X(rpcgen) X(hand)

/* The messages: (C name used in function names, name reported). */
#define BENCH_MESSAGES(M, X) M(X, int20) M(X, int20arr) M(X, mixed)

/* The neutral form of BenchMixed.Mixed. */
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

#define MIXED_BUF 2048

/* One row of the driver's table: implementation X of one message. */
typedef struct xdr_impl {
    const char *name;
    void (*setup)(const void *value);
    size_t (*encode_once)(uint8_t *out, size_t cap);
    void (*decode_once)(const uint8_t *in, size_t len, void *value);
    void (*set_input)(const uint8_t *in, size_t len);
    uint64_t (*enc_loop)(uint64_t n);
    uint64_t (*dec_loop)(uint64_t n);
} xdr_impl;

#define BENCH_IMPL_DECLARE(X, M)                                              \
    void X##_##M##_setup(const void *value);                                  \
    size_t X##_##M##_encode_once(uint8_t *out, size_t cap);                   \
    void X##_##M##_decode_once(const uint8_t *in, size_t len, void *value);   \
    void X##_##M##_set_input(const uint8_t *in, size_t len);                  \
    uint64_t X##_##M##_enc_loop(uint64_t n);                                  \
    uint64_t X##_##M##_dec_loop(uint64_t n);

#define BENCH_IMPL_ROW(X, M)                                                  \
    { #X, X##_##M##_setup, X##_##M##_encode_once, X##_##M##_decode_once,      \
      X##_##M##_set_input, X##_##M##_enc_loop, X##_##M##_dec_loop },

#define BENCH_DECLARE_ALL_(X) BENCH_MESSAGES(BENCH_IMPL_DECLARE, X)
BENCH_IMPLS(BENCH_DECLARE_ALL_)

/* A timed loop: the statements after fn run n times with the iteration number in i and adds what it
 * read of the output to acc; every iteration ends with a compiler barrier and the
 * checksum goes to the caller (which puts it in a volatile sink). */
#define BENCH_LOOP(fn, ...)                                                   \
    uint64_t fn(uint64_t n)                                                   \
    {                                                                         \
        uint64_t acc = 0;                                                     \
        for (uint64_t i = 0; i < n; i++) {                                    \
            __VA_ARGS__                                                       \
            BENCH_BARRIER();                                                  \
        }                                                                     \
        return acc;                                                           \
    }

/* The input buffer of a decode loop: a copy of the encoding, 64-byte aligned. */
#define BENCH_INPUT(name, size)                                               \
    static uint8_t name[size] BENCH_ALIGNED(64);                              \
    static size_t name##_len

#endif
