"""Semantic analysis: from syntax trees of one or more files to a checked :class:`Model`.

The pass resolves names (within a module, through IMPORTS, and ``Module.Type``
references), evaluates constraints to exact value and size sets, checks DEFAULT
values against their types, and analyses recursion (types with no finite value are
errors; recursive types are marked).  Which XDR item an INTEGER becomes and which
components C holds through a pointer are the IR's business (``ilpc.ir``).  Errors are reported
to a :class:`Diagnostics` sink and analysis continues where it can, so one run
reports as many as possible.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Optional

from ..diagnostics import Diagnostics
from ..frontend import ast as A
from . import reals
from .imports import find_module
from .parameterize import Env, Parameterizer, TypeBinding, ValueBinding
from .values import braced_as_oid, eval_constructed, is_constructed_value
from .inner import InnerConstraints, has_inner
from .objects import Objects, SetBinding, is_class_name, type_identifier
from .model import (
    INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, UINT32_MAX, UINT64_MAX,
    ArrayT, BitsT, BoolT, ChoiceT, EnumT, Field, IntSet, IntT, Model, ModuleModel,
    NullT, OctetsT, OidT, RealT, RefT, SType, StringT, StructT, TypeDef, ValueDef, resolve_ref,
    string_encoding,
)
from .oid import arc_problem, name_form, oid_type
from .times import TIME_FORMATS, time_type

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

# The values of an unconstrained BOOLEAN.
_BOTH = frozenset([False, True])

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
    ptypes: dict[str, A.ParameterizedTypeAssignment]  # templates (X.683)
    # X.681: information object classes, objects and object sets
    classes: dict[str, A.TypeAssignment] = field(default_factory=dict)
    objects: dict[str, A.ValueAssignment] = field(default_factory=dict)
    sets: dict[str, A.SetAssignment] = field(default_factory=dict)
    # symbols imported from a module that was not given: symbol -> (module name, loc of
    # the symbol in IMPORTS); an error only where their definition is needed
    missing: dict[str, tuple[str, A.Loc]] = field(default_factory=dict)


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
        # X.683: the dummy parameters in scope while a template is lowered, and how to
        # lower the named types that are instances of templates (compiler/semantic/parameterize.py).
        self.env: Env = {}
        self.thunks: dict[tuple[str, str], object] = {}
        self.params = Parameterizer(self, _Unresolved)
        self.inner = InnerConstraints(self, _Unresolved)
        self.objects = Objects(self, _Unresolved)
        self._components: list[dict[str, A.Component]] = []  # enclosing components, for '@'
        # modules imported but not given: (importing module, the import) in textual order;
        # the symbols of each taken as unknown object sets, and those whose definition was needed
        self._missing_imports: list[tuple[str, A.Import]] = []
        self.unknown_sets: dict[str, list[str]] = {}
        self._missing_needed: set[str] = set()
        # symbols of such modules taken as unknown because an object that an object set
        # holds needs them, or a value assignment that nothing uses (module -> symbol ->
        # "value", "type", "class" or "object"); the named sets made unknown so, and the value
        # assignments left out (module -> names)
        self.unknown_symbols: dict[str, dict[str, str]] = {}
        self.unknown_by_objects: dict[str, list[str]] = {}
        self.left_out_values: dict[str, list[str]] = {}
        # Where the type being lowered sits: its named type's module and the path from
        # that type's name through components (``["T", "body"]``); names the types
        # contents constraints contain when they are not named (_contents_typedef).
        self._naming_mod: Optional[str] = None
        self._naming: list[str] = []
        self._contents: list[TypeDef] = []  # named so, in the order they were met
        # Set while a constraint is evaluated when a part of it was widened (ilpc admits
        # more than the part does: docs/mapping.md); an EXCEPT takes away only parts that
        # are exact (_excluded).
        self._widened = False

    # ----------------------------------------------------------- driver

    def run(self, specs: list[A.SpecFile]) -> Model:
        self._collect(specs)
        self._classify()
        self._check_imports_exports()
        self._claim_instances()
        done: set[tuple[str, str]] = set()
        while len(done) < len(self.typedefs):  # instances are added as they are met
            for (mod, name) in list(self.typedefs):
                if (mod, name) not in done:
                    done.add((mod, name))
                    self._ensure_lowered(mod, name)
        for key in list(self.scopes_values()):
            if key not in self.values and self._leave_out_value(*key):
                continue
            self._value(*key)
        self._check_alias_cycles()
        self._check_finite()
        self._warn_missing_modules()
        if not self.d.has_errors:
            self._mark_recursive()
        models = []
        for mname, sc in self.scopes.items():
            mm = ModuleModel(mname, sc.path, sc.module.loc)
            for a in sc.module.assignments:
                if isinstance(a, (A.TypeAssignment, A.SetAssignment)) and (mname, a.name) in self.typedefs:
                    td = self.typedefs[(mname, a.name)]
                    if td.type is not None and td not in mm.typedefs:
                        mm.typedefs.append(td)
                elif isinstance(a, A.ValueAssignment) and (mname, a.name) in self.values:
                    mm.values.append(self.values[(mname, a.name)])
            for td in self.params.created + self._contents:
                if td.module == mname and td.type is not None:
                    mm.typedefs.append(td)
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
                sc = _Scope(m, spec.path, {}, {}, {}, {})
                self.scopes[m.name] = sc
                seen: dict[str, A.Loc] = {}
                for a in m.assignments:
                    if a.name in seen:
                        self.d.error(a.loc, f"'{a.name}' is already defined in module '{m.name}'")
                        self.d.note(seen[a.name], f"previous definition of '{a.name}' is here")
                        continue
                    seen[a.name] = a.loc
                    if isinstance(a, A.TypeAssignment) and isinstance(a.type, A.TypeRef) \
                            and a.type.name == "TYPE-IDENTIFIER" and not a.type.constraints:
                        sc.classes[a.name] = A.TypeAssignment(a.name, type_identifier(a.loc).node, a.loc)
                    elif isinstance(a, A.TypeAssignment) and isinstance(a.type, A.ObjectClass):
                        sc.classes[a.name] = a
                    elif isinstance(a, A.SetAssignment):
                        sc.sets[a.name] = a  # sorted out by _classify once every class is known
                    elif isinstance(a, A.TypeAssignment):
                        sc.types[a.name] = a
                        self.typedefs[(m.name, a.name)] = TypeDef(m.name, a.name, None, a.loc)  # type: ignore[arg-type]
                    elif isinstance(a, A.ParameterizedTypeAssignment):
                        sc.ptypes[a.name] = a
                    else:
                        sc.values[a.name] = a

    def _visible_class(self, mod: str, t) -> bool:
        """Whether ``t`` names an information object class defined in or imported into ``mod``."""
        if not isinstance(t, A.TypeRef) or t.constraints or not is_class_name(t.name):
            return False
        if t.name == "TYPE-IDENTIFIER" and t.module is None:
            return True  # the built-in class of X.681 annex A
        sc = self.scopes[mod]
        if t.module is not None:
            return t.module in self.scopes and t.name in self.scopes[t.module].classes
        if t.name in sc.classes:
            return True
        return any(t.name in [n for n, _ in imp.symbols] and imp.module in self.scopes
                   and t.name in self.scopes[imp.module].classes for imp in sc.module.imports)

    def _classify(self) -> None:
        """Value assignments governed by a class are objects; set assignments not governed
        by one are value sets, that is constrained types (X.680 16.6)."""
        for mname, sc in self.scopes.items():
            for name, va in list(sc.values.items()):
                if self._visible_class(mname, va.type):
                    del sc.values[name]
                    sc.objects[name] = va
            for name, sa in list(sc.sets.items()):
                if self._visible_class(mname, sa.type):
                    continue
                del sc.sets[name]
                t = sa.type
                if sa.root is not None:
                    t.constraints.append(A.Constraint(sa.root, sa.extensible, sa.extension, sa.loc))
                sc.types[name] = A.TypeAssignment(name, t, sa.loc)
                self.typedefs[(mname, name)] = TypeDef(mname, name, None, sa.loc)  # type: ignore[arg-type]

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
                    # not an error yet: only where a definition from it is needed (_undefined)
                    self._missing_imports.append((mname, imp))
                    for sym, loc in imp.symbols:
                        if _defines(sc, sym):
                            self.d.error(loc, f"imported symbol '{sym}' clashes with a definition in '{mname}'")
                        elif sym in sc.imports or sym in sc.missing:
                            self.d.error(loc, f"'{sym}' is imported more than once")
                        else:
                            sc.missing[sym] = (imp.module, loc)
                    continue
                exported = None if src.module.exports is None else {n for n, _ in src.module.exports}
                # a module may import a name and pass it on (X.680 13.13): its own imports count
                passed_on = {s for other in src.module.imports for s, _ in other.symbols}
                for sym, loc in imp.symbols:
                    if _defines(sc, sym):
                        self.d.error(loc, f"imported symbol '{sym}' clashes with a definition in '{mname}'")
                        continue
                    if sym in sc.imports or sym in sc.missing:
                        self.d.error(loc, f"'{sym}' is imported more than once")
                        continue
                    if not _defines(src, sym) and sym not in passed_on:
                        self.d.error(loc, f"module '{src.module.name}' does not define '{sym}'")
                        continue
                    if exported is not None and sym not in exported:
                        self.d.error(loc, f"module '{src.module.name}' does not export '{sym}'")
                        continue
                    sc.imports[sym] = (src.module.name, loc)
            if sc.module.exports is not None:
                for sym, loc in sc.module.exports:
                    if not _defines(sc, sym) and sym not in sc.imports and sym not in sc.missing:
                        self.d.error(loc, f"exported symbol '{sym}' is not defined in module '{mname}'")

    def missing_import(self, mod: str, name: str) -> Optional[tuple[str, A.Loc]]:
        """(module, loc of the import) when NAME, as MOD sees it, is imported from a module
        that was not given (directly, or through modules that import it and pass it on)."""
        seen: set[str] = set()
        while mod not in seen:
            seen.add(mod)
            sc = self.scopes[mod]
            if name in sc.missing:
                return sc.missing[name]
            if name not in sc.imports:
                return None
            mod = sc.imports[name][0]
        return None

    def _undefined(self, loc: A.Loc, mod: str, name: str, message: str, ext: Optional[str] = None) -> None:
        """Report MESSAGE (a name with no definition) at LOC; when the name (not qualified
        by a module, EXT) comes from a module that was not given, say that its definition
        is needed instead."""
        miss = self.missing_import(mod, name) if ext is None else None
        if miss is None:
            self.d.error(loc, message)
            return
        src, at = miss
        self._missing_needed.add(src)
        self.d.error(loc, f"'{name}' is imported from module '{src}', which was not found: its definition "
                          f"is needed here (give the module's file on the command line or with -I)")
        self.d.note(at, f"'{name}' is imported here")

    def unknown_set(self, mod: str, name: str) -> bool:
        """Whether NAME, used in MOD as an object set, is one of a module that was not given:
        an unknown object set (recorded for the warning)."""
        miss = self.missing_import(mod, name)
        if miss is None:
            return False
        used = self.unknown_sets.setdefault(miss[0], [])
        if name not in used:
            used.append(name)
        return True

    def missing_needs(self, node, mod: str, env=None) -> list[tuple[str, str, str]]:
        """The symbols of modules that were not given that NODE (a type, a value, or
        settings of an object, written in MOD with the dummy parameters ENV in scope)
        needs: directly, or through the value assignments and objects it names.
        (module, symbol, "value" / "type" / "class" / "object") in the order met; a
        component label in a braced value (``{ id-x 1 }``) counts, as an OBJECT
        IDENTIFIER value reads it as a reference."""
        out: list[tuple[str, str, str]] = []
        if not self._missing_imports:
            return out
        seen: set[tuple[str, str]] = set()

        def check(name: str, m: str, scope_env, kind: str) -> None:
            if scope_env and name in scope_env:
                return
            miss = self.missing_import(m, name)
            if miss is not None:
                if kind == "value" and name[:1].isupper():
                    kind = "type"
                if kind == "type" and is_class_name(name):
                    kind = "class"
                if (miss[0], name, kind) not in out:
                    out.append((miss[0], name, kind))
                return
            key = self._lookup_value_def(m, name, None)
            if key is not None and key not in seen:
                seen.add(key)
                visit(self.scopes[key[0]].values[key[1]].value, key[0], None)
                return
            found = self.objects._find(m, name, None, "objects")
            if found is not None and (found[0], name) not in seen:
                seen.add((found[0], name))
                visit(found[1].value, found[0], None)

        def visit(n, m: str, scope_env) -> None:
            if isinstance(n, (list, tuple)):
                for x in n:
                    visit(x, m, scope_env)
                return
            if isinstance(n, A.RawValue):  # braces kept as tokens (an object, a value)
                for tok in n.tokens:
                    if re.fullmatch(r"[A-Za-z][\w-]*", tok.text):
                        check(tok.text, m, scope_env, "value")
                return
            if not dataclasses.is_dataclass(n) or isinstance(n, type):
                return
            if isinstance(n, (A.ValueRef, A.TypeRef, A.ParameterizedTypeRef)) and n.module is None:
                check(n.name, m, scope_env, "type" if isinstance(n, A.TypeBase) else "value")
            elif isinstance(n, A.ClassFieldType) and n.module is None:
                check(n.class_name, m, scope_env, "type")
            elif isinstance(n, A.OidComponent) and n.name and n.number is None:
                check(n.name, m, scope_env, "value")
            elif isinstance(n, A.NamedValue):  # '{ id-x 1 }' reads so; an OID takes id-x as a value
                check(n.name, m, scope_env, "value")
            for f in dataclasses.fields(n):
                if f.name != "loc":
                    visit(getattr(n, f.name), m, scope_env)
            raw = getattr(n, "raw", None)
            if isinstance(raw, A.RawValue):
                visit(raw, m, scope_env)

        visit(node, mod, env)
        return out

    def take_as_unknown(self, needs: list[tuple[str, str, str]]) -> None:
        """Record NEEDS (missing_needs) as symbols taken as unknown, for the warning."""
        for src, name, kind in needs:
            self.unknown_symbols.setdefault(src, {}).setdefault(name, kind)

    def _leave_out_value(self, mod: str, name: str) -> bool:
        """A value assignment whose value needs a symbol of a module that was not given
        has no known value: left out (with the warning) when nothing evaluated it."""
        va = self.scopes[mod].values[name]
        needs = self.missing_needs([va.type, va.value], mod)
        if not needs:
            return False
        self.take_as_unknown(needs)
        for src in dict.fromkeys(src for src, _, _ in needs):
            self.left_out_values.setdefault(src, []).append(name)
        return True

    def _warn_missing_modules(self) -> None:
        """One warning per module imported but not given, unless a definition from it was
        needed (reported as an error there)."""
        warned: set[str] = set()
        for mname, imp in self._missing_imports:
            if imp.module in warned or imp.module in self._missing_needed:
                continue
            warned.add(imp.module)
            used = self.unknown_sets.get(imp.module, [])
            # in the order of the IMPORTS clauses that name the module
            sets = [s for m, i in self._missing_imports if i.module == imp.module
                    for s, _ in i.symbols if s in used]
            sets = list(dict.fromkeys(sets + used))
            symbols = self.unknown_symbols.get(imp.module, {})
            if symbols or self.left_out_values.get(imp.module):
                self.d.warning(imp.loc, self._unknown_message(imp.module, sets, symbols))
            elif sets:
                what = "object sets" if len(sets) > 1 else "object set"
                verb = "are" if len(sets) > 1 else "is"
                self.d.warning(imp.loc, f"module '{imp.module}' was not found; its {what} {', '.join(sets)} "
                                        f"{verb} taken as unknown (an open type such a set constrains is an opaque)")
            else:
                self.d.warning(imp.loc, f"module '{imp.module}' imported by '{mname}' was not found; "
                                        f"nothing imported from it is used")

    def _unknown_message(self, module: str, sets: list[str], symbols: dict[str, str]) -> str:
        """The warning for a module that was not given whose symbols are taken as unknown
        by an object (of an object set) or a value assignment that needs them."""
        order = [s for _, i in self._missing_imports if i.module == module for s, _ in i.symbols]
        ordered = sorted(symbols, key=lambda s: order.index(s) if s in order else len(order))
        taken = []
        if sets:
            taken.append(f"object set{'s' if len(sets) > 1 else ''} {', '.join(sets)}")
        for kind in ("object", "value", "type", "class"):
            names = [s for s in ordered if symbols[s] == kind]
            if names:
                taken.append(f"{kind}{'s' if len(names) > 1 else ''} {', '.join(names)}")
        n = len(sets) + len(symbols)
        msg = (f"module '{module}' was not found; its {' and '.join(taken)} {'are' if n > 1 else 'is'} "
               f"taken as unknown")
        by_objects = self.unknown_by_objects.get(module, [])
        if by_objects:
            msg += (f", and so {'are' if len(by_objects) > 1 else 'is'} the object "
                    f"set{'s' if len(by_objects) > 1 else ''} {', '.join(by_objects)}, which "
                    f"hold{'' if len(by_objects) > 1 else 's'} an object that needs "
                    f"{'them' if len(symbols) > 1 else 'it'}")
        if sets or by_objects:
            msg += " (an open type such a set constrains is an opaque)"
        left = self.left_out_values.get(module, [])
        if left:
            msg += (f"; the value assignment{'s' if len(left) > 1 else ''} {', '.join(left)}, which "
                    f"need{'' if len(left) > 1 else 's'} {'them' if len(symbols) > 1 else 'it'}, "
                    f"{'are' if len(left) > 1 else 'is'} left out")
        return msg

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
        if name in sc.classes or (name in sc.imports and name in self.scopes[sc.imports[name][0]].classes):
            self.d.error(loc, f"'{name}' is an information object class, not a type")
            raise _Unresolved
        if name in sc.ptypes or (name in sc.imports and name in self.scopes[sc.imports[name][0]].ptypes):
            self.d.error(loc, f"'{name}' is a parameterized type: give its actual parameters, "
                              f"as in '{name}{{...}}'")
            raise _Unresolved
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
        self._undefined(loc, mod, name, f"undefined type '{name}'")
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
            saved_components, self._components = self._components, []
            saved_naming = self._naming_mod, self._naming
            self._naming_mod, self._naming = mod, [name]
            try:
                thunk = self.thunks.get(key)
                if thunk is not None:  # an instance of a parameterized type
                    td.type = thunk()  # type: ignore[operator]
                else:
                    td.type = self.with_env({}, lambda: self._lower(self.scopes[mod].types[name].type, mod))
            finally:
                self._components = saved_components
                self._naming_mod, self._naming = saved_naming
        except _Unresolved:
            td.type = None  # type: ignore[assignment]
        finally:
            self._lowering.discard(key)
            self._lowered.add(key)
        return td

    def named_part(self, part: str, fn):
        """``fn()`` with ``part`` (a component's name, ``item`` for the elements of a
        SEQUENCE OF) added to the path of the type being lowered."""
        self._naming.append(part)
        try:
            return fn()
        finally:
            self._naming.pop()

    def _excluded(self, fn):
        """The set ``fn()`` evaluates, the excluded part of an EXCEPT, or None when ilpc
        could not compute it exactly: taking away a widened set would reject values that
        are valid, so the EXCEPT then takes away nothing (and the result is widened)."""
        saved, self._widened = self._widened, False
        try:
            value = fn()
            widened = self._widened
        finally:
            self._widened = saved
        if widened:
            self._widened = True
            return None
        return value

    def with_env(self, env: Env, fn):
        """``fn()`` with the dummy parameters ``env`` in scope (X.683)."""
        saved, self.env = self.env, env
        try:
            return fn()
        finally:
            self.env = saved

    def _claim_instances(self) -> None:
        """``U ::= T{X}`` makes the instance T{X} the type U (docs/mapping.md): claimed
        in textual order, those whose actual parameters are no instances themselves
        first, so that naming does not depend on the order of lowering."""
        for nested in (False, True):
            for mname, sc in self.scopes.items():
                for a in sc.module.assignments:
                    t = a.type if isinstance(a, A.TypeAssignment) else None
                    if not isinstance(t, A.ParameterizedTypeRef) or t.constraints:
                        continue
                    if any(isinstance(x, A.ParameterizedTypeRef) for x in t.args) != nested:
                        continue
                    td = self.typedefs.get((mname, a.name))
                    if td is None or (mname, a.name) in self.thunks:
                        continue
                    try:
                        self.with_env({}, lambda: self.params.claim(td, t, mname))
                    except _Unresolved:  # reported: do not lower (and report) it again
                        self.thunks[(mname, a.name)] = _fail

    def _set_binding(self, el: A.ContainedSubtype) -> SetBinding:
        """The value set parameter a contained subtype names; anything else is reported."""
        t = el.type
        b = self._param_binding(t.name, t.module) if isinstance(t, A.TypeRef) and not t.constraints else None
        if isinstance(b, SetBinding):
            return b
        self.d.error(el.loc, f"unsupported: contained subtype constraint '{el.text}' (write the values "
                             "or ranges instead)")
        raise _Unresolved

    def _param_binding(self, name: str, module: Optional[str]):
        if module is None and name in self.env:
            return self.env[name]
        return None

    def _lower(self, t: A.Type, mod: str) -> SType:
        if isinstance(t, A.TypeRef) and self._param_binding(t.name, t.module) is not None:
            b = self._param_binding(t.name, t.module)
            if not isinstance(b, TypeBinding):
                self.d.error(t.loc, f"'{t.name}' is a value parameter, not a type")
                raise _Unresolved
            base = b.make()
            if not t.constraints:
                return base
            return self._apply_constraints(self._structure(base), t.constraints, mod, t.loc)
        if isinstance(t, A.ParameterizedTypeRef):
            td = self.params.instance(t, mod)
            if not t.constraints:
                return RefT(td)
            return self._apply_constraints(self._structure(RefT(td)), t.constraints, mod, t.loc)
        if isinstance(t, A.ClassFieldType):
            return self.objects.lower_field_type(t, mod, self._relation_fields)
        if isinstance(t, A.ObjectClass):
            self.d.error(t.loc, "an information object class is not a type: define it as 'NAME ::= CLASS {...}'")
            raise _Unresolved
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
            if k in ("OBJECT IDENTIFIER", "RELATIVE-OID"):
                return oid_type(relative=k == "RELATIVE-OID")
            if k in TIME_FORMATS:
                return time_type(k)
            self.d.error(t.loc, f"unsupported: type {k}")
            raise _Unresolved
        if isinstance(t, A.AnyType):
            # docs/mapping.md: an opaque<> holding the value's encoding, however agreed
            return OctetsT(IntSet.range(0, None), None)
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
            return IntT(IntSet.all(), named)
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
            comps = self._expand_components_of(t.components, mod, t.kind, frozenset())
            return StructT(t.kind, self._lower_components(comps, mod, t.kind, choice=False))
        if isinstance(t, A.ChoiceType):
            alts = self._lower_components(t.alternatives, mod, "CHOICE", choice=True)
            if not alts:
                if not t.alternatives:  # else each alternative's error was reported
                    self.d.error(t.loc, "CHOICE must have at least one alternative")
                raise _Unresolved
            return ChoiceT(alts)
        if isinstance(t, A.SequenceOfType):
            elem = self.named_part("item", lambda: self._lower(t.element, mod))
            return ArrayT(elem, IntSet.range(0, None), None, t.element_name)
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

    def _relation_fields(self, refs: list[A.AtRef]) -> list[str]:
        """The class fields that the components named by ``@`` references hold (X.682
        10.7: ``@x`` from the outermost SEQUENCE of the type, ``@.x`` from the innermost)."""
        out = []
        for ref in refs:
            comps = (self._components[-1] if ref.inner else self._components[0]) if self._components else {}
            comp = comps.get(ref.path[0])
            t = comp.type if comp is not None else None
            out.append(t.field[-1] if isinstance(t, A.ClassFieldType) else ref.path[-1])
        return out

    def _lower_components(self, items: list, mod: str, what: str, choice: bool) -> list[Field]:
        comps = [item[0] if isinstance(item, tuple) else item for item in items]
        self._components.append({c.name: c for c in comps if isinstance(c, A.Component)})
        try:
            return self._lower_components_in(items, mod, what, choice)
        finally:
            self._components.pop()

    def _lower_components_in(self, items: list, mod: str, what: str, choice: bool) -> list[Field]:
        """Fields from components, each an ``A.Component`` of module ``mod`` or a
        ``(component, module)`` pair (copied by COMPONENTS OF from another module)."""
        out: list[Field] = []
        seen: dict[str, A.Loc] = {}
        pairs = [item if isinstance(item, tuple) else (item, mod) for item in items]
        names = {c.name for c, _ in pairs}
        for c, cmod in pairs:
            inner = c.type
            while isinstance(inner, A.TaggedType):
                inner = inner.inner
            if isinstance(inner, A.AnyType) and inner.defined_by is not None and \
                    (choice or inner.defined_by not in names):
                self.d.error(inner.loc, f"ANY DEFINED BY {inner.defined_by}: the {what} has no "
                                        f"component '{inner.defined_by}'")
            if c.name in seen:
                self.d.error(c.loc, f"duplicate component name '{c.name}' in {what}")
                self.d.note(seen[c.name], f"previous '{c.name}' is here")
                continue
            seen[c.name] = c.loc
            if choice and (c.optional or c.default is not None):
                self.d.error(c.loc, f"CHOICE alternative '{c.name}' cannot be OPTIONAL or have a DEFAULT")
                continue
            try:
                ft = self.named_part(c.name, lambda: self._lower(c.type, cmod))
            except _Unresolved:
                continue
            default = None
            if c.default is not None:
                try:
                    default = self._eval_value(c.default, ft, cmod, f"DEFAULT of '{c.name}'")
                except _Unresolved:
                    pass
            optional = (c.optional or c.default is not None or c.after_extension) and not choice
            out.append(Field(c.name, ft, optional, default, c.loc))
        return out

    def _expand_components_of(self, comps: list, mod: str, kind: str, active: frozenset) -> list:
        """The components of a SEQUENCE/SET with every ``COMPONENTS OF T`` replaced by the
        root components of T (ITU-T X.680 25.5: not its extension additions), as
        ``(component, module)`` pairs; a copy placed after '...' is an addition."""
        out: list = []
        for c in comps:
            if not isinstance(c, A.ComponentsOf):
                out.append((c, mod))
                continue
            try:
                target, tmod, key = self._components_of_target(c, mod, kind, active)
            except _Unresolved:
                continue
            root = [x for x in target.components if not x.after_extension]
            for ic, imod in self._expand_components_of(root, tmod, kind, active | {key}):
                out.append((dataclasses.replace(ic, after_extension=c.after_extension), imod))
        return out

    def _components_of_target(self, c: A.ComponentsOf, mod: str, kind: str, active: frozenset):
        t, tmod, key = c.type, mod, None
        while True:
            if isinstance(t, A.TaggedType):
                t = t.inner
            elif isinstance(t, A.TypeRef):
                td = self._lookup_type(tmod, t.name, t.module, t.loc)
                key = (td.module, td.name)
                if key in active:
                    self.d.error(c.loc, f"COMPONENTS OF {td.name}: the type includes its own components")
                    raise _Unresolved
                t, tmod = self.scopes[td.module].types[td.name].type, td.module
            elif isinstance(t, A.SequenceType) and t.kind == kind:
                return t, tmod, key if key is not None else (tmod, id(t))
            else:
                self.d.error(c.loc, f"COMPONENTS OF needs a {kind} type here")
                raise _Unresolved

    # ----------------------------------------------------- constraints

    def _apply_constraints(self, base: SType, constraints: list[A.Constraint], mod: str, loc: A.Loc) -> SType:
        t = base
        for c in constraints:
            t = self._apply_one(t, c, mod)
        return t

    def _apply_one(self, t: SType, c: A.Constraint, mod: str) -> SType:
        if c.user_defined:
            return t  # CONSTRAINED BY: docs/mapping.md, accepted without effect
        if isinstance(t, RefT):
            t = resolve_ref(t)
        if isinstance(t, OidT):
            return self._oid_constraint(t, c, mod)
        if len(c.root.unions) == 1 and len(c.root.unions[0]) == 1 and \
                isinstance(c.root.unions[0][0], A.Contents):
            return self._contents_constraint(t, c.root.unions[0][0], mod)
        if isinstance(t, (StructT, ChoiceT)) or (isinstance(t, (ArrayT, RealT)) and has_inner(c.root)):
            return self.inner.apply(t, c, mod)  # WITH COMPONENT(S), X.680 51.8
        if has_inner(c.root):
            self.d.error(c.loc, f"an inner type constraint (WITH COMPONENT or WITH COMPONENTS) cannot "
                                f"apply to {describe(t)}")
            raise _Unresolved
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
                return ArrayT(t.element, sizes, fixed, t.element_name)
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
        if isinstance(t, BoolT):
            bools = self._value_set(c, t, mod, self._bool_set, t.values, " of the BOOLEAN type")
            return t if bools is None else BoolT(None if bools == _BOTH else bools)
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
                elif isinstance(el, A.Except):
                    # ilpc's REAL sets leave NaN out, and ALL EXCEPT (or a difference) would
                    # have to keep it: not modelled
                    self.d.error(el.loc, "unsupported: EXCEPT on REAL (set difference of REAL values)")
                    raise _Unresolved
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
                acc &= self._enum_element(el, t, mod)
            result |= acc
        return result

    def _enum_element(self, el, t: EnumT, mod: str) -> set[str]:
        if isinstance(el, A.ElementSet):
            return self._enum_set(el, t, mod)
        if isinstance(el, A.Except):
            base = {n for n, _ in t.items} if el.base is None else self._enum_element(el.base, t, mod)
            excluded = self._excluded(lambda: self._enum_element(el.excluded, t, mod))
            return base if excluded is None else base - excluded
        if isinstance(el, A.SingleValue):
            return {self._eval_value(el.value, t, mod, "single value")}
        if isinstance(el, A.ContainedSubtype):
            ct = self._contained(el, t, mod)
            self._widened = True  # its extensible constraints were dropped
            return {n for n, _ in ct.items}
        self.d.error(el.loc, "an ENUMERATED type can be constrained only by its items "
                             "(single values) and contained subtypes")
        raise _Unresolved

    def _bool_set(self, es: A.ElementSet, t: BoolT, mod: str) -> frozenset:
        """The values a BOOLEAN constraint admits: single values (TRUE, FALSE, BOOLEAN
        value references), contained subtypes, unions and intersections."""
        result: frozenset = frozenset()
        for inter in es.unions:
            acc = _BOTH
            for el in inter:
                acc = acc & self._bool_element(el, t, mod)
            result = result | acc
        return result

    def _bool_element(self, el, t: BoolT, mod: str) -> frozenset:
        if isinstance(el, A.ElementSet):
            return self._bool_set(el, t, mod)
        if isinstance(el, A.Except):
            base = _BOTH if el.base is None else self._bool_element(el.base, t, mod)
            excluded = self._excluded(lambda: self._bool_element(el.excluded, t, mod))
            return base if excluded is None else base - excluded
        if isinstance(el, A.SingleValue):
            return frozenset([self._eval_value(el.value, BoolT(), mod, "single value")])
        if isinstance(el, A.ContainedSubtype):
            ct = self._contained(el, t, mod)
            self._widened = True  # its extensible constraints were dropped
            return ct.values if ct.values is not None else _BOTH
        self.d.error(el.loc, "a BOOLEAN type can be constrained only by its values (TRUE, FALSE) "
                             "and contained subtypes")
        raise _Unresolved

    def _contents_constraint(self, t: SType, c: A.Contents, mod: str) -> SType:
        """CONTAINING T [ENCODED BY e] (ITU-T X.682): the OCTET STRING or BIT STRING holds
        an encoding of T.  Without ENCODED BY it is T's XDR encoding, and the C back end
        gives the type helpers to put a T in and take it out (docs/mapping.md)."""
        if not isinstance(t, (OctetsT, BitsT)):
            self.d.error(c.loc, f"a contents constraint applies only to OCTET STRING and BIT STRING, "
                                f"not {describe(t)}")
            raise _Unresolved
        if c.encoded_by is not None:
            self._eval_value(c.encoded_by, oid_type(relative=False), mod, "ENCODED BY")
        contains = None
        if c.type is not None:
            inner = self._lower(c.type, mod)
            if c.encoded_by is None:
                contains = inner if isinstance(inner, RefT) else RefT(self._contents_typedef(inner, mod, c.type.loc))
        if isinstance(t, OctetsT):
            return OctetsT(t.sizes, t.fixed, contains)
        return BitsT(t.sizes, t.named_bits, contains)

    def _contents_typedef(self, t: SType, mod: str, loc: A.Loc) -> TypeDef:
        """A named type for the type ``t`` that a contents constraint contains when it is
        not a named type (``CONTAINING SEQUENCE {...}``, ``CONTAINING INTEGER (0..7)``,
        a dummy type parameter bound to a built-in type), so that the C helpers have a
        type with functions of its own: the path of the containing type, then
        ``contents`` (``T-body-contents`` for the component ``body`` of ``T``), in the
        module of the containing named type; a name taken there (also as a C name)
        gets ``-2``, ``-3``, ... appended (docs/mapping.md)."""
        module = self._naming_mod or mod
        base = "-".join(self._naming + ["contents"])
        sc = self.scopes[module]
        taken = {n.replace("-", "_") for (m, n) in self.typedefs if m == module}
        name, k = base, 1
        while name.replace("-", "_") in taken or name in sc.values or name in sc.ptypes or name in sc.imports \
                or name in sc.classes:
            k += 1
            name = f"{base}-{k}"
        td = TypeDef(module, name, t, loc)
        self.typedefs[(module, name)] = td
        self._lowered.add((module, name))
        self._contents.append(td)
        return td

    def _oid_constraint(self, t: OidT, c: A.Constraint, mod: str) -> OidT:
        """Single values (and unions and intersections of them) constrain an OBJECT
        IDENTIFIER or RELATIVE-OID; an extensible one is ignored, as elsewhere."""
        values = self._value_set(c, t, mod, self._oid_set, t.values, "")
        if values is None:
            return t
        return OidT(t.element, t.sizes, None, relative=t.relative, values=frozenset(values))

    def _value_set(self, c: A.Constraint, t, mod: str, evaluate, current: Optional[frozenset],
                   what: str) -> Optional[frozenset]:
        """The values constraint ``c`` admits, ``evaluate(element set, t, mod)`` giving
        those of its root (its extension is evaluated for its errors only), met with
        ``current`` (None: every value); None when the constraint is extensible and so
        ignored, as elsewhere.  An empty set is an error."""
        values = evaluate(c.root, t, mod)
        if c.extension is not None:
            evaluate(c.extension, t, mod)
        if c.extensible:
            return None
        if current is not None:
            values = values & current
        if not values:
            self.d.error(c.loc, f"constraint admits no value{what}")
            raise _Unresolved
        return values

    def _oid_set(self, es: A.ElementSet, t: OidT, mod: str) -> frozenset:
        result: frozenset = frozenset()
        for inter in es.unions:
            acc: Optional[frozenset] = None
            for el in inter:
                s = self._oid_element(el, t, mod)
                acc = s if acc is None else acc & s
            result = result | (acc or frozenset())
        return result

    def _oid_element(self, el, t: OidT, mod: str) -> frozenset:
        if isinstance(el, A.ElementSet):
            return self._oid_set(el, t, mod)
        if isinstance(el, A.SingleValue):
            return frozenset([self._eval_value(el.value, t, mod, "constraint value")])
        if isinstance(el, A.Except) and el.base is not None:  # finite sets: exact
            return self._oid_element(el.base, t, mod) - self._oid_element(el.excluded, t, mod)
        if isinstance(el, A.Except):
            self.d.error(el.loc, f"unsupported: ALL EXCEPT on {describe(t)} (only single values constrain it: "
                                 f"write the set they leave, or a difference of single values)")
        else:
            self.d.error(el.loc, f"unsupported: this constraint on {describe(t)} (only single values constrain it)")
        raise _Unresolved

    def _int_type(self, values: IntSet, named: dict[str, int], loc: A.Loc) -> IntT:
        lo, hi = values.lower, values.upper
        if (lo is not None and lo < INT64_MIN) or (hi is not None and hi > UINT64_MAX) or \
                (lo is not None and lo < 0 and hi is not None and hi > INT64_MAX):
            self.d.error(loc, f"value range {values} does not fit in 64 bits")
            raise _Unresolved
        # Open ends are the limits of the 64-bit integer that holds the set.
        if lo is not None and lo >= 0 and hi is not None and hi > INT64_MAX:
            full = IntSet.range(0, UINT64_MAX)
        else:
            full = IntSet.range(INT64_MIN, INT64_MAX)
        return IntT(values.intersect(full), named)

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
        if isinstance(el, A.Except):
            base = IntSet.all() if el.base is None else self._int_element(el.base, t, mod)
            excluded = self._excluded(lambda: self._int_element(el.excluded, t, mod))
            return base if excluded is None else base.difference(excluded)
        if isinstance(el, A.ContainedSubtype):
            t_ = el.type
            if isinstance(t_, A.TypeRef) and not isinstance(self._param_binding(t_.name, t_.module), SetBinding):
                sub = self._structure(self._lower(t_, mod))  # INTEGER (Small): the values of Small
                if not isinstance(sub, IntT):
                    self.d.error(el.loc, f"'{el.text}' is not an INTEGER type")
                    raise _Unresolved
                self._widened = True  # Small's values: its extensible constraints were dropped
                return sub.values
            b = self._set_binding(el)
            c = b.constraint
            values = self.with_env(b.env, lambda: self._int_set(c.root, t, b.module))
            if c.extensible:
                self._widened = True
                return IntSet.all()
            return values
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
                same = result.alphabet == acc.alphabet or (result.alphabet is not None and acc.alphabet is not None
                                                           and result.alphabet.intervals == acc.alphabet.intervals)
                if not same and not acc.sizes.empty and not result.sizes.empty:
                    self._widened = True  # strings mixing the two alphabets are let in
                result = _SizeAlpha(result.sizes.union(acc.sizes),
                                    None if result.alphabet is None or acc.alphabet is None
                                    else result.alphabet.union(acc.alphabet))
        return result if result is not None else _SizeAlpha(IntSet.range(0, None), None)

    def _sized_element(self, el, t: SType, mod: str) -> _SizeAlpha:
        if isinstance(el, A.ElementSet):
            return self._sized_set(el, t, mod)
        if isinstance(el, A.Except):
            base = _SizeAlpha(IntSet.range(0, None), None) if el.base is None else self._sized_element(el.base, t, mod)
            excluded = self._excluded(lambda: self._sized_element(el.excluded, t, mod))
            if excluded is not None and excluded.alphabet is None:
                # strings of the excluded lengths, whatever their characters: exact
                return _SizeAlpha(base.sizes.difference(excluded.sizes), base.alphabet)
            if excluded is not None and excluded.sizes.lower == 0 and excluded.sizes.upper is None \
                    and len(excluded.sizes.intervals) == 1 and base.alphabet is not None \
                    and base.alphabet.difference(excluded.alphabet).empty:
                return _SizeAlpha(IntSet(()), base.alphabet)  # every string of base is excluded
            if excluded is not None:
                self._widened = True  # strings with some character outside a FROM: not a SIZE/FROM pair
            return base
        if isinstance(el, A.ContainedSubtype):
            t_ = el.type
            if not (isinstance(t_, A.TypeRef) and isinstance(self._param_binding(t_.name, t_.module), SetBinding)):
                ct = self._contained(el, t, mod)  # IA5String (INCLUDES Short): Short's SIZE and FROM
                self._widened = True  # Short's single values, unions and extensible parts were widened
                return _SizeAlpha(ct.sizes, ct.alphabet if isinstance(ct, StringT) else None)
            self._set_binding(el)
            self.d.error(el.loc, "unsupported: a value set parameter in a constraint of this type")
            raise _Unresolved
        if isinstance(el, A.SizeConstraint):
            size_int = IntT(IntSet.range(0, None))
            c = el.constraint
            sizes = self._int_set(c.root, size_int, mod)
            if c.extension is not None:
                self._int_set(c.extension, size_int, mod)
            if c.extensible:
                self._widened = True
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
                self._widened = True
                return _SizeAlpha(IntSet.range(0, None), None)
            return _SizeAlpha(IntSet.range(0, None), alpha)
        if isinstance(el, A.Pattern):
            if not isinstance(t, StringT):
                self.d.error(el.loc, "PATTERN applies only to character string types")
                raise _Unresolved
            self._string_value(el.value, mod)
            self._widened = True
            return _SizeAlpha(IntSet.range(0, None), None)  # not enforced (docs/mapping.md)
        if isinstance(el, A.SingleValue) and isinstance(t, (StringT, OctetsT, BitsT)):
            # enforced through the value's length (and characters), not the value itself:
            # a union of single values admits every string of their lengths and characters
            v = self._eval_value(el.value, t, mod, "single value")
            self._widened = True
            if isinstance(t, BitsT):
                return _SizeAlpha(IntSet.range(v[0], v[0]), None)
            alpha = None
            if isinstance(t, StringT):
                alpha = IntSet(())
                for ch in v.decode(string_encoding(t.kind)):
                    alpha = alpha.union(IntSet.range(ord(ch), ord(ch)))
            return _SizeAlpha(IntSet.range(len(v), len(v)), alpha)
        if isinstance(el, (A.SingleValue, A.ValueRange)):
            self.d.error(el.loc, "unsupported: value constraints on SEQUENCE OF and ranges on string types "
                                 "(use SIZE or FROM)")
            raise _Unresolved
        if isinstance(el, A.Contents):
            self.d.error(el.loc, "a contents constraint applies only to OCTET STRING and BIT STRING")
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
            out = out.union(IntSet.range(ord(ch), ord(ch)))
        return out

    def _alphabet_element(self, el, mod: str) -> IntSet:
        if isinstance(el, A.ElementSet):
            return self._alphabet_set(el, mod)
        if isinstance(el, A.Except):
            base = IntSet.range(0, 0x10FFFF) if el.base is None else self._alphabet_element(el.base, mod)
            excluded = self._excluded(lambda: self._alphabet_element(el.excluded, mod))
            return base if excluded is None else base.difference(excluded)
        if isinstance(el, A.ContainedSubtype):
            t_ = el.type
            if isinstance(t_, A.TypeRef) and isinstance(self._param_binding(t_.name, t_.module), SetBinding):
                self.d.error(el.loc, "unsupported: a value set parameter in a constraint of this type")
                raise _Unresolved
            # FROM (Digits): the characters of the string type Digits (its permitted
            # alphabet, which may be widened: docs/mapping.md)
            ct = self._structure(self._lower(t_, mod))
            if not isinstance(ct, StringT):
                self.d.error(el.loc, f"contained subtype in FROM: {describe(ct)} is not a character string type")
                raise _Unresolved
            self._widened = True
            return ct.alphabet if ct.alphabet is not None else IntSet.range(0, 0x10FFFF)
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
        if self.env:
            return self.with_env({}, lambda: self._value(mod, name))
        va = self.scopes[mod].values[name]
        if key in self._evaluating_values:
            self.d.error(va.loc, f"value '{name}' is defined in terms of itself")
            return None
        self._evaluating_values.add(key)
        saved_naming = self._naming_mod, self._naming
        self._naming_mod, self._naming = mod, [name]
        try:
            t = self._lower(va.type, mod)
            v = self._eval_value(va.value, t, mod, f"value '{name}'")
        except _Unresolved:
            return None
        finally:
            self._evaluating_values.discard(key)
            self._naming_mod, self._naming = saved_naming
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
            b = self._param_binding(v.name, v.module)
            if b is not None:
                if not isinstance(b, ValueBinding) or not isinstance(self._structure(b.type), IntT):
                    self.d.error(v.loc, f"parameter '{v.name}' is not an INTEGER value")
                    return None
                return b.value  # type: ignore[return-value]
            vd = self._resolve_value_ref(v, mod)
            if vd is None:
                if self._lookup_value_def(mod, v.name, v.module) is None:
                    self._undefined(v.loc, mod, v.name, f"undefined value '{v.name}'", v.module)
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
            def text(value, st: StringT) -> str:  # the characters of a value of st (its bytes)
                if not isinstance(value, bytes):
                    return str(value)
                return value.decode(string_encoding(st.kind))
            b = self._param_binding(v.name, v.module)
            if isinstance(b, ValueBinding) and isinstance(self._structure(b.type), StringT):
                return text(b.value, self._structure(b.type))
            vd = self._resolve_value_ref(v, mod)
            if vd is not None and isinstance(resolve_ref(vd.type), StringT):
                return text(vd.value, resolve_ref(vd.type))
            if vd is None and self._lookup_value_def(mod, v.name, v.module) is None:
                self._undefined(v.loc, mod, v.name, f"undefined value '{v.name}'", v.module)
                raise _Unresolved
        if isinstance(v, A.BracedValue) and not v.named and v.items:
            return self._braced_string(v, mod, "character string value")
        self.d.error(v.loc, "expected a character string value")
        raise _Unresolved

    def _braced_string(self, v: A.BracedValue, mod: str, what: str) -> str:
        """A character string value in braces (ITU-T X.680 41.8): a quadruple
        ``{group, plane, row, cell}`` or a tuple ``{column, row}`` naming one character
        by its position in ISO/IEC 10646 or in the ISO 646 table (X.680 41.8), or a list
        of character strings, quadruples, tuples and string value references."""
        items = v.items
        if items and all(isinstance(x, A.IntValue) for x in items):
            nums = [x.value for x in items]
            if len(nums) == 4:
                limits, names = (127, 255, 255, 255), ("group", "plane", "row", "cell")
            elif len(nums) == 2:
                limits, names = (7, 15), ("table column", "table row")
            else:
                self.d.error(v.loc, f"{what}: a character in braces is a quadruple {{group, plane, row, cell}} "
                                    f"or a tuple {{column, row}}, not {len(nums)} numbers")
                raise _Unresolved
            for x, n, hi, name in zip(items, nums, limits, names):
                if not 0 <= n <= hi:
                    self.d.error(x.loc, f"{what}: {name} {n} is outside 0..{hi}")
                    raise _Unresolved
            code = 0
            for n in nums:
                code = code * (256 if len(nums) == 4 else 16) + n
            if code > 0x10FFFF:
                self.d.error(v.loc, f"{what}: {{{', '.join(map(str, nums))}}} is beyond the last character "
                                    f"of ISO/IEC 10646 (U+10FFFF)")
                raise _Unresolved
            return chr(code)
        out = []
        for x in items:
            if isinstance(x, A.IntValue):
                self.d.error(x.loc, f"{what}: a number alone is no character string (a character in braces "
                                    f"is a quadruple {{group, plane, row, cell}} or a tuple {{column, row}})")
                raise _Unresolved
            out.append(self._string_value(x, mod))
        return "".join(out)

    def _eval_value(self, v, t: SType, mod: str, what: str):
        """Evaluate a value written in the spec against a resolved type; the result is the
        Python value the back ends print: bool, int, enum item name, float, None (NULL),
        bytes (strings, octets), (nbits, bytes) for BIT STRING; values of constructed
        types as compiler/semantic/values.py says (dict, list, (alternative, value))."""
        rt = self._structure(t)
        if isinstance(v, A.RawValue):
            self.d.error(v.loc, "unsupported: value in braces (an OBJECT IDENTIFIER, information object "
                                "or object set value; a SEQUENCE value is written { name value, ... }, "
                                "a SEQUENCE OF value { value, ... })")
            raise _Unresolved
        b = self._param_binding(v.name, v.module) if isinstance(v, A.ValueRef) else None
        if isinstance(b, ValueBinding) and not isinstance(rt, IntT):
            if type(self._structure(b.type)) is not type(rt):
                self.d.error(v.loc, f"{what}: parameter '{v.name}' has the wrong type")
                raise _Unresolved
            self._check_value_fits(b.value, rt, v.loc, what)
            return b.value
        if isinstance(v, A.ValueRef) and not isinstance(rt, (IntT, EnumT)):
            vd = self._resolve_value_ref(v, mod)
            if vd is None:
                if self._lookup_value_def(mod, v.name, v.module) is None:
                    self._undefined(v.loc, mod, v.name, f"undefined value '{v.name}'", v.module)
                raise _Unresolved
            vt = self._structure(vd.type)
            if type(vt) is not type(rt) or (isinstance(rt, OidT) and vt.relative != rt.relative):
                self.d.error(v.loc, f"{what}: value '{v.name}' has the wrong type")
                raise _Unresolved
            if isinstance(rt, StringT) and isinstance(vt, StringT) and vt.kind != rt.kind:
                # X.680 maps a value of one character string type to another with the same
                # characters: the characters must be in the target type's repertoire
                text = vd.value.decode(string_encoding(vt.kind))
                try:
                    data = text.encode(string_encoding(rt.kind))
                except UnicodeEncodeError:
                    self.d.error(v.loc, f"{what}: value '{v.name}' of {vt.kind} has characters outside "
                                        f"the repertoire of {rt.kind}")
                    raise _Unresolved
                if rt.kind == "BMPString" and any(ord(ch) > 0xFFFF for ch in text):
                    self.d.error(v.loc, f"{what}: value '{v.name}' of {vt.kind} has characters outside "
                                        f"the repertoire of {rt.kind}")
                    raise _Unresolved
                if rt.alphabet is not None:
                    bad = [ch for ch in text if ord(ch) not in rt.alphabet]
                    if bad:
                        self.d.error(v.loc, f"{what}: value '{v.name}' of {vt.kind}: character {bad[0]!r} is "
                                            f"not in the permitted alphabet of {rt.kind}")
                        raise _Unresolved
                self._check_value_fits(data, rt, v.loc, what)
                return data
            self._check_value_fits(vd.value, rt, v.loc, what)
            return vd.value
        if isinstance(rt, OidT) and isinstance(v, A.BracedValue):
            v = braced_as_oid(v) or v  # `{ id-a 3 }` reads as a SEQUENCE value too
        if isinstance(rt, StringT) and isinstance(v, A.BracedValue) and not v.named and v.items:
            v = A.StringValue(self._braced_string(v, mod, what), v.loc)  # { "ab", {0,0,0,67} }
        if not isinstance(rt, OidT) and (isinstance(rt, (StructT, ChoiceT, ArrayT)) or is_constructed_value(v)):
            return eval_constructed(self, v, rt, mod, what, _Unresolved)
        if isinstance(rt, BoolT):
            if isinstance(v, A.BoolValue):
                self._check_value_fits(v.value, rt, v.loc, what)
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
                    if rt.kind == "BMPString" and any(ord(ch) > 0xFFFF for ch in v.value):
                        raise UnicodeEncodeError("BMPString", v.value, 0, 1, "beyond the BMP")
                    data = v.value.encode(string_encoding(rt.kind))
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
        elif isinstance(rt, OidT):
            if isinstance(v, A.OidValue):
                arcs = self._oid_arcs(v, rt, mod, what)
                self._check_value_fits(arcs, rt, v.loc, what)
                return arcs
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
        if isinstance(v, A.OidValue) and not isinstance(rt, OidT):
            self.d.error(v.loc, f"unsupported: {what}: value in braces for {describe(rt)} "
                                f"(ilpc reads braces as OBJECT IDENTIFIER values only)")
            raise _Unresolved
        self.d.error(v.loc, f"{what}: value does not match the type {describe(rt)}")
        raise _Unresolved

    def _oid_arcs(self, v: A.OidValue, rt: OidT, mod: str, what: str) -> tuple[int, ...]:
        """The arcs of an OBJECT IDENTIFIER / RELATIVE-OID value in braces (ITU-T X.680
        32.3): numbers, ``name(number)``, names of INTEGER values, a leading OBJECT
        IDENTIFIER value (absolute values only), RELATIVE-OID values anywhere, and the
        name forms X.680 fixes for the top arcs."""
        arcs: list[int] = []
        for i, c in enumerate(v.components):
            if c.number is not None and (c.name is not None or isinstance(c.number, A.IntValue)):
                n = self._int_value(c.number, mod, None)
                if n is None:
                    raise _Unresolved
                if n < 0:
                    self.d.error(c.loc, f"{what}: arc {n} is negative")
                    raise _Unresolved
                arcs.append(n)
                continue
            ref = c.number if c.number is not None else A.ValueRef(c.name, None, c.loc)
            key = self._lookup_value_def(mod, ref.name, ref.module)
            if key is None:
                known = name_form(ref.name, tuple(arcs)) if ref.module is None and not rt.relative else None
                if known is None:
                    self._undefined(c.loc, mod, ref.name, f"{what}: undefined value '{ref.name}' (not a value "
                                    f"assignment, nor an arc name X.680 fixes at this position)", ref.module)
                    raise _Unresolved
                arcs.append(known)
                continue
            vd = self._value(*key)
            if vd is None:
                raise _Unresolved
            st = self._structure(vd.type)
            if isinstance(st, OidT) and not st.relative:
                if i != 0 or rt.relative:
                    self.d.error(c.loc, f"{what}: an OBJECT IDENTIFIER value '{ref.name}' can only "
                                        f"be the first component of an OBJECT IDENTIFIER value")
                    raise _Unresolved
                arcs.extend(vd.value)
            elif isinstance(st, OidT):
                arcs.extend(vd.value)
            elif isinstance(st, IntT):
                if vd.value < 0:
                    self.d.error(c.loc, f"{what}: arc {vd.value} is negative")
                    raise _Unresolved
                arcs.append(vd.value)
            else:
                self.d.error(c.loc, f"{what}: '{ref.name}' is not an INTEGER, OBJECT IDENTIFIER "
                                    f"or RELATIVE-OID value")
                raise _Unresolved
        return tuple(arcs)

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
        if isinstance(rt, BoolT):
            if rt.values is not None and value not in rt.values:
                self.d.error(loc, f"{what}: {'TRUE' if value else 'FALSE'} is not a value of the type "
                                  f"(it admits only {'TRUE' if True in rt.values else 'FALSE'})")
                raise _Unresolved
        elif isinstance(rt, OidT):
            problem = arc_problem(value, rt)
            if problem is not None:
                self.d.error(loc, f"{what}: {problem}")
                raise _Unresolved
        elif isinstance(rt, IntT):
            if value not in rt.values:
                self.d.error(loc, f"{what}: {value} is outside the type's range ({rt.values})")
                raise _Unresolved
        elif isinstance(rt, (StringT, OctetsT)):
            if len(value) not in rt.sizes:
                self.d.error(loc, f"{what}: length {len(value)} is outside SIZE ({rt.sizes})")
                raise _Unresolved
            if isinstance(rt, StringT) and rt.alphabet is not None:
                for ch in value.decode(string_encoding(rt.kind)):
                    if ord(ch) not in rt.alphabet:
                        self.d.error(loc, f"{what}: character {ch!r} is not in the permitted alphabet")
                        raise _Unresolved
        elif isinstance(rt, RealT):
            if not reals.contains(rt.ranges, value):
                self.d.error(loc, f"{what}: {value!r} is outside the type's values ({reals.describe(rt.ranges)})")
                raise _Unresolved
        elif isinstance(rt, BitsT):
            if value[0] not in rt.sizes:
                self.d.error(loc, f"{what}: {value[0]} bits is outside SIZE ({rt.sizes})")
                raise _Unresolved
        elif isinstance(rt, ArrayT):
            if len(value) not in rt.sizes:
                self.d.error(loc, f"{what}: {len(value)} elements is outside SIZE ({rt.sizes})")
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


def _fail():
    raise _Unresolved


def _defines(sc: _Scope, sym: str) -> bool:
    return any(sym in d for d in (sc.types, sc.values, sc.ptypes, sc.classes, sc.objects, sc.sets))


def ref_local(v: A.ValueRef) -> bool:
    return v.module is None


def describe(t: SType) -> str:
    return {BoolT: "BOOLEAN", IntT: "INTEGER", EnumT: "ENUMERATED", NullT: "NULL", RealT: "REAL",
            OctetsT: "OCTET STRING", BitsT: "BIT STRING", StringT: "character string",
            StructT: "SEQUENCE", ChoiceT: "CHOICE", ArrayT: "SEQUENCE OF"}.get(type(t), "?") \
        if not isinstance(t, OidT) else "RELATIVE-OID" if t.relative else "OBJECT IDENTIFIER"


def analyze(specs: list[A.SpecFile], diags: Diagnostics) -> Model:
    """Resolve and check ``specs``; raises CompileError (via ``diags.check()``) on errors."""
    model = Analyzer(diags).run(specs)
    diags.check()
    return model
