"""Semantic analysis: exact diagnostics (message and location) and the resolved model."""
import pytest

from ilpc.diagnostics import CompileError
from ilpc.driver import load
from ilpc.semantic.model import ArrayT, IntT, OctetsT, StringT, StructT, resolve_ref


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


def test_value_constraints_on_real_enumerated_and_strings(tmp_path):
    from ilpc.semantic.model import EnumT, RealT
    spec = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Ratio ::= REAL (0.0..1.0)
Few ::= REAL (0 | 1.5 | 3<..<4)
Low ::= REAL (MIN..-1.5 | PLUS-INFINITY)
Narrow ::= Ratio (0.25..MAX)
half REAL ::= 0.5
Half ::= REAL (half | INCLUDES Narrow ^ 1)
Color ::= ENUMERATED { red, green, blue, ... }
Warm ::= Color (red | green)
Red ::= Color (INCLUDES Warm ^ red)
Answer ::= IA5String ("yes" | "no")
Word ::= IA5String (PATTERN "[a-z]+") (SIZE (1..8))
Plain ::= IA5String (SIZE (1..8))
Magic ::= OCTET STRING ('CAFE'H | '00'H)
Three ::= BIT STRING ('101'B)
Small ::= INTEGER (0..10)
Mixed ::= INTEGER (INCLUDES Small | 20)
Short ::= Answer (INCLUDES Answer ^ SIZE (2))
R ::= SEQUENCE { r Ratio DEFAULT 0.5, w Warm DEFAULT green }
END
""")
    def t(name):
        return resolve_ref(spec.model.typedef("M", name).type)
    assert t("Ratio").ranges == ((0.0, False, 1.0, False),)
    assert t("Few").ranges == ((0.0, False, 0.0, False), (1.5, False, 1.5, False), (3.0, True, 4.0, True))
    assert t("Low").ranges == ((None, False, -1.5, False), (float("inf"), False, float("inf"), False))
    assert t("Narrow").ranges == ((0.25, False, 1.0, False),)
    assert t("Half").ranges == ((0.5, False, 0.5, False), (1.0, False, 1.0, False))
    assert isinstance(t("Warm"), EnumT) and t("Warm").items == [("red", 0), ("green", 1)]
    assert t("Red").items == [("red", 0)]
    answer = t("Answer")
    assert (answer.sizes.lower, answer.sizes.upper) == (2, 3)
    assert sorted(chr(c) for c in range(256) if c in answer.alphabet) == sorted("yesno")
    word, plain = t("Word"), t("Plain")  # PATTERN is not enforced: Word is Plain
    assert (word.sizes.intervals, word.alphabet) == (plain.sizes.intervals, plain.alphabet)
    magic = t("Magic")
    assert (magic.sizes.lower, magic.sizes.upper, magic.fixed) == (1, 2, None)
    assert (t("Three").sizes.lower, t("Three").sizes.upper) == (3, 3)
    assert (t("Mixed").values.lower, t("Mixed").values.upper) == (0, 20) and 15 not in t("Mixed").values
    assert (t("Short").sizes.lower, t("Short").sizes.upper) == (2, 2)
    assert [f.default for f in t("R").fields] == [0.5, "green"]
    assert isinstance(t("Ratio"), RealT)


@pytest.mark.parametrize("body, expected", [
    ("A ::= REAL (0.0..1.0)\nB ::= SEQUENCE { a A DEFAULT 1.5 }",
     ["3:30: error: DEFAULT of 'a': 1.5 is outside the type's values (0.0..1.0)"]),
    ("A ::= REAL (3..1)", ["2:13: error: empty range: 3.0..1.0"]),
    ("A ::= REAL (1<..<1)", ["2:13: error: empty range: 1.0<..<1.0"]),
    ("A ::= REAL (0.0..1.0)\nB ::= A (2..3)", ["3:9: error: constraint admits no REAL value"]),
    ("A ::= REAL (NOT-A-NUMBER)", ["2:13: error: NOT-A-NUMBER cannot be a REAL constraint's value"]),
    ("A ::= REAL (SIZE (1))",
     ["2:13: error: a REAL type can be constrained only by values, ranges and contained subtypes"]),
    ("A ::= REAL (TRUE)", ["2:13: error: REAL constraint: value does not match the type REAL"]),
    ("E ::= ENUMERATED { a, b }\nF ::= E (c)",
     ["3:10: error: single value: 'c' is not an item of the ENUMERATED type"]),
    ("E ::= ENUMERATED { a, b }\nF ::= E (a..b)",
     ["3:10: error: an ENUMERATED type can be constrained only by its items (single values) and "
      "contained subtypes"]),
    ("E ::= ENUMERATED { a, b }\nF ::= E (a ^ b)", ["3:9: error: constraint admits no item of the ENUMERATED type"]),
    ("E ::= ENUMERATED { a, b }\nF ::= E (a)\nG ::= SEQUENCE { f F DEFAULT b }",
     ["4:30: error: DEFAULT of 'f': 'b' is not an item of the ENUMERATED type"]),
    ('S ::= IA5String ("ab".."cd")',
     ["2:18: error: unsupported: value constraints on SEQUENCE OF and ranges on string types (use SIZE or FROM)"]),
    ('S ::= IA5String ("\u00e9")', ["2:18: error: single value: character '\u00e9' is not in the permitted alphabet"]),
    ('S ::= IA5String (SIZE (1)) ("ab")', ["2:29: error: single value: length 2 is outside SIZE (1)"]),
    ("S ::= OCTET STRING (5)", ["2:21: error: single value: value does not match the type OCTET STRING"]),
    ("I ::= INTEGER (PATTERN \"x\")", ["2:16: error: PATTERN applies only to character string types"]),
    ("S ::= OCTET STRING (PATTERN \"x\")", ["2:21: error: PATTERN applies only to character string types"]),
    ("S ::= IA5String (PATTERN 5)", ["2:26: error: expected a character string value"]),
    ("S ::= IA5String (INCLUDES UTF8String)",
     ["2:18: error: contained subtype: UTF8String is not a subtype of IA5String"]),
    ("B ::= BOOLEAN\nI ::= INTEGER (INCLUDES B)", ["3:16: error: contained subtype: BOOLEAN is not a subtype of INTEGER"]),
])
def test_value_constraint_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == expected


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
    comp = compile_text(tmp_path, f"M DEFINITIONS ::= BEGIN A ::= INTEGER {constraint} END\n")
    t = comp.model.typedef("M", "A").type
    assert (t.wire, t.values.lower, t.values.upper) == (wire, lo, hi)


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
    assert node.recursive and isinstance(node.type, StructT) and node.type.fields[1].indirect
