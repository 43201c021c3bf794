"""Golden files: what ilpc generates for the example specs, checked in.

For each spec below, the generated C (the stubs, the ILP bodies, the type table and the
Makefile; not the runtime, harness and fuzz target included, which are copied verbatim), ``--emit x``, ``--emit ir`` and
``--explain`` are compared with ``tests/golden/<name>/``.  So "the generated code did not
change" is a test that can fail, and a change to the generator shows up in review as a
change to these files.

Refresh them after an intended change with

    python tests/test_golden.py --refresh

and read the diff before committing it.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"

# name -> (spec files relative to the repository, extra ilpc options)
SPECS = {
    "filetransfer": (["examples/filetransfer/filetransfer.asn1"], []),
    "perf-object": (["examples/perf-object/perf-object.asn1"], []),
    "session": (["examples/build/specs/session.asn1"], ["-I", "examples/build/specs/common"]),
}


def _runtime_files() -> set[str]:
    from ilpc.backend.cbuild import PROGRAM_FILES, RUNTIME_FILES
    return {*RUNTIME_FILES, *PROGRAM_FILES}


def _ilpc(args: list[str]) -> subprocess.CompletedProcess:
    # relative spec paths, run from the repository: the files name the spec as given
    return subprocess.run([sys.executable, "-m", "ilpc", *args], cwd=ROOT, capture_output=True, text=True)


def generate(name: str) -> dict[str, str]:
    """Every golden file of one spec: relative name -> text."""
    specs, opts = SPECS[name]
    files: dict[str, str] = {}
    runtime = _runtime_files()
    with tempfile.TemporaryDirectory() as tmp:
        for emit, sub in (("c", "c"), ("x", "x"), ("ir", "ir")):
            out = Path(tmp) / sub
            r = _ilpc([*specs, "-o", str(out), "--emit", emit, *opts])
            assert r.returncode == 0, r.stderr
            for f in sorted(out.iterdir()):
                if f.name not in runtime:
                    files[f"{sub}/{f.name}"] = f.read_text()
    r = _ilpc(["--explain", *specs, *opts])
    assert r.returncode == 0, r.stderr
    files["explain.txt"] = r.stdout
    return files


def refresh() -> None:
    for name in SPECS:
        d = GOLDEN / name
        for old in sorted(d.rglob("*"), reverse=True) if d.exists() else []:
            old.unlink() if old.is_file() else old.rmdir()
        for rel, text in generate(name).items():
            p = d / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        print(f"wrote {d.relative_to(ROOT)}")


@pytest.mark.parametrize("name", sorted(SPECS))
def test_generated_files_match_the_golden_files(name):
    want_dir = GOLDEN / name
    want = {str(p.relative_to(want_dir)): p.read_text() for p in sorted(want_dir.rglob("*")) if p.is_file()}
    got = generate(name)
    assert sorted(got) == sorted(want), "files added or removed: python tests/test_golden.py --refresh"
    changed = [rel for rel in got if got[rel] != want[rel]]
    if changed:
        import difflib
        rel = changed[0]
        diff = "".join(list(difflib.unified_diff(want[rel].splitlines(True), got[rel].splitlines(True),
                                                 f"golden/{name}/{rel}", "generated"))[:80])
        pytest.fail(f"{len(changed)} generated file(s) differ from tests/golden/{name}: {', '.join(changed)}\n"
                    f"(intended? python tests/test_golden.py --refresh)\n{diff}", pytrace=False)


if __name__ == "__main__":
    if sys.argv[1:] != ["--refresh"]:
        sys.exit("usage: python tests/test_golden.py --refresh")
    refresh()
