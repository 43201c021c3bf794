"""Parameterized types (ITU-T X.683): instantiation of templates at their references.

A parameterized type assignment ``T{P, INTEGER : n} ::= Type`` is a template; it has
no XDR form of its own.  Every reference ``T{INTEGER, 5}`` is an *instance*: the
template's type lowered again with the dummy parameters bound to the actual ones.
Instances are memoised by the template and the actual parameters, so each distinct
instantiation becomes exactly one named type (:class:`TypeDef`), and a reference to
an instance from inside its own expansion (a recursive template such as
``List{T} ::= SEQUENCE { x T, next List{T} OPTIONAL }``) is an ordinary reference to
that type.

Type parameters bind to types, value parameters (``INTEGER : n``) to values, and value
set and object set parameters (``INTEGER : S``, ``CLASS : S``, written in braces at the
reference) to the set as written, read where the reference is (context.SetBinding).

Naming (docs/mapping.md, "Parameterized types"):

* an instance that is the whole right-hand side of a type assignment, ``U ::= T{X}``
  with no constraint of its own, *is* that type: it is named ``U``; the first such
  assignment in textual order (modules in command-line order) claims the instance,
  and later ones with the same instance are aliases of it;
* any other instance is named after the template and its actual parameters,
  ``T-X-5`` (a type parameter by its name, or its built-in type with spaces made
  hyphens; a value parameter by the value reference or the number, ``minus`` for a
  negative one; ``TRUE``/``FALSE``).  When an actual parameter is written out in full
  (a SEQUENCE, a constrained type, a string value, ...) the instance is ``T-N``
  where N counts such instances of T from 1.  The instance belongs to the template's
  module; a clash with a name already taken there gets ``-2``, ``-3``, ... appended.

The pass after name collection (compiler/semantic/analyze.py) claims the instances
that are whole type assignments (``claim_instances``); lowering (lower.py) makes the
others as it meets them (``instance``).  An instance is a TypeDef in ``ctx.typedefs``
(the named ones also in ``ctx.created_instances``) with a thunk in ``ctx.thunks`` that
lowers the template's type with the dummy parameters bound (``ctx.env``, the bindings
of context.py); lower.named_type calls it.  Public interface:

* ``claim_instances(ctx)``;
* ``instance(ctx, ref, mod)``: the named type a reference ``T{...}`` denotes;
* ``template(ctx, mod, name, ext, loc)``: the parameterized type assignment a name denotes.
"""
from __future__ import annotations

from typing import Optional

from ..frontend import ast as A
from .context import Binding, Env, SemanticContext, SetBinding, TypeBinding, Unresolved, ValueBinding
from .model import RefT, TypeDef
from .objects import class_of
from .scope import lookup_type, undefined
from .values import eval_value

# How deeply actual parameters written out in full may nest through instances of
# templates (each made from the previous one); beyond, the expansion is taken not to end.
MAX_NESTING = 32


def claim_instances(ctx: SemanticContext) -> None:
    """``U ::= T{X}`` makes the instance T{X} the type U (docs/mapping.md): claimed
    in textual order, those whose actual parameters are no instances themselves
    first, so that naming does not depend on the order of lowering."""
    for nested in (False, True):
        for mname, sc in ctx.scopes.items():
            for a in sc.module.assignments:
                t = a.type if isinstance(a, A.TypeAssignment) else None
                if not isinstance(t, A.ParameterizedTypeRef) or t.constraints:
                    continue
                if any(isinstance(x, A.ParameterizedTypeRef) for x in t.args) != nested:
                    continue
                td = ctx.typedefs.get((mname, a.name))
                if td is None or (mname, a.name) in ctx.thunks:
                    continue
                try:
                    ctx.with_env({}, lambda: _claim(ctx, td, t, mname))
                except Unresolved:  # reported: do not lower (and report) it again
                    ctx.thunks[(mname, a.name)] = _unresolved


# ------------------------------------------------------------ templates

def template(ctx: SemanticContext, mod: str, name: str, ext: Optional[str], loc: A.Loc
             ) -> tuple[str, A.ParameterizedTypeAssignment]:
    """(module, assignment) of the parameterized type a reference ``name`` (``ext.name``)
    in ``mod`` names; anything else is reported (and Unresolved raised)."""
    if ext is not None:
        sc = ctx.scopes.get(ext)
        if sc is None:
            ctx.d.error(loc, f"unknown module '{ext}' in reference '{ext}.{name}'")
            raise Unresolved
        if name not in sc.ptypes:
            what = "is not a parameterized type" if name in sc.types else "is not defined"
            ctx.d.error(loc, f"'{ext}.{name}' {what} in module '{ext}'")
            raise Unresolved
        return ext, sc.ptypes[name]
    sc = ctx.scopes[mod]
    if name in sc.ptypes:
        return mod, sc.ptypes[name]
    if name in sc.imports:
        src = sc.imports[name][0]
        if name in ctx.scopes[src].ptypes:
            return src, ctx.scopes[src].ptypes[name]
    if name in sc.types or (name in sc.imports and name in ctx.scopes[sc.imports[name][0]].types):
        ctx.d.error(loc, f"'{name}' is not a parameterized type: it takes no actual parameters")
    else:
        undefined(ctx, loc, mod, name, f"undefined parameterized type '{name}'")
    raise Unresolved


# ------------------------------------------------------------ instances

def _claim(ctx: SemanticContext, td: TypeDef, ref: A.ParameterizedTypeRef, mod: str) -> None:
    """Make ``td`` (the assignment ``td.name ::= ref``) the instance ``ref`` denotes,
    unless that instance exists already."""
    instance(ctx, ref, mod, owner=td)


def instance(ctx: SemanticContext, ref: A.ParameterizedTypeRef, mod: str,
             owner: Optional[TypeDef] = None) -> TypeDef:
    """The named type that ``ref`` (written in module ``mod``, with the dummy parameters
    of ``ctx.env`` in scope) denotes, created and registered on first use."""
    tmod, pta = template(ctx, mod, ref.name, ref.module, ref.loc)
    if len(ref.args) != len(pta.params):
        ctx.d.error(ref.loc, f"'{pta.name}' takes {len(pta.params)} actual parameter"
                             f"{'s' if len(pta.params) != 1 else ''}, {len(ref.args)} given")
        ctx.d.note(pta.loc, f"'{pta.name}' is defined here")
        raise Unresolved
    env: Env = {}
    for formal, actual in zip(pta.params, ref.args):
        env[formal.name] = _bind(ctx, formal, actual, mod, tmod, env, pta)
    key = (tmod, pta.name, tuple(_binding_key(b) for b in env.values()))
    td = ctx.instances.get(key)
    if td is not None:
        return td
    if any(isinstance(b, TypeBinding) and b.depth > MAX_NESTING for b in env.values()):
        ctx.d.error(ref.loc, f"the actual parameters of '{pta.name}' keep growing (a template that "
                             "refers to itself with a larger argument has no finite expansion)")
        raise Unresolved
    if owner is not None:
        td = owner
    else:
        td = TypeDef(tmod, _name(ctx, tmod, pta, list(env.values())), None, ref.loc)  # type: ignore[arg-type]
        ctx.typedefs[(td.module, td.name)] = td
        ctx.created_instances.append(td)
    ctx.instances[key] = td
    body = pta.type
    ctx.thunks[(td.module, td.name)] = lambda: ctx.with_env(env, lambda: ctx.lower(body, tmod))
    return td


def _bind(ctx: SemanticContext, formal: A.Parameter, actual, mod: str, tmod: str, env: Env,
          pta: A.ParameterizedTypeAssignment) -> Binding:
    if formal.governor is None:
        if not _is_type(actual):
            ctx.d.error(_loc(actual), f"parameter '{formal.name}' of '{pta.name}' is a type, "
                                      "but a value is given")
            raise Unresolved
        return _bind_type(ctx, actual, mod)
    if formal.name[:1].isupper():
        return _bind_set(ctx, formal, actual, mod, tmod, env, pta)
    if isinstance(actual, A.ValueSetArg) and not actual.elements.extensible \
            and len(actual.elements.root.unions) == 1 and len(actual.elements.root.unions[0]) == 1 \
            and isinstance(actual.elements.root.unions[0][0], A.SingleValue):
        actual = actual.elements.root.unions[0][0].value  # `{x}`: one value in braces
    if isinstance(actual, A.BuiltinType) and actual.kind == "NULL" and not actual.constraints:
        actual = A.NullValue(actual.loc)  # `NULL` reads as a type; here it is the value
    if _is_type(actual) or isinstance(actual, A.ValueSetArg):
        ctx.d.error(_loc(actual), f"parameter '{formal.name}' of '{pta.name}' is a value, "
                                  "but a type or set is given")
        raise Unresolved
    governor = formal.governor
    gov_t = ctx.with_env(dict(env), lambda: ctx.lower(governor, tmod))
    value = eval_value(ctx, actual, gov_t, mod, f"parameter '{formal.name}' of '{pta.name}'")
    return ValueBinding(gov_t, value, _value_label(actual, value))


def _bind_set(ctx: SemanticContext, formal: A.Parameter, actual, mod: str, tmod: str, env: Env,
              pta: A.ParameterizedTypeAssignment):
    """A value set (``INTEGER : Set``) or object set (``CLASS : Set``) parameter."""
    if not isinstance(actual, A.ValueSetArg):
        ctx.d.error(_loc(actual), f"parameter '{formal.name}' of '{pta.name}' is a set: give it "
                                  "in braces, as in '{Set}' or '{1 | 2}'")
        raise Unresolved
    governor = class_of(ctx, formal.governor, tmod) if formal.governor is not None else None
    c = actual.elements
    els = c.root.unions
    label = None
    if not c.extensible and len(els) == 1 and len(els[0]) == 1 \
            and isinstance(els[0][0], A.ContainedSubtype) and isinstance(els[0][0].type, A.TypeRef) \
            and els[0][0].type.name not in ctx.env:
        ref = els[0][0].type
        label = ref.name
        key = ("S", ref.module or mod, ref.name)
    else:
        key = ("S", id(actual), _env_key(dict(ctx.env)))
    return SetBinding(key, c, mod, dict(ctx.env), label, governor)


def _bind_type(ctx: SemanticContext, actual: A.Type, mod: str) -> TypeBinding:
    caller_env = dict(ctx.env)
    if not actual.constraints:
        if isinstance(actual, A.TypeRef):
            if actual.module is None and actual.name in caller_env:
                bound = caller_env[actual.name]
                if isinstance(bound, TypeBinding):
                    return bound
                ctx.d.error(actual.loc, f"'{actual.name}' is a value parameter, not a type")
                raise Unresolved
            td = lookup_type(ctx, mod, actual.name, actual.module, actual.loc)
            return TypeBinding(("T", td.module, td.name), lambda: RefT(td), td.name)
        if isinstance(actual, A.ParameterizedTypeRef):
            td = instance(ctx, actual, mod)
            return TypeBinding(("T", td.module, td.name), lambda: RefT(td), td.name)
        simple = _simple_builtin(actual)
        if simple is not None:
            return TypeBinding(("B", simple), lambda: ctx.with_env({}, lambda: ctx.lower(actual, mod)),
                               simple.replace(" ", "-"))
    if isinstance(actual, A.TaggedType) and not actual.constraints:
        return _bind_type(ctx, actual.inner, mod)  # tags do not matter to XDR
    depth = 1 + max((b.depth for b in caller_env.values() if isinstance(b, TypeBinding)), default=0)
    return TypeBinding(("A", id(actual), _env_key(caller_env)),
                       lambda: ctx.with_env(caller_env, lambda: ctx.lower(actual, mod)), None, depth)


def _name(ctx: SemanticContext, tmod: str, pta: A.ParameterizedTypeAssignment, bindings: list[Binding]) -> str:
    labels = [b.label for b in bindings]
    if all(labels):
        base = "-".join([pta.name, *labels])  # type: ignore[list-item]
    else:
        n = ctx.anonymous_count.get((tmod, pta.name), 0) + 1
        ctx.anonymous_count[(tmod, pta.name)] = n
        base = f"{pta.name}-{n}"
    sc = ctx.scopes[tmod]
    name, k = base, 1
    while (tmod, name) in ctx.typedefs or name in sc.values or name in sc.ptypes \
            or name in sc.imports:
        k += 1
        name = f"{base}-{k}"
    return name


def _binding_key(b) -> tuple:
    return ("V", _hashable(b.value)) if isinstance(b, ValueBinding) else b.key


def _env_key(env: Env) -> tuple:
    return tuple(sorted((name, _binding_key(b)) for name, b in env.items()))


def _is_type(x) -> bool:
    return isinstance(x, (A.BuiltinType, A.IntegerType, A.EnumeratedType, A.BitStringType,
                          A.CharStringType, A.SequenceType, A.SequenceOfType, A.ChoiceType,
                          A.TaggedType, A.TypeRef, A.ParameterizedTypeRef))


def _simple_builtin(t: A.Type) -> Optional[str]:
    """The name of an unconstrained built-in type with nothing else written in it."""
    if isinstance(t, A.BuiltinType):
        return t.kind
    if isinstance(t, A.CharStringType):
        return t.associated or t.kind
    if isinstance(t, A.IntegerType) and not t.named_numbers:
        return "INTEGER"
    if isinstance(t, A.BitStringType) and not t.named_bits:
        return "BIT STRING"
    return None


def _loc(x) -> A.Loc:
    return x.loc


def _hashable(v):
    if isinstance(v, list):
        return tuple(_hashable(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _hashable(x)) for k, x in v.items()))
    if isinstance(v, float) and v != v:
        return "NaN"
    return v


def _value_label(actual, value) -> Optional[str]:
    if isinstance(actual, A.ValueRef) and actual.module is None:
        return actual.name
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value) if value >= 0 else f"minus{-value}"
    if value is None and isinstance(actual, A.NullValue):
        return "NULL"
    return None


def _unresolved():
    """The thunk of an instance that could not be made (reported): lowering it fails."""
    raise Unresolved
