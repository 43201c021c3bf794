/*
 * impl_ilpc.c - ilpc's generated DER codec of type T (compiled with -DT=<C type name>
 * -DT_HEADER='"<Module>_ber.h"'): T_decode_der into a malloc'd T, T_encode_der, T_free.
 */
#include <stdlib.h>

#include "ber_impl.h"
#include T_HEADER

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

static void *decode(const uint8_t *der, size_t len)
{
    T *v = malloc(sizeof *v);
    if (v != NULL && CAT(T, _decode_der)(v, der, len) != ILPC_OK) {
        free(v);
        return NULL;
    }
    return v;
}

static int encode(const void *v, uint8_t *out, size_t cap, size_t *len)
{
    return CAT(T, _encode_der)(v, out, cap, len) == ILPC_OK ? 0 : -1;
}

static void release(void *v)
{
    if (v != NULL)
        CAT(T, _free)(v);
    free(v);
}

const ber_impl ber_impl_under_test = {"ilpc", decode, encode, release};
