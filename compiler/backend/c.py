"""C back end: XDR stubs from marshalling plans, through the Jinja2 templates in
``templates/C``.

The templates hold the C text, one file per (operation, role): ``C/<op>/<role>.j2``
with roles ``encode``, ``decode``, ``size`` and ``free``, plus the file-level
templates (header, source, harness, Makefile).  This module holds what is not C
text: the names, the lvalues of plan paths, and the conditions that enforce
constraints.
"""
from __future__ import annotations

import collections
import dataclasses
import re
from dataclasses import dataclass
from typing import Optional

import jinja2

from ..ir.plan import (
    Array, Block, Bytes, Call, Choice, Item, ModulePlan, Optional_, Repeat, TypePlan, pad4, walk_ops,
)
from ..semantic.model import INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, UINT32_MAX, UINT64_MAX, IntSet, OidT, Within
from ..ciphers import NAMES as CIPHER_NAMES
from ..resources import templates_dir

C_KEYWORDS = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
    "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
    "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
    "volatile", "while", "bool", "true", "false", "_Bool", "_Complex", "_Imaginary", "_Alignas",
    "_Alignof", "_Atomic", "_Generic", "_Noreturn", "_Static_assert", "_Thread_local",
    # C++ keywords, so that the headers work from C++ too
    "class", "delete", "new", "private", "protected", "public", "template", "this", "throw", "try",
    "catch", "namespace", "operator", "virtual", "friend", "using", "typename", "explicit", "mutable",
    "and", "or", "not", "xor", "export", "noexcept", "nullptr",
}

WIRE_RANGE = {"int": (INT32_MIN, INT32_MAX), "uint": (0, UINT32_MAX),
              "hyper": (INT64_MIN, INT64_MAX), "uhyper": (0, UINT64_MAX)}
WIRE_CTYPE = {"int": "int32_t", "uint": "uint32_t", "hyper": "int64_t", "uhyper": "uint64_t"}


def c_ident(name: str) -> str:
    return name.replace("-", "_")


def c_field(name: str) -> str:
    s = c_ident(name)
    return s + "_" if s in C_KEYWORDS else s


def c_literal_int(x: int, wire: str) -> str:
    """A C literal of value x for a comparison with a value of the given wire type."""
    if wire in ("int",):
        return f"INT32_C({x})" if x != INT32_MIN else "INT32_MIN"
    if wire == "uint":
        return f"UINT32_C({x})"
    if wire == "hyper":
        return f"INT64_C({x})" if x != INT64_MIN else "INT64_MIN"
    return f"UINT64_C({x})"


def real_condition(expr: str, ranges: tuple) -> str:
    from ..semantic.reals import c_condition
    return c_condition(expr, ranges)


def in_set_condition(expr: str, values: IntSet, wire: str) -> Optional[str]:
    """C condition, true when ``expr`` (of XDR wire type ``wire``) is in ``values``;
    None when every value of the wire type is in the set.  Comparisons that the wire
    type already guarantees are left out (they would trip -Wtype-limits)."""
    lo_w, hi_w = WIRE_RANGE[wire]
    parts = []
    for lo, hi in values.intervals:
        lo = lo_w if lo is None else lo
        hi = hi_w if hi is None else hi
        if lo <= lo_w and hi >= hi_w:
            return None
        if lo == hi:
            parts.append(f"{expr} == {c_literal_int(lo, wire)}")
            continue
        conds = []
        if lo > lo_w:
            conds.append(f"{expr} >= {c_literal_int(lo, wire)}")
        if hi < hi_w:
            conds.append(f"{expr} <= {c_literal_int(hi, wire)}")
        parts.append(" && ".join(conds) if len(conds) == 1 else "(" + " && ".join(conds) + ")")
    if not parts:
        return "0"
    return parts[0] if len(parts) == 1 else "(" + " || ".join(f"({p})" if "&&" in p and not p.startswith("(") else p
                                                                  for p in parts) + ")"


def _present(entry) -> Optional[bool]:
    """A presence pattern's entry: True (present, chosen), False (absent), None (either)."""
    return entry.present if isinstance(entry, Within) else entry


def _paren(cond: str) -> str:
    """``cond`` as one operand of && or ||: parenthesised when it has either at its top."""
    depth = 0
    for i, ch in enumerate(cond):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and cond[i:i + 4] in (" && ", " || "):
            return f"({cond})"
    return cond


def _flip(flag: str) -> str:
    """The negation of a presence test ``a == b`` / ``a != b`` / ``x``."""
    if " == " in flag:
        return flag.replace(" == ", " != ")
    if " != " in flag:
        return flag.replace(" != ", " == ")
    return negate(flag)


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


def _is_ascii(alpha: IntSet) -> bool:
    """The alphabet of IA5String, which ilpc_is_ascii checks without a table."""
    return alpha.intervals == ((0, 127),)


def type_cname(plan: TypePlan) -> str:
    """The C name of a plan's type: Module_Type, Module_Type_component, ..."""
    return "_".join(c_ident(x) for x in plan.name)


# Shapes whose C type is a struct, declared ahead with ``typedef struct X X;``.
FORWARD_DECLARED = {"struct", "choice", "opaque_fixed", "opaque", "string", "bits", "array_fixed", "array"}


def include_guard(filename: str) -> str:
    """The include-guard macro of a generated header, e.g. ``ilpc_guard_E_h`` for E.h.

    It can collide with no identifier that ilpc generates.  Every identifier
    derived from a spec starts with its module's name (``E_H``, ``E_H_PR``,
    ``E_H_put``, ``E_alphabet0``...), and an ASN.1 module name
    starts with a capital letter.  The other identifiers (the runtime's, the
    harness's, locals and members of generated functions and structs) start in
    lower case, and none of them with ``ilpc_guard_`` (the generated macros are
    ``ilpc_gen_*``, for the same reason).  Two headers get two guards because their file names differ
    (``E.h``, ``E_ilp.h``, ``ilpc_types_E.h``: '.' is the only character mapped).
    A suffix such as ``_H_INCLUDED`` would not do: module ``ILPC-E`` with a type
    ``H-INCLUDED`` is named ``ILPC_E_H_INCLUDED``."""
    return "ilpc_guard_" + filename.replace(".", "_")


def import_cycles(modules: list[ModulePlan]) -> list[list[ModulePlan]]:
    """The modules whose headers would include each other: the strongly connected
    components of the import graph with more than one module, each in name order."""
    by_name = {mp.name: mp for mp in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[ModulePlan]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in by_name[v].imports:
            if w not in by_name:
                continue
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append([by_name[n] for n in sorted(comp)])

    for mp in modules:
        if mp.name not in index:
            connect(mp.name)
    return out


def call_targets(modules: list[ModulePlan]) -> dict[int, bool]:
    """id(plan) -> whether some call allocates it (an indirect component), for every plan
    that another plan's functions call."""
    called: dict[int, bool] = {}
    for m in modules:
        for p in m.plans:
            for op in walk_ops(p.ops):
                if isinstance(op, Call):
                    called[id(op.target)] = called.get(id(op.target), False) or op.alloc
    return called


def types_header_name(cycle: list[ModulePlan]) -> str:
    """The shared header that declares the types of the modules of an import cycle.
    Lower-case start: no module's own files (E.h, E_ilp.h) can have this name."""
    return f"ilpc_types_{c_ident(cycle[0].name)}.h"


@dataclass
class Alphabet:
    name: str
    table: list[int]


class CModuleEmitter:
    """Renders one module's header and source."""

    def __init__(self, env: jinja2.Environment, mp: ModulePlan, all_modules: list[ModulePlan],
                 cycle: Optional[list[ModulePlan]] = None, called: Optional[dict[int, bool]] = None):
        self._called = called
        self.env = env
        self.mp = mp
        self.all = all_modules
        # The modules of the import cycle this one is in (None: in none): their types
        # are declared together, in one header, in an order that works across them.
        self.cycle = cycle
        self.alphabets: dict[tuple, Alphabet] = {}
        self._size_bodies: dict[int, str] = {}      # id(plan) -> its T_size's statements
        self._used_helper_sizes: set[str] = set()   # helpers whose T_size is called

    forward_declared = FORWARD_DECLARED

    def is_forward_declared(self, plan: TypePlan) -> bool:
        """Declared ahead of every definition: ``typedef struct X X;`` for a struct-like
        plan, ``typedef struct X A;`` for an alias A of one (so that a recursion through
        the alias, A ::= B, B ::= SEQUENCE { a A OPTIONAL }, can point at A)."""
        return self.resolve_alias(plan).shape in FORWARD_DECLARED

    def struct_tag(self, plan: TypePlan) -> str:
        """The struct tag of a forward-declared plan (an alias's is its target's)."""
        return self.cname(self.resolve_alias(plan))

    # ------------------------------------------------------------ names

    cname = staticmethod(type_cname)

    def ctype(self, plan: TypePlan) -> str:
        """C type of a value of this plan."""
        if plan.named or plan.shape in ("enum", "opaque_fixed", "opaque", "string", "bits", "struct",
                                        "choice", "array_fixed", "array", "alias"):
            return self.cname(plan)
        return self.prim_ctype(plan)

    def prim_ctype(self, plan: TypePlan) -> str:
        if plan.shape == "bool":
            return "bool"
        if plan.shape == "int":
            return WIRE_CTYPE[plan.wire]
        if plan.shape == "double":
            return "double"
        if plan.shape == "null":
            return "uint8_t"
        raise AssertionError(plan.shape)

    def member_decl(self, m) -> list[str]:
        lines = []
        name = c_field(m.name)
        if m.optional and not m.indirect:
            lines.append(f"bool has_{c_ident(m.name)};")
        if m.plan.shape == "null" or (m.plan.shape == "alias" and self.resolve_alias(m.plan).shape == "null"):
            return lines
        star = "*" if m.indirect else ""
        lines.append(f"{self.ctype(m.plan)} {star}{name};")
        return lines

    def resolve_alias(self, plan: TypePlan) -> TypePlan:
        while plan.shape == "alias":
            plan = plan.ref  # type: ignore[assignment]
        return plan

    def presence_condition(self, plan: TypePlan, root: str = "v") -> Optional[str]:
        """C condition, true when the value at pointer ``root`` matches one of the plan's
        WITH COMPONENTS presence patterns; None when it has none."""
        if not plan.presence:
            return None
        return self._patterns_condition(plan, plan.presence, f"{root}->")

    def _patterns_condition(self, plan: TypePlan, patterns, prefix: str) -> str:
        """C condition: the value whose members are ``prefix`` + name (``v->``, ``v->a.``)
        matches one of ``patterns`` (semantic/model.py: Presence, Within)."""
        members = {m.name: m for m in plan.members}
        terms = []
        for pattern in patterns:
            conj = []
            if plan.shape == "choice" and any(_present(e) for e in pattern.values()):
                # the chosen one says it all, but for the conditions on its value
                pattern = {n: e for n, e in pattern.items() if _present(e) or isinstance(e, Within)}
            for name, entry in pattern.items():
                m = members[name]
                if plan.shape == "choice":
                    flag = f"{prefix}which == {self.choice_const(plan, name)}"
                    value = f"{prefix}u.{c_field(name)}"
                elif m.indirect:
                    flag = f"{prefix}{c_field(name)} != NULL"
                    value = f"{prefix}{c_field(name)}"
                elif m.optional:
                    flag = f"{prefix}has_{c_ident(name)}"
                    value = f"{prefix}{c_field(name)}"
                else:
                    flag, value = None, f"{prefix}{c_field(name)}"
                present = _present(entry)
                if present is False:  # ABSENT (a mandatory component cannot be: the pattern never holds)
                    conj.append(_flip(flag) if flag is not None else "0")
                    continue
                cond = self._within_condition(m, entry, value) if isinstance(entry, Within) else None
                if present:
                    if flag is not None:
                        conj.append(flag)
                    if cond is not None:
                        conj.append(_paren(cond))
                elif cond is not None:  # when present (chosen): the value's condition
                    conj.append(_paren(cond) if flag is None else f"({_flip(flag)} || {_paren(cond)})")
            if not conj:
                return "1"
            terms.append(conj[0] if len(conj) == 1 else "(" + " && ".join(conj) + ")")
        return terms[0] if len(terms) == 1 else " || ".join(terms)

    def _within_condition(self, m, w: "Within", value: str) -> Optional[str]:
        """C condition on the member ``m`` (its value at the lvalue ``value``, a pointer
        when the member is held through one): its value meets ``w``."""
        target = self.resolve_alias(m.plan)
        lv = f"(*{value})" if m.indirect else value
        conds = []
        if w.values is not None:
            c = in_set_condition(lv, w.values, target.wire)
            if c is not None:
                conds.append(c)
        if w.items is not None:
            names = [n for n, _ in target.stype.items if n in w.items]
            if not names:
                conds.append("0")
            elif len(names) < len(target.stype.items):
                conds.append(" || ".join(f"{lv} == {self.enum_const(target.name, n)}" for n in names))
        if w.inner is not None:
            prefix = f"{value}->" if m.indirect else f"{value}."
            conds.append(self._patterns_condition(target, w.inner, prefix))
        if not conds:
            return None
        return conds[0] if len(conds) == 1 else " && ".join(_paren(c) for c in conds)

    def presence_violation(self, plan: TypePlan) -> Optional[str]:
        """The negation of :meth:`presence_condition` (None when there is nothing to check)."""
        cond = self.presence_condition(plan)
        if cond is None:
            return None
        if cond.startswith("!") and " " not in cond:
            return cond[1:]
        if "&&" not in cond and "||" not in cond and cond.count(" == ") + cond.count(" != ") == 1:
            return cond.replace(" == ", " != ") if " == " in cond else cond.replace(" != ", " == ")
        return negate(cond)

    def choice_const(self, plan: TypePlan, arm_name: str) -> str:
        return f"{self.cname(plan)}_PR_{c_ident(arm_name)}"

    def enum_const(self, enum_name: tuple, item: str) -> str:
        return "_".join(c_ident(x) for x in enum_name) + "_" + c_ident(item)

    # ---------------------------------------------------- expressions

    lv = staticmethod(lvalue)

    @staticmethod
    def addr(path: tuple) -> str:
        """A pointer to the value at ``path``: ``v`` itself, the pointer member through
        which an indirect value is held, or ``&lvalue``."""
        if not path:
            return "v"
        if path[-1][0] == "deref":
            return lvalue(path[:-1])
        return "&" + lvalue(path)

    def value_check(self, it: Item, expr: str) -> Optional[str]:
        if it.values is None:
            return None
        return in_set_condition(expr, it.values, it.kind)

    @staticmethod
    def bool_reject(it: Item, expr: str) -> Optional[str]:
        """C condition, true when the BOOLEAN ``expr`` is not the one value its constraint
        admits (None: no constraint)."""
        if it.values is None:
            return None
        if 1 in it.values:
            return f"!{expr}"
        return expr[1:-1] if expr.startswith("(*") and expr.endswith(")") and "(" not in expr[2:-1] else expr

    def helper_size_used(self, p: TypePlan) -> bool:
        """Whether the static T_size of the helper plan p is called (see size_calls)."""
        return self.cname(p) in self._used_helper_sizes

    def size_body(self, p: TypePlan) -> str:
        """The C statements of p's T_size that add up n (rendered once, see size_calls)."""
        body = self._size_bodies.get(id(p))
        if body is None:
            body = self._size_bodies[id(p)] = self.ops(p.ops, "size", p)
        return body

    def size_calls(self, plans: list[TypePlan], fn_plans: list[TypePlan]) -> set[str]:
        """The helpers whose T_size is called: from the T_size of a named type or of a
        helper already found called, or by a CONTAINING type's _encode_contents.  A
        helper's T_size that nothing calls (its users' sizes are fixed) is left out:
        clang warns about an unused static inline function in a .c file."""
        helpers = {self.cname(p): p for p in fn_plans if not p.named}
        used = {self.cname(p.contains) for p in plans if p.contains is not None} & helpers.keys()
        todo = [p for p in fn_plans if p.named] + [helpers[name] for name in used]
        while todo:
            p = todo.pop()
            if p.size.fixed:
                continue
            for name in re.findall(r"\b(\w+)_size\(", self.size_body(p)):
                if name in helpers and name not in used:
                    used.add(name)
                    todo.append(helpers[name])
        return used

    def real_check(self, it: Item, expr: str) -> Optional[str]:
        """C condition: the double is in the REAL type's value constraint (None: no constraint)."""
        if it.real_ranges is None:
            return None
        return real_condition(expr, it.real_ranges)

    def size_check(self, expr: str, sizes: IntSet) -> Optional[str]:
        return in_set_condition(expr, sizes.intersect(IntSet.range(0, UINT32_MAX)), "uint")

    def collect_alphabets(self, plans: list[TypePlan]) -> None:
        """Name the permitted-alphabet tables that the code of ``plans`` checks strings
        against, in the order of the plans and their ops, before anything is rendered: the
        output does not depend on the order in which templates are rendered."""
        for p in plans:
            for op in walk_ops(p.ops):
                if isinstance(op, Bytes) and op.alphabet is not None and not _is_ascii(op.alphabet):
                    key = op.alphabet.intervals
                    if key not in self.alphabets:
                        table = [1 if c in op.alphabet else 0 for c in range(256)]
                        self.alphabets[key] = Alphabet(f"{c_ident(self.mp.name)}_alphabet{len(self.alphabets)}",
                                                       table)

    def alphabet_table(self, alpha: IntSet) -> str:
        return self.alphabets[alpha.intervals].name  # collect_alphabets named it

    def alphabet_check(self, alpha: IntSet, data: str, n: str) -> str:
        """C condition: the n bytes at data are all in the alphabet."""
        if _is_ascii(alpha):
            return f"ilpc_is_ascii({data}, {n})"
        return f"ilpc_in_alphabet({self.alphabet_table(alpha)}, {data}, {n})"

    def text_check(self, op: Bytes, data: str, n: str) -> Optional[str]:
        """C condition that the n bytes of a string body at data are allowed characters
        (the alphabet, and well-formed UTF-8 for UTF8String), or None."""
        conds = []
        if op.alphabet is not None:
            conds.append(self.alphabet_check(op.alphabet, data, n))
        if op.kind == "string" and op.string_kind == "UTF8String":
            conds.append(f"ilpc_utf8_valid({data}, {n})")
        return " && ".join(conds) or None

    def default_literal(self, plan: TypePlan, value) -> str:
        plan = self.resolve_alias(plan)
        if plan.shape == "bool":
            return "true" if value else "false"
        if plan.shape == "int":
            return c_literal_int(value, plan.wire)
        if plan.shape == "double":
            return repr(float(value))
        if plan.shape == "enum":
            return self.enum_const(plan.name, value)
        raise AssertionError(plan.shape)

    def has_lv(self, path: tuple) -> str:
        """The ``has_x`` flag of the optional component at ``path``."""
        return lvalue(path[:-1] + (("field", "has-" + path[-1][1]),))

    def ptr_lv(self, path: tuple) -> str:
        """The pointer member through which the value at ``path`` (ending in deref) is held."""
        return lvalue(path[:-1])

    def item_sizes(self, it: Item) -> IntSet:
        return it.sizes if it.sizes is not None else IntSet.range(0, None)

    def bytes_kind(self, it: Item) -> str:
        return it.bytes_kind

    def enum_ctype(self, it: Item) -> str:
        return "_".join(c_ident(x) for x in it.enum_name)

    def choice_enum(self, it: Item) -> str:
        return "_".join(c_ident(x) for x in it.enum_name) + "_PR"

    def choice_const_for(self, op: Choice, arm) -> str:
        return "_".join(c_ident(x) for x in op.name) + "_PR_" + c_ident(arm.name)

    def default_assign(self, op: Optional_) -> str:
        """C statements that give an absent DEFAULT component its value."""
        return self.value_assign(lvalue(op.path), op.target, op.default)

    def value_assign(self, lv: str, plan: TypePlan, value) -> str:
        """C statements that store ``value`` (a Python value of the semantic model) into
        the lvalue ``lv`` of type ``plan``, allocating what the value needs (freed by
        the type's ``_free`` like decoded data; ``ILPC_E_NOMEM`` when out of memory)."""
        target = self.resolve_alias(plan)
        if target.shape in ("struct", "choice", "array", "array_fixed") and not isinstance(target.stype, OidT):
            return "\n".join(self._constructed_assign(lv, target, value))
        return self._simple_assign(lv, target, value)

    def _constructed_assign(self, lv: str, target: TypePlan, value) -> list[str]:
        lines: list[str] = []

        def nomem_check(ptr: str) -> None:
            lines.extend([f"if ({ptr} == NULL)", "    return ILPC_E_NOMEM;"])

        def place(m_lv: str, m_plan: TypePlan, indirect: bool, v) -> None:
            """The value v of a member at m_lv, allocated first when held by pointer."""
            if indirect:
                lines.append(f"{m_lv} = ilpc_xdr_calloc(1, sizeof *{m_lv});")
                nomem_check(m_lv)
                m_lv = f"(*{m_lv})"
            body = self.value_assign(m_lv, m_plan, v)
            if body:
                lines.append(body)

        if target.shape == "struct":
            for m in target.members:
                shape = self.resolve_alias(m.plan).shape
                m_lv = member(lv, c_field(m.name))
                if m.name in value:
                    if m.optional and not m.indirect:
                        lines.append(f"{member(lv, 'has_' + c_ident(m.name))} = true;")
                    if shape != "null":
                        place(m_lv, m.plan, m.indirect, value[m.name])
                elif m.has_default and not m.indirect and shape != "null":
                    place(m_lv, m.plan, False, m.default)  # absent: its own DEFAULT, has_x false
        elif target.shape == "choice":
            name, v = value
            arm = next(m for m in target.members if m.name == name)
            lines.append(f"{member(lv, 'which')} = {self.choice_const(target, name)};")
            if self.resolve_alias(arm.plan).shape != "null":
                place(f"{member(lv, 'u')}.{c_field(name)}", arm.plan, arm.indirect, v)
        else:
            elem = target.element
            items = member(lv, "items")
            if target.shape == "array":
                lines.append(f"{member(lv, 'count')} = {len(value)};")
                if not value or (elem.size.max == 0):  # no storage for elements that encode to nothing
                    return lines
                lines.append(f"{items} = ilpc_xdr_calloc({len(value)}, sizeof *{items});")
                nomem_check(items)
            if self.resolve_alias(elem).shape != "null":
                for i, v in enumerate(value):
                    place(f"{items}[{i}]", elem, False, v)
        return ["{", *("    " + l for l in "\n".join(lines).split("\n")), "}"] if lines else []

    def _simple_assign(self, lv: str, target: TypePlan, value) -> str:
        if target.shape in ("bool", "int", "double", "enum"):
            return f"{lv} = {self.default_literal(target, value)};"
        if target.shape in ("opaque", "string", "bits"):
            data = value[1] if target.shape == "bits" else value
            count = f"{member(lv, 'bits')} = {value[0]};" if target.shape == "bits" else f"{member(lv, 'len')} = {len(data)};"
            ctype = "char" if target.shape == "string" else "uint8_t"
            extra = 1 if target.shape == "string" else 0
            lines = [f"static const uint8_t dflt[] = {self.c_bytes(data)};",
                     f"{member(lv, 'data')} = ({ctype} *)ilpc_xdr_calloc({len(data) + extra}, 1);",
                     f"if ({member(lv, 'data')} == NULL)",
                     "    return ILPC_E_NOMEM;"]
            if data:
                lines.append(f"memcpy({member(lv, 'data')}, dflt, {len(data)});")
            else:
                lines.append("(void)dflt;")
            lines.append(count)
            return "{\n" + "\n".join("    " + l for l in lines) + "\n}"
        if target.shape == "opaque_fixed":
            return f"{{ static const uint8_t dflt[] = {self.c_bytes(value)}; memcpy({member(lv, 'bytes')}, dflt, {len(value)}); }}"
        if target.shape == "null":
            return "/* NULL: nothing to set */"
        if target.shape == "array" and isinstance(target.stype, OidT):
            arcs = ", ".join(c_literal_int(a, "uhyper") for a in value)
            lines = [f"static const uint64_t dflt[] = {{{arcs}}};",
                     f"{member(lv, 'items')} = ilpc_xdr_calloc({len(value)}, sizeof dflt[0]);",
                     f"if ({member(lv, 'items')} == NULL)",
                     "    return ILPC_E_NOMEM;",
                     f"memcpy({member(lv, 'items')}, dflt, sizeof dflt);",
                     f"{member(lv, 'count')} = {len(value)};"]
            return "{\n" + "\n".join("    " + l for l in lines) + "\n}"
        raise AssertionError(target.shape)

    def oid_check(self, op) -> Optional[str]:
        """The C condition an OBJECT IDENTIFIER / RELATIVE-OID value at ``op.path`` must
        meet (docs/mapping.md): the X.680 arc rules, the single-value constraint; or None."""
        lv = lvalue(op.path)
        items, count = member(lv, "items"), member(lv, "count")
        conds = []
        if op.oid_arcs:
            conds.append(f"ilpc_oid_valid({items}, {count})")
        if op.oid_values is not None:
            alts = []
            for v in op.oid_values:
                arcs = ", ".join(c_literal_int(a, "uhyper") for a in v)
                alts.append(f"ilpc_oid_equal({items}, {count}, (const uint64_t[]){{{arcs}}}, {len(v)}u)")
            conds.append("(" + " || ".join(alts) + ")")
        return " && ".join(conds) or None

    def c_bytes(self, data: bytes) -> str:
        return "{" + ", ".join(str(b) for b in data) + "}" if data else "{0}"

    # ------------------------------------------------------------ ops

    def ops(self, ops: list, role: str, plan: TypePlan) -> str:
        out = []
        for op in ops:
            tpl = self.env.get_template(f"C/{op.op}/{role}.j2")
            out.append(tpl.render(op=op, e=self, plan=plan).rstrip("\n"))
        return "\n".join(x for x in out if x.strip())

    def items(self, items: list, role: str, base: str, plan: TypePlan) -> str:
        tpl = self.env.get_template(f"C/item/{role}.j2")
        out = []
        for it in items:
            out.append(tpl.render(it=it, e=self, base=base, plan=plan).rstrip("\n"))
        return "\n".join(x for x in out if x.strip())

    # Repeats of at most this many elements are unrolled: fixed offsets, no loop.
    UNROLL_MAX_COUNT = 32
    UNROLL_MAX_ITEMS = 64

    def unroll(self, rep: Repeat) -> bool:
        return rep.count <= self.UNROLL_MAX_COUNT and rep.count * len(rep.items) <= self.UNROLL_MAX_ITEMS

    def bind(self, rep: Repeat, k: int) -> list:
        """The items of element k of a Repeat, at their own offsets, index variable bound to k."""
        def subst(it):
            if isinstance(it, Repeat):
                return Repeat(it.count, it.var, it.offset, it.stride, [subst(x) for x in it.items])
            path = tuple(("index", str(k)) if st[0] == "index" and st[1] == rep.var else st for st in it.path)
            return dataclasses.replace(it, path=path)
        out = []
        for it in rep.items:
            new = subst(it)
            if isinstance(new, Repeat):
                new.offset += k * rep.stride
            else:
                new = dataclasses.replace(new, offset=new.offset + k * rep.stride)
            out.append(new)
        return out

    def writes_every_member(self, plan: TypePlan) -> bool:
        """Decoding assigns every member (no optional, choice, allocation): no memset needed."""
        return all(isinstance(op, Block) for op in plan.ops)

    def needs_free(self, ops: list) -> bool:
        for op in walk_ops(ops):
            if isinstance(op, (Bytes, Call)):
                if isinstance(op, Call) and not self.plan_needs_free(op.target):
                    continue
                return True
            if isinstance(op, Optional_) and op.indirect:
                return True
            if isinstance(op, Choice) and any(a.indirect for a in op.arms):
                return True
            if isinstance(op, Array) and op.local is not None:
                return True
        return False

    def plan_needs_free(self, plan: TypePlan, seen: Optional[set] = None) -> bool:
        if plan.recursive:
            return True
        seen = seen or set()
        if id(plan) in seen:
            return True
        seen.add(id(plan))
        return self.needs_free(plan.ops)

    def functions_needed(self, plan: TypePlan) -> bool:
        """Named types have the public functions; an anonymous component has helpers only
        when another type's functions call them (it is not inlined into its user)."""
        return plan.named or id(plan) in self.called

    @property
    def called(self) -> dict[int, bool]:
        """call_targets() of all the modules (computed once, by emit_c)."""
        if self._called is None:
            self._called = call_targets(self.all)
        return self._called

    def free_needed(self, plan: TypePlan) -> bool:
        """Whether T_free is defined: always for a named type; for a helper, when a
        caller's free calls it (something to free, or a value it allocated)."""
        return plan.named or self.plan_needs_free(plan) or self.called.get(id(plan), False)

    # ---------------------------------------------------- file level

    def ordered_plans(self, modules: Optional[list[ModulePlan]] = None) -> list[TypePlan]:
        """Plans of this module (or of the given modules) in an order where by-value
        members come first."""
        plans = [p for mp in (modules or [self.mp]) for p in mp.plans if p.name[0] == mp.name]
        index = {id(p): p for p in plans}
        done: set[int] = set()
        out: list[TypePlan] = []

        def deps(p: TypePlan):
            needs = [m.plan for m in p.members if not m.indirect]
            # a variable array holds a pointer: a forward-declared struct element is enough
            if p.element is not None and (p.shape == "array_fixed" or not self.is_forward_declared(p.element)):
                needs.append(p.element)
            # an alias of a struct-like type is a forward declaration: nothing to wait for
            if p.ref is not None and not self.is_forward_declared(p):
                needs.append(p.ref)
            for d in needs:
                yield d
                # a value of an alias of a struct needs the struct's definition
                if self.resolve_alias(d) is not d:
                    yield self.resolve_alias(d)

        def visit(p: TypePlan, stack: set[int]):
            if id(p) in done or id(p) not in index or id(p) in stack:
                return
            stack.add(id(p))
            for d in deps(p):
                visit(d, stack)
            stack.discard(id(p))
            done.add(id(p))
            out.append(p)
        for p in plans:
            visit(p, set())
        return out

    def render(self) -> dict[str, str]:
        plans = self.ordered_plans()
        fn_plans = [p for p in plans if self.functions_needed(p)]
        base = c_ident(self.mp.name)
        ctx = dict(e=self, mp=self.mp, plans=plans, fn_plans=fn_plans, base=base,
                   guard=include_guard(f"{base}.h"), imports=[c_ident(m) for m in self.mp.imports],
                   types_header=types_header_name(self.cycle) if self.cycle else None)
        self.collect_alphabets(fn_plans)
        self._used_helper_sizes = self.size_calls(plans, fn_plans)
        src = self.env.get_template("C/module/source.j2").render(alphabets=list(self.alphabets.values()), **ctx)
        hdr = self.env.get_template("C/module/header.j2").render(**ctx)
        return {f"{base}.h": hdr, f"{base}.c": src}

    def render_types_header(self) -> dict[str, str]:
        """The header declaring the types of every module of this one's import cycle:
        each module's header includes it instead of declaring its own types, since
        their types use each other's (A.X holds a B.Y, B.Y an A.Z)."""
        assert self.cycle
        names = {mp.name for mp in self.cycle}
        outside = sorted({i for mp in self.cycle for i in mp.imports if i not in names})
        name = types_header_name(self.cycle)
        ctx = dict(e=self, cycle=self.cycle, plans=self.ordered_plans(self.cycle), guard=include_guard(name),
                   name=name, imports=[c_ident(m) for m in outside])
        return {name: self.env.get_template("C/module/types_header.j2").render(**ctx)}


def make_env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined, autoescape=False, extensions=["jinja2.ext.do"],
    )
    env.filters["indent_c"] = lambda s, n=4: "\n".join((" " * n + l) if l.strip() else "" for l in s.split("\n"))
    env.filters["negate"] = negate
    env.filters["m"] = member
    env.filters["uses"] = lambda text, name: re.search(rf"\b{name}\b", text) is not None
    env.globals["pad4"] = pad4
    env.tests["block"] = lambda x: isinstance(x, Block)
    env.tests["repeat"] = lambda x: isinstance(x, Repeat)
    return env


def emit_c(modules: list[ModulePlan], spec_stem: str) -> dict[str, str]:
    """All generated files (name -> text): per-module .h/.c, the harness, the fuzz target
    and a Makefile."""
    env = make_env()
    files: dict[str, str] = {}
    cycle_of = {mp.name: cycle for cycle in import_cycles(modules) for mp in cycle}
    called = call_targets(modules)
    for mp in modules:
        em = CModuleEmitter(env, mp, modules, cycle_of.get(mp.name), called)
        files.update(em.render())
        if em.cycle and em.cycle[0] is mp:
            files.update(em.render_types_header())
    types = [dict(T=type_cname(p), name=".".join(p.name), pdu=p.pdu)
             for mp in modules for p in mp.named]
    headers = [f"{c_ident(mp.name)}.h" for mp in modules]
    files["ilpc_harness.c"] = env.get_template("C/harness/harness.c.j2").render(
        types=types, headers=headers, ciphers=CIPHER_NAMES)
    files["ilpc_fuzz.c"] = env.get_template("C/fuzz/fuzz.c.j2").render(
        types=types, headers=headers, ciphers=CIPHER_NAMES)
    return files
