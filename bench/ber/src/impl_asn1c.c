/*
 * impl_asn1c.c - asn1c's generated code of type T (compiled with -DT=<asn1c's name>
 * -DT_HEADER='"<asn1c's header>"'): ber_decode (asn1c's one decoder, for BER and
 * DER), der_encode_to_buffer, ASN_STRUCT_FREE.
 */
#include <stdlib.h>

#include "ber_impl.h"
#include T_HEADER

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define DEF CAT(asn_DEF_, T)

static void *decode(const uint8_t *der, size_t len)
{
    void *v = NULL;
    asn_dec_rval_t r = ber_decode(NULL, &DEF, &v, der, len);
    if (r.code != RC_OK || r.consumed != len) {
        ASN_STRUCT_FREE(DEF, v);
        return NULL;
    }
    return v;
}

static int encode(const void *v, uint8_t *out, size_t cap, size_t *len)
{
    asn_enc_rval_t r = der_encode_to_buffer(&DEF, (void *)v, out, cap);
    if (r.encoded < 0)
        return -1;
    *len = (size_t)r.encoded;
    return 0;
}

static void release(void *v)
{
    if (v != NULL)
        ASN_STRUCT_FREE(DEF, v);
}

const ber_impl ber_impl_under_test = {"asn1c", decode, encode, release};
