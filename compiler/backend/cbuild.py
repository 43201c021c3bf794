"""What a generated C library needs besides its stubs: the runtime (copied), a test
harness, a libFuzzer target and a Makefile that builds them all (``ilpc --emit c``)."""
from __future__ import annotations

from pathlib import Path

from ..ciphers import NAMES as CIPHER_NAMES
from ..resources import runtime_dir
from ..runtime_files import needed_sources, runtime_files
from .interface import Compilation, Options
from .naming import module_file, type_name
from .render import render

# The runtime every generated library is built with: every file of runtime/ (ilpc.runtime),
# in name order (the ILP back end's codecs, ciphers and message paths, and the user-level TCP
# its send/receive paths plug into: docs/tcp.md).  A new runtime file is in by being there.
RUNTIME_FILES = runtime_files()
# generated programs (a main(), or libFuzzer's entry point): not library sources
HARNESS_FILES = ("ilpc_harness.c", "ilpc_fuzz.c")


def build_files(comp: Compilation, stubs: dict[str, str], options: Options) -> dict[str, str]:
    """The harness, the fuzz target, the runtime and the Makefile for the stubs (every
    C back end's files, name -> text)."""
    types = [dict(T=type_name(p), name=".".join(p.name), pdu=p.pdu) for mp in comp.plans for p in mp.named]
    headers = [module_file(mp.name, "h") for mp in comp.plans]
    files = {name: render(f"C/{kind}/{kind}.c.j2", types=types, headers=headers, ciphers=CIPHER_NAMES)
             for name, kind in (("ilpc_harness.c", "harness"), ("ilpc_fuzz.c", "fuzz"))}
    rt = runtime_dir()
    for name in RUNTIME_FILES:
        files[name] = (rt / name).read_text()
    files["Makefile"] = render(
        "C/build/Makefile.j2", specs=[Path(p).name for p in comp.inputs], lib=options.stem,
        stub_sources=sorted(n for n in stubs if n.endswith(".c")),
        runtime_sources=[n for n in RUNTIME_FILES if n.endswith(".c")],
        codec_runtime_sources=codec_runtime_sources(files, stubs))
    return files


def codec_runtime_sources(files: dict[str, str], stubs: dict[str, str]) -> list[str]:
    """The runtime sources that the generated stubs and the fuzz target (ilpc_fuzz.c) link:
    what they use, and what that uses in turn (ilpc.runtime_files.needed_sources).  The
    codecs and the message paths, no TCP: the fuzz target (make fuzz) is built of these."""
    return needed_sources(text for name, text in sorted({**stubs, "ilpc_fuzz.c": files["ilpc_fuzz.c"]}.items())
                          if name.endswith((".c", ".h")))
