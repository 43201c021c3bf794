"""Allocation amplification: no input of n bytes makes a decoder allocate more than a
small multiple of n plus a constant (docs/mapping.md, Memory; docs/fuzzing.md).

tests/c/alloc_amp.c counts, by interposing malloc, calloc and realloc, the bytes that
T_decode and the fused, tiled and layered receive paths request, for every type of the
example specs and the specs the tests build (conftest's SPEC_GROUPS, IlpShapes, and
tests/fuzz/specs: Hostile's arrays of elements that encode to nothing), over:

- valid encodings of every type (from the independent oracle, tests/oracle/);
- the same with every 4-byte word of their first 64 bytes replaced by, and with a word
  inserted there of, counts at and near the maximum (0x04000000 = 64 Mi, 0x7FFFFFFF,
  0xFFFFFFFF) and counts just above what the input can hold -- so every count and length
  of every type, nested ones included, is tried with hostile values;
- random bytes;
- the 4 bytes 04 00 00 00 as a SEQUENCE OF NULL (an 8-byte message on the receive
  paths), which once allocated 64 MiB.

The bound checked: A * n + B bytes with A = 16 and B = 8 KiB (B covers the fixed
allocations of a receive: the libcrypto context of an AEAD, the tiled path's tile state).
"""
from __future__ import annotations

import random
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SPEC_GROUPS, libcrypto_flags, missing_specs

pytestmark = [pytest.mark.cbuild]

sys.path.insert(0, str(ROOT / "tests" / "fuzz"))

A, B = 16, 8192
BIG = (0x04000000, 0x7FFFFFFF, 0xFFFFFFFF)
EXTRA_SPECS = ["tests/specs/IlpShapes.asn1", "tests/fuzz/specs/Hostile.asn1", "tests/fuzz/specs/FuzzRecord.asn1"]


def spec_files() -> list[str]:
    files = [f for g in SPEC_GROUPS if not missing_specs(g) for f in SPEC_GROUPS[g]]
    return list(dict.fromkeys(files + EXTRA_SPECS))


def be32(x: int) -> bytes:
    return struct.pack(">I", x & 0xFFFFFFFF)


def inputs(files: list[str], names: list[str]) -> list[tuple[str, bytes]]:
    from oracle.asn1_xdr import XdrSpec
    from oracle.values import ValueGen
    oracle = XdrSpec([str(ROOT / f) for f in files])
    rng = random.Random(7)
    out: list[tuple[str, bytes]] = []
    # the types the spec names; instances of parameterized types that ilpc makes (and
    # names) are reached through the types that use them
    known = set(oracle.type_names())
    for i, name in enumerate(n for n in names if n in known):
        t = oracle.type(name)
        encs = sorted({t.encode(v) for v in ValueGen(i, cap=3, max_depth=3).values(t, 4)}, key=len)[:2]
        for e in encs:
            out.append((name, e))
            for pos in range(0, min(len(e), 64) + 1, 4):
                left = len(e) - pos
                for big in BIG + (left // 4 + 1, left + 1):
                    out.append((name, e[:pos] + be32(big) + e[pos + 4:]))
                    out.append((name, e[:pos] + be32(big) + e[pos:]))
        for _ in range(8):
            out.append((name, bytes(rng.randrange(256) for _ in range(rng.randrange(0, 64)))))
    out.append(("Hostile.Nulls", bytes([4, 0, 0, 0])))
    return out


@pytest.fixture(scope="module")
def alloc_amp(tmp_path_factory):
    if not shutil.which("gcc"):
        pytest.skip("no gcc")
    if not Path("/lib/x86_64-linux-gnu/libc.so.6").exists() and not list(Path("/lib").glob("*/libc.so.6")):
        pytest.skip("malloc interposition needs glibc")
    from ilpc.backend.cbuild import TYPE_TABLE
    from ilpc.driver import compile_specs
    from ilpc.runtime_files import needed_sources
    out = tmp_path_factory.mktemp("alloc")
    files = spec_files()
    compile_specs([str(ROOT / f) for f in files], str(out))
    stubs = sorted(str(p) for p in out.glob("*.c")
                   if not p.name.startswith("ilpc_"))
    main = ROOT / "tests" / "c" / "alloc_amp.c"
    # the program includes the generated ilpc_fuzz.c: what that uses is needed too
    runtime = [str(out / n) for n in needed_sources([main, out / "ilpc_fuzz.c", *map(Path, stubs)],
                                                    ROOT / "runtime")]
    cflags, libs = libcrypto_flags()
    exe = out / "alloc_amp"
    # -O0: the count of requested bytes does not depend on the optimiser, and one -O1 build
    # of every spec took 26 s more (test_c_backend.py builds each spec warning-free at -O1)
    r = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O0",
                        "-DILPC_ILP_COMPACT=1", *cflags, "-I", str(out), str(main),
                        *stubs, *runtime, "-o", str(exe), *libs], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-5000:]
    import re
    names = re.findall(r'^\s*ILPC_TABLE_ROW\("([^"]+)"', (out / TYPE_TABLE).read_text(), re.M)
    return exe, files, names


def test_decoders_allocate_in_proportion_to_their_input(alloc_amp):
    exe, files, names = alloc_amp
    data = "".join(f"{n} {b.hex()}\n" for n, b in inputs(files, names))
    r = subprocess.run([str(exe), str(A), str(B)], input=data, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-4000:]
    assert "Hostile.Nulls" in r.stdout or "inputs" in r.stderr


def test_sequence_of_null_count_allocates_nothing(alloc_amp):
    """04 00 00 00 into a SEQUENCE OF NULL: 64 Mi elements, no storage; the same as an
    8-byte message on every receive path and cipher (bound 0 * n + 0: nothing at all
    for the plain decode; the receive paths' fixed allocations only)."""
    exe, _, _ = alloc_amp
    r = subprocess.run([str(exe), "0", "0"], input="Hostile.Nulls 04000000\n", capture_output=True, text=True)
    # the decode allocates nothing; receives of an AEAD may allocate their fixed state
    assert "T_decode" not in r.stderr, r.stderr
    r = subprocess.run([str(exe), "0", str(B)], input="".join("Hostile.Nulls 04000000\n" for _ in range(4)),
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
