#!/usr/bin/env python3
"""DER, BER with indefinite lengths and XDR of the same values, per element: Dabbous et
al.'s BER-against-a-light-syntax tables redone with ilpc's code (docs/benchmarks-ber.md,
"DER, indefinite BER and XDR"; docs/reproduction.md).

    python bench/ber/forms.py [--cc gcc] [--cflags -O2] [--runs 7] [--quick]

The messages are run.py's perf-object ones (400 INTEGERs, 200 REALs, 124
PrintableStrings: the counts of the paper's Table 1) and its LDAP entry.  One program
per spec (src/bench_forms.c, linked with `ilpc --encoding der`'s library, which has
the XDR codec of the same C types) checks that each syntax takes the value back, then
times encoding and decoding in each, the syntaxes interleaved within each repetition;
the program runs RUNS times.  Per element: the message's time over its count of
values.  Ratios (DER/XDR, indefinite BER/XDR) are medians of per-run ratios.  Writes
bench/ber/results-forms.md and the table into docs/benchmarks-ber.md between its forms
markers (not with --quick or --no-doc).
"""
from __future__ import annotations

import argparse
import os
import shlex
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from benchlib import (BenchError, compiler_version, config_label, cpu_model, log, make, raise_priority,  # noqa: E402
                      replace_section, run, slug)
import run as ber_run  # noqa: E402  bench/ber/run.py: its specs and messages

REPO = HERE.parent.parent
DOC = REPO / "docs" / "benchmarks-ber.md"
BEGIN, END = "<!-- forms: begin (bench/ber/forms.py) -->", "<!-- forms: end -->"
FORMS = ("der", "ber-indefinite", "xdr")


def build(bdir: Path, cc: str, cflags: str) -> dict[str, Path]:
    progs = {}
    for spec, (files, ilpc_t, ilpc_h, *_rest) in ber_run.SPECS.items():
        out = bdir / spec / "ilpc"
        run(ber_run.ilpc_cmd() + [str(REPO / f) for f in files] + ["-o", str(out), "--encoding", "der"], cwd=REPO)
        make(out, cc=cc, cflags=cflags)
        exe = bdir / f"bench_forms_{spec}"
        run([cc, *shlex.split(cflags), "-I", str(HERE / "src"), "-I", str(out), f"-DT={ilpc_t}", f'-DT_HEADER="{ilpc_h}"',
             str(HERE / "src" / "bench_forms.c"), *map(str, sorted(out.glob("lib*.a"))), "-lm", "-o", str(exe)])
        progs[spec] = exe
    return progs


def parse(text: str) -> dict[str, dict]:
    out = {}
    for line in text.splitlines():
        f = dict(kv.split("=", 1) for kv in line.split())
        out[f["form"]] = {"bytes": int(f["bytes"]), "encode": float(f["encode_ns"]), "decode": float(f["decode_ns"])}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--cflags", default="-O2")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-doc", action="store_true")
    ap.add_argument("--build-dir", type=Path)
    args = ap.parse_args()
    if args.quick:
        args.runs, args.reps = 1, 3
    bdir = args.build_dir or HERE / "build" / "forms" / slug(config_label(args.cc, args.cflags))
    bdir.mkdir(parents=True, exist_ok=True)
    log(f"building in {bdir}")
    progs = build(bdir, args.cc, args.cflags)
    msgs = ber_run.messages(bdir)
    iters = {}
    for name, path in msgs.items():
        r = run([progs[ber_run.MESSAGES[name][0]], path, "3", "20"])
        if "VERIFY FAILED" in r.stdout or r.returncode != 0:
            raise BenchError(r.stdout)
        slowest = max(max(x["encode"], x["decode"]) for x in parse(r.stdout).values())
        iters[name] = max(10, int((2e6 if args.quick else 10e6) / slowest))
    results: dict[str, list[dict]] = {m: [] for m in msgs}
    for k in range(args.runs):
        for name, path in msgs.items():
            r = run([progs[ber_run.MESSAGES[name][0]], path, str(args.reps), str(iters[name])], preexec_fn=raise_priority)
            if "VERIFY FAILED" in r.stdout or r.returncode != 0:
                raise BenchError(r.stdout)
            results[name].append(parse(r.stdout))
        log(f"run {k + 1}/{args.runs} done")

    lines = [f"{cpu_model()}, {os.cpu_count()} CPUs; {compiler_version(args.cc)} {args.cflags}; {args.runs} runs, each "
             f"the median of {args.reps} repetitions; per element: the message's time over its values (1 for the LDAP "
             f"entry: the whole message); ratios: medians of per-run ratios.", "",
             "| message | elements | syntax | bytes | encode, per element | decode, per element | encode / XDR's "
             "| decode / XDR's |", "|---|--:|---|--:|--:|--:|--:|--:|"]
    for name, runs in results.items():
        elements = ber_run.MESSAGES[name][2]
        for form in FORMS:
            enc = statistics.median(r[form]["encode"] for r in runs) / elements
            dec = statistics.median(r[form]["decode"] for r in runs) / elements
            ratios = []
            for op in ("encode", "decode"):
                rs = sorted(r[form][op] / r["xdr"][op] for r in runs)
                ratios.append("" if form == "xdr" else f"**{statistics.median(rs):.2f}x** [{rs[0]:.2f}-{rs[-1]:.2f}]")
            lines.append(f"| {name} | {elements} | {form} | {runs[0][form]['bytes']} | {enc:.1f} ns | {dec:.1f} ns | "
                         f"{ratios[0]} | {ratios[1]} |")
    table = "\n".join(lines) + "\n"
    print(table)
    if args.quick:
        (bdir / "results-quick.md").write_text(table)
        return 0
    (HERE / "results-forms.md").write_text(f"# bench/ber/forms.py results\n\n`python bench/ber/forms.py --runs "
                                           f"{args.runs}`\n\n{table}")
    if not args.no_doc and not replace_section(DOC, BEGIN, END, table):
        raise BenchError(f"{DOC}: the markers {BEGIN} / {END} are missing")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        print(f"bench/ber/forms: {e}", file=sys.stderr)
        sys.exit(1)
