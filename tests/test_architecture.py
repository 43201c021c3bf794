"""The structure of the compiler's Python code (docs/architecture.md).

Each test is self-contained (its own helpers inside it), so that tests can be added to
this file independently.
"""
from __future__ import annotations


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

    # The one cycle left, in the semantic analyser (inner.py's deferred import of
    # analyze.describe), which is being split into passes on another branch: delete this
    # allowance when that lands.  Any other cycle, or this one grown, fails.
    allowed = [["ilpc.semantic.analyze", "ilpc.semantic.inner"]]
    cycles = [c for c in cycles if c not in allowed]
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
