"""``--ilp auto``: the cost model, ``--explain``, the generated T_send/T_recv and T_path.

* the model: lines, the fastest path per length range, the margin that keeps fused,
  the state model (register budget) deciding where no in-loop cost was measured;
* the committed coefficients are what bench/auto/calibrate.py makes of the committed
  calibration run (so the data file can be regenerated, and was not edited by hand);
* ``ilpc --explain`` on the example spec: every type, direction, cipher and profile;
  nothing written;
* the generated rule tables are the model's rules, for every type, profile and cipher;
* built and run: ``seal/open --auto`` give the bytes and values of the fused path and
  report the path the model chose for the profile the build was compiled for (forced
  with -DILPC_AUTO_PROFILE), at lengths on both sides of every threshold; with
  ``--ilp tiled`` and ``--ilp layered`` every cipher takes that path;
* ``seal --repeat`` reports the sums of the sealed message (a use-after-free once).
"""
from __future__ import annotations

import json
import random
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SANITIZE_CFLAGS, SANITIZER_ENV, BuildError, shared_build
from ilpc import costmodel as cm
from ilpc.costmodel.shape import Features, type_shape
from ilpc.ir.facts import message_range
from ilpc.ciphers import by_name

# its tests may run on any xdist worker (tests/tiers.py): their builds are conftest's shared ones, or none
XDIST_SPREAD = True

SPEC = ROOT / "examples" / "filetransfer" / "filetransfer.asn1"
KEYS = {"none": [], "xor": ["--key", "0123456789abcdef"], "safer-simple": ["--key", "0807060504030201"],
        "safer-k64": ["--key", "0807060504030201"], "chacha20": ["--key", "42" * 32],
        "chacha20-poly1305": ["--key", "42" * 32], "aes-128-gcm": ["--key", "2b7e151628aed2a6abf7158809cf4f3c"]}


def ilpc(*args, cwd=None) -> subprocess.CompletedProcess:
    """ilpc with every type of the spec a message type (the tests look at all of them)."""
    return subprocess.run([sys.executable, "-m", "ilpc", "--pdu", "all", *args], capture_output=True, text=True,
                          cwd=cwd)


# ------------------------------------------------------------------ the model

def toy_model(in_loop: bool = True, state: float = 30.0) -> cm.CostModel:
    """One profile: fused has the smallest fixed cost, tiled the smallest per-byte cost
    of the cipher ``xor`` is irrelevant; for safer-simple the lines cross."""
    L = cm.Line
    d = cm.DirectionCosts(
        pipeline={"fused": L(10, 0.02), "tiled": L(40, 0.03), "layered": L(30, 0.05)},
        ciphers={"none": L(0, 0), "xor": L(2, 0.01), "safer-simple": L(0, 0.30), "safer-k64": L(0, 3.0),
                 "chacha20": L(0, 1.2)},
        pass_cost=0.01, pressure=0.05,
        in_loop={"none": L(0, 0), "xor": L(0, 0.001), "safer-simple": L(0, 0.36)} if in_loop else {})
    prof = cm.Profile("toy", "cc", "-O2", state, "1", {"send": d, "recv": d})
    return cm.CostModel([prof], "toy", (256, 65536))


def test_prediction_composes_stages():
    m = toy_model()
    p = m.profile("toy")
    x = m.predict(p, "send", "safer-simple", 1000)
    assert x.times["layered"] == pytest.approx(30 + 0.05 * 1000 + 0.30 * 1000)
    assert x.times["tiled"] == pytest.approx(40 + 0.03 * 1000 + 0.30 * 1000)
    assert x.times["fused"] == pytest.approx(10 + 0.02 * 1000 + 0.36 * 1000)  # measured in-loop cost
    assert x.measured_in_loop and x.state == cm.PIPELINE_STATE["send"] + cm.CIPHER_STAGES["safer-simple"].state
    # xor rides on the tile's copy: tiled pays no pass for it
    y = m.predict(p, "send", "xor", 1000)
    assert y.times["tiled"] == pytest.approx(2 + 40 + 0.03 * 1000)


def test_rule_switches_where_lines_cross_and_keeps_fused_within_the_margin():
    m = toy_model()
    p = m.profile("toy")
    r = m.rule(p, "send", "safer-simple", 24, 65592)
    # fused 10 + 0.38 n, tiled 40 + 0.33 n, layered 30 + 0.35 n: tiled is more than 2%
    # faster than fused from about n = 710 on, and beats layered from n = 500
    assert [path for _, path in r.segments] == ["fused", "tiled"]
    cut = r.segments[0][0]
    assert 600 < cut < 2000
    for n in (24, 256, cut):
        assert r.pick(n) == "fused"
    for n in (cut + 8, 65536, 1 << 30):
        assert r.pick(n) == "tiled"
    # the cut is the last grid length (steps of about 12%) where fused is within the margin
    t = m.predict(p, "send", "safer-simple", cut).times
    assert t["fused"] <= t["tiled"] * (1 + cm.MARGIN)
    t = m.predict(p, "send", "safer-simple", int(cut * 1.15)).times
    assert t["fused"] > t["tiled"] * (1 + cm.MARGIN)
    # a type whose messages are all small never leaves fused
    assert m.rule(p, "send", "safer-simple", 24, 512).segments == [(None, "fused")]
    assert m.rule(p, "send", "none", 24, None).segments == [(None, "fused")]


def test_per_item_costs_change_the_rule_by_shape():
    """The same cipher and lengths, two shapes: an opaque (no per-item work) keeps the
    fused path; a message of 4-byte integers, whose words cost the fused loop more than
    they cost layered, goes layered where its words outweigh fused's lead."""
    m = toy_model()
    p = m.profile("toy")
    for d in ("send", "recv"):
        p.directions[d].shape = {"fused": {"none": [2.0, 0, 0, 0]}, "layered": {"none": [0.5, 0, 0, 0]},
                                 "tiled": {"none": [1.0, 0, 0, 0]}}
    words = Features(words=256)
    x, y = m.predict(p, "send", "none", 1024), m.predict(p, "send", "none", 1024, words)
    assert y.times["fused"] == pytest.approx(x.times["fused"] + 2.0 * 256)
    assert y.times["layered"] == pytest.approx(x.times["layered"] + 0.5 * 256)
    from ilpc.costmodel.shape import TypeShape
    ints = TypeShape(Features(words=1), 4.0, Features(words=0.25))
    opaque = TypeShape(Features(words=2, pieces=1), 8.0, Features())
    assert m.rule(p, "send", "none", 24, 65592, opaque).segments == [(None, "fused")]
    r = m.rule(p, "send", "none", 24, 65592, ints)
    assert r.pick(65536) == "layered"
    # rules are shared by shape key, not by type
    assert m.rule(p, "send", "none", 24, 65592, TypeShape(ints.base, ints.base_len, ints.density)) is not None
    assert len({k for k in m._rules if k[2] == "none"}) == 2


def test_state_model_decides_without_a_measured_in_loop_cost():
    """Where the cipher's in-loop cost was not measured, the fused loop's live state
    against the register budget decides: over budget, spills slow the cipher's work."""
    lo, hi = 24, 65592
    roomy = toy_model(in_loop=False, state=40.0)
    tight = toy_model(in_loop=False, state=10.0)
    x = roomy.predict(roomy.profile("toy"), "send", "safer-k64", 4096)
    y = tight.predict(tight.profile("toy"), "send", "safer-k64", 4096)
    assert not x.measured_in_loop and x.excess == 0 and y.excess > 0
    assert y.times["fused"] > x.times["fused"]
    assert roomy.rule(roomy.profile("toy"), "send", "safer-k64", lo, hi).pick(65536) == "fused"
    assert tight.rule(tight.profile("toy"), "send", "safer-k64", lo, hi).pick(65536) != "fused"


def test_committed_coefficients_are_the_calibration_of_the_committed_run(tmp_path):
    out = tmp_path / "costmodel.json"
    r = subprocess.run([sys.executable, str(ROOT / "bench/auto/calibrate.py"), "--out", str(out)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    new, old = json.loads(out.read_text()), json.loads(cm.default_path().read_text())
    new.pop("calibrated"), old.pop("calibrated")
    assert new == old, "compiler/costmodel/costmodel.json differs from: python bench/auto/calibrate.py"
    assert "median |error|" in r.stdout


def test_model_profiles_match_their_compilers():
    m = cm.load()
    names = [p.name for p in m.profiles]
    assert sorted(names) == ["clang-O2", "clang-O3native", "gcc-O2", "gcc-O3native"]
    assert m.profiles[-1].c_test == "1"  # the fallback comes last
    for p in m.profiles:
        assert 10 < p.registers < 30  # the synthetic study's thresholds
        for d in cm.DIRECTIONS:
            assert set(p.directions[d].pipeline) == set(cm.PATHS)
            assert set(p.directions[d].ciphers) == set(cm.CIPHER_NAMES)


# ------------------------------------------------------------------ --explain and the tables

def test_explain_states_every_decision_and_writes_nothing(tmp_path):
    out = tmp_path / "out"
    r = ilpc("--ilp", "auto", "--explain", str(SPEC), "-o", str(out))
    assert r.returncode == 0 and r.stderr == ""
    assert not out.exists()
    text = r.stdout
    for t in ("FileTransfer.Request", "FileTransfer.Reply", "FileTransfer.ErrorReply", "FileTransfer.Message"):
        assert re.search(rf"^{re.escape(t)}: messages of \d+ to \d+ bytes$", text, re.M), t
    m = cm.load()
    for p in m.profiles:
        assert p.name in text
    for c in cm.CIPHER_NAMES:
        assert re.search(rf"^    {re.escape(c)} ", text, re.M)
    assert "Why." in text and "budget" in text
    assert text.count("\n  send") == 4 and text.count("\n  recv") == 4


RULE_RE = re.compile(r"\{ \{ (\w+), (\w+) \}, \{ (\w+), (\w+), (\w+) \} \}")


def table_rules(c_text: str, type_c: str, direction: str) -> list[list[tuple]]:
    """The rows of the rule table that type_c's descriptor points at for direction."""
    d = re.search(rf"ILPC_MSG_DEFINE\({type_c}, [^;]*?(\w+)\[ILPC_AUTO_PROFILE\], "
                  r"(\w+)\[ILPC_AUTO_PROFILE\]\)", c_text, re.S)
    assert d, f"{type_c}_msg not found"
    table = d.group(1 if direction == "send" else 2)
    m = re.search(rf"static const ilpc_path_rule {table}\[(\d+)\]\[ILPC_CIPHER_COUNT\] = "
                  r"\{(.*?)\n\};", c_text, re.S)
    assert m, f"{table} not found"
    rules = RULE_RE.findall(m.group(2))
    n = int(m.group(1))
    assert len(rules) == n * len(cm.CIPHER_NAMES)
    k = len(cm.CIPHER_NAMES)
    return [rules[i * k:(i + 1) * k] for i in range(n)]


def c_pick(rule: tuple, n: int) -> str:
    def num(x):
        return 0xFFFFFFFF if x == "UINT32_MAX" else int(x.rstrip("u"))
    u0, u1, p0, p1, p2 = rule
    p = p0 if n <= num(u0) else p1 if n <= num(u1) else p2
    return p.replace("ILPC_PATH_", "").lower()


def test_generated_tables_are_the_models_rules(tmp_path):
    out = tmp_path / "out"
    assert ilpc(str(SPEC), "-o", str(out)).returncode == 0
    c_text = (out / "FileTransfer_ilp.c").read_text()
    from ilpc.driver import load
    plans = {".".join(p.name): p for mp in load([str(SPEC)]).plans for p in mp.plans if p.named}
    m = cm.load()
    # the profile selection tests the profiles in the model's order
    sel = re.findall(r"#define ILPC_AUTO_PROFILE (\d+) /\* (\S+) \*/", c_text)
    assert sel == [(str(i), p.name) for i, p in enumerate(m.profiles)]
    for name, plan in plans.items():
        lo, hi = message_range(plan)
        for d in cm.DIRECTIONS:
            rows = table_rules(c_text, name.replace(".", "_"), d)
            assert len(rows) == len(m.profiles)
            for prof, row in zip(m.profiles, rows):
                for cipher, rule in zip(cm.CIPHER_NAMES, row):
                    want = m.rule(prof, d, cipher, lo, hi, type_shape(plan))
                    probes = {lo, hi or 1 << 20, 1 << 20}
                    for upto, _ in want.segments:
                        if upto is not None:
                            probes |= {upto, upto + 8}
                    for n in sorted(probes):
                        assert c_pick(rule, n) == want.pick(n), (name, d, prof.name, cipher, n)


def test_fixed_strategies(tmp_path):
    for s in ("fused", "tiled", "layered"):
        out = tmp_path / s
        assert ilpc("--ilp", s, str(SPEC), "-o", str(out)).returncode == 0
        c_text = (out / "FileTransfer_ilp.c").read_text()
        rows = table_rules(c_text, "FileTransfer_Reply", "send")
        assert len(rows) == 1 and {c_pick(r, n) for r in rows[0] for n in (8, 1000, 1 << 20)} == {s}
        assert f"always {s} (ilpc --ilp {s})" in c_text
    r = ilpc("--ilp", "fastest", str(SPEC), "-o", str(tmp_path / "x"))
    assert r.returncode == 2 and "invalid choice" in r.stderr and "Traceback" not in r.stderr


# ------------------------------------------------------------------ built and run

def reply_xdr(n: int, rng: random.Random) -> bytes:
    data = rng.randbytes(n)
    return struct.pack(">IIi", 7, 0, n) + data + b"\0" * (-n % 4) + struct.pack(">I", 0)


def build(tmp_path_factory, name: str, ilp: str, cppflags: str) -> Path:
    def make(out: Path) -> Path:
        r = ilpc("--ilp", ilp, str(SPEC), "-o", str(out))
        if r.returncode != 0:
            raise BuildError(r.stderr)
        r = subprocess.run(["make", "-s", "-C", str(out), "-j2", f"CFLAGS={' '.join(SANITIZE_CFLAGS)}",
                            "LDFLAGS=-fsanitize=address,undefined", f"CPPFLAGS=-DILPC_ILP_COMPACT=1 {cppflags}"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise BuildError((r.stdout + r.stderr)[-3000:])
        return out / "ilpc-harness"
    try:
        return shared_build(tmp_path_factory, f"auto-{name}", make)
    except BuildError as e:
        pytest.fail(str(e), pytrace=False)


def harness(exe: Path, args: list[str], data: bytes) -> subprocess.CompletedProcess:
    import os
    env = dict(os.environ)
    env.update(SANITIZER_ENV)
    return subprocess.run([str(exe), *args], input=data, capture_output=True, env=env, timeout=120)


def check_auto(exe: Path, expect) -> None:
    """seal/open --auto == the fused path's bytes and value (the layered path's for a cipher
    without a fused path); the printed path is expect(direction, cipher, length)."""
    rng = random.Random(5)
    for cipher in cm.CIPHER_NAMES:
        for n in (0, 37, 100, 333, 600, 1000, 1500, 3000, 9000, 40000):
            xdr = reply_xdr(n, rng)
            # a record (authenticated ciphers) is BE32(L) | C | T; a message is padded to 8
            mlen = 20 + len(xdr) if by_name(cipher).aead else (4 + len(xdr) + 7) // 8 * 8
            base = ["FileTransfer.Reply", "--cipher", cipher, *KEYS[cipher]]
            fused = harness(exe, ["seal", *base, *([] if cipher in cm.FUSED_CIPHERS else ["--layered"])], xdr)
            auto = harness(exe, ["seal", *base, "--auto"], xdr)
            assert fused.returncode == 0 and auto.returncode == 0, auto.stderr.decode()
            assert auto.stdout == fused.stdout
            lines = auto.stderr.decode().splitlines()
            assert lines[0] == fused.stderr.decode().splitlines()[0]  # csum=
            assert lines[1] == f"path={expect('send', cipher, mlen)}", (cipher, n)
            back = harness(exe, ["open", *base, "--auto"], fused.stdout)
            assert back.returncode == 0 and back.stdout == xdr
            assert back.stderr.decode() == f"path={expect('recv', cipher, mlen)}\n", (cipher, n)


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("profile", ["gcc-O3native"])
def test_auto_takes_the_models_path(tmp_path_factory, profile):
    """A build forced to a profile (-DILPC_AUTO_PROFILE) takes, for every cipher and at
    lengths around the thresholds, the path the model's rule gives, with the bytes of
    the fused path.  (On this machine's calibration gcc-O3native chooses all three.)"""
    m = cm.load()
    idx = [p.name for p in m.profiles].index(profile)
    exe = build(tmp_path_factory, profile, "auto", f"-DILPC_AUTO_PROFILE={idx}")
    from ilpc.driver import load
    plan = next(p for mp in load([str(SPEC)]).plans for p in mp.plans if p.name[-1] == "Reply")
    lo, hi = message_range(plan)
    prof = m.profile(profile)
    shape = type_shape(plan)
    check_auto(exe, lambda d, c, n: m.rule(prof, d, c, lo, hi, shape).pick(n))


@pytest.mark.cbuild
@pytest.mark.sanitizers
@pytest.mark.parametrize("strategy", ["layered"])
def test_fixed_strategy_is_taken(tmp_path_factory, strategy):
    exe = build(tmp_path_factory, strategy, strategy, "")
    check_auto(exe, lambda d, c, n: strategy)


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_seal_repeat_reports_the_sealed_messages_sums(tmp_path_factory):
    """--repeat seals into a ring of its own; the sums printed are the message's."""
    exe = build(tmp_path_factory, "layered", "layered", "")
    xdr = reply_xdr(3000, random.Random(3))
    for path in ([], ["--layered"], ["--tiled"]):
        args = ["seal", "FileTransfer.Reply", "--cipher", "xor", *KEYS["xor"], "--seg-payload", "1000",
                "--seg-sums", *path]
        once = harness(exe, args, xdr)
        rep = harness(exe, args + ["--repeat", "5"], xdr)
        assert once.returncode == 0 and rep.returncode == 0, rep.stderr.decode()
        assert rep.stdout == once.stdout
        sums = [x for x in rep.stderr.decode().splitlines() if not x.startswith("ns_per_msg=")]
        assert sums == once.stderr.decode().splitlines()


@pytest.mark.cbuild
def test_inline_dispatch_compiles_as_cpp(tmp_path):
    """T_send, T_recv and T_path are inline in <Module>_ilp.h: a C++ caller compiles them
    without warnings (g++ and clang++, -Wall -Wextra -Werror)."""
    import shutil
    out = tmp_path / "out"
    assert ilpc(str(SPEC), "-o", str(out)).returncode == 0
    src = tmp_path / "use.cpp"
    src.write_text('#include "FileTransfer_ilp.h"\n'
                   "int use(const FileTransfer_Reply *v, ilpc_cipher *c, ilpc_tx_slot *s, ilpc_scratch *sc) {\n"
                   "    FileTransfer_Reply back;\n    int ok;\n"
                   "    return FileTransfer_Reply_send(v, c, 0, s, sc) + FileTransfer_Reply_path(0, c->id, 64) +\n"
                   "           FileTransfer_Reply_recv(&back, c, 0, nullptr, 0, 0, &ok, sc);\n}\n")
    compilers = [c for c in ("g++", "clang++") if shutil.which(c)]
    if not compilers:
        pytest.skip("no C++ compiler")
    for cxx in compilers:
        r = subprocess.run([cxx, "-std=c++17", "-Wall", "-Wextra", "-Werror", f"-I{out}", "-c", str(src),
                            "-o", str(tmp_path / "use.o")], capture_output=True, text=True)
        assert r.returncode == 0, f"{cxx}: {r.stderr[-2000:]}"


def test_explain_says_the_ber_family_paths():
    """--explain --encoding der,cer: the BER family's paths, the same for every message
    type, by the ciphers' facts (test_ber_msg.py checks that the runtime's --auto takes
    these); without a BER-family encoding there is no such part."""
    from ilpc.ciphers import CIPHERS
    from ilpc.costmodel.explain import ber_path
    r = ilpc("--explain", "--encoding", "der,cer", str(SPEC))
    assert r.returncode == 0 and r.stderr == ""
    assert "BER family (cer, der): the path T_send_cer/T_recv_cer, T_send_der/T_recv_der take" in r.stdout
    for path in ("fused", "layered"):
        names = [c.name for c in CIPHERS if ber_path(c) == path]
        assert f"    {path:<9}{', '.join(names)}: " in r.stdout, path
    assert "FileTransfer.Message" in r.stdout.split("BER family", 1)[1]
    assert "BER family" not in ilpc("--explain", str(SPEC)).stdout
