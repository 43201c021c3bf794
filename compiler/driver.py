"""The compiler pipeline, as a library: spec files -> syntax trees -> model -> plans -> files.

The CLI (``ilpc.cli``) only parses arguments and calls :func:`compile_specs`.
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable, Optional

from .diagnostics import CompileError, Diagnostic, Diagnostics
from .frontend import ast as A
from .frontend.parse import parse_file
from .ir.facts import PlanFacts
from .ir.pdus import mark_pdus
from .ir.plan import ModulePlan, build_plans
from .semantic.analyze import analyze
from .semantic.model import Model

SPEC_SUFFIXES = (".asn1", ".asn")

@dataclass
class Compilation:
    """A loaded compilation: what the back ends receive (compiler/backend/interface.py)."""
    specs: list[A.SpecFile]
    model: Model
    plans: list[ModulePlan]
    diagnostics: Diagnostics
    inputs: list[str] = field(default_factory=list)  # every file read, imports included

    @cached_property
    def facts(self) -> PlanFacts:
        """Facts about the plans that the back ends share, each computed once (compiler/ir/facts.py)."""
        return PlanFacts(self.plans)


def _find_module_file(name: str, dirs: list[Path]) -> Optional[Path]:
    for d in dirs:
        for suffix in SPEC_SUFFIXES:
            cand = d / f"{name}{suffix}"
            if cand.is_file():
                return cand
    return None


Report = Callable[[Diagnostic], None]


def load(paths: list[str], include_dirs: Optional[list[str]] = None, report: Optional[Report] = None) -> Compilation:
    """Parse the given specs, plus the files of imported modules found on the search
    path (``-I`` directories, then the directories of the given specs), analyse them
    and build the plans.  Raises CompileError with every diagnostic on failure; on
    success, ``report`` is given each warning (they stay in ``diagnostics`` too)."""
    diags = Diagnostics()
    specs: list[A.SpecFile] = []
    seen_files: set[Path] = set()
    for p in paths:
        rp = Path(p).resolve()
        if rp in seen_files:
            continue
        seen_files.add(rp)
        spec = parse_file(p, diags)
        if spec is not None:
            specs.append(spec)
    search = [Path(d) for d in (include_dirs or [])] + [Path(p).parent for p in paths]
    # Pull in imported modules that no given file defines, by file name.
    changed = True
    while changed and not diags.has_errors:
        changed = False
        defined = {m.name for s in specs for m in s.modules}
        for s in list(specs):
            for m in s.modules:
                for imp in m.imports:
                    if imp.module in defined:
                        continue
                    f = _find_module_file(imp.module, search)
                    if f is None or f.resolve() in seen_files:
                        continue
                    seen_files.add(f.resolve())
                    spec = parse_file(str(f), diags)
                    if spec is not None:
                        specs.append(spec)
                        defined |= {mm.name for mm in spec.modules}
                        changed = True
    diags.check()
    model = analyze(specs, diags)
    plans = build_plans(model)
    if report is not None:
        for d in diags.warnings:
            report(d)
    return Compilation(specs, model, plans, diags, [s.path for s in specs])


def spec_stem(paths: list[str]) -> str:
    stem = Path(paths[0]).stem if paths else "spec"
    return re.sub(r"[^A-Za-z0-9_]", "_", stem) or "spec"


def generate(comp: Compilation, emit: str, stem: str, ilp_calls: bool = False,
             ilp: str = "auto", pdus: Optional[list[str]] = None,
             encodings: Optional[list[str]] = None) -> dict[str, str]:
    """The files to write for ``emit`` ("c", "x" or "ir"), as name -> text: what the back
    ends of compiler/backend/registry.py make.  ``ilp_calls``: generate the ILP back end's
    function-pointer variant.  ``ilp``: the path of the generated T_send/T_recv: auto,
    fused, tiled or layered (auto: the cost model's choice per target profile, cipher and
    message length).  ``pdus``: types given ILP paths besides those no other type uses
    ("all": every type; compiler/ir/pdus.py).  ``encodings``: the transfer syntaxes whose
    codecs ``--emit c`` generates besides XDR's (ber, cer, der; registry.ENCODINGS)."""
    from .backend.interface import Options
    from .backend.registry import generate as generate_files
    return generate_files(comp, emit, Options(stem, ilp_calls, ilp, tuple(pdus or ()),
                                              tuple(encodings or ("xdr",))))


def write_files(out_dir: str, files: dict[str, str]) -> list[tuple[str, bool]]:
    """Write files into out_dir, leaving a file untouched when its content is the same
    (so that builds stay incremental).  Returns (path, written) pairs."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    result = []
    for name, text in sorted(files.items()):
        path = out / name
        if path.is_file() and path.read_text() == text:
            result.append((str(path), False))
            continue
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text)
        tmp.replace(path)
        result.append((str(path), True))
    return result


def compile_specs(paths: list[str], out_dir: str, emit: str = "c",
                  include_dirs: Optional[list[str]] = None, ilp_calls: bool = False,
                  ilp: str = "auto", pdus: Optional[list[str]] = None,
                  report: Optional[Report] = None, encodings: Optional[list[str]] = None) -> list[tuple[str, bool]]:
    comp = load(paths, include_dirs, report)
    return write_files(out_dir, generate(comp, emit, spec_stem(paths), ilp_calls, ilp, pdus, encodings))


def explain(paths: list[str], include_dirs: Optional[list[str]] = None, pdus: Optional[list[str]] = None,
            report: Optional[Report] = None, encodings: Optional[list[str]] = None) -> str:
    """The cost model's decisions for every message type of the specs, and why (--explain);
    with encodings of the BER family, their message paths' too."""
    from .costmodel.explain import explain_text
    comp = load(paths, include_dirs, report)
    mark_pdus(comp.plans, pdus or [])
    return explain_text(comp.plans, encodings=encodings or ["xdr"])


__all__ = ["CompileError", "Compilation", "load", "generate", "write_files", "compile_specs"]


# --- Build-system integration (CMake, Make) ------------------------------------------
# Used by the CLI's --depfile, --stamp, --list-outputs, --list-inputs, --cflags and --libs,
# and by the CMake package (compiler/cmake/).  ``gen_options`` are generate()'s keyword
# arguments (ilp_calls, ...), so that listing the outputs sees exactly the options that
# generating them does.

def output_paths(out_dir: str, files: dict[str, str]) -> list[str]:
    """The paths ``write_files(out_dir, files)`` writes, sorted, as it names them."""
    return [str(Path(out_dir) / name) for name in sorted(files)]


def _make_escape(path: str) -> str:
    # Make/Ninja depfile syntax, as gcc -M writes it: '$' doubles, ' ' and '#' take a backslash.
    return path.replace("$", "$$").replace("#", "\\#").replace(" ", "\\ ")


def depfile_text(targets: list[str], deps: list[str]) -> str:
    """A make-style dependency file: every target depends on every dep; each dep also gets an
    empty rule (like gcc -MP) so that a deleted or renamed spec does not break the build."""
    line = " \\\n  ".join([" ".join(_make_escape(t) for t in targets) + ":"] + [_make_escape(d) for d in deps])
    return line + "\n" + "".join(f"\n{_make_escape(d)}:\n" for d in deps)


def compile_for_build(paths: list[str], out_dir: str, emit: str = "c",
                      include_dirs: Optional[list[str]] = None, depfile: Optional[str] = None,
                      stamp: Optional[str] = None, report: Optional[Report] = None,
                      **gen_options) -> tuple[Compilation, list[tuple[str, bool]]]:
    """compile_specs() plus what build tools need: ``depfile`` (rewritten only when its content
    changes) says that the outputs -- or, with ``stamp``, the stamp -- depend on every spec
    read, imports included; ``stamp`` is touched after every successful run, so a build tool
    can see that generation ran even when it left every (unchanged) output alone."""
    comp = load(paths, include_dirs, report)
    files = generate(comp, emit, spec_stem(paths), **gen_options)
    written = write_files(out_dir, files)
    if depfile:
        targets = [stamp] if stamp else output_paths(out_dir, files)
        dp = Path(depfile)
        written += write_files(str(dp.parent), {dp.name: depfile_text(targets, comp.inputs)})
    if stamp:
        sp = Path(stamp)
        sp.parent.mkdir(parents=True, exist_ok=True)
        sp.touch()
    return comp, written


def list_outputs(paths: list[str], out_dir: str, emit: str = "c",
                 include_dirs: Optional[list[str]] = None, **gen_options) -> list[str]:
    """The files compile_for_build() would write (not the depfile or stamp), writing nothing.
    They depend on the module names inside the specs, so the specs are parsed."""
    comp = load(paths, include_dirs)
    return output_paths(out_dir, generate(comp, emit, spec_stem(paths), **gen_options))


def libcrypto_libs() -> list[str]:
    """What the generated Makefile links for OpenSSL's libcrypto, decided the same way:
    nothing when ILPC_LIBCRYPTO is 0 in the environment, else ``pkg-config --libs libcrypto``
    (-lcrypto if that says nothing) when ILPC_LIBCRYPTO is 1 or pkg-config finds libcrypto
    3 or newer."""
    setting = os.environ.get("ILPC_LIBCRYPTO")
    if setting == "0":
        return []
    pkg_config = shlex.split(os.environ.get("PKG_CONFIG") or "pkg-config")
    try:
        found = subprocess.run([*pkg_config, "--exists", "libcrypto >= 3"], capture_output=True).returncode == 0
        libs = subprocess.run([*pkg_config, "--libs", "libcrypto"], capture_output=True, text=True).stdout \
            if found or setting == "1" else ""
    except OSError:  # no pkg-config
        found, libs = False, ""
    if not found and setting != "1":
        return []
    return shlex.split(libs) or ["-lcrypto"]


def link_flags(paths: list[str], out_dir: str, cflags: bool, libs: bool) -> list[str]:
    """pkg-config-style flags for the library that ``make -C out_dir`` builds from these specs:
    ``-I<out_dir>``, and ``<out_dir>/lib<stem>.a`` (the stubs and the runtime) followed by
    libcrypto's linker flags when the Makefile uses it (libcrypto_libs())."""
    flags = []
    if cflags:
        flags.append(f"-I{out_dir}")
    if libs:
        flags.append(str(Path(out_dir) / f"lib{spec_stem(paths)}.a"))
    flags = [f.replace("\\", "\\\\").replace(" ", "\\ ") for f in flags]
    return flags + (libcrypto_libs() if libs else [])
