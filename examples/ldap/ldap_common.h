/* ldap_common.h - what ldap-client and ldap-server share: LDAPMessage framing (one BER
 * TLV read by its length, with a size limit) on a kernel TCP socket, encoding with the
 * generated LDAPMessage_encode_der, or on ilpc's user-level TCP, where a request is
 * decoded where it lies in the receive ring and a reply written by the fused DER send
 * into the send ring; RFC 4515 filter strings, LDIF output. */
#ifndef LDAP_COMMON_H
#define LDAP_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "Lightweight_Directory_Access_Protocol_V3_ber.h"
#include "Lightweight_Directory_Access_Protocol_V3_ber_ilp.h"
#include "ilpc_error.h"
#include "ilpc_stack.h"
#include "ilpc_tcp.h"

/* The generated names are long: L(LDAPMessage) is the C type of LDAPMessage. */
#define L(x) Lightweight_Directory_Access_Protocol_V3_##x
#define OP(x) Lightweight_Directory_Access_Protocol_V3_LDAPMessage_protocolOp_PR_##x
#define FLT(x) Lightweight_Directory_Access_Protocol_V3_Filter_PR_##x
#define SUB(x) Lightweight_Directory_Access_Protocol_V3_SubstringFilter_substrings_item_PR_##x

typedef L(LDAPMessage) ldap_msg;

#define LDAP_DEFAULT_MAX_MESSAGE (1u << 20) /* the largest LDAPMessage read, bytes */
#define LDAP_MAX_FILTER_DEPTH 32            /* nesting of &, |, ! in a filter string */

/* A connection: a kernel socket and a read buffer, or a connection of ilpc's user-level
 * TCP; a read timeout; an optional dump file that gets every message sent ('O') and
 * received ('I'), each as one direction byte and the TLV. */
typedef struct ldap_conn {
    int fd;              /* the kernel's TCP, or -1 */
    ilpc_stack *stack;   /* the user-level TCP (tcp != NULL): the connection and its stack */
    ilpc_tcp *tcp;
    ilpc_cipher none;    /* LDAP's messages are the encoding itself: the framing of cipher none */
    uint64_t rx_off, tx_off;     /* the stream offsets of the next message in and out */
    size_t ring_in, fused_out;   /* requests decoded in the receive ring, replies sent fused */
    int timeout_ms;      /* per read; <= 0: wait forever */
    size_t max_message;  /* the largest LDAPMessage accepted, whole TLV */
    FILE *dump;
    uint8_t buf[4096];
    size_t off, len;
} ldap_conn;

void ldap_conn_init(ldap_conn *c, int fd, int timeout_ms, size_t max_message, FILE *dump);
/* The same on a connection of the user-level TCP (established) of stack s. */
void ldap_conn_init_tcp(ldap_conn *c, ilpc_stack *s, ilpc_tcp *tcp, int timeout_ms, size_t max_message,
                        FILE *dump);

enum { LDAP_READ_OK = 0, LDAP_READ_EOF = 1, LDAP_READ_ERROR = -1 };

/* Reads one whole LDAPMessage TLV (a SEQUENCE with a definite length, RFC 4511 5.1) into
 * *out (malloc'd, *out_len bytes).  LDAP_READ_EOF: the peer closed before a first byte;
 * LDAP_READ_ERROR: err says why (timeout, a closed connection inside a message, a tag
 * that is not SEQUENCE, an indefinite or oversized length). */
int ldap_read_tlv(ldap_conn *c, uint8_t **out, size_t *out_len, char *err, size_t errlen);

/* Reads and decodes one message (LDAPMessage_decode_ber; on the user-level TCP
 * LDAPMessage_ilp_recv_spans_ber, in the receive ring).  The returns of ldap_read_tlv;
 * on error the message is left zeroed. */
int ldap_read_message(ldap_conn *c, ldap_msg *m, char *err, size_t errlen);

/* Encodes m with LDAPMessage_encode_der and writes it all; on the user-level TCP,
 * LDAPMessage_ilp_send_der writes the DER, with the segments' checksums, straight into
 * the send ring (waiting up to the timeout for room).  0, or -1 with err set. */
int ldap_send_message(ldap_conn *c, const ldap_msg *m, char *err, size_t errlen);

/* Splits "HOST:PORT" (HOST may be [v6]) and connects / listens.  -1 with err set. */
int ldap_tcp_connect(const char *hostport, char *err, size_t errlen);
int ldap_tcp_listen(const char *hostport, int *port_out, char *err, size_t errlen);

/* RFC 4511 4.1.9's name of a result code ("invalidCredentials"), or "unknown". */
const char *ldap_result_name(int code);

/* Memory: the programs exit on an allocation failure with a message. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
/* Sets an OCTET STRING-like value (any struct with uint32_t len, uint8_t *data) to a
 * malloc'd copy of n bytes (at least one byte is allocated). */
void ldap_set_bytes(uint8_t **data, uint32_t *len, const void *src, size_t n);
#define SET_BYTES(v, src, n) ldap_set_bytes(&(v).data, &(v).len, (src), (n))
#define SET_STR(v, s) ldap_set_bytes(&(v).data, &(v).len, (s), strlen(s))

/* RFC 4515: parses a filter string ("(&(objectClass=person)(cn=J*))"; a single item may
 * come without its parentheses) into *f: and, or, not, equality, ~=, >=, <=, presence,
 * substrings, with \XX escapes.  0, or -1 with err set and *f freed. */
int ldap_filter_parse(const char *s, L(Filter) *f, char *err, size_t errlen);

/* Writes "name: value" as ldapsearch -LLL -o ldif-wrap=no does: "name:: BASE64" when the
 * value is not a safe LDIF string (or the attribute is userPassword), "name:" when empty. */
void ldif_put(FILE *out, const char *name, size_t name_len, const uint8_t *v, size_t n);

/* Base64 decoding for LDIF "name:: value" lines: -1 on a bad character. */
int base64_decode(const char *in, size_t n, uint8_t **out, size_t *out_len);

bool ascii_ieq(const uint8_t *a, size_t an, const uint8_t *b, size_t bn);

#endif
