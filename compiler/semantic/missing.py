"""Modules that are imported but were not given (docs/mapping.md).

Their symbols are not errors until a definition is needed (scope.undefined reports
that).  An object set of such a module is an unknown set; an object that needs one of
their symbols makes the set that holds it unknown; a value assignment that needs one
is left out unless something evaluates it.  After the other passes, one warning per
such module says what was taken as unknown.  Public interface:

* ``missing_needs(ctx, node, mod, env)``: the symbols of such modules a syntax node needs;
* ``take_as_unknown(ctx, needs)``, ``unknown_objects(ctx, needs, set_name)``,
  ``unknown_set(ctx, mod, name)``: record them, and the object sets they make unknown,
  for the warning;
* ``leave_out_value(ctx, mod, name)``: whether a value assignment is left out (values.py);
* ``warn_missing_modules(ctx)``: the warnings (the last pass before recursion marking).

Reads ``ctx.scopes`` and ``ctx.missing_imports``; writes the ``unknown_*`` and
``left_out_values`` records of the context.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Optional

from ..frontend import ast as A
from .context import SemanticContext
from .scope import find, is_class_name, lookup_value, missing_import


def unknown_set(ctx: SemanticContext, mod: str, name: str) -> bool:
    """Whether NAME, used in MOD as an object set, is one of a module that was not given:
    an unknown object set (recorded for the warning)."""
    miss = missing_import(ctx, mod, name)
    if miss is None:
        return False
    used = ctx.unknown_sets.setdefault(miss[0], [])
    if name not in used:
        used.append(name)
    return True


def missing_needs(ctx: SemanticContext, node, mod: str, env=None) -> list[tuple[str, str, str]]:
    """The symbols of modules that were not given that NODE (a type, a value, or
    settings of an object, written in MOD with the dummy parameters ENV in scope)
    needs: directly, or through the value assignments and objects it names.
    (module, symbol, "value" / "type" / "class" / "object") in the order met; a
    component label in a braced value (``{ id-x 1 }``) counts, as an OBJECT
    IDENTIFIER value reads it as a reference."""
    out: list[tuple[str, str, str]] = []
    if not ctx.missing_imports:
        return out
    seen: set[tuple[str, str]] = set()

    def check(name: str, m: str, scope_env, kind: str) -> None:
        if scope_env and name in scope_env:
            return
        miss = missing_import(ctx, m, name)
        if miss is not None:
            if kind == "value" and name[:1].isupper():
                kind = "type"
            if kind == "type" and is_class_name(name):
                kind = "class"
            if (miss[0], name, kind) not in out:
                out.append((miss[0], name, kind))
            return
        key = lookup_value(ctx, m, name, None)
        if key is not None and key not in seen:
            seen.add(key)
            visit(ctx.scopes[key[0]].values[key[1]].value, key[0], None)
            return
        found = find(ctx, m, name, None, "objects")
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


def take_as_unknown(ctx: SemanticContext, needs: list[tuple[str, str, str]]) -> None:
    """Record NEEDS (missing_needs) as symbols taken as unknown, for the warning."""
    for src, name, kind in needs:
        ctx.unknown_symbols.setdefault(src, {}).setdefault(name, kind)


def unknown_objects(ctx: SemanticContext, needs: list[tuple[str, str, str]], set_name: Optional[str]) -> None:
    """Record, for the warning, NEEDS (the symbols that unknown objects of an object set
    need) and the set's name (None for a set that is not named)."""
    take_as_unknown(ctx, needs)
    for src in dict.fromkeys(src for src, _, _ in needs):
        named = ctx.unknown_by_objects.setdefault(src, [])
        if set_name is not None and set_name not in named:
            named.append(set_name)


def leave_out_value(ctx: SemanticContext, mod: str, name: str) -> bool:
    """A value assignment whose value needs a symbol of a module that was not given
    has no known value: left out (with the warning) when nothing evaluated it."""
    va = ctx.scopes[mod].values[name]
    needs = missing_needs(ctx, [va.type, va.value], mod)
    if not needs:
        return False
    take_as_unknown(ctx, needs)
    for src in dict.fromkeys(src for src, _, _ in needs):
        ctx.left_out_values.setdefault(src, []).append(name)
    return True


def warn_missing_modules(ctx: SemanticContext) -> None:
    """One warning per module imported but not given, unless a definition from it was
    needed (reported as an error there)."""
    warned: set[str] = set()
    for mname, imp in ctx.missing_imports:
        if imp.module in warned or imp.module in ctx.missing_needed:
            continue
        warned.add(imp.module)
        used = ctx.unknown_sets.get(imp.module, [])
        # in the order of the IMPORTS clauses that name the module
        sets = [s for m, i in ctx.missing_imports if i.module == imp.module
                for s, _ in i.symbols if s in used]
        sets = list(dict.fromkeys(sets + used))
        symbols = ctx.unknown_symbols.get(imp.module, {})
        if symbols or ctx.left_out_values.get(imp.module):
            ctx.d.warning(imp.loc, _unknown_message(ctx, imp.module, sets, symbols))
        elif sets:
            what = "object sets" if len(sets) > 1 else "object set"
            verb = "are" if len(sets) > 1 else "is"
            ctx.d.warning(imp.loc, f"module '{imp.module}' was not found; its {what} {', '.join(sets)} "
                                   f"{verb} taken as unknown (an open type such a set constrains is an opaque)")
        else:
            ctx.d.warning(imp.loc, f"module '{imp.module}' imported by '{mname}' was not found; "
                                   f"nothing imported from it is used")


def _unknown_message(ctx: SemanticContext, module: str, sets: list[str], symbols: dict[str, str]) -> str:
    """The warning for a module that was not given whose symbols are taken as unknown
    by an object (of an object set) or a value assignment that needs them."""
    order = [s for _, i in ctx.missing_imports if i.module == module for s, _ in i.symbols]
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
    by_objects = ctx.unknown_by_objects.get(module, [])
    if by_objects:
        msg += (f", and so {'are' if len(by_objects) > 1 else 'is'} the object "
                f"set{'s' if len(by_objects) > 1 else ''} {', '.join(by_objects)}, which "
                f"hold{'' if len(by_objects) > 1 else 's'} an object that needs "
                f"{'them' if len(symbols) > 1 else 'it'}")
    if sets or by_objects:
        msg += " (an open type such a set constrains is an opaque)"
    left = ctx.left_out_values.get(module, [])
    if left:
        msg += (f"; the value assignment{'s' if len(left) > 1 else ''} {', '.join(left)}, which "
                f"need{'' if len(left) > 1 else 's'} {'them' if len(symbols) > 1 else 'it'}, "
                f"{'are' if len(left) > 1 else 'is'} left out")
    return msg
