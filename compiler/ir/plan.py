"""Marshalling plans: the IR between the semantic model and the back ends.

A :class:`TypePlan` says, for one C type, which XDR items go on the wire, in which
order, and what is statically known about their sizes.  Back ends *walk* plans;
they never look at the syntax tree and rarely at the semantic model.

Operations (``Op``):

``Block``
    A run of items whose sizes are all known statically (the "chunk" of the Flick
    compiler): ints, bools, enums, hypers, doubles, fixed opaques, presence flags,
    discriminants, length and count words, and ``Repeat`` of fixed-size elements.
    Every item sits at a static byte offset inside the block, so generated code does
    one bounds check per block, not one per item.  Length/count/flag/discriminant
    words are decoded into function locals (``Item.local``) that the following
    operation consumes.
``Bytes``
    The body of an opaque<>, string<> or BIT STRING: ``len`` bytes plus zero padding
    to a multiple of 4.  Its length word is the last item of the preceding block.
``Optional``
    The body of an OPTIONAL/DEFAULT component, guarded by the presence flag that is
    the last item of the preceding block.
``Choice``
    One body per CHOICE alternative, selected by the discriminant that is the last
    item of the preceding block.
``Array``
    A SEQUENCE OF.  For array<> the count word ends the preceding block; for a fixed
    array[n] of variable-size elements there is no count.  ``elem_block`` is set when
    every element has the same static size: then the whole array needs one bounds
    check of count × stride bytes.
``Call``
    A value of another plan's type, marshalled by that type's own functions (named
    types, and anonymous constructed types of variable size).

Paths (``Path``) name the C-independent location of a value relative to the value
being marshalled: a tuple of steps ``("field", name)``, ``("deref",)`` (the component
is held through a pointer), ``("index", var)`` (element of a fixed array),
``("item", var)`` (element of a variable array), ``("arm", name)``.  Back ends turn them
into lvalues.

Type naming: every plan has a ``name`` tuple: ``(Module, Type)`` for named types and
``(Module, Type, component, ...)`` for anonymous constructed types nested in them,
so that back ends can print stable, spec-derived names.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Optional, Union

from ..semantic.model import (
    ArrayT, BitsT, BoolT, ChoiceT, EnumT, Field, IntSet, IntT, Model, NullT, OctetsT, OidT, RealT,
    RefT, SType, StringT, StructT, TypeDef, UTF8_KINDS,
)
from .indirect import indirect_fields
from .xdr import XDR_INT_RANGE, plan_value, xdr_int  # noqa: F401 (XDR_INT_RANGE: re-exported)

Path = tuple  # of steps, see module docstring


def pad4(n: int) -> int:
    return (n + 3) & ~3


# ----------------------------------------------------------------- sizes

@dataclass(frozen=True)
class Size:
    """Encoded size in bytes: ``min``..``max`` (``max`` None = unbounded)."""
    min: int
    max: Optional[int]

    @property
    def fixed(self) -> bool:
        return self.max == self.min

    @property
    def kind(self) -> str:
        return "fixed" if self.fixed else "bounded" if self.max is not None else "unbounded"

    def __add__(self, o: "Size") -> "Size":
        return Size(self.min + o.min, None if self.max is None or o.max is None else self.max + o.max)

    def times(self, lo: int, hi: Optional[int]) -> "Size":
        return Size(self.min * lo, None if hi is None or self.max is None else self.max * hi)

    def either(self, o: "Size") -> "Size":
        return Size(min(self.min, o.min), None if self.max is None or o.max is None else max(self.max, o.max))


ZERO = Size(0, 0)
# The size of a type still being planned, met again through a recursion.  Every
# encoding of a recursive type holds the construct that breaks its recursion (an
# OPTIONAL's presence flag, a CHOICE's discriminant or a SEQUENCE OF's count: 4
# bytes at least), so 4 is a sound minimum; decoders bound counts of such
# elements by the input left (docs/mapping.md, Memory).
RECURSIVE = Size(4, None)


# ----------------------------------------------------------------- items

@dataclass
class Item:
    """One statically sized XDR item inside a Block.

    kind:
      "bool", "int", "uint", "hyper", "uhyper", "double", "enum"  -- a value at ``path``
      "opaque_fixed"  -- ``n`` bytes at ``path`` (a uint8_t[n]), padded to 4
      "present"       -- presence flag of the optional component at ``path``; decoded into ``local``
      "discriminant"  -- CHOICE discriminant; value at ``path`` (the C ``which`` member); decoded into ``local``
      "length"        -- length word of the opaque/string/BIT STRING at ``path``; decoded into ``local``
      "count"         -- count word of the array<> at ``path``; decoded into ``local``
      "bitbytes"      -- byte count word of the BIT STRING at ``path`` (its data is an
                         opaque<>): must equal (bits + 7) / 8, bits being ``bits_local``
    """
    kind: str
    path: Path
    offset: int
    size: int
    values: Optional[IntSet] = None      # int kinds: enforced set (None: the wire range);
                                          # bool: {0} or {1} when constrained to FALSE or TRUE
    real_ranges: Optional[tuple] = None   # double: enforced ranges (compiler/semantic/reals.py)
    enum_items: Optional[list[tuple[str, int]]] = None
    enum_name: Optional[tuple] = None     # plan name of the enum type
    n: int = 0                            # opaque_fixed byte count
    local: Optional[str] = None
    indirect: bool = False                # present: component held through a pointer
    sizes: Optional[IntSet] = None        # length/count: the SIZE constraint
    bytes_kind: str = ""                  # length: "opaque", "string" or "bits"
    bits_local: Optional[str] = None      # bitbytes: the local holding the bit count
    no_items: bool = False                # count: the elements encode to nothing, so the
                                          # array has no storage (items may be NULL)


@dataclass
class Repeat:
    """``count`` copies of a fixed-size element, ``stride`` bytes apart, inside a Block.
    ``items`` have offsets relative to the element's start; ``var`` indexes them."""
    count: int
    var: str
    offset: int
    stride: int
    items: list[Union[Item, "Repeat"]]

    @property
    def size(self) -> int:
        return self.count * self.stride


@dataclass
class Block:
    items: list[Union[Item, Repeat]]
    size: int


@dataclass
class Bytes:
    """kind: "opaque", "string" or "bits".  ``sizes`` counts bytes (bits for "bits")."""
    kind: str
    path: Path
    local: str
    sizes: IntSet
    alphabet: Optional[IntSet] = None
    string_kind: str = ""


@dataclass
class Optional_:
    path: Path            # the component
    local: str            # presence flag, decoded by the preceding block
    indirect: bool        # held through a pointer (NULL = absent)
    body: list["Op"]
    default: object = None  # Python value of the DEFAULT, or None
    has_default: bool = False
    target: Optional["TypePlan"] = None  # plan of the component's type (for allocation/default)
    body_size: Size = ZERO


@dataclass
class Arm:
    index: int
    name: str
    path: Path
    indirect: bool
    body: list["Op"]
    size: Size
    target: Optional["TypePlan"] = None


@dataclass
class Choice:
    """The alternatives of the CHOICE at ``path``, picked by the discriminant that the
    preceding block decoded into ``local``; ``name`` is the plan name of the CHOICE
    type (its discriminant's enumeration)."""
    path: Path
    local: str
    arms: list[Arm]
    name: tuple


@dataclass
class Array:
    path: Path
    var: str                       # loop index
    local: Optional[str]           # count, decoded by the preceding block (None for array[n])
    fixed: Optional[int]
    sizes: IntSet
    elem_plan: "TypePlan"          # plan of the element type (for C element type and allocation)
    elem_block: Optional[Block]    # set when elements have one static size
    elem_body: list["Op"]          # ops for one element, relative to ("index", var)
    elem_size: Size = ZERO
    oid_arcs: bool = False         # OBJECT IDENTIFIER: the X.680 rules on the first two arcs
    oid_values: Optional[list] = None  # OBJECT IDENTIFIER / RELATIVE-OID: the admitted values


@dataclass
class Call:
    path: Path
    target: "TypePlan"
    alloc: bool = False  # the value is held through a pointer (path ends in deref) that
                         # this call allocates on decode and releases on free: a mandatory
                         # component made indirect to break a recursion


Op = Union[Block, Bytes, Optional_, Choice, Array, Call]


# ----------------------------------------------------------------- plans

@dataclass(eq=False)
class TypePlan:
    """Everything a back end needs to declare and marshal one C type.

    ``shape`` is the C representation: "bool", "int" (with ``wire``), "enum", "null",
    "double", "opaque_fixed", "opaque", "string", "bits", "struct", "choice",
    "array_fixed", "array".
    """
    name: tuple
    shape: str
    stype: SType
    ops: list[Op] = field(default_factory=list)
    size: Size = ZERO
    named: bool = False            # a type assignment of the spec (vs an anonymous nested type)
    typedef: Optional[TypeDef] = None
    recursive: bool = False        # decoding it needs a depth limit
    wire: str = ""                 # "int" shape: int/uint/hyper/uhyper
    members: list["Member"] = field(default_factory=list)  # struct fields / choice arms
    element: Optional["TypePlan"] = None  # arrays
    ref: Optional["TypePlan"] = None      # plans of RefT aliases: the aliased plan
    locals: list[tuple[str, str]] = field(default_factory=list)  # (name, kind) used by ops
    loop_vars: list[str] = field(default_factory=list)
    complete: bool = False         # False while the builder is still filling it in (recursion)
    pdu: bool = False              # a message type: the ILP back end gives it send and receive paths
    # WITH COMPONENTS presence patterns of a struct or choice (semantic/model.py: StructT.presence,
    # entries True/False or Within); a value must match one of them, checked before encoding
    # and after decoding.
    presence: Optional[list[dict]] = None
    contains: Optional["TypePlan"] = None  # "opaque"/"bits" with CONTAINING T: the plan of T


@dataclass
class Member:
    name: str
    plan: "TypePlan"
    optional: bool
    indirect: bool
    default: object = None
    has_default: bool = False


@dataclass
class ModulePlan:
    name: str
    path: str
    plans: list[TypePlan]           # all plans of this module, dependencies first
    named: list[TypePlan]           # the spec's own type assignments, in textual order
    imports: list[str]              # modules whose plans this one calls


# --------------------------------------------------------------- builder

class PlanBuilder:
    """Builds plans for every type of a model.  Plans are memoised per named type;
    anonymous types get their own plan the first time they are seen."""

    def __init__(self, model: Model):
        self.indirect = indirect_fields(model)  # ids of the components held through a pointer
        self.model = model
        self.named: dict[int, TypePlan] = {}   # id(TypeDef) -> plan
        self.order: dict[str, list[TypePlan]] = {m.name: [] for m in model.modules}

    def build(self) -> list[ModulePlan]:
        for m in self.model.modules:
            for td in m.typedefs:
                self.plan_named(td)
        out = []
        for m in self.model.modules:
            named = [self.named[id(td)] for td in m.typedefs]
            used = list(_called_plans(self.order[m.name]))
            used += [p.contains for p in self.order[m.name] if p.contains is not None]
            deps = sorted({p.name[0] for p in used if p.name[0] != m.name})
            out.append(ModulePlan(m.name, m.path, self.order[m.name], named, deps))
        return out

    # Named types are planned with a placeholder first so that recursive references
    # (which always go through Call) can point at the plan being built.
    def plan_named(self, td: TypeDef) -> TypePlan:
        p = self.named.get(id(td))
        if p is not None:
            return p
        p = TypePlan((td.module, td.name), "", td.type, named=True, typedef=td, recursive=td.recursive)
        self.named[id(td)] = p
        self._fill(p, td.type, (td.module, td.name))
        p.complete = True
        self.order[td.module].append(p)
        return p

    def plan_anon(self, t: SType, name: tuple) -> TypePlan:
        if isinstance(t, RefT):
            return self.plan_named(t.target)
        p = TypePlan(name, "", t)
        self._fill(p, t, name)
        p.complete = True
        self.order[name[0]].append(p)
        return p

    def _fill(self, p: TypePlan, t: SType, name: tuple) -> None:
        ctx = _FnCtx(p)
        if isinstance(t, RefT):
            target = self.plan_named(t.target)
            p.shape, p.ref = "alias", target
            p.ops = [Call((), target)]
            p.size = target.size if target.complete else RECURSIVE
            return
        p.shape = _shape_of(t)
        if isinstance(t, (StructT, ChoiceT)):
            p.presence = t.presence
        if isinstance(t, IntT):
            p.wire = xdr_int(t.values, t.declared)[0]
        if isinstance(t, StructT):
            for f in t.fields:
                p.members.append(self._member(f, name))
        elif isinstance(t, ChoiceT):
            for f in t.alternatives:
                p.members.append(self._member(f, name))
        elif isinstance(t, ArrayT):
            p.element = self._elem_plan(t.element, name)
        if isinstance(t, (OctetsT, BitsT)) and t.contains is not None and p.shape in ("opaque", "bits"):
            p.contains = self.plan_named(t.contains.target)
        ops, size = self._value_ops(t, (), ctx, name, top=True, plan=p)
        p.ops = _merge_blocks(ops)
        p.size = size
        p.locals = ctx.locals
        p.loop_vars = ctx.loop_vars

    def _member(self, f: Field, owner: tuple) -> Member:
        mp = self._component_plan(f.type, owner + (f.name,))
        return Member(f.name, mp, f.optional, id(f) in self.indirect, plan_value(f.default),
                      f.default is not None)

    def _component_plan(self, t: SType, name: tuple) -> TypePlan:
        if isinstance(t, RefT):
            return self.plan_named(t.target)
        return self.plan_anon(t, name)

    def _elem_plan(self, t: SType, owner: tuple) -> TypePlan:
        return self._component_plan(t, owner + ("item",))

    # The heart of the builder: the ops that marshal a value of type t at path.
    def _value_ops(self, t: SType, path: Path, ctx: "_FnCtx", name: tuple, top: bool,
                   plan: Optional[TypePlan] = None) -> tuple[list, Size]:
        if isinstance(t, RefT):
            target = self.plan_named(t.target)
            if _inlinable(target):
                # Fixed-size named types are inlined into the caller's block (Flick's chunking).
                return self._inline_fixed(target, path, ctx)
            return [Call(path, target)], target.size if target.complete else RECURSIVE
        if isinstance(t, BoolT):
            # a constrained BOOLEAN admits one value: ``values`` is {0} or {1}
            only = None if t.values is None else IntSet.range(int(True in t.values), int(True in t.values))
            return [Block([Item("bool", path, 0, 4, values=only)], 4)], Size(4, 4)
        if isinstance(t, IntT):
            wire, enforced = xdr_int(t.values, t.declared)
            size = 8 if wire in ("hyper", "uhyper") else 4
            return [Block([Item(wire, path, 0, size, values=enforced)], size)], Size(size, size)
        if isinstance(t, EnumT):
            return [Block([Item("enum", path, 0, 4, enum_items=t.items, enum_name=name)], 4)], Size(4, 4)
        if isinstance(t, NullT):
            return [], ZERO
        if isinstance(t, RealT):
            return [Block([Item("double", path, 0, 8, real_ranges=t.ranges)], 8)], Size(8, 8)
        if isinstance(t, OctetsT) and t.fixed is not None:
            n = t.fixed
            return [Block([Item("opaque_fixed", path, 0, pad4(n), n=n)], pad4(n))], Size(pad4(n), pad4(n))
        if isinstance(t, (OctetsT, StringT, BitsT)):
            local = ctx.local("len", "length")
            kind = "opaque" if isinstance(t, OctetsT) else "string" if isinstance(t, StringT) else "bits"
            lo, hi = t.sizes.lower or 0, t.sizes.upper
            if kind == "bits":
                body = Size(pad4((lo + 7) // 8), None if hi is None else pad4((hi + 7) // 8))
            else:
                body = Size(pad4(lo), None if hi is None else pad4(hi))
            items = [Item("length", path, 0, 4, local=local, sizes=t.sizes, bytes_kind=kind)]
            if kind == "bits":  # docs/mapping.md: struct { unsigned int bits; opaque data<>; }
                items.append(Item("bitbytes", path, 4, 4, local=ctx.local("nbytes", "length"), bits_local=local))
            head = 4 * len(items)
            ops = [Block(items, head),
                   Bytes(kind, path, local, t.sizes, wire_alphabet(t) if isinstance(t, StringT) else None,
                         getattr(t, "kind", ""))]
            return ops, Size(head, head) + body
        if isinstance(t, StructT):
            if not top:
                # nested anonymous struct: inline if fixed, else its own functions
                sub = self.plan_anon(t, name)
                if _inlinable(sub):
                    return self._inline_fixed(sub, path, ctx)
                return [Call(path, sub)], sub.size
            ops: list = []
            size = ZERO
            for f, m in zip(t.fields, plan.members):  # type: ignore[union-attr]
                fpath = path + (("field", f.name),)
                indirect = m.indirect
                if f.optional:
                    local = ctx.local("present", "present")
                    ops.append(Block([Item("present", fpath, 0, 4, local=local, indirect=indirect)], 4))
                    vpath = fpath + (("deref",),) if indirect else fpath
                    body, bsize = self._component_ops(f.type, vpath, ctx, name + (f.name,), m.plan)
                    ops.append(Optional_(fpath, local, indirect, body, plan_value(f.default), f.default is not None,
                                         m.plan, bsize))
                    size = size + Size(4, 4) + Size(0, bsize.max)
                else:
                    vpath = fpath + (("deref",),) if indirect else fpath
                    body, bsize = self._component_ops(f.type, vpath, ctx, name + (f.name,), m.plan)
                    if indirect:
                        assert len(body) == 1 and isinstance(body[0], Call), "indirect components are calls"
                        body[0].alloc = True
                    ops.extend(body)
                    size = size + bsize
            return ops, size
        if isinstance(t, ChoiceT):
            if not top:
                sub = self.plan_anon(t, name)
                return [Call(path, sub)], sub.size
            local = ctx.local("which", "discriminant")
            arms = []
            size: Optional[Size] = None
            for i, (f, m) in enumerate(zip(t.alternatives, plan.members)):  # type: ignore[union-attr]
                apath = path + (("arm", f.name),)
                vpath = apath + (("deref",),) if m.indirect else apath
                body, bsize = self._component_ops(f.type, vpath, ctx, name + (f.name,), m.plan)
                arms.append(Arm(i, f.name, apath, m.indirect, _merge_blocks(body), bsize, m.plan))
                size = bsize if size is None else size.either(bsize)
            disc = Item("discriminant", path, 0, 4, local=local, n=len(arms), enum_name=name)
            ops = [Block([disc], 4), Choice(path, local, arms, name)]
            return ops, Size(4, 4) + (size or ZERO)
        if isinstance(t, ArrayT):
            if not top:
                sub = self.plan_anon(t, name)
                if _inlinable(sub):
                    return self._inline_fixed(sub, path, ctx)
                return [Call(path, sub)], sub.size
            elem_plan = plan.element  # type: ignore[union-attr]
            var = ctx.loop_var()
            epath = path + (("index" if t.fixed is not None else "item", var),)
            ebody, esize = self._component_ops(t.element, epath, ctx, name + ("item",), elem_plan)
            ebody = _merge_blocks(ebody)
            elem_block = ebody[0] if len(ebody) == 1 and isinstance(ebody[0], Block) else None
            if t.fixed is not None:
                n = t.fixed
                if esize.max == 0 or n == 0:  # e.g. SEQUENCE SIZE(3) OF NULL: nothing on the wire
                    return [], ZERO
                if elem_block is not None and esize.fixed:
                    rep = Repeat(n, var, 0, elem_block.size, elem_block.items)
                    return [Block([rep], rep.size)], Size(rep.size, rep.size)
                return [Array(path, var, None, n, t.sizes, elem_plan, None, ebody, esize)], esize.times(n, n)
            # a decoder allocates for a count only what the input can justify: at least
            # one byte per element, or nothing at all (no_items) when elements encode to nothing
            assert esize.min > 0 or esize.max == 0, esize
            local = ctx.local("count", "count")
            arr = Array(path, var, local, None, t.sizes, elem_plan,
                        elem_block if esize.fixed else None, ebody, esize)
            if isinstance(t, OidT):
                arr.oid_arcs = not t.relative
                arr.oid_values = sorted(t.values) if t.values is not None else None
            count = Item("count", path, 0, 4, local=local, sizes=t.sizes, no_items=esize.max == 0)
            return [Block([count], 4), arr], \
                Size(4, 4) + esize.times(t.sizes.lower or 0, t.sizes.upper)
        raise AssertionError(f"no plan for {t!r}")

    def _component_ops(self, t: SType, path: Path, ctx: "_FnCtx", name: tuple, mplan: TypePlan):
        """Ops for a component (struct field, choice arm, array element)."""
        rt = t
        if isinstance(rt, (StructT, ChoiceT)) or (isinstance(rt, ArrayT)):
            # constructed anonymous types: mplan is their own plan
            if _inlinable(mplan):
                return self._inline_fixed(mplan, path, ctx)
            return [Call(path, mplan)], mplan.size
        return self._value_ops(t, path, ctx, name, top=False)

    def _inline_fixed(self, target: TypePlan, path: Path, ctx: "_FnCtx") -> tuple[list, Size]:
        """Copy a fixed-size plan's single block with paths rebased onto ``path``."""
        blocks = [op for op in target.ops if isinstance(op, Block)]
        assert len(blocks) == len(target.ops), "fixed-size plans are blocks only"
        items = []
        off = 0
        rename: dict[str, str] = {}
        for b in blocks:
            for it in b.items:
                items.append(_rebase(it, path, off, ctx, rename))
            off += b.size
        if not items:
            return [], ZERO
        return [Block(items, off)], Size(off, off)


class _FnCtx:
    """Names of locals and loop variables used by one type's marshalling functions."""

    def __init__(self, plan: TypePlan):
        self.locals: list[tuple[str, str]] = []
        self.loop_vars: list[str] = []

    def local(self, stem: str, kind: str) -> str:
        name = f"{stem}{len(self.locals)}"
        self.locals.append((name, kind))
        return name

    def loop_var(self) -> str:
        name = f"i{len(self.loop_vars)}"
        self.loop_vars.append(name)
        return name


def _rebase(it, path: Path, off: int, ctx: _FnCtx, rename: dict[str, str]):
    if isinstance(it, Repeat):
        var = rename.get(it.var)
        if var is None:
            var = ctx.loop_var()
            rename[it.var] = var
        return Repeat(it.count, var, it.offset + off, it.stride,
                      [_rebase(x, path, 0, ctx, rename) for x in it.items])
    new_path = path + tuple(("index", rename[s[1]]) if s[0] == "index" and s[1] in rename else s
                            for s in it.path)
    return dataclasses.replace(it, path=new_path, offset=it.offset + off)


def _merge_blocks(ops: list) -> list:
    """Merge consecutive Blocks into one, shifting offsets: one bounds check per run."""
    out: list = []
    for op in ops:
        if isinstance(op, Block) and out and isinstance(out[-1], Block):
            prev = out[-1]
            shifted = [_shift(it, prev.size) for it in op.items]
            out[-1] = Block(prev.items + shifted, prev.size + op.size)
        else:
            out.append(op)
    return out


def _shift(it, by: int):
    if isinstance(it, Repeat):
        return Repeat(it.count, it.var, it.offset + by, it.stride, it.items)
    return dataclasses.replace(it, offset=it.offset + by)


def _inlinable(p: TypePlan) -> bool:
    """A plan whose whole encoding is one static block can be copied into its user's block."""
    return p.complete and p.shape != "alias" and not p.recursive and p.size.fixed \
        and all(isinstance(op, Block) for op in p.ops)


def _shape_of(t: SType) -> str:
    if isinstance(t, BoolT):
        return "bool"
    if isinstance(t, IntT):
        return "int"
    if isinstance(t, EnumT):
        return "enum"
    if isinstance(t, NullT):
        return "null"
    if isinstance(t, RealT):
        return "double"
    if isinstance(t, OctetsT):
        return "opaque_fixed" if t.fixed is not None else "opaque"
    if isinstance(t, StringT):
        return "string"
    if isinstance(t, BitsT):
        return "bits"
    if isinstance(t, StructT):
        return "struct"
    if isinstance(t, ChoiceT):
        return "choice"
    if isinstance(t, ArrayT):
        return "array_fixed" if t.fixed is not None else "array"
    raise AssertionError(t)


def walk_ops(ops: list):
    """Yield every op, depth first (bodies of optionals, arms and arrays included)."""
    for op in ops:
        yield op
        if isinstance(op, Optional_):
            yield from walk_ops(op.body)
        elif isinstance(op, Choice):
            for a in op.arms:
                yield from walk_ops(a.body)
        elif isinstance(op, Array):
            yield from walk_ops(op.elem_body)


def wire_alphabet(t: StringT) -> Optional[IntSet]:
    """The bytes a string of type ``t`` may hold, from its permitted alphabet (a set of
    characters).  A type carried in UTF-8 (UTF8String, BMPString, UniversalString): its
    ASCII characters, and every byte from 0x80 up when the alphabet has a character
    beyond ASCII (the bytes of a multi-byte character are not checked against the
    alphabet: widened, docs/mapping.md).  The other types carry one byte a character:
    their characters up to 0xFF.  None when every byte may appear."""
    alpha = t.alphabet
    if alpha is None:
        return None
    if t.kind in UTF8_KINDS:
        out = alpha.intersect(IntSet.range(0, 127))
        if not alpha.intersect(IntSet.range(128, None)).empty:
            out = out.union(IntSet.range(128, 255))
    else:
        out = alpha.intersect(IntSet.range(0, 255))
    return None if out.intervals == ((0, 255),) else out


def uses(p: TypePlan):
    """The plans that a plan uses: the targets of its calls, its members' and its
    element's plans (an alias's target is the target of its one call)."""
    for op in walk_ops(p.ops):
        if isinstance(op, Call):
            yield op.target
    for m in p.members:
        yield m.plan
    if p.element is not None:
        yield p.element


def _called_plans(plans: list[TypePlan]):
    for p in plans:
        yield from uses(p)


def build_plans(model: Model) -> list[ModulePlan]:
    return PlanBuilder(model).build()
