"""The shape of a message type, as the cost model sees it (docs/costmodel.md, "Shape").

The time of a send or receive path is not a function of the message length alone: an
opaque of 1 KiB is one bulk copy, 128 64-bit INTEGERs are 128 loads, byte swaps and
stores, 30 checked strings are 30 length words, 30 branches and a check of every
character.  The cost model therefore takes, beside the length n, how much per-item work
a message of n bytes of the type holds, counted in five features:

``words``      4-byte XDR items handled one at a time: integers, booleans, enumerations,
               presence flags, discriminants, length and count words;
``hypers``     8-byte items handled one at a time: 64-bit integers and REALs;
``chars``      string bytes whose characters are checked (a permitted alphabet, or UTF-8);
``pieces``     variable-size parts, each a branch, a bounds check and often a call: a
               string or opaque body, a CHOICE, an element of an array whose elements are
               not all of one static size, a call of another type;
``optionals``  OPTIONAL components: a branch on the presence flag, whose outcome the
               data decides (and which, in the fused loop, can change the pairing of
               words into units), present or not;
``runs``       numbers in arrays of plain numbers (integers of the whole wire range,
               REALs), which the ILP paths move as runs of integers, byte-swapped in
               bulk (docs/ilp.md section 3), and the layered path one at a time.

The rest of the message (opaque bodies, fixed opaques, padding) is bulk: it costs per
byte, like FileTransfer.Reply's data, which the length line of the model prices.

A type is known statically, a message only at run time, so the model uses the type's
expected features at a length: ``TypeShape.at(n) = base + density * (n - base_len)``
(each feature at least 0), where ``base`` is the type's typical fixed part -- what every
message has, with bounded sizes at the middle of their range and optional components
present half the time -- and ``density`` is what the message gains per byte as it grows:
the mean of its variable parts' typical features per byte, each weighted by the bytes
by which it can grow (2^20 for a part without an upper bound, so that those decide
when there are any): an OCTET STRING (SIZE (0..65536)) beside an optional 32-byte
field makes a type that grows by bulk bytes.  A CHOICE is its smallest alternative growing into each of
the others.  A recursive type is cut at its first repetition, which counts as its
smallest value (in words) and one piece.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Optional

from ..ir.facts import is_number_run
from ..ir.plan import Array, Block, Bytes, Call, Choice, Item, Optional_, Repeat, TypePlan

FEATURES = ("words", "hypers", "chars", "pieces", "optionals", "runs")
UNBOUNDED_BYTES = 32    # a typical body without an upper bound, bytes
UNBOUNDED_COUNT = 4     # a typical array without an upper bound, elements
UNBOUNDED_RANGE = float(1 << 20)  # the bytes by which an unbounded part can grow (for weights)
WORD_ITEMS = {"bool", "int", "uint", "enum", "present", "discriminant", "length", "count", "bitbytes"}
HYPER_ITEMS = {"hyper", "uhyper", "double"}


@dataclass(frozen=True)
class Features:
    words: float = 0.0
    hypers: float = 0.0
    chars: float = 0.0
    pieces: float = 0.0
    optionals: float = 0.0
    runs: float = 0.0

    def __add__(self, o: "Features") -> "Features":
        return Features(*(getattr(self, f) + getattr(o, f) for f in FEATURES))

    def scale(self, k: float) -> "Features":
        return Features(*(getattr(self, f) * k for f in FEATURES))

    def clamp(self) -> "Features":
        return Features(*(max(0.0, getattr(self, f)) for f in FEATURES))

    def as_dict(self) -> dict[str, float]:
        return {f: round(getattr(self, f), 4) for f in FEATURES}

    def rounded(self) -> "Features":
        return Features(*(_quarter_octave(getattr(self, f)) for f in FEATURES))


@functools.lru_cache(maxsize=None)  # a spec's types have a few dozen distinct numbers
def _quarter_octave(x: float) -> float:
    """x rounded to the nearest 2^(k/4) (0 stays 0)."""
    return 0.0 if x <= 0 else float(f"{2.0 ** (round(4 * math.log2(x)) / 4):.6g}")


ZERO = Features()


@dataclass(frozen=True)
class Part:
    """A typical instance of some ops: its features and bytes, and the ways it grows:
    (features per byte, by how many bytes it can grow) of each variable part."""
    feats: Features
    nbytes: float
    grows: tuple[tuple[Features, float], ...] = ()

    def __add__(self, o: "Part") -> "Part":
        return Part(self.feats + o.feats, self.nbytes + o.nbytes, self.grows + o.grows)


EMPTY = Part(ZERO, 0.0)


@dataclass(frozen=True)
class TypeShape:
    base: Features
    base_len: float         # XDR bytes of the typical fixed part
    density: Features       # features per byte of growth

    def at(self, n: float) -> Features:
        """Expected features of a message whose XDR is n bytes."""
        return (self.base + self.density.scale(n - self.base_len)).clamp()

    def rounded(self) -> "TypeShape":
        """The shape with every number on a grid of quarter octaves (within 9%): what the
        cost model makes its rules of, so that types of about the same shape share one."""
        return TypeShape(self.base.rounded(), _quarter_octave(self.base_len), self.density.rounded())


def _typical_len(lo: int, hi: Optional[int], unbounded: float) -> float:
    return (lo + hi) / 2.0 if hi is not None else max(float(lo), unbounded)


def _block(items, repeat: int = 1) -> Features:
    f = ZERO
    for it in items:
        if isinstance(it, Repeat):
            if is_number_run(it.items, it.stride):
                f = f + Features(runs=it.count)
            else:
                f = f + _block(it.items, it.count)
        elif isinstance(it, Item):
            if it.kind in WORD_ITEMS:
                f = f + Features(words=1)
            elif it.kind in HYPER_ITEMS:
                f = f + Features(hypers=1)
    return f.scale(repeat)


class ShapeWalker:
    """Walks plans into Parts; one walker may serve many types (it remembers the Part
    of every plan it has walked, per context: at the top, or inside array elements)."""

    def __init__(self):
        self.active: set[int] = set()  # plans being walked (recursion)
        self.depth = 0                 # inside array elements: unbounded parts at their typical size
        self.memo: dict[tuple[int, bool], tuple[TypePlan, Part]] = {}

    def plan(self, p: TypePlan) -> Part:
        key = (id(p), self.depth > 0)
        hit = self.memo.get(key)
        if hit is not None and hit[0] is p:
            return hit[1]
        if id(p) in self.active:  # a recursion: its smallest value, counted as words
            return Part(Features(words=p.size.min / 4.0, pieces=1), float(p.size.min))
        self.active.add(id(p))
        try:
            part = self.ops(p.ops)
        finally:
            self.active.discard(id(p))
        self.memo[key] = (p, part)
        return part

    def ops(self, ops) -> Part:
        part = EMPTY
        for op in ops:
            part = part + self.op(op)
        return part

    def op(self, op) -> Part:
        if isinstance(op, Block):
            return Part(_block(op.items), float(op.size))
        if isinstance(op, Bytes):
            checked = op.alphabet is not None or (op.kind == "string" and op.string_kind == "UTF8String")
            per_byte = Features(chars=1.0) if checked else ZERO
            hi = op.sizes.upper
            lo = max(0, op.sizes.lower or 0)
            n = _typical_len(lo, hi, UNBOUNDED_BYTES if self.depth else 0) / (8.0 if op.kind == "bits" else 1.0)
            span = UNBOUNDED_RANGE if hi is None else (hi - lo) / (8.0 if op.kind == "bits" else 1.0)
            return Part(Features(pieces=1) + per_byte.scale(n), n + (-n) % 4.0, ((per_byte, span),))
        if isinstance(op, Optional_):
            body = self.ops(op.body)  # present half the time
            return Part(body.feats.scale(0.5) + Features(optionals=1), body.nbytes / 2.0,
                        ((body.feats.scale(1.0 / max(body.nbytes, 4.0)), body.nbytes),) + body.grows)
        if isinstance(op, Choice):
            # the smallest alternative, growing into each of the others
            arms = sorted((self.ops(a.body) for a in op.arms), key=lambda a: a.nbytes) or [EMPTY]
            grows = [g for a in arms for g in a.grows]
            for a in arms[1:]:
                if a.nbytes > arms[0].nbytes:
                    d = a.nbytes - arms[0].nbytes
                    grows.append(((a.feats + arms[0].feats.scale(-1)).scale(1.0 / d), d))
            return Part(arms[0].feats + Features(pieces=1), arms[0].nbytes, tuple(grows))
        if isinstance(op, Array):
            if op.elem_block is not None and is_number_run(op.elem_block.items, op.elem_block.size):
                elem = Part(Features(runs=1), float(op.elem_block.size))  # a run of integers
            elif op.elem_block is not None:
                elem = Part(_block(op.elem_block.items), float(op.elem_block.size))
            else:
                self.depth += 1
                try:
                    e = self.ops(op.elem_body)
                finally:
                    self.depth -= 1
                elem = Part(e.feats + Features(pieces=1), e.nbytes, e.grows)
            lo = op.fixed if op.fixed is not None else max(0, op.sizes.lower or 0)
            hi = op.fixed if op.fixed is not None else op.sizes.upper
            count = _typical_len(lo, hi, UNBOUNDED_COUNT if self.depth else 0)
            density = elem.feats.scale(1.0 / max(elem.nbytes, 4.0))
            span = UNBOUNDED_RANGE if hi is None else (hi - lo) * max(elem.nbytes, 4.0)
            return Part(elem.feats.scale(count), elem.nbytes * count,
                        (((density, span),) if hi != lo else ()) + elem.grows)
        if isinstance(op, Call):
            inner = self.plan(op.target)
            return Part(inner.feats + Features(pieces=1), inner.nbytes, inner.grows)
        raise AssertionError(type(op).__name__)


def type_shape(plan: TypePlan, walker: Optional[ShapeWalker] = None) -> TypeShape:
    part = (walker or ShapeWalker()).plan(plan)
    total = sum(w for _, w in part.grows)
    density = ZERO
    for d, w in part.grows:
        if total > 0:  # parts that cannot grow (a body of a fixed size, an empty optional) weigh nothing
            density = density + d.scale(w / total)
    return TypeShape(part.feats, part.nbytes, density)
