#!/usr/bin/env python3
"""ILP benchmark suite: Braun & Diot's (1995) Table 1 (and figures 6-14) on this machine.

    python bench/ilp/run.py              # everything (10-20 minutes on 2 CPUs, an estimate): bench/ilp/results/,
                                         # the plots, and the tables in docs/benchmarks-ilp.md
    python bench/ilp/run.py --quick      # smoke run (< 60 s), into bench/ilp/build/quick/
    python bench/ilp/run.py --report-only   # tables, plots and doc again from results.json
    python bench/ilp/run.py --aead       # the authenticated ciphers against OpenSSL alone (about
                                         # 2 minutes): bench/ilp/results-aead/ and its doc section

For every compiler configuration (--configs) this runs ilpc on
examples/filetransfer/filetransfer.asn1 into bench/ilp/build/<config>/ and builds it with
the generated Makefile (`make`, with CC and CFLAGS given only for the non-default configs;
with --calls also a build of `ilpc --ilp-calls`, the function-pointer variant of Braun &
Diot's section 3.2.1), plus memcpy_bench.c.  The message is FileTransfer.Reply with as many data
bytes as make the whole message (docs/ilp.md, Wire format: the length word, the XDR and the padding)
the given size; its XDR comes from the small encoder below, not from ilpc.  With an
authenticated cipher (chacha20-poly1305, aes-128-gcm) the message is a record BE32(L) | C | T
and the size is that of the XDR (L): the record is 20 bytes more.

Verification, for every config, size and cipher, before anything is timed: every path's
`ilpc-harness seal` writes the same bytes, of the expected length, whose one's complement
sum (computed here) is the harness's csum; for `none` the bytes are the framed XDR itself;
every path's `open --csum` returns the original XDR; for an authenticated cipher the
record starts with BE32(L), and OpenSSL alone (below) writes the same record and opens it
to the same XDR.  Every timed run's output is checked against these too.  Any difference
stops the run with "VERIFY FAILED" and exit status 2.  aes-128-gcm has no fused path: its
ILP (and calls) path is not run.

Timing: `ilpc-harness seal|open ... --repeat N`, N calibrated per path so that one run
takes about --target-ms; --rounds passes over the whole grid (alternating direction),
and within a point the paths interleaved in a rotating order, so that every ratio
layered/ILP is taken between runs made back to back, and its median over the rounds is
reported.  At every size the memcpy reference (memcpy_bench: the C library's memcpy of
the message into the same advancing ring the harness sends into) runs with the `none`
sends: at 64 KiB it gives "the fused send at N% of memcpy bandwidth".  Likewise, beside
every authenticated cipher's paths, in both directions, "OpenSSL alone" (path `openssl`):
aead_bench.c, libcrypto's EVP AEAD over the same XDR bytes with the key set once and, per
message, the nonce, the 4-byte AD and the bytes (sealed into the same kind of ring, or
opened into one buffer), built with the config's compiler and linked with -lcrypto.

Cachegrind (default config; --no-cachegrind to skip): `valgrind --tool=cachegrind
--cache-sim=yes` on seal and open with --repeat R and with --repeat 1; the difference,
divided by the difference of the messages the harness processed (it runs R/10+1 untimed
ones first), is the cost of one message without the harness's fixed costs: Dr, Dw, D1mr
+ D1mw, Ir.  glibc's memcpy copies large blocks with `rep movsb`, which valgrind counts
as one read and one write per byte; the counts are therefore taken with GLIBC_TUNABLES
raising the rep movsb/stosb thresholds, so that the C library uses its vector loops
(one reference per 32 bytes, like the fused loop's AVX2 stores).  The counts as the
default glibc gives them are recorded too (`raw`, cipher none).

Outputs (--out, default bench/ilp/results/): results.json (machine, compilers, flags,
every sample, summaries, targets), results.csv (one row per config, size, cipher,
direction and path), summary.md (the tables), PNG plots (matplotlib, optional).  Not with
--quick or --no-doc: the text between the markers in docs/benchmarks-ilp.md.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import csv
import datetime
import json
import os
import random
import re
import shlex
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import benchlib  # noqa: E402
from benchlib import (BenchError, compiler_version, compile_strict, ilpc_cmd, log, machine,  # noqa: E402
                      quantile, raise_priority, run)
REPO = HERE.parent.parent
SPEC = REPO / "examples" / "filetransfer" / "filetransfer.asn1"
TYPE = "FileTransfer.Reply"
DOC = REPO / "docs" / "benchmarks-ilp.md"
BEGIN, END = "<!-- BEGIN bench/ilp/run.py -->", "<!-- END bench/ilp/run.py -->"
MEMCPY_SRC = HERE / "memcpy_bench.c"
AEAD_SRC = HERE / "aead_bench.c"


SIZES = [256, 512, 768, 1024, 1280, 4096, 16384, 65536]
_TABLE = benchlib.cipher_table().CIPHERS  # compiler/ciphers.py
CIPHERS = [c.name for c in _TABLE]
# authenticated ciphers: a message is a record BE32(L) | C | T (docs/ilp.md), L = the XDR's length
AEAD = {c.name for c in _TABLE if c.aead}
# ciphers with a fused path (a unit stage); the others (aes-128-gcm) are tiled or layered only
FUSED = {c.name for c in _TABLE if c.unit_stage}
KEYS = {c.name: c.bench_key for c in _TABLE}
# a rough cost model (ns per message byte) only to size the calibration runs
COST = {c.name: c.ns_per_byte for c in _TABLE}
DEFAULT_CONFIGS = "default,gcc-O2,clang-O2,gcc-O3native,clang-O3native"
OPS = ("send", "recv")
HARNESS_OP = {"send": "seal", "recv": "open"}
PATH_FLAGS = {"ilp": [], "layered": ["--layered"], "tiled": ["--tiled"], "auto": ["--auto"], "calls": []}
PATH_LABEL = {"ilp": "ILP", "layered": "layered", "tiled": "tiled", "auto": "auto", "calls": "ILP calls",
              "memcpy": "memcpy", "openssl": "OpenSSL alone"}
# --aead: the authenticated ciphers against OpenSSL alone, into their own results and doc section
AEAD_SIZES = "1024,16384,65536"
AEAD_CONFIGS = "default,gcc-O2,clang-O3native"
AEAD_BEGIN, AEAD_END = "<!-- BEGIN bench/ilp/run.py --aead -->", "<!-- END bench/ilp/run.py --aead -->"
# the targets for the authenticated ciphers, at 64 KiB of XDR
AEAD_TARGET_SIZE = 65536
T_AEAD_FUSED, T_AEAD_OPENSSL, T_AEAD_GCM = 1.1, 2.0, 1.3
CG_TUNABLES = "glibc.cpu.x86_rep_movsb_threshold=1073741824:glibc.cpu.x86_rep_stosb_threshold=1073741824"

# Braun & Diot (1995), Table 1 (Annex): file transfer throughput (Mbit/s) ILP, non-ILP; packet
# processing times (us) ILP send, ILP receive, non-ILP send, non-ILP receive.
PAPER_TABLE1 = {
    "SS10-30": {256: (1.74, 1.58, 128, 118, 124, 141), 512: (3.22, 2.58, 187, 176, 201, 228),
                768: (4.35, 4.15, 260, 263, 289, 280), 1024: (5.43, 4.95, 311, 300, 369, 356),
                1280: (6.02, 4.3, 374, 363, 468, 456)},
    "SS10-41": {256: (2.34, 2.19, 103, 90, 101, 123), 512: (4.35, 3.67, 149, 144, 169, 182),
                768: (5.53, 5.27, 192, 194, 248, 241), 1024: (6.68, 5.95, 248, 249, 315, 312),
                1280: (8.39, 6.88, 304, 300, 379, 379)},
    "SS10-51": {256: (3.02, 2.64, 77, 72, 91, 88), 512: (5.41, 4.69, 124, 116, 147, 147),
                768: (7.78, 7.01, 158, 158, 202, 195), 1024: (9.23, 8.35, 194, 206, 241, 240),
                1280: (9.48, 8.65, 239, 248, 301, 310)},
    "SS20-60": {256: (3.45, 3.26, 65, 61, 82, 79), 512: (7.17, 6.52, 98, 96, 112, 110),
                768: (9.05, 8.09, 130, 141, 159, 155), 1024: (10.44, 8.86, 162, 163, 212, 204),
                1280: (11.66, 9.61, 199, 199, 253, 256)},
    "AXP3000/500": {256: (2.52, 2.53, 100, 73, 103, 73), 512: (4.43, 4.30, 135, 109, 149, 120),
                    768: (6.07, 5.72, 174, 156, 195, 163), 1024: (7.40, 6.95, 214, 195, 252, 195),
                    1280: (8.59, 8.07, 252, 227, 302, 237)},
    "AXP3000/600": {256: (2.57, 2.59, 85, 74, 86, 73), 512: (4.36, 4.39, 122, 93, 137, 109),
                    768: (6.36, 6.12, 146, 127, 162, 140), 1024: (7.83, 7.52, 187, 160, 214, 167),
                    1280: (8.98, 8.56, 227, 191, 256, 201)},
    "AXP3000/800": {256: (3.51, 3.46, 69, 55, 70, 54), 512: (5.98, 5.90, 100, 85, 107, 80),
                    768: (8.02, 7.46, 127, 110, 150, 114), 1024: (9.78, 9.30, 164, 139, 189, 151),
                    1280: (11.44, 10.72, 193, 165, 244, 183)},
}

# The suite's performance targets (1 KiB messages unless said otherwise).
TARGET_SIZE = 1024
T_SEND_FAST, T_RECV_FAST, T_SAFER, T_MEMREFS, T_MEMCPY = 1.6, 1.5, 1.1, 0.45, 0.80


class VerifyError(BenchError):
    pass


# --------------------------------------------------------------------------- message
def xdr_reply(size: int, seed: int = 3) -> bytes:
    """XDR of FileTransfer.Reply {sequence-number 7, last FALSE, data, digest absent} whose
    message (BE32(L) | XDR | pad to 8) is exactly `size` bytes: L = 16 + roundup4(n), so
    n = size - 20 (size is a multiple of 8, at least 24)."""
    if size % 8 or size < 24 or size - 20 > 65536:
        raise BenchError(f"message size {size}: must be a multiple of 8 in 24..65556")
    n = size - 20
    data = random.Random(seed * 1_000_003 + size).randbytes(n)
    return struct.pack(">III", 7, 0, n) + data + b"\0" * (-n % 4) + struct.pack(">I", 0)


def xdr_exact(size: int, seed: int = 3) -> bytes:
    """XDR of FileTransfer.Reply {7, FALSE, data, digest absent} that is exactly `size` bytes
    (n = size - 16 data bytes): what an authenticated cipher's record (BE32(L) | C | T,
    20 + L bytes) carries, so that L = size."""
    if size % 4 or size < 16 or size - 16 > 65536:
        raise BenchError(f"XDR size {size} (authenticated ciphers): must be a multiple of 4 in 16..65552")
    n = size - 16
    data = random.Random(seed * 1_000_003 + size).randbytes(n)
    return struct.pack(">III", 7, 0, n) + data + struct.pack(">I", 0)


def point_xdr(size: int, cipher: str) -> bytes:
    """The value measured at `size`: the message is `size` bytes for the ciphers whose message
    is BE32(L) | XDR | padding, the XDR is `size` bytes for the authenticated ones."""
    return xdr_exact(size) if cipher in AEAD else xdr_reply(size)


def msg_len(size: int, cipher: str) -> int:
    """Bytes of the message sent at `size` (docs/ilp.md): a record is 20 + L."""
    return size + 20 if cipher in AEAD else size


def frame(xdr: bytes) -> bytes:
    """The plain text of a message: BE32(L) | XDR | zero padding to a multiple of 8."""
    m = struct.pack(">I", len(xdr)) + xdr
    return m + b"\0" * (-len(m) % 8)


ones_sum = benchlib.ones_sum


# --------------------------------------------------------------------------- configs
@dataclass
class Config:
    name: str                 # as asked: default, gcc-O2, clang-O3native, or cc:flags
    cc: str                   # what make runs
    flags: str
    default: bool = False     # built with the Makefile's own CC and CFLAGS
    aliases: list[str] = field(default_factory=list)
    cc_version: str = ""
    cc_path: str = ""

    @property
    def slug(self) -> str:
        return re.sub(r"[^A-Za-z0-9]+", "_", self.name).strip("_")

    @property
    def label(self) -> str:
        what = f"{Path(self.cc).name} {self.flags}".strip()
        return f"{self.name} ({what})" if self.default or ":" in self.name else self.name


def makefile_defaults(makefile: Path) -> tuple[str, str]:
    text = makefile.read_text()
    cc = re.search(r"^CC\s*\?=\s*(.*)$", text, re.M)
    cf = re.search(r"^CFLAGS\s*\?=\s*(.*)$", text, re.M)
    # make's built-in CC is cc, which a `CC ?=` line does not override
    return (cc.group(1).strip() if cc else "cc"), (cf.group(1).strip() if cf else "")


def parse_config(name: str, mk_cc: str, mk_flags: str) -> Config:
    cc, flags, default = benchlib.parse_config(name, mk_cc, mk_flags)
    return Config(name, cc, flags, default=default)


def resolve_configs(names: list[str], mk_cc: str, mk_flags: str) -> list[Config]:
    """Configs to build, one per distinct (compiler binary, flags): `default` is the
    generated Makefile's CC and CFLAGS (cc -O2), which on a machine whose cc is gcc is
    the same build as gcc-O2."""
    out: list[Config] = []
    for n in names:
        c = parse_config(n, mk_cc, mk_flags)
        exe = shutil.which(c.cc)
        if exe is None:
            log(f"compiler {c.cc} not found: config {n} skipped")
            continue
        c.cc_path = os.path.realpath(exe)
        c.cc_version = compiler_version(c.cc)
        same = next((o for o in out if o.cc_path == c.cc_path and o.flags.split() == c.flags.split()), None)
        if same:
            same.aliases.append(n)
            continue
        out.append(c)
    return out


# --------------------------------------------------------------------------- build
def build_one(cfg: Config, out: Path, calls: bool) -> Path:
    benchlib.ilpc_generate(SPEC, out, "--pdu", "FileTransfer.Reply", *(["--ilp-calls"] if calls else []))
    if cfg.default:
        benchlib.make(out)
    else:
        benchlib.make(out, cc=cfg.cc, cflags=cfg.flags)
    exe = out / "ilpc-harness"
    if not exe.is_file():
        raise BenchError(f"{exe} was not built")
    return exe


def build_memcpy(cfg: Config, out: Path) -> Path:
    exe = out / "memcpy_bench"
    if not exe.exists() or exe.stat().st_mtime < MEMCPY_SRC.stat().st_mtime:
        compile_strict(cfg.cc, cfg.flags, [MEMCPY_SRC, "-o", exe])
    return exe


def build_aead(cfg: Config, out: Path) -> Path:
    """aead_bench (OpenSSL alone), with the config's compiler and flags, linked with libcrypto."""
    exe = out / "aead_bench"
    if not exe.exists() or exe.stat().st_mtime < AEAD_SRC.stat().st_mtime:
        libs = benchlib.libcrypto_libs()
        if not libs:
            raise BenchError("the authenticated ciphers need OpenSSL's libcrypto 3 (apt-get install libssl-dev "
                             "pkg-config): not found")
        compile_strict(cfg.cc, cfg.flags, [AEAD_SRC, "-o", exe, *libs])
    return exe


@dataclass
class Built:
    harness: Path
    calls: Path | None
    memcpy: Path
    dir: Path
    aead: Path | None = None


def build_all(configs: list[Config], bdir: Path, calls_for: set[str], aead: bool = False) -> dict[str, Built]:
    """One build at a time (each make runs -j<cpus>): every config, and the --ilp-calls
    variant for the configs in calls_for; with aead, aead_bench too."""
    res: dict[str, Built] = {}
    for c in configs:
        for is_calls in (False, True) if c.name in calls_for else (False,):
            d = bdir / (f"{c.slug}-calls" if is_calls else c.slug)
            t0 = time.monotonic()
            exe = build_one(c, d, is_calls)
            log(f"built {d} ({c.label}{', ilpc --ilp-calls' if is_calls else ''}) in {time.monotonic() - t0:.0f} s")
            if is_calls:
                res[c.name].calls = exe
            else:
                res[c.name] = Built(exe, None, build_memcpy(c, d), d, build_aead(c, d) if aead else None)
    return res


def probe_tiled(exe: Path, xdr: bytes, msg: bytes) -> dict[str, bool]:
    """Whether this harness has the tiled path (--tiled), per direction: the usage text
    mentions it and the option is accepted."""
    p = subprocess.run([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if b"--tiled" not in p.stderr:
        return {"send": False, "recv": False}
    res = {}
    for op, data in (("send", xdr), ("recv", msg)):
        q = subprocess.run([str(exe), HARNESS_OP[op], TYPE, "--tiled"], input=data,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        res[op] = q.returncode == 0
    return res


# --------------------------------------------------------------------------- harness runs
def harness_args(exe: Path, op: str, path: str, cipher: str, repeat: int, csum: int | None) -> list[str]:
    if path == "openssl":
        # aead_bench: OpenSSL's AEAD alone, record number 0 like the harness's default --seq
        return [str(exe), HARNESS_OP[op], cipher, KEYS[cipher], "0", str(max(1, repeat))]
    args = [str(exe), HARNESS_OP[op], TYPE, "--cipher", cipher]
    if KEYS[cipher]:
        args += ["--key", KEYS[cipher]]
    args += PATH_FLAGS[path]
    if repeat:
        args += ["--repeat", str(repeat)]
    if op == "recv" and csum is not None:
        args += ["--csum", f"0x{csum:04x}"]
    return args


def point_paths(pp: dict[str, list[str]], cipher: str, aead_ref: bool) -> dict[str, list[str]]:
    """The paths measured for one cipher, per direction, from the config's: no fused path
    (ilp, calls) for a cipher without a unit stage (aes-128-gcm); OpenSSL alone beside the
    authenticated ciphers."""
    out = {}
    for op in OPS:
        ps = [p for p in pp[op] if cipher in FUSED or p not in ("ilp", "calls")]
        if cipher in AEAD and aead_ref:
            ps.append("openssl")
        out[op] = ps
    return out


@dataclass
class Point:
    """What one (config, size, cipher) needs: inputs and the verified outputs."""
    config: str
    size: int
    cipher: str
    xdr: bytes
    msg: bytes = b""
    csum: int = 0
    auto_path: dict[str, str] = field(default_factory=dict)  # op -> the path --auto reported


def verify_point(pt: Point, exes: dict[str, Path], paths: dict[str, list[str]], inject: bool) -> None:
    """Seals with every path, checks the bytes agree (and with the model where there is one),
    then opens with every path; raises VerifyError on any difference.  OpenSSL alone (the
    authenticated ciphers) must write the same record and open it to the same XDR."""
    where = f"{pt.config}, {pt.size} bytes, {pt.cipher}"
    msgs = {}
    for path in paths["send"]:
        p = subprocess.run(harness_args(exes[path], "send", path, pt.cipher, 0, None), input=pt.xdr,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        err = p.stderr.decode(errors="replace")
        if p.returncode != 0:
            raise VerifyError(f"{where}: seal ({path}) failed, exit {p.returncode}: {err.strip()}")
        if path == "openssl":
            msgs[path] = (p.stdout, None)
            continue
        m = re.search(r"csum=0x([0-9a-f]{4})", err)
        if not m:
            raise VerifyError(f"{where}: seal ({path}) printed no csum: {err.strip()}")
        if path == "auto":
            a = re.search(r"path=(\w+)", err)
            pt.auto_path["send"] = a.group(1) if a else "?"
        out = p.stdout
        if inject and path == "ilp" and out:
            out = out[:len(out) // 2] + bytes([out[len(out) // 2] ^ 0x01]) + out[len(out) // 2 + 1:]
        msgs[path] = (out, int(m.group(1), 16))
    ref_path = next(p for p in paths["send"] if p != "openssl")
    msg, csum = msgs[ref_path]
    want = msg_len(pt.size, pt.cipher)
    if len(msg) != want:
        raise VerifyError(f"{where}: seal ({ref_path}) wrote {len(msg)} bytes, expected {want}")
    for path, (b, s) in msgs.items():
        if b != msg:
            i = next(k for k in range(min(len(b), len(msg)) + 1) if k >= min(len(b), len(msg)) or b[k] != msg[k])
            raise VerifyError(f"{where}: seal ({path}) and seal ({ref_path}) differ (first at byte {i} of "
                              f"{len(msg)}/{len(b)})")
        if s is not None and s != csum:
            raise VerifyError(f"{where}: seal ({path}) csum 0x{s:04x} != seal ({ref_path}) 0x{csum:04x}")
    if ones_sum(msg) != csum:
        raise VerifyError(f"{where}: the harness's csum 0x{csum:04x} is not the sum of the message "
                          f"(0x{ones_sum(msg):04x})")
    if pt.cipher == "none" and msg != frame(pt.xdr):
        raise VerifyError(f"{where}: cipher none: the message is not BE32(L) | XDR | padding")
    if pt.cipher in AEAD and msg[:4] != struct.pack(">I", len(pt.xdr)):
        raise VerifyError(f"{where}: the record does not start with BE32(L)")
    for path in paths["recv"]:
        p = subprocess.run(harness_args(exes[path], "recv", path, pt.cipher, 0, csum), input=msg,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != 0:
            raise VerifyError(f"{where}: open ({path}) of the sealed message failed, exit {p.returncode}: "
                              f"{p.stderr.decode(errors='replace').strip()}")
        if p.stdout != pt.xdr:
            raise VerifyError(f"{where}: open ({path}) returned a different value ({len(p.stdout)} bytes of XDR, "
                              f"expected {len(pt.xdr)})")
        if path == "auto":
            a = re.search(r"path=(\w+)", p.stderr.decode(errors="replace"))
            pt.auto_path["recv"] = a.group(1) if a else "?"
    pt.msg, pt.csum = msg, csum


def timed(exe: Path, pt: Point, op: str, path: str, repeat: int, preexec=None) -> float:
    """One timed run (of the harness, of memcpy_bench for path memcpy, of aead_bench for
    path openssl); the output is checked against the verified one."""
    if path == "memcpy":
        args, stdin, expect = [str(exe), str(pt.size), str(repeat)], None, None
    else:
        args = harness_args(exe, op, path, pt.cipher, repeat, pt.csum)
        stdin = pt.xdr if op == "send" else pt.msg
        expect = pt.msg if op == "send" else pt.xdr
    p = subprocess.run(args, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=preexec)
    err = p.stderr.decode(errors="replace")
    where = f"{pt.config}, {pt.size} bytes, {pt.cipher}, {HARNESS_OP[op]} ({path})"
    if p.returncode != 0:
        raise VerifyError(f"{where} --repeat {repeat}: exit {p.returncode}: {err.strip()}")
    if expect is not None and p.stdout != expect:
        raise VerifyError(f"{where} --repeat {repeat}: output differs from the verified one")
    m = re.search(r"ns_per_msg=([0-9.]+)", err)
    if not m:
        raise BenchError(f"{where}: no ns_per_msg in: {err.strip()}")
    return float(m.group(1))


# --------------------------------------------------------------------------- cachegrind
def cg_counts(args: list[str], stdin: bytes, tmp: Path, raw: bool) -> dict[str, int]:
    fd, name = tempfile.mkstemp(prefix="cg.", suffix=".out", dir=tmp)
    os.close(fd)
    env = dict(os.environ)
    if not raw:
        env["GLIBC_TUNABLES"] = CG_TUNABLES
    else:
        env.pop("GLIBC_TUNABLES", None)
    try:
        p = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes", f"--cachegrind-out-file={name}"]
                           + args, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        if p.returncode != 0:
            raise BenchError(f"valgrind failed (exit {p.returncode}): {shlex.join(args)}\n"
                             f"{p.stderr.decode(errors='replace')[-2000:]}")
        text = Path(name).read_text()
    finally:
        os.unlink(name)
    ev = re.search(r"^events:\s*(.*)$", text, re.M).group(1).split()
    sm = re.search(r"^summary:\s*(.*)$", text, re.M).group(1).split()
    return dict(zip(ev, map(int, sm)))


def harness_msgs(repeat: int) -> int:
    """Messages one `--repeat R` run processes: the verified one, R/10+1 untimed, R timed."""
    return 1 + (repeat + repeat // 10 + 1 if repeat else 0)


def cachegrind_point(exes: dict[str, Path], pt: Point, op: str, path: str, tmp: Path, raw: bool,
                     quick: bool = False) -> dict:
    r2 = 16 if quick else max(8, min(100, (2 << 20) // pt.size))
    r1 = 1
    stdin = pt.xdr if op == "send" else pt.msg
    a = cg_counts(harness_args(exes[path], op, path, pt.cipher, r1, pt.csum), stdin, tmp, raw)
    b = cg_counts(harness_args(exes[path], op, path, pt.cipher, r2, pt.csum), stdin, tmp, raw)
    n = harness_msgs(r2) - harness_msgs(r1)
    per = {k: (b[k] - a[k]) / n for k in b}
    return {"config": pt.config, "size": pt.size, "cipher": pt.cipher, "op": op, "path": path,
            "glibc": "default" if raw else "vector-memcpy", "messages": n,
            "Ir": per["Ir"], "Dr": per["Dr"], "Dw": per["Dw"], "refs": per["Dr"] + per["Dw"],
            "D1mr": per["D1mr"], "D1mw": per["D1mw"], "D1miss": per["D1mr"] + per["D1mw"],
            "DLmr": per["DLmr"], "DLmw": per["DLmw"]}


# --------------------------------------------------------------------------- statistics
def summarize(samples: list[dict], configs: list[str]) -> list[dict]:
    """One row per (config, size, cipher, op): per path median/p25/p75/min; ratios of
    layered (or memcpy) over each path, per round, and their median; for the authenticated
    ciphers each path's time over OpenSSL alone's, likewise."""
    groups: dict[tuple, dict[str, dict[int, float]]] = {}
    for s in samples:
        groups.setdefault((s["config"], s["size"], s["cipher"], s["op"]), {}).setdefault(s["path"], {})[
            s["round"]] = s["ns"]
    order = {c: i for i, c in enumerate(configs)}
    rows = []
    for (cfg, size, cipher, op), by_path in sorted(groups.items(), key=lambda kv: (
            order.get(kv[0][0], 99), kv[0][1], CIPHERS.index(kv[0][2]) if kv[0][2] in CIPHERS else 99, kv[0][3])):
        row = {"config": cfg, "size": size, "cipher": cipher, "op": op, "msg_len": msg_len(size, cipher),
               "paths": {}, "ratio": {}}
        for path, rs in by_path.items():
            v = list(rs.values())
            row["paths"][path] = {"median": statistics.median(v), "p25": quantile(v, 0.25),
                                  "p75": quantile(v, 0.75), "min": min(v), "n": len(v)}
        base = by_path.get("layered")
        for path, rs in by_path.items():
            if path in ("layered", "memcpy", "openssl") or not base:
                continue
            pairs = [base[r] / rs[r] for r in rs if r in base and rs[r] > 0]
            if pairs:
                row["ratio"][path] = {"median": statistics.median(pairs), "p25": quantile(pairs, 0.25),
                                      "p75": quantile(pairs, 0.75), "of_medians":
                                      row["paths"]["layered"]["median"] / row["paths"][path]["median"]}
        ref = by_path.get("openssl")
        if ref:
            row["vs_openssl"] = {}
            for path, rs in by_path.items():
                if path == "openssl":
                    continue
                pairs = [rs[r] / ref[r] for r in rs if r in ref and ref[r] > 0]
                if pairs:
                    row["vs_openssl"][path] = {"median": statistics.median(pairs), "p25": quantile(pairs, 0.25),
                                               "p75": quantile(pairs, 0.75), "of_medians":
                                               row["paths"][path]["median"] / row["paths"]["openssl"]["median"]}
        mc = by_path.get("memcpy")
        if mc and "ilp" in by_path:
            pairs = [mc[r] / by_path["ilp"][r] for r in by_path["ilp"] if r in mc]
            row["memcpy_share"] = {"median": statistics.median(pairs), "p25": quantile(pairs, 0.25),
                                   "p75": quantile(pairs, 0.75)}
        rows.append(row)
    return rows


def find(rows: list[dict], **kw) -> dict | None:
    return next((r for r in rows if all(r.get(k) == v for k, v in kw.items())), None)


def evaluate_targets(rows: list[dict], cg: list[dict], configs: list[str], default: str | None) -> list[dict]:
    out = []

    def ratio_target(cfg: str, cipher: str, op: str, goal: float, what: str) -> None:
        r = find(rows, config=cfg, size=TARGET_SIZE, cipher=cipher, op=op)
        if r is None or "ilp" not in r["ratio"]:
            return
        v = r["ratio"]["ilp"]["median"]
        out.append({"config": cfg, "what": what, "goal": f">= {goal:g}x", "value": v,
                    "shown": f"{v:.2f}x", "met": v >= goal})

    for c in configs:
        for cipher in (x.name for x in _TABLE if x.on_copy):  # none, xor
            ratio_target(c, cipher, "send", T_SEND_FAST, f"1 KiB {cipher}: ILP send faster than layered")
            ratio_target(c, cipher, "recv", T_RECV_FAST, f"1 KiB {cipher}: ILP receive faster than layered")
        for op in OPS:
            ratio_target(c, "safer-simple", op, T_SAFER,
                         f"1 KiB safer-simple: ILP {'send' if op == 'send' else 'receive'} faster than layered")
        r = find(rows, config=c, size=65536, cipher="none", op="send")
        if r and "memcpy_share" in r:
            v = r["memcpy_share"]["median"]
            out.append({"config": c, "what": "64 KiB none: fused send's bandwidth / memcpy's",
                        "goal": f">= {T_MEMCPY:.0%}", "value": v, "shown": f"{v:.0%}", "met": v >= T_MEMCPY})
    out += aead_targets(rows, configs)
    for op in OPS:
        i = next((x for x in cg if x["size"] == TARGET_SIZE and x["cipher"] == "none" and x["op"] == op
                  and x["path"] == "ilp" and x["glibc"] == "vector-memcpy"), None)
        l_ = next((x for x in cg if x["size"] == TARGET_SIZE and x["cipher"] == "none" and x["op"] == op
                   and x["path"] == "layered" and x["glibc"] == "vector-memcpy"), None)
        if i and l_:
            v = 1 - i["refs"] / l_["refs"]
            out.append({"config": default or i["config"], "what": f"1 KiB none, {'send' if op == 'send' else 'receive'}:"
                        " fewer data references (Dr+Dw) with ILP, cachegrind",
                        "goal": f">= {T_MEMREFS:.0%}", "value": v,
                        "shown": f"{v:.0%} ({i['refs']:.0f} vs {l_['refs']:.0f})", "met": v >= T_MEMREFS})
    return out


AEAD_PATH_WORD = {"ilp": "fused", "auto": "auto", "tiled": "tiled", "layered": "layered"}


def aead_targets(rows: list[dict], configs: list[str]) -> list[dict]:
    """The targets for the authenticated ciphers, at 64 KiB of XDR, per config and direction:
    chacha20-poly1305's fused path (and auto's, when measured) >= 1.1x faster than layered
    and within 2.0x of OpenSSL alone; aes-128-gcm's best path within 1.3x of OpenSSL alone.
    Every ratio is the median of the per-round ratios."""
    out = []
    kib = AEAD_TARGET_SIZE // 1024
    for c in configs:
        for op in OPS:
            word = "send" if op == "send" else "receive"
            r = find(rows, config=c, size=AEAD_TARGET_SIZE, cipher="chacha20-poly1305", op=op)
            if r:
                for path in ("ilp", "auto"):
                    if path in r["ratio"]:
                        v = r["ratio"][path]["median"]
                        what = AEAD_PATH_WORD[path] + (f" (took {r['auto_path']})" if path == "auto"
                                                       and r.get("auto_path") else "")
                        out.append({"config": c, "what": f"{kib} KiB chacha20-poly1305: {what} {word} faster "
                                    "than layered", "goal": f">= {T_AEAD_FUSED:g}x", "value": v,
                                    "shown": f"{v:.2f}x", "met": v >= T_AEAD_FUSED})
                for path in ("ilp", "auto"):
                    if path in r.get("vs_openssl", {}):
                        v = r["vs_openssl"][path]["median"]
                        out.append({"config": c, "what": f"{kib} KiB chacha20-poly1305: {AEAD_PATH_WORD[path]} "
                                    f"{word} / OpenSSL alone", "goal": f"<= {T_AEAD_OPENSSL:g}x", "value": v,
                                    "shown": f"{v:.2f}x", "met": v <= T_AEAD_OPENSSL})
            r = find(rows, config=c, size=AEAD_TARGET_SIZE, cipher="aes-128-gcm", op=op)
            if r and r.get("vs_openssl"):
                cand = [p for p in ("tiled", "layered") if p in r["vs_openssl"]]  # auto is one of them
                if cand:
                    best = min(cand, key=lambda p: r["paths"][p]["median"])
                    v = r["vs_openssl"][best]["median"]
                    out.append({"config": c, "what": f"{kib} KiB aes-128-gcm: best path ({AEAD_PATH_WORD[best]}) "
                                f"{word} / OpenSSL alone", "goal": f"<= {T_AEAD_GCM:g}x", "value": v,
                                "shown": f"{v:.2f}x", "met": v <= T_AEAD_GCM})
    return out


# --------------------------------------------------------------------------- machine
def fmt_ns(v: float) -> str:
    return f"{v:.1f}" if v < 100 else f"{v:.0f}"


def fmt_pct(v: float) -> str:
    t = f"{100 * v:.0f}%"
    return "0%" if t == "-0%" else t


def cfg_label(res: dict, name: str) -> str:
    c = next((c for c in res["configs"] if c["name"] == name), None)
    if not c:
        return name
    s = c["label"]
    if c["aliases"]:
        s += " = " + ", ".join(c["aliases"])
    return s


def render_head(res: dict) -> list[str]:
    m = res["machine"]
    L = []
    L.append(f"Command: `{res['command']}`; {res['date']}; {res['elapsed_s'] / 60:.1f} minutes.  ")
    L.append(f"Machine: {m.get('Model name', '?')}, {m.get('cpus')} CPUs "
             f"({m.get('Hypervisor vendor', 'no hypervisor reported')}; AVX2 {'yes' if m.get('avx2') else 'no'}, "
             f"AVX-512 {'yes' if m.get('avx512f') else 'no'}), Linux {m.get('kernel')}, {m.get('glibc', '')}; "
             f"load average {res['load'][0]:.2f} at the start, {res['load'][1]:.2f} at the end"
             + (" (a busy, shared machine: other processes competed for the 2 CPUs)" if max(res['load']) >
                0.5 + 0.25 * (m.get('cpus') or 1) else "") + ".  ")
    L.append("Configurations: " + "; ".join(f"**{cfg_label(res, c['name'])}** ({c['cc_version']})"
                                           for c in res["configs"]) + ".  ")
    L.append(f"Timing: `ilpc-harness seal|open {TYPE} --repeat N` (N for about {res['target_ms']:g} ms per run), "
             f"{res['rounds']} rounds, paths interleaved; median ns per message; ratio = layered / path, "
             f"the median of the per-round ratios (> 1: faster than layered).")
    L.append("")
    tg = res.get("targets") or []
    if tg:
        L += ["### Targets (the suite's performance goals)", "", "| config | target | goal | measured | |", "|---|---|---|---|---|"]
        for t in tg:
            L.append(f"| {cfg_label(res, t['config'])} | {t['what']} | {t['goal']} | {t['shown']} | "
                     f"{'met' if t['met'] else '**missed**'} |")
        L.append("")
    return L


def render_aead(res: dict) -> list[str]:
    """The authenticated ciphers: every path against OpenSSL alone, per config, cipher, size
    and direction."""
    rows = res["rows"]
    ciphers = [c for c in res["ciphers"] if c in AEAD]
    if not ciphers:
        return []
    L = ["### Authenticated ciphers", "",
         "Median ns per message (a record of XDR + 20 bytes: BE32(L) | C | T); in parentheses the time / "
         "OpenSSL alone's (the median of the per-round ratios: < 1 faster, > 1 slower).  **OpenSSL alone**: "
         "`bench/ilp/aead_bench.c`, libcrypto's EVP AEAD over the same XDR bytes (key set once; per message "
         "the nonce, the 4-byte AD and the bytes; the record written into the same advancing ring, or opened "
         "into one buffer), no marshalling and no checksum.  `layered / fused`: the median of the per-round "
         "ratios.  auto: the path `--auto` took.  aes-128-gcm has no fused path.", "",
         "| config | cipher | XDR bytes | direction | fused | tiled | layered | auto | OpenSSL alone | "
         "OpenSSL GB/s | layered / fused |", "|---|---|--:|---|--:|--:|--:|--:|--:|--:|--:|"]
    for c in [x["name"] for x in res["configs"]]:
        for cipher in ciphers:
            for size in res["sizes"]:
                for op in OPS:
                    r = find(rows, config=c, size=size, cipher=cipher, op=op)
                    if not r:
                        continue
                    vs = r.get("vs_openssl", {})

                    def cell(path):
                        if path not in r["paths"]:
                            return "-"
                        t = fmt_ns(r["paths"][path]["median"])
                        return f"{t} ({vs[path]['median']:.2f})" if path in vs else t
                    auto = cell("auto")
                    if auto != "-" and r.get("auto_path"):
                        auto += f" {r['auto_path']}"
                    ref = r["paths"].get("openssl")
                    ref_ns = fmt_ns(ref["median"]) if ref else "-"
                    ref_bw = f"{r['msg_len'] / ref['median']:.2f}" if ref else "-"
                    lf = f"{r['ratio']['ilp']['median']:.2f}" if "ilp" in r["ratio"] else "-"
                    L.append(f"| {c} | {cipher} | {size} | {'send' if op == 'send' else 'receive'} | {cell('ilp')} | "
                             f"{cell('tiled')} | {cell('layered')} | {auto} | {ref_ns} | {ref_bw} | {lf} |")
    L.append("")
    return L


def render(res: dict, plot_prefix: str) -> str:
    if res.get("preset") == "aead":
        return "\n".join(render_head(res) + render_aead(res)).rstrip() + "\n"
    rows, cg = res["rows"], res.get("cachegrind") or []
    configs = [c["name"] for c in res["configs"]]
    default = res.get("default_config") or configs[0]
    paths = res["paths_measured"]
    L = render_head(res)
    # Table 1 analogue: default config, safer-simple (the paper's cipher) and the others
    t1 = [s for s in res["sizes"] if s <= 1280] or res["sizes"]
    L += [f"### Table 1 on this machine ({cfg_label(res, default)})", "",
          "Packet processing time per message in ns (the paper's Table 1 gives µs and end-to-end throughput; "
          "the throughput is bench/filetransfer's job).  `safer-simple` is the paper's simplified SAFER K-64.", ""]
    hdr = "| cipher | size | ILP send | ILP receive | layered send | layered receive | send ratio | receive ratio |"
    extra = [p for p in paths if p not in ("ilp", "layered", "openssl")]
    for p in extra:
        hdr += f" {PATH_LABEL[p]} send | {PATH_LABEL[p]} receive |"
    L += [hdr, "|---|--:|--:|--:|--:|--:|--:|--:|" + "--:|--:|" * len(extra)]
    for cipher in res["ciphers"]:
        for size in res["sizes"]:
            s, r = find(rows, config=default, size=size, cipher=cipher, op="send"), \
                find(rows, config=default, size=size, cipher=cipher, op="recv")
            if not s or not r:
                continue

            def ns(row, path):
                return fmt_ns(row["paths"][path]["median"]) if path in row["paths"] else "-"

            def rt(row, path):
                return f"{row['ratio'][path]['median']:.2f}" if path in row["ratio"] else "-"
            line = (f"| {cipher} | {size} | {ns(s, 'ilp')} | {ns(r, 'ilp')} | {ns(s, 'layered')} | {ns(r, 'layered')} | "
                    f"{rt(s, 'ilp')} | {rt(r, 'ilp')} |")
            for p in extra:
                cells = []
                for row in (s, r):
                    if p in row["paths"] and p in row["ratio"]:
                        cells.append(f"{fmt_ns(row['paths'][p]['median'])} ({row['ratio'][p]['median']:.2f})")
                    else:
                        cells.append("-")
                line += " " + " | ".join(cells) + " |"
            L.append(line)
    L.append("")
    # beside the paper: ratios non-ILP / ILP
    L += ["### Beside the paper's Table 1: time non-ILP / time ILP, send / receive", "",
          "| | " + " | ".join(str(s) for s in t1) + " |", "|---|" + "--:|" * len(t1)]
    for plat, d in PAPER_TABLE1.items():
        cells = [f"{d[s][4] / d[s][2]:.2f} / {d[s][5] / d[s][3]:.2f}" if s in d else "-" for s in t1]
        L.append(f"| paper, {plat} (simplified SAFER K-64) | " + " | ".join(cells) + " |")
    for cipher in res["ciphers"]:
        cells = []
        for s in t1:
            a, b = find(rows, config=default, size=s, cipher=cipher, op="send"), \
                find(rows, config=default, size=s, cipher=cipher, op="recv")
            cells.append(f"{a['ratio']['ilp']['median']:.2f} / {b['ratio']['ilp']['median']:.2f}"
                         if a and b and "ilp" in a["ratio"] and "ilp" in b["ratio"] else "-")
        L.append(f"| this machine, {cipher} | " + " | ".join(cells) + " |")
    L.append("")
    # every config
    if len(configs) > 1 or len(res["sizes"]) > 1:
        L += ["### Every configuration: ratio layered / ILP, send / receive", "",
              "| config | cipher | " + " | ".join(str(s) for s in res["sizes"]) + " |",
              "|---|---|" + "--:|" * len(res["sizes"])]
        for c in configs:
            for cipher in res["ciphers"]:
                cells = []
                for s in res["sizes"]:
                    a, b = find(rows, config=c, size=s, cipher=cipher, op="send"), \
                        find(rows, config=c, size=s, cipher=cipher, op="recv")
                    cells.append(f"{a['ratio']['ilp']['median']:.2f} / {b['ratio']['ilp']['median']:.2f}"
                                 if a and b and "ilp" in a["ratio"] and "ilp" in b["ratio"] else "-")
                L.append(f"| {c} | {cipher} | " + " | ".join(cells) + " |")
        L.append("")
        sz = TARGET_SIZE if TARGET_SIZE in res["sizes"] else res["sizes"][0]
        L += [f"{sz}-byte messages, ns per message (median) in every configuration:", "",
              "| config | cipher | ILP send | layered send | ratio | ILP receive | layered receive | ratio |",
              "|---|---|--:|--:|--:|--:|--:|--:|"]
        for c in configs:
            for cipher in res["ciphers"]:
                a, b = find(rows, config=c, size=sz, cipher=cipher, op="send"), \
                    find(rows, config=c, size=sz, cipher=cipher, op="recv")
                if a and b and "ilp" in a["ratio"] and "ilp" in b["ratio"]:
                    L.append(f"| {c} | {cipher} | {fmt_ns(a['paths']['ilp']['median'])} | "
                             f"{fmt_ns(a['paths']['layered']['median'])} | {a['ratio']['ilp']['median']:.2f} | "
                             f"{fmt_ns(b['paths']['ilp']['median'])} | {fmt_ns(b['paths']['layered']['median'])} | "
                             f"{b['ratio']['ilp']['median']:.2f} |")
        L.append("")
    if "calls" in paths:
        L += ["### The function-pointer variant (`ilpc --ilp-calls`)", "",
              "ns per message; `x layered` = layered time / calls time (< 1: slower than layered); "
              "`x ILP` = calls time / inlined ILP time.", "",
              "| config | cipher | size | send: calls | ILP | layered | x layered | x ILP | receive: calls | ILP | "
              "layered | x layered | x ILP |", "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
        for r in rows:
            if r["op"] != "send" or "calls" not in r["paths"]:
                continue
            q = find(rows, config=r["config"], size=r["size"], cipher=r["cipher"], op="recv")
            cells = []
            for x in (r, q):
                if x and "calls" in x["paths"]:
                    p = x["paths"]
                    cells += [fmt_ns(p["calls"]["median"]), fmt_ns(p["ilp"]["median"]), fmt_ns(p["layered"]["median"]),
                              f"{x['ratio']['calls']['median']:.2f}", f"{p['calls']['median'] / p['ilp']['median']:.1f}"]
                else:
                    cells += ["-"] * 5
            L.append(f"| {r['config']} | {r['cipher']} | {r['size']} | " + " | ".join(cells) + " |")
        L.append("")
    mrows = [r for r in rows if "memcpy_share" in r]
    if mrows:
        L += ["### Against memcpy (cipher none, send)", "",
              "memcpy: the C library's memcpy of the whole message into the same advancing ring "
              "(`bench/ilp/memcpy_bench.c`); share = memcpy time / fused send time = the fused send's "
              "bandwidth as a share of memcpy's (median of the per-round ratios).", "",
              "| config | size | memcpy ns | memcpy GB/s | fused send ns | fused GB/s | share |",
              "|---|--:|--:|--:|--:|--:|--:|"]
        for r in mrows:
            mc, il = r["paths"]["memcpy"]["median"], r["paths"]["ilp"]["median"]
            L.append(f"| {r['config']} | {r['size']} | {fmt_ns(mc)} | {r['size'] / mc:.1f} | {fmt_ns(il)} | "
                     f"{r['size'] / il:.1f} | {fmt_pct(r['memcpy_share']['median'])} |")
        L.append("")
    if cg:
        L += [f"### Cachegrind: per message, {cg[0]['config']}, the harness's fixed costs subtracted", "",
              "Dr, Dw: data reads and writes (one per instruction that touches memory, whatever its width); "
              "misses: D1mr + D1mw (32 KiB 8-way D1 simulated).  glibc's memcpy/memset kept off "
              "`rep movsb`/`rep stosb` (see the notes); `raw`: glibc as it is, which valgrind counts per byte.", "",
              "| cipher | size | dir | ILP Dr | ILP Dw | layered Dr | layered Dw | refs ILP / layered | fewer | "
              "D1 misses ILP / layered | Ir ILP / layered | raw refs ILP / layered |",
              "|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
        keyset = sorted({(x["cipher"], x["size"], x["op"]) for x in cg},
                        key=lambda k: (CIPHERS.index(k[0]) if k[0] in CIPHERS else 99, k[1], k[2] != "send"))
        for ci, s, op in keyset:
            def g(path, glibc="vector-memcpy"):
                return next((x for x in cg if (x["cipher"], x["size"], x["op"], x["path"], x["glibc"])
                             == (ci, s, op, path, glibc)), None)
            i, l_ = g("ilp"), g("layered")
            if not i or not l_:
                continue
            ri, rl = g("ilp", "default"), g("layered", "default")
            raw = f"{ri['refs']:.0f} / {rl['refs']:.0f}" if ri and rl else "-"
            L.append(f"| {ci} | {s} | {op} | {i['Dr']:.0f} | {i['Dw']:.0f} | {l_['Dr']:.0f} | {l_['Dw']:.0f} | "
                     f"{i['refs']:.0f} / {l_['refs']:.0f} | {fmt_pct(1 - i['refs'] / l_['refs'])} | "
                     f"{max(0.0, i['D1miss']):.0f} / {max(0.0, l_['D1miss']):.0f} | {i['Ir']:.0f} / {l_['Ir']:.0f} | {raw} |")
        tiled_cg = [x for x in cg if x["path"] == "tiled"]
        if tiled_cg:
            L += ["", "Tiled path: " + "; ".join(f"{x['cipher']} {x['size']} {x['op']}: refs {x['refs']:.0f}, "
                                                  f"misses {x['D1miss']:.0f}" for x in tiled_cg
                                                  if x["glibc"] == "vector-memcpy")]
        L.append("")
    L += render_aead(res)
    if res.get("plots"):
        L += ["### Plots", ""]
        for p in res["plots"]:
            L.append(f"![{p}]({plot_prefix}{p})")
            L.append("")
    for n in res.get("notes", []):
        L.append(f"- note: {n}")
    return "\n".join(L).rstrip() + "\n"


def write_csv(res: dict, path: Path) -> None:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["config", "cc", "cflags", "size", "cipher", "direction", "path", "median_ns", "p25_ns",
                    "p75_ns", "min_ns", "rounds", "ratio_layered_over_path", "ratio_p25", "ratio_p75",
                    "memcpy_share"])
        cfgs = {c["name"]: c for c in res["configs"]}
        for r in res["rows"]:
            c = cfgs[r["config"]]
            for path, s in r["paths"].items():
                rt = r["ratio"].get(path)
                w.writerow([r["config"], c["cc"], c["flags"], r["size"], r["cipher"], r["op"], path,
                            f"{s['median']:.2f}", f"{s['p25']:.2f}", f"{s['p75']:.2f}", f"{s['min']:.2f}", s["n"],
                            f"{rt['median']:.4f}" if rt else "", f"{rt['p25']:.4f}" if rt else "",
                            f"{rt['p75']:.4f}" if rt else "",
                            f"{r['memcpy_share']['median']:.4f}" if path == "ilp" and "memcpy_share" in r else ""])


# --------------------------------------------------------------------------- plots
def plots(res: dict, outdir: Path, only: set[str] | None = None) -> list[str]:
    """Draw the plots into OUTDIR (those named in ONLY, if given); their names."""
    plt = benchlib.pyplot()
    if plt is None:
        return []

    def wanted(name: str) -> bool:
        return only is None or name in only

    rows, made = res["rows"], []
    sizes, ciphers = res["sizes"], res["ciphers"]
    style = {"ilp": ("C0", "-", "o"), "layered": ("C3", "--", "s"), "tiled": ("C2", "-.", "^"),
             "calls": ("C4", ":", "v"), "memcpy": ("0.4", ":", "."), "openssl": ("C1", ":", "x")}

    def xaxis(ax):
        ax.set_xscale("log", base=2)
        ax.set_xticks(sizes)
        # on a log axis 512..1280 crowd: label the powers of 4 only
        ax.set_xticklabels([(f"{s // 1024}K" if s >= 1024 else str(s)) if s in (256, 1024, 4096, 16384, 65536)
                            else "" for s in sizes], fontsize=7)
        ax.grid(alpha=0.3)

    # (a) time vs size per cipher, send and receive, one figure per config
    for c in res["configs"]:
        name = f"time_{c['slug']}.png"
        if not wanted(name):
            continue
        fig, axes = plt.subplots(2, len(ciphers), figsize=(3.6 * len(ciphers), 6.4), squeeze=False)
        for j, cipher in enumerate(ciphers):
            for i, op in enumerate(OPS):
                ax = axes[i][j]
                pts = [find(rows, config=c["name"], size=s, cipher=cipher, op=op) for s in sizes]
                for path in ("ilp", "layered", "tiled", "calls", "memcpy", "openssl"):
                    xs = [s for s, r in zip(sizes, pts) if r and path in r["paths"]]
                    if not xs:
                        continue
                    st = [r["paths"][path] for r in pts if r and path in r["paths"]]
                    med = [x["median"] / 1000 for x in st]
                    err = [[(x["median"] - x["p25"]) / 1000 for x in st], [(x["p75"] - x["median"]) / 1000 for x in st]]
                    col, ls, mk = style[path]
                    ax.errorbar(xs, med, yerr=err, color=col, linestyle=ls, marker=mk, markersize=3, capsize=2,
                                label=PATH_LABEL[path])
                xaxis(ax)
                ax.set_yscale("log")
                ax.set_title(f"{cipher}: {'send' if op == 'send' else 'receive'}", fontsize=9)
                if j == 0:
                    ax.set_ylabel("µs per message (median)")
                if i == 1:
                    ax.set_xlabel("message size (bytes)")
        axes[0][0].legend(fontsize=7)
        fig.suptitle(f"Packet processing time, ILP vs layered (Braun & Diot figs. 6, 7, 10, 11) - {c['label']}")
        fig.tight_layout(rect=(0, 0, 1, 0.97))
        fig.savefig(outdir / name, dpi=100)
        plt.close(fig)
        made.append(name)

    # (b) ratio vs size: rows = configs, columns = send, receive
    cfgs = res["configs"]
    if wanted("ratio.png"):
        fig, axes = plt.subplots(len(cfgs), 2, figsize=(11, 3.2 * len(cfgs)), squeeze=False, sharey=True)
        for i, c in enumerate(cfgs):
            for j, op in enumerate(OPS):
                ax = axes[i][j]
                for k, cipher in enumerate(ciphers):
                    pts = [find(rows, config=c["name"], size=s, cipher=cipher, op=op) for s in sizes]
                    xs = [s for s, r in zip(sizes, pts) if r and "ilp" in r["ratio"]]
                    ys = [r["ratio"]["ilp"] for r in pts if r and "ilp" in r["ratio"]]
                    if xs:
                        ax.plot(xs, [y["median"] for y in ys], "-o", markersize=3, color=f"C{k}", label=cipher)
                        ax.fill_between(xs, [y["p25"] for y in ys], [y["p75"] for y in ys], color=f"C{k}", alpha=0.15)
                ax.axhline(1, color="k", linewidth=0.8)
                ax.axhline(T_SEND_FAST if op == "send" else T_RECV_FAST, color="k", linewidth=0.6, linestyle=":")
                xaxis(ax)
                ax.set_title(f"{c['label']}: {'send' if op == 'send' else 'receive'}", fontsize=9)
                if j == 0:
                    ax.set_ylabel("layered / ILP time")
                if i == len(cfgs) - 1:
                    ax.set_xlabel("message size (bytes)")
        axes[0][0].legend(fontsize=7)
        fig.suptitle("ILP speed-up over layered (> 1: ILP faster; dotted: the 1 KiB none/xor target)")
        fig.tight_layout(rect=(0, 0, 1, 0.97))
        fig.savefig(outdir / "ratio.png", dpi=100)
        plt.close(fig)
        made.append("ratio.png")

    # (a') the paper's range on linear axes, default config: figures 6, 7 and 11
    small = [x for x in sizes if x <= 1280]
    d = res.get("default_config") or res["configs"][0]["name"]
    if len(small) >= 2 and wanted("table1_range.png"):
        fig, axes = plt.subplots(2, len(ciphers), figsize=(3.4 * len(ciphers), 6), squeeze=False)
        for j, cipher in enumerate(ciphers):
            for i, op in enumerate(OPS):
                ax = axes[i][j]
                for path in ("ilp", "layered", "tiled", "calls"):
                    pts = [find(rows, config=d, size=x, cipher=cipher, op=op) for x in small]
                    xs = [x for x, r in zip(small, pts) if r and path in r["paths"]]
                    if xs and path != "calls":
                        col, ls, mk = style[path]
                        ax.plot(xs, [r["paths"][path]["median"] / 1000 for r in pts if r and path in r["paths"]],
                                color=col, linestyle=ls, marker=mk, markersize=3, label=PATH_LABEL[path])
                ax.set_ylim(bottom=0)
                ax.set_xticks(small)
                ax.grid(alpha=0.3)
                ax.set_title(f"{cipher}: {'send' if op == 'send' else 'receive'}", fontsize=9)
                if j == 0:
                    ax.set_ylabel("µs per message (median)")
                if i == 1:
                    ax.set_xlabel("message size (bytes)")
        axes[0][0].legend(fontsize=7)
        fig.suptitle(f"The range of Braun & Diot's Table 1 and figures 6, 7, 11 - {cfg_label(res, d)}")
        fig.tight_layout(rect=(0, 0, 1, 0.97))
        fig.savefig(outdir / "table1_range.png", dpi=100)
        plt.close(fig)
        made.append("table1_range.png")

    # (c) cachegrind: figures 13 and 14; rows = ciphers; columns: references and misses,
    # send and receive, per message byte
    cg = [x for x in res.get("cachegrind") or [] if x["glibc"] == "vector-memcpy"]
    if cg and wanted("cachegrind.png"):
        cgc = [c for c in ciphers if any(x["cipher"] == c for x in cg)]
        cgs = sorted({x["size"] for x in cg})
        fig, axes = plt.subplots(len(cgc), 4, figsize=(17, 2.9 * len(cgc) + 0.8), squeeze=False)
        xs = list(range(len(cgs)))
        w = 0.38
        for i, cipher in enumerate(cgc):
            for k, op in enumerate(OPS):
                sel = {(x["size"], x["path"]): x for x in cg if x["cipher"] == cipher and x["op"] == op}
                ax_r, ax_m = axes[i][k], axes[i][2 + k]
                for off, path, color in ((-w / 2, "ilp", "C0"), (w / 2, "layered", "C3")):
                    def per(key):
                        return [sel[(x, path)][key] / x if (x, path) in sel else 0 for x in cgs]
                    dr, dw = per("Dr"), per("Dw")
                    ax_r.bar([x + off for x in xs], dr, w, color=color, label=f"{PATH_LABEL[path]} reads")
                    ax_r.bar([x + off for x in xs], dw, w, bottom=dr, color=color, alpha=0.45,
                             label=f"{PATH_LABEL[path]} writes")
                    ax_m.bar([x + off for x in xs], [max(0.0, v) for v in per("D1miss")], w, color=color,
                             label=f"{PATH_LABEL[path]} D1 misses")
                for ax, what in ((ax_r, "data references"), (ax_m, "D1 misses")):
                    ax.set_xticks(xs)
                    ax.set_xticklabels([f"{x // 1024}K" if x >= 4096 else str(x) for x in cgs], fontsize=7)
                    ax.set_title(f"{cipher}, {'send' if op == 'send' else 'receive'}: {what}", fontsize=9)
                    ax.grid(alpha=0.3, axis="y")
            axes[i][0].set_ylabel("per message byte")
        axes[0][0].legend(fontsize=7)
        axes[0][2].legend(fontsize=7)
        for ax in axes[-1]:
            ax.set_xlabel("message size (bytes)")
        fig.suptitle(f"Cachegrind per message / message size (Braun & Diot figs. 13, 14) - {cg[0]['config']}")
        fig.tight_layout(rect=(0, 0, 1, 0.97))
        fig.savefig(outdir / "cachegrind.png", dpi=100)
        plt.close(fig)
        made.append("cachegrind.png")
    return made


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--quick", action="store_true",
                    help="smoke run (< 1 minute): 1 KiB and 64 KiB, none, xor and chacha20-poly1305, the default "
                    "config, 3 rounds "
                    "of ~5 ms runs, cachegrind on 16 messages (no raw counts), no --calls; into build/quick/")
    ap.add_argument("--aead", action="store_true",
                    help=f"the authenticated ciphers against OpenSSL alone: ciphers {','.join(sorted(AEAD))}, sizes "
                    f"{AEAD_SIZES}, configs {AEAD_CONFIGS}, paths ilp,layered,tiled,auto, 11 rounds, no --calls, "
                    "no cachegrind, no plots; into bench/ilp/results-aead and the section between its own "
                    "markers in docs/benchmarks-ilp.md (the other options still apply)")
    ap.add_argument("--sizes", help=f"message sizes in bytes (default {','.join(map(str, SIZES))}); for the "
                    "authenticated ciphers the size of the XDR (the record is 20 bytes more)")
    ap.add_argument("--ciphers", help=f"default {','.join(CIPHERS)}")
    ap.add_argument("--configs", help=f"default {DEFAULT_CONFIGS} (default = the generated Makefile's CC and "
                    "CFLAGS; configs that are the same build are measured once); also CC-O2, CC-O3native, CC:FLAGS")
    ap.add_argument("--paths", help="ilp,layered[,tiled][,auto] (tiled: if the harness has "
                    "--tiled; auto: T_send/T_recv, the path ilpc --ilp auto chose, see bench/auto)")
    ap.add_argument("--calls", action=argparse.BooleanOptionalAction, default=None,
                    help="also build with ilpc --ilp-calls and time its ILP path (default: on, off with --quick)")
    ap.add_argument("--calls-configs", default="default", help="configs measured with --calls (default: default; all)")
    ap.add_argument("--no-cachegrind", action="store_true")
    ap.add_argument("--cg-ciphers", default="all",
                    help="ciphers counted with cachegrind, among those timed (default all; e.g. none,xor)")
    ap.add_argument("--rounds", type=int, help="passes over the grid (default 7; quick 3)")
    ap.add_argument("--target-ms", type=float, help="length of one timed run (default 60; quick 5)")
    ap.add_argument("--out", type=Path, help="results directory (default bench/ilp/results; quick: "
                    "bench/ilp/build/quick)")
    ap.add_argument("--build-dir", type=Path, default=HERE / "build")
    ap.add_argument("--no-doc", action="store_true", help="do not rewrite the tables in docs/benchmarks-ilp.md")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--no-priority", dest="priority", action="store_false",
                    help="do not run the timed processes at nice -20 (tried by default; needs root)")
    ap.add_argument("--report-only", action="store_true",
                    help="no measuring: redo the tables, plots and the doc from --out's results.json")
    ap.add_argument("--inject-mismatch", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    a.paths_given = a.paths is not None
    a.paths = a.paths or "ilp,layered"

    if a.aead:
        if a.quick:
            ap.error("--aead and --quick: choose one")
        a.ciphers = a.ciphers or ",".join(c for c in CIPHERS if c in AEAD)
        a.sizes = a.sizes or AEAD_SIZES
        a.configs = a.configs or AEAD_CONFIGS
        a.paths = a.paths if a.paths_given else "ilp,layered,tiled,auto"
        a.calls = False if a.calls is None else a.calls
        a.no_cachegrind, a.no_plots = True, True
        a.rounds = a.rounds or 11
        a.out = a.out or HERE / "results-aead"
    if a.report_only:
        outdir = a.out or (a.build_dir / "quick" if a.quick else HERE / "results")
        res = json.loads((outdir / "results.json").read_text())
        return report(res, outdir, a.no_plots, doc=not res["quick"] and not a.no_doc)
    started = time.monotonic()
    date = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    load0 = os.getloadavg()
    quick = a.quick
    sizes = [int(s) for s in (a.sizes or ("1024,65536" if quick else ",".join(map(str, SIZES)))).split(",") if s]
    # --quick: the ciphers that ride on the copy and the fused authenticated one
    quick_ciphers = [c.name for c in _TABLE if c.on_copy or (c.aead and c.unit_stage)]
    ciphers = [c for c in (a.ciphers or ",".join(quick_ciphers if quick else CIPHERS)).split(",") if c]
    bad = [c for c in ciphers if c not in CIPHERS]
    if bad:
        ap.error(f"unknown cipher(s): {', '.join(bad)}")
    paths = [p for p in a.paths.split(",") if p]
    if "ilp" not in paths or "layered" not in paths or any(p not in ("ilp", "layered", "tiled", "auto") for p in paths):
        ap.error("--paths: ilp and layered, optionally tiled and auto")
    calls = a.calls if a.calls is not None else not quick
    rounds = a.rounds or (3 if quick else 7)
    target_ms = a.target_ms or (5.0 if quick else 60.0)
    outdir = a.out or (a.build_dir / "quick" if quick else HERE / "results")
    for s in sizes:
        for c in ciphers:
            point_xdr(s, c)  # validates

    mach = machine()
    try:
        # the default config: what the generated Makefile says
        a.build_dir.mkdir(parents=True, exist_ok=True)
        probe_dir = a.build_dir / "probe-makefile"
        run(ilpc_cmd() + [str(SPEC), "-o", str(probe_dir), "--pdu", "FileTransfer.Reply"])
        mk_cc, mk_flags = makefile_defaults(probe_dir / "Makefile")
        configs = resolve_configs([c for c in (a.configs or ("default" if quick else DEFAULT_CONFIGS)).split(",")
                                   if c], mk_cc, mk_flags)
        if not configs:
            raise BenchError("no configuration to measure")
        default_cfg = next((c.name for c in configs if c.default), None)
        wanted = set(a.calls_configs.split(","))
        calls_for = {c.name for c in configs if a.calls_configs == "all" or c.name in wanted or wanted & set(c.aliases)}
        if calls and not calls_for:
            calls_for = {configs[0].name}
        log(f"configs: {'; '.join(c.label + (' = ' + ','.join(c.aliases) if c.aliases else '') for c in configs)}")
        log(f"building into {a.build_dir}")
        aead_ref = any(c in AEAD for c in ciphers)
        built = build_all(configs, a.build_dir, calls_for if calls else set(), aead=aead_ref)
        notes: list[str] = []

        # points, tiled detection and verification
        points: dict[tuple[str, int, str], Point] = {}
        cfg_paths: dict[str, dict[str, list[str]]] = {}
        for c in configs:
            b = built[c.name]
            xdr0 = xdr_reply(sizes[0])
            tiled = probe_tiled(b.harness, xdr0, frame(xdr0)) if "tiled" in paths else {"send": False, "recv": False}
            pp = {}
            for op in OPS:
                pp[op] = (["ilp", "layered"] + (["tiled"] if tiled[op] else []) + (["auto"] if "auto" in paths else [])
                          + (["calls"] if b.calls else []))
            if "tiled" in paths and not all(tiled.values()):
                msg = (f"{c.name}: the harness has no --tiled for "
                       f"{' and '.join(HARNESS_OP[o] for o in OPS if not tiled[o])}; the tiled path is not measured"
                       + (" there" if any(tiled.values()) else ""))
                log("WARNING: " + msg)
                notes.append(msg)
            cfg_paths[c.name] = pp
        exes_of = {c.name: {"ilp": built[c.name].harness, "layered": built[c.name].harness,
                            "tiled": built[c.name].harness, "auto": built[c.name].harness, "calls": built[c.name].calls,
                            "memcpy": built[c.name].memcpy, "openssl": built[c.name].aead} for c in configs}
        # the paths of each cipher, per config and direction
        cpaths = {(c.name, cipher): point_paths(cfg_paths[c.name], cipher, aead_ref) for c in configs
                  for cipher in ciphers}
        nver = 0
        for c in configs:
            for size in sizes:
                for cipher in ciphers:
                    pt = Point(c.name, size, cipher, point_xdr(size, cipher))
                    verify_point(pt, exes_of[c.name], cpaths[(c.name, cipher)], a.inject_mismatch)
                    points[(c.name, size, cipher)] = pt
                    nver += 1
        log(f"verify: {nver} points, every path seals the same bytes and opens them back to the value: OK")

        # calibration
        preexec = raise_priority if a.priority else None
        repeat: dict[tuple, int] = {}
        units = []
        for c in configs:
            for size in sizes:
                for cipher in ciphers:
                    for op in OPS:
                        for path in cpaths[(c.name, cipher)][op]:
                            units.append((c.name, size, cipher, op, path))
                        if op == "send" and cipher == "none":
                            units.append((c.name, size, cipher, op, "memcpy"))
        t_cal = time.monotonic()
        for u in units:
            cname, size, cipher, op, path = u
            est = 40 + size * (COST["none"] if path == "memcpy" else COST[cipher]) * (10 if path == "calls" else 1)
            probe = max(5, int(min(2.0, target_ms / 10) * 1e6 / est))
            ns = timed(exes_of[cname][path], points[(cname, size, cipher)], op, path, probe, preexec)
            repeat[u] = max(5, min(50_000_000, int(target_ms * 1e6 / max(ns, 1.0))))
        log(f"calibrated {len(units)} runs in {time.monotonic() - t_cal:.0f} s; timing {rounds} rounds of "
            f"~{target_ms:g} ms runs ({len(units) * rounds} runs)")

        # timing: rounds over the whole grid, paths interleaved within each point
        samples = []
        for rnd in range(rounds):
            t_r = time.monotonic()
            for c in configs:
                for size in (sizes if rnd % 2 == 0 else sizes[::-1]):
                    for cipher in ciphers:
                        for op in OPS:
                            pl = list(cpaths[(c.name, cipher)][op]) + (["memcpy"] if op == "send" and cipher == "none"
                                                                         else [])
                            k = rnd % len(pl)
                            pl = pl[k:] + pl[:k]
                            if rnd % 2:
                                pl.reverse()
                            for path in pl:
                                u = (c.name, size, cipher, op, path)
                                exe = exes_of[c.name][path]
                                pt = points[(c.name, size, cipher)]
                                ns = timed(exe, pt, op, path, repeat[u], preexec)
                                samples.append({"config": c.name, "size": size, "cipher": cipher, "op": op,
                                                "path": path, "round": rnd, "repeat": repeat[u], "ns": ns})
            log(f"round {rnd + 1}/{rounds} done in {time.monotonic() - t_r:.0f} s")

        # cachegrind
        cg: list[dict] = []
        if not a.no_cachegrind:
            if shutil.which("valgrind") is None:
                notes.append("valgrind not installed: no cachegrind counts")
                log("WARNING: valgrind not installed (apt-get install valgrind): no cachegrind counts")
            else:
                c0 = next((c for c in configs if c.default), configs[0])
                cgc = [x for x in ciphers if a.cg_ciphers == "all" or x in a.cg_ciphers.split(",")]
                jobs = []
                for size in sizes:
                    for cipher in cgc:
                        for op in OPS:
                            for path in cpaths[(c0.name, cipher)][op]:
                                if path in ("calls", "openssl"):
                                    continue
                                jobs.append((points[(c0.name, size, cipher)], op, path, False))
                                if cipher == "none" and path in ("ilp", "layered") and not quick:
                                    jobs.append((points[(c0.name, size, cipher)], op, path, True))
                t_cg = time.monotonic()
                with tempfile.TemporaryDirectory(prefix="ilpc-cg-") as tmp, \
                        concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
                    futs = [pool.submit(cachegrind_point, exes_of[c0.name], pt, op, path, Path(tmp), raw, quick)
                            for pt, op, path, raw in jobs]
                    cg = [f.result() for f in futs]
                log(f"cachegrind: {len(jobs)} counts ({2 * len(jobs)} valgrind runs) in "
                    f"{time.monotonic() - t_cg:.0f} s")
    except VerifyError as e:
        log(f"\nVERIFY FAILED: {e}")
        return 2
    except BenchError as e:
        log(f"\nBENCHMARK FAILED: {e}")
        return 1

    load1 = os.getloadavg()
    paths_measured = ["ilp", "layered"] + [p for p in ("tiled", "auto", "calls") if any(
        p in pp[op] for pp in cfg_paths.values() for op in OPS)] + (["openssl"] if aead_ref else [])
    libcrypto = ""
    if aead_ref:
        q = subprocess.run(["pkg-config", "--modversion", "libcrypto"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True) if shutil.which("pkg-config") else None
        libcrypto = f"libcrypto {q.stdout.strip()}" if q and q.returncode == 0 else "libcrypto"
    cmd = "python bench/ilp/run.py" + ("" if argv is None and len(sys.argv) == 1 else
                                       " " + shlex.join(argv if argv is not None else sys.argv[1:]))
    try:
        commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.strip() != ""
    except OSError:
        commit, dirty = "", False
    res = {
        "command": cmd, "date": date, "quick": quick, "ilpc_commit": commit + ("+dirty" if dirty else ""),
        "machine": mach, "load": [load0[0], load1[0]], "load_full": [list(load0), list(load1)],
        "makefile_defaults": {"CC": mk_cc, "CFLAGS": mk_flags, "WARNINGS": "-std=c11 -Wall -Wextra -Werror -pedantic"},
        "configs": [{"name": c.name, "label": c.label, "slug": c.slug, "cc": c.cc, "cc_path": c.cc_path,
                     "flags": c.flags, "makefile_default": c.default, "aliases": c.aliases,
                     "cc_version": c.cc_version, "calls_built": built[c.name].calls is not None}
                    for c in configs],
        "default_config": default_cfg, "sizes": sizes, "ciphers": ciphers, "keys": KEYS, "type": TYPE,
        "rounds": rounds, "target_ms": target_ms, "paths_requested": paths, "paths_measured": paths_measured,
        "paths_per_config": cfg_paths, "priority": "nice -20" if a.priority and os.geteuid() == 0 else "normal",
        "cachegrind_env": f"GLIBC_TUNABLES={CG_TUNABLES}", "notes": notes,
        "preset": "aead" if a.aead else None,
        "paths_per_cipher": {f"{k[0]}|{k[1]}": v for k, v in cpaths.items()},
        "auto_paths": {f"{k[0]}|{k[1]}|{k[2]}|{op}": path for k, pt in points.items()
                       for op, path in pt.auto_path.items()},
        "openssl_reference": {"program": "bench/ilp/aead_bench.c", "library": libcrypto} if aead_ref else None,
        "cachegrind": cg, "samples": samples,
    }
    res["elapsed_s"] = time.monotonic() - started
    return report(res, outdir, a.no_plots, doc=not quick and not a.no_doc)


def dump_json(res: dict) -> str:
    """res as indented JSON, but one line per sample (thousands of them)."""
    mark = "\"@SAMPLES@\""
    text = json.dumps({**res, "samples": "@SAMPLES@"}, indent=1)
    lines = ",\n  ".join(json.dumps(x, separators=(",", ":")) for x in res["samples"])
    return text.replace(mark, "[\n  " + lines + "\n ]", 1) + "\n"


def report(res: dict, outdir: Path, no_plots: bool, doc: bool) -> int:
    """Summaries, targets, plots, results.json/.csv, summary.md and the doc, from res."""
    names = [c["name"] for c in res["configs"]]
    res["rows"] = summarize(res["samples"], names)
    for r in res["rows"]:
        ap_ = (res.get("auto_paths") or {}).get(f"{r['config']}|{r['size']}|{r['cipher']}|{r['op']}")
        if ap_:
            r["auto_path"] = ap_
    res["targets"] = evaluate_targets(res["rows"], res["cachegrind"], names, res["default_config"])
    outdir.mkdir(parents=True, exist_ok=True)
    res["plots"] = [] if no_plots else plots(res, outdir)
    (outdir / "results.json").write_text(dump_json(res))
    write_csv(res, outdir / "results.csv")
    title = ("ILP benchmark: the authenticated ciphers against OpenSSL alone" if res.get("preset") == "aead"
             else "ILP benchmark: Braun & Diot's Table 1 on this machine")
    (outdir / "summary.md").write_text(f"# {title}\n\n"
                                       "Written by `bench/ilp/run.py`; docs/benchmarks-ilp.md explains it.\n\n"
                                       + render(res, ""))
    text = render(res, os.path.relpath(outdir, DOC.parent) + "/")
    print(text)
    log(f"wrote {outdir}/results.json, results.csv, summary.md"
        + (f" and {len(res['plots'])} plots" if res["plots"] else "") + f"; {res['elapsed_s'] / 60:.1f} minutes")
    begin, end = (AEAD_BEGIN, AEAD_END) if res.get("preset") == "aead" else (BEGIN, END)
    if doc and benchlib.replace_section(DOC, begin, end, text):
        log(f"updated the tables in {DOC.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
