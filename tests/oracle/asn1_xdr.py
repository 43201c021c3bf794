"""An independent ASN.1 -> XDR (RFC 4506) codec, written from docs/mapping.md.

The spec is read with ``asn1tools.parse_files`` (a plain dict per module), resolved
into a small tree of ``Node`` objects, and every value is encoded and decoded with
xdrlib3's ``Packer``/``Unpacker`` for the primitive items.  This module must not import
``ilpc``: it is the yardstick the generated C is measured against.

Python values (the same conventions as asn1tools):

    BOOLEAN -> bool            INTEGER -> int           REAL -> float
    ENUMERATED -> str (item)   NULL -> None             OCTET STRING -> bytes
    BIT STRING -> (bytes, nbits)                        character strings -> str
    SEQUENCE/SET -> dict (an absent OPTIONAL or DEFAULT component is a missing key;
                   a DEFAULT component that was present on the wire stays present,
                   because the encoding is canonical)
    CHOICE -> (alternative name, value)                 SEQUENCE OF/SET OF -> list
    OBJECT IDENTIFIER, RELATIVE-OID -> str of dotted arcs ("1.2.840")

Decoding is strict (docs/mapping.md, "canonical"): it rejects booleans and presence flags
other than 0/1, integers outside the effective constraint, unknown enumeration
numbers, bad discriminants, lengths/counts outside SIZE, a BIT STRING byte count that
does not match its bit count, non-zero unused bits, non-zero padding, characters
outside the permitted alphabet (and invalid UTF-8 in UTF8String), truncation and
trailing bytes.

Interpretation notes (where docs/mapping.md leaves a choice):
- SIZE of a character string counts bytes on the wire (XDR ``string<ub>``).
- An extensible constraint (``...`` in it) is dropped entirely, on INTEGER and SIZE
  alike, including when it is applied to a type reference.
- asn1tools' parse drops some constraints that the spec states, which this module puts
  back from the same tokens (see ``parse_files``): the value names of ``OBJECT
  IDENTIFIER (a | b)``, the constraints of a fixed-type field of a class (``&category
  PrintableString (SIZE (1))``) and those of a type in an object (``&Type INTEGER
  (0..9)``).  An object set it reads only in part is not modelled.
- ``max_length`` mirrors the documented runtime cap on unbounded lengths and counts
  (SIZE without upper bound); ``max_depth`` optionally caps nesting of recursive types:
  the number of values of recursive named types on one path, the top one included.
"""
from __future__ import annotations

import math
import struct
import threading
from dataclasses import dataclass, field
from typing import Any, Optional

import asn1tools
import asn1tools.parser as _asn1tools_parser
import xdrlib3

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
UINT32_MAX = 2**32 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
UINT64_MAX = 2**64 - 1

WIRE_RANGE = {
    "int": (INT32_MIN, INT32_MAX),
    "uint": (0, UINT32_MAX),
    "hyper": (INT64_MIN, INT64_MAX),
    "uhyper": (0, UINT64_MAX),
}

DEFAULT_MAX_LENGTH = 64 * 2**20  # ilpc's documented default cap on unbounded lengths


class OracleError(Exception):
    """The spec uses something this oracle does not model."""


class EncodeError(ValueError):
    """The value is not a valid value of the type."""


class DecodeError(ValueError):
    """The bytes are not the canonical encoding of a value of the type."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


# ------------------------------------------------------------------ integer sets

Interval = tuple[Optional[int], Optional[int]]  # None = unbounded on that side


def _norm(ivs: list[Interval]) -> tuple[Interval, ...]:
    ivs = sorted(ivs, key=lambda iv: -math.inf if iv[0] is None else iv[0])
    out: list[list[Optional[int]]] = []
    for lo, hi in ivs:
        if lo is not None and hi is not None and lo > hi:
            continue
        if out:
            plo, phi = out[-1]
            if phi is None or (lo is not None and lo <= phi + 1):
                if phi is not None and (hi is None or hi > phi):
                    out[-1][1] = hi
                continue
        out.append([lo, hi])
    return tuple((a, b) for a, b in out)


def iv_intersect(a: tuple[Interval, ...], b: tuple[Interval, ...]) -> tuple[Interval, ...]:
    out = []
    for alo, ahi in a:
        for blo, bhi in b:
            lo = blo if alo is None else alo if blo is None else max(alo, blo)
            hi = bhi if ahi is None else ahi if bhi is None else min(ahi, bhi)
            if lo is None or hi is None or lo <= hi:
                out.append((lo, hi))
    return _norm(out)


def iv_contains(s: tuple[Interval, ...], x: int) -> bool:
    return any((lo is None or lo <= x) and (hi is None or x <= hi) for lo, hi in s)


ALL: tuple[Interval, ...] = ((None, None),)
NONNEG: tuple[Interval, ...] = ((0, None),)


# ------------------------------------------------------------------ alphabets

_PRINTABLE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '()+,-./:=?"
INTRINSIC_ALPHABET: dict[str, Optional[frozenset[int]]] = {
    "NumericString": frozenset([32, *range(48, 58)]),
    "PrintableString": frozenset(ord(c) for c in _PRINTABLE),
    "IA5String": frozenset(range(128)),
    "VisibleString": frozenset(range(32, 127)),
    "ISO646String": frozenset(range(32, 127)),
    "UTF8String": None,
    # Byte-oriented strings without a checked repertoire here.
    "GeneralString": None,
    "GraphicString": None,
    "TeletexString": None,
    "T61String": None,
    "VideotexString": None,
    # docs/mapping.md: one byte per character, the repertoire not checked, for these too
    "BMPString": None,
    "UniversalString": None,
}
STRING_KINDS = set(INTRINSIC_ALPHABET)

# docs/mapping.md: the time types are VisibleStrings of their format's characters and
# lengths: kind -> (characters, shortest, longest).
TIME_TYPES = {
    "UTCTime": ("0123456789+-Z", 11, 17),
    "GeneralizedTime": ("0123456789+-.,Z", 10, 64),
    "DATE": ("0123456789-", 10, 10),
    "TIME-OF-DAY": ("0123456789:", 8, 8),
    "DATE-TIME": ("0123456789-:T", 19, 19),
    "DURATION": ("0123456789.,DHMPSTWY", 3, 64),
    "TIME": ("0123456789+-.,/:CDHMPRSTWYZ", 1, 64),
}


# ------------------------------------------------------------------ nodes


@dataclass(eq=False)
class Node:
    kind: str  # bool int enum null real octets bits string struct choice array ref


@dataclass(eq=False)
class BoolNode(Node):
    # docs/mapping.md: a value constraint on BOOLEAN (``BOOLEAN (TRUE)``) leaves the
    # values it names; None: both
    values: Optional[frozenset[bool]] = None


@dataclass(eq=False)
class IntNode(Node):
    wire: str = "hyper"
    values: tuple[Interval, ...] = ALL  # the admitted set, clamped to the wire range
    raw: tuple[Interval, ...] = ALL  # the admitted set as the constraints say (not clamped)

    @property
    def lb(self) -> int:
        return self.values[0][0]  # type: ignore[return-value]

    @property
    def ub(self) -> int:
        return self.values[-1][1]  # type: ignore[return-value]


@dataclass(eq=False)
class EnumNode(Node):
    items: list[tuple[str, int]] = field(default_factory=list)

    def __post_init__(self):
        self.by_name = dict(self.items)
        self.by_number = {n: s for s, n in self.items}


@dataclass(eq=False)
class NullNode(Node):
    pass


# A REAL value constraint: ranges (lo, lo_open, hi, hi_open), None for MIN/MAX; a
# single value v is (v, False, v, False).  Values compare as doubles (so -0.0 is 0.0);
# NaN is in no range.
RealRange = tuple[Optional[float], bool, Optional[float], bool]


def _real_meet(a: RealRange, b: RealRange) -> Optional[RealRange]:
    """The intersection of two REAL ranges, None when empty."""
    def tighter_lo(x, y):  # (bound, open) pairs; None is MIN
        if x[0] is None:
            return y
        if y[0] is None:
            return x
        return x if (x[0] > y[0] or (x[0] == y[0] and x[1])) else y

    def tighter_hi(x, y):
        if x[0] is None:
            return y
        if y[0] is None:
            return x
        return x if (x[0] < y[0] or (x[0] == y[0] and x[1])) else y
    lo, lo_open = tighter_lo((a[0], a[1]), (b[0], b[1]))
    hi, hi_open = tighter_hi((a[2], a[3]), (b[2], b[3]))
    if lo is not None and hi is not None and (lo > hi or (lo == hi and (lo_open or hi_open))):
        return None
    return (lo, lo_open, hi, hi_open)


@dataclass(eq=False)
class RealNode(Node):
    ranges: Optional[tuple[RealRange, ...]] = None

    def admits(self, x: float) -> bool:
        if self.ranges is None:
            return True
        for lo, lo_open, hi, hi_open in self.ranges:
            if lo is not None and not (x > lo or (x == lo and not lo_open)):
                continue
            if hi is not None and not (x < hi or (x == hi and not hi_open)):
                continue
            if x == x:
                return True
        return False


@dataclass(eq=False)
class OctetsNode(Node):
    sizes: tuple[Interval, ...] = NONNEG
    fixed: Optional[int] = None
    any: bool = False  # ANY / ANY DEFINED BY: an opaque<> (docs/mapping.md)


@dataclass(eq=False)
class BitsNode(Node):
    sizes: tuple[Interval, ...] = NONNEG
    named: dict = field(default_factory=dict)  # named bit -> position


@dataclass(eq=False)
class StringNode(Node):
    string_kind: str = "IA5String"
    sizes: tuple[Interval, ...] = NONNEG
    alphabet: Optional[frozenset[int]] = None
    time_kind: str = ""  # set for the time types (a VisibleString on the wire)
    # single values of a value constraint: the wire admits every string of their
    # lengths and characters (docs/mapping.md); values.py draws from these alone
    values: Optional[tuple[str, ...]] = None


@dataclass(eq=False)
class FieldSpec:
    name: str
    node: Node
    optional: bool  # OPTIONAL, DEFAULT or an extension addition
    default: Any = None
    has_default: bool = False
    raw_default: Any = None  # the DEFAULT as asn1tools' parse gives it (its codecs return that)


@dataclass(eq=False)
class StructNode(Node):
    fields: list[FieldSpec] = field(default_factory=list)
    # WITH COMPONENTS (docs/mapping.md): the value matches one of these patterns,
    # component -> True (present) / False (absent); None: no presence constraint
    presence: Optional[list[dict[str, bool]]] = None
    # A union of subtypes of this type (docs/mapping.md, ``Base (A | B)``): the value is a
    # value of one of the nodes of each group (all of the parent's wire format)
    within: tuple = ()


@dataclass(eq=False)
class ChoiceNode(Node):
    alts: list[FieldSpec] = field(default_factory=list)
    presence: Optional[list[dict[str, bool]]] = None  # alternative -> chosen / not chosen
    within: tuple = ()  # as StructNode.within

    def index(self, name: str) -> int:
        for i, a in enumerate(self.alts):
            if a.name == name:
                return i
        raise EncodeError(f"CHOICE has no alternative {name!r}")


@dataclass(eq=False)
class ArrayNode(Node):
    element: Node = None  # type: ignore[assignment]
    sizes: tuple[Interval, ...] = NONNEG
    fixed: Optional[int] = None


OID_MAX_ARCS = 128  # docs/mapping.md: an OBJECT IDENTIFIER / RELATIVE-OID has at most 128 arcs


@dataclass(eq=False)
class OidNode(Node):
    """OBJECT IDENTIFIER (``relative`` False) or RELATIVE-OID: on the wire an
    ``unsigned hyper<128>`` of arcs (docs/mapping.md)."""
    relative: bool = False
    # a single-value constraint (docs/mapping.md): the admitted values, as arc tuples
    values: Optional[frozenset[tuple[int, ...]]] = None

    @property
    def sizes(self) -> tuple[Interval, ...]:
        return ((1 if self.relative else 2, OID_MAX_ARCS),)


ARC_NODE = IntNode("int", "uhyper", ((0, UINT64_MAX),), ((0, UINT64_MAX),))
FIRST_ARC_NODE = IntNode("int", "uhyper", ((0, 2),), ((0, 2),))  # for mutation traces


def oid_problem(arcs: list[int], relative: bool,
                values: Optional[frozenset[tuple[int, ...]]] = None) -> Optional[str]:
    """Why ``arcs`` is not an OBJECT IDENTIFIER / RELATIVE-OID value (docs/mapping.md),
    or not one of ``values`` (a single-value constraint)."""
    lo = 1 if relative else 2
    if not lo <= len(arcs) <= OID_MAX_ARCS:
        return f"{len(arcs)} arcs, not {lo}..{OID_MAX_ARCS}"
    if any(not 0 <= a <= UINT64_MAX for a in arcs):
        return "an arc outside 0..2^64-1"
    if not relative and (arcs[0] > 2 or (arcs[0] < 2 and arcs[1] > 39)):
        return f"first arcs {arcs[0]}.{arcs[1]} break the X.680 rules"
    if values is not None and tuple(arcs) not in values:
        return "not a value the single-value constraint admits"
    return None


# ------------------------------------------------------------------ asn1tools' parse

_PARSE_LOCK = threading.Lock()


def _oid_type_action(_s, _l, tokens):
    """asn1tools' grammar reads ``OBJECT IDENTIFIER ( a | b )`` as the type itself and
    its parse action keeps only the type: this one keeps the value names too, as the
    ``restricted-to`` list asn1tools gives other single-value constraints."""
    names = [t for t in tokens.asList()[1:] if t not in ("(", ")")]
    return {"type": "OBJECT IDENTIFIER", **({"restricted-to": names} if names else {})}


def _class_action(original):
    """asn1tools' parse of a CLASS keeps the type of a fixed-type value field and drops
    its constraints (``&category PrintableString (SIZE (1))`` becomes a plain
    PrintableString): put them back, converted as asn1tools converts any type's."""
    def action(s, loc, tokens):
        out = original(s, loc, tokens)
        members = {m["name"]: m for m in out[2]["members"]}
        for member in tokens[3]:
            if not member[0][1].islower() or len(member) < 2 or len(member[1]) != 2:
                continue  # a type field, or asn1tools' tokens are not what this expects
            typ, constraints = member[1][0], member[1][1]
            if not isinstance(typ, dict) or not len(constraints):
                continue
            full = _asn1tools_parser.convert_type([dict(typ), constraints], [])
            members[member[0]].update({k: v for k, v in full.items() if k != "name"})
        return out
    return action


def _object_set_action(original):
    """asn1tools' parse of an object set stops, silently, at the first object it cannot
    read (one in a class's defined syntax, ``{ ID 0 VALUE INTEGER }``), and keeps the
    objects before it: mark such a set ``incomplete``.  It also keeps the type of a
    type setting without its constraints (``&Info INTEGER (0..9)``): put them back."""
    def action(s, loc, tokens):
        out = original(s, loc, tokens)
        members = out[2]["members"]
        try:
            written = tokens[4].asList()
        except (IndexError, AttributeError):
            written = None
        if written is None or len(members) != len(written):
            out[2]["incomplete"] = True
            return out
        for obj, tok in zip(members, written):
            if not isinstance(obj, dict):
                continue
            for item in tok[0]:
                value = item[1] if len(item) == 2 else None
                if (isinstance(value, list) and len(value) == 2 and isinstance(value[0], dict)
                        and value[1]):
                    obj[item[0]] = _asn1tools_parser.convert_type([dict(value[0]), value[1]], [])
        return out
    return action


_ACTIONS = {  # asn1tools.parser's parse action -> the wrapper of it used here
    "convert_object_identifier_type": lambda original: _oid_type_action,
    "convert_parameterized_object_class_assignment": _class_action,
    "convert_parameterized_object_set_assignment": _object_set_action,
}


def parse_files(paths: list[str]) -> dict:
    """``asn1tools.parse_files`` with the constraints its parse drops put back and the
    object sets it reads in part marked (``_ACTIONS``).  Its grammar binds the parse
    actions when it is built, at each parse, so they are swapped in for the parse
    alone (under a lock: the corpus script parses in threads)."""
    p = _asn1tools_parser
    with _PARSE_LOCK:
        saved = {name: getattr(p, name) for name in _ACTIONS}
        for name, wrap in _ACTIONS.items():
            setattr(p, name, wrap(saved[name]))
        try:
            return asn1tools.parse_files(paths)
        finally:
            for name, original in saved.items():
                setattr(p, name, original)


@dataclass(eq=False)
class RefNode(Node):
    spec: "XdrSpec" = None  # type: ignore[assignment]
    module: str = ""
    name: str = ""

    @property
    def target(self) -> Node:
        return self.spec.node(self.module, self.name)

    @property
    def recursive(self) -> bool:
        return self.spec.is_recursive(self.module, self.name)


def presence_ok(node: Node, value: Any) -> bool:
    """Whether a SEQUENCE (dict) or CHOICE ((name, value)) value meets the node's
    WITH COMPONENTS presence patterns."""
    patterns = getattr(node, "presence", None)
    if not patterns:
        return True
    if isinstance(node, ChoiceNode):
        return any(all((value[0] == n) == p for n, p in pat.items()) for pat in patterns)
    return any(all((n in value) == p for n, p in pat.items()) for pat in patterns)


def admits(node: Node, value: Any) -> bool:
    """Whether ``value`` is a value of ``node`` (its encoder takes it)."""
    try:
        encode_node(node, value, _Packer())
    except EncodeError:
        return False
    return True


def within_ok(node: Node, value: Any) -> bool:
    """Whether a SEQUENCE or CHOICE value is a value of one subtype of each group of
    the node's union of subtypes (``within``)."""
    return all(any(admits(alt, value) for alt in group) for group in getattr(node, "within", ()))


def resolve(node: Node) -> Node:
    seen = 0
    while isinstance(node, RefNode):
        node = node.target
        seen += 1
        if seen > 1000:
            raise OracleError("reference cycle")
    return node


def size_bounds(sizes: tuple[Interval, ...]) -> tuple[int, Optional[int]]:
    return sizes[0][0] or 0, sizes[-1][1]


# ------------------------------------------------------------------ the spec


# docs/mapping.md: CHARACTER STRING is its associated type (ITU-T X.680), without the
# descriptor X.680 constrains absent; ObjectDescriptor is a GraphicString.  Written here
# as asn1tools would parse the SEQUENCE.
def _oid_member(name: str) -> dict:
    return {"name": name, "type": "OBJECT IDENTIFIER"}


CHARACTER_STRING = {"type": "SEQUENCE", "members": [
    {"name": "identification", "type": "CHOICE", "members": [
        {"name": "syntaxes", "type": "SEQUENCE", "members": [_oid_member("abstract"), _oid_member("transfer")]},
        _oid_member("syntax"),
        {"name": "presentation-context-id", "type": "INTEGER"},
        {"name": "context-negotiation", "type": "SEQUENCE", "members": [
            {"name": "presentation-context-id", "type": "INTEGER"}, _oid_member("transfer-syntax")]},
        _oid_member("transfer-syntax"),
        {"name": "fixed", "type": "NULL"}]},
    {"name": "string-value", "type": "OCTET STRING"}]}

BUILTIN_TYPES = {"BOOLEAN", "INTEGER", "ENUMERATED", "NULL", "REAL", "OCTET STRING", "BIT STRING",
                 "SEQUENCE", "SET", "CHOICE", "SEQUENCE OF", "SET OF",
                 "OBJECT IDENTIFIER", "RELATIVE-OID", "ANY", "ANY DEFINED BY",
                 "CHARACTER STRING", "ObjectDescriptor"} \
    | STRING_KINDS | set(TIME_TYPES)


class XdrSpec:
    """The XDR mapping of every type of one or more ASN.1 files (parsed by asn1tools)."""

    def __init__(self, paths: list[str]):
        self.paths = [str(p) for p in paths]
        self.parsed = parse_files(self.paths)
        self._nodes: dict[tuple[str, str], Node] = {}
        self._building: set[tuple[str, str]] = set()
        self._recursive: Optional[set[tuple[str, str]]] = None
        # Instances of parameterized types (X.683): (module, "T{...}") -> the template's
        # type with the actual parameters put in for the dummy ones.
        self._instances: dict[tuple[str, str], dict] = {}

    # --------------------------------------------------------- names

    def type_names(self) -> list[str]:
        """Every named type, as ``Module.Type``, in module order then textual order."""
        return [f"{m}.{t}" for m, mod in self.parsed.items() for t, d in mod["types"].items()
                if "parameters" not in d]  # a parameterized type is only a template

    def type(self, qualified: str) -> "XdrType":
        module, _, name = qualified.rpartition(".")
        if not module:
            hits = [m for m, mod in self.parsed.items() if name in mod["types"]]
            if len(hits) != 1:
                raise KeyError(qualified)
            module = hits[0]
        return XdrType(self, module, name, self.node(module, name))

    def _lookup(self, module: str, name: str) -> tuple[str, str]:
        """Where the type ``name`` used in ``module`` is defined."""
        if (module, name) in self._instances:
            return module, name
        mod = self.parsed[module]
        if name in mod["types"]:
            return module, name
        for src, symbols in mod.get("imports", {}).items():
            if name in symbols:
                return self._lookup(src, name)
        if "." in name:
            m, _, n = name.rpartition(".")
            if m in self.parsed:
                return self._lookup(m, n)
        raise OracleError(f"undefined type {name!r} in module {module}")

    def _value(self, module: str, name: str, named_numbers: dict) -> Any:
        if name in named_numbers:
            return named_numbers[name]
        return self._value_at(module, name)[1]

    def _value_at(self, module: str, name: str) -> tuple[str, Any]:
        """The module that defines the value ``name`` used in ``module``, and the value
        as asn1tools parses it (names in it are to be read in that module)."""
        mod = self.parsed[module]
        if name in mod.get("values", {}):
            return module, mod["values"][name]["value"]
        for src, symbols in mod.get("imports", {}).items():
            if name in symbols:
                return self._value_at(src, name)
        raise OracleError(f"undefined value {name!r} in module {module}")

    def _named_numbers(self, module: str, t: dict) -> dict:
        """The named numbers of the INTEGER type ``t`` (written in ``module``) or of the
        type it refers to, resolved to ints."""
        for _ in range(100):
            if "named-numbers" in t:
                return {n: self._value(module, v, {}) if isinstance(v, str) else v
                        for n, v in (t["named-numbers"] or {}).items()}
            typ = t.get("type")
            if not isinstance(typ, str) or typ in BUILTIN_TYPES:
                return {}
            module, name = self._lookup(module, typ)
            t = self._instances.get((module, name)) or self.parsed[module]["types"][name]
        raise OracleError("reference cycle")

    # --------------------------------------------------------- resolution

    def node(self, module: str, name: str) -> Node:
        key = self._lookup(module, name)
        n = self._nodes.get(key)
        if n is None:
            if key in self._building:
                raise OracleError(f"type {key} is defined through a constrained reference to itself")
            self._building.add(key)
            try:
                t = self._instances.get(key) or self.parsed[key[0]]["types"][key[1]]
                n = self._build(key[0], t)
            finally:
                self._building.discard(key)
            self._nodes[key] = n
        return n

    # --------------------------------------------------------- X.683

    def _qualify(self, module: str, t: Any) -> Any:
        """An actual parameter written in ``module``, with every type name in it made
        ``Module.Name`` so that it keeps its meaning inside another module's template;
        a value reference becomes its value."""
        if isinstance(t, dict):
            out = {k: self._qualify(module, v) if k in ("members", "element", "actual-parameters") else v
                   for k, v in t.items()}
            typ = t.get("type")
            if isinstance(typ, str) and typ not in BUILTIN_TYPES:
                out["type"] = ".".join(self._lookup(module, typ))
            return out
        if isinstance(t, list):
            return [self._qualify(module, x) for x in t]
        if isinstance(t, str) and t not in ("MIN", "MAX"):
            return self._value(module, t, {})
        return t

    def _substitute(self, t: Any, env: dict[str, Any]) -> Any:
        """The template body ``t`` with the dummy parameters of ``env`` replaced."""
        if isinstance(t, dict):
            out = {k: self._substitute(v, env) for k, v in t.items() if k != "parameters"}
            typ = t.get("type")
            if isinstance(typ, str) and isinstance(env.get(typ), dict):
                actual = env[typ]
                clash = [k for k in actual if k != "type" and k in out]
                if clash:
                    raise OracleError(f"constraints on both a type parameter and its actual type: {clash}")
                del out["type"]
                out = {**actual, **out}
            return out
        if isinstance(t, list):
            return [self._substitute(x, env) for x in t]
        if isinstance(t, tuple):
            return tuple(self._substitute(x, env) for x in t)
        if isinstance(t, str) and t in env and not isinstance(env[t], dict):
            return env[t]
        return t

    def _instance(self, module: str, t: dict) -> tuple[str, str]:
        """The (module, name) of the instance that ``t`` (a reference with actual
        parameters, written in ``module``) denotes; created on first use."""
        tmod, tname = self._lookup(module, t["type"])
        template = self.parsed[tmod]["types"][tname]
        formals = template.get("parameters")
        actuals = [self._qualify(module, a) for a in t["actual-parameters"]]
        if formals is None or len(formals) != len(actuals):
            raise OracleError(f"bad actual parameters for {tname}")
        body = self._substitute(template, dict(zip(formals, actuals)))
        key = (tmod, f"{tname}{actuals!r}")
        if key not in self._instances:
            self._instances[key] = body
        return key

    # --------------------------------------------------------- X.681 / X.682

    def _class_field(self, module: str, t: dict) -> Node:
        """``CLASS.&field`` per docs/mapping.md, "Information objects": an open type
        with a table constraint on a set that is not extensible is a union of the set's
        types (discriminant: the object's 0-based place in the set); otherwise an opaque
        holding the value's XDR encoding.  A fixed-type value field with a simple table
        constraint is its type constrained to the set's (INTEGER) values."""
        cname, _, fname = t["type"].partition(".&")
        classes = self.parsed[module].get("object-classes", {})
        if cname not in classes:
            raise OracleError(f"class {cname} not in module {module}")
        spec = next((m for m in classes[cname]["members"] if m["name"] == "&" + fname), None)
        if spec is None:
            raise OracleError(f"no field &{fname} in {cname}")
        table = t.get("table")
        objects, extensible = None, False
        if table is not None:
            set_name = table["type"] if isinstance(table, dict) else table[0]
            if self._from_missing_module(module, set_name):
                # docs/mapping.md: a set of a module that was not given is unknown, as an
                # extensible set with no object known
                members = [","]
            else:
                oset = self.parsed[module]["object-sets"][set_name]
                if oset.get("incomplete"):
                    raise OracleError(f"object set {set_name}: asn1tools' parse reads only part of it "
                                      "(objects in a defined syntax)")
                members = oset["members"]
            # asn1tools' parse gives an extension marker as the entries ',' and '.'
            extensible = any(m in (",", ".", "...") for m in members)
            objects = [m for m in members if isinstance(m, dict)]
            if not extensible and len(objects) != len(members):
                raise OracleError(f"object set {set_name}: references are not given by asn1tools' parse")
        if spec["type"] == "OpenType":
            if objects is None or extensible or not objects or any("&" + fname not in o for o in objects):
                return OctetsNode("octets", NONNEG, None)
            alts = [FieldSpec(f"object{i}", self._build(module, o["&" + fname]), False)
                    for i, o in enumerate(objects)]
            return ChoiceNode("choice", alts)
        node = self._build(module, {k: v for k, v in spec.items() if k != "name"})
        if objects and not extensible and isinstance(table, dict) and isinstance(resolve(node), IntNode):
            values = [o.get("&" + fname) for o in objects]
            if all(isinstance(v, int) for v in values):
                return _int_node(iv_intersect(resolve(node).raw, _norm([(v, v) for v in values])))
        return node

    def _from_missing_module(self, module: str, name: str) -> bool:
        """Whether ``module`` imports ``name`` from a module none of the files defines."""
        mod = self.parsed[module]
        if name in mod.get("object-sets", {}):
            return False
        return any(name in symbols and src not in self.parsed for src, symbols in mod.get("imports", {}).items())

    def _build(self, module: str, t: dict) -> Node:
        if isinstance(t.get("type"), str) and ".&" in t["type"]:
            return self._class_field(module, t)
        constrained = any(k in t for k in ("restricted-to", "size", "from", "with-components"))
        if "actual-parameters" in t:
            inst = self._instance(module, t)
            ref = RefNode("ref", spec=self, module=inst[0], name=inst[1])
            if not constrained:
                return ref
            return self._constrain(resolve(self.node(*inst)), t, module)
        typ = t["type"]
        if typ == "CHARACTER STRING":
            return self._build(module, {**CHARACTER_STRING, **{k: v for k, v in t.items() if k != "type"}})
        if typ == "ObjectDescriptor":
            return self._build(module, {**t, "type": "GraphicString"})
        if typ not in BUILTIN_TYPES:
            target_mod, target_name = self._lookup(module, typ)
            ref = RefNode("ref", spec=self, module=target_mod, name=target_name)
            if not constrained:
                return ref
            base = resolve(self.node(target_mod, target_name))
            return self._constrain(base, t, module)
        if typ == "BOOLEAN":
            base: Node = BoolNode("bool")
        elif typ == "INTEGER":
            base = IntNode("int", "hyper", ALL)
        elif typ == "ENUMERATED":
            items = [v for v in t["values"] if v is not None]
            base = EnumNode("enum", [(str(n), self._enum_number(module, v)) for n, v in items])
        elif typ == "NULL":
            base = NullNode("null")
        elif typ == "REAL":
            base = RealNode("real")
        elif typ == "OCTET STRING":
            base = OctetsNode("octets", NONNEG, None)
        elif typ in ("ANY", "ANY DEFINED BY"):
            return OctetsNode("octets", NONNEG, None, any=True)
        elif typ == "BIT STRING":
            base = BitsNode("bits", NONNEG, {n: int(p) for n, p in t.get("named-bits") or []})
        elif typ in ("OBJECT IDENTIFIER", "RELATIVE-OID"):
            base = OidNode("oid", relative=typ == "RELATIVE-OID")
        elif typ in STRING_KINDS:
            base = StringNode("string", typ, NONNEG, INTRINSIC_ALPHABET[typ])
        elif typ in TIME_TYPES:
            chars, lo, hi = TIME_TYPES[typ]
            base = StringNode("string", "VisibleString", ((lo, hi),), frozenset(map(ord, chars)), typ)
        elif typ in ("SEQUENCE", "SET"):
            base = StructNode("struct", self._fields(module, t["members"], choice=False))
        elif typ == "CHOICE":
            base = ChoiceNode("choice", self._fields(module, t["members"], choice=True))
        elif typ in ("SEQUENCE OF", "SET OF"):
            base = ArrayNode("array", self._build(module, t["element"]), NONNEG, None)
        else:  # pragma: no cover
            raise OracleError(f"unsupported type {typ}")
        if base.kind == "int":
            base = _int_node(ALL)
        return self._constrain(base, t, module) if constrained else _finish(base)

    def _root_members(self, module: str, name: str, kind: str, active: frozenset) -> list[tuple[dict, str]]:
        """COMPONENTS OF ``name``: the root members of that SEQUENCE/SET type (not those
        between its extension markers, nor its addition groups), each with its module."""
        mod, tname = self._lookup(module, name)
        if (mod, tname) in active:
            raise OracleError(f"COMPONENTS OF {name} includes itself")
        t = self.parsed[mod]["types"][tname]
        if t["type"] not in ("SEQUENCE", "SET"):
            return self._root_members(mod, t["type"], kind, active | {(mod, tname)})
        out: list[tuple[dict, str]] = []
        markers = 0
        for m in t["members"]:
            if m is None:
                markers += 1
            elif markers != 1 and isinstance(m, dict):
                if "components-of" in m:
                    out += self._root_members(mod, m["components-of"], kind, active | {(mod, tname)})
                else:
                    out.append((m, mod))
        return out

    def _fields(self, module: str, members: list, choice: bool) -> list[FieldSpec]:
        out = []
        markers = 0
        groups = 0
        expanded: list[tuple[Any, str, int]] = []  # (member, its module, markers before it)
        for m in members:
            if m is None:  # extension marker
                markers += 1
            elif isinstance(m, dict) and "components-of" in m:
                expanded += [(x, xmod, markers) for x, xmod in
                             self._root_members(module, m["components-of"], "SEQUENCE", frozenset())]
            else:
                expanded.append((m, module, markers))
        for m, mmod, markers in expanded:
            if isinstance(m, list):  # an extension addition group [[ ... ]] (docs/mapping.md)
                if choice:  # in a CHOICE: plain additional alternatives
                    out += self._fields(mmod, m, choice=True)
                    continue
                groups += 1
                node = _finish(StructNode("struct", self._fields(mmod, m, choice=False)))
                out.append(FieldSpec(f"ext_group{groups}", node, True))
                continue
            if "name" not in m:
                raise OracleError(f"unsupported member {m}")
            module = mmod
            node = self._build(module, m)
            addition = markers == 1  # between the first and a second marker
            has_default = "default" in m
            optional = not choice and (m.get("optional", False) or has_default or addition)
            default = self._default(node, m["default"], module, m) if has_default else None
            out.append(FieldSpec(m["name"], node, optional, default, has_default, m.get("default")))
        return out

    def _default(self, node: Node, v: Any, module: str = "", member: Optional[dict] = None) -> Any:
        r = resolve(node)
        if isinstance(r, BoolNode) and isinstance(v, str):  # asn1tools converts only BOOLEAN's own
            return v == "TRUE" if v in ("TRUE", "FALSE") else self._value(module, v, {})
        if isinstance(r, IntNode) and isinstance(v, str):  # a named number or a value's name
            named = self._named_numbers(module, member) if member is not None else {}
            n = named[v] if v in named else self._value(module, v, {})
            if not isinstance(n, int):
                raise OracleError(f"DEFAULT {v!r} of an INTEGER")
            return n
        if isinstance(r, OidNode):
            return ".".join(str(a) for a in self._oid_arcs(module, v))
        if isinstance(r, OctetsNode) and isinstance(v, str):
            if v.startswith("0x"):
                digits = v[2:]
                return bytes.fromhex(digits + "0" * (len(digits) % 2))  # 'A'H is one octet 0xA0

            if v.startswith("0b"):
                bits = v[2:]
                return int(bits, 2).to_bytes(len(bits) // 8, "big") if bits else b""
        if isinstance(r, BitsNode) and isinstance(v, str):
            bits = v[2:] if v.startswith("0b") else bin(int(v[2:], 16))[2:].zfill(4 * len(v[2:]))
            nb = len(bits)
            padded = bits + "0" * (-nb % 8)
            return (int(padded, 2).to_bytes(len(padded) // 8, "big") if padded else b"", nb)
        if isinstance(r, BitsNode) and isinstance(v, list):
            # docs/mapping.md: named bits in braces set those bits; the value is as long as
            # its last named bit, or as the smallest SIZE the type allows if that is longer
            try:
                positions = [r.named[name] for name in v]
            except KeyError as e:
                raise OracleError(f"unknown named bit {e}") from None
            nb = max(positions, default=-1) + 1
            nb = max(nb, size_bounds(r.sizes)[0])
            data = bytearray((nb + 7) // 8)
            for p in positions:
                data[p // 8] |= 0x80 >> (p % 8)
            return (bytes(data), nb)
        if isinstance(r, (StructNode, ChoiceNode)) or (isinstance(v, str) and v.startswith("{")):
            raise OracleError(f"DEFAULT value {v!r} of a constructed type (asn1tools' parse does not give it)")
        if isinstance(r, RealNode):
            if isinstance(v, str) and v[:1].isalpha():  # the name of a REAL value
                v = self._value(module, v, {})
            return float(v)
        return v

    def _oid_arcs(self, module: str, v: Any) -> list[int]:
        """The arcs of an OID value as asn1tools parses it: a list of numbers,
        (name, number) pairs, names of X.680's top arcs and, first, OID value names."""
        if isinstance(v, str):
            module, v = self._value_at(module, v)
        if not isinstance(v, (list, tuple)):  # asn1tools' parse gives none for RELATIVE-OID values
            raise OracleError(f"OID value {v!r}")
        top = {"itu-t": 0, "ccitt": 0, "iso": 1, "joint-iso-itu-t": 2, "joint-iso-ccitt": 2}
        out: list[int] = []
        for i, c in enumerate(v):
            if isinstance(c, tuple):
                out.append(int(c[1]))
            elif isinstance(c, int):
                out.append(c)
            elif i == 0 and c in top:
                out.append(top[c])
            elif isinstance(c, str):
                where, named = self._value_at(module, c)
                if isinstance(named, int):
                    out.append(named)
                else:
                    out.extend(self._oid_arcs(where, named))
            else:
                raise OracleError(f"OID component {c!r}")
        return out

    def _with_components(self, base: Node, wc: list, module: str) -> Node:
        """docs/mapping.md, WITH COMPONENTS: the same wire format as ``base``, with the
        presence pattern to meet and the named components' values narrowed."""
        choice = isinstance(base, ChoiceNode)
        if not isinstance(base, (StructNode, ChoiceNode)):
            raise OracleError(f"WITH COMPONENTS on {base.kind}")
        members = base.alts if choice else base.fields
        by_name = {f.name: f for f in members}
        partial = bool(wc) and wc[0] is None
        pattern: dict[str, bool] = {}
        narrowed: dict[str, Node] = {}
        listed = set()
        for item in wc[1:] if partial else wc:
            if not isinstance(item, (list, tuple)) or not item or item[0] not in by_name:
                raise OracleError(f"WITH COMPONENTS item {item!r}")
            name, rest = item[0], list(item[1:])
            listed.add(name)
            f = by_name[name]
            node = f.node
            for part in rest:
                if part in ("PRESENT", "ABSENT"):
                    if choice or f.optional:
                        pattern[name] = part == "PRESENT"
                    elif part == "ABSENT":
                        raise OracleError(f"mandatory {name} ABSENT")
                elif part == "OPTIONAL":
                    pass
                elif isinstance(part, (int, tuple, str)):  # a value, a range, a value's name
                    node = self._narrow(node, {"restricted-to": [part]}, module)
                elif isinstance(part, str):  # one value by name: an ENUMERATED item, a value reference
                    node = self._narrow(node, {"restricted-to": [part]}, module)
                elif isinstance(part, list) and len(part) == 1 and isinstance(part[0], dict):
                    node = self._narrow(node, part[0], module)
                elif isinstance(part, dict):  # asn1tools: a nested WITH COMPONENTS alone
                    node = self._narrow(node, part, module)
                elif isinstance(part, list) and all(isinstance(x, list) for x in part):
                    node = self._narrow(node, {"restricted-to": [y for x in part for y in x]}, module)
                else:
                    raise OracleError(f"WITH COMPONENTS item {item!r}")
            narrowed[name] = node
        if not partial:  # a full specification: components left out are absent
            for f in members:
                if f.name not in listed and (choice or f.optional):
                    pattern[f.name] = False
        fields = [FieldSpec(f.name, narrowed.get(f.name, f.node), f.optional, f.default, f.has_default)
                  for f in members]
        presence = [pattern] if pattern else None
        if choice:
            return ChoiceNode("choice", fields, presence, base.within)
        return StructNode("struct", fields, presence, base.within)

    def _narrow(self, node: Node, t: dict, module: str) -> Node:
        """``node`` under the constraints of ``t``, keeping its wire format."""
        old = resolve(node)
        new = self._constrain(old, t, module)
        if isinstance(old, IntNode):
            vals = iv_intersect(old.values, new.raw)
            return IntNode("int", old.wire, vals, vals)
        if isinstance(old, OctetsNode):
            return OctetsNode("octets", new.sizes, old.fixed)
        if isinstance(old, ArrayNode):
            return ArrayNode("array", new.element, new.sizes, old.fixed)
        return new

    def _constrain(self, base: Node, t: dict, module: str) -> Node:
        if "with-components" in t:
            base = self._with_components(base, t["with-components"], module)
            t = {k: v for k, v in t.items() if k != "with-components"}
        # the named numbers of the type, or of the type it refers to (which take
        # precedence over values of the same name)
        named = self._named_numbers(module, t) if isinstance(base, IntNode) else {}
        rt = t.get("restricted-to")
        size = t.get("size")
        frm = t.get("from")
        if isinstance(base, IntNode):
            if size is not None or frm is not None:
                raise OracleError("SIZE/FROM on INTEGER")
            if rt is not None and None not in rt:  # extensible constraints are dropped
                vals = _norm([self._range_item(x, module, named) for x in rt])
                base = _int_node(iv_intersect(base.raw, vals))
            return base
        if isinstance(base, BoolNode) and rt is not None:
            if None in rt:  # extensible: dropped
                return base
            admitted: set[bool] = set()
            for x in rt:  # asn1tools lists the values of a union (or an intersection) flat
                if isinstance(x, dict) and set(x) == {"type"}:
                    sub = resolve(self.node(*self._lookup(module, x["type"])))
                    if not isinstance(sub, BoolNode):
                        raise OracleError(f"contained subtype {x['type']} is not a BOOLEAN")
                    admitted |= sub.values if sub.values is not None else {False, True}
                elif x in ("TRUE", "FALSE"):
                    admitted.add(x == "TRUE")
                elif isinstance(x, str) and isinstance(named := self._value(module, x, {}), bool):
                    admitted.add(named)  # a BOOLEAN value reference
                else:
                    raise OracleError(f"BOOLEAN constraint {x!r}")
            if base.values is not None:
                admitted &= base.values
            if not admitted:
                raise OracleError("BOOLEAN constraint admits no value")
            return BoolNode("bool", None if admitted == {False, True} else frozenset(admitted))
        if isinstance(base, RealNode) and rt is not None:
            if None in rt:  # extensible: dropped
                return base
            ranges = tuple(self._real_range(x, module) for x in rt)
            if base.ranges is not None:
                ranges = tuple(c for a in base.ranges for b in ranges if (c := _real_meet(a, b)) is not None)
            if not ranges:
                raise OracleError("REAL constraint admits no value")
            return RealNode("real", ranges)
        if isinstance(base, EnumNode) and rt is not None:
            if None in rt:
                return base
            keep = [(n, v) for n, v in base.items if n in rt]
            if not keep:
                raise OracleError("ENUMERATED constraint admits no item")
            return EnumNode("enum", keep)
        if isinstance(base, StringNode) and rt is not None and None not in rt:
            if not all(isinstance(x, str) for x in rt):
                raise OracleError(f"unsupported string value constraint {rt!r}")
            enc = "utf-8" if base.string_kind == "UTF8String" else "latin-1"
            lengths = _norm([(len(x.encode(enc)), len(x.encode(enc))) for x in rt])
            chars = frozenset(ord(c) for x in rt for c in x)
            base = StringNode("string", base.string_kind, iv_intersect(base.sizes, lengths),
                              chars if base.alphabet is None else base.alphabet & chars, base.time_kind, tuple(rt))
            rt = None
        if rt is not None and isinstance(base, (StructNode, ChoiceNode)) and None not in rt:
            # contained subtypes (X.680 51.3), as asn1tools gives `Base (A | B)`: the value
            # must be a value of one of them
            if not all(isinstance(x, dict) and set(x) == {"type"} and isinstance(x["type"], str) for x in rt):
                raise OracleError(f"value constraint on {base.kind}: {rt!r}")
            group = tuple(self._build(module, x) for x in rt)
            if isinstance(base, StructNode):
                base = StructNode("struct", base.fields, base.presence, base.within + (group,))
            else:
                base = ChoiceNode("choice", base.alts, base.presence, base.within + (group,))
            rt = None
        if rt is not None and None in rt and isinstance(base, (StructNode, ChoiceNode)):
            rt = None  # extensible: dropped
        if isinstance(base, OidNode) and rt is not None:
            if None in rt:  # extensible: dropped
                return base
            values = frozenset(tuple(self._oid_arcs(module, x)) for x in rt)
            if base.values is not None:
                values &= base.values
            if not values:
                raise OracleError("OBJECT IDENTIFIER constraint admits no value")
            bad = [v for v in values if oid_problem(list(v), base.relative)]
            if bad:
                raise OracleError(f"constraint value {bad[0]} is not a value of the type")
            return OidNode("oid", relative=base.relative, values=values)
        if rt is not None:
            raise OracleError(f"value constraint on {base.kind}")
        if size is not None and None not in size and isinstance(base, (OctetsNode, BitsNode, StringNode, ArrayNode)):
            s = _norm([self._range_item(x, module, {}) for x in size])
            sizes = iv_intersect(base.sizes, s)
            if not sizes:
                raise OracleError("SIZE admits no length")
            if isinstance(base, OctetsNode):
                base = OctetsNode("octets", sizes, None)
            elif isinstance(base, BitsNode):
                base = BitsNode("bits", sizes, base.named)
            elif isinstance(base, StringNode):
                vals = None if base.values is None else tuple(
                    v for v in base.values if iv_contains(sizes, len(v.encode(
                        "utf-8" if base.string_kind == "UTF8String" else "latin-1"))))
                base = StringNode("string", base.string_kind, sizes, base.alphabet, base.time_kind, vals)
            else:
                base = ArrayNode("array", base.element, sizes, None)
        elif size is not None and None not in size:
            raise OracleError(f"SIZE on {base.kind}")
        if frm is not None:
            if not isinstance(base, StringNode):
                raise OracleError(f"FROM on {base.kind}")
            alpha: set[int] = set()
            for item in frm:
                lo, hi = (item, item) if isinstance(item, str) else item
                if len(lo) != 1 or len(hi) != 1:
                    for ch in lo + hi:
                        alpha.add(ord(ch))
                else:
                    alpha.update(range(ord(lo), ord(hi) + 1))
            new = frozenset(alpha) if base.alphabet is None else base.alphabet & frozenset(alpha)
            base = StringNode("string", base.string_kind, base.sizes, new, base.time_kind, base.values)
        return _finish(base)

    @staticmethod
    def _real_range(x: Any, module: str) -> RealRange:
        """asn1tools gives a REAL bound as a number or its text, MIN/MAX by name."""
        def val(v):
            if v in ("MIN", "MAX"):
                return None
            try:
                return float(v)
            except (TypeError, ValueError):
                raise OracleError(f"unsupported REAL bound {v!r}") from None
        if isinstance(x, tuple):
            lo, hi = x
            if "<" in (lo, hi):
                raise OracleError(f"unsupported REAL range {x!r}")
            return (val(lo), False, val(hi), False)
        v = val(x)
        return (v, False, v, False)

    def _range_item(self, x: Any, module: str, named: dict) -> Interval:
        def val(v):
            if v in ("MIN", "MAX"):
                return None
            if isinstance(v, str):
                v = self._value(module, v, named)
            if not isinstance(v, int):
                raise OracleError(f"unsupported constraint bound {v!r}")
            return v
        if isinstance(x, tuple):
            lo, hi = x
            if lo == "<" or hi == "<" or lo == "MAX" or hi == "MIN":
                raise OracleError(f"unsupported range {x!r}")
            return (val(lo), val(hi))
        v = val(x)
        return (v, v)

    def _enum_number(self, module: str, v: Any) -> int:
        """An enumeration item's number: a literal, or a value reference (X.680 allows
        ``a(i)`` with ``i INTEGER ::= 10``)."""
        if isinstance(v, int) or str(v).lstrip("-").isdigit():
            return int(v)
        x = self._value(module, str(v), {})
        if not isinstance(x, int) or isinstance(x, bool):
            raise OracleError(f"enumeration number {v!r} is not an INTEGER value")
        return x

    # --------------------------------------------------------- recursion

    def _edges(self, key: tuple[str, str]) -> set[tuple[str, str]]:
        """The named types KEY refers to; none for a type the oracle does not model
        (one bad type of a spec must not stop the decoding of the others; values of a
        type that reaches it cannot be encoded anyway)."""
        try:
            return _refs(self.node(*key))
        except (OracleError, ValueError):
            return set()

    def _type_keys(self) -> list[tuple[str, str]]:
        return [(m, t) for m, mod in self.parsed.items() for t, d in mod["types"].items()
                if "parameters" not in d] + list(self._instances)

    def is_recursive(self, module: str, name: str) -> bool:
        if self._recursive is None:
            self._recursive = set()
            keys = self._type_keys()
            edges: dict = {}
            while len(edges) < len(keys):  # building nodes may make instances
                edges.update({k: self._edges(k) for k in keys if k not in edges})
                keys = self._type_keys()
            for k in keys:
                seen, work = set(), list(edges[k])
                while work:
                    x = work.pop()
                    if x == k:
                        self._recursive.add(k)
                        break
                    if x in seen:
                        continue
                    seen.add(x)
                    work.extend(edges.get(x, ()))
        return self._lookup(module, name) in self._recursive


def _refs(node: Node) -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()

    def walk(n: Node):
        if isinstance(n, RefNode):
            out.add((n.module, n.name))
        elif isinstance(n, StructNode):
            for f in n.fields:
                walk(f.node)
        elif isinstance(n, ChoiceNode):
            for f in n.alts:
                walk(f.node)
        elif isinstance(n, ArrayNode):
            walk(n.element)
    walk(node)
    return out


def wire_kind(values: tuple[Interval, ...]) -> str:
    """docs/mapping.md: the XDR integer type for an INTEGER with the effective constraint."""
    if not values:
        raise OracleError("INTEGER constraint admits no value")
    lb, ub = values[0][0], values[-1][1]
    if lb is not None and ub is not None and lb >= INT32_MIN and ub <= INT32_MAX:
        return "int"
    if lb is not None and ub is not None and lb >= 0 and ub <= UINT32_MAX:
        return "uint"
    if lb is not None and ub is not None and lb >= 0 and ub > INT64_MAX:
        if ub > UINT64_MAX:
            raise OracleError(f"INTEGER range up to {ub} does not fit in 64 bits")
        return "uhyper"
    if (lb is not None and lb < INT64_MIN) or (ub is not None and ub > INT64_MAX):
        raise OracleError("INTEGER range does not fit in 64 bits")
    return "hyper"


def _int_node(values: tuple[Interval, ...]) -> IntNode:
    wire = wire_kind(values)
    clamped = iv_intersect(values, (WIRE_RANGE[wire],))
    return IntNode("int", wire, clamped, values)


def _finish(node: Node) -> Node:
    if isinstance(node, IntNode):
        return _int_node(node.raw)
    if isinstance(node, OctetsNode):
        lo, hi = size_bounds(node.sizes)
        fixed = lo if len(node.sizes) == 1 and lo == hi else None
        return OctetsNode("octets", node.sizes, fixed)
    if isinstance(node, ArrayNode):
        lo, hi = size_bounds(node.sizes)
        fixed = lo if len(node.sizes) == 1 and lo == hi else None
        return ArrayNode("array", node.element, node.sizes, fixed)
    return node


# ------------------------------------------------------------------ codec


def pad4(n: int) -> int:
    return (n + 3) & ~3


class _Packer:
    """xdrlib3's Packer plus a log of where each checked item went (for mutation tests)."""

    def __init__(self, trace: Optional[list] = None):
        self.p = xdrlib3.Packer()
        self.n = 0
        self.trace = trace

    def note(self, kind: str, **info):
        if self.trace is not None:
            self.trace.append(dict(kind=kind, offset=self.n, **info))

    def uint(self, x: int):
        self.p.pack_uint(x)
        self.n += 4

    def int(self, x: int):
        self.p.pack_int(x)
        self.n += 4

    def hyper(self, x: int):
        self.p.pack_hyper(x)
        self.n += 8

    def double(self, x: float):
        self.p.pack_double(x)
        self.n += 8

    def fopaque(self, data: bytes):
        self.p.pack_fopaque(len(data), data)
        self.n += pad4(len(data))

    def bytes(self) -> bytes:
        return self.p.get_buffer()


class _Reader:
    def __init__(self, data: bytes, max_depth: Optional[int], max_length: Optional[int]):
        self.data = bytes(data)
        self.u = xdrlib3.Unpacker(self.data)
        self.max_depth = max_depth
        self.max_length = max_length
        self.depth = 0

    @property
    def pos(self) -> int:
        return self.u.get_position()

    @property
    def left(self) -> int:
        return len(self.data) - self.pos

    def need(self, n: int):
        if self.left < n:
            raise DecodeError("truncated", f"need {n} bytes at offset {self.pos}, have {self.left}")

    def uint(self) -> int:
        self.need(4)
        return self.u.unpack_uint()

    def int(self) -> int:
        self.need(4)
        return self.u.unpack_int()

    def hyper(self) -> int:
        self.need(8)
        return self.u.unpack_hyper()

    def uhyper(self) -> int:
        self.need(8)
        return self.u.unpack_uhyper()

    def double(self) -> float:
        self.need(8)
        return self.u.unpack_double()

    def bool(self) -> bool:
        at = self.pos
        x = self.uint()
        if x not in (0, 1):
            raise DecodeError("bad_bool", f"{x:#x} at offset {at}")
        return x == 1

    def fopaque(self, n: int) -> bytes:
        self.need(pad4(n))
        start = self.pos
        data = self.u.unpack_fopaque(n)
        if any(self.data[start + n:start + pad4(n)]):
            raise DecodeError("padding", f"non-zero padding at offset {start + n}")
        return bytes(data)


def _check_size(sizes, n: int, what: str, exc=EncodeError):
    if not iv_contains(sizes, n):
        if exc is DecodeError:
            raise DecodeError("size", f"{what} {n} outside SIZE {sizes}")
        raise EncodeError(f"{what} {n} outside SIZE {sizes}")


def _string_bytes(node: StringNode, value: Any) -> bytes:
    if not isinstance(value, str):
        raise EncodeError(f"{node.string_kind} needs a str, got {type(value).__name__}")
    if node.string_kind == "UTF8String":
        try:
            return value.encode("utf-8")
        except UnicodeEncodeError as e:
            raise EncodeError(str(e)) from None
    try:
        data = value.encode("latin-1")
    except UnicodeEncodeError:
        raise EncodeError(f"{node.string_kind} value {value!r} has characters beyond one byte") from None
    return data


def encode_node(node: Node, value: Any, pk: _Packer, path: tuple = ()) -> None:
    """Append the XDR encoding of ``value`` (of type ``node``) to ``pk``."""
    node = resolve(node)
    k = node.kind
    if k == "bool":
        if not isinstance(value, bool):
            raise EncodeError(f"{path}: BOOLEAN needs a bool, got {value!r}")
        if node.values is not None and value not in node.values:
            raise EncodeError(f"{path}: {value} is not a value of the constrained BOOLEAN")
        pk.note("bool", path=path)
        pk.uint(1 if value else 0)
    elif k == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise EncodeError(f"{path}: INTEGER needs an int, got {value!r}")
        if not iv_contains(node.values, value):
            raise EncodeError(f"{path}: {value} outside {node.values}")
        pk.note("int", path=path, node=node)
        if node.wire == "int":
            pk.int(value)
        elif node.wire == "uint":
            pk.uint(value)
        else:
            pk.hyper(value)  # pack_hyper handles both signed and unsigned 64-bit
    elif k == "enum":
        if value not in node.by_name:
            raise EncodeError(f"{path}: {value!r} is not an item of the ENUMERATED type")
        pk.note("enum", path=path, node=node)
        pk.int(node.by_name[value])
    elif k == "null":
        if value is not None:
            raise EncodeError(f"{path}: NULL needs None, got {value!r}")
    elif k == "real":
        if not isinstance(value, float):
            raise EncodeError(f"{path}: REAL needs a float, got {value!r}")
        if not node.admits(value):
            raise EncodeError(f"{path}: {value!r} outside {node.ranges}")
        pk.double(value)
    elif k == "octets":
        if not isinstance(value, (bytes, bytearray)):
            raise EncodeError(f"{path}: OCTET STRING needs bytes, got {value!r}")
        _check_size(node.sizes, len(value), "length")
        if node.fixed is None:
            pk.note("length", path=path, node=node, length=len(value))
            pk.uint(len(value))
        pk.note("data", path=path, node=node, length=len(value))
        pk.fopaque(bytes(value))
    elif k == "bits":
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], (bytes, bytearray))
                and isinstance(value[1], int)):
            raise EncodeError(f"{path}: BIT STRING needs (bytes, nbits), got {value!r}")
        data, nbits = bytes(value[0]), value[1]
        _check_size(node.sizes, nbits, "bit count")
        if len(data) != (nbits + 7) // 8:
            raise EncodeError(f"{path}: BIT STRING of {nbits} bits needs {(nbits + 7) // 8} bytes")
        if nbits % 8 and data[-1] & (0xFF >> (nbits % 8)):
            raise EncodeError(f"{path}: BIT STRING has non-zero unused bits")
        pk.note("bits", path=path, node=node, nbits=nbits)
        pk.uint(nbits)
        pk.note("bitbytes", path=path, node=node, length=len(data))
        pk.uint(len(data))
        pk.note("bitdata", path=path, node=node, nbits=nbits)
        pk.fopaque(data)
    elif k == "string":
        data = _string_bytes(node, value)
        _check_size(node.sizes, len(data), "length")
        if node.alphabet is not None:
            bad = [c for c in value if ord(c) not in node.alphabet]
            if bad:
                raise EncodeError(f"{path}: {bad[0]!r} is not in the alphabet of {node.string_kind}")
        pk.note("length", path=path, node=node, length=len(data))
        pk.uint(len(data))
        pk.note("chars", path=path, node=node, length=len(data))
        pk.fopaque(data)
    elif k == "struct":
        if not isinstance(value, dict):
            raise EncodeError(f"{path}: SEQUENCE needs a dict, got {value!r}")
        unknown = set(value) - {f.name for f in node.fields}
        if unknown:
            raise EncodeError(f"{path}: unknown components {sorted(unknown)}")
        if not presence_ok(node, value):
            raise EncodeError(f"{path}: components present or absent against WITH COMPONENTS")
        if not within_ok(node, value):
            raise EncodeError(f"{path}: the value is of none of the subtypes the type is a union of")
        for f in node.fields:
            if f.optional:
                pk.note("bool", path=path + (f.name, "present"), flag=True)
                pk.uint(1 if f.name in value else 0)
                if f.name in value:
                    encode_node(f.node, value[f.name], pk, path + (f.name,))
            else:
                if f.name not in value:
                    raise EncodeError(f"{path}: missing component {f.name!r}")
                encode_node(f.node, value[f.name], pk, path + (f.name,))
    elif k == "choice":
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)):
            raise EncodeError(f"{path}: CHOICE needs (name, value), got {value!r}")
        i = node.index(value[0])
        if not presence_ok(node, value):
            raise EncodeError(f"{path}: alternative {value[0]!r} excluded by WITH COMPONENTS")
        if not within_ok(node, value):
            raise EncodeError(f"{path}: the value is of none of the subtypes the type is a union of")
        pk.note("disc", path=path, node=node, n=len(node.alts))
        pk.int(i)
        encode_node(node.alts[i].node, value[1], pk, path + (value[0],))
    elif k == "oid":
        if not isinstance(value, str) or not all(p.isdigit() for p in value.split(".")):
            raise EncodeError(f"{path}: OBJECT IDENTIFIER needs a dotted str, got {value!r}")
        arcs = [int(a) for a in value.split(".")]
        problem = oid_problem(arcs, node.relative, node.values)
        if problem:
            raise EncodeError(f"{path}: {problem}")
        pk.note("count", path=path, node=node, length=len(arcs))
        pk.uint(len(arcs))
        for i, a in enumerate(arcs):
            if i == 0 and not node.relative:
                pk.note("int", path=path + (0,), node=FIRST_ARC_NODE)
            pk.hyper(a)
    elif k == "array":
        if not isinstance(value, list):
            raise EncodeError(f"{path}: SEQUENCE OF needs a list, got {value!r}")
        _check_size(node.sizes, len(value), "count")
        if node.fixed is None:
            pk.note("count", path=path, node=node, length=len(value))
            pk.uint(len(value))
        for i, v in enumerate(value):
            encode_node(node.element, v, pk, path + (i,))
    else:  # pragma: no cover
        raise OracleError(k)


def decode_node(node: Node, r: _Reader) -> Any:
    if isinstance(node, RefNode) and node.recursive:
        r.depth += 1
        try:
            if r.max_depth is not None and r.depth > r.max_depth:
                raise DecodeError("depth", f"nesting deeper than {r.max_depth}")
            return decode_node(node.target, r)
        finally:
            r.depth -= 1
    node = resolve(node)
    k = node.kind
    if k == "bool":
        at = r.pos
        x = r.bool()
        if node.values is not None and x not in node.values:
            raise DecodeError("range", f"{x} at offset {at} is not a value of the constrained BOOLEAN")
        return x
    if k == "int":
        at = r.pos
        x = {"int": r.int, "uint": r.uint, "hyper": r.hyper, "uhyper": r.uhyper}[node.wire]()
        if not iv_contains(node.values, x):
            raise DecodeError("range", f"{x} at offset {at} outside {node.values}")
        return x
    if k == "enum":
        at = r.pos
        x = r.int()
        if x not in node.by_number:
            raise DecodeError("bad_enum", f"{x} at offset {at}")
        return node.by_number[x]
    if k == "null":
        return None
    if k == "real":
        at = r.pos
        x = r.double()
        if not node.admits(x):
            raise DecodeError("range", f"{x!r} at offset {at} outside {node.ranges}")
        return x
    if k == "octets":
        n = node.fixed if node.fixed is not None else _length(node.sizes, r)
        return r.fopaque(n)
    if k == "bits":
        nbits = _length(node.sizes, r, what="bit count")
        at = r.pos
        nbytes = r.uint()
        if nbytes != (nbits + 7) // 8:
            raise DecodeError("size", f"BIT STRING of {nbits} bits with {nbytes} bytes at offset {at}")
        data = r.fopaque(nbytes)
        if nbits % 8 and data[-1] & (0xFF >> (nbits % 8)):
            raise DecodeError("padding", "non-zero unused bits in BIT STRING")
        return (data, nbits)
    if k == "string":
        n = _length(node.sizes, r)
        data = r.fopaque(n)
        if node.string_kind == "UTF8String":
            try:
                s = data.decode("utf-8")
            except UnicodeDecodeError as e:
                raise DecodeError("alphabet", f"invalid UTF-8: {e}") from None
        else:
            s = data.decode("latin-1")
        if node.alphabet is not None:
            for c in s:
                if ord(c) not in node.alphabet:
                    raise DecodeError("alphabet", f"{c!r} not in the alphabet of {node.string_kind}")
        return s
    if k == "struct":
        out = {}
        for f in node.fields:
            if f.optional and not r.bool():
                continue
            out[f.name] = decode_node(f.node, r)
        if not presence_ok(node, out):
            raise DecodeError("presence", "components present or absent against WITH COMPONENTS")
        if not within_ok(node, out):
            raise DecodeError("presence", "the value is of none of the subtypes the type is a union of")
        return out
    if k == "choice":
        at = r.pos
        i = r.int()
        if not 0 <= i < len(node.alts):
            raise DecodeError("bad_discriminant", f"{i} at offset {at}")
        a = node.alts[i]
        value = (a.name, decode_node(a.node, r))
        if not presence_ok(node, value):
            raise DecodeError("presence", f"alternative {a.name!r} excluded by WITH COMPONENTS")
        if not within_ok(node, value):
            raise DecodeError("presence", "the value is of none of the subtypes the type is a union of")
        return value
    if k == "oid":
        n = _length(node.sizes, r, what="count")
        if 8 * n > r.left:
            raise DecodeError("truncated", f"{n} arcs of 8 bytes, {r.left} left")
        arcs = [r.uhyper() for _ in range(n)]
        problem = oid_problem(arcs, node.relative, node.values)
        if problem:
            raise DecodeError("range", problem)
        return ".".join(str(a) for a in arcs)
    if k == "array":
        if node.fixed is not None:
            n = node.fixed
        else:
            n = _length(node.sizes, r, what="count")
            least = min_wire_size(node.element)
            if least and n * least > r.left:
                raise DecodeError("truncated", f"{n} elements of at least {least} bytes, {r.left} left")
        return [decode_node(node.element, r) for _ in range(n)]
    raise OracleError(k)  # pragma: no cover


def _length(sizes, r: _Reader, what: str = "length") -> int:
    at = r.pos
    n = r.uint()
    if not iv_contains(sizes, n):
        raise DecodeError("size", f"{what} {n} at offset {at} outside SIZE {sizes}")
    if sizes[-1][1] is None and r.max_length is not None and n > r.max_length:
        raise DecodeError("limit", f"{what} {n} above the runtime limit {r.max_length}")
    return n


def min_wire_size(node: Node, _active: Optional[set] = None) -> int:
    """A lower bound on the encoded size of any value of ``node`` (0 inside recursion)."""
    cached = getattr(node, "_min_wire_size", None)
    if cached is not None:
        return cached
    key = id(node)
    active = _active if _active is not None else set()
    if key in active:
        return 0
    active.add(key)
    try:
        if isinstance(node, RefNode):
            n = min_wire_size(node.target, active)
        else:
            k = node.kind
            if k in ("bool", "enum", "choice") or (k == "int" and node.wire in ("int", "uint")):
                n = 4
            elif k in ("int", "real", "bits"):
                n = 8
            elif k == "null":
                n = 0
            elif k == "octets":
                n = pad4(node.fixed) if node.fixed is not None else 4
            elif k == "string":
                n = 4
            elif k == "oid":
                n = 4 + 8 * (1 if node.relative else 2)
            elif k == "struct":
                n = sum(4 if f.optional else min_wire_size(f.node, active) for f in node.fields)
            elif k == "array":
                n = node.fixed * min_wire_size(node.element, active) if node.fixed is not None else 4
            else:  # pragma: no cover
                raise OracleError(k)
    finally:
        active.discard(key)
    if _active is None or not active:
        node._min_wire_size = n  # type: ignore[attr-defined]
    return n


def has_no_data(node: Node, _seen: Optional[set] = None) -> bool:
    """True when every value of the type encodes to zero bytes (NULL, a SEQUENCE of
    NULLs, an empty SEQUENCE, ...): XDR's language has no named type for those."""
    seen = _seen if _seen is not None else set()
    if id(node) in seen:
        return False
    seen.add(id(node))
    r = resolve(node)
    if r.kind == "null":
        return True
    if r.kind == "struct":
        return all(not f.optional and has_no_data(f.node, seen) for f in r.fields)
    if r.kind == "array" and r.fixed is not None:
        return r.fixed == 0 or has_no_data(r.element, seen)
    if r.kind == "octets" and r.fixed == 0:
        return True
    return False


@dataclass
class XdrType:
    """One named type of a spec, with its XDR codec."""
    spec: XdrSpec
    module: str
    name: str
    node: Node

    @property
    def qualified(self) -> str:
        return f"{self.module}.{self.name}"

    @property
    def c_name(self) -> str:
        """The type's name in the .x file and in C: Module_Type, '-' -> '_'."""
        return f"{self.module}_{self.name}".replace("-", "_")

    def encode(self, value: Any) -> bytes:
        pk = _Packer()
        encode_node(self.node, value, pk)
        return pk.bytes()

    def encode_traced(self, value: Any) -> tuple[bytes, list[dict]]:
        """The encoding plus where each checked item (bool, int, enum, discriminant,
        length, count, padding...) sits in it: the map for targeted mutations."""
        trace: list[dict] = []
        pk = _Packer(trace)
        encode_node(self.node, value, pk)
        return pk.bytes(), trace

    def decode(self, data: bytes, *, max_depth: Optional[int] = None,
               max_length: Optional[int] = DEFAULT_MAX_LENGTH) -> Any:
        r = _Reader(data, max_depth, max_length)
        # A recursive type counts as one level of nesting already at the top.
        top = RefNode("ref", spec=self.spec, module=self.module, name=self.name)
        try:
            value = decode_node(top, r)
        except RecursionError:
            raise DecodeError("depth", "nesting too deep for the oracle") from None
        if r.left:
            raise DecodeError("trailing", f"{r.left} bytes after the value")
        return value

    def accepts(self, data: bytes, **kw) -> bool:
        try:
            self.decode(data, **kw)
            return True
        except DecodeError:
            return False


# ------------------------------------------------------------------ helpers


def canonical(value: Any) -> Any:
    """``value`` with floats replaced by their bit patterns, so that equality is exact
    (NaN == NaN with the same payload, 0.0 != -0.0)."""
    if isinstance(value, float):
        return ("float", struct.pack(">d", value))
    if isinstance(value, dict):
        return {k: canonical(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(canonical(v) for v in value)
    if isinstance(value, list):
        return [canonical(v) for v in value]
    return value


def same_value(a: Any, b: Any) -> bool:
    return canonical(a) == canonical(b)
