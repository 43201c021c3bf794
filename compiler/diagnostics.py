"""Diagnostics: every problem in a spec is reported as ``file:line:col: error: message``;
what ilpc assumed for a spec that still compiles, as ``file:line:col: warning: message``.

Passes collect diagnostics into a :class:`Diagnostics` sink and keep going where they
can, so one run reports several errors; :class:`CompileError` carries them out of the
compiler to the CLI, which prints them and exits with status 1.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .frontend.ast import Loc


@dataclass(frozen=True)
class Diagnostic:
    loc: Optional[Loc]
    message: str
    severity: str = "error"  # "error", "warning" or "note"

    def __str__(self) -> str:
        where = f"{self.loc}: " if self.loc is not None else "ilpc: "
        return f"{where}{self.severity}: {self.message}"


class CompileError(Exception):
    """Raised when a pass found errors; ``diagnostics`` holds all of them."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = sorted_by_location(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class Diagnostics:
    """A sink that passes append to; ``check()`` raises if any error was reported."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []

    def error(self, loc: Optional[Loc], message: str) -> None:
        self.items.append(Diagnostic(loc, message, "error"))

    def warning(self, loc: Optional[Loc], message: str) -> None:
        """Not an error: the spec compiles, and the CLI prints it all the same."""
        self.items.append(Diagnostic(loc, message, "warning"))

    def note(self, loc: Optional[Loc], message: str) -> None:
        self.items.append(Diagnostic(loc, message, "note"))

    @property
    def warnings(self) -> list[Diagnostic]:
        return sorted_by_location([d for d in self.items if d.severity == "warning"])

    @property
    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.items)

    def check(self) -> None:
        if self.has_errors:
            raise CompileError(self.items)


def sorted_by_location(diags: list[Diagnostic]) -> list[Diagnostic]:
    """Errors (and warnings) in file/line/column order, each followed by the notes reported with it."""
    groups: list[list[Diagnostic]] = []
    for d in diags:
        if d.severity == "note" and groups:
            groups[-1].append(d)
        else:
            groups.append([d])

    def key(g: list[Diagnostic]):
        loc = g[0].loc
        return (0, "", 0, 0) if loc is None else (1, loc.file, loc.line, loc.col)
    return [d for g in sorted(groups, key=key) for d in g]
