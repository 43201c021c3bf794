"""Which components the C representation holds through a pointer.

A C struct cannot contain itself by value, so a cycle of named types that contain
one another by value (``A ::= SEQUENCE { b B OPTIONAL }``, ``B ::= SEQUENCE { a A }``)
must be broken by holding one component through a pointer.  This is a choice about
the target language, not about ASN.1, so it is made here, from the semantic model,
for the back ends; the model itself knows only that the types are recursive.

By-value containment: a struct or CHOICE holds its components, and a fixed-size array
(``T[n]``) its elements; a variable-size array holds a pointer to its elements
already.  The semantic analysis has rejected cycles that no value could end (no
OPTIONAL, no other CHOICE alternative, no empty array on the way).
"""
from __future__ import annotations

from typing import Optional

from ..semantic.model import ArrayT, ChoiceT, Field, Model, RefT, SType, StructT, TypeDef

Edge = tuple[Optional[Field], TypeDef]


def indirect_fields(model: Model) -> set[int]:
    """The ids of the components held through a pointer: every by-value containment
    cycle broken at the outermost component of the type that closes it."""
    defs = [td for m in model.modules for td in m.typedefs if td.type is not None]
    chosen: set[int] = set()
    while True:
        cycle = _find_cycle(defs, chosen)
        if cycle is None:
            return chosen
        for via, _ in cycle:
            if via is not None:
                chosen.add(id(via))
                break
        else:  # only arrays and aliases in the cycle: analysis rejected these already
            return chosen


def _edges(td: TypeDef, chosen: set[int]) -> list[Edge]:
    """Named types that ``td``'s C representation would contain by value, each with
    the outermost component of ``td`` through which it is reached."""
    out: list[Edge] = []

    def walk(t: SType, via: Optional[Field]) -> None:
        if isinstance(t, RefT):
            out.append((via, t.target))
        elif isinstance(t, (StructT, ChoiceT)):
            for f in t.fields if isinstance(t, StructT) else t.alternatives:
                if id(f) not in chosen:
                    walk(f.type, via or f)
        elif isinstance(t, ArrayT) and t.fixed is not None:
            walk(t.element, via)
    walk(td.type, None)
    return out


def _find_cycle(defs: list[TypeDef], chosen: set[int]) -> Optional[list[Edge]]:
    edges = {id(td): _edges(td, chosen) for td in defs}
    state: dict[int, int] = {}  # 1: on the stack, 2: done
    stack: list[Edge] = []

    def dfs(td: TypeDef) -> Optional[list[Edge]]:
        state[id(td)] = 1
        for via, tgt in edges.get(id(td), []):
            stack.append((via, tgt))
            s = state.get(id(tgt), 0)
            if s == 1:
                i = len(stack) - 1
                while i > 0 and stack[i - 1][1] is not tgt:
                    i -= 1
                return stack[i:]
            if s == 0:
                r = dfs(tgt)
                if r is not None:
                    return r
            stack.pop()
        state[id(td)] = 2
        return None

    for td in defs:
        if state.get(id(td), 0) == 0:
            stack.clear()
            r = dfs(td)
            if r is not None:
                return r
    return None
