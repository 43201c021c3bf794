"""Seeded generators of valid values for the types of an ``asn1_xdr.XdrSpec``.

Values follow the conventions of ``asn1_xdr`` (and asn1tools).  Generation leans on
the edges: integer bounds and their neighbours, 0, +-1 and the 32/64-bit extremes when
the type admits them; empty, minimal and maximal sizes; absent and present OPTIONAL
components; DEFAULT components present with their default value; every CHOICE arm;
REAL specials (signed zero, infinities, NaN, subnormals).  Unbounded sizes are capped
(``cap``, smaller when nested) and recursion is cut at ``max_depth`` by choosing the
shortest way out (absent OPTIONAL, minimal count, the alternative that ends soonest).

Only the standard library and ``asn1_xdr`` are used; nothing from ilpc.
"""
from __future__ import annotations

import math
import random
import struct
from typing import Any, Optional

from .asn1_xdr import (
    INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, UINT32_MAX, UINT64_MAX,
    ArrayNode, ChoiceNode, IntNode, Node, OracleError, RefNode, StringNode, StructNode, XdrType, admits, resolve,
    size_bounds,
)

INTERESTING_INTS = [0, 1, -1, 2, -2, 127, 128, 255, 256, 65535, 65536,
                    INT32_MIN, INT32_MIN + 1, INT32_MAX, INT32_MAX - 1, INT32_MAX + 1,
                    UINT32_MAX, UINT32_MAX + 1, INT64_MIN, INT64_MIN + 1, INT64_MAX, INT64_MAX - 1,
                    INT64_MAX + 1, UINT64_MAX, UINT64_MAX - 1]

def _double(hex_bits: str) -> float:
    return struct.unpack(">d", bytes.fromhex(hex_bits))[0]


SPECIAL_DOUBLES = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324,
                   2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, 0.1, 1e100,
                   # NaNs with payloads, a signalling one and negative ones: the bytes must survive
                   _double("7ff0000000000001"), _double("fff8000000000000"), _double("7ff8dead0000beef"),
                   _double("fff7ffffffffffff")]

# Characters of 1..4 UTF-8 bytes for UTF8String values.
UTF8_SAMPLES = {1: "aZ09 ~\x00\x7f", 2: "éßΩжא\u07ff", 3: "€你好\u0800\ufffd\uffff", 4: "😀𝄞\U0010ffff\U00010000"}

UNBOUNDED_CAP = 40


def min_height(node: Node, _seen: Optional[dict] = None) -> float:
    """How many recursive references a smallest value of ``node`` must go through
    (inf when the type cannot end, which the spec's analysis would reject)."""
    memo = _seen if _seen is not None else {}
    key = id(node)
    if key in memo:
        return memo[key]
    memo[key] = math.inf  # in progress: a cycle is not a way out
    if isinstance(node, RefNode):
        h = min_height(node.target, memo) + (1 if node.recursive else 0)
    elif isinstance(node, StructNode):
        h = max([0.0] + [min_height(f.node, memo) for f in node.fields if not f.optional])
    elif isinstance(node, ChoiceNode):
        h = min(min_height(a.node, memo) for a in node.alts)
    elif isinstance(node, ArrayNode):
        lo, _ = size_bounds(node.sizes)
        h = 0.0 if lo == 0 else min_height(node.element, memo)
    else:
        h = 0.0
    if _seen is None:
        return h
    memo[key] = h
    return h


class ValueGen:
    """``ValueGen(seed).value(xdr_type)`` -> a valid value; deterministic per seed."""

    def __init__(self, seed: int = 0, cap: int = UNBOUNDED_CAP, max_depth: int = 4, edge_bias: float = 0.5,
                 exclude_chars: frozenset[int] = frozenset()):
        """``exclude_chars``: code points never put into character strings (rpcgen's
        C strings, for one, end at NUL)."""
        self.exclude_chars = exclude_chars
        self.rng = random.Random(seed)
        self.cap = cap
        self.max_depth = max_depth
        self.edge_bias = edge_bias
        self._height: dict[int, float] = {}

    # ----------------------------------------------------------- entry points

    def value(self, t: XdrType | Node) -> Any:
        node = t.node if isinstance(t, XdrType) else t
        return self._gen(node, 0, 0)

    def values(self, t: XdrType | Node, n: int) -> list[Any]:
        return [self.value(t) for _ in range(n)]

    # ----------------------------------------------------------- helpers

    def _h(self, node: Node) -> float:
        key = id(node)
        if key not in self._height:
            self._height[key] = min_height(node)
        return self._height[key]

    def _edge(self) -> bool:
        return self.rng.random() < self.edge_bias

    def _size(self, sizes, nest: int, cap_override: Optional[int] = None) -> int:
        """A length or count admitted by ``sizes``; unbounded ends are capped."""
        rng = self.rng
        cap = cap_override if cap_override is not None else max(2, self.cap >> (2 * nest))
        lo, _ = size_bounds(sizes)
        ivs = [(a or 0, b if b is not None else max(a or 0, lo) + cap) for a, b in sizes]
        if self._edge():
            cands = []
            for a, b in ivs:
                cands += [a, b, min(a + 1, b), max(b - 1, a)]
            return rng.choice(cands)
        a, b = rng.choice(ivs)
        return rng.randint(a, b)

    # ----------------------------------------------------------- the generator

    def _gen(self, node: Node, depth: int, nest: int) -> Any:
        if isinstance(node, RefNode) and node.recursive:
            depth += 1
        out_of_depth = depth >= self.max_depth
        n = resolve(node)
        rng = self.rng
        k = n.kind
        if getattr(n, "within", ()):
            # a union of subtypes: a value of one of the first group's, that the rest admit
            for _ in range(100):
                v = self._gen(rng.choice(n.within[0]), depth, nest)
                if admits(n, v):
                    return v
            raise OracleError("no value of the union of subtypes found in 100 draws")
        if k == "bool":
            if n.values is not None:
                return rng.choice(sorted(n.values))
            return rng.random() < 0.5
        if k == "null":
            return None
        if k == "real" and n.ranges is not None:
            return self._real_in(n)
        if k == "real":
            if self._edge():
                return rng.choice(SPECIAL_DOUBLES)
            if rng.random() < 0.3:  # any bit pattern but NaN payloads: a random finite double
                while True:
                    d = struct.unpack(">d", rng.getrandbits(64).to_bytes(8, "big"))[0]
                    if math.isfinite(d):
                        return d
            return rng.uniform(-1e6, 1e6)
        if k == "int":
            return self._int(n)
        if k == "enum":
            return rng.choice(n.items)[0]
        if k == "octets":
            ln = n.fixed if n.fixed is not None else self._size(n.sizes, nest)
            return self._bytes(ln)
        if k == "bits":
            nbits = self._size(n.sizes, nest, cap_override=8 * self.cap if nest == 0 else None)
            data = bytearray(self._bytes((nbits + 7) // 8))
            if nbits % 8:
                data[-1] &= (0xFF << (8 - nbits % 8)) & 0xFF
            return (bytes(data), nbits)
        if k == "string":
            return self._string(n, nest)
        if k == "struct":
            out = {}
            for f in n.fields:
                if f.optional:
                    if out_of_depth and self._h(f.node) > 0:
                        continue
                    r = rng.random()
                    if r < 0.4:
                        continue
                    if f.has_default and r < 0.6:
                        out[f.name] = f.default
                        continue
                out[f.name] = self._gen(f.node, depth, nest)
            if n.presence:  # WITH COMPONENTS: meet one of the patterns
                for name, present in rng.choice(n.presence).items():
                    if not present:
                        out.pop(name, None)
                    elif name not in out:
                        out[name] = self._gen(next(f.node for f in n.fields if f.name == name), depth, nest)
            return out
        if k == "choice":
            alts = n.alts
            if n.presence:  # WITH COMPONENTS: the alternatives one of the patterns allows
                pattern = rng.choice(n.presence)
                alts = [a for a in alts if all((a.name == name) == p for name, p in pattern.items())]
            if out_of_depth:
                best = min(self._h(a.node) for a in alts)
                alts = [a for a in alts if self._h(a.node) == best]
            a = rng.choice(alts)
            return (a.name, self._gen(a.node, depth, nest))
        if k == "oid":
            return self._oid(n, nest)
        if k == "array":
            if n.fixed is not None:
                count = n.fixed
            elif out_of_depth and self._h(n.element) > 0:
                count = size_bounds(n.sizes)[0]
            else:
                count = self._size(n.sizes, nest)
            return [self._gen(n.element, depth, nest + 1) for _ in range(count)]
        raise AssertionError(k)

    def _int(self, n: IntNode) -> int:
        rng = self.rng
        r = rng.random()
        if r < self.edge_bias / 2:  # a bound of the constraint
            lo, hi = rng.choice(n.values)
            return rng.choice((lo, hi))
        if r < self.edge_bias:  # next to a bound, or a well-known value the type admits
            cands = [c for lo, hi in n.values for c in (lo + 1, hi - 1)] + INTERESTING_INTS
            cands = [c for c in cands if any(lo <= c <= hi for lo, hi in n.values)]
            return rng.choice(cands or [n.values[0][0]])
        lo, hi = rng.choice(n.values)
        if hi - lo > 2**16 and rng.random() < 0.5:  # spread over magnitudes
            bits = rng.randint(1, (hi - lo).bit_length())
            return lo + rng.getrandbits(bits) % (hi - lo + 1)
        return rng.randint(lo, hi)

    def _oid(self, n, nest: int) -> str:
        """An OBJECT IDENTIFIER / RELATIVE-OID value: the edges are the fewest and most
        arcs, the largest first arcs (2, and 39 under 0 and 1) and 64-bit arcs."""
        rng = self.rng
        if n.values is not None:  # a single-value constraint: one of its values
            return ".".join(map(str, rng.choice(sorted(n.values))))
        lo, hi = size_bounds(n.sizes)
        count = rng.choice((lo, hi)) if self._edge() else rng.randint(lo, min(hi, lo + 12))
        arcs = []
        for i in range(count):
            if self._edge():
                arcs.append(rng.choice((0, 1, 127, 128, 16383, 16384, UINT32_MAX, UINT64_MAX)))
            else:
                arcs.append(rng.randint(0, 100000))
        if not n.relative:
            arcs[0] = rng.choice((0, 1, 2))
            if arcs[0] < 2:
                arcs[1] = rng.choice((0, 39, rng.randint(0, 39)))
        return ".".join(str(a) for a in arcs)

    def _bytes(self, n: int) -> bytes:
        if n and self.rng.random() < 0.1:
            return bytes([self.rng.choice([0, 0xFF])]) * n
        return self.rng.getrandbits(8 * n).to_bytes(n, "big") if n else b""

    def _real_in(self, n) -> float:
        """A double inside one of the REAL type's ranges: mostly its bounds (and the
        specials that fall inside), else a uniform draw."""
        rng = self.rng
        lo, lo_open, hi, hi_open = rng.choice(n.ranges)
        if self._edge():
            cands = [x for x in SPECIAL_DOUBLES + [lo, hi] if x is not None and n.admits(x)]
            if cands:
                return float(rng.choice(cands))
        a = -1e6 if lo is None else max(lo, -1e300)
        b = 1e6 if hi is None else min(hi, 1e300)
        if lo is None and hi is not None:
            a = b - 1e6
        if hi is None and lo is not None:
            b = a + 1e6
        for _ in range(100):
            x = rng.uniform(a, b)
            if n.admits(x):
                return x
        return float(next(x for x in (lo, hi) if x is not None and n.admits(x)))

    def _time(self, n: StringNode) -> str:
        """A well-formed value of a time type (the wire checks only its characters and
        length, docs/mapping.md), within the type's SIZE."""
        rng = self.rng
        Y, M, D = rng.randint(0, 9999), rng.randint(1, 12), rng.randint(1, 28)
        h, m, s = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
        zone = rng.choice(["Z", f"+{rng.randint(0, 14):02d}00", f"-{rng.randint(0, 12):02d}30"])
        k = n.time_kind
        if k == "UTCTime":
            cands = [f"{Y % 100:02d}{M:02d}{D:02d}{h:02d}{m:02d}{zone}",
                     f"{Y % 100:02d}{M:02d}{D:02d}{h:02d}{m:02d}{s:02d}{zone}"]
        elif k == "GeneralizedTime":
            frac = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 9)))
            cands = [f"{Y:04d}{M:02d}{D:02d}{h:02d}", f"{Y:04d}{M:02d}{D:02d}{h:02d}{m:02d}{s:02d}Z",
                     f"{Y:04d}{M:02d}{D:02d}{h:02d}{m:02d}{s:02d}.{frac}{zone}"]
        elif k == "DATE":
            cands = [f"{Y:04d}-{M:02d}-{D:02d}"]
        elif k == "TIME-OF-DAY":
            cands = [f"{h:02d}:{m:02d}:{s:02d}"]
        elif k == "DATE-TIME":
            cands = [f"{Y:04d}-{M:02d}-{D:02d}T{h:02d}:{m:02d}:{s:02d}"]
        elif k == "DURATION":
            cands = [f"P{D}D", f"P{Y}Y{M}M{D}DT{h}H{m}M{s}S", f"P{rng.randint(0, 52)}W", f"PT{s},5S"]
        else:  # TIME: any ISO 8601 form
            cands = [f"{Y:04d}-{M:02d}-{D:02d}T{h:02d}:{m:02d}:{s:02d}{zone}", f"{Y:04d}-W{rng.randint(1, 52):02d}",
                     f"R5/{Y:04d}-{M:02d}-{D:02d}/P1D", f"{h:02d}:{m:02d}"]
        cands = [c for c in cands if any((lo or 0) <= len(c) <= (hi if hi is not None else len(c))
                                          for lo, hi in n.sizes)]
        if not cands:  # a SIZE narrower than any well-formed value: characters only
            return None  # type: ignore[return-value]
        return rng.choice(cands)

    def _string(self, n: StringNode, nest: int) -> str:
        rng = self.rng
        if n.time_kind:
            v = self._time(n)
            if v is not None:
                return v
        if n.values:
            return rng.choice(n.values)
        ln = self._size(n.sizes, nest)  # bytes on the wire
        if n.string_kind == "UTF8String":
            # Fill exactly ln bytes; keep at least lb characters so that the value also
            # satisfies X.680's character-counting SIZE (asn1tools' check).
            lb, _ = size_bounds(n.sizes)
            chars: list[str] = []
            used = 0
            while used < ln:
                room = ln - used - max(0, lb - len(chars) - 1)
                width = rng.randint(1, max(1, min(4, room)))
                chars.append(rng.choice([c for c in UTF8_SAMPLES[width] if ord(c) not in self.exclude_chars]))
                used += width
            return "".join(chars)
        alphabet = sorted(n.alphabet) if n.alphabet is not None else list(range(256))
        alphabet = [c for c in alphabet if c not in self.exclude_chars]
        if self._edge():  # mostly the alphabet's first and last characters
            return "".join(chr(rng.choice((alphabet[0], alphabet[-1], rng.choice(alphabet)))) for _ in range(ln))
        return "".join(chr(rng.choice(alphabet)) for _ in range(ln))
