"""The ILP back end, end to end through ``ilpc-harness seal`` / ``open``
(docs/ilp.md: Wire format, The conformance harness).

Every property is checked against an independent Python model (``tests/ilp_model.py``:
the message format, the five ciphers from docs/ciphers.md, the RFC 1071 checksum) and
XDR inputs come from the independent oracle (``tests/oracle``):

* for every named type of every spec group, random valid values, every cipher, random
  keys, stream offsets, ring sizes and start offsets (wrapping near the end) and
  segment sizes: the ILP bytes == the tiled bytes == the layered bytes == the model;
  the printed sum and every segment's sum == the model's checksum; ``open`` (fused,
  tiled, layered, and the stream variant over two spans) gives back the XDR;
* the file transfer Reply at every data length mod 8, 0..40, samples up to 5000 and
  64 KiB, and a message wrapped in the ring at every byte offset;
* the tiled strategy across tile boundaries: messages of several tiles, the ring
  wrapping at and around the first bytes of a tile, segments that do not divide the
  tile, and (in the --ilp-calls build) tiles of 64 bytes under every type;
* any single corrupted byte of a sealed message, or a wrong checksum, makes the fused
  receive path reject it (exit 2, nothing leaked: the harness runs under ASan+UBSan with
  leak detection), and the tiled one at a sample of the bytes;
* malformed payloads: fused, tiled and layered receive agree, never crash;
* the --ilp-calls variant, a clang build, and a valgrind run.

The sanitized builds are of the compact form; the per-cipher bodies are built -O1
without sanitizers and run every type, the Reply sizes and the ring wraps (PER_CIPHER).

Values the plain XDR decoder rejects (a bug there, reported by test_xdr_oracle.py) are
skipped here: they cannot reach the send path.
"""
from __future__ import annotations

import os
import random
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path
from typing import Optional

import pytest

from conftest import (
    BUILD_VARIANTS, ROOT, SANITIZE_CFLAGS, SANITIZER_ENV, SPEC_GROUPS, BuildError, build_group, build_paths,
    group_harness, harness_env, ilpc_command, libcrypto_flags, make_harness, missing_specs, oracle_spec, run_batch, run_by, run_dir,
    shared_build, type_params,
)
import ilp_model as model

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

# the unit ciphers' messages; the authenticated ciphers' records are tests/test_aead.py's
CIPHERS = [c for c in model.CIPHERS if c not in model.AEADS]
# Spec groups of this file only (kept out of conftest's SPEC_GROUPS so that other
# test files' parametrisation does not change).
ILP_GROUPS = {"IlpShapes": ["tests/specs/IlpShapes.asn1"]}
WORKERS = max(2, os.cpu_count() or 2)


# ------------------------------------------------------------------ building

def _build(tmp_path_factory, group: str, variant: str, extra_ilpc: tuple, make_vars: tuple) -> Path:
    """Compile a spec group with ilpc and build its harness (once per run, shared by the
    xdist workers)."""
    paths = [str(p) for p in build_paths(group)] if group in SPEC_GROUPS else ILP_GROUPS[group]
    if group in SPEC_GROUPS and not extra_ilpc and not make_vars:
        # the build the XDR tests use too (conftest.group_harness: --pdu all)
        return group_harness(tmp_path_factory, group, variant)
    reason = missing_specs(group) if group in SPEC_GROUPS else None
    if reason:
        pytest.skip(reason)
    key = ("ilp-" + "-".join([build_group(group), variant, *[x.strip("-") for x in extra_ilpc]])
           + (f"-{zlib.crc32(repr(make_vars).encode()):08x}" if make_vars else ""))

    def make(out: Path) -> Path:
        if out.exists():
            shutil.rmtree(out)
        # every type a message type: the tests send and receive each of them
        r = subprocess.run(ilpc_command() + [str(ROOT / p) for p in paths] + ["-o", str(out), "--pdu", "all",
                                                                              *extra_ilpc],
                           capture_output=True, text=True, cwd=ROOT)
        if r.returncode != 0:
            raise BuildError(f"ilpc failed on {group}:\n{r.stderr[-3000:]}")
        r = make_harness(out, [f"-j{WORKERS}", *BUILD_VARIANTS[variant], *make_vars],
                         run_dir(tmp_path_factory) / "runtime-objects")
        if r.returncode != 0:
            raise BuildError(f"make failed on {group} ({variant}):\n{(r.stdout + r.stderr)[-4000:]}")
        return out / "ilpc-harness"

    try:
        return shared_build(tmp_path_factory, key, make)
    except BuildError as e:
        pytest.fail(str(e), pytrace=False)


# Sanitizer builds use the generated code's compact form (one instantiation of each
# body for every cipher, see ILPC_ILP_COMPACT), as the runtime's own default under ASan
# is: the per-cipher bodies are the same templates and the same bulk loops (ilpc_ilp.c
# instantiates those once per cipher, sanitized, in the compact form), with the cipher's
# stage inlined, and a per-cipher ASan build costs several times the compile (97 s of
# CPU for IlpShapes, over a minute and 1 GB for XdrStructs).  The per-cipher bodies
# themselves are built without sanitizers ("plain", -O1) for the groups that hold every
# kind of item (the file transfer spec and IlpShapes): every type and every cipher
# through them, byte for byte against the model, and under valgrind (test_valgrind).
PER_CIPHER = ("CPPFLAGS=-DILPC_ILP_COMPACT=0",)
PER_CIPHER_GROUPS = ("filetransfer", "IlpShapes")


@pytest.fixture(scope="session")
def build(tmp_path_factory):
    def b(group: str, variant: str = "asan", extra_ilpc: tuple = (), make_vars: Optional[tuple] = None) -> Path:
        if make_vars is None:
            make_vars = PER_CIPHER if group in PER_CIPHER_GROUPS and variant == "plain" else ()
        return _build(tmp_path_factory, group, variant, extra_ilpc, make_vars)
    return b


def both_forms(build, group: str) -> list[Path]:
    """The harnesses a test of GROUP runs: the sanitized (compact) one, and the
    per-cipher one for PER_CIPHER_GROUPS."""
    return [build(group)] + ([build(group, "plain")] if group in PER_CIPHER_GROUPS else [])


_ILP_ORACLES: dict[str, object] = {}


def oracle(group: str):
    if group in ILP_GROUPS:
        from oracle.asn1_xdr import XdrSpec
        if group not in _ILP_ORACLES:
            _ILP_ORACLES[group] = XdrSpec([str(ROOT / p) for p in ILP_GROUPS[group]])
        return _ILP_ORACLES[group]
    return oracle_spec(group)


def all_type_params():
    out = type_params(list(SPEC_GROUPS))
    for g in ILP_GROUPS:
        out += [pytest.param(g, n, id=f"{g}:{n}") for n in oracle(g).type_names()]
    return out


# ------------------------------------------------------------------ running

def run(harness: Path, args: list[str], data: bytes, timeout: float = 120,
        wrapper: Optional[list[str]] = None) -> subprocess.CompletedProcess:
    return subprocess.run((wrapper or []) + [str(harness), *args], input=data, capture_output=True,
                          timeout=timeout, env=harness_env())


# The commands of a batch that run LeakSanitizer's check at their exit: the first and
# every Nth after it (the check costs about as much as a short command: about a fifth of
# these two files' CPU).  The tests of rejected input check every command: nothing may
# leak on the way out of a failed receive.
LEAK_CHECK_EVERY = int(os.environ.get("ILPC_TEST_LEAK_CHECK_EVERY", "8"))


def run_all(jobs: list[tuple], timeout: float = 120, wrapper: Optional[list[str]] = None,
            leak_check_every: int = LEAK_CHECK_EVERY) -> list[subprocess.CompletedProcess]:
    """jobs: (harness, args, data) triples; each as ``run`` runs it (a process of its
    own to the commands: sanitizer reports and leak check, the latter for the commands
    LEAK_CHECK_EVERY picks), through conftest's run_batch, one batch per harness."""
    return run_by(jobs, lambda j: j[0],
                  lambda h, js: run_batch(h, [(args, data) for _, args, data in js], timeout=timeout, wrapper=wrapper,
                                          leak_check_every=leak_check_every))


def no_crash(r: subprocess.CompletedProcess, what: str) -> str:
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode in (0, 2), f"{what}: exit {r.returncode}\n{err[-3000:]}"
    for marker in ("runtime error", "AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer"):
        assert marker not in err, f"{what}: sanitizer report\n{err[-3000:]}"
    return err


def stderr_fields(err: str) -> dict[str, str]:
    out = {}
    for line in err.splitlines():
        if "=" in line and " " not in line:
            k, v = line.split("=", 1)
            out[k] = v
    return out


def msg_len(xdr: bytes) -> int:
    return (len(xdr) + 4 + 7) // 8 * 8


def random_key(rng: random.Random, cipher: str) -> bytes:
    if cipher == "none":
        return b""
    if cipher == "chacha20":
        return bytes(rng.getrandbits(8) for _ in range(rng.choice([32, 44, 48])))
    if rng.random() < 0.15:
        return b""  # the default all-zero key
    return bytes(rng.getrandbits(8) for _ in range(8))


def key_args(key: bytes) -> list[str]:
    return ["--key", key.hex()] if key else []


class Case:
    """One seal: a value's XDR, a cipher and key, and the ring/segment geometry."""

    def __init__(self, xdr: bytes, cipher: str, key: bytes, stream_off: int, ring_size: int,
                 ring_offset: int, seg_payload: int):
        self.xdr, self.cipher, self.key = xdr, cipher, key
        self.stream_off, self.ring_size, self.ring_offset, self.seg_payload = \
            stream_off, ring_size, ring_offset, seg_payload
        self.msg = model.message(xdr, cipher, key or None, stream_off)

    @classmethod
    def random(cls, rng: random.Random, xdr: bytes, cipher: str) -> "Case":
        n = msg_len(xdr)
        ring = n + rng.choice([0, 0, 8, 13, 64, rng.randrange(1, 200)])
        # start near the end of the ring so that the message wraps at various points
        start = rng.choice([0, ring - 1, ring - 3, ring - 4, ring - 8, ring - 12,
                            ring - rng.randrange(1, n + 1), rng.randrange(ring)])
        start = max(0, start)
        seg = rng.choice([8, 16, 24, 40, 64, 256, 1456, (n + 7) // 8 * 8])
        off = rng.choice([0, 8 * rng.randrange(1, 1 << 12), 8 * rng.randrange(1 << 30), (1 << 38) - 64])
        return cls(xdr, cipher, random_key(rng, cipher), off, ring, start, seg)

    def seal_args(self, type_name: str, layered: bool, tiled: bool = False) -> list[str]:
        return (["seal", type_name, "--cipher", self.cipher, *key_args(self.key),
                 "--stream-off", str(self.stream_off), "--ring-size", str(self.ring_size),
                 "--ring-offset", str(self.ring_offset), "--seg-payload", str(self.seg_payload), "--seg-sums"]
                + (["--layered"] if layered else []) + (["--tiled"] if tiled else []))

    def open_args(self, type_name: str, *extra: str) -> list[str]:
        return ["open", type_name, "--cipher", self.cipher, *key_args(self.key),
                "--stream-off", str(self.stream_off), *extra]

    def check_seal(self, r: subprocess.CompletedProcess, what: str) -> None:
        err = no_crash(r, what)
        assert r.returncode == 0, f"{what}: {err}"
        assert r.stdout == self.msg, f"{what}: message differs from the model\n" \
                                     f"got  {r.stdout[:64].hex()}...\nwant {self.msg[:64].hex()}..."
        f = stderr_fields(err)
        assert f.get("csum") == f"0x{model.csum(self.msg):04x}", f"{what}: {err}"
        want = ",".join(f"0x{s:04x}" for s in model.segment_sums(self.msg, self.seg_payload))
        assert f.get("seg_sums") == want, f"{what}: segment sums {f.get('seg_sums')} != {want}"

    def __repr__(self):
        return (f"Case(cipher={self.cipher}, key={self.key.hex()}, stream_off={self.stream_off}, "
                f"ring={self.ring_size}@{self.ring_offset}, seg={self.seg_payload}, xdr={len(self.xdr)}B)")


def accepted_xdrs(harness: Path, type_name: str, xdrs: list[bytes]) -> list[bytes]:
    """The values the plain XDR codec takes (others are test_xdr_oracle.py's business)."""
    rs = run_all([(harness, ["roundtrip", type_name], x) for x in xdrs])
    return [x for x, r in zip(xdrs, rs) if r.returncode == 0 and r.stdout == x]


PATHS = ("fused", "layered", "tiled")


def seal_and_open(harness: Path, type_name: str, cases: list[Case], rng: random.Random) -> None:
    """ILP seal == tiled seal == layered seal == model; every receive path inverts it."""
    jobs, whats = [], []
    for c in cases:
        for path in PATHS:
            jobs.append((harness, c.seal_args(type_name, path == "layered", path == "tiled"), c.xdr))
            whats.append(("seal", c, path))
    for c in cases:
        jobs.append((harness, c.open_args(type_name, "--csum", f"0x{model.csum(c.msg):04x}"), c.msg))
        whats.append(("open", c, "fused+csum"))
        jobs.append((harness, c.open_args(type_name, "--layered", "--csum", f"0x{model.csum(c.msg):04x}"), c.msg))
        whats.append(("open", c, "layered+csum"))
        jobs.append((harness, c.open_args(type_name, "--tiled", "--csum", f"0x{model.csum(c.msg):04x}"), c.msg))
        whats.append(("open", c, "tiled+csum"))
        jobs.append((harness, c.open_args(type_name, "--show-csum"), c.msg))
        whats.append(("open", c, "fused"))
        split = rng.choice([0, 1, 3, 4, 7, 8, 9, len(c.msg) // 2, len(c.msg) - 1, len(c.msg)])
        jobs.append((harness, c.open_args(type_name, "--spans", str(max(0, split))), c.msg))
        whats.append(("open", c, f"spans@{split}"))
    for r, (kind, c, how) in zip(run_all(jobs), whats):
        what = f"{kind} {type_name} {how} {c!r}"
        if kind == "seal":
            c.check_seal(r, what)
        else:
            err = no_crash(r, what)
            assert r.returncode == 0, f"{what}: {err}"
            assert r.stdout == c.xdr, f"{what}: open does not invert seal"
            if how == "fused":
                assert stderr_fields(err).get("csum") == f"0x{model.csum(c.msg):04x}", f"{what}: {err}"
            else:
                assert err == "", f"{what}: exit 0 but stderr says {err!r}"


# ------------------------------------------------------------------ the model itself

def test_model_vectors():
    h = bytes.fromhex
    for key, plain, cipher in [("0807060504030201", "0102030405060708", "c8f29cdd87783ed9"),
                               ("0000000000000000", "0102030405060708", "7d28038633b92eb4"),
                               ("0102030405060708", "0000000000000000", "5ab27f7214a33ae1"),
                               ("0000000000000000", "0000000000000000", "032808c90ee7ab7f"),
                               ("0102030405060708", "0505050505050505", "a966728bbb5f5cf3")]:
        ks = model.safer_k64_schedule(h(key))
        assert model.safer_k64_enc(h(plain), ks).hex() == cipher
        assert model.safer_k64_dec(h(cipher), ks).hex() == plain
    assert model.safer_simple_enc(h("0102030405060708"), h("0807060504030201")).hex() == "1815513f6c3f2715"
    assert model.safer_simple_dec(h("1815513f6c3f2715"), h("0807060504030201")).hex() == "0102030405060708"
    # RFC 8439 2.3.2 (block) and 2.4.2 (encryption, counter 1)
    key, nonce = bytes(range(32)), h("000000090000004a00000000")
    assert model.chacha20_block(key, 1, nonce).hex().startswith("10f1e7e4d13b5915500fdd1fa32071c4")
    text = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
            b"sunscreen would be it.")
    k48 = key + struct.pack("<I", 1) + h("000000000000004a00000000")
    ks = model.chacha20_keystream(k48, 0, len(text))
    assert bytes(a ^ b for a, b in zip(text, ks)).hex().startswith("6e2e359a2568f98041ba0728dd0d6981")
    try:
        import cryptography  # noqa: F401
        rng = random.Random(5)
        for _ in range(20):
            k = bytes(rng.getrandbits(8) for _ in range(48))
            off = rng.randrange(1 << 20)
            assert model.chacha20_keystream(k, off, 200) == model.chacha20_keystream(k, off, 200, use_library=True)
    except ImportError:
        pass
    # RFC 1071 section 3 example: the sum of 0001 f203 f4f5 f6f7 is ddf2
    assert model.csum(h("0001f203f4f5f6f7")) == 0xDDF2
    assert model.csum(b"") == 0 and model.csum(b"\xff\xff") == 0xFFFF and model.csum(b"\x01") == 0x0100
    # the message format
    assert model.message(b"") == bytes(8)
    assert model.message(b"\0\0\0\x07") == h("0000000400000007")
    assert model.message(b"\0\0\0\x07\0\0\0\x08") == h("00000008000000070000000800000000")


# ------------------------------------------------------------------ every type

@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("group,type_name", all_type_params())
def test_every_type(build, group, type_name):
    if type_name is None or type_name.startswith("!"):
        pytest.skip(type_name or "no types")
    from oracle.values import ValueGen
    harness = build(group)
    t = oracle(group).type(type_name)
    seed = zlib.crc32(type_name.encode())
    gen = ValueGen(seed=seed, cap=24)
    xdrs = accepted_xdrs(harness, type_name, [t.encode(gen.value(t)) for _ in range(4)])
    if not xdrs:
        pytest.skip("the plain XDR codec rejects every generated value (see test_xdr_oracle.py)")
    rng = random.Random(seed)
    # the compact form: one body serves every cipher (its stage called out of line),
    # so the type's code is the same for each; four ciphers per type, a different
    # four from one type to the next, still meet every cipher on every group
    ciphers = [CIPHERS[(seed + k) % len(CIPHERS)] for k in range(4)]
    cases = [Case.random(rng, x, c) for i, x in enumerate(xdrs[:2]) for c in ciphers[2 * i:2 * i + 2]]
    seal_and_open(harness, type_name, cases, rng)
    if group in PER_CIPHER_GROUPS:  # a body per cipher: every cipher through every type
        seal_and_open(build(group, "plain"), type_name, [Case.random(rng, x, c) for x in xdrs[:2] for c in CIPHERS],
                      rng)


# ------------------------------------------------------------------ sizes and the ring

def reply_xdr(n: int, rng: Optional[random.Random] = None) -> bytes:
    """XDR of a FileTransfer.Reply carrying n data bytes (through the oracle, so that
    it follows the example spec); optional components present at random."""
    rng = rng or random.Random(n)
    t = oracle("filetransfer").type("FileTransfer.Reply")
    value = {"sequence-number": rng.getrandbits(32), "last": rng.random() < 0.5,
             "data": bytes(rng.getrandbits(8) for _ in range(n))}
    from oracle.asn1_xdr import resolve
    for f in getattr(resolve(t.node), "fields", []):
        if f.name not in value and f.optional and rng.random() < 0.5:
            from oracle.values import ValueGen
            value[f.name] = ValueGen(seed=rng.getrandbits(16), cap=8).value(f.node)
    return t.encode(value)


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_reply_sizes(build):
    for harness in both_forms(build, "filetransfer"):
        reply_sizes(harness)


def reply_sizes(harness: Path) -> None:
    rng = random.Random(42)
    lengths = list(range(0, 41)) + [41 + 8 * k + r for k in (5, 60, 300) for r in range(8)]
    lengths += sorted(rng.sample(range(1, 5001), 24)) + [4093, 4096, 4099, 16384, 65535, 65536]
    cases = []
    for i, n in enumerate(lengths):
        ciphers = CIPHERS if n <= 16 or n >= 65535 else [CIPHERS[i % len(CIPHERS)], CIPHERS[(i + 2) % len(CIPHERS)]]
        for c in ciphers:
            cases.append(Case.random(rng, reply_xdr(n, rng=rng), c))
    seal_and_open(harness, "FileTransfer.Reply", cases, rng)


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_wrap_at_every_offset(build):
    """The ring wraps inside the message at every byte offset (units straddle the
    wrap at every possible split), with segments of 8 and 24 bytes; in both forms."""
    rng = random.Random(7)
    xdr = reply_xdr(53, rng=rng)
    n = msg_len(xdr)
    cases = []
    for k in range(1, n):
        for c in CIPHERS:
            case = Case(xdr, c, random_key(rng, c), 8 * rng.randrange(1000), n + 40, n + 40 - k,
                        rng.choice([8, 24, 1456]))
            cases.append(case)
    runs = [(h, c, lay) for h in both_forms(build, "filetransfer") for c in cases for lay in (False, True)]
    jobs = [(h, c.seal_args("FileTransfer.Reply", lay), c.xdr) for h, c, lay in runs]
    for r, (h, c, lay) in zip(run_all(jobs), runs):
        c.check_seal(r, f"{h.parent.name}: seal layered={lay} {c!r}")


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_large_messages_many_segments(build):
    harness = build("IlpShapes")
    from oracle.values import ValueGen
    t = oracle("IlpShapes").type("IlpShapes.UIntsVar")
    rng = random.Random(3)
    cases = []
    for n in (0, 1, 2, 3, 299, 300):
        xdr = t.encode([rng.getrandbits(32) for _ in range(n)])
        for c in CIPHERS:
            cases.append(Case.random(rng, xdr, c))
    t = oracle("IlpShapes").type("IlpShapes.IntsVar")
    for n in (5000, 16001):
        xdr = t.encode([rng.getrandbits(32) - (1 << 31) for _ in range(n)])
        for c in CIPHERS:
            cases.append(Case.random(rng, xdr, c))
    t = oracle("IlpShapes").type("IlpShapes.Many")
    gen = ValueGen(seed=9, cap=300)
    for _ in range(4):
        xdr = t.encode(gen.value(t))
        for c in CIPHERS:
            cases.append(Case.random(rng, xdr, c))
    # runs of 64-bit integers across the 1 KiB chunks of tx_ints/rx_ints, at both parities
    t = oracle("IlpShapes").type("IlpShapes.HypersVar")
    for n in (127, 128, 129, 3000):
        xdr = t.encode([rng.getrandbits(64) - (1 << 63) for _ in range(n)])
        for c in CIPHERS:
            cases.append(Case.random(rng, xdr, c))
    t = oracle("IlpShapes").type("IlpShapes.NumsAfterFlag")
    for n in (129, 2000):
        xdr = t.encode({"f": True, "h": [rng.getrandbits(64) - (1 << 63) for _ in range(n)],
                        "r": [rng.uniform(-1e9, 1e9) for _ in range(3)],
                        "u": [rng.getrandbits(64) for _ in range(n + 1)], "w": 7})
        for c in CIPHERS:
            cases.append(Case.random(rng, xdr, c))
    nc = len(CIPHERS)
    seal_and_open(harness, "IlpShapes.UIntsVar", cases[:6 * nc], rng)
    seal_and_open(harness, "IlpShapes.IntsVar", cases[6 * nc:8 * nc], rng)
    seal_and_open(harness, "IlpShapes.Many", cases[8 * nc:12 * nc], rng)
    seal_and_open(harness, "IlpShapes.HypersVar", cases[12 * nc:16 * nc], rng)
    seal_and_open(harness, "IlpShapes.NumsAfterFlag", cases[16 * nc:], rng)


# ------------------------------------------------------------------ the tiled strategy

def tile_bytes(harness: Path) -> int:
    """ILPC_TILE_BYTES by default, from the build's copy of the runtime header."""
    m = re.search(r"#define ILPC_TILE_BYTES (\d+)", (harness.parent / "ilpc_ilp.h").read_text())
    assert m, "ILPC_TILE_BYTES not found in ilpc_ilp.h"
    return int(m.group(1))


def tiled_seal_and_open(harness: Path, type_name: str, cases: list[Case]) -> None:
    """Tiled seal == model (bytes, sum, every segment's sum); open --tiled inverts it,
    the checksum verified against the model's."""
    jobs, whats = [], []
    for c in cases:
        jobs.append((harness, c.seal_args(type_name, False, True), c.xdr))
        jobs.append((harness, c.open_args(type_name, "--tiled", "--csum", f"0x{model.csum(c.msg):04x}"), c.msg))
        whats += [("seal", c), ("open", c)]
    for r, (kind, c) in zip(run_all(jobs), whats):
        what = f"{kind} --tiled {type_name} {c!r}"
        if kind == "seal":
            c.check_seal(r, what)
        else:
            err = no_crash(r, what)
            assert r.returncode == 0 and err == "", f"{what}: {err}"
            assert r.stdout == c.xdr, f"{what}: open --tiled does not invert seal"


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_tiled_across_tiles(build):
    """Messages of several tiles, sent and received tiled.  Tiles start at message
    offsets 8 + k * ILPC_TILE_BYTES (unit 0, part A, is held back): the ring wraps at
    and around the start of a tile (the unit there straddling it at every split), with
    segments that do not divide the tile (so segments close inside a tile's flush and
    tiles end inside segments)."""
    harness = build("filetransfer")
    T = tile_bytes(harness)
    rng = random.Random(17)
    segs = [24, 1000, T - 8, T + 8, 1456, 8]
    cases = []
    xdr = reply_xdr(2 * T + 100, rng=rng)
    n = msg_len(xdr)
    for i, d in enumerate((-8, -7, -6, -3, -1, 0, 2, 3, 4, 6)):
        wrap = 8 + T + d if i % 2 else 8 + 2 * T + d  # bytes before the wrap
        for c in CIPHERS:
            cases.append(Case(xdr, c, random_key(rng, c), 8 * rng.randrange(1 << 20), n + 40, n + 40 - wrap,
                              segs[(i + len(cases)) % len(segs)]))
    for c in CIPHERS:  # 64 KiB: sixteen tiles, wrapped inside one of them
        xdr = reply_xdr(65536, rng=rng)
        n = msg_len(xdr)
        cases.append(Case(xdr, c, random_key(rng, c), 8 * rng.randrange(1 << 20), n + 64,
                          n + 64 - (8 + 7 * T + rng.randrange(-9, 10)), rng.choice(segs)))
    tiled_seal_and_open(harness, "FileTransfer.Reply", cases)


# One build serves the tile and the --ilp-calls tests: ilpc --ilp-calls, whose bodies are
# instantiated once even where the build asks for the per-cipher ones (as here), and
# tiles of 64 bytes, which only the tiled path reads.
ONE_BODY_TINY_TILES = (("--ilp-calls",), ("CPPFLAGS=-DILPC_ILP_COMPACT=0 -DILPC_TILE_BYTES=64",))


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_tiled_tiny_tiles(build):
    """Tiles of 64 bytes, so that tile boundaries fall inside every kind of item of
    every type (blocks at both parities, byte bodies, integer arrays, calls, choices,
    recursion), under ASan + UBSan (the one-body form)."""
    from oracle.values import ValueGen
    for group in ("IlpShapes", "filetransfer"):
        harness = build(group, "asan", *ONE_BODY_TINY_TILES)
        for type_name in oracle(group).type_names():
            t = oracle(group).type(type_name)
            seed = zlib.crc32(type_name.encode()) + 1
            gen = ValueGen(seed=seed, cap=40)
            xdrs = accepted_xdrs(harness, type_name, [t.encode(gen.value(t)) for _ in range(2)])
            rng = random.Random(seed)
            tiled_seal_and_open(harness, type_name, [Case.random(rng, x, c) for x in xdrs[:1] for c in CIPHERS])


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_tiled_options(build):
    """--tiled excludes --layered and --spans (usage error, exit 64)."""
    harness = build("filetransfer")
    for args in (["seal", "FileTransfer.Reply", "--tiled", "--layered"],
                 ["open", "FileTransfer.Reply", "--layered", "--tiled"],
                 ["open", "FileTransfer.Reply", "--tiled", "--spans", "3"]):
        r = run(harness, args, b"")
        assert r.returncode == 64 and b"tiled" in r.stderr, (args, r.stderr)


# ------------------------------------------------------------------ corruption

CORRUPTION_TYPES = [
    ("filetransfer", "FileTransfer.Request"), ("filetransfer", "FileTransfer.Reply"),
    ("filetransfer", "FileTransfer.Message"), ("IlpShapes", "IlpShapes.OddHyper"),
    ("IlpShapes", "IlpShapes.IntsAfterFlag"), ("IlpShapes", "IlpShapes.Many"),
    ("perf-object", "PerfObject.Perf-object"),
]


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("group,type_name", CORRUPTION_TYPES, ids=[t for _, t in CORRUPTION_TYPES])
def test_any_corrupted_byte_is_rejected(build, group, type_name):
    """One corrupted byte anywhere in a sealed message, or a wrong expected sum: the
    fused receive path says "bad checksum" (exit 2) and leaks nothing (LeakSanitizer);
    so do the layered and the tiled ones, at a sample of the positions."""
    from oracle.values import ValueGen
    harness = build(group)
    t = oracle(group).type(type_name)
    rng = random.Random(zlib.crc32(type_name.encode()))
    gen = ValueGen(seed=11, cap=12)
    xdrs = accepted_xdrs(harness, type_name, [t.encode(gen.value(t)) for _ in range(6)])
    if not xdrs:
        pytest.skip("the plain XDR codec rejects every generated value")
    jobs, whats = [], []
    for i, c in enumerate(CIPHERS):
        case = Case.random(rng, xdrs[i % len(xdrs)], c)
        s = model.csum(case.msg)
        positions = range(len(case.msg)) if len(case.msg) <= 96 else sorted(rng.sample(range(len(case.msg)), 96))
        for pos in positions:
            bad = bytearray(case.msg)
            bad[pos] ^= rng.randrange(1, 256)
            layered = rng.random() < 0.2
            args = case.open_args(type_name, "--csum", f"0x{s:04x}", *(["--layered"] if layered else []))
            jobs.append((harness, args, bytes(bad)))
            whats.append(f"byte {pos} of {case!r} layered={layered}")
            if pos % 4 == 1:  # the tiled receive, at a quarter of the positions
                jobs.append((harness, case.open_args(type_name, "--csum", f"0x{s:04x}", "--tiled"), bytes(bad)))
                whats.append(f"byte {pos} of {case!r} tiled")
        for _ in range(8):
            wrong = s ^ rng.randrange(1, 0x10000)
            if {wrong, s} == {0, 0xFFFF}:
                continue  # the two zeros of one's complement arithmetic
            jobs.append((harness, case.open_args(type_name, "--csum", f"0x{wrong:04x}"), case.msg))
            whats.append(f"checksum 0x{wrong:04x} instead of 0x{s:04x}, {case!r}")
    for r, what in zip(run_all(jobs, leak_check_every=1), whats):
        err = no_crash(r, what)
        assert r.returncode == 2 and "bad checksum" in err, f"{what}: accepted ({r.returncode}) {err}"
        assert r.stdout == b"", what


# ------------------------------------------------------------------ malformed payloads

@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_malformed_payloads_fused_and_layered_agree(build):
    """Fused, layered and tiled receive return the same code for every payload; the
    stream variant rejects what they reject and accepts what they accept."""
    harness = build("filetransfer")
    rng = random.Random(99)
    payloads = []
    for n in (0, 12, 61, 200):
        for c in CIPHERS:
            case = Case.random(rng, reply_xdr(n, rng=rng), c)
            plain = bytearray(model.encrypt(case.msg, c, case.key or None, case.stream_off, decrypt=True))
            variants = [case.msg[:-8], case.msg + bytes(8), case.msg[:5], case.msg + b"\x01"]
            for mutate in range(6):
                p = bytearray(plain)
                if mutate == 0:
                    p[0:4] = struct.pack(">I", struct.unpack(">I", p[0:4])[0] + 8)
                elif mutate == 1:
                    p[0:4] = struct.pack(">I", struct.unpack(">I", p[0:4])[0] + 4)
                elif mutate == 2 and len(p) > 4 + len(case.xdr):
                    p[-1] ^= 0x40  # non-zero message padding
                elif mutate == 3:
                    p[8:12] = struct.pack(">I", 2)  # `last` is not a boolean
                elif mutate == 4:
                    p[12:16] = struct.pack(">I", 70000)  # data above SIZE (0..65536)
                else:
                    p[rng.randrange(len(p))] ^= 0xFF
                variants.append(model.encrypt(bytes(p), c, case.key or None, case.stream_off))
            for v in variants:
                payloads.append((case, v))
    for _ in range(60):
        payloads.append((Case(b"", "none", b"", 0, 8, 0, 8), bytes(rng.getrandbits(8) for _ in range(rng.randrange(40)))))
    jobs = []
    for case, p in payloads:
        jobs.append((harness, case.open_args("FileTransfer.Reply"), p))
        jobs.append((harness, case.open_args("FileTransfer.Reply", "--layered"), p))
        jobs.append((harness, case.open_args("FileTransfer.Reply", "--spans", str(rng.randrange(len(p) + 1))), p))
        jobs.append((harness, case.open_args("FileTransfer.Reply", "--tiled"), p))
    rs = run_all(jobs, leak_check_every=1)
    for i, (case, p) in enumerate(payloads):
        fused, layered, spans, tiled = rs[4 * i:4 * i + 4]
        what = f"payload {p[:48].hex()} ({len(p)} bytes), {case!r}"
        ef, el, es, et = (no_crash(r, what) for r in (fused, layered, spans, tiled))
        assert fused.returncode == layered.returncode, f"{what}: fused {ef!r} layered {el!r}"
        assert fused.stdout == layered.stdout, what
        assert (tiled.returncode, tiled.stdout, et) == (fused.returncode, fused.stdout, ef), \
            f"{what}: fused {ef!r} tiled {et!r}"
        if fused.returncode == 2:
            assert ef.replace("open", "") == el.replace("open", ""), f"{what}: {ef!r} vs {el!r}"
            assert spans.returncode == 2, f"{what}: spans accepted what fused rejected: {es!r}"
        else:
            # accepted: it must be the model's framing around a value the codec takes
            xdr = model.unframe(p, case.cipher, case.key or None, case.stream_off)
            assert fused.stdout == xdr, what
            assert spans.returncode == 0 and spans.stdout == xdr, f"{what}: {es!r}"


# ------------------------------------------------------------------ variants and tools

@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_ilp_calls_variant(build):
    """ilpc --ilp-calls: the stages through function pointers, the same bytes."""
    for group, type_name in [("filetransfer", "FileTransfer.Message"), ("IlpShapes", "IlpShapes.Mixed"),
                             ("IlpShapes", "IlpShapes.IntsAfterFlag"), ("IlpShapes", "IlpShapes.Node")]:
        harness = build(group, "asan", *ONE_BODY_TINY_TILES)
        src = (harness.parent / f"{oracle(group).type(type_name).module}_ilp.h").read_text()
        assert "#define ilpc_gen_calls_" in src and re.search(r"#define ilpc_gen_calls_\w+ 1", src)
        from oracle.values import ValueGen
        t = oracle(group).type(type_name)
        gen = ValueGen(seed=4, cap=20)
        xdrs = accepted_xdrs(harness, type_name, [t.encode(gen.value(t)) for _ in range(3)])
        rng = random.Random(1)
        seal_and_open(harness, type_name, [Case.random(rng, x, c) for x in xdrs for c in CIPHERS], rng)


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_compact_build(build):
    """The compact form (ILPC_ILP_COMPACT, the default under ASan: the form of every
    sanitized build here): same bytes."""
    from oracle.values import ValueGen
    rng = random.Random(12)
    for group, type_name in [("filetransfer", "FileTransfer.Message"), ("IlpShapes", "IlpShapes.Mixed"),
                             ("IlpShapes", "IlpShapes.FixedMix"), ("IlpShapes", "IlpShapes.Node")]:
        harness = build(group)
        t = oracle(group).type(type_name)
        gen = ValueGen(seed=6, cap=20)
        xdrs = accepted_xdrs(harness, type_name, [t.encode(gen.value(t)) for _ in range(3)])
        seal_and_open(harness, type_name, [Case.random(rng, x, c) for x in xdrs for c in CIPHERS], rng)


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_other_compilers_and_flags(build):
    """clang (the AVX2 loops dispatched), -O3 -march=native (AVX2 inline instead), the
    scalar (no SIMD) bulk loops: the Makefile's strict warnings hold and the bytes are the
    same.  (gcc's build with the AVX2 loops dispatched is the other tests' own, at -O1.)
    Each preprocessor branch once: the inline AVX2 and the scalar loops are the same C for
    both compilers, so one compiler builds each.  The scalar loops in the compact form:
    ilpc_ilp.c instantiates them for every cipher, the per-cipher bodies call the same
    C inline."""
    rng = random.Random(8)
    for make_vars in (("CC=clang", "CFLAGS=-O2"), ("CC=clang", "CFLAGS=-O3 -march=native"),
                      ("CC=gcc", "CFLAGS=-O2", "CPPFLAGS=-DILPC_ILP_COMPACT=1 -DILPC_ILP_NO_SIMD=1")):
        if shutil.which(make_vars[0][3:]) is None:
            continue
        if not any(v.startswith("CPPFLAGS=") for v in make_vars):
            make_vars += PER_CIPHER  # the per-cipher bodies, which these flags are about
        harness = build("filetransfer", "plain", (), make_vars)
        cases = [Case.random(rng, reply_xdr(n, rng=rng), c) for n in (0, 5, 333, 4000) for c in CIPHERS]
        seal_and_open(harness, "FileTransfer.Reply", cases, rng)


@pytest.mark.cbuild
@pytest.mark.valgrind
def test_valgrind(build):
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind not installed")
    harness = build("IlpShapes", "plain")
    from oracle.values import ValueGen
    rng = random.Random(2)
    vg = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=definite,indirect"]
    jobs, checks = [], []
    for type_name in ("IlpShapes.Mixed", "IlpShapes.Many", "IlpShapes.IntsAfterFlag", "IlpShapes.Node"):
        t = oracle("IlpShapes").type(type_name)
        xdrs = accepted_xdrs(harness, type_name, [t.encode(ValueGen(seed=s, cap=40).value(t)) for s in range(3)])
        for x in xdrs[:1]:
            for c in ("none", "xor", "safer-simple", "chacha20"):
                case = Case.random(rng, x, c)
                for layered in (False, True):
                    jobs.append((harness, case.seal_args(type_name, layered), x))
                    checks.append((case, f"valgrind seal {type_name} {case!r}", None))
                bad = bytearray(case.msg)
                bad[rng.randrange(len(bad))] ^= 1
                for args, data, rc in ((case.open_args(type_name), case.msg, 0),
                                       (case.open_args(type_name, "--csum", f"0x{model.csum(case.msg):04x}"), bytes(bad), 2),
                                       (case.open_args(type_name, "--spans", "11"), case.msg, 0)):
                    jobs.append((harness, args, data))
                    checks.append((case, f"valgrind {args}", rc))
    # one valgrind process, each command a child of it that valgrind checks on its own
    for r, (case, what, rc) in zip(run_all(jobs, timeout=300, wrapper=vg), checks):
        if rc is None:
            case.check_seal(r, what)
        else:
            assert r.returncode == rc, f"{what}: {r.stderr.decode()[-2000:]}"


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("cc,variant", [("gcc", "asan"), ("clang", "plain")])
def test_c_api(build, tmp_path, cc, variant):
    """tests/c/test_ilp_api.c: constraint violations (same code from the ILP and the
    layered send), slots of the wrong size, receive against a TCP-style header sum,
    the stream variant over messages cut anywhere.  gcc with ASan + UBSan, against the
    library in its compact form (the build the other filetransfer tests use); clang
    without sanitizers, against the per-cipher one (clang's sanitized build of the
    generated code is the libFuzzer target's, tests/test_fuzz.py)."""
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} not installed")
    flags = SANITIZE_CFLAGS if variant == "asan" else ["-O1", "-g"]
    harness = build("filetransfer", variant)
    out = harness.parent
    exe = tmp_path / "test_ilp_api"
    r = subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", *flags,
                        f"-I{out}", str(ROOT / "tests/c/test_ilp_api.c"), str(out / "libfiletransfer.a"),
                        *libcrypto_flags()[1], "-o", str(exe)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    env = dict(os.environ)
    env.update(SANITIZER_ENV)
    r = subprocess.run([str(exe)], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.stdout + r.stderr)[-3000:]
