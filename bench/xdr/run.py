#!/usr/bin/env python3
"""ilpc XDR benchmark: ilpc's generated stubs vs rpcgen + libtirpc vs hand-written C.

    python bench/xdr/run.py [--cc gcc|clang] [--cflags "-O2"] [--quick] [--count]

For each spec in bench/xdr/specs/ this
  1. runs `ilpc SPEC` and builds the XDR stubs and runtime (<spec>.o, ilpc_xdr.o, ilpc_error.o)
     with the generated Makefile's rule into lib<spec>.a,
  2. runs `ilpc --emit x SPEC` and rpcgen (-h, -c) on the .x file it writes,
  3. compiles the driver bench_xdr.c with the implementations in its table
     (src/impl_*.c; every codec in its own translation unit, all with the same CC
     and CFLAGS),
  4. runs it: the driver first checks that ilpc, rpcgen and the hand-written
     codec produce byte-identical encodings (equal to a reference XDR writer) and
     that all three decoders return the encoded values, and exits 2 with
     "VERIFY FAILED" if not; then it times encode and decode (median ns/message
     over repetitions, implementations interleaved).
It prints a table and records the run in bench/xdr/results.json (one entry per
compiler + flags, replaced on re-run) and bench/xdr/results.md.  --quick runs a
few short repetitions and writes its results into the build directory only.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from benchlib import (BenchError, compiler_version, config_label, ilpc_cmd, log, machine,  # noqa: E402
                      libcrypto_libs, raise_priority, run, slug)
REPO = HERE.parent.parent
SRC = HERE / "src"
SPECS = HERE / "specs"

# The specs and the one driver: bench_xdr.c times every message of every spec with every
# implementation in its table; each implementation is src/impl_<name>.c (see
# src/xdr_impl.h), the hand-written codecs are src/hand_*.c.
STEMS = ["BenchInt", "BenchMixed"]
DRIVER = "bench_xdr"
IMPLS = ("ilpc", "rpcgen", "hand")
# The targets, checked on the mixed struct.
TARGET_MSG = "Mixed"
TARGET_VS_RPCGEN = 3.0   # ilpc at least 3x faster than rpcgen
TARGET_VS_HAND = 1.5     # ilpc at most 1.5x the time of the hand-written code


def tirpc_flags() -> tuple[list[str], list[str]]:
    if shutil.which("pkg-config"):
        p = subprocess.run(["pkg-config", "--cflags", "--libs", "libtirpc"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        if p.returncode == 0:
            flags = shlex.split(p.stdout)
            return [f for f in flags if not f.startswith("-l")], [f for f in flags if f.startswith("-l")]
    if Path("/usr/include/tirpc/rpc/rpc.h").exists():
        return ["-I/usr/include/tirpc"], ["-ltirpc"]
    raise BenchError("libtirpc headers not found: apt-get install -y libtirpc-dev rpcsvc-proto")


def build(args, bdir: Path, notes: list[str]) -> Path:
    """Generates and compiles everything; returns the driver."""
    for tool in ("rpcgen", args.cc, "make"):
        if shutil.which(tool) is None:
            raise BenchError(f"{tool} not found (apt-get install -y rpcsvc-proto libtirpc-dev)")
    ilpc = ilpc_cmd()
    tirpc_cflags, tirpc_libs = tirpc_flags()
    cflags = shlex.split(args.cflags)
    cc = [args.cc]
    own = ["-std=gnu11", "-Wall", "-Wextra"]

    if bdir.exists():
        shutil.rmtree(bdir)
    (bdir / "obj").mkdir(parents=True)

    def ilpc_c(stem: str) -> None:
        # ilpc: C stubs + runtime.  The XDR codec is <stem>.c plus the runtime's
        # ilpc_xdr.c and ilpc_error.c; they are compiled by the generated Makefile's own rule (its
        # warnings, -Werror included, and CC/CFLAGS from here) and archived into
        # lib<stem>.a.  The rest of the output (harness, transport and ILP code) is
        # not needed by the benchmark and not built, which keeps --quick fast.
        out = bdir / "ilpc" / stem
        run(ilpc + [str(SPECS / f"{stem}.asn1"), "-o", str(out)])
        objs = [f"{stem}.o", "ilpc_xdr.o", "ilpc_error.o"]
        make = ["make", "-s", "-C", str(out), f"CC={args.cc}", f"CFLAGS={args.cflags}"] + objs
        p = subprocess.run(make, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            # Keep benchmarking, but say loudly that the stubs do not build as generated.
            first = next((l for l in p.stdout.splitlines() if "error" in l), p.stdout.strip()[:200])
            note = (f"ilpc's generated {stem}.c does not build with its own Makefile's flags "
                    f"(-Werror); built without -Werror. First error: {first.strip()}")
            notes.append(note)
            log("WARNING: " + note)
            run(make + ["WARNINGS=-std=c11 -Wall -Wextra -pedantic"])
        lib = out / f"lib{stem}.a"
        lib.unlink(missing_ok=True)
        run(["ar", "rcs", lib.name] + objs, cwd=out)

    def ilpc_x(stem: str) -> None:
        # rpcgen from the .x file ilpc emits for the same spec.
        xdir = bdir / "x" / stem
        run(ilpc + ["--emit", "x", str(SPECS / f"{stem}.asn1"), "-o", str(xdir)])
        rdir = bdir / "rpcgen" / stem
        rdir.mkdir(parents=True)
        shutil.copy(xdir / f"{stem}.x", rdir / f"{stem}.x")
        run(["rpcgen", "-h", "-o", f"{stem}.h", f"{stem}.x"], cwd=rdir)
        run(["rpcgen", "-c", "-o", f"{stem}_xdr.c", f"{stem}.x"], cwd=rdir)

    with concurrent.futures.ThreadPoolExecutor(max_workers=2 * len(STEMS)) as pool:
        for f in [pool.submit(step, stem) for stem in STEMS for step in (ilpc_c, ilpc_x)]:
            f.result()

    # Compile every translation unit (in parallel), then link the driver.  An
    # implementation's glue (impl_<name>.c) sees the headers of its own code only: ilpc's
    # and rpcgen's headers have the same names.
    jobs: list[list[str]] = []
    objs: list[Path] = []
    inc_of = {"impl_ilpc.c": [f"-I{bdir / 'ilpc' / s}" for s in STEMS],
              "impl_rpcgen.c": [f"-I{bdir / 'rpcgen' / s}" for s in STEMS] + tirpc_cflags}
    srcs = ["bench_common.c", f"{DRIVER}.c"] + sorted(p.name for p in SRC.glob("impl_*.c")) \
        + sorted(p.name for p in SRC.glob("hand_*.c"))
    for src in srcs:
        obj = bdir / "obj" / (Path(src).stem + ".o")
        jobs.append(cc + cflags + own + ["-I", str(SRC)] + inc_of.get(src, []) + ["-c", str(SRC / src), "-o", str(obj)])
        objs.append(obj)
    for stem in STEMS:
        # rpcgen's output is compiled as rpcgen users compile it: same flags, no -W.
        xobj = bdir / "obj" / f"{stem}_xdr.o"
        jobs.append(cc + cflags + ["-w", f"-I{bdir / 'rpcgen' / stem}"] + tirpc_cflags
                    + ["-c", str(bdir / "rpcgen" / stem / f"{stem}_xdr.c"), "-o", str(xobj)])
        objs.append(xobj)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for f in [pool.submit(run, cmd) for cmd in jobs]:
            f.result()
    exe = bdir / DRIVER
    libs = [str(bdir / "ilpc" / stem / f"lib{stem}.a") for stem in STEMS]
    run(cc + cflags + [str(o) for o in objs] + libs + libcrypto_libs() + tirpc_libs + ["-o", str(exe)])
    return exe


def loop_name(row: dict) -> str:
    op = {"encode": "enc", "decode": "dec"}[row["op"]]
    return f"{row['impl']}_{row['msg'].lower()}_{op}_loop"


def count_instructions(exe: Path, rows: list[dict], bdir: Path, iters: int) -> None:
    """Adds ir_per_msg to each row: callgrind's instruction count inside the row's
    loop function (callees included) divided by the iterations."""
    if shutil.which("valgrind") is None:
        raise BenchError("--count needs valgrind (apt-get install -y valgrind)")
    cdir = bdir / "callgrind"
    cdir.mkdir(exist_ok=True)

    def one(row: dict) -> None:
        fn = loop_name(row)
        out = cdir / f"{fn}.out"
        run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", f"--toggle-collect={fn}",
             str(exe), "--no-pin", "--only", f"{row['msg']}/{row['op']}/{row['impl']}",
             "--iters", str(iters)])
        m = re.search(r"^(?:summary|totals):\s*(\d+)", out.read_text(), re.M)
        if not m:
            raise BenchError(f"no instruction count in {out}")
        row["ir_per_msg"] = int(m.group(1)) / iters

    log(f"counting instructions with callgrind ({iters} messages per case)")
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for f in [pool.submit(one, r) for r in rows]:
            f.result()




def run_driver(exe: Path, args) -> tuple[list[dict], list[str]]:
    rows, verified = [], []
    extra = ["--quick"] if args.quick else ["--reps", str(args.reps), "--target-ms", str(args.target_ms)]
    log(f"running {exe.name} {' '.join(extra)}")
    p = subprocess.run([str(exe)] + extra, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       preexec_fn=raise_priority if args.priority else None)
    for line in p.stderr.splitlines():
        log("  " + line)
        if line.startswith("verify: "):
            verified.append(line[len("verify: "):])
    if p.returncode != 0:
        raise BenchError(f"{exe.name} failed (exit {p.returncode})"
                         + (": VERIFY FAILED" if "VERIFY FAILED" in p.stderr else ""))
    for line in p.stdout.splitlines():
        if line.startswith("{"):
            rows.append(json.loads(line))
    return rows, verified


def summarize(rows: list[dict]) -> list[dict]:
    """One entry per (message, op): median ns of each impl and the ratios."""
    table: dict[tuple[str, str], dict] = {}
    for r in rows:
        e = table.setdefault((r["msg"], r["op"]), {"msg": r["msg"], "op": r["op"]})
        e[r["impl"]] = r["median_ns"]
        e[r["impl"] + "_min"] = r["min_ns"]
        if "ir_per_msg" in r:
            e[r["impl"] + "_ir"] = r["ir_per_msg"]
    out = []
    for e in table.values():
        if all(i in e for i in IMPLS):
            e["rpcgen_over_ilpc"] = e["rpcgen"] / e["ilpc"]   # > 1: ilpc faster than rpcgen
            e["ilpc_over_hand"] = e["ilpc"] / e["hand"]       # > 1: ilpc slower than hand
        out.append(e)
    return out


def targets(summary: list[dict]) -> list[dict]:
    res = []
    for e in summary:
        if e["msg"] != TARGET_MSG or "rpcgen_over_ilpc" not in e:
            continue
        res.append({"what": f"{e['msg']} {e['op']}: ilpc >= {TARGET_VS_RPCGEN:g}x faster than rpcgen",
                    "value": round(e["rpcgen_over_ilpc"], 2), "met": e["rpcgen_over_ilpc"] >= TARGET_VS_RPCGEN})
        res.append({"what": f"{e['msg']} {e['op']}: ilpc within {TARGET_VS_HAND:g}x of hand-written",
                    "value": round(e["ilpc_over_hand"], 2), "met": e["ilpc_over_hand"] <= TARGET_VS_HAND})
    return res


def format_table(cfg: dict) -> str:
    lines = [f"{cfg['label']}  ({cfg['cc_version']}; {cfg['reps']} reps, "
             f"{'quick' if cfg['quick'] else str(cfg['target_ms']) + ' ms each'}; median ns/message)",
             "",
             "| message | op | ilpc | rpcgen | hand | rpcgen/ilpc | ilpc/hand |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for e in cfg["summary"]:
        lines.append(f"| {e['msg']} | {e['op']} | {e.get('ilpc', 0):.1f} | {e.get('rpcgen', 0):.1f} | "
                     f"{e.get('hand', 0):.1f} | {e.get('rpcgen_over_ilpc', 0):.2f}x | {e.get('ilpc_over_hand', 0):.2f}x |")
    lines += ["", "Fastest repetition (min ns/message), for reference when the machine is busy:", "",
              "| message | op | ilpc | rpcgen | hand | rpcgen/ilpc | ilpc/hand |",
              "|---|---|---:|---:|---:|---:|---:|"]
    for e in cfg["summary"]:
        if all(i + "_min" in e for i in IMPLS):
            i, r, h = (e[x + "_min"] for x in IMPLS)
            lines.append(f"| {e['msg']} | {e['op']} | {i:.1f} | {r:.1f} | {h:.1f} | {r / i:.2f}x | {i / h:.2f}x |")
    if any("ilpc_ir" in e for e in cfg["summary"]):
        lines += ["", "Instructions per message (callgrind, noise-free):", "",
                  "| message | op | ilpc | rpcgen | hand | rpcgen/ilpc | ilpc/hand |",
                  "|---|---|---:|---:|---:|---:|---:|"]
        for e in cfg["summary"]:
            if all(i + "_ir" in e for i in IMPLS):
                i, r, h = (e[x + "_ir"] for x in IMPLS)
                lines.append(f"| {e['msg']} | {e['op']} | {i:.0f} | {r:.0f} | {h:.0f} | {r / i:.2f}x | {i / h:.2f}x |")
    load = cfg.get("loadavg")
    if load:
        spread = max((r["median_ns"] / r["min_ns"] - 1 for r in cfg["rows"] if r.get("min_ns")), default=0.0)
        busy = max(load) > 0.5 + 0.25 * (cfg["machine"].get("cpus") or 1)
        lines += ["", f"Load average before/after the run: {load[0]:.2f} / {load[1]:.2f} on "
                  f"{cfg['machine'].get('cpus')} CPUs{' (busy machine)' if busy else ''}; drivers ran at nice "
                  f"{cfg.get('nice', 0)}; every median is within {100 * spread:.0f}% of its fastest repetition"
                  + ("  <- DISTURBED: compare with the min table" if spread > 0.15 else "")]
    lines.append("")
    for t in cfg["targets"]:
        lines.append(f"- {t['what']}: {t['value']:.2f} -> {'MET' if t['met'] else 'MISSED'}")
    for n in cfg.get("notes", []):
        lines.append(f"- note: {n}")
    return "\n".join(lines)


def write_markdown(path: Path, data: dict) -> None:
    parts = ["# ilpc XDR benchmark results", "",
             "Written by `bench/xdr/run.py`; see docs/benchmarks-xdr.md for the method.",
             "rpcgen/ilpc > 1 means ilpc is faster than rpcgen; ilpc/hand > 1 means ilpc is slower "
             "than the hand-written codec.", ""]
    for label in sorted(data["configs"]):
        cfg = data["configs"][label]
        parts += [f"## {label}", "", f"`{cfg['command']}` on {cfg['date']}, "
                  f"{cfg['machine'].get('Model name', '?')} ({cfg['machine'].get('cpus')} CPUs), "
                  f"ilpc {cfg.get('ilpc_commit', '?')[:12]}", "", format_table(cfg), ""]
    path.write_text("\n".join(parts))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"), help="C compiler (default: gcc)")
    ap.add_argument("--cflags", default="-O2", help='compiler flags for all code (default: "-O2")')
    ap.add_argument("--quick", action="store_true", help="a few short repetitions (smoke test)")
    ap.add_argument("--reps", type=int, default=61, help="timed repetitions per case (default 61)")
    ap.add_argument("--target-ms", type=float, default=2.0,
                    help="ms per repetition (default 2: short repetitions keep the median robust "
                         "against other processes' time slices)")
    ap.add_argument("--no-priority", dest="priority", action="store_false",
                    help="do not run the drivers at nice -20 (which is tried by default; needs root)")
    ap.add_argument("--count", action="store_true",
                    help="also count instructions per message with valgrind --tool=callgrind")
    ap.add_argument("--count-iters", type=int, default=20000, help="messages per callgrind run")
    ap.add_argument("--build-dir", type=Path, help="default: bench/xdr/build/<cc>_<cflags>")
    ap.add_argument("--results", type=Path,
                    help="results JSON to update (default: bench/xdr/results.json; with --quick, "
                         "results-quick.json in the build directory)")
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, a in enumerate(argv[:-1]):  # let `--cflags -O2` through (argparse takes -O2 for an option)
        if a == "--cflags":
            argv[i:i + 2] = [f"--cflags={argv[i + 1]}"]
            break
    args = ap.parse_args(argv)

    label = config_label(args.cc, args.cflags)
    bdir = args.build_dir or HERE / "build" / (("quick_" if args.quick else "") + slug(label))
    results = args.results or (bdir / "results-quick.json" if args.quick else HERE / "results.json")
    notes: list[str] = []
    load0 = os.getloadavg()[0]
    try:
        exe = build(args, bdir, notes)
        rows, verified = run_driver(exe, args)
        load1 = os.getloadavg()[0]
        if args.count:
            try:
                count_instructions(exe, rows, bdir, 1000 if args.quick else args.count_iters)
            except BenchError as e:  # e.g. valgrind does not know AVX-512 (-march=native)
                for r in rows:
                    r.pop("ir_per_msg", None)
                first = str(e).splitlines()[0]
                notes.append(f"instruction counts skipped: {first}")
                log(f"WARNING: callgrind failed, instruction counts skipped: {e}"[:2000])
    except BenchError as e:
        log(f"\nBENCHMARK FAILED: {e}")
        return 1

    try:
        commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True).stdout.strip()
    except OSError:
        commit = ""
    summary = summarize(rows)
    cmd = "python bench/xdr/run.py --cc " + shlex.quote(args.cc) + " --cflags " + shlex.quote(args.cflags)
    if args.quick:
        cmd += " --quick"
    if args.count:
        cmd += " --count"
    cfg = {
        "label": label, "command": cmd, "cc": args.cc, "cc_version": compiler_version(args.cc),
        "cflags": args.cflags, "quick": args.quick, "reps": 3 if args.quick else args.reps,
        "target_ms": 0.5 if args.quick else args.target_ms, "loadavg": [load0, load1],
        "nice": os.getpriority(os.PRIO_PROCESS, 0) if not args.priority else (-20 if os.geteuid() == 0 else 0),
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": machine(), "ilpc_commit": commit, "verified": verified, "notes": notes,
        "summary": summary, "targets": targets(summary), "rows": rows,
    }

    print(format_table(cfg))
    print()
    print(f"byte-identity and round-trip checks: OK ({len(verified)} checks passed)")

    data = {"configs": {}}
    if results.exists():
        try:
            data = json.loads(results.read_text())
        except ValueError:
            pass
    data.setdefault("configs", {})[label] = cfg
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(data, indent=1) + "\n")
    write_markdown(results.with_suffix(".md"), data)
    log(f"results written to {results} and {results.with_suffix('.md')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
