"""``ilpc --explain``: the cost model's choices of path for every named type, and why.

The choices are those the generated T_send/T_recv make with ``--ilp auto`` (the default);
the reasons are the model's inputs and predictions (compiler/costmodel/model.py,
docs/costmodel.md).
"""
from __future__ import annotations

from ..ir.plan import ModulePlan
from ..ir.facts import message_range
from . import model as cm
from .shape import FEATURES, ShapeWalker, type_shape


def _size(n: int) -> str:
    if n >= 1024 and n % 1024 == 0:
        return f"{n // 1024} KiB"
    return f"{n} B"


def _ns(t: float) -> str:
    if t == float("inf"):
        return "-"  # no such path for the cipher
    return f"{t / 1000:.2f} us" if t >= 1000 else f"{t:.0f} ns"


def explain_text(modules: list[ModulePlan], model: cm.CostModel | None = None) -> str:
    model = model or cm.load()
    profs = model.profiles
    out = ["ilpc --ilp auto: the path T_send and T_recv take, per target profile (the compiler that",
           "builds the generated code: clang or gcc, with AVX2 standing for -O3 -march=native), cipher",
           "and message length.  Profiles: " + "; ".join(f"{p.name} = {p.cc} {p.cflags}" for p in profs) + ".",
           f"Cost model: {model.source or 'compiler/costmodel/costmodel.json'}.", ""]
    width = max(14, *(len(p.name) + 2 for p in profs))
    cw = max(12, *(len(c) for c in cm.CIPHER_NAMES)) + 1  # the cipher column
    walker = ShapeWalker()
    for mp in modules:
        for plan in mp.plans:
            if not plan.pdu:
                continue
            lo, hi = message_range(plan)
            shape = type_shape(plan, walker)
            span = f"{lo} to {hi} bytes" if hi is not None else f"{lo} bytes or more"
            out.append(f"{'.'.join(plan.name)}: messages of {span}")
            grows = ", ".join(f"{getattr(shape.density, k):.3g} {k}" for k in FEATURES if getattr(shape.density, k))
            at = shape.at(max(lo, 1024))
            out.append(f"  shape: per item work at {max(lo, 1024)} B: "
                       + ", ".join(f"{getattr(at, k):.0f} {k}" for k in FEATURES)
                       + f"; per byte of growth: {grows or 'none (bulk bytes)'}")
            for d in cm.DIRECTIONS:
                out.append((f"  {d:<{cw + 2}}" + "".join(f"{p.name:<{width}}" for p in profs)).rstrip())
                for c in cm.CIPHER_NAMES:
                    cells = [model.rule(p, d, c, lo, hi, shape).describe() for p in profs]
                    if any(len(x) > width - 2 for x in cells):
                        out.append(f"    {c:<{cw}}" + " | ".join(f"{p.name}: {x}" for p, x in zip(profs, cells)))
                    else:
                        out.append(f"    {c:<{cw}}" + "".join(f"{x:<{width}}" for x in cells).rstrip())
            out.append("")
    out.append("Why.  Predicted time per message at 1 KiB and 64 KiB (fused / tiled / layered) for an opaque")
    out.append("(no per-item work; a type's shape adds its per-item costs, docs/costmodel.md), and the")
    out.append("fused loop's live state against the profile's register budget (the synthetic study's")
    out.append("threshold): past it, the cipher's work inside the fused loop is slowed by spills.")
    for p in profs:
        for d in cm.DIRECTIONS:
            out.append(f"  {p.name} {d} (budget {p.registers:g} words, pressure "
                       f"{p.directions[d].pressure:g}/word, separate pass {p.directions[d].pass_cost:.3f} ns/B):")
            for c in cm.CIPHER_NAMES:
                st = cm.CIPHER_STAGES[c]
                a, b = model.predict(p, d, c, 1024), model.predict(p, d, c, 65536)
                state = (f"state {a.state} words" + (f", {a.excess:g} over budget" if a.excess > 0 else ", fits"))
                times = "; ".join(f"{_size(n)}: " + " / ".join(_ns(x.times[k]) for k in cm.PATHS) + f" -> {x.best}"
                                  for n, x in ((1024, a), (65536, b)))
                extra = "" if st.on_copy else f", cipher work {a.work:.3f} ns/B"
                out.append(f"    {c:<{cw - 1}} {state}{extra}; {times}")
    out.append("")
    out.append("Stages (state = words live across the fused loop): pipeline "
               + ", ".join(f"{s.name} {s.state}" for s in cm.PIPELINE)
               + f" (send {cm.PIPELINE_STATE['send']}, receive {cm.PIPELINE_STATE['recv']} in all); "
               + "; ".join(f"{c} {s.state}{' (tables ' + str(s.tables) + ' B)' if s.tables else ''}"
                           for c, s in cm.CIPHER_STAGES.items()) + ".")
    return "\n".join(out) + "\n"
