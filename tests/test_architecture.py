"""The layering of the compiler's packages, checked on their source (no import of them).

Each test function is self-contained: it reads the package's files with ``ast`` and
fails with the offending modules named.
"""
from __future__ import annotations

import ast
from pathlib import Path

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

COMPILER = Path(__file__).resolve().parent.parent / "compiler"


def test_semantic_has_no_import_cycle():
    """No module of compiler/semantic imports, directly or through others of the
    package, one that imports it back.  Every import counts: at the top, inside a
    function, and under ``if TYPE_CHECKING`` (a back-reference for annotations is a
    circle too)."""
    package = COMPILER / "semantic"
    modules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}

    def imported(path: Path) -> set[str]:
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:  # from .x import ... / from . import x
                    names = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
                elif node.level == 0 and node.module and node.module.split(".")[:2] in (
                        ["ilpc", "semantic"], ["compiler", "semantic"]):
                    parts = node.module.split(".")
                    names = [parts[2]] if len(parts) > 2 else [a.name for a in node.names]
                else:
                    continue
                out.update(n for n in names if n in modules)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    parts = a.name.split(".")
                    if parts[:2] in (["ilpc", "semantic"], ["compiler", "semantic"]) and len(parts) > 2:
                        out.add(parts[2])
        return out & modules

    graph = {m: imported(package / f"{m}.py") for m in modules}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycles.append(path[path.index(n):] + [n])
            elif n not in state:
                visit(n)
        path.pop()
        state[m] = 2

    for m in sorted(modules):
        if m not in state:
            visit(m)
    assert not cycles, "import cycles in compiler/semantic: " + "; ".join(" -> ".join(c) for c in cycles)


def test_semantic_uses_no_private_name_of_another_module():
    """A module of compiler/semantic uses only the public names of the others: no
    ``from .x import _name``, and no ``something._name`` except on ``self``/``cls``
    (so neither ``other_module._name`` nor ``ctx._private`` nor ``self.helper._name``)."""
    package = COMPILER / "semantic"
    found: list[str] = []

    def private(name: str) -> bool:
        return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))

    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.level > 0 or (node.module or "").startswith(
                    ("ilpc.", "compiler."))):
                for a in node.names:
                    if private(a.name):
                        found.append(f"{path.name}:{node.lineno:04d}: imports {a.name} from {node.module or '.'}")
            elif isinstance(node, ast.Attribute) and private(node.attr):
                if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                    continue
                found.append(f"{path.name}:{node.lineno:04d}: {ast.unparse(node)}")
    assert not found, "private names used across modules of compiler/semantic:\n" + "\n".join(sorted(found))
