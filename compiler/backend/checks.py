"""The checks of values, built once for every C encoding (XDR, ILP, those to come).

The conditions are C expressions built here from the plan (a value in its constraint,
a length in its SIZE, a string's characters in its alphabet, OBJECT IDENTIFIER arcs,
WITH COMPONENTS presence); the statements that enforce them are the macros of
``templates/C/checks.j2``, rendered here and handed, as text, to the templates of each
encoding -- so an op's checks are written once, whatever the encoding reads or writes.

A :class:`Checks` serves one generated file: it names the permitted-alphabet tables that
file's checks use.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..ir.facts import resolve_alias
from ..ir.plan import Array, Bytes, Item, TypePlan, walk_ops
from ..semantic.model import UINT32_MAX, IntSet, Within
from ..semantic.reals import c_condition as real_condition
from .cexpr import (
    WIRE_RANGE, c_literal_int, flip, has_lvalue, lvalue, member, negate, paren,
)
from .naming import alphabet_table, c_field, choice_const, choice_enum, enum_const, has_member, joined
from .render import macros, strip


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


def size_condition(expr: str, sizes: IntSet) -> Optional[str]:
    """C condition: the length or count ``expr`` (a uint32_t) is in its SIZE constraint."""
    return in_set_condition(expr, sizes.intersect(IntSet.range(0, UINT32_MAX)), "uint")


def _reject(cond: Optional[str]) -> Optional[str]:
    return None if cond is None else negate(cond)


def bool_reject(it: Item, expr: str) -> Optional[str]:
    """C condition, true when the BOOLEAN ``expr`` is not the one value its constraint
    admits (None: no constraint)."""
    if it.values is None:
        return None
    if 1 in it.values:
        return f"!{expr}"
    return expr[1:-1] if expr.startswith("(*") and expr.endswith(")") and "(" not in expr[2:-1] else expr


def value_reject(it: Item, expr: str) -> Optional[str]:
    """C condition, true when the number ``expr`` of an item is outside its constraint."""
    if it.kind == "bool":
        return bool_reject(it, expr)
    if it.kind == "double":
        return None if it.real_ranges is None else negate(real_condition(expr, it.real_ranges))
    if it.values is None:
        return None
    return _reject(in_set_condition(expr, it.values, it.kind))


def _is_ascii(alpha: IntSet) -> bool:
    """The alphabet of IA5String, which ilpc_is_ascii checks without a table."""
    return alpha.intervals == ((0, 127),)


@dataclass
class Alphabet:
    """A permitted alphabet's C definition (an ``ilpc_alphabet``, ilpc_text.h)."""
    name: str
    definition: str


def alphabet_definition(t, name: str, alpha: IntSet) -> Alphabet:
    """The ilpc_alphabet ``name`` of the octets in ``alpha``: the table of 256, and the
    nibble form (bit h of lo[l]: octet 16h + l allowed), exact when no octet above 0x7F
    is allowed."""
    table = [1 if c in alpha else 0 for c in range(256)]
    lo = [sum(1 << h for h in range(8) if table[16 * h + low]) for low in range(16)]
    return Alphabet(name, strip(t.alphabet(name, table, lo, not any(table[128:]))))


def _present(entry) -> Optional[bool]:
    """A presence pattern's entry: True (present, chosen), False (absent), None (either)."""
    return entry.present if isinstance(entry, Within) else entry


class Checks:
    """The checks of one generated file (``module``'s): the shared check text of every
    op, and the permitted-alphabet tables they use."""

    def __init__(self, module: str):
        self.module = module
        self.alphabets: dict[tuple, Alphabet] = {}
        self.t = macros("C/checks.j2")

    # ------------------------------------------------------------ alphabets

    def collect_alphabets(self, plans: list[TypePlan]) -> list[Alphabet]:
        """Name the permitted-alphabet tables that the code of ``plans`` checks strings
        against, in the order of the plans and their ops, before anything is rendered: the
        output does not depend on the order in which ops are rendered."""
        for p in plans:
            for op in walk_ops(p.ops):
                if isinstance(op, Bytes):
                    self.table_alphabet(op)
        return list(self.alphabets.values())

    def alphabet(self, alpha: IntSet) -> str:
        """The name of the ilpc_alphabet of ``alpha`` (defined on first use)."""
        if alpha.intervals not in self.alphabets:
            self.alphabets[alpha.intervals] = alphabet_definition(
                self.t, alphabet_table(self.module, len(self.alphabets)), alpha)
        return self.alphabets[alpha.intervals].name

    def table_alphabet(self, op: Bytes) -> Optional[str]:
        """The ilpc_alphabet that a string of ``op`` is checked against, or None (no
        alphabet, or IA5String's, which ilpc_is_ascii checks)."""
        if op.alphabet is None or _is_ascii(op.alphabet):
            return None
        return self.alphabet(op.alphabet)

    def text_condition(self, op: Bytes, data: str, n: str, alphabet: Optional[str] = None) -> Optional[str]:
        """C condition that the n bytes of a string body at data are allowed characters
        (the alphabet, and well-formed UTF-8 for UTF8String), or None.  ``alphabet``: a C
        condition that stands for the table alphabet's check (done while reading)."""
        conds = []
        if op.alphabet is not None:
            if _is_ascii(op.alphabet):
                conds.append(f"ilpc_is_ascii({data}, {n})")
            else:
                conds.append(alphabet or f"ilpc_in_alphabet(&{self.alphabet(op.alphabet)}, {data}, {n})")
        if op.kind == "string" and op.string_kind == "UTF8String":
            conds.append(f"ilpc_utf8_valid({data}, {n})")
        return " && ".join(conds) or None

    # ------------------------------------------------------------ items

    def item_out(self, it: Item) -> str:
        """The checks of a block item before it goes out (as text; "" for none)."""
        lv = lvalue(it.path)
        k = it.kind
        if k in ("bool", "int", "uint", "hyper", "uhyper", "double"):
            return strip(self.t.item_out(kind=k, lv=lv, reject=value_reject(it, lv)))
        if k == "enum":
            return strip(self.t.item_out(kind=k, lv=lv, consts=[enum_const(it.enum_name, name)
                                                                  for name, _ in it.enum_items]))
        if k == "discriminant":
            return strip(self.t.item_out(kind=k, lv=lv, n=it.n))
        if k in ("length", "count"):
            field = member(lv, "count" if k == "count" else "bits" if it.bytes_kind == "bits" else "len")
            sizes = it.sizes if it.sizes is not None else IntSet.range(0, None)
            return strip(self.t.item_out(kind=k, lv=lv, reject=_reject(size_condition(field, sizes)), field=field,
                                         data=member(lv, "items" if k == "count" else "data"),
                                         null_check=not (k == "count" and it.no_items)))
        return ""

    def item_in(self, it: Item, src: str, src64: str = "", srcd: str = "") -> str:
        """A block item read from its word ``src`` (or 64-bit value ``src64``, double
        ``srcd``: C expressions of what the encoding read) and checked, as text."""
        lv = lvalue(it.path)
        k = it.kind
        values = dict(kind=k, lv=lv, src=src)
        if k == "bool":
            values["reject"] = bool_reject(it, src)
        elif k in ("int", "uint", "hyper", "uhyper", "double"):
            values.update(src64=src64, srcd=srcd, reject=value_reject(it, lv))
        elif k == "enum":
            values.update(nums=[num for _, num in it.enum_items], ctype=joined(it.enum_name))
        elif k == "present":
            values.update(local=it.local, has="" if it.indirect else has_lvalue(it.path))
        elif k == "discriminant":
            values.update(local=it.local, n=it.n, ctype=choice_enum(it.enum_name))
        elif k == "bitbytes":
            values.update(local=it.local, bits_local=it.bits_local)
        elif k in ("length", "count"):
            values.update(local=it.local)
        else:
            raise AssertionError(k)
        return strip(self.t.item_in(**values))

    # ------------------------------------------------------------ lengths, bodies, arrays

    def length_in(self, local: str, sizes: IntSet) -> str:
        """The checks of a length or count just read into ``local``."""
        return strip(self.t.length_in(local=local, reject=_reject(size_condition(local, sizes)),
                                      unbounded=sizes.upper is None))

    def bytes_out(self, op: Bytes) -> str:
        """Before a body goes out: ``nb``, its byte count, declared; its checks."""
        lv = lvalue(op.path)
        return strip(self.t.bytes_out(kind=op.kind, lv=lv,
                                      text_reject=_reject(self.text_condition(op, member(lv, "data"), "nb"))))

    def byte_count(self, op: Bytes) -> str:
        """``nb``, the byte count of a body whose length was read into ``op.local``."""
        return strip(self.t.byte_count(kind=op.kind, n=op.local))

    def text_in(self, op: Bytes, data: str) -> str:
        """The check of the characters of a body read at ``data`` (nb bytes), or ""."""
        cond = self.text_condition(op, data, "nb")
        return "" if cond is None else strip(self.t.reject(cond=negate(cond), code="ILPC_E_ALPHABET"))

    def bytes_alloc(self, op: Bytes) -> str:
        return strip(self.t.bytes_alloc(kind=op.kind, lv=lvalue(op.path)))

    def bytes_store(self, op: Bytes) -> str:
        return strip(self.t.bytes_store(kind=op.kind, lv=lvalue(op.path), local=op.local))

    def count_in(self, op: Array, left: str, what: str) -> str:
        """The checks and storage of an array<>'s count just read, no more elements than
        the ``left`` bytes of the ``what`` can hold."""
        return strip(self.t.count_in(lv=lvalue(op.path), local=op.local,
                                     reject=_reject(size_condition(op.local, op.sizes)),
                                     unbounded=op.sizes.upper is None, elem_min=op.elem_size.min,
                                     nothing=op.elem_size.max == 0, left=left, what=what))

    def oid(self, op: Array) -> str:
        """The check of an OBJECT IDENTIFIER / RELATIVE-OID value (docs/mapping.md): the
        X.680 arc rules, the single-value constraint; or ""."""
        if not op.oid_arcs and op.oid_values is None:
            return ""
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
        if not conds:
            return ""
        return strip(self.t.oid(reject=negate(" && ".join(conds))))

    # ------------------------------------------------------------ presence

    def pointer_out(self, ptr: str) -> str:
        """The check that a component held through the pointer ``ptr`` is there."""
        return strip(self.t.pointer_out(ptr=ptr))

    def pointer_in(self, ptr: str) -> str:
        """The allocation of a component held through the pointer ``ptr``, before it is read."""
        return strip(self.t.pointer_in(ptr=ptr))

    def presence(self, plan: TypePlan) -> str:
        """The check of a value against the plan's WITH COMPONENTS presence patterns, or ""."""
        cond = self.presence_reject(plan)
        return "" if cond is None else strip(self.t.presence(reject=cond))

    def presence_reject(self, plan: TypePlan) -> Optional[str]:
        """C condition, true when the value at pointer ``v`` matches none of the plan's
        WITH COMPONENTS presence patterns (None when it has none)."""
        if not plan.presence:
            return None
        cond = self._patterns_condition(plan, plan.presence, "v->")
        if cond.startswith("!") and " " not in cond:
            return cond[1:]
        if "&&" not in cond and "||" not in cond and cond.count(" == ") + cond.count(" != ") == 1:
            return cond.replace(" == ", " != ") if " == " in cond else cond.replace(" != ", " == ")
        return negate(cond)

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
                    flag = f"{prefix}which == {choice_const(plan.name, name)}"
                    value = f"{prefix}u.{c_field(name)}"
                elif m.indirect:
                    flag = f"{prefix}{c_field(name)} != NULL"
                    value = f"{prefix}{c_field(name)}"
                elif m.optional:
                    flag = f"{prefix}{has_member(name)}"
                    value = f"{prefix}{c_field(name)}"
                else:
                    flag, value = None, f"{prefix}{c_field(name)}"
                present = _present(entry)
                if present is False:  # ABSENT (a mandatory component cannot be: the pattern never holds)
                    conj.append(flip(flag) if flag is not None else "0")
                    continue
                cond = self._within_condition(m, entry, value) if isinstance(entry, Within) else None
                if present:
                    if flag is not None:
                        conj.append(flag)
                    if cond is not None:
                        conj.append(paren(cond))
                elif cond is not None:  # when present (chosen): the value's condition
                    conj.append(paren(cond) if flag is None else f"({flip(flag)} || {paren(cond)})")
            if not conj:
                return "1"
            terms.append(conj[0] if len(conj) == 1 else "(" + " && ".join(conj) + ")")
        return terms[0] if len(terms) == 1 else " || ".join(terms)

    def _within_condition(self, m, w: Within, value: str) -> Optional[str]:
        """C condition on the member ``m`` (its value at the lvalue ``value``, a pointer
        when the member is held through one): its value meets ``w``."""
        target = resolve_alias(m.plan)
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
                conds.append(" || ".join(f"{lv} == {enum_const(target.name, n)}" for n in names))
        if w.inner is not None:
            prefix = f"{value}->" if m.indirect else f"{value}."
            conds.append(self._patterns_condition(target, w.inner, prefix))
        if not conds:
            return None
        return conds[0] if len(conds) == 1 else " && ".join(paren(c) for c in conds)
