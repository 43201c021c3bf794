"""``ilpc --emit x`` (the XDR language, for rpcgen) on a small spec, for the construct tests."""
from __future__ import annotations

import subprocess

from conftest import ROOT, ilpc_command


def _emit_x(tmp_path, text: str):
    """``ilpc --emit x`` on a module Tiny of TEXT: (the run, the .x path)."""
    spec = tmp_path / "Tiny.asn1"
    spec.write_text("Tiny DEFINITIONS AUTOMATIC TAGS ::= BEGIN\n" + text + "\nEND\n")
    out = tmp_path / "x"
    r = subprocess.run(ilpc_command() + ["--emit", "x", str(spec), "-o", str(out)], capture_output=True,
                       text=True, cwd=ROOT)
    return r, out / "Tiny.x"
