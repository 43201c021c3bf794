"""What a generated C library needs besides its stubs: the runtime (copied), the type
table of the test harness and the libFuzzer target (whose mains are runtime files, copied
too) and a Makefile that builds them all (``ilpc --emit c``)."""
from __future__ import annotations

from pathlib import Path

from ..resources import runtime_dir
from ..runtime_files import needed_sources, runtime_files
from .interface import Compilation, Options
from .naming import module_file, type_name
from .render import render

# The runtime's programs (a main(), or libFuzzer's entry point), copied too: not library
# sources.  They run the types of TYPE_TABLE.
PROGRAM_FILES = ("ilpc_harness.c", "ilpc_fuzz.c")
# The runtime every generated library is built with: every other file of runtime/
# (ilpc.runtime), in name order (the ILP back end's codecs, ciphers and message paths, and
# the user-level TCP its send/receive paths plug into: docs/tcp.md).  A new runtime file is
# in by being there.
RUNTIME_FILES = [f for f in runtime_files() if f not in PROGRAM_FILES]
# The runtime of an encoding that is not XDR: copied like every runtime file, but compiled
# into the library only when the stubs use it (ilpc --encoding), so that an XDR-only
# output builds what it did before the encoding existed.
ENCODING_RUNTIME = ("ilpc_ber.c", "ilpc_ber_msg.c")
# The one generated file besides the stubs: the table of the named types (ilpc_table.h),
# a library source.  Lower-case start: no module's files can have this name, and no
# ilpc_ prefix: the runtime's files are the same for every spec, this one is not.
TYPE_TABLE = "type_table.c"


def build_files(comp: Compilation, stubs: dict[str, str], options: Options) -> dict[str, str]:
    """The type table, the runtime, its programs and the Makefile for the stubs (every
    C back end's files, name -> text)."""
    types = [dict(T=type_name(p), name=".".join(p.name), pdu=p.pdu) for mp in comp.plans for p in mp.named]
    headers = [module_file(mp.name, "h") for mp in comp.plans]
    specs = [Path(p).name for p in comp.inputs]
    ber = any(e in ("ber", "cer", "der") for e in options.encodings)
    ber_messages = [h for h in headers if h[:-2] + "_ber_ilp.h" in stubs]
    files = {TYPE_TABLE: render("C/harness/type_table.c.j2", types=types, headers=headers, specs=specs, ber=ber,
                                ber_messages=ber_messages)}
    rt = runtime_dir()
    for name in (*RUNTIME_FILES, *PROGRAM_FILES):
        files[name] = (rt / name).read_text()
    codec = codec_runtime_sources(files, stubs)
    files["Makefile"] = render(
        "C/build/Makefile.j2", specs=specs, lib=options.stem,
        stub_sources=sorted(n for n in [*stubs, TYPE_TABLE] if n.endswith(".c")),
        runtime_sources=[n for n in RUNTIME_FILES if n.endswith(".c") and (n not in ENCODING_RUNTIME or n in codec)],
        codec_runtime_sources=codec)
    return files


def codec_runtime_sources(files: dict[str, str], stubs: dict[str, str]) -> list[str]:
    """The runtime sources that the generated stubs and the fuzz target (ilpc_fuzz.c) link:
    what they use, and what that uses in turn (ilpc.runtime_files.needed_sources).  The
    codecs and the message paths, no TCP: the fuzz target (make fuzz) is built of these."""
    roots = {**stubs, TYPE_TABLE: files[TYPE_TABLE], "ilpc_fuzz.c": files["ilpc_fuzz.c"]}
    return [n for n in needed_sources(text for name, text in sorted(roots.items()) if name.endswith((".c", ".h")))
            if n not in PROGRAM_FILES]
