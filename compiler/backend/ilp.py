"""The ILP back end: fused marshal + encrypt + checksum + store, from the same plans as
the XDR back end (docs/ilp.md), through the templates in ``templates/C/ilp``.

For every type with functions it emits, into ``<Module>_ilp.c``/``.h``:

* ``T_ilp_put_<cipher>`` / ``T_ilp_get_<cipher>``: the send and receive bodies, one
  always-inline body instantiated once per cipher (the cipher id is a constant in each
  instantiation, so the per-unit cipher dispatch folds away), or once in the calls
  variant (``--ilp-calls``: stages through function pointers);
* for named types the public API: ``T_msg_len``, ``T_ilp_send``, ``T_ilp_recv``,
  ``T_ilp_recv_spans`` and the layered baseline ``T_layered_send``/``T_layered_recv``.

A body is rendered as the XDR back end's are (compiler/backend/xdr_c.py): ``walk``
takes the ops in order, tracking the parity of the XDR word stream
(compiler/backend/ilp_lower.py), and the renderer of ``RENDERERS`` (a method per role:
send, recv) renders each op's children first, lowers its blocks into units, and calls
the op's macro in ``templates/C/ilp/<op>.j2`` with plain values and the shared checks
(compiler/backend/checks.py).
"""
from __future__ import annotations

import re
from typing import Optional

from ..ir.facts import PlanFacts, callees, length_range, message_range
from ..ir.plan import Array, Block, Bytes, Call, Choice, ModulePlan, Optional_, TypePlan
from .cexpr import addr, lvalue, member, present_flag, ptr_lvalue, value_assign
from .checks import Checks
from .ilp_lower import Lowering, Parity, drop_redundant_parity, holds_unit0, int_run, merge_same_branches
from .ilp_rules import Strategy
from .interface import Compilation, Options
from .naming import (
    choice_const, generated_macro, ilp_functions, include_guard, module_file, rule_table, type_name,
)
from .render import macros, render

ENCODING = "ilp"  # the suffix of the module's files: <Module>_ilp.h, <Module>_ilp.c


def _count(op: Array) -> str:
    return member(lvalue(op.path), "count") if op.local else f"{op.fixed}u"


# ------------------------------------------------------------------ op renderers
# One class per op, one static method per role; each gets the module's renderer, the op,
# the static parity at the op (None: known at run time only) and whether the op is the
# block that may hold back unit 0.

class BlockIlp:
    t = "C/ilp/block.j2"

    @staticmethod
    def send(x: "IlpModule", op: Block, state: Optional[int], hold: bool) -> str:
        lo = x.lower
        if state is None:
            top = lo.tx_block(op, 1, True) if hold else ""
            odd = lo.tx_block(op, 1)
            even = lo.tx_block(op, 0)
            return macros(BlockIlp.t).send(known=None, hold=hold, top=top, odd=odd, even=even, body="")
        return macros(BlockIlp.t).send(known=state, hold=hold, top="", odd="", even="",
                                       body=lo.tx_block(op, state, hold))

    @staticmethod
    def recv(x: "IlpModule", op: Block, state: Optional[int], hold: bool) -> str:
        lo = x.lower
        if state is None:
            odd = lo.rx_block(op, 1)
            even = lo.rx_block(op, 0)
            return macros(BlockIlp.t).recv(nbytes=op.size, known=None, odd=odd, even=even, body="")
        return macros(BlockIlp.t).recv(nbytes=op.size, known=state, odd="", even="", body=lo.rx_block(op, state))


class BytesIlp:
    t = "C/ilp/bytes.j2"

    @staticmethod
    def send(x: "IlpModule", op: Bytes, state: Optional[int], hold: bool) -> str:
        return macros(BytesIlp.t).send(lv=lvalue(op.path), checks=x.checks.bytes_out(op))

    @staticmethod
    def recv(x: "IlpModule", op: Bytes, state: Optional[int], hold: bool) -> str:
        c, lv = x.checks, lvalue(op.path)
        return macros(BytesIlp.t).recv(lv=lv, length_checks=c.length_in(op.local, op.sizes), count=c.byte_count(op),
                                       alloc=c.bytes_alloc(op), store=c.bytes_store(op),
                                       text_check=c.text_in(op, member(lv, "data")))


class OptionalIlp:
    t = "C/ilp/optional.j2"

    @staticmethod
    def send(x: "IlpModule", op: Optional_, state: Optional[int], hold: bool) -> str:
        return macros(OptionalIlp.t).send(present=present_flag(op.path, op.indirect),
                                          body=x.walk(op.body, "send", state)[0])

    @staticmethod
    def recv(x: "IlpModule", op: Optional_, state: Optional[int], hold: bool) -> str:
        body = x.walk(op.body, "recv", state)[0]
        default = value_assign(lvalue(op.path), op.target, op.default) if op.has_default else ""
        pointer = x.checks.pointer_in(lvalue(op.path)) if op.indirect else ""
        return macros(OptionalIlp.t).recv(local=op.local, indirect=op.indirect, pointer=pointer, body=body,
                                          has_default=op.has_default, default=default)


class ChoiceIlp:
    t = "C/ilp/choice.j2"

    @staticmethod
    def send(x: "IlpModule", op: Choice, state: Optional[int], hold: bool) -> str:
        arms = [dict(const=choice_const(op.name, a.name),
                     pointer=x.checks.pointer_out(lvalue(a.path)) if a.indirect else "",
                     body=x.walk(a.body, "send", state)[0]) for a in op.arms]
        return macros(ChoiceIlp.t).send(which=member(lvalue(op.path), "which"), arms=arms)

    @staticmethod
    def recv(x: "IlpModule", op: Choice, state: Optional[int], hold: bool) -> str:
        arms = []
        for a in op.arms:
            body = x.walk(a.body, "recv", state)[0]
            arms.append(dict(index=a.index, body=body,
                             pointer=x.checks.pointer_in(lvalue(a.path)) if a.indirect else ""))
        return macros(ChoiceIlp.t).recv(local=op.local, arms=arms)


class ArrayIlp:
    t = "C/ilp/array.j2"

    @staticmethod
    def _elements(x: "IlpModule", op: Array, state: Optional[int], count: str, direction: str) -> dict:
        """Elements of one static size: a run of integers, or their units per parity."""
        blk = op.elem_block
        ints = int_run(blk.items, op.var, blk.size)
        values = dict(elem_size=blk.size, ints=ints, known=state, odd="", even="", body="", loop=None)
        if ints:
            return values
        elements = x.lower.tx_elements if direction == "send" else x.lower.rx_elements
        if state is None:
            values.update(odd=elements(op, 1, count))
            values.update(even=elements(op, 0, count))
        else:
            values.update(body=elements(op, state, count))
        return values

    @staticmethod
    def send(x: "IlpModule", op: Array, state: Optional[int], hold: bool) -> str:
        count = _count(op)
        oid = x.checks.oid(op)
        if op.elem_block is not None:
            values = ArrayIlp._elements(x, op, state, count, "send")
        else:
            loop = x.walk(op.elem_body, "send", None)[0] if op.elem_size.max != 0 else None
            values = dict(elem_size=None, ints=None, known=state, odd="", even="", body="", loop=loop)
        return macros(ArrayIlp.t).send(var=op.var, count=count, oid=oid, **values)

    @staticmethod
    def recv(x: "IlpModule", op: Array, state: Optional[int], hold: bool) -> str:
        checks = x.checks.count_in(op, "t.rem", "message") if op.local else ""
        count = op.local or f"{op.fixed}u"
        nothing = op.elem_size.max == 0
        if nothing:
            values = dict(elem_size=None, ints=None, known=state, odd="", even="", body="", loop=None)
        elif op.elem_block is not None:
            values = ArrayIlp._elements(x, op, state, count, "recv")
        else:
            values = dict(elem_size=None, ints=None, known=state, odd="", even="", body="",
                          loop=x.walk(op.elem_body, "recv", None)[0])
        return macros(ArrayIlp.t).recv(var=op.var, count=count, count_checks=checks, nothing=nothing,
                                       oid=x.checks.oid(op), **values)


class CallIlp:
    t = "C/ilp/call.j2"

    @staticmethod
    def send(x: "IlpModule", op: Call, state: Optional[int], hold: bool) -> str:
        pointer = x.checks.pointer_out(ptr_lvalue(op.path)) if op.alloc else ""
        return macros(CallIlp.t).send(T=type_name(op.target), at=addr(op.path), pointer=pointer)

    @staticmethod
    def recv(x: "IlpModule", op: Call, state: Optional[int], hold: bool) -> str:
        pointer = x.checks.pointer_in(ptr_lvalue(op.path)) if op.alloc else ""
        return macros(CallIlp.t).recv(T=type_name(op.target), at=addr(op.path), pointer=pointer)


# op class -> its renderer (a static method per role: send, recv)
RENDERERS: dict[type, type] = {
    Block: BlockIlp, Bytes: BytesIlp, Optional_: OptionalIlp, Choice: ChoiceIlp, Array: ArrayIlp, Call: CallIlp,
}


def unused_params(text: str, params: list[str]) -> list[str]:
    """The parameters a body's text does not use (the ILPC_TX/ILPC_RX shorthands use
    ``cid`` and ``c``), so that it can say ``(void)x`` for exactly those."""
    shorthand = re.search(r"\bILPC_(?:TX|RX)", text) is not None
    return [x for x in params
            if not (shorthand and x in ("cid", "c")) and re.search(rf"\b{x}\b", text) is None]


class IlpModule:
    """Renders one module's ``<Module>_ilp.h`` and ``<Module>_ilp.c``."""

    def __init__(self, mp: ModulePlan, facts: PlanFacts, calls: bool, strategy: Strategy):
        self.mp = mp
        self.facts = facts
        self.calls = calls
        self.strategy = strategy
        self.checks = Checks(mp.name)
        self.lower = Lowering(self.checks)
        self.parity = Parity()

    def walk(self, ops: list, role: str, state: Optional[int], hold: bool = False) -> tuple[str, Optional[int]]:
        """The C text of ``ops`` for ``role`` (send, recv) entered at parity ``state``,
        and the parity after them.  hold: the first op is a block that may hold unit 0
        (ilp_lower.holds_unit0)."""
        out = []
        for i, op in enumerate(ops):
            text = getattr(RENDERERS[type(op)], role)(self, op, state, hold and i == 0).rstrip("\n")
            if text.strip():
                out.append(text)
            state = self.parity.after(op, state)
        return "\n".join(out), state

    # ------------------------------------------------------------ file level

    def body_values(self, plan: TypePlan, linkage: str) -> dict:
        facts = self.facts
        T = type_name(plan)
        f = ilp_functions(T)
        name = ".".join(plan.name)
        hold = plan.pdu and holds_unit0(plan)
        # A message type that no body calls is only ever the whole message (top): its
        # words start at parity 1, after the length word, so no block is needed twice.
        top_only = plan.pdu and not facts.bodies[id(plan)]
        start = 1 if top_only else None
        send = merge_same_branches(drop_redundant_parity(self.walk(plan.ops, "send", start, hold=hold)[0]))
        recv = merge_same_branches(drop_redundant_parity(self.walk(plan.ops, "recv", start)[0]))
        lo, hi, unbounded = length_range(plan)
        params = ["cid", "c", "v", "top"]
        # a message's receive prologue reads unit 0 (cid, c) and tests top unless top_only
        recv_params = params if not plan.pdu else ["v", "top"] if top_only else ["v"]
        reject = self.checks.presence_reject(plan) or ""
        presence = self.checks.presence(plan)
        t = macros("C/ilp/function.j2")
        send_c = t.send(T=T, f=f, name=name, pdu=plan.pdu, top_only=top_only, holds_unit0=hold, body=send,
                        presence=presence, unused=unused_params(reject + send, params))
        recv_c = t.recv(T=T, f=f, name=name, pdu=plan.pdu, top_only=top_only, recursive=plan.recursive, body=recv,
                        presence=presence, locals=[n for n, _ in plan.locals], min_len=lo, max_len=hi,
                        unbounded=int(unbounded), unused=unused_params(reject + recv, recv_params))
        return dict(T=T, linkage=linkage, send=send_c.rstrip("\n"), recv=recv_c.rstrip("\n"))

    def message_values(self, plan: TypePlan, one_flag: str) -> dict:
        lo, hi, unbounded = length_range(plan)
        mlo, mhi = message_range(plan)
        flags = [f for f, on in (("ILPC_MSG_HOLDS_UNIT0", holds_unit0(plan)),
                                 ("ILPC_MSG_LIMITS", self.facts.needs_limits(plan)),
                                 ("ILPC_MSG_UNBOUNDED", unbounded)) if on] + [one_flag]
        T = type_name(plan)
        return dict(T=T, msg=ilp_functions(T).msg, name=".".join(plan.name), min_len=lo, max_len=hi,
                    flags=" | ".join(flags), lengths=f"{mlo} to {mhi}" if mhi is not None else f"{mlo} or more")

    def render(self) -> dict[str, str]:
        facts, mp = self.facts, self.mp
        plans = facts.order(mp)
        bodies = facts.bodies
        # this module's plans that get fused bodies: the message types (``plan.pdu``) of
        # every module and whatever their bodies call, transitively (other components are
        # inlined into their users' bodies as ops)
        body_plans = [p for p in plans if id(p) in bodies]
        one_flag = generated_macro("one_body", mp.name)
        exported = [p for p in body_plans if bodies[id(p)] - {mp.name}]
        position = {id(p): i for i, p in enumerate(body_plans)}
        # static bodies called before their definition (recursion) are declared first
        early = {id(t) for p in body_plans for t in callees(p)
                 if id(t) in position and position[id(t)] >= position[id(p)]}
        alphabets = self.checks.collect_alphabets(body_plans)
        body_texts = [self.body_values(p, "" if p in exported else "static") for p in body_plans]
        pdus = [p for p in plans if p.named and p.pdu]
        messages = [self.message_values(p, one_flag) for p in pdus]
        # one rule table per distinct content: types of similar lengths share them
        tables: dict[tuple, dict] = {}
        for m, p in zip(messages, pdus):
            rules = self.strategy.tables(p)
            for d, rows in (("send", rules.send), ("recv", rules.recv)):
                key = (rules.nprofiles, tuple(rows))
                t = tables.get(key)
                if t is None:
                    t = tables[key] = dict(name=rule_table(mp.name, len(tables)), nprofiles=rules.nprofiles,
                                           rows=rows, users=[], summary=rules.summary)
                t["users"].append(f"{d} of {m['name']}")
                m[f"{d}_rules"] = t["name"]
        header, source = module_file(mp.name, "h", ENCODING), module_file(mp.name, "c", ENCODING)
        calls_macro = generated_macro("calls", mp.name)
        # the tables come before the descriptors, which are in the order of the types
        source_text = render(
            "C/ilp/source.j2", source=source, header=header, module=mp.name, path=mp.path,
            bodies_macro=generated_macro("bodies", mp.name), calls_macro=calls_macro, one_flag=one_flag,
            static_bodies=[type_name(p) for p in body_plans if id(p) in early and p not in exported],
            alphabets=alphabets, bodies=body_texts, pdus=messages,
            strategy=self.strategy.name, profiles=self.strategy.profiles(), rule_tables=list(tables.values()))
        header_text = render(
            "C/ilp/header.j2", header=header, xdr_header=module_file(mp.name, "h"), module=mp.name, path=mp.path,
            guard=include_guard(header), includes=[module_file(m, "h", ENCODING) for m in mp.imports],
            calls_macro=calls_macro, calls=1 if self.calls else 0, exported=[type_name(p) for p in exported],
            pdus=messages)
        return {header: header_text, source: source_text}


def emit(modules: list[ModulePlan], facts: PlanFacts, calls: bool = False,
         strategy: Optional[Strategy] = None) -> dict[str, str]:
    """``<Module>_ilp.h``/``.c`` for every module."""
    strategy = strategy or Strategy("fused")
    files: dict[str, str] = {}
    for mp in modules:
        files.update(IlpModule(mp, facts, calls, strategy).render())
    return files


class IlpC:
    """The ILP back end (registry.BACKENDS["ilp"])."""
    name = "ilp"

    def files(self, comp: Compilation, options: Options) -> dict[str, str]:
        return emit(comp.plans, comp.facts, options.ilp_calls, Strategy(options.ilp))
