#!/usr/bin/env python3
"""Message shapes for ilpc's cost model: per-item work beside bulk bytes.

    python bench/auto/shapes.py --out bench/auto/shapes-calibration      # the calibration grid
    python bench/auto/shapes.py --validate --out bench/auto/shapes-validation

bench/ilp/run.py measures one message type, FileTransfer.Reply, whose XDR is almost all
one opaque: every byte costs the same.  Real messages are arrays of integers, lists of
strings whose characters are checked, records with optional fields; for those the
fused, tiled and layered paths spend their time differently (per item, not per byte),
and the path that wins at a length for an opaque can lose for an integer array.

This measures the types of bench/auto/shapes.asn1 -- the calibration shapes (Opaque,
Runs, Words, Pairs, Names, Chunks, Entries: one kind of work each) and, with --validate, the held-out
shapes (Samples, Vector, Texts, Points, Blobs, Document: mixes the model has not seen) --
at several message lengths, with every path (fused, tiled, layered; with --validate
also auto), every cipher given, both directions, for each compiler configuration.

The values are built here (seeded; a small XDR writer per shape, independent of ilpc)
to about the length asked; every value is checked first: the harness's `roundtrip`
gives back the same bytes, every path's `seal` the same message and the same checksum,
every path's `open` the XDR.  Timing is as in bench/ilp/run.py: `ilpc-harness seal|open
--repeat N` (ns_per_msg, the harness's thread CPU time), N calibrated for about
--target-ms per run, the paths of one point run back to back in a rotating order,
--rounds passes over the grid; the medians over the rounds are recorded, and the
per-round ratios layered / path.

Writes OUT/results.json: one row per (config, shape, length, cipher, direction) with the
message length, the shape's features as the compiler estimated them when it was measured
(compiler/costmodel/shape.py; bench/auto/calibrate.py and the evaluation use the
estimates of the code they run with), and per path the median ns and ratio.  With
--validate (or --report-only): OUT/evaluation.json, OUT/summary.md and the table in
docs/costmodel.md: per cell the fastest path, the model's pick (with the type's shape,
and without it), auto, and what each costs against the fastest.
"""
from __future__ import annotations

import argparse
import datetime
import json
import random
import struct
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
import benchlib  # noqa: E402
from benchlib import BenchError, log  # noqa: E402

SPEC = HERE / "shapes.asn1"
MODULE = "IlpcShapes"
CALIBRATION = ["Opaque", "Runs", "Words", "Pairs", "Names", "Chunks", "Entries"]
HELD_OUT = ["Samples", "Vector", "Texts", "Points", "Blobs", "Document"]
CONFIGS = ["gcc-O2", "clang-O2", "gcc-O3native", "clang-O3native"]
PATH_FLAGS = {"fused": [], "tiled": ["--tiled"], "layered": ["--layered"], "auto": ["--auto"]}
_TABLE = benchlib.cipher_table().CIPHERS  # compiler/ciphers.py
KEYS = {c.name: c.bench_key or "" for c in _TABLE}
# the default: the ciphers with a fused path but the slowest (safer-k64: ~5 ns per byte)
DEFAULT_CIPHERS = [c.name for c in _TABLE if c.unit_stage and c.ns_per_byte < 3]


# --------------------------------------------------------------------------- values
def u32(x: int) -> bytes:
    return struct.pack(">I", x)


def i32(x: int) -> bytes:
    return struct.pack(">i", x)


def opaque(b: bytes) -> bytes:
    return u32(len(b)) + b + b"\0" * (-len(b) % 4)


PRINTABLE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '()+,-./:=?"
UTF8_CHARS = "abcdefghij klmnop" + "éßΩжא" + "€你好" + "😀"


def printable(rng: random.Random, n: int) -> bytes:
    return "".join(rng.choice(PRINTABLE) for _ in range(n)).encode()


def utf8(rng: random.Random, chars: int) -> bytes:
    """About chars characters, at most chars bytes (ilpc's SIZE of a UTF8String counts bytes)."""
    out = b""
    for _ in range(chars):
        c = rng.choice(UTF8_CHARS).encode()
        if len(out) + len(c) > chars:
            break
        out += c
    return out


def array(rng: random.Random, target: int, head: int, elem) -> bytes:
    """A count word, then elements from elem(rng) until the XDR reaches about target."""
    parts, size = [], head + 4
    while True:
        e = elem(rng)
        if parts and size + len(e) > target:
            break
        parts.append(e)
        size += len(e)
    return u32(len(parts)) + b"".join(parts)


def section(rng: random.Random) -> bytes:
    note = rng.random() < 0.5
    return (opaque(printable(rng, rng.randint(0, 40))) + i32(rng.randint(1, 6))
            + opaque(bytes(rng.randrange(256) for _ in range(rng.randint(0, 512))))
            + array(rng, 4 + 4 * rng.randint(0, 8), 0, lambda r: u32(r.getrandbits(32)))
            + u32(int(note)) + (opaque(utf8(rng, rng.randint(0, 60))) if note else b""))


def entry(rng: random.Random) -> bytes:
    present = rng.random() < 0.5
    return (u32(rng.randint(0, 65535)) + u32(rng.randint(0, 1)) + i32(rng.randint(0, 2)) + u32(int(present))
            + (u32(rng.getrandbits(32)) if present else b""))


BUILDERS = {
    "Opaque": lambda rng, n: u32(7) + opaque(bytes(rng.randrange(256) for _ in range(max(0, n - 8)))),
    "Runs": lambda rng, n: array(rng, n, 0, lambda r: struct.pack(">q", r.randint(-2**63, 2**63 - 1))),
    "Words": lambda rng, n: array(rng, n, 0, lambda r: u32(r.randint(0, 65535))),
    "Pairs": lambda rng, n: array(rng, n, 0, lambda r: struct.pack(">qd", r.randint(-2**63, 2**63 - 1),
                                                                   r.uniform(-1e9, 1e9))),
    "Chunks": lambda rng, n: array(rng, n, 0, lambda r: opaque(bytes(r.randrange(256)
                                                                    for _ in range(r.randint(0, 16))))),
    "Names": lambda rng, n: array(rng, n, 0, lambda r: opaque(printable(r, r.randint(0, 64)))),
    "Entries": lambda rng, n: array(rng, n, 0, entry),
    "Samples": lambda rng, n: array(rng, n, 0, lambda r: i32(r.randint(-1000, 1000))),
    "Vector": lambda rng, n: u32(0) + b"".join(struct.pack(">q", rng.randint(-2**63, 2**63 - 1))
                                               for _ in range(127)),
    "Texts": lambda rng, n: array(rng, n, 0, lambda r: opaque(utf8(r, r.randint(0, 40)))),
    "Points": lambda rng, n: array(rng, n, 0, lambda r: struct.pack(">ddI", r.uniform(-1e6, 1e6),
                                                                     r.uniform(-1e6, 1e6), r.randint(0, 255))),
    "Blobs": lambda rng, n: array(rng, n, 0, lambda r: opaque(bytes(r.randrange(256)
                                                                   for _ in range(r.randint(0, 100))))),
    "Document": lambda rng, n: (opaque(printable(rng, rng.randint(1, 80))) + u32(3)
                                + array(rng, n, 100, section)),
}
FIXED = {"Vector"}  # one length whatever is asked


def build_value(shape: str, target: int, seed: int) -> bytes:
    return BUILDERS[shape](random.Random(f"{shape}/{target}/{seed}"), target)


# --------------------------------------------------------------------------- harness
ones_sum = benchlib.ones_sum


def harness(exe: Path, op: str, shape: str, cipher: str, path: str, repeat: int, stdin: bytes,
            csum: int | None = None, preexec=None) -> tuple[bytes, str]:
    args = [str(exe), op, f"{MODULE}.{shape}"]
    if op == "roundtrip":
        p = subprocess.run(args, input=stdin, capture_output=True)
        if p.returncode != 0:
            raise BenchError(f"roundtrip {shape}: exit {p.returncode}: {p.stderr.decode(errors='replace').strip()}")
        return p.stdout, ""
    args += ["--cipher", cipher]
    if KEYS[cipher]:
        args += ["--key", KEYS[cipher]]
    args += PATH_FLAGS[path]
    if repeat:
        args += ["--repeat", str(repeat)]
    if op == "open" and csum is not None:
        args += ["--csum", f"0x{csum:04x}"]
    p = subprocess.run(args, input=stdin, capture_output=True, preexec_fn=preexec)
    err = p.stderr.decode(errors="replace")
    if p.returncode != 0:
        raise BenchError(f"{' '.join(args[1:])}: exit {p.returncode}: {err.strip()}")
    return p.stdout, err


def ns_per_msg(err: str) -> float:
    for tok in err.split():
        if tok.startswith("ns_per_msg="):
            return float(tok.split("=", 1)[1])
    raise BenchError(f"no ns_per_msg in: {err.strip()}")


class Point:
    def __init__(self, exe: Path, config: str, shape: str, target: int, cipher: str, op: str, xdr: bytes,
                 msg: bytes, csum: int):
        self.exe, self.config, self.shape, self.target, self.cipher, self.op = exe, config, shape, target, cipher, op
        self.xdr, self.msg, self.csum = xdr, msg, csum
        self.repeat: dict[str, int] = {}
        self.samples: dict[str, list[float]] = {}

    def run(self, path: str, repeat: int) -> float:
        stdin, expect = (self.xdr, self.msg) if self.op == "send" else (self.msg, self.xdr)
        out, err = harness(self.exe, "seal" if self.op == "send" else "open", self.shape, self.cipher, path, repeat,
                           stdin, self.csum if self.op == "recv" else None, benchlib.raise_priority)
        if out != expect:
            raise BenchError(f"{self.config} {self.shape} {self.target} {self.cipher} {self.op} {path}: "
                             "output differs from the verified one")
        return ns_per_msg(err)


def verify(exe: Path, shape: str, cipher: str, xdr: bytes, paths: list[str]) -> tuple[bytes, int]:
    """The message every path seals (the same bytes and sum), and that every path opens."""
    back, _ = harness(exe, "roundtrip", shape, "none", "fused", 0, xdr)
    if back != xdr:
        raise BenchError(f"{shape}: roundtrip changed the value (the builder wrote bad XDR?)")
    msg = None
    for path in paths:
        out, err = harness(exe, "seal", shape, cipher, path, 0, xdr)
        csum = int(err.split("csum=")[1].split()[0], 16)
        if csum != ones_sum(out):
            raise BenchError(f"{shape} {cipher} seal {path}: csum {csum:#x} is not the message's sum")
        if msg is not None and out != msg:
            raise BenchError(f"{shape} {cipher} seal {path}: another message than the fused path's")
        msg = out
    assert msg is not None
    for path in paths:
        out, _ = harness(exe, "open", shape, cipher, path, 0, msg, ones_sum(msg))
        if out != xdr:
            raise BenchError(f"{shape} {cipher} open {path}: another XDR")
    return msg, ones_sum(msg)


# --------------------------------------------------------------------------- evaluation
DOC = REPO / "docs" / "costmodel.md"
BEGIN, END = "<!-- BEGIN bench/auto/shapes.py -->", "<!-- END bench/auto/shapes.py -->"
PATHS = ("fused", "tiled", "layered")


def spec_shapes(*specs: Path) -> dict:
    """{type name: shape} for the named types of the specs: the features as the compiler
    estimates them (compiler/costmodel/shape.py); calibrate.py uses it too."""
    from ilpc.costmodel.shape import type_shape
    from ilpc.driver import load
    return {p.name[-1]: type_shape(p) for mp in load([str(s) for s in specs]).plans for p in mp.named}


def evaluate(res: dict) -> dict:
    """Per cell (config, shape, length, cipher, direction), from the paired per-round
    ratios (layered / path): the fastest of the three paths; what the model's pick for
    the type's shape costs against it (pick / fastest); the same for the pick the model
    makes without the shape (an opaque's rule); and auto / fastest where auto was run."""
    from ilpc import costmodel as cm
    from ilpc.costmodel.shape import ShapeWalker, type_shape
    from ilpc.ir.facts import message_range
    from ilpc.driver import load
    model = cm.load()
    walker = ShapeWalker()
    plans = {p.name[-1]: p for mp in load([str(SPEC)]).plans for p in mp.named}
    cells = []
    for r in res["rows"]:
        if r["config"] not in [p.name for p in model.profiles]:
            continue
        prof = model.profile(r["config"])
        plan = plans[r["shape"]]
        lo, hi = message_range(plan)
        speed = {p: r["paths"][p]["ratio"] for p in r["paths"]}  # layered / path
        present = [p for p in PATHS if p in speed]
        best = max(present, key=lambda p: speed[p])
        pick = model.rule(prof, r["op"], r["cipher"], lo, hi, type_shape(plan, walker)).pick(r["msg_len"])
        blind = model.rule(prof, r["op"], r["cipher"], lo, hi).pick(r["msg_len"])
        cell = dict(config=r["config"], shape=r["shape"], msg_len=r["msg_len"], cipher=r["cipher"], op=r["op"],
                    best=best, pick=pick, pick_cost=speed[best] / speed[pick], blind=blind,
                    blind_cost=speed[best] / speed[blind])
        if "auto" in speed:
            cell["auto_cost"] = speed[best] / speed["auto"]
        cells.append(cell)
    return {"cells": cells}


def render(res: dict, ev: dict) -> str:
    cells = ev["cells"]
    n = len(cells)

    def share(pred) -> str:
        k = sum(1 for c in cells if pred(c))
        return f"{k} ({100 * k / n:.0f}%)"

    def med_max(key: str) -> str:
        v = [c[key] for c in cells if key in c]
        return f"{benchlib.median(v):.3f}, {max(v):.3f}" if v else "-"
    out = [f"Measured: `{res['command']}` ({res['when']}, {len(cells)} cells); evaluated by "
           "`python bench/auto/shapes.py --report-only --out DIR`.", "",
           "| | with the shape | without (an opaque's rule) |", "|---|---|---|",
           f"| the pick is the measured fastest path | {share(lambda c: c['pick'] == c['best'])} | "
           f"{share(lambda c: c['blind'] == c['best'])} |",
           f"| the pick within 10% of the fastest | {share(lambda c: c['pick_cost'] <= 1.10)} | "
           f"{share(lambda c: c['blind_cost'] <= 1.10)} |",
           f"| pick / fastest, median, max | {med_max('pick_cost')} | {med_max('blind_cost')} |"]
    if any("auto_cost" in c for c in cells):
        out.append(f"| auto measured within 10% of the fastest | {share(lambda c: c.get('auto_cost', 0) <= 1.10)} | |")
        out.append(f"| auto / fastest, median, max | {med_max('auto_cost')} | |")
    worst = sorted(cells, key=lambda c: -c.get("auto_cost", c["pick_cost"]))[:12]
    out += ["", "The worst cells (auto / fastest where auto ran, else pick / fastest):", "",
            "| config | shape | bytes | cipher | direction | pick | fastest | pick / fastest | auto / fastest "
            "| opaque's pick / fastest |", "|---|---|--:|---|---|---|---|--:|--:|--:|"]
    for c in worst:
        auto = f"{c['auto_cost']:.3f}" if "auto_cost" in c else "-"
        out.append(f"| {c['config']} | {c['shape']} | {c['msg_len']} | {c['cipher']} | {c['op']} | {c['pick']} | "
                   f"{c['best']} | {c['pick_cost']:.3f} | {auto} | {c['blind_cost']:.3f} |")
    per = {}
    for c in cells:
        per.setdefault(c["shape"], []).append(c.get("auto_cost", c["pick_cost"]))
    out += ["", "Per shape, auto (or the pick) / fastest: median, max over every config, cipher, length "
            "and direction:", "", "| shape | cells | median | max |", "|---|--:|--:|--:|"]
    for shape, v in per.items():
        out.append(f"| {shape} | {len(v)} | {benchlib.median(v):.3f} | {max(v):.3f} |")
    return "\n".join(out)


# --------------------------------------------------------------------------- main
def build(config: str, bdir: Path) -> Path:
    cc, flags, default = benchlib.parse_config(config)
    out = bdir / config
    if out.exists():
        subprocess.run(["rm", "-rf", str(out)], check=True)
    benchlib.ilpc_generate(SPEC, out)
    benchlib.make(out, ["ilpc-harness"], cc=cc, cflags=flags)
    return out / "ilpc-harness"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--validate", action="store_true", help="the held-out shapes, with the auto path")
    ap.add_argument("--shapes", help="comma-separated shapes (default: the calibration or held-out set)")
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--sizes", default="256,1024,4096,16384")
    ap.add_argument("--ciphers", default=",".join(DEFAULT_CIPHERS))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--target-ms", type=float, default=30.0)
    ap.add_argument("--out", type=Path, default=HERE / "shapes-calibration")
    ap.add_argument("--report-only", action="store_true", help="evaluate OUT/results.json again")
    ap.add_argument("--no-doc", action="store_true", help="do not write the table into docs/costmodel.md")
    a = ap.parse_args(argv)
    if a.report_only:
        return report(json.loads((a.out / "results.json").read_text()), a.out, not a.no_doc)
    shapes = a.shapes.split(",") if a.shapes else (HELD_OUT if a.validate else CALIBRATION)
    paths = ["fused", "tiled", "layered"] + (["auto"] if a.validate else [])
    sizes = [int(s) for s in a.sizes.split(",")]
    ciphers = a.ciphers.split(",")
    features = spec_shapes(SPEC)  # features as the compiler estimates them

    bdir = a.out / "build"
    points: list[Point] = []
    for config in a.configs.split(","):
        log(f"building {config}")
        exe = build(config, bdir)
        for shape in shapes:
            for target in ([sizes[0]] if shape in FIXED else sizes):
                xdr = build_value(shape, target, 1)
                for cipher in ciphers:
                    ps = [p for p in paths if not (cipher == "aes-128-gcm" and p == "fused")]
                    msg, csum = verify(exe, shape, cipher, xdr, ps)
                    for op in ("send", "recv"):
                        points.append(Point(exe, config, shape, target, cipher, op, xdr, msg, csum))
    log(f"{len(points)} points verified; calibrating repeats")
    for pt in points:
        for path in paths:
            if pt.cipher == "aes-128-gcm" and path == "fused":
                continue
            t = pt.run(path, 50)
            pt.repeat[path] = max(20, int(a.target_ms * 1e6 / max(t, 1.0)))
            pt.samples[path] = []
    for rnd in range(a.rounds):
        log(f"round {rnd + 1}/{a.rounds}")
        for i, pt in enumerate(points):
            order = list(pt.repeat)
            k = (rnd + i) % len(order)
            for path in order[k:] + order[:k]:
                pt.samples[path].append(pt.run(path, pt.repeat[path]))
    rows = []
    for pt in points:
        med = {p: benchlib.median(v) for p, v in pt.samples.items()}
        ratio = {p: benchlib.median([l / x for l, x in zip(pt.samples["layered"], v)])
                 for p, v in pt.samples.items()}
        f = features[pt.shape]
        rows.append(dict(config=pt.config, shape=pt.shape, target=pt.target, xdr_len=len(pt.xdr),
                         msg_len=len(pt.msg), cipher=pt.cipher, op=pt.op,
                         features=f.at(len(pt.msg)).as_dict(),
                         paths={p: dict(median=med[p], ratio=ratio[p], samples=pt.samples[p]) for p in med}))
    res = dict(when=datetime.datetime.now().isoformat(timespec="seconds"), machine=benchlib.machine(),
               command="python bench/auto/shapes.py " + " ".join(argv if argv is not None else sys.argv[1:]),
               rounds=a.rounds, target_ms=a.target_ms, rows=rows)
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "results.json").write_text(json.dumps(res, indent=1) + "\n")
    log(f"wrote {a.out / 'results.json'}")
    return report(res, a.out, a.validate and not a.no_doc)


def report(res: dict, out: Path, doc: bool) -> int:
    ev = evaluate(res)
    text = render(res, ev)
    (out / "evaluation.json").write_text(json.dumps(ev, indent=1) + "\n")
    (out / "summary.md").write_text(text + "\n")
    print(text)
    if doc and benchlib.replace_section(DOC, BEGIN, END, text):
        log(f"updated {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
