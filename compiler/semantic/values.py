"""Values in braces and CHOICE values (ITU-T X.680 clauses 16-27), evaluated against
their type.

The syntax tree has one node for every braced value (``ast.BracedValue``: ``{}``,
``{ a 1, b TRUE }`` or ``{ 1, 2 }``); what it means depends on the type it is a value
of.  The results are the Python values of the semantic model (compiler/semantic/model.py):

    SEQUENCE / SET   dict component name -> value (absent OPTIONAL/DEFAULT components
                     are missing keys)
    SEQUENCE OF      list
    CHOICE           (alternative name, value)
    BIT STRING       (number of bits, bytes), from a list of named bits
    REAL             float, from { mantissa m, base 2|10, exponent e }
    open type        (alternative name, value) of the union made from an object set, or
                     an ``OpenValue`` (a value of another type) for an opaque open type
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..frontend import ast as A

from .model import (
    ArrayT, BitsT, ChoiceT, Field, OpenT, OpenValue, RealT, RefT, SType, StructT,
)

if TYPE_CHECKING:  # pragma: no cover
    from .analyze import Analyzer


def braced_as_oid(v):
    """A value in braces that the grammar read as a SEQUENCE value ``{ id-a 3 }`` or a
    one-element list ``{ id-a }``, as the OBJECT IDENTIFIER value it also reads as (the
    type decides: docs/mapping.md); None when it is none."""
    if not isinstance(v, A.BracedValue) or len(v.items) != 1:
        return None

    def comp(x):
        if isinstance(x, A.IntValue) and x.value >= 0:
            return A.OidComponent(None, x, x.loc)
        if isinstance(x, A.ValueRef):
            return A.OidComponent(x.name, None, x.loc) if x.module is None else A.OidComponent(None, x, x.loc)
        return None
    if v.named:
        nv = v.items[0]
        second = comp(nv.value)
        return None if second is None else A.OidValue([A.OidComponent(nv.name, None, nv.loc), second], v.loc)
    first = comp(v.items[0])
    return None if first is None else A.OidValue([first], v.loc)


def is_constructed_value(v) -> bool:
    return isinstance(v, (A.BracedValue, A.ChoiceValue, A.OpenTypeValue))


def open_type_value(an: "Analyzer", v: A.OpenTypeValue, rt: SType, mod: str, what: str, unresolved):
    """``T : value`` as a value of an open type: the alternative of type T of a union
    made from an object set, or the XDR encoding of the value for an opaque one."""
    vt = an._lower(v.type, mod)
    value = an._eval_value(v.value, vt, mod, what)
    if isinstance(rt, OpenT):
        return OpenValue(vt, value)  # the IR encodes it (compiler/ir/xdr_value.py)
    if isinstance(rt, ChoiceT):
        target = an._structure(vt)
        for f in rt.alternatives:
            if f.type is vt or (isinstance(f.type, RefT) and isinstance(vt, RefT) and f.type.target is vt.target) \
                    or an._structure(f.type) is target:
                return (f.name, value)
        an.d.error(v.loc, f"{what}: no alternative of the open type has the type '{v.type.name}'")
        raise unresolved
    an.d.error(v.loc, f"{what}: 'Type : value' is a value of an open type (CLASS.&Type)")
    raise unresolved


def eval_constructed(an: "Analyzer", v, rt: SType, mod: str, what: str, unresolved: type[Exception]):
    """The value ``v`` (a braced or CHOICE value, or any value for a constructed type)
    of the structural type ``rt``; reports and raises ``unresolved`` when it does not fit."""
    def fail(loc: A.Loc, message: str):
        an.d.error(loc, f"{what}: {message}")
        raise unresolved

    if isinstance(v, A.OpenTypeValue):
        return open_type_value(an, v, rt, mod, what, unresolved)

    if isinstance(rt, StructT):
        if not isinstance(v, A.BracedValue) or (v.items and not v.named):
            fail(v.loc, f"expected a {rt.kind} value {{ component value, ... }}")
        fields = {f.name: (i, f) for i, f in enumerate(rt.fields)}
        # X.680: the components of an extension addition group are written among the
        # others, without braces of their own; ilpc holds a group as a component
        # (ext_groupN, docs/mapping.md), whose value they make
        grouped: dict[str, tuple[int, Field, Field]] = {}
        for i, f in enumerate(rt.fields):
            gt = an._structure(f.type) if f.name.startswith("ext_group") else None
            if isinstance(gt, StructT):
                for g in gt.fields:
                    grouped.setdefault(g.name, (i, f, g))
        out: dict = {}
        groups: dict[str, dict] = {}
        last = (-1, -1)
        for nv in v.items:
            if nv.name not in fields and nv.name not in grouped:
                fail(nv.loc, f"'{nv.name}' is not a component of the {rt.kind}")
            if nv.name in fields:
                index, f = fields[nv.name]
                place, target, into = (index, -1), f, out
            else:
                index, gf, f = grouped[nv.name]
                inner = an._structure(gf.type).fields
                place, target, into = (index, inner.index(f)), f, groups.setdefault(gf.name, {})
            if nv.name in into:
                fail(nv.loc, f"component '{nv.name}' is given twice")
            if rt.kind == "SEQUENCE" and place < last:
                fail(nv.loc, f"component '{nv.name}' is out of order (components of a SEQUENCE "
                             "value are written in the order of the type)")
            last = place
            into[nv.name] = an._eval_value(nv.value, target.type, mod, f"{what}, component '{nv.name}'")
        for gname, gvalue in groups.items():
            gt = an._structure(fields[gname][1].type)
            missing = [g.name for g in gt.fields if not g.optional and g.name not in gvalue]
            if missing:
                fail(v.loc, f"mandatory component '{missing[0]}' of an extension addition group is missing "
                            f"(a group is given whole or not at all)")
            out[gname] = gvalue
        missing = [f.name for f in rt.fields if not f.optional and f.name not in out]
        if missing:
            fail(v.loc, f"mandatory component '{missing[0]}' is missing")
        return {f.name: out[f.name] for f in rt.fields if f.name in out}
    if isinstance(rt, ChoiceT):
        if not isinstance(v, A.ChoiceValue):
            fail(v.loc, "expected a CHOICE value 'alternative : value'")
        for f in rt.alternatives:
            if f.name == v.name:
                return (v.name, an._eval_value(v.value, f.type, mod, f"{what}, alternative '{v.name}'"))
        fail(v.loc, f"'{v.name}' is not an alternative of the CHOICE")
    if isinstance(rt, ArrayT):
        if not isinstance(v, A.BracedValue):
            fail(v.loc, "expected a SEQUENCE OF value { value, ... }")
        elements = v.items
        if v.named:  # X.680: { name value, ... } when the type is SEQUENCE OF name Type
            if rt.element_name is None:
                fail(v.loc, "expected a SEQUENCE OF value { value, ... } (its elements have no identifier)")
            for nv in v.items:
                if nv.name != rt.element_name:
                    fail(nv.loc, f"'{nv.name}' is not the identifier of the elements ('{rt.element_name}')")
            elements = [nv.value for nv in v.items]
        items = [an._eval_value(x, rt.element, mod, f"{what}, element {i + 1}") for i, x in enumerate(elements)]
        if len(items) not in rt.sizes:
            fail(v.loc, f"{len(items)} elements is outside SIZE ({rt.sizes})")
        return items
    if isinstance(rt, BitsT):
        if not isinstance(v, A.BracedValue) or v.named:
            fail(v.loc, "expected a BIT STRING value: a bit string, or named bits in braces")
        positions = []
        for x in v.items:
            if not isinstance(x, A.ValueRef) or x.module is not None or x.name not in rt.named_bits:
                fail(x.loc, "expected a named bit of the BIT STRING type")
            positions.append(rt.named_bits[x.name])
        # X.680 22: the value has the named bits set; it is as long as its last one, or
        # as the smallest SIZE the type allows when that is longer.
        nbits = max(positions) + 1 if positions else 0
        if rt.sizes.lower is not None and nbits < rt.sizes.lower:
            nbits = rt.sizes.lower
        if nbits not in rt.sizes:
            fail(v.loc, f"{nbits} bits is outside SIZE ({rt.sizes})")
        data = bytearray((nbits + 7) // 8)
        for p in positions:
            data[p // 8] |= 0x80 >> (p % 8)
        return (nbits, bytes(data))
    if isinstance(rt, RealT):
        if isinstance(v, A.BracedValue) and v.named and [nv.name for nv in v.items] == \
                ["mantissa", "base", "exponent"]:
            m, b, e = (an._int_value(nv.value, mod, None) for nv in v.items)
            if m is None or b is None or e is None:
                raise unresolved
            if b not in (2, 10):
                fail(v.items[1].loc, f"the base of a REAL value is 2 or 10, not {b}")
            try:
                return float(m * b ** e) if e >= 0 else m / b ** -e
            except OverflowError:
                fail(v.loc, "REAL value out of the range of a double")
        fail(v.loc, "expected a REAL value { mantissa m, base 2 or 10, exponent e }")
    fail(v.loc, "this value in braces does not fit the type")
