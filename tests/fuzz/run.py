#!/usr/bin/env python3
"""Build and run ilpc's fuzz targets (docs/fuzzing.md).

    python tests/fuzz/run.py --seconds 1800          # every target, 30 minutes each
    python tests/fuzz/run.py --seconds 300 --targets tcp,aead
    python tests/fuzz/run.py --replay                # seeds and regression inputs only

Targets:
  specs  runtime/ilpc_fuzz.c over the type table that ilpc generates (type_table.c) for
         the specs in SPEC_FILES: decoders, encoders, sizes, the fused, stream, tiled and
         layered receive and send paths of every cipher;
  ber, cer, der
         the same program built for one encoding's decoders only (ILPC_FUZZ_ENCODING):
         the checks of the BER family, without the XDR ones, on the seeds of specs, so
         that each encoding gets its own fuzzing time;
  aead   tests/fuzz/fuzz_aead.c: authenticated records through every receive path;
  tcp    tests/fuzz/fuzz_tcp.c: the user-level TCP against crafted segments, clock steps and
         application calls, with the stack's invariants checked (ILPC_TCP_INVARIANTS).

Everything is built under --build (default .fuzz-build/ at the top of the repository) with
clang, libFuzzer, ASan and UBSan.  A target runs one process (one core) with the seeds of
tests/fuzz/corpus/<target>/ and the inputs of tests/fuzz/regressions/<target>/; what it
learns goes to <build>/corpus/<target>/.  Every input that makes a target fail (crash-,
leak-, oom-, timeout-) is copied into tests/fuzz/regressions/<target>/, where
tests/test_fuzz.py replays it from then on, and the fuzzing goes on for the time left.
Per target the run prints executions, libFuzzer's coverage (cov: edges, ft: features), the
corpus size and the findings, and writes the same to <build>/report.txt.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FUZZ = ROOT / "tests" / "fuzz"
RUNTIME = ROOT / "runtime"
CORPUS = FUZZ / "corpus"
REGRESSIONS = FUZZ / "regressions"

# The specs of the "specs" target, in one ilpc run (the order fixes the type table:
# byte 0 of an input picks a type by its index, so keep it when adding specs).
SPEC_FILES = ["tests/fuzz/specs/Hostile.asn1", "tests/fuzz/specs/FuzzRecord.asn1",
              "examples/filetransfer/filetransfer.asn1", "tests/specs/IlpShapes.asn1",
              "tests/specs/XdrRecursion.asn1", "examples/ldap/ldap.asn1"]
# Every encoding's codecs (and so the BER family's decoders and message paths too).
SPEC_ENCODINGS = ["--encoding", "all"]
# Hostile's types that other types use get ILP paths too.
SPEC_PDUS = ["Hostile." + t for t in ("Nulls", "Empty", "Empties", "NullPairs", "NestedNulls", "Bools")]

TARGETS = ("specs", "ber", "cer", "der", "aead", "tcp", "wire")
ONE_ENCODING = ("ber", "cer", "der")  # the specs program, one encoding's decoders only
MAX_LEN = {"specs": 4096, "ber": 4096, "cer": 4096, "der": 4096, "aead": 4096, "tcp": 1024, "wire": 128}
FUZZ_CFLAGS = ["-g", "-O1", "-fno-omit-frame-pointer", "-fsanitize=fuzzer,address,undefined",
               "-fno-sanitize-recover=undefined"]
WARNINGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
FINDING = re.compile(r"^(crash|leak|oom|timeout|slow-unit)-")


def needed_runtime(main: Path) -> list[Path]:
    """The runtime sources a fuzz target's main links: what it uses, and what that uses
    (compiler/runtime_files.py, loaded by path: this script runs without ilpc installed)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("ilpc_runtime_files", ROOT / "compiler" / "runtime_files.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return [RUNTIME / n for n in mod.needed_sources([main], RUNTIME)]


def missing_toolchain(cc: str = "clang") -> str | None:
    """None when cc links a libFuzzer target with ASan and UBSan, else why not."""
    if shutil.which(cc) is None:
        return f"{cc} not found (Debian: apt-get install clang libclang-rt-dev)"
    probe_dir = Path(os.environ.get("TMPDIR", "/tmp"))
    src = probe_dir / f"ilpc-fuzz-probe-{os.getpid()}.c"
    exe = src.with_suffix("")
    src.write_text("int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\n"
                   "int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n")
    try:
        r = subprocess.run([cc, *FUZZ_CFLAGS, str(src), "-o", str(exe)], capture_output=True, text=True)
    finally:
        src.unlink(missing_ok=True)
        exe.unlink(missing_ok=True)
    if r.returncode != 0:
        return f"{cc} cannot link libFuzzer with ASan/UBSan (Debian: apt-get install libclang-rt-dev)"
    return None


def _run(cmd: list[str], **kw) -> None:
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{r.stdout[-3000:]}{r.stderr[-6000:]}")


def _compile(cc: str, src: Path, obj: Path, flags: list[str], deps: list[Path]) -> None:
    if obj.exists() and all(obj.stat().st_mtime >= d.stat().st_mtime for d in [src, *deps]):
        return
    obj.parent.mkdir(parents=True, exist_ok=True)
    _run([cc, *WARNINGS, *FUZZ_CFLAGS, *flags, "-c", str(src), "-o", str(obj)])


def _crypto() -> tuple[list[str], list[str]]:
    """libcrypto's flags, as the generated Makefile finds them."""
    r = subprocess.run(["pkg-config", "--exists", "libcrypto >= 3"], capture_output=True)
    if r.returncode != 0:
        return [], []
    cflags = subprocess.run(["pkg-config", "--cflags", "libcrypto"], capture_output=True, text=True).stdout.split()
    libs = subprocess.run(["pkg-config", "--libs", "libcrypto"], capture_output=True, text=True).stdout.split()
    return ["-DILPC_HAVE_LIBCRYPTO=1", *cflags], libs or ["-lcrypto"]


def build(target: str, build_dir: Path, cc: str = "clang", ilpc: list[str] | None = None) -> Path:
    """Build a target (incrementally); returns the executable."""
    build_dir = build_dir.resolve()
    ilpc = ilpc or [sys.executable, "-m", "ilpc"]
    specs = build_dir / "specs"
    if target in ("specs", "aead", *ONE_ENCODING):
        _run([*ilpc, "--pdu", ",".join(SPEC_PDUS), *SPEC_ENCODINGS, *SPEC_FILES, "-o", str(specs)], cwd=ROOT)
        _run(["make", "-C", str(specs), f"-j{os.cpu_count() or 2}", "fuzz", f"FUZZ_CC={cc}"])
        if target == "specs":
            return specs / "ilpc-fuzz"
        ccflags, libs = _crypto()
        objs = [o for o in sorted((specs / "fuzz").glob("*.o")) if o.name != "ilpc_fuzz.o"]
        if target in ONE_ENCODING:
            obj = build_dir / target / "ilpc_fuzz.o"
            _compile(cc, specs / "ilpc_fuzz.c", obj,
                     [f"-DILPC_FUZZ_ENCODING=ILPC_ENCODING_{target.upper()}", "-I", str(specs), *ccflags],
                     sorted(specs.glob("*.h")))
            exe = build_dir / f"fuzz-{target}"
            _run([cc, *FUZZ_CFLAGS, str(obj), *map(str, objs), "-o", str(exe), *libs])
            return exe
        src = FUZZ / "fuzz_aead.c"
        obj = build_dir / "aead" / "fuzz_aead.o"
        _compile(cc, src, obj, ["-I", str(specs), *ccflags], sorted(specs.glob("*.h")))
        exe = build_dir / "fuzz-aead"
        _run([cc, *FUZZ_CFLAGS, str(obj), *map(str, objs), "-o", str(exe), *libs])
        return exe
    if target == "tcp":
        objs = []
        headers = sorted(RUNTIME.glob("*.h"))
        for src in [FUZZ / "fuzz_tcp.c", *needed_runtime(FUZZ / "fuzz_tcp.c")]:
            obj = build_dir / "tcp" / (src.stem + ".o")
            _compile(cc, src, obj, ["-DILPC_TCP_INVARIANTS", "-I", str(RUNTIME)], headers)
            objs.append(obj)
        exe = build_dir / "fuzz-tcp"
        _run([cc, *FUZZ_CFLAGS, *map(str, objs), "-o", str(exe)])
        return exe
    if target == "wire":
        objs = []
        headers = sorted(RUNTIME.glob("*.h"))
        for src in [FUZZ / "fuzz_tcp_wire.c", *needed_runtime(FUZZ / "fuzz_tcp_wire.c")]:
            obj = build_dir / "wire" / (src.stem + ".o")
            _compile(cc, src, obj, ["-I", str(RUNTIME)], headers)
            objs.append(obj)
        exe = build_dir / "fuzz-wire"
        _run([cc, *FUZZ_CFLAGS, *map(str, objs), "-o", str(exe)])
        return exe
    raise ValueError(f"unknown target {target!r}")


def inputs_dirs(target: str) -> list[Path]:
    """The seeds and regression inputs of a target (one encoding's: those of specs too)."""
    names = [target, "specs"] if target in ONE_ENCODING else [target]
    return [d for n in names for d in (CORPUS / n, REGRESSIONS / n) if d.is_dir() and any(d.iterdir())]


def replay(exe: Path, target: str) -> subprocess.CompletedProcess:
    """Every seed and regression input once.  Return code 0 when none fails."""
    files = [str(f) for d in inputs_dirs(target) for f in sorted(d.iterdir()) if f.is_file()]
    return subprocess.run([str(exe), "-runs=1", *files] if files else [str(exe), "-runs=0"],
                          capture_output=True, text=True)


STATS = re.compile(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)/")


def fuzz(exe: Path, target: str, seconds: float, build_dir: Path, keep: bool = True) -> dict:
    """Fuzz for `seconds` (restarting after a finding); returns the figures."""
    work = build_dir / "corpus" / target
    art = build_dir / "findings" / target
    work.mkdir(parents=True, exist_ok=True)
    art.mkdir(parents=True, exist_ok=True)
    before = {f.name for f in art.iterdir()}
    res = {"target": target, "seconds": 0.0, "execs": 0, "cov": 0, "ft": 0, "corpus": 0, "findings": []}
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left < 1:
            break
        t0 = time.monotonic()
        cmd = [str(exe), f"-max_total_time={int(left)}", f"-max_len={MAX_LEN[target]}", "-malloc_limit_mb=32",
               "-rss_limit_mb=2048", "-timeout=20", "-print_final_stats=1", f"-artifact_prefix={art}/",
               str(work), *map(str, inputs_dirs(target))]
        r = subprocess.run(cmd, capture_output=True, text=True)
        res["seconds"] += time.monotonic() - t0
        for line in r.stderr.splitlines():
            m = STATS.search(line)
            if m:
                res["cov"], res["ft"], res["corpus"] = int(m[2]), int(m[3]), int(m[4])
            if line.startswith("stat::number_of_executed_units:"):
                res["execs"] += int(line.split()[-1])
        if r.returncode == 0:
            break
        (build_dir / "findings" / f"{target}-{int(time.time())}.log").write_text(r.stderr[-20000:])
        new = [f for f in art.iterdir() if f.name not in before and FINDING.match(f.name)]
        if not new:  # failed without an input to show for it: stop, say so
            res["findings"].append(f"exit {r.returncode} without an artifact: {r.stderr[-500:]}")
            break
        for f in new:
            before.add(f.name)
            res["findings"].append(f.name)
            if keep:
                dest = REGRESSIONS / target
                dest.mkdir(parents=True, exist_ok=True)
                shutil.copy(f, dest / f.name)
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=60, help="fuzzing time per target (default 60)")
    ap.add_argument("--targets", default=",".join(TARGETS), help="comma-separated: " + ", ".join(TARGETS))
    ap.add_argument("--build", type=Path, default=ROOT / ".fuzz-build", help="build directory")
    ap.add_argument("--cc", default="clang")
    ap.add_argument("--replay", action="store_true", help="only replay the seeds and the regression inputs")
    ap.add_argument("--no-keep", action="store_true", help="do not copy findings into tests/fuzz/regressions/")
    a = ap.parse_args(argv)
    why = missing_toolchain(a.cc)
    if why:
        print(f"run.py: {why}", file=sys.stderr)
        return 2
    targets = [t for t in a.targets.split(",") if t]
    bad = [t for t in targets if t not in TARGETS]
    if bad:
        ap.error(f"unknown target(s): {', '.join(bad)}")
    rows, status = [], 0
    for t in targets:
        exe = build(t, a.build, a.cc)
        r = replay(exe, t)
        if r.returncode != 0:
            print(f"{t}: a seed or regression input fails:\n{r.stderr[-4000:]}", file=sys.stderr)
            status = 1
            continue
        if a.replay:
            print(f"{t}: seeds and regressions replayed, no failure")
            continue
        res = fuzz(exe, t, a.seconds, a.build.resolve(), keep=not a.no_keep)
        rows.append(res)
        status |= 1 if res["findings"] else 0
    if rows:
        lines = [f"{'target':8} {'seconds':>8} {'execs':>12} {'exec/s':>8} {'cov':>6} {'ft':>7} {'corpus':>7}  findings"]
        for r in rows:
            rate = r["execs"] / r["seconds"] if r["seconds"] else 0
            lines.append(f"{r['target']:8} {r['seconds']:8.0f} {r['execs']:12d} {rate:8.0f} {r['cov']:6d} {r['ft']:7d} "
                         f"{r['corpus']:7d}  {', '.join(r['findings']) or 'none'}")
        text = "\n".join(lines)
        print(text)
        a.build.mkdir(parents=True, exist_ok=True)
        (a.build / "report.txt").write_text(text + "\n")
        if any(r["findings"] for r in rows):
            print(f"findings copied to {REGRESSIONS.relative_to(ROOT)}/<target>/ (logs in {a.build}/findings/)")
    return status


if __name__ == "__main__":
    sys.exit(main())
