/*
 * ber_impl.h - what bench_ber.c times: one implementation (ilpc's generated DER code, or
 * asn1c's) of one spec's message type, behind three functions.  Each impl_*.c file
 * defines the table for its implementation and spec; bench/ber/run.py builds one driver
 * per (implementation, spec), all with the same compiler and flags.
 */
#ifndef BER_IMPL_H
#define BER_IMPL_H

#include <stddef.h>
#include <stdint.h>

typedef struct ber_impl {
    const char *name;  /* "ilpc", "asn1c" */
    /* Decodes der[0..len) into a new value (its C structure, whatever the implementation's
     * is): the value, or NULL when it rejects the input. */
    void *(*decode)(const uint8_t *der, size_t len);
    /* v's DER into out[0..cap): 0 and *len, or -1. */
    int (*encode)(const void *v, uint8_t *out, size_t cap, size_t *len);
    /* Frees v and what it holds. */
    void (*release)(void *v);
} ber_impl;

extern const ber_impl ber_impl_under_test;

#endif
