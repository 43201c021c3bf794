"""ilpc's XDR against rpcgen's: ``ilpc --emit x`` -> rpcgen -> libtirpc.

For every spec group, the .x file ilpc writes is fed to rpcgen (``-h`` and ``-c``) and a
small driver (tests/oracle/rpcgen.py) round-trips values through the generated
``xdr_<Type>`` routines.  For every named type rpcgen can express, seeded random valid
values are encoded by the independent oracle; rpcgen must decode and re-encode them to
the same bytes, and so must ilpc's harness: three implementations, one wire format.

rpcgen enforces no ASN.1 ranges or alphabets, so only valid values are used here.
Types rpcgen cannot handle are skipped with the reason (see RpcgenDriver.skipped);
the checks of the .x file itself come first.
"""
from __future__ import annotations

import re
import subprocess
import zlib

import pytest

from conftest import ROOT, SPEC_GROUPS, ilpc_command, missing_specs, oracle_spec, run_many, spec_paths, type_params
from oracle.asn1_xdr import has_no_data, same_value
from oracle.rpcgen import RpcgenDriver, RpcgenError, have_rpcgen, is_self_typedef, split_definitions
from oracle.values import ValueGen

N_VALUES = 50

pytestmark = pytest.mark.skipif(have_rpcgen() is not None, reason=str(have_rpcgen()))


def _stem(group: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", spec_paths(group)[0].stem) or "spec"


@pytest.fixture(scope="session")
def x_file(tmp_path_factory):
    """x_file(group) -> Path of the .x file ``ilpc --emit x`` writes (cached)."""
    cache: dict[str, object] = {}

    def get(group: str):
        reason = missing_specs(group)
        if reason:
            pytest.skip(reason)
        if group not in cache:
            out = tmp_path_factory.mktemp(f"x-{group}")
            r = subprocess.run(ilpc_command() + ["--emit", "x"] + [str(p) for p in spec_paths(group)]
                               + ["-o", str(out)], capture_output=True, text=True, cwd=ROOT)
            path = out / f"{_stem(group)}.x"
            if r.returncode != 0 or not path.is_file():
                cache[group] = f"ilpc --emit x failed on {group} (exit {r.returncode}):\n{r.stderr[-3000:]}"
            else:
                cache[group] = path
        res = cache[group]
        if isinstance(res, str):
            pytest.fail(res, pytrace=False)
        return res

    return get


@pytest.fixture(scope="session")
def rpcgen_driver(tmp_path_factory, x_file):
    """rpcgen_driver(group) -> RpcgenDriver for the group's .x (cached)."""
    cache: dict[str, object] = {}

    def get(group: str) -> RpcgenDriver:
        x = x_file(group)
        if group not in cache:
            try:
                cache[group] = RpcgenDriver.build(x, tmp_path_factory.mktemp(f"rpcgen-{group}"))
            except RpcgenError as e:
                cache[group] = f"rpcgen on ilpc's {x.name}: {e}"
        res = cache[group]
        if isinstance(res, str):
            pytest.fail(res, pytrace=False)
        return res

    return get


# ---------------------------------------------------------------- the .x file itself


@pytest.mark.parametrize("group", list(SPEC_GROUPS))
def test_x_file_defines_every_type_once(x_file, group):
    """Every named type with XDR data has exactly one definition named Module_Type, and
    no definition is a typedef of itself (rpcgen loops forever on 'typedef A A;')."""
    defs, _ = split_definitions(x_file(group).read_text())
    names = [d.name for d in defs]
    dupes = sorted({n for n in names if names.count(n) > 1})
    assert not dupes, f"defined more than once: {dupes}"
    selfref = [d.text for d in defs if is_self_typedef(d)]
    assert not selfref, (f"{len(selfref)} self-referential typedefs (an INTEGER/BOOLEAN/REAL type should be "
                         f"e.g. 'typedef int X;'), first: {selfref[:3]}")
    spec = oracle_spec(group)
    missing = [t.c_name for t in map(spec.type, spec.type_names())
               if not has_no_data(t.node) and t.c_name not in names]
    assert not missing, f"no .x definition for {missing}"


@pytest.mark.cbuild
@pytest.mark.peers
@pytest.mark.parametrize("group", list(SPEC_GROUPS))
def test_rpcgen_accepts_x_file(rpcgen_driver, group):
    """rpcgen and the C compiler accept ilpc's .x, except for rpcgen's own limitation:
    recursion it cannot lay out in C (a by-value recursion through a union arm or a
    struct member, or mutual recursion through typedefs), and what uses such types."""
    d = rpcgen_driver(group)
    unexpected = {n: r for n, r in d.skipped.items() if not r.startswith(("LIMITATION", "uses "))}
    assert not unexpected, "rpcgen cannot handle:\n" + "\n".join(f"  {n}: {r}" for n, r in unexpected.items())


# ---------------------------------------------------------------- values through three codecs


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.peers
@pytest.mark.parametrize("group,type_name", type_params())
def test_rpcgen_and_ilpc_agree_with_oracle(rpcgen_driver, ilpc_build, group, type_name):
    if type_name.startswith("!"):
        pytest.fail(f"asn1tools cannot parse {group}: {type_name[1:]}")
    t = oracle_spec(group).type(type_name)
    d = rpcgen_driver(group)
    if t.c_name in d.skipped:
        pytest.skip(f"rpcgen cannot express {t.c_name}: {d.skipped[t.c_name]}")
    if t.c_name not in d.types:
        if has_no_data(t.node):
            pytest.skip("no XDR data (NULL, empty SEQUENCE...): the XDR language has no type for it")
        pytest.fail(f"rpcgen generated no xdr_{t.c_name}")
    # rpcgen holds a string as a C string: no NUL characters in its values.
    values = ValueGen(zlib.crc32(type_name.encode()), exclude_chars=frozenset({0})).values(t, N_VALUES)
    cases: dict[bytes, object] = {}
    for v in values:
        cases.setdefault(t.encode(v), v)
    inputs = list(cases)
    rpc = d.roundtrip(t.c_name, inputs)
    harness = ilpc_build(group, "asan")  # the build test_xdr_oracle uses; no leak scans here
    ilpc = run_many(harness, type_name, inputs, leak_sample=0)
    problems = []
    for data, (status, out), r in zip(inputs, rpc, ilpc):
        v = cases[data]
        if status != 0 or out != data:
            problems.append(f"rpcgen: value {v!r}\n  in  {data.hex()[:200]}\n  out {out.hex()[:200]} "
                            f"(status {status}: {['ok', 'decode failed', 'input left over', 'encode failed'][status]})")
        if r.returncode != 0 or r.stdout != data:
            problems.append(f"ilpc: value {v!r}\n  in  {data.hex()[:200]}\n  out {r.stdout.hex()[:200]} "
                            f"exit {r.returncode} {r.stderr.decode(errors='replace').strip()[:300]}")
        assert same_value(t.decode(data), v)
    assert not problems, f"{len(problems)} disagreements on {type_name}:\n" + "\n".join(problems[:4])
