"""The cost model behind ``ilpc --ilp auto`` and ``--explain`` (docs/costmodel.md).

For a message type, a cipher, a direction (send or receive) and a target profile (a C
compiler and its flags), it predicts the time of the three strategies the ILP back end
generates -- ``fused`` (T_ilp_send/recv: one loop), ``tiled`` (T_tiled_*: the fused body
into an L1 tile, then the cipher, copy and checksum as bulk loops over it) and
``layered`` (T_layered_*: separate loops over a buffer) -- as a function of the message
length, and picks the fastest, per range of lengths.

The prediction composes the pipeline's stages:

* the cipher-free pipeline (marshal + checksum + store) of each strategy, a line
  ``a + b * n`` per profile and direction, measured with cipher ``none``;
* each cipher stage as a loop of its own over the data (what layered and tiled run), a
  line per profile and direction, measured as layered(cipher) - layered(none); one
  such pass costs at least the memory traffic of a pass, ``pass``, measured with
  ``xor`` (whose work is one instruction per 8 bytes);
* the cipher inside the fused loop: its work without the separate pass, slowed down
  when the fused loop's live state -- the pipeline's words plus the cipher's, stage
  properties below -- exceeds the profile's register budget, the threshold found by
  the synthetic study of Ahlgren et al. (1996) (bench/synthetic, docs/synthetic-study.md), by
  ``pressure`` per word in excess.

So layered(cipher) reproduces what it was calibrated on, while fused(cipher) and
tiled(cipher) are predictions from the stage properties, the ``none`` lines and the
register budget -- except where a cost was measured: the cipher inside the fused loop
(``in_loop``, fused(c) - fused(none)), and the authenticated ciphers' tiled stage
(``in_tile``, tiled(c) - tiled(none)), which is libcrypto's streaming AEAD over each
tile, not the implementation the layered path runs (ilpc's ChaCha20 and Poly1305 passes,
libcrypto's one-shot AES-GCM), so that layered(c) says little about it.  ``pressure`` is the one coefficient fitted on the fused measurements
(per profile and direction).  The coefficients live in ``costmodel.json`` beside this file, written
by ``bench/auto/calibrate.py`` from a run of ``bench/ilp/run.py``; bench/auto/run.py
checks the decisions against measurements.
"""
from __future__ import annotations

import json
import operator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..ciphers import CIPHERS, NAMES
from .shape import FEATURES, Features, TypeShape

PATHS = ("fused", "tiled", "layered")
DIRECTIONS = ("send", "recv")
# ilpc_cipher_id order (compiler/ciphers.py), the columns of the generated tables
CIPHER_NAMES = NAMES


@dataclass(frozen=True)
class Stage:
    """A data manipulation of the pipeline, as the fused loop sees it."""
    name: str
    unit: int            # natural unit, bytes
    state: int           # words it keeps live across the loop (registers it wants)
    tables: int          # bytes of lookup tables it reads per unit (0: none)
    vectorised: bool     # its own loop (layered, tiled) runs SIMD
    on_copy: bool        # tiled folds it into the copy (no pass of its own)
    what: str


# Words the fused loop keeps live without a cipher: source pointer, sink pointer and
# limit, the checksum accumulator, the pending half unit and parity, the stream offset,
# the value pointer and the loop bound (send); the receive loop has the same plus the
# decoding limits.  Read off the generated loops (templates/C/ilp, runtime/ilpc_ilp.h).
PIPELINE_STATE = {"send": 9, "recv": 10}

PIPELINE = (
    Stage("XDR marshalling", 4, 4, 0, False, False, "4-byte words, byte-swapped, paired into 8-byte units"),
    Stage("Internet checksum", 2, 2, 0, True, False, "one's complement sum, 64-bit accumulator"),
    Stage("ring store", 8, 3, 0, True, False, "stores into the send ring: pointer, limit, wrap"),
)

# The ciphers as stages, from their rows in compiler/ciphers.py (unit, state, tables, ...).
CIPHER_STAGES = {c.name: Stage(c.name, c.unit, c.state, c.tables, c.vectorised, c.on_copy, c.what) for c in CIPHERS}
# The ciphers whose fused path exists (a unit stage); the others are tiled or layered.
FUSED_CIPHERS = frozenset(c.name for c in CIPHERS if c.unit_stage)
# The ciphers whose tiled stage is libcrypto's streaming AEAD per tile, a different
# implementation from their layered stage: their tiled cost is calibrated (in_tile).
TILE_MEASURED = frozenset(c.name for c in CIPHERS if c.aead)


@dataclass(frozen=True)
class Line:
    """t(n) = fixed + per_byte * n, in ns for a message of n bytes."""
    fixed: float
    per_byte: float

    def at(self, n: float) -> float:
        return self.fixed + self.per_byte * n

    @classmethod
    def of(cls, pair) -> "Line":
        return cls(float(pair[0]), float(pair[1]))


@dataclass
class DirectionCosts:
    pipeline: dict[str, Line]     # path -> the cipher-free pipeline (cipher none)
    ciphers: dict[str, Line]      # cipher -> its own loop (layered(c) - layered(none))
    pass_cost: float              # ns per byte of one separate pass (from xor)
    pressure: float               # fused slowdown of the cipher's work per word of excess state
    in_loop: dict[str, Line] = field(default_factory=dict)  # cipher -> fused(c) - fused(none), measured
    in_tile: dict[str, Line] = field(default_factory=dict)  # cipher -> tiled(c) - tiled(none), measured
    # path -> cipher -> ns per feature (shape.FEATURES: words, hypers, chars, pieces) beyond
    # what the length lines above charge for the same bytes as an opaque
    shape: dict[str, dict[str, list[float]]] = field(default_factory=dict)


@dataclass
class Profile:
    name: str
    cc: str
    cflags: str
    registers: float              # register budget: the synthetic study's threshold (words)
    c_test: str                   # the preprocessor test that selects it in generated code
    directions: dict[str, DirectionCosts] = field(default_factory=dict)


@dataclass
class Prediction:
    times: dict[str, float]       # path -> ns per message
    state: int                    # live words of the fused loop
    excess: float                 # words over the register budget
    work: float                   # the cipher's work in the fused loop, ns per byte (before pressure)
    from_state: float             # fused time the state model alone predicts (ns per message)
    measured_in_loop: bool        # fused time from the cipher's measured in-loop cost

    @property
    def best(self) -> str:
        return min(PATHS, key=lambda p: (self.times[p], PATHS.index(p)))


@dataclass
class Rule:
    """A choice of path by message length: ``segments`` are (upto, path) pairs, the last
    with upto None (no bound), in increasing order of upto."""
    segments: list[tuple[Optional[int], str]]

    def pick(self, n: int) -> str:
        for upto, path in self.segments:
            if upto is None or n <= upto:
                return path
        return self.segments[-1][1]

    def describe(self) -> str:
        if len(self.segments) == 1:
            return self.segments[0][1]
        parts, lo = [], None
        for upto, path in self.segments:
            if upto is None:
                parts.append(f"{path} above {lo} B")
            else:
                parts.append(f"{path} up to {upto} B")
            lo = upto
        return ", ".join(parts)


# A path other than fused is chosen only where it is predicted faster by more than this
# (the paired measurements' ratios have a median absolute deviation of about 5%).
MARGIN = 0.02


class CostModel:
    def __init__(self, profiles: list[Profile], source: str = "", sizes: tuple[int, int] = (256, 65536)):
        self.profiles = profiles
        self.source = source
        self.sizes = sizes  # the message lengths the calibration measured (smallest, largest)
        # the rule over the whole calibrated range, per (profile, direction, cipher, shape)
        self._rules: dict[tuple, Rule] = {}
        self._lengths: dict[tuple, list] = {}  # _rule's lengths, per range
        self._grid: dict[tuple, list] = {}  # shape-free predictions at _rule's lengths
        self._features: dict[tuple, list] = {}  # a shape's features at _rule's lengths

    def profile(self, name: str) -> Profile:
        for p in self.profiles:
            if p.name == name:
                return p
        raise KeyError(name)

    # -- prediction ------------------------------------------------------------------
    def predict(self, prof: Profile, direction: str, cipher: str, n: float,
                features: Optional[Features] = None) -> Prediction:
        """Each path's time for a message of n bytes; with the features of its shape
        (shape.py), their per-item costs are added (without: an opaque's)."""
        d = prof.directions[direction]
        st = CIPHER_STAGES[cipher]
        own = d.ciphers.get(cipher, Line(0.0, 0.0))
        state = PIPELINE_STATE[direction] + st.state
        excess = max(0.0, state - prof.registers)
        # inside the fused loop the cipher does its work without a pass of its own
        work = 0.0 if st.on_copy else max(0.0, own.per_byte - d.pass_cost)
        from_state = d.pipeline["fused"].at(n) + own.fixed + work * (1.0 + d.pressure * excess) * n
        # where the cipher's cost inside the fused loop was measured on the profile, it is
        # used; the state model is the fallback (and the explanation)
        in_loop = d.in_loop.get(cipher)
        fused = d.pipeline["fused"].at(n) + in_loop.at(n) if in_loop is not None else from_state
        # tiled: the cipher's own loop over each tile (xor rides on the tile's copy), or its
        # measured cost where the tile runs another implementation (libcrypto's streaming AEAD)
        in_tile = d.in_tile.get(cipher)
        tiled = d.pipeline["tiled"].at(n) + (in_tile.at(n) if in_tile is not None else
                                             own.fixed + (0.0 if st.on_copy else own.per_byte) * n)
        layered = d.pipeline["layered"].at(n) + own.at(n)
        if features is not None:
            fv = [getattr(features, k) for k in FEATURES]

            def items(path: str) -> float:
                return sum(a * b for a, b in zip(d.shape.get(path, {}).get(cipher, ()), fv))
            fused, tiled, layered = fused + items("fused"), tiled + items("tiled"), layered + items("layered")
            from_state += items("fused")
        if cipher not in FUSED_CIPHERS:
            fused = from_state = float("inf")  # no unit stage: no fused path
        return Prediction({"fused": fused, "tiled": tiled, "layered": layered}, state, excess, work,
                          from_state, in_loop is not None)

    def rule(self, prof: Profile, direction: str, cipher: str, lo: int, hi: Optional[int],
             shape: Optional[TypeShape] = None) -> Rule:
        """The path for every message length in [lo, hi] (hi None: unbounded), as at most
        three ranges: the rule for the whole calibrated range (see _rule), cut to the
        ranges that [lo, hi] meets.  The rule is that of the type's shape (None: an
        opaque's); types of the same shape key share it, so a spec of many types costs
        one rule per profile, direction, cipher and distinct shape."""
        cal_lo, cal_hi = self.sizes
        a = min(max(lo, cal_lo), cal_hi)
        b = max(min(hi if hi is not None else cal_hi, cal_hi), a)
        if shape is not None:
            shape = shape.rounded()  # types of about the same shape share a rule
        key = (prof.name, direction, cipher, shape)
        if key not in self._rules:
            self._rules[key] = self._rule(prof, direction, cipher, cal_lo, cal_hi, shape)
        segs: list[list] = []
        for upto, path in self._rules[key].segments:
            if upto is not None and upto < a:
                continue  # a range wholly below the type's shortest message
            segs.append([upto, path])
            if upto is None or upto >= b:
                break
        segs[-1][0] = None
        return Rule([(u, p) for u, p in segs])

    def _rule(self, prof: Profile, direction: str, cipher: str, a: int, b: int,
              shape: Optional[TypeShape] = None) -> Rule:
        """The rule for lengths a..b.  Lengths are sampled on a geometric grid (steps of
        about 12% over the calibrated range; the lines are not trusted outside it: below it
        the smallest calibrated size decides, above it the largest); at each, fused is kept
        unless another path is predicted more than MARGIN faster (fused needs no scratch
        and is what a reader of the generated code expects; differences smaller than the
        margin are within the measurements' noise), else the fastest is taken."""
        if (a, b) not in self._lengths:
            grid = sorted({a, b, *(int(a * (b / a) ** (i / 47)) // 8 * 8 for i in range(48))} - {0})
            self._lengths[(a, b)] = [n for n in grid if a <= n <= b] or [a]
        grid = self._lengths[(a, b)]
        # the shape-free predictions at the grid's lengths are the same for every shape, and
        # a shape's features at them the same for every profile, direction and cipher
        gkey = (prof.name, direction, cipher, a, b)
        if gkey not in self._grid:
            self._grid[gkey] = [tuple(self.predict(prof, direction, cipher, n).times[p] for p in PATHS)
                                for n in grid]
        base = self._grid[gkey]
        items = [[0.0, 0.0, 0.0] for _ in grid]
        if shape is not None:
            fkey = (a, b, shape)
            if fkey not in self._features:
                f0 = [getattr(shape.base, k) for k in FEATURES]
                df = [getattr(shape.density, k) for k in FEATURES]
                self._features[fkey] = [[max(0.0, x + d * (n - shape.base_len)) for x, d in zip(f0, df)]
                                        for n in grid]
            coef = [prof.directions[direction].shape.get(p, {}).get(cipher, ()) for p in PATHS]
            # sum(map(mul)): the products and their order of the generator it replaces, at
            # a fraction of the time (this loop was half of ilpc's time on a large spec)
            items = [[sum(map(operator.mul, cs, fv)) for cs in coef] for fv in self._features[fkey]]

        def choose(i: int, n: int) -> str:
            (t0, t1, t2), (x0, x1, x2) = base[i], items[i]
            fused, tiled, layered = t0 + x0, t1 + x1, t2 + x2
            best = "fused" if fused <= tiled and fused <= layered else "tiled" if tiled <= layered else "layered"
            return "fused" if fused <= min(tiled, layered) * (1 + MARGIN) else best

        segs: list[list] = []  # [upto, path]
        prev = None
        for i, n in enumerate(grid):
            c = choose(i, n)
            if segs and segs[-1][1] == c:
                segs[-1][0] = n
            else:
                if segs:
                    segs[-1][0] = prev
                segs.append([n, c])
            prev = n
        while len(segs) > 3:  # merge the shortest inner range into its left neighbour
            i = min(range(1, len(segs) - 1), key=lambda k: segs[k][0] - segs[k - 1][0])
            segs[i - 1][0] = segs[i][0]
            del segs[i]
            if segs[i - 1][1] == segs[i][1]:
                segs[i - 1][0] = segs[i][0]
                del segs[i]
        segs[-1][0] = None
        return Rule([(u, p) for u, p in segs])


# ---------------------------------------------------------------------------- loading

def default_path() -> Path:
    return Path(__file__).resolve().parent / "costmodel.json"


def load(path: Optional[Path] = None) -> CostModel:
    data = json.loads((path or default_path()).read_text())
    profiles = []
    for p in data["profiles"]:
        dirs = {}
        for d in DIRECTIONS:
            x = p["directions"][d]
            dirs[d] = DirectionCosts({k: Line.of(v) for k, v in x["pipeline"].items()},
                                     {k: Line.of(v) for k, v in x["ciphers"].items()},
                                     float(x["pass"]), float(x["pressure"]),
                                     {k: Line.of(v) for k, v in x.get("in_loop", {}).items()},
                                     {k: Line.of(v) for k, v in x.get("in_tile", {}).items()},
                                     x.get("shape", {}))
        profiles.append(Profile(p["name"], p["cc"], p["cflags"], float(p["registers"]), p["c_test"], dirs))
    return CostModel(profiles, data.get("source", ""), tuple(data.get("sizes", (256, 65536))))
