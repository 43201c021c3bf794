"""ILP back end: fused marshal + encrypt + checksum + store, from the same plans as the
XDR back end (docs/ilp.md).

For every type with functions it emits, into ``<Module>_ilp.c``/``.h``:

* ``T_ilp_put_<cipher>`` / ``T_ilp_get_<cipher>``: the send and receive bodies, one
  always-inline body instantiated once per cipher (the cipher id is a constant in each
  instantiation, so the per-unit cipher dispatch folds away), or once in the calls
  variant (``--ilp-calls``: stages through function pointers);
* for named types the public API: ``T_msg_len``, ``T_ilp_send``, ``T_ilp_recv``,
  ``T_ilp_recv_spans`` and the layered baseline ``T_layered_send``/``T_layered_recv``.

The C text lives in ``templates/C/ilp/<op>/<role>.j2`` (roles ``send`` and ``recv``);
this module holds what is not C text: the parity of the XDR word stream (whether a
4-byte half unit is pending) and the pairing of a block's words into 8-byte units.

Parity.  A message is ``BE32(L) | XDR | pad`` cut into 8-byte units, so XDR word j
lands in unit (j+1)/2; the generator tracks whether a word is pending (``odd``) at
every op.  Where it is statically known (inside a block, after ops of fixed size
parity) the code is straight-line with a static pairing; where it is not (after an
opaque body, an optional component, ...) a block is generated twice, for each parity,
behind one ``if (t.odd)``.  The run-time ``t.odd`` is kept in sync at every op
boundary, so static knowledge is only ever an optimisation.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

import jinja2

from ..ir.plan import (
    Array, Block, Bytes, Call, Choice, Item, ModulePlan, Optional_, Repeat, TypePlan, pad4, walk_ops,
)
from .c import CModuleEmitter, c_ident, include_guard, lvalue, make_env as make_c_env, member
from ..costmodel.shape import ShapeWalker, type_shape
from ..ir.facts import is_number_run, length_range as _length_range, message_range


# Fixed opaques longer than this go through the bulk byte loop instead of words.
RAW_WORDS_MAX = 16


@dataclass
class Word:
    """One 4-byte XDR word of a block on the send side: a C expression of its value
    as a uint32_t number.  ``pre`` holds the statements (checks, temporaries) of the
    item the word starts; ``dword`` names the 64-bit temporary when the word is one
    half of a hyper/double (so that an aligned pair becomes one unit)."""
    expr: str
    pre: str = ""
    dword: Optional[str] = None
    half: int = 0


@dataclass
class _Names:
    n: int = 0

    def fresh(self, stem: str) -> str:
        self.n += 1
        return f"{stem}{self.n}"


class IlpEmitter(CModuleEmitter):
    """Renders one module's ``<Module>_ilp.h`` and ``<Module>_ilp.c``."""

    def __init__(self, env: jinja2.Environment, mp: ModulePlan, all_modules: list[ModulePlan],
                 calls: bool = False, strategy: Optional["Strategy"] = None,
                 bodies: Optional[dict[int, set[str]]] = None):
        super().__init__(env, mp, all_modules)
        self.calls = calls
        self.strategy = strategy or Strategy("fused")
        self.names = _Names()
        self._parity_memo: dict[int, Optional[int]] = {}
        self._words_memo: dict[int, tuple] = {}
        self._plan_memo: dict[tuple, bool] = {}
        self._bodies = bodies

    # ------------------------------------------------------------ parity

    def plan_parity(self, plan: TypePlan) -> Optional[int]:
        """Parity (0: even, 1: odd number of XDR words) of every encoding of a plan,
        None when it depends on the value."""
        key = id(plan)
        if key in self._parity_memo:
            return self._parity_memo[key]
        self._parity_memo[key] = None  # recursion: unknown
        if plan.size.fixed:
            d: Optional[int] = (plan.size.min // 4) & 1
        else:
            d = self.ops_parity(plan.ops)
        self._parity_memo[key] = d
        return d

    def ops_parity(self, ops: list) -> Optional[int]:
        d = 0
        for op in ops:
            x = self.op_parity(op)
            if x is None:
                return None
            d ^= x
        return d

    def op_parity(self, op) -> Optional[int]:
        if isinstance(op, Block):
            return (op.size // 4) & 1
        if isinstance(op, Bytes):
            if op.sizes.is_single:
                n = op.sizes.lower
                nb = (n + 7) // 8 if op.kind == "bits" else n
                return (pad4(nb) // 4) & 1
            return None
        if isinstance(op, Optional_):
            return 0 if self.ops_parity(op.body) == 0 else None
        if isinstance(op, Choice):
            ds = {self.ops_parity(a.body) for a in op.arms}
            return ds.pop() if len(ds) == 1 and None not in ds else None
        if isinstance(op, Array):
            d = (op.elem_block.size // 4) & 1 if op.elem_block is not None else self.ops_parity(op.elem_body)
            if op.fixed is not None:
                return None if d is None else (d * op.fixed) & 1
            return 0 if d == 0 else None
        if isinstance(op, Call):
            return self.plan_parity(op.target)
        raise AssertionError(op)

    def after(self, op, state: Optional[int]) -> Optional[int]:
        """Static parity after ``op`` entered at ``state`` (None: run-time)."""
        if state is None:
            return None
        d = self.op_parity(op)
        return None if d is None else state ^ d

    # ------------------------------------------------------------ op walking

    def walk(self, ops: list, role: str, plan: TypePlan, state: Optional[int],
             hold: bool = False) -> tuple[str, Optional[int]]:
        """Render ``ops`` with ``C/ilp/<op>/<role>.j2`` in order, tracking the parity.
        hold: the first op is a block that may hold unit 0 (see holds_unit0)."""
        out = []
        for i, op in enumerate(ops):
            tpl = self.env.get_template(f"C/ilp/{op.op}/{role}.j2")
            out.append(tpl.render(op=op, e=self, plan=plan, state=state, hold=hold and i == 0).rstrip("\n"))
            state = self.after(op, state)
        return "\n".join(x for x in out if x.strip()), state

    def holds_unit0(self, plan: TypePlan) -> bool:
        key = ("hold", id(plan))
        if key not in self._plan_memo:
            self._plan_memo[key] = self._holds_unit0(plan)
        return self._plan_memo[key]

    def _holds_unit0(self, plan: TypePlan) -> bool:
        """Whether the send body can hold back unit 0 itself when it starts a message:
        its encoding starts with a word of a block (so the unit completing it is known
        statically).  Otherwise the sink's slow path holds unit 0."""
        if not plan.ops or not isinstance(plan.ops[0], Block) or not plan.ops[0].items:
            return False
        it = plan.ops[0].items[0]
        if isinstance(it, Repeat):
            return False
        if it.kind == "opaque_fixed" and (it.n == 0 or it.n > RAW_WORDS_MAX):
            return False
        return True

    def needs_limits(self, plan: TypePlan) -> bool:
        key = ("limits", id(plan))
        if key not in self._plan_memo:
            self._plan_memo[key] = self._needs_limits(plan)
        return self._plan_memo[key]

    def _needs_limits(self, plan: TypePlan) -> bool:
        """Whether receiving a plan consults the runtime limits: an unbounded length
        or count, an unbounded encoding, or recursion (depth), here or in a callee."""
        seen: set[int] = set()
        stack = [plan]
        while stack:
            p = stack.pop()
            if id(p) in seen:
                continue
            seen.add(id(p))
            if p.recursive or p.size.max is None and p is plan:
                return True
            for op in walk_ops(p.ops):
                if isinstance(op, (Bytes, Array)) and op.sizes.upper is None and \
                        not (isinstance(op, Array) and op.fixed is not None):
                    return True
                if isinstance(op, Call):
                    stack.append(op.target)
        return False

    def send_body(self, plan: TypePlan) -> str:
        return self.walk(plan.ops, "send", plan, None, hold=self.holds_unit0(plan))[0]

    def send_ops(self, ops: list, plan: TypePlan, state: Optional[int]) -> str:
        return self.walk(ops, "send", plan, state)[0]

    def recv_ops(self, ops: list, plan: TypePlan, state: Optional[int]) -> str:
        return self.walk(ops, "recv", plan, state)[0]

    # ------------------------------------------------------------ paths

    @staticmethod
    def shift_index(items: list, var: str, by: int) -> list:
        """Items of element ``var + by`` (for unrolling a loop by two)."""
        def fix_path(path: tuple) -> tuple:
            return tuple((s[0], f"{s[1]} + {by}") if s[0] in ("index", "item") and s[1] == var else s
                         for s in path)

        out = []
        for it in items:
            if isinstance(it, Repeat):
                out.append(Repeat(it.count, it.var, it.offset, it.stride, IlpEmitter.shift_index(it.items, var, by)))
            else:
                out.append(_replace(it, path=fix_path(it.path)))
        return out

    def int_run(self, items: list, var: str, stride: int) -> Optional[tuple[str, int]]:
        """(the C items array, the element's width) when the elements of a loop are
        plain 4- or 8-byte numbers with nothing to check (integers of the whole wire
        range, REALs): then the loop is the runtime's run of integers (tx_ints,
        rx_ints: vector byte swaps and the bulk loop of an opaque)."""
        if not is_number_run(items, stride):
            return None
        it = items[0]
        if not it.path or it.path[-1][0] not in ("index", "item") or it.path[-1][1] != var:
            return None
        return member(lvalue(it.path[:-1]), "items"), stride

    # ------------------------------------------------------------ send lowering

    def tx_item_words(self, it: Item) -> list[Word]:
        """The words of an item (memoised: a block is lowered once per parity, and
        the versions live in different C scopes, so they can share temporaries)."""
        hit = self._words_memo.get(id(it))
        if hit is None or hit[0] is not it:  # the memo keeps `it` alive: its id stays its own
            hit = self._words_memo[id(it)] = (it, self._tx_item_words(it))
        return hit[1]

    def _tx_item_words(self, it: Item) -> list[Word]:
        lv = lvalue(it.path)
        pre = self.env.get_template("C/ilp/item/send.j2").render(it=it, e=self).strip("\n")
        k = it.kind
        if k == "bool":
            return [Word(f"({lv} ? 1u : 0u)", pre)]
        if k == "int":
            return [Word(f"(uint32_t){lv}", pre)]
        if k == "uint":
            return [Word(lv, pre)]
        if k == "enum":
            return [Word(f"(uint32_t)(int32_t){lv}", pre)]
        if k == "present":
            flag = f"{lv} != NULL" if it.indirect else self.has_lv(it.path)
            return [Word(f"({flag} ? 1u : 0u)", pre)]
        if k == "discriminant":
            return [Word(f"(uint32_t){member(lv, 'which')}", pre)]
        if k == "length":
            return [Word(f"{member(lv, 'bits')}" if it.bytes_kind == "bits" else f"{member(lv, 'len')}", pre)]
        if k == "count":
            return [Word(f"{member(lv, 'count')}", pre)]
        if k == "bitbytes":  # the byte count of a BIT STRING's data<>
            return [Word(f"(uint32_t)(((uint64_t){member(lv, 'bits')} + 7) / 8)", pre)]
        if k in ("hyper", "uhyper", "double"):
            x = self.names.fresh("x")
            val = {"hyper": f"(uint64_t){lv}", "uhyper": lv, "double": f"ilpc_double_bits({lv})"}[k]
            pre = (pre + "\n" if pre else "") + f"const uint64_t {x} = {val};"
            return [Word(f"(uint32_t)({x} >> 32)", pre, x, 0), Word(f"(uint32_t){x}", "", x, 1)]
        if k == "opaque_fixed":
            words = []
            for j in range(0, it.n, 4):
                r = min(4, it.n - j)
                expr = f"ilpc_get32({member(lv, 'bytes')} + {j})" if r == 4 else f"ilpc_load_word_tail({member(lv, 'bytes')} + {j}, {r})"
                words.append(Word(expr, pre if j == 0 else ""))
            if not words and pre:
                words = []
            return words
        raise AssertionError(k)

    def tx_lower(self, items: list, P: int, hold: bool = False) -> tuple[list[str], int]:
        """C lines sending a block's items at static parity P; returns (lines, parity).
        hold: the block starts the message, so its first word completes unit 0, which
        is held back (part A goes last) instead of being sent."""
        lines: list[str] = []
        words: list[Word] = []

        def flush():
            nonlocal P, words, hold
            i = 0
            if P == 1 and words:
                w = words[0]
                if w.pre:
                    lines.append(w.pre)
                if hold:
                    lines.append("/* unit 0 = part A: held back until the length word is known */")
                    lines.append(f"s->unit0 = ilpc_unit_pack(0u, {w.expr});")
                    hold = False
                else:
                    lines.append(f"ILPC_TX(ilpc_unit_pack(t.pw, {w.expr}));")
                i, P = 1, 0
            while i + 1 < len(words):
                a, b = words[i], words[i + 1]
                for w in (a, b):
                    if w.pre:
                        lines.append(w.pre)
                if a.dword is not None and a.dword == b.dword and a.half == 0:
                    lines.append(f"ILPC_TX(ilpc_unit_be64({a.dword}));")
                else:
                    lines.append(f"ILPC_TX(ilpc_unit_pack({a.expr}, {b.expr}));")
                i += 2
            if i < len(words):
                w = words[i]
                if w.pre:
                    lines.append(w.pre)
                lines.append(f"t.pw = {w.expr};")
                P = 1
            words = []

        for it in items:
            if isinstance(it, Repeat):
                flush()
                sub, P = self.tx_repeat(it, P)
                lines.extend(sub)
            elif it.kind == "opaque_fixed" and it.n > RAW_WORDS_MAX:
                flush()
                lv = lvalue(it.path)
                lines.append(f"t.odd = {P}u;")
                lines.append(f"ILPC_TX_BYTES({member(lv, 'bytes')}, {it.n});")
                P ^= (pad4(it.n) // 4) & 1
            else:
                ws = self.tx_item_words(it)
                if not ws:
                    pre = self.env.get_template("C/ilp/item/send.j2").render(it=it, e=self).strip("\n")
                    if pre:
                        lines.append(pre)
                words.extend(ws)
        flush()
        return lines, P

    def tx_repeat(self, rep: Repeat, P: int) -> tuple[list[str], int]:
        n, var = rep.count, rep.var
        run = self.int_run(rep.items, var, rep.stride)
        if run is not None:
            return [f"t.odd = {P}u;", f"ILPC_TX_INTS({run[0]}, {n}, {run[1]});"], P ^ (n * run[1] // 4 & 1)
        sw = rep.stride // 4
        if n == 0:
            return [], P
        if n == 1:
            body, P2 = self.tx_lower(rep.items, P)
            return ["{", f"    const size_t {var} = 0;"] + _ind(body) + ["}"], P2
        if sw % 2 == 0:
            body, P2 = self.tx_lower(rep.items, P)
            assert P2 == P
            return [f"for (size_t {var} = 0; {var} < {n}; {var}++) {{"] + _ind(body) + ["}"], P
        # odd stride: two elements per iteration keep the pairing static
        body2, P2 = self.tx_lower(list(rep.items) + self.shift_index(rep.items, var, 1), P)
        assert P2 == P
        lines = [f"for (size_t {var} = 0; {var} + 1 < {n}; {var} += 2) {{"] + _ind(body2) + ["}"]
        if n % 2:
            body1, P1 = self.tx_lower(rep.items, P)
            lines += ["{", f"    const size_t {var} = {n - 1};"] + _ind(body1) + ["}"]
            return lines, P1
        return lines, P

    def tx_block(self, op: Block, P: int, hold: bool = False) -> str:
        lines, P2 = self.tx_lower(op.items, P, hold)
        lines.append(f"t.odd = {P2}u;")
        return "\n".join(lines)

    def tx_elements(self, op: Array, P: int, count: str) -> str:
        """Send the fixed-size elements of an array at static parity P; ends with t.odd set."""
        blk = op.elem_block
        sw = blk.size // 4
        var = op.var
        if sw % 2 == 0:
            body, _ = self.tx_lower(blk.items, P)
            lines = [f"for (size_t {var} = 0; {var} < {count}; {var}++) {{"] + _ind(body) + ["}",
                                                                                          f"t.odd = {P}u;"]
            return "\n".join(lines)
        body2, _ = self.tx_lower(list(blk.items) + self.shift_index(blk.items, var, 1), P)
        body1, P1 = self.tx_lower(blk.items, P)
        lines = [f"size_t {var} = 0;",
                 f"for (; {var} + 1 < {count}; {var} += 2) {{"] + _ind(body2) + ["}",
                 f"if ({var} < {count}) {{"] + _ind(body1) + [f"    t.odd = {P1}u;", "} else {",
                                                              f"    t.odd = {P}u;", "}"]
        return "\n".join(lines)

    # ------------------------------------------------------------ receive lowering

    def rx_item_nwords(self, it: Item) -> int:
        if it.kind in ("hyper", "uhyper", "double"):
            return 2
        if it.kind == "opaque_fixed":
            return pad4(it.n) // 4
        return 1

    def rx_lower(self, items: list, P: int) -> tuple[list[str], int]:
        """C lines receiving a block's items at static parity P (bounds already checked)."""
        lines: list[str] = []
        avail: list[str] = []  # bound words, not yet consumed
        if P == 1:
            avail.append("t.pw")  # the pending word: t.pw changes only when settled below

        def need(k: int) -> list[str]:
            while len(avail) < k:
                n = self.names.fresh("n")
                lines.append(f"const uint64_t {n} = ilpc_unit_num(ILPC_RX());")
                avail.append(f"(uint32_t)({n} >> 32)")
                avail.append(f"(uint32_t){n}")
            got = avail[:k]
            del avail[:k]
            return got

        def settle() -> int:
            """Leave the pending word (if any) in t.pw; return the parity."""
            assert len(avail) <= 1
            if avail:
                if avail[0] != "t.pw":
                    lines.append(f"t.pw = {avail[0]};")
                avail.clear()
                return 1
            return 0

        tpl = self.env.get_template("C/ilp/item/recv.j2")
        for it in items:
            if isinstance(it, Repeat):
                P = settle()
                sub, P = self.rx_repeat(it, P)
                lines.extend(sub)
                if P == 1:
                    avail.append("t.pw")
            elif it.kind == "opaque_fixed" and it.n > RAW_WORDS_MAX:
                P = settle()
                lv = lvalue(it.path)
                lines.append(f"t.odd = {P}u;")
                lines.append(f"ILPC_RX_BYTES({member(lv, 'bytes')}, {it.n});")
                P ^= (pad4(it.n) // 4) & 1
                if P == 1:
                    avail.append("t.pw")
            else:
                ws = need(self.rx_item_nwords(it))
                text = tpl.render(it=it, e=self, ws=ws).strip("\n")
                if text:
                    lines.append(text)
        P = settle()
        return lines, P

    def rx_repeat(self, rep: Repeat, P: int) -> tuple[list[str], int]:
        n, var = rep.count, rep.var
        run = self.int_run(rep.items, var, rep.stride)
        if run is not None:
            return [f"t.odd = {P}u;", f"ILPC_RX_INTS({run[0]}, {n}, {run[1]});"], P ^ (n * run[1] // 4 & 1)
        sw = rep.stride // 4
        if n == 0:
            return [], P
        if n == 1:
            body, P2 = self.rx_lower(rep.items, P)
            return ["{", f"    const size_t {var} = 0;"] + _ind(body) + ["}"], P2
        if sw % 2 == 0:
            body, P2 = self.rx_lower(rep.items, P)
            assert P2 == P
            return [f"for (size_t {var} = 0; {var} < {n}; {var}++) {{"] + _ind(body) + ["}"], P
        body2, P2 = self.rx_lower(list(rep.items) + self.shift_index(rep.items, var, 1), P)
        assert P2 == P
        lines = [f"for (size_t {var} = 0; {var} + 1 < {n}; {var} += 2) {{"] + _ind(body2) + ["}"]
        if n % 2:
            body1, P1 = self.rx_lower(rep.items, P)
            lines += ["{", f"    const size_t {var} = {n - 1};"] + _ind(body1) + ["}"]
            return lines, P1
        return lines, P

    def rx_block(self, op: Block, P: int) -> str:
        lines, P2 = self.rx_lower(op.items, P)
        lines.append(f"t.odd = {P2}u;")
        return "\n".join(lines)

    def rx_elements(self, op: Array, P: int, count: str) -> str:
        blk = op.elem_block
        sw = blk.size // 4
        var = op.var
        if sw % 2 == 0:
            body, _ = self.rx_lower(blk.items, P)
            return "\n".join([f"for (size_t {var} = 0; {var} < {count}; {var}++) {{"] + _ind(body) +
                             ["}", f"t.odd = {P}u;"])
        body2, _ = self.rx_lower(list(blk.items) + self.shift_index(blk.items, var, 1), P)
        body1, P1 = self.rx_lower(blk.items, P)
        lines = [f"size_t {var} = 0;",
                 f"for (; {var} + 1 < {count}; {var} += 2) {{"] + _ind(body2) + ["}",
                 f"if ({var} < {count}) {{"] + _ind(body1) + [f"    t.odd = {P1}u;", "} else {",
                                                              f"    t.odd = {P}u;", "}"]
        return "\n".join(lines)

    # ------------------------------------------------------------ file level

    def body_plans(self, plans: list[TypePlan]) -> list[TypePlan]:
        """This module's plans that get fused bodies: the message types (``plan.pdu``) of
        every module and whatever their bodies call, transitively.  (Other components are
        inlined into their users' bodies as ops.)"""
        return [p for p in plans if id(p) in self.bodies]

    @property
    def bodies(self) -> dict[int, set[str]]:
        """body_callers() of all the modules (computed once, by emit_ilp)."""
        if self._bodies is None:
            self._bodies = body_callers(self.all)
        return self._bodies

    @staticmethod
    def callees(plan: TypePlan) -> list[TypePlan]:
        return [op.target for op in walk_ops(plan.ops) if isinstance(op, Call)]

    @staticmethod
    def unused_params(text: str, params: list[str]) -> list[str]:
        """The parameters a body's text does not use (the ILPC_TX/ILPC_RX shorthands use
        ``cid`` and ``c``), so that it can say ``(void)x`` for exactly those."""
        shorthand = re.search(r"\bILPC_(?:TX|RX)", text) is not None
        return [x for x in params
                if not (shorthand and x in ("cid", "c")) and re.search(rf"\b{x}\b", text) is None]

    def body_values(self, plan: TypePlan, linkage: str) -> dict:
        T = self.cname(plan)
        name = ".".join(plan.name)
        hold = plan.pdu and self.holds_unit0(plan)
        # A message type that no body calls is only ever the whole message (top): its
        # words start at parity 1, after the length word, so no block is needed twice.
        top_only = plan.pdu and not self.bodies[id(plan)]
        start = 1 if top_only else None
        send = merge_same_branches(drop_redundant_parity(self.walk(plan.ops, "send", plan, start, hold=hold)[0]))
        recv = merge_same_branches(drop_redundant_parity(self.recv_ops(plan.ops, plan, start)))
        lo, hi, unbounded = _length_range(plan)
        tpl_send = self.env.get_template("C/ilp/function/send.j2")
        tpl_recv = self.env.get_template("C/ilp/function/recv.j2")
        params = ["cid", "c", "v", "top"]
        # a message's receive prologue reads unit 0 (cid, c) and tests top unless top_only
        recv_params = params if not plan.pdu else ["v", "top"] if top_only else ["v"]
        presence = self.presence_violation(plan)
        send_c = tpl_send.render(T=T, name=name, pdu=plan.pdu, top_only=top_only, holds_unit0=hold, body=send,
                                 presence=presence,
                                 unused=self.unused_params((presence or "") + send, params))
        recv_c = tpl_recv.render(T=T, name=name, pdu=plan.pdu, top_only=top_only, recursive=plan.recursive, body=recv,
                                 presence=presence,
                                 locals=[n for n, _ in plan.locals], min_len=lo, max_len=hi,
                                 unbounded=int(unbounded),
                                 unused=self.unused_params((presence or "") + recv, recv_params))
        return dict(T=T, linkage=linkage, send=send_c.rstrip("\n"), recv=recv_c.rstrip("\n"))

    def message_values(self, plan: TypePlan, one_flag: str) -> dict:
        lo, hi, unbounded = _length_range(plan)
        mlo, mhi = message_range(plan)
        flags = [f for f, on in (("ILPC_MSG_HOLDS_UNIT0", self.holds_unit0(plan)),
                                 ("ILPC_MSG_LIMITS", self.needs_limits(plan)),
                                 ("ILPC_MSG_UNBOUNDED", unbounded)) if on] + [one_flag]
        return dict(T=self.cname(plan), name=".".join(plan.name), min_len=lo, max_len=hi,
                    flags=" | ".join(flags), lengths=f"{mlo} to {mhi}" if mhi is not None else f"{mlo} or more")

    def render(self) -> dict[str, str]:
        plans = self.ordered_plans()
        body_plans = self.body_plans(plans)
        base = c_ident(self.mp.name)
        one_flag = "ilpc_gen_one_body_" + base  # lower case: no name made from a spec can be it
        exported = [p for p in body_plans if self.bodies[id(p)] - {self.mp.name}]
        position = {id(p): i for i, p in enumerate(body_plans)}
        # static bodies called before their definition (recursion) are declared first
        early = {id(t) for p in body_plans for t in self.callees(p)
                 if id(t) in position and position[id(t)] >= position[id(p)]}
        self.collect_alphabets(body_plans)
        bodies = [self.body_values(p, "" if p in exported else "static") for p in body_plans]
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
                    t = tables[key] = dict(name=f"{base}_rules{len(tables)}", nprofiles=rules.nprofiles,
                                           rows=rows, users=[], summary=rules.summary)
                t["users"].append(f"{d} of {m['name']}")
                m[f"{d}_rules"] = t["name"]
        # the tables come before the descriptors, which are in the order of the types
        source = self.env.get_template("C/ilp/module/source.j2").render(
            base=base, module=self.mp.name, path=self.mp.path, bodies_macro="ilpc_gen_bodies_" + base,
            one_flag=one_flag, static_bodies=[self.cname(p) for p in body_plans
                                              if id(p) in early and p not in exported],
            alphabets=list(self.alphabets.values()), bodies=bodies, pdus=messages,
            profile_selection=self.strategy.profile_selection().rstrip("\n"), rule_tables=list(tables.values()))
        header = self.env.get_template("C/ilp/module/header.j2").render(
            base=base, module=self.mp.name, path=self.mp.path, guard=include_guard(f"{base}_ilp.h"),
            imports=[c_ident(m) for m in self.mp.imports], calls=1 if self.calls else 0,
            exported=[self.cname(p) for p in exported], pdus=messages)
        return {f"{base}_ilp.h": header, f"{base}_ilp.c": source}


_ODD_SET = re.compile(r"^t\.odd = ([01])u?;$")
_BULK = re.compile(r"^ILPC_(?:TX|RX)_(?:BYTES\(.*, (\d+)|INTS\(.*, (\d+)u?, ([48]))\);$")


def drop_redundant_parity(text: str) -> str:
    """Remove the ``t.odd = P;`` lines of a body that assign the value t.odd is known to
    have.  The lowering re-states the parity at every op boundary, which keeps each op's
    template simple; this pass follows the straight-line code and the branches of
    ``if (t.odd)`` to drop the repeats.  Bulk loops of a literal length keep t.odd up to
    date themselves (it toggles by their number of words); calls and loops make it unknown."""
    out: list[str] = []
    stack: list[tuple[Optional[int], bool]] = []  # (known before the block, block is `if (t.odd)`)
    known: Optional[int] = None
    prev = ""
    for line in text.split("\n"):
        code = line.strip()
        guarded = prev.startswith(("if ", "if(", "else", "for ", "while ")) and not prev.endswith(("{", ";", "}"))
        if code:
            prev = code
        if guarded:  # the body of a brace-less if: may or may not run
            out.append(line)
            if "t.odd" in code or "ILPC_" in code:
                known = None
            continue
        if code.startswith(("case ", "default")):  # entered from the switch, not from above
            known = None
        m = _ODD_SET.match(code)
        if m:
            if known == int(m.group(1)):
                continue
            known = int(m.group(1))
        elif code.startswith("} else") and code.endswith("{"):  # the next branch of an if
            before, was_odd_test = stack.pop() if stack else (None, False)
            tests_odd = code == "} else if (t.odd) {"
            stack.append((before, tests_odd or (was_odd_test and code != "} else {")))
            known = 1 if tests_odd else 0 if was_odd_test and code == "} else {" else before
        elif code.endswith("{"):
            stack.append((known, code == "if (t.odd) {"))
            if code == "if (t.odd) {":
                known = 1
            elif code.startswith(("for ", "while ", "do")):
                known = None
        elif code.startswith("}"):
            if stack:
                stack.pop()
            known = None
        elif code.startswith(("ILPC_TX_CALL", "ILPC_RX_CALL")):
            known = None
        elif code.startswith(("ILPC_TX_BYTES", "ILPC_RX_BYTES", "ILPC_TX_INTS", "ILPC_RX_INTS")):
            b = _BULK.match(code)
            if b is None or known is None:
                known = None
            else:
                if b.group(1) is not None:  # bytes
                    known ^= (pad4(int(b.group(1))) // 4) & 1
                else:  # integers: n of w bytes
                    known ^= (int(b.group(2)) * int(b.group(3)) // 4) & 1
        out.append(line)
    return "\n".join(out)


def merge_same_branches(text: str) -> str:
    """``if (t.odd) { A } else { A }`` becomes ``A``: once the parity assignments are
    gone, both versions of a block can be the same code."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "if (t.odd) {":
            ind = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
            try:
                e = lines.index(ind + "} else {", i + 1)
                end = lines.index(ind + "}", e + 1)
            except ValueError:
                i += 1
                continue
            a, b = lines[i + 1:e], lines[e + 1:end]
            inner = [l for l in a if l.strip()]
            if a == b and all(l.startswith(ind + "    ") for l in inner) and \
                    not any(l == ind + "}" or l == ind + "} else {" for l in a):
                lines[i:end + 1] = [l[4:] if l.strip() else l for l in a]
                continue
        i += 1
    return "\n".join(lines)


def _ind(lines: list[str], n: int = 4) -> list[str]:
    out = []
    for block in lines:
        for l in block.split("\n"):
            out.append((" " * n + l) if l.strip() else "")
    return out


def _replace(it: Item, **kw) -> Item:
    import dataclasses
    return dataclasses.replace(it, **kw)


def make_env() -> jinja2.Environment:
    env = make_c_env()
    # Templates do not change during a run: skip the file-system check that
    # jinja2 makes on every get_template/include (thousands per spec).
    env.auto_reload = False
    return env


def body_callers(modules: list[ModulePlan]) -> dict[int, set[str]]:
    """id(plan) -> the modules whose bodies call it, for every plan that gets a fused body:
    the message types (``plan.pdu``) of every module and whatever their bodies call."""
    bodies: dict[int, set[str]] = {}
    stack = [(p, None) for m in modules for p in m.named if p.pdu]
    while stack:
        p, caller = stack.pop()
        seen = id(p) in bodies
        callers = bodies.setdefault(id(p), set())
        if caller is not None:
            callers.add(caller)
        if not seen:
            stack += [(t, p.name[0]) for t in IlpEmitter.callees(p)]
    return bodies


def emit_ilp(modules: list[ModulePlan], calls: bool = False,
             strategy: Optional["Strategy"] = None) -> dict[str, str]:
    """``<Module>_ilp.h``/``.c`` for every module."""
    env = make_env()
    files: dict[str, str] = {}
    bodies = body_callers(modules)
    for mp in modules:
        files.update(IlpEmitter(env, mp, modules, calls, strategy, bodies).render())
    return files


# ------------------------------------------------------------------ strategy choice

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
            from .. import costmodel
            self.model = costmodel.load()

    def decisions(self, plan: TypePlan) -> dict:
        """{direction: [[Rule per cipher] per profile]}."""
        from ..costmodel import CIPHER_NAMES, DIRECTIONS, Rule
        if self.name != "auto":  # one row
            return {d: [[Rule([(None, self.name)]) for _ in CIPHER_NAMES]] for d in DIRECTIONS}
        lo, hi = message_range(plan)
        shape = type_shape(plan, self.shapes)
        return {d: [[self.model.rule(prof, d, c, lo, hi, shape) for c in CIPHER_NAMES] for prof in self.model.profiles]
                for d in DIRECTIONS}

    def tables(self, plan: TypePlan) -> RuleTables:
        from ..costmodel import CIPHER_NAMES
        dec = self.decisions(plan)

        def c_rule(r) -> str:
            segs = list(r.segments)
            while len(segs) < 3:
                segs.insert(0, (0, segs[0][1]))  # empty ranges in front: len <= 0 never holds
            upto = ["UINT32_MAX" if u is None or u >= 0xFFFFFFFF else f"{u}u" for u, _ in segs[:2]]
            return f"{{ {{ {upto[0]}, {upto[1]} }}, {{ {', '.join(C_PATH[pth] for _, pth in segs)} }} }}"

        def c_row(row) -> list[str]:
            return [f"\n        {c_rule(r)}{',' if i + 1 < len(row) else ''} /* {c} */"
                    for i, (r, c) in enumerate(zip(row, CIPHER_NAMES))]

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
