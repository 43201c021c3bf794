"""Value constraints on REAL (ITU-T X.682 subtypes of X.680's REAL): sets of ranges.

A set is a tuple of ranges ``(lo, lo_open, hi, hi_open)``; ``lo``/``hi`` None for MIN
and MAX.  A single value v is ``(v, False, v, False)``.  A NaN is in no range; a range
bound of NaN is an error reported by the caller.
"""
from __future__ import annotations

import math
import sys
from typing import Optional

Range = tuple[Optional[float], bool, Optional[float], bool]
RealSet = tuple[Range, ...]

EVERYTHING: RealSet = ((None, False, None, False),)


def _empty(r: Range) -> bool:
    lo, lo_open, hi, hi_open = r
    if lo is None or hi is None:
        return False
    return lo > hi or (lo == hi and (lo_open or hi_open))


def _intersect_one(a: Range, b: Range) -> Range:
    lo, lo_open = a[0], a[1]
    if b[0] is not None and (lo is None or b[0] > lo or (b[0] == lo and b[1])):
        lo, lo_open = b[0], b[1]
    hi, hi_open = a[2], a[3]
    if b[2] is not None and (hi is None or b[2] < hi or (b[2] == hi and b[3])):
        hi, hi_open = b[2], b[3]
    return (lo, lo_open, hi, hi_open)


def intersect(a: RealSet, b: RealSet) -> RealSet:
    out = [r for x in a for y in b if not _empty(r := _intersect_one(x, y))]
    return tuple(out)


def union(a: RealSet, b: RealSet) -> RealSet:
    out = list(a)
    for r in b:
        if r not in out:
            out.append(r)
    return tuple(out)


def contains(s: Optional[RealSet], x: float) -> bool:
    if s is None:
        return True
    if math.isnan(x):
        return False
    for lo, lo_open, hi, hi_open in s:
        if lo is not None and (x < lo or (lo_open and x == lo)):
            continue
        if hi is not None and (x > hi or (hi_open and x == hi)):
            continue
        return True
    return False


def describe(s: RealSet) -> str:
    def bound(v: Optional[float], end: str) -> str:
        return end if v is None else repr(v)
    parts = []
    for lo, lo_open, hi, hi_open in s:
        if lo is not None and lo == hi and not lo_open and not hi_open:
            parts.append(repr(lo))
        else:
            parts.append(f"{bound(lo, 'MIN')}{'<' if lo_open else ''}..{'<' if hi_open else ''}{bound(hi, 'MAX')}")
    return " | ".join(parts)


def c_literal(x: float) -> str:
    """A C double literal that reads back as exactly x (finite x)."""
    text = repr(x)
    return text if any(ch in text for ch in ".eE") else text + ".0"


def c_condition(expr: str, s: RealSet) -> str:
    """C condition, true when the double ``expr`` is in the set (false for NaN: every
    comparison with a NaN is false, and each range has at least one comparison).
    Infinite bounds are written through the largest finite double, so that the
    generated code needs no <math.h>."""
    big = c_literal(sys.float_info.max)
    alts = []
    for lo, lo_open, hi, hi_open in s:
        conds = []
        if lo is not None:
            if lo == math.inf:
                conds.append(f"{expr} > {big}")
            elif lo == -math.inf:
                if lo_open:
                    conds.append(f"{expr} >= -{big}")
            else:
                conds.append(f"{expr} {'>' if lo_open else '>='} {c_literal(lo)}")
        if hi is not None:
            if hi == -math.inf:
                conds.append(f"{expr} < -{big}")
            elif hi == math.inf:
                if hi_open:
                    conds.append(f"{expr} <= {big}")
            else:
                conds.append(f"{expr} {'<' if hi_open else '<='} {c_literal(hi)}")
        if not conds:
            conds.append(f"{expr} == {expr}")  # every number, but not NaN
        alts.append(" && ".join(conds))
    return " || ".join(f"({a})" if len(alts) > 1 and "&&" in a else a for a in alts)
