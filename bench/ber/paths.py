#!/usr/bin/env python3
"""The message paths of a DER type: fused against layered, and against OpenSSL's AEAD
alone (docs/benchmarks-ber.md, "Message paths").

    python bench/ber/paths.py [--rounds 7] [--runs-per-round 3] [--target-ms 30] [--quick]

The message is an LDAP SearchResultEntry (examples/ldap, RFC 4511) of about 1 KiB and of
about 64 KiB (--sizes): a DN and attributes whose values fill it, DER by asn1tools made
canonical by ilpc.  `ilpc --encoding der` generates the stubs and the generated Makefile
builds them (its defaults: gcc -O2); bench/ilp/aead_bench.c (OpenSSL's EVP AEAD over the
given bytes, the key set once; the same program bench/ilp/run.py uses) is built with -O2
and libcrypto.

For each size and cipher (none, chacha20, chacha20-poly1305) and direction, the paths

  fused    ilpc-harness seal|open --encoding der: the encoder writes into the send ring
           back to front, each segment encrypted and summed as the writer leaves it
           (receive: checksum, MAC and decryption a window at a time, then the decoder)
  tiled    the same writer into a scratch buffer, a segment at a time into the ring
  layered  encode into a buffer, then frame, encrypt, copy and sum, each a pass
  openssl  (authenticated cipher only) aead_bench seal|open: the AEAD alone over the
           DER bytes already encoded -- no encoding, no checksum, no decoding

are first verified (every path seals the same bytes, for `none` the DER itself, for the
AEAD the record OpenSSL seals; every path opens it to the DER), then timed with
--repeat N (N calibrated for --target-ms a run), the paths interleaved in a rotating
order in each of --rounds rounds, each path --runs-per-round times a round (the round's
time the median of those: a process lands in one of two speeds as its addresses fall, so
one run a round made the per-round ratios swing by 2x).  A time is the median over the
rounds; a ratio is the median of the per-round ratios, its range beside it.

Writes bench/ber/results-paths.md and the section of docs/benchmarks-ber.md between its
markers (not with --quick: a smoke run into the build directory).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import benchlib  # noqa: E402
from benchlib import (  # noqa: E402
    BenchError, cpu_model, compiler_version, ilpc_cmd, libcrypto_libs, log, make, median, raise_priority,
    replace_section, run,
)

REPO = HERE.parent.parent
SPEC = REPO / "examples" / "ldap" / "ldap.asn1"
TYPE = "Lightweight-Directory-Access-Protocol-V3.LDAPMessage"
AEAD_SRC = REPO / "bench" / "ilp" / "aead_bench.c"
DOC = REPO / "docs" / "benchmarks-ber.md"
BEGIN, END = "<!-- paths: begin (bench/ber/paths.py) -->", "<!-- paths: end -->"

_TABLE = benchlib.cipher_table().CIPHERS  # compiler/ciphers.py
# the ciphers with a fused path whose own loop is vectorised, but those folded into the
# copy with a key (the work of none): the identity, the stream cipher and the AEAD
CIPHERS = tuple(c.name for c in _TABLE if c.unit_stage and c.vectorised and (c.key_bytes == 0 or not c.on_copy))
AEAD = {c.name for c in _TABLE if c.aead}
KEYS = {c.name: c.bench_key or "42" * c.key_bytes for c in _TABLE}
PATHS = ("fused", "tiled", "layered")
PATH_ARGS = {"fused": [], "tiled": ["--tiled"], "layered": ["--layered"]}


def entry(size: int) -> dict:
    """A SearchResultEntry of about size DER bytes: a DN, a few attributes as a directory
    has them, and description values of 60 to 100 characters up to the size."""
    rng = random.Random(f"bench-ber-paths:{size}")
    def text(n: int) -> bytes:
        return bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz0123456789 .,-") for _ in range(n))
    attrs = [("objectClass", [b"top", b"person", b"organizationalPerson", b"inetOrgPerson"]), ("cn", [text(14)]),
             ("sn", [text(8)]), ("mail", [text(24)])]
    descr, total = [], 200
    while total < size - 80:
        v = text(rng.randint(60, 100))
        descr.append(v)
        total += len(v) + 4
    attrs.append(("description", descr))
    return {"messageID": 7, "protocolOp": ("searchResEntry", {
        "objectName": b"uid=" + text(8) + b",ou=people,dc=example,dc=com",
        "attributes": [{"type": t.encode(), "vals": v} for t, v in attrs]})}


def build(bdir: Path) -> tuple[Path, Path]:
    out = bdir / "ilpc"
    run(ilpc_cmd() + [str(SPEC), "-o", str(out), "--encoding", "der"], cwd=REPO)
    make(out)
    libs = libcrypto_libs()
    if not libs:
        raise BenchError("libcrypto not found (Debian: libssl-dev): the OpenSSL reference needs it")
    aead = bdir / "aead_bench"
    run(["gcc", "-std=c11", "-O2", "-Wall", "-Wextra", str(AEAD_SRC), "-o", str(aead), *libs])
    return out / "ilpc-harness", aead


def message(harness: Path, size: int) -> bytes:
    import asn1tools
    spec = asn1tools.compile_files([str(SPEC)], "der")
    ber = spec.encode("LDAPMessage", entry(size))
    # SET OF values sorted, as DER has them: ilpc's BER decoder and DER encoder
    return run([harness, "roundtrip", TYPE, "--encoding", "ber", "--to", "der"], text=False, input=ber).stdout


def harness_cmd(harness: Path, verb: str, cipher: str, path: str, repeat: int) -> list:
    cmd = [harness, verb, TYPE, "--encoding", "der", "--cipher", cipher, *PATH_ARGS[path]]
    if KEYS[cipher]:
        cmd += ["--key", KEYS[cipher]]
    return cmd + (["--repeat", str(repeat)] if repeat else [])


def once(progs: tuple[Path, Path], verb: str, cipher: str, path: str, data: bytes, repeat: int = 0):
    """One run: (output bytes, ns per message or None)."""
    harness, aead = progs
    if path == "openssl":
        cmd = [aead, verb, cipher, KEYS[cipher], "0", str(max(repeat, 1))]
    else:
        cmd = harness_cmd(harness, verb, cipher, path, repeat)
    r = run(cmd, text=False, input=data, preexec_fn=raise_priority)
    ns = None
    for line in r.stderr.decode().splitlines():
        if line.startswith("ns_per_msg="):
            ns = float(line.split("=", 1)[1])
    return r.stdout, ns


def paths_of(cipher: str) -> tuple[str, ...]:
    return PATHS + (("openssl",) if cipher in AEAD else ())


def verify(progs, der: bytes) -> dict[str, bytes]:
    """The sealed message of each cipher, after checking every path against the others."""
    sealed = {}
    for cipher in CIPHERS:
        outs = {p: once(progs, "seal", cipher, p, der)[0] for p in paths_of(cipher)}
        first = outs["fused"]
        for p, o in outs.items():
            if o != first:
                raise BenchError(f"VERIFY FAILED: {cipher}: {p} seals other bytes than fused")
        if cipher == "none" and first != der:
            raise BenchError("VERIFY FAILED: cipher none does not seal the DER itself")
        for p in paths_of(cipher):
            if once(progs, "open", cipher, p, first)[0] != der:
                raise BenchError(f"VERIFY FAILED: {cipher}: {p} does not open the message to the DER")
        sealed[cipher] = first
    return sealed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1024,65536", help="message sizes in bytes (default 1024,65536)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--target-ms", type=float, default=30.0)
    ap.add_argument("--runs-per-round", type=int, default=3,
                    help="runs of each path in a round, interleaved; the round's time is their median "
                         "(default 3: a process lands in one of two speeds, as its addresses fall)")
    ap.add_argument("--quick", action="store_true", help="a smoke run into the build directory")
    ap.add_argument("--build-dir", type=Path, default=HERE / "build" / "paths")
    args = ap.parse_args()
    if args.quick:
        args.rounds, args.target_ms, args.runs_per_round = 1, 2.0, 1
    args.build_dir.mkdir(parents=True, exist_ok=True)
    progs = build(args.build_dir)
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    for size in sizes:
        der = message(progs[0], size)
        sealed = verify(progs, der)
        log(f"{size}: DER of {len(der)} bytes, verified")
        for cipher in CIPHERS:
            for verb in ("seal", "open"):
                data = der if verb == "seal" else sealed[cipher]
                ps = paths_of(cipher)
                reps = {}
                for p in ps:
                    _, ns = once(progs, verb, cipher, p, data, 200)
                    reps[p] = max(20, int(args.target_ms * 1e6 / ns))
                samples = {p: [] for p in ps}
                for k in range(args.rounds):
                    order = ps[k % len(ps):] + ps[:k % len(ps)]
                    runs = {p: [] for p in ps}
                    for _ in range(args.runs_per_round):
                        for p in order:
                            out, ns = once(progs, verb, cipher, p, data, reps[p])
                            if out != (sealed[cipher] if verb == "seal" else der):
                                raise BenchError(f"VERIFY FAILED: {cipher} {verb} {p}: other bytes in a timed run")
                            runs[p].append(ns)
                    for p in ps:
                        samples[p].append(median(runs[p]))
                rows.append((len(der), cipher, verb, samples))
                log(f"{size} {cipher} {verb}: " + ", ".join(f"{p} {median(v) / 1000:.2f} us"
                                                           for p, v in samples.items()))
    text = report(rows, args)
    print(text)
    if not args.quick:
        (HERE / "results-paths.md").write_text(text)
        if not replace_section(DOC, BEGIN, END, text):
            log(f"{DOC}: markers not found, section not written")
    else:
        (args.build_dir / "results-paths.md").write_text(text)
    return 0


def ratio(a: list[float], b: list[float]) -> str:
    rs = [x / y for x, y in zip(a, b)]
    return f"**{statistics.median(rs):.2f}x** [{min(rs):.2f}-{max(rs):.2f}]"


def report(rows, args) -> str:
    lines = [f"{compiler_version('gcc')} -O2 (the generated Makefile's defaults), {cpu_model()}, "
             f"`python bench/ber/paths.py --rounds {args.rounds} --runs-per-round {args.runs_per_round} "
             f"--target-ms {args.target_ms:g}`:", "",
             "| DER bytes | cipher | direction | fused | tiled | layered | layered/fused | OpenSSL AEAD alone | "
             "fused/OpenSSL |", "|--:|---|---|--:|--:|--:|--:|--:|--:|"]
    for n, cipher, verb, s in rows:
        us = {p: f"{median(v) / 1000:.2f} us" for p, v in s.items()}
        o = us.get("openssl", "")
        lines.append(f"| {n} | {cipher} | {'send' if verb == 'seal' else 'receive'} | {us['fused']} | {us['tiled']} | "
                     f"{us['layered']} | {ratio(s['layered'], s['fused'])} | {o} | "
                     f"{ratio(s['fused'], s['openssl']) if 'openssl' in s else ''} |")
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        print(e, file=sys.stderr)
        sys.exit(2)
