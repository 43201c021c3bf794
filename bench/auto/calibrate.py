#!/usr/bin/env python3
"""Calibrate ilpc's cost model (compiler/costmodel/) on this machine.

    python bench/ilp/run.py --paths ilp,layered,tiled --no-calls --no-cachegrind --no-doc \\
        --configs gcc-O2,clang-O2,gcc-O3native,clang-O3native --rounds 5 --target-ms 40 \\
        --out bench/auto/calibration
    python bench/auto/calibrate.py      # -> compiler/costmodel/costmodel.json

From the first command's results.json (median ns per message, per config, cipher, size,
direction and path) and the synthetic study's thresholds (bench/synthetic/results/
results.json), per profile and direction:

* the cipher-free pipeline of each path: a line a + b*n fitted to the `none` times
  (least squares on relative error, so that 256 B counts as much as 64 KiB);
* each cipher's own loop: a line fitted to layered(cipher) - layered(none);
* each cipher inside the fused loop, where it has one: fused(cipher) - fused(none);
* the authenticated ciphers' tiled stage (libcrypto's streaming AEAD per tile, not what
  their layered path runs): tiled(cipher) - tiled(none);
* the cost of one separate pass: the slope of xor's own loop (its work is one
  instruction per 8 bytes);
* the register budget: the mean of the synthetic study's warm crossings (thr10, thr20)
  for the same compiler and flags;
* pressure: the one coefficient fitted on fused times, by a grid search minimising the
  squared log error of the fused predictions over every cipher and size.

It prints how well the model then reproduces the calibration run's times, per path.
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

from ilpc import costmodel as cm  # noqa: E402  (pip install -e . : ilpc is compiler/)

# bench config -> (profile, compiler, flags, synthetic study config, C test); in the order the
# generated code tests them (the first whose test holds; the last is the fallback)
PROFILES = [
    ("clang-O3native", "clang", "-O3 -march=native", "clang -O3 -march=native",
     "defined(__clang__) && defined(__AVX2__)"),
    ("clang-O2", "clang", "-O2", "clang -O2", "defined(__clang__)"),
    ("gcc-O3native", "gcc", "-O3 -march=native", "gcc -O3 -march=native", "defined(__AVX2__)"),
    ("gcc-O2", "gcc", "-O2", "gcc -O2", "1"),
]
BENCH_PATH = {"fused": "ilp", "tiled": "tiled", "layered": "layered"}
# shapes of the grid that the length lines already describe: not fitted, only reported
BULK_SHAPES = {"Opaque"}


def fit_line(xs: list[float], ys: list[float], totals: list[float] | None = None) -> tuple[float, float]:
    """Least squares of y = a + b x, weighted by 1/total^2 (relative error of the whole
    path's time; totals default to ys)."""
    w = [1.0 / (t * t) for t in (totals or ys)]
    sw = sum(w)
    sx = sum(wi * x for wi, x in zip(w, xs))
    sy = sum(wi * y for wi, y in zip(w, ys))
    sxx = sum(wi * x * x for wi, x in zip(w, xs))
    sxy = sum(wi * x * y for wi, x, y in zip(w, xs, ys))
    b = (sw * sxy - sx * sy) / (sw * sxx - sx * sx)
    return (sy - b * sx) / sw, b


def fit_diff(xs: list[float], ys: list[float], base: list[float]) -> tuple[float, float]:
    """A line through ys - base (a stage's share of a path's time)."""
    return fit_line(xs, [y - b for y, b in zip(ys, base)], ys)


def medians(res: dict) -> dict:
    """(config, op, cipher, path) -> {size: median ns}."""
    out: dict = {}
    for r in res["rows"]:
        for path, st in r["paths"].items():
            out.setdefault((r["config"], r["op"], r["cipher"], path), {})[r["size"]] = st["median"]
    return out


def msg_lens(res: dict) -> dict:
    """(cipher, size) -> the message's length in bytes, what the model's lines take: the
    size itself, except for the authenticated ciphers, whose size is the XDR's and whose
    record is 20 bytes more (bench/ilp/run.py records it per row)."""
    return {(r["cipher"], r["size"]): r.get("msg_len", r["size"]) for r in res["rows"]}


def budget(synth: dict, config: str) -> float:
    xs = [v["crossing"] for k, v in synth["thresholds"].items()
          if k.split("|")[1] == config and k.split("|")[2] == "warm" and v.get("crossing") is not None]
    if not xs:
        raise SystemExit(f"calibrate: no threshold for {config!r} in the synthetic study's results")
    return round(statistics.mean(xs), 1)


def calibrate(res: dict, synth: dict) -> dict:
    med = medians(res)
    lens = msg_lens(res)
    ciphers = [c for c in cm.CIPHER_NAMES if c in res["ciphers"]]
    profiles = []
    for name, cc, flags, sconf, test in PROFILES:
        if not any(k[0] == name for k in med):
            raise SystemExit(f"calibrate: config {name} is not in the results")
        dirs = {}
        for op in cm.DIRECTIONS:
            def times(cipher: str, path: str) -> dict[int, float]:
                return med[(name, op, cipher, BENCH_PATH[path])]
            sizes = sorted(times("none", "fused"))
            pipeline = {}
            for path in cm.PATHS:
                t = times("none", path)
                pipeline[path] = fit_line([float(s) for s in sizes], [t[s] for s in sizes])
            own = {"none": (0.0, 0.0)}
            in_loop = {"none": (0.0, 0.0)}
            in_tile = {}
            lay0, fus0, til0 = times("none", "layered"), times("none", "fused"), times("none", "tiled")
            for c in ciphers:
                if c == "none":
                    continue
                # x: the cipher's message length at each size; the base: none's time at the same
                # size (for a record, 20 bytes shorter: a fraction of a ns)
                xs = [float(lens[(c, s)]) for s in sizes]
                t = times(c, "layered")
                own[c] = fit_diff(xs, [t[s] for s in sizes], [lay0[s] for s in sizes])
                if (name, op, c, BENCH_PATH["fused"]) in med:  # no fused path: no in-loop cost
                    t = times(c, "fused")
                    in_loop[c] = fit_diff(xs, [t[s] for s in sizes], [fus0[s] for s in sizes])
                if c in cm.TILE_MEASURED:
                    t = times(c, "tiled")
                    in_tile[c] = fit_diff(xs, [t[s] for s in sizes], [til0[s] for s in sizes])
            dirs[op] = {"pipeline": {k: list(v) for k, v in pipeline.items()},
                        "ciphers": {k: list(v) for k, v in own.items()},
                        "in_loop": {k: list(v) for k, v in in_loop.items()},
                        "in_tile": {k: list(v) for k, v in in_tile.items()},
                        "pass": max(0.0, own.get("xor", (0.0, 0.0))[1]), "pressure": 0.0}
        profiles.append({"name": name, "cc": cc, "cflags": flags, "registers": budget(synth, sconf),
                         "c_test": test, "synthetic_config": sconf, "directions": dirs})
    data = {"sizes": [min(res["sizes"]), max(res["sizes"])], "profiles": profiles}
    # pressure: fitted on the fused times, per profile and direction
    for p in profiles:
        for op in cm.DIRECTIONS:
            best = None
            for i in range(0, 201):
                rho = i * 0.0025
                p["directions"][op]["pressure"] = rho
                model = cm.CostModel(_profiles(data), sizes=tuple(data["sizes"]))
                prof = model.profile(p["name"])
                err = 0.0
                for c in ciphers:
                    t = med.get((p["name"], op, c, "ilp"), {})
                    for s, m in t.items():
                        err += math.log(model.predict(prof, op, c, lens[(c, s)]).from_state / m) ** 2
                if best is None or err < best[0] - 1e-12:
                    best = (err, rho)
            p["directions"][op]["pressure"] = best[1]
    return data


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-300:
            continue  # a feature no shape exercises: its coefficient stays 0
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0.0:
                k = m[r][col] / m[col][col]
                m[r] = [x - k * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-300 else 0.0 for i in range(n)]


def calibrate_shapes(data: dict, shapes: dict) -> None:
    """The per-item costs (compiler/costmodel/shape.py's features) per profile, direction,
    path and cipher: least squares, on relative error, of what the bulk model leaves
    unexplained in the shape grid's times (bench/auto/shapes.py): measured - the
    bulk prediction at the message's length = sum of coefficient * feature, no
    intercept (an opaque's message has none to explain)."""
    from ilpc.costmodel.shape import FEATURES
    from shapes import spec_shapes  # bench/auto/shapes.py
    model = cm.CostModel(_profiles(data), sizes=tuple(data["sizes"]))
    shape_of = spec_shapes(HERE / "shapes.asn1")  # the features as the compiler estimates them now
    for p in data["profiles"]:
        prof = model.profile(p["name"])
        for op in cm.DIRECTIONS:
            coef: dict[str, dict[str, list[float]]] = {}
            for path in cm.PATHS:
                for c in cm.CIPHER_NAMES:
                    rows = [r for r in shapes["rows"] if r["config"] == p["name"] and r["op"] == op
                            and r["cipher"] == c and path in r["paths"] and r["shape"] not in BULK_SHAPES]
                    if not rows:
                        continue
                    ata = [[0.0] * len(FEATURES) for _ in FEATURES]
                    atb = [0.0] * len(FEATURES)
                    for r in rows:
                        m = r["paths"][path]["median"]
                        resid = m - model.predict(prof, op, c, r["msg_len"]).times[path]
                        at = shape_of[r["shape"]].at(r["msg_len"])
                        f = [getattr(at, k) for k in FEATURES]
                        w = 1.0 / (m * m)
                        for i in range(len(f)):
                            atb[i] += w * f[i] * resid
                            for j in range(len(f)):
                                ata[i][j] += w * f[i] * f[j]
                    coef.setdefault(path, {})[c] = [round(x, 4) for x in solve(ata, atb)]
            p["directions"][op]["shape"] = coef


def _profiles(data: dict) -> list:
    out = []
    for p in data["profiles"]:
        dirs = {op: cm.DirectionCosts({k: cm.Line.of(v) for k, v in x["pipeline"].items()},
                                      {k: cm.Line.of(v) for k, v in x["ciphers"].items()},
                                      float(x["pass"]), float(x["pressure"]),
                                      {k: cm.Line.of(v) for k, v in x.get("in_loop", {}).items()},
                                      {k: cm.Line.of(v) for k, v in x.get("in_tile", {}).items()},
                                      x.get("shape", {}))
                for op, x in p["directions"].items()}
        out.append(cm.Profile(p["name"], p["cc"], p["cflags"], float(p["registers"]), p["c_test"], dirs))
    return out


def report(data: dict, res: dict) -> list[str]:
    """How well the calibrated model reproduces the run it was fitted to."""
    med = medians(res)
    lens = msg_lens(res)
    model = cm.CostModel(_profiles(data), sizes=tuple(data["sizes"]))
    lines = ["profile         dir   path     median |error|  max |error|  (predicted vs measured, every cipher and size;"
             " state: fused from the state model alone)"]
    for prof in model.profiles:
        for op in cm.DIRECTIONS:
            for path in (*cm.PATHS, "state"):
                errs = []
                for c in cm.CIPHER_NAMES:
                    t = med.get((prof.name, op, c, BENCH_PATH.get(path, "ilp")), {})
                    for s, m in t.items():
                        x = model.predict(prof, op, c, lens[(c, s)])
                        errs.append(abs((x.from_state if path == "state" else x.times[path]) / m - 1))
                if errs:
                    lines.append(f"{prof.name:15} {op:5} {path:8} {100 * statistics.median(errs):6.1f}%  "
                                 f"{100 * max(errs):10.1f}%")
    return lines


def _rel(p: Path):
    return p.resolve().relative_to(REPO) if p.resolve().is_relative_to(REPO) else p


def report_shapes(data: dict, shapes: dict) -> list[str]:
    """How well the model with its per-item costs reproduces the shape grid, per shape."""
    from shapes import spec_shapes  # bench/auto/shapes.py
    model = cm.CostModel(_profiles(data), sizes=tuple(data["sizes"]))
    shape_of = spec_shapes(HERE / "shapes.asn1")
    lines = ["shape      median |error|  max |error|  without per-item costs: median, max  (every profile, "
             "direction, path, cipher, length)"]
    by: dict[str, list[tuple[float, float]]] = {}
    for r in shapes["rows"]:
        prof = model.profile(r["config"])
        with_f = model.predict(prof, r["op"], r["cipher"], r["msg_len"], shape_of[r["shape"]].at(r["msg_len"]))
        bulk = model.predict(prof, r["op"], r["cipher"], r["msg_len"])
        for path, st in r["paths"].items():
            if path in cm.PATHS:
                m = st["median"]
                by.setdefault(r["shape"], []).append((abs(with_f.times[path] / m - 1), abs(bulk.times[path] / m - 1)))
    for shape, errs in by.items():
        a, b = [e[0] for e in errs], [e[1] for e in errs]
        lines.append(f"{shape:10} {100 * statistics.median(a):6.1f}% {100 * max(a):12.1f}%"
                     f"   {100 * statistics.median(b):10.1f}% {100 * max(b):8.1f}%")
    return lines


# The grid, then a later run of aes-128-gcm alone (after libcrypto began to
# encrypt opaque bodies straight into the ring on the tiled path).
RESULTS = [HERE / "calibration" / "results.json", HERE / "calibration-aes" / "results.json"]
SHAPES = [HERE / "shapes-calibration" / "results.json", HERE / "shapes-calibration-aes" / "results.json"]


def overlay(runs: list[dict], key: tuple[str, ...]) -> dict:
    """The first run with the rows of each later one put over its rows of the same key."""
    base = dict(runs[0])
    rows = {tuple(r[k] for k in key): r for r in base["rows"]}
    for run in runs[1:]:
        rows.update({tuple(r[k] for k in key): r for r in run["rows"]})
    base["rows"] = list(rows.values())
    base["overlays"] = [(run.get("command"), run.get("date", run.get("when"))) for run in runs[1:]]
    return base


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--results", type=Path, action="append",
                    help="bench/ilp/run.py's results.json; again: a later run of some ciphers, whose rows "
                         "replace the earlier ones' (default: " + ", ".join(str(_rel(p)) for p in RESULTS) + ")")
    ap.add_argument("--synthetic", type=Path, default=REPO / "bench" / "synthetic" / "results" / "results.json")
    ap.add_argument("--shapes", type=Path, action="append",
                    help="the shape grid (bench/auto/shapes.py) for the per-item costs; again: as --results "
                         "(default: " + ", ".join(str(_rel(p)) for p in SHAPES) + ")")
    ap.add_argument("--out", type=Path, default=cm.default_path())
    a = ap.parse_args(argv)
    a.results = a.results or RESULTS
    a.shapes = a.shapes or SHAPES
    res = overlay([json.loads(p.read_text()) for p in a.results], ("config", "cipher", "size", "op"))
    synth = json.loads(a.synthetic.read_text())
    shapes = overlay([json.loads(p.read_text()) for p in a.shapes], ("config", "shape", "target", "cipher", "op"))
    data = calibrate(res, synth)
    calibrate_shapes(data, shapes)
    when = [res["date"]] + [d for _, d in res["overlays"]]
    data = {"source": f"python bench/auto/calibrate.py {' '.join(f'--results {_rel(p)}' for p in a.results)} "
                      f"(measured {', '.join(when)}, "
                      f"{res['machine'].get('Model name', 'this machine')}, {res['machine'].get('cpus', '?')} CPUs)",
            "calibrated": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "shapes": f"python bench/auto/calibrate.py {' '.join(f'--shapes {_rel(p)}' for p in a.shapes)} "
                      f"(measured {', '.join([shapes['when']] + [d for _, d in shapes['overlays']])})",
            "note": "written by bench/auto/calibrate.py; ns per message = fixed + per_byte * bytes "
                    "+ the shape's per-item costs (ns per word, hyper, checked char, piece)",
            **data}
    for p in data["profiles"]:
        for d in p["directions"].values():
            for group in ("pipeline", "ciphers", "in_loop", "in_tile"):
                d[group] = {k: [round(v[0], 3), round(v[1], 6)] for k, v in d[group].items()}
            d["pass"] = round(d["pass"], 6)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {a.out}")
    print("\n".join(report(data, res)))
    print("\n".join(report_shapes(data, shapes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
