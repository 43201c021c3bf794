#!/usr/bin/env python3
"""The reproduction report's plots, from the benchmark suites' stored results.

    pip install matplotlib           # the plots need it; --check does not
    python bench/report.py           # every plot of docs/reproduction.md, into docs/reproduction/
    python bench/report.py --check   # every plot docs/reproduction.md shows exists and was made here
    python bench/report.py --out DIR # the same plots into DIR (the test does this)

Nothing is measured.  The inputs are the results the suites stored:

    bench/ilp/results/results.json          Braun & Diot (1995) Table 1, figs 6, 7, 10, 11, 13, 14
    bench/filetransfer/results.md           Braun & Diot (1995) figs 8, 9, 12 (the table in it)
    bench/synthetic/results/results.json    Ahlgren et al. (1996) figs 1-6
    bench/breakdown/results/results.json    the TCP/IP thesis, fig 17

(the papers are cited in full in docs/references.md)

Two kinds of plot are written.  The suites' own plots that the report shows are drawn by
the suites' own plotting functions (imported from their run.py, the code their
--report-only modes run) into DIR/ilp/, DIR/synthetic/ and DIR/breakdown/; the same
results give the same images as in bench/*/results/.  The "paper beside this machine"
plots (DIR/braun-diot_*.png for Braun & Diot, ahlgren_*.png for Ahlgren et al.,
tcpip-thesis_*.png for the thesis) are drawn here, with the papers' numbers that their text
gives (Braun & Diot's Table 1 is PAPER_TABLE1 in
bench/ilp/run.py).  DIR/manifest.json records every plot written with its SHA-256 and
the SHA-256 of each input, so that --check can tell that a plot the report shows was made
by this script and whether the results changed since.  It takes about 15 s.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from benchlib import cipher_table, log, parse_config  # noqa: E402
DOC = REPO / "docs" / "reproduction.md"
OUT = REPO / "docs" / "reproduction"
MANIFEST = "manifest.json"
COMMAND = "python bench/report.py"

SOURCES = {
    "ilp": REPO / "bench" / "ilp" / "results" / "results.json",
    "filetransfer": REPO / "bench" / "filetransfer" / "results.md",
    "synthetic": REPO / "bench" / "synthetic" / "results" / "results.json",
    "breakdown": REPO / "bench" / "breakdown" / "results" / "results.json",
}
RUNS = {"ilp": HERE / "ilp" / "run.py", "synthetic": HERE / "synthetic" / "run.py",
        "breakdown": HERE / "breakdown" / "run.py"}

# The suites' plots the report shows (each suite draws more; these are copied).
SUITE_PLOTS = {
    "ilp": ["table1_range.png", "ratio.png", "cachegrind.png"],
    "synthetic": ["fig1-2_instructions_O2.png", "fig3-4_state_O2.png", "fig5-6_functions_O2.png",
                  "threshold_O2.png", "cachegrind_memrefs.png"],
    "breakdown": ["breakdown_none_seg4076.png"],
}

# Numbers Braun & Diot (1995) give in their text (SPARCstation 10-30 unless said otherwise).
S000_FIG11 = {  # 1 KiB packets: time saved by ILP, us and % (send, receive)
    "simplified SAFER K-64": {"us": (58, 56), "pct": (16, 16)},
    "very simple cipher": {"us": (70, 64), "pct": (32, 40)},
}
S000_FIG14_RECV = (4.7, 18.7)  # receive D-cache miss ratio %, non-ILP and ILP
S000_MEMREF_MAX = 30           # "ILP reduces the number of memory accesses up to 30%"
# Ahlgren et al.'s (1996) numbers: throughput gain of ILP (%) at 10 and 100 instructions per function.
AHLGREN_GAIN = {"SPARCstation 2 (fig. 1)": {10: 65, 100: 11}, "HP 9000-735/90 (fig. 2)": {10: 60, 100: 4}}
AHLGREN_SS2_STATE_THRESHOLD = 3   # words per function where ILP's cost starts to rise (fig. 3)

_TABLE = cipher_table().CIPHERS  # compiler/ciphers.py
# the ciphers whose units stand alone (not the authenticated records), in the table's order
CIPHERS_MAIN = [c.name for c in _TABLE if c.unit_stage and not c.aead]
CIPHER_COLOR = {c: f"C{i}" for i, c in enumerate(CIPHERS_MAIN)}
# Braun & Diot's (1995) ciphers: none, xor and the simplified SAFER
CIPHERS_STUDY = tuple(c.name for c in _TABLE if c.study)
# the block ciphers of 8-byte units
CIPHERS_BLOCK = tuple(c.name for c in _TABLE if c.unit_stage and not c.aead and c.unit == 8)
SYN_CONFIGS = ["gcc -O2", "clang -O2", "gcc -O3 -march=native", "clang -O3 -march=native"]
SYN_COLOR = dict(zip(SYN_CONFIGS, ["C0", "C1", "C2", "C3"]))
PAPER_SHOWN = ["SS10-30", "SS20-60", "AXP3000/800"]
PAPER_COLOR = dict(zip(PAPER_SHOWN, ["0.15", "0.45", "0.7"]))

# The comparison plots drawn here: name -> function (filled in below).
PLOTS: dict = {}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses need the module registered
    spec.loader.exec_module(mod)
    return mod


def planned() -> list[str]:
    """Every plot this script writes, relative to the output directory."""
    return sorted(list(PLOTS) + [f"{s}/{p}" for s, ps in SUITE_PLOTS.items() for p in ps])


# ----------------------------------------------------------------------------- inputs
def parse_filetransfer(text: str) -> list[dict]:
    """The table of bench/filetransfer/results.md: one dict per transport, cipher, size and
    loss.  Two formats: the complete-system matrix (a transport and a loss column: kernel,
    shm, udp) and the earlier one (udp only, per-message times in the transfer and alone)."""
    rows = parse_filetransfer_matrix(text)
    if rows:
        return rows
    rows, cipher = [], None
    num = r"([\d.]+) / ([\d.]+) \(([\d.]+)\)"
    pat = re.compile(rf"^\| *([\w-]*) *\| *(\d+) *\| *{num} *\| *([\d.]+)[–-]([\d.]+) *\| *{num} *\| *{num} *\| "
                     rf"*{num} *\| *{num} *\| *([\d.]+)% / ([\d.]+)% *\|")
    for line in text.splitlines():
        m = pat.match(line)
        if not m:
            continue
        g = m.groups()
        cipher = g[0] or cipher
        f = [float(x) for x in g[2:]]
        rows.append({"transport": "udp", "loss": 0.0,
                     "cipher": cipher, "size": int(g[1]), "mbs_ilp": f[0], "mbs_layered": f[1], "ratio": f[2],
                     "ratio_min": f[3], "ratio_max": f[4], "send_us": f[5:7], "recv_us": f[8:10],
                     "send_alone_us": f[11:13], "recv_alone_us": f[14:16], "share": (f[17], f[18])})
    if not rows:
        raise SystemExit(f"no table found in {SOURCES['filetransfer']}")
    return rows


def parse_filetransfer_matrix(text: str) -> list[dict]:
    """The complete-system table (bench/filetransfer/run.py): | transport | cipher | max-reply |
    loss | MB/s ILP / layered (ratio) | min–max | CPU s/GB server | CPU s/GB client | share
    server | share client | retransmissions |; blank transport and cipher cells repeat the
    row above.  "share" is the server's plus the client's processing share, in %."""
    num = r"([\d.]+|–) / ([\d.]+|–)"
    pct = r"([\d.]+|–)%? / ([\d.]+|–)%?"
    pat = re.compile(rf"^\| *([\w-]*) *\| *([\w-]*) *\| *(\d+) *\| *([\d.]+)% *\| *{num} \(([\d.]+|–)\) *\| "
                     rf"*([\d.]+|–)[–-]([\d.]+|–) *\| *{num} *\| *{num} *\| *{pct} *\| *{pct} *\|")
    rows, transport, cipher = [], None, None

    def f(x: str) -> float:
        return float("nan") if x == "–" else float(x)

    for line in text.splitlines():
        m = pat.match(line)
        if not m:
            continue
        g = m.groups()
        transport = g[0] or transport
        cipher = g[1] or cipher
        v = [f(x) for x in g[4:]]
        rows.append({"transport": transport, "cipher": cipher, "size": int(g[2]), "loss": float(g[3]) / 100,
                     "mbs_ilp": v[0], "mbs_layered": v[1], "ratio": v[2], "ratio_min": v[3], "ratio_max": v[4],
                     "cpu_gb_server": (v[5], v[6]), "cpu_gb_client": (v[7], v[8]),
                     "share": (v[9] + v[11], v[10] + v[12])})
    return rows


class Data:
    def __init__(self) -> None:
        missing = [str(p.relative_to(REPO)) for p in SOURCES.values() if not p.is_file()]
        if missing:
            raise SystemExit("stored results missing (run the suites first): " + ", ".join(missing))
        self.ilp = json.loads(SOURCES["ilp"].read_text())
        self.ft_all = parse_filetransfer(SOURCES["filetransfer"].read_text())
        # the user-level TCP over udp without loss: the paper's configuration (figs. 8, 9)
        self.ft = [r for r in self.ft_all if r["transport"] == "udp" and r["loss"] == 0]
        self.syn = json.loads(SOURCES["synthetic"].read_text())
        self.bd = json.loads(SOURCES["breakdown"].read_text())
        self.ilpmod = load_module("bench_ilp_run", RUNS["ilp"])
        self.paper = self.ilpmod.PAPER_TABLE1
        self.default = self.ilp.get("default_config") or self.ilp["configs"][0]["name"]

    # Braun & Diot / bench/ilp
    def row(self, size: int, cipher: str, op: str, config: str | None = None) -> dict | None:
        cfg = config or self.default
        return next((r for r in self.ilp["rows"] if r["config"] == cfg and r["size"] == size
                     and r["cipher"] == cipher and r["op"] == op), None)

    def cg(self, size: int, cipher: str, op: str, path: str) -> dict | None:
        return next((x for x in self.ilp.get("cachegrind") or [] if x["glibc"] == "vector-memcpy"
                     and x["size"] == size and x["cipher"] == cipher and x["op"] == op and x["path"] == path), None)

    def paper_ratio(self, platform: str, size: int, op: str) -> float:
        t = self.paper[platform][size]
        return t[4] / t[2] if op == "send" else t[5] / t[3]

    # Ahlgren et al. / bench/synthetic
    def syn_pts(self, exp: str, config: str, series: str | None = None) -> list[dict]:
        cc, flags, _ = parse_config(config)
        v = [p for p in self.syn["points"] if exp in p["experiments"] and p["cc"] == cc and p["flags"] == flags
             and (series is None or p["series"][exp] == series)]
        return sorted(v, key=lambda p: p["x"][exp])

    # the TCP/IP thesis / bench/breakdown
    def bd_run(self, **kw) -> dict | None:
        return next((r for r in self.bd["runs"] if all(r[k] == v for k, v in kw.items())), None)


def plot(name: str):
    def deco(fn):
        PLOTS[name] = fn
        return fn
    return deco


def size_label(s: int) -> str:
    return f"{s // 1024}K" if s >= 4096 else str(s)


def cat_axis(ax, sizes: list[int]) -> None:
    """Message sizes as evenly spaced categories (256 ... 1280 crowd on a log axis)."""
    ax.set_xticks(range(len(sizes)))
    ax.set_xticklabels([size_label(s) for s in sizes], fontsize=8)
    ax.grid(alpha=0.3)


# ----------------------------------------------------------------- Braun & Diot (1995)
@plot("braun-diot_table1_ratio.png")
def p_table1(d: Data, plt):
    sizes = [256, 512, 768, 1024, 1280]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.6), sharey=True)
    for ax, op in zip(axes, ("send", "recv")):
        allp = [[d.paper_ratio(p, s, op) for s in sizes] for p in d.paper]
        lo = [min(v[i] for v in allp) for i in range(len(sizes))]
        hi = [max(v[i] for v in allp) for i in range(len(sizes))]
        ax.fill_between(sizes, lo, hi, color="0.85", label="paper: range of its 7 platforms")
        for p in PAPER_SHOWN:
            ax.plot(sizes, [d.paper_ratio(p, s, op) for s in sizes], color=PAPER_COLOR[p], linewidth=1,
                    linestyle=":", marker=".", label=f"paper: {p}")
        for c in CIPHERS_MAIN:
            rs = [d.row(s, c, op) for s in sizes]
            med = [r["ratio"]["ilp"]["median"] for r in rs]
            err = [[m - r["ratio"]["ilp"]["p25"] for m, r in zip(med, rs)],
                   [r["ratio"]["ilp"]["p75"] - m for m, r in zip(med, rs)]]
            ax.errorbar(sizes, med, yerr=err, color=CIPHER_COLOR[c], marker="o", markersize=4, capsize=2,
                        label=f"here: {c}")
        ax.axhline(1, color="k", linewidth=0.8)
        ax.set_xticks(sizes)
        ax.set_xlabel("packet (message) size, bytes")
        ax.set_title("send" if op == "send" else "receive", fontsize=10)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("time non-ILP / time ILP  (> 1: ILP faster)")
    axes[1].legend(fontsize=7, loc="upper left", ncol=2)
    fig.suptitle("Braun & Diot Table 1 beside this machine: per-packet speed-up of ILP "
                 f"(here: {d.default} config, median of per-round ratios, bars: quartiles)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    return fig


@plot("braun-diot_fig06_07_times.png")
def p_fig6_7(d: Data, plt):
    sizes = [256, 512, 768, 1024, 1280]
    fig, axes = plt.subplots(2, 2, figsize=(12, 7.6))
    for i, (op, k_ilp, k_non, fig_no) in enumerate((("recv", 3, 5, 6), ("send", 2, 4, 7))):
        ax = axes[i][0]
        for p in PAPER_SHOWN:
            ax.plot(sizes, [d.paper[p][s][k_ilp] for s in sizes], color=PAPER_COLOR[p], marker="o", markersize=3,
                    label=f"{p} ILP")
            ax.plot(sizes, [d.paper[p][s][k_non] for s in sizes], color=PAPER_COLOR[p], marker="s", markersize=3,
                    linestyle="--", label=f"{p} non-ILP")
        ax.set_ylim(bottom=0)
        ax.set_ylabel("µs per packet")
        ax.set_title(f"paper, fig. {fig_no} ({'receive' if op == 'recv' else 'send'}; values from its Table 1)",
                     fontsize=9)
        ax = axes[i][1]
        for c in CIPHERS_STUDY:
            rs = [d.row(s, c, op) for s in sizes]
            ax.plot(sizes, [r["paths"]["ilp"]["median"] for r in rs], color=CIPHER_COLOR[c], marker="o",
                    markersize=3, label=f"{c} ILP")
            ax.plot(sizes, [r["paths"]["layered"]["median"] for r in rs], color=CIPHER_COLOR[c], marker="s",
                    markersize=3, linestyle="--", label=f"{c} layered")
        ax.set_yscale("log")
        ax.set_ylabel("ns per message (median; log scale)")
        ax.set_title(f"this machine, {d.default} config ({'receive' if op == 'recv' else 'send'})", fontsize=9)
        for ax in axes[i]:
            ax.set_xticks(sizes)
            ax.grid(alpha=0.3)
            ax.set_xlabel("packet (message) size, bytes")
    axes[0][0].legend(fontsize=7, ncol=2)
    axes[0][1].legend(fontsize=7, ncol=3, loc="center right")
    fig.suptitle("Braun & Diot figs. 6 and 7: packet processing time, ILP and non-ILP (paper: µs, 1995; here: ns)",
                 fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.96))
    return fig


@plot("braun-diot_fig08_09_throughput.png")
def p_fig8_9(d: Data, plt):
    psizes = [256, 512, 768, 1024, 1280]
    sizes = sorted({r["size"] for r in d.ft} | set(psizes))
    pos = {s: i for i, s in enumerate(sizes)}  # categorical x: the sizes evenly spaced
    fig, axes = plt.subplots(1, 3, figsize=(16, 4.8))
    ax = axes[0]
    for p in PAPER_SHOWN:
        ax.plot(psizes, [d.paper[p][s][0] for s in psizes], color=PAPER_COLOR[p], marker="o", markersize=3,
                label=f"{p} ILP")
        ax.plot(psizes, [d.paper[p][s][1] for s in psizes], color=PAPER_COLOR[p], marker="s", markersize=3,
                linestyle="--", label=f"{p} non-ILP")
    ax.set_xticks(psizes)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("throughput, Mbit/s")
    ax.set_title("paper (Table 1; figs. 8 and 9 plot these)", fontsize=9)
    ax.legend(fontsize=7)
    ax = axes[1]
    for c in CIPHERS_BLOCK:
        rs = [r for r in d.ft if r["cipher"] == c]
        xs = [pos[r["size"]] for r in rs]
        ax.plot(xs, [8 * r["mbs_ilp"] for r in rs], color=CIPHER_COLOR[c], marker="o", markersize=3,
                label=f"{c} ILP")
        ax.plot(xs, [8 * r["mbs_layered"] for r in rs], color=CIPHER_COLOR[c], marker="s", markersize=3,
                linestyle="--", label=f"{c} layered")
    ax.set_ylim(bottom=0)
    ax.set_ylabel("throughput, Mbit/s (MB/s x 8)")
    ax.set_title("this machine: file transfer over the user-level TCP, udp on loopback", fontsize=9)
    ax.legend(fontsize=7, ncol=2)
    ax = axes[2]
    for p in d.paper:
        ax.plot([pos[s] for s in psizes], [d.paper[p][s][0] / d.paper[p][s][1] for s in psizes], color="0.6",
                linewidth=0.8, marker=".", label="paper, each of its 7 platforms" if p == next(iter(d.paper)) else None)
    for j, c in enumerate(CIPHERS_MAIN):
        rs = [r for r in d.ft if r["cipher"] == c]
        xs = [pos[r["size"]] + 0.09 * (j - 2) for r in rs]
        ys = [r["ratio"] for r in rs]
        ax.errorbar(xs, ys, yerr=[[y - r["ratio_min"] for y, r in zip(ys, rs)],
                                  [r["ratio_max"] - y for y, r in zip(ys, rs)]],
                    color=CIPHER_COLOR[c], marker="o", markersize=3, capsize=2, linewidth=0.8, label=f"here: {c}")
    ax.axhline(1, color="k", linewidth=0.8)
    ax.set_ylabel("throughput ILP / non-ILP")
    ax.set_title("ratio (here: median of 5 runs, bars: per-run min-max)", fontsize=9)
    ax.legend(fontsize=7, ncol=2)
    for ax in axes:
        ax.grid(alpha=0.3)
        ax.set_xlabel("packet (maximum reply) size, bytes")
    for ax in axes[1:]:
        ax.set_xticks(range(len(sizes)))
        ax.set_xticklabels([size_label(s) for s in sizes], fontsize=8)
    fig.suptitle("Braun & Diot figs. 8 and 9: throughput of the file transfer, ILP and non-ILP (middle and right: "
                 "sizes evenly spaced)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


@plot("braun-diot_fig10_platforms.png")
def p_fig10(d: Data, plt):
    cfgs = [c["name"] for c in d.ilp["configs"]]
    plats = list(d.paper)
    fig, axes = plt.subplots(1, 2, figsize=(14, 4.6), sharey=True)
    ciphers = CIPHERS_STUDY
    for ax, op in zip(axes, ("send", "recv")):
        xs = list(range(len(plats)))
        ax.bar(xs, [d.paper_ratio(p, 1024, op) for p in plats], 0.6, color="0.6", label="paper (simplified SAFER)")
        base = len(plats) + 0.5
        w = 0.26
        for j, c in enumerate(ciphers):
            xx = [base + i + (j - 1) * w for i in range(len(cfgs))]
            rs = [d.row(1024, c, op, cfg) for cfg in cfgs]
            med = [r["ratio"]["ilp"]["median"] for r in rs]
            err = [[m - r["ratio"]["ilp"]["p25"] for m, r in zip(med, rs)],
                   [r["ratio"]["ilp"]["p75"] - m for m, r in zip(med, rs)]]
            ax.bar(xx, med, w, yerr=err, capsize=2, color=CIPHER_COLOR[c], label=f"here: {c}")
        ax.set_xticks(xs + [base + i for i in range(len(cfgs))])
        ax.set_xticklabels(plats + cfgs, rotation=30, ha="right", fontsize=8)
        ax.axhline(1, color="k", linewidth=0.8)
        ax.set_title(f"1 KiB, {'send' if op == 'send' else 'receive'}", fontsize=10)
        ax.grid(alpha=0.3, axis="y")
    axes[0].set_ylabel("time non-ILP / time ILP")
    axes[0].legend(fontsize=7)
    fig.suptitle("Braun & Diot fig. 10 (and Table 1): the gain on other platforms; here, other compilers "
                 "on the same machine", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


@plot("braun-diot_fig11_ciphers.png")
def p_fig11(d: Data, plt):
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.4))
    ops = ("send", "recv")
    w = 0.38
    # (a) relative saving, paper
    ax = axes[0]
    names = list(S000_FIG11)
    for k, op in enumerate(ops):
        ax.bar([i + (k - 0.5) * w for i in range(len(names))], [S000_FIG11[n]["pct"][k] for n in names], w,
               color="0.35" if op == "send" else "0.7", label=op if op == "send" else "receive")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, fontsize=8)
    ax.set_ylabel("time saved by ILP, %")
    ax.set_title("paper, SPARCstation 10-30, 1 KiB: relative", fontsize=9)
    ax.legend(fontsize=7)
    # (b) relative saving, here
    ax = axes[1]
    for k, op in enumerate(ops):
        rs = [d.row(1024, c, op) for c in CIPHERS_MAIN]
        v = [100 * (1 - 1 / r["ratio"]["ilp"]["median"]) for r in rs]
        lo = [100 * (1 - 1 / r["ratio"]["ilp"]["p25"]) for r in rs]
        hi = [100 * (1 - 1 / r["ratio"]["ilp"]["p75"]) for r in rs]
        ax.bar([i + (k - 0.5) * w for i in range(len(rs))], v, w, yerr=[[a - b for a, b in zip(v, lo)],
                                                                          [b - a for a, b in zip(v, hi)]],
               capsize=2, color="0.35" if op == "send" else "0.7", label=op if op == "send" else "receive")
    ax.set_xticks(range(len(CIPHERS_MAIN)))
    ax.set_xticklabels(CIPHERS_MAIN, fontsize=8)
    ax.axhline(0, color="k", linewidth=0.8)
    ax.set_ylabel("time saved by ILP, %  (1 - 1/ratio)")
    ax.set_title(f"this machine, {d.default} config, 1 KiB: relative (bars: quartiles)", fontsize=9)
    ax.legend(fontsize=7)
    # (c) absolute saving in both
    ax = axes[2]
    for k, op in enumerate(ops):
        rs = [d.row(1024, c, op) for c in CIPHERS_MAIN]
        v = [r["paths"]["layered"]["median"] - r["paths"]["ilp"]["median"] for r in rs]
        ax.bar([i + (k - 0.5) * w for i in range(len(rs))], v, w, color="0.35" if op == "send" else "0.7",
               label=f"here, {op if op == 'send' else 'receive'}: ns (layered - ILP medians)")
    ax.set_xticks(range(len(CIPHERS_MAIN)))
    ax.set_xticklabels(CIPHERS_MAIN, fontsize=8)
    ax.axhline(0, color="k", linewidth=0.8)
    ax.set_ylabel("ns saved per message")
    txt = "; ".join(f"{n}: {v['us'][0]} / {v['us'][1]} µs" for n, v in S000_FIG11.items())
    ax.set_title("absolute saving, here (ns); paper (send / receive):\n" + txt, fontsize=8)
    ax.legend(fontsize=7)
    for ax in axes:
        ax.grid(alpha=0.3, axis="y")
    fig.suptitle("Braun & Diot fig. 11: the gain of ILP with different ciphers", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


@plot("braun-diot_fig12_throughput_ciphers.png")
def p_fig12(d: Data, plt):
    if any(r["transport"] == "kernel" for r in d.ft_all):
        return p_fig12_kernel(d, plt)
    rs = [next(r for r in d.ft if r["cipher"] == c and r["size"] == 1024) for c in CIPHERS_MAIN]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.4))
    w = 0.38
    ax = axes[0]
    xs = range(len(rs))
    ax.bar([x - w / 2 for x in xs], [8 * r["mbs_ilp"] for r in rs], w, color="C0", label="ILP")
    ax.bar([x + w / 2 for x in xs], [8 * r["mbs_layered"] for r in rs], w, color="C3", label="layered")
    for x, r in zip(xs, rs):
        ax.text(x, 8 * max(r["mbs_ilp"], r["mbs_layered"]) + 4, f"{r['ratio']:.2f}\n({r['ratio_min']:.2f}-"
                f"{r['ratio_max']:.2f})", ha="center", fontsize=7)
    ax.set_ylabel("throughput, Mbit/s")
    ax.set_title("1 KiB replies: throughput; ILP/layered ratio (per-run min-max)", fontsize=9)
    ax.margins(y=0.2)
    ax.legend(fontsize=7, loc="lower left")
    ax = axes[1]
    ax.bar([x - w / 2 for x in xs], [r["share"][0] for r in rs], w, color="C0", label="ILP")
    ax.bar([x + w / 2 for x in xs], [r["share"][1] for r in rs], w, color="C3", label="layered")
    ax.set_ylabel("processing share, % of time per message")
    ax.set_title("1 KiB replies: how much of the transfer the data manipulations are", fontsize=9)
    ax.legend(fontsize=7)
    for ax in axes:
        ax.set_xticks(list(xs))
        ax.set_xticklabels(CIPHERS_MAIN, fontsize=8)
        ax.grid(alpha=0.3, axis="y")
    fig.suptitle("Braun & Diot fig. 12: throughput with different ciphers (this machine; the paper gives no "
                 "numbers, and no kernel-TCP run is made here)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


def p_fig12_kernel(d: Data, plt):
    """Figure 12 with a kernel-TCP run: at the smallest measured reply size (1 KiB in the
    standard run), throughput by cipher over each transport, ILP and layered."""
    base = [r for r in d.ft_all if r["loss"] == 0]
    size = 1024 if any(r["size"] == 1024 for r in base) else min(r["size"] for r in base)
    transports = [t for t in ("kernel", "shm", "udp") if any(r["transport"] == t for r in base)]
    ciphers = [c for c in CIPHERS_MAIN if any(r["cipher"] == c for r in base)]
    names = {"kernel": "kernel TCP", "shm": "user-level TCP, shm", "udp": "user-level TCP, udp"}
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.6))
    w = 0.8 / (2 * len(transports))
    for ax, key in zip(axes, ("mbs", "share")):
        for j, t in enumerate(transports):
            for k, mode in enumerate(("ilp", "layered")):
                xs, ys = [], []
                for ci, c in enumerate(ciphers):
                    r = next((r for r in base if (r["transport"], r["cipher"], r["size"]) == (t, c, size)), None)
                    if r:
                        xs.append(ci - 0.4 + (2 * j + k + 0.5) * w)
                        ys.append(8 * r[f"mbs_{mode}"] if key == "mbs" else r["share"][k])
                ax.bar(xs, ys, w, color=f"C{j}", alpha=1.0 if mode == "ilp" else 0.45,
                       label=f"{names[t]}, {'ILP' if mode == 'ilp' else 'layered'}")
        ax.set_xticks(range(len(ciphers)))
        ax.set_xticklabels(ciphers, fontsize=8)
        ax.grid(alpha=0.3, axis="y")
    axes[0].set_ylabel("throughput, Mbit/s (MB/s x 8)")
    axes[0].set_title(f"{size}-byte replies: throughput (median)", fontsize=9)
    axes[0].legend(fontsize=7)
    axes[1].set_ylabel("processing share, % (server + client)")
    axes[1].set_title(f"{size}-byte replies: time in the send and receive functions / wall time", fontsize=9)
    fig.suptitle("Braun & Diot fig. 12: throughput with different ciphers, the user-level TCP against the kernel's "
                 "TCP (this machine)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


@plot("braun-diot_fig13_memrefs.png")
def p_fig13(d: Data, plt):
    cg = [x for x in d.ilp.get("cachegrind") or [] if x["glibc"] == "vector-memcpy"]
    sizes = sorted({x["size"] for x in cg})
    ciphers = [c for c in CIPHERS_MAIN if any(x["cipher"] == c for x in cg)]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.4), sharey=True)
    for ax, op in zip(axes, ("send", "recv")):
        for c in ciphers:
            pts = [(s, d.cg(s, c, op, "ilp"), d.cg(s, c, op, "layered")) for s in sizes]
            pts = [(s, a, b) for s, a, b in pts if a and b]
            ax.plot([sizes.index(s) for s, _, _ in pts], [100 * (1 - a["refs"] / b["refs"]) for _, a, b in pts],
                    marker="o", markersize=3, color=CIPHER_COLOR[c], label=c)
        ax.axhline(S000_MEMREF_MAX, color="k", linestyle="--", linewidth=0.8,
                   label=f"paper: 'up to {S000_MEMREF_MAX}%'")
        ax.axhline(0, color="k", linewidth=0.8)
        cat_axis(ax, sizes)
        ax.set_xlabel("message size, bytes (evenly spaced)")
        ax.set_title("send" if op == "send" else "receive", fontsize=10)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("fewer data references with ILP, %  (cachegrind Dr+Dw)")
    axes[0].legend(fontsize=7)
    fig.suptitle("Braun & Diot fig. 13: memory accesses saved by ILP (here: per message, harness's fixed costs "
                 "subtracted, glibc kept on its vector loops)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


@plot("braun-diot_fig14_missratio.png")
def p_fig14(d: Data, plt):
    cg = [x for x in d.ilp.get("cachegrind") or [] if x["glibc"] == "vector-memcpy"]
    sizes = sorted({x["size"] for x in cg})
    fig, axes = plt.subplots(2, 2, figsize=(12, 7.2))
    for i, op in enumerate(("send", "recv")):
        for c in CIPHERS_STUDY:
            for path, ls, mk in (("ilp", "-", "o"), ("layered", "--", "s")):
                pts = [d.cg(s, c, op, path) for s in sizes]
                xs = [i for i, p in enumerate(pts) if p]
                ps = [p for p in pts if p]
                axes[i][0].plot(xs, [100 * max(0.0, p["D1miss"]) / p["refs"] for p in ps], linestyle=ls, marker=mk,
                                markersize=3, color=CIPHER_COLOR[c], label=f"{c} {'ILP' if path == 'ilp' else path}")
                axes[i][1].plot(xs, [max(0.01, p["D1miss"]) for p in ps], linestyle=ls, marker=mk, markersize=3,
                                color=CIPHER_COLOR[c], label=f"{c} {'ILP' if path == 'ilp' else path}")
        if op == "recv":
            for v, lab in zip(S000_FIG14_RECV, ("paper non-ILP", "paper ILP")):
                axes[i][0].axhline(v, color="k", linestyle=":" if lab.endswith("non-ILP") else "-.", linewidth=0.9,
                                   label=f"{lab}: {v}%")
        axes[i][0].set_ylabel(f"{'send' if op == 'send' else 'receive'}: D1 misses / data refs, %")
        axes[i][1].set_ylabel(f"{'send' if op == 'send' else 'receive'}: D1 misses per message")
        axes[i][1].set_yscale("log")
        for ax in axes[i]:
            cat_axis(ax, sizes)
    for ax in axes[1]:
        ax.set_xlabel("message size, bytes (evenly spaced)")
    axes[1][0].legend(fontsize=7, ncol=2)
    axes[0][1].legend(fontsize=7, ncol=2)
    fig.suptitle("Braun & Diot fig. 14: data cache misses, ILP and non-ILP (here: cachegrind, 32 KiB 8-way D1; "
                 "receive misses below 16 KiB are 0 in both paths, drawn at 0.01)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    return fig


# ---------------------------------------------------------------- Ahlgren et al. (1996)
def _gain_pct(p: dict, mode: str = "warm") -> float:
    st = p["stats"][mode]
    return 100 * (st["seq"]["median"] / st["ilp"]["median"] - 1)


@plot("ahlgren_fig1_2_instructions.png")
def p_ahlgren_instr(d: Data, plt):
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.6))
    ax = axes[0]
    for cfg in SYN_CONFIGS:
        pts = d.syn_pts("instr", cfg)
        ax.plot([p["x"]["instr"] for p in pts], [_gain_pct(p) for p in pts], marker="o", markersize=3,
                color=SYN_COLOR[cfg], label=f"here: {cfg}")
    for (name, v), mk in zip(AHLGREN_GAIN.items(), ("*", "D")):
        ax.plot(list(v), list(v.values()), linestyle="none", marker=mk, markersize=8, color="k", zorder=5,
                markerfacecolor="none", markeredgewidth=1.5, label=f"paper: {name}")
    ax.set_ylabel("ILP throughput gain, %  (time seq / time ILP - 1, warm)")
    ax.set_title("relative gain", fontsize=9)
    ax.legend(fontsize=7)
    ax = axes[1]
    for cfg in SYN_CONFIGS:
        pts = d.syn_pts("instr", cfg)
        for mode, ls in (("warm", "-"), ("cold", "--")):
            ax.plot([p["x"]["instr"] for p in pts],
                    [p["stats"][mode]["seq"]["median"] - p["stats"][mode]["ilp"]["median"] for p in pts],
                    linestyle=ls, marker="o", markersize=2.5, color=SYN_COLOR[cfg],
                    label=cfg if mode == "warm" else ("cold cache: dashed" if cfg == SYN_CONFIGS[0] else None))
    ax.set_ylabel("absolute gain, ns per byte (seq - ILP)")
    ax.set_title("absolute gain (dashed: cold cache).  Paper: constant in the instruction count,\n"
                 "SPARCstation 2 about 135 (warm) / 220 (cold) ns/byte, HP about 20 / 30", fontsize=8)
    ax.legend(fontsize=7, ncol=2)
    for ax in axes:
        ax.set_xlabel("arithmetic instructions per function (3 functions, state 2)")
        ax.grid(alpha=0.3)
    fig.suptitle("Ahlgren et al. figs. 1 and 2: the number of instructions", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


@plot("ahlgren_fig3_4_state.png")
def p_ahlgren_state(d: Data, plt):
    fig, ax = plt.subplots(figsize=(9, 4.8))
    for cfg in SYN_CONFIGS:
        pts = d.syn_pts("state", cfg)
        for mode, ls in (("warm", "-"), ("cold", "--")):
            ax.plot([p["x"]["state"] for p in pts], [p["stats"][mode]["ratio"]["median"] for p in pts],
                    linestyle=ls, marker="o", markersize=3, color=SYN_COLOR[cfg],
                    label=cfg if mode == "warm" else ("cold cache: dashed" if cfg == SYN_CONFIGS[0] else None))
    ax.axhline(1, color="k", linewidth=0.8)
    ax.axvline(AHLGREN_SS2_STATE_THRESHOLD, color="k", linestyle=":", linewidth=1,
               label="paper, SPARCstation 2: ILP's cost rises from here")
    ax.set_xlabel("state words per function (3 functions, 10 instructions; aggregated state = 3x)")
    ax.set_ylabel("time ILP / time sequential (median of pairs)")
    sec = ax.secondary_xaxis("top", functions=(lambda x: 3 * x, lambda x: x / 3))
    sec.set_xlabel("aggregated state, words")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.suptitle("Ahlgren et al. figs. 3 and 4: the state size (here: ratio; < 1: ILP faster)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.96))
    return fig


@plot("ahlgren_fig5_6_functions.png")
def p_ahlgren_funcs(d: Data, plt):
    fig, axes = plt.subplots(1, len(SYN_CONFIGS), figsize=(17, 4.4), sharey=True)
    for ax, cfg in zip(axes, SYN_CONFIGS):
        pts = d.syn_pts("funcs", cfg)
        series = sorted({p["series"]["funcs"] for p in pts}, key=lambda s: int(s.split()[-1]))
        for k, s in enumerate(series):
            sp = [p for p in pts if p["series"]["funcs"] == s]
            ax.plot([p["x"]["funcs"] for p in sp], [p["stats"]["warm"]["ratio"]["median"] for p in sp],
                    marker="o", markersize=3, color=f"C{k}", label=f"{s} words/function")
        ax.axhline(1, color="k", linewidth=0.8)
        ax.set_yscale("log", base=2)
        ax.set_title(cfg, fontsize=9)
        ax.set_xlabel("number of functions (10 instructions each)")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("time ILP / time sequential (warm; log scale)")
    axes[0].legend(fontsize=7)
    fig.suptitle("Ahlgren et al. figs. 5 and 6: the number of functions.  Paper: ILP's cost grows faster than the "
                 "sequential one for state > 2 words/function (SPARCstation 2), >= 4 (HP)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    return fig


# ------------------------------------------------------------------- the TCP/IP thesis
THESIS_GROUPS = [  # (label, breakdown categories)
    ("data copy (copies + marshalling)", ["copies", "marshalling"]),
    ("checksum", ["checksum"]),
    ("fused (ILP)", ["fused"]),
    ("protocol operations", ["protocol"]),
    ("transport (no counterpart)", ["transport"]),
    ("encryption + allocation", ["encryption", "allocation", "other"]),
]
THESIS_COLORS = ["#c44e52", "#55a868", "#8172b3", "#937860", "#8c8c8c", "#dd8452"]


@plot("tcpip-thesis_fig17_breakdown.png")
def p_thesis_fig17(d: Data, plt):
    seg, cipher, size = 4076, "none", 32000
    fig, axes = plt.subplots(1, 3, figsize=(16, 5.2), gridspec_kw={"width_ratios": [3, 3, 1.4]})
    for ax, ev, what in ((axes[0], "Ir", "instructions"), (axes[1], "D", "data references")):
        labels, ys = [], []
        y = 0
        for mode in ("layered", "ilp"):
            for side in ("send", "recv"):
                r = d.bd_run(max_seg=seg, cipher=cipher, size=size, mode=mode, side=side)
                left = 0.0
                for (lab, cats), col in zip(THESIS_GROUPS, THESIS_COLORS):
                    v = sum(r["categories"][c][ev] for c in cats)
                    ax.barh(y, v, left=left, color=col, label=lab if y == 0 else None, edgecolor="white",
                            linewidth=0.3)
                    left += v
                ax.text(left, y, f" {left:,.0f}", va="center", fontsize=7)
                labels.append(f"{'ILP' if mode == 'ilp' else mode} {'send' if side == 'send' else 'receive'}")
                ys.append(y)
                y += 1
            y += 0.5
        ax.set_yticks(ys)
        ax.set_yticklabels(labels, fontsize=8)
        ax.invert_yaxis()
        ax.margins(x=0.15)
        ax.set_xlabel(f"{what} per message (callgrind)")
        ax.grid(alpha=0.3, axis="x")
    h, lab = axes[0].get_legend_handles_labels()
    fig.legend(h, lab, loc="lower center", ncol=len(lab), fontsize=8, frameon=False)
    ax = axes[2]
    tot = {}
    for mode in ("layered", "ilp"):
        for ev in ("Ir", "D"):
            cp = sum(d.bd_run(max_seg=seg, cipher=cipher, size=size, mode=mode, side=s)["categories"][c][ev]
                     for s in ("send", "recv") for c in ("copies", "marshalling"))
            ck = sum(d.bd_run(max_seg=seg, cipher=cipher, size=size, mode=mode, side=s)["categories"]["checksum"][ev]
                     for s in ("send", "recv"))
            tot[(mode, ev)] = cp / ck
    keys = [("paper", None)] + [(m, e) for m in ("layered", "ilp") for e in ("Ir", "D")]
    vals = [2.0] + [tot[k] for k in keys[1:]]
    ax.bar(range(len(keys)), vals, color=["0.4"] + ["C3", "C3", "C0", "C0"])
    ax.set_xticks(range(len(keys)))
    ax.set_xticklabels(["paper\n(text)"] + [f"{'ILP' if m == 'ilp' else m}\n{e}" for m, e in keys[1:]], fontsize=7)
    for x, v in enumerate(vals):
        ax.text(x, v, f"{v:.2f}", ha="center", va="bottom", fontsize=7)
    ax.set_title("data copy / checksum", fontsize=9)
    ax.grid(alpha=0.3, axis="y")
    fig.suptitle("The TCP/IP thesis's fig. 17 configuration (32000-byte messages, 4076-byte TCP segments, no cipher) on "
                 "ilpc's user-level TCP: where a send and a receive go", fontsize=10)
    fig.tight_layout(rect=(0, 0.06, 1, 0.94))
    return fig


# ----------------------------------------------------------------------------- driver
def regenerate(out: Path) -> int:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("bench/report.py: matplotlib is not installed; the report's plots need it.\n"
            "    pip install matplotlib\n"
            "(`python bench/report.py --check` works without it.)")
        return 2
    t0 = time.monotonic()
    d = Data()
    out.mkdir(parents=True, exist_ok=True)
    made: dict[str, str] = {}
    # The suites' own plots, by their own plotting code, copied from a scratch directory.
    with tempfile.TemporaryDirectory(prefix="report-") as tmp:
        tmp = Path(tmp)
        suites = {"ilp": (d.ilpmod.plots, d.ilp), "synthetic": None, "breakdown": None}
        suites["synthetic"] = (load_module("bench_synthetic_run", RUNS["synthetic"]).plots, d.syn)
        suites["breakdown"] = (load_module("bench_breakdown_run", RUNS["breakdown"]).plot, d.bd)
        for suite, (fn, res) in suites.items():
            (tmp / suite).mkdir()
            # a copy (the suites' code may annotate res); only the plots the report shows
            fn(json.loads(json.dumps(res)), tmp / suite, only=set(SUITE_PLOTS[suite]))
            (out / suite).mkdir(exist_ok=True)
            for name in SUITE_PLOTS[suite]:
                src = tmp / suite / name
                if not src.is_file():
                    raise SystemExit(f"bench/{suite}'s plotting code did not write {name}")
                shutil.copyfile(src, out / suite / name)
                made[f"{suite}/{name}"] = sha256(out / suite / name)
    # The comparison plots.
    for name, fn in PLOTS.items():
        fig = fn(d, plt)
        fig.savefig(out / name, dpi=100)
        plt.close(fig)
        made[name] = sha256(out / name)
    manifest = {"command": COMMAND, "matplotlib": matplotlib.__version__,
                "sources": {str(p.relative_to(REPO)): sha256(p) for p in SOURCES.values()},
                "plots": dict(sorted(made.items()))}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    log(f"wrote {len(made)} plots and {MANIFEST} into {out} in {time.monotonic() - t0:.1f} s")
    return 0


def image_links(doc: Path) -> list[str]:
    """The targets of the Markdown image links of doc (![alt](target))."""
    return re.findall(r"!\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", doc.read_text())


def check(out: Path, doc: Path) -> int:
    """Every plot doc shows exists under out, is one this script writes, and is the file the
    script wrote (its SHA-256 is in the manifest).  A change of the stored results since is
    reported, not an error."""
    errors, warnings = [], []
    if not doc.is_file():
        errors.append(f"{doc} does not exist")
    mpath = out / MANIFEST
    manifest = json.loads(mpath.read_text()) if mpath.is_file() else None
    if manifest is None:
        errors.append(f"{mpath} does not exist: run {COMMAND}")
    links = image_links(doc) if doc.is_file() else []
    if doc.is_file() and not links:
        errors.append(f"{doc} shows no plot")
    plan = set(planned())
    shown = set()
    for link in links:
        target = (doc.parent / link).resolve()
        try:
            rel = target.relative_to(out.resolve()).as_posix()
        except ValueError:
            errors.append(f"{link}: not under {out} (every plot of the report is made by {COMMAND})")
            continue
        shown.add(rel)
        if not target.is_file():
            errors.append(f"{link}: no such file")
        elif rel not in plan:
            errors.append(f"{link}: not a plot {COMMAND} makes")
        elif manifest is not None and manifest["plots"].get(rel) != sha256(target):
            errors.append(f"{link}: not the file {COMMAND} wrote (missing from {MANIFEST} or changed since)")
    if manifest is not None:
        for rel in sorted(plan - set(manifest["plots"])):
            errors.append(f"{rel}: planned but not in {MANIFEST}: run {COMMAND}")
        for src, h in manifest.get("sources", {}).items():
            p = REPO / src
            if not p.is_file():
                warnings.append(f"{src} is gone")
            elif sha256(p) != h:
                warnings.append(f"{src} changed since the plots were made: run {COMMAND} (and check the "
                                "numbers quoted in docs/reproduction.md)")
    for rel in sorted(plan - shown):
        warnings.append(f"{rel} is made but not shown in {doc.name}")
    for w in warnings:
        log(f"warning: {w}")
    for e in errors:
        log(f"error: {e}")
    if errors:
        return 1
    log(f"ok: {len(links)} plots shown in {doc.relative_to(REPO) if doc.is_relative_to(REPO) else doc}, "
        f"all made by {COMMAND}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--check", action="store_true", help="only verify the plots docs/reproduction.md shows")
    ap.add_argument("--out", type=Path, default=OUT, help="output directory (default docs/reproduction/)")
    ap.add_argument("--doc", type=Path, default=DOC, help="the report, for --check (default docs/reproduction.md)")
    ap.add_argument("--list", action="store_true", help="print the plots this script makes")
    a = ap.parse_args(argv)
    if a.list:
        print("\n".join(planned()))
        return 0
    if a.check:
        return check(a.out.resolve(), a.doc.resolve())
    return regenerate(a.out.resolve())


if __name__ == "__main__":
    sys.exit(main())
