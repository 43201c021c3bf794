"""A readable text form of marshalling plans (``ilpc --emit ir``), for people and tests."""
from __future__ import annotations

from .plan import Array, Block, Bytes, Call, Choice, ModulePlan, Optional_, Repeat, TypePlan


def _path(path: tuple) -> str:
    out = []
    for s in path:
        if s[0] in ("field", "arm"):
            out.append(s[1])
        elif s[0] in ("index", "item"):
            out.append(f"[{s[1]}]")
        elif s[0] == "deref":
            out.append("*")
    return ".".join(out).replace(".[", "[").replace(".*", "*") or "<value>"


def _item(it, indent: str) -> list[str]:
    if isinstance(it, Repeat):
        lines = [f"{indent}@{it.offset} repeat {it.count} x {it.stride} bytes ({it.var}):"]
        for x in it.items:
            lines += _item(x, indent + "  ")
        return lines
    extra = ""
    if it.values is not None:
        extra = f" in {it.values}" if it.kind != "bool" else f" only {'TRUE' if 1 in it.values else 'FALSE'}"
    if it.sizes is not None:
        extra = f" size {it.sizes}"
    if it.kind == "opaque_fixed":
        extra = f" {it.n} bytes"
    if it.local:
        extra += f" -> {it.local}"
    return [f"{indent}@{it.offset} {it.kind} {_path(it.path)}{extra}"]


def _ops(ops: list, indent: str) -> list[str]:
    lines: list[str] = []
    for op in ops:
        if isinstance(op, Block):
            lines.append(f"{indent}block {op.size} bytes (one bounds check)")
            for it in op.items:
                lines += _item(it, indent + "  ")
        elif isinstance(op, Bytes):
            alpha = " alphabet-checked" if op.alphabet is not None else ""
            lines.append(f"{indent}bytes {op.kind} {_path(op.path)} len={op.local} size {op.sizes}{alpha}")
        elif isinstance(op, Optional_):
            d = f" default={op.default!r}" if op.has_default else ""
            lines.append(f"{indent}if {op.local} ({_path(op.path)}{' via pointer' if op.indirect else ''}){d}:")
            lines += _ops(op.body, indent + "  ")
        elif isinstance(op, Choice):
            lines.append(f"{indent}switch {op.local}:")
            for a in op.arms:
                lines.append(f"{indent}  case {a.index} {a.name}{' via pointer' if a.indirect else ''}:")
                lines += _ops(a.body, indent + "    ")
        elif isinstance(op, Array):
            n = op.local if op.local else str(op.fixed)
            stride = f", {op.elem_block.size}-byte elements (one bounds check)" if op.elem_block else ""
            lines.append(f"{indent}for {op.var} < {n} ({_path(op.path)}{stride}):")
            lines += _ops(op.elem_body, indent + "  ")
        elif isinstance(op, Call):
            lines.append(f"{indent}call {'.'.join(op.target.name)} {_path(op.path)}")
    return lines


def dump_plan(p: TypePlan) -> str:
    size = f"{p.size.min}" if p.size.fixed else f"{p.size.min}..{p.size.max if p.size.max is not None else 'unbounded'}"
    flags = (" named" if p.named else "") + (" recursive" if p.recursive else "")
    head = f"plan {'.'.join(p.name)}: {p.shape}{flags}, {p.size.kind} size {size}"
    return "\n".join([head] + _ops(p.ops, "  "))


def dump_plans(modules: list[ModulePlan]) -> str:
    out = []
    for mp in modules:
        out.append(f"module {mp.name} ({mp.path})")
        for p in mp.plans:
            out.append(dump_plan(p))
        out.append("")
    return "\n".join(out)
