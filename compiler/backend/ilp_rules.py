"""How the ILP back end's T_send/T_recv choose their path (fused, tiled or layered):
one path for every message, or the cost model's rules (compiler/costmodel/) per target
profile, cipher and message length, as C tables."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .. import costmodel as cm
from ..costmodel.shape import ShapeWalker, type_shape
from ..ir.facts import message_range
from ..ir.plan import TypePlan

@dataclass
class RuleTables:
    """The rule tables of one type: one row per profile, one rule per cipher (--explain
    gives the reasons).  A rule is ((upto0, upto1), (path0, path1, path2), cipher): the
    message lengths up to upto0 take path0, up to upto1 path1, the rest path2 (an
    upper bound of None: every length)."""
    nprofiles: int
    send: list[tuple[str, tuple]]   # (profile, its rules)
    recv: list[tuple[str, tuple]]
    summary: str


def _rule(r: cm.Rule, cipher: str) -> tuple:
    segs = list(r.segments)
    while len(segs) < 3:
        segs.insert(0, (0, segs[0][1]))  # empty ranges in front: len <= 0 never holds
    upto = tuple(None if u is None or u >= 0xFFFFFFFF else u for u, _ in segs[:2])
    return upto, tuple(pth for _, pth in segs), cipher


class Strategy:
    """How the generated T_send/T_recv choose their path: one path for every message
    (``fused``, ``tiled`` or ``layered``), or ``auto``: the cost model's rules
    (compiler/costmodel/) per target profile, cipher and message length."""

    def __init__(self, name: str, model=None):
        self.name = name
        self.model = model
        self.shapes = ShapeWalker()
        if name == "auto" and model is None:
            self.model = cm.load()

    def decisions(self, plan: TypePlan) -> dict:
        """{direction: [[Rule per cipher] per profile]}."""
        if self.name != "auto":  # one row
            return {d: [[cm.Rule([(None, self.name)]) for _ in cm.CIPHER_NAMES]] for d in cm.DIRECTIONS}
        lo, hi = message_range(plan)
        shape = type_shape(plan, self.shapes)
        return {d: [[self.model.rule(prof, d, c, lo, hi, shape) for c in cm.CIPHER_NAMES] for prof in self.model.profiles]
                for d in cm.DIRECTIONS}

    def tables(self, plan: TypePlan) -> RuleTables:
        dec = self.decisions(plan)
        names = [p.name for p in self.model.profiles] if self.name == "auto" else ["every profile"]
        send, recv = ([(n, tuple(_rule(r, c) for r, c in zip(row, cm.CIPHER_NAMES))) for row, n in zip(dec[d], names)]
                      for d in ("send", "recv"))
        if self.name != "auto":
            return RuleTables(1, send, recv, f"always {self.name} (ilpc --ilp {self.name})")
        return RuleTables(len(self.model.profiles), send, recv,
                          "chosen by the cost model (ilpc --ilp auto; --explain says why)")

    def profiles(self) -> Optional[list[dict]]:
        """The target profiles the rule tables have a row for, in the order the generated
        code tests them (None: one row for every profile)."""
        if self.name != "auto":
            return None
        return [dict(name=p.name, cc=p.cc, cflags=p.cflags, c_test=p.c_test) for p in self.model.profiles]
