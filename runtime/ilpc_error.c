/* ilpc_error.c - ilpc_strerror (ilpc_error.h). */
#include "ilpc_error.h"

const char *ilpc_strerror(int code)
{
    switch (code) {
    case ILPC_OK: return "success";
    /* the codecs */
    case ILPC_E_SHORT_BUFFER: return "output buffer too small";
    case ILPC_E_TRUNCATED: return "input truncated";
    case ILPC_E_BAD_BOOL: return "boolean is neither 0 nor 1";
    case ILPC_E_RANGE: return "integer outside its constraint";
    case ILPC_E_BAD_ENUM: return "unknown ENUMERATED value";
    case ILPC_E_BAD_DISCRIMINANT: return "CHOICE discriminant out of range";
    case ILPC_E_SIZE: return "length or count outside its SIZE constraint";
    case ILPC_E_PADDING: return "non-zero padding or unused bits";
    case ILPC_E_TRAILING: return "trailing bytes after the value";
    case ILPC_E_NOMEM: return "out of memory";
    case ILPC_E_LIMIT: return "length above the runtime limit";
    case ILPC_E_DEPTH: return "nesting deeper than the runtime limit";
    case ILPC_E_ALPHABET: return "character outside the permitted alphabet";
    case ILPC_E_NULL: return "NULL pointer where data is required";
    case ILPC_E_BITS: return "BIT STRING has non-zero unused bits";
    case ILPC_E_PRESENCE: return "components present or absent against a WITH COMPONENTS constraint";
    case ILPC_E_BER_TAG: return "BER: unexpected tag, or a mandatory component missing";
    case ILPC_E_BER_LENGTH: return "BER: malformed length";
    case ILPC_E_BER_FORM: return "BER: malformed contents or form";
    case ILPC_E_BER_INTEGER: return "BER: integer not minimal, or beyond 64 bits";
    case ILPC_E_BER_DUPLICATE: return "BER: a SET component twice";
    case ILPC_E_DER_LENGTH: return "DER/CER: length not in minimal form";
    case ILPC_E_DER_INDEFINITE: return "DER: indefinite length";
    case ILPC_E_CER_DEFINITE: return "CER: constructed encoding with a definite length";
    case ILPC_E_DER_BOOLEAN: return "DER/CER: BOOLEAN TRUE other than 0xFF";
    case ILPC_E_DER_SEGMENTS: return "DER/CER: string segments not allowed here";
    case ILPC_E_DER_UNUSED_BITS: return "DER/CER: non-zero unused bits";
    case ILPC_E_DER_SET_ORDER: return "DER/CER: SET components not in tag order";
    case ILPC_E_DER_SET_OF_ORDER: return "DER/CER: SET OF elements not sorted";
    case ILPC_E_DER_DEFAULT: return "DER/CER: component encoded with its DEFAULT value";
    case ILPC_E_DER_TIME: return "DER/CER: time not in canonical form";
    case ILPC_E_DER_REAL: return "DER/CER: REAL not in canonical form";
    /* the ILP message paths */
    case ILPC_E_CHECKSUM: return "bad checksum";
    case ILPC_E_MSGLEN: return "message length does not match the payload";
    case ILPC_E_INCOMPLETE: return "message incomplete";
    case ILPC_E_SLOT: return "send slot does not match the message length";
    case ILPC_E_CIPHER: return "unknown cipher, or none on this path";
    case ILPC_E_AUTH: return "authentication failed";
    case ILPC_E_NONCE: return "record counter exhausted";
    /* connections, the stack, the transports */
    case ILPC_E_AGAIN: return "operation would block";
    case ILPC_E_CONNRESET: return "connection reset";
    case ILPC_E_CONNREFUSED: return "connection refused";
    case ILPC_E_TIMEDOUT: return "timed out";
    case ILPC_E_CLOSED: return "connection closed for this operation";
    case ILPC_E_NOTCONN: return "not connected";
    case ILPC_E_MSGSIZE: return "message too large for the send buffer";
    case ILPC_E_ADDRINUSE: return "address in use";
    case ILPC_E_INVAL: return "invalid argument";
    case ILPC_E_IO: return "transport I/O error";
    case ILPC_E_NOTSUP: return "not supported by this build";
    default: return "unknown error";
    }
}

const char *ilpc_xdr_strerror(int code) { return ilpc_strerror(code); }

const char *ilpc_ilp_strerror(int code) { return ilpc_strerror(code); }
