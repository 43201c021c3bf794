"""Syntax tree of an ASN.1 specification, as written (nothing resolved yet).

The parser (``ilpc.frontend.parse``) builds these nodes from the ANTLR parse tree;
the semantic pass (``ilpc.semantic``) resolves references and checks them.  Every
node carries the location of the token that starts it, so every diagnostic can
say ``file:line:col``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union


@dataclass(frozen=True)
class Loc:
    file: str
    line: int
    col: int  # 1-based, as compilers print it

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


# ---------------------------------------------------------------- values

@dataclass
class IntValue:
    value: int
    loc: Loc


@dataclass
class BoolValue:
    value: bool
    loc: Loc


@dataclass
class RealValue:
    value: float
    loc: Loc


@dataclass
class NullValue:
    loc: Loc


@dataclass
class StringValue:
    """A "cstring" literal (quotes already removed, "" unescaped)."""
    value: str
    loc: Loc


@dataclass
class BitsValue:
    """A '0101'B or 'CAFE'H literal, as a bit string of ``nbits`` bits."""
    bits: str  # '0'/'1' characters, most significant first
    hex: bool  # written as 'H'
    loc: Loc


@dataclass
class ValueRef:
    """An identifier used as a value: a value assignment's name or an
    ENUMERATED / named-number identifier, resolved in context."""
    name: str
    module: Optional[str]
    loc: Loc


Value = Union[IntValue, BoolValue, RealValue, NullValue, StringValue, BitsValue, ValueRef]


# ----------------------------------------------------------- constraints

@dataclass
class SingleValue:
    value: Value
    loc: Loc


@dataclass
class ValueRange:
    lower: Optional[Value]  # None means MIN
    upper: Optional[Value]  # None means MAX
    lower_open: bool  # written "lb<.."
    upper_open: bool  # written "..<ub"
    loc: Loc


@dataclass
class SizeConstraint:
    constraint: "Constraint"
    loc: Loc


@dataclass
class PermittedAlphabet:
    constraint: "Constraint"
    loc: Loc


@dataclass
class ElementSet:
    """Union (``|`` / UNION) of intersections (``^`` / INTERSECTION) of elements."""
    unions: list[list["Element"]]
    loc: Loc


@dataclass
class ContainedSubtype:
    """``INCLUDES T`` or ``T`` inside a constraint: the values of the type T."""
    type: "Type"
    loc: Loc


@dataclass
class Pattern:
    """``PATTERN "regex"`` (X.680): recognised, not enforced."""
    value: Value
    loc: Loc


Element = Union[SingleValue, ValueRange, SizeConstraint, PermittedAlphabet, ElementSet, ContainedSubtype, Pattern]


@dataclass
class Constraint:
    """One parenthesised constraint ``( root [, ... [, extension]] )``."""
    root: ElementSet
    extensible: bool
    extension: Optional[ElementSet]
    loc: Loc


# ----------------------------------------------------------------- types

@dataclass
class NamedNumber:
    name: str
    value: Value  # IntValue or ValueRef
    loc: Loc


@dataclass
class EnumItem:
    name: str
    number: Optional[Value]  # None when not written
    loc: Loc


@dataclass
class TypeBase:
    loc: Loc
    constraints: list[Constraint] = field(default_factory=list, kw_only=True)


@dataclass
class BuiltinType(TypeBase):
    """BOOLEAN, NULL, REAL, OCTET STRING (kind names exactly as written,
    with single spaces: "OCTET STRING")."""
    kind: str


@dataclass
class IntegerType(TypeBase):
    named_numbers: list[NamedNumber] = field(default_factory=list)


@dataclass
class EnumeratedType(TypeBase):
    items: list[EnumItem]
    extensible: bool = False
    additions: list[EnumItem] = field(default_factory=list)


@dataclass
class BitStringType(TypeBase):
    named_bits: list[NamedNumber] = field(default_factory=list)


@dataclass
class CharStringType(TypeBase):
    """IA5String, PrintableString, VisibleString, NumericString, UTF8String,
    BMPString, UniversalString, TeletexString, T61String, VideotexString,
    GraphicString, GeneralString, ISO646String."""
    kind: str


@dataclass
class Component:
    """A SEQUENCE/SET component or a CHOICE alternative."""
    name: str
    type: "Type"
    optional: bool
    default: Optional[Value]
    after_extension: bool  # written after the extension marker "..."
    loc: Loc


@dataclass
class SequenceType(TypeBase):
    kind: str  # "SEQUENCE" or "SET"
    components: list[Component]
    extensible: bool = False


@dataclass
class SequenceOfType(TypeBase):
    """SEQUENCE OF / SET OF; a SIZE written as ``SEQUENCE SIZE (..) OF`` is
    put into ``constraints`` like a trailing one."""
    kind: str  # "SEQUENCE" or "SET"
    element: "Type"
    element_name: Optional[str] = None  # SEQUENCE OF name Type


@dataclass
class ChoiceType(TypeBase):
    alternatives: list[Component]
    extensible: bool = False


@dataclass
class TaggedType(TypeBase):
    tag_class: str  # "CONTEXT", "APPLICATION", "UNIVERSAL", "PRIVATE"
    number: Value
    mode: Optional[str]  # "IMPLICIT", "EXPLICIT" or None
    inner: "Type"


@dataclass
class TypeRef(TypeBase):
    name: str
    module: Optional[str] = None  # Module.Type external reference


Type = Union[BuiltinType, IntegerType, EnumeratedType, BitStringType, CharStringType,
             SequenceType, SequenceOfType, ChoiceType, TaggedType, TypeRef]


# ----------------------------------------------------------- assignments

@dataclass
class TypeAssignment:
    name: str
    type: Type
    loc: Loc


@dataclass
class ValueAssignment:
    name: str
    type: Type
    value: Value
    loc: Loc


@dataclass
class Import:
    symbols: list[tuple[str, Loc]]
    module: str
    loc: Loc
    oid: Optional[str] = None      # the module's OID as written, when given in braces
    selection: Optional[str] = None  # "SUCCESSORS" or "DESCENDANTS" (X.680 WITH ...)
    # names of built-in character string types in the list (old modules import them)
    builtins: list[tuple[str, Loc]] = field(default_factory=list)


@dataclass
class Module:
    name: str
    oid: Optional[str]  # the OID as written between braces, whitespace-normalised
    tag_default: Optional[str]  # "EXPLICIT", "IMPLICIT", "AUTOMATIC" or None
    extensibility_implied: bool
    exports: Optional[list[tuple[str, Loc]]]  # None means EXPORTS ALL / no EXPORTS clause
    imports: list[Import]
    assignments: list[Union[TypeAssignment, ValueAssignment]]
    loc: Loc


@dataclass
class SpecFile:
    path: str
    modules: list[Module]
