"""Semantic analysis: exact diagnostics (message and location) and the resolved model."""
import pytest

from ilpc.diagnostics import CompileError
from ilpc.driver import load
from ilpc.ir.plan import xdr_int
from ilpc.semantic.model import ArrayT, IntT, OctetsT, OidT, StringT, StructT, resolve_ref

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True


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
    ("A ::= CHOICE { a Nope }", ["2:18: error: undefined type 'Nope'"]),  # and nothing about the CHOICE
    ("K ::= BOOLEAN (TRUE ^ FALSE)", ["2:15: error: constraint admits no value of the BOOLEAN type"]),
    ("K ::= BOOLEAN (TRUE)\nJ ::= K (FALSE)", ["3:9: error: constraint admits no value of the BOOLEAN type"]),
    ("K ::= BOOLEAN (TRUE)\nL ::= SEQUENCE { k K DEFAULT FALSE }",
     ["3:30: error: DEFAULT of 'k': FALSE is not a value of the type (it admits only TRUE)"]),
    ("K ::= BOOLEAN (FALSE)\nk K ::= TRUE", ["3:9: error: value 'k': TRUE is not a value of the type (it admits only FALSE)"]),
    ("K ::= BOOLEAN (1)", ["2:16: error: single value: value does not match the type BOOLEAN"]),
    ("K ::= BOOLEAN (SIZE (1))",
     ["2:16: error: a BOOLEAN type can be constrained only by its values (TRUE, FALSE) and contained subtypes"]),
    ("N ::= INTEGER (0..5) \nO ::= SEQUENCE { n N DEFAULT 9 }",
     ["3:30: error: DEFAULT of 'n': 9 is outside the type's range (0..5)"]),
    ("P ::= ENUMERATED { a, b }\nQ ::= SEQUENCE { p P DEFAULT c }",
     ["3:30: error: DEFAULT of 'p': 'c' is not an item of the ENUMERATED type"]),
    ("R ::= CHOICE { a INTEGER, a BOOLEAN }",
     ["2:27: error: duplicate component name 'a' in CHOICE", "2:16: note: previous 'a' is here"]),
    ('S ::= IA5String (FROM("a".."z")) (SIZE(1..3))\nT ::= SEQUENCE { s S DEFAULT "aB" }',
     ["3:30: error: DEFAULT of 's': character 'B' is not in the permitted alphabet"]),
    # BMPString's repertoire ends at U+FFFF (its values are carried in UTF-8: docs/mapping.md);
    # UniversalString's does not
    ('s BMPString ::= "\U0001F600x"\nu UniversalString ::= "\U0001F600\u00ff"',
     ["2:17: error: value 's': string has characters outside the type's repertoire"]),
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
    main.write_text("Main DEFINITIONS ::= BEGIN IMPORTS X FROM Elsewhere; Msg ::= SEQUENCE { x X } END\n")
    with pytest.raises(CompileError) as ei:
        load([str(main)])
    assert "'X' is imported from module 'Elsewhere', which was not found: its definition is needed here" \
        in str(ei.value)


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
    # neither the name nor the OID match: T's definition is needed where it is used
    ("A { 1 2 3 } DEFINITIONS ::= BEGIN T ::= INTEGER END\n"
     "B DEFINITIONS ::= BEGIN IMPORTS T FROM X { 1 2 4 }; U ::= SEQUENCE { t T } END",
     ["2:72: error: 'T' is imported from module 'X', which was not found: its definition is needed here "
      "(give the module's file on the command line or with -I)", "2:33: note: 'T' is imported here"]),
    # a successor has a larger last arc, never a smaller one
    ("A { 1 2 3 } DEFINITIONS ::= BEGIN T ::= INTEGER END\n"
     "B DEFINITIONS ::= BEGIN IMPORTS T FROM X { 1 2 4 } WITH SUCCESSORS; U ::= SEQUENCE { t T } END",
     ["2:88: error: 'T' is imported from module 'X', which was not found: its definition is needed here "
      "(give the module's file on the command line or with -I)", "2:33: note: 'T' is imported here"]),
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
    # "1...10" is the real 1. then "..": no INTEGER bound
    ("A ::= INTEGER (1...10)", ["2:16: error: expected an integer value"]),
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
    ("B ::= BOOLEAN\nI ::= INTEGER (INCLUDES B)", ["3:16: error: 'INCLUDES B' is not an INTEGER type"]),
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


# ------------------------------------------------------- parameterized types (X.683)

def _typedefs(model):
    return {(td.module, td.name): td for m in model.model.modules for td in m.typedefs}


def test_parameterized_instances_and_names(tmp_path):
    model = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Signed{T} ::= SEQUENCE { data T, sig OCTET STRING }
Opt{T} ::= CHOICE { plain T, signed Signed{T} }
Vec{INTEGER : n, E} ::= SEQUENCE (SIZE (0..n)) OF E
Range{INTEGER : lo, INTEGER : hi} ::= INTEGER (lo..hi)
limit INTEGER ::= 3
SignedInt ::= Signed{INTEGER}
Again ::= Signed{INTEGER}
OptBool ::= Opt{BOOLEAN}
Small ::= Vec{limit, Range{-2, 7}}
U ::= SEQUENCE { a Signed{INTEGER}, b Vec{2, BOOLEAN}, c Vec{limit, SEQUENCE { x INTEGER }} }
END
""")
    tds = _typedefs(model)
    names = [n for (_, n) in tds]
    assert "Signed" not in names and "Vec" not in names  # templates have no C form
    # the whole right-hand side of an assignment: the instance is that type
    assert isinstance(tds[("M", "SignedInt")].type, StructT)
    assert resolve_ref(tds[("M", "Again")].type) is tds[("M", "SignedInt")].type
    # U.a is the same instance; other instances are named after their arguments
    u = tds[("M", "U")].type
    assert u.fields[0].type.target is tds[("M", "SignedInt")]
    assert u.fields[1].type.target.name == "Vec-2-BOOLEAN"
    assert u.fields[2].type.target.name == "Vec-1"  # an argument written out in full
    assert tds[("M", "Signed-BOOLEAN")].type.fields[0].type.__class__.__name__ == "BoolT"
    assert tds[("M", "Range-minus2-7")].type.values.intervals == ((-2, 7),)
    small = tds[("M", "Small")].type
    assert isinstance(small, ArrayT) and small.sizes.intervals == ((0, 3),)
    assert small.element.target.name == "Range-minus2-7"
    assert tds[("M", "Vec-2-BOOLEAN")].type.sizes.intervals == ((0, 2),)


def test_parameterized_recursive_and_across_modules(tmp_path):
    a = tmp_path / "a.asn1"
    a.write_text("""A DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS Pair FROM B;
Flag ::= INTEGER
List{E} ::= SEQUENCE { elem E, next List{E} OPTIONAL }
Ints ::= List{INTEGER (0..9)}
P ::= Pair{Flag}
END
""")
    b = tmp_path / "b.asn1"
    b.write_text("""B DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Flag ::= BOOLEAN
Pair{X} ::= SEQUENCE { x X, f Flag }
END
""")
    tds = _typedefs(load([str(a), str(b)]))
    ints = tds[("A", "Ints")]
    assert ints.recursive and ints.type.fields[1].type.target is ints
    assert ints.type.fields[0].type.values.intervals == ((0, 9),)
    p = tds[("A", "P")].type
    # the actual parameter keeps its meaning (A.Flag), the template's own names are B's
    assert p.fields[0].type.target is tds[("A", "Flag")]
    assert p.fields[1].type.target is tds[("B", "Flag")]


@pytest.mark.parametrize("body, expected", [
    ("P{T} ::= SEQUENCE { a T }\nA ::= P{INTEGER, BOOLEAN}",
     ["3:7: error: 'P' takes 1 actual parameter, 2 given", "2:1: note: 'P' is defined here"]),
    ("P{T} ::= SEQUENCE { a T }\nA ::= P", ["3:7: error: 'P' is a parameterized type: give its actual "
                                            "parameters, as in 'P{...}'"]),
    ("A ::= INTEGER\nB ::= A{INTEGER}",
     ["3:7: error: 'A' is not a parameterized type: it takes no actual parameters"]),
    ("B ::= Nope{INTEGER}", ["2:7: error: undefined parameterized type 'Nope'"]),
    ("P{T} ::= SEQUENCE { a T }\nx INTEGER ::= 1\nA ::= P{x}",
     ["4:9: error: parameter 'T' of 'P' is a type, but a value is given"]),
    ("P{INTEGER : n} ::= INTEGER (0..n)\nA ::= P{BOOLEAN}",
     ["3:9: error: parameter 'n' of 'P' is a value, but a type or set is given"]),
    ("P{INTEGER : n} ::= INTEGER (0..n)\nA ::= P{TRUE}",
     ["3:9: error: parameter 'n' of 'P': value does not match the type INTEGER"]),
    ("P{INTEGER : n} ::= INTEGER (0..n)\nA ::= P{-1}",
     ["2:29: error: empty range: lower bound 0 is greater than upper bound -1"]),
    ("P{INTEGER : S} ::= INTEGER (S)\nA ::= P{1}",
     ["3:9: error: parameter 'S' of 'P' is a set: give it in braces, as in '{Set}' or '{1 | 2}'"]),
    ("P{INTEGER : S} ::= IA5String (S)\nA ::= P{{\"a\"}}",
     ["2:31: error: unsupported: a value set parameter in a constraint of this type"]),
    ("P{BOOLEAN : b} ::= INTEGER (0..b)\nA ::= P{TRUE}",
     ["2:32: error: parameter 'b' is not an INTEGER value"]),
])
def test_parameterized_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == expected


# -------------------------------------------------------------- values in braces

def test_braced_values_and_defaults(tmp_path):
    model = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Point ::= SEQUENCE { x INTEGER (0..100), y INTEGER (0..100) DEFAULT 7, z BOOLEAN OPTIONAL }
Flags ::= BIT STRING { a(0), b(3) }
Flags8 ::= BIT STRING { a(0), b(3) } (SIZE (8))
Ints ::= SEQUENCE (SIZE (0..3)) OF INTEGER
Shape ::= CHOICE { p Point, n NULL }
origin Point ::= { x 0, y 0 }
corners SEQUENCE OF Point ::= { origin, { x 100, z FALSE } }
digits Ints ::= { 1, 2, 3 }
f Flags ::= { b }
f8 Flags8 ::= { a }
none Flags ::= {}
s Shape ::= n : NULL
half REAL ::= { mantissa 5, base 10, exponent -1 }
eight REAL ::= { mantissa 1, base 2, exponent 3 }
T ::= SEQUENCE { p Point DEFAULT origin, l Ints DEFAULT {}, c Shape DEFAULT p : { x 1 } }
END
""")
    values = {v.name: v.value for m in model.model.modules for v in m.values}
    assert values["origin"] == {"x": 0, "y": 0}
    assert values["corners"] == [{"x": 0, "y": 0}, {"x": 100, "z": False}]
    assert values["digits"] == [1, 2, 3]
    assert values["f"] == (4, b"\x10") and values["f8"] == (8, b"\x80") and values["none"] == (0, b"")
    assert values["s"] == ("n", None)
    assert values["half"] == 0.5 and values["eight"] == 8.0
    t = _typedefs(model)[("M", "T")].type
    assert [f.default for f in t.fields] == [{"x": 0, "y": 0}, [], ("p", {"x": 1})]


@pytest.mark.parametrize("body, expected", [
    ("P ::= SEQUENCE { x INTEGER, y BOOLEAN }\np P ::= { y TRUE }",
     ["3:9: error: value 'p': mandatory component 'x' is missing"]),
    ("P ::= SEQUENCE { x INTEGER, y BOOLEAN }\np P ::= { y TRUE, x 1 }",
     ["3:19: error: value 'p': component 'x' is out of order (components of a SEQUENCE value are "
      "written in the order of the type)"]),
    ("P ::= SEQUENCE { x INTEGER }\np P ::= { x 1, w 2 }",
     ["3:16: error: value 'p': 'w' is not a component of the SEQUENCE"]),
    ("P ::= SET { x INTEGER }\np P ::= { x 1, x 2 }", ["3:16: error: value 'p': component 'x' is given twice"]),
    ("P ::= SEQUENCE { x INTEGER (0..5) }\np P ::= { x 9 }",
     ["3:13: error: value 'p', component 'x': 9 is outside the type's range (0..5)"]),
    ("P ::= SEQUENCE { x INTEGER }\np P ::= { 1 }",
     ["3:9: error: value 'p': expected a SEQUENCE value { component value, ... }"]),
    ("L ::= SEQUENCE (SIZE (2)) OF INTEGER\nl L ::= { 1 }", ["3:9: error: value 'l': 1 elements is outside SIZE (2)"]),
    ("L ::= SEQUENCE OF BOOLEAN\nl L ::= { TRUE, 3 }",
     ["3:17: error: value 'l', element 2: value does not match the type BOOLEAN"]),
    ("F ::= BIT STRING { a(0) }\nf F ::= { a, c }", ["3:14: error: value 'f': expected a named bit of the BIT STRING type"]),
    ("F ::= BIT STRING { a(9) } (SIZE (0..8))\nf F ::= { a }", ["3:9: error: value 'f': 10 bits is outside SIZE (0..8)"]),
    ("C ::= CHOICE { a INTEGER }\nc C ::= b : 1", ["3:9: error: value 'c': 'b' is not an alternative of the CHOICE"]),
    ("C ::= CHOICE { a INTEGER }\nc C ::= { a 1 }", ["3:9: error: value 'c': expected a CHOICE value 'alternative : value'"]),
    ("r REAL ::= { mantissa 1, base 3, exponent 0 }",
     ["2:26: error: value 'r': the base of a REAL value is 2 or 10, not 3"]),
    ("i INTEGER ::= { 1 }", ["2:15: error: value 'i': this value in braces does not fit the type"]),
    ("P ::= SEQUENCE { x INTEGER }\nT ::= SEQUENCE { p P DEFAULT { x TRUE } }",
     ["3:34: error: DEFAULT of 'p', component 'x': value does not match the type INTEGER"]),
])
def test_braced_value_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == expected


# ------------------------------------------------------ inner type constraints

def test_with_components_model(tmp_path):
    model = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
S ::= SEQUENCE { a INTEGER OPTIONAL, b BOOLEAN OPTIONAL, c INTEGER, d OCTET STRING OPTIONAL }
Either ::= S (WITH COMPONENTS { ..., a PRESENT } | WITH COMPONENTS { ..., b PRESENT })
Narrow ::= S (WITH COMPONENTS { ..., c (0..5), d (SIZE (4)) PRESENT })
Full ::= S (WITH COMPONENTS { a, c })
Both ::= Either (WITH COMPONENTS { ..., b ABSENT })
C ::= CHOICE { x INTEGER, y BOOLEAN, z NULL }
NotY ::= C (WITH COMPONENTS { ..., y ABSENT })
OnlyZ ::= C (WITH COMPONENTS { z })
L ::= SEQUENCE OF INTEGER
Digits ::= L (SIZE (1..3) ^ WITH COMPONENT (0..9))
HasA ::= S (WITH COMPONENTS { ..., a PRESENT })
NoB ::= S (WITH COMPONENTS { ..., b ABSENT })
AOrNoB ::= S (HasA | NoB)
AAndNoB ::= S (HasA ^ NoB)
EitherNoD ::= S (Either ^ WITH COMPONENTS { ..., d ABSENT })
NarrowOrSelf ::= S (Narrow)
END
""")
    tds = _typedefs(model)
    assert tds[("M", "S")].type.presence is None
    assert tds[("M", "Either")].type.presence == [{"a": True}, {"b": True}]
    narrow = tds[("M", "Narrow")].type
    assert narrow.presence == [{"d": True}]
    c, d = narrow.fields[2].type, narrow.fields[3].type
    # the parent's wire format stays: c is still a hyper, d still a variable-length opaque
    assert c.values.intervals == ((0, 5),) and xdr_int(c.values, c.declared) == ("hyper", c.values)
    assert (d.fixed, d.sizes.intervals) == (None, ((4, 4),))
    assert tds[("M", "Full")].type.presence == [{"b": False, "d": False}]
    assert tds[("M", "Both")].type.presence == [{"a": True, "b": False}]
    assert tds[("M", "NotY")].type.presence == [{"y": False}]
    assert tds[("M", "OnlyZ")].type.presence == [{"x": False, "y": False}]
    digits = tds[("M", "Digits")].type
    assert digits.sizes.intervals == ((1, 3),) and digits.fixed is None
    assert digits.element.values.intervals == ((0, 9),)
    assert xdr_int(digits.element.values, digits.element.declared)[0] == "hyper"
    # contained subtypes of the SEQUENCE: their patterns, in unions and intersections
    assert tds[("M", "AOrNoB")].type.presence == [{"a": True}, {"b": False}]
    assert tds[("M", "AAndNoB")].type.presence == [{"a": True, "b": False}]
    assert tds[("M", "EitherNoD")].type.presence == [{"a": True, "d": False}, {"b": True, "d": False}]
    self_ = tds[("M", "NarrowOrSelf")].type
    c_self, c_narrow = self_.fields[2].type, narrow.fields[2].type
    assert self_.presence == [{"d": True}]
    assert (c_self.values, c_self.declared) == (c_narrow.values, c_narrow.declared)


@pytest.mark.parametrize("body, expected", [
    ("S ::= SEQUENCE { a INTEGER }\nT ::= S (WITH COMPONENTS { ..., b PRESENT })",
     ["3:33: error: 'b' is not a component of the SEQUENCE"]),
    ("S ::= SEQUENCE { a INTEGER }\nT ::= S (WITH COMPONENTS { ..., a ABSENT })",
     ["3:33: error: mandatory component 'a' cannot be ABSENT"]),
    ("S ::= SEQUENCE { a INTEGER OPTIONAL }\nT ::= S (WITH COMPONENTS { ..., a PRESENT, a ABSENT })",
     ["3:44: error: component 'a' is named twice in WITH COMPONENTS"]),
    ("S ::= SEQUENCE { a INTEGER OPTIONAL }\nT ::= S (WITH COMPONENTS { ..., a PRESENT } ^ WITH COMPONENTS { ..., a ABSENT })",
     ["3:47: error: the intersection requires component 'a' both present and absent"]),
    ("C ::= CHOICE { x INTEGER, y BOOLEAN }\nD ::= C (WITH COMPONENTS { ..., x ABSENT, y ABSENT })",
     ["3:9: error: WITH COMPONENTS admits no value"]),
    ("S ::= SEQUENCE { a INTEGER (0..5) }\nT ::= S (WITH COMPONENTS { ..., a (7..9) })",
     ["3:35: error: constraint admits no value (the type allows 0..5, the constraint 7..9)"]),
    ("S ::= SEQUENCE { a INTEGER OPTIONAL, b OCTET STRING }\n"
     "T ::= S (WITH COMPONENTS { ..., a PRESENT, b (SIZE (1)) } | WITH COMPONENTS { ..., a ABSENT })",
     ["3:46: error: unsupported: a constraint on component 'b' (OCTET STRING) in a union of WITH COMPONENTS "
      "or of subtypes (only INTEGER, ENUMERATED, SEQUENCE, SET and CHOICE components)"]),
    ("I ::= INTEGER (WITH COMPONENTS { ..., a PRESENT })",
     ["2:15: error: an inner type constraint (WITH COMPONENT or WITH COMPONENTS) cannot apply to INTEGER"]),
    ("L ::= SEQUENCE OF INTEGER\nM ::= L (WITH COMPONENTS { ..., a PRESENT })",
     ["3:10: error: WITH COMPONENTS applies to SEQUENCE, SET and CHOICE types; a SEQUENCE OF takes "
      "WITH COMPONENT"]),
    ("S ::= SEQUENCE { a INTEGER }\nT ::= S (WITH COMPONENT (1..5))",
     ["3:10: error: unsupported: this constraint on a SEQUENCE, SET or CHOICE (only WITH COMPONENTS, "
      "subtypes of the same type, and unions and intersections of them)"]),
    # contained subtypes: only of the type constrained itself
    ("S ::= SEQUENCE { a INTEGER }\nO ::= SEQUENCE { a INTEGER }\nT ::= S (O | S)",
     ["4:10: error: unsupported: contained subtype 'O' is not derived from the type it constrains "
      "(only a subtype of that type itself)"]),
    ("S ::= SEQUENCE { a INTEGER }\nO ::= SEQUENCE { a INTEGER }\nP ::= O (WITH COMPONENTS { a (1) })\n"
     "T ::= S (P | S)",
     ["5:10: error: unsupported: contained subtype 'P' is not derived from the type it constrains "
      "(only a subtype of that type itself)"]),
    ("S ::= SEQUENCE { a INTEGER }\nT ::= S (INCLUDES SEQUENCE { a INTEGER })",
     ["3:10: error: unsupported: contained subtype 'INCLUDES SEQUENCE { a INTEGER }': only a subtype of "
      "the type it constrains (a reference to it, or to a type defined as it with constraints)"]),
    ("S ::= SEQUENCE { o INTEGER OPTIONAL }\nA ::= S (WITH COMPONENTS { o ABSENT })\n"
     "B ::= S (WITH COMPONENTS { o PRESENT })\nT ::= S (A ^ B)",
     ["5:14: error: the intersection requires component 'o' both present and absent"]),
])
def test_with_components_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == expected


def test_union_of_subtypes_of_one_type(tmp_path):
    """`S (A | B)` with A and B defined as S with WITH COMPONENTS (X.680 contained
    subtypes, IEEE 1609.2's Certificate): each branch keeps its conditions on the
    component values next to its presence entries; the components keep S's types."""
    from ilpc.semantic.model import IntSet, Within
    model = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
S ::= SEQUENCE { k ENUMERATED { a, b }, n INTEGER (0..100), c CHOICE { x INTEGER, y NULL }, o OCTET STRING OPTIONAL }
A ::= S (WITH COMPONENTS { ..., k (a), n (1..9), o ABSENT })
B ::= S (WITH COMPONENTS { ..., k (b), c (WITH COMPONENTS { y }), o PRESENT })
U ::= S (A | B)
A2 ::= A
Via ::= S (A2 | B)
Whole ::= S (A | S)
Only ::= S (INCLUDES A ^ WITH COMPONENTS { ..., n (2..3) })
END
""")
    tds = _typedefs(model)
    u = tds[("M", "U")].type
    assert u.presence == [
        {"o": False, "k": Within(items=frozenset({"a"})), "n": Within(values=IntSet(((1, 9),)))},
        {"o": True, "k": Within(items=frozenset({"b"})), "c": Within(inner=({"x": False},))}]
    s = tds[("M", "S")].type
    assert [f.type for f in u.fields] == [f.type for f in s.fields]  # S's components, S's wire format
    assert tds[("M", "Via")].type.presence == u.presence  # A2 is A, A is S with a constraint
    assert tds[("M", "Whole")].type.presence is None  # S itself: every value
    only = tds[("M", "Only")].type  # one branch: A's constraints narrow the components
    assert only.presence == [{"o": False}]
    assert only.fields[1].type.values.intervals == ((2, 3),)
    assert [n for n, _ in only.fields[0].type.items] == ["a"]


def test_with_components_on_real_is_accepted_without_effect(tmp_path):
    model = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Float ::= REAL (WITH COMPONENTS { mantissa (-16777215..16777215), base (2), exponent (-149..104) })
END
""")
    assert type(_typedefs(model)[("M", "Float")].type).__name__ == "RealT"
    assert errors_of(tmp_path, "F ::= REAL (WITH COMPONENTS { digits (1..5) })") == [
        "2:31: error: 'digits' is not a component of REAL (mantissa, base, exponent)"]


def test_value_set_parameters_and_value_sets(tmp_path):
    model = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Q{INTEGER : S} ::= SEQUENCE { x INTEGER (S) }
Small INTEGER ::= { 1 | 3..4 }
Q1 ::= Q{{1 | 2}}
Q2 ::= Q{{Small}}
END
""")
    tds = _typedefs(model)
    assert tds[("M", "Small")].type.values.intervals == ((1, 1), (3, 4))  # a value set is a type
    assert tds[("M", "Q1")].type.fields[0].type.values.intervals == ((1, 2),)
    assert tds[("M", "Q2")].type.fields[0].type.values.intervals == ((1, 1), (3, 4))


# ------------------------------------------------------ information objects (X.681, X.682)

OBJECTS = """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
OP ::= CLASS {
    &code INTEGER (0..255) UNIQUE,
    &Arg,
    &Res OPTIONAL,
    &level INTEGER DEFAULT 1
} WITH SYNTAX { CODE &code ARG &Arg [RESULT &Res] [LEVEL &level] }
get OP ::= { CODE 1 ARG INTEGER RESULT BOOLEAN }
put OP ::= { &code 2, &Arg SEQUENCE { k INTEGER, v OCTET STRING } }
Basic OP ::= { get | put }
All OP ::= { Basic | { CODE 7 ARG NULL LEVEL 3 } }
Open OP ::= { get, ... }
Call ::= SEQUENCE {
    code OP.&code ({All}),
    arg  OP.&Arg ({All}{@code}),
    lvl  OP.&level ({All}{@code})
}
Loose ::= SEQUENCE { code OP.&code ({Open}), arg OP.&Arg ({Open}{@code}), any OP.&Res }
Wrap{OP : Ops} ::= SEQUENCE { code OP.&code ({Ops}), arg OP.&Arg ({Ops}{@code}) }
W ::= Wrap{{Basic}}
END
"""


def test_information_objects(tmp_path):
    from ilpc.semantic.model import BoolT, ChoiceT, NullT, OctetsT
    tds = _typedefs(compile_text(tmp_path, OBJECTS))
    call = tds[("M", "Call")].type
    code, arg, lvl = call.fields
    assert code.type.values.intervals == ((1, 2), (7, 7)) and xdr_int(code.type.values)[0] == "int"
    assert isinstance(arg.type, ChoiceT)
    assert [a.name for a in arg.type.alternatives] == ["get", "put", "code-7"]
    assert isinstance(resolve_ref(arg.type.alternatives[0].type), IntT)
    assert isinstance(arg.type.alternatives[1].type, StructT)
    assert isinstance(arg.type.alternatives[2].type, NullT)
    assert xdr_int(lvl.type.values) == ("hyper", None)  # a relation: the field's type
    loose = tds[("M", "Loose")].type
    assert xdr_int(loose.fields[0].type.values)[0] == "int"
    assert loose.fields[0].type.values.intervals == ((0, 255),)
    assert isinstance(loose.fields[1].type, OctetsT) and loose.fields[1].type.fixed is None
    assert isinstance(loose.fields[2].type, OctetsT)
    w = tds[("M", "W")].type
    assert [a.name for a in w.fields[1].type.alternatives] == ["get", "put"]
    assert isinstance(resolve_ref(w.fields[1].type.alternatives[0].type), IntT)
    assert not any(isinstance(f.type, BoolT) for f in w.fields)


@pytest.mark.parametrize("body, expected", [
    ("A ::= SEQUENCE { x NOPE.&id }", ["2:20: error: undefined information object class 'NOPE'"]),
    ("C ::= CLASS { &id INTEGER }\nA ::= SEQUENCE { x C.&code }", ["3:20: error: '&code' is not a field of class 'C'"]),
    ("C ::= CLASS { &id INTEGER }\nA ::= SEQUENCE { x C.&id ({Nope}) }", ["3:28: error: undefined object set 'Nope'"]),
    ("C ::= CLASS { &id INTEGER }\nS C ::= { { &id 1, &x 2 } }\nA ::= SEQUENCE { x C.&id ({S}) }",
     ["3:20: error: '&x' is not a field of class 'C'"]),
    ("C ::= CLASS { &id INTEGER }\nS C ::= { { &id 1, &id 2 } }\nA ::= SEQUENCE { x C.&id ({S}) }",
     ["3:20: error: field '&id' is set twice"]),
    ("C ::= CLASS { &id INTEGER } WITH SYNTAX { ID &id }\nS C ::= { { IDENT 1 } }\nA ::= SEQUENCE { x C.&id ({S}) }",
     ["3:13: error: expected 'ID' in an object of class 'C' (its WITH SYNTAX)"]),
    ("C ::= CLASS { &id INTEGER }\nS C ::= { { ID 1 } }\nA ::= SEQUENCE { x C.&id ({S}) }",
     ["3:11: error: an object of class 'C' is written { &field setting, ... } (the class has no WITH SYNTAX)"]),
    ("C ::= CLASS { &id INTEGER }\nA ::= SEQUENCE { x C }", ["3:20: error: 'C' is an information object class, not a type"]),
    ("C ::= CLASS { &id INTEGER }\nD ::= CLASS { &id INTEGER }\nS D ::= { { &id 1 } }\n"
     "A ::= SEQUENCE { x C.&id ({S}) }", ["5:28: error: object set 'S' is of class 'D', not 'C'"]),
    ("C ::= CLASS { &id INTEGER, &T }\nS C ::= { { &id 1, &T 5 } }\nA ::= SEQUENCE { x C.&id ({S}), t C.&T ({S}{@x}) }",
     ["3:23: error: unexpected '5', expected a type"]),
    ("C ::= CLASS { &id INTEGER }\nS C ::= { { &id 1 } | S }\nA ::= SEQUENCE { x C.&id ({S}) }",
     ["3:1: error: object set 'S' is defined in terms of itself"]),
])
def test_information_object_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == expected


def test_constrained_by_has_no_effect(tmp_path):
    tds = _typedefs(compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
A ::= OCTET STRING (CONSTRAINED BY { -- DER encoded -- })
B ::= BOOLEAN (CONSTRAINED BY {})
C ::= INTEGER (0..7) (CONSTRAINED BY { -- even -- })
END
"""))
    assert tds[("M", "A")].type.sizes.intervals == ((0, None),)
    assert tds[("M", "C")].type.values.intervals == ((0, 7),)


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
        A ::= SEQUENCE { t OBJECT IDENTIFIER, w [0] ANY, v ANY DEFINED BY t OPTIONAL }
        B ::= ANY
    END""")
    t, w, v = comp.model.typedef("M", "A").type.fields
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


# ---------------------------------------------------- character strings in braces

def test_character_string_values_in_braces(tmp_path):
    """X.680: a quadruple {group, plane, row, cell}, a tuple {column, row}, or a list of
    strings, quadruples, tuples and string value references."""
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        dc2 IA5String ::= { 1, 2 }
        abc IA5String ::= { "ab", {0, 0, 0, 67} }
        mixed IA5String ::= { abc, {4, 4}, dc2 }
        euro UTF8String ::= { {0, 0, 32, 172} }
        Digits ::= IA5String (FROM ({0, 0, 0, 48}..{0, 0, 0, 57} | {6, 1}))
        S ::= SEQUENCE { s IA5String DEFAULT { {4, 1} } }
    END""")
    m = comp.model
    values = {v.name: v.value for mm in m.modules for v in mm.values}
    assert values == {"dc2": b"\x12", "abc": b"abC", "mixed": b"abCD\x12", "euro": "\u20ac".encode()}
    assert m.typedef("M", "Digits").type.alphabet.intervals == ((48, 57), (97, 97))
    assert m.typedef("M", "S").type.fields[0].default == b"A"


@pytest.mark.parametrize("body, expected", [
    ("a IA5String ::= { 1, 2, 3, 4 }",
     "2:17: error: value 'a': {1, 2, 3, 4} is beyond the last character of ISO/IEC 10646 (U+10FFFF)"),
    ("a IA5String ::= { 8, 2 }", "2:19: error: value 'a': table column 8 is outside 0..7"),
    ("a IA5String ::= { 0, 0, 256, 0 }", "2:25: error: value 'a': row 256 is outside 0..255"),
    ("a IA5String ::= { 1, 2, 3 }",
     "2:17: error: value 'a': a character in braces is a quadruple {group, plane, row, cell} or a tuple "
     "{column, row}, not 3 numbers"),
    ('a IA5String ::= { "x", 5 }',
     "2:24: error: value 'a': a number alone is no character string (a character in braces is a "
     "quadruple {group, plane, row, cell} or a tuple {column, row})"),
    ("a IA5String ::= { {0, 0, 0, 200} }", "2:17: error: value 'a': character 'È' is not in the permitted alphabet"),
])
def test_character_string_values_in_braces_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == [expected]


# ---------------------------------------------------- EXCEPT (set difference)

def test_except_on_values_sizes_and_alphabets(tmp_path):
    """X.680 set difference: exact on INTEGER values, SIZE, permitted alphabets,
    ENUMERATED items and BOOLEAN values; widened (the EXCEPT takes nothing away) where
    the excluded part is not exact, and on strings where the difference of two SIZE/FROM
    pairs is no such pair."""
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        A ::= INTEGER (0..10 EXCEPT 5)
        B ::= INTEGER (0..10) (ALL EXCEPT (3..4 | 8))
        N ::= INTEGER (ALL EXCEPT (MIN..-1))
        Small ::= INTEGER (0..5)
        C ::= INTEGER (0..10 EXCEPT Small)
        D ::= IA5String (SIZE (1..10 EXCEPT 5) ^ FROM ("a".."z" EXCEPT "q"))
        F ::= IA5String (FROM (ALL EXCEPT ({0, 0, 0, 0}..{0, 0, 0, 31} | "~")))
        G ::= BMPString (FROM (ALL EXCEPT ({0, 0, 0, 0}..{0, 0, 0, 31} | {0, 0, 0, 128}..{0, 0, 0, 159})))
        I ::= OCTET STRING (SIZE (0..8) EXCEPT SIZE (3))
        J ::= IA5String (SIZE (1..4) EXCEPT FROM ("a"))
        K ::= SEQUENCE (SIZE (ALL EXCEPT 0)) OF BOOLEAN
        Color ::= ENUMERATED { red, green, blue }
        L ::= Color (ALL EXCEPT green)
        M ::= BOOLEAN (ALL EXCEPT TRUE)
        id-a OBJECT IDENTIFIER ::= { 1 2 3 }
        id-b OBJECT IDENTIFIER ::= { 1 2 4 }
        O ::= OBJECT IDENTIFIER ((id-a | id-b) EXCEPT id-a)
    END""")
    t = {td.name: resolve_ref(td.type) for td in comp.model.modules[0].typedefs}
    assert t["A"].values.intervals == ((0, 4), (6, 10))
    assert t["B"].values.intervals == ((0, 2), (5, 7), (9, 10))
    assert t["N"].values.intervals == ((0, 2**63 - 1),)
    assert t["C"].values.intervals == ((0, 10),)  # a contained subtype is not taken away (widened)
    assert t["D"].sizes.intervals == ((1, 4), (6, 10)) and t["D"].alphabet.intervals == ((97, 112), (114, 122))
    assert t["F"].alphabet.intervals == ((32, 125), (127, 127))
    assert t["G"].alphabet.intervals == ((32, 127), (160, 0x10FFFF))
    assert t["I"].sizes.intervals == ((0, 2), (4, 8))
    assert t["J"].sizes.intervals == ((1, 4),) and t["J"].alphabet.intervals == ((0, 127),)  # widened
    assert t["K"].sizes.intervals == ((1, None),)
    assert t["L"].items == [("red", 0), ("blue", 2)] and t["M"].values == {False}
    assert t["O"].values == {(1, 2, 4)}


@pytest.mark.parametrize("body, expected", [
    ("A ::= INTEGER (1..3 EXCEPT 1..3)",
     "2:15: error: constraint admits no value (the type allows MIN..MAX, the constraint (empty))"),
    ('A ::= IA5String (FROM ("a".."c") EXCEPT FROM ("a".."d"))',
     "2:17: error: SIZE constraint admits no length (allowed before: 0..MAX)"),
    ("A ::= REAL (0..1 EXCEPT 0.5)", "2:18: error: unsupported: EXCEPT on REAL (set difference of REAL values)"),
    ("A ::= OBJECT IDENTIFIER (ALL EXCEPT { 1 2 })",
     "2:26: error: unsupported: ALL EXCEPT on OBJECT IDENTIFIER (only single values constrain it: write the "
     "set they leave, or a difference of single values)"),
    ("A ::= INTEGER (0..9 EXCEPT SIZE (1))", "2:28: error: SIZE constraint cannot apply to INTEGER"),
])
def test_except_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == [expected]


def test_x680_value_notations(tmp_path):
    """Values X.680's examples write: SEQUENCE OF elements named by the type's identifier,
    components of extension addition groups among the others, UTF8String value references
    in a character string list, a BMPString character beyond one byte (carried in UTF-8)."""
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        Names ::= SEQUENCE OF name VisibleString
        two Names ::= { name "Australia", name "Austria" }
        U ::= SET { a VisibleString, b VisibleString OPTIONAL, ..., [[ c VisibleString, d INTEGER OPTIONAL ]], ... }
        u U ::= { a "x", c "y" }
        arrow UTF8String ::= {0, 0, 33, 146}
        text UTF8String ::= { "f ", arrow }
        sigma BMPString ::= {0, 0, 3, 163}
    END""")
    values = {v.name: v.value for v in comp.model.modules[0].values}
    assert values["two"] == [b"Australia", b"Austria"]
    assert values["u"] == {"a": b"x", "ext_group1": {"c": b"y"}}
    assert values["text"] == "f \u2192".encode() and values["sigma"] == "\u03a3".encode()
    assert errors_of(tmp_path, "N ::= SEQUENCE OF name INTEGER\nn N ::= { nom 1 }") == [
        "3:11: error: value 'n': 'nom' is not the identifier of the elements ('name')"]
    assert errors_of(tmp_path, "U ::= SEQUENCE { a INTEGER, ..., [[ c INTEGER, d INTEGER ]] }\n"
                               "u U ::= { a 1, d 2 }") == [
        "3:9: error: value 'u': mandatory component 'c' of an extension addition group is missing "
        "(a group is given whole or not at all)"]


# ---------------------------------------------------- BOOLEAN constraints

def test_boolean_single_values(tmp_path):
    """Single values, value references, contained subtypes, unions and intersections
    narrow a BOOLEAN to one value; an extensible constraint and one admitting both leave
    it unconstrained (values None)."""
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        off BOOLEAN ::= FALSE
        On ::= BOOLEAN (TRUE)
        Off ::= BOOLEAN (off)
        Both ::= BOOLEAN (TRUE | FALSE)
        Ext ::= BOOLEAN (TRUE, ...)
        AlsoOn ::= BOOLEAN (INCLUDES On ^ (TRUE | off))
        S ::= SEQUENCE { a On DEFAULT TRUE, b BOOLEAN (FALSE) OPTIONAL }
    END""")
    m = comp.model
    values = {n: resolve_ref(m.typedef("M", n).type).values for n in ("On", "Off", "Both", "Ext", "AlsoOn")}
    assert values == {"On": {True}, "Off": {False}, "Both": None, "Ext": None, "AlsoOn": {True}}
    a, b = m.typedef("M", "S").type.fields
    assert a.default is True and b.type.values == {False}


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


def test_containing_a_type_that_is_not_named_names_it(tmp_path):
    """The contained type, when it is not a named type, is named after its place: the
    containing type's path, then 'contents' (a taken name gets -2); a dummy type
    parameter contains whatever the actual parameter is."""
    comp = compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
        A ::= OCTET STRING (CONTAINING SEQUENCE { a INTEGER })
        B ::= SEQUENCE {
            body BIT STRING (CONTAINING INTEGER (0..7)),
            list SEQUENCE OF OCTET STRING (CONTAINING BOOLEAN)
        }
        B-body-contents ::= NULL
        Inner ::= SEQUENCE { a INTEGER }
        Packed { T } ::= OCTET STRING (CONTAINING T)
        P1 ::= Packed { REAL }
        P2 ::= Packed { Inner }
        C ::= SEQUENCE { p Packed { INTEGER (1..2) } }
        v OCTET STRING (CONTAINING IA5String) ::= '00'H
    END""")
    m = comp.model
    def contained(t):
        td = t.contains.target
        return td.name, type(resolve_ref(td.type)).__name__
    assert contained(m.typedef("M", "A").type) == ("A-contents", "StructT")
    body, lst = m.typedef("M", "B").type.fields
    assert contained(body.type) == ("B-body-contents-2", "IntT")
    assert resolve_ref(body.type.contains.target.type).values.intervals == ((0, 7),)
    assert contained(lst.type.element) == ("B-list-item-contents", "BoolT")
    assert contained(resolve_ref(m.typedef("M", "P1").type)) == ("P1-contents", "RealT")
    assert m.typedef("M", "P2").type.contains.target is m.typedef("M", "Inner")
    p = m.typedef("M", "C").type.fields[0].type.target
    assert p.name == "Packed-1" and contained(p.type) == ("Packed-1-contents", "IntT")
    [mm] = m.modules
    assert [v.type.contains.target.name for v in mm.values] == ["v-contents"]
    # after the assignments: the instances, then the contained types in the order met
    assert [td.name for td in mm.typedefs][-7:] == ["Packed-1", "A-contents", "B-body-contents-2",
                                                    "B-list-item-contents", "P1-contents", "Packed-1-contents",
                                                    "v-contents"]


@pytest.mark.parametrize("body, expected", [
    ("A ::= INTEGER (CONTAINING INTEGER)",
     "2:16: error: a contents constraint applies only to OCTET STRING and BIT STRING, not INTEGER"),
    ("A ::= OCTET STRING (CONTAINING SEQUENCE { a Nope })", "2:45: error: undefined type 'Nope'"),
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


def test_braces_read_as_the_type_says(tmp_path):
    """`{ id-a 3 }` and `{ id-a }` read as SEQUENCE / SEQUENCE OF values and as OBJECT
    IDENTIFIER values: the type decides."""
    values = {v.name: v.value for m in compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
id-a OBJECT IDENTIFIER ::= { 1 2 }
o1 OBJECT IDENTIFIER ::= { id-a 3 }
o2 OBJECT IDENTIFIER ::= { id-a }
S ::= SEQUENCE { id-a INTEGER }
s S ::= { id-a 3 }
L ::= SEQUENCE OF INTEGER
l L ::= { id-b }
id-b INTEGER ::= 4
END
""").model.modules for v in m.values}
    assert tuple(values["o1"]) == (1, 2, 3) and tuple(values["o2"]) == (1, 2)
    assert values["s"] == {"id-a": 3} and values["l"] == [4]


def test_with_component_of_a_contained_subtype(tmp_path):
    """X.680 51.8: `WITH COMPONENT (Fie (WITH COMPONENTS { f }))`: the element type under
    a constrained form of itself."""
    tds = _typedefs(compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
Fie ::= CHOICE { e INTEGER, f BOOLEAN, g NULL }
Fies ::= SEQUENCE OF Fie
Bar ::= SEQUENCE { c Fies, d INTEGER }
Foo ::= SEQUENCE { b Bar (WITH COMPONENTS { c (SIZE (1) INTERSECTION (WITH COMPONENT (Fie (WITH COMPONENTS { f })))) }) }
END
"""))
    c = tds[("M", "Foo")].type.fields[0].type.fields[0].type
    assert c.sizes.intervals == ((1, 1),) and c.fixed is None
    assert c.element.presence == [{"e": False, "g": False}]


def test_type_identifier_and_oid_ids(tmp_path):
    from ilpc.semantic.model import BoolT, ChoiceT, OidT
    tds = _typedefs(compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
id-a OBJECT IDENTIFIER ::= { 1 2 3 }
id-b OBJECT IDENTIFIER ::= { id-a 4 }
MY-ID ::= TYPE-IDENTIFIER
Algs MY-ID ::= { { INTEGER IDENTIFIED BY id-a } | { BOOLEAN IDENTIFIED BY id-b } }
AlgorithmIdentifier ::= SEQUENCE {
    algorithm  TYPE-IDENTIFIER.&id ({Algs}),
    parameters MY-ID.&Type ({Algs}{@algorithm}) OPTIONAL
}
END
"""))
    alg, params = tds[("M", "AlgorithmIdentifier")].type.fields
    assert isinstance(alg.type, OidT) and alg.type.values == frozenset({(1, 2, 3), (1, 2, 3, 4)})
    assert isinstance(params.type, ChoiceT) and [a.name for a in params.type.alternatives] == ["id-id-a", "id-id-b"]
    assert isinstance(params.type.alternatives[1].type, BoolT)


def test_parameterized_expansion_that_never_ends_is_an_error(tmp_path):
    errs = errors_of(tmp_path, "T{X} ::= SEQUENCE { a X, b T{SEQUENCE OF X} OPTIONAL }\nU ::= T{INTEGER}")
    assert errs == ["2:28: error: the actual parameters of 'T' keep growing (a template that refers to "
                    "itself with a larger argument has no finite expansion)"]


def test_open_type_values(tmp_path):
    """`Type : value` for an open type: the alternative of that type of a union, or the
    value's XDR encoding (docs/mapping.md) for an opaque."""
    values = {v.name: v.value for m in compile_text(tmp_path, """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
C ::= CLASS { &id INTEGER UNIQUE, &Type }
Closed C ::= { { &id 1, &Type Pair } | { &id 2, &Type Flag } }
Open C ::= { { &id 1, &Type Pair }, ... }
Pair ::= SEQUENCE { a INTEGER (0..9), b BOOLEAN OPTIONAL, s IA5String }
Flag ::= BOOLEAN
U ::= SEQUENCE { id C.&id ({Closed}), v C.&Type ({Closed}{@id}) }
O ::= SEQUENCE { id C.&id ({Open}), v C.&Type ({Open}{@id}) }
u U ::= { id 2, v Flag : TRUE }
o O ::= { id 1, v Pair : { a 3, s "hi" } }
END
""").model.modules for v in m.values}
    assert values["u"] == {"id": 2, "v": ("id-2", True)}
    # an opaque open type's value: a value of another type, which the IR encodes
    from ilpc.ir.xdr import plan_value
    from ilpc.semantic.model import OpenValue
    assert isinstance(values["o"]["v"], OpenValue)
    assert plan_value(values["o"]["v"]) == bytes.fromhex("00000003" "00000000" "00000002" "68690000")
    assert errors_of(tmp_path, "x INTEGER ::= Flag : TRUE\nFlag ::= BOOLEAN") == [
        "2:15: error: value 'x': 'Type : value' is a value of an open type (CLASS.&Type)"]


# A module that was not given (as ISO TS 19091's REGION, which DSRC imports): its names
# used as object sets are unknown sets; every other use needs a definition (an error).
REGION_USER = """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS Reg-Map, Reg-Spat, Reg-Type, reg-value, REG-CLASS, reg-object, Reg-Template
    FROM REGION { iso(1) standard(0) 19091 profilec(2) region(1) version2(2) };
ID-AND-TYPE ::= CLASS { &id INTEGER (0..255) UNIQUE, &Type } WITH SYNTAX { &Type IDENTIFIED BY &id }
Ext {ID-AND-TYPE : Set} ::= SEQUENCE { id ID-AND-TYPE.&id ({Set}), value ID-AND-TYPE.&Type ({Set}{@id}) }
Map ::= SEQUENCE { regional SEQUENCE (SIZE (1..4)) OF Ext {{Reg-Map}} OPTIONAL }
Direct ::= SEQUENCE { id ID-AND-TYPE.&id ({Reg-Spat}), value ID-AND-TYPE.&Type ({Reg-Spat}{@id}) }
%s
END
"""


def test_object_sets_of_a_missing_module_are_unknown(tmp_path):
    from ilpc.semantic.model import OpenT
    comp = compile_text(tmp_path, REGION_USER % "")
    assert [str(d).split("spec.asn1:", 1)[1] for d in comp.diagnostics.warnings] == [
        "3:10: warning: module 'REGION' was not found; its object sets Reg-Map, Reg-Spat are taken as "
        "unknown (an open type such a set constrains is an opaque)"]
    ext = resolve_ref(resolve_ref(comp.model.typedef("M", "Map").type.fields[0].type).element)
    direct = comp.model.typedef("M", "Direct").type
    for t in (ext, direct):
        ident, value = (resolve_ref(f.type) for f in t.fields)
        assert isinstance(ident, IntT) and (ident.values.lower, ident.values.upper) == (0, 255)  # &id's type
        assert isinstance(value, OpenT)
    # nothing of it used: still a warning, and it compiles
    comp = compile_text(tmp_path, "M DEFINITIONS ::= BEGIN IMPORTS X FROM Nowhere; A ::= INTEGER END")
    assert [str(d).split("spec.asn1:", 1)[1] for d in comp.diagnostics.warnings] == [
        "1:40: warning: module 'Nowhere' imported by 'M' was not found; nothing imported from it is used"]


# A value of a module that was not given (as RFC 3447's id-sha256 from NIST-SHA2): an
# object that needs one is unknown, and so is an object set that holds it; a value
# assignment that needs one is left out unless something uses it.
DIGESTS = """M DEFINITIONS AUTOMATIC TAGS ::= BEGIN
IMPORTS id-sha256, id-sha512, Sha-Params FROM NIST { 2 16 840 1 101 3 4 0 1 };
ALGORITHM ::= CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type OPTIONAL } WITH SYNTAX { OID &id [PARAMETERS &Type] }
AlgorithmIdentifier {ALGORITHM:Set} ::= SEQUENCE { algorithm ALGORITHM.&id ({Set}),
    parameters ALGORITHM.&Type ({Set}{@.algorithm}) OPTIONAL }
id-sha1 OBJECT IDENTIFIER ::= { 1 3 14 3 2 26 }
Known ALGORITHM ::= { { OID id-sha1 PARAMETERS NULL } }
Digests ALGORITHM ::= { { OID id-sha1 PARAMETERS NULL } | { OID id-sha256 PARAMETERS NULL } }
Outer ALGORITHM ::= { Known | { OID sha-next PARAMETERS Sha-Params } }
sha-next OBJECT IDENTIFIER ::= { id-sha512 1 }
Digest ::= AlgorithmIdentifier {{Digests}}
Kept ::= AlgorithmIdentifier {{Known}}
%s
END
"""


def test_object_sets_with_objects_of_a_missing_module_are_unknown(tmp_path):
    from ilpc.semantic.model import ChoiceT, OpenT
    comp = compile_text(tmp_path, DIGESTS % "")
    assert [str(d).split("spec.asn1:", 1)[1] for d in comp.diagnostics.warnings] == [
        "2:47: warning: module 'NIST' was not found; its values id-sha256, id-sha512 are taken as unknown, "
        "and so is the object set Digests, which holds an object that needs them "
        "(an open type such a set constrains is an opaque); the value assignment sha-next, which needs them, "
        "is left out"]
    ident, params = (resolve_ref(f.type) for f in resolve_ref(comp.model.typedef("M", "Digest").type).fields)
    assert isinstance(ident, OidT) and ident.values is None  # &id's full type
    assert isinstance(params, OpenT)
    ident, params = (resolve_ref(f.type) for f in resolve_ref(comp.model.typedef("M", "Kept").type).fields)
    assert ident.values == frozenset({(1, 3, 14, 3, 2, 26)}) and isinstance(params, ChoiceT)
    values = [v.name for m in comp.model.modules for v in m.values]
    assert "id-sha1" in values and "sha-next" not in values
    # through a value assignment, a type setting; and in place
    comp = compile_text(tmp_path, DIGESTS % "Other ::= AlgorithmIdentifier {{Outer}}\n"
                        "Inline ::= SEQUENCE { a ALGORITHM.&id ({ { OID id-sha256 } }) }")
    assert [str(d).split("spec.asn1:", 1)[1] for d in comp.diagnostics.warnings] == [
        "2:47: warning: module 'NIST' was not found; its values id-sha256, id-sha512 "
        "and type Sha-Params are taken as unknown, and so are the object sets Digests, Outer, which hold an "
        "object that needs them (an open type such a set constrains is an opaque); the value assignment sha-next, "
        "which needs them, is left out"]
    ident, params = (resolve_ref(f.type) for f in resolve_ref(comp.model.typedef("M", "Other").type).fields)
    assert isinstance(ident, OidT) and ident.values is None and isinstance(params, OpenT)
    ident = resolve_ref(resolve_ref(comp.model.typedef("M", "Inline").type).fields[0].type)
    assert isinstance(ident, OidT) and ident.values is None


@pytest.mark.parametrize("use, where, name", [
    ("T ::= SEQUENCE { a OBJECT IDENTIFIER DEFAULT id-sha256 }", "13:46", "id-sha256"),   # a DEFAULT
    ("T ::= OBJECT IDENTIFIER (id-sha1 | sha-next)", "10:34", "id-sha512"),  # a value assignment used
    ("T ::= SEQUENCE { a OBJECT IDENTIFIER DEFAULT x }\nx OBJECT IDENTIFIER ::= sha-next",
     "10:34", "id-sha512"),                                               # ... through another
    ("T ::= SEQUENCE { p Sha-Params }", "13:20", "Sha-Params"),            # a type
])
def test_values_of_a_missing_module_used_elsewhere_are_errors(tmp_path, use, where, name):
    with pytest.raises(CompileError) as ei:
        compile_text(tmp_path, DIGESTS % use)
    assert [str(d).split("spec.asn1:", 1)[1] for d in ei.value.diagnostics] == [
        f"{where}: error: '{name}' is imported from module 'NIST', which was not found: its definition "
        f"is needed here {NEEDED}",
        f"2:{DIGESTS.splitlines()[1].index(name) + 1}: note: '{name}' is imported here"]


NEEDED = "(give the module's file on the command line or with -I)"


@pytest.mark.parametrize("use, where, name", [
    ("T ::= SEQUENCE { t Reg-Type }", "8:20", "Reg-Type"),                   # a type
    ("T ::= SEQUENCE { m Reg-Map }", "8:20", "Reg-Map"),                     # a set's name as a type
    ("T ::= INTEGER (0..reg-value)", "8:19", "reg-value"),                   # a value
    ("T ::= SEQUENCE { id REG-CLASS.&id }", "8:21", "REG-CLASS"),            # a class
    ("Set ID-AND-TYPE ::= { reg-object } T ::= SEQUENCE { id ID-AND-TYPE.&id ({Set}) }",
     "8:23", "reg-object"),                                                  # an object
    ("T ::= Reg-Template {INTEGER}", "8:7", "Reg-Template"),                # a parameterized type
])
def test_other_uses_of_a_missing_module_need_its_definitions(tmp_path, use, where, name):
    with pytest.raises(CompileError) as ei:
        compile_text(tmp_path, REGION_USER % use)
    assert [str(d).split("spec.asn1:", 1)[1] for d in ei.value.diagnostics] == [
        f"{where}: error: '{name}' is imported from module 'REGION', which was not found: its definition "
        f"is needed here {NEEDED}",
        f"2:{REGION_USER.splitlines()[1].index(name) + 1}: note: '{name}' is imported here"]
