"""Which types are messages (PDUs): the types the ILP back end gives send and receive paths.

By default a message type is a named type that no other type uses (asn1c calls the same
choice ``-pdu=auto``): the types an application sends, as opposed to the types they are
built from.  A type's own components do not count as uses, so a recursive type can be a
message.  ``ilpc --pdu NAME`` adds types (``Type`` or ``Module.Type``); ``--pdu all`` makes
every named type a message.
"""
from __future__ import annotations

from typing import Iterable

from ..diagnostics import CompileError, Diagnostic
from .plan import ModulePlan, TypePlan, uses


def unused_types(modules: list[ModulePlan]) -> list[TypePlan]:
    """The named types that no other named type uses, anonymous components included."""
    used: set[int] = set()
    for mp in modules:
        for p in mp.plans:
            owner = p.name[:2]  # a plan's name starts with its named type's
            for q in uses(p):
                if q.named and q.name[:2] != owner:
                    used.add(id(q))
    return [p for mp in modules for p in mp.named if id(p) not in used]


def mark_pdus(modules: list[ModulePlan], requested: Iterable[str] = ()) -> None:
    """Set ``plan.pdu`` on the message types: the unused types plus those requested."""
    named = [p for mp in modules for p in mp.named]
    chosen = {id(p) for p in unused_types(modules)}
    errors = []
    for name in requested:
        if name == "all":
            chosen |= {id(p) for p in named}
            continue
        hits = [p for p in named if name in (p.name[1], ".".join(p.name))]
        if not hits:
            errors.append(Diagnostic(None, f"--pdu {name}: no type of that name"))
        elif len(hits) > 1:
            errors.append(Diagnostic(None, f"--pdu {name}: ambiguous, say which module's: "
                                           + ", ".join(".".join(p.name) for p in hits)))
        else:
            chosen.add(id(hits[0]))
    if errors:
        raise CompileError(errors)
    for p in named:
        p.pdu = id(p) in chosen
