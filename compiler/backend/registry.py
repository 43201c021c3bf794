"""The back ends, and what each ``--emit`` generates: the one table the driver reads.

To add a transfer syntax: write its back end (compiler/backend/interface.py: a ``name``
and ``files(comp, options)``), add it to ``BACKENDS`` and name it in the ``EMITS`` entry
that should generate its files (its C files then go into the generated Makefile too).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..ciphers import C_FILES as CIPHER_FILES
from ..ir.dump import dump_plans
from ..ir.pdus import mark_pdus
from ..resources import runtime_dir
from . import cbuild
from .ilp import IlpC
from .interface import Backend, Compilation, Options
from .xdr_c import XdrC
from .xdr_lang import XdrLanguage


class IrText:
    """The marshalling plans as text (compiler/ir/dump.py)."""
    name = "ir"

    def files(self, comp: Compilation, options: Options) -> dict[str, str]:
        return {f"{options.stem}.ir.txt": dump_plans(comp.plans)}


BACKENDS: dict[str, Backend] = {b.name: b for b in (XdrC(), IlpC(), XdrLanguage(), IrText())}


@dataclass(frozen=True)
class Emit:
    """What an ``--emit`` generates: the back ends' files, in order; ``messages``: the
    message types are marked first (compiler/ir/pdus.py; the ILP back end and the C
    harness read them); ``finish``: more files made from the back ends' (the C build)."""
    backends: tuple[str, ...]
    messages: bool = False
    finish: Optional[Callable[[Compilation, dict[str, str], Options], dict[str, str]]] = None


def c_build(comp: Compilation, files: dict[str, str], options: Options) -> dict[str, str]:
    """The C build (backend/cbuild.py: the runtime, the harness, the Makefile) and the unit
    ciphers' files of the runtime, a file each (compiler/ciphers.py), copied like the rest
    of the runtime.  (They belong in cbuild.RUNTIME_FILES; kept apart while that list is
    being reworked.)"""
    out = cbuild.build_files(comp, files, options)
    rt = runtime_dir()
    for name in CIPHER_FILES:
        out[name] = (rt / name).read_text()
    return out


EMITS: dict[str, Emit] = {
    "c": Emit(("xdr", "ilp"), messages=True, finish=c_build),
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
    for name in spec.backends:
        files.update(BACKENDS[name].files(comp, options))
    if spec.finish is not None:
        files.update(spec.finish(comp, files, options))
    return files
