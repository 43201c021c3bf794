#!/usr/bin/env python3
"""ilpc's DER codecs against asn1c's, per message (docs/benchmarks-ber.md).

    python bench/ber/run.py [--cc gcc] [--cflags -O2] [--runs 7] [--quick]

The messages (MESSAGES) are the test object of Dabbous et al. (examples/perf-object:
400 INTEGERs, 200 REALs, 124 PrintableStrings of 26 characters on average, as their
Table 1 has them) and an LDAP SearchResultEntry (examples/ldap, RFC 4511), made by
asn1tools' DER encoder from seeded random values.  For each spec this

  1. runs `ilpc --encoding der` and builds its library with the generated Makefile
     (CC, CFLAGS);
  2. runs asn1c (Debian's asn1c: -fcompound-names -fno-include-deps) and compiles its
     code with the same CC and CFLAGS;
  3. links src/bench_ber.c with each: src/impl_ilpc.c (decoded values in malloc'd
     memory, released by T_free), src/impl_ilpc_arena.c (the same decoder into an arena,
     emptied per message: T_decode_ber_arena), src/impl_asn1c.c (one program per
     implementation and spec: they cannot share a program);
  4. runs each program RUNS times, the implementations interleaved; a program first
     checks that the message decodes and re-encodes to the same bytes (else "VERIFY
     FAILED", and the benchmark fails), then prints the median decode and encode time
     per message over its repetitions.  The table gives the medians of the runs, and
     each ratio from one run (the same run of both, interleaved).

It prints a table and writes bench/ber/results.md (--quick: into the build directory
only).  Needs asn1c (Debian: asn1c) and asn1tools (the test extra).
"""
from __future__ import annotations

import argparse
import os
import random
import shlex
import shutil
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from benchlib import BenchError, config_label, cpu_model, ilpc_cmd, log, make, raise_priority, run, slug  # noqa: E402

REPO = HERE.parent.parent
SRC = HERE / "src"

# spec -> (files, ilpc's C type and header, asn1c's C type and header, the ASN.1 module and
# type of the message)
SPECS = {
    "perf-object": (["examples/perf-object/perf-object.asn1"], "PerfObject_Perf_object", "PerfObject_ber.h",
                    "Perf_object", "Perf-object.h", "PerfObject", "Perf-object"),
    "ldap": (["examples/ldap/ldap.asn1"], "Lightweight_Directory_Access_Protocol_V3_LDAPMessage",
             "Lightweight_Directory_Access_Protocol_V3_ber.h", "LDAPMessage", "LDAPMessage.h",
             "Lightweight-Directory-Access-Protocol-V3", "LDAPMessage"),
}


def _printable(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '()+,-./:=?")
                   for _ in range(n))


def _search_entry(rng: random.Random) -> dict:
    """A SearchResultEntry as a directory sends one: a DN and a dozen attributes."""
    def vals(k: int, n: int) -> list[bytes]:
        vs = [_printable(rng, n).encode() for _ in range(k)]
        return sorted(vs, key=lambda v: bytes([0x04, len(v)]) + v)  # X.690 11.6, lengths < 128
    attrs = [("objectClass", vals(4, 12)), ("cn", vals(1, 14)), ("sn", vals(1, 8)), ("givenName", vals(1, 6)),
             ("uid", vals(1, 8)), ("mail", vals(2, 24)), ("telephoneNumber", vals(2, 15)), ("title", vals(1, 20)),
             ("ou", vals(2, 10)), ("l", vals(1, 9)), ("postalAddress", vals(1, 40)), ("description", vals(1, 60))]
    return {"messageID": 42, "protocolOp": ("searchResEntry", {
        "objectName": b"uid=" + _printable(rng, 8).encode() + b",ou=people,dc=example,dc=com",
        "attributes": [{"type": t.encode(), "vals": v} for t, v in attrs]})}


# message -> (spec, asn1tools' value from a seeded generator, elements: what "per element" counts)
MESSAGES = {
    "ints": ("perf-object", lambda r: ("ints", [r.randint(-2**31, 2**31 - 1) for _ in range(400)]), 400),
    "reals": ("perf-object", lambda r: ("real", [r.uniform(-1e6, 1e6) for _ in range(200)]), 200),
    "strings": ("perf-object", lambda r: ("strings", [_printable(r, r.randint(16, 36)) for _ in range(124)]), 124),
    "ldap-entry": ("ldap", _search_entry, 1),
}


def build(bdir: Path, cc: str, cflags: str) -> dict[tuple[str, str], Path]:
    """The programs, by (implementation, spec)."""
    progs = {}
    flags = shlex.split(cflags)
    for spec, (files, ilpc_t, ilpc_h, asn1c_t, asn1c_h, _, _) in SPECS.items():
        # ilpc
        out = bdir / spec / "ilpc"
        if out.exists():
            shutil.rmtree(out)
        run(ilpc_cmd() + [str(REPO / f) for f in files] + ["-o", str(out), "--encoding", "der"], cwd=REPO)
        make(out, cc=cc, cflags=cflags)
        libs = sorted(out.glob("lib*.a"))
        exe = bdir / f"bench_ber_ilpc_{spec}"
        run([cc, *flags, "-I", str(SRC), "-I", str(out), f"-DT={ilpc_t}", f'-DT_HEADER="{ilpc_h}"',
             str(SRC / "bench_ber.c"), str(SRC / "impl_ilpc.c"), *map(str, libs), "-lm", "-o", str(exe)])
        progs[("ilpc", spec)] = exe
        exe = bdir / f"bench_ber_ilpc_arena_{spec}"
        run([cc, *flags, "-I", str(SRC), "-I", str(out), f"-DT={ilpc_t}", f'-DT_HEADER="{ilpc_h}"',
             str(SRC / "bench_ber.c"), str(SRC / "impl_ilpc_arena.c"), *map(str, libs), "-lm", "-o", str(exe)])
        progs[("ilpc-arena", spec)] = exe
        # asn1c
        a = bdir / spec / "asn1c"
        if a.exists():
            shutil.rmtree(a)
        a.mkdir(parents=True)
        run(["asn1c", "-fcompound-names", "-fno-include-deps", *[str(REPO / f) for f in files]], cwd=a)
        objs = []
        for c in sorted(a.glob("*.c")):
            if c.name == "converter-sample.c":
                continue
            o = c.with_suffix(".o")
            run([cc, *flags, "-w", "-I", str(a), "-c", str(c), "-o", str(o)])  # asn1c's code, its own warnings
            objs.append(o)
        exe = bdir / f"bench_ber_asn1c_{spec}"
        run([cc, *flags, "-I", str(SRC), "-I", str(a), f"-DT={asn1c_t}", f'-DT_HEADER="{asn1c_h}"', "-w",
             str(SRC / "bench_ber.c"), str(SRC / "impl_asn1c.c"), *map(str, objs), "-lm", "-o", str(exe)])
        progs[("asn1c", spec)] = exe
    return progs


def canonical_der(bdir: Path, spec: str, ber: bytes) -> bytes:
    """BER octets of the spec's message type as DER: ilpc's BER decoder, then its DER
    encoder (ilpc-harness roundtrip --encoding ber --to der)."""
    module, t_name = SPECS[spec][5:7]
    return run([bdir / spec / "ilpc" / "ilpc-harness", "roundtrip", f"{module}.{t_name}", "--encoding", "ber",
                "--to", "der"], text=False, input=ber).stdout


def messages(bdir: Path) -> dict[str, Path]:
    """Each message's DER: asn1tools' encoding of the value, made canonical by ilpc's
    BER decoder and DER encoder (asn1tools writes some REALs in a form DER does not
    allow: a mantissa not odd); the programs check that asn1c re-encodes the same bytes."""
    import asn1tools
    out = {}
    compiled = {s: asn1tools.compile_files([str(REPO / f) for f in v[0]], "der") for s, v in SPECS.items()}
    for name, (spec, make_value, _) in MESSAGES.items():
        ber = compiled[spec].encode(SPECS[spec][6], make_value(random.Random(f"bench-ber:{name}")))
        der = canonical_der(bdir, spec, ber)
        p = bdir / f"{name}.der"
        p.write_bytes(der)
        out[name] = p
    return out


# the programs of each spec (build()); "ilpc-arena" differs from "ilpc" in decoding only
IMPLS = ("ilpc", "ilpc-arena", "asn1c")


def parse(line: str) -> dict[str, float]:
    fields = dict(kv.split("=", 1) for kv in line.split())
    return {"bytes": int(fields["bytes"]), "decode": float(fields["decode_ns"]), "encode": float(fields["encode_ns"])}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--cflags", default="-O2")
    ap.add_argument("--runs", type=int, default=7, help="runs of each program, interleaved (default 7)")
    ap.add_argument("--reps", type=int, default=21, help="repetitions inside a run (default 21)")
    ap.add_argument("--target-ms", type=float, default=20.0, help="time of one repetition (default 20 ms)")
    ap.add_argument("--quick", action="store_true", help="a short smoke run; results into the build directory")
    ap.add_argument("--build-dir", type=Path)
    args = ap.parse_args()
    if shutil.which("asn1c") is None:
        raise BenchError("asn1c not found (Debian: apt-get install asn1c)")
    if args.quick:
        args.runs, args.reps, args.target_ms = 1, 3, 1.0
    bdir = args.build_dir or HERE / "build" / slug(config_label(args.cc, args.cflags))
    bdir.mkdir(parents=True, exist_ok=True)
    log(f"building in {bdir}")
    progs = build(bdir, args.cc, args.cflags)
    msgs = messages(bdir)

    # what each program's re-encoding is: ilpc's must be the message; asn1c's must be the
    # same value (ilpc's BER decoder and DER encoder make the message of it again) and is
    # recorded when its octets differ; then the iterations per repetition, from a first
    # calibrating run of each program
    iters, notes = {}, []
    for name, path in msgs.items():
        spec = MESSAGES[name][0]
        for impl in IMPLS:
            again = bdir / f"{name}.{impl}.der"
            r = run([progs[(impl, spec)], path, "3", "50", again], preexec_fn=raise_priority)
            if "VERIFY FAILED" in r.stdout:
                raise BenchError(r.stdout)
            if again.read_bytes() != path.read_bytes():
                if impl != "asn1c":
                    raise BenchError(f"VERIFY FAILED: ilpc does not re-encode {path} to the same DER")
                if canonical_der(bdir, spec, again.read_bytes()) != path.read_bytes():
                    raise BenchError(f"VERIFY FAILED: asn1c's re-encoding of {path} is another value")
                notes.append(f"{name}: asn1c re-encodes the value in {again.stat().st_size} bytes, not the "
                             f"{path.stat().st_size} of DER (the same value, in a form DER does not allow)")
            t = parse(r.stdout)
            per = max(t["decode"], t["encode"])
            iters[(impl, name)] = max(10, int(args.target_ms * 1e6 / per))
    results: dict[tuple[str, str], list[dict]] = {}
    for k in range(args.runs):
        for name, path in msgs.items():
            spec = MESSAGES[name][0]
            order = IMPLS if k % 2 == 0 else IMPLS[::-1]
            for impl in order:
                r = run([progs[(impl, spec)], path, str(args.reps), str(iters[(impl, name)]),
                         bdir / f"{name}.{impl}.der"], preexec_fn=raise_priority)
                if "VERIFY FAILED" in r.stdout or r.returncode != 0:
                    raise BenchError(r.stdout)
                results.setdefault((impl, name), []).append(parse(r.stdout))
        log(f"run {k + 1}/{args.runs} done")

    rows = []
    for name in msgs:
        il, ar, ac = results[("ilpc", name)], results[("ilpc-arena", name)], results[("asn1c", name)]
        elements = MESSAGES[name][2]
        row = {"message": name, "bytes": il[0]["bytes"], "elements": elements}
        for key, mine, op in (("", il, "decode"), ("", il, "encode"), ("arena_", ar, "decode")):
            row[f"ilpc_{key}{op}"] = statistics.median(x[op] for x in mine)
            row[f"asn1c_{op}"] = statistics.median(x[op] for x in ac)
            ratios = sorted(b[op] / a[op] for a, b in zip(mine, ac))  # each from one run
            row[f"ratio_{key}{op}"] = statistics.median(ratios)
            row[f"ratio_{key}{op}_range"] = (ratios[0], ratios[-1])
        rows.append(row)

    lines = [f"Machine: {cpu_model()}, {os.cpu_count()} CPUs; {args.cc} {args.cflags}; {args.runs} runs of each program, interleaved, "
             f"each the median of {args.reps} repetitions; ratios: the median of the per-run ratios "
             f"(their range in brackets).", "",
             "| message | DER bytes | asn1c decode | ilpc decode | decode: asn1c/ilpc | ilpc decode, arena "
             "| decode: asn1c/arena | asn1c encode | ilpc encode | encode: asn1c/ilpc | ilpc decode per element (arena) |",
             "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]

    def ratio(r: dict, key: str) -> str:
        lo, hi = r[f"ratio_{key}_range"]
        return f"**{r[f'ratio_{key}']:.1f}x** [{lo:.1f}-{hi:.1f}]"
    for r in rows:
        lines.append(
            f"| {r['message']} | {r['bytes']} | {r['asn1c_decode'] / 1000:.2f} us | {r['ilpc_decode'] / 1000:.2f} us | "
            f"{ratio(r, 'decode')} | {r['ilpc_arena_decode'] / 1000:.2f} us | {ratio(r, 'arena_decode')} | "
            f"{r['asn1c_encode'] / 1000:.2f} us | {r['ilpc_encode'] / 1000:.2f} us | {ratio(r, 'encode')} | "
            f"{r['ilpc_arena_decode'] / r['elements']:.1f} ns |")
    lines += [""] + [f"- {n}" for n in notes]
    table = "\n".join(lines)
    print(table)
    dest = bdir / "results-quick.md" if args.quick else HERE / "results.md"
    dest.write_text("# bench/ber results\n\n`python bench/ber/run.py " + (f"--cc {args.cc} " if args.cc != "gcc" else "")
                    + (f"--cflags '{args.cflags}' " if args.cflags != "-O2" else "") + f"--runs {args.runs}`\n\n"
                    + table + "\n")
    log(f"wrote {dest}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        print(f"bench/ber: {e}", file=sys.stderr)
        sys.exit(1)
