"""``ilpc --explain``: the cost model's choices of path for every named type, and why.

The choices are those the generated T_send/T_recv make with ``--ilp auto`` (the default);
the reasons are the model's inputs and predictions (compiler/costmodel/model.py,
docs/costmodel.md).
"""
from __future__ import annotations

from ..ciphers import CIPHERS
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


# The encodings whose message paths are runtime/ilpc_ber_msg.c's
BER_FAMILY = ("ber", "cer", "der")


def ber_path(cipher) -> str:
    """The path T_send_der and T_recv_der (and _ber, _cer) take with a cipher, for every
    message type and length: the runtime's ilpc_ber_msg_rules, by the cipher's facts (a
    cipher the fused loops run is fused; one only libcrypto runs is layered)."""
    return "fused" if cipher.unit_stage else "layered"


def ber_text(modules: list[ModulePlan], encodings: list[str]) -> list[str]:
    """--explain's part for the BER family's message paths (docs/ilp.md, "BER, CER and DER
    messages"; docs/costmodel.md, "The BER family")."""
    encs = [e for e in BER_FAMILY if e in encodings]
    types = [".".join(p.name) for mp in modules for p in mp.plans if p.pdu and p.named]
    if not encs or not types:
        return []
    fns = ", ".join(f"T_send_{e}/T_recv_{e}" for e in encs)
    out = [f"BER family ({', '.join(encs)}): the path {fns} take, the same for every message type",
           f"({', '.join(types)}), length and target profile:"]
    for path, why in (("fused", "one pass: the writer fills the send ring back to front, each segment encrypted "
                                "and summed as the writer leaves it"),
                      ("layered", "no fused path: libcrypto's AEAD over the encoding in the ring")):
        names = [c.name for c in CIPHERS if ber_path(c) == path]
        if names:
            out.append(f"    {path:<9}{', '.join(names)}: {why}")
    out += ["Why.  No cost term tells the paths apart: both run the size pass and the same back-to-front",
            "writer, whose work per element is most of a message's time, and the fused one saves only the copy",
            "of the encoding into the ring (bench/ber/paths.py measured layered/fused between 0.94x and 1.06x,",
            "within its runs' noise: docs/benchmarks-ber.md, \"Message paths\").  So the fused path, which needs",
            "no buffer but the ring, is taken for every length and shape; a cipher the fused loops do not run",
            "(libcrypto's) goes layered.", ""]
    return out


def explain_text(modules: list[ModulePlan], model: cm.CostModel | None = None,
                 encodings: list[str] = ("xdr",)) -> str:
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
    out += ber_text(modules, list(encodings))
    out.append("Stages (state = words live across the fused loop): pipeline "
               + ", ".join(f"{s.name} {s.state}" for s in cm.PIPELINE)
               + f" (send {cm.PIPELINE_STATE['send']}, receive {cm.PIPELINE_STATE['recv']} in all); "
               + "; ".join(f"{c} {s.state}{' (tables ' + str(s.tables) + ' B)' if s.tables else ''}"
                           for c, s in cm.CIPHER_STAGES.items()) + ".")
    return "\n".join(out) + "\n"
