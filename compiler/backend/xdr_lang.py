"""Emit the XDR language (RFC 4506 section 6): a ``.x`` file equivalent to the spec, so
that rpcgen-generated code reads and writes exactly the bytes ilpc's stubs do.

Every plan becomes a named XDR definition (anonymous nested types get their C names),
OPTIONAL components become XDR optional-data (``T *x``: a bool, then the value),
and BIT STRING becomes ``struct { unsigned int bits; opaque data<>; }``.
"""
from __future__ import annotations

from ..ir.facts import PlanFacts, imports_first, resolve_alias
from ..ir.plan import ModulePlan, TypePlan
from .interface import Compilation, Options
from .naming import c_field, enum_const, type_name

XDR_KEYWORDS = {"bool", "case", "const", "default", "double", "quadruple", "enum", "float", "hyper",
                "int", "opaque", "string", "struct", "switch", "typedef", "union", "unsigned", "void",
                "program", "version"}

XDR_INT = {"int": "int", "uint": "unsigned int", "hyper": "hyper", "uhyper": "unsigned hyper"}


def _name(p: TypePlan) -> str:
    return type_name(p)  # the C stubs' name, so that rpcgen's types are ilpc's


def _field_name(n: str) -> str:
    """The component's C member name (so rpcgen's structs match ilpc's), also clear of
    the XDR language's own keywords."""
    name = c_field(n)
    return name + "_" if name in XDR_KEYWORDS else name


def _is_void(p: TypePlan) -> bool:
    """No XDR data at all: NULL, a SEQUENCE of such components, a fixed array of them."""
    p = resolve_alias(p)
    if p.shape == "null":
        return True
    if p.shape == "struct":
        return all(not m.optional and _is_void(m.plan) for m in p.members)
    if p.shape == "array_fixed":
        return p.stype.fixed == 0 or _is_void(p.element)
    return False


def _prim(p: TypePlan) -> str:
    return {"bool": "bool", "double": "double"}.get(p.shape) or XDR_INT[p.wire]


def _bound(p: TypePlan) -> str:
    ub = p.stype.sizes.upper  # type: ignore[union-attr]
    return "" if ub is None else str(ub)


def _decl(p: TypePlan, name: str, optional: bool = False) -> str:
    """An XDR declaration of ``name`` with the type of plan ``p``."""
    p = resolve_alias(p)
    star = "*" if optional else ""
    if optional:
        return f"{_ref(p)} *{name}"
    if p.shape == "array" and _is_void(p.element):
        return f"unsigned int {name}"
    if p.named or p.shape in ("struct", "choice", "enum", "bits"):
        return f"{_name(p)} {star}{name}"
    s = p.shape
    if s == "bool":
        return f"bool {name}"
    if s == "int":
        return f"{XDR_INT[p.wire]} {name}"
    if s == "double":
        return f"double {name}"
    if s == "opaque_fixed":
        return f"opaque {name}[{p.stype.fixed}]"  # type: ignore[union-attr]
    if s == "opaque":
        return f"opaque {name}<{_bound(p)}>"
    if s == "string":
        return f"string {name}<{_bound(p)}>"
    if s == "array_fixed":
        return f"{_ref(p.element)} {name}[{p.stype.fixed}]"  # type: ignore[union-attr]
    if s == "array":
        if _is_void(p.element):  # only the count travels
            return f"unsigned int {name}"
        return f"{_ref(p.element)} {name}<{_bound(p)}>"
    raise AssertionError(s)


def _ref(p: TypePlan) -> str:
    """A type specifier naming plan p (used for array elements and optional data)."""
    p = resolve_alias(p)
    if p.named or p.shape in ("struct", "choice", "enum", "bits", "opaque", "string", "opaque_fixed",
                              "array", "array_fixed"):
        return _name(p)
    return {"bool": "bool", "double": "double"}.get(p.shape) or XDR_INT[p.wire]


def _definition(p: TypePlan) -> list[str]:
    n = _name(p)
    s = p.shape
    if s == "null":
        return [f"/* {'.'.join(p.name)} is NULL: no XDR data */"] if p.named else []
    if s == "alias":
        return [f"typedef {_decl(p.ref, n)};"]
    if s == "enum":
        items = ",\n".join(f"    {enum_const(p.name, k)} = {v}" for k, v in p.stype.items)  # type: ignore[union-attr]
        return [f"enum {n} {{\n{items}\n}};"]
    if s == "bits":
        return [f"struct {n} {{\n    unsigned int bits;\n    opaque data<{_bits_bytes(p)}>;\n}};"]
    if s == "struct":
        lines = []
        for m in p.members:
            mp = resolve_alias(m.plan)
            if _is_void(mp):
                if m.optional:
                    lines.append(f"    bool {_field_name(m.name)};")
                continue
            lines.append(f"    {_decl(m.plan, _field_name(m.name), optional=m.optional)};")
        if not lines:
            return [f"/* {'.'.join(p.name)} is an empty SEQUENCE: no XDR data */"]
        return [f"struct {n} {{\n" + "\n".join(lines) + "\n};"]
    if s == "choice":
        arms = []
        for i, m in enumerate(p.members):
            mp = resolve_alias(m.plan)
            body = "void" if _is_void(mp) else _decl(m.plan, _field_name(m.name))
            arms.append(f"case {i}:\n    {body};")
        return [f"union {n} switch (int which) {{\n" + "\n".join(arms) + "\n};"]
    if _is_void(p):
        return [f"/* {'.'.join(p.name)} carries no XDR data */"] if p.named else []
    if p.named or s in ("opaque", "string", "opaque_fixed", "array", "array_fixed"):
        if s in ("bool", "int", "double"):
            return [f"typedef {_prim(p)} {n};"]
        return [f"typedef {_decl_anon(p, n)};"]
    return []


def _decl_anon(p: TypePlan, n: str) -> str:
    s = p.shape
    if s == "opaque_fixed":
        return f"opaque {n}[{p.stype.fixed}]"
    if s == "opaque":
        return f"opaque {n}<{_bound(p)}>"
    if s == "string":
        return f"string {n}<{_bound(p)}>"
    if s == "array_fixed":
        return f"{_ref(p.element)} {n}[{p.stype.fixed}]"
    if s == "array":
        if _is_void(p.element):
            return f"unsigned int {n}"
        return f"{_ref(p.element)} {n}<{_bound(p)}>"
    raise AssertionError(s)


def _bits_bytes(p: TypePlan) -> str:
    ub = p.stype.sizes.upper
    return "" if ub is None else str((ub + 7) // 8)


def emit_x(modules: list[ModulePlan], facts: PlanFacts, stem: str) -> dict[str, str]:
    out = [f"/* {stem}.x - XDR definitions generated by ilpc; wire-compatible with its C stubs. */", ""]
    # imported modules first: the XDR language (and rpcgen's C) needs definition before use
    for mp in imports_first(modules):
        out.append(f"/* module {mp.name} ({mp.path}) */")
        for p in facts.order(mp):
            if p.shape in ("bool", "int", "double") and not p.named:
                continue
            out.extend(_definition(p))
            out.append("")
    return {f"{stem}.x": "\n".join(out)}


class XdrLanguage:
    """The back end of ``ilpc --emit x``: the plans as an RFC 4506 ``.x`` file."""
    name = "x"

    def files(self, comp: Compilation, options: Options) -> dict[str, str]:
        return emit_x(comp.plans, comp.facts, options.stem)
