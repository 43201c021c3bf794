"""The fuzz targets of tests/fuzz/ (docs/fuzzing.md), briefly, as part of the suite.

For each target (specs: the ilpc_fuzz.c ilpc generates; aead; tcp; wire): build it with
clang, libFuzzer, ASan and UBSan (tests/fuzz/run.py), replay its seeds (tests/fuzz/corpus/)
and every input that ever made it fail (tests/fuzz/regressions/), then fuzz it for
ILPC_FUZZ_SECONDS seconds (default 6) and require no finding.  The one-encoding builds of
specs (ber, cer, der: the same checks, for long runs) are built and replayed only.
Skipped, with the reason, where clang cannot link libFuzzer.  Longer runs:
python tests/fuzz/run.py --seconds N.

Also: make fuzz says in one line what is missing, and fails, without the compiler.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tests" / "fuzz"))
import run as fuzzrun  # noqa: E402

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

SECONDS = float(os.environ.get("ILPC_FUZZ_SECONDS", "6"))


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory):
    why = fuzzrun.missing_toolchain()
    if why:
        pytest.skip(why)
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.fuzz
@pytest.mark.parametrize("target", [t for t in fuzzrun.TARGETS if t not in fuzzrun.ONE_ENCODING])
def test_fuzz_target(target, build_dir):
    exe = fuzzrun.build(target, build_dir)
    r = fuzzrun.replay(exe, target)
    assert r.returncode == 0, f"a seed or regression input of {target} fails:\n{r.stderr[-4000:]}"
    res = fuzzrun.fuzz(exe, target, SECONDS, build_dir, keep=False)
    assert not res["findings"], f"{target}: {res['findings']}: see {build_dir}/findings/"
    assert res["execs"] > 0 and res["cov"] > 0, res


@pytest.mark.fuzz
@pytest.mark.parametrize("target", fuzzrun.ONE_ENCODING)
def test_one_encoding_target_replays(target, build_dir):
    exe = fuzzrun.build(target, build_dir)
    r = fuzzrun.replay(exe, target)
    assert r.returncode == 0, f"a seed or regression input of {target} fails:\n{r.stderr[-4000:]}"
    inputs = [f for d in fuzzrun.inputs_dirs(target) for f in d.iterdir() if f.is_file()]
    ran = [line for line in r.stderr.splitlines() if line.startswith("Executed ")]
    assert inputs and len(ran) == len(inputs), r.stderr[-2000:]


def test_make_fuzz_without_the_compiler(tmp_path):
    from ilpc.driver import compile_specs
    spec = tmp_path / "M.asn1"
    spec.write_text("M DEFINITIONS ::= BEGIN\nT ::= SEQUENCE OF NULL\nEND\n")
    compile_specs([str(spec)], str(tmp_path / "out"))
    r = subprocess.run(["make", "-s", "-C", str(tmp_path / "out"), "fuzz", "FUZZ_CC=no-such-clang"],
                       capture_output=True, text=True)
    assert r.returncode != 0
    first = r.stderr.splitlines()[0]
    assert first.startswith("make fuzz: no-such-clang not found"), r.stderr
