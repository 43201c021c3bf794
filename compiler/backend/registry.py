"""The back ends, and what each ``--emit`` generates: the one table the driver reads.

To add a transfer syntax: write its back end (compiler/backend/interface.py: a ``name``
and ``files(comp, options)``), add it to ``BACKENDS`` and name it in the ``EMITS`` entry
that should generate its files (its C files then go into the generated Makefile too).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..ir.dump import dump_plans
from ..ir.pdus import mark_pdus
from . import cbuild
from .ilp import IlpC
from .interface import Backend, Compilation, Options
from .ber_c import BerC
from .xdr_c import XdrC
from .xdr_lang import XdrLanguage


class IrText:
    """The marshalling plans as text (compiler/ir/dump.py)."""
    name = "ir"

    def files(self, comp: Compilation, options: Options) -> dict[str, str]:
        return {f"{options.stem}.ir.txt": dump_plans(comp.plans)}


BACKENDS: dict[str, Backend] = {b.name: b for b in (XdrC(), IlpC(), XdrLanguage(), IrText(), BerC())}

# ``--encoding`` names -> the back end generating their codecs with ``--emit c`` (XDR's is
# always generated: the C types are declared in its headers).
ENCODINGS: dict[str, str] = {"xdr": "xdr", "ber": "ber", "cer": "ber", "der": "ber"}


@dataclass(frozen=True)
class Emit:
    """What an ``--emit`` generates: the back ends' files, in order; ``messages``: the
    message types are marked first (compiler/ir/pdus.py; the ILP back end and the C
    harness read them); ``finish``: more files made from the back ends' (the C build)."""
    backends: tuple[str, ...]
    messages: bool = False
    finish: Optional[Callable[[Compilation, dict[str, str], Options], dict[str, str]]] = None


EMITS: dict[str, Emit] = {
    "c": Emit(("xdr", "ilp"), messages=True, finish=cbuild.build_files),
    "x": Emit(("x",)),
    "ir": Emit(("ir",)),
}


def generate(comp: Compilation, emit: str, options: Options) -> dict[str, str]:
    """The files of ``--emit <emit>``, name -> text."""
    spec = EMITS.get(emit)
    if spec is None:
        raise ValueError(f"unknown --emit {emit!r}")
    if spec.messages:
        mark_pdus(comp.plans, options.pdus)
    files: dict[str, str] = {}
    names = list(spec.backends)
    if emit == "c":
        names += [ENCODINGS[e] for e in options.encodings if ENCODINGS[e] not in names]
    for name in dict.fromkeys(names):
        files.update(BACKENDS[name].files(comp, options))
    if spec.finish is not None:
        files.update(spec.finish(comp, files, options))
    return files
