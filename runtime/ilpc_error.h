/* ilpc_error.h - the runtime's error codes: one family, one ilpc_strerror.
 *
 * Every function of the runtime and of the generated code that returns an
 * int (or a ptrdiff_t) status gives ILPC_OK (0) or one of the negative codes
 * below; each code is here once.  The ranges tell where a code comes from:
 *
 *   -1 .. -39    the codecs: generated encoders and decoders (ilpc_xdr.h, ilpc_ber.h)
 *   -40 .. -99   the ILP message paths (ilpc_ilp.h, ilpc_msg.h)
 *   -101 ..      connections, the stack and the transports (ilpc_tcp.h,
 *                ilpc_stack.h, ilpc_transport.h), errno-like
 *
 * Out of memory is ILPC_E_NOMEM (-10) wherever it happens.  The values are
 * part of the interface: generated code returns them and the conformance
 * harness reports them (docs/ilp.md), so a code keeps its number; a new one
 * takes a free number in its range.
 *
 * The cipher and AEAD primitives (ilpc_cipher.h, ilpc_evp.h, ilpc_chapoly.h)
 * and a few helpers (ilpc_ring_init, ilpc_parse_ipv4...) answer 0 or -1, a
 * yes or no, not a code of this family: the paths that call them turn -1
 * into the code that says what failed (ILPC_E_AUTH, ILPC_E_NOMEM...). */
#ifndef ILPC_ERROR_H
#define ILPC_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

enum {
    ILPC_OK = 0,
    /* ---- the codecs */
    ILPC_E_SHORT_BUFFER = -1,     /* encode: the output buffer is too small */
    ILPC_E_TRUNCATED = -2,        /* decode: the input ends inside a value */
    ILPC_E_BAD_BOOL = -3,         /* decode: a bool (or presence flag) other than 0 or 1 */
    ILPC_E_RANGE = -4,            /* a value outside its INTEGER constraint */
    ILPC_E_BAD_ENUM = -5,         /* an ENUMERATED number the type does not define */
    ILPC_E_BAD_DISCRIMINANT = -6, /* a CHOICE discriminant with no alternative */
    ILPC_E_SIZE = -7,             /* a length or count outside its SIZE constraint */
    ILPC_E_PADDING = -8,          /* decode: non-zero padding or unused bits */
    ILPC_E_TRAILING = -9,         /* decode: bytes left after the top-level value */
    ILPC_E_NOMEM = -10,           /* allocation failed (anywhere in the runtime) */
    ILPC_E_LIMIT = -11,           /* a length above the runtime limit (ilpc_xdr_limits) */
    ILPC_E_DEPTH = -12,           /* decode: recursion deeper than the runtime limit */
    ILPC_E_ALPHABET = -13,        /* a character outside the string type's alphabet */
    ILPC_E_NULL = -14,            /* encode: a NULL pointer where data is required */
    ILPC_E_BITS = -15,            /* encode: BIT STRING with non-zero unused bits */
    ILPC_E_PRESENCE = -16,        /* components present or absent against WITH COMPONENTS */
    /* ---- the BER family (ilpc_ber.h): malformed input in every rule set ... */
    ILPC_E_BER_TAG = -17,         /* decode: not the tag expected there (or a mandatory component missing) */
    ILPC_E_BER_LENGTH = -18,      /* decode: a malformed length (0xFF, more than 8 length octets, indefinite on a primitive) */
    ILPC_E_BER_FORM = -19,        /* decode: malformed contents (primitive/constructed form, NULL, OID, REAL, EOC) */
    ILPC_E_BER_INTEGER = -20,     /* decode: INTEGER/ENUMERATED not in minimal octets, or beyond 64 bits */
    ILPC_E_BER_DUPLICATE = -21,   /* decode: a component of a SET twice */
    /* ... and the non-canonical forms DER and CER reject (X.690 10, 11) */
    ILPC_E_DER_LENGTH = -22,      /* decode (DER/CER): a length not in its minimal form */
    ILPC_E_DER_INDEFINITE = -23,  /* decode (DER): an indefinite length */
    ILPC_E_CER_DEFINITE = -24,    /* decode (CER): a constructed encoding with a definite length */
    ILPC_E_DER_BOOLEAN = -25,     /* decode (DER/CER): a BOOLEAN TRUE other than 0xFF */
    ILPC_E_DER_SEGMENTS = -26,    /* decode (DER/CER): a string in segments (DER), or not in CER's 1000-octet ones */
    ILPC_E_DER_UNUSED_BITS = -27, /* decode (DER/CER): non-zero unused bits of a BIT STRING */
    ILPC_E_DER_SET_ORDER = -28,   /* decode (DER/CER): SET components not in tag order */
    ILPC_E_DER_SET_OF_ORDER = -29, /* decode (DER/CER): SET OF elements not sorted */
    ILPC_E_DER_DEFAULT = -30,     /* decode (DER/CER): a component encoded with its DEFAULT value */
    ILPC_E_DER_TIME = -31,        /* decode (DER/CER): UTCTime/GeneralizedTime not in X.690 11.7/11.8's form */
    ILPC_E_DER_REAL = -32,        /* decode (DER/CER): a REAL not in X.690 11.3's form */
    /* ---- the ILP message paths */
    ILPC_E_CHECKSUM = -40,        /* receive: the Internet checksum does not verify */
    ILPC_E_MSGLEN = -41,          /* receive: payload length is not roundup8(4 + L), or L is impossible */
    ILPC_E_INCOMPLETE = -42,      /* receive (spans): the whole message is not there yet */
    ILPC_E_SLOT = -43,            /* send: the slot is not exactly T_msg_len(v) bytes */
    ILPC_E_CIPHER = -44,          /* an unknown cipher id, or one without this path */
    ILPC_E_AUTH = -45,            /* receive: the record's tag does not verify */
    ILPC_E_NONCE = -46,           /* the record counter is exhausted: rekey or close */
    /* ---- connections, the stack, the transports */
    ILPC_E_AGAIN = -101,          /* not now: poll/wait and retry */
    ILPC_E_CONNRESET = -102,      /* RST received, or connection aborted */
    ILPC_E_CONNREFUSED = -103,    /* RST in answer to our SYN */
    ILPC_E_TIMEDOUT = -104,       /* retransmissions exhausted, or a wait timed out */
    ILPC_E_CLOSED = -105,         /* this direction is closed (send after shutdown/close) */
    ILPC_E_NOTCONN = -106,        /* operation needs a connection (e.g. on a listener) */
    ILPC_E_MSGSIZE = -107,        /* message larger than the send ring */
    ILPC_E_ADDRINUSE = -108,      /* port / 4-tuple already in use, no ephemeral port */
    ILPC_E_INVAL = -109,          /* an invalid argument */
    /* -110: was the transports' own "out of memory", now ILPC_E_NOMEM */
    ILPC_E_IO = -111,             /* transport failure */
    ILPC_E_NOTSUP = -112          /* not in this build (e.g. TCP-AO without libcrypto) */
};

/* The spellings of the connection codes before they joined the family. */
#define ILPC_EAGAIN ILPC_E_AGAIN
#define ILPC_ECONNRESET ILPC_E_CONNRESET
#define ILPC_ECONNREFUSED ILPC_E_CONNREFUSED
#define ILPC_ETIMEDOUT ILPC_E_TIMEDOUT
#define ILPC_ECLOSED ILPC_E_CLOSED
#define ILPC_ENOTCONN ILPC_E_NOTCONN
#define ILPC_EMSGSIZE ILPC_E_MSGSIZE
#define ILPC_EADDRINUSE ILPC_E_ADDRINUSE
#define ILPC_EINVAL ILPC_E_INVAL
#define ILPC_ENOMEM ILPC_E_NOMEM
#define ILPC_EIO ILPC_E_IO
#define ILPC_ENOTSUP ILPC_E_NOTSUP

/* Text for ILPC_OK and every code above (never NULL; "unknown error" for a
 * number that is none of them). */
const char *ilpc_strerror(int code);
/* The same, under the names of the codec's and the ILP paths' own
 * functions before there was one family. */
const char *ilpc_xdr_strerror(int code);
const char *ilpc_ilp_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif
