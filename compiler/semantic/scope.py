"""Names: the scope of each module, IMPORTS and EXPORTS, and name lookup (ITU-T X.680
clauses 12-13, X.681 for classes, objects and object sets).

The first pass of semantic analysis (compiler/semantic/analyze.py); the lookups serve
every later pass.  Public interface:

* ``collect(ctx, specs)``: a :class:`Scope` per module in ``ctx.scopes``, its
  assignments sorted by kind, and an empty :class:`TypeDef` in ``ctx.typedefs`` for
  every type assignment (lower.py gives it its type); duplicates reported;
* ``classify(ctx)``: once every class is known, value assignments governed by a class
  become objects, set assignments not governed by one value sets (types);
* ``check_imports_exports(ctx)``: IMPORTS resolved to modules (``Scope.imports``; a
  module not given is recorded in ``ctx.missing_imports`` and its symbols in
  ``Scope.missing``: an error only where a definition from it is needed), EXPORTS checked;
* ``lookup_type``, ``lookup_value``, ``find`` (classes, objects, object sets) and
  ``origin``: what a name written in a module denotes;
* ``missing_import`` and ``undefined``: whether a name comes from a module that was
  not given, and the report for a name with no definition (which says so);
* ``is_class_name`` and ``type_identifier_class`` (X.681 naming, TYPE-IDENTIFIER).
"""
from __future__ import annotations

import re
from typing import Optional

from ..frontend import ast as A
from .context import Scope, SemanticContext, Unresolved
from .imports import find_module
from .model import TypeDef


def is_class_name(name: str) -> bool:
    """X.681 7.1: an object class reference is written in capitals only."""
    return re.fullmatch(r"[A-Z][A-Z0-9]*(-[A-Z0-9]+)*", name) is not None


def type_identifier_class(loc: A.Loc) -> A.ObjectClass:
    """TYPE-IDENTIFIER (ITU-T X.681 annex A): CLASS { &id OBJECT IDENTIFIER UNIQUE, &Type }
    WITH SYNTAX { &Type IDENTIFIED BY &id }."""
    fields = [A.ClassField("id", A.BuiltinType(loc=loc, kind="OBJECT IDENTIFIER"), True, False, None, loc),
              A.ClassField("Type", None, False, False, None, loc)]
    syntax = [(t, loc) for t in ("&", "Type", "IDENTIFIED", "BY", "&", "id")]
    node = A.ObjectClass(loc=loc, fields=fields, syntax=syntax)
    node.builtin = "TYPE-IDENTIFIER"  # type: ignore[attr-defined]
    return node


# ----------------------------------------------------------------- collection

def collect(ctx: SemanticContext, specs: list[A.SpecFile]) -> None:
    """A Scope per module of ``specs`` (a module defined twice: the first kept), its
    assignments by kind; a TypeDef with no type yet for every type assignment."""
    for spec in specs:
        for m in spec.modules:
            if m.name in ctx.scopes:
                prev = ctx.scopes[m.name].module
                ctx.d.error(m.loc, f"module '{m.name}' is defined more than once")
                ctx.d.note(prev.loc, f"first definition of '{m.name}' is here")
                continue
            sc = Scope(m, spec.path, {}, {}, {}, {})
            ctx.scopes[m.name] = sc
            seen: dict[str, A.Loc] = {}
            for a in m.assignments:
                if a.name in seen:
                    ctx.d.error(a.loc, f"'{a.name}' is already defined in module '{m.name}'")
                    ctx.d.note(seen[a.name], f"previous definition of '{a.name}' is here")
                    continue
                seen[a.name] = a.loc
                if isinstance(a, A.TypeAssignment) and isinstance(a.type, A.TypeRef) \
                        and a.type.name == "TYPE-IDENTIFIER" and not a.type.constraints:
                    sc.classes[a.name] = A.TypeAssignment(a.name, type_identifier_class(a.loc), a.loc)
                elif isinstance(a, A.TypeAssignment) and isinstance(a.type, A.ObjectClass):
                    sc.classes[a.name] = a
                elif isinstance(a, A.SetAssignment):
                    sc.sets[a.name] = a  # sorted out by classify once every class is known
                elif isinstance(a, A.TypeAssignment):
                    sc.types[a.name] = a
                    ctx.typedefs[(m.name, a.name)] = TypeDef(m.name, a.name, None, a.loc)  # type: ignore[arg-type]
                elif isinstance(a, A.ParameterizedTypeAssignment):
                    sc.ptypes[a.name] = a
                else:
                    sc.values[a.name] = a


def _visible_class(ctx: SemanticContext, mod: str, t) -> bool:
    """Whether ``t`` names an information object class defined in or imported into ``mod``."""
    if not isinstance(t, A.TypeRef) or t.constraints or not is_class_name(t.name):
        return False
    if t.name == "TYPE-IDENTIFIER" and t.module is None:
        return True  # the built-in class of X.681 annex A
    sc = ctx.scopes[mod]
    if t.module is not None:
        return t.module in ctx.scopes and t.name in ctx.scopes[t.module].classes
    if t.name in sc.classes:
        return True
    return any(t.name in [n for n, _ in imp.symbols] and imp.module in ctx.scopes
               and t.name in ctx.scopes[imp.module].classes for imp in sc.module.imports)


def classify(ctx: SemanticContext) -> None:
    """Value assignments governed by a class are objects; set assignments not governed
    by one are value sets, that is constrained types (X.680 16.6)."""
    for mname, sc in ctx.scopes.items():
        for name, va in list(sc.values.items()):
            if _visible_class(ctx, mname, va.type):
                del sc.values[name]
                sc.objects[name] = va
        for name, sa in list(sc.sets.items()):
            if _visible_class(ctx, mname, sa.type):
                continue
            del sc.sets[name]
            t = sa.type
            if sa.root is not None:
                t.constraints.append(A.Constraint(sa.root, sa.extensible, sa.extension, sa.loc))
            sc.types[name] = A.TypeAssignment(name, t, sa.loc)
            ctx.typedefs[(mname, name)] = TypeDef(mname, name, None, sa.loc)  # type: ignore[arg-type]


def check_imports_exports(ctx: SemanticContext) -> None:
    """Resolve each IMPORTS clause to a module given (Scope.imports) or record it as not
    given (ctx.missing_imports, Scope.missing); report clashes, symbols a module does
    not define or export, and EXPORTS of symbols not defined."""
    modules = [sc.module for sc in ctx.scopes.values()]
    for mname, sc in ctx.scopes.items():
        for imp in sc.module.imports:
            found, several = find_module(imp, modules)
            src = ctx.scopes.get(found) if found is not None else None
            if src is None:
                if several:
                    ctx.d.error(imp.loc, f"module '{imp.module}' imported by '{mname}': its OID matches "
                                         f"several modules ({', '.join(several)})")
                    continue
                # not an error yet: only where a definition from it is needed (undefined)
                ctx.missing_imports.append((mname, imp))
                for sym, loc in imp.symbols:
                    if sc.defines(sym):
                        ctx.d.error(loc, f"imported symbol '{sym}' clashes with a definition in '{mname}'")
                    elif sym in sc.imports or sym in sc.missing:
                        ctx.d.error(loc, f"'{sym}' is imported more than once")
                    else:
                        sc.missing[sym] = (imp.module, loc)
                continue
            exported = None if src.module.exports is None else {n for n, _ in src.module.exports}
            # a module may import a name and pass it on (X.680 13.13): its own imports count
            passed_on = {s for other in src.module.imports for s, _ in other.symbols}
            for sym, loc in imp.symbols:
                if sc.defines(sym):
                    ctx.d.error(loc, f"imported symbol '{sym}' clashes with a definition in '{mname}'")
                    continue
                if sym in sc.imports or sym in sc.missing:
                    ctx.d.error(loc, f"'{sym}' is imported more than once")
                    continue
                if not src.defines(sym) and sym not in passed_on:
                    ctx.d.error(loc, f"module '{src.module.name}' does not define '{sym}'")
                    continue
                if exported is not None and sym not in exported:
                    ctx.d.error(loc, f"module '{src.module.name}' does not export '{sym}'")
                    continue
                sc.imports[sym] = (src.module.name, loc)
        if sc.module.exports is not None:
            for sym, loc in sc.module.exports:
                if not sc.defines(sym) and sym not in sc.imports and sym not in sc.missing:
                    ctx.d.error(loc, f"exported symbol '{sym}' is not defined in module '{mname}'")


# ------------------------------------------------------------ modules not given

def missing_import(ctx: SemanticContext, mod: str, name: str) -> Optional[tuple[str, A.Loc]]:
    """(module, loc of the import) when NAME, as MOD sees it, is imported from a module
    that was not given (directly, or through modules that import it and pass it on)."""
    seen: set[str] = set()
    while mod not in seen:
        seen.add(mod)
        sc = ctx.scopes[mod]
        if name in sc.missing:
            return sc.missing[name]
        if name not in sc.imports:
            return None
        mod = sc.imports[name][0]
    return None


def undefined(ctx: SemanticContext, loc: A.Loc, mod: str, name: str, message: str,
              ext: Optional[str] = None) -> None:
    """Report MESSAGE (a name with no definition) at LOC; when the name (not qualified
    by a module, EXT) comes from a module that was not given, say that its definition
    is needed instead."""
    miss = missing_import(ctx, mod, name) if ext is None else None
    if miss is None:
        ctx.d.error(loc, message)
        return
    src, at = miss
    ctx.missing_needed.add(src)
    ctx.d.error(loc, f"'{name}' is imported from module '{src}', which was not found: its definition "
                     f"is needed here (give the module's file on the command line or with -I)")
    ctx.d.note(at, f"'{name}' is imported here")


# ---------------------------------------------------------------- name lookup

def origin(ctx: SemanticContext, mod: str, name: str) -> Optional[str]:
    """The module that defines NAME as seen from MOD's imports, following names that
    a module imports and passes on; None when the chain breaks (already reported)
    or loops."""
    seen = {mod}
    src = ctx.scopes[mod].imports[name][0]
    while name not in ctx.scopes[src].types and name not in ctx.scopes[src].values:
        nxt = ctx.scopes[src].imports.get(name)
        if nxt is None or nxt[0] in seen:
            return None
        seen.add(src)
        src = nxt[0]
    return src


def lookup_type(ctx: SemanticContext, mod: str, name: str, ext_module: Optional[str], loc: A.Loc) -> TypeDef:
    """The named type a reference ``name`` (``ext_module.name``) in ``mod`` denotes,
    not yet lowered; anything else is reported (and Unresolved raised)."""
    if ext_module is not None:
        if ext_module not in ctx.scopes:
            ctx.d.error(loc, f"unknown module '{ext_module}' in reference '{ext_module}.{name}'")
            raise Unresolved
        mod_sc = ctx.scopes[ext_module]
        if name not in mod_sc.types:
            ctx.d.error(loc, f"module '{ext_module}' does not define type '{name}'")
            raise Unresolved
        return ctx.typedefs[(ext_module, name)]
    sc = ctx.scopes[mod]
    if name in sc.types:
        return ctx.typedefs[(mod, name)]
    if name in sc.classes or (name in sc.imports and name in ctx.scopes[sc.imports[name][0]].classes):
        ctx.d.error(loc, f"'{name}' is an information object class, not a type")
        raise Unresolved
    if name in sc.ptypes or (name in sc.imports and name in ctx.scopes[sc.imports[name][0]].ptypes):
        ctx.d.error(loc, f"'{name}' is a parameterized type: give its actual parameters, "
                         f"as in '{name}{{...}}'")
        raise Unresolved
    if name in sc.imports:
        src = origin(ctx, mod, name)
        if src is None:
            ctx.d.error(loc, f"'{name}' imported from '{sc.imports[name][0]}' is not defined there "
                             f"nor in the modules it imports it from")
            raise Unresolved
        if name in ctx.scopes[src].types:
            return ctx.typedefs[(src, name)]
        ctx.d.error(loc, f"'{name}' imported from '{src}' is a value, not a type")
        raise Unresolved
    if name in sc.values:
        ctx.d.error(loc, f"'{name}' is a value, not a type")
        raise Unresolved
    undefined(ctx, loc, mod, name, f"undefined type '{name}'")
    raise Unresolved


def lookup_value(ctx: SemanticContext, mod: str, name: str, ext: Optional[str]) -> Optional[tuple[str, str]]:
    """(module, name) of the value assignment a reference ``name`` (``ext.name``) in
    ``mod`` denotes, or None (not reported)."""
    if ext is not None:
        return (ext, name) if ext in ctx.scopes and name in ctx.scopes[ext].values else None
    sc = ctx.scopes[mod]
    if name in sc.values:
        return (mod, name)
    if name in sc.imports:
        src = origin(ctx, mod, name)
        if src is not None and name in ctx.scopes[src].values:
            return (src, name)
    return None


def find(ctx: SemanticContext, mod: str, name: str, ext: Optional[str], kind: str):
    """(module, assignment) of a class, object or object set (``kind``: "classes",
    "objects" or "sets") visible in ``mod``, or None (not reported)."""
    if ext is not None:
        sc = ctx.scopes.get(ext)
        return (ext, getattr(sc, kind)[name]) if sc is not None and name in getattr(sc, kind) else None
    sc = ctx.scopes[mod]
    if name in getattr(sc, kind):
        return mod, getattr(sc, kind)[name]
    if name in sc.imports:
        src = sc.imports[name][0]
        if name in getattr(ctx.scopes[src], kind):
            return src, getattr(ctx.scopes[src], kind)[name]
    return None
