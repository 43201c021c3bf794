"""Malformed XDR into ``ilpc-harness roundtrip`` (ASan + UBSan build), differentially
against the independent oracle (tests/oracle/asn1_xdr.py).

For every named type of every spec group, inputs are derived from a few valid
encodings: every truncation, targeted damage at the items the oracle's encoder traced
(booleans and presence flags, integers, enumerations, discriminants, lengths and
counts, bit counts, padding, unused bits, characters), trailing bytes, and seeded random
mutations.  For each input:

- the harness exits 0 or 2, never crashes or reports a sanitizer error, and says one
  line on stderr when it exits 2 (tests/conftest.py: check_clean_exit);
- it accepts exactly when the oracle accepts, and then gives the input back unchanged
  (the encoding is canonical).

Then the special cases: lengths far larger than the input (no huge allocation, by ASan's
max_allocation_size_mb), nesting 100000 deep (a clean exit 2, no stack overflow), and
failed decodes under valgrind (no leaks).
"""
from __future__ import annotations

import random
import shutil
import subprocess
import zlib

import pytest

from conftest import (
    SANITIZER_ENV, SPEC_GROUPS, check_clean_exit, encode_batch, harness_env, missing_specs, oracle_spec, run_harness,
    run_many, type_params,
)
from oracle.asn1_xdr import (
    INT32_MAX, INT32_MIN, UINT32_MAX, WIRE_RANGE, DecodeError, XdrType, pad4, size_bounds,
)
from oracle.values import ValueGen

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

# ilpc's documented default nesting limit for recursive types (runtime/ilpc_xdr.h); the
# oracle applies the same limit so that both sides judge deep inputs alike.
MAX_DEPTH = 64

N_BASE_VALUES = 4        # valid values each type's mutations start from
MAX_TRUNCATIONS = 16     # per type: every byte boundary of a small encoding, else a sample
MAX_TARGETED = 30        # per type
N_RANDOM = 12            # per type

INTERESTING_WORDS = [0, 1, 2, 3, 4, 0x7F, 0x80, 0xFF, 0x100, 0xFFFF, 0x10000, 0x7FFFFFFF, 0x80000000,
                     0xFFFFFFFE, 0xFFFFFFFF]


def be32(x: int) -> bytes:
    return (x & 0xFFFFFFFF).to_bytes(4, "big")


def put(data: bytes, offset: int, new: bytes) -> bytes:
    return data[:offset] + new + data[offset + len(new):]


def oracle_verdict(t: XdrType, data: bytes) -> tuple[bool, str]:
    try:
        t.decode(data, max_depth=MAX_DEPTH)
        return True, "ok"
    except DecodeError as e:
        return False, e.reason


# ---------------------------------------------------------------- mutations


def _outside_ints(node) -> list[int]:
    """Values of the node's wire type that its constraint does not admit."""
    lo_w, hi_w = WIRE_RANGE[node.wire]
    out = []
    for i, (lo, hi) in enumerate(node.values):
        out += [lo - 1, hi + 1]
    out += [lo_w, hi_w, lo_w + 1, hi_w - 1]
    return [x for x in out if lo_w <= x <= hi_w and not any(a <= x <= b for a, b in node.values)]


def _int_bytes(wire: str, x: int) -> bytes:
    return (x & (2**64 - 1)).to_bytes(8, "big") if wire in ("hyper", "uhyper") else be32(x)


def targeted(data: bytes, trace: list[dict]) -> list[tuple[str, bytes]]:
    """Damage aimed at each traced item of one valid encoding."""
    out: list[tuple[str, bytes]] = []
    for ev in trace:
        k, at = ev["kind"], ev["offset"]
        where = f"{k}@{at}"
        if k == "bool":
            for w in (2, 0xFFFFFFFF, 0x100, 0x01000000):
                out.append((f"{where}={w:#x}", put(data, at, be32(w))))
            cur = int.from_bytes(data[at:at + 4], "big")
            out.append((f"{where} flipped", put(data, at, be32(1 - cur if cur in (0, 1) else 0))))
        elif k == "int":
            node = ev["node"]
            for x in _outside_ints(node):
                out.append((f"{where}={x}", put(data, at, _int_bytes(node.wire, x))))
        elif k == "enum":
            nums = sorted(ev["node"].by_number)
            bad = {nums[-1] + 1, nums[0] - 1, INT32_MAX, INT32_MIN, -1}
            bad |= {n + 1 for n in nums} | {n - 1 for n in nums}
            for x in sorted(b for b in bad if INT32_MIN <= b <= INT32_MAX and b not in ev["node"].by_number)[:6]:
                out.append((f"{where}={x}", put(data, at, be32(x))))
        elif k == "disc":
            for x in (ev["n"], ev["n"] + 1, -1, INT32_MIN, INT32_MAX, ev["n"] - 1):
                out.append((f"{where}={x}", put(data, at, be32(x))))
        elif k in ("length", "count", "bits", "bitbytes"):
            cur = ev.get("length", ev.get("nbits"))
            node = ev["node"]
            lo, hi = size_bounds(node.sizes) if k != "bitbytes" else (0, None)
            cands = {cur + 1, cur - 1, cur + 4, cur + 8, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000,
                     len(data) - at, len(data) - at + 1}
            if hi is not None:
                cands |= {hi + 1, hi + 4}
            if lo > 0:
                cands.add(lo - 1)
            for x in sorted(c for c in cands if 0 <= c <= UINT32_MAX and c != cur):
                out.append((f"{where}={x:#x}", put(data, at, be32(x))))
        elif k in ("data", "chars", "bitdata"):
            n = ev.get("length", (ev.get("nbits", 0) + 7) // 8)
            for p in range(at + n, at + pad4(n)):  # non-zero padding
                out.append((f"pad@{p}", put(data, p, b"\x01")))
            if k == "bitdata" and ev["nbits"] % 8:  # a non-zero unused bit
                last = at + n - 1
                out.append((f"unused-bit@{last}", put(data, last, bytes([data[last] | 1]))))
            if k == "chars" and n:
                for b in (0x80, 0xFF, 0x00, 0x7F, 0x2A, 0x7B, 0xC3, 0xE2):
                    out.append((f"char@{at}={b:#x}", put(data, at, bytes([b]))))
                    out.append((f"char@{at + n - 1}={b:#x}", put(data, at + n - 1, bytes([b]))))
    return out


def truncations(data: bytes, rng: random.Random) -> list[tuple[str, bytes]]:
    cuts = list(range(len(data)))
    if len(cuts) > MAX_TRUNCATIONS:
        aligned = [c for c in cuts if c % 4 == 0]
        cuts = sorted(set(aligned[:MAX_TRUNCATIONS // 2]
                          + rng.sample(cuts, MAX_TRUNCATIONS - min(len(aligned), MAX_TRUNCATIONS // 2))))
    return [(f"truncated@{c}", data[:c]) for c in cuts]


def trailing(data: bytes) -> list[tuple[str, bytes]]:
    return [("trailing+1", data + b"\x00"), ("trailing+4", data + b"\x00" * 4),
            ("trailing+copy", data + data if data else b"\x00\x00\x00\x01")]


def random_mutations(data: bytes, rng: random.Random, n: int) -> list[tuple[str, bytes]]:
    out = []
    for i in range(n):
        d = bytearray(data)
        op = rng.randrange(6)
        if op == 0 and d:  # random byte
            p = rng.randrange(len(d))
            d[p] = rng.randrange(256)
        elif op == 1 and len(d) >= 4:  # an aligned word set to an interesting value
            p = rng.randrange(len(d) // 4) * 4
            d[p:p + 4] = be32(rng.choice(INTERESTING_WORDS))
        elif op == 2 and len(d) >= 4:  # drop a word
            p = rng.randrange(len(d) // 4) * 4
            del d[p:p + 4]
        elif op == 3:  # insert a word
            p = rng.randrange(len(d) // 4 + 1) * 4
            d[p:p] = be32(rng.choice(INTERESTING_WORDS))
        elif op == 4 and d:  # flip bits
            for _ in range(rng.randint(1, 3)):
                p = rng.randrange(len(d))
                d[p] ^= 1 << rng.randrange(8)
        elif len(d) >= 8:  # swap two words
            a, b = sorted(rng.sample(range(len(d) // 4), 2))
            d[4 * a:4 * a + 4], d[4 * b:4 * b + 4] = d[4 * b:4 * b + 4], d[4 * a:4 * a + 4]
        else:
            d += bytes([rng.randrange(256)])
        out.append((f"random#{i}", bytes(d)))
    return out


def malformed_inputs(t: XdrType, seed: int) -> list[tuple[str, bytes]]:
    rng = random.Random(seed)
    gen = ValueGen(seed, cap=8, max_depth=3)
    encodings = sorted({t.encode(v) for v in gen.values(t, 3 * N_BASE_VALUES)}, key=lambda e: (len(e), e))
    # Spread over the sizes: the smallest, the largest and some in between.
    picks = [round(i * (len(encodings) - 1) / max(1, N_BASE_VALUES - 1)) for i in range(N_BASE_VALUES)]
    base = list(dict.fromkeys(encodings[i] for i in picks))
    small = next((e for e in encodings if len(e) >= 8), encodings[-1])
    cases: list[tuple[str, bytes]] = []
    cases += truncations(small, rng)
    tgt = []
    for data in base:
        _, trace = t.encode_traced(t.decode(data))
        tgt += targeted(data, trace)
    if len(tgt) > MAX_TARGETED:
        tgt = rng.sample(tgt, MAX_TARGETED)
    cases += tgt
    cases += trailing(base[0])
    for data in base:
        cases += random_mutations(data, rng, N_RANDOM // len(base))
    seen, out = set(), []
    for label, data in cases:
        if data not in seen and data not in base:
            seen.add(data)
            out.append((label, data))
    return out


# ---------------------------------------------------------------- the differential test


@pytest.mark.parametrize("group,type_name", type_params())
def test_malformed_differential(ilpc_build, group, type_name):
    if type_name.startswith("!"):
        pytest.fail(f"asn1tools cannot parse {group}: {type_name[1:]}")
    t = oracle_spec(group).type(type_name)
    harness = ilpc_build(group, "asan")
    cases = malformed_inputs(t, zlib.crc32(type_name.encode()))
    results = run_many(harness, type_name, [d for _, d in cases], leak_sample=16)
    problems = []
    for (label, data), r in zip(cases, results):
        try:
            check_clean_exit(r, f"{type_name} {label}")
        except AssertionError as e:
            problems.append(f"[crash] {label} in={data.hex()[:200]}\n{str(e)[:2000]}")
            continue
        ok, reason = oracle_verdict(t, data)
        err = r.stderr.decode("utf-8", "replace").strip()
        if ok and r.returncode != 0:
            problems.append(f"[ilpc rejects valid] {label} in={data.hex()[:200]} ilpc: {err}")
        elif not ok and r.returncode == 0:
            problems.append(f"[ilpc accepts invalid: {reason}] {label} in={data.hex()[:200]} "
                            f"out={r.stdout.hex()[:200]}")
        elif ok and r.stdout != data:
            problems.append(f"[not canonical] {label} in={data.hex()[:200]} out={r.stdout.hex()[:200]}")
    assert not problems, (f"{len(problems)} of {len(cases)} malformed inputs of {type_name} ({group}) "
                          f"went wrong:\n" + "\n".join(problems[:6]))


# ---------------------------------------------------------------- huge lengths


def _huge_length_cases(t: XdrType) -> list[tuple[str, bytes]]:
    """Every length/count word of a few valid encodings set far beyond the input."""
    out = []
    for v in ValueGen(1, cap=4, max_depth=2).values(t, 4):
        data, trace = t.encode_traced(v)
        for ev in trace:
            if ev["kind"] in ("length", "count", "bits", "bitbytes"):
                for x in (0xFFFFFFFF, 0xFFFFFFF0, 0x7FFFFFFF, 0x40000000, 0x04000000, 0x01000000):
                    out.append((f"{ev['kind']}@{ev['offset']}={x:#x}", put(data, ev["offset"], be32(x))))
    return list({d: (label, d) for label, d in out}.values())[:24]


# No single allocation above this, for inputs of a few hundred bytes (ASan reports it).
MAX_ALLOCATION_MB = 256


@pytest.mark.parametrize("group", [g for g in SPEC_GROUPS])
def test_huge_lengths_do_not_allocate(ilpc_build, group):
    """A length or count far beyond the input must fail before allocation.  ASan is
    told that no allocation may exceed MAX_ALLOCATION_MB (max_allocation_size_mb; it
    reports a larger request as an error, a non-2 exit), and the harness must not fail
    with ILPC_E_NOMEM ('out of memory') either: it exits 2, or 0 exactly when the
    oracle accepts."""
    if missing_specs(group):
        pytest.skip(missing_specs(group))
    harness = ilpc_build(group, "asan")
    spec = oracle_spec(group)
    env = {"ASAN_OPTIONS": SANITIZER_ENV["ASAN_OPTIONS"].replace("max_allocation_size_mb=1024",
                                                                  f"max_allocation_size_mb={MAX_ALLOCATION_MB}")}
    assert env["ASAN_OPTIONS"] != SANITIZER_ENV["ASAN_OPTIONS"]
    problems = []
    for name in spec.type_names():
        t = spec.type(name)
        cases = _huge_length_cases(t)
        for (label, data), r in zip(cases, run_many(harness, name, [d for _, d in cases], env=env)):
            err = r.stderr.decode("utf-8", "replace").strip()
            ok, reason = oracle_verdict(t, data)
            try:
                check_clean_exit(r, f"{name} {label}")
            except AssertionError as e:
                problems.append(f"{name} {label} in={data.hex()[:120]}: {str(e)[:600]}")
                continue
            if "out of memory" in err or (r.returncode == 0) != ok:
                problems.append(f"{name} {label} in={data.hex()[:120]}: exit {r.returncode} {err[:300]} "
                                f"(oracle: {reason})")
    assert not problems, "\n".join(problems[:10])


# ---------------------------------------------------------------- deep nesting

DEEP = 100_000


def _deep_inputs() -> list[tuple[str, str, bytes]]:
    """(type, label, input): nesting DEEP levels through each kind of recursion of
    tests/specs/XdrRecursion.asn1."""
    w = be32
    return [
        # List: value, present=1, ... ; the last next is absent
        ("XdrRecursion.List", "list", (w(7) + w(1)) * DEEP + w(7) + w(0)),
        # Tree: label "" and one child each level; the innermost has no children
        ("XdrRecursion.Tree", "tree", (w(0) + w(1)) * DEEP + w(0) + w(0)),
        # Expr: neg(neg(...(num 1)))
        ("XdrRecursion.Expr", "expr-neg", w(1) * DEEP + w(0) + w(1)),
        # Expr: args [args [ ... ]]
        ("XdrRecursion.Expr", "expr-args", (w(3) + w(1)) * DEEP + w(3) + w(0)),
        # Json: arr [arr [ ... null ]]
        ("XdrRecursion.Json", "json-arr", (w(4) + w(1)) * DEEP + w(0)),
        # Ping/Pong alternately
        ("XdrRecursion.Ping", "ping-pong", (w(1) + w(1) + w(3) + w(1)) * (DEEP // 2) + w(1) + w(0)),
        # Link: more(head more(...end)) with each Chain's tag after its head
        ("XdrRecursion.Link", "link", w(1) * DEEP + w(0) + w(1) * DEEP),
        # and truncated: the same nesting with the end cut off
        ("XdrRecursion.List", "list-truncated", (w(7) + w(1)) * DEEP),
        ("XdrRecursion.Expr", "expr-truncated", w(1) * DEEP),
    ]


def _depth_ok_inputs(depth: int) -> list[tuple[str, str, bytes]]:
    w = be32
    return [
        ("XdrRecursion.List", "list", (w(7) + w(1)) * (depth - 1) + w(7) + w(0)),
        ("XdrRecursion.Expr", "expr-neg", w(1) * (depth - 1) + w(0) + w(1)),
        ("XdrRecursion.Tree", "tree", (w(0) + w(1)) * (depth - 1) + w(0) + w(0)),
    ]


@pytest.mark.parametrize("variant", ["asan", "plain"])
def test_deep_recursion_fails_cleanly(ilpc_build, variant):
    harness = ilpc_build("XdrRecursion", variant)
    spec = oracle_spec("XdrRecursion")
    problems = []
    for name, label, data in _deep_inputs():
        r = run_harness(harness, name, data, timeout=60)
        try:
            check_clean_exit(r, f"{name} {label}")
        except AssertionError as e:
            problems.append(f"{label}: {str(e)[:1500]}")
            continue
        if r.returncode != 2:
            problems.append(f"{label}: {DEEP} levels accepted (exit 0)")
        assert not spec.type(name).accepts(data, max_depth=MAX_DEPTH)
    assert not problems, "\n".join(problems)


def test_moderate_recursion_is_accepted(ilpc_build):
    """Nesting well inside the documented limit decodes, and round-trips."""
    harness = ilpc_build("XdrRecursion", "asan")
    spec = oracle_spec("XdrRecursion")
    for name, label, data in _depth_ok_inputs(MAX_DEPTH // 2):
        assert spec.type(name).accepts(data, max_depth=MAX_DEPTH), label
        r = run_harness(harness, name, data)
        check_clean_exit(r, f"{name} {label}")
        assert r.returncode == 0 and r.stdout == data, f"{label}: {r.stderr!r}"


# ---------------------------------------------------------------- leaks under valgrind

VALGRIND = shutil.which("valgrind")


def _valgrind_cases() -> list[tuple[str, str, str, bytes]]:
    """(group, type, label, input): decodes that fail after allocating something."""
    w = be32
    tree2 = w(1) + b"a\0\0\0" + w(2) + (w(1) + b"b\0\0\0" + w(0)) * 2  # a valid tree of 3
    return [
        ("XdrRecursion", "XdrRecursion.Tree", "tree-truncated", tree2[:-2]),
        ("XdrRecursion", "XdrRecursion.Tree", "tree-trailing", tree2 + w(0)),
        ("XdrRecursion", "XdrRecursion.Tree", "tree-bad-last-count", tree2[:-4] + w(5)),
        ("XdrRecursion", "XdrRecursion.List", "list-too-deep", (w(7) + w(1)) * 200 + w(7) + w(0)),
        ("XdrRecursion", "XdrRecursion.Json", "json-bad-inner-disc",
         w(4) + w(2) + w(3) + w(1) + b"x\0\0\0" + w(9)),
        ("XdrRecursion", "XdrRecursion.Json", "json-obj-key-too-long",
         w(5) + w(2) + w(1) + b"k\0\0\0" + w(0) + w(9) + b"123456789\0\0\0" + w(0)),
        ("XdrStructs", "XdrStructs.Names", "names-bad-char", w(3) + w(1) + b"a\0\0\0" + w(1) + b"b\0\0\0"
         + w(1) + b"\x80\0\0\0"),
        ("XdrStructs", "XdrStructs.OfAnonStruct", "anon-bad-flag",
         w(2) + w(1) + b"k\0\0\0" + w(1) + w(5) + w(1) + b"k\0\0\0" + w(2)),
        ("XdrStructs", "XdrStructs.Points", "points-truncated", w(3) + w(1) + w(2) + w(3)),
    ]


@pytest.mark.valgrind
@pytest.mark.skipif(VALGRIND is None, reason="valgrind is not installed")
@pytest.mark.parametrize("case", _valgrind_cases(), ids=lambda c: c[2])
def test_failed_decode_leaks_nothing_under_valgrind(ilpc_build, case):
    group, name, label, data = case
    harness = ilpc_build(group, "plain")
    spec = oracle_spec(group)
    assert not spec.type(name).accepts(data, max_depth=MAX_DEPTH), f"{label} should be malformed"
    r = run_harness(harness, name, data, timeout=120,
                    wrapper=[VALGRIND, "--quiet", "--error-exitcode=99", "--leak-check=full",
                             "--errors-for-leak-kinds=definite,indirect,possible", "--track-origins=no"])
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode == 2, f"{label}: exit {r.returncode}\n{err[-3000:]}"
    assert "ilpc-harness" in err and "definitely lost" not in err, err[-3000:]


# ---------------------------------------------------------------- the harness's batch


def _batch_streams() -> list[tuple[str, bytes]]:
    """Malformed command streams for ``ilpc-harness batch`` after one good command."""
    good = encode_batch([(["roundtrip", "XdrPrims.Int32Full"], be32(5))])
    arg = b"roundtrip"
    return [
        ("truncated-count", good + b"\0\0"),
        ("no-arguments", good + be32(0) + be32(0)),
        ("too-many-arguments", good + be32(257)),
        ("argument-past-the-end", good + be32(1) + be32(1000) + arg),
        ("argument-with-nul", good + be32(1) + be32(3) + b"a\0b" + be32(0)),
        ("no-input-length", good + be32(1) + be32(len(arg)) + arg),
        ("input-past-the-end", good + be32(1) + be32(len(arg)) + arg + be32(0xFFFFFFFF)),
        ("huge-count", good + be32(0xFFFFFFFF)),
    ]


@pytest.mark.parametrize("label,stream", _batch_streams(), ids=[c[0] for c in _batch_streams()])
def test_malformed_batch_stream_fails_cleanly(ilpc_build, label, stream):
    """A command stream the batch cannot read: exit 2 with its one-line message, after
    the results of the commands before it; never a crash, nothing leaked (ASan)."""
    harness = ilpc_build("XdrPrims", "asan")
    r = subprocess.run([str(harness), "batch"], input=stream, capture_output=True, timeout=60,
                       env=harness_env())
    check_clean_exit(r, f"batch {label}")
    assert r.returncode == 2 and b"malformed command stream" in r.stderr, r.stderr
    # the good command's result came out before the batch stopped
    assert r.stdout.startswith(be32(0) + be32(4) + be32(5) + be32(0)), r.stdout[:32].hex()
