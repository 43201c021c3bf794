"""Lowering: syntax types (compiler/frontend/ast.py) to the types of the semantic model
(compiler/semantic/model.py).

The pass after name collection and the claiming of X.683 instances (analyze.py):
``lower_all`` gives every named type of ``ctx.typedefs`` its model type, lowering the
types it meets (and the instances and contents types made on the way) as needed.  A
reference to a named type becomes a ``RefT`` of its TypeDef; built-in types their
model types; SEQUENCE, SET and CHOICE their fields (COMPONENTS OF expanded, DEFAULT
values evaluated, automatic tags given: X.680 25.3 to 25.10, here) and their tags
recorded for the checks of distinct tags; a tagged type its tag (tags.py says whether
explicit); constraints are applied by constraints.py, instances of parameterized types
made by instantiate.py, class field types by objects.py.  Public interface:

* ``lower_all(ctx)``;
* ``lower(ctx, t, mod)`` and ``named_type(ctx, mod, name)``: the two entry points the
  other passes reach through ``ctx.lower`` and ``ctx.named_type`` (analyze.py binds them);
* ``INTRINSIC_ALPHABETS``: the characters of the restricted string types.

Writes ``TypeDef.type``, ``ctx.lowering`` / ``ctx.lowered``, and the stacks
``ctx.components`` (for '@' references) and ``ctx.naming_module`` / ``ctx.naming``
(where the type being lowered sits, which names contents types).
"""
from __future__ import annotations

import dataclasses
from typing import Optional

from ..frontend import ast as A
from .constraints import apply_constraints
from .context import SemanticContext, TypeBinding, Unresolved
from .instantiate import instance
from .model import (
    INT32_MAX, INT32_MIN, TAG_NUMBER_MAX, AnyT, ArrayT, BitsT, BoolT, ChoiceT, EnumT, Field, IntSet, IntT, NullT,
    OctetsT, RealT, RefT, SType, StringT, StructT, Tag, TypeDef,
)
from .objects import lower_field_type
from .oid import oid_type
from .scope import lookup_type
from .tags import Member, attach_tag, record_distinct, tag_default, universal
from .times import TIME_FORMATS, time_type
from .values import eval_value, int_value

# Character sets of the restricted string types that ilpc enforces (X.680 41).
_PRINTABLE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '()+,-./:=?"
INTRINSIC_ALPHABETS: dict[str, Optional[IntSet]] = {
    "NumericString": IntSet(((32, 32), (48, 57))),
    "PrintableString": None,  # filled below
    "IA5String": IntSet(((0, 127),)),
    "VisibleString": IntSet(((32, 126),)),
    "ISO646String": IntSet(((32, 126),)),
}
_p = IntSet(())
for _ch in _PRINTABLE:
    _p = _p.union(IntSet.range(ord(_ch), ord(_ch)))
INTRINSIC_ALPHABETS["PrintableString"] = _p


def lower_all(ctx: SemanticContext) -> None:
    """Every named type, in the order of ctx.typedefs; instances and contents types
    are added to it as they are met, and lowered in turn."""
    done: set[tuple[str, str]] = set()
    while len(done) < len(ctx.typedefs):
        for (mod, name) in list(ctx.typedefs):
            if (mod, name) not in done:
                done.add((mod, name))
                named_type(ctx, mod, name)


def named_type(ctx: SemanticContext, mod: str, name: str) -> TypeDef:
    """The named type ``mod.name`` (of ctx.typedefs), its type lowered on first use (None
    when that failed, reported); a named type that needs its own structure to be
    lowered is an error."""
    td = ctx.typedefs[(mod, name)]
    key = (mod, name)
    if key in ctx.lowered:
        return td
    if key in ctx.lowering:
        # A constraint applied to a reference needs the target's structure: a
        # cycle through such references can never be resolved.
        ctx.d.error(td.loc, f"type '{name}' is defined in terms of itself")
        raise Unresolved
    ctx.lowering.add(key)
    try:
        saved_components, ctx.components = ctx.components, []
        saved_naming = ctx.naming_module, ctx.naming
        ctx.naming_module, ctx.naming = mod, [name]
        try:
            thunk = ctx.thunks.get(key)
            if thunk is not None:  # an instance of a parameterized type
                td.type = thunk()  # type: ignore[operator]
            else:
                td.type = ctx.with_env({}, lambda: lower(ctx, ctx.scopes[mod].types[name].type, mod))
        finally:
            ctx.components = saved_components
            ctx.naming_module, ctx.naming = saved_naming
    except Unresolved:
        td.type = None  # type: ignore[assignment]
    finally:
        ctx.lowering.discard(key)
        ctx.lowered.add(key)
    return td


def lower(ctx: SemanticContext, t: A.Type, mod: str) -> SType:
    """The model type of the syntax type ``t`` written in ``mod``, its constraints applied;
    a reference to a named type stays a RefT (of a TypeDef perhaps not lowered yet)."""
    if isinstance(t, A.TypeRef) and ctx.param_binding(t.name, t.module) is not None:
        b = ctx.param_binding(t.name, t.module)
        if not isinstance(b, TypeBinding):
            ctx.d.error(t.loc, f"'{t.name}' is a value parameter, not a type")
            raise Unresolved
        base = b.make()
        if not t.constraints:
            return base
        ctx.structure(base)  # the named types on the way lowered
        return apply_constraints(ctx, base, t.constraints, mod, t.loc)
    if isinstance(t, A.ParameterizedTypeRef):
        td = instance(ctx, t, mod)
        if not t.constraints:
            return RefT(td)
        ctx.structure(RefT(td))
        return apply_constraints(ctx, RefT(td), t.constraints, mod, t.loc)
    if isinstance(t, A.ClassFieldType):
        return lower_field_type(ctx, t, mod, lambda refs: _relation_fields(ctx, refs))
    if isinstance(t, A.ObjectClass):
        ctx.d.error(t.loc, "an information object class is not a type: define it as 'NAME ::= CLASS {...}'")
        raise Unresolved
    if isinstance(t, A.TaggedType):
        number = _tag_number(ctx, t, mod)
        inner = lower(ctx, t.inner, mod)
        if t.constraints:
            inner = apply_constraints(ctx, inner, t.constraints, mod, t.loc)
        if number is None:
            return inner
        return attach_tag(ctx, inner, Tag(t.tag_class, number), t.mode, mod, t.loc, _dummy(ctx, t.inner))
    if isinstance(t, A.TypeRef):
        td = lookup_type(ctx, mod, t.name, t.module, t.loc)
        if not t.constraints:
            return RefT(td)
        named_type(ctx, td.module, td.name)
        if td.type is None:
            raise Unresolved
        return apply_constraints(ctx, RefT(td), t.constraints, mod, t.loc)
    base = _lower_builtin(ctx, t, mod)
    if t.constraints:
        return apply_constraints(ctx, base, t.constraints, mod, t.loc)
    return base


def _tag_number(ctx: SemanticContext, t: A.TaggedType, mod: str) -> Optional[int]:
    """The number of the tag ``t`` (None when it is not one: reported).  ilpc takes
    0 .. 2**32-1 (docs/mapping.md)."""
    n = int_value(ctx, t.number, mod, None)
    if n is not None and n < 0:
        ctx.d.error(t.number.loc, f"tag number must not be negative (got {n})")
        return None
    if n is not None and n > TAG_NUMBER_MAX:
        ctx.d.error(t.number.loc, f"tag number {n} is too large: ilpc takes tag numbers up to "
                                  f"{TAG_NUMBER_MAX} (2^32-1)")
        return None
    return n


def _dummy(ctx: SemanticContext, t: A.Type) -> Optional[str]:
    """The name of the dummy type parameter that ``t`` is, if it is one (X.683: a
    DummyReference, which a tag is always explicit on, X.680 31.2.7)."""
    if isinstance(t, A.TypeRef) and isinstance(ctx.param_binding(t.name, t.module), TypeBinding):
        return t.name
    return None


def _lower_builtin(ctx: SemanticContext, t: A.Type, mod: str) -> SType:
    if isinstance(t, A.BuiltinType):
        k = t.kind
        if k == "BOOLEAN":
            return BoolT()
        if k == "NULL":
            return NullT()
        if k == "REAL":
            return RealT()
        if k == "OCTET STRING":
            return OctetsT(IntSet.range(0, None), None)
        if k in ("OBJECT IDENTIFIER", "RELATIVE-OID"):
            return oid_type(relative=k == "RELATIVE-OID")
        if k in TIME_FORMATS:
            return time_type(k)
        ctx.d.error(t.loc, f"unsupported: type {k}")
        raise Unresolved
    if isinstance(t, A.AnyType):
        # docs/mapping.md: an opaque<> holding the value's encoding, however agreed
        return AnyT(IntSet.range(0, None), None)
    if isinstance(t, A.IntegerType):
        named: dict[str, int] = {}
        used: dict[int, str] = {}
        for nn in t.named_numbers:
            v = int_value(ctx, nn.value, mod, None)
            if v is None:
                continue
            if nn.name in named:
                ctx.d.error(nn.loc, f"duplicate named number '{nn.name}'")
            elif v in used:
                ctx.d.error(nn.loc, f"named numbers '{used[v]}' and '{nn.name}' have the same value {v}")
            else:
                named[nn.name] = v
                used[v] = nn.name
        return IntT(IntSet.all(), named)
    if isinstance(t, A.EnumeratedType):
        return _lower_enum(ctx, t, mod)
    if isinstance(t, A.BitStringType):
        bits: dict[str, int] = {}
        for nb in t.named_bits:
            v = int_value(ctx, nb.value, mod, None)
            if v is None:
                continue
            if v < 0:
                ctx.d.error(nb.loc, f"named bit '{nb.name}' must not be negative")
            if nb.name in bits:
                ctx.d.error(nb.loc, f"duplicate named bit '{nb.name}'")
            else:
                same = [n for n, b in bits.items() if b == v]
                if same:
                    ctx.d.error(nb.loc, f"named bits '{same[0]}' and '{nb.name}' have the same number {v}")
            bits[nb.name] = v
        return BitsT(IntSet.range(0, None), bits)
    if isinstance(t, A.CharStringType):
        st = StringT(t.kind, IntSet.range(0, None), INTRINSIC_ALPHABETS.get(t.kind))
        return universal(ctx, st, t.associated) if t.associated else st
    if isinstance(t, A.SequenceType):
        if t.associated:
            # X.680 36.5, 37.5, 44.5: the associated type is defined in an environment of
            # automatic tagging, whatever the module's TagDefault
            ctx.automatic_env += 1
            try:
                return universal(ctx, _lower_sequence(ctx, t, mod), t.associated)
            finally:
                ctx.automatic_env -= 1
        return _lower_sequence(ctx, t, mod)
    if isinstance(t, A.ChoiceType):
        return _lower_choice(ctx, t, mod)
    if isinstance(t, A.SequenceOfType):
        elem = ctx.named_part("item", lambda: lower(ctx, t.element, mod))
        return ArrayT(elem, IntSet.range(0, None), None, t.element_name, kind=t.kind)
    ctx.d.error(t.loc, "unsupported: this kind of type")
    raise Unresolved


def _lower_enum(ctx: SemanticContext, t: A.EnumeratedType, mod: str) -> EnumT:
    items: list[tuple[str, int]] = []
    names: dict[str, A.Loc] = {}
    numbers: dict[int, str] = {}
    # ITU-T X.680 clause 20: root items with a number keep it; the other root items
    # take the smallest non-negative numbers no root item has, in order.  An
    # extension addition without a number takes the smallest number that no root
    # item has and that is greater than every earlier addition's; every addition's
    # number must be greater than the earlier additions'.
    explicit: dict[int, int] = {}
    all_items = list(t.items) + list(t.additions)
    for i, it in enumerate(all_items):
        if it.number is not None:
            v = int_value(ctx, it.number, mod, None)
            if v is not None:
                explicit[i] = v
    root_taken = {v for i, v in explicit.items() if i < len(t.items)}
    nxt = 0
    last_addition: Optional[tuple[str, int]] = None
    for i, it in enumerate(all_items):
        if it.name in names:
            ctx.d.error(it.loc, f"duplicate ENUMERATED item '{it.name}'")
            continue
        names[it.name] = it.loc
        addition = i >= len(t.items)
        if i in explicit:
            v = explicit[i]
        elif it.number is not None:
            continue  # its value failed to evaluate; already reported
        else:
            if addition:
                nxt = 0 if last_addition is None else last_addition[1] + 1
            while nxt in root_taken:
                nxt += 1
            v = nxt
            if not addition:
                root_taken.add(v)
        if addition:
            if last_addition is not None and v <= last_addition[1]:
                ctx.d.error(it.loc, f"ENUMERATED extension addition '{it.name}' = {v} must have a number "
                                    f"greater than the earlier addition '{last_addition[0]}' = "
                                    f"{last_addition[1]} (X.680)")
                continue
            last_addition = (it.name, v)
        if not (INT32_MIN <= v <= INT32_MAX):
            ctx.d.error(it.loc, f"ENUMERATED item '{it.name}' = {v} does not fit in an XDR enum (32 bits)")
            continue
        if v in numbers:
            ctx.d.error(it.loc, f"ENUMERATED items '{numbers[v]}' and '{it.name}' have the same number {v}")
            continue
        numbers[v] = it.name
        items.append((it.name, v))
    if not items and not ctx.d.has_errors:
        ctx.d.error(t.loc, "ENUMERATED must have at least one item")
    return EnumT(items, t.extensible)


def _relation_fields(ctx: SemanticContext, refs: list[A.AtRef]) -> list[str]:
    """The class fields that the components named by ``@`` references hold (X.682
    10.7: ``@x`` from the outermost SEQUENCE of the type, ``@.x`` from the innermost)."""
    out = []
    for ref in refs:
        comps = (ctx.components[-1] if ref.inner else ctx.components[0]) if ctx.components else {}
        comp = comps.get(ref.path[0])
        t = comp.type if comp is not None else None
        out.append(t.field[-1] if isinstance(t, A.ClassFieldType) else ref.path[-1])
    return out


@dataclasses.dataclass
class _Auto:
    """Automatic tagging (X.680 25.10) under way: the next number of a root component
    and of an extension addition."""
    root: int
    addition: int


def _lower_sequence(ctx: SemanticContext, t: A.SequenceType, mod: str) -> StructT:
    items = _expand_components_of(ctx, t.components, mod, t.kind, frozenset())
    auto = _automatic(ctx, t.components, items, mod, t.kind)
    fields, members = _lower_components(ctx, items, mod, t.kind, choice=False, auto=auto)
    extensible = bool(t.extensible or ctx.scopes[mod].module.extensibility_implied)
    record_distinct(ctx, t.kind, members, extensible)
    return StructT(t.kind, fields, extensible=extensible)


def _lower_choice(ctx: SemanticContext, t: A.ChoiceType, mod: str) -> ChoiceT:
    items = [(c, mod, ()) for c in t.alternatives]
    auto = _automatic(ctx, t.alternatives, items, mod, "CHOICE")
    alts, members = _lower_components(ctx, items, mod, "CHOICE", choice=True, auto=auto)
    if not alts:
        if not t.alternatives:  # else each alternative's error was reported
            ctx.d.error(t.loc, "CHOICE must have at least one alternative")
        raise Unresolved
    extensible = bool(t.extensible or ctx.scopes[mod].module.extensibility_implied)
    record_distinct(ctx, "CHOICE", members, extensible)
    return ChoiceT(alts, extensible=extensible)


def _is_group(c: A.Component, choice: bool) -> bool:
    """Whether ``c`` is an extension addition group of a SEQUENCE or SET (the parser
    makes it a component ``ext_group<n>`` of an anonymous SEQUENCE, docs/mapping.md)."""
    return not choice and c.after_extension and c.name.startswith("ext_group") and \
        isinstance(c.type, A.SequenceType)


def _tagged(c) -> bool:
    """Whether ``c`` is a component whose type is textually tagged (X.680 25.2)."""
    return isinstance(c, A.Component) and isinstance(c.type, A.TaggedType)


def _automatic(ctx: SemanticContext, comps: list, items: list, mod: str, what: str) -> Optional[_Auto]:
    """Whether the components ``comps`` as written (``items`` once COMPONENTS OF is
    expanded) are tagged automatically: in a module of AUTOMATIC TAGS, when no root
    component is tagged (X.680 25.3, 25.4: COMPONENTS OF does not count); then no
    extension addition may be tagged (25.9).  Root components take 0, 1, ... in textual
    order, extension additions the numbers after them (25.10)."""
    if tag_default(ctx, mod) != "AUTOMATIC" or any(_tagged(c) and not c.after_extension for c in comps):
        return None
    for c in comps:
        if isinstance(c, A.Component) and c.after_extension:
            inside = c.type.components if _is_group(c, what == "CHOICE") else [c]
            for x in inside:
                if _tagged(x):
                    ctx.d.error(x.loc, f"extension addition '{x.name}' is tagged, but the root "
                                       f"{'alternatives' if what == 'CHOICE' else 'components'} of this "
                                       f"{what} are not and the module has AUTOMATIC TAGS: no extension "
                                       f"addition may be tagged then (X.680 {'29' if what == 'CHOICE' else '25.9'})")
    return _Auto(0, sum(1 for c, _, _ in items if not c.after_extension))


def _lower_components(ctx: SemanticContext, items: list, mod: str, what: str, choice: bool,
                      auto: Optional[_Auto]) -> tuple[list[Field], list[Member]]:
    ctx.components.append({c.name: c for c, _, _ in items if isinstance(c, A.Component)})
    try:
        return _lower_components_in(ctx, items, mod, what, choice, auto)
    finally:
        ctx.components.pop()


def _lower_components_in(ctx: SemanticContext, items: list, mod: str, what: str, choice: bool,
                         auto: Optional[_Auto]) -> tuple[list[Field], list[Member]]:
    """Fields from components, each a ``(component, module, inherited)`` triple: an
    ``A.Component`` of module ``mod``, or one COMPONENTS OF copied from another type,
    perhaps of another module, with the automatic tags it had there (``inherited``,
    outermost first, each with the module that tagged it); ``auto`` numbers them when
    they are tagged automatically.  With the fields, the members for the checks of
    distinct tags (tags.py)."""
    out: list[Field] = []
    members: list[Member] = []
    seen: dict[str, A.Loc] = {}
    names = {c.name for c, _, _ in items}
    after_addition = False
    for c, cmod, inherited in items:
        part = 1 if c.after_extension else 2 if after_addition else 0
        after_addition = after_addition or c.after_extension
        number = None
        if auto is not None and not _is_group(c, choice):
            if isinstance(c, A.Component) and c.auto_number is not None:
                number = c.auto_number  # an associated type's (frontend/associated.py)
            elif c.after_extension:
                number, auto.addition = auto.addition, auto.addition + 1
            else:
                number, auto.root = auto.root, auto.root + 1
        inner = c.type
        while isinstance(inner, A.TaggedType):
            inner = inner.inner
        if isinstance(inner, A.AnyType) and inner.defined_by is not None and \
                (choice or inner.defined_by not in names):
            ctx.d.error(inner.loc, f"ANY DEFINED BY {inner.defined_by}: the {what} has no "
                                   f"component '{inner.defined_by}'")
        if c.name in seen:
            ctx.d.error(c.loc, f"duplicate component name '{c.name}' in {what}")
            ctx.d.note(seen[c.name], f"previous '{c.name}' is here")
            continue
        seen[c.name] = c.loc
        if choice and (c.optional or c.default is not None):
            ctx.d.error(c.loc, f"CHOICE alternative '{c.name}' cannot be OPTIONAL or have a DEFAULT")
            continue
        if _is_group(c, choice):
            group = _lower_group(ctx, c, cmod, auto)
            if group is not None:
                out.append(group[0])
                members.extend(group[1])
            continue
        try:
            ft = ctx.named_part(c.name, lambda: lower(ctx, c.type, cmod))
        except Unresolved:
            continue
        # the automatic tags: those it had where COMPONENTS OF copied it from, then this type's
        dummy = _dummy(ctx, c.type)
        for tag, tmod in reversed(inherited):
            ft, dummy = attach_tag(ctx, ft, tag, None, tmod, c.loc, dummy), None
        if number is not None:
            ft = attach_tag(ctx, ft, Tag("CONTEXT", number), None, mod, c.loc, dummy)
        default = None
        if c.default is not None:
            try:
                default = eval_value(ctx, c.default, ft, cmod, f"DEFAULT of '{c.name}'")
            except Unresolved:
                pass
        optional = (c.optional or c.default is not None or c.after_extension) and not choice
        f = Field(c.name, ft, optional, default, c.loc)
        out.append(f)
        members.append(Member(f, c.optional or c.default is not None, part))
    return out, members


def _lower_group(ctx: SemanticContext, c: A.Component, mod: str, auto: Optional[_Auto]):
    """An extension addition group (``_is_group``): its field, and its components as
    members (extension additions, X.680 25.6.3); under automatic tagging its components
    take the next numbers of the enclosing type (X.680 25.10 d)."""
    g = c.type
    items = _expand_components_of(ctx, g.components, mod, g.kind, frozenset())
    inner = None
    if auto is not None:
        inner = _Auto(auto.addition, auto.addition)
        auto.addition += len(items)
    try:
        fields, members = ctx.named_part(
            c.name, lambda: _lower_components(ctx, items, mod, g.kind, choice=False, auto=inner))
    except Unresolved:
        return None
    for m in members:
        m.part = 1
    return Field(c.name, StructT(g.kind, fields), True, None, c.loc, group=True), members


def _expand_components_of(ctx: SemanticContext, comps: list, mod: str, kind: str, active: frozenset) -> list:
    """The components of a SEQUENCE/SET with every ``COMPONENTS OF T`` replaced by the
    root components of T (ITU-T X.680 25.5: not its extension additions), as
    ``(component, module, inherited)`` triples (``_lower_components_in``); a copy placed
    after '...' is an addition.  A copy keeps the tags it has in T, automatic ones
    included (X.680 25.10 NOTE 3): T's own automatic tagging is decided on T."""
    out: list = []
    for c in comps:
        if not isinstance(c, A.ComponentsOf):
            out.append((c, mod, ()))
            continue
        try:
            target, tmod, key = _components_of_target(ctx, c, mod, kind, active)
        except Unresolved:
            continue
        root = [x for x in target.components if not x.after_extension]
        auto = tag_default(ctx, tmod) == "AUTOMATIC" and not any(_tagged(x) for x in root)
        for n, (ic, imod, inherited) in enumerate(_expand_components_of(ctx, root, tmod, kind, active | {key})):
            if auto:
                inherited = ((Tag("CONTEXT", n), tmod),) + inherited
            out.append((dataclasses.replace(ic, after_extension=c.after_extension), imod, inherited))
    return out


def _components_of_target(ctx: SemanticContext, c: A.ComponentsOf, mod: str, kind: str, active: frozenset):
    t, tmod, key = c.type, mod, None
    while True:
        if isinstance(t, A.TaggedType):
            t = t.inner
        elif isinstance(t, A.TypeRef):
            td = lookup_type(ctx, tmod, t.name, t.module, t.loc)
            key = (td.module, td.name)
            if key in active:
                ctx.d.error(c.loc, f"COMPONENTS OF {td.name}: the type includes its own components")
                raise Unresolved
            t, tmod = ctx.scopes[td.module].types[td.name].type, td.module
        elif isinstance(t, A.SequenceType) and t.kind == kind:
            return t, tmod, key if key is not None else (tmod, id(t))
        else:
            ctx.d.error(c.loc, f"COMPONENTS OF needs a {kind} type here")
            raise Unresolved
