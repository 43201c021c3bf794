/*
 * ilpc_ber_msg.h - the send and receive paths of message types in BER, CER and DER.
 *
 * The paths of ilpc_msg.h (fused, tiled, layered, and T_send/T_recv choosing between
 * them), with the framing of the BER family (docs/ilp.md, "BER, CER and DER messages"):
 *
 *   cipher none:          BER(v)                          the encoding itself, as LDAP,
 *                                                         SNMP or any BER peer reads it
 *   unit ciphers:         E(BE32(L) | 0^p | BER(v))       p = roundup8(4 + L) - 4 - L
 *   authenticated:        BE32(L) | AEAD(BER(v)) | T      a record, 20 + L bytes
 *
 * where L is the encoding's length.  The padding of the unit ciphers' form precedes
 * the encoding, which therefore ends the message: the DER and CER writers go back to
 * front, and the fused send starts writing at the end of the slot.
 *
 * The fused send writes the encoding straight into the slot, back to front; each
 * segment is encrypted in place and summed as soon as the writer has left it, while it
 * is in cache: the last segment first (part C), then the others back to front (part B),
 * the first segment last (part A, which holds the length word).  While a SET OF is
 * open its elements are not final (DER and CER sort them): the segments they are in wait
 * until it is closed.
 * ChaCha20-Poly1305's MAC runs over the ciphertext after the last segment; AES-GCM has
 * no fused path (its libcrypto stream goes front to back): layered only.  A slot that
 * wraps the ring is written through a scratch buffer (the tiled path).
 *
 * The tiled send is the same writer into a scratch buffer, each segment encrypted
 * there, copied into the slot and summed when the writer leaves it.  The layered send
 * encodes into a buffer, then frames, encrypts, copies and sums, each a loop of its own.
 *
 * The fused receive runs the transport's stages in one pass, a window of
 * ILPC_TILE_BYTES at a time: the checksum, the MAC and the decryption into a staging
 * buffer (no copy with `none`); the tag is verified before anything is decoded; then
 * the decoder reads the plaintext while it is in cache.  The layered receive makes each
 * stage a pass over the whole message.  The tiled receive is the fused one.
 */
#ifndef ILPC_BER_MSG_H_INCLUDED
#define ILPC_BER_MSG_H_INCLUDED

#include "ilpc_ber.h"
#include "ilpc_msg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the paths need of a type T in one of the family's rule sets (ilpc_msg_type's
 * codec): the rules its decoder applies (ILPC_BER, ILPC_CER or ILPC_DER), and T's TLV
 * written back to front by an ilpc_ber_out (T_put_ber_whole: its explicit tags too), in CER's forms
 * for ILPC_CER and DER's otherwise. */
typedef struct ilpc_ber_msg_codec {
    ilpc_ber_rules rules;
    int (*put)(ilpc_ber_out *o, const void *v);
} ilpc_ber_msg_codec;

extern const ilpc_msg_ops ilpc_ber_msg_ops;
/* The rules of T_send and T_recv for every BER-family message type, per cipher:
 * fused for every length (layered for AES-GCM); docs/benchmarks-ber.md measures them. */
extern const ilpc_path_rule ilpc_ber_msg_rules[ILPC_CIPHER_COUNT];

/* The message length of an encoding of L bytes with a cipher (the framing above). */
static inline size_t ilpc_ber_msg_len(ilpc_cipher_id cipher, size_t L)
{
    if (cipher == ILPC_CIPHER_NONE)
        return L;
    return ilpc_cipher_is_aead(cipher) ? L + ILPC_AEAD_OVERHEAD : ilpc_ilp_msg_len(L);
}

/* ILPC_BER_MSG_DEFINE(T, name, enc, size_enc, RULES): the descriptor T_msg_<enc> of T
 * in rule set RULES (ILPC_BER, ILPC_CER or ILPC_DER), whose functions are
 * T_size_<size_enc> (der, or cer for CER), T_decode_<enc>, T_put_ber_whole and T_free.
 * ILPC_BER_MSG_API(T, enc): the typed paths, named as ILPC_MSG_API's with the suffix
 * _<enc>: T_msg_len_der, T_send_der, T_recv_der, T_ilp_send_der, T_ilp_recv_der,
 * T_ilp_recv_spans_der, T_tiled_send_der, T_tiled_recv_der, T_layered_send_der,
 * T_layered_recv_der, T_path_der. */
#define ILPC_BER_MSG_DEFINE(T, name, enc, size_enc, RULES)                                            \
    static size_t T##_msg_size_##enc(const void *v) { return T##_size_##size_enc((const T *)v); }    \
    static int T##_msg_decode_##enc(void *v, const uint8_t *b, size_t n) { return T##_decode_##enc((T *)v, b, n); } \
    static void T##_msg_free_##enc(void *v) { T##_free((T *)v); }                                     \
    static int T##_msg_put_##enc(ilpc_ber_out *o, const void *v) { return T##_put_ber_whole(o, (const T *)v); } \
    static const ilpc_ber_msg_codec T##_codec_##enc = {RULES, T##_msg_put_##enc};                     \
    const ilpc_msg_type T##_msg_##enc = {name, sizeof(T), 1u, 0u, ILPC_MSG_UNBOUNDED, {0}, {0},        \
                                         T##_msg_size_##enc, NULL, T##_msg_decode_##enc,            \
                                         T##_msg_free_##enc, ilpc_ber_msg_rules, ilpc_ber_msg_rules,  \
                                         &ilpc_ber_msg_ops, &T##_codec_##enc};

#define ILPC_BER_MSG_API(T, enc)                                                                      \
    static inline size_t T##_msg_len_##enc(const T *v, ilpc_cipher_id cipher)                         \
    {                                                                                                 \
        return ilpc_msg_len(&T##_msg_##enc, v, cipher);                                               \
    }                                                                                                 \
    static inline int T##_ilp_send_##enc(const T *v, ilpc_cipher *c, uint64_t off, ilpc_tx_slot *slot) \
    {                                                                                                 \
        return ilpc_msg_ilp_send(&T##_msg_##enc, v, c, off, slot);                                    \
    }                                                                                                 \
    static inline int T##_ilp_recv_##enc(T *v, ilpc_cipher *c, uint64_t off, const uint8_t *payload,  \
                                         size_t len, uint64_t hdr_sum, int *csum_ok)                  \
    {                                                                                                 \
        return ilpc_msg_ilp_recv(&T##_msg_##enc, v, c, off, payload, len, hdr_sum, csum_ok);          \
    }                                                                                                 \
    static inline int T##_ilp_recv_spans_##enc(T *v, ilpc_cipher *c, uint64_t off,                    \
                                               const uint8_t *const p[2], const size_t n[2], size_t *used) \
    {                                                                                                 \
        return ilpc_msg_ilp_recv_spans(&T##_msg_##enc, v, c, off, p, n, used);                        \
    }                                                                                                 \
    static inline int T##_tiled_send_##enc(const T *v, ilpc_cipher *c, uint64_t off, ilpc_tx_slot *slot, \
                                           ilpc_scratch *scratch)                                     \
    {                                                                                                 \
        return ilpc_msg_tiled_send(&T##_msg_##enc, v, c, off, slot, scratch);                         \
    }                                                                                                 \
    static inline int T##_tiled_recv_##enc(T *v, ilpc_cipher *c, uint64_t off, const uint8_t *payload, \
                                           size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch) \
    {                                                                                                 \
        return ilpc_msg_tiled_recv(&T##_msg_##enc, v, c, off, payload, len, hdr_sum, csum_ok, scratch); \
    }                                                                                                 \
    static inline int T##_layered_send_##enc(const T *v, ilpc_cipher *c, uint64_t off, ilpc_tx_slot *slot, \
                                             ilpc_scratch *scratch)                                   \
    {                                                                                                 \
        return ilpc_msg_layered_send(&T##_msg_##enc, v, c, off, slot, scratch);                       \
    }                                                                                                 \
    static inline int T##_layered_recv_##enc(T *v, ilpc_cipher *c, uint64_t off, const uint8_t *payload, \
                                             size_t len, uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch) \
    {                                                                                                 \
        return ilpc_msg_layered_recv(&T##_msg_##enc, v, c, off, payload, len, hdr_sum, csum_ok, scratch); \
    }                                                                                                 \
    static inline int T##_send_##enc(const T *v, ilpc_cipher *c, uint64_t off, ilpc_tx_slot *slot,    \
                                     ilpc_scratch *scratch)                                           \
    {                                                                                                 \
        return ilpc_msg_send(&T##_msg_##enc, v, c, off, slot, scratch);                               \
    }                                                                                                 \
    static inline int T##_recv_##enc(T *v, ilpc_cipher *c, uint64_t off, const uint8_t *payload, size_t len, \
                                     uint64_t hdr_sum, int *csum_ok, ilpc_scratch *scratch)           \
    {                                                                                                 \
        return ilpc_msg_recv(&T##_msg_##enc, v, c, off, payload, len, hdr_sum, csum_ok, scratch);     \
    }                                                                                                 \
    static inline int T##_path_##enc(int send, ilpc_cipher_id cipher, size_t len)                     \
    {                                                                                                 \
        return ilpc_msg_path(&T##_msg_##enc, send, cipher, len);                                      \
    }

#ifdef __cplusplus
}
#endif

#endif /* ILPC_BER_MSG_H_INCLUDED */
