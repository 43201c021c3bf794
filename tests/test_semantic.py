"""Semantic analysis: exact diagnostics (message and location) and the resolved model."""
import pytest

from ilpc.diagnostics import CompileError
from ilpc.driver import load
from ilpc.ir.plan import xdr_int
from ilpc.semantic.model import ArrayT, IntT, OctetsT, OidT, StringT, StructT, resolve_ref


def compile_text(tmp_path, text, name="spec.asn1"):
    p = tmp_path / name
    p.write_text(text)
    return load([str(p)])


def errors_of(tmp_path, body):
    text = "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n" + body + "\nEND\n"
    with pytest.raises(CompileError) as ei:
        compile_text(tmp_path, text)
    return [str(d).split("spec.asn1:", 1)[1] for d in ei.value.diagnostics]


@pytest.mark.parametrize("body, expected", [
    ("A ::= SEQUENCE { x Nope }", ["2:20: error: undefined type 'Nope'"]),
    ("A ::= INTEGER (10..1)", ["2:16: error: empty range: lower bound 10 is greater than upper bound 1"]),
    ("A ::= SEQUENCE { x INTEGER, x BOOLEAN }",
     ["2:29: error: duplicate component name 'x' in SEQUENCE", "2:18: note: previous 'x' is here"]),
    ("A ::= INTEGER\nA ::= BOOLEAN",
     ["3:1: error: 'A' is already defined in module 'M'", "2:1: note: previous definition of 'A' is here"]),
    ("B ::= INTEGER (0..10)\nC ::= B (20..30)",
     ["3:9: error: constraint admits no value (the type allows 0..10, the constraint 20..30)"]),
    ("D ::= SEQUENCE { d D }",
     ["2:1: error: type 'D' has no finite value: its recursion is not broken by OPTIONAL, CHOICE "
      "or a SEQUENCE OF that may be empty"]),
    ("E ::= F\nF ::= E", ["2:1: error: type 'E' is defined in terms of itself"]),
    ('G ::= SEQUENCE { s IA5String (SIZE(1..4)) DEFAULT "toolong" }',
     ["2:51: error: DEFAULT of 's': length 7 is outside SIZE (1..4)"]),
    ("H ::= ENUMERATED { a(1), b(1) }", ["2:26: error: ENUMERATED items 'a' and 'b' have the same number 1"]),
    ("I ::= INTEGER (0..18446744073709551616)",
     ["2:15: error: value range 0..18446744073709551616 does not fit in 64 bits"]),
    ("J ::= OCTET STRING (SIZE(-1..3))", ["2:21: error: SIZE must not admit negative lengths (got -1..3)"]),
    ("L ::= INTEGER (0..nov)", ["2:19: error: undefined value 'nov'"]),
    ("K ::= BOOLEAN (TRUE)", ["2:15: error: unsupported: constraints on BOOLEAN"]),
    ("N ::= INTEGER (0..5) \nO ::= SEQUENCE { n N DEFAULT 9 }",
     ["3:30: error: DEFAULT of 'n': 9 is outside the type's range (0..5)"]),
    ("P ::= ENUMERATED { a, b }\nQ ::= SEQUENCE { p P DEFAULT c }",
     ["3:30: error: DEFAULT of 'p': 'c' is not an item of the ENUMERATED type"]),
    ("R ::= CHOICE { a INTEGER, a BOOLEAN }",
     ["2:27: error: duplicate component name 'a' in CHOICE", "2:16: note: previous 'a' is here"]),
    ('S ::= IA5String (FROM("a".."z")) (SIZE(1..3))\nT ::= SEQUENCE { s S DEFAULT "aB" }',
     ["3:30: error: DEFAULT of 's': character 'B' is not in the permitted alphabet"]),
])
def test_semantic_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == expected


def test_several_errors_in_one_run(tmp_path):
    errs = errors_of(tmp_path, "A ::= SEQUENCE { x Nope }\nB ::= INTEGER (3..1)\nC ::= SEQUENCE { y Missing }")
    assert [e.split(": error")[0] for e in errs] == ["2:20", "3:16", "4:20"]


def test_imports_across_files(tmp_path):
    (tmp_path / "Common.asn1").write_text(
        "Common DEFINITIONS ::= BEGIN EXPORTS Id; Id ::= INTEGER (0..65535) Hidden ::= BOOLEAN END\n")
    main = tmp_path / "main.asn1"
    main.write_text("Main DEFINITIONS ::= BEGIN IMPORTS Id FROM Common; Msg ::= SEQUENCE { id Id } END\n")
    comp = load([str(main)])  # Common.asn1 is found next to main.asn1
    msg = comp.model.typedef("Main", "Msg")
    assert isinstance(resolve_ref(msg.type.fields[0].type), IntT)
    main.write_text("Main DEFINITIONS ::= BEGIN IMPORTS Hidden, Nothing FROM Common; END\n")
    with pytest.raises(CompileError) as ei:
        load([str(main)])
    assert [str(d).split("main.asn1:")[1] for d in ei.value.diagnostics] == [
        "1:36: error: module 'Common' does not export 'Hidden'",
        "1:44: error: module 'Common' does not define 'Nothing'"]
    main.write_text("Main DEFINITIONS ::= BEGIN IMPORTS X FROM Elsewhere; END\n")
    with pytest.raises(CompileError) as ei:
        load([str(main)])
    assert "module 'Elsewhere' imported by 'Main' was not found" in str(ei.value)


def test_imports_passed_on_found_by_oid_and_builtin_names(tmp_path):
    """A name a module imports and passes on (X.680 13.13), a module named by its OID
    under another name (and WITH SUCCESSORS / DESCENDANTS), and built-in string type
    names in a symbol list."""
    spec = compile_text(tmp_path, """
A { 1 3 6 1 4 1 99 1 } DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  Type ::= INTEGER (0..7)
  value Type ::= 5
END
B { 1 3 6 1 4 1 98 1 } DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  IMPORTS Type, value FROM A;
  Other ::= BOOLEAN
END
C DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  IMPORTS Type, value FROM B
          UTF8String, BMPString FROM Renamed { iso identified-organization(3) 6 1 4 1 99 1 };
  U ::= SEQUENCE { t Type DEFAULT value, s BMPString, u UTF8String }
END
D DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  IMPORTS Type FROM OldName { 1 3 6 1 4 1 99 0 } WITH SUCCESSORS
          Other FROM Root { 1 3 6 1 4 1 98 } WITH DESCENDANTS;
  V ::= SEQUENCE { t Type, o Other }
END
""")
    u = spec.model.typedef("C", "U").type
    t = resolve_ref(u.fields[0].type)
    assert isinstance(t, IntT) and (t.values.lower, t.values.upper) == (0, 7)
    assert u.fields[0].default == 5
    assert [type(resolve_ref(f.type)).__name__ for f in u.fields[1:]] == ["StringT", "StringT"]
    v = spec.model.typedef("D", "V").type
    assert isinstance(resolve_ref(v.fields[0].type), IntT)


@pytest.mark.parametrize("text, expected", [
    # B does not import Type: the chain breaks
    ("A DEFINITIONS ::= BEGIN Type ::= INTEGER END\nB DEFINITIONS ::= BEGIN IMPORTS X FROM A; END\n"
     "C DEFINITIONS ::= BEGIN IMPORTS Type FROM B; END",
     ["2:33: error: module 'A' does not define 'X'", "3:33: error: module 'B' does not define 'Type'"]),
    # a name passed on must be exported when the module lists its exports
    ("A DEFINITIONS ::= BEGIN Type ::= INTEGER END\nB DEFINITIONS ::= BEGIN EXPORTS Y; IMPORTS Type FROM A; "
     "Y ::= BOOLEAN END\nC DEFINITIONS ::= BEGIN IMPORTS Type FROM B; END",
     ["3:33: error: module 'B' does not export 'Type'"]),
    # neither the name nor the OID match
    ("A { 1 2 3 } DEFINITIONS ::= BEGIN T ::= INTEGER END\nB DEFINITIONS ::= BEGIN IMPORTS T FROM X { 1 2 4 }; END",
     ["2:40: error: module 'X' imported by 'B' was not found (give its file on the command line or with -I)"]),
    # a successor has a larger last arc, never a smaller one
    ("A { 1 2 3 } DEFINITIONS ::= BEGIN T ::= INTEGER END\n"
     "B DEFINITIONS ::= BEGIN IMPORTS T FROM X { 1 2 4 } WITH SUCCESSORS; END",
     ["2:40: error: module 'X' imported by 'B' was not found (give its file on the command line or with -I)"]),
    # two descendants: which one is meant is not known
    ("A { 1 2 3 } DEFINITIONS ::= BEGIN T ::= INTEGER END\nA2 { 1 2 4 } DEFINITIONS ::= BEGIN T ::= INTEGER END\n"
     "B DEFINITIONS ::= BEGIN IMPORTS T FROM X { 1 2 } WITH DESCENDANTS; END",
     ["3:40: error: module 'X' imported by 'B': its OID matches several modules (A, A2)"]),
    # an imported built-in name stays the built-in type: a definition of it is not taken
    ("A DEFINITIONS ::= BEGIN T ::= INTEGER END\nB DEFINITIONS ::= BEGIN IMPORTS BMPString FROM A; "
     "U ::= SEQUENCE { s BMPString (SIZE (1..2)) DEFAULT 5 } END",
     ["2:102: error: DEFAULT of 's': value does not match the type character string"]),
])
def test_import_errors(tmp_path, text, expected):
    with pytest.raises(CompileError) as ei:
        compile_text(tmp_path, text)
    assert [str(d).split("spec.asn1:", 1)[1] for d in ei.value.diagnostics] == expected


@pytest.mark.parametrize("body, expected", [
    # ENUMERATED numbers that collide through an extension addition
    ("E ::= ENUMERATED { a, b, ..., c(1) }", ["2:31: error: ENUMERATED items 'b' and 'c' have the same number 1"]),
    ("E ::= ENUMERATED { a, b(3), ..., c, d(3) }",
     ["2:37: error: ENUMERATED items 'b' and 'd' have the same number 3"]),
    # extension additions out of order
    ("E ::= ENUMERATED { a, b, ..., c(5), d(3) }",
     ["2:37: error: ENUMERATED extension addition 'd' = 3 must have a number greater than the earlier "
      "addition 'c' = 5 (X.680)"]),
    ("E ::= ENUMERATED { a, b, ..., c, d(2) }",
     ["2:34: error: ENUMERATED extension addition 'd' = 2 must have a number greater than the earlier "
      "addition 'c' = 2 (X.680)"]),
    # duplicate named-bit numbers
    ("B ::= BIT STRING { x(1), y(2), z(1) }", ["2:32: error: named bits 'x' and 'z' have the same number 1"]),
    # FROM with a non-character element
    ("S ::= IA5String (FROM (1..4))", ["2:24: error: expected a character string value"]),
    ('S ::= IA5String (FROM ("a" | TRUE))', ["2:30: error: expected a character string value"]),
    # DEFAULTs of another kind, or of another string type with characters the type lacks
    ("S ::= SEQUENCE { s IA5String DEFAULT '6162'H }",
     ["2:38: error: DEFAULT of 's': value does not match the type character string"]),
    ("v OCTET STRING ::= '6162'H\nS ::= SEQUENCE { s IA5String DEFAULT v }",
     ["3:38: error: DEFAULT of 's': value 'v' has the wrong type"]),
    ('v UTF8String ::= "\u00e9"\nS ::= SEQUENCE { s IA5String DEFAULT v }',
     ["3:38: error: DEFAULT of 's': value 'v' of UTF8String: character '\u00e9' is not in the permitted "
      "alphabet of IA5String"]),
    ('v UTF8String ::= "\u20ac"\nS ::= SEQUENCE { s VisibleString DEFAULT v }',
     ["3:42: error: DEFAULT of 's': value 'v' of UTF8String has characters outside the repertoire of "
      "VisibleString"]),
    ('v VisibleString ::= "12a"\nS ::= SEQUENCE { s NumericString DEFAULT v }',
     ["3:42: error: DEFAULT of 's': value 'v' of VisibleString: character 'a' is not in the permitted "
      "alphabet of NumericString"]),
    # SIZE with a negative lower bound stays an error (MIN is 0 there)
    ("S ::= OCTET STRING (SIZE (-1..4))", ["2:21: error: SIZE must not admit negative lengths (got -1..4)"]),
])
def test_wrong_acceptances(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == expected


def test_enumerated_numbers_follow_x680(tmp_path):
    """X.680's examples: an unnumbered extension addition takes the smallest number no
    root item has that is greater than the earlier additions' numbers."""
    spec = compile_text(tmp_path, "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n"
                                  "A ::= ENUMERATED {a, b, ..., c}\n"
                                  "B ::= ENUMERATED {a, b, c(0), ..., d}\n"
                                  "C ::= ENUMERATED {a, b, ..., c(3), d}\n"
                                  "D ::= ENUMERATED {a, z(25), ..., d}\n"
                                  "E ::= ENUMERATED {a, b, c(0), d, e(25), f, ..., g}\n"
                                  "F ::= ENUMERATED {a(1), ..., b(0), c}\nEND\n")
    items = {n: dict(spec.model.typedef("M", n).type.items) for n in "ABCDEF"}
    assert items == {"A": {"a": 0, "b": 1, "c": 2}, "B": {"a": 1, "b": 2, "c": 0, "d": 3},
                     "C": {"a": 0, "b": 1, "c": 3, "d": 4}, "D": {"a": 0, "z": 25, "d": 1},
                     "E": {"a": 1, "b": 2, "c": 0, "d": 3, "e": 25, "f": 4, "g": 5},
                     "F": {"a": 1, "b": 0, "c": 2}}


def test_wrong_rejections_odd_hex_and_min_size(tmp_path):
    """'1'H for an OCTET STRING is one octet 0x10 (X.680 appends a 0 digit); MIN in a
    SIZE constraint is the least length, 0; a value of another character string type
    with characters the type has is a value of it."""
    spec = compile_text(tmp_path, "M DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n"
                                  "v VisibleString ::= \"123\"\n"
                                  "S ::= SEQUENCE { o OCTET STRING DEFAULT '1'H, p OCTET STRING DEFAULT 'ABC'H,\n"
                                  "                 n NumericString DEFAULT v }\n"
                                  "T ::= OCTET STRING (SIZE (MIN..4))\n"
                                  "U ::= SEQUENCE (SIZE (MIN..MAX)) OF INTEGER\nEND\n")
    s = spec.model.typedef("M", "S").type
    assert [f.default for f in s.fields] == [b"\x10", b"\xab\xc0", b"123"]
    t = spec.model.typedef("M", "T").type
    assert (t.sizes.lower, t.sizes.upper) == (0, 4)
    u = spec.model.typedef("M", "U").type
    assert (u.sizes.lower, u.sizes.upper) == (0, None)


@pytest.mark.parametrize("constraint, wire, lo, hi", [
    ("(0..255)", "int", 0, 255),
    ("(-2147483648..2147483647)", "int", -2**31, 2**31 - 1),
    ("(0..4294967295)", "uint", 0, 2**32 - 1),
    ("(0..4294967296)", "hyper", 0, 2**32),
    ("(0..18446744073709551615)", "uhyper", 0, 2**64 - 1),
    ("(0..MAX)", "hyper", 0, 2**63 - 1),
    ("", "hyper", None, None),  # unconstrained
    ("(0..9999, ...)", "hyper", None, None),  # extensible: not narrowed (docs/mapping.md)
    ("(1|3|5..7)", "int", 1, 7),
])
def test_integer_wire_kinds(tmp_path, constraint, wire, lo, hi):
    """The model holds the admitted values (open ends: 64-bit limits); the IR picks the
    XDR integer and the set a decoder enforces (None: all of that XDR integer)."""
    from ilpc.ir.plan import XDR_INT_RANGE, xdr_int
    comp = compile_text(tmp_path, f"M DEFINITIONS ::= BEGIN A ::= INTEGER {constraint} END\n")
    t = comp.model.typedef("M", "A").type
    assert not hasattr(t, "wire"), "the semantic model knows no transfer syntax"
    assert (t.values.lower, t.values.upper) == (lo, hi)
    got, enforced = xdr_int(t.values)
    assert got == wire
    narrower = lo is not None and (lo, hi) != XDR_INT_RANGE[wire]
    assert (enforced is not None) == narrower


def test_value_set_is_exact(tmp_path):
    comp = compile_text(tmp_path, "M DEFINITIONS ::= BEGIN A ::= INTEGER (1|3|5..7) END\n")
    t = comp.model.typedef("M", "A").type
    assert [x for x in range(0, 9) if x in t.values] == [1, 3, 5, 6, 7]


def test_sizes_alphabets_and_references(tmp_path):
    comp = compile_text(tmp_path, """M DEFINITIONS ::= BEGIN
        n INTEGER ::= 16
        Fixed ::= OCTET STRING (SIZE(n))
        Name ::= PrintableString (SIZE(1..8))
        Short ::= Name (SIZE(1..4))
        Digits ::= IA5String (FROM("0".."9"))
        Ext ::= OCTET STRING (SIZE(2, ...))
        List ::= SEQUENCE SIZE(1..5) OF Name
        Node ::= SEQUENCE { v INTEGER, next Node OPTIONAL }
    END""")
    m = comp.model
    assert m.typedef("M", "Fixed").type.fixed == 16
    short = m.typedef("M", "Short").type
    assert isinstance(short, StringT) and (short.sizes.lower, short.sizes.upper) == (1, 4)
    digits = m.typedef("M", "Digits").type
    assert ord("5") in digits.alphabet and ord("a") not in digits.alphabet
    ext = m.typedef("M", "Ext").type
    assert isinstance(ext, OctetsT) and ext.fixed is None and ext.sizes.upper is None
    lst = m.typedef("M", "List").type
    assert isinstance(lst, ArrayT) and (lst.sizes.lower, lst.sizes.upper) == (1, 5)
    node = m.typedef("M", "Node")
    assert node.recursive and isinstance(node.type, StructT)
    # the pointer that breaks the cycle is C's business: the IR's, not the model's
    from ilpc.ir.indirect import indirect_fields
    assert indirect_fields(m) == {id(node.type.fields[1])}


# ---------------------------------------------------- object identifiers

def test_object_identifier_values(tmp_path):
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        id-a OBJECT IDENTIFIER ::= { iso(1) member-body(2) us(840) 113549 }
        id-b OBJECT IDENTIFIER ::= { id-a 1 n }
        id-c OBJECT IDENTIFIER ::= { itu-t recommendation x 680 }
        id-d OBJECT IDENTIFIER ::= { id-b rel arc(n) }
        n INTEGER ::= 9
        rel RELATIVE-OID ::= { 5 6 }
        rel2 RELATIVE-OID ::= { rel 7 }
        Oid ::= OBJECT IDENTIFIER
        Two ::= OBJECT IDENTIFIER (id-a | id-b)
        A ::= SEQUENCE { o Oid DEFAULT id-c, t Two DEFAULT { id-a 1 9 }, r RELATIVE-OID }
    END""")
    m = comp.model
    values = {v.name: v.value for mm in m.modules for v in mm.values}
    assert values["id-a"] == (1, 2, 840, 113549)
    assert values["id-b"] == (1, 2, 840, 113549, 1, 9)
    assert values["id-c"] == (0, 0, 24, 680)
    assert values["id-d"] == (1, 2, 840, 113549, 1, 9, 5, 6, 9)
    assert values["rel2"] == (5, 6, 7)
    oid = m.typedef("M", "Oid").type
    assert isinstance(oid, OidT) and isinstance(oid, ArrayT) and not oid.relative
    assert (oid.sizes.lower, oid.sizes.upper) == (2, 128) and xdr_int(oid.element.values)[0] == "uhyper"
    two = m.typedef("M", "Two").type
    assert two.values == {(1, 2, 840, 113549), (1, 2, 840, 113549, 1, 9)}
    o, t, r = m.typedef("M", "A").type.fields
    assert o.default == (0, 0, 24, 680) and t.default == (1, 2, 840, 113549, 1, 9)
    assert r.type.relative and (r.type.sizes.lower, r.type.sizes.upper) == (1, 128)


@pytest.mark.parametrize("body, expected", [
    ("a OBJECT IDENTIFIER ::= { 3 1 }",
     "2:25: error: value 'a': the first arc of an OBJECT IDENTIFIER is 0, 1 or 2, not 3"),
    ("a OBJECT IDENTIFIER ::= { 1 40 }",
     "2:25: error: value 'a': the second arc under 1 is at most 39, not 40"),
    ("a OBJECT IDENTIFIER ::= { 2 }",
     "2:25: error: value 'a': an OBJECT IDENTIFIER has 2..128 arcs, this value 1"),
    ("a OBJECT IDENTIFIER ::= { 1 2 nope }",
     "2:31: error: value 'a': undefined value 'nope' (not a value assignment, nor an arc name "
     "X.680 fixes at this position)"),
    ("a OBJECT IDENTIFIER ::= { 1 2 }\nb OBJECT IDENTIFIER ::= { 1 a }",
     "3:29: error: value 'b': an OBJECT IDENTIFIER value 'a' can only be the first component "
     "of an OBJECT IDENTIFIER value"),
    ("a OBJECT IDENTIFIER ::= { 1 2 }\nr RELATIVE-OID ::= { a 1 }",
     "3:22: error: value 'r': an OBJECT IDENTIFIER value 'a' can only be the first component "
     "of an OBJECT IDENTIFIER value"),
    ("b BOOLEAN ::= TRUE\na OBJECT IDENTIFIER ::= { 1 b }",
     "3:29: error: value 'a': 'b' is not an INTEGER, OBJECT IDENTIFIER or RELATIVE-OID value"),
    ("a OBJECT IDENTIFIER ::= { 1 2 }\nr RELATIVE-OID ::= a",
     "3:20: error: value 'r': value 'a' has the wrong type"),
    ("A ::= OBJECT IDENTIFIER (SIZE (2..4))",
     "2:26: error: unsupported: this constraint on OBJECT IDENTIFIER (only single values constrain it)"),
    ("a OBJECT IDENTIFIER ::= { 1 2 }\nA ::= OBJECT IDENTIFIER (a)\nB ::= SEQUENCE { b A DEFAULT { 1 3 } }",
     "4:30: error: DEFAULT of 'b': the value is not one the constraint admits"),
    ("A ::= SEQUENCE { b INTEGER DEFAULT { 1 3 } }",
     "2:36: error: unsupported: DEFAULT of 'b': value in braces for INTEGER (ilpc reads braces as "
     "OBJECT IDENTIFIER values only)"),
])
def test_object_identifier_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == [expected]


# ---------------------------------------------------- time types

def test_time_types_are_checked_visible_strings(tmp_path):
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        U ::= UTCTime
        G ::= GeneralizedTime (SIZE (15))
        D ::= DATE
        T ::= SEQUENCE { t TIME-OF-DAY DEFAULT "12:00:00", d DATE-TIME, p DURATION, x TIME }
    END""")
    m = comp.model
    u = m.typedef("M", "U").type
    assert isinstance(u, StringT) and u.kind == "VisibleString"
    assert (u.sizes.lower, u.sizes.upper) == (11, 17)
    assert {chr(c) for c in range(256) if c in u.alphabet} == set("0123456789+-Z")
    g = m.typedef("M", "G").type
    assert (g.sizes.lower, g.sizes.upper) == (15, 15) and ord(".") in g.alphabet
    d = m.typedef("M", "D").type
    assert (d.sizes.lower, d.sizes.upper) == (10, 10) and ord(":") not in d.alphabet
    t, dt, p, x = m.typedef("M", "T").type.fields
    assert t.default == b"12:00:00" and (dt.type.sizes.lower, dt.type.sizes.upper) == (19, 19)
    assert ord("P") in p.type.alphabet and ord("/") in x.type.alphabet


@pytest.mark.parametrize("body, expected", [
    ('A ::= SEQUENCE { d DATE DEFAULT "2024-1-1" }',
     "2:33: error: DEFAULT of 'd': length 8 is outside SIZE (10)"),
    ('A ::= SEQUENCE { t UTCTime DEFAULT "2401011200:00Z" }',
     "2:36: error: DEFAULT of 't': character ':' is not in the permitted alphabet"),
    ("A ::= TIME-OF-DAY (SIZE (9))",
     "2:19: error: SIZE constraint admits no length (allowed before: 8)"),
])
def test_time_type_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == [expected]


# ---------------------------------------------------- ANY

def test_any_is_an_unbounded_opaque(tmp_path):
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        A ::= SEQUENCE { t OBJECT IDENTIFIER, v ANY DEFINED BY t OPTIONAL, w [0] ANY }
        B ::= ANY
    END""")
    t, v, w = comp.model.typedef("M", "A").type.fields
    for x in (v.type, w.type, comp.model.typedef("M", "B").type):
        assert isinstance(x, OctetsT) and x.fixed is None and (x.sizes.lower, x.sizes.upper) == (0, None)
    assert v.optional and not w.optional


@pytest.mark.parametrize("body, expected", [
    ("A ::= SEQUENCE { t INTEGER, v ANY DEFINED BY s }",
     "2:31: error: ANY DEFINED BY s: the SEQUENCE has no component 's'"),
    ("A ::= CHOICE { t INTEGER, v [0] ANY DEFINED BY t }",
     "2:33: error: ANY DEFINED BY t: the CHOICE has no component 't'"),
])
def test_any_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == [expected]


# ---------------------------------------------------- CONTAINING

def test_containing_keeps_the_wire_and_records_the_type(tmp_path):
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        Inner ::= SEQUENCE { a INTEGER }
        ber OBJECT IDENTIFIER ::= { joint-iso-itu-t asn1(1) basic-encoding(1) }
        A ::= SEQUENCE {
            o OCTET STRING (CONTAINING Inner),
            b BIT STRING (CONTAINING Inner),
            s OCTET STRING (SIZE (1..9)) (CONTAINING Inner),
            e OCTET STRING (CONTAINING Inner ENCODED BY ber),
            x OCTET STRING (ENCODED BY ber)
        }
    END""")
    m = comp.model
    o, b, s, e, x = m.typedef("M", "A").type.fields
    inner = m.typedef("M", "Inner")
    assert isinstance(o.type, OctetsT) and o.type.contains.target is inner
    assert b.type.contains.target is inner and (s.type.sizes.lower, s.type.sizes.upper) == (1, 9)
    assert s.type.contains.target is inner
    assert e.type.contains is None and x.type.contains is None


@pytest.mark.parametrize("body, expected", [
    ("A ::= INTEGER (CONTAINING INTEGER)",
     "2:16: error: a contents constraint applies only to OCTET STRING and BIT STRING, not INTEGER"),
    ("A ::= OCTET STRING (CONTAINING SEQUENCE { a INTEGER })",
     "2:32: error: unsupported: CONTAINING a type that is not a plain reference to a named type "
     "(define the contained type and name it)"),
    ("A ::= OCTET STRING (CONTAINING Nope)", "2:32: error: undefined type 'Nope'"),
    ("A ::= OCTET STRING (ENCODED BY { 7 1 })",
     "2:32: error: ENCODED BY: the first arc of an OBJECT IDENTIFIER is 0, 1 or 2, not 7"),
])
def test_containing_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == [expected]


# ---------------------------------------------------- COMPONENTS OF, addition groups

def test_components_of_copies_the_root_components(tmp_path):
    (tmp_path / "other.asn1").write_text("""O DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        Lim ::= INTEGER (0..9)
        Ext ::= SEQUENCE { e Lim DEFAULT 4 }
    END""")
    comp = load([str(tmp_path / "other.asn1"), str(_write(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        IMPORTS Ext FROM O;
        Base ::= SEQUENCE { x INTEGER, y BOOLEAN OPTIONAL, ..., add NULL, ..., z REAL }
        T ::= [1] Base
        S ::= SEQUENCE { COMPONENTS OF T, w IA5String, ..., COMPONENTS OF Ext }
        U ::= SET { COMPONENTS OF V, b BOOLEAN }
        V ::= SET { a INTEGER }
    END"""))])
    m = comp.model
    s = m.typedef("M", "S").type
    assert [(f.name, f.optional) for f in s.fields] == [
        ("x", False), ("y", True), ("z", False), ("w", False), ("e", True)]
    assert s.fields[4].default == 4 and s.fields[4].type.target.name == "Lim"
    assert [f.name for f in m.typedef("M", "U").type.fields] == ["a", "b"]


def test_addition_groups_are_optional_structs(tmp_path):
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        S ::= SEQUENCE { a BOOLEAN, ..., [[ b INTEGER, c BOOLEAN OPTIONAL ]], [[ 2: d NULL ]], e REAL }
    END""")
    a, g1, g2, e = comp.model.typedef("M", "S").type.fields
    assert (g1.name, g1.optional, g2.name, e.optional) == ("ext_group1", True, "ext_group2", True)
    assert isinstance(g1.type, StructT) and [(f.name, f.optional) for f in g1.type.fields] == [
        ("b", False), ("c", True)]


@pytest.mark.parametrize("body, expected", [
    ("A ::= SEQUENCE { COMPONENTS OF A }",
     "2:18: error: COMPONENTS OF A: the type includes its own components"),
    ("A ::= SEQUENCE { COMPONENTS OF B }\nB ::= SEQUENCE { COMPONENTS OF A }",
     "2:18: error: COMPONENTS OF B: the type includes its own components"),
    ("A ::= SET { COMPONENTS OF B }\nB ::= SEQUENCE { b BOOLEAN }",
     "2:13: error: COMPONENTS OF needs a SET type here"),
    ("A ::= SEQUENCE { COMPONENTS OF B }\nB ::= INTEGER", "2:18: error: COMPONENTS OF needs a SEQUENCE type here"),
    ("A ::= SEQUENCE { b BOOLEAN, COMPONENTS OF B }\nB ::= SEQUENCE { b INTEGER }",
     "3:18: error: duplicate component name 'b' in SEQUENCE"),
])
def test_components_of_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body)[0] == expected


def _write(tmp_path, text):
    p = tmp_path / "spec.asn1"
    p.write_text(text)
    return p
