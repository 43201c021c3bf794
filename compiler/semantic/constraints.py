"""Constraints (ITU-T X.680 clause 49-51, X.682): a model type under a constraint.

Lowering (lower.py) applies the constraints written on a type; objects.py those on a


class field's type; inner.py those on components (through ``ctx.apply_constraint``).
A constraint narrows the type's values: INTEGER ranges (and the 64-bit integer that
holds them), SIZE and permitted alphabets of strings, OCTET STRING, BIT STRING and
SEQUENCE OF, REAL ranges, ENUMERATED items, BOOLEAN and OBJECT IDENTIFIER values,
contents constraints (CONTAINING), and inner type constraints (WITH COMPONENT(S),
inner.py).  An extensible constraint is checked for errors but neither narrows the
type nor is enforced (docs/mapping.md); CONSTRAINED BY has no effect.  Public interface:

* ``apply_constraints(ctx, base, constraints, mod, loc)``: ``base`` under each in turn;
* ``apply_one(ctx, t, c, mod)``: ``t`` under one constraint (``ctx.apply_constraint``);
* ``int_type(ctx, values, named, loc)``: the INTEGER type of a set of values.

What each element set admits is element_sets.py's business.  A contained type that
is not named gets a named type (``_contents_typedef``): added to ``ctx.typedefs``
(lowered) and ``ctx.contents``.
"""
from __future__ import annotations

from typing import Optional

from ..frontend import ast as A
from . import reals
from .context import SemanticContext, Unresolved, describe
from .element_sets import BOTH, bool_set, enum_set, int_set, oid_set, real_set, sized_set
from .inner import apply_inner, has_inner
from .model import (
    INT64_MAX, INT64_MIN, UINT32_MAX, UINT64_MAX, ArrayT, BitsT, BoolT, ChoiceT, EnumT, IntSet, IntT, NullT,
    OctetsT, OidT, RealT, RefT, SType, StringT, StructT, TypeDef, resolve_ref,
)
from .oid import oid_type
from .tags import constrained
from .values import eval_value

# Largest value any XDR length or count word can carry.
MAX_WIRE_LENGTH = UINT32_MAX


def apply_constraints(ctx: SemanticContext, base: SType, constraints: list[A.Constraint], mod: str,
                      loc: A.Loc) -> SType:
    """``base`` under each of ``constraints`` (written in ``mod``) in turn."""
    t = base
    for c in constraints:
        t = apply_one(ctx, t, c, mod)
    return t


def apply_one(ctx: SemanticContext, t: SType, c: A.Constraint, mod: str) -> SType:
    """``t`` under the constraint ``c`` written in ``mod`` (a RefT is followed to its type);
    reported and Unresolved when the constraint does not apply or admits nothing.  A
    constrained type has the tags of its parent type (those of ``t`` and of the named
    types it refers to)."""
    return constrained(ctx, t, _apply_one(ctx, t, c, mod))


def _apply_one(ctx: SemanticContext, t: SType, c: A.Constraint, mod: str) -> SType:
    if c.user_defined:
        return t  # CONSTRAINED BY: docs/mapping.md, accepted without effect
    if isinstance(t, RefT):
        t = resolve_ref(t)
    if isinstance(t, OidT):
        return _oid_constraint(ctx, t, c, mod)
    if len(c.root.unions) == 1 and len(c.root.unions[0]) == 1 and \
            isinstance(c.root.unions[0][0], A.Contents):
        return _contents_constraint(ctx, t, c.root.unions[0][0], mod)
    if isinstance(t, (StructT, ChoiceT)) or (isinstance(t, (ArrayT, RealT)) and has_inner(c.root)):
        return apply_inner(ctx, t, c, mod)  # WITH COMPONENT(S), X.680 51.8
    if has_inner(c.root):
        ctx.d.error(c.loc, f"an inner type constraint (WITH COMPONENT or WITH COMPONENTS) cannot "
                           f"apply to {describe(t)}")
        raise Unresolved
    if isinstance(t, IntT):
        vals = int_set(ctx, c.root, t, mod)
        if c.extension is not None:
            int_set(ctx, c.extension, t, mod)
        if c.extensible:
            return t  # docs/mapping.md: an extensible constraint neither narrows the wire type nor is enforced
        new = t.values.intersect(vals)
        if new.empty:
            ctx.d.error(c.loc, f"constraint admits no value (the type allows {t.values}, the constraint {vals})")
            raise Unresolved
        return int_type(ctx, new, t.named_numbers, c.loc)
    if isinstance(t, (OctetsT, BitsT, StringT, ArrayT)):
        res = sized_set(ctx, c.root, t, mod)
        if c.extension is not None:
            sized_set(ctx, c.extension, t, mod)
        if c.extensible:
            return t
        sizes = t.sizes.intersect(res.sizes)
        if sizes.empty:
            ctx.d.error(c.loc, f"SIZE constraint admits no length (allowed before: {t.sizes})")
            raise Unresolved
        if sizes.upper is not None and sizes.upper > MAX_WIRE_LENGTH:
            ctx.d.error(c.loc, f"SIZE upper bound {sizes.upper} does not fit in an XDR length (32 bits)")
            raise Unresolved
        fixed = sizes.lower if sizes.is_single else None
        if isinstance(t, OctetsT):
            return OctetsT(sizes, fixed)
        if isinstance(t, BitsT):
            return BitsT(sizes, t.named_bits)
        if isinstance(t, ArrayT):
            return ArrayT(t.element, sizes, fixed, t.element_name, kind=t.kind)
        alpha = t.alphabet
        if res.alphabet is not None:
            alpha = res.alphabet if alpha is None else alpha.intersect(res.alphabet)
            if alpha.empty:
                ctx.d.error(c.loc, "permitted alphabet admits no character")
                raise Unresolved
        return StringT(t.kind, sizes, alpha, t.time)
    if isinstance(t, RealT):
        rs = real_set(ctx, c.root, t, mod)
        if c.extension is not None:
            real_set(ctx, c.extension, t, mod)
        if c.extensible:
            return t
        new = reals.intersect(t.ranges if t.ranges is not None else reals.EVERYTHING, rs)
        if not new:
            ctx.d.error(c.loc, "constraint admits no REAL value")
            raise Unresolved
        return RealT(new)
    if isinstance(t, EnumT):
        names = enum_set(ctx, c.root, t, mod)
        if c.extension is not None:
            enum_set(ctx, c.extension, t, mod)
        if c.extensible:
            return t
        kept = [(n, v) for n, v in t.items if n in names]
        if not kept:
            ctx.d.error(c.loc, "constraint admits no item of the ENUMERATED type")
            raise Unresolved
        return EnumT(kept, t.extensible)
    if isinstance(t, BoolT):
        bools = _value_set(ctx, c, t, mod, bool_set, t.values, " of the BOOLEAN type")
        return t if bools is None else BoolT(None if bools == BOTH else bools)
    what = {BoolT: "BOOLEAN", RealT: "REAL", NullT: "NULL", EnumT: "ENUMERATED",
            StructT: "SEQUENCE or SET", ChoiceT: "CHOICE"}.get(type(t), "this type")
    ctx.d.error(c.loc, f"unsupported: constraints on {what}")
    raise Unresolved


def _contents_constraint(ctx: SemanticContext, t: SType, c: A.Contents, mod: str) -> SType:
    """CONTAINING T [ENCODED BY e] (ITU-T X.682): the OCTET STRING or BIT STRING holds
    an encoding of T.  Without ENCODED BY it is T's XDR encoding, and the C back end
    gives the type helpers to put a T in and take it out (docs/mapping.md)."""
    if not isinstance(t, (OctetsT, BitsT)):
        ctx.d.error(c.loc, f"a contents constraint applies only to OCTET STRING and BIT STRING, "
                           f"not {describe(t)}")
        raise Unresolved
    if c.encoded_by is not None:
        eval_value(ctx, c.encoded_by, oid_type(relative=False), mod, "ENCODED BY")
    contains = None
    if c.type is not None:
        inner = ctx.lower(c.type, mod)
        if c.encoded_by is None:
            contains = inner if isinstance(inner, RefT) else RefT(_contents_typedef(ctx, inner, mod, c.type.loc))
    if isinstance(t, OctetsT):
        return OctetsT(t.sizes, t.fixed, contains)
    return BitsT(t.sizes, t.named_bits, contains)


def _contents_typedef(ctx: SemanticContext, t: SType, mod: str, loc: A.Loc) -> TypeDef:
    """A named type for the type ``t`` that a contents constraint contains when it is
    not a named type (``CONTAINING SEQUENCE {...}``, ``CONTAINING INTEGER (0..7)``,
    a dummy type parameter bound to a built-in type), so that the C helpers have a
    type with functions of its own: the path of the containing type, then
    ``contents`` (``T-body-contents`` for the component ``body`` of ``T``), in the
    module of the containing named type; a name taken there (also as a C name)
    gets ``-2``, ``-3``, ... appended (docs/mapping.md)."""
    module = ctx.naming_module or mod
    base = "-".join(ctx.naming + ["contents"])
    sc = ctx.scopes[module]
    taken = {n.replace("-", "_") for (m, n) in ctx.typedefs if m == module}
    name, k = base, 1
    while name.replace("-", "_") in taken or name in sc.values or name in sc.ptypes or name in sc.imports \
            or name in sc.classes:
        k += 1
        name = f"{base}-{k}"
    td = TypeDef(module, name, t, loc)
    ctx.typedefs[(module, name)] = td
    ctx.lowered.add((module, name))
    ctx.contents.append(td)
    return td


def _oid_constraint(ctx: SemanticContext, t: OidT, c: A.Constraint, mod: str) -> OidT:
    """Single values (and unions and intersections of them) constrain an OBJECT
    IDENTIFIER or RELATIVE-OID; an extensible one is ignored, as elsewhere."""
    values = _value_set(ctx, c, t, mod, oid_set, t.values, "")
    if values is None:
        return t
    return OidT(t.element, t.sizes, None, relative=t.relative, values=frozenset(values))


def _value_set(ctx: SemanticContext, c: A.Constraint, t, mod: str, evaluate, current: Optional[frozenset],
               what: str) -> Optional[frozenset]:
    """The values constraint ``c`` admits, ``evaluate(ctx, element set, t, mod)`` giving
    those of its root (its extension is evaluated for its errors only), met with
    ``current`` (None: every value); None when the constraint is extensible and so
    ignored, as elsewhere.  An empty set is an error."""
    values = evaluate(ctx, c.root, t, mod)
    if c.extension is not None:
        evaluate(ctx, c.extension, t, mod)
    if c.extensible:
        return None
    if current is not None:
        values = values & current
    if not values:
        ctx.d.error(c.loc, f"constraint admits no value{what}")
        raise Unresolved
    return values


def int_type(ctx: SemanticContext, values: IntSet, named: dict[str, int], loc: A.Loc) -> IntT:
    """The INTEGER type of ``values`` (with ``named`` numbers); an error when no 64-bit
    integer holds them."""
    lo, hi = values.lower, values.upper
    if (lo is not None and lo < INT64_MIN) or (hi is not None and hi > UINT64_MAX) or \
            (lo is not None and lo < 0 and hi is not None and hi > INT64_MAX):
        ctx.d.error(loc, f"value range {values} does not fit in 64 bits")
        raise Unresolved
    # Open ends are the limits of the 64-bit integer that holds the set.
    if lo is not None and lo >= 0 and hi is not None and hi > INT64_MAX:
        full = IntSet.range(0, UINT64_MAX)
    else:
        full = IntSet.range(INT64_MIN, INT64_MAX)
    return IntT(values.intersect(full), named)
