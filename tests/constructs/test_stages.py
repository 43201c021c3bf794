"""One spec per ASN.1 construct (tests/constructs/<construct>.asn1), each through every
stage of ilpc, as asn1tools' test suite has a test per type and ASN1SCC a folder per
construct:

  grammar   the syntax tree holds every type assignment the text has, and nothing else;
  model     the semantic model has a type definition for each of them;
  plan      ``--emit ir`` is the committed tests/constructs/golden/<construct>.ir.txt,
            and every value the independent oracle (tests/oracle) encodes is as long as
            the plan's size bounds allow;
  text      each module's generated header is the committed golden/<construct>/<Module>.h
            and declares the four functions of every named type;
  roundtrip the generated harness (one ASan + UBSan build for every construct and the
            small spec groups, conftest.SHARED_HARNESS) gives back the oracle's
            encodings of random valid values byte for byte.

A spec's header comments may say ``-- oracle: none (why)`` (asn1tools cannot read it)
or ``-- oracle: not T1 T2 (why)`` (asn1tools reads these types without their
constraints, or not at all): the oracle is then not asked about those types, whose round
trip is the harness knowing each and refusing a truncated value; the construct's own
test file checks them on exact bytes.

The tests that once reproduced a bug live next to the construct they are about, in
tests/constructs/test_<construct>.py.  After an intended change to the generator,
refresh the golden files with ``.venv/bin/python tests/constructs/test_stages.py
--refresh`` (it also deletes those of no construct, which
test_golden_files_belong_to_a_construct refuses) and read the diff.  How to add a
construct: docs/testing.md.
"""
from __future__ import annotations

import contextlib
import re
import sys
import zlib
from pathlib import Path

import pytest

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))  # tests/: conftest, oracle (also when run as a script)

from conftest import check_clean_exit, constructs_harness, run_harness, run_many  # noqa: E402

GOLDEN = HERE / "golden"
CONSTRUCTS = sorted(p.stem for p in HERE.glob("*.asn1"))


def spec(construct: str) -> Path:
    return HERE / f"{construct}.asn1"


def oracle_readable(construct: str) -> bool:
    return not re.search(r"^-- oracle: none", spec(construct).read_text(), re.M)


def oracle_blind(construct: str) -> set[str]:
    """Types (without their module) the oracle is not asked about."""
    m = re.search(r"^-- oracle: not ([\w -]*)", spec(construct).read_text(), re.M)
    return set(m.group(1).split()) if m else set()


def oracle_types(construct: str) -> list[str]:
    """The Module.Type names the oracle checks (none when it cannot read the spec)."""
    if not oracle_readable(construct):
        return []
    return [n for n in oracle(construct).type_names() if n.split(".", 1)[1] not in oracle_blind(construct)]


def text_assignments(text: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Module -> names of the type assignments (classes included) and of the parameterized
    ones, read off the text with regular expressions (independently of the grammar)."""
    text = re.sub(r"--.*$", "", text, flags=re.M)
    types: dict[str, set[str]] = {}
    params: dict[str, set[str]] = {}
    for m in re.finditer(r"^([A-Z][\w-]*)\s+DEFINITIONS\b(.*?)^END\b", text, re.M | re.S):
        body = m.group(2)
        types[m.group(1)] = set(re.findall(r"^\s*([A-Z][\w-]*)\s*::=", body, re.M))
        params[m.group(1)] = set(re.findall(r"^\s*([A-Z][\w-]*)\s*\{[^}]*\}\s*::=", body, re.M))
    return types, params


def classes(text: str) -> set[str]:
    return set(re.findall(r"^\s*([A-Z][\w-]*)\s*::=\s*CLASS\b", text, re.M))


_LOADED: dict[str, object] = {}


def compiled(construct: str):
    """ilpc's front end, model and plans for the construct (driver.load), once.  The spec
    is given by its path relative to the repository, read from there, so that the
    generated text (which names the spec) is the same in every checkout."""
    from ilpc.driver import load
    if construct not in _LOADED:
        with contextlib.chdir(ROOT):
            _LOADED[construct] = load([str(spec(construct).relative_to(ROOT))])
    return _LOADED[construct]


_ORACLES: dict[str, object] = {}


def oracle(construct: str):
    from oracle.asn1_xdr import XdrSpec
    if construct not in _ORACLES:
        _ORACLES[construct] = XdrSpec([str(spec(construct))])
    return _ORACLES[construct]


def generated(construct: str, emit: str) -> dict[str, str]:
    from ilpc.driver import generate, spec_stem
    return generate(compiled(construct), emit, spec_stem([str(spec(construct))]))


def golden_files(construct: str) -> dict[Path, str]:
    """The golden path and the text ilpc makes now, for the plan and every module's header."""
    out = {GOLDEN / f"{construct}.ir.txt": next(iter(generated(construct, "ir").values()))}
    c = generated(construct, "c")
    for m in compiled(construct).model.modules:
        out[GOLDEN / construct / f"{m.name.replace('-', '_')}.h"] = c[f"{m.name.replace('-', '_')}.h"]
    return out


def expected_golden_paths() -> set[Path]:
    """The golden files there should be: each construct's plan, and a header per module
    (the module names read off the text)."""
    out = set()
    for construct in CONSTRUCTS:
        out.add(GOLDEN / f"{construct}.ir.txt")
        types, _ = text_assignments(spec(construct).read_text())
        out |= {GOLDEN / construct / f"{m.replace('-', '_')}.h" for m in types}
    return out


# ----------------------------------------------------------------------------- stages

@pytest.mark.parametrize("construct", CONSTRUCTS)
def test_grammar(construct):
    from ilpc.diagnostics import Diagnostics
    from ilpc.frontend.parse import parse_file
    diags = Diagnostics()
    tree = parse_file(str(spec(construct)), diags)
    assert tree is not None and not diags.has_errors, [str(d) for d in diags.warnings]
    types, params = text_assignments(spec(construct).read_text())
    assert {m.name for m in tree.modules} == set(types)
    for m in tree.modules:
        kinds: dict[str, set[str]] = {}
        for a in m.assignments:
            kinds.setdefault(type(a).__name__, set()).add(a.name)
        assert kinds.get("TypeAssignment", set()) == types[m.name], m.name
        assert kinds.get("ParameterizedTypeAssignment", set()) == params[m.name], m.name


@pytest.mark.parametrize("construct", CONSTRUCTS)
def test_model(construct):
    from ilpc.semantic.model import RefT, resolve_ref
    comp = compiled(construct)
    text = spec(construct).read_text()
    types, _ = text_assignments(text)
    for module, names in types.items():
        for name in sorted(names - classes(text)):
            t = comp.model.typedef(module, name)
            assert not isinstance(resolve_ref(t.type), RefT), f"{module}.{name}"


@pytest.mark.parametrize("construct", CONSTRUCTS)
def test_plan(construct):
    ir = next(iter(generated(construct, "ir").values()))
    golden = GOLDEN / f"{construct}.ir.txt"
    assert golden.is_file(), f"no {golden.relative_to(ROOT)}: run {Path(__file__).name} --refresh"
    assert ir == golden.read_text(), f"--emit ir differs from {golden.name} (refresh it if the change is meant)"
    from oracle.values import ValueGen
    plans = {".".join(p.name): p for mp in compiled(construct).plans for p in mp.named}
    for name in oracle_types(construct):
        t = oracle(construct).type(name)
        size = plans[name].size
        for v in ValueGen(zlib.crc32(name.encode()), cap=12).values(t, 6):
            n = len(t.encode(v))
            assert size.min <= n and (size.max is None or n <= size.max), \
                f"{name}: {n} bytes, outside the plan's {size.min}..{size.max}"


@pytest.mark.parametrize("construct", CONSTRUCTS)
def test_generated_text(construct):
    files = golden_files(construct)
    for path, text in files.items():
        if path.suffix != ".h":
            continue
        assert path.is_file(), f"no {path.relative_to(ROOT)}: run {Path(__file__).name} --refresh"
        assert text == path.read_text(), f"{path.name} differs from the golden file (refresh it if the change is meant)"
    comp = compiled(construct)
    for mp in comp.plans:
        header = files[GOLDEN / construct / f"{mp.name.replace('-', '_')}.h"]
        for p in mp.named:
            c = "_".join(p.name).replace("-", "_")
            for fn in (f"int {c}_encode(", f"int {c}_decode(", f"size_t {c}_size(", f"void {c}_free("):
                assert fn in header, f"{fn} not declared"


def test_golden_files_belong_to_a_construct():
    """Every file under golden/ is one that test_plan or test_generated_text compares: a
    construct renamed or removed leaves none behind (--refresh deletes them)."""
    present = {p for p in GOLDEN.rglob("*") if p.is_file()}
    stale = sorted(str(p.relative_to(GOLDEN)) for p in present - expected_golden_paths())
    assert not stale, f"golden files of no construct: {stale} (run {Path(__file__).name} --refresh)"


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("construct", CONSTRUCTS)
def test_roundtrip(construct, tmp_path_factory):
    harness = constructs_harness(tmp_path_factory)
    from oracle.asn1_xdr import same_value
    from oracle.values import ValueGen
    checked = oracle_types(construct)
    failures = []
    for name in checked:
        t = oracle(construct).type(name)
        inputs = list(dict.fromkeys(t.encode(v) for v in ValueGen(zlib.crc32(name.encode())).values(t, 6)))
        for data, r in zip(inputs, run_many(harness, name, inputs, leak_sample=2)):
            if r.returncode != 0 or r.stdout != data or r.stderr:
                failures.append(f"{name} {data.hex()}: exit {r.returncode}, {r.stdout.hex()} "
                                f"{r.stderr.decode('utf-8', 'replace')[-800:]}")
            else:
                assert same_value(t.decode(r.stdout), t.decode(data))
    assert not failures, "\n".join(failures[:5])
    # the rest: the harness has each type, and its decoder refuses a truncated value cleanly
    for mp in compiled(construct).plans:
        for p in mp.named:
            if ".".join(p.name) not in checked:
                r = run_harness(harness, ".".join(p.name), b"\x00\x00")
                check_clean_exit(r, ".".join(p.name))
                assert r.returncode == 2 and r.stdout == b"", r.stderr


def refresh() -> None:
    """Write the golden files that differ from what ilpc makes now, and delete those of
    no construct (or no module of one)."""
    for construct in CONSTRUCTS:
        for path, text in golden_files(construct).items():
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.is_file() or path.read_text() != text:
                path.write_text(text)
                print(f"wrote {path.relative_to(ROOT)}")
    expected = expected_golden_paths()
    for path in sorted(GOLDEN.rglob("*"), reverse=True):
        if path.is_file() and path not in expected:
            path.unlink()
            print(f"deleted {path.relative_to(ROOT)}")
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


if __name__ == "__main__":
    if sys.argv[1:] != ["--refresh"]:
        sys.exit(f"usage: {sys.argv[0]} --refresh")
    refresh()
