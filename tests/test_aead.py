"""Records of the authenticated ciphers (docs/ilp.md, "Authenticated records"), end to end
through the generated harness, against an independent implementation: Python's
`cryptography` (OpenSSL), through tests/ilp_model.py.

* every sealed record of every type, by every path (fused for chacha20-poly1305; tiled
  and layered for both AEADs), is byte for byte the standard AEAD's, with the right
  checksums, whatever the ring and segment geometry; and every path opens the records
  `cryptography` makes, the fused stream variant cut anywhere;
* the lengths around the fused loop's windows (and so every split of Poly1305 into the
  parts it is computed in, docs/ciphers.md "Poly1305 out of order") one by one;
* a flipped bit anywhere (length word, ciphertext, tag), random tampering, a wrong record
  number or key: `open` exits 2 and writes nothing, under ASan+UBSan and valgrind;
* the runtime without libcrypto: chacha20-poly1305's tiled path runs on the unit stage,
  and aes-128-gcm is refused with a clear message.
"""
from __future__ import annotations

import random
import shutil
import zlib
from pathlib import Path
from typing import Optional

import pytest

pytest.importorskip("cryptography")

import ilp_model as model  # noqa: E402
from test_ilp import (  # noqa: E402
    ILP_GROUPS, PER_CIPHER, _build, accepted_xdrs, no_crash, oracle, reply_xdr, run, run_all, stderr_fields,
)

pytestmark = [pytest.mark.cbuild, pytest.mark.sanitizers]

AEADS = model.AEADS
# the paths each AEAD has (aes-128-gcm runs in libcrypto only: no fused loop)
PATHS = {"chacha20-poly1305": ("fused", "tiled", "layered"), "aes-128-gcm": ("tiled", "layered")}
PATH_ARGS = {"fused": [], "tiled": ["--tiled"], "layered": ["--layered"]}
GROUPS = ["filetransfer", *ILP_GROUPS]


@pytest.fixture(scope="session")
def harness(tmp_path_factory):
    """The harness of a spec group with every type a message type, built as
    tests/test_ilp.py builds it (the same build, when both files run): sanitized in the
    compact form, "plain" with the per-cipher bodies (test_ilp.PER_CIPHER)."""
    def h(group: str = "filetransfer", variant: str = "asan", make_vars: Optional[tuple] = None) -> Path:
        if make_vars is None:
            make_vars = PER_CIPHER if variant == "plain" else ()
        return _build(tmp_path_factory, group, variant, (), make_vars)
    return h


class Rec:
    """One record: a value's XDR, an AEAD, a key, a record number, a ring geometry."""

    def __init__(self, xdr: bytes, cipher: str, key: bytes, seq: int, ring_extra: int, ring_back: int, seg: int):
        self.xdr, self.cipher, self.key, self.seq = xdr, cipher, key, seq
        self.rec = model.record(xdr, cipher, key, seq)
        n = len(self.rec)
        self.ring = n + ring_extra
        self.offset = max(0, self.ring - ring_back) if ring_back else 0
        self.seg = seg

    @classmethod
    def random(cls, rng: random.Random, xdr: bytes, cipher: str) -> "Rec":
        key = bytes(rng.getrandbits(8) for _ in range(model.DEFAULT_KEYLEN[cipher]))
        seq = rng.choice([0, 1, rng.randrange(1 << 32), rng.randrange(1 << 64), (1 << 64) - 2])
        n = len(xdr) + 20
        return cls(xdr, cipher, key, seq, rng.choice([0, 4, 8, 13, 64]),
                   rng.choice([0, 1, 3, 4, 8, 12, 20, rng.randrange(1, n + 1)]),
                   rng.choice([8, 16, 24, 64, 512, 1456]))

    def args(self, verb: str, type_name: str, path: str) -> list[str]:
        a = [verb, type_name, "--cipher", self.cipher, "--key", self.key.hex(), "--seq", str(self.seq),
             *PATH_ARGS[path]]
        if verb == "seal":
            a += ["--ring-size", str(self.ring), "--ring-offset", str(self.offset), "--seg-payload", str(self.seg),
                  "--seg-sums"]
        return a

    def __repr__(self):
        return f"Rec({self.cipher}, seq={self.seq}, xdr={len(self.xdr)}B, ring={self.ring}@{self.offset}, seg={self.seg})"


def check_records(h: Path, type_name: str, recs: list[Rec], rng: random.Random) -> None:
    jobs, whats = [], []
    for r in recs:
        for path in PATHS[r.cipher]:
            jobs.append((h, r.args("seal", type_name, path), r.xdr))
            whats.append(("seal", r, path))
            csum = ["--show-csum"] if path != "layered" else []
            jobs.append((h, r.args("open", type_name, path) + csum, r.rec))
            whats.append(("open", r, path))
        if "fused" in PATHS[r.cipher]:
            cut = rng.choice([0, 1, 4, 7, 8, 9, len(r.rec) // 2, len(r.rec) - 1, len(r.rec)])
            jobs.append((h, r.args("open", type_name, "fused") + ["--spans", str(cut)], r.rec))
            whats.append(("open", r, f"spans@{cut}"))
    for res, (verb, r, path) in zip(run_all(jobs), whats):
        what = f"{verb} {type_name} {path} {r!r}"
        err = no_crash(res, what)
        assert res.returncode == 0, f"{what}: {err}"
        if verb == "seal":
            assert res.stdout == r.rec, f"{what}: not the standard AEAD's record"
            f = stderr_fields(err)
            assert f.get("csum") == f"0x{model.csum(r.rec):04x}", f"{what}: {err}"
            want = ",".join(f"0x{s:04x}" for s in model.segment_sums(r.rec, r.seg))
            assert f.get("seg_sums") == want, f"{what}: segment sums"
        else:
            assert res.stdout == r.xdr, f"{what}: open does not give the value back"
            if path != "layered" and not path.startswith("spans"):
                # the sum the receive took on the way, of the record as received
                f = stderr_fields(err)
                assert f.get("csum") == f"0x{model.csum(r.rec):04x}", f"{what}: {err}"


def values(h: Path, group: str, type_name: str, k: int = 3) -> list[bytes]:
    from oracle.values import ValueGen
    t = oracle(group).type(type_name)
    gen = ValueGen(seed=zlib.crc32(type_name.encode()), cap=24)
    return accepted_xdrs(h, type_name, [t.encode(gen.value(t)) for _ in range(k)])


def type_params():
    out = []
    for g in GROUPS:
        if g == "filetransfer":
            names = ["FileTransfer.Message", "FileTransfer.Request", "FileTransfer.Reply", "FileTransfer.ErrorReply"]
        else:
            names = oracle(g).type_names()
        out += [pytest.param(g, n, id=f"{g}:{n}") for n in names]
    return out


@pytest.mark.parametrize("group,type_name", type_params())
def test_every_type_every_path(harness, group, type_name):
    """Each type's records, sealed by every path, are `cryptography`'s; every path opens
    them: in the sanitized compact build and in the per-cipher one."""
    h = harness(group)
    xdrs = values(h, group, type_name)
    if not xdrs:
        pytest.skip("no value the XDR codec takes")
    rng = random.Random(zlib.crc32(type_name.encode()) ^ 0xAEAD)
    for hh in (h, harness(group, "plain")):
        check_records(hh, type_name, [Rec.random(rng, x, c) for x in xdrs for c in AEADS], rng)


# The runtime built with 256-byte windows (ILPC_AEAD_WSHIFT=8, the default being 2 KiB):
# a few hundred bytes of message cross several windows.
SMALL_WINDOWS = ("CPPFLAGS=-DILPC_ILP_COMPACT=0 -DILPC_AEAD_WSHIFT=8",)


def test_lengths_across_windows(harness):
    """Every message length (4-byte steps) in the first window of the fused loop, and
    long ones: C ends at every position relative to a unit, a Poly1305 block and a
    segment; unit 0 (part A) is completed last every time."""
    h = harness(variant="plain")
    rng = random.Random(8439)
    recs = []
    for n in list(range(0, 1600, 4)) + [4092, 4093, 4095, 4096, 8191, 16384, 65535, 65536]:
        xdr = reply_xdr(n, rng=rng)
        recs.append(Rec.random(rng, xdr, "chacha20-poly1305"))
        if n % 7 == 0 or n > 1600:
            recs.append(Rec.random(rng, xdr, "aes-128-gcm"))
    check_records(h, "FileTransfer.Reply", recs, rng)


def test_bodies_straight_to_the_ring(harness):
    """Opaque bodies long enough (512 bytes and more) to bypass the tile of the tiled path
    through libcrypto: encrypted straight into the ring, whose wrap falls at every byte
    of a unit, and summed per segment, pieces and segments meeting anywhere; just below
    and above the threshold, and across a 16 KiB piece."""
    h = harness(variant="plain")
    rng = random.Random(5116)
    recs = []
    for n in (500, 504, 508, 512, 513, 520, 4095, 16380, 16384, 16388, 40000):
        xdr = reply_xdr(n, rng=rng)
        for cipher in AEADS:
            for back in range(0, 24, 3 if n < 16000 else 7):
                recs.append(Rec(xdr, cipher, rng.randbytes(model.DEFAULT_KEYLEN[cipher]), rng.randrange(1 << 32),
                                rng.choice([0, 13]), rng.randrange(1, len(xdr) + 21) if back == 0 else back * 37 + 1,
                                rng.choice([8, 24, 1456, 65536])))
    check_records(h, "FileTransfer.Reply", recs, rng)


def test_lengths_across_small_windows(harness):
    """The same with 256-byte windows, through six of them: C ends at every position
    relative to a window, and windows meet the ring's wrap and the segments at every
    place (Poly1305 reads a window from the ring or from its copy of the ciphertext)."""
    h = harness(variant="plain", make_vars=SMALL_WINDOWS)
    rng = random.Random(8440)
    recs = [Rec.random(rng, reply_xdr(n, rng=rng), "chacha20-poly1305")
            for n in list(range(0, 1600, 4)) + [rng.randrange(1600, 9000) for _ in range(8)]]
    check_records(h, "FileTransfer.Reply", recs, rng)


def test_stream_receive_with_more_bytes(harness):
    """The stream receive (--spans) of a record followed by more bytes: the record's
    windows are authenticated against the longer bound (the AD of the bound, windows
    mapped past C's end) and put right at the end: it verifies, and only the bytes
    after it are reported; with a flipped bit, it does not.  Both window sizes."""
    rng = random.Random(8441)
    for h in (harness(variant="plain"), harness(variant="plain", make_vars=SMALL_WINDOWS)):
        jobs, whats = [], []
        for n in (0, 5, 300, 700, 2100, 5000, 9000):
            r = Rec.random(rng, reply_xdr(n, rng=rng), "chacha20-poly1305")
            for extra in (4, 16, 300, 2048, 6000):
                more = r.rec + rng.randbytes(extra)
                cut = rng.choice([0, 8, len(r.rec) // 2, len(r.rec), len(more)])
                args = r.args("open", "FileTransfer.Reply", "fused") + ["--spans", str(cut)]
                jobs.append((h, args, more))
                whats.append((r, extra, cut, True))
                bad = bytearray(more)
                bad[rng.randrange(4, len(r.rec))] ^= 1 << rng.randrange(8)
                jobs.append((h, args, bytes(bad)))
                whats.append((r, extra, cut, False))
        for res, (r, extra, cut, good) in zip(run_all(jobs), whats):
            what = f"open --spans {cut} of {r!r} + {extra} bytes ({'good' if good else 'damaged'})"
            err = no_crash(res, what)
            assert res.returncode == 2 and res.stdout == b"", f"{what}: exit {res.returncode}: {err}"
            if good:
                assert "trailing bytes" in err and "authentication" not in err, f"{what}: {err}"
            else:
                assert "trailing bytes" not in err, f"{what}: {err}"


def flips(rec: bytes, rng: random.Random, k: int) -> list[bytes]:
    out = []
    # every byte of short records, a sample (head, every tag byte, random) of long ones
    positions = range(len(rec)) if len(rec) <= 96 else \
        sorted({*range(8), *range(len(rec) - 20, len(rec)), *(rng.randrange(len(rec)) for _ in range(k))})
    for i in positions:
        b = bytearray(rec)
        b[i] ^= 1 << rng.randrange(8)
        out.append(bytes(b))
    return out


@pytest.mark.parametrize("cipher", AEADS)
def test_tampering_is_rejected(harness, cipher):
    """A flipped bit anywhere, random multi-byte damage, truncation, extension, the wrong
    record number, the wrong key: exit 2, nothing written, nothing leaked (ASan)."""
    h = harness()
    rng = random.Random(hash(cipher) & 0xFFFF)
    jobs, whats = [], []
    for n in (0, 1, 3, 4, 5, 13, 100, 600, 3000):
        r = Rec.random(rng, reply_xdr(n, rng=rng), cipher)
        bad = flips(r.rec, rng, 24)
        for _ in range(8):  # random damage of several bytes
            b = bytearray(r.rec)
            for _ in range(rng.randrange(1, 6)):
                b[rng.randrange(len(b))] = rng.getrandbits(8)
            if bytes(b) != r.rec:
                bad.append(bytes(b))
        bad += [r.rec[:-1], r.rec[:-4], r.rec + b"\0\0\0\0", r.rec[:4] + r.rec[8:]]
        for path in PATHS[cipher]:
            for b in bad:
                jobs.append((h, r.args("open", "FileTransfer.Reply", path), b))
                whats.append((path, r, "damaged"))
            wrong_seq = list(r.args("open", "FileTransfer.Reply", path))
            wrong_seq[wrong_seq.index("--seq") + 1] = str((r.seq + 1) % (1 << 64))
            jobs.append((h, wrong_seq, r.rec))
            whats.append((path, r, "wrong --seq"))
            wrong_key = list(r.args("open", "FileTransfer.Reply", path))
            k = bytearray(r.key)
            k[rng.randrange(len(k))] ^= 0x80
            wrong_key[wrong_key.index("--key") + 1] = bytes(k).hex()
            jobs.append((h, wrong_key, r.rec))
            whats.append((path, r, "wrong key"))
    for res, (path, r, how) in zip(run_all(jobs, leak_check_every=1), whats):
        what = f"open {path} {how} {r!r}"
        err = no_crash(res, what)
        assert res.returncode == 2 and res.stdout == b"", f"{what}: exit {res.returncode}: {err}"
    # a damaged ciphertext under a good length says so
    r = Rec.random(rng, reply_xdr(64, rng=rng), cipher)
    b = bytearray(r.rec)
    b[30] ^= 1
    for path in PATHS[cipher]:
        res = run(h, r.args("open", "FileTransfer.Reply", path), bytes(b))
        assert b"authentication failed" in res.stderr, res.stderr
    # ... and so does one whose damage makes the decoding fail (`last` becomes 2 or 3), on
    # the stream variant of the fused receive too
    b = bytearray(r.rec)
    b[11] ^= 2
    opens = [r.args("open", "FileTransfer.Reply", path) for path in PATHS[cipher]]
    if "fused" in PATHS[cipher]:
        opens += [r.args("open", "FileTransfer.Reply", "fused") + ["--spans", str(cut)] for cut in (0, 7, 50)]
    for args in opens:
        res = run(h, args, bytes(b))
        assert res.returncode == 2 and b"authentication failed" in res.stderr, (args, res.stderr)


@pytest.mark.valgrind
def test_valgrind(harness):
    """Sealing and opening, good and damaged records, under valgrind's memcheck: no
    invalid access, no uninitialised value deciding anything, no leak."""
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind not installed")
    h = harness(variant="plain")
    small = harness(variant="plain", make_vars=SMALL_WINDOWS)
    rng = random.Random(3)
    vg = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=definite"]
    jobs = []
    for cipher in AEADS:
        for n in (0, 5, 700, 5000):
            r = Rec.random(rng, reply_xdr(n, rng=rng), cipher)
            bad = bytearray(r.rec)
            bad[-1] ^= 1
            for path in PATHS[cipher]:
                for hh in (h, small) if path == "fused" else (h,):
                    jobs.append((hh, r.args("seal", "FileTransfer.Reply", path), r.xdr, 0, r.rec))
                    jobs.append((hh, r.args("open", "FileTransfer.Reply", path), r.rec, 0, r.xdr))
                    jobs.append((hh, r.args("open", "FileTransfer.Reply", path), bytes(bad), 2, b""))
    # one valgrind process per harness, each command a child of it that valgrind checks on its own
    for res, (_, args, _, code, out) in zip(run_all([j[:3] for j in jobs], timeout=300, wrapper=vg), jobs):
        assert res.returncode == code, f"{args}: {res.returncode}\n{res.stderr.decode()[-2000:]}"
        assert res.stdout == out, args


def test_without_libcrypto(harness):
    """Built without libcrypto: chacha20-poly1305 still has every path (the tiled one on
    the unit stage), and aes-128-gcm is refused with a message saying why (exit 64)."""
    h = harness(variant="asan", make_vars=("ILPC_LIBCRYPTO=0",))
    rng = random.Random(11)
    check_records(h, "FileTransfer.Reply",
                  [Rec.random(rng, reply_xdr(n, rng=rng), "chacha20-poly1305") for n in (0, 3, 500, 5000, 70000 // 2)],
                  rng)
    res = run(h, ["seal", "FileTransfer.Reply", "--cipher", "aes-128-gcm", "--tiled"], reply_xdr(10))
    assert res.returncode == 64 and b"libcrypto" in res.stderr, res.stderr


def test_message_lengths(harness):
    """FileTransfer.Message records of 0 to 9000 data bytes (several windows), every
    AEAD, in the compact build and in the per-cipher one."""
    for h in (harness(), harness(variant="plain")):
        rng = random.Random(12)
        recs = [Rec.random(rng, b"\0\0\0\1" + reply_xdr(n, rng=rng), c) for n in (0, 7, 2100, 9000) for c in AEADS]
        check_records(h, "FileTransfer.Message", recs, rng)


def test_usage_errors(harness):
    h = harness(variant="plain")
    x = reply_xdr(10)
    res = run(h, ["seal", "FileTransfer.Reply", "--cipher", "aes-128-gcm"], x)
    assert res.returncode == 64 and b"no fused path" in res.stderr, res.stderr
    res = run(h, ["seal", "FileTransfer.Reply", "--cipher", "chacha20", "--seq", "3"], x)
    assert res.returncode == 64 and b"--seq" in res.stderr, res.stderr
    res = run(h, ["seal", "FileTransfer.Reply", "--cipher", "chacha20-poly1305", "--key", "00" * 16], x)
    assert res.returncode == 64, res.stderr
    # the last record number there is: sealed once, never again (the counter cannot wrap)
    r = Rec(x, "chacha20-poly1305", bytes(32), (1 << 64) - 1, 0, 0, 1456)
    for path in PATHS["chacha20-poly1305"]:
        res = run(h, r.args("seal", "FileTransfer.Reply", path), x)
        assert res.returncode == 2 and b"record counter exhausted" in res.stderr, (path, res.stderr)
