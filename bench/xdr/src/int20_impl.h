/* int20_impl.h - what each implementation's glue (int20_<impl>.c) provides to
 * bench_int20.c.  `arr` selects the message: 0 = Int20 (the array in a SEQUENCE),
 * 1 = Int20Arr (the array itself).  The *_once functions are used to verify,
 * the *_loop functions are timed. */
#ifndef INT20_IMPL_H
#define INT20_IMPL_H

#include <stddef.h>
#include <stdint.h>

#define INT20_DECLARE(X)                                                          \
    void X##_int20_setup(const int32_t v[20]);                                    \
    size_t X##_int20_encode_once(int arr, uint8_t *out, size_t cap);              \
    void X##_int20_decode_once(int arr, const uint8_t *in, size_t len, int32_t v[20]); \
    void X##_int20_set_input(const uint8_t *in, size_t len);                      \
    uint64_t X##_int20_enc_loop(uint64_t n);                                      \
    uint64_t X##_int20arr_enc_loop(uint64_t n);                                   \
    uint64_t X##_int20_dec_loop(uint64_t n);                                      \
    uint64_t X##_int20arr_dec_loop(uint64_t n);

INT20_DECLARE(ilpc)
INT20_DECLARE(rpcgen)
INT20_DECLARE(hand)

#endif
