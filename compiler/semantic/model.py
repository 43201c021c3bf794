"""The semantic model: every type resolved and constrained.

``ilpc.semantic.analyze`` builds it from the syntax tree.  It says what the spec's
types are, independently of any transfer syntax: integers know the exact set of
values they admit, strings and arrays their size bounds, structs their components
with OPTIONAL/DEFAULT resolved, and references point at the named type they denote.
Nothing here knows about XDR, C or marshalling plans: the IR (``ilpc.ir``) is built
from this, and it is there that an INTEGER gets its XDR wire kind and a recursive
component its pointer.

Tags (X.680 31, for the BER family of encodings; XDR ignores them).  Every type
occurrence (a typedef's type, a component's, an element's, a ``RefT`` where a named
type is used) carries in ``tags`` the tags written there, outermost first, each a
``TagUse`` whose ``explicit`` is final: the module's TagDefault and X.680's rules are
applied (a tag on an untagged CHOICE, open type, ANY or dummy type parameter is
explicit), and automatic tags (AUTOMATIC TAGS) are in it like written ones.  A named
type's own tags are on its TypeDef's type, not repeated at its uses.  Back ends ask:

* ``outer_tags(t)``: the tags a BER encoding of ``t`` carries, outermost first, implicit
  tags folded in (each left is one TLV: ``explicit`` when it wraps a complete encoding);
* ``first_tags(t)``: the tags an encoding of ``t`` can begin with (None: any tag);
* ``universal_tag(t)``: the UNIVERSAL tag of the type itself;
* ``flat_fields(t)``: the components of a SEQUENCE or SET with the extension addition
  groups' components in place (BER has no TLV of their own for the groups).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union

from ..frontend.ast import Loc

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
UINT32_MAX = 2**32 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
UINT64_MAX = 2**64 - 1


@dataclass(frozen=True)
class IntSet:
    """A finite union of closed integer intervals; ``None`` bounds are -inf/+inf.

    Used both for INTEGER value constraints and for SIZE constraints.
    """
    intervals: tuple[tuple[Optional[int], Optional[int]], ...]

    @staticmethod
    def all() -> "IntSet":
        return IntSet(((None, None),))

    @staticmethod
    def range(lo: Optional[int], hi: Optional[int]) -> "IntSet":
        if lo is not None and hi is not None and lo > hi:
            return IntSet(())
        return IntSet(((lo, hi),))

    @property
    def empty(self) -> bool:
        return not self.intervals

    @property
    def lower(self) -> Optional[int]:
        return self.intervals[0][0] if self.intervals else None

    @property
    def upper(self) -> Optional[int]:
        return self.intervals[-1][1] if self.intervals else None

    @property
    def is_single(self) -> bool:
        return len(self.intervals) == 1 and self.intervals[0][0] is not None \
            and self.intervals[0][0] == self.intervals[0][1]

    def __contains__(self, x: int) -> bool:
        return any((lo is None or lo <= x) and (hi is None or x <= hi) for lo, hi in self.intervals)

    def union(self, other: "IntSet") -> "IntSet":
        return _normalise(list(self.intervals) + list(other.intervals))

    def intersect(self, other: "IntSet") -> "IntSet":
        out = []
        for a_lo, a_hi in self.intervals:
            for b_lo, b_hi in other.intervals:
                lo = b_lo if a_lo is None else a_lo if b_lo is None else max(a_lo, b_lo)
                hi = b_hi if a_hi is None else a_hi if b_hi is None else min(a_hi, b_hi)
                if lo is None or hi is None or lo <= hi:
                    out.append((lo, hi))
        return _normalise(out)

    def complement(self) -> "IntSet":
        """Every integer not in the set."""
        out: list[tuple[Optional[int], Optional[int]]] = []
        prev: Optional[int] = None  # the upper end of the last interval; None before the first
        first = True
        for lo, hi in self.intervals:
            if lo is not None:
                out.append((None if first else prev + 1, lo - 1))  # type: ignore[operator]
            first = False
            if hi is None:
                return IntSet(tuple(out))
            prev = hi
        out.append((None if first else prev + 1, None))  # type: ignore[operator]
        return IntSet(tuple(out))

    def difference(self, other: "IntSet") -> "IntSet":
        """The members of the set that are not in ``other`` (X.680 ``EXCEPT``)."""
        return self.intersect(other.complement())

    def within(self, lo: Optional[int], hi: Optional[int]) -> bool:
        """True when every member lies in [lo, hi]."""
        if self.empty:
            return True
        l, u = self.lower, self.upper
        return (lo is None or (l is not None and l >= lo)) and (hi is None or (u is not None and u <= hi))

    def __str__(self) -> str:
        def one(lo, hi):
            if lo is not None and lo == hi:
                return str(lo)
            return f"{'MIN' if lo is None else lo}..{'MAX' if hi is None else hi}"
        return " | ".join(one(lo, hi) for lo, hi in self.intervals) or "(empty)"


def _normalise(ivs: list[tuple[Optional[int], Optional[int]]]) -> IntSet:
    key = lambda iv: (iv[0] is not None, iv[0] if iv[0] is not None else 0)
    ivs = sorted(ivs, key=key)
    out: list[list[Optional[int]]] = []
    for lo, hi in ivs:
        if out:
            plo, phi = out[-1]
            if phi is None or (lo is not None and lo <= phi + 1):
                if phi is not None and (hi is None or hi > phi):
                    out[-1][1] = hi
                continue
        out.append([lo, hi])
    return IntSet(tuple((a, b) for a, b in out))


# docs/mapping.md: the bytes a character string value is carried in: UTF-8 for the
# types whose repertoire goes beyond one byte, one byte a character (ISO 8859-1) for
# the others.
UTF8_KINDS = frozenset({"UTF8String", "BMPString", "UniversalString"})


def string_encoding(kind: str) -> str:
    return "utf-8" if kind in UTF8_KINDS else "latin-1"


# ------------------------------------------------------------------ tags

TAG_CLASSES = ("UNIVERSAL", "APPLICATION", "CONTEXT", "PRIVATE")
# ilpc's tag numbers (docs/mapping.md): 0 .. 2**32-1
TAG_NUMBER_MAX = UINT32_MAX


@dataclass(frozen=True)
class Tag:
    """A tag (X.680 8): a class, one of TAG_CLASSES, and a number."""
    cls: str
    number: int

    def __str__(self) -> str:
        return f"[{self.number}]" if self.cls == "CONTEXT" else f"[{self.cls} {self.number}]"


@dataclass(eq=True)
class TagUse:
    """A tag on a type occurrence: ``explicit`` when it wraps the tagged type's whole
    encoding, else (implicit) it replaces the tagged type's outermost tag.  Analysis
    sets ``explicit`` (a few only once every type is lowered); back ends only read it."""
    tag: Tag
    explicit: bool

    def __str__(self) -> str:
        return f"{self.tag} {'EXPLICIT' if self.explicit else 'IMPLICIT'}"


@dataclass(eq=False)
class _Tagged:
    # the tags written on this occurrence (automatic ones included), outermost first
    tags: tuple[TagUse, ...] = field(default=(), kw_only=True)


# ------------------------------------------------------------------ types

@dataclass(eq=False)
class BoolT(_Tagged):
    """BOOLEAN; ``values`` is the set a value constraint admits (``frozenset({False})``
    for ``BOOLEAN (FALSE)``), None when there is none."""
    values: Optional[frozenset] = None


@dataclass(eq=False)
class IntT(_Tagged):
    """INTEGER: ``values`` is the admitted set.  ilpc represents integers in 64 bits:
    open ends stand for the limits of int64 (or of uint64, for a set that is
    non-negative and goes beyond int64), and an unconstrained INTEGER has no bounds."""
    values: IntSet
    named_numbers: dict[str, int] = field(default_factory=dict)
    # A component's own set when an inner type constraint of the enclosing type
    # (WITH COMPONENTS, X.680 51.8) narrowed ``values``: that constrains the enclosing
    # type's values, the component keeps its type (and its representation).
    declared: Optional[IntSet] = None


@dataclass(eq=False)
class EnumT(_Tagged):
    items: list[tuple[str, int]]  # (identifier, number) in textual order
    extensible: bool = False


@dataclass(eq=False)
class NullT(_Tagged):
    pass


@dataclass(eq=False)
class RealT(_Tagged):
    """REAL; ``ranges`` is the value constraint (compiler/semantic/reals.py), None when
    there is none."""
    ranges: Optional[tuple] = None


@dataclass(eq=False)
class OctetsT(_Tagged):
    """OCTET STRING: ``fixed`` is n for opaque[n]; else opaque<ub> with sizes in ``sizes``."""
    sizes: IntSet
    fixed: Optional[int]
    contains: Optional["RefT"] = None  # CONTAINING T (without ENCODED BY): T's XDR encoding


@dataclass(eq=False)
class OpenT(OctetsT):
    """An open type (X.681 ``CLASS.&Type``) whose type is not known when compiling: an
    opaque<> holding the XDR encoding of the value (docs/mapping.md)."""


@dataclass(eq=False)
class AnyT(OctetsT):
    """ANY, ANY DEFINED BY (X.208): an opaque<> holding the value's encoding, however
    agreed (docs/mapping.md); for tags, an open type."""


@dataclass(frozen=True)
class OpenValue:
    """A value of an opaque open type (``OpenT``): ``value``, of type ``type``.  The
    opaque holds its encoding in the transfer syntax, which the IR computes."""
    type: "SType"
    value: object


@dataclass(eq=False)
class BitsT(_Tagged):
    """BIT STRING, ``sizes`` counts bits."""
    sizes: IntSet
    named_bits: dict[str, int] = field(default_factory=dict)
    contains: Optional["RefT"] = None  # CONTAINING T (without ENCODED BY): T's XDR encoding


@dataclass(eq=False)
class StringT(_Tagged):
    """A restricted character string type; ``alphabet`` is the FROM set of code points
    as an IntSet, or None when unconstrained.  Sizes count bytes on the wire."""
    kind: str
    sizes: IntSet
    alphabet: Optional[IntSet] = None
    # a time type (compiler/semantic/times.py: a VisibleString of its format), by its
    # X.680 name ("UTCTime", "DATE", ...): its UNIVERSAL tag is the time type's
    time: Optional[str] = None


@dataclass(eq=False)
class Field:
    name: str
    type: "SType"
    optional: bool  # OPTIONAL, DEFAULT, or after the extension marker
    default: Optional[object]  # a Python value of the component's type, when DEFAULT
    loc: Loc
    # an extension addition group [[ ... ]] of a SEQUENCE or SET (an anonymous SEQUENCE
    # of its components, docs/mapping.md): BER encodes its components in place, with no
    # tag of the group's own (flat_fields)
    group: bool = False


# X.680 51.8 presence constraints (WITH COMPONENTS): a value is valid when it matches
# one of the patterns; a pattern maps a component (an alternative, for a CHOICE) to
# True (PRESENT: present, or chosen) or False (ABSENT), or to a Within when the
# pattern also constrains the component's value.  None: no such constraint.
Presence = Optional[list[dict[str, Union[bool, "Within"]]]]


@dataclass(frozen=True)
class Within:
    """A component's entry in a presence pattern that also constrains its value: a
    union of WITH COMPONENTS (or of subtypes of one parent) whose branches constrain
    component values cannot narrow the component types, which all branches share, so
    each branch keeps its value constraints here, checked with the presence.

    ``present``: True / False as a plain entry, None for either; the value conditions
    hold when the component is present (the alternative chosen):
    ``values`` the INTEGER values, ``items`` the ENUMERATED items admitted, ``inner``
    the presence patterns of the component's own components (a nested WITH COMPONENTS).
    """
    present: Optional[bool] = None
    values: Optional[IntSet] = None
    items: Optional[frozenset] = None
    inner: Optional[tuple] = None  # tuple of patterns (dicts), as Presence


@dataclass(eq=False)
class StructT(_Tagged):
    kind: str  # "SEQUENCE" or "SET"
    fields: list[Field]
    presence: Presence = None
    # an extension marker (or EXTENSIBILITY IMPLIED): BER decoders skip unknown additions
    extensible: bool = False


@dataclass(eq=False)
class ChoiceT(_Tagged):
    alternatives: list[Field]  # discriminant = index in this list
    presence: Presence = None
    # an open type (X.681 CLASS.&Type) whose table constraint names the types it may
    # hold: a value is one of the alternatives, but for tags it is an open type
    open_type: bool = False
    extensible: bool = False  # an extension marker (or EXTENSIBILITY IMPLIED)


@dataclass(eq=False)
class ArrayT(_Tagged):
    """SEQUENCE OF / SET OF: ``fixed`` is n for array[n]; else array<ub>."""
    element: "SType"
    sizes: IntSet
    fixed: Optional[int]
    element_name: Optional[str] = None  # SEQUENCE OF name Type: its values may be { name v, ... }
    kind: str = "SEQUENCE"  # SEQUENCE OF or SET OF


# OBJECT IDENTIFIER and RELATIVE-OID (docs/mapping.md): at most this many arcs.
OID_MAX_ARCS = 128


@dataclass(eq=False)
class OidT(ArrayT):
    """OBJECT IDENTIFIER (``relative`` False) or RELATIVE-OID: an array<OID_MAX_ARCS> of
    unsigned 64-bit arcs.  An OBJECT IDENTIFIER has at least 2 arcs, its first 0..2 and
    its second 0..39 under 0 and 1 (ITU-T X.680); ``values``, when set, is the set of
    values a single-value constraint admits (arc tuples)."""
    relative: bool = False
    values: Optional[frozenset] = None


@dataclass(eq=False)
class RefT(_Tagged):
    """A use of a named type without further constraints: encoded by that type's functions."""
    target: "TypeDef"


SType = Union[BoolT, IntT, EnumT, NullT, RealT, OctetsT, BitsT, StringT, StructT, ChoiceT, ArrayT, OidT, RefT]
# (OpenT and AnyT are OctetsT)


@dataclass(eq=False)
class TypeDef:
    module: str
    name: str
    type: SType
    loc: Loc
    recursive: bool = False  # part of a reference cycle


@dataclass(eq=False)
class ValueDef:
    module: str
    name: str
    type: SType
    value: object
    loc: Loc


@dataclass(eq=False)
class ModuleModel:
    name: str
    path: str
    loc: Loc
    typedefs: list[TypeDef] = field(default_factory=list)
    values: list[ValueDef] = field(default_factory=list)
    imports: dict[str, str] = field(default_factory=dict)  # symbol -> module it comes from


@dataclass(eq=False)
class Model:
    modules: list[ModuleModel]

    def typedef(self, module: str, name: str) -> TypeDef:
        for m in self.modules:
            if m.name == module:
                for t in m.typedefs:
                    if t.name == name:
                        return t
        raise KeyError(f"{module}.{name}")


def resolve_ref(t: SType) -> SType:
    """Follow RefT links to the structural type."""
    seen = 0
    while isinstance(t, RefT):
        t = t.target.type
        seen += 1
        if seen > 10000:  # analysis rejects alias cycles; this is a safety net
            raise RuntimeError("reference cycle")
    return t


# ------------------------------------------------------------------ tags of types

# X.680 8.6 (Table 1) and the clauses of each type: the UNIVERSAL tag numbers.
UNIVERSAL_NUMBERS: dict[str, int] = {
    "BOOLEAN": 1, "INTEGER": 2, "BIT STRING": 3, "OCTET STRING": 4, "NULL": 5,
    "OBJECT IDENTIFIER": 6, "ObjectDescriptor": 7, "EXTERNAL": 8, "REAL": 9, "ENUMERATED": 10,
    "EMBEDDED PDV": 11, "UTF8String": 12, "RELATIVE-OID": 13, "TIME": 14,
    "SEQUENCE": 16, "SET": 17, "NumericString": 18, "PrintableString": 19,
    "TeletexString": 20, "T61String": 20, "VideotexString": 21, "IA5String": 22,
    "UTCTime": 23, "GeneralizedTime": 24, "GraphicString": 25, "VisibleString": 26,
    "ISO646String": 26, "GeneralString": 27, "UniversalString": 28, "CHARACTER STRING": 29,
    "BMPString": 30, "DATE": 31, "TIME-OF-DAY": 32, "DATE-TIME": 33, "DURATION": 34,
    "OID-IRI": 35, "RELATIVE-OID-IRI": 36,
}


def universal_tag(t: SType) -> Optional[Tag]:
    """The UNIVERSAL tag of the type ``t`` is (following references); None for a
    CHOICE, an open type and ANY, which have none of their own.  A type X.680 defines as
    an implicit UNIVERSAL tag on another (ObjectDescriptor, and EXTERNAL, EMBEDDED PDV,
    CHARACTER STRING on their associated types) has that tag, innermost of its tags."""
    chain = chain_tags(t)
    if chain and chain[-1].tag.cls == "UNIVERSAL" and not chain[-1].explicit:
        return chain[-1].tag
    t = resolve_ref(t)
    if t is None or isinstance(t, (ChoiceT, OpenT, AnyT)):  # None: a type analysis rejected
        return None
    if isinstance(t, OidT):
        name = "RELATIVE-OID" if t.relative else "OBJECT IDENTIFIER"
    elif isinstance(t, StringT):
        name = t.time or t.kind
    elif isinstance(t, (StructT, ArrayT)):
        name = t.kind
    else:
        name = {BoolT: "BOOLEAN", IntT: "INTEGER", EnumT: "ENUMERATED", NullT: "NULL", RealT: "REAL",
                OctetsT: "OCTET STRING", BitsT: "BIT STRING"}[type(t)]
    return Tag("UNIVERSAL", UNIVERSAL_NUMBERS[name])


def chain_tags(t: SType) -> tuple[TagUse, ...]:
    """The tags written on ``t`` and, through references, on the named types it
    denotes, outermost first (implicit ones not folded in: ``outer_tags``)."""
    out: tuple[TagUse, ...] = ()
    seen = 0
    while True:
        out += t.tags
        if not isinstance(t, RefT) or t.target.type is None:
            return out
        t = t.target.type
        seen += 1
        if seen > 10000:  # analysis rejects alias cycles; this is a safety net
            raise RuntimeError("reference cycle")


def outer_tags(t: SType) -> tuple[TagUse, ...]:
    """The tags of a BER encoding of ``t``, outermost first: one per TLV, down to the
    type's own (its UNIVERSAL tag, unless an implicit tag replaced it).  An implicit
    tag takes the place of the tag it tags and keeps its form: it is ``explicit`` here
    when the tag it replaced was explicit (``[1] IMPLICIT [0] EXPLICIT INTEGER`` is
    ``[1]`` explicit, then INTEGER).  The last one is not explicit, except for a tagged
    CHOICE, open type or ANY, whose own encoding comes after; untagged, they have none."""
    written = list(chain_tags(t))
    u = universal_tag(t)
    if u is not None:
        written.append(TagUse(u, False))
    out: list[TagUse] = []
    replacing: Optional[Tag] = None
    for i, use in enumerate(written):
        if not use.explicit and i < len(written) - 1:
            replacing = replacing or use.tag  # an implicit tag: the next one takes its number
            continue
        out.append(TagUse(replacing or use.tag, use.explicit))
        replacing = None
    return tuple(out)


def first_tags(t: SType) -> Optional[frozenset[Tag]]:
    """The tags an encoding of ``t`` can begin with: its outermost tag; for an untagged
    CHOICE, those of its alternatives (through untagged CHOICEs); None when any tag
    can (an untagged open type or ANY: X.681 14.2, its tag is indeterminate)."""
    return _first_tags(t, set())


def _first_tags(t: SType, busy: set[int]) -> Optional[frozenset[Tag]]:
    ot = outer_tags(t)
    if ot:
        return frozenset({ot[0].tag})
    s = resolve_ref(t)
    if s is None:  # a type analysis rejected: no tag to compare
        return frozenset()
    if isinstance(s, ChoiceT) and not s.open_type:
        if id(s) in busy:  # a CHOICE that is its own untagged alternative
            return frozenset()
        busy.add(id(s))
        acc: set[Tag] = set()
        for f in s.alternatives:
            ft = _first_tags(f.type, busy)
            if ft is None:
                return None
            acc |= ft
        busy.discard(id(s))
        return frozenset(acc)
    return None  # an untagged open type or ANY


def flat_fields(t: StructT) -> list[Field]:
    """The components of a SEQUENCE or SET as BER encodes them: those of each
    extension addition group in the group's place."""
    out: list[Field] = []
    for f in t.fields:
        if f.group:
            g = resolve_ref(f.type)
            out.extend(flat_fields(g) if isinstance(g, StructT) else [f])
        else:
            out.append(f)
    return out
