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
* WITH COMPONENT on a SEQUENCE OF narrows its element type the same way.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..frontend import ast as A
from .model import ArrayT, BitsT, ChoiceT, Field, IntT, OctetsT, RealT, SType, StringT, StructT

if TYPE_CHECKING:  # pragma: no cover
    from .analyze import Analyzer

def has_inner(es: A.ElementSet) -> bool:
    """Whether an inner type constraint appears anywhere in ``es``."""
    for inter in es.unions:
        for el in inter:
            if isinstance(el, A.InnerTypeConstraint):
                return True
            if isinstance(el, A.ElementSet) and has_inner(el):
                return True
    return False


class InnerConstraints:
    def __init__(self, an: "Analyzer", unresolved: type[Exception]):
        self.an = an
        self.Unresolved = unresolved

    def fail(self, loc: A.Loc, message: str):
        self.an.d.error(loc, message)
        raise self.Unresolved

    # ------------------------------------------------------------ entry point

    def apply(self, t: SType, c: A.Constraint, mod: str) -> SType:
        """``t`` (structural: StructT, ChoiceT or ArrayT) under the constraint ``c``."""
        if c.extensible:
            return t  # as for every extensible constraint: neither narrowed nor enforced
        if isinstance(t, RealT):
            # X.680 21.5: a REAL's components are mantissa, base and exponent.  A REAL is
            # an XDR double whatever they are limited to (docs/mapping.md): checked, not kept.
            for inter in c.root.unions:
                for el in self._flatten(inter):
                    if not isinstance(el, A.InnerTypeConstraint) or el.single is not None:
                        self.fail(el.loc, "unsupported: this constraint on REAL")
                    for cc in el.components:
                        if cc.name not in ("mantissa", "base", "exponent"):
                            self.fail(cc.loc, f"'{cc.name}' is not a component of REAL "
                                              "(mantissa, base, exponent)")
            return t
        branches = [self._flatten(inter) for inter in c.root.unions]
        if isinstance(t, ArrayT):
            if len(branches) != 1:
                self.fail(c.loc, "unsupported: a union of WITH COMPONENT constraints")
            return self._array(t, branches[0], mod)
        if not isinstance(t, (StructT, ChoiceT)):
            self.fail(c.loc, "WITH COMPONENTS applies only to SEQUENCE, SET and CHOICE types")
        patterns: list[dict[str, bool]] = []
        narrowed: Optional[dict[str, list[A.Constraint]]] = None
        replaced: Optional[dict[str, SType]] = None  # component types of contained subtypes
        for branch in branches:
            # a branch (an intersection) admits the values that match one of its patterns
            pattern: list[dict[str, bool]] = [{}]
            values: dict[str, list[A.Constraint]] = {}
            types: dict[str, SType] = {}
            for el in branch:
                if isinstance(el, A.ContainedSubtype):
                    # `T (S)`, `T (S1 | S2)`, `T (S ^ WITH COMPONENTS {...})` with each S a
                    # subtype of the type being constrained: S's presence patterns, and
                    # its components where they are narrower
                    sub = self.an._structure(self.an._lower(el.type, mod))
                    if type(sub) is not type(t) or _names(sub) != _names(t):
                        self.fail(el.loc, f"contained subtype '{el.text}' is not a subtype of the "
                                          f"{'CHOICE' if isinstance(t, ChoiceT) else t.kind} it constrains")
                    pattern = self._meet(pattern, sub.presence or [{}], el.loc)
                    for fs, ft in zip(_members(sub), _members(t)):
                        if fs.type is not ft.type:  # two that narrow it: the last one's (wider
                            types[fs.name] = fs.type    # than the intersection, never narrower)
                    continue
                if not isinstance(el, A.InnerTypeConstraint) or el.single is not None:
                    self.fail(el.loc, "unsupported: this constraint on a SEQUENCE, SET or CHOICE "
                                      "(only WITH COMPONENTS, contained subtypes, and unions and "
                                      "intersections of them)")
                p, v = self._components(t, el)
                pattern = self._meet(pattern, [p], el.loc)
                for name, cs in v.items():
                    values.setdefault(name, []).extend(cs)
            patterns.extend(pattern)
            if narrowed is None:
                narrowed, replaced = values, types
            elif values or narrowed or types or replaced:
                self.fail(c.loc, "unsupported: value constraints on components in a union of "
                                 "WITH COMPONENTS or of subtypes (give them in an intersection instead)")
        replaced = replaced or {}
        patterns = _intersect(getattr(t, "presence", None), patterns)
        if not patterns or (isinstance(t, ChoiceT) and not any(_choice_ok(t, p) for p in patterns)):
            self.fail(c.loc, "WITH COMPONENTS admits no value")
        members = t.fields if isinstance(t, StructT) else t.alternatives
        fields = [Field(f.name, self.an.named_part(f.name, lambda f=f: self._narrow_all(
                            replaced.get(f.name, f.type), (narrowed or {}).get(f.name, []), mod)),
                        f.optional, f.default, f.loc) for f in members]
        if isinstance(t, StructT):
            return StructT(t.kind, fields, _simplify(patterns))
        return ChoiceT(fields, _simplify(patterns))

    # ------------------------------------------------------------ pieces

    def _meet(self, a: list[dict[str, bool]], b: list[dict[str, bool]], loc: A.Loc) -> list[dict[str, bool]]:
        """The patterns of an intersection: each pattern of ``a`` merged with each of
        ``b``; an error when no pair agrees."""
        out = _intersect(a, b)
        if not out:
            clash = next(k for x in a for y in b for k, v in y.items() if x.get(k, v) != v)
            self.fail(loc, f"the intersection requires component '{clash}' both present and absent")
        return out

    def _flatten(self, inter: list) -> list:
        """The elements of one intersection, parenthesised sets of one element opened."""
        out = []
        for el in inter:
            if isinstance(el, A.ElementSet) and len(el.unions) == 1:
                out.extend(self._flatten(el.unions[0]))
            elif isinstance(el, A.ElementSet):
                self.fail(el.loc, "unsupported: a union inside an intersection of inner type constraints")
            else:
                out.append(el)
        return out

    def _components(self, t, el: A.InnerTypeConstraint) -> tuple[dict[str, bool], dict[str, list[A.Constraint]]]:
        choice = isinstance(t, ChoiceT)
        members = {f.name: f for f in (t.alternatives if choice else t.fields)}
        what = "CHOICE" if choice else t.kind
        pattern: dict[str, bool] = {}
        values: dict[str, list[A.Constraint]] = {}
        seen: set[str] = set()
        for cc in el.components:
            f = members.get(cc.name)
            if f is None:
                self.fail(cc.loc, f"'{cc.name}' is not a component of the {what}")
            if cc.name in seen:
                self.fail(cc.loc, f"component '{cc.name}' is named twice in WITH COMPONENTS")
            seen.add(cc.name)
            if cc.constraint is not None:
                values[cc.name] = [cc.constraint]
            if cc.presence == "PRESENT" and (choice or f.optional):
                pattern[cc.name] = True
            elif cc.presence == "ABSENT":
                if not choice and not f.optional:
                    self.fail(cc.loc, f"mandatory component '{cc.name}' cannot be ABSENT")
                pattern[cc.name] = False
        if not el.partial:  # a full specification: what it leaves out is absent
            for name, f in members.items():
                if name not in seen and (choice or f.optional):
                    pattern[name] = False
        return pattern, values

    def _array(self, t: ArrayT, branch: list, mod: str) -> ArrayT:
        an = self.an
        element, sizes = t.element, t.sizes
        for el in branch:
            if isinstance(el, A.InnerTypeConstraint):
                if el.single is None:
                    self.fail(el.loc, "WITH COMPONENTS applies to SEQUENCE, SET and CHOICE types; "
                                      "a SEQUENCE OF takes WITH COMPONENT")
                element = self.an.named_part("item", lambda: self._narrow_all(element, [el.single], mod))
            elif isinstance(el, A.SizeConstraint):
                sizes = sizes.intersect(an._sized_element(el, t, mod).sizes)
            else:
                self.fail(el.loc, "unsupported: this constraint together with WITH COMPONENT")
        if sizes.empty:
            self.fail(branch[0].loc, f"SIZE constraint admits no length (allowed before: {t.sizes})")
        return ArrayT(element, sizes, t.fixed, t.element_name)

    def _narrow_all(self, ft: SType, constraints: list[A.Constraint], mod: str) -> SType:
        for c in constraints:
            ft = self.narrow(ft, c, mod)
        return ft

    def narrow(self, ft: SType, c: A.Constraint, mod: str) -> SType:
        """``ft`` under ``c``, keeping ``ft``'s representation (module docstring)."""
        old = self.an._structure(ft)
        new = self.an._apply_one(old, c, mod)
        if isinstance(old, IntT) and isinstance(new, IntT):
            declared = old.declared if old.declared is not None else old.values
            return IntT(new.values, old.named_numbers, declared)
        if isinstance(old, OctetsT) and isinstance(new, OctetsT):
            return OctetsT(new.sizes, old.fixed)
        if isinstance(old, BitsT) and isinstance(new, BitsT):
            return BitsT(new.sizes, old.named_bits)
        if isinstance(old, StringT) and isinstance(new, StringT):
            return StringT(old.kind, new.sizes, new.alphabet)
        if isinstance(old, ArrayT) and isinstance(new, ArrayT):
            return ArrayT(new.element, new.sizes, old.fixed, old.element_name)
        return new


def _members(t) -> list[Field]:
    return t.alternatives if isinstance(t, ChoiceT) else t.fields


def _names(t) -> list[str]:
    return [f.name for f in _members(t)]


def _choice_ok(t: ChoiceT, pattern: dict[str, bool]) -> bool:
    """Whether some alternative can be chosen under ``pattern``."""
    chosen = [n for n, present in pattern.items() if present]
    if len(chosen) > 1:
        return False
    if chosen:
        return True
    return any(pattern.get(f.name, True) for f in t.alternatives)


def _intersect(existing, patterns: list[dict[str, bool]]) -> list[dict[str, bool]]:
    """The patterns of both constraints (each pair merged; contradictory pairs dropped)."""
    if existing is None:
        return patterns
    out = []
    for a in existing:
        for b in patterns:
            if all(a.get(k, v) == v for k, v in b.items()):
                out.append({**a, **b})
    return out


def _simplify(patterns: list[dict[str, bool]]):
    """None when some pattern requires nothing (every value matches)."""
    return None if any(not p for p in patterns) else patterns
