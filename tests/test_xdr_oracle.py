"""ilpc's generated C against an independent XDR oracle (tests/oracle/asn1_xdr.py).

For every named type of every spec group (tests/conftest.py: the examples and
tests/specs/*.asn1), N_VALUES seeded random valid values (tests/oracle/values.py) are
encoded by the oracle; ``ilpc-harness roundtrip`` (ASan+UBSan build) must exit 0 and
give back the same bytes, and the oracle must decode them to the same value.

The oracle is itself checked first: against encodings worked out by hand from
docs/mapping.md, against hand-made malformed inputs, and its random values against
asn1tools' own constraint checks.
"""
from __future__ import annotations

import collections
import zlib

import asn1tools
import pytest

from conftest import oracle_spec, run_many, spec_paths, type_params
from oracle.asn1_xdr import (
    ChoiceNode, DecodeError, EncodeError, IntNode, OidNode, StructNode, XdrSpec, resolve, same_value,
)
from oracle.values import ValueGen

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

N_VALUES = 50

PRIMS = "XdrPrims"
STRUCTS = "XdrStructs"


def seed_of(type_name: str) -> int:
    return zlib.crc32(type_name.encode())


# ---------------------------------------------------------------- the oracle, by hand

KNOWN = [
    # (group, type, value, hex of the XDR encoding per docs/mapping.md)
    (PRIMS, "Byte", 5, "00000005"),
    (PRIMS, "Negative", -1, "ffffffff"),
    (PRIMS, "Int32Full", -2**31, "80000000"),
    (PRIMS, "UInt32High", 2**32 - 1, "ffffffff"),
    (PRIMS, "UInt32Full", 2**31, "80000000"),
    (PRIMS, "Hyper", -2, "fffffffffffffffe"),
    (PRIMS, "HyperBeyondU32", 2**32, "0000000100000000"),
    (PRIMS, "HyperNegBig", -1, "ffffffffffffffff"),
    (PRIMS, "UHyperHigh", 2**64 - 1, "ffffffffffffffff"),
    (PRIMS, "UHyperFull", 2**63, "8000000000000000"),
    (PRIMS, "NonNegative", 2**63 - 1, "7fffffffffffffff"),
    (PRIMS, "Disjoint", 6, "00000006"),
    (PRIMS, "DisjointWide", 4294967295, "00000000ffffffff"),
    (PRIMS, "NamedNumbers", 100, "00000064"),
    (PRIMS, "ByValueRefs", -1000, "fffffc18"),
    (PRIMS, "ExtensibleRange", 10**12, "000000e8d4a51000"),       # (0..9999, ...) -> hyper
    (PRIMS, "ExtensibleWithAdditions", -7, "fffffffffffffff9"),
    (PRIMS, "ByteNarrowed", 20, "00000014"),
    (PRIMS, "ByteExtensiblyNarrowed", 200, "000000c8"),            # Byte (1..2, ...) = Byte
    (PRIMS, "Flag", True, "00000001"),
    (PRIMS, "Nothing", None, ""),
    (PRIMS, "Double", 1.0, "3ff0000000000000"),
    (PRIMS, "Double", -0.0, "8000000000000000"),
    (PRIMS, "Color", "green", "00000005"),
    (PRIMS, "Color", "blue", "00000001"),                          # X.680: smallest unused
    (PRIMS, "Gappy", "minus", "fffffffd"),
    (PRIMS, "ExtEnum", "gamma", "00000002"),
    (PRIMS, "Octets3", b"abc", "61626300"),                        # opaque[3], padded
    (PRIMS, "Octets4", b"abcd", "61626364"),
    (PRIMS, "Octets0To10", b"abcde", "00000005" "6162636465000000"),
    (PRIMS, "OctetsAny", b"", "00000000"),
    (PRIMS, "OctetsExtensible", b"a", "00000001" "61000000"),     # SIZE (2, ...) -> opaque<>
    (PRIMS, "BitsAny", (b"\xa0", 3), "00000003" "00000001" "a0000000"),
    (PRIMS, "Bits12", (b"\xab\xc0", 12), "0000000c" "00000002" "abc00000"),
    (PRIMS, "Bits32", (b"\x01\x02\x03\x04", 32), "00000020" "00000004" "01020304"),
    (PRIMS, "Bits0To20", (b"", 0), "00000000" "00000000"),
    (PRIMS, "Name", "hi", "00000002" "68690000"),
    (PRIMS, "Digits", "12 4", "00000004" "31322034"),              # string<4>, not fixed
    (PRIMS, "Utf8", "\u00e9", "00000002" "c3a90000"),             # SIZE counts bytes
    (PRIMS, "Dna", "GATTACA", "00000007" "47415454414341" "00"),
    (PRIMS, "Ia5Extensible", "abcdef", "00000006" "616263646566" "0000"),
    ("XdrCorpus", "Gap", "d", "00000001"),                          # X.680: not after z(25)
    ("XdrCorpus", "Mixed", "g", "00000005"),
    ("XdrCorpus", "Later", "d", "00000005"),
    ("XdrCorpus", "Defaults", {"odd": b"\x10"}, "00000001" "00000001" "10000000" "00000000" "00000000"),
    ("XdrConstraints", "Ratio", 1.0, "3ff0000000000000"),
    ("XdrConstraints", "Few", -0.0, "8000000000000000"),            # compared as a double: -0 = 0
    ("XdrConstraints", "Narrow", 0.25, "3fd0000000000000"),
    ("XdrConstraints", "Warm", "green", "00000001"),
    ("XdrConstraints", "Answer", "no", "00000002" "6e6f0000"),
    ("XdrConstraints", "On", True, "00000001"),
    ("XdrConstraints", "Off", False, "00000000"),
    ("XdrConstraints", "Either", False, "00000000"),                # (TRUE, ...): both
    (STRUCTS, "Point", {"x": -1, "y": 2}, "ffffffff" "00000002"),
    (STRUCTS, "OnlyOptional", {}, "00000000" "00000000"),
    (STRUCTS, "OnlyOptional", {"y": 7}, "00000000" "00000001" "00000007"),
    (STRUCTS, "WithDefaults", {"level": -3}, "00000000" "00000001" "fffffffd" "00000000" "00000000"),
    (STRUCTS, "WithDefaults", {"tag": b"\x0a\x0b", "big": 1},
     "00000000" "00000000" "00000001" "0a0b0000" "00000001" "0000000000000001"),
    (STRUCTS, "Shape", ("none", None), "00000000"),
    (STRUCTS, "Shape", ("label", "ab"), "00000003" "00000002" "61620000"),
    (STRUCTS, "Shape", ("nothing", None), "00000005"),
    (STRUCTS, "Shape", ("poly", [{"x": 1, "y": 2}]), "00000004" "00000001" "00000001" "00000002"),
    (STRUCTS, "Triple", [1, 2, 3], "00000001" "00000002" "00000003"),  # array[3]: no count
    (STRUCTS, "Names", ["a"], "00000001" "00000001" "61000000"),
    (STRUCTS, "NamesFixed", ["a", "bcd"], "00000001" "61000000" "00000003" "62636400"),
    (STRUCTS, "ExtChoice", ("third", None), "00000002"),
    (STRUCTS, "ExtensibleOnly", {"a": True}, "00000001"),
    (STRUCTS, "TwoMarkers", {"a": True, "c": False}, "00000001" "00000000" "00000000"),  # c: root again
    (STRUCTS, "TwoMarkers", {"a": False, "b": 7, "c": True}, "00000000" "00000001" "00000007" "00000001"),
    (STRUCTS, "Keywords", {"int": 9, "string": "", "opaque": b"x", "case": True, "switch": ("union", 1)},
     "00000009" "00000000" "78000000" "00000001" "00000000" "00000002" "00000001"),
    (STRUCTS, "TaggedInt", 7, "00000007"),
    (STRUCTS, "TaggedSeq", {"a": False, "b": ""}, "00000000" "00000000" "00000000"),
    (STRUCTS, "Nested", ("inner", ("b", ("y", "fancy"))), "00000000" "00000001" "00000001" "00000007"),
    (STRUCTS, "RefUse", {"t": 3, "s": "x", "p": [], "q": 55, "r": "abcde"},
     "00000003" "00000001" "78000000" "00000000" "00000037" "00000005" "6162636465000000"),
    (STRUCTS, "ExtConstraints", {"i": -1, "o": b"", "s": "", "l": []},
     "ffffffffffffffff" "00000000" "00000000" "00000000"),
    ("XdrOids", "Qualifier", "2.27", "00000002" "0000000000000002" "000000000000001b"),
    ("XdrOids", "PkcsOnly", "1.2.840.113549.1.1",
     "00000006" "0000000000000001" "0000000000000002"
     "0000000000000348" "000000000001bb8d" "0000000000000001" "0000000000000001"),
    ("XdrPrims", "Bmp", "\u00e9t\u00e9", "00000003" "e974e900"),
    ("XdrObjects", "Failure", {"category": "B", "code": 2, "info": ("object1", True)},
     "00000001" "42000000" "00000002" "00000001" "00000001"),
    # RFC 5280's version DEFAULT v1: a named number of the component's type
    ("XdrCorpus", "Versioned", {"serial": 3}, "00000000" "00000003"),
    ("XdrCorpus", "Versioned", {"version": 0, "serial": 3}, "00000001" "0000000000000000" "00000003"),
    ("XdrImports", "Leaf", "1.3.6.1.5.5.7.2.1",
     "00000009" "0000000000000001" "0000000000000003" "0000000000000006" "0000000000000001"
     "0000000000000005" "0000000000000005" "0000000000000007" "0000000000000002" "0000000000000001"),
    (STRUCTS, "Record", {"id": 1, "name": "", "flag": True, "marker": None, "addedReq": False},
     "00000001" "00000000" "00000001" + "00000000" * 7 + "00000000" "00000001" "00000000"),
]


@pytest.mark.parametrize("group,type_name,value,hex_", KNOWN,
                         ids=[f"{k[1]}-{i}" for i, k in enumerate(KNOWN)])
def test_oracle_known_encoding(group, type_name, value, hex_):
    t = oracle_spec(group).type(type_name)
    assert t.encode(value).hex() == hex_
    assert same_value(t.decode(bytes.fromhex(hex_)), value)


REJECT = [
    # (group, type, hex, reason the oracle must give)
    (PRIMS, "Flag", "00000002", "bad_bool"),
    (PRIMS, "Flag", "ffffffff", "bad_bool"),
    (PRIMS, "Byte", "00000100", "range"),
    (PRIMS, "Byte", "ffffffff", "range"),
    (PRIMS, "Disjoint", "00000004", "range"),
    (PRIMS, "ByteNarrowed", "00000009", "range"),
    (PRIMS, "UInt32High", "7fffffff", "range"),
    (PRIMS, "NonNegative", "8000000000000000", "range"),
    (PRIMS, "UHyperHigh", "7fffffffffffffff", "range"),
    (PRIMS, "Color", "00000002", "bad_enum"),
    (PRIMS, "Octets0To10", "0000000b" + "00" * 12, "size"),
    (PRIMS, "Octets2To5", "00000001" "61000000", "size"),
    (PRIMS, "Octets3", "61626301", "padding"),
    (PRIMS, "Octets0To10", "00000001" "61000100", "padding"),
    (PRIMS, "BitsAny", "00000003" "00000001" "a1000000", "padding"),   # unused bits
    (PRIMS, "BitsAny", "00000003" "00000002" "a0000000", "size"),      # byte count != bits
    (PRIMS, "Bits12", "0000000b" "00000002" "a0000000", "size"),
    (PRIMS, "Name", "00000001" "80000000", "alphabet"),
    (PRIMS, "Digits", "00000004" "3132333a", "alphabet"),
    (PRIMS, "Utf8", "00000001" "ff000000", "alphabet"),
    (PRIMS, "Name", "00000000", "size"),
    (PRIMS, "Byte", "0000000500", "trailing"),
    (PRIMS, "Byte", "000000", "truncated"),
    (PRIMS, "Byte", "", "truncated"),
    (PRIMS, "OctetsAny", "00000100" "00", "truncated"),
    (PRIMS, "OctetsAny", "ffffffff", "limit"),
    ("XdrConstraints", "Ratio", "3ff0000000000001", "range"),       # just above 1.0
    ("XdrConstraints", "Ratio", "7ff8000000000000", "range"),       # NaN
    ("XdrConstraints", "Few", "3ff0000000000000", "range"),         # 1.0
    ("XdrConstraints", "Negative", "bff0000000000000", "range"),      # -1.0
    ("XdrConstraints", "Narrow", "3fc0000000000000", "range"),      # 0.125
    ("XdrConstraints", "Warm", "00000002", "bad_enum"),             # blue
    ("XdrConstraints", "Answer", "00000003" "61626300", "alphabet"),  # "abc": a yes/no length, not its characters
    ("XdrConstraints", "On", "00000000", "range"),
    ("XdrConstraints", "AlsoOn", "00000000", "range"),
    ("XdrConstraints", "Off", "00000001", "range"),
    ("XdrConstraints", "Off", "00000002", "bad_bool"),
    (STRUCTS, "Triple", "00000001" "00000002", "truncated"),
    (STRUCTS, "Points", "00010000", "truncated"),
    (STRUCTS, "Shape", "00000006", "bad_discriminant"),
    (STRUCTS, "Shape", "ffffffff", "bad_discriminant"),
    (STRUCTS, "OnlyOptional", "00000002" "00000000", "bad_bool"),
    (STRUCTS, "Names", "00000006" + "00000000" * 6, "size"),
    (STRUCTS, "NonEmptyPoints", "00000000", "size"),
    # single values of OBJECT IDENTIFIER, which asn1tools' parse drops (the oracle reads
    # them back): 1.2.840.113549 is id-rsadsi, not id-pkcs1 or id-top
    ("XdrOids", "Qualifier", "00000004" "0000000000000001" "0000000000000002"
     "0000000000000348" "000000000001bb8d", "range"),
    ("XdrOids", "PkcsOnly", "00000002" "0000000000000002" "000000000000001b", "range"),
    # named numbers of the referenced type in a constraint: max is 1, min -1 (not the value 3)
    ("XdrCorpus", "Known", "00000002", "range"),
    ("XdrCorpus", "Known", "fffffffe", "range"),
    ("XdrCorpus", "FromZero", "ffffffff", "range"),
    # a class field's own SIZE (1), which asn1tools' parse of the class drops
    ("XdrObjects", "Failure", "00000002" "41420000" "00000001" "00000001" "00000001", "size"),
    # a type setting's own constraint (0..9), which asn1tools' parse of the set drops
    ("XdrObjects", "Failure", "00000001" "41000000" "00000001" "00000000" "0000000a", "range"),
]


@pytest.mark.parametrize("group,type_name,hex_,reason", REJECT,
                         ids=[f"{k[1]}-{k[3]}-{i}" for i, k in enumerate(REJECT)])
def test_oracle_rejects(group, type_name, hex_, reason):
    t = oracle_spec(group).type(type_name)
    with pytest.raises(DecodeError) as e:
        t.decode(bytes.fromhex(hex_))
    assert e.value.reason == reason


@pytest.mark.parametrize("type_name,value", [
    ("Byte", 256), ("Byte", True), ("Disjoint", 2), ("Name", ""), ("Name", "\u00e9"),
    ("Octets4", b"abc"), ("Bits12", (b"\xab\xc1", 12)), ("Bits12", (b"\xab", 12)), ("Color", "mauve"),
    ("Dna", "ACGU"), ("UHyperHigh", 2**63 - 1), ("Double", 1),
])
def test_oracle_encoder_rejects_invalid_values(type_name, value):
    with pytest.raises(EncodeError):
        oracle_spec(PRIMS).type(type_name).encode(value)


def test_oracle_length_cap_applies_to_unbounded_only(tmp_path):
    p = tmp_path / "Caps.asn1"
    p.write_text("Caps DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n"
                 "Nulls ::= SEQUENCE OF NULL\nFew ::= SEQUENCE (SIZE (0..5)) OF NULL\nEND\n")
    spec = XdrSpec([str(p)])
    with pytest.raises(DecodeError) as e:
        spec.type("Nulls").decode(bytes.fromhex("ffffffff"))
    assert e.value.reason == "limit"
    assert spec.type("Nulls").decode(bytes.fromhex("00000003")) == [None] * 3
    assert spec.type("Few").decode(bytes.fromhex("00000005")) == [None] * 5


# ---------------------------------------------------------------- the values, by asn1tools

_ASN1TOOLS: dict[tuple[str, str], object] = {}


def _asn1tools(group: str, codec: str):
    if (group, codec) not in _ASN1TOOLS:
        try:
            _ASN1TOOLS[(group, codec)] = asn1tools.compile_files([str(p) for p in spec_paths(group)], codec)
        except (asn1tools.CompileError, KeyError) as e:
            # its parse (which the oracle uses) reads the spec, its codecs do not (value
            # constraints on REAL and ENUMERATED): nothing independent to check with
            pytest.skip(f"asn1tools' {codec} codec cannot compile {group}: {type(e).__name__}: {e}")
    return _ASN1TOOLS[(group, codec)]


def _has_union_constraint(node, seen=None) -> bool:
    """asn1tools' constraint checker only looks at the first range of a union such as
    (1 | 3 | 5..7); values of such types are checked by the oracle alone."""
    seen = seen if seen is not None else set()
    if id(node) in seen:
        return False
    seen.add(id(node))
    r = resolve(node)
    if isinstance(r, IntNode):
        return len(r.values) > 1
    sizes = getattr(r, "sizes", None)
    if sizes is not None and len(sizes) > 1:
        return True
    children = ([f.node for f in r.fields] if isinstance(r, StructNode) else
                [a.node for a in r.alts] if isinstance(r, ChoiceNode) else
                [r.element] if r.kind == "array" else [])
    return any(_has_union_constraint(c, seen) for c in children)


def _asn1tools_roundtrip(group: str, name: str, value):
    """Encode with constraint checks and decode again with asn1tools: JER, or UPER where
    JER cannot (asn1tools' UPER silently truncates values of extensible SIZE, so it
    comes second).  Constraint violations are never retried."""
    first = None
    for codec in ("jer", "uper"):
        c = _asn1tools(group, codec)
        try:
            return c.decode(name, c.encode(name, value, check_constraints=True), check_constraints=True)
        except asn1tools.ConstraintsError:
            raise
        except Exception as e:  # noqa: BLE001 - a codec limitation: try the next codec
            first = first or e
    raise first


def _asn1_equal(node, a, b) -> bool:
    """Equality of ASN.1 values as asn1tools sees them: an absent DEFAULT component
    equals its default, 0.0 == -0.0, NaN == NaN, and trailing zero bits of a BIT STRING
    do not count (asn1tools drops them for named-bit types)."""
    r = resolve(node)
    k = r.kind
    if k == "real":
        return a == b or (a != a and b != b)
    if k == "bits":
        def strip(v):
            data, n = v
            bits = "".join(f"{x:08b}" for x in data)[:n].rstrip("0")
            return bits
        return strip(a) == strip(b)
    if k == "struct":
        if not isinstance(a, dict) or not isinstance(b, dict):
            return False
        for f in r.fields:
            x = a.get(f.name, f.default if f.has_default else None)
            y = b.get(f.name, f.default if f.has_default else None)
            if f.has_default and resolve(f.node).kind in ("oid", "real", "int"):
                # asn1tools fills an absent OID, REAL or INTEGER DEFAULT in with its parse,
                # unresolved ("1.", a value's name, a named number)
                x, y = (f.default if type(v) is type(f.raw_default) and v == f.raw_default else v
                        for v in (x, y))
            if (x is None) != (y is None) and resolve(f.node).kind != "null":
                return False
            if x is not None and not _asn1_equal(f.node, x, y):
                return False
        return True
    if k == "choice":
        return a[0] == b[0] and _asn1_equal(r.alts[r.index(a[0])].node, a[1], b[1])
    if k == "array":
        return len(a) == len(b) and all(_asn1_equal(r.element, x, y) for x, y in zip(a, b))
    return a == b


def _has_time(node, seen=None) -> bool:
    """asn1tools' codecs take datetime objects for the time types; the oracle's values
    are the strings on the wire (docs/mapping.md)."""
    return _has_node(node, lambda r: bool(getattr(r, "time_kind", "")))


def _has_any(node) -> bool:
    """asn1tools' JER and UPER codecs do not implement ANY."""
    return _has_node(node, lambda r: bool(getattr(r, "any", False)))


def _has_node(node, pred, seen=None) -> bool:
    seen = seen if seen is not None else set()
    if id(node) in seen:
        return False
    seen.add(id(node))
    r = resolve(node)
    if pred(r):
        return True
    children = ([f.node for f in r.fields] if isinstance(r, StructNode) else
                [a.node for a in r.alts] if isinstance(r, ChoiceNode) else
                [r.element] if r.kind == "array" else [])
    return any(_has_node(c, pred, seen) for c in children)


def _has_oid_values(node) -> bool:
    """asn1tools' parse drops a single-value constraint written on OBJECT IDENTIFIER
    (the oracle reads it back), and its constraint checker fails with a TypeError on one
    written on a reference to such a type (``Oid (id-pkcs1)``)."""
    return _has_node(node, lambda r: isinstance(r, OidNode) and r.values is not None)


def _has_addition_group(node) -> bool:
    """The oracle nests an extension addition group's components in a dict under the
    group's name (ext_groupN, not an ASN.1 identifier); asn1tools flattens them."""
    return _has_node(node, lambda r: isinstance(r, StructNode) and
                     any(f.name.startswith("ext_group") for f in r.fields))


def _copies_extensible(spec, module: str, name: str) -> bool:
    """asn1tools' COMPONENTS OF copies the extension markers and additions of the type
    too (X.680 copies its root components only): such types cannot be cross-checked."""
    t = spec.parsed[module]["types"][name]
    for m in t.get("members", []):
        if isinstance(m, dict) and "components-of" in m:
            src = spec.parsed[module]["types"].get(m["components-of"], {})
            if None in src.get("members", []):
                return True
    return False


def _has_relative_oid(group: str) -> bool:
    """asn1tools' codecs have no RELATIVE-OID: such groups cannot be cross-checked."""
    return any("RELATIVE-OID" in p.read_text() for p in spec_paths(group))


# Spec groups that asn1tools parses (so the oracle covers them) but cannot compile into
# codecs, with the reason.
ASN1TOOLS_CANNOT_COMPILE = {
    "XdrAssociated": "asn1tools' codecs do not implement CHARACTER STRING ('Type 'CHARACTER STRING' "
                     "not found')",
    "XdrObjects": "asn1tools' compiler does not resolve the open types of information object "
                  "classes ('Type OpenType not found')",
}


@pytest.mark.parametrize("group,type_name", type_params())
def test_values_are_valid_for_asn1tools(group, type_name):
    """The random values are valid ASN.1 values of the type by asn1tools' own
    (independent) constraint checks, and survive its codecs unchanged."""
    if type_name.startswith("!"):
        pytest.fail(f"asn1tools cannot parse {group}: {type_name[1:]}")
    if group in ASN1TOOLS_CANNOT_COMPILE:
        pytest.skip(ASN1TOOLS_CANNOT_COMPILE[group])
    t = oracle_spec(group).type(type_name)
    if _has_relative_oid(group):
        pytest.skip("asn1tools' codecs have no RELATIVE-OID")
    if _has_time(t.node):
        pytest.skip("asn1tools' codecs take datetime objects for time types")
    if _has_any(t.node):
        pytest.skip("asn1tools' JER and UPER codecs do not implement ANY")
    if _has_addition_group(t.node):
        pytest.skip("asn1tools flattens extension addition groups; the oracle nests them")
    if _copies_extensible(t.spec, t.module, t.name):
        pytest.skip("asn1tools' COMPONENTS OF copies extension additions too")
    if _has_union_constraint(t.node):
        pytest.skip("asn1tools checks only the first range of a union constraint")
    if _has_oid_values(t.node):
        pytest.skip("asn1tools does not check single values of OBJECT IDENTIFIER (and fails on "
                    "those on a type reference)")
    for v in ValueGen(seed_of(type_name)).values(t, N_VALUES):
        back = _asn1tools_roundtrip(group, t.name, v)
        assert _asn1_equal(t.node, back, v), f"asn1tools changed {v!r} into {back!r}"


def _presence_patterns(r):
    """The presence patterns a SEQUENCE or CHOICE node's values meet: its own WITH
    COMPONENTS patterns, met together with one subtype's of each union of subtypes
    (``within``); None when any presence is allowed."""
    out = getattr(r, "presence", None) or None
    for group in getattr(r, "within", ()):
        alts = [p for sub in group for p in (resolve(sub).presence or [{}])]
        out = alts if out is None else [{**a, **b} for a in out for b in alts
                                        if all(a.get(k, v) == v for k, v in b.items())]
    return None if out is None or any(not p for p in out) else out


@pytest.mark.parametrize("group,type_name", type_params())
def test_values_cover_arms_and_optionals(group, type_name):
    """Every top-level CHOICE arm, OPTIONAL present and absent, DEFAULT present with
    the default value, integer bounds: the generator reaches them within N_VALUES."""
    if type_name.startswith("!"):
        pytest.fail(f"asn1tools cannot parse {group}: {type_name[1:]}")
    t = oracle_spec(group).type(type_name)
    r = resolve(t.node)
    values = ValueGen(seed_of(type_name)).values(t, N_VALUES)
    patterns = _presence_patterns(r)
    if isinstance(r, ChoiceNode):
        allowed = {a.name for a in r.alts
                   if patterns is None or any(all((a.name == n) == p for n, p in pat.items()) for pat in patterns)}
        assert {v[0] for v in values} == allowed
    elif isinstance(r, StructNode):
        # components every WITH COMPONENTS pattern makes present or absent
        forced = {f.name for f in r.fields if patterns and all(f.name in p for p in patterns)}
        for f in r.fields:
            if f.name in forced:
                continue
            if f.optional:
                assert any(f.name in v for v in values), f"{f.name} never present"
                assert any(f.name not in v for v in values), f"{f.name} never absent"
            if f.has_default:
                assert any(same_value(v.get(f.name), f.default) for v in values if f.name in v), \
                    f"{f.name} never present with its DEFAULT value"
    elif isinstance(r, IntNode):
        seen = set(values)
        assert r.values[0][0] in seen and r.values[-1][1] in seen, "bounds not reached"


# ---------------------------------------------------------------- ilpc against the oracle


def _hex(b: bytes, limit: int = 160) -> str:
    h = b.hex()
    return h if len(h) <= limit else h[:limit] + f"...({len(b)} bytes)"


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("group,type_name", type_params())
def test_roundtrip_matches_oracle(ilpc_build, group, type_name):
    if type_name.startswith("!"):
        pytest.fail(f"asn1tools cannot parse {group}: {type_name[1:]}")
    t = oracle_spec(group).type(type_name)
    harness = ilpc_build(group, "asan")
    values = ValueGen(seed_of(type_name)).values(t, N_VALUES)
    cases: dict[bytes, object] = collections.OrderedDict()
    for v in values:
        data = t.encode(v)
        assert same_value(t.decode(data), v), f"oracle does not round-trip {v!r}"
        cases.setdefault(data, v)  # the harness is deterministic: run each input once
    failures = []
    for (data, v), r in zip(cases.items(), run_many(harness, type_name, list(cases))):
        err = r.stderr.decode("utf-8", "replace").strip()
        if r.returncode != 0 or r.stdout != data:
            failures.append(f"value {v!r}\n  in  {_hex(data)}\n  out {_hex(r.stdout)} "
                            f"exit {r.returncode} {err[-1500:]}")
        elif err:
            failures.append(f"value {v!r}: exit 0 with stderr {err[-1500:]}")
    assert not failures, (f"{len(failures)} of {len(cases)} inputs of {type_name} ({group}) differ; "
                          f"first ones:\n" + "\n".join(failures[:3]))
