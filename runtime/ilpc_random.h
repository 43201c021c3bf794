/* ilpc_random.h - secrets and unpredictable values for the TCP: the
 * operating system's randomness, and SipHash-2-4 (J.-P. Aumasson and
 * D. J. Bernstein, "SipHash: a fast short-input PRF", 2012), a keyed
 * function no one without the key can predict.  The stack keys its initial
 * sequence numbers (RFC 6528), its connection table's hash and its path
 * challenges with it.  A leaf: libc only. */
#ifndef ILPC_RANDOM_H
#define ILPC_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* n bytes of the operating system's randomness: getrandom(2) where there is one,
 * else /dev/urandom.  0, or -1 if neither gave n bytes. */
int ilpc_os_random(void *buf, size_t n);

/* SipHash-2-4 of data[0..len) under a 128-bit key. */
uint64_t ilpc_siphash24(const uint8_t key[16], const void *data, size_t len);

#endif
