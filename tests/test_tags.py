"""Tags in the semantic model (X.680 31, 25, 27, 29): the tags on every type occurrence,
``outer_tags`` / ``first_tags`` / ``universal_tag``, and the diagnostics of what X.680
forbids.  asn1tools' BER encoder is the oracle where it follows X.680; the cases where
it does not are pinned by hand: it numbers automatic tags in textual order (X.680 25.10:
the root components after a second '...' before the extension additions), lets tags in
a type COMPONENTS OF copies decide automatic tagging (25.4), makes a tag on a tagged
CHOICE explicit (31.2.7: the default), and knows no dummy parameters or open types."""
import asn1tools
import pytest

from ilpc.diagnostics import CompileError
from ilpc.driver import load
from ilpc.semantic.model import (
    ChoiceT, StructT, Tag, first_tags, flat_fields, outer_tags, resolve_ref, universal_tag,
)

HEADER = {None: "", "EXPLICIT": "EXPLICIT TAGS", "IMPLICIT": "IMPLICIT TAGS", "AUTOMATIC": "AUTOMATIC TAGS"}


def module(body: str, default=None, name="M") -> str:
    return f"{name} DEFINITIONS {HEADER[default]} ::= BEGIN\n{body}\nEND\n"


def compile_model(tmp_path, text, name="spec.asn1"):
    p = tmp_path / name
    p.write_text(text)
    return load([str(p)]).model


def errors(tmp_path, text):
    p = tmp_path / "spec.asn1"
    p.write_text(text)
    with pytest.raises(CompileError) as ei:
        load([str(p)])
    return [str(d).split("spec.asn1:", 1)[1] for d in ei.value.diagnostics]


def show(tags) -> list[str]:
    """outer_tags as text: '[0] E' for an explicit TLV, '[0]' for the last one."""
    return [f"{u.tag}{' E' if u.explicit else ''}" for u in tags]


def fields(model, name, mod="M"):
    t = resolve_ref(model.typedef(mod, name).type)
    return {f.name: f.type for f in (flat_fields(t) if isinstance(t, StructT) else t.alternatives)}


# ------------------------------------------------------------------ BER oracle

CLASSES = ["UNIVERSAL", "APPLICATION", "CONTEXT", "PRIVATE"]


def tlv(data: bytes, pos: int):
    """(tag, constructed, start of contents, end of the TLV) of the TLV at ``pos``."""
    b0 = data[pos]
    cls, constructed, number = CLASSES[b0 >> 6], bool(b0 & 0x20), b0 & 0x1F
    pos += 1
    if number == 0x1F:
        number = 0
        while True:
            b = data[pos]
            pos += 1
            number = number * 128 + (b & 0x7F)
            if not b & 0x80:
                break
    n = data[pos]
    pos += 1
    if n & 0x80:
        k = n & 0x7F
        n = int.from_bytes(data[pos:pos + k], "big")
        pos += k
    return Tag(cls, number), constructed, pos, pos + n


def expected_chain(t, value) -> list:
    """The TLV tags ilpc's model says an encoding of ``value`` (asn1tools' form) has,
    outermost first, as (tag, explicit); an untagged or explicitly tagged CHOICE goes
    on with the chosen alternative's."""
    out = [(u.tag, u.explicit) for u in outer_tags(t)]
    s = resolve_ref(t)
    if isinstance(s, ChoiceT) and (not out or out[-1][1]):
        alt = next(f for f in s.alternatives if f.name == value[0])
        out += expected_chain(alt.type, value[1])
    return out


def check_encoding(t, value, data: bytes, pos: int = 0) -> int:
    """Check the TLV at ``pos`` against ilpc's tags of ``t``; the end of the TLV."""
    chain = expected_chain(t, value)
    first = tlv(data, pos)[0]
    ft = first_tags(t)
    assert ft is None or first in ft, (first, ft)
    end = tlv(data, pos)[3]
    for i, (tag, explicit) in enumerate(chain):
        got, constructed, start, stop = tlv(data, pos)
        assert got == tag, (i, chain, got)
        if i < len(chain) - 1:
            assert explicit and constructed, (i, chain)
            pos = start
    return end


def oracle(tmp_path, text, type_name, value, mod="M"):
    """Encode ``value`` with asn1tools and check every component's TLV tags (those of
    the extension addition groups' components in their place) against the model."""
    model = compile_model(tmp_path, text)
    data = asn1tools.compile_string(text, "ber").encode(type_name, value)
    t = model.typedef(mod, type_name).type
    s = resolve_ref(t)
    if not isinstance(s, StructT):
        check_encoding(t, value, data)
        return
    outer = outer_tags(t)
    pos = 0
    for u in outer[:-1]:  # into the explicit wrappings, down to the SEQUENCE's own TLV
        pos = tlv(data, pos)[2]
    got, _, pos, end = tlv(data, pos)
    assert got == outer[-1].tag
    for f in flat_fields(s):
        if f.name in value:
            pos = check_encoding(f.type, value[f.name], data, pos)
    assert pos == end


SHAPES = """
C ::= CHOICE { i INTEGER, b BOOLEAN }
TI ::= [APPLICATION 8] INTEGER
TI2 ::= [9] IMPLICIT TI
TE ::= [10] EXPLICIT TI
TC ::= [APPLICATION 7] C
Seq ::= SEQUENCE {
    a INTEGER, b [0] INTEGER, c [1] IMPLICIT INTEGER, d [2] EXPLICIT INTEGER, e [3] C, f C,
    g TC, h TI, i TI2, j TE, k [6] TE, l [7] IMPLICIT TE, m [8] SEQUENCE OF INTEGER,
    n [APPLICATION 2] BOOLEAN, o [PRIVATE 3] NULL, p [4] OCTET STRING, q [5] SET OF BOOLEAN,
    r [200] UTF8String, s [11] EXPLICIT C, t [12] SEQUENCE { x INTEGER } }
"""
SHAPES_VALUE = {"a": 1, "b": 2, "c": 3, "d": 4, "e": ("i", 5), "f": ("b", True), "g": ("i", 6), "h": 7,
                "i": 8, "j": 9, "k": 10, "l": 11, "m": [1, 2], "n": True, "o": None, "p": b"x",
                "q": [False], "r": "u", "s": ("b", False), "t": {"x": 1}}


@pytest.mark.parametrize("default", [None, "EXPLICIT", "IMPLICIT", "AUTOMATIC"])
def test_written_tags_against_asn1tools(tmp_path, default):
    oracle(tmp_path, module(SHAPES, default), "Seq", SHAPES_VALUE)


def test_written_tags_by_hand(tmp_path):
    for default, expect in [
        (None, {"b": ["[0] E", "[UNIVERSAL 2]"], "c": ["[1]"], "e": ["[3] E"], "f": [],
                "i": ["[9] E", "[UNIVERSAL 2]"], "l": ["[7] E", "[APPLICATION 8] E", "[UNIVERSAL 2]"]}),
        ("IMPLICIT", {"b": ["[0]"], "c": ["[1]"], "e": ["[3] E"], "f": [], "g": ["[APPLICATION 7] E"],
                      "i": ["[9]"], "k": ["[6] E", "[APPLICATION 8]"], "l": ["[7] E", "[APPLICATION 8]"]}),
    ]:
        f = fields(compile_model(tmp_path, module(SHAPES, default)), "Seq")
        for name, tags in expect.items():
            assert show(outer_tags(f[name])) == tags, (default, name)


AUTO = """
C ::= CHOICE { i INTEGER, b BOOLEAN }
TI ::= [APPLICATION 8] INTEGER
A ::= SEQUENCE { a INTEGER, b C, c TI, d BOOLEAN OPTIONAL, e SEQUENCE OF C, f INTEGER DEFAULT 5,
                 ..., g INTEGER, [[ h INTEGER, i C ]], j OCTET STRING OPTIONAL }
S ::= SET { a INTEGER, b INTEGER, c C, ..., d BOOLEAN }
H ::= CHOICE { a INTEGER, b INTEGER, c C, ..., d BOOLEAN, e C }
"""


def test_automatic_tags_against_asn1tools(tmp_path):
    text = module(AUTO, "AUTOMATIC")
    oracle(tmp_path, text, "A", {"a": 1, "b": ("b", True), "c": 2, "d": False, "e": [("i", 1)], "f": 6,
                                 "g": 3, "h": 4, "i": ("i", 5), "j": b"z"})
    oracle(tmp_path, text, "S", {"a": 1, "b": 2, "c": ("i", 3), "d": True})
    for alt, v in [("a", 1), ("b", 2), ("c", ("b", True)), ("d", False), ("e", ("i", 1))]:
        oracle(tmp_path, text, "H", (alt, v))


def test_automatic_tags_by_hand(tmp_path):
    f = fields(compile_model(tmp_path, module(AUTO, "AUTOMATIC")), "A")
    # X.680 25.10: root components 0.., extension additions after them (the group's one by
    # one); explicit on an untagged CHOICE, implicit on a tagged one and on the others
    assert {n: show(outer_tags(t)) for n, t in f.items()} == {
        "a": ["[0]"], "b": ["[1] E"], "c": ["[2]"], "d": ["[3]"], "e": ["[4]"], "f": ["[5]"],
        "g": ["[6]"], "h": ["[7]"], "i": ["[8] E"], "j": ["[9]"]}
    # the tags as written on the occurrence: c keeps TI's own tag at TI
    assert [str(u) for u in f["c"].tags] == ["[2] IMPLICIT"]
    assert show(outer_tags(fields(compile_model(tmp_path, module(AUTO, "AUTOMATIC")), "H")["e"])) == ["[4] E"]


def test_automatic_numbers_the_root_after_the_extension_first(tmp_path):
    # X.680 25.10 c, d: the root components (before the extension and after it) first,
    # then the extension additions (asn1tools numbers in textual order)
    f = fields(compile_model(tmp_path, module(
        "A ::= SEQUENCE { a INTEGER, ..., b BOOLEAN, [[ c NULL ]], ..., d INTEGER, e C }\n"
        "C ::= CHOICE { x INTEGER }", "AUTOMATIC")), "A")
    assert {n: show(outer_tags(t)) for n, t in f.items()} == {
        "a": ["[0]"], "b": ["[3]"], "c": ["[4]"], "d": ["[1]"], "e": ["[2] E"]}


def test_no_automatic_tags_when_a_root_component_is_tagged(tmp_path):
    f = fields(compile_model(tmp_path, module(
        "A ::= SEQUENCE { a INTEGER, b [5] BOOLEAN, c C }\nC ::= CHOICE { x INTEGER, y BOOLEAN }",
        "AUTOMATIC")), "A")
    # tagged as in an IMPLICIT TAGS module; an untagged CHOICE keeps no tag
    assert {n: show(outer_tags(t)) for n, t in f.items()} == {"a": ["[UNIVERSAL 2]"], "b": ["[5]"], "c": []}


COMPONENTS = """
T ::= SEQUENCE { a INTEGER, b C, c [7] BOOLEAN OPTIONAL, ..., x NULL }
C ::= CHOICE { i INTEGER, s IA5String }
"""


def test_components_of(tmp_path):
    # X.680 25.4: the tags COMPONENTS OF copies do not decide automatic tagging; 25.8:
    # it numbers the copies with the others
    auto = module(COMPONENTS + "W ::= SEQUENCE { w NULL, COMPONENTS OF T, z BOOLEAN }", "AUTOMATIC")
    f = fields(compile_model(tmp_path, auto), "W")
    assert {n: show(outer_tags(t)) for n, t in f.items()} == {
        "w": ["[0]"], "a": ["[1]"], "b": ["[2] E"], "c": ["[3]"], "z": ["[4]"]}
    # T not tagged automatically (c is tagged): copies keep their tags, and a W of an
    # EXPLICIT TAGS module too
    other = ("N DEFINITIONS EXPLICIT TAGS ::= BEGIN IMPORTS T FROM M;\n"
             "W ::= SEQUENCE { w NULL, COMPONENTS OF T, z BOOLEAN } END\n")
    (tmp_path / "n.asn1").write_text(other)
    (tmp_path / "m.asn1").write_text(module(COMPONENTS + "U ::= SEQUENCE { u INTEGER, v C }", "AUTOMATIC"))
    model = load([str(tmp_path / "n.asn1"), str(tmp_path / "m.asn1")]).model
    f = fields(model, "W", "N")
    assert {n: show(outer_tags(t)) for n, t in f.items()} == {
        "w": ["[UNIVERSAL 5]"], "a": ["[UNIVERSAL 2]"], "b": [], "c": ["[7]"], "z": ["[UNIVERSAL 1]"]}
    # T tagged automatically in its module: the copies keep those tags (X.680 25.10 NOTE 3)
    (tmp_path / "n.asn1").write_text(other.replace("COMPONENTS OF T", "COMPONENTS OF U").replace(
        "IMPORTS T", "IMPORTS U"))
    model = load([str(tmp_path / "n.asn1"), str(tmp_path / "m.asn1")]).model
    f = fields(model, "W", "N")
    assert {n: show(outer_tags(t)) for n, t in f.items()} == {
        "w": ["[UNIVERSAL 5]"], "u": ["[0]"], "v": ["[1] E"], "z": ["[UNIVERSAL 1]"]}


def test_references_and_implicit_tags(tmp_path):
    model = compile_model(tmp_path, module("""
        A ::= SEQUENCE { x [0] Later, y [1] IMPLICIT TL, z [2] TL, w [3] L2 }
        Later ::= CHOICE { p NULL, q INTEGER }
        TL ::= [APPLICATION 4] Later
        L2 ::= Later
        TS ::= [5] IMPLICIT [6] EXPLICIT [7] IMPLICIT OCTET STRING
        """, "IMPLICIT"))
    f = fields(model, "A")
    # a tag on a reference to a CHOICE (defined later, or through an alias) is explicit;
    # on a tagged CHOICE it may be implicit: it replaces the CHOICE's tag
    assert show(outer_tags(f["x"])) == ["[0] E"] and show(outer_tags(f["w"])) == ["[3] E"]
    assert show(outer_tags(f["y"])) == ["[1] E"] and show(outer_tags(f["z"])) == ["[2] E"]
    assert [str(u) for u in f["z"].tags] == ["[2] IMPLICIT"]
    assert show(outer_tags(model.typedef("M", "TS").type)) == ["[5] E", "[7]"]
    assert first_tags(model.typedef("M", "Later").type) == {Tag("UNIVERSAL", 5), Tag("UNIVERSAL", 2)}
    assert first_tags(model.typedef("M", "TL").type) == {Tag("APPLICATION", 4)}


def test_constrained_types_keep_their_tags(tmp_path):
    model = compile_model(tmp_path, module("""
        T ::= [APPLICATION 1] INTEGER
        S ::= [2] SEQUENCE { a [0] INTEGER, b [1] IA5String OPTIONAL }
        A ::= SEQUENCE { x T (1..5), y [3] T (0..9, ...), z S (WITH COMPONENTS { ..., b ABSENT }),
                         v [4] IA5String (SIZE (1..3)) }
        """, "IMPLICIT"))
    f = fields(model, "A")
    assert show(outer_tags(f["x"])) == ["[APPLICATION 1]"]
    assert show(outer_tags(f["y"])) == ["[3]"]
    assert show(outer_tags(f["z"])) == ["[2]"]
    assert show(outer_tags(f["v"])) == ["[4]"]
    z = resolve_ref(f["z"])
    assert [show(outer_tags(g.type)) for g in z.fields] == [["[0]"], ["[1]"]]
    assert model.typedef("M", "T").type.tags[0].tag == Tag("APPLICATION", 1)


LDAP = """
LDAPMessage ::= SEQUENCE {
    messageID INTEGER (0..2147483647),
    protocolOp CHOICE { bindRequest BindRequest, bindResponse BindResponse, unbindRequest UnbindRequest,
                        delRequest DelRequest, ... },
    controls [0] Controls OPTIONAL }
BindRequest ::= [APPLICATION 0] SEQUENCE {
    version INTEGER (1..127), name OCTET STRING, authentication AuthenticationChoice }
AuthenticationChoice ::= CHOICE { simple [0] OCTET STRING, sasl [3] SaslCredentials, ... }
SaslCredentials ::= SEQUENCE { mechanism OCTET STRING, credentials OCTET STRING OPTIONAL }
BindResponse ::= [APPLICATION 1] IMPLICIT SEQUENCE {
    resultCode ENUMERATED { success (0), other (80), ... }, serverSaslCreds [7] OCTET STRING OPTIONAL }
UnbindRequest ::= [APPLICATION 2] NULL
DelRequest ::= [APPLICATION 10] OCTET STRING
Controls ::= SEQUENCE OF control Control
Control ::= SEQUENCE { controlType OCTET STRING, criticality BOOLEAN DEFAULT FALSE,
                       controlValue OCTET STRING OPTIONAL }
"""


def test_ldap(tmp_path):
    # RFC 4511: IMPLICIT TAGS; [APPLICATION n] (IMPLICIT) SEQUENCE replaces the SEQUENCE's tag
    text = module(LDAP, "IMPLICIT")
    model = compile_model(tmp_path, text)
    for name, tags in [("BindRequest", ["[APPLICATION 0]"]), ("BindResponse", ["[APPLICATION 1]"]),
                       ("UnbindRequest", ["[APPLICATION 2]"]), ("DelRequest", ["[APPLICATION 10]"]),
                       ("AuthenticationChoice", []), ("LDAPMessage", ["[UNIVERSAL 16]"])]:
        assert show(outer_tags(model.typedef("M", name).type)) == tags, name
    f = fields(model, "LDAPMessage")
    assert first_tags(f["protocolOp"]) == {Tag("APPLICATION", n) for n in (0, 1, 2, 10)}
    assert show(outer_tags(f["controls"])) == ["[0]"]
    assert [str(u) for u in model.typedef("M", "BindRequest").type.tags] == ["[APPLICATION 0] IMPLICIT"]
    assert first_tags(fields(model, "BindRequest")["authentication"]) == {Tag("CONTEXT", 0), Tag("CONTEXT", 3)}
    oracle(tmp_path, text, "LDAPMessage", {
        "messageID": 1, "protocolOp": ("bindRequest", {"version": 3, "name": b"cn=x",
                                                       "authentication": ("sasl", {"mechanism": b"PLAIN"})}),
        "controls": [{"controlType": b"1.2", "criticality": True}]})
    oracle(tmp_path, text, "LDAPMessage", {"messageID": 2, "protocolOp": ("unbindRequest", None)})
    # two operations with one tag: X.680 29.3, through the untagged CHOICE protocolOp
    assert errors(tmp_path, module(LDAP.replace("[APPLICATION 10]", "[APPLICATION 1]"), "IMPLICIT")) == [
        "6:25: error: alternatives 'bindResponse' and 'delRequest' of CHOICE 'LDAPMessage.protocolOp' have "
        "the same tag [APPLICATION 1] (X.680 29.3)"]


def test_tag_on_a_choice_is_explicit_even_under_implicit_tags(tmp_path):
    # X.680 31.2.7 c: a tag on an untagged CHOICE (as written, or through a reference) is
    # explicit whatever the default; IMPLICIT written on one is an error (31.2.9)
    text = module("""
        C ::= CHOICE { i INTEGER, b BOOLEAN }
        A ::= SEQUENCE { x [0] C, y [1] EXPLICIT C, z [2] CHOICE { n NULL }, w [3] INTEGER }
        """, "IMPLICIT")
    f = fields(compile_model(tmp_path, text), "A")
    assert {n: show(outer_tags(t)) for n, t in f.items()} == {
        "x": ["[0] E"], "y": ["[1] E"], "z": ["[2] E"], "w": ["[3]"]}
    oracle(tmp_path, text, "A", {"x": ("b", True), "y": ("i", 1), "z": ("n", None), "w": 4})


def test_associated_types_and_object_descriptor(tmp_path):
    # X.680 36.5, 37.5, 44.5: the associated types are tagged automatically whatever the
    # module's default, with X.680's numbers (ilpc leaves components out of them);
    # their own UNIVERSAL tags are 8, 11 and 29, ObjectDescriptor's 7
    text = module("""
        A ::= SET { e EMBEDDED PDV, c CHARACTER STRING, x EXTERNAL, d ObjectDescriptor, g GraphicString,
                    s SEQUENCE { a INTEGER } }
        B ::= CHOICE { x EXTERNAL, e EMBEDDED PDV, s SEQUENCE { a INTEGER } }
        D ::= [0] IMPLICIT ObjectDescriptor
        """, "IMPLICIT")
    model = compile_model(tmp_path, text)
    f = fields(model, "A")
    assert {n: show(outer_tags(t)) for n, t in f.items()} == {
        "e": ["[UNIVERSAL 11]"], "c": ["[UNIVERSAL 29]"], "x": ["[UNIVERSAL 8]"], "d": ["[UNIVERSAL 7]"],
        "g": ["[UNIVERSAL 25]"], "s": ["[UNIVERSAL 16]"]}
    assert universal_tag(f["d"]) == Tag("UNIVERSAL", 7) and universal_tag(f["e"]) == Tag("UNIVERSAL", 11)
    assert show(outer_tags(model.typedef("M", "D").type)) == ["[0]"]
    e = resolve_ref(f["e"])
    assert {g.name: show(outer_tags(g.type)) for g in e.fields} == {"identification": ["[0] E"], "data-value": ["[2]"]}
    ident = resolve_ref(e.fields[0].type)
    assert [show(outer_tags(a.type)) for a in ident.alternatives] == [[f"[{n}]"] for n in range(6)]
    cn = resolve_ref(ident.alternatives[3].type)
    assert [show(outer_tags(g.type)) for g in cn.fields] == [["[0]"], ["[1]"]]
    x = resolve_ref(f["x"])
    assert {g.name: show(outer_tags(g.type)) for g in x.fields} == {
        "identification": ["[0] E"], "data-value-descriptor": ["[1]"], "data-value": ["[2]"]}
    assert [show(outer_tags(a.type)) for a in resolve_ref(x.fields[0].type).alternatives] == [["[1]"], ["[2]"], ["[3]"]]
    # a SET or CHOICE with two of them, or one and ObjectDescriptor's GraphicString, still clashes
    assert errors(tmp_path, module("T ::= SET { a EXTERNAL, b EXTERNAL, c ObjectDescriptor, d [UNIVERSAL 7] "
                                   "IMPLICIT GraphicString }", "IMPLICIT")) == [
        "2:25: error: components 'a' and 'b' of SET 'T' have the same tag [UNIVERSAL 8] (X.680 27.3)",
        "2:57: error: components 'c' and 'd' of SET 'T' have the same tag [UNIVERSAL 7] (X.680 27.3)"]


def test_dummy_parameters_and_open_types(tmp_path):
    model = compile_model(tmp_path, module("""
        P{X} ::= SEQUENCE { a X, c INTEGER }
        Q ::= P{BOOLEAN}
        P2{X} ::= SEQUENCE { b [1] X }
        Q2 ::= P2{BOOLEAN}
        CLS ::= CLASS { &id INTEGER UNIQUE, &Type }
        Objs CLS ::= { { &id 1, &Type INTEGER } | { &id 2, &Type BOOLEAN } }
        O ::= SEQUENCE { id CLS.&id ({Objs}), v CLS.&Type ({Objs}{@id}), w [5] CLS.&Type,
                         any [6] ANY, u CLS.&Type }
        """, "AUTOMATIC"))
    # X.680 25.10, 31.2.7: automatic and written tags on a dummy parameter or an open
    # type are explicit
    assert {n: show(outer_tags(t)) for n, t in fields(model, "Q").items()} == {
        "a": ["[0] E", "[UNIVERSAL 1]"], "c": ["[1]"]}
    assert show(outer_tags(fields(model, "Q2")["b"])) == ["[1] E", "[UNIVERSAL 1]"]
    f = fields(model, "O")
    assert show(outer_tags(f["v"])) == [] and first_tags(f["v"]) is None
    assert show(outer_tags(f["w"])) == ["[5] E"] and show(outer_tags(f["any"])) == ["[6] E"]
    assert first_tags(f["u"]) is None


@pytest.mark.parametrize("decl, number", [
    ("BOOLEAN", 1), ("INTEGER", 2), ("BIT STRING", 3), ("OCTET STRING", 4), ("NULL", 5),
    ("OBJECT IDENTIFIER", 6), ("REAL", 9), ("ENUMERATED { a }", 10), ("UTF8String", 12),
    ("RELATIVE-OID", 13), ("TIME", 14), ("SEQUENCE { a INTEGER }", 16), ("SEQUENCE OF INTEGER", 16),
    ("SET { a INTEGER }", 17), ("SET OF INTEGER", 17), ("NumericString", 18), ("PrintableString", 19),
    ("TeletexString", 20), ("T61String", 20), ("VideotexString", 21), ("IA5String", 22), ("UTCTime", 23),
    ("GeneralizedTime", 24), ("GraphicString", 25), ("VisibleString", 26), ("ISO646String", 26),
    ("GeneralString", 27), ("UniversalString", 28), ("BMPString", 30), ("DATE", 31), ("TIME-OF-DAY", 32),
    ("DATE-TIME", 33), ("DURATION", 34), ("INTEGER (0..7)", 2), ("IA5String (SIZE (1..4))", 22),
    ("UTCTime (SIZE (13))", 23), ("SET SIZE (1..2) OF INTEGER", 17),
])
def test_universal_tags(tmp_path, decl, number):
    model = compile_model(tmp_path, module(f"T ::= {decl}\nR ::= T"))
    for name in ("T", "R"):
        t = model.typedef("M", name).type
        assert universal_tag(t) == Tag("UNIVERSAL", number)
        assert show(outer_tags(t)) == [f"[UNIVERSAL {number}]"] and first_tags(t) == {Tag("UNIVERSAL", number)}


@pytest.mark.parametrize("decl, value", [
    ("BOOLEAN", True), ("INTEGER", 3), ("BIT STRING", (b"\x80", 1)), ("OCTET STRING", b"a"), ("NULL", None),
    ("OBJECT IDENTIFIER", "1.2.3"), ("REAL", 1.0), ("ENUMERATED { a }", "a"), ("UTF8String", "x"),
    ("SEQUENCE OF INTEGER", [1]), ("SET OF INTEGER", [1]), ("NumericString", "1"),
    ("PrintableString", "a"), ("IA5String", "a"), ("VisibleString", "a"), ("GeneralString", "a"),
    ("UniversalString", "a"), ("BMPString", "a"), ("CHOICE { a INTEGER, b NULL }", ("b", None)),
])
@pytest.mark.parametrize("tag", ["", "[APPLICATION 40]", "[PRIVATE 1] EXPLICIT", "[31] IMPLICIT"])
def test_first_tags_against_asn1tools(tmp_path, decl, value, tag):
    if "CHOICE" in decl and "IMPLICIT" in tag:
        return
    text = module(f"T ::= {tag} {decl}", "IMPLICIT")
    oracle(tmp_path, text, "T", value)


# ------------------------------------------------------------------ diagnostics

@pytest.mark.parametrize("body, default, expected", [
    # X.680 27.3
    ("T ::= SET { a [0] INTEGER, b [0] BOOLEAN }", None,
     ["2:28: error: components 'a' and 'b' of SET 'T' have the same tag [0] (X.680 27.3)"]),
    ("T ::= SET { a INTEGER, b BOOLEAN, c INTEGER }", None,
     ["2:35: error: components 'a' and 'c' of SET 'T' have the same tag [UNIVERSAL 2] (X.680 27.3)"]),
    ("T ::= SET { a INTEGER, c CHOICE { x BOOLEAN, y INTEGER } }", "EXPLICIT",
     ["2:24: error: components 'a' and 'c' of SET 'T' have the same tag [UNIVERSAL 2] (X.680 27.3)"]),
    ("T ::= SET { a [1] INTEGER, ..., b [1] INTEGER }", None,
     ["2:33: error: components 'a' and 'b' of SET 'T' have the same tag [1] (X.680 27.3)"]),
    # X.680 29.3
    ("T ::= CHOICE { a [1] INTEGER, b [1] BOOLEAN }", None,
     ["2:31: error: alternatives 'a' and 'b' of CHOICE 'T' have the same tag [1] (X.680 29.3)"]),
    ("T ::= CHOICE { a [1] INTEGER, b C }\nC ::= CHOICE { c [2] NULL, d [1] NULL }", None,
     ["2:31: error: alternatives 'a' and 'b' of CHOICE 'T' have the same tag [1] (X.680 29.3)"]),
    ("T ::= SEQUENCE { s SET { a INTEGER, b INTEGER } }", "IMPLICIT",
     ["2:37: error: components 'a' and 'b' of SET 'T.s' have the same tag [UNIVERSAL 2] (X.680 27.3)"]),
    # X.680 25.6
    ("T ::= SEQUENCE { a [1] INTEGER OPTIONAL, b [1] BOOLEAN }", None,
     ["2:42: error: components 'a' and 'b' of SEQUENCE 'T' have the same tag [1], and 'a' may be absent: "
      "a decoder cannot tell them apart (X.680 25.6)"]),
    ("T ::= SEQUENCE { a INTEGER OPTIONAL, b BOOLEAN DEFAULT TRUE, c INTEGER }", None,
     ["2:62: error: components 'a' and 'c' of SEQUENCE 'T' have the same tag [UNIVERSAL 2], and 'a' may "
      "be absent: a decoder cannot tell them apart (X.680 25.6)"]),
    ("T ::= SEQUENCE { a [1] INTEGER OPTIONAL, ..., b [1] BOOLEAN }", None,
     ["2:47: error: components 'a' and 'b' of SEQUENCE 'T' have the same tag [1], and 'a' may be absent: "
      "a decoder cannot tell them apart (X.680 25.6)"]),
    # X.680 25.7
    ("T ::= SEQUENCE { a INTEGER, ..., b [1] INTEGER, ..., c [1] BOOLEAN }", None,
     ["2:54: error: components 'b' and 'c' of SEQUENCE 'T' have the same tag [1], and 'b' may be absent: "
      "a decoder cannot tell them apart (X.680 25.7)"]),
    # X.680 31.2.9
    ("T ::= [1] IMPLICIT CHOICE { a INTEGER }", None,
     ["2:7: error: IMPLICIT cannot tag an untagged CHOICE type: the tag must be explicit (X.680 31.2.9)"]),
    ("T ::= SEQUENCE { a [1] IMPLICIT C }\nC ::= CHOICE { a INTEGER }", None,
     ["2:20: error: IMPLICIT cannot tag 'C', an untagged CHOICE type: the tag must be explicit (X.680 31.2.9)"]),
    ("T ::= [1] IMPLICIT ANY", None,
     ["2:7: error: IMPLICIT cannot tag ANY: the tag must be explicit (X.680 31.2.9)"]),
    ("C ::= CLASS { &Type }\nT ::= SEQUENCE { a [0] IMPLICIT C.&Type }", None,
     ["3:20: error: IMPLICIT cannot tag an open type: the tag must be explicit (X.680 31.2.9)"]),
    ("P{X} ::= SEQUENCE { a [0] IMPLICIT X }\nT ::= P{INTEGER}", None,
     ["2:23: error: IMPLICIT cannot tag the dummy parameter 'X': the tag must be explicit (X.680 31.2.9)"]),
    # tag numbers
    ("T ::= [4294967296] INTEGER", None,
     ["2:8: error: tag number 4294967296 is too large: ilpc takes tag numbers up to 4294967295 (2^32-1)"]),
    ("n INTEGER ::= -1\nT ::= [n] INTEGER", None, ["3:8: error: tag number must not be negative (got -1)"]),
    # X.680 25.9
    ("T ::= SEQUENCE { a INTEGER, ..., b [3] INTEGER, [[ c [4] NULL ]] }", "AUTOMATIC",
     ["2:34: error: extension addition 'b' is tagged, but the root components of this SEQUENCE are not "
      "and the module has AUTOMATIC TAGS: no extension addition may be tagged then (X.680 25.9)",
      "2:52: error: extension addition 'c' is tagged, but the root components of this SEQUENCE are not "
      "and the module has AUTOMATIC TAGS: no extension addition may be tagged then (X.680 25.9)"]),
    ("T ::= CHOICE { a INTEGER, ..., b [3] INTEGER }", "AUTOMATIC",
     ["2:32: error: extension addition 'b' is tagged, but the root alternatives of this CHOICE are not "
      "and the module has AUTOMATIC TAGS: no extension addition may be tagged then (X.680 29)"]),
    # open types and ANY (X.681 14.2, X.680 52.7)
    ("T ::= CHOICE { a INTEGER, b ANY }", None,
     ["2:27: error: alternatives 'a' and 'b' of CHOICE 'T' may have the same tag: 'b' is an untagged open "
      "type, whose tag is indeterminate (X.680 29.3, X.681 14.2)"]),
    ("T ::= SEQUENCE { a INTEGER, b ANY OPTIONAL, ... }", None,
     ["2:29: error: component 'b' of SEQUENCE 'T' is an untagged open type, whose tag is indeterminate, "
      "next to where extension additions go: a decoder could not tell an unknown addition from it "
      "(X.680 52.7)"]),
])
def test_tag_errors(tmp_path, body, default, expected):
    assert errors(tmp_path, module(body, default)) == expected


@pytest.mark.parametrize("body, default", [
    ("T ::= SET { a [0] INTEGER, b [1] BOOLEAN }", None),
    ("T ::= SET { a INTEGER, b BOOLEAN, c INTEGER }", "AUTOMATIC"),
    ("T ::= SET { a INTEGER, c CHOICE { x BOOLEAN, y NULL } }", "EXPLICIT"),
    ("T ::= CHOICE { a [1] INTEGER, b [2] BOOLEAN }", None),
    ("T ::= CHOICE { a [1] INTEGER, b C }\nC ::= CHOICE { c [2] NULL, d [3] NULL }", None),
    ("T ::= CHOICE { a [1] INTEGER, b [2] C }\nC ::= CHOICE { c [2] NULL, d [1] NULL }", None),
    ("T ::= SEQUENCE { a [1] INTEGER OPTIONAL, b [2] BOOLEAN, c [1] INTEGER }", None),
    ("T ::= SEQUENCE { a INTEGER, b INTEGER OPTIONAL, c BOOLEAN }", None),
    ("T ::= SEQUENCE { a INTEGER, ..., b [1] INTEGER, ..., c [2] BOOLEAN, d [1] INTEGER }", None),
    ("T ::= SEQUENCE { a INTEGER OPTIONAL, ..., b INTEGER }", "AUTOMATIC"),
    ("T ::= [1] CHOICE { a INTEGER }\nU ::= [2] IMPLICIT T", None),
    ("T ::= SEQUENCE { a [1] EXPLICIT C }\nC ::= CHOICE { a INTEGER }", "IMPLICIT"),
    ("T ::= [4294967295] INTEGER", None),
    ("T ::= SEQUENCE { a [0] INTEGER, ..., b [3] INTEGER }", "AUTOMATIC"),
    ("T ::= SEQUENCE { a INTEGER, b ANY OPTIONAL }", None),
    ("T ::= SEQUENCE { a INTEGER, b [0] ANY OPTIONAL, ... }", None),
    ("T ::= SEQUENCE { a INTEGER, b ANY, c INTEGER }", None),
])
def test_tag_errors_not_without_the_violation(tmp_path, body, default):
    compile_model(tmp_path, module(body, default))


def test_several_tag_errors_in_one_run(tmp_path):
    errs = errors(tmp_path, module(
        "A ::= SET { a [0] INTEGER, b [0] INTEGER }\n"
        "B ::= CHOICE { a [1] INTEGER, b [1] INTEGER }\n"
        "C ::= [2] IMPLICIT CHOICE { a INTEGER }\n"
        "D ::= SEQUENCE { a [3] INTEGER OPTIONAL, b [3] INTEGER }"))
    assert [e.split(": error")[0] for e in errs] == ["2:28", "3:31", "4:7", "5:42"]


def test_a_template_error_is_reported_once(tmp_path):
    errs = errors(tmp_path, module(
        "P{X} ::= SET { a [0] X, b [0] INTEGER }\nA ::= P{BOOLEAN}\nB ::= P{NULL}"))
    assert errs == ["2:25: error: components 'a' and 'b' of SET 'A' have the same tag [0] (X.680 27.3)"]
