"""The BER family's back end (ITU-T X.690: BER, CER, DER): C decoders and DER encoders
from the semantic model's types and tags, through the templates in ``templates/C/ber``.

For every module, ``<Module>_ber.h`` (the prototypes; the C types are ``<Module>.h``'s)
and ``<Module>_ber.c``.  The XDR plans (compiler/ir/plan.py) say what the C
representation is -- every plan's shape, members, element, wire kind -- and nothing of
the wire: a BER encoding is a tree of TLVs, whose tags come from the model
(``outer_tags``, ``first_tags``), so this back end walks each plan's semantic type
alongside its members, its own plan of the encoding (:class:`TlvUse`: the explicit
wrappers of a use, then the type's own TLV).

Every plan with a C type of its own (named types; anonymous SEQUENCE, SET, CHOICE,
SEQUENCE OF) gets ``T_get_ber`` (decode T's own TLV, under the tag its use gives it,
from a cursor in any rule set) and ``T_put_der`` (write it back to front); primitive
components are coded in place.  Named types also get the whole-message functions
``T_decode_ber|cer|der``, ``T_encode_der`` (= ``T_encode_ber``) and ``T_size_der``
(naming.codec_functions(T, "ber"|"cer"|"der")).
"""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Optional

from ..ir.facts import PlanFacts, resolve_alias
from ..ir.plan import Bytes, ModulePlan, TypePlan, wire_alphabet
from ..ir.xdr import xdr_int
from ..semantic.model import (
    AnyT, BitsT, ChoiceT, EnumT, Field, OpenT, IntSet, OidT, SType, StringT, StructT, Tag, TagUse, TAG_CLASSES, first_tags,
    outer_tags, resolve_ref,
)
from .cexpr import c_literal_int, member, value_assign
from .checks import Checks, in_set_condition, negate, size_condition
from .interface import Compilation, Options
from .naming import (
    c_field, choice_const, codec_functions, enum_const, has_member, include_guard, module_base, module_file,
    type_name,
)
from .render import macros, render

ENCODINGS = ("ber", "cer", "der")  # the --encoding names this back end serves

# the character strings whose characters X.690 encodes in 2 or 4 octets (ilpc's C holds UTF-8)
UCS_WIDTH = {"BMPString": 2, "UniversalString": 4}

CLASS_C = {"UNIVERSAL": "ILPC_BER_UNIVERSAL", "APPLICATION": "ILPC_BER_APPLICATION",
           "CONTEXT": "ILPC_BER_CONTEXT", "PRIVATE": "ILPC_BER_PRIVATE"}

# shapes with a C type of their own and so functions (a primitive one is coded in place)
CONSTRUCTED = ("struct", "choice", "array", "array_fixed")


def tag_c(tag: Tag) -> tuple[str, str]:
    """The C expressions of a tag's class bits and number."""
    return CLASS_C[tag.cls], f"{tag.number}u"


def canonical_key(tag: Tag) -> tuple[int, int]:
    """X.680 8.6's canonical order of tags: by class (UNIVERSAL first), then number."""
    return TAG_CLASSES.index(tag.cls), tag.number


@dataclass
class TlvUse:
    """How a use of a type is encoded: the explicit tags wrapping it, outermost first,
    then the tag of its own TLV (None: an untagged CHOICE, open type or ANY, whose own
    encoding is its alternative's or the value's)."""
    wrappers: list[Tag]
    own: Optional[Tag]


def tlv_use(t: SType) -> TlvUse:
    tags = list(outer_tags(t))
    if not tags:
        return TlvUse([], None)
    last = tags[-1]
    wrappers = [u.tag for u in tags[:-1]]
    if last.explicit:
        return TlvUse(wrappers + [last.tag], None)
    return TlvUse(wrappers, last.tag)


def match_condition(t: SType) -> Optional[str]:
    """C condition on pc_/pn_ (the next tag's class bits and number): an encoding of ``t``
    begins there; None when any tag can (an untagged open type)."""
    tags = first_tags(t)
    if tags is None:
        return None
    if not tags:
        return "0"
    parts = [f"(pc_ == {CLASS_C[x.cls]} && pn_ == {x.number}u)" for x in sorted(tags, key=canonical_key)]
    return " || ".join(parts)


def smallest_tag(t: SType) -> tuple[int, int]:
    tags = first_tags(t)
    return min((canonical_key(x) for x in tags), default=(9, 0)) if tags else (9, 0)


TOP = "(*v)"  # the value a type's own functions code


class BerModule:
    """Renders one module's BER-family functions: ``<Module>_ber.h`` and ``<Module>_ber.c``."""

    def __init__(self, mp: ModulePlan, facts: PlanFacts):
        self.mp = mp
        self.facts = facts
        self.checks = Checks(mp.name)
        self.counter = 0
        # the plans of extension addition groups: coded in place, in their SEQUENCE's TLV
        self.groups: set[int] = set()
        for p in facts.order(mp):
            if p.shape == "struct" and isinstance(resolve_ref(p.stype), StructT):
                for f, m in zip(resolve_ref(p.stype).fields, p.members):
                    if f.group:
                        self.groups.add(id(resolve_alias(m.plan)))

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    @staticmethod
    def names(plan: TypePlan) -> tuple[SimpleNamespace, SimpleNamespace, SimpleNamespace]:
        T = type_name(plan)
        return codec_functions(T, "ber"), codec_functions(T, "der"), codec_functions(T, "cer")

    @staticmethod
    def at(plan: TypePlan, lv: str) -> str:
        """The address handed to a named type's functions: NULL for a NULL type used as a
        component or alternative, which C holds no member for (ctype.member_lines)."""
        if lv != TOP and resolve_alias(plan).shape == "null":
            return "NULL"
        return _addr(lv)

    def has_functions(self, plan: TypePlan) -> bool:
        return plan.named or (plan.shape in CONSTRUCTED and not isinstance(plan.stype, OidT)
                              and id(plan) not in self.groups)

    # ------------------------------------------------------------ decoding

    def dec_use(self, t: SType, plan: TypePlan, lv: str, cur: str, alloc: Optional[str] = None) -> str:
        """Decode a use of type ``t`` (its C representation ``plan``) into ``lv`` from the
        cursor ``cur``; ``alloc``: the pointer member holding it, allocated first."""
        use = tlv_use(t)
        names = []
        for _ in use.wrappers:
            names.append(self.fresh("c"))
        inner = f"&{names[-1]}" if names else cur
        own = tag_c(use.own) if use.own is not None else ("0u", "0u")
        body = self.dec_value(plan, lv, inner, own, alloc)
        t_tag = macros("C/ber/tag.j2")
        for i in range(len(use.wrappers) - 1, -1, -1):
            outer = f"&{names[i - 1]}" if i > 0 else cur
            cls, num = tag_c(use.wrappers[i])
            body = t_tag.decode(cur=outer, child=names[i], cls=cls, num=num, body=body.rstrip("\n"))
        return body.rstrip("\n")

    def dec_value(self, plan: TypePlan, lv: str, cur: str, own: tuple[str, str], alloc: Optional[str] = None) -> str:
        """Decode the own TLV of a value of ``plan`` at ``lv`` with the tag ``own``."""
        cls, num = own
        if self.has_functions(plan):
            f, _, _ = self.names(plan)
            return macros("C/ber/call.j2").decode(fn=f.get, cur=cur, at=alloc or self.at(plan, lv), cls=cls, num=num,
                                                  alloc=alloc is not None, ptr=alloc or "")
        text = ""
        if alloc is not None:
            text = macros("C/ber/call.j2").decode(fn="", cur="", at="", cls="", num="", alloc=True, ptr=alloc)
            text = text.split("if ((rc")[0]
        return text + self.dec_primitive(plan, lv, cur, cls, num)

    def dec_primitive(self, plan: TypePlan, lv: str, cur: str, cls: str, num: str) -> str:
        """Decode a primitive (or OBJECT IDENTIFIER) value in place."""
        v = macros("C/ber/value.j2")
        t = resolve_ref(plan.stype)
        shape = plan.shape
        if isinstance(t, OidT):
            return v.decode_oid(cur=cur, lv=lv, cls=cls, num=num, relative="true" if t.relative else "false",
                                reject=self.oid_reject(t, lv) or "")
        if shape == "bool":
            reject = ""
            if t.values is not None and len(t.values) == 1:
                reject = f"!{lv}" if True in t.values else lv
            return v.decode_bool(cur=cur, lv=lv, cls=cls, num=num, reject=reject)
        if shape == "int":
            wire, enforced = xdr_int(t.values, t.declared)
            signed = wire in ("int", "hyper")
            full = IntSet.range(*_WIRE[wire])
            cond = in_set_condition("x", enforced if enforced is not None else full, "hyper" if signed else "uhyper")
            ctype = {"int": "int32_t", "uint": "uint32_t", "hyper": "int64_t", "uhyper": "uint64_t"}[wire]
            return v.decode_int(cur=cur, lv=lv, cls=cls, num=num, signed=signed, ctype=ctype,
                                reject=negate(cond) if cond else "", error="ILPC_E_RANGE")
        if shape == "enum":
            conds = " || ".join(f"x == {n}" for _, n in t.items)
            ctype = type_name(plan) if plan.named else "int"
            return v.decode_int(cur=cur, lv=lv, cls=cls, num=num, signed=True, ctype=ctype,
                                reject=f"!({conds})", error="ILPC_E_BAD_ENUM")
        if shape == "null":
            return v.decode_null(cur=cur, cls=cls, num=num)
        if shape == "double":
            return v.decode_real(cur=cur, lv=lv, cls=cls, num=num, reject="")
        if shape == "opaque_fixed":
            return v.decode_fixed(cur=cur, lv=lv, cls=cls, num=num, size=t.fixed)
        if isinstance(t, (OpenT, AnyT)):
            size_cond = size_condition(member(lv, "len"), t.sizes)
            return v.decode_raw(cur=cur, lv=lv, max=_upper(t.sizes), size_reject=negate(size_cond) if size_cond else "")
        if isinstance(t, StringT) and t.kind in UCS_WIDTH:
            size_cond = size_condition(f"ilpc_ber_utf8_chars(s, {member(lv, 'len')})", t.sizes)
            text_ok = self.checks.text_condition(self.string_op(t), "s", member(lv, "len")) or ""
            return v.decode_ucs(cur=cur, lv=lv, cls=cls, num=num, width=UCS_WIDTH[t.kind],
                                size_reject=negate(size_cond) if size_cond else "", text_ok=text_ok)
        if shape in ("opaque", "string"):
            max_len = _upper(t.sizes)
            size_cond = size_condition(member(lv, "len"), t.sizes)
            text_ok = ""
            time = ""
            ctype = "uint8_t"
            alphabet = ""
            if isinstance(t, StringT):
                ctype = "char"
                op = self.string_op(t)
                alphabet = self.checks.table_alphabet(op) or ""  # checked by ilpc_ber_get_chars
                text_ok = self.checks.text_condition(op, "s", member(lv, "len"),
                                                     alphabet="in_alphabet" if alphabet else None) or ""
                if t.time in ("UTCTime", "GeneralizedTime"):
                    time = "true" if t.time == "GeneralizedTime" else "false"
            return v.decode_octets(cur=cur, lv=lv, cls=cls, num=num, max=max_len, bounded=max_len != UNBOUNDED,
                                   ctype=ctype, size_reject=negate(size_cond) if size_cond else "", text_ok=text_ok, time=time,
                                   alphabet=alphabet)
        if shape == "bits":
            size_cond = size_condition(member(lv, "bits"), t.sizes)
            max_bits = _upper(t.sizes)
            return v.decode_bits(cur=cur, lv=lv, cls=cls, num=num, max=max_bits, bounded=max_bits != UNBOUNDED,
                                 size_reject=negate(size_cond) if size_cond else "")
        raise AssertionError(f"no BER primitive for shape {shape}")

    def string_op(self, t: StringT) -> Bytes:
        """The XDR back end's op of a string of type ``t``, for the shared text checks."""
        op = Bytes("string", (), "", t.sizes, wire_alphabet(t), t.kind)
        self.checks.table_alphabet(op)  # its table defined in the file
        return op

    @staticmethod
    def oid_reject(t: OidT, lv: str) -> Optional[str]:
        """C condition, true when an OBJECT IDENTIFIER breaks X.680's rules on its first
        arcs (the decoder makes them right; the encoder must check)."""
        count, items = member(lv, "count"), member(lv, "items")
        if t.relative:
            return f"{count} < 1u || {count} > 128u"
        return f"{count} < 2u || {count} > 128u || {items}[0] > 2u || ({items}[0] < 2u && {items}[1] > 39u)"

    def dec_struct(self, plan: TypePlan, lv: str, cur: str, own: tuple[str, str]) -> str:
        t = resolve_ref(plan.stype)
        child = self.fresh("c")
        s = macros("C/ber/struct.j2")
        if t.kind == "SET":
            return self.dec_set(plan, t, lv, cur, own, child)
        comps = [self.dec_component(f, m, lv, f"&{child}") for f, m in zip(t.fields, plan.members)]
        return s.decode_sequence(cur=cur, child=child, cls=own[0], num=own[1], components=comps,
                                 extensible=t.extensible)

    def dec_component(self, f: Field, m, lv: str, cur: str) -> str:
        """A component of a SEQUENCE: mandatory, or OPTIONAL/DEFAULT/an addition."""
        s = macros("C/ber/struct.j2")
        m_lv = member(lv, c_field(m.name))
        if f.group:
            return self.dec_group(f, m, lv, cur)
        alloc = m_lv if m.indirect else None
        val_lv = f"(*{m_lv})" if m.indirect else m_lv
        body = self.dec_use(f.type, m.plan, val_lv, cur, alloc)
        if not f.optional:
            return body
        match = match_condition(f.type) or "1"
        default = value_assign(m_lv, m.plan, m.default, f"ilpc_ber_calloc({cur}, ") \
            if m.has_default and not m.indirect and resolve_alias(m.plan).shape != "null" else ""
        flag = "" if m.indirect else member(lv, has_member(m.name))
        return s.decode_optional(cur=cur, match=match, flag=flag, body=body, default=default,
                                 der_default=self.equals_default(m, val_lv) if m.has_default else "").rstrip("\n")

    def dec_group(self, f: Field, m, lv: str, cur: str) -> str:
        """An extension addition group: its components in place, the group present when
        its first component is there."""
        s = macros("C/ber/struct.j2")
        g = resolve_ref(f.type)
        g_plan = resolve_alias(m.plan)
        g_lv = member(lv, c_field(m.name))
        comps = [self.dec_component(gf, gm, g_lv, cur) for gf, gm in zip(g.fields, g_plan.members)]
        match = " || ".join(f"({c})" for c in (match_condition(gf.type) or "1" for gf in g.fields)) or "0"
        return s.decode_optional(cur=cur, match=match, flag=member(lv, has_member(m.name)), body="\n".join(comps),
                                 default="", der_default="").rstrip("\n")

    def dec_set(self, plan: TypePlan, t: StructT, lv: str, cur: str, own: tuple[str, str], child: str) -> str:
        s = macros("C/ber/struct.j2")
        pairs = list(zip(t.fields, plan.members))
        order = sorted(range(len(pairs)), key=lambda i: smallest_tag(pairs[i][0].type))
        rank = {i: k for k, i in enumerate(order)}
        arms, after = [], []
        for i, (f, m) in enumerate(pairs):
            m_lv = member(lv, c_field(m.name))
            alloc = m_lv if m.indirect else None
            val_lv = f"(*{m_lv})" if m.indirect else m_lv
            body = self.dec_use(f.type, m.plan, val_lv, f"&{child}", alloc)
            if f.optional and not m.indirect:
                body = f"{member(lv, has_member(m.name))} = true;\n" + body
            if m.has_default:
                eq = self.equals_default(m, val_lv)
                if eq:
                    body += f"\nif (({cur})->rules != ILPC_BER && ({eq}))\n    return ILPC_E_DER_DEFAULT;"
            arms.append(dict(match=match_condition(f.type) or "0", order=rank[i], body=body))
            default = value_assign(m_lv, m.plan, m.default, f"ilpc_ber_calloc({cur}, ") \
                if m.has_default and not m.indirect and resolve_alias(m.plan).shape != "null" else ""
            after.append(s.set_after(index=rank[i], flag="", mandatory=not f.optional, default=default).rstrip("\n"))
        return s.decode_set(cur=cur, child=child, cls=own[0], num=own[1], arms=arms, count=max(1, len(pairs)),
                            extensible=t.extensible, after="\n".join(x for x in after if x))

    def dec_choice(self, plan: TypePlan, lv: str, cur: str) -> str:
        t = resolve_ref(plan.stype)
        arms = []
        for f, m in zip(t.alternatives, plan.members):
            a_lv = member(lv, "u." + c_field(m.name))
            alloc = a_lv if m.indirect else None
            val_lv = f"(*{a_lv})" if m.indirect else a_lv
            arms.append(dict(match=match_condition(f.type) or "1", const=choice_const(plan.name, m.name),
                             body=self.dec_use(f.type, m.plan, val_lv, cur, alloc)))
        return macros("C/ber/choice.j2").decode(cur=cur, which=member(lv, "which"), arms=arms,
                                                extensible=t.extensible)

    def dec_array(self, plan: TypePlan, lv: str, cur: str, own: tuple[str, str]) -> str:
        t = resolve_ref(plan.stype)
        child = self.fresh("c")
        var = self.fresh("i")
        e_lv = member(lv, f"items[{var}]")
        body = self.dec_use(t.element, plan.element, e_lv, f"&{child}")
        fixed = t.fixed
        size_cond = size_condition("cnt", t.sizes) if fixed is None else None
        max_count = str(fixed) + "u" if fixed is not None else _upper_count(t.sizes)
        return macros("C/ber/array.j2").decode(cur=cur, child=child, cls=own[0], num=own[1], var=var, lv=lv,
                                               max=max_count, fixed=fixed,
                                               size_reject=negate(size_cond) if size_cond else "",
                                               body=body, set_of=t.kind == "SET")

    def equals_default(self, m, lv: str) -> str:
        """C condition: the component at ``lv`` holds its DEFAULT value (DER/CER must not
        encode it); "" for the types whose values this does not compare."""
        target = resolve_alias(m.plan)
        d = m.default
        if target.shape == "bool":
            return lv if d else f"!{lv}"
        if target.shape == "int" and isinstance(d, int) and not isinstance(d, bool):
            return f"{lv} == {c_literal_int(d, target.wire)}"
        if target.shape == "enum" and isinstance(d, str):
            return f"{lv} == {enum_const(target.name, d)}"
        return ""

    # ------------------------------------------------------------ encoding

    def enc_use(self, t: SType, plan: TypePlan, lv: str, ptr: Optional[str] = None) -> str:
        """Write a use of type ``t`` at ``lv``, back to front (own TLV, then the wrappers)."""
        use = tlv_use(t)
        own = tag_c(use.own) if use.own is not None else ("0u", "0u")
        body = self.enc_value(plan, lv, own, ptr)
        t_tag = macros("C/ber/tag.j2")
        for w in reversed(use.wrappers):
            cls, num = tag_c(w)
            body = t_tag.encode(mark=self.fresh("m"), cls=cls, num=num, body=body.rstrip("\n"))
        return body.rstrip("\n")

    def enc_value(self, plan: TypePlan, lv: str, own: tuple[str, str], ptr: Optional[str] = None) -> str:
        cls, num = own
        if self.has_functions(plan):
            f, _, _ = self.names(plan)
            return macros("C/ber/call.j2").encode(fn=f.put, at=ptr or self.at(plan, lv), cls=cls, num=num,
                                                  alloc=ptr is not None, ptr=ptr or "")
        pre = ""
        if ptr is not None:
            pre = f"if ({ptr} == NULL)\n    return ILPC_E_NULL;\n"
        return pre + self.enc_primitive(plan, lv, cls, num)

    def enc_primitive(self, plan: TypePlan, lv: str, cls: str, num: str) -> str:
        v = macros("C/ber/value.j2")
        t = resolve_ref(plan.stype)
        shape = plan.shape
        mark = self.fresh("m")
        checks: list[str] = []

        def check(cond: Optional[str], error: str) -> None:
            if cond:
                checks.append(v.check(cond=cond, error=error).rstrip("\n"))

        if isinstance(t, OidT):
            check(self.oid_reject(t, lv), "ILPC_E_RANGE")
            check(f"{member(lv, 'items')} == NULL", "ILPC_E_NULL")
            return v.encode(kind="oid", lv=lv, cls=cls, num=num, mark=mark, checks="\n".join(checks),
                            arg="true" if t.relative else "false")
        if shape == "bool":
            if t.values is not None and len(t.values) == 1:
                check(f"!{lv}" if True in t.values else lv, "ILPC_E_RANGE")
            kind = "bool"
        elif shape == "int":
            wire, enforced = xdr_int(t.values, t.declared)
            if enforced is not None:
                cond = in_set_condition(lv, enforced, wire)
                check(negate(cond) if cond else None, "ILPC_E_RANGE")
            kind = "int64" if wire in ("int", "hyper", "uint") else "uint64"
        elif shape == "enum":
            conds = " || ".join(f"{lv} == {n}" for _, n in t.items)
            check(f"!({conds})", "ILPC_E_BAD_ENUM")
            kind = "int64"
        elif shape == "null":
            kind = "null"
        elif shape == "double":
            kind = "real"
        elif shape == "opaque_fixed":
            return v.encode(kind="fixed", lv=lv, cls=cls, num=num, mark=mark, checks="", arg=t.fixed)
        elif isinstance(t, (OpenT, AnyT)):
            size_cond = size_condition(member(lv, "len"), t.sizes)
            check(negate(size_cond) if size_cond else None, "ILPC_E_SIZE")
            check(f"{member(lv, 'len')} == 0 || {member(lv, 'data')} == NULL", "ILPC_E_NULL")
            return v.encode_raw(lv=lv, checks="\n".join(checks))
        elif shape in ("opaque", "string"):
            count = member(lv, "len")
            if isinstance(t, StringT) and t.kind in UCS_WIDTH:  # X.680: SIZE counts characters
                count = f"ilpc_ber_utf8_chars({member(lv, 'data')}, {count})"
            size_cond = size_condition(count, t.sizes)
            check(negate(size_cond) if size_cond else None, "ILPC_E_SIZE")
            check(f"{member(lv, 'len')} > 0 && {member(lv, 'data')} == NULL", "ILPC_E_NULL")
            if isinstance(t, StringT):
                cond = self.checks.text_condition(self.string_op(t), member(lv, "data"), member(lv, "len"))
                if cond:
                    check(f"{member(lv, 'len')} > 0 && !({cond})", "ILPC_E_ALPHABET")
            kind = "octets"
            if isinstance(t, StringT) and t.kind in UCS_WIDTH:
                return v.encode(kind="ucs", lv=lv, cls=cls, num=num, mark=mark, checks="\n".join(checks),
                                arg=UCS_WIDTH[t.kind])
        elif shape == "bits":
            size_cond = size_condition(member(lv, "bits"), t.sizes)
            check(negate(size_cond) if size_cond else None, "ILPC_E_SIZE")
            bits, data = member(lv, "bits"), member(lv, "data")
            check(f"{bits} > 0 && {data} == NULL", "ILPC_E_NULL")
            check(f"({bits} & 7u) && ({data}[{bits} / 8] & (0xFFu >> ({bits} & 7u)))", "ILPC_E_BITS")
            kind = "bits"
        else:
            raise AssertionError(f"no BER primitive for shape {shape}")
        return v.encode(kind=kind, lv=lv, cls=cls, num=num, mark=mark, checks="\n".join(checks), arg="")

    def enc_struct(self, plan: TypePlan, lv: str, own: tuple[str, str]) -> str:
        t = resolve_ref(plan.stype)
        pairs = list(zip(t.fields, plan.members))
        if t.kind == "SET":  # X.690 10.3: canonical tag order
            pairs.sort(key=lambda p: smallest_tag(p[0].type))
        comps = [self.enc_component(f, m, lv) for f, m in reversed(pairs)]
        return macros("C/ber/struct.j2").encode(mark=self.fresh("m"), cls=own[0], num=own[1],
                                                components=[c for c in comps if c])

    def enc_component(self, f: Field, m, lv: str) -> str:
        s = macros("C/ber/struct.j2")
        m_lv = member(lv, c_field(m.name))
        if f.group:
            g = resolve_ref(f.type)
            g_plan = resolve_alias(m.plan)
            comps = [self.enc_component(gf, gm, m_lv) for gf, gm in reversed(list(zip(g.fields, g_plan.members)))]
            return s.encode_optional(present=member(lv, has_member(m.name)), not_default="",
                                     body="\n".join(c for c in comps if c)).rstrip("\n")
        ptr = m_lv if m.indirect else None
        val_lv = f"(*{m_lv})" if m.indirect else m_lv
        body = self.enc_use(f.type, m.plan, val_lv, ptr if not f.optional else None)
        if not f.optional:
            return body
        present = f"{m_lv} != NULL" if m.indirect else member(lv, has_member(m.name))
        eq = self.equals_default(m, val_lv) if m.has_default else ""
        return s.encode_optional(present=present, not_default=negate(eq) if eq else "", body=body).rstrip("\n")

    def enc_choice(self, plan: TypePlan, lv: str) -> str:
        t = resolve_ref(plan.stype)
        arms = []
        for f, m in zip(t.alternatives, plan.members):
            a_lv = member(lv, "u." + c_field(m.name))
            ptr = a_lv if m.indirect else None
            val_lv = f"(*{a_lv})" if m.indirect else a_lv
            arms.append(dict(const=choice_const(plan.name, m.name), body=self.enc_use(f.type, m.plan, val_lv, ptr)))
        return macros("C/ber/choice.j2").encode(which=member(lv, "which"), arms=arms)

    def enc_array(self, plan: TypePlan, lv: str, own: tuple[str, str]) -> str:
        t = resolve_ref(plan.stype)
        var = self.fresh("i")
        e_lv = member(lv, f"items[{var}]")
        body = self.enc_use(t.element, plan.element, e_lv)
        checks = ""
        if t.fixed is None:
            count = member(lv, "count")
            size_cond = size_condition(count, t.sizes)
            parts = []
            v = macros("C/ber/value.j2")
            if size_cond:
                parts.append(v.check(cond=negate(size_cond), error="ILPC_E_SIZE").rstrip("\n"))
            parts.append(v.check(cond=f"{count} > 0 && {member(lv, 'items')} == NULL", error="ILPC_E_NULL").rstrip("\n"))
            checks = "\n".join(parts)
        else:
            count = f"{t.fixed}u"
        return macros("C/ber/array.j2").encode(mark=self.fresh("m"), cls=own[0], num=own[1], var=var, count=count,
                                               checks=checks, body=body, set_of=t.kind == "SET")

    # ------------------------------------------------------------ functions

    def bodies(self, p: TypePlan) -> tuple[str, str]:
        """The bodies of a plan's get and put, at ``(*v)`` with the tag (cls, number)."""
        lv, own = "(*v)", ("cls", "number")
        if p.shape == "alias":
            f, _, _ = self.names(p.ref)
            return (f"return {f.get}(in, v, cls, number);", f"return {f.put}(o, v, cls, number);")
        t = resolve_ref(p.stype)
        if isinstance(t, OidT) or p.shape not in CONSTRUCTED:
            return self.dec_primitive(p, lv, "in", *own), self.enc_primitive(p, lv, *own)
        if p.shape == "struct":
            return self.dec_struct(p, lv, "in", own), self.enc_struct(p, lv, own)
        if p.shape == "choice":
            return self.dec_choice(p, lv, "in"), self.enc_choice(p, lv)
        return self.dec_array(p, lv, "in", own), self.enc_array(p, lv, own)

    def definitions(self, p: TypePlan) -> str:
        f, g, fc = self.names(p)
        dec, enc = self.bodies(p)
        presence = self.checks.presence(p) if p.shape != "alias" else ""
        t = macros("C/ber/functions.j2")
        text = t.definitions(T=type_name(p), f=f, name=".".join(p.name), linkage="" if p.named else "static ",
                             dec_body=dec, enc_body=enc, dec_locals=[], recursive=p.recursive, presence=presence)
        if p.named:
            td = p.typedef
            dec_top = self.dec_use(td.type, p, TOP, "in").strip()
            enc_top = self.enc_use(td.type, p, TOP).strip()
            text += t.whole(T=type_name(p), f=f, g=g, fc=fc, name=".".join(p.name),
                            dec_top=dec_top, enc_top=enc_top)
        return text

    def render(self) -> dict[str, str]:
        mp = self.mp
        plans = [p for p in self.facts.order(mp) if self.has_functions(p)]
        self.checks.collect_alphabets(self.facts.order(mp))
        helpers = [macros("C/ber/functions.j2").helper_prototypes(T=type_name(p), f=self.names(p)[0])
                   for p in plans if not p.named]
        definitions = [self.definitions(p) for p in plans]
        t = macros("C/ber/functions.j2")
        contains = [p for p in self.facts.order(mp) if p.contains is not None]
        definitions += [t.contents_definitions(T=type_name(p), f=self.names(p)[0], g=self.names(p)[1],
                                               C=type_name(p.contains), cf=self.names(p.contains)[0],
                                               cg=self.names(p.contains)[1], bits=p.shape == "bits")
                        for p in contains]
        base = module_base(mp.name)
        header, source = module_file(mp.name, "h", "ber"), module_file(mp.name, "c", "ber")
        files = {source: render("C/ber/source.j2", base=base, module=mp.name, path=mp.path, header=header,
                                helpers=helpers, alphabets=list(self.checks.alphabets.values()),
                                definitions=definitions)}
        prototypes = [macros("C/ber/functions.j2").prototypes(T=type_name(p), f=self.names(p)[0],
                                                              g=self.names(p)[1], fc=self.names(p)[2],
                                                              name=".".join(p.name))
                      for p in plans if p.named]
        prototypes += [t.contents_prototypes(T=type_name(p), f=self.names(p)[0], g=self.names(p)[1],
                                             C=type_name(p.contains), cf=self.names(p.contains)[0],
                                             cg=self.names(p.contains)[1], name=".".join(p.name),
                                             contained=p.contains.name[1])
                       for p in contains]
        files[header] = render("C/ber/header.j2", base=base, module=mp.name, path=mp.path,
                               guard=include_guard(header), includes=[module_file(m, "h", "ber") for m in mp.imports],
                               prototypes=prototypes)
        pdus = [dict(T=type_name(p), name=".".join(p.name)) for p in plans if p.named and p.pdu]
        if pdus:
            files.update(self.message_files(header, pdus))
        return files

    def message_files(self, ber_header: str, pdus: list[dict]) -> dict[str, str]:
        """``<Module>_ber_ilp.h`` and ``.c``: the message descriptors of the message types
        in each encoding, for the paths of ilpc_ber_msg.h (a file of their own: a program
        that only encodes and decodes links no ILP runtime)."""
        mp = self.mp
        header, source = message_file(mp.name, "h"), message_file(mp.name, "c")
        return {
            header: render("C/ber/ilp_header.j2", header=header, module=mp.name, path=mp.path,
                           guard=include_guard(header), ber_header=ber_header, pdus=pdus, encodings=ENCODINGS),
            source: render("C/ber/ilp_source.j2", source=source, header=header, module=mp.name, path=mp.path,
                           pdus=pdus),
        }


_WIRE = {"int": (-(2**31), 2**31 - 1), "uint": (0, 2**32 - 1), "hyper": (-(2**63), 2**63 - 1),
         "uhyper": (0, 2**64 - 1)}


# the bound of a length or count without a static one: the runtime limit
UNBOUNDED = "ilpc_ber_max_length()"


def _upper(sizes: IntSet) -> str:
    """The largest length a SIZE admits, or the runtime limit when it has none."""
    hi = sizes.upper
    return f"{hi}u" if hi is not None and hi <= 0xFFFFFFFF else UNBOUNDED


def _upper_count(sizes: IntSet) -> str:
    hi = sizes.upper
    return f"{hi}u" if hi is not None and hi <= 0xFFFFFFFF else UNBOUNDED


def _addr(lv: str) -> str:
    """A pointer to the value at ``lv``."""
    if lv.startswith("(*") and lv.endswith(")") and "(" not in lv[2:-1]:
        return lv[2:-1]
    return "&" + lv


def message_file(module: str, ext: str) -> str:
    """The file of a module's BER-family message descriptors: ``E_ber_ilp.h``, ``.c``."""
    return module_file(module, ext, "ber_ilp")


def emit(modules: list[ModulePlan], facts: PlanFacts) -> dict[str, str]:
    files: dict[str, str] = {}
    for mp in modules:
        files.update(BerModule(mp, facts).render())
    return files


class BerC:
    """The BER/CER/DER back end (registry.BACKENDS["ber"])."""
    name = "ber"

    def files(self, comp: Compilation, options: Options) -> dict[str, str]:
        return emit(comp.plans, comp.facts)
