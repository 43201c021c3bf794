"""The XDR forms (docs/mapping.md) of what the semantic model leaves open: which XDR
integer an INTEGER travels as, and the bytes of values the plans carry encoded (an
opaque open type's DEFAULT holds the encoding of a value of another type,
``OpenValue``)."""
from __future__ import annotations

import struct
from typing import Optional

from ..semantic.model import (
    INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, UINT32_MAX, UINT64_MAX, ArrayT, BitsT, BoolT,
    ChoiceT, EnumT, IntSet, IntT, NullT, OctetsT, OpenValue, RealT, SType, StringT, StructT,
    resolve_ref,
)

# The XDR integers (docs/mapping.md): least and greatest value.
XDR_INT_RANGE = {"int": (INT32_MIN, INT32_MAX), "uint": (0, UINT32_MAX), "hyper": (INT64_MIN, INT64_MAX),
                 "uhyper": (0, UINT64_MAX)}


def xdr_int(values: IntSet, declared: Optional[IntSet] = None) -> tuple[str, Optional[IntSet]]:
    """The XDR integer an INTEGER admitting ``values`` travels as, and the set a decoder
    must enforce (None: every value of that XDR integer).  ``declared``: the set of the
    type as declared, when an enclosing type's inner constraint narrowed it to
    ``values``; it alone decides the XDR integer."""
    decides = declared if declared is not None else values
    lo, hi = decides.lower, decides.upper
    bounded = lo is not None and hi is not None
    if bounded and INT32_MIN <= lo and hi <= INT32_MAX:
        wire = "int"
    elif bounded and 0 <= lo and hi <= UINT32_MAX:
        wire = "uint"
    elif bounded and lo >= 0 and hi > INT64_MAX:
        wire = "uhyper"
    else:
        wire = "hyper"  # also for open ends
    least, greatest = XDR_INT_RANGE[wire]
    clamped = values.intersect(IntSet.range(least, greatest))
    return wire, None if clamped.intervals == ((least, greatest),) else clamped


_PACK = {"int": ">i", "uint": ">I", "hyper": ">q", "uhyper": ">Q"}


def encode(t: SType, v) -> bytes:
    """The XDR encoding of the model value ``v`` of type ``t``."""
    t = resolve_ref(t)
    pad = lambda b: b + bytes(-len(b) % 4)  # noqa: E731
    if isinstance(v, OpenValue):
        inner = encode(v.type, v.value)
        return struct.pack(">I", len(inner)) + pad(inner)
    if isinstance(t, BoolT):
        return struct.pack(">I", 1 if v else 0)
    if isinstance(t, IntT):
        return struct.pack(_PACK[xdr_int(t.values, t.declared)[0]], v)
    if isinstance(t, EnumT):
        return struct.pack(">i", dict(t.items)[v])
    if isinstance(t, NullT):
        return b""
    if isinstance(t, RealT):
        return struct.pack(">d", v)
    if isinstance(t, (OctetsT, StringT)):
        return pad(v) if getattr(t, "fixed", None) is not None else struct.pack(">I", len(v)) + pad(v)
    if isinstance(t, BitsT):
        return struct.pack(">II", v[0], len(v[1])) + pad(v[1])
    if isinstance(t, StructT):
        out = b""
        for f in t.fields:
            if f.optional:
                out += struct.pack(">I", 1 if f.name in v else 0)
            if f.name in v:
                out += encode(f.type, v[f.name])
        return out
    if isinstance(t, ChoiceT):
        i = next(i for i, f in enumerate(t.alternatives) if f.name == v[0])
        return struct.pack(">i", i) + encode(t.alternatives[i].type, v[1])
    if isinstance(t, ArrayT):
        head = b"" if t.fixed is not None else struct.pack(">I", len(v))
        return head + b"".join(encode(t.element, x) for x in v)
    raise AssertionError(t)


def plan_value(v):
    """A model value as the plans carry it: every ``OpenValue`` inside replaced by the
    bytes of its XDR encoding (an opaque's contents)."""
    if isinstance(v, OpenValue):
        return encode(v.type, v.value)
    if isinstance(v, dict):
        return {k: plan_value(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plan_value(x) for x in v]
    if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str):
        return (v[0], plan_value(v[1]))
    return v
