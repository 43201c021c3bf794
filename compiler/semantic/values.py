"""Values (ITU-T X.680 clauses 16-41): value assignments, and values written in the spec
evaluated against their type.

The results are the Python values of the semantic model (compiler/semantic/model.py)
that the back ends print: bool, int, the name of an ENUMERATED item, float, None
(NULL), bytes (strings, octets), (nbits, bytes) for BIT STRING, a tuple of arcs for
OBJECT IDENTIFIER; and for constructed types:

    SEQUENCE / SET   dict component name -> value (absent OPTIONAL/DEFAULT components
                     are missing keys)
    SEQUENCE OF      list
    CHOICE           (alternative name, value)
    BIT STRING       (number of bits, bytes), from a list of named bits
    REAL             float, from { mantissa m, base 2|10, exponent e }
    open type        (alternative name, value) of the union made from an object set, or
                     an ``OpenValue`` (a value of another type) for an opaque open type

The syntax tree has one node for every braced value (``ast.BracedValue``: ``{}``,
``{ a 1, b TRUE }`` or ``{ 1, 2 }``); what it means depends on the type it is a value of.

The pass after lowering (compiler/semantic/analyze.py) evaluates every value assignment
(``evaluate_all``); lowering, constraints and objects evaluate values as they meet them.
Public interface:

* ``evaluate_all(ctx)``: every value assignment into ``ctx.values`` (one that needs a
  symbol of a module that was not given, and that nothing evaluated, left out);
* ``value_def(ctx, mod, name)``: the ValueDef of a value assignment, evaluated on first use;
* ``eval_value(ctx, v, t, mod, what)``: a value against a model type (WHAT names it in errors);
* ``int_value``, ``string_value``: an INTEGER or character string value where one is
  expected (a bound, a named number, a PATTERN);
* ``check_value_fits``: whether a value meets the constraints of its type;
* ``braced_as_oid``, ``is_constructed_value``: how a value in braces reads.

Lowers the types it needs through ``ctx.lower`` and ``ctx.structure``.
"""
from __future__ import annotations

from typing import Optional

from ..frontend import ast as A
from . import reals
from .context import SemanticContext, Unresolved, ValueBinding, describe
from .missing import leave_out_value
from .model import (
    ArrayT, BitsT, BoolT, ChoiceT, EnumT, Field, IntT, NullT, OctetsT, OidT, OpenT, OpenValue, RealT, RefT,
    SType, StringT, StructT, ValueDef, resolve_ref, string_encoding,
)
from .oid import arc_problem, name_form
from .scope import lookup_value, undefined


def evaluate_all(ctx: SemanticContext) -> None:
    """Every value assignment of every module, in order (those that lowering evaluated
    already are kept)."""
    keys = [(mname, vname) for mname, sc in ctx.scopes.items() for vname in sc.values]
    for key in keys:
        if key not in ctx.values and leave_out_value(ctx, *key):
            continue
        value_def(ctx, *key)


def value_def(ctx: SemanticContext, mod: str, name: str) -> Optional[ValueDef]:
    """The ValueDef of the value assignment ``mod.name``, evaluated on first use (outside
    any dummy parameters); None when that failed (reported)."""
    key = (mod, name)
    if key in ctx.values:
        return ctx.values[key]
    if ctx.env:
        return ctx.with_env({}, lambda: value_def(ctx, mod, name))
    va = ctx.scopes[mod].values[name]
    if key in ctx.evaluating_values:
        ctx.d.error(va.loc, f"value '{name}' is defined in terms of itself")
        return None
    ctx.evaluating_values.add(key)
    saved_naming = ctx.naming_module, ctx.naming
    ctx.naming_module, ctx.naming = mod, [name]
    try:
        t = ctx.lower(va.type, mod)
        v = eval_value(ctx, va.value, t, mod, f"value '{name}'")
    except Unresolved:
        return None
    finally:
        ctx.evaluating_values.discard(key)
        ctx.naming_module, ctx.naming = saved_naming
    vd = ValueDef(mod, name, t, v, va.loc)
    ctx.values[key] = vd
    return vd


def _value_of_ref(ctx: SemanticContext, ref: A.ValueRef, mod: str) -> Optional[ValueDef]:
    key = lookup_value(ctx, mod, ref.name, ref.module)
    if key is None:
        return None
    return value_def(ctx, *key)


def int_value(ctx: SemanticContext, v, mod: str, t: Optional[IntT]) -> Optional[int]:
    """The number ``v`` (a number, a named number of ``t``, an INTEGER value parameter or
    value reference) denotes; None when it has none (reported)."""
    if isinstance(v, A.IntValue):
        return v.value
    if isinstance(v, A.ValueRef):
        if t is not None and _local(v) and v.name in t.named_numbers:
            return t.named_numbers[v.name]
        b = ctx.param_binding(v.name, v.module)
        if b is not None:
            if not isinstance(b, ValueBinding) or not isinstance(ctx.structure(b.type), IntT):
                ctx.d.error(v.loc, f"parameter '{v.name}' is not an INTEGER value")
                return None
            return b.value  # type: ignore[return-value]
        vd = _value_of_ref(ctx, v, mod)
        if vd is None:
            if lookup_value(ctx, mod, v.name, v.module) is None:
                undefined(ctx, v.loc, mod, v.name, f"undefined value '{v.name}'", v.module)
            return None
        if not isinstance(resolve_ref(vd.type), IntT):
            ctx.d.error(v.loc, f"value '{v.name}' is not an INTEGER")
            return None
        return vd.value  # type: ignore[return-value]
    ctx.d.error(v.loc, "expected an integer value")
    return None


def string_value(ctx: SemanticContext, v, mod: str) -> str:
    """The characters of the character string value ``v`` (a string, a reference to a
    string value or parameter, characters in braces)."""
    if isinstance(v, A.StringValue):
        return v.value
    if isinstance(v, A.ValueRef):
        def text(value, st: StringT) -> str:  # the characters of a value of st (its bytes)
            if not isinstance(value, bytes):
                return str(value)
            return value.decode(string_encoding(st.kind))
        b = ctx.param_binding(v.name, v.module)
        if isinstance(b, ValueBinding) and isinstance(ctx.structure(b.type), StringT):
            return text(b.value, ctx.structure(b.type))
        vd = _value_of_ref(ctx, v, mod)
        if vd is not None and isinstance(resolve_ref(vd.type), StringT):
            return text(vd.value, resolve_ref(vd.type))
        if vd is None and lookup_value(ctx, mod, v.name, v.module) is None:
            undefined(ctx, v.loc, mod, v.name, f"undefined value '{v.name}'", v.module)
            raise Unresolved
    if isinstance(v, A.BracedValue) and not v.named and v.items:
        return _braced_string(ctx, v, mod, "character string value")
    ctx.d.error(v.loc, "expected a character string value")
    raise Unresolved


def _braced_string(ctx: SemanticContext, v: A.BracedValue, mod: str, what: str) -> str:
    """A character string value in braces (ITU-T X.680 41.8): a quadruple
    ``{group, plane, row, cell}`` or a tuple ``{column, row}`` naming one character
    by its position in ISO/IEC 10646 or in the ISO 646 table (X.680 41.8), or a list
    of character strings, quadruples, tuples and string value references."""
    items = v.items
    if items and all(isinstance(x, A.IntValue) for x in items):
        nums = [x.value for x in items]
        if len(nums) == 4:
            limits, names = (127, 255, 255, 255), ("group", "plane", "row", "cell")
        elif len(nums) == 2:
            limits, names = (7, 15), ("table column", "table row")
        else:
            ctx.d.error(v.loc, f"{what}: a character in braces is a quadruple {{group, plane, row, cell}} "
                               f"or a tuple {{column, row}}, not {len(nums)} numbers")
            raise Unresolved
        for x, n, hi, name in zip(items, nums, limits, names):
            if not 0 <= n <= hi:
                ctx.d.error(x.loc, f"{what}: {name} {n} is outside 0..{hi}")
                raise Unresolved
        code = 0
        for n in nums:
            code = code * (256 if len(nums) == 4 else 16) + n
        if code > 0x10FFFF:
            ctx.d.error(v.loc, f"{what}: {{{', '.join(map(str, nums))}}} is beyond the last character "
                               f"of ISO/IEC 10646 (U+10FFFF)")
            raise Unresolved
        return chr(code)
    out = []
    for x in items:
        if isinstance(x, A.IntValue):
            ctx.d.error(x.loc, f"{what}: a number alone is no character string (a character in braces "
                               f"is a quadruple {{group, plane, row, cell}} or a tuple {{column, row}})")
            raise Unresolved
        out.append(string_value(ctx, x, mod))
    return "".join(out)


def eval_value(ctx: SemanticContext, v, t: SType, mod: str, what: str):
    """Evaluate a value written in the spec against a resolved type; the result is the
    Python value the back ends print: bool, int, enum item name, float, None (NULL),
    bytes (strings, octets), (nbits, bytes) for BIT STRING; values of constructed
    types as compiler/semantic/values.py says (dict, list, (alternative, value))."""
    rt = ctx.structure(t)
    if isinstance(v, A.RawValue):
        ctx.d.error(v.loc, "unsupported: value in braces (an OBJECT IDENTIFIER, information object "
                           "or object set value; a SEQUENCE value is written { name value, ... }, "
                           "a SEQUENCE OF value { value, ... })")
        raise Unresolved
    b = ctx.param_binding(v.name, v.module) if isinstance(v, A.ValueRef) else None
    if isinstance(b, ValueBinding) and not isinstance(rt, IntT):
        if type(ctx.structure(b.type)) is not type(rt):
            ctx.d.error(v.loc, f"{what}: parameter '{v.name}' has the wrong type")
            raise Unresolved
        check_value_fits(ctx, b.value, rt, v.loc, what)
        return b.value
    if isinstance(v, A.ValueRef) and not isinstance(rt, (IntT, EnumT)):
        vd = _value_of_ref(ctx, v, mod)
        if vd is None:
            if lookup_value(ctx, mod, v.name, v.module) is None:
                undefined(ctx, v.loc, mod, v.name, f"undefined value '{v.name}'", v.module)
            raise Unresolved
        vt = ctx.structure(vd.type)
        if type(vt) is not type(rt) or (isinstance(rt, OidT) and vt.relative != rt.relative):
            ctx.d.error(v.loc, f"{what}: value '{v.name}' has the wrong type")
            raise Unresolved
        if isinstance(rt, StringT) and isinstance(vt, StringT) and vt.kind != rt.kind:
            # X.680 maps a value of one character string type to another with the same
            # characters: the characters must be in the target type's repertoire
            text = vd.value.decode(string_encoding(vt.kind))
            try:
                data = text.encode(string_encoding(rt.kind))
            except UnicodeEncodeError:
                ctx.d.error(v.loc, f"{what}: value '{v.name}' of {vt.kind} has characters outside "
                                   f"the repertoire of {rt.kind}")
                raise Unresolved
            if rt.kind == "BMPString" and any(ord(ch) > 0xFFFF for ch in text):
                ctx.d.error(v.loc, f"{what}: value '{v.name}' of {vt.kind} has characters outside "
                                   f"the repertoire of {rt.kind}")
                raise Unresolved
            if rt.alphabet is not None:
                bad = [ch for ch in text if ord(ch) not in rt.alphabet]
                if bad:
                    ctx.d.error(v.loc, f"{what}: value '{v.name}' of {vt.kind}: character {bad[0]!r} is "
                                       f"not in the permitted alphabet of {rt.kind}")
                    raise Unresolved
            check_value_fits(ctx, data, rt, v.loc, what)
            return data
        check_value_fits(ctx, vd.value, rt, v.loc, what)
        return vd.value
    if isinstance(rt, OidT) and isinstance(v, A.BracedValue):
        v = braced_as_oid(v) or v  # `{ id-a 3 }` reads as a SEQUENCE value too
    if isinstance(rt, StringT) and isinstance(v, A.BracedValue) and not v.named and v.items:
        v = A.StringValue(_braced_string(ctx, v, mod, what), v.loc)  # { "ab", {0,0,0,67} }
    if not isinstance(rt, OidT) and (isinstance(rt, (StructT, ChoiceT, ArrayT)) or is_constructed_value(v)):
        return eval_constructed(ctx, v, rt, mod, what)
    if isinstance(rt, BoolT):
        if isinstance(v, A.BoolValue):
            check_value_fits(ctx, v.value, rt, v.loc, what)
            return v.value
    elif isinstance(rt, IntT):
        if isinstance(v, (A.IntValue, A.ValueRef)):
            n = int_value(ctx, v, mod, rt)
            if n is None:
                raise Unresolved
            check_value_fits(ctx, n, rt, v.loc, what)
            return n
    elif isinstance(rt, EnumT):
        if isinstance(v, A.ValueRef) and _local(v):
            for name, _ in rt.items:
                if name == v.name:
                    return name
            ctx.d.error(v.loc, f"{what}: '{v.name}' is not an item of the ENUMERATED type")
            raise Unresolved
    elif isinstance(rt, RealT):
        if isinstance(v, (A.RealValue, A.IntValue)):
            x = float(v.value)
            check_value_fits(ctx, x, rt, v.loc, what)
            return x
    elif isinstance(rt, NullT):
        if isinstance(v, A.NullValue):
            return None
    elif isinstance(rt, StringT):
        if isinstance(v, A.StringValue):
            try:
                if rt.kind == "BMPString" and any(ord(ch) > 0xFFFF for ch in v.value):
                    raise UnicodeEncodeError("BMPString", v.value, 0, 1, "beyond the BMP")
                data = v.value.encode(string_encoding(rt.kind))
            except UnicodeEncodeError:
                ctx.d.error(v.loc, f"{what}: string has characters outside the type's repertoire")
                raise Unresolved
            check_value_fits(ctx, data, rt, v.loc, what)
            return data
    elif isinstance(rt, OctetsT):
        if isinstance(v, A.BitsValue):
            bits = v.bits
            if v.hex and len(bits) % 8:
                bits += "0" * (-len(bits) % 8)  # X.680: an odd number of hex digits gets a 0 digit
            if len(bits) % 8:
                ctx.d.error(v.loc, f"{what}: a binary string for OCTET STRING needs a multiple of 8 bits")
                raise Unresolved
            data = int(bits, 2).to_bytes(len(bits) // 8, "big") if bits else b""
            check_value_fits(ctx, data, rt, v.loc, what)
            return data
    elif isinstance(rt, OidT):
        if isinstance(v, A.OidValue):
            arcs = _oid_arcs(ctx, v, rt, mod, what)
            check_value_fits(ctx, arcs, rt, v.loc, what)
            return arcs
    elif isinstance(rt, BitsT):
        if isinstance(v, A.BitsValue):
            nbits = len(v.bits)
            padded = v.bits + "0" * (-nbits % 8)
            data = int(padded, 2).to_bytes(len(padded) // 8, "big") if padded else b""
            check_value_fits(ctx, (nbits, data), rt, v.loc, what)
            return (nbits, data)
    else:
        ctx.d.error(v.loc, f"unsupported: {what} of a constructed type")
        raise Unresolved
    if isinstance(v, A.OidValue) and not isinstance(rt, OidT):
        ctx.d.error(v.loc, f"unsupported: {what}: value in braces for {describe(rt)} "
                           f"(ilpc reads braces as OBJECT IDENTIFIER values only)")
        raise Unresolved
    ctx.d.error(v.loc, f"{what}: value does not match the type {describe(rt)}")
    raise Unresolved


def _oid_arcs(ctx: SemanticContext, v: A.OidValue, rt: OidT, mod: str, what: str) -> tuple[int, ...]:
    """The arcs of an OBJECT IDENTIFIER / RELATIVE-OID value in braces (ITU-T X.680
    32.3): numbers, ``name(number)``, names of INTEGER values, a leading OBJECT
    IDENTIFIER value (absolute values only), RELATIVE-OID values anywhere, and the
    name forms X.680 fixes for the top arcs."""
    arcs: list[int] = []
    for i, c in enumerate(v.components):
        if c.number is not None and (c.name is not None or isinstance(c.number, A.IntValue)):
            n = int_value(ctx, c.number, mod, None)
            if n is None:
                raise Unresolved
            if n < 0:
                ctx.d.error(c.loc, f"{what}: arc {n} is negative")
                raise Unresolved
            arcs.append(n)
            continue
        ref = c.number if c.number is not None else A.ValueRef(c.name, None, c.loc)
        key = lookup_value(ctx, mod, ref.name, ref.module)
        if key is None:
            known = name_form(ref.name, tuple(arcs)) if ref.module is None and not rt.relative else None
            if known is None:
                undefined(ctx, c.loc, mod, ref.name, f"{what}: undefined value '{ref.name}' (not a value "
                          f"assignment, nor an arc name X.680 fixes at this position)", ref.module)
                raise Unresolved
            arcs.append(known)
            continue
        vd = value_def(ctx, *key)
        if vd is None:
            raise Unresolved
        st = ctx.structure(vd.type)
        if isinstance(st, OidT) and not st.relative:
            if i != 0 or rt.relative:
                ctx.d.error(c.loc, f"{what}: an OBJECT IDENTIFIER value '{ref.name}' can only "
                                   f"be the first component of an OBJECT IDENTIFIER value")
                raise Unresolved
            arcs.extend(vd.value)
        elif isinstance(st, OidT):
            arcs.extend(vd.value)
        elif isinstance(st, IntT):
            if vd.value < 0:
                ctx.d.error(c.loc, f"{what}: arc {vd.value} is negative")
                raise Unresolved
            arcs.append(vd.value)
        else:
            ctx.d.error(c.loc, f"{what}: '{ref.name}' is not an INTEGER, OBJECT IDENTIFIER "
                               f"or RELATIVE-OID value")
            raise Unresolved
    return tuple(arcs)


def check_value_fits(ctx: SemanticContext, value, rt: SType, loc: A.Loc, what: str) -> None:
    """Report (and raise Unresolved) when ``value`` is not a value of the constrained type ``rt``."""
    if isinstance(rt, BoolT):
        if rt.values is not None and value not in rt.values:
            ctx.d.error(loc, f"{what}: {'TRUE' if value else 'FALSE'} is not a value of the type "
                             f"(it admits only {'TRUE' if True in rt.values else 'FALSE'})")
            raise Unresolved
    elif isinstance(rt, OidT):
        problem = arc_problem(value, rt)
        if problem is not None:
            ctx.d.error(loc, f"{what}: {problem}")
            raise Unresolved
    elif isinstance(rt, IntT):
        if value not in rt.values:
            ctx.d.error(loc, f"{what}: {value} is outside the type's range ({rt.values})")
            raise Unresolved
    elif isinstance(rt, (StringT, OctetsT)):
        if len(value) not in rt.sizes:
            ctx.d.error(loc, f"{what}: length {len(value)} is outside SIZE ({rt.sizes})")
            raise Unresolved
        if isinstance(rt, StringT) and rt.alphabet is not None:
            for ch in value.decode(string_encoding(rt.kind)):
                if ord(ch) not in rt.alphabet:
                    ctx.d.error(loc, f"{what}: character {ch!r} is not in the permitted alphabet")
                    raise Unresolved
    elif isinstance(rt, RealT):
        if not reals.contains(rt.ranges, value):
            ctx.d.error(loc, f"{what}: {value!r} is outside the type's values ({reals.describe(rt.ranges)})")
            raise Unresolved
    elif isinstance(rt, BitsT):
        if value[0] not in rt.sizes:
            ctx.d.error(loc, f"{what}: {value[0]} bits is outside SIZE ({rt.sizes})")
            raise Unresolved
    elif isinstance(rt, ArrayT):
        if len(value) not in rt.sizes:
            ctx.d.error(loc, f"{what}: {len(value)} elements is outside SIZE ({rt.sizes})")
            raise Unresolved


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
    """Whether ``v`` is a value in braces, a CHOICE value or an open type value."""
    return isinstance(v, (A.BracedValue, A.ChoiceValue, A.OpenTypeValue))


def open_type_value(ctx: SemanticContext, v: A.OpenTypeValue, rt: SType, mod: str, what: str):
    """``T : value`` as a value of an open type: the alternative of type T of a union
    made from an object set, or the XDR encoding of the value for an opaque one."""
    vt = ctx.lower(v.type, mod)
    value = eval_value(ctx, v.value, vt, mod, what)
    if isinstance(rt, OpenT):
        return OpenValue(vt, value)  # the IR encodes it (compiler/ir/xdr_value.py)
    if isinstance(rt, ChoiceT):
        target = ctx.structure(vt)
        for f in rt.alternatives:
            if f.type is vt or (isinstance(f.type, RefT) and isinstance(vt, RefT) and f.type.target is vt.target) \
                    or ctx.structure(f.type) is target:
                return (f.name, value)
        ctx.d.error(v.loc, f"{what}: no alternative of the open type has the type '{v.type.name}'")
        raise Unresolved
    ctx.d.error(v.loc, f"{what}: 'Type : value' is a value of an open type (CLASS.&Type)")
    raise Unresolved


def eval_constructed(ctx: SemanticContext, v, rt: SType, mod: str, what: str):
    """The value ``v`` (a braced or CHOICE value, or any value for a constructed type)
    of the structural type ``rt``; reports and raises ``Unresolved`` when it does not fit."""
    def fail(loc: A.Loc, message: str):
        ctx.d.error(loc, f"{what}: {message}")
        raise Unresolved

    if isinstance(v, A.OpenTypeValue):
        return open_type_value(ctx, v, rt, mod, what)

    if isinstance(rt, StructT):
        if not isinstance(v, A.BracedValue) or (v.items and not v.named):
            fail(v.loc, f"expected a {rt.kind} value {{ component value, ... }}")
        fields = {f.name: (i, f) for i, f in enumerate(rt.fields)}
        # X.680: the components of an extension addition group are written among the
        # others, without braces of their own; ilpc holds a group as a component
        # (ext_groupN, docs/mapping.md), whose value they make
        grouped: dict[str, tuple[int, Field, Field]] = {}
        for i, f in enumerate(rt.fields):
            gt = ctx.structure(f.type) if f.name.startswith("ext_group") else None
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
                inner = ctx.structure(gf.type).fields
                place, target, into = (index, inner.index(f)), f, groups.setdefault(gf.name, {})
            if nv.name in into:
                fail(nv.loc, f"component '{nv.name}' is given twice")
            if rt.kind == "SEQUENCE" and place < last:
                fail(nv.loc, f"component '{nv.name}' is out of order (components of a SEQUENCE "
                             "value are written in the order of the type)")
            last = place
            into[nv.name] = eval_value(ctx, nv.value, target.type, mod, f"{what}, component '{nv.name}'")
        for gname, gvalue in groups.items():
            gt = ctx.structure(fields[gname][1].type)
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
                return (v.name, eval_value(ctx, v.value, f.type, mod, f"{what}, alternative '{v.name}'"))
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
        items = [eval_value(ctx, x, rt.element, mod, f"{what}, element {i + 1}") for i, x in enumerate(elements)]
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
            m, b, e = (int_value(ctx, nv.value, mod, None) for nv in v.items)
            if m is None or b is None or e is None:
                raise Unresolved
            if b not in (2, 10):
                fail(v.items[1].loc, f"the base of a REAL value is 2 or 10, not {b}")
            try:
                return float(m * b ** e) if e >= 0 else m / b ** -e
            except OverflowError:
                fail(v.loc, "REAL value out of the range of a double")
        fail(v.loc, "expected a REAL value { mantissa m, base 2 or 10, exponent e }")
    fail(v.loc, "this value in braces does not fit the type")


def _local(v: A.ValueRef) -> bool:
    return v.module is None
