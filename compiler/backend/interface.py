"""The interface of a back end: what it receives, what it returns.

A back end turns the plans of a compilation into files, for one transfer syntax (or one
view of the plans).  It is registered in compiler/backend/registry.py, the one table
the driver reads; the driver knows nothing else of it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..ir.facts import PlanFacts
from ..ir.plan import ModulePlan


class Compilation(Protocol):
    """What a back end may read of a compilation (ilpc.driver.Compilation is one)."""
    plans: list[ModulePlan]  # every module's marshalling plans (compiler/ir/plan.py)
    inputs: list[str]        # every spec file read, imports included

    @property
    def facts(self) -> PlanFacts:  # facts about the plans, computed once (compiler/ir/facts.py)
        ...


@dataclass(frozen=True)
class Options:
    """The command line's choices that back ends read."""
    stem: str = "spec"        # the first spec's file stem: lib<stem>.a, <stem>.x, <stem>.ir.txt
    ilp_calls: bool = False   # the ILP bodies' function-pointer variant (--ilp-calls)
    ilp: str = "auto"         # the path T_send/T_recv take: auto (the cost model), fused, tiled, layered
    pdus: tuple[str, ...] = ()  # message types besides those no other type uses (--pdu; compiler/ir/pdus.py)
    encodings: tuple[str, ...] = ("xdr",)  # the transfer syntaxes whose codecs --emit c generates (--encoding)


class Backend(Protocol):
    """One transfer syntax's (or view's) generator."""
    name: str  # its key in registry.BACKENDS

    def files(self, comp: Compilation, options: Options) -> dict[str, str]:
        """The files it generates, name -> text (names without directories)."""
        ...
