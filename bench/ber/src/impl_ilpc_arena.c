/*
 * impl_ilpc_arena.c - ilpc's generated DER decoder into an arena (T_decode_ber_arena
 * with ILPC_DER; compiled with -DT=<C type name> -DT_HEADER='"<Module>_ber.h"'): one
 * arena for the program, emptied before each message, as a receiver that handles one
 * message at a time uses it; its first block grows to the message's needs once and is
 * kept.  Encoding is T_encode_der, as in impl_ilpc.c.
 */
#include "ber_impl.h"
#include T_HEADER

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

static ilpc_arena arena = {NULL, NULL, NULL, NULL, 0, true};
static T value;

static void *decode(const uint8_t *der, size_t len)
{
    ilpc_arena_reset(&arena);
    return CAT(T, _decode_ber_arena)(&value, der, len, ILPC_DER, &arena) == ILPC_OK ? &value : NULL;
}

static int encode(const void *v, uint8_t *out, size_t cap, size_t *len)
{
    return CAT(T, _encode_der)(v, out, cap, len) == ILPC_OK ? 0 : -1;
}

static void release(void *v)
{
    (void)v;  /* the next decode's reset empties the arena */
}

const ber_impl ber_impl_under_test = {"ilpc-arena", decode, encode, release};
