/* snmp_common.c - SNMPv1 and SNMPv2c messages over ilpc's generated BER codecs
 * (snmp_common.h).  Everything that goes on the wire goes through the generated
 * functions: a datagram is decoded with RFC1157_SNMP_Message_decode_ber (version 0) or
 * COMMUNITY_BASED_SNMPv2_Message_decode_ber (version 1), the PDU in its data (an ANY:
 * the TLV's octets) with RFC1157_SNMP_PDUs_decode_ber or SNMPv2_PDU_PDUs_decode_ber,
 * and written back with the matching _encode_der functions.  This file only moves
 * values between those C types and one view common to both versions. */
#include "snmp_common.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "COMMUNITY_BASED_SNMPv2_ber.h"
#include "RFC1157_SNMP_ber.h"
#include "SNMPv2_PDU_ber.h"
#include "ilpc_error.h"

const char *snmp_strerror(int code)
{
    switch (code) {
    case SNMP_E_VERSION: return "an SNMP version other than 1 (0) and 2c (1)";
    case SNMP_E_SYNTAX: return "a value this SNMP version has no syntax for";
    case SNMP_E_OID: return "an object identifier of more than 128 arcs, or an arc above 2^32-1";
    case SNMP_E_COMMUNITY: return "a community string longer than 255 octets";
    case SNMP_E_PDU_TYPE: return "a PDU type this SNMP version does not have";
    default: return ilpc_strerror(code);
    }
}

/* ---- object identifiers */

int snmp_oid_parse(const char *s, snmp_oid *oid)
{
    memset(oid, 0, sizeof *oid);
    if (*s == '.')
        s++;
    for (;;) {
        if (!isdigit((unsigned char)*s) || oid->len == SNMP_MAX_ARCS)
            return -1;
        uint64_t arc = 0;
        while (isdigit((unsigned char)*s)) {
            arc = arc * 10 + (uint64_t)(*s++ - '0');
            if (arc > UINT32_MAX)
                return -1;
        }
        oid->arcs[oid->len++] = (uint32_t)arc;
        if (*s == '\0')
            break;
        if (*s++ != '.')
            return -1;
    }
    /* X.690 8.19.4: the first two arcs share one sub-identifier */
    if (oid->arcs[0] > 2 || (oid->len > 1 && oid->arcs[0] < 2 && oid->arcs[1] > 39))
        return -1;
    return 0;
}

void snmp_oid_format(const snmp_oid *oid, char *buf, size_t cap)
{
    size_t at = 0;
    if (cap == 0)
        return;
    buf[0] = '\0';
    for (uint32_t i = 0; i < oid->len && at < cap; i++) {
        int n = snprintf(buf + at, cap - at, ".%" PRIu32, oid->arcs[i]);
        if (n < 0)
            break;
        at += (size_t)n;
    }
}

int snmp_oid_compare(const snmp_oid *a, const snmp_oid *b)
{
    uint32_t n = a->len < b->len ? a->len : b->len;
    for (uint32_t i = 0; i < n; i++)
        if (a->arcs[i] != b->arcs[i])
            return a->arcs[i] < b->arcs[i] ? -1 : 1;
    return a->len < b->len ? -1 : a->len > b->len ? 1 : 0;
}

int snmp_oid_has_prefix(const snmp_oid *oid, const snmp_oid *prefix)
{
    if (oid->len < prefix->len)
        return 0;
    return memcmp(oid->arcs, prefix->arcs, prefix->len * sizeof oid->arcs[0]) == 0;
}

/* From the generated C types' OBJECT IDENTIFIER (count, uint64_t items). */
static int oid_from(snmp_oid *oid, uint32_t count, const uint64_t *items)
{
    if (count > SNMP_MAX_ARCS)
        return SNMP_E_OID;
    for (uint32_t i = 0; i < count; i++) {
        if (items[i] > UINT32_MAX)
            return SNMP_E_OID;
        oid->arcs[i] = (uint32_t)items[i];
    }
    oid->len = count;
    return ILPC_OK;
}

/* To them: a malloc'd array the generated _free releases.  An OID of one arc, which
 * BER cannot carry (X.690 8.19.4), goes as that arc and 0, as net-snmp sends it. */
static int oid_to(uint32_t *count, uint64_t **items, const snmp_oid *oid)
{
    *items = malloc(2 * sizeof **items + oid->len * sizeof **items);
    if (!*items)
        return ILPC_E_NOMEM;
    for (uint32_t i = 0; i < oid->len; i++)
        (*items)[i] = oid->arcs[i];
    *count = oid->len;
    if (oid->len == 1)
        (*items)[(*count)++] = 0;
    return ILPC_OK;
}

static int bytes_to(uint32_t *len, uint8_t **data, const uint8_t *src, uint32_t n)
{
    *data = malloc(n ? n : 1);
    if (!*data)
        return ILPC_E_NOMEM;
    if (n)
        memcpy(*data, src, n);
    *len = n;
    return ILPC_OK;
}

/* ---- values and PDUs */

void snmp_value_free(snmp_value *v)
{
    free(v->bytes);
    v->bytes = NULL;
    v->len = 0;
}

int snmp_value_copy(snmp_value *dst, const snmp_value *src)
{
    *dst = *src;
    dst->bytes = NULL;
    if (src->len) {
        dst->bytes = malloc(src->len);
        if (!dst->bytes) {
            dst->len = 0;
            return ILPC_E_NOMEM;
        }
        memcpy(dst->bytes, src->bytes, src->len);
    }
    return ILPC_OK;
}

void snmp_pdu_free(snmp_pdu *p)
{
    for (uint32_t i = 0; i < p->count; i++)
        snmp_value_free(&p->vbs[i].value);
    free(p->vbs);
    p->vbs = NULL;
    p->count = 0;
}

int snmp_pdu_add(snmp_pdu *p, const snmp_oid *name, const snmp_value *value)
{
    snmp_varbind *vbs = realloc(p->vbs, (p->count + 1) * sizeof *vbs);
    if (!vbs)
        return ILPC_E_NOMEM;
    p->vbs = vbs;
    vbs[p->count].name = *name;
    if (snmp_value_copy(&vbs[p->count].value, value) != ILPC_OK)
        return ILPC_E_NOMEM;
    p->count++;
    return ILPC_OK;
}

static int set_bytes(snmp_value *v, enum snmp_type type, const uint8_t *data, uint32_t len)
{
    v->type = type;
    v->len = 0;
    v->bytes = NULL;
    if (len) {
        v->bytes = malloc(len);
        if (!v->bytes)
            return ILPC_E_NOMEM;
        memcpy(v->bytes, data, len);
        v->len = len;
    }
    return ILPC_OK;
}

/* SNMPv1: RFC 1155's ObjectSyntax. */
static int value_from_v1(snmp_value *v, const RFC1155_SMI_ObjectSyntax *s)
{
    memset(v, 0, sizeof *v);
    if (s->which == RFC1155_SMI_ObjectSyntax_PR_simple) {
        const RFC1155_SMI_SimpleSyntax *x = &s->u.simple;
        switch (x->which) {
        case RFC1155_SMI_SimpleSyntax_PR_number:
            v->type = SNMP_T_INTEGER;
            v->integer = x->u.number;
            return ILPC_OK;
        case RFC1155_SMI_SimpleSyntax_PR_string:
            return set_bytes(v, SNMP_T_STRING, x->u.string.data, x->u.string.len);
        case RFC1155_SMI_SimpleSyntax_PR_object:
            v->type = SNMP_T_OID;
            return oid_from(&v->oid, x->u.object.count, x->u.object.items);
        case RFC1155_SMI_SimpleSyntax_PR_empty:
            v->type = SNMP_T_NULL;
            return ILPC_OK;
        }
        return ILPC_E_BAD_DISCRIMINANT;
    }
    const RFC1155_SMI_ApplicationSyntax *a = &s->u.application_wide;
    switch (a->which) {
    case RFC1155_SMI_ApplicationSyntax_PR_address:
        v->type = SNMP_T_IPADDRESS;
        memcpy(v->ip, a->u.address.u.internet.bytes, 4);
        return ILPC_OK;
    case RFC1155_SMI_ApplicationSyntax_PR_counter:
        v->type = SNMP_T_COUNTER32;
        v->number = a->u.counter;
        return ILPC_OK;
    case RFC1155_SMI_ApplicationSyntax_PR_gauge:
        v->type = SNMP_T_GAUGE32;
        v->number = a->u.gauge;
        return ILPC_OK;
    case RFC1155_SMI_ApplicationSyntax_PR_ticks:
        v->type = SNMP_T_TIMETICKS;
        v->number = a->u.ticks;
        return ILPC_OK;
    case RFC1155_SMI_ApplicationSyntax_PR_arbitrary:
        return set_bytes(v, SNMP_T_OPAQUE, a->u.arbitrary.data, a->u.arbitrary.len);
    }
    return ILPC_E_BAD_DISCRIMINANT;
}

static int value_to_v1(RFC1155_SMI_ObjectSyntax *s, const snmp_value *v)
{
    RFC1155_SMI_SimpleSyntax *x = &s->u.simple;
    RFC1155_SMI_ApplicationSyntax *a = &s->u.application_wide;
    memset(s, 0, sizeof *s);
    s->which = RFC1155_SMI_ObjectSyntax_PR_simple;
    switch (v->type) {
    case SNMP_T_INTEGER:
        x->which = RFC1155_SMI_SimpleSyntax_PR_number;
        x->u.number = v->integer;
        return ILPC_OK;
    case SNMP_T_STRING:
        x->which = RFC1155_SMI_SimpleSyntax_PR_string;
        return bytes_to(&x->u.string.len, &x->u.string.data, v->bytes, v->len);
    case SNMP_T_OID:
        x->which = RFC1155_SMI_SimpleSyntax_PR_object;
        return oid_to(&x->u.object.count, &x->u.object.items, &v->oid);
    case SNMP_T_NULL:
        x->which = RFC1155_SMI_SimpleSyntax_PR_empty;
        return ILPC_OK;
    default:
        break;
    }
    s->which = RFC1155_SMI_ObjectSyntax_PR_application_wide;
    switch (v->type) {
    case SNMP_T_IPADDRESS:
        a->which = RFC1155_SMI_ApplicationSyntax_PR_address;
        a->u.address.which = RFC1155_SMI_NetworkAddress_PR_internet;
        memcpy(a->u.address.u.internet.bytes, v->ip, 4);
        return ILPC_OK;
    case SNMP_T_COUNTER32:
    case SNMP_T_GAUGE32:
    case SNMP_T_TIMETICKS:
        if (v->number > UINT32_MAX)
            return ILPC_E_RANGE;
        a->which = v->type == SNMP_T_COUNTER32 ? RFC1155_SMI_ApplicationSyntax_PR_counter
                 : v->type == SNMP_T_GAUGE32 ? RFC1155_SMI_ApplicationSyntax_PR_gauge
                 : RFC1155_SMI_ApplicationSyntax_PR_ticks;
        if (v->type == SNMP_T_COUNTER32)
            a->u.counter = (uint32_t)v->number;
        else if (v->type == SNMP_T_GAUGE32)
            a->u.gauge = (uint32_t)v->number;
        else
            a->u.ticks = (uint32_t)v->number;
        return ILPC_OK;
    case SNMP_T_OPAQUE:
        a->which = RFC1155_SMI_ApplicationSyntax_PR_arbitrary;
        return bytes_to(&a->u.arbitrary.len, &a->u.arbitrary.data, v->bytes, v->len);
    default:
        s->which = RFC1155_SMI_ObjectSyntax_PR_simple;   /* nothing allocated */
        x->which = RFC1155_SMI_SimpleSyntax_PR_empty;
        return SNMP_E_SYNTAX;  /* Counter64 and the exceptions: not in SNMPv1 */
    }
}

/* SNMPv2c: RFC 2578's ObjectSyntax inside RFC 3416's VarBind. */
static int value_from_v2(snmp_value *v, const SNMPv2_PDU_VarBind_value_or_exception *c)
{
    memset(v, 0, sizeof *v);
    switch (c->which) {
    case SNMPv2_PDU_VarBind_value_or_exception_PR_unSpecified:
        v->type = SNMP_T_NULL;
        return ILPC_OK;
    case SNMPv2_PDU_VarBind_value_or_exception_PR_noSuchObject:
        v->type = SNMP_T_NOSUCHOBJECT;
        return ILPC_OK;
    case SNMPv2_PDU_VarBind_value_or_exception_PR_noSuchInstance:
        v->type = SNMP_T_NOSUCHINSTANCE;
        return ILPC_OK;
    case SNMPv2_PDU_VarBind_value_or_exception_PR_endOfMibView:
        v->type = SNMP_T_ENDOFMIBVIEW;
        return ILPC_OK;
    case SNMPv2_PDU_VarBind_value_or_exception_PR_value:
        break;
    default:
        return ILPC_E_BAD_DISCRIMINANT;
    }
    const SNMPv2_SMI_ObjectSyntax *s = &c->u.value;
    if (s->which == SNMPv2_SMI_ObjectSyntax_PR_simple) {
        const SNMPv2_SMI_SimpleSyntax *x = &s->u.simple;
        switch (x->which) {
        case SNMPv2_SMI_SimpleSyntax_PR_integer_value:
            v->type = SNMP_T_INTEGER;
            v->integer = x->u.integer_value;
            return ILPC_OK;
        case SNMPv2_SMI_SimpleSyntax_PR_string_value:
            return set_bytes(v, SNMP_T_STRING, x->u.string_value.data, x->u.string_value.len);
        case SNMPv2_SMI_SimpleSyntax_PR_objectID_value:
            v->type = SNMP_T_OID;
            return oid_from(&v->oid, x->u.objectID_value.count, x->u.objectID_value.items);
        }
        return ILPC_E_BAD_DISCRIMINANT;
    }
    const SNMPv2_SMI_ApplicationSyntax *a = &s->u.application_wide;
    switch (a->which) {
    case SNMPv2_SMI_ApplicationSyntax_PR_ipAddress_value:
        v->type = SNMP_T_IPADDRESS;
        memcpy(v->ip, a->u.ipAddress_value.bytes, 4);
        return ILPC_OK;
    case SNMPv2_SMI_ApplicationSyntax_PR_counter_value:
        v->type = SNMP_T_COUNTER32;
        v->number = a->u.counter_value;
        return ILPC_OK;
    case SNMPv2_SMI_ApplicationSyntax_PR_timeticks_value:
        v->type = SNMP_T_TIMETICKS;
        v->number = a->u.timeticks_value;
        return ILPC_OK;
    case SNMPv2_SMI_ApplicationSyntax_PR_arbitrary_value:
        return set_bytes(v, SNMP_T_OPAQUE, a->u.arbitrary_value.data, a->u.arbitrary_value.len);
    case SNMPv2_SMI_ApplicationSyntax_PR_big_counter_value:
        v->type = SNMP_T_COUNTER64;
        v->number = a->u.big_counter_value;
        return ILPC_OK;
    case SNMPv2_SMI_ApplicationSyntax_PR_unsigned_integer_value:
        v->type = SNMP_T_GAUGE32;   /* Unsigned32 and Gauge32 share [APPLICATION 2] */
        v->number = a->u.unsigned_integer_value;
        return ILPC_OK;
    }
    return ILPC_E_BAD_DISCRIMINANT;
}

static int value_to_v2(SNMPv2_PDU_VarBind_value_or_exception *c, const snmp_value *v)
{
    SNMPv2_SMI_ObjectSyntax *s = &c->u.value;
    SNMPv2_SMI_SimpleSyntax *x = &s->u.simple;
    SNMPv2_SMI_ApplicationSyntax *a = &s->u.application_wide;
    memset(c, 0, sizeof *c);
    switch (v->type) {
    case SNMP_T_NULL:
        c->which = SNMPv2_PDU_VarBind_value_or_exception_PR_unSpecified;
        return ILPC_OK;
    case SNMP_T_NOSUCHOBJECT:
        c->which = SNMPv2_PDU_VarBind_value_or_exception_PR_noSuchObject;
        return ILPC_OK;
    case SNMP_T_NOSUCHINSTANCE:
        c->which = SNMPv2_PDU_VarBind_value_or_exception_PR_noSuchInstance;
        return ILPC_OK;
    case SNMP_T_ENDOFMIBVIEW:
        c->which = SNMPv2_PDU_VarBind_value_or_exception_PR_endOfMibView;
        return ILPC_OK;
    default:
        break;
    }
    c->which = SNMPv2_PDU_VarBind_value_or_exception_PR_value;
    s->which = SNMPv2_SMI_ObjectSyntax_PR_simple;
    switch (v->type) {
    case SNMP_T_INTEGER:
        if (v->integer < INT32_MIN || v->integer > INT32_MAX)
            return ILPC_E_RANGE;
        x->which = SNMPv2_SMI_SimpleSyntax_PR_integer_value;
        x->u.integer_value = (int32_t)v->integer;
        return ILPC_OK;
    case SNMP_T_STRING:
        x->which = SNMPv2_SMI_SimpleSyntax_PR_string_value;
        return bytes_to(&x->u.string_value.len, &x->u.string_value.data, v->bytes, v->len);
    case SNMP_T_OID:
        x->which = SNMPv2_SMI_SimpleSyntax_PR_objectID_value;
        return oid_to(&x->u.objectID_value.count, &x->u.objectID_value.items, &v->oid);
    default:
        break;
    }
    s->which = SNMPv2_SMI_ObjectSyntax_PR_application_wide;
    switch (v->type) {
    case SNMP_T_IPADDRESS:
        a->which = SNMPv2_SMI_ApplicationSyntax_PR_ipAddress_value;
        memcpy(a->u.ipAddress_value.bytes, v->ip, 4);
        return ILPC_OK;
    case SNMP_T_COUNTER32:
    case SNMP_T_GAUGE32:
    case SNMP_T_TIMETICKS:
        if (v->number > UINT32_MAX)
            return ILPC_E_RANGE;
        if (v->type == SNMP_T_COUNTER32) {
            a->which = SNMPv2_SMI_ApplicationSyntax_PR_counter_value;
            a->u.counter_value = (uint32_t)v->number;
        } else if (v->type == SNMP_T_GAUGE32) {
            a->which = SNMPv2_SMI_ApplicationSyntax_PR_unsigned_integer_value;
            a->u.unsigned_integer_value = (uint32_t)v->number;
        } else {
            a->which = SNMPv2_SMI_ApplicationSyntax_PR_timeticks_value;
            a->u.timeticks_value = (uint32_t)v->number;
        }
        return ILPC_OK;
    case SNMP_T_COUNTER64:
        a->which = SNMPv2_SMI_ApplicationSyntax_PR_big_counter_value;
        a->u.big_counter_value = v->number;
        return ILPC_OK;
    case SNMP_T_OPAQUE:
        a->which = SNMPv2_SMI_ApplicationSyntax_PR_arbitrary_value;
        return bytes_to(&a->u.arbitrary_value.len, &a->u.arbitrary_value.data, v->bytes, v->len);
    default:
        c->which = SNMPv2_PDU_VarBind_value_or_exception_PR_unSpecified;  /* nothing allocated */
        return SNMP_E_SYNTAX;
    }
}

/* ---- decoding */

static int varbinds_from_v1(snmp_pdu *p, const RFC1157_SNMP_VarBindList *l)
{
    p->vbs = calloc(l->count ? l->count : 1, sizeof *p->vbs);
    if (!p->vbs)
        return ILPC_E_NOMEM;
    for (uint32_t i = 0; i < l->count; i++) {
        int rc = oid_from(&p->vbs[i].name, l->items[i].name.count, l->items[i].name.items);
        if (rc == ILPC_OK)
            rc = value_from_v1(&p->vbs[i].value, &l->items[i].value);
        p->count = i + 1;   /* so that snmp_pdu_free releases what value_from gave */
        if (rc != ILPC_OK)
            return rc;
    }
    return ILPC_OK;
}

static int varbinds_from_v2(snmp_pdu *p, const SNMPv2_PDU_VarBindList *l)
{
    p->vbs = calloc(l->count ? l->count : 1, sizeof *p->vbs);
    if (!p->vbs)
        return ILPC_E_NOMEM;
    for (uint32_t i = 0; i < l->count; i++) {
        int rc = oid_from(&p->vbs[i].name, l->items[i].name.count, l->items[i].name.items);
        if (rc == ILPC_OK)
            rc = value_from_v2(&p->vbs[i].value, &l->items[i].value_or_exception);
        p->count = i + 1;
        if (rc != ILPC_OK)
            return rc;
    }
    return ILPC_OK;
}

static int decode_v1(snmp_pdu *p, const uint8_t *data, size_t len)
{
    RFC1157_SNMP_PDUs pdus;
    int rc = RFC1157_SNMP_PDUs_decode_ber(&pdus, data, len);
    if (rc != ILPC_OK)
        return rc;
    const RFC1157_SNMP_PDU *pdu = NULL;
    switch (pdus.which) {
    case RFC1157_SNMP_PDUs_PR_get_request: p->type = SNMP_GET; pdu = &pdus.u.get_request; break;
    case RFC1157_SNMP_PDUs_PR_get_next_request: p->type = SNMP_GETNEXT; pdu = &pdus.u.get_next_request; break;
    case RFC1157_SNMP_PDUs_PR_get_response: p->type = SNMP_RESPONSE; pdu = &pdus.u.get_response; break;
    case RFC1157_SNMP_PDUs_PR_set_request: p->type = SNMP_SET; pdu = &pdus.u.set_request; break;
    case RFC1157_SNMP_PDUs_PR_trap: p->type = SNMP_TRAP_V1; break;
    }
    if (pdu) {
        p->request_id = pdu->request_id;
        p->error_status = pdu->error_status;
        p->error_index = pdu->error_index;
        rc = varbinds_from_v1(p, &pdu->variable_bindings);
    } else {
        rc = varbinds_from_v1(p, &pdus.u.trap.variable_bindings);
    }
    RFC1157_SNMP_PDUs_free(&pdus);
    return rc;
}

static int decode_v2(snmp_pdu *p, const uint8_t *data, size_t len)
{
    SNMPv2_PDU_PDUs pdus;
    int rc = SNMPv2_PDU_PDUs_decode_ber(&pdus, data, len);
    if (rc != ILPC_OK)
        return rc;
    const SNMPv2_PDU_PDU *pdu = NULL;
    switch (pdus.which) {
    case SNMPv2_PDU_PDUs_PR_get_request: p->type = SNMP_GET; pdu = &pdus.u.get_request; break;
    case SNMPv2_PDU_PDUs_PR_get_next_request: p->type = SNMP_GETNEXT; pdu = &pdus.u.get_next_request; break;
    case SNMPv2_PDU_PDUs_PR_get_bulk_request: p->type = SNMP_GETBULK; break;
    case SNMPv2_PDU_PDUs_PR_response: p->type = SNMP_RESPONSE; pdu = &pdus.u.response; break;
    case SNMPv2_PDU_PDUs_PR_set_request: p->type = SNMP_SET; pdu = &pdus.u.set_request; break;
    case SNMPv2_PDU_PDUs_PR_inform_request: p->type = SNMP_INFORM; pdu = &pdus.u.inform_request; break;
    case SNMPv2_PDU_PDUs_PR_snmpV2_trap: p->type = SNMP_TRAP_V2; pdu = &pdus.u.snmpV2_trap; break;
    case SNMPv2_PDU_PDUs_PR_report: p->type = SNMP_REPORT; pdu = &pdus.u.report; break;
    }
    if (pdu) {
        p->request_id = pdu->request_id;
        p->error_status = pdu->error_status;
        p->error_index = pdu->error_index;
        rc = varbinds_from_v2(p, &pdu->variable_bindings);
    } else {
        const SNMPv2_PDU_BulkPDU *b = &pdus.u.get_bulk_request;
        p->request_id = b->request_id;
        p->error_status = b->non_repeaters;
        p->error_index = b->max_repetitions;
        rc = varbinds_from_v2(p, &b->variable_bindings);
    }
    SNMPv2_PDU_PDUs_free(&pdus);
    return rc;
}

static int set_community(snmp_pdu *p, const uint8_t *data, uint32_t len)
{
    if (len > SNMP_MAX_COMMUNITY)
        return SNMP_E_COMMUNITY;
    if (len)
        memcpy(p->community, data, len);
    p->community_len = len;
    return ILPC_OK;
}

int snmp_decode(const uint8_t *buf, size_t len, snmp_pdu *p)
{
    memset(p, 0, sizeof *p);
    /* Both versions' Message is SEQUENCE { INTEGER, OCTET STRING, ANY }: RFC 1157's
     * says which version it is; a version 1 message is then read with RFC 1901's. */
    RFC1157_SNMP_Message m1;
    int rc = RFC1157_SNMP_Message_decode_ber(&m1, buf, len);
    if (rc != ILPC_OK)
        return rc;
    if (m1.version == SNMP_VERSION_1) {
        p->version = SNMP_VERSION_1;
        rc = set_community(p, m1.community.data, m1.community.len);
        if (rc == ILPC_OK)
            rc = decode_v1(p, m1.data.data, m1.data.len);
        RFC1157_SNMP_Message_free(&m1);
    } else if (m1.version == SNMP_VERSION_2C) {
        RFC1157_SNMP_Message_free(&m1);
        COMMUNITY_BASED_SNMPv2_Message m2;
        rc = COMMUNITY_BASED_SNMPv2_Message_decode_ber(&m2, buf, len);
        if (rc != ILPC_OK)
            return rc;
        p->version = SNMP_VERSION_2C;
        rc = set_community(p, m2.community.data, m2.community.len);
        if (rc == ILPC_OK)
            rc = decode_v2(p, m2.data.data, m2.data.len);
        COMMUNITY_BASED_SNMPv2_Message_free(&m2);
    } else {
        RFC1157_SNMP_Message_free(&m1);
        return SNMP_E_VERSION;
    }
    if (rc != ILPC_OK)
        snmp_pdu_free(p);
    return rc;
}

/* ---- encoding */

static int encode_v1_pdus(const snmp_pdu *p, uint8_t **out, size_t *outlen)
{
    RFC1157_SNMP_PDUs pdus;
    memset(&pdus, 0, sizeof pdus);
    RFC1157_SNMP_PDU *pdu;
    switch (p->type) {
    case SNMP_GET: pdus.which = RFC1157_SNMP_PDUs_PR_get_request; pdu = &pdus.u.get_request; break;
    case SNMP_GETNEXT: pdus.which = RFC1157_SNMP_PDUs_PR_get_next_request; pdu = &pdus.u.get_next_request; break;
    case SNMP_RESPONSE: pdus.which = RFC1157_SNMP_PDUs_PR_get_response; pdu = &pdus.u.get_response; break;
    case SNMP_SET: pdus.which = RFC1157_SNMP_PDUs_PR_set_request; pdu = &pdus.u.set_request; break;
    default: return SNMP_E_PDU_TYPE;   /* traps are not sent here; GetBulk & co. are v2's */
    }
    pdu->request_id = p->request_id;
    pdu->error_status = p->error_status;
    pdu->error_index = p->error_index;
    int rc = ILPC_OK;
    RFC1157_SNMP_VarBindList *l = &pdu->variable_bindings;
    l->items = calloc(p->count ? p->count : 1, sizeof *l->items);
    if (!l->items)
        return ILPC_E_NOMEM;
    for (uint32_t i = 0; i < p->count && rc == ILPC_OK; i++) {
        l->count = i + 1;  /* so that _free releases what is filled in */
        rc = oid_to(&l->items[i].name.count, &l->items[i].name.items, &p->vbs[i].name);
        if (rc == ILPC_OK)
            rc = value_to_v1(&l->items[i].value, &p->vbs[i].value);
    }
    if (rc == ILPC_OK) {
        *outlen = RFC1157_SNMP_PDUs_size_der(&pdus);
        *out = malloc(*outlen ? *outlen : 1);
        rc = *out ? RFC1157_SNMP_PDUs_encode_der(&pdus, *out, *outlen, outlen) : ILPC_E_NOMEM;
    }
    RFC1157_SNMP_PDUs_free(&pdus);
    return rc;
}

static int encode_v2_pdus(const snmp_pdu *p, uint8_t **out, size_t *outlen)
{
    SNMPv2_PDU_PDUs pdus;
    memset(&pdus, 0, sizeof pdus);
    SNMPv2_PDU_PDU *pdu = NULL;
    SNMPv2_PDU_VarBindList *l;
    switch (p->type) {
    case SNMP_GET: pdus.which = SNMPv2_PDU_PDUs_PR_get_request; pdu = &pdus.u.get_request; break;
    case SNMP_GETNEXT: pdus.which = SNMPv2_PDU_PDUs_PR_get_next_request; pdu = &pdus.u.get_next_request; break;
    case SNMP_GETBULK: pdus.which = SNMPv2_PDU_PDUs_PR_get_bulk_request; break;
    case SNMP_RESPONSE: pdus.which = SNMPv2_PDU_PDUs_PR_response; pdu = &pdus.u.response; break;
    case SNMP_SET: pdus.which = SNMPv2_PDU_PDUs_PR_set_request; pdu = &pdus.u.set_request; break;
    case SNMP_INFORM: pdus.which = SNMPv2_PDU_PDUs_PR_inform_request; pdu = &pdus.u.inform_request; break;
    case SNMP_TRAP_V2: pdus.which = SNMPv2_PDU_PDUs_PR_snmpV2_trap; pdu = &pdus.u.snmpV2_trap; break;
    case SNMP_REPORT: pdus.which = SNMPv2_PDU_PDUs_PR_report; pdu = &pdus.u.report; break;
    default: return SNMP_E_PDU_TYPE;
    }
    if (p->request_id < INT32_MIN || p->request_id > INT32_MAX
        || p->error_status < 0 || p->error_status > INT32_MAX
        || p->error_index < 0 || p->error_index > INT32_MAX)
        return ILPC_E_RANGE;
    if (pdu) {
        pdu->request_id = (int32_t)p->request_id;
        pdu->error_status = p->error_status;
        pdu->error_index = (int32_t)p->error_index;
        l = &pdu->variable_bindings;
    } else {
        SNMPv2_PDU_BulkPDU *b = &pdus.u.get_bulk_request;
        b->request_id = (int32_t)p->request_id;
        b->non_repeaters = (int32_t)p->error_status;
        b->max_repetitions = (int32_t)p->error_index;
        l = &b->variable_bindings;
    }
    int rc = ILPC_OK;
    l->items = calloc(p->count ? p->count : 1, sizeof *l->items);
    if (!l->items)
        return ILPC_E_NOMEM;
    for (uint32_t i = 0; i < p->count && rc == ILPC_OK; i++) {
        l->count = i + 1;
        rc = oid_to(&l->items[i].name.count, &l->items[i].name.items, &p->vbs[i].name);
        if (rc == ILPC_OK)
            rc = value_to_v2(&l->items[i].value_or_exception, &p->vbs[i].value);
    }
    if (rc == ILPC_OK) {
        *outlen = SNMPv2_PDU_PDUs_size_der(&pdus);
        *out = malloc(*outlen ? *outlen : 1);
        rc = *out ? SNMPv2_PDU_PDUs_encode_der(&pdus, *out, *outlen, outlen) : ILPC_E_NOMEM;
    }
    SNMPv2_PDU_PDUs_free(&pdus);
    return rc;
}

int snmp_encode(const snmp_pdu *p, uint8_t *buf, size_t cap, size_t *len)
{
    uint8_t *data = NULL;
    size_t data_len = 0;
    int rc;
    if (p->version == SNMP_VERSION_1)
        rc = encode_v1_pdus(p, &data, &data_len);
    else if (p->version == SNMP_VERSION_2C)
        rc = encode_v2_pdus(p, &data, &data_len);
    else
        return SNMP_E_VERSION;
    if (rc == ILPC_OK && data_len > UINT32_MAX)
        rc = ILPC_E_SIZE;
    if (rc == ILPC_OK) {
        /* The Message's data is an ANY: the PDU's whole TLV, as encoded above.  The
         * community is pointed to, not copied: nothing here frees it. */
        if (p->version == SNMP_VERSION_1) {
            RFC1157_SNMP_Message m = {
                .version = p->version,
                .community = { p->community_len, (uint8_t *)(uintptr_t)p->community },
                .data = { (uint32_t)data_len, data },
            };
            rc = RFC1157_SNMP_Message_encode_der(&m, buf, cap, len);
        } else {
            COMMUNITY_BASED_SNMPv2_Message m = {
                .version = p->version,
                .community = { p->community_len, (uint8_t *)(uintptr_t)p->community },
                .data = { (uint32_t)data_len, data },
            };
            rc = COMMUNITY_BASED_SNMPv2_Message_encode_der(&m, buf, cap, len);
        }
    }
    free(data);
    return rc;
}

/* ---- printing, as net-snmp's print_variable (-On -Oe, no MIB files) */

static void print_hex(FILE *f, const uint8_t *b, uint32_t len)
{
    /* sprint_realloc_hexstring: "%02X " per octet, 16 to a line */
    for (uint32_t i = 0; i < len; i++) {
        fprintf(f, "%02X ", b[i]);
        if (i % 16 == 15 && i + 1 < len)
            fputc('\n', f);
    }
}

static void print_uptime(FILE *f, uint64_t ticks)
{
    unsigned centi = (unsigned)(ticks % 100);
    uint64_t secs = ticks / 100;
    unsigned days = (unsigned)(secs / 86400);
    secs %= 86400;
    unsigned hours = (unsigned)(secs / 3600), minutes = (unsigned)(secs % 3600 / 60), seconds = (unsigned)(secs % 60);
    if (days == 0)
        fprintf(f, "%u:%02u:%02u.%02u", hours, minutes, seconds, centi);
    else
        fprintf(f, "%u day%s, %u:%02u:%02u.%02u", days, days == 1 ? "" : "s", hours, minutes, seconds, centi);
}

void snmp_print_varbind(FILE *f, const snmp_varbind *vb)
{
    char name[SNMP_MAX_ARCS * 11 + 1];
    snmp_oid_format(&vb->name, name, sizeof name);
    fprintf(f, "%s = ", name);
    const snmp_value *v = &vb->value;
    switch (v->type) {
    case SNMP_T_INTEGER:
        fprintf(f, "INTEGER: %" PRId64, v->integer);
        break;
    case SNMP_T_STRING: {
        int hex = 0;
        for (uint32_t i = 0; i < v->len; i++)
            if (!isprint(v->bytes[i]) && !isspace(v->bytes[i]))
                hex = 1;
        if (v->len == 0) {
            fputs("\"\"", f);   /* net-snmp: no type word for an empty string */
        } else if (hex) {
            fputs("Hex-STRING: ", f);
            print_hex(f, v->bytes, v->len);
        } else {
            fputs("STRING: \"", f);
            for (uint32_t i = 0; i < v->len; i++) {
                if (v->bytes[i] == '"' || v->bytes[i] == '\\')
                    fputc('\\', f);
                fputc(v->bytes[i], f);
            }
            fputc('"', f);
        }
        break;
    }
    case SNMP_T_OID: {
        char oid[SNMP_MAX_ARCS * 11 + 1];
        snmp_oid_format(&v->oid, oid, sizeof oid);
        fprintf(f, "OID: %s", oid);
        break;
    }
    case SNMP_T_NULL:
        fputs("NULL", f);
        break;
    case SNMP_T_IPADDRESS:
        fprintf(f, "IpAddress: %u.%u.%u.%u", v->ip[0], v->ip[1], v->ip[2], v->ip[3]);
        break;
    case SNMP_T_COUNTER32:
        fprintf(f, "Counter32: %" PRIu64, v->number);
        break;
    case SNMP_T_GAUGE32:
        fprintf(f, "Gauge32: %" PRIu64, v->number);
        break;
    case SNMP_T_TIMETICKS:
        fprintf(f, "Timeticks: (%" PRIu64 ") ", v->number);
        print_uptime(f, v->number);
        break;
    case SNMP_T_OPAQUE:
        if (v->len == 7 && v->bytes[0] == 0x9f && v->bytes[1] == 0x78 && v->bytes[2] == 4) {
            /* net-snmp's float in an Opaque: [APPLICATION 120] (9F 78), 4 octets of an
             * IEEE 754 single, big-endian */
            uint32_t bits = (uint32_t)v->bytes[3] << 24 | (uint32_t)v->bytes[4] << 16
                          | (uint32_t)v->bytes[5] << 8 | v->bytes[6];
            float x;
            memcpy(&x, &bits, sizeof x);
            fprintf(f, "Opaque: Float: %f", (double)x);
            break;
        }
        fputs("OPAQUE: ", f);
        print_hex(f, v->bytes, v->len);
        break;
    case SNMP_T_COUNTER64:
        fprintf(f, "Counter64: %" PRIu64, v->number);
        break;
    case SNMP_T_NOSUCHOBJECT:
        fputs("No Such Object available on this agent at this OID", f);
        break;
    case SNMP_T_NOSUCHINSTANCE:
        fputs("No Such Instance currently exists at this OID", f);
        break;
    case SNMP_T_ENDOFMIBVIEW:
        fputs("No more variables left in this MIB View (It is past the end of the MIB tree)", f);
        break;
    }
    fputc('\n', f);
}

const char *snmp_errstring(int64_t status)
{
    static const char *const text[] = {
        "(noError) No Error",
        "(tooBig) Response message would have been too large.",
        "(noSuchName) There is no such variable name in this MIB.",
        "(badValue) The value given has the wrong type or length.",
        "(readOnly) The two parties used do not have access to use the specified SNMP PDU.",
        "(genError) A general failure occured",
        "noAccess",
        "wrongType (The set datatype does not match the data type the agent expects)",
        "wrongLength (The set value has an illegal length from what the agent expects)",
        "wrongEncoding",
        "wrongValue (The set value is illegal or unsupported in some way)",
        "noCreation (That table does not support row creation or that object can not ever be created)",
        "inconsistentValue (The set value is illegal or unsupported in some way)",
        "resourceUnavailable (This is likely a out-of-memory failure within the agent)",
        "commitFailed",
        "undoFailed",
        "authorizationError (access denied to that object)",
        "notWritable (That object does not support modification)",
        "inconsistentName (That object can not currently be created)",
    };
    if (status >= 0 && status < (int64_t)(sizeof text / sizeof text[0]))
        return text[status];
    return "Unknown Error";
}

const char *snmp_pdu_type_name(enum snmp_pdu_type t)
{
    switch (t) {
    case SNMP_GET: return "GetRequest";
    case SNMP_GETNEXT: return "GetNextRequest";
    case SNMP_RESPONSE: return "Response";
    case SNMP_SET: return "SetRequest";
    case SNMP_TRAP_V1: return "Trap";
    case SNMP_GETBULK: return "GetBulkRequest";
    case SNMP_INFORM: return "InformRequest";
    case SNMP_TRAP_V2: return "SNMPv2-Trap";
    case SNMP_REPORT: return "Report";
    }
    return "?";
}
