"""C expressions shared by the C back ends: where a plan path's value is (lvalues),
literals, the composition of conditions, and the C statements that store a value of
the semantic model (a DEFAULT) into a C value.
"""
from __future__ import annotations

from ..ir.facts import resolve_alias
from ..ir.plan import TypePlan
from ..semantic.model import INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, UINT32_MAX, UINT64_MAX, OidT
from .naming import c_field, choice_const, enum_const, has_member

WIRE_RANGE = {"int": (INT32_MIN, INT32_MAX), "uint": (0, UINT32_MAX),
              "hyper": (INT64_MIN, INT64_MAX), "uhyper": (0, UINT64_MAX)}
WIRE_CTYPE = {"int": "int32_t", "uint": "uint32_t", "hyper": "int64_t", "uhyper": "uint64_t"}


# ---------------------------------------------------------------- lvalues

def lvalue(path: tuple, root: str = "v") -> str:
    """The C lvalue of a plan path, relative to ``root`` (a pointer): ``v->a.b``,
    ``v->u.x->y`` through an indirect component, ``(*v)`` for the value itself."""
    e, pointer = root, True  # pointer: e is a pointer to the value so far
    for step in path:
        kind = step[0]
        if kind == "deref":
            pointer = True  # the member just reached holds a pointer
            continue
        sep = "->" if pointer else "."
        if kind == "field":
            e = f"{e}{sep}{c_field(step[1])}"
        elif kind == "arm":
            e = f"{e}{sep}u.{c_field(step[1])}"
        elif kind in ("index", "item"):
            e = f"{e}{sep}items[{step[1]}]"
        else:
            raise AssertionError(step)
        pointer = False
    return f"(*{e})" if pointer else e


def member(lv: str, name: str) -> str:
    """A member of the value at lvalue ``lv``: ``v->len`` for ``(*v)``, ``x.len`` else."""
    if lv.startswith("(*") and lv.endswith(")") and "(" not in lv[2:-1]:
        return f"{lv[2:-1]}->{name}"
    return f"{lv}.{name}"


def addr(path: tuple) -> str:
    """A pointer to the value at ``path``: ``v`` itself, the pointer member through
    which an indirect value is held, or ``&lvalue``."""
    if not path:
        return "v"
    if path[-1][0] == "deref":
        return lvalue(path[:-1])
    return "&" + lvalue(path)


def ptr_lvalue(path: tuple) -> str:
    """The pointer member through which the value at ``path`` (ending in deref) is held."""
    return lvalue(path[:-1])


def has_lvalue(path: tuple) -> str:
    """The ``has_x`` flag of the optional component at ``path``."""
    return lvalue(path[:-1] + (("field", "has-" + path[-1][1]),))


def present_flag(path: tuple, indirect: bool) -> str:
    """C condition: the OPTIONAL component at ``path`` is present."""
    return f"{lvalue(path)} != NULL" if indirect else has_lvalue(path)


# ---------------------------------------------------------------- conditions

def negate(cond: str) -> str:
    """The C negation of a condition, without doubled parentheses: ``!x`` when the
    condition is one operand (a call, a name, a parenthesised whole), else ``!(x)``."""
    depth = 0
    for ch in cond:
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and ch == " ":
            return f"!({cond})"
    return "!" + cond


def paren(cond: str) -> str:
    """``cond`` as one operand of && or ||: parenthesised when it has either at its top."""
    depth = 0
    for i, ch in enumerate(cond):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and cond[i:i + 4] in (" && ", " || "):
            return f"({cond})"
    return cond


def flip(flag: str) -> str:
    """The negation of a presence test ``a == b`` / ``a != b`` / ``x``."""
    if " == " in flag:
        return flag.replace(" == ", " != ")
    if " != " in flag:
        return flag.replace(" != ", " == ")
    return negate(flag)


# ---------------------------------------------------------------- literals

def c_literal_int(x: int, wire: str) -> str:
    """A C literal of value x for a comparison with a value of the given wire type."""
    if wire in ("int",):
        return f"INT32_C({x})" if x != INT32_MIN else "INT32_MIN"
    if wire == "uint":
        return f"UINT32_C({x})"
    if wire == "hyper":
        return f"INT64_C({x})" if x != INT64_MIN else "INT64_MIN"
    return f"UINT64_C({x})"


def c_bytes(data: bytes) -> str:
    """A C initializer of the bytes (``{0}`` for none: C has no empty initializer)."""
    return "{" + ", ".join(str(b) for b in data) + "}" if data else "{0}"


def default_literal(plan: TypePlan, value) -> str:
    """The C literal of a value of a simple type (BOOLEAN, INTEGER, REAL, ENUMERATED)."""
    plan = resolve_alias(plan)
    if plan.shape == "bool":
        return "true" if value else "false"
    if plan.shape == "int":
        return c_literal_int(value, plan.wire)
    if plan.shape == "double":
        return repr(float(value))
    if plan.shape == "enum":
        return enum_const(plan.name, value)
    raise AssertionError(plan.shape)


# ---------------------------------------------------------------- values

# The allocation value_assign's statements make, by default: calloc's arguments follow.
XDR_CALLOC = "ilpc_xdr_calloc("


def value_assign(lv: str, plan: TypePlan, value, calloc: str = XDR_CALLOC) -> str:
    """C statements that store ``value`` (a Python value of the semantic model) into
    the lvalue ``lv`` of type ``plan``, allocating what the value needs (freed by
    the type's ``_free`` like decoded data; ``ILPC_E_NOMEM`` when out of memory).
    ``calloc``: the call that allocates, up to its (count, size) arguments (a BER
    decoder's is its cursor's, ``ilpc_ber_calloc(cur, ``, which may be an arena)."""
    target = resolve_alias(plan)
    if target.shape in ("struct", "choice", "array", "array_fixed") and not isinstance(target.stype, OidT):
        return "\n".join(_constructed_assign(lv, target, value, calloc))
    return _simple_assign(lv, target, value, calloc)


def _constructed_assign(lv: str, target: TypePlan, value, calloc: str) -> list[str]:
    lines: list[str] = []

    def nomem_check(ptr: str) -> None:
        lines.extend([f"if ({ptr} == NULL)", "    return ILPC_E_NOMEM;"])

    def place(m_lv: str, m_plan: TypePlan, indirect: bool, v) -> None:
        """The value v of a member at m_lv, allocated first when held by pointer."""
        if indirect:
            lines.append(f"{m_lv} = {calloc}1, sizeof *{m_lv});")
            nomem_check(m_lv)
            m_lv = f"(*{m_lv})"
        body = value_assign(m_lv, m_plan, v, calloc)
        if body:
            lines.append(body)

    if target.shape == "struct":
        for m in target.members:
            shape = resolve_alias(m.plan).shape
            m_lv = member(lv, c_field(m.name))
            if m.name in value:
                if m.optional and not m.indirect:
                    lines.append(f"{member(lv, has_member(m.name))} = true;")
                if shape != "null":
                    place(m_lv, m.plan, m.indirect, value[m.name])
            elif m.has_default and not m.indirect and shape != "null":
                place(m_lv, m.plan, False, m.default)  # absent: its own DEFAULT, has_x false
    elif target.shape == "choice":
        name, v = value
        arm = next(m for m in target.members if m.name == name)
        lines.append(f"{member(lv, 'which')} = {choice_const(target.name, name)};")
        if resolve_alias(arm.plan).shape != "null":
            place(f"{member(lv, 'u')}.{c_field(name)}", arm.plan, arm.indirect, v)
    else:
        elem = target.element
        items = member(lv, "items")
        if target.shape == "array":
            lines.append(f"{member(lv, 'count')} = {len(value)};")
            if not value or (elem.size.max == 0):  # no storage for elements that encode to nothing
                return lines
            lines.append(f"{items} = {calloc}{len(value)}, sizeof *{items});")
            nomem_check(items)
        if resolve_alias(elem).shape != "null":
            for i, v in enumerate(value):
                place(f"{items}[{i}]", elem, False, v)
    return ["{", *("    " + l for l in "\n".join(lines).split("\n")), "}"] if lines else []


def _simple_assign(lv: str, target: TypePlan, value, calloc: str) -> str:
    if target.shape in ("bool", "int", "double", "enum"):
        return f"{lv} = {default_literal(target, value)};"
    if target.shape in ("opaque", "string", "bits"):
        data = value[1] if target.shape == "bits" else value
        count = f"{member(lv, 'bits')} = {value[0]};" if target.shape == "bits" else f"{member(lv, 'len')} = {len(data)};"
        ctype = "char" if target.shape == "string" else "uint8_t"
        extra = 1 if target.shape == "string" else 0
        lines = [f"static const uint8_t dflt[] = {c_bytes(data)};",
                 f"{member(lv, 'data')} = ({ctype} *){calloc}{len(data) + extra}, 1);",
                 f"if ({member(lv, 'data')} == NULL)",
                 "    return ILPC_E_NOMEM;"]
        if data:
            lines.append(f"memcpy({member(lv, 'data')}, dflt, {len(data)});")
        else:
            lines.append("(void)dflt;")
        lines.append(count)
        return "{\n" + "\n".join("    " + l for l in lines) + "\n}"
    if target.shape == "opaque_fixed":
        return f"{{ static const uint8_t dflt[] = {c_bytes(value)}; memcpy({member(lv, 'bytes')}, dflt, {len(value)}); }}"
    if target.shape == "null":
        return "/* NULL: nothing to set */"
    if target.shape == "array" and isinstance(target.stype, OidT):
        arcs = ", ".join(c_literal_int(a, "uhyper") for a in value)
        lines = [f"static const uint64_t dflt[] = {{{arcs}}};",
                 f"{member(lv, 'items')} = {calloc}{len(value)}, sizeof dflt[0]);",
                 f"if ({member(lv, 'items')} == NULL)",
                 "    return ILPC_E_NOMEM;",
                 f"memcpy({member(lv, 'items')}, dflt, sizeof dflt);",
                 f"{member(lv, 'count')} = {len(value)};"]
        return "{\n" + "\n".join("    " + l for l in lines) + "\n}"
    raise AssertionError(target.shape)
