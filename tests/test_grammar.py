"""Tests of the ASN.1 grammar and parser (grammar/ASN1.g4, ilpc.frontend.parse).

Accept cases check the syntax tree that is built; reject cases check the exact
diagnostics, location included; unsupported constructs must be reported as
"unsupported" at their first token.
"""
from __future__ import annotations

import math
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ilpc.diagnostics import Diagnostics
from ilpc.frontend import ast
from ilpc.frontend.parse import parse_file, parse_text

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

REPO = Path(__file__).resolve().parent.parent
PATH = "spec.asn1"


# ------------------------------------------------------------------- helpers

def diagnostics(text: str) -> list[str]:
    """Every diagnostic for ``text``, as the CLI prints them."""
    diags = Diagnostics()
    spec = parse_text(text, PATH, diags)
    assert (spec is None) == diags.has_errors
    return [str(d) for d in diags.items]


def parse(text: str) -> ast.SpecFile:
    diags = Diagnostics()
    spec = parse_text(text, PATH, diags)
    assert [str(d) for d in diags.items] == []
    assert spec is not None
    return spec


def module(body: str, header: str = "M DEFINITIONS ::= BEGIN") -> str:
    """``body`` as a module; it starts on line 2."""
    return f"{header}\n{body}\nEND\n"


def assignments(body: str) -> dict:
    [mod] = parse(module(body)).modules
    return {a.name: a for a in mod.assignments}


def type_of(type_text: str) -> ast.Type:
    """The type of ``T ::= <type_text>`` (which is on line 2, the type at column 6)."""
    return assignments(f"T ::= {type_text}")["T"].type


def value_of(type_text: str, value_text: str):
    return assignments(f"v {type_text} ::= {value_text}")["v"].value


def errors_in(body: str) -> list[str]:
    return diagnostics(module(body))


def loc(line: int, col: int) -> ast.Loc:
    return ast.Loc(PATH, line, col)


def ival(node) -> int:
    assert isinstance(node, ast.IntValue)
    return node.value


def only_element(constraint: ast.Constraint):
    """The one element of a constraint that is neither a union nor an intersection."""
    [[element]] = constraint.root.unions
    return element


def bounds(element: ast.ValueRange) -> tuple:
    return (None if element.lower is None else element.lower.value,
            None if element.upper is None else element.upper.value,
            element.lower_open, element.upper_open)


# ------------------------------------------------------------------- modules

def test_module_header_and_location():
    spec = parse("Test-Module { iso(1) member-body ( 2 ) 250 1 } DEFINITIONS\n"
                 "  AUTOMATIC TAGS EXTENSIBILITY IMPLIED ::= BEGIN\nEND\n")
    [mod] = spec.modules
    assert spec.path == PATH
    assert mod.name == "Test-Module"
    assert mod.oid == "iso(1) member-body(2) 250 1"
    assert mod.tag_default == "AUTOMATIC"
    assert mod.extensibility_implied is True
    assert (mod.exports, mod.imports, mod.assignments) == (None, [], [])
    assert mod.loc == loc(1, 1)


@pytest.mark.parametrize("header, oid, tag_default", [
    ("M DEFINITIONS ::= BEGIN", None, None),
    ("M { 1 2 3 } DEFINITIONS EXPLICIT TAGS ::= BEGIN", "1 2 3", "EXPLICIT"),
    ("M {joint-iso-itu-t asn1(1) 0} DEFINITIONS IMPLICIT TAGS ::= BEGIN",
     "joint-iso-itu-t asn1(1) 0", "IMPLICIT"),
])
def test_module_oid_and_tag_default(header, oid, tag_default):
    [mod] = parse(module("", header)).modules
    assert (mod.oid, mod.tag_default, mod.extensibility_implied) == (oid, tag_default, False)


def test_several_modules_in_one_file():
    spec = parse("A DEFINITIONS ::= BEGIN X ::= INTEGER END\n"
                 "B DEFINITIONS ::= BEGIN IMPORTS X FROM A; Y ::= SEQUENCE OF X END\n"
                 "C DEFINITIONS ::= BEGIN END")
    assert [m.name for m in spec.modules] == ["A", "B", "C"]
    assert [m.loc for m in spec.modules] == [loc(1, 1), loc(2, 1), loc(3, 1)]
    assert spec.modules[1].imports[0].module == "A"
    assert spec.modules[1].assignments[0].type.element.name == "X"


def test_exports():
    [mod] = parse(module("EXPORTS Foo, bar-value,\n  Baz;")).modules
    assert mod.exports == [("Foo", loc(2, 9)), ("bar-value", loc(2, 14)), ("Baz", loc(3, 3))]
    assert parse(module("EXPORTS ALL;")).modules[0].exports is None
    assert parse(module("EXPORTS ;")).modules[0].exports == []


def test_imports():
    [mod] = parse(module("IMPORTS A, b FROM Mod1 { 1 2 3 }\n"
                         "        C FROM Mod2\n"
                         "        d FROM Mod3 mod3-oid\n"
                         "        E FROM Mod4;")).modules
    assert [(i.module, [s for s, _ in i.symbols]) for i in mod.imports] == [
        ("Mod1", ["A", "b"]), ("Mod2", ["C"]), ("Mod3", ["d"]), ("Mod4", ["E"])]
    first = mod.imports[0]
    assert first.symbols == [("A", loc(2, 9)), ("b", loc(2, 12))]
    assert first.loc == loc(2, 19)  # the module name
    assert parse(module("IMPORTS ;")).modules[0].imports == []


def test_imports_with_successors_descendants_and_builtin_names():
    [mod] = parse(module("IMPORTS A FROM Mod1 { 1 2 3 } WITH SUCCESSORS\n"
                         "        UTF8String, BMPString, B FROM Mod2 { iso(1) 9 } WITH DESCENDANTS\n"
                         "        C FROM Mod3;")).modules
    a, b, c = mod.imports
    assert (a.module, a.oid, a.selection, a.symbols) == ("Mod1", "1 2 3", "SUCCESSORS", [("A", loc(2, 9))])
    assert (b.oid, b.selection, [s for s, _ in b.symbols]) == ("iso(1) 9", "DESCENDANTS", ["B"])
    assert b.builtins == [("UTF8String", loc(3, 9)), ("BMPString", loc(3, 21))]
    assert (c.oid, c.selection, c.builtins) == (None, None, [])


@pytest.mark.parametrize("body, expected", [
    # WITH SUCCESSORS names versions by OID: there must be one
    ("IMPORTS A FROM Mod1 WITH SUCCESSORS;",
     "spec.asn1:2:26: error: WITH SUCCESSORS needs the module's OID in braces after 'Mod1'"),
    ("IMPORTS A FROM Mod1 { 1 2 } WITH OTHERS;",
     "spec.asn1:2:34: error: expected 'DESCENDANTS' or 'SUCCESSORS' before 'OTHERS'"),
    # only the character string types may be named in a symbol list
    ("IMPORTS INTEGER FROM Mod1;", "spec.asn1:2:9: error: unexpected 'INTEGER'"),
])
def test_import_selection_errors(body, expected):
    assert diagnostics(module(body))[0].startswith(expected)


def test_exports_and_imports_with_assignments():
    [mod] = parse(module("EXPORTS T;\nIMPORTS U FROM Other;\nT ::= U")).modules
    assert mod.exports == [("T", loc(2, 9))]
    assert mod.assignments[0].type == ast.TypeRef(loc(4, 7), name="U")


# --------------------------------------------------------------------- types

@pytest.mark.parametrize("text", ["BOOLEAN", "NULL", "REAL", "OCTET STRING"])
def test_builtin_types(text):
    assert type_of(text) == ast.BuiltinType(loc(2, 7), kind=text)


def test_octet_string_kind_has_single_space():
    assert type_of("OCTET\n   STRING").kind == "OCTET STRING"


@pytest.mark.parametrize("kind", [
    "IA5String", "PrintableString", "VisibleString", "NumericString", "UTF8String",
    "BMPString", "UniversalString", "TeletexString", "T61String", "VideotexString",
    "GraphicString", "GeneralString", "ISO646String"])
def test_character_string_types(kind):
    assert type_of(kind) == ast.CharStringType(loc(2, 7), kind=kind)


def test_integer_with_named_numbers():
    t = type_of("INTEGER {a(1), b(-2), c(someValueRef), d(Other.limit)}")
    assert isinstance(t, ast.IntegerType)
    a, b, c, d = t.named_numbers
    assert (a.name, ival(a.value), a.loc) == ("a", 1, loc(2, 16))
    assert (b.name, ival(b.value)) == ("b", -2)
    assert c.value == ast.ValueRef("someValueRef", None, loc(2, 31))
    assert (d.value.name, d.value.module) == ("limit", "Other")
    assert type_of("INTEGER").named_numbers == []


def test_enumerated_with_numbers_extension_and_additions():
    t = type_of("ENUMERATED { a(0), b(5), ..., c(7) }")
    assert [(i.name, ival(i.number)) for i in t.items] == [("a", 0), ("b", 5)]
    assert t.extensible is True
    assert [(i.name, ival(i.number)) for i in t.additions] == [("c", 7)]
    assert t.items[1].loc == loc(2, 26)


def test_enumerated_without_numbers():
    t = type_of("ENUMERATED { red, green, blue(-1), unknown(Other.x) }")
    assert [i.name for i in t.items] == ["red", "green", "blue", "unknown"]
    assert [i.number for i in t.items[:2]] == [None, None]
    assert ival(t.items[2].number) == -1
    assert t.items[3].number.module == "Other"
    assert (t.extensible, t.additions) == (False, [])
    assert type_of("ENUMERATED { a, ... }").extensible is True


def test_bit_string_with_named_bits():
    t = type_of("BIT STRING { flag-a(0), flag-b(7) }")
    assert isinstance(t, ast.BitStringType)
    assert [(n.name, ival(n.value)) for n in t.named_bits] == [("flag-a", 0), ("flag-b", 7)]
    assert type_of("BIT STRING").named_bits == []


def test_sequence_components():
    t = type_of("SEQUENCE {\n"
                "    id       INTEGER,\n"
                "    name     IA5String OPTIONAL,\n"
                "    max-len  INTEGER DEFAULT 10,\n"
                "    flag     BOOLEAN DEFAULT TRUE\n"
                "}")
    assert isinstance(t, ast.SequenceType) and t.kind == "SEQUENCE" and not t.extensible
    names = [(c.name, c.optional, c.default is not None, c.after_extension) for c in t.components]
    assert names == [("id", False, False, False), ("name", True, False, False),
                     ("max-len", False, True, False), ("flag", False, True, False)]
    assert ival(t.components[2].default) == 10
    assert t.components[3].default == ast.BoolValue(True, loc(6, 30))
    assert t.components[0].loc == loc(3, 5)
    assert t.components[1].type == ast.CharStringType(loc(4, 14), kind="IA5String")


def test_set_and_empty_sequence():
    t = type_of("SET { a INTEGER, b BOOLEAN }")
    assert (t.kind, [c.name for c in t.components]) == ("SET", ["a", "b"])
    assert type_of("SEQUENCE {}") == ast.SequenceType(loc(2, 7), kind="SEQUENCE", components=[])


def test_extension_marker_and_closing_marker():
    t = type_of("SEQUENCE { a INTEGER, ..., b BOOLEAN, c NULL, ..., d REAL }")
    assert t.extensible is True
    assert [(c.name, c.after_extension) for c in t.components] == [
        ("a", False), ("b", True), ("c", True), ("d", False)]
    t = type_of("SEQUENCE { ..., a INTEGER OPTIONAL }")
    assert [(c.name, c.after_extension, c.optional) for c in t.components] == [("a", True, True)]


def test_choice():
    t = type_of("CHOICE { a INTEGER, b [5] BOOLEAN, ..., c NULL, ... }")
    assert isinstance(t, ast.ChoiceType) and t.extensible
    assert [(c.name, c.after_extension) for c in t.alternatives] == [
        ("a", False), ("b", False), ("c", True)]
    assert isinstance(t.alternatives[1].type, ast.TaggedType)
    assert not type_of("CHOICE { a INTEGER }").extensible


def test_sequence_of_and_set_of():
    t = type_of("SEQUENCE OF INTEGER")
    assert t == ast.SequenceOfType(loc(2, 7), kind="SEQUENCE",
                                   element=ast.IntegerType(loc(2, 19)))
    t = type_of("SET OF Other.Item")
    assert (t.kind, t.element.name, t.element.module, t.element_name) == (
        "SET", "Item", "Other", None)
    t = type_of("SEQUENCE OF item PrintableString")
    assert (t.element_name, t.element.kind) == ("item", "PrintableString")


def test_sequence_size_of_is_a_size_constraint():
    t = type_of("SEQUENCE SIZE (1..10) OF INTEGER")
    [constraint] = t.constraints
    size = only_element(constraint)
    assert isinstance(size, ast.SizeConstraint) and size.loc == loc(2, 16)
    assert bounds(only_element(size.constraint)) == (1, 10, False, False)
    assert t.element.constraints == []


def test_sequence_parenthesized_size_of_and_element_constraint():
    t = type_of("SEQUENCE (SIZE (1..MAX)) OF element INTEGER (0..255)")
    size = only_element(t.constraints[0])
    assert bounds(only_element(size.constraint)) == (1, None, False, False)
    assert t.element_name == "element"
    assert bounds(only_element(t.element.constraints[0])) == (0, 255, False, False)


def test_constraint_after_sequence_of_applies_to_the_element():
    t = type_of("SET OF INTEGER (1..5)")
    assert t.constraints == []
    assert bounds(only_element(t.element.constraints[0])) == (1, 5, False, False)


@pytest.mark.parametrize("text, tag_class, number, mode", [
    ("[3] INTEGER", "CONTEXT", 3, None),
    ("[APPLICATION 7] IMPLICIT INTEGER", "APPLICATION", 7, "IMPLICIT"),
    ("[UNIVERSAL 16] EXPLICIT INTEGER", "UNIVERSAL", 16, "EXPLICIT"),
    ("[PRIVATE 0] INTEGER", "PRIVATE", 0, None),
])
def test_tagged_types(text, tag_class, number, mode):
    t = type_of(text)
    assert isinstance(t, ast.TaggedType) and t.loc == loc(2, 7)
    assert (t.tag_class, ival(t.number), t.mode) == (tag_class, number, mode)
    assert isinstance(t.inner, ast.IntegerType)


def test_nested_tags_and_constraint_on_tagged_type():
    t = type_of("[APPLICATION 1] [tag-number] IMPLICIT INTEGER (0..9)")
    assert t.inner.number == ast.ValueRef("tag-number", None, loc(2, 24))
    assert t.inner.mode == "IMPLICIT"
    assert bounds(only_element(t.inner.inner.constraints[0])) == (0, 9, False, False)


def test_type_references():
    assert type_of("Foo-Bar") == ast.TypeRef(loc(2, 7), name="Foo-Bar")
    assert type_of("Other-Module.Foo") == ast.TypeRef(loc(2, 7), name="Foo",
                                                       module="Other-Module")
    assert type_of("MPDU") == ast.TypeRef(loc(2, 7), name="MPDU")


# --------------------------------------------------------------- constraints

def test_single_value_constraint():
    [constraint] = type_of("INTEGER (5)").constraints
    assert constraint.loc == loc(2, 15)
    assert (constraint.extensible, constraint.extension) == (False, None)
    assert constraint.root.loc == loc(2, 16)
    assert only_element(constraint) == ast.SingleValue(ast.IntValue(5, loc(2, 16)), loc(2, 16))


@pytest.mark.parametrize("text, expected", [
    ("(0..255)", (0, 255, False, False)),
    ("(MIN..10)", (None, 10, False, False)),
    ("(0..MAX)", (0, None, False, False)),
    ("(0<..<10)", (0, 10, True, True)),
    ("(-5..-1)", (-5, -1, False, False)),
    ("(MIN..MAX)", (None, None, False, False)),
])
def test_value_ranges(text, expected):
    element = only_element(type_of("INTEGER " + text).constraints[0])
    assert isinstance(element, ast.ValueRange) and element.loc == loc(2, 16)
    assert bounds(element) == expected


def test_several_constraints_in_a_row():
    t = type_of("INTEGER (0..100) (10..20)")
    assert [bounds(only_element(c)) for c in t.constraints] == [
        (0, 100, False, False), (10, 20, False, False)]


def test_unions():
    [constraint] = type_of("INTEGER (1|3|5..7 UNION 9)").constraints
    unions = constraint.root.unions
    assert [len(u) for u in unions] == [1, 1, 1, 1]
    assert [type(u[0]).__name__ for u in unions] == [
        "SingleValue", "SingleValue", "ValueRange", "SingleValue"]
    assert ival(unions[3][0].value) == 9


def test_intersections_and_parentheses():
    [constraint] = type_of("INTEGER ((1..10) ^ (5..20) INTERSECTION 7 | 30)").constraints
    first, second = constraint.root.unions
    assert len(first) == 3 and len(second) == 1
    assert isinstance(first[0], ast.ElementSet) and first[0].loc == loc(2, 16)
    assert bounds(first[0].unions[0][0]) == (1, 10, False, False)
    assert ival(first[2].value) == 7


def test_size_constraint_with_extension():
    size = only_element(type_of("OCTET STRING (SIZE (1..10, ...))").constraints[0])
    assert isinstance(size, ast.SizeConstraint) and size.loc == loc(2, 21)
    assert size.constraint.extensible is True
    assert bounds(only_element(size.constraint)) == (1, 10, False, False)


def test_permitted_alphabet():
    alphabet = only_element(type_of('IA5String (FROM ("a".."z" | "0".."9"))').constraints[0])
    assert isinstance(alphabet, ast.PermittedAlphabet) and alphabet.loc == loc(2, 18)
    ranges = [bounds(u[0]) for u in alphabet.constraint.root.unions]
    assert ranges == [("a", "z", False, False), ("0", "9", False, False)]


def test_size_intersected_with_alphabet():
    [constraint] = type_of('PrintableString (SIZE (1..8) ^ FROM ("abc"))').constraints
    [[size, alphabet]] = constraint.root.unions
    assert isinstance(size, ast.SizeConstraint)
    assert only_element(alphabet.constraint).value == ast.StringValue("abc", loc(2, 44))


def test_extensible_constraints():
    [c] = type_of("INTEGER (0..10, ...)").constraints
    assert (c.extensible, c.extension) == (True, None)
    [c] = type_of("INTEGER (0..10, ..., 20 | 30)").constraints
    assert c.extensible
    assert [ival(u[0].value) for u in c.extension.unions] == [20, 30]
    assert c.extension.loc == loc(2, 28)


def test_constraint_with_value_reference():
    element = only_element(type_of("OCTET STRING (SIZE (0..ub-length))").constraints[0])
    assert only_element(element.constraint).upper == ast.ValueRef("ub-length", None, loc(2, 30))


# -------------------------------------------------------------------- values

@pytest.mark.parametrize("type_text, value_text, expected", [
    ("INTEGER", "42", ast.IntValue(42, loc(2, 15))),
    ("INTEGER", "-7", ast.IntValue(-7, loc(2, 15))),
    ("INTEGER", "123456789012345678901234567890",
     ast.IntValue(123456789012345678901234567890, loc(2, 15))),
    ("BOOLEAN", "TRUE", ast.BoolValue(True, loc(2, 15))),
    ("BOOLEAN", "FALSE", ast.BoolValue(False, loc(2, 15))),
    ("NULL", "NULL", ast.NullValue(loc(2, 12))),
    ("REAL", "3.14", ast.RealValue(3.14, loc(2, 12))),
    ("REAL", "-1.5e3", ast.RealValue(-1500.0, loc(2, 12))),
    ("REAL", "2E-2", ast.RealValue(0.02, loc(2, 12))),
    ("REAL", "MINUS-INFINITY", ast.RealValue(-math.inf, loc(2, 12))),
    ("IA5String", '"a""b"', ast.StringValue('a"b', loc(2, 17))),
    ("IA5String", '""', ast.StringValue("", loc(2, 17))),
    ("BIT STRING", "'0101 1'B", ast.BitsValue("01011", False, loc(2, 18))),
    ("OCTET STRING", "'CAFE'H", ast.BitsValue("1100101011111110", True, loc(2, 20))),
    ("OCTET STRING", "''H", ast.BitsValue("", True, loc(2, 20))),
    ("Color", "red", ast.ValueRef("red", None, loc(2, 13))),
    ("Color", "Colors.red", ast.ValueRef("red", "Colors", loc(2, 13))),
])
def test_values(type_text, value_text, expected):
    assert value_of(type_text, value_text) == expected


def test_value_assignment():
    a = assignments("max-reply-size INTEGER (0..100) ::= 64")["max-reply-size"]
    assert isinstance(a, ast.ValueAssignment) and a.loc == loc(2, 1)
    assert a.type.loc == loc(2, 16) and len(a.type.constraints) == 1
    assert a.value == ast.IntValue(64, loc(2, 37))


def test_special_real_values():
    assert value_of("REAL", "PLUS-INFINITY").value == math.inf
    assert math.isnan(value_of("REAL", "NOT-A-NUMBER").value)


def test_string_over_several_lines_drops_the_line_break_and_spaces_around_it():
    assert value_of("IA5String", '"first   \n    second"').value == "firstsecond"


def test_default_values():
    t = type_of("SEQUENCE { p Priority DEFAULT normal, r REAL DEFAULT -0.5, "
                "s IA5String DEFAULT \"x\", b BIT STRING DEFAULT '1'B }")
    defaults = [c.default for c in t.components]
    assert defaults[0] == ast.ValueRef("normal", None, loc(2, 37))
    assert defaults[1].value == -0.5
    assert defaults[2].value == "x"
    assert defaults[3].bits == "1"


# ---------------------------------------------------- comments and identifiers

def test_comments():
    a = assignments("-- a comment to the end of the line\n"
                    "A ::= -- a comment ended -- INTEGER -- and another\n"
                    "/* a block /* nested */ comment\n"
                    "   over lines */ B ::= /**/ BOOLEAN\n"
                    "C ::= NULL --\n"
                    "D ::= REAL ---\n"
                    "------------------------------------------\n"
                    "-------------------------------------------\n"
                    "E ::= SEQUENCE { a INTEGER -- first --, b INTEGER }")
    assert list(a) == ["A", "B", "C", "D", "E"]
    assert a["A"].type == ast.IntegerType(loc(3, 29))
    assert a["B"].type.loc == loc(5, 29)
    assert [c.name for c in a["E"].type.components] == ["a", "b"]


def test_line_comment_is_closed_by_double_hyphen():
    # "-- note -- X ::= INTEGER" is a comment, then an assignment.
    assert list(assignments("-- note -- X ::= INTEGER")) == ["X"]


def test_hyphens_in_names():
    a = assignments("Perf-object ::= SEQUENCE { max-reply INTEGER, a-1 BOOLEAN }\n"
                    "perf-value-2 Perf-object ::= x")
    assert [c.name for c in a["Perf-object"].type.components] == ["max-reply", "a-1"]
    assert a["perf-value-2"].type.name == "Perf-object"


# ------------------------------------------------------------ syntax errors

@pytest.mark.parametrize("body, expected", [
    ("Foo INTEGER\nBar ::= BOOLEAN", ["2:5: error: expected '::=' after type name 'Foo'"]),
    ("Foo\nBar ::= BOOLEAN", ["3:1: error: expected '::=' after type name 'Foo'"]),
    ("foo ::= INTEGER", ["2:1: error: type name 'foo' must start with an uppercase letter"]),
    ("foo ::= 5", ["2:5: error: expected a type after value name 'foo'"]),
    ("x INTEGER 5", ["2:11: error: expected '::=' before '5'"]),
    ("A ::= SEQUENCE { a INTEGER b BOOLEAN }", ["2:28: error: expected ',' before 'b'"]),
    ("A ::= SEQUENCE { Foo INTEGER }",
     ["2:18: error: component name 'Foo' must start with a lowercase letter"]),
    ("A ::= SEQUENCE { a foo }",
     ["2:20: error: expected a type, found 'foo' (type names start with an uppercase letter)"]),
    ("A ::= SEQUENCE { a INTEGER,, b BOOLEAN }",
     ["2:28: error: unexpected ',', expected a component"]),
    ("A ::= SEQUENCE { a INTEGER, }", ["2:29: error: unexpected '}', expected a component"]),
    ("A ::= SEQUENCE { a INTEGER", ["3:1: error: unexpected 'END', expected ',' or '}'"]),
    ("A ::= SEQUENCE { a INTEGER DEFAULT }", ["2:36: error: unexpected '}', expected a value"]),
    ("A ::= CHOICE { }", ["2:16: error: unexpected '}', expected a component"]),
    ("E ::= ENUMERATED { a b }", ["2:22: error: expected ',' before 'b'"]),
    ("E ::= ENUMERATED { A, b }",
     ["2:20: error: identifier 'A' must start with a lowercase letter"]),
    ("A ::= INTEGER (1..)", ["2:19: error: unexpected ')', expected a value, 'MAX' or 'MIN'"]),
    ("A ::= INTEGER (1..10\nB ::= BOOLEAN", ["3:1: error: unexpected 'B', expected ')'"]),
    ("A ::= INTEGER (1 ...10)", ["2:18: error: unexpected '...', expected ')'"]),
    ("A ::= INTEGER }", ["2:15: error: unexpected '}', expected an assignment or 'END'"]),
    ("A ::= OCTET", ["3:1: error: expected 'STRING' before 'END'"]),
    ("A ::= SEQUENCE OF", ["3:1: error: unexpected 'END', expected a type"]),
    ("my-type- ::= INTEGER", ["2:1: error: 'my-type-': a name cannot end with a hyphen"]),
    ("IMPORTS A, B Mod;", ["2:14: error: unexpected 'Mod', expected ',' or 'FROM'"]),
    ("EXPORTS A, B\nT ::= INTEGER", ["3:1: error: unexpected 'T', expected ',' or ';'"]),
])
def test_syntax_errors(body, expected):
    assert errors_in(body) == [f"{PATH}:{e}" for e in expected]


@pytest.mark.parametrize("text, expected", [
    ("M DEFINITIONS BEGIN\nA ::= INTEGER\nEND", "1:15: error: expected '::=' before 'BEGIN'"),
    ("M DEFINITONS ::= BEGIN\nEND", "1:3: error: expected 'DEFINITIONS' after module name 'M'"),
    ("M DEFINITIONS AUTOMATIC ::= BEGIN\nEND", "1:25: error: expected 'TAGS' before '::='"),
    ("A ::= INTEGER", "1:3: error: assignment outside a module: a specification is a "
                      "module 'Name DEFINITIONS ::= BEGIN ... END'"),
    ("M DEFINITIONS ::= BEGIN\nA ::= INTEGER",
     "2:14: error: unexpected end of file, expected an assignment or 'END'"),
    ("M DEFINITIONS ::= BEGIN\nEND\nEND",
     "3:1: error: unexpected 'END', expected a type reference or end of file"),
])
def test_module_syntax_errors(text, expected):
    assert diagnostics(text) == [f"{PATH}:{expected}"]


def test_several_errors_in_one_file_without_cascades():
    body = ("A ::= SEQUENCE {\n"
            "    a INTEGER,\n"
            "    b BOOLEAN\n"
            "    c NULL\n"
            "}\n"
            "B ::= SEQUENCE { x INTEGER y INTEGER }\n"
            "C ::= CHOICE { }\n"
            "D ::= INTEGER (0..10\n"
            "E ::= BOOLEAN")
    assert errors_in(body) == [
        f"{PATH}:5:5: error: expected ',' before 'c'",
        f"{PATH}:7:28: error: expected ',' before 'y'",
        f"{PATH}:8:16: error: unexpected '}}', expected a component",
        f"{PATH}:10:1: error: unexpected 'E', expected ')'",
    ]


def test_messages_do_not_depend_on_earlier_parses():
    # ANTLR's Python runtime lets error recovery add to follow sets cached in the
    # grammar's ATN; the parser must not let one file's errors change another's.
    missing_end = "M DEFINITIONS ::= BEGIN\nA ::= INTEGER"
    first = diagnostics(missing_end)
    for body in ["A ::= SEQUENCE { a INTEGER,, b BOOLEAN }", "EXPORTS A B;", "A ::= INTEGER }",
                 "E ::= ENUMERATED { a, , b }", "IMPORTS A, B Mod;"]:
        errors_in(body)
    assert diagnostics(missing_end) == first == [
        f"{PATH}:2:14: error: unexpected end of file, expected an assignment or 'END'"]


def test_at_most_one_error_per_line():
    assert errors_in("A ::= SEQUENCE { a # b INTEGER, c $ }") == [
        f"{PATH}:2:20: error: unexpected character '#'"]


def test_comment_closed_mid_line_gets_a_note():
    assert errors_in("-- section -- Types\nA ::= INTEGER") == [
        f"{PATH}:3:1: error: expected '::=' after type name 'Types'",
        f"{PATH}:2:12: note: this '--' ends the comment: an ASN.1 comment runs to the next "
        "'--' or to the end of the line",
    ]


def test_odd_run_of_hyphens_leaves_a_hyphen():
    assert errors_in("-----\nA ::= INTEGER") == [
        f"{PATH}:2:5: error: unexpected '-', expected an assignment or 'END'",
        f"{PATH}:2:3: note: this '--' ends the comment: an ASN.1 comment runs to the next "
        "'--' or to the end of the line",
    ]


def test_double_hyphen_in_a_name_gets_a_note():
    assert errors_in("my--type ::= INTEGER\nA ::= INTEGER") == [
        f"{PATH}:3:7: error: unexpected 'INTEGER', expected a value",
        f"{PATH}:2:3: note: this '--' starts a comment: a name cannot contain '--'",
    ]


# ------------------------------------------------------------ lexical errors

@pytest.mark.parametrize("body, expected", [
    ("A ::= INTEGER /* never closed\nB ::= NULL", "2:15: error: unterminated comment"),
    ("A ::= INTEGER /* /* nested */ closed */ */", "2:41: error: unexpected character '*'"),
    ('a IA5String ::= "abc\n', "2:17: error: unterminated string"),
    ("a BIT STRING ::= '0101\n", "2:18: error: unterminated string"),
    ("A ::= INTEGER # bad", "2:15: error: unexpected character '#'"),
    ("A ::= INTEGER \u00a7", "2:15: error: unexpected character '\u00a7'"),
    ("A ::= INTEGER \x07", "2:15: error: unexpected character U+0007"),
    ("My_Type ::= INTEGER", "2:1: error: 'My_Type': ASN.1 names cannot contain '_' (use '-')"),
    ("b BIT STRING ::= '0120'B", "2:21: error: invalid character '2' in bit string "
                                 "(digits 0 and 1)"),
    ("h OCTET STRING ::= 'CA\n FEx'H", "3:4: error: invalid character 'x' in hex string "
                                       "(digits 0-9 and A-F)"),
    ("h OCTET STRING ::= 'cafe'H", "2:21: error: invalid character 'c' in hex string "
                                   "(digits 0-9 and A-F)"),
    ("b BIT STRING ::= '0101'", "2:18: error: a quoted string must end in 'B (bit string) "
                                "or 'H (hex string)"),
])
def test_lexical_errors(body, expected):
    assert errors_in(body)[0] == f"{PATH}:{expected}"


def test_unterminated_comment_reports_nothing_else():
    assert errors_in("A ::= SEQUENCE { /* a INTEGER }") == [
        f"{PATH}:2:18: error: unterminated comment"]


@pytest.mark.parametrize("text", ["", "\n\n", "-- only a comment\n", "/* nothing */"])
def test_file_without_module(text):
    assert diagnostics(text) == [
        f"{PATH}:1:1: error: no module in this file: a specification is one or more "
        "modules 'Name DEFINITIONS ::= BEGIN ... END'"]


def test_parse_file_reads_utf8(tmp_path):
    path = tmp_path / "spec.asn1"
    path.write_bytes("\ufeffM DEFINITIONS ::= BEGIN -- caf\u00e9\nA ::= INTEGER END\n"
                     .encode("utf-8"))
    spec = parse_file(str(path), Diagnostics())
    assert spec.path == str(path)
    assert spec.modules[0].assignments[0].loc == ast.Loc(str(path), 2, 1)


def test_parse_file_rejects_invalid_utf8(tmp_path):
    path = tmp_path / "latin1.asn1"
    path.write_bytes("M DEFINITIONS ::= BEGIN\n-- caf\u00e9 \u00e9\nEND\n".encode("latin-1"))
    diags = Diagnostics()
    assert parse_file(str(path), diags) is None
    assert [str(d) for d in diags.items] == [
        f"{path}:2:7: error: invalid UTF-8 byte 0xE9 (specifications must be UTF-8)"]


def test_parse_file_missing(tmp_path):
    diags = Diagnostics()
    assert parse_file(str(tmp_path / "missing.asn1"), diags) is None
    [d] = diags.items
    assert d.loc is None and d.message.startswith("cannot read ")


def test_nothing_is_printed(capfd):
    diagnostics(module("A ::= INTEGER # @ SEQUENCE {{ ]] /* x"))
    assert capfd.readouterr() == ("", "")


# --------------------------------------------------------- structural errors

@pytest.mark.parametrize("body, expected", [
    ("A ::= CHOICE { a INTEGER OPTIONAL, b BOOLEAN DEFAULT TRUE }",
     ["2:26: error: a CHOICE alternative cannot be OPTIONAL",
      "2:46: error: a CHOICE alternative cannot be DEFAULT"]),
    ("A ::= SEQUENCE { a INTEGER, ..., b BOOLEAN, ..., c NULL, ... }",
     ["2:58: error: a SEQUENCE has at most two extension markers '...'"]),
    ("A ::= CHOICE { a INTEGER, ..., b BOOLEAN, ..., c NULL }",
     ["2:48: error: no CHOICE alternative may follow the closing extension marker '...'"]),
    ("A ::= ENUMERATED { a, ..., b, ..., c }",
     ["2:31: error: an ENUMERATED type has at most one extension marker '...'"]),
    ("A ::= ENUMERATED { ..., a }",
     ["2:7: error: an ENUMERATED type needs at least one item before '...'"]),
    ("A ::= INTEGER (MAX..1) (1..MIN)",
     ["2:16: error: MAX cannot be the lower end of a range",
      "2:28: error: MIN cannot be the upper end of a range"]),
])
def test_structural_errors(body, expected):
    assert errors_in(body) == [f"{PATH}:{e}" for e in expected]


# ---------------------------------------------------- unsupported constructs

@pytest.mark.parametrize("body, expected", [
    ("A ::= INSTANCE OF TYPE-IDENTIFIER", "2:7: unsupported: INSTANCE OF (X.681)"),
    ("A ::= OID-IRI",
     "2:7: unsupported: OID-IRI (internationalized resource identifier types; use OBJECT "
     "IDENTIFIER or RELATIVE-OID)"),
    ("A ::= SEQUENCE { r RELATIVE-OID-IRI }",
     "2:20: unsupported: RELATIVE-OID-IRI (internationalized resource identifier types; use "
     "OBJECT IDENTIFIER or RELATIVE-OID)"),
    ("A ::= ABSTRACT-SYNTAX",
     "2:7: unsupported: information object class 'ABSTRACT-SYNTAX' (X.681)"),
    ("Param{INTEGER : Set} Param ::= { 1 | Set }",
     "2:1: unsupported: parameterized assignment 'Param{...}' (X.683)"),
    ("greeting{IA5String : name} IA5String ::= name",
     "2:1: unsupported: parameterized assignment 'greeting{...}' (X.683)"),
    ("A ::= SEQUENCE { a INTEGER, ... ! 1 }", "2:33: unsupported: exception specification '!'"),
    ("A ::= INTEGER (1..10, ... ! 2)", "2:27: unsupported: exception specification '!'"),
    ("A ::= alt < B",
     "2:7: unsupported: selection type 'alt < B' (name the alternative's type instead)"),
    ("OPERATION MACRO ::= BEGIN TYPE NOTATION ::= \"ARG\" type VALUE NOTATION ::= value END",
     "2:1: unsupported: macro definition 'OPERATION MACRO' (X.208 macros are not part of "
     "ASN.1 since 1994)"),
    ("sysDescr OBJECT-TYPE\n  SYNTAX DisplayString (SIZE (0..255))\n  ACCESS read-only\n"
     "  STATUS mandatory\n  ::= { system 1 }",
     "2:10: unsupported: macro notation 'OBJECT-TYPE' (X.208 macro)"),
    ("Lookup ::= OPERATION ARGUMENT Name RESULT Address",
     "2:12: unsupported: macro notation 'OPERATION' (X.208 macro)"),
])
def test_unsupported_constructs(body, expected):
    line_col, message = expected.split(": ", 1)
    assert errors_in(body) == [f"{PATH}:{line_col}: error: {message}"]


def test_real_with_a_trailing_point_before_a_range():
    """"1...2" is "1." then ".." (X.680 lets a real end in its point), as is "1. ..2"."""
    for text in ("REAL (1...2)", "REAL (1. ..2)", "REAL (1...<2)"):
        [el] = type_of(text).constraints[0].root.unions[0]
        assert isinstance(el, ast.ValueRange), text
        assert (el.lower.value, el.upper.value, el.lower_open) == (1.0, 2, False), text
        assert el.upper_open == text.endswith("<2)")
    assert diagnostics(module("R ::= REAL (1 ...2)")) == [f"{PATH}:2:15: error: unexpected '...', expected ')'"]


def test_set_difference_elements():
    """X.680: ``A EXCEPT B`` inside an intersection, ``ALL EXCEPT B`` as a whole set."""
    [[el]] = type_of("INTEGER (1..10 EXCEPT 5)").constraints[0].root.unions
    assert isinstance(el, ast.Except) and el.loc == loc(2, 22)
    assert isinstance(el.base, ast.ValueRange) and el.excluded.value.value == 5
    [[el]] = type_of("INTEGER (ALL EXCEPT (1 | 3))").constraints[0].root.unions
    assert isinstance(el, ast.Except) and el.base is None and el.loc == loc(2, 16)
    assert isinstance(el.excluded, ast.ElementSet) and len(el.excluded.unions) == 2
    # EXCEPT binds tighter than ^ and |: (a EXCEPT b) ^ c | d
    root = type_of("INTEGER (0..9 EXCEPT 5 ^ 1..8 | 20)").constraints[0].root
    assert [[type(e).__name__ for e in inter] for inter in root.unions] == [["Except", "ValueRange"],
                                                                             ["SingleValue"]]
    [[el]] = type_of('BMPString (FROM (ALL EXCEPT ({0, 0, 0, 0}..{0, 0, 0, 31})))').constraints[0].root.unions
    [[diff]] = el.constraint.root.unions
    rng = diff.excluded.unions[0][0]
    assert [x.value for x in rng.upper.items] == [0, 0, 0, 31]


def test_contained_subtype_and_pattern_elements():
    [el] = type_of("INTEGER (INCLUDES B)").constraints[0].root.unions[0]
    assert isinstance(el, ast.ContainedSubtype) and el.type.name == "B" and el.loc == loc(2, 16)
    [el] = type_of("INTEGER (B)").constraints[0].root.unions[0]
    assert isinstance(el, ast.ContainedSubtype) and el.type.name == "B"
    [el] = type_of('IA5String (PATTERN "[a-z]+")').constraints[0].root.unions[0]
    assert isinstance(el, ast.Pattern) and el.value.value == "[a-z]+" and el.loc == loc(2, 18)


def test_unsupported_constructs_are_each_reported_once_and_the_rest_is_checked():
    body = ("A ::= SEQUENCE { a INSTANCE OF X, b INTEGER, c OID-IRI }\n"
            "B ::= CHOICE { x [0] RELATIVE-OID-IRI, y BOOLEAN OPTIONAL }")
    iri = "(internationalized resource identifier types; use OBJECT IDENTIFIER or RELATIVE-OID)"
    assert errors_in(body) == [
        f"{PATH}:2:20: error: unsupported: INSTANCE OF (X.681)",
        f"{PATH}:2:48: error: unsupported: OID-IRI {iri}",
        f"{PATH}:3:22: error: unsupported: RELATIVE-OID-IRI {iri}",
        f"{PATH}:3:50: error: a CHOICE alternative cannot be OPTIONAL",
    ]


@pytest.mark.parametrize("kind, last", [("CHARACTER STRING", "string-value"),
                                        ("EMBEDDED PDV", "data-value"), ("EXTERNAL", "data-value")])
def test_associated_types(kind, last):
    """CHARACTER STRING, EMBEDDED PDV and EXTERNAL are their associated SEQUENCE types
    (X.680), located where they are written."""
    t = type_of(f"SEQUENCE {{ v {kind} }}").components[0].type
    assert isinstance(t, ast.SequenceType) and t.loc == loc(2, 20)
    names = [c.name for c in t.components]
    assert names[0] == "identification" and names[-1] == last
    ident = [a.name for a in t.components[0].type.alternatives]
    if kind == "EXTERNAL":
        assert ident == ["syntax", "presentation-context-id", "context-negotiation"]
        assert names[1] == "data-value-descriptor" and t.components[1].optional
        assert t.components[1].type.kind == "GraphicString"
    else:
        assert ident == ["syntaxes", "syntax", "presentation-context-id", "context-negotiation",
                         "transfer-syntax", "fixed"]
        assert len(names) == 2
    assert type_of("ObjectDescriptor").kind == "GraphicString"


# ----------------------------------------------------------------- examples

def test_perf_object_example():
    spec = parse_file(str(REPO / "examples/perf-object/perf-object.asn1"), Diagnostics())
    [mod] = spec.modules
    assert (mod.name, mod.tag_default) == ("PerfObject", "AUTOMATIC")
    named = {a.name: a for a in mod.assignments}
    perf = named["Perf-object"].type
    assert [a.name for a in perf.alternatives] == ["ints", "strings", "real", "mpdus"]
    assert [ival(a.type.number) for a in perf.alternatives] == [1, 2, 3, 4]
    assert [a.type.inner.element.__class__.__name__ for a in perf.alternatives] == [
        "IntegerType", "CharStringType", "BuiltinType", "TypeRef"]
    assert perf.alternatives[3].type.inner.element.name == "MPDU"
    envelope = named["UMPDUEnvelope"].type.components
    priority = next(c for c in envelope if c.name == "priority")
    assert priority.default == ast.ValueRef("normal", None, priority.default.loc)
    assert named["PersonalName"].type.kind == "SET"
    assert named["Time"].type.kind == "VisibleString"


def test_filetransfer_example():
    spec = parse_file(str(REPO / "examples/filetransfer/filetransfer.asn1"), Diagnostics())
    [mod] = spec.modules
    named = {a.name: a.type for a in mod.assignments}
    assert mod.name == "FileTransfer"
    assert [a.name for a in named["Message"].alternatives] == ["request", "reply", "error"]
    request = {c.name: c.type for c in named["Request"].components}
    assert list(request) == ["file-name", "copies", "max-reply"]
    assert bounds(only_element(request["max-reply"].constraints[0])) == (64, 65536, False, False)
    reply = {c.name: c.type for c in named["Reply"].components}
    assert bounds(only_element(reply["sequence-number"].constraints[0])) == (
        0, 4294967295, False, False)
    code = named["ErrorReply"].components[0].type
    assert [(i.name, ival(i.number)) for i in code.items] == [
        ("no-such-file", 1), ("access-denied", 2), ("bad-request", 3)]


# --------------------------------------------------------------- robustness

def test_mangled_specs_give_diagnostics_not_exceptions():
    """Random edits of a valid spec must only ever produce located diagnostics."""
    source = (REPO / "examples/filetransfer/filetransfer.asn1").read_text()
    pieces = ["{", "}", "(", ")", "[", "]", ",", "...", "..", "::=", "-", "--", "/*", '"',
              "'", "'01'B", "SEQUENCE", "OF", "SIZE", "END", "INTEGER", "foo", "Foo", "1",
              "MIN", "|", "^", "<", "@", "!", "&", ":", ";", "#", "_", "CLASS", "ANY"]
    rng = random.Random(2024)
    for _ in range(60):
        words = re.split(r"(\s+)", source)
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(words))
            words[k:k + 1] = rng.choice([[], [rng.choice(pieces)], [rng.choice(pieces), words[k]]])
        diags = Diagnostics()
        parse_text("".join(words), PATH, diags)
        assert all(d.loc is not None and d.loc.line >= 1 and d.loc.col >= 1 for d in diags.items)


# ------------------------------------------------------- generated parser

@pytest.mark.skipif(shutil.which("java") is None or shutil.which("antlr4") is None,
                    reason="needs java and antlr4 (pip install antlr4-tools)")
def test_generated_parser_is_up_to_date():
    result = subprocess.run([str(REPO / "grammar/regen.sh"), "--check"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


# ------------------------------------------------------- parameterized types (X.683)

def test_parameterized_type_assignment():
    a = assignments("Pair{A, INTEGER : n, B} ::= SEQUENCE { a A, b B (SIZE (n)) }")["Pair"]
    assert isinstance(a, ast.ParameterizedTypeAssignment)
    assert [p.name for p in a.params] == ["A", "n", "B"]
    assert a.params[0].governor is None and a.params[2].governor is None
    assert isinstance(a.params[1].governor, ast.IntegerType)
    assert a.params[1].loc == loc(2, 9)
    assert isinstance(a.type, ast.SequenceType)


def test_parameterized_type_references():
    t = type_of("SEQUENCE { a P{INTEGER, 5, x, NULL, {1 | 2}, Q{BOOLEAN}, M.R} (SIZE (1..2)) }")
    ref = t.components[0].type
    assert isinstance(ref, ast.ParameterizedTypeRef) and ref.name == "P" and ref.module is None
    assert ref.loc == loc(2, 20)
    a = ref.args
    assert isinstance(a[0], ast.IntegerType)
    assert ival(a[1]) == 5
    assert isinstance(a[2], ast.ValueRef) and a[2].name == "x"
    assert isinstance(a[3], ast.BuiltinType) and a[3].kind == "NULL"  # the semantic pass decides
    assert isinstance(a[4], ast.ValueSetArg) and len(a[4].elements.root.unions) == 2
    assert isinstance(a[5], ast.ParameterizedTypeRef) and a[5].name == "Q"
    assert isinstance(a[6], ast.TypeRef) and (a[6].module, a[6].name) == ("M", "R")
    assert len(ref.constraints) == 1
    ext = type_of("Other.P{INTEGER}")
    assert isinstance(ext, ast.ParameterizedTypeRef) and (ext.module, ext.name) == ("Other", "P")


def test_parameterized_import_symbol():
    [mod] = parse(module("IMPORTS Param{}, T FROM Other;")).modules
    assert [s for s, _ in mod.imports[0].symbols] == ["Param", "T"]


@pytest.mark.parametrize("body, expected", [
    ("P{A, A} ::= SEQUENCE { a A }", "2:6: error: duplicate parameter 'A'"),
    ("P{n} ::= INTEGER (0..n)",
     "2:3: error: parameter 'n' starts with a lowercase letter, so it is a value: give its type, "
     "as in '{INTEGER : n}'"),
    ("P{} ::= INTEGER", "2:2: error: expected '::=' after type name 'P'"),
    ("A ::= P{}", "2:9: error: unexpected '}', expected a type or a value"),
])
def test_parameterized_syntax_errors(body, expected):
    assert errors_in(body)[0] == f"{PATH}:{expected}"


# -------------------------------------------------------------- values in braces

def test_braced_values():
    seq = value_of("P", "{ x 1, y { a TRUE }, z {} }")
    assert isinstance(seq, ast.BracedValue) and seq.named and seq.loc == loc(2, 9)
    assert [nv.name for nv in seq.items] == ["x", "y", "z"]
    assert ival(seq.items[0].value) == 1
    inner = seq.items[1].value
    assert isinstance(inner, ast.BracedValue) and inner.named
    assert isinstance(seq.items[2].value, ast.BracedValue) and seq.items[2].value.items == []
    lst = value_of("L", "{ 1, -2, x }")
    assert isinstance(lst, ast.BracedValue) and not lst.named
    assert [type(i).__name__ for i in lst.items] == ["IntValue", "IntValue", "ValueRef"]
    one = value_of("L", "{ bit3 }")
    assert not one.named and one.items[0].name == "bit3"
    empty = value_of("L", "{}")
    assert isinstance(empty, ast.BracedValue) and empty.items == []
    ch = value_of("C", "alt : { x 1 }")
    assert isinstance(ch, ast.ChoiceValue) and ch.name == "alt" and ch.value.named
    d = type_of("SEQUENCE { a P DEFAULT { x 1 }, b L DEFAULT {}, c C DEFAULT alt : 5 }")
    assert [type(c.default).__name__ for c in d.components] == ["BracedValue", "BracedValue", "ChoiceValue"]


def test_other_braces_are_kept_as_tokens():
    raw = value_of("P", "{ x 1, y }")  # not a SEQUENCE value: the semantic pass decides
    assert isinstance(raw, ast.RawValue) and raw.text == "{ x 1 , y }" and raw.loc == loc(2, 9)
    assert [t.text for t in raw.tokens] == ["x", "1", ",", "y"]
    oid = value_of("OBJECT-ID", "{ 1 2 3 }")  # reads as an OBJECT IDENTIFIER, keeps its tokens
    assert isinstance(oid, ast.OidValue) and len(oid.raw.tokens) == 3


# ------------------------------------------------------ inner type constraints

def test_with_components():
    t = type_of("S (WITH COMPONENTS { ..., a PRESENT, b (1..5) ABSENT, c (SIZE (2)), d OPTIONAL })")
    [c] = t.constraints
    inner = only_element(c)
    assert isinstance(inner, ast.InnerTypeConstraint) and inner.partial and inner.single is None
    assert inner.loc == loc(2, 10)
    assert [(x.name, x.presence, x.constraint is not None) for x in inner.components] == [
        ("a", "PRESENT", False), ("b", "ABSENT", True), ("c", None, True), ("d", "OPTIONAL", False)]
    assert inner.components[1].loc == loc(2, 44)
    full = only_element(type_of("C (WITH COMPONENTS { x, y PRESENT })").constraints[0])
    assert not full.partial and [x.name for x in full.components] == ["x", "y"]
    union = type_of("S (WITH COMPONENTS { ..., a PRESENT } | WITH COMPONENTS { ..., b PRESENT })")
    assert [len(i) for i in union.constraints[0].root.unions] == [1, 1]


def test_with_component():
    inner = only_element(type_of("L (WITH COMPONENT (0..9))").constraints[0])
    assert isinstance(inner, ast.InnerTypeConstraint) and inner.components == []
    assert isinstance(only_element(inner.single), ast.ValueRange)


@pytest.mark.parametrize("body, expected", [
    ("A ::= S (WITH COMPONENTS { a PRESENT ABSENT })", "2:38: error: unexpected 'ABSENT', expected ',' or '}'"),
    ("A ::= S (WITH COMPONENTS { })", "2:28: error: unexpected '}', expected an identifier or '...'"),
])
def test_with_components_syntax_errors(body, expected):
    assert errors_in(body)[0] == f"{PATH}:{expected}"


# ------------------------------------------------------ information objects (X.681, X.682)

def test_object_class_definition():
    a = assignments("""ITEM ::= CLASS {
    &id INTEGER UNIQUE,
    &Value OPTIONAL,
    &comment IA5String DEFAULT "none",
    &Kind DEFAULT BOOLEAN
} WITH SYNTAX { ID &id [VALUE &Value] }""")["ITEM"]
    cls = a.type
    assert isinstance(cls, ast.ObjectClass)
    assert [(f.name, f.unique, f.optional) for f in cls.fields] == [
        ("id", True, False), ("Value", False, True), ("comment", False, False), ("Kind", False, False)]
    assert isinstance(cls.fields[0].type, ast.IntegerType) and cls.fields[1].type is None
    assert isinstance(cls.fields[2].default, ast.StringValue)
    assert cls.fields[3].type is None and isinstance(cls.fields[3].default, ast.BuiltinType)
    assert [t for t, _ in cls.syntax] == ["ID", "&", "id", "[", "VALUE", "&", "Value", "]"]


def test_table_constraints_and_class_fields():
    t = type_of("SEQUENCE { id ITEM.&id ({Items}), v ITEM.&Value ({Items}{@id, @.x.y}), w M.ITEM.&Value }")
    id_, v, w = [c.type for c in t.components]
    assert isinstance(id_, ast.ClassFieldType) and (id_.class_name, id_.field) == ("ITEM", ["id"])
    [c] = id_.constraints
    assert c.table and c.table_refs == [] and isinstance(only_element(c), ast.ContainedSubtype)
    [c] = v.constraints
    assert [(r.path, r.inner) for r in c.table_refs] == [(["id"], False), (["x", "y"], True)]
    assert c.table_refs[1].loc == loc(2, 69)
    assert (w.module, w.class_name, w.field) == ("M", "ITEM", ["Value"])


def test_object_sets_and_objects():
    a = assignments("""Items ITEM ::= { { &id 1, &Value BOOLEAN } | item2 | Others, ... }
None ITEM ::= { ... }
item2 ITEM ::= { ID 2 VALUE INTEGER }
Small INTEGER ::= { 1 | 2 }""")
    items = a["Items"]
    assert isinstance(items, ast.SetAssignment) and items.extensible and items.extension is None
    first, second, third = [u[0] for u in items.root.unions]
    assert isinstance(first.value, ast.RawValue) and first.value.tokens[0].text == "&"
    assert isinstance(second.value, ast.ValueRef) and isinstance(third, ast.ContainedSubtype)
    assert a["None"].root is None and a["None"].extensible
    assert isinstance(a["item2"].value, ast.RawValue)
    assert isinstance(a["Small"], ast.SetAssignment) and len(a["Small"].root.unions) == 2


@pytest.mark.parametrize("body, expected", [
    ("C ::= CLASS { id INTEGER }", "2:15: error: expected '&' before 'id'"),
    ("A ::= SEQUENCE { v C.&T ({S}{id}) }", "2:30: error: expected '@' before 'id'"),
])
def test_information_object_syntax_errors(body, expected):
    assert errors_in(body)[0] == f"{PATH}:{expected}"


def test_user_defined_constraint_is_kept_as_such():
    [c] = type_of("OCTET STRING (CONSTRAINED BY { -- DER -- })").constraints
    assert c.user_defined and c.root.unions == []


# ---------------------------------------------------- object identifiers

def test_object_identifier_types_and_values():
    spec = parse(module(
        "id-a OBJECT IDENTIFIER ::= { iso(1) member-body(2) us(840) 113549 }\n"
        "id-b OBJECT IDENTIFIER ::= { id-a 3 Other.arc x(Other.n) }\n"
        "A ::= SEQUENCE { o OBJECT IDENTIFIER DEFAULT { 1 2 }, r RELATIVE-OID }"))
    a, b, t = spec.modules[0].assignments
    assert a.type.kind == "OBJECT IDENTIFIER" and isinstance(a.value, ast.OidValue)
    assert [(c.name, c.number.value if c.number is not None else None) for c in a.value.components] == [
        ("iso", 1), ("member-body", 2), ("us", 840), (None, 113549)]
    first, three, ext, named = b.value.components
    assert (first.name, first.number) == ("id-a", None)
    assert (three.name, three.number.value) == (None, 3)
    assert (ext.name, ext.number.module, ext.number.name) == (None, "Other", "arc")
    assert (named.name, named.number.module, named.number.name) == ("x", "Other", "n")
    o, r = t.type.components
    assert o.type.kind == "OBJECT IDENTIFIER" and [c.number.value for c in o.default.components] == [1, 2]
    assert r.type.kind == "RELATIVE-OID"


@pytest.mark.parametrize("kind", ["UTCTime", "GeneralizedTime", "DATE", "TIME-OF-DAY", "DATE-TIME",
                                  "DURATION", "TIME"])
def test_time_types(kind):
    t = type_of(f"SEQUENCE {{ t {kind} (SIZE (10)) }}").components[0].type
    assert isinstance(t, ast.BuiltinType) and t.kind == kind and len(t.constraints) == 1


def test_any_types():
    s = type_of("SEQUENCE { t INTEGER, v ANY DEFINED BY t, w [1] ANY }")
    t, v, w = s.components
    assert isinstance(v.type, ast.AnyType) and v.type.defined_by == "t"
    assert isinstance(w.type.inner, ast.AnyType) and w.type.inner.defined_by is None


def test_contents_constraints():
    t = type_of("BIT STRING (CONTAINING Inner ENCODED BY { 2 1 1 })")
    [c] = t.constraints
    [[contents]] = c.root.unions
    assert isinstance(contents, ast.Contents) and contents.type.name == "Inner"
    assert [x.number.value for x in contents.encoded_by.components] == [2, 1, 1]
    [[alone]] = type_of("OCTET STRING (ENCODED BY ber)").constraints[0].root.unions
    assert alone.type is None and alone.encoded_by.name == "ber"


def test_components_of_and_addition_groups():
    t = type_of("SEQUENCE { COMPONENTS OF B, c INTEGER, ..., [[ d BOOLEAN, e NULL OPTIONAL ]], "
                "[[ 2: f REAL ]], COMPONENTS OF G }")
    co, c, g1, g2, co2 = t.components
    assert isinstance(co, ast.ComponentsOf) and co.type.name == "B" and not co.after_extension
    assert isinstance(co2, ast.ComponentsOf) and co2.after_extension
    assert (g1.name, g1.optional, g1.after_extension) == ("ext_group1", True, True)
    assert [(x.name, x.optional) for x in g1.type.components] == [("d", False), ("e", True)]
    assert g2.name == "ext_group2" and [x.name for x in g2.type.components] == ["f"]
    ch = type_of("CHOICE { a INTEGER, ..., [[ b BOOLEAN, c NULL ]] }")
    assert [(x.name, x.after_extension) for x in ch.alternatives] == [
        ("a", False), ("b", True), ("c", True)]


@pytest.mark.parametrize("body, expected", [
    ("A ::= SEQUENCE { a INTEGER, [[ b INTEGER ]] }",
     "2:29: error: an extension addition group '[[ ... ]]' must come after the extension marker '...'"),
    ("A ::= SEQUENCE { a INTEGER, ..., [[ b INTEGER, ... ]] }",
     "2:48: error: an extension addition group holds only components"),
    ("A ::= CHOICE { a INTEGER, COMPONENTS OF B }",
     "2:27: error: COMPONENTS OF is only allowed in a SEQUENCE or SET"),
])
def test_components_of_and_group_errors(body, expected):
    assert errors_in(body) == [f"{PATH}:{expected}"]


@pytest.mark.parametrize("text, expected", [
    ("1.", 1.0), ("1.5E+3", 1500.0), ("2.5e+10", 2.5e10), ("-2.e-3", -0.002), ("7E2", 700.0),
    ("0.25", 0.25), ("3.E+1", 30.0),
])
def test_real_literals(text, expected):
    v = value_of("REAL", text)
    assert isinstance(v, ast.RealValue) and v.value == expected


def test_a_point_before_a_range_is_not_a_real():
    [c] = type_of("REAL (1. ..2)").constraints
    [[r]] = c.root.unions
    assert isinstance(r.lower, ast.RealValue) and r.lower.value == 1.0 and r.upper.value == 2
    [c] = type_of("INTEGER (1..2)").constraints
    [[r]] = c.root.unions
    assert isinstance(r.lower, ast.IntValue) and (r.lower.value, r.upper.value) == (1, 2)


@pytest.mark.parametrize("text", ["1.5E+", "1.5e-", "2E"])
def test_incomplete_real_exponents_are_errors(text):
    assert errors_in(f"v REAL ::= {text}")
