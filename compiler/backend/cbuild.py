"""What a generated C library needs besides its stubs: the runtime (copied), the type
table of the test harness and the libFuzzer target (whose mains are runtime files, copied
too) and a Makefile that builds them all (``ilpc --emit c``)."""
from __future__ import annotations

from pathlib import Path

from ..resources import runtime_dir
from .interface import Compilation, Options
from .naming import module_file, type_name
from .render import render

# Runtime files every generated library needs (the ILP back end's: cipher, the AEADs' record
# layer, ChaCha20-Poly1305's primitives, the AEADs and key derivation from libcrypto when it
# is there, checksum, the ILP sink/source), and the user-level TCP its send/receive paths
# plug into (docs/tcp.md: stack, connection, rings, clock, transports, impairment).
RUNTIME_FILES = ["ilpc_xdr.h", "ilpc_xdr.c", "ilpc_chapoly.h", "ilpc_chapoly.c", "ilpc_evp.h", "ilpc_evp.c",
                 "ilpc_cipher.h", "ilpc_cipher.c", "ilpc_aead.c", "ilpc_csum.h", "ilpc_csum.c",
                 "ilpc_ilp.h", "ilpc_ilp.c", "ilpc_msg.h", "ilpc_msg.c", "ilpc_table.h", "ilpc_tcp.h",
                 "ilpc_tcp.c", "ilpc_tcp_wire.h", "ilpc_tcp_wire.c", "ilpc_random.h", "ilpc_random.c", "ilpc_tcp_ao.h", "ilpc_tcp_ao.c", "ilpc_tcp_auth.c", "ilpc_tcp_input.c", "ilpc_tcp_output.c", "ilpc_tcp_timer.c", "ilpc_tcp_sack.c",
                 "ilpc_tcp_api.c", "ilpc_tcp_wait.c", "ilpc_tcp_internal.h", "ilpc_stack.h", "ilpc_stack.c",
                 "ilpc_ring.h", "ilpc_ring.c",
                 "ilpc_clock.h", "ilpc_clock.c", "ilpc_transport.h", "ilpc_transport_mem.c",
                 "ilpc_transport_udp.c", "ilpc_transport_tun.c", "ilpc_transport_shm.c", "ilpc_impair.h",
                 "ilpc_impair.c"]
# The part of the runtime the codecs and the message paths need (no TCP): what the fuzz
# target (ilpc_fuzz.c, make fuzz) links.
CODEC_RUNTIME_FILES = RUNTIME_FILES[:RUNTIME_FILES.index("ilpc_tcp.h")]
# The runtime's programs (a main(), or libFuzzer's entry point), copied too: not library
# sources.  They run the types of TYPE_TABLE.
PROGRAM_FILES = ("ilpc_harness.c", "ilpc_fuzz.c")
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
    files = {TYPE_TABLE: render("C/harness/type_table.c.j2", types=types, headers=headers, specs=specs)}
    rt = runtime_dir()
    for name in (*RUNTIME_FILES, *PROGRAM_FILES):
        files[name] = (rt / name).read_text()
    files["Makefile"] = render(
        "C/build/Makefile.j2", specs=specs, lib=options.stem,
        stub_sources=sorted(n for n in [*stubs, TYPE_TABLE] if n.endswith(".c")),
        runtime_sources=[n for n in RUNTIME_FILES if n.endswith(".c")],
        codec_runtime_sources=[n for n in CODEC_RUNTIME_FILES if n.endswith(".c")])
    return files
