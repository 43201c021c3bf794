"""How the ILP back end's T_send/T_recv choose their path (fused, tiled or layered):
one path for every message, or the cost model's rules (compiler/costmodel/) per target
profile, cipher and message length, as C tables."""
from __future__ import annotations

from dataclasses import dataclass

from .. import costmodel as cm
from ..costmodel.shape import ShapeWalker, type_shape
from ..ir.facts import message_range
from ..ir.plan import TypePlan

C_PATH = {"fused": "ILPC_PATH_FUSED", "tiled": "ILPC_PATH_TILED", "layered": "ILPC_PATH_LAYERED"}


@dataclass
class RuleTables:
    """The rule tables of one type: C initializers of ilpc_path_rule, one row per
    profile, one entry per cipher (--explain gives the reasons)."""
    nprofiles: int
    send: list[tuple[str, str]]   # (profile, the row's C text)
    recv: list[tuple[str, str]]
    summary: str


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

        def c_rule(r) -> str:
            segs = list(r.segments)
            while len(segs) < 3:
                segs.insert(0, (0, segs[0][1]))  # empty ranges in front: len <= 0 never holds
            upto = ["UINT32_MAX" if u is None or u >= 0xFFFFFFFF else f"{u}u" for u, _ in segs[:2]]
            return f"{{ {{ {upto[0]}, {upto[1]} }}, {{ {', '.join(C_PATH[pth] for _, pth in segs)} }} }}"

        def c_row(row) -> list[str]:
            return [f"\n        {c_rule(r)}{',' if i + 1 < len(row) else ''} /* {c} */"
                    for i, (r, c) in enumerate(zip(row, cm.CIPHER_NAMES))]

        names = [p.name for p in self.model.profiles] if self.name == "auto" else ["every profile"]
        send = [(n, "".join(c_row(row))) for row, n in zip(dec["send"], names)]
        recv = [(n, "".join(c_row(row))) for row, n in zip(dec["recv"], names)]
        if self.name != "auto":
            return RuleTables(1, send, recv, f"always {self.name} (ilpc --ilp {self.name})")
        return RuleTables(len(self.model.profiles), send, recv,
                          "chosen by the cost model (ilpc --ilp auto; --explain says why)")

    def profile_selection(self) -> str:
        """C text defining ILPC_AUTO_PROFILE, the row of the rule tables, from the compiler
        that builds the generated code (unless defined on the command line)."""
        if self.name != "auto":
            return ("/* One rule for every profile: ilpc --ilp " + self.name + ". */\n"
                    "#undef ILPC_AUTO_PROFILE\n#define ILPC_AUTO_PROFILE 0\n")
        lines = ["/* The row of the T_send/T_recv rule tables: the target profile the cost model",
                 " * predicted for, chosen from the compiler building this file (clang or not, and",
                 " * whether -march enables AVX2, which stands for -O3 -march=native); -D",
                 " * ILPC_AUTO_PROFILE=N overrides.  Profiles: " + ", ".join(
                     f"{i} {p.name} ({p.cc} {p.cflags})" for i, p in enumerate(self.model.profiles)) + ". */",
                 "#ifndef ILPC_AUTO_PROFILE"]
        for i, p in enumerate(self.model.profiles):
            kw = "#if" if i == 0 else "#elif"
            if p.c_test == "1":
                lines.append("#else" if i else "#if 1")
            else:
                lines.append(f"{kw} {p.c_test}")
            lines.append(f"#define ILPC_AUTO_PROFILE {i} /* {p.name} */")
        lines.append("#endif")
        lines.append("#endif")
        lines.append(f"#if ILPC_AUTO_PROFILE < 0 || ILPC_AUTO_PROFILE >= {len(self.model.profiles)}")
        lines.append(f'#error "ILPC_AUTO_PROFILE must be 0..{len(self.model.profiles) - 1} (see above)"')
        lines.append("#endif")
        return "\n".join(lines) + "\n"
