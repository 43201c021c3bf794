"""Generated C for the ASN.1 types whose checks the oracle cannot see through
asn1tools' parse (it keeps no constraint of an OBJECT IDENTIFIER, and no object set
given in braces as an actual parameter), and checks of constraints on exact bytes, run
through the harness."""
from __future__ import annotations

import struct

import pytest

from conftest import BuildError, build_harness, check_clean_exit, run_harness

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]


def _harness(tmp_path, body: str):
    spec = tmp_path / "Types.asn1"
    spec.write_text("Types DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n" + body + "\nEND\n")
    try:
        return build_harness([spec], tmp_path / "out", "asan")
    except BuildError as e:
        pytest.fail(str(e), pytrace=False)


def oid(*arcs: int) -> bytes:
    return struct.pack(">I", len(arcs)) + b"".join(struct.pack(">Q", a) for a in arcs)


def _roundtrip(harness, type_name, data):
    r = run_harness(harness, type_name, data)
    check_clean_exit(r, f"{type_name} {data.hex()}")
    return r


OID_SPEC = """
id-a OBJECT IDENTIFIER ::= { iso(1) member-body(2) us(840) 113549 }
id-b OBJECT IDENTIFIER ::= { id-a 1 }
Two ::= OBJECT IDENTIFIER (id-a | id-b)
Rel ::= RELATIVE-OID ({ 5 6 })
WithDefault ::= SEQUENCE { o OBJECT IDENTIFIER DEFAULT { id-b 7 }, n BOOLEAN }
"""


@pytest.fixture(scope="module")
def oid_harness(tmp_path_factory):
    return _harness(tmp_path_factory.mktemp("oid"), OID_SPEC)


@pytest.mark.parametrize("type_name, arcs, ok", [
    ("Two", (1, 2, 840, 113549), True),
    ("Two", (1, 2, 840, 113549, 1), True),
    ("Two", (1, 2, 840, 113549, 2), False),
    ("Two", (1, 2, 840), False),
    ("Rel", (5, 6), True),
    ("Rel", (5, 7), False),
    ("Rel", (5,), False),
])
def test_single_value_constraints_are_enforced(oid_harness, type_name, arcs, ok):
    r = _roundtrip(oid_harness, f"Types.{type_name}", oid(*arcs))
    assert (r.returncode == 0) == ok
    if ok:
        assert r.stdout == oid(*arcs)


def test_absent_oid_default_decodes_to_its_value_and_stays_absent(oid_harness):
    absent = struct.pack(">II", 0, 1)
    r = _roundtrip(oid_harness, "Types.WithDefault", absent)
    assert r.returncode == 0 and r.stdout == absent
    present = struct.pack(">I", 1) + oid(1, 2, 840, 113549, 1, 7) + struct.pack(">I", 0)
    r = _roundtrip(oid_harness, "Types.WithDefault", present)
    assert r.returncode == 0 and r.stdout == present


@pytest.mark.parametrize("arcs, ok", [
    ((0, 39), True), ((1, 39, 5), True), ((2, 999, 1), True), ((2, 2**64 - 1), True),
    ((0, 40), False), ((1, 40), False), ((3, 0), False), ((2,), False), ((), False),
])
def test_object_identifier_arc_rules(oid_harness, arcs, ok):
    r = _roundtrip(oid_harness, "Types.WithDefault", struct.pack(">I", 1) + oid(*arcs) + struct.pack(">I", 1))
    assert (r.returncode == 0) == ok


# ---------------------------------------------------- BOOLEAN constraints

BOOL_SPEC = """
On ::= BOOLEAN (TRUE)
Off ::= BOOLEAN (FALSE, ...)
Pair ::= SEQUENCE { on On, off BOOLEAN (FALSE) OPTIONAL }
"""


@pytest.fixture(scope="module")
def bool_harness(tmp_path_factory):
    return _harness(tmp_path_factory.mktemp("bool"), BOOL_SPEC)


@pytest.mark.parametrize("type_name, words, ok", [
    ("On", (1,), True), ("On", (0,), False), ("On", (2,), False),
    ("Off", (0,), True), ("Off", (1,), True),             # extensible: not enforced
    ("Pair", (1, 1, 0), True), ("Pair", (1, 0), True),
    ("Pair", (0, 0), False), ("Pair", (1, 1, 1), False),
])
def test_boolean_constraints_are_enforced(bool_harness, type_name, words, ok):
    data = b"".join(struct.pack(">I", w) for w in words)
    r = _roundtrip(bool_harness, f"Types.{type_name}", data)
    assert (r.returncode == 0) == ok
    if ok:
        assert r.stdout == data


# ---------------------------------------------------- EXCEPT
# asn1tools' parse rejects `A EXCEPT B` and drops `ALL EXCEPT B`: the oracle cannot see
# these constraints, so they are checked here on exact bytes.

EXCEPT_SPEC = """
Digits ::= INTEGER (0..10 EXCEPT 5)
Color ::= ENUMERATED { red, green, blue } (ALL EXCEPT green)
Short ::= IA5String (SIZE (0..4 EXCEPT 2) ^ FROM (ALL EXCEPT ({0, 0, 0, 0}..{0, 0, 0, 31} | "~")))
Vanilla ::= BMPString (FROM (ALL EXCEPT ({0, 0, 0, 0}..{0, 0, 0, 31} | {0, 0, 0, 128}..{0, 0, 0, 159})))
NoControl ::= UTF8String (FROM (ALL EXCEPT {0, 0, 0, 0}..{0, 0, 0, 31}))
Items ::= SEQUENCE (SIZE (ALL EXCEPT 1)) OF BOOLEAN
"""


def _text(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data + bytes(-len(data) % 4)


@pytest.fixture(scope="module")
def except_harness(tmp_path_factory):
    return _harness(tmp_path_factory.mktemp("except"), EXCEPT_SPEC)


@pytest.mark.parametrize("type_name, data, ok", [
    ("Digits", struct.pack(">i", 4), True), ("Digits", struct.pack(">i", 5), False),
    ("Digits", struct.pack(">i", 10), True), ("Digits", struct.pack(">i", 11), False),
    ("Color", struct.pack(">i", 2), True), ("Color", struct.pack(">i", 1), False),
    ("Short", _text(b"abc"), True), ("Short", _text(b"ab"), False), ("Short", _text(b""), True),
    ("Short", _text(b"a\x05c"), False), ("Short", _text(b"a~c"), False), ("Short", _text(b"abcde"), False),
    ("Vanilla", _text("a\u00a0".encode()), True), ("Vanilla", _text(b"\x1f"), False),
    ("Vanilla", _text("a\u0085".encode()), True),  # widened: multi-byte UTF-8 is not checked per character
    ("NoControl", _text("\u00e9\u20ac".encode()), True), ("NoControl", _text(b"a\x01"), False),
    ("Items", struct.pack(">I", 0), True), ("Items", struct.pack(">II", 1, 1), False),
    ("Items", struct.pack(">III", 2, 1, 0), True),
])
def test_except_constraints_are_enforced(except_harness, type_name, data, ok):
    r = _roundtrip(except_harness, f"Types.{type_name}", data)
    assert (r.returncode == 0) == ok
    if ok:
        assert r.stdout == data


# ---------------------------------------------------- CONTAINING

CONTAINING_SPEC = """Contents DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Inner ::= SEQUENCE { a INTEGER (0..10), b IA5String OPTIONAL }
Wrapper ::= OCTET STRING (CONTAINING Inner)
Outer ::= SEQUENCE {
    octets OCTET STRING (CONTAINING Inner),
    bits   BIT STRING (CONTAINING Inner),
    other  OCTET STRING (CONTAINING Inner ENCODED BY { joint-iso-itu-t asn1(1) basic-encoding(1) }),
    point  OCTET STRING (CONTAINING SEQUENCE { x INTEGER (0..9), y BOOLEAN })
}
Packed { T } ::= OCTET STRING (CONTAINING T)
PackedFlag ::= Packed { BOOLEAN }
END
"""

CONTAINING_APP = r"""#include "Contents.h"
#include <stdio.h>
#include <string.h>
int main(void) {
    Contents_Inner in; memset(&in, 0, sizeof in);
    in.a = 7; in.has_b = true; in.b.data = "hello"; in.b.len = 5;
    Contents_Outer o; memset(&o, 0, sizeof o);
    /* a contained type that is not named gets the name of its place, then contents */
    Contents_Outer_point_contents pt = { 3, true }, pb;
    if (Contents_Outer_point_encode_contents(&o.point, &pt) != ILPC_OK || o.point.len != 8) return 13;
    if (Contents_Outer_point_decode_contents(&o.point, &pb) != ILPC_OK || pb.x != 3 || !pb.y) return 14;
    pt.x = 10;  /* checked by the contained type's encoder */
    Contents_Outer_point pbad; memset(&pbad, 0, sizeof pbad);
    if (Contents_Outer_point_encode_contents(&pbad, &pt) != ILPC_E_RANGE || pbad.data != NULL) return 15;
    Contents_PackedFlag pf; memset(&pf, 0, sizeof pf);
    Contents_PackedFlag_contents flag = true, back_flag = false;
    if (Contents_PackedFlag_encode_contents(&pf, &flag) != ILPC_OK || pf.len != 4) return 16;
    if (Contents_PackedFlag_decode_contents(&pf, &back_flag) != ILPC_OK || !back_flag) return 17;
    Contents_PackedFlag_free(&pf);
    if (Contents_Outer_octets_encode_contents(&o.octets, &in) != ILPC_OK) return 1;
    if (o.octets.len != Contents_Inner_size(&in)) return 2;
    if (Contents_Outer_bits_encode_contents(&o.bits, &in) != ILPC_OK) return 3;
    if (o.bits.bits != 8 * o.octets.len || memcmp(o.bits.data, o.octets.data, o.octets.len)) return 4;
    uint8_t buf[512]; size_t len = 0;
    if (Contents_Outer_encode(&o, buf, sizeof buf, &len) != ILPC_OK) return 5;
    Contents_Outer back;
    if (Contents_Outer_decode(&back, buf, len) != ILPC_OK) return 6;
    Contents_Inner x, y;
    if (Contents_Outer_octets_decode_contents(&back.octets, &x) != ILPC_OK) return 7;
    if (Contents_Outer_bits_decode_contents(&back.bits, &y) != ILPC_OK) return 8;
    if (x.a != 7 || !x.has_b || x.b.len != 5 || memcmp(x.b.data, "hello", 5) || y.a != 7 || !y.has_b) return 9;
    Contents_Inner_free(&x); Contents_Inner_free(&y);
    back.bits.bits -= 1;  /* not a whole number of bytes */
    if (Contents_Outer_bits_decode_contents(&back.bits, &y) != ILPC_E_SIZE) return 10;
    back.bits.bits += 1;
    back.octets.len -= 4;  /* a truncated Inner */
    if (Contents_Outer_octets_decode_contents(&back.octets, &x) == ILPC_OK) return 11;
    back.octets.len += 4;
    Contents_Outer_free(&back);
    in.a = 11;  /* the contained value is checked by its encoder */
    Contents_Wrapper w; memset(&w, 0, sizeof w);
    if (Contents_Wrapper_encode_contents(&w, &in) != ILPC_E_RANGE || w.data != NULL) return 12;
    Contents_Outer_free(&o);
    puts("ok");
    return 0;
}
"""


def test_containing_helpers_put_a_value_in_and_take_it_out(tmp_path):
    import subprocess
    from conftest import ilpc_command, libcrypto_flags
    spec = tmp_path / "Contents.asn1"
    spec.write_text(CONTAINING_SPEC)
    out = tmp_path / "out"
    r = subprocess.run(ilpc_command() + [str(spec), "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    header = (out / "Contents.h").read_text()
    assert "Contents_Outer_other_encode_contents" not in header  # ENCODED BY: other rules, no helpers
    assert "int Contents_Outer_point_encode_contents(Contents_Outer_point *dst, " \
           "const Contents_Outer_point_contents *v);" in header
    san = "-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"
    r = subprocess.run(["make", "-C", str(out), "-j2", f"CFLAGS={san}", f"LDFLAGS={san}",
                        "CPPFLAGS=-DILPC_ILP_COMPACT=1"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    app = tmp_path / "app.c"
    app.write_text(CONTAINING_APP)
    exe = tmp_path / "app"
    r = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", *san.split(), f"-I{out}",
                        str(app), str(out / "libContents.a"), *libcrypto_flags()[1], "-o", str(exe)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(exe)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr)


# ---------------------------------------------------- a union of subtypes of one type

SUBTYPES_SPEC = """
S ::= SEQUENCE { k ENUMERATED { a, b, c }, n INTEGER (0..100), next S OPTIONAL }
A ::= S (WITH COMPONENTS { ..., k (a), n (1..9), next ABSENT })
B ::= S (WITH COMPONENTS { ..., k (b), next (WITH COMPONENTS { ..., k (a) }) PRESENT })
U ::= S (A | B)
Whole ::= S (S | A)
"""


def _s(k: int, n: int, nxt: bytes | None = None) -> bytes:
    """An S: k, n, then next's presence flag (and next)."""
    return struct.pack(">iiI", k, n, nxt is not None) + (nxt or b"")


@pytest.fixture(scope="module")
def subtypes_harness(tmp_path_factory):
    return _harness(tmp_path_factory.mktemp("subtypes"), SUBTYPES_SPEC)


@pytest.mark.parametrize("type_name, data, ok", [
    ("U", _s(0, 5), True),                     # an A
    ("U", _s(1, 50, _s(0, 0)), True),          # a B: next (held through a pointer) has k a
    ("U", _s(1, 50, _s(0, 0, _s(2, 3))), True),
    ("U", _s(0, 50), False),                   # k a, but n outside A's 1..9: neither
    ("U", _s(0, 5, _s(0, 5)), False),          # k a, but next present: neither
    ("U", _s(1, 5), False),                    # k b, but no next
    ("U", _s(1, 5, _s(1, 5, _s(0, 1))), False),  # k b, but next's k is not a
    ("U", _s(2, 5), False),                    # k c: neither
    ("Whole", _s(2, 77, _s(1, 5)), True),      # S itself: every value
])
def test_union_of_subtypes_is_enforced_by_the_decoder(subtypes_harness, type_name, data, ok):
    """`S (A | B)` with A and B subtypes of S: a value of S is taken when it is a value
    of A or of B, with each one's constraints on the components together (the decoder
    says ILPC_E_PRESENCE otherwise; the harness round-trips what it takes)."""
    r = run_harness(subtypes_harness, f"Types.{type_name}", data)
    if ok:
        check_clean_exit(r, f"{type_name} {data.hex()}")
        assert r.stdout == data
    else:
        assert r.returncode != 0 and r.stdout == b"" and b"WITH COMPONENTS" in r.stderr  # ILPC_E_PRESENCE


# ---------------------------------------------------- object sets of a module not given

REGIONAL_SPEC = """
IMPORTS Reg-Map FROM REGION { iso(1) standard(0) 19091 profilec(2) region(1) version2(2) };
ID-AND-TYPE ::= CLASS { &id INTEGER (0..255) UNIQUE, &Type } WITH SYNTAX { &Type IDENTIFIED BY &id }
Ext {ID-AND-TYPE : Set} ::= SEQUENCE { id ID-AND-TYPE.&id ({Set}), value ID-AND-TYPE.&Type ({Set}{@id}) }
Map ::= SEQUENCE { n INTEGER (0..9), regional SEQUENCE (SIZE (1..2)) OF Ext {{Reg-Map}} OPTIONAL }
"""


def _ext(region: int, value: bytes) -> bytes:
    pad = b"\0" * (-len(value) % 4)
    return struct.pack(">iI", region, len(value)) + value + pad


@pytest.fixture(scope="module")
def regional_harness(tmp_path_factory):
    return _harness(tmp_path_factory.mktemp("regional"), REGIONAL_SPEC)


@pytest.mark.parametrize("data, ok", [
    (struct.pack(">iI", 3, 0), True),                                           # no regional
    (struct.pack(">iII", 3, 1, 1) + _ext(7, b"\x01\x02\x03"), True),           # one, an opaque
    (struct.pack(">iII", 3, 1, 2) + _ext(0, b"") + _ext(255, b"abcd"), True),
    (struct.pack(">iII", 3, 1, 1) + _ext(256, b""), False),                    # &id: RegionId's 0..255
    (struct.pack(">iII", 3, 1, 3) + _ext(1, b"") * 3, False),                  # SIZE (1..2)
])
def test_unknown_object_set_makes_an_opaque(regional_harness, data, ok):
    """`Ext {{Reg-Map}}` with Reg-Map imported from a module that was not given (as
    DSRC's RegionalExtension {{Reg-MapData}}): the open type is an opaque holding the
    value's encoding, the id the class field's type; it builds and round-trips."""
    r = run_harness(regional_harness, "Types.Map", data)
    if ok:
        check_clean_exit(r, data.hex())
        assert r.stdout == data
    else:
        assert r.returncode != 0 and r.stdout == b""
