"""Element sets (ITU-T X.680 clause 51): what the element set of a constraint admits,
by the kind of the type it constrains.

Called by constraints.py, which applies the result to the type.  Each evaluator takes
the element set, the (structural) model type it constrains and the module it is
written in, and handles single values, ranges, contained subtypes (INCLUDES), SIZE,
FROM, PATTERN, unions, intersections and EXCEPT as far as that kind of type admits
them.  Public interface:

* ``int_set`` (INTEGER: an IntSet), ``sized_set`` / ``sized_element`` (strings, OCTET
  STRING, BIT STRING, SEQUENCE OF: a :class:`SizeAlpha` of lengths and alphabet),
  ``real_set`` (REAL: ranges of reals.py), ``enum_set`` (ENUMERATED: item names),
  ``bool_set`` (BOOLEAN: a frozenset of bools, ``BOTH`` for all), ``oid_set``
  (OBJECT IDENTIFIER: a frozenset of arc tuples).

ilpc admits more than some parts of a constraint do (docs/mapping.md): an evaluator
sets ``ctx.widened`` when it widened a part, and an EXCEPT takes away only a part that
was not widened (``_excluded``).  Values are evaluated by values.py; contained subtypes
are lowered through ``ctx.lower``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..frontend import ast as A
from . import reals
from .context import SemanticContext, SetBinding, Unresolved, describe
from .model import BitsT, BoolT, EnumT, IntSet, IntT, OctetsT, OidT, RealT, SType, StringT, string_encoding
from .values import eval_value, int_value, string_value

# The values of an unconstrained BOOLEAN.
BOTH = frozenset([False, True])


@dataclass
class SizeAlpha:
    """Result of evaluating a constraint on a sized type."""
    sizes: IntSet
    alphabet: Optional[IntSet]


def int_set(ctx: SemanticContext, es: A.ElementSet, t: IntT, mod: str) -> IntSet:
    """The values an element set on the INTEGER type ``t`` admits (also SIZE's lengths)."""
    result = IntSet(())
    for inter in es.unions:
        acc = IntSet.all()
        for el in inter:
            acc = acc.intersect(_int_element(ctx, el, t, mod))
        result = result.union(acc)
    return result


def _int_element(ctx: SemanticContext, el, t: IntT, mod: str) -> IntSet:
    if isinstance(el, A.ElementSet):
        return int_set(ctx, el, t, mod)
    if isinstance(el, A.Except):
        base = IntSet.all() if el.base is None else _int_element(ctx, el.base, t, mod)
        excluded = _excluded(ctx, lambda: _int_element(ctx, el.excluded, t, mod))
        return base if excluded is None else base.difference(excluded)
    if isinstance(el, A.ContainedSubtype):
        t_ = el.type
        if isinstance(t_, A.TypeRef) and not isinstance(ctx.param_binding(t_.name, t_.module), SetBinding):
            sub = ctx.structure(ctx.lower(t_, mod))  # INTEGER (Small): the values of Small
            if not isinstance(sub, IntT):
                ctx.d.error(el.loc, f"'{el.text}' is not an INTEGER type")
                raise Unresolved
            ctx.widened = True  # Small's values: its extensible constraints were dropped
            return sub.values
        b = _set_binding(ctx, el)
        c = b.constraint
        values = ctx.with_env(b.env, lambda: int_set(ctx, c.root, t, b.module))
        if c.extensible:
            ctx.widened = True
            return IntSet.all()
        return values
    if isinstance(el, A.SingleValue):
        v = int_value(ctx, el.value, mod, t)
        if v is None:
            raise Unresolved
        return IntSet.range(v, v)
    if isinstance(el, A.ValueRange):
        lo = None if el.lower is None else int_value(ctx, el.lower, mod, t)
        hi = None if el.upper is None else int_value(ctx, el.upper, mod, t)
        if (el.lower is not None and lo is None) or (el.upper is not None and hi is None):
            raise Unresolved
        if lo is not None and el.lower_open:
            lo += 1
        if hi is not None and el.upper_open:
            hi -= 1
        if lo is not None and hi is not None and lo > hi:
            ctx.d.error(el.loc, f"empty range: lower bound {lo} is greater than upper bound {hi}")
            raise Unresolved
        return IntSet.range(lo, hi)
    if isinstance(el, A.Pattern):
        ctx.d.error(el.loc, "PATTERN applies only to character string types")
        raise Unresolved
    if isinstance(el, A.SizeConstraint):
        ctx.d.error(el.loc, "SIZE constraint cannot apply to INTEGER")
        raise Unresolved
    if isinstance(el, A.PermittedAlphabet):
        ctx.d.error(el.loc, "FROM constraint cannot apply to INTEGER")
        raise Unresolved
    raise Unresolved


def sized_set(ctx: SemanticContext, es: A.ElementSet, t: SType, mod: str) -> SizeAlpha:
    """The lengths and the alphabet an element set on a string, OCTET STRING, BIT STRING or
    SEQUENCE OF type admits (a union of SIZE/FROM pairs widened component-wise)."""
    result: Optional[SizeAlpha] = None
    for inter in es.unions:
        acc = SizeAlpha(IntSet.range(0, None), None)
        for el in inter:
            r = sized_element(ctx, el, t, mod)
            acc = SizeAlpha(acc.sizes.intersect(r.sizes),
                            r.alphabet if acc.alphabet is None else
                            acc.alphabet if r.alphabet is None else acc.alphabet.intersect(r.alphabet))
        if result is None:
            result = acc
        else:  # a union of SIZE/FROM pairs is widened component-wise (documented)
            same = result.alphabet == acc.alphabet or (result.alphabet is not None and acc.alphabet is not None
                                                       and result.alphabet.intervals == acc.alphabet.intervals)
            if not same and not acc.sizes.empty and not result.sizes.empty:
                ctx.widened = True  # strings mixing the two alphabets are let in
            result = SizeAlpha(result.sizes.union(acc.sizes),
                               None if result.alphabet is None or acc.alphabet is None
                               else result.alphabet.union(acc.alphabet))
    return result if result is not None else SizeAlpha(IntSet.range(0, None), None)


def sized_element(ctx: SemanticContext, el, t: SType, mod: str) -> SizeAlpha:
    """One element of ``sized_set`` (inner.py uses it for a SIZE beside WITH COMPONENT)."""
    if isinstance(el, A.ElementSet):
        return sized_set(ctx, el, t, mod)
    if isinstance(el, A.Except):
        base = SizeAlpha(IntSet.range(0, None), None) if el.base is None else sized_element(ctx, el.base, t, mod)
        excluded = _excluded(ctx, lambda: sized_element(ctx, el.excluded, t, mod))
        if excluded is not None and excluded.alphabet is None:
            # strings of the excluded lengths, whatever their characters: exact
            return SizeAlpha(base.sizes.difference(excluded.sizes), base.alphabet)
        if excluded is not None and excluded.sizes.lower == 0 and excluded.sizes.upper is None \
                and len(excluded.sizes.intervals) == 1 and base.alphabet is not None \
                and base.alphabet.difference(excluded.alphabet).empty:
            return SizeAlpha(IntSet(()), base.alphabet)  # every string of base is excluded
        if excluded is not None:
            ctx.widened = True  # strings with some character outside a FROM: not a SIZE/FROM pair
        return base
    if isinstance(el, A.ContainedSubtype):
        t_ = el.type
        if not (isinstance(t_, A.TypeRef) and isinstance(ctx.param_binding(t_.name, t_.module), SetBinding)):
            ct = _contained(ctx, el, t, mod)  # IA5String (INCLUDES Short): Short's SIZE and FROM
            ctx.widened = True  # Short's single values, unions and extensible parts were widened
            return SizeAlpha(ct.sizes, ct.alphabet if isinstance(ct, StringT) else None)
        _set_binding(ctx, el)
        ctx.d.error(el.loc, "unsupported: a value set parameter in a constraint of this type")
        raise Unresolved
    if isinstance(el, A.SizeConstraint):
        size_int = IntT(IntSet.range(0, None))
        c = el.constraint
        sizes = int_set(ctx, c.root, size_int, mod)
        if c.extension is not None:
            int_set(ctx, c.extension, size_int, mod)
        if c.extensible:
            ctx.widened = True
            return SizeAlpha(IntSet.range(0, None), None)
        if sizes.lower is None:  # MIN: the least length, 0 (X.680: MIN is the parent's lower bound)
            sizes = sizes.intersect(IntSet.range(0, None))
        if sizes.lower is None or sizes.lower < 0:
            ctx.d.error(el.loc, f"SIZE must not admit negative lengths (got {sizes})")
            raise Unresolved
        return SizeAlpha(sizes, None)
    if isinstance(el, A.PermittedAlphabet):
        if not isinstance(t, StringT):
            ctx.d.error(el.loc, "FROM constraint applies only to character string types")
            raise Unresolved
        c = el.constraint
        alpha = _alphabet_set(ctx, c.root, mod)
        if c.extensible:
            ctx.widened = True
            return SizeAlpha(IntSet.range(0, None), None)
        return SizeAlpha(IntSet.range(0, None), alpha)
    if isinstance(el, A.Pattern):
        if not isinstance(t, StringT):
            ctx.d.error(el.loc, "PATTERN applies only to character string types")
            raise Unresolved
        string_value(ctx, el.value, mod)
        ctx.widened = True
        return SizeAlpha(IntSet.range(0, None), None)  # not enforced (docs/mapping.md)
    if isinstance(el, A.SingleValue) and isinstance(t, (StringT, OctetsT, BitsT)):
        # enforced through the value's length (and characters), not the value itself:
        # a union of single values admits every string of their lengths and characters
        v = eval_value(ctx, el.value, t, mod, "single value")
        ctx.widened = True
        if isinstance(t, BitsT):
            return SizeAlpha(IntSet.range(v[0], v[0]), None)
        alpha = None
        if isinstance(t, StringT):
            alpha = IntSet(())
            for ch in v.decode(string_encoding(t.kind)):
                alpha = alpha.union(IntSet.range(ord(ch), ord(ch)))
        return SizeAlpha(IntSet.range(len(v), len(v)), alpha)
    if isinstance(el, (A.SingleValue, A.ValueRange)):
        ctx.d.error(el.loc, "unsupported: value constraints on SEQUENCE OF and ranges on string types "
                            "(use SIZE or FROM)")
        raise Unresolved
    if isinstance(el, A.Contents):
        ctx.d.error(el.loc, "a contents constraint applies only to OCTET STRING and BIT STRING")
        raise Unresolved
    raise Unresolved


def _contained(ctx: SemanticContext, el: A.ContainedSubtype, t: SType, mod: str) -> SType:
    """The type of ``INCLUDES T`` (X.680 contained subtype), which must be of the same
    kind as the type it constrains."""
    ct = ctx.structure(ctx.lower(el.type, mod))
    same = type(ct) is type(t) and (not isinstance(t, StringT) or ct.kind == t.kind)
    if not same:
        def kind(x: SType) -> str:
            return x.kind if isinstance(x, StringT) else describe(x)
        ctx.d.error(el.loc, f"contained subtype: {kind(ct)} is not a subtype of {kind(t)}")
        raise Unresolved
    return ct


def _alphabet_set(ctx: SemanticContext, es: A.ElementSet, mod: str) -> IntSet:
    result = IntSet(())
    for inter in es.unions:
        acc = IntSet.range(0, 0x10FFFF)
        for el in inter:
            acc = acc.intersect(_alphabet_element(ctx, el, mod))
        result = result.union(acc)
    return result


def _char_of(ctx: SemanticContext, v, mod: str, single: bool) -> IntSet:
    s = string_value(ctx, v, mod)
    if single and len(s) != 1:
        ctx.d.error(v.loc, f"range bounds in FROM must be single characters, not \"{s}\"")
        raise Unresolved
    out = IntSet(())
    for ch in s:
        out = out.union(IntSet.range(ord(ch), ord(ch)))
    return out


def _alphabet_element(ctx: SemanticContext, el, mod: str) -> IntSet:
    if isinstance(el, A.ElementSet):
        return _alphabet_set(ctx, el, mod)
    if isinstance(el, A.Except):
        base = IntSet.range(0, 0x10FFFF) if el.base is None else _alphabet_element(ctx, el.base, mod)
        excluded = _excluded(ctx, lambda: _alphabet_element(ctx, el.excluded, mod))
        return base if excluded is None else base.difference(excluded)
    if isinstance(el, A.ContainedSubtype):
        t_ = el.type
        if isinstance(t_, A.TypeRef) and isinstance(ctx.param_binding(t_.name, t_.module), SetBinding):
            ctx.d.error(el.loc, "unsupported: a value set parameter in a constraint of this type")
            raise Unresolved
        # FROM (Digits): the characters of the string type Digits (its permitted
        # alphabet, which may be widened: docs/mapping.md)
        ct = ctx.structure(ctx.lower(t_, mod))
        if not isinstance(ct, StringT):
            ctx.d.error(el.loc, f"contained subtype in FROM: {describe(ct)} is not a character string type")
            raise Unresolved
        ctx.widened = True
        return ct.alphabet if ct.alphabet is not None else IntSet.range(0, 0x10FFFF)
    if isinstance(el, A.SingleValue):
        return _char_of(ctx, el.value, mod, single=False)
    if isinstance(el, A.ValueRange):
        lo = 0 if el.lower is None else _char_of(ctx, el.lower, mod, single=True).lower
        hi = 255 if el.upper is None else _char_of(ctx, el.upper, mod, single=True).lower
        if el.lower_open:
            lo += 1
        if el.upper_open:
            hi -= 1
        if lo > hi:
            ctx.d.error(el.loc, "empty character range in FROM")
            raise Unresolved
        return IntSet.range(lo, hi)
    ctx.d.error(el.loc, "unsupported: this element inside FROM")
    raise Unresolved


def real_set(ctx: SemanticContext, es: A.ElementSet, t: RealT, mod: str) -> "reals.RealSet":
    """The ranges a REAL constraint admits: single values, ranges (MIN, MAX, open
    ends), contained subtypes, unions and intersections."""
    result: reals.RealSet = ()
    for inter in es.unions:
        acc = reals.EVERYTHING
        for el in inter:
            if isinstance(el, A.ElementSet):
                part = real_set(ctx, el, t, mod)
            elif isinstance(el, A.SingleValue):
                x = _real_bound(ctx, el.value, mod)
                part = ((x, False, x, False),)
            elif isinstance(el, A.ValueRange):
                lo = None if el.lower is None else _real_bound(ctx, el.lower, mod)
                hi = None if el.upper is None else _real_bound(ctx, el.upper, mod)
                part = ((lo, el.lower_open, hi, el.upper_open),)
                if not reals.intersect(part, reals.EVERYTHING):
                    ctx.d.error(el.loc, f"empty range: {reals.describe(part)}")
                    raise Unresolved
            elif isinstance(el, A.ContainedSubtype):
                ct = _contained(ctx, el, t, mod)
                part = ct.ranges if ct.ranges is not None else reals.EVERYTHING
            elif isinstance(el, A.Except):
                # ilpc's REAL sets leave NaN out, and ALL EXCEPT (or a difference) would
                # have to keep it: not modelled
                ctx.d.error(el.loc, "unsupported: EXCEPT on REAL (set difference of REAL values)")
                raise Unresolved
            else:
                ctx.d.error(el.loc, "a REAL type can be constrained only by values, ranges and "
                                    "contained subtypes")
                raise Unresolved
            acc = reals.intersect(acc, part)
        result = reals.union(result, acc)
    return result


def _real_bound(ctx: SemanticContext, v, mod: str) -> float:
    x = eval_value(ctx, v, RealT(), mod, "REAL constraint")
    if x != x:
        ctx.d.error(v.loc, "NOT-A-NUMBER cannot be a REAL constraint's value")
        raise Unresolved
    return x


def enum_set(ctx: SemanticContext, es: A.ElementSet, t: EnumT, mod: str) -> set[str]:
    """The item names an ENUMERATED constraint admits: single values (item names),
    contained subtypes, unions and intersections."""
    result: set[str] = set()
    for inter in es.unions:
        acc = {n for n, _ in t.items}
        for el in inter:
            acc &= _enum_element(ctx, el, t, mod)
        result |= acc
    return result


def _enum_element(ctx: SemanticContext, el, t: EnumT, mod: str) -> set[str]:
    if isinstance(el, A.ElementSet):
        return enum_set(ctx, el, t, mod)
    if isinstance(el, A.Except):
        base = {n for n, _ in t.items} if el.base is None else _enum_element(ctx, el.base, t, mod)
        excluded = _excluded(ctx, lambda: _enum_element(ctx, el.excluded, t, mod))
        return base if excluded is None else base - excluded
    if isinstance(el, A.SingleValue):
        return {eval_value(ctx, el.value, t, mod, "single value")}
    if isinstance(el, A.ContainedSubtype):
        ct = _contained(ctx, el, t, mod)
        ctx.widened = True  # its extensible constraints were dropped
        return {n for n, _ in ct.items}
    ctx.d.error(el.loc, "an ENUMERATED type can be constrained only by its items "
                        "(single values) and contained subtypes")
    raise Unresolved


def bool_set(ctx: SemanticContext, es: A.ElementSet, t: BoolT, mod: str) -> frozenset:
    """The values a BOOLEAN constraint admits: single values (TRUE, FALSE, BOOLEAN
    value references), contained subtypes, unions and intersections."""
    result: frozenset = frozenset()
    for inter in es.unions:
        acc = BOTH
        for el in inter:
            acc = acc & _bool_element(ctx, el, t, mod)
        result = result | acc
    return result


def _bool_element(ctx: SemanticContext, el, t: BoolT, mod: str) -> frozenset:
    if isinstance(el, A.ElementSet):
        return bool_set(ctx, el, t, mod)
    if isinstance(el, A.Except):
        base = BOTH if el.base is None else _bool_element(ctx, el.base, t, mod)
        excluded = _excluded(ctx, lambda: _bool_element(ctx, el.excluded, t, mod))
        return base if excluded is None else base - excluded
    if isinstance(el, A.SingleValue):
        return frozenset([eval_value(ctx, el.value, BoolT(), mod, "single value")])
    if isinstance(el, A.ContainedSubtype):
        ct = _contained(ctx, el, t, mod)
        ctx.widened = True  # its extensible constraints were dropped
        return ct.values if ct.values is not None else BOTH
    ctx.d.error(el.loc, "a BOOLEAN type can be constrained only by its values (TRUE, FALSE) "
                        "and contained subtypes")
    raise Unresolved


def oid_set(ctx: SemanticContext, es: A.ElementSet, t: OidT, mod: str) -> frozenset:
    """The OBJECT IDENTIFIER / RELATIVE-OID values (arc tuples) an element set admits:
    single values, unions, intersections and differences of them."""
    result: frozenset = frozenset()
    for inter in es.unions:
        acc: Optional[frozenset] = None
        for el in inter:
            s = _oid_element(ctx, el, t, mod)
            acc = s if acc is None else acc & s
        result = result | (acc or frozenset())
    return result


def _oid_element(ctx: SemanticContext, el, t: OidT, mod: str) -> frozenset:
    if isinstance(el, A.ElementSet):
        return oid_set(ctx, el, t, mod)
    if isinstance(el, A.SingleValue):
        return frozenset([eval_value(ctx, el.value, t, mod, "constraint value")])
    if isinstance(el, A.Except) and el.base is not None:  # finite sets: exact
        return _oid_element(ctx, el.base, t, mod) - _oid_element(ctx, el.excluded, t, mod)
    if isinstance(el, A.Except):
        ctx.d.error(el.loc, f"unsupported: ALL EXCEPT on {describe(t)} (only single values constrain it: "
                            f"write the set they leave, or a difference of single values)")
    else:
        ctx.d.error(el.loc, f"unsupported: this constraint on {describe(t)} (only single values constrain it)")
    raise Unresolved


def _set_binding(ctx: SemanticContext, el: A.ContainedSubtype) -> SetBinding:
    """The value set parameter a contained subtype names; anything else is reported."""
    t = el.type
    b = ctx.param_binding(t.name, t.module) if isinstance(t, A.TypeRef) and not t.constraints else None
    if isinstance(b, SetBinding):
        return b
    ctx.d.error(el.loc, f"unsupported: contained subtype constraint '{el.text}' (write the values "
                        "or ranges instead)")
    raise Unresolved


def _excluded(ctx: SemanticContext, fn):
    """The set ``fn()`` evaluates, the excluded part of an EXCEPT, or None when ilpc
    could not compute it exactly: taking away a widened set would reject values that
    are valid, so the EXCEPT then takes away nothing (and the result is widened)."""
    saved, ctx.widened = ctx.widened, False
    try:
        value = fn()
        widened = ctx.widened
    finally:
        ctx.widened = saved
    if widened:
        ctx.widened = True
        return None
    return value
