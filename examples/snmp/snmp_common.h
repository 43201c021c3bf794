/* snmp_common.h - what the SNMP client and agent share: one view of an SNMPv1 or
 * SNMPv2c message over the C types ilpc generates from the RFCs' modules, its
 * conversion to and from BER (the generated M_T_decode_ber / M_T_encode_der), object
 * identifiers, and the printing of a variable binding as net-snmp's tools print it
 * with -On -Oe.
 *
 * SNMPv1 is RFC 1157's Message (version 0) carrying RFC1157-SNMP's PDUs; SNMPv2c is
 * RFC 1901's Message (version 1) carrying RFC 3416's SNMPv2-PDU PDUs.  Both travel as
 * one UDP datagram. */
#ifndef SNMP_COMMON_H
#define SNMP_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SNMP_VERSION_1 0    /* RFC 1157's version-1(0) */
#define SNMP_VERSION_2C 1   /* RFC 1901's version(1) */

#define SNMP_MAX_ARCS 128        /* RFC 2578 section 3.5: at most 128 sub-identifiers */
#define SNMP_MAX_DATAGRAM 65507  /* the largest UDP payload over IPv4 */
#define SNMP_MAX_COMMUNITY 255

/* The PDU types by their context tag numbers (RFC 1157 and RFC 3416 agree on 0..3). */
enum snmp_pdu_type {
    SNMP_GET = 0,
    SNMP_GETNEXT = 1,
    SNMP_RESPONSE = 2,   /* v1: GetResponse-PDU */
    SNMP_SET = 3,
    SNMP_TRAP_V1 = 4,    /* v1 only */
    SNMP_GETBULK = 5,    /* v2c only */
    SNMP_INFORM = 6,
    SNMP_TRAP_V2 = 7,
    SNMP_REPORT = 8
};

/* error-status (RFC 3416 section 3; 0..5 are RFC 1157's) */
enum snmp_error {
    SNMP_ERR_NOERROR = 0, SNMP_ERR_TOOBIG = 1, SNMP_ERR_NOSUCHNAME = 2, SNMP_ERR_BADVALUE = 3,
    SNMP_ERR_READONLY = 4, SNMP_ERR_GENERR = 5, SNMP_ERR_NOACCESS = 6, SNMP_ERR_WRONGTYPE = 7,
    SNMP_ERR_WRONGLENGTH = 8, SNMP_ERR_WRONGENCODING = 9, SNMP_ERR_WRONGVALUE = 10,
    SNMP_ERR_NOCREATION = 11, SNMP_ERR_INCONSISTENTVALUE = 12, SNMP_ERR_RESOURCEUNAVAILABLE = 13,
    SNMP_ERR_COMMITFAILED = 14, SNMP_ERR_UNDOFAILED = 15, SNMP_ERR_AUTHORIZATIONERROR = 16,
    SNMP_ERR_NOTWRITABLE = 17, SNMP_ERR_INCONSISTENTNAME = 18
};

/* A value's syntax: the alternatives of both modules' ObjectSyntax, and the three
 * exceptions and unSpecified (NULL) of RFC 3416's VarBind. */
enum snmp_type {
    SNMP_T_INTEGER, SNMP_T_STRING, SNMP_T_OID, SNMP_T_NULL,
    SNMP_T_IPADDRESS, SNMP_T_COUNTER32, SNMP_T_GAUGE32, SNMP_T_TIMETICKS, SNMP_T_OPAQUE,
    SNMP_T_COUNTER64,                                   /* v2c only */
    SNMP_T_NOSUCHOBJECT, SNMP_T_NOSUCHINSTANCE, SNMP_T_ENDOFMIBVIEW  /* v2c responses only */
};

typedef struct snmp_oid {
    uint32_t len;
    uint32_t arcs[SNMP_MAX_ARCS];
} snmp_oid;

typedef struct snmp_value {
    enum snmp_type type;
    int64_t integer;   /* INTEGER */
    uint64_t number;   /* Counter32, Gauge32, TimeTicks, Counter64 */
    uint8_t ip[4];     /* IpAddress */
    uint8_t *bytes;    /* STRING, Opaque: malloc'd (NULL when len is 0) */
    uint32_t len;
    snmp_oid oid;      /* OID */
} snmp_value;

typedef struct snmp_varbind {
    snmp_oid name;
    snmp_value value;
} snmp_varbind;

typedef struct snmp_pdu {
    int version;                         /* SNMP_VERSION_1 or SNMP_VERSION_2C */
    uint8_t community[SNMP_MAX_COMMUNITY];
    uint32_t community_len;
    enum snmp_pdu_type type;
    int64_t request_id;
    int64_t error_status;    /* GetBulk: non-repeaters */
    int64_t error_index;     /* GetBulk: max-repetitions */
    uint32_t count;
    snmp_varbind *vbs;       /* malloc'd */
    /* v1 Trap-PDU's other fields are not kept: neither program sends or takes traps */
} snmp_pdu;

/* Errors of this layer besides ilpc's ILPC_E_* codes (runtime/ilpc_error.h). */
#define SNMP_E_VERSION (-1001)     /* a version other than 0 and 1 */
#define SNMP_E_SYNTAX (-1002)      /* a value this version has no syntax for (v1 and Counter64) */
#define SNMP_E_OID (-1003)         /* an OID of more than 128 arcs or an arc above 2^32-1 */
#define SNMP_E_COMMUNITY (-1004)   /* a community longer than SNMP_MAX_COMMUNITY */
#define SNMP_E_PDU_TYPE (-1005)    /* a PDU type the version does not have */

const char *snmp_strerror(int code);  /* ilpc_strerror, or this layer's own */

/* Decode one datagram (any BER) into P; on failure P is left empty (snmp_pdu_free'd). */
int snmp_decode(const uint8_t *buf, size_t len, snmp_pdu *p);
/* Encode P in DER into BUF; *LEN the octets written. */
int snmp_encode(const snmp_pdu *p, uint8_t *buf, size_t cap, size_t *len);
void snmp_pdu_free(snmp_pdu *p);
/* Append a copy of NAME with VALUE (value's bytes are copied); 0 or ILPC_E_NOMEM. */
int snmp_pdu_add(snmp_pdu *p, const snmp_oid *name, const snmp_value *value);
int snmp_value_copy(snmp_value *dst, const snmp_value *src);
void snmp_value_free(snmp_value *v);

/* "1.3.6.1" or ".1.3.6.1": 0, or -1 when S is no OID of 1..128 arcs below 2^32 (one
 * arc, e.g. ".1", is sent as ".1.0", as net-snmp does). */
int snmp_oid_parse(const char *s, snmp_oid *oid);
/* ".1.3.6.1" into BUF (always terminated). */
void snmp_oid_format(const snmp_oid *oid, char *buf, size_t cap);
int snmp_oid_compare(const snmp_oid *a, const snmp_oid *b);    /* <0, 0, >0 */
int snmp_oid_has_prefix(const snmp_oid *oid, const snmp_oid *prefix);

/* "OID = TYPE: value\n" as net-snmp's print_variable with -On -Oe and no MIB files. */
void snmp_print_varbind(FILE *f, const snmp_varbind *vb);
/* net-snmp's snmp_errstring: "(noSuchName) There is no such variable name in this MIB." */
const char *snmp_errstring(int64_t status);
const char *snmp_pdu_type_name(enum snmp_pdu_type t);

#endif
