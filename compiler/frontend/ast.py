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


@dataclass
class NamedValue:
    """``name value`` inside braces: a component of a SEQUENCE/SET value."""
    name: str
    value: "Value"
    loc: Loc


@dataclass
class OidComponent:
    """One arc of an OBJECT IDENTIFIER / RELATIVE-OID value in braces: ``name`` alone
    (a name form or a defined value), ``number`` alone (an IntValue, or a ValueRef
    written ``Module.value``), or both (``name(number)``)."""
    name: Optional[str]
    number: Optional[Union[IntValue, ValueRef]]
    loc: Loc


@dataclass
class BracedValue:
    """A value in braces: ``{}``, ``{ a 1, b TRUE }`` (``named``: every item is a
    :class:`NamedValue`) or ``{ 1, 2 }`` / ``{ bit1, bit3 }``.  The type it is a value
    of says what it means (SEQUENCE/SET, SEQUENCE OF/SET OF, BIT STRING, REAL)."""
    items: list
    named: bool
    loc: Loc


@dataclass
class ChoiceValue:
    """``alternative : value``."""
    name: str
    value: "Value"
    loc: Loc


@dataclass
class OpenTypeValue:
    """``Type : value``, a value of an open type (X.681 14.6)."""
    type: "Type"
    value: "Value"
    loc: Loc


@dataclass
class RawValue:
    """Braces whose contents are none of the values above: an information object
    (``{ &id 1, &Type INTEGER }`` or in the class's defined syntax), an OBJECT
    IDENTIFIER value, ...  ``tokens`` are the parser's tokens between the braces, read
    once the governing class or type is known."""
    tokens: list
    text: str
    loc: Loc


@dataclass
class OidValue:
    """``{ iso(1) member-body(2) 840 }``, ``{ id-pkix 3 }``: braces whose contents read
    as object identifier components (resolved against the type by the semantic pass)."""
    components: list[OidComponent]
    loc: Loc


Value = Union[IntValue, BoolValue, RealValue, NullValue, StringValue, BitsValue, ValueRef,
              BracedValue, ChoiceValue, RawValue, OidValue, OpenTypeValue]


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
class ComponentConstraint:
    """One component of WITH COMPONENTS: ``name (constraint) PRESENT``."""
    name: str
    constraint: Optional["Constraint"]
    presence: Optional[str]  # "PRESENT", "ABSENT", "OPTIONAL" or None
    loc: Loc


@dataclass
class InnerTypeConstraint:
    """X.680 51.8: ``WITH COMPONENT (c)`` (``single``: on the elements of a SEQUENCE OF)
    or ``WITH COMPONENTS { [..., ] a PRESENT, b (1..5), ... }`` (``components``;
    ``partial`` when it starts with ``...``)."""
    single: Optional["Constraint"]
    components: list[ComponentConstraint]
    partial: bool
    loc: Loc


@dataclass
class ContainedSubtype:
    """A type (``INCLUDES T`` or ``T``) as an element of a constraint or a set: in an
    object set, a reference to another object set."""
    type: "Type"
    text: str
    loc: Loc


@dataclass
class Contents:
    """A contents constraint (ITU-T X.682): ``CONTAINING type [ENCODED BY value]`` or
    ``ENCODED BY value``; the only element of its constraint's root."""
    type: Optional["Type"]
    encoded_by: Optional[Value]
    loc: Loc


@dataclass
class Pattern:
    """``PATTERN "regex"`` (X.680): recognised, not enforced."""
    value: Value
    loc: Loc


@dataclass
class Except:
    """``A EXCEPT B`` (ITU-T X.680 set difference): the values of ``base`` that are not
    in ``excluded``; ``base`` None for ``ALL EXCEPT B``, every value of the parent type
    but those of B."""
    base: Optional["Element"]
    excluded: "Element"
    loc: Loc


Element = Union[SingleValue, ValueRange, SizeConstraint, PermittedAlphabet, ElementSet,
                InnerTypeConstraint, ContainedSubtype, Contents, Pattern, Except]


@dataclass
class AtRef:
    """``@a.b`` (``inner``: ``@.a.b``) in a component relation constraint (X.682 10.7)."""
    path: list[str]
    inner: bool
    loc: Loc


@dataclass
class Constraint:
    """One parenthesised constraint ``( root [, ... [, extension]] )``.  A table
    constraint ``({Set}{@id})`` (X.682 10) has the object set as root/extension and
    the ``@`` references in ``table_refs``; ``table`` tells it apart."""
    root: ElementSet
    extensible: bool
    extension: Optional[ElementSet]
    loc: Loc
    table: bool = False
    table_refs: list[AtRef] = field(default_factory=list)
    user_defined: bool = False  # CONSTRAINED BY { ... }: nothing XDR can check (X.682 9)


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
    """BOOLEAN, NULL, REAL, OCTET STRING, OBJECT IDENTIFIER, RELATIVE-OID and the time
    types UTCTime, GeneralizedTime, DATE, TIME-OF-DAY, DATE-TIME, DURATION, TIME (kind
    names exactly as written, with single spaces: "OCTET STRING")."""
    kind: str


@dataclass
class AnyType(TypeBase):
    """ANY or ANY DEFINED BY ``defined_by`` (ITU-T X.208): an opaque value."""
    defined_by: Optional[str] = None


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
    # "ObjectDescriptor" when this is it (X.680: [UNIVERSAL 7] IMPLICIT GraphicString)
    associated: Optional[str] = None


@dataclass
class Component:
    """A SEQUENCE/SET component or a CHOICE alternative."""
    name: str
    type: "Type"
    optional: bool
    default: Optional[Value]
    after_extension: bool  # written after the extension marker "..."
    loc: Loc
    # in an associated type (frontend/associated.py): the automatic tag number X.680's
    # definition gives it, whose components ilpc leaves some of out
    auto_number: Optional[int] = None


@dataclass
class ComponentsOf:
    """``COMPONENTS OF Type`` in a SEQUENCE or SET: the root components of Type (a
    SEQUENCE or SET type), copied in place by the semantic pass (ITU-T X.680 25.5)."""
    type: "Type"
    after_extension: bool
    loc: Loc


@dataclass
class SequenceType(TypeBase):
    kind: str  # "SEQUENCE" or "SET"
    components: list[Union[Component, ComponentsOf]]
    extensible: bool = False
    # the type this is the associated type of (frontend/associated.py): "EXTERNAL",
    # "EMBEDDED PDV" or "CHARACTER STRING"
    associated: Optional[str] = None


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


@dataclass
class ValueSetArg:
    """An actual parameter written as a set in braces, ``T{ {1 | 2} }`` (X.683): a
    value set (or an object set given by reference)."""
    elements: "Constraint"
    loc: Loc


@dataclass
class ParameterizedTypeRef(TypeBase):
    """A reference to a parameterized type with its actual parameters, ``T{INTEGER, 5}``
    (X.683).  Each argument is a type, a value or a :class:`ValueSetArg`; which one
    the parameter is decides how it is read (``NULL`` reads as the type here and is
    taken as the value for a value parameter)."""
    name: str
    args: list[Union["Type", Value, ValueSetArg]]
    module: Optional[str] = None


@dataclass
class ClassField:
    """A field of an information object class (X.681 9): ``&Type`` (no ``type``) or
    ``&id Type UNIQUE``."""
    name: str  # without the '&'
    type: Optional["Type"]
    unique: bool
    optional: bool
    default: object  # a Type or Value, or None
    loc: Loc


@dataclass
class ObjectClass(TypeBase):
    """``CLASS { fields } [WITH SYNTAX { ... }]``; ``syntax`` is the defined syntax as
    tokens (``[`` and ``]`` mark optional groups, ``&x`` the settings)."""
    fields: list[ClassField]
    syntax: Optional[list] = None


@dataclass
class ClassFieldType(TypeBase):
    """``CLASS.&field`` (X.681 14): the type of a field of the objects of a class."""
    class_name: str
    field: list[str]  # field names without '&' (``&a.&b`` has two)
    module: Optional[str] = None


Type = Union[BuiltinType, AnyType, IntegerType, EnumeratedType, BitStringType, CharStringType,
             SequenceType, SequenceOfType, ChoiceType, TaggedType, TypeRef, ParameterizedTypeRef,
             ObjectClass, ClassFieldType]


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
class Parameter:
    """A dummy parameter of a parameterized assignment: a type parameter (no
    governor) or a value / value set parameter ``Governor : name``."""
    name: str
    governor: Optional[Type]
    loc: Loc


@dataclass
class ParameterizedTypeAssignment:
    """``T{P1, INTEGER : n} ::= Type`` (X.683): a template, instantiated at each
    reference with actual parameters."""
    name: str
    params: list[Parameter]
    type: Type
    loc: Loc


@dataclass
class SetAssignment:
    """``Name Governor ::= { elements }``: an object set when the governor is an
    information object class, else a value set (X.680 16.6: a constrained type)."""
    name: str
    type: Type
    root: Optional[ElementSet]
    extensible: bool
    extension: Optional[ElementSet]
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
    assignments: list[Union[TypeAssignment, ValueAssignment, ParameterizedTypeAssignment, SetAssignment]]
    loc: Loc


@dataclass
class SpecFile:
    path: str
    modules: list[Module]
