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


def test_no_import_cycle_among_compiler_modules():
    """No module of compiler/ imports itself back through other modules, counting every
    import statement wherever it is (inside functions too: a deferred import still makes
    the modules depend on each other; imports under ``if TYPE_CHECKING:`` are for type
    annotations and do not count).  ``from . import x`` counts as an import of the
    submodule x when there is one, else of the package; a submodule's import of its own
    package's ``__init__`` is not counted (Python runs it first anyway)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "compiler"
    skip = {"parser"}  # the ANTLR-generated parser: generated, imports only the runtime

    def module_name(path: Path) -> str:
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        return ".".join(["ilpc", *parts])

    files = {module_name(f): f for f in root.rglob("*.py")
             if not set(f.relative_to(root).parts) & skip}

    def resolve(mod: str, is_pkg: bool, node: ast.ImportFrom) -> list[str]:
        if node.level == 0:
            base = node.module or ""
        else:
            pkg = mod.split(".") if is_pkg else mod.split(".")[:-1]
            pkg = pkg[:len(pkg) - (node.level - 1)]
            base = ".".join(pkg + ([node.module] if node.module else []))
        out = []
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            out.append(sub if sub in files else base)
        return out

    graph: dict[str, set[str]] = {}
    for mod, path in files.items():
        is_pkg = path.name == "__init__.py"
        deps: set[str] = set()
        tree = ast.parse(path.read_text(), str(path))
        typing_only = {id(n) for top in ast.walk(tree) if isinstance(top, ast.If)
                       and "TYPE_CHECKING" in ast.unparse(top.test) for s in top.body for n in ast.walk(s)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                deps |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                deps |= set(resolve(mod, is_pkg, node))
        own_packages = {".".join(mod.split(".")[:i]) for i in range(1, mod.count(".") + 1)}
        graph[mod] = {d for d in deps if d in files and d != mod and d not in own_packages}

    # strongly connected components (Tarjan), reported with one cycle's path each
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            connect(v)

    def a_cycle(comp: list[str]) -> str:
        members, start = set(comp), comp[0]
        path, seen = [start], {start}
        while True:  # follow edges inside the component until we are back
            nxt = sorted(graph[path[-1]] & members)
            back = start if start in nxt else None
            if back:
                return " -> ".join(path + [start])
            step = next((w for w in nxt if w not in seen), nxt[0])
            if step in seen:
                return " -> ".join(path[path.index(step):] + [step])
            path.append(step)
            seen.add(step)

    assert not cycles, "import cycles among compiler/ modules:\n" + "\n".join(
        f"  {a_cycle(c)}" for c in cycles)


def test_templates_are_leaves():
    """The C templates call no Python: only their own macros (the macros of the file, or
    of C/checks.j2 when imported) and the filters, tests and builtins of Jinja2 and the
    few filters compiler/backend/render.py registers.  No method is called on a value, and
    no template is chosen by a computed name."""
    from pathlib import Path

    import jinja2
    from jinja2 import nodes

    from ilpc.backend.render import environment

    env = environment()
    root = Path(__file__).resolve().parents[1] / "templates"
    builtin_filters = set(jinja2.Environment().filters)
    problems = []
    for path in sorted(root.rglob("*.j2")):
        name = path.relative_to(root).as_posix()
        tree = env.parse(path.read_text(), name, str(path))
        macros = {m.name for m in tree.find_all(nodes.Macro)}
        for call in tree.find_all(nodes.Call):
            ok = isinstance(call.node, nodes.Name) and call.node.name in macros | {"caller", "range"}
            if not ok:
                problems.append(f"{name}:{call.lineno}: calls {type(call.node).__name__} "
                                f"{getattr(call.node, 'name', getattr(call.node, 'attr', ''))}")
        for f in tree.find_all(nodes.Filter):
            if f.name not in builtin_filters and f.name not in env.filters:
                problems.append(f"{name}:{f.lineno}: unknown filter {f.name}")
        for inc in tree.find_all((nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)):
            if not isinstance(inc.template, nodes.Const):
                problems.append(f"{name}:{inc.lineno}: a template chosen by a computed name")
    extra = set(env.filters) - builtin_filters
    assert extra <= {"indent_c", "negate", "m", "uses"}, extra
    assert not problems, "\n".join(problems)


RUNTIME = Path(__file__).resolve().parent.parent / "runtime"


def test_runtime_files_call_each_other_without_cycles():
    """The C runtime is layered: no file of runtime/ calls (or takes the address of) a
    function defined in another file that, directly or through others, calls it back.
    Every function named ``ilpc_...`` (public) or ``ilpc__...`` (private to the runtime)
    counts; static helpers are a file's own business.  On failure the cycles are named
    with the functions that make each step."""
    import re

    def code(text: str) -> str:
        """The text without comments, string and character literals, preprocessor lines."""
        text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
        text = re.sub(r"'(\\.|[^'\\\n])*'", "''", text)
        return re.sub(r"^[ \t]*#(.*\\\n)*.*$", "", text, flags=re.M)

    sources = {p.name: code(p.read_text()) for p in sorted(RUNTIME.glob("*.c"))}
    # a definition: at brace depth 0, "name(...) {" not preceded by "static" on its line
    defined: dict[str, str] = {}
    for name, text in sources.items():
        depth = 0
        for m in re.finditer(r"[{}]|^([^\n;{}]*?)\b(ilpc_\w+)\s*\([^;{}]*\)\s*(?=\{)", text, re.M):
            if m.group(0) == "{":
                depth += 1
            elif m.group(0) == "}":
                depth -= 1
            elif depth == 0 and "static" not in m.group(1).split():
                assert defined.setdefault(m.group(2), name) == name, \
                    f"{m.group(2)} is defined in {defined[m.group(2)]} and {name}"
    graph: dict[str, dict[str, set[str]]] = {n: {} for n in sources}
    for name, text in sources.items():
        for ident in set(re.findall(r"\bilpc_\w+", text)):
            other = defined.get(ident)
            if other is not None and other != name:
                graph[name].setdefault(other, set()).add(ident)

    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(f: str) -> None:
        state[f] = 1
        path.append(f)
        for g in sorted(graph[f]):
            if state.get(g) == 1:
                cycles.append(path[path.index(g):] + [g])
            elif g not in state:
                visit(g)
        path.pop()
        state[f] = 2

    for f in sorted(graph):
        if f not in state:
            visit(f)

    def step(a: str, b: str) -> str:
        return f"{a} -({', '.join(sorted(graph[a][b]))})-> {b}"

    assert not cycles, "call cycles between runtime files (docs: the layers at the top of " \
        "runtime/ilpc_tcp_internal.h):\n" + "\n".join(
            "  " + "; ".join(step(c[i], c[i + 1]) for i in range(len(c) - 1)) for c in cycles)
