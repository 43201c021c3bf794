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
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..frontend import ast as A
from .model import ArrayT, BitsT, ChoiceT, RealT, SType, StructT

if TYPE_CHECKING:  # pragma: no cover
    from .analyze import Analyzer


def is_constructed_value(v) -> bool:
    return isinstance(v, (A.BracedValue, A.ChoiceValue))


def eval_constructed(an: "Analyzer", v, rt: SType, mod: str, what: str, unresolved: type[Exception]):
    """The value ``v`` (a braced or CHOICE value, or any value for a constructed type)
    of the structural type ``rt``; reports and raises ``unresolved`` when it does not fit."""
    def fail(loc: A.Loc, message: str):
        an.d.error(loc, f"{what}: {message}")
        raise unresolved

    if isinstance(rt, StructT):
        if not isinstance(v, A.BracedValue) or (v.items and not v.named):
            fail(v.loc, f"expected a {rt.kind} value {{ component value, ... }}")
        fields = {f.name: (i, f) for i, f in enumerate(rt.fields)}
        out: dict = {}
        last = -1
        for nv in v.items:
            if nv.name not in fields:
                fail(nv.loc, f"'{nv.name}' is not a component of the {rt.kind}")
            if nv.name in out:
                fail(nv.loc, f"component '{nv.name}' is given twice")
            index, f = fields[nv.name]
            if rt.kind == "SEQUENCE" and index < last:
                fail(nv.loc, f"component '{nv.name}' is out of order (components of a SEQUENCE "
                             "value are written in the order of the type)")
            last = index
            out[nv.name] = an._eval_value(nv.value, f.type, mod, f"{what}, component '{nv.name}'")
        missing = [f.name for f in rt.fields if not f.optional and f.name not in out]
        if missing:
            fail(v.loc, f"mandatory component '{missing[0]}' is missing")
        return out
    if isinstance(rt, ChoiceT):
        if not isinstance(v, A.ChoiceValue):
            fail(v.loc, "expected a CHOICE value 'alternative : value'")
        for f in rt.alternatives:
            if f.name == v.name:
                return (v.name, an._eval_value(v.value, f.type, mod, f"{what}, alternative '{v.name}'"))
        fail(v.loc, f"'{v.name}' is not an alternative of the CHOICE")
    if isinstance(rt, ArrayT):
        if not isinstance(v, A.BracedValue) or v.named:
            fail(v.loc, "expected a SEQUENCE OF value { value, ... }")
        items = [an._eval_value(x, rt.element, mod, f"{what}, element {i + 1}") for i, x in enumerate(v.items)]
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
