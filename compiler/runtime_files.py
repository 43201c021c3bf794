"""The C runtime's files, and the part of them a program needs, derived from the runtime
directory itself: nothing here is a list to keep up to date by hand.

* :func:`runtime_files`: every ``ilpc_*.c`` and ``ilpc_*.h`` of the runtime, sorted by name.
  A new runtime file is copied into every generated output, and compiled into its library,
  by being there.
* :func:`needed_sources`: the runtime ``.c`` files a program made of some C sources needs to
  link: those defining a function or variable (``ilpc_...``) that the sources use, then
  those that these files use, and so on.  A header's inline functions and function-like
  macros pass on what their bodies use (only the ones the sources reach), a ``.c`` file all
  that it uses (it is linked whole).  The generated Makefile's fuzz target links the codec
  part of the runtime this way: what the generated stubs and ``ilpc_fuzz.c`` reach.

The scan is lexical (comments and literals removed, identifiers matched), which is enough
for the runtime's plain C; it can only err towards a file too many.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Optional, Union

_IDENT = re.compile(r"\b(?:ilpc|ILPC)_\w+")  # functions, variables, and macros like ILPC_MSG_API


def _runtime_dir(directory: Optional[Path]) -> Path:
    if directory is not None:
        return Path(directory)
    from .resources import runtime_dir
    return runtime_dir()


def runtime_files(directory: Optional[Path] = None) -> list[str]:
    """Every runtime source and header (``ilpc_*.c``, ``ilpc_*.h``), sorted by name."""
    d = _runtime_dir(directory)
    return sorted(p.name for p in d.iterdir() if p.name.startswith("ilpc_") and p.suffix in (".c", ".h"))


def _code(text: str) -> str:
    """C text without comments and string or character literals (line breaks kept)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"'(\\.|[^'\\\n])*'", "''", text)


def _file_scope_names(code: str) -> set[str]:
    """Names a .c file defines at file scope: ilpc_ identifiers at brace depth 0 followed by
    '(' (a function), '=', ';', '[' or ',' (a variable).  Declarations count too: a .c file
    declaring a name it does not define is taken to provide it, which errs towards linking
    it."""
    code = re.sub(r"^[ \t]*#(.*\\\n)*.*$", "", code, flags=re.M)
    names, depth = set(), 0
    for m in re.finditer(r"[{}]|\bilpc_\w+(?=\s*[(=;\[,])", code):
        g = m.group(0)
        if g == "{":
            depth += 1
        elif g == "}":
            depth -= 1
        elif depth == 0:
            names.add(g)
    return names


def _header_bodies(code: str) -> dict[str, str]:
    """A header's inline functions and function-like macros: name -> the text that uses
    other names (the body, or the macro's replacement)."""
    bodies: dict[str, str] = {}
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+((?:ilpc|ILPC)_\w+)\((?:[^\n\\]|\\\n|\\)*", code, re.M):
        bodies[m.group(1)] = m.group(0)[m.group(0).index(")"):]
    for m in re.finditer(r"\b(ilpc_\w+)\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*\{", code):
        i, depth = m.end(), 1
        while depth and i < len(code):
            depth += {"{": 1, "}": -1}.get(code[i], 0)
            i += 1
        bodies.setdefault(m.group(1), code[m.end():i])
    return bodies


@lru_cache(maxsize=8)
def _index(directory: Path, stamp: tuple) -> tuple[dict[str, str], dict[str, str], dict[str, frozenset]]:
    provided: dict[str, str] = {}
    bodies: dict[str, str] = {}
    uses: dict[str, frozenset] = {}
    for name in runtime_files(directory):
        code = _code((directory / name).read_text())
        if name.endswith(".c"):
            for n in sorted(_file_scope_names(code)):
                provided.setdefault(n, name)
            uses[name] = frozenset(_IDENT.findall(code))
        else:
            for n, body in _header_bodies(code).items():
                bodies.setdefault(n, body)
    return provided, bodies, uses


def needed_sources(roots: Iterable[Union[str, Path]], directory: Optional[Path] = None) -> list[str]:
    """The runtime .c files (names, sorted) that C sources need to link.  ``roots``: the
    sources, as texts or paths.  A runtime .c file that a root #includes is its own (a
    white-box test) and is not listed."""
    d = _runtime_dir(directory)
    stamp = tuple((n, (d / n).stat().st_mtime_ns) for n in runtime_files(d))
    provided, bodies, uses = _index(d, stamp)
    todo: list[str] = []
    included: set[str] = set()
    for r in roots:
        text = r.read_text() if isinstance(r, Path) else r
        included.update(re.findall(r'^[ \t]*#[ \t]*include[ \t]+"(ilpc_\w+\.c)"', text, re.M))
        todo += _IDENT.findall(_code(text))
    seen: set[str] = set()
    files: set[str] = set()
    while todo:
        n = todo.pop()
        if n in seen:
            continue
        seen.add(n)
        f = provided.get(n)
        if f is not None:
            if f not in files:
                files.add(f)
                todo += uses[f]
        elif n in bodies:
            todo += _IDENT.findall(bodies[n])
    return sorted(files - included)
