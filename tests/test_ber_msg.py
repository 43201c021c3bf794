"""The message paths of BER, CER and DER types (runtime/ilpc_ber_msg.c; docs/ilp.md, "BER,
CER and DER messages"), end to end through the generated harness (ASan+UBSan), against an
independent model of the framing (tests/ilp_model.py: Python's `cryptography` for the
AEADs, asn1tools for the encodings):

* every path (fused, tiled, layered, and T_send's choice) seals a value into the bytes of
  the model -- with cipher none exactly asn1tools' DER, which an LDAP or SNMP peer reads --
  with the right per-segment checksums, whatever the ring and segment geometry (slots
  that wrap the ring, segments of 8 bytes, so that a SET OF's sort reaches back into
  segments already encrypted and summed);
* every receive path opens what the model makes, the stream variant cut anywhere, and
  a message in CER's indefinite form is found in the stream by walking it;
* a flipped bit (checksum), a forged tag, a wrong length word, non-zero padding, a cut
  message: a clear error, nothing written, no sanitizer report.
"""
from __future__ import annotations

import random
import struct
import zlib

import pytest

pytest.importorskip("cryptography")
asn1tools = pytest.importorskip("asn1tools")

import ilp_model as model  # noqa: E402
from ilpc.ciphers import by_name  # noqa: E402
from ilpc.costmodel.explain import ber_path  # noqa: E402
from conftest import group_harness, run_batch, spec_paths  # noqa: E402
from test_ilp import no_crash, stderr_fields  # noqa: E402

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

GROUP = "XdrStructs"
CIPHERS = model.CIPHERS
# the paths each cipher has (aes-128-gcm runs in libcrypto: layered, which tiled and auto take)
PATH_ARGS = {"fused": [], "tiled": ["--tiled"], "layered": ["--layered"], "auto": ["--auto"]}
PATHS = {c: ("fused", "tiled", "layered", "auto") for c in CIPHERS}
PATHS["aes-128-gcm"] = ("tiled", "layered", "auto")


# the ciphers that also get a message of 30 KB (many segments, windows and tiles): one
# of each kind of framing
LARGE = ("none", "chacha20", "chacha20-poly1305")


def values(rng: random.Random, cipher: str) -> list[tuple[str, object]]:
    """(type, value) pairs: small and large messages, explicit tags at the top, a SET OF
    the DER writer sorts (its elements given in random order)."""
    def point():
        return {"x": rng.randrange(-1000, 1001), "y": rng.randrange(-1000, 1001)}
    out = [
        ("Point", point()),
        ("TaggedSeq", {"a": True, "b": "abc", "c": 7}),
        ("Points", [point() for _ in range(rng.choice([40, 300]))]),
        ("OfOctets", [bytes(rng.getrandbits(8) for _ in range(rng.randrange(6))) for _ in range(300)]),
        ("SetOfBools", [rng.random() < 0.5 for _ in range(rng.choice([5, 700, 2500]))]),
    ]
    if cipher in LARGE:
        out.append(("Points", [point() for _ in range(3000)]))
    return out


@pytest.fixture(scope="module")
def der_spec():
    return asn1tools.compile_files([str(p) for p in spec_paths(GROUP)], "der")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    return group_harness(tmp_path_factory, GROUP)


def canonical(spec, type_name: str, value) -> bytes:
    """DER of the value: asn1tools', a SET OF's elements sorted (X.690 11.6; asn1tools
    keeps the value's order)."""
    if type_name == "SetOfBools":
        value = sorted(value)
    return spec.encode(type_name, value)


class Case:
    """One value sealed with one cipher and key into one ring geometry."""

    def __init__(self, rng: random.Random, type_name: str, der: bytes, cipher: str):
        self.type, self.der, self.cipher = f"XdrStructs.{type_name}", der, cipher
        self.key = bytes(rng.getrandbits(8) for _ in range(model.DEFAULT_KEYLEN[cipher]))
        self.seq = rng.choice([0, 1, rng.randrange(1 << 63)])
        self.off = 8 * rng.randrange(1 << 20)
        self.seg = rng.choice([8, 64, 1456])
        self.frame(rng, der)

    def frame(self, rng: random.Random, enc: bytes) -> None:
        """The message of encoding enc, and a ring for it (wrapping it or not)."""
        self.msg = model.ber_message(enc, self.cipher, self.key, self.off, self.seq)
        n = len(self.msg)
        self.ring = n + rng.choice([0, 3, 64])
        self.ring_off = rng.choice([0, self.ring - rng.randrange(1, n + 1)]) if n > 1 else 0

    def args(self, verb: str, path: str, encoding: str = "der") -> list[str]:
        a = [verb, self.type, "--encoding", encoding, "--cipher", self.cipher, *PATH_ARGS[path]]
        if self.key:
            a += ["--key", self.key.hex()]
        if self.cipher in model.AEADS:
            a += ["--seq", str(self.seq)]
        else:
            a += ["--stream-off", str(self.off)]
        if verb == "seal":
            a += ["--ring-size", str(self.ring), "--ring-offset", str(self.ring_off), "--seg-payload", str(self.seg),
                  "--seg-sums"]
        return a


def cases(der_spec, seed: str) -> list[Case]:
    rng = random.Random(zlib.crc32(seed.encode()))
    out = []
    for cipher in CIPHERS:
        for type_name, value in values(rng, cipher):
            out.append(Case(rng, type_name, canonical(der_spec, type_name, value), cipher))
    return out


def test_seal_is_the_framing_on_every_path(harness, der_spec):
    """Every path seals the model's bytes with the model's segment sums; BER and DER
    send the same DER (BER encodes as DER), from a BER input in another order."""
    jobs, what = [], []
    for c in cases(der_spec, "seal"):
        for path in PATHS[c.cipher]:
            jobs.append((c.args("seal", path), c.der))
            what.append((c, path, "der"))
        jobs.append((c.args("seal", "auto", "ber"), c.der))
        what.append((c, "auto", "ber"))
    for (c, path, enc), r in zip(what, run_batch(harness, jobs)):
        label = f"{c.type} {c.cipher} {path} --encoding {enc} ({len(c.der)} bytes, seg {c.seg})"
        err = no_crash(r, label)
        assert r.returncode == 0, f"{label}: {err}"
        assert r.stdout == c.msg, f"{label}: sealed bytes differ from the framing's"
        fields = stderr_fields(err)
        sums = [int(s, 16) for s in fields["seg_sums"].split(",")]
        assert sums == model.segment_sums(c.msg, c.seg), f"{label}: segment sums"
        assert int(fields["csum"], 16) == model.csum(c.msg), label
        if path == "auto":  # the runtime's rule (ilpc_ber_msg_rules) is the one --explain states
            assert fields["path"] == ber_path(by_name(c.cipher)), label


def test_open_every_path_and_the_stream_cut_anywhere(harness, der_spec):
    """Every receive path opens the model's messages back into the DER; the stream
    variant (recv_spans) takes them in two pieces cut anywhere, and checks the sum."""
    rng = random.Random(1)
    jobs, what = [], []
    for c in cases(der_spec, "open"):
        for path in PATHS[c.cipher]:
            args = c.args("open", path) + ["--csum", hex(model.csum(c.msg))]
            jobs.append((args, c.msg))
            what.append((c, path))
        if c.cipher != "aes-128-gcm":
            cut = rng.randrange(len(c.msg) + 1)
            jobs.append((c.args("open", "fused") + ["--spans", str(cut)], c.msg))
            what.append((c, f"spans {cut}"))
    for (c, path), r in zip(what, run_batch(harness, jobs)):
        label = f"{c.type} {c.cipher} {path} ({len(c.msg)} bytes)"
        err = no_crash(r, label)
        assert r.returncode == 0, f"{label}: {err}"
        assert r.stdout == c.der, label


def test_cer_messages(harness, der_spec):
    """CER's messages carry CER (indefinite lengths): seal --encoding cer seals what
    roundtrip --to cer writes, and it opens back; the stream variant finds the end
    of a message of cipher none by walking its indefinite lengths, cut anywhere."""
    rng = random.Random(2)
    picked = [c for c in cases(der_spec, "cer") if c.cipher in ("none", "chacha20", "chacha20-poly1305")]
    cer = run_batch(harness, [(["roundtrip", c.type, "--encoding", "der", "--to", "cer"], c.der) for c in picked])
    jobs, what = [], []
    for c, r in zip(picked, cer):
        assert r.returncode == 0, r.stderr
        c.cer = r.stdout
        c.frame(rng, c.cer)
        for path in ("fused", "tiled", "layered"):
            jobs.append((c.args("seal", path, "cer"), c.cer))
            what.append((c, "seal " + path))
            jobs.append((c.args("open", path, "cer"), c.msg))
            what.append((c, "open " + path))
        cut = rng.randrange(len(c.msg) + 1)
        jobs.append((c.args("open", "fused", "cer") + ["--spans", str(cut)], c.msg))
        what.append((c, f"open spans {cut}"))
    for (c, job), r in zip(what, run_batch(harness, jobs)):
        label = f"{c.type} {c.cipher} {job}"
        err = no_crash(r, label)
        assert r.returncode == 0, f"{label}: {err}"
        assert r.stdout == (c.msg if job.startswith("seal") else c.cer), label
    assert any(c.cer != c.der for c in picked), "no value whose CER differs from its DER"


def _flip(data: bytes, at: int, bit: int = 0) -> bytes:
    b = bytearray(data)
    b[at] ^= 1 << bit
    return bytes(b)


def test_rejected_messages(harness, der_spec):
    """Corrupted messages get their own error on every receive path, write nothing,
    free everything (every command's leak check)."""
    rng = random.Random(3)
    jobs, what = [], []
    for c in cases(der_spec, "bad"):
        n = len(c.msg)
        bad = []
        # a bit flipped anywhere, the sum of the original given: the checksum
        bad.append((_flip(c.msg, rng.randrange(n), rng.randrange(8)), ["--csum", hex(model.csum(c.msg))],
                    "bad checksum"))
        if c.cipher in model.AEADS:
            bad.append((_flip(c.msg, 4 + rng.randrange(n - 4)), [], "authentication failed"))
            bad.append((c.msg[:4] + c.msg[4:-1], [], "message length does not match the payload"))
            wrong = struct.pack(">I", len(c.der) + 1) + c.msg[4:]
            bad.append((wrong, [], "message length does not match the payload"))
        elif c.cipher != "none":
            L = len(c.der)
            plain = struct.pack(">I", L + 8) + b"\0" * (-(4 + L) % 8) + c.der
            bad.append((model.encrypt(plain, c.cipher, c.key, c.off), [], "message length does not match the payload"))
            if -(4 + L) % 8:
                plain = struct.pack(">I", L) + b"\1" * (-(4 + L) % 8) + c.der
                bad.append((model.encrypt(plain, c.cipher, c.key, c.off), [], "non-zero padding"))
            bad.append((c.msg[:-8], [], "message length does not match the payload"))
        else:
            bad.append((c.msg[:-1], [], "")) # the decoder's own error: the TLV is cut
            bad.append((c.msg + b"\0", [], "trailing"))
        for data, extra, message in bad:
            for path in PATHS[c.cipher]:
                jobs.append((c.args("open", path) + extra, data))
                what.append((c, path, message))
    for (c, path, message), r in zip(what, run_batch(harness, jobs, leak_check_every=1)):
        label = f"{c.type} {c.cipher} {path}: expected '{message}'"
        err = no_crash(r, label)
        assert r.returncode == 2 and r.stdout == b"", f"{label}: exit {r.returncode}\n{err}"
        assert message in err, f"{label}: {err}"


def test_stream_incomplete_and_limits(harness, der_spec):
    """The stream variant says 'incomplete' while the message is not all there -- its
    header cut, its indefinite form unterminated, its AEAD record short -- and rejects
    a length above the runtime limit before anything is read."""
    der = canonical(der_spec, "Points", [{"x": i, "y": -i} for i in range(200)])
    t = "XdrStructs.Points"
    base = ["open", t, "--encoding", "der"]
    ber_base = ["open", t, "--encoding", "ber"]
    cer = run_batch(harness, [(["roundtrip", t, "--encoding", "der", "--to", "cer"], der)])[0].stdout
    rec = model.ber_message(der, "chacha20-poly1305", b"\1" * 32)
    aead = ["--cipher", "chacha20-poly1305", "--key", "01" * 32]
    jobs = [
        (base + ["--spans", "1"], der[:1], "message incomplete"),
        (base + ["--spans", "2"], der[:3], "message incomplete"),
        (base + ["--spans", "100"], der[:-1], "message incomplete"),
        (ber_base + ["--spans", "7"], cer[:-2], "message incomplete"),  # no end-of-contents yet
        (base + aead + ["--spans", "2"], rec[:3], "message incomplete"),
        (base + aead + ["--spans", "9"], rec[:-1], "message incomplete"),
        (base + ["--spans", "3"], b"\x30\x84\xff\xff\xff\xff" + der[2:], "limit"),
        (base + aead + ["--spans", "3"], b"\xff\xff\xff\xff" + rec[4:], "limit"),
        (base + ["--spans", "3"], b"\x30\x85" + b"\1" * 40, "limit"),
    ]
    for (args, data, message), r in zip(jobs, run_batch(harness, [(a, d) for a, d, _ in jobs], leak_check_every=1)):
        label = f"{args} ({len(data)} bytes): expected '{message}'"
        err = no_crash(r, label)
        assert r.returncode == 2 and r.stdout == b"", f"{label}: exit {r.returncode}\n{err}"
        assert message in err, f"{label}: {err}"
