"""The synthetic ILP generator (bench/synthetic/gen.py, after Ahlgren et al. 1996, docs/references.md):

* for a grid of small parameter sets, the generated integrated and sequential versions
  compile warning-free (-std=c11 -Wall -Wextra -Werror -pedantic) with gcc and clang and
  compute the same output and final state as each other and as the Python model;
* the result depends on every input: flipping one input bit changes the output or the
  final state (first word, last word and random positions, several parameter sets);
* the work is not optimised away: under valgrind the instructions executed by the
  synth_* functions grow with the instruction parameter (skipped without valgrind).
"""
from __future__ import annotations

import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SYN = ROOT / "bench" / "synthetic"
sys.path.insert(0, str(SYN))
import gen  # noqa: E402

CCS = [c for c in ("gcc", "clang") if shutil.which(c)]
FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]

pytestmark = pytest.mark.skipif(not CCS, reason="no gcc or clang")

# (id, params): sizes, word widths, expansion/compression, uneven state, minimal instructions.
GRID = [
    ("paper", gen.Params(n_funcs=3, instrs=10, state=2)),
    ("one-func", gen.Params(n_funcs=1, instrs=4, state=1)),
    ("minimal", gen.Params(n_funcs=3, instrs=(2, 4, 7), state=(1, 3, 6))),
    ("w64", gen.Params(n_funcs=2, instrs=12, state=3, word_bits=64, seed=7)),
    ("expand", gen.Params(n_funcs=3, instrs=9, state=2, in_block=1, out_block=3, seed=3)),
    ("compress", gen.Params(n_funcs=2, instrs=11, state=2, in_block=4, out_block=2, seed=4)),
    ("blocks", gen.Params(n_funcs=3, instrs=14, state=(4, 1, 2), blocks=(2, 3, 1, 2), seed=5)),
    ("spill", gen.Params(n_funcs=4, instrs=16, state=(9, 8, 7, 6), seed=6)),
    ("many-instrs", gen.Params(n_funcs=2, instrs=60, state=2, word_bits=64, seed=8)),
]
IDS = [g[0] for g in GRID]


def _cc(cmd: list[str]) -> None:
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode == 0, f"does not compile cleanly: {' '.join(cmd)}\n{p.stdout}"


def _compile(cc: str, params: gen.Params, out: Path, opt: str = "-O2") -> Path:
    d = out / "src"
    gen.generate(params).write(d)
    exe = out / f"harness-{cc}{opt}"
    _cc([cc, opt] + FLAGS + ["-I", str(d), str(SYN / "harness.c"), str(d / "synth.c"), "-o", str(exe)])
    return exe


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Every grid entry compiled with every compiler (in parallel)."""
    root = tmp_path_factory.mktemp("synth")
    jobs = {(name, cc): (cc, p, root / name / cc) for name, p in GRID for cc in CCS}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futs = {k: pool.submit(_compile, *v) for k, v in jobs.items()}
        return {k: f.result() for k, f in futs.items()}


def _check(exe: Path, params: gen.Params, data: list[int], state: list[int]) -> dict[str, list[int]]:
    nblocks = len(data) // params.blocks_list()[0]
    text = f"{nblocks}\n" + " ".join(f"{w:x}" for w in data) + "\n" + " ".join(f"{w:x}" for w in state) + "\n"
    p = subprocess.run([str(exe), "check"], input=text, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=30)
    assert p.returncode == 0, p.stderr
    res = {}
    for line in p.stdout.splitlines():
        key, _, vals = line.partition(":")
        res[key] = [int(v, 16) for v in vals.split()]
    return res


def _random_input(params: gen.Params, rng: random.Random, nblocks: int) -> tuple[list[int], list[int]]:
    bits = params.word_bits
    data = [rng.getrandbits(bits) for _ in range(nblocks * params.blocks_list()[0])]
    state = [rng.getrandbits(bits) for _ in range(params.aggregated_state)]
    return data, state


@pytest.mark.bench
@pytest.mark.cbuild
@pytest.mark.parametrize("cc", CCS)
@pytest.mark.parametrize("name", IDS)
def test_ilp_and_seq_agree_with_model(built, name, cc):
    params = dict(GRID)[name]
    rng = random.Random(f"agree-{name}")
    data, state = _random_input(params, rng, 37)
    res = _check(built[(name, cc)], params, data, state)
    ref_out, ref_state = gen.reference(params, data, state)
    assert res["ilp_out"] == res["seq_out"], "integrated and sequential outputs differ"
    assert res["ilp_state"] == res["seq_state"], "integrated and sequential final states differ"
    assert res["ilp_out"] == ref_out, "C output differs from the Python model"
    assert res["ilp_state"] == ref_state, "C final state differs from the Python model"
    assert len(ref_out) == 37 * params.blocks_list()[-1]


@pytest.mark.bench
@pytest.mark.cbuild
@pytest.mark.parametrize("name", ["paper", "expand", "compress", "blocks", "spill", "w64"])
def test_every_input_bit_matters(built, name):
    params = dict(GRID)[name]
    exe = built[(name, CCS[0])]
    rng = random.Random(f"flip-{name}")
    data, state = _random_input(params, rng, 16)
    base = _check(exe, params, data, state)
    words = len(data)
    positions = {0, words - 1} | {rng.randrange(words) for _ in range(4)}
    for pos in sorted(positions):
        for bit in (0, params.word_bits - 1, rng.randrange(params.word_bits)):
            flipped = list(data)
            flipped[pos] ^= 1 << bit
            res = _check(exe, params, flipped, state)
            assert res["ilp_out"] == res["seq_out"] and res["ilp_state"] == res["seq_state"]
            assert (res["ilp_out"], res["ilp_state"]) != (base["ilp_out"], base["ilp_state"]), \
                f"flipping bit {bit} of input word {pos} changes neither output nor state"
    # and the initial state of every function matters too (first and last state word)
    for j in {0, len(state) - 1}:
        st = list(state)
        st[j] ^= 1
        res = _check(exe, params, data, st)
        assert (res["ilp_out"], res["ilp_state"]) != (base["ilp_out"], base["ilp_state"])


def test_model_is_injective_per_block():
    """With equal block sizes every operation is invertible, so two different inputs never
    give the same (output, state): a quick property check on the Python model."""
    params = gen.Params(n_funcs=3, instrs=(5, 9, 13), state=(1, 2, 4), seed=11)
    rng = random.Random(0)
    seen = {}
    for _ in range(300):
        data, state = _random_input(params, rng, 2)
        data = [w & 0x3 for w in data]           # small domain: collisions would show
        key = tuple(data)
        out = gen.reference(params, data, [1] * params.aggregated_state)
        assert seen.setdefault(key, out) == out
    assert len({tuple(map(tuple, v)) for v in seen.values()}) == len(seen)


def test_generator_rules():
    """The op list has the requested length, a fixed kind mix, no foldable pairs, and
    rejects parameters that cannot touch every state word every block."""
    for _, p in GRID:
        for f, n in zip(gen.build(p), p.instrs_list()):
            assert len(f.ops) == n
            last = {}
            for op in f.ops:
                prev = last.get(op.dst)
                if prev and op.kind in gen.UNARY:
                    assert prev.kind != op.kind, "two rotates or multiplies in a row fold into one"
                last[op.dst] = op
            assert {f"s{j}" for j in range(f.state)} <= {op.dst for op in f.ops}, "a state word is never updated"
    with pytest.raises(ValueError):
        gen.Params(n_funcs=2, instrs=4, state=4).validate()
    with pytest.raises(ValueError):
        gen.Params(n_funcs=2, instrs=(4,), state=1).validate()
    # deterministic
    p = gen.Params(n_funcs=3, instrs=20, state=3, seed=42)
    assert gen.generate(p).source == gen.generate(p).source
    assert gen.generate(p).source != gen.generate(gen.Params(n_funcs=3, instrs=20, state=3, seed=43)).source


def test_cli(tmp_path):
    p = subprocess.run([sys.executable, str(SYN / "gen.py"), "--funcs", "2", "--instrs", "8", "--state", "3",
                        "-o", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.returncode == 0, p.stderr
    assert "synth_ilp" in (tmp_path / "synth.c").read_text()
    assert "#define SYNTH_NFUNCS 2" in (tmp_path / "synth.h").read_text()
    p = subprocess.run([sys.executable, str(SYN / "gen.py"), "--funcs", "2", "--instrs", "3", "--state", "3"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.returncode == 2 and "instructions" in p.stderr


# ----------------------------------------------------------------- work not optimised away
def _synth_ir(exe: Path, which: str, tmp: Path, nblocks: int = 256, passes: int = 4) -> float:
    """Instructions executed inside the synth_* functions per block (valgrind)."""
    out = tmp / f"cg.{exe.parent.name}.{exe.name}.{which}"
    subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
                    str(exe), "once", which, str(nblocks), str(passes)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=120)
    total, fn = 0, ""
    for line in out.read_text().splitlines():
        if line.startswith("fn="):
            fn = line[3:]
        elif line[:1].isdigit() and fn.startswith("synth_"):
            total += int(line.split()[1])
    return total / (nblocks * passes)


@pytest.mark.bench
@pytest.mark.cbuild
@pytest.mark.valgrind
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind not installed")
@pytest.mark.parametrize("cc", CCS)
def test_work_scales_with_instruction_parameter(cc, tmp_path):
    """Doubling the arithmetic instructions per function roughly doubles what the CPU
    executes per block, in both versions: the compiler keeps the work."""
    n, state = 3, 2
    sizes = (20, 40)
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        exes = dict(zip(sizes, pool.map(lambda i: _compile(cc, gen.Params(n_funcs=n, instrs=i, state=state),
                                                           tmp_path / f"i{i}"), sizes)))
        futs = {(i, w): pool.submit(_synth_ir, exes[i], w, tmp_path) for i in sizes for w in ("ilp", "seq")}
        counts = {k: f.result() for k, f in futs.items()}
    for which in ("ilp", "seq"):
        lo, hi = counts[(20, which)], counts[(40, which)]
        # at least the generated arithmetic is executed ...
        assert lo >= n * 20 and hi >= n * 40, (which, lo, hi)
        # ... and doubling adds about n*20 more instructions per block (>= 80% of them)
        assert hi - lo >= 0.8 * n * 20, (which, lo, hi)
