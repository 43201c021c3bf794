#!/usr/bin/env python3
"""The synthetic ILP study of Ahlgren et al. (1996; docs/references.md) on this machine.

    pip install matplotlib            # for the plots (not a dependency of ilpc)
    python bench/synthetic/run.py --all      # everything: results/, plots, cachegrind
    python bench/synthetic/run.py --quick    # smoke run, a few points, into build/quick/

For every point of every experiment and every compiler configuration (gcc and clang at
-O2, and at -O3 -march=native with --all or --o3-native) this generates the pipeline with
gen.py, compiles it with harness.c, and runs ``harness bench``: integrated (ILP) and
sequential samples interleaved in the same process, warm cache (2 KiB buffers reused,
everything in L1) and cold cache (256 KiB buffers flushed with clflush before each sample
and, for the sequential version, between its loops, as in the paper).  Points are run in
``--rounds`` passes over the whole grid, so that a burst of load from other processes is
spread over all points instead of ruining a few; medians and quartiles are over all
samples, and the ILP/sequential ratio is taken per interleaved pair.

Experiments (the paper's sections 4.1-4.3, one-word blocks, 32-bit words):
    instr       3 functions, state 2, instructions per function 4..100   (figures 1-2)
    state       3 functions, 10 instructions, state 1..9 words/function  (figures 3-4)
    funcs       10 instructions, 1..8 functions, state 1,2,4,6,8         (figures 5-6)
    thr10       3 functions, 10 instructions, aggregated state 3..27, step 1
    thr20       3 functions, 20 instructions, aggregated state 3..57
                (the aggregated state is spread over the functions as evenly as possible)
The threshold is where the median ratio ILP/sequential (warm) crosses 1 as the aggregated
state grows.  Cachegrind (valgrind) counts data references (Dr+Dw) and D1 misses per block
of the synth_* functions for a few points of thr10/thr20 at -O2.

Outputs (under --results-dir, default bench/synthetic/results/): results.json (all
statistics + machine + compilers + conditions), results.csv (one row per point, config and
cache mode), summary.md (tables), and PNG plots.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import csv
import datetime
import hashlib
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import gen  # noqa: E402
import benchlib  # noqa: E402
from benchlib import BenchError, compiler_version, log, quantile, run, slug  # noqa: E402

HARNESS = HERE / "harness.c"
BUILD = HERE / "build"
RESULTS = HERE / "results"
WARN = ["-std=c11", "-Wall", "-Wextra", "-pedantic"]


# --------------------------------------------------------------------------- grid
def spread(total: int, n: int) -> tuple[int, ...]:
    """total state words over n functions as evenly as possible (larger ones first)."""
    return tuple(total // n + (1 if k < total % n else 0) for k in range(n))


@dataclass(frozen=True)
class Point:
    exp: str
    x: float            # the experiment's x value
    series: str         # line label within the experiment ("" if one line per mode)
    params: gen.Params

    @property
    def key(self) -> str:
        return json.dumps(self.params.to_json(), sort_keys=True)


def experiments(quick: bool) -> dict[str, list[Point]]:
    P = gen.Params
    if quick:
        instrs = [4, 10, 40]
        states = [1, 3, 6, 9]
        funcs_s, funcs_n = [2, 6], [1, 2, 4, 6]
        thr10 = [3, 9, 15, 21, 27]
        thr20 = [6, 18, 30, 42, 57]
    else:
        instrs = [4, 6, 8, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100]
        states = list(range(1, 10))
        funcs_s, funcs_n = [1, 2, 4, 6, 8], list(range(1, 9))
        thr10 = list(range(3, 28))
        thr20 = list(range(3, 37)) + list(range(39, 58, 3))
    ex: dict[str, list[Point]] = {
        "instr": [Point("instr", i, "", P(n_funcs=3, instrs=i, state=2)) for i in instrs],
        "state": [Point("state", s, "", P(n_funcs=3, instrs=10, state=s)) for s in states],
        "funcs": [Point("funcs", n, f"state {s}", P(n_funcs=n, instrs=10, state=s))
                  for s in funcs_s for n in funcs_n],
        "thr10": [Point("thr10", t, "", P(n_funcs=3, instrs=10, state=spread(t, 3))) for t in thr10],
        "thr20": [Point("thr20", t, "", P(n_funcs=3, instrs=20, state=spread(t, 3))) for t in thr20],
    }
    return ex


def canonical(p: gen.Params) -> gen.Params:
    """Equal parameter sets written as int or as a uniform tuple build the same code."""
    s, i = p.state_list(), p.instrs_list()
    return gen.Params(n_funcs=p.n_funcs, instrs=i[0] if len(set(i)) == 1 else tuple(i),
                      state=s[0] if len(set(s)) == 1 else tuple(s), blocks=tuple(p.blocks_list()),
                      word_bits=p.word_bits, seed=p.seed)


# --------------------------------------------------------------------------- build
@dataclass(frozen=True)
class Config:
    cc: str
    flags: str

    @property
    def name(self) -> str:
        return f"{self.cc} {self.flags}"

    @property
    def slug(self) -> str:
        return slug(self.name)

    @classmethod
    def parse(cls, name: str) -> "Config":
        """From its name in a results file, e.g. `gcc -O3 -march=native`."""
        cc, flags, _ = benchlib.parse_config(name)
        return cls(cc, flags)


def point_dir(build: Path, params: gen.Params) -> Path:
    h = hashlib.sha1(json.dumps(params.to_json(), sort_keys=True).encode()).hexdigest()[:12]
    return build / "src" / h


def build_all(build: Path, configs: list[Config], params: list[gen.Params], jobs: int) -> dict:
    """Generates every parameter set once and compiles it for every config.
    Returns {(config.slug, params key): harness path}."""
    todo = []
    for p in params:
        d = point_dir(build, p)
        gen.generate(p).write(d)
        for c in configs:
            exe = build / c.slug / d.name / "harness"
            todo.append((c, p, d, exe))

    def one(item):
        c, p, d, exe = item
        exe.parent.mkdir(parents=True, exist_ok=True)
        srcs = [d / "synth.c", d / "synth.h", HARNESS]
        if exe.exists() and all(exe.stat().st_mtime >= s.stat().st_mtime for s in srcs):
            return
        run([c.cc] + shlex.split(c.flags) + WARN + ["-I", str(d), str(HARNESS), str(d / "synth.c"),
                                                      "-o", str(exe)])

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for f in [pool.submit(one, t) for t in todo]:
            f.result()
    return {(c.slug, json.dumps(p.to_json(), sort_keys=True)): exe for c, p, d, exe in todo}


# --------------------------------------------------------------------------- stats
def summarize(v: list[float]) -> dict:
    return {"median": statistics.median(v), "p25": quantile(v, 0.25), "p75": quantile(v, 0.75),
            "min": min(v), "max": max(v), "n": len(v)}


def stats_for(samples: dict) -> dict:
    out = {}
    for mode, d in samples.items():
        ratios = [a / b for a, b in zip(d["ilp"], d["seq"]) if b > 0]
        out[mode] = {"ilp": summarize(d["ilp"]), "seq": summarize(d["seq"]),
                     "ratio": summarize(ratios),
                     "ratio_of_medians": statistics.median(d["ilp"]) / statistics.median(d["seq"]),
                     "ratio_of_mins": min(d["ilp"]) / min(d["seq"]),
                     "retried_pairs": d.get("retried", 0)}
    return out


def threshold(xs: list[float], ratios: list[float], lo: list[float], hi: list[float]) -> dict:
    """Where the ILP/sequential ratio crosses 1 as x grows.

    crossing: linear interpolation between the last point below 1 and the first point at
    or above 1 after which the ratio stays >= 1 for the next point too (one noisy point
    does not make a threshold).  clearly_faster_until: last x whose upper quartile of the
    ratio is < 1 (ILP faster in at least 3 of 4 pairs); clearly_slower_from: first x whose
    lower quartile is >= 1."""
    res = {"crossing": None, "first_slower": None, "clearly_faster_until": None, "clearly_slower_from": None}
    for i, r in enumerate(ratios):
        if r >= 1 and (i + 1 == len(ratios) or ratios[i + 1] >= 1):
            res["first_slower"] = xs[i]
            if i == 0:
                res["crossing"] = xs[0]
            else:
                x0, r0, x1, r1 = xs[i - 1], ratios[i - 1], xs[i], r
                res["crossing"] = x0 + (1 - r0) * (x1 - x0) / (r1 - r0) if r1 != r0 else x1
            break
    for x, h in zip(xs, hi):
        if h < 1:
            res["clearly_faster_until"] = x
    for x, l_ in zip(xs, lo):
        if l_ >= 1:
            res["clearly_slower_from"] = x
            break
    return res


# --------------------------------------------------------------------------- cachegrind
def cachegrind(exe: Path, which: str, nblocks: int, passes: int, tmp: Path) -> dict:
    out = tmp / f"cg.{which}.out"
    run(["valgrind", "--tool=cachegrind", "--cache-sim=yes", f"--cachegrind-out-file={out}",
         str(exe), "once", which, str(nblocks), str(passes)])
    events: list[str] = []
    tot: dict[str, int] = {}
    cur_fn = ""
    for line in out.read_text().splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
            tot = dict.fromkeys(events, 0)
        elif line.startswith("fn="):
            cur_fn = line[3:]
        elif line[:1].isdigit() and cur_fn.startswith("synth_"):
            nums = line.split()[1:]
            for e, n in zip(events, nums):
                tot[e] += int(n)
    blocks = nblocks * passes
    per = {e: v / blocks for e, v in tot.items()}
    return {"Ir": per.get("Ir"), "Dr": per.get("Dr"), "Dw": per.get("Dw"),
            "D1mr": per.get("D1mr"), "D1mw": per.get("D1mw"),
            "mem_refs": (per.get("Dr", 0) + per.get("Dw", 0)),
            "D1_misses": (per.get("D1mr", 0) + per.get("D1mw", 0))}


# --------------------------------------------------------------------------- assembly
_STACK = re.compile(r"\(%rsp\)")
_STORE = re.compile(r"^\s*mov\w*\s+%\w+,\s*-?\w*\((%r(?!sp)\w+)[^)]*\)\s*$")
_XFER = re.compile(r"^\s*v?mov[dq]\s+%[xyz]mm\d+,\s*%[er]|^\s*v?mov[dq]\s+%[er]\w+,\s*%[xyz]mm")


def func_lines(asm: str, fn: str) -> list[str]:
    lines, inside = [], False
    for line in asm.splitlines():
        if line.startswith(f"{fn}:"):
            inside = True
            continue
        if inside and (line.startswith("\t.size") or line.startswith(".Lfunc_end")):
            break
        if inside:
            lines.append(line)
    return lines


def loop_body(asm: str, fn: str) -> list[str]:
    """The instructions of the longest loop (label .. backward jump to it) in function fn."""
    lines = func_lines(asm, fn)
    labels = {m.group(1): i for i, l in enumerate(lines) if (m := re.match(r"^(\.L\w+):", l))}
    best = (0, 0)
    for i, l in enumerate(lines):
        m = re.match(r"^\s*j(?!mp)\w+\s+(\.L\w+)", l)   # conditional back edge
        if m and m.group(1) in labels and labels[m.group(1)] < i and i - labels[m.group(1)] > best[1] - best[0]:
            best = (labels[m.group(1)], i)
    return [l for l in lines[best[0]:best[1] + 1]
            if l.strip() and not l.strip().startswith((".", "#")) and not re.match(r"^\S+:", l)]


def asm_counts(cc: str, flags: str, src: Path, tmp: Path) -> dict:
    """Static counts in the hot loops: instructions, stack (spill) memory operands, and
    moves between general-purpose and vector registers (gcc -march=native spills GPRs
    into the 32 AVX-512 vector registers instead of memory)."""
    tmp.mkdir(parents=True, exist_ok=True)
    out = tmp / "synth.s"
    run([cc] + shlex.split(flags) + ["-std=c11", "-S", "-I", str(src), str(src / "synth.c"), "-o", str(out)])
    asm = out.read_text()
    n = int(re.search(r"#define SYNTH_NFUNCS (\d+)", (src / "synth.h").read_text()).group(1))
    out_words = [int(w) for w in re.search(r"synth_block_words\[SYNTH_NFUNCS \+ 1\] = \{([^}]*)\}",
                                             (src / "synth.c").read_text()).group(1).split(",")]

    def per_block(fn: str, words_out: int) -> dict:
        body = loop_body(asm, fn)
        if not body:   # identical stages folded by the compiler: "jmp synth_seq_f0"
            tail = [m.group(1) for l in func_lines(asm, fn) if (m := re.match(r"^\s*jmp\s+(synth_\w+)", l))]
            body = loop_body(asm, tail[0]) if tail else []
        unroll = max(1, round(sum(bool(_STORE.search(l)) for l in body) / words_out))
        return {"insns": len(body) / unroll, "stack_refs": sum(bool(_STACK.search(l)) for l in body) / unroll,
                "gpr_vec_moves": sum(bool(_XFER.search(l)) for l in body) / unroll, "unroll": unroll}

    res = {"ilp": per_block("synth_ilp", out_words[-1])}
    stages = [per_block(f"synth_seq_f{k}", out_words[k + 1]) for k in range(n)]
    res["seq"] = {k: sum(st[k] for st in stages) for k in ("insns", "stack_refs", "gpr_vec_moves")}
    res["seq"]["unroll"] = max(st["unroll"] for st in stages)
    return res


ASM_POINTS = {"thr10": [3, 9, 12, 15, 18, 21, 24, 27], "thr20": [12, 24, 36, 45, 57]}


def asm_section(configs: list[Config], exps: dict, build: Path) -> list[dict]:
    """Static spill counts for a few points of the threshold sweeps, every config."""
    out = []
    for e, xs in ASM_POINTS.items():
        for pt in exps.get(e, []):
            if pt.x not in xs:
                continue
            src = point_dir(build, canonical(pt.params))
            gen.generate(canonical(pt.params)).write(src)
            for c in configs:
                out.append({"exp": e, "x": pt.x, "cc": c.cc, "flags": c.flags,
                            **asm_counts(c.cc, c.flags, src, build / "asm" / c.slug)})
    return out


# --------------------------------------------------------------------------- machine
def machine() -> dict:
    info = benchlib.machine()
    try:
        info["loadavg_start"] = os.getloadavg()
    except OSError:
        pass
    return info


# --------------------------------------------------------------------------- plots
def plots(res: dict, outdir: Path, only: set[str] | None = None) -> list[str]:
    """Draw the plots into OUTDIR (those named in ONLY, if given); their names."""
    plt = benchlib.pyplot()
    if plt is None:
        return []

    def wanted(name: str) -> bool:
        return only is None or name in only

    made = []
    rows = res["points"]
    flagsets = sorted({r["flags"] for r in rows})
    ccs = sorted({r["cc"] for r in rows})

    def sel(exp, cc, flags, series=None):
        v = [r for r in rows if exp in r["experiments"] and r["cc"] == cc and r["flags"] == flags]
        if series is not None:
            v = [r for r in v if r["series"][exp] == series]
        return sorted(v, key=lambda r: r["x"][exp])

    def line(ax, pts, exp, mode, ver, **kw):
        pts = [p for p in pts if mode in p["stats"]]
        if not pts:
            return
        xs = [p["x"][exp] for p in pts]
        st = [p["stats"][mode][ver] for p in pts]
        med = [s["median"] for s in st]
        err = [[m - s["p25"] for m, s in zip(med, st)], [s["p75"] - m for m, s in zip(med, st)]]
        ax.errorbar(xs, med, yerr=err, capsize=2, marker="o", markersize=3, **kw)

    for flags in flagsets:
        tag = re.sub(r"[^A-Za-z0-9]+", "", flags)
        for exp, fname, xlabel, title in (
                ("instr", "fig1-2_instructions", "arithmetic instructions per function",
                 "3 functions, state 2 words, 1-word blocks"),
                ("state", "fig3-4_state", "state words per function (aggregated = 3x)",
                 "3 functions, 10 instructions, 1-word blocks")):
            if not any(exp in r["experiments"] for r in rows) or not wanted(f"{fname}_{tag}.png"):
                continue
            fig, axes = plt.subplots(1, len(ccs), figsize=(6 * len(ccs), 4.2), sharey=True, squeeze=False)
            for ax, cc in zip(axes[0], ccs):
                pts = sel(exp, cc, flags)
                line(ax, pts, exp, "warm", "ilp", label="ILP warm", color="C0")
                line(ax, pts, exp, "cold", "ilp", label="ILP cold", color="C0", linestyle="--")
                line(ax, pts, exp, "warm", "seq", label="Seq warm", color="C3")
                line(ax, pts, exp, "cold", "seq", label="Seq cold", color="C3", linestyle="--")
                ax.set_title(f"{cc} {flags}")
                ax.set_xlabel(xlabel)
                ax.grid(alpha=0.3)
            axes[0][0].set_ylabel("ns per byte (median, bars: quartiles)")
            axes[0][0].legend()
            fig.suptitle(title)
            fig.tight_layout()
            p = outdir / f"{fname}_{tag}.png"
            fig.savefig(p, dpi=110)
            plt.close(fig)
            made.append(p.name)

        if any("funcs" in r["experiments"] for r in rows) and wanted(f"fig5-6_functions_{tag}.png"):
            fig, axes = plt.subplots(1, len(ccs), figsize=(6 * len(ccs), 4.2), sharey=True, squeeze=False)
            for ax, cc in zip(axes[0], ccs):
                series = sorted({r["series"]["funcs"] for r in sel("funcs", cc, flags)},
                                key=lambda s: int(s.split()[-1]))
                for i, s in enumerate(series):
                    pts = sel("funcs", cc, flags, s)
                    line(ax, pts, "funcs", "warm", "ilp", label=f"ILP {s}", color=f"C{i}")
                    line(ax, pts, "funcs", "warm", "seq", label=f"Seq {s}", color=f"C{i}",
                         linestyle=":", alpha=0.6)
                ax.set_title(f"{cc} {flags} (warm)")
                ax.set_xlabel("number of functions")
                ax.grid(alpha=0.3)
            axes[0][0].set_ylabel("ns per byte (median)")
            axes[0][0].legend(fontsize=7, ncol=2)
            fig.suptitle("10 instructions per function, 1-word blocks, state words per function")
            fig.tight_layout()
            p = outdir / f"fig5-6_functions_{tag}.png"
            fig.savefig(p, dpi=110)
            plt.close(fig)
            made.append(p.name)

        thr = [e for e in ("thr10", "thr20") if any(e in r["experiments"] for r in rows)]
        if thr and wanted(f"threshold_{tag}.png"):
            fig, axes = plt.subplots(1, len(thr), figsize=(6 * len(thr), 4.2), sharey=True, squeeze=False)
            for ax, exp in zip(axes[0], thr):
                for i, cc in enumerate(ccs):
                    pts = sel(exp, cc, flags)
                    for mode, ls in (("warm", "-"), ("cold", "--")):
                        pm = [p for p in pts if mode in p["stats"]]
                        xs = [p["x"][exp] for p in pm]
                        med = [p["stats"][mode]["ratio"]["median"] for p in pm]
                        lo = [p["stats"][mode]["ratio"]["p25"] for p in pm]
                        hi = [p["stats"][mode]["ratio"]["p75"] for p in pm]
                        ax.plot(xs, med, ls, marker="o", markersize=3, color=f"C{i}", label=f"{cc} {mode}")
                        if mode == "warm":
                            ax.fill_between(xs, lo, hi, color=f"C{i}", alpha=0.15)
                    t = res["thresholds"].get(f"{exp}|{cc} {flags}|warm", {}).get("crossing")
                    if t is not None:
                        ax.axvline(t, color=f"C{i}", linestyle=":", alpha=0.8)
                ax.axhline(1, color="k", linewidth=0.8)
                ax.set_xlabel("aggregated state (words, 3 functions)")
                ax.set_title(f"{exp[3:]} instructions/function, {flags}")
                ax.grid(alpha=0.3)
            axes[0][0].set_ylabel("time ILP / time sequential (median of pairs)")
            axes[0][0].legend(fontsize=8)
            fig.suptitle("Where integration stops paying (ratio > 1: ILP slower); dotted: warm crossing")
            fig.tight_layout()
            p = outdir / f"threshold_{tag}.png"
            fig.savefig(p, dpi=110)
            plt.close(fig)
            made.append(p.name)

    cg = res.get("cachegrind") or []
    if cg and wanted("cachegrind_memrefs.png"):
        exps = sorted({c["exp"] for c in cg})
        fig, axes = plt.subplots(1, len(exps), figsize=(6 * len(exps), 4.2), squeeze=False)
        for ax, exp in zip(axes[0], exps):
            for i, cc in enumerate(sorted({c["cc"] for c in cg})):
                pts = sorted([c for c in cg if c["exp"] == exp and c["cc"] == cc], key=lambda c: c["x"])
                xs = [c["x"] for c in pts]
                ax.plot(xs, [c["ilp"]["mem_refs"] for c in pts], "-o", color=f"C{i}", label=f"{cc} ILP")
                ax.plot(xs, [c["seq"]["mem_refs"] for c in pts], "--s", color=f"C{i}", label=f"{cc} Seq")
            ax.set_xlabel("aggregated state (words, 3 functions)")
            ax.set_ylabel("data references per block (Dr+Dw)")
            ax.set_title(f"cachegrind, {exp[3:]} instructions/function, -O2")
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8)
        fig.tight_layout()
        p = outdir / "cachegrind_memrefs.png"
        fig.savefig(p, dpi=110)
        plt.close(fig)
        made.append(p.name)
    return made


# --------------------------------------------------------------------------- report
def summary_md(res: dict) -> str:
    L = ["# Synthetic ILP study: results", "",
         f"Generated by `{res['command']}` on {res['date']}.  Times: median ns per input byte "
         "(quartiles in results.json); ratio: median over interleaved pairs of ILP time / "
         "sequential time (< 1: integration pays).", "",
         f"Machine: {res['machine'].get('Model name')} ({res['machine'].get('cpus')} CPUs, "
         f"{res['machine'].get('Hypervisor vendor', 'bare metal')}), load average at start "
         f"{res['machine'].get('loadavg_start')}, at end {res.get('loadavg_end')}.", ""]
    L.append("## Thresholds (aggregated state where ILP stops paying)")
    L.append("")
    L.append("| sweep | config | cache | crossing (interp.) | first slower | ILP clearly faster up to | ILP clearly slower from |")
    L.append("|---|---|---|---|---|---|---|")
    for k, t in sorted(res["thresholds"].items()):
        exp, cfg, mode = k.split("|")
        f = lambda v: "-" if v is None else (f"{v:.1f}" if isinstance(v, float) else str(v))  # noqa: E731
        L.append(f"| {exp} | {cfg} | {mode} | {f(t['crossing'])} | {f(t['first_slower'])} | "
                 f"{f(t['clearly_faster_until'])} | {f(t['clearly_slower_from'])} |")
    L.append("")
    for exp in ("instr", "state", "funcs", "thr10", "thr20"):
        rows = [r for r in res["points"] if exp in r["experiments"]]
        if not rows:
            continue
        L.append(f"## {exp}")
        L.append("")
        L.append("| config | series | x | ILP warm | Seq warm | ratio warm | ILP cold | Seq cold | ratio cold |")
        L.append("|---|---|---|---|---|---|---|---|---|")
        for r in sorted(rows, key=lambda r: (r["cc"], r["flags"], r["series"][exp], r["x"][exp])):
            c = [f"{r['cc']} {r['flags']}", r["series"][exp] or "-", f"{r['x'][exp]:g}"]
            for mode in ("warm", "cold"):
                s = r["stats"].get(mode)
                if s:
                    c += [f"{s['ilp']['median']:.3f}", f"{s['seq']['median']:.3f}",
                          f"{s['ratio']['median']:.2f} [{s['ratio']['p25']:.2f}-{s['ratio']['p75']:.2f}]"]
                else:
                    c += ["-", "-", "-"]
            L.append("| " + " | ".join(c) + " |")
        L.append("")
    cg = res.get("cachegrind") or []
    if cg:
        L.append("## cachegrind (per block, synth_* functions only, -O2)")
        L.append("")
        L.append("| sweep | cc | aggregated state | ILP Ir | Seq Ir | ILP Dr+Dw | Seq Dr+Dw | ILP D1 misses | Seq D1 misses |")
        L.append("|---|---|---|---|---|---|---|---|---|")
        for c in sorted(cg, key=lambda c: (c["exp"], c["cc"], c["x"])):
            L.append(f"| {c['exp']} | {c['cc']} | {c['x']:g} | {c['ilp']['Ir']:.1f} | {c['seq']['Ir']:.1f} | "
                     f"{c['ilp']['mem_refs']:.2f} | {c['seq']['mem_refs']:.2f} | "
                     f"{c['ilp']['D1_misses']:.3f} | {c['seq']['D1_misses']:.3f} |")
        L.append("")
    asm = res.get("asm") or []
    if asm:
        L.append("## Static counts in the hot loops (per block; seq: sum over its loops)")
        L.append("")
        L.append("Instructions, stack memory operands (spills/reloads, `(%rsp)`) and moves between "
                 "general-purpose and vector registers (spills into SIMD registers), from `cc -S`; "
                 "unrolled loops are divided by their unroll factor.")
        L.append("")
        L.append("| sweep | config | aggregated state | ILP insns | Seq insns | ILP stack refs | Seq stack refs | "
                 "ILP GPR<->vec moves | Seq GPR<->vec moves | unroll ILP/Seq |")
        L.append("|---|---|---|---|---|---|---|---|---|---|")
        for c in sorted(asm, key=lambda c: (c["exp"], c["cc"], c["flags"], c["x"])):
            i, q = c["ilp"], c["seq"]
            L.append(f"| {c['exp']} | {c['cc']} {c['flags']} | {c['x']:g} | {i['insns']:.1f} | {q['insns']:.1f} | "
                     f"{i['stack_refs']:.1f} | {q['stack_refs']:.1f} | {i['gpr_vec_moves']:.1f} | "
                     f"{q['gpr_vec_moves']:.1f} | {i['unroll']}/{q['unroll']} |")
        L.append("")
    return "\n".join(L)


def write_csv(res: dict, path: Path) -> None:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["experiments", "cc", "flags", "n_funcs", "instrs", "state", "agg_state", "blocks",
                    "word_bits", "mode", "ilp_median", "ilp_p25", "ilp_p75", "ilp_min", "seq_median",
                    "seq_p25", "seq_p75", "seq_min", "ratio_median", "ratio_p25", "ratio_p75", "samples"])
        for r in res["points"]:
            p = r["params"]
            for mode, s in r["stats"].items():
                w.writerow([";".join(f"{e}={r['x'][e]:g}" for e in r["experiments"]), r["cc"], r["flags"],
                            p["n_funcs"], "/".join(map(str, p["instrs"])), "/".join(map(str, p["state"])),
                            sum(p["state"]), "/".join(map(str, p["blocks"])), p["word_bits"], mode]
                           + [f"{s[v][k]:.5g}" for v in ("ilp", "seq") for k in ("median", "p25", "p75", "min")]
                           + [f"{s['ratio'][k]:.4f}" for k in ("median", "p25", "p75")] + [s["ratio"]["n"]])


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--all", action="store_true", help="full grid, gcc+clang at -O2 and -O3 -march=native, "
                    "cachegrind, plots, into results/")
    ap.add_argument("--quick", action="store_true", help="smoke run: few points, -O2, into build/quick/")
    ap.add_argument("--experiments", default="instr,state,funcs,thr10,thr20")
    ap.add_argument("--compilers", default="gcc,clang")
    ap.add_argument("--o3-native", action="store_true", help="also -O3 -march=native (implied by --all)")
    ap.add_argument("--rounds", type=int, help="passes over the grid (default 3, quick 1)")
    ap.add_argument("--warm-reps", type=int, help="warm samples per version per round (default 51)")
    ap.add_argument("--cold-reps", type=int, help="cold samples per version per round (default 15)")
    ap.add_argument("--no-cachegrind", action="store_true")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--results-dir", type=Path)
    ap.add_argument("--build-dir", type=Path, default=BUILD)
    ap.add_argument("--report-only", action="store_true",
                    help="no timing: redo the static counts, summary.md and plots from results.json")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="parallel compiles")
    a = ap.parse_args(argv)

    quick = a.quick and not a.all
    mach = machine()
    rounds = a.rounds or (1 if quick else 3)
    warm_reps = a.warm_reps or (15 if quick else 51)
    cold_reps = a.cold_reps or (5 if quick else 15)
    outdir = a.results_dir or (a.build_dir / "quick" if quick else RESULTS)
    outdir.mkdir(parents=True, exist_ok=True)

    if a.report_only:
        res = json.loads((outdir / "results.json").read_text())
        cfgs = [Config.parse(n) for n in res["configs"]]
        ex = {k: [Point(k, d["x"], d["series"], gen.Params(**{**d["params"], "instrs": tuple(d["params"]["instrs"]),
                                                              "state": tuple(d["params"]["state"]),
                                                              "blocks": tuple(d["params"]["blocks"])}))
                  for d in v] for k, v in res["experiments"].items()}
        res["asm"] = asm_section(cfgs, ex, a.build_dir)
        for pt in res["points"]:
            prm = gen.Params(**{**pt["params"], "instrs": tuple(pt["params"]["instrs"]),
                                "state": tuple(pt["params"]["state"]), "blocks": tuple(pt["params"]["blocks"])})
            pt["critical_path"] = [f.critical_path() for f in gen.build(prm)]
        (outdir / "results.json").write_text(json.dumps(res, indent=1) + "\n")
        write_csv(res, outdir / "results.csv")
        made = [] if a.no_plots else plots(res, outdir)
        (outdir / "summary.md").write_text(summary_md(res) + "\n")
        log(f"rewrote {outdir}/results.json, results.csv, summary.md" + (f", {', '.join(made)}" if made else ""))
        return 0

    ccs = [c for c in a.compilers.split(",") if c]
    missing = [c for c in ccs if shutil.which(c) is None]
    if missing:
        log(f"not found, skipped: {', '.join(missing)}")
        ccs = [c for c in ccs if c not in missing]
    if not ccs:
        log("no compiler")
        return 1
    configs = [Config(c, "-O2") for c in ccs]
    if (a.all or a.o3_native) and not quick:
        configs += [Config(c, "-O3 -march=native") for c in ccs]

    wanted = [e for e in a.experiments.split(",") if e]
    exps = {k: v for k, v in experiments(quick).items() if k in wanted}
    # Unique parameter sets (points of several experiments share code and measurements).
    uniq: dict[str, gen.Params] = {}
    for pts in exps.values():
        for p in pts:
            cp = canonical(p.params)
            uniq.setdefault(json.dumps(cp.to_json(), sort_keys=True), cp)
    log(f"{len(uniq)} parameter sets x {len(configs)} configs; building ...")
    exes = build_all(a.build_dir, configs, list(uniq.values()), a.jobs)

    # Timing: `rounds` passes over (config, point); samples accumulate.
    samples: dict[tuple[str, str], dict] = {}
    for rnd in range(rounds):
        for ci, c in enumerate(configs):
            keys = list(uniq)
            if rnd % 2:     # alternate direction so drift does not track the x axis
                keys.reverse()
            log(f"round {rnd + 1}/{rounds}: {c.name} ({len(keys)} points)")
            for key in keys:
                exe = exes[(c.slug, key)]
                p = subprocess.run([str(exe), "bench", "--warm-reps", str(warm_reps), "--cold-reps",
                                    str(cold_reps)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                if p.returncode != 0:
                    raise BenchError(f"{exe}: exit {p.returncode}\n{p.stderr}")
                d = json.loads(p.stdout)
                acc = samples.setdefault((c.slug, key), {})
                for mode in ("warm", "cold"):
                    if mode in d:
                        m = acc.setdefault(mode, {"ilp": [], "seq": [], "retried": 0})
                        m["ilp"] += d[mode]["ilp"]
                        m["seq"] += d[mode]["seq"]
                        m["retried"] += d[mode].get("retried", 0)

    points = []
    for c in configs:
        for key, prm in uniq.items():
            in_exps = {}
            for e, pts in exps.items():
                for pt in pts:
                    if json.dumps(canonical(pt.params).to_json(), sort_keys=True) == key:
                        in_exps[e] = pt
            points.append({"cc": c.cc, "flags": c.flags, "params": prm.to_json(),
                           "experiments": sorted(in_exps), "x": {e: pt.x for e, pt in in_exps.items()},
                           "series": {e: pt.series for e, pt in in_exps.items()},
                           "critical_path": [f.critical_path() for f in gen.build(prm)],
                           "stats": stats_for(samples[(c.slug, key)])})

    thresholds = {}
    for e in ("thr10", "thr20", "state"):
        if e not in exps:
            continue
        for c in configs:
            pts = sorted([p for p in points if e in p["experiments"] and p["cc"] == c.cc and p["flags"] == c.flags],
                         key=lambda p: p["x"][e])
            for mode in ("warm", "cold"):
                xs = [p["x"][e] * (3 if e == "state" else 1) for p in pts]   # aggregated state
                r = [p["stats"][mode]["ratio"] for p in pts]
                thresholds[f"{e}|{c.name}|{mode}"] = threshold(xs, [v["median"] for v in r],
                                                               [v["p25"] for v in r], [v["p75"] for v in r])

    cg = []
    if not a.no_cachegrind and shutil.which("valgrind"):
        sel = {"thr10": [3, 6, 9, 12, 15, 18, 21, 24, 27], "thr20": [6, 12, 18, 24, 30, 36, 45, 57]}
        if quick:
            sel = {"thr10": [3, 27]}
        tmp = a.build_dir / "cachegrind"
        tmp.mkdir(parents=True, exist_ok=True)
        for e, xs in sel.items():
            if e not in exps:
                continue
            for c in [c for c in configs if c.flags == "-O2"]:
                for pt in exps[e]:
                    if pt.x not in xs:
                        continue
                    key = json.dumps(canonical(pt.params).to_json(), sort_keys=True)
                    log(f"cachegrind {e} x={pt.x} {c.name}")
                    exe = exes[(c.slug, key)]
                    cg.append({"exp": e, "x": pt.x, "cc": c.cc, "flags": c.flags, "params": pt.params.to_json(),
                               "ilp": cachegrind(exe, "ilp", 512, 40, tmp),
                               "seq": cachegrind(exe, "seq", 512, 40, tmp)})
    elif not a.no_cachegrind:
        log("valgrind not found: no cachegrind counts")

    try:
        load_end = os.getloadavg()
    except OSError:
        load_end = None
    res = {
        "command": "python bench/synthetic/run.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
        "machine": mach,
        "loadavg_end": load_end,
        "compilers": {c: compiler_version(c) for c in ccs},
        "configs": [c.name for c in configs],
        "conditions": {"rounds": rounds, "warm_reps_per_round": warm_reps, "cold_reps_per_round": cold_reps,
                       "warm_buffer_bytes": 2048, "cold_buffer_bytes": 256 << 10, "word_bits": 32,
                       "warm_sample_min_us": 200},
        "experiments": {e: [{"x": p.x, "series": p.series, "params": p.params.to_json()} for p in pts]
                        for e, pts in exps.items()},
        "points": points,
        "thresholds": thresholds,
        "cachegrind": cg,
        "asm": asm_section(configs, exps, a.build_dir),
    }
    (outdir / "results.json").write_text(json.dumps(res, indent=1) + "\n")
    write_csv(res, outdir / "results.csv")
    made = [] if a.no_plots else plots(res, outdir)
    (outdir / "summary.md").write_text(summary_md(res) + "\n")
    log(f"wrote {outdir}/results.json, results.csv, summary.md" + (f", {', '.join(made)}" if made else ""))
    for k, t in sorted(thresholds.items()):
        if k.endswith("|warm") and not k.startswith("state"):
            log(f"threshold {k}: crossing {t['crossing']}, clearly faster until {t['clearly_faster_until']}, "
                f"clearly slower from {t['clearly_slower_from']}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        log(str(e))
        sys.exit(1)
