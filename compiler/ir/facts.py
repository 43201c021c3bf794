"""Facts about plans that more than one back end (and the cost model) needs.

They are properties of the plans and of the XDR encoding they describe, computed here
once, so that no back end asks another for them.
"""
from __future__ import annotations

from typing import Optional

from .plan import Item, TypePlan

# The width of the plain numbers that move as runs of integers (wire kind -> bytes).
RUN_WIDTH = {"int": 4, "uint": 4, "hyper": 8, "uhyper": 8, "double": 8}


def is_number_run(items: list, stride: int) -> bool:
    """Elements that are one plain number each (nothing to check): the ILP back end's
    runs of integers (backend/ilp.py, int_run), bulk bytes to the cost model."""
    return (len(items) == 1 and isinstance(items[0], Item) and items[0].values is None
            and items[0].offset == 0 and RUN_WIDTH.get(items[0].kind) == stride)


def length_range(plan: TypePlan) -> tuple[int, int, bool]:
    """The XDR length range of a type as a message's length word gives it: (min, max,
    unbounded), clamped to 32 bits."""
    lo = min(plan.size.min, 0xFFFFFFFF)
    if plan.size.max is None:
        return lo, 0xFFFFFFFF, True
    return lo, min(plan.size.max, 0xFFFFFFFF), False


def message_range(plan: TypePlan) -> tuple[int, Optional[int]]:
    """The lengths of a type's messages (docs/ilp.md, Wire format: length word, XDR, zero pad to 8)."""
    def msg(x: int) -> int:
        return (4 + x + 7) // 8 * 8
    return msg(plan.size.min), None if plan.size.max is None else msg(plan.size.max)
