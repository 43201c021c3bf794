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
    # BMPString and UniversalString hold one byte per character (docs/mapping.md)
    ('s BMPString ::= "\u03a9x"\nu UniversalString ::= "\u00e9\u00ff"',
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
    ("S ::= SEQUENCE { a INTEGER OPTIONAL, b INTEGER }\n"
     "T ::= S (WITH COMPONENTS { ..., a PRESENT, b (1) } | WITH COMPONENTS { ..., a ABSENT })",
     ["3:9: error: unsupported: value constraints on components in a union of WITH COMPONENTS "
      "(give them in an intersection instead)"]),
    ("I ::= INTEGER (WITH COMPONENTS { ..., a PRESENT })",
     ["2:15: error: an inner type constraint (WITH COMPONENT or WITH COMPONENTS) cannot apply to INTEGER"]),
    ("L ::= SEQUENCE OF INTEGER\nM ::= L (WITH COMPONENTS { ..., a PRESENT })",
     ["3:10: error: WITH COMPONENTS applies to SEQUENCE, SET and CHOICE types; a SEQUENCE OF takes "
      "WITH COMPONENT"]),
    ("S ::= SEQUENCE { a INTEGER }\nT ::= S (WITH COMPONENT (1..5))",
     ["3:10: error: unsupported: this constraint on a SEQUENCE, SET or CHOICE (only WITH COMPONENTS, "
      "and unions and intersections of them)"]),
])
def test_with_components_errors(tmp_path, body, expected):
    assert errors_of(tmp_path, body) == expected


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
