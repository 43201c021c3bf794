"""Semantic analysis: from syntax trees of one or more files to a checked :class:`Model`.

The pass resolves names (within a module, through IMPORTS, and ``Module.Type``
references), evaluates constraints to exact value and size sets, maps every
INTEGER to its XDR wire kind, checks DEFAULT values against their types, and
analyses recursion (types with no finite value are errors; components that a C
struct must hold through a pointer are marked ``indirect``).  Errors are reported
to a :class:`Diagnostics` sink and analysis continues where it can, so one run
reports as many as possible.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..diagnostics import Diagnostics
from ..frontend import ast as A
from . import reals
from .imports import find_module
from .model import (
    INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, UINT32_MAX, UINT64_MAX,
    ArrayT, BitsT, BoolT, ChoiceT, EnumT, Field, IntSet, IntT, Model, ModuleModel,
    NullT, OctetsT, RealT, RefT, SType, StringT, StructT, TypeDef, ValueDef, resolve_ref,
)

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

# Largest value any XDR length or count word can carry.
MAX_WIRE_LENGTH = UINT32_MAX


class _Unresolved(Exception):
    """Raised inside evaluation after an error was reported, to abandon one construct."""


@dataclass
class _Scope:
    module: A.Module
    path: str
    types: dict[str, A.TypeAssignment]
    values: dict[str, A.ValueAssignment]
    imports: dict[str, tuple[str, A.Loc]]  # symbol -> (module name, loc of the import)


@dataclass
class _SizeAlpha:
    """Result of evaluating a constraint on a sized type."""
    sizes: IntSet
    alphabet: Optional[IntSet]


class Analyzer:
    def __init__(self, diags: Diagnostics):
        self.d = diags
        self.scopes: dict[str, _Scope] = {}
        self.typedefs: dict[tuple[str, str], TypeDef] = {}
        self.values: dict[tuple[str, str], ValueDef] = {}
        self._lowering: set[tuple[str, str]] = set()
        self._lowered: set[tuple[str, str]] = set()
        self._evaluating_values: set[tuple[str, str]] = set()

    # ----------------------------------------------------------- driver

    def run(self, specs: list[A.SpecFile]) -> Model:
        self._collect(specs)
        self._check_imports_exports()
        for (mod, name), td in self.typedefs.items():
            self._ensure_lowered(mod, name)
        for key in list(self.scopes_values()):
            self._value(*key)
        self._check_alias_cycles()
        self._check_finite()
        if not self.d.has_errors:
            self._mark_indirections()
            self._mark_recursive()
        models = []
        for mname, sc in self.scopes.items():
            mm = ModuleModel(mname, sc.path, sc.module.loc)
            for a in sc.module.assignments:
                if isinstance(a, A.TypeAssignment) and (mname, a.name) in self.typedefs:
                    td = self.typedefs[(mname, a.name)]
                    if td.type is not None and td not in mm.typedefs:
                        mm.typedefs.append(td)
                elif isinstance(a, A.ValueAssignment) and (mname, a.name) in self.values:
                    mm.values.append(self.values[(mname, a.name)])
            mm.imports = {s: self._origin(mname, s) or m for s, (m, _) in sc.imports.items()}
            models.append(mm)
        return Model(models)

    def scopes_values(self):
        for mname, sc in self.scopes.items():
            for vname in sc.values:
                yield (mname, vname)

    # ----------------------------------------------------- collection

    def _collect(self, specs: list[A.SpecFile]) -> None:
        for spec in specs:
            for m in spec.modules:
                if m.name in self.scopes:
                    prev = self.scopes[m.name].module
                    self.d.error(m.loc, f"module '{m.name}' is defined more than once")
                    self.d.note(prev.loc, f"first definition of '{m.name}' is here")
                    continue
                sc = _Scope(m, spec.path, {}, {}, {})
                self.scopes[m.name] = sc
                seen: dict[str, A.Loc] = {}
                for a in m.assignments:
                    if a.name in seen:
                        self.d.error(a.loc, f"'{a.name}' is already defined in module '{m.name}'")
                        self.d.note(seen[a.name], f"previous definition of '{a.name}' is here")
                        continue
                    seen[a.name] = a.loc
                    if isinstance(a, A.TypeAssignment):
                        sc.types[a.name] = a
                        self.typedefs[(m.name, a.name)] = TypeDef(m.name, a.name, None, a.loc)  # type: ignore[arg-type]
                    else:
                        sc.values[a.name] = a

    def _check_imports_exports(self) -> None:
        modules = [sc.module for sc in self.scopes.values()]
        for mname, sc in self.scopes.items():
            for imp in sc.module.imports:
                found, several = find_module(imp, modules)
                src = self.scopes.get(found) if found is not None else None
                if src is None:
                    if several:
                        self.d.error(imp.loc, f"module '{imp.module}' imported by '{mname}': its OID matches "
                                              f"several modules ({', '.join(several)})")
                        continue
                    self.d.error(imp.loc, f"module '{imp.module}' imported by '{mname}' was not found "
                                          f"(give its file on the command line or with -I)")
                    continue
                exported = None if src.module.exports is None else {n for n, _ in src.module.exports}
                # a module may import a name and pass it on (X.680 13.13): its own imports count
                passed_on = {s for other in src.module.imports for s, _ in other.symbols}
                for sym, loc in imp.symbols:
                    if sym in sc.types or sym in sc.values:
                        self.d.error(loc, f"imported symbol '{sym}' clashes with a definition in '{mname}'")
                        continue
                    if sym in sc.imports:
                        self.d.error(loc, f"'{sym}' is imported more than once")
                        continue
                    if sym not in src.types and sym not in src.values and sym not in passed_on:
                        self.d.error(loc, f"module '{src.module.name}' does not define '{sym}'")
                        continue
                    if exported is not None and sym not in exported:
                        self.d.error(loc, f"module '{src.module.name}' does not export '{sym}'")
                        continue
                    sc.imports[sym] = (src.module.name, loc)
            if sc.module.exports is not None:
                for sym, loc in sc.module.exports:
                    if sym not in sc.types and sym not in sc.values and sym not in sc.imports:
                        self.d.error(loc, f"exported symbol '{sym}' is not defined in module '{mname}'")

    def _origin(self, mod: str, name: str) -> Optional[str]:
        """The module that defines NAME as seen from MOD's imports, following names that
        a module imports and passes on; None when the chain breaks (already reported)
        or loops."""
        seen = {mod}
        src = self.scopes[mod].imports[name][0]
        while name not in self.scopes[src].types and name not in self.scopes[src].values:
            nxt = self.scopes[src].imports.get(name)
            if nxt is None or nxt[0] in seen:
                return None
            seen.add(src)
            src = nxt[0]
        return src

    # ------------------------------------------------------ name lookup

    def _lookup_type(self, mod: str, name: str, ext_module: Optional[str], loc: A.Loc) -> TypeDef:
        if ext_module is not None:
            if ext_module not in self.scopes:
                self.d.error(loc, f"unknown module '{ext_module}' in reference '{ext_module}.{name}'")
                raise _Unresolved
            mod_sc = self.scopes[ext_module]
            if name not in mod_sc.types:
                self.d.error(loc, f"module '{ext_module}' does not define type '{name}'")
                raise _Unresolved
            return self.typedefs[(ext_module, name)]
        sc = self.scopes[mod]
        if name in sc.types:
            return self.typedefs[(mod, name)]
        if name in sc.imports:
            src = self._origin(mod, name)
            if src is None:
                self.d.error(loc, f"'{name}' imported from '{sc.imports[name][0]}' is not defined there "
                                  f"nor in the modules it imports it from")
                raise _Unresolved
            if name in self.scopes[src].types:
                return self.typedefs[(src, name)]
            self.d.error(loc, f"'{name}' imported from '{src}' is a value, not a type")
            raise _Unresolved
        if name in sc.values:
            self.d.error(loc, f"'{name}' is a value, not a type")
            raise _Unresolved
        self.d.error(loc, f"undefined type '{name}'")
        raise _Unresolved

    def _lookup_value_def(self, mod: str, name: str, ext: Optional[str]) -> Optional[tuple[str, str]]:
        if ext is not None:
            return (ext, name) if ext in self.scopes and name in self.scopes[ext].values else None
        sc = self.scopes[mod]
        if name in sc.values:
            return (mod, name)
        if name in sc.imports:
            src = self._origin(mod, name)
            if src is not None and name in self.scopes[src].values:
                return (src, name)
        return None

    # ------------------------------------------------------- lowering

    def _ensure_lowered(self, mod: str, name: str) -> TypeDef:
        td = self.typedefs[(mod, name)]
        key = (mod, name)
        if key in self._lowered:
            return td
        if key in self._lowering:
            # A constraint applied to a reference needs the target's structure: a
            # cycle through such references can never be resolved.
            self.d.error(td.loc, f"type '{name}' is defined in terms of itself")
            raise _Unresolved
        self._lowering.add(key)
        try:
            td.type = self._lower(self.scopes[mod].types[name].type, mod)
        except _Unresolved:
            td.type = None  # type: ignore[assignment]
        finally:
            self._lowering.discard(key)
            self._lowered.add(key)
        return td

    def _lower(self, t: A.Type, mod: str) -> SType:
        if isinstance(t, A.TaggedType):
            self._check_tag(t, mod)
            inner = self._lower(t.inner, mod)
            return self._apply_constraints(inner, t.constraints, mod, t.loc) if t.constraints else inner
        if isinstance(t, A.TypeRef):
            td = self._lookup_type(mod, t.name, t.module, t.loc)
            if not t.constraints:
                return RefT(td)
            self._ensure_lowered(td.module, td.name)
            if td.type is None:
                raise _Unresolved
            base = resolve_ref(td.type)
            return self._apply_constraints(base, t.constraints, mod, t.loc)
        base = self._lower_builtin(t, mod)
        if t.constraints:
            return self._apply_constraints(base, t.constraints, mod, t.loc)
        return base

    def _check_tag(self, t: A.TaggedType, mod: str) -> None:
        n = self._int_value(t.number, mod, None)
        if n is not None and n < 0:
            self.d.error(t.number.loc, f"tag number must not be negative (got {n})")

    def _lower_builtin(self, t: A.Type, mod: str) -> SType:
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
            self.d.error(t.loc, f"unsupported: type {k}")
            raise _Unresolved
        if isinstance(t, A.IntegerType):
            named: dict[str, int] = {}
            used: dict[int, str] = {}
            for nn in t.named_numbers:
                v = self._int_value(nn.value, mod, None)
                if v is None:
                    continue
                if nn.name in named:
                    self.d.error(nn.loc, f"duplicate named number '{nn.name}'")
                elif v in used:
                    self.d.error(nn.loc, f"named numbers '{used[v]}' and '{nn.name}' have the same value {v}")
                else:
                    named[nn.name] = v
                    used[v] = nn.name
            return IntT("hyper", IntSet.all(), False, named)
        if isinstance(t, A.EnumeratedType):
            return self._lower_enum(t, mod)
        if isinstance(t, A.BitStringType):
            bits: dict[str, int] = {}
            for nb in t.named_bits:
                v = self._int_value(nb.value, mod, None)
                if v is None:
                    continue
                if v < 0:
                    self.d.error(nb.loc, f"named bit '{nb.name}' must not be negative")
                if nb.name in bits:
                    self.d.error(nb.loc, f"duplicate named bit '{nb.name}'")
                else:
                    same = [n for n, b in bits.items() if b == v]
                    if same:
                        self.d.error(nb.loc, f"named bits '{same[0]}' and '{nb.name}' have the same number {v}")
                bits[nb.name] = v
            return BitsT(IntSet.range(0, None), bits)
        if isinstance(t, A.CharStringType):
            return StringT(t.kind, IntSet.range(0, None), INTRINSIC_ALPHABETS.get(t.kind))
        if isinstance(t, A.SequenceType):
            return StructT(t.kind, self._lower_components(t.components, mod, t.kind, choice=False))
        if isinstance(t, A.ChoiceType):
            alts = self._lower_components(t.alternatives, mod, "CHOICE", choice=True)
            if not alts:
                self.d.error(t.loc, "CHOICE must have at least one alternative")
                raise _Unresolved
            return ChoiceT(alts)
        if isinstance(t, A.SequenceOfType):
            elem = self._lower(t.element, mod)
            return ArrayT(elem, IntSet.range(0, None), None)
        self.d.error(t.loc, "unsupported: this kind of type")
        raise _Unresolved

    def _lower_enum(self, t: A.EnumeratedType, mod: str) -> EnumT:
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
                v = self._int_value(it.number, mod, None)
                if v is not None:
                    explicit[i] = v
        root_taken = {v for i, v in explicit.items() if i < len(t.items)}
        nxt = 0
        last_addition: Optional[tuple[str, int]] = None
        for i, it in enumerate(all_items):
            if it.name in names:
                self.d.error(it.loc, f"duplicate ENUMERATED item '{it.name}'")
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
                    self.d.error(it.loc, f"ENUMERATED extension addition '{it.name}' = {v} must have a number "
                                         f"greater than the earlier addition '{last_addition[0]}' = "
                                         f"{last_addition[1]} (X.680)")
                    continue
                last_addition = (it.name, v)
            if not (INT32_MIN <= v <= INT32_MAX):
                self.d.error(it.loc, f"ENUMERATED item '{it.name}' = {v} does not fit in an XDR enum (32 bits)")
                continue
            if v in numbers:
                self.d.error(it.loc, f"ENUMERATED items '{numbers[v]}' and '{it.name}' have the same number {v}")
                continue
            numbers[v] = it.name
            items.append((it.name, v))
        if not items and not self.d.has_errors:
            self.d.error(t.loc, "ENUMERATED must have at least one item")
        return EnumT(items, t.extensible)

    def _lower_components(self, comps: list[A.Component], mod: str, what: str, choice: bool) -> list[Field]:
        out: list[Field] = []
        seen: dict[str, A.Loc] = {}
        for c in comps:
            if c.name in seen:
                self.d.error(c.loc, f"duplicate component name '{c.name}' in {what}")
                self.d.note(seen[c.name], f"previous '{c.name}' is here")
                continue
            seen[c.name] = c.loc
            if choice and (c.optional or c.default is not None):
                self.d.error(c.loc, f"CHOICE alternative '{c.name}' cannot be OPTIONAL or have a DEFAULT")
                continue
            try:
                ft = self._lower(c.type, mod)
            except _Unresolved:
                continue
            default = None
            if c.default is not None:
                try:
                    default = self._eval_value(c.default, ft, mod, f"DEFAULT of '{c.name}'")
                except _Unresolved:
                    pass
            optional = (c.optional or c.default is not None or c.after_extension) and not choice
            out.append(Field(c.name, ft, optional, default, c.loc))
        return out

    # ----------------------------------------------------- constraints

    def _apply_constraints(self, base: SType, constraints: list[A.Constraint], mod: str, loc: A.Loc) -> SType:
        t = base
        for c in constraints:
            t = self._apply_one(t, c, mod)
        return t

    def _apply_one(self, t: SType, c: A.Constraint, mod: str) -> SType:
        if isinstance(t, RefT):
            t = resolve_ref(t)
        if isinstance(t, IntT):
            vals = self._int_set(c.root, t, mod)
            if c.extension is not None:
                self._int_set(c.extension, t, mod)
            if c.extensible:
                return t  # docs/mapping.md: an extensible constraint neither narrows the wire type nor is enforced
            new = t.values.intersect(vals)
            if new.empty:
                self.d.error(c.loc, f"constraint admits no value (the type allows {t.values}, the constraint {vals})")
                raise _Unresolved
            return self._int_type(new, t.named_numbers, c.loc)
        if isinstance(t, (OctetsT, BitsT, StringT, ArrayT)):
            res = self._sized_set(c.root, t, mod)
            if c.extension is not None:
                self._sized_set(c.extension, t, mod)
            if c.extensible:
                return t
            sizes = t.sizes.intersect(res.sizes)
            if sizes.empty:
                self.d.error(c.loc, f"SIZE constraint admits no length (allowed before: {t.sizes})")
                raise _Unresolved
            if sizes.upper is not None and sizes.upper > MAX_WIRE_LENGTH:
                self.d.error(c.loc, f"SIZE upper bound {sizes.upper} does not fit in an XDR length (32 bits)")
                raise _Unresolved
            fixed = sizes.lower if sizes.is_single else None
            if isinstance(t, OctetsT):
                return OctetsT(sizes, fixed)
            if isinstance(t, BitsT):
                return BitsT(sizes, t.named_bits)
            if isinstance(t, ArrayT):
                return ArrayT(t.element, sizes, fixed)
            alpha = t.alphabet
            if res.alphabet is not None:
                alpha = res.alphabet if alpha is None else alpha.intersect(res.alphabet)
                if alpha.empty:
                    self.d.error(c.loc, "permitted alphabet admits no character")
                    raise _Unresolved
            return StringT(t.kind, sizes, alpha)
        if isinstance(t, RealT):
            rs = self._real_set(c.root, t, mod)
            if c.extension is not None:
                self._real_set(c.extension, t, mod)
            if c.extensible:
                return t
            new = reals.intersect(t.ranges if t.ranges is not None else reals.EVERYTHING, rs)
            if not new:
                self.d.error(c.loc, "constraint admits no REAL value")
                raise _Unresolved
            return RealT(new)
        if isinstance(t, EnumT):
            names = self._enum_set(c.root, t, mod)
            if c.extension is not None:
                self._enum_set(c.extension, t, mod)
            if c.extensible:
                return t
            kept = [(n, v) for n, v in t.items if n in names]
            if not kept:
                self.d.error(c.loc, "constraint admits no item of the ENUMERATED type")
                raise _Unresolved
            return EnumT(kept, t.extensible)
        what = {BoolT: "BOOLEAN", RealT: "REAL", NullT: "NULL", EnumT: "ENUMERATED",
                StructT: "SEQUENCE or SET", ChoiceT: "CHOICE"}.get(type(t), "this type")
        self.d.error(c.loc, f"unsupported: constraints on {what}")
        raise _Unresolved

    def _real_set(self, es: A.ElementSet, t: RealT, mod: str) -> "reals.RealSet":
        """The ranges a REAL constraint admits: single values, ranges (MIN, MAX, open
        ends), contained subtypes, unions and intersections."""
        result: reals.RealSet = ()
        for inter in es.unions:
            acc = reals.EVERYTHING
            for el in inter:
                if isinstance(el, A.ElementSet):
                    part = self._real_set(el, t, mod)
                elif isinstance(el, A.SingleValue):
                    x = self._real_bound(el.value, mod)
                    part = ((x, False, x, False),)
                elif isinstance(el, A.ValueRange):
                    lo = None if el.lower is None else self._real_bound(el.lower, mod)
                    hi = None if el.upper is None else self._real_bound(el.upper, mod)
                    part = ((lo, el.lower_open, hi, el.upper_open),)
                    if not reals.intersect(part, reals.EVERYTHING):
                        self.d.error(el.loc, f"empty range: {reals.describe(part)}")
                        raise _Unresolved
                elif isinstance(el, A.ContainedSubtype):
                    ct = self._contained(el, t, mod)
                    part = ct.ranges if ct.ranges is not None else reals.EVERYTHING
                else:
                    self.d.error(el.loc, "a REAL type can be constrained only by values, ranges and "
                                         "contained subtypes")
                    raise _Unresolved
                acc = reals.intersect(acc, part)
            result = reals.union(result, acc)
        return result

    def _real_bound(self, v, mod: str) -> float:
        x = self._eval_value(v, RealT(), mod, "REAL constraint")
        if x != x:
            self.d.error(v.loc, "NOT-A-NUMBER cannot be a REAL constraint's value")
            raise _Unresolved
        return x

    def _enum_set(self, es: A.ElementSet, t: EnumT, mod: str) -> set[str]:
        """The item names an ENUMERATED constraint admits: single values (item names),
        contained subtypes, unions and intersections."""
        result: set[str] = set()
        for inter in es.unions:
            acc = {n for n, _ in t.items}
            for el in inter:
                if isinstance(el, A.ElementSet):
                    acc &= self._enum_set(el, t, mod)
                elif isinstance(el, A.SingleValue):
                    acc &= {self._eval_value(el.value, t, mod, "single value")}
                elif isinstance(el, A.ContainedSubtype):
                    ct = self._contained(el, t, mod)
                    acc &= {n for n, _ in ct.items}
                else:
                    self.d.error(el.loc, "an ENUMERATED type can be constrained only by its items "
                                         "(single values) and contained subtypes")
                    raise _Unresolved
            result |= acc
        return result

    def _int_type(self, values: IntSet, named: dict[str, int], loc: A.Loc) -> IntT:
        lo, hi = values.lower, values.upper
        if (lo is not None and lo < INT64_MIN) or (hi is not None and hi > UINT64_MAX) or \
                (lo is not None and lo < 0 and hi is not None and hi > INT64_MAX):
            self.d.error(loc, f"value range {values} does not fit in 64 bits")
            raise _Unresolved
        if lo is not None and hi is not None and lo >= INT32_MIN and hi <= INT32_MAX:
            wire, full = "int", (INT32_MIN, INT32_MAX)
        elif lo is not None and hi is not None and lo >= 0 and hi <= UINT32_MAX:
            wire, full = "uint", (0, UINT32_MAX)
        elif lo is not None and hi is not None and lo >= 0 and hi > INT64_MAX:
            wire, full = "uhyper", (0, UINT64_MAX)
        else:
            wire, full = "hyper", (INT64_MIN, INT64_MAX)
        # Clamp open ends to the wire type, and enforce only when narrower than it.
        clamped = values.intersect(IntSet.range(*full))
        constrained = clamped.intervals != ((full[0], full[1]),)
        return IntT(wire, clamped, constrained, named)

    def _int_set(self, es: A.ElementSet, t: IntT, mod: str) -> IntSet:
        result = IntSet(())
        for inter in es.unions:
            acc = IntSet.all()
            for el in inter:
                acc = acc.intersect(self._int_element(el, t, mod))
            result = result.union(acc)
        return result

    def _int_element(self, el, t: IntT, mod: str) -> IntSet:
        if isinstance(el, A.ElementSet):
            return self._int_set(el, t, mod)
        if isinstance(el, A.SingleValue):
            v = self._int_value(el.value, mod, t)
            if v is None:
                raise _Unresolved
            return IntSet.range(v, v)
        if isinstance(el, A.ValueRange):
            lo = None if el.lower is None else self._int_value(el.lower, mod, t)
            hi = None if el.upper is None else self._int_value(el.upper, mod, t)
            if (el.lower is not None and lo is None) or (el.upper is not None and hi is None):
                raise _Unresolved
            if lo is not None and el.lower_open:
                lo += 1
            if hi is not None and el.upper_open:
                hi -= 1
            if lo is not None and hi is not None and lo > hi:
                self.d.error(el.loc, f"empty range: lower bound {lo} is greater than upper bound {hi}")
                raise _Unresolved
            return IntSet.range(lo, hi)
        if isinstance(el, A.ContainedSubtype):
            ct = self._contained(el, t, mod)
            return ct.values
        if isinstance(el, A.Pattern):
            self.d.error(el.loc, "PATTERN applies only to character string types")
            raise _Unresolved
        if isinstance(el, A.SizeConstraint):
            self.d.error(el.loc, "SIZE constraint cannot apply to INTEGER")
            raise _Unresolved
        if isinstance(el, A.PermittedAlphabet):
            self.d.error(el.loc, "FROM constraint cannot apply to INTEGER")
            raise _Unresolved
        raise _Unresolved

    def _sized_set(self, es: A.ElementSet, t: SType, mod: str) -> _SizeAlpha:
        result: Optional[_SizeAlpha] = None
        for inter in es.unions:
            acc = _SizeAlpha(IntSet.range(0, None), None)
            for el in inter:
                r = self._sized_element(el, t, mod)
                acc = _SizeAlpha(acc.sizes.intersect(r.sizes),
                                 r.alphabet if acc.alphabet is None else
                                 acc.alphabet if r.alphabet is None else acc.alphabet.intersect(r.alphabet))
            if result is None:
                result = acc
            else:  # a union of SIZE/FROM pairs is widened component-wise (documented)
                result = _SizeAlpha(result.sizes.union(acc.sizes),
                                    None if result.alphabet is None or acc.alphabet is None
                                    else result.alphabet.union(acc.alphabet))
        return result if result is not None else _SizeAlpha(IntSet.range(0, None), None)

    def _sized_element(self, el, t: SType, mod: str) -> _SizeAlpha:
        if isinstance(el, A.ElementSet):
            return self._sized_set(el, t, mod)
        if isinstance(el, A.SizeConstraint):
            size_int = IntT("uint", IntSet.range(0, None), False)
            c = el.constraint
            sizes = self._int_set(c.root, size_int, mod)
            if c.extension is not None:
                self._int_set(c.extension, size_int, mod)
            if c.extensible:
                return _SizeAlpha(IntSet.range(0, None), None)
            if sizes.lower is None:  # MIN: the least length, 0 (X.680: MIN is the parent's lower bound)
                sizes = sizes.intersect(IntSet.range(0, None))
            if sizes.lower is None or sizes.lower < 0:
                self.d.error(el.loc, f"SIZE must not admit negative lengths (got {sizes})")
                raise _Unresolved
            return _SizeAlpha(sizes, None)
        if isinstance(el, A.PermittedAlphabet):
            if not isinstance(t, StringT):
                self.d.error(el.loc, "FROM constraint applies only to character string types")
                raise _Unresolved
            c = el.constraint
            alpha = self._alphabet_set(c.root, mod)
            if c.extensible:
                return _SizeAlpha(IntSet.range(0, None), None)
            return _SizeAlpha(IntSet.range(0, None), alpha)
        if isinstance(el, A.ContainedSubtype):
            ct = self._contained(el, t, mod)
            return _SizeAlpha(ct.sizes, ct.alphabet if isinstance(ct, StringT) else None)
        if isinstance(el, A.Pattern):
            if not isinstance(t, StringT):
                self.d.error(el.loc, "PATTERN applies only to character string types")
                raise _Unresolved
            self._string_value(el.value, mod)
            return _SizeAlpha(IntSet.range(0, None), None)  # not enforced (docs/mapping.md)
        if isinstance(el, A.SingleValue) and isinstance(t, (StringT, OctetsT, BitsT)):
            # enforced through the value's length (and characters), not the value itself:
            # a union of single values admits every string of their lengths and characters
            v = self._eval_value(el.value, t, mod, "single value")
            if isinstance(t, BitsT):
                return _SizeAlpha(IntSet.range(v[0], v[0]), None)
            alpha = None
            if isinstance(t, StringT):
                text = v.decode("utf-8" if t.kind == "UTF8String" else "latin-1")
                if all(ord(ch) <= 255 for ch in text):
                    alpha = IntSet(())
                    for ch in text:
                        alpha = alpha.union(IntSet.range(ord(ch), ord(ch)))
            return _SizeAlpha(IntSet.range(len(v), len(v)), alpha)
        if isinstance(el, (A.SingleValue, A.ValueRange)):
            self.d.error(el.loc, "unsupported: value constraints on SEQUENCE OF and ranges on string types "
                                 "(use SIZE or FROM)")
            raise _Unresolved
        raise _Unresolved

    def _contained(self, el: A.ContainedSubtype, t: SType, mod: str) -> SType:
        """The type of ``INCLUDES T`` (X.680 contained subtype), which must be of the same
        kind as the type it constrains."""
        ct = self._structure(self._lower(el.type, mod))
        same = type(ct) is type(t) and (not isinstance(t, StringT) or ct.kind == t.kind)
        if not same:
            def kind(x: SType) -> str:
                return x.kind if isinstance(x, StringT) else describe(x)
            self.d.error(el.loc, f"contained subtype: {kind(ct)} is not a subtype of {kind(t)}")
            raise _Unresolved
        return ct

    def _alphabet_set(self, es: A.ElementSet, mod: str) -> IntSet:
        result = IntSet(())
        for inter in es.unions:
            acc = IntSet.range(0, 0x10FFFF)
            for el in inter:
                acc = acc.intersect(self._alphabet_element(el, mod))
            result = result.union(acc)
        return result

    def _char_of(self, v, mod: str, single: bool) -> IntSet:
        s = self._string_value(v, mod)
        if single and len(s) != 1:
            self.d.error(v.loc, f"range bounds in FROM must be single characters, not \"{s}\"")
            raise _Unresolved
        out = IntSet(())
        for ch in s:
            if ord(ch) > 255:
                self.d.error(v.loc, f"unsupported: permitted alphabet with character U+{ord(ch):04X} "
                                    f"beyond one byte")
                raise _Unresolved
            out = out.union(IntSet.range(ord(ch), ord(ch)))
        return out

    def _alphabet_element(self, el, mod: str) -> IntSet:
        if isinstance(el, A.ElementSet):
            return self._alphabet_set(el, mod)
        if isinstance(el, A.SingleValue):
            return self._char_of(el.value, mod, single=False)
        if isinstance(el, A.ValueRange):
            lo = 0 if el.lower is None else self._char_of(el.lower, mod, single=True).lower
            hi = 255 if el.upper is None else self._char_of(el.upper, mod, single=True).lower
            if el.lower_open:
                lo += 1
            if el.upper_open:
                hi -= 1
            if lo > hi:
                self.d.error(el.loc, "empty character range in FROM")
                raise _Unresolved
            return IntSet.range(lo, hi)
        self.d.error(el.loc, "unsupported: this element inside FROM")
        raise _Unresolved

    # ---------------------------------------------------------- values

    def _value(self, mod: str, name: str) -> Optional[ValueDef]:
        key = (mod, name)
        if key in self.values:
            return self.values[key]
        va = self.scopes[mod].values[name]
        if key in self._evaluating_values:
            self.d.error(va.loc, f"value '{name}' is defined in terms of itself")
            return None
        self._evaluating_values.add(key)
        try:
            t = self._lower(va.type, mod)
            v = self._eval_value(va.value, t, mod, f"value '{name}'")
        except _Unresolved:
            return None
        finally:
            self._evaluating_values.discard(key)
        vd = ValueDef(mod, name, t, v, va.loc)
        self.values[key] = vd
        return vd

    def _resolve_value_ref(self, ref: A.ValueRef, mod: str) -> Optional[ValueDef]:
        key = self._lookup_value_def(mod, ref.name, ref.module)
        if key is None:
            return None
        return self._value(*key)

    def _int_value(self, v, mod: str, t: Optional[IntT]) -> Optional[int]:
        if isinstance(v, A.IntValue):
            return v.value
        if isinstance(v, A.ValueRef):
            if t is not None and ref_local(v) and v.name in t.named_numbers:
                return t.named_numbers[v.name]
            vd = self._resolve_value_ref(v, mod)
            if vd is None:
                if self._lookup_value_def(mod, v.name, v.module) is None:
                    self.d.error(v.loc, f"undefined value '{v.name}'")
                return None
            if not isinstance(resolve_ref(vd.type), IntT):
                self.d.error(v.loc, f"value '{v.name}' is not an INTEGER")
                return None
            return vd.value  # type: ignore[return-value]
        self.d.error(v.loc, "expected an integer value")
        return None

    def _string_value(self, v, mod: str) -> str:
        if isinstance(v, A.StringValue):
            return v.value
        if isinstance(v, A.ValueRef):
            vd = self._resolve_value_ref(v, mod)
            if vd is not None and isinstance(resolve_ref(vd.type), StringT):
                return vd.value.decode("latin-1") if isinstance(vd.value, bytes) else str(vd.value)
            if vd is None and self._lookup_value_def(mod, v.name, v.module) is None:
                self.d.error(v.loc, f"undefined value '{v.name}'")
                raise _Unresolved
        self.d.error(v.loc, "expected a character string value")
        raise _Unresolved

    def _eval_value(self, v, t: SType, mod: str, what: str):
        """Evaluate a value written in the spec against a resolved type; the result is the
        Python value the back ends print: bool, int, enum item name, float, None (NULL),
        bytes (strings, octets), (nbits, bytes) for BIT STRING."""
        rt = self._structure(t)
        if isinstance(v, A.ValueRef) and not isinstance(rt, (IntT, EnumT)):
            vd = self._resolve_value_ref(v, mod)
            if vd is None:
                if self._lookup_value_def(mod, v.name, v.module) is None:
                    self.d.error(v.loc, f"undefined value '{v.name}'")
                raise _Unresolved
            vt = self._structure(vd.type)
            if type(vt) is not type(rt):
                self.d.error(v.loc, f"{what}: value '{v.name}' has the wrong type")
                raise _Unresolved
            if isinstance(rt, StringT) and isinstance(vt, StringT) and vt.kind != rt.kind:
                # X.680 maps a value of one character string type to another with the same
                # characters: the characters must be in the target type's repertoire
                text = vd.value.decode("utf-8" if vt.kind == "UTF8String" else "latin-1")
                try:
                    data = text.encode("utf-8" if rt.kind == "UTF8String" else "latin-1")
                except UnicodeEncodeError:
                    self.d.error(v.loc, f"{what}: value '{v.name}' of {vt.kind} has characters outside "
                                        f"the repertoire of {rt.kind}")
                    raise _Unresolved
                if rt.alphabet is not None:
                    bad = [ch for ch in text if not all(b in rt.alphabet for b in ch.encode(
                        "utf-8" if rt.kind == "UTF8String" else "latin-1"))]
                    if bad:
                        self.d.error(v.loc, f"{what}: value '{v.name}' of {vt.kind}: character {bad[0]!r} is "
                                            f"not in the permitted alphabet of {rt.kind}")
                        raise _Unresolved
                self._check_value_fits(data, rt, v.loc, what)
                return data
            self._check_value_fits(vd.value, rt, v.loc, what)
            return vd.value
        if isinstance(rt, BoolT):
            if isinstance(v, A.BoolValue):
                return v.value
        elif isinstance(rt, IntT):
            if isinstance(v, (A.IntValue, A.ValueRef)):
                n = self._int_value(v, mod, rt)
                if n is None:
                    raise _Unresolved
                self._check_value_fits(n, rt, v.loc, what)
                return n
        elif isinstance(rt, EnumT):
            if isinstance(v, A.ValueRef) and ref_local(v):
                for name, _ in rt.items:
                    if name == v.name:
                        return name
                self.d.error(v.loc, f"{what}: '{v.name}' is not an item of the ENUMERATED type")
                raise _Unresolved
        elif isinstance(rt, RealT):
            if isinstance(v, (A.RealValue, A.IntValue)):
                x = float(v.value)
                self._check_value_fits(x, rt, v.loc, what)
                return x
        elif isinstance(rt, NullT):
            if isinstance(v, A.NullValue):
                return None
        elif isinstance(rt, StringT):
            if isinstance(v, A.StringValue):
                try:
                    data = v.value.encode("utf-8" if rt.kind == "UTF8String" else "latin-1")
                except UnicodeEncodeError:
                    self.d.error(v.loc, f"{what}: string has characters outside the type's repertoire")
                    raise _Unresolved
                self._check_value_fits(data, rt, v.loc, what)
                return data
        elif isinstance(rt, OctetsT):
            if isinstance(v, A.BitsValue):
                bits = v.bits
                if v.hex and len(bits) % 8:
                    bits += "0" * (-len(bits) % 8)  # X.680: an odd number of hex digits gets a 0 digit
                if len(bits) % 8:
                    self.d.error(v.loc, f"{what}: a binary string for OCTET STRING needs a multiple of 8 bits")
                    raise _Unresolved
                data = int(bits, 2).to_bytes(len(bits) // 8, "big") if bits else b""
                self._check_value_fits(data, rt, v.loc, what)
                return data
        elif isinstance(rt, BitsT):
            if isinstance(v, A.BitsValue):
                nbits = len(v.bits)
                padded = v.bits + "0" * (-nbits % 8)
                data = int(padded, 2).to_bytes(len(padded) // 8, "big") if padded else b""
                self._check_value_fits((nbits, data), rt, v.loc, what)
                return (nbits, data)
        else:
            self.d.error(v.loc, f"unsupported: {what} of a constructed type")
            raise _Unresolved
        self.d.error(v.loc, f"{what}: value does not match the type {describe(rt)}")
        raise _Unresolved

    def _structure(self, t: SType) -> SType:
        """Follow references to the structural type, lowering named types on the way
        (a DEFAULT may refer to a type defined later or in another module)."""
        while isinstance(t, RefT):
            td = self._ensure_lowered(t.target.module, t.target.name)
            if td.type is None:
                raise _Unresolved
            t = td.type
        return t

    def _check_value_fits(self, value, rt: SType, loc: A.Loc, what: str) -> None:
        if isinstance(rt, IntT):
            if value not in rt.values:
                self.d.error(loc, f"{what}: {value} is outside the type's range ({rt.values})")
                raise _Unresolved
        elif isinstance(rt, (StringT, OctetsT)):
            if len(value) not in rt.sizes:
                self.d.error(loc, f"{what}: length {len(value)} is outside SIZE ({rt.sizes})")
                raise _Unresolved
            if isinstance(rt, StringT) and rt.alphabet is not None:
                for b in value:
                    if b not in rt.alphabet:
                        self.d.error(loc, f"{what}: character {chr(b)!r} is not in the permitted alphabet")
                        raise _Unresolved
        elif isinstance(rt, RealT):
            if not reals.contains(rt.ranges, value):
                self.d.error(loc, f"{what}: {value!r} is outside the type's values ({reals.describe(rt.ranges)})")
                raise _Unresolved
        elif isinstance(rt, BitsT):
            if value[0] not in rt.sizes:
                self.d.error(loc, f"{what}: {value[0]} bits is outside SIZE ({rt.sizes})")
                raise _Unresolved

    # ------------------------------------------------------ recursion

    def _check_alias_cycles(self) -> None:
        for td in self.typedefs.values():
            t, hops = td.type, 0
            while isinstance(t, RefT):
                if t.target is td or hops > len(self.typedefs):
                    self.d.error(td.loc, f"type '{td.name}' is defined in terms of itself")
                    td.type = None  # type: ignore[assignment]
                    break
                t, hops = t.target.type, hops + 1

    def _check_finite(self) -> None:
        """Least fixpoint: a type has a finite value if some choice of OPTIONAL absence,
        CHOICE alternative and empty SEQUENCE OF terminates it."""
        defs = [td for td in self.typedefs.values() if td.type is not None]
        finite: set[int] = set()
        changed = True
        while changed:
            changed = False
            for td in defs:
                if id(td) not in finite and self._has_finite(td.type, finite):
                    finite.add(id(td))
                    changed = True
        for td in defs:
            if id(td) not in finite:
                self.d.error(td.loc, f"type '{td.name}' has no finite value: its recursion is not broken "
                                     f"by OPTIONAL, CHOICE or a SEQUENCE OF that may be empty")

    def _has_finite(self, t: SType, finite: set[int]) -> bool:
        if isinstance(t, RefT):
            # a reference to a type that failed analysis was reported already: no cascade
            return id(t.target) in finite or t.target.type is None
        if isinstance(t, StructT):
            return all(f.optional or self._has_finite(f.type, finite) for f in t.fields)
        if isinstance(t, ChoiceT):
            return any(self._has_finite(f.type, finite) for f in t.alternatives)
        if isinstance(t, ArrayT):
            return t.sizes.lower == 0 or self._has_finite(t.element, finite)
        return True

    def _inline_edges(self, td: TypeDef) -> list[tuple[Optional[Field], TypeDef]]:
        """Named types that ``td``'s C representation would contain by value, each with
        the outermost component of ``td`` through which it is reached."""
        out: list[tuple[Optional[Field], TypeDef]] = []

        def walk(t: SType, via: Optional[Field]) -> None:
            if isinstance(t, RefT):
                out.append((via, t.target))
            elif isinstance(t, StructT):
                for f in t.fields:
                    if not f.indirect:
                        walk(f.type, via or f)
            elif isinstance(t, ChoiceT):
                for f in t.alternatives:
                    if not f.indirect:
                        walk(f.type, via or f)
            elif isinstance(t, ArrayT) and t.fixed is not None:
                walk(t.element, via)
        walk(td.type, None)
        return out

    def _mark_indirections(self) -> None:
        """Break every by-value containment cycle by holding one component through a
        pointer; the component chosen is the outermost one of the type closing the cycle."""
        defs = [td for td in self.typedefs.values() if td.type is not None]
        while True:
            cycle = self._find_inline_cycle(defs)
            if cycle is None:
                return
            for via, _ in cycle:
                if via is not None:
                    via.indirect = True
                    break
            else:  # only arrays/aliases in the cycle: _check_finite rejected these already
                return

    def _find_inline_cycle(self, defs: list[TypeDef]):
        edges = {id(td): self._inline_edges(td) for td in defs}
        state: dict[int, int] = {}
        stack: list[tuple[Optional[Field], TypeDef]] = []

        def dfs(td: TypeDef):
            state[id(td)] = 1
            for via, tgt in edges.get(id(td), []):
                stack.append((via, tgt))
                s = state.get(id(tgt), 0)
                if s == 1:
                    i = len(stack) - 1
                    while i > 0 and stack[i - 1][1] is not tgt:
                        i -= 1
                    return stack[i:]
                if s == 0:
                    r = dfs(tgt)
                    if r is not None:
                        return r
                stack.pop()
            state[id(td)] = 2
            return None

        for td in defs:
            if state.get(id(td), 0) == 0:
                stack.clear()
                r = dfs(td)
                if r is not None:
                    # the cycle's edges are [(via into next, next)...]; the 'via' fields
                    # belong to the source of each edge, which is what we mark.
                    return r
        return None

    def _mark_recursive(self) -> None:
        defs = [td for td in self.typedefs.values() if td.type is not None]
        refs: dict[int, set[int]] = {}
        by_id = {id(td): td for td in defs}

        def collect(t: SType, acc: set[int]) -> None:
            if isinstance(t, RefT):
                acc.add(id(t.target))
            elif isinstance(t, StructT):
                for f in t.fields:
                    collect(f.type, acc)
            elif isinstance(t, ChoiceT):
                for f in t.alternatives:
                    collect(f.type, acc)
            elif isinstance(t, ArrayT):
                collect(t.element, acc)
        for td in defs:
            refs[id(td)] = set()
            collect(td.type, refs[id(td)])
        # td is recursive when it can reach itself.
        for td in defs:
            seen: set[int] = set()
            work = list(refs[id(td)])
            while work:
                x = work.pop()
                if x == id(td):
                    td.recursive = True
                    break
                if x in seen or x not in refs:
                    continue
                seen.add(x)
                work.extend(refs[x])
        del by_id


def ref_local(v: A.ValueRef) -> bool:
    return v.module is None


def describe(t: SType) -> str:
    return {BoolT: "BOOLEAN", IntT: "INTEGER", EnumT: "ENUMERATED", NullT: "NULL", RealT: "REAL",
            OctetsT: "OCTET STRING", BitsT: "BIT STRING", StringT: "character string",
            StructT: "SEQUENCE", ChoiceT: "CHOICE", ArrayT: "SEQUENCE OF"}.get(type(t), "?")


def analyze(specs: list[A.SpecFile], diags: Diagnostics) -> Model:
    """Resolve and check ``specs``; raises CompileError (via ``diags.check()``) on errors."""
    model = Analyzer(diags).run(specs)
    diags.check()
    return model
