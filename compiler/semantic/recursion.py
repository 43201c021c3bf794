"""Recursion among the named types, once every type is lowered.

The last passes of semantic analysis (compiler/semantic/analyze.py).  Public interface:

* ``check_alias_cycles(ctx)``: a type that is a reference to itself, through
  references only, is an error (its TypeDef's type becomes None);
* ``check_finite(ctx)``: a type with no finite value (its recursion is not broken by
  OPTIONAL, CHOICE or a SEQUENCE OF that may be empty) is an error;
* ``mark_recursive(ctx)``: ``TypeDef.recursive`` for every type that can reach itself
  (run only when there was no error).

Read and write the TypeDefs of ``ctx.typedefs``.  Which components C holds through a
pointer is the IR's business (compiler/ir/indirect.py).
"""
from __future__ import annotations

from .context import SemanticContext
from .model import ArrayT, ChoiceT, RefT, StructT, SType


def check_alias_cycles(ctx: SemanticContext) -> None:
    """A type defined as a reference to itself (through references only) is an error;
    its type becomes None."""
    for td in ctx.typedefs.values():
        t, hops = td.type, 0
        while isinstance(t, RefT):
            if t.target is td or hops > len(ctx.typedefs):
                ctx.d.error(td.loc, f"type '{td.name}' is defined in terms of itself")
                td.type = None  # type: ignore[assignment]
                break
            t, hops = t.target.type, hops + 1


def check_finite(ctx: SemanticContext) -> None:
    """Least fixpoint: a type has a finite value if some choice of OPTIONAL absence,
    CHOICE alternative and empty SEQUENCE OF terminates it."""
    defs = [td for td in ctx.typedefs.values() if td.type is not None]
    finite: set[int] = set()
    changed = True
    while changed:
        changed = False
        for td in defs:
            if id(td) not in finite and _has_finite(td.type, finite):
                finite.add(id(td))
                changed = True
    for td in defs:
        if id(td) not in finite:
            ctx.d.error(td.loc, f"type '{td.name}' has no finite value: its recursion is not broken "
                                f"by OPTIONAL, CHOICE or a SEQUENCE OF that may be empty")


def _has_finite(t: SType, finite: set[int]) -> bool:
    if isinstance(t, RefT):
        # a reference to a type that failed analysis was reported already: no cascade
        return id(t.target) in finite or t.target.type is None
    if isinstance(t, StructT):
        return all(f.optional or _has_finite(f.type, finite) for f in t.fields)
    if isinstance(t, ChoiceT):
        return any(_has_finite(f.type, finite) for f in t.alternatives)
    if isinstance(t, ArrayT):
        return t.sizes.lower == 0 or _has_finite(t.element, finite)
    return True


def mark_recursive(ctx: SemanticContext) -> None:
    """Set ``TypeDef.recursive`` on every named type that can reach itself."""
    defs = [td for td in ctx.typedefs.values() if td.type is not None]
    refs: dict[int, set[int]] = {}

    def collect(t: SType, acc: set[int]) -> None:
        if isinstance(t, RefT):
            acc.add(id(t.target))
        elif isinstance(t, StructT):
            for f in t.fields:
                collect(f.type, acc)
        elif isinstance(t, ChoiceT):
            for f in t.alternatives:
                collect(f.type, acc)
        elif isinstance(t, ArrayT):
            collect(t.element, acc)
    for td in defs:
        refs[id(td)] = set()
        collect(td.type, refs[id(td)])
    # td is recursive when it can reach itself.
    for td in defs:
        seen: set[int] = set()
        work = list(refs[id(td)])
        while work:
            x = work.pop()
            if x == id(td):
                td.recursive = True
                break
            if x in seen or x not in refs:
                continue
            seen.add(x)
            work.extend(refs[x])
