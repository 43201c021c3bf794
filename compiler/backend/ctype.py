"""The C representation of plans, shared by every C encoding: the C type of a value,
the members of structs and unions, and the declarations of a module's types
(``templates/C/types.j2``)."""
from __future__ import annotations

from ..ir.facts import declared_ahead, resolve_alias
from ..ir.plan import Member, TypePlan
from .cexpr import WIRE_CTYPE
from .naming import c_field, choice_const, choice_enum, enum_const, has_member, type_name
from .render import macros

# Shapes whose C type is the plan's name (a typedef); the others are C types themselves
# unless named.
_NAMED_SHAPES = {"enum", "opaque_fixed", "opaque", "string", "bits", "struct", "choice", "array_fixed", "array",
                 "alias"}


def prim_ctype(plan: TypePlan) -> str:
    """The C type of a BOOLEAN, INTEGER (by its wire kind), REAL or NULL."""
    if plan.shape == "bool":
        return "bool"
    if plan.shape == "int":
        return WIRE_CTYPE[plan.wire]
    if plan.shape == "double":
        return "double"
    if plan.shape == "null":
        return "uint8_t"
    raise AssertionError(plan.shape)


def ctype(plan: TypePlan) -> str:
    """The C type of a value of this plan."""
    if plan.named or plan.shape in _NAMED_SHAPES:
        return type_name(plan)
    return prim_ctype(plan)


def struct_tag(plan: TypePlan) -> str:
    """The struct tag of a plan declared ahead (an alias's is its target's)."""
    return type_name(resolve_alias(plan))


def member_lines(m: Member) -> list[str]:
    """The C declarations of a component: its presence flag (OPTIONAL, by value), its
    value (a pointer when held through one; nothing for NULL)."""
    lines = []
    name = c_field(m.name)
    if m.optional and not m.indirect:
        lines.append(f"bool {has_member(m.name)};")
    if resolve_alias(m.plan).shape == "null":
        return lines
    star = "*" if m.indirect else ""
    lines.append(f"{ctype(m.plan)} {star}{name};")
    return lines


def _fixed_count(p: TypePlan) -> int:
    return p.stype.fixed if p.stype.fixed > 0 else 1  # type: ignore[union-attr]  (C has no empty arrays)


def declaration(p: TypePlan) -> str:
    """The C declaration of a plan's type (empty for an anonymous primitive)."""
    t = macros("C/types.j2")
    T, s = type_name(p), p.shape
    if s in ("bool", "double", "int", "null"):
        note = " /* NULL: no data on the wire */" if s == "null" else ""
        return t.primitive(T=T, named=p.named, ctype=prim_ctype(p), note=note)
    if s == "alias":
        return t.alias(T=T, ref=ctype(p.ref))
    if s == "enum":
        return t.enum(T=T, items=[(enum_const(p.name, name), num) for name, num in p.stype.items])
    if s == "opaque_fixed":
        return t.opaque_fixed(T=T, n=_fixed_count(p))
    if s in ("opaque", "string", "bits"):
        return getattr(t, s)(T=T)
    if s == "array_fixed":
        return t.array_fixed(T=T, element=ctype(p.element), n=_fixed_count(p))
    if s == "array":
        return t.array(T=T, element=ctype(p.element))
    members = [line for m in p.members for line in member_lines(m)]
    if s == "struct":
        return t.struct(T=T, members=members)
    if s == "choice":
        return t.choice(T=T, pr=choice_enum(p.name), consts=[choice_const(p.name, m.name) for m in p.members],
                        members=members)
    raise AssertionError(s)


def declarations(plans: list[TypePlan]) -> str:
    """The C types of these plans (in declaration order, ir/facts.py): the records
    declared ahead, then every definition."""
    forward = [(struct_tag(p), type_name(p)) for p in plans if declared_ahead(p)]
    decls = [declaration(p) for p in plans if not (p.shape == "alias" and declared_ahead(p))]
    return macros("C/types.j2").types(forward=forward, decls=decls)
