"""Helpers of the construct tests that build a spec's generated C on its own (for names
or modules the shared harness cannot hold) and run a C program against it: the
generated Makefile with warnings as errors, the runtime's objects compiled once per
compiler and flags for the whole run (conftest.make_harness), the program with the
same flags."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import libcrypto_flags, make_harness, run_dir
from ilpc.driver import compile_specs

WARNINGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
CCS = [pytest.param(cc, marks=pytest.mark.skipif(not shutil.which(cc), reason=f"no {cc}"))
       for cc in ("gcc", "clang")]


def generate(tmp_path: Path, specs: dict[str, str]) -> Path:
    paths = []
    for name, text in specs.items():
        p = tmp_path / name
        p.write_text(text)
        paths.append(str(p))
    out = tmp_path / "out"
    compile_specs(paths, str(out))
    return out


def build(out: Path, cc: str, tmp_path_factory) -> None:
    """make: the stubs, the runtime and the harness, warnings as errors (the compact ILP
    form keeps the compile short; the XDR code is the same); the runtime's objects come
    from the run's cache after the first build with these flags."""
    r = make_harness(out, ["-j2", f"CC={cc}", "CFLAGS=-O0", "CPPFLAGS=-DILPC_ILP_COMPACT=1"],
                     run_dir(tmp_path_factory) / "runtime-objects")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-6000:]


def run_program(tmp_path: Path, out: Path, cc: str, lib: str, source: str) -> None:
    app = tmp_path / "app.c"
    app.write_text(source)
    exe = tmp_path / "app"
    r = subprocess.run([cc, *WARNINGS, "-O0", f"-I{out}", str(app), str(out / f"lib{lib}.a"), *libcrypto_flags()[1],
                        "-o", str(exe)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr)
