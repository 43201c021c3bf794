"""Inner type constraints (ITU-T X.680 51.8): WITH COMPONENT and WITH COMPONENTS.

An inner type constraint makes a subtype without changing the representation: the
constrained type has the wire format and C layout of its parent (docs/mapping.md), so

* a value constraint on a component narrows the component's admitted values or sizes
  but keeps its XDR type (an INTEGER stays ``hyper`` when the parent's is, an OCTET
  STRING stays variable-length even under SIZE (4)), and the encoder and decoder check
  it like any constraint;
* presence constraints (PRESENT/ABSENT, and the components a full specification
  leaves out) become the ``presence`` patterns of the StructT/ChoiceT: the value
  must match one of them (a union of WITH COMPONENTS gives several);
* WITH COMPONENT on a SEQUENCE OF narrows its element type the same way;
* a contained subtype (``Base (A | B)``, A and B defined as Base with constraints)
  stands for the constraints it is defined with (X.680 51.3: its values);
* in a union whose branches constrain component values the components keep the
  parent's types, and each branch's conditions become ``Within`` entries of its
  presence pattern, checked with it (docs/mapping.md, "WITH COMPONENTS").

Called by constraints.apply_one; applies the constraints on components through
``ctx.apply_constraint``.  Public interface:

* ``has_inner(es)``: whether an element set holds an inner type constraint;
* ``apply_inner(ctx, t, c, mod)``: the SEQUENCE, SET, CHOICE, SEQUENCE OF or REAL ``t``
  under the constraint ``c``.

Records in ``ctx.inner_origin`` the type each constrained SEQUENCE, SET or CHOICE was
made from (a contained subtype may name either).
"""
from __future__ import annotations

from typing import Optional

from ..frontend import ast as A
from .context import SemanticContext, Unresolved, describe
from .element_sets import sized_element
from .model import (
    ArrayT, BitsT, ChoiceT, EnumT, Field, IntT, OctetsT, RealT, RefT, SType, StringT, StructT, Within,
)
from .scope import lookup_type
from .tags import constrained

# How many alternatives a constraint may come to once unions inside intersections (and
# inside contained subtypes) are multiplied out.
MAX_BRANCHES = 64


def has_inner(es: A.ElementSet) -> bool:
    """Whether an inner type constraint appears anywhere in ``es``."""
    for inter in es.unions:
        for el in inter:
            if isinstance(el, A.InnerTypeConstraint):
                return True
            if isinstance(el, A.ElementSet) and has_inner(el):
                return True
    return False


def _fail(ctx: SemanticContext, loc: A.Loc, message: str):
    ctx.d.error(loc, message)
    raise Unresolved


# ------------------------------------------------------------ entry point

def apply_inner(ctx: SemanticContext, t: SType, c: A.Constraint, mod: str) -> SType:
    """``t`` (structural: StructT, ChoiceT or ArrayT) under the constraint ``c``."""
    if c.extensible:
        return t  # as for every extensible constraint: neither narrowed nor enforced
    if isinstance(t, RealT):
        # X.680 21.5: a REAL's components are mantissa, base and exponent.  A REAL is
        # an XDR double whatever they are limited to (docs/mapping.md): checked, not kept.
        for inter in c.root.unions:
            for el in _flatten(ctx, inter):
                if not isinstance(el, A.InnerTypeConstraint) or el.single is not None:
                    _fail(ctx, el.loc, "unsupported: this constraint on REAL")
                for cc in el.components:
                    if cc.name not in ("mantissa", "base", "exponent"):
                        _fail(ctx, cc.loc, f"'{cc.name}' is not a component of REAL "
                                           "(mantissa, base, exponent)")
        return t
    if isinstance(t, ArrayT):
        branches = [_flatten(ctx, inter) for inter in c.root.unions]
        if len(branches) != 1:
            _fail(ctx, c.loc, "unsupported: a union of WITH COMPONENT constraints")
        return _array(ctx, t, branches[0], mod)
    if not isinstance(t, (StructT, ChoiceT)):
        _fail(ctx, c.loc, "WITH COMPONENTS applies only to SEQUENCE, SET and CHOICE types")
    # the constraint as a union of intersections of WITH COMPONENTS, each with the
    # module it is written in: contained subtypes replaced by their own constraints
    branches = _dnf(ctx, c.root, t, mod)
    parts = [[_components(ctx, t, el, m) for el, m, _ in branch] for branch in branches]
    if len(branches) > 1 and any(v for branch in parts for _, v in branch):
        # values constrained in a union: the branches' conditions, kept with the presence
        patterns = [p for branch in branches for p in _conditions(ctx, t, branch, c.loc)]
        fields = list(_members(t))
    else:
        patterns = []
        narrowed: dict[str, list] = {}
        for branch, branch_parts in zip(branches, parts):
            pattern: dict = {}
            for (_, _, at), (p, v) in zip(branch, branch_parts):
                for name, entry in p.items():
                    merged = _merge_entry(pattern.get(name), entry)
                    if merged is None:
                        _fail(ctx, at, f"the intersection requires component '{name}' both "
                                       "present and absent")
                    pattern[name] = merged
                for name, cs in v.items():
                    narrowed.setdefault(name, []).extend(cs)
            patterns.append(pattern)
        fields = [Field(f.name, ctx.named_part(f.name, lambda f=f: _narrow_all(
                            ctx, f.type, narrowed.get(f.name, []))), f.optional, f.default, f.loc, f.group)
                  for f in _members(t)]
    patterns = _intersect(getattr(t, "presence", None), patterns)
    if not patterns or (isinstance(t, ChoiceT) and not any(_choice_ok(t, p) for p in patterns)):
        _fail(ctx, c.loc, "WITH COMPONENTS admits no value")
    if isinstance(t, StructT):
        out: SType = StructT(t.kind, fields, _simplify(patterns), extensible=t.extensible)
    else:
        out = ChoiceT(fields, _simplify(patterns), t.open_type, extensible=t.extensible)
    ctx.inner_origin[out] = ctx.inner_origin.get(t, t)
    return out


# ------------------------------------------------------------ contained subtypes

def _dnf(ctx: SemanticContext, es: A.ElementSet, t, mod: str) -> list[list[tuple]]:
    """``es`` (a constraint on the SEQUENCE, SET or CHOICE ``t``) as a union of
    intersections of inner type constraints, each as (constraint, the module it is
    written in, where to report a contradiction: the contained subtype that brought it)."""
    out: list[list[tuple]] = []
    for inter in es.unions:
        acc: list[list[tuple]] = [[]]
        for el in inter:
            if isinstance(el, A.ElementSet):
                sub = _dnf(ctx, el, t, mod)
            elif isinstance(el, A.ContainedSubtype):
                sub = _contained(ctx, el, t, mod)
            elif isinstance(el, A.InnerTypeConstraint) and el.single is None:
                sub = [[(el, mod, el.loc)]]
            else:
                _fail(ctx, el.loc, "unsupported: this constraint on a SEQUENCE, SET or CHOICE (only "
                                   "WITH COMPONENTS, subtypes of the same type, and unions and "
                                   "intersections of them)")
            acc = [a + b for a in acc for b in sub]
            if len(acc) > MAX_BRANCHES:
                _fail(ctx, el.loc, f"unsupported: a constraint of more than {MAX_BRANCHES} alternatives "
                                   "once its unions are multiplied out")
        out += acc
    return out


def _contained(ctx: SemanticContext, el: A.ContainedSubtype, t, mod: str) -> list[list[tuple]]:
    """A contained subtype (X.680 51.3) in a constraint on ``t``: the values of the
    subtype, as the constraints it is defined with (in the form of ``_dnf``).  The
    subtype must be the parent type of ``t`` (all its values: no constraint) or
    derived from it by constraints, through references."""
    root = ctx.inner_origin.get(t, t)
    cur, cmod = el.type, mod
    collected: list[tuple[A.Constraint, str]] = []
    seen: set[tuple[str, str]] = set()
    if not isinstance(cur, A.TypeRef):
        _fail(ctx, el.loc, f"unsupported: contained subtype '{el.text}': only a subtype of the type it "
                           "constrains (a reference to it, or to a type defined as it with constraints)")
    while True:
        if ctx.param_binding(cur.name, cur.module) is not None:
            _fail(ctx, el.loc, f"unsupported: contained subtype '{el.text}' names a parameter")
        collected = [(cc, cmod) for cc in cur.constraints] + collected
        td = lookup_type(ctx, cmod, cur.name, cur.module, cur.loc)
        st = ctx.structure(RefT(td))
        if st is t or st is root:
            break
        a = ctx.scopes[td.module].types.get(td.name) if (td.module, td.name) not in ctx.thunks else None
        if a is None or (td.module, td.name) in seen or not isinstance(a.type, A.TypeRef):
            _fail(ctx, el.loc, f"unsupported: contained subtype '{el.text}' is not derived from the type it "
                               "constrains (only a subtype of that type itself)")
        seen.add((td.module, td.name))
        cur, cmod = a.type, td.module
    dnf: list[list[tuple]] = [[]]
    for cc, m in collected:
        if cc.user_defined or cc.extensible:
            continue  # as anywhere: no effect (docs/mapping.md)
        sub = [[(x, xm, el.loc) for x, xm, _ in branch] for branch in _dnf(ctx, cc.root, t, m)]
        dnf = [a + b for a in dnf for b in sub]
        if len(dnf) > MAX_BRANCHES:
            _fail(ctx, el.loc, f"unsupported: a constraint of more than {MAX_BRANCHES} alternatives "
                               "once its unions are multiplied out")
    return dnf


# ------------------------------------------------------------ a union's conditions

def _conditions(ctx: SemanticContext, t, branch: list[tuple], loc: A.Loc) -> list[dict]:
    """The presence patterns (with Within entries) that one intersection of WITH
    COMPONENTS on ``t`` comes to; none when it admits no value."""
    pattern: Optional[dict] = {}
    for el, m, _ in branch:
        p, v = _components(ctx, t, el, m)
        entries: dict = dict(p)
        for name, cs in v.items():
            w = _within(ctx, _member(t, name), cs)
            if w is not None:
                entries[name] = _merge_entry(entries.get(name), w)
                if entries[name] is None:
                    return []
        pattern = _merge_pattern(pattern, entries)
        if pattern is None:
            return []
    if isinstance(t, StructT) and any(_present(pattern.get(f.name)) is False for f in t.fields
                                      if not f.optional):
        return []  # a mandatory component no value of which meets the conditions
    return [pattern]


def _within(ctx: SemanticContext, f: Field, cs: list[tuple]) -> Optional[Within]:
    """The condition the value constraints ``cs`` put on component ``f``; None
    when they admit every value of its type."""
    ft = ctx.structure(f.type)
    if isinstance(ft, IntT):
        nt = ft
        for c, m in cs:
            nt = ctx.apply_constraint(nt, c, m)
        return None if nt.values == ft.values else Within(values=nt.values)
    if isinstance(ft, EnumT):
        nt = ft
        for c, m in cs:
            nt = ctx.apply_constraint(nt, c, m)
        items = frozenset(n for n, _ in nt.items)
        return None if items == frozenset(n for n, _ in ft.items) else Within(items=items)
    if isinstance(ft, (StructT, ChoiceT)):
        inner: Optional[list] = None
        for c, m in cs:
            if c.user_defined or c.extensible:
                continue
            if len(c.root.unions) == 1 and len(c.root.unions[0]) == 1 and \
                    isinstance(c.root.unions[0][0], A.Contents):
                _fail(ctx, c.loc, "a contents constraint applies only to OCTET STRING and BIT STRING")
            ps = [p for branch in _dnf(ctx, c.root, ft, m) for p in _conditions(ctx, ft, branch, c.loc)]
            inner = ps if inner is None else _intersect(inner, ps)
        if inner is None or any(not p for p in inner):
            return None
        return Within(inner=tuple(inner))
    _fail(ctx, cs[0][0].loc, f"unsupported: a constraint on component '{f.name}' ({describe(ft)}) in a "
                             "union of WITH COMPONENTS or of subtypes (only INTEGER, ENUMERATED, "
                             "SEQUENCE, SET and CHOICE components)")


# ------------------------------------------------------------ pieces

def _flatten(ctx: SemanticContext, inter: list) -> list:
    """The elements of one intersection, parenthesised sets of one element opened."""
    out = []
    for el in inter:
        if isinstance(el, A.ElementSet) and len(el.unions) == 1:
            out.extend(_flatten(ctx, el.unions[0]))
        elif isinstance(el, A.ElementSet):
            _fail(ctx, el.loc, "unsupported: a union inside an intersection of inner type constraints")
        else:
            out.append(el)
    return out


def _components(ctx: SemanticContext, t, el: A.InnerTypeConstraint,
                mod: str) -> tuple[dict[str, bool], dict[str, list]]:
    """The presence entries and the value constraints (with the module MOD they are
    written in) of one WITH COMPONENTS."""
    choice = isinstance(t, ChoiceT)
    members = {f.name: f for f in (t.alternatives if choice else t.fields)}
    what = "CHOICE" if choice else t.kind
    pattern: dict[str, bool] = {}
    values: dict[str, list] = {}
    seen: set[str] = set()
    for cc in el.components:
        f = members.get(cc.name)
        if f is None:
            _fail(ctx, cc.loc, f"'{cc.name}' is not a component of the {what}")
        if cc.name in seen:
            _fail(ctx, cc.loc, f"component '{cc.name}' is named twice in WITH COMPONENTS")
        seen.add(cc.name)
        if cc.constraint is not None:
            values[cc.name] = [(cc.constraint, mod)]
        if cc.presence == "PRESENT" and (choice or f.optional):
            pattern[cc.name] = True
        elif cc.presence == "ABSENT":
            if not choice and not f.optional:
                _fail(ctx, cc.loc, f"mandatory component '{cc.name}' cannot be ABSENT")
            pattern[cc.name] = False
    if not el.partial:  # a full specification: what it leaves out is absent
        for name, f in members.items():
            if name not in seen and (choice or f.optional):
                pattern[name] = False
    return pattern, values


def _array(ctx: SemanticContext, t: ArrayT, branch: list, mod: str) -> ArrayT:
    element, sizes = t.element, t.sizes
    for el in branch:
        if isinstance(el, A.InnerTypeConstraint):
            if el.single is None:
                _fail(ctx, el.loc, "WITH COMPONENTS applies to SEQUENCE, SET and CHOICE types; "
                                   "a SEQUENCE OF takes WITH COMPONENT")
            element = ctx.named_part("item", lambda: _narrow_all(ctx, element, [(el.single, mod)]))
        elif isinstance(el, A.SizeConstraint):
            sizes = sizes.intersect(sized_element(ctx, el, t, mod).sizes)
        else:
            _fail(ctx, el.loc, "unsupported: this constraint together with WITH COMPONENT")
    if sizes.empty:
        _fail(ctx, branch[0].loc, f"SIZE constraint admits no length (allowed before: {t.sizes})")
    return ArrayT(element, sizes, t.fixed, t.element_name, kind=t.kind)


def _narrow_all(ctx: SemanticContext, ft: SType, constraints: list[tuple]) -> SType:
    """``ft`` under each (constraint, module it is written in)."""
    for c, mod in constraints:
        ft = _narrow(ctx, ft, c, mod)
    return ft


def _narrow(ctx: SemanticContext, ft: SType, c: A.Constraint, mod: str) -> SType:
    """``ft`` under ``c``, keeping ``ft``'s representation (module docstring) and tags."""
    return constrained(ctx, ft, _narrowed(ctx, ft, c, mod))


def _narrowed(ctx: SemanticContext, ft: SType, c: A.Constraint, mod: str) -> SType:
    old = ctx.structure(ft)
    new = ctx.apply_constraint(old, c, mod)
    if isinstance(old, IntT) and isinstance(new, IntT):
        declared = old.declared if old.declared is not None else old.values
        return IntT(new.values, old.named_numbers, declared)
    if isinstance(old, OctetsT) and isinstance(new, OctetsT):
        return OctetsT(new.sizes, old.fixed)
    if isinstance(old, BitsT) and isinstance(new, BitsT):
        return BitsT(new.sizes, old.named_bits)
    if isinstance(old, StringT) and isinstance(new, StringT):
        return StringT(old.kind, new.sizes, new.alphabet, old.time)
    if isinstance(old, ArrayT) and isinstance(new, ArrayT):
        return ArrayT(new.element, new.sizes, old.fixed, old.element_name, kind=old.kind)
    return new


def _members(t) -> list[Field]:
    return t.alternatives if isinstance(t, ChoiceT) else t.fields


def _choice_ok(t: ChoiceT, pattern: dict[str, bool]) -> bool:
    """Whether some alternative can be chosen under ``pattern``."""
    chosen = [n for n, e in pattern.items() if _present(e)]
    if len(chosen) > 1:
        return False
    if chosen:
        return True
    return any(_present(pattern.get(f.name)) is not False for f in t.alternatives)


def _member(t, name: str) -> Field:
    return next(f for f in _members(t) if f.name == name)


def _present(entry) -> Optional[bool]:
    return entry.present if isinstance(entry, Within) else entry


def _merge_entry(a, b):
    """Both entries of one component (True/False/Within, None for no entry) at once;
    None when they contradict each other."""
    if a is None or b is None:
        return b if a is None else a
    wa = a if isinstance(a, Within) else Within(present=a)
    wb = b if isinstance(b, Within) else Within(present=b)
    if wa.present is not None and wb.present is not None and wa.present != wb.present:
        return None
    present = wa.present if wa.present is not None else wb.present
    values = wb.values if wa.values is None else wa.values if wb.values is None else wa.values.intersect(wb.values)
    items = wb.items if wa.items is None else wa.items if wb.items is None else wa.items & wb.items
    if wa.inner is None or wb.inner is None:
        inner = wb.inner if wa.inner is None else wa.inner
    else:
        inner = tuple(_intersect(list(wa.inner), list(wb.inner)))
    empty = (values is not None and values.empty) or (items is not None and not items) or inner == ()
    if empty:  # no value of the component meets both: it must be absent
        if present:
            return None
        return False
    w = Within(present, values, items, inner)
    return present if w == Within(present=present) else w


def _merge_pattern(a: Optional[dict], b: dict) -> Optional[dict]:
    """Two patterns at once (an intersection); None when they contradict each other."""
    if a is None:
        return None
    out = dict(a)
    for k, v in b.items():
        m = _merge_entry(out.get(k), v)
        if m is None:
            return None
        out[k] = m
    return out


def _intersect(existing, patterns: list[dict]) -> list[dict]:
    """The patterns of both constraints (each pair merged; contradictory pairs dropped)."""
    if existing is None:
        return patterns
    out = []
    for a in existing:
        for b in patterns:
            m = _merge_pattern(a, b)
            if m is not None and m not in out:
                out.append(m)
    return out


def _simplify(patterns: list[dict[str, bool]]):
    """None when some pattern requires nothing (every value matches)."""
    return None if any(not p for p in patterns) else patterns
